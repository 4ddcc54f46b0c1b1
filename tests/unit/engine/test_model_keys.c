/* The parameters a designer thinks in: a round hole given by its radial clearance
 * ("clearance": hole_radius = pin_radius + clearance) and an angle driver's rate in r/min
 * ("rpm"). Each gives the model the other spelling gives, and each refuses a contradiction
 * with the file, the JSON pointer and what was expected. */
#include <math.h>
#include <string.h>

#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "clearsim.h"
#include "cs_test.h"

#define MODEL "models/slider_crank_clearance.json"
#define BALL "models/ball_socket_hertz.json"

static cs_model *load(const char *path, const cs_override *o, int n, cs_error *err)
{
  cs_model *m = NULL;
  if (cs_model_load_file_overrides(path, NULL, o, n, NULL, &m, err) != CS_OK)
    return NULL;
  return m;
}

/* A run's final state and its contact count, for comparing two spellings of one model. */
static void final_state(cs_model *m, double q[3], int *contacts)
{
  cs_sim *sim = NULL;
  cs_error err;
  CHECK(cs_sim_create(m, &sim, &err) == CS_OK && cs_sim_advance(sim, 0.004, &err) == CS_OK,
        "the model runs (%s)", err.message);
  cs_sim_body_position(sim, 3, q);
  *contacts = cs_sim_event_count(sim);
  cs_sim_free(sim);
}

/* The model file's text with its first clearance joint's pin radius set to pin and its hole
 * given by clearance (gap ≠ 0), else by hole_radius (hole > 0), else not at all. */
static char *spelled(const char *path, double pin, double hole, double gap)
{
  FILE *f = fopen(path, "rb");
  char buf[1 << 16];
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  if (f)
    fclose(f);
  buf[n] = '\0';
  cJSON *doc = cJSON_Parse(buf);
  cJSON *joint = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "clearance_joints"), 0);
  cJSON_ReplaceItemInObject(joint, "pin_radius", cJSON_CreateNumber(pin));
  cJSON_DeleteItemFromObject(joint, "hole_radius");
  char num[32]; /* every bit (cJSON prints 15 digits when they read back within its epsilon) */
  snprintf(num, sizeof num, "%.17g", gap != 0 ? gap : hole);
  if (gap != 0 || hole > 0)
    cJSON_AddItemToObject(joint, gap != 0 ? "clearance" : "hole_radius", cJSON_CreateRaw(num));
  char *text = cJSON_Print(doc);
  cJSON_Delete(doc);
  return text;
}

static cs_model *load_text(const char *path, char *text, cs_error *err)
{
  cs_model *m = NULL;
  if (!text || cs_model_load_string(text, path, NULL, &m, err) != CS_OK)
    m = NULL;
  free(text);
  return m;
}

static void clearance_key(const char *path)
{
  const double pin = 0.0095, c = 7e-4;
  cs_error err;
  cs_model *a = load_text(path, spelled(path, pin, pin + c, 0), &err);
  CHECK(a != NULL, "%s with hole_radius pin + c loads (%s)", path, err.message);
  cs_model *b = load_text(path, spelled(path, pin, 0, c), &err);
  CHECK(b != NULL, "%s with clearance instead of hole_radius loads (%s)", path, err.message);
  if (a && b) {
    CHECK(cs_model_clearance_size(b, 0) == cs_model_clearance_size(a, 0),
          "%s: the clearance key gives the hole pin + c (%.17g, %.17g)", path,
          cs_model_clearance_size(b, 0), cs_model_clearance_size(a, 0));
    CHECK(fabs(cs_model_clearance_size(b, 0) - c) < 1e-15, "%s: the clearance given (%.17g)",
          path, cs_model_clearance_size(b, 0));
    if (!strcmp(path, MODEL)) {
      double qa[3], qb[3];
      int na, nb;
      final_state(a, qa, &na);
      final_state(b, qb, &nb);
      CHECK(na == nb && na > 0 && !memcmp(qa, qb, sizeof qa),
            "the two spellings run the same, to the bit (%d and %d contacts)", na, nb);
    }
  }
  cs_model_free(a);
  cs_model_free(b);
  /* both, neither, and a clearance that is no clearance (one override of either drops the
   * other, cs_override.c: both are set in one call) */
  const cs_override both[] = {{"/clearance_joints/0/clearance", "7e-4"},
                              {"/clearance_joints/0/hole_radius", "0.0102"}};
  cs_model *m = load(path, both, 2, &err);
  CHECK(!m && err.code == CS_ERR_INPUT &&
            strstr(err.message, "/clearance_joints/0/clearance: give hole_radius or clearance"),
        "%s: both hole_radius and clearance refused (%s)", path, err.message);
  cs_model_free(m);
  m = load_text(path, spelled(path, pin, 0, 0), &err);
  CHECK(!m && strstr(err.message, "/clearance_joints/0: missing \"hole_radius\"") &&
            strstr(err.message, "or \"clearance\" (hole_radius − pin_radius, m)"),
        "%s: neither: the message names both (%s)", path, err.message);
  cs_model_free(m);
  char *text = spelled(path, pin, 0, c);
  char *at = text ? strstr(text, "\"clearance\":") : NULL;
  if (at)
    memcpy(at, "\"clearanxe\"", 11); /* neither: the key misspelled */
  m = load_text(path, text, &err);
  CHECK(!m && strstr(err.message, "unknown key \"clearanxe\""),
        "%s: a misspelled clearance is named (%s)", path, err.message);
  cs_model_free(m);
  m = load_text(path, spelled(path, pin, 0, -c), &err); /* a negative clearance */
  CHECK(!m && strstr(err.message, "/clearance_joints/0/clearance: expected a number > 0"),
        "%s: a negative clearance is refused (%s)", path, err.message);
  cs_model_free(m);
}

static void rpm_key(void)
{
  cs_error err;
  cs_override rpm[2] = {{"/drivers/0/motion", "{\"rpm\": 5000}"}};
  cs_model *m = load(MODEL, rpm, 1, &err);
  cs_override rad = {"/drivers/0/motion", "{\"velocity\": 523.5987755982989}"};
  cs_model *r = load(MODEL, &rad, 1, &err);
  CHECK(m && r, "rpm and velocity load (%s)", err.message);
  if (m && r) {
    double qa[3], qb[3];
    int na, nb;
    final_state(m, qa, &na);
    final_state(r, qb, &nb);
    CHECK(na == nb && fabs(qa[0] - qb[0]) < 1e-15 && fabs(qa[2] - qb[2]) < 1e-12,
          "5000 r/min is 523.5987755982989 rad/s (slider x %.17g, %.17g)", qa[0], qb[0]);
  }
  cs_model_free(m);
  cs_model_free(r);
  cs_override both = {"/drivers/0/motion", "{\"rpm\": 5000, \"velocity\": 1}"};
  m = load(MODEL, &both, 1, &err);
  CHECK(!m && strstr(err.message, "/drivers/0/motion/rpm: give velocity (rad/s) or rpm (r/min), "
                                  "not both"), "rpm and velocity: refused (%s)", err.message);
  cs_model_free(m);
  /* a translation driver has no r/min */
  m = load("tests/bad_input/ok_complete.json", &(cs_override){"/drivers/3/motion/rpm", "10"}, 1,
           &err);
  CHECK(!m && strstr(err.message, "/drivers/3/motion: unknown key \"rpm\""),
        "rpm on a translation driver: refused (%s)", err.message);
  cs_model_free(m);
}

int main(void)
{
  clearance_key(MODEL);
  clearance_key(BALL);
  rpm_key();
  return cs_test_finish();
}
