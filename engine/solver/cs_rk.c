/*
 * cs_rk.c — explicit embedded Runge-Kutta steps with error control, exact steps to roots and
 * output instants, Hermite root location, projection after each step (cs_rk.h).
 */
#include "cs_rk.h"
#include "cs_dop853.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DOP853: 8th order, 12 stages, the step's error from its 5th-order estimator. At equal
 * accuracy on the clearance slider-crank it took 19–32 % fewer evaluations than Verner 6(5)
 * (tools/bench/floor-ratio). dop853.f's estimate, combined with the 3rd-order one, shrinks where
 * the low orders' error is large, as in a step from a contact onset: an elastic rattle kept its
 * energy to 1.6e-5 at rtol 1e-9 with it, to 2e-7 with the 5th-order estimate alone
 * (tests/unit/joints/test_clearance.c). Fehlberg 7(8)'s estimate, from four stages, passed steps
 * across the δ^1.5 onset of contact off by 1e-6.
 * Its 12 stages, the dense output's three more (cs_dop853.h), the stage at c = 1 (beside f at
 * the step's end for the stiffness estimate), the order of its error estimate (steps change as
 * err^(−1/6)). */
enum { STAGES = 12, DENSE_STAGES = 16, STAGE_ONE = 11, ORDER = 5 };
/* Step-size controller: safety factor and bounds of the change per step. */
static const double SAFETY = 0.9, GROW_MAX = 5.0, SHRINK_MIN = 0.2;
/* A failed step may shrink much more than an accepted one grows: its error says by how much.
 * From a restart at a contact onset the error was 1e17 of the tolerance, and the floor 0.2 took
 * seven attempts (measured: 382 → 276 failures over two turns at 5000 r/min). */
static const double SHRINK_FAIL = 1e-3;
/* An accepted step whose h ρ(J) reaches this share of the stability boundary was held there by
 * stability, not accuracy: the error control settles steps on a stiff component near the
 * boundary (Hairer & Wanner, Solving ODEs II, IV.2). The boundary is the real axis' (6.39).
 * A contact's stiff pair is a lightly damped oscillation, near the imaginary axis, where the
 * 5th-order error estimate grows sooner: the resting sphere's steps settled between 0.6 and
 * 0.7 of 6.39 (models/sphere_in_cylinder.json, 34,490 of 59,936 steps). Contacts held by
 * accuracy sit far below: the clearance slider-crank's below 0.3. */
static const double STIFF_SHARE = 0.6;
/* The dense output's own stability ends sooner than the step's: past this share of the
 * boundary its rows are exact steps (cs_rk_dense_trusted; engine/solver/README.md). */
static const double DENSE_SHARE = 0.5;
/* Error-test failures in a row before the step is declared impossible. */
enum { MAX_FAILURES = 60 };

struct cs_rk {
  int n, nq, nroot, second_order;
  double boundary;       /* where the stability region ends on the negative real axis */
  cs_rk_rhs rhs;
  cs_rk_roots roots;
  cs_rk_project project;
  void *user;
  double rtol, hmax, h;
  double hint; /* the first step after the next init, when the caller knows it (0: estimate) */
  double h_largest; /* the largest step proposed since the last init */
  const double *atol, *cap;

  double t, t_prev, h_last;
  double hrho; /* h times the stiffness estimate of the last accepted step */
  double *y, *yq, *f, *fq;              /* current state and f there */
  double *y_prev, *yq_prev, *f_prev, *fq_prev; /* the last step's start */
  double *K, *KQ, *ytmp, *yqtmp, *ynew, *yqnew, *err, *w, *werr, *ystage;
  double *dense;   /* the last step's dense output: 7 coefficients per component (n + nq) */
  int k_for_step;  /* K, KQ hold the stages of the last step [t_prev, t] */
  int dense_ready; /* dense holds that step's coefficients */
  double *g, *g_prev, *g_tmp, *g_end, *g_off;
  const int *support_start, *support; /* what each root reads (cs_rk_set_root_support) */
  int *root_info;
  cs_rk_counters count;
  char failure[256];
};

static double *grab(double **pool, int count)
{
  double *p = *pool;
  *pool += count;
  return p;
}

/* The stability function R(z) = 1 + z bᵀ(I − zA)⁻¹ 1 of the table (explicit: by its stages). */
static double stability(double z)
{
  double Y[32], R = 1.0;
  for (int i = 0; i < STAGES; i++) {
    Y[i] = 1.0;
    for (int j = 0; j < i; j++)
      Y[i] += z * DOP_A[i][j] * Y[j];
    R += z * DOP_B[i] * Y[i];
  }
  return R;
}

