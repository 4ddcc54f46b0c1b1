/* test_contact_elastic.c — the elastic laws of elastic_hertz.c … elastic_pereira.c and the
 * machinery of cs_law_util.c: forces against independent values, derivatives against centred
 * differences, strain energy against numerical integration of the force, F(δ(F)) round trips
 * of the implicit laws, their continuation past the load limit, the power-law fit, the
 * safeguarded Newton on awkward functions, and the geometry the laws refuse.
 *
 * Numbers marked (python) come from a short /usr/bin/python3 script that solves the formulas of
 * Autiero et al. 2022 (004) Table 1, as printed there (Radzimovsky with b = 1.6 √(W R* / E*),
 * Goldsmith with σ = (1 − ν²)/(πE), see the law files), by scipy's brentq for F(δ), a centred
 * difference of two such roots for dF/dδ and quad for U — not from this code. Steel on steel: E = 207 GPa, ν = 0.3. */
#include "cs_contact.h"
#include "cs_law_util.h"
#include "cs_test.h"
#include "cs_test_laws.h"

#include <stdlib.h>
#include <string.h>

static cs_registry *reg;

static const cs_material STEEL = {207e9, 0.3, 0, 0, 0, 0};

static cs_contact_geometry line(int internal, double R1, double R2, double L)
{
  cs_contact_geometry g = {CS_CONTACT_LINE, internal, R1, R2, L, STEEL, STEEL, 1.0, 0.0};
  return g;
}

/* The law's content from (optional) fit_range; NULL and a failed check if create fails. */
static void *make(const char *name, const cs_contact_geometry *g, double fit_range)
{
  const cs_law *law = cs_registry_find(reg, CS_ELASTIC, name);
  CHECK(law != NULL, "elastic law \"%s\" is registered", name);
  if (!law)
    return NULL;
  const char *key = "fit_range";
  double p[4], v = fit_range;
  void *content = NULL;
  cs_error err = {0};
  cs_status st = cs_law_params(law, fit_range > 0 ? 1 : 0, &key, &v, "test", p, &err);
  if (st == CS_OK)
    st = law->create(p, g, &content, &err);
  CHECK(st == CS_OK, "%s: create: %s", name, err.message);
  return st == CS_OK ? content : NULL;
}

static double force(const char *name, void *c, double delta, double *dF)
{
  return cs_registry_find(reg, CS_ELASTIC, name)->elastic(c, delta, dF);
}

static double energy(const char *name, void *c, double delta)
{
  return cs_registry_find(reg, CS_ELASTIC, name)->energy(c, delta);
}

/* ∫0^δ F by composite Simpson in t with δ' = δ t², which smooths the δ/ln δ start of the
 * cylinder laws (an independent quadrature of the force the law returns). */
static double integrate_force(const char *name, void *c, double delta)
{
  enum { N = 2000 };
  double s = 0.0;
  for (int i = 0; i <= N; i++) {
    double t = (double)i / N, w = (i == 0 || i == N) ? 1 : (i % 2 ? 4 : 2);
    s += w * force(name, c, delta * t * t, NULL) * 2.0 * delta * t;
  }
  return s / (3.0 * N);
}

/* What every law must satisfy at δ: dF/dδ and dU/dδ = F by centred differences, U against
 * quadrature of F. */
static void check_consistency(const char *name, void *c, double delta)
{
  char what[160];
  double dF, F = force(name, c, delta, &dF), h = 1e-6 * delta;
  double Fp = force(name, c, delta + h, NULL), Fm = force(name, c, delta - h, NULL);
  snprintf(what, sizeof what, "%s: dF/dδ at δ = %g vs centred difference", name, delta);
  CHECK_REL(dF, (Fp - Fm) / (2 * h), 1e-6, what);
  snprintf(what, sizeof what, "%s: dU/dδ = F at δ = %g (centred difference of U)", name, delta);
  CHECK_REL((energy(name, c, delta + h) - energy(name, c, delta - h)) / (2 * h), F, 1e-6, what);
  snprintf(what, sizeof what, "%s: U(%g) vs Simpson quadrature of F", name, delta);
  CHECK_REL(energy(name, c, delta), integrate_force(name, c, delta), 1e-8, what);
}

