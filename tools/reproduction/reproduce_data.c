/*
 * reproduce_data — the series of tools/reproduction/reproduce that no model file expresses, computed with
 * the library from the papers' printed numbers (models/papers/NNN_*.json) and written as CSV
 * for the report's Python side, which only plots and compares:
 *
 *   000_fig7.csv          Wang–Gao restitution error against c_r for each n (000 eq. 32, Fig. 7)
 *   000_stiffness.csv     F_e(δ) of the Wang–Gao, Liu and Hertz laws for Table 1's sockets and
 *                         each n (Fig. 3)
 *   000_energy.csv        the strain energy U(δ) of Wang–Gao (each n) and Hertz (Fig. 4)
 *   000_damping.csv       each hysteresis damping law's factor (F_n − F_e)/δ^{3/2} at
 *                         δ' = δ'(−) against c_r (Fig. 5)
 *   000_dissipation.csv   the energy an impact dissipates against its depth (Fig. 8)
 *   001_fig2.csv          c_r of 001's restitution models against the impact velocity (Fig. 2)
 *   001_yield.csv         each model's yield velocity V_y with Table 1's data
 *   001_ball_drop.csv     the ball drop of 001 §4 (Table 3 as printed and exchanged)
 *   001_drop_sweep.csv    the new model's c_r against the drop height (Fig. 11), both readings
 *   001_materials.csv     c_r of the laws against velocity for Table 2's balls on a rigid plate:
 *                         the steel ball at 400, 600, 800 MPa (Fig. 4), steel, aluminium and
 *                         copper (Fig. 5)
 *   001_ratio.csv         c_r at 5 m/s against the ball's and the plate's yield strength (Fig. 6)
 *   001_fig7.csv          the new model's c_r against E, density and velocity (Fig. 7)
 *   003_tables.csv        the fractal law's peak force for every row of 003 Tables 2–4
 *   004_fits.csv          the power-law fits of 004 Tables 2–9 and 11
 *   004_fig10.csv         penetration at 10 kN/mm on the inner and the outer track of Table 10's
 *                         slot against the clearance, Johnson's and Radzimovsky's laws (Fig. 10)
 *
 *   reproduce_data [--quick] [--papers DIR] OUTDIR
 *
 * --quick thins the sweeps (000: n = 1, 2, 8 and c_r every 0.1; 001: fewer velocities); every
 * printed row is still computed. Exit codes as clearsim's: 0 ok, 1 usage, 2 bad input (a data
 * file), 4 a computation failed, 6 an output file could not be written.
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include "clearsim.h"
#include "cs_papers.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>

#define G_ACC 9.81 /* m/s²: the ball drop's gravity (001 states none) */

enum { EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_SOLVER = 4, EXIT_OUTPUT = 6 };

typedef struct ctx {
  const char *out, *papers;
  int quick;
  cs_registry *reg;
  cs_error err;
  int code; /* first failure's exit code */
} ctx;

static const char *const usage =
  "usage: reproduce_data [--quick] [--papers DIR] OUTDIR\n"
  "\n"
  "Computes the sweeps of tools/reproduction/reproduce that no model file expresses (000 Figs. 3-5, 7, 8;\n"
  "001 Figs. 2, 4-7 and the ball drop; 003 Tables 2-4; 004 Tables 2-9, 11 and Fig. 10) from\n"
  "the papers' data files in DIR (default models/papers) and writes them as CSV files to\n"
  "OUTDIR.\n"
  "  --quick   fewer sweep points (every printed row is still computed)\n";

/* Record the first failure (later ones are consequences) and say it. */
static void fail(ctx *c, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("reproduce_data: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  if (!c->code)
    c->code = code;
}

static FILE *open_csv(ctx *c, const char *name, const char *header)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", c->out, name);
  FILE *f = fopen(path, "w");
  if (!f)
    fail(c, EXIT_OUTPUT, "%s: %s", path, strerror(errno));
  else
    fprintf(f, "%s\n", header);
  return f;
}

static void close_csv(ctx *c, FILE *f, const char *name)
{
  if (f && fclose(f) != 0)
    fail(c, EXIT_OUTPUT, "%s/%s: write error", c->out, name);
}

static cJSON *load_paper(ctx *c, int paper)
{
  char msg[1200];
  cJSON *p = cs_paper_load(c->papers, paper, msg, sizeof msg);
  if (!p)
    fail(c, EXIT_INPUT, "%s", msg);
  return p;
}

/* A law of `family` with the given parameters (others at their defaults) into `params`. */
static const cs_law *law_with(ctx *c, cs_family family, const char *name, int n,
                              const char *const *keys, const double *values, double *params)
{
  const cs_law *law = cs_registry_find(c->reg, family, name);
  if (!law) {
    fail(c, EXIT_INPUT, "no %s law \"%s\"", cs_family_name(family), name);
    return NULL;
  }
  if (cs_law_params(law, n, keys, values, name, params, &c->err) != CS_OK) {
    fail(c, EXIT_INPUT, "%s", c->err.message);
    return NULL;
  }
  return law;
}

