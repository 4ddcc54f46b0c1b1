/*
 * cs_loader_contact.c — a "contact" block and a "materials" pair from JSON (cs_json.h), for
 * every loader that builds contacts: clearance joints and the single-impact tool. The format
 * is specified in models/README.md "Contact blocks"; keep the two in step.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cs_json.h"

static const char *const contact_keys[] = {"elastic", "damping", "restitution", "friction", NULL};

/* "hertz, lankarani_nikravesh, …": the names a family offers, for an unknown model. */
static void family_names(const cs_registry *registry, cs_family family, char *buf, size_t size)
{
  const char *names[128];
  int n = cs_registry_count(registry, family);
  if (n > 128)
    n = 128;
  for (int i = 0; i < n; i++)
    names[i] = cs_registry_get(registry, family, i)->name;
  cs_json_join(names, n, buf, size);
}

static cs_status find_law(const cs_json *js, const cs_registry *registry, const cJSON *obj,
                          const char *path, cs_family family, const cs_law **out)
{
  char kp[CS_JSON_PATH], expect[64], list[640];
  const char *name;
  const char *fam = cs_family_name(family);
  snprintf(expect, sizeof expect, "the name of %s %s law", strchr("aeiou", fam[0]) ? "an" : "a",
           fam);
  CS_TRY(cs_json_text(js, obj, path, "model", expect, 1, &name));
  *out = cs_registry_find(registry, family, name);
  if (*out)
    return CS_OK;
  cs_json_child(kp, path, "model");
  family_names(registry, family, list, sizeof list);
  return cs_json_fail(js, kp, "unknown %s model \"%.64s\" (expected one of: %s)",
                      cs_family_name(family), name, list);
}

/* {"model": name, key: number, …} → the law and its parameters in table order. The numbers
 * are checked by cs_law_params, whose messages are prefixed with "<origin>: <path>" so that
 * they read like every other loader message. */
static cs_status load_law(const cs_json *js, const cs_registry *registry, const cJSON *obj,
                          const char *path, cs_family family, const cs_law **law, double *params)
{
  /* more keys than a law has parameters hold an unknown or a repeated one, which
   * cs_law_params reports: the arrays need only one slot more than the largest table */
  const char *keys[CS_MAX_LAW_PARAMS + 1];
  double values[CS_MAX_LAW_PARAMS + 1];
  char kp[CS_JSON_PATH], got[96], where[CS_JSON_PATH + 512];
  int n = 0;
  CS_TRY(cs_json_object(js, obj, path));
  CS_TRY(cs_json_unique(js, obj, path));
  CS_TRY(find_law(js, registry, obj, path, family, law));
  if ((*law)->nparams > CS_MAX_LAW_PARAMS)
    return cs_json_fail(js, path, "%s law \"%s\" has %d parameters, more than the %d supported",
                        cs_family_name(family), (*law)->name, (*law)->nparams,
                        CS_MAX_LAW_PARAMS);
  for (const cJSON *c = obj->child; c && n <= CS_MAX_LAW_PARAMS; c = c->next) {
    if (strcmp(c->string, "model") == 0)
      continue;
    int known = 0;
    for (int i = 0; i < (*law)->nparams && !known; i++)
      known = strcmp((*law)->params[i].name, c->string) == 0;
    if (known && !cJSON_IsNumber(c)) {
      cs_json_child(kp, path, c->string);
      return cs_json_fail(js, kp, "expected a number, got %s",
                          cs_json_describe(c, got, sizeof got));
    }
    if (known && fabs(c->valuedouble) > CS_JSON_MAX_MAGNITUDE) { /* as every number read */
      cs_json_child(kp, path, c->string);
      return cs_json_fail(js, kp, "expected a number of magnitude at most %g (beyond, the "
                          "engine's arithmetic overflows), got %.10g", CS_JSON_MAX_MAGNITUDE,
                          c->valuedouble);
    }
    keys[n] = c->string;
    values[n++] = cJSON_IsNumber(c) ? c->valuedouble : NAN; /* unknown: reported by name */
  }
  snprintf(where, sizeof where, "%s: %s", js->origin, path);
  return cs_law_params(*law, n, keys, values, where, params, js->err);
}

/* A block for `family` under `key`; absent: *law stays NULL. */
static cs_status load_family(const cs_json *js, const cs_registry *registry, const cJSON *block,
                             const char *path, const char *key, cs_family family,
                             cs_contact_model *out)
{
  char kp[CS_JSON_PATH];
  const cJSON *v = cs_json_member(block, key);
  if (!v)
    return CS_OK;
  cs_json_child(kp, path, key);
  return load_law(js, registry, v, kp, family, &out->law[family], out->params[family]);
}

/* The restitution a damping law that never reads c_r is given (see cs_json.h). */
static cs_status unit_restitution(const cs_json *js, const cs_registry *registry,
                                  const char *path, cs_contact_model *out)
{
  static const char *const keys[] = {"cr"};
  static const double one[] = {1.0};
  char where[CS_JSON_PATH + 512];
  const cs_law *law = cs_registry_find(registry, CS_RESTITUTION, "constant");
  if (!law)
    return cs_json_fail(js, path, "missing, and the registry has no restitution law "
                        "\"constant\" to stand in for it");
  snprintf(where, sizeof where, "%s: %s", js->origin, path);
  out->law[CS_RESTITUTION] = law;
  return cs_law_params(law, 1, keys, one, where, out->params[CS_RESTITUTION], js->err);
}

