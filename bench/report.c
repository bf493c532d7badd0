#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"

bool bench_report_add(bench_report *r, const bench_result *row)
{
    if (r->count == r->capacity) {
        int cap = r->capacity ? 2 * r->capacity : 64;
        bench_result *grown = realloc(r->rows, (size_t)cap * sizeof *grown);
        if (!grown) return false;
        r->rows = grown;
        r->capacity = cap;
    }
    r->rows[r->count++] = *row;
    return true;
}

void bench_report_free(bench_report *r)
{
    free(r->rows);
    *r = (bench_report){ 0 };
}

const char *bench_unit(const bench_result *row)
{
    static const char *const flop_ops[] = { "gemm", "cgemm", "zgemm", "trsm", "syrk" };
    for (size_t i = 0; i < sizeof flop_ops / sizeof flop_ops[0]; i++)
        if (strcmp(row->op, flop_ops[i]) == 0) return "GFLOP/s";
    return "GB/s";
}

void bench_print_header(FILE *f)
{
    fprintf(f, "%-9s %-4s %-9s %-6s %10s %11s %9s %-7s %8s %-9s %8s %10s\n", "engine", "on",
            "op", "prec", "size", "median_ms", "rate", "unit", "ceiling", "reference",
            "ratio", "check");
}

void bench_print_row(FILE *f, const bench_result *row)
{
    if (row->status != OMPWG_OK) {
        fprintf(f, "%-9s %-4s %-9s %-6s %10lld   no figure: %s\n", row->engine, row->device,
                row->op, row->prec, (long long)row->size, ompwg_strerror(row->status));
        return;
    }
    char ceiling[16] = "-", ratio[16] = "-";
    if (row->ceiling >= 0) snprintf(ceiling, sizeof ceiling, "%.1f%%", 100 * row->ceiling);
    if (row->vs_reference >= 0) snprintf(ratio, sizeof ratio, "%.2fx", row->vs_reference);
    fprintf(f, "%-9s %-4s %-9s %-6s %10lld %11.3f %9.1f %-7s %8s %-9s %8s %7.2g %s\n",
            row->engine, row->device, row->op, row->prec, (long long)row->size,
            row->seconds * 1e3, row->rate, bench_unit(row), ceiling, row->reference, ratio,
            row->check, row->check_ok ? "ok" : "BAD");
}

/* A number of the CSV with `digits` significant digits, or an empty field
 * for a missing one (NaN or infinite), as the JSON writes null. */
static void csv_number(FILE *f, double v, int digits)
{
    if (v == v && v <= 1e308 && v >= -1e308) fprintf(f, "%.*g", digits, v);
}

int bench_write_csv(const bench_report *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return errno;
    fprintf(f, "engine,device,op,precision,size,status,median_s,rate,unit,ceiling_fraction,"
               "reference,ratio_to_reference,check,check_ok,section,m,n,k,beta,best,"
               "ratio_to_best\n");
    for (int i = 0; i < r->count; i++) {
        const bench_result *x = &r->rows[i];
        fprintf(f, "%s,%s,%s,%s,%lld,%s,", x->engine, x->device, x->op, x->prec,
                (long long)x->size, x->status == OMPWG_OK ? "ok" : ompwg_strerror(x->status));
        csv_number(f, x->seconds, 9);
        fputc(',', f);
        csv_number(f, x->rate, 6);
        fprintf(f, ",%s,", bench_unit(x));
        csv_number(f, x->ceiling >= 0 ? x->ceiling : NAN, 4);
        fprintf(f, ",%s,", x->reference);
        csv_number(f, x->vs_reference >= 0 ? x->vs_reference : NAN, 4);
        fputc(',', f);
        csv_number(f, x->check, 4);
        fprintf(f, ",%d,%s,", x->check_ok, x->section[0] ? x->section : "main");
        fprintf(f, "%lld,%lld,%lld,", (long long)x->m, (long long)x->n, (long long)x->k);
        csv_number(f, x->beta, 6);
        fprintf(f, ",%s,", x->best);
        csv_number(f, x->vs_best > 0 ? x->vs_best : NAN, 4);
        fputc('\n', f);
    }
    return fclose(f) == 0 ? 0 : errno;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

static void json_number(FILE *f, double v)
{
    /* JSON has no NaN or Infinity */
    if (v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.6g", v);
}

int bench_write_json(const bench_report *r, const char *path, const char *context_json)
{
    FILE *f = fopen(path, "w");
    if (!f) return errno;
    fprintf(f, "{\n  \"context\": %s,\n  \"results\": [\n", context_json);
    for (int i = 0; i < r->count; i++) {
        const bench_result *x = &r->rows[i];
        fputs("    {\"engine\": ", f);
        json_string(f, x->engine);
        fputs(", \"device\": ", f);
        json_string(f, x->device);
        fputs(", \"op\": ", f);
        json_string(f, x->op);
        fputs(", \"precision\": ", f);
        json_string(f, x->prec);
        fprintf(f, ", \"size\": %lld, \"status\": ", (long long)x->size);
        json_string(f, x->status == OMPWG_OK ? "ok" : ompwg_strerror(x->status));
        fputs(", \"median_s\": ", f);
        json_number(f, x->seconds);
        fputs(", \"rate\": ", f);
        json_number(f, x->rate);
        fputs(", \"unit\": ", f);
        json_string(f, bench_unit(x));
        fputs(", \"ceiling_fraction\": ", f);
        json_number(f, x->ceiling >= 0 ? x->ceiling : NAN);
        fputs(", \"reference\": ", f);
        json_string(f, x->reference);
        fputs(", \"ratio_to_reference\": ", f);
        json_number(f, x->vs_reference >= 0 ? x->vs_reference : NAN);
        fputs(", \"check\": ", f);
        json_number(f, x->check);
        fprintf(f, ", \"check_ok\": %s, \"section\": ", x->check_ok ? "true" : "false");
        json_string(f, x->section[0] ? x->section : "main");
        if (x->m > 0) {
            fprintf(f, ", \"m\": %lld, \"n\": %lld, \"k\": %lld, \"beta\": ", (long long)x->m,
                    (long long)x->n, (long long)x->k);
            json_number(f, x->beta);
        }
        if (x->best[0]) {
            fputs(", \"best\": ", f);
            json_string(f, x->best);
            fputs(", \"ratio_to_best\": ", f);
            json_number(f, x->vs_best > 0 ? x->vs_best : NAN);
        }
        fprintf(f, "}%s\n", i + 1 < r->count ? "," : "");
    }
    fputs("  ]\n}\n", f);
    return fclose(f) == 0 ? 0 : errno;
}
