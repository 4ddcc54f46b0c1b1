/* test_contact_damping.c — the damping (hysteresis) laws: forces at hand-computed points,
 * analytic derivatives against centred differences, and the effective restitution of a free
 * two-body impact, integrated with the tests' own Dormand–Prince RK45 (tests/support/cs_rk45.h, the
 * independent reference the engine's IDAS impact tool is checked against in test_impact).
 *
 * Impact: m* δ'' = −max(F_n, 0), δ(0) = 0, δ'(0) = v, until δ returns to 0; e = |δ'(+)|/v.
 * Unless said otherwise: Hertz F_e = K δ^1.5, K = 1e10 N/m^1.5, m* = 1 kg, v = 1 m/s
 * (δ_max ≈ 0.11 mm, contact ≈ 0.3 ms).
 *
 * Independent closed forms used as references:
 *  - every law F_n = f(δ)(1 + χ δ'/δ'(−)) returns the root e of Gonthier's energy relation
 *    (004 eq. 113 with α δ'(−) = χ): χ − ln(1+χ) + e χ + ln(1 − e χ) = 0, whatever f;
 *  - a linear spring k with dashpot c, force clipped at zero, returns
 *    e = exp(−ζ (π − 2 asin ζ)/√(1 − ζ²)), ζ = c/(2√(k m)) (the half cycle ends where
 *    k δ + c δ' = 0, ω_d t = π − 2 asin ζ; Schwager & Pöschel 2007);
 *  - the undamped Hertz impact lasts t_c = 2 (δ_m/v) ∫0^1 (1 − x^{5/2})^{−1/2} dx
 *    = (4/5) B(2/5, 1/2) δ_m/v ≈ 2.9432 δ_m/v, δ_m = (5 m v²/(4K))^{2/5}.
 */
#include "cs_contact.h"
#include "cs_eq113.h"
#include "cs_rk45.h"
#include "cs_test.h"
#include "cs_test_laws.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* ---------------------------------------------------------------- elastic laws ----------- */

typedef double elastic_fn(const void *p, double delta, double *dFe);

typedef struct power_law {
  double K, n;
} power_law;

static double power_force(const void *p, double d, double *dF)
{
  const power_law *e = p;
  if (!(d > 0.0)) {
    *dF = e->n == 1.0 ? e->K : 0.0;
    return 0.0;
  }
  double F = e->K * pow(d, e->n);
  *dF = e->n * F / d;
  return F;
}

/* Steuermann stiffness of Wang & Gao 2023 (000) eqs. 8–11: F = K(δ) δ,
 * K = 4 n E* R_s sin θ/(2n + 1), θ from eq. 8 with their R1 = socket, R2 = ball, written as
 * sin²θ = (R2² − (s − R1)²)((s + R1)² − R2²)/(2 s R1)², s = ΔR + δ (no cancellation). */
typedef struct steuermann {
  double Es, Rs, Rb, n;
} steuermann;

static double steuermann_F(const steuermann *w, double d)
{
  if (!(d > 0.0))
    return 0.0;
  double s = w->Rs - w->Rb + d;
  double s2 = (w->Rb * w->Rb - (s - w->Rs) * (s - w->Rs)) *
              ((s + w->Rs) * (s + w->Rs) - w->Rb * w->Rb) / (4.0 * s * s * w->Rs * w->Rs);
  return 4.0 * w->n * w->Es * w->Rs * sqrt(fmax(s2, 0.0)) / (2.0 * w->n + 1.0) * d;
}

static double steuermann_force(const void *p, double d, double *dF)
{
  double h = 1e-6 * d; /* dF_e only feeds ∂F_n/∂δ, which the impact does not use */
  *dF = d > 0.0 ? (steuermann_F(p, d + h) - steuermann_F(p, d - h)) / (2.0 * h) : 0.0;
  return steuermann_F(p, d);
}

/* ---------------------------------------------------------------- laws ------------------- */

/* Ball in socket of 000 Table 1 (socket 50.5 mm, ball 1 kg). */
static cs_contact_geometry ball_in_socket(void) { return cs_test_ball_in_socket(0.0505, 1.0); }

typedef cs_test_law law;

static law make(const cs_registry *reg, const char *name, const double *params)
{
  cs_contact_geometry g = ball_in_socket();
  return cs_test_law_make(reg, CS_DAMPING, name, params, &g);
}

static void unmake(law *L) { cs_test_law_free(L); }

typedef struct state {
  double delta, rate, v_impact, cr, delta_max, m;
} state;

/* F_n with the elastic force evaluated at the state's δ (δ_max raised to δ as the contact
 * model does); derivatives optional. */
static double force(const law *L, elastic_fn *el, const void *ep, state s, double *dd,
                    double *dr)
{
  double dFe, Fe = el(ep, s.delta, &dFe);
  cs_normal_in in = {s.delta, s.rate, s.v_impact, s.cr, fmax(s.delta_max, s.delta), Fe, dFe,
                     s.m};
  return L->law->normal(L->content, &in, dd, dr);
}

/* ---------------------------------------------------------------- the RK45 impact ------- */

typedef struct impact {
  const law *L;
  elastic_fn *el;
  const void *ep;
  double m, v, cr;
} impact;

static double impact_force(void *user, double delta, double rate, double delta_max)
{
  const impact *s = user;
  state st = {delta, rate, s->v, s->cr, delta_max, s->m};
  return force(s->L, s->el, s->ep, st, NULL, NULL);
}

