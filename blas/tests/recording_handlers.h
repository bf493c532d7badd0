/* xerbla_ and cblas_xerbla for a test program, in place of libompwg_blas's
 * weak ones: each records what it was given, for the test to compare. */
#ifndef OMPWG_BLAS_TEST_RECORDING_HANDLERS_H
#define OMPWG_BLAS_TEST_RECORDING_HANDLERS_H

typedef struct handler_record {
    int calls;     /* since the test last set it to 0 */
    int number;    /* xerbla_: INFO; cblas_xerbla: the parameter number as
                    * netlib's handlers read it (cblas_number.h) */
    char name[40]; /* the routine's name as the handler got it */
} handler_record;

extern handler_record xerbla_seen, cblas_xerbla_seen;

#endif
