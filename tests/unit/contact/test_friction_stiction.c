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

/* LuGre with the paper's Table 1 (σ0 = 1e5 N/m, σ1 = sqrt(1e5) N s/m, per newton of normal
 * force here): at the steady deflection z = g(v) sgn v/σ0 its bristles rest (z' = 0) and its
 * force is Fss(v); the steady-state op is Fss; the bristle op's derivatives against
 * differences. */
static void lugre_law(const cs_registry *reg)
{
  const double p[] = {1.5, 1.0, 0.001, 1e5, 316.2, 0.4};
  cs_test_law l = cs_test_law_make(reg, CS_FRICTION, "lugre", p, NULL);
  if (!l.law)
    return;
  CHECK(l.law->bristle != NULL, "lugre has a state");
  const double v[] = {1e-5, 1e-4, 3e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.1, 1.0};
  double worst = 0, rest = 0;
  for (size_t i = 0; i < sizeof v / sizeof *v; i++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      double vt = sgn * v[i], x = v[i] / 0.001, g = 1.0 + 0.5 * exp(-x * x);
      cs_bristle b;
      l.law->bristle(l.content, vt, 1.0, sgn * g / 1e5, &b);
      rest = fmax(rest, fabs(b.rate) / v[i]);
      worst = fmax(worst, fabs(-b.Ft - Fss(vt)) / fabs(Fss(vt)));
      worst = fmax(worst, fabs(-l.law->friction(l.content, vt, 1.0, NULL, NULL) - Fss(vt)) /
                          fabs(Fss(vt)));
    }
  printf("lugre at its steady deflection: z'/v up to %.1e, force against Fss off %.1e\n", rest,
         worst);
  CHECK(rest < 1e-12, "lugre: the steady deflection g(v)/σ0 is at rest (%.3g)", rest);
  CHECK(worst < 1e-12, "lugre: steady force = Fss (%.3g)", worst);
  double wv = 0, wz = 0, wn = 0;
  for (int i = 0; i < 20; i++) {
    double vt = (i % 2 ? -1 : 1) * 2e-5 * pow(1.8, i), z = (i % 3 - 1) * 7e-6, Fn = 1.3;
    double hv = fabs(vt) * 1e-5, hz = 1e-11, hn = 1e-6;
    cs_bristle b, p1, m1;
    l.law->bristle(l.content, vt, Fn, z, &b);
    l.law->bristle(l.content, vt + hv, Fn, z, &p1);
    l.law->bristle(l.content, vt - hv, Fn, z, &m1);
    wv = fmax(wv, fabs(b.dFt_dvt - (p1.Ft - m1.Ft) / (2 * hv)) / fmax(fabs(b.dFt_dvt), 1.0));
    wv = fmax(wv, fabs(b.drate_dvt - (p1.rate - m1.rate) / (2 * hv)) /
                  fmax(fabs(b.drate_dvt), 1.0));
    l.law->bristle(l.content, vt, Fn, z + hz, &p1);
    l.law->bristle(l.content, vt, Fn, z - hz, &m1);
    wz = fmax(wz, fabs(b.dFt_dz - (p1.Ft - m1.Ft) / (2 * hz)) / fmax(fabs(b.dFt_dz), 1.0));
    wz = fmax(wz, fabs(b.drate_dz - (p1.rate - m1.rate) / (2 * hz)) /
                  fmax(fabs(b.drate_dz), 1.0));
    l.law->bristle(l.content, vt, Fn + hn, z, &p1);
    l.law->bristle(l.content, vt, Fn - hn, z, &m1);
    wn = fmax(wn, fabs(b.dFt_dFn - (p1.Ft - m1.Ft) / (2 * hn)) / fmax(fabs(b.dFt_dFn), 1.0));
  }
  CHECK(wv < 1e-6, "lugre: derivatives in vt against differences (%.3g)", wv);
  CHECK(wz < 1e-6, "lugre: derivatives in z against differences (%.3g)", wz);
  CHECK(wn < 1e-6, "lugre: ∂Ft/∂Fn against differences (%.3g)", wn);
  cs_test_law_free(&l);
  const cs_law *law = cs_registry_find(reg, CS_FRICTION, "lugre");
  void *content = NULL;
  cs_error err;
  const double bad[] = {0.2, 0.3, 0.001, 1e5, 316, 0};
  CHECK(law->create(bad, NULL, &content, &err) == CS_ERR_INPUT &&
        strstr(err.message, "mu_s = 0.2 is below mu_k = 0.3"), "lugre: μs < μk refused: %s",
        err.message);
}

/* ---------------------------------------------------------------- the inclined guide ----- */

/* A 1 kg block (40 × 20 mm, 1 mm corners) resting on the lower wall of a guide along x, gravity
 * turned by α (the guide inclined at α), the corners on F = K δ^1.5 springs with a dashpot,
 * friction μs = 0.3, μk = 0.2. The block starts at rest at the springs' static penetration.
 * Returns the block's x after 1 s and its velocity at 0.5 s and 1 s. */
static double pitch_half; /* the block's angle at 0.5 s in the last incline() */

static void incline(double alpha, const char *friction, double *x, double *x_half,
                    double *v_half, double *v_end, long *steps)
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
           "\"friction\": %s}}],"
           "\"solver\": {\"t_end\": 1, \"rtol\": 1e-8, \"atol\": 1e-11}}",
           -g * sin(alpha), -g * cos(alpha), m, -(W - b) - delta, b, W, K, friction);
  cs_model *model = load_model_string(json, "<incline>");
  cs_error err;
  cs_sim *s = start(model);
  double q[3], v[3];
  CHECK(cs_sim_advance(s, 0.5, &err) == CS_OK, "α = %.3f: runs to 0.5 s: %s", alpha,
        err.message);
  cs_sim_body_velocity(s, 1, v);
  cs_sim_body_position(s, 1, q);
  *v_half = v[0];
  *x_half = q[0];
  pitch_half = q[2];
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

