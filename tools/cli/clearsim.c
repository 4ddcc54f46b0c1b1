/*
 * clearsim — the command-line program: run a model, check it, list the contact laws.
 *
 * Exit codes (documented in README.md):
 *   0 success, 1 usage, 2 bad input (model file), 3 assembly failure, 4 solver failure,
 *   5 interrupted, 6 output file error, 7 out of memory, 8 a complete run that `run --verify`
 *   found not converged.
 */
#define _POSIX_C_SOURCE 200809L
#include "clearsim.h"
#include "clearsim_schema.h"
#include "cli_common.h"
#include "cli_fmu.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep/sweep.h"


static int exit_code(cs_status st)
{
  switch (st) {
  case CS_OK: return 0;
  case CS_ERR_INPUT: return EXIT_INPUT;
  case CS_ERR_ASSEMBLY: return EXIT_ASSEMBLY;
  case CS_ERR_SOLVER: return EXIT_SOLVER;
  case CS_ERR_INTERRUPTED: return EXIT_INTERRUPTED;
  case CS_ERR_IO: return EXIT_OUTPUT;
  case CS_ERR_MEMORY: return EXIT_MEMORY;
  case CS_ERR_ARGUMENT: return EXIT_USAGE; /* an option the library refuses (--t-end) */
  default: return EXIT_SOLVER;
  }
}

static const char *const usage_run =
  "usage: clearsim run MODEL.json [-o OUT.h5] [--t-end T] [--set PTR=VALUE]... [--verify]\n"
  "                    [--quiet]\n"
  "\n"
  "Assembles consistent initial conditions, integrates the model to its end time and writes\n"
  "the trajectory to HDF5 as it goes (a failed or interrupted run keeps what it wrote and is\n"
  "marked so in the file's `status` attribute).\n"
  "\n"
  "  -o, --output OUT.h5   output file (default: the model's output.file, else MODEL.h5)\n"
  "  --t-end T             end time in seconds (default: the model's solver.t_end)\n"
  "  --set PTR=VALUE       set the model's value at JSON pointer PTR before it is loaded,\n"
  "                        e.g. --set /clearance_joints/0/hole_radius=0.0102 (VALUE is JSON;\n"
  "                        a bare word is a string); repeatable, applied in order\n"
  "  --verify              run again at tolerances 100 times tighter and compare contacts,\n"
  "                        peak forces, final state and energy books; the verdict goes to\n"
  "                        the summary and the file's /verify; exit 8 if not converged\n"
  "  -q, --quiet           no progress bar and no summary\n"
  "  -h, --help            this text\n";

static const char *const usage_check =
  "usage: clearsim check MODEL.json [--set PTR=VALUE]...\n"
  "\n"
  "Validates the model, assembles its initial conditions and prints its bodies, joints,\n"
  "constraint count and degrees of freedom. Nothing is integrated or written.\n"
  "\n"
  "  --set PTR=VALUE       set the model's value at JSON pointer PTR first (as run's)\n"
  "  -h, --help            this text\n";

static const char *const usage_impact =
  "usage: clearsim impact IMPACT.json [-o OUT.h5] [--quiet]\n"
  "\n"
  "Integrates one normal impact of two bodies (models/README.md \"Impact files\") from contact\n"
  "onset to separation and prints the peak penetration and force, the contact time, the\n"
  "effective restitution |d'(+)/d'(-)| against the c_r the damping law was given, and the\n"
  "energy balance. The time histories go to HDF5.\n"
  "\n"
  "  -o, --output OUT.h5   output file (default: the file's output.file, else IMPACT.h5)\n"
  "  -q, --quiet           no summary\n"
  "  -h, --help            this text\n";

static const char *const usage_laws =
  "usage: clearsim laws [elastic|damping|restitution|friction]\n"
  "\n"
  "Lists every registered contact-force law by family: name, parameters with units and\n"
  "defaults, and the source (paper, equation).\n";