static void test_hertz(void)
{
  /* ball R1 = 10 mm in socket R2 = 10.2 mm: R* = 0.51 m; K = 4/3 E* √R* (python) */
  cs_contact_geometry g = line(1, 0.010, 0.0102, 0.0);
  g.shape = CS_CONTACT_POINT;
  void *c = make("hertz", &g, 0);
  if (!c)
    return;
  double dF, F = force("hertz", c, 1e-5, &dF);
  CHECK_REL(F, 3.424701958479e+03, 1e-12, "hertz: F(1e-5 m) (python)");
  CHECK_REL(dF, 5.137052937718e+08, 1e-12, "hertz: dF/dδ(1e-5 m) (python)");
  CHECK_REL(force("hertz", c, 1e-6, NULL), 1.082985849603e+02, 1e-12, "hertz: F(1e-6 m)");
  CHECK_REL(energy("hertz", c, 1e-5), 1.369880783391e-02, 1e-12, "hertz: U = 2/5 K δ^2.5");
  check_consistency("hertz", c, 3e-6);
  CHECK(force("hertz", c, 0.0, &dF) == 0.0 && dF == 0.0, "hertz: F(0) = 0, dF(0) = 0");
  CHECK(force("hertz", c, -1e-6, NULL) == 0.0 && energy("hertz", c, -1e-6) == 0.0,
        "hertz: no force or energy without penetration");
  free(c);
  /* a flat (external, R2 = 0): R* = R1 */
  g.internal = 0, g.R2 = 0.0;
  c = make("hertz", &g, 0);
  if (c)
    CHECK_REL(force("hertz", c, 1e-5, NULL), 4.0 / 3.0 * (207e9 / (2 * 0.91)) * 0.1 * pow(1e-5, 1.5),
              1e-12, "hertz: ball on a flat, R* = R1 = 0.01 m");
  free(c);
}

static void test_power_laws(void)
{
  cs_contact_geometry g = line(1, 9.9e-3, 10e-3, 0.01);
  /* Lankarani–Nikravesh: Hertz's K on the cylinders' R* = 0.99 m, n = 1.5 by default */
  void *c = make("lankarani_nikravesh", &g, 0);
  if (c) {
    double K = 4.0 / 3.0 * (207e9 / (2 * 0.91)) * sqrt(9.9e-3 * 10e-3 / 1e-4);
    CHECK_REL(force("lankarani_nikravesh", c, 2e-6, NULL), K * pow(2e-6, 1.5), 1e-13,
              "lankarani_nikravesh: (4/3) E* sqrt(R*) δ^1.5");
    check_consistency("lankarani_nikravesh", c, 2e-6);
    free(c);
  }
  /* power_law with K = 2e9 N/m^1.2, n = 1.2 */
  const cs_law *pl = cs_registry_find(reg, CS_ELASTIC, "power_law");
  const char *keys[] = {"K", "n"};
  double vals[] = {2e9, 1.2}, p[2];
  cs_error err = {0};
  CHECK(pl && cs_law_params(pl, 2, keys, vals, "test", p, &err) == CS_OK &&
            pl->create(p, &g, &c, &err) == CS_OK,
        "power_law: create: %s", err.message);
  if (pl && err.code == CS_OK) {
    double dF, F = force("power_law", c, 4e-6, &dF);
    CHECK_REL(F, 2e9 * pow(4e-6, 1.2), 1e-14, "power_law: K δ^n");
    CHECK_REL(dF, 1.2 * F / 4e-6, 1e-14, "power_law: n K δ^(n-1)");
    CHECK_REL(energy("power_law", c, 4e-6), 2e9 * pow(4e-6, 2.2) / 2.2, 1e-14,
              "power_law: K δ^(n+1)/(n+1)");
    check_consistency("power_law", c, 4e-6);
    free(c);
  }
  /* Pereira et al. [38] in mm units (python: K_mm = (a ΔR + b)/ΔR L E*, F = K_mm δ_mm^n):
   * internal ΔR = 0.1 mm, L = 10 mm: n = Y ΔR^-0.005 = 1.212905174803 */
  c = make("pereira", &g, 0);
  if (c) {
    CHECK_REL(force("pereira", c, 1e-6, NULL), 5.043601231218e+02, 1e-11, "pereira: internal F(1 µm)");
    CHECK_REL(force("pereira", c, 1e-5, NULL), 8.234664636658e+03, 1e-11, "pereira: internal F(10 µm)");
    check_consistency("pereira", c, 1e-5);
    free(c);
  }
  cs_contact_geometry e = line(0, 5e-3, 20e-3, 0.01); /* external: ΔR = 25 mm, n = 1.094 */
  c = make("pereira", &e, 0);
  if (c) {
    CHECK_REL(force("pereira", c, 1e-6, NULL), 2.519212566817e+02, 1e-11, "pereira: external F(1 µm)");
    CHECK_REL(force("pereira", c, 1e-5, NULL), 3.127986096904e+03, 1e-11, "pereira: external F(10 µm)");
    free(c);
  }
  /* the two branches of Y meet at ΔR = 0.34954 mm: K continuous to the printed digits */
  cs_contact_geometry a = line(1, 10e-3 - 0.3495e-3, 10e-3, 0.01), b = line(1, 10e-3 - 0.3496e-3, 10e-3, 0.01);
  void *ca = make("pereira", &a, 0), *cb = make("pereira", &b, 0);
  if (ca && cb)
    CHECK_REL(force("pereira", ca, 1e-5, NULL), force("pereira", cb, 1e-5, NULL), 2e-4,
              "pereira: Y's two branches agree at 0.34954 mm");
  free(ca);
  free(cb);
}