static cs_status load_contact(cs_json *js, const cJSON *block, const char *path,
                              cs_contact_model *out)
{
  static const char *const required[] = {"elastic", "damping"};
  const cs_registry *registry;
  char kp[CS_JSON_PATH];
  if (!block)
    return cs_json_fail(js, path, "missing, expected an object with \"elastic\", \"damping\" "
                        "and (for most damping laws) \"restitution\"");
  CS_TRY(cs_json_object(js, block, path));
  CS_TRY(cs_json_keys(js, block, path, contact_keys, ""));
  for (int f = 0; f < 2; f++)
    if (!cs_json_member(block, required[f])) {
      cs_json_child(kp, path, required[f]);
      return cs_json_fail(js, kp, "missing, expected {\"model\": \"<%s law>\", ...}",
                          required[f]);
    }
  CS_TRY(cs_json_registry(js, &registry));
  for (int f = 0; f < CS_FAMILY_COUNT; f++)
    CS_TRY(load_family(js, registry, block, path, contact_keys[f], (cs_family)f, out));
  if (out->law[CS_RESTITUTION])
    return CS_OK;
  cs_json_child(kp, path, "restitution");
  if (out->law[CS_DAMPING]->ignores_cr)
    return unit_restitution(js, registry, kp, out);
  return cs_json_fail(js, kp, "missing, expected {\"model\": \"<restitution law>\", ...}: "
                      "damping law \"%s\" uses the coefficient of restitution",
                      out->law[CS_DAMPING]->name);
}

cs_status cs_json_contact(const cJSON *block, const char *origin, const char *path,
                          const cs_registry *registry, cs_contact_model *out, cs_error *err)
{
  if (!out || !path)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_json_contact: %s is NULL", out ? "path" : "out");
  cs_json js = {origin ? origin : "<string>", err, registry, NULL};
  memset(out, 0, sizeof *out);
  cs_status status = load_contact(&js, block, path, out);
  cs_json_release(&js);
  if (status != CS_OK)
    memset(out, 0, sizeof *out);
  return status;
}

/* ---------------------------------------------------------------- materials -------------- */

static const char *const material_keys[] = {"E",        "nu",        "yield_strength", "hardness",
                                            "density",  "roughness", NULL};

static cs_status load_material(const cs_json *js, const cJSON *obj, const char *path,
                               cs_material *m)
{
  char kp[CS_JSON_PATH];
  CS_TRY(cs_json_object(js, obj, path));
  CS_TRY(cs_json_keys(js, obj, path, material_keys, " for a material"));
  CS_TRY(cs_json_number(js, obj, path, "E", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &m->E));
  CS_TRY(cs_json_number(js, obj, path, "nu", CS_JSON_ANY, CS_JSON_REQUIRED, &m->nu));
  /* the admissible range of an isotropic solid's Poisson ratio; ν = −1 makes E* infinite */
  if (!(m->nu > -1.0 && m->nu <= 0.5)) {
    cs_json_child(kp, path, "nu");
    return cs_json_fail(js, kp, "expected a number in (-1, 0.5], got %.10g", m->nu);
  }
  CS_TRY(cs_json_number(js, obj, path, "yield_strength", CS_JSON_NONNEG, 0.0,
                        &m->yield_strength));
  CS_TRY(cs_json_number(js, obj, path, "hardness", CS_JSON_NONNEG, 0.0, &m->hardness));
  CS_TRY(cs_json_number(js, obj, path, "density", CS_JSON_NONNEG, 0.0, &m->density));
  return cs_json_number(js, obj, path, "roughness", CS_JSON_NONNEG, 0.0, &m->roughness);
}

cs_status cs_json_materials(const cJSON *array, const char *origin, const char *path,
                            cs_material out[2], cs_error *err)
{
  if (!out || !path)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_json_materials: %s is NULL",
                   out ? "path" : "out");
  const cs_json js = {origin ? origin : "<string>", err, NULL, NULL};
  static const char expect[] = "an array of 2 materials [body 1, body 2]";
  char ep[CS_JSON_PATH], got[96];
  if (!array)
    return cs_json_fail(&js, path, "missing, expected %s", expect);
  if (!cJSON_IsArray(array))
    return cs_json_fail(&js, path, "expected %s, got %s", expect,
                        cs_json_describe(array, got, sizeof got));
  int size = cJSON_GetArraySize(array);
  if (size != 2)
    return cs_json_fail(&js, path, "expected %s, got %d element%s", expect, size,
                        size == 1 ? "" : "s");
  memset(out, 0, 2 * sizeof *out);
  int i = 0;
  for (const cJSON *e = array->child; e; e = e->next, i++) {
    cs_json_element(ep, path, i);
    CS_TRY(load_material(&js, e, ep, &out[i]));
  }
  return CS_OK;
}
