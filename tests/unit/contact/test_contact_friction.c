/* test_contact_friction.c — the friction laws (contact/friction_laws.c) at hand-computed
 * points, their derivatives against centred differences, their sign (friction never does
 * work on the slip), bad parameters; and the rolling-resistance torque of Gonthier et al. (002)
 * eq. 4 (contact/friction_rolling.c) against a direct integration of the pressure of eq. 1
 * over an exact circle–circle interference. */
#include "cs_contact.h"
#include "cs_rolling.h"
#include "cs_test.h"
#include "cs_test_laws.h"

#include <string.h>

static cs_registry *reg;

typedef struct built {
  const cs_law *law;
  void *content;
} built;

static cs_status make(const char *name, int n, const char *const *keys, const double *values,
                      built *b, cs_error *err)
{
  double p[8];
  b->law = cs_registry_find(reg, CS_FRICTION, name);
  b->content = NULL;
  CHECK(b->law != NULL, "friction law \"%s\" is registered", name);
  if (!b->law)
    return CS_ERR_ARGUMENT;
  cs_status st = cs_law_params(b->law, n, keys, values, "$.contact.friction", p, err);
  return st != CS_OK ? st : b->law->create(p, NULL, &b->content, err);
}

static built build(const char *name, int n, const char *const *keys, const double *values)
{
  built b;
  cs_error err = {0};
  if (make(name, n, keys, values, &b, &err) != CS_OK) {
    CHECK(0, "%s: create failed: %s", name, err.message);
    b.law = NULL;
  }
  return b;
}

static double ft(built b, double vt, double Fn, double *dv, double *dn)
{
  return b.law ? b.law->friction(b.content, vt, Fn, dv, dn) : NAN;
}

static void release(built b)
{
  if (b.law)
    b.law->destroy(b.content);
}

/* ∂Ft/∂vt and ∂Ft/∂Fn against centred differences (step h_v in vt, 1e-3 Fn in Fn). */
static void check_derivatives(built b, double vt, double Fn, double h_v, const char *what)
{
  double dv, dn;
  ft(b, vt, Fn, &dv, &dn);
  double hn = 1e-3 * Fn;
  double cv = (ft(b, vt + h_v, Fn, NULL, NULL) - ft(b, vt - h_v, Fn, NULL, NULL)) / (2.0 * h_v);
  double cn = (ft(b, vt, Fn + hn, NULL, NULL) - ft(b, vt, Fn - hn, NULL, NULL)) / (2.0 * hn);
  double scale_v = fmax(fabs(cv), 1e-6 * fabs(dn * Fn) / h_v);
  CHECK(fabs(dv - cv) <= 1e-6 * scale_v + 1e-12, "%s: dFt/dvt at vt=%g: %.10g vs centred %.10g",
        what, vt, dv, cv);
  CHECK(fabs(dn - cn) <= 1e-8 * fmax(fabs(cn), 1.0), "%s: dFt/dFn at vt=%g: %.10g vs %.10g",
        what, vt, dn, cn);
}

/* Friction opposes the slip: Ft·vt ≤ 0 everywhere, Ft odd in vt, linear in Fn. */
static void check_opposes(built b, double vscale, const char *what)
{
  int bad = 0;
  for (int i = -40; i <= 40; i++) {
    double vt = vscale * i / 4.0;
    double f = ft(b, vt, 250.0, NULL, NULL), g = ft(b, -vt, 250.0, NULL, NULL);
    double f2 = ft(b, vt, 500.0, NULL, NULL);
    if (!(f * vt <= 0.0) || fabs(f + g) > 1e-12 * fabs(f) || fabs(f2 - 2.0 * f) > 1e-12 * fabs(f2))
      bad++;
  }
  CHECK(bad == 0, "%s: opposes the slip, odd in vt, linear in Fn (%d violations)", what, bad);
}