/* The first x > 0 where |R(−x)| exceeds 1: an error-controlled step on a stiff component
 * settles just inside it (DOP853: 6.39). */
static double stability_boundary(void)
{
  double x = 0.0;
  while (x < 100.0 && fabs(stability(-(x + 0.01))) <= 1.0)
    x += 0.01;
  return x;
}

cs_rk *cs_rk_create(int n, int nq, int second_order, int nroot, cs_rk_rhs rhs,
                    cs_rk_roots roots, cs_rk_project project, void *user)
{
  cs_rk *rk = calloc(1, sizeof *rk);
  if (!rk)
    return NULL;
  rk->boundary = stability_boundary();
  rk->n = n, rk->nq = nq, rk->nroot = nroot, rk->second_order = second_order && n % 2 == 0;
  rk->rhs = rhs, rk->roots = roots, rk->project = project, rk->user = user;
  rk->rtol = 1e-6;
  rk->hmax = INFINITY;
  const size_t ks = DENSE_STAGES, nd = 7 * ((size_t)n + (size_t)nq);
  size_t total = (size_t)n * (10 + ks) + (size_t)nq * (6 + ks) + 5 * (size_t)nroot + nd;
  double *pool = calloc(total + 1, sizeof(double));
  rk->root_info = calloc((size_t)nroot + 1, sizeof *rk->root_info);
  if (!pool || !rk->root_info) {
    free(pool);
    cs_rk_free(rk);
    return NULL;
  }
  rk->y = pool; /* owns the pool */
  pool += n;
  rk->f = grab(&pool, n), rk->y_prev = grab(&pool, n), rk->f_prev = grab(&pool, n);
  rk->ytmp = grab(&pool, n), rk->ynew = grab(&pool, n), rk->err = grab(&pool, n);
  rk->w = grab(&pool, n), rk->werr = grab(&pool, n), rk->K = grab(&pool, n * DENSE_STAGES);
  rk->ystage = grab(&pool, n);
  rk->yq = grab(&pool, nq), rk->fq = grab(&pool, nq), rk->yq_prev = grab(&pool, nq);
  rk->fq_prev = grab(&pool, nq), rk->yqtmp = grab(&pool, nq), rk->yqnew = grab(&pool, nq);
  rk->KQ = grab(&pool, nq * DENSE_STAGES);
  rk->dense = grab(&pool, (int)nd);
  rk->g = grab(&pool, nroot), rk->g_prev = grab(&pool, nroot), rk->g_tmp = grab(&pool, nroot);
  rk->g_end = grab(&pool, nroot), rk->g_off = grab(&pool, nroot);
  return rk;
}

void cs_rk_free(cs_rk *rk)
{
  if (!rk)
    return;
  free(rk->y);
  free(rk->root_info);
  free(rk);
}

void cs_rk_set_tolerances(cs_rk *rk, double rtol, const double *atol, const double *cap)
{
  rk->rtol = rtol, rk->atol = atol, rk->cap = cap;
}

void cs_rk_set_max_step(cs_rk *rk, double hmax) { rk->hmax = hmax > 0 ? hmax : INFINITY; }
void cs_rk_set_initial_step(cs_rk *rk, double h0) { rk->hint = h0 > 0 ? h0 : 0.0; }
double cs_rk_next_step(const cs_rk *rk) { return rk->h; }
double cs_rk_largest_step(const cs_rk *rk) { return fmax(rk->h_largest, rk->h); }

static void weights(cs_rk *rk, const double *y)
{
  for (int i = 0; i < rk->n; i++) {
    double tol = rk->rtol * fabs(y[i]) + (rk->atol ? rk->atol[i] : 1e-9);
    rk->w[i] = 1.0 / (rk->cap ? fmin(tol, rk->cap[i]) : tol);
  }
}

static double wrms(const cs_rk *rk, const double *x)
{
  double sum = 0.0;
  for (int i = 0; i < rk->n; i++) {
    double e = x[i] * rk->w[i];
    sum += e * e;
  }
  return sqrt(sum / rk->n);
}

static int eval(cs_rk *rk, double t, const double *y, double *f, double *fq)
{
  rk->count.rhs_evals++;
  return rk->rhs(t, y, f, fq, rk->user);
}

/* |Kb − Ka| / |Yb − Ya| (0 when the stages coincide). */
static double stage_ratio(int n, const double *Kb, const double *Ka, const double *Yb,
                          const double *Ya)
{
  double dk = 0.0, dy = 0.0;
  for (int k = 0; k < n; k++) {
    dk += (Kb[k] - Ka[k]) * (Kb[k] - Ka[k]);
    dy += (Yb[k] - Ya[k]) * (Yb[k] - Ya[k]);
  }
  return dy > 0.0 ? sqrt(dk / dy) : 0.0;
}

