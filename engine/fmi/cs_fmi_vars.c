/*
 * cs_fmi_vars.c — an FMU's variable table (cs_fmi_vars.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cs_fmi_vars.h"
#include "cs_json.h"
#include "cs_model.h"

const cs_fmi_unit cs_fmi_units[] = {
  {"s", 0, 0, 1}, {"m", 0, 1, 0}, {"rad", 0, 0, 0}, {"m/s", 0, 1, -1}, {"rad/s", 0, 0, -1},
  {"N", 1, 1, -2}, {"N.m", 1, 2, -2}, {"J", 1, 2, -2}};
const int cs_fmi_unit_count = sizeof cs_fmi_units / sizeof cs_fmi_units[0];

typedef struct table {
  cs_fmi_var *v;
  int n, cap;
} table;

static cs_fmi_var *add(table *t, cs_fmi_causality causality, cs_fmi_kind kind, const char *unit)
{
  if (t->n == t->cap) {
    int cap = t->cap ? 2 * t->cap : 64;
    cs_fmi_var *v = realloc(t->v, (size_t)cap * sizeof *v);
    if (!v)
      return NULL;
    t->v = v, t->cap = cap;
  }
  cs_fmi_var *v = &t->v[t->n++];
  memset(v, 0, sizeof *v);
  v->causality = causality, v->kind = kind, v->unit = unit;
  return v;
}

/* Which run-time edit an input pointer names: a driver's speed, a torque force's torque or a
 * point force's component. */
static cs_fmi_kind input_kind(const cs_model *model, const cJSON *root, const char *pointer,
                              int *index, int *component, const char **unit)
{
  int i, end = 0;
  if (sscanf(pointer, "/drivers/%d/motion/velocity%n", &i, &end) == 1 && !pointer[end] &&
      cs_json_at(root, pointer)) {
    *index = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root, "joints")) + i;
    const char *kind = cs_model_joint_kind(model, *index);
    *unit = kind && strstr(kind, "translation") ? "m/s" : "rad/s";
    return CS_FMI_DRIVER_SPEED;
  }
  int c;
  if (sscanf(pointer, "/forces/%d/torque%n", &i, &end) == 1 && !pointer[end] &&
      i >= 0 && i < model->nforce && model->forces[i].kind == CS_FORCE_TORQUE) {
    *index = i, *unit = "N.m";
    return CS_FMI_TORQUE;
  }
  if (sscanf(pointer, "/forces/%d/force/%d%n", &i, &c, &end) == 2 && !pointer[end] &&
      i >= 0 && i < model->nforce && model->forces[i].kind == CS_FORCE_POINT &&
      (c == 0 || c == 1)) {
    *index = i, *component = c, *unit = "N";
    return CS_FMI_FORCE;
  }
  return CS_FMI_NONE;
}

/* What a parameter or an input is, in the words a system model's user reads. */
static void describe(cs_fmi_var *v, const cs_model *model, cs_fmi_kind kind, int index,
                     int component)
{
  const cs_force *f = kind == CS_FMI_TORQUE || kind == CS_FMI_FORCE ? &model->forces[index]
                                                                    : NULL;
  const char *body = f ? cs_model_body_name(model, f->body[0]) : "";
  if (kind == CS_FMI_DRIVER_SPEED)
    snprintf(v->description, sizeof v->description, "input: driver %s's speed (its position "
             "continuous where the speed changes)", cs_model_joint_name(model, index));
  else if (kind == CS_FMI_TORQUE)
    snprintf(v->description, sizeof v->description, "input: torque %s on body %s, "
             "counter-clockwise positive", f->name, body);
  else if (kind == CS_FMI_FORCE)
    snprintf(v->description, sizeof v->description, "input: force %s on body %s, %s component "
             "in the %s frame", f->name, body, component ? "y" : "x",
             f->body_frame ? "body's" : "world");
  else
    snprintf(v->description, sizeof v->description, "the model's %.150s, applied at "
             "initialization", v->pointer);
}

