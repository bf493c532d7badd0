/* The reference transpose, compiled once per precision. */
#include "prec.h"

#include "ompwg.h"
#include "reference.h"

/* Elements of a block side: two 32 x 32 blocks of doubles fit in any L1. */
#define REF_BLOCK 32

int TN(ompwg_ref_, transpose)(const ompwg_transpose_shape *s, const T *a, T *b)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    for (int64_t j0 = 0; j0 < s->n; j0 += REF_BLOCK)
        for (int64_t i0 = 0; i0 < s->m; i0 += REF_BLOCK) {
            int64_t j1 = j0 + REF_BLOCK < s->n ? j0 + REF_BLOCK : s->n;
            int64_t i1 = i0 + REF_BLOCK < s->m ? i0 + REF_BLOCK : s->m;
            for (int64_t i = i0; i < i1; i++)
                for (int64_t j = j0; j < j1; j++) b[j + i * s->ldb] = a[i + j * s->lda];
        }
    return OMPWG_OK;
}
