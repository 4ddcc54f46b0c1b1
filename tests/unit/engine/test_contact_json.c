/* test_contact_json.c — the contact-block and materials loaders (engine/io/cs_loader_contact.c)
 * that clearance joints and impacts share: what a block resolves to (laws, parameters in table
 * order with defaults, the restitution rule), and the exact message of every refusal
 * (models/README.md "Contact blocks"). Expected parameter values are those written in the JSON
 * below or the defaults of the laws' tables (contact/friction_laws.c: v_tol = 1e-4 m/s). */
#include "cs_json.h"
#include "cs_test.h"

#include <stdlib.h>
#include <string.h>

/* Parse `json` (whose root holds the block under "b") and load it. */
static cs_status contact(const char *json, const cs_registry *reg, cs_contact_model *out,
                         cs_error *err)
{
  cJSON *root = cJSON_Parse(json);
  CHECK(root != NULL, "test JSON parses: %s", json);
  cs_status st = cs_json_contact(cJSON_GetObjectItemCaseSensitive(root, "b"), "c.json",
                                 "/joint/contact", reg, out, err);
  cJSON_Delete(root);
  return st;
}

static void refuse(const char *json, const char *want)
{
  cs_contact_model m;
  cs_error err = {CS_OK, ""};
  cs_status st = contact(json, NULL, &m, &err);
  int zeroed = !m.law[0] && !m.law[1] && !m.law[2] && !m.law[3];
  CHECK(st == CS_ERR_INPUT && zeroed && strcmp(err.message, want) == 0,
        "refused %s:\n  got  \"%s\"\n  want \"%s\"", json, err.message, want);
}

#define HZ "\"elastic\": {\"model\": \"hertz\"}"
#define FL "\"damping\": {\"model\": \"flores\"}"
#define CR "\"restitution\": {\"model\": \"constant\", \"cr\": 0.9}"

static void test_resolved(void)
{
  cs_contact_model m;
  cs_error err;
  cs_status st = contact("{\"b\": {" HZ ", " FL ", " CR ", \"friction\": {\"model\": "
                         "\"coulomb\", \"mu\": 0.1}}}", NULL, &m, &err);
  CHECK(st == CS_OK, "a full block loads: %s", err.message);
  if (st == CS_OK) {
    CHECK(strcmp(m.law[CS_ELASTIC]->name, "hertz") == 0 && m.law[CS_ELASTIC]->family == CS_ELASTIC,
          "elastic law hertz");
    CHECK(strcmp(m.law[CS_DAMPING]->name, "flores") == 0, "damping law flores");
    CHECK(strcmp(m.law[CS_RESTITUTION]->name, "constant") == 0 && m.params[CS_RESTITUTION][0] == 0.9,
          "restitution constant, c_r 0.9 as written");
    CHECK(strcmp(m.law[CS_FRICTION]->name, "coulomb") == 0 && m.params[CS_FRICTION][0] == 0.1 &&
              m.params[CS_FRICTION][1] == 1e-4,
          "friction coulomb: mu 0.1 as written, v_tol its table default 1e-4 m/s");
  }
  /* friction is optional */
  st = contact("{\"b\": {" HZ ", " FL ", " CR "}}", NULL, &m, &err);
  CHECK(st == CS_OK && m.law[CS_FRICTION] == NULL, "no friction block: no friction law (%s)",
        err.message);
  /* parameters in table order whatever the order written: lee_wang_2's table is (epsilon, q) */
  st = contact("{\"b\": {" HZ ", \"damping\": {\"q\": 3, \"model\": \"lee_wang_2\", "
               "\"epsilon\": 2e-6}, " CR "}}", NULL, &m, &err);
  CHECK(st == CS_OK && m.params[CS_DAMPING][0] == 2e-6 && m.params[CS_DAMPING][1] == 3,
        "parameters in table order: epsilon 2e-6, q 3 (%s)", err.message);
}

