/* One precision's GEMM kernels and entry point, included by gemm.c, which
 * sets the precision, GEMM_TC and GEMM_TC_HOST, the large tile's depth
 * GEMM_LARGE_TK and GEMM_LARGE_KK_UNROLL and the sub-group kernel's SG_RM x
 * SG_RN: the call's description, the tiled kernel for each team tile
 * (gemm.c gives their sizes; gemm_tmpl.c undefines its parameters), the
 * sub-group kernel, the call on device data and the entry point with its
 * host-data paths. */
#include "gemm_job_tmpl.c"

#define GEMM_TAG _large
#define GEMM_TM OMPWG_GPU_TILE_M
#define GEMM_TN OMPWG_GPU_TILE_N
#define GEMM_TK GEMM_LARGE_TK
#define GEMM_RM 8
#define GEMM_RN 8
#define GEMM_KK_UNROLL GEMM_LARGE_KK_UNROLL
#include "gemm_tmpl.c"

#define GEMM_TAG _small
#define GEMM_TM SMALL_TM
#define GEMM_TN SMALL_TN
#define GEMM_TK SMALL_TK
#define GEMM_RM 4
#define GEMM_RN 4
#define GEMM_KK_UNROLL 0
#include "gemm_tmpl.c"

#include "gemm_subgroup_tmpl.c"
#include "gemm_call_tmpl.c"
#include "gemm_host_tmpl.c"
