/* max and min: the value and the index of its first occurrence; a NaN wins
 * with the index of the first NaN; -0.0 and 0.0 compare equal. Part of the
 * per-precision reduction test (reduce_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reduce_test.h"

/* Random data: every size with every increment (n = 0 included: value 0,
 * index -1). */
static void grid(group *grp, test_rng *r, bool want_max)
{
    for (int s = 0; s < VEC_SIZES; s++)
        for (int ic = 0; ic < VEC_INCS; ic++) {
            vec x;
            vec_init(&x, vec_sizes[s], vec_incs[ic], r);
            extremum_case(grp, &host_reducer, want_max, &x, "");
        }
}

/* Where equal extrema (or NaNs) are planted. Work is split somewhere: across
 * threads at n * t / nt, across GPU teams at multiples of a block. Each
 * family puts equal values on both sides of such boundaries, so a combine
 * that prefers the later part, or a part's last occurrence, shows. Two more
 * families, the first and the last element alone, follow them. */
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
    case 4: /* either side of power-of-two block boundaries */
        for (int64_t b = 64; b <= ((int64_t)1 << 20) && np + 2 <= max; b *= 4) {
            if (b < n) pos[np++] = b;
            if (b - 1 < n) pos[np++] = b - 1;
        }
        break;
    case PLANT_FAMILIES: pos[np++] = 0; break;
    default: pos[np++] = n - 1; break;
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

/* What one planted case writes into x at the family's positions, and the
 * note that names the case; variant counts the cases of one family. */
typedef void plant_fn(vec *x, const int64_t *pos, int np, bool want_max, int family, int variant,
                      char *note, size_t len);

/* Every planted size and increment with each of the first `families`
 * families, `variants` cases each. */
static void planted_cases(group *grp, test_rng *r, bool want_max, int families, int variants,
                          plant_fn *plant)
{
    for (int s = 0; s < PLANT_SIZES; s++)
        for (int ic = 0; ic < 3; ic++)
            for (int f = 0; f < families; f++)
                for (int v = 0; v < variants; v++) {
                    vec x;
                    vec_init(&x, plant_sizes[s], plant_incs[ic], r);
                    int64_t pos[160];
                    int np = plant_positions(f, x.n, pos, 160);
                    if (np == 0) {
                        vec_free(&x);
                        continue;
                    }
                    char note[64];
                    plant(&x, pos, np, want_max, f, v, note, sizeof note);
                    extremum_case(grp, &host_reducer, want_max, &x, note);
                }
}

static void plant_ties(vec *x, const int64_t *pos, int np, bool want_max, int family, int variant,
                       char *note, size_t len)
{
    (void)variant;
    for (int i = 0; i < np; i++) vec_set(x, pos[i], want_max ? 2 : -2);
    snprintf(note, len, ", ties planted (family %d)", family);
}

/* The extremum at several places: the first one counts. */
static void ties(group *grp, test_rng *r, bool want_max)
{
    planted_cases(grp, r, want_max, PLANT_FAMILIES, 1, plant_ties);
}

static void plant_nans(vec *x, const int64_t *pos, int np, bool want_max, int family, int variant,
                       char *note, size_t len)
{
    (void)variant;
    vec_set(x, 0, want_max ? 3 : -3);
    for (int i = 0; i < np; i++) vec_set(x, pos[i], (real)NAN);
    snprintf(note, len, ", NaN planted (family %d)", family);
}

/* NaNs at several places, and a larger (smaller) value before the first:
 * the first NaN wins. Also a NaN as the first and as the last element. */
static void nans(group *grp, test_rng *r, bool want_max)
{
    planted_cases(grp, r, want_max, PLANT_FAMILIES + 2, 1, plant_nans);
}

/* variant 1: the first zero is -0.0 */
static void plant_signed_zeros(vec *x, const int64_t *pos, int np, bool want_max, int family,
                               int variant, char *note, size_t len)
{
    for (int64_t i = 0; i < x->n; i++) {
        real v = (real)fabs((double)vec_get(x, i)) + (real)0.001;
        vec_set(x, i, want_max ? -v : v);
    }
    int64_t first = pos[0];
    for (int i = 1; i < np; i++)
        if (pos[i] < first) first = pos[i];
    for (int i = 0; i < np; i++) {
        bool neg = (pos[i] == first) == (bool)variant;
        vec_set(x, pos[i], neg ? (real)-0.0 : (real)0.0);
    }
    snprintf(note, len, ", zeros planted (family %d), %s first", family,
             variant ? "-0.0" : "0.0");
}

/* -0.0 and 0.0 compare equal, so whichever comes first is the answer; the
 * rest of the data lies on the other side of zero. */
static void signed_zero(group *grp, test_rng *r, bool want_max)
{
    planted_cases(grp, r, want_max, PLANT_FAMILIES, 2, plant_signed_zeros);
}

/* All elements equal (0.5; or zeros of alternating sign): index 0. And a
 * single element, NaN or not. */
static void degenerate(group *grp, test_rng *r, bool want_max)
{
    for (int s = 0; s < VEC_SIZES; s++)
        for (int ic = 0; ic < VEC_INCS; ic++)
            for (int kind = 0; kind < 3; kind++) {
                if (vec_sizes[s] == 0 || vec_sizes[s] > 100003) continue;
                vec x;
                vec_init(&x, vec_sizes[s], vec_incs[ic], r);
                for (int64_t i = 0; i < x.n; i++) {
                    real zero = (i + kind) % 2 ? (real)-0.0 : (real)0.0;
                    vec_set(&x, i, kind == 0 ? (real)0.5 : zero);
                }
                extremum_case(grp, &host_reducer, want_max, &x,
                              kind == 0 ? ", all 0.5" : kind == 1 ? ", zeros from 0.0" : ", zeros from -0.0");
            }
    for (int ic = 0; ic < VEC_INCS; ic++)
        for (int nan = 0; nan < 2; nan++) {
            vec x;
            vec_init(&x, 1, vec_incs[ic], r);
            if (nan) vec_set(&x, 0, (real)NAN);
            extremum_case(grp, &host_reducer, want_max, &x, nan ? ", single NaN" : ", single element");
        }
}

/* Each family of cases: its random stream and what its group claims. */
static const struct extremum_family {
    void (*run)(group *grp, test_rng *r, bool want_max);
    uint64_t seed;
    const char *claim;
} families[] = {
    { grid, 500, ", n in {0..2^20+3} x every increment" },
    { ties, 510, " ties go to the first occurrence, across part boundaries" },
    { nans, 520, " NaN wins, with the index of the first NaN" },
    { signed_zero, 530, " -0.0 and 0.0 compare equal (the first wins)" },
    { degenerate, 540, " all equal gives index 0; a single element is its own answer" },
};

void extrema(const char *backend, bool want_max)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        test_rng r;
        test_rng_init(&r, families[i].seed + want_max);
        group grp;
        group_init(&grp, NULL);
        families[i].run(&grp, &r, want_max);
        group_report(&grp, "%s %s%s%s", backend, api.prefix, want_max ? "max" : "min",
                     families[i].claim);
    }
}
