/*
 * cs_sim_auto.c — "auto": cs_rk integrates, and hands a contact that stability holds to IDAS on
 * ggl, on trial (the constants' reasons: cs_sim_impl.h).
 */
#include "cs_sim_impl.h"

/* Under "auto", stability has held a quarter or more of cs_rk's last 64 steps: a lasting
 * stiff contact, which IDAS on ggl steps through at the tolerances' pace. (Under projected the
 * resting sphere's steps are held at nine in ten: 73,645 of 81,185 to 2 s. A contact held by
 * accuracy, the clearance slider-crank's, sits at a tenth of the boundary.) */
int cs_sim_auto_held_by_stability(cs_sim *s)
{
  cs_rk_counters c;
  cs_rk_counters_get(s->rk, &c);
  s->stiff_recent = s->stiff_recent << 1 | (uint64_t)(c.stiff_steps > s->stiff_mark);
  s->stiff_mark = c.stiff_steps;
  s->t_recent[s->steps_recent++ % 64] = s->t_ida;
  int stiff = 0;
  for (uint64_t h = s->stiff_recent; h; h &= h - 1)
    stiff++;
  return s->steps_recent >= s->patience && 4 * stiff >= 64;
}

/* Under "auto": the contact now open goes to IDAS, on trial. */
cs_status cs_sim_auto_hand_over(cs_sim *s, double t_target, cs_error *err)
{
  s->h_explicit = (s->t_ida - s->t_recent[s->steps_recent % 64]) / 64.0;
  cs_sim_run_explicit(s, 0);
  s->trial = 1, s->t_handover = s->t_ida, s->ida_steps = 0;
  return cs_sim_restart(s, t_target, 0, err);
}

/* Under "auto", after each IDAS step on trial: has it covered cs_rk's TRIAL_SPAN steps in
 * TRIAL_SPAN / HANDOVER_GAIN of its own (it stays), or not (the contact goes back to cs_rk)? */
cs_status cs_sim_auto_judge_trial(cs_sim *s, double t_target, cs_error *err)
{
  if (s->t_ida - s->t_handover >= TRIAL_SPAN * s->h_explicit) {
    s->trial = 0;
    return CS_OK;
  }
  if (++s->ida_steps < TRIAL_SPAN / HANDOVER_GAIN)
    return CS_OK;
  s->trial = 0, s->patience *= 4;
  cs_sim_run_explicit(s, 1);
  return cs_sim_restart(s, t_target, 0, err);
}
