/* test_override.c — models loaded with (JSON pointer, value) overrides (clearsim.h "models
 * with overrides"): the edit lands where the pointer says and nowhere else, a run of the
 * overridden model equals a run of the same edit made by hand in the text, and every bad
 * override is refused with the origin, the pointer and what is wrong. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clearsim.h"
#include "cs_json.h"
#include "cs_test.h"

static const char *const base =
  "{\"name\": \"pendulum\", \"gravity\": [0, -9.81],\n"
  " \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
  "            {\"name\": \"bob\", \"mass\": 1, \"inertia\": 0, \"position\": [1, 0, 0]}],\n"
  " \"joints\": [{\"name\": \"O\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
  "             \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1, 0]}],\n"
  " \"solver\": {\"t_end\": 0.5, \"rtol\": 1e-8, \"atol\": 1e-10}}";

/* The same model written with a 2 kg bob, g = -3 and 0.25 s, by hand. */
static const char *const edited_by_hand =
  "{\"name\": \"pendulum\", \"gravity\": [0, -3],\n"
  " \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
  "            {\"name\": \"bob\", \"mass\": 2, \"inertia\": 0, \"position\": [1, 0, 0]}],\n"
  " \"joints\": [{\"name\": \"O\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
  "             \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1, 0]}],\n"
  " \"solver\": {\"t_end\": 0.25, \"rtol\": 1e-8, \"atol\": 1e-10}}";

static void run(const cs_model *m, double q[3], double *lambda0, long *steps)
{
  cs_sim *sim = NULL;
  cs_error err;
  cs_stats st;
  CHECK(cs_sim_create(m, &sim, &err) == CS_OK, "create: %s", err.message);
  if (!sim)
    return;
  CHECK(cs_sim_advance(sim, cs_model_t_end(m), &err) == CS_OK, "advance: %s", err.message);
  cs_sim_body_position(sim, 1, q);
  *lambda0 = cs_sim_lambda(sim, 0);
  cs_sim_stats(sim, &st);
  *steps = st.steps;
  cs_sim_free(sim);
}

static void edits_equal_hand_edits(void)
{
  const cs_override ov[] = {{"/bodies/1/mass", "2"},
                            {"/gravity/1", "-3"},
                            {"/solver/t_end", "0.25"}};
  cs_model *a = NULL, *b = NULL;
  cs_error err;
  CHECK(cs_model_load_string_overrides(base, "base", ov, 3, NULL, &a, &err) == CS_OK, "%s",
        err.message);
  CHECK(cs_model_load_string(edited_by_hand, "hand", NULL, &b, &err) == CS_OK, "%s",
        err.message);
  if (!a || !b)
    return;
  CHECK(cs_model_t_end(a) == 0.25, "t_end overridden: %g", cs_model_t_end(a));
  CHECK(strstr(cs_model_json(a), "0.25") && !strstr(cs_model_json(a), "0.5"),
        "the model's JSON is the edited document: %s", cs_model_json(a));
  double qa[3], qb[3], la, lb;
  long sa, sb;
  run(a, qa, &la, &sa);
  run(b, qb, &lb, &sb);
  /* the same doubles in, the same run: bit for bit */
  CHECK(qa[0] == qb[0] && qa[1] == qb[1] && qa[2] == qb[2] && la == lb && sa == sb,
        "overridden run equals the hand-edited one: x %.17g / %.17g, lambda %.17g / %.17g, "
        "steps %ld / %ld", qa[0], qb[0], la, lb, sa, sb);
  cs_model_free(a);
  cs_model_free(b);
}

static void adds_and_appends(void)
{
  /* a member that the document lacks is added; "-" appends to an array */
  const cs_override ov[] = {{"/output", "{\"interval\": 0.01}"},
                            {"/bodies/-", "{\"name\": \"free\", \"mass\": 1, \"inertia\": 1}"}};
  cs_model *m = NULL;
  cs_error err;
  CHECK(cs_model_load_string_overrides(base, NULL, ov, 2, NULL, &m, &err) == CS_OK, "%s",
        err.message);
  if (!m)
    return;
  CHECK(cs_model_body_count(m) == 3 && !strcmp(cs_model_body_name(m, 2), "free"),
        "appended body: %d bodies", cs_model_body_count(m));
  CHECK(cs_model_output_interval(m) == 0.01, "added output block: interval %g",
        cs_model_output_interval(m));
  cs_model_free(m);
}