/* One impact: geometry g (m* from its masses) at approach speed v with elastic and damping
 * laws (parameters in table order) and a constant c_r; IDAS at rtol 1e-9. */
static int impact(ctx *c, const cs_contact_geometry *g, const cs_law *elastic, const double *ep,
                  const cs_law *damping, const double *dp, double cr, double v,
                  cs_impact_result *r)
{
  double crp[1];
  const cs_law *constant = law_with(c, CS_RESTITUTION, "constant", 1,
                                    (const char *const[]){"cr"}, &cr, crp);
  if (!elastic || !damping || !constant)
    return 0;
  cs_contact_spec spec = {{elastic, damping, constant, NULL}, {ep, dp, crp, NULL}};
  cs_impact_settings set = {1e-9, 0, 0, 0};
  cs_impact *imp = NULL;
  cs_status st = cs_impact_create(g, &spec, v, &set, &imp, &c->err);
  if (st == CS_OK)
    st = cs_impact_run(imp, "", r, &c->err);
  cs_impact_free(imp);
  if (st != CS_OK)
    fail(c, EXIT_SOLVER, "impact %s/%s at %g m/s: %s", elastic->name, damping->name, v,
         c->err.message);
  return st == CS_OK;
}

/* ---------------------------------------------------------------- 000 Fig. 7 ------------- */

/* Wang & Gao's eq. 32 over c_r for each n: their stiffness (eqs. 8–11) and damping (eq. 29),
 * both of index n, the sec. 4 ball (1 kg, 0.3 m/s) in the 50.5 mm socket of Table 1. */
static void fig7_000(ctx *c)
{
  cJSON *p = load_paper(c, 0);
  FILE *f = p ? open_csv(c, "000_fig7.csv", "n,cr,e_eff,error_pct") : NULL;
  if (!f) {
    cJSON_Delete(p);
    return;
  }
  cs_material steel = {cs_paper_num(p, "table1/E_Pa"), cs_paper_num(p, "table1/nu"), 0, 0, 0, 0};
  cs_contact_geometry g = {CS_CONTACT_POINT, 1, cs_paper_num(p, "table1/ball_radius_m"),
                           cs_paper_num(p, "section_4/socket_radius_m"), 0.0, steel, steel,
                           cs_paper_num(p, "section_4/ball_mass_kg"), 0.0};
  double v = cs_paper_num(p, "section_4/velocity_m_s");
  int nn = cs_paper_count(p, "figure7/n");
  for (int i = 0; i < nn; i++) {
    char path[32];
    snprintf(path, sizeof path, "figure7/n/%d", i);
    double n = cs_paper_num(p, path), ep[4], dp[4];
    if (c->quick && i > 1 && i < nn - 1) /* the first two and the last */
      continue;
    const cs_law *el = law_with(c, CS_ELASTIC, "wang_gao", 1, (const char *const[]){"n"}, &n, ep);
    const cs_law *dm = law_with(c, CS_DAMPING, "wang_gao", 1, (const char *const[]){"n"}, &n, dp);
    double step = c->quick ? 0.1 : 0.05;
    for (double cr = 0.3; cr <= 1.0 + 1e-9; cr += step) {
      cs_impact_result r;
      double crr = round(cr * 100) / 100;
      if (!impact(c, &g, el, ep, dm, dp, crr, v, &r))
        break;
      fprintf(f, "%g,%.2f,%.9g,%.6g\n", n, crr, r.e_eff, 100 * fabs(crr - r.e_eff) / crr);
    }
  }
  close_csv(c, f, "000_fig7.csv");
  cJSON_Delete(p);
}

/* ---------------------------------------------------------------- 000 Figs. 3-5, 8 ------ */

/* Table 1's ball (50 mm, the §4 mass) in a socket of radius Rs. */
static cs_contact_geometry socket_000(const cJSON *p, double Rs)
{
  cs_material steel = {cs_paper_num(p, "table1/E_Pa"), cs_paper_num(p, "table1/nu"), 0, 0, 0, 0};
  cs_contact_geometry g = {CS_CONTACT_POINT, 1, cs_paper_num(p, "table1/ball_radius_m"), Rs,
                           0.0, steel, steel, cs_paper_num(p, "section_4/ball_mass_kg"), 0.0};
  return g;
}

/* A law of `family` with index n (the Steuermann laws and Wang–Gao's damping) or its defaults,
 * made for g; NULL after a reported failure. */
