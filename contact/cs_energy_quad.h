/* cs_energy_quad.h — strain energy U(δ) = ∫0^δ F_e(s) ds of an elastic law that has no closed
 * form for it (internal to contact/).
 *
 * Contact forces start like s^p with p ≥ 1 (Hertz-like laws: p = 3/2), whose derivatives are
 * singular at s = 0. With s = δ t² the integrand 2 δ t F_e(δ t²) ~ t^(2p+1) is smooth at t = 0,
 * so Gauss–Legendre converges fast; laws with kinks (a regime change inside [0, δ]) are handled
 * by bisecting until two levels agree. */
#ifndef CS_ENERGY_QUAD_H
#define CS_ENERGY_QUAD_H

#include <math.h>
#include <stddef.h>

/* An elastic force F_e(content, s), as the law's `elastic` op (the derivative is not needed). */
typedef double cs_force_fn(void *content, double s, double *dFe);

/* 8-point Gauss–Legendre on [a, b] in t, of g(t) = 2 δ t F_e(δ t²). */
static inline double cs_energy_gl8(cs_force_fn *force, void *content, double delta, double a,
                                   double b)
{
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                              0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                              0.1012285362903763};
  double c = 0.5 * (a + b), h = 0.5 * (b - a), sum = 0.0;
  for (int i = 0; i < 4; i++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      double t = c + sgn * h * x[i];
      sum += w[i] * 2.0 * delta * t * force(content, delta * t * t, NULL);
    }
  return h * sum;
}

static inline double cs_energy_adapt(cs_force_fn *force, void *content, double delta, double a,
                                     double b, double whole, double tol, int depth)
{
  double m = 0.5 * (a + b);
  double left = cs_energy_gl8(force, content, delta, a, m);
  double right = cs_energy_gl8(force, content, delta, m, b);
  if (depth <= 0 || fabs(left + right - whole) <= tol)
    return left + right;
  return cs_energy_adapt(force, content, delta, a, m, left, 0.5 * tol, depth - 1) +
         cs_energy_adapt(force, content, delta, m, b, right, 0.5 * tol, depth - 1);
}

/* U(δ) to a relative accuracy of about 1e-12 (0 for δ ≤ 0). A law whose force has kinks at
 * known penetrations (a regime change) passes them, ascending, in `kinks` (any outside
 * (0, δ) are skipped): the rule then meets only smooth pieces and stays cheap. */
static inline double cs_energy_quad_kinks(cs_force_fn *force, void *content, double delta,
                                          const double *kinks, int nkinks)
{
  if (!(delta > 0.0))
    return 0.0;
  double whole = cs_energy_gl8(force, content, delta, 0.0, 1.0);
  double tol = 1e-12 * fabs(whole);
  if (!(tol > 0.0)) /* F_e ≡ 0 at the nodes (a law whose force starts late): absolute scale */
    tol = 1e-300;
  double sum = 0.0, a = 0.0;
  for (int i = 0; i <= nkinks; i++) {
    double b = i < nkinks ? sqrt(kinks[i] / delta) : 1.0; /* s = δ t² */
    if (!(b > a) || b > 1.0)
      continue;
    double piece = cs_energy_gl8(force, content, delta, a, b);
    sum += cs_energy_adapt(force, content, delta, a, b, piece, tol * (b - a), 30);
    a = b;
  }
  return sum;
}

static inline double cs_energy_quad(cs_force_fn *force, void *content, double delta)
{
  return cs_energy_quad_kinks(force, content, delta, NULL, 0);
}

#endif
