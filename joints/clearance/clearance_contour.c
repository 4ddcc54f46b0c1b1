/* clearance_contour.c — the wall of a clearance joint's hole as one closed contour, and where
 * along it a pin touches (cs_wear.h): the coordinate a worn depth profile lies on.
 *
 * The coordinate s is the arc length along the wall, counter-clockwise (seen in body[0]'s
 * frame, the interior on the left) from a fixed start; the contour closes, so s is periodic
 * with the wall's length P:
 *   revolute:     the bore, from the hole body's x axis: s = R_b θ, P = 2π R_b;
 *   slot:         from the rear (−axis) end of the lower track (−n side, n the axis turned
 *                 +90°): lower track (2a), front cap (π w), upper track (2a), rear cap (π w);
 *   curved slot:  from the −β end of the outer track: outer track (2β R_o), the +β cap
 *                 (π w), inner track (2β R_i), the −β cap (π w).
 * The pin touches the wall where its normal through the pin centre meets it: on a flat track
 * at the centre's projection, on a circle at the centre's angle about that circle's centre.
 * s(p) comes with ∂s/∂p and ∂²s/∂p² so that a worn gap δ(p) − d(s(p)) has exact derivatives.
 * Where two tracks face each other (the slot's centre line) s jumps from one to the other;
 * the pin is then a whole clearance away from both walls. */
#include "cs_wear.h"

#include <math.h>

/* s = s0 + R·φ(x) for the arc about the centre o of radius R, φ the angle of x − o from the
 * direction `from` (turned counter-clockwise for sign > 0, clockwise for sign < 0), folded
 * into [lo, lo + 2π) */
static void arc(const double p[2], const double o[2], const double from[2], double R, int sign,
                double lo, double s0, cs_contour *out)
{
  double d[2] = {p[0] - o[0], p[1] - o[1]}, r2 = d[0] * d[0] + d[1] * d[1];
  double phi = atan2(from[0] * d[1] - from[1] * d[0], from[0] * d[0] + from[1] * d[1]);
  phi = sign > 0 ? phi : -phi;
  phi -= 2.0 * M_PI * floor((phi - lo) / (2.0 * M_PI));
  out->s = s0 + R * (phi - lo);
  if (r2 < 1e-300) {
    out->grad[0] = out->grad[1] = 0.0;
    out->hess[0] = out->hess[1] = out->hess[2] = out->hess[3] = 0.0;
    return;
  }
  /* ∇φ = t/r, ∇²φ = −(n tᵀ + t nᵀ)/r² with n = d/r, t = n turned +90° */
  double k = sign * R;
  out->grad[0] = -k * d[1] / r2;
  out->grad[1] = k * d[0] / r2;
  out->hess[0] = k * 2.0 * d[0] * d[1] / (r2 * r2);
  out->hess[1] = out->hess[2] = k * (d[1] * d[1] - d[0] * d[0]) / (r2 * r2);
  out->hess[3] = -k * 2.0 * d[0] * d[1] / (r2 * r2);
}

/* s along a flat track: s0 + sign·σ, σ the centre's projection on the unit axis u from o */
static void flat(const double p[2], const double o[2], const double u[2], int sign, double s0,
                 cs_contour *out)
{
  out->s = s0 + sign * (u[0] * (p[0] - o[0]) + u[1] * (p[1] - o[1]));
  out->grad[0] = sign * u[0];
  out->grad[1] = sign * u[1];
  out->hess[0] = out->hess[1] = out->hess[2] = out->hess[3] = 0.0;
}

static void slot(const cs_clearance *c, const double p[2], int region, cs_contour *out)
{
  const double *o = c->point[0], *u = c->axis;
  double a = c->half_length, w = c->half_width, n[2] = {-u[1], u[0]};
  double sg = u[0] * (p[0] - o[0]) + u[1] * (p[1] - o[1]);
  double h = n[0] * (p[0] - o[0]) + n[1] * (p[1] - o[1]);
  if (region == 0) { /* the lower track runs along +u from s = 0, the upper one back */
    if (h < 0)
      flat(p, o, u, +1, a, out);
    else
      flat(p, o, u, -1, 3.0 * a + M_PI * w, out);
    return;
  }
  double side = sg >= 0 ? 1.0 : -1.0;
  double cap[2] = {o[0] + side * a * u[0], o[1] + side * a * u[1]};
  if (side > 0) /* front cap: from −n (φ = −π/2 about u) to +n */
    arc(p, cap, u, w, +1, -0.5 * M_PI, 2.0 * a, out);
  else /* rear cap: from +n (φ = π/2) to −n */
    arc(p, cap, u, w, +1, 0.5 * M_PI, 4.0 * a + M_PI * w, out);
}

static void curved_slot(const cs_clearance *c, const double p[2], int region, cs_contour *out)
{
  const double *o = c->point[0], *u = c->axis;
  double Rm = c->mean_radius, w = c->half_width, beta = c->half_angle;
  double Ro = Rm + w, Ri = Rm - w, side;
  switch (region) {
  case 1: /* outer track: φ from −β to β */
    arc(p, o, u, Ro, +1, -beta, 0.0, out);
    return;
  case 0: /* inner track, back from +β to −β: clockwise about o */
    arc(p, o, u, Ri, -1, -beta, 2.0 * beta * Ro + M_PI * w, out);
    return;
  default: { /* a cap: centre on the mean arc at ±β, from its outer point round to its inner */
    double d[2] = {p[0] - o[0], p[1] - o[1]};
    side = u[0] * d[1] - u[1] * d[0] >= 0 ? 1.0 : -1.0;
    double e = side * beta, ce = cos(e), se = sin(e);
    double dir[2] = {ce * u[0] - se * u[1], se * u[0] + ce * u[1]};
    double cap[2] = {o[0] + Rm * dir[0], o[1] + Rm * dir[1]};
    if (side > 0) /* from +dir (outer) counter-clockwise to −dir (inner) */
      arc(p, cap, dir, w, +1, 0.0, 2.0 * beta * Ro, out);
    else { /* from −dir (inner) counter-clockwise to +dir (outer) */
      double back[2] = {-dir[0], -dir[1]};
      arc(p, cap, back, w, +1, 0.0, 2.0 * beta * (Ro + Ri) + M_PI * w, out);
    }
  }
  }
}

double cs_contour_length(const cs_clearance *c)
{
  switch (c->kind) {
  case CS_CLEARANCE_SLOT:
    return 4.0 * c->half_length + 2.0 * M_PI * c->half_width;
  case CS_CLEARANCE_CURVED_SLOT:
    return 4.0 * c->half_angle * c->mean_radius + 2.0 * M_PI * c->half_width;
  default:
    return 2.0 * M_PI * c->hole_radius;
  }
}

int cs_contour_supported(cs_clearance_kind kind)
{
  return kind == CS_CLEARANCE_REVOLUTE || kind == CS_CLEARANCE_SLOT ||
         kind == CS_CLEARANCE_CURVED_SLOT;
}

void cs_contour_at(const cs_clearance *c, const double p[2], int region, cs_contour *out)
{
  static const double ex[2] = {1.0, 0.0};
  switch (c->kind) {
  case CS_CLEARANCE_SLOT:
    slot(c, p, region, out);
    break;
  case CS_CLEARANCE_CURVED_SLOT:
    curved_slot(c, p, region, out);
    break;
  default:
    arc(p, c->point[0], ex, c->hole_radius, +1, 0.0, 0.0, out);
    break;
  }
}
