/* test_contact_fits.c — the power-law fits F = K δ^n of the implicit cylinder laws printed by
 * Autiero et al. 2022 (004) in Tables 2–9 and 11, recomputed with our laws and fit.
 *
 * What 004 does not print, inferred once for all rows (no per-row tuning):
 *  - contact length L = 1 mm (K is per millimetre of length; Johnson's and Radzimovsky's K are
 *    proportional to L, and only L = 1 mm gives the printed values);
 *  - fitting range: forces 0 < F ≤ 1 kN, i.e. fit_range = δ(1 kN), sampled uniformly in F, the
 *    fit minimising the squared error of F (a fit of ln F gives K 15 % lower for Johnson,
 *    ΔR = 0.5 mm; a fixed δ range cannot match all ΔR at once);
 *  - materials: steel E = 207 GPa, ν = 0.3 (004 §4); "aluminum" E = 70 GPa, ν = 0.33 (not
 *    stated; Table 5 is reproduced to 0.03 % with these, 1 % off with 69 GPa or ν = 0.35);
 *  - Tables 2–9 give only ΔR: for Goldsmith, which needs R*, the data fit a hole of radius
 *    100 mm with a pin of 100 − ΔR mm (R* ΔR = 100 (100 − ΔR) mm² within 3 % on all 12 rows);
 *    the other three laws depend on ΔR alone;
 *  - "Max Error %" is max |K δ^n − F| / F over 1 µm ≤ δ ≤ δ(1 kN): the error of a power law
 *    grows without bound as δ → 0, and the printed values sit at δ ≈ 1 µm for steel and
 *    aluminium alike (at F ≈ 25 N for steel, 9 N for aluminium).
 *
 * Rows that are not reproduced as printed, and why (each asserted both ways below):
 *  - Table 5, ΔR = 80 mm: n is printed 1.083; K matches to 0.01 % with n = 1.108 (the column
 *    decreases by < 0.004 per row elsewhere): a misprint of n.
 *  - Table 8: every K is 10× the printed one (n exact): the exponent should read 10^4.
 *  - Table 9: K matches, n does not — the printed n column is Table 8's, copied.
 *  - Goldsmith (Tables 6, 7, 11): 004 Table 1 writes ln(L^m/(F R h)) with m = 1, which is not
 *    dimensionless; all 15 rows are reproduced by δ = (F σ/L)(ln(C/(F R* σ)) + 1) with
 *    σ = h/π and a constant C = 0.1 m — neither L³ (our law, dimensionally consistent; with
 *    L = 1 mm its load limit lies below 1 kN on 9 of the 15 rows) nor L. The rows are checked
 *    with that C.
 *  - Table 11, ESDU, R_i/R_p (pin on the inner track, external): printed K = 1.300e4 is
 *    ESDU's internal formula with ΔR = R_i − R_p = 44.1 mm; with ΔR = R_i + R_p = 59.9 mm we
 *    get 1.254e4 (−3.5 %). 004 also swaps the two ΔR labels: R_i + R_p = 59.9 mm,
 *    R_o − R_p = 60.1 mm (Table 10: R_i = 52, R_o = 68, R_p = 7.9 mm).
 *  - Table 11, Lankarani–Nikravesh (explicit, no fit): the printed K are our (4/3) E* √R*
 *    divided by 3.18–3.25; no convention of E* or R* we tried explains it.
 *
 * Tolerances: K within half a unit of its last printed digit (3 significant digits in the
 * steel tables, 4–5 in the aluminium ones and Table 11) plus 0.3 %; n within half a unit of
 * its last printed decimal plus 1e-3. The sampling is settled (with 10 000 points K agrees to
 * ≤ 0.02 % on 40 rows; 1 000 points move K by 0.01 %, δ-uniform sampling by 0.8 %), so the
 * extra terms are the scatter of the paper's own last digits: Table 4's ΔR = 10 mm K is 0.3 %
 * off while Table 5's same row agrees to 0.01 %; printed n are rounded down as often as up by
 * up to 0.9e-3 (1.1958 printed 1.195, 1.2419 printed 1.242) on rows whose K agree to 0.01 %.
 * A wrong formula or convention moves K by ≥ 1 % (E = 69 GPa for aluminium: 1 %; ESDU's ΔR:
 * 3.5 %; Radzimovsky's width: 24 %). The max error: 0.05 (rounding) + 0.25 percentage points,
 * since it is read at the edge δ = 1 µm where it changes fastest with K and n.
 */