/* The edited document holds the very doubles: cJSON alone prints 15 digits whenever they read
 * back within an epsilon, which moved the last bit (a sweep case then differed from the same
 * model run by hand by 3e-18 m at its first output). */
static void numbers_stay_exact(void)
{
  const char *json = "{\"name\": \"n\", \"a\": 13.089969389957473, \"b\": 0.1, \"c\": 3}";
  const cs_override ov[] = {{"/d", "0.30000000000000004"}, {"/e", "-218.16615649929121"}};
  char *edited = NULL;
  cs_error err;
  CHECK(cs_model_apply_overrides(json, NULL, ov, 2, &edited, &err) == CS_OK, "%s", err.message);
  if (!edited)
    return;
  /* -218.16615649929121 and …22 are one double; %.17g writes it …22 */
  const char *const want[] = {"13.089969389957473", "0.1", "3", "0.30000000000000004",
                              "-218.16615649929122"};
  for (int i = 0; i < 5; i++)
    CHECK(strstr(edited, want[i]) != NULL, "the edited text keeps %s exactly: %s", want[i], edited);
  CHECK(!strstr(edited, "13.0899693899575") && !strstr(edited, "0.10000000000000001"),
        "numbers are neither rounded to 15 digits nor padded to 17: %s", edited);
  free(edited);
}

/* Keys the loader takes one of, never both: an override setting one drops the other from
 * that object (and from no other), so it wins over the file; setting both is refused. */
static void pairs_drop_their_partner(void)
{
  const char *json =
    "{\"clearance_joints\": [{\"hole_radius\": 1, \"wear\": {\"initial_depth\": [0, 0, 0]}},\n"
    "                      {\"hole_radius\": 2}],\n"
    " \"drivers\": [{\"body\": \"crank\", \"motion\": {\"velocity\": 5}}],\n"
    " \"other\": {\"hole_radius\": 3, \"velocity\": 4}}";
  const cs_override ov[] = {{"/clearance_joints/1/clearance", "0.5"},
                            {"/clearance_joints/0/wear/initial_profile", "\"run1.h5\""},
                            {"/drivers/0/motion/rpm", "3000"},
                            {"/drivers/0/joint", "\"A\""},
                            {"/other/clearance", "1"},
                            {"/other/rpm", "1"}};
  char *edited = NULL;
  cs_error err;
  CHECK(cs_model_apply_overrides(json, NULL, ov, 6, &edited, &err) == CS_OK, "%s", err.message);
  cJSON *doc = edited ? cJSON_Parse(edited) : NULL;
  if (!doc)
    return;
  const char *const gone[] = {"/clearance_joints/1/hole_radius",
                              "/clearance_joints/0/wear/initial_depth",
                              "/drivers/0/motion/velocity", "/drivers/0/body"};
  const char *const kept[] = {"/clearance_joints/1/clearance", "/clearance_joints/0/hole_radius",
                              "/clearance_joints/0/wear/initial_profile",
                              "/drivers/0/motion/rpm", "/drivers/0/joint",
                              "/other/hole_radius", "/other/velocity", "/other/clearance"};
  for (int i = 0; i < 4; i++)
    CHECK(!cs_json_at(doc, gone[i]), "%s dropped: %s", gone[i], edited);
  for (int i = 0; i < 8; i++)
    CHECK(cs_json_at(doc, kept[i]) != NULL, "%s kept: %s", kept[i], edited);
  cJSON_Delete(doc);
  free(edited);
}

/* On the shipped models: a clearance over a file that gives hole_radius, a speed in r/min over
 * one that gives velocity, both run; both keys of a pair in one call, the loader's refusal. */
