/*
 * cs_clearances.h — clearance joints at run time (internal): their contact models and
 * histories, the forces they add to Q with their Jacobian blocks, the root functions that
 * locate contact onset and separation, the event rows, and the energy terms.
 *
 * A contact opens where δ rises through 0 with δ' > 0 (or sits at 0 with δ' = 0: at rest) and
 * closes where δ falls through a hair below 0 (cs_clearances_set_length) with δ' < 0, both
 * located by IDAS' root finding on δ; a root crossed against the motion (the round-off of a
 * restart at δ = 0) changes nothing. A second root function per joint, δ' blended to a
 * positive constant at the joint's centre, marks a local maximum of δ: if that maximum is
 * inside the wall, a step jumped a whole contact, and the simulation goes back to its onset;
 * so it does from any step that ends with a pin out of contact inside its wall.
 */
#ifndef CS_CLEARANCES_H
#define CS_CLEARANCES_H

#include "cs_acc.h"
#include "cs_model.h"
#include "cs_planar.h"

typedef struct cs_clearances cs_clearances;

cs_status cs_clearances_create(const cs_model *m, cs_clearances **out, cs_error *err);
void cs_clearances_free(cs_clearances *c);

/* Q += contact forces; Qq += s ∂Q/∂q, Qv += s ∂Q/∂v when non-NULL. Slot 36 k + 6 a + b: pin
 * k's local coordinates a, b (its bodies' x, y, θ, cs_clearances_bodies). */
void cs_clearances_forces(cs_clearances *c, const double *q, const double *v, double *Q,
                          const cs_acc *Qq, const cs_acc *Qv, double s);
/* Q += contact and film forces, returning the power they take out of the mechanism (damping,
 * friction, rolling resistance, the film; W), from one evaluation of each contact; at the
 * bodies' frames (cs_frames, cs_assembly.h) the constraints' pass shares. */
double cs_clearances_forces_power(cs_clearances *c, const cs_frame *frame, const double *v,
                                  double *Q);
/* Contact strain energy (J). */
double cs_clearances_strain(cs_clearances *c, const double *q);

/* Internal states: a friction law with a state (LuGre's bristles, cs_law.bristle) gives its
 * pin one state z, integrated with the mechanism, z' = f(q, v, z). The simulation holds z in
 * its own state vector and binds it before evaluating forces, dissipation or outputs: the
 * binding (a pointer to nz doubles, or NULL for all 0) stays until the next. */
int cs_clearances_state_count(const cs_clearances *c);
void cs_clearances_bind_state(cs_clearances *c, const double *z);
/* zdot = f(q, v, z) for the bound z (0 for pins out of contact); when non-NULL: Fq (nz × n)
 * += s ∂f/∂q, Fv += s ∂f/∂v, Fz (nz × nz) += s ∂f/∂z, and Qz (n × nz) += s ∂Q/∂z, Q the forces
 * of cs_clearances_forces. Slots: pin k's 6 k + a (Fq, Fv, Qz; a its local coordinate) and k
 * (Fz). */
void cs_clearances_state_rate(cs_clearances *c, const double *q, const double *v, double *zdot,
                              const cs_acc *Fq, const cs_acc *Fv, const cs_acc *Fz,
                              const cs_acc *Qz, double s);
/* Pin k's state's index in z, or −1 (no state). */
int cs_clearances_pin_state(const cs_clearances *c, int k);
/* z = 0 for the pins out of contact: every contact starts with relaxed bristles (restarts); a
 * contact handed over at a join (cs_clearances_settle) keeps its own. */
void cs_clearances_reset_states(cs_clearances *c, double *z);

int cs_clearances_root_count(const cs_clearances *c);
void cs_clearances_roots(cs_clearances *c, const double *q, const double *v, double *g);
/* Root r alone (joint r / 2's): reads only that joint's two bodies' entries of q and v. */
double cs_clearances_root(cs_clearances *c, int r, const double *q, const double *v);
/* After each accepted step, ending at q, with the roots the integrator located there (NULL:
 * none): returns how many were roots of δ (each needs a restart, which settles the contact
 * states); *missed is a joint out of contact found inside its wall (δ > 0) at its guard's root
 * or without a root of its δ, whose onset the step jumped over, or −1. */
int cs_clearances_events(cs_clearances *c, const double *q, const int *found, int *missed);
/* δ of joint k at q. */
double cs_clearances_gap(cs_clearances *c, int k, const double *q);
/* How many pins from pin k on stand on its point (a profile's walls: the same bodies, the same
 * pin centre): 1 for every other. */
int cs_clearances_point_run(const cs_clearances *c, int k);
/* δ at q of those pins into delta[0], delta[stride], …: their bodies' frames made once, and one
 * distance for them all where the point is far from every wall. Returns how many. */
