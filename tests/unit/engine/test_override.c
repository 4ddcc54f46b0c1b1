/* test_override.c — models loaded with (JSON pointer, value) overrides (clearsim.h "models
 * with overrides"): the edit lands where the pointer says and nowhere else, a run of the
 * overridden model equals a run of the same edit made by hand in the text, and every bad
 * override is refused with the origin, the pointer and what is wrong. */
#include <stdlib.h>
#include <string.h>

#include "clearsim.h"
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
  return cs_test_finish();
}
