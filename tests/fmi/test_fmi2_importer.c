/*
 * test_fmi2_importer.c — an FMI 2.0 importer of our own (issue 28): the clearance
 * slider-crank as an FMI 2.0 FMU, unzipped, dlopened and called as a master does
 * (instantiate with a file URI, setup, enter and exit initialization, doStep, get, terminate,
 * free). Its outputs are the bits of the FMI 3.0 FMU's (one instance code under both; the 3.0
 * FMU is held against the library's run by test_fmi3_importer); a parameter, an input, two
 * instances, and a bad model reaching the logger only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs_test.h"

/* FMI 2.0's types this importer uses, written from the specification. */
typedef void *fmi2Component;
typedef int fmi2Status;
typedef void (*fmi2CallbackLogger)(void *env, const char *name, fmi2Status status,
                                   const char *category, const char *message, ...);
typedef struct {
  fmi2CallbackLogger logger;
  void *(*allocateMemory)(size_t, size_t);
  void (*freeMemory)(void *);
  void (*stepFinished)(void *, fmi2Status);
  void *componentEnvironment;
} fmi2CallbackFunctions;
typedef fmi2Component (*instantiate2_fn)(const char *, int, const char *, const char *,
                                         const fmi2CallbackFunctions *, int, int);
typedef fmi2Status (*setup_fn)(fmi2Component, int, double, double, int, double);
typedef fmi2Status (*comp_fn)(fmi2Component);
typedef void (*free2_fn)(fmi2Component);
typedef fmi2Status (*real_fn)(fmi2Component, const unsigned[], size_t, double[]);
typedef fmi2Status (*step2_fn)(fmi2Component, double, double, int);
typedef void *fmi2FMUstate;
typedef fmi2Status (*state2_fn)(fmi2Component, fmi2FMUstate *);
typedef fmi2Status (*set_state2_fn)(fmi2Component, fmi2FMUstate);
typedef fmi2Status (*state_size2_fn)(fmi2Component, fmi2FMUstate, size_t *);
typedef fmi2Status (*serialize2_fn)(fmi2Component, fmi2FMUstate, char[], size_t);
typedef fmi2Status (*deserialize2_fn)(fmi2Component, const char[], size_t, fmi2FMUstate *);
/* FMI 3.0's, for the comparison */
typedef void (*log3_fn)(void *, int, const char *, const char *);
typedef void *(*instantiate3_fn)(const char *, const char *, const char *, bool, bool, bool,
                                 bool, const uint32_t[], size_t, void *, log3_fn, void *);
typedef int (*init3_fn)(void *, bool, double, double, bool, double);
typedef int (*get3_fn)(void *, const uint32_t[], size_t, double[], size_t);
typedef int (*step3_fn)(void *, double, double, bool, bool *, bool *, bool *, double *);

typedef struct logbook {
  int errors;
  char last[1200];
} logbook;

static void logger2(void *env, const char *name, fmi2Status status, const char *category,
                    const char *message, ...)
{
  logbook *b = env;
  (void)name, (void)category;
  va_list ap;
  va_start(ap, message);
  vsnprintf(b->last, sizeof b->last, message, ap);
  va_end(ap);
  b->errors += status >= 3;
}

static void logger3(void *env, int status, const char *category, const char *message)
{
  (void)category;
  logbook *b = env;
  b->errors += status >= 3;
  snprintf(b->last, sizeof b->last, "%s", message);
}

/* vr: the 3.0 FMU has time at 0; the 2.0 FMU the same references (time left out) */
enum { VR_HOLE = 1, VR_SPEED = 2, VR_OMEGA = 8, VR_EX = 22, NVR = 27, N = 24 };

static struct {
  instantiate2_fn instantiate;
  setup_fn setup;
  comp_fn enter, exit, terminate;
  free2_fn free_instance;
  real_fn get, set;
  step2_fn step;
  state2_fn get_state, free_state;
  set_state2_fn set_state;
  state_size2_fn state_size;
  serialize2_fn serialize;
  deserialize2_fn deserialize;
} f2;
static char tmp[64], uri[256];

static int run(const char *fmt, const char *a, const char *b)
{
  char cmd[1024];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  return system(cmd);
}