/* (python) reference rows: law, geometry (0 internal R1 = 9.9 mm, R2 = 10 mm; 1 external R1 =
 * 5 mm, R2 = 20 mm; both L = 10 mm), δ, F, dF/dδ (difference of brentq roots), U (quad). */
typedef struct ref_row {
  const char *law;
  int geo;
  double delta, F, dF, U;
} ref_row;

static const ref_row refs[] = {
  {"johnson", 0, 1e-07, 3.741238979184e+01, 4.1787770203e+08, 1.772688063335e-06},
  {"johnson", 0, 1e-06, 5.158359459975e+02, 6.0286935176e+08, 2.393007721630e-04},
  {"johnson", 0, 1e-05, 8.715327004928e+03, 1.1526883037e+09, 3.826218225149e-02},
  {"radzimovsky", 0, 1e-07, 3.362777149015e+01, 3.7121372306e+08, 1.602268378640e-06},
  {"radzimovsky", 0, 1e-06, 4.441594008646e+02, 5.0720811303e+08, 2.082768463853e-04},
  {"radzimovsky", 0, 1e-05, 6.703105126734e+03, 8.2509663318e+08, 3.037181010925e-02},
  {"goldsmith", 0, 1e-07, 3.487834543418e+01, 3.8651199633e+08, 1.658802894109e-06},
  {"goldsmith", 0, 1e-06, 4.670810165301e+02, 5.3731966046e+08, 2.182762532890e-04},
  {"goldsmith", 0, 1e-05, 7.288606493871e+03, 9.1563544494e+08, 3.272613838445e-02},
  {"dubowsky_freudenstein", 0, 1e-07, 1.110212216543e+01, 1.2303058956e+08, 5.280133604253e-07},
  {"dubowsky_freudenstein", 0, 1e-06, 1.486765052103e+02, 1.7103415996e+08, 6.947948934104e-05},
  {"dubowsky_freudenstein", 0, 1e-05, 2.320035503503e+03, 2.9145581426e+08, 1.041705338439e-02},
  {"esdu78035", 0, 1e-07, 9.672571455838e+00, 1.0571623147e+08, 4.630637512708e-07},
  {"esdu78035", 0, 1e-06, 1.234657599439e+02, 1.3850061627e+08, 5.838219097935e-05},
  {"esdu78035", 0, 1e-05, 1.730712653902e+03, 2.0413414096e+08, 7.995161500367e-03},
  {"johnson", 1, 1e-07, 2.296322346285e+01, 2.4540343150e+08, 1.111267076359e-06},
  {"johnson", 1, 1e-06, 2.730844387006e+02, 2.9568264436e+08, 1.313244475055e-04},
  {"johnson", 1, 1e-05, 3.381024101693e+03, 3.7343850325e+08, 1.610530888413e-02},
  {"radzimovsky", 1, 1e-07, 2.153435383676e+01, 2.2915407653e+08, 1.044272162190e-06},
  {"radzimovsky", 1, 1e-06, 2.528860516960e+02, 2.7214709218e+08, 1.219685627550e-04},
  {"radzimovsky", 1, 1e-05, 3.071716955426e+03, 3.3606197481e+08, 1.469841814631e-02},
  {"goldsmith", 1, 1e-07, 2.203573352050e+01, 2.3484008083e+08, 1.067812713604e-06},
  {"goldsmith", 1, 1e-06, 2.599115070723e+02, 2.8030074174e+08, 1.252292259886e-04},
  {"goldsmith", 1, 1e-05, 3.177847501968e+03, 3.4880669608e+08, 1.518266411018e-02},
  {"dubowsky_freudenstein", 1, 1e-07, 7.014191828888e+00, 7.4751919400e+07, 3.398953433330e-07},
  {"dubowsky_freudenstein", 1, 1e-06, 8.273240223405e+01, 8.9222497200e+07, 3.986170067131e-05},
  {"dubowsky_freudenstein", 1, 1e-05, 1.011540276661e+03, 1.1102861973e+08, 4.832792084877e-03},
  {"esdu78035", 1, 1e-07, 6.429984060252e+00, 6.8152801971e+07, 3.124113594223e-07},
  {"esdu78035", 1, 1e-06, 7.464661202338e+01, 7.9889891087e+07, 3.609851707817e-05},
  {"esdu78035", 1, 1e-05, 8.916035897081e+02, 9.6744362341e+07, 4.283281031953e-03},
};