/* out = base + Σ_t c[t] K_{j[t]} (stride n), the terms added one by one in t's order, as one
 * pass per term would add them (the same value to the bit), but four terms to a pass: the
 * passes, not the products, were the stage sums' cost. out may be base. */
static void add_stages(int n, double *out, const double *base, const double *K, const int *j,
                       const double *c, int count)
{
  const double *src = base;
  int t = 0;
  for (; t + 4 <= count; t += 4, src = out) {
    const double *K0 = K + (size_t)j[t] * n, *K1 = K + (size_t)j[t + 1] * n;
    const double *K2 = K + (size_t)j[t + 2] * n, *K3 = K + (size_t)j[t + 3] * n;
    const double c0 = c[t], c1 = c[t + 1], c2 = c[t + 2], c3 = c[t + 3];
    for (int k = 0; k < n; k++)
      out[k] = src[k] + c0 * K0[k] + c1 * K1[k] + c2 * K2[k] + c3 * K3[k];
  }
  const double *Kt[3];
  for (int r = 0; r < count - t; r++)
    Kt[r] = K + (size_t)j[t + r] * n;
  switch (count - t) {
  case 3:
    for (int k = 0; k < n; k++)
      out[k] = src[k] + c[t] * Kt[0][k] + c[t + 1] * Kt[1][k] + c[t + 2] * Kt[2][k];
    break;
  case 2:
    for (int k = 0; k < n; k++)
      out[k] = src[k] + c[t] * Kt[0][k] + c[t + 1] * Kt[1][k];
    break;
  case 1:
    for (int k = 0; k < n; k++)
      out[k] = src[k] + c[t] * Kt[0][k];
    break;
  default:
    if (src != out)
      memcpy(out, src, (size_t)n * sizeof *out);
  }
}

/* The terms of a row of coefficients h·coef[j], j < count, that are not 0: their stages and
 * values; returns how many. */
static int terms_of(const double *coef, int count, double h, int *j, double *c)
{
  int nt = 0;
  for (int s = 0; s < count; s++)
    if (h * coef[s] != 0.0)
      j[nt] = s, c[nt++] = h * coef[s];
  return nt;
}

/* ytmp = y0 + h Σ_{j<i} a_ij K_j: stage i's input from the stages before it. */
static void stage_input(cs_rk *rk, const double *y0, double h, int i)
{
  int j[DENSE_STAGES];
  double c[DENSE_STAGES];
  add_stages(rk->n, rk->ytmp, y0, rk->K, j, c, terms_of(DOP_A[i], i, h, j, c));
}

/* One step of size h from (t, y, yq) with f there: ynew, yqnew and, when err is non-NULL,
 * the embedded error estimate. Returns the rhs' status. */
static int attempt(cs_rk *rk, double t, const double *y, const double *yq, const double *f,
                   const double *fq, double h, double *ynew, double *yqnew, double *err)
{
  const int n = rk->n, nq = rk->nq;
  rk->k_for_step = rk->dense_ready = 0;
  memcpy(rk->K, f, (size_t)n * sizeof *f);
  memcpy(rk->KQ, fq, (size_t)nq * sizeof *fq);
  for (int i = 1; i < STAGES; i++) {
    stage_input(rk, y, h, i);
    if (i == STAGE_ONE)
      memcpy(rk->ystage, rk->ytmp, (size_t)n * sizeof *rk->ytmp);
    int st = eval(rk, t + DOP_C[i] * h, rk->ytmp, rk->K + (size_t)i * n, rk->KQ + (size_t)i * nq);
    if (st)
      return st;
  }
  int j[STAGES];
  double c[STAGES];
  int nb = terms_of(DOP_B, STAGES, h, j, c);
  add_stages(n, ynew, y, rk->K, j, c, nb);
  add_stages(nq, yqnew, yq, rk->KQ, j, c, nb);
  if (err) {
    memset(err, 0, (size_t)n * sizeof *err);
    add_stages(n, err, err, rk->K, j, c, terms_of(DOP_E5, STAGES, h, j, c));
  }
  return 0;
}

/* h ρ(J) of the step just accepted, from its stage at c = 1 and f at its end, both at its end
 * time: ΔK ≈ J ΔY, so h |ΔK| / |ΔY| ≈ h ρ(J) (dop853.f's test). */
static void stiffness(cs_rk *rk, double h)
{
  const double *K_one = rk->K + (size_t)STAGE_ONE * rk->n;
  rk->hrho = h * stage_ratio(rk->n, rk->f, K_one, rk->y, rk->ystage);
}

