/*
 * cs_evidence.h — what a run's own states say against its result (internal), beyond the
 * energy balance that cs_sim.c weighs itself. Tracked at every reported state; the findings
 * join the run's warnings (cs_sim_warnings, the summary's WARNING line, the file's root
 * attribute `warnings`):
 *
 *   - a clearance joint that starts with the pin inside the wall (penetration at t0 beyond
 *     1 % of the clearance): the first step meets a force the model did not mean;
 *   - a clearance joint whose pin starts towards the walls faster than 5 % of the speed scale
 *     V (cs_clearance_approach_speed; an ideal start makes it 0) while its start is "given"
 *     and the file leaves out a body's velocity: the assembly's guess, not a start the model
 *     meant, and the first impacts are the start's, not the mechanism's; or, the other way,
 *     an ideal start that replaced velocities the file gives both bodies and that send the
 *     pin towards the wall that fast (a pin thrown at its wall wants "given");
 *   - a penetration beyond a quarter of the pin radius (Hertz's contact half-width is then
 *     half the radius: no small, local deformation) or beyond the clearance itself (the pin
 *     sank deeper into the wall than the gap it had);
 *   - an elastic law evaluated past its domain (cs_law's op `domain`: Goldsmith's and the
 *     other log laws' load limit, beyond which their formula has no solution and a stand-in
 *     answers), counted by the contact at accepted steps;
 *   - a contact sequence the tolerances do not hold (clearance joints): index 3 leaves the
 *     velocities, so the impact velocities δ'(−), out of the error test; GGL with an atol
 *     beyond 10 times the CS_CLEARANCE_SHARE of the smallest clearance positions are capped
 *     to;
 *   - contacts handed over between pairs whose laws differ at the same δ (a standing-out arc's
 *     window edge between radii, under a law whose stiffness depends on them): the
 *     potential stepped there (cs_clearances_handover_steps);
 *   - multipliers or driver reactions beyond 1000 times the forces the mechanism can carry
 *     (cs_scales' F, the largest contact force so far, the applied forces' bound): a singular
 *     position amplifying round-off, not a load.
 *
 * Each finding keeps its worst value, where and when; the text names them.
 */
#ifndef CS_EVIDENCE_H
#define CS_EVIDENCE_H

#include <stddef.h>

#include "cs_scales.h"

typedef struct cs_evidence {
  int started;
  double applied;              /* bound of the applied forces (springs, loads), N */
  double contact;              /* largest contact force so far, N */
  double initial_depth;        /* deepest penetration at t0, m */
  int initial_joint;
  int loose;                   /* the contact sequence is not held: 1 index 3, 2 GGL's atol */
  double start_share;          /* fastest approach at t0 over its limit (> 1: reported) */
  double start_speed, start_scale;
  int start_joint;
  double depth_share;          /* worst penetration over its limit (> 1: reported) */
  double depth, depth_t;
  int depth_joint;
  long outside;                /* accepted steps past an elastic law's domain, all joints */
  double outside_share;        /* deepest δ over its law's limit (> 1 when any) */
  double outside_depth, outside_limit;
  int outside_joint;
  double lambda_share;         /* worst |λ| or |reaction| over the force scale */
  double lambda, lambda_t, lambda_scale;
  int lambda_row, lambda_driver; /* the row, or −1 and the driver's joint */
} cs_evidence;

/* Weigh the simulation's current reported state. */
void cs_evidence_track(cs_evidence *ev, const cs_sim *sim, const cs_scales *scales);
/* Append the findings to the text in buf ("; " between findings). */
void cs_evidence_append(const cs_evidence *ev, const cs_sim *sim, char *buf, size_t size);
/* Append the finding of an elastic law `law` used past its domain (δ > limit) at `steps`
 * accepted states, to δ = depth; `who` names the contact (a clearance joint, an impact).
 * Runs and impacts (cs_impact.c) both say it with this text. */
void cs_evidence_append_domain(char *buf, size_t size, const char *who, const char *law,
                               long steps, double depth, double limit);

#endif
