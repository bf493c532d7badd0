/* The CPU backend's thread count is the last one the program set
 * (ompwg_set_num_threads() says the rule): OMP_NUM_THREADS, then
 * ompwg_set_num_threads, then omp_set_num_threads, each winning over the
 * one before; OpenMP's count capped at the cores; one thread inside the
 * program's parallel region unless nesting is on. meson runs it with
 * OMP_NUM_THREADS=1 (run by hand without it, the program starts itself
 * again with it), and once more with OMPWG_NUM_THREADS=3 too.
 *
 * The threads a call ran on are seen through OMPT, OpenMP's tool interface:
 * the size of every team the calling thread leads during the call, as the
 * OpenMP runtime reports it; each GEMM's result is checked as well. GNU
 * libgomp (a gcc build) has no OMPT: there the counts ompwg reports and the
 * results are checked, not the teams. */
#include <math.h>
#if __has_include(<omp-tools.h>)
#include <omp-tools.h>
#define HAVE_OMPT 1
#endif
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "restart.h"
#include "tap.h"

/* Set on a thread around its own call: the largest team it led. */
static _Thread_local bool watching;
static _Thread_local unsigned largest;
static bool tool_on;

#ifdef HAVE_OMPT
static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                             ompt_data_t *task, unsigned actual, unsigned index, int flags)
{
    (void)parallel, (void)task;
    if (watching && endpoint == ompt_scope_begin && (flags & ompt_task_implicit) && index == 0 &&
        actual > largest)
        largest = actual;
}

static int tool_init(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
    (void)device, (void)data;
    ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
    tool_on = set && set(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task) ==
                         ompt_set_always;
    return 1;
}

static void tool_fini(ompt_data_t *data)
{
    (void)data;
}

/* The OpenMP runtime looks this name up in the program at its start. */
ompt_start_tool_result_t *ompt_start_tool(unsigned omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t tool = { tool_init, tool_fini, { 0 } };
    return &tool;
}
#endif

/* The DGEMM's order: 256 (enough work for eight threads), doubled until
 * there is work for every core (the backend takes fewer threads for less). */
static int N = 256;

typedef struct call {
    int expected;   /* ompwg_get_num_threads() before the call */
    unsigned team;  /* the largest team the call ran, 0 if none was seen */
    bool right;     /* status OK and C within the bound */
} call;

/* An N^3 DGEMM on the calling thread's own matrices, against a plain
 * triple loop. */
static call gemm(void)
{
    double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N),
           *c = malloc(sizeof(double) * N * N);
    if (!a || !b || !c) tap_bail("memory for the matrices");
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)(i % 7) - 3;
        b[i] = (double)(i % 5) * 0.5;
    }
    call r = { .expected = ompwg_get_num_threads() };
    watching = true;
    largest = 0;
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1, a, N, b, N,
                         0, c, N);
    watching = false;
    r.team = largest;
    r.right = st == OMPWG_OK;
    for (int j = 0; j < N && r.right; j += 37)
        for (int i = 0; i < N; i += 29) {
            double s = 0;
            for (int l = 0; l < N; l++) s += a[i + l * N] * b[l + j * N];
            if (fabs(s - c[i + j * N]) > 1e-9 * (fabs(s) + 1)) r.right = false;
        }
    free(a);
    free(b);
    free(c);
    return r;
}

/* One call from the main thread: it ran `want` threads, as ompwg said. */
static void expect(int want, const char *what)
{
    call r = gemm();
    bool seen = !tool_on || r.team == (unsigned)want || (want == 1 && r.team == 0);
    if (!tap_ok(r.right && r.expected == want && seen, "%s: %d thread%s", what, want,
                want == 1 ? "" : "s"))
        tap_diag("ompwg_get_num_threads %d, team seen %u%s, result %s", r.expected, r.team,
                 tool_on ? "" : " (no OMPT)", r.right ? "right" : "wrong");
}

