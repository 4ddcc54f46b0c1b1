/* cs_plausible.c — numbers of a valid model that suggest a unit typed wrongly (clearsim.h
 * cs_model_plausibility): each check compares a value with the mechanism's own size or with
 * the physical range of its kind, far enough out (10² to 10³) that a real design never meets it. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cs_clearance.h"
#include "cs_model.h"

enum { MAX_POINTS = 256 };

#define CLEARANCE_SHARE 0.05 /* of the mechanism's size: real clearances are below 1 % */
#define DENSEST 1e5          /* kg/m³: five times osmium's */
#define E_MIN 1e4            /* Pa: softer than the softest elastomer foundation */
#define E_MAX 1e13           /* Pa: ten times diamond */
#define OMEGA_MAX 1e4        /* rad/s: about 95,000 r/min */
#define SPEED_MAX 1e3        /* m/s, a translation driver */
#define GRAVITY_MAX 100.0    /* m/s²: Earth's in mm/s² is 9810 */

typedef struct finding_buf {
  char *buf;
  size_t size, used;
  int count;
} finding_buf;

static void say(finding_buf *f, const char *fmt, ...)
{
  f->count++;
  if (f->used + 3 >= f->size)
    return;
  if (f->used > 0)
    f->used += (size_t)snprintf(f->buf + f->used, f->size - f->used, "; ");
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(f->buf + f->used, f->size - f->used, fmt, ap);
  va_end(ap);
  if (n > 0)
    f->used = f->used + (size_t)n < f->size ? f->used + (size_t)n : f->size - 1;
}

/* The points of body b's own geometry, in its frame, into xy (at most max): its attachment
 * points (cs_model_body_points), and the four extremes of each bounding circle of its profile
 * walls' and follower outlines' features, whose centres alone put a hole's wall at its middle;
 * returns how many. */
static int body_points(const cs_model *m, int b, double (*xy)[2], int max)
{
  int n = cs_model_body_points(m, b, xy, max);
  for (int k = 0; k < m->nclearance; k++)
    for (int s = 0; s < 2; s++) {
      const cs_clearance *c = &m->clearances[k];
      if (c->body[s] != b)
        continue;
      for (const cs_profile *w = s ? c->follower : c->profile; w; w = w->next)
        for (int i = 0; i < w->n; i++)
          for (int e = 0; e < 4 && n < max; e++, n++) {
            const double *bc = w->f[i].bc, r = w->f[i].br;
            xy[n][0] = bc[0] + (e == 0 ? r : e == 1 ? -r : 0.0);
            xy[n][1] = bc[1] + (e == 2 ? r : e == 3 ? -r : 0.0);
          }
    }
  return n < max ? n : max;
}

/* The largest distance of a body's own points (body_points) from its centre of mass, m. */
static double body_extent(const cs_model *m, int b)
{
  double xy[MAX_POINTS][2], r = 0.0;
  int n = body_points(m, b, xy, MAX_POINTS);
  for (int i = 0; i < n; i++)
    r = fmax(r, hypot(xy[i][0], xy[i][1]));
  return r;
}

/* The mechanism's size: the diagonal of the box holding every body's points at q0, m. */
static double mechanism_size(const cs_model *m)
{
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (int b = 0; b < m->nbody; b++) {
    double xy[MAX_POINTS][2], c = cos(m->bodies[b].q0[2]), s = sin(m->bodies[b].q0[2]);
    int n = body_points(m, b, xy, MAX_POINTS);
    for (int i = 0; i < n; i++) {
      double w[2] = {m->bodies[b].q0[0] + c * xy[i][0] - s * xy[i][1],
                     m->bodies[b].q0[1] + s * xy[i][0] + c * xy[i][1]};
      for (int k = 0; k < 2; k++)
        lo[k] = fmin(lo[k], w[k]), hi[k] = fmax(hi[k], w[k]);
    }
  }
  return isfinite(lo[0]) ? hypot(hi[0] - lo[0], hi[1] - lo[1]) : 0.0;
}

static void check_clearances(const cs_model *m, double size, finding_buf *f)
{
  for (int k = 0; k < m->nclearance; k++) {
    const cs_clearance *d = &m->clearances[k];
    double c = cs_model_clearance_size(m, k), pin_body = body_extent(m, d->body[1]);
    if (size > 0 && c > CLEARANCE_SHARE * size)
      say(f, "clearance joint %s: its clearance %.3g m is %.0f %% of the mechanism's size "
          "(%.3g m), where real clearances are below 1 %%: lengths typed in millimetres?",
          d->name, c, 100.0 * c / size, size);
    if (size > 0 && d->pin_radius > size)
      say(f, "clearance joint %s: its pin radius %.3g m exceeds the whole mechanism (%.3g m): "
          "a radius typed in millimetres?", d->name, d->pin_radius, size);
    else if (pin_body > 0 && d->pin_radius > 10.0 * pin_body)
      say(f, "clearance joint %s: its pin radius %.3g m is %.0f times the size of body %s "
          "that carries it (%.3g m)", d->name, d->pin_radius, d->pin_radius / pin_body,
          m->bodies[d->body[1]].name, pin_body);
    for (int s = 0; s < 2; s++) {
      double E = d->material[s].E;
      if (E > 0 && (E < E_MIN || E > E_MAX))
        say(f, "clearance joint %s: Young's modulus %.3g Pa of %s's material is outside "
            "any solid's (1e4 … 1e13 Pa, steel 2.1e11): typed in MPa or GPa?", d->name, E,
            m->bodies[d->body[s]].name);
    }
  }
}

static void check_bodies(const cs_model *m, finding_buf *f)
{
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *y = &m->bodies[b];
    double r = body_extent(m, b);
    if (y->ground || r <= 0)
      continue;
    double density = y->mass / pow(2.0 * r, 3); /* a lower bound: the body fits in a cube */
    if (density > DENSEST)
      say(f, "body %s: %.3g kg within %.3g m of its centre is denser than any material "
          "(over %.3g kg/m³): grams typed as kilograms, or millimetres as metres?", y->name,
          y->mass, r, density);
  }
}

static void check_drivers(const cs_model *m, finding_buf *f)
{
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    double v = fabs(j->motion.velocity);
    if (j->kind == CS_DRIVER_ANGLE && v > OMEGA_MAX)
      say(f, "driver %s: %.4g rad/s is %.4g r/min, beyond any machine: r/min typed as "
          "rad/s (velocity is in rad/s; 1 r/min = 0.10472 rad/s)?", j->name, v,
          v * 30.0 / M_PI);
    if (j->kind == CS_DRIVER_TRANSLATION && v > SPEED_MAX)
      say(f, "driver %s: %.4g m/s: millimetres per second typed as metres per second?",
          j->name, v);
  }
}

int cs_model_plausibility(const cs_model *m, char *buf, size_t size)
{
  finding_buf f = {buf, size, 0, 0};
  if (buf && size)
    buf[0] = '\0';
  char scratch[1];
  if (!buf || size == 0)
    f.buf = scratch, f.size = 1;
  double g = hypot(m->gravity[0], m->gravity[1]);
  if (g > GRAVITY_MAX)
    say(&f, "gravity %.4g m/s² is %.0f times Earth's: given in mm/s²?", g, g / 9.80665);
  check_clearances(m, mechanism_size(m), &f);
  check_bodies(m, &f);
  check_drivers(m, &f);
  return f.count;
}