static cs_rk45_out integrate(impact *s) { return cs_rk45_impact(impact_force, s, s->m, s->v); }

static double restitution(const law *L, elastic_fn *el, const void *ep, double m, double v,
                          double cr)
{
  impact s = {L, el, ep, m, v, cr};
  return integrate(&s).e;
}

/* ---------------------------------------------------------------- 1. the registry -------- */

static const char *const all_laws[] = {
  "kelvin_voigt",    "lee_wang_2",       "tsuji",           "hunt_crossley",
  "herbert_mcwhannell", "lee_wang",      "khulief_shabana", "lankarani_nikravesh",
  "marhefka_orin",   "gonthier",         "gonthier_approx", "flores",          "gharib_hurmuzlu",
  "hu_guo",          "alpha",            "lankarani_nikravesh_1994", "gharib_hurmuzlu_2",
  "wang_gao",        "volumetric"};
#define NLAWS ((int)(sizeof all_laws / sizeof all_laws[0]))

static void test_registry(const cs_registry *reg)
{
  CHECK(cs_registry_count(reg, CS_DAMPING) == NLAWS, "damping laws registered: %d, want %d",
        cs_registry_count(reg, CS_DAMPING), NLAWS);
  for (int i = 0; i < NLAWS; i++) {
    const cs_law *l = cs_registry_find(reg, CS_DAMPING, all_laws[i]);
    CHECK(l && l->family == CS_DAMPING && l->normal && l->create && l->destroy,
          "\"%s\": a complete damping descriptor", all_laws[i]);
    if (!l)
      continue;
    CHECK(l->summary && strlen(l->summary) > 10 && l->source && strlen(l->source) > 10,
          "\"%s\": summary and source given", all_laws[i]);
    for (int p = 0; p < l->nparams; p++) {
      const cs_param_spec *s = &l->params[p];
      int ok = s->name && s->units && s->doc && s->lo <= s->hi;
      if (!(s->flags & CS_PARAM_REQUIRED))
        ok = ok && s->def >= s->lo && s->def <= s->hi;
      CHECK(ok, "\"%s\" parameter %d: name, units, doc and a default inside its range",
            all_laws[i], p);
    }
  }
}

/* ---------------------------------------------------------------- 2. hand-computed F_n --- */

/* Hertz K = 1e10, δ = 1e-5 m: F_e = 1e10 · (1e-5)^1.5 = 316.22776601683796 N,
 * dF_e/dδ = 1.5 F_e/δ = 4.743416490252569e7 N/m. δ' = 0.5 m/s, δ'(−) = 1 m/s, e = 0.8, m* = 1. */
