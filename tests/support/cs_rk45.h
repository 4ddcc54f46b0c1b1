/* cs_rk45.h — the tests' independent reference for a normal impact: a small Dormand–Prince
 * RK45 of our own, with its own event location, sharing nothing with the engine's integrator
 * (SUNDIALS IDAS). test_contact_damping checks it against closed forms first; test_impact
 * then judges the engine's impact tool by it.
 *
 * Impact: m δ'' = −max(F_n(δ, δ', δ_max), 0), δ(0) = 0, δ'(0) = v > 0, until δ returns to 0;
 * e = |δ'(+)|/v. δ_max is what the contact model holds: the largest δ of the accepted steps,
 * committed at each accepted step and at the located deepest point (δ' = 0).
 * Tolerances: rtol 1e-11, atol 1e-19 m on δ and 1e-13 v on δ'.
 */
#ifndef CS_RK45_H
#define CS_RK45_H

#include <math.h>
#include <stddef.h>

/* F_n at (δ, δ') with the contact's δ_max so far (raised to δ by the caller if it wants). */
typedef double cs_rk45_force_fn(void *user, double delta, double rate, double delta_max);

typedef struct cs_rk45_out {
  double e;         /* |δ'(+)|/v; NaN when the bodies do not separate */
  double t_contact; /* time from onset to separation, s */
  double v_out;     /* δ'(+) (< 0), m/s */
  double delta_max; /* m */
  int steps;        /* accepted steps */
} cs_rk45_out;

typedef struct cs_rk45 {
  cs_rk45_force_fn *force;
  void *user;
  double m, v;
  double delta_max;
} cs_rk45;

static void cs_rk45_rhs(const cs_rk45 *s, const double y[2], double f[2])
{
  double F = y[0] >= 0.0 ? fmax(s->force(s->user, y[0], y[1], s->delta_max), 0.0) : 0.0;
  f[0] = y[1];
  f[1] = -F / s->m;
}

