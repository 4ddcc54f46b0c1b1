/* elastic_esdu78035.c — ESDU-78035 line contact of cylinders (004 Table 1):
 *     δ = (F h / L) (ln(4 L ΔR / (F h)) + 1),   h = (1 − ν1²)/E1 + (1 − ν2²)/E2 = 1/E*,
 * a log law with a = h/L, b = 4 L ΔR / h, c = 1; ΔR = R2 − R1 internal, R1 + R2 external.
 * Reproduces 004 Tables 8 and 9 with L = 1 mm and the fit of F ≤ 1 kN, up to two misprints of
 * the paper (Table 8's K are 10× too small, Table 9's n are Table 8's); see
 * tests/test_contact_fits.c. */
#include "cs_law_util.h"

#include <math.h>
#include <stdlib.h>

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  cs_status st = cs_check_line("esdu78035", g, 0, err);
  if (st != CS_OK)
    return st;
  double h = 1.0 / cs_geometry_E_star(g), L = g->length, dR = cs_geometry_clearance(g);
  return cs_loglaw_new("esdu78035", h / L, 4.0 * L * dR / h, 1.0, p[0], content, err);
}

const cs_law cs_law_elastic_esdu78035 = {
  .name = "esdu78035",
  .family = CS_ELASTIC,
  .summary = "ESDU-78035 cylinders: delta = F h/L (ln(4 L dR/(F h)) + 1), h = 1/E* (implicit)",
  .source = "Autiero et al. 2022 (004) Table 1, Tables 8-9; ESDU 78035",
  .params = cs_loglaw_params,
  .nparams = 1,
  .create = create,
  .destroy = free,
  .elastic = cs_loglaw_elastic_op,
  .energy = cs_loglaw_energy_op,
  .report = cs_loglaw_report_op,
};
