/* test_contact_spherical.c — the ball-in-socket Steuermann laws of Wang & Gao 2023 (000):
 * "liu" (eq. 12) and "wang_gao" (eqs. 8–11, energy eq. 18 as its small-δ limit).
 *
 * Expected numbers come from (a) 000's Table 1 geometry evaluated independently with mpmath at
 * 40 digits, straight from eq. 8 as printed (arccos of the cosine law, the socket being 000's
 * R1) and eq. 12, with the energy by mpmath's quadrature of the force; (b) closed-form limits
 * the paper states; (c) centred differences of the law's own force and energy. */
#include "cs_contact.h"
#include "cs_test.h"
#include "cs_test_laws.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* 000 Table 1: steel ball R = 50 mm (20 g) in sockets of 50.1 … 51.0 mm. */
static cs_contact_geometry table1(double R_socket) { return cs_test_ball_in_socket(R_socket, 0.02); }

typedef struct law {
  const cs_law *law;
  void *content;
} law;

static law make(const cs_registry *reg, const char *name, double n, double R_socket)
{
  law l = {cs_registry_find(reg, CS_ELASTIC, name), NULL};
  CHECK(l.law != NULL, "elastic law \"%s\" is registered", name);
  if (!l.law)
    return l;
  cs_contact_geometry g = table1(R_socket);
  cs_error err;
  cs_status st = l.law->create(&n, &g, &l.content, &err);
  CHECK(st == CS_OK, "create %s: %s", name, st == CS_OK ? "" : err.message);
  return l;
}

static double F(law l, double d, double *dF) { return l.law->elastic(l.content, d, dF); }
static double U(law l, double d) { return l.law->energy(l.content, d); }
static void drop(law l)
{
  if (l.law && l.content)
    l.law->destroy(l.content);
}

/* mpmath reference (see the header comment): F, dF/dδ, U at δ for socket R_s, n = 2. */
typedef struct ref {
  const char *law;
  double Rs, d, F, dF, U;
} ref;
static const ref refs[] = {
  {"wang_gao", 0.0505, 1e-6, 5.731950681008052e+02, 8.589347830089501e+08, 2.293761471389375e-04},
  {"liu", 0.0505, 1e-6, 5.760539426513412e+02, 8.632188449403403e+08, 2.305201830767386e-04},
  {"wang_gao", 0.0505, 1e-5, 1.788600909560500e+04, 2.656684315063437e+09, 7.184618626437725e-02},
  {"liu", 0.0505, 1e-5, 1.797522566452180e+04, 2.669936935726194e+09, 7.220454928720046e-02},
  {"wang_gao", 0.0505, 1e-4, 5.017251608159927e+05, 6.917695896380184e+09, 2.081780112775489e+01},
  {"liu", 0.0505, 1e-4, 5.042302920347576e+05, 6.952266147751960e+09, 2.092171024023233e+01},
  {"wang_gao", 0.0501, 1e-6, 1.269033182368529e+03, 1.894141874748311e+09, 5.086930175969501e-04},
  {"liu", 0.0501, 1e-6, 1.270301594409080e+03, 1.896035102319567e+09, 5.092014601643493e-04},
  {"wang_gao", 0.0501, 1e-4, 7.829360835265452e+05, 9.134238680296167e+09, 3.514238535678902e+01},
  {"liu", 0.0501, 1e-4, 7.837198017671237e+05, 9.143397687283110e+09, 3.517754386265803e+01},
  {"wang_gao", 0.051, 1e-5, 1.280379699120576e+04, 1.911076278254608e+09, 5.132414219501225e-02},
  {"liu", 0.051, 1e-5, 1.293121383530201e+04, 1.930095613139679e+09, 5.183487917840682e-02},
};

static void test_reference_points(const cs_registry *reg)
{
  for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
    const ref *r = &refs[i];
    law l = make(reg, r->law, 2.0, r->Rs);
    if (!l.content)
      continue;
    char what[128];
    double dF;
    double f = F(l, r->d, &dF);
    snprintf(what, sizeof what, "%s F(%g m), socket %g m", r->law, r->d, r->Rs);
    CHECK_REL(f, r->F, 1e-12, what);
    snprintf(what, sizeof what, "%s dF/dd(%g m), socket %g m", r->law, r->d, r->Rs);
    CHECK_REL(dF, r->dF, 1e-11, what);
    snprintf(what, sizeof what, "%s U(%g m), socket %g m", r->law, r->d, r->Rs);
    CHECK_REL(U(l, r->d), r->U, 1e-11, what);
    drop(l);
  }
}

/* dF/dδ against centred differences of F, and F against centred differences of U, over four
 * decades of δ and from small to near-zero clearance. */
