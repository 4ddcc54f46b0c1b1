/* cs_consistent.c — consistent positions, velocities, accelerations and multipliers. */
#include "cs_consistent.h"
#include "cs_assembly.h"
#include "cs_diagnose.h"
#include "cs_error.h"
#include "cs_linsol.h"
#include "cs_schur.h"
#include "../joints/cs_clearance.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NEWTON_ITERATIONS = 50 };

/* Below this pivot ratio (cs_schur.h: the squared sine of a row's angle to the rows before
 * it) the sparse Schur complement is not trusted to be full rank, and the dense SVD answers:
 * the minimum-norm solution of a rank-deficient system (redundant rows, singular positions)
 * is what assembly and the reported multipliers promise. Above it the complement's solution
 * is that same unique solution, with an error of round-off over the ratio (≤ 1e-8). */
static const double RANK_RATIO = 1e-8;

struct cs_consistent {
  const cs_model *m;
  int n, rows, definite; /* definite: every mass and inertia positive */
  cs_jac J;
  cs_schur *S;
  double *W, *Minv, *step, *b, *phit;
  int *idx;
};

cs_consistent *cs_consistent_create(const cs_model *m)
{
  cs_consistent *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->m = m, c->n = m->ncoord, c->rows = m->nrow;
  size_t n = (size_t)c->n + 1, len = (size_t)(c->rows > c->n ? c->rows : c->n) + 1;
  c->W = malloc(3 * n * sizeof *c->W);
  c->b = calloc(len + (size_t)c->rows + 1, sizeof *c->b);
  c->idx = malloc(n * sizeof *c->idx);
  if (!c->W || !c->b || !c->idx || cs_jac_init(&c->J, m) || !(c->S = cs_schur_create(&c->J))) {
    cs_consistent_free(c);
    return NULL;
  }
  c->Minv = c->W + n, c->step = c->Minv + n, c->phit = c->b + len;
  cs_mass_diagonal(m, c->Minv);
  c->definite = 1;
  for (int i = 0; i < c->n; i++) {
    c->definite &= c->Minv[i] > 0.0;
    c->Minv[i] = c->Minv[i] > 0.0 ? 1.0 / c->Minv[i] : 0.0;
  }
  return c;
}

void cs_consistent_free(cs_consistent *c)
{
  if (!c)
    return;
  cs_jac_free(&c->J);
  cs_schur_free(c->S);
  free(c->W);
  free(c->b);
  free(c->idx);
  free(c);
}

/* Indices of the coordinates assembly may move: the unlocked ones, and locked ones a driver
 * row depends on (Φq at the current q, in c->J): the driver's prescribed value and rate win
 * over a lock, which only asks assembly to keep a coordinate nothing else prescribes. W is 1
 * on them and 0 elsewhere. */
static int free_coordinates(cs_consistent *c)
{
  const cs_model *m = c->m;
  for (int i = 0; i < c->n; i++)
    c->W[i] = 0.0;
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    for (int e = CS_JAC_WIDTH * j->row0; cs_joint_is_driver(j) && e < CS_JAC_WIDTH * (j->row0 + j->nrows); e++)
      if (c->J.col[e] >= 0 && c->J.val[e] != 0.0)
        c->W[c->J.col[e]] = 1.0;
  }
  int nf = 0;
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    for (int k = 0; !body->ground && k < 3; k++) {
      int col = body->coord + k;
      if (!body->lock[k] || c->W[col] != 0.0)
        c->idx[nf++] = col, c->W[col] = 1.0;
    }
  }
  return nf;
}

/* The dense route: minimum-norm least-squares x (nf) of Φq(:, idx) x = b by LAPACK's SVD.
 * Returns the numerical rank, or −1 on failure; b must hold max(m, nf) entries. */
