/* max and min: the value and the index of its first occurrence; a NaN wins
 * with the index of the first NaN; -0.0 and 0.0 compare equal. Part of the
 * per-precision reduction test (reduce_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reduce_test.h"

/* Random data: every size with every increment (n = 0 included: value 0,
 * index -1). */
void extremum_grid(const char *backend, bool want_max)
{
    test_rng r;
    test_rng_init(&r, 500 + want_max);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < VEC_SIZES; s++)
        for (int ic = 0; ic < VEC_INCS; ic++) {
            vec x;
            vec_init(&x, vec_sizes[s], vec_incs[ic], &r);
            extremum_case(&grp, &host_reducer, want_max, &x, "");
        }
    group_report(&grp, "%s %s%s, n in {0..2^20+3} x every increment", backend, api.prefix,
                 want_max ? "max" : "min");
}

/* Where equal extrema (or NaNs) are planted. Work is split somewhere: across
 * threads at n * t / nt, across GPU teams at multiples of a block. Each
 * family puts equal values on both sides of such boundaries, so a combine
 * that prefers the later part, or a part's last occurrence, shows. */
#define PLANT_FAMILIES 5
static int plant_positions(int family, int64_t n, int64_t *pos, int max)
{
    int np = 0;
    switch (family) {
    case 0: /* either side of the middle, and the end */
        pos[np++] = n / 2 - 1;
        pos[np++] = n / 2;
        pos[np++] = n - 1;
        break;
    case 1: /* only in the second half */
        pos[np++] = n / 2;
        pos[np++] = 3 * n / 4;
        pos[np++] = n - 1;
        break;
    case 2: /* the first element of every part, for 2 to 16 parts */
    case 3: /* the last element of every part, for 2 to 16 parts */
        for (int64_t nt = 2; nt <= 16; nt++)
            for (int64_t t = 1; t < nt && np < max; t++)
                pos[np++] = n * t / nt - (family == 3);
        break;
    default: /* either side of power-of-two block boundaries */
        for (int64_t b = 64; b <= ((int64_t)1 << 20) && np + 2 <= max; b *= 4) {
            if (b < n) pos[np++] = b;
            if (b - 1 < n) pos[np++] = b - 1;
        }
        break;
    }
    int kept = 0;
    for (int i = 0; i < np; i++)
        if (pos[i] >= 0 && pos[i] < n) pos[kept++] = pos[i];
    return kept;
}

/* 100003 is past the size where reductions split across threads or teams;
 * the random grid goes to 2^20 + 3. */
static const int64_t plant_sizes[] = { 33, 1000, 4097, 100003 };
#define PLANT_SIZES ((int)(sizeof plant_sizes / sizeof plant_sizes[0]))
static const int64_t plant_incs[] = { 1, 2, -3 };

/* The extremum at several places: the first one counts. */
void extremum_ties(const char *backend, bool want_max)
{
    test_rng r;
    test_rng_init(&r, 510 + want_max);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < PLANT_SIZES; s++)
        for (int ic = 0; ic < 3; ic++)
            for (int f = 0; f < PLANT_FAMILIES; f++) {
                vec x;
                vec_init(&x, plant_sizes[s], plant_incs[ic], &r);
                int64_t pos[160];
                int np = plant_positions(f, x.n, pos, 160);
                if (np == 0) {
                    vec_free(&x);
                    continue;
                }
                for (int i = 0; i < np; i++) vec_set(&x, pos[i], want_max ? 2 : -2);
                char note[48];
                snprintf(note, sizeof note, ", ties planted (family %d)", f);
                extremum_case(&grp, &host_reducer, want_max, &x, note);
            }
    group_report(&grp, "%s %s%s ties go to the first occurrence, across part boundaries",
                 backend, api.prefix, want_max ? "max" : "min");
}

/* NaNs at several places, and a larger (smaller) value before the first:
 * the first NaN wins. Also a NaN as the first and as the last element. */
