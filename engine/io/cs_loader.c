/*
 * cs_loader.c — JSON model file → cs_model (engine/README.md "Architecture and data flow": the loader is the only code
 * that reads cJSON). The format is specified in models/README.md; keep the two in step.
 *
 * Every failure names the origin, a JSON-pointer path and what was expected (the shared
 * getters of cs_json.h). On failure nothing is kept: the partly built model is freed.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"
#include "cs_clearance.h"

/* Names → record index, hashed: a model of 10^5 bodies loads in linear time (a scan per lookup
 * was quadratic: 40,000 bodies took tens of seconds). Slots hold index + 1, 0 when empty. */
typedef struct name_index {
  int *slot;
  size_t cap; /* a power of two, at least twice the count */
  int count;
} name_index;

typedef struct loader {
  cs_json *js;
  cs_model *model;
  cs_clearance_start start; /* the model's "clearance_start": its clearance joints' default */
  name_index bodies, joints, clearances, forces; /* joints: and drivers, one namespace */
} loader;

/* ---------------------------------------------------------------- named records ---------- */

/* Bodies, joints and forces are looked up by name through one helper: each struct starts with
 * its name, which these assertions pin down. */
_Static_assert(offsetof(cs_body, name) == 0, "cs_body.name must come first");
_Static_assert(offsetof(cs_joint, name) == 0, "cs_joint.name must come first");
_Static_assert(offsetof(cs_force, name) == 0, "cs_force.name must come first");
_Static_assert(offsetof(cs_clearance, name) == 0, "cs_clearance.name must come first");

static const char *name_at(const void *array, size_t stride, int i)
{
  return *(char *const *)((const char *)array + (size_t)i * stride);
}

