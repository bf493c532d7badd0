/* `ompwg bench`: the GPU offload path and the CPU path side by side with
 * OpenBLAS, cuBLAS and CUB, every figure checked against OpenBLAS. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cblas.h>

#include "cases.h"
#include "bench_host.h"
#include "ceiling.h"
#include "cli.h"
#include "cub.h"
#include "cublas.h"
#include "device_data.h"
#include "dropin_cost.h"
#include "harness.h"
#include "level3_cases.h"
#include "nvblas.h"
#include "options.h"
#include "ompwg.h"
#include "report.h"

typedef struct options {
    bench_sizes gemm, vec;
    /* the host-data section's: the same lists where --sizes and
     * --vec-sizes give them, else their own */
    bench_sizes host_gemm, host_vec;
    bool ops[BENCH_OPS], prec_s, prec_d;
    bool trsm, syrk, zgemm; /* the host-data section's level-3 rows (double) */
    bool host, host_only, full;
    const char *engines;
    const char *out;
    int reps, threads;
} options;

static const int64_t quick_gemm[] = { 256, 512, 1024 };
static const int64_t quick_vec[] = { 1 << 20, 1 << 22, 1 << 24 };
static const int64_t full_gemm[] = { 256, 512, 1024, 2048, 4096, 8192 };
static const int64_t full_vec[] = { 1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 28 };
/* the host-data section: reaching the sizes where the GPU pays for its
 * transfers, and for reductions, where it never does */
static const int64_t host_quick_gemm[] = { 256, 1024, 4096 };
static const int64_t host_quick_vec[] = { 1 << 20, 1 << 23, 1 << 26 };
static const int64_t host_full_vec[] = { 1 << 20, 1 << 21, 1 << 22, 1 << 23,
                                         1 << 24, 1 << 25, 1 << 26, 1 << 27 };

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ompwg bench [options]\n"
            "  --quick            small sweep, under a minute on two cores (the default)\n"
            "  --full             GEMM and transpose 256..8192, reductions and scans 2^16..2^28,\n"
            "                     then the host-data section in full\n"
            "  --host             the host-data section only: malloc'd arrays on auto (the\n"
            "                     library's choice), cpu, gpu+xfer, openblas and nvblas, and\n"
            "                     auto against the best of them: GEMM n x n x n (256, 1024,\n"
            "                     4096) and 8192x8192x256 in double, sum and dot (2^20, 2^23,\n"
            "                     2^26); with --full GEMM 256..8192 and every LAPACK-shaped\n"
            "                     one (8192x8192xk, k = 64..512, and 8192x64x8192) in both\n"
            "                     precisions, sum and dot 2^20..2^27\n"
            "  --sizes a,b,...    GEMM sizes (n x n x n) and transpose sizes (n x n), also the\n"
            "                     host-data section's n x n x n GEMMs\n"
            "  --vec-sizes a,...  reduction and scan lengths, also the host-data section's\n"
            "  --ops gemm,sum,dot,max,transpose,scan,trsm,syrk,zgemm\n"
            "                     (trsm, syrk, zgemm: double, on device and host data)\n"
            "  --prec s,d\n"
            "  --backends list    of cpu, openblas, gpu (also gpu+xfer, gpu-sg, gpu-unpad),\n"
            "                     cublas, cub; in the host-data section auto, cpu, gpu,\n"
            "                     openblas, nvblas\n"
            "  --reps R           timed runs per case (median reported; default 5)\n"
            "  --threads T        CPU threads for ompwg and OpenBLAS\n"
            "  --out DIR          also write DIR/bench.csv, bench.json and bench.png\n"
            "  --mpi              under mpirun: scaling over the ranks and ScaLAPACK's p?gemm\n"
            "                     (mpirun -np P ompwg bench --mpi --help for its options)\n"
            "  --dropin           every BLAS routine libompwg_blas exports, its time per call\n"
            "                     against OpenBLAS alone (ompwg bench --dropin --help for its\n"
            "                     options)\n");
}

static bench_sizes sizes_of(const int64_t *n, int count)
{
    bench_sizes s = { .count = count };
    memcpy(s.n, n, (size_t)count * sizeof *n);
    return s;
}

