#define _POSIX_C_SOURCE 200809L /* clock_gettime */
/*
 * cs_sim.c — the simulation: its life cycle and set-up, output instants, energy books, and
 * the step loop; the formulations' integrators are cs_sim_dae.c (index3, ggl on IDAS),
 * cs_sim_projected.c (projected on cs_rk) and cs_sim_auto.c (auto), on cs_sim_impl.h.
 *
 * IDAS runs one step at a time: after each step the clearance joints commit their contact
 * histories, outputs due within the step are interpolated, and located roots switch contacts
 * on or off, after which IDAS restarts from a consistent state (the contact force changes
 * its law there). Accessors report the `view` state: the last output instant, or where the
 * last advance ended.
 */
#include "cs_clock.h"
#include "cs_sim_impl.h"

#include <idas/idas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Round-off floor of an absolute tolerance, in ulps of its unknown's scale: IDA's Newton
 * corrections cannot shrink below a few ulps of the largest terms of the residual, and a
 * weight finer than that makes the convergence test unpassable (measured: the clearance
 * slider-crank at atol 1e-15 died with h = 1e-25). */
static const double ROUNDOFF_ULPS = 100.0;

/* The largest error a position may carry, as a share of the smallest clearance (m; divided
 * by the mechanism's length for angles). At 1e-3 it kept runs alive (the 0.1 mm clearance
 * slider-crank at rtol 1e-3, rtol·|q| = 0.2 mm, failed at 0.65 s with its energy at 5e10 J)
 * but not right: at its file's tolerance (1e-6) the 0.5 mm clearance slider-crank at
 * 5000 r/min found 52 contacts (GGL) or 22 (projected) where an rtol 1e-11 run finds 26, the
 * sequence parting from the 15th. Measured against that reference: 1e-5 gets GGL right (26,
 * onsets within 1.2e-6 s) but not the projected formulation (28); 3e-6 gets both right at the
 * file's tolerance (26 of 26, onsets within 1e-6 s and 2.2e-6 s), and the projected one at any
 * rtol up to 1e-3 (1,890 steps), for 15 % more GGL steps (6,179 → 7,093). */
static const double CLEARANCE_SHARE = CS_CLEARANCE_SHARE;

/* An algebraic unknown's weight relative to its scale where its Newton corrections stall at
 * round-off amplified by 1/h or 1/h², which outgrows any fixed scale as steps shrink: none to
 * speak of. Index-3 v and λ (measured: weights on the scales V and F stalled the clearance
 * slider-crank at t = 2e-11 s at every rtol ≤ 1e-7), and GGL's μ, whose correction is Φ's
 * round-off over h (weighted on V, Andrews' squeezer failed at t = 0 at every rtol ≤ 1e-8:
 * each failed step's smaller h raised the floor). μ is 0 on the solution and acts only through
 * q', which the test weighs. */
static const double INDEX3_FREE = 1e12;

/* ---------------------------------------------------------------- set-up ----------------- */

static cs_status name_rows(cs_sim *s, cs_error *err)
{
  s->row_names = calloc((size_t)s->m + 1, sizeof *s->row_names);
  if (!s->row_names)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  for (int k = 0; k < s->model->njoint; k++) {
    const cs_joint *j = &s->model->joints[k];
    for (int r = 0; r < j->nrows; r++) {
      size_t len = strlen(j->name) + 16;
      char *name = malloc(len);
      if (!name)
        return cs_fail(err, CS_ERR_MEMORY, "out of memory");
      snprintf(name, len, "%s.%s", j->name, cs_joint_row_label(j->kind, r));
      s->row_names[j->row0 + r] = name;
    }
  }
  return CS_OK;
}

static cs_status allocate(cs_sim *s, cs_error *err)
{
  int n = s->n, m = s->m;
  s->M = calloc((size_t)n, sizeof *s->M);
  s->Q = calloc((size_t)n, sizeof *s->Q);
  s->frame = calloc((size_t)s->model->nbody + 1, sizeof *s->frame);
  s->phi = calloc((size_t)m + 1, sizeof *s->phi);
  s->work = calloc((size_t)(m > n ? m : n) + 1, sizeof *s->work);
  s->a = calloc((size_t)n, sizeof *s->a);
  s->lambda = calloc((size_t)m + 1, sizeof *s->lambda);
  s->qa = calloc((size_t)n, sizeof *s->qa);
  s->qlambda = calloc((size_t)m + 1, sizeof *s->qlambda);
  s->q_start = calloc((size_t)n + 1, sizeof *s->q_start);
  if (!s->M || !s->Q || !s->frame || !s->phi || !s->work || !s->a || !s->lambda || !s->qa ||
      !s->qlambda || !s->q_start || cs_jac_init(&s->jac, s->model) ||
      !(s->cons = cs_consistent_create(s->model)))
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  return name_rows(s, err);
}

