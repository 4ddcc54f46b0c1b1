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

/* Where y[comp] crosses zero within a step of size h from y: Illinois on the step size, each
 * trial a full DP step from y (5th order, like the accepted step). */
static double cs_rk45_locate(const cs_rk45 *s, const double y[2], double h, int comp,
                             double yc[2])
{
  double a = 0.0, ga = y[comp], b = h, gb;
  cs_rk45_step(s, y, b, yc, NULL);
  gb = yc[comp];
  double c = b;
  for (int it = 0; it < 200 && fabs(b - a) > 1e-15 * h; it++) {
    c = b - gb * (b - a) / (gb - ga);
    cs_rk45_step(s, y, c, yc, NULL);
    double gc = yc[comp];
    if (gc == 0.0)
      return c;
    if ((gc < 0.0) != (gb < 0.0)) {
      a = b;
      ga = gb;
    } else {
      ga *= 0.5;
    }
    b = c;
    gb = gc;
  }
  cs_rk45_step(s, y, c, yc, NULL);
  return c;
}

/* Integrate one impact of mass m at approach speed v. */
static cs_rk45_out cs_rk45_impact(cs_rk45_force_fn *force, void *user, double m, double v)
{
  cs_rk45 s = {force, user, m, v, 0.0};
  const double rtol = 1e-11, atol[2] = {1e-19, 1e-13 * v};
  double y[2] = {0.0, v}, t = 0.0, h = 1e-9;
  cs_rk45_out o = {NAN, NAN, NAN, 0.0, 0};
  while (o.steps < 2000000) {
    double yn[2], err[2], q = 0.0;
    cs_rk45_step(&s, y, h, yn, err);
    for (int c = 0; c < 2; c++)
      q = fmax(q, fabs(err[c]) / (atol[c] + rtol * fmax(fabs(y[c]), fabs(yn[c]))));
    if (q <= 1.0) {
      o.steps++;
      if (yn[0] < 0.0 && y[1] < 0.0) { /* separation */
        double yc[2], dt = cs_rk45_locate(&s, y, h, 0, yc);
        o.e = -yc[1] / v;
        o.v_out = yc[1];
        o.t_contact = t + dt;
        o.delta_max = s.delta_max;
        return o;
      }
      if (y[1] > 0.0 && yn[1] <= 0.0) { /* the deepest point: commit δ_max there */
        double yc[2], dt = cs_rk45_locate(&s, y, h, 1, yc);
        t += dt;
        y[0] = yc[0];
        y[1] = yc[1];
      } else {
        t += h;
        y[0] = yn[0];
        y[1] = yn[1];
      }
      s.delta_max = fmax(s.delta_max, y[0]);
    }
    h *= fmin(5.0, fmax(0.2, 0.9 * pow(q > 1e-300 ? q : 1e-300, -0.2)));
  }
  return o;
}

#endif
