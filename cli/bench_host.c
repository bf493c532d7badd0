/* The host-data section: what a program that hands ompwg plain malloc'd
 * arrays gets, next to what it would get without ompwg. Engines: the
 * library's own choice (auto), each backend alone (cpu, gpu+xfer, openblas)
 * and NVBLAS, the other drop-in that sends host-data GEMMs to the GPU. Each
 * case ends with auto's rate over the best of the others: below 1, a
 * program would have been faster with one of them. */
#include "bench_host.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cblas.h>

#include "device_data.h"
#include "host.h"
#include "nvblas.h"
#include "ompwg.h"
#include "options.h"

#define MAX_ENGINES 5

/* The GEMMs a blocked LAPACK factorisation spends its time in: the trailing
 * update C := C - A B of getrf and potrf with a panel of width k, and a tall
 * panel against a square block (geqrf's and the right-looking updates'). */
static const bench_host_gemm lapack_shapes[] = {
    { 8192, 8192, 64, -1, 1 },  { 8192, 8192, 128, -1, 1 }, { 8192, 8192, 256, -1, 1 },
    { 8192, 8192, 512, -1, 1 }, { 8192, 64, 8192, -1, 1 },
};
#define QUICK_LAPACK_SHAPE 2

static void add(bench_host_engine *list, int *n, const bench_host_plan *p, bench_host_engine e,
                const char *filter_name)
{
    if (!p->engines || bench_listed(p->engines, filter_name)) list[(*n)++] = e;
}

/* The file OpenBLAS was loaded from: NVBLAS hands it the calls it keeps on
 * the CPU. */
static const char *openblas_path(void)
{
    Dl_info info;
    void *sym = dlsym(RTLD_DEFAULT, "openblas_get_corename");
    return sym && dladdr(sym, &info) && info.dli_fname ? info.dli_fname : NULL;
}

static int choose_engines(const bench_host_plan *p, bench_host_engine *list)
{
    int n = 0;
    char why[512];
    add(list, &n, p, (bench_host_engine){ .name = "auto", .backend = "auto" }, "auto");
    add(list, &n, p, (bench_host_engine){ .name = "cpu", .device = "cpu", .backend = "cpu" },
        "cpu");
    if (p->real_gpu) {
        add(list, &n, p, (bench_host_engine){ .name = "gpu+xfer", .device = "gpu",
                                              .backend = "gpu" }, "gpu");
    } else {
        bench_gpu_backend_info(why, sizeof why);
        printf("gpu+xfer: no rows: %s\n", why);
    }
    add(list, &n, p, (bench_host_engine){ .name = "openblas", .device = "cpu",
                                          .backend = "openblas" }, "openblas");
    if (p->engines && !bench_listed(p->engines, "nvblas")) return n;
    if (!p->real_gpu)
        printf("nvblas: not measured: no GPU\n");
    else if (!bench_nvblas_load(openblas_path(), why, sizeof why))
        printf("nvblas: not measured: %s\n", why);
    else
        list[n++] = (bench_host_engine){ .name = "nvblas", .device = "gpu" };
    return n;
}

static void shape_text(const bench_result *r, char *buf, size_t len)
{
    if (r->m > 0)
        snprintf(buf, len, "%lldx%lldx%lld", (long long)r->m, (long long)r->n, (long long)r->k);
    else
        snprintf(buf, len, "%lld", (long long)r->size);
}

static void print_header(void)
{
    printf("%-9s %-4s %-5s %-6s %-16s %4s %11s %9s %-7s %8s %9s\n", "engine", "on", "op",
           "prec", "size/mxnxk", "beta", "median_ms", "rate", "unit", "openblas", "check");
}

static void print_row(const bench_result *r)
{
    char shape[48], beta[16] = "", ratio[16] = "-";
    shape_text(r, shape, sizeof shape);
    if (r->m > 0) snprintf(beta, sizeof beta, "%g", r->beta);
    if (r->status != OMPWG_OK) {
        printf("%-9s %-4s %-5s %-6s %-16s %4s   no figure: %s\n", r->engine, r->device, r->op,
               r->prec, shape, beta, ompwg_strerror(r->status));
        return;
    }
    if (r->vs_reference >= 0) snprintf(ratio, sizeof ratio, "%.2fx", r->vs_reference);
    printf("%-9s %-4s %-5s %-6s %-16s %4s %11.3f %9.1f %-7s %8s %7.2g %s\n", r->engine,
           r->device, r->op, r->prec, shape, beta, r->seconds * 1e3, r->rate, bench_unit(r),
           ratio, r->check, r->check_ok ? "ok" : "BAD");
}

