/*
 * clearsim-robustness — does the engine finish, and keep its energy books, on every shipped
 * mechanism × formulation × tolerance?
 *
 *   clearsim-robustness [options] [MODEL.json …]
 *
 * Default models: every mechanism in models/<name>.json (impact files, which describe no mechanism,
 * are skipped; models/papers/ holds data, not models), plus two variants of the clearance
 * slider-crank (models/slider_crank_clearance.json): at 300 r/min, and started with the journal
 * exactly centred. Each runs under ggl, index3, projected and auto for rtol = 1e-3 … 1e-12 with
 * atol = rtol / 1000, to 10× the file's t_end. One table row per run: completed or where it
 * failed, steps, residual evaluations, wall time, the worst energy balance error over the
 * output instants and its ratio to the energy scale (the largest |kinetic| + |potential| +
 * strain seen). Progress goes to stderr.
 *
 * It reports; it asserts nothing and never judges timings. Exit 0 unless it could not run at
 * all (1 usage, 2 no model could be loaded); with --fail-exit, 3 if any run failed.
 */
#define _POSIX_C_SOURCE 200809L
#include "clearsim.h"

#include <cjson/cJSON.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_RUNGS = 32, MAX_CASES = 256 };
enum { EXIT_USAGE = 1, EXIT_NOTHING = 2, EXIT_FAILED = 3 };

static const char *const usage =
  "usage: clearsim-robustness [options] [MODEL.json …]\n"
  "\n"
  "Runs every model (default: models/*.json without impact files, plus the clearance\n"
  "slider-crank at 300 r/min and started exactly centred) under each formulation over a\n"
  "tolerance ladder and prints one row per run: completed or where it failed, steps,\n"
  "residual evaluations, wall time, energy balance error and its ratio to the energy scale.\n"
  "\n"
  "options:\n"
  "  --rtol-list A,B,…   relative tolerances (default 1e-3,1e-4,…,1e-12)\n"
  "  --atol-ratio R      atol = rtol / R (default 1000)\n"
  "  --t-factor F        run to F × the file's t_end (default 10)\n"
  "  --formulation F,…   of ggl, index3, projected, auto; `both` is ggl,index3 (default: all four)\n"
  "  --time-limit S      stop a run after S s of wall time, reported as stopped (default 0:\n"
  "                      none)\n"
  "  --quick             rtol 1e-3,1e-6,1e-9,1e-12 and --t-factor 1\n"
  "  --extras            add the slider-crank variants to the models named\n"
  "  --no-extras         leave them out of the default list\n"
  "  --fail-exit         exit 3 if any run failed (for scripts)\n"
  "\n"
  "Exit: 0 (reports only), 1 usage, 2 no model could be loaded, 3 failures with --fail-exit.\n";

/* ---------------------------------------------------------------- options ---------------- */

typedef struct options {
  double rtol[MAX_RUNGS];
  int nrtol;
  double atol_ratio, t_factor, time_limit;
  int form[4], nform; /* formulations to run, indexed by cs_formulation */
  int fail_exit, extras; /* extras: −1 default (with the default list only) */
} options;

/* A comma list of formulation names (`both`: ggl and index3); 0, or -1 if a name is unknown. */
static int parse_formulations(const char *s, options *o)
{
  char buf[128];
  snprintf(buf, sizeof buf, "%s", strcmp(s, "both") ? s : "ggl,index3");
  memset(o->form, 0, sizeof o->form);
  o->nform = 0;
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    int f = CS_INDEX3;
    while (f <= CS_AUTO && strcmp(tok, cs_formulation_name((cs_formulation)f)))
      f++;
    if (f > CS_AUTO)
      return -1;
    o->nform += !o->form[f];
    o->form[f] = 1;
  }
  return o->nform ? 0 : -1;
}

static int parse_rtol_list(const char *s, options *o)
{
  o->nrtol = 0;
  while (*s) {
    char *end;
    double r = strtod(s, &end);
    if (end == s || !(r > 0.0) || !(r < 1.0) || o->nrtol == MAX_RUNGS)
      return -1;
    o->rtol[o->nrtol++] = r;
    s = *end == ',' ? end + 1 : end;
    if (*end && *end != ',')
      return -1;
  }
  return o->nrtol > 0 ? 0 : -1;
}

