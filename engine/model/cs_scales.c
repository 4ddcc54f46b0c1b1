/* cs_scales.c — a mechanism's length, frequency, speed and force scales. */
#include "cs_scales.h"
#include "cs_assembly.h"
#include "cs_planar.h"

#include <math.h>

/* World positions of every body centre and attachment point: the extent of the mechanism. */
static double extent(const cs_model *m, const double *q)
{
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (int k = 0; k < m->njoint + m->nclearance; k++) {
    const int *body = k < m->njoint ? m->joints[k].body : m->clearances[k - m->njoint].body;
    const double(*pt)[2] = k < m->njoint ? m->joints[k].point
                                         : m->clearances[k - m->njoint].point;
    for (int e = 0; e < 2; e++) {
      const double *pose = cs_body_pose(m, q, body[e]);
      double w[2];
      cs_point(pose, pt[e], w);
      for (int d = 0; d < 2; d++) {
        lo[d] = fmin(lo[d], fmin(w[d], pose[d]));
        hi[d] = fmax(hi[d], fmax(w[d], pose[d]));
      }
    }
  }
  double L = isfinite(lo[0]) ? hypot(hi[0] - lo[0], hi[1] - lo[1]) : 0.0;
  return L > 0.0 ? L : 1.0; /* a lone free body: metres */
}

static double driver_rate(const cs_joint *j, double L)
{
  const cs_motion *f = &j->motion;
  double rate = fabs(f->velocity) + fabs(f->amplitude * f->frequency);
  return j->kind == CS_DRIVER_ANGLE ? rate : rate / L;
}

void cs_scales_of(const cs_model *m, const double *q, const double *v, cs_scales *s)
{
  double L = extent(m, q), g = hypot(m->gravity[0], m->gravity[1]);
  double omega = sqrt(g / L), mass = 0.0;
  for (int k = 0; k < m->njoint; k++)
    if (cs_joint_is_driver(&m->joints[k]))
      omega = fmax(omega, driver_rate(&m->joints[k], L));
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (body->ground)
      continue;
    const double *u = v + body->coord;
    omega = fmax(omega, fmax(fabs(u[2]), hypot(u[0], u[1]) / L));
    mass += body->mass;
  }
  if (!(omega > 0.0))
    omega = 1.0; /* nothing moves and nothing pulls: seconds */
  s->length = L;
  s->frequency = omega;
  s->speed = omega * L;
  s->force = mass * (g + omega * omega * L);
}