static void test_points(const cs_registry *reg)
{
  const power_law hz = {1e10, 1.5};
  const double Fe = 316.22776601683796;
  state s = {1e-5, 0.5, 1.0, 0.8, 0.0, 1.0};
  static const struct {
    const char *name;
    double chi, want; /* F = F_e (1 + χ · 0.5) */
  } chi_laws[] = {
    {"hunt_crossley", 0.3, 363.6619309193636},             /* 1.5 (1 − 0.8) */
    {"herbert_mcwhannell", 1.2 / 3.36, 372.69700994841617}, /* 6·0.2/(0.6² + 3) */
    {"lee_wang", 0.15, 339.9448484681008},                 /* 0.75 · 0.2 */
    {"khulief_shabana", 0.27, 358.9185144291111},          /* 0.75 (1 − 0.64) */
    {"lankarani_nikravesh", 0.27, 358.9185144291111},      /* 0.75 (1 − 0.64) */
    {"marhefka_orin", 0.54 / 1.512, 372.69700994841617},   /* 1.5·0.36/(1 + 0.512) */
    {"flores", 0.4, 379.47331922020555},                   /* 1.6 · 0.2/0.8 */
    {"gharib_hurmuzlu", 1.25, 513.8701197773617},          /* 1/0.8 */
    {"hu_guo", 0.375, 375.5204721449951},                  /* 1.5 · 0.2/0.8 */
    /* d = 0.29851696269204275 solves (1 + d/0.8)/(1 − d) = exp(2.25 d) (scipy brentq),
     * χ = d/e = 0.37314620336505344 */
    {"gonthier", 0.37314620336505344, 375.2273611607357},
    {"gonthier_approx", 0.45, 387.3790133706265},          /* (1 − 0.64)/0.8 */
  };
  for (size_t i = 0; i < sizeof chi_laws / sizeof chi_laws[0]; i++) {
    law L = make(reg, chi_laws[i].name, NULL);
    if (!L.law)
      continue;
    CHECK_REL(force(&L, power_force, &hz, s, NULL, NULL), chi_laws[i].want, 1e-13,
              chi_laws[i].name);
    CHECK_REL(Fe * (1.0 + 0.5 * chi_laws[i].chi), chi_laws[i].want, 1e-13,
              "the hand value restates F_e (1 + χ δ'/δ'(−))");
    unmake(&L);
  }

  struct {
    const char *name;
    double p[2];
    state s;
    double want;
    const char *why;
  } other[] = {
    {"alpha", {0.32, 0}, s, 392.1224298608791, "F_e (1 + 1.5 · 0.32 · 0.5) = 1.24 F_e"},
    {"kelvin_voigt", {1000.0, 0}, s, 816.2277660168379, "F_e + 1000 · 0.5"},
    /* ζ0 = −ln 0.8/√(ln² 0.8 + π²) = 0.07085030019536805, √(m F_e/δ) = 5623.413251903491,
     * T2 = exp(−((2e-5 − 1e-5)/1e-5)²) = e^−1: F_e + 2 ζ0 e^−1 5623.41 · 0.5 */
    {"lee_wang_2", {2e-5, 2.0}, s, 462.79848316938285, "in the transition zone"},
    /* e = 0.8 is a table node: χ = 0.7450945842 · (−ln 0.8) = 0.16626305158337243,
     * F_e + χ · 5623.413251903491 · 0.5 */
    {"tsuji", {0, 0}, s, 783.7106898047631, "Tsuji at a table node"},
  };
  for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
    law L = make(reg, other[i].name, other[i].p);
    if (!L.law)
      continue;
    CHECK_REL(force(&L, power_force, &hz, other[i].s, NULL, NULL), other[i].want, 1e-9,
              other[i].why);
    unmake(&L);
  }

  /* Permanent indentation, unloading at δ = 1e-5 from δ_max = 2e-5:
   * F_m = 1e10 (2e-5)^1.5 = 894.427190999916 N.
   * L-N 1994 with δ'(−) = 0.01 m/s: δ_p = 2.5 · 1 · 1e-4 · 0.36/(2 F_m) = 5.0311529493745245e-8 m,
   *   F = F_m ((δ − δ_p)/(δ_m − δ_p))^1.5 = 315.03226859071776 N;
   * G-H 2: δ_p = 2e-5 · 0.36 = 7.2e-6 m, F = F_m (2.8/12.8)^1.5 = 91.50969040216462 N;
   * loading (δ = δ_max): F_e. Below δ_p the force is 0. */
  state un = {1e-5, -0.5, 0.01, 0.8, 2e-5, 1.0};
  law L = make(reg, "lankarani_nikravesh_1994", NULL);
  if (L.law) {
    CHECK_REL(force(&L, power_force, &hz, un, NULL, NULL), 315.03226859071776, 1e-12,
              "L-N 1994 unloading");
    state ld = {1e-5, 0.5, 0.01, 0.8, 1e-5, 1.0};
    CHECK_REL(force(&L, power_force, &hz, ld, NULL, NULL), Fe, 1e-14, "L-N 1994 loading = F_e");
    state below = {4e-8, -0.5, 0.01, 0.8, 2e-5, 1.0};
    CHECK(force(&L, power_force, &hz, below, NULL, NULL) == 0.0, "L-N 1994: zero below δ_p");
    unmake(&L);
  }
  L = make(reg, "gharib_hurmuzlu_2", NULL);
  if (L.law) {
    CHECK_REL(force(&L, power_force, &hz, un, NULL, NULL), 91.50969040216462, 1e-12,
              "G-H 2 unloading");
    state below = {7e-6, -0.5, 0.01, 0.8, 2e-5, 1.0};
    CHECK(force(&L, power_force, &hz, below, NULL, NULL) == 0.0, "G-H 2: zero below δ_p");
    unmake(&L);
  }

  /* Wang–Gao, 000 Table 1 ball (50 mm) in socket (50.5 mm), E = 206.8 GPa, ν = 0.29, n = 2:
   * E* = E/(2(1 − ν²)) = 112894420788.29567 Pa,
   * H = 8√2 · 2 · E* √(0.05 · 0.0505/0.0005)/(5 · 5) = 229621812461.42825 N/m^2.5,
   * F = F_e + 50 H (0.2)/(13 · 0.8) (1e-5)^1.5 · 0.5 = 3807.2274190656244 N. */
  double n2 = 2.0;
  L = make(reg, "wang_gao", &n2);
  if (L.law) {
    CHECK_REL(force(&L, power_force, &hz, s, NULL, NULL), 3807.2274190656244, 1e-12,
              "Wang-Gao eq. 29");
    char buf[200];
    L.law->report(L.content, buf, sizeof buf);
    CHECK(strstr(buf, "2.29622e+11") != NULL, "Wang-Gao report gives H: \"%s\"", buf);
    unmake(&L);
  }
}

/* Gonthier's d solves 004 eq. 115 across the range, including e → 1 where d → 0 (the trivial
 * root) and e → 0 where d → 1. */
