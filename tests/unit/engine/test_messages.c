/* Messages and statuses that say what happened:
 * - a failure the integrator reports on its input (a target time of 1e-300 s) is explained by
 *   a sentence (cs_diagnose left its buffer unwritten: stack bytes were printed);
 * - the consistent accelerations are scale-invariant in mass: the pendulum with a bob of
 *   1e20 kg or 1e-20 kg (inside the loader's limits) starts (it failed "zero inertia", exit 3),
 *   and at 1e20 kg moves as with 1 kg, its reactions 1e20 times as large;
 * - HDF5 failing to allocate memory is CS_ERR_MEMORY (exit 7), not an output error (it was
 *   "cannot append rows", exit 6), and a write error stays CS_ERR_IO. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clearsim.h"
#include "cs_test.h"
#include "cs_test_h5.h" /* its HDF5 include first: cs_h5_util.h has no path of its own */
#include "cs_h5_util.h"

static const char *pendulum(double mass, char *buf, size_t size)
{
  snprintf(buf, size, "{\"name\": \"p\", \"gravity\": [0, -9.81], \"bodies\": ["
           "{\"name\": \"ground\", \"ground\": true}, {\"name\": \"bob\", \"mass\": %.17g, "
           "\"inertia\": 0, \"position\": [1, 0, 0]}], \"joints\": [{\"name\": \"pivot\", "
           "\"type\": \"revolute\", \"body1\": \"ground\", \"body2\": \"bob\", \"point2\": "
           "[-1, 0]}], \"solver\": {\"rtol\": 1e-8, \"atol\": 1e-10}}", mass);
  return buf;
}

static int printable(const char *s)
{
  for (; *s; s++)
    if (!isprint((unsigned char)*s))
      return 0;
  return 1;
}

static void test_ill_input_explained(void)
{
  char json[1024];
  cs_model *m = NULL;
  cs_sim *sim = NULL;
  cs_error err;
  CHECK(cs_model_load_string(pendulum(1.0, json, sizeof json), "p", NULL, &m, &err) == CS_OK,
        "%s", err.message);
  CHECK(m && cs_sim_create(m, &sim, &err) == CS_OK, "%s", err.message);
  memset(err.message, 0xA5, sizeof err.message); /* what an unwritten buffer would show */
  err.message[sizeof err.message - 1] = 0;
  cs_status st = sim ? cs_sim_advance(sim, 1e-300, &err) : CS_ERR_ARGUMENT;
  CHECK(st == CS_ERR_SOLVER, "advance to 1e-300 s: status %d", st);
  CHECK(printable(err.message), "the message has unprintable bytes: %s", err.message);
  CHECK(strstr(err.message, "the integrator failed at t = 0 s: no cause in the mechanism's "
                            "state (not a singular position)") &&
            strstr(err.message, "(IDA_ILL_INPUT"),
        "message: %s", err.message);
  cs_sim_free(sim);
  cs_model_free(m);
}

/* The bob's position and the pivot's reaction after 1 s. */
static int swing(double mass, double pos[3], double *lambda)
{
  char json[1024];
  cs_model *m = NULL;
  cs_sim *sim = NULL;
  cs_error err;
  cs_status st = cs_model_load_string(pendulum(mass, json, sizeof json), "p", NULL, &m, &err);
  if (st == CS_OK)
    st = cs_sim_create(m, &sim, &err);
  if (st == CS_OK)
    st = cs_sim_advance(sim, 1.0, &err);
  CHECK(st == CS_OK, "bob of %g kg: %s", mass, err.message);
  if (st == CS_OK) {
    cs_sim_body_position(sim, 1, pos);
    *lambda = cs_sim_lambda(sim, 0);
  }
  cs_sim_free(sim);
  cs_model_free(m);
  return st == CS_OK;
}

static void test_mass_scale(void)
{
  double p1[3], pb[3], ps[3], l1 = 0, lb = 0, ls = 0;
  int one = swing(1.0, p1, &l1), big = swing(1e20, pb, &lb), small = swing(1e-20, ps, &ls);
  (void)small; /* it starts; its accuracy at atol 1e-10 is the energy check's to judge */
  if (one && big) {
    for (int c = 0; c < 3; c++)
      CHECK_NEAR(pb[c], p1[c], 1e-6, "1e20 kg bob's coordinate against 1 kg's");
    CHECK_REL(lb, 1e20 * l1, 1e-5, "1e20 kg bob's pivot reaction, 1e20 times 1 kg's");
  }
}

/* cs_h5_fail on an HDF5 error stack whose innermost entry is (maj, min, desc). */
static cs_status h5_failure(hid_t maj, hid_t min, const char *desc, cs_error *err)
{
  H5Eclear2(H5E_DEFAULT);
  H5Epush2(H5E_DEFAULT, __FILE__, "test", __LINE__, H5E_ERR_CLS, maj, min, "%s", desc);
  cs_status st = cs_h5_fail(err, "x.h5", "append rows");
  H5Eclear2(H5E_DEFAULT);
  return st;
}

static void test_h5_memory(void)
{
  cs_error err;
  CHECK(h5_failure(H5E_RESOURCE, H5E_NOSPACE, "memory allocation failed", &err) ==
            CS_ERR_MEMORY && strstr(err.message, "out of memory"),
        "HDF5 allocation failure: %d %s", err.code, err.message);
  CHECK(h5_failure(H5E_VFL, H5E_WRITEERROR, "write: Cannot allocate memory", &err) ==
            CS_ERR_MEMORY, "the driver's ENOMEM: %d %s", err.code, err.message);
  CHECK(h5_failure(H5E_VFL, H5E_WRITEERROR, "write: No space left on device", &err) ==
            CS_ERR_IO && strstr(err.message, "cannot append rows: write: No space left"),
        "a full disk: %d %s", err.code, err.message);
  /* a writer closes its dataspaces before it reports (write_rows): the reason must survive */
  hid_t space = H5Screate(H5S_SCALAR); /* (before the push: an API call clears the stack) */
  H5Eclear2(H5E_DEFAULT);
  H5Epush2(H5E_DEFAULT, __FILE__, "test", __LINE__, H5E_ERR_CLS, H5E_RESOURCE, H5E_CANTALLOC,
           "%s", "memory allocation failed for chunk");
  cs_h5_close_id(space, H5Sclose);
  CHECK(cs_h5_fail(&err, "x.h5", "append rows") == CS_ERR_MEMORY &&
            strstr(err.message, "memory allocation failed for chunk"),
        "an allocation failure, reported after a dataspace is closed: %d %s", err.code,
        err.message);
  H5Eclear2(H5E_DEFAULT);
}

int main(void)
{
  test_h5_memory();
  test_ill_input_explained();
  test_mass_scale();
  return cs_test_finish();
}
