/* The drop-in cost benchmark's sweep: its options, the rows in the order
 * of the routines' list, the table, the summary and the files. */
#include "dropin_cost.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dropin_libs.h"
#include "dropin_measure.h"
#include "harness.h"
#include "ompwg.h"
#include "options.h"

/* the orders above this one would not leave memory for much else */
#define MAX_ORDER 4096

typedef struct options {
    bool quick;
    bench_sizes sizes;
    const char *routines, *lib, *out;
    int rounds, sample_us;
} options;

static const int64_t full_sizes[] = { 1, 8, 64, 256, 1024 };
static const int64_t quick_sizes[] = { 1, 64, 1024 };

static const char *program_name;

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: %s [options]\n"
        "Each BLAS routine of levels 1, 2 and 3 that libompwg_blas exports (by its Fortran\n"
        "name), its time per call through the drop-in against OpenBLAS alone, both called\n"
        "through pointers in alternating rounds; the target: at most 1.05x OpenBLAS's time\n"
        "or 0.05 us more, whichever is larger.\n"
        "  --quick            orders 1, 64, 1024 and 3 rounds (default: orders 1, 8, 64, 256,\n"
        "                     1024 and 9 rounds)\n"
        "  --sizes a,b,...    the orders (n of the vectors and of the n x n matrices)\n"
        "  --routines list    Fortran names, ddot_,dgemm_,... (default: every one)\n"
        "  --rounds R         samples of each library per row, the median reported (at most\n"
        "                     5 where a call takes over 0.5 ms)\n"
        "  --sample-us US     the length of a sample of short calls (default 2000)\n"
        "  --lib PATH         libompwg_blas (default: beside libompwg, else as the dynamic\n"
        "                     linker finds libompwg_blas.so.0)\n"
        "  --out DIR          also write DIR/dropin.csv and dropin.json (a missing value is an\n"
        "                     empty CSV field and a JSON null)\n",
        program_name);
}

static const bench_dropin_routine *find_routine(const char *name, size_t len)
{
    for (int i = 0; i < bench_dropin_routine_count; i++)
        if (strlen(bench_dropin_routines[i].name) == len &&
            strncmp(bench_dropin_routines[i].name, name, len) == 0)
            return &bench_dropin_routines[i];
    return NULL;
}

/* 0 when every name of the list is a routine of the table, else 2 with
 * the name and the valid ones on stderr */
static int check_routines(const char *list)
{
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ",");
        if (!find_routine(p, len)) {
            fprintf(stderr, "%s: --routines: '%.*s' is not one of", program_name, (int)len, p);
            for (int i = 0; i < bench_dropin_routine_count; i++)
                fprintf(stderr, "%s%s", i % 12 ? " " : "\n  ", bench_dropin_routines[i].name);
            fputc('\n', stderr);
            return 2;
        }
        p += len;
        if (!*p) return 0;
    }
}

/* 0: run; 1: stop with success (--help); 2: bad usage. */
static int parse(int argc, char **argv, options *o)
{
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &o->quick },
        { "--sizes", BENCH_OPTION_SIZES, &o->sizes },
        { "--routines", BENCH_OPTION_TEXT, &o->routines },
        { "--rounds", BENCH_OPTION_COUNT, &o->rounds },
        { "--sample-us", BENCH_OPTION_COUNT, &o->sample_us },
        { "--lib", BENCH_OPTION_TEXT, &o->lib },
        { "--out", BENCH_OPTION_TEXT, &o->out },
    };
    int st = bench_parse_options(program_name, usage, argc, argv, table, BENCH_LEN(table));
    if (st) return st;
    if (o->routines && check_routines(o->routines)) return 2;
    for (int i = 0; i < o->sizes.count; i++)
        if (o->sizes.n[i] > MAX_ORDER) {
            fprintf(stderr, "%s: --sizes: %lld is over %d\n", program_name,
                    (long long)o->sizes.n[i], MAX_ORDER);
            return 2;
        }
    if (!o->sizes.count) {
        const int64_t *s = o->quick ? quick_sizes : full_sizes;
        o->sizes.count = o->quick ? BENCH_LEN(quick_sizes) : BENCH_LEN(full_sizes);
        memcpy(o->sizes.n, s, (size_t)o->sizes.count * sizeof *s);
    }
    if (!o->rounds) o->rounds = o->quick ? 3 : 9;
    if (!o->sample_us) o->sample_us = 2000;
    return 0;
}

