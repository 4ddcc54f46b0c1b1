/* clearance_start.c — a clearance joint at the start: the ideal joint it stands for, and how
 * fast its pin moves towards the walls. */
#include "cs_clearance.h"

#include <math.h>
#include <string.h>

const char *const cs_start_positions[] = {"given", "centred", "resting", NULL};

int cs_clearance_has_ideal(cs_clearance_kind kind)
{
  return kind == CS_CLEARANCE_REVOLUTE || kind == CS_CLEARANCE_SPHERICAL ||
         kind == CS_CLEARANCE_TRANSLATIONAL;
}

int cs_clearance_ideal(const cs_clearance *c, const double q0[3], const double q1[3], int centred,
                       cs_joint *j)
{
  if (!cs_clearance_has_ideal(c->kind))
    return -1;
  double p[2];
  const cs_frame f0 = cs_frame_of(q0), f1 = cs_frame_of(q1);
  cs_clearance_pin(c, &f0, &f1, p, NULL, NULL);
  memset(j, 0, sizeof *j);
  j->name = c->name;
  j->body[0] = c->body[0], j->body[1] = c->body[1];
  memcpy(j->point, c->point, sizeof j->point);
  if (c->kind != CS_CLEARANCE_TRANSLATIONAL) { /* a revolute at the hole's centre, or the pin's */
    j->kind = CS_JOINT_REVOLUTE;
    if (!centred)
      j->point[0][0] = p[0], j->point[0][1] = p[1];
    return 0;
  }
  /* a prismatic along the guide: the block's x along the axis (the turn nearest the given
   * one, either way round), its centre on the centre line, or both as given */
  const double n[2] = {-c->axis[1], c->axis[0]}, turn = q1[2] - q0[2],
               along = atan2(c->axis[1], c->axis[0]);
  j->kind = CS_JOINT_PRISMATIC;
  j->axis[0] = c->axis[0], j->axis[1] = c->axis[1];
  j->angle = centred ? along + M_PI * nearbyint((turn - along) / M_PI) : turn;
  if (!centred) {
    double h = n[0] * (p[0] - c->point[0][0]) + n[1] * (p[1] - c->point[0][1]);
    j->point[0][0] += h * n[0], j->point[0][1] += h * n[1];
  }
  return 0;
}

double cs_clearance_approach_speed(const cs_clearance *c, const double q0[3], const double q1[3],
                                   const double v0[3], const double v1[3])
{
  const double u[6] = {v0[0], v0[1], v0[2], v1[0], v1[1], v1[2]};
  const cs_frame f0 = cs_frame_of(q0), f1 = cs_frame_of(q1);
  double worst = 0.0;
  for (int pin = 0; pin < cs_clearance_pin_count(c); pin++) {
    double s1[2], p[2], Jp[12], pd[2] = {0, 0};
    int body[2], swap;
    cs_clearance_pin_bodies(c, pin, body);
    swap = body[0] != c->body[0]; /* a wall's feature against a follower outline */
    cs_clearance_pin_point(c, pin, s1);
    cs_clearance_point(c, s1, swap ? &f1 : &f0, swap ? &f0 : &f1, p, Jp, NULL);
    for (int k = 0; k < 6; k++) {
      int a = swap ? (k + 3) % 6 : k;
      pd[0] += Jp[k] * u[a], pd[1] += Jp[6 + k] * u[a];
    }
    if (c->kind == CS_CLEARANCE_REVOLUTE || c->kind == CS_CLEARANCE_SPHERICAL) {
      worst = fmax(worst, hypot(pd[0], pd[1])); /* a round hole: every way leads to the wall */
      continue;
    }
    cs_gap g; /* φ: the pin body's angle less the hole body's */
    const double *qh = swap ? q1 : q0, *qp = swap ? q0 : q1, *vh = swap ? v1 : v0,
                 *vp = swap ? v0 : v1;
    cs_clearance_pin_gap_turned(c, pin, p, qp[2] - qh[2], &g);
    if (c->kind == CS_CLEARANCE_PROFILE && (g.delta < -c->profile->size || g.beyond))
      continue; /* farther than the joint's size from its wall, or past its window: not at it */
    worst = fmax(worst, fabs(g.grad[0] * pd[0] + g.grad[1] * pd[1] + g.dphi * (vp[2] - vh[2])));
  }
  return worst;
}
