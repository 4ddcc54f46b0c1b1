/*
 * test_fmi3_importer.c — an FMI 3.0 importer of our own (issue 28): `clearsim fmu` writes the
 * clearance slider-crank's FMU, the test unzips it, dlopens the binary and calls the standard
 * sequence (instantiate, enter and exit initialization, doStep, get, terminate, free) as a
 * master does, at communication steps 1e-4, 1e-3 and 1e-2 s. It checks the outputs against
 * the same model run by the library (what `clearsim run` writes), two instances side by side,
 * a parameter, an input changed mid-run, and a bad model reaching the logger and nothing else.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clearsim.h"
#include "cs_test.h"

/* The standard's types this importer uses (FMI 3.0, written from the specification). */
typedef void *fmi3Instance;
typedef int fmi3Status; /* fmi3OK 0, fmi3Error 3 */
typedef void (*log_fn)(void *env, fmi3Status status, const char *category, const char *msg);
typedef fmi3Instance (*instantiate_fn)(const char *name, const char *token, const char *resources,
                                       bool visible, bool logging, bool eventMode,
                                       bool earlyReturn, const uint32_t required[], size_t nreq,
                                       void *env, log_fn log, void *intermediate);
typedef fmi3Status (*enter_init_fn)(fmi3Instance, bool, double, double, bool, double);
typedef fmi3Status (*instance_fn)(fmi3Instance);
typedef void (*free_fn)(fmi3Instance);
typedef fmi3Status (*get_fn)(fmi3Instance, const uint32_t[], size_t, double[], size_t);
typedef fmi3Status (*set_fn)(fmi3Instance, const uint32_t[], size_t, const double[], size_t);
typedef fmi3Status (*step_fn)(fmi3Instance, double, double, bool, bool *, bool *, bool *,
                              double *);
typedef void *fmi3FMUState;
typedef fmi3Status (*state_fn)(fmi3Instance, fmi3FMUState *);
typedef fmi3Status (*set_state_fn)(fmi3Instance, fmi3FMUState);
typedef fmi3Status (*state_size_fn)(fmi3Instance, fmi3FMUState, size_t *);
typedef fmi3Status (*serialize_fn)(fmi3Instance, fmi3FMUState, uint8_t[], size_t);
typedef fmi3Status (*deserialize_fn)(fmi3Instance, const uint8_t[], size_t, fmi3FMUState *);

typedef struct fmu {
  void *so;
  instantiate_fn instantiate;
  enter_init_fn enter_init;
  instance_fn exit_init, terminate, reset;
  free_fn free_instance;
  get_fn get;
  set_fn set;
  step_fn step;
  state_fn get_state, free_state;
  set_state_fn set_state;
  state_size_fn state_size;
  serialize_fn serialize;
  deserialize_fn deserialize;
  char resources[512];
} fmu;

/* What an instance's logger received. */
typedef struct logbook {
  int count, errors;
  char last[1200];
} logbook;

static void logger(void *env, fmi3Status status, const char *category, const char *msg)
{
  logbook *b = env;
  (void)category;
  b->count++;
  b->errors += status >= 3;
  snprintf(b->last, sizeof b->last, "%s", msg);
}

/* The clearance slider-crank FMU's value references (cs_fmi_vars.h's order): time 0, the
 * parameter 1, the input 2, then crank, rod, slider (x y θ vx vy ω each), the motor's reaction,
 * C's ex ey δ F_n, the balance error. */
enum { VR_HOLE = 1, VR_SPEED = 2, VR_BODIES = 3, VR_REACTION = 21, VR_CLEARANCE = 22,
       VR_BALANCE = 26, NVR = 27 };
#define MODEL "models/slider_crank_clearance.json"

static char tmp[64];

static int sh(const char *fmt, const char *a, const char *b)
{
  char cmd[2048];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  return system(cmd);
}