static fmi2Component start2(logbook *log, const char *resources, double hole)
{
  fmi2CallbackFunctions cb = {logger2, calloc, free, NULL, log};
  fmi2Component c = f2.instantiate("scc", 1 /* fmi2CoSimulation */, "", resources, &cb, 0, 0);
  if (!c)
    return NULL;
  CHECK(!f2.setup(c, 0, 0, 0.0, 0, 0), "setup experiment");
  CHECK(!f2.enter(c), "enter initialization");
  unsigned vr = VR_HOLE;
  if (hole > 0)
    CHECK(!f2.set(c, &vr, 1, &hole), "set the hole radius");
  CHECK(!f2.exit(c), "exit initialization: %s", log->last);
  return c;
}

static void steps2(fmi2Component c, int from, int to, double y[][NVR])
{
  unsigned vr[NVR - 1];
  for (int i = 0; i < NVR - 1; i++)
    vr[i] = (unsigned)i + 1;
  for (int k = from; k < to; k++) {
    CHECK(!f2.step(c, k * 1e-3, 1e-3, 1), "doStep at t = %g", k * 1e-3);
    y[k][0] = (k + 1) * 1e-3;
    CHECK(!f2.get(c, vr, NVR - 1, y[k] + 1), "get the outputs");
  }
}

/* FMU state: saved at 10 ms after a speed input, 8 steps on, restored, the same 8 steps give
 * the same bits; serialized, read by another component, the same bits again. */
static void saved_states(const char *resources)
{
  static double y[N][NVR], again[N][NVR];
  logbook la = {0}, lb = {0};
  fmi2Component A = start2(&la, resources, 0), B = start2(&lb, resources, 0);
  CHECK(A && B, "two components: %s %s", la.last, lb.last);
  if (!A || !B)
    return;
  unsigned vr = VR_SPEED;
  double speed = 400;
  fmi2FMUstate s = NULL, read = NULL;
  steps2(A, 0, 5, y);
  CHECK(!f2.set(A, &vr, 1, &speed), "set the speed");
  steps2(A, 5, 10, y);
  CHECK(!f2.get_state(A, &s), "fmi2GetFMUstate at 10 ms: %s", la.last);
  steps2(A, 10, 18, y);
  CHECK(!f2.set_state(A, s), "fmi2SetFMUstate back to 10 ms: %s", la.last);
  steps2(A, 10, 18, again);
  CHECK(!memcmp(y[10], again[10], 8 * sizeof y[0]), "the same 8 steps give the same bits");
  size_t size = 0;
  CHECK(!f2.state_size(A, s, &size) && size > 0, "the state's size (%zu bytes)", size);
  char *bytes = malloc(size);
  CHECK(bytes && !f2.serialize(A, s, bytes, size), "fmi2SerializeFMUstate");
  CHECK(bytes && !f2.deserialize(B, bytes, size, &read) && read, "another component reads it");
  CHECK(read && !f2.set_state(B, read), "and takes it");
  steps2(B, 10, 18, again);
  CHECK(!memcmp(y[10], again[10], 8 * sizeof y[0]), "and continues with the same bits");
  free(bytes);
  CHECK(!f2.free_state(A, &s) && !s && !f2.free_state(B, &read), "fmi2FreeFMUstate");
  CHECK(la.errors + lb.errors == 0, "no error logged");
  f2.free_instance(A);
  f2.free_instance(B);
}