/* Project (when the caller asked for it) and evaluate f and g at the current state. */
static int settle_state(cs_rk *rk)
{
  if (rk->project && rk->project(rk->t, rk->y, rk->user) < 0) {
    snprintf(rk->failure, sizeof rk->failure,
             "the state could not be brought back onto the constraints");
    return -1;
  }
  int st = eval(rk, rk->t, rk->y, rk->f, rk->fq);
  if (st) {
    snprintf(rk->failure, sizeof rk->failure, "the right-hand side failed at the step's end");
    return -1;
  }
  if (rk->nroot)
    rk->roots(rk->t, rk->y, -1, rk->g, rk->user);
  return 0;
}

/* Hairer and Wanner's starting step (Solving ODEs I, II.4): one Euler probe. */
static double initial_step(cs_rk *rk)
{
  weights(rk, rk->y);
  double d0 = wrms(rk, rk->y), d1 = wrms(rk, rk->f);
  double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
  h0 = fmin(h0, rk->hmax);
  for (int k = 0; k < rk->n; k++)
    rk->ytmp[k] = rk->y[k] + h0 * rk->f[k];
  if (eval(rk, rk->t + h0, rk->ytmp, rk->ynew, rk->yqnew))
    return h0 * 1e-3;
  for (int k = 0; k < rk->n; k++)
    rk->err[k] = (rk->ynew[k] - rk->f[k]) / h0;
  double d2 = wrms(rk, rk->err), dm = fmax(d1, d2);
  double h1 = dm <= 1e-15 ? fmax(1e-6, 1e-3 * h0) : pow(0.01 / dm, 1.0 / (ORDER + 1));
  return fmin(fmin(100.0 * h0, h1), rk->hmax);
}

int cs_rk_init(cs_rk *rk, double t, const double *y, const double *yq)
{
  rk->t = rk->t_prev = t;
  memcpy(rk->y, y, (size_t)rk->n * sizeof *y);
  memcpy(rk->yq, yq, (size_t)rk->nq * sizeof *yq);
  int st = eval(rk, t, rk->y, rk->f, rk->fq);
  if (st)
    return st;
  if (rk->nroot)
    rk->roots(t, rk->y, -1, rk->g, rk->user);
  memcpy(rk->y_prev, rk->y, (size_t)rk->n * sizeof *y);
  memcpy(rk->yq_prev, rk->yq, (size_t)rk->nq * sizeof *yq);
  memcpy(rk->f_prev, rk->f, (size_t)rk->n * sizeof *y);
  memcpy(rk->fq_prev, rk->fq, (size_t)rk->nq * sizeof *yq);
  rk->h_largest = 0.0;
  if (rk->hint > 0.0) { /* the caller's knowledge beats an estimate from one Euler probe */
    rk->h = fmin(rk->hint, rk->hmax);
    rk->hint = 0.0;
    return 0;
  }
  /* a restart is where the force law changed: start again from a step the new state's
   * own derivatives allow */
  double h0 = initial_step(rk);
  rk->h = rk->h > 0.0 ? fmin(rk->h, h0) : h0;
  return 0;
}

/* Hermite interpolant of the last step at t into out (n). */
/* The interpolant's weights at t: quintic Hermite (y, y', y'' at both ends) for the first
 * half of a second-order system, cubic Hermite (y, y') for the rest. */
typedef struct {
  int half;
  double c[4], p[6];
} hermite;

static hermite weights_at(const cs_rk *rk, double t)
{
  const double h = rk->t - rk->t_prev, th = h > 0 ? (t - rk->t_prev) / h : 1.0;
  const double t2 = th * th, t3 = t2 * th, t4 = t3 * th, t5 = t4 * th;
  hermite w = {rk->second_order ? rk->n / 2 : 0,
               {2 * t3 - 3 * t2 + 1, h * (t3 - 2 * t2 + th), -2 * t3 + 3 * t2, h * (t3 - t2)},
               {1 - 10 * t3 + 15 * t4 - 6 * t5, h * (th - 6 * t3 + 8 * t4 - 3 * t5),
                h * h * (0.5 * t2 - 1.5 * t3 + 1.5 * t4 - 0.5 * t5), 10 * t3 - 15 * t4 + 6 * t5,
                h * (-4 * t3 + 7 * t4 - 3 * t5), h * h * (0.5 * t3 - t4 + 0.5 * t5)}};
  return w;
}

static double component(const cs_rk *rk, const hermite *w, int k)
{
  if (k < w->half) {
    const double *p = w->p;
    return p[0] * rk->y_prev[k] + p[1] * rk->f_prev[k] + p[2] * rk->f_prev[w->half + k] +
           p[3] * rk->y[k] + p[4] * rk->f[k] + p[5] * rk->f[w->half + k];
  }
  const double *c = w->c;
  return c[0] * rk->y_prev[k] + c[1] * rk->f_prev[k] + c[2] * rk->y[k] + c[3] * rk->f[k];
}