#include "cs_contact.h"
#include "cs_law_util.h"
#include "cs_test.h"

#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define L_CONTACT 1e-3 /* m */
#define F_RANGE 1e3    /* N */

static const cs_material STEEL = {207e9, 0.3, 0, 0, 0, 0};
static const cs_material ALU = {70e9, 0.33, 0, 0, 0, 0};

typedef enum quirk {
  NONE,
  N_MISPRINT,   /* n misprinted, K right */
  K_TIMES_10,   /* printed K is a tenth of the fit */
  N_COPIED,     /* printed n copied from another table, K right */
  GOLDSMITH_C,  /* 004's Goldsmith: log numerator 0.1 m */
  ESDU_MINUS,   /* 004 used ΔR = R2 − R1 for an external contact */
} quirk;

typedef struct row {
  int table;
  const char *law;
  int alu;
  int internal;
  double R1, R2;       /* mm */
  double K;            /* as printed, N/mm^n */
  int K_digits;        /* significant digits printed */
  double n;            /* as printed */
  int n_decimals;
  double err;          /* "Max Error %" as printed, < 0: none */
  quirk q;
} row;

/* Tables 2–9: internal, hole 100 mm, pin 100 − ΔR. */
#define T(tab, law, alu, dR, K, kd, n, err, q) {tab, law, alu, 1, 100.0 - (dR), 100.0, K, kd, n, 3, err, q}
/* Table 11 (Table 10 radii), no max error printed. */
#define T11(law, internal, R1, R2, K, kd, n, q) {11, law, 0, internal, R1, R2, K, kd, n, 2, -1, q}