static void *make_law(ctx *c, cs_family family, const char *name, double n,
                      const cs_contact_geometry *g, const cs_law **law, double *params)
{
  int with_n = !strcmp(name, "wang_gao") || !strcmp(name, "liu");
  void *content = NULL;
  *law = law_with(c, family, name, with_n, (const char *const[]){"n"}, &n, params);
  if (*law && (*law)->create(params, g, &content, &c->err) != CS_OK) {
    fail(c, EXIT_INPUT, "%s: %s", name, c->err.message);
    content = NULL;
  }
  return content;
}

/* Fig. 3: the elastic force of each law over 0 < δ ≤ 50 µm, every socket of Table 1, each n;
 * Fig. 4: their strain energy in the §4 socket. */
static void elastic_000(ctx *c, const cJSON *p)
{
  FILE *f = open_csv(c, "000_stiffness.csv", "socket_m,n,delta_m,F_wang_gao,F_liu,F_hertz");
  FILE *u = open_csv(c, "000_energy.csv", "n,delta_m,U_wang_gao,U_hertz");
  int ns = cs_paper_count(p, "table1/socket_radii_m"), nn = cs_paper_count(p, "figure7/n");
  int npt = c->quick ? 11 : 51;
  double R4 = cs_paper_num(p, "section_4/socket_radius_m");
  for (int s = 0; f && u && s < ns; s++)
    for (int i = 0; i < nn; i++) {
      char path[40];
      snprintf(path, sizeof path, "table1/socket_radii_m/%d", s);
      double Rs = cs_paper_num(p, path), prm[3][4];
      snprintf(path, sizeof path, "figure7/n/%d", i);
      double n = cs_paper_num(p, path);
      if (c->quick && i > 1 && i < nn - 1)
        continue;
      cs_contact_geometry g = socket_000(p, Rs);
      const cs_law *law[3];
      static const char *const name[3] = {"wang_gao", "liu", "hertz"};
      void *content[3];
      for (int k = 0; k < 3; k++)
        content[k] = make_law(c, CS_ELASTIC, name[k], n, &g, &law[k], prm[k]);
      for (int j = 1; content[0] && content[1] && content[2] && j <= npt; j++) {
        double d = 50e-6 * j / npt, F[3];
        for (int k = 0; k < 3; k++)
          F[k] = law[k]->elastic(content[k], d, NULL);
        fprintf(f, "%g,%g,%.6g,%.9g,%.9g,%.9g\n", Rs, n, d, F[0], F[1], F[2]);
        if (fabs(Rs - R4) < 1e-12)
          fprintf(u, "%g,%.6g,%.9g,%.9g\n", n, d, law[0]->energy(content[0], d),
                  law[2]->energy(content[2], d));
      }
      for (int k = 0; k < 3; k++)
        if (content[k])
          law[k]->destroy(content[k]);
    }
  close_csv(c, f, "000_stiffness.csv");
  close_csv(c, u, "000_energy.csv");
}

/* Fig. 5: (F_n − F_e)/δ^{3/2} of each damping law at δ' = δ'(−) with the Hertz F_e of the §4
 * socket: χ(c_r) K_h for the Hunt–Crossley family, Wang–Gao's 50 H (1 − c_r)/(13 c_r). */
static void damping_000(ctx *c, const cJSON *p)
{
  static const char *const model[] = {"lankarani_nikravesh", "flores", "gonthier",
                                      "gonthier_approx", "hu_guo", "wang_gao"};
  FILE *f = open_csv(c, "000_damping.csv", "model,n,cr,factor");
  cs_contact_geometry g = socket_000(p, cs_paper_num(p, "section_4/socket_radius_m"));
  const cs_law *hz;
  double hp[4], dp[4], d = 1e-5, v = cs_paper_num(p, "section_4/velocity_m_s");
  void *hc = make_law(c, CS_ELASTIC, "hertz", 0, &g, &hz, hp);
  int nn = cs_paper_count(p, "figure7/n");
  for (size_t m = 0; f && hc && m < sizeof model / sizeof model[0]; m++)
    for (int i = 0; i < (strcmp(model[m], "wang_gao") ? 1 : nn); i++) {
      char path[32];
      snprintf(path, sizeof path, "figure7/n/%d", i);
      double n = cs_paper_num(p, path), dFe;
      const cs_law *law;
      void *content = make_law(c, CS_DAMPING, model[m], n, &g, &law, dp);
      if (!content)
        break;
      double Fe = hz->elastic(hc, d, &dFe);
      for (int k = 1; k <= 19; k++) {
        double cr = 0.05 * k;
        cs_normal_in in = {d, v, v, cr, d, Fe, dFe, g.mass1};
        double Fn = law->normal(content, &in, NULL, NULL);
        fprintf(f, "%s,%g,%.2f,%.9g\n", model[m], strcmp(model[m], "wang_gao") ? 0.0 : n, cr,
                (Fn - Fe) / pow(d, 1.5));
      }
      law->destroy(content);
    }
  if (hc)
    hz->destroy(hc);
  close_csv(c, f, "000_damping.csv");
}

