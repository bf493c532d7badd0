/* The tiled kernel of cgemm_tmpl.c's precision, a part of it included
 * twice: on the tensor cores (CG_TILED_TC 1: cg_tiled_tc, which the host
 * side asks for only where CG_TC_HOST) and not (CG_TILED_TC 0: cg_tiled),
 * each a kernel of its own so that neither one's registers weigh on the
 * other's allocation. The local memory (two buffers of a k slice) is
 * declared in the teams region and shared by its threads, and the
 * arguments are firstprivate so that no thread reads team memory for them
 * after a barrier. */
#if CG_TILED_TC
#define CG_TILED cg_tiled_tc
#else
#define CG_TILED cg_tiled
#endif

static void CG_TILED(int dev, const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                     T *c)
{
    const bool ta = s->transa, tb = s->transb, ca = s->transa && s->conja,
               cb = s->transb && s->conjb;
    const int64_t m = s->m, n = s->n, k = s->k, lda = s->lda, ldb = s->ldb, ldc = s->ldc;
    const TR alpha_re = alpha.re, alpha_im = alpha.im, beta_re = beta.re, beta_im = beta.im;
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, CG_TM);
    const int64_t ntiles = tiles_m * ompwg_gpu_ceil_div(n, CG_TN);
    const int teams = ompwg_gpu_teams_for(ntiles);
#if CG_TILED_TC
#pragma omp target teams device(dev) num_teams(teams) thread_limit(CG_NT) is_device_ptr(a, b, c) \
    ompx_dyn_cgroup_mem(CG_STAGES * sizeof(cg_slice))
#else
#pragma omp target teams device(dev) num_teams(teams) thread_limit(CG_NT) is_device_ptr(a, b, c)
#endif
    {
#if !(CG_TILED_TC && CG_ASYNC)
        cg_slice sl[2];
#endif
#pragma omp parallel firstprivate(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re, \
                                      alpha_im, beta_re, beta_im, tiles_m, ntiles)
        {
            const cg_job J =
                cg_job_of(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re,
                          alpha_im, beta_re, beta_im, tiles_m, ntiles);
#if CG_TILED_TC && CG_ASYNC
            cg_team(true, &J, llvm_omp_target_dynamic_shared_alloc());
#else
            cg_team(CG_TILED_TC && CG_TC, &J, sl);
#endif
        }
    }
}

#undef CG_TILED
