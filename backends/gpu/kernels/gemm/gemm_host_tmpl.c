/* The GPU GEMM entry point for one precision and its paths for host data,
 * built once per precision by Meson (prec.h); the kernels and the call on
 * device data are gemm_tmpl.c. Only what the call reads crosses the link:
 * op(A)'s and op(B)'s blocks and, when beta != 0, C's m x n block, packed
 * on the device; only C's block comes back. */
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../runtime/gemm_copies.h"
#include "../../gpu.h"
#include "../../gpu_tiles.h"
#include "../grid.h"
#include "ompwg.h"
#include "prec.h"
#include "../../runtime/staging.h"

/* C goes in column blocks of at least PIPE_MIN_COLS columns (narrower ones
 * leave the kernel short of tiles), about PIPE_BLOCKS of them; calls that
 * move fewer than PIPE_MIN_BYTES take the plain path, where one block's
 * latency would cost more than the overlap saves. PIPE_THREADS host
 * threads: one launches the kernels, the others stage the copies. One crew
 * takes both directions in turn: the staged copies are bound by host
 * memory, and on the H100 machine a second crew for C's way out made the
 * calls slower (bench/NOTES.md). */
enum { PIPE_MIN_COLS = 512, PIPE_BLOCKS = 4, PIPE_THREADS = 9 };
static const size_t PIPE_MIN_BYTES = (size_t)48 << 20;

#if defined(OMPWG_PREC_S)
#define GEMM_ENTRY ompwg_gpu_sgemm
#define GEMM_RESIDENT ompwg_gpu_sgemm_resident
#else
#define GEMM_ENTRY ompwg_gpu_dgemm
#define GEMM_RESIDENT ompwg_gpu_dgemm_resident
#endif

/* Columns [j0, j0 + cols) of C computed on the device. */
static void gemm_columns(int dev, const ompwg_gpu_gemm_copies *d, T alpha, T beta,
                                int64_t j0, int64_t cols)
{
    ompwg_gemm_shape s = d->shape;
    s.n = cols;
    const T *db = d->b, *b = db ? db + (s.transb ? j0 : j0 * s.ldb) : NULL;
    T *dc = d->c;
    GEMM_RESIDENT(dev, &s, alpha, d->a, b, beta, dc + j0 * s.ldc);
}

/* Every copy, then the kernel, then C back: small calls, host fallback, and
 * where no host threads or staging buffers are to be had. */
static int gemm_plain(int dev, const ompwg_gemm_shape *s, const ompwg_gpu_gemm_copies *d,
                             T alpha, const T *a, const T *b, T beta, T *c)
{
    const int st = ompwg_gpu_gemm_copies_in(dev, d, s, a, b, c);
    if (st != OMPWG_OK) return st;
    gemm_columns(dev, d, alpha, beta, 0, s->n);
    return ompwg_gpu_gemm_copies_out(dev, d, s, c);
}

/* C in column blocks of `width`, in steps: in step t host thread 0 runs the
 * kernel on block t - 1 while the others (a crew, staging.h) bring in block
 * t (its B columns, and its C columns when beta != 0; A and a transposed B
 * whole in step 0) and take block t - 2 out. The offload runtime gives each
 * thread's synchronous calls their own stream, so the kernel and the copies
 * overlap on the device. A team of one thread does the same in turn. */
