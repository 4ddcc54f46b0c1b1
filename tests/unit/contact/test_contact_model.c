/* test_contact_model.c — the composite contact model of contact/cs_contact.c: onset evaluates
 * c_r through the restitution law, eval chains elastic → damping → clip at zero → friction,
 * strain energy and dissipation power are what the laws say, δ_max and the clip count follow
 * accepted states only, and a failing law leaves nothing behind.
 *
 * The damping and restitution laws are small probes defined here (Hunt–Crossley's factor,
 * 004 eq. 23, and c_r = 1 − 0.1 v), so the expected numbers are closed forms of this file;
 * the elastic law is the built-in hertz, the friction law the built-in coulomb. */
#include "cs_contact.h"
#include "cs_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- probe laws ------------- */

typedef struct probe {
  cs_normal_in last; /* what the composite handed the damping law */
} probe;

static cs_status probe_create(const double *p, const cs_contact_geometry *g, void **c,
                              cs_error *err)
{
  (void)p, (void)g, (void)err;
  *c = calloc(1, sizeof(probe));
  return *c ? CS_OK : CS_ERR_MEMORY;
}

/* F_n = F_e (1 + χ δ'/δ'(−)), χ = 3(1 − c_r)/2 */
static double probe_normal(void *c, const cs_normal_in *in, double *dd, double *dr)
{
  ((probe *)c)->last = *in;
  double chi = 1.5 * (1.0 - in->cr), f = 1.0 + chi * in->rate / in->v_impact;
  if (dd)
    *dd = in->dFe * f;
  if (dr)
    *dr = in->Fe * chi / in->v_impact;
  return in->Fe * f;
}

static const cs_law probe_damping = {
  .name = "probe", .family = CS_DAMPING, .summary = "test", .source = "test",
  .create = probe_create, .destroy = free, .normal = probe_normal,
};

static double probe_cr(void *c, const cs_impact_in *in)
{
  (void)c;
  return 1.0 - 0.1 * in->v_impact;
}

static const cs_law probe_restitution = {
  .name = "probe", .family = CS_RESTITUTION, .summary = "test", .source = "test",
  .create = probe_create, .destroy = free, .restitution = probe_cr,
};

/* ---------------------------------------------------------------- fixtures --------------- */

static const cs_material STEEL = {207e9, 0.3, 0, 0, 0, 0};
static cs_registry *reg;
static double friction_params[2];

/* ball R1 = 10 mm in socket R2 = 10.2 mm, 2 kg on 3 kg: K = 4/3 E* √0.51, m* = 1.2 kg */
static cs_contact_geometry ball(void)
{
  cs_contact_geometry g = {CS_CONTACT_POINT, 1, 0.010, 0.0102, 0, STEEL, STEEL, 2.0, 3.0};
  return g;
}

static double K_hertz(void) { return 4.0 / 3.0 * (207e9 / (2 * 0.91)) * sqrt(0.51); }

static cs_contact *make(int with_friction)
{
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, "hertz"), &probe_damping,
                           &probe_restitution,
                           with_friction ? cs_registry_find(reg, CS_FRICTION, "coulomb") : NULL},
                          {NULL, NULL, NULL, friction_params}};
  cs_contact_geometry g = ball();
  cs_contact *c = NULL;
  cs_error err = {0};
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_OK, "create: %s", err.message);
  return c;
}

/* ---------------------------------------------------------------- tests ------------------ */

