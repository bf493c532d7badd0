/* Decoding the fuzzer's bytes into call parameters, the documented statuses,
 * and the counts printed at exit. */
#include "fuzz.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "restart.h"

bool fuzz_keep_going;
long fuzz_failures;

unsigned fuzz_byte(fuzz_input *in)
{
    if (!in->left) return 0;
    in->left--;
    return *in->p++;
}

unsigned fuzz_below(fuzz_input *in, unsigned n)
{
    unsigned v = fuzz_byte(in);
    if (n > 256) v = v << 8 | fuzz_byte(in);
    return n ? v % n : 0;
}

int64_t fuzz_dim(fuzz_input *in)
{
    static const int64_t edges[] = { 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257 };
    /* the CPU backend's cache blocks (MC 240 and 480, KC 256 and 384, NC
     * 3072), which only a dimension this large crosses */
    static const int64_t blocks[] = { 239, 241, 383, 384, 385, 479, 480, 481, 3071, 3072, 3073 };
    unsigned b = fuzz_byte(in);
    if (b < 150) return b % 24;
    if (b < 195) return edges[fuzz_below(in, sizeof edges / sizeof edges[0])];
    if (b < 200) return blocks[fuzz_below(in, sizeof blocks / sizeof blocks[0])];
    if (b < 245) return 24 + fuzz_below(in, 200);
    if (b < 254) return -1 - (int64_t)fuzz_below(in, 3);
    return INT64_MIN + fuzz_below(in, 2);
}

void fuzz_gemm_cap(bool blas, int64_t *m, int64_t *n, int64_t *k, int64_t max_mn,
                   int64_t max_fmas)
{
    if (blas) {
        *m = fuzz_lp64(*m);
        *n = fuzz_lp64(*n);
        *k = fuzz_lp64(*k);
    }
    if (*m > 0 && *n > 0 && *m * *n > max_mn) {
        if (*m >= *n) *n = 1 + max_mn / *m;
        else *m = 1 + max_mn / *n;
    }
    if (*m > 0 && *n > 0 && *k > 0 && (double)*m * (double)*n * (double)*k > (double)max_fmas)
        *k = 1 + max_fmas / (*m * *n);
}

static int64_t nonneg(int64_t v)
{
    return v > 0 ? v : 0;
}

static ompwg_trans stored_trans(int t)
{
    return t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS ? (ompwg_trans)t : OMPWG_NO_TRANS;
}

fuzz_gemm_storage fuzz_gemm_stored(int layout, int ta, int tb, int64_t m, int64_t n, int64_t k,
                                   const int64_t pads[3])
{
    return (fuzz_gemm_storage){
        .layout = layout == OMPWG_ROW_MAJOR ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR,
        .ta = stored_trans(ta), .tb = stored_trans(tb),
        .m = nonneg(m), .n = nonneg(n), .k = nonneg(k),
        .pad_a = nonneg(pads[0]), .pad_b = nonneg(pads[1]), .pad_c = nonneg(pads[2]),
    };
}

int64_t fuzz_pad(fuzz_input *in)
{
    unsigned b = fuzz_byte(in);
    if (b < 200) return b % 4;
    if (b < 235) return 13 + fuzz_below(in, 60);
    return -1 - (int64_t)fuzz_below(in, 2);
}

int64_t fuzz_len(fuzz_input *in)
{
    unsigned b = fuzz_byte(in);
    if (b < 140) return b % 40;
    if (b < 200) return 40 + fuzz_below(in, 5000);
    /* past the CPU backend's threading limit (32768) and many GPU blocks */
    if (b < 245) return 32000 + fuzz_below(in, 40000);
    if (b < 254) return -1 - (int64_t)fuzz_below(in, 3);
    return INT64_MIN;
}

int64_t fuzz_inc(fuzz_input *in)
{
    unsigned b = fuzz_byte(in);
    if (b < 110) return 1;
    if (b < 140) return -1;
    if (b < 200) return (b % 2 ? 1 : -1) * (int64_t)(2 + fuzz_below(in, 4));
    if (b < 235) return (b % 2 ? 1 : -1) * (int64_t)(6 + fuzz_below(in, 60));
    if (b < 250) return 0;
    /* the extremes: legal for vectors of one element */
    return b % 2 ? INT64_MIN : INT64_MAX;
}

