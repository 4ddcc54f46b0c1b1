/*
 * test_output.c — cs_run and the HDF5 file it writes (engine/run/cs_run.c, engine/output/cs_h5.c), read
 * back with the HDF5 C API: the layout, the rows against what the output callback saw, closed
 * forms of the motion, and the files of runs that fail, are interrupted, are killed, or cannot
 * start.
 *
 * The models are written here, not read from models/, so the test does not follow their edits.
 */
#define _POSIX_C_SOURCE 200809L

#include "clearsim.h"
#include "cs_sim_linear.h"
#include "cs_test.h"
#include "cs_test_h5.h" /* its HDF5 include first: cs_h5_util.h has no path of its own */
#include "cs_h5_util.h"
#include "cs_h5_driver.h"

#include <glob.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const double G = 9.81;

/* A crank of length L = 0.4 m (mass 2 kg, centre of mass at mid-length) on a revolute joint
 * at the ground's origin, turned at ω = 2π rad/s by an angle driver, under gravity −y. */
static const double L = 0.4, OMEGA = 2 * 3.14159265358979323846, MASS = 2.0;
static const char CRANK_FMT[] =
  "{\n"
  "  \"name\": \"driven crank\",\n"
  "  \"description\": \"test_output: \xc2\xb5m, \\u00b5m and \\\"quotes\\\" survive verbatim\",\n"
  "  \"gravity\": [0, -9.81],\n"
  "  \"bodies\": [\n"
  "    {\"name\": \"ground\", \"ground\": true},\n"
  "    {\"name\": \"crank\", \"mass\": 2.0, \"inertia\": 0.02666666666666667,\n"
  "     \"position\": [0.2, 0, 0]}\n"
  "  ],\n"
  "  \"joints\": [{\"name\": \"pivot\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
  "                \"body2\": \"crank\", \"point1\": [0, 0], \"point2\": [-0.2, 0]}],\n"
  "  \"drivers\": [{\"name\": \"%s\", \"type\": \"angle\", \"joint\": \"pivot\",\n"
  "                 \"motion\": {\"velocity\": 6.283185307179586}}],\n"
  "  \"solver\": {\"t_end\": 1.5, \"rtol\": 1e-8, \"atol\": 1e-10%s},\n"
  "  \"output\": {\"interval\": 0.01, \"file\": \"%s\"}\n"
  "}\n";

/* A free body under gravity: no constraint rows, no drivers. */
static const char FALL[] =
  "{\"name\": \"free fall\", \"gravity\": [0, -9.81],\n"
  " \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
  "            {\"name\": \"ball\", \"mass\": 1, \"inertia\": 0.01, \"position\": [0, 1, 0],\n"
  "             \"velocity\": [0.5, 0, 0]}],\n"
  " \"solver\": {\"t_end\": 0.3, \"rtol\": 1e-8, \"atol\": 1e-10},\n"
  " \"output\": {\"interval\": 0.05}}\n";

/* A link that cannot close: its ends 1 m apart, pinned to ground points 2 m apart. */
static const char OPEN_LOOP[] =
  "{\"name\": \"cannot close\",\n"
  " \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
  "            {\"name\": \"link\", \"mass\": 1, \"inertia\": 0.1, \"position\": [1, 0, 0]}],\n"
  " \"joints\": [{\"name\": \"left\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
  "              \"body2\": \"link\", \"point1\": [0, 0], \"point2\": [-0.5, 0]},\n"
  "             {\"name\": \"right\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
  "              \"body2\": \"link\", \"point1\": [2, 0], \"point2\": [0.5, 0]}]}\n";

/* ---------------------------------------------------------------- helpers ---------------- */

static char *crank_json_named(const char *driver, const char *solver_extra, const char *file)
{
  size_t n = sizeof CRANK_FMT + strlen(driver) + strlen(solver_extra) + strlen(file);
  char *json = malloc(n);
  snprintf(json, n, CRANK_FMT, driver, solver_extra, file);
  return json;
}

static char *crank_json(const char *solver_extra, const char *file)
{
  return crank_json_named("motor", solver_extra, file);
}

static cs_model *load(const char *json)
{
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_string(json, "<test>", NULL, &m, &err) != CS_OK) {
    printf("cannot load a test model: %s\n", err.message);
    return NULL;
  }
  return m;
}