/* One Dormand–Prince 5(4) step; err = y5 − y4 when asked. */
static void cs_rk45_step(const cs_rk45 *s, const double y[2], double h, double out[2],
                         double err[2])
{
  static const double a[7][6] = {
    {0},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
  static const double e[7] = {71.0 / 57600,      0, -71.0 / 16695, 71.0 / 1920,
                              -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
  double k[7][2], yi[2];
  for (int i = 0; i < 7; i++) {
    for (int c = 0; c < 2; c++) {
      yi[c] = y[c];
      for (int j = 0; j < i; j++)
        yi[c] += h * a[i][j] * k[j][c];
    }
    cs_rk45_rhs(s, yi, k[i]);
  }
  for (int c = 0; c < 2; c++) {
    out[c] = yi[c]; /* stage 7 sits at the 5th-order solution */
    if (err) {
      err[c] = 0.0;
      for (int i = 0; i < 7; i++)
        err[c] += h * e[i] * k[i][c];
    }
  }
}

/* What the step events watch: δ (separation), δ' (the deepest point), and the unclipped force
 * (where the clip at zero starts or ends: a kink of the right-hand side, which an embedded
 * pair does not see near the end of a long step; free flight grows the steps five-fold each
 * time, and a force that comes back after a clip, as near δ = 0 when the damping fades faster
 * than F_e, would be stepped over). */
enum { CS_RK45_DELTA, CS_RK45_RATE, CS_RK45_FORCE };

static double cs_rk45_watch(const cs_rk45 *s, const double y[2], int what)
{
  if (what == CS_RK45_FORCE)
    return y[0] > 0.0 ? s->force(s->user, y[0], y[1], s->delta_max) : 0.0;
  return y[what];
}

/* Where the watched value crosses zero between the trial steps a and b from y (its sign
 * differs at the two): Illinois on the step size, each trial a full DP step from y (5th order,
 * like the accepted step). Returned is the end of the final bracket just past the crossing,
 * with yc the state there, so that the next step starts on the new side and does not find the
 * same crossing again. */
static double cs_rk45_locate(const cs_rk45 *s, const double y[2], double a, double b, int what,
                             double yc[2])
{
  double ga, gb;
  cs_rk45_step(s, y, a, yc, NULL);
  ga = cs_rk45_watch(s, yc, what);
  cs_rk45_step(s, y, b, yc, NULL);
  gb = cs_rk45_watch(s, yc, what);
  const int before = ga < 0.0; /* the side the crossing leaves */
  double span = b - a;
  for (int it = 0; it < 200 && fabs(b - a) > 1e-15 * span && gb != 0.0; it++) {
    double c = b - gb * (b - a) / (gb - ga);
    cs_rk45_step(s, y, c, yc, NULL);
    double gc = cs_rk45_watch(s, yc, what);
    if ((gc < 0.0) != (gb < 0.0)) {
      a = b;
      ga = gb;
    } else {
      ga *= 0.5;
    }
    b = c;
    gb = gc;
  }
  double past = gb == 0.0 || (gb < 0.0) != before ? b : a;
  cs_rk45_step(s, y, past, yc, NULL);
  return past;
}

/* The first kink of the clipped force in the trial steps (a, b] from y, where the force at y
 * has the sign of g0: looked for at eight points, and where those reach past the separation,
 * again at eight points between the last one inside and the first past, `depth` times (the
 * force may come back and go again inside one long free-flight step, as near δ = 0 when the
 * damping fades faster than F_e). Its trial step, with yc the state there, or INFINITY. */
static double cs_rk45_kink_in(const cs_rk45 *s, const double y[2], double g0, double a,
                              double b, int depth, double yc[2])
{
  double yk[2];
  for (int k = 1; k <= 8; k++) {
    double tk = a + (b - a) * k / 8.0, prev = a + (b - a) * (k - 1) / 8.0;
    cs_rk45_step(s, y, tk, yk, NULL);
    if (!(yk[0] > 0.0))
      return depth > 0 ? cs_rk45_kink_in(s, y, g0, prev, tk, depth - 1, yc) : INFINITY;
    if ((cs_rk45_watch(s, yk, CS_RK45_FORCE) < 0.0) != (g0 < 0.0))
      return cs_rk45_locate(s, y, prev, tk, CS_RK45_FORCE, yc);
  }
  return INFINITY;
}

/* The first kink within the step h from y, or h when there is none. */
static double cs_rk45_kink(const cs_rk45 *s, const double y[2], double h, double yc[2])
{
  double g0 = cs_rk45_watch(s, y, CS_RK45_FORCE);
  if (!(y[0] > 0.0) || g0 == 0.0)
    return h;
  return fmin(h, cs_rk45_kink_in(s, y, g0, 0.0, h, 6, yc));
}

/* The error of the step h from y against the tolerances (≤ 1: accepted); yn its end. */
static double cs_rk45_error(const cs_rk45 *s, const double y[2], double h, double yn[2])
{
  const double rtol = 1e-11, atol[2] = {1e-19, 1e-13 * s->v};
  double err[2], q = 0.0;
  cs_rk45_step(s, y, h, yn, err);
  for (int c = 0; c < 2; c++)
    q = fmax(q, fabs(err[c]) / (atol[c] + rtol * fmax(fabs(y[c]), fabs(yn[c]))));
  return q;
}

/* Integrate one impact of mass m at approach speed v. A step is accepted when its error is
 * within the tolerances; a step that holds an event is cut at the event, and the cut step must
 * pass the error test itself (the stages of a step that runs past the separation see no force
 * and vouch for nothing). */
static cs_rk45_out cs_rk45_impact(cs_rk45_force_fn *force, void *user, double m, double v)
{
  cs_rk45 s = {force, user, m, v, 0.0};
  double y[2] = {0.0, v}, t = 0.0, h = 1e-9;
  cs_rk45_out o = {NAN, NAN, NAN, 0.0, 0};
  while (o.steps < 2000000) {
    double yn[2], q = cs_rk45_error(&s, y, h, yn), grow;
    grow = fmin(5.0, fmax(0.2, 0.9 * pow(q > 1e-300 ? q : 1e-300, -0.2)));
    if (q > 1.0) {
      h *= grow;
      continue;
    }
    /* the first event of the step: a kink of the clipped force, the separation, or the
     * deepest point (δ_max is committed there) */
    double yc[2], dt = cs_rk45_kink(&s, y, h, yc);
    int separation = 0;
    if (dt < h) {
      yn[0] = yc[0], yn[1] = yc[1];
    } else if (yn[0] < 0.0 && y[1] < 0.0) {
      dt = cs_rk45_locate(&s, y, 0.0, h, CS_RK45_DELTA, yn);
      separation = 1;
    } else if (y[1] > 0.0 && yn[1] <= 0.0) {
      dt = cs_rk45_locate(&s, y, 0.0, h, CS_RK45_RATE, yn);
    }
    if (dt < h && cs_rk45_error(&s, y, dt, yc) > 1.0) {
      h = 0.5 * dt; /* the cut step is not accurate: approach the event in smaller steps */
      continue;
    }
    o.steps++;
    if (separation) {
      o.e = -yn[1] / v;
      o.v_out = yn[1];
      o.t_contact = t + dt;
      o.delta_max = s.delta_max;
      return o;
    }
    t += dt;
    y[0] = yn[0];
    y[1] = yn[1];
    s.delta_max = fmax(s.delta_max, y[0]);
    h = dt < h ? dt : h * grow; /* after an event, start again from the cut step */
  }
  return o;
}

#endif
