/* Throughput against size, one panel per (op, precision), one line per
 * engine: gnuplot when installed, else python3 with matplotlib. */
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define MAX_KEYS 32

typedef struct keys {
    const char *v[MAX_KEYS];
    int n;
} keys;

static int key_index(keys *k, const char *s)
{
    for (int i = 0; i < k->n; i++)
        if (strcmp(k->v[i], s) == 0) return i;
    if (k->n == MAX_KEYS) return -1;
    k->v[k->n] = s;
    return k->n++;
}

/* A panel per (section, op, precision): the host-data section's rows beside
 * the others would draw two lines per engine in one panel. */
static void panel_of(const bench_result *x, char *name, size_t len)
{
    snprintf(name, len, "%s%s%s %s", x->section, x->section[0] ? " " : "", x->op, x->prec);
}

/* The GEMMs of other shapes than n x n x n have no place on a size axis;
 * they are in the CSV and JSON. */
static bool plotted(const bench_result *x)
{
    return x->m == 0 || (x->m == x->n && x->n == x->k);
}

static bool have(const char *cmd)
{
    char probe[256];
    snprintf(probe, sizeof probe, "%s >/dev/null 2>&1", cmd);
    return system(probe) == 0;
}

static int gnuplot(const bench_report *r, const char *png, char *why, size_t why_len)
{
    char dat[4096], gp[4096];
    snprintf(dat, sizeof dat, "%s.dat", png);
    snprintf(gp, sizeof gp, "%s.gp", png);
    FILE *d = fopen(dat, "w"), *g = fopen(gp, "w");
    if (!d || !g) {
        if (d) fclose(d);
        if (g) fclose(g);
        snprintf(why, why_len, "cannot write %s", dat);
        return -1;
    }
    keys panels = { 0 };
    char panel_names[MAX_KEYS][24];
    for (int i = 0; i < r->count && panels.n < MAX_KEYS; i++) {
        if (!plotted(&r->rows[i])) continue;
        char *name = panel_names[panels.n];
        panel_of(&r->rows[i], name, 24);
        key_index(&panels, name);
    }
    /* one colour per engine across the panels */
    keys all_engines = { 0 };
    for (int i = 0; i < r->count; i++) key_index(&all_engines, r->rows[i].engine);
    int rows = (panels.n + 1) / 2;
    fprintf(g, "set terminal pngcairo size 1400,%d font ',10'\nset output '%s'\n",
            rows * 380 + 40, png);
    fprintf(g, "set multiplot layout %d,2 title 'ompwg bench: throughput against size'\n", rows);
    fputs("set logscale x 2\nset logscale y\nset format x '2^{%L}'\nset grid\n"
          "set key outside right top\nset xlabel 'size'\n", g);
    int block = 0;
    for (int p = 0; p < panels.n; p++) {
        keys engines = { 0 };
        const char *unit = "";
        for (int i = 0; i < r->count; i++) {
            char name[24];
            panel_of(&r->rows[i], name, sizeof name);
            if (!plotted(&r->rows[i]) || strcmp(name, panels.v[p]) != 0) continue;
            key_index(&engines, r->rows[i].engine);
            unit = bench_unit(&r->rows[i]);
        }
        fprintf(g, "set title '%s'\nset ylabel '%s'\nplot ", panels.v[p], unit);
        for (int e = 0; e < engines.n; e++) {
            for (int i = 0; i < r->count; i++) {
                const bench_result *x = &r->rows[i];
                char name[24];
                panel_of(x, name, sizeof name);
                if (plotted(x) && strcmp(name, panels.v[p]) == 0 &&
                    strcmp(x->engine, engines.v[e]) == 0 && x->status == 0)
                    fprintf(d, "%lld %g\n", (long long)x->size, x->rate);
            }
            fputs("\n\n", d);
            fprintf(g, "%s'%s' index %d with linespoints lw 2 lc %d title '%s'", e ? ", " : "",
                    dat, block++, key_index(&all_engines, engines.v[e]) + 1, engines.v[e]);
        }
        fputs("\n", g);
    }
    fputs("unset multiplot\n", g);
    fclose(d);
    fclose(g);
    char cmd[8300];
    snprintf(cmd, sizeof cmd, "gnuplot '%s'", gp);
    if (system(cmd) != 0) {
        snprintf(why, why_len, "gnuplot failed on %s", gp);
        return -1;
    }
    remove(gp);
    remove(dat);
    return 0;
}

static int matplotlib(const char *csv, const char *png, char *why, size_t why_len)
{
    char py[4096];
    snprintf(py, sizeof py, "%s.py", png);
    FILE *f = fopen(py, "w");
    if (!f) {
        snprintf(why, why_len, "cannot write %s", py);
        return -1;
    }
    fprintf(f,
            "import csv, sys\nimport matplotlib\nmatplotlib.use('Agg')\n"
            "import matplotlib.pyplot as plt\n"
            "rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['status'] == 'ok'\n"
            "        and (r['m'] == '0' or r['m'] == r['n'] == r['k'])]\n"
            "for r in rows:\n"
            "    if r['section'] != 'main': r['op'] = r['section'] + ' ' + r['op']\n"
            "panels = sorted({(r['op'], r['precision']) for r in rows})\n"
            "color = {e: f'C{i %% 10}' for i, e in enumerate(dict.fromkeys(r['engine'] for r in rows))}\n"
            "n = (len(panels) + 1) // 2\n"
            "fig, axes = plt.subplots(max(n, 1), 2, figsize=(14, 3.8 * max(n, 1)), squeeze=False)\n"
            "for ax, (op, prec) in zip(axes.flat, panels):\n"
            "    sel = [r for r in rows if (r['op'], r['precision']) == (op, prec)]\n"
            "    for eng in dict.fromkeys(r['engine'] for r in sel):\n"
            "        pts = sorted((int(r['size']), float(r['rate'])) for r in sel if r['engine'] == eng)\n"
            "        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker='o', label=eng,\n"
            "                color=color[eng])\n"
            "    ax.set_xscale('log', base=2); ax.set_yscale('log'); ax.grid(True); ax.legend()\n"
            "    ax.set_title(f'{op} {prec}'); ax.set_ylabel(sel[0]['unit']); ax.set_xlabel('size')\n"
            "fig.suptitle('ompwg bench: throughput against size'); fig.tight_layout()\n"
            "fig.savefig(sys.argv[2], dpi=100)\n");
    fclose(f);
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "python3 '%s' '%s' '%s'", py, csv, png);
    int rc = system(cmd);
    remove(py);
    if (rc != 0) {
        snprintf(why, why_len, "python3/matplotlib failed");
        return -1;
    }
    return 0;
}

int bench_plot(const bench_report *r, const char *csv_path, const char *png_path, char *why,
               size_t why_len)
{
    if (have("gnuplot --version")) return gnuplot(r, png_path, why, why_len);
    if (have("python3 -c 'import matplotlib'")) return matplotlib(csv_path, png_path, why, why_len);
    snprintf(why, why_len,
             "no plotter found: install gnuplot (Debian: gnuplot-nox) or python3-matplotlib");
    return -1;
}