/* The names --backends takes: the main section's and the host-data
 * section's engines. */
static const char *const engine_names[] = { "cpu", "openblas", "gpu", "gpu+xfer", "gpu-sg",
                                            "gpu-unpad", "cublas", "cub", "auto", "nvblas",
                                            NULL };
static const char *const prec_names[] = { "s", "d", NULL };

/* 0 when every item of the comma-separated list is one of valid; else 2,
 * with the item and the valid names on stderr: a name that selects nothing
 * would give a run of zero rows and no word why. */
static int check_list(const char *option, const char *list, const char *const *valid)
{
    const char *p = list;
    for (;;) {
        size_t len = strcspn(p, ",");
        bool known = false;
        for (int i = 0; valid[i] && !known; i++)
            known = len && strlen(valid[i]) == len && strncmp(p, valid[i], len) == 0;
        if (!known) {
            fprintf(stderr, "ompwg bench: %s: '%.*s' is not one of ", option, (int)len, p);
            for (int i = 0; valid[i]; i++) fprintf(stderr, "%s%s", i ? "," : "", valid[i]);
            fputc('\n', stderr);
            return 2;
        }
        if (!p[len]) return 0;
        p += len + 1;
    }
}

/* 0: run; 1: stop with success (--help); 2: bad usage. */
static int parse(int argc, char **argv, options *o)
{
    bool quick = false;
    const char *ops = NULL, *prec = NULL;
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &quick },
        { "--full", BENCH_OPTION_FLAG, &o->full },
        { "--host", BENCH_OPTION_FLAG, &o->host_only },
        { "--sizes", BENCH_OPTION_SIZES, &o->gemm },
        { "--vec-sizes", BENCH_OPTION_SIZES, &o->vec },
        { "--ops", BENCH_OPTION_TEXT, &ops },
        { "--prec", BENCH_OPTION_TEXT, &prec },
        { "--backends", BENCH_OPTION_TEXT, &o->engines },
        { "--reps", BENCH_OPTION_COUNT, &o->reps },
        { "--threads", BENCH_OPTION_COUNT, &o->threads },
        { "--out", BENCH_OPTION_TEXT, &o->out },
    };
    int st = bench_parse_options("ompwg bench", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st;
    const char *op_names[BENCH_OPS + 4];
    for (int op = 0; op < BENCH_OPS; op++) op_names[op] = bench_op_name((bench_op)op);
    op_names[BENCH_OPS] = "trsm";
    op_names[BENCH_OPS + 1] = "syrk";
    op_names[BENCH_OPS + 2] = "zgemm";
    op_names[BENCH_OPS + 3] = NULL;
    if ((ops && check_list("--ops", ops, op_names)) ||
        (prec && check_list("--prec", prec, prec_names)) ||
        (o->engines && check_list("--backends", o->engines, engine_names)))
        return 2;
    o->full = o->full && !quick;
    o->host = o->host_only || o->full;
    if (o->reps == 0) o->reps = o->full ? 10 : 5;
    o->host_gemm = o->gemm.count ? o->gemm
                   : o->full     ? sizes_of(full_gemm, 6)
                                 : sizes_of(host_quick_gemm, 3);
    o->host_vec = o->vec.count ? o->vec
                  : o->full    ? sizes_of(host_full_vec, 8)
                               : sizes_of(host_quick_vec, 3);
    if (!o->gemm.count) o->gemm = o->full ? sizes_of(full_gemm, 6) : sizes_of(quick_gemm, 3);
    if (!o->vec.count) o->vec = o->full ? sizes_of(full_vec, 7) : sizes_of(quick_vec, 3);
    if (ops) {
        for (int op = 0; op < BENCH_OPS; op++)
            o->ops[op] = bench_listed(ops, bench_op_name((bench_op)op));
        o->trsm = bench_listed(ops, "trsm");
        o->syrk = bench_listed(ops, "syrk");
        o->zgemm = bench_listed(ops, "zgemm");
    }
    if (prec) {
        o->prec_s = bench_listed(prec, "s");
        o->prec_d = bench_listed(prec, "d");
    }
    return 0;
}

