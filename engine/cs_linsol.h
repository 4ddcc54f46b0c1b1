/* cs_linsol.h — a SUNLinearSolver over LAPACK's dense LU (dgetrf/dgetrs), for IDA (internal),
 * with a minimum-norm fallback for rank-deficient matrices (cs_linsol.c).
 * Debian's SUNDIALS ships no LAPACK linear solver; this is ours. It works on SUNDIALS dense
 * matrices (column-major). LAPACK pivots are 32-bit lapack_int while sunindextype is 64-bit,
 * hence a pivot array of its own. */
#ifndef CS_LINSOL_H
#define CS_LINSOL_H

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_nvector.h>

#include <lapacke.h>

SUNLinearSolver cs_linsol_lapack_dense(N_Vector y, SUNMatrix A, SUNContext ctx);
/* How many factorizations took the rank-revealing fallback (measurements and tests). */
long cs_linsol_fallbacks(SUNLinearSolver S);

/* LU with partial pivoting of the n × n column-major A in place (LAPACK's info: 0, or > 0 for
 * a zero pivot); the one factorization of the engine. */
lapack_int cs_lu_factor(lapack_int n, double *A, lapack_int *pivots);
/* The same, and *ratio = the smallest over the largest |pivot| of the equilibrated A (rows,
 * then columns, scaled to a largest |entry| of 1), read off this LU at O(n²): the engine's
 * test of numerical rank (0 when a pivot is exactly zero). scratch: 2n doubles, left holding
 * the row and column scales; perm: n. */
lapack_int cs_lu_factor_ratio(lapack_int n, double *A, lapack_int *pivots, double *scratch,
                              lapack_int *perm, double *ratio);

#endif
