/*
 * cs_evidence.c — suspect states of a run (cs_evidence.h). It reads the simulation through
 * the public accessors and the model's definitions only.
 */
#include "cs_evidence.h"
#include "cs_assembly.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "clearsim.h"
#include "cs_model.h"

static const double INITIAL_SHARE = 1e-2; /* of the clearance, at t0 */
static const double RADIUS_SHARE = 0.25;  /* of the pin radius */
static const double FORCE_FACTOR = 1e3;   /* times the forces the mechanism can carry */

/* The most the applied force elements can push with while the mechanism stays within its
 * extent L at speeds V: constant loads, actuators, springs stretched by L, dampers at V. */
static double applied_bound(const cs_model *m, const cs_scales *sc)
{
  double f = 0.0, L = sc->length;
  for (int k = 0; k < m->nforce; k++) {
    const cs_force *e = &m->forces[k];
    switch (e->kind) {
    case CS_FORCE_SPRING:
      f += fabs(e->actuation) + e->stiffness * (L + e->free_length) + e->damping * sc->speed;
      break;
    case CS_FORCE_TORSION:
      f += (fabs(e->actuation) + e->stiffness * (3.141592653589793 + fabs(e->free_length)) +
            e->damping * sc->frequency) / L;
      break;
    case CS_FORCE_POINT:
      f += hypot(e->force[0], e->force[1]);
      break;
    case CS_FORCE_TORQUE:
      f += fabs(e->torque) / L;
      break;
    default:
      break;
    }
  }
  return f;
}

/* The joints' counts are cumulative: the run's total is their sum at the latest state. */
static void track_domain(cs_evidence *ev, const cs_clearance_state *c, int k)
{
  if (k == 0)
    ev->outside = 0;
  ev->outside += c->outside_domain;
  double share = c->outside_domain > 0 ? c->outside_depth / c->domain_limit : 0.0;
  if (share > ev->outside_share) {
    ev->outside_share = share;
    ev->outside_depth = c->outside_depth;
    ev->outside_limit = c->domain_limit;
    ev->outside_joint = k;
  }
}

/* The name of the joint's elastic law that has a domain (the regions of a slot share theirs). */
static const char *domain_law(const cs_clearance *d)
{
  for (int r = 0; r < d->nregion; r++)
    if (d->contact[r].law[CS_ELASTIC]->domain)
      return d->contact[r].law[CS_ELASTIC]->name;
  return d->contact[0].law[CS_ELASTIC]->name;
}

static void track_contacts(cs_evidence *ev, const cs_sim *sim, const cs_model *m)
{
  for (int k = 0; k < m->nclearance; k++) {
    cs_clearance_state c;
    cs_sim_clearance(sim, k, &c);
    ev->contact = fmax(ev->contact, fabs(c.normal_force) + fabs(c.tangential_force));
    double clearance = cs_model_clearance_size(m, k), radius = m->clearances[k].pin_radius;
    if (!ev->started && c.penetration > INITIAL_SHARE * clearance &&
        c.penetration > ev->initial_depth) {
      ev->initial_depth = c.penetration;
      ev->initial_joint = k;
    }
    track_domain(ev, &c, k);
    double by_radius = c.penetration / (RADIUS_SHARE * radius);
    double by_clearance = c.penetration / clearance;
    double share = fmax(by_radius, by_clearance);
    if (share > ev->depth_share) {
      ev->depth_share = share;
      ev->depth = c.penetration;
      ev->depth_t = cs_sim_time(sim);
      ev->depth_joint = k;
    }
  }
}

/* |λ| (N or N·m, so compared with F·max(1 m, L)); a driver's row is reported as the driver's
 * reaction (−λ of its row, cs_sim_driver_reaction). */
static void track_multipliers(cs_evidence *ev, const cs_sim *sim, const cs_model *m,
                              const cs_scales *sc)
{
  double scale = (sc->force + ev->contact + ev->applied) * fmax(1.0, sc->length);
  if (!(scale > 0.0))
    return;
  for (int r = 0; r < m->nrow; r++) {
    double share = fabs(cs_sim_lambda(sim, r)) / scale;
    if (!(share > ev->lambda_share))
      continue;
    int j = cs_row_joint(m, r), driver = cs_joint_is_driver(&m->joints[j]) ? j : -1;
    ev->lambda_share = share;
    ev->lambda = driver >= 0 ? cs_sim_driver_reaction(sim, j) : cs_sim_lambda(sim, r);
    ev->lambda_t = cs_sim_time(sim);
    ev->lambda_scale = scale;
    ev->lambda_row = r;
    ev->lambda_driver = driver;
  }
}

