/* Part of factor_tmpl.c: the QR kernels. The panel, w <= QR_W columns of an
 * m-row block factorised into Householder reflectors in one launch by many
 * teams (DGEQR2 and DLARFT in one pass); and the small kernels around the
 * block reflectors and least squares: V written out with its unit diagonal,
 * T from V^T V, the largest magnitude of a block, a block scaled, the first
 * zero on a diagonal.
 *
 * The panel's teams each own a contiguous range of its rows, kept in global
 * memory as the LU panel keeps them. Column j costs one barrier across the
 * grid: before it, each team publishes its rows' part of what the column's
 * reflector needs, all in one reduction -- the sum of squares of column j
 * below the diagonal and its dot products with every other column of the
 * panel, all scaled by the team's largest magnitude in column j (as DNRM2
 * scales), and the owner of row j publishes row j. After it, every team
 * combines the same partial sums in the same order, so that all hold the
 * same reflector (DLARFG's beta and tau) and the same w = v^T A(j:m, k) of
 * every column k right of j, and updates its own rows. The columns left of
 * j hold the earlier reflectors: their products with v are kept by team 0,
 * which makes T from them after the last column (DLARFT's recurrence), off
 * the path the other teams wait on. The published sums are double-buffered
 * by the column's parity, as the LU panel's candidates.
 *
 * With v = (1, x / (alpha - beta)) for column j = (alpha, x), every product
 * v^T a_k is a_jk + (x^T a_k) / (alpha - beta): one reduction serves the
 * norm and all the products. */

/* Threads that share a column's sums (neighbours in a sub-group; one in
 * host fallback, whose sub-groups are single threads), and the most teams
 * a panel takes. */
#if OMPWG_SG_MAX_SIZE >= 8
#define QR_G 8
#else
#define QR_G 1
#endif
#define QR_MAX_TEAMS 256

/* The larger magnitude of two, a NaN kept once seen. */
GPU_INLINE T qr_max_nan(T a, T b)
{
    return (b > a || b != b) && a == a ? b : a;
}

/* Factorises the panel of w columns at p0 (rows rows, leading dimension
 * lda): reflectors below the diagonal, R on and above it, tau[0..w) and
 * the w x w factor T (leading dimension QR_W) at tmat, as DGEQR2 and
 * DLARFT('F', 'C') leave them, all in device memory. v gets V (rows x w,
 * leading dimension ldv) with its unit diagonal and zeros above it, for
 * the block reflector's GEMMs. count: the grid barrier's zeroed counter;
 * xv: the exchange buffer (qr_exchange_elems). */