void cs_rk_interpolate(const cs_rk *rk, double t, double *out)
{
  hermite w = weights_at(rk, t);
  for (int k = 0; k < rk->n; k++)
    out[k] = component(rk, &w, k);
}

void cs_rk_interpolate_some(const cs_rk *rk, double t, const int *idx, int count, double *out)
{
  hermite w = weights_at(rk, t);
  for (int i = 0; i < count; i++)
    out[idx[i]] = component(rk, &w, idx[i]);
}

static double dense_value(double y0, const double *q, double th);

static int crossed(double before, double after)
{
  return before != 0.0 && (after == 0.0 || (before < 0.0) != (after < 0.0));
}

void cs_rk_set_root_support(cs_rk *rk, const int *start, const int *idx)
{
  rk->support_start = start, rk->support = idx;
}

/* Root i at t on the dense output of the step [t_prev, t_end] (held while exact steps to its
 * root replace its end), of what the root reads. */
static double root_at(cs_rk *rk, double t_end, double t, int i)
{
  const int *idx = rk->support ? rk->support + rk->support_start[i] : NULL;
  const int count = idx ? rk->support_start[i + 1] - rk->support_start[i] : rk->n;
  const double th = (t - rk->t_prev) / (t_end - rk->t_prev);
  for (int k = 0; k < count; k++) {
    const int e = idx ? idx[k] : k;
    rk->ytmp[e] = dense_value(rk->y_prev[e], rk->dense + 7 * e, th);
  }
  rk->roots(t, rk->ytmp, i, rk->g_tmp, rk->user);
  return rk->g_tmp[i];
}

/* The earliest time in (lo, hi] where a root that crossed over the step [t_prev, t_end]
 * (g_prev to g_end) and not yet at lo (glo) crosses, on the dense output plus off[i]
 * (Illinois, bracketed); returns the bracket's upper end, where the crossing has happened, or
 * hi when none crosses there. */
static double earliest_root(cs_rk *rk, double t_end, double lo0, const double *glo0, double hi0,
                            const double *g_end, const double *off)
{
  double t_first = hi0;
  const double tol = 4.0 * DBL_EPSILON * fmax(fabs(hi0), fabs(hi0 - rk->t_prev));
  for (int i = 0; i < rk->nroot; i++) {
    if (!crossed(rk->g_prev[i], g_end[i]) || crossed(rk->g_prev[i], glo0[i]))
      continue;
    const double shift = off ? off[i] : 0.0;
    double lo = lo0, hi = t_first, glo = glo0[i], ghi = root_at(rk, t_end, hi, i) + shift;
    if (!crossed(glo, ghi))
      continue; /* crosses only after an earlier root: that one comes first */
    int side = 0;
    for (int it = 0; it < 200 && hi - lo > tol; it++) {
      double a = fabs(glo), b = fabs(ghi);
      double mid = lo + (hi - lo) * (a / (a + b));
      if (!(mid > lo && mid < hi) || it % 8 == 7)
        mid = 0.5 * (lo + hi); /* guard the regula falsi from creeping */
      double gm = root_at(rk, t_end, mid, i) + shift;
      if (crossed(glo, gm)) {
        hi = mid, ghi = gm;
        if (side == 1)
          glo *= 0.5; /* Illinois: the stale end counts for less */
        side = 1;
      } else {
        lo = mid, glo = gm != 0.0 ? gm : glo;
        if (side == -1)
          ghi *= 0.5;
        side = -1;
      }
    }
    t_first = fmin(t_first, hi);
  }
  return t_first;
}

/* The earliest time in the last step where a root crosses, on its dense output. */
static double locate_root(cs_rk *rk)
{
  return earliest_root(rk, rk->t, rk->t_prev, rk->g_prev, rk->t, rk->g, NULL);
}

static int any_crossed(const cs_rk *rk)
{
  for (int i = 0; i < rk->nroot; i++)
    if (crossed(rk->g_prev[i], rk->g[i]))
      return 1;
  return 0;
}

/* Replace the last step's end by an exact step to the root located at t_root; which roots
 * crossed there. The exact solution's root is not the interpolant's: they differ by the
 * method's local error (1e-12 s measured at rtol 3e-9), and round-off decides the side. An
 * exact step that has not crossed yet measures that difference, g exact minus g
 * interpolated at its end; the next exact step goes to the interpolant's root shifted by it,
 * plus round-offs doubling each time, so that it crosses (at worst back at the step's own
 * end). The correction is overshot by OVERSHOOT of itself: it removes all but about 1e-4 of
 * the difference, and the next step must cross, not land a round-off short (clearance
 * slider-crank, 5000 r/min, rtol 3e-8: 2.25 exact steps per event, 2.4 without the overshoot;
 * the secant towards the step's end took 6). */
