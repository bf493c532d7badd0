#include "dropin_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dropin_operands.h"

const char *bench_dropin_shape(const bench_dropin_routine *r, bool rank)
{
    switch (r->kind) {
    case BENCH_DROPIN_SCALAR: return "scalar";
    case BENCH_DROPIN_VEC: return "vector";
    case BENCH_DROPIN_GE:
    case BENCH_DROPIN_SY:
    case BENCH_DROPIN_TR: return "full";
    case BENCH_DROPIN_GB:
    case BENCH_DROPIN_SB:
    case BENCH_DROPIN_TB: return "band";
    case BENCH_DROPIN_SP:
    case BENCH_DROPIN_TP: return "packed";
    default: return rank ? "k=64" : "square";
    }
}

double bench_dropin_target(double openblas_s)
{
    double scaled = BENCH_DROPIN_TARGET_RATIO * openblas_s;
    double added = openblas_s + BENCH_DROPIN_TARGET_EXTRA;
    return scaled > added ? scaled : added;
}

bool bench_dropin_within(const bench_dropin_row *row)
{
    return row->dropin_s <= bench_dropin_target(row->openblas_s);
}

bool bench_dropin_report_add(bench_dropin_report *r, const bench_dropin_row *row)
{
    if (r->count == r->capacity) {
        int cap = r->capacity ? 2 * r->capacity : 256;
        bench_dropin_row *grown = realloc(r->rows, (size_t)cap * sizeof *grown);
        if (!grown) return false;
        r->rows = grown;
        r->capacity = cap;
    }
    r->rows[r->count++] = *row;
    return true;
}

void bench_dropin_report_free(bench_dropin_report *r)
{
    free(r->rows);
    *r = (bench_dropin_report){ 0 };
}

static const char *precision(char p)
{
    return p == 's' ? "float" : p == 'd' ? "double" : p == 'c' ? "complex" : "double complex";
}

void bench_dropin_print_header(FILE *f)
{
    fprintf(f, "%-8s %3s %5s %-6s %9s %9s %12s %12s %8s %9s %s\n", "routine", "lvl", "n", "shape",
            "calls", "calls_ob", "dropin_us", "openblas_us", "ratio", "extra_us", "target");
}

void bench_dropin_print_row(FILE *f, const bench_dropin_row *row)
{
    char n[16] = "-";
    if (row->n > 0) snprintf(n, sizeof n, "%d", row->n);
    fprintf(f, "%-8s %3d %5s %-6s %9ld %9ld %12.4f %12.4f %7.2fx %+9.4f %s%s\n", row->routine->name,
            row->routine->level, n, row->shape, row->calls_dropin, row->calls_openblas,
            row->dropin_s * 1e6, row->openblas_s * 1e6, row->dropin_s / row->openblas_s,
            (row->dropin_s - row->openblas_s) * 1e6, bench_dropin_within(row) ? "ok" : "MISS",
            row->sound ? "" : " (operands not finite or denormal: time not comparable)");
}

/* rows of one level, order and shape */
static bool same_group(const bench_dropin_row *a, const bench_dropin_row *b)
{
    return a->routine->level == b->routine->level && a->n == b->n && !strcmp(a->shape, b->shape);
}

void bench_dropin_print_summary(FILE *f, const bench_dropin_report *r)
{
    int misses = 0, fastest_misses = 0;
    for (int i = 0; i < r->count; i++) {
        const bench_dropin_row *x = &r->rows[i];
        misses += !bench_dropin_within(x);
        fastest_misses += x->dropin_min_s > bench_dropin_target(x->openblas_min_s);
    }
    fprintf(f,
            "\n%d of %d rows miss the target (drop-in <= max(%.2fx OpenBLAS, OpenBLAS + %.2f "
            "us)); by each library's fastest sample instead of its median, %d\n",
            misses, r->count, BENCH_DROPIN_TARGET_RATIO, BENCH_DROPIN_TARGET_EXTRA * 1e6,
            fastest_misses);
    bool *done = calloc((size_t)r->count, sizeof *done);
    if (!done) return;
    for (int i = 0; i < r->count; i++) {
        if (done[i]) continue;
        int total = 0, miss = 0;
        double rlo = INFINITY, rhi = 0, elo = INFINITY, ehi = -INFINITY;
        for (int j = i; j < r->count; j++) {
            const bench_dropin_row *x = &r->rows[j];
            if (done[j] || !same_group(&r->rows[i], x)) continue;
            done[j] = true;
            total++;
            if (bench_dropin_within(x)) continue;
            miss++;
            double ratio = x->dropin_s / x->openblas_s, extra = (x->dropin_s - x->openblas_s) * 1e6;
            rlo = fmin(rlo, ratio);
            rhi = fmax(rhi, ratio);
            elo = fmin(elo, extra);
            ehi = fmax(ehi, extra);
        }
        char n[16] = "-";
        if (r->rows[i].n > 0) snprintf(n, sizeof n, "%d", r->rows[i].n);
        fprintf(f, "  level %d, n %5s, %-6s: %3d of %3d miss", r->rows[i].routine->level, n,
                r->rows[i].shape, miss, total);
        if (miss) fprintf(f, ", %.2f-%.2fx, %+.3f to %+.3f us", rlo, rhi, elo, ehi);
        fputc('\n', f);
    }
    free(done);
    fprintf(f,
            "\nper call: the median over the rounds of a sample's time / its calls, the drop-in "
            "(libompwg_blas, dlopen'd RTLD_LOCAL) and OpenBLAS alone (its own library) called "
            "through pointers in alternating rounds, both libraries' samples of as many calls as "
            "take the slower of them about --sample-us. "
            "Options: trans N, uplo L, side L, diag N; unit strides; lda = n (band: kl = ku = "
            "k = min(n - 1, %d), lda = the band's rows). vector: level 1 of length n; "
            "scalar: rotg, rotmg, cabs1; full, band, packed: level 2 on n x n; square: "
            "m = n = k; k=64: gemm m = n, k = %d, syrk, herk, syr2k, her2k k = %d; symm and "
            "hemm A m x m, trmm and trsm A m x m (1 on the diagonal), B m x n, alpha 1. "
            "Updates alpha -1, beta 1.\n",
            BENCH_DROPIN_BAND, BENCH_DROPIN_RANK, BENCH_DROPIN_RANK);
}

