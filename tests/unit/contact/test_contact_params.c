/* test_contact_params.c — cs_law_params (contact/cs_contact.c): a law's parameters checked
 * against its table. Each refusal is CS_ERR_INPUT with a message that starts with the JSON path
 * given and says what was expected; defaults are filled in table order. */
#include "cs_contact.h"
#include "cs_test.h"

#include <math.h>
#include <string.h>

#define PATH "models/x.json: /joints/2/contact/elastic"

/* A law made for these tests: a required positive modulus, a bounded ratio, a defaulted
 * length that may be zero, and one with no lower bound. */
static const cs_param_spec test_params[] = {
  {"E", "Pa", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN, "Young's modulus"},
  {"ratio", "-", 0.5, 0.0, 1.0, CS_PARAM_HI_OPEN, "a ratio in [0, 1)"},
  {"length", "m", 0.25, 0.0, INFINITY, 0, "a length >= 0"},
  {"offset", "m", -1.0, -INFINITY, INFINITY, 0, "any finite offset"},
};

static cs_status no_create(const double *p, const cs_contact_geometry *g, void **c, cs_error *e)
{
  (void)p, (void)g, (void)e;
  *c = NULL;
  return CS_OK;
}

static const cs_law test_law = {
  .name = "probe", .family = CS_ELASTIC, .summary = "test", .source = "test",
  .params = test_params, .nparams = 4, .create = no_create,
};

/* Run cs_law_params and expect a refusal whose message is exactly `want` (or contains every
 * piece of `want` separated by '|'). */
static void refuse(const cs_law *law, int n, const char *const *keys, const double *values,
                   const char *want)
{
  double out[8];
  cs_error err = {0};
  cs_status st = cs_law_params(law, n, keys, values, PATH, out, &err);
  int ok = st == CS_ERR_INPUT && err.code == CS_ERR_INPUT &&
           strncmp(err.message, PATH, strlen(PATH)) == 0;
  char pieces[256];
  snprintf(pieces, sizeof pieces, "%s", want);
  for (char *p = strtok(pieces, "|"); p && ok; p = strtok(NULL, "|"))
    ok = strstr(err.message, p) != NULL;
  CHECK(ok, "refused with \"%s\": status %d, message \"%s\"", want, (int)st, err.message);
}

static void test_accepts(void)
{
  const char *keys[] = {"offset", "E"};
  double values[] = {-3.5, 2e11}, out[4] = {0};
  cs_error err = {0};
  CHECK(cs_law_params(&test_law, 2, keys, values, PATH, out, &err) == CS_OK, "valid set: %s",
        err.message);
  /* given values land in table order, the rest take the table's defaults */
  CHECK(out[0] == 2e11 && out[1] == 0.5 && out[2] == 0.25 && out[3] == -3.5,
        "table order and defaults: %g %g %g %g", out[0], out[1], out[2], out[3]);
  /* bounds: closed at lo, open at hi as the flags say */
  const char *k2[] = {"E", "ratio", "length"};
  double v2[] = {1e-300, 0.0, 0.0};
  CHECK(cs_law_params(&test_law, 3, k2, v2, PATH, out, &err) == CS_OK,
        "ratio = 0 and length = 0 are admissible (closed lower bounds): %s", err.message);
}

