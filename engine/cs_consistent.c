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

/* Indices of the coordinates assembly may move: the unlocked ones, and locked ones a driver
 * row depends on (Φq, m × n at the current q): the driver's prescribed value and rate win over
 * a lock, which only asks assembly to keep a coordinate nothing else prescribes. */
static int free_coordinates(const cs_model *m, const double *Phiq, int *idx)
{
  int nf = 0;
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    for (int c = 0; !body->ground && c < 3; c++) {
      int col = body->coord + c, driven = 0;
      for (int k = 0; k < m->njoint && body->lock[c] && !driven; k++) {
        const cs_joint *j = &m->joints[k];
        for (int r = j->row0; cs_joint_is_driver(j) && r < j->row0 + j->nrows; r++)
          driven |= Phiq[r + (size_t)col * m->nrow] != 0.0;
      }
      if (!body->lock[c] || driven)
        idx[nf++] = col;
    }
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
  /* dgelsd reads all ldb entries of b, the solution's rows past the equations' too
   * (valgrind: uninitialised, which a NaN left there would spread into x) */
  for (int r = rows; r < ldb; r++)
    b[r] = 0.0;
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
  cs_constraints(m, q, t, NULL, Phiq, rows, NULL, NULL);
  int nf = free_coordinates(m, Phiq, idx), worst = 0, it;
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
done:
  free(idx);
  free(phi);
  free(Phiq);
  return st;
}

/* r = Φq v + Φt (rows). */
static void velocity_residual(const cs_model *m, const double *Phiq, const double *phit,
                              const double *v, double *r)
{
  for (int i = 0; i < m->nrow; i++) {
    r[i] = phit[i];
    for (int c = 0; c < m->ncoord; c++)
      r[i] += Phiq[i + (size_t)c * m->nrow] * v[c];
  }
}

cs_status cs_assemble_velocities(const cs_model *m, const double *q, double t, double *v,
                                 cs_error *err)
{
  int n = m->ncoord, rows = m->nrow, len = rows > n ? rows : n;
  if (rows == 0)
    return CS_OK;
  int *idx = calloc((size_t)n + 1, sizeof *idx);
  double *b = calloc((size_t)len, sizeof *b), *Phiq = malloc((size_t)rows * n * sizeof *Phiq),
         *phit = malloc((size_t)rows * sizeof *phit);
  cs_status st = CS_OK;
  if (!idx || !b || !Phiq || !phit) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory assembling velocities");
    goto done;
  }
  cs_constraints(m, q, t, NULL, Phiq, rows, phit, NULL);
  velocity_residual(m, Phiq, phit, v, b);
  for (int r = 0; r < rows; r++)
    b[r] = -b[r];
  int nf = free_coordinates(m, Phiq, idx), worst = 0;
  if (min_norm_solve(m, Phiq, idx, nf, b) < 0) {
    st = cs_fail(err, CS_ERR_ASSEMBLY, "%s: initial velocities cannot be made consistent",
                 m->origin ? m->origin : "model");
    goto done;
  }
  for (int c = 0; c < nf; c++)
    v[idx[c]] += b[c];
  /* Redundant rows are solved in the least-squares sense: check they really close. */
  velocity_residual(m, Phiq, phit, v, b);
  double res = max_abs(b, rows, &worst), scale = 1.0 + max_abs(v, n, NULL);
  if (!(res <= 1e-10 * scale)) {
    const cs_joint *j = &m->joints[cs_row_joint(m, worst)];
    st = cs_fail(err, CS_ERR_ASSEMBLY,
                 "%s: %s \"%s\" (%s between \"%s\" and \"%s\"): the velocities cannot satisfy "
                 "it with the others, residual |Φq v + Φt| = %.3g",
                 m->origin ? m->origin : "model", cs_joint_is_driver(j) ? "driver" : "joint",
                 j->name, cs_joint_kind_name(j->kind), body_name(m, j, 0), body_name(m, j, 1),
                 res);
  }
done:
  free(idx);
  free(b);
  free(Phiq);
  free(phit);
  return st;
}