static const double OVERSHOOT = 0.01;
static int dense_build(cs_rk *rk);
static int exact_steps_to(cs_rk *rk, double t_root)
{
  const double t_end = rk->t, tol = 4.0 * DBL_EPSILON * fmax(fabs(t_end), t_end - rk->t_prev);
  double push = tol;
  memcpy(rk->g_end, rk->g, (size_t)rk->nroot * sizeof *rk->g); /* g at the step's end */
  for (double t_try = t_root; t_try < t_end;) {
    int st = attempt(rk, rk->t_prev, rk->y_prev, rk->yq_prev, rk->f_prev, rk->fq_prev,
                     t_try - rk->t_prev, rk->y, rk->yq, NULL);
    if (st) {
      snprintf(rk->failure, sizeof rk->failure, "the right-hand side failed stepping to a root");
      return -1;
    }
    rk->t = t_try;
    rk->k_for_step = 1;
    if (settle_state(rk))
      return -1;
    if (any_crossed(rk))
      break;
    for (int i = 0; i < rk->nroot; i++)
      rk->g_off[i] = crossed(rk->g_prev[i], rk->g_end[i]) ? rk->g[i] - root_at(rk, t_end, t_try, i)
                                                          : 0.0;
    double ahead = earliest_root(rk, t_end, t_try, rk->g, t_end, rk->g_end, rk->g_off);
    t_try = fmin(t_end, t_try + (1.0 + OVERSHOOT) * fmax(ahead - t_try, 0.0) + push);
    push *= 2.0;
    if (t_try >= t_end) { /* the step's own end, recomputed exactly */
      st = attempt(rk, rk->t_prev, rk->y_prev, rk->yq_prev, rk->f_prev, rk->fq_prev,
                   t_end - rk->t_prev, rk->y, rk->yq, NULL);
      rk->t = t_end;
      rk->k_for_step = 1;
      if (st || settle_state(rk))
        return -1;
    }
  }
  return 0;
}

/* A root the exact step crossed that the step it shortened did not: it crossed there twice
 * (out and back), the step's ends hid it, and it lies anywhere before the exact step's end. */
static int hidden_crossing(const cs_rk *rk)
{
  for (int i = 0; i < rk->nroot; i++)
    if (crossed(rk->g_prev[i], rk->g[i]) && !crossed(rk->g_prev[i], rk->g_end[i]))
      return 1;
  return 0;
}

/* The step ended at its earliest root: exact steps to it, and again within the exact step
 * while that shows a root its step hid (else a pin that passed its wall between a turn and
 * the next is reported at the turn, deep inside, having taken no load on the way in). */
static int step_to_root(cs_rk *rk, double t_root)
{
  for (int pass = 0; pass < 16; pass++) {
    if (exact_steps_to(rk, t_root))
      return -1;
    if (!hidden_crossing(rk))
      break;
    if (dense_build(rk))
      return -1;
    t_root = locate_root(rk);
  }
  for (int i = 0; i < rk->nroot; i++)
    rk->root_info[i] = crossed(rk->g_prev[i], rk->g[i]) ? (rk->g_prev[i] < 0.0 ? 1 : -1) : 0;
  return any_crossed(rk) ? CS_RK_ROOT : CS_RK_STEP;
}

