/*
 * cs_evidence.c — suspect states of a run (cs_evidence.h). It reads the simulation through
 * the public accessors and the model's definitions only.
 */
#include "cs_evidence.h"
#include "cs_assembly.h"
#include "cs_clearance.h"
#include "cs_sim_impl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "clearsim.h"
#include "cs_model.h"

static const double INITIAL_SHARE = 1e-2; /* of the clearance, at t0 */
static const double RADIUS_SHARE = 0.25;  /* of the pin radius */
static const double FORCE_FACTOR = 1e3;   /* times the forces the mechanism can carry */
static const double LOOSE_FACTOR = 10.0;  /* GGL's atol over the positions' cap */
/* Of the speed scale V, at t0: an ideal start has 0; the mechanisms' steady impacts are about
 * 1 % (the four-bar of tests/unit/joints/test_clearance_start.c at 600 r/min: 0.24 m/s, V = 30 m/s). */
static const double START_SHARE = 5e-2;

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

/* At t0, the clearance joints whose pin's approach to the walls (cs_clearance_approach_speed)
 * beyond START_SHARE of the speed scale V is not what the model says: a given start from a
 * velocity the file leaves out (the assembly's guess), or an ideal start that replaced the
 * velocities the file gives both bodies (a pin thrown at its wall, say). */
static void track_start(cs_evidence *ev, const cs_sim *sim, const cs_model *m,
                        const cs_scales *sc)
{
  static const double none[3] = {0, 0, 0};
  const double limit = START_SHARE * sc->speed;
  for (int k = 0; k < m->nclearance; k++) {
    const cs_clearance *c = &m->clearances[k];
    const cs_body *b[2] = {&m->bodies[c->body[0]], &m->bodies[c->body[1]]};
    int written = (b[0]->ground || b[0]->v0_written) && (b[1]->ground || b[1]->v0_written);
    if (written != c->start.ideal_velocity)
      continue;
    double q[2][3], v[2][3];
    for (int i = 0; i < 2; i++) {
      cs_sim_body_position(sim, c->body[i], q[i]);
      cs_sim_body_velocity(sim, c->body[i], v[i]);
      if (written)
        memcpy(v[i], b[i]->ground ? none : b[i]->v0, sizeof v[i]);
    }
    double speed = cs_clearance_approach_speed(c, q[0], q[1], v[0], v[1]);
    if (speed > limit && speed / limit > ev->start_share) {
      ev->start_share = speed / limit;
      ev->start_speed = speed;
      ev->start_scale = sc->speed;
      ev->start_joint = k;
    }
  }
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

/* Whether the formulation and tolerances hold a clearance joint's contact sequence: index 3
 * weighs no velocity (its error test would stall), so nothing bounds the error of δ'(−) that
 * decides an impact; GGL with atol beyond LOOSE_FACTOR times the positions' cap (the clearance
 * slider-crank at rtol 1e-6 … 1e-3: 7 of 7 such runs wrong, 41-53 contacts for 26; 9 of 11
 * right at or below it). The projected formulation (and auto's) found the right sequence at
 * every tolerance measured. */
static int loose_tolerance(const cs_model *m)
{
  if (m->nclearance == 0)
    return 0;
  if (m->solver.formulation == CS_INDEX3)
    return 1;
  double held = CS_CLEARANCE_SHARE * cs_model_smallest_clearance(m); /* positions' cap, m */
  return m->solver.formulation == CS_GGL && m->solver.atol > LOOSE_FACTOR * held ? 2 : 0;
}

void cs_evidence_track(cs_evidence *ev, const cs_sim *sim, const cs_scales *scales)
{
  const cs_model *m = cs_sim_model(sim);
  if (!ev->started) {
    ev->applied = applied_bound(m, scales);
    ev->loose = loose_tolerance(m);
    track_start(ev, sim, m, scales);
  }
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
  if (ev->start_share > 1.0) {
    int k = ev->start_joint;
    if (m->clearances[k].start.ideal_velocity)
      append(buf, size, "clearance joint \"%s\" starts as its ideal joint (\"start\": "
             "\"ideal\", the default): the velocities the model gives its bodies, the pin "
             "moving towards the wall at %.3g m/s (%.3g of the mechanism's speed scale %.3g "
             "m/s), were replaced by the ideal joint's; \"start\": \"given\" keeps them",
             cs_model_clearance_name(m, k), ev->start_speed, ev->start_speed / ev->start_scale,
             ev->start_scale);
    else
      append(buf, size, "clearance joint \"%s\" starts with its pin moving towards the wall at "
             "%.3g m/s (%.3g of the mechanism's speed scale %.3g m/s), from the assembly's "
             "guess for a body the model gives no velocity (its start is \"given\"): the first "
             "impacts are the start's, not the mechanism's; \"start\": \"ideal\" starts it "
             "with the ideal joint's velocities", cs_model_clearance_name(m, k),
             ev->start_speed, ev->start_speed / ev->start_scale, ev->start_scale);
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
  if (ev->loose == 1)
    append(buf, size, "formulation index3 leaves the velocities out of the error test, so no "
           "tolerance holds the clearance joints' impact velocities: the contact sequence is "
           "likely wrong (the clearance slider-crank found 37-48 contacts at rtol 1e-4 ... "
           "1e-8 where 26 is right); use ggl or projected, and check with run --verify");
  else if (ev->loose == 2) {
    double held = CS_CLEARANCE_SHARE * cs_model_smallest_clearance(m);
    append(buf, size, "atol %g is more than %g times the %.3g m (%g of the smallest "
           "clearance) positions are held to: GGL's contact sequence is likely wrong there "
           "(the clearance slider-crank found 41-53 contacts where 26 is right in 7 of 7 such "
           "runs); set atol to at most %.3g, or check with run --verify", m->solver.atol,
           LOOSE_FACTOR, held, CS_CLEARANCE_SHARE, held);
  }
  if (ev->outside > 0) {
    char who[256];
    snprintf(who, sizeof who, "clearance joint \"%s\"",
             cs_model_clearance_name(m, ev->outside_joint));
    cs_evidence_append_domain(buf, size, who, domain_law(&m->clearances[ev->outside_joint]),
                              ev->outside, ev->outside_depth, ev->outside_limit);
  }
  const cs_handover_steps hs = cs_clearances_handover_steps(sim->clear);
  if (hs.count > 0)
    append(buf, size, "clearance joint \"%s\": the contact passed %ld times between pairs of "
           "different radii at the edge of an arc whose circle stands out (its window), under "
           "a law whose stiffness depends on the radii: its potential stepped there, by up to "
           "%.3g J and %.3g J in all (the energy books carry it); a law with its own "
           "stiffness (power_law's K) steps nothing", cs_model_clearance_name(m, hs.joint),
           hs.count, hs.worst, hs.total);
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
