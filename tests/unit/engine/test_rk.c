/* The projected formulation's explicit integrator (engine/solver/cs_rk.c) on an oscillator with a
 * closed form, q'' = −ω² q, q(0) = 1, v(0) = 0, and the quadrature ∫ q² dt:
 *   - output rows from the step's interpolant (cs_rk_dense_at) are as accurate as exact steps
 *     to the same instants (cs_rk_state_at), within the tolerance;
 *   - a root (q falling through 0) is located at the closed form's zero crossing, in a few
 *     exact steps per root (the secant after an exact step that has not crossed yet: doubling
 *     round-offs from the interpolant's root took 13);
 *   - its global error shrinks with the tolerance as an eighth-order method's;
 *   - a root that crosses twice within a step ends the step where it first crosses, even when
 *     another root's crossing (the only one the step's ends show) comes between: a ball thrown
 *     up through a ceiling, y = 0.01 − (t − 1)², in one step over [0, 2], rises through the
 *     ceiling at 0.9, turns at 1 and falls back through it at 1.1. */
#include "cs_rk.h"
#include "cs_test.h"

#include <math.h>

static const double OMEGA = 2.0 * 3.141592653589793 * 5.0;

static int rhs(double t, const double *y, double *ydot, double *yqdot, void *user)
{
  (void)t, (void)user;
  ydot[0] = y[1];
  ydot[1] = -OMEGA * OMEGA * y[0];
  yqdot[0] = y[0] * y[0];
  return 0;
}

static void roots(double t, const double *y, int which, double *g, void *user)
{
  (void)t, (void)which, (void)user;
  g[0] = y[0];
}

static void exact(double t, double y[2], double *yq)
{
  y[0] = cos(OMEGA * t);
  y[1] = -OMEGA * sin(OMEGA * t);
  *yq = 0.5 * t + sin(2.0 * OMEGA * t) / (4.0 * OMEGA);
}

static cs_rk *start(double rtol, int with_roots)
{
  static const double atol[2] = {1e-12, 1e-12};
  cs_rk *rk = cs_rk_create(2, 1, 1, with_roots, rhs, with_roots ? roots : NULL, NULL, NULL);
  const double y0[2] = {1.0, 0.0}, yq0[1] = {0.0};
  cs_rk_set_tolerances(rk, rtol, atol, NULL);
  cs_rk_init(rk, 0.0, y0, yq0);
  return rk;
}

/* Largest errors against the closed form, scaled by the amplitudes (1, Ω, T/2), at three
 * instants inside every step: from the interpolant and from exact steps. */
static void dense_rows(void)
{
  const double rtol = 1e-8, T = 1.0;
  cs_rk *rk = start(rtol, 0);
  double dense = 0.0, stepped = 0.0, books_dense = 0.0, books_stepped = 0.0;
  while (cs_rk_time(rk) < T) {
    CHECK(cs_rk_step(rk, T) == CS_RK_STEP, "a step of the oscillator");
    double t0 = cs_rk_step_start(rk), t1 = cs_rk_time(rk);
    for (int i = 1; i <= 3; i++) {
      double t = t0 + (t1 - t0) * i / 4.0, y[2], yq, ye[2], yqe, ys[2], yqs;
      exact(t, ye, &yqe);
      cs_rk_dense_at(rk, t, y, &yq);
      cs_rk_state_at(rk, t, ys, &yqs);
      dense = fmax(dense, fmax(fabs(y[0] - ye[0]), fabs(y[1] - ye[1]) / OMEGA));
      stepped = fmax(stepped, fmax(fabs(ys[0] - ye[0]), fabs(ys[1] - ye[1]) / OMEGA));
      books_dense = fmax(books_dense, fabs(yq - yqe));
      books_stepped = fmax(books_stepped, fabs(yqs - yqe));
    }
  }
  printf("rows within steps, rtol %.0e: interpolated %.3g, exact steps %.3g (state); books "
         "%.3g, %.3g\n", rtol, dense, stepped, books_dense, books_stepped);
  CHECK(dense <= 10.0 * rtol, "interpolated rows within 10 rtol of the closed form: %.3g", dense);
  CHECK(dense <= 3.0 * stepped + rtol, "interpolated rows as accurate as exact steps: %.3g "
        "against %.3g", dense, stepped);
  CHECK(books_dense <= 10.0 * rtol * 0.5 * T, "the quadrature from Gauss along the "
        "interpolant within 10 rtol of ∫q²: %.3g", books_dense);
  cs_rk_free(rk);
}

