#include "summa.h"

#include <limits.h>
#include <stdlib.h>

#include "desc.h"
#include "ompwg_mpi.h"

/* An update is cut into at most this many column chunks, each at least
 * CHUNK_MIN_COLS wide (narrower GEMMs lose more than the progress gains). */
#define MAX_CHUNKS 4
#define CHUNK_MIN_COLS 128

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t panel_limit(void)
{
    return ompwg_get_mpi_panel();
}

static int64_t local_cols(const ompwg_mpi_grid *g, int64_t n, int64_t nb)
{
    return ompwg_mpi_numroc(n, nb, g->mycol, g->npcol);
}

static int64_t local_rows(const ompwg_mpi_grid *g, int64_t m, int64_t mb)
{
    return ompwg_mpi_numroc(m, mb, g->myrow, g->nprow);
}

static int check_desc(const ompwg_mpi_grid *g, const ompwg_mpi_desc *d)
{
    if (!ompwg_mpi_desc_valid(d)) return OMPWG_MPI_ERR_DESC;
    int64_t rows = ompwg_mpi_desc_local_rows(g, d);
    return d->lld >= (rows > 1 ? rows : 1) ? OMPWG_OK : OMPWG_ERR_LD;
}

int ompwg_mpi_summa_plan(const ompwg_mpi_grid *g, ompwg_trans transa, ompwg_trans transb,
                         int64_t m, int64_t n, int64_t k, bool alpha_zero, const void *a,
                         const ompwg_mpi_desc *da, const void *b, const ompwg_mpi_desc *db,
                         const void *c, const ompwg_mpi_desc *dc, summa_plan *p)
{
    ompwg_trans t[2] = { transa, transb };
    for (int i = 0; i < 2; i++)
        if (t[i] != OMPWG_NO_TRANS && t[i] != OMPWG_TRANS && t[i] != OMPWG_CONJ_TRANS)
            return OMPWG_ERR_TRANS;
    if (transa != OMPWG_NO_TRANS || transb != OMPWG_NO_TRANS) return OMPWG_ERR_UNSUPPORTED;
    if (m < 0 || n < 0 || k < 0) return OMPWG_ERR_SIZE;
    if (!da || !db || !dc) return OMPWG_ERR_NULL;
    const ompwg_mpi_desc *d[3] = { da, db, dc };
    for (int i = 0; i < 3; i++) {
        int st = check_desc(g, d[i]);
        if (st != OMPWG_OK) return st;
    }
    if (da->m < m || da->n < k || db->m < k || db->n < n || dc->m < m || dc->n < n)
        return OMPWG_MPI_ERR_DESC;
    /* A's rows must be dealt out as C's, B's columns as C's */
    if (da->mb != dc->mb || db->nb != dc->nb) return OMPWG_MPI_ERR_DESC;

    summa_plan q = { .m = m, .n = n, .k = k, .kb_a = da->nb, .mb_b = db->mb, .lda = da->lld,
                     .ldb = db->lld, .ldc = dc->lld, .reads_ab = !alpha_zero && k > 0 };
    q.mloc = local_rows(g, m, dc->mb);
    q.nloc = local_cols(g, n, dc->nb);
    q.wmax = panel_limit();
    q.wcap = min64(min64(q.wmax, k), min64(q.kb_a, q.mb_b));
    bool holds_c = q.mloc > 0 && q.nloc > 0;
    if (holds_c && !c) return OMPWG_ERR_NULL;
    if (q.reads_ab && q.mloc > 0 && local_cols(g, k, da->nb) > 0 && !a) return OMPWG_ERR_NULL;
    if (q.reads_ab && q.nloc > 0 && local_rows(g, k, db->mb) > 0 && !b) return OMPWG_ERR_NULL;
    /* panels travel as `w` items of mloc (or nloc) elements */
    if (q.mloc > INT_MAX || q.nloc > INT_MAX || q.wcap > INT_MAX) return OMPWG_ERR_TOO_LARGE;
    *p = q;
    return OMPWG_OK;
}

int ompwg_mpi_summa_globals(ompwg_trans transa, ompwg_trans transb, int64_t m, int64_t n,
                            int64_t k, int64_t alpha_key, int64_t beta_key,
                            const ompwg_mpi_desc *da, const ompwg_mpi_desc *db,
                            const ompwg_mpi_desc *dc, int64_t *out)
{
    int i = 0;
    out[i++] = transa;
    out[i++] = transb;
    out[i++] = m;
    out[i++] = n;
    out[i++] = k;
    out[i++] = alpha_key;
    out[i++] = beta_key;
    out[i++] = panel_limit();
    const ompwg_mpi_desc *d[3] = { da, db, dc };
    for (int j = 0; j < 3; j++) {
        out[i++] = d[j] ? d[j]->m : 0;
        out[i++] = d[j] ? d[j]->n : 0;
        out[i++] = d[j] ? d[j]->mb : 0;
        out[i++] = d[j] ? d[j]->nb : 0;
    }
    return i;
}

void ompwg_mpi_summa_panel(const summa_plan *p, const ompwg_mpi_grid *g, int64_t k0,
                           summa_panel *q)
{
    int64_t ja = k0 / p->kb_a, ib = k0 / p->mb_b;
    int64_t end = min64(min64(p->k, k0 + p->wmax), min64((ja + 1) * p->kb_a, (ib + 1) * p->mb_b));
    q->k0 = k0;
    q->w = end - k0;
    q->a_root = (int)(ja % g->npcol);
    q->a_col = ja / g->npcol * p->kb_a + (k0 - ja * p->kb_a);
    q->b_root = (int)(ib % g->nprow);
    q->b_row = ib / g->nprow * p->mb_b + (k0 - ib * p->mb_b);
}

int64_t ompwg_mpi_summa_chunk(int64_t nloc)
{
    int64_t chunk = (nloc + MAX_CHUNKS - 1) / MAX_CHUNKS;
    return chunk < CHUNK_MIN_COLS ? CHUNK_MIN_COLS : chunk;
}