static int open_fmu(fmu *f, const char *dir, const char *id)
{
  char so[1024];
  snprintf(so, sizeof so, "%s/binaries/x86_64-linux/%s.so", dir, id);
  snprintf(f->resources, sizeof f->resources, "%s/resources/", dir);
  f->so = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  CHECK(f->so != NULL, "dlopen %s: %s", so, dlerror());
  if (!f->so)
    return 1;
  f->instantiate = (instantiate_fn)dlsym(f->so, "fmi3InstantiateCoSimulation");
  f->enter_init = (enter_init_fn)dlsym(f->so, "fmi3EnterInitializationMode");
  f->exit_init = (instance_fn)dlsym(f->so, "fmi3ExitInitializationMode");
  f->terminate = (instance_fn)dlsym(f->so, "fmi3Terminate");
  f->reset = (instance_fn)dlsym(f->so, "fmi3Reset");
  f->free_instance = (free_fn)dlsym(f->so, "fmi3FreeInstance");
  f->get = (get_fn)dlsym(f->so, "fmi3GetFloat64");
  f->set = (set_fn)dlsym(f->so, "fmi3SetFloat64");
  f->step = (step_fn)dlsym(f->so, "fmi3DoStep");
  f->get_state = (state_fn)dlsym(f->so, "fmi3GetFMUState");
  f->free_state = (state_fn)dlsym(f->so, "fmi3FreeFMUState");
  f->set_state = (set_state_fn)dlsym(f->so, "fmi3SetFMUState");
  f->state_size = (state_size_fn)dlsym(f->so, "fmi3SerializedFMUStateSize");
  f->serialize = (serialize_fn)dlsym(f->so, "fmi3SerializeFMUState");
  f->deserialize = (deserialize_fn)dlsym(f->so, "fmi3DeserializeFMUState");
  int ok = f->instantiate && f->enter_init && f->exit_init && f->terminate && f->reset &&
           f->free_instance && f->get && f->set && f->step && f->get_state && f->free_state &&
           f->set_state && f->state_size && f->serialize && f->deserialize;
  CHECK(ok, "%s resolves the co-simulation functions", so);
  CHECK(dlsym(f->so, "cs_sim_create") == NULL, "the FMU library exports no engine symbol");
  return !ok;
}

static fmi3Instance start(const fmu *f, logbook *log, double hole)
{
  fmi3Instance in = f->instantiate("scc", "", f->resources, false, false, false, false, NULL, 0,
                                   log, logger, NULL);
  CHECK(in != NULL, "instantiate: %s", log->last);
  if (!in)
    return NULL;
  CHECK(!f->enter_init(in, false, 0, 0.0, false, 0), "enter initialization");
  if (hole > 0) {
    uint32_t vr = VR_HOLE;
    CHECK(!f->set(in, &vr, 1, &hole, 1), "set the hole radius before initialization");
  }
  CHECK(!f->exit_init(in), "exit initialization: %s", log->last);
  return in;
}

/* The outputs at one communication point. */
static void outputs(const fmu *f, fmi3Instance in, double y[NVR])
{
  uint32_t vr[NVR];
  for (int i = 0; i < NVR; i++)
    vr[i] = (uint32_t)i;
  CHECK(!f->get(in, vr, NVR, y, NVR), "get every variable");
}

/* The library's run of the model (what `clearsim run` writes), rows every output interval. */
static cs_rows *reference(double hole, double tighter, cs_model **model_out)
{
  char value[32];
  snprintf(value, sizeof value, "%.17g", hole);
  cs_override ov = {"/clearance_joints/0/hole_radius", value};
  cs_model *model;
  cs_error err;
  if (cs_model_load_file_overrides(MODEL, NULL, &ov, hole > 0, NULL, &model, &err)) {
    CHECK(0, "reference model: %s", err.message);
    return NULL;
  }
  if (tighter > 1) {
    double rtol, atol;
    cs_model_tolerances(model, &rtol, &atol);
    cs_model_set_tolerances(model, rtol / tighter, atol / tighter, NULL);
  }
  cs_rows *rows = cs_rows_new(model);
  cs_run_options o = {.output_path = "", .progress = cs_rows_output, .progress_user = rows};
  cs_sim *sim = NULL;
  CHECK(!cs_run(model, &o, &sim, &err), "reference run: %s", err.message);
  cs_sim_free(sim);
  *model_out = model; /* the rows' layout reads it: freed after them */
  return rows;
}

/* The reference's values in the FMU's output order at row r. */
static void reference_at(const cs_rows *rows, long r, double y[NVR])
{
  const int B = 4, R = 7, D = 1;
  const double *row = cs_rows_data(rows) + r * cs_rows_width(rows);
  for (int b = 1, i = VR_BODIES; b < B; b++) {
    for (int c = 0; c < 3; c++)
      y[i++] = row[1 + 3 * b + c];
    for (int c = 0; c < 3; c++)
      y[i++] = row[1 + 3 * B + 3 * b + c];
  }
  const double *energy = row + 1 + 9 * B + R + 2;
  y[VR_REACTION] = energy[7];
  const double *c = energy + 7 + D;
  y[VR_CLEARANCE] = c[0], y[VR_CLEARANCE + 1] = c[1], y[VR_CLEARANCE + 2] = c[2];
  y[VR_CLEARANCE + 3] = c[4];
  y[VR_BALANCE] = energy[6];
}