static int help(const char *usage)
{
  fputs(usage, stdout);
  return 0;
}

/* The options of a command that has none but --help. */
static const struct option help_only[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

/* A valid model's numbers that suggest a unit typed wrongly, one line each; never an error. */
static void warn_plausibility(const char *path, const cs_model *model)
{
  char text[2048];
  if (cs_model_plausibility(model, text, sizeof text) == 0)
    return;
  for (char *s = text, *next; s; s = next) {
    next = strstr(s, "; ");
    if (next)
      *next = '\0', next += 2;
    fprintf(stderr, "clearsim: warning: %s: %s\n", path, s);
  }
}

/* The --set options of a command: edits of the model by JSON pointer (cs_override). */
enum { MAX_SETS = 64 };
typedef struct model_sets {
  cs_override edit[MAX_SETS];
  char quoted[MAX_SETS][256]; /* a bare word's value as a JSON string */
  int n;
} model_sets;

static int is_bare_word(const char *v)
{
  if (!*v || strcmp(v, "true") == 0 || strcmp(v, "false") == 0 || strcmp(v, "null") == 0)
    return 0;
  for (const char *c = v; *c; c++)
    if (!(isalnum((unsigned char)*c) || *c == '_' || *c == '-'))
      return 0;
  return isalpha((unsigned char)*v);
}

/* Take "--set PTR=VALUE"; 0, or a usage error said. */
static int add_set(model_sets *sets, const char *cmd, char *arg)
{
  char *eq = strchr(arg, '=');
  if (arg[0] != '/' || !eq || !eq[1]) {
    fprintf(stderr, "clearsim %s: --set expects POINTER=VALUE with a JSON pointer "
                    "(/clearance_joints/0/hole_radius=0.0102), got \"%s\"\n", cmd, arg);
    return EXIT_USAGE;
  }
  if (sets->n == MAX_SETS) {
    fprintf(stderr, "clearsim %s: more than %d --set options\n", cmd, MAX_SETS);
    return EXIT_USAGE;
  }
  *eq = '\0';
  cs_override *o = &sets->edit[sets->n];
  o->pointer = arg;
  o->json = eq + 1;
  if (is_bare_word(eq + 1) && strlen(eq + 1) + 3 <= sizeof sets->quoted[0]) {
    snprintf(sets->quoted[sets->n], sizeof sets->quoted[0], "\"%s\"", eq + 1);
    o->json = sets->quoted[sets->n];
  }
  sets->n++;
  return 0;
}

/* Load a model, with the --set edits, or say why not; *code is the exit code for a failure
 * (an unreadable model file is bad input, not an output error). */
static cs_model *load(const char *path, const model_sets *sets, int *code)
{
  cs_model *model = NULL;
  cs_error err;
  if (cs_model_load_file_overrides(path, NULL, sets->edit, sets->n, NULL, &model, &err) !=
      CS_OK) {
    fprintf(stderr, "clearsim: %s\n", err.message);
    *code = err.code == CS_ERR_IO ? EXIT_INPUT : exit_code(err.code);
    return NULL;
  }
  warn_plausibility(path, model);
  return model;
}

/* ---------------------------------------------------------------- run -------------------- */

typedef struct progress {
  double t_end;
  int shown;
} progress;

static int show_progress(const cs_sim *sim, void *user)
{
  progress *p = user;
  double frac = p->t_end > 0 ? cs_sim_time(sim) / p->t_end : 1.0;
  int width = 40, done = (int)(frac * width + 0.5);
  if (done > width)
    done = width;
  fprintf(stderr, "\r[%.*s%*s] %5.1f%%  t = %.6g s", done,
          "========================================", width - done, "", 100.0 * frac,
          cs_sim_time(sim));
  p->shown = 1;
  return 0;
}

static void summary(const cs_sim *sim, const char *path, cs_status st)
{
  cs_stats stats;
  cs_energy e;
  cs_sim_stats(sim, &stats);
  cs_sim_energy(sim, &e);
  double scale = fmax(fmax(fabs(e.kinetic), fabs(e.potential)),
                      fmax(fabs(e.driver_work), fabs(e.dissipated)));
  printf("model          %s (%s)\n", cs_model_name(cs_sim_model(sim)),
         cs_formulation_name(cs_sim_formulation(sim)));
  printf("status         %s\n", st == CS_OK ? "complete"
                                : st == CS_ERR_INTERRUPTED ? "interrupted" : "failed");
  printf("final time     %.9g s\n", cs_sim_time(sim));
  printf("steps          %ld (residuals %ld, Jacobians %ld, error-test failures %ld, "
         "convergence failures %ld)\n", stats.steps, stats.residual_evals, stats.jacobian_evals,
         stats.error_test_failures, stats.convergence_failures);
  if (stats.handovers > 0)
    printf("handovers      %ld stiff contacts handed to ggl, which took %ld of the steps\n",
           stats.handovers, stats.implicit_steps);
  printf("energy         kinetic %.6g J, potential %.6g J, dissipated %.6g J, driver work "
         "%.6g J\n", e.kinetic, e.potential, e.dissipated, e.driver_work);
  printf("balance error  %.3g J (%.2g of the largest energy term)\n", e.balance_error,
         scale > 0 ? fabs(e.balance_error) / scale : 0.0);
  printf("drift          |phi| %.2g, |phi_q v + phi_t| %.2g\n", cs_sim_position_drift(sim),
         cs_sim_velocity_drift(sim));
  if (cs_model_clearance_count(cs_sim_model(sim)) > 0)
    printf("contacts       %d, damping force clipped at zero on %ld accepted steps\n",
           cs_sim_event_count(sim), cs_sim_clip_count(sim));
  printf("wall time      %.3f s (%.3g s per simulated second)\n", stats.wall_time,
         cs_sim_time(sim) > 0 ? stats.wall_time / cs_sim_time(sim) : 0.0);
  if (path && *path)
    printf("output         %s\n", path);
  const char *warnings = cs_sim_warnings(sim);
  if (warnings[0])
    printf("WARNING        %s\n", warnings);
}

/* The verification's verdict and the figures it weighed (engine/run/README.md "Verifying a run"). */
static void verify_summary(const cs_verify_result *v)
{
  printf("verify         %s\n", v->verdict);
  if (!strncmp(v->verdict, "not verified", 12))
    return;
  printf("  tighter run  rtol %g, atol %g: %ld steps, %.3f s; %d contacts against %d, %d "
         "matched, onsets within %.3g s (%.3g of a contact)\n", v->rtol, v->atol,
         v->stats_tight.steps, v->stats_tight.wall_time, v->contacts, v->contacts_tight,
         v->matched, v->onset_shift, v->onset_share);
  printf("  apart        peak forces %.2g, final state %.2g of the motion's scale, pins %.2g "
         "of the clearance, books %.2g of %.4g J (balance %.2g, tighter %.2g)\n",
         v->peak_force_diff, v->state_diff, v->eccentricity_diff, v->energy_diff,
         v->energy_scale, v->balance_share, v->balance_share_tight);
}

static int cmd_run(int argc, char **argv)
{
  const char *model_path = NULL, *out = NULL;
  double t_end = 0.0;
  int quiet = 0, verify = 0, c;
  enum { OPT_T_END = 256, OPT_VERIFY, OPT_SET };
  model_sets sets = {.n = 0};
  static const struct option opts[] = {
    {"output", required_argument, NULL, 'o'}, {"t-end", required_argument, NULL, OPT_T_END},
    {"set", required_argument, NULL, OPT_SET},
    {"verify", no_argument, NULL, OPT_VERIFY}, {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  if (cli_wants_help(argc, argv))
    return help(usage_run);
  while ((c = cli_getopt(argc, argv, "o:qh", opts)) != -1) {
    if (c == 'o') {
      out = optarg;
    } else if (c == OPT_T_END) {
      char *end;
      t_end = strtod(optarg, &end);
      if (*end || !(t_end > 0) || !isfinite(t_end)) {
        fprintf(stderr, "clearsim run: --t-end expects a positive number of seconds, got "
                        "\"%s\"\n", optarg);
        return EXIT_USAGE;
      }
    } else if (c == 'q') {
      quiet = 1;
    } else if (c == OPT_VERIFY) {
      verify = 1;
    } else if (c == OPT_SET) {
      if (add_set(&sets, "run", optarg))
        return EXIT_USAGE;
    } else {
      return c == 'h' ? help(usage_run) : EXIT_USAGE;
    }
  }
  if (cli_arguments(argc, argv, 1, &model_path))
    return EXIT_USAGE;
  if (!model_path) {
    fputs(usage_run, stderr);
    return EXIT_USAGE;
  }
  cs_error err;
  int code;
  cs_model *model = load(model_path, &sets, &code);
  if (!model)
    return code;

  char *fallback = NULL;
  if (!out)
    out = *cs_model_output_path(model) ? cs_model_output_path(model)
                                       : (fallback = cli_default_output(model_path));
  if (!*out || cli_same_file(out, model_path)) {
    fprintf(stderr, "clearsim run: %s\n", *out ? "the output file is the model file: choose "
            "another with -o" : "-o names no file");
    cs_model_free(model);
    free(fallback);
    return EXIT_USAGE;
  }
  progress p = {t_end > 0 ? t_end : cs_model_t_end(model), 0};
  int bar = !quiet && isatty(STDERR_FILENO);
  cs_verify_result v = {.converged = 1};
  cs_run_options opt = {out, t_end, bar ? show_progress : NULL, &p, cli_poll_interrupt, NULL};
  cli_catch_stop_signals();
  cs_sim *sim = NULL;
  cs_status st = cs_run_verify(model, &opt, verify ? &v : NULL, &sim, &err);
  if (p.shown)
    fputc('\n', stderr);
  if (st != CS_OK)
    fprintf(stderr, "clearsim: %s\n", err.message);
  if (sim && !quiet)
    summary(sim, out, st);
  if (st == CS_OK && verify && !quiet)
    verify_summary(&v);
  if (st == CS_OK && !v.converged)
    fprintf(stderr, "clearsim: --verify: %s\n", v.verdict);
  cs_sim_free(sim);
  cs_model_free(model);
  free(fallback);
  return st == CS_OK && !v.converged ? EXIT_UNVERIFIED : exit_code(st);
}

/* ---------------------------------------------------------------- check ------------------ */

/* "assembly ok" only for residuals at round-off, 1e-10 of the largest coordinate or velocity
 * (the engine checks the same; this guards the promise the word "ok" makes). */
static cs_status assembled_to_round_off(const cs_model *model, const cs_sim *sim, cs_error *err)
{
  double qs = 1.0, vs = 1.0, q[3], v[3];
  for (int b = 0; b < cs_model_body_count(model); b++) {
    cs_sim_body_position(sim, b, q);
    cs_sim_body_velocity(sim, b, v);
    for (int c = 0; c < 3; c++) {
      qs = fmax(qs, 1.0 + fabs(q[c]));
      vs = fmax(vs, 1.0 + fabs(v[c]));
    }
  }
  double phi = cs_sim_position_drift(sim), rate = cs_sim_velocity_drift(sim);
  if (phi <= 1e-10 * qs && rate <= 1e-10 * vs)
    return CS_OK;
  snprintf(err->message, sizeof err->message,
           "%s: assembly left |phi| %.3g and |phi_q v + phi_t| %.3g, not round-off",
           cs_model_name(model), phi, rate);
  return CS_ERR_ASSEMBLY;
}

static int cmd_check(int argc, char **argv)
{
  const char *path = NULL;
  model_sets sets = {.n = 0};
  enum { OPT_SET = 256 };
  static const struct option opts[] = {
    {"set", required_argument, NULL, OPT_SET}, {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  if (cli_wants_help(argc, argv))
    return help(usage_check);
  for (int c; (c = cli_getopt(argc, argv, "h", opts)) != -1;) {
    if (c != OPT_SET)
      return c == 'h' ? help(usage_check) : EXIT_USAGE;
    if (add_set(&sets, "check", optarg))
      return EXIT_USAGE;
  }
  if (cli_arguments(argc, argv, 1, &path))
    return EXIT_USAGE;
  if (!path) {
    fputs(usage_check, stderr);
    return EXIT_USAGE;
  }
  cs_error err;
  int code;
  cs_model *model = load(path, &sets, &code);
  if (!model)
    return code;
  cs_sim *sim = NULL;
  cs_status st = cs_sim_create(model, &sim, &err);
  printf("model        %s (%s)\n", cs_model_name(model), path);
  printf("bodies       %d\n", cs_model_body_count(model));
  for (int b = 0; b < cs_model_body_count(model); b++) {
    double q[3];
    if (sim) {
      cs_sim_body_position(sim, b, q);
      printf("  %-16s x %.6g m, y %.6g m, theta %.6g rad\n", cs_model_body_name(model, b),
             q[0], q[1], q[2]);
    } else {
      printf("  %s\n", cs_model_body_name(model, b));
    }
  }
  printf("joints       %d\n", cs_model_joint_count(model));
  for (int j = 0; j < cs_model_joint_count(model); j++)
    printf("  %-16s %s\n", cs_model_joint_name(model, j), cs_model_joint_kind(model, j));
  if (cs_model_clearance_count(model) > 0) {
    printf("clearance joints %d\n", cs_model_clearance_count(model));
    for (int k = 0; k < cs_model_clearance_count(model); k++)
      printf("  %-16s %s, clearance %.6g m (%s)\n", cs_model_clearance_name(model, k),
             cs_model_clearance_kind(model, k), cs_model_clearance_size(model, k),
             cs_model_clearance_size_rule(model, k));
  }
  int n = cs_model_coordinate_count(model), m = cs_model_constraint_count(model);
  int rank = sim ? cs_sim_constraint_rank(sim) : m; /* unassembled: as if independent */
  printf("coordinates  %d\nconstraints  %d", n, m);
  if (rank < m)
    printf(" (%d redundant at the assembled position)", m - rank);
  printf("\ndof          %d\n", n - rank);
  if (st == CS_OK)
    st = assembled_to_round_off(model, sim, &err);
  if (st != CS_OK) {
    fprintf(stderr, "clearsim: %s\n", err.message);
  } else {
    printf("assembly     ok (|phi| %.2g, |phi_q v + phi_t| %.2g)\n",
           cs_sim_position_drift(sim), cs_sim_velocity_drift(sim));
    if (cs_sim_warnings(sim)[0])
      printf("WARNING      %s\n", cs_sim_warnings(sim));
  }
  cs_sim_free(sim);
  cs_model_free(model);
  return exit_code(st);
}

/* ---------------------------------------------------------------- impact ----------------- */

static void impact_summary(const cs_impact *imp, const cs_impact_result *r, const char *path,
                           cs_status st)
{
  printf("impact         %s\n", cs_impact_name(imp));
  printf("status         %s\n", st == CS_OK                ? "complete"
                               : st == CS_ERR_INTERRUPTED ? "interrupted"
                                                          : "failed");
  printf("delta_max      %.9g m\n", r->delta_max);
  printf("F_max          %.9g N\n", r->F_max);
  printf("contact time   %.9g s\n", r->t_contact);
  printf("restitution    e_eff %.9g = |%.9g / %.9g| (c_r %.9g, %+.3f %%)\n", r->e_eff,
         r->v_separation, r->v_impact, r->cr, r->cr > 0 ? 100 * (r->e_eff / r->cr - 1) : 0.0);
  printf("energy         initial %.6g J, kinetic %.6g J, strain %.3g J, dissipated %.6g J\n",
         r->kinetic0, r->kinetic, r->strain, r->dissipated);
  printf("balance error  %.3g J (%.2g of the initial kinetic energy)\n", r->balance_error,
         r->kinetic0 > 0 ? fabs(r->balance_error) / r->kinetic0 : 0.0);
  printf("steps          %ld (residuals %ld, Jacobians %ld, error-test failures %ld, "
         "convergence failures %ld, root events %ld)\n", r->stats.steps,
         r->stats.residual_evals, r->stats.jacobian_evals, r->stats.error_test_failures,
         r->stats.convergence_failures, r->stats.root_events);
  if (r->clips > 0)
    printf("clipped        %ld steps (damping would have pulled)\n", r->clips);
  if (path && *path)
    printf("output         %s\n", path);
  if (r->warnings[0])
    printf("WARNING        %s\n", r->warnings);
}

static int cmd_impact(int argc, char **argv)
{
  const char *path = NULL, *out = NULL;
  int quiet = 0, c;
  static const struct option opts[] = {
    {"output", required_argument, NULL, 'o'}, {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  if (cli_wants_help(argc, argv))
    return help(usage_impact);
  while ((c = cli_getopt(argc, argv, "o:qh", opts)) != -1) {
    if (c == 'o')
      out = optarg;
    else if (c == 'q')
      quiet = 1;
    else
      return c == 'h' ? help(usage_impact) : EXIT_USAGE;
  }
  if (cli_arguments(argc, argv, 1, &path))
    return EXIT_USAGE;
  if (!path) {
    fputs(usage_impact, stderr);
    return EXIT_USAGE;
  }
  cs_impact *imp = NULL;
  cs_error err;
  if (cs_impact_load_file(path, NULL, &imp, &err) != CS_OK) {
    fprintf(stderr, "clearsim: %s\n", err.message);
    return err.code == CS_ERR_IO ? EXIT_INPUT : exit_code(err.code);
  }
  char *fallback = NULL;
  if (!out)
    out = *cs_impact_output_path(imp) ? cs_impact_output_path(imp)
                                      : (fallback = cli_default_output(path));
  if (!*out || cli_same_file(out, path)) { /* as for run: HDF5 would replace the impact file */
    fprintf(stderr, "clearsim impact: %s\n", *out ? "the output file is the impact file: "
            "choose another with -o" : "-o names no file");
    cs_impact_free(imp);
    free(fallback);
    return EXIT_USAGE;
  }
  cs_impact_result r;
  cs_impact_set_interrupt(imp, cli_poll_interrupt, NULL);
  cli_catch_stop_signals();
  cs_status st = cs_impact_run(imp, out, &r, &err);
  if (st != CS_OK)
    fprintf(stderr, "clearsim: %s\n", err.message);
  if (!quiet)
    impact_summary(imp, &r, out, st);
  cs_impact_free(imp);
  free(fallback);
  return exit_code(st);
}

/* ---------------------------------------------------------------- laws ------------------- */

static void print_law(const cs_law *law)
{
  printf("  %-26s %s\n", law->name, law->summary ? law->summary : "");
  if (law->source)
    printf("  %-26s source: %s\n", "", law->source);
  for (int i = 0; i < law->nparams; i++) {
    const cs_param_spec *p = &law->params[i];
    if (p->flags & CS_PARAM_REQUIRED)
      printf("  %-26s   %s [%s], required%s%s\n", "", p->name, p->units, p->doc ? ": " : "",
             p->doc ? p->doc : "");
    else
      printf("  %-26s   %s [%s] = %g%s%s\n", "", p->name, p->units, p->def, p->doc ? ": " : "",
             p->doc ? p->doc : "");
  }
}

static int cmd_laws(int argc, char **argv)
{
  const char *family = NULL;
  if (cli_wants_help(argc, argv))
    return help(usage_laws);
  int c = cli_getopt(argc, argv, "h", help_only); /* -1: no option */
  if (c != -1)
    return c == 'h' ? help(usage_laws) : EXIT_USAGE;
  if (cli_arguments(argc, argv, 1, &family))
    return EXIT_USAGE;
  cs_registry *reg = cs_registry_new();
  if (!reg) {
    fprintf(stderr, "clearsim: out of memory\n");
    return EXIT_MEMORY;
  }
  int shown = 0;
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    if (family && strcmp(family, cs_family_name((cs_family)f)))
      continue;
    shown = 1;
    printf("%s (%d)\n", cs_family_name((cs_family)f), cs_registry_count(reg, (cs_family)f));
    for (int i = 0; i < cs_registry_count(reg, (cs_family)f); i++)
      print_law(cs_registry_get(reg, (cs_family)f, i));
  }
  cs_registry_free(reg);
  if (!shown) {
    fprintf(stderr, "clearsim laws: unknown family \"%s\"\n%s", family, usage_laws);
    return EXIT_USAGE;
  }
  return 0;
}

/* ---------------------------------------------------------------- the commands ----------- */

typedef struct cli_command {
  const char *name, *args, *summary;
  int (*run)(int argc, char **argv); /* argv[0] is the command's name */
} cli_command;

/* tests/cli/test_cli.sh reads the names from this table: keep one command a line */
static const cli_command commands[] = {
  {"run", "MODEL.json", "simulate and write HDF5", cmd_run},
  {"check", "MODEL.json", "validate and assemble, no integration", cmd_check},
  {"impact", "IMPACT.json", "one normal impact of two bodies", cmd_impact},
  {"laws", "[FAMILY]", "list the contact-force laws", cmd_laws},
  {"schema", "model|impact", "JSON Schema of model or impact files", cs_cli_schema},
  {"sweep", "SWEEP.json", "a parameter study, on every core or MPI", sweep_main},
  {"fmu", "MODEL.json", "export an FMI co-simulation FMU", cli_fmu},
};
enum { NCOMMAND = sizeof commands / sizeof commands[0] };

static void usage_main(FILE *f)
{
  fputs("usage: clearsim <command> [options]\n\ncommands:\n", f);
  for (int i = 0; i < NCOMMAND; i++) {
    char synopsis[64];
    snprintf(synopsis, sizeof synopsis, "%s %s", commands[i].name, commands[i].args);
    fprintf(f, "  %-22s%s\n", synopsis, commands[i].summary);
  }
  fputs("\n`clearsim <command> --help` describes a command and its options (--opt VALUE or\n"
        "--opt=VALUE). Exit codes: 0 ok, 1 usage, 2 bad input, 3 assembly failure, 4 solver\n"
        "failure, 5 interrupted, 6 output file error, 7 out of memory, 8 run --verify: the run\n"
        "completed but did not converge.\n", f);
}

static int command(int argc, char **argv)
{
  if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
    usage_main(argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_USAGE : 0;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("clearsim %s\n", cs_version());
    return 0;
  }
  for (int i = 0; i < NCOMMAND; i++)
    if (!strcmp(argv[1], commands[i].name))
      return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "clearsim: unknown command \"%s\"\n", argv[1]);
  usage_main(stderr);
  return EXIT_USAGE;
}

int main(int argc, char **argv)
{
  int code = command(argc, argv);
  /* what was printed must have reached stdout (a full disk, a closed pipe): else say so */
  errno = 0;
  int failed = fflush(stdout) != 0, e = errno;
  if (failed || ferror(stdout)) {
    fprintf(stderr, "clearsim: cannot write to standard output: %s\n",
            e ? strerror(e) : "write error");
    return code ? code : EXIT_OUTPUT;
  }
  return code;
}
