/*
 * sweep_summary.c — the summary HDF5 file of a sweep, one row per case in case order, whatever
 * order the cases finish in. Its layout is written down once, in tools/README.md "The summary
 * file"; keep the two in step.
 *
 * Every dataset is made at full size when the sweep starts (figures NaN, status "pending"), and
 * a case's row is written and flushed as soon as it comes in: a sweep stopped any way keeps
 * every case recorded, and --resume runs the rows still pending.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cs_status.h"
#include "cs_h5_driver.h"
#include "cs_h5_util.h"
#include "sweep.h"

typedef struct column {
  hid_t dset;
  int offset, width; /* where in a case row, how many doubles */
} column;

struct sweep_out {
  const sweep_plan *plan;
  char *path;
  hid_t file, status, message;
  int ncol;
  column *cols;
  cs_h5_quiet quiet;
};

static hid_t text_type(void)
{
  hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  H5Tset_cset(t, H5T_CSET_UTF8);
  return t;
}

/* ---------------------------------------------------------------- creating -------------- */

/* A [ncase, …] dataset of doubles filled with NaN, with its units (and components). */
static hid_t figure_dataset(hid_t loc, const char *name, hsize_t ncase, hsize_t n1, hsize_t n2,
                            const char *units, const char *components)
{
  hsize_t dims[3] = {ncase, n1, n2};
  int rank = n2 ? 3 : n1 ? 2 : 1;
  double nan = NAN;
  hid_t space = H5Screate_simple(rank, dims, NULL), dcpl = H5Pcreate(H5P_DATASET_CREATE);
  hid_t d = H5I_INVALID_HID;
  if (space >= 0 && dcpl >= 0 && H5Pset_fill_value(dcpl, H5T_NATIVE_DOUBLE, &nan) >= 0 &&
      H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC) >= 0)
    d = H5Dcreate2(loc, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (d >= 0 && (cs_h5_attr_text(d, "units", units) < 0 ||
                 (components && cs_h5_attr_text(d, "components", components) < 0))) {
    H5Dclose(d);
    d = H5I_INVALID_HID;
  }
  cs_h5_close_id(dcpl, H5Pclose);
  cs_h5_close_id(space, H5Sclose);
  return d;
}

static int add_column(sweep_out *o, hid_t loc, const char *name, int offset, hsize_t n1,
                      hsize_t n2, const char *units, const char *components)
{
  column *c = &o->cols[o->ncol];
  c->dset = figure_dataset(loc, name, (hsize_t)o->plan->ncase, n1, n2, units, components);
  c->offset = offset;
  c->width = (int)((n1 ? n1 : 1) * (n2 ? n2 : 1));
  o->ncol += c->dset >= 0;
  return c->dset >= 0 ? 0 : -1;
}

