/* friction_laws.c — tangential friction force Ft(vt, Fn) and its derivatives ∂Ft/∂vt, ∂Ft/∂Fn.
 *
 * Sign: Ft opposes the slip velocity, so Ft has the sign of −vt and ∂Ft/∂vt ≤ 0 (for Fn ≥ 0).
 * Dry friction is regularized near vt = 0 so that the force is a continuous function of the
 * state, as an implicit integrator with an analytic Jacobian needs:
 *   coulomb   Ft = −μ Fn tanh(vt / v_tol)        smooth; reaches 99 % of μFn at 2.65 v_tol
 *   ambrosio  Ft = −μ c_d(|vt|) Fn sign(vt)       Ambrósio's dynamic correction c_d: 0 below v0,
 *                                                 a linear ramp from v0 to v1, 1 above v1
 *                                                 (Ambrósio 2002; Flores & Ambrósio 2004, in
 *                                                 the clearance-joint form of Flores et al.)
 *   viscous   Ft = −c vt
 * C identifiers carry the family (cs_law_friction_coulomb), since names repeat across families. */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Parameters in table order; each law reads its own. */
typedef struct friction_content {
  double p[3];
} friction_content;

static cs_status copy_params(const char *name, const double *params, int n, void **content,
                             cs_error *err)
{
  friction_content *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "friction \"%s\": out of memory", name);
  for (int i = 0; i < n; i++)
    c->p[i] = params[i];
  *content = c;
  return CS_OK;
}

static cs_status check_nonneg(const char *law, const char *key, double value, cs_error *err)
{
  if (!(value >= 0.0 && isfinite(value)))
    return cs_fail(err, CS_ERR_INPUT, "friction \"%s\": %s = %g, expected a finite value >= 0",
                   law, key, value);
  return CS_OK;
}

/* ----------------------------------------------------------------- coulomb ------------- */

static const cs_param_spec coulomb_params[] = {
  {"mu", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED, "Coulomb friction coefficient"},
  {"v_tol", "m/s", 1e-4, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "slip velocity scale of the tanh regularization, Ft = -mu Fn tanh(vt/v_tol)"},
};

static cs_status coulomb_create(const double *params, const cs_contact_geometry *geometry,
                                void **content, cs_error *err)
{
  (void)geometry;
  cs_status st = check_nonneg("coulomb", "mu", params[0], err);
  if (st == CS_OK && !(params[1] > 0.0 && isfinite(params[1])))
    st = cs_fail(err, CS_ERR_INPUT, "friction \"coulomb\": v_tol = %g m/s, expected > 0",
                 params[1]);
  return st != CS_OK ? st
                     : copy_params("coulomb", params, CS_NPARAMS(coulomb_params), content, err);
}

static double coulomb(void *content, double vt, double Fn, double *dFt_dvt, double *dFt_dFn)
{
  const friction_content *c = content;
  double mu = c->p[0], vtol = c->p[1];
  double th = tanh(vt / vtol);
  if (dFt_dvt)
    *dFt_dvt = -mu * Fn * (1.0 - th * th) / vtol;
  if (dFt_dFn)
    *dFt_dFn = -mu * th;
  return -mu * Fn * th;
}

static void coulomb_report(void *content, char *buf, int size)
{
  const friction_content *c = content;
  snprintf(buf, (size_t)size, "coulomb: mu=%.5g v_tol=%.5g m/s, 99%% of mu*Fn at |vt|=%.5g m/s",
           c->p[0], c->p[1], atanh(0.99) * c->p[1]);
}

const cs_law cs_law_friction_coulomb = {
  .name = "coulomb",
  .family = CS_FRICTION,
  .summary = "Coulomb friction regularized by tanh(vt/v_tol)",
  .source = "Coulomb's law; the tanh regularization is the engine's choice (smooth Jacobian)",
  .params = coulomb_params,
  .nparams = CS_NPARAMS(coulomb_params),
  .create = coulomb_create,
  .destroy = free,
  .friction = coulomb,
  .report = coulomb_report,
};

/* ----------------------------------------------------------------- ambrosio ------------ */

