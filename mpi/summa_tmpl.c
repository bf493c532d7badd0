/* The distributed GEMM (SUMMA), compiled once per precision. Each step
 * broadcasts a panel of A along the process rows and one of B along the
 * process columns while the previous step's panels are multiplied into the
 * local C, through ompwg on the rank's backend: host data for the CPU
 * backends, C kept on the GPU for the GPU backend. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_prec.h"

#include "agree.h"
#include "ompwg_mpi.h"
#include "summa.h"

/* Host panels, two of each for double buffering (mloc x wcap and
 * wcap x nloc, column-major, leading dimensions mloc and w), and, when C
 * stays on the GPU, the device copies of a panel pair and of C. */
typedef struct buffers {
    T *a[2], *b[2];
    bool device;
    T *da, *db, *dc;
} buffers;

/* MPI datatypes for a panel: `w` items of mloc (A) or nloc (B) elements,
 * since a panel of A is w columns of mloc and one of B, stored w x nloc,
 * is w * nloc contiguous elements all the same. */
typedef struct panel_types {
    MPI_Datatype a, b;
} panel_types;

static int host_alloc(size_t elems, T **p)
{
    *p = NULL;
    if (elems == 0) return OMPWG_OK;
    *p = malloc(elems * sizeof(T));
    return *p ? OMPWG_OK : OMPWG_ERR_NOMEM;
}

static int device_alloc(size_t elems, T **p)
{
    void *v = NULL;
    int st = elems ? ompwg_device_alloc(elems * sizeof(T), &v) : OMPWG_OK;
    *p = v;
    return st;
}

static void release(buffers *buf)
{
    for (int i = 0; i < 2; i++) {
        free(buf->a[i]);
        free(buf->b[i]);
    }
    ompwg_device_free(buf->da);
    ompwg_device_free(buf->db);
    ompwg_device_free(buf->dc);
    memset(buf, 0, sizeof *buf);
}

static int alloc_buffers(const summa_plan *p, buffers *buf)
{
    memset(buf, 0, sizeof *buf);
    size_t pa = (size_t)(p->mloc * p->wcap), pb = (size_t)(p->wcap * p->nloc);
    int st = OMPWG_OK;
    for (int i = 0; i < 2 && st == OMPWG_OK; i++) {
        st = host_alloc(pa, &buf->a[i]);
        if (st == OMPWG_OK) st = host_alloc(pb, &buf->b[i]);
    }
    /* A backend that takes device data keeps C on the device for the whole
     * product, so that only the panels cross the bus at each step. */
    buf->device = (ompwg_backend_roles(ompwg_get_backend()) & OMPWG_ROLE_DEVICE_DATA) &&
                  p->mloc > 0 && p->nloc > 0;
    if (st == OMPWG_OK && buf->device) {
        st = device_alloc(pa, &buf->da);
        if (st == OMPWG_OK) st = device_alloc(pb, &buf->db);
        if (st == OMPWG_OK) st = device_alloc((size_t)(p->mloc * p->nloc), &buf->dc);
    }
    if (st != OMPWG_OK) release(buf);
    return st;
}

/* C's local block (mloc x nloc, leading dimension ldc) to or from the
 * device copy (leading dimension mloc); a padded C goes through a host copy,
 * column by column, so that nothing between its columns is written. */
static int c_transfer(const summa_plan *p, T *c, T *dc, bool to_device)
{
    size_t col = (size_t)p->mloc * sizeof(T), bytes = col * (size_t)p->nloc;
    ompwg_copy_kind kind = to_device ? OMPWG_HOST_TO_DEVICE : OMPWG_DEVICE_TO_HOST;
    if (p->ldc == p->mloc)
        return to_device ? ompwg_device_copy(dc, c, bytes, kind) : ompwg_device_copy(c, dc, bytes, kind);
    T *stage;
    int st = host_alloc((size_t)(p->mloc * p->nloc), &stage);
    if (st != OMPWG_OK) return st;
    if (to_device) {
        for (int64_t j = 0; j < p->nloc; j++) memcpy(stage + j * p->mloc, c + j * p->ldc, col);
        st = ompwg_device_copy(dc, stage, bytes, kind);
    } else {
        st = ompwg_device_copy(stage, dc, bytes, kind);
        for (int64_t j = 0; st == OMPWG_OK && j < p->nloc; j++)
            memcpy(c + j * p->ldc, stage + j * p->mloc, col);
    }
    free(stage);
    return st;
}

/* The owners copy their part of panel q into the slot's buffers, then every
 * rank of the row (column) joins the broadcast. A process row without rows
 * of C (mloc 0) needs no A; a process column without columns, no B. */
