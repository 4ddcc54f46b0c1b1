/* elastic_hertz.c — Hertz point contact of spheres (ball in socket, ball on ball or on a flat):
 * F = K δ^1.5, K = (4/3) E* √R*, R* = R1 R2/(R2 − R1) internal, R1 R2/(R1 + R2) external
 * (Wang & Gao 2023, 000 eqs. 2, 3, 13; Autiero et al. 2022, 004 eq. 3). */
#include "cs_law_util.h"

static cs_status create(const double *params, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  (void)params;
  if (g->shape != CS_CONTACT_POINT)
    return cs_fail(err, CS_ERR_INPUT, "hertz: a law of spheres in point contact, but the contact "
                   "is a line contact (use lankarani_nikravesh or a cylinder law)");
  cs_status st = cs_check_radii("hertz", g, 1, err);
  if (st == CS_OK)
    st = cs_check_materials("hertz", g, err);
  return st != CS_OK ? st : cs_power_new("hertz", cs_hertz_stiffness(g), 1.5, content, err);
}

CS_POWER_LAW(hertz, create, NULL, 0,
             "Hertz point contact of spheres: F = (4/3) E* sqrt(R*) delta^1.5",
             "Wang & Gao 2023 (000) eqs. 3, 13; Autiero et al. 2022 (004) eq. 3");