/* The restitution rule: required exactly when the damping law reads c_r (cs_json.h). */
static void test_restitution_rule(void)
{
  const char *free_laws[] = {"{\"model\": \"kelvin_voigt\", \"c\": 10}",
                             "{\"model\": \"alpha\", \"alpha\": 0.32}"};
  for (int i = 0; i < 2; i++) {
    char json[256];
    cs_contact_model m;
    cs_error err;
    snprintf(json, sizeof json, "{\"b\": {" HZ ", \"damping\": %s}}", free_laws[i]);
    cs_status st = contact(json, NULL, &m, &err);
    CHECK(st == CS_OK && m.law[CS_DAMPING]->ignores_cr && m.law[CS_RESTITUTION] &&
              strcmp(m.law[CS_RESTITUTION]->name, "constant") == 0 &&
              m.params[CS_RESTITUTION][0] == 1.0,
          "%s without restitution: constant c_r = 1 (%s)", free_laws[i], err.message);
  }
  /* a law that ignores c_r may still be given one; it then only labels the output */
  cs_contact_model m;
  cs_error err;
  cs_status st = contact("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 1}, "
                         "\"restitution\": {\"model\": \"constant\", \"cr\": 0.4}}}", NULL, &m,
                         &err);
  CHECK(st == CS_OK && m.params[CS_RESTITUTION][0] == 0.4, "kelvin_voigt with c_r 0.4 given");
  /* every law that reads c_r needs the block: these do not declare ignores_cr */
  cs_registry *reg = cs_registry_new();
  int reading = 0;
  for (int i = 0; reg && i < cs_registry_count(reg, CS_DAMPING); i++)
    reading += !cs_registry_get(reg, CS_DAMPING, i)->ignores_cr;
  CHECK(reading >= 15, "the c_r-reading damping laws (%d) are the many", reading);
  cs_registry_free(reg);
  refuse("{\"b\": {" HZ ", " FL "}}",
         "c.json: /joint/contact/restitution: missing, expected {\"model\": \"<restitution "
         "law>\", ...}: damping law \"flores\" uses the coefficient of restitution");
}

/* ---------------------------------------------------------------- a caller's registry ---- */

static const cs_param_spec probe_params[] = {
  {"k", "-", 2.0, 0.0, 10.0, 0, "a probe parameter"},
};

static cs_status probe_create(const double *params, const cs_contact_geometry *g, void **content,
                              cs_error *err)
{
  (void)params, (void)g, (void)err;
  *content = NULL;
  return CS_OK;
}

static double probe_normal(void *content, const cs_normal_in *in, double *dd, double *dr)
{
  (void)content, (void)dd, (void)dr;
  return in->Fe;
}

static const cs_law probe = {
  .name = "probe",
  .family = CS_DAMPING,
  .summary = "test probe",
  .source = "test_contact_json.c",
  .params = probe_params,
  .nparams = 1,
  .create = probe_create,
  .normal = probe_normal,
};

static void test_registry(void)
{
  cs_registry *reg = cs_registry_new();
  cs_error err;
  CHECK(reg && cs_registry_add(reg, &probe, &err) == CS_OK, "probe law registered");
  if (!reg)
    return;
  cs_contact_model m;
  cs_status st = contact("{\"b\": {" HZ ", \"damping\": {\"model\": \"probe\"}, " CR "}}", reg, &m,
                         &err);
  CHECK(st == CS_OK && m.law[CS_DAMPING] == &probe && m.params[CS_DAMPING][0] == 2.0,
        "the caller's registry resolves its own law, default k = 2 (%s)", err.message);
  st = contact("{\"b\": {" HZ ", \"damping\": {\"model\": \"probe\", \"k\": 11}, " CR "}}", reg,
               &m, &err);
  CHECK(st == CS_ERR_INPUT &&
            strcmp(err.message, "c.json: /joint/contact/damping/k: expected a number in [0, 10], "
                                "got 11") == 0,
        "the probe's range checked: %s", err.message);
  /* not in the built-in catalogue (registry NULL) */
  st = contact("{\"b\": {" HZ ", \"damping\": {\"model\": \"probe\"}, " CR "}}", NULL, &m, &err);
  CHECK(st == CS_ERR_INPUT && strstr(err.message, "unknown damping model \"probe\"") != NULL,
        "NULL registry: the built-in catalogue only (%s)", err.message);
  cs_registry_free(reg);
}