/* The auto row's best and vs_best: the fastest checked row of the others. */
static void rank(bench_result *rows, int count)
{
    bench_result *automatic = NULL, *best = NULL;
    for (int i = 0; i < count; i++) {
        if (strcmp(rows[i].engine, "auto") == 0) automatic = &rows[i];
        else if (rows[i].status == OMPWG_OK && rows[i].check_ok &&
                 (!best || rows[i].rate > best->rate))
            best = &rows[i];
    }
    if (!automatic || !best) return;
    snprintf(automatic->best, sizeof automatic->best, "%s", best->engine);
    if (automatic->status == OMPWG_OK) automatic->vs_best = automatic->rate / best->rate;
}

/* Prints a case's rows and its auto/best line, and appends the rows to rep. */
static int finish_case(bench_result *rows, int count, bench_report *rep)
{
    int bad = 0;
    rank(rows, count);
    for (int i = 0; i < count; i++) {
        print_row(&rows[i]);
        bad += rows[i].status != OMPWG_OK || !rows[i].check_ok;
        if (!bench_report_add(rep, &rows[i])) return -1;
    }
    for (int i = 0; i < count; i++)
        if (rows[i].best[0] && rows[i].vs_best > 0)
            printf("  auto / best (%s): %.2fx\n", rows[i].best, rows[i].vs_best);
    fflush(stdout);
    return bad;
}

/* One line per case from the auto rows of rep[first..], and the lowest. */
static void print_summary(const bench_report *rep, int first)
{
    const bench_result *lowest = NULL;
    int cases = 0, at_par = 0;
    printf("\nhost data: auto against the best other engine of each case\n");
    printf("%-5s %-6s %-16s %4s %9s %-7s %-9s %9s %9s\n", "op", "prec", "size/mxnxk", "beta",
           "auto", "unit", "best", "its rate", "auto/best");
    for (int i = first; i < rep->count; i++) {
        const bench_result *r = &rep->rows[i];
        if (strcmp(r->engine, "auto") != 0 || !r->best[0]) continue;
        const bench_result *b = NULL;
        for (int j = first; j < rep->count && !b; j++)
            if (strcmp(rep->rows[j].engine, r->best) == 0 && rep->rows[j].m == r->m &&
                rep->rows[j].n == r->n && rep->rows[j].k == r->k &&
                rep->rows[j].size == r->size && strcmp(rep->rows[j].op, r->op) == 0 &&
                strcmp(rep->rows[j].prec, r->prec) == 0)
                b = &rep->rows[j];
        char shape[48], beta[16] = "", ratio[16] = "-";
        shape_text(r, shape, sizeof shape);
        if (r->m > 0) snprintf(beta, sizeof beta, "%g", r->beta);
        if (r->vs_best > 0) snprintf(ratio, sizeof ratio, "%.2fx", r->vs_best);
        printf("%-5s %-6s %-16s %4s %9.1f %-7s %-9s %9.1f %9s\n", r->op, r->prec, shape, beta,
               r->status == OMPWG_OK ? r->rate : 0.0, bench_unit(r), r->best,
               b ? b->rate : 0.0, ratio);
        cases++;
        at_par += r->vs_best >= 0.95;
        if (!lowest || r->vs_best < lowest->vs_best) lowest = r;
    }
    if (lowest) {
        char shape[48];
        shape_text(lowest, shape, sizeof shape);
        printf("auto within 5%% of the best or faster in %d of %d cases; lowest %.2fx (%s %s %s)\n",
               at_par, cases, lowest->vs_best, lowest->op, lowest->prec, shape);
    }
}

