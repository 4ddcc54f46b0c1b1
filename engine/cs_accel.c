/*
 * cs_accel.c — index-1 accelerations by a pivoted Cholesky of Φq M⁻¹ Φqᵀ (cs_accel.h).
 */
#include "cs_accel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What is left of a row's pivot after the rows before it, as a share of its own diagonal, is
 * the squared sine of its angle to their span. A pivot that share of DAMP or smaller is damped,
 * d → d + ε²/(d + ε) with ε = DAMP·diagonal: a Tikhonov regularisation of that direction
 * alone, smooth in d, second order (ε²/d) for the pivots of a well-posed mechanism. Without it
 * the multiplier of a row that a singular position makes dependent grows like 1/σ², and the
 * state's own error ε/σ² with it: the parallelograms stopped at their first passage. A hard
 * cut instead (λ = 0 below a share) passed them, but the kink in a(t) cost energy: 1e-7 to
 * 1e-4 J over 16 passages depending on the share. Damped at 1e-6, and with the projections
 * after each step solved by this same factorization (cs_project.c; its SVD's minimum-norm
 * corrections had cost up to 4e-5 J), the three models of models/parallelogram*.json keep
 * their energy within 2.7e-8 J over 16 passages and 1.7e-7 J over 52 (rtol 1e-10,
 * tests/test_singular.c). DAMP 1e-5 puts a floor of 3e-9 of the energy under the clearance
 * slider-crank's books (its dead centres make rows nearly dependent); at 1e-6 it is 3e-11.
 * A pivot of DEPENDENT or below is a row that is dependent to round-off: λ = 0. */
static const double DAMP = 1e-6, DEPENDENT = 1e-14;

struct cs_accel {
  int n, m;
  double *S, *diag, *rhs, *x, *force;
  int *perm;
};

cs_accel *cs_accel_create(int n, int m)
{
  cs_accel *acc = calloc(1, sizeof *acc);
  if (!acc)
    return NULL;
  acc->n = n, acc->m = m;
  acc->S = calloc((size_t)m * m + 3 * (size_t)m + (size_t)n + 1, sizeof(double));
  acc->perm = calloc((size_t)m + 1, sizeof *acc->perm);
  if (!acc->S || !acc->perm) {
    cs_accel_free(acc);
    return NULL;
  }
  acc->diag = acc->S + (size_t)m * m;
  acc->rhs = acc->diag + m;
  acc->x = acc->rhs + m;
  acc->force = acc->x + m;
  return acc;
}

void cs_accel_free(cs_accel *acc)
{
  if (!acc)
    return;
  free(acc->S);
  free(acc->perm);
  free(acc);
}

/* S = Φq M⁻¹ Φqᵀ (lower triangle, row-major), rhs = Φq M⁻¹ Q − γ. */
static void complement(cs_accel *acc, const double *Phiq, const double *Minv, const double *Q,
                       const double *gamma)
{
  const int n = acc->n, m = acc->m;
  memset(acc->S, 0, (size_t)m * m * sizeof *acc->S);
  for (int r = 0; r < m; r++)
    acc->rhs[r] = -gamma[r];
  for (int c = 0; c < n; c++) {
    const double *col = Phiq + (size_t)c * m;
    const double w = Minv[c], f = w * Q[c];
    for (int r = 0; r < m; r++) {
      if (col[r] == 0.0)
        continue;
      double wr = w * col[r];
      acc->rhs[r] += col[r] * f;
      for (int s = 0; s <= r; s++)
        acc->S[r * m + s] += wr * col[s];
    }
  }
}

#define S_(i, j) (i >= j ? acc->S[(i) * m + (j)] : acc->S[(j) * m + (i)])

/* Pivoted Cholesky in place (lower triangle, S_ij at max(i,j), min(i,j)); returns the rank. */
static int factor(cs_accel *acc)
{
  const int m = acc->m;
  double *S = acc->S;
  for (int i = 0; i < m; i++) {
    acc->perm[i] = i;
    acc->diag[i] = S[i * m + i];
  }
  for (int k = 0; k < m; k++) {
    int p = -1;
    double best = 0.0;
    for (int i = k; i < m; i++) {
      double d = S[i * m + i], ref = acc->diag[acc->perm[i]];
      if (d > DEPENDENT * ref && d / ref > best)
        best = d / ref, p = i;
    }
    if (p < 0)
      return k;
    if (p != k) { /* symmetric swap of k and p in the lower triangle */
      for (int j = 0; j < m; j++) {
        if (j == k || j == p)
          continue;
        double tk = S_(k, j), tp = S_(p, j);
        if (k >= j) S[k * m + j] = tp; else S[j * m + k] = tp;
        if (p >= j) S[p * m + j] = tk; else S[j * m + p] = tk;
      }
      double t = S[k * m + k];
      S[k * m + k] = S[p * m + p], S[p * m + p] = t;
      int ti = acc->perm[k];
      acc->perm[k] = acc->perm[p], acc->perm[p] = ti;
    }
    double d = S[k * m + k], eps = DAMP * acc->diag[acc->perm[k]];
    double L = sqrt(d + eps * eps / (d + eps));
    S[k * m + k] = L;
    for (int i = k + 1; i < m; i++)
      S[i * m + k] /= L;
    for (int i = k + 1; i < m; i++)
      for (int j = k + 1; j <= i; j++)
        S[i * m + j] -= S[i * m + k] * S[j * m + k];
  }
  return m;
}

int cs_accel_solve(cs_accel *acc, const double *Phiq, const double *Minv, const double *Q,
                   const double *gamma, double *a, double *lambda)
{
  const int n = acc->n, m = acc->m;
  complement(acc, Phiq, Minv, Q, gamma);
  int rank = factor(acc);
  const double *S = acc->S;
  double *x = acc->x;
  for (int i = 0; i < rank; i++) { /* L y = P rhs */
    double v = acc->rhs[acc->perm[i]];
    for (int j = 0; j < i; j++)
      v -= S[i * m + j] * x[j];
    x[i] = v / S[i * m + i];
  }
  for (int i = rank - 1; i >= 0; i--) { /* Lᵀ x = y */
    double v = x[i];
    for (int j = i + 1; j < rank; j++)
      v -= S[j * m + i] * x[j];
    x[i] = v / S[i * m + i];
  }
  for (int i = 0; i < m; i++)
    lambda[acc->perm[i]] = i < rank ? x[i] : 0.0;
  for (int c = 0; c < n; c++) {
    const double *col = Phiq + (size_t)c * m;
    double f = Q[c];
    for (int r = 0; r < m; r++)
      f -= col[r] * lambda[r];
    a[c] = Minv[c] * f;
  }
  return rank;
}