static const char *const stribeck =
  "{\"model\": \"stribeck\", \"mu_s\": 0.3, \"mu_k\": 0.2, \"v_s\": 0.001}";

static void inclined_guide(void)
{
  const double g = 9.81, mu_s = 0.3, mu_k = 0.2;
  double x, xh, v1, v2;
  long steps;
  /* tan α = 0.5, 0.9, 0.99 μs: the block holds, creeping at v_creep atanh(tan α/μs) (the
   * default v_creep 1e-7 m/s: 0.055, 0.15, 0.26 µm/s) */
  const double holds[] = {atan(0.5 * mu_s), atan(0.9 * mu_s), atan(0.99 * mu_s)};
  for (int i = 0; i < 3; i++) {
    incline(holds[i], stribeck, &x, &xh, &v1, &v2, &steps);
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
  incline(alpha, stribeck, &x, &xh, &v1, &v2, &steps);
  double got = -(v2 - v1) / 0.5;
  printf("tan α = 1.20 μs: acceleration %.6f m/s² (g (sin α − μk cos α) = %.6f), x %.4f m "
         "(%ld steps)\n", got, want, x, steps);
  CHECK(fabs(got - want) < 1e-4 * want, "slides with g (sin α − μk cos α) (%.6g)", got);
}

/* LuGre (contact/friction_lugre.c), its bristle deflection integrated with the mechanism:
 * σ0 = 1e7 per metre (a load F deflects the bristles F/(σ0 Fn)), σ1 = 3000 s/m (over-critical
 * for the block's mass over its normal force, 2 sqrt(σ0 m/Fn) = 2020 s/m: a block released
 * onto the incline does not overshoot its load and break away). Loaded at rest, LuGre's
 * z' = v − σ0 |v| z/g makes the block move by its presliding displacement: with z rising to
 * tan α/σ0 and dz/dx = 1 − σ0 z/μs (v ≪ v_s), x = −(μs/σ0) ln(1 − tan α/μs), 21 nm at
 * tan α = 0.5 μs, 0.14 µm at 0.99 μs (the block's centre moves b θ more, pitching by θ on
 * its corners); then it does not move at all: no creep. */
static void inclined_guide_lugre(void)
{
  const char *lugre = "{\"model\": \"lugre\", \"mu_s\": 0.3, \"mu_k\": 0.2, \"v_s\": 0.001, "
                      "\"sigma0\": 1e7, \"sigma1\": 3000}";
  const double g = 9.81, mu_s = 0.3, mu_k = 0.2;
  double x, xh, v1, v2;
  long steps;
  const double holds[] = {atan(0.5 * mu_s), atan(0.9 * mu_s), atan(0.99 * mu_s)};
  for (int i = 0; i < 3; i++) {
    double ratio = tan(holds[i]) / mu_s;
    incline(holds[i], lugre, &x, &xh, &v1, &v2, &steps);
    double pre = -(mu_s / 1e7) * log(1 - ratio);
    printf("lugre, tan α = %.2f μs: x at 0.5 s %.4e m (presliding −(μs/σ0) ln(1 − tan α/μs) = "
           "%.4e), drift 0.5 → 1 s %.2e m, v %.1e m/s (%ld steps)\n", ratio, xh, pre, x - xh, v2,
           steps);
    CHECK(fabs(x) <= 1e-6, "lugre, tan α = %.2f μs: the block stays put (%.3g m ≤ 1 µm)", ratio,
          fabs(x));
    /* the block's centre moves the bristles' share and, pitching by θ on its two corners'
     * springs under the friction's moment at the wall, b θ more (b = 10 mm its half width) */
    double bristles = -xh - 0.01 * pitch_half;
    /* the formula takes g = μs; sliding at up to tan α/σ1 ~ 1e-4 m/s while it loads, the
     * block sees g lower by (v/v_s)² ~ 1 %, which near the limit lengthens the slip (the
     * logarithm's pole moves): the formula holds at 0.5 μs, and is a lower bound nearer 1 */
    if (i == 0)
      CHECK(fabs(bristles - pre) < 0.05 * pre, "… by its presliding displacement (%.4g m, "
            "pitch %.3g rad)", bristles, pitch_half);
    else
      CHECK(bristles >= 0.99 * pre, "… by at least its quasi-static presliding (%.4g m)",
            bristles);
    CHECK(fabs(x - xh) < 1e-12, "… and no creep after it (%.3g m in 0.5 s)", fabs(x - xh));
  }
  double alpha = atan(1.2 * mu_s), want = g * (sin(alpha) - mu_k * cos(alpha));
  incline(alpha, lugre, &x, &xh, &v1, &v2, &steps);
  double got = -(v2 - v1) / 0.5;
  printf("lugre, tan α = 1.20 μs: acceleration %.6f m/s² (g (sin α − μk cos α) = %.6f), x %.4f "
         "m (%ld steps)\n", got, want, x, steps);
  CHECK(fabs(got - want) < 1e-4 * want, "lugre: slides with g (sin α − μk cos α) (%.6g)", got);
}

int main(void)
{
  cs_registry *reg = cs_test_registry();
  steady_state(reg);
  lugre_law(reg);
  cs_registry_free(reg);
  inclined_guide();
  inclined_guide_lugre();
  return cs_test_finish();
}