/* OpenBLAS picks its kernels at load time; on a virtual CPU it may take a
 * generic one and every ratio against it flatters ompwg. */
static void warn_weak_openblas(void)
{
    const char *core = openblas_get_corename();
    static const char *const weak[] = { "Prescott", "Core2", "Penryn", "Dunnington", "Nehalem",
                                        "Atom", "Katmai", "Coppermine", "Northwood", "Banias",
                                        "Opteron", "Barcelona", "Bobcat", "Sandybridge" };
    bool is_weak = false;
    for (size_t i = 0; i < sizeof weak / sizeof weak[0]; i++)
        is_weak |= strcasecmp(core, weak[i]) == 0;
#if defined(__x86_64__)
    const char *fair = __builtin_cpu_supports("avx512f") ? "SkylakeX"
                       : __builtin_cpu_supports("avx2") ? "Haswell" : NULL;
    if (fair && (is_weak || (strcmp(fair, "SkylakeX") == 0 && strcasecmp(core, "Haswell") == 0)))
        fprintf(stdout,
                "WARNING: OpenBLAS runs its %s kernels on a CPU with %s: the OpenBLAS rows are "
                "slower than they should be. Set OPENBLAS_CORETYPE=%s for a fair comparison.\n",
                core, strcmp(fair, "SkylakeX") == 0 ? "AVX-512" : "AVX2", fair);
#else
    (void)is_weak;
#endif
}

typedef struct ceilings {
    double cpu_copy, gpu_copy;   /* GB/s, measured in this run */
    double cpu_peak[2], gpu_peak[2]; /* GFLOP/s [float, double], estimates */
    char cpu_source[2][256], gpu_source[2][256];
} ceilings;

static double gpu_copy_gbs(int reps)
{
    size_t bytes = (size_t)1 << 30;
    void *a = NULL, *b = NULL;
    double gbs = -1;
    double *t = malloc((size_t)reps * sizeof *t);
    if (t && ompwg_device_alloc(bytes, &a) == OMPWG_OK &&
        ompwg_device_alloc(bytes, &b) == OMPWG_OK &&
        ompwg_device_copy(b, a, bytes, OMPWG_DEVICE_TO_DEVICE) == OMPWG_OK) {
        int r = 0;
        for (; r < reps; r++) {
            double t0 = bench_now();
            if (ompwg_device_copy(b, a, bytes, OMPWG_DEVICE_TO_DEVICE) != OMPWG_OK) break;
            t[r] = bench_now() - t0;
        }
        if (r == reps) gbs = 2.0 * (double)bytes / bench_median(t, reps) * 1e-9;
    }
    ompwg_device_free(a);
    ompwg_device_free(b);
    free(t);
    return gbs;
}

/* The GPU ceilings of the GEMM rows: the FMA peaks, and for double on a GPU
 * with FP64 tensor cores theirs, the highest rate a DGEMM can reach there,
 * with the FMA peak named beside it. */
static void gpu_peaks(ceilings *c)
{
    for (int d = 0; d < 2; d++) {
        bool fp64_tensor;
        double fma = bench_gpu_fma_peak_gflops(d, &fp64_tensor, c->gpu_source[d],
                                               sizeof c->gpu_source[d]);
        if (fma <= 0) return;
        c->gpu_peak[d] = fma;
        size_t n = strlen(c->gpu_source[d]);
        if (d && fp64_tensor && n < sizeof c->gpu_source[d]) {
            c->gpu_peak[d] = 2 * fma;
            snprintf(c->gpu_source[d] + n, sizeof c->gpu_source[d] - n,
                     " x 2 for the FP64 tensor cores; FMA peak %.0f GFLOP/s", fma);
        }
    }
}

static void add_engine(bench_engine *list, int *n, const options *o, bench_engine e,
                       const char *filter_name)
{
    if (!o->engines || bench_listed(o->engines, filter_name)) list[(*n)++] = e;
}

static int cpu_threads(const options *o)
{
    return o->threads ? o->threads : ompwg_get_num_threads();
}