static void test_gonthier_root(const cs_registry *reg)
{
  law L = make(reg, "gonthier", NULL);
  if (!L.law)
    return;
  const power_law hz = {1e10, 1.5};
  const double es[] = {0.01, 0.05, 0.1, 0.3, 0.5, 0.8, 0.9, 0.99, 0.9999, 0.999999};
  for (size_t i = 0; i < sizeof es / sizeof es[0]; i++) {
    double e = es[i];
    state s = {1e-5, 1.0, 1.0, e, 0.0, 1.0};
    double dFe, Fe = power_force(&hz, s.delta, &dFe);
    double d = e * (force(&L, power_force, &hz, s, NULL, NULL) / Fe - 1.0);
    CHECK(d > 0.0 && d < 1.0, "Gonthier e = %g: d = %.17g in (0, 1)", e, d);
    if (e < 0.03) { /* 1 − d ≈ 101 e^−101 here: d is 1 to double precision */
      CHECK(d > 1.0 - 1e-14, "Gonthier e = %g: d = 1 to double precision (1 - d = %.3g)", e,
            1.0 - d);
      continue;
    }
    /* residual of ln(1 + d/e) − ln(1 − d) = d (1 + 1/e): within the rounding of its terms
     * and of d itself (a few ulps times g'(d)) */
    double r = log1p(d / e) - log1p(-d) - d * (1.0 + 1.0 / e);
    double dg = 1.0 / (e + d) + 1.0 / (1.0 - d) - (1.0 + 1.0 / e);
    CHECK(fabs(r) <= 1e-13 * (d / e + d) + 8 * 2.2e-16 * fabs(dg),
          "Gonthier e = %g: eq. 115 residual %.3g", e, r);
    if (e >= 0.9999) /* series root (3/2) e (1 − e²)/(1 + e³) (our expansion of eq. 115) */
      CHECK_REL(d, 1.5 * e * (1 - e * e) / (1 + e * e * e), 3e-4, "Gonthier d near e = 1");
  }
  unmake(&L);
}

/* ---------------------------------------------------------------- 3. derivatives --------- */

static void check_derivatives(const law *L, elastic_fn *el, const void *ep, state s,
                              const char *what)
{
  double dd, dr;
  double F = force(L, el, ep, s, &dd, &dr);
  double hd = 1e-6 * s.delta, hr = 1e-6 * fmax(fabs(s.rate), 1e-3);
  state p = s, m = s;
  p.delta += hd;
  m.delta -= hd;
  double fd = (force(L, el, ep, p, NULL, NULL) - force(L, el, ep, m, NULL, NULL)) / (2 * hd);
  p = m = s;
  p.rate += hr;
  m.rate -= hr;
  double fr = (force(L, el, ep, p, NULL, NULL) - force(L, el, ep, m, NULL, NULL)) / (2 * hr);
  double scale_d = fabs(F) / s.delta + fabs(dd), scale_r = fabs(F) / fmax(fabs(s.rate), 1e-3);
  CHECK(fabs(dd - fd) <= 1e-6 * scale_d, "%s: dF/dδ %.12g vs centred %.12g", what, dd, fd);
  CHECK(fabs(dr - fr) <= 1e-6 * scale_r + 1e-9 * fabs(dr), "%s: dF/dδ' %.12g vs centred %.12g",
        what, dr, fr);
}

