/* Caller-owned copies for the public ompwg_device_copy: host memory is
 * staged as a host-data call stages it. */
#include "devmem.h"
#include "../gpu.h"
#include "ompwg.h"
#include "staging.h"

int ompwg_gpu_copy(int dev, void *dst, const void *src, size_t bytes, ompwg_copy_kind kind)
{
    switch (kind) {
    case OMPWG_HOST_TO_DEVICE: {
        const ompwg_gpu_block block = ompwg_gpu_bytes_block((void *)src, dst, bytes);
        return ompwg_gpu_block_in(dev, &block);
    }
    case OMPWG_DEVICE_TO_HOST: {
        const ompwg_gpu_block block = ompwg_gpu_bytes_block(dst, (void *)src, bytes);
        return ompwg_gpu_block_out(dev, &block);
    }
    default: return ompwg_gpu_on_device(dev, dst, src, bytes);
    }
}