static int post(const ompwg_mpi_grid *g, const summa_plan *p, const panel_types *types,
                buffers *buf, int slot, const T *a, const T *b, const summa_panel *q,
                MPI_Request req[2])
{
    req[0] = req[1] = MPI_REQUEST_NULL;
    int rc = MPI_SUCCESS;
    if (p->mloc > 0) {
        T *dst = buf->a[slot];
        if (g->mycol == q->a_root)
            for (int64_t j = 0; j < q->w; j++)
                memcpy(dst + j * p->mloc, a + (q->a_col + j) * p->lda, (size_t)p->mloc * sizeof(T));
        rc = MPI_Ibcast(dst, (int)q->w, types->a, q->a_root, g->row_comm, &req[0]);
    }
    if (rc == MPI_SUCCESS && p->nloc > 0) {
        T *dst = buf->b[slot];
        if (g->myrow == q->b_root)
            for (int64_t j = 0; j < p->nloc; j++)
                memcpy(dst + j * q->w, b + j * p->ldb + q->b_row, (size_t)q->w * sizeof(T));
        rc = MPI_Ibcast(dst, (int)q->w, types->b, q->b_root, g->col_comm, &req[1]);
    }
    return rc == MPI_SUCCESS ? OMPWG_OK : OMPWG_MPI_ERR_MPI;
}

/* C += alpha * (panel of A) * (panel of B), with beta in place of 1 at the
 * first step, in column chunks with the next broadcast tested between
 * them. */
static int update(const summa_plan *p, const buffers *buf, int slot, const summa_panel *q,
                  T alpha, T beta, T *c, MPI_Request next[2])
{
    const T *pa = buf->a[slot], *pb = buf->b[slot];
    int st = OMPWG_OK;
    if (buf->device) {
        st = ompwg_device_copy(buf->da, pa, (size_t)(p->mloc * q->w) * sizeof(T),
                               OMPWG_HOST_TO_DEVICE);
        if (st == OMPWG_OK)
            st = ompwg_device_copy(buf->db, pb, (size_t)(q->w * p->nloc) * sizeof(T),
                                   OMPWG_HOST_TO_DEVICE);
        pa = buf->da;
        pb = buf->db;
    }
    int64_t chunk = ompwg_mpi_summa_chunk(p->nloc);
    for (int64_t j0 = 0; st == OMPWG_OK && j0 < p->nloc; j0 += chunk) {
        int64_t jw = p->nloc - j0 < chunk ? p->nloc - j0 : chunk;
        if (buf->device)
            st = TN(ompwg_, gemm_device)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, p->mloc,
                                         jw, q->w, alpha, pa, p->mloc, pb + j0 * q->w, q->w, beta,
                                         buf->dc + j0 * p->mloc, p->mloc);
        else
            st = TN(ompwg_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, p->mloc, jw,
                                  q->w, alpha, pa, p->mloc, pb + j0 * q->w, q->w, beta,
                                  c + j0 * p->ldc, p->ldc);
        int done;
        if (MPI_Testall(2, next, &done, MPI_STATUSES_IGNORE) != MPI_SUCCESS && st == OMPWG_OK)
            st = OMPWG_MPI_ERR_MPI;
    }
    return st;
}

/* The walk over k. A backend failure stops this rank's updates but not its
 * part in the broadcasts, so that the others finish; an MPI failure stops
 * the walk (the communicators are then of no more use). */
