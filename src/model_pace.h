/* How a measurement of the model made beside the program's own work keeps
 * off the program's cores: before each batch of runs on the host's cores
 * it waits until the process leaves at least half of its cores idle, and
 * no longer than a second; a batch that then runs anyway (a burst of a
 * fraction of a second) makes the measurement `busy`, and the next batch
 * first waits as long as that one ran. */
#ifndef OMPWG_MODEL_PACE_H
#define OMPWG_MODEL_PACE_H

#include <stdbool.h>

typedef struct ompwg_pacer {
    /* waits up to `seconds`; false: the measurement stops */
    bool (*rest)(void *ctx, double seconds);
    /* true: someone waits for the model, batches run at once */
    bool (*hurried)(void *ctx);
    void *ctx;
    int cores;          /* the processors the process may run on */
    bool busy;          /* a batch ran while the program kept the cores busy */
    bool last_forced;   /* ... the last one */
    double batch_start; /* when the last host batch started (0: none yet) */
} ompwg_pacer;

void ompwg_pacer_init(ompwg_pacer *p, bool (*rest)(void *ctx, double seconds),
                      bool (*hurried)(void *ctx), void *ctx);

/* The batch function of ompwg_model_pace (calibrate.h), pacer an
 * ompwg_pacer. */
bool ompwg_pacer_batch(void *pacer, bool host);

#endif