/* In the working directory: a model's output.file is relative, without '..' (engine/README.md
 * "Security"). */
static void temp_path(char path[64])
{
  strcpy(path, "cs_test_output_XXXXXX");
  int fd = mkstemp(path);
  if (fd >= 0)
    close(fd);
}

/* /time is strictly increasing from 0 and holds at least /rows rows (as many once the file is
 * closed: status no longer running); returns /rows. */
static size_t check_time(hid_t file, const char *what)
{
  size_t n;
  double *t = read_all(file, "time", &n);
  long rows = committed_rows(file);
  CHECK(rows >= 0 && (size_t)rows <= n, "%s: /rows %ld of /time's %zu", what, rows, n);
  char *status = text_attr(file, "/", "status");
  if (strcmp(status, "running") != 0)
    CHECK((size_t)rows == n, "%s: a closed file's series hold /rows rows", what);
  free(status);
  if (rows >= 0 && (size_t)rows < n)
    n = (size_t)rows;
  CHECK(n >= 1, "%s: /time has rows", what);
  if (n >= 1)
    CHECK_NEAR(t[0], 0.0, 0.0, "first time is t0 = 0");
  int increasing = 1;
  for (size_t i = 1; i < n; i++)
    increasing &= t[i] > t[i - 1];
  CHECK(increasing, "%s: /time strictly increasing", what);
  if (n >= 1)
    CHECK_NEAR(double_attr(file, "/", "t_final"), t[n - 1], 0.0, "t_final is the last row's time");
  free(t);
  return n;
}

/* ---------------------------------------------------------------- a complete run --------- */

enum { MAX_ROWS = 256 };

typedef struct record {
  int rows;
  double t[MAX_ROWS], q[MAX_ROWS][2][3], v[MAX_ROWS][2][3], a[MAX_ROWS][2][3];
  double lambda[MAX_ROWS][3], reaction[MAX_ROWS], drift[MAX_ROWS][2];
  cs_energy e[MAX_ROWS];
} record;

static int record_row(const cs_sim *sim, void *user)
{
  record *r = user;
  if (r->rows >= MAX_ROWS)
    return 1;
  int i = r->rows++;
  r->t[i] = cs_sim_time(sim);
  for (int b = 0; b < 2; b++) {
    cs_sim_body_position(sim, b, r->q[i][b]);
    cs_sim_body_velocity(sim, b, r->v[i][b]);
    cs_sim_body_acceleration(sim, b, r->a[i][b]);
  }
  for (int k = 0; k < 3; k++)
    r->lambda[i][k] = cs_sim_lambda(sim, k);
  r->reaction[i] = cs_sim_driver_reaction(sim, 1);
  r->drift[i][0] = cs_sim_position_drift(sim);
  r->drift[i][1] = cs_sim_velocity_drift(sim);
  cs_sim_energy(sim, &r->e[i]);
  return 0;
}

/* Every numeric dataset has this shape and these units. */
static void check_layout(hid_t f, size_t n)
{
  static const struct {
    const char *name, *units;
    int rank;
    hsize_t d1, d2;
  } sets[] = {
    {"time", "s", 1, 0, 0},
    {"bodies/position", "m, m, rad", 3, 2, 3},
    {"bodies/velocity", "m/s, m/s, rad/s", 3, 2, 3},
    {"bodies/acceleration", "m/s^2, m/s^2, rad/s^2", 3, 2, 3},
    {"constraints/lambda", "N (distance rows), N*m (angle rows)", 2, 3, 0},
    {"constraints/position_drift", "m or rad", 1, 0, 0},
    {"constraints/velocity_drift", "m/s or rad/s", 1, 0, 0},
    {"energy/kinetic", "J", 1, 0, 0},
    {"energy/potential", "J", 1, 0, 0},
    {"energy/strain", "J", 1, 0, 0},
    {"energy/dissipated", "J", 1, 0, 0},
    {"energy/driver_work", "J", 1, 0, 0},
    {"energy/applied_work", "J", 1, 0, 0},
    {"energy/balance_error", "J", 1, 0, 0},
    {"drivers/motor/reaction", "N*m", 1, 0, 0},
  };
  for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
    hsize_t dims[3];
    int rank = shape(f, sets[i].name, dims);
    CHECK(rank == sets[i].rank && dims[0] == n && dims[1] == sets[i].d1 && dims[2] == sets[i].d2,
          "%s: shape rank %d [%llu, %llu, %llu], want rank %d [%zu, %llu, %llu]", sets[i].name,
          rank, (unsigned long long)dims[0], (unsigned long long)dims[1],
          (unsigned long long)dims[2], sets[i].rank, n, (unsigned long long)sets[i].d1,
          (unsigned long long)sets[i].d2);
    CHECK(text_attr_is(f, sets[i].name, "units", sets[i].units), "%s: units", sets[i].name);
  }
  /* text datasets carry units too, empty: every dataset has the attribute */
  CHECK(text_attr_is(f, "model", "units", ""), "/model units \"\"");
  CHECK(text_attr_is(f, "bodies/names", "units", ""), "/bodies/names units \"\"");
  CHECK(text_attr_is(f, "drivers/motor", "joint_kind", "angle driver"), "driver kind");
}

