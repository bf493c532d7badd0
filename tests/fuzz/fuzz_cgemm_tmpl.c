/* One fuzzed complex GEMM of one precision (compiled once per precision:
 * OMPWG_TEST_PREC_C or OMPWG_TEST_PREC_Z, like the complex GEMM tests it
 * borrows its guarded operands from): legal or illegal parameters,
 * conjugate transposes included, on a backend chosen by the input, with
 * host or (for the GPU kernels in host fallback) device pointers, C
 * sometimes given as A or B. Checked: the documented status (that of the
 * real GEMM, fuzz_gemm_status); for a failing call, every byte of A, B and
 * C; for a successful one, A and B unchanged, C's padding and the canaries
 * intact, and C within the netlib ratio of OpenBLAS's
 * (ompwg_cgemm_ratio/ompwg_zgemm_ratio). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cgemm_case.h"
#include "fuzz.h"
#include "ompwg_blas.h"

#if defined(OMPWG_TEST_PREC_C)
#define FUZZ_CGEMM fuzz_cgemm
#define GEMM_FORTRAN cgemm_
#define GEMM_CBLAS cblas_cgemm
#else
#define FUZZ_CGEMM fuzz_zgemm
#define GEMM_FORTRAN zgemm_
#define GEMM_CBLAS cblas_zgemm
#endif

/* Caps on m * n and m * n * k, as for the real GEMM. */
#define MAX_MN 200000
#define MAX_FMAS 1000000

static cplx fuzz_cscalar(fuzz_input *in)
{
    double re = fuzz_scalar(in), im = fuzz_byte(in) < 128 ? 0 : fuzz_scalar(in);
    cplx z = { .re = (part)(isfinite(re) ? re : 2.0), .im = (part)(isfinite(im) ? im : -1.0) };
    return z;
}

/* One call through the C API or, when blas, through the drop-in BLAS's
 * Fortran or CBLAS name (chosen by the input; no NULL pointers and no C on
 * A or B there, which reference BLAS does not check). */
