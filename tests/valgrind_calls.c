/* The workload of the valgrind test (valgrind.sh): ROUNDS rounds of the
 * calls a job makes on the CPU backend, with its thread team (a packed and
 * an unpacked GEMM in each precision, a packed complex GEMM of each
 * precision, reductions long enough to be split
 * across threads, calls that fail their argument checks, selection changes).
 * Exit status 0 when every call gave its status and, where checked, the
 * exact result.
 *     valgrind_calls ROUNDS */
#include <stdio.h>
#include <stdlib.h>

#include "ompwg.h"

/* m * n * k past the CPU backend's packing threshold (64^3) */
#define PM 72
#define PN 70
#define PK 66
#define VN 40000

static float af[PM * PK], bf[PK * PN], cf[PM * PN];
static double ad[PM * PK], bd[PK * PN], cd[PM * PN], x[VN];
static ompwg_complex_float acf[PM * PK], bcf[PK * PN], ccf[PM * PN];
static ompwg_complex_double acd[PM * PK], bcd[PK * PN], ccd[PM * PN];

static int round_of_calls(void)
{
    int bad = 0;
    bad |= ompwg_set_backend("cpu") != OMPWG_OK;
    bad |= ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, PM, PN, PK, 1, af, PM, bf, PN,
                       0, cf, PM) != OMPWG_OK;
    bad |= ompwg_dgemm(OMPWG_ROW_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, PM, PN, PK, 0.5, ad, PM, bd,
                       PN, 1, cd, PN) != OMPWG_OK;
    /* small: the unpacked loops */
    bad |= ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 5, 6, 7, 1, ad, 5, bd, 7, 0,
                       cd, 5) != OMPWG_OK;
    const ompwg_complex_float cf1 = { 1, 0.5f }, cf0 = { 0, 0 };
    const ompwg_complex_double cd1 = { 0.5, -1 }, cd0 = { 1, 0 };
    bad |= ompwg_cgemm(OMPWG_COL_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, PM, PN, PK, cf1, acf, PK,
                       bcf, PK, cf0, ccf, PM) != OMPWG_OK;
    bad |= ompwg_zgemm(OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, PM, PN, PK, cd1, acd, PK,
                       bcd, PK, cd0, ccd, PN) != OMPWG_OK;
    double s = 0, mx = 0;
    int64_t at = -1;
    bad |= ompwg_dsum(VN, x, 1, &s) != OMPWG_OK || s != VN / 2;
    bad |= ompwg_ddot(VN / 2, x, -2, x, 2, &s) != OMPWG_OK;
    bad |= ompwg_dmax(VN, x, 1, &mx, &at) != OMPWG_OK || mx != 1 || at != 0;
    /* failures: status, nothing done */
    bad |= ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, PM, PN, PK, 1, af, PM - 1,
                       bf, PK, 0, cf, PM) != OMPWG_ERR_LD;
    bad |= ompwg_dsum(VN, x, 0, &s) != OMPWG_ERR_INC;
    bad |= ompwg_set_backend("nope") != OMPWG_ERR_BACKEND;
    bad |= ompwg_set_thread_backend("openblas") != OMPWG_OK;
    bad |= ompwg_dsum(VN, x, 1, &s) != OMPWG_OK || s != VN / 2;
    bad |= ompwg_set_thread_backend(NULL) != OMPWG_OK;
    /* check mode: the comparison with OpenBLAS allocates and frees too */
    ompwg_set_check(1);
    bad |= ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 9, 8, 7, 1, af, 9, bf, 7,
                       0, cf, 9) != OMPWG_OK;
    bad |= ompwg_dsum(1000, x, 1, &s) != OMPWG_OK;
    bad |= ompwg_zgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_CONJ_TRANS, 9, 8, 7, cd1, acd, 7, bcd,
                       8, cd0, ccd, 9) != OMPWG_OK;
    ompwg_set_check(0);
    return bad;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1;
    for (int i = 0; i < PM * PK; i++) af[i] = (float)(ad[i] = (i % 11) - 5);
    for (int i = 0; i < PK * PN; i++) bf[i] = (float)(bd[i] = (i % 7) - 3);
    for (int i = 0; i < PM * PK; i++) {
        acf[i] = (ompwg_complex_float){ af[i], (float)(i % 3) };
        acd[i] = (ompwg_complex_double){ ad[i], (double)(i % 5) - 2 };
    }
    for (int i = 0; i < PK * PN; i++) {
        bcf[i] = (ompwg_complex_float){ bf[i], 1 };
        bcd[i] = (ompwg_complex_double){ bd[i], -(double)(i % 3) };
    }
    for (int i = 0; i < VN; i++) x[i] = i % 2 ? 0 : 1;
    int bad = 0;
    for (int r = 0; r < rounds; r++) bad |= round_of_calls();
    printf("valgrind_calls: %d rounds, %s\n", rounds, bad ? "a call went wrong" : "every call as expected");
    return bad ? 1 : 0;
}