/* Initial state: assembled positions and velocities, contacts already closed at t0, then a
 * and λ. */
static cs_status initial_state(cs_sim *s, cs_error *err)
{
  const cs_model *m = s->model;
  double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  N_VConst(0.0, s->y);
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (!body->ground) {
      memcpy(q + body->coord, body->q0, 3 * sizeof *q);
      memcpy(v + body->coord, body->v0, 3 * sizeof *v);
    }
  }
  cs_status st = cs_assemble_start(s->cons, s->t0, q, v, err);
  if (st)
    return st;
  /* Assembly stops at a residual of 1e-12 of the coordinates; IDAS at atol 1e-15 must start
   * on the constraints to round-off (the four-bar failed at t0 otherwise). */
  if (cs_project(s->proj, s->t0, q, v, 1, 0.0, 0.0))
    return cs_fail(err, CS_ERR_ASSEMBLY, "%s: the assembled state cannot be brought onto the "
                   "constraints to round-off", m->origin ? m->origin : "model");
  for (int k = 0; k < cs_clearances_count(s->clear); k++)
    if (cs_clearances_gap(s->clear, k, q) > 0.0)
      cs_clearances_open(s->clear, k, s->t0, q, v);
  cs_clearances_settle(s->clear, s->t0, q, v); /* and those touching, δ = 0, not moving out */
  for (int k = 0; k < cs_clearances_count(s->clear); k++) /* on their wall, δ's sign round-off */
    if (cs_clearances_starts_resting(s->clear, k) && !cs_clearances_in_contact(s->clear, k))
      cs_clearances_open(s->clear, k, s->t0, q, v);
  return cs_sim_make_consistent(s, s->t0, err);
}

/* Each unknown's absolute tolerance on its own physical scale (cs_scales.h), and whether it
 * is in the error test (id 1):
 *   positions       atol (m, rad), the model's;
 *   velocities      atol·Ω (m/s, rad/s): a position error atol over the mechanism's time
 *                   scale 1/Ω; in the error test for GGL only (index-3 velocities are not:
 *                   IDA's estimate of their error does not shrink with h, and it stalls);
 *   λ (GGL)         the force scale F, for the Newton test alone;
 *   μ (GGL)         INDEX3_FREE times V, for the Newton test alone;
 *   index-3 v, λ    INDEX3_FREE times V and F, for the Newton test alone;
 * each at least ROUNDOFF_ULPS ulps of its scale. The multipliers (and index-3 velocities)
 * are algebraic: they follow from q and v, their Newton corrections stall at a round-off
 * floor amplified by 1/h, and outputs report a and λ solved from the augmented system at the
 * output state, so a weight on their own scale (not the positions') is what keeps them from
 * failing IDA's convergence test at tight tolerances. */
static void absolute_tolerances(const cs_sim *s, double *at, double *cap, double *id)
{
  const cs_solver_settings *set = &s->model->solver;
  const double ulp = ROUNDOFF_ULPS * DBL_EPSILON;
  const cs_scales sc = s->scales;
  /* No position may be off by more than CLEARANCE_SHARE of the smallest clearance, whatever
   * rtol·|q| allows: a coarser error cannot tell contact from gap. */
  double c = cs_model_smallest_clearance(s->model);
  if (set->cap_scale > 0.0)
    c *= set->cap_scale;
  for (int i = 0; i < s->N; i++)
    cap[i] = INFINITY;
  for (int i = 0; i < s->n; i++) {
    int rotation = i % 3 == 2;
    double length = rotation ? 1.0 : sc.length, speed = rotation ? sc.frequency : sc.speed;
    cap[i] = fmax(CLEARANCE_SHARE * c / (rotation ? sc.length : 1.0), ulp * length);
    if (s->form != CS_INDEX3)
      cap[s->n + i] = fmax(cap[i] * sc.frequency, ulp * speed);
    at[i] = fmax(set->atol, ulp * length);
    id[i] = 1.0;
    if (s->form != CS_INDEX3) {
      at[s->n + i] = fmax(set->atol * sc.frequency, ulp * speed);
      id[s->n + i] = 1.0;
    } else {
      at[s->n + i] = INDEX3_FREE * speed;
      id[s->n + i] = 0.0;
    }
  }
  for (int i = s->N - s->nz; i < s->N; i++) { /* bristle deflections: lengths */
    at[i] = fmax(set->atol, ulp * sc.length);
    id[i] = 1.0;
  }
  for (int r = 0; r < s->m; r++) {
    at[2 * s->n + r] = s->form != CS_INDEX3 ? sc.force : INDEX3_FREE * sc.force;
    id[2 * s->n + r] = 0.0;
    if (s->form == CS_GGL) {
      at[2 * s->n + s->m + r] = INDEX3_FREE * sc.speed;
      id[2 * s->n + s->m + r] = 0.0;
    }
  }
}

