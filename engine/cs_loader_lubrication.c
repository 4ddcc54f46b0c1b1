/*
 * cs_loader_lubrication.c — a revolute clearance joint's "lubrication" and "wear" blocks
 * (models/README.md "Lubrication" and "Wear"; keep the two in step).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"
#include "../joints/cs_film.h"

static const char *const lubrication_keys[] = {"model", "viscosity", "boundary_film", NULL};

static cs_status load_lubrication(const cs_json *js, const cJSON *obj, const char *path,
                                  cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  cs_lubrication *l = &c->lubrication;
  double gap = c->hole_radius - c->pin_radius;
  int model;
  CS_TRY(cs_json_object(js, obj, path));
  CS_TRY(cs_json_keys(js, obj, path, lubrication_keys, " for a lubrication block"));
  CS_TRY(cs_json_choice(js, obj, path, "model", cs_film_model_names, -1, &model));
  l->model = (cs_film_model)(model + 1);
  CS_TRY(cs_json_number(js, obj, path, "viscosity", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &l->viscosity));
  /* the surfaces' combined roughness; smooth ones are given a film of 1 % of the clearance */
  double s0 = c->material[0].roughness, s1 = c->material[1].roughness;
  double rough = sqrt(s0 * s0 + s1 * s1);
  CS_TRY(cs_json_number(js, obj, path, "boundary_film", CS_JSON_POSITIVE,
                        rough > 0.0 ? rough : 0.01 * gap, &l->boundary_film));
  if (l->boundary_film < gap)
    return CS_OK;
  if (cs_json_member(obj, "boundary_film"))
    cs_json_child(kp, path, "boundary_film");
  else
    snprintf(kp, sizeof kp, "%s", path);
  return cs_json_fail(js, kp, "expected a boundary film thinner than the radial clearance "
                      "(%.6g m), got %.6g m%s", gap, l->boundary_film,
                      cs_json_member(obj, "boundary_film") ? "" :
                      " (the materials' combined roughness)");
}

cs_status cs_json_lubrication(const cs_json *js, const cJSON *joint, const char *path,
                              cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  const cJSON *lub = cs_json_member(joint, "lubrication");
  if (lub) {
    cs_json_child(kp, path, "lubrication");
    CS_TRY(load_lubrication(js, lub, kp, c));
  }
  return CS_OK;
}