static void context_json(char *buf, size_t len, const options *o, const char *gpu_name,
                         int argc, char **argv)
{
    char host[128] = "", date[32], cmd[512] = "";
    gethostname(host, sizeof host - 1);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    for (int i = 0; i < argc; i++) {
        size_t used = strlen(cmd);
        snprintf(cmd + used, sizeof cmd - used, "%s%s", i ? " " : "ompwg ", argv[i]);
    }
    snprintf(buf, len,
             "{\"ompwg\": \"%s\", \"date\": \"%s\", \"host\": \"%s\", \"command\": \"%s\", "
             "\"threads\": %d, \"reps\": %d, \"openblas_core\": \"%s\", \"gpu\": \"%s\", "
             "\"cublas\": \"%s\", \"cub\": \"%s\", \"nvblas\": \"%s\"}",
             ompwg_version_string(), date, host, cmd, cpu_threads(o), o->reps,
             openblas_get_corename(), gpu_name, bench_cublas_path(), bench_cub_path(),
             bench_nvblas_path());
}

static int write_outputs(const bench_report *rep, const char *dir, const char *ctx)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ompwg bench: cannot create %s: %s\n", dir, strerror(errno));
        return 1;
    }
    char csv[4096], json[4096], png[4096], why[256];
    snprintf(csv, sizeof csv, "%s/bench.csv", dir);
    snprintf(json, sizeof json, "%s/bench.json", dir);
    snprintf(png, sizeof png, "%s/bench.png", dir);
    int e1 = bench_write_csv(rep, csv), e2 = bench_write_json(rep, json, ctx);
    if (e1 || e2) {
        fprintf(stderr, "ompwg bench: cannot write results: %s\n", strerror(e1 ? e1 : e2));
        return 1;
    }
    printf("wrote %s and %s\n", csv, json);
    if (bench_plot(rep, csv, png, why, sizeof why) == 0) printf("wrote %s\n", png);
    else printf("no plot: %s\n", why);
    return 0;
}

/* DTRSM, DSYRK and ZGEMM on device data, the gpu backend beside cuBLAS at
 * the GEMM sizes (bench/level3_cases.h); the number of rows without a
 * checked figure, or -1 when out of memory. */
static int device_level3_rows(const options *o, bool real_gpu, bench_report *rep)
{
    const bench_level3_op ops[] = { BENCH_L3_DTRSM, BENCH_L3_DSYRK, BENCH_L3_ZGEMM };
    const bool wanted[] = { o->trsm, o->syrk, o->zgemm };
    if (!o->prec_d || !(o->trsm || o->syrk || o->zgemm)) return 0;
    if (o->engines && !bench_listed(o->engines, "gpu")) return 0;
    char why[512];
    if (!real_gpu) {
        bench_gpu_backend_info(why, sizeof why);
        printf("trsm, syrk, zgemm: no device-data rows: %s\n", why);
        return 0;
    }
    bool have_cublas = (!o->engines || bench_listed(o->engines, "cublas")) &&
                       bench_cublas_load(why, sizeof why);
    int bad = 0;
    for (int c = 0; c < 3; c++)
        for (int s = 0; wanted[c] && s < o->gemm.count; s++) {
            fprintf(stderr, "gpu, cublas %s double %lld\n", bench_level3_name(ops[c]),
                    (long long)o->gemm.n[s]);
            bench_result rows[2];
            bench_device_level3_case(ops[c], o->gemm.n[s], o->reps, have_cublas, rows);
            for (int r = have_cublas ? 1 : 0; r >= 0; r--) {
                bad += rows[r].status != OMPWG_OK || !rows[r].check_ok;
                bench_print_row(stdout, &rows[r]);
                if (!bench_report_add(rep, &rows[r])) return -1;
            }
            fflush(stdout);
        }
    return bad;
}

/* The backends side by side on device and host data, with cuBLAS and CUB;
 * prints and appends to rep its rows. The number of rows without a checked
 * figure, or -1 when out of memory. */
