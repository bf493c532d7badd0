/* The collectives of ompwg/team.h for one type, against sequential oracles.
 * Meson compiles this file once per type (team_test.h); TT is the type,
 * TEAM_FN(name) the collective of that type or this file's function for it.
 *
 * One target region per case: every thread of every team records its input
 * and the result of each collective; the host then recomputes every result
 * from the inputs, the thread count each team was granted and the
 * sub-group width the region reports (32 on a GPU, 1 on the host), by the
 * definitions in the header. Values are small integers (spread over both
 * halves of an int64), so sums are exact in every order and every result
 * is compared exactly. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg/team.h"
#include "tap.h"
#include "team_test.h"

#if defined(OMPWG_TEST_TEAM_I)
#define TT int32_t
#define TEAM_FN(name) name##_i
#define TT_NAME "int32"
#define TT_FLOATING 0
#elif defined(OMPWG_TEST_TEAM_L)
#define TT int64_t
#define TEAM_FN(name) name##_l
#define TT_NAME "int64"
#define TT_FLOATING 0
#elif defined(OMPWG_TEST_TEAM_F)
#define TT float
#define TEAM_FN(name) name##_f
#define TT_NAME "float"
#define TT_FLOATING 1
#elif defined(OMPWG_TEST_TEAM_D)
#define TT double
#define TEAM_FN(name) name##_d
#define TT_NAME "double"
#define TT_FLOATING 1
#else
#error "define one of OMPWG_TEST_TEAM_I, _L, _F and _D"
#endif
/* TEAM_FN(run_region) holds the target region: an offload entry is named
 * after its function and line, and the four types' objects share one device
 * image, so the name differs between them. */

/* The input of thread t of team `team`: a small integer (NaN for one thread
 * of each team in a NaN case of a floating type). */
static TT input(const team_case *c, int team, int t)
{
    uint64_t h = (uint64_t)(team * 7919 + t * 104729) ^ c->salt;
    h ^= h >> 13;
    h *= 0x9E3779B97F4A7C15ull;
    int small = (int)((h >> 40) % 17) - 8;
#if TT_FLOATING
    if (c->nan && t == (team + 1) % 5) return (TT)NAN;
#endif
    if (sizeof(TT) == 8 && !TT_FLOATING) return (TT)((int64_t)small * 0x100000001ll);
    return (TT)small;
}

/* Thread tm.thread of team `team` computes every collective on its input
 * and records the results: the body of both the target region and the
 * host's plain parallel region. */
