/* The drop-in cost benchmark: every BLAS routine of levels 1, 2 and 3 that
 * libompwg_blas exports, at a few orders, its time per call through the
 * drop-in against OpenBLAS alone. The program bench_dropin_cost and `ompwg
 * bench --dropin` run it. */
#ifndef OMPWG_BENCH_DROPIN_COST_H
#define OMPWG_BENCH_DROPIN_COST_H

/* Runs it with argv's options (argv[0] is not one); program names it in
 * the usage and the messages. 0: done; 1: a library, memory or an
 * operand failed; 2: bad usage. */
int bench_dropin_main(const char *program, int argc, char **argv);

#endif
