/*
 * cs_film.h — the oil film of a lubricated revolute clearance joint (internal).
 *
 * The film force on the journal follows from Reynolds' equation in the bearing's frame (the
 * hole body, body[0]), where the bearing surface is at rest and the journal turns at
 * ω = θ1' − θ0'. With e the journal centre relative to the bearing centre, ε = |e|/c, γ the
 * angle of e and h = c (1 − ε cos φ) the film thickness at the angle φ from e, Reynolds' right-
 * hand side is 6 μ c [A sin φ − B cos φ] with
 *
 *     A = ε (ω − 2γ')   (wedge: in the world frame ω_journal + ω_bearing − 2 γ'_world)
 *     B = 2 ε'          (squeeze)
 *
 * short_bearing (Ocvirk, Pinkus & Sternlicht; L/D ≲ 1): the axial pressure flow alone,
 *   p = −3 μ (A sin φ − B cos φ)(L²/4 − z²) / (c² (1 − ε cos φ)³), kept where positive
 *   (Gümbel's condition, the π film). The positive half is φ ∈ (α − π, α), α = atan2(B, A):
 *   the π film turns with the mix of wedge and squeeze, so a pure wedge gives the classical
 *   W(ε) and attitude angle and a pure squeeze a film centred on the line of centres (no side
 *   force). The integrals over that half are closed forms in Sommerfeld's variable ψ
 *   (1 − ε cos φ = (1 − ε²)/(1 + ε cos ψ)), in which every integrand is a trigonometric
 *   polynomial.
 * long_bearing (Sommerfeld; L/D ≳ 2): the circumferential flow alone with the full (2π)
 *   film, whose periodic pressure gives
 *   f = 12 π μ R³ L / c² · [−(B/2) / (1 − ε²)^{3/2} n + A / ((2 + ε²) √(1 − ε²)) t]:
 *   a pure wedge at 90° attitude (W = 12 π μ ω R³ L ε / (c² (2 + ε²) √(1 − ε²))).
 *
 * n = e/|e|, t = n turned by +90°. The pressure acts normal to the journal, through its
 * centre: the force on the journal is f, on the bearing −f at the same point (no couple;
 * Reynolds' pressure carries no shear torque). Its power on the mechanism is f · e'.
 *
 * Hand-over to dry contact: the film thickness h_min = c (1 − ε) cannot fall below the
 * boundary film h_b (the surfaces' combined roughness √(σ0² + σ1²), or the joint's
 * "boundary_film"): beyond ε_b = 1 − h_b / c the film force is the one at ε_b, with the real
 * direction, whirl and squeeze rates (bounded, continuous), and the dry contact law acts in
 * parallel from δ = 0 (ε = 1) on. No region is without a force, and the film never grows
 * without bound next to the dry force.
 *
 * Derivatives are exact: every quantity is carried with its derivatives along
 * (e_x, e_y, e'_x, e'_y, ω) (forward differentiation), including the moving ends of the π
 * film, whose contribution vanishes (p = 0 there) as it should.
 */
#ifndef CS_FILM_H
#define CS_FILM_H

#include "cs_clearance_spec.h"
#include "cs_wear.h"

typedef struct cs_film {
  double force[2];   /* on the journal, hole body's frame, N */
  double d_e[4];     /* ∂force_i/∂e_j, row-major */
  double d_rate[4];  /* ∂force_i/∂e'_j */
  double d_omega[2]; /* ∂force_i/∂ω */
  double epsilon;    /* |e| / c */
  double h_min;      /* c − |e|, m (negative when the surfaces overlap) */
  int saturated;     /* ε beyond ε_b: the force is the one at ε_b */
} cs_film;

/* "short_bearing", "long_bearing" by cs_film_model; NULL-terminated. */
extern const char *const cs_film_model_names[];

/* The film of a journal of radius R, length L, radial clearance c with the journal centre at
 * e (relative to the bearing centre) moving at e' and turning at ω relative to the bearing,
 * all in the bearing's frame. */
void cs_film_eval(const cs_lubrication *lub, double R, double L, double c, const double e[2],
                  const double rate[2], double omega, cs_film *out);

/* The film of a worn bearing (models/README.md "Lubrication", "on a worn bearing"): the bore
 * worn by the depth d(θ) the gap sees (cs_wear_applied, θ in the bearing's frame, s = R_b θ),
 * so the film is h(θ) = c − e·(cos θ, sin θ) + d(θ). The short bearing's pressure is Reynolds'
 * axial solution for that h, −3 μ (U ∂h/∂x + 2 ∂h/∂t)(L²/4 − z²)/h³ with U = R ω,
 * ∂h/∂x = (e_x sin θ − e_y cos θ + d'(θ))/R, kept where positive (Gümbel), integrated over θ
 * numerically (cs_film_eval_numeric) with the derivatives of the integrand carried along, so
 * the Jacobian blocks are exact for the computed force. The hand-over to dry contact uses the
 * worn clearance along the line of centres, c + d(γ): beyond |e| = c + d(γ) − h_b the force
 * is the one there, with the real squeeze and whirl rates. ε is |e|/(c + d(γ)), h_min
 * c + d(γ) − |e|. The long bearing: Sommerfeld's full film for that h, the circumferential
 * equation integrated once, its constant from the pressure's periodicity, by the trapezoidal
 * rule over the whole turn. The unworn profile, or wear without feedback: cs_film_eval. */
void cs_film_eval_worn(const cs_lubrication *lub, double R, double L, double c,
                       const cs_wear *wear, const double e[2], const double rate[2],
                       double omega, cs_film *out);
/* The numerical integral (either bearing) whatever the profile (wear NULL: d = 0); it agrees
 * with cs_film_eval's closed form to round-off where d = 0 (tests/unit/joints/test_lubrication_worn.c). */
void cs_film_eval_numeric(const cs_lubrication *lub, double R, double L, double c,
                          const cs_wear *wear, const double e[2], const double rate[2],
                          double omega, cs_film *out);

#endif
