/* elastic_lankarani_nikravesh.c — the Lankarani–Nikravesh elastic term in the form used for
 * cylindrical joints (Flores et al.): Hertz's point-contact stiffness applied to the radii of
 * the two cylinders, F = K δ^n, K = (4/3) E* √R*, n = 1.5. Autiero et al. 2022 (004) Table 1
 * lists it as δ = (3F / (4 E* R^0.5))^(1/n) and Table 11 uses n = 1.5; the length of a line
 * contact does not enter. */
#include "cs_law_util.h"

#include <math.h>

static const cs_param_spec params[] = {
  {"n", "-", 1.5, 0.0, INFINITY, CS_PARAM_LO_OPEN, "exponent of delta (004 Table 11: 1.5)"},
};

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  cs_status st = cs_check_radii("lankarani_nikravesh", g, 1, err);
  if (st == CS_OK)
    st = cs_check_materials("lankarani_nikravesh", g, err);
  return st != CS_OK ? st
                     : cs_power_new("lankarani_nikravesh", cs_hertz_stiffness(g), p[0], content,
                                    err);
}

CS_POWER_LAW(lankarani_nikravesh, create, params, CS_NPARAMS(params),
             "Lankarani-Nikravesh (Hertz form for cylinders): F = (4/3) E* sqrt(R*) delta^n",
             "Autiero et al. 2022 (004) Table 1 and Table 11; Lankarani & Nikravesh 1990");