static void test_implicit_laws(void)
{
  cs_contact_geometry geo[2] = {line(1, 9.9e-3, 10e-3, 0.01), line(0, 5e-3, 20e-3, 0.01)};
  char what[160];
  for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
    const ref_row *r = &refs[i];
    void *c = make(r->law, &geo[r->geo], 0);
    if (!c)
      continue;
    double dF, F = force(r->law, c, r->delta, &dF);
    snprintf(what, sizeof what, "%s (%s): F(%g) (python brentq)", r->law,
             r->geo ? "external" : "internal", r->delta);
    CHECK_REL(F, r->F, 1e-11, what);
    /* the reference slope is a centred difference of python roots, good to ~1e-8 */
    snprintf(what, sizeof what, "%s (%s): dF/dδ(%g) (python)", r->law,
             r->geo ? "external" : "internal", r->delta);
    CHECK_REL(dF, r->dF, 1e-7, what);
    snprintf(what, sizeof what, "%s (%s): U(%g) (python quad)", r->law,
             r->geo ? "external" : "internal", r->delta);
    CHECK_REL(energy(r->law, c, r->delta), r->U, 1e-10, what);
    check_consistency(r->law, c, r->delta);
    /* round trip F → δ(F) → F over six decades of force, below the load limit */
    const cs_loglaw *ll = c;
    for (double F0 = 1e-3; F0 < ll->F_c; F0 *= 10.0) {
      double dd, d0 = cs_loglaw_delta(ll, F0, &dd);
      snprintf(what, sizeof what, "%s: F(δ(F)) = F at F = %g N", r->law, F0);
      CHECK_REL(force(r->law, c, d0, NULL), F0, 3e-14, what);
    }
    free(c);
  }
}

