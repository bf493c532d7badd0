/* Status sentences and the version: ompwg_strerror() gives every code its
 * own non-empty sentence and something sensible for any other int; the
 * loaded library's version matches the header's. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"

#define LAST_STATUS OMPWG_ERR_PARTIAL

static void strerror_known(void)
{
    bool pass = true;
    for (int s = OMPWG_OK; s <= LAST_STATUS; s++) {
        const char *m = ompwg_strerror(s);
        if (!m || !m[0]) {
            tap_diag("ompwg_strerror(%d) is %s", s, m ? "empty" : "NULL");
            pass = false;
            continue;
        }
        for (int t = OMPWG_OK; t < s; t++)
            if (strcmp(m, ompwg_strerror(t)) == 0) {
                tap_diag("ompwg_strerror(%d) and ompwg_strerror(%d) are both \"%s\"", t, s, m);
                pass = false;
            }
    }
    tap_ok(pass, "ompwg_strerror gives each of the %d status codes its own non-empty sentence",
           LAST_STATUS + 1);
}

static void strerror_unknown(void)
{
    static const int unknown[] = { -1, LAST_STATUS + 1, LAST_STATUS + 2, 100, 1000, INT_MIN, INT_MAX };
    bool pass = true;
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *m = ompwg_strerror(unknown[i]);
        if (!m || !m[0]) {
            tap_diag("ompwg_strerror(%d) is %s", unknown[i], m ? "empty" : "NULL");
            pass = false;
            continue;
        }
        /* an unknown code must not pass for a known one */
        for (int s = OMPWG_OK; s <= LAST_STATUS; s++)
            if (strcmp(m, ompwg_strerror(s)) == 0) {
                tap_diag("ompwg_strerror(%d) reads like status %d: \"%s\"", unknown[i], s, m);
                pass = false;
            }
    }
    tap_ok(pass, "ompwg_strerror of an unknown code is a non-empty sentence of its own");
}

static void version(void)
{
    unsigned v = ompwg_version();
    if (!tap_ok(v == OMPWG_VERSION_NUMBER, "ompwg_version() == OMPWG_VERSION_NUMBER"))
        tap_diag("library 0x%06x, header 0x%06x", v, (unsigned)OMPWG_VERSION_NUMBER);
    const char *s = ompwg_version_string();
    if (!tap_ok(s && strcmp(s, OMPWG_VERSION_STRING) == 0,
                "ompwg_version_string() == OMPWG_VERSION_STRING"))
        tap_diag("library \"%s\", header \"%s\"", s ? s : "(null)", OMPWG_VERSION_STRING);
    char expect[32];
    snprintf(expect, sizeof expect, "%u.%u.%u", (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
    if (!tap_ok(s && strcmp(s, expect) == 0, "ompwg_version() and ompwg_version_string() agree"))
        tap_diag("number says %s, string says \"%s\"", expect, s ? s : "(null)");
    char parts[32];
    snprintf(parts, sizeof parts, "%d.%d.%d", OMPWG_VERSION_MAJOR, OMPWG_VERSION_MINOR,
             OMPWG_VERSION_PATCH);
    if (!tap_ok(strcmp(parts, OMPWG_VERSION_STRING) == 0,
                "OMPWG_VERSION_STRING spells OMPWG_VERSION_MAJOR.MINOR.PATCH"))
        tap_diag("parts %s, string \"%s\"", parts, OMPWG_VERSION_STRING);
}

int main(void)
{
    tap_init("test_status");
    strerror_known();
    strerror_unknown();
    version();
    return tap_done();
}
