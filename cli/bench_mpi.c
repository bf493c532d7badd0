/* `ompwg bench --mpi`, run under mpirun: strong and weak scaling of the
 * distributed GEMM (block and block-cyclic layouts) and reductions over 1, 2,
 * 4, ... ranks of the run, and the same GEMM through ScaLAPACK's p?gemm on
 * the same local arrays, with the ratio. A module that the `ompwg` program
 * opens only for --mpi, so that the program itself never needs MPI. */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mpi.h>

#include "bench_mpi_prec.h"
#include "harness.h"
#include "options.h"
#include "ompwg.h"
#include "ompwg_mpi.h"
#if OMPWG_BENCH_HAVE_SCALAPACK
#include "scalapack.h"
#endif

typedef struct options {
    bench_sizes strong, weak, vec_strong, vec_weak;
    bool prec_s, prec_d, gemm, reduce;
    int64_t block;
    int reps;
    const char *out;
} options;

static const char *const reduce_names[] = { "sum", "dot", "max" };

static int mpi_rank(MPI_Comm c)
{
    int r = 0;
    MPI_Comm_rank(c, &r);
    return r;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpirun -np P ompwg bench --mpi [options]\n"
            "  --quick             GEMM n 1024, weak 512 per rank; vectors 2^24, weak 2^22 (default)\n"
            "  --full              GEMM n 4096,8192, weak 2048; vectors 2^27, weak 2^25\n"
            "  --sizes a,b         GEMM sizes for strong scaling (n x n x n on every rank count)\n"
            "  --weak a,b          GEMM sizes on one rank for weak scaling (n * cbrt(p) on p ranks)\n"
            "  --vec-sizes a,b     reduction lengths for strong scaling\n"
            "  --vec-weak a,b      reduction lengths on one rank for weak scaling (n * p on p)\n"
            "  --ops gemm,reduce   --prec s,d   --reps R (default 3)\n"
            "  --block NB          block-cyclic block size, ompwg and ScaLAPACK (default 128)\n"
            "  --out DIR           also write DIR/bench_mpi.csv\n");
}

/* The lists the command line did not give, from --quick (the default) or
 * --full. */
static void default_sizes(options *o, bool full)
{
    static const bench_sizes quick[4] = { { { 1024 }, 1 }, { { 512 }, 1 }, { { 1 << 24 }, 1 },
                                          { { 1 << 22 }, 1 } };
    static const bench_sizes big[4] = { { { 4096, 8192 }, 2 }, { { 2048 }, 1 }, { { 1 << 27 }, 1 },
                                        { { 1 << 25 }, 1 } };
    const bench_sizes *s = full ? big : quick;
    bench_sizes *lists[4] = { &o->strong, &o->weak, &o->vec_strong, &o->vec_weak };
    for (int i = 0; i < 4; i++)
        if (lists[i]->count == 0) *lists[i] = s[i];
}

