/* The placement model: checks, curve lookup and the model file. */
#include "model.h"
#include "safe_file.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Bounds past which a number cannot have been measured on a real machine:
 * a link between 1 MB/s and 10 TB/s, a call between 1 ns and 1000 s. */
#define RATE_MIN 1e6
#define RATE_MAX 1e13
#define SECONDS_MIN 1e-9
#define SECONDS_MAX 1e3
/* the copies' path at a hundredth of the link's rate, plus a second, is the
 * slowest believable */
#define HOST_FACTOR_MAX 100.0

static bool in(double v, double lo, double hi)
{
    return isfinite(v) && v >= lo && v <= hi;
}

static const char *curve_defect(const ompwg_model_curve *c)
{
    if (c->points < 0 || c->points > OMPWG_MODEL_POINTS) return "a curve's point count";
    for (int i = 0; i < c->points; i++) {
        if (!isfinite(c->work[i]) || c->work[i] <= 0) return "a curve's work";
        if (!in(c->seconds[i], SECONDS_MIN, SECONDS_MAX)) return "a curve's seconds";
        if (i && c->work[i] <= c->work[i - 1]) return "a curve's work does not increase";
    }
    return NULL;
}

const char *ompwg_model_defect(const ompwg_model *m)
{
    if (m->version != OMPWG_MODEL_VERSION) return "version";
    if (m->backends < 0 || m->backends > OMPWG_MODEL_BACKENDS) return "backend count";
    if (m->cpu_threads < 0) return "thread count";
    const double rates[] = { m->h2d_pinned, m->d2h_pinned, m->h2d_pageable, m->d2h_pageable };
    for (int i = 0; i < 4; i++)
        if (rates[i] != 0 && !in(rates[i], RATE_MIN, RATE_MAX)) return "a link rate";
    if (!(m->link_latency == 0 || in(m->link_latency, SECONDS_MIN, 1.0))) return "link latency";
    if (m->overlaps != 0 && m->overlaps != 1) return "overlaps";
    const ompwg_model_curve *const paths[] = { &m->host_path, &m->host_panel };
    for (int p = 0; p < 2; p++) {
        const char *host = curve_defect(paths[p]);
        if (host) return host;
        for (int i = 0; i < paths[p]->points; i++)
            if (paths[p]->seconds[i] > HOST_FACTOR_MAX * paths[p]->work[i] + 1.0)
                return "a host path slower than anything measured";
    }
    for (int b = 0; b < m->backends; b++) {
        if (!memchr(m->backend[b].name, 0, sizeof m->backend[b].name) || !m->backend[b].name[0])
            return "a backend name";
        for (int k = 0; k < OMPWG_MODEL_KINDS; k++)
            for (int d = 0; d < 2; d++) {
                const char *defect = curve_defect(&m->backend[b].curve[k][d]);
                if (defect) return defect;
            }
    }
    if (!memchr(m->gpu, 0, sizeof m->gpu) || !memchr(m->cpu, 0, sizeof m->cpu)) return "a name";
    return NULL;
}

double ompwg_model_seconds(const ompwg_model_curve *c, double work)
{
    if (c->points <= 0) return -1;
    const int last = c->points - 1;
    if (work <= c->work[0]) return c->seconds[0];
    if (work >= c->work[last]) return c->seconds[last] * work / c->work[last];
    int i = 0;
    while (work > c->work[i + 1]) i++;
    double slope = log(c->seconds[i + 1] / c->seconds[i]) / log(c->work[i + 1] / c->work[i]);
    return c->seconds[i] * pow(work / c->work[i], slope);
}

const ompwg_model_curve *ompwg_model_curves(const ompwg_model *m, const char *backend,
                                            ompwg_model_kind kind, int dbl)
{
    for (int b = 0; b < m->backends; b++)
        if (strcmp(m->backend[b].name, backend) == 0) return &m->backend[b].curve[kind][dbl != 0];
    return NULL;
}

/* The file: a first line naming the format, then one "key value..." line
 * per field, numbers in %a (exact) form. */
#define MAGIC "ompwg-model"
/* A full model is under 10 KB (32 curve lines of at most 4 points); a
 * larger file is refused before it is read, and a file that grows while it
 * is read is cut off at this size. */
#define MODEL_MAX_BYTES (1 << 20)

/* FNV-1a: a stable name for a key, not a check of it (the file's own gpu,
 * cpu and threads lines are compared when it is loaded) */
static uint64_t hash_text(uint64_t h, const char *s)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull;
}