int cs_clearances_gaps(cs_clearances *c, int k, const double *q, double *delta, int stride);
/* The shortest time a pin out of contact with more than one wall (slots, a translational
 * joint's corners) takes, at its speed relative to its hole's body, to travel its clearance
 * (infinity when none moves): a step no longer than that cannot carry a pin past a wall it
 * only touches in between (a grazing contact whose nearest wall at both ends of the step is
 * another one). A bearing has one wall: δ and its guard root see every approach to it. And,
 * alone with `thin_only`, the time a pin within ten of them takes to cross the depth a wall
 * cut from a path sees it to (cs_clearance_pin_band: a V notch's faces, 1e-3 m deep), or a pin
 * farther off to come within ten: a step across that band would find the pin outside at both
 * ends (a rhombus fell through a V at 0.4 m/s). And the time any other profile pin takes, its
 * centre's speed plus the bodies' relative turning times its lever (a face's length, a windowed
 * arc's radius), to come within the joint's size of its wall, or (not with `thin_only`, whose
 * IDAS steps the guard root sees there) to cross that size: a turning outline's corner can
 * sweep through a wall and out within a step whose ends both lie clear of it. A pin whose
 * window partner is in contact bounds nothing (that contact does). Speeds, not accelerations:
 * a pin starting from rest bounds nothing until it moves. */
double cs_clearances_crossing_time(cs_clearances *c, const double *q, const double *v,
                                   int thin_only);
/* Make the contact states agree with the state (q, v) at time t: open a joint at δ ≥ 0 not
 * moving out (δ' ≥ 0: at δ' = 0 it touches at rest, and takes load if a force presses it in;
 * pulled out, it leaves at once through −release with no force), close one at δ ≤ −release
 * moving out. Used at the start and at every root and restart, where δ is within round-off
 * of 0. A contact whose wall ends at a join with the next wall (cs_profile_continue) goes on
 * in that wall's pin, the one contact it is (its event, impact and history), not a new one
 * opened at the penetration it had. Returns how many changed. */
int cs_clearances_settle(cs_clearances *c, double t, const double *q, const double *v);
/* Whether pin k's joint starts resting on its wall (cs_clearance_start): its contact opens at
 * t0 whatever the round-off sign of its δ ≈ 0. */
int cs_clearances_starts_resting(const cs_clearances *c, int k);
/* Open a contact of joint k at time t (used after going back to a missed onset). */
void cs_clearances_open(cs_clearances *c, int k, double t, const double *q, const double *v);
/* After each accepted step, ending at t: the worn profiles (joints/tribology/cs_wear.h) grow by the
 * step's wear. Returns how many joints' gaps took their grown profile: the integrator must
 * restart, as after a contact event; *released is the strain energy the deeper gaps let go
 * there (J), which the wear took: the energy books count it as dissipated. */
int cs_clearances_wear(cs_clearances *c, double t, const double *q, const double *v,
                       double *released);
/* Joint k's worn depth profile (m, at the nodes P i / bins along its wall, joints/tribology/cs_wear.h;
 * a bearing's at the angles 2π i / bins in the hole body's frame): writes at most max values,
 * returns the bins (0 without wear). */
int cs_clearances_wear_profile(const cs_clearances *c, int k, double *depth, int max);
/* After each accepted step: the open contacts' δ_max and force peaks. */
void cs_clearances_commit(cs_clearances *c, const double *q, const double *v);
/* The same for joint i alone (reads only its two bodies' entries of q and v). */
void cs_clearances_commit_one(cs_clearances *c, int i, const double *q, const double *v);
/* Whether pin i's contact is open; the two bodies it acts between; its normal force at
 * (q, v), a state inside the accepted step, reading only those bodies' entries (0 out of
 * contact), with δ and δ' there into *delta and *rate when non-NULL and in contact (untouched
 * out of it): the contact's deepest δ takes the state's in. */
int cs_clearances_in_contact(const cs_clearances *c, int i);
/* A count that changes whenever pin i's force at a given state may (a contact opened or
 * closed, its worn profile deepened): two evaluations at one state under one revision agree. */
long cs_clearances_revision(const cs_clearances *c, int i);
const int *cs_clearances_bodies(const cs_clearances *c, int i);
double cs_clearances_sample(cs_clearances *c, int i, const double *q, const double *v,
                            double *delta, double *rate);
/* The same force at a state that is not the step's (a difference's), counting nothing. */
double cs_clearances_force(cs_clearances *c, int i, const double *q, const double *v);

int cs_clearances_count(const cs_clearances *c);
/* The mechanism's size (cs_scales.h), on which an open contact's release below δ = 0 is set:
 * contacts open at δ = 0 and close at δ = −1000 ulps of it (round-off of δ stays inside). */
void cs_clearances_set_length(cs_clearances *c, double length);
/* The state of model clearance joint k (its leading pin's, clearsim.h), and of its pin `pin`.
 * The other functions count pins: joints × their pins (cs_clearance_pin_count), in order. */
void cs_clearances_output(cs_clearances *c, int k, const double *q, const double *v,
                          cs_clearance_state *out);
void cs_clearances_pin_output(cs_clearances *c, int k, int pin, const double *q,
                              const double *v, cs_clearance_state *out);
int cs_clearances_event_count(const cs_clearances *c);
const cs_contact_event *cs_clearances_event(const cs_clearances *c, int i);
long cs_clearances_clip_count(const cs_clearances *c);
/* Where contacts passed between pins whose laws store a different strain energy at the same
 * δ (a standing-out arc's window edge between radii, under a law whose stiffness depends on
 * them): how many such hand-overs, the largest and the summed |ΔU| (J), and the joint of the
 * largest (−1 if none). The walls' joins hand over between equal laws and step nothing. */
typedef struct cs_handover_steps {
  long count;
  double worst, total;
  int joint;
} cs_handover_steps;
cs_handover_steps cs_clearances_handover_steps(const cs_clearances *c);

#endif