static int dense_min_norm(cs_consistent *c, int nf, double *b)
{
  int rows = c->rows, ldb = rows > nf ? rows : nf;
  double *A = calloc((size_t)rows * c->n + 1, sizeof *A), *Af = malloc((size_t)rows * nf * sizeof *Af),
         *s = malloc((size_t)ldb * sizeof *s);
  lapack_int rank = -1;
  /* dgelsd reads all ldb entries of b, the solution's rows past the equations' too
   * (valgrind: uninitialised, which a NaN left there would spread into x) */
  for (int r = rows; r < ldb; r++)
    b[r] = 0.0;
  if (A && Af && s) {
    cs_jac_scatter(&c->J, &(cs_acc){.dense = A, .ld = rows}, NULL);
    for (int k = 0; k < nf; k++)
      memcpy(Af + (size_t)k * rows, A + (size_t)c->idx[k] * rows, (size_t)rows * sizeof *Af);
    if (LAPACKE_dgelsd(LAPACK_COL_MAJOR, rows, nf, 1, Af, rows, b, ldb, s, 1e-12, &rank) != 0)
      rank = -1;
  }
  free(A);
  free(Af);
  free(s);
  return (int)rank;
}

/* step (n) ← the minimum-norm x over the free coordinates (W) with Φq x = b (rows, in c->b):
 * the sparse Schur complement when it is full rank, else the dense SVD. Returns 0, or −1. */
