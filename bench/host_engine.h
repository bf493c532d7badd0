/* What every host-data case does around each of its engines: the row it
 * fills, the threads it lets settle, the backend it routes to. */
#ifndef OMPWG_BENCH_HOST_ENGINE_H
#define OMPWG_BENCH_HOST_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "host.h"
#include "report.h"

/* row for engine e (section "host", no figure yet: OMPWG_ERR_UNAVAILABLE). */
void bench_host_row_init(bench_result *row, const bench_host_engine *e, const char *op, bool dbl,
                         int64_t size);

/* Before an engine that may run on the CPU (auto too), the threads of the
 * engine before it, in this case or the last one, stop spinning first. */
void bench_host_settle_before(const bench_host_engine *engines, int e);

/* Each case runs its engines in BENCH_HOST_ROUNDS rounds, in one order and
 * then in the other, and keeps each engine's faster figure: which engine
 * comes first after the settling pause (the cores and the GPU idle, their
 * clocks down) is then no engine's loss. In one order only, auto (the
 * first engine) ran ZGEMM 1024 on the GPU at 7.8 ms where the same GPU
 * engine, third, took 3.0 (H100 machine); in turns they took 2.97-3.09. */
#define BENCH_HOST_ROUNDS 2

/* The engine at position pos of round `round`. */
int bench_host_engine_at(int count, int round, int pos);

/* Keeps in *kept the faster of *kept and *trial among those that succeeded
 * and passed their check. */
void bench_host_keep_faster(bench_result *kept, const bench_result *trial);

/* Routes the calling thread to the engine's backend; false when that
 * backend is not usable here. The row of `auto` names the device of the
 * backend auto chose, where it is one backend. */
bool bench_host_engine_begin(const bench_host_engine *e, bench_result *row);

/* Routes the calling thread back to the process-wide backend. */
void bench_host_engine_end(void);

/* Records an engine's run: true, with row->seconds = t, where the timing
 * (t >= 0) and the call whose result is checked (status) both succeeded;
 * else false, with row->status saying why: the call's status,
 * OMPWG_ERR_DEVICE where only the timing failed. */
bool bench_host_engine_timed(bench_result *row, double t, int status);

#endif
