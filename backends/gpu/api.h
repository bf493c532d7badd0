/* What src/ needs of the GPU backend beyond its table: the public device,
 * property and device-memory functions (src/gpu_api.c,
 * src/device_memory_api.c) call these after their argument checks. */
#ifndef OMPWG_GPU_API_H
#define OMPWG_GPU_API_H

#include <stdbool.h>
#include <stddef.h>

#include "devprops.h"
#include "ompwg.h"

/* What the probe decided, read by every call. The probe runs once under the
 * registry's pthread_once, before any call can reach the kernels, so these
 * need no locking. */

/* True when the probe found the backend usable (on a device or, by explicit
 * request, in host fallback). Nothing touches the offload runtime while it is
 * false. */
bool ompwg_gpu_ready(void);

/* The OpenMP device number every target construct and device allocation
 * uses: the chosen device on a GPU (OMPWG_GPU_DEVICE, ompwg_set_gpu_device,
 * else the default device), the initial (host) device in host fallback. */
int ompwg_gpu_device(void);

/* True when the kernels run on host threads (OMP_TARGET_OFFLOAD=DISABLED). */
bool ompwg_gpu_on_host(void);

/* Copies the current device's properties into *out; false in host fallback
 * or when the CUDA driver could not be asked. */
bool ompwg_gpu_device_props(ompwg_gpu_props *out);

/* Devices the offload runtime sees: 0 in host fallback and in a build
 * without offload. Runs no target region. */
int ompwg_gpu_visible_devices(void);

/* Before the probe has run: makes it start on device `dev` (when that is
 * one of the devices) instead of the default one. Afterwards: nothing. */
void ompwg_gpu_request_device(int dev);

/* After the probe: moves every later call to device `dev` (-1: the default
 * device) once a target region has run there. OMPWG_OK, OMPWG_ERR_RANGE
 * (not a device here; in host fallback anything but -1) or
 * OMPWG_ERR_UNAVAILABLE (the backend, or that device, cannot run). */
int ompwg_gpu_use_device(int dev);

/* Device allocations without the pool's cache, for buffers whose owner
 * frees them (the public ompwg_device_alloc): OMPWG_OK or
 * OMPWG_ERR_DEVICE_NOMEM. */
int ompwg_gpu_alloc_direct(int dev, size_t bytes, void **out);
void ompwg_gpu_free_direct(int dev, void *p);

/* Copies bytes > 0 the way `kind` says (a valid ompwg_copy_kind) on `dev`,
 * host memory staged as host-data calls stage it: OMPWG_OK or
 * OMPWG_ERR_DEVICE. */
int ompwg_gpu_copy(int dev, void *dst, const void *src, size_t bytes, ompwg_copy_kind kind);

#endif
