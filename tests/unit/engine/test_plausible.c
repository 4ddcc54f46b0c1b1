/* cs_model_plausibility: a valid model whose numbers suggest a unit typed wrongly is said so,
 * each kind of slip once, and no shipped model is. The slips are the ones users make: the
 * clearance slider-crank with its radii in millimetres (a 9.8 m pin with 0.2 m clearance on
 * 0.12 m links), a Young's modulus in GPa, a speed in r/min, a mass in grams, gravity in mm/s². */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "clearsim.h"
#include "cs_test.h"

#define MODEL "models/slider_crank_clearance.json"

/* The findings for the clearance slider-crank with one edit (pointer, JSON value). */
static int findings(const char *pointer, const char *json, char *text, size_t size)
{
  cs_override o = {pointer, json};
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_file_overrides(MODEL, NULL, &o, pointer ? 1 : 0, NULL, &m, &err) != CS_OK) {
    CHECK(0, "%s = %s: the edited model loads (%s)", pointer, json, err.message);
    return -1;
  }
  int n = cs_model_plausibility(m, text, size);
  cs_model_free(m);
  return n;
}

static void says(const char *pointer, const char *json, const char *words)
{
  char text[1024];
  int n = findings(pointer, json, text, sizeof text);
  CHECK(n == 1 && strstr(text, words), "%s = %s: one finding saying \"%s\" (%d: %s)", pointer,
        json, words, n, text);
}

static void millimetres(void)
{
  /* both radii in mm: 9.5 and 9.7 m, so the clearance is 0.2 m on a 0.17 m mechanism */
  cs_override o[2] = {{"/clearance_joints/0/pin_radius", "9.5"},
                      {"/clearance_joints/0/hole_radius", "9.7"}};
  cs_model *m = NULL;
  cs_error err;
  char text[1024];
  CHECK(cs_model_load_file_overrides(MODEL, NULL, o, 2, NULL, &m, &err) == CS_OK,
        "radii in millimetres load (%s)", err.message);
  if (!m)
    return;
  int n = cs_model_plausibility(m, text, sizeof text);
  CHECK(n == 2 && strstr(text, "clearance 0.2 m") && strstr(text, "millimetres") &&
            strstr(text, "pin radius 9.5 m exceeds the whole mechanism"),
        "radii in mm: the clearance and the pin said (%d: %s)", n, text);
  CHECK(cs_model_plausibility(m, NULL, 0) == n, "counting alone gives the same %d", n);
  char small[16];
  CHECK(cs_model_plausibility(m, small, sizeof small) == n && strlen(small) < sizeof small,
        "a short buffer is cut, not overrun (\"%s\")", small);
  cs_model_free(m);
}

static void shipped_models_are_plausible(void)
{
  const char *dirs[] = {"models", "models/papers"};
  int seen = 0;
  for (int d = 0; d < 2; d++) {
    DIR *dir = opendir(dirs[d]);
    CHECK(dir != NULL, "%s is readable", dirs[d]);
    for (struct dirent *e; dir && (e = readdir(dir));) {
      size_t len = strlen(e->d_name);
      if (len < 6 || strcmp(e->d_name + len - 5, ".json") || !strncmp(e->d_name, "impact", 6))
        continue;
      char path[512], text[1024];
      snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
      cs_model *m = NULL;
      cs_error err;
      if (cs_model_load_file(path, NULL, &m, &err) != CS_OK)
        continue; /* not a model file (an impact file, a data table) */
      seen++;
      int n = cs_model_plausibility(m, text, sizeof text);
      CHECK(n == 0, "%s: no finding (%d: %s)", path, n, text);
      cs_model_free(m);
    }
    if (dir)
      closedir(dir);
  }
  CHECK(seen >= 30, "every shipped model checked (%d)", seen);
}

/* A steel pin (r 10 mm) in a hole given as a profile wall (one whole-circle arc, r 11 mm) and
 * the same pin as a follower outline: the walls' and the outline's extents are the
 * mechanism's, not their centres only (which had put a 0.5 mm mechanism round a 22 mm hole:
 * "the pin radius exceeds the whole mechanism" and "the clearance is 22 % of it"). */
static void profile_extents(void)
{
  const char *pin[2] = {"\"pin_radius\": 0.01", "\"follower\": {\"path\": [[0.01, 0], "
                        "{\"arc_to\": [0.01, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], "
                        "\"solid\": \"left\"}"};
  for (int k = 0; k < 2; k++) {
    char json[2048], text[1024];
    snprintf(json, sizeof json,
             "{\"name\": \"hole\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, "
             "{\"name\": \"d\", \"mass\": 0.025, \"inertia\": 1.2e-6, \"position\": "
             "[0.0005, 0, 0]}], \"clearance_joints\": [{\"name\": \"h\", \"type\": "
             "\"profile\", \"body1\": \"g\", \"body2\": \"d\", %s, \"length\": 0.01, "
             "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
             "\"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
             "\"kelvin_voigt\", \"c\": 0}}, \"profile\": {\"path\": "
             "[[0.011, 0], {\"arc_to\": [0.011, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], "
             "\"solid\": \"right\"}}]}", pin[k]);
    cs_model *m = NULL;
    cs_error err;
    if (cs_model_load_string(json, "<hole>", NULL, &m, &err) != CS_OK) {
      CHECK(0, "the pin in a profile hole loads (%s)", err.message);
      continue;
    }
    int n = cs_model_plausibility(m, text, sizeof text);
    CHECK(n == 0, "a pin %s in a profile hole: no finding (%d: %s)", k ? "outline" : "circle",
          n, text);
    cs_model_free(m);
  }
}

int main(void)
{
  char text[256];
  CHECK(findings(NULL, NULL, text, sizeof text) == 0 && !text[0],
        "the model as shipped: no finding (%s)", text);
  millimetres();
  says("/clearance_joints/0/materials/0/E", "207", "Young's modulus 207 Pa");
  says("/drivers/0/motion/velocity", "50000", "r/min typed as rad/s");
  says("/bodies/2/mass", "210", "grams typed as kilograms");
  says("/gravity", "[0, -9810]", "mm/s²");
  /* real extremes stay quiet: a 1 % clearance, a rubber's modulus, 30,000 r/min */
  CHECK(findings("/clearance_joints/0/hole_radius", "0.0113", text, sizeof text) == 0,
        "a 1.8 mm clearance on a 0.17 m mechanism is plausible (%s)", text);
  CHECK(findings("/clearance_joints/0/materials/1/E", "5e6", text, sizeof text) == 0,
        "a rubber's 5 MPa is plausible (%s)", text);
  CHECK(findings("/drivers/0/motion/velocity", "3141.6", text, sizeof text) == 0,
        "30,000 r/min is plausible (%s)", text);
  profile_extents();
  shipped_models_are_plausible();
  return cs_test_finish();
}