static void pairs_on_shipped_models(void)
{
  const char *path = "models/slider_crank_clearance.json";
  const cs_override gap[] = {{"/clearance_joints/0/clearance", "0.0003"},
                             {"/clearance_joints/0/hole_radius", "0.0101"}};
  cs_model *m = NULL;
  cs_error err;
  CHECK(cs_model_load_file_overrides(path, NULL, gap, 1, NULL, &m, &err) == CS_OK, "%s",
        err.message);
  if (m) {
    CHECK(cs_model_clearance_size(m, 0) == (0.0095 + 0.0003) - 0.0095,
          "hole = pin + clearance: c = %.17g", cs_model_clearance_size(m, 0));
    CHECK(!strstr(cs_model_json(m), "hole_radius"), "the file's hole_radius is gone");
    cs_model_free(m);
  }
  CHECK(cs_model_load_file_overrides(path, NULL, gap, 2, NULL, &m, &err) == CS_ERR_INPUT && !m,
        "clearance and hole_radius in one call: refused");
  CHECK(!strcmp(err.message, "models/slider_crank_clearance.json: /clearance_joints/0/clearance: "
                "give hole_radius or clearance (hole_radius − pin_radius), not both"),
        "the loader's message: %s", err.message);

  const cs_override speed[] = {{"/drivers/0/motion/rpm", "3000"},
                               {"/drivers/0/motion/velocity", "100"}};
  CHECK(cs_model_load_file_overrides("models/slider_crank.json", NULL, speed, 1, NULL, &m, &err)
        == CS_OK, "%s", err.message);
  cs_sim *sim = NULL;
  if (m && cs_sim_create(m, &sim, &err) == CS_OK &&
      cs_sim_advance(sim, 1e-3, &err) == CS_OK) {
    double q[3];
    cs_sim_body_position(sim, 1, q);
    CHECK_NEAR(q[2], 3000 * (2 * M_PI / 60) * 1e-3, 1e-9, "crank angle at 1 ms, 3000 r/min");
  }
  cs_sim_free(sim);
  cs_model_free(m);
  CHECK(cs_model_load_file_overrides("models/slider_crank.json", NULL, speed, 2, NULL, &m, &err)
        == CS_ERR_INPUT && !m, "rpm and velocity in one call: refused");
  CHECK(strstr(err.message, "/drivers/0/motion/rpm: give velocity (rad/s) or rpm (r/min), "
               "not both") != NULL, "the loader's message: %s", err.message);
}

static void expect_error(const cs_override *ov, int n, const char *want)
{
  cs_model *m = NULL;
  cs_error err;
  cs_status st = cs_model_load_string_overrides(base, "study.json: case 3: pendulum.json", ov,
                                                n, NULL, &m, &err);
  CHECK(st == CS_ERR_INPUT && m == NULL, "%s: status %d", want, (int)st);
  CHECK(!strcmp(err.message, want), "message\n  got  %s\n  want %s", err.message, want);
}

static void bad_overrides(void)
{
  const char *const where = "study.json: case 3: pendulum.json: ";
  char want[512];
#define EXPECT(ptr, val, text)                                                                \
  do {                                                                                        \
    const cs_override o_[] = {{ptr, val}};                                                    \
    snprintf(want, sizeof want, "%s%s", where, text);                                         \
    expect_error(o_, 1, want);                                                                \
  } while (0)
  EXPECT("/bodies/1/mass", "-1", "/bodies/1/mass: expected a number > 0, got -1");
  EXPECT("/bodies/7/mass", "1",
         "/bodies/7/mass: the model has no such place (at /bodies: no such element)");
  EXPECT("/bodys/1/mass", "1", "/bodys/1/mass: the model has no such place (at /: no such "
         "member)");
  EXPECT("/gravity/0/x", "1",
         "/gravity/0/x: the model has no such place (at /gravity/0: not an object or array)");
  EXPECT("/gravity/2", "1",
         "/gravity/2: expected an index of an existing element (the array has 2; \"-\" appends)");
  EXPECT("/gravity/01", "1",
         "/gravity/01: expected an index of an existing element (the array has 2; \"-\" "
         "appends)");
  EXPECT("solver/rtol", "1e-6",
         "solver/rtol: expected a JSON pointer starting with '/' (e.g. \"/solver/rtol\")");
  /* ~1 unescapes to '/': the loader then sees the key "fi/le" */
  EXPECT("/solver/fi~1le~0", "1", "/solver: unknown key \"fi/le~\" (expected one of: "
         "formulation, t_end, rtol, atol, max_step, initial_step, max_steps, linear_solver)");
  EXPECT("/a~2", "1", "/a~2: '~' must be followed by 0 or 1 in a JSON pointer");
  EXPECT("/solver/rtol", "1e-6,", "/solver/rtol: the value is not valid JSON: \"1e-6,\"");
  EXPECT("/solver/rtl", "1e-6",
         "/solver: unknown key \"rtl\" (expected one of: formulation, t_end, rtol, atol, "
         "max_step, initial_step, max_steps, linear_solver)");
#undef EXPECT
}

int main(void)
{
  edits_equal_hand_edits();
  adds_and_appends();
  numbers_stay_exact();
  bad_overrides();
  pairs_drop_their_partner();
  pairs_on_shipped_models();
  return cs_test_finish();
}