static int parse_positive(const char *s, double *out)
{
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !(v > 0.0) || !isfinite(v))
    return -1;
  *out = v;
  return 0;
}

static void default_options(options *o)
{
  memset(o, 0, sizeof *o);
  for (int k = 0; k < 10; k++)
    o->rtol[k] = pow(10.0, -3 - k);
  o->nrtol = 10;
  o->atol_ratio = 1000.0;
  o->t_factor = 10.0;
  o->form[CS_GGL] = o->form[CS_INDEX3] = o->form[CS_PROJECTED] = o->form[CS_AUTO] = 1;
  o->nform = 4;
  o->extras = -1;
}

/* Options first, then model paths; returns the index of the first path, −1 on a usage error. */
static int parse_options(int argc, char **argv, options *o)
{
  default_options(o);
  int i = 1;
  for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0, takes = 1;
    if (strcmp(a, "--rtol-list") == 0)
      bad = !v || parse_rtol_list(v, o);
    else if (strcmp(a, "--atol-ratio") == 0)
      bad = !v || parse_positive(v, &o->atol_ratio);
    else if (strcmp(a, "--t-factor") == 0)
      bad = !v || parse_positive(v, &o->t_factor);
    else if (strcmp(a, "--time-limit") == 0)
      bad = !v || parse_positive(v, &o->time_limit);
    else if (strcmp(a, "--formulation") == 0) {
      bad = !v || parse_formulations(v, o);
    } else {
      takes = 0;
      if (strcmp(a, "--quick") == 0) {
        parse_rtol_list("1e-3,1e-6,1e-9,1e-12", o);
        o->t_factor = 1.0;
      } else if (strcmp(a, "--extras") == 0)
        o->extras = 1;
      else if (strcmp(a, "--no-extras") == 0)
        o->extras = 0;
      else if (strcmp(a, "--fail-exit") == 0)
        o->fail_exit = 1;
      else
        bad = 1;
    }
    if (bad) {
      fprintf(stderr, "clearsim-robustness: bad option %s%s%s\n\n%s", a, v && takes ? " " : "",
              v && takes ? v : "", usage);
      return -1;
    }
    i += takes;
  }
  return i;
}

/* ---------------------------------------------------------------- cases ------------------ */

/* A mechanism to run: the JSON text (a file's, or a variant built from one) and its label. */
typedef struct run_case {
  char label[64];
  char origin[160];
  char *json;
} run_case;

static char *read_text(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)n + 1))) {
    if (fread(text, 1, (size_t)n, f) != (size_t)n) {
      free(text);
      text = NULL;
    } else {
      text[n] = '\0';
    }
  }
  fclose(f);
  return text;
}

/* The file name without directory and ".json": the row's label. */
static void label_of(const char *path, const char *suffix, char *out, size_t size)
{
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strcspn(base, ".");
  snprintf(out, size, "%.*s%s", (int)n, base, suffix);
}

static double number_at(const cJSON *obj, const char *key)
{
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

static void set_number(cJSON *obj, const char *key, double value)
{
  cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  if (cJSON_IsNumber(v))
    cJSON_SetNumberValue(v, value);
  else
    cJSON_AddNumberToObject(obj, key, value);
}

/* The first angle driver's motion block, NULL if the model has none. */
static cJSON *angle_driver_motion(cJSON *root)
{
  cJSON *d;
  cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(root, "drivers"))
  {
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(d, "type");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "angle") == 0)
      return cJSON_GetObjectItemCaseSensitive(d, "motion");
  }
  return NULL;
}

/* Drive the crank at `omega` instead of the file's speed. The engine assembles initial
 * velocities by a minimum-norm correction onto the constraints, and a clearance joint is no
 * constraint: with the driver's speed alone the rod would keep most of its old angular velocity
 * and the journal would start sliding through its bearing. At the file's start (dead centre)
 * every velocity is proportional to the crank's, so all bodies' velocities are scaled by the
 * same ratio; times (t_end, output interval) scale inversely to keep the same crank turns. */
