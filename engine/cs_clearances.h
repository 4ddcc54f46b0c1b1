/*
 * cs_clearances.h — clearance joints at run time (internal): their contact models and
 * histories, the forces they add to Q with their Jacobian blocks, the root functions that
 * locate contact onset and separation, the event rows, and the energy terms.
 *
 * Contact state is a hysteresis: a joint out of contact enters it when δ rises through
 * δ_on (a hair above zero) and leaves it when δ falls through 0, so a restart at δ = 0 after
 * a separation (δ = +3e-18 from round-off) never hides the next onset (DESIGN.md). Each
 * joint has a second root function out of contact, δ', whose fall through zero marks a local
 * maximum of δ: if that maximum is above δ_on, a step jumped a whole contact, and the
 * simulation goes back to its onset (cs_clearances_missed).
 */
#ifndef CS_CLEARANCES_H
#define CS_CLEARANCES_H

#include "cs_model.h"

typedef struct cs_clearances cs_clearances;

cs_status cs_clearances_create(const cs_model *m, cs_clearances **out, cs_error *err);
void cs_clearances_free(cs_clearances *c);

/* Q += contact forces; Qq += s ∂Q/∂q, Qv += s ∂Q/∂v when non-NULL (leading dimension ld). */
void cs_clearances_forces(cs_clearances *c, const double *q, const double *v, double *Q,
                          double *Qq, double *Qv, double s, int ld);
/* Power dissipated by contact damping and friction (W), and contact strain energy (J). */
double cs_clearances_dissipation(cs_clearances *c, const double *q, const double *v);
double cs_clearances_strain(cs_clearances *c, const double *q);

int cs_clearances_root_count(const cs_clearances *c);
void cs_clearances_roots(cs_clearances *c, const double *q, const double *v, double *g);
/* Act on the roots IDAS located at time t: open and close contacts. Returns how many changed;
 * *missed is the joint whose contact a step jumped over (a local maximum of δ above δ_on),
 * or −1. */
int cs_clearances_events(cs_clearances *c, double t, const double *q, const double *v,
                         const int *found, int *missed);
/* δ − δ_on of joint k: the function whose root is a missed onset. */
double cs_clearances_onset_gap(cs_clearances *c, int k, const double *q);
/* Open a contact of joint k at time t (used after going back to a missed onset). */
void cs_clearances_open(cs_clearances *c, int k, double t, const double *q, const double *v);
/* After each accepted step: the open contacts' δ_max and force peaks. */
void cs_clearances_commit(cs_clearances *c, const double *q, const double *v);

int cs_clearances_count(const cs_clearances *c);
void cs_clearances_output(cs_clearances *c, int k, const double *q, const double *v,
                          cs_clearance_state *out);
int cs_clearances_event_count(const cs_clearances *c);
const cs_contact_event *cs_clearances_event(const cs_clearances *c, int i);
long cs_clearances_clip_count(const cs_clearances *c);

#endif
