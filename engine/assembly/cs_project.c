/* cs_project.c — mass-orthogonal projection onto Φ = 0 and Φq v + Φt = 0. */
#include "cs_project.h"
#include "cs_assembly.h"
#include "cs_schur.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NEWTON_ITERATIONS = 6 };

struct cs_projector {
  const cs_model *m;
  int n, rows;
  double *W, *W_locked; /* the metric M⁻¹, and the same with the locked coordinates held */
  double *b, *phit;
  cs_jac J;
  cs_schur *schur;
};

cs_projector *cs_projector_create(const cs_model *m)
{
  cs_projector *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->m = m;
  p->n = m->ncoord;
  p->rows = m->nrow;
  p->W = calloc(2 * (size_t)p->n + 1, sizeof *p->W);
  p->b = calloc(2 * (size_t)p->rows + 1, sizeof *p->b);
  if (!p->W || !p->b || cs_jac_init(&p->J, m) || !(p->schur = cs_schur_create(&p->J, 0))) {
    cs_projector_free(p);
    return NULL;
  }
  p->W_locked = p->W + p->n;
  p->phit = p->b + p->rows;
  /* Zero masses (a massless rotation) take the smallest positive one: they still move, and
   * the metric stays definite. */
  double *M = p->W, mmin = INFINITY;
  cs_mass_diagonal(m, M);
  for (int i = 0; i < p->n; i++)
    if (M[i] > 0.0)
      mmin = fmin(mmin, M[i]);
  for (int i = 0; i < p->n; i++)
    p->W[i] = 1.0 / (M[i] > 0.0 ? M[i] : isfinite(mmin) ? mmin : 1.0);
  for (int b = 0; b < m->nbody; b++)
    for (int c = 0; !m->bodies[b].ground && c < 3; c++) {
      int i = m->bodies[b].coord + c;
      p->W_locked[i] = m->bodies[b].lock[c] ? 0.0 : p->W[i];
    }
  return p;
}

void cs_projector_free(cs_projector *p)
{
  if (!p)
    return;
  free(p->W);
  free(p->b);
  cs_jac_free(&p->J);
  cs_schur_free(p->schur);
  free(p);
}

/* x += W Φqᵀ z with (Φq W Φqᵀ) z = b (b: rows entries in p->b), W zero on the locked
 * coordinates when `locks`. The factorization is damped (cs_schur.h): through a singular
 * position the correction stays bounded. */
static void correct(cs_projector *p, double *x, int locks)
{
  const double *W = locks ? p->W_locked : p->W;
  cs_schur_factor(p->schur, &p->J, W, 1);
  cs_schur_correct(p->schur, &p->J, W, p->b, x);
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
  int moved = 0; /* q changed after the last evaluation of Φq */
  for (int it = 0; it < NEWTON_ITERATIONS; it++) {
    /* Φt beside Φ: the last pass's Φq and Φt, at the q it leaves, serve the velocities */
    cs_constraints(p->m, q, t, p->b, &p->J, p->phit, NULL);
    moved = 0;
    res = max_abs(p->b, p->rows);
    if (!isfinite(res))
      return -1;
    if (res <= floor_phi || (it == 0 && res <= enough_q))
      break;
    for (int r = 0; r < p->rows; r++)
      p->b[r] = -p->b[r];
    correct(p, q, locks);
    moved = 1;
  }
  if (!(res <= fmax(1e3 * floor_phi, enough_q)))
    return -1;
  if (moved)
    cs_constraints(p->m, q, t, NULL, &p->J, p->phit, NULL);
  cs_jac_mul(&p->J, v, p->b);
  for (int r = 0; r < p->rows; r++)
    p->b[r] = -(p->b[r] + p->phit[r]);
  if (max_abs(p->b, p->rows) <= enough_v)
    return 0;
  correct(p, v, locks);
  return 0;
}
