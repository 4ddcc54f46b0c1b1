/* cs_rolling.h — rolling-resistance torque of the volumetric contact model (internal; for the
 * volumetric clearance joint).
 *
 * Gonthier, McPhee, Lange & Piedbœuf (002) eq. 1 spreads the normal pressure over the
 * interference as p = k_v h (1 + a v_n), k_v = k_f/h_f the foundation stiffness per unit volume
 * and a the hysteretic damping factor. When the bodies roll relative to each other, v_n varies
 * linearly across the contact and the pressure's moment about the interference centroid is
 * eq. 4, τ = k_v a J_c ω_t. In the plane, ω_t is the relative angular velocity ω1 − ω2 (normal
 * to the plane, hence tangent to the contact surface) and J_c reduces to J = ∫ ρ_t² h dS, the
 * second moment of the interference volume about the centroid, along the contact tangent. */
#ifndef CS_ROLLING_H
#define CS_ROLLING_H

/* The torque on body 1 (body 2 gets its opposite): τ = −k_v a J ω, resisting the relative
 * rolling ω = ω1 − ω2 (rad/s). k_v in N/m³, a in s/m, J in m⁵; τ in N·m. *dtau_domega (if not
 * NULL) is ∂τ/∂ω. */
double cs_rolling_resistance(double k_v, double a, double J, double omega, double *dtau_domega);

/* J of a shallow interference between two circles (or a circle and a flat) of relative radius
 * R* (cs_geometry_R_star: internal or external), penetration δ, axial length L. The depth is
 * h(t) = δ − t²/(2R*) over |t| ≤ b = sqrt(2R*δ), so J = L ∫ t² h dt = (4/15) L δ b³; the
 * relative error of the parabola is of order δ/R*. */
double cs_rolling_moment(double delta, double R_star, double length);

#endif
