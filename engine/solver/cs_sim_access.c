/*
 * cs_sim_access.c — the public accessors (clearsim.h): the view state, its energies, the
 * counters, the contacts.
 */
#include "cs_sim_impl.h"

#include <idas/idas.h>
#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- accessors -------------- */

const cs_model *cs_sim_model(const cs_sim *s) { return s->model; }
cs_formulation cs_sim_formulation(const cs_sim *s) { return s->hybrid ? CS_AUTO : s->form; }

const cs_scales *cs_sim_scales(const cs_sim *s) { return &s->scales; }
double cs_sim_time(const cs_sim *s) { return s->t; }

static void body_vector(const cs_sim *s, int b, const double *src, const double *ground,
                        double out[3])
{
  const cs_body *body = &s->model->bodies[b];
  if (body->ground)
    memcpy(out, ground, 3 * sizeof *out);
  else
    memcpy(out, src + body->coord, 3 * sizeof *out);
}

static const double zeros[3] = {0, 0, 0};

void cs_sim_body_position(const cs_sim *s, int b, double q[3])
{
  body_vector(s, b, Q_OF(s, s->view), s->model->bodies[b].q0, q);
}

void cs_sim_body_velocity(const cs_sim *s, int b, double v[3])
{
  body_vector(s, b, V_OF(s, s->view), zeros, v);
}

void cs_sim_body_acceleration(const cs_sim *s, int b, double a[3])
{
  body_vector(s, b, s->a, zeros, a);
}

double cs_sim_lambda(const cs_sim *s, int row) { return s->lambda[row]; }
const char *cs_sim_constraint_name(const cs_sim *s, int row) { return s->row_names[row]; }

double cs_sim_driver_reaction(const cs_sim *s, int joint)
{
  const cs_joint *j = &s->model->joints[joint];
  return cs_joint_is_driver(j) ? -s->lambda[j->row0] : 0.0;
}

static double drift(const cs_sim *s, int velocity)
{
  cs_sim *w = (cs_sim *)s; /* scratch arrays only */
  const double *q = Q_OF(s, s->view), *v = V_OF(s, s->view);
  cs_constraints(s->model, q, s->t, w->phi, &w->jac, w->work, NULL);
  if (velocity) {
    cs_jac_mul(&w->jac, v, w->phi);
    for (int r = 0; r < s->m; r++)
      w->phi[r] += w->work[r];
  }
  double worst = 0.0;
  for (int r = 0; r < s->m; r++)
    worst = fmax(worst, fabs(w->phi[r]));
  return worst;
}

double cs_sim_position_drift(const cs_sim *s) { return drift(s, 0); }
double cs_sim_velocity_drift(const cs_sim *s) { return drift(s, 1); }

int cs_sim_constraint_rank(const cs_sim *s)
{
  return cs_consistent_rank(s->cons, Q_OF(s, s->view), s->t);
}

void cs_sim_energy(const cs_sim *s, cs_energy *e)
{
  const double *quad = N_VGetArrayPointer(s->viewq);
  memset(e, 0, sizeof *e);
  e->kinetic = cs_kinetic_energy(s->model, V_OF(s, s->view));
  e->potential = cs_potential_energy(s->model, Q_OF(s, s->view));
  e->strain = cs_clearances_strain(s->clear, Q_OF(s, s->view));
  e->dissipated = quad[QUAD_DISSIPATED];
  e->driver_work = quad[QUAD_DRIVER];
  e->applied_work = quad[QUAD_APPLIED];
  e->balance_error = e->kinetic + e->potential + e->strain + e->dissipated - e->driver_work -
                     e->applied_work - s->energy0;
}

void cs_sim_stats(const cs_sim *s, cs_stats *st)
{
  memset(st, 0, sizeof *st);
  long c[5] = {s->base[0], s->base[1], s->base[2], s->base[3], s->base[4]};
  realtype h = 0.0;
  cs_sim_add_ida_counters(s, c);
  st->steps = c[0], st->residual_evals = c[1], st->jacobian_evals = c[2];
  st->error_test_failures = c[3], st->convergence_failures = c[4];
  if (s->hybrid)
    st->implicit_steps = c[0], st->handovers = s->handovers;
  if (s->rk) {
    cs_rk_counters r;
    cs_rk_counters_get(s->rk, &r);
    st->steps += r.steps;
    st->residual_evals += r.rhs_evals;
    st->error_test_failures += r.error_test_failures;
    st->convergence_failures += r.rejected_states;
    h = r.last_step;
  }
  if (!s->explicit_on)
    IDAGetLastStep(s->ida, &h);
  st->last_step = h;
  st->root_events = s->base[5];
  st->outputs = s->next_output - 1;
  st->wall_time = s->wall;
}

void cs_sim_clearance(const cs_sim *s, int k, cs_clearance_state *state)
{
  bind_states(s, s->view);
  cs_clearances_output(s->clear, k, Q_OF(s, s->view), V_OF(s, s->view), state);
}

void cs_sim_clearance_corner(const cs_sim *s, int k, int corner, cs_clearance_state *state)
{
  bind_states(s, s->view);
  cs_clearances_pin_output(s->clear, k, corner, Q_OF(s, s->view), V_OF(s, s->view), state);
}

int cs_sim_clearance_wear(const cs_sim *s, int k, double *depth, int max)
{
  return cs_clearances_wear_profile(s->clear, k, depth, max);
}

int cs_sim_event_count(const cs_sim *s) { return cs_clearances_event_count(s->clear); }

void cs_sim_event(const cs_sim *s, int i, cs_contact_event *event)
{
  *event = *cs_clearances_event(s->clear, i);
}

long cs_sim_clip_count(const cs_sim *s) { return cs_clearances_clip_count(s->clear); }

const char *cs_sim_warnings(const cs_sim *s) { return s->warnings; }

const char *cs_version(void) { return CS_VERSION; }