static int main_section(const options *o, bool real_gpu, const bench_config *cfg,
                        bench_report *rep)
{
    char why[512];
    bench_engine engines[10];
    int n_eng = 0;
    add_engine(engines, &n_eng, o, (bench_engine){ .name = "openblas", .device = "cpu",
               .backend = "openblas", .reference = "openblas", .kind = BENCH_HOST_DATA }, "openblas");
    add_engine(engines, &n_eng, o, (bench_engine){ .name = "cpu", .device = "cpu",
               .backend = "cpu", .reference = "openblas", .kind = BENCH_HOST_DATA }, "cpu");
    if (real_gpu) {
        if (bench_cublas_load(why, sizeof why))
            add_engine(engines, &n_eng, o, (bench_engine){ .name = "cublas", .device = "gpu",
                       .reference = "cublas", .kind = BENCH_CUBLAS }, "cublas");
        else
            printf("cublas: not measured: %s\n", why);
        /* CUB has the plain sum, the signed max and the scan that cuBLAS
         * lacks: the reference for those ops where it loads */
        const char *vec_reference = NULL;
        if (bench_cub_load(why, sizeof why)) {
            int before = n_eng;
            add_engine(engines, &n_eng, o, (bench_engine){ .name = "cub", .device = "gpu",
                       .reference = "cub", .kind = BENCH_CUB }, "cub");
            if (n_eng > before) vec_reference = "cub";
        } else {
            printf("cub: not measured: %s\n", why);
        }
        add_engine(engines, &n_eng, o, (bench_engine){ .name = "gpu", .device = "gpu",
                   .backend = "gpu", .reference = "cublas", .vec_reference = vec_reference,
                   .kind = BENCH_DEVICE_DATA }, "gpu");
        add_engine(engines, &n_eng, o, (bench_engine){ .name = "gpu+xfer", .device = "gpu",
                   .backend = "gpu", .reference = "cublas", .vec_reference = vec_reference,
                   .kind = BENCH_HOST_DATA }, "gpu");
        /* the GPU kernel variants beside the default ones */
        add_engine(engines, &n_eng, o, (bench_engine){ .name = "gpu-sg", .device = "gpu",
                   .backend = "gpu", .reference = "gpu", .kind = BENCH_DEVICE_DATA,
                   .gemm_variant = "subgroup", .reduce_variant = "subgroup",
                   .ops = 1u << BENCH_GEMM | 1u << BENCH_SUM | 1u << BENCH_DOT | 1u << BENCH_MAX },
                   "gpu-sg");
        add_engine(engines, &n_eng, o, (bench_engine){ .name = "gpu-unpad", .device = "gpu",
                   .backend = "gpu", .reference = "gpu", .kind = BENCH_DEVICE_DATA,
                   .transpose_variant = "unpadded", .ops = 1u << BENCH_TRANSPOSE }, "gpu-unpad");
    } else {
        bench_gpu_backend_info(why, sizeof why);
        printf("gpu: no GPU rows: %s\n", why);
    }

    ceilings c = { .cpu_copy = -1, .gpu_copy = -1, .cpu_peak = { -1, -1 }, .gpu_peak = { -1, -1 } };
    fprintf(stderr, "ompwg bench: measuring the copy bandwidth ceilings...\n");
    c.cpu_copy = bench_cpu_copy_gbs(cpu_threads(o), o->reps);
    for (int d = 0; d < 2; d++)
        c.cpu_peak[d] = bench_cpu_peak_gflops(cpu_threads(o), d, c.cpu_source[d],
                                              sizeof c.cpu_source[d]);
    if (real_gpu) {
        c.gpu_copy = gpu_copy_gbs(o->reps);
        gpu_peaks(&c);
    }
    printf("ceilings: CPU streaming copy %.1f GB/s (read+write, measured)", c.cpu_copy);
    if (c.gpu_copy > 0) printf("; GPU device copy %.1f GB/s (read+write, measured)", c.gpu_copy);
    printf("\n");
    for (int d = 0; d < 2; d++) {
        printf("  CPU %s peak %.0f GFLOP/s (%s)\n", d ? "double" : "float", c.cpu_peak[d],
               c.cpu_source[d]);
        if (c.gpu_peak[d] > 0)
            printf("  GPU %s peak %.0f GFLOP/s (%s)\n", d ? "double" : "float", c.gpu_peak[d],
                   c.gpu_source[d]);
    }

    int total = 0, done = 0, bad = 0;
    for (int op = 0; op < BENCH_OPS; op++)
        for (int e = 0; o->ops[op] && e < n_eng; e++)
            if (bench_engine_runs(&engines[e], (bench_op)op))
                total += (bench_op_is_matrix((bench_op)op) ? o->gemm.count : o->vec.count) *
                         (o->prec_s + o->prec_d);
    printf("\n");
    bench_print_header(stdout);
    /* a CPU engine after another: the other's threads stop spinning first */
    int last_cpu_engine = -1;
    for (int op = 0; op < BENCH_OPS; op++) {
        if (!o->ops[op]) continue;
        const bool matrix = bench_op_is_matrix((bench_op)op);
        for (int d = 0; d < 2; d++) {
            if (!(d ? o->prec_d : o->prec_s)) continue;
            int n_sizes = matrix ? o->gemm.count : o->vec.count;
            for (int s = 0; s < n_sizes; s++) {
                int64_t size = matrix ? o->gemm.n[s] : o->vec.n[s];
                int first = rep->count;
                for (int e = 0; e < n_eng; e++) {
                    if (!bench_engine_runs(&engines[e], (bench_op)op)) continue;
                    if (!strcmp(engines[e].device, "cpu")) {
                        if (last_cpu_engine >= 0 && last_cpu_engine != e) bench_settle();
                        last_cpu_engine = e;
                    }
                    fprintf(stderr, "[%d/%d] %s %s %s %lld\n", ++done, total, engines[e].name,
                            bench_op_name((bench_op)op), d ? "double" : "float", (long long)size);
                    bench_result row = { 0 };
                    bench_run_case(&engines[e], (bench_op)op, d, size, cfg, &row);
                    bool gpu = strcmp(row.device, "gpu") == 0;
                    double ceiling = op == BENCH_GEMM ? (gpu ? c.gpu_peak[d] : c.cpu_peak[d])
                                                      : (gpu ? c.gpu_copy : c.cpu_copy);
                    if (row.status == OMPWG_OK && ceiling > 0) row.ceiling = row.rate / ceiling;
                    for (int r = first; r < rep->count; r++)
                        if (strcmp(rep->rows[r].engine, row.reference) == 0 &&
                            rep->rows[r].status == OMPWG_OK && row.status == OMPWG_OK)
                            row.vs_reference = row.rate / rep->rows[r].rate;
                    bad += row.status != OMPWG_OK || !row.check_ok;
                    bench_print_row(stdout, &row);
                    fflush(stdout);
                    if (!bench_report_add(rep, &row)) return -1;
                }
            }
        }
    }
    int st = device_level3_rows(o, real_gpu, rep);
    if (st < 0) return -1;
    bad += st;
    printf("\nrate: GEMM 2n^3 flops / median time; trsm (left, lower, no transpose, non-unit, "
           "its copy of B on the device in the time) and syrk (lower, k = n, alpha 1, beta 0) "
           "n^3, zgemm (alpha 1, beta 0) 8n^3; reductions bytes read / median time; "
           "transpose (n x n) and scan (inclusive, n elements) bytes read + written / median "
           "time. ceiling: GEMM rows against the peak estimate, the others against the "
           "streaming copy of the same device (bytes read + written). ratio: against the "
           "reference (OpenBLAS on the CPU, whose transpose is omatcopy and whose scan is the "
           "library's sequential reference; on the GPU cuBLAS for GEMM and transpose, whose "
           "transpose is geam, and CUB for sum, dot, max and scan (DeviceReduce::Sum, a "
           "TransformReduce of x_i y_i, ArgMax, DeviceScan::InclusiveSum) where its module "
           "loads, else cuBLAS, whose rows for sum and max are asum and amax, which read the "
           "same bytes; gpu for the variant engines). check: GEMM and zgemm netlib ratio "
           "against OpenBLAS (< 16 passes), trsm and syrk the largest difference to OpenBLAS "
           "over the written triangle in units of eps x n x OpenBLAS's largest element there "
           "(< 16 passes), reductions and scans the difference to OpenBLAS or a long "
           "double oracle in units of the documented bound (<= 1 passes; CUB's float scan "
           "accumulates in float, and its bound takes float's unit roundoff where ours takes "
           "double's), transpose 0 when exact. gpu: data on the device; gpu+xfer: host data, "
           "transfers included; gpu-sg: the sub-group GEMM (OMPWG_GPU_GEMM=subgroup) and "
           "reductions (OMPWG_GPU_REDUCE=subgroup); gpu-unpad: the transpose without padded "
           "tile rows (OMPWG_GPU_TRANSPOSE=unpadded).\n");
    return bad;
}

