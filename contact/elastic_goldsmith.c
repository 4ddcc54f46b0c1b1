/* elastic_goldsmith.c — Goldsmith's line contact of cylinders of length L (Goldsmith 1960, after
 * Lundberg; in Pereira et al. 2011):
 *     δ = (F σ / L) (ln(L³ / (F R* σ)) + 1),   σ = (1 − ν1²)/(π E1) + (1 − ν2²)/(π E2),
 * a log law with a = σ/L, b = L³/(R* σ), c = 1. R* per the geometry (a flat allowed).
 * 004 Table 1 prints W h (ln(L^m/(F R h)) + 1) with h = π σ and "m = 1", which is not
 * dimensionless. Its Tables 6, 7 and the Goldsmith column of Table 11 are all reproduced (15
 * rows, K within 0.2 %) by a = σ/L with the logarithm's numerator a constant 0.1 m — neither
 * L³ nor L with their L = 1 mm — so they are not a check of this formula; the test documents
 * that finding (tests/unit/contact/test_contact_fits.c). */
#include "cs_law_util.h"

static cs_loglaw_abc coefficients(const cs_contact_geometry *g)
{
  double sigma = 1.0 / (CS_PI * cs_geometry_E_star(g)), L = g->length, R = cs_geometry_R_star(g);
  return (cs_loglaw_abc){sigma / L, L * L * L / (R * sigma), 1.0};
}

CS_LOGLAW(goldsmith, 1, coefficients,
          "Goldsmith cylinders: delta = F sigma/L (ln(L^3/(F R* sigma)) + 1) (implicit)",
          "Autiero et al. 2022 (004) Table 1; Goldsmith 1960; Pereira et al. 2011");