static inline void body(int team, int limit, unsigned delta, unsigned xmask,
                                 const TT *in, TT *res, team_record *rec, TT *scratch,
                                 int *votes)
{
    const ompwg_team tm = ompwg_team_this();
    const ompwg_subgroup sg = ompwg_sg_of(tm);
    const size_t at = (size_t)team * (size_t)limit + (size_t)tm.thread;
    TT *r = res + at * TR_RESULTS;
    const TT v = in[at];
    r[TR_SG_BROADCAST] = TEAM_FN(ompwg_sg_broadcast)(sg, v, (sg.id * 7 + 3) % (sg.size + 1));
    r[TR_SG_SHUFFLE] = TEAM_FN(ompwg_sg_shuffle)(sg, v, (sg.lane * 5 + 3) % (sg.size + 2));
    r[TR_SG_UP] = TEAM_FN(ompwg_sg_shuffle_up)(sg, v, delta);
    r[TR_SG_DOWN] = TEAM_FN(ompwg_sg_shuffle_down)(sg, v, delta);
    r[TR_SG_XOR] = TEAM_FN(ompwg_sg_shuffle_xor)(sg, v, xmask);
    r[TR_SG_ADD] = TEAM_FN(ompwg_sg_reduce)(sg, v, OMPWG_GROUP_ADD);
    r[TR_SG_MIN] = TEAM_FN(ompwg_sg_reduce)(sg, v, OMPWG_GROUP_MIN);
    r[TR_SG_MAX] = TEAM_FN(ompwg_sg_reduce)(sg, v, OMPWG_GROUP_MAX);
    r[TR_SG_INCL_ADD] = TEAM_FN(ompwg_sg_inclusive_scan)(sg, v, OMPWG_GROUP_ADD);
    r[TR_SG_EXCL_ADD] = TEAM_FN(ompwg_sg_exclusive_scan)(sg, v, OMPWG_GROUP_ADD);
    r[TR_SG_INCL_MIN] = TEAM_FN(ompwg_sg_inclusive_scan)(sg, v, OMPWG_GROUP_MIN);
    r[TR_SG_EXCL_MAX] = TEAM_FN(ompwg_sg_exclusive_scan)(sg, v, OMPWG_GROUP_MAX);
    const int tsrc = (team * 3 + 1) % (tm.size + 1);
    r[TR_TEAM_BROADCAST] = TEAM_FN(ompwg_team_broadcast)(tm, v, tsrc, scratch);
    r[TR_TEAM_SHUFFLE] =
        TEAM_FN(ompwg_team_shuffle)(tm, v, (tm.thread * 7 + 2) % (tm.size + 3), scratch);
    r[TR_TEAM_UP] = TEAM_FN(ompwg_team_shuffle_up)(tm, v, delta, scratch);
    r[TR_TEAM_DOWN] = TEAM_FN(ompwg_team_shuffle_down)(tm, v, delta, scratch);
    r[TR_TEAM_XOR] = TEAM_FN(ompwg_team_shuffle_xor)(tm, v, xmask, scratch);
    r[TR_TEAM_ADD] = TEAM_FN(ompwg_team_reduce)(tm, v, OMPWG_GROUP_ADD, scratch);
    r[TR_TEAM_MIN] = TEAM_FN(ompwg_team_reduce)(tm, v, OMPWG_GROUP_MIN, scratch);
    r[TR_TEAM_MAX] = TEAM_FN(ompwg_team_reduce)(tm, v, OMPWG_GROUP_MAX, scratch);
    r[TR_TEAM_INCL_ADD] = TEAM_FN(ompwg_team_inclusive_scan)(
        tm, v, OMPWG_GROUP_ADD, scratch, &r[TR_TEAM_INCL_TOTAL]);
    r[TR_TEAM_EXCL_ADD] = TEAM_FN(ompwg_team_exclusive_scan)(
        tm, v, OMPWG_GROUP_ADD, scratch, &r[TR_TEAM_EXCL_TOTAL]);
    r[TR_TEAM_INCL_MAX] =
        TEAM_FN(ompwg_team_inclusive_scan)(tm, v, OMPWG_GROUP_MAX, scratch, NULL);
    r[TR_TEAM_EXCL_MIN] =
        TEAM_FN(ompwg_team_exclusive_scan)(tm, v, OMPWG_GROUP_MIN, scratch, NULL);
    /* votes on a predicate that differs between the sub-groups */
    const int pred = (int)(v > (TT)(sg.id % 3 * 4 - 4));
    team_record *w = rec + at;
    w->present = 1;
    w->on_host = omp_is_initial_device();
    w->width = OMPWG_SG_MAX_SIZE;
    w->team_size = tm.size;
    w->lane = sg.lane;
    w->sg_size = sg.size;
    w->sg_id = sg.id;
    w->sg_count = sg.count;
    w->pred = pred;
    w->sg_any = ompwg_sg_any(sg, pred);
    w->sg_all = ompwg_sg_all(sg, pred);
    w->sg_ballot = ompwg_sg_ballot(sg, pred);
    w->team_any = ompwg_team_any(tm, pred, votes);
    w->team_all = ompwg_team_all(tm, pred, votes);
    /* a sub-group barrier between a lane's write and its neighbour's read */
    const int next = tm.thread - sg.lane + (sg.lane + 1) % sg.size;
    scratch[tm.thread] = v;
    ompwg_sg_barrier(sg);
    const TT seen = scratch[next], sent = in[(size_t)team * (size_t)limit + (size_t)next];
#if TT_FLOATING
    w->after_sg_barrier = seen == sent || (seen != seen && sent != sent);
#else
    w->after_sg_barrier = seen == sent;
#endif
    ompwg_team_barrier(tm);
}

/* Runs case c: as a target region on c->device, or (c->plain) as one host
 * parallel region per team, where a team gets the threads it asks for,
 * however few cores there are. */
