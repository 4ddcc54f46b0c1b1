/*
 * cs_film_forces.h — the oil film of a lubricated clearance joint as generalized forces
 * (internal; the film itself: joints/tribology/cs_film.h). Used by cs_clearances.c for every lubricated
 * joint at every state, in contact or not.
 */
#ifndef CS_FILM_FORCES_H
#define CS_FILM_FORCES_H

#include "cs_acc.h"
#include "cs_model.h"
#include "cs_planar.h"
#include "cs_film.h"

/* The film of joint d at (q, v) (fr: its two bodies' frames at q), in its bearing worn by
 * `wear` (NULL: unworn; joints/tribology/cs_film.h cs_film_eval_worn), into *film (may be
 * NULL). When Q is non-NULL, Q += Jpᵀ f (the
 * force f on the journal and −f on the bearing at the journal centre), Qq += s ∂Q/∂q and
 * Qv += s ∂Q/∂v when non-NULL (slot slot0 + 6 a + b for d's local coordinates a, b: body[0]'s
 * x, y, θ, then body[1]'s). Returns the power the film takes out of the mechanism, −f · e'
 * (W; negative while it drives a whirl). */
double cs_film_forces(const cs_model *m, const cs_clearance *d, const cs_wear *wear,
                      const cs_frame fr[2], const double *v, double *Q, const cs_acc *Qq,
                      const cs_acc *Qv, double s, int slot0, cs_film *film);

#endif
