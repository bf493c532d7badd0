/* CPU GEMM, compiled once per precision. */
#include "prec.h"

#include <omp.h>

#include "cpu.h"
#include "ompwg.h"

int TN(ompwg_cpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    int64_t m = s->m, n = s->n, k = s->k;
    bool reads_ab = alpha != 0 && k > 0;
    int nt = ompwg_cpu_threads();
#pragma omp parallel for num_threads(nt) schedule(static)
    for (int64_t j = 0; j < n; j++) {
        ompwg_cpu_pin_worker(omp_get_thread_num());
        T *cj = c + j * s->ldc;
        for (int64_t i = 0; i < m; i++) cj[i] = beta == 0 ? 0 : beta * cj[i];
        if (!reads_ab) continue;
        for (int64_t p = 0; p < k; p++) {
            T bpj = alpha * (s->transb ? b[j + p * s->ldb] : b[p + j * s->ldb]);
            if (s->transa)
                for (int64_t i = 0; i < m; i++) cj[i] += a[p + i * s->lda] * bpj;
            else
                for (int64_t i = 0; i < m; i++) cj[i] += a[i + p * s->lda] * bpj;
        }
    }
    return OMPWG_OK;
}