static void TN(qr_panel_, )(int dev, int teams, int64_t rows, int64_t w, T *p0, int64_t lda,
                            T *tau, T *tmat, T *v, int64_t ldv, uint64_t *count, T *xv)
{
#pragma omp target teams device(dev) num_teams(teams) thread_limit(QR_NT) \
    is_device_ptr(p0, tau, tmat, v, count, xv)
    {
        T tl[QR_W * QR_W];
        T dot[QR_W], rowj[QR_W];
        T red[QR_NT / OMPWG_SG_MAX_SIZE + 1];
        T scale[QR_MAX_TEAMS];
#pragma omp parallel firstprivate(rows, w, lda, ldv)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const ompwg_subgroup sg = ompwg_sg_this();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const int64_t per = (rows + nteam - 1) / nteam;
            const int64_t lo = team * per, hi = lo + per < rows ? lo + per : rows;
            const int64_t xstride = nteam * (QR_W + 1) + QR_W;
            if (team == 0)
                for (int e = t; e < QR_W * QR_W; e += nt) tl[e] = 0;
            for (int64_t j = 0; j < w; j++) {
                T *xs = xv + (j & 1) * xstride; /* the teams' scales */
                T *xd = xs + nteam;             /* their sums, column by column */
                T *xr = xd + nteam * QR_W;      /* row j */
                const int64_t r0 = lo > j + 1 ? lo : j + 1;
                /* the team's largest magnitude in column j below row j */
                T mx = 0;
                for (int64_t i = r0 + t; i < hi; i += nt) {
                    const T x = p0[i + j * lda];
                    mx = qr_max_nan(mx, x < 0 ? -x : x);
                }
                for (int off = 1; off < OMPWG_SG_MAX_SIZE; off <<= 1)
                    mx = qr_max_nan(mx, TEAM_T(ompwg_sg_shuffle_xor)(sg, mx, (unsigned)off));
                if (sg.lane == 0) red[sg.id] = mx;
#pragma omp barrier
                T s = red[0];
                for (int g = 1; g < sg.count; g++) s = qr_max_nan(s, red[g]);
                const T rs = s != 0 ? (T)1 / s : (T)0;
                /* the sums: QR_G neighbouring threads a column, each over
                 * every QR_G-th row, met by shuffles */
                for (int64_t k0 = 0; k0 < w; k0 += nt / QR_G) {
                    /* every lane of a sub-group takes part in its shuffles */
                    const int64_t k = k0 + t / QR_G;
                    T acc = 0;
                    for (int64_t i = r0 + t % QR_G; k < w && i < hi; i += QR_G) {
                        const T x = p0[i + j * lda] * rs;
                        acc += x * (k == j ? x : p0[i + k * lda]);
                    }
                    for (int off = 1; off < QR_G; off <<= 1)
                        acc += TEAM_T(ompwg_sg_shuffle_xor)(sg, acc, (unsigned)off);
                    if (k < w && t % QR_G == 0) xd[k * nteam + team] = acc;
                }
                if (t == 0) xs[team] = s;
                if (j >= lo && j < hi)
                    for (int64_t k = t; k < w; k += nt) xr[k] = p0[j + k * lda];
                lu_grid_sync(count, (uint64_t)(j + 1) * (uint64_t)nteam, t, nteam);

                /* the same sums in the same order in every team: the scale
                 * S (the largest of the teams'), then each column's sum,
                 * QR_G neighbouring threads a column, each over every
                 * QR_G-th team, met by shuffles */
                for (int64_t u = t; u < nteam; u += nt) scale[u] = ((volatile T *)xs)[u];
#pragma omp barrier
                /* S: every sub-group finds it on its own (a NaN wins
                 * wherever it is, so the order does not matter) */
                T big = 0;
                for (int64_t u = sg.lane; u < nteam; u += sg.size) big = qr_max_nan(big, scale[u]);
                for (int off = 1; off < OMPWG_SG_MAX_SIZE; off <<= 1)
                    big = qr_max_nan(big, TEAM_T(ompwg_sg_shuffle_xor)(sg, big, (unsigned)off));
                const T rb = big != 0 ? (T)1 / big : (T)0;
                for (int64_t k0 = 0; k0 < w; k0 += nt / QR_G) {
                    const int64_t k = k0 + t / QR_G;
                    T acc = 0;
                    for (int64_t u = t % QR_G; k < w && u < nteam; u += QR_G) {
                        const T f = scale[u] * rb;
                        acc += (k == j ? f * f : f) * ((volatile T *)xd)[k * nteam + u];
                    }
                    for (int off = 1; off < QR_G; off <<= 1)
                        acc += TEAM_T(ompwg_sg_shuffle_xor)(sg, acc, (unsigned)off);
                    if (k < w && t % QR_G == 0) dot[k] = acc;
                }
                for (int64_t k = t; k < w; k += nt) rowj[k] = ((volatile T *)xr)[k];
#pragma omp barrier
                /* DLARFG: alpha = A(j, j), xnorm = ||x|| = S sqrt(ssq) */
                const T alpha = rowj[j], ssq = dot[j];
                T beta = alpha, tj = 0, scal = 0;
                if (ssq != 0) {
                    const T xnorm = big * T_SQRT(ssq);
                    const T h = T_HYPOT(alpha, xnorm);
                    beta = alpha >= 0 ? -h : h;
                    tj = (beta - alpha) / beta;
                    scal = (T)1 / (alpha - beta);
                }
                const T sc = scal * big; /* x^T a_k = S dot[k] */
                /* the rows right of column j: A(i, k) -= tau v_i w_k */
                if (tj != 0) {
                    /* g threads a row where the team has threads to spare,
                     * each every g-th column: one division a column */
                    const int64_t r1 = lo > j ? lo : j, nr = hi - r1;
                    const int span = nr > 0 && nr <= nt ? (int)nr : nt;
                    const int g = nt / span, q = t / span;
                    for (int64_t i = r1 + (t - q * span); q < g && i < hi; i += nt) {
                        const T vi = i == j ? (T)1 : p0[i + j * lda] * scal;
                        for (int64_t k = j + 1 + q; k < w; k += g) {
                            const T wk = rowj[k] + sc * dot[k];
                            p0[i + k * lda] -= tj * vi * wk;
                        }
                    }
                }
                if (team == 0) {
                    /* V^T v_j into T's column j above the diagonal, tau on
                     * it: T is made from them after the last column */
                    for (int64_t l = t; l < j; l += nt) tl[l + j * QR_W] = rowj[l] + sc * dot[l];
                    if (t == 0) {
                        tl[j + j * QR_W] = tj;
                        tau[j] = tj;
                    }
                }
#pragma omp barrier
                /* column j: v below the diagonal, beta on it */
                if (tj != 0) {
                    for (int64_t i = r0 + t; i < hi; i += nt) p0[i + j * lda] *= scal;
                    if (j >= lo && j < hi && t == 0) p0[j + j * lda] = beta;
                }
#pragma omp barrier
            }
            for (int64_t e = t; e < (hi - lo) * w; e += nt) {
                const int64_t i = lo + e % (hi - lo), c = e / (hi - lo);
                v[i + c * ldv] = i < c ? (T)0 : i == c ? (T)1 : p0[i + c * lda];
            }
            if (team == 0) {
                /* DLARFT's recurrence, column by column: T(0:j, j) = -tau_j
                 * T(0:j, 0:j) z with z = V^T v_j as the steps left it */
                for (int64_t j = 1; j < w; j++) {
                    const T tj = tl[j + j * QR_W];
                    for (int64_t l = t; l < j; l += nt) {
                        T acc = 0;
                        for (int64_t r = l; r < j; r++) acc += tl[l + r * QR_W] * tl[r + j * QR_W];
                        dot[l] = acc;
                    }
#pragma omp barrier
                    for (int64_t l = t; l < j; l += nt) tl[l + j * QR_W] = -tj * dot[l];
#pragma omp barrier
                }
                for (int e = t; e < QR_W * QR_W; e += nt) tmat[e] = tl[e];
            }
        }
    }
}