static const char *backend_setting(void)
{
    const char *b = getenv("OMPWG_BACKEND");
    return b && *b ? b : "auto (OMPWG_BACKEND unset)";
}

static const char *openblas_core(const bench_dropin_libs *l)
{
    char *(*core)(void) = (char *(*)(void))bench_dropin_libs_openblas(l, "openblas_get_corename");
    return core ? core() : "unknown";
}

static void context_json(char *buf, size_t len, const options *o, const bench_dropin_libs *l,
                         int argc, char **argv)
{
    char host[128] = "", date[32], cmd[512] = "", sizes[256] = "";
    gethostname(host, sizeof host - 1);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    snprintf(cmd, sizeof cmd, "%s", program_name);
    for (int i = 1; i < argc; i++) {
        size_t used = strlen(cmd);
        snprintf(cmd + used, sizeof cmd - used, " %s", argv[i]);
    }
    for (int i = 0; i < o->sizes.count; i++) {
        size_t used = strlen(sizes);
        snprintf(sizes + used, sizeof sizes - used, "%s%lld", i ? ", " : "",
                 (long long)o->sizes.n[i]);
    }
    snprintf(buf, len,
             "{\"ompwg\": \"%s\", \"date\": \"%s\", \"host\": \"%s\", \"command\": \"%s\", "
             "\"dropin\": \"%s\", \"openblas\": \"%s\", \"openblas_core\": \"%s\", "
             "\"backend\": \"%s\", \"threads\": %d, \"rounds\": %d, \"sample_us\": %d, "
             "\"sizes\": [%s]}",
             ompwg_version_string(), date, host, cmd, l->dropin_file, l->openblas_file,
             openblas_core(l), backend_setting(), ompwg_get_num_threads(), o->rounds, o->sample_us,
             sizes);
}

static int write_outputs(const bench_dropin_report *rep, const char *dir, const char *ctx)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create %s: %s\n", program_name, dir, strerror(errno));
        return 1;
    }
    char csv[4096], json[4096];
    snprintf(csv, sizeof csv, "%s/dropin.csv", dir);
    snprintf(json, sizeof json, "%s/dropin.json", dir);
    int e1 = bench_dropin_write_csv(rep, csv), e2 = bench_dropin_write_json(rep, json, ctx);
    if (e1 || e2) {
        fprintf(stderr, "%s: cannot write results: %s\n", program_name, strerror(e1 ? e1 : e2));
        return 1;
    }
    printf("wrote %s and %s\n", csv, json);
    return 0;
}

static bool selected(const options *o, const bench_dropin_routine *r)
{
    return !o->routines || bench_listed(o->routines, r->name);
}

/* The first call into the drop-in, timed on its own: it may measure the
 * placement model. A level-3 routine's where one is selected (the drop-in
 * places each of their calls), else the first routine's. */
static void first_call(const options *o, const bench_dropin_libs *l,
                       const bench_dropin_buffers *buf)
{
    int first = -1;
    for (int i = 0; i < bench_dropin_routine_count; i++) {
        const bench_dropin_routine *r = &bench_dropin_routines[i];
        if (!selected(o, r) || !bench_dropin_libs_dropin(l, r->name)) continue;
        if (first < 0 || (r->level == 3 && bench_dropin_routines[first].level != 3)) first = i;
    }
    if (first < 0) return;
    const bench_dropin_routine *r = &bench_dropin_routines[first];
    void *fn = bench_dropin_libs_dropin(l, r->name);
    bench_dropin_operands op;
    bench_dropin_prepare(r, (int)o->sizes.n[0], false, buf, &op);
    double t0 = bench_now();
    r->call(fn, &op.args);
    printf("first call through the drop-in (%s, n = %lld): %.3f s\n", r->name,
           (long long)o->sizes.n[0], bench_now() - t0);
}

/* The rows of r at order n (both shapes where it has two); -1 out of
 * memory, else the number of rows whose operands went bad. */
