/*
 * fuzz_h5.c — libFuzzer target: the HDF5 writer (cs_h5.c, cs_h5_util.c, cs_h5_driver.c).
 *
 * The input is a model, run with a file in a private directory under /tmp for a few dozen
 * output rows. One input in three (by its length) runs in a forked child that ends with
 * _exit after size % 41 rows: a process killed there, no close, no flush beyond what the
 * writer did itself. The others run here, so that libFuzzer sees the writer's coverage. The
 * file left must open and read whole: every time series the length of /time and of /rows,
 * /time strictly increasing, status one of running (killed), complete, failed, interrupted. Opening,
 * reading and checking use HDF5's C API only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs_test_h5.h" /* HDF5, and committed_rows: /rows as the tests read it */
#include "clearsim.h"
#include "cs_fuzz.h"

typedef struct crash {
  long rows, at;
} crash;

static int crash_after(const cs_sim *sim, void *user)
{
  (void)sim;
  crash *c = user;
  if (++c->rows > c->at)
    _exit(0);
  return 0;
}

static herr_t dataset_length(hid_t loc, const char *name, const H5O_info_t *info, void *user)
{
  (void)loc;
  hsize_t *n = user, dims[3] = {0}, maxdims[3] = {0};
  if (info->type != H5O_TYPE_DATASET || strncmp(name, "model", 6) == 0 ||
      strcmp(name, "rows") == 0 ||
      strncmp(name, "events/", 7) == 0 || strcmp(name, "bodies/points") == 0 ||
      strcmp(name, "bodies/names") == 0 || strcmp(name, "constraints/names") == 0)
    return 0;
  hid_t d = H5Dopen2(loc, name, H5P_DEFAULT), s = d >= 0 ? H5Dget_space(d) : -1;
  if (s < 0 || H5Sget_simple_extent_dims(s, dims, maxdims) < 0)
    abort(); /* a dataset that does not open */
  int series = maxdims[0] == H5S_UNLIMITED; /* fixed arrays (wear profiles) are read only */
  hssize_t points = H5Sget_simple_extent_npoints(s);
  double *buf = malloc(((size_t)points + 1) * sizeof *buf);
  if (points > 0 && H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0)
    abort(); /* data that does not read */
  if (strcmp(name, "time") == 0)
    for (hssize_t i = 1; i < points; i++)
      if (!(buf[i] > buf[i - 1]))
        abort();
  free(buf);
  H5Sclose(s);
  H5Dclose(d);
  if (!series)
    return 0;
  if (*n == (hsize_t)-1)
    *n = dims[0];
  else if (dims[0] != *n)
    abort(); /* series of different lengths */
  return 0;
}

static void check_file(const char *path)
{
  if (access(path, F_OK) != 0)
    return; /* killed before the first commit: no file, which is allowed */
  hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (f < 0)
    abort(); /* a file that does not open */
  hsize_t n = (hsize_t)-1;
  if (H5Ovisit2(f, H5_INDEX_NAME, H5_ITER_NATIVE, dataset_length, &n, H5O_INFO_BASIC) < 0)
    abort();
  /* /rows, the commit point: the rows every series holds (an _exit between rows, never inside
   * a commit, leaves series exactly that long) */
  if (n != (hsize_t)-1 && committed_rows(f) != (long)n)
    abort();
  /* the status is one of the four words */
  hid_t a = H5Aopen(f, "status", H5P_DEFAULT), t = H5Tcopy(H5T_C_S1);
  char *status = NULL;
  H5Tset_size(t, H5T_VARIABLE);
  H5Tset_cset(t, H5T_CSET_UTF8);
  if (a < 0 || H5Aread(a, t, &status) < 0 || !status)
    abort();
  if (strcmp(status, "running") && strcmp(status, "complete") && strcmp(status, "failed") &&
      strcmp(status, "interrupted"))
    abort();
  H5free_memory(status);
  H5Tclose(t);
  H5Aclose(a);
  H5Fclose(f);
}

static void run(const cs_model *model, const char *path, long crash_at)
{
  crash c = {0, crash_at};
  cs_fuzz_budget budget = {CS_FUZZ_POLLS};
  cs_run_options opt = {.output_path = path, .progress = crash_at >= 0 ? crash_after : NULL,
                        .progress_user = &c, .interrupt = cs_fuzz_poll,
                        .interrupt_user = &budget};
  cs_error err;
  cs_run(model, &opt, NULL, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *json = cs_fuzz_text(data, size);
  cs_model *model = NULL;
  cs_error err;
  int loaded = json && cs_model_load_string(json, "fuzz.json", NULL, &model, &err) == CS_OK;
  free(json);
  if (!loaded)
    return 0;
  char dir[] = "/tmp/cs_fuzz_h5_XXXXXX", path[64];
  if (!mkdtemp(dir)) {
    cs_model_free(model);
    return 0;
  }
  snprintf(path, sizeof path, "%s/out.h5", dir);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  if (size % 3 == 0) {
    pid_t pid = fork();
    if (pid == 0) {
      run(model, path, (long)(size % 41));
      _exit(0);
    }
    int status = 0;
    if (pid > 0)
      waitpid(pid, &status, 0);
    if (pid > 0 && WIFSIGNALED(status))
      abort(); /* the writer crashed in the child */
  } else {
    run(model, path, -1);
  }
  check_file(path);
  unlink(path);
  rmdir(dir);
  cs_model_free(model);
  return 0;
}
