/* Part of factor_tmpl.c: a host-data factorisation's way out while it
 * runs. The factorisations say when a part of A has become final (no later
 * kernel writes it), and a drain (drain.h) moves that part to the host
 * while the kernels go on with the rest:
 * - LU (FAC_OUT_ROWS): the rows above the trailing block. Later panels
 *   interchange only rows at or below their first column, and the TRSM of
 *   the right spine of the recursion has finished those rows' U part; they
 *   are packed on the device and cross as one block.
 * - QR (FAC_OUT_COLS): the columns left of the current panel, already
 *   packed (the device copy's leading dimension is m).
 * - Cholesky (FAC_OUT_TRI): tri_copy.inl's trapezoids, those that lie left
 *   of the trailing block (lower) or above it (upper).
 * Parts go once the final part has grown by a step, so that each crosses in
 * chunks the staging pipeline runs at full rate. What has not gone when
 * the factorisation ends goes then; a part that cannot be queued (no
 * device memory to pack it) leaves the rest to the end, and a failed move
 * leaves it all to the caller's copy of the whole; a factorisation that
 * fails after a part went returns OMPWG_ERR_PARTIAL (fac_out_abandon). */

typedef enum { FAC_OUT_ROWS, FAC_OUT_COLS, FAC_OUT_TRI } fac_out_kind;

typedef struct fac_out {
    bool on;      /* parts go while the factorisation runs */
    fac_out_kind kind;
    bool upper;   /* FAC_OUT_TRI: the triangle stored */
    int dev;
    T *h, *d;     /* the host matrix and its device copy */
    int64_t ldh, ldd, m, n;
    int64_t done; /* rows (FAC_OUT_ROWS) or columns gone or queued */
    int64_t step; /* rows or columns a part holds at least, but for the last */
    /* FAC_OUT_TRI: tri_copy.inl's trapezoids (no packed copies yet), where
     * each starts in the device copy, and the next to go */
    ompwg_gpu_block tb[TRI_MAXQ];
    T *tat[TRI_MAXQ];
    int tcount, tnext;
    ompwg_gpu_drain drain;
} fac_out;

/* Whether call s on host data gives its matrix back while it runs (the
 * factorisations large enough to gain, whose A is final part by part). */
static bool fac_out_wanted(const ompwg_factor_shape *s)
{
    const ompwg_factor_extents x = ompwg_factor_extents_of(s);
    if ((double)x.a_rows * (double)x.a_cols < FAC_OUT_ELEMS) return false;
    switch (s->op) {
    case OMPWG_LA_GETRF:
    case OMPWG_LA_GESV: return s->m >= s->n;
    case OMPWG_LA_POTRF:
    case OMPWG_LA_POSV: return s->n >= TRI_MIN;
    case OMPWG_LA_GEQRF: return true;
    default: return false;
    }
}

static void fac_out_begin(fac_out *o, const ompwg_factor_shape *s, int dev, T *h, T *d,
                          int64_t ldd)
{
    const bool lu = s->op == OMPWG_LA_GETRF || s->op == OMPWG_LA_GESV;
    const bool chol = s->op == OMPWG_LA_POTRF || s->op == OMPWG_LA_POSV;
    const ompwg_factor_extents x = ompwg_factor_extents_of(s);
    *o = (fac_out){ .on = true, .kind = lu ? FAC_OUT_ROWS : chol ? FAC_OUT_TRI : FAC_OUT_COLS,
                    .upper = s->upper, .dev = dev, .h = h, .d = d, .ldh = s->lda, .ldd = ldd,
                    .m = x.a_rows, .n = x.a_cols };
    const int64_t along = lu ? o->m : o->n;
    o->step = along / 16 > TRI_CB ? along / 16 : TRI_CB;
    if (o->kind == FAC_OUT_TRI) {
        size_t elems = 0;
        o->tcount = tri_blocks(o->upper, o->n, h, o->ldh, d, NULL, o->tb, o->tat, &elems);
    }
    ompwg_gpu_drain_start(&o->drain, dev);
}

/* Queues rows [r0, r1) of every column, packed into device memory of
 * their own: false when that memory or the queue could not be had. */
