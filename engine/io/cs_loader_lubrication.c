/*
 * cs_loader_lubrication.c — a revolute clearance joint's "lubrication" and "wear" blocks
 * (models/README.md "Lubrication" and "Wear"; keep the two in step).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"
#include "cs_film.h"
#include "cs_wear_h5.h"

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

/* ---------------------------------------------------------------- wear ------------------ */

static const char *const wear_keys[] = {"model", "k", "hardness", "bins", "feedback",
                                        "initial_depth", "initial_profile", NULL};
static const char *const wear_models[] = {"archard", NULL};

/* "initial_depth": [d_0, …] inline (m, ≥ 0), its length the bins unless "bins" says */
static cs_status initial_depth(const cs_json *js, const cJSON *arr, const char *path,
                               int has_bins, cs_wear_spec *w)
{
  char ep[CS_JSON_PATH], got[96];
  int n = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;
  if (n < 3 || (has_bins && n != w->bins)) {
    char want[64];
    snprintf(want, sizeof want, has_bins ? "%d" : "at least 3", w->bins);
    if (n < 0)
      cs_json_describe(arr, got, sizeof got);
    else
      snprintf(got, sizeof got, "%d", n);
    return cs_json_fail(js, path, "expected an array of %s depths (m, one per bin), got %s",
                        want, got);
  }
  w->bins = n;
  if (!(w->initial = calloc((size_t)n, sizeof *w->initial)))
    return cs_json_out_of_memory(js);
  int i = 0;
  for (const cJSON *e = arr->child; e; e = e->next, i++) {
    cs_json_element(ep, path, i);
    CS_TRY(cs_json_number_value(js, e, ep, CS_JSON_NONNEG, &w->initial[i]));
  }
  return CS_OK;
}

/* "initial_profile": "run.h5": the joint's /joints/<name>/wear_depth an earlier run wrote */
static cs_status initial_profile(const cs_json *js, const char *file, const char *path,
                                 const char *name, int has_bins, cs_wear_spec *w)
{
  char why[512];
  int n = 0;
  double *depth = NULL;
  if (cs_wear_read_profile(file, name, &depth, &n, why, sizeof why))
    return cs_json_fail(js, path, "cannot read the worn profile of \"%s\" from '%s': %s",
                        name, file, why);
  if (n < 3 || (has_bins && n != w->bins)) {
    free(depth);
    return cs_json_fail(js, path, "'%s' holds a profile of %d bins, expected %d", file, n,
                        w->bins);
  }
  for (int i = 0; i < n; i++)
    if (!(depth[i] >= 0.0 && depth[i] < 1e20)) {
      free(depth);
      return cs_json_fail(js, path, "'%s': depth %d is %g, expected a number >= 0", file, i,
                          depth[i]);
    }
  w->bins = n;
  w->initial = depth;
  return CS_OK;
}

static cs_status load_wear(const cs_json *js, const cJSON *obj, const char *path,
                           cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  cs_wear_spec *w = &c->wear;
  int model;
  long bins = 360;
  CS_TRY(cs_json_object(js, obj, path));
  CS_TRY(cs_json_keys(js, obj, path, wear_keys, " for a wear block"));
  CS_TRY(cs_json_choice(js, obj, path, "model", wear_models, -1, &model));
  CS_TRY(cs_json_number(js, obj, path, "k", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &w->k));
  /* the softer surface wears: the lower hardness the materials give, unless said here */
  double h0 = c->material[0].hardness, h1 = c->material[1].hardness;
  double soft = h0 > 0 && h1 > 0 ? fmin(h0, h1) : fmax(h0, h1);
  if (!(soft > 0) && !cs_json_member(obj, "hardness")) {
    cs_json_child(kp, path, "hardness");
    return cs_json_fail(js, kp, "missing, and neither material gives a hardness: expected "
                        "the worn surface's hardness, Pa");
  }
  CS_TRY(cs_json_number(js, obj, path, "hardness", CS_JSON_POSITIVE, soft, &w->hardness));
  int has_bins = cs_json_member(obj, "bins") != NULL;
  CS_TRY(cs_json_count(js, obj, path, "bins", &bins));
  if (bins < 3 || bins > 100000) {
    cs_json_child(kp, path, "bins");
    return cs_json_fail(js, kp, "expected a count from 3 to 100000, got %ld", bins);
  }
  w->bins = (int)bins;
  CS_TRY(cs_json_bool(js, obj, path, "feedback", 1, &w->feedback));
  const cJSON *depth = cs_json_member(obj, "initial_depth");
  const char *file = NULL;
  CS_TRY(cs_json_text(js, obj, path, "initial_profile", "an HDF5 file an earlier run wrote",
                      0, &file));
  if (depth && file)
    return cs_json_fail(js, path, "expected either \"initial_depth\" or \"initial_profile\", "
                        "not both");
  if (depth) {
    cs_json_child(kp, path, "initial_depth");
    return initial_depth(js, depth, kp, has_bins, w);
  }
  if (file) {
    cs_json_child(kp, path, "initial_profile");
    return initial_profile(js, file, kp, c->name, has_bins, w);
  }
  return CS_OK;
}

cs_status cs_json_lubrication(const cs_json *js, const cJSON *joint, const char *path,
                              cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  const cJSON *lub = cs_json_member(joint, "lubrication"), *wear = cs_json_member(joint, "wear");
  if (lub) {
    cs_json_child(kp, path, "lubrication");
    CS_TRY(load_lubrication(js, lub, kp, c));
  }
  if (wear) {
    cs_json_child(kp, path, "wear");
    CS_TRY(load_wear(js, wear, kp, c));
  }
  return CS_OK;
}