void cs_evidence_track(cs_evidence *ev, const cs_sim *sim, const cs_scales *scales)
{
  const cs_model *m = cs_sim_model(sim);
  if (!ev->started)
    ev->applied = applied_bound(m, scales);
  track_contacts(ev, sim, m);
  track_multipliers(ev, sim, m, scales);
  ev->started = 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void append(char *buf, size_t size, const char *fmt, ...)
{
  size_t used = strlen(buf);
  if (used + 1 >= size)
    return;
  if (used > 0)
    used += (size_t)snprintf(buf + used, size - used, "; ");
  if (used + 1 >= size)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + used, size - used, fmt, ap);
  va_end(ap);
}

/* x > 0 rounded down to 3 significant digits: advice printed with %.3g that rounded up would
 * name a value past the limit, which does not lift the warning. */
static double floor3(double x)
{
  double unit = pow(10.0, floor(log10(x)) - 2.0);
  return floor(x / unit * (1.0 + 1e-12)) * unit;
}

void cs_evidence_append_domain(char *buf, size_t size, const char *who, const char *law,
                               long steps, double depth, double limit)
{
  append(buf, size, "%s: elastic law \"%s\" used past its domain at %ld accepted steps, to "
         "delta = %.3g m against its limit %.3g m: its formula has no solution there and a "
         "stand-in answered (F ~ delta^3 for the log laws); set its fit_range to at most "
         "%.3g m for 004 sec. 2's power law fitted over the valid range, or use another law",
         who, law, steps, depth, limit, floor3(limit));
}

void cs_evidence_append(const cs_evidence *ev, const cs_sim *sim, char *buf, size_t size)
{
  const cs_model *m = cs_sim_model(sim);
  if (ev->initial_depth > 0.0) {
    int k = ev->initial_joint;
    append(buf, size, "clearance joint \"%s\" starts with the pin %.3g m inside the wall "
           "(clearance %.3g m): the first step meets a force the model did not mean; check "
           "its initial positions", cs_model_clearance_name(m, k), ev->initial_depth,
           cs_model_clearance_size(m, k));
  }
  if (ev->depth_share > 1.0 && ev->depth > ev->initial_depth) {
    int k = ev->depth_joint;
    double c = cs_model_clearance_size(m, k), R = m->clearances[k].pin_radius;
    char beyond[160];
    if (ev->depth > c && ev->depth > RADIUS_SHARE * R)
      snprintf(beyond, sizeof beyond, "beyond the clearance %.3g m and %.3g of the pin radius",
               c, ev->depth / R);
    else if (ev->depth > c)
      snprintf(beyond, sizeof beyond, "beyond the clearance %.3g m", c);
    else
      snprintf(beyond, sizeof beyond, "%.3g of the pin radius %.3g m", ev->depth / R, R);
    append(buf, size, "clearance joint \"%s\": penetration %.3g m at t = %.6g s, %s: deeper "
           "than the contact laws' small deformations", cs_model_clearance_name(m, k),
           ev->depth, ev->depth_t, beyond);
  }
  if (ev->outside > 0) {
    char who[256];
    snprintf(who, sizeof who, "clearance joint \"%s\"",
             cs_model_clearance_name(m, ev->outside_joint));
    cs_evidence_append_domain(buf, size, who, domain_law(&m->clearances[ev->outside_joint]),
                              ev->outside, ev->outside_depth, ev->outside_limit);
  }
  if (ev->lambda_share > FORCE_FACTOR) {
    if (ev->lambda_driver >= 0)
      append(buf, size, "driver \"%s\": reaction %.3g at t = %.6g s, %.3g times the forces "
             "the mechanism can carry (%.3g N, times L for moments): a singular position, not "
             "a load", cs_model_joint_name(m, ev->lambda_driver), ev->lambda, ev->lambda_t,
             ev->lambda_share, ev->lambda_scale);
    else
      append(buf, size, "multiplier %s = %.3g at t = %.6g s, %.3g times the forces the "
             "mechanism can carry (%.3g N, times L for moments): a singular position, not a "
             "load", cs_sim_constraint_name(sim, ev->lambda_row), ev->lambda, ev->lambda_t,
             ev->lambda_share, ev->lambda_scale);
  }
}