/* Past F_c the law continues as F_c (δ/δ_c)^3: C¹ at δ_c, energy continuous, consistent. */
static void test_continuation(void)
{
  cs_contact_geometry g = line(1, 9.995e-3, 10e-3, 0.001); /* ΔR = 5 µm, L = 1 mm */
  void *c = make("johnson", &g, 0);
  if (!c)
    return;
  const cs_loglaw *ll = c;
  double dc = ll->delta_c, dm, dp;
  /* where the local exponent d ln F / d ln δ of the exact law is 3 */
  double dd, d_c = cs_loglaw_delta(ll, ll->F_c, &dd);
  CHECK_REL(ll->F_c / d_c / (1.0 / dd), 1.0 / 3.0, 1e-12, "johnson: local exponent 3 at F_c");
  double Fm = force("johnson", c, dc * (1 - 1e-10), &dm), Fp = force("johnson", c, dc * (1 + 1e-10), &dp);
  CHECK_REL(Fm, Fp, 1e-9, "johnson: F continuous at δ_c");
  CHECK_REL(dm, dp, 1e-6, "johnson: dF/dδ continuous at δ_c");
  CHECK_REL(energy("johnson", c, dc * (1 - 1e-10)), energy("johnson", c, dc * (1 + 1e-10)), 1e-9,
            "johnson: U continuous at δ_c");
  CHECK_REL(force("johnson", c, 2 * dc, NULL), 8 * ll->F_c, 1e-13, "johnson: F = F_c (δ/δ_c)^3 beyond");
  check_consistency("johnson", c, 2 * dc);
  CHECK(force("johnson", c, 1e-300, NULL) > 0 && force("johnson", c, 1e-300, NULL) < 1e-280,
        "johnson: a vanishing δ gives a vanishing positive force");
  free(c);
}

/* fit_range: the law evaluates the least-squares fit of F over F_k = k F_max/N. */
static void test_fit(void)
{
  cs_contact_geometry g = line(1, 9.9e-3, 10e-3, 0.01);
  void *c = make("johnson", &g, 1e-5), *exact = make("johnson", &g, 0);
  if (!c || !exact)
    return;
  const cs_loglaw *ll = c;
  CHECK(ll->fitted && ll->fit_range == 1e-5, "johnson: fit_range makes a fitted law");
  double K = ll->fit.K, n = ll->fit.n;
  CHECK_REL(force("johnson", c, 7e-6, NULL), K * pow(7e-6, n), 1e-14, "fitted johnson: K δ^n");
  CHECK_REL(energy("johnson", c, 7e-6), K * pow(7e-6, n + 1) / (n + 1), 1e-14,
            "fitted johnson: K δ^(n+1)/(n+1)");
  /* least squares: the fit's sum of squared residuals is smallest (perturb K and n) */
  enum { N = CS_LOGLAW_FIT_SAMPLES };
  double F_max = force("johnson", exact, 1e-5, NULL), S[3][3], emax = 0;
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      double Ka = K * (1 + 1e-5 * (a - 1)), nb = n + 1e-6 * (b - 1), s = 0;
      for (int k = 1; k <= N; k++) {
        double Fk = F_max * k / N, dd, dk = cs_loglaw_delta(ll, Fk, &dd), r = Ka * pow(dk, nb) - Fk;
        s += r * r;
        if (a == 1 && b == 1)
          emax = fmax(emax, fabs(r) / Fk);
      }
      S[a][b] = s;
    }
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++)
      CHECK(a == 1 && b == 1 ? 1 : S[a][b] > S[1][1],
            "fit is a least-squares minimum: S(K(1%+.0e), n%+.0e) = %.12g > %.12g",
            1e-5 * (a - 1), 1e-6 * (b - 1), S[a][b], S[1][1]);
  CHECK_REL(ll->fit_error, emax, 1e-12, "fit: reported max relative error over the samples");
  char buf[512];
  cs_registry_find(reg, CS_ELASTIC, "johnson")->report(c, buf, sizeof buf);
  CHECK(strstr(buf, "evaluates the fit") && strstr(buf, "max rel. error"),
        "fitted johnson reports its fit: %s", buf);
  free(c);
  free(exact);
}

