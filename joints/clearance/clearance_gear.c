/* clearance_gear.c — a gear mesh with backlash (clearance kind "gear"): the two bodies'
 * angles meet through the teeth along the line of action. Its coordinate is the transmission
 * error s = rb0 (θ0 − θ0(0)) + σ rb1 (θ1 − θ1(0)), σ = +1 for an external mesh (the gears
 * turn opposite ways) and −1 for an internal one (a ring gear, or a coupling of equal radii):
 * s = 0 at the start, centred in the play. The shared kinematics' "pin centre" is p = (s, 0),
 * linear in q; the gap is that of two flat walls at s = ± half the play, the flanks: region
 * forward (s > 0, body1's counter-clockwise turn closes it) and reverse. */
#include "cs_clearance.h"

#include <string.h>

void cs_gear_point(const cs_clearance *c, const cs_frame *f0, const cs_frame *f1, double p[2],
                   double Jp[12], double H[2][36])
{
  const double sg = c->mesh_internal ? -1.0 : 1.0, *rb = c->base_radius;
  p[0] = rb[0] * (f0->q[2] - c->angle0[0]) + sg * rb[1] * (f1->q[2] - c->angle0[1]);
  p[1] = 0.0;
  if (Jp) {
    memset(Jp, 0, 12 * sizeof *Jp);
    Jp[2] = rb[0];
    Jp[5] = sg * rb[1];
  }
  if (H)
    memset(H, 0, 2 * 36 * sizeof **H);
}

void cs_gear_gap(const cs_clearance *c, const double p[2], cs_gap *g)
{
  const double side = p[0] >= 0.0 ? 1.0 : -1.0;
  g->region = p[0] >= 0.0 ? 0 : 1;
  g->delta = side * p[0] - c->half_width;
  g->grad[0] = side;
  g->grad[1] = 0.0;
  g->hess[0] = g->hess[1] = g->hess[2] = g->hess[3] = 0.0;
}