static int variant_speed(cJSON *root, double omega)
{
  cJSON *motion = angle_driver_motion(root), *b;
  double ratio = omega / number_at(motion, "velocity");
  if (!motion || !isfinite(ratio) || ratio <= 0.0)
    return -1;
  set_number(motion, "velocity", omega);
  cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(root, "bodies"))
  {
    cJSON *v, *vel = cJSON_GetObjectItemCaseSensitive(b, "velocity");
    cJSON_ArrayForEach(v, vel) cJSON_SetNumberValue(v, v->valuedouble * ratio);
  }
  cJSON *solver = cJSON_GetObjectItemCaseSensitive(root, "solver");
  cJSON *output = cJSON_GetObjectItemCaseSensitive(root, "output");
  if (isfinite(number_at(solver, "t_end")))
    set_number(solver, "t_end", number_at(solver, "t_end") / ratio);
  if (isfinite(number_at(output, "interval")))
    set_number(output, "interval", number_at(output, "interval") / ratio);
  return 0;
}

/* Start the slider-crank's journal exactly centred: the rod's pin lands at crank 0.05 m + rod
 * 0.12 m = 0.16999999999999998 in floating point, while the file's slider sits at 0.17
 * (eccentricity 2.8e-17 m). An exactly zero eccentricity has no normal direction. */
static int variant_centred(cJSON *root)
{
  cJSON *b;
  cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(root, "bodies"))
  {
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(b, "name");
    cJSON *pos = cJSON_GetObjectItemCaseSensitive(b, "position");
    if (cJSON_IsString(name) && strcmp(name->valuestring, "slider") == 0 &&
        cJSON_IsNumber(cJSON_GetArrayItem(pos, 0))) {
      cJSON_SetNumberValue(cJSON_GetArrayItem(pos, 0), 0.05 + 0.12);
      return 0;
    }
  }
  return -1;
}

/* cJSON prints a number with 15 digits whenever those read back equal to it within a relative
 * DBL_EPSILON, so 0.16999999999999998 came out as 0.17 and the centred start was lost. Every
 * number is re-emitted with 17 significant digits, which read back exactly. */
static int exact_numbers(cJSON *node)
{
  cJSON *child = node ? node->child : NULL;
  while (child) {
    cJSON *next = child->next;
    if (cJSON_IsNumber(child)) {
      char text[32];
      snprintf(text, sizeof text, "%.17g", child->valuedouble);
      cJSON *raw = cJSON_CreateRaw(text);
      int ok = raw && (cJSON_IsObject(node)
                         ? cJSON_ReplaceItemInObjectCaseSensitive(node, child->string, raw)
                         : cJSON_ReplaceItemViaPointer(node, child, raw));
      if (!ok)
        return -1;
    } else if (exact_numbers(child)) {
      return -1;
    }
    child = next;
  }
  return 0;
}

enum { PLAIN, AT_300RPM, CENTRED };

/* Add a case from a model file (kind PLAIN) or one of its variants. Impact files (no
 * "bodies") are no mechanism: skipped with a note. Returns 0 if added. */
static int add_case(run_case *cases, int *n, const char *path, int kind)
{
  static const char *const suffix[] = {"", "@300rpm", "@centred"};
  char *text = read_text(path);
  cJSON *root = text ? cJSON_Parse(text) : NULL;
  int ok = root != NULL && *n < MAX_CASES;
  if (!ok)
    fprintf(stderr, "clearsim-robustness: %s: cannot read it as JSON, skipped\n", path);
  else if (!cJSON_GetObjectItemCaseSensitive(root, "bodies")) {
    fprintf(stderr, "clearsim-robustness: %s: an impact file (no bodies), skipped\n", path);
    ok = 0;
  } else if (kind != PLAIN) {
    ok = (kind == AT_300RPM ? variant_speed(root, 300.0 * 2.0 * acos(-1.0) / 60.0)
                            : variant_centred(root)) == 0;
    char *edited = ok && exact_numbers(root) == 0 ? cJSON_PrintUnformatted(root) : NULL;
    free(text);
    text = edited;
    ok = text != NULL;
    if (!ok)
      fprintf(stderr, "clearsim-robustness: %s: cannot build its %s variant\n", path,
              suffix[kind] + 1);
  }
  if (ok) {
    run_case *c = &cases[(*n)++];
    label_of(path, suffix[kind], c->label, sizeof c->label);
    snprintf(c->origin, sizeof c->origin, "%s%s", path, suffix[kind]);
    c->json = text;
    text = NULL;
  }
  cJSON_Delete(root);
  free(text);
  return ok ? 0 : -1;
}