/* Fig. 8: the energy each model dissipates in the §4 impact (c_r of §4) over impact speeds
 * 0.05–1 m/s, against the impact's depth. */
static void dissipation_000(ctx *c, const cJSON *p)
{
  FILE *f = open_csv(c, "000_dissipation.csv", "model,n,v_m_s,delta_max_m,dissipated_J");
  cs_contact_geometry g = socket_000(p, cs_paper_num(p, "section_4/socket_radius_m"));
  double cr = cs_paper_num(p, "section_4/restitution");
  static const struct {
    const char *elastic, *damping, *label;
    double n;
  } model[] = {{"hertz", "lankarani_nikravesh", "lankarani_nikravesh", 0},
               {"hertz", "flores", "flores", 0},
               {"wang_gao", "wang_gao", "wang_gao", 1},
               {"wang_gao", "wang_gao", "wang_gao", 2},
               {"wang_gao", "wang_gao", "wang_gao", 4},
               {"wang_gao", "wang_gao", "wang_gao", 8}};
  int nv = c->quick ? 3 : 7;
  for (size_t m = 0; f && m < sizeof model / sizeof model[0]; m++) {
    if (c->quick && model[m].n == 4)
      continue;
    double ep[4], dp[4], n = model[m].n;
    int with_n = n > 0;
    const cs_law *el = law_with(c, CS_ELASTIC, model[m].elastic, with_n,
                                (const char *const[]){"n"}, &n, ep);
    const cs_law *dm = law_with(c, CS_DAMPING, model[m].damping, with_n,
                                (const char *const[]){"n"}, &n, dp);
    for (int k = 0; k < nv; k++) {
      double v = 0.05 * pow(20.0, (double)k / (nv - 1));
      cs_impact_result r;
      if (!impact(c, &g, el, ep, dm, dp, cr, v, &r))
        break;
      fprintf(f, "%s,%g,%.6g,%.9g,%.9g\n", model[m].label, n, v, r.delta_max, r.dissipated);
    }
  }
  close_csv(c, f, "000_dissipation.csv");
}

static void laws_000(ctx *c)
{
  cJSON *p = load_paper(c, 0);
  if (p) {
    elastic_000(c, p);
    damping_000(c, p);
    dissipation_000(c, p);
  }
  cJSON_Delete(p);
}

/* ---------------------------------------------------------------- 001 -------------------- */

/* A restitution law of the registry made for geometry g (defaults); NULL on failure. */
static void *restitution_law(ctx *c, const char *name, const cs_contact_geometry *g,
                             const cs_law **law)
{
  double params[8];
  void *content = NULL;
  *law = law_with(c, CS_RESTITUTION, name, 0, NULL, NULL, params);
  if (*law && (*law)->create(params, g, &content, &c->err) != CS_OK) {
    fail(c, EXIT_INPUT, "%s: %s", name, c->err.message);
    content = NULL;
  }
  return content;
}

static double restitution(const cs_law *law, void *content, const cs_contact_geometry *g,
                          double v)
{
  cs_impact_in in = {v, g};
  return law->restitution(content, &in);
}

/* V_y as the law reports it ("… v_y=<value> m/s"), NAN when it reports none. */
static double reported_vy(const cs_law *law, void *content)
{
  char buf[512] = "";
  if (law->report)
    law->report(content, buf, sizeof buf);
  const char *at = strstr(buf, "v_y=");
  return at ? strtod(at + 4, NULL) : NAN;
}

enum { NMODEL001 = 8 };

/* Fig. 2: c_r(V) of each model 001 compares, Table 1's ball on a fixed plate. */
static void fig2_001(ctx *c, const cJSON *p)
{
  cs_contact_geometry g = cs_paper001_table1(p);
  int nm = cs_paper_count(p, "figure2/models");
  const cs_law *law[NMODEL001];
  void *content[NMODEL001] = {0};
  char header[512] = "v_m_s", path[64];
  if (nm > NMODEL001) {
    fail(c, EXIT_INPUT, "001 figure2/models: at most %d", NMODEL001);
    return;
  }
  FILE *vy = open_csv(c, "001_yield.csv", "model,v_y_m_s");
  for (int i = 0; i < nm; i++) {
    snprintf(path, sizeof path, "figure2/models/%d", i);
    const char *name = cs_paper_str(p, path);
    content[i] = restitution_law(c, name, &g, &law[i]);
    if (!content[i])
      nm = i; /* stop at the first failure; it is reported */
    else {
      snprintf(header + strlen(header), sizeof header - strlen(header), ",%s", name);
      if (vy)
        fprintf(vy, "%s,%.9g\n", name, reported_vy(law[i], content[i]));
    }
  }
  close_csv(c, vy, "001_yield.csv");
  FILE *f = open_csv(c, "001_fig2.csv", header);
  int npt = c->quick ? 41 : 161;
  for (int k = 0; f && k < npt; k++) {
    double v = 1e-3 * pow(1e4, (double)k / (npt - 1)); /* 1 mm/s … 10 m/s */
    fprintf(f, "%.6g", v);
    for (int i = 0; i < nm; i++)
      fprintf(f, ",%.9g", restitution(law[i], content[i], &g, v));
    fputc('\n', f);
  }
  close_csv(c, f, "001_fig2.csv");
  for (int i = 0; i < nm; i++)
    law[i]->destroy(content[i]);
}

