/* elastic_pereira.c — Pereira, Ramalho & Ambrósio's power law for cylinders fitted to finite
 * element results (004 Table 1, model [38], Pereira et al. 2011):
 *     F = K δ^n,   K = (a ΔR + b) L E* / ΔR,
 *     internal: a = 0.965, b = 0.0965, n = Y ΔR^−0.005,
 *               Y = 1.51 (ln(1000 ΔR))^−0.151   for ΔR in [0.005, 0.34954] mm,
 *               Y = 0.0151 ΔR + 1.151           for ΔR in [0.34954, 10] mm,
 *     external: a = 0.39, b = 0.85, n = 1.094.
 * The fit is stated in mm (ΔR's ranges, ln(1000 ΔR) of ΔR in µm; the two Y branches meet at
 * 0.34954 mm only with ΔR in mm), so K is in N/mm^n with L in mm and E* in MPa; in SI that is
 * K = (a ΔR_mm + b)/ΔR_mm · L E* · 1000^(n−1). */
#include "cs_law_util.h"

#include <math.h>

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  (void)p;
  cs_status st = cs_check_line("pereira", g, 0, err);
  if (st != CS_OK)
    return st;
  double dR = 1e3 * cs_geometry_clearance(g); /* mm */
  double a = 0.39, b = 0.85, n = 1.094;
  if (g->internal) {
    if (!(dR >= 0.005 && dR <= 10.0))
      return cs_fail(err, CS_ERR_INPUT, "pereira: internal clearance dR = R2 - R1 = %g mm is "
                     "outside the model's range [0.005, 10] mm", dR);
    double Y = dR <= 0.34954 ? 1.51 * pow(log(1000.0 * dR), -0.151) : 0.0151 * dR + 1.151;
    a = 0.965, b = 0.0965, n = Y * pow(dR, -0.005);
  }
  double K = (a * dR + b) / dR * g->length * cs_geometry_E_star(g) * pow(1000.0, n - 1.0);
  return cs_power_new("pereira", K, n, content, err);
}

CS_POWER_LAW(pereira, create, NULL, 0,
             "Pereira et al. cylinders: F = (a dR + b) L E*/dR delta^n, a, b, n fitted to FEM",
             "Autiero et al. 2022 (004) Table 1, model [38]; Pereira, Ramalho & Ambrosio 2011");
