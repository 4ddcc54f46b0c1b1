/*
 * cs_loader.c — JSON model file → cs_model (DESIGN.md "Layout": the loader is the only code
 * that reads cJSON). The format is specified in models/README.md; keep the two in step.
 *
 * Every failure names the origin, a JSON-pointer path and what was expected. Validation is
 * strict: unknown keys are errors (a misspelt optional key would otherwise be silently
 * replaced by its default), and so are duplicate keys (cJSON keeps both; only one would be
 * read). On failure nothing is kept: the partly built model is freed.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include <cjson/cJSON.h>

#include "cs_error.h"
#include "cs_model.h"

enum { PATH_LEN = 256 };

typedef struct loader {
  const char *origin; /* file name or "<string>" for messages */
  cs_error *err;
  cs_model *model;
} loader;

#define TRY(call)                                                                             \
  do {                                                                                        \
    cs_status s_ = (call);                                                                    \
    if (s_ != CS_OK)                                                                          \
      return s_;                                                                              \
  } while (0)

/* ---------------------------------------------------------------- messages --------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static cs_status fail(const loader *ld, const char *path, const char *fmt, ...)
{
  char what[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  /* the JSON pointer of the root is "", which reads badly in a message */
  return cs_fail(ld->err, CS_ERR_INPUT, "%s: %s: %s", ld->origin, path[0] ? path : "/", what);
}

static cs_status out_of_memory(const loader *ld)
{
  return cs_fail(ld->err, CS_ERR_MEMORY, "%s: out of memory while loading", ld->origin);
}

/* A short rendering of what the input holds, for "…, got <it>". */
static const char *describe(const cJSON *v, char *buf, size_t size)
{
  if (cJSON_IsNumber(v)) {
    if (isfinite(v->valuedouble))
      snprintf(buf, size, "%.10g", v->valuedouble);
    else
      snprintf(buf, size, "a number beyond the range of a double");
  } else if (cJSON_IsString(v)) {
    snprintf(buf, size, "\"%.40s%s\"", v->valuestring, strlen(v->valuestring) > 40 ? "..." : "");
  } else if (cJSON_IsArray(v)) {
    snprintf(buf, size, "an array");
  } else if (cJSON_IsObject(v)) {
    snprintf(buf, size, "an object");
  } else if (cJSON_IsBool(v)) {
    snprintf(buf, size, cJSON_IsTrue(v) ? "true" : "false");
  } else {
    snprintf(buf, size, "null");
  }
  return buf;
}

/* "a, b, c" into buf, truncated with "..." if it does not fit. */
static void join(const char *const *items, int n, char *buf, size_t size)
{
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n; i++) {
    int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", items[i]);
    if (w < 0 || (size_t)w >= size - used) {
      strcpy(buf + size - 4, "...");
      return;
    }
    used += (size_t)w;
  }
}

static int count(const char *const *list)
{
  int n = 0;
  while (list[n])
    n++;
  return n;
}

/* Paths deeper than PATH_LEN are cut: the message stays readable and names the start. */
static void child(char *out, const char *path, const char *key)
{
  if (snprintf(out, PATH_LEN, "%s/%s", path, key) >= PATH_LEN)
    out[PATH_LEN - 1] = '\0';
}

static void element(char *out, const char *path, int index)
{
  if (snprintf(out, PATH_LEN, "%s/%d", path, index) >= PATH_LEN)
    out[PATH_LEN - 1] = '\0';
}

