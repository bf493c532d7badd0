/* The sub-group GEMM kernel (OMPWG_GPU_GEMM=subgroup), part of the GEMM
 * family's unit gemm_tmpl.c (one precision per unit; included there only),
 * whose job description it shares.
 *
 * The sub-group matrix multiply of the source material, without local
 * memory or barriers: the lanes of a sub-group span W consecutive rows of
 * C (C's contiguous dimension), each lane owning SG_RM rows W apart and
 * SG_RN columns. For each slice of W values of k, lane l loads one element
 * of the slice of the operand whose elements all lanes of a column need,
 * op(B)(k0 + l, j), and broadcasts it to the sub-group with a shuffle; each
 * lane reads its own rows of op(A) directly. In the column-major form every
 * call takes here, that operand is op(B); a row-major call computes
 * C^T = op(B)^T op(A)^T (src/args.c), so for it the broadcast operand is
 * the caller's A, as in the row-major kernel of the source material.
 *
 * W is the sub-group width of ompwg/team.h: 32 on the GPU, 1 in host
 * fallback, where every thread is a sub-group of one lane and broadcasts
 * nothing. The geometry depends on W only, never on the threads granted:
 * a team tile is SG_BLOCKS sub-blocks of (W * SG_RM) x SG_RN side by side,
 * the teams stride over the team tiles and the sub-groups of a team over
 * its sub-blocks. A team whose size is not a whole number of sub-groups
 * (never asked for) has its threads act as sub-groups of one lane, each
 * taking one lane's rows of a sub-block. */
enum {
    SG_W = OMPWG_SG_MAX_SIZE,
    /* rows and columns of a team tile */
    SG_TM = SG_W * SG_RM,
    SG_TN = SG_RN * SG_BLOCKS,
};

/* acc += lane's elements of op(A)'s column at offset `at` times element kk
 * of the slice (bt: this lane's element of it, per column), broadcast from
 * lane kk of the sub-group (bw > 1) or this thread's own (bw 1). */
GPU_INLINE void sg_step(const T *const arow[SG_RM], int64_t at, const T bt[SG_RN], int kk,
                        const int bw, ompwg_subgroup sg, T acc[SG_RM][SG_RN])
{
    T av[SG_RM];
#pragma unroll
    for (int r = 0; r < SG_RM; r++) av[r] = arow[r][at];
#pragma unroll
    for (int c = 0; c < SG_RN; c++) {
        const T bv = bw == 1 ? bt[c] : TEAM_T(ompwg_sg_broadcast)(sg, bt[c], kk);
#pragma unroll
        for (int r = 0; r < SG_RM; r++) acc[r][c] += av[r] * bv;
    }
}

/* C := alpha * op(A) op(B) + beta * C for lane `lane`'s rows of the
 * sub-block at (m0, n0): rows m0 + lane + W * r, columns n0 + c. bw is the
 * width of the broadcast: W for a sub-group (sg), 1 for a thread on its
 * own. Every lane runs the same k loop, so the shuffles are never
 * divergent; rows and columns beyond C are read clamped and not stored. */
