/* One fuzzed GEMM of one precision (compiled once per precision, like the
 * GEMM cases it borrows its guarded operands from, gemm_case.h): legal or illegal
 * parameters, on a backend chosen by the input, with host or (for the GPU
 * kernels in host fallback) device pointers. Checked: the documented status;
 * for a failing call, that A, B and C keep every byte; for a successful one,
 * that A and B keep theirs, that C's padding and the canaries around every
 * buffer are intact, and that C is OpenBLAS's within the netlib ratio
 * (ompwg_?gemm_ratio), or, for a NaN or infinite alpha, non-finite
 * everywhere. An illegal call goes to ompwg_?gemm_ratio too, which must
 * refuse it with the same status. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "gemm_case.h"
#include "ompwg_blas.h"

#if defined(OMPWG_TEST_PREC_S)
#define FUZZ_GEMM fuzz_sgemm
#define GEMM_FORTRAN sgemm_
#define GEMM_CBLAS cblas_sgemm
#define TINY FLT_TRUE_MIN
#else
#define FUZZ_GEMM fuzz_dgemm
#define GEMM_FORTRAN dgemm_
#define GEMM_CBLAS cblas_dgemm
#define TINY DBL_TRUE_MIN
#endif

/* Caps on m * n and m * n * k, so that a call stays within milliseconds
 * and megabytes under the sanitizers; the larger dimension is kept (it is
 * the block edge being probed). */
#define MAX_MN 300000
#define MAX_FMAS 3000000

/* Plants a few special values among A, B and C. No subnormals: a product
 * of two underflows, and the netlib ratio does not cover underflow. */
static void plant_specials(fuzz_input *in, operands *o)
{
    if (fuzz_byte(in) < 150) return;
    int count = 1 + (int)fuzz_below(in, 3);
    stored *where[3] = { &o->a, &o->b, &o->c };
    for (int i = 0; i < count; i++) {
        stored *s = where[fuzz_below(in, 3)];
        real v = (real)fuzz_special(in, false, TINY);
        if (s->len) s->p[fuzz_below(in, 65536) % s->len] = v;
    }
}

/* Every element of the m x n block of C at c (leading dimension ld) is NaN
 * or infinite: what alpha = NaN or +-Inf gives, k > 0, whatever the order
 * of the products and sums. */
static bool all_nonfinite(const real *c, int64_t rows, int64_t cols, int64_t ld, char *msg,
                          size_t len)
{
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++)
            if (isfinite(c[i + j * ld])) {
                snprintf(msg, len, "C(%lld, %lld) = %g is finite, with a non-finite alpha",
                         (long long)i, (long long)j, (double)c[i + j * ld]);
                return false;
            }
    return true;
}

/* One call through the C API or, when blas, through the drop-in BLAS's
 * Fortran or CBLAS name (chosen by the input; no NULL pointers and no C on
 * A or B there, which reference BLAS does not check). */