static size_t name_hash(const char *s) /* FNV-1a */
{
  size_t h = 1469598103934665603u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

/* The slot holding name, or the empty slot where it would go. */
static size_t name_slot(const name_index *x, const void *array, size_t stride, const char *name)
{
  size_t k = name_hash(name) & (x->cap - 1);
  while (x->slot[k] && strcmp(name_at(array, stride, x->slot[k] - 1), name) != 0)
    k = (k + 1) & (x->cap - 1);
  return k;
}

/* The index of the record called name among those indexed, or −1. */
static int find_name(const name_index *x, const void *array, size_t stride, const char *name)
{
  return x->cap ? x->slot[name_slot(x, array, stride, name)] - 1 : -1;
}

/* Index record i (its name not yet indexed); 0, or −1 when out of memory. */
static int index_name(name_index *x, const void *array, size_t stride, int i)
{
  if (2 * ((size_t)x->count + 1) > x->cap) {
    name_index grown = {calloc(x->cap ? 2 * x->cap : 16, sizeof *x->slot),
                        x->cap ? 2 * x->cap : 16, x->count};
    if (!grown.slot)
      return -1;
    for (size_t k = 0; k < x->cap; k++)
      if (x->slot[k])
        grown.slot[name_slot(&grown, array, stride, name_at(array, stride, x->slot[k] - 1))] =
            x->slot[k];
    free(x->slot);
    *x = grown;
  }
  x->slot[name_slot(x, array, stride, name_at(array, stride, i))] = i + 1;
  x->count++;
  return 0;
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
    cs_json_join(names, k, buf, size);
}

/* Read obj's name into *slot (element *n of array) and count it in *n at once, so that
 * cs_model_free frees it whatever fails next. Names are unique among the first *n records;
 * `note` explains a shared namespace, or is "". */
static cs_status claim_name(const loader *ld, const cJSON *obj, const char *path, char **slot,
                            const void *array, size_t stride, int *n, name_index *x,
                            const char *note)
{
  char kp[CS_JSON_PATH];
  CS_TRY(cs_json_name(ld->js, obj, path, slot));
  (*n)++;
  if (find_name(x, array, stride, *slot) >= 0) {
    cs_json_child(kp, path, "name");
    return cs_json_fail(ld->js, kp, "duplicate name \"%.64s\"%s", *slot, note);
  }
  return index_name(x, array, stride, *n - 1) ? cs_json_out_of_memory(ld->js) : CS_OK;
}

/* A record whose "type", one of `types`, picks the keys it may have (keys[*kind]); messages
 * name them " for a <type><what>". */
static cs_status typed_record(const loader *ld, const cJSON *obj, const char *path,
                              const char *const *types, const char *const *const *keys,
                              const char *what, int *kind)
{
  char whose[48];
  CS_TRY(cs_json_object(ld->js, obj, path));
  CS_TRY(cs_json_choice(ld->js, obj, path, "type", types, -1, kind));
  snprintf(whose, sizeof whose, " for a %s%s", types[*kind], what);
  return cs_json_keys(ld->js, obj, path, keys[*kind], whose);
}

static cs_status get_body(const loader *ld, const cJSON *obj, const char *path,
                          const char *key, int *out)
{
  const cs_model *m = ld->model;
  char kp[CS_JSON_PATH], list[512];
  const char *name;
  CS_TRY(cs_json_text(ld->js, obj, path, key, "a body name", 1, &name));
  *out = find_name(&ld->bodies, m->bodies, sizeof *m->bodies, name);
  if (*out >= 0)
    return CS_OK;
  cs_json_child(kp, path, key);
  list_names(m->bodies, sizeof *m->bodies, m->nbody, list, sizeof list);
  return cs_json_fail(ld->js, kp, "no body named \"%.64s\" (bodies: %s)", name, list);
}

/* Forces and torques act on, and body drivers drive, a moving body. */
static cs_status get_moving_body(const loader *ld, const cJSON *obj, const char *path,
                                 const char *key, int *out)
{
  char kp[CS_JSON_PATH];
  CS_TRY(get_body(ld, obj, path, key, out));
  if (!ld->model->bodies[*out].ground)
    return CS_OK;
  cs_json_child(kp, path, key);
  return cs_json_fail(ld->js, kp, "\"%s\" is a ground body, expected a moving body",
              ld->model->bodies[*out].name);
}

/* body1 and body2 of a joint or a two-body force element. */
static cs_status get_body_pair(const loader *ld, const cJSON *obj, const char *path,
                               int body[2])
{
  const cs_body *b = ld->model->bodies;
  char kp[CS_JSON_PATH];
  CS_TRY(get_body(ld, obj, path, "body1", &body[0]));
  CS_TRY(get_body(ld, obj, path, "body2", &body[1]));
  if (body[0] == body[1]) {
    cs_json_child(kp, path, "body2");
    return cs_json_fail(ld->js, kp, "\"%s\" is also body1, expected two different bodies", b[body[1]].name);
  }
  if (b[body[0]].ground && b[body[1]].ground)
    return cs_json_fail(ld->js, path, "body1 \"%s\" and body2 \"%s\" are both ground, expected at least one "
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
  char kp[CS_JSON_PATH], ep[CS_JSON_PATH], got[96];
  const cJSON *v = cs_json_member(obj, "lock");
  if (!v)
    return CS_OK;
  cs_json_child(kp, path, "lock");
  if (!cJSON_IsArray(v))
    return cs_json_fail(ld->js, kp, "expected an array of coordinate names (\"x\", \"y\", \"theta\"), got %s",
                cs_json_describe(v, got, sizeof got));
  int i = 0, c;
  for (const cJSON *e = v->child; e; e = e->next, i++) {
    cs_json_element(ep, kp, i);
    CS_TRY(cs_json_choice_value(ld->js, e, ep, coord_names, &c));
    if (lock[c])
      return cs_json_fail(ld->js, ep, "\"%s\" is listed twice", coord_names[c]);
    lock[c] = 1;
  }
  return CS_OK;
}

static cs_status load_body(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_body *b = &m->bodies[m->nbody];
  CS_TRY(cs_json_object(ld->js, obj, path));
  CS_TRY(cs_json_bool(ld->js, obj, path, "ground", 0, &b->ground));
  CS_TRY(cs_json_keys(ld->js, obj, path, b->ground ? ground_keys : moving_keys,
                 b->ground ? " for a ground body" : ""));
  CS_TRY(claim_name(ld, obj, path, &b->name, m->bodies, sizeof *b, &m->nbody, &ld->bodies,
                    ""));
  CS_TRY(cs_json_vector(ld->js, obj, path, "position", 3, "[x, y, theta]", zeros, b->q0));
  if (b->ground)
    return CS_OK;
  if (!cs_json_member(obj, "mass")) { /* a forgotten "ground": true reads the same way */
    char kp[CS_JSON_PATH];
    cs_json_child(kp, path, "mass");
    return cs_json_fail(ld->js, kp, "missing, expected a number > 0 (or \"ground\": true for a fixed body)");
  }
  CS_TRY(cs_json_number(ld->js, obj, path, "mass", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &b->mass));
  CS_TRY(cs_json_number(ld->js, obj, path, "inertia", CS_JSON_NONNEG, 0.0, &b->inertia));
  CS_TRY(cs_json_vector(ld->js, obj, path, "velocity", 3, "[vx, vy, omega]", zeros, b->v0));
  b->v0_written = cs_json_member(obj, "velocity") != NULL;
  return load_lock(ld, obj, path, b->lock);
}

static cs_status load_bodies(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *list;
  char path[CS_JSON_PATH];
  CS_TRY(cs_json_array(ld->js, root, "", "bodies", "an array of bodies", 1, &list));
  int n = cJSON_GetArraySize(list), i = 0, grounds = 0;
  m->bodies = calloc(n ? (size_t)n : 1, sizeof *m->bodies);
  if (!m->bodies)
    return cs_json_out_of_memory(ld->js);
  for (const cJSON *e = list->child; e; e = e->next, i++) {
    cs_json_element(path, "/bodies", i);
    CS_TRY(load_body(ld, e, path));
    grounds += m->bodies[i].ground;
  }
  if (grounds == 0)
    return cs_json_fail(ld->js, "/bodies", "no ground body, expected at least one with \"ground\": true");
  if (grounds == n)
    return cs_json_fail(ld->js, "/bodies", "no moving body, expected at least one body with a mass");
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
  int kind;
  CS_TRY(typed_record(ld, obj, path, joint_types, joint_keys, " joint", &kind));
  j->kind = (cs_joint_kind)kind;
  CS_TRY(claim_name(ld, obj, path, &j->name, m->joints, sizeof *j, &m->njoint, &ld->joints,
                    shared_namespace));
  CS_TRY(get_body_pair(ld, obj, path, j->body));
  CS_TRY(cs_json_vector(ld->js, obj, path, "point1", 2, "[x, y]", zeros, j->point[0]));
  CS_TRY(cs_json_vector(ld->js, obj, path, "point2", 2, "[x, y]", zeros, j->point[1]));
  if (j->kind == CS_JOINT_PRISMATIC)
    CS_TRY(cs_json_axis(ld->js, obj, path, "axis", j->axis));
  if (j->kind == CS_JOINT_REVOLUTE)
    return CS_OK;
  /* without "angle" the joint holds the relative angle the initial poses give */
  double held = m->bodies[j->body[1]].q0[2] - m->bodies[j->body[0]].q0[2];
  return cs_json_number(ld->js, obj, path, "angle", CS_JSON_ANY, held, &j->angle);
}

/* ---------------------------------------------------------------- drivers ---------------- */

static const char *const driver_types[] = {"angle", "translation", NULL};
static const char *const angle_keys[] = {"name", "type", "body", "joint", "motion", NULL};
static const char *const translation_keys[] = {"name",   "type", "body",  "joint",
                                               "motion", "axis", "point", NULL};
/* in the order of cs_motion's members */
static const char *const motion_keys[] = {"initial",   "velocity",  "acceleration",
                                          "amplitude", "frequency", "phase", NULL};
/* and, for an angle driver, its rate in revolutions per minute instead of velocity */
static const char *const angle_motion_keys[] = {"initial",   "velocity",  "acceleration",
                                                "amplitude", "frequency", "phase",
                                                "rpm",       NULL};

/* An angle driver's "rpm": the rate engineers give a crank, for "velocity" (rad/s). */
static cs_status motion_rpm(const loader *ld, const cJSON *v, const char *kp, cs_motion *motion)
{
  char rp[CS_JSON_PATH];
  if (!cs_json_member(v, "rpm"))
    return CS_OK;
  cs_json_child(rp, kp, "rpm");
  if (cs_json_member(v, "velocity"))
    return cs_json_fail(ld->js, rp, "give velocity (rad/s) or rpm (r/min), not both");
  double rpm;
  CS_TRY(cs_json_number(ld->js, v, kp, "rpm", CS_JSON_ANY, 0.0, &rpm));
  motion->velocity = rpm * (2.0 * M_PI / 60.0);
  return CS_OK;
}

static cs_status load_motion(const loader *ld, const cJSON *obj, const char *path, int angular,
                             cs_motion *motion)
{
  char kp[CS_JSON_PATH];
  double *coef[] = {&motion->initial,   &motion->velocity,  &motion->acceleration,
                    &motion->amplitude, &motion->frequency, &motion->phase};
  const cJSON *v = cs_json_member(obj, "motion");
  cs_json_child(kp, path, "motion");
  if (!v)
    return cs_json_fail(ld->js, kp, "missing, expected an object with any of: initial, velocity, "
                "acceleration, amplitude, frequency, phase%s", angular ? ", rpm" : "");
  CS_TRY(cs_json_object(ld->js, v, kp));
  CS_TRY(cs_json_keys(ld->js, v, kp, angular ? angle_motion_keys : motion_keys,
                      angular ? " for an angle driver's motion" : ""));
  for (int i = 0; motion_keys[i]; i++)
    CS_TRY(cs_json_number(ld->js, v, kp, motion_keys[i], CS_JSON_ANY, 0.0, coef[i]));
  return angular ? motion_rpm(ld, v, kp, motion) : CS_OK;
}

/* A driver on an ideal joint (the first nideal of model->joints) takes the joint's bodies,
 * points and axis: angle drivers turn revolute joints, translation drivers slide prismatic
 * ones (driving another kind contradicts the joint's own rows). */
static cs_status drive_joint(const loader *ld, const cJSON *obj, const char *path, int nideal,
                             cs_joint *j)
{
  const cs_model *m = ld->model;
  char kp[CS_JSON_PATH], list[512];
  const char *name;
  CS_TRY(cs_json_text(ld->js, obj, path, "joint", "a joint name", 1, &name));
  cs_json_child(kp, path, "joint");
  int k = find_name(&ld->joints, m->joints, sizeof *m->joints, name);
  if (k < 0 || k >= nideal) { /* (drivers share the namespace, but are not joints) */
    list_names(m->joints, sizeof *m->joints, nideal, list, sizeof list);
    return cs_json_fail(ld->js, kp, "no joint named \"%.64s\" (joints: %s)", name, list);
  }
  const cs_joint *t = &m->joints[k];
  int angle = j->kind == CS_DRIVER_ANGLE;
  cs_joint_kind need = angle ? CS_JOINT_REVOLUTE : CS_JOINT_PRISMATIC;
  if (t->kind != need)
    return cs_json_fail(ld->js, kp, "joint \"%s\" is a %s joint, expected a %s joint for %s driver", t->name,
                cs_joint_kind_name(t->kind), cs_joint_kind_name(need),
                angle ? "an angle" : "a translation");
  const char *extra = cs_json_member(obj, "axis") ? "axis" : cs_json_member(obj, "point") ? "point" : NULL;
  if (extra) {
    cs_json_child(kp, path, extra);
    return cs_json_fail(ld->js, kp, "not allowed with \"joint\": the driver uses the joint's axis and points");
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
  CS_TRY(get_moving_body(ld, obj, path, "body", &j->body[1]));
  if (j->kind == CS_DRIVER_ANGLE)
    return CS_OK;
  CS_TRY(cs_json_axis(ld->js, obj, path, "axis", j->axis));
  return cs_json_vector(ld->js, obj, path, "point", 2, "[x, y]", zeros, j->point[1]);
}

static cs_status load_driver(loader *ld, const cJSON *obj, const char *path, int nideal)
{
  cs_model *m = ld->model;
  cs_joint *j = &m->joints[m->njoint];
  int type;
  CS_TRY(cs_json_object(ld->js, obj, path));
  CS_TRY(cs_json_choice(ld->js, obj, path, "type", driver_types, -1, &type));
  j->kind = type == 0 ? CS_DRIVER_ANGLE : CS_DRIVER_TRANSLATION;
  CS_TRY(cs_json_keys(ld->js, obj, path, type == 0 ? angle_keys : translation_keys,
                 type == 0 ? " for an angle driver" : " for a translation driver"));
  CS_TRY(claim_name(ld, obj, path, &j->name, m->joints, sizeof *j, &m->njoint, &ld->joints,
                    shared_namespace));
  const cJSON *body = cs_json_member(obj, "body"), *joint = cs_json_member(obj, "joint");
  if (body && joint)
    return cs_json_fail(ld->js, path, "expected either \"body\" or \"joint\", not both");
  if (!body && !joint)
    return cs_json_fail(ld->js, path, "missing \"body\" or \"joint\", expected what the driver drives");
  CS_TRY(joint ? drive_joint(ld, obj, path, nideal, j) : drive_body(ld, obj, path, j));
  return load_motion(ld, obj, path, j->kind == CS_DRIVER_ANGLE, &j->motion);
}

/* Ideal joints first, then drivers, each in file order (cs_model.h). */
static cs_status load_joints(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *joints, *drivers;
  char path[CS_JSON_PATH];
  CS_TRY(cs_json_array(ld->js, root, "", "joints", "an array of joints", 0, &joints));
  CS_TRY(cs_json_array(ld->js, root, "", "drivers", "an array of drivers", 0, &drivers));
  int nj = cJSON_GetArraySize(joints), nd = cJSON_GetArraySize(drivers), i = 0;
  m->joints = calloc((size_t)(nj + nd) + 1, sizeof *m->joints);
  if (!m->joints)
    return cs_json_out_of_memory(ld->js);
  for (const cJSON *e = joints ? joints->child : NULL; e; e = e->next, i++) {
    cs_json_element(path, "/joints", i);
    CS_TRY(load_joint(ld, e, path));
  }
  i = 0;
  for (const cJSON *e = drivers ? drivers->child : NULL; e; e = e->next, i++) {
    cs_json_element(path, "/drivers", i);
    CS_TRY(load_driver(ld, e, path, nj));
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- clearance joints ------- */

/* indexed by cs_clearance_kind */
static const char *const clearance_types[] = {"revolute", "spherical", "slot", "curved_slot",
                                              "translational", "profile", "gear", NULL};
#define CLEARANCE_COMMON "name", "type", "body1", "body2", "point1", "point2", "pin_radius", \
                         "materials", "contact", "regions", "min_impact_velocity", "start"
static const char *const revolute_clearance_keys[] = {CLEARANCE_COMMON, "hole_radius", "clearance",
                                                      "length", "lubrication", "wear", NULL};
static const char *const spherical_clearance_keys[] = {CLEARANCE_COMMON, "hole_radius", "clearance",
                                                       NULL};
static const char *const slot_keys[] = {CLEARANCE_COMMON, "length", "axis", "half_length",
                                        "half_width", "wear", NULL};
static const char *const curved_slot_keys[] = {CLEARANCE_COMMON, "length", "axis",
                                               "mean_radius", "half_angle", "half_width",
                                               "wear", NULL};
static const char *const translational_keys[] = {"name", "type", "body1", "body2", "point1",
                                                 "point2", "materials", "contact", "regions",
                                                 "min_impact_velocity", "start", "length", "axis",
                                                 "half_length", "half_width", "corner_radius",
                                                 "guide_half_width", NULL};
static const char *const profile_keys[] = {"name", "type", "body1", "body2", "point2",
                                           "pin_radius", "materials", "contact", "regions",
                                           "min_impact_velocity", "start", "length", "profile",
                                           "follower", "clearance", NULL};
static const char *const gear_keys[] = {"name", "type", "body1", "body2", "base_radii", "mesh",
                                        "backlash", "pressure_angle", "length", "materials",
                                        "contact", "regions", "min_impact_velocity", "start",
                                        NULL};
static const char *const *const clearance_keys[] = {revolute_clearance_keys,
                                                    spherical_clearance_keys, slot_keys,
                                                    curved_slot_keys, translational_keys,
                                                    profile_keys, gear_keys};

/* key > floor (a dimension that must exceed another) */
static cs_status exceeds(const loader *ld, const char *path, const char *key, double value,
                         double floor, const char *what)
{
  char kp[CS_JSON_PATH];
  if (value > floor)
    return CS_OK;
  cs_json_child(kp, path, key);
  return cs_json_fail(ld->js, kp, "expected a number > %s (%.6g m), got %.6g", what, floor,
                      value);
}

/* A round hole: its radius, or the radial clearance over the pin's ("clearance", what
 * designers and studies vary: hole_radius = pin_radius + clearance); one of the two. */
static cs_status hole(const loader *ld, const cJSON *obj, const char *path, cs_clearance *c)
{
  const cs_json *js = ld->js;
  char kp[CS_JSON_PATH];
  int radius = cs_json_member(obj, "hole_radius") != NULL;
  if (cs_json_member(obj, "clearance")) {
    cs_json_child(kp, path, "clearance");
    if (radius)
      return cs_json_fail(js, kp, "give hole_radius or clearance (hole_radius − pin_radius), "
                          "not both");
    double gap;
    CS_TRY(cs_json_number(js, obj, path, "clearance", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &gap));
    c->hole_radius = c->pin_radius + gap;
    return CS_OK;
  }
  if (!radius)
    return cs_json_fail(js, path, "missing \"hole_radius\" (the bearing's or socket's radius, m) "
                        "or \"clearance\" (hole_radius − pin_radius, m)");
  CS_TRY(cs_json_number(js, obj, path, "hole_radius", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->hole_radius));
  return exceeds(ld, path, "hole_radius", c->hole_radius, c->pin_radius, "pin_radius");
}

/* The block (half_length × half_width, corners rounded to corner_radius, kept in pin_radius)
 * and its guide (walls at ± guide_half_width). */
static cs_status translational_dimensions(const loader *ld, const cJSON *obj, const char *path,
                                          cs_clearance *c)
{
  const cs_json *js = ld->js;
  CS_TRY(cs_json_number(js, obj, path, "length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->length));
  CS_TRY(cs_json_axis(js, obj, path, "axis", c->axis));
  CS_TRY(cs_json_number(js, obj, path, "corner_radius", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->pin_radius));
  CS_TRY(cs_json_number(js, obj, path, "half_length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->half_length));
  CS_TRY(cs_json_number(js, obj, path, "half_width", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->half_width));
  CS_TRY(cs_json_number(js, obj, path, "guide_half_width", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->guide_half_width));
  /* a corner centre on the block's axis would not know which wall it faces */
  CS_TRY(exceeds(ld, path, "half_length", c->half_length, c->pin_radius, "corner_radius"));
  CS_TRY(exceeds(ld, path, "half_width", c->half_width, c->pin_radius, "corner_radius"));
  return exceeds(ld, path, "guide_half_width", c->guide_half_width, c->half_width, "half_width");
}

/* A profile joint's size, the scale on which contact is told from gap (models/README.md
 * "Profiles"): "clearance" if given; else the least of the narrowest concave bend's R − r,
 * half the follower's play at the start (its centre from the bodies' given positions) between
 * its wall and the one opposite, and 1 % of the wall's bounding radius. */
static cs_status profile_size(const loader *ld, const cJSON *obj, const char *path,
                              cs_clearance *c)
{
  cs_profile *p = c->profile;
  if (cs_json_member(obj, "clearance")) {
    CS_TRY(cs_json_number(ld->js, obj, path, "clearance", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &p->size));
    p->size_rule = CS_PROFILE_SIZE_GIVEN;
    return CS_OK;
  }
  const double *q1 = ld->model->bodies[c->body[0]].q0, *q2 = ld->model->bodies[c->body[1]].q0;
  const double *r = c->point[1];
  double w[2] = {q2[0] + cos(q2[2]) * r[0] - sin(q2[2]) * r[1] - q1[0],
                 q2[1] + sin(q2[2]) * r[0] + cos(q2[2]) * r[1] - q1[1]};
  double x[2] = {cos(q1[2]) * w[0] + sin(q1[2]) * w[1], -sin(q1[2]) * w[0] + cos(q1[2]) * w[1]};
  double half;
  int found = cs_profile_play(p, x, c->pin_radius, &half);
  if (found < 0)
    return cs_json_out_of_memory(ld->js);
  if (found && half < p->size)
    p->size = half, p->size_rule = CS_PROFILE_SIZE_PLAY;
  return CS_OK;
}

static cs_status clearance_dimensions(const loader *ld, const cJSON *obj, const char *path,
                                      cs_clearance *c)
{
  const cs_json *js = ld->js;
  if (c->kind == CS_CLEARANCE_TRANSLATIONAL)
    return translational_dimensions(ld, obj, path, c);
  if (c->kind == CS_CLEARANCE_GEAR) { /* s = 0 at the bodies' initial angles */
    c->angle0[0] = ld->model->bodies[c->body[0]].q0[2];
    c->angle0[1] = ld->model->bodies[c->body[1]].q0[2];
    return cs_json_gear(js, obj, path, c);
  }
  if (c->kind == CS_CLEARANCE_PROFILE && cs_json_member(obj, "follower")) {
    CS_TRY(cs_json_number(js, obj, path, "length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->length));
    return cs_json_follower(js, obj, path, c);
  }
  CS_TRY(cs_json_number(js, obj, path, "pin_radius", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->pin_radius));
  if (c->kind != CS_CLEARANCE_SPHERICAL)
    CS_TRY(cs_json_number(js, obj, path, "length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->length));
  switch (c->kind) {
  case CS_CLEARANCE_REVOLUTE:
  case CS_CLEARANCE_SPHERICAL:
    return hole(ld, obj, path, c);
  case CS_CLEARANCE_PROFILE:
    CS_TRY(cs_json_profile(js, obj, path, c));
    return profile_size(ld, obj, path, c);
  case CS_CLEARANCE_SLOT:
    CS_TRY(cs_json_axis(js, obj, path, "axis", c->axis));
    CS_TRY(cs_json_number(js, obj, path, "half_length", CS_JSON_NONNEG, CS_JSON_REQUIRED,
                          &c->half_length));
    CS_TRY(cs_json_number(js, obj, path, "half_width", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->half_width));
    return exceeds(ld, path, "half_width", c->half_width, c->pin_radius, "pin_radius");
  default:
    CS_TRY(cs_json_axis(js, obj, path, "axis", c->axis));
    CS_TRY(cs_json_number(js, obj, path, "mean_radius", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->mean_radius));
    CS_TRY(cs_json_number(js, obj, path, "half_angle", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->half_angle));
    CS_TRY(cs_json_number(js, obj, path, "half_width", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                          &c->half_width));
    CS_TRY(exceeds(ld, path, "half_width", c->half_width, c->pin_radius, "pin_radius"));
    CS_TRY(exceeds(ld, path, "mean_radius", c->mean_radius, c->half_width, "half_width"));
    if (c->half_angle < M_PI)
      return CS_OK;
    char kp[CS_JSON_PATH];
    cs_json_child(kp, path, "half_angle");
    return cs_json_fail(js, kp, "expected a number < pi (the arc's half extent, rad), got %.6g",
                        c->half_angle);
  }
}

/* Region r's contact block and its JSON pointer rp: "regions"/<region>, else "regions"/<its
 * group> (a translational joint's "upper" or "lower" wall), else "contact"; NULL if none. */
static const cJSON *region_block(const cJSON *obj, const char *path, const cs_clearance *c,
                                 int r, char rp[CS_JSON_PATH])
{
  char kp[CS_JSON_PATH];
  const cJSON *regions = cs_json_member(obj, "regions");
  const char *keys[] = {cs_clearance_region_name(c->kind, r),
                        cs_clearance_region_group(c->kind, r)};
  cs_json_child(kp, path, "regions");
  for (int i = 0; i < 2 && regions; i++)
    if (keys[i] && cs_json_member(regions, keys[i])) {
      cs_json_child(rp, kp, keys[i]);
      return cs_json_member(regions, keys[i]);
    }
  cs_json_child(rp, path, "contact");
  return cs_json_member(obj, "contact");
}

/* "contact" applies to every region; "regions": {"<region>": {contact block}, …} replaces it
 * for the regions it names (a curved slot's tracks and caps have their own stiffness; a
 * translational joint's "upper" and "lower" walls stand for their four corner regions). */
static cs_status clearance_contacts(loader *ld, const cJSON *obj, const char *path,
                                    cs_clearance *c)
{
  const cs_registry *reg;
  char kp[CS_JSON_PATH], rp[CS_JSON_PATH];
  const cJSON *regions = cs_json_member(obj, "regions");
  CS_TRY(cs_json_registry(ld->js, &reg));
  c->nregion = cs_clearance_regions(c);
  const char *names[2 * CS_MAX_REGIONS + 1] = {NULL};
  int nname = 0, nnamed = cs_clearance_region_count(c->kind); /* a profile: every arc it may have */
  for (int r = 0; r < nnamed; r++)
    names[nname++] = cs_clearance_region_name(c->kind, r);
  for (int r = 0; r < c->nregion; r++) { /* each group once */
    const char *group = cs_clearance_region_group(c->kind, r);
    int seen = 0;
    for (int i = 0; i < nname && group; i++)
      seen |= strcmp(names[i], group) == 0;
    if (group && !seen)
      names[nname++] = group;
  }
  cs_json_child(kp, path, "regions");
  if (regions) {
    CS_TRY(cs_json_object(ld->js, regions, kp));
    CS_TRY(cs_json_keys(ld->js, regions, kp, names, " (the joint's regions)"));
    for (int r = c->nregion; r < nnamed; r++)
      if (cs_json_member(regions, names[r])) {
        cs_json_child(rp, kp, names[r]);
        return cs_json_fail(ld->js, rp, "the profile has %d distinct arc%s (arc<k>: the k-th "
                            "along its path): no region %s", c->nregion - 1,
                            c->nregion == 2 ? "" : "s", names[r]);
      }
  }
  for (int r = 0; r < c->nregion; r++) {
    const cJSON *block = region_block(obj, path, c, r, rp);
    if (!block)
      return cs_json_fail(ld->js, path, "no contact block for region \"%s\": expected "
                          "\"contact\" (or \"regions\": {\"%s\": …})", names[r], names[r]);
    CS_TRY(cs_json_contact(block, ld->js->origin, rp, reg, &c->contact[r], ld->js->err));
  }
  return CS_OK;
}

/* The laws' own checks of each region's geometry and materials (a law that needs a yield
 * strength the materials do not give, …), made here so that the message carries the JSON
 * pointer of the contact block, and `check` reports it. */
static cs_status clearance_laws(loader *ld, const cJSON *obj, const char *path,
                                const cs_clearance *c)
{
  char rp[CS_JSON_PATH], pair[240] = "", name[160];
  for (int pin = 0; pin < (c->follower ? cs_clearance_pin_count(c) : 1); pin++)
    for (int r = 0; r < c->nregion; r++) {
      region_block(obj, path, c, r, rp);
      cs_contact_spec spec = cs_contact_model_spec(&c->contact[r]);
      cs_contact_geometry geom;
      cs_contact *law = NULL;
      cs_error inner;
      cs_clearance_pin_geometry(c, pin, r, &geom);
      cs_status st = cs_contact_create(&spec, &geom, &law, &inner);
      cs_contact_free(law);
      if (st == CS_ERR_MEMORY)
        return cs_json_out_of_memory(ld->js);
      if (c->follower) {
        cs_clearance_pin_name(c, pin, name, sizeof name);
        snprintf(pair, sizeof pair, "contact pair %d (%s, of radius %.6g m, region %s): ", pin,
                 name, geom.R1, cs_clearance_region_name(c->kind, r));
      }
      if (st != CS_OK)
        return cs_json_fail(ld->js, rp, "%s%s", pair, inner.message);
    }
  return CS_OK;
}

/* A start: "ideal" or "given" (the velocities), or {"velocity": "ideal" | "given",
 * "position": "given" | "centred" | "resting"}; what it leaves out stays def's. */
static const char *const start_velocities[] = {"given", "ideal", NULL};
static const char *const start_keys[] = {"velocity", "position", NULL};

static cs_status load_start(const loader *ld, const cJSON *v, const char *path,
                            cs_clearance_start *start)
{
  char got[96];
  if (!v)
    return CS_OK;
  for (int i = 0; cJSON_IsString(v) && start_velocities[i]; i++)
    if (strcmp(v->valuestring, start_velocities[i]) == 0) {
      start->ideal_velocity = i;
      return CS_OK;
    }
  if (!cJSON_IsObject(v))
    return cs_json_fail(ld->js, path, "expected \"ideal\", \"given\" or {\"velocity\": \"ideal\" "
                        "| \"given\", \"position\": \"given\" | \"centred\" | \"resting\"}, got %s",
                        cs_json_describe(v, got, sizeof got));
  CS_TRY(cs_json_keys(ld->js, v, path, start_keys, ""));
  CS_TRY(cs_json_choice(ld->js, v, path, "velocity", start_velocities, start->ideal_velocity,
                        &start->ideal_velocity));
  return cs_json_choice(ld->js, v, path, "position", cs_start_positions, start->position,
                        &start->position);
}

/* The joint's start, the model's unless it says; a slot has no ideal joint to start as. */
static cs_status clearance_start(const loader *ld, const cJSON *obj, const char *path,
                                 cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  int ideal = cs_clearance_has_ideal(c->kind);
  c->start = ideal ? ld->start : (cs_clearance_start){0, 0};
  cs_json_child(kp, path, "start");
  CS_TRY(load_start(ld, cs_json_member(obj, "start"), kp, &c->start));
  if (!ideal && (c->start.ideal_velocity || c->start.position))
    return cs_json_fail(ld->js, kp, "a %s has no ideal joint to start as (revolute, spherical "
                        "and translational clearance joints do): expected \"given\"",
                        cs_clearance_kind_name(c->kind));
  char pp[CS_JSON_PATH]; /* where "resting" was said: the joint's start or the model's */
  cs_json_child(pp, cs_json_member(obj, "start") ? kp : "/clearance_start", "position");
  if (c->kind == CS_CLEARANCE_TRANSLATIONAL && c->start.position == CS_START_RESTING)
    return cs_json_fail(ld->js, pp, "\"resting\" is for a round hole (revolute, spherical): "
                        "which corners of a translational block carry its load is not "
                        "defined; expected \"given\" or \"centred\"");
  return CS_OK;
}

static cs_status load_clearance(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_clearance *c = &m->clearances[m->nclearance];
  char kp[CS_JSON_PATH];
  int kind;
  CS_TRY(typed_record(ld, obj, path, clearance_types, clearance_keys, " clearance joint", &kind));
  c->kind = (cs_clearance_kind)kind;
  CS_TRY(claim_name(ld, obj, path, &c->name, m->clearances, sizeof *c, &m->nclearance,
                    &ld->clearances, ""));
  CS_TRY(get_body_pair(ld, obj, path, c->body));
  CS_TRY(cs_json_vector(ld->js, obj, path, "point1", 2, "[x, y]", zeros, c->point[0]));
  CS_TRY(cs_json_vector(ld->js, obj, path, "point2", 2, "[x, y]", zeros, c->point[1]));
  CS_TRY(clearance_dimensions(ld, obj, path, c));
  CS_TRY(cs_json_number(ld->js, obj, path, "min_impact_velocity", CS_JSON_NONNEG,
                        CS_MIN_IMPACT_VELOCITY, &c->min_impact_velocity));
  CS_TRY(clearance_start(ld, obj, path, c));
  const cJSON *materials = cs_json_member(obj, "materials");
  cs_json_child(kp, path, "materials");
  if (!materials)
    return cs_json_fail(ld->js, kp, "missing: expected the two bodies' materials "
                        "[{\"E\": …, \"nu\": …}, {…}]");
  CS_TRY(cs_json_materials(materials, ld->js->origin, kp, c->material, ld->js->err));
  CS_TRY(clearance_contacts(ld, obj, path, c));
  if (c->kind == CS_CLEARANCE_GEAR)
    CS_TRY(cs_json_gear_laws(ld->js, obj, path, c));
  CS_TRY(cs_json_lubrication(ld->js, obj, path, c));
  const cs_body *b = m->bodies;
  cs_clearance_prepare(c, b[c->body[0]].ground ? 0.0 : b[c->body[0]].mass,
                       b[c->body[1]].ground ? 0.0 : b[c->body[1]].mass);
  return clearance_laws(ld, obj, path, c);
}

static cs_status load_clearances(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *list;
  char path[CS_JSON_PATH];
  CS_TRY(cs_json_array(ld->js, root, "", "clearance_joints", "an array of clearance joints", 0,
                       &list));
  m->clearances = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *m->clearances);
  if (!m->clearances)
    return cs_json_out_of_memory(ld->js);
  int i = 0;
  for (const cJSON *e = list ? list->child : NULL; e; e = e->next, i++) {
    cs_json_element(path, "/clearance_joints", i);
    CS_TRY(load_clearance(ld, e, path));
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
  CS_TRY(get_body_pair(ld, obj, path, f->body));
  if (spring) {
    CS_TRY(cs_json_vector(ld->js, obj, path, "point1", 2, "[x, y]", zeros, f->point[0]));
    CS_TRY(cs_json_vector(ld->js, obj, path, "point2", 2, "[x, y]", zeros, f->point[1]));
  }
  CS_TRY(cs_json_number(ld->js, obj, path, "stiffness", CS_JSON_NONNEG, 0.0, &f->stiffness));
  CS_TRY(cs_json_number(ld->js, obj, path, "damping", CS_JSON_NONNEG, 0.0, &f->damping));
  if (spring)
    CS_TRY(cs_json_number(ld->js, obj, path, "free_length", CS_JSON_NONNEG, 0.0, &f->free_length));
  else
    CS_TRY(cs_json_number(ld->js, obj, path, "free_angle", CS_JSON_ANY, 0.0, &f->free_length));
  return cs_json_number(ld->js, obj, path, spring ? "force" : "torque", CS_JSON_ANY, 0.0, &f->actuation);
}

/* Applied loads: a constant force at a point, or a constant torque, on one moving body. */
static cs_status load_load(const loader *ld, const cJSON *obj, const char *path, cs_force *f)
{
  f->body[1] = -1;
  CS_TRY(get_moving_body(ld, obj, path, "body", &f->body[0]));
  if (f->kind == CS_FORCE_TORQUE)
    return cs_json_number(ld->js, obj, path, "torque", CS_JSON_ANY, CS_JSON_REQUIRED, &f->torque);
  CS_TRY(cs_json_vector(ld->js, obj, path, "point", 2, "[x, y]", zeros, f->point[0]));
  CS_TRY(cs_json_vector(ld->js, obj, path, "force", 2, "[fx, fy]", NULL, f->force));
  return cs_json_choice(ld->js, obj, path, "frame", force_frames, 0, &f->body_frame);
}

static cs_status load_force(loader *ld, const cJSON *obj, const char *path)
{
  cs_model *m = ld->model;
  cs_force *f = &m->forces[m->nforce];
  int kind;
  CS_TRY(typed_record(ld, obj, path, force_types, force_keys, "", &kind));
  f->kind = (cs_force_kind)kind;
  CS_TRY(claim_name(ld, obj, path, &f->name, m->forces, sizeof *f, &m->nforce, &ld->forces,
                    ""));
  if (f->kind == CS_FORCE_SPRING || f->kind == CS_FORCE_TORSION)
    return load_spring(ld, obj, path, f);
  return load_load(ld, obj, path, f);
}

static cs_status load_forces(loader *ld, const cJSON *root)
{
  cs_model *m = ld->model;
  const cJSON *list;
  char path[CS_JSON_PATH];
  CS_TRY(cs_json_array(ld->js, root, "", "forces", "an array of force elements", 0, &list));
  int n = cJSON_GetArraySize(list), i = 0;
  m->forces = calloc((size_t)n + 1, sizeof *m->forces);
  if (!m->forces)
    return cs_json_out_of_memory(ld->js);
  for (const cJSON *e = list ? list->child : NULL; e; e = e->next, i++) {
    cs_json_element(path, "/forces", i);
    CS_TRY(load_force(ld, e, path));
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- settings --------------- */

static const char *const solver_keys[] = {"formulation", "t_end",        "rtol",      "atol",
                                          "max_step",    "initial_step", "max_steps",
                                          "linear_solver", NULL};
static const char *const output_keys[] = {"file", "interval", NULL};

static cs_status load_solver(const loader *ld, const cJSON *root)
{
  cs_solver_settings *s = &ld->model->solver;
  const cJSON *v = cs_json_member(root, "solver");
  int formulation = (int)s->formulation;
  if (!v)
    return CS_OK;
  CS_TRY(cs_json_object(ld->js, v, "/solver"));
  CS_TRY(cs_json_keys(ld->js, v, "/solver", solver_keys, ""));
  CS_TRY(cs_json_choice(ld->js, v, "/solver", "formulation", cs_formulation_names, formulation, &formulation));
  s->formulation = (cs_formulation)formulation;
  int linear_solver = (int)s->linear_solver;
  CS_TRY(cs_json_choice(ld->js, v, "/solver", "linear_solver", cs_linear_solver_names,
                        linear_solver, &linear_solver));
  s->linear_solver = (cs_linear_solver)linear_solver;
  CS_TRY(cs_json_number(ld->js, v, "/solver", "t_end", CS_JSON_POSITIVE, s->t_end, &s->t_end));
  CS_TRY(cs_json_number(ld->js, v, "/solver", "rtol", CS_JSON_POSITIVE, s->rtol, &s->rtol));
  CS_TRY(cs_json_number(ld->js, v, "/solver", "atol", CS_JSON_POSITIVE, s->atol, &s->atol));
  CS_TRY(cs_json_number(ld->js, v, "/solver", "max_step", CS_JSON_NONNEG, s->max_step, &s->max_step));
  CS_TRY(cs_json_number(ld->js, v, "/solver", "initial_step", CS_JSON_NONNEG, s->initial_step, &s->initial_step));
  return cs_json_count(ld->js, v, "/solver", "max_steps", &s->max_steps);
}

static cs_status load_output(const loader *ld, const cJSON *root)
{
  cs_output_settings *o = &ld->model->output;
  const cJSON *v = cs_json_member(root, "output");
  if (v) {
    CS_TRY(cs_json_object(ld->js, v, "/output"));
    CS_TRY(cs_json_keys(ld->js, v, "/output", output_keys, ""));
    CS_TRY(cs_json_output_file(ld->js, v, "/output", &o->file));
    CS_TRY(cs_json_number(ld->js, v, "/output", "interval", CS_JSON_POSITIVE, o->interval, &o->interval));
    double least = ld->model->solver.t_end / CS_MAX_OUTPUT_INTERVALS;
    if (o->interval < least)
      return cs_json_fail(ld->js, "/output/interval", "expected at least %.3g s (1e-9 of "
                          "t_end: more than a billion rows otherwise), got %.3g", least,
                          o->interval);
  }
  if (!o->file && !(o->file = cs_json_strdup("")))
    return cs_json_out_of_memory(ld->js);
  return CS_OK;
}

/* ---------------------------------------------------------------- the model -------------- */

/* "$schema" names the file's JSON Schema for editors (models/schema/); the loader ignores it. */
static const char *const model_keys[] = {"name",   "description", "gravity",
                                         "bodies", "joints",      "drivers",
                                         "forces", "clearance_joints", "clearance_start",
                                         "solver", "output", "$schema", NULL};

static cs_status load_root(loader *ld, const cJSON *root, const char *text)
{
  cs_model *m = ld->model;
  m->origin = cs_json_strdup(ld->js->origin);
  m->json = cs_json_strdup(text);
  if (!m->origin || !m->json)
    return cs_json_out_of_memory(ld->js);
  CS_TRY(cs_json_root(ld->js, root, model_keys, &m->name, &m->description));
  CS_TRY(cs_json_vector(ld->js, root, "", "gravity", 2, "[gx, gy]", zeros, m->gravity));
  CS_TRY(load_bodies(ld, root));
  CS_TRY(load_joints(ld, root));
  CS_TRY(load_forces(ld, root));
  CS_TRY(load_start(ld, cs_json_member(root, "clearance_start"), "/clearance_start",
                    &ld->start));
  CS_TRY(load_clearances(ld, root));
  CS_TRY(load_solver(ld, root));
  CS_TRY(load_output(ld, root));
  cs_model_index(m);
  return CS_OK;
}

/* ---------------------------------------------------------------- parsing ---------------- */

static cs_status load_document(cs_json *js, const cJSON *root, const char *text, void **obj)
{
  loader ld = {js, cs_model_alloc(), {.ideal_velocity = 1, .position = CS_START_GIVEN}, {0}, {0}, {0}, {0}};
  *obj = ld.model;
  cs_status st = ld.model ? load_root(&ld, root, text) : cs_json_out_of_memory(js);
  free(ld.bodies.slot), free(ld.joints.slot), free(ld.clearances.slot), free(ld.forces.slot);
  return st;
}

static void release(void *obj) { cs_model_free(obj); }
static void store(void *out, void *obj) { *(cs_model **)out = obj; }

static const cs_json_doc document = {"cs_model_load", "model", load_document, release, store};

cs_status cs_model_load_file(const char *path, const cs_registry *registry, cs_model **model,
                             cs_error *err)
{
  return cs_json_load_file(&document, path, registry, model, err);
}

cs_status cs_model_load_string(const char *json, const char *origin, const cs_registry *registry,
                               cs_model **model, cs_error *err)
{
  return cs_json_load_string(&document, json, origin, registry, model, err);
}
