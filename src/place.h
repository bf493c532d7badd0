/* The planner: which backend runs a call, from where its data lives and the
 * measured model (model.h, calibrate.c); and the settings it reads. */
#ifndef OMPWG_PLACE_H
#define OMPWG_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "ompwg.h"

/* An array a call reads or writes: the lowest address it may touch and the
 * bytes from there (for the data environment), and the bytes that cross the
 * link each way when it runs on a device from host memory. */
typedef struct ompwg_operand {
    const void *low;
    size_t span;
    size_t bytes_in, bytes_out;
} ompwg_operand;

#define OMPWG_CALL_OPERANDS 3

typedef struct ompwg_call {
    const char *what;        /* "dgemm", "ssum", ... for the trace */
    ompwg_model_kind kind;
    bool dbl;
    double work;             /* flops (GEMM) or bytes a CPU touches */
    int64_t m, n, k;         /* for the trace; GEMM's n is also the columns a split divides */
    bool splittable;
    bool right_triangle;     /* TRSM, TRMM: the triangle on the right of B (its order n) */
    /* the device's host-data path overlaps its copies with its kernels
     * (the GEMMs' pipeline); else they add up */
    bool pipelined;
    bool device;             /* the pointers are device pointers */
    int operands;
    ompwg_operand op[OMPWG_CALL_OPERANDS];
    /* How much longer than the model's curve of its kind predicts for its
     * flops and bytes the device takes for this operation on host data, as
     * measured (0 or 1: as predicted; below 1: faster). */
    double device_slowdown;
    /* Seconds the device spends beyond its rate whatever the flops (a
     * factorisation's barrier a column), added to its time. */
    double device_fixed;
    /* Likewise for the host backends' curves (0 or 1: as predicted): a
     * routine that reaches its flops more slowly than the level-3 routines
     * (OpenBLAS's QR, reference LAPACK code around its BLAS). */
    double host_slowdown;
    /* A BLAS level-1 routine (DOT, ASUM): OpenBLAS's own ran at least as
     * fast as the CPU backend at every length measured (2-core machine: n
     * = 8 and 1000; the H200 node: 2^20), so its host part is the
     * reference's. */
    bool level1;
    /* The normalised call (shape_kind's structure) that a backend's
     * `takes` judges; NULL (a plan without a call): every backend takes it. */
    ompwg_shape_kind shape_kind;
    const void *shape;
} ompwg_call;

typedef struct ompwg_placement {
    const ompwg_backend *be;     /* runs the call (with a split: columns split..n-1) */
    const ompwg_backend *dev;    /* with a split: runs columns 0..split-1 */
    int64_t split;
    bool mapped;                 /* run on the mapped device copies in dev_low[] */
    char *dev_low[OMPWG_CALL_OPERANDS];
} ompwg_placement;

/* Places the call. OMPWG_OK, or OMPWG_ERR_UNAVAILABLE when no backend can
 * run it. */
int ompwg_place(const ompwg_call *call, ompwg_placement *out);

/* The backend for a short host call that the planner need not weigh: the
 * reference, where the short calls' word (short_calls.h) is open (auto
 * without a usable device, or the reference by name; neither check mode
 * nor tracing on, no split share, no thread's own choice, short calls not
 * turned off) and the reference takes the call (kind, shape: as
 * ompwg_call's); NULL otherwise (then the call goes through ompwg_place).
 * No lock, no allocation, no clock. */
const ompwg_backend *ompwg_short_host(ompwg_shape_kind kind, const void *shape);

/* Whether backend be takes the call (its `takes`; a call without a shape:
 * every backend does). */
bool ompwg_backend_takes(const ompwg_backend *be, const ompwg_call *c);

/* ompwg_place, and when the call runs on mapped data, each ptr[i] (a
 * pointer into operand i; NULL for none) moved to its device copy. */
int ompwg_place_call(const ompwg_call *call, ompwg_placement *out, void *ptr[]);

/* What the planner would do with the call c (its operands' bytes set, no
 * pointers), without running it: as ompwg_plan_gemm() describes, for the
 * entry points' own ompwg_plan_* functions. */
int ompwg_plan_call(const ompwg_model *model, const ompwg_call *c, ompwg_plan *out);

/* The model file (ompwg_get_model_file), and whether it is the default one
 * rather than one the program or OMPWG_MODEL_FILE named (place_settings.c). */
int ompwg_model_file(char *buf, size_t len, bool *by_default);

/* Runs f(model, arg) under the model's read lock, measuring the model first
 * when there is none (one thread measures; the others that need it wait).
 * f gets NULL when no model could be had (place_model.c). */
void ompwg_with_model(void (*f)(const ompwg_model *, void *), void *arg);

/* The time the model predicts for an n x n x n DGEMM, and for an
 * n x 64 x n one (a panel update), on host data on the device, as
 * calibrate.c measures them against (place.c). */
double ompwg_predict_host_gemm(const ompwg_model *m, int64_t n);
double ompwg_predict_host_panel(const ompwg_model *m, int64_t n);

#endif