/* The largest difference of each kind over a run, relative to the kind's scale. */
typedef struct gaps {
  double position, angle, velocity, rate, eccentricity, force;
} gaps;

static void compare(const double *got, const double *want, gaps *g)
{
  for (int b = 0; b < 3; b++) {
    const double *p = got + VR_BODIES + 6 * b, *q = want + VR_BODIES + 6 * b;
    g->position = fmax(g->position, fmax(fabs(p[0] - q[0]), fabs(p[1] - q[1])));
    g->angle = fmax(g->angle, fabs(p[2] - q[2]));
    g->velocity = fmax(g->velocity, fmax(fabs(p[3] - q[3]), fabs(p[4] - q[4])));
    g->rate = fmax(g->rate, fabs(p[5] - q[5]));
  }
  for (int c = 0; c < 3; c++)
    g->eccentricity = fmax(g->eccentricity, fabs(got[VR_CLEARANCE + c] - want[VR_CLEARANCE + c]));
  g->force = fmax(g->force, fabs(got[VR_REACTION] - want[VR_REACTION]));
}

/* What the run of the model with this hole (0: the file's) differs by from the same run at
 * tolerances 100 times tighter (*tight), at the communication points of 1e-4 s: the scale of
 * the run's own error, for the README. */
static gaps own_error(double hole, const cs_rows *ref, cs_rows **tight_out)
{
  cs_model *model = NULL;
  cs_rows *tight = reference(hole, 100, &model);
  gaps g = {0};
  double a[NVR], b[NVR], peak = 0;
  for (int k = 1; tight && k <= 240; k++) {
    reference_at(ref, 5 * k, a);
    reference_at(tight, 5 * k, b);
    compare(a, b, &g);
    peak = fmax(peak, fabs(a[VR_REACTION]));
  }
  printf("the run (hole %g m) against one 100 times tighter: position %.3g m, angle %.3g rad, velocity "
         "%.3g m/s, rate %.3g rad/s, eccentricity %.3g m, reaction %.3g N m (peak %.3g)\n",
         hole, g.position, g.angle, g.velocity, g.rate, g.eccentricity, g.force, peak);
  *tight_out = tight;
  cs_model_free(model);
  return g;
}

/* Step the FMU through the model's time at communication step h against the reference. */
static void agreement(const fmu *f, const cs_rows *ref, const cs_rows *tight, const gaps *own,
                      double h)
{
  CHECK(tight != NULL, "the tighter run");
  if (!tight)
    return;
  logbook log = {0};
  fmi3Instance in = start(f, &log, 0);
  if (!in)
    return;
  double interval = 2e-5, t = 0, y[NVR], want[NVR];
  int n = (int)floor(0.024 / h + 1e-9);
  gaps g = {0}, e = {0}; /* e: against the tighter run */
  for (int k = 1; k <= n; k++) {
    bool event, stop, early;
    double last;
    CHECK(!f->step(in, t, h, true, &event, &stop, &early, &last), "doStep at t = %g", t);
    t = k * h;
    outputs(f, in, y);
    long r = lround(t / interval);
    CHECK(r < cs_rows_count(ref), "the reference has a row at t = %g", t);
    reference_at(ref, r, want);
    compare(y, want, &g);
    reference_at(tight, r, want);
    compare(y, want, &e);
  }
  printf("h = %g s, %d steps: largest differences from the run: position %.3g m, angle %.3g "
         "rad, velocity %.3g m/s, rate %.3g rad/s, eccentricity %.3g m, reaction %.3g N m; "
         "from the tighter run: position %.3g m, eccentricity %.3g m\n", h, n, g.position,
         g.angle, g.velocity, g.rate, g.eccentricity, g.force, e.position, e.eccentricity);
  /* the FMU stops at every communication point, the run does not: two paths at the tolerance
   * asked, whose errors against the run 100 times tighter are of one size (measured: the
   * FMU's 3.0 times the run's at 1e-4 s, 0.18 at 1e-3 s; 26 contacts amplify any difference) */
  CHECK(e.position <= 5 * own->position, "h = %g: positions as accurate as the run's", h);
  CHECK(e.angle <= 5 * own->angle, "h = %g: angles as accurate as the run's", h);
  CHECK(e.velocity <= 5 * own->velocity, "h = %g: velocities as accurate as the run's", h);
  CHECK(e.rate <= 5 * own->rate, "h = %g: angular velocities as accurate as the run's", h);
  CHECK(e.eccentricity <= 5 * own->eccentricity, "h = %g: the journal's eccentricity and "
        "penetration as accurate as the run's", h);
  CHECK(e.force <= 5 * own->force, "h = %g: the driving torque as accurate as the run's", h);
  CHECK(!f->terminate(in), "terminate");
  f->free_instance(in);
  CHECK(log.errors == 0, "no error logged (%s)", log.last);
}


