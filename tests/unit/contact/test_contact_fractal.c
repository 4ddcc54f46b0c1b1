/* test_contact_fractal.c — the fractal rough-surface law of Li, Han, Wang, Sun & Li 2018 (003)
 * and the paper's impact experiment (Tables 2–4, 71 rows).
 *
 * Part 1 checks the law against the paper's formulas as printed (typos fixed, each named),
 * evaluated here by an independent route: eq. 8's three integrals by quadrature of eq. 7's
 * asperity stiffnesses over eq. 1's spot-size distribution, with eq. 2's a_c. Part 2 integrates
 * the one-degree-of-freedom impact m* δ'' = −F_n(δ, δ') of every table row and compares the
 * peak force with the measured and the paper's theoretical columns. */
#include "cs_papers.h"
#include "cs_test.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

enum { P_RA, P_D, P_G, P_H, P_K, P_GAMMA, P_LAMBDA, P_EXPONENT, NPARAM };

/* ================================================================ the paper's set-up ====== */

/* 003 Table 1 and §3.1 (models/papers/003_li_2018.json, its table1 and rig_reading).
 * Parameters the paper leaves out for the rig, chosen once there:
 *  - axial length b = 0.01 m: §3.1's value (the rig's contact blocks are not dimensioned);
 *  - H = 335 MPa with K = 2.8: §3.1 gives σ_y = 335 MPa and no hardness; 003 calls K = 2.8
 *    (Tabor's hardness/yield ratio), so K H = 2.8 σ_y is the hardness. (Eq. 2's a_c has K² = 9
 *    built in, i.e. the same reading with K = 3.)
 *  - R1 = 16.5 mm ("convex radius"), R2 = R1 + c;
 *  - D, G from Ra by eqs. 13–14, G read in mm (see elastic_fractal.c);
 *  - Table 2 has no caption; its measured column is Table 3's experiment, so Table 1's
 *    c = 0.5 mm and Ra = 6.3 µm are used. */
static cJSON *data003; /* models/papers/003_li_2018.json */

static cs_contact_geometry rig(double clearance, double Ra)
{
  return cs_paper003_rig(data003, clearance, Ra);
}

static const double table1_params[NPARAM] = {0.0, 0.0, 0.0, 0.0, 2.8, 1.5, 0.05, 1.5};

typedef struct law {
  const cs_law *law;
  void *content;
} law;

static law make(const cs_registry *reg, const double *p, const cs_contact_geometry *g)
{
  law l = {cs_registry_find(reg, CS_ELASTIC, "fractal"), NULL};
  CHECK(l.law != NULL, "elastic law \"fractal\" is registered");
  if (!l.law)
    return l;
  cs_error err;
  cs_status st = l.law->create(p, g, &l.content, &err);
  CHECK(st == CS_OK, "create fractal: %s", st == CS_OK ? "" : err.message);
  return l;
}

static double F(law l, double d, double *dF) { return l.law->elastic(l.content, d, dF); }
static void drop(law l)
{
  if (l.law && l.content)
    l.law->destroy(l.content);
}

/* ================================================================ part 1: the law ========= */

/* Eq. 1's domain extension factor ψ by the secant method on the printed equation. */
static double psi_of(double D)
{
  double r = (3 - D) / (D - 1);
  double x0 = 1.5, x1 = 3.0, f0, f1;
  f0 = pow(x0, (3 - D) / 2) - pow(1 + pow(x0, -(D - 1) / 2), (D - 3) / (D - 1)) - r;
  for (int i = 0; i < 100; i++) {
    f1 = pow(x1, (3 - D) / 2) - pow(1 + pow(x1, -(D - 1) / 2), (D - 3) / (D - 1)) - r;
    if (f1 == f0)
      break;
    double x2 = x1 - f1 * (x1 - x0) / (f1 - f0);
    x0 = x1, f0 = f1, x1 = x2;
    if (fabs(x1 - x0) < 1e-15 * x1)
      break;
  }
  return x1;
}

typedef struct paper {
  double D, G, KH, Es, lng, psi, ac;
} paper;