/* a number with `digits` significant digits, or an empty field for a
 * missing one */
static void csv_number(FILE *f, double v, int digits)
{
    if (v == v && v <= 1e308 && v >= -1e308) fprintf(f, "%.*g", digits, v);
}

static void csv_int(FILE *f, long v)
{
    if (v > 0) fprintf(f, "%ld", v);
}

int bench_dropin_write_csv(const bench_dropin_report *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return errno;
    fprintf(f, "routine,level,precision,n,shape,m,k,rounds,calls_dropin,calls_openblas,dropin_us,"
               "openblas_us,ratio,extra_us,target_us,within_target,dropin_min_us,openblas_min_us,"
               "operands_sound\n");
    for (int i = 0; i < r->count; i++) {
        const bench_dropin_row *x = &r->rows[i];
        fprintf(f, "%s,%d,%s,", x->routine->name, x->routine->level, precision(x->routine->prec));
        csv_int(f, x->n);
        fprintf(f, ",%s,", x->shape);
        csv_int(f, x->m);
        fputc(',', f);
        csv_int(f, x->k);
        fprintf(f, ",%d,%ld,%ld,", x->rounds, x->calls_dropin, x->calls_openblas);
        csv_number(f, x->dropin_s * 1e6, 6);
        fputc(',', f);
        csv_number(f, x->openblas_s * 1e6, 6);
        fputc(',', f);
        csv_number(f, x->dropin_s / x->openblas_s, 4);
        fputc(',', f);
        csv_number(f, (x->dropin_s - x->openblas_s) * 1e6, 4);
        fputc(',', f);
        csv_number(f, bench_dropin_target(x->openblas_s) * 1e6, 6);
        fprintf(f, ",%d,", bench_dropin_within(x));
        csv_number(f, x->dropin_min_s * 1e6, 6);
        fputc(',', f);
        csv_number(f, x->openblas_min_s * 1e6, 6);
        fprintf(f, ",%d\n", x->sound);
    }
    return fclose(f) == 0 ? 0 : errno;
}

static void json_number(FILE *f, const char *key, double v, bool present)
{
    fprintf(f, ", \"%s\": ", key);
    /* JSON has no NaN or Infinity */
    if (!present || v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.6g", v);
}

int bench_dropin_write_json(const bench_dropin_report *r, const char *path,
                            const char *context_json)
{
    FILE *f = fopen(path, "w");
    if (!f) return errno;
    fprintf(f, "{\n  \"context\": %s,\n  \"results\": [\n", context_json);
    for (int i = 0; i < r->count; i++) {
        const bench_dropin_row *x = &r->rows[i];
        fprintf(f, "    {\"routine\": \"%s\", \"level\": %d, \"precision\": \"%s\"",
                x->routine->name, x->routine->level, precision(x->routine->prec));
        json_number(f, "n", x->n, x->n > 0);
        fprintf(f, ", \"shape\": \"%s\"", x->shape);
        json_number(f, "m", x->m, x->m > 0);
        json_number(f, "k", x->k, x->k > 0);
        fprintf(f, ", \"rounds\": %d, \"calls_dropin\": %ld, \"calls_openblas\": %ld", x->rounds,
                x->calls_dropin, x->calls_openblas);
        json_number(f, "dropin_us", x->dropin_s * 1e6, true);
        json_number(f, "openblas_us", x->openblas_s * 1e6, true);
        json_number(f, "ratio", x->dropin_s / x->openblas_s, true);
        json_number(f, "extra_us", (x->dropin_s - x->openblas_s) * 1e6, true);
        json_number(f, "target_us", bench_dropin_target(x->openblas_s) * 1e6, true);
        fprintf(f, ", \"within_target\": %s", bench_dropin_within(x) ? "true" : "false");
        json_number(f, "dropin_min_us", x->dropin_min_s * 1e6, true);
        json_number(f, "openblas_min_us", x->openblas_min_s * 1e6, true);
        fprintf(f, ", \"operands_sound\": %s}%s\n", x->sound ? "true" : "false",
                i + 1 < r->count ? "," : "");
    }
    fputs("  ]\n}\n", f);
    return fclose(f) == 0 ? 0 : errno;
}