/* Goldsmith's and Dubowsky–Freudenstein's domain in a clearance joint (10 mm long, 0.5 mm
 * clearance): δ = (F h/L)(ln(L³/(F R* h)) + 1) reaches local exponent d ln F/d ln δ = 3 where
 * ln(b/F) + 1 = 3/2, i.e. F_c = b e^(−1/2), δ_c = (3/2) e^(−1/2) L²/R* (computed here from the
 * formula; δ is largest, L²/R*, at F = b, and there is no solution beyond). A contact counts
 * the accepted states past δ_c, never trial ones; a fit of the valid range has no limit, a fit
 * reaching past δ_c keeps it. */
static void test_domain(void)
{
  static const char *const names[] = {"goldsmith", "dubowsky_freudenstein"};
  cs_contact_geometry g = line(1, 9.5e-3, 10e-3, 0.01);
  double Rs = 9.5e-3 * 10e-3 / 0.5e-3, want = 1.5 * exp(-0.5) * 0.01 * 0.01 / Rs;
  for (int i = 0; i < 2; i++) {
    const cs_law *law = cs_registry_find(reg, CS_ELASTIC, names[i]);
    void *exact = make(names[i], &g, 0), *within = make(names[i], &g, 0.5 * want),
         *past = make(names[i], &g, 2.0 * want);
    if (!law || !exact || !within || !past)
      return;
    CHECK(law->domain != NULL, "%s has a domain op", names[i]);
    CHECK_REL(law->domain(exact), want, 1e-12, names[i]);
    CHECK(isinf(law->domain(within)), "%s: a fit within the domain has no limit", names[i]);
    CHECK_REL(law->domain(past), want, 1e-12, "a fit past delta_c keeps its limit");
    free(exact);
    free(within);
    free(past);
  }
  printf("goldsmith in a 10 mm joint with 0.5 mm clearance: domain delta <= %.4g m\n", want);
  /* the contact's count: accepted states only */
  const cs_law *dmp = cs_registry_find(reg, CS_DAMPING, "hunt_crossley");
  const cs_law *rst = cs_registry_find(reg, CS_RESTITUTION, "constant");
  double pe[1] = {0.0}, pr[1] = {0.9};
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, "goldsmith"), dmp, rst, NULL},
                          {pe, NULL, pr, NULL}};
  cs_contact *c = NULL;
  cs_error err = {0};
  CHECK(cs_contact_create(&spec, &g, &c, &err) == CS_OK, "contact: %s", err.message);
  if (!c)
    return;
  cs_contact_onset(c, 1.0);
  cs_contact_out o;
  double deepest, limit;
  cs_contact_eval(c, 3.0 * want, 0.1, 0.0, 0, &o); /* a trial state */
  cs_contact_eval(c, 0.9 * want, 0.1, 0.0, 1, &o);
  CHECK(cs_contact_outside(c, &deepest, &limit) == 0 && deepest == 0.0,
        "no count inside the domain or for a trial state");
  CHECK_REL(limit, want, 1e-12, "the contact's limit is the law's");
  cs_contact_eval(c, 1.2 * want, 0.1, 0.0, 1, &o);
  cs_contact_eval(c, 1.1 * want, -0.1, 0.0, 1, &o);
  CHECK(cs_contact_outside(c, &deepest, &limit) == 2, "two accepted states past the domain");
  CHECK_REL(deepest, 1.2 * want, 1e-15, "the deepest of them");
  cs_contact_free(c);
}

/* cs_implicit_force on functions whose inverse is known or whose shape tests the safeguards. */
static double wavy(const void *ctx, double F, double *dd) /* increasing: 1 ± 0.5√2 > 0 */
{
  (void)ctx;
  *dd = 1 + 0.5 * sin(log(F)) + 0.5 * cos(log(F));
  return F * (1 + 0.5 * sin(log(F)));
}

static double step(const void *ctx, double F, double *dd) /* jumps from 1 to 2 at F = 1 */
{
  (void)ctx;
  *dd = F < 1 ? 1 : 2;
  return F < 1 ? F : 2 * F;
}

static double cube(const void *ctx, double F, double *dd)
{
  (void)ctx;
  *dd = 3 * F * F;
  return F * F * F;
}

