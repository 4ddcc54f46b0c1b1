/* cs_planar.h — planar kinematics of a point fixed in a body (internal).
 * A body at (x, y, θ) carries a point s (body frame) to r + A(θ) s; ∂(A s)/∂θ = B(θ) s with
 * B = A rotated by 90°, and ∂²(A s)/∂θ² = −A s. */
#ifndef CS_PLANAR_H
#define CS_PLANAR_H

#include <math.h>

static inline void cs_rot(double th, const double s[2], double out[2])
{
  double c = cos(th), n = sin(th);
  out[0] = c * s[0] - n * s[1];
  out[1] = n * s[0] + c * s[1];
}

/* B(θ) s = ∂(A s)/∂θ */
static inline void cs_drot(double th, const double s[2], double out[2])
{
  double c = cos(th), n = sin(th);
  out[0] = -n * s[0] - c * s[1];
  out[1] = c * s[0] - n * s[1];
}

/* World position of body point s for body pose q = (x, y, θ). */
static inline void cs_point(const double q[3], const double s[2], double out[2])
{
  cs_rot(q[2], s, out);
  out[0] += q[0];
  out[1] += q[1];
}

/* World velocity of body point s: ṙ + B s ω. */
static inline void cs_point_velocity(const double q[3], const double v[3], const double s[2],
                                     double out[2])
{
  cs_drot(q[2], s, out);
  out[0] = v[0] + out[0] * v[2];
  out[1] = v[1] + out[1] * v[2];
}

#endif
