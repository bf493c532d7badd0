/* Launch geometry shared by the GPU kernel families: how many teams to ask
 * for and how many partial results a reduction or scan makes (host code,
 * called before a target region), and the order in which the GEMM kernels'
 * teams take their tiles (inside target regions), of all of C or of a
 * triangle. */
#ifndef OMPWG_GPU_GRID_H
#define OMPWG_GPU_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "../gpu.h"

/* Cap on requested teams: the kernels stride by the teams granted, so any
 * count is correct; this only keeps the request an int. */
#define OMPWG_GPU_MAX_TEAMS (1 << 20)
/* Partial results in host fallback: a few, each combined by the one team. */
#define OMPWG_GPU_HOST_PARTIALS 4

static inline int64_t ompwg_gpu_ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

/* Teams to request for `work` independent pieces: one each on a GPU; one
 * team on the host, where a team's threads are the host's cores and more
 * teams would only multiply the threads. */
static inline int ompwg_gpu_teams_for(int64_t work)
{
    if (ompwg_gpu_on_host()) return 1;
    return work < OMPWG_GPU_MAX_TEAMS ? (int)work : OMPWG_GPU_MAX_TEAMS;
}

/* Partial results (virtual teams) for n elements in blocks of `block`. Their
 * number depends only on n and the device, so that a result does not depend
 * on how many teams the runtime grants; the teams granted stride over them. */
static inline int64_t ompwg_gpu_partials_for(int64_t n, int64_t block, int teams_per_sm)
{
    int64_t cap = ompwg_gpu_on_host() ? OMPWG_GPU_HOST_PARTIALS
                                      : (int64_t)ompwg_gpu_sm_count() * teams_per_sm;
    int64_t blocks = ompwg_gpu_ceil_div(n, block);
    return blocks < cap ? blocks : cap;
}

/* Tile number -> tile coordinates (ti, tj) of a grid of tiles_m x tiles_n
 * tiles. Groups of 8 tile rows are walked column by column, so teams that
 * run at the same time share panels of A and B in the L2 cache. */
static inline void ompwg_gpu_tile_coords(int64_t tile, int64_t tiles_m, int64_t tiles_n,
                                         int64_t *ti, int64_t *tj)
{
    enum { GROUP = 8 };
    const int64_t per_group = GROUP * tiles_n;
    const int64_t first_m = tile / per_group * GROUP;
    const int64_t rows = tiles_m - first_m < GROUP ? tiles_m - first_m : GROUP;
    const int64_t in_group = tile % per_group;
    *ti = first_m + in_group % rows;
    *tj = in_group / rows;
}

/* Tile number -> tile coordinates (ti, tj) of the tiles on and below the
 * diagonal of a square grid, taken row by row (tile ti (ti + 1) / 2 + tj
 * is (ti, tj), tj <= ti); `upper`: their transposes, the tiles on and
 * above the diagonal. */
static inline void ompwg_gpu_tri_tile_coords(int64_t tile, bool upper, int64_t *ti, int64_t *tj)
{
    int64_t i = (int64_t)((__builtin_sqrt(8.0 * (double)tile + 1.0) - 1.0) / 2.0);
    /* the rounded square root may land one row off either way */
    while (i * (i + 1) / 2 > tile) i--;
    while ((i + 1) * (i + 2) / 2 <= tile) i++;
    const int64_t j = tile - i * (i + 1) / 2;
    *ti = upper ? j : i;
    *tj = upper ? i : j;
}

#endif
