/*
 * test_bad_input.c — the model loader (engine/io/cs_loader.c) against malformed and invalid
 * input, and a complete valid model field by field.
 *
 * Each file under tests/bad_input/ holds one fault; the table pairs it with the exact message
 * the loader must give: origin, JSON path, what was expected (models/README.md). Every
 * expected number in the positive checks is the one written in tests/bad_input/ok_complete.json
 * or follows from it by the rule quoted beside the check.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cs_model.h"
#include "cs_test.h"

#define DIR "tests/bad_input/"

static const struct bad_file {
  const char *file;
  cs_status code;
  const char *message; /* after "<path>: " */
} bad_files[] = {
  /* syntax */
  {"syntax_error.json", CS_ERR_INPUT, "line 5 column 5: not valid JSON"},
  {"truncated.json", CS_ERR_INPUT, "line 5 column 43: not valid JSON (unexpected end of input)"},
  {"nul_byte.json", CS_ERR_INPUT, "line 2 column 15: not valid JSON (a NUL byte)"},
  /* what cJSON's strtod takes but RFC 8259 does not (it was read as 1) */
  {"number_leading_zero.json", CS_ERR_INPUT, "line 5 column 28: not valid JSON (RFC 8259)"},
  /* valid JSON, but a C string ends there: the model's name was read as "pend" */
  {"name_nul_escape.json", CS_ERR_INPUT, "line 2 column 16: a NUL character (\\u0000) in a "
   "string (names and text end at one)"},
  {"duplicate_key.json", CS_ERR_INPUT, "/bodies/1: duplicate key \"mass\""},
  {"root_array.json", CS_ERR_INPUT, "/: expected an object, got an array"},
  /* top level */
  {"missing_name.json", CS_ERR_INPUT, "/name: missing, expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/'"},
  {"name_not_string.json", CS_ERR_INPUT,
   "/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got 5"},
  {"unknown_top_key.json", CS_ERR_INPUT,
   "/: unknown key \"gravty\" (expected one of: name, description, gravity, bodies, joints, "
   "drivers, forces, clearance_joints, clearance_start, solver, output, $schema)"},
  {"gravity_length.json", CS_ERR_INPUT,
   "/gravity: expected an array of 2 numbers [gx, gy], got 3 elements"},
  {"bodies_missing.json", CS_ERR_INPUT, "/bodies: missing, expected an array of bodies"},
  {"bodies_not_array.json", CS_ERR_INPUT,
   "/bodies: expected an array of bodies, got an object"},
  /* bodies */
  {"body_unknown_key.json", CS_ERR_INPUT,
   "/bodies/1: unknown key \"mas\" (expected one of: name, ground, mass, inertia, position, "
   "velocity, lock)"},
  {"ground_with_mass.json", CS_ERR_INPUT,
   "/bodies/0: unknown key \"mass\" for a ground body (expected one of: name, ground, "
   "position)"},
  {"mass_negative.json", CS_ERR_INPUT, "/bodies/2/mass: expected a number > 0, got -1"},
  {"mass_missing.json", CS_ERR_INPUT,
   "/bodies/1/mass: missing, expected a number > 0 (or \"ground\": true for a fixed body)"},
  {"mass_not_finite.json", CS_ERR_INPUT,
   "/bodies/1/mass: expected a number > 0, got a number beyond the range of a double"},
  {"inertia_negative.json", CS_ERR_INPUT,
   "/bodies/1/inertia: expected a number >= 0, got -0.5"},
  {"position_length.json", CS_ERR_INPUT,
   "/bodies/1/position: expected an array of 3 numbers [x, y, theta], got 2 elements"},
  {"position_element.json", CS_ERR_INPUT,
   "/bodies/1/position/1: expected a number, got \"0\""},
  {"lock_unknown.json", CS_ERR_INPUT,
   "/bodies/1/lock/1: expected one of \"x\", \"y\", \"theta\", got \"z\""},
  {"lock_twice.json", CS_ERR_INPUT, "/bodies/1/lock/1: \"theta\" is listed twice"},
  {"body_duplicate.json", CS_ERR_INPUT, "/bodies/3/name: duplicate name \"rod\""},
  {"no_ground.json", CS_ERR_INPUT,
   "/bodies: no ground body, expected at least one with \"ground\": true"},
  {"no_moving.json", CS_ERR_INPUT,
   "/bodies: no moving body, expected at least one body with a mass"},
  /* joints */
  {"joint_unknown_body.json", CS_ERR_INPUT,
   "/joints/1/body2: no body named \"crnak\" (bodies: ground, crank, rod, slider)"},
  {"joint_same_body.json", CS_ERR_INPUT,
   "/joints/0/body2: \"link\" is also body1, expected two different bodies"},
  {"joint_both_ground.json", CS_ERR_INPUT,
   "/joints/0: body1 \"ground\" and body2 \"wall\" are both ground, expected at least one "
   "moving body"},
  {"joint_type_unknown.json", CS_ERR_INPUT,
   "/joints/0/type: expected one of \"revolute\", \"prismatic\", \"fixed\", got \"revolut\""},
  {"joint_type_missing.json", CS_ERR_INPUT,
   "/joints/0/type: missing, expected one of \"revolute\", \"prismatic\", \"fixed\""},
  {"joint_key_for_type.json", CS_ERR_INPUT,
   "/joints/0: unknown key \"axis\" for a revolute joint (expected one of: name, type, body1, "
   "body2, point1, point2)"},
  {"joint_axis_zero.json", CS_ERR_INPUT,
   "/joints/3/axis: expected a non-zero axis [ax, ay], got [0, 0]"},
  {"joint_not_object.json", CS_ERR_INPUT, "/joints/0: expected an object, got \"pin\""},
  /* drivers */
  {"driver_name_taken.json", CS_ERR_INPUT,
   "/drivers/0/name: duplicate name \"B\" (joints and drivers share one namespace)"},
  {"driver_body_and_joint.json", CS_ERR_INPUT,
   "/drivers/0: expected either \"body\" or \"joint\", not both"},
  {"driver_neither.json", CS_ERR_INPUT,
   "/drivers/0: missing \"body\" or \"joint\", expected what the driver drives"},
  {"driver_unknown_joint.json", CS_ERR_INPUT,
   "/drivers/0/joint: no joint named \"Z\" (joints: A, B, C, G)"},
  {"driver_translation_revolute.json", CS_ERR_INPUT,
   "/drivers/0/joint: joint \"C\" is a revolute joint, expected a prismatic joint for a "
   "translation driver"},
  {"driver_angle_prismatic.json", CS_ERR_INPUT,
   "/drivers/0/joint: joint \"G\" is a prismatic joint, expected a revolute joint for an angle "
   "driver"},
  {"driver_axis_with_joint.json", CS_ERR_INPUT,
   "/drivers/0/axis: not allowed with \"joint\": the driver uses the joint's axis and points"},
  {"driver_ground_body.json", CS_ERR_INPUT,
   "/drivers/0/body: \"ground\" is a ground body, expected a moving body"},
  {"driver_motion_missing.json", CS_ERR_INPUT,
   "/drivers/0/motion: missing, expected an object with any of: initial, velocity, "
   "acceleration, amplitude, frequency, phase, rpm"},
  {"driver_motion_typo.json", CS_ERR_INPUT,
   "/drivers/0/motion: unknown key \"velocty\" for an angle driver's motion (expected one "
   "of: initial, velocity, acceleration, amplitude, frequency, phase, rpm)"},
  /* forces */
  {"force_name_twice.json", CS_ERR_INPUT, "/forces/1/name: duplicate name \"load\""},
  {"force_on_ground.json", CS_ERR_INPUT,
   "/forces/0/body: \"ground\" is a ground body, expected a moving body"},
  {"force_frame.json", CS_ERR_INPUT,
   "/forces/0/frame: expected one of \"world\", \"body\", got \"local\""},
  {"spring_stiffness.json", CS_ERR_INPUT,
   "/forces/0/stiffness: expected a number >= 0, got -100"},
  {"torque_missing.json", CS_ERR_INPUT, "/forces/0/torque: missing, expected a number"},
  /* solver and output */
  {"solver_formulation.json", CS_ERR_INPUT,
   "/solver/formulation: expected one of \"index3\", \"ggl\", \"projected\", \"auto\", got "
   "\"index2\""},
  {"solver_rtol.json", CS_ERR_INPUT, "/solver/rtol: expected a number > 0, got 0"},
  {"solver_t_end.json", CS_ERR_INPUT, "/solver/t_end: expected a number > 0, got -1"},
  {"solver_max_step.json", CS_ERR_INPUT, "/solver/max_step: expected a number >= 0, got -0.1"},
  {"solver_max_steps.json", CS_ERR_INPUT,
   "/solver/max_steps: expected a whole number >= 1, got 2.5"},
  {"output_interval.json", CS_ERR_INPUT, "/output/interval: expected a number > 0, got 0"},
  {"output_file_type.json", CS_ERR_INPUT,
   "/output/file: expected a file name (a string), got true"},
  /* clearance joints */
  {"clearance_hole_small.json", CS_ERR_INPUT,
   "/clearance_joints/0/hole_radius: expected a number > pin_radius (0.01 m), got 0.0099"},
  {"clearance_no_materials.json", CS_ERR_INPUT,
   "/clearance_joints/0/materials: missing: expected the two bodies' materials "
   "[{\"E\": …, \"nu\": …}, {…}]"},
  /* lubrication and wear (models/README.md "Lubrication", "Wear") */
  {"lubrication_model_unknown.json", CS_ERR_INPUT,
   "/clearance_joints/0/lubrication/model: expected one of \"short_bearing\", "
   "\"long_bearing\", got \"finite_bearing\""},
  {"lubrication_film_thick.json", CS_ERR_INPUT,
   "/clearance_joints/0/lubrication/boundary_film: expected a boundary film thinner than the "
   "radial clearance (0.0005 m), got 0.001 m"},
  {"wear_no_hardness.json", CS_ERR_INPUT,
   "/clearance_joints/0/wear/hardness: missing, and neither material gives a hardness: "
   "expected the worn surface's hardness, Pa"},
  {"wear_profile_missing.json", CS_ERR_INPUT,
   "/clearance_joints/0/wear/initial_profile: cannot read the worn profile of \"J\" from "
   "'tests/bad_input/no_such_run.h5': No such file or directory"},
  /* a profile joint's follower outline (models/README.md "Profiles") */
  {"follower_pin_radius.json", CS_ERR_INPUT,
   "/clearance_joints/0/pin_radius: expected no \"pin_radius\" with a \"follower\" outline "
   "(the outline's arcs and corners are the follower's pins, each with its own radius)"},
  {"follower_face_on_spline_step.json", CS_ERR_INPUT,
   "/clearance_joints/0/follower: a follower with straight pieces and a wall with a spline "
   "step: a straight piece meets a closed spline wall (\"spline\") only, and would pass "
   "through the step's curve unseen; give that wall as a closed spline, or the follower arcs "
   "where it meets the step"},
  {"follower_empty_path.json", CS_ERR_INPUT,
   "/clearance_joints/0/follower/path: expected a start point and at least one step, got 0 "
   "elements"},
  {"clearance_slot_key.json", CS_ERR_INPUT,
   "/clearance_joints/0: unknown key \"hole_radius\" for a slot clearance joint (expected one "
   "of: name, type, body1, body2, point1, point2, pin_radius, materials, contact, regions, "
   "min_impact_velocity, start, length, axis, half_length, half_width, wear)"},
  /* a clearance joint's start (models/README.md "Clearance joints") */
  {"start_unknown.json", CS_ERR_INPUT, "/clearance_joints/0/start: expected \"ideal\", "
   "\"given\" or {\"velocity\": \"ideal\" | \"given\", \"position\": \"given\" | "
   "\"centred\" | \"resting\"}, got \"idea\""},
  {"start_not_text.json", CS_ERR_INPUT, "/clearance_joints/0/start: expected \"ideal\", "
   "\"given\" or {\"velocity\": \"ideal\" | \"given\", \"position\": \"given\" | "
   "\"centred\" | \"resting\"}, got 1"},
  {"start_key.json", CS_ERR_INPUT, "/clearance_joints/0/start: unknown key \"positions\" "
   "(expected one of: velocity, position)"},
  {"start_position.json", CS_ERR_INPUT, "/clearance_joints/0/start/position: expected one of "
   "\"given\", \"centred\", \"resting\", got \"center\""},
  {"start_resting_translational.json", CS_ERR_INPUT, "/clearance_joints/0/start/position: "
   "\"resting\" is for a round hole (revolute, spherical): which corners of a translational "
   "block carry its load is not defined; expected \"given\" or \"centred\""},
  {"clearance_start_resting_translational.json", CS_ERR_INPUT, "/clearance_start/position: "
   "\"resting\" is for a round hole (revolute, spherical): which corners of a translational "
   "block carry its load is not defined; expected \"given\" or \"centred\""},
  {"start_slot.json", CS_ERR_INPUT, "/clearance_joints/0/start: a pin in slot has no ideal "
   "joint to start as (revolute, spherical and translational clearance joints do): expected "
   "\"given\""},
  {"clearance_start_value.json", CS_ERR_INPUT, "/clearance_start/velocity: expected one of "
   "\"given\", \"ideal\", got \"gven\""},
  /* profile walls that cross themselves (engine/io/cs_loader_profile.c): the later part's
   * pointer, the earlier one named, the crossing point */
  {"profile_figure_eight.json", CS_ERR_INPUT,
   "/clearance_joints/0/profile/path/3: expected a wall that does not cross itself, but this "
   "step crosses /clearance_joints/0/profile/path/1 at (0.01, 0.01) m"},
  {"profile_arc_crossing.json", CS_ERR_INPUT,
   "/clearance_joints/0/profile/path/3: expected a wall that does not cross itself, but this "
   "step crosses /clearance_joints/0/profile/path/1 at (0.00267949, 0) m"},
  {"profile_closing_crossing.json", CS_ERR_INPUT,
   "/clearance_joints/0/profile/path: expected a wall that does not cross itself, but the "
   "segment closing the path crosses /clearance_joints/0/profile/path/2 at (0.02, 0.01) m"},
  {"profile_spline_step_crossing.json", CS_ERR_INPUT,
   "/clearance_joints/0/profile/path/2: expected a wall that does not cross itself, but this "
   "step crosses /clearance_joints/0/profile/path/1 at (-0.00961287, 0) m"},
  {"profile_spline_loop.json", CS_ERR_INPUT,
   "/clearance_joints/0/profile/spline/8: expected a wall that does not cross itself, but the "
   "curve's span from this point crosses /clearance_joints/0/profile/spline/2 at (0, "
   "0.000404821) m"},
  {"translational_guide_narrow.json", CS_ERR_INPUT,
   "/clearance_joints/0/guide_half_width: expected a number > half_width (0.01 m), got 0.009"},
  {"translational_pin_radius.json", CS_ERR_INPUT,
   "/clearance_joints/0: unknown key \"pin_radius\" for a translational clearance joint "
   "(expected one of: name, type, body1, body2, point1, point2, materials, contact, regions, "
   "min_impact_velocity, start, length, axis, half_length, half_width, corner_radius, "
   "guide_half_width)"},
  {"translational_region_unknown.json", CS_ERR_INPUT,
   "/clearance_joints/0/regions: unknown key \"top\" (the joint's regions) (expected one of: "
   "front_top:upper, front_top:lower, rear_top:upper, rear_top:lower, rear_bottom:upper, "
   "rear_bottom:lower, front_bottom:upper, front_bottom:lower, upper, lower)"},
  {"clearance_no_contact.json", CS_ERR_INPUT,
   "/clearance_joints/0: no contact block for region \"bearing\": expected \"contact\" (or "
   "\"regions\": {\"bearing\": …})"},
  /* names: HDF5 group names and UTF-8 strings (models/README.md "Limits") */
  {"name_dot.json", CS_ERR_INPUT, "/drivers/0/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got \".\""},
  {"name_slash.json", CS_ERR_INPUT,
   "/joints/1/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got \"B/1\""},
  {"name_too_long.json", CS_ERR_INPUT,
   "/clearance_joints/0/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got "
   "\"CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC...\" (too long)"},
  {"clearance_name_twice.json", CS_ERR_INPUT, "/clearance_joints/1/name: duplicate name \"C\""},
  {"name_not_utf8.json", CS_ERR_INPUT, "line 29 column 16: not valid UTF-8 (byte 0xE9)"},
  /* the text */
  {"bom_twice.json", CS_ERR_INPUT,
   "line 1 column 4: a second byte-order mark (expected at most one, at the start)"},
  {"nesting_deep.json", CS_ERR_INPUT, "line 1 column 1032: arrays and objects nested deeper "
   "than 1000 levels (the limit of the JSON reader)"},
  /* numbers the engine's arithmetic cannot carry */
  {"solver_t_end_tiny.json", CS_ERR_INPUT, "/solver/t_end: expected a number > 0 of magnitude "
   "at least 1e-20 (beyond, the engine's arithmetic underflows), got 1e-300"},
  {"solver_rtol_tiny.json", CS_ERR_INPUT, "/solver/rtol: expected a number > 0 of magnitude "
   "at least 1e-20 (beyond, the engine's arithmetic underflows), got 1e-300"},
  {"gravity_huge.json", CS_ERR_INPUT, "/gravity/1: expected a number of magnitude at most "
   "1e+20 (beyond, the engine's arithmetic overflows), got -1e+308"},
  {"mass_huge.json", CS_ERR_INPUT, "/bodies/1/mass: expected a number > 0 of magnitude at "
   "most 1e+20 (beyond, the engine's arithmetic overflows), got 1e+300"},
  {"velocity_huge.json", CS_ERR_INPUT, "/bodies/2/velocity/1: expected a number of magnitude "
   "at most 1e+20 (beyond, the engine's arithmetic overflows), got 1e+300"},
  {"material_E_huge.json", CS_ERR_INPUT, "/clearance_joints/0/materials/1/E: expected a number "
   "> 0 of magnitude at most 1e+20 (beyond, the engine's arithmetic overflows), got 1e+308"},
  {"contact_param_huge.json", CS_ERR_INPUT, "/clearance_joints/0/contact/restitution/cr: "
   "expected a number of magnitude at most 1e+20 (beyond, the engine's arithmetic overflows), "
   "got 1e+300"},
  /* a contact law that cannot be made for the joint: its own message, at the block's path */
  {"contact_law_materials.json", CS_ERR_INPUT, "/clearance_joints/0/contact: restitution "
   "\"liu_chen_shi\": needs the yield strength of both materials (got 0 and 3.5e+08 Pa)"},
  /* the file itself */
  {"does_not_exist.json", CS_ERR_IO, "cannot open: No such file or directory"},
};

