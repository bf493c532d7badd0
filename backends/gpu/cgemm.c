/* The GPU complex GEMM kernels of both complex precisions, in one
 * translation unit (LLVM's OpenMP optimisations, SPMD mode and team arrays
 * moved to shared memory, work across the functions of a unit): the tiled
 * kernel (cgemm_tmpl.c) and the calls around it (cgemm_call_tmpl.c) are
 * included once with OMPWG_PREC_C and once with OMPWG_PREC_Z. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "devmem.h"
#include "gpu.h"
#include "gpu_mma.h"
#include "grid.h"
#include "ompwg.h"
#include "ompwg_config.h"
#include "staging.h"
#include "variant.h"

/* Threads of the C := beta * C kernel's teams. */
#define CSCALE_NT 256

/* The team tile: CG_TM x CG_TN of C, CG_RM x CG_RN per thread, so
 * (CG_TM / CG_RM) * (CG_TN / CG_RN) = 256 threads, each with 16 complex
 * accumulators (32 registers of the real type). A thread's rows are
 * CG_TM / CG_RM apart and its columns CG_TN / CG_RN apart, so the threads
 * of a warp read consecutive staged values. The k slice is 8 deep for
 * both precisions (CG_TK_C, CG_TK_Z): a float slice 16 deep left each
 * thread 8 elements to fetch ahead, and ptxas -v (sm_90) showed the float
 * kernel spilling; 8 deep neither spills. A staged slice of op(A) and op(B),
 * real and imaginary parts apart, is at most 17 KiB, two buffers of it
 * 34 KiB a team.
 *
 * CG_TC: the double kernel's FP64 tensor-core path is compiled (device
 * pass only: inline PTX, gpu_mma.h); CG_TC_HOST: the host side may ask for
 * it. The team's 8 warps then split the tile into 16 x 32 warp tiles
 * (m16n8k8; 16 x 32 in 8 x 8 blocks for m8n8k4), whose two accumulator
 * sets, real and imaginary, take the place of the register tiles. */
#define CG_TM 64
#define CG_TN 64
#define CG_RM 4
#define CG_RN 4
#define CG_NT ((CG_TM / CG_RM) * (CG_TN / CG_RN))
/* Staged rows 4 elements longer than the tile. A transposed operand is
 * stored down a column of the slice, 8 consecutive threads along k: a row
 * of 4 (mod 32) 4-byte banks puts a warp's float stores in 32 distinct
 * banks. For double the tensor-core fragments want rows of 4 (mod 16)
 * elements: the four k rows a half-warp reads fall in distinct banks. */
#define CG_ROW_A (CG_TM + 4)
#define CG_ROW_B (CG_TN + 4)
#define CG_TK_C 8
#define CG_TK_Z 8

/* elements of each slice a thread of a full team stages */
#define CG_LA (CG_TM * CG_TK / CG_NT)
#define CG_LB (CG_TN * CG_TK / CG_NT)

#define OMPWG_PREC_C
#define CG_TK CG_TK_C
#define CG_TC 0
#define CG_TC_HOST 0
_Static_assert(CG_LA * CG_NT == CG_TM * CG_TK && CG_LB * CG_NT == CG_TN * CG_TK,
               "a full team stages the float slices evenly");
#include "cgemm_tmpl.c"
#include "cgemm_call_tmpl.c"
#undef CG_TC
#undef CG_TC_HOST
#undef CG_TK
#undef OMPWG_PREC_C

#define OMPWG_PREC_Z
#define CG_TK CG_TK_Z
#define CG_TC_HOST (OMPWG_GPU_FP64_MMA > 0)
#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define CG_TC 1
#else
#define CG_TC 0
#endif
_Static_assert(CG_LA * CG_NT == CG_TM * CG_TK && CG_LB * CG_NT == CG_TN * CG_TK,
               "a full team stages the double slices evenly");
#include "cgemm_tmpl.c"
#include "cgemm_call_tmpl.c"
#undef CG_TC
#undef CG_TC_HOST
#undef CG_TK
#undef OMPWG_PREC_Z