static void default_cases(run_case *cases, int *n)
{
  glob_t g; /* sorted by name */
  if (glob("models/*.json", 0, NULL, &g) != 0)
    return;
  for (size_t i = 0; i < g.gl_pathc; i++)
    add_case(cases, n, g.gl_pathv[i], PLAIN);
  globfree(&g);
}

/* ---------------------------------------------------------------- one run ---------------- */

typedef struct books {
  double worst_balance, scale;
} books;

static int keep_books(const cs_sim *sim, void *user)
{
  books *b = user;
  cs_energy e;
  cs_sim_energy(sim, &e);
  b->worst_balance = fmax(b->worst_balance, fabs(e.balance_error));
  b->scale = fmax(b->scale, fabs(e.kinetic) + fabs(e.potential) + fabs(e.strain));
  return 0;
}

typedef struct deadline {
  struct timespec start;
  double limit;
  int hit;
} deadline;

static double since(const struct timespec *t0)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static int past_deadline(void *user)
{
  deadline *d = user;
  if (d->limit > 0.0 && since(&d->start) > d->limit)
    d->hit = 1;
  return d->hit;
}

enum { DONE, FAILED, STOPPED };

typedef struct outcome {
  int result;
  double t;
  char why[200];
  cs_stats stats;
  books books;
} outcome;

/* The gist of an engine message, which the row's own columns do not already say: IDAS's code,
 * the step size it got down to and its reason, e.g. "IDA_CONV_FAIL, h = 8e-24: corrector
 * convergence failed repeatedly or with |h| = hmin". The whole message (cut) if it is of
 * another kind. */
static void shorten(const char *msg, char *out, size_t size)
{
  static const char lead[] = "failed at t = ";
  const char *p = strstr(msg, lead);
  char code[40] = "", step[40] = "";
  if (!p) {
    snprintf(out, size, "%.100s", msg);
    return;
  }
  char *end;
  strtod(p + sizeof lead - 1, &end); /* the time: the row prints it */
  p = strncmp(end, " s", 2) == 0 ? end + 2 : end;
  if (strncmp(p, " (", 2) == 0) {
    int n = (int)strcspn(p + 2, ")");
    snprintf(code, sizeof code, "%.*s, ", n, p + 2);
    p += 2 + n + (p[2 + n] == ')');
  }
  p += strspn(p, ": ");
  size_t word = strcspn(p, " :");
  if (p[word] == ':') /* the IDAS function that spoke: IDASolve, IDARcheck2 */
    p += word + strspn(p + word, ": ");
  const char *h = strstr(p, "h = "), *comma = h ? strstr(h, ", ") : NULL;
  if (strncmp(p, "At t = ", 7) == 0 && comma) {
    snprintf(step, sizeof step, "h = %.2g: ", atof(h + 4));
    p = comma + 2;
  }
  if (strncmp(p, "the ", 4) == 0)
    p += 4;
  int n = (int)strlen(p);
  while (n > 0 && strchr(". ,", p[n - 1]))
    n--;
  snprintf(out, size, "%s%s%.*s", code, step, n > 100 ? 100 : n, p);
}

static void simulate(const cs_model *model, double t_end, double limit, outcome *o)
{
  cs_sim *sim = NULL;
  cs_error err;
  deadline d = {.limit = limit};
  clock_gettime(CLOCK_MONOTONIC, &d.start);
  memset(o, 0, sizeof *o);
  cs_status st = cs_sim_create(model, &sim, &err);
  if (!st) {
    cs_sim_set_output(sim, keep_books, &o->books);
    cs_sim_set_interrupt(sim, past_deadline, &d);
    st = cs_sim_advance(sim, t_end, &err);
    cs_sim_stats(sim, &o->stats);
    o->t = cs_sim_time(sim);
    keep_books(sim, &o->books); /* the state it ended in, if no output instant fell there */
  }
  o->stats.wall_time = since(&d.start); /* assembly included */
  o->result = st == CS_OK ? DONE : d.hit ? STOPPED : FAILED;
  if (o->result == FAILED && !sim)
    snprintf(o->why, sizeof o->why, "cannot start: %.150s", err.message);
  else if (o->result == FAILED) {
    char gist[160];
    shorten(err.message, gist, sizeof gist);
    snprintf(o->why, sizeof o->why, "at t = %.6g s: %s", o->t, gist);
  } else if (o->result == STOPPED)
    snprintf(o->why, sizeof o->why, "at t = %.6g s (time limit)", o->t);
  cs_sim_free(sim);
}