static int min_norm_step(cs_consistent *c, int nf)
{
  memset(c->step, 0, (size_t)c->n * sizeof *c->step);
  cs_schur_factor(c->S, &c->J, c->W, 0);
  if (cs_schur_min_ratio(c->S) >= RANK_RATIO) {
    cs_schur_correct(c->S, &c->J, c->W, c->b, c->step);
    return 0;
  }
  if (dense_min_norm(c, nf, c->b) < 0)
    return -1;
  for (int k = 0; k < nf; k++)
    c->step[c->idx[k]] = c->b[k];
  return 0;
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
static void damped_step(cs_consistent *c, double t, double *q, double res)
{
  const double MAX_TURN = 0.5, *step = c->step;
  const int n = c->n;
  double alpha = 1.0;
  for (int i = 2; i < n; i += 3)
    if (fabs(step[i]) * alpha > MAX_TURN)
      alpha = MAX_TURN / fabs(step[i]);
  for (int tries = 0; tries < 30; tries++, alpha *= 0.5) {
    for (int i = 0; i < n; i++)
      q[i] += alpha * step[i];
    cs_constraints(c->m, q, t, c->b, NULL, NULL, NULL);
    if (max_abs(c->b, c->rows, NULL) < res)
      return;
    for (int i = 0; i < n; i++)
      q[i] -= alpha * step[i];
  }
  for (int i = 0; i < n; i++) /* no descent found: take the full step and let the count end */
    q[i] += step[i];
}

cs_status cs_assemble_positions(cs_consistent *c, double t, double *q, cs_error *err)
{
  const cs_model *m = c->m;
  const int n = c->n, rows = c->rows;
  if (rows == 0)
    return CS_OK;
  cs_constraints(m, q, t, NULL, &c->J, NULL, NULL);
  int nf = free_coordinates(c), worst = 0, it;
  double scale = 1.0 + max_abs(q, n, NULL), res = INFINITY;
  for (it = 0; it <= NEWTON_ITERATIONS; it++) {
    cs_constraints(m, q, t, c->b, &c->J, NULL, NULL);
    res = max_abs(c->b, rows, &worst);
    if (!isfinite(res) || res <= 1e-12 * scale || it == NEWTON_ITERATIONS)
      break;
    for (int r = 0; r < rows; r++)
      c->b[r] = -c->b[r];
    if (min_norm_step(c, nf)) {
      res = INFINITY;
      break;
    }
    damped_step(c, t, q, res);
  }
  if (!(res <= 1e-12 * scale)) {
    const cs_joint *j = &m->joints[cs_row_joint(m, worst)];
    return cs_fail(err, CS_ERR_ASSEMBLY,
                   "%s: joint \"%s\" (%s between \"%s\" and \"%s\") cannot close: constraint "
                   "residual %.3g after %d Newton iterations on the unlocked coordinates",
                   m->origin ? m->origin : "model", j->name, cs_joint_kind_name(j->kind),
                   body_name(m, j, 0), body_name(m, j, 1), res, it);
  }
  return CS_OK;
}

/* r = Φq v + Φt (rows), Φq in c->J, Φt in c->phit. */
static void velocity_residual(cs_consistent *c, const double *v, double *r)
{
  cs_jac_mul(&c->J, v, r);
  for (int i = 0; i < c->rows; i++)
    r[i] += c->phit[i];
}

cs_status cs_assemble_velocities(cs_consistent *c, const double *q, double t, double *v,
                                 cs_error *err)
{
  const cs_model *m = c->m;
  const int n = c->n, rows = c->rows;
  if (rows == 0)
    return CS_OK;
  cs_constraints(m, q, t, NULL, &c->J, c->phit, NULL);
  velocity_residual(c, v, c->b);
  for (int r = 0; r < rows; r++)
    c->b[r] = -c->b[r];
  int nf = free_coordinates(c), worst = 0;
  if (min_norm_step(c, nf))
    return cs_fail(err, CS_ERR_ASSEMBLY, "%s: initial velocities cannot be made consistent",
                   m->origin ? m->origin : "model");
  for (int i = 0; i < n; i++)
    v[i] += c->step[i];
  /* Redundant rows are solved in the least-squares sense: check they really close. */
  velocity_residual(c, v, c->b);
  double res = max_abs(c->b, rows, &worst), scale = 1.0 + max_abs(v, n, NULL);
  if (!(res <= 1e-10 * scale)) {
    const cs_joint *j = &m->joints[cs_row_joint(m, worst)];
    return cs_fail(err, CS_ERR_ASSEMBLY,
                   "%s: %s \"%s\" (%s between \"%s\" and \"%s\"): the velocities cannot satisfy "
                   "it with the others, residual |Φq v + Φt| = %.3g",
                   m->origin ? m->origin : "model", cs_joint_is_driver(j) ? "driver" : "joint",
                   j->name, cs_joint_kind_name(j->kind), body_name(m, j, 0), body_name(m, j, 1),
                   res);
  }
  return CS_OK;
}

/* K = [M/μ Φqᵀ; Φq 0] (N × N, zeroed first) and rhs = [Q/μ; γ], whose solution is (a, λ/μ);
 * returns μ, the largest mass: the LU's pivot ratio and the SVD's truncation are relative, and
 * with M unscaled masses of 1e±20 kg made Φq look null (a false "zero inertia"). */
static double augmented(cs_consistent *c, const double *q, const double *v, double t,
                        const double *Q, double *K, double *rhs)
{
  const cs_model *m = c->m;
  int n = c->n, rows = c->rows, N = n + rows;
  double mu = 0.0;
  memset(K, 0, (size_t)N * N * sizeof *K);
  cs_mass_diagonal(m, rhs);
  for (int i = 0; i < n; i++)
    mu = fmax(mu, rhs[i]);
  mu = mu > 0.0 ? mu : 1.0;
  for (int i = 0; i < n; i++)
    K[i + (size_t)i * N] = rhs[i] / mu;
  for (int i = 0; i < n; i++)
    rhs[i] = Q[i] / mu;
  cs_constraints_and_gamma(m, q, v, t, &c->J, rhs + n);
  /* Φq lower left, Φqᵀ upper right */
  cs_jac_scatter(&c->J, &(cs_acc){.dense = K + n, .ld = N},
                 &(cs_acc){.dense = K + (size_t)n * N, .ld = N});
  return mu;
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

/* The dense route: LU of the augmented matrix, or its SVD when that is singular. */
static cs_status dense_accelerations(cs_consistent *c, const double *q, const double *v,
                                     double t, const double *Q, double *a, double *lambda,
                                     cs_error *err)
{
  const cs_model *m = c->m;
  int n = c->n, rows = c->rows, N = n + rows;
  double *K = malloc((size_t)N * N * sizeof *K), *rhs = malloc((size_t)N * sizeof *rhs),
         *work = malloc((size_t)(2 * N) * sizeof *work), ratio = 0.0;
  lapack_int *piv = malloc((size_t)2 * N * sizeof *piv);
  cs_status st = CS_OK;
  if (!K || !rhs || !work || !piv) {
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory solving for accelerations");
    goto done;
  }
  double mu = augmented(c, q, v, t, Q, K, rhs);
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
    augmented(c, q, v, t, Q, K, rhs);
    if (svd_solve(n, N, K, rhs, work)) {
      st = cs_fail(err, CS_ERR_ASSEMBLY,
                   "%s: the accelerations are not unique: a body with zero inertia whose "
                   "rotation no joint constrains",
                   m->origin ? m->origin : "model");
      goto done;
    }
  }
  memcpy(a, rhs, (size_t)n * sizeof *a);
  for (int i = 0; lambda && i < rows; i++)
    lambda[i] = mu * rhs[n + i];
done:
  free(K);
  free(rhs);
  free(work);
  free(piv);
  return st;
}

cs_status cs_solve_accelerations(cs_consistent *c, const double *q, const double *v, double t,
                                 const double *Q, double *a, double *lambda, cs_error *err)
{
  if (c->definite) {
    double *gamma = c->b, *lam = c->phit;
    cs_constraints_and_gamma(c->m, q, v, t, &c->J, gamma);
    cs_schur_accelerations(c->S, &c->J, c->Minv, Q, gamma, 0, a, lam);
    if (cs_schur_min_ratio(c->S) >= RANK_RATIO) {
      if (lambda && c->rows)
        memcpy(lambda, lam, (size_t)c->rows * sizeof *lambda);
      return CS_OK;
    }
  }
  return dense_accelerations(c, q, v, t, Q, a, lambda, err);
}

const cs_jac *cs_consistent_jacobian(const cs_consistent *c) { return &c->J; }

int cs_consistent_rank(cs_consistent *c, const double *q, double t)
{
  for (int i = 0; i < c->n; i++)
    c->W[i] = 1.0;
  cs_constraints(c->m, q, t, NULL, &c->J, NULL, NULL);
  cs_schur_factor(c->S, &c->J, c->W, 0);
  if (cs_schur_min_ratio(c->S) >= RANK_RATIO)
    return c->rows;
  return cs_constraint_rank(c->m, q, t);
}

/* m with the ideal counterparts (cs_clearance_ideal) of the clearance joints whose start asks
 * for them appended to its joints (centred positions: `velocity` 0; ideal velocities: 1),
 * built at the poses q: a copy sharing m's arrays but its joints. NULL when out of memory;
 * *added: how many. */
static cs_model *start_model(const cs_model *m, const double *q, int velocity, int *added)
{
  cs_model *s = malloc(sizeof *s);
  cs_joint *joints = malloc(((size_t)m->njoint + (size_t)m->nclearance + 1) * sizeof *joints);
  if (!s || !joints) {
    free(s);
    free(joints);
    return NULL;
  }
  *s = *m;
  memcpy(joints, m->joints, (size_t)m->njoint * sizeof *joints);
  s->joints = joints;
  *added = 0;
  for (int k = 0; k < m->nclearance; k++) {
    const cs_clearance *cl = &m->clearances[k];
    cs_joint *j = &joints[s->njoint];
    if (!(velocity ? cl->start.ideal_velocity : cl->start.centred) ||
        cs_clearance_ideal(cl, cs_body_pose(m, q, cl->body[0]), cs_body_pose(m, q, cl->body[1]),
                           cl->start.centred, j))
      continue;
    j->row0 = s->nrow, j->nrows = cs_joint_rows(j->kind);
    s->nrow += j->nrows, s->njoint++, (*added)++;
  }
  return s;
}

/* Positions (velocity 0) or velocities (1) assembled on the model's rows and its clearance
 * joints' ideal counterparts that their start asks for. */
static cs_status assemble_as_ideal(cs_consistent *c, double t, double *q, double *v, int velocity,
                                   cs_error *err)
{
  int added = 0;
  cs_model *s = start_model(c->m, q, velocity, &added);
  if (!s)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  cs_consistent *sc = added ? cs_consistent_create(s) : c;
  cs_status st = CS_ERR_MEMORY;
  if (!sc)
    cs_fail(err, st, "out of memory");
  else
    st = velocity ? cs_assemble_velocities(sc, q, t, v, err) : cs_assemble_positions(sc, t, q, err);
  if (st == CS_ERR_ASSEMBLY && added && err) { /* the ideal start may be what cannot close */
    size_t len = strlen(err->message);
    snprintf(err->message + len, sizeof err->message - len,
             " (with the ideal %s of the clearance joints that start so: \"start\": \"given\" "
             "on a clearance joint keeps its given %s)", velocity ? "velocities" : "positions",
             velocity ? "velocities" : "positions");
  }
  if (sc != c)
    cs_consistent_free(sc);
  free(s->joints);
  free(s);
  return st;
}

cs_status cs_assemble_start(cs_consistent *c, double t, double *q, double *v, cs_error *err)
{
  cs_status st = assemble_as_ideal(c, t, q, v, 0, err);
  return st ? st : assemble_as_ideal(c, t, q, v, 1, err);
}