static const cs_param_spec ambrosio_params[] = {
  {"mu", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED, "Coulomb friction coefficient"},
  {"v0", "m/s", 1e-4, 0.0, INFINITY, 0, "slip speed below which c_d = 0 (no friction)"},
  {"v1", "m/s", 2e-4, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "slip speed above which c_d = 1 (full Coulomb friction); must exceed v0"},
};

static cs_status ambrosio_create(const double *params, const cs_contact_geometry *geometry,
                                 void **content, cs_error *err)
{
  (void)geometry;
  cs_status st = check_nonneg("ambrosio", "mu", params[0], err);
  if (st == CS_OK)
    st = check_nonneg("ambrosio", "v0", params[1], err);
  if (st == CS_OK && !(params[2] > params[1] && isfinite(params[2])))
    st = cs_fail(err, CS_ERR_INPUT,
                 "friction \"ambrosio\": v1 = %g m/s must exceed v0 = %g m/s (c_d ramps from 0 "
                 "at v0 to 1 at v1)",
                 params[2], params[1]);
  return st != CS_OK ? st
                     : copy_params("ambrosio", params, CS_NPARAMS(ambrosio_params), content, err);
}

/* Ambrósio's dynamic correction coefficient c_d(s), s = |vt|, and dc_d/ds. */
static double correction(double s, double v0, double v1, double *dcd)
{
  if (s < v0 || (s == v0 && v0 > 0.0)) {
    *dcd = 0.0;
    return 0.0;
  }
  if (s >= v1) {
    *dcd = 0.0;
    return 1.0;
  }
  *dcd = 1.0 / (v1 - v0);
  return (s - v0) / (v1 - v0);
}

static double ambrosio(void *content, double vt, double Fn, double *dFt_dvt, double *dFt_dFn)
{
  const friction_content *c = content;
  double mu = c->p[0], dcd;
  double cd = correction(fabs(vt), c->p[1], c->p[2], &dcd);
  double sign = (vt > 0.0) - (vt < 0.0);
  /* d/dvt [c_d(|vt|) sign(vt)] = c_d'(|vt|), also at vt = 0 when v0 = 0 (a plain ramp). */
  if (dFt_dvt)
    *dFt_dvt = -mu * Fn * dcd;
  if (dFt_dFn)
    *dFt_dFn = -mu * cd * sign;
  return -mu * cd * Fn * sign;
}

const cs_law cs_law_friction_ambrosio = {
  .name = "ambrosio",
  .family = CS_FRICTION,
  .summary = "Coulomb friction with Ambrosio's dynamic correction c_d ramping from v0 to v1",
  .source = "Ambrosio 2002 (modified Coulomb); Flores & Ambrosio 2004, Comput. Struct. 82",
  .params = ambrosio_params,
  .nparams = CS_NPARAMS(ambrosio_params),
  .create = ambrosio_create,
  .destroy = free,
  .friction = ambrosio,
};

/* ----------------------------------------------------------------- viscous ------------- */

static const cs_param_spec viscous_params[] = {
  {"c", "N s/m", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED, "viscous coefficient, Ft = -c vt"},
};

static cs_status viscous_create(const double *params, const cs_contact_geometry *geometry,
                                void **content, cs_error *err)
{
  (void)geometry;
  cs_status st = check_nonneg("viscous", "c", params[0], err);
  return st != CS_OK ? st
                     : copy_params("viscous", params, CS_NPARAMS(viscous_params), content, err);
}

static double viscous(void *content, double vt, double Fn, double *dFt_dvt, double *dFt_dFn)
{
  (void)Fn;
  const friction_content *c = content;
  if (dFt_dvt)
    *dFt_dvt = -c->p[0];
  if (dFt_dFn)
    *dFt_dFn = 0.0;
  return -c->p[0] * vt;
}

const cs_law cs_law_friction_viscous = {
  .name = "viscous",
  .family = CS_FRICTION,
  .summary = "viscous friction, Ft = -c vt, independent of the normal force",
  .source = "linear viscous friction",
  .params = viscous_params,
  .nparams = CS_NPARAMS(viscous_params),
  .create = viscous_create,
  .destroy = free,
  .friction = viscous,
};
