/* Friction that sticks (contact/friction_stribeck.c): the law against LuGre's published
 * steady-state curve (Canudas de Wit, Olsson, Åström & Lischinsky 1995: Fc = 1 N, Fs = 1.5 N,
 * vs = 0.001 m/s, σ2 = 0.4 N s/m), its derivatives against differences, its bad parameters;
 * and a block in a translational clearance guide inclined at α under gravity: it stays put
 * (drift ≤ 1 µm over 1 s) when tan α < μs, and slides with g (sin α − μk cos α) when
 * tan α > μs. */
#include "cs_contact.h"
#include "cs_test.h"
#include "cs_test_laws.h"
#include "cs_test_models.h"

#include <stdlib.h>
#include <string.h>

#define STEEL "{\"E\": 2.07e11, \"nu\": 0.3}"

/* ---------------------------------------------------------------- the law ---------------- */

static double Fss(double v) /* Canudas de Wit et al. 1995, eq. 5, with their Table 1 values */
{
  const double Fc = 1.0, Fs = 1.5, vs = 0.001, s2 = 0.4;
  return (Fc + (Fs - Fc) * exp(-(v / vs) * (v / vs))) * (v > 0 ? 1 : -1) + s2 * v;
}

static void steady_state(const cs_registry *reg)
{
  const double p[] = {1.5, 1.0, 0.001, 2.0, 1e-7, 0.4};
  cs_test_law l = cs_test_law_make(reg, CS_FRICTION, "stribeck", p, NULL);
  if (!l.law)
    return;
  const double v[] = {2e-5, 1e-4, 3e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.1, 1.0};
  double worst = 0;
  for (size_t i = 0; i < sizeof v / sizeof *v; i++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      double Ft = l.law->friction(l.content, sgn * v[i], 1.0, NULL, NULL);
      worst = fmax(worst, fabs(-Ft - Fss(sgn * v[i])) / fabs(Fss(sgn * v[i])));
    }
  printf("stribeck against LuGre's steady state Fss(v), 2e-5 … 1 m/s: largest relative "
         "difference %.2e\n", worst);
  CHECK(worst < 1e-12, "the Stribeck curve is LuGre's steady state (%.3g)", worst);
  /* at rest the force takes any value up to μs Fn within a few v_creep */
  double peak = 0;
  for (int i = 0; i <= 100; i++)
    peak = fmax(peak, -l.law->friction(l.content, 1e-8 * i, 1.0, NULL, NULL));
  CHECK(peak > 0.9999 * 1.5 && peak <= 1.5, "the static limit μs Fn is reached at creep speed "
        "(%.6g N)", peak);
  CHECK(l.law->friction(l.content, 0.0, 1.0, NULL, NULL) == 0.0, "no force at rest");
  /* derivatives against centred differences, across the creep, Stribeck and viscous ranges */
  double dv_worst = 0, dn_worst = 0;
  for (int i = -40; i <= 40; i++) {
    double vt = copysign(1e-8 * pow(10.0, abs(i) / 5.0), i), dv, dn, h = fabs(vt) * 1e-4;
    if (i == 0)
      vt = 0.0, h = 1e-12;
    l.law->friction(l.content, vt, 2.0, &dv, &dn);
    double fd = (l.law->friction(l.content, vt + h, 2.0, NULL, NULL) -
                 l.law->friction(l.content, vt - h, 2.0, NULL, NULL)) / (2 * h);
    double fn = (l.law->friction(l.content, vt, 2.0 + 1e-6, NULL, NULL) -
                 l.law->friction(l.content, vt, 2.0 - 1e-6, NULL, NULL)) / 2e-6;
    dv_worst = fmax(dv_worst, fabs(dv - fd) / fmax(fabs(fd), 1.0));
    dn_worst = fmax(dn_worst, fabs(dn - fn));
    double Ft = l.law->friction(l.content, vt, 2.0, NULL, NULL);
    CHECK(Ft * vt <= 0, "friction never drives the slip (vt %.3g)", vt);
  }
  CHECK(dv_worst < 1e-5, "∂Ft/∂vt against differences (%.3g)", dv_worst);
  CHECK(dn_worst < 1e-8, "∂Ft/∂Fn against differences (%.3g)", dn_worst);
  cs_test_law_free(&l);

  const cs_law *law = cs_registry_find(reg, CS_FRICTION, "stribeck");
  void *content = NULL;
  cs_error err;
  const double low[] = {0.2, 0.3, 0.001, 2.0, 1e-6, 0.0}, slow[] = {0.3, 0.2, 1e-6, 2.0, 1e-6, 0};
  CHECK(law->create(low, NULL, &content, &err) == CS_ERR_INPUT &&
        strstr(err.message, "mu_s = 0.2 is below mu_k = 0.3"), "μs < μk refused: %s",
        err.message);
  CHECK(law->create(slow, NULL, &content, &err) == CS_ERR_INPUT &&
        strstr(err.message, "v_creep"), "v_creep ≥ v_s refused: %s", err.message);
}

