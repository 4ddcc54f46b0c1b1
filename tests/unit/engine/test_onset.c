/*
 * test_onset.c — where contacts start, and what grazing contacts do.
 *
 * 1. A ball thrown in a fixed socket under gravity: in free flight its centre follows the
 *    parabola r(t) = r0 + v0 t + ½ g t² exactly, so the onset is the root of |r(t)| = c, solved
 *    here by bisection to round-off (an independent computation, finer than any integrator),
 *    and the impact velocity is the radial component of v0 + g t there. clearsim at rtol 1e-12
 *    must locate both to 1e-9 relative: the onset is at δ = 0, not at a threshold above it.
 * 2. Grazing: the same ball released at rest 1e-11 m above the socket's bottom reaches it at
 *    √(2 g h) = 1.4e-5 m/s, under the default floor of the impact velocity the laws see
 *    (CS_MIN_IMPACT_VELOCITY). The run must complete, record the true δ'(−), and settle where
 *    Hertz's force carries the weight, K δ^1.5 = m g.
 */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>

static const double M = 1.0, R_BALL = 0.05, R_SOCKET = 0.0505, G = 9.81;

static cs_model *ball(double x0, double y0, double vx, double vy, double t_end, const char *floor)
{
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"ball\", \"gravity\": [0, %.17g], \"bodies\": [{\"name\": \"socket\", "
           "\"ground\": true}, {\"name\": \"ball\", \"mass\": %g, \"inertia\": 0.001, "
           "\"position\": [%.17g, %.17g, 0], \"velocity\": [%.17g, %.17g, 0]}],"
           "\"clearance_joints\": [{\"name\": \"j\", \"type\": \"spherical\", \"start\": \"given\", \"body1\": "
           "\"socket\", \"body2\": \"ball\", \"pin_radius\": %g, \"hole_radius\": %g, %s"
           "\"materials\": [{\"E\": 2.068e11, \"nu\": 0.29}, {\"E\": 2.068e11, \"nu\": 0.29}],"
           "\"contact\": {\"elastic\": {\"model\": \"hertz\"}, \"damping\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.9}}}],"
           "\"solver\": {\"t_end\": %g, \"rtol\": 1e-12, \"atol\": 1e-15},"
           "\"output\": {\"interval\": %g}}",
           -G, M, x0, y0, vx, vy, R_BALL, R_SOCKET, floor, t_end, t_end);
  cs_model *m = load_model_string(json, "<ball>");
  return m;
}

/* |r(t)| − c on the free-flight parabola */
static double gap(double t, const double r0[2], const double v0[2])
{
  double c = R_SOCKET - R_BALL;
  return hypot(r0[0] + v0[0] * t, r0[1] + v0[1] * t - 0.5 * G * t * t) - c;
}

static void thrown(void)
{
  const double r0[2] = {1e-4, 2e-4}, v0[2] = {0.05, 0.02};
  double lo = 0.0, hi = 0.1;
  for (int i = 0; i < 200; i++) {
    double mid = 0.5 * (lo + hi);
    if (gap(mid, r0, v0) < 0.0)
      lo = mid;
    else
      hi = mid;
  }
  double t_on = 0.5 * (lo + hi);
  double r[2] = {r0[0] + v0[0] * t_on, r0[1] + v0[1] * t_on - 0.5 * G * t_on * t_on};
  double v[2] = {v0[0], v0[1] - G * t_on}, rn = hypot(r[0], r[1]);
  double v_in = (r[0] * v[0] + r[1] * v[1]) / rn;

  cs_model *m = ball(r0[0], r0[1], v0[0], v0[1], 1.2 * t_on, "");
  cs_sim *s = start(m);
  cs_error err;
  CHECK(cs_sim_advance(s, 1.2 * t_on, &err) == CS_OK, "thrown ball runs: %s", err.message);
  CHECK(cs_sim_event_count(s) >= 1, "a contact (got %d)", cs_sim_event_count(s));
  cs_contact_event e = {0};
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &e);
  printf("onset %.15g s (parabola %.15g, rel %.2e), impact velocity %.15g m/s (%.15g, rel "
         "%.2e)\n", e.t_on, t_on, fabs(e.t_on / t_on - 1), e.impact_velocity, v_in,
         fabs(e.impact_velocity / v_in - 1));
  CHECK_REL(e.t_on, t_on, 1e-9, "onset time where the parabola meets δ = 0");
  CHECK_REL(e.impact_velocity, v_in, 1e-9, "impact velocity: v's normal component there");
  cs_sim_free(s);
  cs_model_free(m);
}

static void grazing(const char *floor, const char *what)
{
  const double c = R_SOCKET - R_BALL, h = 1e-11, t_end = 0.05;
  cs_model *m = ball(0.0, -(c - h), 0.0, 0.0, t_end, floor);
  cs_sim *s = start(m);
  cs_error err;
  CHECK(cs_sim_advance(s, t_end, &err) == CS_OK, "%s: grazing ball runs: %s", what, err.message);
  cs_contact_event e = {0};
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &e);
  cs_clearance_state st;
  cs_sim_clearance(s, 0, &st);
  cs_stats stats;
  cs_sim_stats(s, &stats);
  /* Hertz, sphere in socket: K = 4/3 E* √R*, E* = E / (2 (1 − ν²)), R* = R1 R2 / (R2 − R1) */
  double Es = 2.068e11 / (2 * (1 - 0.29 * 0.29)), Rs = R_BALL * R_SOCKET / c;
  double K = 4.0 / 3 * Es * sqrt(Rs), d_static = pow(M * G / K, 2.0 / 3.0);
  printf("%s: %d contact(s), δ'(−) %.6g m/s (√(2gh) %.6g), final δ %.9g m (static %.9g), "
         "F %.9g N, %ld steps\n", what, cs_sim_event_count(s), e.impact_velocity,
         sqrt(2 * G * h), st.penetration, d_static, st.normal_force, stats.steps);
  CHECK(cs_sim_event_count(s) == 1, "%s: one contact that stays (got %d)", what,
        cs_sim_event_count(s));
  CHECK_REL(e.impact_velocity, sqrt(2 * G * h), 1e-6, "true impact velocity recorded");
  CHECK_REL(st.penetration, d_static, 1e-6, "settled at K δ^1.5 = m g");
  CHECK_REL(st.normal_force, M * G, 1e-6, "the contact carries the weight");
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  thrown();
  grazing("", "default floor 1e-4 m/s");
  grazing("\"min_impact_velocity\": 1e-3, ", "floor 1e-3 m/s");
  grazing("\"min_impact_velocity\": 0, ", "no floor");
  return cs_test_finish();
}
