/* Device memory through the OpenMP offload runtime's own functions
 * (omp_target_alloc, omp_target_memcpy, omp_target_free), looked up in the
 * running process rather than linked: with clang they live in libomptarget,
 * which the library loads when it is built for offload, and a test program
 * that linked a copy of its own would change how the runtime comes up. */
#ifndef OMPWG_TEST_TARGET_MEM_H
#define OMPWG_TEST_TARGET_MEM_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the functions are there, or, in a build without offload, the
 * library's own ompwg_device_alloc/free/copy (host memory there); when
 * neither, *why says so. */
bool target_mem_available(char *why, size_t len);
/* target_mem_available, and where it is not, a TAP skip of `what` saying
 * why. */
bool target_mem_or_skip(const char *what);

/* The device the device-pointer cases allocate on: the default device, or
 * the initial device in host fallback. */
int target_data_device(void);
/* Whether kernels run on a device (not in host fallback), where cases too
 * long for host fallback's teams of host threads can go. */
bool target_on_device(void);

/* bytes on device dev (at least one byte is asked for); bails out of the
 * test program on failure. */
void *target_alloc(size_t bytes, int dev);
void target_free(void *p, int dev);

/* omp_target_memcpy(dst, src, bytes, 0, 0, dst_dev, src_dev); bails out of
 * the test program on failure. */
void target_copy(void *dst, const void *src, size_t bytes, int dst_dev, int src_dev);


/* A copy on device dev of the bytes at src (host memory of device host). */
void *target_copy_in(const void *src, size_t bytes, int dev, int host);
/* Copies the copy p on device dev back over dst (on host) and frees it. */
void target_copy_out(void *dst, void *p, size_t bytes, int dev, int host);

#endif
