/* An embedding program registers its own contact law through the public API and a model uses
 * it by name: a linear spring F = k δ ("my_linear", not in the catalogue) in a ball-in-socket
 * joint. The ball (mass m) leaves the socket's centre at v: with a linear spring and no
 * damping, the contact is half a period of √(k/m), π√(m/k), and the rebound speed is v. */
#include "clearsim.h"
#include "cs_test.h"

#include <stdio.h>
#include <stdlib.h>

static const cs_param_spec linear_params[] = {
  {"k", "N/m", 0, 0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN, "stiffness"},
};

static cs_status linear_create(const double *p, const cs_contact_geometry *g, void **content,
                               cs_error *err)
{
  (void)g, (void)err;
  double *k = malloc(sizeof *k);
  if (!k)
    return CS_ERR_MEMORY;
  *k = p[0];
  *content = k;
  return CS_OK;
}

static double linear_force(void *content, double delta, double *dFe)
{
  double k = *(double *)content;
  if (dFe)
    *dFe = k;
  return k * delta;
}

static double linear_energy(void *content, double delta)
{
  return 0.5 * *(double *)content * delta * delta;
}

static const cs_law my_linear = {
  .name = "my_linear", .family = CS_ELASTIC, .summary = "F = k delta", .source = "this test",
  .params = linear_params, .nparams = 1, .create = linear_create, .destroy = free,
  .elastic = linear_force, .energy = linear_energy,
};

static const char *model =
  "{\"name\": \"custom\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
  "{\"name\": \"ball\", \"mass\": 2, \"inertia\": 1e-4, \"velocity\": [0.5, 0, 0]}],"
  "\"clearance_joints\": [{\"name\": \"S\", \"type\": \"spherical\", \"start\": \"given\", \"body1\": \"g\", "
  "\"body2\": \"ball\", \"pin_radius\": 0.01, \"hole_radius\": 0.011, "
  "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
  "\"contact\": {\"elastic\": {\"model\": \"my_linear\", \"k\": 1e6}, "
  "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}}],"
  "\"solver\": {\"t_end\": 0.008, \"rtol\": 1e-10, \"atol\": 1e-13}, "
  "\"output\": {\"interval\": 0.008}}";

int main(void)
{
  cs_error err;
  cs_model *m = NULL;
  /* unknown to the built-in catalogue */
  CHECK(cs_model_load_string(model, "<custom>", NULL, &m, &err) == CS_ERR_INPUT,
        "the built-in catalogue has no my_linear");
  printf("without registering: %s\n", err.message);
  cs_registry *reg = cs_registry_new();
  CHECK(cs_registry_add(reg, &my_linear, &err) == CS_OK, "registered: %s", err.message);
  CHECK(cs_registry_find(reg, CS_ELASTIC, "my_linear") == &my_linear, "found by name");
  CHECK(cs_model_load_string(model, "<custom>", reg, &m, &err) == CS_OK, "loads: %s",
        err.message);
  cs_sim *s = NULL;
  CHECK(m && cs_sim_create(m, &s, &err) == CS_OK, "creates: %s", err.message);
  if (s) {
    CHECK(cs_sim_advance(s, 0.008, &err) == CS_OK, "runs: %s", err.message);
    cs_contact_event e;
    CHECK(cs_sim_event_count(s) == 1, "one contact");
    cs_sim_event(s, 0, &e);
    double v[3];
    cs_sim_body_velocity(s, 1, v);
    CHECK_REL(e.t_off - e.t_on, M_PI * sqrt(2.0 / 1e6), 1e-6, "contact lasts π√(m/k)");
    CHECK_REL(e.max_force, 0.5 * sqrt(2.0 * 1e6), 1e-3, "peak force v√(mk)");
    CHECK_NEAR(v[0], -0.5, 1e-7, "rebound speed = impact speed");
  }
  cs_sim_free(s);
  cs_model_free(m);
  cs_registry_free(reg);
  return cs_test_finish();
}
