/* The loader's messages for profile and gear joints: each names the file, the JSON pointer of
 * the fault and what was expected (engine/io/cs_loader_profile.c). */
#include "cs_test.h"
#include "cs_test_models.h"

#include <string.h>

#define BODIES                                                                                 \
  "\"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": \"p\", \"mass\": 1, "          \
  "\"inertia\": 1e-3, \"position\": [0, 0.02, 0]}]"
#define MATS "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}]"
#define LN "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "      \
           "\"kelvin_voigt\", \"c\": 0}}"

/* A profile joint with `profile` (and `extra` keys) fails with a message holding each of
 * the `want` strings. */
static void fails(const char *label, const char *joint, const char *const *want)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"bad\", " BODIES ", \"clearance_joints\": [{\"name\": \"j\", \"body1\": "
           "\"g\", \"body2\": \"p\", " MATS ", %s}]}",
           joint);
  cs_model *m = NULL;
  cs_error err;
  cs_status st = cs_model_load_string(json, "bad.json", NULL, &m, &err);
  CHECK(st != CS_OK, "%s: refused", label);
  if (st == CS_OK) {
    cs_model_free(m);
    return;
  }
  printf("%-26s %s\n", label, err.message);
  for (int i = 0; want[i]; i++)
    CHECK(strstr(err.message, want[i]) != NULL, "%s: the message names \"%s\" (%s)", label,
          want[i], err.message);
}

#define PROFILE(path, more)                                                                    \
  "\"type\": \"profile\", \"pin_radius\": 0.005, \"length\": 0.01, \"contact\": " LN           \
  ", \"profile\": {\"path\": " path ", \"solid\": \"right\"" more "}"