/* Eq. 7 as printed, with the conversion's typos fixed: k_ne's 2^{15} is 2^{1.5} (g1 has 2√2);
 * k_nep1's "K H^{0.15}" is (KH)^{0.15} (g2 has K^{0.15} H^{0.15}); k_nep2's π^{0.273D} is
 * π^{0.237D} (g4). */
static double k_paper(const paper *p, int regime, double a)
{
  double D = p->D, E = p->Es, KH = p->KH, G = p->G;
  switch (regime) {
  case 0:
    return (4 - D) / (3 - D) * pow(2, 1.5) * E / (3 * sqrt(PI)) * sqrt(a);
  case 1:
    return 1.03 / 3 * (3.7 - 0.85 * D) / (3 - D) * pow(2, 0.15 * D + 0.675) * pow(E, 0.85) *
           pow(KH, 0.15) * pow(G, 0.3 - 0.15 * D) /
           (pow(PI, 0.075 * D + 0.2) * pow(p->lng, 0.075)) * pow(a, 0.075 * D + 0.35);
  default:
    return 1.4 / 3 * (1.526 - 0.263 * D) / (3 - D) * pow(2, 0.474 * D - 0.107) * pow(E, 0.526) *
           pow(KH, 0.474) * pow(G, 0.948 - 0.474 * D) /
           (pow(PI, 0.237 * D - 0.448) * pow(p->lng, 0.237)) * pow(a, 0.237 * D + 0.026);
  }
}

/* K_n by eq. 8: ∫ k n(a') da' over the three ranges, limits clipped at a_l; Simpson in ln a'. */
static double Kn_paper(const paper *p, double al)
{
  double D = p->D, ac = p->ac;
  /* elastic a' > a_c; first stage δ_c < δ < 6 δ_c; second 6 δ_c < δ < 110 δ_c, δ/δ_c =
   * (a_c/a')^{D−2} */
  double a1 = pow(6, -1 / (D - 2)) * ac, a2 = pow(110, -1 / (D - 2)) * ac;
  double los[3] = {ac, a1, a2}, his[3] = {INFINITY, ac, a1};
  double sum = 0;
  for (int r = 0; r < 3; r++) {
    double lo = los[r], hi = fmin(his[r], al);
    if (!(hi > lo))
      continue;
    int N = 4000;
    double h = (log(hi) - log(lo)) / N, s = 0;
    for (int i = 0; i <= N; i++) {
      double a = exp(log(lo) + i * h);
      double n_a = (D - 1) / 2 * pow(p->psi, (3 - D) / 2) * pow(al, (D - 1) / 2) /
                   pow(a, (D + 1) / 2); /* eq. 1 */
      double w = i == 0 || i == N ? 1 : i % 2 ? 4 : 2;
      s += w * k_paper(p, r, a) * n_a * a; /* da' = a' d ln a' */
    }
    sum += s * h / 3;
  }
  return sum;
}

/* The law against eqs. 1, 2, 7, 8, 11 by the independent route above, in two regimes: the
 * rig's (a_c far above a_l: only second-stage elastic-plastic spots carry) and a smooth surface
 * (a_c far below a_l: all three ranges full, eq. 8's closed form applies). K = 3 so that eq. 2's
 * a_c, with its 9, can be used as printed. */
static void test_against_printed_formulas(const cs_registry *reg)
{
  const double Gs[2] = {0.0, 1e-12};
  for (int c = 0; c < 2; c++) {
    cs_contact_geometry g = rig(0.5e-3, 6.3e-6);
    double prm[NPARAM];
    memcpy(prm, table1_params, sizeof prm);
    prm[P_K] = 3.0;
    prm[P_G] = Gs[c];
    law l = make(reg, prm, &g);
    if (!l.content)
      continue;
    double s = pow(6.3, 0.045);
    paper p = {.D = 1.54 / s + 1,                               /* eq. 13 */
               .G = Gs[c] > 0 ? Gs[c] : 1e-3 * pow(10, -5.26 / s), /* eq. 14 in mm */
               .KH = 3.0 * 335e6, .Es = 207e9 / (2 * (1 - 0.09)), .lng = log(1.5)};
    p.psi = psi_of(p.D);
    /* eq. 2 as printed, with its G^{2−D} upstairs: 9 = K² for K = 3 */
    p.ac = pow(pow(2, 11 - 2 * p.D) / (9 * pow(PI, 4 - p.D)) * pow(p.G, 2 * p.D - 4) * p.lng *
                   pow(p.Es / 335e6, 2),
               1 / (p.D - 2));
    for (double d = 1e-7; d < 5e-4; d *= 4.1) {
      double A = 2 * g.R2 * g.length * sqrt(d / (2 * (0.5e-3 + d))); /* eq. 11 */
      double al = (3 - p.D) / (p.D - 1) * pow(p.psi, -(3 - p.D) / 2) * 0.05 * A; /* eq. 1 */
      double want = Kn_paper(&p, al) * pow(d, 1.5);                         /* eq. 16 */
      char what[128];
      snprintf(what, sizeof what, "%s: F_e(%g m) vs eqs. 1, 2, 7, 8, 11 by quadrature",
               c ? "smooth surface" : "rig (Table 1)", d);
      CHECK_REL(F(l, d, NULL), want, 1e-9, what);
    }
    drop(l);
  }
}