static hid_t group(hid_t loc, const char *name)
{
  return H5Gcreate2(loc, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
}

/* A text dataset [n] with every element `fill` (or texts[i]), kept open. */
static hid_t text_column(hid_t loc, const char *name, hsize_t n, const char *fill,
                         const char *const *texts)
{
  hid_t t = text_type(), space = H5Screate_simple(1, &n, NULL), d = H5I_INVALID_HID;
  const char **all = malloc((size_t)(n ? n : 1) * sizeof *all);
  if (all && space >= 0)
    d = H5Dcreate2(loc, name, t, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  for (hsize_t i = 0; all && i < n; i++)
    all[i] = texts ? texts[i] : fill;
  if (d >= 0 && n && H5Dwrite(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, all) < 0) {
    H5Dclose(d);
    d = H5I_INVALID_HID;
  }
  free(all);
  cs_h5_close_id(space, H5Sclose);
  H5Tclose(t);
  return d;
}

static herr_t text_array_attr(hid_t obj, const char *name, int n, const char *const *texts)
{
  hsize_t dims = (hsize_t)n;
  hid_t t = text_type(), space = H5Screate_simple(1, &dims, NULL), a = H5I_INVALID_HID;
  herr_t rc = -1;
  if (space >= 0)
    a = H5Acreate2(obj, name, t, space, H5P_DEFAULT, H5P_DEFAULT);
  if (a >= 0)
    rc = H5Awrite(a, t, texts);
  cs_h5_close_id(a, H5Aclose);
  cs_h5_close_id(space, H5Sclose);
  H5Tclose(t);
  return rc;
}

static herr_t parameters(const sweep_out *o, hid_t cases)
{
  const sweep_plan *p = o->plan;
  hid_t d = figure_dataset(cases, "parameters", (hsize_t)p->ncase, (hsize_t)p->nparam, 0, "", NULL);
  const char **paths = malloc((size_t)p->nparam * sizeof *paths);
  herr_t rc = d >= 0 && paths && p->ncase ? H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                                     H5P_DEFAULT, p->values) : -1;
  for (int j = 0; paths && j < p->nparam; j++)
    paths[j] = p->params[j].path;
  if (rc >= 0)
    rc = text_array_attr(d, "paths", p->nparam, paths);
  cs_h5_close_id(d, H5Dclose);
  free(paths);
  return rc;
}

static herr_t trajectories(const sweep_out *o, hid_t cases)
{
  const sweep_plan *p = o->plan;
  char **names = calloc((size_t)p->ncase + 1, sizeof *names), full[4096];
  const char *slash = strrchr(o->path, '/');
  size_t dir = slash ? (size_t)(slash - o->path) + 1 : 0;
  herr_t rc = names ? 0 : -1;
  for (long i = 0; rc >= 0 && i < p->ncase; i++) {
    sweep_trajectory_path(o->path, i, full, sizeof full);
    rc = (names[i] = strdup(full + dir)) ? 0 : -1; /* relative to the summary */
  }
  hid_t d = rc >= 0 ? text_column(cases, "trajectory", (hsize_t)p->ncase, NULL,
                                  (const char *const *)names) : H5I_INVALID_HID;
  for (long i = 0; names && i < p->ncase; i++)
    free(names[i]);
  free(names);
  if (d < 0)
    return -1;
  return H5Dclose(d);
}

static herr_t figures(sweep_out *o, hid_t cases)
{
  const sweep_plan *p = o->plan;
  herr_t rc = 0;
  rc |= add_column(o, cases, "t_final", FIG_T_FINAL, 0, 0, "s", NULL);
  rc |= add_column(o, cases, "steps", FIG_STEPS, 0, 0, "", NULL);
  rc |= add_column(o, cases, "wall_time", FIG_WALL_TIME, 0, 0, "s", NULL);
  rc |= add_column(o, cases, "energy_balance_error", FIG_ENERGY, 0, 0, "J", NULL);
  hid_t g = group(cases, "joints");
  for (int k = 0; g >= 0 && k < p->njoint; k++) {
    hid_t j = group(g, p->joints[k]);
    int f = fig_joint(p, k);
    rc |= j < 0 ? -1 : 0;
    rc |= add_column(o, j, "max_force", f + FIG_JOINT_MAX_FORCE, 0, 0, "N", NULL);
    rc |= add_column(o, j, "max_penetration", f + FIG_JOINT_MAX_PENETRATION, 0, 0, "m", NULL);
    rc |= add_column(o, j, "contacts", f + FIG_JOINT_CONTACTS, 0, 0, "", NULL);
    cs_h5_close_id(j, H5Gclose);
  }
  cs_h5_close_id(g, H5Gclose);
  g = group(cases, "drivers");
  for (int d = 0; g >= 0 && d < p->ndriver; d++) {
    hid_t j = group(g, p->drivers[d]);
    const char *units = p->driver_angle[d] ? "N·m" : "N";
    rc |= j < 0 ? -1 : 0;
    rc |= add_column(o, j, "max_abs_reaction", fig_driver(p, d) + FIG_DRIVER_MAX_ABS, 0, 0,
                     units, NULL);
    rc |= add_column(o, j, "rms_reaction", fig_driver(p, d) + FIG_DRIVER_RMS, 0, 0, units, NULL);
    cs_h5_close_id(j, H5Gclose);
  }
  cs_h5_close_id(g, H5Gclose);
  g = group(cases, "bodies");
  for (int b = 0; g >= 0 && b < p->nbody; b++) {
    hid_t j = group(g, p->bodies[b]);
    rc |= j < 0 ? -1 : 0;
    rc |= add_column(o, j, "max_abs_acceleration", fig_body(p, b), 3, 0, "m/s², m/s², rad/s²",
                     "x, y, theta");
    cs_h5_close_id(j, H5Gclose);
  }
  cs_h5_close_id(g, H5Gclose);
  if (p->poincare) {
    g = group(cases, "poincare");
    rc |= g < 0 ? -1 : 0;
    rc |= add_column(o, g, "period", fig_poincare(p), 0, 0, "s", NULL);
    for (int k = 0; g >= 0 && k < p->njoint; k++)
      rc |= add_column(o, g, p->joints[k], fig_poincare_joint(p, k), (hsize_t)p->npoincare, 2,
                       "m", "ex, ey (eccentricity at t = k period, k = 1, 2, ...)");
    cs_h5_close_id(g, H5Gclose);
  }
  return rc;
}

static cs_status create(sweep_out *o, cs_error *err)
{
  const sweep_plan *p = o->plan;
  static const char *const modes[] = {"grid", "zip", "random"};
  cs_status st = cs_h5_create_file(o->path, p->model_name, p->model_text, "running", "",
                                   &o->file, err);
  if (st != CS_OK)
    return st;
  const char *sweep = p->text;
  if (cs_h5_attr_text(o->file, "sweep_name", p->name) < 0 ||
      cs_h5_attr_text(o->file, "mode", modes[p->mode]) < 0 ||
      cs_h5_attr_long(o->file, "ncase", p->ncase) < 0 ||
      cs_h5_attr_long(o->file, "seed", (long)p->seed) < 0 ||
      cs_h5_attr_double(o->file, "t_end", p->t_end) < 0 ||
      cs_h5_text(o->file, "sweep", -1, &sweep) < 0)
    return cs_h5_fail(err, o->path, "write the root attributes and /sweep");
  hid_t cases = group(o->file, "cases");
  herr_t rc = cases < 0 ? -1 : parameters(o, cases);
  if (rc >= 0)
    o->status = text_column(cases, "status", (hsize_t)p->ncase, "pending", NULL);
  if (rc >= 0)
    o->message = text_column(cases, "message", (hsize_t)p->ncase, "", NULL);
  if (rc >= 0 && p->trajectories)
    rc = trajectories(o, cases);
  if (rc >= 0 && o->status >= 0 && o->message >= 0)
    rc = figures(o, cases);
  cs_h5_close_id(cases, H5Gclose);
  if (rc < 0 || o->status < 0 || o->message < 0 || H5Fflush(o->file, H5F_SCOPE_LOCAL) < 0)
    return cs_h5_fail(err, o->path, "lay out /cases");
  return CS_OK;
}

/* ---------------------------------------------------------------- resuming --------------- */

static char *read_text(hid_t file, const char *name)
{
  hid_t d = H5Dopen2(file, name, H5P_DEFAULT), t = text_type();
  char *s = NULL, *copy = NULL;
  if (d >= 0 && H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, &s) >= 0 && s) {
    copy = strdup(s);
    H5free_memory(s);
  }
  cs_h5_close_id(d, H5Dclose);
  H5Tclose(t);
  return copy;
}

