/* cs_linsol_klu.c — SuiteSparse's KLU sparse LU as a SUNDIALS generic linear solver for the
 * IDAS iteration matrix in CSC form (cs_ida_pattern.h), with the dense solver as its fallback
 * for rank-deficient matrices.
 *
 * The pattern never changes: KLU orders it (AMD, block triangular form) once, factors with
 * partial pivoting the first time, and later refactors with that pivot sequence. Rank is
 * judged as in the dense solver (cs_linsol.c): by the ratio of the smallest to the largest
 * pivot of the equilibrated matrix (rows, then columns, scaled to a largest |entry| of 1).
 * KLU scales rows by their largest entry already, so the equilibrated pivots are its own U_kk
 * times the column scales, at O(nnz). A refactorization whose ratio fell below REFRESH of the
 * last full one (its stale pivot order lost accuracy) is redone with fresh pivoting. When KLU
 * meets a singular matrix or the ratio is below CS_LINSOL_PIVOT_RATIO (redundant constraints:
 * engine/solver/README.md "Redundant constraints and singular positions"), that factorization goes to the
 * dense solver, whose complete orthogonal decomposition gives minimum-norm Newton steps.
 * Above DENSE_MAX unknowns there is no fallback: a factorization KLU completed is used as it
 * is (a healthy index-3 matrix at a small step has pivot ratios below the rule's, and LU
 * solves it, as the dense LU did before it had the rule); one KLU finds singular fails the
 * setup, and IDAS reports it. */
#include "cs_linsol.h"

#include <klu.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

typedef struct content {
  cs_linsol_head head;
  sunindextype n;
  klu_l_common common;
  klu_l_symbolic *symbolic;
  klu_l_numeric *numeric;
  double *colscale;     /* n */
  double full_ratio;    /* the pivot ratio of the last factorization with fresh pivoting */
  /* the dense fallback, allocated at its first use */
  N_Vector shape;       /* an empty vector of length n, for the dense solver's check */
  SUNMatrix dense;
  SUNLinearSolver dense_ls;
  int in_dense;         /* the current factorization is the dense solver's */
} content;

#define CONTENT(S) ((content *)(S)->content)

/* A refactorization keeping less than this share of the last fresh one's pivot ratio is
 * redone with pivoting. */
static const double REFRESH = 1e-3;
/* The dense fallback's largest order: its N² doubles (72 MB at 3000). */
enum { DENSE_MAX = 3000 };

static SUNLinearSolver_ID get_id(SUNLinearSolver S)
{
  (void)S;
  return SUNLINEARSOLVER_KLU;
}


/* Smallest over largest |pivot| of the equilibrated matrix (cs_linsol.c): KLU's pivots are
 * those of R⁻¹ A with R its row maxima (kept in pivot order: original row i's is
 * Rs[Pinv[i]]); a column scale multiplies its pivot. */
static double pivot_ratio(content *c, SUNMatrix A)
{
  const sunindextype n = c->n, *Ap = SM_INDEXPTRS_S(A), *Ai = SM_INDEXVALS_S(A);
  const sunindextype *Pinv = c->numeric->Pinv;
  const double *Ax = SM_DATA_S(A), *Rs = c->numeric->Rs, *U = c->numeric->Udiag;
  for (sunindextype j = 0; j < n; j++) {
    double big = 0.0;
    for (sunindextype k = Ap[j]; k < Ap[j + 1]; k++) {
      double a = fabs(Ax[k]) / (Rs ? Rs[Pinv[Ai[k]]] : 1.0);
      big = a > big ? a : big;
    }
    c->colscale[j] = big > 0.0 ? 1.0 / big : 1.0;
  }
  double lo = INFINITY, hi = 0.0;
  for (sunindextype k = 0; k < n; k++) {
    double p = fabs(U[k]) * c->colscale[c->symbolic->Q[k]];
    lo = p < lo ? p : lo;
    hi = p > hi ? p : hi;
  }
  return hi > 0.0 ? lo / hi : 0.0;
}

/* A fresh factorization with pivoting; returns its pivot ratio, 0 when KLU finds A singular. */
static double factor(content *c, SUNMatrix A)
{
  if (c->numeric)
    klu_l_free_numeric(&c->numeric, &c->common);
  c->numeric = klu_l_factor(SM_INDEXPTRS_S(A), SM_INDEXVALS_S(A), SM_DATA_S(A), c->symbolic,
                            &c->common);
  c->full_ratio = c->numeric ? pivot_ratio(c, A) : 0.0;
  return c->full_ratio;
}

