/*
 * cs_scales.h — a mechanism's own physical scales (internal), on which the integrator weighs
 * each kind of unknown:
 *   L  length: the largest distance between the bodies' centres, joint and contact points;
 *   Ω  frequency: the fastest of the drivers' rates, the initial angular velocities, the
 *      initial speeds over L, and the pendulum frequency √(|g|/L);
 *   V = Ω L  speed;   F = Σ m (|g| + Ω² L)  force.
 * Computed once from the assembled initial state (q, v).
 */
#ifndef CS_SCALES_H
#define CS_SCALES_H

#include "cs_model.h"

typedef struct cs_scales {
  double length, frequency, speed, force;
} cs_scales;

/* The largest error a position may carry, as a share of the smallest clearance (cs_sim.c's
 * cap of the error weights; the run's evidence weighs atol against it). */
#define CS_CLEARANCE_SHARE 3e-6

void cs_scales_of(const cs_model *m, const double *q, const double *v, cs_scales *s);

/* The scales a simulation took at its assembled start (cs_sim.c), which its errors are weighed
 * on. */
const cs_scales *cs_sim_scales(const cs_sim *sim);

#endif