int FUZZ_CGEMM(fuzz_input *in, bool blas)
{
    const char *backend = fuzz_backend(in);
    bool device = strcmp(backend, "gpu") == 0 && fuzz_byte(in) % 2;
    int layout = fuzz_layout(in), ta = fuzz_trans(in), tb = fuzz_trans(in);
    int64_t m = fuzz_dim(in), n = fuzz_dim(in), k = fuzz_dim(in);
    int64_t pads[3] = { fuzz_pad(in), fuzz_pad(in), fuzz_pad(in) };
    cplx alpha = fuzz_cscalar(in), beta = fuzz_cscalar(in);
    unsigned nulls = fuzz_byte(in) >= 236 ? fuzz_byte(in) : 0;
    unsigned alias = fuzz_byte(in) >= 224 ? 1 + (unsigned)fuzz_below(in, 2) : 0;
    test_rng r;
    test_rng_init(&r, fuzz_below(in, 65536));
    bool lower;
    fuzz_via via = fuzz_route(in, blas, &lower, &device, &nulls, &layout);
    if (blas) alias = 0;
    fuzz_gemm_cap(blas, &m, &n, &k, MAX_MN, MAX_FMAS);

    /* the operands as a legal call with these sizes would store them */
    fuzz_gemm_storage sto = fuzz_gemm_stored(layout, ta, tb, m, n, k, pads);
    ccase g = { sto.layout, sto.ta, sto.tb, sto.m, sto.n, sto.k,
                sto.pad_a, sto.pad_b, sto.pad_c, alpha, beta };
    coperands o;
    coperands_init(&o, &g, &r);
    coperands_snapshot(&o);
    /* a negative pad makes the leading dimension one or two below its
     * minimum: the buffers are those of the minimum */
    int64_t lda = o.a.ld + (pads[0] < 0 ? pads[0] : 0);
    int64_t ldb = o.b.ld + (pads[1] < 0 ? pads[1] : 0);
    int64_t ldc = o.c.ld + (pads[2] < 0 ? pads[2] : 0);
    const cplx *a = nulls & 1 ? NULL : o.a.p, *b = nulls & 2 ? NULL : o.b.p;
    cplx *c = nulls & 4 ? NULL : o.c.p;
    bool reads_ab = (alpha.re != 0 || alpha.im != 0) && k > 0;
    int want = fuzz_gemm_status(layout, ta, tb, m, n, k, lda, ldb, ldc, !a, !b, !c, reads_ab);
    /* C given as A or B itself, where the call reads them: nothing may be
     * written */
    if (alias && want == OMPWG_OK && reads_ab && m > 0 && n > 0) {
        c = alias == 1 ? (cplx *)a : (cplx *)b;
        want = OMPWG_ERR_OVERLAP;
    } else {
        alias = 0;
    }

    char msg[512] = "", name[16];
    if (via != FUZZ_VIA_API) {
        int number = fuzz_gemm_blas_number(via == FUZZ_VIA_CBLAS, layout, ta, tb, m, n, k, lda,
                                           ldb, ldc);
        want = number ? -number : OMPWG_OK;
        snprintf(name, sizeof name, "%s", via == FUZZ_VIA_CBLAS ? "cblas_" PREFIX "gemm" : PREFIX "gemm");
    }
    ompwg_set_thread_backend(backend);
    int st;
    if (via == FUZZ_VIA_API) {
        st = (device ? GEMM_DEVICE : GEMM)((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb,
                                           m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    } else {
        fuzz_gemm_blas_args ba = fuzz_gemm_blas_call(ta, tb, lower, m, n, k, lda, ldb, ldc);
        if (via == FUZZ_VIA_FORTRAN)
            GEMM_FORTRAN(&ba.transa, &ba.transb, &ba.m, &ba.n, &ba.k, &alpha, a, &ba.lda, b,
                         &ba.ldb, &beta, c, &ba.ldc, 1, 1);
        else
            GEMM_CBLAS((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, ba.m, ba.n, ba.k,
                       &alpha, a, ba.lda, b, ba.ldb, &beta, c, ba.ldc);
        st = fuzz_blas_status(name, -want, msg, sizeof msg);
    }
    ompwg_set_thread_backend(NULL);
    const int64_t args[] = { 20 + via, layout, ta, tb, m, n, k, lda, ldb, ldc, nulls & 7, device, alias };
    fuzz_count(via == FUZZ_VIA_API ? FUZZ_FAMILY_COMPLEX_GEMM : FUZZ_FAMILY_BLAS, backend, want, args, (int)(sizeof args / sizeof args[0]));

    bool pass = fuzz_status_as_documented(st, want, via, msg, sizeof msg) &&
                cstored_kept(&o.a, "A", true, msg, sizeof msg) &&
                cstored_kept(&o.b, "B", true, msg, sizeof msg) &&
                cstored_kept(&o.c, "C", st != OMPWG_OK || m == 0 || n == 0, msg, sizeof msg);
    if (pass && st == OMPWG_OK && m > 0 && n > 0) {
        double ratio = INFINITY;
        int rst = GEMM_RATIO((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, m, n, k,
                             alpha, a, lda, b, ldb, beta, o.c.copy, o.c.p, ldc, &ratio);
        pass = gemm_ratio_ok(rst, ratio, msg, sizeof msg);
    }
    if (pass && want != OMPWG_OK && !alias && via == FUZZ_VIA_API) {
        /* the checker takes the same arguments and refuses them the same way */
        double ratio = -1;
        int rst = GEMM_RATIO((ompwg_layout)layout, (ompwg_trans)ta, (ompwg_trans)tb, m, n, k,
                             alpha, a, lda, b, ldb, beta, o.c.copy, c, ldc, &ratio);
        pass = gemm_ratio_refused(PREFIX, rst, want, ratio, msg, sizeof msg);
    }
    if (!pass)
        fuzz_fail("%sgemm%s on %s via %s%s: layout %d trans %d,%d, m %lld n %lld k %lld, alpha (%g, %g) "
                  "beta (%g, %g), lda %lld ldb %lld ldc %lld, nulls %u, C is %s: %s",
                  PREFIX, device ? " (device pointers)" : "", backend,
                  fuzz_via_name(via),
                  lower ? " (lower-case letters)" : "", layout, ta, tb,
                  (long long)m, (long long)n, (long long)k, (double)alpha.re, (double)alpha.im,
                  (double)beta.re, (double)beta.im, (long long)lda, (long long)ldb,
                  (long long)ldc, nulls & 7, alias == 1 ? "A" : alias == 2 ? "B" : "its own", msg);
    coperands_free(&o);
    /* the test programs' helpers that a single call does not need */
    return 0;
}