void extremum_nan(const char *backend, bool want_max)
{
    test_rng r;
    test_rng_init(&r, 520 + want_max);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < PLANT_SIZES; s++)
        for (int ic = 0; ic < 3; ic++)
            for (int f = 0; f < PLANT_FAMILIES + 2; f++) {
                vec x;
                vec_init(&x, plant_sizes[s], plant_incs[ic], &r);
                int64_t pos[160];
                int np = f < PLANT_FAMILIES ? plant_positions(f, x.n, pos, 160) : 1;
                if (f == PLANT_FAMILIES) pos[0] = 0;
                if (f == PLANT_FAMILIES + 1) pos[0] = x.n - 1;
                if (np == 0) {
                    vec_free(&x);
                    continue;
                }
                vec_set(&x, 0, want_max ? 3 : -3);
                for (int i = 0; i < np; i++) vec_set(&x, pos[i], (real)NAN);
                char note[48];
                snprintf(note, sizeof note, ", NaN planted (family %d)", f);
                extremum_case(&grp, &host_reducer, want_max, &x, note);
            }
    group_report(&grp, "%s %s%s NaN wins, with the index of the first NaN", backend,
                 api.prefix, want_max ? "max" : "min");
}

/* -0.0 and 0.0 compare equal, so whichever comes first is the answer; the
 * rest of the data lies on the other side of zero. */
void extremum_signed_zero(const char *backend, bool want_max)
{
    test_rng r;
    test_rng_init(&r, 530 + want_max);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < PLANT_SIZES; s++)
        for (int ic = 0; ic < 3; ic++)
            for (int f = 0; f < PLANT_FAMILIES; f++)
                for (int neg_first = 0; neg_first < 2; neg_first++) {
                    vec x;
                    vec_init(&x, plant_sizes[s], plant_incs[ic], &r);
                    for (int64_t i = 0; i < x.n; i++) {
                        real v = (real)fabs((double)vec_get(&x, i)) + (real)0.001;
                        vec_set(&x, i, want_max ? -v : v);
                    }
                    int64_t pos[160];
                    int np = plant_positions(f, x.n, pos, 160);
                    if (np == 0) {
                        vec_free(&x);
                        continue;
                    }
                    int64_t first = pos[0];
                    for (int i = 1; i < np; i++)
                        if (pos[i] < first) first = pos[i];
                    for (int i = 0; i < np; i++) {
                        bool neg = (pos[i] == first) == (bool)neg_first;
                        vec_set(&x, pos[i], neg ? (real)-0.0 : (real)0.0);
                    }
                    char note[64];
                    snprintf(note, sizeof note, ", zeros planted (family %d), %s first", f,
                             neg_first ? "-0.0" : "0.0");
                    extremum_case(&grp, &host_reducer, want_max, &x, note);
                }
    group_report(&grp, "%s %s%s -0.0 and 0.0 compare equal (the first wins)", backend,
                 api.prefix, want_max ? "max" : "min");
}

/* All elements equal (0.5; or zeros of alternating sign): index 0. And a
 * single element, NaN or not. */
void extremum_degenerate(const char *backend, bool want_max)
{
    test_rng r;
    test_rng_init(&r, 540 + want_max);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < VEC_SIZES; s++)
        for (int ic = 0; ic < VEC_INCS; ic++)
            for (int kind = 0; kind < 3; kind++) {
                if (vec_sizes[s] == 0 || vec_sizes[s] > 100003) continue;
                vec x;
                vec_init(&x, vec_sizes[s], vec_incs[ic], &r);
                for (int64_t i = 0; i < x.n; i++) {
                    real zero = (i + kind) % 2 ? (real)-0.0 : (real)0.0;
                    vec_set(&x, i, kind == 0 ? (real)0.5 : zero);
                }
                extremum_case(&grp, &host_reducer, want_max, &x,
                              kind == 0 ? ", all 0.5" : kind == 1 ? ", zeros from 0.0" : ", zeros from -0.0");
            }
    for (int ic = 0; ic < VEC_INCS; ic++)
        for (int nan = 0; nan < 2; nan++) {
            vec x;
            vec_init(&x, 1, vec_incs[ic], &r);
            if (nan) vec_set(&x, 0, (real)NAN);
            extremum_case(&grp, &host_reducer, want_max, &x, nan ? ", single NaN" : ", single element");
        }
    group_report(&grp, "%s %s%s all equal gives index 0; a single element is its own answer",
                 backend, api.prefix, want_max ? "max" : "min");
}
