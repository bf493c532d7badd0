/* The reference scan, compiled once per precision (float, double, int64). */
#include "prec.h"

#include "ompwg.h"
#include "reference.h"

void TN(ompwg_ref_, scan_from)(const ompwg_scan_shape *s, const T *x, T *y, ACC start)
{
    ACC run = start;
    for (int64_t i = 0; i < s->n; i++) {
        ACC next = ACC_ADD(run, (ACC)x[i * s->incx]);
        y[i * s->incy] = (T)(s->exclusive ? run : next);
        run = next;
    }
}

int TN(ompwg_ref_, scan)(const ompwg_scan_shape *s, const T *x, T *y)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    TN(ompwg_ref_, scan_from)(s, x, y, 0);
    return OMPWG_OK;
}