/* Tolerances on the unknowns' own scales, then the formulation's integrator. */
static cs_status setup_integrator(cs_sim *s, cs_error *err)
{
  N_Vector id = N_VNew_Serial(s->N, s->ctx);
  s->atol = calloc(3 * (size_t)s->N, sizeof *s->atol);
  if (!id || !s->atol) {
    N_VDestroy(id);
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  s->cap = s->atol + s->N;
  absolute_tolerances(s, s->atol, s->cap, N_VGetArrayPointer(id));
  s->tested = s->cap + s->N;
  memcpy(s->tested, N_VGetArrayPointer(id), (size_t)s->N * sizeof *s->tested);
  cs_status st;
  if (s->form == CS_PROJECTED) {
    st = cs_sim_projected_setup(s, err);
  } else {
    st = cs_sim_dae_setup(s, id, err);
    s->hybrid = s->hybrid && !cs_sim_projected_refusal(s); /* else ggl alone */
    if (s->hybrid && !st) { /* auto: both, the explicit one first (form stays IDAS' DAE) */
      st = cs_sim_projected_setup(s, err);
      s->ida_live = 0;
      s->patience = HANDOVER_AFTER;
    }
  }
  N_VDestroy(id);
  return st;
}

/* a, λ at the view state: what outputs and accessors report. */
static cs_status refresh(cs_sim *s, cs_error *err)
{
  const double *q = Q_OF(s, s->view), *v = V_OF(s, s->view);
  bind_states(s, s->view);
  total_forces(s, q, v, s->t, s->Q);
  return cs_solve_accelerations(s->cons, q, v, s->t, s->Q, s->a, s->lambda, err);
}

static void track_energy(cs_sim *s);

cs_status cs_sim_create(const cs_model *model, cs_sim **out, cs_error *err)
{
  cs_error_clear(err);
  if (!model || !out)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_create: model and sim must not be NULL");
  *out = NULL;
  cs_sim *s = calloc(1, sizeof *s);
  if (!s)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  s->model = model;
  s->form = model->solver.formulation;
  s->hybrid = s->form == CS_AUTO; /* set up as ggl, which it hands stiff contacts to */
  if (s->hybrid)
    s->form = CS_GGL;
  s->t_near_root = NAN;
  s->n = model->ncoord;
  s->m = model->nrow;
  s->N = 2 * s->n + s->m + (s->form == CS_GGL ? s->m : 0);
  s->t0 = s->t = 0.0;
  s->next_output = 1;
  s->driver_rows = malloc(((size_t)s->m + 1) * sizeof *s->driver_rows);
  for (int k = 0; s->driver_rows && k < model->njoint; k++) {
    const cs_joint *j = &model->joints[k];
    for (int r = j->row0; cs_joint_is_driver(j) && r < j->row0 + j->nrows; r++)
      s->driver_rows[s->ndriver_rows++] = r;
  }
  s->has_drivers = s->ndriver_rows > 0;

  cs_status st = s->driver_rows ? allocate(s, err) : cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (!st)
    st = cs_clearances_create(model, &s->clear, err);
  if (!st) {
    s->nz = cs_clearances_state_count(s->clear);
    s->N += s->nz;
  }
  if (!st && !(s->proj = cs_projector_create(model)))
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (!st && SUNContext_Create(NULL, &s->ctx))
    st = cs_fail(err, CS_ERR_MEMORY, "SUNContext_Create failed");
  if (!st) {
    s->y = N_VNew_Serial(s->N, s->ctx);
    /* IDAS clones its vectors from y: with fused operations its linear combinations are one
     * loop each instead of chains of N_VLinearSum (15 % of the instructions, callgrind) */
    if (s->y)
      N_VEnableFusedOps_Serial(s->y, SUNTRUE);
    s->yp = N_VNew_Serial(s->N, s->ctx);
    s->view = N_VNew_Serial(s->N, s->ctx);
    s->yq = N_VNew_Serial(NQUAD, s->ctx);
    s->viewq = N_VNew_Serial(NQUAD, s->ctx);
    if (!s->y || !s->yp || !s->view || !s->yq || !s->viewq)
      st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  if (!st) {
    cs_mass_diagonal(model, s->M);
    N_VConst(0.0, s->yq);
    N_VConst(0.0, s->viewq);
    st = initial_state(s, err);
  }
  if (!st) {
    cs_scales_of(model, Q_OF(s, s->y), V_OF(s, s->y), &s->scales);
    cs_clearances_set_length(s->clear, s->scales.length);
    st = setup_integrator(s, err);
  }
  if (!st) {
    N_VScale(1.0, s->y, s->view);
    s->rank0 = cs_consistent_rank(s->cons, Q_OF(s, s->y), s->t0);
    memcpy(s->q_start, Q_OF(s, s->y), (size_t)s->n * sizeof *s->q_start);
    s->potential0 = cs_potential_energy(model, Q_OF(s, s->y));
    s->energy0 = cs_kinetic_energy(model, V_OF(s, s->y)) + s->potential0 +
                 cs_clearances_strain(s->clear, Q_OF(s, s->y));
    /* the assembled start's own evidence (a pin inside its wall, multipliers beyond any load):
     * what `clearsim check` reports before anything is integrated */
    track_energy(s);
    *out = s;
    return CS_OK;
  }
  cs_sim_free(s);
  return st;
}

void cs_sim_free(cs_sim *s)
{
  if (!s)
    return;
  if (s->ida)
    IDAFree(&s->ida);
  cs_rk_free(s->rk);
  cs_regime_free(s->regime);
  cs_schur_free(s->schur);
  free(s->Minv);
  if (s->LS)
    SUNLinSolFree(s->LS);
  if (s->J)
    SUNMatDestroy(s->J);
  N_VDestroy(s->y);
  N_VDestroy(s->yp);
  N_VDestroy(s->yq);
  N_VDestroy(s->view);
  N_VDestroy(s->viewq);
  cs_clearances_free(s->clear);
  cs_projector_free(s->proj);
  free(s->roots_found);
  free(s->root_start);
  free(s->root_idx);
  free(s->pin_samples);
  free(s->end_force);
  if (s->ctx)
    SUNContext_Free(&s->ctx);
  if (s->row_names)
    for (int r = 0; r < s->m; r++)
      free(s->row_names[r]);
  free(s->row_names);
  free(s->M);
  free(s->q_start);
  free(s->atol);
  free(s->Q);
  free(s->frame);
  cs_jac_free(&s->jac);
  cs_ida_pattern_free(&s->pattern);
  free(s->driver_rows);
  cs_consistent_free(s->cons);
  free(s->phi);
  free(s->work);
  free(s->a);
  free(s->lambda);
  free(s->qa);
  free(s->qlambda);
  free(s);
}

void cs_sim_set_output(cs_sim *s, cs_output_fn fn, void *user)
{
  s->output = fn;
  s->output_user = user;
}

void cs_sim_set_interrupt(cs_sim *s, cs_interrupt_fn fn, void *user)
{
  s->interrupt = fn;
  s->interrupt_user = user;
}

/* ---------------------------------------------------------------- integration ------------ */

static double output_time(const cs_sim *s, long k)
{
  return s->t0 + (double)k * s->model->output.interval;
}

/* Above this fraction of the energy that moved, the balance error says the trajectory is not
 * a solution of the model: at 1 % it is no rounding matter (GGL keeps ≤ 1000 rtol of it;
 * measured index 3 at rtol 1e-3 on the clearance slider-crank: 400 times the energy). */
static const double SUSPECT_BALANCE = 1e-2;
/* Steps held by stability before the run says so (and at least a quarter of all). */
enum { STIFF_STEPS = 10000 };

/* Stability, not accuracy, holding the explicit integrator's steps (cs_rk_counters): a
 * lasting stiff contact, which the ggl formulation steps through at the tolerances' pace
 * (sphere_in_cylinder: 41,325 of 81,199 steps in 2 s; the slider-crank's contacts 1-3 %). */
static void note_stiffness(cs_sim *s)
{
  cs_rk_counters c;
  cs_rk_counters_get(s->rk, &c);
  if (c.stiff_steps < STIFF_STEPS || 4 * c.stiff_steps < c.steps)
    return;
  size_t len = strlen(s->warnings);
  snprintf(s->warnings + len, sizeof s->warnings - len, "%sstability, not accuracy, held %ld "
           "of the explicit integrator's %ld steps (a lasting stiff contact): the ggl "
           "formulation takes the steps the tolerances ask for (/solver/formulation)",
           len ? "; " : "", c.stiff_steps, c.steps);
}

/* The energy that moved in the run so far (kinetic, change of potential, strain, work and
 * dissipation), and the worst balance error against it: the evidence cs_sim_warnings
 * weighs. Updated at every reported state. */
static void track_energy(cs_sim *s)
{
  cs_energy e;
  cs_sim_energy(s, &e);
  double moved = fabs(e.kinetic) + fabs(e.strain) + fabs(e.dissipated) +
                 fabs(e.driver_work) + fabs(e.applied_work) +
                 fabs(e.potential - s->potential0);
  s->energy_scale = fmax(s->energy_scale, moved);
  s->worst_balance = fmax(s->worst_balance, fabs(e.balance_error));
  if (s->energy_scale > 0.0 && s->worst_balance > SUSPECT_BALANCE * s->energy_scale)
    snprintf(s->warnings, sizeof s->warnings,
             "energy balance error up to %.3g J, %.3g of the %.3g J of energy the run moved: the "
             "trajectory is not accurate at rtol %g, atol %g (%s); tighten the tolerances%s",
             s->worst_balance, s->worst_balance / s->energy_scale, s->energy_scale,
             s->model->solver.rtol, s->model->solver.atol,
             cs_formulation_name(cs_sim_formulation(s)),
             s->form == CS_INDEX3 ? " or use the ggl formulation" : "");
  else
    s->warnings[0] = '\0';
  cs_evidence_track(&s->evidence, s, &s->scales);
  cs_evidence_append(&s->evidence, s, s->warnings, sizeof s->warnings);
  if (s->rk && !s->hybrid)
    note_stiffness(s);
}

/* Call the output callback for the view state; non-zero means stop. */
static int emit(cs_sim *s)
{
  track_energy(s);
  if (!s->output)
    return 0;
  double start = cs_wall_clock();
  int stop = s->output(s, s->output_user);
  s->output_wall += cs_wall_clock() - start;
  return stop;
}

/* Make the view IDAS' own state at t_ida. */
static cs_status view_current(cs_sim *s, cs_error *err)
{
  N_VScale(1.0, s->y, s->view);
  N_VScale(1.0, s->yq, s->viewq);
  s->t = s->t_ida;
  return refresh(s, err);
}

/* The same for an output row: interpolated by both integrators (cs_rk_dense_at: an exact
 * step per row was 26 % of the evaluations of the clearance slider-crank's file, with a row
 * every 2.4 steps; the rows moved by 3e-9 m and 6e-7 of the velocities' scale, within rtol
 * 1e-6, and the books' balance stayed at 2.7e-4 J of 176 J). */
static int report_at(cs_sim *s, double t, N_Vector y, N_Vector yq)
{
  if (s->explicit_on)
    return cs_rk_dense_at(s->rk, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yq));
  return cs_sim_state_at(s, t, y, yq);
}

/* Emit every output instant up to t_limit, interpolated within the integrator's last step. */
static cs_status emit_until(cs_sim *s, double t_limit, cs_error *err)
{
  for (;;) {
    double t_out = output_time(s, s->next_output);
    if (t_out > t_limit + 1e-14 * fabs(t_limit))
      return CS_OK;
    if (s->next_output > 1 && !(t_out > output_time(s, s->next_output - 1)))
      return cs_fail(err, CS_ERR_INPUT, "%s: the output interval %g s is below the resolution "
                     "of the time %g s: the output instants no longer advance",
                     s->model->origin ? s->model->origin : "model", s->model->output.interval,
                     t_out);
    if (t_out > s->t_ida)
      t_out = s->t_ida; /* within round-off of the step's end */
    if (report_at(s, t_out, s->view, s->viewq))
      return cs_fail(err, CS_ERR_SOLVER, "interpolation at t = %.9g s failed", t_out);
    s->t = t_out;
    cs_status st = refresh(s, err);
    if (st)
      return st;
    s->next_output++;
    s->steps_since_output = 0;
    if (emit(s))
      return cs_fail(err, CS_ERR_INTERRUPTED, "stopped by the output callback at t = %g", s->t);
  }
}

/* A step jumped the onset of joint k: δ > 0 at t_peak, out of contact. Find where δ
 * rose through 0 on the step's interpolant (free flight until then is right), emit the
 * outputs before it, and restart there with the contact open. */
static cs_status recover_onset(cs_sim *s, int k, double t_peak, double t_target, cs_error *err)
{
  double start = cs_sim_last_step_start(s);
  double lo = fmax(start, s->t < t_peak ? s->t : start), hi = t_peak;
  for (int i = 0; i < 200 && hi - lo > 1e-15 * fmax(1.0, fabs(hi)); i++) {
    double mid = 0.5 * (lo + hi);
    cs_sim_state_at(s, mid, s->y, s->yq);
    if (cs_clearances_gap(s->clear, k, Q_OF(s, s->y)) > 0.0)
      hi = mid;
    else
      lo = mid;
  }
  cs_status st = emit_until(s, hi, err);
  if (st)
    return st;
  cs_sim_state_at(s, hi, s->y, s->yq);
  s->t_ida = hi;
  cs_clearances_open(s->clear, k, hi, Q_OF(s, s->y), V_OF(s, s->y));
  return cs_sim_restart(s, t_target, 1, err);
}

/* One integrator step (or the rest of one after a root), and what follows from it. */
static cs_status step(cs_sim *s, double t_target, cs_error *err)
{
  int root = 0;
  cs_status st = s->explicit_on ? cs_sim_projected_step(s, t_target, &root, err)
                                : cs_sim_dae_step(s, t_target, &root, err);
  if (st)
    return st;
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  if (s->explicit_on) {
    double t_in;
    int grazed = cs_sim_projected_grazed_pin(s, &t_in);
    if (grazed >= 0)
      return recover_onset(s, grazed, t_in, t_target, err);
    cs_sim_projected_sample_peaks(s);
  }
  cs_clearances_commit(s->clear, q, v);
  int missed = -1;
  int changed = cs_clearances_events(s->clear, q, root ? s->roots_found : NULL, &missed);
  if (missed >= 0)
    return recover_onset(s, missed, s->t_ida, t_target, err);
  double worn = 0.0; /* strain energy a deeper worn gap let go: dissipated by the wear */
  if (!root) { /* a worn gap that took its profile restarts like a contact event */
    st = emit_until(s, s->t_ida, err);
    if (!st && cs_clearances_wear(s->clear, s->t_ida, q, v, &worn)) {
      N_VGetArrayPointer(s->yq)[QUAD_DISSIPATED] += worn;
      st = cs_sim_restart(s, t_target, 0, err);
    } else if (!st && s->hybrid && s->explicit_on && cs_sim_auto_held_by_stability(s)) {
      st = cs_sim_auto_hand_over(s, t_target, err);
    } else if (!st && s->trial) {
      st = cs_sim_auto_judge_trial(s, t_target, err);
    }
    return st;
  }

  st = emit_until(s, s->t_ida, err);
  if (!st && cs_clearances_wear(s->clear, s->t_ida, q, v, &worn))
    N_VGetArrayPointer(s->yq)[QUAD_DISSIPATED] += worn, changed++;
  if (!st && changed)
    st = cs_sim_restart(s, t_target, 1, err);
  return st;
}

/* A state changed from outside between two advances (inputs, or the state itself): brought
 * onto the constraints to round-off, mass-orthogonally (the constraints the state itself
 * leaves, whatever tolerance), or `code` saying why not. */
static cs_status onto_constraints(cs_sim *s, cs_status code, const char *why, cs_error *err)
{
  if (!cs_project(s->proj, s->t_ida, Q_OF(s, s->y), V_OF(s, s->y), 0, 0.0, 0.0))
    return CS_OK;
  return cs_fail(err, code, "%s: at t = %.9g s %s cannot be brought onto the constraints",
                 s->model->origin ? s->model->origin : "model", s->t_ida, why);
}

/* ...then the integration restarted there (`event`: as after a contact event, the contacts
 * opened or closed as the state has them), and the view and the evidence brought up to it. */
static cs_status restart_here(cs_sim *s, int event, cs_error *err)
{
  cs_status st = cs_sim_restart(s, s->t_ida, event, err);
  if (!st)
    st = view_current(s, err);
  if (!st)
    track_energy(s);
  return st;
}

/* The inputs changed: a prescribed speed's jump moves the bodies as an impulse along the
 * constraints would, and the kinetic energy it gives or takes is booked as the drivers' work,
 * which did it. */
cs_status cs_sim_inputs_changed(cs_sim *s, cs_error *err)
{
  cs_error_clear(err);
  if (!s)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_inputs_changed: sim must not be NULL");
  double before = cs_kinetic_energy(s->model, V_OF(s, s->y));
  cs_status st = onto_constraints(s, CS_ERR_SOLVER, "the state", err);
  if (st)
    return st;
  N_VGetArrayPointer(s->yq)[QUAD_DRIVER] += cs_kinetic_energy(s->model, V_OF(s, s->y)) - before;
  return restart_here(s, 0, err);
}

/* A state given from outside (a perturbed copy of another run, a state saved earlier). */
cs_status cs_sim_set_body_states(cs_sim *s, const double (*q)[3], const double (*v)[3],
                                 cs_error *err)
{
  cs_error_clear(err);
  if (!s || !q || !v)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_set_body_states: sim, q and v must not be NULL");
  const cs_model *m = s->model;
  for (int b = 0; b < m->nbody; b++)
    for (int c = 0; c < 3; c++)
      if (!isfinite(q[b][c]) || !isfinite(v[b][c]))
        return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_set_body_states: body %s: a coordinate or "
                       "velocity is not finite", m->bodies[b].name);
  for (int b = 0; b < m->nbody; b++)
    for (int c = 0; !m->bodies[b].ground && c < 3; c++) {
      Q_OF(s, s->y)[m->bodies[b].coord + c] = q[b][c];
      V_OF(s, s->y)[m->bodies[b].coord + c] = v[b][c];
    }
  cs_status st = onto_constraints(s, CS_ERR_ARGUMENT, "the state given", err);
  return st ? st : restart_here(s, 1, err);
}