static const row rows[] = {
  T(2, "radzimovsky", 0, 0.5, 1.04e5, 3, 1.162, 6.1, NONE),
  T(2, "radzimovsky", 0, 5.0, 6.24e4, 3, 1.118, 4.1, NONE),
  T(2, "radzimovsky", 0, 10.0, 5.55e4, 3, 1.109, 3.8, NONE),
  T(2, "radzimovsky", 0, 30.0, 4.72e4, 3, 1.097, 3.2, NONE),
  T(2, "radzimovsky", 0, 60.0, 4.32e4, 3, 1.091, 3.0, NONE),
  T(2, "radzimovsky", 0, 80.0, 4.17e4, 3, 1.089, 2.9, NONE),
  T(3, "radzimovsky", 1, 0.5, 41.308e3, 5, 1.195, 14.6, NONE),
  T(3, "radzimovsky", 1, 5.0, 22.979e3, 5, 1.135, 9.0, NONE),
  T(3, "radzimovsky", 1, 10.0, 20.228e3, 5, 1.123, 8.0, NONE),
  T(3, "radzimovsky", 1, 30.0, 16.993e3, 5, 1.108, 6.7, NONE),
  T(3, "radzimovsky", 1, 60.0, 15.434e3, 5, 1.100, 6.1, NONE),
  T(3, "radzimovsky", 1, 80.0, 14.867e3, 5, 1.098, 5.8, NONE),
  T(4, "johnson", 0, 0.5, 1.42e5, 3, 1.192, 7.4, NONE),
  T(4, "johnson", 0, 5.0, 7.53e4, 3, 1.133, 4.8, NONE),
  T(4, "johnson", 0, 10.0, 6.54e4, 3, 1.122, 4.3, NONE),
  T(4, "johnson", 0, 30.0, 5.44e4, 3, 1.107, 3.7, NONE),
  T(4, "johnson", 0, 60.0, 4.91e4, 3, 1.100, 3.4, NONE),
  T(4, "johnson", 0, 80.0, 4.72e4, 3, 1.097, 3.2, NONE),
  T(5, "johnson", 1, 0.5, 60.628e3, 5, 1.242, 18.9, NONE),
  T(5, "johnson", 1, 5.0, 28.324e3, 5, 1.155, 10.9, NONE),
  T(5, "johnson", 1, 10.0, 24.286e3, 5, 1.140, 9.5, NONE),
  T(5, "johnson", 1, 30.0, 19.782e3, 5, 1.121, 7.8, NONE),
  T(5, "johnson", 1, 60.0, 17.703e3, 5, 1.111, 7.0, NONE),
  T(5, "johnson", 1, 80.0, 16.962e3, 5, 1.083, 6.7, N_MISPRINT),
  T(6, "goldsmith", 0, 0.5, 2.86e4, 3, 1.066, 2.0, GOLDSMITH_C),
  T(6, "goldsmith", 0, 5.0, 2.39e4, 3, 1.057, 1.6, GOLDSMITH_C),
  T(6, "goldsmith", 0, 10.0, 2.27e4, 3, 1.055, 1.5, GOLDSMITH_C),
  T(6, "goldsmith", 0, 30.0, 2.09e4, 3, 1.051, 1.4, GOLDSMITH_C),
  T(6, "goldsmith", 0, 60.0, 1.94e4, 3, 1.048, 1.3, GOLDSMITH_C),
  T(6, "goldsmith", 0, 80.0, 1.84e4, 3, 1.046, 1.2, GOLDSMITH_C),
  T(7, "goldsmith", 1, 0.5, 10.032e3, 5, 1.071, 3.7, GOLDSMITH_C),
  T(7, "goldsmith", 1, 5.0, 8.354e3, 4, 1.061, 2.9, GOLDSMITH_C),
  T(7, "goldsmith", 1, 10.0, 7.933e3, 4, 1.058, 2.8, GOLDSMITH_C),
  T(7, "goldsmith", 1, 30.0, 7.273e3, 4, 1.054, 2.5, GOLDSMITH_C),
  T(7, "goldsmith", 1, 60.0, 6.752e3, 4, 1.050, 2.3, GOLDSMITH_C),
  T(7, "goldsmith", 1, 80.0, 6.394e3, 4, 1.048, 2.1, GOLDSMITH_C),
  T(8, "esdu78035", 0, 0.5, 2.84e3, 3, 1.165, 12.2, K_TIMES_10),
  T(8, "esdu78035", 0, 5.0, 1.77e3, 3, 1.119, 8.0, K_TIMES_10),
  T(8, "esdu78035", 0, 10.0, 1.59e3, 3, 1.110, 7.2, K_TIMES_10),
  T(8, "esdu78035", 0, 30.0, 1.36e3, 3, 1.098, 6.1, K_TIMES_10),
  T(8, "esdu78035", 0, 60.0, 1.25e3, 3, 1.092, 5.6, K_TIMES_10),
  T(8, "esdu78035", 0, 80.0, 1.21e3, 3, 1.090, 5.4, K_TIMES_10),
  T(9, "esdu78035", 1, 0.5, 10.868e3, 5, 1.165, 23.6, N_COPIED),
  T(9, "esdu78035", 1, 5.0, 6.395e3, 4, 1.119, 14.4, N_COPIED),
  T(9, "esdu78035", 1, 10.0, 5.691e3, 4, 1.110, 12.8, N_COPIED),
  T(9, "esdu78035", 1, 30.0, 4.849e3, 4, 1.098, 10.7, N_COPIED),
  T(9, "esdu78035", 1, 60.0, 4.437e3, 4, 1.092, 9.6, N_COPIED),
  T(9, "esdu78035", 1, 80.0, 4.286e3, 4, 1.090, 9.3, N_COPIED),
  T11("radzimovsky", 0, 7.9, 52.0, 4.321e4, 4, 1.09, NONE),
  T11("radzimovsky", 1, 7.9, 68.0, 4.315e4, 4, 1.09, NONE),
  T11("radzimovsky", 1, 7.9, 8.0, 1.846e5, 4, 1.22, NONE),
  T11("johnson", 0, 7.9, 52.0, 4.914e4, 4, 1.10, NONE),
  T11("johnson", 1, 7.9, 68.0, 4.907e4, 4, 1.10, NONE),
  T11("johnson", 1, 7.9, 8.0, 3.147e5, 4, 1.28, NONE),
  T11("goldsmith", 0, 7.9, 52.0, 1.717e4, 4, 1.04, GOLDSMITH_C),
  T11("goldsmith", 1, 7.9, 68.0, 1.743e4, 4, 1.04, GOLDSMITH_C),
  T11("goldsmith", 1, 7.9, 8.0, 2.221e4, 4, 1.05, GOLDSMITH_C),
  T11("esdu78035", 0, 7.9, 52.0, 1.300e4, 4, 1.09, ESDU_MINUS),
  T11("esdu78035", 1, 7.9, 68.0, 1.254e4, 4, 1.09, NONE),
  T11("esdu78035", 1, 7.9, 8.0, 4.786e4, 4, 1.22, NONE),
};

