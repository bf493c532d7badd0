/* The vector loops of the reductions, compiled once per precision and
 * instruction set (isa.h) like the GEMM kernel, with -ffp-contract=off.
 *
 * A contiguous slice is summed in LANES partial sums, value i of the slice
 * going to lane i % LANES, and the lanes are added in order at the end. Each
 * lane is its own accumulator, so the compiler may hold the lanes in vector
 * registers of any width and the result keeps every bit: the instruction set
 * changes the speed, never the answer. LANES independent additions in flight
 * also keep the adders ahead of memory. */
#include "prec.h"
#include "isa.h"

#include <math.h>

#include "kernel_tmpl.h"

#define LANES 32

static ACC add_lanes(const ACC *part)
{
    ACC acc = 0;
    for (int l = 0; l < LANES; l++) acc += part[l];
    return acc;
}

static ACC sum(const T *x, int64_t n)
{
    ACC part[LANES] = { 0 };
    int64_t i = 0;
    for (; i + LANES <= n; i += LANES)
        for (int l = 0; l < LANES; l++) part[l] += (ACC)x[i + l];
    for (int l = 0; i + l < n; l++) part[l] += (ACC)x[i + l];
    return add_lanes(part);
}

static ACC asum(const T *x, int64_t n)
{
    ACC part[LANES] = { 0 };
    int64_t i = 0;
    for (; i + LANES <= n; i += LANES)
        for (int l = 0; l < LANES; l++) part[l] += (ACC)T_ABS(x[i + l]);
    for (int l = 0; i + l < n; l++) part[l] += (ACC)T_ABS(x[i + l]);
    return add_lanes(part);
}

static ACC dot(const T *x, const T *y, int64_t n)
{
    ACC part[LANES] = { 0 };
    int64_t i = 0;
    for (; i + LANES <= n; i += LANES)
        for (int l = 0; l < LANES; l++) part[l] += (ACC)x[i + l] * (ACC)y[i + l];
    for (int l = 0; i + l < n; l++) part[l] += (ACC)x[i + l] * (ACC)y[i + l];
    return add_lanes(part);
}

const TN(ompwg_cpu_, lanes) LANES_FNS = {
    .sum = sum,
    .asum = asum,
    .dot = dot,
};