static char *dup_text(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* ---------------------------------------------------------------- named records ---------- */

/* Bodies, joints and forces are looked up by name through one helper: each struct starts with
 * its name, which these assertions pin down. */
_Static_assert(offsetof(cs_body, name) == 0, "cs_body.name must come first");
_Static_assert(offsetof(cs_joint, name) == 0, "cs_joint.name must come first");
_Static_assert(offsetof(cs_force, name) == 0, "cs_force.name must come first");

static const char *name_at(const void *array, size_t stride, int i)
{
  return *(char *const *)((const char *)array + (size_t)i * stride);
}

static int find_name(const void *array, size_t stride, int n, const char *name)
{
  for (int i = 0; i < n; i++)
    if (strcmp(name_at(array, stride, i), name) == 0)
      return i;
  return -1;
}

static void list_names(const void *array, size_t stride, int n, char *buf, size_t size)
{
  const char *names[64];
  int k = n < 64 ? n : 64;
  for (int i = 0; i < k; i++)
    names[i] = name_at(array, stride, i);
  if (n == 0)
    snprintf(buf, size, "none");
  else
    join(names, k, buf, size);
}

/* ---------------------------------------------------------------- typed getters ---------- */

static const cJSON *member(const cJSON *obj, const char *key)
{
  return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static cs_status expect_object(const loader *ld, const cJSON *v, const char *path)
{
  char got[96];
  if (!cJSON_IsObject(v))
    return fail(ld, path, "expected an object, got %s", describe(v, got, sizeof got));
  return CS_OK;
}

/* Every key of obj must be in `allowed` (NULL-terminated) and appear once. `what` says whose
 * keys these are (" for a fixed joint"), or is "". */
static cs_status check_keys(const loader *ld, const cJSON *obj, const char *path,
                            const char *const *allowed, const char *what)
{
  for (const cJSON *c = obj->child; c; c = c->next) {
    int known = 0;
    for (int i = 0; allowed[i] && !known; i++)
      known = strcmp(c->string, allowed[i]) == 0;
    if (!known) {
      char list[512];
      join(allowed, count(allowed), list, sizeof list);
      return fail(ld, path, "unknown key \"%.64s\"%s (expected one of: %s)", c->string, what,
                  list);
    }
    for (const cJSON *p = obj->child; p != c; p = p->next)
      if (strcmp(p->string, c->string) == 0)
        return fail(ld, path, "duplicate key \"%s\"", c->string);
  }
  return CS_OK;
}

typedef enum range { ANY, POSITIVE, NONNEG } range;
static const char *const range_text[] = {"a number", "a number > 0", "a number >= 0"};

/* As a default: the key must be present. */
#define REQUIRED NAN

static cs_status number_value(const loader *ld, const cJSON *v, const char *path, range r,
                              double *out)
{
  char got[96];
  int ok = cJSON_IsNumber(v) && isfinite(v->valuedouble);
  if (ok && r == POSITIVE)
    ok = v->valuedouble > 0;
  if (ok && r == NONNEG)
    ok = v->valuedouble >= 0;
  if (!ok)
    return fail(ld, path, "expected %s, got %s", range_text[r], describe(v, got, sizeof got));
  *out = v->valuedouble;
  return CS_OK;
}

static cs_status get_number(const loader *ld, const cJSON *obj, const char *path,
                            const char *key, range r, double def, double *out)
{
  char kp[PATH_LEN];
  const cJSON *v = member(obj, key);
  child(kp, path, key);
  if (!v) {
    if (isnan(def))
      return fail(ld, kp, "missing, expected %s", range_text[r]);
    *out = def;
    return CS_OK;
  }
  return number_value(ld, v, kp, r, out);
}

/* An array of n numbers, e.g. form "[x, y]"; def NULL: required. */
static cs_status get_vector(const loader *ld, const cJSON *obj, const char *path,
                            const char *key, int n, const char *form, const double *def,
                            double *out)
{
  char kp[PATH_LEN], ep[PATH_LEN], got[96];
  const cJSON *v = member(obj, key);
  child(kp, path, key);
  if (!v) {
    if (!def)
      return fail(ld, kp, "missing, expected an array of %d numbers %s", n, form);
    memcpy(out, def, (size_t)n * sizeof *out);
    return CS_OK;
  }
  if (!cJSON_IsArray(v))
    return fail(ld, kp, "expected an array of %d numbers %s, got %s", n, form,
                describe(v, got, sizeof got));
  int size = cJSON_GetArraySize(v);
  if (size != n)
    return fail(ld, kp, "expected an array of %d numbers %s, got %d element%s", n, form, size,
                size == 1 ? "" : "s");
  int i = 0;
  for (const cJSON *e = v->child; e; e = e->next, i++) {
    element(ep, kp, i);
    TRY(number_value(ld, e, ep, ANY, &out[i]));
  }
  return CS_OK;
}

/* A direction: non-zero, returned normalised. */
static cs_status get_axis(const loader *ld, const cJSON *obj, const char *path,
                          const char *key, double axis[2])
{
  char kp[PATH_LEN];
  TRY(get_vector(ld, obj, path, key, 2, "[ax, ay]", NULL, axis));
  double norm = hypot(axis[0], axis[1]);
  if (!(norm > 0) || !isfinite(norm)) {
    child(kp, path, key);
    return fail(ld, kp, "expected a non-zero axis [ax, ay], got [%g, %g]", axis[0], axis[1]);
  }
  axis[0] /= norm;
  axis[1] /= norm;
  return CS_OK;
}

/* A string; `expect` names it for messages ("a body name"). *out NULL when absent and not
 * required. The pointer is into the JSON tree. */
static cs_status get_text(const loader *ld, const cJSON *obj, const char *path,
                          const char *key, const char *expect, int required, const char **out)
{
  char kp[PATH_LEN], got[96];
  const cJSON *v = member(obj, key);
  child(kp, path, key);
  *out = NULL;
  if (!v) {
    if (required)
      return fail(ld, kp, "missing, expected %s", expect);
    return CS_OK;
  }
  if (!cJSON_IsString(v))
    return fail(ld, kp, "expected %s, got %s", expect, describe(v, got, sizeof got));
  *out = v->valuestring;
  return CS_OK;
}

/* A name (of the model, a body, a joint …): non-empty, no '/' (names become HDF5 group
 * names, DESIGN.md "HDF5 output"). Returns an allocated copy. */
static cs_status get_name(const loader *ld, const cJSON *obj, const char *path, char **out)
{
  static const char expect[] = "a non-empty name without '/'";
  char kp[PATH_LEN];
  const char *s;
  TRY(get_text(ld, obj, path, "name", expect, 1, &s));
  if (s[0] == '\0' || strchr(s, '/')) {
    child(kp, path, "name");
    return fail(ld, kp, "expected %s, got \"%.64s\"", expect, s);
  }
  *out = dup_text(s);
  return *out ? CS_OK : out_of_memory(ld);
}

static cs_status get_bool(const loader *ld, const cJSON *obj, const char *path,
                          const char *key, int def, int *out)
{
  char kp[PATH_LEN], got[96];
  const cJSON *v = member(obj, key);
  child(kp, path, key);
  *out = def;
  if (!v)
    return CS_OK;
  if (!cJSON_IsBool(v))
    return fail(ld, kp, "expected true or false, got %s", describe(v, got, sizeof got));
  *out = cJSON_IsTrue(v);
  return CS_OK;
}

/* "\"a\", \"b\"" for a NULL-terminated list of words. */
static void quote_list(const char *const *words, char *buf, size_t size)
{
  char quoted[16][24];
  const char *items[16];
  int n = 0;
  for (; words[n] && n < 16; n++) {
    snprintf(quoted[n], sizeof quoted[n], "\"%s\"", words[n]);
    items[n] = quoted[n];
  }
  join(items, n, buf, size);
}

/* One of a NULL-terminated list of words; *out is its index. */
static cs_status choice_value(const loader *ld, const cJSON *v, const char *path,
                              const char *const *choices, int *out)
{
  char list[256], got[96];
  if (cJSON_IsString(v))
    for (int i = 0; choices[i]; i++)
      if (strcmp(v->valuestring, choices[i]) == 0) {
        *out = i;
        return CS_OK;
      }
  quote_list(choices, list, sizeof list);
  return fail(ld, path, "expected one of %s, got %s", list, describe(v, got, sizeof got));
}

/* def < 0: required. */
static cs_status get_choice(const loader *ld, const cJSON *obj, const char *path,
                            const char *key, const char *const *choices, int def, int *out)
{
  char kp[PATH_LEN], list[256];
  const cJSON *v = member(obj, key);
  child(kp, path, key);
  if (v)
    return choice_value(ld, v, kp, choices, out);
  if (def < 0) {
    quote_list(choices, list, sizeof list);
    return fail(ld, kp, "missing, expected one of %s", list);
  }
  *out = def;
  return CS_OK;
}

/* A required array (possibly empty) under `key`; *out NULL when absent and not required. */
static cs_status get_array(const loader *ld, const cJSON *obj, const char *key,
                           const char *expect, int required, const cJSON **out)
{
  char kp[PATH_LEN], got[96];
  const cJSON *v = member(obj, key);
  child(kp, "", key);
  *out = NULL;
  if (!v) {
    if (required)
      return fail(ld, kp, "missing, expected %s", expect);
    return CS_OK;
  }
  if (!cJSON_IsArray(v))
    return fail(ld, kp, "expected %s, got %s", expect, describe(v, got, sizeof got));
  *out = v;
  return CS_OK;
}

/* Read obj's name into *slot (element *n of array) and count it in *n at once, so that
 * cs_model_free frees it whatever fails next. Names are unique among the first *n records;
 * `note` explains a shared namespace, or is "". */
static cs_status claim_name(const loader *ld, const cJSON *obj, const char *path, char **slot,
                            const void *array, size_t stride, int *n, const char *note)
{
  char kp[PATH_LEN];
  TRY(get_name(ld, obj, path, slot));
  (*n)++;
  if (find_name(array, stride, *n - 1, *slot) >= 0) {
    child(kp, path, "name");
    return fail(ld, kp, "duplicate name \"%.64s\"%s", *slot, note);
  }
  return CS_OK;
}

static cs_status get_body(const loader *ld, const cJSON *obj, const char *path,
                          const char *key, int *out)
{
  const cs_model *m = ld->model;
  char kp[PATH_LEN], list[512];
  const char *name;
  TRY(get_text(ld, obj, path, key, "a body name", 1, &name));
  *out = find_name(m->bodies, sizeof *m->bodies, m->nbody, name);
  if (*out >= 0)
    return CS_OK;
  child(kp, path, key);
  list_names(m->bodies, sizeof *m->bodies, m->nbody, list, sizeof list);
  return fail(ld, kp, "no body named \"%.64s\" (bodies: %s)", name, list);
}

/* Forces and torques act on, and body drivers drive, a moving body. */
static cs_status get_moving_body(const loader *ld, const cJSON *obj, const char *path,
                                 const char *key, int *out)
{
  char kp[PATH_LEN];
  TRY(get_body(ld, obj, path, key, out));
  if (!ld->model->bodies[*out].ground)
    return CS_OK;
  child(kp, path, key);
  return fail(ld, kp, "\"%s\" is a ground body, expected a moving body",
              ld->model->bodies[*out].name);
}

/* body1 and body2 of a joint or a two-body force element. */
static cs_status get_body_pair(const loader *ld, const cJSON *obj, const char *path,
                               int body[2])
{
  const cs_body *b = ld->model->bodies;
  char kp[PATH_LEN];
  TRY(get_body(ld, obj, path, "body1", &body[0]));
  TRY(get_body(ld, obj, path, "body2", &body[1]));
  if (body[0] == body[1]) {
    child(kp, path, "body2");
    return fail(ld, kp, "\"%s\" is also body1, expected two different bodies", b[body[1]].name);
  }
  if (b[body[0]].ground && b[body[1]].ground)
    return fail(ld, path, "body1 \"%s\" and body2 \"%s\" are both ground, expected at least one "
                "moving body", b[body[0]].name, b[body[1]].name);
  return CS_OK;
}

static const double zeros[3] = {0, 0, 0};

/* ---------------------------------------------------------------- bodies ----------------- */

static const char *const moving_keys[] = {"name",     "ground",   "mass", "inertia",
                                          "position", "velocity", "lock", NULL};
static const char *const ground_keys[] = {"name", "ground", "position", NULL};
static const char *const coord_names[] = {"x", "y", "theta", NULL};

static cs_status load_lock(const loader *ld, const cJSON *obj, const char *path, int lock[3])
{
  char kp[PATH_LEN], ep[PATH_LEN], got[96];
  const cJSON *v = member(obj, "lock");
  if (!v)
    return CS_OK;
  child(kp, path, "lock");
  if (!cJSON_IsArray(v))
    return fail(ld, kp, "expected an array of coordinate names (\"x\", \"y\", \"theta\"), got %s",
                describe(v, got, sizeof got));
  int i = 0, c;
  for (const cJSON *e = v->child; e; e = e->next, i++) {
    element(ep, kp, i);
    TRY(choice_value(ld, e, ep, coord_names, &c));
    if (lock[c])
      return fail(ld, ep, "\"%s\" is listed twice", coord_names[c]);
    lock[c] = 1;
  }
  return CS_OK;
}

static cs_status load_body(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_body *b = &m->bodies[m->nbody];
  TRY(expect_object(ld, obj, path));
  TRY(get_bool(ld, obj, path, "ground", 0, &b->ground));
  TRY(check_keys(ld, obj, path, b->ground ? ground_keys : moving_keys,
                 b->ground ? " for a ground body" : ""));
  TRY(claim_name(ld, obj, path, &b->name, m->bodies, sizeof *b, &m->nbody, ""));
  TRY(get_vector(ld, obj, path, "position", 3, "[x, y, theta]", zeros, b->q0));
  if (b->ground)
    return CS_OK;
  if (!member(obj, "mass")) { /* a forgotten "ground": true reads the same way */
    char kp[PATH_LEN];
    child(kp, path, "mass");
    return fail(ld, kp, "missing, expected a number > 0 (or \"ground\": true for a fixed body)");
  }
  TRY(get_number(ld, obj, path, "mass", POSITIVE, REQUIRED, &b->mass));
  TRY(get_number(ld, obj, path, "inertia", NONNEG, 0.0, &b->inertia));
  TRY(get_vector(ld, obj, path, "velocity", 3, "[vx, vy, omega]", zeros, b->v0));
  return load_lock(ld, obj, path, b->lock);
}

static cs_status load_bodies(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *list;
  char path[PATH_LEN];
  TRY(get_array(ld, root, "bodies", "an array of bodies", 1, &list));
  int n = cJSON_GetArraySize(list), i = 0, grounds = 0;
  m->bodies = calloc(n ? (size_t)n : 1, sizeof *m->bodies);
  if (!m->bodies)
    return out_of_memory(ld);
  for (const cJSON *e = list->child; e; e = e->next, i++) {
    element(path, "/bodies", i);
    TRY(load_body(ld, e, path));
    grounds += m->bodies[i].ground;
  }
  if (grounds == 0)
    return fail(ld, "/bodies", "no ground body, expected at least one with \"ground\": true");
  if (grounds == n)
    return fail(ld, "/bodies", "no moving body, expected at least one body with a mass");
  return CS_OK;
}

/* ---------------------------------------------------------------- joints ----------------- */

static const char shared_namespace[] = " (joints and drivers share one namespace)";

/* indexed by cs_joint_kind */
static const char *const joint_types[] = {"revolute", "prismatic", "fixed", NULL};
static const char *const revolute_keys[] = {"name",  "type",   "body1", "body2",
                                            "point1", "point2", NULL};
static const char *const prismatic_keys[] = {"name",   "type", "body1", "body2", "point1",
                                             "point2", "axis", "angle", NULL};
static const char *const fixed_keys[] = {"name",   "type",   "body1", "body2",
                                         "point1", "point2", "angle", NULL};
static const char *const *const joint_keys[] = {revolute_keys, prismatic_keys, fixed_keys};

static cs_status load_joint(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_joint *j = &m->joints[m->njoint];
  char what[48];
  int kind;
  TRY(expect_object(ld, obj, path));
  TRY(get_choice(ld, obj, path, "type", joint_types, -1, &kind));
  j->kind = (cs_joint_kind)kind;
  snprintf(what, sizeof what, " for a %s joint", joint_types[kind]);
  TRY(check_keys(ld, obj, path, joint_keys[kind], what));
  TRY(claim_name(ld, obj, path, &j->name, m->joints, sizeof *j, &m->njoint, shared_namespace));
  TRY(get_body_pair(ld, obj, path, j->body));
  TRY(get_vector(ld, obj, path, "point1", 2, "[x, y]", zeros, j->point[0]));
  TRY(get_vector(ld, obj, path, "point2", 2, "[x, y]", zeros, j->point[1]));
  if (j->kind == CS_JOINT_PRISMATIC)
    TRY(get_axis(ld, obj, path, "axis", j->axis));
  if (j->kind == CS_JOINT_REVOLUTE)
    return CS_OK;
  /* without "angle" the joint holds the relative angle the initial poses give */
  double held = m->bodies[j->body[1]].q0[2] - m->bodies[j->body[0]].q0[2];
  return get_number(ld, obj, path, "angle", ANY, held, &j->angle);
}

/* ---------------------------------------------------------------- drivers ---------------- */

static const char *const driver_types[] = {"angle", "translation", NULL};
static const char *const angle_keys[] = {"name", "type", "body", "joint", "motion", NULL};
static const char *const translation_keys[] = {"name",   "type", "body",  "joint",
                                               "motion", "axis", "point", NULL};
/* in the order of cs_motion's members */
static const char *const motion_keys[] = {"initial",   "velocity",  "acceleration",
                                          "amplitude", "frequency", "phase", NULL};

static cs_status load_motion(const loader *ld, const cJSON *obj, const char *path,
                             cs_motion *motion)
{
  char kp[PATH_LEN];
  double *coef[] = {&motion->initial,   &motion->velocity,  &motion->acceleration,
                    &motion->amplitude, &motion->frequency, &motion->phase};
  const cJSON *v = member(obj, "motion");
  child(kp, path, "motion");
  if (!v)
    return fail(ld, kp, "missing, expected an object with any of: initial, velocity, "
                "acceleration, amplitude, frequency, phase");
  TRY(expect_object(ld, v, kp));
  TRY(check_keys(ld, v, kp, motion_keys, ""));
  for (int i = 0; motion_keys[i]; i++)
    TRY(get_number(ld, v, kp, motion_keys[i], ANY, 0.0, coef[i]));
  return CS_OK;
}

/* A driver on an ideal joint (the first nideal of model->joints) takes the joint's bodies,
 * points and axis: angle drivers turn revolute joints, translation drivers slide prismatic
 * ones (driving another kind contradicts the joint's own rows). */
static cs_status drive_joint(const loader *ld, const cJSON *obj, const char *path, int nideal,
                             cs_joint *j)
{
  const cs_model *m = ld->model;
  char kp[PATH_LEN], list[512];
  const char *name;
  TRY(get_text(ld, obj, path, "joint", "a joint name", 1, &name));
  child(kp, path, "joint");
  int k = find_name(m->joints, sizeof *m->joints, nideal, name);
  if (k < 0) {
    list_names(m->joints, sizeof *m->joints, nideal, list, sizeof list);
    return fail(ld, kp, "no joint named \"%.64s\" (joints: %s)", name, list);
  }
  const cs_joint *t = &m->joints[k];
  int angle = j->kind == CS_DRIVER_ANGLE;
  cs_joint_kind need = angle ? CS_JOINT_REVOLUTE : CS_JOINT_PRISMATIC;
  if (t->kind != need)
    return fail(ld, kp, "joint \"%s\" is a %s joint, expected a %s joint for %s driver", t->name,
                cs_joint_kind_name(t->kind), cs_joint_kind_name(need),
                angle ? "an angle" : "a translation");
  const char *extra = member(obj, "axis") ? "axis" : member(obj, "point") ? "point" : NULL;
  if (extra) {
    child(kp, path, extra);
    return fail(ld, kp, "not allowed with \"joint\": the driver uses the joint's axis and points");
  }
  memcpy(j->body, t->body, sizeof j->body);
  memcpy(j->point, t->point, sizeof j->point);
  memcpy(j->axis, t->axis, sizeof j->axis);
  return CS_OK;
}

/* A driver on a body acts relative to the first ground body: θ_body for an angle driver; for a
 * translation driver, the body's "point" along "axis" (both in the ground's frame, which is the
 * world frame when the ground's pose is zero), measured from the ground's origin. */
static cs_status drive_body(const loader *ld, const cJSON *obj, const char *path, cs_joint *j)
{
  const cs_model *m = ld->model;
  int ground = 0;
  while (!m->bodies[ground].ground)
    ground++;
  j->body[0] = ground;
  TRY(get_moving_body(ld, obj, path, "body", &j->body[1]));
  if (j->kind == CS_DRIVER_ANGLE)
    return CS_OK;
  TRY(get_axis(ld, obj, path, "axis", j->axis));
  return get_vector(ld, obj, path, "point", 2, "[x, y]", zeros, j->point[1]);
}

static cs_status load_driver(loader *ld, const cJSON *obj, const char *path, int nideal)
{
  cs_model *m = ld->model;
  cs_joint *j = &m->joints[m->njoint];
  int type;
  TRY(expect_object(ld, obj, path));
  TRY(get_choice(ld, obj, path, "type", driver_types, -1, &type));
  j->kind = type == 0 ? CS_DRIVER_ANGLE : CS_DRIVER_TRANSLATION;
  TRY(check_keys(ld, obj, path, type == 0 ? angle_keys : translation_keys,
                 type == 0 ? " for an angle driver" : " for a translation driver"));
  TRY(claim_name(ld, obj, path, &j->name, m->joints, sizeof *j, &m->njoint, shared_namespace));
  const cJSON *body = member(obj, "body"), *joint = member(obj, "joint");
  if (body && joint)
    return fail(ld, path, "expected either \"body\" or \"joint\", not both");
  if (!body && !joint)
    return fail(ld, path, "missing \"body\" or \"joint\", expected what the driver drives");
  TRY(joint ? drive_joint(ld, obj, path, nideal, j) : drive_body(ld, obj, path, j));
  return load_motion(ld, obj, path, &j->motion);
}

/* Ideal joints first, then drivers, each in file order (cs_model.h). */
static cs_status load_joints(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *joints, *drivers;
  char path[PATH_LEN];
  TRY(get_array(ld, root, "joints", "an array of joints", 0, &joints));
  TRY(get_array(ld, root, "drivers", "an array of drivers", 0, &drivers));
  int nj = cJSON_GetArraySize(joints), nd = cJSON_GetArraySize(drivers), i = 0;
  m->joints = calloc((size_t)(nj + nd) + 1, sizeof *m->joints);
  if (!m->joints)
    return out_of_memory(ld);
  for (const cJSON *e = joints ? joints->child : NULL; e; e = e->next, i++) {
    element(path, "/joints", i);
    TRY(load_joint(ld, e, path));
  }
  i = 0;
  for (const cJSON *e = drivers ? drivers->child : NULL; e; e = e->next, i++) {
    element(path, "/drivers", i);
    TRY(load_driver(ld, e, path, nj));
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- forces ----------------- */

/* indexed by cs_force_kind */
static const char *const force_types[] = {"spring", "torsion_spring", "force", "torque", NULL};
static const char *const spring_keys[] = {"name",      "type",    "body1",       "body2",
                                          "point1",    "point2",  "stiffness",   "damping",
                                          "free_length", "force", NULL};
static const char *const torsion_keys[] = {"name",      "type",    "body1",      "body2",
                                           "stiffness", "damping", "free_angle", "torque",
                                           NULL};
static const char *const point_force_keys[] = {"name",  "type",  "body", "point",
                                               "force", "frame", NULL};
static const char *const torque_keys[] = {"name", "type", "body", "torque", NULL};
static const char *const *const force_keys[] = {spring_keys, torsion_keys, point_force_keys,
                                                torque_keys};
static const char *const force_frames[] = {"world", "body", NULL};

/* Spring-damper-actuators: translational between two points, or rotational. */
static cs_status load_spring(const loader *ld, const cJSON *obj, const char *path, cs_force *f)
{
  int spring = f->kind == CS_FORCE_SPRING;
  TRY(get_body_pair(ld, obj, path, f->body));
  if (spring) {
    TRY(get_vector(ld, obj, path, "point1", 2, "[x, y]", zeros, f->point[0]));
    TRY(get_vector(ld, obj, path, "point2", 2, "[x, y]", zeros, f->point[1]));
  }
  TRY(get_number(ld, obj, path, "stiffness", NONNEG, 0.0, &f->stiffness));
  TRY(get_number(ld, obj, path, "damping", NONNEG, 0.0, &f->damping));
  if (spring)
    TRY(get_number(ld, obj, path, "free_length", NONNEG, 0.0, &f->free_length));
  else
    TRY(get_number(ld, obj, path, "free_angle", ANY, 0.0, &f->free_length));
  return get_number(ld, obj, path, spring ? "force" : "torque", ANY, 0.0, &f->actuation);
}

/* Applied loads: a constant force at a point, or a constant torque, on one moving body. */
static cs_status load_load(const loader *ld, const cJSON *obj, const char *path, cs_force *f)
{
  f->body[1] = -1;
  TRY(get_moving_body(ld, obj, path, "body", &f->body[0]));
  if (f->kind == CS_FORCE_TORQUE)
    return get_number(ld, obj, path, "torque", ANY, REQUIRED, &f->torque);
  TRY(get_vector(ld, obj, path, "point", 2, "[x, y]", zeros, f->point[0]));
  TRY(get_vector(ld, obj, path, "force", 2, "[fx, fy]", NULL, f->force));
  return get_choice(ld, obj, path, "frame", force_frames, 0, &f->body_frame);
}

static cs_status load_force(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_force *f = &m->forces[m->nforce];
  char what[48];
  int kind;
  TRY(expect_object(ld, obj, path));
  TRY(get_choice(ld, obj, path, "type", force_types, -1, &kind));
  f->kind = (cs_force_kind)kind;
  snprintf(what, sizeof what, " for a %s", force_types[kind]);
  TRY(check_keys(ld, obj, path, force_keys[kind], what));
  TRY(claim_name(ld, obj, path, &f->name, m->forces, sizeof *f, &m->nforce, ""));
  if (f->kind == CS_FORCE_SPRING || f->kind == CS_FORCE_TORSION)
    return load_spring(ld, obj, path, f);
  return load_load(ld, obj, path, f);
}

static cs_status load_forces(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *list;
  char path[PATH_LEN];
  TRY(get_array(ld, root, "forces", "an array of force elements", 0, &list));
  int n = cJSON_GetArraySize(list), i = 0;
  m->forces = calloc((size_t)n + 1, sizeof *m->forces);
  if (!m->forces)
    return out_of_memory(ld);
  for (const cJSON *e = list ? list->child : NULL; e; e = e->next, i++) {
    element(path, "/forces", i);
    TRY(load_force(ld, e, path));
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- settings --------------- */

static const char *const solver_keys[] = {"formulation", "t_end",        "rtol",      "atol",
                                          "max_step",    "initial_step", "max_steps", NULL};
/* indexed by cs_formulation */
static const char *const formulations[] = {"index3", "ggl", NULL};
static const char *const output_keys[] = {"file", "interval", NULL};

/* A count ≥ 1 (a JSON number that is a whole number). */
static cs_status get_count(const loader *ld, const cJSON *obj, const char *path,
                           const char *key, long *out)
{
  char kp[PATH_LEN], got[96];
  const cJSON *v = member(obj, key);
  if (!v)
    return CS_OK;
  child(kp, path, key);
  double x = cJSON_IsNumber(v) ? v->valuedouble : 0;
  if (!(x >= 1 && x <= 1e15 && x == floor(x)))
    return fail(ld, kp, "expected a whole number >= 1, got %s", describe(v, got, sizeof got));
  *out = (long)x;
  return CS_OK;
}

static cs_status load_solver(const loader *ld, const cJSON *root)
{
  cs_solver_settings *s = &ld->model->solver;
  const cJSON *v = member(root, "solver");
  int formulation = (int)s->formulation;
  if (!v)
    return CS_OK;
  TRY(expect_object(ld, v, "/solver"));
  TRY(check_keys(ld, v, "/solver", solver_keys, ""));
  TRY(get_choice(ld, v, "/solver", "formulation", formulations, formulation, &formulation));
  s->formulation = (cs_formulation)formulation;
  TRY(get_number(ld, v, "/solver", "t_end", POSITIVE, s->t_end, &s->t_end));
  TRY(get_number(ld, v, "/solver", "rtol", POSITIVE, s->rtol, &s->rtol));
  TRY(get_number(ld, v, "/solver", "atol", POSITIVE, s->atol, &s->atol));
  TRY(get_number(ld, v, "/solver", "max_step", NONNEG, s->max_step, &s->max_step));
  TRY(get_number(ld, v, "/solver", "initial_step", NONNEG, s->initial_step, &s->initial_step));
  return get_count(ld, v, "/solver", "max_steps", &s->max_steps);
}

static cs_status load_output(const loader *ld, const cJSON *root)
{
  cs_output_settings *o = &ld->model->output;
  const cJSON *v = member(root, "output");
  const char *file = NULL;
  if (v) {
    TRY(expect_object(ld, v, "/output"));
    TRY(check_keys(ld, v, "/output", output_keys, ""));
    TRY(get_text(ld, v, "/output", "file", "a file name (a string)", 0, &file));
    TRY(get_number(ld, v, "/output", "interval", POSITIVE, o->interval, &o->interval));
  }
  o->file = dup_text(file ? file : "");
  return o->file ? CS_OK : out_of_memory(ld);
}

/* ---------------------------------------------------------------- the model -------------- */

static const char *const model_keys[] = {"name",   "description", "gravity",
                                         "bodies", "joints",      "drivers",
                                         "forces", "solver",      "output", NULL};

static cs_status load_root(loader *ld, const cJSON *root, const char *text)
{
  cs_model *m = ld->model;
  const char *description;
  m->origin = dup_text(ld->origin);
  m->json = dup_text(text);
  if (!m->origin || !m->json)
    return out_of_memory(ld);
  TRY(expect_object(ld, root, ""));
  TRY(check_keys(ld, root, "", model_keys, ""));
  TRY(get_name(ld, root, "", &m->name));
  TRY(get_text(ld, root, "", "description", "a string", 0, &description));
  m->description = dup_text(description ? description : "");
  if (!m->description)
    return out_of_memory(ld);
  TRY(get_vector(ld, root, "", "gravity", 2, "[gx, gy]", zeros, m->gravity));
  TRY(load_bodies(ld, root));
  TRY(load_joints(ld, root));
  TRY(load_forces(ld, root));
  TRY(load_solver(ld, root));
  TRY(load_output(ld, root));
  cs_model_index(m);
  return CS_OK;
}

/* ---------------------------------------------------------------- parsing ---------------- */

/* Parse text[0 … len) (NUL-terminated at len). A syntax error is reported by line and column
 * (1-based, columns in bytes) of the position cJSON stopped at. The position comes from
 * cJSON's return_parse_end rather than cJSON_GetErrorPtr, which is global state. */
static cs_status parse(const loader *ld, const char *text, size_t len, cJSON **root)
{
  /* editors may start UTF-8 files with a byte-order mark, which cJSON does not skip */
  size_t skip = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  const char *nul = memchr(text, '\0', len);
  const char *end = NULL;
  *root = nul ? NULL : cJSON_ParseWithLengthOpts(text + skip, len - skip + 1, &end, 1);
  if (*root)
    return CS_OK;
  size_t at = nul ? (size_t)(nul - text) : end ? (size_t)(end - text) : skip;
  size_t line = 1, start = 0;
  for (size_t i = 0; i < at && i < len; i++)
    if (text[i] == '\n') {
      line++;
      start = i + 1;
    }
  return cs_fail(ld->err, CS_ERR_INPUT, "%s: line %zu column %zu: not valid JSON%s", ld->origin,
                 line, at - start + 1,
                 nul ? " (a NUL byte)" : at >= len ? " (unexpected end of input)" : "");
}

static cs_status load_text(const char *text, size_t len, const char *origin, cs_model **out,
                           cs_error *err)
{
  loader ld = {origin, err, NULL};
  cJSON *root = NULL;
  cs_status status = parse(&ld, text, len, &root);
  if (status == CS_OK) {
    ld.model = cs_model_alloc();
    status = ld.model ? load_root(&ld, root, text) : out_of_memory(&ld);
  }
  cJSON_Delete(root);
  if (status != CS_OK) {
    cs_model_free(ld.model);
    return status;
  }
  cs_error_clear(err);
  *out = ld.model;
  return CS_OK;
}

/* The whole file, NUL-terminated; *len excludes the terminator. */
static cs_status read_file(const char *path, char **text, size_t *len, cs_error *err)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return cs_fail(err, CS_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - 1 - n, f);
    if (n < cap - 1)
      break; /* end of file or an error, told apart by ferror */
    char *grown = realloc(buf, 2 * cap);
    if (!grown)
      free(buf);
    buf = grown;
    cap *= 2;
  }
  int failed = ferror(f), error = errno;
  fclose(f);
  if (!buf)
    return cs_fail(err, CS_ERR_MEMORY, "%s: out of memory reading the file", path);
  if (failed) {
    free(buf);
    return cs_fail(err, CS_ERR_IO, "%s: cannot read: %s", path, strerror(error));
  }
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return CS_OK;
}

/* `registry` will resolve the contact blocks of clearance joints; ideal models do not use it. */
cs_status cs_model_load_file(const char *path, const cs_registry *registry, cs_model **model,
                             cs_error *err)
{
  (void)registry;
  char *text = NULL;
  size_t len = 0;
  if (!model || !path)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_load_file: %s is NULL",
                   model ? "path" : "model");
  *model = NULL;
  TRY(read_file(path, &text, &len, err));
  cs_status status = load_text(text, len, path, model, err);
  free(text);
  return status;
}

cs_status cs_model_load_string(const char *json, const char *origin, const cs_registry *registry,
                               cs_model **model, cs_error *err)
{
  (void)registry;
  if (!model || !json)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_load_string: %s is NULL",
                   model ? "json" : "model");
  *model = NULL;
  return load_text(json, strlen(json), origin ? origin : "<string>", model, err);
}