/* A file row equals the callback's row: bit for bit, the sink reads the same accessors. */
static void check_rows(hid_t f, const record *r, size_t n)
{
  size_t m;
  double *t = read_all(f, "time", &m), *q = read_all(f, "bodies/position", &m);
  double *v = read_all(f, "bodies/velocity", &m), *a = read_all(f, "bodies/acceleration", &m);
  double *lam = read_all(f, "constraints/lambda", &m);
  double *tau = read_all(f, "drivers/motor/reaction", &m);
  double *ke = read_all(f, "energy/kinetic", &m), *pe = read_all(f, "energy/potential", &m);
  double *be = read_all(f, "energy/balance_error", &m);
  double *pd = read_all(f, "constraints/position_drift", &m);
  int same = (size_t)r->rows == n;
  for (size_t i = 0; same && i < n; i++) {
    same &= t[i] == r->t[i] && tau[i] == r->reaction[i] && ke[i] == r->e[i].kinetic &&
            pe[i] == r->e[i].potential && be[i] == r->e[i].balance_error &&
            pd[i] == r->drift[i][0];
    for (int k = 0; k < 6; k++)
      same &= q[6 * i + k] == r->q[i][k / 3][k % 3] && v[6 * i + k] == r->v[i][k / 3][k % 3] &&
              a[6 * i + k] == r->a[i][k / 3][k % 3];
    for (int k = 0; k < 3; k++)
      same &= lam[3 * i + k] == r->lambda[i][k];
    if (!same)
      printf("  first differing row %zu (t = %g)\n", i, r->t[i]);
  }
  CHECK(same, "all %zu file rows equal the %d rows the output callback saw", n, r->rows);

  /* Closed forms of the driven crank (θ = ω t exactly, the centre of mass on a circle of
   * radius L/2): they catch rows written out of step with /time or bodies swapped. */
  double worst_q = 0, worst_v = 0, worst_ground = 0;
  for (size_t i = 0; i < n; i++) {
    double th = OMEGA * t[i], *c = &q[6 * i + 3], *cv = &v[6 * i + 3];
    worst_q = fmax(worst_q, fabs(c[0] - L / 2 * cos(th)) + fabs(c[1] - L / 2 * sin(th)) +
                                fabs(c[2] - th));
    worst_v = fmax(worst_v, fabs(cv[0] + L / 2 * OMEGA * sin(th)) +
                                fabs(cv[1] - L / 2 * OMEGA * cos(th)) + fabs(cv[2] - OMEGA));
    for (int k = 0; k < 3; k++)
      worst_ground = fmax(worst_ground, fabs(q[6 * i + k]) + fabs(v[6 * i + k]));
  }
  CHECK_NEAR(worst_q, 0.0, 1e-6, "crank pose vs θ = ω t, centre on radius L/2");
  CHECK_NEAR(worst_v, 0.0, 1e-5, "crank velocity vs ω × r");
  CHECK_NEAR(worst_ground, 0.0, 0.0, "ground body written at its fixed pose, at rest");
  /* Uniform rotation: the motor holds the weight's moment, |τ| = m g (L/2) |cos θ| */
  double worst_tau = 0;
  for (size_t i = 0; i < n; i++)
    worst_tau = fmax(worst_tau, fabs(fabs(tau[i]) - MASS * G * L / 2 * fabs(cos(OMEGA * t[i]))));
  CHECK_NEAR(worst_tau, 0.0, 1e-4, "driver reaction |τ| = m g L/2 |cos ωt|");
  free(t), free(q), free(v), free(a), free(lam), free(tau), free(ke), free(pe), free(be);
  free(pd);
}

