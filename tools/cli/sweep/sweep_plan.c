/*
 * sweep_plan.c — a sweep file → its cases (sweep.h "the plan"; the format is
 * tools/cli/sweep/README.md). Read with the loader's own helpers (engine/io/cs_json.h), so a bad sweep
 * file is reported as a bad model file is: "<file>: <JSON path>: <what was expected>".
 *
 * Cases are numbered in the order the summary holds them: grid with the first parameter
 * varying slowest, zip in value order, random in draw order (for each case, each parameter in
 * file order). Random draws are made here, once, by whoever reads the plan: every process and
 * rank that reads it gets the same matrix.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"
#include "sweep.h"

/* Every case is validated before any runs (a fraction of a millisecond each): a million
 * cases is minutes of validation and more runs than a study needs (tools/cli/sweep/README.md). */
enum { MAX_CASES = 1000000, MAX_DRAWS = 10000 };

static const char *const sweep_keys[] = {"name", "description", "model", "parameters", "mode",
                                         "samples", "seed", "t_end", "trajectories",
                                         "poincare", NULL};
static const char *const param_keys[] = {"path", "values", "linspace", "uniform", "normal",
                                         "min", "max", "also", NULL};
static const char *const also_keys[] = {"path", "scale", NULL};
static const char *const mode_names[] = {"grid", "zip", "random", NULL};

/* ---------------------------------------------------------------- parameters ------------- */

static cs_status param_values(const cs_json *js, const cJSON *v, const char *path,
                              sweep_param *p)
{
  const cJSON *values = cs_json_member(v, "values"), *lin = cs_json_member(v, "linspace");
  char kp[CS_JSON_PATH], ep[CS_JSON_PATH];
  if (values && lin)
    return cs_json_fail(js, path, "give either \"values\" or \"linspace\", not both");
  if (values) {
    cs_json_child(kp, path, "values");
    if (!cJSON_IsArray(values) || cJSON_GetArraySize(values) == 0)
      return cs_json_fail(js, kp, "expected a non-empty array of numbers");
    p->n = cJSON_GetArraySize(values);
    if (!(p->values = malloc((size_t)p->n * sizeof *p->values)))
      return cs_json_out_of_memory(js);
    for (int j = 0; j < p->n; j++) {
      cs_json_element(ep, kp, j);
      CS_TRY(cs_json_number_value(js, cJSON_GetArrayItem(values, j), ep, CS_JSON_ANY,
                                  &p->values[j]));
    }
    return CS_OK;
  }
  double l[3];
  CS_TRY(cs_json_vector(js, v, path, "linspace", 3, "[first, last, count]", NULL, l));
  cs_json_child(kp, path, "linspace");
  if (!(l[2] >= 1 && l[2] <= 1e6 && l[2] == floor(l[2])))
    return cs_json_fail(js, kp, "expected [first, last, count] with a whole count from 1 to "
                        "1e6, got count %.10g", l[2]);
  p->n = (int)l[2];
  if (!(p->values = malloc((size_t)p->n * sizeof *p->values)))
    return cs_json_out_of_memory(js);
  /* as numpy.linspace: first + j·step, the last one exactly `last` */
  double step = p->n > 1 ? (l[1] - l[0]) / (p->n - 1) : 0.0;
  for (int j = 0; j < p->n; j++)
    p->values[j] = j == p->n - 1 && p->n > 1 ? l[1] : l[0] + j * step;
  return CS_OK;
}

