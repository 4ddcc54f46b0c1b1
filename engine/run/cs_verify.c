/*
 * cs_verify.c — a completed run checked against itself at tolerances 100 times tighter
 * (clearsim.h cs_verify, engine/run/README.md "Verifying a run"). It reads both simulations through the
 * public accessors; the tighter run integrates a copy of the model's settings.
 */
#include "clearsim.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_status.h"
#include "cs_model.h"
#include "cs_scales.h"
#include "cs_verify.h"

/* What "agrees" means; each figure of cs_verify_result against its threshold. A clearance
 * mechanism's impacts amplify small differences: the clearance slider-crank at rtol 1e-6 …
 * 1e-8 (26 contacts, as at rtol 1e-11) and its tighter runs differ by up to 1.6 % in peak
 * forces, 2.1 % of the motion's scale in the final state and 2.1 % of the energy in the books'
 * terms; with its contact sequence wrong (44 contacts) by 1 %, 3.2 % and 2.7 %. The contact
 * sequence is what tells; the other figures catch gross disagreement. */
static const double TIGHTER = 100.0;       /* rtol, atol and the clearance cap divided by */
static const double ONSET_SHARE = 0.1;     /* of the tighter contact's duration */
static const double PEAK_SHARE = 5e-2;     /* of the tighter peak force */
static const double STATE_SHARE = 5e-2;    /* of L, 1 rad, V, Ω */
static const double ENERGY_SHARE = 5e-2;   /* of the energy the tighter run moved */
static const double BALANCE_SHARE = 1e-2;  /* as the run's own evidence (cs_sim.c) */

/* The events of joint k of a run, in order: their indices (n of them). */
static int joint_events(const cs_sim *sim, int k, int *idx)
{
  int n = 0;
  for (int i = 0; i < cs_sim_event_count(sim); i++) {
    cs_contact_event e;
    cs_sim_event(sim, i, &e);
    if (e.joint == k)
      idx[n++] = i;
  }
  return n;
}

/* Pair the two runs' contacts joint by joint in order; a pair matches while its onsets and
 * ends lie within ONSET_SHARE of the tighter contact's duration, and the first that does not
 * ends the joint's matching (the sequences have parted: later pairs are other contacts). */
static void match_joint(const cs_sim *a, const cs_sim *b, int k, int *ia, int *ib,
                        cs_verify_result *r)
{
  int na = joint_events(a, k, ia), nb = joint_events(b, k, ib), n = na < nb ? na : nb;
  double t_end = cs_sim_time(b);
  for (int i = 0; i < n; i++) {
    cs_contact_event ea, eb;
    cs_sim_event(a, ia[i], &ea);
    cs_sim_event(b, ib[i], &eb);
    double off_a = isnan(ea.t_off) ? t_end : ea.t_off;
    double off_b = isnan(eb.t_off) ? t_end : eb.t_off, duration = off_b - eb.t_on;
    double shift = fmax(fabs(ea.t_on - eb.t_on), fabs(off_a - off_b));
    double share = duration > 0 ? shift / duration : INFINITY;
    if (!(share <= ONSET_SHARE) || ea.region != eb.region) {
      if (isnan(r->parting_on_tight) || eb.t_on < r->parting_on_tight)
        r->parting_on = ea.t_on, r->parting_on_tight = eb.t_on;
      return;
    }
    r->matched++;
    r->onset_shift = fmax(r->onset_shift, shift);
    r->onset_share = fmax(r->onset_share, share);
    if (eb.max_force > 0)
      r->peak_force_diff = fmax(r->peak_force_diff, fabs(ea.max_force - eb.max_force) /
                                                        eb.max_force);
  }
  if (na != nb) { /* one run has contacts the other has not */
    cs_contact_event e;
    cs_sim_event(na > nb ? a : b, (na > nb ? ia : ib)[n], &e);
    if (isnan(r->parting_on_tight) || e.t_on < r->parting_on_tight)
      r->parting_on = na > nb ? e.t_on : NAN, r->parting_on_tight = na > nb ? NAN : e.t_on;
  }
}