/* Step an instance from step `from` to step `to` by h, the outputs after step k into y[k]. */
static void steps_from(const fmu *f, fmi3Instance in, double h, int from, int to,
                       double (*y)[NVR])
{
  for (int k = from; k < to; k++) {
    bool event, stop, early;
    double last;
    CHECK(!f->step(in, k * h, h, true, &event, &stop, &early, &last), "doStep at t = %g", k * h);
    outputs(f, in, y[k]);
  }
}

/* Step an instance n times by h from t = 0, the outputs after each step into y[k]. */
static void steps(const fmu *f, fmi3Instance in, double h, int n, double (*y)[NVR])
{
  steps_from(f, in, h, 0, n, y);
}

/* Two instances stepped in turn, one with a larger clearance: each gives what it gives alone
 * (the same bits: the same integration path), and the parameter acts as the same override
 * in a run does. Then fmi3Reset: the instance starts again as new. */
static void side_by_side(const fmu *f)
{
  enum { N = 24 };
  const double h = 1e-3, hole = 0.0102;
  double alone[N][NVR], a[N][NVR], b[N][NVR], again[N][NVR];
  logbook la = {0}, lb = {0}, lc = {0};
  fmi3Instance c = start(f, &lc, 0);
  if (!c)
    return;
  steps(f, c, h, N, alone);
  fmi3Instance A = start(f, &la, 0), B = start(f, &lb, hole);
  if (!A || !B)
    return;
  for (int k = 0; k < N; k++) {
    bool event, stop, early;
    double last;
    CHECK(!f->step(A, k * h, h, true, &event, &stop, &early, &last), "A: doStep");
    outputs(f, A, a[k]);
    CHECK(!f->step(B, k * h, h, true, &event, &stop, &early, &last), "B: doStep");
    outputs(f, B, b[k]);
  }
  int same = 1;
  double apart = 0;
  for (int k = 0; k < N; k++)
    for (int i = 0; i < NVR; i++) {
      same &= a[k][i] == alone[k][i];
      if (i >= VR_CLEARANCE && i < VR_CLEARANCE + 2)
        apart = fmax(apart, fabs(a[k][i] - b[k][i]));
    }
  CHECK(same, "an instance stepped beside another gives the bits it gives alone");
  CHECK(apart > 1e-5, "the instance with a 0.7 mm clearance moves otherwise (%.3g m)", apart);
  double hv;
  uint32_t vr = VR_HOLE;
  CHECK(!f->get(B, &vr, 1, &hv, 1) && hv == hole, "the parameter reads back");
  cs_model *model = NULL;
  cs_rows *ref = reference(hole, 1, &model);
  gaps g = {0};
  double want[NVR];
  for (int k = 0; ref && k < N; k++) {
    reference_at(ref, lround((k + 1) * h / 2e-5), want);
    compare(b[k], want, &g);
  }
  /* two paths at the tolerance asked differ by a few times that model's own error; a
   * parameter not taken would differ by its whole effect (`apart`) */
  cs_rows *tight = NULL;
  gaps own = ref ? own_error(hole, ref, &tight) : (gaps){0};
  cs_rows_free(tight);
  CHECK(g.position <= 5 * own.position && g.eccentricity <= 5 * own.eccentricity &&
            g.eccentricity <= 0.1 * apart,
        "the parameter acts as the override does in a run (position %.3g m, eccentricity "
        "%.3g m; the clearance's effect %.3g m)", g.position, g.eccentricity, apart);
  cs_rows_free(ref);
  cs_model_free(model);
  CHECK(!f->reset(A), "reset");
  CHECK(!f->enter_init(A, false, 0, 0.0, false, 0) && !f->exit_init(A), "initialize again");
  steps(f, A, h, N, again);
  CHECK(!memcmp(again, alone, sizeof again), "after fmi3Reset the instance runs as new");
  f->free_instance(A);
  f->free_instance(B);
  f->free_instance(c);
  CHECK(la.errors + lb.errors + lc.errors == 0, "no error logged");
}