static cs_status param_distribution(const cs_json *js, const cJSON *v, const char *path,
                                    sweep_param *p)
{
  const cJSON *uni = cs_json_member(v, "uniform"), *nor = cs_json_member(v, "normal");
  char kp[CS_JSON_PATH];
  double ab[2];
  if (uni && nor)
    return cs_json_fail(js, path, "give either \"uniform\" or \"normal\", not both");
  if (!uni && !nor)
    return cs_json_fail(js, path, "a random sweep draws each parameter: expected "
                        "\"uniform\": [a, b] or \"normal\": [mean, sd]");
  p->dist = uni ? SWEEP_UNIFORM : SWEEP_NORMAL;
  const char *key = uni ? "uniform" : "normal";
  CS_TRY(cs_json_vector(js, v, path, key, 2, uni ? "[a, b]" : "[mean, sd]", NULL, ab));
  cs_json_child(kp, path, key);
  if (uni && !(ab[0] <= ab[1]))
    return cs_json_fail(js, kp, "expected [a, b] with a <= b, got [%.10g, %.10g]", ab[0], ab[1]);
  if (nor && !(ab[1] >= 0))
    return cs_json_fail(js, kp, "expected [mean, sd] with sd >= 0, got sd %.10g", ab[1]);
  p->a = ab[0];
  p->b = ab[1];
  if (uni && (cs_json_member(v, "min") || cs_json_member(v, "max")))
    return cs_json_fail(js, path, "\"min\" and \"max\" truncate a normal distribution; a "
                        "uniform one is bounded by its [a, b]");
  CS_TRY(cs_json_number(js, v, path, "min", CS_JSON_ANY, -INFINITY, &p->lo));
  CS_TRY(cs_json_number(js, v, path, "max", CS_JSON_ANY, INFINITY, &p->hi));
  if (!(p->lo < p->hi))
    return cs_json_fail(js, path, "expected min < max, got min %.10g, max %.10g", p->lo, p->hi);
  return CS_OK;
}

/* Is `ptr` a JSON pointer? (fails naming kp otherwise) */
static cs_status pointer(const cs_json *js, const char *kp, const char *ptr)
{
  if (ptr[0] != '/')
    return cs_json_fail(js, kp, "expected a JSON pointer into the model, starting with '/', "
                        "got \"%.60s\"", ptr);
  return CS_OK;
}

/* "also": [{"path": "/bodies/1/velocity/2", "scale": 1}, …]: more places the value goes. */
static cs_status load_also(const cs_json *js, const cJSON *v, const char *path, sweep_param *p)
{
  const cJSON *also;
  char ap[CS_JSON_PATH], ep[CS_JSON_PATH], kp[CS_JSON_PATH];
  CS_TRY(cs_json_array(js, v, path, "also", "an array of {\"path\": ..., \"scale\": ...}", 0,
                       &also));
  if (!also)
    return CS_OK;
  cs_json_child(ap, path, "also");
  p->nalso = cJSON_GetArraySize(also);
  p->also = calloc((size_t)p->nalso + 1, sizeof *p->also);
  p->also_scale = calloc((size_t)p->nalso + 1, sizeof *p->also_scale);
  if (!p->also || !p->also_scale)
    return cs_json_out_of_memory(js);
  for (int k = 0; k < p->nalso; k++) {
    const cJSON *a = cJSON_GetArrayItem(also, k);
    const char *ptr;
    cs_json_element(ep, ap, k);
    CS_TRY(cs_json_object(js, a, ep));
    CS_TRY(cs_json_keys(js, a, ep, also_keys, " for an \"also\" place"));
    CS_TRY(cs_json_text(js, a, ep, "path", "a JSON pointer into the model (a string)", 1, &ptr));
    cs_json_child(kp, ep, "path");
    CS_TRY(pointer(js, kp, ptr));
    CS_TRY(cs_json_number(js, a, ep, "scale", CS_JSON_ANY, 1.0, &p->also_scale[k]));
    if (!(p->also[k] = cs_json_strdup(ptr)))
      return cs_json_out_of_memory(js);
  }
  return CS_OK;
}

