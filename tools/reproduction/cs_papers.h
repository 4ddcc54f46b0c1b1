/* cs_papers.h — the papers' printed numbers (models/papers/NNN_*.json, one file per paper,
 * models/papers/README.md) as the tests and tools/reproduction/reproduce_data.c read them, and what both
 * compute from them, so that a test and the reproduction report (tools/reproduction/reproduce) judge the
 * same numbers by the same code:
 *  - 004 Tables 2–9 and 11: each row's contact geometry and the power-law fit of its law, as
 *    our law gives it and as 004 evidently computed it, with the row's tolerance;
 *  - 003: the impact rig of Table 1;
 *  - 001: the ball and plate of Tables 1 and 3.
 * Header-only (static inline): cJSON, the contact laws' public descriptors and the log-law
 * helpers of contact/cs_law_util.h. */
#ifndef CS_PAPERS_H
#define CS_PAPERS_H

#include "cs_contact.h"
#include "cs_law_util.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CS_PAPERS_DIR "models/papers" /* relative to the source tree, where tests run */

/* ---------------------------------------------------------------- files ------------------ */

/* The data file of paper 0…4 (002 prints no table: NULL). */
static inline const char *cs_paper_file(int paper)
{
  static const char *const files[5] = {"000_wang_gao_2023.json", "001_liu_2022.json", NULL,
                                       "003_li_2018.json", "004_autiero_2022.json"};
  return paper >= 0 && paper < 5 ? files[paper] : NULL;
}

/* Parse paper `paper`'s data file from `dir` (NULL: CS_PAPERS_DIR); NULL and a message in msg
 * when it cannot be read or parsed. The caller frees the tree with cJSON_Delete. */
