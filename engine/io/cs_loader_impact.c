/*
 * cs_loader_impact.c — impact JSON → cs_impact, and back: cs_impact_create builds an impact
 * from C values together with its equivalent file.
 * The format is specified in models/README.md "Impact files"; keep the two in step. Messages
 * follow the loader's: "<origin>: <JSON pointer>: <what was expected>".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_impact.h"
#include "cs_json.h"

/* "$schema" names the file's JSON Schema for editors (models/schema/); the loader ignores it. */
static const char *const impact_keys[] = {"name",   "description", "geometry", "materials",
                                          "masses", "velocity",    "contact",  "solver",
                                          "output", "$schema", NULL};
static const char *const geometry_keys[] = {"shape", "internal", "R1", "R2", "length", NULL};
/* indexed by cs_contact_shape */
static const char *const shapes[] = {"point", "line", NULL};
static const char *const solver_keys[] = {"rtol", "atol", "max_step", NULL};
static const char *const output_keys[] = {"file", "interval", NULL};

typedef struct loader {
  cs_json *js;
  cs_impact *imp;
} loader;

/* "geometry": body 1 convex (ball, journal, pin), body 2 the hole or the other surface. */
static cs_status load_geometry(const loader *ld, const cJSON *root)
{
  const cs_json *js = ld->js;
  cs_contact_geometry *g = &ld->imp->geometry;
  const cJSON *v = cs_json_member(root, "geometry");
  char kp[CS_JSON_PATH];
  int shape;
  if (!v)
    return cs_json_fail(js, "/geometry", "missing, expected an object with shape, internal, R1, "
                        "R2 and (line contact) length");
  CS_TRY(cs_json_object(js, v, "/geometry"));
  CS_TRY(cs_json_keys(js, v, "/geometry", geometry_keys, ""));
  CS_TRY(cs_json_choice(js, v, "/geometry", "shape", shapes, -1, &shape));
  g->shape = (cs_contact_shape)shape;
  CS_TRY(cs_json_bool(js, v, "/geometry", "internal", 0, &g->internal));
  CS_TRY(cs_json_number(js, v, "/geometry", "R1", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &g->R1));
  /* R2 = 0 is a flat, which only an external contact can have */
  CS_TRY(cs_json_number(js, v, "/geometry", "R2", CS_JSON_NONNEG,
                        g->internal ? CS_JSON_REQUIRED : 0.0, &g->R2));
  if (g->internal && !(g->R2 > g->R1)) {
    cs_json_child(kp, "/geometry", "R2");
    return cs_json_fail(js, kp, "expected the hole's radius, > R1 = %.10g m for an internal "
                        "contact, got %.10g", g->R1, g->R2);
  }
  if (g->shape == CS_CONTACT_POINT) {
    if (cs_json_member(v, "length")) {
      cs_json_child(kp, "/geometry", "length");
      return cs_json_fail(js, kp, "not allowed for a point contact (only \"line\" has an axial "
                          "length)");
    }
    return CS_OK;
  }
  return cs_json_number(js, v, "/geometry", "length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &g->length);
}

/* "masses": [m1, m2], kg, 0 for a fixed body. */
static cs_status load_masses(const loader *ld, const cJSON *root)
{
  const cs_json *js = ld->js;
  cs_contact_geometry *g = &ld->imp->geometry;
  double m[2];
  CS_TRY(cs_json_vector(js, root, "", "masses", 2, "[m1, m2] (kg, 0 for a fixed body)", NULL,
                        m));
  for (int i = 0; i < 2; i++)
    if (!(m[i] >= 0.0) || (m[i] > 0.0 && m[i] < CS_JSON_MIN_POSITIVE)) {
      char ep[CS_JSON_PATH];
      cs_json_element(ep, "/masses", i);
      return cs_json_fail(js, ep, "expected a mass >= 0 (0: a fixed body; else at least %g kg), "
                          "got %.10g", CS_JSON_MIN_POSITIVE, m[i]);
    }
  if (m[0] == 0.0 && m[1] == 0.0)
    return cs_json_fail(js, "/masses", "both bodies fixed, expected at least one mass > 0");
  g->mass1 = m[0];
  g->mass2 = m[1];
  return CS_OK;
}

static cs_status load_settings(const loader *ld, const cJSON *root)
{
  const cs_json *js = ld->js;
  cs_impact *imp = ld->imp;
  cs_impact_settings *s = &imp->settings;
  const cJSON *v = cs_json_member(root, "solver");
  char kp[CS_JSON_PATH];
  if (v) {
    CS_TRY(cs_json_object(js, v, "/solver"));
    CS_TRY(cs_json_keys(js, v, "/solver", solver_keys, ""));
    CS_TRY(cs_json_number(js, v, "/solver", "rtol", CS_JSON_POSITIVE, 0.0, &s->rtol));
    if (!(s->rtol < 1.0)) {
      cs_json_child(kp, "/solver", "rtol");
      return cs_json_fail(js, kp, "expected a number in (0, 1), got %.10g", s->rtol);
    }
    CS_TRY(cs_json_number(js, v, "/solver", "atol", CS_JSON_POSITIVE, 0.0, &s->atol));
    CS_TRY(cs_json_number(js, v, "/solver", "max_step", CS_JSON_POSITIVE, 0.0, &s->max_step));
  }
  v = cs_json_member(root, "output");
  if (v) {
    CS_TRY(cs_json_object(js, v, "/output"));
    CS_TRY(cs_json_keys(js, v, "/output", output_keys, ""));
    CS_TRY(cs_json_output_file(js, v, "/output", &imp->output_file));
    CS_TRY(cs_json_number(js, v, "/output", "interval", CS_JSON_POSITIVE, 0.0, &s->interval));
  }
  if (!imp->output_file && !(imp->output_file = cs_json_strdup("")))
    return cs_json_out_of_memory(js);
  return CS_OK;
}

static cs_status load_root(loader *ld, const cJSON *root, const char *text)
{
  cs_json *js = ld->js;
  cs_impact *imp = ld->imp;
  char where[CS_JSON_PATH + 512];
  imp->json = cs_json_strdup(text);
  if (!imp->json)
    return cs_json_out_of_memory(js);
  CS_TRY(cs_json_root(js, root, impact_keys, &imp->name, &imp->description));
  CS_TRY(load_geometry(ld, root));
  cs_material m[2];
  CS_TRY(cs_json_materials(cs_json_member(root, "materials"), js->origin, "/materials", m,
                           js->err));
  imp->geometry.m1 = m[0];
  imp->geometry.m2 = m[1];
  CS_TRY(load_masses(ld, root));
  CS_TRY(cs_json_number(js, root, "", "velocity", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &imp->velocity));
  const cs_registry *registry;
  CS_TRY(cs_json_registry(js, &registry));
  CS_TRY(cs_json_contact(cs_json_member(root, "contact"), js->origin, "/contact", registry,
                         &imp->contact, js->err));
  CS_TRY(load_settings(ld, root));
  /* the laws' own checks of the geometry (a cylinder law on a point contact, …) */
  snprintf(where, sizeof where, "%s: /contact", js->origin);
  return cs_impact_check(imp, where, js->err);
}

static cs_status load_document(cs_json *js, const cJSON *root, const char *text, void **obj)
{
  loader ld = {js, cs_impact_alloc()};
  *obj = ld.imp;
  return ld.imp ? load_root(&ld, root, text) : cs_json_out_of_memory(js);
}

static void release(void *obj) { cs_impact_free(obj); }
static void store(void *out, void *obj) { *(cs_impact **)out = obj; }

static const cs_json_doc document = {"cs_impact_load", "impact", load_document, release, store};

cs_status cs_impact_load_file(const char *path, const cs_registry *registry, cs_impact **impact,
                              cs_error *err)
{
  return cs_json_load_file(&document, path, registry, impact, err);
}

cs_status cs_impact_load_string(const char *json, const char *origin, const cs_registry *registry,
                                cs_impact **impact, cs_error *err)
{
  return cs_json_load_string(&document, json, origin, registry, impact, err);
}

/* ---------------------------------------------------------------- rendering -------------- */

static int add_number(cJSON *obj, const char *key, double value)
{
  return cJSON_AddNumberToObject(obj, key, value) != NULL;
}

static int add_material(cJSON *array, const cs_material *m)
{
  cJSON *o = cJSON_CreateObject();
  if (!o || !cJSON_AddItemToArray(array, o))
    return cJSON_Delete(o), 0;
  int ok = add_number(o, "E", m->E) && add_number(o, "nu", m->nu);
  const struct {
    const char *key;
    double value;
  } optional[] = {{"yield_strength", m->yield_strength}, {"hardness", m->hardness},
                  {"density", m->density},               {"roughness", m->roughness}};
  for (size_t i = 0; ok && i < sizeof optional / sizeof *optional; i++)
    if (optional[i].value != 0.0)
      ok = add_number(o, optional[i].key, optional[i].value);
  return ok;
}

static int add_contact(cJSON *root, const cs_contact_model *c)
{
  static const char *const keys[CS_FAMILY_COUNT] = {"elastic", "damping", "restitution",
                                                    "friction"};
  cJSON *block = cJSON_AddObjectToObject(root, "contact");
  int ok = block != NULL;
  for (int f = 0; ok && f < CS_FAMILY_COUNT; f++) {
    const cs_law *law = c->law[f];
    if (!law)
      continue;
    cJSON *o = cJSON_AddObjectToObject(block, keys[f]);
    ok = o && cJSON_AddStringToObject(o, "model", law->name);
    for (int i = 0; ok && i < law->nparams; i++)
      ok = add_number(o, law->params[i].name, c->params[f][i]);
  }
  return ok;
}

/* The impact file that describes a coded impact (models/README.md "Impact files"); malloc'd,
 * NULL when out of memory. */
static char *render_json(const cs_impact *imp)
{
  const cs_contact_geometry *g = &imp->geometry;
  cJSON *root = cJSON_CreateObject(), *geo = NULL, *mats = NULL, *solver = NULL;
  int ok = root && cJSON_AddStringToObject(root, "name", imp->name) &&
           cJSON_AddStringToObject(root, "description", "built in code (cs_impact_create)") &&
           (geo = cJSON_AddObjectToObject(root, "geometry")) &&
           cJSON_AddStringToObject(geo, "shape", shapes[g->shape == CS_CONTACT_LINE]) &&
           cJSON_AddBoolToObject(geo, "internal", g->internal) && add_number(geo, "R1", g->R1) &&
           add_number(geo, "R2", g->R2) &&
           (g->shape != CS_CONTACT_LINE || add_number(geo, "length", g->length)) &&
           (mats = cJSON_AddArrayToObject(root, "materials")) && add_material(mats, &g->m1) &&
           add_material(mats, &g->m2);
  if (ok) {
    double masses[2] = {g->mass1, g->mass2};
    cJSON *m = cJSON_CreateDoubleArray(masses, 2);
    ok = m && cJSON_AddItemToObject(root, "masses", m);
    if (!ok)
      cJSON_Delete(m);
  }
  ok = ok && add_number(root, "velocity", imp->velocity) && add_contact(root, &imp->contact) &&
       (solver = cJSON_AddObjectToObject(root, "solver"));
  const cs_impact_settings *s = &imp->settings;
  if (ok && s->rtol > 0.0)
    ok = add_number(solver, "rtol", s->rtol);
  if (ok && s->atol > 0.0)
    ok = add_number(solver, "atol", s->atol);
  if (ok && s->max_step > 0.0)
    ok = add_number(solver, "max_step", s->max_step);
  if (ok && s->interval > 0.0) {
    cJSON *out = cJSON_AddObjectToObject(root, "output");
    ok = out && add_number(out, "interval", s->interval);
  }
  char *text = ok ? cJSON_Print(root) : NULL;
  cJSON_Delete(root);
  return text;
}

/* ---------------------------------------------------------------- a coded impact --------- */

static int settings_ok(const cs_impact_settings *s)
{
  return isfinite(s->rtol) && s->rtol < 1.0 && isfinite(s->atol) && isfinite(s->max_step) &&
         isfinite(s->interval);
}

cs_status cs_impact_create(const cs_contact_geometry *geometry, const cs_contact_spec *spec,
                           double velocity, const cs_impact_settings *settings,
                           cs_impact **out, cs_error *err)
{
  static const cs_impact_settings defaults = {0};
  if (!geometry || !spec || !out)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_impact_create: NULL argument");
  *out = NULL;
  if (!settings)
    settings = &defaults;
  if (!(velocity > 0.0 && isfinite(velocity)))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_impact_create: velocity %g m/s, expected > 0",
                   velocity);
  if (!settings_ok(settings))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_impact_create: settings out of range (rtol %g, "
                   "expected < 1; every value finite)", settings->rtol);
  for (int f = 0; f < CS_FAMILY_COUNT; f++)
    if (spec->law[f] && spec->law[f]->nparams > CS_MAX_LAW_PARAMS)
      return cs_fail(err, CS_ERR_ARGUMENT, "cs_impact_create: %s law \"%s\" has more than %d "
                     "parameters", cs_family_name((cs_family)f), spec->law[f]->name,
                     CS_MAX_LAW_PARAMS);
  cs_impact *imp = cs_impact_alloc();
  if (!imp)
    return cs_fail(err, CS_ERR_MEMORY, "cs_impact_create: out of memory");
  imp->geometry = *geometry;
  imp->velocity = velocity;
  imp->settings = *settings;
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    imp->contact.law[f] = spec->law[f];
    if (spec->law[f] && spec->law[f]->nparams > 0 && spec->params[f])
      memcpy(imp->contact.params[f], spec->params[f],
             (size_t)spec->law[f]->nparams * sizeof(double));
  }
  cs_status st = cs_impact_check(imp, "cs_impact_create", err);
  if (st == CS_OK) {
    imp->name = malloc(sizeof "impact");
    imp->description = calloc(1, 1);
    imp->output_file = calloc(1, 1);
    if (imp->name)
      strcpy(imp->name, "impact");
    imp->json = imp->name ? render_json(imp) : NULL;
    if (!imp->json || !imp->description || !imp->output_file)
      st = cs_fail(err, CS_ERR_MEMORY, "cs_impact_create: out of memory");
  }
  if (st != CS_OK) {
    cs_impact_free(imp);
    return st;
  }
  *out = imp;
  return CS_OK;
}
