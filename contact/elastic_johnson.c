/* elastic_johnson.c — Johnson's line contact of two cylinders, in the ΔR form of Pereira et al.
 * 2011 and Autiero et al. 2022 (004) Table 1 and §4:
 *     δ = (W / (π E*)) (ln(4π E* ΔR / W) − 1),   W = F / L,
 * ΔR = R2 − R1 (internal) or R1 + R2 (external): so the same ΔR gives the same law inside and
 * outside (004 §4). As a log law: a = 1/(π E* L), b = 4π E* ΔR L, c = −1. With L = 1 mm and the
 * fit of F ≤ 1 kN this reproduces 004 Tables 4, 5 and the Johnson column of Table 11
 * (tests/unit/contact/test_contact_fits.c). */
#include "cs_law_util.h"

static cs_loglaw_abc coefficients(const cs_contact_geometry *g)
{
  double E = cs_geometry_E_star(g), L = g->length, dR = cs_geometry_clearance(g);
  return (cs_loglaw_abc){1.0 / (CS_PI * E * L), 4.0 * CS_PI * E * dR * L, -1.0};
}

CS_LOGLAW(johnson, 0, coefficients,
          "Johnson cylinders: delta = W/(pi E*) (ln(4 pi E* dR / W) - 1), W = F/L (implicit)",
          "Autiero et al. 2022 (004) Table 1 and sec. 4; Johnson 1985; Pereira et al. 2011");
