/* cs_linsol.c — the LAPACK dense LU as a SUNDIALS generic linear solver, with a rank-revealing
 * fallback for the singular iteration matrices of redundant constraints.
 *
 * The LU works on A as given (the fast path is the plain dgetf2/dgetrs). Rank is judged on
 * the equilibrated matrix diag(row) A diag(col) (rows, then columns, scaled to a largest entry
 * of 1): the iteration matrix mixes cj, cj·M and Φq, and unscaled pivots of a healthy matrix
 * span 1e-18. The equilibrated pivots follow from the LU's own (pivot_ratio); if the LU meets
 * a zero pivot or their ratio is below PIVOT_RATIO, the factorization is redone on the
 * equilibrated copy as a complete orthogonal decomposition A P = Q [T 0; 0 0] Z (dgeqp3, then
 * dtzrzf) of the numerical rank, and solves return the minimum-norm least-squares solution.
 * With redundant rows the missing directions are the multipliers' (λ, μ with Φqᵀλ = 0), so q
 * and v still get a full Newton step and λ none along Φqᵀ's null space. */
#include "cs_linsol.h"

#include <lapacke.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct content {
  cs_linsol_head head;
  lapack_int n;
  lapack_int *pivots;
  double *scales; /* equilibration: diag(row) A diag(col), row = scales, col = scales + n */
  /* the rank-revealing fallback, allocated once: a copy of the scaled A, then its COD */
  double *copy, *tau, *tauz, *work, *scratch;
  lapack_int *jpvt, lwork, rank; /* rank == n: the LU is in use */
} content;

#define CONTENT(S) ((content *)(S)->content)

/* Below this order the unblocked LU (dgetf2) beats the blocked, recursive one (dgetrf):
 * measured with Debian's reference LAPACK, 2× faster at n = 16 … 64. */
enum { UNBLOCKED_MAX = 96 };

/* Below CS_LINSOL_PIVOT_RATIO (cs_linsol.h) the factorization is redone rank-revealing. */
static const double PIVOT_RATIO = CS_LINSOL_PIVOT_RATIO;

lapack_int cs_lu_factor(lapack_int n, double *A, lapack_int *pivots)
{
  return n <= UNBLOCKED_MAX ? LAPACKE_dgetf2_work(LAPACK_COL_MAJOR, n, n, A, n, pivots)
                            : LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, A, n, pivots);
}

/* ---- what both solvers share: their content's head, read through its first member ---- */

#define HEAD(S) ((cs_linsol_head *)(S)->content)

static SUNLinearSolver_Type get_type(SUNLinearSolver S)
{
  (void)S;
  return SUNLINEARSOLVER_DIRECT;
}

static int initialize(SUNLinearSolver S)
{
  HEAD(S)->last_flag = 0;
  return SUNLS_SUCCESS;
}

static sunindextype last_flag(SUNLinearSolver S) { return HEAD(S)->last_flag; }

SUNLinearSolver cs_linsol_new(SUNContext ctx, size_t size,
                              SUNLinearSolver_ID (*getid)(SUNLinearSolver))
{
  SUNLinearSolver S = SUNLinSolNewEmpty(ctx);
  if (!S)
    return NULL;
  S->ops->gettype = get_type;
  S->ops->getid = getid;
  S->ops->initialize = initialize;
  S->ops->lastflag = last_flag;
  S->content = calloc(1, size);
  if (!S->content) {
    SUNLinSolFreeEmpty(S);
    return NULL;
  }
  return S;
}

long cs_linsol_fallbacks(SUNLinearSolver S) { return HEAD(S)->fallbacks; }

/* ---- the dense solver ---- */

static SUNLinearSolver_ID get_id(SUNLinearSolver S)
{
  (void)S;
  return SUNLINEARSOLVER_CUSTOM;
}

/* Row scales, then column scales, that give diag(row) A diag(col) a largest |entry| of 1 in
 * each row and column (an all-zero row or column keeps scale 1). A is only read. */
static void equilibration(lapack_int n, const double *A, double *row, double *col)
{
  for (lapack_int i = 0; i < n; i++)
    row[i] = 0.0;
  for (lapack_int j = 0; j < n; j++)
    for (lapack_int i = 0; i < n; i++)
    {
      double a = fabs(A[i + (size_t)j * n]); /* not fmax: a libm call per entry (callgrind) */
      row[i] = a > row[i] ? a : row[i];
    }
  for (lapack_int i = 0; i < n; i++)
    row[i] = row[i] > 0.0 ? 1.0 / row[i] : 1.0;
  for (lapack_int j = 0; j < n; j++) {
    double big = 0.0;
    for (lapack_int i = 0; i < n; i++)
    {
      double a = fabs(A[i + (size_t)j * n]) * row[i];
      big = a > big ? a : big;
    }
    col[j] = big > 0.0 ? 1.0 / big : 1.0;
  }
}