/* K = [M Φqᵀ; Φq 0] (N × N, zeroed first) and rhs = [Q; γ]. */
static void augmented(const cs_model *m, const double *q, const double *v, double t,
                      const double *Q, double *K, double *rhs)
{
  int n = m->ncoord, rows = m->nrow, N = n + rows;
  memset(K, 0, (size_t)N * N * sizeof *K);
  cs_mass_diagonal(m, rhs);
  for (int c = 0; c < n; c++)
    K[c + (size_t)c * N] = rhs[c];
  /* Φq into the lower-left block, then mirrored into the upper right */
  cs_constraints(m, q, t, NULL, K + n, N, NULL, NULL);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < n; c++)
      K[c + (size_t)(n + r) * N] = K[n + r + (size_t)c * N];
  memcpy(rhs, Q, (size_t)n * sizeof *rhs);
  if (rows)
    cs_constraints_gamma(m, q, v, t, rhs + n);
}

/* Below this pivot ratio of the equilibrated LU (cs_lu_factor_ratio) the augmented matrix is
 * solved by its SVD instead, singular values below TRUNCATE of the largest dropped. */
static const double PIVOT_RATIO = 1e-12, TRUNCATE = 1e-13;

/* x ← the minimum-norm least-squares solution of K x = x by the SVD of K (overwritten);
 * fails (1) when a null vector of K moves a: the accelerations are then not unique. */
static int svd_solve(int n, int N, double *K, double *x, double *work)
{
  double *s = work, *U = s + N, *Vt = U + (size_t)N * N, *tmp = Vt + (size_t)N * N,
         *lw = tmp + N;
  lapack_int lwork = 5 * N + 64 * N;
  if (LAPACKE_dgesvd_work(LAPACK_COL_MAJOR, 'A', 'A', N, N, K, N, s, U, N, Vt, N, lw, lwork))
    return 1;
  int rank = 0;
  while (rank < N && s[rank] > TRUNCATE * s[0])
    rank++;
  for (int k = rank; k < N; k++) { /* a null direction: must leave a alone */
    double an = 0.0;
    for (int c = 0; c < n; c++)
      an += Vt[k + (size_t)c * N] * Vt[k + (size_t)c * N];
    if (an > 1e-6)
      return 1;
  }
  for (int k = 0; k < rank; k++) {
    tmp[k] = 0.0;
    for (int i = 0; i < N; i++)
      tmp[k] += U[i + (size_t)k * N] * x[i];
    tmp[k] /= s[k];
  }
  for (int i = 0; i < N; i++) {
    x[i] = 0.0;
    for (int k = 0; k < rank; k++)
      x[i] += Vt[k + (size_t)i * N] * tmp[k];
  }
  return 0;
}

cs_status cs_solve_accelerations(const cs_model *m, const double *q, const double *v, double t,
                                 const double *Q, double *a, double *lambda, cs_error *err)
{
  int n = m->ncoord, rows = m->nrow, N = n + rows;
  double *K = malloc((size_t)N * N * sizeof *K), *rhs = malloc((size_t)N * sizeof *rhs),
         *work = malloc((size_t)(2 * N) * sizeof *work), ratio = 0.0;
  lapack_int *piv = malloc((size_t)2 * N * sizeof *piv);
  cs_status st = CS_OK;
  if (!K || !rhs || !work || !piv) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory solving for accelerations");
    goto done;
  }
  augmented(m, q, v, t, Q, K, rhs);
  if (cs_lu_factor_ratio(N, K, piv, work, piv + N, &ratio) == 0 && ratio >= PIVOT_RATIO) {
    LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', N, 1, K, N, piv, rhs, N);
  } else {
    /* redundant rows or a singular position: a is unique, λ the minimum-norm multipliers */
    double *big = realloc(work, ((size_t)2 * N * N + 71 * (size_t)N) * sizeof *work);
    if (!big) {
      st = cs_fail(err, CS_ERR_MEMORY, "out of memory solving for accelerations");
      goto done;
    }
    work = big;
    augmented(m, q, v, t, Q, K, rhs);
    if (svd_solve(n, N, K, rhs, work)) {
      st = cs_fail(err, CS_ERR_ASSEMBLY,
                   "%s: the accelerations are not unique: a body with zero inertia whose "
                   "rotation no joint constrains",
                   m->origin ? m->origin : "model");
      goto done;
    }
  }
  memcpy(a, rhs, (size_t)n * sizeof *a);
  if (lambda && rows)
    memcpy(lambda, rhs + n, (size_t)rows * sizeof *lambda);
done:
  free(K);
  free(rhs);
  free(work);
  free(piv);
  return st;
}