/* Eqs. 13–14: Ra alone gives the same law as D and G given explicitly; the roughness comes
 * from the materials when the parameter is 0; H from the weaker yield strength. */
static void test_roughness_and_defaults(const cs_registry *reg)
{
  cs_contact_geometry g = rig(1e-3, 3.2e-6);
  double s = pow(3.2, 0.045), prm[NPARAM];
  memcpy(prm, table1_params, sizeof prm);
  law from_ra = make(reg, prm, &g);
  prm[P_D] = 1.54 / s + 1;             /* eq. 13: D = 2.461467 for Ra = 3.2 µm */
  prm[P_G] = 1e-3 * pow(10, -5.26 / s); /* eq. 14: G = 1.019e-5 (mm) */
  prm[P_H] = 335e6;
  cs_contact_geometry g0 = g;
  g0.m1.roughness = g0.m2.roughness = 0;
  g0.m1.yield_strength = g0.m2.yield_strength = 0;
  law explicit = make(reg, prm, &g0);
  CHECK_REL(prm[P_D], 2.4614668600, 1e-9, "eq. 13 at Ra = 3.2 um");
  if (from_ra.content && explicit.content)
    for (double d = 1e-6; d < 1e-3; d *= 10)
      CHECK_REL(F(from_ra, d, NULL), F(explicit, d, NULL), 1e-13,
                "Ra from the materials = D, G, H given");
  /* the rougher material sets Ra, the weaker one H */
  cs_contact_geometry g2 = g;
  g2.m2.roughness = 1e-6;
  g2.m2.yield_strength = 900e6;
  law mixed = make(reg, table1_params, &g2);
  if (from_ra.content && mixed.content)
    CHECK_REL(F(mixed, 1e-4, NULL), F(from_ra, 1e-4, NULL), 1e-14,
              "rougher surface's Ra and weaker material's yield strength");
  drop(from_ra);
  drop(explicit);
  drop(mixed);
  /* refused: no roughness anywhere; no strength anywhere; a ball in a socket */
  const cs_law *fr = cs_registry_find(reg, CS_ELASTIC, "fractal");
  if (!fr)
    return;
  void *c = NULL;
  cs_error err = {0};
  memcpy(prm, table1_params, sizeof prm);
  CHECK(fr->create(prm, &g0, &c, &err) == CS_ERR_INPUT && strstr(err.message, "Ra"),
        "no roughness: \"%s\"", err.message);
  prm[P_RA] = 3.2e-6;
  CHECK(fr->create(prm, &g0, &c, &err) == CS_ERR_INPUT && strstr(err.message, "H:"),
        "no strength: \"%s\"", err.message);
  cs_contact_geometry ball = g;
  ball.shape = CS_CONTACT_POINT;
  CHECK(fr->create(table1_params, &ball, &c, &err) == CS_ERR_INPUT &&
            strstr(err.message, "bearing"),
        "point contact refused: \"%s\"", err.message);
  const char *key = "D";
  double bad = 1.5, out[NPARAM];
  CHECK(cs_law_params(fr, 1, &key, &bad, "joints[1].contact.elastic", out, &err) == CS_OK &&
            fr->create(out, &g, &c, &err) == CS_ERR_INPUT && strstr(err.message, "D = 1.5"),
        "D = 1.5 refused: \"%s\"", err.message);
}