static void test_consistency(const cs_registry *reg)
{
  const char *names[] = {"liu", "wang_gao"};
  const double sockets[] = {0.0501, 0.0505, 0.051, 0.05};
  for (int k = 0; k < 2; k++)
    for (int s = 0; s < 4; s++)
      for (double n = 1.0; n <= 8.0; n *= 2.0) {
        law l = make(reg, names[k], n, sockets[s]);
        if (!l.content)
          continue;
        for (double d = 1e-8; d < 2e-4; d *= 3.7) {
          double h = 1e-4 * d, dF;
          F(l, d, &dF);
          double fd = (F(l, d + h, NULL) - F(l, d - h, NULL)) / (2.0 * h);
          double ud = (U(l, d + h) - U(l, d - h)) / (2.0 * h);
          char what[160];
          snprintf(what, sizeof what, "%s n=%g socket %g: dF/dd vs centred difference at %g m",
                   names[k], n, sockets[s], d);
          CHECK_REL(dF, fd, 1e-7, what);
          snprintf(what, sizeof what, "%s n=%g socket %g: F vs dU/dd at %g m", names[k], n,
                   sockets[s], d);
          CHECK_REL(F(l, d, NULL), ud, 1e-7, what);
        }
        double dF0 = -1.0;
        CHECK(F(l, 0.0, &dF0) == 0.0 && U(l, 0.0) == 0.0 && F(l, -1e-6, NULL) == 0.0,
              "%s: F(0) = U(0) = F(<0) = 0", names[k]);
        drop(l);
      }
}

/* The limits 000 states, as numbers. */
static void test_limits(const cs_registry *reg)
{
  const double Rb = 0.05, Rs = 0.0505, dR = Rs - Rb;
  cs_contact_geometry g = table1(Rs);
  double Es = 1.0 / (2.0 * (1.0 - 0.29 * 0.29) / 2.068e11);
  double Rstar = Rb * Rs / dR;
  double Kh = 4.0 / 3.0 * Es * sqrt(Rstar); /* 000 eq. 13 */
  CHECK_REL(cs_geometry_E_star(&g), Es, 1e-14, "E* of Table 1 (000 eq. 2)");
  CHECK_REL(cs_geometry_R_star(&g), Rstar, 1e-14, "R* of the ball in socket (000 eq. 13)");

  for (double n = 1.0; n <= 8.0; n += 1.0) {
    law wg = make(reg, "wang_gao", n, Rs), liu = make(reg, "liu", n, Rs);
    if (!wg.content || !liu.content)
      continue;
    char what[160];
    /* Small clearance-relative deformation: F_wg → 3√2 n/(2n+1) × Hertz (expand eq. 8:
     * sin θ ≈ √(2 R_b δ/(ΔR R_s))), and U → H δ^{5/2} with 000 eq. 18's H. */
    double d = 1e-9 * dR, ratio = 3.0 * sqrt(2.0) * n / (2.0 * n + 1.0);
    double H = 8.0 * sqrt(2.0) * n * Es * sqrt(Rb * Rs) / (5.0 * sqrt(dR) * (2.0 * n + 1.0));
    snprintf(what, sizeof what, "n=%g: F_wang_gao/F_hertz at d = 1e-9 dR", n);
    CHECK_REL(F(wg, d, NULL) / (Kh * pow(d, 1.5)), ratio, 1e-8, what);
    snprintf(what, sizeof what, "n=%g: U/(H d^2.5) at d = 1e-9 dR (000 eq. 18)", n);
    CHECK_REL(U(wg, d) / (H * pow(d, 2.5)), 1.0, 1e-8, what);
    /* Liu's and Wang–Gao's forces differ by √(R_s/R_b) at small δ, and by a little more as
     * δ grows (000 §2.4: "the error … is small, which increases with contact deformation"). */
    snprintf(what, sizeof what, "n=%g: F_liu/F_wang_gao at d = 1e-9 dR", n);
    CHECK_REL(F(liu, d, NULL) / F(wg, d, NULL), sqrt(Rs / Rb), 1e-8, what);
    double prev = 0.0;
    for (double dd = 1e-7; dd <= 1e-4; dd *= 10.0) {
      double e = F(liu, dd, NULL) / F(wg, dd, NULL) - 1.0;
      CHECK(e > prev && e < 0.006, "n=%g: Liu vs Wang-Gao difference %g at %g m grows, < 0.6 %%",
            n, e, dd);
      prev = e;
    }
    /* n → ∞: K → K_∞ = 2 E* R_s sin θ (000 eq. 11), so K(n)/K_∞ = 2n/(2n+1). */
    double dd = 2e-5, c = ((dR + dd) * (dR + dd) + Rs * Rs - Rb * Rb) / (2.0 * (dR + dd) * Rs);
    double Kinf = 2.0 * Es * Rs * sqrt(1.0 - c * c);
    snprintf(what, sizeof what, "n=%g: K/K_inf at 20 um (000 eq. 11)", n);
    CHECK_REL(F(wg, dd, NULL) / dd / Kinf, 2.0 * n / (2.0 * n + 1.0), 1e-9, what);
    drop(wg);
    drop(liu);
  }
  /* n = 1: U ≈ (8√2/15) E* √R* δ^{5/2} against Hertz's (8/15) E* √R* δ^{5/2} (000 §3.1). */
  law wg1 = make(reg, "wang_gao", 1.0, Rs);
  if (wg1.content) {
    double d = 1e-9 * dR;
    CHECK_REL(U(wg1, d) / (Es * sqrt(Rstar) * pow(d, 2.5)), 8.0 * sqrt(2.0) / 15.0, 1e-8,
              "n=1: strain-energy coefficient 8 sqrt(2)/15 (000 §3.1)");
    drop(wg1);
  }
  /* eq. 18 is a small-δ approximation: mpmath gives U/(H δ^{5/2}) = 0.994682290783 at
   * δ = ΔR/100 and 0.950121818371 at ΔR/10 (n = 2, socket 50.5 mm). */
  law wg2 = make(reg, "wang_gao", 2.0, Rs);
  if (wg2.content) {
    double H = 8.0 * sqrt(2.0) * 2.0 * Es * sqrt(Rb * Rs) / (5.0 * sqrt(dR) * 5.0);
    CHECK_REL(U(wg2, 0.01 * dR) / (H * pow(0.01 * dR, 2.5)), 0.994682290783, 1e-10,
              "U/(H d^2.5) at d = dR/100");
    CHECK_REL(U(wg2, 0.1 * dR) / (H * pow(0.1 * dR, 2.5)), 0.950121818371, 1e-10,
              "U/(H d^2.5) at d = dR/10");
    char buf[256] = "";
    wg2.law->report(wg2.content, buf, sizeof buf);
    char want[64];
    snprintf(want, sizeof want, "U = %.6g d^2.5", H);
    CHECK(strstr(buf, want) != NULL, "report \"%s\" gives eq. 18's H (%s)", buf, want);
    drop(wg2);
  }
}

