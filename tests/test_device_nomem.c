/* More than the device can hold: ompwg_device_alloc and a sum on host data
 * whose operand does not fit give OMPWG_ERR_DEVICE_NOMEM, write nothing and
 * leave the device usable. A GEMM whose A spans more than the device holds
 * while the call reads a small block of it moves only that block, and is
 * exact with or without the fallback (ompwg_set_fallback, OMPWG_FALLBACK).
 * Never an abort.
 *
 * On a GPU "too large" is twice its memory; in host fallback
 * (OMP_TARGET_OFFLOAD=DISABLED), where device memory is host memory, twice
 * the machine's: the kernel would overcommit such a buffer and kill the
 * process when it is touched, so ompwg must refuse it first. The operand
 * that does not fit is address space only (mmap with MAP_NORESERVE): a huge
 * leading dimension spreads a few small columns over it, and only their
 * pages are ever touched.
 * Where the gpu backend is not usable the program says why and skips. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"
#include "walk.h"

#define M 40
#define N 24
#define K 3

/* Bytes no device allocation can get here. */
static size_t too_large(bool *on_gpu)
{
    int64_t mem = 0;
    *on_gpu = ompwg_gpu_property(OMPWG_GPU_GLOBAL_MEM, &mem) == OMPWG_OK && mem > 0;
    if (*on_gpu) return 2 * (size_t)mem;
    return 2 * (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
}

/* A(i, p) = i - p, B(p, j) = p + j + 1: C(i, j) is a small integer. */
static float exact_c(int i, int j)
{
    int s = 0;
    for (int p = 0; p < K; p++) s += (i - p) * (p + j + 1);
    return (float)s;
}

typedef struct huge_a {
    float *base;
    size_t bytes;
    int64_t lda;
} huge_a;

/* A with K columns lda elements apart, spanning at least `bytes`. */
static bool huge_a_map(huge_a *h, size_t bytes)
{
    h->lda = (int64_t)(bytes / sizeof(float) / (K - 1)) + 1;
    h->bytes = ((size_t)h->lda * (K - 1) + M) * sizeof(float);
    void *p = mmap(NULL, h->bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return false;
    h->base = p;
    for (int p2 = 0; p2 < K; p2++)
        for (int i = 0; i < M; i++) h->base[i + p2 * h->lda] = (float)(i - p2);
    return true;
}

static int gemm_huge(const huge_a *h, float *c)
{
    float b[K * N];
    for (int p = 0; p < K; p++)
        for (int j = 0; j < N; j++) b[p + j * K] = (float)(p + j + 1);
    return ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, M, N, K, 1, h->base, h->lda,
                       b, K, 0, c, M);
}

static bool c_exact(const float *c)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            if (c[i + j * M] != exact_c(i, j)) return false;
    return true;
}

int main(void)
{
    tap_init("test_device_nomem");
    char why[512];
    if (!walk_usable("gpu", why, sizeof why))
        tap_skip_all("the gpu backend is not usable here: %s", why);
    bool on_gpu;
    size_t big = too_large(&on_gpu);
    tap_diag("gpu backend: %s; too large: %zu bytes (%s)", why, big,
             on_gpu ? "twice the device's memory" : "twice the machine's memory, host fallback");

    void *p = &big;
    int st = ompwg_device_alloc(big, &p);
    if (!tap_ok(st == OMPWG_ERR_DEVICE_NOMEM && p == (void *)&big,
                "ompwg_device_alloc(%zu) gives OMPWG_ERR_DEVICE_NOMEM and leaves *ptr", big))
        tap_diag("status %d (%s)", st, ompwg_strerror(st));
    void *small = NULL;
    st = ompwg_device_alloc(1 << 20, &small);
    tap_ok(st == OMPWG_OK && small, "a 1 MiB allocation afterwards succeeds (status %d)", st);
    ompwg_device_free(small);

    huge_a h;
    if (!huge_a_map(&h, big)) {
        tap_skip("host data the device cannot hold", "mmap of %zu bytes (MAP_NORESERVE) failed",
                 big);
        return tap_done();
    }
    float c[M * N];
    if (ompwg_set_backend("gpu") != OMPWG_OK) tap_bail("cannot select the gpu backend");

    ompwg_set_fallback(0);
    for (int i = 0; i < M * N; i++) c[i] = -3;
    st = gemm_huge(&h, c);
    if (!tap_ok(st == OMPWG_OK && c_exact(c),
                "sgemm with A spanning %zu bytes, no fallback: only the block it reads goes to "
                "the device, exact", h.bytes))
        tap_diag("status %d (%s)", st, ompwg_strerror(st));

    /* the same span as a vector: its first K * M elements are not all 0 */
    float sum = -3;
    int64_t n = (int64_t)(h.bytes / sizeof(float));
    st = ompwg_ssum(n, h.base, 1, &sum);
    if (!tap_ok(st == OMPWG_ERR_DEVICE_NOMEM && sum == -3,
                "ssum of %lld elements, no fallback: OMPWG_ERR_DEVICE_NOMEM, result untouched",
                (long long)n))
        tap_diag("status %d (%s), result %g", st, ompwg_strerror(st), (double)sum);

    int before = ompwg_set_fallback(1);
    for (int i = 0; i < M * N; i++) c[i] = -3;
    st = gemm_huge(&h, c);
    if (!tap_ok(before == 0 && st == OMPWG_OK && c_exact(c),
                "ompwg_set_fallback(1): the same sgemm is exact"))
        tap_diag("status %d (%s), previous setting %d", st, ompwg_strerror(st), before);

    ompwg_set_fallback(0);
    int set = ompwg_config_set("OMPWG_FALLBACK", "1");
    for (int i = 0; i < M * N; i++) c[i] = -3;
    st = gemm_huge(&h, c);
    tap_ok(set == OMPWG_OK && st == OMPWG_OK && c_exact(c),
           "OMPWG_FALLBACK 1 through ompwg_config_set: the same (status %d)", st);
    ompwg_set_fallback(0);

    /* the device is still good for what fits */
    float small_a[M * K];
    for (int p2 = 0; p2 < K; p2++)
        for (int i = 0; i < M; i++) small_a[i + p2 * M] = (float)(i - p2);
    huge_a fits = { .base = small_a, .bytes = sizeof small_a, .lda = M };
    for (int i = 0; i < M * N; i++) c[i] = -3;
    st = gemm_huge(&fits, c);
    tap_ok(st == OMPWG_OK && c_exact(c), "afterwards a GEMM that fits runs on the gpu backend, exact");
    munmap(h.base, h.bytes);
    return tap_done();
}