static hid_t open_column(sweep_out *o, const char *path, int offset, int width)
{
  column *c = &o->cols[o->ncol];
  c->dset = H5Dopen2(o->file, path, H5P_DEFAULT);
  c->offset = offset;
  c->width = width;
  o->ncol += c->dset >= 0;
  return c->dset;
}

/* The figure columns as create() lays them out, opened by path. */
static int reopen_figures(sweep_out *o)
{
  const sweep_plan *p = o->plan;
  char path[512];
  int bad = 0;
  bad |= open_column(o, "cases/t_final", FIG_T_FINAL, 1) < 0;
  bad |= open_column(o, "cases/steps", FIG_STEPS, 1) < 0;
  bad |= open_column(o, "cases/wall_time", FIG_WALL_TIME, 1) < 0;
  bad |= open_column(o, "cases/energy_balance_error", FIG_ENERGY, 1) < 0;
  static const char *const jn[] = {"max_force", "max_penetration", "contacts"};
  for (int k = 0; k < p->njoint; k++)
    for (int f = 0; f < FIG_PER_JOINT; f++) {
      snprintf(path, sizeof path, "cases/joints/%s/%s", p->joints[k], jn[f]);
      bad |= open_column(o, path, fig_joint(p, k) + f, 1) < 0;
    }
  static const char *const dn[] = {"max_abs_reaction", "rms_reaction"};
  for (int d = 0; d < p->ndriver; d++)
    for (int f = 0; f < FIG_PER_DRIVER; f++) {
      snprintf(path, sizeof path, "cases/drivers/%s/%s", p->drivers[d], dn[f]);
      bad |= open_column(o, path, fig_driver(p, d) + f, 1) < 0;
    }
  for (int b = 0; b < p->nbody; b++) {
    snprintf(path, sizeof path, "cases/bodies/%s/max_abs_acceleration", p->bodies[b]);
    bad |= open_column(o, path, fig_body(p, b), 3) < 0;
  }
  if (p->poincare) {
    bad |= open_column(o, "cases/poincare/period", fig_poincare(p), 1) < 0;
    for (int k = 0; k < p->njoint; k++) {
      snprintf(path, sizeof path, "cases/poincare/%s", p->joints[k]);
      bad |= open_column(o, path, fig_poincare_joint(p, k), 2 * p->npoincare) < 0;
    }
  }
  return bad;
}

