/*
 * cs_wear.h — Archard wear of a clearance joint's hole body (internal): a revolute joint's
 * bearing, a slot's tracks and end caps.
 *
 * The hole body (body[0]) loses volume at the rate k/H · F_n · |v_slip| wherever the dry
 * contact sits: F_n the normal force, v_slip the pin's slip over the wall at the contact
 * point, k Archard's dimensionless coefficient, H the hardness. The worn depth is kept as a
 * profile d(s) along the hole's wall, s the arc length along it as one closed contour of
 * length P (clearance_contour.c: the bore, s = R_b θ; a straight slot's lower track, front
 * cap, upper track and rear cap; a curved slot's outer track, cap, inner track and cap), on N
 * nodes s_i = P i / N, each standing for a strip L P/N of the wall (L the length). Locally,
 * Archard's law wears the depth at k/H · p(x) · |v_slip| under the contact pressure p(x); a
 * worn volume ΔV is therefore spread over the contact patch with the line contact's (Hertz)
 * elliptical pressure, half-width b = √(4 F_n R* / (π L E*)) (R*, E* of the touching region:
 * R_pin R_b / (R_b − R_pin) in a bore or a cap, R_pin on a flat track), around the contact's
 * s: the nodes within ±b take weights ∝ √(1 − (Δs / b)²), or, for a patch narrower than the
 * nodes' spacing, the two nodes around s take linear weights. The depth is the periodic cubic
 * B-spline on these node weights c_i: C², never below its lowest weight (no ridge a journal
 * could catch on; an interpolating cubic through a narrow groove dipped 7 % of its depth below
 * zero beside it, and a journal stopped there), and its integral is Σ c_i P/N, so
 * Σ c_i L P/N is the worn volume exactly. At the nodes the depth is
 * (c_{i−1} + 4 c_i + c_{i+1}) / 6: what the output's wear_depth holds, and what an initial
 * profile gives (the weights are solved for). One profile type serves every kind: only the
 * contour, its length and where a pin touches it (cs_contour_at) differ.
 *
 * Feedback: the wall recedes by d(s) along its normal, so the gap function is the original
 * one less the depth, δ(p) = δ₀(p) − d(s(p)), with its exact gradient and Hessian (the normal
 * ∇δ = ∇δ₀ − d'(s) ∇s leans with the worn wall). The engine adds the wear of each accepted step
 * (trapezoidal in time between step ends) to the profile after the step. The gap takes the
 * profile only when it has grown by more than 1e-3 of the clearance anywhere since the gap
 * last took it, and the integrator then restarts there, as at a contact onset: a gap that
 * changed after every step made IDAS see each change as error (measured on a pressed journal
 * without the dampers of models/journal_wear.json, rtol 1e-8, atol 1e-12: 4.2 million steps
 * for one second that way, 340,000 this way).
 */
#ifndef CS_WEAR_H
#define CS_WEAR_H

#include "cs_clearance.h"

/* Where on the wall a pin centre p (hole body's frame) touches in `region`: the arc length s
 * along the contour (clearance_contour.c), ∂s/∂p and ∂²s/∂p² (row-major). */
typedef struct cs_contour {
  double s, grad[2], hess[4];
} cs_contour;

/* Whether a kind's wall is one closed contour a profile can lie on (revolute, slots). */
int cs_contour_supported(cs_clearance_kind kind);
/* The contour's length P, m. */
double cs_contour_length(const cs_clearance *c);
void cs_contour_at(const cs_clearance *c, const double p[2], int region, cs_contour *out);

typedef struct cs_wear {
  int bins;          /* 0: no wear */
  int feedback;
  const cs_clearance *def;
  double k_over_H;   /* Archard's k / H, 1/Pa */
  double length;     /* the contour's length P, m */
  double spacing;    /* P / bins, m */
  double strip;      /* L P / bins: the wall area a node stands for, m² */
  double patch[CS_MAX_REGIONS]; /* b / √F_n: each region's Hertz half-width per √N, m */
  double *depth;     /* [bins]: the B-spline's weights c_i, m */
  double *applied;   /* [bins]: the weights of the profile the gap sees (feedback), m */
  double apply_tol;  /* the growth at which the gap takes the profile: 1e-3 c, m */
  double volume;     /* worn since the run began, m³ */
  double t_last, rate_last, s_last, force_last; /* the last accepted step's end: time, wear
                                                   rate (m³/s), contact's s, F_n, region */
  int region_last;
  int started;
  /* The profile the gap sees, summed up whenever the gap takes it, for the film of a worn
   * bearing (clearance_film.c), which would otherwise scan it at every force: */
  int applied_worn;  /* a weight is not 0 */
  int *kink_ahead;   /* [bins]: how many nodes on from node i the next kink is, bins for none
                        (cs_wear_next_kink) */
} cs_wear;

/* From the joint's specification (its initial profile copied), `clearance` its size
 * (cs_model_clearance_size); no allocation when it has no wear. Returns non-zero when out of
 * memory. */
int cs_wear_init(cs_wear *w, const cs_clearance *c, double clearance);
void cs_wear_free(cs_wear *w);

/* d(s) and, when non-NULL, d'(s) and d''(s) (s in m along the contour). */
double cs_wear_depth(const cs_wear *w, double s, double *d1, double *d2);
/* The depth the gap sees (the profile it last took), with d'(s) and d''(s). */
double cs_wear_applied(const cs_wear *w, double s, double *d1, double *d2);
/* The depth at the nodes P i / bins: at most max of them into out; the deepest. */
void cs_wear_nodes(const cs_wear *w, double *out, int max);
double cs_wear_deepest(const cs_wear *w);

/* Sum up the profile the gap sees (applied_worn, kink_ahead) after it changed: cs_wear_init
 * and cs_wear_step do; a profile written by hand (tests) calls it, kink_ahead set to bins
 * entries. */
void cs_wear_summarize(cs_wear *w);
/* Whether the profile the gap sees has any depth (a weight not 0). */
int cs_wear_applied_worn(const cs_wear *w);
/* The first node k (node k mod bins along the contour) in [from, end) where d'' of the
 * profile the gap sees has a kink, or `end` if none: d''' jumps at node i by
 * (c_{i−2} − 4c_{i−1} + 6c_i − 4c_{i+1} + c_{i+2})/h³, counted beyond 1e-9 of the deepest
 * weight (an unworn or evenly worn stretch has none; a profile read from a file has weights
 * decaying geometrically all round, whose kinks far from the groove are round-off's size). */
long cs_wear_next_kink(const cs_wear *w, long from, long end);

/* The worn gap: δ, ∇δ, ∇²δ of the joint's gap at the pin centre p (hole frame, gap->region
 * set) less the depth the gap sees there. Nothing when the wear has no feedback. */
void cs_wear_gap(const cs_wear *w, const double p[2], cs_gap *gap);

/* An accepted step ended at t with the contact at s (on the contour, in `region`) under F_n
 * slipping at |v_slip| (both 0 out of contact): add k/H ∫ F_n |v_slip| dt since the last step
 * (trapezoidal), half at each end's place and patch. Returns 1 when the gap took the profile
 * (the integrator restarts). */
int cs_wear_step(cs_wear *w, double t, double s, int region, double Fn, double slip);

#endif
