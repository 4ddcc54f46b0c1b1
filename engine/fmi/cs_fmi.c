/*
 * cs_fmi.c — one FMU instance over the library (cs_fmi.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cs_fmi_impl.h"
#include "cs_json.h"
#include "cs_model.h"

void cs_fmi_log(const cs_fmi *fmi, int status, const char *fmt, ...)
{
  if (!fmi->log)
    return;
  char msg[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fmi->log(fmi->env, status, status ? "logStatusError" : "logEvents", msg);
}

/* "<resources>/<file>" (malloc'd). */
static char *resource(const char *resources, const char *file)
{
  size_t n = strlen(resources);
  char *path = malloc(n + strlen(file) + 2);
  if (path)
    sprintf(path, "%s%s%s", resources, n && resources[n - 1] == '/' ? "" : "/", file);
  return path;
}

/* The configuration's pointers: parameters then inputs. */
static int read_config(cs_fmi *fmi, const char *text)
{
  cJSON *root = cJSON_Parse(text);
  const cJSON *p = cJSON_GetObjectItemCaseSensitive(root, "parameters");
  const cJSON *in = cJSON_GetObjectItemCaseSensitive(root, "inputs");
  int np = cJSON_GetArraySize(p), ni = cJSON_GetArraySize(in), fail = !root;
  fmi->pointers = calloc((size_t)(np + ni) + 1, sizeof *fmi->pointers);
  fail |= !fmi->pointers;
  for (int i = 0; !fail && i < np + ni; i++) {
    const cJSON *s = cJSON_GetArrayItem(i < np ? p : in, i < np ? i : i - np);
    fail |= !cJSON_IsString(s) || !(fmi->pointers[i] = cs_json_strdup(s->valuestring));
  }
  fmi->nparameters = np, fmi->ninputs = ni;
  const cJSON *token = cJSON_GetObjectItemCaseSensitive(root, "token");
  if (!fail && cJSON_IsString(token))
    fail |= !(fmi->token = cs_json_strdup(token->valuestring));
  cJSON_Delete(root);
  return fail;
}

static int load(cs_fmi *fmi, const char *resources)
{
  cs_error err;
  char *config_path = resource(resources, CS_FMI_CONFIG_FILE);
  char *config = NULL;
  size_t len;
  fmi->origin = resource(resources, CS_FMI_MODEL_FILE);
  if (!fmi->origin || !config_path)
    return cs_fmi_log(fmi, 3, "out of memory"), free(config_path), 1;
  cs_status st = cs_json_read_file(fmi->origin, &fmi->json, &len, &err);
  if (!st)
    st = cs_json_read_file(config_path, &config, &len, &err);
  free(config_path);
  if (!st && read_config(fmi, config))
    st = cs_fail(&err, CS_ERR_INPUT, "%s: the FMU's configuration does not read",
                 CS_FMI_CONFIG_FILE);
  free(config);
  if (!st)
    st = cs_model_load_string(fmi->json, fmi->origin, NULL, &fmi->model, &err);
  if (!st)
    st = cs_fmi_vars_build(fmi->model, fmi->json, (const char *const *)fmi->pointers,
                           fmi->nparameters, (const char *const *)fmi->pointers +
                           fmi->nparameters, fmi->ninputs, &fmi->vars, &fmi->nvar, &err);
  if (st)
    return cs_fmi_log(fmi, 3, "%s", err.message), 1;
  return 0;
}

cs_fmi *cs_fmi_new(const char *instance, const char *token, const char *resources,
                   cs_fmi_log_fn log, void *env)
{
  cs_fmi *fmi = calloc(1, sizeof *fmi);
  if (!fmi) {
    if (log)
      log(env, 3, "logStatusError", "out of memory");
    return NULL;
  }
  fmi->log = log, fmi->env = env;
  fmi->instance = cs_json_strdup(instance ? instance : "");
  if (!resources)
    return cs_fmi_log(fmi, 3, "no resource location given"), cs_fmi_free(fmi), NULL;
  if (load(fmi, resources))
    return cs_fmi_free(fmi), NULL;
  if (token && *token && fmi->token && strcmp(token, fmi->token))
    return cs_fmi_log(fmi, 3, "instantiation token %s: this FMU was written with %s (a "
                      "modelDescription.xml of another FMU?)", token, fmi->token),
           cs_fmi_free(fmi), NULL;
  fmi->values = calloc((size_t)fmi->nvar, sizeof *fmi->values);
  if (!fmi->values)
    return cs_fmi_log(fmi, 3, "out of memory"), cs_fmi_free(fmi), NULL;
  cs_fmi_reset(fmi);
  return fmi;
}