/* §4: the ball dropped from h0 on the plate of Table 3 rebounds to c_r² h0:
 * the new model with Table 3 as printed and with the yield strengths exchanged, and
 * Jackson–Green (which ignores the plate) for comparison. */
static void ball_drop_001(ctx *c, const cJSON *p)
{
  double h0 = cs_paper_num(p, "ball_drop/drop_height_m"), v = sqrt(2.0 * G_ACC * h0);
  FILE *f = open_csv(c, "001_ball_drop.csv",
                     "case,model,ball_yield_MPa,plate_yield_MPa,v_impact_m_s,cr,bounce_m");
  static const struct {
    const char *label, *model;
    int exchanged;
  } cases[] = {{"as printed", "liu_chen_shi", 0},
               {"yield strengths exchanged", "liu_chen_shi", 1},
               {"as printed", "jackson_green", 0}};
  for (size_t i = 0; f && i < sizeof cases / sizeof cases[0]; i++) {
    cs_contact_geometry g = cs_paper001_table3(p, cases[i].exchanged);
    const cs_law *law;
    void *content = restitution_law(c, cases[i].model, &g, &law);
    if (!content)
      break;
    double e = restitution(law, content, &g, v);
    fprintf(f, "%s,%s,%g,%g,%.9g,%.9g,%.9g\n", cases[i].label, cases[i].model,
            1e-6 * g.m1.yield_strength, 1e-6 * g.m2.yield_strength, v, e, e * e * h0);
    law->destroy(content);
  }
  close_csv(c, f, "001_ball_drop.csv");
  /* the new model against the drop height (001 Fig. 11), both readings of Table 3 */
  f = open_csv(c, "001_drop_sweep.csv", "drop_m,cr_printed,cr_exchanged");
  int npt = c->quick ? 10 : 46;
  for (int k = 0; f && k < npt; k++) {
    double h = 0.1 + 0.9 * k / (npt - 1), e[2];
    for (int x = 0; x < 2; x++) {
      cs_contact_geometry g = cs_paper001_table3(p, x);
      const cs_law *law;
      void *content = restitution_law(c, "liu_chen_shi", &g, &law);
      e[x] = content ? restitution(law, content, &g, sqrt(2.0 * G_ACC * h)) : NAN;
      if (content)
        law->destroy(content);
    }
    fprintf(f, "%.6g,%.9g,%.9g\n", h, e[0], e[1]);
  }
  close_csv(c, f, "001_drop_sweep.csv");
}

/* One row of c_r(V) per velocity for the laws of Fig. 2 with geometry g, tagged `label`. */
static void materials_rows(ctx *c, FILE *f, const cJSON *p, const char *label,
                           const cs_contact_geometry *g)
{
  int nm = cs_paper_count(p, "figures4_5/models");
  const cs_law *law[NMODEL001];
  void *content[NMODEL001] = {0};
  char path[64];
  for (int i = 0; i < nm && i < NMODEL001; i++) {
    snprintf(path, sizeof path, "figures4_5/models/%d", i);
    content[i] = restitution_law(c, cs_paper_str(p, path), g, &law[i]);
    if (!content[i])
      nm = i;
  }
  int npt = c->quick ? 21 : 81;
  for (int k = 0; k < npt; k++) {
    double v = 1e-2 * pow(1e3, (double)k / (npt - 1)); /* 1 cm/s … 10 m/s */
    fprintf(f, "%s,%.6g", label, v);
    for (int i = 0; i < nm; i++)
      fprintf(f, ",%.9g", restitution(law[i], content[i], g, v));
    fputc('\n', f);
  }
  for (int i = 0; i < nm; i++)
    law[i]->destroy(content[i]);
}

/* Figs. 4–5: Table 2's balls on a rigid plate — the steel ball at the yield strengths of §3.2
 * (400, 600, 800 MPa), then each material as Table 2 prints it. */