/* F, dF/dδ and U belong together: dF/dδ against centred differences of F, F against those of
 * U, and U against an independent composite Simpson rule on a fine grid in δ. */
static void test_consistency(const cs_registry *reg)
{
  const double clearance[2] = {0.5e-3, 1e-3}, Ra[2] = {6.3e-6, 3.2e-6}, Gs[2] = {0, 1e-12};
  for (int k = 0; k < 2; k++)
    for (int c = 0; c < 2; c++) {
      cs_contact_geometry g = rig(clearance[k], Ra[k]);
      double prm[NPARAM];
      memcpy(prm, table1_params, sizeof prm);
      prm[P_G] = Gs[c];
      law l = make(reg, prm, &g);
      if (!l.content)
        continue;
      for (double d = 3e-9; d < 1e-3; d *= 3.3) {
        double h = 1e-5 * d, dF;
        double f = F(l, d, &dF);
        char what[128];
        snprintf(what, sizeof what, "c=%g G=%g: dF/dd vs centred difference at %g m",
                 clearance[k], Gs[c], d);
        CHECK_REL(dF, (F(l, d + h, NULL) - F(l, d - h, NULL)) / (2 * h), 1e-6, what);
        snprintf(what, sizeof what, "c=%g G=%g: F vs dU/dd at %g m", clearance[k], Gs[c], d);
        CHECK_REL(f, (l.law->energy(l.content, d + h) - l.law->energy(l.content, d - h)) / (2 * h),
                  1e-6, what);
      }
      /* Simpson on s = δ t² (F ~ δ^{1.5+}: smooth in t), 2·10⁴ panels */
      double d = 3e-4, sum = 0;
      int N = 20000;
      for (int i = 0; i <= N; i++) {
        double t = (double)i / N, w = i == 0 || i == N ? 1 : i % 2 ? 4 : 2;
        sum += w * 2 * d * t * F(l, d * t * t, NULL);
      }
      CHECK_REL(l.law->energy(l.content, d), sum / (3.0 * N), 1e-8, "U(0.3 mm) vs Simpson");
      CHECK(F(l, 0, NULL) == 0 && F(l, -1e-6, NULL) == 0 && l.law->energy(l.content, 0) == 0,
            "F(0) = F(<0) = U(0) = 0");
      drop(l);
    }
}

/* ================================================================ part 2: the impacts ===== */

/* 003 Tables 2–4 (models/papers/003_li_2018.json): initial velocity, measured maximum contact
 * force, the paper's theoretical maximum force (L-N damping with the fractal stiffness, Table 1
 * parameters); read by main(). */
typedef cs_paper003_row row;
enum { MAXROW = 40 };
static row table2[MAXROW], table3[MAXROW], table4[MAXROW];

/* The normal force of one impact: an elastic law (or a scaled stand-in, below) with
 * Lankarani–Nikravesh damping (003 eqs. 15–16, 000 eq. 30), written out here because the
 * damping library is another module: F_n = F_e (1 + 3(1 − c_r²)/4 · δ'/δ'(−)), clipped at 0. */
typedef struct impact {
  double (*Fe)(const struct impact *, double delta);
  law l;
  double Q, e, dR;            /* stand-in: F_e = Q s^e δ^{3/2}, s = √(δ/(2(ΔR+δ))) */
  double m, cr, v0;
} impact;

static double Fe_law(const impact *im, double d) { return F(im->l, d, NULL); }
static double Fe_shape(const impact *im, double d)
{
  return d > 0 ? im->Q * pow(d / (2 * (im->dR + d)), im->e / 2) * pow(d, 1.5) : 0;
}

static double Fn(const impact *im, double d, double rate)
{
  double f = im->Fe(im, d) * (1 + 0.75 * (1 - im->cr * im->cr) * rate / im->v0);
  return d > 0 && f > 0 ? f : 0;
}

/* Peak of F_n over one contact, δ(0) = 0, δ'(0) = v0, by Dormand–Prince 5(4) with error
 * control (rtol 1e-10) and the step capped at a 2000th of the undamped half-period estimate,
 * so the sampled peak is within ~1e-6 of the true one. Ends when the bodies separate. */
