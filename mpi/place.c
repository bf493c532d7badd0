#include "place.h"

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ompwg.h"

/* Device local_rank mod the node's GPUs, when the GPU backend can run there
 * (ompwg_set_gpu_device says). Before the library's first use this is the
 * only device the process ever touches. */
static void choose_gpu(ompwg_mpi_grid *g)
{
    g->gpu_device = -1;
    if (ompwg_gpu_device_count(&g->gpu_count) != OMPWG_OK || g->gpu_count <= 0) return;
    int dev = g->local_rank % g->gpu_count;
    if (ompwg_set_gpu_device(dev) == OMPWG_OK) g->gpu_device = dev;
}

/* FNV-1a of the mask's bytes, as a non-negative MPI_Comm_split color. */
static int mask_color(const cpu_set_t *mask)
{
    const unsigned char *p = (const unsigned char *)mask;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < sizeof *mask; i++) h = (h ^ p[i]) * 16777619u;
    return (int)(h & 0x7fffffffu);
}

/* The ranks of a node that were given the same cores split them, in
 * node-local rank order; a rank with cores of its own keeps them. Ranks
 * with the same mask find each other through MPI_Comm_split on its hash,
 * and check that the masks really are equal before sharing. */
static int share_cores(ompwg_mpi_grid *g, MPI_Comm node)
{
    cpu_set_t mine;
    CPU_ZERO(&mine);
    /* no mask (the call failed): every such rank alike, so they split
     * whatever the CPU backend finds */
    sched_getaffinity(0, sizeof mine, &mine);
    MPI_Comm same;
    if (MPI_Comm_split(node, mask_color(&mine), g->local_rank, &same) != MPI_SUCCESS)
        return OMPWG_MPI_ERR_MPI;
    enum { WORDS = sizeof(cpu_set_t) / sizeof(int64_t) };
    int64_t words[2 * WORDS];
    memcpy(words, &mine, sizeof mine);
    for (int i = 0; i < WORDS; i++) words[WORDS + i] = ~words[i];
    int part = 0, parts = 1, st = OMPWG_OK;
    if (MPI_Comm_rank(same, &part) != MPI_SUCCESS || MPI_Comm_size(same, &parts) != MPI_SUCCESS ||
        MPI_Allreduce(MPI_IN_PLACE, words, 2 * WORDS, MPI_INT64_T, MPI_MIN, same) != MPI_SUCCESS)
        st = OMPWG_MPI_ERR_MPI;
    bool equal = st == OMPWG_OK;
    for (int i = 0; equal && i < WORDS; i++) equal = words[i] == ~words[WORDS + i];
    if (equal && parts > 1) st = ompwg_set_cpu_share(part, parts);
    MPI_Comm_free(&same);
    return st;
}

int ompwg_mpi_place(ompwg_mpi_grid *g, unsigned flags)
{
    MPI_Comm node;
    if (MPI_Comm_split_type(g->comm, MPI_COMM_TYPE_SHARED, g->rank, MPI_INFO_NULL, &node) !=
        MPI_SUCCESS)
        return OMPWG_MPI_ERR_MPI;
    int st = OMPWG_OK;
    if (MPI_Comm_rank(node, &g->local_rank) != MPI_SUCCESS ||
        MPI_Comm_size(node, &g->local_size) != MPI_SUCCESS)
        st = OMPWG_MPI_ERR_MPI;
    g->gpu_device = -1;
    g->gpu_count = 0;
    if (st == OMPWG_OK && (flags & OMPWG_MPI_ONE_GPU_PER_RANK)) choose_gpu(g);
    else if (st == OMPWG_OK) ompwg_gpu_device_count(&g->gpu_count);
    if (st == OMPWG_OK && (flags & OMPWG_MPI_SHARE_CORES)) st = share_cores(g, node);
    MPI_Comm_free(&node);
    return st;
}
