#include "restart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

extern char **environ;

bool restart_with(const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq) return false;
    size_t name_len = (size_t)(eq - assignment) + 1;
    char name[128];
    if (name_len >= sizeof name) return false;
    snprintf(name, sizeof name, "%.*s", (int)(name_len - 1), assignment);
    const char *now = getenv(name);
    if (now && strcasecmp(now, eq + 1) == 0) return true;

    static char cmdline[1 << 16];
    FILE *f = fopen("/proc/self/cmdline", "r");
    size_t len = f ? fread(cmdline, 1, sizeof cmdline - 1, f) : 0;
    if (f) fclose(f);
    char *argv[256];
    int argc = 0;
    for (size_t i = 0; i < len && argc < 255; i += strlen(cmdline + i) + 1) argv[argc++] = cmdline + i;
    argv[argc] = NULL;
    static char *envp[4096];
    int n = 0;
    for (char **e = environ; *e && n < 4094; e++)
        if (strncmp(*e, assignment, name_len) != 0) envp[n++] = *e;
    envp[n++] = (char *)assignment;
    envp[n] = NULL;
    if (argc > 0) execve("/proc/self/exe", argv, envp);
    return false;
}