double fuzz_scalar(fuzz_input *in)
{
    unsigned b = fuzz_byte(in);
    if (b < 40) return 0;
    if (b < 80) return 1;
    if (b < 95) return -1;
    if (b < 110) return 0.5;
    if (b < 120) return NAN;
    if (b < 128) return INFINITY;
    if (b < 134) return -INFINITY;
    if (b < 142) return -0.0;
    return ((int)fuzz_byte(in) - 128) / 16.0;
}

int fuzz_enum_pair(fuzz_input *in, unsigned split, int first, int second, const int invalid[5])
{
    unsigned b = fuzz_byte(in);
    if (b < split) return first;
    if (b < 244) return second;
    return invalid[b % 5];
}

int fuzz_layout(fuzz_input *in)
{
    static const int invalid[] = { 0, 100, 103, -1, 111 };
    return fuzz_enum_pair(in, 120, OMPWG_COL_MAJOR, OMPWG_ROW_MAJOR, invalid);
}

int fuzz_trans(fuzz_input *in)
{
    static const int invalid[] = { 0, 110, 114, 101, -113 };
    unsigned b = fuzz_byte(in);
    if (b < 90) return OMPWG_NO_TRANS;
    if (b < 170) return OMPWG_TRANS;
    if (b < 248) return OMPWG_CONJ_TRANS;
    return invalid[b % 5];
}

double fuzz_special(fuzz_input *in, bool with_tiny, double tiny)
{
    static const double values[] = { NAN, INFINITY, -INFINITY, 0.0, -0.0, 0x1p20, -0x1p20 };
    unsigned n = sizeof values / sizeof values[0];
    unsigned i = fuzz_below(in, n + 1);
    if (i == n) return with_tiny ? tiny : values[0];
    return values[i];
}

/* ---- backends ------------------------------------------------------------ */

static const char *usable[8];
static int usable_count;

const char *fuzz_backend(fuzz_input *in)
{
    return usable[fuzz_below(in, (unsigned)usable_count)];
}

/* ---- documented statuses --------------------------------------------------- */

int64_t fuzz_max1(int64_t v)
{
    return v > 1 ? v : 1;
}

