/* cs_consistent.c — consistent positions, velocities, accelerations and multipliers. */
#include "cs_consistent.h"
#include "cs_assembly.h"
#include "cs_error.h"
#include "cs_linsol.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NEWTON_ITERATIONS = 50 };

/* Indices of the coordinates assembly may move. */
static int free_coordinates(const cs_model *m, int *idx)
{
  int nf = 0;
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (!body->ground)
      for (int c = 0; c < 3; c++)
        if (!body->lock[c])
          idx[nf++] = body->coord + c;
  }
  return nf;
}

/* Minimum-norm least-squares solution x (nf) of A(:, idx) x = b, A being m × n column-major.
 * Returns the numerical rank, or −1 on failure; b must hold max(m, nf) entries. */
static int min_norm_solve(const cs_model *m, const double *A, const int *idx, int nf, double *b)
{
  int rows = m->nrow, ldb = rows > nf ? rows : nf;
  double *Af = malloc((size_t)rows * nf * sizeof *Af), *s = malloc((size_t)ldb * sizeof *s);
  lapack_int rank = -1;
  if (Af && s) {
    for (int c = 0; c < nf; c++)
      memcpy(Af + (size_t)c * rows, A + (size_t)idx[c] * rows, (size_t)rows * sizeof *Af);
    if (LAPACKE_dgelsd(LAPACK_COL_MAJOR, rows, nf, 1, Af, rows, b, ldb, s, 1e-12, &rank) != 0)
      rank = -1;
  }
  free(Af);
  free(s);
  return (int)rank;
}

static double max_abs(const double *x, int n, int *at)
{
  double r = 0.0;
  for (int i = 0; i < n; i++)
    if (fabs(x[i]) >= r) {
      r = fabs(x[i]);
      if (at)
        *at = i;
    }
  return r;
}

static const char *body_name(const cs_model *m, const cs_joint *j, int k)
{
  return m->bodies[j->body[k]].name;
}

/* Name the joint whose rows add nothing independent: the first one whose removal keeps the
 * rank. */
static cs_status report_redundant(const cs_model *m, const double *Phiq, int rank, cs_error *err)
{
  int n = m->ncoord, *all = malloc((size_t)n * sizeof *all);
  double *reduced = malloc((size_t)m->nrow * n * sizeof *reduced);
  const char *culprit = NULL;
  if (all && reduced) {
    for (int c = 0; c < n; c++)
      all[c] = c;
    for (int k = 0; k < m->njoint && !culprit; k++) {
      const cs_joint *j = &m->joints[k];
      cs_model sub = *m; /* the same mechanism without joint k's rows */
      sub.nrow = m->nrow - j->nrows;
      for (int c = 0; c < n; c++)
        for (int r = 0, o = 0; r < m->nrow; r++)
          if (r < j->row0 || r >= j->row0 + j->nrows)
            reduced[o++ + (size_t)c * sub.nrow] = Phiq[r + (size_t)c * m->nrow];
      double *b = calloc((size_t)(sub.nrow > n ? sub.nrow : n), sizeof *b);
      if (b && min_norm_solve(&sub, reduced, all, n, b) == rank)
        culprit = j->name;
      free(b);
    }
  }
  free(all);
  free(reduced);
  return cs_fail(err, CS_ERR_ASSEMBLY,
                 "%s: the constraints are redundant or singular at the assembled position "
                 "(rank %d of %d rows)%s%s%s",
                 m->origin ? m->origin : "model", rank, m->nrow,
                 culprit ? ": joint \"" : "", culprit ? culprit : "", culprit ? "\" adds no "
                 "independent constraint" : "");
}

/* q += α Δ with the largest α ≤ 1 (halving) that lowers max|Φ|, and no rotation over
 * MAX_TURN per iteration: a full Newton step from a rough guess can fling angles by tens of
 * radians onto another assembly branch. `scratch` holds m values. */
static void damped_step(const cs_model *m, double t, double *q, const int *idx, int nf,
                        const double *step, double res, double *scratch)
{
  const double MAX_TURN = 0.5;
  double alpha = 1.0;
  for (int c = 0; c < nf; c++)
    if (idx[c] % 3 == 2 && fabs(step[c]) * alpha > MAX_TURN)
      alpha = MAX_TURN / fabs(step[c]);
  for (int tries = 0; tries < 30; tries++, alpha *= 0.5) {
    for (int c = 0; c < nf; c++)
      q[idx[c]] += alpha * step[c];
    cs_constraints(m, q, t, scratch, NULL, 0, NULL, NULL);
    if (max_abs(scratch, m->nrow, NULL) < res)
      return;
    for (int c = 0; c < nf; c++)
      q[idx[c]] -= alpha * step[c];
  }
  for (int c = 0; c < nf; c++) /* no descent found: take the full step and let the count end */
    q[idx[c]] += step[c];
}