static cs_status compare_contacts(const cs_sim *a, const cs_sim *b, cs_verify_result *r,
                                  cs_error *err)
{
  r->contacts = cs_sim_event_count(a);
  r->contacts_tight = cs_sim_event_count(b);
  int *ia = malloc(((size_t)r->contacts + 1) * sizeof *ia);
  int *ib = malloc(((size_t)r->contacts_tight + 1) * sizeof *ib);
  if (!ia || !ib) {
    free(ia), free(ib);
    return cs_fail(err, CS_ERR_MEMORY, "cs_verify: out of memory");
  }
  for (int k = 0; k < cs_model_clearance_count(cs_sim_model(a)); k++)
    match_joint(a, b, k, ia, ib, r);
  free(ia), free(ib);
  return CS_OK;
}

static void compare_states(const cs_sim *a, const cs_sim *b, const cs_scales *sc,
                           cs_verify_result *r)
{
  const cs_model *m = cs_sim_model(a);
  for (int body = 0; body < m->nbody; body++) {
    double qa[3], qb[3], va[3], vb[3];
    cs_sim_body_position(a, body, qa), cs_sim_body_position(b, body, qb);
    cs_sim_body_velocity(a, body, va), cs_sim_body_velocity(b, body, vb);
    for (int c = 0; c < 3; c++) {
      double length = c == 2 ? 1.0 : sc->length, speed = c == 2 ? sc->frequency : sc->speed;
      r->state_diff = fmax(r->state_diff, fmax(fabs(qa[c] - qb[c]) / length,
                                               fabs(va[c] - vb[c]) / speed));
    }
  }
  for (int k = 0; k < m->nclearance; k++) {
    cs_clearance_state ca, cb;
    cs_sim_clearance(a, k, &ca), cs_sim_clearance(b, k, &cb);
    r->eccentricity_diff = fmax(r->eccentricity_diff,
                                hypot(ca.eccentricity[0] - cb.eccentricity[0],
                                      ca.eccentricity[1] - cb.eccentricity[1]) /
                                    cs_model_clearance_size(m, k));
  }
}

/* The books' terms against the energy the tighter run moved (potential0: its start's). */
static void compare_energy(const cs_sim *a, const cs_sim *b, double potential0,
                           cs_verify_result *r)
{
  cs_energy ea, *eb = &r->energy_tight;
  cs_sim_energy(a, &ea);
  cs_sim_energy(b, eb);
  r->energy_scale = fabs(eb->kinetic) + fabs(eb->strain) + fabs(eb->dissipated) +
                    fabs(eb->driver_work) + fabs(eb->applied_work) +
                    fabs(eb->potential - potential0);
  double s = r->energy_scale > 0 ? r->energy_scale : 1.0;
  const double pa[] = {ea.kinetic, ea.potential, ea.strain, ea.dissipated, ea.driver_work,
                       ea.applied_work};
  const double pb[] = {eb->kinetic, eb->potential, eb->strain, eb->dissipated,
                       eb->driver_work, eb->applied_work};
  for (int i = 0; i < 6; i++)
    r->energy_diff = fmax(r->energy_diff, fabs(pa[i] - pb[i]) / s);
  r->balance_share = fabs(ea.balance_error) / s;
  r->balance_share_tight = fabs(eb->balance_error) / s;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void say(cs_verify_result *r, const char *fmt, ...)
{
  size_t used = strlen(r->verdict);
  if (used + 3 >= sizeof r->verdict)
    return;
  if (strcmp(r->verdict, "not converged: "))
    used += (size_t)snprintf(r->verdict + used, sizeof r->verdict - used, "; ");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->verdict + used, sizeof r->verdict - used, fmt, ap);
  va_end(ap);
}