static double peak_force(const impact *im)
{
  static const double c2 = 1. / 5, c3 = 3. / 10, c4 = 4. / 5, c5 = 8. / 9;
  static const double a21 = 1. / 5, a31 = 3. / 40, a32 = 9. / 40, a41 = 44. / 45,
                      a42 = -56. / 15, a43 = 32. / 9, a51 = 19372. / 6561, a52 = -25360. / 2187,
                      a53 = 64448. / 6561, a54 = -212. / 729, a61 = 9017. / 3168,
                      a62 = -355. / 33, a63 = 46732. / 5247, a64 = 49. / 176,
                      a65 = -5103. / 18656, b1 = 35. / 384, b3 = 500. / 1113, b4 = 125. / 192,
                      b5 = -2187. / 6784, b6 = 11. / 84, e1 = 71. / 57600, e3 = -71. / 16695,
                      e4 = 71. / 1920, e5 = -17253. / 339200, e6 = 22. / 525, e7 = -1. / 40;
  (void)c2, (void)c3, (void)c4, (void)c5;
  /* time scale: δ_max ≈ from energy with F_e at a guess, T ≈ δ_max/v0 */
  double dguess = 1e-6;
  while (im->Fe(im, dguess) * dguess < 0.5 * im->m * im->v0 * im->v0 && dguess < 1e-2)
    dguess *= 1.5;
  double hmax = dguess / im->v0 / 2000, h = hmax / 100;
  double t = 0, x = 0, v = im->v0, peak = 0;
  for (long it = 0; it < 10000000; it++) {
    /* y = (x, v), y' = (v, −F_n/m) */
#define ACC(X, V) (-Fn(im, (X), (V)) / im->m)
    double k1x = v, k1v = ACC(x, v);
    double x2 = x + h * a21 * k1x, v2 = v + h * a21 * k1v;
    double k2x = v2, k2v = ACC(x2, v2);
    double x3 = x + h * (a31 * k1x + a32 * k2x), v3 = v + h * (a31 * k1v + a32 * k2v);
    double k3x = v3, k3v = ACC(x3, v3);
    double x4 = x + h * (a41 * k1x + a42 * k2x + a43 * k3x);
    double v4 = v + h * (a41 * k1v + a42 * k2v + a43 * k3v);
    double k4x = v4, k4v = ACC(x4, v4);
    double x5 = x + h * (a51 * k1x + a52 * k2x + a53 * k3x + a54 * k4x);
    double v5 = v + h * (a51 * k1v + a52 * k2v + a53 * k3v + a54 * k4v);
    double k5x = v5, k5v = ACC(x5, v5);
    double x6 = x + h * (a61 * k1x + a62 * k2x + a63 * k3x + a64 * k4x + a65 * k5x);
    double v6 = v + h * (a61 * k1v + a62 * k2v + a63 * k3v + a64 * k4v + a65 * k5v);
    double k6x = v6, k6v = ACC(x6, v6);
    double xn = x + h * (b1 * k1x + b3 * k3x + b4 * k4x + b5 * k5x + b6 * k6x);
    double vn = v + h * (b1 * k1v + b3 * k3v + b4 * k4v + b5 * k5v + b6 * k6v);
    double k7x = vn, k7v = ACC(xn, vn);
#undef ACC
    double ex = h * (e1 * k1x + e3 * k3x + e4 * k4x + e5 * k5x + e6 * k6x + e7 * k7x);
    double ev = h * (e1 * k1v + e3 * k3v + e4 * k4v + e5 * k5v + e6 * k6v + e7 * k7v);
    double sx = 1e-10 * fmax(fabs(x), dguess) , sv = 1e-10 * im->v0;
    double err = fmax(fabs(ex) / sx, fabs(ev) / sv);
    if (err <= 1.0) {
      t += h, x = xn, v = vn;
      double f = Fn(im, x, v);
      if (f > peak)
        peak = f;
      if (x <= 0 && v < 0)
        break;
    }
    h *= fmin(5.0, fmax(0.2, 0.9 * pow(err > 0 ? err : 1e-10, -0.2)));
    if (h > hmax)
      h = hmax;
  }
  (void)t;
  return peak;
}