/* The crank's speed, an input, changed mid-run: the crank turns at the new speed from there,
 * its angle continuous. */
static void speed_input(const fmu *f)
{
  enum { N = 12 };
  double y[N][NVR];
  logbook log = {0};
  fmi3Instance in = start(f, &log, 0);
  if (!in)
    return;
  steps(f, in, 1e-3, 10, y);
  uint32_t vr = VR_SPEED;
  double speed = 300.0;
  CHECK(!f->set(in, &vr, 1, &speed, 1), "set the crank speed at t = 0.01 s: %s", log.last);
  for (int k = 10; k < N; k++) {
    bool event, stop, early;
    double last;
    CHECK(!f->step(in, k * 1e-3, 1e-3, true, &event, &stop, &early, &last),
          "doStep after the speed change: %s", log.last);
    outputs(f, in, y[k]);
  }
  const int omega = VR_BODIES + 5, theta = VR_BODIES + 2;
  CHECK_REL(y[10][omega], speed, 1e-6, "the crank turns at the new speed at t = 0.011 s");
  CHECK_REL(y[11][omega], speed, 1e-6, "and at t = 0.012 s");
  CHECK_NEAR(y[11][theta] - y[9][theta], speed * 2e-3, 1e-6,
             "the crank's angle goes on from where it was");
  f->free_instance(in);
}

static void set_speed(const fmu *f, fmi3Instance in, double speed)
{
  uint32_t vr = VR_SPEED;
  CHECK(!f->set(in, &vr, 1, &speed, 1), "set the crank speed to %g rad/s", speed);
}

static int same_rows(double (*a)[NVR], double (*b)[NVR], int from, int to)
{
  return !memcmp(a[from], b[from], (size_t)(to - from) * sizeof *a);
}

/* A state saved in initialization mode, a parameter set: restored after steps, the instance is
 * in initialization mode again with the parameter, and runs as it did. */
static void before_initialization(const fmu *f)
{
  enum { N = 6 };
  double y[N][NVR], again[N][NVR], hole = 0.0102, got = 0;
  uint32_t vr = VR_HOLE;
  logbook log = {0};
  fmi3FMUState s = NULL;
  fmi3Instance in = f->instantiate("scc", "", f->resources, false, false, false, false, NULL, 0,
                                   &log, logger, NULL);
  CHECK(in && !f->enter_init(in, false, 0, 0.0, false, 0) && !f->set(in, &vr, 1, &hole, 1) &&
        !f->get_state(in, &s) && !f->exit_init(in), "a state saved in initialization mode");
  if (!in || !s)
    return;
  steps(f, in, 1e-3, N, y);
  CHECK(!f->set_state(in, s) && !f->get(in, &vr, 1, &got, 1) && got == hole,
        "restored: the parameter as set");
  CHECK(!f->exit_init(in), "the instance is in initialization mode: it exits it");
  steps(f, in, 1e-3, N, again);
  CHECK(!memcmp(y, again, sizeof y), "and runs as it did");
  f->free_state(in, &s);
  f->free_instance(in);
}

/* FMU state: saved at 10 ms (after a speed input), 10 steps on, restored, 10 steps again give
 * the same bits; so does a state saved further on, restored from behind it, a state restored
 * after the instance went elsewhere with another input, and a state serialized and read by
 * another instance of the FMU. A state of another FMU's bytes is refused through the logger. */
