/* The public thread count and core share of the CPU backend. */
#include "backends/cpu/api.h"
#include "ompwg.h"

ompwg_status ompwg_set_num_threads(int n)
{
    return ompwg_cpu_set_thread_count(n);
}

int ompwg_get_num_threads(void)
{
    return ompwg_cpu_thread_count();
}

ompwg_status ompwg_set_cpu_share(int part, int parts)
{
    if (parts < 1 || part < 0 || part >= parts) return OMPWG_ERR_RANGE;
    ompwg_cpu_set_share(part, parts);
    return OMPWG_OK;
}

ompwg_status ompwg_get_cpu_share(int *first, int *count)
{
    int f, c;
    ompwg_cpu_share(&f, &c);
    if (first) *first = f;
    if (count) *count = c;
    return OMPWG_OK;
}