static int routine_rows(const options *o, const bench_dropin_libs *l, const bench_dropin_routine *r,
                        int n, const bench_dropin_buffers *buf, bench_dropin_report *rep)
{
    const bench_dropin_timing timing = { .rounds = o->rounds,
                                         .long_rounds = 5,
                                         .sample_s = o->sample_us * 1e-6,
                                         .settle_above_s = 0.5e-3 };
    void *dropin = bench_dropin_libs_dropin(l, r->name);
    void *openblas = bench_dropin_libs_openblas(l, r->name);
    if (!dropin || !openblas) {
        printf("%-8s %3d %5d   no figure: %s does not define it\n", r->name, r->level, n,
               dropin ? "OpenBLAS" : "libompwg_blas");
        return 0;
    }
    int bad = 0;
    for (int shape = 0; shape < 2; shape++) {
        bool rank = shape == 1;
        if (rank && (!bench_dropin_has_rank(r) || n == BENCH_DROPIN_RANK)) continue;
        bench_dropin_operands op;
        bench_dropin_prepare(r, n, rank, buf, &op);
        bench_dropin_row row = { .routine = r,
                                 .n = r->kind == BENCH_DROPIN_SCALAR ? 0 : n,
                                 .shape = bench_dropin_shape(r, rank) };
        if (r->level == 3) {
            row.m = op.args.m;
            row.k = r->kind == BENCH_DROPIN_GEMM || r->kind == BENCH_DROPIN_SYRK ? op.args.k : 0;
        }
        if (!bench_dropin_measure(r, dropin, openblas, &op, &timing, &row) ||
            !bench_dropin_report_add(rep, &row))
            return -1;
        bad += !row.sound;
        bench_dropin_print_row(stdout, &row);
        fflush(stdout);
    }
    return bad;
}

static int sweep(const options *o, const bench_dropin_libs *l, bench_dropin_report *rep)
{
    int max_n = 1;
    for (int s = 0; s < o->sizes.count; s++)
        if (o->sizes.n[s] > max_n) max_n = (int)o->sizes.n[s];
    bench_dropin_buffers buf;
    if (!bench_dropin_buffers_alloc(&buf, max_n)) return -1;
    first_call(o, l, &buf);
    printf("CPU threads (ompwg): %d\n\n", ompwg_get_num_threads());
    bench_dropin_print_header(stdout);
    int bad = 0;
    for (int i = 0; i < bench_dropin_routine_count && bad >= 0; i++) {
        const bench_dropin_routine *r = &bench_dropin_routines[i];
        if (!selected(o, r)) continue;
        for (int s = 0; s < o->sizes.count && bad >= 0; s++) {
            /* a routine without an order: once */
            if (r->kind == BENCH_DROPIN_SCALAR && s > 0) break;
            int st = routine_rows(o, l, r, (int)o->sizes.n[s], &buf, rep);
            bad = st < 0 ? -1 : bad + st;
        }
    }
    bench_dropin_buffers_free(&buf);
    return bad;
}

int bench_dropin_main(const char *program, int argc, char **argv)
{
    program_name = program;
    options o = { 0 };
    int st = parse(argc, argv, &o);
    if (st) return st == 1 ? 0 : st;
    bench_dropin_libs libs;
    if (!bench_dropin_libs_load(&libs, o.lib)) {
        fprintf(stderr, "%s: %s\n", program, libs.dropin ? libs.openblas_file : libs.dropin_file);
        return 1;
    }
    printf("ompwg %s drop-in cost: %s against %s (kernel %s); backend %s; %d rounds, samples "
           "of %d us\n",
           ompwg_version_string(), libs.dropin_file, libs.openblas_file, openblas_core(&libs),
           backend_setting(), o.rounds, o.sample_us);
    bench_dropin_report rep = { 0 };
    int bad = sweep(&o, &libs, &rep);
    if (bad < 0) {
        fprintf(stderr, "%s: out of memory\n", program);
        bench_dropin_report_free(&rep);
        return 1;
    }
    bench_dropin_print_summary(stdout, &rep);
    if (bad) printf("%d rows' operands went non-finite or denormal\n", bad);
    if (o.out) {
        char ctx[16384];
        context_json(ctx, sizeof ctx, &o, &libs, argc, argv);
        if (write_outputs(&rep, o.out, ctx)) bad++;
    }
    bench_dropin_report_free(&rep);
    return bad ? 1 : 0;
}