/* ---------------------------------------------------------------- the inclined guide ----- */

/* A 1 kg block (40 × 20 mm, 1 mm corners) resting on the lower wall of a guide along x, gravity
 * turned by α (the guide inclined at α), the corners on F = K δ^1.5 springs with a dashpot,
 * friction μs = 0.3, μk = 0.2. The block starts at rest at the springs' static penetration.
 * Returns the block's x after 1 s and its velocity at 0.5 s and 1 s. */
static void incline(double alpha, double *x, double *v_half, double *v_end, long *steps)
{
  const double m = 1.0, g = 9.81, K = 1e10, W = 0.0105, b = 0.01;
  double delta = pow(0.5 * m * g * cos(alpha) / K, 1.0 / 1.5); /* each lower corner's share */
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"gravity\": [%.17g, %.17g],"
           "\"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"block\", \"mass\": %g, \"inertia\": 1e-4, \"position\": [0, %.17g, 0]}],"
           "\"clearance_joints\": [{\"name\": \"G\", \"type\": \"translational\", \"body1\": "
           "\"g\", \"body2\": \"block\", \"axis\": [1, 0], \"half_length\": 0.02, "
           "\"half_width\": %g, \"corner_radius\": 0.001, \"guide_half_width\": %g, "
           "\"length\": 0.02, \"materials\": [" STEEL ", " STEEL "], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": %g, \"n\": 1.5}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 2000}, "
           "\"friction\": {\"model\": \"stribeck\", \"mu_s\": 0.3, \"mu_k\": 0.2, "
           "\"v_s\": 0.001}}}],"
           "\"solver\": {\"t_end\": 1, \"rtol\": 1e-8, \"atol\": 1e-11}}",
           -g * sin(alpha), -g * cos(alpha), m, -(W - b) - delta, b, W, K);
  cs_model *model = NULL;
  cs_error err;
  if (cs_model_load_string(json, "<incline>", NULL, &model, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  cs_sim *s = start(model);
  double q[3], v[3];
  CHECK(cs_sim_advance(s, 0.5, &err) == CS_OK, "α = %.3f: runs to 0.5 s: %s", alpha,
        err.message);
  cs_sim_body_velocity(s, 1, v);
  *v_half = v[0];
  CHECK(cs_sim_advance(s, 1.0, &err) == CS_OK, "α = %.3f: runs to 1 s: %s", alpha, err.message);
  cs_sim_body_position(s, 1, q);
  cs_sim_body_velocity(s, 1, v);
  *x = q[0];
  *v_end = v[0];
  cs_stats st;
  cs_sim_stats(s, &st);
  *steps = st.steps;
  cs_sim_free(s);
  cs_model_free(model);
}

static void inclined_guide(void)
{
  const double g = 9.81, mu_s = 0.3, mu_k = 0.2;
  double x, v1, v2;
  long steps;
  /* tan α = 0.5, 0.9, 0.99 μs: the block holds, creeping at v_creep atanh(tan α/μs) (the
   * default v_creep 1e-7 m/s: 0.055, 0.15, 0.26 µm/s) */
  const double holds[] = {atan(0.5 * mu_s), atan(0.9 * mu_s), atan(0.99 * mu_s)};
  for (int i = 0; i < 3; i++) {
    incline(holds[i], &x, &v1, &v2, &steps);
    printf("tan α = %.2f μs: x after 1 s %.3e m, v %.2e m/s (%ld steps)\n",
           tan(holds[i]) / mu_s, x, v2, steps);
    CHECK(fabs(x) <= 1e-6, "tan α = %.2f μs: the block stays put (drift %.3g m ≤ 1 µm)",
          tan(holds[i]) / mu_s, fabs(x));
    double creep = 1e-7 * atanh(tan(holds[i]) / mu_s);
    CHECK(fabs(fabs(v2) - creep) < 0.05 * creep, "… creeping at v_creep atanh(tan α/μs) = "
          "%.3g m/s (%.3g)", creep, fabs(v2));
  }
  /* tan α = 1.2 μs: it slides with g (sin α − μk cos α) once past the Stribeck speed */
  double alpha = atan(1.2 * mu_s), want = g * (sin(alpha) - mu_k * cos(alpha));
  incline(alpha, &x, &v1, &v2, &steps);
  double got = -(v2 - v1) / 0.5;
  printf("tan α = 1.20 μs: acceleration %.6f m/s² (g (sin α − μk cos α) = %.6f), x %.4f m "
         "(%ld steps)\n", got, want, x, steps);
  CHECK(fabs(got - want) < 1e-4 * want, "slides with g (sin α − μk cos α) (%.6g)", got);
}

int main(void)
{
  cs_registry *reg = cs_test_registry();
  steady_state(reg);
  cs_registry_free(reg);
  inclined_guide();
  return cs_test_finish();
}