/* Elements of the panel's exchange buffer for `teams` teams. */
static size_t qr_exchange_elems(int teams)
{
    return 2 * ((size_t)teams * (QR_W + 1) + QR_W);
}

/* V (rows x w, leading dimension rows) of the w reflectors stored below the
 * diagonal of a (leading dimension lda), with the unit diagonal and zeros
 * above it. */
static void TN(qr_make_v_, )(int dev, int64_t rows, int64_t w, const T *a, int64_t lda, T *v)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(rows * w, QR_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(QR_NT) is_device_ptr(a, v)
    for (int64_t c = 0; c < w; c++)
        for (int64_t i = 0; i < rows; i++)
            v[i + c * rows] = i < c ? (T)0 : i == c ? (T)1 : a[i + c * lda];
}

/* DLARFT('F', 'C') from g = V^T V (w x w, leading dimension QR_W) and
 * tau (device): T into tmat (leading dimension QR_W), in one team. */
static void TN(qr_larft_, )(int dev, int64_t w, const T *g, const T *tau, T *tmat)
{
#pragma omp target teams device(dev) num_teams(1) thread_limit(QR_NT) is_device_ptr(g, tau, tmat)
    {
        T tl[QR_W * QR_W];
#pragma omp parallel firstprivate(w)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            for (int e = t; e < QR_W * QR_W; e += nt) tl[e] = 0;
#pragma omp barrier
            for (int64_t j = 0; j < w; j++) {
                const T tj = tau[j];
                for (int64_t l = t; l < j; l += nt) {
                    T acc = 0;
                    for (int64_t r = l; r < j; r++) acc += tl[l + r * QR_W] * g[r + j * QR_W];
                    tl[l + j * QR_W] = -tj * acc;
                }
                if (t == 0) tl[j + j * QR_W] = tj;
#pragma omp barrier
            }
            for (int e = t; e < QR_W * QR_W; e += nt) tmat[e] = tl[e];
        }
    }
}

/* The largest magnitude in the rows x cols block at a (LAPACK's max-abs
 * norm); *nan: whether it holds a NaN. */
static T TN(qr_amax_, )(int dev, int64_t rows, int64_t cols, const T *a, int64_t lda, bool *nan)
{
    T r = 0;
    int has_nan = 0;
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(rows * cols, QR_NT * 8));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(QR_NT) is_device_ptr(a) reduction(max : r) reduction(| : has_nan)
    for (int64_t c = 0; c < cols; c++)
        for (int64_t i = 0; i < rows; i++) {
            const T x = a[i + c * lda];
            if (x != x) has_nan = 1;
            const T m = x < 0 ? -x : x;
            r = m > r ? m : r;
        }
    *nan = has_nan != 0;
    return r;
}

/* The rows x cols block at a times f. */
static void TN(qr_scale_, )(int dev, int64_t rows, int64_t cols, T f, T *a, int64_t lda)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(rows * cols, QR_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(QR_NT) is_device_ptr(a)
    for (int64_t c = 0; c < cols; c++)
        for (int64_t i = 0; i < rows; i++) a[i + c * lda] = f == 0 ? (T)0 : a[i + c * lda] * f;
}

/* The 1-based index of the first zero on the diagonal of the n x n block
 * at a, 0 if none (DTRTRS's singularity check). */
static int64_t TN(qr_zero_diag_, )(int dev, int64_t n, const T *a, int64_t lda)
{
    int64_t first = INT64_MAX;
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(n, QR_NT));
#pragma omp target teams distribute parallel for device(dev) num_teams(teams) \
    thread_limit(QR_NT) is_device_ptr(a) reduction(min : first)
    for (int64_t i = 0; i < n; i++)
        if (a[i + i * lda] == 0 && i < first) first = i;
    return first == INT64_MAX ? 0 : first + 1;
}
