#include "mover.h"

#include <sched.h>

#include "ompwg.h"

static ompwg_gpu_block columns(const ompwg_gpu_block *b, int64_t c0, int64_t cols)
{
    ompwg_gpu_block s = *b;
    s.host = (char *)b->host + (size_t)c0 * (size_t)b->ld * b->elem;
    s.dev = (char *)b->dev + (size_t)c0 * (size_t)b->rows * b->elem;
    s.cols = cols;
    return s;
}

static void *mover_run(void *arg)
{
    ompwg_gpu_mover *m = arg;
    const int64_t total = m->total;
    for (int64_t c0 = 0; c0 < total; c0 += m->step) {
        const int64_t cols = total - c0 < m->step ? total - c0 : m->step;
        const ompwg_gpu_block s = m->list ? m->list[c0] : columns(&m->block, c0, cols);
        const int st = ompwg_gpu_block_in(m->dev, &s);
        if (st != OMPWG_OK) {
            atomic_store(&m->status, st);
            break;
        }
        atomic_store(&m->done, (long long)(c0 + cols));
    }
    return NULL;
}

static void mover_begin(ompwg_gpu_mover *m)
{
    atomic_init(&m->done, 0);
    atomic_init(&m->status, OMPWG_OK);
    m->started = pthread_create(&m->thread, NULL, mover_run, m) == 0;
    if (!m->started) mover_run(m);
}

void ompwg_gpu_mover_start_list(ompwg_gpu_mover *m, int dev, const ompwg_gpu_block *list,
                                int count)
{
    m->dev = dev;
    m->list = list;
    m->step = 1;
    m->total = count;
    mover_begin(m);
}

void ompwg_gpu_mover_start(ompwg_gpu_mover *m, int dev, const ompwg_gpu_block *b, int64_t step)
{
    m->dev = dev;
    m->block = *b;
    m->list = NULL;
    m->total = b->cols;
    m->step = step > 0 ? step : b->cols;
    mover_begin(m);
}

int64_t ompwg_gpu_mover_wait(ompwg_gpu_mover *m, int64_t cols)
{
    if (cols > m->total) cols = m->total;
    for (unsigned spins = 0;; spins++) {
        const int64_t done = (int64_t)atomic_load(&m->done);
        if (done >= cols) return done;
        if (atomic_load(&m->status) != OMPWG_OK) return -1;
        if (spins > 100) sched_yield();
    }
}

int ompwg_gpu_mover_finish(ompwg_gpu_mover *m)
{
    if (m->started) pthread_join(m->thread, NULL);
    m->started = false;
    return atomic_load(&m->status);
}