int bench_host_section(const bench_host_plan *p, const bench_config *cfg, bench_report *rep)
{
    bench_host_engine engines[MAX_ENGINES];
    printf("\nhost data: plain malloc'd arrays, as a program that calls a BLAS has them\n");
    int count = choose_engines(p, engines);
    if (count == 0) return 0;
    {
        /* what auto is today, where the library resolves it to one backend */
        ompwg_set_thread_backend("auto");
        printf("auto: the library's default choice (now %s); OpenBLAS %s\n", ompwg_get_backend(),
               openblas_get_corename());
        ompwg_set_thread_backend(NULL);
    }
    if (bench_nvblas_path()[0]) printf("nvblas: %s\n", bench_nvblas_path());
    printf("\n");
    print_header();

    bench_result rows[MAX_ENGINES];
    int first = rep->count, bad = 0, st;
    for (int d = 0; d < 2; d++) {
        if (!(d ? p->prec_d : p->prec_s)) continue;
        for (int s = 0; p->gemm && s < p->n_gemm; s++) {
            bench_host_gemm g = { p->gemm_sizes[s], p->gemm_sizes[s], p->gemm_sizes[s], 0.7, 0.3 };
            bench_host_gemm_case(engines, count, d, &g, cfg, rows);
            if ((st = finish_case(rows, count, rep)) < 0) return -1;
            bad += st;
        }
        int n_shapes = (int)(sizeof lapack_shapes / sizeof lapack_shapes[0]);
        for (int s = 0; p->gemm && s < n_shapes; s++) {
            if (!p->every_lapack_shape && (s != QUICK_LAPACK_SHAPE || !d)) continue;
            bench_host_gemm_case(engines, count, d, &lapack_shapes[s], cfg, rows);
            if ((st = finish_case(rows, count, rep)) < 0) return -1;
            bad += st;
        }
    }
    /* NVBLAS has GEMM only: it is the last engine and sits out the rest */
    int l3_count = count && !engines[count - 1].backend ? count - 1 : count;
    for (int s = 0; p->prec_d && s < p->n_gemm; s++) {
        const int64_t n = p->gemm_sizes[s];
        const bench_host_level3 cases[] = {
            { BENCH_L3_DTRSM, n, n },
            { BENCH_L3_DSYRK, n, n / 4 > 0 ? n / 4 : 1 },
            { BENCH_L3_DSYRK, n, n },
            { BENCH_L3_ZGEMM, n, n },
        };
        const bool wanted[] = { p->trsm, p->syrk, p->syrk, p->zgemm };
        for (int c = 0; c < (int)(sizeof cases / sizeof cases[0]); c++) {
            if (!wanted[c]) continue;
            bench_host_level3_case(engines, l3_count, &cases[c], cfg, rows);
            if ((st = finish_case(rows, l3_count, rep)) < 0) return -1;
            bad += st;
        }
    }
    /* NVBLAS has GEMM only: it is the last engine and sits out the reductions */
    int vec_count = count && !engines[count - 1].backend ? count - 1 : count;
    for (int op = BENCH_SUM; op <= BENCH_DOT; op++) {
        if (!(op == BENCH_SUM ? p->sum : p->dot)) continue;
        for (int d = 0; d < 2; d++) {
            if (!(d ? p->prec_d : p->prec_s)) continue;
            for (int s = 0; s < p->n_vec; s++) {
                bench_host_vec_case(engines, vec_count, (bench_op)op, d, p->vec_sizes[s], cfg,
                                    rows);
                if ((st = finish_case(rows, vec_count, rep)) < 0) return -1;
                bad += st;
            }
        }
    }
    print_summary(rep, first);
    printf("\nhost data: every engine reads and writes the same malloc'd (pageable) arrays; "
           "gpu+xfer and nvblas include the transfers. auto: ompwg_set_thread_backend(\"auto\"), "
           "the library's own placement. openblas: rate over OpenBLAS's. GEMM rates 2mnk flops "
           "/ median time; trsm (left, lower, no transpose, non-unit, B n x n, alpha 1, its copy "
           "of B in the time) n^3 flops, syrk (lower, C := C - A A^T, A n x k) n^2 k, zgemm "
           "(alpha 1, beta 0) 8n^3; the 8192x8192xk and 8192x64x8192 shapes (alpha -1, beta 1) "
           "are the "
           "updates of a blocked LAPACK factorisation. sum, dot: bytes read / median time. check: "
           "GEMM and zgemm netlib ratio against OpenBLAS (< 16 passes), trsm and syrk the "
           "largest difference to OpenBLAS over the written triangle in units of eps x inner "
           "dimension x OpenBLAS's largest element (< 16 passes), sum and dot the "
           "difference to OpenBLAS in units of the bound (<= 1 passes). auto/best: auto's rate "
           "over the fastest checked engine of the case.\n");
    return bad;
}