/* Smallest over largest |pivot| of the equilibrated matrix, read off the LU of the unscaled
 * one: with the same row order, the LU of diag(row) A diag(col) has pivots
 * row[perm(k)]·U_kk·col[k]. */
static double pivot_ratio(lapack_int n, const double *LU, const lapack_int *pivots,
                          const double *row, const double *col, lapack_int *perm)
{
  for (lapack_int k = 0; k < n; k++)
    perm[k] = k;
  for (lapack_int k = 0; k < n; k++) {
    lapack_int p = pivots[k] - 1, t = perm[k];
    perm[k] = perm[p];
    perm[p] = t;
  }
  double lo = INFINITY, hi = 0.0;
  for (lapack_int k = 0; k < n; k++) {
    double p = fabs(LU[k + (size_t)k * n]) * row[perm[k]] * col[k];
    lo = fmin(lo, p);
    hi = fmax(hi, p);
  }
  return hi > 0.0 ? lo / hi : 0.0;
}

lapack_int cs_lu_factor_ratio(lapack_int n, double *A, lapack_int *pivots, double *scratch,
                              lapack_int *perm, double *ratio)
{
  double *row = scratch, *col = scratch + n;
  equilibration(n, A, row, col);
  lapack_int info = cs_lu_factor(n, A, pivots);
  *ratio = info == 0 ? pivot_ratio(n, A, pivots, row, col, perm) : 0.0;
  return info;
}

/* Rank of the column-pivoted R (n × n, its |diagonal| non-increasing): directions are dropped
 * only below a gap, where |R_kk| falls by GAP or more from |R_k-1,k-1|, and only in the tail
 * below TAIL·|R_11|. Index-3 iteration matrices at small steps have healthy diagonals down to
 * 1e-18·|R_11|, redundant rows ~1e-18 too: no fixed threshold separates them, but the
 * redundant ones always sit below a drop of 1e-7 or more (measured: GGL 5.5e-5 → 1.6e-16,
 * index 3 3.8e-9 → 1.6e-18 and 1.9e-12 → 7.6e-19) and healthy ones fall by 0.1 per step at
 * most (clearance slider-crank, index 3). */
static lapack_int numerical_rank(lapack_int n, const double *R)
{
  const double TAIL = 1e-10, GAP = 1e-5;
  double r11 = fabs(R[0]), best = GAP;
  lapack_int rank = n;
  for (lapack_int k = 1; k < n; k++) {
    double here = fabs(R[k + (size_t)k * n]), before = fabs(R[k - 1 + (size_t)(k - 1) * n]);
    if (here <= TAIL * r11 && here < best * before) {
      best = before > 0.0 ? here / before : 0.0;
      rank = k;
    }
  }
  return r11 > 0.0 ? rank : 0;
}

/* The complete orthogonal decomposition of the scaled A kept in c->copy. */
static lapack_int factor_cod(content *c)
{
  lapack_int n = c->n, info;
  const double *row = c->scales, *col = c->scales + n;
  for (lapack_int j = 0; j < n; j++)
    for (lapack_int i = 0; i < n; i++)
      c->copy[i + (size_t)j * n] *= row[i] * col[j];
  memset(c->jpvt, 0, (size_t)n * sizeof *c->jpvt);
  info = LAPACKE_dgeqp3_work(LAPACK_COL_MAJOR, n, n, c->copy, n, c->jpvt, c->tau, c->work,
                             c->lwork);
  if (info)
    return info;
  c->rank = numerical_rank(n, c->copy);
  if (c->rank > 0 && c->rank < n)
    info = LAPACKE_dtzrzf_work(LAPACK_COL_MAJOR, c->rank, n, c->copy, n, c->tauz, c->work,
                               c->lwork);
  c->head.fallbacks++;
  return info;
}

static int setup(SUNLinearSolver S, SUNMatrix A)
{
  content *c = CONTENT(S);
  double *a = SM_DATA_D(A);
  double ratio;
  memcpy(c->copy, a, (size_t)c->n * c->n * sizeof *a);
  lapack_int info = cs_lu_factor_ratio(c->n, a, c->pivots, c->scales, c->jpvt, &ratio);
  c->rank = c->n;
  if (info > 0 || (info == 0 && ratio < PIVOT_RATIO))
    info = factor_cod(c);
  c->head.last_flag = info;
  return info ? SUNLS_PACKAGE_FAIL_UNREC : SUNLS_SUCCESS;
}