static cs_registry *reg;

static cs_contact_geometry geometry(const row *r)
{
  const cs_material *m = r->alu ? &ALU : &STEEL;
  cs_contact_geometry g = {CS_CONTACT_LINE, r->internal, r->R1 * 1e-3, r->R2 * 1e-3,
                           L_CONTACT, *m, *m, 1.0, 0.0};
  return g;
}

/* A log law of the registry, exact (fit_range 0) or fitted. */
static cs_loglaw *law_of(const char *name, const cs_contact_geometry *g, double fit_range)
{
  const cs_law *law = cs_registry_find(reg, CS_ELASTIC, name);
  void *c = NULL;
  cs_error err = {0};
  if (!law || law->create(&fit_range, g, &c, &err) != CS_OK) {
    CHECK(0, "%s: create: %s", name, err.message);
    return NULL;
  }
  return c;
}

/* 004's Goldsmith as its tables were computed: a = σ/L, b = 0.1 m / (R* σ), c = 1. */
static cs_loglaw *goldsmith_004(const cs_contact_geometry *g, double fit_range)
{
  double sigma = 1.0 / (PI * cs_geometry_E_star(g));
  void *c = NULL;
  cs_error err = {0};
  if (cs_loglaw_new("goldsmith (004)", sigma / g->length, 0.1 / (cs_geometry_R_star(g) * sigma),
                    1.0, fit_range, &c, &err) != CS_OK)
    CHECK(0, "goldsmith (004): %s", err.message);
  return c;
}

typedef struct result {
  double K, n, err; /* K in N/mm^n, max error % over δ ≥ 1 µm */
  int valid;        /* F_range within the exact branch of the law */
} result;

/* The fit of F ≤ 1 kN; `paper` builds the row as 004 evidently computed it. */
static result fit_row(const row *r, int paper)
{
  result out = {NAN, NAN, NAN, 0};
  cs_contact_geometry g = geometry(r);
  if (paper && r->q == ESDU_MINUS)
    g.internal = 1, g.R1 = (r->R1 < r->R2 ? r->R1 : r->R2) * 1e-3, g.R2 = fmax(r->R1, r->R2) * 1e-3;
  int gold = paper && r->q == GOLDSMITH_C;
  cs_loglaw *exact = gold ? goldsmith_004(&g, 0) : law_of(r->law, &g, 0);
  if (!exact)
    return out;
  double dd, range = cs_loglaw_delta(exact, F_RANGE, &dd);
  out.valid = F_RANGE <= exact->F_c;
  cs_loglaw *fit = gold ? goldsmith_004(&g, range) : law_of(r->law, &g, range);
  if (fit) {
    out.K = fit->fit.K * pow(1e-3, fit->fit.n);
    out.n = fit->fit.n;
    double emax = 0.0;
    for (double d = 1e-6; d <= range; d *= 1.001)
      emax = fmax(emax, fabs(cs_power_force(&fit->fit, d, NULL) /
                             cs_loglaw_force(exact, d, NULL) - 1.0));
    out.err = 100.0 * emax;
  }
  free(exact);
  free(fit);
  return out;
}