static void materials_001(ctx *c, const cJSON *p)
{
  char header[512] = "case,v_m_s", path[64], label[64];
  int nm = cs_paper_count(p, "figures4_5/models");
  for (int i = 0; i < nm && i < NMODEL001; i++) {
    snprintf(path, sizeof path, "figures4_5/models/%d", i);
    snprintf(header + strlen(header), sizeof header - strlen(header), ",%s",
             cs_paper_str(p, path));
  }
  FILE *f = open_csv(c, "001_materials.csv", header);
  int ns = cs_paper_count(p, "figures4_5/yield_strengths_MPa");
  for (int i = 0; f && i < ns; i++) {
    cs_contact_geometry g = cs_paper001_table2(p, "steel");
    snprintf(path, sizeof path, "figures4_5/yield_strengths_MPa/%d", i);
    g.m1.yield_strength = 1e6 * cs_paper_num(p, path);
    snprintf(label, sizeof label, "steel %g MPa", 1e-6 * g.m1.yield_strength);
    materials_rows(c, f, p, label, &g);
  }
  static const char *const material[] = {"steel", "aluminum", "copper"};
  for (int i = 0; f && i < 3; i++) {
    cs_contact_geometry g = cs_paper001_table2(p, material[i]);
    materials_rows(c, f, p, material[i], &g);
  }
  close_csv(c, f, "001_materials.csv");
}

/* Fig. 6 (§3.3): a steel ball (Table 2) on a steel plate at 5 m/s, one yield strength held at
 * 400 MPa and the other from 400 to 1600 MPa (k up to 4: past eq. 14's 3): the new model (eqs.
 * 14–15) and Jackson–Green. */
static void ratio_001(ctx *c, const cJSON *p)
{
  FILE *f = open_csv(c, "001_ratio.csv",
                     "varied,ball_MPa,plate_MPa,k,cr_liu_chen_shi,cr_jackson_green");
  double v = cs_paper_num(p, "figure6/velocity_m_s");
  double held = 1e6 * cs_paper_num(p, "figure6/held_MPa");
  int npt = c->quick ? 13 : 49;
  for (int side = 0; f && side < 2; side++)
    for (int k = 0; k < npt; k++) {
      double s = held * (1.0 + 3.0 * k / (npt - 1));
      cs_contact_geometry g = cs_paper001_table2(p, "steel");
      g.m2 = g.m1; /* a steel plate, fixed (its mass 0) */
      g.m1.yield_strength = side ? s : held;
      g.m2.yield_strength = side ? held : s;
      double e[2];
      static const char *const model[] = {"liu_chen_shi", "jackson_green"};
      for (int m = 0; m < 2; m++) {
        const cs_law *law;
        void *content = restitution_law(c, model[m], &g, &law);
        e[m] = content ? restitution(law, content, &g, v) : NAN;
        if (content)
          law->destroy(content);
      }
      fprintf(f, "%s,%g,%g,%.6g,%.9g,%.9g\n", side ? "ball" : "plate",
              1e-6 * g.m1.yield_strength, 1e-6 * g.m2.yield_strength,
              g.m1.yield_strength / g.m2.yield_strength, e[0], e[1]);
    }
  close_csv(c, f, "001_ratio.csv");
}

/* Fig. 7 (§3.3): the new model for Table 2's steel ball on a steel plate of 400 MPa, the ball at
 * 400 and 1200 MPa, one of E (both bodies), density and velocity varied over the data file's
 * reading, the others at Table 2's steel and 5 m/s. */
static void fig7_001(ctx *c, const cJSON *p)
{
  FILE *f = open_csv(c, "001_fig7.csv", "varied,value,ball_MPa,cr");
  static const char *const what[3] = {"E_GPa", "density", "velocity"};
  static const char *const range[3] = {"figure7/E_GPa_reading", "figure7/density_reading",
                                       "figure7/velocity_reading"};
  int npt = c->quick ? 6 : 24, nb = cs_paper_count(p, "figure7/ball_MPa");
  double v0 = cs_paper_num(p, "figure7/velocity_m_s");
  for (int w = 0; f && w < 3; w++)
    for (int b = 0; b < nb; b++)
      for (int k = 0; k < npt; k++) {
        char path[48];
        snprintf(path, sizeof path, "%s/0", range[w]);
        double lo = cs_paper_num(p, path);
        snprintf(path, sizeof path, "%s/1", range[w]);
        double hi = cs_paper_num(p, path), x = lo * pow(hi / lo, (double)k / (npt - 1)), v = v0;
        snprintf(path, sizeof path, "figure7/ball_MPa/%d", b);
        cs_contact_geometry g = cs_paper001_table2(p, "steel");
        g.m2 = g.m1; /* a steel plate, fixed */
        g.m1.yield_strength = 1e6 * cs_paper_num(p, path);
        g.m2.yield_strength = 1e6 * cs_paper_num(p, "figure7/plate_MPa");
        if (w == 0)
          g.m1.E = g.m2.E = 1e9 * x;
        else if (w == 1) {
          g.m1.density = x;
          g.mass1 = x * 4.0 / 3.0 * 3.14159265358979323846 * g.R1 * g.R1 * g.R1;
        } else
          v = x;
        const cs_law *law;
        void *content = restitution_law(c, "liu_chen_shi", &g, &law);
        if (!content) {
          close_csv(c, f, "001_fig7.csv");
          return;
        }
        fprintf(f, "%s,%.6g,%g,%.9g\n", what[w], x, 1e-6 * g.m1.yield_strength,
                restitution(law, content, &g, v));
        law->destroy(content);
      }
  close_csv(c, f, "001_fig7.csv");
}