static cs_status resume(sweep_out *o, unsigned char *done, cs_error *err)
{
  const sweep_plan *p = o->plan;
  struct stat st; /* as every output (cs_h5_driver.c): never written through a symbolic link */
  if (lstat(o->path, &st) == 0 && S_ISLNK(st.st_mode))
    return cs_fail(err, CS_ERR_IO, "HDF5 output '%s': cannot open the summary to resume: it is "
                   "a symbolic link, which output is never written through (name the file it "
                   "points to instead)", o->path);
  /* through the driver: its commit order (a case's status after its figures) and O_NOFOLLOW */
  hid_t fapl = cs_h5_driver_fapl();
  o->file = fapl < 0 ? H5I_INVALID_HID : H5Fopen(o->path, H5F_ACC_RDWR, fapl);
  cs_h5_close_id(fapl, H5Pclose);
  if (o->file < 0)
    return cs_h5_fail(err, o->path, "open the summary to resume");
  char *sweep = read_text(o->file, "sweep"), *model = read_text(o->file, "model");
  int same = sweep && model && !strcmp(sweep, p->text) && !strcmp(model, p->model_text);
  free(sweep);
  free(model);
  if (!same)
    return cs_fail(err, CS_ERR_INPUT, "%s: not a summary of this sweep (its /sweep or /model "
                   "differs from %s and %s): remove it or choose another -o", o->path, p->file,
                   p->model_path);
  o->status = H5Dopen2(o->file, "cases/status", H5P_DEFAULT);
  o->message = H5Dopen2(o->file, "cases/message", H5P_DEFAULT);
  char **status = calloc((size_t)p->ncase + 1, sizeof *status);
  hid_t t = text_type();
  int bad = o->status < 0 || o->message < 0 || !status || reopen_figures(o) ||
            H5Dread(o->status, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, status) < 0;
  for (long i = 0; !bad && i < p->ncase; i++)
    done[i] = status[i] && strcmp(status[i], "pending") != 0;
  for (long i = 0; status && i < p->ncase; i++)
    H5free_memory(status[i]);
  free(status);
  H5Tclose(t);
  if (bad)
    return cs_h5_fail(err, o->path, "read the cases to resume");
  if (cs_h5_write_status(o->file, "running", "") < 0)
    return cs_h5_fail(err, o->path, "mark the summary running");
  return CS_OK;
}

/* ---------------------------------------------------------------- the interface ---------- */

int sweep_out_unfinished(const sweep_plan *p, const char *path, long *finished)
{
  cs_h5_quiet quiet = cs_h5_quiet_begin();
  hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  char *sweep = file >= 0 ? read_text(file, "sweep") : NULL;
  hid_t d = sweep && !strcmp(sweep, p->text) ? H5Dopen2(file, "cases/status", H5P_DEFAULT)
                                             : H5I_INVALID_HID;
  char **status = calloc((size_t)p->ncase + 1, sizeof *status);
  hid_t t = text_type(), space = d >= 0 ? H5Dget_space(d) : H5I_INVALID_HID;
  long pending = 0;
  *finished = 0;
  if (space >= 0 && status && H5Sget_simple_extent_npoints(space) == p->ncase &&
      H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, status) >= 0)
    for (long i = 0; i < p->ncase; i++) {
      int waiting = status[i] && !strcmp(status[i], "pending");
      pending += waiting;
      *finished += !waiting;
      H5free_memory(status[i]);
    }
  free(status), free(sweep);
  H5Tclose(t);
  cs_h5_close_id(space, H5Sclose);
  cs_h5_close_id(d, H5Dclose);
  cs_h5_close_id(file, H5Fclose);
  cs_h5_quiet_end(&quiet);
  return pending > 0 && *finished > 0;
}