static void test_complete(void)
{
  char path[64];
  temp_path(path);
  char *json = crank_json("", path);
  cs_model *model = load(json);
  if (!model) {
    CHECK(0, "the crank model loads");
    free(json);
    unlink(path);
    return;
  }
  static record rec; /* large: keep it off the stack */
  memset(&rec, 0, sizeof rec);
  cs_run_options opt = {.output_path = NULL, .progress = record_row, .progress_user = &rec};
  cs_sim *sim = NULL;
  cs_error err;
  /* output_path NULL: the model's own "output.file" */
  cs_status st = cs_run(model, &opt, &sim, &err);
  CHECK(st == CS_OK, "complete run: status %d (%s)", st, err.message);
  CHECK(sim != NULL, "cs_run hands back the simulation");

  hid_t f = open_file(path);
  CHECK(f >= 0, "the file %s opens", path);
  if (f >= 0) {
    /* t_end 1.5 s at 0.01 s: rows at 0, 0.01, …, 1.5, three blocks of the sink */
    size_t n = check_time(f, "complete");
    CHECK(n == 151, "151 rows, got %zu", n);
    size_t m;
    double *t = read_all(f, "time", &m);
    if (m)
      CHECK_NEAR(t[m - 1], 1.5, 1e-12, "last row at t_end");
    free(t);
    CHECK(text_attr_is(f, "/", "status", "complete"), "status complete");
    CHECK(text_attr_is(f, "/", "message", ""), "no message");
    CHECK(text_attr_is(f, "/", "model_name", "driven crank"), "model_name");
    CHECK(text_attr_is(f, "/", "clearsim_version", cs_version()), "clearsim_version");
    CHECK(text_attr_is(f, "/", "formulation",
                       sim && cs_sim_formulation(sim) == CS_INDEX3 ? "index3" : "auto"),
          "formulation: index3 as set, else the default, auto");
    char *stored = text_item(f, "model", -1);
    CHECK(stored && strcmp(stored, json) == 0, "/model is the input JSON byte for byte");
    free(stored);
    char *b0 = text_item(f, "bodies/names", 0), *b1 = text_item(f, "bodies/names", 1);
    CHECK(b0 && b1 && !strcmp(b0, "ground") && !strcmp(b1, "crank"), "body names in order");
    free(b0), free(b1);
    for (int k = 0; k < 3; k++) {
      char *c = text_item(f, "constraints/names", k);
      CHECK(c && sim && strcmp(c, cs_sim_constraint_name(sim, k)) == 0, "constraint name %d", k);
      free(c);
    }
    check_layout(f, n);
    check_rows(f, &rec, n);
    if (sim) {
      cs_stats s;
      cs_sim_stats(sim, &s);
      CHECK(s.steps > 0 && long_attr(f, "solver", "steps") == s.steps, "/solver steps = %ld",
            s.steps);
      CHECK(long_attr(f, "solver", "residual_evals") == s.residual_evals, "/solver residuals");
      CHECK_NEAR(double_attr(f, "solver", "wall_time"), s.wall_time, 0.0, "/solver wall_time");
      long fallbacks = -1;
      int kind = cs_sim_linear_solver(sim, &fallbacks);
      CHECK(text_attr_is(f, "solver", "linear_solver", kind > 0 ? "sparse" : kind == 0 ? "dense"
                                                                             : "none") &&
                long_attr(f, "solver", "linear_fallbacks") == (kind < 0 ? 0 : fallbacks),
            "/solver linear_solver and linear_fallbacks (%d, %ld)", kind, fallbacks);
    }
    H5Fclose(f);
  }
  /* the handed-back sim carries no callback into cs_run's dead frame */
  if (sim) {
    int before = rec.rows;
    CHECK(cs_sim_advance(sim, 1.6, &err) == CS_OK, "the sim goes on after cs_run: %s",
          err.message);
    CHECK(rec.rows == before, "no progress call after cs_run returned");
  }
  cs_sim_free(sim);
  cs_model_free(model);
  free(json);
  unlink(path);
}