int main(void)
{
  fails("arc end off its circle",
        PROFILE("[[0, 0], [1, 0], {\"arc_to\": [2, 0.5], \"centre\": [1, 1], \"turn\": \"ccw\"}]",
                ""),
        (const char *[]){"bad.json", "/clearance_joints/0/profile/path/2",
                         "not as far from its centre", NULL});
  fails("one element", PROFILE("[[0, 0]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path", "a start point and at least one step",
                         NULL});
  fails("element a word", PROFILE("[[0, 0], \"up\"]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/1", "expected a point [x, y]", NULL});
  fails("start an arc",
        PROFILE("[{\"arc_to\": [1, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}, [1, 1]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/0", "the start point", NULL});
  fails("arc without turn", PROFILE("[[0, 0], {\"arc_to\": [1, 1], \"centre\": [1, 0]}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/1", "turn", NULL});
  fails("no solid side",
        "\"type\": \"profile\", \"pin_radius\": 0.005, \"length\": 0.01, \"contact\": " LN
        ", \"profile\": {\"path\": [[0, 0], [1, 0]]}",
        (const char *[]){"/clearance_joints/0/profile", "solid", NULL});
  fails("repeated point", PROFILE("[[0, 0], [1, 0], [1, 0]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2", "zero length", NULL});
  fails("turning back", PROFILE("[[0, 0], [1, 0], [0.5, 0]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path", "turns back", NULL});
  /* a floor (solid below) rising onto a bump's arc at a sharp valley */
  fails("sharp concave arc corner",
        PROFILE("[[-1, 0], [0, 0], {\"arc_to\": [1, 0], \"centre\": [0.5, -0.5], \"turn\": "
                "\"cw\"}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path", "round it with an arc", NULL});
  fails("arc narrower than the pin",
        PROFILE("[[0, 0], {\"arc_to\": [0, 0], \"centre\": [0.001, 0], \"turn\": \"ccw\"}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/1", "narrower than the follower", NULL});
  fails("region it has not",
        PROFILE("[[0, 0], [1, 0]]", "") ", \"regions\": {\"arc2\": " LN "}",
        (const char *[]){"/clearance_joints/0/regions/arc2", "0 distinct arcs", NULL});
  fails("unknown profile key", PROFILE("[[0, 0], [1, 0]]", ", \"smooth\": true"),
        (const char *[]){"/clearance_joints/0/profile", "smooth", NULL});
  /* walls: an array of path blocks, each its own contact point */
#define WALLS(walls)                                                                           \
  "\"type\": \"profile\", \"pin_radius\": 0.005, \"length\": 0.01, \"contact\": " LN           \
  ", \"profile\": " walls
#define GOOD "{\"path\": [[0, 0], [1, 0]], \"solid\": \"right\"}"
  fails("no walls", WALLS("[]"),
        (const char *[]){"bad.json", "/clearance_joints/0/profile", "at least one wall", NULL});
  fails("a wall a number", WALLS("[" GOOD ", 3]"),
        (const char *[]){"/clearance_joints/0/profile/1", "object", NULL});
  fails("a wall's path", WALLS("[" GOOD ", {\"path\": [[0, 0]], \"solid\": \"right\"}]"),
        (const char *[]){"/clearance_joints/0/profile/1/path", "a start point and at least one "
                         "step", NULL});
  fails("a wall's arc", WALLS("[" GOOD ", {\"path\": [[0, 0], {\"arc_to\": [2, 0.5], "
                              "\"centre\": [1, 1], \"turn\": \"ccw\"}], \"solid\": \"left\"}]"),
        (const char *[]){"/clearance_joints/0/profile/1/path/1", "not as far from its centre",
                         NULL});
  /* four circles (radii 1 … 4) per wall, the second wall's all new: 8 arcs over the walls */
#define CIRCLE(R) "[" R ", 0], {\"arc_to\": [" R ", 0], \"centre\": [0, 0], \"turn\": \"ccw\"}"
  fails("arcs over the walls",
        WALLS("[{\"path\": [" CIRCLE("1") "], \"solid\": \"right\"}, {\"path\": [" CIRCLE("2")
              "], \"solid\": \"right\"}, {\"path\": [" CIRCLE("3") "], \"solid\": \"right\"}, "
              "{\"path\": [" CIRCLE("4") "], \"solid\": \"right\"}, {\"path\": [" CIRCLE("5")
              "], \"solid\": \"right\"}, {\"path\": [" CIRCLE("6") "], \"solid\": \"right\"}, "
              "{\"path\": [" CIRCLE("7") "], \"solid\": \"right\"}, {\"path\": [" CIRCLE("1")
              "], \"solid\": \"left\"}]"),
        (const char *[]){"/clearance_joints/0/profile/7", "more than 7 distinct arcs", NULL});
  /* spline walls */
#define SPLINE(pts, more)                                                                      \
  "\"type\": \"profile\", \"pin_radius\": 0.005, \"length\": 0.01, \"contact\": " LN           \
  ", \"profile\": {\"spline\": " pts ", \"solid\": \"left\"" more "}"
  fails("spline of three points", SPLINE("[[0, 0], [1, 0], [0, 1]]", ""),
        (const char *[]){"/clearance_joints/0/profile/spline", "at least 4 points", NULL});
  fails("spline point a word", SPLINE("[[0, 0], [1, 0], \"up\", [0, 1]]", ""),
        (const char *[]){"/clearance_joints/0/profile/spline/2", "expected a point [x, y]", NULL});
  fails("spline point repeated", SPLINE("[[0, 0], [1, 0], [1, 0], [0, 1]]", ""),
        (const char *[]){"/clearance_joints/0/profile/spline/2", "repeats", NULL});
  fails("spline with a path key", SPLINE("[[0, 0], [1, 0], [1, 1], [0, 1]]", ", \"closed\": true"),
        (const char *[]){"/clearance_joints/0/profile", "closed", "spline, solid", NULL});
#define SQUARE "[[0, 0], [1, 0], [1, 1], [0, 1]]"
  fails("spline bands 0", SPLINE(SQUARE, ", \"bands\": 0"),
        (const char *[]){"/clearance_joints/0/profile/bands", NULL});
  fails("spline bands 8", SPLINE(SQUARE, ", \"bands\": 8"),
        (const char *[]){"/clearance_joints/0/profile/bands", "at most 7", NULL});
  fails("spline band half round", SPLINE(SQUARE, ", \"bands\": 2"),
        (const char *[]){"/clearance_joints/0/profile/spline", "band 1 of 2 turns half round",
                         NULL});
  /* a hole (solid outside) through a 2 mm square's corners: it bends tighter than the pin */
  fails("spline bends too tight",
        "\"type\": \"profile\", \"pin_radius\": 0.005, \"length\": 0.01, \"contact\": " LN
        ", \"profile\": {\"spline\": [[0, 0], [0.002, 0], [0.002, 0.002], [0, 0.002]], "
        "\"solid\": \"right\"}",
        (const char *[]){"/clearance_joints/0/profile/spline", "tighter than the follower", NULL});
  /* spline steps: an open spline from the path's current point through its points */
  fails("spline step empty", PROFILE("[[0, 0], [1, 0], {\"spline\": []}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2/spline", "at least one point",
                         NULL});
  fails("spline step point a word", PROFILE("[[0, 0], [1, 0], {\"spline\": [[2, 1], 3]}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2/spline/1", "expected a point",
                         NULL});
  fails("spline step key", PROFILE("[[0, 0], [1, 0], {\"spline\": [[2, 1]], \"turn\": "
                                   "\"ccw\"}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2", "turn", "spline, bands", NULL});
  fails("spline step repeated point",
        PROFILE("[[0, 0], [1, 0], {\"spline\": [[2, 1], [2, 1], [3, 1]]}]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2", "repeats", "point 1 of the "
                         "spline step", NULL});
  fails("spline step start", PROFILE("[{\"spline\": [[1, 0]]}, [1, 1]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/0", "the start point", NULL});
  fails("spline step bands 8", PROFILE("[[0, 0], [1, 0], {\"spline\": [[2, 1]], \"bands\": 8}]",
                                       ""),
        (const char *[]){"/clearance_joints/0/profile/path/2/bands", "at most 7", NULL});
  /* a floor (solid below) dipping into a pit 1 mm wide: a bend tighter than the 5 mm pin */
  fails("spline step bends too tight",
        PROFILE("[[-1, 0], [0, 0], {\"spline\": [[0.0005, -0.0005], [0.001, 0]]}, [1, 0]]", ""),
        (const char *[]){"/clearance_joints/0/profile/path/2", "tighter than the follower", NULL});
  fails("spline step half round",
        PROFILE("[[-1, 0], [0, 0], {\"spline\": [[0.5, 0.5], [0, 1], [-0.5, 0.5], [0, 0.2]]}]",
                ""),
        (const char *[]){"/clearance_joints/0/profile/path/2", "turns half round", "\"bands\"",
                         NULL});
  const char *gear = "\"type\": \"gear\", \"base_radii\": [0.05, %s], \"backlash\": 0.01, "
                     "\"length\": 0.01, \"contact\": %s";
  char j[1024];
  snprintf(j, sizeof j, gear, "-0.04", LN);
  fails("gear radius", j, (const char *[]){"/clearance_joints/0/base_radii/1", "> 0", NULL});
  snprintf(j, sizeof j, gear, "0.04",
           "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
           "\"kelvin_voigt\", \"c\": 0}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1}}");
  fails("gear friction", j, (const char *[]){"/clearance_joints/0/contact", "friction", NULL});
  return cs_test_finish();
}