static void test_refusals(void)
{
  const char *E[] = {"E"}, *ratio[] = {"E", "ratio"}, *len[] = {"E", "length"};
  const char *off[] = {"E", "offset"};
  double neg[] = {-1}, zero[] = {0}, nan_[] = {NAN}, inf[] = {INFINITY};
  /* the brief's example, verbatim */
  refuse(&test_law, 1, E, neg, PATH "/E: expected a number > 0, got -1");
  refuse(&test_law, 1, E, zero, PATH "/E: expected a number > 0, got 0");
  refuse(&test_law, 1, E, nan_, PATH "/E: expected a finite number, got nan");
  refuse(&test_law, 1, E, inf, PATH "/E: expected a finite number, got inf");
  double r1[] = {1e9, 1.0}, l1[] = {1e9, -1e-9}, o1[] = {1e9, -INFINITY};
  refuse(&test_law, 2, ratio, r1, PATH "/ratio: expected a number in [0, 1), got 1");
  refuse(&test_law, 2, len, l1, PATH "/length: expected a number >= 0, got -1e-09");
  refuse(&test_law, 2, off, o1, PATH "/offset: expected a finite number, got -inf");
  /* missing required: names the key, its range and units */
  refuse(&test_law, 0, NULL, NULL, PATH "/E: missing, expected a number > 0|Pa");
  /* unknown key: names it and lists the accepted keys */
  const char *typo[] = {"E", "lenght"};
  double tv[] = {1e9, 1};
  refuse(&test_law, 2, typo, tv,
         PATH ": unknown key \"lenght\"|elastic law \"probe\"|E, ratio, length, offset");
  const char *dup[] = {"E", "E"};
  double dv[] = {1e9, 2e9};
  refuse(&test_law, 2, dup, dv, PATH ": duplicate key \"E\"");
}

/* The built-in laws' tables behave the same way. */
static void test_builtin(void)
{
  cs_registry *reg = cs_registry_new();
  const cs_law *pl = cs_registry_find(reg, CS_ELASTIC, "power_law");
  const cs_law *hz = cs_registry_find(reg, CS_ELASTIC, "hertz");
  const cs_law *jn = cs_registry_find(reg, CS_ELASTIC, "johnson");
  const cs_law *ln = cs_registry_find(reg, CS_ELASTIC, "lankarani_nikravesh");
  CHECK(pl && hz && jn && ln, "power_law, hertz, johnson, lankarani_nikravesh registered");
  if (pl && hz && jn && ln) {
    const char *K[] = {"K", "n"}, *Konly[] = {"K"};
    double negK[] = {-5e9, 1.5}, okK[] = {5e9};
    refuse(pl, 2, K, negK, PATH "/K: expected a number > 0, got -5e+09");
    refuse(pl, 1, Konly, okK, PATH "/n: missing, expected a number > 0");
    const char *stray[] = {"K"};
    refuse(hz, 1, stray, okK, PATH ": unknown key \"K\"|\"hertz\" takes no parameters");
    refuse(jn, 1, stray, okK, PATH ": unknown key \"K\"|expected one of: fit_range");
    const char *fr[] = {"fit_range"};
    double frneg[] = {-1e-6};
    refuse(jn, 1, fr, frneg, PATH "/fit_range: expected a number >= 0, got -1e-06");
    double out[2] = {NAN, NAN};
    cs_error err = {0};
    CHECK(cs_law_params(jn, 0, NULL, NULL, PATH, out, &err) == CS_OK && out[0] == 0.0,
          "johnson: fit_range defaults to 0 (no fit)");
    CHECK(cs_law_params(ln, 0, NULL, NULL, PATH, out, &err) == CS_OK && out[0] == 1.5,
          "lankarani_nikravesh: n defaults to 1.5 (004 Table 11)");
    CHECK(cs_law_params(hz, 0, NULL, NULL, PATH, NULL, &err) == CS_OK,
          "hertz: no parameters, no output needed");
  }
  cs_registry_free(reg);
  /* arguments out of contract are CS_ERR_ARGUMENT, not input errors */
  cs_error err = {0};
  double out[4];
  CHECK(cs_law_params(NULL, 0, NULL, NULL, PATH, out, &err) == CS_ERR_ARGUMENT,
        "NULL law: CS_ERR_ARGUMENT");
  CHECK(cs_law_params(&test_law, 1, NULL, NULL, PATH, out, &err) == CS_ERR_ARGUMENT,
        "n > 0 without keys: CS_ERR_ARGUMENT");
}

int main(void)
{
  test_accepts();
  test_refusals();
  test_builtin();
  return cs_test_finish();
}
