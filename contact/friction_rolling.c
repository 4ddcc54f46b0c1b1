/* friction_rolling.c — rolling resistance of the volumetric contact model, Gonthier et al.
 * (002) eq. 4 in its planar form; see cs_rolling.h. */
#include "cs_rolling.h"

#include <math.h>

double cs_rolling_resistance(double k_v, double a, double J, double omega, double *dtau_domega)
{
  double gain = k_v * a * J;
  if (dtau_domega)
    *dtau_domega = -gain;
  return -gain * omega;
}

double cs_rolling_moment(double delta, double R_star, double length)
{
  if (!(delta > 0.0))
    return 0.0;
  double b = sqrt(2.0 * R_star * delta);
  return 4.0 / 15.0 * length * delta * b * b * b;
}
