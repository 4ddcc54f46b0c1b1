/* test_contact_fits.c — the power-law fits F = K δ^n of the implicit cylinder laws printed by
 * Autiero et al. 2022 (004) in Tables 2–9 and 11, recomputed with our laws and fit. The printed
 * rows, and what 004 leaves out (read once for all rows, no per-row tuning), are in
 * models/papers/004_autiero_2022.json; tools/reproduction/cs_papers.h builds each row's contact and fits it,
 * for this test and for tools/reproduction/reproduce alike.
 *
 * The reading (the data file's fit_reading):
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
 * Rows that are not reproduced as printed (the data file's `finding`), each asserted both ways:
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
 *    (E* = 1/(h_i + h_j), h = (1 − ν²)/E: Hertz's, Lankarani–Nikravesh's and 004's own
 *    nomenclature) divided by 3.18–3.26. Not a (1 − ν²)/(πE) convention alone: ours/π misses
 *    the printed K by 1.3–3.6 %, and E* = 1/(h_i + h_j) with that h (the σ of 004's Goldsmith
 *    columns) is π times ours, 10.0–10.2 times the printed K. π × ours × 0.1 reproduces the
 *    outer track (+0.02 %) and the cap (−0.03 %) within their 4 printed digits; the inner
 *    track stays 2.3 % above its printed 1.220e5. The engine keeps the standard E* (the
 *    one Hertz's K = (4/3) E* √R* is derived with); 0.1 is a factor 004 does not print.
 *
 * Tolerances (cs_papers.h): K within half a unit of its last printed digit (3 significant
 * digits in the steel tables, 4–5 in the aluminium ones and Table 11) plus 0.3 %; n within half
 * a unit of its last printed decimal plus 1e-3. The sampling is settled (with 10 000 points K
 * agrees to ≤ 0.02 % on 40 rows; 1 000 points move K by 0.01 %, δ-uniform sampling by 0.8 %), so
 * the extra terms are the scatter of the paper's own last digits: Table 4's ΔR = 10 mm K is
 * 0.3 % off while Table 5's same row agrees to 0.01 %; printed n are rounded down as often as up
 * by up to 0.9e-3 (1.1958 printed 1.195, 1.2419 printed 1.242) on rows whose K agree to 0.01 %.
 * A wrong formula or convention moves K by ≥ 1 % (E = 69 GPa for aluminium: 1 %; ESDU's ΔR:
 * 3.5 %; Radzimovsky's width: 24 %). The max error: 0.05 (rounding) + 0.25 percentage points,
 * since it is read at the edge δ = 1 µm where it changes fastest with K and n.
 */
#include "cs_papers.h"
#include "cs_test.h"

#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define MAXROWS 80

static cs_registry *reg;
static cJSON *paper;
static cs_fit_row rows[MAXROWS];
static int nrows;

static int is(const cs_fit_row *r, const char *finding) { return !strcmp(r->finding, finding); }

static cs_fit fit(const cs_fit_row *r, int as_004)
{
  cs_error err = {0};
  cs_fit f = cs_paper004_fit(paper, reg, r, as_004, &err);
  if (isnan(f.K))
    CHECK(0, "Table %d %s: %s", r->table, r->law, err.message);
  return f;
}

/* The row of `table` with 004's ΔR `dR`, or NULL. */
static const cs_fit_row *row_at(int table, double dR)
{
  for (int i = 0; i < nrows; i++)
    if (rows[i].table == table && rows[i].dR_printed == dR)
      return &rows[i];
  return NULL;
}