void cs_fmi_reset(cs_fmi *fmi)
{
  cs_fmi_history_drop(fmi);
  cs_sim_free(fmi->sim);
  fmi->sim = NULL;
  fmi->t_start = 0.0;
  fmi->inputs_changed = 0;
  for (int i = 0; i < fmi->nvar; i++)
    fmi->values[i] = fmi->vars[i].start;
}

void cs_fmi_free(cs_fmi *fmi)
{
  if (!fmi)
    return;
  cs_fmi_history_drop(fmi);
  cs_sim_free(fmi->sim);
  cs_model_free(fmi->model);
  for (int i = 0; fmi->pointers && fmi->pointers[i]; i++)
    free(fmi->pointers[i]);
  free(fmi->pointers);
  free(fmi->vars);
  free(fmi->values);
  free(fmi->json);
  free(fmi->origin);
  free(fmi->instance);
  free(fmi->token);
  free(fmi);
}

void cs_fmi_set_start(cs_fmi *fmi, double t_start) { fmi->t_start = t_start; }
double cs_fmi_time(const cs_fmi *fmi)
{
  return fmi->t_start + (fmi->sim ? cs_sim_time(fmi->sim) : 0.0);
}
int cs_fmi_var_count(const cs_fmi *fmi) { return fmi->nvar; }
const cs_fmi_var *cs_fmi_var_at(const cs_fmi *fmi, int vr)
{
  return vr >= 0 && vr < fmi->nvar ? &fmi->vars[vr] : NULL;
}

int cs_fmi_start(cs_fmi *fmi)
{
  int n = fmi->nparameters + fmi->ninputs;
  cs_override *ov = calloc((size_t)n + 1, sizeof *ov);
  char (*text)[32] = calloc((size_t)n + 1, sizeof *text);
  cs_error err;
  cs_status st = ov && text ? CS_OK : cs_fail(&err, CS_ERR_MEMORY, "out of memory");
  for (int i = 0; !st && i < n; i++) { /* parameters and inputs follow time in the table */
    snprintf(text[i], sizeof text[i], "%.17g", fmi->values[1 + i]);
    ov[i] = (cs_override){fmi->vars[1 + i].pointer, text[i]};
  }
  cs_model *model = NULL;
  if (!st)
    st = cs_model_load_string_overrides(fmi->json, fmi->origin, ov, n, NULL, &model, &err);
  free(ov);
  free(text);
  if (!st) {
    cs_model_free(fmi->model);
    fmi->model = model;
    cs_sim_free(fmi->sim);
    fmi->sim = NULL;
    st = cs_sim_create(fmi->model, &fmi->sim, &err);
  }
  if (st)
    return cs_fmi_log(fmi, 3, "%s", err.message), 1;
  return cs_fmi_history_start(fmi);
}

int cs_fmi_step(cs_fmi *fmi, double t, double h)
{
  if (!fmi->sim)
    return cs_fmi_log(fmi, 3, "doStep before initialization"), 1;
  double now = cs_fmi_time(fmi);
  if (!(h >= 0) || !(fabs(t - now) <= 1e-12 * (1 + fabs(now))))
    return cs_fmi_log(fmi, 3, "doStep from t = %.17g s with step %g s: the instance is at t = "
                      "%.17g s", t, h, now), 1;
  cs_error err;
  cs_status st = fmi->inputs_changed ? cs_sim_inputs_changed(fmi->sim, &err) : CS_OK;
  if (!st) {
    fmi->inputs_changed = 0;
    st = cs_sim_advance(fmi->sim, t + h - fmi->t_start, &err);
  }
  if (st) {
    fmi->unrecorded = 1; /* the simulation stands where no replay of the history leads */
    return cs_fmi_log(fmi, 3, "%s", err.message), 1;
  }
  cs_fmi_record_call(fmi, -1, t, h);
  return 0;
}