static void check_failure(cs_status got, const cs_model *model, const cs_error *err,
                          cs_status code, const char *origin, const char *message)
{
  char want[1024];
  snprintf(want, sizeof want, "%s: %s", origin, message);
  CHECK(got == code && err->code == code, "%s: status %d (err %d), want %d", origin, got,
        err->code, code);
  CHECK(strcmp(err->message, want) == 0, "%s:\n  got  \"%s\"\n  want \"%s\"", origin,
        err->message, want);
  CHECK(model == NULL, "%s: *model must be NULL after a failure", origin);
}

static void test_bad_files(void)
{
  for (size_t i = 0; i < sizeof bad_files / sizeof *bad_files; i++) {
    const struct bad_file *c = &bad_files[i];
    char path[256];
    snprintf(path, sizeof path, DIR "%s", c->file);
    cs_model *model = (cs_model *)&model; /* must be overwritten with NULL */
    cs_error err;
    cs_status st = cs_model_load_file(path, NULL, &model, &err);
    check_failure(st, model, &err, c->code, path, c->message);
    if (st == CS_OK)
      cs_model_free(model);
  }
  /* only a regular file is input: a directory, a device or a FIFO is refused at once (a FIFO
   * used to block open() for ever) */
  cs_model *model;
  cs_error err;
  cs_status st = cs_model_load_file("tests/bad_input", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_IO, "tests/bad_input",
                "cannot open: a directory, not a regular file");
  char fifo[] = "/tmp/cs_bad_input_fifo_XXXXXX";
  int fd = mkstemp(fifo);
  if (fd >= 0)
    close(fd), unlink(fifo);
  CHECK(fd >= 0 && mkfifo(fifo, 0600) == 0, "cannot make the FIFO %s", fifo);
  st = cs_model_load_file(fifo, NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_IO, fifo, "cannot open: a FIFO, not a regular file");
  unlink(fifo);
}

