/*
 * clearsim-bench — integration cost of models under each formulation.
 *
 *   clearsim-bench [MODEL.json …]     (default: the ideal-joint models of models/)
 *
 * Prints, per model and formulation: steps, residual and Jacobian evaluations, error-test and
 * convergence failures, wall time per simulated second, final energy balance error and
 * constraint drift. A benchmark reports figures; it asserts nothing.
 */
#include "clearsim.h"

#include <math.h>
#include <stdio.h>

static const char *const default_models[] = {"models/pendulum.json", "models/double_pendulum.json",
                                             "models/four_bar.json", "models/slider_crank.json",
                                             "models/slider_crank_clearance.json"};

static void bench(const char *path, cs_formulation form)
{
  cs_error err;
  cs_model *model = NULL;
  cs_sim *sim = NULL;
  if (cs_model_load_file(path, NULL, &model, &err)) {
    printf("%-28s %s\n", path, err.message);
    return;
  }
  cs_model_set_formulation(model, form);
  cs_status st = cs_sim_create(model, &sim, &err);
  if (!st)
    st = cs_sim_advance(sim, cs_model_t_end(model), &err);
  if (sim) {
    cs_stats s;
    cs_energy e;
    cs_sim_stats(sim, &s);
    cs_sim_energy(sim, &e);
    double t = cs_sim_time(sim);
    printf("%-18s %-7s %8ld %9ld %7ld %6ld %6ld %12.4g %11.3g %9.2g %s\n", cs_model_name(model),
           cs_formulation_name(form), s.steps, s.residual_evals, s.jacobian_evals,
           s.error_test_failures, s.convergence_failures, t > 0 ? s.wall_time / t : 0.0,
           e.balance_error, cs_sim_position_drift(sim), st ? err.message : "");
  } else {
    printf("%-28s %s\n", path, err.message);
  }
  cs_sim_free(sim);
  cs_model_free(model);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? argc - 1 : (int)(sizeof default_models / sizeof *default_models);
  printf("%-18s %-7s %8s %9s %7s %6s %6s %12s %11s %9s\n", "model", "form", "steps", "residuals",
         "jacs", "etf", "ncf", "wall s/sim s", "balance J", "|phi|");
  for (int i = 0; i < n; i++)
    for (int f = 0; f < 4; f++)
      bench(argc > 1 ? argv[i + 1] : default_models[i],
            (cs_formulation[]){CS_GGL, CS_INDEX3, CS_PROJECTED, CS_AUTO}[f]);
  return 0;
}
