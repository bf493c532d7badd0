/* The GEMM team tile: each team computes a TILE_M x TILE_N block of C,
 * stepping through k TILE_K at a time (the float kernel twice as deep, and
 * small problems on a 64 x 64 tile: see gemm.c); the dispatch table
 * reports it. */
#ifndef OMPWG_GPU_TILES_H
#define OMPWG_GPU_TILES_H

#define OMPWG_GPU_TILE_M 128
#define OMPWG_GPU_TILE_N 128
#ifndef OMPWG_GPU_TILE_K
#define OMPWG_GPU_TILE_K 8
#endif

#endif
