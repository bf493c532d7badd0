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
