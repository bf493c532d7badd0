/* The public setters and getters of the settings the store (core/config.c)
 * keeps itself: the GPU kernel variants, the CPU kernel, how a host thread
 * waits for the GPU, the distributed GEMM's panel width. */
#include "knob.h"

#include "knob_apply.h"
#include "ompwg.h"

ompwg_status ompwg_set_gpu_variant(ompwg_gpu_kernel kernel, const char *name)
{
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    if (k == OMPWG_KNOB_COUNT) return OMPWG_ERR_FLAGS;
    /* the GPU backend names its variants when it is probed */
    ompwg_knob_name_choices(k);
    return ompwg_config_set_choice(k, name);
}

ompwg_status ompwg_gpu_variant(ompwg_gpu_kernel kernel, const char **name)
{
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    if (k == OMPWG_KNOB_COUNT) return OMPWG_ERR_FLAGS;
    if (!name) return OMPWG_ERR_NULL;
    ompwg_knob_name_choices(k);
    *name = ompwg_config_kept_name(k);
    return OMPWG_OK;
}

ompwg_status ompwg_set_cpu_arch(const char *name)
{
    /* the CPU backend says which kernels this CPU runs when it is probed */
    ompwg_backend_info(0, NULL, NULL, 0);
    return ompwg_config_set_choice(OMPWG_KNOB_CPU_ARCH, name);
}

const char *ompwg_get_cpu_arch(void)
{
    return ompwg_config_kept_name(OMPWG_KNOB_CPU_ARCH);
}

ompwg_status ompwg_set_gpu_sync(const char *mode)
{
    return ompwg_config_set_choice(OMPWG_KNOB_GPU_SYNC, mode);
}

const char *ompwg_get_gpu_sync(void)
{
    return ompwg_config_kept_name(OMPWG_KNOB_GPU_SYNC);
}

ompwg_status ompwg_set_mpi_panel(int64_t width)
{
    const ompwg_knob_def *k = &ompwg_knobs[OMPWG_KNOB_MPI_PANEL];
    ompwg_config_read();
    if (width < -1) return OMPWG_ERR_RANGE;
    if (width == -1) {
        ompwg_config_refresh(OMPWG_KNOB_MPI_PANEL);
        width = ompwg_config_env_num(OMPWG_KNOB_MPI_PANEL);
    } else if (width == 0) {
        width = k->fallback;
    } else if (width > k->hi) {
        return OMPWG_ERR_RANGE;
    }
    ompwg_config_keep(OMPWG_KNOB_MPI_PANEL, width);
    return OMPWG_OK;
}

int64_t ompwg_get_mpi_panel(void)
{
    return ompwg_config_value(OMPWG_KNOB_MPI_PANEL);
}
