/* Tuning constants of the kernel families for sm_90 (H100, H200), the
 * architecture the kernels were tuned on. A family's unit includes this
 * header where it used to define them; the comments say why each value,
 * the measurements behind them are in bench/NOTES.md. Sizes in KiB below
 * are what the arrays take, which the limits of team-shared memory bound. */
#ifndef OMPWG_GPU_TUNE_SM90_H
#define OMPWG_GPU_TUNE_SM90_H

/* ---- TRSM and TRMM (kernels/level3) ----
 *
 * TRI_NB: order of a diagonal block of TRSM and TRMM, solved or multiplied
 * by one team in team-shared memory; the rest of the work is GEMM updates
 * between halves (level3_tri.inl). TRI_VB right-hand sides (columns of C on
 * the left, rows on the right) per team, one per thread: the block and
 * TRI_VB vectors of double take 41 KiB of the 48 KiB a team gets without
 * opting in. TRI_ROW: elements per row of the staged block (padded against
 * bank conflicts).
 *
 * TRSM's recursion stops at panels of up to TRI_PANEL rows, each solved in
 * one launch by teams of TRI_PNT threads holding TRI_PV vectors of it: for
 * double 32 KiB of vectors and the 8.4 KiB block, within the 48 KiB. 32
 * vectors and 256 threads beat 16 and 128 (two teams an SM) at every order
 * measured, with and without the tensor-core panel (see bench/NOTES.md,
 * "TRSM on device data"). TRI_LOADS: elements of a staged block a thread
 * loads before it stores any. TRI_XROW: elements per staged row of vectors,
 * padded so that the tensor-core path's fragment reads (four k rows, eight
 * vectors) fall in distinct banks; with it the two arrays take 44.3 KiB for
 * double. */
enum {
    TRI_NB = 32,
    TRI_VB = 128,
    TRI_ROW = TRI_NB + 1,
    TRI_PANEL = 128,
    TRI_PV = 32,
    TRI_XROW = TRI_PV + 4,
    TRI_PNT = 256,
    TRI_LOADS = 4,
};

/* ---- Reductions (kernels/reduce) ----
 *
 * Each can be overridden with -D for experiments (see tools/gpu-perf.sh). A
 * team has RED_NT threads; a block is RED_NT * U 16-byte pieces, read by
 * the team in U coalesced sweeps, so each thread has U loads per stream in
 * flight (block_load). Sum and asum read one stream, dot two, and each has
 * its own kernel.
 *
 * The grid has RED_TEAMS_PER_SM (sum, asum, max, min) or
 * RED_DOT_TEAMS_PER_SM (dot) virtual teams per SM, each a fixed share of
 * the blocks. With the one-launch finish (finish.h), 4 and 3 beat 3 and 2
 * for both precisions at 2^28 elements. The kernels' register counts let 2
 * teams of 256 threads be resident per SM, so the rest of the grid follows
 * in waves, and the finer shares end more evenly (see bench/NOTES.md,
 * "Reductions"). */
#ifndef RED_NT
#define RED_NT 256
#endif
#ifndef RED_SUM_U
#define RED_SUM_U 4
#endif
#ifndef RED_DOT_U
#define RED_DOT_U 4
#endif
#ifndef RED_TEAMS_PER_SM
#define RED_TEAMS_PER_SM 4
#endif
#ifndef RED_DOT_TEAMS_PER_SM
#define RED_DOT_TEAMS_PER_SM 3
#endif

#endif