static inline cJSON *cs_paper_load(const char *dir, int paper, char *msg, size_t size)
{
  char path[1024];
  const char *name = cs_paper_file(paper);
  if (!name) {
    snprintf(msg, size, "paper %03d has no data file", paper);
    return NULL;
  }
  snprintf(path, sizeof path, "%s/%s", dir ? dir : CS_PAPERS_DIR, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(msg, size, "%s: cannot open", path);
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  size_t got = text ? fread(text, 1, (size_t)n, f) : 0;
  fclose(f);
  if (!text || got != (size_t)n) {
    free(text);
    snprintf(msg, size, "%s: cannot read", path);
    return NULL;
  }
  text[n] = '\0';
  cJSON *root = cJSON_Parse(text);
  if (!root)
    snprintf(msg, size, "%s: not valid JSON near \"%.40s\"", path,
             cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "");
  free(text);
  return root;
}

/* The node at a slash-separated path below `node` ("table1/E_Pa", "tables/1/rows"); array
 * elements by index. NULL when absent. */
static inline const cJSON *cs_paper_get(const cJSON *node, const char *path)
{
  char key[128];
  while (node && *path) {
    size_t len = strcspn(path, "/");
    if (len >= sizeof key)
      return NULL;
    memcpy(key, path, len);
    key[len] = '\0';
    node = cJSON_IsArray(node) ? cJSON_GetArrayItem(node, atoi(key))
                               : cJSON_GetObjectItemCaseSensitive(node, key);
    path += len + (path[len] == '/');
  }
  return node;
}

/* A number at `path`, NAN when absent or not a number. */
static inline double cs_paper_num(const cJSON *node, const char *path)
{
  const cJSON *v = cs_paper_get(node, path);
  return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

/* A string at `path`, "" when absent. */
static inline const char *cs_paper_str(const cJSON *node, const char *path)
{
  const cJSON *v = cs_paper_get(node, path);
  return cJSON_IsString(v) ? v->valuestring : "";
}

/* The number of elements of the array at `path` (0 when absent). */
static inline int cs_paper_count(const cJSON *node, const char *path)
{
  const cJSON *v = cs_paper_get(node, path);
  return cJSON_IsArray(v) ? cJSON_GetArraySize(v) : 0;
}

/* ---------------------------------------------------------------- printed digits --------- */

/* Half a unit of the last printed digit of x printed with `digits` significant digits,
 * relative to x. */
static inline double cs_paper_digit_tol(double x, int digits)
{
  return 0.5 * pow(10.0, floor(log10(fabs(x))) - (digits - 1)) / fabs(x);
}

/* ---------------------------------------------------------------- 004 Tables 2–9, 11 ---- */

/* One printed row of a fit table. */
typedef struct cs_fit_row {
  int table;            /* 2 … 9, 11 */
  const char *law;      /* registry name of the elastic law */
  const char *material; /* "steel" or "aluminum" */
  const char *region;   /* Table 11: "R_i/R_p", "R_o/R_p", "R_c/R_p"; "" otherwise */
  const char *finding;  /* key of the data file's "findings", "" when reproduced as printed */
  double dR_printed;    /* 004's ΔR column, mm */
  double K, n;          /* as printed: N/mm^n */
  int K_digits, n_decimals;
  double err;           /* "Max Error %" as printed, NAN when the table has none */
  cs_contact_geometry g; /* the contact the row describes, SI */
} cs_fit_row;

static inline cs_material cs_paper004_material(const cJSON *paper, const char *name)
{
  char path[96];
  cs_material m = {0};
  snprintf(path, sizeof path, "materials/%s/E_GPa", name);
  m.E = 1e9 * cs_paper_num(paper, path);
  snprintf(path, sizeof path, "materials/%s/nu", name);
  m.nu = cs_paper_num(paper, path);
  return m;
}

/* The geometry of a row. Tables 2–9 give ΔR alone: a hole of the reading's radius (100 mm)
 * with a pin of 100 − ΔR mm (only Goldsmith needs R*, see the data file's fit_reading).
 * Table 11 (Table 10's radii): the pin R_p on the inner track R_i is an external contact, in
 * the outer track R_o and the cap R_c internal ones. Length: the reading's 1 mm (K per mm). */
static inline cs_contact_geometry cs_paper004_geometry(const cJSON *paper, const char *material,
                                                       int table, const char *region, double dR)
{
  cs_material m = cs_paper004_material(paper, material);
  cs_contact_geometry g = {CS_CONTACT_LINE, 1, 0.0, 0.0,
                           1e-3 * cs_paper_num(paper, "fit_reading/length_mm"), m, m, 1.0, 0.0};
  if (table != 11) {
    g.R2 = 1e-3 * cs_paper_num(paper, "fit_reading/hole_radius_mm");
    g.R1 = g.R2 - 1e-3 * dR;
    return g;
  }
  g.R1 = 1e-3 * cs_paper_num(paper, "table10/R_p_mm");
  if (!strcmp(region, "R_i/R_p")) {
    g.internal = 0;
    g.R2 = 1e-3 * cs_paper_num(paper, "table10/R_i_mm");
  } else {
    g.R2 = 1e-3 * cs_paper_num(paper, !strcmp(region, "R_o/R_p") ? "table10/R_o_mm"
                                                                   : "table10/R_c_mm");
  }
  return g;
}

/* The rows of Tables 2–9 then Table 11, at most `max`; returns how many there are. Strings
 * point into the tree. */
static inline int cs_paper004_rows(const cJSON *paper, cs_fit_row *rows, int max)
{
  const char *lists[2] = {"fit_tables/rows", "table11/rows"};
  int k = 0;
  for (int l = 0; l < 2; l++) {
    const cJSON *item;
    cJSON_ArrayForEach(item, cs_paper_get(paper, lists[l]))
    {
      if (k < max) {
        cs_fit_row *r = &rows[k];
        r->table = l ? 11 : (int)cs_paper_num(item, "table");
        r->law = cs_paper_str(item, "law");
        r->material = l ? "steel" : cs_paper_str(item, "material");
        r->region = cs_paper_str(item, "region");
        r->finding = cs_paper_str(item, "finding");
        r->dR_printed = cs_paper_num(item, l ? "dR_printed_mm" : "dR_mm");
        r->K = cs_paper_num(item, "K");
        r->n = cs_paper_num(item, "n");
        r->K_digits = (int)cs_paper_num(item, "K_digits");
        r->n_decimals = (int)cs_paper_num(item, "n_decimals");
        r->err = cs_paper_num(item, "max_error_pct");
        r->g = cs_paper004_geometry(paper, r->material, r->table, r->region, r->dR_printed);
      }
      k++;
    }
  }
  return k;
}

/* The printed K a fit should meet: a row with finding "K_times_10" printed a tenth of it. */
static inline double cs_paper004_K_target(const cs_fit_row *r)
{
  return !strcmp(r->finding, "K_times_10") ? 10.0 * r->K : r->K;
}

/* Tolerances (tests/unit/contact/test_contact_fits.c says why): K within half a unit of its last printed
 * digit plus 0.3 %; n within half a unit of its last printed decimal plus 1e-3; the max error
 * within 0.3 percentage points. */
static inline double cs_paper004_K_tol(const cs_fit_row *r)
{
  return cs_paper_digit_tol(r->K, r->K_digits) + 0.003;
}
static inline double cs_paper004_n_tol(const cs_fit_row *r)
{
  return 0.5 * pow(10.0, -r->n_decimals) + 1e-3;
}
#define CS_PAPER004_ERR_TOL 0.3

/* A fit: K in N/mm^n, n, max relative error % over 1 µm ≤ δ ≤ δ(F_max); valid: F_max lies
 * within the exact branch of the law (not past its load limit). */
typedef struct cs_fit {
  double K, n, err;
  int valid;
} cs_fit;

/* The log law of a row, exact (fit_range 0) or fitted over δ ≤ fit_range. `as_004`: the row
 * as 004 evidently computed it (its finding goldsmith_c or esdu_minus applied). NULL (and a
 * message) when the law cannot be made. */
static inline cs_loglaw *cs_paper004_law(const cs_registry *reg, const cs_fit_row *r,
                                         int as_004, double fit_range, cs_error *err)
{
  cs_contact_geometry g = r->g;
  void *c = NULL;
  if (as_004 && !strcmp(r->finding, "esdu_minus")) { /* the internal formula, ΔR = R2 − R1 */
    g.internal = 1;
    g.R1 = fmin(r->g.R1, r->g.R2);
    g.R2 = fmax(r->g.R1, r->g.R2);
  }
  if (as_004 && !strcmp(r->finding, "goldsmith_c")) {
    /* 004's Goldsmith: a = σ/L, b = 0.1 m / (R* σ), c = 1 (the data file's finding) */
    double sigma = 1.0 / (3.14159265358979323846 * cs_geometry_E_star(&g));
    if (cs_loglaw_new("goldsmith (004)", sigma / g.length, 0.1 / (cs_geometry_R_star(&g) * sigma),
                      1.0, fit_range, &c, err) != CS_OK)
      return NULL;
    return c;
  }
  const cs_law *law = cs_registry_find(reg, CS_ELASTIC, r->law);
  if (!law) {
    cs_fail(err, CS_ERR_INPUT, "elastic law \"%s\" is not registered", r->law);
    return NULL;
  }
  if (law->create(&fit_range, &g, &c, err) != CS_OK)
    return NULL;
  return c;
}

/* The least-squares fit of the row's law over 0 < F ≤ F_max (the data file's fit_reading). */
static inline cs_fit cs_paper004_fit(const cJSON *paper, const cs_registry *reg,
                                     const cs_fit_row *r, int as_004, cs_error *err)
{
  cs_fit out = {NAN, NAN, NAN, 0};
  double F_max = cs_paper_num(paper, "fit_reading/F_max_N");
  double d_lo = 1e-3 * cs_paper_num(paper, "fit_reading/error_from_delta_mm"), dd;
  cs_loglaw *exact = cs_paper004_law(reg, r, as_004, 0.0, err);
  if (!exact)
    return out;
  double range = cs_loglaw_delta(exact, F_max, &dd);
  out.valid = F_max <= exact->F_c;
  cs_loglaw *fit = cs_paper004_law(reg, r, as_004, range, err);
  if (fit) {
    out.K = fit->fit.K * pow(1e-3, fit->fit.n);
    out.n = fit->fit.n;
    double emax = 0.0;
    for (double d = d_lo; d <= range; d *= 1.001)
      emax = fmax(emax, fabs(cs_power_force(&fit->fit, d, NULL) /
                             cs_loglaw_force(exact, d, NULL) - 1.0));
    out.err = 100.0 * emax;
  }
  free(exact);
  free(fit);
  return out;
}

/* Lankarani–Nikravesh of a Table 11 row (explicit): K = (4/3) E* √R*, N/mm^1.5. */
static inline double cs_paper004_ln_K(const cs_fit_row *r)
{
  return cs_hertz_stiffness(&r->g) * pow(1e-3, 1.5);
}

/* The same row as 004 evidently computed it (the data file's finding ln_factor): E* as
 * 1/(h_i + h_j) with Goldsmith's h = (1 − ν²)/(π E), the σ its Goldsmith columns need too, so
 * π times ours, and a factor 0.1 (its Goldsmith logarithm's constant is 0.1 m as well). */
static inline double cs_paper004_ln_K_as004(const cs_fit_row *r)
{
  return 3.14159265358979323846 * 0.1 * cs_paper004_ln_K(r);
}

/* ---------------------------------------------------------------- 003 ------------------- */

/* 003's rig (Table 1, with the data file's rig_reading): a journal of the convex radius in a
 * bearing `clearance` larger, axial length b, both surfaces of roughness Ra, the equivalent
 * mass moving. */
static inline cs_contact_geometry cs_paper003_rig(const cJSON *paper, double clearance,
                                                  double Ra)
{
  cs_contact_geometry g;
  memset(&g, 0, sizeof g);
  g.shape = CS_CONTACT_LINE;
  g.internal = 1;
  g.R1 = cs_paper_num(paper, "table1/convex_radius_m");
  g.R2 = g.R1 + clearance;
  g.length = cs_paper_num(paper, "rig_reading/length_m");
  g.m1.E = cs_paper_num(paper, "table1/E_Pa");
  g.m1.nu = cs_paper_num(paper, "table1/nu");
  g.m1.yield_strength = cs_paper_num(paper, "rig_reading/yield_strength_Pa");
  g.m1.roughness = Ra;
  g.m2 = g.m1;
  g.mass1 = cs_paper_num(paper, "table1/equivalent_mass_kg");
  return g;
}

/* Row i of 003 table `table` (2, 3, 4): initial velocity, measured and theoretical peak force.
 * Returns the table's row count (0 if there is no such table). */
typedef struct cs_paper003_row {
  double v, measured, theory; /* m/s, N, N */
} cs_paper003_row;

static inline const cJSON *cs_paper003_table(const cJSON *paper, int table)
{
  const cJSON *t;
  cJSON_ArrayForEach(t, cs_paper_get(paper, "tables"))
    if ((int)cs_paper_num(t, "table") == table)
      return t;
  return NULL;
}

static inline int cs_paper003_rows(const cJSON *paper, int table, cs_paper003_row *rows, int max)
{
  const cJSON *t = cs_paper003_table(paper, table), *r;
  int k = 0;
  cJSON_ArrayForEach(r, cs_paper_get(t, "rows"))
  {
    if (k < max)
      rows[k] = (cs_paper003_row){cs_paper_num(r, "0"), cs_paper_num(r, "1"),
                                  cs_paper_num(r, "2")};
    k++;
  }
  return k;
}

/* ---------------------------------------------------------------- 001 ------------------- */

static inline cs_material cs_paper001_steel(double E_GPa, double nu, double sigma_MPa,
                                            double density)
{
  cs_material m = {1e9 * E_GPa, nu, 1e6 * sigma_MPa, 0.0, density, 0.0};
  return m;
}

/* Table 1: the ball (mass, radius, yield strength) on a plate that does not move (Fig. 1). */
static inline cs_contact_geometry cs_paper001_table1(const cJSON *paper)
{
  double sy = cs_paper_num(paper, "table1/yield_strength_MPa");
  cs_contact_geometry g = {
    CS_CONTACT_POINT, 0, cs_paper_num(paper, "table1/radius_m"), 0.0, 0.0,
    cs_paper001_steel(cs_paper_num(paper, "table1/E_ball_GPa"),
                      cs_paper_num(paper, "table1/nu_ball"), sy, 0.0),
    cs_paper001_steel(cs_paper_num(paper, "table1/E_plate_GPa"),
                      cs_paper_num(paper, "table1/nu_plate"), sy, 0.0),
    cs_paper_num(paper, "table1/mass_kg"), 0.0};
  return g;
}

/* Table 2: a ball of `material` ("steel", "aluminum", "copper"; radius 6.75 mm, mass from its
 * density) on a rigid plate (Figs. 4-5): E = ∞ and no mass of its own (it does not move). */
static inline cs_contact_geometry cs_paper001_table2(const cJSON *paper, const char *material)
{
  char key[96];
  double v[4];
  static const char *const field[4] = {"E_GPa", "nu", "yield_strength_MPa", "density_kg_m3"};
  for (int i = 0; i < 4; i++) {
    snprintf(key, sizeof key, "table2/%s/%s", material, field[i]);
    v[i] = cs_paper_num(paper, key);
  }
  double R = cs_paper_num(paper, "table2/radius_m");
  cs_material rigid = {INFINITY, 0.0, 0.0, 0.0, 0.0, 0.0};
  cs_contact_geometry g = {CS_CONTACT_POINT, 0, R, 0.0, 0.0,
                           cs_paper001_steel(v[0], v[1], v[2], v[3]), rigid,
                           v[3] * 4.0 / 3.0 * 3.14159265358979323846 * R * R * R, 0.0};
  return g;
}

/* Table 3: the ball-drop experiment's ball on its plate (which moves: 0.78 kg); `exchanged`
 * swaps the two yield strengths (the finding of tests/unit/contact/test_contact_restitution.c). */
static inline cs_contact_geometry cs_paper001_table3(const cJSON *paper, int exchanged)
{
  const char *b = exchanged ? "table3/plate/yield_strength_MPa" : "table3/ball/yield_strength_MPa";
  const char *p = exchanged ? "table3/ball/yield_strength_MPa" : "table3/plate/yield_strength_MPa";
  cs_contact_geometry g = {
    CS_CONTACT_POINT, 0, cs_paper_num(paper, "table3/ball/radius_m"), 0.0, 0.0,
    cs_paper001_steel(cs_paper_num(paper, "table3/ball/E_GPa"),
                      cs_paper_num(paper, "table3/ball/nu"), cs_paper_num(paper, b),
                      cs_paper_num(paper, "table3/ball/density_kg_m3")),
    cs_paper001_steel(cs_paper_num(paper, "table3/plate/E_GPa"),
                      cs_paper_num(paper, "table3/plate/nu"), cs_paper_num(paper, p),
                      cs_paper_num(paper, "table3/plate/density_kg_m3")),
    cs_paper_num(paper, "table3/ball/mass_kg"), cs_paper_num(paper, "table3/plate/mass_kg")};
  return g;
}

#endif