static void TEAM_FN(run_region)(const team_case *c, const TT *in, TT *res, team_record *rec)
{
    const int teams = c->teams, limit = c->limit;
    const size_t len = (size_t)teams * (size_t)limit;
    const unsigned delta = c->delta, xmask = c->xmask;
    if (c->plain) {
        for (int team = 0; team < teams; team++) {
            TT scratch[TEAM_LIMIT_MAX];
            int votes[TEAM_LIMIT_MAX];
#pragma omp parallel num_threads(limit)
            body(team, limit, delta, xmask, in, res, rec, scratch, votes);
        }
        return;
    }
#pragma omp target teams device(c->device) num_teams(teams) thread_limit(limit) \
    map(to : in[0:len]) map(tofrom : res[0:len * TR_RESULTS], rec[0:len])
    {
        /* team-shared scratch: one element per thread the team may have */
        TT scratch[TEAM_LIMIT_MAX];
        int votes[TEAM_LIMIT_MAX];
#pragma omp parallel num_threads(limit)
        body(omp_get_team_num(), limit, delta, xmask, in, res, rec, scratch, votes);
    }
}

/* The oracle's combination: fmin/fmax for min and max, as the header says. */
static TT combine(TT a, TT b, ompwg_group_op op)
{
    if (op == OMPWG_GROUP_ADD) {
#if TT_FLOATING
        return a + b;
#else
        return (TT)((uint64_t)a + (uint64_t)b);
#endif
    }
#if TT_FLOATING
    if (isnan(a)) return b;
    if (isnan(b)) return a;
#endif
    if (op == OMPWG_GROUP_MIN) return b < a ? b : a;
    return b > a ? b : a;
}

static TT identity(ompwg_group_op op)
{
#if TT_FLOATING
    return op == OMPWG_GROUP_ADD ? 0 : op == OMPWG_GROUP_MIN ? (TT)INFINITY : (TT)-INFINITY;
#else
    if (op == OMPWG_GROUP_ADD) return 0;
    return sizeof(TT) == 8 ? (op == OMPWG_GROUP_MIN ? (TT)INT64_MAX : (TT)INT64_MIN)
                           : (op == OMPWG_GROUP_MIN ? (TT)INT32_MAX : (TT)INT32_MIN);
#endif
}

/* op over v[lo..hi) (the identity when empty). */
static TT fold(const TT *v, int lo, int hi, ompwg_group_op op)
{
    if (lo >= hi) return identity(op);
    TT r = v[lo];
    for (int i = lo + 1; i < hi; i++) r = combine(r, v[i], op);
    return r;
}

/* v[src] for a source inside [lo, hi), else own. */
static TT pick(const TT *v, int64_t src, int lo, int hi, TT own)
{
    return src >= lo && src < hi ? v[src] : own;
}