/* ---------------------------------------------------------------- 003 -------------------- */

/* Every row of Tables 2–4: the fractal law (Table 1's λ, the rest its defaults: D, G from
 * the table's Ra, K = 2.8) with L-N damping at Table 1's c_r, the rig's mass at the row's
 * measured velocity. The measured and theoretical columns are copied for the plots. */
static void tables_003(ctx *c)
{
  cJSON *p = load_paper(c, 3);
  FILE *f = p ? open_csv(c, "003_tables.csv",
                         "table,row,v_m_s,measured_N,theory_N,fractal_N,fractal_e") : NULL;
  if (!f) {
    cJSON_Delete(p);
    return;
  }
  double lambda = cs_paper_num(p, "table1/area_scale_coefficient");
  double cr = cs_paper_num(p, "table1/restitution"), ep[8], dp[4];
  const cs_law *el = law_with(c, CS_ELASTIC, "fractal", 1, (const char *const[]){"lambda"},
                              &lambda, ep);
  const cs_law *dm = law_with(c, CS_DAMPING, "lankarani_nikravesh", 0, NULL, NULL, dp);
  const cJSON *t;
  cJSON_ArrayForEach(t, cs_paper_get(p, "tables"))
  {
    int table = (int)cs_paper_num(t, "table");
    cs_paper003_row rows[64];
    int n = cs_paper003_rows(p, table, rows, 64);
    cs_contact_geometry g = cs_paper003_rig(p, cs_paper_num(t, "clearance_m"),
                                            cs_paper_num(t, "Ra_m"));
    for (int i = 0; i < n && i < 64; i++) {
      cs_impact_result r;
      if (!impact(c, &g, el, ep, dm, dp, cr, rows[i].v, &r))
        break;
      fprintf(f, "%d,%d,%g,%g,%g,%.9g,%.9g\n", table, i + 1, rows[i].v, rows[i].measured,
              rows[i].theory, r.F_max, r.e_eff);
    }
  }
  close_csv(c, f, "003_tables.csv");
  cJSON_Delete(p);
}

/* ---------------------------------------------------------------- 004 -------------------- */

/* Fig. 10: one law's penetration at the load W (per mm of length) for the pin of radius
 * R_c − clearance against the slot's outer track (internal, ΔR = R_o − R_p) and inner track
 * (external, ΔR = R_i + R_p), L = 1 mm. */
static void fig10_004(ctx *c, const cJSON *p)
{
  FILE *f = open_csv(c, "004_fig10.csv", "law,material,clearance_mm,delta_int_m,delta_ext_m");
  double W = cs_paper_num(p, "figure10/load_N_per_mm"), L = 1e-3;
  double lo = cs_paper_num(p, "figure10/clearance_mm_reading/0");
  double hi = cs_paper_num(p, "figure10/clearance_mm_reading/1");
  double Ri = 1e-3 * cs_paper_num(p, "table10/R_i_mm");
  double Ro = 1e-3 * cs_paper_num(p, "table10/R_o_mm");
  double Rc = 1e-3 * cs_paper_num(p, "table10/R_c_mm");
  static const char *const material[] = {"steel", "aluminum"};
  int nl = cs_paper_count(p, "figure10/laws"), npt = c->quick ? 5 : 20;
  for (int l = 0; f && l < nl; l++)
    for (int m = 0; m < 2; m++)
      for (int k = 0; k < npt; k++) {
        char path[32];
        snprintf(path, sizeof path, "figure10/laws/%d", l);
        const char *name = cs_paper_str(p, path);
        double clr = 1e-3 * (lo + (hi - lo) * k / (npt - 1)), d[2], fr = 0.0;
        cs_material mat = cs_paper004_material(p, material[m]);
        for (int side = 0; side < 2; side++) {
          cs_contact_geometry g = {CS_CONTACT_LINE, !side, Rc - clr, side ? Ri : Ro, L, mat, mat,
                                   1.0, 0.0};
          void *content = NULL;
          double prm[4];
          const cs_law *law = law_with(c, CS_ELASTIC, name, 1, (const char *const[]){"fit_range"},
                                       &fr, prm);
          if (!law || law->create(prm, &g, &content, &c->err) != CS_OK) {
            fail(c, EXIT_INPUT, "%s: %s", name, c->err.message);
            close_csv(c, f, "004_fig10.csv");
            return;
          }
          double dd;
          d[side] = cs_loglaw_delta(content, W * L * 1e3, &dd);
          law->destroy(content);
        }
        fprintf(f, "%s,%s,%.6g,%.9g,%.9g\n", name, material[m], 1e3 * clr, d[0], d[1]);
      }
  close_csv(c, f, "004_fig10.csv");
}