static void saved_states(const fmu *f)
{
  enum { N = 25 };
  const double h = 1e-3;
  double y[N][NVR], again[N][NVR], before[NVR];
  logbook log = {0}, logb = {0};
  fmi3Instance in = start(f, &log, 0), other = start(f, &logb, 0);
  if (!in || !other)
    return;
  fmi3FMUState s10 = NULL, s20 = NULL, read = NULL;
  steps_from(f, in, h, 0, 5, y);
  set_speed(f, in, 400.0);
  steps_from(f, in, h, 5, 10, y);
  CHECK(!f->get_state(in, &s10), "fmi3GetFMUState at t = 10 ms: %s", log.last);
  steps_from(f, in, h, 10, 20, y);
  CHECK(!f->get_state(in, &s20), "fmi3GetFMUState at t = 20 ms");
  steps_from(f, in, h, 20, N, y);

  CHECK(!f->set_state(in, s10), "fmi3SetFMUState back to 10 ms: %s", log.last);
  outputs(f, in, before);
  CHECK(!memcmp(before, y[9], sizeof before), "the restored state's outputs are those at 10 ms");
  CHECK(!f->set_state(in, s20), "and forward to the state at 20 ms");
  steps_from(f, in, h, 20, N, again);
  CHECK(same_rows(y, again, 20, N), "from the state at 20 ms: the same bits");

  CHECK(!f->set_state(in, s10), "back to 10 ms");
  set_speed(f, in, 100.0);
  steps_from(f, in, h, 10, 15, again);
  CHECK(fabs(again[14][VR_BODIES + 5] - 100.0) < 1e-6, "another input goes elsewhere");
  CHECK(!f->set_state(in, s20), "the state at 20 ms after that");
  steps_from(f, in, h, 20, N, again);
  CHECK(same_rows(y, again, 20, N), "still gives the same bits");
  CHECK(!f->set_state(in, s10), "back to 10 ms again");
  steps_from(f, in, h, 10, N, again);
  CHECK(same_rows(y, again, 10, N), "from the state at 10 ms: the same bits for 15 steps");

  size_t size = 0;
  CHECK(!f->state_size(in, s10, &size) && size > 0, "the state's size (%zu bytes)", size);
  uint8_t *bytes = malloc(size);
  CHECK(bytes && !f->serialize(in, s10, bytes, size), "fmi3SerializeFMUState");
  CHECK(bytes && !f->deserialize(other, bytes, size, &read), "another instance reads it");
  CHECK(read && !f->set_state(other, read), "and takes it");
  steps_from(f, other, h, 10, N, again);
  CHECK(same_rows(y, again, 10, N), "the other instance continues with the same bits");
  fmi3FMUState none = NULL;
  if (bytes)
    bytes[0] ^= 1;
  CHECK(bytes && f->deserialize(other, bytes, size, &none) && none == NULL && logb.errors == 1,
        "damaged bytes are refused through the logger: %s", logb.last);
  free(bytes);
  CHECK(!f->free_state(in, &s10) && !s10 && !f->free_state(in, &s20) &&
        !f->free_state(other, &read), "fmi3FreeFMUState");
  CHECK(log.errors == 0, "no error logged: %s", log.last);
  f->free_instance(in);
  f->free_instance(other);
  before_initialization(f);
}

/* A pendulum's FMU (bob of 1 kg at 1 m from the pivot, I = 1 kg m² about it, at rest on the
 * horizontal) with the forces and inputs given, exported, unzipped and opened. */
static int pendulum(const char *cli, const char *tag, const char *forces, const char *inputs,
                    fmu *f)
{
  char model[128], fmu_path[128], dir[128];
  snprintf(model, sizeof model, "%s/%s.json", tmp, tag);
  snprintf(fmu_path, sizeof fmu_path, "%s/%s.fmu", tmp, tag);
  snprintf(dir, sizeof dir, "%s/%s", tmp, tag);
  FILE *m = fopen(model, "w");
  if (!m)
    return 1;
  fprintf(m, "{\"name\": \"%s_pendulum\", \"gravity\": [0, -9.81],\n"
          " \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
          "  {\"name\": \"bob\", \"mass\": 1.0, \"inertia\": 0.0,\n"
          "   \"position\": [1.0, 0.0, 0.0]}],\n"
          " \"joints\": [{\"name\": \"pivot\", \"type\": \"revolute\", \"body1\": \"ground\",\n"
          "  \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1.0, 0]}],\n"
          " \"forces\": [%s],\n"
          " \"solver\": {\"t_end\": 1, \"rtol\": 1e-10, \"atol\": 1e-12}}\n", tag, forces);
  fclose(m);
  char cmd[1024], id[64];
  snprintf(cmd, sizeof cmd, "%s fmu %s -o %s %s > /dev/null", cli, model, fmu_path, inputs);
  CHECK(system(cmd) == 0, "clearsim fmu of a pendulum with inputs %s", inputs);
  CHECK(sh("/usr/bin/python3 -m zipfile -e %s %s", fmu_path, dir) == 0, "it unzips");
  snprintf(id, sizeof id, "%s_pendulum", tag);
  return open_fmu(f, dir, id);
}