/* The integrator itself, on an impact with a known answer: a linear spring without damping,
 * F = k δ, peaks at v0 √(k m); a Hertz contact F = K δ^{3/2} at K^{2/5} (5 m v0²/4)^{3/5}. */
static double Fe_linear(const impact *im, double d) { return d > 0 ? im->Q * d : 0; }
static void test_integrator(void)
{
  impact im = {.Fe = Fe_linear, .Q = 2e7, .m = 0.85, .cr = 1, .v0 = 0.7};
  CHECK_REL(peak_force(&im), 0.7 * sqrt(2e7 * 0.85), 1e-7, "linear spring peak v0 sqrt(k m)");
  impact hz = {.Fe = Fe_shape, .Q = 1e10, .e = 0, .dR = 1, .m = 0.85, .cr = 1, .v0 = 0.7};
  /* e = 0: F_e = Q δ^{3/2} */
  CHECK_REL(peak_force(&hz), pow(1e10, 0.4) * pow(1.25 * 0.85 * 0.49, 0.6), 1e-7,
            "Hertz peak K^(2/5) (5 m v0^2/4)^(3/5)");
}

typedef struct table {
  int number;         /* 003 table */
  int expect;         /* rows 003 prints */
  row *rows;
  char name[64];      /* the rest from the data file (load_tables) */
  int n;
  double clearance, Ra;
  double factor, tol; /* our peak / the paper's theoretical peak, as found (test_tables; the
                         data file's findings, which tools/reproduction/reproduce holds to the same) */
} table;

static table tables[3] = {{.number = 2, .expect = 20, .rows = table2},
                          {.number = 3, .expect = 21, .rows = table3},
                          {.number = 4, .expect = 30, .rows = table4}};

/* Tables 2–4 from models/papers/003_li_2018.json; 0 if the file is short of a table. */
static int load_tables(void)
{
  int ok = 1;
  for (int k = 0; k < 3; k++) {
    table *tb = &tables[k];
    const cJSON *t = cs_paper003_table(data003, tb->number);
    tb->n = cs_paper003_rows(data003, tb->number, tb->rows, MAXROW);
    tb->clearance = cs_paper_num(t, "clearance_m");
    tb->Ra = cs_paper_num(t, "Ra_m");
    snprintf(tb->name, sizeof tb->name, "Table %d (c = %g mm, Ra = %g um)", tb->number,
             1e3 * tb->clearance, 1e6 * tb->Ra);
    tb->factor = tb->tol = NAN;
    const cJSON *f;
    cJSON_ArrayForEach(f, cs_paper_get(data003, "findings/theory_ratio"))
      if ((int)cs_paper_num(f, "table") == tb->number)
        tb->factor = cs_paper_num(f, "factor"), tb->tol = cs_paper_num(f, "tol");
    CHECK(tb->n == tb->expect && tb->clearance > 0 && tb->Ra > 0 && tb->factor > 1 &&
              tb->tol > 0,
          "003 data file: Table %d has %d rows (want %d), c = %g m, Ra = %g m, finding %g +- %g",
          tb->number, tb->n, tb->expect, tb->clearance, tb->Ra, tb->factor, tb->tol);
    ok = ok && tb->n == tb->expect && tb->factor > 1 && tb->tol > 0;
  }
  return ok;
}

/* Q such that the stand-in F_e = Q s^e δ^{3/2} peaks at `target` for v0 (bisection on ln Q:
 * the peak rises with Q). */
static double fit_scale(impact im, double v0, double target)
{
  double lo = log(1e3), hi = log(1e15);
  im.v0 = v0;
  for (int i = 0; i < 60; i++) {
    im.Q = exp(0.5 * (lo + hi));
    if (peak_force(&im) > target)
      hi = 0.5 * (lo + hi);
    else
      lo = 0.5 * (lo + hi);
  }
  return exp(0.5 * (lo + hi));
}

