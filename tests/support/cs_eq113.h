/* cs_eq113.h — the effective restitution of every hysteresis law F = f(δ)(1 + χ δ'/δ'(−)),
 * whatever the spring f: Gonthier's energy relation (004 eq. 113 with α δ'(−) = χ), shared by
 * the damping and volumetric contact tests. */
#ifndef CS_EQ113_H
#define CS_EQ113_H

#include <math.h>

/* The root e in (0, min(1, 1/χ)) of χ − ln(1+χ) + eχ + ln(1 − eχ) = 0, by bisection. */
static double e_of_chi(double chi)
{
  if (chi <= 0.0)
    return 1.0;
  double lo = 0.0, hi = fmin(1.0, 1.0 / chi);
  for (int i = 0; i < 200; i++) {
    double e = 0.5 * (lo + hi);
    double g = chi - log1p(chi) + e * chi + log1p(-e * chi); /* decreasing in e */
    if (g > 0.0)
      lo = e;
    else
      hi = e;
  }
  return 0.5 * (lo + hi);
}

#endif