/* ---------------------------------------------------------------- refusals --------------- */

static void test_refusals(void)
{
  refuse("{\"b\": 3}", "c.json: /joint/contact: expected an object, got 3");
  refuse("{\"a\": 3}",
         "c.json: /joint/contact: missing, expected an object with \"elastic\", \"damping\" "
         "and (for most damping laws) \"restitution\"");
  refuse("{\"b\": {" FL ", " CR "}}",
         "c.json: /joint/contact/elastic: missing, expected {\"model\": \"<elastic law>\", ...}");
  refuse("{\"b\": {" HZ ", " CR "}}",
         "c.json: /joint/contact/damping: missing, expected {\"model\": \"<damping law>\", ...}");
  refuse("{\"b\": {" HZ ", " FL ", " CR ", \"frction\": {}}}",
         "c.json: /joint/contact: unknown key \"frction\" (expected one of: elastic, damping, "
         "restitution, friction)");
  refuse("{\"b\": {\"elastic\": \"hertz\", " FL ", " CR "}}",
         "c.json: /joint/contact/elastic: expected an object, got \"hertz\"");
  refuse("{\"b\": {\"elastic\": {}, " FL ", " CR "}}",
         "c.json: /joint/contact/elastic/model: missing, expected the name of an elastic law");
  refuse("{\"b\": {\"elastic\": {\"model\": 3}, " FL ", " CR "}}",
         "c.json: /joint/contact/elastic/model: expected the name of an elastic law, got 3");
  refuse("{\"b\": {" HZ ", " FL ", \"restitution\": {\"model\": \"constantt\", \"cr\": 0.9}}}",
         "c.json: /joint/contact/restitution/model: unknown restitution model \"constantt\" "
         "(expected one of: constant, hertz, johnson, thornton, jackson_green, wu, ma_liu, "
         "liu_chen_shi, herbert_mcwhannell)");
  refuse("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\"}}}",
         "c.json: /joint/contact/damping/c: missing, expected a number >= 0 (N*s/m, linear "
         "dashpot coefficient: F_n = F_e + c d')");
  refuse("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\", \"c\": \"10\"}}}",
         "c.json: /joint/contact/damping/c: expected a number, got \"10\"");
  refuse("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\", \"c\": -1}}}",
         "c.json: /joint/contact/damping/c: expected a number >= 0, got -1");
  refuse("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\", \"cc\": 1}}}",
         "c.json: /joint/contact/damping: unknown key \"cc\" for damping law \"kelvin_voigt\" "
         "(expected one of: c)");
  refuse("{\"b\": {\"elastic\": {\"model\": \"hertz\", \"K\": 1e10}, " FL ", " CR "}}",
         "c.json: /joint/contact/elastic: unknown key \"K\": elastic law \"hertz\" takes no "
         "parameters");
  refuse("{\"b\": {" HZ ", " FL ", \"restitution\": {\"model\": \"constant\", \"cr\": 1.5}}}",
         "c.json: /joint/contact/restitution/cr: expected a number in (0, 1], got 1.5");
  refuse("{\"b\": {\"elastic\": {\"model\": \"hertz\", \"model\": \"liu\"}, " FL ", " CR "}}",
         "c.json: /joint/contact/elastic: duplicate key \"model\"");
  refuse("{\"b\": {" HZ ", \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 1, \"c\": 2}}}",
         "c.json: /joint/contact/damping: duplicate key \"c\"");
  refuse("{\"b\": {" HZ ", " HZ ", " FL ", " CR "}}",
         "c.json: /joint/contact: duplicate key \"elastic\"");
}

