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
#include "grid.h"
#include "ompwg.h"
#include "staging.h"

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
 * real and imaginary parts apart, is at most 16.3 KiB, two buffers of it
 * 33 KiB a team. */
#define CG_TM 64
#define CG_TN 64
#define CG_RM 4
#define CG_RN 4
#define CG_NT ((CG_TM / CG_RM) * (CG_TN / CG_RN))
/* Staged rows one element longer than the tile: a transposed operand is
 * stored down a column of the slice, and the odd stride spreads those
 * stores over the banks. */
#define CG_ROW_A (CG_TM + 1)
#define CG_ROW_B (CG_TN + 1)
#define CG_TK_C 8
#define CG_TK_Z 8

/* elements of each slice a thread of a full team stages */
#define CG_LA (CG_TM * CG_TK / CG_NT)
#define CG_LB (CG_TN * CG_TK / CG_NT)

#define OMPWG_PREC_C
#define CG_TK CG_TK_C
_Static_assert(CG_LA * CG_NT == CG_TM * CG_TK && CG_LB * CG_NT == CG_TN * CG_TK,
               "a full team stages the float slices evenly");
#include "cgemm_tmpl.c"
#include "cgemm_call_tmpl.c"
#undef CG_TK
#undef OMPWG_PREC_C

#define OMPWG_PREC_Z
#define CG_TK CG_TK_Z
_Static_assert(CG_LA * CG_NT == CG_TM * CG_TK && CG_LB * CG_NT == CG_TN * CG_TK,
               "a full team stages the double slices evenly");
#include "cgemm_tmpl.c"
#include "cgemm_call_tmpl.c"
#undef CG_TK
#undef OMPWG_PREC_Z
