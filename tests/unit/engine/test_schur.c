/* The constraint solve of engine/linsol/cs_schur.c with pinned bodies taken out of S (a body
 * three rows of its own fix, solved apart): its accelerations and multipliers are the whole
 * S's, and both satisfy M a + Φqᵀ λ = Q, Φq a = γ to round-off, on random rows:
 *   - a pinned body (its own rows in either slot) coupled to free bodies, one of which has two
 *     rows of its own (not pinned);
 *   - two pinned bodies at the ends of a chain;
 *   - a pinned body whose own rows are dependent: the whole S's answer, exactly. */
#include "cs_schur.h"
#include "cs_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAXR = 16, MAXN = 15 };

typedef struct {
  int m, n;
  int col[MAXR * CS_JAC_WIDTH];
  double val[MAXR * CS_JAC_WIDTH];
} rows;

static unsigned long seed = 12345;
static double uniform(void) /* in (−1, 1), a fixed sequence */
{
  seed = seed * 6364136223846793005UL + 1442695040888963407UL;
  return (double)(seed >> 11) / 4503599627370496.0 - 1.0;
}

/* Row r between bodies b0 and b1 (−1: ground), random values. */
static void add_row(rows *R, int b0, int b1)
{
  int r = R->m++;
  for (int s = 0; s < 2; s++)
    for (int k = 0; k < 3; k++) {
      int b = s ? b1 : b0;
      R->col[CS_JAC_WIDTH * r + 3 * s + k] = b < 0 ? -1 : 3 * b + k;
      R->val[CS_JAC_WIDTH * r + 3 * s + k] = b < 0 ? 0.0 : uniform();
    }
}

static double worst(const double *x, const double *y, int n)
{
  double d = 0.0, s = 0.0;
  for (int i = 0; i < n; i++)
    d = fmax(d, fabs(x[i] - y[i])), s = fmax(s, fabs(y[i]));
  return d / (s > 0.0 ? s : 1.0);
}

/* max |M a + Φqᵀ λ − Q| and |Φq a − γ|, relative to the largest term. */
static double residual(const cs_jac *J, const double *Minv, const double *Q, const double *g,
                       const double *a, const double *lam)
{
  double e[MAXN], c[MAXR], scale = 1.0, r = 0.0;
  for (int i = 0; i < J->n; i++)
    e[i] = a[i] / Minv[i] - Q[i], scale = fmax(scale, fabs(Q[i]));
  cs_jac_tmul_add(J, lam, 1.0, e);
  cs_jac_mul(J, a, c);
  for (int i = 0; i < J->n; i++)
    r = fmax(r, fabs(e[i]));
  for (int i = 0; i < J->m; i++)
    r = fmax(r, fabs(c[i] - g[i]));
  return r / scale;
}

/* Both solves of R, undamped; returns the pinned one's rank. */
static int compare(rows *R, const char *what, double tol)
{
  cs_jac J = {R->m, R->n, R->col, R->val};
  double Minv[MAXN], Q[MAXN], g[MAXR], a0[MAXN], a1[MAXN], l0[MAXR], l1[MAXR];
  for (int i = 0; i < R->n; i++)
    Minv[i] = 0.5 + 0.4 * uniform(), Q[i] = uniform();
  for (int i = 0; i < R->m; i++)
    g[i] = uniform();
  cs_schur *whole = cs_schur_create(&J, 0), *pinned = cs_schur_create(&J, 1);
  CHECK(whole && pinned, "%s: both solves made", what);
  if (!whole || !pinned)
    return -1;
  cs_schur_accelerations(whole, &J, Minv, Q, g, 0, a0, l0);
  int rank = cs_schur_accelerations(pinned, &J, Minv, Q, g, 0, a1, l1);
  double da = worst(a1, a0, R->n), dl = worst(l1, l0, R->m);
  CHECK(da <= tol && dl <= tol, "%s: pinned and whole agree, a to %.2g, lambda to %.2g", what,
        da, dl);
  double res = residual(&J, Minv, Q, g, a1, l1);
  CHECK(res <= 1e-12, "%s: M a + J^T lambda = Q, J a = gamma to %.2g", what, res);
  cs_schur_free(whole);
  cs_schur_free(pinned);
  return rank;
}

static void crank_chain(void)
{
  rows R = {0};
  R.n = 9;
  add_row(&R, 0, -1); /* body 0's own: a ground revolute's two rows, a driver's */
  add_row(&R, -1, 0);
  add_row(&R, 0, -1);
  add_row(&R, 0, 1); /* a revolute to body 1 */
  add_row(&R, 1, 0);
  add_row(&R, 2, -1); /* body 2: two rows of its own (a slider), one to body 1 */
  add_row(&R, -1, 2);
  add_row(&R, 1, 2);
  int rank = compare(&R, "a pinned crank, a rod, a slider", 1e-12);
  CHECK(rank == 8, "rank 8 of 8 rows: %d", rank);
}

static void two_pinned(void)
{
  rows R = {0};
  R.n = 9;
  for (int k = 0; k < 3; k++)
    add_row(&R, 0, -1), add_row(&R, -1, 2);
  add_row(&R, 0, 1), add_row(&R, 1, 2);
  compare(&R, "two pinned bodies and the one between", 1e-12);
}

static void dependent_own_rows(void)
{
  rows R = {0};
  R.n = 6;
  add_row(&R, 0, -1);
  add_row(&R, 0, -1);
  add_row(&R, 0, -1);
  memcpy(R.val + CS_JAC_WIDTH, R.val, 3 * sizeof *R.val); /* row 1 = row 0 */
  add_row(&R, 0, 1);
  add_row(&R, 1, -1);
  cs_jac J = {R.m, R.n, R.col, R.val};
  double Minv[6] = {1, 2, 1.5, 0.7, 0.9, 1.1}, Q[6] = {1, -1, 0.5, 0.2, -0.3, 0.4};
  double g[5] = {0.1, 0.1, -0.2, 0.3, 0.05}, a0[6], a1[6], l0[5], l1[5];
  cs_schur *whole = cs_schur_create(&J, 0), *pinned = cs_schur_create(&J, 1);
  CHECK(whole && pinned, "dependent own rows: both solves made");
  if (!whole || !pinned)
    return;
  int r0 = cs_schur_accelerations(whole, &J, Minv, Q, g, 1, a0, l0);
  int r1 = cs_schur_accelerations(pinned, &J, Minv, Q, g, 1, a1, l1);
  CHECK(r0 == r1 && !memcmp(a0, a1, sizeof a0) && !memcmp(l0, l1, sizeof l0),
        "a pinned body's dependent own rows: the whole S's answer, bit for bit (rank %d, %d)",
        r0, r1);
  cs_schur_free(whole);
  cs_schur_free(pinned);
}

int main(void)
{
  crank_chain();
  two_pinned();
  dependent_own_rows();
  return cs_test_finish();
}