/* A torque, an input, stepped mid-run on a pendulum: its rate gains Δτ Δt / I about the
 * pivot over the next step (gravity's share of the difference is second order). */
static void torque_input(const char *cli)
{
  fmu f;
  if (pendulum(cli, "torque", "{\"name\": \"drive\", \"type\": \"torque\", \"body\": \"bob\", "
               "\"torque\": 0}", "--input /forces/0/torque", &f))
    return;
  logbook la = {0}, lb = {0};
  fmi3Instance a = start(&f, &la, 0), b = start(&f, &lb, 0);
  /* time 0, the input 1, bob x y θ vx vy ω 2…7 */
  uint32_t all[8] = {0, 1, 2, 3, 4, 5, 6, 7}, vr = 1;
  double ya[8], yb[8], tau = 5.0, dt = 0.01;
  for (int k = 0; a && b && k < 11; k++) {
    if (k == 10)
      CHECK(!f.set(b, &vr, 1, &tau, 1), "set the torque at t = 0.1 s");
    bool event, stop, early;
    double last;
    CHECK(!f.step(a, k * dt, dt, true, &event, &stop, &early, &last), "a: doStep");
    CHECK(!f.step(b, k * dt, dt, true, &event, &stop, &early, &last), "b: doStep");
  }
  if (a && b) {
    CHECK(!f.get(a, all, 8, ya, 8) && !f.get(b, all, 8, yb, 8), "get the outputs");
    CHECK_NEAR(yb[7] - ya[7], tau * dt / 1.0, 1e-4, "the torque step adds Δτ Δt / I to ω");
    CHECK(yb[1] == tau, "the input reads back");
  }
  f.free_instance(a);
  f.free_instance(b);
  dlclose(f.so);
}

/* A point force at the bob's centre, its components inputs, stepped at t = 0 on the pendulum
 * held horizontal at rest (a third instance without the force): the tangential component fy
 * acts as a torque fy·r, so ω gains fy Δt / I over a short step (gravity acts on both alike);
 * the radial component fx acts only through the bob's fall below the horizontal, y = −g t²/2:
 * its torque −y·fx adds g fx Δt³ / 6 to ω. */
