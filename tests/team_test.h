/* What test_team.c and the collectives' checks of one type (team_tmpl.c,
 * compiled once per type: OMPWG_TEST_TEAM_I for int32_t, _L int64_t, _F
 * float, _D double) share. */
#ifndef OMPWG_TEST_TEAM_TEST_H
#define OMPWG_TEST_TEAM_TEST_H

#include <stdbool.h>
#include <stdint.h>

/* The largest thread_limit asked for: the scratch arrays' length. */
#define TEAM_LIMIT_MAX 1024

typedef struct team_case {
    int device;
    bool on_host, plain;
    int teams, limit;
    unsigned delta, xmask;
    bool nan;
    uint64_t salt;
} team_case;

/* What a thread records besides the values. */
typedef struct team_record {
    int present, on_host, width, team_size;
    int lane, sg_size, sg_id, sg_count;
    int pred, sg_any, sg_all, team_any, team_all, after_sg_barrier;
    uint32_t sg_ballot;
} team_record;

/* What each thread records, in this order. */
enum {
    TR_SG_BROADCAST, TR_SG_SHUFFLE, TR_SG_UP, TR_SG_DOWN, TR_SG_XOR,
    TR_SG_ADD, TR_SG_MIN, TR_SG_MAX, TR_SG_INCL_ADD, TR_SG_EXCL_ADD, TR_SG_INCL_MIN,
    TR_SG_EXCL_MAX,
    TR_TEAM_BROADCAST, TR_TEAM_SHUFFLE, TR_TEAM_UP, TR_TEAM_DOWN, TR_TEAM_XOR,
    TR_TEAM_ADD, TR_TEAM_MIN, TR_TEAM_MAX, TR_TEAM_INCL_ADD, TR_TEAM_EXCL_ADD,
    TR_TEAM_INCL_MAX, TR_TEAM_EXCL_MIN, TR_TEAM_INCL_TOTAL, TR_TEAM_EXCL_TOTAL,
    TR_RESULTS
};

static const char *const result_names[TR_RESULTS] = {
    "sg broadcast", "sg shuffle", "sg shuffle_up", "sg shuffle_down", "sg shuffle_xor",
    "sg reduce add", "sg reduce min", "sg reduce max", "sg inclusive add", "sg exclusive add",
    "sg inclusive min", "sg exclusive max",
    "team broadcast", "team shuffle", "team shuffle_up", "team shuffle_down", "team shuffle_xor",
    "team reduce add", "team reduce min", "team reduce max", "team inclusive add",
    "team exclusive add", "team inclusive max", "team exclusive min", "team inclusive total",
    "team exclusive total",
};

/* Every case of one type on one device (team_tmpl.c). */
void suite_i(int device, bool on_host, bool plain, const char *where);
void suite_l(int device, bool on_host, bool plain, const char *where);
void suite_f(int device, bool on_host, bool plain, const char *where);
void suite_d(int device, bool on_host, bool plain, const char *where);

#endif