/* ---------------------------------------------------------------- materials -------------- */

static cs_status materials(const char *json, cs_material out[2], cs_error *err)
{
  cJSON *root = cJSON_Parse(json);
  CHECK(root != NULL, "test JSON parses: %s", json);
  cs_status st = cs_json_materials(cJSON_GetObjectItemCaseSensitive(root, "m"), "m.json",
                                   "/materials", out, err);
  cJSON_Delete(root);
  return st;
}

static void refuse_materials(const char *json, const char *want)
{
  cs_material m[2];
  cs_error err = {CS_OK, ""};
  cs_status st = materials(json, m, &err);
  CHECK(st == CS_ERR_INPUT && strcmp(err.message, want) == 0,
        "refused %s:\n  got  \"%s\"\n  want \"%s\"", json, err.message, want);
}

static void test_materials(void)
{
  cs_material m[2];
  cs_error err;
  cs_status st = materials("{\"m\": [{\"E\": 2.07e11, \"nu\": 0.3, \"yield_strength\": 3e8, "
                           "\"hardness\": 2e9, \"density\": 7800, \"roughness\": 1.6e-6}, "
                           "{\"E\": 1.1e11, \"nu\": 0.34}]}", m, &err);
  CHECK(st == CS_OK, "materials load: %s", err.message);
  CHECK(m[0].E == 2.07e11 && m[0].nu == 0.3 && m[0].yield_strength == 3e8 &&
            m[0].hardness == 2e9 && m[0].density == 7800 && m[0].roughness == 1.6e-6,
        "body 1 as written");
  CHECK(m[1].E == 1.1e11 && m[1].nu == 0.34 && m[1].yield_strength == 0 && m[1].hardness == 0 &&
            m[1].density == 0 && m[1].roughness == 0,
        "body 2: E and nu as written, the optional ones 0");
  refuse_materials("{\"x\": 1}", "m.json: /materials: missing, expected an array of 2 materials "
                                 "[body 1, body 2]");
  refuse_materials("{\"m\": {}}", "m.json: /materials: expected an array of 2 materials "
                                  "[body 1, body 2], got an object");
  refuse_materials("{\"m\": [{\"E\": 1, \"nu\": 0}]}",
                   "m.json: /materials: expected an array of 2 materials [body 1, body 2], got 1 "
                   "element");
  refuse_materials("{\"m\": [{\"E\": 1, \"nu\": 0}, 5]}",
                   "m.json: /materials/1: expected an object, got 5");
  refuse_materials("{\"m\": [{\"E\": 1, \"nu\": 0, \"Young\": 1}, {\"E\": 1, \"nu\": 0}]}",
                   "m.json: /materials/0: unknown key \"Young\" for a material (expected one of: "
                   "E, nu, yield_strength, hardness, density, roughness)");
  refuse_materials("{\"m\": [{\"nu\": 0}, {\"E\": 1, \"nu\": 0}]}",
                   "m.json: /materials/0/E: missing, expected a number > 0");
  refuse_materials("{\"m\": [{\"E\": 0, \"nu\": 0}, {\"E\": 1, \"nu\": 0}]}",
                   "m.json: /materials/0/E: expected a number > 0, got 0");
  refuse_materials("{\"m\": [{\"E\": 1, \"nu\": -1}, {\"E\": 1, \"nu\": 0}]}",
                   "m.json: /materials/0/nu: expected a number in (-1, 0.5], got -1");
  refuse_materials("{\"m\": [{\"E\": 1, \"nu\": 0}, {\"E\": 1, \"nu\": 0, \"density\": -2}]}",
                   "m.json: /materials/1/density: expected a number >= 0, got -2");
}

int main(void)
{
  test_resolved();
  test_restitution_rule();
  test_registry();
  test_refusals();
  test_materials();
  return cs_test_finish();
}