/* 0: run; 1: --help; 2: bad usage. */
static int parse(int argc, char **argv, options *o)
{
    bool mpi = false, quick = false, full = false;
    const char *prec = NULL, *ops = NULL;
    const bench_option table[] = {
        { "--mpi", BENCH_OPTION_FLAG, &mpi },
        { "--quick", BENCH_OPTION_FLAG, &quick },
        { "--full", BENCH_OPTION_FLAG, &full },
        { "--sizes", BENCH_OPTION_SIZES, &o->strong },
        { "--weak", BENCH_OPTION_SIZES, &o->weak },
        { "--vec-sizes", BENCH_OPTION_SIZES, &o->vec_strong },
        { "--vec-weak", BENCH_OPTION_SIZES, &o->vec_weak },
        { "--reps", BENCH_OPTION_COUNT, &o->reps },
        { "--block", BENCH_OPTION_SIZE, &o->block },
        { "--out", BENCH_OPTION_TEXT, &o->out },
        { "--prec", BENCH_OPTION_TEXT, &prec },
        { "--ops", BENCH_OPTION_TEXT, &ops },
    };
    int st = bench_parse_options("ompwg bench --mpi", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st;
    default_sizes(o, full && !quick);
    if (prec) {
        o->prec_s = bench_listed(prec, "s");
        o->prec_d = bench_listed(prec, "d");
    }
    if (ops) {
        o->gemm = bench_listed(ops, "gemm");
        o->reduce = bench_listed(ops, "reduce");
    }
    return 0;
}

/* ScaLAPACK multiplies through the system BLAS (libblas.so.3, OpenBLAS on
 * Debian), a library of its own with its own threads: give it the cores the
 * rank's CPU backend has, so that two ranks never fight over a core. */
static void size_scalapack_blas(int threads)
{
    void *blas = dlopen("libblas.so.3", RTLD_NOW | RTLD_NOLOAD);
    if (!blas) return;
    void (*set)(int) = (void (*)(int))dlsym(blas, "openblas_set_num_threads");
    if (set) set(threads);
    dlclose(blas);
}

static void print_placement(MPI_Comm world, const ompwg_mpi_grid_info *info)
{
    int size = 0, rank = mpi_rank(world);
    MPI_Comm_size(world, &size);
    int mine[6] = { info->local_rank, info->local_size, info->gpu_device, info->gpu_count,
                    info->cpu_first, info->cpu_count };
    int *all = rank == 0 ? malloc((size_t)size * sizeof mine) : NULL;
    char name[MPI_MAX_PROCESSOR_NAME] = "", *names = rank == 0 ? malloc((size_t)size * sizeof name) : NULL;
    int len = 0;
    MPI_Get_processor_name(name, &len);
    MPI_Gather(mine, 6, MPI_INT, all, 6, MPI_INT, 0, world);
    MPI_Gather(name, (int)sizeof name, MPI_CHAR, names, (int)sizeof name, MPI_CHAR, 0, world);
    char backend[16];
    snprintf(backend, sizeof backend, "%s", ompwg_get_backend());
    char *backends = rank == 0 ? malloc((size_t)size * sizeof backend) : NULL;
    MPI_Gather(backend, (int)sizeof backend, MPI_CHAR, backends, (int)sizeof backend, MPI_CHAR, 0, world);
    if (rank == 0 && all && names && backends) {
        printf("placement (ompwg_mpi_grid_create with OMPWG_MPI_PLACE):\n");
        printf("  rank  node                  local  backend   gpu       cores\n");
        for (int r = 0; r < size; r++) {
            int *v = all + 6 * r;
            char gpu[32], cores[32];
            if (v[2] >= 0) snprintf(gpu, sizeof gpu, "%d of %d", v[2], v[3]);
            else snprintf(gpu, sizeof gpu, "none");
            snprintf(cores, sizeof cores, "%d-%d", v[4], v[4] + v[5] - 1);
            printf("  %4d  %-20.20s  %d/%d    %-8s  %-8s  %s\n", r, names + r * sizeof name, v[0],
                   v[1], backends + r * sizeof backend, gpu, cores);
        }
    }
    free(all);
    free(names);
    free(backends);
}

/* Rank counts 1, 2, 4, ... up to the run's, and the run's own. */
static int rank_counts(int size, int *out)
{
    int n = 0;
    for (int p = 1; p < size; p *= 2) out[n++] = p;
    out[n++] = size;
    return n;
}

static double gflops(int64_t n, double s)
{
    return s > 0 ? 2.0 * (double)n * (double)n * (double)n / s * 1e-9 : -1;
}

static void print_gemm_table(const char *title, const gemm_row *rows, int count, bool weak,
                             FILE *csv, const char *prec)
{
    printf("\n%s\n", title);
    printf("  ranks grid   n      | ompwg block       | ompwg cyclic      | ScaLAPACK cyclic  | "
           "ompwg/ScaLAPACK  check\n");
    printf("                      | GFLOP/s  %s  | GFLOP/s  %s  | GFLOP/s  %s  |\n",
           weak ? "w.eff" : "speed", weak ? "w.eff" : "speed", weak ? "w.eff" : "speed");
    for (int i = 0; i < count; i++) {
        const gemm_row *r = &rows[i];
        double t[3] = { r->ompwg_block, r->ompwg_cyclic, r->scalapack };
        double t1[3] = { rows[0].ompwg_block, rows[0].ompwg_cyclic, rows[0].scalapack };
        printf("  %5d %dx%-4d %-6lld", r->p, r->nprow, r->npcol, (long long)r->n);
        for (int e = 0; e < 3; e++) {
            double g = gflops(r->n, t[e]), g1 = gflops(rows[0].n, t1[e]);
            /* strong: speedup t1/tp; weak: efficiency (rate per rank against one rank's) */
            double s = weak ? (g > 0 && g1 > 0 ? g / (r->p * g1) : -1) : (t[e] > 0 && t1[e] > 0 ? t1[e] / t[e] : -1);
            if (g > 0) printf(" | %8.1f %5.2f   ", g, s);
            else printf(" | %8s %5s   ", "-", "-");
        }
        double ratio = r->ompwg_cyclic > 0 && r->scalapack > 0 ? r->scalapack / r->ompwg_cyclic : -1;
        if (ratio > 0) printf(" | %6.2f           %s (%.1f)\n", ratio, r->check <= 32 ? "ok" : "FAIL", r->check);
        else printf(" | %6s\n", "-");
        if (csv)
            fprintf(csv, "gemm,%s,%s,%d,%dx%d,%lld,%.6g,%.6g,%.6g,%.6g,%.3g\n", prec,
                    weak ? "weak" : "strong", r->p, r->nprow, r->npcol, (long long)r->n,
                    r->ompwg_block, r->ompwg_cyclic, r->scalapack, ratio, r->check);
    }
}

static void gemm_scaling(MPI_Comm world, const options *o, bool dbl, FILE *csv)
{
    int size, rank = mpi_rank(world), counts[32];
    MPI_Comm_size(world, &size);
    int nc = rank_counts(size, counts);
    const char *prec = dbl ? "double" : "float";
    for (int weak = 0; weak < 2; weak++) {
        int nsz = weak ? o->weak.count : o->strong.count;
        for (int s = 0; s < nsz; s++) {
            gemm_row rows[32];
            for (int i = 0; i < nc; i++) {
                int p = counts[i];
                int64_t n = weak ? (int64_t)llround((double)o->weak.n[s] * cbrt((double)p)) : o->strong.n[s];
                MPI_Comm sub;
                MPI_Comm_split(world, rank < p ? 0 : MPI_UNDEFINED, rank, &sub);
                if (sub != MPI_COMM_NULL) {
                    if (dbl) bench_mpi_gemm_row_d(sub, p, n, o->block, o->reps, &rows[i]);
                    else bench_mpi_gemm_row_s(sub, p, n, o->block, o->reps, &rows[i]);
                    MPI_Comm_free(&sub);
                }
                MPI_Barrier(world);
                if (rank == 0) fprintf(stderr, "ompwg bench --mpi: %s gemm %s n %lld on %d ranks done\n",
                                       prec, weak ? "weak" : "strong", (long long)n, p);
            }
            if (rank != 0) continue;
            char title[256];
            if (weak)
                snprintf(title, sizeof title, "GEMM %s, weak scaling: n = %lld * cbrt(p), the same "
                         "flops per rank (w.eff: GFLOP/s per rank against one rank's)", prec,
                         (long long)o->weak.n[s]);
            else
                snprintf(title, sizeof title, "GEMM %s, strong scaling: n = %lld (speed: time on 1 "
                         "rank / time on p)", prec, (long long)o->strong.n[s]);
            print_gemm_table(title, rows, nc, weak, csv, prec);
        }
    }
}

static void reduce_scaling(MPI_Comm world, const options *o, bool dbl, FILE *csv)
{
    int size, rank = mpi_rank(world), counts[32];
    MPI_Comm_size(world, &size);
    int nc = rank_counts(size, counts);
    const char *prec = dbl ? "double" : "float";
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    for (int weak = 0; weak < 2; weak++) {
        int nsz = weak ? o->vec_weak.count : o->vec_strong.count;
        for (int s = 0; s < nsz; s++) {
            if (rank == 0)
                printf("\nreductions %s, %s scaling: n = %lld%s (GB/s: bytes read by all ranks / "
                       "time; %s)\n  ranks  n           ", prec, weak ? "weak" : "strong",
                       (long long)(weak ? o->vec_weak.n[s] : o->vec_strong.n[s]), weak ? " * p" : "",
                       weak ? "w.eff: time on 1 rank / time on p" : "speed: time on 1 rank / time on p");
            for (int op = 0; op < 3 && rank == 0; op++) printf("| %-4s GB/s  %s  ", reduce_names[op], weak ? "w.eff" : "speed");
            if (rank == 0) printf("\n");
            double t1[3] = { -1, -1, -1 };
            for (int i = 0; i < nc; i++) {
                int p = counts[i];
                int64_t n = weak ? o->vec_weak.n[s] * p : o->vec_strong.n[s];
                double t[3] = { -1, -1, -1 };
                MPI_Comm sub;
                MPI_Comm_split(world, rank < p ? 0 : MPI_UNDEFINED, rank, &sub);
                if (sub != MPI_COMM_NULL) {
                    for (int op = 0; op < 3; op++)
                        t[op] = dbl ? bench_mpi_time_reduce_d(sub, (reduce_op)op, n, o->reps)
                                    : bench_mpi_time_reduce_s(sub, (reduce_op)op, n, o->reps);
                    MPI_Comm_free(&sub);
                }
                MPI_Barrier(world);
                if (rank != 0) continue;
                if (i == 0) memcpy(t1, t, sizeof t);
                printf("  %5d  %-11lld ", p, (long long)n);
                for (int op = 0; op < 3; op++) {
                    double bytes = (double)n * (double)elem * (op == RED_DOT ? 2 : 1);
                    double gbs = t[op] > 0 ? bytes / t[op] * 1e-9 : -1;
                    double e = t[op] > 0 && t1[op] > 0 ? t1[op] / t[op] : -1;
                    if (gbs > 0) printf("| %9.2f  %5.2f  ", gbs, e);
                    else printf("| %9s  %5s  ", "-", "-");
                    if (csv)
                        fprintf(csv, "%s,%s,%s,%d,,%lld,%.6g,,,,\n", reduce_names[op], prec,
                                weak ? "weak" : "strong", p, (long long)n, t[op]);
                }
                printf("\n");
            }
        }
    }
}

static FILE *open_csv(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ompwg bench --mpi: cannot create %s: %s\n", dir, strerror(errno));
        return NULL;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/bench_mpi.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "ompwg bench --mpi: cannot write %s: %s\n", path, strerror(errno));
    else fprintf(f, "op,precision,scaling,ranks,grid,n,ompwg_block_s,ompwg_cyclic_s,scalapack_s,"
                    "ompwg_over_scalapack,check\n");
    return f;
}