int FUZZ_GEMM(fuzz_input *in, bool blas)
{
    const char *backend = fuzz_backend(in);
    bool device = strcmp(backend, "gpu") == 0 && fuzz_byte(in) % 2;
    bool check_mode = fuzz_byte(in) < 64;
    int layout = fuzz_layout(in), ta = fuzz_trans(in), tb = fuzz_trans(in);
    int64_t m = fuzz_dim(in), n = fuzz_dim(in), k = fuzz_dim(in);
    int64_t pads[3] = { fuzz_pad(in), fuzz_pad(in), fuzz_pad(in) };
    real alpha = (real)fuzz_scalar(in), beta = (real)fuzz_scalar(in);
    unsigned nulls = fuzz_byte(in) >= 236 ? fuzz_byte(in) : 0;
    test_rng r;
    test_rng_init(&r, fuzz_below(in, 65536));
    bool lower;
    fuzz_via via = fuzz_route(in, blas, &lower, &device, &nulls, &layout);
    check_mode = check_mode && !blas;
    fuzz_gemm_cap(blas, &m, &n, &k, MAX_MN, MAX_FMAS);

    /* the operands as a legal call with these sizes would store them */
    fuzz_gemm_storage sto = fuzz_gemm_stored(layout, ta, tb, m, n, k, pads);
    gemm_case g = { sto.layout, sto.ta, sto.tb, sto.m, sto.n, sto.k,
                    sto.pad_a, sto.pad_b, sto.pad_c, alpha, beta };
    operands o;
    operands_init(&o, &g);
    operands_fill(&o, &r);
    plant_specials(in, &o);
    operands_snapshot(&o);
    /* a negative pad makes the leading dimension one or two below its
     * minimum: the buffers are those of the minimum */
    int64_t lda = o.a.ld + (pads[0] < 0 ? pads[0] - g.pad_a : 0);
    int64_t ldb = o.b.ld + (pads[1] < 0 ? pads[1] - g.pad_b : 0);
    int64_t ldc = o.c.ld + (pads[2] < 0 ? pads[2] - g.pad_c : 0);
    const real *a = nulls & 1 ? NULL : o.a.p, *b = nulls & 2 ? NULL : o.b.p;
    real *c = nulls & 4 ? NULL : o.c.p;
    /* An operand of one stored vector never uses its leading dimension:
     * any legal value must work, INT64_MAX included, with only the
     * elements the call reads touched. */
    if (fuzz_byte(in) >= 232 && !blas) {
        if (o.a.outer == 1 && lda >= o.a.ld) lda = INT64_MAX - (int64_t)fuzz_below(in, 4);
        if (o.b.outer == 1 && ldb >= o.b.ld) ldb = INT64_MAX - (int64_t)fuzz_below(in, 4);
        if (o.c.outer == 1 && ldc >= o.c.ld) ldc = INT64_MAX - (int64_t)fuzz_below(in, 4);
    }
    bool reads_ab = alpha != 0 && k > 0;
    int want = fuzz_gemm_status(layout, ta, tb, m, n, k, lda, ldb, ldc, !a, !b, !c, reads_ab);
    /* C given as A or B itself, where the call would read them: nothing may
     * be written (the call never reaches C's writes, so A's or B's buffer
     * can stand in for C whatever their sizes) */
    unsigned alias = fuzz_byte(in) >= 224 ? 1 + (unsigned)fuzz_below(in, 2) : 0;
    if (blas) alias = 0;
    if (alias && want == OMPWG_OK && reads_ab && m > 0 && n > 0 && a && b) {
        c = alias == 1 ? (real *)a : (real *)b;
        want = OMPWG_ERR_OVERLAP;
    } else {
        alias = 0;
    }

    /* check mode compares within the netlib bound, which a NaN or infinite
     * alpha leaves (Inf * 0 in one order, not in another) */
    check_mode = check_mode && isfinite(alpha) && !device;
    char msg[512] = "", name[16];
    if (via != FUZZ_VIA_API) {
        int number = fuzz_gemm_blas_number(via == FUZZ_VIA_CBLAS, layout, ta, tb, m, n, k, lda,
                                           ldb, ldc);
        want = number ? -number : OMPWG_OK;
        snprintf(name, sizeof name, "%s%sgemm", via == FUZZ_VIA_CBLAS ? "cblas_" : "", api.prefix);
    }
    ompwg_set_thread_backend(backend);
    ompwg_set_check(check_mode);
    int st;
    if (via == FUZZ_VIA_API) {
        st = (device ? api.gemm_device : api.gemm)((ompwg_layout)layout, (ompwg_trans)ta,
                                                   (ompwg_trans)tb, m, n, k, alpha, a, lda, b,
                                                   ldb, beta, c, ldc);
    } else {
        fuzz_gemm_blas_args ba = fuzz_gemm_blas_call(ta, tb, lower, m, n, k, lda, ldb, ldc);
        if (via == FUZZ_VIA_FORTRAN)
            GEMM_FORTRAN(&ba.transa, &ba.transb, &ba.m, &ba.n, &ba.k, &alpha, a, &ba.lda, b,
                         &ba.ldb, &beta, c, &ba.ldc, 1, 1);
        else
            GEMM_CBLAS((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, ba.m, ba.n, ba.k,
                       alpha, a, ba.lda, b, ba.ldb, beta, c, ba.ldc);
        st = fuzz_blas_status(name, -want, msg, sizeof msg);
    }
    ompwg_set_check(0);
    ompwg_set_thread_backend(NULL);
    const int64_t args[] = { via, layout, ta, tb, m, n, k, lda, ldb, ldc, nulls & 7, device, alias };
    fuzz_count(via == FUZZ_VIA_API ? FUZZ_FAMILY_GEMM : FUZZ_FAMILY_BLAS, backend, want, args, (int)(sizeof args / sizeof args[0]));

    char desc[256];
    g.m = m;
    g.n = n;
    g.k = k;
    case_describe(&g, desc, sizeof desc);
    bool pass = fuzz_status_as_documented(st, want, via, msg, sizeof msg) &&
                stored_kept(&o.a, "A", true, msg, sizeof msg) &&
                stored_kept(&o.b, "B", true, msg, sizeof msg) &&
                stored_kept(&o.c, "C", st != OMPWG_OK || m == 0 || n == 0, msg, sizeof msg);
    if (pass && st == OMPWG_OK && m > 0 && n > 0) {
        if (!isfinite(alpha) && k > 0) {
            pass = all_nonfinite(o.c.p, g.layout == OMPWG_COL_MAJOR ? m : n,
                                 g.layout == OMPWG_COL_MAJOR ? n : m, ldc, msg, sizeof msg);
        } else {
            double ratio = INFINITY;
            int rst = api.gemm_ratio((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, m, n,
                                     k, alpha, a, lda, b, ldb, beta, o.c.copy, o.c.p, ldc, &ratio);
            pass = gemm_ratio_ok(rst, ratio, msg, sizeof msg);
        }
    }
    /* the checker writes nothing, so C may be A or B there */
    if (pass && want != OMPWG_OK && !alias && via == FUZZ_VIA_API) {
        /* the checker takes the same arguments and refuses them the same way */
        double ratio = -1;
        int rst = api.gemm_ratio((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, m, n, k,
                                 alpha, a, lda, b, ldb, beta, o.c.copy, c, ldc, &ratio);
        pass = gemm_ratio_refused(api.prefix, rst, want, ratio, msg, sizeof msg);
    }
    if (!pass)
        fuzz_fail("%s%s on %s via %s%s%s, layout %d trans %d,%d, lda %lld ldb %lld ldc %lld, "
                  "nulls %u, C is %s: %s",
                  desc, device ? " (device pointers)" : "", backend, fuzz_via_name(via),
                  lower ? " (lower-case letters)" : "", check_mode ? " in check mode" : "",
                  layout, ta, tb, (long long)lda,
                  (long long)ldb, (long long)ldc, nulls & 7,
                  alias == 1 ? "A" : alias == 2 ? "B" : "its own", msg);
    operands_free(&o);
    return 0;
}