int ompwg_model_file_name(const ompwg_model *key, char *buf, size_t len)
{
    char threads[16];
    snprintf(threads, sizeof threads, "%d", key->cpu_threads);
    uint64_t h = hash_text(hash_text(hash_text(0xcbf29ce484222325ull, key->gpu), key->cpu), threads);
    int n = snprintf(buf, len, "model-%016llx.txt", (unsigned long long)h);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

int ompwg_model_default_path(const ompwg_model *key, char *buf, size_t len)
{
    char name[64];
    ompwg_model_file_name(key, name, sizeof name);
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (cache && cache[0] == '/')
        n = snprintf(buf, len, "%s/ompwg/%s", cache, name);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/.cache/ompwg/%s", home, name);
    else
        n = -1;
    if (n < 0 || (size_t)n >= len) {
        if (len) buf[0] = 0;
        return -1;
    }
    return 0;
}

int ompwg_model_make_dir(const char *path, char *why, size_t len)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return 0;
    *slash = 0;
    char *parent = strrchr(dir, '/');
    for (int level = parent && parent != dir ? 0 : 1; level < 2; level++) {
        if (level == 0) *parent = 0;
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
            snprintf(why, len, "cannot create %s: %s", dir, strerror(errno));
            return -1;
        }
        if (level == 0) *parent = '/';
    }
    return 0;
}

/* "key P w0 s0 w1 s1 ..." */
static void write_points(FILE *f, const char *key, const ompwg_model_curve *c)
{
    fprintf(f, "%s %d", key, c->points);
    for (int i = 0; i < c->points; i++) fprintf(f, " %a %a", c->work[i], c->seconds[i]);
    fputc('\n', f);
}

/* Whether the regular file at path starts as a model file does: the only
 * content a save may replace. */
static bool holds_model(const char *path)
{
    char why[8], line[64];
    long long size;
    FILE *f = ompwg_open_regular(path, &size, why, sizeof why);
    if (!f) return false;
    bool model = fgets(line, sizeof line, f) && strncmp(line, MAGIC " ", strlen(MAGIC) + 1) == 0;
    fclose(f);
    return model;
}

int ompwg_model_save(const char *path, const ompwg_model *m, char *why, size_t len)
{
    /* what stands at the path is replaced only when it is a model file (or
     * empty): a user's file named by mistake, a device, a FIFO or a link
     * stays as it is */
    int kind = ompwg_path_kind(path, why, len);
    if (kind == OMPWG_PATH_OTHER) return -1;
    if (kind == OMPWG_PATH_REGULAR && !holds_model(path)) {
        snprintf(why, len, "%s is not a model file: left as it is", path);
        return -1;
    }
    char tmp[4200];
    FILE *f = ompwg_create_temp(path, tmp, sizeof tmp, why, len);
    if (!f) return -1;
    fprintf(f, "%s %d\n", MAGIC, m->version);
    fprintf(f, "gpu %s\ncpu %s\nthreads %d\n", m->gpu, m->cpu, m->cpu_threads);
    fprintf(f, "link %a %a %a %a %a %d\n", m->h2d_pinned, m->d2h_pinned, m->h2d_pageable,
            m->d2h_pageable, m->link_latency, m->overlaps);
    write_points(f, "hostpath", &m->host_path);
    write_points(f, "hostpanel", &m->host_panel);
    for (int b = 0; b < m->backends; b++)
        for (int k = 0; k < OMPWG_MODEL_KINDS; k++)
            for (int d = 0; d < 2; d++) {
                const ompwg_model_curve *c = &m->backend[b].curve[k][d];
                fprintf(f, "curve %s %d %d %d", m->backend[b].name, k, d, c->points);
                for (int i = 0; i < c->points; i++) fprintf(f, " %a %a", c->work[i], c->seconds[i]);
                fputc('\n', f);
            }
    fprintf(f, "end\n");
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(why, len, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* The rest of a "key rest" line with its newline removed, into out. */
static bool field(const char *line, const char *key, char *out, size_t len)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0 || line[k] != ' ') return false;
    snprintf(out, len, "%s", line + k + 1);
    out[strcspn(out, "\n")] = 0;
    return true;
}

static int find_backend(ompwg_model *m, const char *name)
{
    for (int b = 0; b < m->backends; b++)
        if (strcmp(m->backend[b].name, name) == 0) return b;
    if (m->backends == OMPWG_MODEL_BACKENDS) return -1;
    snprintf(m->backend[m->backends].name, sizeof m->backend[0].name, "%s", name);
    return m->backends++;
}

