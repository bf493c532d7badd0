/* CPU GEMM, compiled once per precision: the packed blocks of gemm_packed.c
 * around the register tile of the kernel variant that kernel_pick() chose. */
#include "prec.h"

#include "cpu.h"
#include "gemm_packed.h"
#include "kernel_tmpl.h"
#include "ompwg.h"

/* Below this many multiply-adds, packing and a thread team cost more than
 * they save. */
#define SMALL_FMAS (64.0 * 64.0 * 64.0)
/* Multiply-adds worth waking one more thread for. */
#define FMAS_PER_THREAD (128.0 * 128.0 * 128.0)
/* Elements of C worth one more thread when only scaling C. */
#define SCALE_PER_THREAD ((int64_t)1 << 16)

/* The m elements at c := *beta_p * c (ompwg_cpu_gemm_scale's scale_column). */
static void scale_c_column(int64_t m, const void *beta_p, void *c)
{
    const T beta = *(const T *)beta_p;
    T *cj = c;
    /* beta == 0 writes zeros without reading: a NaN in C must not survive */
    if (beta == 0)
        for (int64_t i = 0; i < m; i++) cj[i] = 0;
    else if (beta != 1)
        for (int64_t i = 0; i < m; i++) cj[i] *= beta;
}

/* Plain loops for problems too small for packing, one thread. */
static void unpacked(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta, T *c)
{
    int64_t m = s->m, n = s->n, k = s->k, lda = s->lda, ldb = s->ldb;
    for (int64_t j = 0; j < n; j++) {
        T *cj = c + j * s->ldc;
        if (!s->transa) {
            scale_c_column(m, &beta, cj);
            for (int64_t p = 0; p < k; p++) {
                T t = alpha * (s->transb ? b[j + p * ldb] : b[p + j * ldb]);
                const T *ap = a + p * lda;
                for (int64_t i = 0; i < m; i++) cj[i] += ap[i] * t;
            }
        } else {
            for (int64_t i = 0; i < m; i++) {
                const T *ai = a + i * lda;
                T sum = 0;
                if (s->transb)
                    for (int64_t p = 0; p < k; p++) sum += ai[p] * b[j + p * ldb];
                else
                    for (int64_t p = 0; p < k; p++) sum += ai[p] * b[p + j * ldb];
                cj[i] = beta == 0 ? alpha * sum : alpha * sum + beta * cj[i];
            }
        }
    }
}

static void pack_a(const ompwg_cpu_gemm_job *job, const void *src, int64_t mc, int64_t kc,
                   void *dst)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    kd->pack_a(job->s->transa, mc, kc, src, job->s->lda, dst);
}

static void pack_b(const ompwg_cpu_gemm_job *job, const void *src, int64_t kc, int64_t n,
                   void *dst)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    kd->pack_b(job->s->transb, kc, n, src, job->s->ldb, dst);
}

static void tile(const ompwg_cpu_gemm_job *job, int64_t kc, const void *ap, const void *bp,
                 bool first_k, void *c, int m, int n)
{
    const TN(ompwg_cpu_, kernel) *kd = job->kernel;
    T beta = first_k ? *(const T *)job->beta : 1;
    kd->ukernel(kc, *(const T *)job->alpha, ap, bp, beta, c, job->s->ldc, m, n);
}

int TN(ompwg_cpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    /* alpha == 0 or k == 0: C := beta * C, A and B unread */
    if (alpha == 0 || s->k == 0) {
        if (beta != 1)
            ompwg_cpu_gemm_scale(s, sizeof(T), SCALE_PER_THREAD, scale_c_column, &beta, c);
        return OMPWG_OK;
    }
    const TN(ompwg_cpu_, kernel) *kd = TN(ompwg_cpu_, kernel_pick)();
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

int TN(ompwg_cpu_, gemm_block)(bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha,
                               const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c,
                               int64_t ldc)
{
    ompwg_gemm_shape g = { .transa = ta, .transb = tb, .m = m, .n = n, .k = k,
                           .lda = lda, .ldb = ldb, .ldc = ldc };
    return TN(ompwg_cpu_, gemm)(&g, alpha, a, b, beta, c);
}
