/*
 * cs_project.h — mass-orthogonal projection of a state onto the constraint manifold
 * (internal): q onto Φ(q, t) = 0, then v onto Φq v + Φt = 0, each correction the smallest in
 * the kinetic-energy metric (M), so it changes neither momentum nor energy to first order.
 *
 * Why: a state interpolated inside an integrator step (a located contact onset or separation)
 * carries the step's constraint drift, up to the local error. IDAS restarted from it must
 * remove that drift in its first step, a jump that is O(1) rather than O(h), so the error test
 * fails at every step size (measured: the clearance slider-crank died at t = 0.3748 s with
 * h = 1.8e-17 after a contact onset at 2.7 m/s). Every restart projects first.
 *
 * Rank-deficient Φq (redundant rows, singular positions) is fine: the corrections come from
 * the Schur complement Φq M⁻¹ Φqᵀ (cs_schur.h), redundant rows dropped and nearly dependent
 * ones damped, in O(m) for chains and trees.
 */
#ifndef CS_PROJECT_H
#define CS_PROJECT_H

#include "cs_model.h"

typedef struct cs_projector cs_projector;

/* Work space for a model's projections (no allocation in cs_project). NULL when out of memory. */
cs_projector *cs_projector_create(const cs_model *m);
void cs_projector_free(cs_projector *p);

/* Project q (Newton, a few iterations) and then v at time t, keeping the bodies' locked
 * coordinates when `locks` (the initial assembly's promise). Positions already within
 * enough_q of Φ = 0, velocities within enough_v of Φq v + Φt = 0, are left as they are: each
 * projection moves a clearance joint's δ by its round-off, and restarts at δ ≈ 0 that project
 * every time kick it back and forth across 0 (pass 0, 0 to always project). Returns 0, or −1
 * when the positions do not converge (a state far from the manifold: the caller's error). */
int cs_project(cs_projector *p, double t, double *q, double *v, int locks, double enough_q,
               double enough_v);

#endif