/* x ← the minimum-norm least-squares solution of (Q [T 0; 0 0] Z Pᵀ) x = x. */
static lapack_int solve_cod(content *c, double *x)
{
  lapack_int n = c->n, r = c->rank, info;
  info = LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'T', n, 1, n, c->copy, n, c->tau, x, n,
                             c->work, c->lwork);
  if (!info && r > 0)
    info = LAPACKE_dtrtrs_work(LAPACK_COL_MAJOR, 'U', 'N', 'N', r, 1, c->copy, n, x, n);
  for (lapack_int k = r; k < n; k++)
    x[k] = 0.0;
  if (!info && r > 0 && r < n)
    info = LAPACKE_dormrz_work(LAPACK_COL_MAJOR, 'L', 'T', n, 1, r, n - r, c->copy, n, c->tauz,
                               x, n, c->work, c->lwork);
  memcpy(c->scratch, x, (size_t)n * sizeof *x);
  for (lapack_int k = 0; k < n; k++)
    x[c->jpvt[k] - 1] = c->scratch[k];
  return info;
}

static int solve(SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, realtype tol)
{
  (void)tol;
  content *c = CONTENT(S);
  double *xd = N_VGetArrayPointer(x);
  if (x != b)
    memcpy(xd, N_VGetArrayPointer(b), (size_t)c->n * sizeof *xd);
  lapack_int info;
  if (c->rank == c->n) {
    info = LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', c->n, 1, SM_DATA_D(A), c->n, c->pivots,
                               xd, c->n);
  } else {
    for (lapack_int i = 0; i < c->n; i++)
      xd[i] *= c->scales[i];
    info = solve_cod(c, xd);
    for (lapack_int j = 0; j < c->n; j++)
      xd[j] *= c->scales[c->n + j];
  }
  c->head.last_flag = info;
  return info == 0 ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_UNREC;
}


static int space(SUNLinearSolver S, long *lrw, long *liw)
{
  const content *c = CONTENT(S);
  *lrw = (long)c->n * (c->n + 5) + (long)c->lwork;
  *liw = 2 + 2 * (long)c->n;
  return SUNLS_SUCCESS;
}

static int destroy(SUNLinearSolver S)
{
  if (!S)
    return SUNLS_SUCCESS;
  content *c = S->content;
  if (c) {
    free(c->pivots);
    free(c->scales);
    free(c->copy);
    free(c->tau);
    free(c->tauz);
    free(c->scratch);
    free(c->work);
    free(c->jpvt);
    free(c);
    S->content = NULL;
  }
  SUNLinSolFreeEmpty(S);
  return SUNLS_SUCCESS;
}

static int allocate(content *c)
{
  size_t n = (size_t)c->n;
  c->lwork = 64 * (c->n + 1) + 3 * c->n + 1; /* dgeqp3's blocked optimum covers the others */
  c->pivots = malloc(n * sizeof *c->pivots);
  c->jpvt = malloc(n * sizeof *c->jpvt);
  c->scales = malloc(2 * n * sizeof *c->scales);
  c->copy = malloc(n * n * sizeof *c->copy);
  c->tau = malloc(n * sizeof *c->tau);
  c->tauz = malloc(n * sizeof *c->tauz);
  c->scratch = malloc(n * sizeof *c->scratch);
  c->work = malloc((size_t)c->lwork * sizeof *c->work);
  return c->pivots && c->jpvt && c->scales && c->copy && c->tau && c->tauz &&
         c->scratch && c->work;
}

SUNLinearSolver cs_linsol_lapack_dense(N_Vector y, SUNMatrix A, SUNContext ctx)
{
  if (SUNMatGetID(A) != SUNMATRIX_DENSE || SM_ROWS_D(A) != SM_COLUMNS_D(A) ||
      SM_ROWS_D(A) != N_VGetLength(y))
    return NULL;
  SUNLinearSolver S = cs_linsol_new(ctx, sizeof(content), get_id);
  if (!S)
    return NULL;
  S->ops->setup = setup;
  S->ops->solve = solve;
  S->ops->space = space;
  S->ops->free = destroy;
  content *c = S->content;
  c->n = (lapack_int)SM_ROWS_D(A);
  if (!allocate(c)) {
    destroy(S);
    return NULL;
  }
  return S;
}

