/* cs_linsol.h — the IDAS linear solvers (internal): a SUNLinearSolver over LAPACK's dense LU
 * (dgetrf/dgetrs) with a minimum-norm fallback for rank-deficient matrices (cs_linsol.c), and
 * one over SuiteSparse's KLU for the sparse iteration matrix (cs_linsol_klu.c).
 * Debian's SUNDIALS ships no LAPACK linear solver; this is ours. It works on SUNDIALS dense
 * matrices (column-major). LAPACK pivots are 32-bit lapack_int while sunindextype is 64-bit,
 * hence a pivot array of its own. */
#ifndef CS_LINSOL_H
#define CS_LINSOL_H

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_nvector.h>

#include <lapacke.h>

/* Pivot ratio of the equilibrated LU below which a matrix is taken as rank-deficient and
 * factored rank-revealing (engine/solver/README.md, "Redundant constraints and singular positions": healthy
 * GGL ≥ 1.4e-8, redundant ≤ 3e-15; index 3's healthy ones reach 4e-14, for which the COD is
 * exact, only slower). */
#define CS_LINSOL_PIVOT_RATIO 1e-11

/* What the content of each of our solvers begins with; the ops they share read it. */
typedef struct cs_linsol_head {
  sunindextype last_flag;
  long fallbacks; /* factorizations that took the solver's fallback */
} cs_linsol_head;

/* A direct SUNLinearSolver with the ops both solvers share (type, initialize, last flag) and
 * `getid`, its content `size` zeroed bytes beginning with a cs_linsol_head; the caller sets
 * setup, solve and free. NULL when out of memory. */
SUNLinearSolver cs_linsol_new(SUNContext ctx, size_t size,
                              SUNLinearSolver_ID (*getid)(SUNLinearSolver));
/* How many factorizations took the solver's fallback: the dense solver's rank-revealing one,
 * KLU's dense one (measurements and tests). */
long cs_linsol_fallbacks(SUNLinearSolver S);

SUNLinearSolver cs_linsol_lapack_dense(N_Vector y, SUNMatrix A, SUNContext ctx);

/* KLU on a square CSC SUNSparseMatrix A whose pattern stays the same from one setup to the
 * next; a factorization it finds singular or rank-deficient (the dense rule) is handed to the
 * dense solver above, up to 3000 unknowns (beyond, KLU's own factorization is used when it
 * completed, and the setup fails when KLU finds the matrix singular). */
SUNLinearSolver cs_linsol_klu(N_Vector y, SUNMatrix A, SUNContext ctx);

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
