/* elastic_esdu78035.c — ESDU-78035 line contact of cylinders (004 Table 1):
 *     δ = (F h / L) (ln(4 L ΔR / (F h)) + 1),   h = (1 − ν1²)/E1 + (1 − ν2²)/E2 = 1/E*,
 * a log law with a = h/L, b = 4 L ΔR / h, c = 1; ΔR = R2 − R1 internal, R1 + R2 external.
 * Reproduces 004 Tables 8 and 9 with L = 1 mm and the fit of F ≤ 1 kN, up to two misprints of
 * the paper (Table 8's K are 10× too small, Table 9's n are Table 8's); see
 * tests/test_contact_fits.c. */
#include "cs_law_util.h"

static cs_loglaw_abc coefficients(const cs_contact_geometry *g)
{
  double h = 1.0 / cs_geometry_E_star(g), L = g->length, dR = cs_geometry_clearance(g);
  return (cs_loglaw_abc){h / L, 4.0 * L * dR / h, 1.0};
}

CS_LOGLAW(esdu78035, 0, coefficients,
          "ESDU-78035 cylinders: delta = F h/L (ln(4 L dR/(F h)) + 1), h = 1/E* (implicit)",
          "Autiero et al. 2022 (004) Table 1, Tables 8-9; ESDU 78035");