static bool fac_out_rows(fac_out *o, int64_t r0, int64_t r1)
{
    void *pk = NULL;
    const int64_t rows = r1 - r0;
    if (ompwg_gpu_alloc(o->dev, (size_t)rows * (size_t)o->n * sizeof(T), &pk) != OMPWG_OK)
        return false;
    TN(tri_place_, )(o->dev, rows, o->n, o->d + r0, o->ldd, pk, rows);
    const ompwg_gpu_block b = { .host = o->h + r0, .ld = o->ldh, .dev = pk, .rows = rows,
                                .cols = o->n, .elem = sizeof(T) };
    if (ompwg_gpu_drain_push(&o->drain, &b, pk)) return true;
    ompwg_gpu_free(o->dev, pk);
    return false;
}

/* Queues columns [c0, c1), all rows (the device copy's columns are
 * contiguous). */
static bool fac_out_cols(fac_out *o, int64_t c0, int64_t c1)
{
    const ompwg_gpu_block b = { .host = o->h + c0 * o->ldh, .ld = o->ldh, .dev = o->d + c0 * o->ldd,
                                .rows = o->m, .cols = c1 - c0, .elem = sizeof(T) };
    return ompwg_gpu_drain_push(&o->drain, &b, NULL);
}

/* Queues the trapezoids from column o->done that end at or before column
 * upto, each packed as tri_move packs it; o->done moves past those queued. */
static bool fac_out_tri(fac_out *o, int64_t upto)
{
    for (; o->tnext < o->tcount; o->tnext++) {
        ompwg_gpu_block b = o->tb[o->tnext];
        if (o->done + b.cols > upto) return true;
        void *pk = NULL;
        if (ompwg_gpu_alloc(o->dev, (size_t)b.rows * (size_t)b.cols * sizeof(T), &pk) != OMPWG_OK)
            return false;
        TN(tri_place_, )(o->dev, b.rows, b.cols, o->tat[o->tnext], o->ldd, pk, b.rows);
        b.dev = pk;
        if (!ompwg_gpu_drain_push(&o->drain, &b, pk)) {
            ompwg_gpu_free(o->dev, pk);
            return false;
        }
        o->done += b.cols;
    }
    return true;
}

/* Queues what is final up to row or column `upto` and not gone yet. */
static bool fac_out_part(fac_out *o, int64_t upto)
{
    if (upto <= o->done) return true;
    bool ok;
    switch (o->kind) {
    case FAC_OUT_ROWS: ok = fac_out_rows(o, o->done, upto); break;
    case FAC_OUT_COLS: ok = fac_out_cols(o, o->done, upto); break;
    default: return fac_out_tri(o, upto);
    }
    if (ok) o->done = upto;
    return ok;
}

/* The factorisation's word that A is final up to row or column `upto`
 * (o NULL: device data, nothing to move). */
static void fac_out_final(fac_out *o, int64_t upto)
{
    if (!o || !o->on || upto - o->done < o->step) return;
    if (!fac_out_part(o, upto)) o->on = false;
}

/* Ends the drain and moves the rest: OMPWG_OK when all of A has reached
 * the host, else the caller moves it whole. */
static int fac_out_end(fac_out *o)
{
    int st = ompwg_gpu_drain_finish(&o->drain);
    if (st == OMPWG_OK && !fac_out_part(o, o->kind == FAC_OUT_ROWS ? o->m : o->n))
        st = OMPWG_ERR_NOMEM;
    return st != OMPWG_OK ? st : ompwg_gpu_drain_finish(&o->drain);
}

/* Ends the drain of a factorisation that failed with status st: what was
 * queued reaches the host. Once part of A has gone, A is neither the input
 * nor the result, and no caller may run the call again from it (the
 * drop-in LAPACK reruns a call that failed at run time on OpenBLAS):
 * OMPWG_ERR_PARTIAL; else st. */
static int fac_out_abandon(fac_out *o, int st)
{
    ompwg_gpu_drain_finish(&o->drain);
    return o->done > 0 ? OMPWG_ERR_PARTIAL : st;
}
