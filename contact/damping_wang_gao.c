/* damping_wang_gao.c — Wang & Gao 2023 (000) hysteresis damping for a ball in a socket:
 *
 *   F_n = F_e + χ δ^{3/2} δ'/δ'(−),   χ = 50 H (1 − c_r) / (13 c_r)         (000 eqs. 28–29)
 *
 * H is the coefficient of the strain energy U = H δ_max^{5/2} of Steuermann's stiffness
 * K = 4 n E* R1 sin θ/(2n + 1) (000 eq. 18):
 *
 *   H = 8 √2 n E* √(R1 R2) / (5 (2n + 1) √ΔR),   ΔR = R_socket − R_ball
 *
 * so the damping term is fixed by the geometry and the polynomial index n, whatever elastic
 * law the contact uses (000 pairs it with the Steuermann stiffness of its eq. 11).
 * (000's intermediate eq. 17 ends in a non-dimensional √(R1R2)/√(ΔR R1); the small-δ
 * expansion sin θ ≈ √(2 R2 δ/(ΔR R1)) gives ∫ sin θ δ dδ = 2√2 √R2 δ^{5/2}/(5 √(ΔR R1)),
 * and with that eq. 18's H as printed follows: H is right, eq. 17's last line is not.)
 * Since the same small-δ expansion gives F_e ≈ (5/2) H δ^{3/2}, the damping factor relative
 * to F_e is (20/13)(1 − c_r)/c_r for every n: 000 §4.2 finds the dissipated energy
 * independent of n.
 */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct wang_gao {
  double n, H; /* -, N/m^2.5 */
} wang_gao;

static const cs_param_spec wang_gao_params[] = {
  {"n", "-", 2.0, 1.0, INFINITY, 0,
   "index of Steuermann's polynomial (000 §2.2; n = 2 matches FEM, 000 Fig. 3)"},
};

static cs_status wang_gao_create(const double *params, const cs_contact_geometry *g,
                                 void **content, cs_error *err)
{
  double n = params[0];
  if (!(n >= 1.0 && isfinite(n)))
    return cs_fail(err, CS_ERR_INPUT, "damping \"wang_gao\": n = %g, expected n >= 1", n);
  if (!g || g->shape != CS_CONTACT_POINT || !g->internal || !(g->R1 > 0.0) || !(g->R2 > g->R1))
    return cs_fail(err, CS_ERR_INPUT,
                   "damping \"wang_gao\": needs a ball in a socket (point contact, internal, "
                   "0 < R1 ball < R2 socket), got shape %d internal %d R1 = %g m R2 = %g m",
                   g ? (int)g->shape : -1, g ? g->internal : -1, g ? g->R1 : 0.0,
                   g ? g->R2 : 0.0);
  double Es = cs_geometry_E_star(g);
  if (!(Es > 0.0 && isfinite(Es)))
    return cs_fail(err, CS_ERR_INPUT,
                   "damping \"wang_gao\": effective modulus E* = %g Pa, expected > 0 (check "
                   "the materials' E and nu)",
                   Es);
  wang_gao *w = malloc(sizeof *w);
  if (!w)
    return cs_fail(err, CS_ERR_MEMORY, "damping \"wang_gao\": out of memory");
  w->n = n;
  w->H = 8.0 * sqrt(2.0) * n * Es * sqrt(g->R1 * g->R2 / (g->R2 - g->R1)) / (5.0 * (2.0 * n + 1.0));
  *content = w;
  return CS_OK;
}

static double wang_gao_normal(void *content, const cs_normal_in *in, double *dFn_ddelta,
                              double *dFn_drate)
{
  const wang_gao *w = content;
  double e = in->cr, d = fmax(in->delta, 0.0);
  /* χ/δ'(−); δ'(−) > 0 by contract — without it the law stays elastic. */
  double k = e < 1.0 && in->v_impact > 0.0 ? 50.0 * w->H * (1.0 - e) / (13.0 * e * in->v_impact)
                                           : 0.0;
  double d32 = d * sqrt(d);
  if (dFn_ddelta)
    *dFn_ddelta = in->dFe + 1.5 * k * sqrt(d) * in->rate;
  if (dFn_drate)
    *dFn_drate = k * d32;
  return in->Fe + k * d32 * in->rate;
}

static void wang_gao_report(void *content, char *buf, int size)
{
  const wang_gao *w = content;
  snprintf(buf, (size_t)size, "n = %g, H = %.6g N/m^2.5 (strain energy H d^2.5, 000 eq. 18)",
           w->n, w->H);
}

const cs_law cs_law_damping_wang_gao = {
  .name = "wang_gao",
  .family = CS_DAMPING,
  .summary = "F_e + 50 H (1-e)/(13 e) d^1.5 d'/d'(-), H from Steuermann's stiffness (ball in "
             "socket)",
  .source = "Wang & Gao 2023 (000) eqs. 18, 28-29",
  .params = wang_gao_params,
  .nparams = CS_NPARAMS(wang_gao_params),
  .create = wang_gao_create,
  .destroy = free,
  .normal = wang_gao_normal,
  .report = wang_gao_report,
};
