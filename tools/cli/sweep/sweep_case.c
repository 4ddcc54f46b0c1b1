/*
 * sweep_case.c — one case of a sweep, run in memory (sweep.h "one case"). The figures come
 * from the library's accessors as the run goes, not from re-reading a file:
 *   - at every output instant (the output callback): the worst |energy balance error|, each
 *     driver's largest |reaction| and its time integral of reaction² (trapezoids; RMS = the
 *     root of it over the run's time), each body's largest |acceleration| per coordinate;
 *   - at the end, from the contact events: each clearance joint's peak force and penetration
 *     (tracked at every step by the engine, not only at output instants) and contact count;
 *   - with "poincare", the clearance joints' eccentricities at every whole driver period.
 * The integration is the one `clearsim run --t-end` makes (cs_run's order of calls); only
 * Poincaré sampling differs, because it stops the integrator at each period.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_status.h"
#include "cs_h5.h"
#include "sweep.h"

const char *const sweep_status_names[] = {"complete", "failed", "suspect", "interrupted"};

typedef struct acc {
  const sweep_plan *p;
  double *fig;
  cs_h5 *h5;
  long rows;
  double last_t;
  double *r2; /* previous reaction² per driver */
  cs_status io;
  cs_error io_err;
} acc;

static int on_output(const cs_sim *sim, void *user)
{
  acc *a = user;
  const sweep_plan *p = a->p;
  double t = cs_sim_time(sim);
  if (a->rows > 0 && t <= a->last_t)
    return 0; /* the same instant reported twice (t0, t_end): one row, as cs_run */
  if (a->h5 && cs_h5_append(a->h5, sim, &a->io_err) != CS_OK) {
    a->io = CS_ERR_IO;
    return 1;
  }
  cs_energy e;
  cs_sim_energy(sim, &e);
  a->fig[FIG_ENERGY] = fmax(a->fig[FIG_ENERGY], fabs(e.balance_error));
  for (int d = 0; d < p->ndriver; d++) {
    double r = cs_sim_driver_reaction(sim, p->driver_joint[d]), *f = a->fig + fig_driver(p, d);
    f[FIG_DRIVER_MAX_ABS] = fmax(f[FIG_DRIVER_MAX_ABS], fabs(r));
    if (a->rows > 0) /* ∫ r² dt so far, kept in the RMS slot until the end */
      f[FIG_DRIVER_RMS] += 0.5 * (a->r2[d] + r * r) * (t - a->last_t);
    a->r2[d] = r * r;
  }
  for (int b = 0; b < p->nbody; b++) {
    double acc3[3], *f = a->fig + fig_body(p, b);
    cs_sim_body_acceleration(sim, b, acc3);
    for (int c = 0; c < 3; c++)
      f[c] = fmax(f[c], fabs(acc3[c]));
  }
  a->rows++;
  a->last_t = t;
  return 0;
}

static void poincare_sample(const acc *a, const cs_sim *sim, int k)
{
  for (int j = 0; j < a->p->njoint; j++) {
    cs_clearance_state s;
    cs_sim_clearance(sim, j, &s);
    double *f = a->fig + fig_poincare_joint(a->p, j) + 2 * k;
    f[0] = s.eccentricity[0];
    f[1] = s.eccentricity[1];
  }
}

/* Advance to t_end, stopping at every whole period when sampling a Poincaré section. */
static cs_status integrate(acc *a, cs_sim *sim, long i, cs_error *err)
{
  const sweep_plan *p = a->p;
  double t_end = p->case_t_end[i], period = p->case_period[i];
  int n = p->poincare ? sweep_period_count(t_end, period) : 0;
  if (p->poincare)
    a->fig[fig_poincare(p)] = period;
  for (int k = 1; k <= n; k++) {
    double t = fmin(k * period, t_end);
    /* a last period that ends within round-off of t_end ends at t_end: else the run's last
       step would be that round-off (2e-16 s), which no integrator can take */
    if (t_end - t <= 1e-12 * t_end)
      t = t_end;
    cs_status st = cs_sim_advance(sim, t, err);
    if (st != CS_OK)
      return st;
    poincare_sample(a, sim, k - 1);
  }
  return cs_sim_advance(sim, t_end, err);
}

static void event_figures(const acc *a, const cs_sim *sim)
{
  const sweep_plan *p = a->p;
  for (int j = 0; j < p->njoint; j++) {
    double *f = a->fig + fig_joint(p, j);
    f[FIG_JOINT_MAX_FORCE] = f[FIG_JOINT_MAX_PENETRATION] = f[FIG_JOINT_CONTACTS] = 0.0;
  }
  for (int e = 0; e < cs_sim_event_count(sim); e++) {
    cs_contact_event ev;
    cs_sim_event(sim, e, &ev);
    if (ev.joint < 0 || ev.joint >= p->njoint)
      continue;
    double *f = a->fig + fig_joint(p, ev.joint);
    f[FIG_JOINT_MAX_FORCE] = fmax(f[FIG_JOINT_MAX_FORCE], ev.max_force);
    f[FIG_JOINT_MAX_PENETRATION] = fmax(f[FIG_JOINT_MAX_PENETRATION], ev.max_penetration);
    f[FIG_JOINT_CONTACTS] += 1;
  }
}

