/* clearance_blend.c — where a slot's track meets its cap, the two regions' laws mixed over a
 * short length (cs_blend, cs_clearance.h), so that the contact potential stays continuous.
 *
 * The coordinate across a junction is ξ, the pin centre's distance past it along the slot: a
 * straight slot's |σ| − a (σ along the axis, caps at ±a), a curved slot's R_m (|φ| − β) (φ the
 * centre's angle from the axis, caps at ±β). The weight of the cap's law is the smooth step
 * w = S((ξ + ℓ) / 2ℓ), S(t) = t³ (10 − 15 t + 6 t²), whose first two derivatives vanish at both
 * ends: force and Jacobian stay continuous where the blend starts and ends. The half-length ℓ
 * is half the clearance c: the pin centre crosses a whole cap, from the track to the slot's
 * end, within c of the junction, so the blend takes the cap's first 30° and the track's last
 * c/2. It is shortened where the slot is shorter (ℓ ≤ a, ℓ ≤ R_m β, ℓ ≤ R_m (π − β)) so that
 * blends never overlap. Other kinds' regions meet only a whole clearance from every wall
 * (a slot's tracks at its centre line, a translational joint's walls at the guide's): no
 * contact crosses them, and their laws are never mixed. */
#include "cs_clearance.h"

#include <math.h>
#include <stddef.h>

static void straight(const cs_clearance *c, const double p[2], cs_blend *b)
{
  const double *o = c->point[0], *u = c->axis;
  double sigma = u[0] * (p[0] - o[0]) + u[1] * (p[1] - o[1]);
  double a = c->half_length, l = fmin(0.5 * (c->half_width - c->pin_radius), a);
  double xi = fabs(sigma) - a, side = sigma >= 0 ? 1.0 : -1.0;
  if (!(l > 0.0) || fabs(xi) >= l)
    return;
  double g[2] = {side * u[0], side * u[1]};
  b->region[0] = 0;
  b->region[1] = 1;
  cs_blend_step(xi, l, g, NULL, b);
}

static void curved(const cs_clearance *c, const double p[2], cs_blend *b)
{
  const double *o = c->point[0], *u = c->axis;
  double d[2] = {p[0] - o[0], p[1] - o[1]}, r2 = d[0] * d[0] + d[1] * d[1];
  double Rm = c->mean_radius, beta = c->half_angle;
  double l = fmin(0.5 * (c->half_width - c->pin_radius), Rm * fmin(beta, M_PI - beta));
  double phi = atan2(u[0] * d[1] - u[1] * d[0], u[0] * d[0] + u[1] * d[1]);
  double xi = Rm * (fabs(phi) - beta), k = phi >= 0 ? Rm : -Rm;
  if (!(l > 0.0) || fabs(xi) >= l || r2 < 1e-300)
    return;
  /* ∇φ = (−d_y, d_x)/r², ∇²φ as in clearance_contour.c's arc() */
  double g[2] = {-k * d[1] / r2, k * d[0] / r2};
  double H[4] = {k * 2.0 * d[0] * d[1] / (r2 * r2), k * (d[1] * d[1] - d[0] * d[0]) / (r2 * r2),
                 k * (d[1] * d[1] - d[0] * d[0]) / (r2 * r2), -k * 2.0 * d[0] * d[1] / (r2 * r2)};
  b->region[0] = r2 >= Rm * Rm ? 1 : 0; /* the track on the pin's side of the mean arc */
  b->region[1] = 2;
  cs_blend_step(xi, l, g, H, b);
}

int cs_clearance_blends(const cs_clearance *c)
{
  return c->kind == CS_CLEARANCE_SLOT || c->kind == CS_CLEARANCE_CURVED_SLOT ||
         c->kind == CS_CLEARANCE_PROFILE;
}

void cs_clearance_blend(const cs_clearance *c, int pin, const double p[2], int region,
                        cs_blend *b)
{
  *b = cs_blend_single(region);
  if (c->kind == CS_CLEARANCE_SLOT)
    straight(c, p, b);
  else if (c->kind == CS_CLEARANCE_CURVED_SLOT)
    curved(c, p, b);
  else if (c->kind == CS_CLEARANCE_PROFILE && c->follower)
    cs_follower_blend(c, pin, p, b);
  else if (c->kind == CS_CLEARANCE_PROFILE)
    cs_profile_blend(c, pin, p, b);
}
