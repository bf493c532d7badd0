/* Placement by ompwg_mpi_grid_create: node-local ranks, one GPU per rank
 * (device local_rank mod the node's GPUs, and the GPU backend runs there),
 * and the node's cores split between ranks that were given the same ones,
 * while ranks the launcher bound keep their own. Run with and without
 * binding (tests/meson.build). */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "mtap.h"

int main(int argc, char **argv)
{
    mtap_init("test_mpi_place", &argc, &argv);
    int size = mtap_size();
    /* what the launcher gave, before the grid changes anything */
    cpu_set_t mine;
    CPU_ZERO(&mine);
    sched_getaffinity(0, sizeof mine, &mine);
    cpu_set_t *masks = malloc((size_t)size * sizeof *masks);
    MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, masks, (int)sizeof mine, MPI_BYTE, MPI_COMM_WORLD);
    int sharing = 0;
    for (int r = 0; r < size; r++) sharing += CPU_EQUAL(&masks[r], &mine);
    bool all_same = true;
    for (int r = 0; r < size; r++) all_same = all_same && CPU_EQUAL(&masks[r], &masks[0]);
    /* the CPU backend's cores before any share (no GPU is touched) */
    int cores = 0;
    ompwg_get_cpu_share(NULL, &cores);

    ompwg_mpi_grid *g = NULL;
    int st = ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, OMPWG_MPI_PLACE, &g);
    if (!mtap_ok(st == OMPWG_OK, "ompwg_mpi_grid_create(OMPWG_MPI_PLACE)")) {
        free(masks);
        return mtap_done();
    }
    ompwg_mpi_grid_info info;
    ompwg_mpi_grid_get_info(g, &info);

    /* one node here: local ranks are the ranks */
    int locals[2] = { info.local_rank, info.local_size }, all[2 * 64];
    bool pass = size <= 64;
    if (pass) MPI_Allgather(locals, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    unsigned long long seen = 0;
    for (int r = 0; pass && r < size; r++) {
        pass = all[2 * r + 1] == size && all[2 * r] >= 0 && all[2 * r] < size &&
               !(seen >> all[2 * r] & 1u);
        seen |= 1ull << all[2 * r];
    }
    mtap_ok(pass, "node-local ranks 0..%d, each once, local size %d (one node)", size - 1, size);

    /* cores: shares of one set are disjoint runs; a rank with a set of its
     * own keeps all of it */
    int shares[2 * 64] = { 0 }, share[2] = { info.cpu_first, info.cpu_count };
    MPI_Allgather(share, 2, MPI_INT, shares, 2, MPI_INT, MPI_COMM_WORLD);
    if (sharing == 1) {
        mtap_ok(info.cpu_first == 0 && info.cpu_count == cores,
                "cores of its own (the launcher bound each rank): kept, all %d of them", cores);
    } else if (all_same) {
        pass = true;
        for (int r = 0; r < size; r++) {
            int f = shares[2 * r], c = shares[2 * r + 1];
            if (size <= cores) {
                pass = pass && c >= cores / size && c <= cores / size + 1 && f >= 0 && f + c <= cores;
                for (int q = 0; q < r; q++)
                    if (f < shares[2 * q] + shares[2 * q + 1] && shares[2 * q] < f + c) pass = false;
            } else {
                pass = pass && c == 1 && f == r % cores;
            }
        }
        mtap_ok(pass, "%d ranks given the same %d cores: %s", size, cores,
                size <= cores ? "disjoint runs, one per rank" : "one core each, round robin");
    } else {
        mtap_skip("core shares", "the launcher gave some ranks the same cores and some not");
    }

    /* GPUs */
    int count = 0, dev = -2;
    ompwg_gpu_device_count(&count);
    if (count > 0) {
        int got = ompwg_get_gpu_device(&dev);
        pass = info.gpu_count == count && info.gpu_device == info.local_rank % count &&
               got == OMPWG_OK && dev == info.gpu_device;
        if (!pass) mtap_note("local rank %d, %d GPUs: grid chose %d, backend on %d (status %d)",
                             info.local_rank, count, info.gpu_device, dev, got);
        mtap_ok(pass, "one GPU per rank: device local_rank mod %d, and the GPU backend runs there", count);
        int devices[64];
        MPI_Allgather(&info.gpu_device, 1, MPI_INT, devices, 1, MPI_INT, MPI_COMM_WORLD);
        bool distinct = true;
        for (int r = 0; r < size && r < count; r++)
            for (int q = 0; q < r; q++) distinct = distinct && devices[q] != devices[r];
        mtap_ok(distinct, "the first %d ranks of the node on %d different GPUs", size < count ? size : count,
                size < count ? size : count);
    } else {
        mtap_ok(info.gpu_device == -1 && info.gpu_count == 0,
                "no GPU seen: no device chosen (gpu_device -1)");
        mtap_skip("one GPU per rank", "no GPU on this node (or host fallback)");
    }
    ompwg_mpi_grid_free(&g);
    free(masks);
    return mtap_done();
}