/* What every result of thread t should be, by the header's definitions. */
static void expect(const team_case *c, int team, const TT *v, int nt, int width, int t,
                            TT *want)
{
    const int lane = t % width, sgid = t / width, base = sgid * width;
    const int size = nt - base < width ? nt - base : width;
    const int end = base + size;
    const TT own = v[t];
    want[TR_SG_BROADCAST] = pick(v, base + (sgid * 7 + 3) % (size + 1), base, end, own);
    want[TR_SG_SHUFFLE] = pick(v, base + (lane * 5 + 3) % (size + 2), base, end, own);
    want[TR_SG_UP] = pick(v, (int64_t)t - c->delta, base, end, own);
    want[TR_SG_DOWN] = pick(v, (int64_t)t + c->delta, base, end, own);
    want[TR_SG_XOR] = pick(v, base + (int64_t)((unsigned)lane ^ c->xmask), base, end, own);
    want[TR_SG_ADD] = fold(v, base, end, OMPWG_GROUP_ADD);
    want[TR_SG_MIN] = fold(v, base, end, OMPWG_GROUP_MIN);
    want[TR_SG_MAX] = fold(v, base, end, OMPWG_GROUP_MAX);
    want[TR_SG_INCL_ADD] = fold(v, base, t + 1, OMPWG_GROUP_ADD);
    want[TR_SG_EXCL_ADD] = fold(v, base, t, OMPWG_GROUP_ADD);
    want[TR_SG_INCL_MIN] = fold(v, base, t + 1, OMPWG_GROUP_MIN);
    want[TR_SG_EXCL_MAX] = fold(v, base, t, OMPWG_GROUP_MAX);
    want[TR_TEAM_BROADCAST] = pick(v, (team * 3 + 1) % (nt + 1), 0, nt, own);
    want[TR_TEAM_SHUFFLE] = pick(v, (t * 7 + 2) % (nt + 3), 0, nt, own);
    want[TR_TEAM_UP] = pick(v, (int64_t)t - c->delta, 0, nt, own);
    want[TR_TEAM_DOWN] = pick(v, (int64_t)t + c->delta, 0, nt, own);
    want[TR_TEAM_XOR] = pick(v, (int64_t)((unsigned)t ^ c->xmask), 0, nt, own);
    want[TR_TEAM_ADD] = fold(v, 0, nt, OMPWG_GROUP_ADD);
    want[TR_TEAM_MIN] = fold(v, 0, nt, OMPWG_GROUP_MIN);
    want[TR_TEAM_MAX] = fold(v, 0, nt, OMPWG_GROUP_MAX);
    want[TR_TEAM_INCL_ADD] = fold(v, 0, t + 1, OMPWG_GROUP_ADD);
    want[TR_TEAM_EXCL_ADD] = fold(v, 0, t, OMPWG_GROUP_ADD);
    want[TR_TEAM_INCL_MAX] = fold(v, 0, t + 1, OMPWG_GROUP_MAX);
    want[TR_TEAM_EXCL_MIN] = fold(v, 0, t, OMPWG_GROUP_MIN);
    want[TR_TEAM_INCL_TOTAL] = want[TR_TEAM_ADD];
    want[TR_TEAM_EXCL_TOTAL] = want[TR_TEAM_ADD];
}

static bool same(TT a, TT b)
{
#if TT_FLOATING
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
#endif
    return a == b;
}

/* Runs case c and adds its checks to the groups: values (sub-group and
 * team) and the rest (layout, votes, barriers). */