/* Every row of Tables 2–9 and 11: our law's fit ("ours"), and where the row's finding says
 * 004 computed it otherwise, the fit as 004 did ("004"); the row's tolerances (cs_papers.h).
 * Lankarani–Nikravesh is explicit: K = (4/3) E* √R*, n = 1.5. */
static void fits_004(ctx *c)
{
  cJSON *p = load_paper(c, 4);
  FILE *f = p ? open_csv(c, "004_fits.csv",
                         "table,law,material,region,dR_printed_mm,finding,K_printed,K_digits,"
                         "K_target,K_tol,n_printed,n_decimals,n_tol,err_printed,K_ours,n_ours,err_ours,"
                         "valid_ours,K_004,n_004,err_004") : NULL;
  if (!f) {
    cJSON_Delete(p);
    return;
  }
  cs_fit_row rows[80];
  int n = cs_paper004_rows(p, rows, 80);
  for (int i = 0; i < n && i < 80; i++) {
    const cs_fit_row *r = &rows[i];
    cs_fit ours = {cs_paper004_ln_K(r), 1.5, 0.0, 1}, as004 = {NAN, NAN, NAN, 0};
    int quirk = !strcmp(r->finding, "goldsmith_c") || !strcmp(r->finding, "esdu_minus");
    if (!strcmp(r->law, "lankarani_nikravesh"))
      as004 = (cs_fit){cs_paper004_ln_K_as004(r), 1.5, 0.0, 1};
    else {
      ours = cs_paper004_fit(p, c->reg, r, 0, &c->err);
      if (quirk)
        as004 = cs_paper004_fit(p, c->reg, r, 1, &c->err);
      if (isnan(ours.K) || (quirk && isnan(as004.K))) {
        fail(c, EXIT_SOLVER, "004 Table %d %s: %s", r->table, r->law, c->err.message);
        break;
      }
    }
    fprintf(f, "%d,%s,%s,%s,%g,%s,%.6g,%d,%.6g,%.6g,%.6g,%d,%.6g,%.6g,%.9g,%.9g,%.6g,%d,%.9g,"
               "%.9g,%.6g\n",
            r->table, r->law, r->material, r->region, r->dR_printed, r->finding, r->K, r->K_digits,
            cs_paper004_K_target(r), cs_paper004_K_tol(r), r->n, r->n_decimals,
            cs_paper004_n_tol(r), r->err,
            ours.K, ours.n, ours.err, ours.valid, as004.K, as004.n, as004.err);
  }
  close_csv(c, f, "004_fits.csv");
  if (p)
    fig10_004(c, p);
  cJSON_Delete(p);
}

/* ---------------------------------------------------------------- main ------------------- */

int main(int argc, char **argv)
{
  ctx c = {NULL, NULL, 0, NULL, {0}, 0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(argv[i], "--quick")) {
      c.quick = 1;
    } else if (!strcmp(argv[i], "--papers") && i + 1 < argc) {
      c.papers = argv[++i];
    } else if (argv[i][0] == '-' || c.out) {
      fprintf(stderr, "reproduce_data: unexpected argument \"%s\"\n%s", argv[i], usage);
      return EXIT_USAGE;
    } else {
      c.out = argv[i];
    }
  }
  if (!c.out) {
    fputs(usage, stderr);
    return EXIT_USAGE;
  }
  if (mkdir(c.out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "reproduce_data: %s: %s\n", c.out, strerror(errno));
    return EXIT_OUTPUT;
  }
  c.reg = cs_registry_new();
  if (!c.reg) {
    fputs("reproduce_data: out of memory\n", stderr);
    return EXIT_SOLVER;
  }
  fig7_000(&c);
  laws_000(&c);
  cJSON *p001 = load_paper(&c, 1);
  if (p001) {
    fig2_001(&c, p001);
    ball_drop_001(&c, p001);
    materials_001(&c, p001);
    ratio_001(&c, p001);
    fig7_001(&c, p001);
  }
  cJSON_Delete(p001);
  tables_003(&c);
  fits_004(&c);
  cs_registry_free(c.reg);
  return c.code;
}