static cs_status add_pointer(table *t, const cs_model *model, const cJSON *root,
                             const char *pointer, int input, cs_error *err)
{
  const cJSON *value = cs_json_at(root, pointer);
  const char *what = input ? "--input" : "--parameter";
  if (!cJSON_IsNumber(value))
    return cs_fail(err, CS_ERR_INPUT, "%s: %s: %s names no number in the model",
                   cs_model_name(model), pointer, what);
  int index = 0, component = 0;
  const char *unit = "";
  cs_fmi_kind kind = input ? input_kind(model, root, pointer, &index, &component, &unit)
                           : CS_FMI_OVERRIDE;
  if (kind == CS_FMI_NONE)
    return cs_fail(err, CS_ERR_INPUT, "%s: %s: an input must be a driver's speed "
                   "(/drivers/N/motion/velocity), a \"torque\" force's torque "
                   "(/forces/N/torque) or a component of a \"force\" force (/forces/N/force/0 "
                   "or /1)", cs_model_name(model), pointer);
  cs_fmi_var *v = add(t, input ? CS_FMI_INPUT : CS_FMI_PARAMETER, kind, unit);
  if (!v)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  snprintf(v->name, sizeof v->name, "%s", pointer);
  snprintf(v->pointer, sizeof v->pointer, "%s", pointer);
  describe(v, model, kind, index, component);
  v->start = value->valuedouble, v->index = index, v->component = component;
  return CS_OK;
}

static int add_output(table *t, cs_fmi_kind kind, int index, int component, const char *unit,
                      const char *name, const char *suffix, const char *description)
{
  cs_fmi_var *v = add(t, CS_FMI_OUTPUT, kind, unit);
  if (!v)
    return 1;
  v->index = index, v->component = component;
  snprintf(v->name, sizeof v->name, "%s%s", name, suffix);
  snprintf(v->description, sizeof v->description, "%s", description);
  return 0;
}

static int add_outputs(table *t, const cs_model *model)
{
  static const char *const body_suffix[6] = {".x", ".y", ".theta", ".vx", ".vy", ".omega"};
  static const char *const body_unit[6] = {"m", "m", "rad", "m/s", "m/s", "rad/s"};
  static const char *const body_what[6] = {
    "centre of mass x, world frame", "centre of mass y, world frame", "angle",
    "centre of mass velocity x", "centre of mass velocity y", "angular velocity"};
  int fail = 0;
  for (int b = 0; b < cs_model_body_count(model); b++) {
    if (model->bodies[b].ground)
      continue;
    for (int c = 0; c < 6; c++)
      fail |= add_output(t, CS_FMI_BODY, b, c, body_unit[c], cs_model_body_name(model, b),
                         body_suffix[c], body_what[c]);
  }
  for (int j = 0; j < cs_model_joint_count(model); j++) {
    const char *kind = cs_model_joint_kind(model, j);
    int angle = !strcmp(kind, "angle driver");
    if (angle || !strcmp(kind, "translation driver"))
      fail |= add_output(t, CS_FMI_REACTION, j, 0, angle ? "N.m" : "N",
                         cs_model_joint_name(model, j), ".reaction",
                         angle ? "driving torque the driver supplies" :
                         "driving force the driver supplies");
  }
  static const char *const c_suffix[4] = {".ex", ".ey", ".penetration", ".normal_force"};
  static const char *const c_unit[4] = {"m", "m", "m", "N"};
  static const char *const c_what[4] = {
    "eccentricity x: pin centre - hole reference, hole body's frame",
    "eccentricity y: pin centre - hole reference, hole body's frame",
    "penetration (negative: the gap)", "contact normal force (0 out of contact)"};
  for (int k = 0; k < cs_model_clearance_count(model); k++)
    for (int c = 0; c < 4; c++)
      fail |= add_output(t, CS_FMI_CLEARANCE, k, c, c_unit[c], cs_model_clearance_name(model, k),
                         c_suffix[c], c_what[c]);
  fail |= add_output(t, CS_FMI_BALANCE, 0, 0, "J", "energy", ".balance_error",
                     "kinetic + potential + dissipated - work - (its value at the start)");
  return fail;
}

cs_status cs_fmi_vars_build(const cs_model *model, const char *json,
                            const char *const *parameters, int nparameters,
                            const char *const *inputs, int ninputs, cs_fmi_var **vars, int *n,
                            cs_error *err)
{
  *vars = NULL, *n = 0;
  cJSON *root = cJSON_Parse(json);
  if (!root)
    return cs_fail(err, CS_ERR_INPUT, "%s: the model's JSON does not parse", cs_model_name(model));
  table t = {0};
  cs_fmi_var *time = add(&t, CS_FMI_TIME, CS_FMI_NONE, "s");
  cs_status st = time ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (time) {
    snprintf(time->name, sizeof time->name, "time");
    snprintf(time->description, sizeof time->description, "simulation time");
  }
  for (int i = 0; !st && i < nparameters; i++)
    st = add_pointer(&t, model, root, parameters[i], 0, err);
  for (int i = 0; !st && i < ninputs; i++)
    st = add_pointer(&t, model, root, inputs[i], 1, err);
  if (!st && add_outputs(&t, model))
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  cJSON_Delete(root);
  if (st) {
    free(t.v);
    return st;
  }
  *vars = t.v, *n = t.n;
  return CS_OK;
}