static void test_coulomb(void)
{
  const char *keys[] = {"mu", "v_tol"};
  const double vals[] = {0.1, 1e-3};
  built b = build("coulomb", 2, keys, vals);
  double dv, dn;
  /* −μ Fn tanh(vt/v_tol): at vt = v_tol, −0.1·100·tanh 1 = −7.615941559557649 */
  CHECK_REL(ft(b, 1e-3, 100.0, &dv, &dn), -7.615941559557649, 1e-12, "coulomb at v_tol");
  /* slope (1 − tanh² 1) μFn/v_tol = 0.41997434161402614·10⁴ */
  CHECK_REL(dv, -4199.7434161402614, 1e-12, "coulomb slope at v_tol");
  CHECK_REL(dn, -0.07615941559557649, 1e-12, "coulomb dFt/dFn at v_tol");
  CHECK_NEAR(ft(b, 0.0, 100.0, &dv, &dn), 0.0, 0.0, "coulomb at rest");
  CHECK_REL(dv, -0.1 * 100.0 / 1e-3, 1e-12, "coulomb slope at rest μFn/v_tol");
  /* sliding: the full Coulomb force, both ways */
  CHECK_REL(ft(b, 0.5, 100.0, NULL, NULL), -10.0, 1e-12, "coulomb sliding forward");
  CHECK_REL(ft(b, -0.5, 100.0, NULL, NULL), 10.0, 1e-12, "coulomb sliding backward");
  /* default v_tol from the table: 1e-4 m/s */
  built d = build("coulomb", 1, keys, vals);
  CHECK_REL(ft(d, 1e-4, 100.0, NULL, NULL), -7.615941559557649, 1e-12, "coulomb default v_tol");
  release(d);
  static const double at[] = {-3e-3, -3e-4, 0.0, 5e-4, 2e-3, 0.05};
  for (int i = 0; i < 6; i++)
    check_derivatives(b, at[i], 120.0, 1e-7, "coulomb");
  check_opposes(b, 1e-3, "coulomb");
  release(b);
}

static void test_ambrosio(void)
{
  const char *keys[] = {"mu", "v0", "v1"};
  const double vals[] = {0.2, 1e-3, 3e-3};
  built b = build("ambrosio", 3, keys, vals);
  double dv, dn;
  /* below v0: c_d = 0, no friction */
  CHECK_NEAR(ft(b, 5e-4, 100.0, &dv, &dn), 0.0, 0.0, "ambrosio below v0");
  CHECK_NEAR(dv, 0.0, 0.0, "ambrosio slope below v0");
  /* mid-ramp: c_d = (2e-3 − 1e-3)/(3e-3 − 1e-3) = 0.5, Ft = −0.2·0.5·100 = −10 */
  CHECK_REL(ft(b, 2e-3, 100.0, &dv, &dn), -10.0, 1e-12, "ambrosio mid-ramp");
  CHECK_REL(dv, -0.2 * 100.0 / 2e-3, 1e-12, "ambrosio ramp slope μFn/(v1 − v0)");
  CHECK_REL(dn, -0.1, 1e-12, "ambrosio dFt/dFn mid-ramp");
  CHECK_REL(ft(b, -2e-3, 100.0, NULL, NULL), 10.0, 1e-12, "ambrosio mid-ramp backward");
  /* above v1: plain Coulomb */
  CHECK_REL(ft(b, 0.3, 100.0, &dv, &dn), -20.0, 1e-12, "ambrosio sliding");
  CHECK_NEAR(dv, 0.0, 0.0, "ambrosio slope when sliding");
  /* continuous at the ramp's ends (1e-12 m/s either side) */
  CHECK_NEAR(ft(b, 1e-3 + 1e-12, 100.0, NULL, NULL), ft(b, 1e-3 - 1e-12, 100.0, NULL, NULL),
             1e-7, "ambrosio continuous at v0");
  CHECK_NEAR(ft(b, 3e-3 + 1e-12, 100.0, NULL, NULL), ft(b, 3e-3 - 1e-12, 100.0, NULL, NULL),
             1e-7, "ambrosio continuous at v1");
  static const double at[] = {-2.5e-3, -5e-4, 1.5e-3, 2.9e-3, 4e-3, 0.02};
  for (int i = 0; i < 6; i++)
    check_derivatives(b, at[i], 80.0, 1e-8, "ambrosio");
  check_opposes(b, 1e-3, "ambrosio");
  release(b);
  /* v0 = 0 makes it a linear ramp through the origin: slope μFn/v1 at rest */
  const double ramp[] = {0.2, 0.0, 3e-3};
  built r = build("ambrosio", 3, keys, ramp);
  ft(r, 0.0, 100.0, &dv, &dn);
  CHECK_REL(dv, -0.2 * 100.0 / 3e-3, 1e-12, "ambrosio with v0 = 0: slope at rest");
  check_derivatives(r, 0.0, 100.0, 1e-7, "ambrosio v0 = 0");
  release(r);
}

