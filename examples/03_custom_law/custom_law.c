/*
 * custom_law — a contact law written outside the library, through the public law API
 * (cs_contact.h), registered for one model and used by name like a built-in one.
 *
 *   custom_law [MODEL.json]      (default: examples/03_custom_law/ball_linear_spring.json)
 *
 * The law is a linear spring, F = k δ with its strain energy ½ k δ²: its parameter table gives
 * the loader the key `k` (N/m, required, > 0), so a model's contact block
 * {"model": "linear_spring", "k": 4e6} is checked like any other. The program runs the model
 * and prints its one contact against the closed form of a mass on a linear spring.
 */
#include <clearsim.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const cs_param_spec spring_params[] = {
  {"k", "N/m", 0, 0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN, "stiffness"},
};

/* The law's content: its stiffness, from the validated parameters. */
static cs_status spring_create(const double *params, const cs_contact_geometry *geometry,
                               void **content, cs_error *err)
{
  (void)geometry, (void)err;
  double *k = malloc(sizeof *k);
  if (!k)
    return CS_ERR_MEMORY;
  *k = params[0];
  *content = k;
  return CS_OK;
}

static double spring_force(void *content, double delta, double *dFe)
{
  double k = *(double *)content;
  if (dFe)
    *dFe = k;
  return k * delta;
}

static double spring_energy(void *content, double delta)
{
  return 0.5 * *(double *)content * delta * delta;
}

static const cs_law linear_spring = {
  .name = "linear_spring", .family = CS_ELASTIC, .summary = "F = k delta",
  .source = "examples/03_custom_law", .params = spring_params, .nparams = 1,
  .create = spring_create, .destroy = free, .elastic = spring_force, .energy = spring_energy,
};

int main(int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "examples/03_custom_law/ball_linear_spring.json";
  cs_error err;
  cs_registry *reg = cs_registry_new();
  cs_model *model = NULL;
  cs_sim *sim = NULL;
  int code = 1;
  if (!reg || cs_registry_add(reg, &linear_spring, &err) != CS_OK ||
      cs_model_load_file(path, reg, &model, &err) != CS_OK ||
      cs_sim_create(model, &sim, &err) != CS_OK ||
      cs_sim_advance(sim, cs_model_t_end(model), &err) != CS_OK) {
    fprintf(stderr, "custom_law: %s\n", reg ? err.message : "out of memory");
    goto done;
  }
  if (cs_sim_event_count(sim) != 1) {
    fprintf(stderr, "custom_law: %d contacts, expected one\n", cs_sim_event_count(sim));
    goto done;
  }
  /* the closed form of a mass m meeting a linear spring k at speed v */
  double m = 1.0, k = 4e6, v = 0.2, pi = acos(-1.0), rebound[3]; /* the model file's */
  cs_contact_event e;
  cs_sim_event(sim, 0, &e);
  cs_sim_body_velocity(sim, 1, rebound);
  printf("law            %s (%s), registered by this program\n", linear_spring.name,
         linear_spring.summary);
  printf("impact speed   %.9g m/s (closed form %.9g)\n", e.impact_velocity, v);
  printf("contact time   %.9g s (closed form pi sqrt(m/k) = %.9g)\n", e.t_off - e.t_on,
         pi * sqrt(m / k));
  printf("peak force     %.9g N (closed form v sqrt(m k) = %.9g)\n", e.max_force, v * sqrt(m * k));
  printf("rebound speed  %.9g m/s (closed form %.9g)\n", -rebound[0], v);
  code = 0;
done:
  cs_sim_free(sim);
  cs_model_free(model);
  cs_registry_free(reg);
  return code;
}