static void test_chain(void)
{
  cs_contact *c = make(1);
  if (!c)
    return;
  cs_contact_onset(c, 2.0);
  CHECK_NEAR(cs_contact_cr(c), 0.8, 1e-15, "onset: c_r = 1 - 0.1 * 2 from the restitution law");
  CHECK(cs_contact_v_impact(c) == 2.0 && cs_contact_delta_max(c) == 0.0,
        "onset holds δ'(−) and resets δ_max");

  double d = 1e-5, rate = 0.5, vt = 3e-4, K = K_hertz();
  double Fe = K * pow(d, 1.5), dFe = 1.5 * Fe / d, chi = 1.5 * 0.2, f = 1 + chi * rate / 2.0;
  cs_contact_out o;
  cs_contact_eval(c, d, rate, vt, 0, &o);
  CHECK_REL(o.Fe, Fe, 1e-13, "eval: F_e from hertz");
  CHECK_REL(o.Fn, Fe * f, 1e-13, "eval: F_n = F_e (1 + χ δ'/δ'(−)) from the damping law");
  CHECK_REL(o.dFn_ddelta, dFe * f, 1e-13, "eval: ∂F_n/∂δ");
  CHECK_REL(o.dFn_drate, Fe * chi / 2.0, 1e-13, "eval: ∂F_n/∂δ'");
  CHECK_REL(cs_contact_strain_energy(c, d), 0.4 * K * pow(d, 2.5), 1e-13,
            "strain energy: U = 2/5 K δ^2.5");
  /* coulomb: Ft = −μ Fn tanh(vt/v_tol) with μ = 0.1, v_tol = 1e-4 */
  double th = tanh(3.0);
  CHECK_REL(o.Ft, -0.1 * o.Fn * th, 1e-13, "eval: friction from the unclipped F_n");
  CHECK_REL(o.dFt_dFn, -0.1 * th, 1e-13, "eval: ∂Ft/∂Fn");
  CHECK_REL(o.dissipation_power, (o.Fn - o.Fe) * rate - o.Ft * vt, 1e-13,
            "eval: dissipation (F_n − F_e) δ' − Ft vt");
  CHECK(o.dissipation_power > 0 && !o.clipped, "approaching: positive dissipation, no clip");

  CHECK(cs_contact_delta_max(c) == 0.0, "an uncommitted eval leaves δ_max alone");
  cs_contact_eval(c, d, rate, vt, 1, &o);
  CHECK(cs_contact_delta_max(c) == d, "a committed eval records δ_max");
  cs_contact_eval(c, d / 2, -rate, vt, 1, &o);
  CHECK(cs_contact_delta_max(c) == d, "δ_max keeps the largest δ");

  /* separating fast: 1 + χ δ'/δ'(−) < 0 → clipped to zero with zero derivatives */
  double fast = -10.0; /* 1 + 0.3 * (−10) / 2 = −0.5 */
  cs_contact_eval(c, d, fast, vt, 0, &o);
  CHECK(o.clipped && o.Fn == 0.0 && o.dFn_ddelta == 0.0 && o.dFn_drate == 0.0,
        "clip: F_n = 0 and its derivatives 0");
  CHECK(o.Ft == 0.0, "clip: friction of the clipped (zero) normal force");
  CHECK_REL(o.dissipation_power, -o.Fe * fast, 1e-13, "clip: dissipation −F_e δ'");
  CHECK(cs_contact_clip_count(c) == 0, "an uncommitted clip is not counted");
  cs_contact_eval(c, d, fast, vt, 1, &o);
  cs_contact_eval(c, d, fast, vt, 1, &o);
  CHECK(cs_contact_clip_count(c) == 2, "committed clips are counted: %ld", cs_contact_clip_count(c));

  /* no penetration: nothing */
  cs_contact_eval(c, 0.0, rate, vt, 1, &o);
  CHECK(o.Fn == 0 && o.Fe == 0 && o.Ft == 0 && cs_contact_strain_energy(c, 0.0) == 0 && o.dissipation_power == 0,
        "δ = 0: no force, energy or dissipation");
  cs_contact_eval(c, -1e-6, rate, vt, 1, &o);
  CHECK(o.Fn == 0 && cs_contact_delta_max(c) == d, "δ < 0: nothing, history untouched");

  /* the history outlives the contact; the next onset resets it */
  CHECK(cs_contact_delta_max(c) == d && cs_contact_cr(c) == 0.8, "the history is kept");
  cs_contact_onset(c, 1.0);
  CHECK(cs_contact_delta_max(c) == 0.0 && fabs(cs_contact_cr(c) - 0.9) < 1e-15,
        "the next onset: c_r = 0.9, δ_max reset");
  CHECK(cs_contact_clip_count(c) == 2, "the clip count is the contact's lifetime total");
  cs_contact_free(c);
}

/* Without a friction law the tangential force is zero. */
static void test_no_friction(void)
{
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, "hertz"), &probe_damping,
                           &probe_restitution, NULL}, {NULL, NULL, NULL, NULL}};
  cs_contact_geometry g = ball();
  cs_contact *c = NULL;
  cs_error err = {0};
  if (cs_contact_create(&spec, &g, &c, &err) != CS_OK) {
    CHECK(0, "create without friction: %s", err.message);
    return;
  }
  cs_contact_onset(c, 1.0);
  cs_contact_out o;
  cs_contact_eval(c, 2e-6, 0.0, 1.0, 1, &o);
  CHECK(o.Ft == 0.0 && o.dFt_dvt == 0.0, "no friction law: Ft = 0");
  CHECK_REL(o.Fn, K_hertz() * pow(2e-6, 1.5), 1e-13, "δ' = 0: F_n = F_e");
  cs_contact_free(c);
}

