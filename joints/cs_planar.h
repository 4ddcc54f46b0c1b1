/* cs_planar.h — planar kinematics of a point fixed in a body (internal).
 * A body at (x, y, θ) carries a point s (body frame) to r + A(θ) s; ∂(A s)/∂θ = B(θ) s with
 * B = A rotated by 90°, and ∂²(A s)/∂θ² = −A s. */
#ifndef CS_PLANAR_H
#define CS_PLANAR_H

#include <math.h>

/* A body's pose with its rotation's cos θ and sin θ: computed once per body and state
 * (cs_frame_of), read by every joint touching the body (libm's sincos is the costliest step of
 * a joint row, and the compiler cannot merge calls to it). */
typedef struct cs_frame {
  double q[3]; /* x, y, θ */
  double c, s; /* cos θ, sin θ */
} cs_frame;

static inline cs_frame cs_frame_of(const double q[3])
{
  /* Below 2^-27 rad the correctly rounded cos θ is 1 and sin θ is θ (θ²/2 and θ²/6 are under
   * half an ulp), as libm gives them: a ground body, or a slider whose angle only round-off
   * moves, without libm. */
  if (fabs(q[2]) < 0x1p-27) {
    cs_frame f = {{q[0], q[1], q[2]}, 1.0, q[2]};
    return f;
  }
  cs_frame f = {{q[0], q[1], q[2]}, cos(q[2]), sin(q[2])};
  return f;
}

/* A s */
static inline void cs_frame_rot(const cs_frame *f, const double s[2], double out[2])
{
  out[0] = f->c * s[0] - f->s * s[1];
  out[1] = f->s * s[0] + f->c * s[1];
}

/* B s = ∂(A s)/∂θ */
static inline void cs_frame_drot(const cs_frame *f, const double s[2], double out[2])
{
  out[0] = -f->s * s[0] - f->c * s[1];
  out[1] = f->c * s[0] - f->s * s[1];
}

static inline void cs_rot(double th, const double s[2], double out[2])
{
  const cs_frame f = {{0, 0, th}, cos(th), sin(th)};
  cs_frame_rot(&f, s, out);
}

static inline void cs_drot(double th, const double s[2], double out[2])
{
  const cs_frame f = {{0, 0, th}, cos(th), sin(th)};
  cs_frame_drot(&f, s, out);
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
