/* The GEMM team tile: each team computes a TILE_M x TILE_N block of C,
 * stepping through k TILE_K at a time. Both precisions use it (with
 * different register tiles and thread counts, see gemm.c); the dispatch
 * table reports it so that the tests probe the edges around it. */
#ifndef OMPWG_GPU_TILES_H
#define OMPWG_GPU_TILES_H

#define OMPWG_GPU_TILE_M 128
#define OMPWG_GPU_TILE_N 128
#ifndef OMPWG_GPU_TILE_K
#define OMPWG_GPU_TILE_K 8
#endif

#endif