static void test_viscous(void)
{
  const char *keys[] = {"c"};
  const double vals[] = {35.0};
  built b = build("viscous", 1, keys, vals);
  double dv, dn;
  CHECK_REL(ft(b, 0.2, 100.0, &dv, &dn), -7.0, 1e-12, "viscous −c vt");
  CHECK_REL(dv, -35.0, 1e-12, "viscous slope");
  CHECK_NEAR(dn, 0.0, 0.0, "viscous independent of Fn");
  CHECK_REL(ft(b, -0.2, 0.0, NULL, NULL), 7.0, 1e-12, "viscous without normal force");
  check_derivatives(b, 0.37, 50.0, 1e-6, "viscous");
  release(b);
}

static void expect_rejected(const char *name, int n, const char *const *keys,
                            const double *values, const char *mention)
{
  built b;
  cs_error err = {0};
  cs_status st = make(name, n, keys, values, &b, &err);
  CHECK(st == CS_ERR_INPUT, "%s: bad parameters rejected (status %d)", name, (int)st);
  CHECK(strstr(err.message, mention) != NULL, "%s: message \"%s\" mentions \"%s\"", name,
        err.message, mention);
  if (st == CS_OK)
    release(b);
}

static void test_bad_parameters(void)
{
  const char *mu[] = {"mu"}, *c[] = {"c"}, *mu_tol[] = {"mu", "v_tol"};
  const char *amb[] = {"mu", "v0", "v1"};
  const double neg[] = {-0.1}, tol0[] = {0.3, 0.0}, swapped[] = {0.3, 2e-3, 1e-3};
  const double equal[] = {0.3, 1e-3, 1e-3};
  expect_rejected("coulomb", 1, mu, neg, "mu");
  expect_rejected("coulomb", 0, NULL, NULL, "mu"); /* required */
  expect_rejected("coulomb", 2, mu_tol, tol0, "v_tol");
  expect_rejected("ambrosio", 1, mu, neg, "mu");
  expect_rejected("ambrosio", 3, amb, swapped, "v1");
  expect_rejected("ambrosio", 3, amb, equal, "v1");
  expect_rejected("viscous", 1, c, neg, "c");
  /* create checks μ too, for programs that skip cs_law_params */
  const cs_law *law = cs_registry_find(reg, CS_FRICTION, "coulomb");
  if (law) {
    double p[] = {-0.5, 1e-4};
    void *content = NULL;
    cs_error err = {0};
    CHECK(law->create(p, NULL, &content, &err) == CS_ERR_INPUT && strstr(err.message, "mu"),
          "coulomb create rejects mu = -0.5: %s", err.message);
  }
}

/* ------------------------------------------------------------- rolling resistance ------- */

/* Depth of the interference, measured along the normal x, at tangent coordinate t, for a
 * journal of radius R1 whose centre sits at x = c + δ inside a bearing hole of radius R2
 * (c = R2 − R1): from the bearing wall to the journal's far side, exactly. */
static double lens_depth(double t, double R1, double R2, double delta)
{
  if (fabs(t) >= R1)
    return 0.0;
  double h = (R2 - R1 + delta) + sqrt(R1 * R1 - t * t) - sqrt(R2 * R2 - t * t);
  return h > 0.0 ? h : 0.0;
}

/* ∫ t^k h(t) dt over the lens by Simpson's rule between the lens tips, which bisection finds
 * (h is smooth inside them, so the rule converges at its full order). */