/* Each figure against its threshold; the verdict names those beyond. */
static void judge(cs_verify_result *r)
{
  snprintf(r->verdict, sizeof r->verdict, "not converged: ");
  if (!isnan(r->parting_on) && !isnan(r->parting_on_tight))
    say(r, "%d contacts against %d at rtol %g, atol %g, the sequences parting after %d "
        "(a contact at t = %.7g s against %.7g s)", r->contacts, r->contacts_tight, r->rtol,
        r->atol, r->matched, r->parting_on, r->parting_on_tight);
  else if (!isnan(r->parting_on) || !isnan(r->parting_on_tight))
    say(r, "%d contacts against %d at rtol %g, atol %g, the sequences parting after %d (a "
        "contact at t = %.7g s only %s has)", r->contacts, r->contacts_tight, r->rtol, r->atol,
        r->matched, isnan(r->parting_on) ? r->parting_on_tight : r->parting_on,
        isnan(r->parting_on) ? "the tighter run" : "the run");
  if (r->peak_force_diff > PEAK_SHARE)
    say(r, "peak contact forces %.2g apart", r->peak_force_diff);
  if (r->state_diff > STATE_SHARE)
    say(r, "final state %.2g of the motion's scale apart", r->state_diff);
  if (r->energy_diff > ENERGY_SHARE)
    say(r, "energy books %.2g of the energy apart", r->energy_diff);
  if (r->balance_share > BALANCE_SHARE)
    say(r, "balance error %.2g of the energy", r->balance_share);
  r->converged = !strcmp(r->verdict, "not converged: ");
  if (r->converged)
    snprintf(r->verdict, sizeof r->verdict, "converged");
}

/* The tighter run to t; its own failure or interruption is returned in err. */
static cs_status tighter_run(const cs_sim *sim, cs_model *tight, cs_interrupt_fn interrupt,
                             void *user, cs_verify_result *r, cs_error *err)
{
  cs_sim *b = NULL;
  cs_status st = cs_sim_create(tight, &b, err);
  cs_scales sc = {0};
  double potential0 = 0.0;
  if (st == CS_OK) {
    sc = *cs_sim_scales(b); /* the tighter run's assembled start, as its integrator weighs */
    cs_energy e0;
    cs_sim_energy(b, &e0);
    potential0 = e0.potential;
    cs_sim_set_interrupt(b, interrupt, user);
    st = cs_sim_advance(b, cs_sim_time(sim), err);
  }
  if (b)
    cs_sim_stats(b, &r->stats_tight);
  if (st == CS_OK && (st = compare_contacts(sim, b, r, err)) == CS_OK) {
    compare_states(sim, b, &sc, r);
    compare_energy(sim, b, potential0, r);
    judge(r);
  }
  cs_sim_free(b);
  return st;
}

cs_status cs_verify_run(const cs_sim *sim, cs_interrupt_fn interrupt, void *user,
                        cs_verify_result *r, cs_error *err)
{
  if (!sim || !r)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_verify: the simulation or the result is NULL");
  memset(r, 0, sizeof *r);
  r->parting_on = r->parting_on_tight = NAN;
  /* The model's settings with every tolerance tighter; the rest is shared, read only. */
  cs_model tight = *cs_sim_model(sim);
  tight.solver.rtol /= TIGHTER;
  tight.solver.atol /= TIGHTER;
  tight.solver.cap_scale = (tight.solver.cap_scale > 0 ? tight.solver.cap_scale : 1) / TIGHTER;
  r->rtol = tight.solver.rtol, r->atol = tight.solver.atol;
  cs_error run_err;
  cs_status st = tighter_run(sim, &tight, interrupt, user, r, &run_err);
  if (st == CS_ERR_MEMORY || st == CS_ERR_INTERRUPTED) {
    if (err)
      *err = run_err;
    return st;
  }
  if (st != CS_OK)
    snprintf(r->verdict, sizeof r->verdict, "not verified: the tighter run (rtol %g, atol %g) "
             "failed: %.400s", r->rtol, r->atol, run_err.message);
  return CS_OK;
}

cs_status cs_verify(const cs_sim *sim, cs_verify_result *result, cs_error *err)
{
  return cs_verify_run(sim, NULL, NULL, result, err);
}
