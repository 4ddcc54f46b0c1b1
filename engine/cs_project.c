/* cs_project.c — mass-orthogonal projection onto Φ = 0 and Φq v + Φt = 0. */
#include "cs_project.h"
#include "cs_accel.h"
#include "cs_assembly.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NEWTON_ITERATIONS = 6 };

struct cs_projector {
  const cs_model *m;
  int n, rows, ldb;
  double *w;            /* M^(−1/2): the metric's scaling of each coordinate */
  int *locked;          /* coordinates the initial assembly keeps (cs_body.lock) */
  double *Phiq, *A, *b, *s, *phit, *work;
  lapack_int lwork, *iwork;
  cs_accel *schur;      /* every mass positive: the Schur complement's Cholesky (cs_accel.h) */
  double *minv, *zeros, *mu;
};

cs_projector *cs_projector_create(const cs_model *m)
{
  cs_projector *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->m = m;
  p->n = m->ncoord;
  p->rows = m->nrow;
  p->ldb = p->rows > p->n ? p->rows : p->n;
  size_t mn = (size_t)p->rows * p->n + 1;
  p->w = calloc((size_t)p->n + 1, sizeof *p->w);
  p->locked = calloc((size_t)p->n + 1, sizeof *p->locked);
  p->Phiq = calloc(mn, sizeof *p->Phiq);
  p->A = calloc(mn, sizeof *p->A);
  p->b = calloc((size_t)p->ldb + 1, sizeof *p->b);
  p->s = calloc((size_t)p->ldb + 1, sizeof *p->s);
  p->phit = calloc((size_t)p->rows + 1, sizeof *p->phit);
  if (!p->w || !p->locked || !p->Phiq || !p->A || !p->b || !p->s || !p->phit) {
    cs_projector_free(p);
    return NULL;
  }
  /* Zero masses (a massless rotation) take the smallest positive one: they still move, and
   * the metric stays definite. */
  double *M = p->w, mmax = 0.0, mmin = INFINITY;
  cs_mass_diagonal(m, M);
  for (int i = 0; i < p->n; i++) {
    mmax = fmax(mmax, M[i]);
    if (M[i] > 0.0)
      mmin = fmin(mmin, M[i]);
  }
  int definite = 1;
  for (int i = 0; i < p->n; i++) {
    definite &= M[i] > 0.0;
    p->w[i] = 1.0 / sqrt(M[i] > 0.0 ? M[i] : isfinite(mmin) ? mmin : 1.0);
  }
  /* With every mass positive the projection is the Schur complement's solve, a Cholesky of
   * m × m: dgelsd's SVD per correction was 8 % of the projected formulation's instructions,
   * which projects after its steps. Locked coordinates keep the least-squares path. */
  if (definite && p->rows > 0) {
    p->schur = cs_accel_create(p->n, p->rows);
    p->minv = calloc(2 * (size_t)p->n + (size_t)p->rows + 1, sizeof *p->minv);
    if (!p->schur || !p->minv) {
      cs_projector_free(p);
      return NULL;
    }
    p->zeros = p->minv + p->n;
    p->mu = p->zeros + p->n;
    for (int i = 0; i < p->n; i++)
      p->minv[i] = p->w[i] * p->w[i];
  }
  for (int b = 0; b < m->nbody; b++)
    if (!m->bodies[b].ground)
      for (int c = 0; c < 3; c++)
        p->locked[m->bodies[b].coord + c] = m->bodies[b].lock[c];
  if (p->rows == 0)
    return p;
  double query;
  lapack_int rank, iquery = 0;
  if (LAPACKE_dgelsd_work(LAPACK_COL_MAJOR, p->rows, p->n, 1, p->A, p->rows, p->b, p->ldb, p->s,
                          -1.0, &rank, &query, -1, &iquery) != 0) {
    cs_projector_free(p);
    return NULL;
  }
  p->lwork = (lapack_int)query + 1;
  p->work = malloc((size_t)p->lwork * sizeof *p->work);
  p->iwork = malloc((size_t)(iquery > 1 ? iquery : 1) * sizeof *p->iwork);
  if (!p->work || !p->iwork) {
    cs_projector_free(p);
    return NULL;
  }
  return p;
}

void cs_projector_free(cs_projector *p)
{
  if (!p)
    return;
  free(p->w);
  free(p->locked);
  free(p->Phiq);
  free(p->A);
  free(p->b);
  free(p->s);
  free(p->phit);
  free(p->work);
  free(p->iwork);
  cs_accel_free(p->schur);
  free(p->minv);
  free(p);
}

/* x += W z, z the minimum-norm solution of (Φq W) z = b (b: rows entries in p->b); W is
 * zero on the locked coordinates when `locks`. */
static int correct(cs_projector *p, double *x, int locks)
{
  if (p->schur && !locks) {
    /* x += M⁻¹ Φqᵀ z with (Φq M⁻¹ Φqᵀ) z = b: cs_accel with Q = 0 and γ = b */
    cs_accel_solve(p->schur, p->Phiq, p->minv, p->zeros, p->b, p->A, p->mu);
    for (int c = 0; c < p->n; c++)
      x[c] += p->A[c];
    return 0;
  }
  for (int c = 0; c < p->n; c++) {
    double w = locks && p->locked[c] ? 0.0 : p->w[c];
    for (int r = 0; r < p->rows; r++)
      p->A[r + (size_t)c * p->rows] = p->Phiq[r + (size_t)c * p->rows] * w;
  }
  lapack_int rank;
  if (LAPACKE_dgelsd_work(LAPACK_COL_MAJOR, p->rows, p->n, 1, p->A, p->rows, p->b, p->ldb, p->s,
                          1e-12, &rank, p->work, p->lwork, p->iwork) != 0)
    return -1;
  for (int c = 0; c < p->n; c++)
    x[c] += (locks && p->locked[c] ? 0.0 : p->w[c]) * p->b[c];
  return 0;
}

static double max_abs(const double *x, int n)
{
  double r = 0.0;
  for (int i = 0; i < n; i++)
    r = fmax(r, fabs(x[i]));
  return r;
}

int cs_project(cs_projector *p, double t, double *q, double *v, int locks, double enough_q,
               double enough_v)
{
  if (p->rows == 0)
    return 0;
  /* Round-off of Φ: a few ulps of the largest coordinate. */
  double floor_phi = 8.0 * DBL_EPSILON * (1.0 + max_abs(q, p->n)), res = INFINITY;
  for (int it = 0; it < NEWTON_ITERATIONS; it++) {
    cs_constraints(p->m, q, t, p->b, p->Phiq, p->rows, NULL, NULL);
    res = max_abs(p->b, p->rows);
    if (!isfinite(res))
      return -1;
    if (res <= floor_phi || (it == 0 && res <= enough_q))
      break;
    for (int r = 0; r < p->rows; r++)
      p->b[r] = -p->b[r];
    if (correct(p, q, locks))
      return -1;
  }
  if (!(res <= fmax(1e3 * floor_phi, enough_q)))
    return -1;
  cs_constraints(p->m, q, t, NULL, p->Phiq, p->rows, p->phit, NULL);
  for (int r = 0; r < p->rows; r++) {
    double pv = p->phit[r];
    for (int c = 0; c < p->n; c++)
      pv += p->Phiq[r + (size_t)c * p->rows] * v[c];
    p->b[r] = -pv;
  }
  if (max_abs(p->b, p->rows) <= enough_v)
    return 0;
  return correct(p, v, locks);
}
