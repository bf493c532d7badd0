/* Available host memory, from /proc/meminfo and the cgroup v2 limit. */
#include "hostmem.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ASK_FROM ((size_t)64 << 20)

/* MemAvailable (free memory plus what the kernel can reclaim), in bytes;
 * UINT64_MAX when it cannot be read. */
static uint64_t mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return UINT64_MAX;
    char line[128];
    uint64_t kib = UINT64_MAX;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %" SCNu64 " kB", &kib) == 1) break;
    fclose(f);
    return kib == UINT64_MAX ? kib : kib * 1024;
}

static uint64_t read_u64(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return UINT64_MAX;
    uint64_t v;
    /* "max" (no limit) does not scan */
    if (fscanf(f, "%" SCNu64, &v) != 1) v = UINT64_MAX;
    fclose(f);
    return v;
}

/* Room left under the cgroup's memory limit; UINT64_MAX without one. */
static uint64_t cgroup_room(void)
{
    uint64_t max = read_u64("/sys/fs/cgroup/memory.max");
    if (max == UINT64_MAX) return max;
    uint64_t used = read_u64("/sys/fs/cgroup/memory.current");
    if (used == UINT64_MAX) return UINT64_MAX;
    return used < max ? max - used : 0;
}

bool ompwg_host_can_back(size_t bytes)
{
    if (bytes < ASK_FROM) return true;
    uint64_t avail = mem_available(), room = cgroup_room();
    if (room < avail) avail = room;
    if (avail == UINT64_MAX) return true;
    return (uint64_t)bytes <= avail - avail / 10;
}