static void test_derivatives(const cs_registry *reg)
{
  const power_law hz = {1e10, 1.5}, lin = {1e8, 1.0};
  static const struct {
    const char *name;
    double p[2];
  } cases[] = {
    {"kelvin_voigt", {1000.0, 0}}, {"lee_wang_2", {2e-5, 2.0}}, {"lee_wang_2", {2e-5, 3.5}},
    {"lee_wang_2", {5e-6, 2.0}},   {"tsuji", {0}},              {"hunt_crossley", {0}},
    {"herbert_mcwhannell", {0}},   {"lee_wang", {0}},           {"khulief_shabana", {0}},
    {"lankarani_nikravesh", {0}},  {"marhefka_orin", {0}},      {"gonthier", {0}},
    {"gonthier_approx", {0}},
    {"flores", {0}},               {"gharib_hurmuzlu", {0}},    {"hu_guo", {0}},
    {"alpha", {0.32, 0}},          {"lankarani_nikravesh_1994", {0}},
    {"gharib_hurmuzlu_2", {0}},    {"wang_gao", {2.0, 0}},
  };
  /* approaching, rebounding, and unloading below δ_max (the indentation laws' second
   * branch; δ'(−) = 0.01 keeps L-N 1994's δ_p below δ) */
  const state states[] = {
    {1e-5, 0.5, 1.0, 0.7, 0.0, 1.0},
    {1e-5, -0.3, 1.0, 0.7, 0.0, 1.0},
    {1e-5, -0.3, 0.01, 0.8, 2e-5, 1.0},
    {3e-6, 0.2, 0.5, 0.4, 0.0, 2.0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    law L = make(reg, cases[i].name, cases[i].p);
    if (!L.law)
      continue;
    for (size_t j = 0; j < sizeof states / sizeof states[0]; j++) {
      char what[96];
      snprintf(what, sizeof what, "%s (p %g) state %zu Hertz", cases[i].name, cases[i].p[0], j);
      check_derivatives(&L, power_force, &hz, states[j], what);
      snprintf(what, sizeof what, "%s (p %g) state %zu linear", cases[i].name, cases[i].p[0], j);
      check_derivatives(&L, power_force, &lin, states[j], what);
    }
    unmake(&L);
  }
}

/* ---------------------------------------------------------------- 4. bad parameters ------ */

static void test_bad_input(const cs_registry *reg)
{
  cs_error err;
  void *content = NULL;
  cs_contact_geometry flat = ball_in_socket();
  flat.internal = 0;
  double n2 = 2.0;
  const cs_law *wg = cs_registry_find(reg, CS_DAMPING, "wang_gao");
  CHECK(wg && wg->create(&n2, &flat, &content, &err) == CS_ERR_INPUT &&
            strstr(err.message, "wang_gao") && strstr(err.message, "socket"),
        "wang_gao refuses an external contact with a message naming it");
  double bad_c = -1.0;
  const cs_law *kv = cs_registry_find(reg, CS_DAMPING, "kelvin_voigt");
  CHECK(kv && kv->create(&bad_c, &flat, &content, &err) == CS_ERR_INPUT &&
            strstr(err.message, "c = -1"),
        "kelvin_voigt refuses c < 0");
  double bad_q[2] = {1e-5, 0.5};
  const cs_law *lw2 = cs_registry_find(reg, CS_DAMPING, "lee_wang_2");
  CHECK(lw2 && lw2->create(bad_q, &flat, &content, &err) == CS_ERR_INPUT &&
            strstr(err.message, "q = 0.5"),
        "lee_wang_2 refuses q < 1");
}

/* ---------------------------------------------------------------- 5. restitution -------- */

static double clipped_dashpot_e(double zeta)
{
  return exp(-zeta * (PI - 2.0 * asin(zeta)) / sqrt(1.0 - zeta * zeta));
}

static double damping_ratio(double e) /* linear oscillator, unclipped: 004 eq. 44 */
{
  double l = log(e);
  return -l / sqrt(l * l + PI * PI);
}

/* The integrator against closed forms before it judges anything. */
static void test_integrator(const cs_registry *reg)
{
  const power_law hz = {1e10, 1.5}, lin = {1e8, 1.0};
  const double m = 1.0, v = 1.0;
  double c0 = 0.0;
  law L = make(reg, "kelvin_voigt", &c0);
  if (!L.law)
    return;
  impact s = {&L, power_force, &hz, m, v, 1.0};
  cs_rk45_out o = integrate(&s);
  double dm = pow(5.0 * m * v * v / (4.0 * hz.K), 0.4);
  double tc = 0.8 * tgamma(0.4) * tgamma(0.5) / tgamma(0.9) * dm / v;
  CHECK_NEAR(o.e, 1.0, 1e-9, "undamped Hertz impact: e = 1");
  CHECK_REL(o.delta_max, dm, 1e-9, "undamped Hertz: δ_max = (5 m v²/(4K))^(2/5)");
  CHECK_REL(o.t_contact, tc, 1e-9, "undamped Hertz: t_c = (4/5) B(2/5,1/2) δ_m/v");
  printf("RK45 check: Hertz undamped e = %.12f, t_c = %.9g s (closed form %.9g), %d steps\n",
         o.e, o.t_contact, tc, o.steps);
  unmake(&L);

  /* linear spring and dashpot, clipped: exact e for ζ = 0.05 … 0.9 */
  const double zetas[] = {0.05, 0.2, 0.5, 0.9};
  for (size_t i = 0; i < sizeof zetas / sizeof zetas[0]; i++) {
    double c = 2.0 * zetas[i] * sqrt(lin.K * m);
    law K = make(reg, "kelvin_voigt", &c);
    if (!K.law)
      continue;
    char what[64];
    snprintf(what, sizeof what, "Kelvin-Voigt clipped, zeta = %g", zetas[i]);
    CHECK_NEAR(restitution(&K, power_force, &lin, m, v, 0.5), clipped_dashpot_e(zetas[i]), 1e-9,
               what);
    unmake(&K);
  }
}

enum { NCR = 5 };
static const double crs[NCR] = {0.3, 0.5, 0.7, 0.9, 1.0};

typedef struct row {
  const char *label, *name;
  double p[2];
  int spring; /* 0 Hertz, 1 linear, 2 Hertz with K = 5H/2 (Wang–Gao) */
  double e[NCR];
} row;

static row rows[] = {
  {"hunt_crossley", "hunt_crossley", {0}, 0, {0}},
  {"herbert_mcwhannell", "herbert_mcwhannell", {0}, 0, {0}},
  {"lee_wang", "lee_wang", {0}, 0, {0}},
  {"khulief_shabana", "khulief_shabana", {0}, 0, {0}},
  {"lankarani_nikravesh", "lankarani_nikravesh", {0}, 0, {0}},
  {"marhefka_orin", "marhefka_orin", {0}, 0, {0}},
  {"gonthier", "gonthier", {0}, 0, {0}},
  {"gonthier_approx", "gonthier_approx", {0}, 0, {0}},
  {"flores", "flores", {0}, 0, {0}},
  {"gharib_hurmuzlu", "gharib_hurmuzlu", {0}, 0, {0}},
  {"hu_guo", "hu_guo", {0}, 0, {0}},
  {"wang_gao (K=5H/2)", "wang_gao", {2.0, 0}, 2, {0}},
  {"alpha=(1-cr)/v", "alpha", {0}, 0, {0}},
  {"tsuji", "tsuji", {0}, 0, {0}},
  {"lankarani_nik._1994", "lankarani_nikravesh_1994", {0}, 0, {0}},
  {"gharib_hurmuzlu_2", "gharib_hurmuzlu_2", {0}, 0, {0}},
  {"kelvin_voigt (lin)", "kelvin_voigt", {0}, 1, {0}},
  {"lee_wang_2 eps=0 (lin)", "lee_wang_2", {0.0, 2.0}, 1, {0}},
  {"lee_wang_2 eps=dm/10", "lee_wang_2", {1e-5, 2.0}, 1, {0}},
  {"lankarani_nik. (lin)", "lankarani_nikravesh", {0}, 1, {0}},
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

static row *find_row(const char *label)
{
  for (int i = 0; i < NROWS; i++)
    if (strcmp(rows[i].label, label) == 0)
      return &rows[i];
  return NULL;
}

/* χ(c_r) of the laws of form f (1 + χ δ'/δ'(−)), restated from 004/000 for the eq. 113
 * reference (the hand-computed points check the laws against the same formulas). */
static double chi_of(const char *name, double e)
{
  if (!strcmp(name, "hunt_crossley"))
    return 1.5 * (1 - e);                          /* 004 eq. 23 */
  if (!strcmp(name, "herbert_mcwhannell"))
    return 6 * (1 - e) / ((2 * e - 1) * (2 * e - 1) + 3); /* 004 eq. 25 */
  if (!strcmp(name, "lee_wang"))
    return 0.75 * (1 - e);                         /* 004 eq. 39 */
  if (!strcmp(name, "khulief_shabana") || !strcmp(name, "lankarani_nikravesh"))
    return 0.75 * (1 - e * e);                     /* 004 eqs. 71, 88 */
  if (!strcmp(name, "marhefka_orin"))
    return 1.5 * (1 - e * e) / (1 + e * e * e);    /* 004 eqs. 105, 107 */
  if (!strcmp(name, "flores"))
    return 1.6 * (1 - e) / e;                      /* 004 eq. 127 */
  if (!strcmp(name, "gonthier_approx"))
    return (1 - e * e) / e;                        /* Gonthier et al. 2004, d ≈ 1 − e² */
  if (!strcmp(name, "gharib_hurmuzlu"))
    return 1 / e;                                  /* 004 eq. 134 */
  if (!strcmp(name, "hu_guo"))
    return 1.5 * (1 - e) / e;                      /* 004 eq. 153 */
  if (!strcmp(name, "wang_gao"))
    return 20.0 / 13.0 * (1 - e) / e;              /* 000 eq. 28 with F_e = (5/2) H δ^1.5 */
  if (!strcmp(name, "alpha"))
    return 1.5 * (1 - e);                          /* α = (1 − c_r)/v, 004 eq. 154 */
  return NAN;
}

static void run_table(const cs_registry *reg)
{
  const power_law hz = {1e10, 1.5}, lin = {1e8, 1.0};
  const double m = 1.0, v = 1.0;
  cs_contact_geometry g = ball_in_socket();
  double Es = cs_geometry_E_star(&g);
  double H = 8 * sqrt(2.0) * 2 * Es * sqrt(g.R1 * g.R2 / (g.R2 - g.R1)) / (5.0 * 5.0);
  const power_law wg = {2.5 * H, 1.5};

  for (int r = 0; r < NROWS; r++) {
    row *w = &rows[r];
    const void *ep = w->spring == 1 ? (const void *)&lin : w->spring == 2 ? (const void *)&wg
                                                                            : (const void *)&hz;
    for (int j = 0; j < NCR; j++) {
      double p[2] = {w->p[0], w->p[1]};
      if (!strcmp(w->name, "alpha"))
        p[0] = (1 - crs[j]) / v;
      if (!strcmp(w->name, "kelvin_voigt")) /* the dashpot that would give c_r unclipped */
        p[0] = 2 * damping_ratio(crs[j]) * sqrt(lin.K * m);
      law L = make(reg, w->name, p);
      w->e[j] = L.law ? restitution(&L, power_force, ep, m, v, crs[j]) : NAN;
      unmake(&L);
    }
  }

  printf("\nEffective restitution e = |d'(+)|/v of a free impact (m* = 1 kg, v = 1 m/s;\n"
         "Hertz K = 1e10 N/m^1.5 unless (lin): k = 1e8 N/m; in brackets: %% off nominal)\n");
  printf("%-24s", "law \\ nominal c_r");
  for (int j = 0; j < NCR; j++)
    printf("  %-16.2f", crs[j]);
  printf("\n");
  for (int r = 0; r < NROWS; r++) {
    printf("%-24s", rows[r].label);
    for (int j = 0; j < NCR; j++)
      printf("  %.5f (%+6.1f%%)", rows[r].e[j], 100 * (rows[r].e[j] / crs[j] - 1));
    printf("\n");
  }
  printf("\n");
}

static void check_table(void)
{
  /* (a) every χ law returns eq. 113's root for its χ, on any spring (004 eq. 113) */
  for (int r = 0; r < NROWS; r++) {
    const row *w = &rows[r];
    if (isnan(chi_of(w->name, 0.5)))
      continue;
    for (int j = 0; j < NCR; j++) {
      char what[96];
      snprintf(what, sizeof what, "%s c_r = %.1f: e = root of 004 eq. 113", w->label, crs[j]);
      CHECK_NEAR(w->e[j], e_of_chi(chi_of(w->name, crs[j])), 1e-8, what);
    }
  }
  /* (b) elastic at c_r = 1 (energy conserved to 1e-6), except Gharib–Hurmuzlu's first
   * formula, whose χ = 1/c_r does not vanish: it returns eq. 113's root for χ = 1, 0.59362 */
  for (int r = 0; r < NROWS; r++) {
    char what[96];
    snprintf(what, sizeof what, "%s c_r = 1: elastic impact", rows[r].label);
    if (strcmp(rows[r].name, "gharib_hurmuzlu") != 0)
      CHECK_NEAR(rows[r].e[NCR - 1], 1.0, 1e-6, what);
  }
  CHECK_NEAR(find_row("gharib_hurmuzlu")->e[NCR - 1], 0.59362, 1e-5,
             "Gharib-Hurmuzlu 1 at c_r = 1 is not elastic (eq. 113 root for chi = 1)");

  /* (c) what each law was derived to do (the per-cent figures are eq. 113's, asserted above
   * to 1e-8; here they are held against the papers' claims). */
  const row *r;
  /* Gonthier et al. 2004 solve the energy balance exactly: nominal everywhere. */
  r = find_row("gonthier");
  for (int j = 0; j < NCR; j++)
    CHECK_NEAR(r->e[j], crs[j], 1e-7, "Gonthier returns the nominal c_r exactly");
  /* Its approximate factor (1 − e²)/e does not: 0.6696 at e = 0.7 (eq. 113's root, scipy
   * brentq: 0.6695813197), 4.3 % low; near e = 1 it is exact to first order in 1 − e. */
  r = find_row("gonthier_approx");
  CHECK_NEAR(r->e[2], 0.6695813197482257, 1e-7, "gonthier_approx at c_r = 0.7: e_eff 0.6696");
  CHECK(r->e[3] < crs[3] && r->e[3] > crs[3] - 0.03, "gonthier_approx at c_r = 0.9: %.5f, "
        "below nominal by less than 0.03", r->e[3]);
  /* Permanent indentation (004 eqs. 97, 143): exact on a K δ^n spring. */
  for (int k = 0; k < 2; k++) {
    r = find_row(k ? "gharib_hurmuzlu_2" : "lankarani_nik._1994");
    for (int j = 0; j < NCR; j++)
      CHECK_NEAR(r->e[j], crs[j], 1e-7, "permanent indentation returns the nominal c_r");
  }
  /* Tsuji: χ(e) is the exact relation (tabulated), to the table's 1e-5. */
  r = find_row("tsuji");
  for (int j = 0; j < NCR; j++)
    CHECK_NEAR(r->e[j], crs[j], 2e-5, "Tsuji returns the nominal c_r");
  /* Lankarani–Nikravesh and Hunt–Crossley assume dissipation small against the stored energy
   * (004 §3.6, §3.2): within 1.5 % at c_r = 0.9 (L-N 0.9132, H-C 0.9090), but at 0.3 they
   * return about twice the nominal value (L-N 0.6842, H-C 0.5813). */
  r = find_row("lankarani_nikravesh");
  CHECK_REL(r->e[3], 0.9, 0.015, "L-N at c_r = 0.9 within 1.5 %");
  CHECK(r->e[0] > 2.2 * 0.3, "L-N at c_r = 0.3 far off: %.4f > 0.66", r->e[0]);
  r = find_row("hunt_crossley");
  CHECK_REL(r->e[3], 0.9, 0.011, "H-C at c_r = 0.9 within 1.1 %");
  CHECK(r->e[0] > 1.9 * 0.3, "H-C at c_r = 0.3 far off: %.4f > 0.57", r->e[0]);
  /* Herbert–McWhannell ≡ Marhefka–Orin (eq. 107 reduces to eq. 25's factor): 0.1 % at 0.9,
   * +73 % at 0.3. */
  CHECK_NEAR(find_row("herbert_mcwhannell")->e[0], find_row("marhefka_orin")->e[0], 1e-10,
             "Herbert-McWhannell and Marhefka-Orin coincide");
  CHECK_REL(find_row("marhefka_orin")->e[3], 0.9, 0.002, "Marhefka-Orin at 0.9 within 0.2 %");
  /* Lee–Wang's first function, from a linear fit e ≈ 1 − α1 v (004 eq. 29), dissipates half
   * of Hunt–Crossley: 5.8 % high at 0.9. */
  CHECK_REL(find_row("lee_wang")->e[3], 0.95237, 1e-4, "Lee-Wang 1 at 0.9: 0.95237");
  /* Flores et al. 2011 and Hu & Guo 2015 were derived for the whole range (soft materials);
   * both stay within 2.5 % from 0.7 up, but still under-shoot at 0.3 (Flores −14.6 %, Hu–Guo
   * −9.8 %). */
  r = find_row("flores");
  CHECK_REL(r->e[2], 0.7, 0.025, "Flores within 2.5 % at 0.7");
  CHECK_REL(r->e[3], 0.9, 0.01, "Flores within 1 % at 0.9");
  CHECK(r->e[0] < 0.3 * 0.87 && r->e[0] > 0.3 * 0.83, "Flores at 0.3: %.4f, 13-17 %% low",
        r->e[0]);
  r = find_row("hu_guo");
  CHECK_REL(r->e[2], 0.7, 0.005, "Hu-Guo within 0.5 % at 0.7");
  CHECK_REL(r->e[3], 0.9, 0.001, "Hu-Guo within 0.1 % at 0.9");
  CHECK(r->e[0] < 0.3 * 0.92 && r->e[0] > 0.3 * 0.88, "Hu-Guo at 0.3: %.4f, 8-12 %% low",
        r->e[0]);
  /* Gharib–Hurmuzlu 1 is a low-restitution model: 6 % low at 0.3, but 0.567 at 0.9. */
  r = find_row("gharib_hurmuzlu");
  CHECK_REL(r->e[0], 0.3, 0.07, "Gharib-Hurmuzlu 1 within 7 % at 0.3");
  CHECK(r->e[3] < 0.6, "Gharib-Hurmuzlu 1 at 0.9 far off: %.4f < 0.6", r->e[3]);
  /* Wang & Gao 2023 (000 eq. 32): error below 2.5 % for c_r > 0.9 (here at 0.9: −0.27 %). */
  CHECK_REL(find_row("wang_gao (K=5H/2)")->e[3], 0.9, 0.025, "Wang-Gao within 2.5 % at 0.9");
  /* α = (1 − c_r)/v makes 004 eq. 154 Hunt–Crossley's law. */
  for (int j = 0; j < NCR; j++)
    CHECK_NEAR(find_row("alpha=(1-cr)/v")->e[j], find_row("hunt_crossley")->e[j], 1e-9,
               "alpha law with alpha = (1-c_r)/v is Hunt-Crossley");
  /* Linear dashpot: c from the unclipped relation (004 eq. 44) gives the clipped closed form;
   * Lee–Wang 2 with ε = 0 is that dashpot; a transition zone takes damping away. */
  for (int j = 0; j < NCR - 1; j++) {
    double ce = clipped_dashpot_e(damping_ratio(crs[j]));
    CHECK_NEAR(find_row("kelvin_voigt (lin)")->e[j], ce, 1e-9, "Kelvin-Voigt clipped closed form");
    CHECK_NEAR(find_row("lee_wang_2 eps=0 (lin)")->e[j], ce, 1e-9, "Lee-Wang 2, eps = 0");
    CHECK(find_row("lee_wang_2 eps=dm/10")->e[j] > ce,
          "Lee-Wang 2: a transition zone dissipates less (c_r %.1f)", crs[j]);
  }
}

/* Wang & Gao's own check (000 §4.1, eq. 32, Fig. 7): 1 kg ball at 0.3 m/s into the socket of
 * Table 1, Steuermann stiffness (eq. 11) with n = 1 … 8: error below 2.5 % for c_r ≥ 0.9. */
static void test_wang_gao_000(const cs_registry *reg)
{
  cs_contact_geometry g = ball_in_socket();
  printf("Wang-Gao (000 Fig. 7): Steuermann stiffness, 1 kg at 0.3 m/s, e_eff:\n");
  const double ns[] = {1, 2, 4, 8};
  const double cr[] = {0.9, 0.95, 0.99};
  for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
    steuermann st = {cs_geometry_E_star(&g), g.R2, g.R1, ns[i]};
    law L = make(reg, "wang_gao", &ns[i]);
    if (!L.law)
      continue;
    printf("  n = %g:", ns[i]);
    for (size_t j = 0; j < sizeof cr / sizeof cr[0]; j++) {
      double e = restitution(&L, steuermann_force, &st, 1.0, 0.3, cr[j]);
      printf("  c_r %.2f -> %.5f (%+.2f%%)", cr[j], e, 100 * (e / cr[j] - 1));
      char what[96];
      snprintf(what, sizeof what, "Wang-Gao n = %g, c_r = %.2f: error < 2.5 %% (000 eq. 32)",
               ns[i], cr[j]);
      CHECK_REL(e, cr[j], 0.025, what);
    }
    printf("\n");
    unmake(&L);
  }
}

/* Self-similarity: Tsuji's and the χ laws' e do not depend on the impact speed; the α law's
 * does (e ≈ 1 − α v for small α v, 004 eq. 10). */
static void test_speed(const cs_registry *reg)
{
  const power_law hz = {1e10, 1.5};
  law T = make(reg, "tsuji", NULL), F = make(reg, "flores", NULL);
  if (T.law)
    CHECK_NEAR(restitution(&T, power_force, &hz, 1.0, 0.1, 0.5),
               restitution(&T, power_force, &hz, 1.0, 2.0, 0.5), 1e-8, "Tsuji: e(v) constant");
  if (F.law)
    CHECK_NEAR(restitution(&F, power_force, &hz, 3.0, 0.1, 0.6),
               restitution(&F, power_force, &hz, 1.0, 2.0, 0.6), 1e-8, "Flores: e(v, m) constant");
  unmake(&T);
  unmake(&F);
  double alpha = 0.32;
  law A = make(reg, "alpha", &alpha);
  if (A.law) {
    double e1 = restitution(&A, power_force, &hz, 1.0, 0.1, 0.5);
    double e2 = restitution(&A, power_force, &hz, 1.0, 1.0, 0.5);
    CHECK_NEAR(e1, e_of_chi(1.5 * 0.32 * 0.1), 1e-8, "alpha law at 0.1 m/s: eq. 113");
    CHECK_NEAR(e2, e_of_chi(1.5 * 0.32 * 1.0), 1e-8, "alpha law at 1 m/s: eq. 113");
    CHECK_NEAR(e1, 1 - 0.32 * 0.1, 0.002, "alpha law: e ~ 1 - alpha v at small alpha v");
    printf("alpha = 0.32 s/m: e = %.5f at 0.1 m/s, %.5f at 1 m/s\n", e1, e2);
  }
  unmake(&A);
}

int main(void)
{
  cs_registry *reg = cs_test_registry();
  test_registry(reg);
  test_points(reg);
  test_gonthier_root(reg);
  test_derivatives(reg);
  test_bad_input(reg);
  test_integrator(reg);
  run_table(reg);
  check_table();
  test_wang_gao_000(reg);
  test_speed(reg);
  cs_registry_free(reg);
  return cs_test_finish();
}