__attribute__((visibility("default"))) int ompwg_bench_mpi_main(int argc, char **argv)
{
    options o = { .prec_s = true, .prec_d = true, .gemm = true, .reduce = true, .block = 128, .reps = 3 };
    int st = parse(argc, argv, &o);
    if (st) return st == 1 ? 0 : 2;

    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm world = MPI_COMM_WORLD;
    int rank = mpi_rank(world), size = 1;
    MPI_Comm_size(world, &size);
    /* the placement first: before any other ompwg call, each rank's GPU is
     * the only one it touches */
    ompwg_mpi_grid *all = NULL;
    st = ompwg_mpi_grid_create(world, 0, 0, OMPWG_MPI_PLACE, &all);
    if (st != OMPWG_OK) {
        if (rank == 0) fprintf(stderr, "ompwg bench --mpi: %s\n", ompwg_mpi_strerror(st));
        MPI_Finalize();
        return 1;
    }
    ompwg_mpi_grid_info info;
    ompwg_mpi_grid_get_info(all, &info);
    size_scalapack_blas(info.cpu_count);
    if (rank == 0)
        printf("ompwg %s bench --mpi: %d ranks; ScaLAPACK %s\n", ompwg_version_string(), size,
               OMPWG_BENCH_HAVE_SCALAPACK ? "p?gemm through the system BLAS" : "not built in");
    print_placement(world, &info);
    FILE *csv = rank == 0 && o.out ? open_csv(o.out) : NULL;
    for (int d = 0; d < 2; d++) {
        if (!(d ? o.prec_d : o.prec_s)) continue;
        if (o.gemm) gemm_scaling(world, &o, d, csv);
        if (o.reduce) reduce_scaling(world, &o, d, csv);
    }
    if (rank == 0) {
        printf("\nGFLOP/s: 2n^3 / the slowest rank's median time. ompwg block: one block per process "
               "row and column; cyclic: %lld x %lld blocks, the layout ScaLAPACK gets. "
               "ompwg/ScaLAPACK: ScaLAPACK's time over ompwg's (above 1: ompwg faster). check: "
               "max |C_ompwg - C_ScaLAPACK| in units of u n (32 or less agrees). Ranks beyond p "
               "wait at a barrier while p ranks run; each rank computes on its own backend and "
               "share of the cores (placement above).\n",
               (long long)o.block, (long long)o.block);
        if (csv) fclose(csv);
    }
    ompwg_mpi_grid_free(&all);
    MPI_Finalize();
    return 0;
}
