/* friction_lugre.c — LuGre friction (Canudas de Wit, Olsson, Åström & Lischinsky 1995, IEEE
 * Trans. Autom. Control 40(3), eqs. 1–4), per unit normal force so that it follows a contact's
 * varying load: the bristles' mean deflection z (m) is an internal state integrated with the
 * mechanism (cs_clearances_state_count), and
 *
 *   z' = vt − σ0 |vt| z / g(vt),   g(v) = μk + (μs − μk) exp(−(v / v_s)²)
 *   Ft = −Fn (σ0 z + σ1 z') − σ2 vt
 *
 * (the paper's F_C, F_S are μk Fn and μs Fn; its σ0, σ1 are here per newton of normal force).
 * At rest under a tangential load below μs Fn the bristles deflect by load/(σ0 Fn) and the
 * body stays: true stiction; in steady sliding z' = 0 and Ft is the Stribeck curve
 * −Fn g(v) sgn v − σ2 v (eq. 5), which `friction` returns for users without a state. */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { MU_S, MU_K, V_S, SIGMA0, SIGMA1, SIGMA2, NPARAM };

typedef struct lugre {
  double p[NPARAM];
} lugre;

static const cs_param_spec lugre_params[] = {
  {"mu_s", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "static friction coefficient, F_S = mu_s Fn (>= mu_k)"},
  {"mu_k", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "kinetic (Coulomb) friction coefficient, F_C = mu_k Fn"},
  {"v_s", "m/s", 1e-3, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "Stribeck speed: g(v) = mu_k + (mu_s - mu_k) exp(-(v/v_s)^2)"},
  {"sigma0", "1/m", 1e5, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "bristle stiffness per newton of normal force: a load F deflects them F/(sigma0 Fn)"},
  {"sigma1", "s/m", 316.2, 0.0, INFINITY, 0,
   "bristle damping per newton of normal force (Canudas de Wit et al.: sqrt(sigma0))"},
  {"sigma2", "N s/m", 0.0, 0.0, INFINITY, 0, "viscous friction coefficient"},
};

static cs_status lugre_create(const double *params, const cs_contact_geometry *geometry,
                              void **content, cs_error *err)
{
  (void)geometry;
  if (!(params[MU_S] >= params[MU_K]))
    return cs_fail(err, CS_ERR_INPUT, "friction \"lugre\": mu_s = %g is below mu_k = %g "
                   "(static friction is at least kinetic friction)", params[MU_S], params[MU_K]);
  if (!(params[MU_K] > 0.0))
    return cs_fail(err, CS_ERR_INPUT, "friction \"lugre\": mu_k = %g, expected > 0 (the "
                   "bristles' steady deflection is g(v)/sigma0)", params[MU_K]);
  lugre *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "friction \"lugre\": out of memory");
  for (int i = 0; i < NPARAM; i++)
    c->p[i] = params[i];
  *content = c;
  return CS_OK;
}

/* g(s), s = |vt|, and dg/ds. */
static double curve(const lugre *c, double s, double *dg)
{
  double x = s / c->p[V_S], decay = exp(-x * x), drop = c->p[MU_S] - c->p[MU_K];
  *dg = -drop * decay * 2.0 * x / c->p[V_S];
  return c->p[MU_K] + drop * decay;
}

static void lugre_bristle(void *content, double vt, double Fn, double z, cs_bristle *b)
{
  const lugre *c = content;
  const double s0 = c->p[SIGMA0], s1 = c->p[SIGMA1], s2 = c->p[SIGMA2];
  double s = fabs(vt), sgn = (vt > 0) - (vt < 0), dg, g = curve(c, s, &dg);
  b->rate = vt - s0 * s * z / g;
  /* d(|vt|/g)/dvt = sgn (g − |vt| g')/g² */
  b->drate_dvt = 1.0 - s0 * z * sgn * (g - s * dg) / (g * g);
  b->drate_dz = -s0 * s / g;
  b->Ft = -Fn * (s0 * z + s1 * b->rate) - s2 * vt;
  b->dFt_dvt = -Fn * s1 * b->drate_dvt - s2;
  b->dFt_dz = -Fn * (s0 + s1 * b->drate_dz);
  b->dFt_dFn = -(s0 * z + s1 * b->rate);
}

/* The steady state z' = 0: the Stribeck curve (eq. 5). */
static double lugre_steady(void *content, double vt, double Fn, double *dFt_dvt,
                           double *dFt_dFn)
{
  const lugre *c = content;
  double sgn = (vt > 0) - (vt < 0), dg, g = curve(c, fabs(vt), &dg);
  if (dFt_dvt)
    *dFt_dvt = -Fn * dg - c->p[SIGMA2];
  if (dFt_dFn)
    *dFt_dFn = -g * sgn;
  return -Fn * g * sgn - c->p[SIGMA2] * vt;
}

static void lugre_report(void *content, char *buf, int size)
{
  const lugre *c = content;
  snprintf(buf, (size_t)size, "lugre: mu_s=%.5g mu_k=%.5g v_s=%.5g m/s sigma0=%.5g 1/m "
           "sigma1=%.5g s/m sigma2=%.5g N s/m; presliding up to mu_s/sigma0 = %.3g m",
           c->p[MU_S], c->p[MU_K], c->p[V_S], c->p[SIGMA0], c->p[SIGMA1], c->p[SIGMA2],
           c->p[MU_S] / c->p[SIGMA0]);
}

const cs_law cs_law_friction_lugre = {
  .name = "lugre",
  .family = CS_FRICTION,
  .summary = "LuGre bristle friction per unit normal force: stiction, presliding, Stribeck "
             "curve; its bristle deflection is integrated with the mechanism",
  .source = "Canudas de Wit, Olsson, Astrom & Lischinsky 1995, IEEE TAC 40(3) eqs. 1-5",
  .params = lugre_params,
  .nparams = CS_NPARAMS(lugre_params),
  .create = lugre_create,
  .destroy = free,
  .friction = lugre_steady,
  .bristle = lugre_bristle,
  .report = lugre_report,
};
