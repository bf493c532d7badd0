#include "mtap.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "walk.h"

enum { NOTE_LEN = 1024 };

static int rank, size;
static char note[NOTE_LEN];

void mtap_init(const char *program, int *argc, char ***argv)
{
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0 && !freopen("/dev/null", "w", stdout)) tap_bail("cannot silence rank %d", rank);
    tap_init("%s", program);
    if (rank == 0) tap_diag("%d ranks", size);
}

int mtap_rank(void)
{
    return rank;
}

int mtap_size(void)
{
    return size;
}

void mtap_note(const char *fmt, ...)
{
    if (note[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note, sizeof note, fmt, ap);
    va_end(ap);
}

static void vline(bool pass, const char *fmt, va_list ap)
{
    char buf[2048];
    vsnprintf(buf, sizeof buf, fmt, ap);
    tap_ok(pass, "%s", buf);
}

bool mtap_ok(bool pass, const char *fmt, ...)
{
    int mine = pass ? INT_MAX : rank, first = INT_MAX;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    bool all = first == INT_MAX;
    if (!all) {
        char text[NOTE_LEN];
        memcpy(text, note, sizeof text);
        MPI_Bcast(text, (int)sizeof text, MPI_CHAR, first, MPI_COMM_WORLD);
        text[sizeof text - 1] = '\0';
        if (rank == 0) tap_diag("rank %d of %d: %s", first, size, text[0] ? text : "(no note)");
    }
    if (rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        vline(all, fmt, ap);
        va_end(ap);
    }
    note[0] = '\0';
    return all;
}

/* A skip line (what != NULL) or a diagnostic, printed by rank 0. */
static void rank0_line(const char *what, const char *fmt, va_list ap)
{
    if (rank != 0) return;
    char buf[4096];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (what) tap_skip(what, "%s", buf);
    else tap_diag("%s", buf);
}

void mtap_skip(const char *what, const char *reason_fmt, ...)
{
    MPI_Barrier(MPI_COMM_WORLD);
    va_list ap;
    va_start(ap, reason_fmt);
    rank0_line(what, reason_fmt, ap);
    va_end(ap);
}

void mtap_diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rank0_line(NULL, fmt, ap);
    va_end(ap);
}

bool mtap_same_everywhere(int value)
{
    int v[2] = { value, -value }, r[2];
    MPI_Allreduce(v, r, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return r[0] == -r[1];
}

void mtap_walk(void (*body)(const char *name, void *ctx), void *ctx)
{
    char saved[64];
    snprintf(saved, sizeof saved, "%s", ompwg_get_backend());
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        char why[256] = "";
        int usable = ompwg_backend_info(i, &name, why, sizeof why) == 1 ? 1 : 0, everywhere = 0;
        MPI_Allreduce(&usable, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!name || !walk_wanted(name)) continue;
        if (!everywhere) {
            mtap_skip(name, "backend %s not usable on every rank: %s", name, why);
            continue;
        }
        mtap_diag("backend %s: %s", name, why);
        int st = ompwg_set_backend(name);
        if (!mtap_ok(st == OMPWG_OK, "%s: ompwg_set_backend(\"%s\") on every rank", name, name))
            continue;
        body(name, ctx);
    }
    if (strcmp(saved, "none") != 0) ompwg_set_backend(saved);
}

int mtap_done(void)
{
    int st = tap_done();
    fflush(stdout);
    MPI_Finalize();
    return rank == 0 ? st : 0;
}