static void test_newton(void)
{
  for (double t = 1e-12; t < 1e6; t *= 7.3) {
    double dd, F = cs_implicit_force(wavy, NULL, t, 1e7);
    CHECK_REL(wavy(NULL, F, &dd), t, 1e-13, "Newton on F (1 + sin(ln F)/2) = target");
  }
  double F = cs_implicit_force(cube, NULL, 8.0, 1e3);
  CHECK_REL(F, 2.0, 1e-14, "Newton on F^3 = 8");
  /* no root (the target falls in the jump): terminates at the jump */
  F = cs_implicit_force(step, NULL, 1.5, 10.0);
  CHECK_NEAR(F, 1.0, 1e-12, "Newton over a jump ends at the jump, does not hang");
  CHECK(cs_implicit_force(cube, NULL, 2e9, 1e3) == 1e3, "target above δ(F_hi) gives F_hi");
  CHECK(cs_implicit_force(cube, NULL, 0.0, 1e3) == 0.0 && cs_implicit_force(cube, NULL, NAN, 1e3) == 0.0,
        "δ = 0 or NaN gives F = 0");
}

/* What the laws refuse, with the law's name and the quantity in the message. */
static void expect_refusal(const char *name, cs_contact_geometry g, const char *needle)
{
  const cs_law *law = cs_registry_find(reg, CS_ELASTIC, name);
  double p[4] = {0};
  void *c = NULL;
  cs_error err = {0};
  cs_status st = law ? law->create(p, &g, &c, &err) : CS_ERR_ARGUMENT;
  CHECK(st == CS_ERR_INPUT && strstr(err.message, name) && strstr(err.message, needle),
        "%s refuses (expect \"%s\"): status %d, \"%s\"", name, needle, (int)st, err.message);
  if (st == CS_OK)
    free(c);
}

static void test_refusals(void)
{
  const char *cyl[] = {"johnson", "radzimovsky", "goldsmith", "dubowsky_freudenstein",
                       "esdu78035", "pereira"};
  cs_contact_geometry ok = line(1, 9.9e-3, 10e-3, 0.01), g;
  for (int i = 0; i < 6; i++) {
    g = ok, g.shape = CS_CONTACT_POINT;
    expect_refusal(cyl[i], g, "point contact");
    g = ok, g.length = 0.0;
    expect_refusal(cyl[i], g, "axial length");
    g = ok, g.R2 = 9.8e-3;
    expect_refusal(cyl[i], g, "R2 > R1");
    g = ok, g.R1 = 0.0;
    expect_refusal(cyl[i], g, "R1");
    g = ok, g.m2.E = 0.0;
    expect_refusal(cyl[i], g, "E = 0");
    g = ok, g.m1.nu = 0.7;
    expect_refusal(cyl[i], g, "nu = 0.7");
  }
  g = line(0, 5e-3, 0.0, 0.01); /* a flat: ΔR would be infinite */
  expect_refusal("johnson", g, "flat is not allowed");
  expect_refusal("esdu78035", g, "flat is not allowed");
  g = line(1, 10e-3, 30e-3, 0.01);
  expect_refusal("pereira", g, "outside the model's range");
  expect_refusal("hertz", ok, "line contact");
  /* Goldsmith and Dubowsky–Freudenstein accept a flat (R* = R1) */
  g = line(0, 5e-3, 0.0, 0.01);
  void *c = make("goldsmith", &g, 0);
  free(c);
}

static void test_registry(void)
{
  const char *names[] = {"hertz", "lankarani_nikravesh", "power_law", "johnson", "radzimovsky",
                         "goldsmith", "dubowsky_freudenstein", "esdu78035", "pereira"};
  for (int i = 0; i < 9; i++) {
    const cs_law *l = cs_registry_find(reg, CS_ELASTIC, names[i]);
    CHECK(l && l->family == CS_ELASTIC && l->summary && l->source && l->elastic && l->energy &&
              l->report && l->create && l->destroy,
          "%s: registered with summary, source and all elastic ops", names[i]);
  }
}

int main(void)
{
  reg = cs_test_registry();
  test_registry();
  test_hertz();
  test_power_laws();
  test_implicit_laws();
  test_continuation();
  test_fit();
  test_domain();
  test_newton();
  test_refusals();
  cs_registry_free(reg);
  return cs_test_finish();
}
