/*
 * cs_sim_state.c — what every formulation shares: consistent (re)starts, the state within the
 * integrator's last step, restarts, IDAS' counters, and why an integrator failed.
 */
#include "cs_sim_impl.h"
#include "cs_diagnose.h"

#include <idas/idas.h>
#include <stdlib.h>
#include <string.h>

/* yp's z part at the consistent (re)start: z' = f. */
static void state_rates(cs_sim *s)
{
  if (s->nz)
    cs_clearances_state_rate(s->clear, Q_OF(s, s->y), V_OF(s, s->y), Z_OF(s, s->yp), NULL,
                             NULL, NULL, NULL, 0);
}

/* y's multipliers and yp from the augmented system at y's (q, v) and the current contact
 * states: a consistent start or restart. */
cs_status cs_sim_make_consistent(cs_sim *s, double t, cs_error *err)
{
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  bind_states(s, s->y);
  total_forces(s, q, v, t, s->Q);
  cs_status st = cs_solve_accelerations(s->cons, q, v, t, s->Q, s->a, s->lambda, err);
  if (st)
    return st;
  memcpy(L_OF(s, s->y), s->lambda, (size_t)s->m * sizeof *s->lambda);
  if (s->form == CS_GGL)
    memset(MU_OF(s, s->y), 0, (size_t)s->m * sizeof(double));
  N_VConst(0.0, s->yp);
  memcpy(Q_OF(s, s->yp), v, (size_t)s->n * sizeof *v);
  memcpy(V_OF(s, s->yp), s->a, (size_t)s->n * sizeof *s->a);
  state_rates(s);
  return CS_OK;
}

/* ---- what the simulation asks of its integrator, IDAS or cs_rk ---- */

/* The state and quadratures at t within the integrator's last step. */
int cs_sim_state_at(cs_sim *s, double t, N_Vector y, N_Vector yq)
{
  if (s->explicit_on)
    return cs_rk_state_at(s->rk, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yq));
  return IDAGetDky(s->ida, t, 0, y) || IDAGetQuadDky(s->ida, t, 0, yq);
}

/* Where the integrator's last step began. */
double cs_sim_last_step_start(const cs_sim *s)
{
  if (s->explicit_on)
    return cs_rk_step_start(s->rk);
  realtype tn = 0, h = 0;
  IDAGetCurrentTime(s->ida, &tn);
  IDAGetLastStep(s->ida, &h);
  return tn - h;
}

/* IDAS' counters since its last (re)start, added to c[0 … 4]: steps, residuals, Jacobians,
 * error-test and convergence failures (nothing when they are banked already or it never ran). */
void cs_sim_add_ida_counters(const cs_sim *s, long c[5])
{
  long now[5] = {0};
  if (!s->ida || !s->ida_live)
    return;
  IDAGetNumSteps(s->ida, &now[0]);
  IDAGetNumResEvals(s->ida, &now[1]);
  IDAGetNumJacEvals(s->ida, &now[2]);
  IDAGetNumErrTestFails(s->ida, &now[3]);
  IDAGetNumNonlinSolvConvFails(s->ida, &now[4]);
  for (int i = 0; i < 5; i++)
    c[i] += now[i];
}

/* IDAS zeroes its counters on a restart: bank them first. */
static void bank_counters(cs_sim *s)
{
  cs_sim_add_ida_counters(s, s->base);
  s->ida_live = 0;
}

/* Under "auto": run cs_rk (explicit) or IDAS on ggl from the next restart on. */
void cs_sim_run_explicit(cs_sim *s, int explicit_on)
{
  if (explicit_on == s->explicit_on)
    return;
  if (explicit_on)
    bank_counters(s);
  else
    s->handovers++;
  s->explicit_on = explicit_on;
}

/* Restart the integrator at t_ida from y (q, v) with the contact states as they now are. Under
 * "auto", a contact event (`event`: the contact regime changed) restarts cs_rk; any other
 * restart keeps the integrator cs_sim_run_explicit chose. */