bool fuzz_trans_ok(int t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

int fuzz_gemm_status(int layout, int transa, int transb, int64_t m, int64_t n, int64_t k,
                     int64_t lda, int64_t ldb, int64_t ldc, bool a_null, bool b_null,
                     bool c_null, bool reads_ab)
{
    if (layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return OMPWG_ERR_LAYOUT;
    if (!fuzz_trans_ok(transa) || !fuzz_trans_ok(transb)) return OMPWG_ERR_TRANS;
    if (m < 0 || n < 0 || k < 0) return OMPWG_ERR_SIZE;
    /* rows of A, B and C as the caller stores them */
    bool ta = transa != OMPWG_NO_TRANS, tb = transb != OMPWG_NO_TRANS;
    int64_t a_rows = ta ? k : m, a_cols = ta ? m : k;
    int64_t b_rows = tb ? n : k, b_cols = tb ? k : n;
    bool row = layout == OMPWG_ROW_MAJOR;
    if (lda < fuzz_max1(row ? a_cols : a_rows) || ldb < fuzz_max1(row ? b_cols : b_rows) ||
        ldc < fuzz_max1(row ? n : m))
        return OMPWG_ERR_LD;
    if (m == 0 || n == 0) return OMPWG_OK;
    if (c_null || (reads_ab && (a_null || b_null))) return OMPWG_ERR_NULL;
    return OMPWG_OK;
}

int fuzz_level3_status(fuzz_level3_op op, int layout, int side, int uplo, int trans, int diag,
                       int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                       bool alpha_zero, bool beta_one, bool a_null, bool b_null, bool c_null)
{
    bool has_side = op == FUZZ_SYMM || op == FUZZ_TRMM || op == FUZZ_TRSM;
    bool triangular = op == FUZZ_TRMM || op == FUZZ_TRSM;
    bool rank_k = op == FUZZ_SYRK || op == FUZZ_SYR2K;
    if (layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return OMPWG_ERR_LAYOUT;
    /* the enums in the order of the arguments: side, uplo, trans, diag */
    if (has_side && side != OMPWG_LEFT && side != OMPWG_RIGHT) return OMPWG_ERR_FLAGS;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return OMPWG_ERR_FLAGS;
    if (op != FUZZ_SYMM && !fuzz_trans_ok(trans)) return OMPWG_ERR_TRANS;
    if (triangular && diag != OMPWG_NON_UNIT && diag != OMPWG_UNIT) return OMPWG_ERR_FLAGS;
    if (rank_k ? n < 0 || k < 0 : m < 0 || n < 0) return OMPWG_ERR_SIZE;
    bool row = layout == OMPWG_ROW_MAJOR;
    if (rank_k) {
        /* A (and B) n x k, or k x n with trans; C n x n */
        bool t = trans != OMPWG_NO_TRANS;
        int64_t rows = t ? k : n, cols = t ? n : k;
        int64_t need = fuzz_max1(row ? cols : rows);
        if (lda < need || (op == FUZZ_SYR2K && ldb < need) || ldc < fuzz_max1(n))
            return OMPWG_ERR_LD;
    } else {
        /* A square of order m (left) or n (right); B and C m x n */
        int64_t order = side == OMPWG_LEFT ? m : n;
        int64_t need_bc = fuzz_max1(row ? n : m);
        if (lda < fuzz_max1(order) || ldb < need_bc || (op == FUZZ_SYMM && ldc < need_bc))
            return OMPWG_ERR_LD;
    }
    /* the quick returns, before the pointers */
    if (rank_k ? n == 0 || ((alpha_zero || k == 0) && beta_one)
               : m == 0 || n == 0 || (op == FUZZ_SYMM && alpha_zero && beta_one))
        return OMPWG_OK;
    /* A and B are read unless alpha == 0 (SYRK, SYR2K: or k == 0); the
     * output is always written */
    bool reads_ab = !alpha_zero && !(rank_k && k == 0);
    bool has_b = op == FUZZ_SYMM || op == FUZZ_SYR2K;
    if (triangular) return b_null || (reads_ab && a_null) ? OMPWG_ERR_NULL : OMPWG_OK;
    if (c_null || (reads_ab && (a_null || (has_b && b_null)))) return OMPWG_ERR_NULL;
    return OMPWG_OK;
}

int fuzz_reduce_status(int64_t n, int64_t incx, int64_t incy, bool dot, bool extremum,
                       bool value_null, bool index_null, bool x_null, bool y_null)
{
    if (n < 0) return OMPWG_ERR_SIZE;
    if (incx == 0 || (dot && incy == 0)) return OMPWG_ERR_INC;
    if (value_null || (extremum && index_null)) return OMPWG_ERR_NULL;
    if (n == 0) return OMPWG_OK;
    if (x_null || (dot && y_null)) return OMPWG_ERR_NULL;
    return OMPWG_OK;
}

/* ---- counts ---------------------------------------------------------------- */

#define SEEN_SLOTS (1u << 16)

static struct {
    long calls, legal, illegal, distinct_illegal;
    long by_backend[8];
    long by_family[FUZZ_FAMILIES];
    long by_status[OMPWG_ERR_OVERLAP + 1];
    long blas_reported; /* illegal BLAS calls: a parameter number, no status */
    uint64_t seen[SEEN_SLOTS]; /* hashes of the illegal argument sets met */
} counts;

static uint64_t hash_args(int status, const int64_t *args, int nargs)
{
    uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)status;
    for (int i = 0; i < nargs; i++) {
        h ^= (uint64_t)args[i];
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h ? h : 1;
}

void fuzz_count(fuzz_family family, const char *backend, int status, const int64_t *args,
                int nargs)
{
    counts.calls++;
    counts.by_family[family]++;
    for (int i = 0; i < usable_count; i++)
        if (strcmp(usable[i], backend) == 0) counts.by_backend[i]++;
    if (status == OMPWG_OK) {
        counts.legal++;
        return;
    }
    counts.illegal++;
    if (status > 0 && status <= OMPWG_ERR_OVERLAP) counts.by_status[status]++;
    if (status < 0) counts.blas_reported++;
    uint64_t h = hash_args(status, args, nargs);
    for (uint32_t i = (uint32_t)h % SEEN_SLOTS, probes = 0; probes < SEEN_SLOTS;
         i = (i + 1) % SEEN_SLOTS, probes++) {
        if (counts.seen[i] == h) return;
        if (!counts.seen[i]) {
            counts.seen[i] = h;
            counts.distinct_illegal++;
            return;
        }
    }
}

static void print_counts(void)
{
    fprintf(stderr, "fuzz: %ld calls: %ld legal, %ld illegal (%ld distinct argument sets:", counts.calls,
            counts.legal, counts.illegal, counts.distinct_illegal);
    static const struct {
        int status;
        const char *name;
    } shown[] = {
        { .status = OMPWG_ERR_LAYOUT, .name = "layout" }, { .status = OMPWG_ERR_TRANS, .name = "trans" },
        { .status = OMPWG_ERR_SIZE, .name = "size" },     { .status = OMPWG_ERR_LD, .name = "ld" },
        { .status = OMPWG_ERR_INC, .name = "inc" },       { .status = OMPWG_ERR_NULL, .name = "null" },
        { .status = OMPWG_ERR_OVERLAP, .name = "overlap" }, { .status = OMPWG_ERR_FLAGS, .name = "flags" },
    };
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        fprintf(stderr, " %s %ld", shown[i].name, counts.by_status[shown[i].status]);
    fprintf(stderr, " blas-xerbla %ld", counts.blas_reported);
    static const char *const family_names[FUZZ_FAMILIES] = {
        [FUZZ_FAMILY_GEMM] = "gemm", [FUZZ_FAMILY_REDUCE] = "reduction",
        [FUZZ_FAMILY_LEVEL3] = "level-3", [FUZZ_FAMILY_COMPLEX_GEMM] = "complex-gemm",
        [FUZZ_FAMILY_BLAS] = "blas",
    };
    fprintf(stderr, "); by family:");
    for (int i = 0; i < FUZZ_FAMILIES; i++)
        fprintf(stderr, " %s %ld", family_names[i], counts.by_family[i]);
    fprintf(stderr, "; by backend:");
    for (int i = 0; i < usable_count; i++) fprintf(stderr, " %s %ld", usable[i], counts.by_backend[i]);
    fprintf(stderr, "; rule violations %ld\n", fuzz_failures);
}

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz: FAIL: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fuzz_failures++;
    if (!fuzz_keep_going) {
        print_counts();
        abort();
    }
}

void fuzz_setup(void)
{
    /* read at the first call: the GPU kernels become usable by name, on
     * host threads, beside cpu and openblas */
    if (!restart_with("OMP_TARGET_OFFLOAD=DISABLED"))
        fprintf(stderr, "fuzz: could not start again with OMP_TARGET_OFFLOAD=DISABLED: the gpu "
                        "backend is left out\n");
    static const char *const names[] = { "gpu", "cpu", "openblas" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *name = NULL;
        for (int b = 0; b < ompwg_backend_count(); b++)
            if (ompwg_backend_info(b, &name, NULL, 0) == 1 && strcmp(name, names[i]) == 0)
                usable[usable_count++] = names[i];
    }
    if (!usable_count) usable[usable_count++] = "openblas";
    fprintf(stderr, "fuzz: backends:");
    for (int i = 0; i < usable_count; i++) fprintf(stderr, " %s", usable[i]);
    fputc('\n', stderr);
    atexit(print_counts);
}

/* First bytes that pick the operations added after GEMM and the
 * reductions: values no input of the committed corpus began with then, so
 * that those inputs still decode to the calls they were found for. */
static const uint8_t later_selectors[] = {
    129, 131, 134, 135, 136, 137, 138, 140, 141, 142, 143, 144, 145, 148, 149, 150,
    152, 153, 154, 155, 156, 157, 158, 159, 161, 162, 163, 166, 167, 168, 169, 170,
    172, 176, 177, 178, 179, 180, 181, 183, 186, 187, 191, 192, 194, 195, 196, 198,
    199, 200, 204, 205, 206, 208, 209, 210, 211, 212, 213, 215, 216, 218, 219, 220,
};

int fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_input in = { .p = data, .left = size };
    unsigned first = fuzz_byte(&in);
    for (size_t i = 0; i < sizeof later_selectors; i++) {
        if (later_selectors[i] != first) continue;
        switch (i % 10) {
        case 0: return fuzz_slevel3(&in, false);
        case 1: return fuzz_dlevel3(&in, false);
        case 2: return fuzz_cgemm(&in, false);
        case 3: return fuzz_zgemm(&in, false);
        case 4: return fuzz_slevel3(&in, true);
        case 5: return fuzz_dlevel3(&in, true);
        case 6: return fuzz_sgemm(&in, true);
        case 7: return fuzz_dgemm(&in, true);
        case 8: return fuzz_cgemm(&in, true);
        default: return fuzz_zgemm(&in, true);
        }
    }
    switch (first % 4) {
    case 0: return fuzz_sgemm(&in, false);
    case 1: return fuzz_dgemm(&in, false);
    case 2: return fuzz_sreduce(&in);
    default: return fuzz_dreduce(&in);
    }
}
