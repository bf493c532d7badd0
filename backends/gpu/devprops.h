/* Properties of a CUDA device, read through the driver API loaded at run
 * time, so that the library never depends on CUDA at build or load time. */
#ifndef OMPWG_GPU_DEVPROPS_H
#define OMPWG_GPU_DEVPROPS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ompwg_gpu_props {
    char name[128];
    int sm_count;
    int warp_size;
    int cc_major, cc_minor;
    int smem_per_block;       /* bytes a team gets without opting in */
    int smem_per_block_optin; /* bytes a team may get by opting in */
    size_t global_mem;        /* bytes */
    int clock_khz;            /* peak SM clock */
    int l2_bytes;
} ompwg_gpu_props;

/* Fills *p for CUDA device `ordinal`. False, with *p untouched, when
 * libcuda.so.1 cannot be loaded or a query fails. */
bool ompwg_gpu_query_props(int ordinal, ompwg_gpu_props *p);

/* Sets how host threads wait for device `ordinal` (OMPWG_GPU_SYNC, read
 * each time the backend starts on a device: the probe, a device switch):
 * "auto" (the default: CUDA's own heuristic, which spins while the
 * process has fewer contexts than cores), "spin", "yield", "blocking" (the
 * offload runtime's choice: the thread sleeps until an interrupt), or
 * "keep". The offload runtime makes the primary context block on every
 * wait, and each wait then costs a wake-up: about 18 us of the 30 us an
 * empty target region took on an H100 under a virtual machine, see
 * bench/NOTES.md. Writes what it did into why (len bytes); false when the
 * driver could not be asked or the value is not one of these. */
bool ompwg_gpu_set_host_wait(int ordinal, char *why, size_t len);

/* Whether host memory at p is page-locked and known to CUDA device
 * `ordinal` (the offload runtime's llvm_omp_target_alloc_host,
 * cuMemAllocHost, cuMemHostRegister): false when it is pageable or the
 * driver cannot be asked. Thread-safe; loads the driver once. */
bool ompwg_gpu_query_pinned(int ordinal, const void *p);

#endif
