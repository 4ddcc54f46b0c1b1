/* test_bench_li2018.c — benchmark: the journal–sleeve impact of Li, Han, Wang, Sun & Li 2018
 * (003 §3, Tables 1, 3, 4) through the full revolute clearance joint
 * (models/li2018_{fractal,ln}_{c05,c1}.json).
 *
 * A free journal (0.85 kg, no gravity) starts at the centre of a fixed sleeve and hits its
 * wall once, at every initial velocity of Tables 3 (c = 0.5 mm, Ra = 6.3 µm) and 4 (c = 1 mm,
 * Ra = 3.2 µm), with the fractal law (elastic "fractal", L-N damping, c_r = 0.46: 003's
 * modified model) and with L-N (003's comparison model). The velocities are set by editing the
 * loaded model's initial velocity. Judged against:
 *  - the same impact integrated by the tests' RK45 (cs_rk45.h) on the joint's own contact model
 *    (independent integrator and event location; the joint's kinematics reduced to δ = x − c);
 *  - the paper's theoretical column: not reproduced in level. tests/unit/contact/test_contact_fractal.c
 *    found, on the one-degree-of-freedom impact, the law's peaks 1.65–1.96 times the paper's
 *    (Table 3 1.78 ± 4 %, Table 4 1.93 ± 4 %; why: see there). The full joint must show the
 *    same factor — the joint adds no force of its own — and it is pinned, not tuned. Found:
 *    1.750–1.811 (Table 3), 1.900–1.965 (Table 4); 0 of 51 rows within ±10 % of the measured
 *    force (the paper's theory: 51). L-N with the same damping peaks 4.2–5.1 times higher than
 *    the fractal law here, and both return e = 0.715 for c_r = 0.46 (L-N damping's known
 *    excess at low c_r). Table 2 is left out: its measured column is Table 3's experiment
 *    retyped and its theory column scatters ±4 % about any smooth curve
 *    (test_contact_fractal.c).
 *  - §4.1's clearance comparison (test_clearances) and the four model files' peaks (regression,
 *    our run). */
#include "cs_bench.h"
#include "cs_clearance.h"
#include "cs_papers.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* 003 Tables 3 and 4 (models/papers/003_li_2018.json, as tests/unit/contact/test_contact_fractal.c reads
 * them): measured initial velocity, measured maximum contact force, the paper's theoretical
 * maximum force; and the finding both tests hold the fractal law to (fractal peak / paper's
 * theory per table). Read by load_tables(). */
typedef cs_paper003_row row;
enum { MAXROW = 40 };
static row table3[MAXROW], table4[MAXROW];

typedef struct table {
  int number, expect;              /* 003 table, rows it prints */
  const char *fractal, *ln;        /* model files */
  int file_row;                    /* the row whose velocity the model files carry (0-based) */
  row *rows;
  char name[64];                   /* the rest from the data file */
  int n;
  double clearance, factor, tol;
} table;

static table tables[2] = {
  {.number = 3, .expect = 21, .fractal = "models/li2018_fractal_c05.json",
   .ln = "models/li2018_ln_c05.json", .file_row = 10, .rows = table3},
  {.number = 4, .expect = 30, .fractal = "models/li2018_fractal_c1.json",
   .ln = "models/li2018_ln_c1.json", .file_row = 15, .rows = table4},
};

/* Tables 3 and 4 and their finding from the data file; 0 if it is short of either. */
static int load_tables(void)
{
  char msg[1200];
  cJSON *paper = cs_paper_load(NULL, 3, msg, sizeof msg);
  int ok = paper != NULL;
  CHECK(paper != NULL, "003's data file: %s", paper ? "" : msg);
  for (int k = 0; k < 2 && paper; k++) {
    table *tb = &tables[k];
    const cJSON *t = cs_paper003_table(paper, tb->number), *f;
    tb->n = cs_paper003_rows(paper, tb->number, tb->rows, MAXROW);
    tb->clearance = cs_paper_num(t, "clearance_m");
    snprintf(tb->name, sizeof tb->name, "Table %d (c = %g mm, Ra = %g um)", tb->number,
             1e3 * tb->clearance, 1e6 * cs_paper_num(t, "Ra_m"));
    tb->factor = tb->tol = NAN;
    cJSON_ArrayForEach(f, cs_paper_get(paper, "findings/theory_ratio"))
      if ((int)cs_paper_num(f, "table") == tb->number)
        tb->factor = cs_paper_num(f, "factor"), tb->tol = cs_paper_num(f, "tol");
    int good = tb->n == tb->expect && tb->clearance > 0 && tb->factor > 1 && tb->tol > 0;
    CHECK(good, "003 data file: Table %d has %d rows (want %d), c = %g m, finding %g +- %g",
          tb->number, tb->n, tb->expect, tb->clearance, tb->factor, tb->tol);
    ok = ok && good;
  }
  cJSON_Delete(paper);
  return ok;
}

