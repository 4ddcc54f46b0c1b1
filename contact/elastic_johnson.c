/* elastic_johnson.c — Johnson's line contact of two cylinders, in the ΔR form of Pereira et al.
 * 2011 and Autiero et al. 2022 (004) Table 1 and §4:
 *     δ = (W / (π E*)) (ln(4π E* ΔR / W) − 1),   W = F / L,
 * ΔR = R2 − R1 (internal) or R1 + R2 (external): so the same ΔR gives the same law inside and
 * outside (004 §4). As a log law: a = 1/(π E* L), b = 4π E* ΔR L, c = −1. With L = 1 mm and the
 * fit of F ≤ 1 kN this reproduces 004 Tables 4, 5 and the Johnson column of Table 11
 * (tests/test_contact_fits.c). */
#include "cs_law_util.h"

#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  cs_status st = cs_check_line("johnson", g, 0, err);
  if (st != CS_OK)
    return st;
  double E = cs_geometry_E_star(g), L = g->length, dR = cs_geometry_clearance(g);
  return cs_loglaw_new("johnson", 1.0 / (PI * E * L), 4.0 * PI * E * dR * L, -1.0, p[0], content,
                       err);
}

const cs_law cs_law_elastic_johnson = {
  .name = "johnson",
  .family = CS_ELASTIC,
  .summary = "Johnson cylinders: delta = W/(pi E*) (ln(4 pi E* dR / W) - 1), W = F/L (implicit)",
  .source = "Autiero et al. 2022 (004) Table 1 and sec. 4; Johnson 1985; Pereira et al. 2011",
  .params = cs_loglaw_params,
  .nparams = 1,
  .create = create,
  .destroy = free,
  .elastic = cs_loglaw_elastic_op,
  .energy = cs_loglaw_energy_op,
  .report = cs_loglaw_report_op,
};
