/* elastic_dubowsky_freudenstein.c — Dubowsky & Freudenstein's pin of length 2a = L in a hole
 * (004 §3.1 and Table 1, in their notation h_k = (1 − ν_k²)/(π E_k)):
 *     δ = (π (h_i + h_j) F / (2a)) (ln(8a³ (R_i − R_j) / (π (h_i + h_j) F R_i R_j)) + 1).
 * With π(h_i + h_j) = 1/E* = h and R_i R_j/(R_i − R_j) = R*: δ = (F h / L)(ln(L³/(F R* h)) + 1),
 * a log law with a = h/L, b = L³/(R* h), c = 1 (external contact: R* of the geometry). No
 * table of 004 checks it. */
#include "cs_law_util.h"

#include <math.h>
#include <stdlib.h>

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  cs_status st = cs_check_line("dubowsky_freudenstein", g, 1, err);
  if (st != CS_OK)
    return st;
  double h = 1.0 / cs_geometry_E_star(g), L = g->length, R = cs_geometry_R_star(g);
  return cs_loglaw_new("dubowsky_freudenstein", h / L, L * L * L / (R * h), 1.0, p[0], content,
                       err);
}

const cs_law cs_law_elastic_dubowsky_freudenstein = {
  .name = "dubowsky_freudenstein",
  .family = CS_ELASTIC,
  .summary = "Dubowsky-Freudenstein pin in hole: delta = F h/L (ln(L^3/(F R* h)) + 1), "
             "h = 1/E* (implicit)",
  .source = "Autiero et al. 2022 (004) sec. 3.1 and Table 1; Dubowsky & Freudenstein 1971",
  .params = cs_loglaw_params,
  .nparams = 1,
  .create = create,
  .destroy = free,
  .elastic = cs_loglaw_elastic_op,
  .energy = cs_loglaw_energy_op,
  .report = cs_loglaw_report_op,
};
