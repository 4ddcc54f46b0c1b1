/* clearance_shapes.c — the shapes every kind's gap and blend are made of: a pin against a
 * circle, and the smooth step that mixes two regions' laws. */
#include "cs_clearance.h"

#include <math.h>
#include <stddef.h>

/* Pin (radius rp) inside a circle (centre c, radius R): δ = |p − c| + rp − R, normal outwards.
 * sign = −1 turns it into the pin outside a convex circle: δ = R + rp − |p − c|. */
void cs_gap_circle(const double p[2], const double c[2], double R, double rp, int sign,
                   int region, cs_gap *g)
{
  /* sqrt, not hypot: d is a clearance-scale length, far from overflow, and hypot's guards
   * were 4 % of the projected formulation's time on the clearance slider-crank (perf) */
  double d[2] = {p[0] - c[0], p[1] - c[1]}, r = sqrt(d[0] * d[0] + d[1] * d[1]);
  g->region = region;
  if (r < 1e-300) { /* concentric: any direction is the normal; δ is at its extreme */
    g->delta = sign > 0 ? rp - R : R + rp;
    g->grad[0] = sign;
    g->grad[1] = 0.0;
    g->hess[0] = g->hess[1] = g->hess[2] = g->hess[3] = 0.0;
    return;
  }
  double n[2] = {d[0] / r, d[1] / r};
  g->delta = sign > 0 ? r + rp - R : R + rp - r;
  g->grad[0] = sign * n[0];
  g->grad[1] = sign * n[1];
  /* ∂²|d|/∂p² = (I − n nᵀ)/r */
  g->hess[0] = sign * (1 - n[0] * n[0]) / r;
  g->hess[1] = g->hess[2] = sign * (-n[0] * n[1]) / r;
  g->hess[3] = sign * (1 - n[1] * n[1]) / r;
}

cs_blend cs_blend_single(int region)
{
  return (cs_blend){1, {region, region}, 0.0, {0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
}

/* w = S(t) over ξ ∈ [−ℓ, ℓ] with ∇ξ = g and ∇²ξ = H (H NULL: 0) */
void cs_blend_step(double xi, double l, const double g[2], const double *H, cs_blend *b)
{
  double t = (xi + l) / (2.0 * l);
  double dS = 30.0 * t * t * (1.0 - t) * (1.0 - t) / (2.0 * l);
  double d2S = 60.0 * t * (1.0 - t) * (1.0 - 2.0 * t) / (4.0 * l * l);
  b->n = 2;
  b->w = t * t * t * (10.0 - 15.0 * t + 6.0 * t * t);
  for (int i = 0; i < 2; i++) {
    b->grad[i] = dS * g[i];
    for (int k = 0; k < 2; k++)
      b->hess[2 * i + k] = d2S * g[i] * g[k] + (H ? dS * H[2 * i + k] : 0.0);
  }
}