/* The FMI 3.0 FMU's outputs at 1e-3 s steps. */
static void reference3(const char *dir, double y[][NVR])
{
  char so[256], res[256];
  snprintf(so, sizeof so, "%s/binaries/x86_64-linux/slider_crank_clearance.so", dir);
  snprintf(res, sizeof res, "%s/resources/", dir);
  void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  CHECK(h != NULL, "dlopen %s", so);
  if (!h)
    return;
  instantiate3_fn inst = (instantiate3_fn)dlsym(h, "fmi3InstantiateCoSimulation");
  init3_fn enter = (init3_fn)dlsym(h, "fmi3EnterInitializationMode");
  int (*exit_init)(void *) = (int (*)(void *))dlsym(h, "fmi3ExitInitializationMode");
  get3_fn get = (get3_fn)dlsym(h, "fmi3GetFloat64");
  step3_fn step = (step3_fn)dlsym(h, "fmi3DoStep");
  void (*free3)(void *) = (void (*)(void *))dlsym(h, "fmi3FreeInstance");
  logbook log = {0};
  void *in = inst("scc3", "", res, false, false, false, false, NULL, 0, &log, logger3, NULL);
  CHECK(in && !enter(in, false, 0, 0, false, 0) && !exit_init(in), "the 3.0 FMU starts");
  uint32_t vr[NVR];
  for (int i = 0; i < NVR; i++)
    vr[i] = (uint32_t)i;
  for (int k = 0; in && k < N; k++) {
    bool e, s, r;
    double last;
    CHECK(!step(in, k * 1e-3, 1e-3, true, &e, &s, &r, &last), "3.0 doStep");
    get(in, vr, NVR, y[k], NVR);
  }
  free3(in);
  dlclose(h);
}