static void test_rows(void)
{
  /* 004 prints 8 tables of 6 rows and Table 11's 15: a short data file must not pass */
  CHECK(nrows == 63, "models/papers/004: 63 printed rows (got %d)", nrows);
  printf("table law          mat  dR(mm)  K printed   K ours      dev%%    n pr.  n ours  dn"
         "       err%% pr. ours   finding\n");
  for (int i = 0; i < nrows && i < MAXROWS; i++) {
    const cs_fit_row *r = &rows[i];
    if (!strcmp(r->law, "lankarani_nikravesh"))
      continue; /* explicit: test_lankarani_table11 */
    int quirk = is(r, "goldsmith_c") || is(r, "esdu_minus");
    int n_wrong = is(r, "n_misprint") || is(r, "n_copied");
    cs_fit ours = fit(r, 0), repro = quirk ? fit(r, 1) : ours;
    double K_pr = cs_paper004_K_target(r);
    printf("%-5d %-12s %-4s %6.1f  %-10.4g  %-10.4g %+7.2f   %-6.3f %-7.4f %+.4f  %5.1f %6.2f   %s%s\n",
           r->table, r->law, r->material, r->dR_printed, r->K, ours.K, 100 * (ours.K / K_pr - 1),
           r->n, ours.n, ours.n - r->n, r->err, ours.err, r->finding,
           ours.valid ? "" : " [ours: 1 kN beyond the load limit]");
    if (quirk)
      printf("      as 004 computed it:           K %-10.4g %+7.2f   n %-7.4f %+.4f  err %.2f\n",
             repro.K, 100 * (repro.K / K_pr - 1), repro.n, repro.n - r->n, repro.err);

    char what[200];
    snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: K", r->table, r->law, r->material,
             r->dR_printed);
    CHECK_REL(repro.K, K_pr, cs_paper004_K_tol(r), what);
    if (!n_wrong) {
      snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: n", r->table, r->law, r->material,
               r->dR_printed);
      CHECK_NEAR(repro.n, r->n, cs_paper004_n_tol(r), what);
    } else {
      CHECK(fabs(repro.n - r->n) > cs_paper004_n_tol(r),
            "Table %d dR = %g: printed n %.3f is not the fit's (%.4f), as documented", r->table,
            r->dR_printed, r->n, repro.n);
      if (is(r, "n_copied")) { /* Table 8's row of the same ΔR */
        const cs_fit_row *t8 = row_at(8, r->dR_printed);
        CHECK(t8 && t8->n == r->n, "Table 9 dR = %g: printed n %.3f is Table 8's", r->dR_printed,
              r->n);
      }
    }
    if (!isnan(r->err)) {
      snprintf(what, sizeof what, "Table %d %s %s dR = %g mm: max error %% over δ >= 1 µm",
               r->table, r->law, r->material, r->dR_printed);
      CHECK_NEAR(repro.err, r->err, CS_PAPER004_ERR_TOL, what);
    }
    /* a documented quirk must be needed: our law as implemented misses the printed row */
    if (quirk)
      CHECK(!ours.valid || fabs(ours.K / K_pr - 1) > 3 * cs_paper004_K_tol(r),
            "Table %d %s dR = %g: the quirk is needed (ours K %.4g vs %.4g)", r->table, r->law,
            r->dR_printed, ours.K, K_pr);
  }
}

/* Table 5: n decreases with ΔR along the column; the printed 1.083 at 80 mm breaks that by
 * 0.028 where neighbouring rows differ by < 0.01, and the fit that matches K gives 1.108. */
static void test_monotone_n(void)
{
  const cs_fit_row *a = row_at(5, 60.0), *b = row_at(5, 80.0);
  CHECK(a && b, "Table 5 rows dR = 60, 80 mm in the data file");
  if (!a || !b)
    return;
  cs_fit r60 = fit(a, 0), r80 = fit(b, 0);
  CHECK(r80.n < r60.n && r60.n - r80.n < 0.005,
        "Table 5: n(80 mm) = %.4f just below n(60 mm) = %.4f", r80.n, r60.n);
}