/* ---------------------------------------------------------------- the table -------------- */

static void header(void)
{
  printf("%-32s %-6s %7s %7s %-4s %9s %10s %9s %10s %9s %9s  %s\n", "model", "form", "rtol",
         "atol", "done", "steps", "residuals", "wall s", "balance J", "scale J", "ratio",
         "failure");
}

static void row(const char *label, cs_formulation form, double rtol, double atol,
                const outcome *o)
{
  static const char *const done[] = {"yes", "NO", "stop"};
  const books *b = &o->books;
  printf("%-32s %-6s %7.0e %7.0e %-4s %9ld %10ld %9.3f %10.3e %9.3g %9.2e  %s\n", label,
         cs_formulation_name(form), rtol, atol, done[o->result], o->stats.steps,
         o->stats.residual_evals, o->stats.wall_time, b->worst_balance, b->scale,
         b->scale > 0.0 ? b->worst_balance / b->scale : NAN, o->why);
  fflush(stdout);
}

typedef struct tally {
  int runs, done, failed, stopped, unloadable;
} tally;

static void run_case_ladder(const run_case *c, const options *opt, tally *t, int *k, int total)
{
  static const cs_formulation forms[4] = {CS_GGL, CS_INDEX3, CS_PROJECTED, CS_AUTO};
  for (int f = 0; f < 4; f++) {
    if (!opt->form[forms[f]])
      continue;
    for (int r = 0; r < opt->nrtol; r++) {
      double rtol = opt->rtol[r], atol = rtol / opt->atol_ratio;
      cs_model *m = NULL;
      cs_error err;
      fprintf(stderr, "[%d/%d] %s %s rtol %.0e …\n", ++*k, total, c->label,
              cs_formulation_name(forms[f]), rtol);
      if (cs_model_load_string(c->json, c->origin, NULL, &m, &err) ||
          cs_model_set_tolerances(m, rtol, atol, &err)) {
        printf("%-32s cannot load: %s\n", c->label, err.message);
        t->unloadable++;
        cs_model_free(m);
        return;
      }
      cs_model_set_formulation(m, forms[f]);
      outcome o;
      simulate(m, opt->t_factor * cs_model_t_end(m), opt->time_limit, &o);
      row(c->label, forms[f], rtol, atol, &o);
      t->runs++;
      t->done += o.result == DONE;
      t->failed += o.result == FAILED;
      t->stopped += o.result == STOPPED;
      cs_model_free(m);
    }
  }
}

int main(int argc, char **argv)
{
  options opt;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    }
  int first = parse_options(argc, argv, &opt);
  if (first < 0)
    return EXIT_USAGE;
  static run_case cases[MAX_CASES];
  int n = 0;
  for (int i = first; i < argc; i++)
    add_case(cases, &n, argv[i], PLAIN);
  if (first == argc)
    default_cases(cases, &n);
  if (opt.extras == 1 || (opt.extras < 0 && first == argc)) {
    add_case(cases, &n, "models/slider_crank_clearance.json", AT_300RPM);
    add_case(cases, &n, "models/slider_crank_clearance.json", CENTRED);
  }
  if (n == 0) {
    fprintf(stderr, "clearsim-robustness: no model to run (run it from the repository root, "
                    "or name the models)\n");
    return EXIT_NOTHING;
  }
  printf("# rtol ladder of %d, atol = rtol/%g, to %g x t_end; balance: worst |energy balance "
         "error| over the output instants; scale: largest |kinetic| + |potential| + strain\n",
         opt.nrtol, opt.atol_ratio, opt.t_factor);
  header();
  tally t = {0};
  int k = 0, total = n * opt.nrtol * opt.nform;
  for (int c = 0; c < n; c++) {
    run_case_ladder(&cases[c], &opt, &t, &k, total);
    free(cases[c].json);
  }
  printf("# %d runs: %d completed, %d failed, %d stopped at the time limit; %d models could "
         "not be loaded\n",
         t.runs, t.done, t.failed, t.stopped, t.unloadable);
  if (t.runs == 0)
    return EXIT_NOTHING;
  return opt.fail_exit && (t.failed || t.unloadable) ? EXIT_FAILED : 0;
}