int main(void)
{
  const char *build = getenv("CS_BUILD_DIR");
  char cli[256], cmd[1400], dir2[128], dir3[128], so[256], res[256];
  snprintf(cli, sizeof cli, "%s/tools/clearsim", build ? build : "build");
  snprintf(tmp, sizeof tmp, "/tmp/cs_fmi2_XXXXXX");
  if (!mkdtemp(tmp))
    return 1;
  snprintf(dir2, sizeof dir2, "%s/two", tmp);
  snprintf(dir3, sizeof dir3, "%s/three", tmp);
  const char *args = "--parameter /clearance_joints/0/hole_radius --input "
                     "/drivers/0/motion/velocity > /dev/null";
  snprintf(cmd, sizeof cmd, "%s fmu models/slider_crank_clearance.json -o %s/2.fmu --fmi 2 %s"
           " && %s fmu models/slider_crank_clearance.json -o %s/3.fmu %s", cli, tmp, args, cli,
           tmp, args);
  CHECK(system(cmd) == 0, "clearsim fmu --fmi 2 and --fmi 3");
  snprintf(so, sizeof so, "%s/2.fmu", tmp);
  CHECK(!run("/usr/bin/python3 -m zipfile -e %s %s", so, dir2), "the 2.0 FMU unzips");
  snprintf(so, sizeof so, "%s/3.fmu", tmp);
  CHECK(!run("/usr/bin/python3 -m zipfile -e %s %s", so, dir3), "the 3.0 FMU unzips");
  snprintf(so, sizeof so, "%s/binaries/linux64/slider_crank_clearance.so", dir2);
  snprintf(uri, sizeof uri, "file://%s/resources", dir2);
  void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  CHECK(h != NULL, "dlopen %s: %s", so, dlerror());
  if (!h) {
    run("rm -rf %s%s", tmp, "");
    return cs_test_finish();
  }
  f2.instantiate = (instantiate2_fn)dlsym(h, "fmi2Instantiate");
  f2.setup = (setup_fn)dlsym(h, "fmi2SetupExperiment");
  f2.enter = (comp_fn)dlsym(h, "fmi2EnterInitializationMode");
  f2.exit = (comp_fn)dlsym(h, "fmi2ExitInitializationMode");
  f2.terminate = (comp_fn)dlsym(h, "fmi2Terminate");
  f2.free_instance = (free2_fn)dlsym(h, "fmi2FreeInstance");
  f2.get = (real_fn)dlsym(h, "fmi2GetReal");
  f2.set = (real_fn)dlsym(h, "fmi2SetReal");
  f2.step = (step2_fn)dlsym(h, "fmi2DoStep");
  f2.get_state = (state2_fn)dlsym(h, "fmi2GetFMUstate");
  f2.free_state = (state2_fn)dlsym(h, "fmi2FreeFMUstate");
  f2.set_state = (set_state2_fn)dlsym(h, "fmi2SetFMUstate");
  f2.state_size = (state_size2_fn)dlsym(h, "fmi2SerializedFMUstateSize");
  f2.serialize = (serialize2_fn)dlsym(h, "fmi2SerializeFMUstate");
  f2.deserialize = (deserialize2_fn)dlsym(h, "fmi2DeSerializeFMUstate");
  CHECK(f2.get_state && f2.free_state && f2.set_state && f2.state_size && f2.serialize &&
        f2.deserialize, "the FMU state functions resolve");
  CHECK(f2.instantiate && f2.setup && f2.enter && f2.exit && f2.terminate && f2.free_instance &&
        f2.get && f2.set && f2.step, "the co-simulation functions resolve");
  CHECK(!strcmp(((const char *(*)(void))dlsym(h, "fmi2GetVersion"))(), "2.0"), "version 2.0");

  static double y3[N][NVR], a[N][NVR], b[N][NVR];
  reference3(dir3, y3);
  logbook la = {0}, lb = {0};
  fmi2Component A = start2(&la, uri, 0), B = start2(&lb, uri, 0.0102);
  CHECK(A && B, "two instances: %s %s", la.last, lb.last);
  if (A && B) {
    for (int k = 0; k < N; k++)
      steps2(A, k, k + 1, a), steps2(B, k, k + 1, b);
    int same = 1; /* every variable but time, which the 2.0 FMU does not have */
    for (int k = 0; k < N; k++)
      same &= !memcmp(a[k] + 1, y3[k] + 1, (NVR - 1) * sizeof(double));
    CHECK(same, "FMI 2.0 gives the FMI 3.0 FMU's bits at 1e-3 s steps");
    CHECK(fabs(b[N - 1][VR_EX] - a[N - 1][VR_EX]) > 1e-6,
          "the instance with the larger clearance moves otherwise");
    CHECK(!f2.terminate(A) && !f2.terminate(B), "terminate");
  }
  f2.free_instance(A);
  f2.free_instance(B);

  /* the crank's speed from 523.6 to 300 rad/s at t = 10 ms */
  logbook lc = {0};
  fmi2Component C = start2(&lc, uri, 0);
  if (C) {
    steps2(C, 0, 10, a);
    unsigned vr = VR_SPEED;
    double speed = 300;
    CHECK(!f2.set(C, &vr, 1, &speed), "set the speed: %s", lc.last);
    steps2(C, 10, 12, a);
    CHECK_REL(a[11][VR_OMEGA], speed, 1e-6, "the crank turns at the new speed");
  }
  f2.free_instance(C);

  if (f2.get_state && f2.deserialize)
    saved_states(uri);

  /* a bad model: NULL, the logger has the message, nothing printed */
  char bad[128], path[256], out[128];
  snprintf(bad, sizeof bad, "%s/bad", tmp);
  run("cp -r %s %s", dir2, bad);
  snprintf(path, sizeof path, "%s/resources/model.json", bad);
  FILE *m = fopen(path, "w");
  if (m) {
    fputs("{\"name\": \"bad\", \"bodies\": [{\"name\": \"ground\", \"ground\": true},"
          " {\"name\": \"bob\", \"mass\": 1.0, \"inertia\": -2.0, \"position\": [1, 0, 0]}],"
          " \"joints\": []}", m);
    fclose(m);
  }
  snprintf(res, sizeof res, "file://%s/resources", bad);
  snprintf(out, sizeof out, "%s/printed", tmp);
  fflush(stdout), fflush(stderr);
  int k1 = dup(1), k2 = dup(2), fd = open(out, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  dup2(fd, 1), dup2(fd, 2);
  logbook lbad = {0};
  fmi2CallbackFunctions cb = {logger2, calloc, free, NULL, &lbad};
  fmi2Component D = f2.instantiate("bad", 1, "", res, &cb, 0, 0);
  fflush(stdout), fflush(stderr);
  dup2(k1, 1), dup2(k2, 2);
  close(fd), close(k1), close(k2);
  struct stat st;
  CHECK(D == NULL, "a bad model gives no component");
  CHECK(lbad.errors == 1 && strstr(lbad.last, "/bodies/1/inertia"),
        "the logger names the JSON path: %s", lbad.last);
  CHECK(!stat(out, &st) && st.st_size == 0, "nothing printed");

  dlclose(h);
  run("rm -rf %s%s", tmp, "");
  return cs_test_finish();
}
