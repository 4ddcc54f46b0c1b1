/* friction_stribeck.c — dry friction that sticks: Coulomb friction with a static coefficient
 * above the kinetic one (the Stribeck curve) and viscous friction, as LuGre's steady state,
 * with a creep regularization at a slip speed far below the Stribeck speed:
 *
 *   Ft = −Fn g(|vt|) tanh(vt / v_creep) − c vt,   g(v) = μk + (μs − μk) exp(−(v / v_s)^e)
 *
 * For |vt| ≫ v_creep, Ft is LuGre's steady-state force Fss(v) = (Fc + (Fs − Fc) e^{−(v/vs)²})
 * sgn v + σ2 v (Canudas de Wit, Olsson, Åström & Lischinsky 1995, eq. 5, with Fc = μk Fn,
 * Fs = μs Fn, σ2 = c). Near vt = 0 the force reaches any value up to μs Fn within a few
 * v_creep, so a load below μs Fn holds the body at a creep speed v_creep atanh(load/(μs Fn))
 * (at the default v_creep = 1e-7 m/s, below 0.27 µm/s up to 99 % of the limit): sticking, to a
 * drift the user sets, with no internal state to integrate. What it cannot do is LuGre's presliding
 * (the bristles' elastic displacement and its hysteresis) and frictional lag; see models/README.md.
 * The Jacobian is exact; its ∂Ft/∂vt ≈ μs Fn / v_creep is stiff, which the implicit
 * formulations (GGL, index 3) take in their stride and the explicit projected one does not. */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { MU_S, MU_K, V_S, EXPONENT, V_CREEP, VISCOUS, NPARAM };

typedef struct stribeck {
  double p[NPARAM];
} stribeck;

static const cs_param_spec stribeck_params[] = {
  {"mu_s", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "static friction coefficient: the largest Ft/Fn a body at rest holds (>= mu_k)"},
  {"mu_k", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "kinetic (Coulomb) friction coefficient, reached well above v_s"},
  {"v_s", "m/s", 1e-3, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "Stribeck speed: g(v) = mu_k + (mu_s - mu_k) exp(-(v/v_s)^exponent)"},
  {"exponent", "-", 2.0, 1.0, INFINITY, 0, "Stribeck exponent (LuGre: 2)"},
  {"v_creep", "m/s", 1e-7, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "creep speed of the tanh(vt/v_creep) regularization: a body loaded below mu_s Fn creeps at "
   "v_creep atanh(load/(mu_s Fn)); must be below v_s"},
  {"c", "N s/m", 0.0, 0.0, INFINITY, 0, "viscous friction coefficient (LuGre's sigma_2)"},
};

static cs_status stribeck_create(const double *params, const cs_contact_geometry *geometry,
                                 void **content, cs_error *err)
{
  (void)geometry;
  if (!(params[MU_S] >= params[MU_K]))
    return cs_fail(err, CS_ERR_INPUT, "friction \"stribeck\": mu_s = %g is below mu_k = %g "
                   "(static friction is at least kinetic friction)", params[MU_S], params[MU_K]);
  if (!(params[V_CREEP] < params[V_S]))
    return cs_fail(err, CS_ERR_INPUT, "friction \"stribeck\": v_creep = %g m/s must be below "
                   "v_s = %g m/s (the creep regularization must not hide the Stribeck curve)",
                   params[V_CREEP], params[V_S]);
  stribeck *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "friction \"stribeck\": out of memory");
  for (int i = 0; i < NPARAM; i++)
    c->p[i] = params[i];
  *content = c;
  return CS_OK;
}

/* g(s) for s = |vt| ≥ 0, and dg/ds. */
static double stribeck_curve(const stribeck *c, double s, double *dg)
{
  double x = s / c->p[V_S], e = c->p[EXPONENT], xe = pow(x, e), decay = exp(-xe);
  double drop = c->p[MU_S] - c->p[MU_K];
  *dg = x > 0.0 ? -drop * decay * e * xe / s : (e == 1.0 ? -drop / c->p[V_S] : 0.0);
  return c->p[MU_K] + drop * decay;
}

static double stribeck_force(void *content, double vt, double Fn, double *dFt_dvt,
                             double *dFt_dFn)
{
  const stribeck *c = content;
  double dg, g = stribeck_curve(c, fabs(vt), &dg), th = tanh(vt / c->p[V_CREEP]);
  /* d/dvt [g(|vt|) tanh(vt/vc)] = g'(|vt|) |tanh| + g (1 − tanh²)/vc */
  if (dFt_dvt)
    *dFt_dvt = -Fn * (dg * fabs(th) + g * (1.0 - th * th) / c->p[V_CREEP]) - c->p[VISCOUS];
  if (dFt_dFn)
    *dFt_dFn = -g * th;
  return -Fn * g * th - c->p[VISCOUS] * vt;
}

static void stribeck_report(void *content, char *buf, int size)
{
  const stribeck *c = content;
  snprintf(buf, (size_t)size, "stribeck: mu_s=%.5g mu_k=%.5g v_s=%.5g m/s exponent=%.5g "
           "v_creep=%.5g m/s c=%.5g N s/m; at rest under half the limit it creeps at %.3g m/s",
           c->p[MU_S], c->p[MU_K], c->p[V_S], c->p[EXPONENT], c->p[V_CREEP], c->p[VISCOUS],
           atanh(0.5) * c->p[V_CREEP]);
}

const cs_law cs_law_friction_stribeck = {
  .name = "stribeck",
  .family = CS_FRICTION,
  .summary = "dry friction that sticks: static mu_s, kinetic mu_k, Stribeck curve, viscous c; "
             "creeps at v_creep atanh(load/(mu_s Fn)) below the limit",
  .source = "LuGre's steady state (Canudas de Wit et al. 1995, eq. 5) with a tanh creep "
            "regularization (the engine's choice: no internal state)",
  .params = stribeck_params,
  .nparams = CS_NPARAMS(stribeck_params),
  .create = stribeck_create,
  .destroy = free,
  .friction = stribeck_force,
  .report = stribeck_report,
};