/* 003's theoretical columns are this law's form up to the stiffness's scale: with
 * F_e = Q s^{(D−1)/2} δ^{3/2} (the shape K_n takes once a_l ≫ the spots that carry) and one Q
 * per table, set on the table's middle row, the L-N impact with Table 1's m* and c_r gives
 * every row of Tables 3 and 4 to within 1 % (the columns print 4 digits, and K_n is not quite
 * a pure power of s). Table 2's column is not of this form (a free exponent fits it best near
 * s^{1.5}, and it scatters ±4 % about any smooth curve: it is Table 3's experiment retyped,
 * rows 6–9 differ), so it is only printed (tol < 0). Returns Q_paper / Q_law, the law's Q
 * taken at the middle row's peak penetration. */
static double paper_scale(const table *tb, law l, double tol, int *within)
{
  double D = 1.54 / pow(tb->Ra * 1e6, 0.045) + 1;
  impact im = {.Fe = Fe_shape, .e = (D - 1) / 2, .dR = tb->clearance, .m = 0.85, .cr = 0.46};
  const row *mid = &tb->rows[tb->n / 2];
  im.Q = fit_scale(im, mid->v, mid->theory);
  double worst = 0;
  for (int i = 0; i < tb->n; i++) {
    im.v0 = tb->rows[i].v;
    double f = peak_force(&im), dev = f / tb->rows[i].theory - 1;
    worst = fmax(worst, fabs(dev));
    *within += fabs(f / tb->rows[i].measured - 1) <= 0.10;
    char what[160];
    snprintf(what, sizeof what, "%s row %d: paper's theory by Q s^e d^1.5 with one Q (%.4g)",
             tb->name, i + 1, im.Q);
    if (tol >= 0)
      CHECK(fabs(dev) <= tol, "%s: %.4g N vs %.4g N", what, f, tb->rows[i].theory);
  }
  /* the law's own scale at the middle row's peak penetration (F_e = Q δ_max^{3/2} s^e) */
  double dmax = pow(mid->theory / im.Q, 1 / 1.5); /* ≈, s-factor below */
  for (int i = 0; i < 50; i++) /* solve Q s(δ)^e δ^{3/2} = F for δ */
    dmax = pow(mid->theory / (im.Q * pow(dmax / (2 * (tb->clearance + dmax)), im.e / 2)),
               1 / 1.5);
  double q_law = F(l, dmax, NULL) / (pow(dmax / (2 * (tb->clearance + dmax)), im.e / 2) *
                                     pow(dmax, 1.5));
  printf("  paper's column = Q s^%.4f d^1.5 with Q = %.4g N/m^1.5 (worst row %.2f %%); the "
         "law's Q at d = %.3g m: %.4g, ratio %.4f\n",
         im.e, im.Q, 100 * worst, dmax, q_law, im.Q / q_law);
  return im.Q / q_law;
}

/* The 71 rows. What was found (numbers printed by the run):
 *  - the paper's theoretical columns of Tables 3 and 4 are exactly this law's form, F_e ∝
 *    s^{(D−1)/2} δ^{3/2} with L-N damping, m* = 0.85 kg, c_r = 0.46 (paper_scale: ≤ 0.5 %
 *    with one scale per table). So eq. 16's δ^{3/2}, eq. 11's nominal area, Table 1's mass and
 *    c_r, and the L-N factor are what the paper used; E* hardly enters (K_n's level goes as
 *    K H G^{2−D} (λ b)^{(D−1)/2}; E* only moves the regime edges).
 *  - the level does not reproduce: with the omitted parameters read as in rig(), the law is
 *    4–6.5 times stiffer than the paper's computation and the peaks 1.65–1.96 times the
 *    paper's (0 of 71 rows within ±10 % of measured, against the paper's 70). No single
 *    reading fixes both tables: from Table 3 to Table 4 the paper's scale grows 1.65 times,
 *    eqs. 13–14 (D, G from Ra = 6.3 → 3.2 µm) make the law's grow 2.16 times, and K H, b and
 *    λ scale both tables alike (G's unit moves the ratio, as unit^{D3−D4}, toward 1.6 for G in
 *    m — where every spot is fully plastic and K_n = 0, eq. 8's closed form negative: no
 *    reading). (K H = σ_y alone would bring Table 3 to
 *    0.92–0.96 of the paper's theory but leave Table 4 at 1.15–1.21.) The paper's computation
 *    thus used a stiffness level and an Ra-dependence that its printed eqs. 2–14 with its stated
 *    parameters do not give; which (b? H? G's unit? a coefficient in eq. 8's g's, several of
 *    which are printed inconsistently?) cannot be told from the paper. Nothing is tuned here. */