cs_status cs_sim_restart(cs_sim *s, double t_target, int event, cs_error *err)
{
  /* drift far below every tolerance needs no projection (cs_project.h) */
  if (cs_project(s->proj, s->t_ida, Q_OF(s, s->y), V_OF(s, s->y), 0,
                 PROJECT_BELOW * s->model->solver.atol,
                 PROJECT_BELOW * s->model->solver.atol * s->scales.frequency))
    return cs_fail(err, CS_ERR_SOLVER, "%s: at t = %.9g s the state left the constraints and "
                   "could not be brought back onto them", s->model->origin ? s->model->origin
                   : "model", s->t_ida);
  cs_clearances_settle(s->clear, s->t_ida, Q_OF(s, s->y), V_OF(s, s->y));
  if (s->nz)
    cs_clearances_reset_states(s->clear, Z_OF(s, s->y));
  s->base[5]++;
  double hint = 0.0;
  if (s->rk)
    hint = cs_regime_switch(s->regime, cs_rk_next_step(s->rk), cs_rk_largest_step(s->rk));
  if (s->hybrid && event) {
    cs_sim_run_explicit(s, 1);
    s->trial = 0, s->patience = HANDOVER_AFTER;
  }
  if (s->explicit_on) { /* cs_rk_init evaluates the accelerations itself */
    cs_rk_set_initial_step(s->rk, hint);
    if (cs_rk_init(s->rk, s->t_ida, N_VGetArrayPointer(s->y), N_VGetArrayPointer(s->yq)))
      return cs_fail(err, CS_ERR_SOLVER, "%s: the accelerations cannot be solved for at t = "
                     "%.9g s", s->model->origin ? s->model->origin : "model", s->t_ida);
    s->stiff_recent = 0, s->steps_recent = 0;
    return CS_OK;
  }
  cs_status st = cs_sim_make_consistent(s, s->t_ida, err);
  if (st)
    return st;
  bank_counters(s);
  if (IDAReInit(s->ida, s->t_ida, s->y, s->yp) || IDAQuadReInit(s->ida, s->yq) ||
      IDASetStopTime(s->ida, t_target))
    return cs_fail(err, CS_ERR_SOLVER, "restarting the integrator at t = %.9g s failed: %s",
                   s->t_ida, s->ida_message);
  s->ida_live = 1;
  return CS_OK;
}

/* Why the integrator stopped, in the mechanism's terms (cs_diagnose.h), at its last state;
 * `errors`: its local error estimates say something (a failed step, not refused input). */
void cs_sim_explain_failure(cs_sim *s, int errors, char *why, size_t size)
{
  N_Vector ele = N_VClone(s->y), w = N_VClone(s->y), y = N_VClone(s->y);
  int *contact = calloc((size_t)s->model->nclearance + 1, sizeof *contact);
  const double *weighted = NULL;
  realtype t = s->t_ida;
  int nweighted = s->N;
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  if (s->explicit_on) {
    weighted = cs_rk_weighted_error(s->rk);
    nweighted = 2 * s->n;
  } else {
    if (errors && ele && w && y && contact && !IDAGetEstLocalErrors(s->ida, ele) &&
        !IDAGetErrWeights(s->ida, w)) {
      N_VProd(ele, w, ele);
      double *e = N_VGetArrayPointer(ele);
      for (int i = 0; i < s->N; i++)
        e[i] *= s->tested[i]; /* what the error test did not weigh did not fail it */
      weighted = e;
    }
    if (y && !IDAGetCurrentTime(s->ida, &t) && !IDAGetDky(s->ida, t, 0, y))
      q = Q_OF(s, y), v = V_OF(s, y);
  }
  for (int k = 0; contact && k < s->model->nclearance; k++) {
    cs_clearance_state st;
    cs_clearances_output(s->clear, k, q, v, &st);
    contact[k] = st.in_contact;
  }
  cs_diagnose_start start = {s->rank0, s->q_start, s->t0, s->scales.length};
  total_forces(s, q, v, t, s->Q); /* what the failed evaluations met, first */
  if (!cs_diagnose_forces(s->model, s->Q, s->M, why, size))
    cs_diagnose(s->model, q, t, &start, weighted, nweighted, contact, why, size);
  N_VDestroy(ele);
  N_VDestroy(w);
  N_VDestroy(y);
  free(contact);
}