static const double MSTAR = 0.85; /* Table 1: equivalent mass; the journal's mass here */

typedef struct impact {
  double F, F_ref, e, e_ref, t_c;
  long steps;
} impact;

/* One impact at velocity v: the journal crosses the clearance in c/v; after a contact of t_c
 * (the reference's) it flies back at e·v and reaches the far wall 2c/(e v) later: a run to
 * 2c/v + t_c holds exactly one contact, which must have closed. (The fractal law is soft: its
 * contacts last up to 0.57 ms, as long as the crossing.) */
static impact one_impact(cs_model *m, double v, double c, const char *what, double mass)
{
  impact r = {0};
  cs_rk45_out ref = bench_reference(&m->clearances[0], mass, v, &r.F_ref);
  r.e_ref = ref.e;
  m->bodies[cs_model_body_index(m, "journal")].v0[0] = v;
  cs_sim *s = start(m);
  bench_advance(s, 2 * c / v + ref.t_contact, what);
  cs_contact_event ev = {0};
  int nev = cs_sim_event_count(s);
  CHECK(nev == 1, "%s: one contact (got %d)", what, nev);
  if (nev > 0)
    cs_sim_event(s, 0, &ev);
  CHECK(isfinite(ev.t_off), "%s: the contact closed", what);
  CHECK_REL(ev.impact_velocity, v, 1e-8, what);
  double vel[3];
  cs_sim_body_velocity(s, cs_model_body_index(m, "journal"), vel);
  cs_energy en;
  cs_sim_energy(s, &en);
  char w[160];
  snprintf(w, sizeof w, "%s: energy balance within 1e-7 of the kinetic energy", what);
  CHECK_NEAR(en.balance_error, 0.0, 1e-7 * 0.5 * mass * v * v, w);
  cs_stats st;
  cs_sim_stats(s, &st);
  r.steps = st.steps;
  r.F = ev.max_force;
  r.e = hypot(vel[0], vel[1]) / v;
  r.t_c = ev.t_off - ev.t_on;
  snprintf(w, sizeof w, "%s: peak force vs RK45 of the same contact model", what);
  CHECK_REL(r.F, r.F_ref, 2e-4, w);
  snprintf(w, sizeof w, "%s: restitution vs RK45", what);
  CHECK_REL(r.e, r.e_ref, 1e-6, w);
  snprintf(w, sizeof w, "%s: contact time vs RK45", what);
  CHECK_REL(r.t_c, ref.t_contact, 1e-5, w);
  cs_sim_free(s);
  return r;
}

static void test_table(const table *tb, double file_run[2])
{
  cs_model *fr = load_model(tb->fractal), *ln = load_model(tb->ln);
  double rmin = INFINITY, rmax = 0;
  int within_ours = 0, within_paper = 0;
  long steps = 0;
  printf("\n003 %s: maximum contact force through the joint, m = 0.85 kg, c_r = 0.46\n",
         tb->name);
  printf("%-4s %6s %9s %9s %9s %8s %9s %8s %7s %7s %7s %7s\n", "row", "v m/s", "meas. N",
         "paper N", "fractal N", "fr/paper", "L-N N", "fr/L-N", "e fr", "e L-N", "tc fr", "tc L-N");
  for (int i = 0; i < tb->n; i++) {
    const row *r = &tb->rows[i];
    char what[160];
    snprintf(what, sizeof what, "%s row %d, fractal", tb->name, i + 1);
    impact f = one_impact(fr, r->v, tb->clearance, what, MSTAR);
    snprintf(what, sizeof what, "%s row %d, L-N", tb->name, i + 1);
    impact l = one_impact(ln, r->v, tb->clearance, what, MSTAR);
    double op = f.F / r->theory;
    printf("%-4d %6.3f %9.2f %9.1f %9.1f %8.4f %9.1f %8.4f %7.4f %7.4f %7.1f %7.1f\n", i + 1,
           r->v, r->measured, r->theory, f.F, op, l.F, f.F / l.F, f.e, l.e, 1e6 * f.t_c,
           1e6 * l.t_c);
    snprintf(what, sizeof what, "%s row %d: fractal/paper's theory vs %.2f (test_contact_fractal)",
             tb->name, i + 1, tb->factor);
    CHECK_REL(op, tb->factor, tb->tol, what);
    within_ours += fabs(f.F / r->measured - 1) <= 0.10;
    within_paper += fabs(r->theory / r->measured - 1) <= 0.10;
    rmin = fmin(rmin, op);
    rmax = fmax(rmax, op);
    steps += f.steps + l.steps;
    if (i == tb->file_row) {
      file_run[0] = f.F;
      file_run[1] = l.F;
    }
  }
  printf("fractal/paper from %.4f to %.4f; rows within 10 %% of measured: fractal %d, paper's "
         "theory %d of %d; %ld steps\n",
         rmin, rmax, within_ours, within_paper, tb->n, steps);
  cs_model_free(fr);
  cs_model_free(ln);
}