/* ---------------------------------------------------------------- runs that stop --------- */

static void test_failed(void)
{
  char path[64];
  temp_path(path);
  /* 3 internal steps per output interval: IDA starts with tiny steps and runs out of work */
  char *json = crank_json(", \"max_steps\": 3, \"formulation\": \"ggl\"", path);
  cs_model *model = load(json);
  cs_error err;
  cs_status st = model ? cs_run(model, NULL, NULL, &err) : CS_ERR_INPUT;
  CHECK(st == CS_ERR_SOLVER, "max_steps 3: CS_ERR_SOLVER, got %d (%s)", st, err.message);
  hid_t f = open_file(path);
  CHECK(f >= 0, "the failed run's file opens");
  if (f >= 0) {
    size_t n = check_time(f, "failed");
    hsize_t dims[3];
    CHECK(shape(f, "bodies/position", dims) == 3 && dims[0] == n, "positions: a row per time");
    CHECK(text_attr_is(f, "/", "status", "failed"), "status failed");
    CHECK(text_attr_is(f, "/", "message", err.message), "message is the solver's error");
    CHECK(err.message[0] != '\0', "the message is not empty");
    H5Fclose(f);
  }
  cs_model_free(model);
  free(json);
  unlink(path);
}

typedef struct counter {
  int outputs, stop_after, paused;
} counter;

static int count_output(const cs_sim *sim, void *user)
{
  (void)sim;
  ((counter *)user)->outputs++;
  return 0;
}

static int stop_when_counted(void *user)
{
  const counter *c = user;
  return c->outputs >= c->stop_after;
}

static int stop_progress(const cs_sim *sim, void *user)
{
  (void)sim;
  counter *c = user;
  return ++c->outputs >= c->stop_after;
}

static void test_interrupted(void)
{
  char path[64];
  temp_path(path);
  char *json = crank_json("", path);
  cs_model *model = load(json);
  for (int way = 0; model && way < 2; way++) {
    /* way 0: the interrupt callback after 5 outputs; way 1: the progress callback says stop */
    counter c = {0, 5, 0};
    cs_run_options opt = {.output_path = path};
    if (way == 0) {
      opt.progress = count_output, opt.progress_user = &c;
      opt.interrupt = stop_when_counted, opt.interrupt_user = &c;
    } else {
      opt.progress = stop_progress, opt.progress_user = &c;
    }
    cs_error err;
    cs_status st = cs_run(model, &opt, NULL, &err);
    CHECK(st == CS_ERR_INTERRUPTED, "way %d: CS_ERR_INTERRUPTED, got %d (%s)", way, st,
          err.message);
    hid_t f = open_file(path);
    CHECK(f >= 0, "the interrupted run's file opens");
    if (f >= 0) {
      size_t n = check_time(f, "interrupted");
      /* every row the progress callback saw was written first; way 1 stops at the 5th */
      CHECK(way == 0 ? n >= 5 && n <= 6 : n == 5, "way %d: rows %zu", way, n);
      CHECK(text_attr_is(f, "/", "status", "interrupted"), "status interrupted");
      CHECK(text_attr_is(f, "/", "message", err.message), "message says where it stopped");
      H5Fclose(f);
    }
  }
  cs_model_free(model);
  free(json);
  unlink(path);
}

/* SIGKILL: no atexit handler (HDF5 has one that closes files) gets to tidy up. A pause after
 * the first block lets the next row commit (engine/output/cs_h5_util.h): a pause of
 * CS_H5_COMMIT_MAX_SECONDS commits that row whether or not the first block was committed
 * already (when the layout and 64 rows took 0.1 s, under the sanitizers or a busy disk, it
 * was, and a shorter pause then left nothing new to commit). */
enum { BLOCK_ROWS = 64 };
static const double COMMIT_PAUSE = CS_H5_COMMIT_MAX_SECONDS + 0.05;
static int kill_at_count(void *user)
{
  counter *c = user;
  if (c->outputs >= BLOCK_ROWS + 6 && !c->paused) {
    struct timespec pause = {(time_t)COMMIT_PAUSE,
                             (long)(1e9 * (COMMIT_PAUSE - (double)(time_t)COMMIT_PAUSE))};
    nanosleep(&pause, NULL);
    c->paused = 1;
  }
  if (c->outputs >= c->stop_after)
    raise(SIGKILL);
  return 0;
}