cs_status cs_assemble_positions(const cs_model *m, double t, double *q, cs_error *err)
{
  int n = m->ncoord, rows = m->nrow, len = rows > n ? rows : n;
  if (rows == 0)
    return CS_OK;
  int *idx = calloc((size_t)n + 1, sizeof *idx);
  double *phi = malloc((size_t)len * sizeof *phi), *Phiq = malloc((size_t)rows * n * sizeof *Phiq);
  cs_status st = CS_OK;
  if (!idx || !phi || !Phiq) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory assembling positions");
    goto done;
  }
  int nf = free_coordinates(m, idx), worst = 0, it;
  double scale = 1.0 + max_abs(q, n, NULL), res = INFINITY;
  for (it = 0; it <= NEWTON_ITERATIONS; it++) {
    cs_constraints(m, q, t, phi, Phiq, rows, NULL, NULL);
    res = max_abs(phi, rows, &worst);
    if (!isfinite(res) || res <= 1e-12 * scale || it == NEWTON_ITERATIONS)
      break;
    for (int r = 0; r < rows; r++)
      phi[r] = -phi[r];
    if (min_norm_solve(m, Phiq, idx, nf, phi) < 0) {
      res = INFINITY;
      break;
    }
    damped_step(m, t, q, idx, nf, phi, res, Phiq);
  }
  if (!(res <= 1e-12 * scale)) {
    const cs_joint *j = &m->joints[cs_row_joint(m, worst)];
    st = cs_fail(err, CS_ERR_ASSEMBLY,
                 "%s: joint \"%s\" (%s between \"%s\" and \"%s\") cannot close: constraint "
                 "residual %.3g after %d Newton iterations on the unlocked coordinates",
                 m->origin ? m->origin : "model", j->name, cs_joint_kind_name(j->kind),
                 body_name(m, j, 0), body_name(m, j, 1), res, it);
    goto done;
  }
  /* rank of the full Jacobian: IDA's iteration matrix is singular if it is short */
  for (int c = 0; c < n; c++)
    idx[c] = c;
  memset(phi, 0, (size_t)len * sizeof *phi);
  int rank = min_norm_solve(m, Phiq, idx, n, phi);
  if (rank < rows)
    st = report_redundant(m, Phiq, rank, err);
done:
  free(idx);
  free(phi);
  free(Phiq);
  return st;
}

cs_status cs_assemble_velocities(const cs_model *m, const double *q, double t, double *v,
                                 cs_error *err)
{
  int n = m->ncoord, rows = m->nrow, len = rows > n ? rows : n;
  if (rows == 0)
    return CS_OK;
  int *idx = calloc((size_t)n + 1, sizeof *idx);
  double *b = malloc((size_t)len * sizeof *b), *Phiq = malloc((size_t)rows * n * sizeof *Phiq);
  cs_status st = CS_OK;
  if (!idx || !b || !Phiq) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory assembling velocities");
    goto done;
  }
  cs_constraints(m, q, t, NULL, Phiq, rows, b, NULL); /* b = Φt */
  for (int r = 0; r < rows; r++) {
    double pv = 0.0;
    for (int c = 0; c < n; c++)
      pv += Phiq[r + (size_t)c * rows] * v[c];
    b[r] = -b[r] - pv;
  }
  int nf = free_coordinates(m, idx);
  if (min_norm_solve(m, Phiq, idx, nf, b) < 0) {
    st = cs_fail(err, CS_ERR_ASSEMBLY, "%s: initial velocities cannot be made consistent",
                 m->origin ? m->origin : "model");
    goto done;
  }
  for (int c = 0; c < nf; c++)
    v[idx[c]] += b[c];
done:
  free(idx);
  free(b);
  free(Phiq);
  return st;
}

cs_status cs_solve_accelerations(const cs_model *m, const double *q, const double *v, double t,
                                 const double *Q, double *a, double *lambda, cs_error *err)
{
  int n = m->ncoord, rows = m->nrow, N = n + rows;
  double *K = calloc((size_t)N * N, sizeof *K), *rhs = malloc((size_t)N * sizeof *rhs),
         *M = malloc((size_t)n * sizeof *M);
  lapack_int *piv = malloc((size_t)N * sizeof *piv);
  cs_status st = CS_OK;
  if (!K || !rhs || !M || !piv) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory solving for accelerations");
    goto done;
  }
  cs_mass_diagonal(m, M);
  for (int c = 0; c < n; c++)
    K[c + (size_t)c * N] = M[c];
  /* Φq into the lower-left block, then mirrored into the upper right */
  cs_constraints(m, q, t, NULL, K + n, N, NULL, NULL);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < n; c++)
      K[c + (size_t)(n + r) * N] = K[n + r + (size_t)c * N];
  memcpy(rhs, Q, (size_t)n * sizeof *rhs);
  if (rows)
    cs_constraints_gamma(m, q, v, t, rhs + n);
  if (cs_lu_factor(N, K, piv) != 0 ||
      LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', N, 1, K, N, piv, rhs, N) != 0) {
    st = cs_fail(err, CS_ERR_ASSEMBLY,
                 "%s: the mass and constraint matrix is singular: a body with zero inertia "
                 "whose rotation no joint constrains, or redundant constraints",
                 m->origin ? m->origin : "model");
    goto done;
  }
  memcpy(a, rhs, (size_t)n * sizeof *a);
  if (lambda && rows)
    memcpy(lambda, rhs + n, (size_t)rows * sizeof *lambda);
done:
  free(K);
  free(rhs);
  free(M);
  free(piv);
  return st;
}
