/* A profile joint's size, the scale on which contact is told from gap (the tolerances' cap,
 * the depth warnings; engine/io/cs_loader.c profile_size, models/README.md "Profiles"):
 *  - the least of: the narrowest concave bend's R − r (the slot written as a profile: its
 *    half-width minus the pin, 50 µm, as the slot joint's), 1 % of the wall's bounding radius
 *    (a floor with a concave fillet of 40 mm bounds no pocket: 0.5 mm, 1 % of its 53 mm,
 *    not the fillet's 35 mm), and:
 *  - half the follower's play at the start, from its wall out along that wall's normal
 *    to the wall opposite: a pin (r 5 mm) between two flat walls 2 (r + c) apart has c = 50 µm
 *    whether it starts centred or on one wall (1 % of a 200 mm wall's bounding radius, the
 *    rule before, was 1 mm: 20 times the play); so inside a rectangular channel written as
 *    one path (its concave corners flat); the centrifugal absorber's roller (6 mm) in its
 *    annulus (13 mm and 6.9 mm circles) (13 − 6.9 − 6)/2 = 0.05 mm (1 % of the inner disc's
 *    radius, 6.9e-5 m, before);
 *  - no wall opposite (an open cam): 1 % of the wall's bounding radius (the flat-faced
 *    follower: 0.4 mm of a 40 mm face);
 *  - "clearance" given overrides each of them. */
#include "cs_clearance.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

#define JOINT                                                                                  \
  "{\"name\": \"size\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": \"p\", "   \
  "\"mass\": 1, \"inertia\": 1e-4, \"position\": [%.17g, %.17g, 0]}], \"clearance_joints\": "   \
  "[{\"name\": \"j\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"p\", "              \
  "\"pin_radius\": 0.005, \"length\": 0.01, \"materials\": [{\"E\": 2e11, \"nu\": 0.3}, "      \
  "{\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "                       \
  "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, "           \
  "\"profile\": %s%s}]}"

static const double r = 0.005, c = 5e-5;

/* The size of the joint with `profile` (and `extra` keys), the follower centre at (x, y). */
static double size_of(const char *profile, const char *extra, double x, double y,
                      const char **rule)
{
  char json[4096];
  snprintf(json, sizeof json, JOINT, x, y, profile, extra);
  cs_model *m = load_model_string(json, "<profile size>");
  double s = cs_model_clearance_size(m, 0);
  static char words[128];
  snprintf(words, sizeof words, "%s", cs_model_clearance_size_rule(m, 0));
  *rule = words;
  cs_model_free(m);
  return s;
}

static void expect(const char *label, double got, const char *rule, double want,
                   const char *want_rule, double tol)
{
  printf("%-40s size %.9g m (%s)\n", label, got, rule);
  CHECK(fabs(got - want) <= tol * want, "%s: size %.9g m, want %.9g", label, got, want);
  CHECK(strcmp(rule, want_rule) == 0, "%s: from \"%s\", want \"%s\"", label, rule, want_rule);
}

/* The joint's size against want (relative tol), and where it comes from. */
static void check_size(const char *label, const char *profile, const char *extra, double x,
                       double y, double want, const char *want_rule, double tol)
{
  const char *rule;
  double got = size_of(profile, extra, x, y, &rule);
  expect(label, got, rule, want, want_rule, tol);
}

int main(void)
{
  const char *play = "half the follower's play at the start", *span = "1 % of the wall's "
                     "bounding radius", *pocket = "the narrowest concave bend's R - r";
  char walls[512];
  double h = r + c; /* the walls at y = ±h, 200 mm long: solid above the upper, below the lower */
  snprintf(walls, sizeof walls, "[{\"path\": [[-0.1, %.17g], [0.1, %.17g]], \"solid\": "
           "\"left\"}, {\"path\": [[-0.1, %.17g], [0.1, %.17g]], \"solid\": \"right\"}]", h, h,
           -h, -h);
  check_size("two flat walls, centred", walls, "", 0.0, 0.0, c, play, 1e-9);
  check_size("two flat walls, on the lower", walls, "", 0.03, -c, c, play,
         1e-9);
  check_size("two flat walls, clearance given", walls, ", \"clearance\": 2e-5", 0, 0, 2e-5,
             "given", 0);
  /* one wall, a channel (open at the left) walked ccw round its inside: solid on the right */
  char channel[512];
  snprintf(channel, sizeof channel, "{\"path\": [[-0.1, %.17g], [0.1, %.17g], [0.1, %.17g], "
           "[-0.1, %.17g]], \"solid\": \"right\"}", -h, -h, h, h);
  check_size("a channel, one path", channel, "", -0.02, 0.00001, c, play,
         1e-9);
  /* one flat wall alone: no wall opposite */
  check_size("a floor alone", "{\"path\": [[-0.1, 0], [0.1, 0]], \"solid\": \"right\"}", "",
                                  0, r, 0.001, span, 1e-12);
  /* a floor (solid below) rising into a concave fillet (R 40 mm, 10°) */
  char fillet[512];
  snprintf(fillet, sizeof fillet, "{\"path\": [[-0.1, 0], [0, 0], {\"arc_to\": [%.17g, %.17g], "
           "\"centre\": [0, 0.04], \"turn\": \"ccw\"}], \"solid\": \"right\"}",
           0.04 * sin(10 * M_PI / 180), 0.04 - 0.04 * cos(10 * M_PI / 180));
  /* (the bounding tree's radius: 53 mm round the 107 mm of floor and fillet) */
  check_size("a floor with a concave fillet", fillet, "", -0.05, r, 0.01 * 0.0535, span, 0.01);
  /* the slot as a profile: its caps' R − r */
  const char *slot = "{\"path\": [[-0.01, -0.00505], [0.01, -0.00505], {\"arc_to\": [0.01, "
                     "0.00505], \"centre\": [0.01, 0], \"turn\": \"ccw\"}, [-0.01, 0.00505], "
                     "{\"arc_to\": [-0.01, -0.00505], \"centre\": [-0.01, 0], \"turn\": "
                     "\"ccw\"}], \"closed\": true, \"solid\": \"right\"}";
  check_size("the slot as a profile", slot, "", 0, 0, c, pocket, 1e-9);
  check_size("the slot, clearance given", slot, ", \"clearance\": 1e-4", 0, 0, 1e-4, "given", 0);
  cs_model *m = load_model("models/pendulum_absorber.json");
  expect("pendulum absorber's annulus", cs_model_clearance_size(m, 0),
         cs_model_clearance_size_rule(m, 0), (0.013 - 0.0069 - 0.006) / 2, play, 1e-9);
  cs_model_free(m);
  m = load_model("models/cam_flat_follower.json");
  expect("cam's flat face", cs_model_clearance_size(m, 0), cs_model_clearance_size_rule(m, 0),
         0.0004, span, 1e-12);
  cs_model_free(m);
  return cs_test_finish();
}
