/* Cam jump (models/cam_flat_follower.json; a profile pair: the follower's flat face against
 * the eccentric cam's circle): the spring-loaded flat-faced follower leaves the cam at the
 * top of its lift once the cam's speed exceeds w_j = sqrt((F0 + 2 k e)/(m e)), where the
 * contact force F0 + k e (1 + sin θ) − m e w² sin θ would turn negative. The cam's speed ramps
 * at 5 rad/s² (0.26 % of w_j per turn): the first separation comes within the turn after w_j,
 * at the top of the lift; the follower then bounces on the cam.
 *
 * The rows of its lasting contact under the projected formulation at rtol 1e-6 (atol rtol /
 * 1000, as clearsim-robustness sets it): stability holds those steps, past where the
 * interpolant's own stability ends, and a row taken on it at t = 1.3928 s had no contact force
 * and its books 1.2e-5 J out; rows there are exact steps, and every row's books hold. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>

static void stiff_rows(void)
{
  volatile double rtol = 1e-6, ratio = 1000.0; /* atol 9.9999999999999986e-10, not 1e-9 */
  cs_model *model = load_model("models/cam_flat_follower.json");
  cs_error err;
  cs_model_set_tolerances(model, rtol, rtol / ratio, &err);
  cs_model_set_formulation(model, CS_PROJECTED);
  cs_sim *s = start(model);
  double worst = 0.0;
  cs_sim_set_output(s, worst_balance, &worst);
  cs_status st = cs_sim_advance(s, 1.5, &err);
  CHECK(st == CS_OK, "cam, projected at rtol 1e-6: runs (%s)", st ? err.message : "");
  printf("cam, projected at rtol 1e-6: every row's books within %.3g J\n", worst);
  CHECK(worst <= 1e-6, "every row's books within 1e-6 J of 1.5 J: %.3g", worst);
  cs_sim_free(s);
  cs_model_free(model);
}

int main(void)
{
  stiff_rows();
  const double F0 = 20.0, k = 2000.0, e = 0.01, m = 0.5, w0 = 100.0, alpha = 5.0;
  const double wj = sqrt((F0 + 2.0 * k * e) / (m * e)), turn = 2.0 * M_PI / wj;
  cs_model *model = load_model("models/cam_flat_follower.json");
  cs_sim *s = start(model);
  cs_error err;
  cs_status st = cs_sim_advance(s, 2.2, &err);
  CHECK(st == CS_OK, "cam: runs (%s)", st ? err.message : "");
  double t_sep = NAN;
  int after = 0;
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event ev;
    cs_sim_event(s, i, &ev);
    if (isnan(t_sep) && !isnan(ev.t_off))
      t_sep = ev.t_off;
    after += !isnan(t_sep) && ev.t_on > t_sep;
  }
  double w = w0 + alpha * t_sep, theta = w0 * t_sep + 0.5 * alpha * t_sep * t_sep;
  double top = remainder(theta - 0.5 * M_PI, 2.0 * M_PI); /* from the top of the lift */
  printf("cam: w_j = %.4f rad/s closed form; the follower leaves at t = %.5f s, w = %.4f rad/s "
         "(%+.3f %%), %.1f deg past the top; %d impacts after it by 2.2 s\n", wj, t_sep, w,
         100.0 * (w / wj - 1.0), top * 180.0 / M_PI, after);
  CHECK(w >= wj * (1.0 - 1e-3) && w <= wj + alpha * turn * 1.1,
        "the jump within the turn after w_j (%.4f, %.4f … %.4f)", w, wj, wj + alpha * turn);
  CHECK(fabs(top) < 0.35, "the jump at the top of the lift (%.3g rad past it)", top);
  CHECK(after >= 3, "the follower bounces on the cam (%d impacts)", after);
  cs_sim_free(s);
  cs_model_free(model);
  return cs_test_finish();
}