/* The CPU backend's line of ompwg info holds `text`. */
static void info_says(const char *text)
{
    char why[512] = "";
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name;
        if (ompwg_backend_info(i, &name, why, sizeof why) >= 0 && !strcmp(name, "cpu")) break;
    }
    if (!tap_ok(strstr(why, text) != NULL, "ompwg info: the CPU backend's %s", text))
        tap_diag("cpu: %s", why);
}

/* Calls from both threads of the program's region of two at once. */
static void in_region(bool nested, int want, const char *what)
{
    omp_set_max_active_levels(nested ? 2 : 1);
    call r[2] = { 0 };
#pragma omp parallel num_threads(2)
    {
        if (nested) omp_set_num_threads(2);
        r[omp_get_thread_num()] = gemm();
    }
    omp_set_max_active_levels(1);
    bool pass = true;
    for (int t = 0; t < 2; t++)
        pass = pass && r[t].right && r[t].expected == want &&
               (!tool_on || r[t].team == (unsigned)want || (want == 1 && r[t].team == 0));
    if (!tap_ok(pass, "%s: %d thread%s a call", what, want, want == 1 ? "" : "s"))
        for (int t = 0; t < 2; t++)
            tap_diag("thread %d: ompwg_get_num_threads %d, team seen %u, result %s", t,
                     r[t].expected, r[t].team, r[t].right ? "right" : "wrong");
}

/* OMP_NUM_THREADS=1, then the setters in turn; cores: the share's. */
static void last_one_wins(int cores)
{
    info_says("1 thread (OMP_NUM_THREADS)");
    expect(1, "OMP_NUM_THREADS=1");
    if (cores < 2) {
        tap_skip("the setters and the parallel region", "one core");
        return;
    }
    ompwg_set_num_threads(3);
    expect(3, "ompwg_set_num_threads(3) after OMP_NUM_THREADS=1, more than the cores too");
    omp_set_num_threads(2);
    expect(2, "omp_set_num_threads(2) after ompwg_set_num_threads(3)");
    omp_set_num_threads(1);
    expect(1, "omp_set_num_threads(1) after that: the setter's 3 does not come back");
    omp_set_num_threads(4 * cores);
    expect(cores, "omp_set_num_threads(4 x cores): one per core");
    ompwg_set_num_threads(1);
    expect(1, "ompwg_set_num_threads(1) after omp_set_num_threads");
    ompwg_set_num_threads(0);
    expect(cores, "ompwg_set_num_threads(0): OpenMP's count again");
    in_region(false, 1, "inside the program's parallel region");
    in_region(true, 2, "inside it with nested parallelism, omp_set_num_threads(2) there");
}

/* OMPWG_NUM_THREADS=3 beside OMP_NUM_THREADS=1. */
static void ompwg_env(int cores)
{
    info_says("3 threads (OMPWG_NUM_THREADS)");
    expect(3, "OMPWG_NUM_THREADS=3 wins over OMP_NUM_THREADS=1");
    if (cores < 2) {
        tap_skip("omp_set_num_threads after it", "one core");
        return;
    }
    omp_set_num_threads(2);
    expect(2, "omp_set_num_threads(2) after OMPWG_NUM_THREADS=3");
    ompwg_set_num_threads(0);
    expect(3, "ompwg_set_num_threads(0): OMPWG_NUM_THREADS again");
}

int main(void)
{
    if (!restart_with("OMP_NUM_THREADS=1")) tap_bail("could not start again with OMP_NUM_THREADS=1");
    tap_init("test_num_threads");
    if (ompwg_set_backend("cpu") != OMPWG_OK) tap_bail("no CPU backend");
    int cores = 1;
    ompwg_get_cpu_share(NULL, &cores);
    while ((N / 256) * (N / 256) * 8 < cores) N *= 2;
    const char *env = getenv("OMPWG_NUM_THREADS");
    /* starts the OpenMP runtime, and with it the tool above */
    (void)omp_get_max_threads();
    if (!tool_on) tap_diag("no OMPT tool interface: the team sizes are not seen");
    if (env && !strcmp(env, "3")) ompwg_env(cores);
    else if (env) tap_skip("every check", "OMPWG_NUM_THREADS=%s is not 3 or unset", env);
    else last_one_wins(cores);
    return tap_done();
}