static void test_bad_strings(void)
{
  static const struct {
    const char *json, *origin;
    cs_status code;
    const char *message;
  } cases[] = {
    {"", NULL, CS_ERR_INPUT, "line 1 column 1: not valid JSON (unexpected end of input)"},
    {"  \n   ", NULL, CS_ERR_INPUT, "line 2 column 4: not valid JSON (unexpected end of input)"},
    {"[]", NULL, CS_ERR_INPUT, "/: expected an object, got an array"},
    {"null", "mem.json", CS_ERR_INPUT, "/: expected an object, got null"},
    /* "[" at column 25 is the last character: the input ends inside the array */
    {"{\"name\": \"x\", \"bodies\": [", NULL, CS_ERR_INPUT,
     "line 1 column 26: not valid JSON (unexpected end of input)"},
    /* trailing garbage after a complete value: the "x" at column 4 */
    {"{} x", NULL, CS_ERR_INPUT, "line 1 column 4: not valid JSON"},
    {"{\"name\": \"\"}", NULL, CS_ERR_INPUT,
     "/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got \"\""},
    {"{\"name\": \"a/b\"}", NULL, CS_ERR_INPUT,
     "/name: expected a name: 1 to 64 bytes of UTF-8, not \".\", without '/', got \"a/b\""},
    {"{\"name\": \"x\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": \"b\", "
     "\"mass\": -1e999}]}",
     NULL, CS_ERR_INPUT,
     "/bodies/1/mass: expected a number > 0, got a number beyond the range of a double"},
    {"{\"name\": \"x\", \"bodies\": [{\"name\": \"g\", \"ground\": 1}]}", NULL, CS_ERR_INPUT,
     "/bodies/0/ground: expected true or false, got 1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    cs_model *model;
    cs_error err;
    cs_status st = cs_model_load_string(cases[i].json, cases[i].origin, NULL, &model, &err);
    check_failure(st, model, &err, cases[i].code, cases[i].origin ? cases[i].origin : "<string>",
                  cases[i].message);
  }

  /* API misuse is an argument error, not an input error (cs_contact.h) */
  cs_model *model;
  cs_error err;
  CHECK(cs_model_load_string(NULL, NULL, NULL, &model, &err) == CS_ERR_ARGUMENT,
        "NULL json: CS_ERR_ARGUMENT");
  CHECK(strcmp(err.message, "cs_model_load_string: json is NULL") == 0, "NULL json: %s",
        err.message);
  CHECK(cs_model_load_string("{}", NULL, NULL, NULL, NULL) == CS_ERR_ARGUMENT,
        "NULL model pointer: CS_ERR_ARGUMENT (and err may be NULL)");
  CHECK(cs_model_load_file(NULL, NULL, &model, NULL) == CS_ERR_ARGUMENT, "NULL path");

  /* 200 000 nested arrays: cJSON stops at its nesting limit (1000) instead of overflowing
   * the stack; the error is at the 1001st bracket */
  size_t n = 200000;
  char *deep = malloc(n + 1);
  memset(deep, '[', n);
  deep[n] = '\0';
  cs_status st = cs_model_load_string(deep, "deep", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_INPUT, "deep", "line 1 column 1001: arrays and objects "
                "nested deeper than 1000 levels (the limit of the JSON reader)");
  free(deep);

  /* the size cap: a string one byte over 16 MiB is refused before it is parsed */
  n = (16u << 20) + 1;
  char *big = malloc(n + 1);
  memset(big, ' ', n);
  big[n] = '\0';
  st = cs_model_load_string(big, "big", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_INPUT, "big",
                "16777217 bytes, expected at most 16777216 (16 MiB, the limit of a model or "
                "impact file)");
  free(big);
  /* a file that never ends is refused at once: a device is not a regular file */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  st = cs_model_load_file("/dev/zero", NULL, &model, &err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  check_failure(st, model, &err, CS_ERR_IO, "/dev/zero",
                "cannot open: a device, not a regular file");
  double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  CHECK(s < 1.0, "/dev/zero refused in %.3f s", s);
  /* a name of exactly 64 bytes (two-byte characters) is a name; invalid UTF-8 in a string
   * handed to the API is refused like a file's */
  char json[512];
  snprintf(json, sizeof json, "{\"name\": \"%s\"}",
           "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
           "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9");
  st = cs_model_load_string(json, "u", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_INPUT, "u", "/bodies: missing, expected an array of bodies");
  st = cs_model_load_string("{\"name\": \"\xC3\x28\"}", "bad-utf8", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_INPUT, "bad-utf8",
                "line 1 column 11: not valid UTF-8 (byte 0xC3)");
  st = cs_model_load_string("{\"name\": \"\xED\xA0\x80\"}", "surrogate", NULL, &model, &err);
  check_failure(st, model, &err, CS_ERR_INPUT, "surrogate",
                "line 1 column 11: not valid UTF-8 (byte 0xED)");
}

static char *read_all(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  size_t got = fread(text, 1, (size_t)n, f);
  text[got] = '\0';
  fclose(f);
  return text;
}

static const cs_joint *joint_named(const cs_model *m, const char *name)
{
  for (int k = 0; k < m->njoint; k++)
    if (strcmp(m->joints[k].name, name) == 0)
      return &m->joints[k];
  return NULL;
}

static void check_body(const cs_model *m, const char *name, int ground, double mass,
                       double inertia, const double q0[3], const double v0[3], const int lock[3],
                       int coord)
{
  int i = cs_model_body_index(m, name);
  CHECK(i >= 0, "body %s present", name);
  if (i < 0)
    return;
  const cs_body *b = &m->bodies[i];
  CHECK(b->ground == ground, "%s: ground %d", name, b->ground);
  CHECK_NEAR(b->mass, mass, 0, "mass");
  CHECK_NEAR(b->inertia, inertia, 0, "inertia");
  for (int c = 0; c < 3; c++) {
    CHECK_NEAR(b->q0[c], q0[c], 0, "q0");
    CHECK_NEAR(b->v0[c], v0[c], 0, "v0");
    CHECK(b->lock[c] == lock[c], "%s: lock[%d] = %d", name, c, b->lock[c]);
  }
  CHECK(b->coord == coord, "%s: coord %d, want %d", name, b->coord, coord);
}

static void check_joint(const cs_model *m, int index, const char *name, cs_joint_kind kind,
                        const char *body1, const char *body2, const double point[4],
                        const double axis[2], double angle, int row0)
{
  const cs_joint *j = joint_named(m, name);
  CHECK(j == &m->joints[index], "joint %s at index %d (ideal joints, then drivers)", name, index);
  if (!j)
    return;
  CHECK(j->kind == kind, "%s: kind %d, want %d", name, j->kind, kind);
  CHECK(j->body[0] == cs_model_body_index(m, body1) && j->body[1] == cs_model_body_index(m, body2),
        "%s: bodies %d %d", name, j->body[0], j->body[1]);
  for (int c = 0; c < 4; c++)
    CHECK_NEAR(j->point[c / 2][c % 2], point[c], 0, "joint point");
  CHECK_NEAR(j->axis[0], axis[0], 1e-15, "axis x");
  CHECK_NEAR(j->axis[1], axis[1], 1e-15, "axis y");
  CHECK_NEAR(j->angle, angle, 1e-15, "held angle");
  CHECK(j->row0 == row0 && j->nrows == cs_joint_rows(kind), "%s: rows %d+%d, want %d", name,
        j->row0, j->nrows, row0);
}

static void check_motion(const cs_model *m, const char *name, const double want[6])
{
  const cs_joint *j = joint_named(m, name);
  const cs_motion *mo = &j->motion;
  double got[6] = {mo->initial,   mo->velocity,  mo->acceleration,
                   mo->amplitude, mo->frequency, mo->phase};
  for (int c = 0; c < 6; c++)
    CHECK_NEAR(got[c], want[c], 0, name);
}

static void test_complete(void)
{
  const char *path = DIR "ok_complete.json";
  cs_model *m;
  cs_error err = {CS_ERR_SOLVER, "stale"};
  cs_status st = cs_model_load_file(path, NULL, &m, &err);
  CHECK(st == CS_OK, "ok_complete.json loads: %s", err.message);
  if (st != CS_OK)
    return;
  CHECK(err.code == CS_OK && err.message[0] == '\0', "err cleared on success");

  char *text = read_all(path);
  CHECK(text && strcmp(m->json, text) == 0, "json stored verbatim");
  CHECK(strcmp(m->origin, path) == 0, "origin %s", m->origin);
  CHECK(strcmp(m->name, "complete") == 0, "name %s", m->name);
  CHECK(strncmp(m->description, "Every feature", 13) == 0, "description %s", m->description);
  CHECK_NEAR(m->gravity[0], 0, 0, "gravity x");
  CHECK_NEAR(m->gravity[1], -9.81, 0, "gravity y");

  /* bodies in file order; coordinates only for moving ones: crank 0, rod 3, slider 6,
   * weight 9 (base and wall are ground) */
  static const double zero[3] = {0, 0, 0};
  static const int none[3] = {0, 0, 0};
  CHECK(m->nbody == 6 && m->ncoord == 12, "nbody %d ncoord %d", m->nbody, m->ncoord);
  check_body(m, "base", 1, 0, 0, zero, zero, none, -1);
  check_body(m, "crank", 0, 1.0, 0.01, (double[]){0.05, 0, 0}, (double[]){0, 0.1, 2},
             (int[]){0, 0, 1}, 0);
  check_body(m, "rod", 0, 2.0, 0.02, (double[]){0.15, 0, 0.3}, zero, none, 3);
  check_body(m, "wall", 1, 0, 0, (double[]){1, 0, 0.5}, zero, none, -1);
  check_body(m, "slider", 0, 0.5, 0, (double[]){0.25, 0, 0.2}, zero, (int[]){1, 1, 0}, 6);
  check_body(m, "weight", 0, 0.1, 0.001, (double[]){0.15, 0.05, 0.3}, zero, none, 9);

  /* rows: A 0–1, B 2–3, C 4–5, G 6–7, W 8–10, then the drivers one row each: 11 … 14 */
  CHECK(m->njoint == 9 && m->nrow == 15, "njoint %d nrow %d", m->njoint, m->nrow);
  static const double no_axis[2] = {0, 0};
  check_joint(m, 0, "A", CS_JOINT_REVOLUTE, "base", "crank", (double[]){0, 0, -0.05, 0},
              no_axis, 0, 0);
  check_joint(m, 1, "B", CS_JOINT_REVOLUTE, "crank", "rod", (double[]){0.05, 0, -0.1, 0},
              no_axis, 0, 2);
  /* point2 omitted: [0, 0] */
  check_joint(m, 2, "C", CS_JOINT_REVOLUTE, "rod", "slider", (double[]){0.1, 0, 0, 0}, no_axis,
              0, 4);
  /* axis [3, 4] normalised to [0.6, 0.8]; no "angle": θ_slider − θ_wall = 0.2 − 0.5 */
  check_joint(m, 3, "G", CS_JOINT_PRISMATIC, "wall", "slider", (double[]){-0.75, 0.01, 0, -0.02},
              (double[]){0.6, 0.8}, 0.2 - 0.5, 6);
  check_joint(m, 4, "W", CS_JOINT_FIXED, "rod", "weight", (double[]){0, 0.05, 0, 0}, no_axis,
              0.25, 8);
  /* a body driver's body1 is the first ground body ("base", not "wall") */
  check_joint(m, 5, "motor", CS_DRIVER_ANGLE, "base", "crank", (double[]){0, 0, 0, 0}, no_axis,
              0, 11);
  /* a joint driver takes the joint's bodies (and points, axis) */
  check_joint(m, 6, "m2", CS_DRIVER_ANGLE, "crank", "rod", (double[]){0.05, 0, -0.1, 0},
              no_axis, 0, 12);
  check_joint(m, 7, "push", CS_DRIVER_TRANSLATION, "wall", "slider",
              (double[]){-0.75, 0.01, 0, -0.02}, (double[]){0.6, 0.8}, 0, 13);
  /* axis [0, 2] normalised; point1 the ground's origin, point2 the body's "point" */
  check_joint(m, 8, "p2", CS_DRIVER_TRANSLATION, "base", "slider", (double[]){0, 0, 0.01, 0.02},
              (double[]){0, 1}, 0, 14);
  check_motion(m, "motor", (double[]){0.1, 6.2832, 0, 0, 0, 0});
  check_motion(m, "m2", (double[]){0, 0, 0, 0.2, 3, 0.5});
  check_motion(m, "push", (double[]){0, 0, 2, 0, 0, 0});
  check_motion(m, "p2", (double[]){0.3, -1, 0.5, 0.1, 2, 1});
  CHECK(strcmp(cs_model_joint_kind(m, 8), "translation driver") == 0, "public kind name");

  CHECK(m->nforce == 5, "nforce %d", m->nforce);
  if (m->nforce == 5) {
    const cs_force *s = &m->forces[0], *t = &m->forces[1], *f = &m->forces[2],
                   *f2 = &m->forces[3], *tq = &m->forces[4];
    CHECK(s->kind == CS_FORCE_SPRING && s->body[0] == 0 && s->body[1] == 1, "spring s");
    CHECK_NEAR(s->point[0][1], 0.1, 0, "s point1 y");
    CHECK_NEAR(s->point[1][0], 0.05, 0, "s point2 x");
    CHECK_NEAR(s->stiffness, 100, 0, "s stiffness");
    CHECK_NEAR(s->damping, 2, 0, "s damping");
    CHECK_NEAR(s->free_length, 0.1, 0, "s free length");
    CHECK_NEAR(s->actuation, 5, 0, "s force");
    CHECK(t->kind == CS_FORCE_TORSION && t->body[0] == 0 && t->body[1] == 1, "torsion t");
    CHECK_NEAR(t->stiffness, 1, 0, "t stiffness");
    CHECK_NEAR(t->damping, 0.1, 0, "t damping");
    CHECK_NEAR(t->free_length, 0.2, 0, "t free angle");
    CHECK_NEAR(t->actuation, 0.3, 0, "t torque");
    CHECK(f->kind == CS_FORCE_POINT && f->body[0] == 2 && f->body_frame == 1, "force f");
    CHECK_NEAR(f->point[0][0], 0.02, 0, "f point");
    CHECK_NEAR(f->force[1], -1, 0, "f force y");
    /* "frame" omitted: world; "point" omitted: the centre of mass */
    CHECK(f2->kind == CS_FORCE_POINT && f2->body[0] == 4 && f2->body_frame == 0, "force f2");
    CHECK_NEAR(f2->point[0][0], 0, 0, "f2 point");
    CHECK_NEAR(f2->force[0], -3, 0, "f2 force x");
    CHECK(tq->kind == CS_FORCE_TORQUE && tq->body[0] == 1, "torque tq");
    CHECK_NEAR(tq->torque, 0.5, 0, "tq torque");
  }

  CHECK(m->solver.formulation == CS_INDEX3, "formulation index3");
  CHECK_NEAR(m->solver.t_end, 2.5, 0, "t_end");
  CHECK_NEAR(m->solver.rtol, 1e-5, 0, "rtol");
  CHECK_NEAR(m->solver.atol, 1e-9, 0, "atol");
  CHECK_NEAR(m->solver.max_step, 0.01, 0, "max_step");
  CHECK_NEAR(m->solver.initial_step, 1e-4, 0, "initial_step");
  CHECK(m->solver.max_steps == 1000, "max_steps %ld", m->solver.max_steps);
  CHECK(strcmp(cs_model_output_path(m), "out.h5") == 0, "output file");
  CHECK_NEAR(cs_model_output_interval(m), 0.005, 0, "output interval");
  cs_model_free(m);

  /* the same text from memory, with a UTF-8 byte-order mark in front: same model, origin
   * "<string>", the text (with its mark) kept verbatim */
  size_t len = strlen(text);
  char *marked = malloc(len + 4);
  memcpy(marked, "\xEF\xBB\xBF", 3);
  memcpy(marked + 3, text, len + 1);
  st = cs_model_load_string(marked, NULL, NULL, &m, &err);
  CHECK(st == CS_OK, "from a string: %s", err.message);
  if (st == CS_OK) {
    CHECK(strcmp(m->origin, "<string>") == 0 && strcmp(m->json, marked) == 0, "origin, json");
    CHECK(m->nrow == 15 && m->ncoord == 12, "same layout from a string");
    cs_model_free(m);
  }
  free(marked);
  free(text);
}

/* Defaults (cs_model.h, models/README.md): everything optional left out. */
static void test_defaults(void)
{
  const char *json = "{\"name\": \"m\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
                     " {\"name\": \"b\", \"mass\": 2}]}";
  cs_model *m;
  cs_error err;
  cs_status st = cs_model_load_string(json, "defaults", NULL, &m, &err);
  CHECK(st == CS_OK, "minimal model: %s", err.message);
  if (st != CS_OK)
    return;
  CHECK(m->njoint == 0 && m->nforce == 0 && m->nrow == 0 && m->ncoord == 3, "no joints");
  CHECK(strcmp(m->description, "") == 0 && strcmp(cs_model_output_path(m), "") == 0,
        "description and output file default to \"\"");
  CHECK_NEAR(m->gravity[1], 0, 0, "gravity default 0");
  CHECK_NEAR(m->bodies[1].inertia, 0, 0, "inertia default 0");
  CHECK(m->solver.formulation == CS_AUTO, "formulation default auto");
  CHECK_NEAR(m->solver.rtol, 1e-6, 0, "rtol default");
  CHECK_NEAR(m->solver.atol, 1e-8, 0, "atol default");
  CHECK_NEAR(m->solver.t_end, 1, 0, "t_end default");
  CHECK(m->solver.max_steps == 500000, "max_steps default");
  CHECK_NEAR(m->output.interval, 1e-2, 0, "interval default");
  cs_model_free(m);
}

/* Robustness: every proper prefix of the complete model is invalid JSON and must fail cleanly
 * (no crash, no leak under ASan/LSan), and deleting any one byte must either load or fail
 * with an input error naming the origin. */
static void test_mutations(void)
{
  char *text = read_all(DIR "ok_complete.json");
  CHECK(text != NULL, "read ok_complete.json");
  if (!text)
    return;
  size_t len = strlen(text), last = strrchr(text, '}') - text;
  char *buf = malloc(len + 1);
  int prefix_bad = 0, deletion_bad = 0, deletion_ok = 0;
  for (size_t n = 0; n <= last; n++) {
    cs_model *m;
    cs_error err;
    memcpy(buf, text, n);
    buf[n] = '\0';
    if (cs_model_load_string(buf, "cut", NULL, &m, &err) != CS_ERR_INPUT ||
        !strstr(err.message, "not valid JSON") || strncmp(err.message, "cut: line ", 10) != 0)
      prefix_bad++;
  }
  for (size_t k = 0; k < len; k++) {
    cs_model *m;
    cs_error err;
    memcpy(buf, text, k);
    memcpy(buf + k, text + k + 1, len - k);
    cs_status st = cs_model_load_string(buf, "cut", NULL, &m, &err);
    if (st == CS_OK) {
      deletion_ok++;
      cs_model_free(m);
    } else if (st != CS_ERR_INPUT || strncmp(err.message, "cut: ", 5) != 0) {
      deletion_bad++;
    }
  }
  CHECK(prefix_bad == 0, "%d prefixes not reported as invalid JSON", prefix_bad);
  CHECK(deletion_bad == 0, "%d deletions failed with a wrong status or message", deletion_bad);
  /* deleting whitespace keeps the model valid: some deletions must load */
  CHECK(deletion_ok > 0, "no one-byte deletion loaded");
  free(buf);
  free(text);
}

/* The format reference's complete example must stay a valid model. */
static void test_reference_example(void)
{
  char *doc = read_all("models/README.md");
  CHECK(doc != NULL, "read models/README.md");
  if (!doc)
    return;
  char *start = NULL, *p = doc;
  while ((p = strstr(p, "```json\n")) != NULL)
    start = p += 8;
  char *end = start ? strstr(start, "```") : NULL;
  CHECK(end != NULL, "models/README.md has a json example");
  if (end) {
    *end = '\0';
    cs_model *m;
    cs_error err;
    cs_status st = cs_model_load_string(start, "models/README.md example", NULL, &m, &err);
    CHECK(st == CS_OK, "the reference example loads: %s", err.message);
    if (st == CS_OK) {
      /* the example's spring: free_length 0.13 = 0.3 − 0.17, its length at the initial pose */
      CHECK(m->nbody == 4 && m->njoint == 5 && m->nforce == 2, "example's elements");
      CHECK_NEAR(m->forces[0].free_length, 0.3 - 0.17, 1e-15, "example spring free length");
      cs_model_free(m);
    }
  }
  free(doc);
}

int main(void)
{
  test_bad_files();
  test_bad_strings();
  test_complete();
  test_defaults();
  test_mutations();
  test_reference_example();
  return cs_test_finish();
}
