/* test_sparse_jacobian.c — the sparse (CSC, KLU) iteration matrix of the IDAS formulations
 * against the dense one:
 *   - at states in contact, the two assemblies give the same matrix to the last bit (the same
 *     writers add the same terms in the same order; a slot missing from the pattern would
 *     show as a difference), on models that exercise every writer: force elements, clearance
 *     pins (revolute, translational corners), the oil film, LuGre bristle states, joints and
 *     drivers, GGL and index 3;
 *   - runs with either solver agree to the tolerance: the sparse run's errors against a tight
 *     reference are those of the dense run (clearance slider-crank, a 20-link chain);
 *   - rank-deficient matrices (models/parallelogram_redundant.json) go to the dense fallback,
 *     and the run matches the dense one. */
#include "cs_test.h"
#include "cs_test_models.h"
#include "cs_sim_linear.h"

#include <stdlib.h>
#include <string.h>

static const char *const SPARSE = "\"sparse\"", *const DENSE = "\"dense\"",
                  *const GGL = "\"ggl\"";

static cs_model *load(const char *path, const char *solver, const char *formulation,
                      const cs_override *extra, int nextra)
{
  /* the IDAS formulations' matrix: GGL unless told (the shipped files run the default) */
  cs_override o[8] = {{"/solver/linear_solver", solver},
                      {"/solver/formulation", formulation ? formulation : GGL}};
  int n = 2;
  for (int i = 0; i < nextra && n < 8; i++)
    o[n++] = extra[i];
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_file_overrides(path, NULL, o, n, NULL, &m, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return m;
}

static void advance(cs_sim *s, double t)
{
  cs_error err;
  CHECK(cs_sim_advance(s, t, &err) == CS_OK, "advance to %g: %s", t, err.message);
}

/* Whether any clearance joint (or corner) of the simulation is in contact. */
static int touching(const cs_sim *s)
{
  const cs_model *m = cs_sim_model(s);
  for (int k = 0; k < cs_model_clearance_count(m); k++)
    for (int c = 0; c < cs_model_clearance_corner_count(m, k); c++) {
      cs_clearance_state st;
      cs_sim_clearance_corner(s, k, c, &st);
      if (st.in_contact)
        return 1;
    }
  return 0;
}

/* The model run sparse until one of its contacts is open (need_contact; a lubricated joint's
 * film acts in and out of contact) or for a share of its time; there, at two values of cj,
 * the sparse assembly scattered equals the dense one entry for entry. */
static void same_matrix(const char *label, const char *path, const char *formulation,
                        const cs_override *extra, int nextra, int need_contact)
{
  cs_model *m = load(path, SPARSE, formulation, extra, nextra);
  cs_sim *s = start(m);
  double t_end = cs_model_t_end(m), t = 0;
  int contacts = need_contact && cs_model_clearance_count(m) > 0;
  do {
    t += t_end / 200;
    advance(s, t);
  } while (contacts && !touching(s) && t < 0.5 * t_end);
  CHECK(!contacts || touching(s), "%s: a contact is open at t = %g s", label, t);
  int N = cs_sim_iteration_matrix(s, 1.0, 1, NULL);
  CHECK(cs_sim_linear_solver(s, NULL) == 1 && N > 0, "%s: the simulation is sparse", label);
  double *D = malloc((size_t)N * N * sizeof *D), *S = malloc((size_t)N * N * sizeof *S);
  const double cjs[] = {37.0, 2.5e6};
  for (int i = 0; i < 2 && D && S; i++) {
    CHECK(cs_sim_iteration_matrix(s, cjs[i], 0, D) == N &&
              cs_sim_iteration_matrix(s, cjs[i], 1, S) == N,
          "%s: both assemblies", label);
    double worst = 0, big = 0;
    long nonzero = 0;
    for (size_t e = 0; e < (size_t)N * N; e++) {
      worst = fmax(worst, fabs(D[e] - S[e]));
      big = fmax(big, fabs(D[e]));
      nonzero += D[e] != 0.0;
    }
    printf("%-44s t = %.4g s, cj %.3g: N = %d, %ld nonzero, largest %.3g, sparse − dense %.3g\n",
           label, t, cjs[i], N, nonzero, big, worst);
    CHECK(worst == 0.0 && nonzero > N, "%s: sparse = dense to the bit at cj %g (off %.3g)",
          label, cjs[i], worst);
  }
  free(D);
  free(S);
  cs_sim_free(s);
  cs_model_free(m);
}

/* ---------------------------------------------------------------- runs that agree -------- */

typedef struct run {
  int events;
  double t_on[64];
  double q[3];   /* the last body's pose at the end */
  long steps, fallbacks;
  double balance;
  int sparse;
} run;

/* A run of the model file at path (or of the JSON text) with the solver, the tolerances and,
 * when not NULL, the end time given. */
static run simulate(const char *path, const char *text, const char *solver, const char *rtol,
                    const char *atol, const char *t_end)
{
  cs_override o[] = {{"/solver/linear_solver", solver}, {"/solver/rtol", rtol},
                     {"/solver/atol", atol}, {"/output/file", "\"\""},
                     {"/solver/formulation", GGL}, {"/solver/t_end", t_end}};
  int n = t_end ? 6 : 5;
  cs_model *m = NULL;
  cs_error err;
  cs_status st = path ? cs_model_load_file_overrides(path, NULL, o, n, NULL, &m, &err)
                      : cs_model_load_string_overrides(text, "chain", o, n, NULL, &m, &err);
  if (st) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  cs_sim *s = start(m);
  advance(s, cs_model_t_end(m));
  run r = {0};
  r.events = cs_sim_event_count(s);
  for (int i = 0; i < r.events && i < 64; i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    r.t_on[i] = e.t_on;
  }
  cs_sim_body_position(s, cs_model_body_count(m) - 1, r.q);
  cs_stats stats;
  cs_sim_stats(s, &stats);
  r.steps = stats.steps;
  cs_energy energy;
  cs_sim_energy(s, &energy);
  r.balance = energy.balance_error;
  r.sparse = cs_sim_linear_solver(s, &r.fallbacks);
  cs_sim_free(s);
  cs_model_free(m);
  return r;
}

/* The largest |t_on − t_on of the reference| over the first `count` contacts. */
static double onset_error(const run *a, const run *ref, int count)
{
  double worst = 0;
  for (int i = 0; i < a->events && i < ref->events && i < count; i++)
    worst = fmax(worst, fabs(a->t_on[i] - ref->t_on[i]));
  return worst;
}

static double pose_error(const run *a, const run *ref)
{
  return fmax(fmax(fabs(a->q[0] - ref->q[0]), fabs(a->q[1] - ref->q[1])),
              fabs(a->q[2] - ref->q[2]));
}

/* The clearance slider-crank's 26 contacts of two turns at 5000 r/min (engine/solver/README.md "Formulations and the default `auto`"):
 * sparse and dense at rtol 1e-7 find them all, against an rtol 1e-10 reference. The first 12
 * onsets are determinate to round-off: there the sparse run is as close to the reference as
 * the dense one (within 3× its error, or 1e-8 s). The later ones move by up to ~1e-5 s with
 * any perturbation of the step sequence (measured at rtol 1e-7 … 1e-8: 3e-6 s dense, 0.4–5e-6 s
 * sparse; the output interval alone moves them by as much), so all 26 are held to 2e-5 s. */
static void slider_crank_agrees(void)
{
  const char *path = "models/slider_crank_clearance.json";
  run ref = simulate(path, NULL, DENSE, "1e-10", "1e-12", NULL);
  run d = simulate(path, NULL, DENSE, "1e-7", "1e-9", NULL);
  run s = simulate(path, NULL, SPARSE, "1e-7", "1e-9", NULL);
  double ed = onset_error(&d, &ref, 12), es = onset_error(&s, &ref, 12);
  double all_d = onset_error(&d, &ref, 64), all_s = onset_error(&s, &ref, 64);
  printf("clearance slider-crank, ggl, rtol 1e-7: contacts %d dense, %d sparse, %d reference; "
         "first 12 onsets off the reference by %.3g s dense, %.3g s sparse; all: %.3g s, "
         "%.3g s; steps %ld, %ld\n", d.events, s.events, ref.events, ed, es, all_d, all_s,
         d.steps, s.steps);
  CHECK(d.sparse == 0 && s.sparse == 1, "slider-crank: the runs used the solvers asked for");
  CHECK(s.events == ref.events && d.events == ref.events, "slider-crank: %d contacts sparse, "
        "%d dense, %d reference", s.events, d.events, ref.events);
  CHECK(es <= fmax(3 * ed, 1e-8), "slider-crank: sparse's first 12 onsets within the dense "
        "run's error (%.3g s against %.3g s)", es, ed);
  CHECK(all_s <= 2e-5 && all_d <= 2e-5, "slider-crank: all onsets within 2e-5 s (%.3g s "
        "sparse, %.3g s dense)", all_s, all_d);
}

/* A 20-link pendulum chain (tools/bench/chain's, 200 unknowns in GGL), 0.1 s: the last bar's pose
 * from sparse and dense runs at rtol 1e-7 against an rtol 1e-11 reference. */
static void chain_agrees(void)
{
  enum { LINKS = 20 };
  static char text[16384];
  const double L = 0.1, M = 0.1;
  int p = snprintf(text, sizeof text, "{\"name\": \"chain20\", \"gravity\": [0, -9.81], "
                   "\"bodies\": [{\"name\": \"ground\", \"ground\": true}");
  for (int i = 0; i < LINKS; i++) {
    double x = (i + 0.5) * L;
    p += snprintf(text + p, sizeof text - p, ", {\"name\": \"bar%d\", \"mass\": %g, \"inertia\": "
                  "%.17g, \"position\": [%.17g, 0, 0], \"velocity\": [0, %.17g, -2]}", i, M,
                  M * L * L / 12, x, -2 * x);
  }
  p += snprintf(text + p, sizeof text - p, "], \"joints\": [");
  for (int i = 0; i < LINKS; i++) {
    char parent[16] = "ground";
    if (i > 0)
      snprintf(parent, sizeof parent, "bar%d", i - 1);
    p += snprintf(text + p, sizeof text - p, "%s{\"name\": \"J%d\", \"type\": \"revolute\", "
                  "\"body1\": \"%s\", \"body2\": \"bar%d\", \"point1\": [%g, 0], \"point2\": "
                  "[%g, 0]}", i ? ", " : "", i, parent, i, i ? 0.5 * L : 0.0, -0.5 * L);
  }
  snprintf(text + p, sizeof text - p, "], \"solver\": {\"formulation\": \"ggl\", \"t_end\": "
           "0.1}, \"output\": {\"interval\": 0.1}}");
  run ref = simulate(NULL, text, DENSE, "1e-11", "1e-13", NULL);
  run d = simulate(NULL, text, DENSE, "1e-7", "1e-9", NULL);
  run s = simulate(NULL, text, SPARSE, "1e-7", "1e-9", NULL);
  run a = simulate(NULL, text, "\"auto\"", "1e-7", "1e-9", NULL);
  double ed = pose_error(&d, &ref), es = pose_error(&s, &ref), ds = pose_error(&s, &d);
  printf("chain of %d, ggl, rtol 1e-7: last bar off the reference by %.3g dense, %.3g sparse "
         "(sparse − dense %.3g); steps %ld, %ld\n", LINKS, ed, es, ds, d.steps, s.steps);
  CHECK(d.sparse == 0 && s.sparse == 1, "chain: the runs used the solvers asked for");
  CHECK(a.sparse == 1, "chain: auto chooses sparse for 200 unknowns");
  CHECK(es <= fmax(3 * ed, 1e-9), "chain: sparse within the dense run's error (%.3g against "
        "%.3g)", es, ed);
}

/* Redundant rows make the iteration matrix singular: KLU refuses it or its pivot ratio is
 * below the dense rule's, and every such factorization goes to the dense solver's minimum-norm
 * decomposition; the run is then the dense run. Its non-redundant twin never falls back. */
static void redundant_falls_back(void)
{
  const char *path = "models/parallelogram_redundant.json";
  run d = simulate(path, NULL, DENSE, "1e-10", "1e-12", "0.075");
  run s = simulate(path, NULL, SPARSE, "1e-10", "1e-12", "0.075");
  run twin = simulate("models/parallelogram.json", NULL, SPARSE, "1e-10", "1e-12", "0.075");
  printf("redundant parallelogram, ggl: dense %ld steps (%ld COD), sparse %ld steps (%ld to "
         "the dense fallback), sparse − dense %.3g, balance %.3g J and %.3g J; non-redundant "
         "twin %ld fallbacks\n", d.steps, d.fallbacks, s.steps, s.fallbacks, pose_error(&s, &d),
         d.balance, s.balance, twin.fallbacks);
  CHECK(s.sparse == 1 && s.fallbacks > 0, "redundant: sparse run, %ld factorizations to the "
        "dense fallback", s.fallbacks);
  CHECK(twin.fallbacks == 0, "non-redundant parallelogram: KLU alone (%ld fallbacks)",
        twin.fallbacks);
  CHECK(s.steps == d.steps && pose_error(&s, &d) == 0.0, "redundant: the sparse run is the "
        "dense one (%ld and %ld steps, off %.3g)", s.steps, d.steps, pose_error(&s, &d));
}

int main(void)
{
  const char *lugre = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                      "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
                      "\"constant\", \"cr\": 0.9}, \"friction\": {\"model\": \"lugre\", "
                      "\"mu_s\": 0.15, \"mu_k\": 0.1, \"v_s\": 0.7, \"sigma0\": 1e5, "
                      "\"sigma1\": 316, \"sigma2\": 0.3}}";
  cs_override bristles[] = {{"/clearance_joints/0/contact", lugre}};
  same_matrix("clearance slider-crank, ggl", "models/slider_crank_clearance.json", NULL, NULL, 0,
              1);
  same_matrix("clearance slider-crank, index 3", "models/slider_crank_clearance.json",
              "\"index3\"", NULL, 0, 1);
  same_matrix("translational clearance, LuGre bristles", "models/slider_crank_translational.json",
              NULL, bristles, 1, 1);
  same_matrix("lubricated slider-crank", "models/slider_crank_lubricated.json", NULL, NULL, 0,
              0);
  same_matrix("journal with wear and a force", "models/journal_wear.json", NULL, NULL, 0, 1);
  same_matrix("redundant parallelogram", "models/parallelogram_redundant.json", NULL, NULL, 0,
              0);
  same_matrix("four-bar, index 3", "models/four_bar.json", "\"index3\"", NULL, 0, 0);
  slider_crank_agrees();
  chain_agrees();
  redundant_falls_back();
  return cs_test_finish();
}