/* "P w0 s0 w1 s1 ..." into c. */
static const char *parse_points(ompwg_model_curve *c, const char *rest)
{
    int used = 0;
    if (sscanf(rest, "%d%n", &c->points, &used) != 1 || c->points < 0 ||
        c->points > OMPWG_MODEL_POINTS)
        return "a point count";
    rest += used;
    for (int i = 0; i < c->points; i++) {
        if (sscanf(rest, " %la %la%n", &c->work[i], &c->seconds[i], &used) != 2)
            return "a curve point";
        rest += used;
    }
    return NULL;
}

static const char *parse_curve(ompwg_model *m, const char *rest)
{
    char name[16];
    int k, d, used = 0;
    if (sscanf(rest, "%15s %d %d%n", name, &k, &d, &used) != 3) return "a curve line";
    if (k < 0 || k >= OMPWG_MODEL_KINDS || d < 0 || d > 1) return "a curve line";
    int b = find_backend(m, name);
    if (b < 0) return "too many backends";
    return parse_points(&m->backend[b].curve[k][d], rest + used);
}

int ompwg_model_read(const char *path, ompwg_model *out, char *why, size_t len)
{
    long long size = 0;
    FILE *f = ompwg_open_regular(path, &size, why, len);
    if (!f) return OMPWG_ERR_UNAVAILABLE;
    ompwg_model m;
    memset(&m, 0, sizeof m);
    char line[1024], rest[1024];
    const char *bad = size > MODEL_MAX_BYTES ? "larger than any model file" : NULL;
    bool ended = false;
    int version = -1;
    if (!bad && (!fgets(line, sizeof line, f) || sscanf(line, MAGIC " %d", &version) != 1))
        bad = "not a model file";
    m.version = version;
    long long seen = 0;
    while (!bad && !ended && fgets(line, sizeof line, f)) {
        if ((seen += (long long)strlen(line)) > MODEL_MAX_BYTES) {
            bad = "larger than any model file";
        } else if (field(line, "gpu", rest, sizeof rest)) {
            /* a name longer than any this library writes is no model of
             * this machine, not one to compare by its first characters */
            if (snprintf(m.gpu, sizeof m.gpu, "%s", rest) >= (int)sizeof m.gpu)
                bad = "the gpu line is too long";
        } else if (field(line, "cpu", rest, sizeof rest)) {
            if (snprintf(m.cpu, sizeof m.cpu, "%s", rest) >= (int)sizeof m.cpu)
                bad = "the cpu line is too long";
        } else if (field(line, "threads", rest, sizeof rest)) {
            if (sscanf(rest, "%d", &m.cpu_threads) != 1) bad = "threads";
        } else if (field(line, "link", rest, sizeof rest)) {
            if (sscanf(rest, "%la %la %la %la %la %d", &m.h2d_pinned, &m.d2h_pinned,
                       &m.h2d_pageable, &m.d2h_pageable, &m.link_latency, &m.overlaps) != 6)
                bad = "the link line";
        } else if (field(line, "hostpath", rest, sizeof rest)) {
            bad = parse_points(&m.host_path, rest);
        } else if (field(line, "hostpanel", rest, sizeof rest)) {
            bad = parse_points(&m.host_panel, rest);
        } else if (field(line, "curve", rest, sizeof rest)) {
            bad = parse_curve(&m, rest);
        } else if (strcmp(line, "end\n") == 0) {
            ended = true;
        } else {
            bad = "an unknown line";
        }
    }
    fclose(f);
    if (!bad && !ended) bad = "it is cut short";
    if (!bad) bad = ompwg_model_defect(&m);
    if (bad) {
        snprintf(why, len, "%s is not a valid model (%s)", path, bad);
        return OMPWG_ERR_RANGE;
    }
    *out = m;
    return OMPWG_OK;
}

int ompwg_model_load(const char *path, const ompwg_model *want, ompwg_model *out, char *why,
                     size_t len)
{
    ompwg_model m;
    if (ompwg_model_read(path, &m, why, len) != OMPWG_OK) return -1;
    if (strcmp(m.gpu, want->gpu) != 0 || strcmp(m.cpu, want->cpu) != 0 ||
        m.cpu_threads != want->cpu_threads) {
        snprintf(why, len, "%s was measured on another machine (%s, %s, %d threads)", path, m.gpu,
                 m.cpu, m.cpu_threads);
        return -1;
    }
    *out = m;
    return 0;
}
