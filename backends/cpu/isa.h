/* Per-instruction-set settings for ukernel_tmpl.c, lanes_tmpl.c and trisolve_tmpl.c,
 * included after prec.h.
 * meson defines one OMPWG_CPU_ISA_<NAME> and the matching compiler flags.
 *
 * VEC_BYTES: the vector register width. MV: vectors per column of the
 * register tile (MR = MV * VEC_BYTES / sizeof(T)). NR: columns of the tile.
 * MV * NR accumulators plus MV loads of A and one broadcast of B must fit in
 * the register file (32 registers for AVX-512, 16 for AVX2 and SSE2).
 * MC x KC of A stays in L2, KC x NR of B in L1, KC x NC of B in L3. */
#undef ISA_NAME
#undef VEC_BYTES
#undef MV
#undef NR
#undef MC
#undef KC
#undef NC
#undef KERNEL
#undef LANES_FNS
#undef TRI_FNS

#if defined(OMPWG_CPU_ISA_AVX512)
#define ISA_NAME "avx512"
#define VEC_BYTES 64
#define KERNEL TN(ompwg_cpu_, kernel_avx512)
#define LANES_FNS TN(ompwg_cpu_, lanes_avx512)
#define TRI_FNS TN(ompwg_cpu_, tri_avx512)
#if defined(OMPWG_PREC_S)
#define MV 2
#define NR 12
#define MC 480
#define KC 384
#define NC 3072
#else
#define MV 2
#define NR 12
#define MC 240
#define KC 256
#define NC 3072
#endif

#elif defined(OMPWG_CPU_ISA_AVX2)
#define ISA_NAME "avx2"
#define VEC_BYTES 32
#define KERNEL TN(ompwg_cpu_, kernel_avx2)
#define LANES_FNS TN(ompwg_cpu_, lanes_avx2)
#define TRI_FNS TN(ompwg_cpu_, tri_avx2)
#if defined(OMPWG_PREC_S)
#define MV 2
#define NR 6
#define MC 144
#define KC 256
#define NC 4080
#else
#define MV 2
#define NR 6
#define MC 72
#define KC 256
#define NC 4080
#endif

#elif defined(OMPWG_CPU_ISA_GENERIC)
#define ISA_NAME "generic"
#define VEC_BYTES 16
#define KERNEL TN(ompwg_cpu_, kernel_generic)
#define LANES_FNS TN(ompwg_cpu_, lanes_generic)
#define TRI_FNS TN(ompwg_cpu_, tri_generic)
#if defined(OMPWG_PREC_S)
#define MV 2
#define NR 4
#define MC 128
#define KC 256
#define NC 4096
#else
#define MV 2
#define NR 4
#define MC 64
#define KC 256
#define NC 4096
#endif

#else
#error "define one of OMPWG_CPU_ISA_AVX512, OMPWG_CPU_ISA_AVX2, OMPWG_CPU_ISA_GENERIC"
#endif