static double K_tol(const row *r)
{
  double unit = pow(10.0, floor(log10(r->K)) - (r->K_digits - 1));
  return 0.5 * unit / r->K + 0.003;
}

static double n_tol(const row *r) { return 0.5 * pow(10.0, -r->n_decimals) + 1e-3; }

static const char *quirk_name[] = {"", "n misprinted", "K printed /10", "n copied (T8)",
                                   "004 Goldsmith C=0.1 m", "004 ESDU dR=R2-R1"};

static void test_rows(void)
{
  printf("table law          mat  dR(mm)  K printed   K ours      dev%%    n pr.  n ours  dn"
         "       err%% pr. ours   note\n");
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const row *r = &rows[i];
    double dR = r->internal ? r->R2 - r->R1 : r->R1 + r->R2;
    result ours = fit_row(r, 0), repro = r->q == NONE ? ours : fit_row(r, 1);
    double K_pr = r->q == K_TIMES_10 ? 10.0 * r->K : r->K;
    printf("%-5d %-12s %-4s %6.1f  %-10.4g  %-10.4g %+7.2f   %-6.3f %-7.4f %+.4f  %5.1f %6.2f   %s%s\n",
           r->table, r->law, r->alu ? "Al" : "St", dR, r->K, ours.K, 100 * (ours.K / K_pr - 1),
           r->n, ours.n, ours.n - r->n, r->err, ours.err, quirk_name[r->q],
           ours.valid ? "" : " [ours: 1 kN beyond the load limit]");
    if (r->q != NONE && r->q != N_MISPRINT && r->q != N_COPIED && r->q != K_TIMES_10)
      printf("      as 004 computed it:           K %-10.4g %+7.2f   n %-7.4f %+.4f  err %.2f\n",
             repro.K, 100 * (repro.K / K_pr - 1), repro.n, repro.n - r->n, repro.err);

    char what[200];
    snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: K", r->table, r->law,
             r->alu ? "Al" : "steel", dR);
    CHECK_REL(repro.K, K_pr, K_tol(r), what);
    if (r->q != N_MISPRINT && r->q != N_COPIED) {
      snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: n", r->table, r->law,
               r->alu ? "Al" : "steel", dR);
      CHECK_NEAR(repro.n, r->n, n_tol(r), what);
    } else {
      CHECK(fabs(repro.n - r->n) > n_tol(r),
            "Table %d dR = %g: printed n %.3f is not the fit's (%.4f), as documented", r->table,
            dR, r->n, repro.n);
      if (r->q == N_COPIED) /* Table 8's row of the same ΔR, printed just above */
        CHECK(r->n == rows[i - 6].n && rows[i - 6].table == 8 && rows[i - 6].R1 == r->R1,
              "Table 9 dR = %g: printed n %.3f is Table 8's", dR, r->n);
    }
    if (r->err >= 0) {
      snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: max error %% over δ >= 1 µm",
               r->table, r->law, r->alu ? "Al" : "steel", dR);
      CHECK_NEAR(repro.err, r->err, 0.3, what);
    }
    /* a documented quirk must be needed: our law as implemented misses the printed row */
    if (r->q == GOLDSMITH_C || r->q == ESDU_MINUS)
      CHECK(!ours.valid || fabs(ours.K / K_pr - 1) > 3 * K_tol(r),
            "Table %d %s dR = %g: the quirk is needed (ours K %.4g vs %.4g)", r->table, r->law,
            dR, ours.K, K_pr);
  }
}