int cs_rk_step(cs_rk *rk, double t_stop)
{
  const double span = t_stop - rk->t;
  if (!(span > 0.0))
    return CS_RK_STEP;
  weights(rk, rk->y);
  double h = fmin(rk->h, rk->hmax), err_norm = 0.0;
  const long rejected = rk->count.rejected_states; /* before this step's attempts */
  for (int fails = 0;; fails++) {
    int last = h >= span * (1.0 - 4.0 * DBL_EPSILON);
    if (last)
      h = span;
    if (fails >= MAX_FAILURES || h < 16.0 * DBL_EPSILON * fmax(fabs(rk->t), 1e-300)) {
      if (rk->count.rejected_states - rejected == fails) /* no right-hand side was finite */
        snprintf(rk->failure, sizeof rk->failure, "the step size fell to %.3g s after %d "
                 "attempts, none of whose right-hand sides was finite", h, fails);
      else
        snprintf(rk->failure, sizeof rk->failure, "the step size fell to %.3g s after %d "
                 "failed attempts (error estimate %.3g of the tolerance)", h, fails, err_norm);
      return -1;
    }
    int st = attempt(rk, rk->t, rk->y, rk->yq, rk->f, rk->fq, h, rk->ynew, rk->yqnew, rk->err);
    if (st < 0) {
      snprintf(rk->failure, sizeof rk->failure, "the right-hand side failed at t = %.9g s",
               rk->t);
      return -1;
    }
    if (st > 0) {
      rk->count.rejected_states++;
      h *= 0.25;
      continue;
    }
    err_norm = wrms(rk, rk->err);
    for (int k = 0; k < rk->n; k++)
      rk->werr[k] = rk->err[k] * rk->w[k];
    if (!(err_norm <= 1.0)) {
      rk->count.error_test_failures++;
      double shrink = isfinite(err_norm) ? SAFETY * pow(err_norm, -1.0 / (ORDER + 1)) : 0.0;
      h *= fmax(SHRINK_FAIL, fmin(shrink, 0.9));
      continue;
    }
    /* accepted */
    rk->t_prev = rk->t;
    memcpy(rk->y_prev, rk->y, (size_t)rk->n * sizeof *rk->y);
    memcpy(rk->yq_prev, rk->yq, (size_t)rk->nq * sizeof *rk->yq);
    memcpy(rk->f_prev, rk->f, (size_t)rk->n * sizeof *rk->f);
    memcpy(rk->fq_prev, rk->fq, (size_t)rk->nq * sizeof *rk->fq);
    memcpy(rk->g_prev, rk->g, (size_t)rk->nroot * sizeof *rk->g);
    memcpy(rk->y, rk->ynew, (size_t)rk->n * sizeof *rk->y);
    memcpy(rk->yq, rk->yqnew, (size_t)rk->nq * sizeof *rk->yq);
    rk->t = last ? t_stop : rk->t + h;
    rk->k_for_step = 1;
    rk->count.steps++;
    rk->h_last = h;
    double grow = err_norm > 0.0 ? SAFETY * pow(err_norm, -1.0 / (ORDER + 1)) : GROW_MAX;
    grow = fmin(GROW_MAX, fmax(SHRINK_MIN, grow));
    if (fails > 0)
      grow = fmin(grow, 1.0);
    if (!last || grow < 1.0)
      rk->h = h * grow; /* a step cut short by t_stop says nothing of the next one's size */
    rk->h_largest = fmax(rk->h_largest, rk->h);
    break;
  }
  if (settle_state(rk))
    return -1;
  stiffness(rk, rk->h_last);
  if (rk->hrho >= STIFF_SHARE * rk->boundary)
    rk->count.stiff_steps++;
  /* a root function exactly 0 at the step's start (a restart on the root) is armed by the
   * sign it takes at the step's end */
  if (!any_crossed(rk))
    return CS_RK_STEP;
  if (dense_build(rk))
    return -1;
  return step_to_root(rk, locate_root(rk));
}

/* Stages stage..stage+count−1 of DOP853's dense output for the last step (K[12] is f at its
 * end), from its start: dop853.f's three extra stages. */
static int extra_stages(cs_rk *rk, double h, int first, int last)
{
  const int n = rk->n, nq = rk->nq;
  for (int i = first; i < last; i++) {
    stage_input(rk, rk->y_prev, h, i);
    if (eval(rk, rk->t_prev + DOP_C[i] * h, rk->ytmp, rk->K + (size_t)i * n,
             rk->KQ + (size_t)i * nq))
      return -1;
  }
  return 0;
}

/* One component's seven coefficients (dop853.f's contd8): from its ends y0, y1, its stages
 * k[j] (stride `stride`, k[12] at the end) and the step h. */
static void dense_coefficients(double y0, double y1, const double *k, size_t stride, double h,
                               double *q)
{
  double dy = y1 - y0;
  q[0] = dy;
  q[1] = h * k[0] - dy;
  q[2] = 2.0 * dy - h * (k[12 * stride] + k[0]);
  for (int r = 0; r < 4; r++) {
    double acc = 0.0;
    for (int j = 0; j < DENSE_STAGES; j++)
      acc += DOP_D[r][j] * k[j * stride];
    q[3 + r] = h * acc;
  }
}

/* The last step's dense output, built once per step when a row asks: its stages (again by an
 * exact step when something has used the stage arrays since), f at its end, three more. */