/* Table 11, Lankarani–Nikravesh (explicit): printed K against (4/3) E* √R*, R* of Table 10. */
static void test_lankarani_table11(void)
{
  int seen = 0;
  /* the band the data file states for the finding (tools/reproduction/reproduce holds it to the same) */
  double lo = cs_paper_num(paper, "ln_factor_band/0"), hi = cs_paper_num(paper, "ln_factor_band/1");
  CHECK(lo > 3.0 && hi < 3.5, "004 data file: ln_factor_band %g-%g", lo, hi);
  printf("\nTable 11 Lankarani-Nikravesh (n = 1.5): printed K vs (4/3) E* sqrt(R*)\n");
  for (int i = 0; i < nrows && i < MAXROWS; i++) {
    const cs_fit_row *r = &rows[i];
    if (strcmp(r->law, "lankarani_nikravesh"))
      continue;
    double K = cs_paper004_ln_K(r), ratio = K / r->K;
    seen++;
    printf("  %s (R2 = %4.1f mm %s): K printed %.4g, ours %.4g N/mm^1.5, ratio %.3f\n", r->region,
           1e3 * r->g.R2, r->g.internal ? "internal" : "external", r->K, K, ratio);
    /* not reproduced: a common factor 3.18–3.26 (documented above); the checks pin it */
    CHECK(ratio > lo && ratio < hi, "Table 11 L-N %s: our K / printed K = %.3f", r->region,
          ratio);
    double by_pi = K / PI / r->K - 1, as004 = cs_paper004_ln_K_as004(r) / r->K - 1;
    CHECK(fabs(by_pi) > 0.01, "Table 11 L-N %s: ours/pi misses the printed K by %+.2f %% "
          "(no pi convention alone)", r->region, 100 * by_pi);
    if (!strcmp(r->finding, "ln_factor"))
      CHECK(fabs(as004) <= cs_paper004_K_tol(r), "Table 11 L-N %s: pi x ours x 0.1 = printed "
            "K %+.3f %% (tolerance %.2f %%)", r->region, 100 * as004, 100 * cs_paper004_K_tol(r));
    else
      CHECK(!strcmp(r->finding, "ln_inner") && as004 > 0.02 && as004 < 0.025,
            "Table 11 L-N %s (finding %s): pi x ours x 0.1 stays %+.2f %% off", r->region,
            r->finding, 100 * as004);
  }
  CHECK(seen == 3, "Table 11: three Lankarani-Nikravesh rows (got %d)", seen);
}

/* Radzimovsky's width: with the width of 004 §4, ln(8 ΔR E* / (1.6² W)), Table 2 is missed by far. */
static void test_radzimovsky_width(void)
{
  const cs_fit_row *r = row_at(2, 0.5);
  CHECK(r != NULL, "Table 2 row dR = 0.5 mm in the data file");
  if (!r)
    return;
  double E = cs_geometry_E_star(&r->g), dR = 0.5e-3, L = r->g.length, dd;
  double F_max = cs_paper_num(paper, "fit_reading/F_max_N");
  void *c = NULL;
  cs_error err = {0};
  cs_loglaw_new("radzimovsky (sec. 4)", 1.0 / (PI * E * L), 8.0 * dR * E * L / (1.6 * 1.6),
                2.0 / 3.0, 0, &c, &err);
  if (!c)
    return;
  double range = cs_loglaw_delta(c, F_max, &dd);
  free(c);
  cs_loglaw_new("radzimovsky (sec. 4)", 1.0 / (PI * E * L), 8.0 * dR * E * L / (1.6 * 1.6),
                2.0 / 3.0, range, &c, &err);
  if (!c)
    return;
  double K = ((cs_loglaw *)c)->fit.K * pow(1e-3, ((cs_loglaw *)c)->fit.n);
  printf("\nRadzimovsky, Table 2 dR = 0.5 mm with 004 sec. 4's '8': K = %.4g (printed %.4g)\n", K,
         r->K);
  CHECK(fabs(K / r->K - 1) > 0.1, "sec. 4's width misses Table 2 by > 10 %%: K = %.4g", K);
  free(c);
}

int main(void)
{
  char msg[1200];
  reg = cs_registry_new();
  paper = cs_paper_load(NULL, 4, msg, sizeof msg);
  CHECK(reg && paper, "registry and 004's data file: %s", paper ? "" : msg);
  if (reg && paper) {
    nrows = cs_paper004_rows(paper, rows, MAXROWS);
    test_rows();
    test_monotone_n();
    test_lankarani_table11();
    test_radzimovsky_width();
  }
  cJSON_Delete(paper);
  cs_registry_free(reg);
  return cs_test_finish();
}
