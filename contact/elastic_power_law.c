/* elastic_power_law.c — F = K δ^n with the user's K and n, the form of the fitted stiffnesses
 * of Autiero et al. 2022 (004) eq. 1 and Tables 2–9, 11 (whose K are in N/mm^n: K in N/m^n is
 * K_mm · 1000^n). */
#include "cs_law_util.h"

#include <math.h>

static const cs_param_spec params[] = {
  {"K", "N/m^n", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN,
   "stiffness, SI: K[N/m^n] = K[N/mm^n] * 1000^n"},
  {"n", "-", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN, "exponent of delta"},
};

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  (void)g;
  return cs_power_new("power_law", p[0], p[1], content, err);
}

CS_POWER_LAW(power_law, create, params, CS_NPARAMS(params),
             "power law F = K delta^n with given K and n",
             "Autiero et al. 2022 (004) eq. 1, Tables 2-9 and 11");