static int gemm_pipelined(int dev, const ompwg_gemm_shape *s,
                                 const ompwg_gpu_gemm_copies *d, T alpha, const T *a, const T *b,
                                 T beta, T *c, int64_t width, int threads)
{
    const int64_t blocks = ompwg_gpu_ceil_div(s->n, width);
    ompwg_gpu_crew crew;
    ompwg_gpu_crew_begin(&crew, dev, 1);
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num(), nt = omp_get_num_threads();
#pragma omp single
        crew.size = nt > 1 ? nt - 1 : 1;
        const bool kernels = t == 0, copies = nt == 1 || t > 0;
        const int rank = nt == 1 ? 0 : t - 1;
        for (int64_t step = 0; step <= blocks + 1; step++) {
            if (copies) {
                if (step == 0 && d->reads_ab) {
                    const ompwg_gpu_block ab = ompwg_gpu_gemm_a_block(d, s, a);
                    ompwg_gpu_crew_move(&crew, dev, &ab, true, rank);
                    if (s->transb) {
                        const ompwg_gpu_block bb = ompwg_gpu_gemm_b_block(d, s, b, 0, s->n);
                        ompwg_gpu_crew_move(&crew, dev, &bb, true, rank);
                    }
                }
                if (step < blocks) {
                    const int64_t j0 = step * width, cols = s->n - j0 < width ? s->n - j0 : width;
                    if (d->reads_ab && !s->transb) {
                        const ompwg_gpu_block bb = ompwg_gpu_gemm_b_block(d, s, b, j0, cols);
                        ompwg_gpu_crew_move(&crew, dev, &bb, true, rank);
                    }
                    if (d->reads_c) {
                        const ompwg_gpu_block cb = ompwg_gpu_gemm_c_block(d, s, c, j0, cols);
                        ompwg_gpu_crew_move(&crew, dev, &cb, true, rank);
                    }
                }
                if (step >= 2) {
                    const int64_t j0 = (step - 2) * width,
                                  cols = s->n - j0 < width ? s->n - j0 : width;
                    const ompwg_gpu_block cb = ompwg_gpu_gemm_c_block(d, s, c, j0, cols);
                    ompwg_gpu_crew_move(&crew, dev, &cb, false, rank);
                }
            }
            if (kernels && step >= 1 && step <= blocks &&
                atomic_load_explicit(&crew.status, memory_order_relaxed) == OMPWG_OK) {
                const int64_t j0 = (step - 1) * width, cols = s->n - j0 < width ? s->n - j0 : width;
                gemm_columns(dev, d, alpha, beta, j0, cols);
            }
#pragma omp barrier
        }
    }
    ompwg_gpu_crew_end(&crew);
    return atomic_load(&crew.status);
}

/* The pipeline's column block width, or 0 for the plain path. */
static int64_t pipeline_width(const ompwg_gemm_shape *s, bool reads_ab, bool reads_c)
{
    if (s->n < 2 * PIPE_MIN_COLS) return 0;
    const int64_t ab = reads_ab ? s->m * s->k + s->k * s->n : 0;
    const int64_t link = (ab + s->m * s->n * (reads_c ? 2 : 1)) * (int64_t)sizeof(T);
    if ((size_t)link < PIPE_MIN_BYTES) return 0;
    int64_t width = ompwg_gpu_ceil_div(s->n, PIPE_BLOCKS);
    if (width < PIPE_MIN_COLS) width = PIPE_MIN_COLS;
    /* whole large tiles */
    return ompwg_gpu_ceil_div(width, OMPWG_GPU_TILE_N) * OMPWG_GPU_TILE_N;
}

static int gemm_host(int dev, const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                            T beta, T *c)
{
    ompwg_gpu_gemm_copies d;
    int st = ompwg_gpu_gemm_copies_alloc(dev, s, sizeof(T), alpha != 0 && s->k > 0, beta != 0, &d);
    if (st == OMPWG_OK) {
        const int64_t width = pipeline_width(s, d.reads_ab, d.reads_c);
        int threads = omp_get_max_threads();
        if (threads > PIPE_THREADS) threads = PIPE_THREADS;
        st = width > 0 ? gemm_pipelined(dev, s, &d, alpha, a, b, beta, c, width, threads)
                       : gemm_plain(dev, s, &d, alpha, a, b, beta, c);
    }
    ompwg_gpu_gemm_copies_free(dev, &d);
    return st;
}

int GEMM_ENTRY(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) {
        GEMM_RESIDENT(dev, s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    if (!(alpha != 0 && s->k > 0) && beta == 1) return OMPWG_OK;
    return gemm_host(dev, s, alpha, a, b, beta, c);
}