GPU_INLINE void sg_block(const gemm_job *J, int64_t m0, int64_t n0, int lane, const int bw,
                          ompwg_subgroup sg)
{
    T acc[SG_RM][SG_RN];
#pragma unroll
    for (int r = 0; r < SG_RM; r++)
#pragma unroll
        for (int c = 0; c < SG_RN; c++) acc[r][c] = 0;
    const T *arow[SG_RM];
#pragma unroll
    for (int r = 0; r < SG_RM; r++) {
        int64_t row = m0 + lane + (int64_t)SG_W * r;
        arow[r] = J->a + (row < J->m ? row : J->m - 1) * J->sla;
    }
    int64_t bcol[SG_RN];
#pragma unroll
    for (int c = 0; c < SG_RN; c++) {
        int64_t col = n0 + c;
        bcol[c] = (col < J->n ? col : J->n - 1) * J->slb;
    }
    for (int64_t k0 = 0; k0 < J->k; k0 += bw) {
        /* this lane's element of the slice, for each column */
        int64_t kb = k0 + (bw == 1 ? 0 : lane);
        kb = kb < J->k ? kb : J->k - 1;
        T bt[SG_RN];
#pragma unroll
        for (int c = 0; c < SG_RN; c++) bt[c] = J->b[kb * J->skb + bcol[c]];
        const int kt = J->k - k0 < bw ? (int)(J->k - k0) : bw;
        if (kt == bw) {
            /* unrolled further, ptxas keeps the loads of many slices in
             * flight and spills (seen with ptxas 13: 255 registers and
             * 124-272 bytes of spills, the double kernel at a tenth of the
             * float one's speed); twice, it does not spill */
#pragma unroll 2
            for (int kk = 0; kk < bw; kk++)
                sg_step(arow, (k0 + kk) * J->ska, bt, kk, bw, sg, acc);
        } else {
            for (int kk = 0; kk < kt; kk++)
                sg_step(arow, (k0 + kk) * J->ska, bt, kk, bw, sg, acc);
        }
    }
#pragma unroll
    for (int c = 0; c < SG_RN; c++) {
        const int64_t col = n0 + c;
        if (col >= J->n) continue;
        T *cc = J->c + col * J->ldc;
#pragma unroll
        for (int r = 0; r < SG_RM; r++) {
            const int64_t row = m0 + lane + (int64_t)SG_W * r;
            if (row >= J->m) continue;
            const T ab = J->alpha * acc[r][c];
            cc[row] = J->beta == 0 ? ab : ab + J->beta * cc[row];
        }
    }
}

static void gemm_subgroup(int dev, bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha,
                          const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c,
                          int64_t ldc)
{
    /* the grid is sized for a GPU's warps; the kernel finds its own tiles */
    const int64_t gpu_tiles = ompwg_gpu_ceil_div(m, 32 * SG_RM) * ompwg_gpu_ceil_div(n, SG_TN);
    const int teams = ompwg_gpu_teams_for(gpu_tiles);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SG_NT) is_device_ptr(a, b, c)
    {
#pragma omp parallel firstprivate(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
        {
            const gemm_job job = {
                .m = m, .n = n, .k = k,
                .sla = ta ? lda : 1, .ska = ta ? 1 : lda,
                .slb = tb ? 1 : ldb, .skb = tb ? ldb : 1,
                .ldc = ldc, .a = a, .b = b, .c = c, .alpha = alpha, .beta = beta,
                .tiles_m = ompwg_gpu_ceil_div(m, SG_TM), .tiles_n = ompwg_gpu_ceil_div(n, SG_TN),
            };
            const int64_t ntiles = job.tiles_m * job.tiles_n;
            const ompwg_team tm = ompwg_team_this();
            const ompwg_subgroup sg = ompwg_sg_of(tm);
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            /* tm.size is the same for every thread of the team: all take one path */
            const bool whole = tm.size % SG_W == 0;
            /* a worker: a sub-group, or a thread taking one lane's rows */
            const int worker = whole ? sg.id : tm.thread, workers = whole ? sg.count : tm.size;
            const int items = whole ? SG_BLOCKS : SG_BLOCKS * SG_W;
            for (int64_t tile = team; tile < ntiles; tile += nteam) {
                int64_t ti, tj;
                ompwg_gpu_tile_coords(tile, job.tiles_m, job.tiles_n, &ti, &tj);
                for (int item = worker; item < items; item += workers) {
                    const int block = whole ? item : item / SG_W;
                    const int64_t m0 = ti * SG_TM, n0 = tj * SG_TN + (int64_t)block * SG_RN;
                    if (m0 >= m || n0 >= n) continue;
                    if (whole)
                        sg_block(&job, m0, n0, sg.lane, SG_W, sg);
                    else
                        sg_block(&job, m0, n0, item % SG_W, 1, sg);
                }
            }
        }
    }
}