/* A process killed mid-run leaves a readable file: status "running", every flushed row. */
static void test_killed(void)
{
  char path[64];
  temp_path(path);
  char *json = crank_json("", path);
  cs_model *model = load(json);
  if (!model) {
    CHECK(0, "the crank model loads");
    free(json);
    unlink(path);
    return;
  }
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    counter c = {0, 100, 0};
    cs_run_options opt = {.t_end = 100, .progress = count_output, .progress_user = &c,
                          .interrupt = kill_at_count, .interrupt_user = &c};
    cs_run(model, &opt, NULL, NULL);
    _exit(3); /* not reached: killed at the 100th row */
  }
  int ws = 0;
  waitpid(child, &ws, 0);
  CHECK(WIFSIGNALED(ws) && WTERMSIG(ws) == SIGKILL, "the child was killed");
  hid_t f = open_file(path);
  CHECK(f >= 0, "the killed run's file opens");
  if (f >= 0) {
    size_t n = check_time(f, "killed");
    /* committed at the first row after the pause: at least 71 of the 100 rows seen */
    CHECK(n >= BLOCK_ROWS + 7 && n <= 100, "killed after 100 rows: %zu committed", n);
    CHECK(text_attr_is(f, "/", "status", "running"), "status still running");
    H5Fclose(f);
  }
  cs_model_free(model);
  free(json);
  unlink(path);
}

/* ---------------------------------------------------------------- edge cases ------------- */

static void test_no_constraints(void)
{
  char path[64];
  temp_path(path);
  cs_model *model = load(FALL);
  cs_run_options opt = {.output_path = path};
  cs_error err;
  cs_status st = model ? cs_run(model, &opt, NULL, &err) : CS_ERR_INPUT;
  CHECK(st == CS_OK, "free fall runs: %d (%s)", st, err.message);
  hid_t f = open_file(path);
  if (f >= 0) {
    size_t n = check_time(f, "free fall");
    CHECK(n == 7, "0.3 s at 0.05 s: 7 rows, got %zu", n);
    hsize_t dims[3];
    CHECK(shape(f, "constraints/lambda", dims) == 2 && dims[0] == n && dims[1] == 0,
          "lambda [N, 0]");
    CHECK(shape(f, "constraints/names", dims) == 1 && dims[0] == 0, "constraint names [0]");
    hsize_t ndriver = 99;
    hid_t g = H5Gopen2(f, "drivers", H5P_DEFAULT);
    if (g >= 0) {
      H5G_info_t info;
      if (H5Gget_info(g, &info) >= 0)
        ndriver = info.nlinks;
      H5Gclose(g);
    }
    CHECK(ndriver == 0, "/drivers is empty");
    /* y = 1 − g t²/2, x = 0.5 t: closed form of free fall */
    size_t m;
    double *t = read_all(f, "time", &m), *q = read_all(f, "bodies/position", &m);
    double worst = 0;
    for (size_t i = 0; i < n; i++)
      worst = fmax(worst, fabs(q[6 * i + 3] - 0.5 * t[i]) +
                              fabs(q[6 * i + 4] - (1 - G * t[i] * t[i] / 2)));
    CHECK_NEAR(worst, 0.0, 1e-6, "free fall: x = v0 t, y = y0 − g t²/2");
    free(t), free(q);
    H5Fclose(f);
  } else {
    CHECK(0, "the free-fall file opens");
  }
  cs_model_free(model);
  unlink(path);
}

/* An embedding program's own HDF5 error handler: counts the times HDF5 would print. */
static herr_t count_prints(hid_t stack, void *user)
{
  (void)stack;
  ++*(int *)user;
  return 0;
}