/* Data rotate through the caches they would otherwise stay in: the CPU's
 * last level, the GPU's L2. */
static bench_config make_config(const options *o, bool real_gpu)
{
    int64_t l2 = 0;
    if (real_gpu) ompwg_gpu_property(OMPWG_GPU_L2_BYTES, &l2);
    return (bench_config){ .reps = o->reps, .cpu_cache = bench_cpu_llc_bytes(),
                           .gpu_cache = l2 > 0 ? (size_t)l2 : 64u << 20, .seed = 20261122 };
}

int ompwg_cli_bench(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mpi") == 0) return ompwg_cli_bench_mpi(argc, argv);
        if (strcmp(argv[i], "--dropin") == 0) {
            /* its own options, the others' without --dropin */
            memmove(&argv[i], &argv[i + 1], (size_t)(argc - i) * sizeof *argv);
            return bench_dropin_main("ompwg bench --dropin", argc - 1, argv);
        }
    }
    options o = { .ops = { true, true, true, true, true, true }, .prec_s = true, .prec_d = true,
                  .trsm = true, .syrk = true, .zgemm = true };
    _Static_assert(BENCH_OPS == 6, "every op is on by default");
    int st = parse(argc, argv, &o);
    if (st) return st == 1 ? 0 : st;
    if (o.threads) {
        ompwg_set_num_threads(o.threads);
        openblas_set_num_threads(o.threads);
    }

    char gpu_name[128];
    bool real_gpu = ompwg_gpu_name(gpu_name, sizeof gpu_name) == OMPWG_OK;
    if (!real_gpu) snprintf(gpu_name, sizeof gpu_name, "none");
    printf("ompwg %s bench; CPU threads %d; OpenBLAS kernel %s; GPU %s\n",
           ompwg_version_string(), cpu_threads(&o), openblas_get_corename(), gpu_name);
    warn_weak_openblas();

    bench_config cfg = make_config(&o, real_gpu);
    bench_report rep = { 0 };
    int bad = 0, st_main = 0, st_host = 0;
    if (!o.host_only) st_main = main_section(&o, real_gpu, &cfg, &rep);
    if (st_main >= 0 && o.host) {
        bench_host_plan plan = { .gemm_sizes = o.host_gemm.n, .n_gemm = o.host_gemm.count,
                                 .vec_sizes = o.host_vec.n, .n_vec = o.host_vec.count,
                                 .gemm = o.ops[BENCH_GEMM], .sum = o.ops[BENCH_SUM],
                                 .dot = o.ops[BENCH_DOT], .trsm = o.trsm, .syrk = o.syrk,
                                 .zgemm = o.zgemm, .prec_s = o.prec_s,
                                 .prec_d = o.prec_d, .every_lapack_shape = o.full,
                                 .engines = o.engines, .real_gpu = real_gpu };
        st_host = bench_host_section(&plan, &cfg, &rep);
    }
    if (st_main < 0 || st_host < 0) {
        fprintf(stderr, "ompwg bench: out of memory\n");
        bench_report_free(&rep);
        return 1;
    }
    bad = st_main + st_host;
    if (o.out) {
        char ctx[2048];
        context_json(ctx, sizeof ctx, &o, gpu_name, argc, argv);
        if (write_outputs(&rep, o.out, ctx)) bad++;
    }
    bench_report_free(&rep);
    return bad ? 1 : 0;
}
