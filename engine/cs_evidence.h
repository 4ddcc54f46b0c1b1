/*
 * cs_evidence.h — what a run's own states say against its result (internal), beyond the
 * energy balance that cs_sim.c weighs itself. Tracked at every reported state; the findings
 * join the run's warnings (cs_sim_warnings, the summary's WARNING line, the file's root
 * attribute `warnings`):
 *
 *   - a clearance joint that starts with the pin inside the wall (penetration at t0 beyond
 *     1 % of the clearance): the first step meets a force the model did not mean;
 *   - a penetration beyond a quarter of the pin radius (Hertz's contact half-width is then
 *     half the radius: no small, local deformation) or beyond the clearance itself (the pin
 *     sank deeper into the wall than the gap it had);
 *   - an elastic law evaluated past its domain (cs_law's op `domain`: Goldsmith's and the
 *     other log laws' load limit, beyond which their formula has no solution and a stand-in
 *     answers), counted by the contact at accepted steps;
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