/* options.t_end between two output instants: the run still ends on a row at t_end. */
static void test_t_end_between_outputs(void)
{
  char path[64];
  temp_path(path);
  cs_model *model = load(FALL);
  cs_run_options opt = {.output_path = path, .t_end = 0.32};
  cs_error err;
  cs_status st = model ? cs_run(model, &opt, NULL, &err) : CS_ERR_INPUT;
  CHECK(st == CS_OK, "t_end 0.32: %d (%s)", st, err.message);
  hid_t f = open_file(path);
  CHECK(f >= 0, "the file opens");
  if (f >= 0) {
    size_t n = check_time(f, "t_end 0.32"), m;
    /* 0, 0.05, …, 0.30 and then t_end */
    CHECK(n == 8, "8 rows, got %zu", n);
    double *t = read_all(f, "time", &m), *q = read_all(f, "bodies/position", &m);
    if (n == 8) {
      CHECK_NEAR(t[7], 0.32, 1e-12, "the last row is at options.t_end");
      CHECK_NEAR(q[6 * 7 + 4], 1 - G * 0.32 * 0.32 / 2, 1e-6, "y(t_end) = y0 − g t²/2");
    }
    free(t), free(q);
    H5Fclose(f);
  }
  cs_model_free(model);
  unlink(path);
}

static void test_bad_path(void)
{
  cs_model *model = load(FALL);
  static const char bad[] = "/nonexistent/dir/x.h5";
  cs_run_options opt = {.output_path = bad};
  cs_error err;
  cs_sim *sim = NULL;
  int prints = 0;
  H5Eset_auto2(H5E_DEFAULT, count_prints, &prints);
  cs_status st = model ? cs_run(model, &opt, &sim, &err) : CS_ERR_INPUT;
  H5E_auto2_t fn = NULL;
  void *data = NULL;
  H5Eget_auto2(H5E_DEFAULT, &fn, &data);
  CHECK(fn == count_prints && data == &prints, "the caller's HDF5 error handler is restored");
  CHECK(prints == 0, "the library printed nothing through HDF5 (%d reports)", prints);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  CHECK(st == CS_ERR_IO, "bad path: CS_ERR_IO, got %d", st);
  CHECK(strstr(err.message, bad) != NULL, "the message names the path: %s", err.message);
  CHECK(strstr(err.message, "No such file or directory") != NULL, "and the reason: %s",
        err.message);
  CHECK(access(bad, F_OK) != 0, "no file appeared");
  cs_sim_free(sim);
  cs_model_free(model);
}

static void test_cannot_assemble(void)
{
  char path[64];
  temp_path(path);
  cs_model *model = load(OPEN_LOOP);
  cs_run_options opt = {.output_path = path};
  cs_error err;
  cs_sim *sim = (cs_sim *)&err; /* must come back NULL */
  cs_status st = model ? cs_run(model, &opt, &sim, &err) : CS_ERR_INPUT;
  CHECK(st == CS_ERR_ASSEMBLY, "a link that cannot close: CS_ERR_ASSEMBLY, got %d (%s)", st,
        err.message);
  CHECK(sim == NULL, "no simulation handed back");
  hid_t f = open_file(path);
  CHECK(f >= 0, "a file says why the run could not start");
  if (f >= 0) {
    CHECK(text_attr_is(f, "/", "status", "failed"), "status failed");
    CHECK(text_attr_is(f, "/", "message", err.message), "message is the assembly error");
    char *stored = text_item(f, "model", -1);
    CHECK(stored && strcmp(stored, OPEN_LOOP) == 0, "/model verbatim");
    free(stored);
    H5Fclose(f);
  }
  cs_model_free(model);
  unlink(path);
}

/* Names the loader accepts are names the writer can use (models/README.md "Limits"): a
 * driver named with 64 bytes of two-byte UTF-8 gets its group, and reads back as UTF-8;
 * "." is refused at load, naming the driver's JSON path, and no file is made. */
static void test_driver_names(void)
{
  char path[64];
  temp_path(path);
  char name[65] = "";
  for (int i = 0; i < 32; i++)
    strcat(name, "\xC3\xA9"); /* é */
  char *json = crank_json_named(name, "", path);
  cs_model *model = load(json);
  cs_error err;
  cs_status st = model ? cs_run(model, NULL, NULL, &err) : CS_ERR_INPUT;
  CHECK(st == CS_OK, "a 64-byte UTF-8 driver name runs: %d (%s)", st, model ? err.message : "");
  hid_t f = open_file(path);
  if (f >= 0) {
    char group[128];
    snprintf(group, sizeof group, "drivers/%s/reaction", name);
    CHECK(H5Lexists(f, "drivers", H5P_DEFAULT) > 0 && H5Lexists(f, group, H5P_DEFAULT) > 0,
          "/drivers/<64-byte name>/reaction exists");
    H5Fclose(f);
  }
  cs_model_free(model);
  free(json);
  unlink(path);

  json = crank_json_named(".", "", path);
  model = NULL;
  st = cs_model_load_string(json, "<test>", NULL, &model, &err);
  CHECK(st == CS_ERR_INPUT && strstr(err.message, "<test>: /drivers/0/name: expected a name") &&
        model == NULL, "driver \".\" refused at load: %d (%s)", st, err.message);
  free(json);
  unlink(path);
}