/* The probe content of the contact under test, kept by spy_create so the test can read what
 * the composite handed the damping law: δ_max including the trial δ, m* from the masses. */
static probe *spy;

static cs_status spy_create(const double *p, const cs_contact_geometry *g, void **c, cs_error *e)
{
  cs_status st = probe_create(p, g, c, e);
  spy = *c;
  return st;
}

static const cs_law spy_damping = {
  .name = "spy", .family = CS_DAMPING, .summary = "test", .source = "test",
  .create = spy_create, .destroy = free, .normal = probe_normal,
};

static void test_spy(void)
{
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, "hertz"), &spy_damping,
                           &probe_restitution, NULL}, {NULL, NULL, NULL, NULL}};
  cs_contact_geometry g = ball();
  cs_contact *c = NULL;
  cs_error err = {0};
  if (cs_contact_create(&spec, &g, &c, &err) != CS_OK || !spy) {
    CHECK(0, "create with the spy: %s", err.message);
    return;
  }
  cs_contact_onset(c, 3.0);
  cs_contact_out o;
  cs_contact_eval(c, 4e-6, 0.25, 0.0, 1, &o);
  cs_contact_eval(c, 3e-6, -0.25, 0.0, 0, &o);
  CHECK(spy->last.delta == 3e-6 && spy->last.rate == -0.25 && spy->last.v_impact == 3.0,
        "damping law gets δ, δ', δ'(−)");
  CHECK_NEAR(spy->last.cr, 0.7, 1e-15, "damping law gets c_r of the onset");
  CHECK(spy->last.delta_max == 4e-6, "damping law gets δ_max of the contact");
  cs_contact_eval(c, 5e-6, 0.1, 0.0, 0, &o);
  CHECK(spy->last.delta_max == 5e-6 && cs_contact_delta_max(c) == 4e-6,
        "a trial beyond δ_max is handed as δ_max but not recorded");
  CHECK_REL(spy->last.m_star, 1.2, 1e-15, "m* = 2·3/(2+3) kg");
  CHECK_REL(spy->last.Fe, K_hertz() * pow(5e-6, 1.5), 1e-13, "damping law gets F_e");
  CHECK_REL(spy->last.dFe, 1.5 * K_hertz() * pow(5e-6, 0.5), 1e-13, "damping law gets dF_e/dδ");
  cs_contact_free(c);
  spy = NULL;
}

static void test_create_failures(void)
{
  cs_contact_geometry g = ball();
  g.shape = CS_CONTACT_LINE; /* hertz refuses a line contact */
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, "hertz"), &probe_damping,
                           &probe_restitution, NULL}, {NULL, NULL, NULL, NULL}};
  cs_contact *c = (cs_contact *)&spec; /* must be reset to NULL */
  cs_error err = {0};
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_ERR_INPUT && c == NULL &&
            strstr(err.message, "hertz"),
        "an elastic law's refusal is passed on: \"%s\"", err.message);
  spec.law[CS_DAMPING] = NULL;
  g = ball();
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_ERR_ARGUMENT &&
            strstr(err.message, "damping"),
        "no damping law: CS_ERR_ARGUMENT naming the family: \"%s\"", err.message);
  spec.law[CS_DAMPING] = &probe_restitution; /* a law of the wrong family */
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_ERR_ARGUMENT, "wrong family refused");
  spec.law[CS_DAMPING] = &probe_damping;
  spec.law[CS_FRICTION] = cs_registry_find(reg, CS_FRICTION, "coulomb"); /* params missing */
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_ERR_ARGUMENT &&
            strstr(err.message, "parameters"),
        "a law with parameters given none: \"%s\"", err.message);
}

int main(void)
{
  reg = cs_registry_new();
  const cs_law *coulomb = reg ? cs_registry_find(reg, CS_FRICTION, "coulomb") : NULL;
  CHECK(coulomb != NULL, "coulomb friction registered");
  if (!coulomb)
    return cs_test_finish();
  const char *keys[] = {"mu", "v_tol"};
  double values[] = {0.1, 1e-4};
  cs_error err = {0};
  CHECK(cs_law_params(coulomb, 2, keys, values, "test", friction_params, &err) == CS_OK,
        "coulomb parameters: %s", err.message);
  test_chain();
  test_no_friction();
  test_spy();
  test_create_failures();
  cs_registry_free(reg);
  return cs_test_finish();
}