/* Table 5: n decreases with ΔR along the column; the printed 1.083 at 80 mm breaks that by
 * 0.028 where neighbouring rows differ by < 0.01, and the fit that matches K gives 1.108. */
static void test_monotone_n(void)
{
  result r60 = fit_row(&rows[22], 0), r80 = fit_row(&rows[23], 0);
  CHECK(r80.n < r60.n && r60.n - r80.n < 0.005,
        "Table 5: n(80 mm) = %.4f just below n(60 mm) = %.4f", r80.n, r60.n);
}

/* Table 11, Lankarani–Nikravesh (explicit): printed K against (4/3) E* √R*, R* of Table 10. */
static void test_lankarani_table11(void)
{
  const double R2[3] = {52.0, 68.0, 8.0}, printed[3] = {1.220e5, 1.424e5, 1.198e6};
  const int internal[3] = {0, 1, 1};
  double ratio[3];
  printf("\nTable 11 Lankarani-Nikravesh (n = 1.5): printed K vs (4/3) E* sqrt(R*)\n");
  for (int i = 0; i < 3; i++) {
    row r = T11("lankarani_nikravesh", internal[i], 7.9, R2[i], printed[i], 4, 1.50, NONE);
    cs_contact_geometry g = geometry(&r);
    double K = cs_hertz_stiffness(&g) * pow(1e-3, 1.5);
    ratio[i] = K / printed[i];
    printf("  R2 = %4.0f mm %s: K printed %.4g, ours %.4g N/mm^1.5, ratio %.3f\n", R2[i],
           internal[i] ? "internal" : "external", printed[i], K, ratio[i]);
  }
  /* not reproduced: a common factor 3.18–3.25 (documented above); the check pins the finding */
  for (int i = 0; i < 3; i++)
    CHECK(ratio[i] > 3.1 && ratio[i] < 3.3, "Table 11 L-N: our K / printed K = %.3f", ratio[i]);
}

/* Radzimovsky's width: with the width of 004 §4, ln(8 ΔR E* / (1.6² W)), Table 2 is missed by far. */
static void test_radzimovsky_width(void)
{
  cs_contact_geometry g = geometry(&rows[0]);
  double E = cs_geometry_E_star(&g), dR = 0.5e-3, L = L_CONTACT, dd;
  void *c = NULL;
  cs_error err = {0};
  cs_loglaw_new("radzimovsky (sec. 4)", 1.0 / (PI * E * L), 8.0 * dR * E * L / (1.6 * 1.6),
                2.0 / 3.0, 0, &c, &err);
  if (!c)
    return;
  double range = cs_loglaw_delta(c, F_RANGE, &dd);
  free(c);
  cs_loglaw_new("radzimovsky (sec. 4)", 1.0 / (PI * E * L), 8.0 * dR * E * L / (1.6 * 1.6),
                2.0 / 3.0, range, &c, &err);
  if (!c)
    return;
  double K = ((cs_loglaw *)c)->fit.K * pow(1e-3, ((cs_loglaw *)c)->fit.n);
  printf("\nRadzimovsky, Table 2 dR = 0.5 mm with 004 sec. 4's '8': K = %.4g (printed 1.04e5)\n", K);
  CHECK(fabs(K / 1.04e5 - 1) > 0.1, "sec. 4's width misses Table 2 by > 10 %%: K = %.4g", K);
  free(c);
}

int main(void)
{
  reg = cs_registry_new();
  if (!reg) {
    CHECK(0, "registry");
    return cs_test_finish();
  }
  test_rows();
  test_monotone_n();
  test_lankarani_table11();
  test_radzimovsky_width();
  cs_registry_free(reg);
  return cs_test_finish();
}