/* The CSC A into the dense fallback, factored there (its own rank-revealing rule). */
static int setup_dense(content *c, SUNMatrix A)
{
  if (c->n > DENSE_MAX)
    return SUNLS_PACKAGE_FAIL_UNREC; /* KLU found A singular, and no dense fallback */
  if (!c->dense) {
    c->dense = SUNDenseMatrix(c->n, c->n, A->sunctx);
    c->dense_ls = c->dense ? cs_linsol_lapack_dense(c->shape, c->dense, A->sunctx) : NULL;
    if (!c->dense_ls)
      return SUNLS_MEM_FAIL;
  }
  SUNMatZero(c->dense);
  const sunindextype *Ap = SM_INDEXPTRS_S(A), *Ai = SM_INDEXVALS_S(A);
  const double *Ax = SM_DATA_S(A);
  for (sunindextype j = 0; j < c->n; j++)
    for (sunindextype k = Ap[j]; k < Ap[j + 1]; k++)
      SM_ELEMENT_D(c->dense, Ai[k], j) = Ax[k];
  c->in_dense = 1;
  c->head.fallbacks++;
  return SUNLinSolSetup(c->dense_ls, c->dense);
}

static int setup(SUNLinearSolver S, SUNMatrix A)
{
  content *c = CONTENT(S);
  c->in_dense = 0;
  if (!c->symbolic) {
    c->symbolic = klu_l_analyze(c->n, SM_INDEXPTRS_S(A), SM_INDEXVALS_S(A), &c->common);
    if (!c->symbolic)
      return c->head.last_flag = SUNLS_PACKAGE_FAIL_UNREC;
  }
  double ratio = 0.0;
  if (c->numeric && klu_l_refactor(SM_INDEXPTRS_S(A), SM_INDEXVALS_S(A), SM_DATA_S(A),
                                   c->symbolic, c->numeric, &c->common))
    ratio = pivot_ratio(c, A);
  if (ratio < REFRESH * c->full_ratio || ratio < CS_LINSOL_PIVOT_RATIO)
    ratio = factor(c, A);
  int flag = SUNLS_SUCCESS;
  if (ratio < CS_LINSOL_PIVOT_RATIO && (c->n <= DENSE_MAX || !c->numeric))
    flag = setup_dense(c, A);
  c->head.last_flag = flag;
  return flag;
}

static int solve(SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, realtype tol)
{
  content *c = CONTENT(S);
  if (c->in_dense)
    return c->head.last_flag = SUNLinSolSolve(c->dense_ls, c->dense, x, b, tol);
  (void)A;
  double *xd = N_VGetArrayPointer(x);
  if (x != b)
    memcpy(xd, N_VGetArrayPointer(b), (size_t)c->n * sizeof *xd);
  int ok = klu_l_solve(c->symbolic, c->numeric, c->n, 1, xd, &c->common);
  c->head.last_flag = ok ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_UNREC;
  return c->head.last_flag;
}


static int destroy(SUNLinearSolver S)
{
  if (!S)
    return SUNLS_SUCCESS;
  content *c = S->content;
  if (c) {
    if (c->numeric)
      klu_l_free_numeric(&c->numeric, &c->common);
    if (c->symbolic)
      klu_l_free_symbolic(&c->symbolic, &c->common);
    if (c->dense_ls)
      SUNLinSolFree(c->dense_ls);
    if (c->dense)
      SUNMatDestroy(c->dense);
    if (c->shape)
      N_VDestroy(c->shape);
    free(c->colscale);
    free(c);
    S->content = NULL;
  }
  SUNLinSolFreeEmpty(S);
  return SUNLS_SUCCESS;
}

SUNLinearSolver cs_linsol_klu(N_Vector y, SUNMatrix A, SUNContext ctx)
{
  if (SUNMatGetID(A) != SUNMATRIX_SPARSE || SM_SPARSETYPE_S(A) != CSC_MAT ||
      SM_ROWS_S(A) != SM_COLUMNS_S(A) || SM_ROWS_S(A) != N_VGetLength(y))
    return NULL;
  SUNLinearSolver S = cs_linsol_new(ctx, sizeof(content), get_id);
  if (!S)
    return NULL;
  S->ops->setup = setup;
  S->ops->solve = solve;
  S->ops->free = destroy;
  content *c = S->content;
  c->n = SM_ROWS_S(A);
  c->colscale = malloc(((size_t)c->n + 1) * sizeof *c->colscale);
  c->shape = N_VCloneEmpty(y);
  if (!c->colscale || !c->shape || !klu_l_defaults(&c->common)) {
    destroy(S);
    return NULL;
  }
  c->common.scale = 2; /* rows by their largest |entry|: the equilibration's first half */
  /* the largest pivot in its column, as LAPACK: KLU's default preference for the diagonal
   * (tol 1e-3) gave smaller pivots, and index 3 went to the dense fallback 715 times where
   * this goes 252 (clearance slider-crank, 0.05 s; the dense LU itself takes its COD 412 times
   * there), with no change in time measured on the chain */
  c->common.tol = 1.0;
  return S;
}