static void check(const team_case *c, group *values, group *layout)
{
    const size_t len = (size_t)c->teams * (size_t)c->limit;
    TT *in = test_malloc(len * sizeof *in);
    TT *res = test_malloc(len * TR_RESULTS * sizeof *res);
    team_record *rec = test_malloc(len * sizeof *rec);
    memset(rec, 0, len * sizeof *rec);
    for (int team = 0; team < c->teams; team++)
        for (int t = 0; t < c->limit; t++)
            in[(size_t)team * (size_t)c->limit + (size_t)t] = input(c, team, t);
    TEAM_FN(run_region)(c, in, res, rec);

    char what[160];
    snprintf(what, sizeof what, "%s teams=%d thread_limit=%d delta=%u xor=%u%s", TT_NAME,
             c->teams, c->limit, c->delta, c->xmask, c->nan ? " with NaN" : "");
    int granted = 0;
    for (int team = 0; team < c->teams; team++) {
        const size_t at0 = (size_t)team * (size_t)c->limit;
        const team_record *r0 = &rec[at0];
        if (!r0->present) continue;
        granted++;
        const int nt = r0->team_size, width = r0->width;
        char msg[512] = "";
        bool ok = nt >= 1 && nt <= c->limit && width == (c->on_host ? 1 : 32) &&
                  (r0->on_host != 0) == c->on_host;
        if (!ok)
            snprintf(msg, sizeof msg, "team %d: %d threads, width %d, ran on the %s", team, nt,
                     width, r0->on_host ? "host" : "device");
        for (int t = 0; ok && t < nt; t++) {
            const team_record *r = &rec[at0 + (size_t)t];
            const int lane = t % width, sgid = t / width;
            const int size = nt - sgid * width < width ? nt - sgid * width : width;
            const int count = (nt + width - 1) / width;
            bool any = false, all = true;
            uint32_t ballot = 0;
            for (int l = 0; l < size; l++) {
                const int p = rec[at0 + (size_t)(sgid * width + l)].pred;
                any |= p != 0;
                all &= p != 0;
                ballot |= (uint32_t)(p != 0) << l;
            }
            bool team_any = false, team_all = true;
            for (int u = 0; u < nt; u++) {
                team_any |= rec[at0 + (size_t)u].pred != 0;
                team_all &= rec[at0 + (size_t)u].pred != 0;
            }
            if (!r->present || r->team_size != nt || r->lane != lane || r->sg_size != size ||
                r->sg_id != sgid || r->sg_count != count)
                snprintf(msg, sizeof msg, "team %d thread %d: lane %d size %d id %d count %d "
                         "(team %d), want %d %d %d %d (team %d)", team, t, r->lane, r->sg_size,
                         r->sg_id, r->sg_count, r->team_size, lane, size, sgid, count, nt);
            else if (r->sg_any != any || r->sg_all != all || r->sg_ballot != ballot ||
                     r->team_any != team_any || r->team_all != team_all)
                snprintf(msg, sizeof msg, "team %d thread %d: votes sg any %d all %d ballot %#x, "
                         "team any %d all %d; want %d %d %#x, %d %d", team, t, r->sg_any,
                         r->sg_all, r->sg_ballot, r->team_any, r->team_all, any, all, ballot,
                         team_any, team_all);
            else if (!r->after_sg_barrier)
                snprintf(msg, sizeof msg, "team %d thread %d: a lane's write before "
                         "ompwg_sg_barrier was not seen after it", team, t);
            ok = !msg[0];
        }
        group_add(layout, what, ok, msg, -1);

        for (int t = 0; ok && t < nt; t++) {
            TT want[TR_RESULTS];
            expect(c, team, in + at0, nt, width, t, want);
            const TT *got = res + (at0 + (size_t)t) * TR_RESULTS;
            for (int k = 0; k < TR_RESULTS; k++)
                if (!same(got[k], want[k])) {
                    char m[256], w[320];
                    snprintf(m, sizeof m, "team %d of %d threads, thread %d: %s gave %.17g, want %.17g",
                             team, nt, t, result_names[k], (double)got[k],
                             (double)want[k]);
                    snprintf(w, sizeof w, "%s %s", what, result_names[k]);
                    group_add(values, w, false, m, -1);
                    ok = false;
                    break;
                }
        }
        if (ok) group_add(values, what, true, "", -1);
    }
    if (granted == 0) group_add(layout, what, false, "no team ran", -1);
    free(in);
    free(res);
    free(rec);
}

void TEAM_FN(suite)(int device, bool on_host, bool plain, const char *where)
{
    /* partial warps and whole ones on a GPU; on the host, where every
     * thread is a sub-group and a big team is many OS threads on few cores,
     * fewer and smaller teams */
    static const int gpu_limits[] = { 1, 2, 3, 7, 31, 32, 33, 48, 64, 100, 128, 256, 1000, 1024 };
    static const int host_limits[] = { 1, 2, 3, 7, 16, 33, 64 };
    const int *limits = on_host ? host_limits : gpu_limits;
    const size_t nlimits = on_host ? sizeof host_limits / sizeof host_limits[0]
                                   : sizeof gpu_limits / sizeof gpu_limits[0];
    static const unsigned deltas[] = { 1, 2, 5, 16, 31, 33 };
    static const unsigned masks[] = { 1, 3, 16, 31, 7, 64 };
    group values, layout;
    group_init(&values, NULL);
    group_init(&layout, NULL);
    int idx = 0;
    for (size_t l = 0; l < nlimits; l++)
        for (int nan = 0; nan <= TT_FLOATING; nan++, idx++) {
            team_case c = {
                .device = device, .on_host = on_host, .plain = plain, .teams = 3,
                .limit = limits[l],
                .delta = deltas[idx % 6], .xmask = masks[(idx * 5 + 1) % 6], .nan = nan != 0,
                .salt = tap_seed() + (uint64_t)idx,
            };
            check(&c, &values, &layout);
        }
    group_report(&layout, "%s %s: sub-group layout, votes and sub-group barrier against their "
                 "definitions, every thread count", where, TT_NAME);
    group_report(&values, "%s %s: broadcast, shuffles, reduce and scans of sub-groups and teams "
                 "equal the sequential oracle", where, TT_NAME);
}