static double output(const cs_fmi *fmi, const cs_fmi_var *v)
{
  double q[3];
  cs_clearance_state c;
  cs_energy e;
  switch (v->kind) {
  case CS_FMI_BODY:
    (v->component < 3 ? cs_sim_body_position : cs_sim_body_velocity)(fmi->sim, v->index, q);
    return q[v->component % 3];
  case CS_FMI_REACTION:
    return cs_sim_driver_reaction(fmi->sim, v->index);
  case CS_FMI_CLEARANCE:
    cs_sim_clearance(fmi->sim, v->index, &c);
    return v->component < 2 ? c.eccentricity[v->component]
           : v->component == 2 ? c.penetration : c.normal_force;
  case CS_FMI_BALANCE:
    cs_sim_energy(fmi->sim, &e);
    return e.balance_error;
  default:
    return 0.0;
  }
}

int cs_fmi_get(cs_fmi *fmi, unsigned vr, double *value)
{
  if (vr >= (unsigned)fmi->nvar)
    return cs_fmi_log(fmi, 3, "no variable has value reference %u", vr), 1;
  const cs_fmi_var *v = &fmi->vars[vr];
  if (v->causality == CS_FMI_TIME)
    *value = cs_fmi_time(fmi);
  else if (v->causality != CS_FMI_OUTPUT)
    *value = fmi->values[vr];
  else if (!fmi->sim)
    return cs_fmi_log(fmi, 3, "%s: outputs exist once initialization is done", v->name), 1;
  else
    *value = output(fmi, v);
  return 0;
}

/* One component of a point force, the other as the model has it. */
static cs_status set_force(cs_fmi *fmi, const cs_fmi_var *v, double value, cs_error *err)
{
  double f[2];
  memcpy(f, fmi->model->forces[v->index].force, sizeof f);
  f[v->component] = value;
  return cs_model_set_applied_force(fmi->model, v->index, f, err);
}

int cs_fmi_set(cs_fmi *fmi, unsigned vr, double value)
{
  if (vr >= (unsigned)fmi->nvar)
    return cs_fmi_log(fmi, 3, "no variable has value reference %u", vr), 1;
  const cs_fmi_var *v = &fmi->vars[vr];
  if (v->causality != CS_FMI_PARAMETER && v->causality != CS_FMI_INPUT)
    return cs_fmi_log(fmi, 3, "%s cannot be set: only parameters and inputs", v->name), 1;
  if (v->causality == CS_FMI_PARAMETER && fmi->sim)
    return cs_fmi_log(fmi, 3, "%s: a parameter is set before initialization ends", v->name), 1;
  cs_error err;
  cs_status st = CS_OK;
  if (fmi->sim && v->kind == CS_FMI_DRIVER_SPEED)
    st = cs_model_set_driver_speed(fmi->model, v->index, cs_sim_time(fmi->sim), value, &err);
  else if (fmi->sim && v->kind == CS_FMI_TORQUE)
    st = cs_model_set_applied_torque(fmi->model, v->index, value, &err);
  else if (fmi->sim && v->kind == CS_FMI_FORCE)
    st = set_force(fmi, v, value, &err);
  if (st)
    return cs_fmi_log(fmi, 3, "%s: %s", v->name, err.message), 1;
  if (fmi->sim && fmi->values[vr] != value)
    fmi->inputs_changed = 1; /* the simulation restarts from it at the next doStep */
  fmi->values[vr] = value;
  if (fmi->sim)
    cs_fmi_record_call(fmi, (int)vr, value, 0.0);
  return 0;
}

char *cs_fmi_config_json(const char *const *parameters, int nparameters,
                         const char *const *inputs, int ninputs, const char *token)
{
  cJSON *root = cJSON_CreateObject();
  cJSON *p = cJSON_AddArrayToObject(root, "parameters");
  cJSON *in = cJSON_AddArrayToObject(root, "inputs");
  for (int i = 0; p && i < nparameters; i++)
    cJSON_AddItemToArray(p, cJSON_CreateString(parameters[i]));
  for (int i = 0; in && i < ninputs; i++)
    cJSON_AddItemToArray(in, cJSON_CreateString(inputs[i]));
  int ok = p && in && (!token || cJSON_AddStringToObject(root, "token", token));
  char *text = ok ? cJSON_Print(root) : NULL;
  cJSON_Delete(root);
  return text;
}