static void test_no_file(void)
{
  cs_model *model = load(FALL); /* names no file */
  counter c = {0, 0, 0};
  cs_run_options opt = {.progress = count_output, .progress_user = &c};
  cs_error err;
  cs_status st = model ? cs_run(model, &opt, NULL, &err) : CS_ERR_INPUT;
  CHECK(st == CS_OK, "a run without a file: %d (%s)", st, err.message);
  CHECK(c.outputs == 7, "progress still sees the 7 rows, got %d", c.outputs);
  cs_model_free(model);
}

/* The temporary name "<name>.<pid>.partial" beside `name` (without O_TMPFILE): how many. */
static size_t partials(const char *name)
{
  char pattern[128];
  snprintf(pattern, sizeof pattern, "%s.*.partial", name);
  glob_t g;
  size_t n = glob(pattern, 0, NULL, &g) == 0 ? g.gl_pathc : 0;
  globfree(&g);
  return n;
}

/* Without O_TMPFILE a new file is named at its first commit by a rename. When that rename
 * fails (a directory took the name meanwhile), the commit fails and the file keeps its
 * temporary name: a later commit names it, and a close without one removes it. (The driver
 * used to forget the temporary name at the failure: the retry then failed on EEXIST forever,
 * and the .partial file stayed behind after the run.) */
static void test_name_taken(void)
{
  char dir[] = "/tmp/cs_test_name_XXXXXX", path[96];
  if (!mkdtemp(dir)) {
    CHECK(0, "a temporary directory");
    return;
  }
  snprintf(path, sizeof path, "%s/out.h5", dir);
  setenv("CLEARSIM_H5_NO_TMPFILE", "1", 1);
  H5E_auto2_t print;
  void *print_data;
  H5Eget_auto2(H5E_DEFAULT, &print, &print_data);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  for (int retry = 0; retry < 2; retry++) {
    hid_t file = H5I_INVALID_HID;
    cs_error err;
    cs_status st = cs_h5_create_file(path, "m", "{}", "running", "", &file, &err);
    CHECK(st == CS_OK && partials(path) == 1, "created under its temporary name: %d", st);
    CHECK(mkdir(path, 0700) == 0, "a directory takes the name");
    CHECK(H5Fflush(file, H5F_SCOPE_LOCAL) < 0, "the commit that cannot name the file fails");
    CHECK(partials(path) == 1, "the file keeps its temporary name");
    if (retry) { /* the name is free again: the next commit takes it */
      rmdir(path);
      CHECK(H5Fflush(file, H5F_SCOPE_LOCAL) >= 0, "the next commit names it");
      CHECK(partials(path) == 0 && access(path, R_OK) == 0, "named, nothing beside it");
    }
    /* without the retry, the run gives the file up as cs_run does after a failed write
     * (HDF5 crashes at exit after a close whose flush failed) */
    if (!retry)
      CHECK(cs_h5_driver_abandon(file) == 0, "given up, never named");
    if (file >= 0)
      H5Fclose(file);
    CHECK(partials(path) == 0, "%s: no temporary file left", retry ? "named" : "closed unnamed");
    struct stat info;
    CHECK(stat(path, &info) == 0 && (retry ? S_ISREG(info.st_mode) : S_ISDIR(info.st_mode)),
          "the name holds %s", retry ? "the file" : "the directory, untouched");
    rmdir(path);
    unlink(path);
  }
  H5Eset_auto2(H5E_DEFAULT, print, print_data);
  unsetenv("CLEARSIM_H5_NO_TMPFILE");
  rmdir(dir);
}

int main(void)
{
  test_complete();
  test_failed();
  test_interrupted();
  test_killed();
  test_no_constraints();
  test_t_end_between_outputs();
  test_bad_path();
  test_cannot_assemble();
  test_driver_names();
  test_no_file();
  test_name_taken();
  return cs_test_finish();
}
