/*
 * cs_wear.h — Archard wear of a revolute clearance joint's bearing (internal).
 *
 * The bearing (the hole body) loses volume at the rate k/H · F_n · |v_slip| wherever the dry
 * contact sits: F_n the normal force, v_slip the pin's slip over the wall at the contact
 * point, k Archard's dimensionless coefficient, H the hardness. The worn depth is kept as a
 * profile d(θ) around the bearing, θ the angle of the line of centres in the hole body's frame,
 * on N nodes θ_i = 2π i / N, each standing for a strip R_b L 2π/N of the bore (R_b the bore
 * radius, L the length). Locally, Archard's law wears the depth at k/H · p(s) · |v_slip| under
 * the contact pressure p(s); a worn volume ΔV is therefore spread over the contact patch with
 * the line contact's (Hertz) elliptical pressure, half-width b = √(4 F_n R* / (π L E*)),
 * R* = R_pin R_b / (R_b − R_pin), around the contact angle: the nodes within ±b/R_b take
 * weights ∝ √(1 − (Δθ R_b / b)²), or, for a patch narrower than the nodes' spacing, the two
 * nodes around θ take linear weights. The depth is the periodic cubic B-spline on these node
 * weights c_i: C², never below its lowest weight (no ridge a journal could catch on; an
 * interpolating cubic through a narrow groove dipped 7 % of its depth below zero beside it,
 * and a journal stopped there), and its integral is Σ c_i 2π/N, so Σ c_i R_b L 2π/N is the
 * worn volume exactly. At the nodes the depth is (c_{i−1} + 4 c_i + c_{i+1}) / 6: what the
 * output's wear_depth holds, and what an initial profile gives (the weights are solved for).
 *
 * Feedback: the bore's radius at θ becomes R_b + d(θ), so the gap function is the original one
 * less the depth, δ(p) = |e| + R_pin − R_b − d(θ(e)), with its exact gradient and Hessian
 * (the normal ∇δ = n − d'(θ) t / |e| leans with the worn wall). The engine adds the wear of
 * each accepted step (trapezoidal in time between step ends) to the profile after the step.
 * The gap takes the profile only when it has grown by more than 1e-3 of the clearance
 * anywhere since the gap last took it, and the integrator then restarts there, as at a contact
 * onset: a gap that changed after every step made IDAS see each change as error (measured on
 * a pressed journal without the dampers of models/journal_wear.json, rtol 1e-8, atol 1e-12:
 * 4.2 million steps for one second that way, 340,000 this way).
 */
#ifndef CS_WEAR_H
#define CS_WEAR_H

#include "cs_clearance.h"

typedef struct cs_wear {
  int bins;          /* 0: no wear */
  int feedback;
  double k_over_H;   /* Archard's k / H, 1/Pa */
  double strip;      /* R_b L 2π/N: the bore area a node stands for, m² */
  double patch;      /* b / √F_n: the Hertz half-width per √N, divided by R_b (rad/√N) */
  double *depth;     /* [bins]: the B-spline's weights c_i, m */
  double *applied;   /* [bins]: the weights of the profile the gap sees (feedback), m */
  double apply_tol;  /* the growth at which the gap takes the profile: 1e-3 c, m */
  double volume;     /* worn since the run began, m³ */
  double t_last, rate_last, angle_last, force_last; /* the last accepted step's end: time,
                                                       wear rate (m³/s), contact angle, F_n */
  int started;
} cs_wear;

/* From the joint's specification (its initial profile copied); no allocation when it has no
 * wear. Returns non-zero when out of memory. */
int cs_wear_init(cs_wear *w, const cs_clearance *c);
void cs_wear_free(cs_wear *w);

/* d(θ) and, when non-NULL, d'(θ) and d''(θ). */
double cs_wear_depth(const cs_wear *w, double theta, double *d1, double *d2);
/* The depth at the nodes 2π i / bins: at most max of them into out; the deepest. */
void cs_wear_nodes(const cs_wear *w, double *out, int max);
double cs_wear_deepest(const cs_wear *w);

/* The worn gap: δ, ∇δ, ∇²δ of a revolute joint's gap at e = p − bearing centre (hole frame)
 * less the depth there. Nothing when the wear has no feedback. */
void cs_wear_gap(const cs_wear *w, const double e[2], cs_gap *gap);

/* An accepted step ended at t with the contact at angle θ under F_n slipping at |v_slip| (both
 * 0 out of contact): add k/H ∫ F_n |v_slip| dt since the last step (trapezoidal), half at each
 * end's angle and patch. Returns 1 when the gap took the profile (the integrator restarts). */
int cs_wear_step(cs_wear *w, double t, double theta, double Fn, double slip);

#endif