static void force_input(const char *cli)
{
  fmu f;
  if (pendulum(cli, "force", "{\"name\": \"push\", \"type\": \"force\", \"body\": \"bob\", "
               "\"force\": [0, 0]}", "--input /forces/0/force/0 --input /forces/0/force/1", &f))
    return;
  logbook la = {0}, lb = {0}, lc = {0};
  fmi3Instance a = start(&f, &la, 0), b = start(&f, &lb, 0), c = start(&f, &lc, 0);
  /* time 0, the inputs fx 1 and fy 2, bob x y θ vx vy ω 3…8 */
  uint32_t all[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, vx = 1, vy = 2;
  double ya[9], yb[9], yc[9], F = 5.0, dt = 1e-3;
  CHECK(a && b && c && !f.set(b, &vy, 1, &F, 1) && !f.set(c, &vx, 1, &F, 1),
        "set fy on one instance, fx on another");
  bool event, stop, early;
  double last;
  for (int k = 0; a && b && c && k < 1; k++)
    CHECK(!f.step(a, 0, dt, true, &event, &stop, &early, &last) &&
          !f.step(b, 0, dt, true, &event, &stop, &early, &last) &&
          !f.step(c, 0, dt, true, &event, &stop, &early, &last), "doStep");
  if (a && b && c) {
    CHECK(!f.get(a, all, 9, ya, 9) && !f.get(b, all, 9, yb, 9) && !f.get(c, all, 9, yc, 9),
          "get the outputs");
    CHECK_NEAR(yb[8] - ya[8], F * dt / 1.0, 1e-8, "fy adds fy Δt / I to ω");
    CHECK_NEAR(yb[4] - ya[4], 0.5 * F * dt * dt, 1e-8, "and ½ fy Δt² / m to y");
    CHECK_NEAR(yc[8] - ya[8], 9.81 * F * dt * dt * dt / 6, 1e-11,
               "fx, radial, turns ω only as the bob leaves the horizontal (y = −g t²/2)");
    printf("force step over %g s: fy adds %.9g rad/s to ω (fy dt / I = %.9g), fx %.3g\n", dt,
           yb[8] - ya[8], F * dt, yc[8] - ya[8]);
    CHECK(yb[2] == F && yc[1] == F, "the inputs read back");
  }
  f.free_instance(a);
  f.free_instance(b);
  f.free_instance(c);
  dlclose(f.so);
}

/* A model the loader refuses: instantiate returns NULL, the logger has the loader's message
 * (file and JSON path), nothing reaches stdout or stderr. */
static void bad_model(const fmu *f, const char *dir)
{
  char bad[128], path[256], out[128];
  snprintf(bad, sizeof bad, "%s/bad", tmp);
  sh("cp -r %s %s", dir, bad);
  snprintf(path, sizeof path, "%s/resources/model.json", bad);
  FILE *m = fopen(path, "w");
  if (!m)
    return;
  fputs("{\"name\": \"bad\", \"bodies\": [{\"name\": \"ground\", \"ground\": true},\n"
        " {\"name\": \"bob\", \"mass\": -1.0, \"inertia\": 0.0, \"position\": [1, 0, 0]}],\n"
        " \"joints\": []}\n", m);
  fclose(m);
  fmu g = *f;
  snprintf(g.resources, sizeof g.resources, "%s/resources", bad);
  snprintf(out, sizeof out, "%s/printed", tmp);
  fflush(stdout), fflush(stderr);
  int keep1 = dup(1), keep2 = dup(2), fd = open(out, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  dup2(fd, 1), dup2(fd, 2);
  logbook log = {0};
  fmi3Instance in = g.instantiate("bad", "", g.resources, false, false, false, false, NULL, 0,
                                  &log, logger, NULL);
  fflush(stdout), fflush(stderr);
  dup2(keep1, 1), dup2(keep2, 2);
  close(fd), close(keep1), close(keep2);
  struct stat st;
  CHECK(in == NULL, "a bad model gives no instance");
  CHECK(log.errors == 1, "one error reaches the logger (%d)", log.errors);
  CHECK(strstr(log.last, "model.json") && strstr(log.last, "/bodies/1/mass"),
        "the message names the file and the JSON path: %s", log.last);
  CHECK(!stat(out, &st) && st.st_size == 0, "nothing printed (%ld bytes)", (long)st.st_size);
  f->free_instance(in); /* NULL: nothing */

  logbook other = {0};
  in = f->instantiate("x", "{00000000-0000-0000-0000-000000000000}", f->resources, false, false,
                      false, false, NULL, 0, &other, logger, NULL);
  CHECK(in == NULL && other.errors == 1 && strstr(other.last, "instantiation token"),
        "another FMU's instantiation token is refused: %s", other.last);
}

int main(void)
{
  const char *build = getenv("CS_BUILD_DIR");
  if (!build)
    build = "build";
  snprintf(tmp, sizeof tmp, "/tmp/cs_fmi3_XXXXXX");
  if (!mkdtemp(tmp))
    return 1;
  char cli[512], fmu_path[128], dir[128];
  snprintf(cli, sizeof cli, "%s/tools/clearsim", build);
  snprintf(fmu_path, sizeof fmu_path, "%s/scc.fmu", tmp);
  snprintf(dir, sizeof dir, "%s/scc", tmp);
  char cmd[2048];
  snprintf(cmd, sizeof cmd, "%s fmu " MODEL " -o %s --parameter /clearance_joints/0/hole_radius "
           "--input /drivers/0/motion/velocity > /dev/null", cli, fmu_path);
  CHECK(system(cmd) == 0, "clearsim fmu writes %s", fmu_path);
  CHECK(sh("/usr/bin/python3 -m zipfile -e %s %s", fmu_path, dir) == 0, "the FMU unzips");
  fmu f;
  if (open_fmu(&f, dir, "slider_crank_clearance")) {
    sh("rm -rf %s%s", tmp, "");
    return cs_test_finish();
  }

  cs_model *ref_model = NULL;
  cs_rows *ref = reference(0, 1, &ref_model);
  if (ref) {
    cs_rows *tight = NULL;
    gaps own = own_error(0, ref, &tight);
    agreement(&f, ref, tight, &own, 1e-4);
    agreement(&f, ref, tight, &own, 1e-3);
    agreement(&f, ref, tight, &own, 1e-2);
    side_by_side(&f);
    cs_rows_free(tight);
  }
  speed_input(&f);
  saved_states(&f);
  torque_input(cli);
  force_input(cli);
  bad_model(&f, dir);

  sh("rm -rf %s%s", tmp, "");
  cs_rows_free(ref);
  cs_model_free(ref_model);
  dlclose(f.so);
  return cs_test_finish();
}