/* q falls through 0 at t = (k + 1/2) π/Ω: the roots found there, and what each cost. */
static void roots_located(void)
{
  const double rtol = 1e-9, T = 1.0;
  cs_rk *rk = start(rtol, 1);
  cs_rk_counters before, after;
  int found = 0;
  double worst = 0.0, evals_per_root = 0.0;
  long root_evals = 0;
  while (cs_rk_time(rk) < T) {
    cs_rk_counters_get(rk, &before);
    int flag = cs_rk_step(rk, T);
    cs_rk_counters_get(rk, &after);
    CHECK(flag >= 0, "a step of the oscillator with its root");
    if (flag != CS_RK_ROOT)
      continue;
    double t = cs_rk_time(rk), k = round(t * OMEGA / 3.141592653589793 - 0.5);
    double t_exact = (k + 0.5) * 3.141592653589793 / OMEGA;
    worst = fmax(worst, fabs(t - t_exact));
    root_evals += after.rhs_evals - before.rhs_evals;
    found++;
    /* restart beyond the root, as the simulation does after an event */
    double y[2], yq[1];
    cs_rk_state_at(rk, t, y, yq);
    cs_rk_init(rk, t, y, yq);
  }
  evals_per_root = found ? (double)root_evals / found : 0.0;
  printf("roots: %d found, within %.3g s of the closed form, %.1f evaluations per step "
         "that ended at one\n", found, worst, evals_per_root);
  CHECK(found == 10, "ten zero crossings in 1 s at 5 Hz: %d", found);
  CHECK(worst <= 1e-9, "each within 1e-9 s of (k + 1/2)π/Ω: %.3g", worst);
  /* the step's own 12 evaluations and its exact step to the root (12), one more exact step
   * (12) when round-off left it short, and f at each end reached (≤ 3) */
  CHECK(evals_per_root <= 39.0, "at most 39 evaluations per step ending at a root: %.1f",
        evals_per_root);
  cs_rk_free(rk);
}

/* The error at t = 1 against the tolerance: an order-p method's error per unit time scales
 * as rtol^(p/(p+1)), DOP853's as rtol^(8/9); from 1e-6 to 1e-10 it falls by at least 10^3. */
static void global_error(void)
{
  double err[2];
  const double rtol[2] = {1e-6, 1e-10};
  for (int i = 0; i < 2; i++) {
    cs_rk *rk = start(rtol[i], 0);
    while (cs_rk_time(rk) < 1.0)
      cs_rk_step(rk, 1.0);
    double ye[2], yqe;
    exact(1.0, ye, &yqe);
    err[i] = fabs(cs_rk_y(rk)[0] - ye[0]);
    cs_rk_free(rk);
  }
  printf("global error at t = 1: %.3g at rtol 1e-6, %.3g at rtol 1e-10\n", err[0], err[1]);
  CHECK(err[1] <= 1e-3 * err[0] && err[0] <= 1e-4, "the error follows the tolerance: %.3g, %.3g",
        err[0], err[1]);
}

/* The ball: y'' = −2 from y = −0.99, y' = 2; roots y (the ceiling) and y' (its turn). */
static int ball_rhs(double t, const double *y, double *ydot, double *yqdot, void *user)
{
  (void)t, (void)user;
  ydot[0] = y[1], ydot[1] = -2.0, yqdot[0] = 0.0;
  return 0;
}

static void ball_roots(double t, const double *y, int which, double *g, void *user)
{
  (void)t, (void)user;
  if (which < 0 || which == 0)
    g[0] = y[0];
  if (which < 0 || which == 1)
    g[1] = y[1];
}

static void twice_in_a_step(void)
{
  static const double atol[2] = {1e-12, 1e-12};
  cs_rk *rk = cs_rk_create(2, 1, 1, 2, ball_rhs, ball_roots, NULL, NULL);
  const double y0[2] = {-0.99, 2.0}, yq0[1] = {0.0};
  cs_rk_set_tolerances(rk, 1e-8, atol, NULL);
  cs_rk_set_initial_step(rk, 2.0); /* the flight is a parabola: one exact step covers it */
  cs_rk_init(rk, 0.0, y0, yq0);
  const double want[3] = {0.9, 1.0, 1.1};
  const int which[3] = {0, 1, 0};
  int found = 0;
  while (found < 3 && cs_rk_time(rk) < 2.0) {
    int flag = cs_rk_step(rk, 2.0);
    if (flag != CS_RK_ROOT)
      continue;
    double t = cs_rk_time(rk), y[2], yq[1];
    const int *info = cs_rk_root_info(rk);
    CHECK(fabs(t - want[found]) <= 1e-10 && info[which[found]] != 0 &&
              info[1 - which[found]] == 0,
          "root %d at t = %.12g (want %g, root %d alone): roots %d %d", found + 1, t,
          want[found], which[found], info[0], info[1]);
    found++;
    cs_rk_state_at(rk, t, y, yq);
    cs_rk_init(rk, t, y, yq);
  }
  CHECK(found == 3, "three roots in the ball's flight: %d", found);
  cs_rk_free(rk);
}

int main(void)
{
  twice_in_a_step();
  dense_rows();
  roots_located();
  global_error();
  return cs_test_finish();
}
