/* elastic_liu.c — Liu, Zhang & Yang's spherical-joint stiffness as Wang & Gao 2023 (000)
 * state it:
 *
 *   K_c = 4 n E* R/(2n + 1) · √(1 − (ΔR/(ΔR + δ))²),   F_e = K_c δ             (000 eq. 12)
 *
 * i.e. Steuermann's stiffness with the semi-angle cos θ' = ΔR/(ΔR + δ). R is 000's R1, the
 * socket (cs_steuermann.h). For ΔR ≪ R it agrees with Wang–Gao's angle to O(ΔR/R): at small δ
 * the ratio of the two forces is √(R_socket/R_ball) (000 §2.4: "almost identical").
 */
#include "cs_steuermann.h"

#include <math.h>

/* sin θ' = √(δ (2ΔR + δ))/(ΔR + δ); d sin θ'/dδ = ΔR²/((ΔR + δ)² √(δ (2ΔR + δ))) */
static double liu_sin(const cs_steuermann *s, double delta, double *dsin)
{
  double d = s->dR + delta, w = delta * (2.0 * s->dR + delta);
  if (!(d > 0.0)) { /* zero clearance, δ = 0: the limit δ → 0+ is sin θ' = 1 */
    *dsin = 0.0;
    return 1.0;
  }
  double rw = sqrt(w);
  *dsin = rw > 0.0 ? s->dR * s->dR / (d * d * rw) : 0.0;
  return rw / d;
}

static double liu_coeff(const cs_steuermann *s) { return sqrt(2.0 / s->dR); }

static const cs_semi_angle liu_angle = {"liu", liu_sin, liu_coeff};

CS_STEUERMANN_LAW(liu, liu_angle,
                  "ball in socket: Liu's Steuermann stiffness 4nE*R sin(theta')/(2n+1), "
                  "cos(theta') = dR/(dR + delta)",
                  "Liu, Zhang & Yang 2005, as Wang & Gao 2023 (000) eq. 12");