static void finish(acc *a, cs_sim *sim)
{
  const sweep_plan *p = a->p;
  cs_stats stats;
  cs_sim_stats(sim, &stats);
  double t = cs_sim_time(sim);
  a->fig[FIG_T_FINAL] = t;
  a->fig[FIG_STEPS] = (double)stats.steps;
  a->fig[FIG_WALL_TIME] = stats.wall_time;
  for (int d = 0; d < p->ndriver; d++) {
    double *rms = a->fig + fig_driver(p, d) + FIG_DRIVER_RMS;
    *rms = t > 0 ? sqrt(*rms / t) : sqrt(a->r2[d]);
  }
  event_figures(a, sim);
}

static cs_status run(acc *a, const cs_model *m, long i, const char *traj, cs_interrupt_fn stop,
                     sweep_result *r, cs_error *err)
{
  cs_sim *sim = NULL;
  cs_status st = cs_sim_create(m, &sim, err);
  if (st != CS_OK) { /* no run: no figures (NaN), only the message */
    for (int f = 0; f < a->p->nfig; f++)
      a->fig[f] = NAN;
    if (traj)
      cs_h5_write_failure(traj, m, err->message, NULL);
    return st;
  }
  if (traj && (st = cs_h5_open(traj, sim, &a->h5, err)) != CS_OK) {
    cs_sim_free(sim);
    return st;
  }
  cs_sim_set_output(sim, on_output, a);
  cs_sim_set_interrupt(sim, stop, NULL);
  on_output(sim, a);
  st = integrate(a, sim, i, err);
  if (st == CS_OK)
    on_output(sim, a);
  if (a->io != CS_OK)
    st = a->io, *err = a->io_err;
  cs_sim_set_output(sim, NULL, NULL);
  finish(a, sim);
  const char *warnings = cs_sim_warnings(sim);
  if (st == CS_OK && warnings[0]) {
    r->status = SWEEP_SUSPECT;
    snprintf(r->message, sizeof r->message, "%s", warnings);
  }
  if (a->h5) {
    cs_error close_err;
    const char *status = st == CS_OK ? "complete" : st == CS_ERR_INTERRUPTED ? "interrupted"
                                                                          : "failed";
    cs_status closed = cs_h5_close(a->h5, sim, status, st == CS_OK ? "" : err->message,
                                   &close_err);
    if (closed != CS_OK && st == CS_OK)
      st = closed, *err = close_err;
  }
  cs_sim_free(sim);
  return st;
}

void sweep_run_case(const sweep_plan *p, long i, const char *traj, cs_interrupt_fn stop,
                    sweep_result *r)
{
  memset(r, 0, sweep_result_size(p));
  r->index = i;
  r->status = SWEEP_COMPLETE;
  for (int f = 0; f < p->nfig; f++)
    r->fig[f] = f > fig_poincare(p) ? NAN : 0.0; /* samples past a case's last period: NaN */
  acc a = {.p = p, .fig = r->fig};
  cs_override *ov = malloc((size_t)p->noverride * sizeof *ov);
  char *text = malloc((size_t)p->noverride * 32), origin[1024];
  a.r2 = calloc((size_t)p->ndriver + 1, sizeof *a.r2);
  cs_error err;
  cs_model *m = NULL;
  cs_status st = CS_ERR_MEMORY;
  cs_error_clear(&err);
  if (ov && text && a.r2) {
    sweep_case_overrides(p, i, ov, text);
    sweep_case_origin(p, i, origin, sizeof origin);
    st = cs_model_load_string_overrides(p->model_text, origin, ov, p->noverride, NULL, &m, &err);
    if (st == CS_OK)
      st = run(&a, m, i, traj, stop, r, &err);
  }
  if (st != CS_OK) {
    r->status = st == CS_ERR_INTERRUPTED ? SWEEP_INTERRUPTED : SWEEP_FAILED;
    r->output_failed = st == CS_ERR_IO; /* (the sweep's output, not the case, failed) */
    snprintf(r->message, sizeof r->message, "%s", err.message[0] ? err.message : "out of memory");
  }
  cs_model_free(m);
  free(ov), free(text), free(a.r2);
}

void sweep_trajectory_path(const char *summary, long i, char *out, size_t size)
{
  size_t n = strlen(summary);
  if (n > 3 && !strcmp(summary + n - 3, ".h5"))
    n -= 3;
  snprintf(out, size, "%.*s_cases/case_%06ld.h5", (int)n, summary, i);
}