static int summa(const ompwg_mpi_grid *g, const summa_plan *p, buffers *buf, T alpha,
                 const T *a, const T *b, T beta, T *c)
{
    panel_types types = { MPI_DATATYPE_NULL, MPI_DATATYPE_NULL };
    int mpi = OMPWG_OK;
    if ((p->mloc > 0 && (MPI_Type_contiguous((int)p->mloc, T_MPI, &types.a) != MPI_SUCCESS ||
                         MPI_Type_commit(&types.a) != MPI_SUCCESS)) ||
        (p->nloc > 0 && (MPI_Type_contiguous((int)p->nloc, T_MPI, &types.b) != MPI_SUCCESS ||
                         MPI_Type_commit(&types.b) != MPI_SUCCESS)))
        mpi = OMPWG_MPI_ERR_MPI;
    bool holds_c = p->mloc > 0 && p->nloc > 0;
    int st = OMPWG_OK;
    if (buf->device && beta != 0) st = c_transfer(p, c, buf->dc, true);

    MPI_Request req[2][2] = { { MPI_REQUEST_NULL, MPI_REQUEST_NULL },
                              { MPI_REQUEST_NULL, MPI_REQUEST_NULL } };
    summa_panel q[2];
    ompwg_mpi_summa_panel(p, g, 0, &q[0]);
    if (mpi == OMPWG_OK) mpi = post(g, p, &types, buf, 0, a, b, &q[0], req[0]);
    for (int64_t s = 0; mpi == OMPWG_OK; s++) {
        int slot = (int)(s & 1);
        if (MPI_Waitall(2, req[slot], MPI_STATUSES_IGNORE) != MPI_SUCCESS) {
            mpi = OMPWG_MPI_ERR_MPI;
            break;
        }
        int64_t next_k0 = q[slot].k0 + q[slot].w;
        if (next_k0 < p->k) {
            ompwg_mpi_summa_panel(p, g, next_k0, &q[slot ^ 1]);
            mpi = post(g, p, &types, buf, slot ^ 1, a, b, &q[slot ^ 1], req[slot ^ 1]);
        }
        if (st == OMPWG_OK && holds_c)
            st = update(p, buf, slot, &q[slot], alpha, s == 0 ? beta : (T)1, c, req[slot ^ 1]);
        if (next_k0 >= p->k) break;
    }
    /* after an MPI failure a broadcast may still be pending: MPI forbids
     * freeing the request of a nonblocking collective, so it is left */
    if (mpi != OMPWG_OK) st = mpi;
    if (st == OMPWG_OK && buf->device) st = c_transfer(p, c, buf->dc, false);
    if (types.a != MPI_DATATYPE_NULL) MPI_Type_free(&types.a);
    if (types.b != MPI_DATATYPE_NULL) MPI_Type_free(&types.b);
    return st;
}

/* alpha or beta as the ranks compare it: by value, so that -0.0 and +0.0
 * agree, and every NaN as one, whatever its sign and payload. */
static int64_t value_key(T x)
{
    if (x == 0) x = 0;
    if (isnan(x)) x = (T)NAN;
    int64_t v = 0;
    memcpy(&v, &x, sizeof x);
    return v;
}

static int mpi_gemm(const ompwg_mpi_grid *grid, ompwg_trans transa, ompwg_trans transb, int64_t m,
                    int64_t n, int64_t k, T alpha, const T *a, const ompwg_mpi_desc *desca,
                    const T *b, const ompwg_mpi_desc *descb, T beta, T *c,
                    const ompwg_mpi_desc *descc)
{
    if (!grid) return OMPWG_ERR_NULL;
    summa_plan p;
    int st = ompwg_mpi_summa_plan(grid, transa, transb, m, n, k, alpha == 0, a, desca, b, descb,
                                  c, descc, &p);
    bool work = st == OMPWG_OK && m > 0 && n > 0;
    buffers buf;
    memset(&buf, 0, sizeof buf);
    if (work && p.reads_ab) st = alloc_buffers(&p, &buf);
    int64_t globals[OMPWG_MPI_MAX_GLOBALS];
    int ng = ompwg_mpi_summa_globals(transa, transb, m, n, k, value_key(alpha), value_key(beta), desca,
                                     descb, descc, globals);
    st = ompwg_mpi_agree(grid->comm, grid->rank, st, globals, ng);
    if (st != OMPWG_OK || !work) {
        release(&buf);
        return st;
    }
    if (p.reads_ab) {
        st = summa(grid, &p, &buf, alpha, a, b, beta, c);
    } else {
        /* C := beta * C on the local block; A and B are not read */
        int64_t ld = p.mloc > 1 ? p.mloc : 1;
        st = TN(ompwg_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, p.mloc, p.nloc, 0,
                              alpha, NULL, ld, NULL, 1, beta, c, p.ldc);
    }
    release(&buf);
    return ompwg_mpi_agree(grid->comm, grid->rank, st, NULL, 0);
}

/* The public functions, each precision's name spelled out (ompwg_mpi.h
 * declares them): their parameters, and those passed on. */
#define GEMM_PARAMS                                                                                \
    const ompwg_mpi_grid *grid, ompwg_trans transa, ompwg_trans transb, int64_t m, int64_t n,      \
        int64_t k, T alpha, const T *a, const ompwg_mpi_desc *desca, const T *b,                   \
        const ompwg_mpi_desc *descb, T beta, T *c, const ompwg_mpi_desc *descc
#define GEMM_ARGS grid, transa, transb, m, n, k, alpha, a, desca, b, descb, beta, c, descc

#if defined(OMPWG_PREC_S)
int ompwg_mpi_sgemm(GEMM_PARAMS) { return mpi_gemm(GEMM_ARGS); }
#elif defined(OMPWG_PREC_D)
int ompwg_mpi_dgemm(GEMM_PARAMS) { return mpi_gemm(GEMM_ARGS); }
#else
#error "summa_tmpl.c: no public names for this precision"
#endif
