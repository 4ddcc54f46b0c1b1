/* The clearance slider-crank converges to the ideal one as the clearance vanishes
 * (models/slider_crank_clearance.json against models/slider_crank.json): over the second
 * crank turn, the slider's largest position difference shrinks with the clearance c and stays
 * within a small multiple of it (the journal can sit anywhere in the clearance circle, plus
 * the contact's elastic compliance), and the crank torque's RMS difference shrinks towards 0.
 * Steel L-N contact, c_r = 0.9, clearances 0.5 mm → 4 µm. */
#include "cs_test.h"
#include "cs_test_models.h"
#include "cs_clearance.h"

#include <string.h>

enum { MAXROWS = 2500 };

typedef struct trace {
  double x[MAXROWS], tau[MAXROWS];
  int n;
} trace;

static int record(const cs_sim *s, void *user)
{
  trace *r = user;
  double q[3];
  int driver = cs_model_joint_count(cs_sim_model(s)) - 1; /* the motor comes last */
  if (r->n < MAXROWS) {
    cs_sim_body_position(s, 3, q); /* the slider */
    r->x[r->n] = q[0];
    r->tau[r->n] = cs_sim_driver_reaction(s, driver);
    r->n++;
  }
  return 0;
}

static void run(cs_model *m, trace *r)
{
  cs_error err;
  m->output.interval = 1e-5;
  /* tight enough that the 0.5 mm joint's contact sequence is the true one (at the file's
   * 1e-6 it is not: the torque difference there moved from 1.3 to 0.65 with the solver) */
  m->solver.rtol = 1e-9;
  m->solver.atol = 1e-12;
  cs_sim *s = start(m);
  cs_sim_set_output(s, record, r);
  CHECK(cs_sim_advance(s, 0.024, &err) == CS_OK, "%s runs: %s", m->name, err.message);
  cs_sim_free(s);
}

int main(void)
{
  static trace ideal, clear;
  cs_model *m = load_model("models/slider_crank.json");
  run(m, &ideal);
  cs_model_free(m);
  const double cs[] = {5e-4, 1e-4, 2e-5, 4e-6};
  double last_tau = INFINITY;
  for (int k = 0; k < 4; k++) {
    m = load_model("models/slider_crank_clearance.json");
    cs_clearance *j = &m->clearances[0];
    j->pin_radius = j->hole_radius - cs[k];
    cs_clearance_prepare(j, 0.14, 0.21); /* slider (bearing), rod (journal) */
    memset(&clear, 0, sizeof clear);
    run(m, &clear);
    cs_model_free(m);
    int n = clear.n < ideal.n ? clear.n : ideal.n;
    double dx = 0, d2 = 0, t2 = 0;
    for (int i = n / 2; i < n; i++) { /* the second turn */
      dx = fmax(dx, fabs(clear.x[i] - ideal.x[i]));
      d2 += (clear.tau[i] - ideal.tau[i]) * (clear.tau[i] - ideal.tau[i]);
      t2 += ideal.tau[i] * ideal.tau[i];
    }
    double dtau = sqrt(d2 / t2);
    printf("clearance %.0e m: max |x − x_ideal| %.3e m (%.2f c), RMS torque difference %.3g of "
           "RMS torque\n", cs[k], dx, dx / cs[k], dtau);
    CHECK(n == 2401, "rows compared (%d)", n);
    /* measured 1.15–1.6 c */
    CHECK(dx < 2.0 * cs[k], "c = %.0e: slider within 2c of the ideal (%.3g m)", cs[k], dx);
    /* measured at rtol 1e-9: 0.61, 0.41, 0.095, 0.0076. Large clearances leave the ideal
     * motion (the impacts dominate the torque); from 0.1 mm down the difference follows c. */
    CHECK(dtau < (k >= 2 ? 0.5 : 1.0) * last_tau, "c = %.0e: torque difference %s", cs[k],
          k >= 2 ? "at least halves" : "shrinks");
    last_tau = dtau;
  }
  CHECK(last_tau < 0.03, "c = 4 µm: crank torque within 3 %% RMS of the ideal (%.3g)", last_tau);
  return cs_test_finish();
}