static cs_status load_param(const cs_json *js, const cJSON *v, const char *path,
                            sweep_mode mode, sweep_param *p)
{
  const char *ptr;
  CS_TRY(cs_json_object(js, v, path));
  CS_TRY(cs_json_keys(js, v, path, param_keys, " for a parameter"));
  CS_TRY(cs_json_text(js, v, path, "path", "a JSON pointer into the model (a string such as "
                      "\"/solver/rtol\")", 1, &ptr));
  char kp[CS_JSON_PATH];
  cs_json_child(kp, path, "path");
  CS_TRY(pointer(js, kp, ptr));
  if (!(p->path = cs_json_strdup(ptr)))
    return cs_json_out_of_memory(js);
  CS_TRY(load_also(js, v, path, p));
  p->lo = -INFINITY;
  p->hi = INFINITY;
  int drawn = cs_json_member(v, "uniform") || cs_json_member(v, "normal");
  int listed = cs_json_member(v, "values") || cs_json_member(v, "linspace");
  if (mode == SWEEP_RANDOM) {
    if (listed)
      return cs_json_fail(js, path, "\"values\" and \"linspace\" are for grid and zip sweeps; "
                          "a random sweep draws each parameter from \"uniform\": [a, b] or "
                          "\"normal\": [mean, sd]");
    return param_distribution(js, v, path, p);
  }
  if (drawn || cs_json_member(v, "min") || cs_json_member(v, "max"))
    return cs_json_fail(js, path, "\"uniform\", \"normal\", \"min\" and \"max\" are for random "
                        "sweeps (\"mode\": \"random\"); a %s sweep lists \"values\" or "
                        "\"linspace\"", mode_names[mode]);
  if (!listed)
    return cs_json_fail(js, path, "missing, expected \"values\": [...] or \"linspace\": "
                        "[first, last, count]");
  p->dist = SWEEP_VALUES;
  return param_values(js, v, path, p);
}

/* ---------------------------------------------------------------- cases ------------------ */

static cs_status draw(const cs_json *js, sweep_rng *rng, const sweep_param *p, int j,
                      double *out)
{
  if (p->dist == SWEEP_UNIFORM) {
    *out = p->a + (p->b - p->a) * sweep_rng_uniform(rng);
    return CS_OK;
  }
  for (int tries = 0; tries < MAX_DRAWS; tries++) {
    double x = p->a + p->b * sweep_rng_normal(rng);
    if (x >= p->lo && x <= p->hi) {
      *out = x;
      return CS_OK;
    }
  }
  char kp[CS_JSON_PATH];
  cs_json_element(kp, "/parameters", j);
  return cs_json_fail(js, kp, "%d draws of normal [%.6g, %.6g] all fell outside [min, max] = "
                      "[%.6g, %.6g]: the truncation keeps too little of the distribution",
                      MAX_DRAWS, p->a, p->b, p->lo, p->hi);
}