/* At a given δ the force falls as the clearance grows (Table 1's sockets): a more conformal
 * contact has the larger contact radius. (000 §2.4 words it the other way round — "reduces
 * with the decreasing clearance size" — but its own eq. 8 gives this order.) Zero clearance:
 * sin θ → 1 and F = K0 δ (Liu exactly; Wang–Gao up to sin θ = √(1 − (1 − R_b/R_s)²)). */
static void test_clearance(const cs_registry *reg)
{
  const double sockets[] = {0.0501, 0.0503, 0.0505, 0.0507, 0.0509, 0.0510};
  const char *names[] = {"liu", "wang_gao"};
  for (int k = 0; k < 2; k++) {
    double prev = INFINITY;
    for (int s = 0; s < 6; s++) {
      law l = make(reg, names[k], 2.0, sockets[s]);
      if (!l.content)
        continue;
      double f = F(l, 1e-5, NULL);
      CHECK(f < prev, "%s: F(10 um) = %g N falls as the socket grows to %g m", names[k], f,
            sockets[s]);
      prev = f;
      drop(l);
    }
    law l0 = make(reg, names[k], 2.0, 0.05);
    if (l0.content) {
      double K0 = 4.0 * 2.0 * 1.0 / (2.0 * (1.0 - 0.29 * 0.29) / 2.068e11) * 0.05 / 5.0, dF;
      double f = F(l0, 1e-5, &dF);
      CHECK_REL(f, K0 * 1e-5, k ? 1e-7 : 1e-14, "zero clearance: F = K0 d");
      F(l0, 0.0, &dF);
      CHECK_REL(dF, K0, 1e-9, "zero clearance: dF/dd(0) = K0");
      drop(l0);
    }
  }
}

/* Wrong geometry and parameters fail with a message naming the law. */
static void test_bad_input(const cs_registry *reg)
{
  const cs_law *wg = cs_registry_find(reg, CS_ELASTIC, "wang_gao");
  if (!wg)
    return;
  cs_contact_geometry g = table1(0.0505);
  g.internal = 0;
  void *content = NULL;
  cs_error err = {0};
  double n = 2.0;
  CHECK(wg->create(&n, &g, &content, &err) == CS_ERR_INPUT &&
            strstr(err.message, "wang_gao") && strstr(err.message, "socket"),
        "external contact refused: \"%s\"", err.message);
  g = table1(0.0495);
  CHECK(wg->create(&n, &g, &content, &err) == CS_ERR_INPUT, "socket smaller than the ball refused");
  g = table1(0.0505);
  g.shape = CS_CONTACT_LINE;
  CHECK(wg->create(&n, &g, &content, &err) == CS_ERR_INPUT, "line contact refused");
  const char *key = "n";
  double bad = 0.5, out[1];
  CHECK(cs_law_params(wg, 1, &key, &bad, "joints[0].contact.elastic", out, &err) == CS_ERR_INPUT &&
            strstr(err.message, "joints[0].contact.elastic"),
        "n = 0.5 refused by the table: \"%s\"", err.message);
  CHECK(cs_law_params(wg, 0, NULL, NULL, "x", out, &err) == CS_OK && out[0] == 2.0,
        "n defaults to 2 (000: FEM agrees for n = 2)");
}

int main(void)
{
  cs_registry *reg = cs_test_registry();
  test_reference_points(reg);
  test_consistency(reg);
  test_limits(reg);
  test_clearance(reg);
  test_bad_input(reg);
  cs_registry_free(reg);
  return cs_test_finish();
}