cs_status sweep_out_open(const sweep_plan *p, const char *path, int resuming, sweep_out **out,
                         unsigned char *done, cs_error *err)
{
  sweep_out *o = calloc(1, sizeof *o);
  *out = NULL;
  if (!o || !(o->path = strdup(path)) ||
      !(o->cols = calloc((size_t)(8 + 4 * p->njoint + 2 * p->ndriver + p->nbody), sizeof *o->cols))) {
    if (o)
      free(o->path);
    free(o);
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  o->plan = p;
  o->file = o->status = o->message = H5I_INVALID_HID;
  o->quiet = cs_h5_quiet_begin();
  memset(done, 0, (size_t)p->ncase);
  cs_status st = resuming ? resume(o, done, err) : create(o, err);
  if (st != CS_OK) {
    cs_error ignore;
    sweep_out_close(o, NULL, &ignore);
    return st;
  }
  *out = o;
  return CS_OK;
}

static herr_t write_text(hid_t d, hsize_t i, const char *text)
{
  hsize_t one = 1;
  hid_t t = text_type(), file = H5Dget_space(d), mem = H5Screate_simple(1, &one, NULL);
  herr_t rc = H5Sselect_hyperslab(file, H5S_SELECT_SET, &i, NULL, &one, NULL);
  if (rc >= 0)
    rc = H5Dwrite(d, t, mem, file, H5P_DEFAULT, &text);
  H5Sclose(mem);
  H5Sclose(file);
  H5Tclose(t);
  return rc;
}

static herr_t write_row(const column *c, hsize_t i, const double *row)
{
  /* row i of a [ncase], [ncase, n1] or [ncase, n1, n2] dataset: c->width doubles */
  hid_t file = H5Dget_space(c->dset);
  hsize_t start[3] = {i, 0, 0}, count[3], w = (hsize_t)c->width;
  H5Sget_simple_extent_dims(file, count, NULL);
  count[0] = 1;
  hid_t mem = H5Screate_simple(1, &w, NULL);
  herr_t rc = H5Sselect_hyperslab(file, H5S_SELECT_SET, start, NULL, count, NULL);
  if (rc >= 0)
    rc = H5Dwrite(c->dset, H5T_NATIVE_DOUBLE, mem, file, H5P_DEFAULT, row + c->offset);
  H5Sclose(mem);
  H5Sclose(file);
  return rc;
}

/* A row that says it is finished has its figures, whenever the writer is killed: the figures
 * and message are committed first, the status in a commit of its own. In one commit they
 * would not be ordered: cs_h5_driver writes a commit's raw data in address order, and
 * /cases/status lies before the figures, so a kill inside it could leave "complete" over NaN
 * figures, which --resume then kept. */
cs_status sweep_out_write(sweep_out *o, const sweep_result *r, cs_error *err)
{
  hsize_t i = (hsize_t)r->index;
  herr_t rc = 0;
  for (int c = 0; rc >= 0 && c < o->ncol; c++)
    rc = write_row(&o->cols[c], i, r->fig);
  if (rc >= 0)
    rc = write_text(o->message, i, r->message);
  if (rc >= 0)
    rc = H5Fflush(o->file, H5F_SCOPE_LOCAL);
  if (rc >= 0)
    rc = write_text(o->status, i, sweep_status_names[r->status]);
  if (rc >= 0)
    rc = H5Fflush(o->file, H5F_SCOPE_LOCAL);
  return rc < 0 ? cs_h5_fail(err, o->path, "write a case's row") : CS_OK;
}

cs_status sweep_out_close(sweep_out *o, const char *status, cs_error *err)
{
  cs_status st = CS_OK;
  if (!o)
    return st;
  if (status && o->file >= 0 && cs_h5_write_status(o->file, status, "") < 0)
    st = cs_h5_fail(err, o->path, "write the final status");
  for (int c = 0; c < o->ncol; c++)
    H5Dclose(o->cols[c].dset);
  cs_h5_close_id(o->status, H5Dclose);
  cs_h5_close_id(o->message, H5Dclose);
  if (o->file >= 0 && H5Fclose(o->file) < 0 && st == CS_OK)
    st = cs_h5_fail(err, o->path, "close the file");
  cs_h5_quiet_end(&o->quiet);
  free(o->cols);
  free(o->path);
  free(o);
  return st;
}