/* The model files as they are (their own velocity and t_end): one contact each, whose peak is
 * the table run's at that velocity; the rows go to CSV (hysteresis loops, for plots). The peaks
 * are pinned as our run of 2026-11-22, engine commit dc74f15 (regression; the RK45 checks above
 * hold them to 2e-4 independently). */
static void test_files(const double table_run[2][2])
{
  static const char *const files[4] = {"models/li2018_fractal_c05.json", "models/li2018_ln_c05.json",
                                       "models/li2018_fractal_c1.json", "models/li2018_ln_c1.json"};
  static const double our_run[4] = {2882.077, 12818.790, 2752.217, 8999.631}; /* N */
  for (int k = 0; k < 4; k++) {
    cs_model *m = load_model(files[k]);
    cs_sim *s = start(m);
    bench_rec rec = {.joint = 0, .accel_body = -1, .angle_body = -1};
    cs_sim_set_output(s, bench_record, &rec);
    bench_advance(s, cs_model_t_end(m), files[k]);
    cs_contact_event ev = {0};
    CHECK(cs_sim_event_count(s) == 1, "%s: one contact", files[k]);
    if (cs_sim_event_count(s) > 0)
      cs_sim_event(s, 0, &ev);
    printf("%s: F_max %.6g N\n", files[k], ev.max_force);
    CHECK_REL(ev.max_force, table_run[k / 2][k % 2], 1e-9, "model file = its table row's run");
    CHECK_REL(ev.max_force, our_run[k], 1e-4, "peak force: our run (regression)");
    char csv[64];
    snprintf(csv, sizeof csv, "%.*s", (int)(strlen(files[k]) - strlen("models/.json")),
             files[k] + strlen("models/"));
    bench_csv(&rec, csv);
    free(rec.row);
    cs_sim_free(s);
    cs_model_free(m);
  }
}

/* 003 §4.1 (Fig. 5): fractal against L-N at c_r = 0.9, 1 m/s, for several clearances, with
 * §3.1's parameters: bearing R2 = 10 mm, m = 1 kg, b = 0.01 m, and Ra = 0.05 µm "for unifying
 * the parameters" (§3.1). The figure prints no numbers; 003 reads it as "a slight difference
 * [from L-N] with a large clearance", growing as the clearance shrinks. Through the joint the
 * difference does not shrink with the clearance: the fractal peak is 1.6 times L-N's at 0.05 mm
 * and 2.0 times at 0.8 mm (the absolute difference stays near 21 kN). Pinned as found (our run
 * of 2026-11-22, engine commit dc74f15), each run also against the RK45 reference. The
 * clearance is set by editing the loaded model (journal radius R2 − c). */
static void test_clearances(void)
{
  const char *files[2] = {"models/li2018_fractal_c05.json", "models/li2018_ln_c05.json"};
  const double cs[3] = {0.05e-3, 0.2e-3, 0.8e-3};
  const double found[3] = {1.588, 1.799, 1.989}; /* fractal/L-N peak, our run */
  printf("\n003 sec. 4.1: Ra = 0.05 um, R2 = 10 mm, m = 1 kg, c_r = 0.9, 1 m/s\n");
  double ratio_prev = 0;
  for (int i = 0; i < 3; i++) {
    double F[2];
    for (int k = 0; k < 2; k++) {
      cs_model *m = load_model(files[k]);
      cs_clearance *cl = &m->clearances[0];
      cl->hole_radius = 0.01;
      cl->pin_radius = 0.01 - cs[i];
      cl->material[0].roughness = cl->material[1].roughness = 0.05e-6;
      cl->contact[0].params[CS_RESTITUTION][0] = 0.9; /* constant c_r */
      m->bodies[cs_model_body_index(m, "journal")].mass = 1.0;
      cs_clearance_prepare(cl, 0.0, 1.0);
      char what[96];
      snprintf(what, sizeof what, "sec. 4.1 c = %g mm, %s", 1e3 * cs[i], k ? "L-N" : "fractal");
      impact r = one_impact(m, 1.0, cs[i], what, 1.0);
      F[k] = r.F;
      cs_model_free(m);
    }
    printf("c = %.2f mm: fractal %.6g N, L-N %.6g N, ratio %.4f\n", 1e3 * cs[i], F[0], F[1],
           F[0] / F[1]);
    CHECK_REL(F[0] / F[1], found[i], 1e-3, "sec. 4.1: fractal/L-N peak as found (regression)");
    CHECK(F[0] / F[1] > ratio_prev, "sec. 4.1: the ratio grows with the clearance");
    ratio_prev = F[0] / F[1];
  }
}

int main(void)
{
  double file_run[2][2] = {{0}};
  if (!load_tables())
    return cs_test_finish();
  for (int k = 0; k < 2; k++)
    test_table(&tables[k], file_run[k]);
  test_files((const double(*)[2])file_run);
  test_clearances();
  return cs_test_finish();
}