cs_status cs_sim_advance(cs_sim *s, double t_target, cs_error *err)
{
  cs_error_clear(err);
  if (!s || !(t_target >= s->t_ida))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_advance: target time %g is before the "
                   "current time %g", t_target, s ? s->t_ida : 0.0);
  /* the integration's own time: what the sink spends writing rows is the sink's (the first
   * row of a 1,000-joint chain's HDF5 file took 90 % of a short run) */
  double start = cs_wall_clock() - s->output_wall;
  cs_status st = CS_OK;
  if (!s->started && (s->started = 1) && emit(s))
    st = cs_fail(err, CS_ERR_INTERRUPTED, "stopped by the output callback at t = %g", s->t);
  if (!st && s->ida && t_target > s->t_ida && IDASetStopTime(s->ida, t_target))
    st = cs_fail(err, CS_ERR_SOLVER, "IDASetStopTime(%g) failed", t_target);
  while (!st && s->t_ida < t_target) {
    if (++s->steps_since_output > s->model->solver.max_steps) {
      st = cs_fail(err, CS_ERR_SOLVER, "%s: the integrator failed at t = %.9g s: more than %ld "
                   "steps since the last output (solver.max_steps)",
                   s->model->origin ? s->model->origin : "model", s->t_ida,
                   s->model->solver.max_steps);
      break;
    }
    st = step(s, t_target, err);
    if (!st && s->interrupt && s->interrupt(s->interrupt_user))
      st = cs_fail(err, CS_ERR_INTERRUPTED, "interrupted at t = %.6g s", s->t_ida);
  }
  cs_error keep;
  cs_status vs = view_current(s, &keep); /* report where integration stands */
  if (!vs)
    track_energy(s);
  if (!st && vs)
    st = vs, *err = keep;
  s->wall += cs_wall_clock() - s->output_wall - start;
  return st;
}