static cs_status expand(const cs_json *js, sweep_plan *p)
{
  long n = 1;
  if (p->mode == SWEEP_RANDOM) {
    n = p->samples;
  } else if (p->mode == SWEEP_ZIP) {
    n = p->params[0].n;
  } else {
    for (int j = 0; j < p->nparam; j++) {
      if (n > MAX_CASES / p->params[j].n)
        return cs_json_fail(js, "/parameters", "the grid has more than %d cases (the limit of "
                            "a sweep)", MAX_CASES);
      n *= p->params[j].n;
    }
  }
  p->ncase = n;
  if (!(p->values = malloc((size_t)n * (size_t)p->nparam * sizeof *p->values)))
    return cs_json_out_of_memory(js);
  sweep_rng rng;
  sweep_rng_seed(&rng, p->seed);
  for (long i = 0; i < n; i++) {
    long rest = i; /* grid: the mixed-radix digits of i, the last parameter fastest */
    for (int j = p->nparam - 1; j >= 0; j--) {
      const sweep_param *q = &p->params[j];
      double *v = &p->values[i * p->nparam + j];
      if (p->mode == SWEEP_ZIP) {
        *v = q->values[i];
      } else if (p->mode == SWEEP_GRID) {
        *v = q->values[rest % q->n];
        rest /= q->n;
      }
    }
    for (int j = 0; p->mode == SWEEP_RANDOM && j < p->nparam; j++)
      CS_TRY(draw(js, &rng, &p->params[j], j, &p->values[i * p->nparam + j]));
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- the file --------------- */

/* Place k of parameter j (-1: its "path", else its "also" entry k) and where the sweep file
 * names it. */
static const char *place_of(const sweep_param *q, int j, int k, char *where)
{
  char at[CS_JSON_PATH];
  cs_json_element(at, "/parameters", j);
  if (k < 0) {
    strcpy(where, at);
    return q->path;
  }
  char also[CS_JSON_PATH];
  cs_json_child(also, at, "also");
  cs_json_element(where, also, k);
  return q->also[k];
}

/* 1 when a and b are the same place, 2 when one lies inside the other, else 0. */
static int overlap(const char *a, const char *b)
{
  size_t na = strlen(a), nb = strlen(b), n = na < nb ? na : nb;
  if (strncmp(a, b, n))
    return 0;
  return na == nb ? 1 : (na < nb ? b : a)[n] == '/' ? 2 : 0;
}

/* Every place parameter j sets (its path, its "also" places) is set by nothing before it, nor
 * inside or around a place set before: a case records one value per parameter, which must be
 * the one its model ran with. */
static cs_status check_places(const cs_json *js, const sweep_plan *p, int j)
{
  const sweep_param *q = &p->params[j];
  char where[CS_JSON_PATH], before[CS_JSON_PATH];
  for (int k = -1; k < q->nalso; k++) {
    const char *ptr = place_of(q, j, k, where);
    for (int i = 0; i <= j; i++)
      for (int m = -1; m < (i < j ? p->params[i].nalso : k); m++) {
        const char *other = place_of(&p->params[i], i, m, before);
        int o = overlap(ptr, other);
        if (o == 1)
          return cs_json_fail(js, where, "the path \"%s\" is already swept by %s", ptr, before);
        if (o == 2)
          return cs_json_fail(js, where, "the path \"%s\" overlaps \"%s\", swept by %s (one "
                              "would overwrite the other)", ptr, other, before);
      }
  }
  return CS_OK;
}

static cs_status load_root(const cs_json *js, const cJSON *root, sweep_plan *p)
{
  char *description = NULL;
  const char *model;
  const cJSON *params;
  int mode = SWEEP_GRID;
  cs_status st = cs_json_root(js, root, sweep_keys, &p->name, &description);
  free(description);
  CS_TRY(st);
  CS_TRY(cs_json_text(js, root, "", "model", "the model file, relative to the sweep file (a "
                      "string)", 1, &model));
  if (!(p->model_label = cs_json_strdup(model)))
    return cs_json_out_of_memory(js);
  CS_TRY(cs_json_choice(js, root, "", "mode", mode_names, SWEEP_GRID, &mode));
  p->mode = (sweep_mode)mode;
  const cJSON *samples = cs_json_member(root, "samples"), *seed = cs_json_member(root, "seed");
  if (p->mode != SWEEP_RANDOM && (samples || seed))
    return cs_json_fail(js, samples ? "/samples" : "/seed", "only random sweeps (\"mode\": "
                        "\"random\") have samples and a seed");
  if (p->mode == SWEEP_RANDOM) {
    if (!samples)
      return cs_json_fail(js, "/samples", "missing, expected the number of random cases");
    CS_TRY(cs_json_count(js, root, "", "samples", &p->samples));
    if (p->samples > MAX_CASES)
      return cs_json_fail(js, "/samples", "expected at most %d cases, got %ld", MAX_CASES,
                          p->samples);
    double s = 0;
    CS_TRY(cs_json_number(js, root, "", "seed", CS_JSON_NONNEG, 0.0, &s));
    if (s != floor(s) || s > 9007199254740992.0)
      return cs_json_fail(js, "/seed", "expected a whole number from 0 to 2^53, got %.17g", s);
    p->seed = (uint64_t)s;
  }
  CS_TRY(cs_json_number(js, root, "", "t_end", CS_JSON_POSITIVE, 0.0, &p->t_end));
  CS_TRY(cs_json_bool(js, root, "", "trajectories", 0, &p->trajectories));
  CS_TRY(cs_json_bool(js, root, "", "poincare", 0, &p->poincare));
  CS_TRY(cs_json_array(js, root, "", "parameters", "an array of parameters", 1, &params));
  p->nparam = cJSON_GetArraySize(params);
  if (p->nparam == 0)
    return cs_json_fail(js, "/parameters", "expected at least one parameter");
  if (!(p->params = calloc((size_t)p->nparam, sizeof *p->params)))
    return cs_json_out_of_memory(js);
  for (int j = 0; j < p->nparam; j++) {
    char path[CS_JSON_PATH];
    cs_json_element(path, "/parameters", j);
    CS_TRY(load_param(js, cJSON_GetArrayItem(params, j), path, p->mode, &p->params[j]));
    CS_TRY(check_places(js, p, j));
    p->noverride += 1 + p->params[j].nalso;
    if (p->mode == SWEEP_ZIP && p->params[j].n != p->params[0].n)
      return cs_json_fail(js, path, "expected %d values as /parameters/0 has (a zip sweep varies "
                          "its parameters together), got %d", p->params[0].n, p->params[j].n);
  }
  return expand(js, p);
}

/* The model's path: relative to the sweep file's directory unless absolute. */
static char *resolve(const char *sweep_file, const char *model)
{
  const char *slash = strrchr(sweep_file, '/');
  int dir = model[0] == '/' || !slash ? 0 : (int)(slash - sweep_file) + 1;
  size_t n = (size_t)dir + strlen(model) + 1;
  char *out = malloc(n);
  if (out)
    snprintf(out, n, "%.*s%s", dir, sweep_file, model);
  return out;
}

cs_status sweep_plan_load(const char *file, sweep_plan *p, cs_error *err)
{
  size_t len;
  memset(p, 0, sizeof *p);
  cs_json js = {file, err, NULL, NULL};
  if (!(p->file = cs_json_strdup(file)))
    return cs_json_out_of_memory(&js);
  CS_TRY(cs_json_read_file(file, &p->text, &len, err));
  cJSON *root = NULL;
  CS_TRY(cs_json_parse(&js, p->text, len, &root));
  cs_status st = load_root(&js, root, p);
  cJSON_Delete(root);
  CS_TRY(st);
  if (!(p->model_path = resolve(file, p->model_label)))
    return cs_json_out_of_memory(&js);
  st = cs_json_read_file(p->model_path, &p->model_text, &len, err);
  if (st != CS_OK) { /* say which sweep file names the model */
    char why[sizeof err->message];
    memcpy(why, err->message, sizeof why);
    return cs_fail(err, CS_ERR_INPUT, "%s: /model: %.900s", file, why);
  }
  return CS_OK;
}

void sweep_plan_free(sweep_plan *p)
{
  for (int j = 0; p->params && j < p->nparam; j++) {
    free(p->params[j].path);
    free(p->params[j].values);
    for (int k = 0; p->params[j].also && k < p->params[j].nalso; k++)
      free(p->params[j].also[k]);
    free(p->params[j].also), free(p->params[j].also_scale);
  }
  for (int k = 0; p->joints && k < p->njoint; k++)
    free(p->joints[k]);
  for (int d = 0; p->drivers && d < p->ndriver; d++)
    free(p->drivers[d]);
  for (int b = 0; p->bodies && b < p->nbody; b++)
    free(p->bodies[b]);
  free(p->joints), free(p->drivers), free(p->bodies), free(p->driver_joint);
  free(p->driver_angle), free(p->model_name);
  free(p->params), free(p->values), free(p->case_t_end), free(p->case_period);
  free(p->file), free(p->text), free(p->name), free(p->model_label), free(p->model_path);
  free(p->model_text);
  memset(p, 0, sizeof *p);
}

void sweep_case_overrides(const sweep_plan *p, long i, cs_override *ov, char *text)
{
  int n = 0;
  for (int j = 0; j < p->nparam; j++) {
    const sweep_param *q = &p->params[j];
    double v = p->values[i * p->nparam + j];
    for (int k = -1; k < q->nalso; k++, n++) {
      /* %.17g reads back to the same double */
      snprintf(text + 32 * n, 32, "%.17g", k < 0 ? v : q->also_scale[k] * v);
      ov[n].pointer = k < 0 ? q->path : q->also[k];
      ov[n].json = text + 32 * n;
    }
  }
}

void sweep_case_origin(const sweep_plan *p, long i, char *out, size_t size)
{
  snprintf(out, size, "%s: case %ld: %s", p->file, i, p->model_label);
}

/* ---------------------------------------------------------------- validation ------------- */

/* The period of the first driver whose motion is periodic: a steady rotation (velocity ≠ 0,
 * no acceleration, no oscillation) or a pure oscillation (frequency ≠ 0, no velocity, no
 * acceleration); 0 when none is. Read from the case's edited document. */
static double driver_period(const char *edited)
{
  double period = 0.0;
  cJSON *root = cJSON_Parse(edited);
  const cJSON *drivers = cJSON_GetObjectItemCaseSensitive(root, "drivers"), *d;
  cJSON_ArrayForEach(d, drivers) {
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(d, "motion");
    double f[4] = {0, 0, 0, 0};
    const char *keys[4] = {"velocity", "acceleration", "amplitude", "frequency"};
    for (int k = 0; k < 4; k++) {
      const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, keys[k]);
      f[k] = cJSON_IsNumber(v) ? v->valuedouble : 0.0;
    }
    const cJSON *rpm = cJSON_GetObjectItemCaseSensitive(m, "rpm");
    if (cJSON_IsNumber(rpm)) /* an angle driver's rate in r/min, as the loader converts it */
      f[0] = rpm->valuedouble * (2.0 * M_PI / 60.0);
    int oscillates = f[2] != 0 && f[3] != 0;
    if (f[1] == 0 && f[0] != 0 && !oscillates)
      period = 2 * M_PI / fabs(f[0]);
    else if (f[1] == 0 && f[0] == 0 && oscillates)
      period = 2 * M_PI / fabs(f[3]);
    if (period > 0)
      break;
  }
  cJSON_Delete(root);
  return period;
}

static char **names(int n, const char *(*name)(const cs_model *, int), const cs_model *m,
                    const int *index)
{
  char **out = calloc((size_t)n + 1, sizeof *out);
  for (int i = 0; out && i < n; i++)
    if (!(out[i] = cs_json_strdup(name(m, index ? index[i] : i))))
      return NULL; /* out of memory; the caller fails */
  return out;
}

/* Case 0 sets the summary's columns. */
static cs_status set_columns(sweep_plan *p, const cs_model *m, cs_error *err)
{
  int nj = cs_model_joint_count(m);
  p->driver_joint = calloc((size_t)nj + 1, sizeof *p->driver_joint);
  p->driver_angle = calloc((size_t)nj + 1, sizeof *p->driver_angle);
  p->model_name = cs_json_strdup(cs_model_name(m));
  if (!p->driver_joint || !p->driver_angle || !p->model_name)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  for (int j = 0; j < nj; j++)
    if (strstr(cs_model_joint_kind(m, j), "driver")) {
      p->driver_angle[p->ndriver] = !strcmp(cs_model_joint_kind(m, j), "angle driver");
      p->driver_joint[p->ndriver++] = j;
    }
  p->njoint = cs_model_clearance_count(m);
  p->nbody = cs_model_body_count(m);
  p->joints = names(p->njoint, cs_model_clearance_name, m, NULL);
  p->drivers = names(p->ndriver, cs_model_joint_name, m, p->driver_joint);
  p->bodies = names(p->nbody, cs_model_body_name, m, NULL);
  if (!p->joints || !p->drivers || !p->bodies)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  return CS_OK;
}

/* Every case must report the same columns: an override that renames or adds a joint, driver
 * or body would make rows that do not line up. */
static const char *columns_differ(const sweep_plan *p, const cs_model *m)
{
  int nd = 0;
  if (cs_model_clearance_count(m) != p->njoint || cs_model_body_count(m) != p->nbody)
    return "clearance joints or bodies";
  for (int k = 0; k < p->njoint; k++)
    if (strcmp(cs_model_clearance_name(m, k), p->joints[k]))
      return "clearance joints";
  for (int b = 0; b < p->nbody; b++)
    if (strcmp(cs_model_body_name(m, b), p->bodies[b]))
      return "bodies";
  for (int j = 0; j < cs_model_joint_count(m); j++)
    if (strstr(cs_model_joint_kind(m, j), "driver") &&
        (nd >= p->ndriver || p->driver_joint[nd++] != j ||
         strcmp(cs_model_joint_name(m, j), p->drivers[nd - 1])))
      return "drivers";
  return nd == p->ndriver ? NULL : "drivers";
}

static cs_status validate_case(sweep_plan *p, long i, cs_error *err)
{
  cs_override *ov = malloc((size_t)p->noverride * sizeof *ov);
  char *text = malloc((size_t)p->noverride * 32), origin[1024], *edited = NULL;
  cs_model *m = NULL;
  if (!ov || !text) {
    free(ov), free(text);
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  sweep_case_overrides(p, i, ov, text);
  sweep_case_origin(p, i, origin, sizeof origin);
  cs_status st = cs_model_apply_overrides(p->model_text, origin, ov, p->noverride, &edited, err);
  if (st == CS_OK)
    st = cs_model_load_string(edited, origin, NULL, &m, err);
  if (st == CS_OK && i == 0)
    st = set_columns(p, m, err);
  const char *differ = st == CS_OK ? columns_differ(p, m) : NULL;
  if (differ)
    st = cs_fail(err, CS_ERR_INPUT, "%s: the overrides change the model's %s (case 0 has "
                 "others): every case must report the same columns", origin, differ);
  if (st == CS_OK) {
    p->case_t_end[i] = p->t_end > 0 ? p->t_end : cs_model_t_end(m);
    p->case_period[i] = p->poincare ? driver_period(edited) : 0.0;
  }
  cs_model_free(m);
  free(edited), free(ov), free(text);
  return st;
}

cs_status sweep_plan_validate(sweep_plan *p, cs_error *err)
{
  p->case_t_end = calloc((size_t)p->ncase, sizeof *p->case_t_end);
  p->case_period = calloc((size_t)p->ncase, sizeof *p->case_period);
  if (!p->case_t_end || !p->case_period)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  cs_error first, e;
  long bad = 0;
  cs_status st = CS_OK;
  for (long i = 0; i < p->ncase; i++) {
    if (cli_interrupted()) /* SIGINT/SIGTERM: validation can take minutes */
      return cs_fail(err, CS_ERR_INTERRUPTED, "%s: interrupted while validating case %ld of "
                     "%ld", p->file, i, p->ncase);
    cs_status s = validate_case(p, i, bad ? &e : &first);
    if (s == CS_ERR_MEMORY)
      return cs_fail(err, s, "out of memory");
    if (s != CS_OK && i == 0)
      return *err = first, s; /* no columns: the other cases cannot be checked */
    if (s != CS_OK && !bad++)
      st = s;
  }
  if (bad) {
    *err = first;
    if (bad > 1) {
      size_t n = strlen(err->message);
      snprintf(err->message + n, sizeof err->message - n, " (and %ld more of the %ld cases "
               "fail validation)", bad - 1, p->ncase);
    }
    return st;
  }
  p->npoincare = 0;
  for (long i = 0; i < p->ncase; i++)
    if (sweep_period_count(p->case_t_end[i], p->case_period[i]) > p->npoincare)
      p->npoincare = sweep_period_count(p->case_t_end[i], p->case_period[i]);
  if (p->poincare && p->npoincare == 0)
    return cs_fail(err, CS_ERR_INPUT, "%s: /poincare: no case has a periodic driver (a steady "
                   "rotation or a pure oscillation) that completes a period before t_end",
                   p->file);
  p->nfig = fig_poincare(p) + (p->poincare ? 1 + 2 * p->npoincare * p->njoint : 0);
  cs_error_clear(err);
  return CS_OK;
}
