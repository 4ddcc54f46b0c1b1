/* elastic_dubowsky_freudenstein.c — Dubowsky & Freudenstein's pin of length 2a = L in a hole
 * (004 §3.1 and Table 1, in their notation h_k = (1 − ν_k²)/(π E_k)):
 *     δ = (π (h_i + h_j) F / (2a)) (ln(8a³ (R_i − R_j) / (π (h_i + h_j) F R_i R_j)) + 1).
 * With π(h_i + h_j) = 1/E* = h and R_i R_j/(R_i − R_j) = R*: δ = (F h / L)(ln(L³/(F R* h)) + 1),
 * a log law with a = h/L, b = L³/(R* h), c = 1 (external contact: R* of the geometry). No
 * table of 004 checks it. */
#include "cs_law_util.h"

static cs_loglaw_abc coefficients(const cs_contact_geometry *g)
{
  double h = 1.0 / cs_geometry_E_star(g), L = g->length, R = cs_geometry_R_star(g);
  return (cs_loglaw_abc){h / L, L * L * L / (R * h), 1.0};
}

CS_LOGLAW(dubowsky_freudenstein, 1, coefficients,
          "Dubowsky-Freudenstein pin in hole: delta = F h/L (ln(L^3/(F R* h)) + 1), "
            "h = 1/E* (implicit)",
          "Autiero et al. 2022 (004) sec. 3.1 and Table 1; Dubowsky & Freudenstein 1971");