static void test_tables(const cs_registry *reg)
{
  int within_ours = 0, within_paper = 0, within_shape = 0, total = 0;
  printf("\n003 Tables 2-4: maximum contact force, m* = 0.85 kg, c_r = 0.46, L-N damping\n");
  printf("%-5s %6s %9s %9s %9s %8s %8s %8s\n", "row", "v m/s", "meas. N", "paper N", "ours N",
         "ours/me", "pap/me", "ours/pap");
  for (int k = 0; k < 3; k++) {
    const table *tb = &tables[k];
    cs_contact_geometry g = rig(tb->clearance, tb->Ra);
    impact im = {.Fe = Fe_law, .l = make(reg, table1_params, &g), .m = 0.85, .cr = 0.46};
    if (!im.l.content)
      continue;
    printf("%s\n", tb->name);
    double rmin = INFINITY, rmax = 0;
    for (int i = 0; i < tb->n; i++) {
      const row *r = &tb->rows[i];
      im.v0 = r->v;
      double f = peak_force(&im);
      double om = f / r->measured, pm = r->theory / r->measured, op = f / r->theory;
      printf("%2d.%-2d %6.3f %9.2f %9.1f %9.1f %+7.1f%% %+7.1f%% %8.4f\n", k + 2, i + 1, r->v,
             r->measured, r->theory, f, 100 * (om - 1), 100 * (pm - 1), op);
      /* The law with the reading above is stiffer than the paper's computation (scale
       * printed below): its peaks are a nearly constant factor of the paper's, pinned here so
       * that a change of the law or of the reading shows. The band covers the rows' drift
       * (K_n is not yet the pure s^{(D−1)/2} form at these penetrations), and for Table 2
       * the ±4 % scatter of its theoretical column. */
      char what[160];
      snprintf(what, sizeof what, "%s row %d: ours/paper's theory vs %.2f (the finding)",
               tb->name, i + 1, tb->factor);
      CHECK_REL(op, tb->factor, tb->tol, what);
      within_ours += fabs(om - 1) <= 0.10;
      within_paper += fabs(pm - 1) <= 0.10;
      total++;
      rmin = fmin(rmin, op);
      rmax = fmax(rmax, op);
    }
    printf("  ours/paper from %.4f to %.4f\n", rmin, rmax);
    double scale = paper_scale(tb, im.l, k == 0 ? -1 : 0.01, &within_shape);
    printf("  stiffness scale, paper's / the law's: %.4f\n", scale);
    drop(im.l);
  }
  printf("rows within +-10 %% of measured: ours %d of %d, the paper's theory %d of %d, the "
         "paper's computation redone (scale fitted per table) %d of %d\n",
         within_ours, total, within_paper, total, within_shape, total);
  /* The paper's theory has 70 of 71 rows within ±10 % of the measured force; its computation
   * redone here (the form of the law, the paper's scale) must keep at least 67 (95 %): rows
   * near the ±10 % edge may flip by the ≤ 1 % of the reproduction. */
  CHECK(within_paper == 70, "the paper's theory: %d rows within 10 %% of measured (70)",
        within_paper);
  CHECK(within_shape >= 67, "the paper's computation redone: %d rows within 10 %% (>= 67)",
        within_shape);
}

int main(void)
{
  char msg[1200];
  cs_registry *reg = cs_registry_new();
  data003 = cs_paper_load(NULL, 3, msg, sizeof msg);
  CHECK(reg && data003, "registry and 003's data file: %s", data003 ? "" : msg);
  if (!reg || !data003 || !load_tables()) {
    cJSON_Delete(data003);
    cs_registry_free(reg);
    return cs_test_finish();
  }
  test_against_printed_formulas(reg);
  test_roughness_and_defaults(reg);
  test_consistency(reg);
  test_integrator();
  test_tables(reg);
  cJSON_Delete(data003);
  cs_registry_free(reg);
  return cs_test_finish();
}
