/* CPU complex GEMM, compiled once per complex precision: the packed blocks
 * of gemm_packed.c (a KC x NC block of B packed by the whole team, MC x KC
 * blocks of A packed by each thread for itself) around the complex register
 * tile of cukernel_tmpl.c, for the instruction set ompwg_cpu_arch_pick()
 * chose. */
#include "prec.h"

#include "ckernel_tmpl.h"
#include "complex_tmpl.h"
#include "cpu.h"
#include "gemm_packed.h"
#include "ompwg.h"

/* Below this many complex multiply-adds, packing and a thread team cost
 * more than they save. */
#define SMALL_FMAS (32.0 * 32.0 * 32.0)
/* Complex multiply-adds worth waking one more thread for. */
#define FMAS_PER_THREAD (80.0 * 80.0 * 80.0)
/* Elements of C worth one more thread when only scaling C. */
#define SCALE_PER_THREAD ((int64_t)1 << 15)

/* the packed panels hold an element as two reals, a T's worth of bytes */
_Static_assert(sizeof(T) == 2 * sizeof(TR), "a complex element is two reals, no padding");

static const TN(ompwg_cpu_, kernel) *kernel_pick(void)
{
    static const TN(ompwg_cpu_, kernel) *const variants[OMPWG_CPU_ARCH_COUNT] = {
        [OMPWG_CPU_GENERIC] = &TN(ompwg_cpu_, kernel_generic),
#if OMPWG_CPU_HAVE_AVX2
        [OMPWG_CPU_AVX2] = &TN(ompwg_cpu_, kernel_avx2),
#endif
#if OMPWG_CPU_HAVE_AVX512
        [OMPWG_CPU_AVX512] = &TN(ompwg_cpu_, kernel_avx512),
#endif
    };
    ompwg_cpu_arch arch = ompwg_cpu_arch_pick();
    return arch < OMPWG_CPU_ARCH_COUNT ? variants[arch] : NULL;
}

/* The m elements at c := *beta_p * c (ompwg_cpu_gemm_scale's
 * scale_column): beta == 0 writes zeros without reading (a NaN in C must
 * not survive); beta == 1 leaves C as it is. */
static void scale_c_column(int64_t m, const void *beta_p, void *c)
{
    const T beta = *(const T *)beta_p;
    T *cj = c;
    if (cplx_is_zero(beta)) {
        for (int64_t i = 0; i < m; i++) cj[i] = (T){ 0, 0 };
    } else if (!cplx_is_one(beta)) {
        for (int64_t i = 0; i < m; i++) cj[i] = cplx_mul(beta, cj[i]);
    }
}

/* op(X)(i, p) of a stored X. */
static inline T op_at(const T *x, int64_t ld, bool trans, bool conj, int64_t i, int64_t p)
{
    if (!trans) return x[i + p * ld];
    T v = x[p + i * ld];
    return conj ? cplx_conj(v) : v;
}

/* Plain loops for problems too small for packing, one thread. */
static void unpacked(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta, T *c)
{
    bool beta_zero = cplx_is_zero(beta), beta_one = cplx_is_one(beta);
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++) {
            TR re = 0, im = 0;
            for (int64_t p = 0; p < s->k; p++) {
                T x = op_at(a, s->lda, s->transa, s->conja, i, p);
                T y = op_at(b, s->ldb, s->transb, s->conjb, p, j);
                re += x.re * y.re;
                re -= x.im * y.im;
                im += x.re * y.im;
                im += x.im * y.re;
            }
            T *cij = c + i + j * s->ldc;
            T r = cplx_mul(alpha, (T){ re, im });
            if (beta_zero) {
                *cij = r;
            } else if (beta_one) {
                cij->re += r.re;
                cij->im += r.im;
            } else {
                T old = cplx_mul(beta, *cij);
                *cij = (T){ r.re + old.re, r.im + old.im };
            }
        }
}

static void pack_a(const ompwg_cpu_gemm_job *job, const void *src, int64_t mc, int64_t kc,
                   void *dst)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    kd->pack_a(job->s->transa, job->s->conja, mc, kc, src, job->s->lda, dst);
}

static void pack_b(const ompwg_cpu_gemm_job *job, const void *src, int64_t kc, int64_t n,
                   void *dst)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    kd->pack_b(job->s->transb, job->s->conjb, kc, n, src, job->s->ldb, dst);
}

static void tile(const ompwg_cpu_gemm_job *job, int64_t kc, const void *ap, const void *bp,
                 bool first_k, void *c, int m, int n)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    T beta = first_k ? *(const T *)job->beta : (T){ 1, 0 };
    kd->ukernel(kc, *(const T *)job->alpha, ap, bp, beta, c, job->s->ldc, m, n);
}

int TN(ompwg_cpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    /* alpha == 0 or k == 0: C := beta * C, A and B unread */
    if (cplx_is_zero(alpha) || s->k == 0) {
        if (!cplx_is_one(beta))
            ompwg_cpu_gemm_scale(s, sizeof(T), SCALE_PER_THREAD, scale_c_column, &beta, c);
        return OMPWG_OK;
    }
    const TN(ompwg_cpu_, kernel) *kd = kernel_pick();
    if (!kd || (double)s->m * (double)s->n * (double)s->k < SMALL_FMAS) {
        unpacked(s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    ompwg_cpu_gemm_job job = {
        .s = s, .blocks = &kd->blocks, .kernel = kd, .elem = sizeof(T),
        .fmas_per_thread = FMAS_PER_THREAD, .alpha = &alpha, .beta = &beta, .a = a, .b = b,
        .c = c, .pack_a = pack_a, .pack_b = pack_b, .tile = tile,
    };
    return ompwg_cpu_gemm_packed(&job);
}