static int dense_build(cs_rk *rk)
{
  const int n = rk->n, nq = rk->nq;
  const double h = rk->t - rk->t_prev;
  if (rk->dense_ready)
    return 0;
  if (!rk->k_for_step &&
      attempt(rk, rk->t_prev, rk->y_prev, rk->yq_prev, rk->f_prev, rk->fq_prev, h, rk->ynew,
              rk->yqnew, NULL))
    return -1;
  memcpy(rk->K + (size_t)12 * n, rk->f, (size_t)n * sizeof *rk->f);
  memcpy(rk->KQ + (size_t)12 * nq, rk->fq, (size_t)nq * sizeof *rk->fq);
  if (extra_stages(rk, h, 13, DENSE_STAGES))
    return -1;
  for (int k = 0; k < n; k++)
    dense_coefficients(rk->y_prev[k], rk->y[k], rk->K + k, (size_t)n, h, rk->dense + 7 * k);
  for (int k = 0; k < nq; k++)
    dense_coefficients(rk->yq_prev[k], rk->yq[k], rk->KQ + k, (size_t)nq, h,
                       rk->dense + 7 * ((size_t)n + k));
  rk->k_for_step = 1, rk->dense_ready = 1;
  return 0;
}

/* y0 + θ(q0 + (1 − θ)(q1 + θ(q2 + (1 − θ)(q3 + …)))) */
static double dense_value(double y0, const double *q, double th)
{
  double v = 0.0;
  for (int r = 6; r >= 0; r--)
    v = (v + q[r]) * (r % 2 == 0 ? th : 1.0 - th);
  return y0 + v;
}

int cs_rk_dense_some(cs_rk *rk, double t, const int *idx, int count, double *y)
{
  if (dense_build(rk))
    return -1;
  const double th = (t - rk->t_prev) / (rk->t - rk->t_prev);
  for (int i = 0; i < count; i++)
    y[idx[i]] = dense_value(rk->y_prev[idx[i]], rk->dense + 7 * idx[i], th);
  return 0;
}

/* The state for reporting at t within the last step, without an exact step (which costs the
 * method's stages): y and the quadratures on DOP853's 7th-order dense output, y projected.
 * The step's three extra stages are paid once, whatever the rows in it. An exact step where
 * the dense output is not to be trusted. */
int cs_rk_dense_trusted(const cs_rk *rk) { return rk->hrho < DENSE_SHARE * rk->boundary; }

int cs_rk_dense_at(cs_rk *rk, double t, double *y, double *yq)
{
  if (t >= rk->t || t <= rk->t_prev || !cs_rk_dense_trusted(rk))
    return cs_rk_state_at(rk, t, y, yq);
  if (dense_build(rk))
    return -1;
  const double th = (t - rk->t_prev) / (rk->t - rk->t_prev);
  for (int k = 0; k < rk->n; k++)
    y[k] = dense_value(rk->y_prev[k], rk->dense + 7 * k, th);
  for (int k = 0; k < rk->nq; k++)
    yq[k] = dense_value(rk->yq_prev[k], rk->dense + 7 * ((size_t)rk->n + k), th);
  return rk->project && rk->project(t, y, rk->user) < 0 ? -1 : 0;
}

int cs_rk_state_at(cs_rk *rk, double t, double *y, double *yq)
{
  if (t >= rk->t) {
    memcpy(y, rk->y, (size_t)rk->n * sizeof *y);
    memcpy(yq, rk->yq, (size_t)rk->nq * sizeof *yq);
    return 0;
  }
  if (t <= rk->t_prev) {
    memcpy(y, rk->y_prev, (size_t)rk->n * sizeof *y);
    memcpy(yq, rk->yq_prev, (size_t)rk->nq * sizeof *yq);
    return 0;
  }
  /* the stage work arrays are free between steps */
  int st = attempt(rk, rk->t_prev, rk->y_prev, rk->yq_prev, rk->f_prev, rk->fq_prev,
                   t - rk->t_prev, y, yq, NULL);
  if (!st && rk->project && rk->project(t, y, rk->user) < 0)
    st = -1;
  return st;
}

double cs_rk_time(const cs_rk *rk) { return rk->t; }
double cs_rk_step_start(const cs_rk *rk) { return rk->t_prev; }
const double *cs_rk_y(const cs_rk *rk) { return rk->y; }
const double *cs_rk_y_start(const cs_rk *rk) { return rk->y_prev; }
const double *cs_rk_f(const cs_rk *rk) { return rk->f; }
const double *cs_rk_f_start(const cs_rk *rk) { return rk->f_prev; }
const double *cs_rk_yq(const cs_rk *rk) { return rk->yq; }
const int *cs_rk_root_info(const cs_rk *rk) { return rk->root_info; }
const char *cs_rk_failure(const cs_rk *rk) { return rk->failure; }
const double *cs_rk_weighted_error(const cs_rk *rk) { return rk->werr; }

void cs_rk_counters_get(const cs_rk *rk, cs_rk_counters *c)
{
  *c = rk->count;
  c->last_step = rk->h_last;
}