static double lens_moment(int k, double R1, double R2, double delta)
{
  double lo = 0.0, hi = R1;
  for (int i = 0; i < 200; i++) {
    double mid = 0.5 * (lo + hi);
    if (lens_depth(mid, R1, R2, delta) > 0.0)
      lo = mid;
    else
      hi = mid;
  }
  int n = 2000;
  double hstep = 2.0 * lo / n, sum = 0.0;
  for (int i = 0; i <= n; i++) {
    double t = -lo + i * hstep, w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    sum += w * pow(t, k) * lens_depth(t, R1, R2, delta);
  }
  return sum * hstep / 3.0;
}

static void test_rolling(void)
{
  /* a 10 mm journal in a 10.5 mm bearing, 20 mm long, 2 µm interference: R* = 0.21 m */
  double R1 = 0.010, R2 = 0.0105, L = 0.02, delta = 2e-6, Rs = R1 * R2 / (R2 - R1);
  double J = cs_rolling_moment(delta, Rs, L);
  double J_exact = L * lens_moment(2, R1, R2, delta);
  /* the quadrature against scipy's quad between the lens tips (python): 8.1594219e-18 m^5 */
  CHECK_REL(J_exact, 8.159421901889824e-18, 1e-8, "exact lens second moment");
  /* closed form (4/15) L δ (2R*δ)^(3/2), b = 0.91652 mm: 8.211975645360853e-18 m^5 (python) */
  CHECK_REL(J, 8.211975645360853e-18, 1e-12, "J closed form");
  /* the parabola drops h's t^4 (1/R1³ − 1/R2³)/8 term: 0.64 % at δ = 2 µm, shrinking like δ */
  CHECK_REL(J, J_exact, 1e-2, "second moment: parabola vs exact lens at 2 um");
  double small = 2e-8;
  CHECK_REL(cs_rolling_moment(small, Rs, L), L * lens_moment(2, R1, R2, small), 1e-4,
            "second moment: parabola vs exact lens at 20 nm");
  CHECK_NEAR(cs_rolling_moment(0.0, Rs, L), 0.0, 0.0, "no interference, no moment");
  CHECK_NEAR(cs_rolling_moment(-1e-6, Rs, L), 0.0, 0.0, "separated, no moment");

  /* 002 eq. 1 integrated directly: p = k_v h (1 + a v_n) with v_n = v_cn − ω t (relative
   * rotation ω of the journal, normal +x, tangent +y); the moment about the centroid on the
   * journal is L ∫ t p dt. It must be eq. 4's −k_v a J ω, and vanish without rolling. */
  double kv = 4e13, a = 0.6, vcn = 0.05;
  double centroid = lens_moment(1, R1, R2, delta) / lens_moment(0, R1, R2, delta);
  CHECK_NEAR(centroid, 0.0, 1e-12, "the lens is symmetric about its centroid");
  for (double omega = -30.0; omega <= 30.0; omega += 20.0) {
    double m0 = lens_moment(1, R1, R2, delta), m1 = lens_moment(2, R1, R2, delta);
    double tau_direct = L * kv * (m0 * (1.0 + a * vcn) - a * omega * m1);
    double dtau;
    double tau = cs_rolling_resistance(kv, a, J_exact, omega, &dtau);
    CHECK_NEAR(tau, tau_direct, 1e-9 * fabs(kv * a * J_exact * 30.0) + 1e-18,
               "rolling torque: eq. 4 vs the integrated pressure");
    CHECK(tau * omega <= 0.0, "rolling torque resists the rolling (omega %g, tau %g)", omega,
          tau);
    CHECK_REL(dtau, -kv * a * J_exact, 1e-12, "d tau / d omega");
  }
  /* a number: −k_v a J ω = −4e13 · 0.6 · 8.21198e-18 · 10 = −1.970874e-3 N m (python) */
  CHECK_REL(cs_rolling_resistance(kv, a, J, 10.0, NULL), -0.001970874154886605, 1e-12,
            "rolling torque value");
  CHECK_NEAR(cs_rolling_resistance(kv, a, J, 0.0, NULL), 0.0, 0.0, "no rolling, no torque");
}

int main(void)
{
  reg = cs_test_registry();
  test_coulomb();
  test_ambrosio();
  test_viscous();
  test_bad_parameters();
  test_rolling();
  cs_registry_free(reg);
  return cs_test_finish();
}
