/* cs_consistent.c — consistent positions, velocities, accelerations and multipliers. */
#include "cs_consistent.h"
#include "cs_assembly.h"
#include "cs_diagnose.h"
#include "cs_status.h"
#include "cs_linsol.h"
#include "cs_schur.h"
#include "cs_clearance.h"

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
  cs_frame *frame; /* the bodies' frames at the state (cs_frames) */
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
  c->frame = malloc(((size_t)m->nbody + 1) * sizeof *c->frame);
  if (!c->W || !c->b || !c->idx || !c->frame || cs_jac_init(&c->J, m) ||
      !(c->S = cs_schur_create(&c->J, 0))) {
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
  free(c->frame);
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

/* Newton on Φ = 0 to 1e-12 of the coordinates' size, then up to `polish` more iterations
 * while they halve the residual (to round-off: a resting pin's δ = 0). */
static cs_status newton_positions(cs_consistent *c, double t, double *q, int polish,
                                  cs_error *err)
{
  const cs_model *m = c->m;
  const int n = c->n, rows = c->rows;
  if (rows == 0)
    return CS_OK;
  cs_constraints(m, q, t, NULL, &c->J, NULL, NULL);
  int nf = free_coordinates(c), worst = 0, it;
  double scale = 1.0 + max_abs(q, n, NULL), res = INFINITY, before = INFINITY;
  for (it = 0; it <= NEWTON_ITERATIONS; it++, before = res) {
    cs_constraints(m, q, t, c->b, &c->J, NULL, NULL);
    res = max_abs(c->b, rows, &worst);
    if (!isfinite(res) || it == NEWTON_ITERATIONS ||
        (res <= 1e-12 * scale && (polish-- <= 0 || res == 0.0 || res >= 0.5 * before)))
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

cs_status cs_assemble_positions(cs_consistent *c, double t, double *q, cs_error *err)
{
  return newton_positions(c, t, q, 0, err);
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
  cs_frames(m, q, c->frame);
  cs_constraints_and_gamma(m, c->frame, v, t, &c->J, rhs + n);
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
    cs_frames(c->m, q, c->frame);
    cs_constraints_and_gamma(c->m, c->frame, v, t, &c->J, gamma);
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

/* The passes of the start (cs_assemble_start): positions with the pins centred that start so
 * or resting, the ideal mechanism's loads there, positions with the resting pins on their wall,
 * then velocities. */
typedef enum { PASS_CENTRE, PASS_LOAD, PASS_REST, PASS_VELOCITY } start_pass;

/* Whether the pass holds clearance joint cl by its ideal counterpart, and whether centred. */
static int start_joins(const cs_clearance *cl, start_pass pass, int *centred)
{
  int pos = cl->start.position;
  *centred = pass == PASS_VELOCITY ? pos == CS_START_CENTRED : pos != CS_START_GIVEN;
  switch (pass) {
  case PASS_CENTRE: return pos != CS_START_GIVEN;
  case PASS_LOAD: return 1; /* the ideal mechanism: every clearance joint that has one */
  case PASS_REST: return pos != CS_START_GIVEN;
  default: return cl->start.ideal_velocity;
  }
}

/* m with the ideal counterparts (cs_clearance_ideal) of the clearance joints the pass holds
 * appended to its joints, built at the poses q, a resting pin's hole centre moved by its
 * eccentricity ecc[2 k] (the hole body's frame; PASS_REST): a copy sharing m's arrays but its
 * joints. row0[k]: the first row of clearance joint k's, or −1. NULL when out of memory;
 * *added: how many. */
static cs_model *start_model(const cs_model *m, const double *q, start_pass pass,
                             const double *ecc, int *row0, int *added)
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
    int centred;
    row0[k] = -1;
    if (!start_joins(cl, pass, &centred) ||
        cs_clearance_ideal(cl, cs_body_pose(m, q, cl->body[0]), cs_body_pose(m, q, cl->body[1]),
                           centred, j))
      continue;
    if (pass == PASS_REST && cl->start.position == CS_START_RESTING)
      j->point[0][0] += ecc[2 * k], j->point[0][1] += ecc[2 * k + 1];
    j->row0 = row0[k] = s->nrow, j->nrows = cs_joint_rows(j->kind);
    s->nrow += j->nrows, s->njoint++, (*added)++;
  }
  return s;
}

/* A start model's consistent work space, or c when the pass adds nothing. */
typedef struct start_work {
  cs_model *s;
  cs_consistent *sc;
  int *row0, added;
} start_work;

static cs_status start_open(cs_consistent *c, const double *q, start_pass pass,
                            const double *ecc, start_work *w, cs_error *err)
{
  *w = (start_work){0};
  w->row0 = malloc(((size_t)c->m->nclearance + 1) * sizeof *w->row0);
  w->s = w->row0 ? start_model(c->m, q, pass, ecc, w->row0, &w->added) : NULL;
  w->sc = !w->s ? NULL : w->added ? cs_consistent_create(w->s) : c;
  return w->sc ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "out of memory");
}

static void start_close(cs_consistent *c, start_work *w)
{
  if (w->sc != c)
    cs_consistent_free(w->sc);
  if (w->s)
    free(w->s->joints);
  free(w->s);
  free(w->row0);
}

/* Positions (PASS_CENTRE, PASS_REST) or velocities (PASS_VELOCITY) assembled on the model's
 * rows and the ideal counterparts the pass holds. */
static cs_status assemble_as_ideal(cs_consistent *c, double t, double *q, double *v,
                                   start_pass pass, const double *ecc, cs_error *err)
{
  start_work w;
  int velocity = pass == PASS_VELOCITY;
  cs_status st = start_open(c, q, pass, ecc, &w, err);
  if (!st)
    st = velocity ? cs_assemble_velocities(w.sc, q, t, v, err)
                  : newton_positions(w.sc, t, q, pass == PASS_REST ? 3 : 0, err);
  if (st == CS_ERR_ASSEMBLY && w.added && err) { /* the ideal start may be what cannot close */
    size_t len = strlen(err->message);
    snprintf(err->message + len, sizeof err->message - len,
             " (with the ideal %s of the clearance joints that start so: \"start\": \"given\" "
             "on a clearance joint keeps its given %s)", velocity ? "velocities" : "positions",
             velocity ? "velocities" : "positions");
  }
  start_close(c, &w);
  return st;
}

/* The force F (global) the hole body exerts on the pin through the ideal revolute on rows
 * row0, row0 + 1 with multipliers λ: M a = Q − Φqᵀ λ, read on the pin body's x, y (the hole
 * body's, reversed, when the pin body is the ground). */
static void pin_reaction(const cs_model *m, const cs_clearance *cl, const cs_jac *J,
                         const double *lambda, int row0, double F[2])
{
  int side = m->bodies[cl->body[1]].ground ? 0 : 3;
  double sign = side ? -1.0 : 1.0;
  F[0] = F[1] = 0.0;
  for (int r = row0; r < row0 + 2; r++)
    for (int k = 0; k < 2; k++)
      F[k] += sign * lambda[r] * J->val[CS_JAC_WIDTH * r + side + k];
}

/* ecc (2 per clearance joint): each resting pin's eccentricity in its hole body's frame, c
 * against the reaction F on the pin of the ideal mechanism at (q, v, t) under the model's
 * applied loads (every clearance joint held ideal, no contact forces). Fails naming the
 * joint where F is nil against the mechanism's force scale. */
static cs_status resting_eccentricities(cs_consistent *c, double t, const double *q,
                                        const double *v, double *ecc, cs_error *err)
{
  const cs_model *m = c->m;
  start_work w;
  cs_status st = start_open(c, q, PASS_LOAD, NULL, &w, err);
  int n = m->ncoord, rows = w.s ? w.s->nrow : 0;
  double *Q = malloc(((size_t)2 * n + (size_t)rows + 1) * sizeof *Q), *a = Q + n,
         *lambda = a + n, scale = 0.0;
  if (!st && !Q)
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (!st) {
    cs_forces(m, q, v, t, Q, NULL, NULL, 0.0);
    st = cs_solve_accelerations(w.sc, q, v, t, Q, a, lambda, err);
  }
  for (int i = 0; !st && i < n + rows; i++) /* the loads, inertial forces and reactions */
    scale = fmax(scale, i < n ? fabs(Q[i]) + (c->Minv[i] > 0.0 ? fabs(a[i]) / c->Minv[i] : 0.0)
                              : fabs(lambda[i - n]));
  for (int k = 0; !st && k < m->nclearance; k++) {
    const cs_clearance *cl = &m->clearances[k];
    if (cl->start.position != CS_START_RESTING)
      continue;
    double F[2], size = cs_model_clearance_size(m, k), Fn;
    pin_reaction(w.s, cl, cs_consistent_jacobian(w.sc), lambda, w.row0[k], F);
    Fn = hypot(F[0], F[1]);
    if (!(Fn > 1e-10 * scale)) {
      st = cs_fail(err, CS_ERR_ASSEMBLY,
                   "%s: clearance joint \"%s\" (/clearance_joints/%d) starts resting, but its ideal joint carries no "
                   "load at t = %g (reaction %.3g N): there is no load to rest under; start it "
                   "\"centred\" or \"given\"", m->origin ? m->origin : "model", cl->name, k, t, Fn);
      break;
    }
    const double th = cs_body_pose(m, q, cl->body[0])[2], ex = -size * F[0] / Fn,
                 ey = -size * F[1] / Fn;
    ecc[2 * k] = cos(th) * ex + sin(th) * ey, ecc[2 * k + 1] = -sin(th) * ex + cos(th) * ey;
  }
  free(Q);
  start_close(c, &w);
  return st;
}

static int any_resting(const cs_model *m)
{
  for (int k = 0; k < m->nclearance; k++)
    if (m->clearances[k].start.position == CS_START_RESTING)
      return 1;
  return 0;
}

cs_status cs_assemble_start(cs_consistent *c, double t, double *q, double *v, cs_error *err)
{
  cs_status st = assemble_as_ideal(c, t, q, v, PASS_CENTRE, NULL, err);
  if (st || !any_resting(c->m))
    return st ? st : assemble_as_ideal(c, t, q, v, PASS_VELOCITY, NULL, err);
  /* resting: the ideal (centred) mechanism's reaction at t0 says which way each pin rests */
  double *ecc = calloc(2 * (size_t)c->m->nclearance, sizeof *ecc);
  if (!ecc)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  st = assemble_as_ideal(c, t, q, v, PASS_VELOCITY, NULL, err);
  if (!st)
    st = resting_eccentricities(c, t, q, v, ecc, err);
  if (!st)
    st = assemble_as_ideal(c, t, q, v, PASS_REST, ecc, err);
  free(ecc);
  return st ? st : assemble_as_ideal(c, t, q, v, PASS_VELOCITY, NULL, err);
}
