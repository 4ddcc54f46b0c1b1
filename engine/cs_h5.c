/*
 * cs_h5.c — the HDF5 output sink (DESIGN.md "HDF5 output"). Layout:
 *
 *   /                  attrs clearsim_version, model_name, formulation, status, message, t_final
 *   /model             the input JSON verbatim (scalar variable-length string)
 *   /time              [N]
 *   /bodies            names [nbody]; position, velocity, acceleration [N, nbody, 3];
 *                      points [P, 3]: (body index, x, y) in the body's frame, for drawing
 *   /constraints       names [nrow]; lambda [N, nrow]; position_drift, velocity_drift [N]
 *   /drivers/<joint>   reaction [N]   (attr joint_kind)
 *   /energy            kinetic, potential, strain, dissipated, driver_work, applied_work,
 *                      balance_error [N]
 *   /solver            attrs: the cs_stats fields
 *
 * Every dataset carries a `units` attribute ("" for text). Every dataset is created, whatever
 * the model: a model without constraints has names [0] and lambda [N, 0], so readers need no
 * special cases. HDF5 wants chunk dimensions > 0 and ≤ the maximum dimensions, so a zero-width
 * dimension gets maximum 1 and chunk 1 (it stays 0 wide).
 *
 * Rows are buffered BLOCK_ROWS at a time (also the chunk length), then written with one
 * extend-and-write per dataset and flushed with H5Fflush; a block is also written when a second
 * has passed since the last one, so a slow run loses at most a second of rows when killed. The
 * file uses HDF5's default (earliest) format: its superblock records no "open for writing"
 * flag, so the file of a killed run opens without h5clear.
 *
 * Errors: HDF5's automatic error printing is process-global state. Each entry point saves the
 * caller's handler, turns printing off and restores the handler on return (quiet_begin/end), so
 * the library never prints and an embedding program keeps its own setting. Failures read the
 * innermost message of HDF5's error stack into the cs_error. The Debian serial library is not
 * thread-safe: two simulations may write files in one process, but not from two threads.
 */
#include "cs_h5.h"

#include "cs_error.h"

#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BLOCK_ROWS = 64 };
static const double FLUSH_SECONDS = 1.0;

/* A time series: one dataset, one row per output instant, rows of shape [], [w] or [n, 3]. */
typedef struct series {
  hid_t dset;
  int rank;         /* of the dataset: 1, 2 or 3 */
  hsize_t shape[2]; /* the row's dimensions (rank − 1 of them) */
  size_t width;     /* values per row */
  double *buf;      /* BLOCK_ROWS × width buffered rows */
} series;

/* The series every file has, in the order fill_row fills them; drivers follow. */
enum {
  S_TIME, S_POSITION, S_VELOCITY, S_ACCELERATION, S_LAMBDA, S_POSITION_DRIFT, S_VELOCITY_DRIFT,
  S_KINETIC, S_POTENTIAL, S_STRAIN, S_DISSIPATED, S_DRIVER_WORK, S_APPLIED_WORK,
  S_BALANCE_ERROR, S_FIXED
};

typedef enum row_shape { PER_INSTANT, PER_BODY, PER_ROW } row_shape;

static const struct {
  const char *path, *units;
  row_shape shape;
} fixed_series[S_FIXED] = {
  [S_TIME] = {"time", "s", PER_INSTANT},
  [S_POSITION] = {"bodies/position", "m, m, rad", PER_BODY},
  [S_VELOCITY] = {"bodies/velocity", "m/s, m/s, rad/s", PER_BODY},
  [S_ACCELERATION] = {"bodies/acceleration", "m/s^2, m/s^2, rad/s^2", PER_BODY},
  /* A row's multiplier is a force (N) when its constraint is a distance, a moment (N*m) when
   * it is an angle; /constraints/names tells which joint each row belongs to. */
  [S_LAMBDA] = {"constraints/lambda", "N (distance rows), N*m (angle rows)", PER_ROW},
  [S_POSITION_DRIFT] = {"constraints/position_drift", "m or rad", PER_INSTANT},
  [S_VELOCITY_DRIFT] = {"constraints/velocity_drift", "m/s or rad/s", PER_INSTANT},
  [S_KINETIC] = {"energy/kinetic", "J", PER_INSTANT},
  [S_POTENTIAL] = {"energy/potential", "J", PER_INSTANT},
  [S_STRAIN] = {"energy/strain", "J", PER_INSTANT},
  [S_DISSIPATED] = {"energy/dissipated", "J", PER_INSTANT},
  [S_DRIVER_WORK] = {"energy/driver_work", "J", PER_INSTANT},
  [S_APPLIED_WORK] = {"energy/applied_work", "J", PER_INSTANT},
  [S_BALANCE_ERROR] = {"energy/balance_error", "J", PER_INSTANT},
};

static const char *const groups[] = {"bodies", "constraints", "drivers", "energy", "solver"};

struct cs_h5 {
  char *path;
  hid_t file;
  int nbody, nrow;
  int nseries;     /* S_FIXED + drivers */
  series *s;
  int *driver;     /* joint index of series S_FIXED + k */
  hsize_t written; /* rows in the file */
  int buffered;    /* rows waiting in the buffers */
  double last_t;   /* time of the last row appended */
  time_t last_write;
};

/* ---------------------------------------------------------------- errors ----------------- */

typedef struct quiet {
  H5E_auto2_t fn;
  void *data;
} quiet;

static quiet quiet_begin(void)
{
  quiet q = {NULL, NULL};
  if (H5Eget_auto2(H5E_DEFAULT, &q.fn, &q.data) < 0)
    q.fn = NULL, q.data = NULL;
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  return q;
}

static void quiet_end(const quiet *q) { H5Eset_auto2(H5E_DEFAULT, q->fn, q->data); }

static herr_t innermost(unsigned n, const H5E_error2_t *e, void *detail)
{
  if (n == 0 && e->desc)
    snprintf(detail, 256, "%s", e->desc);
  return 0;
}

/* An HDF5 call failed while doing `what` to file `path`: CS_ERR_IO with HDF5's own reason. */
static cs_status h5_fail(cs_error *err, const char *path, const char *what)
{
  char detail[256] = "";
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, detail);
  return cs_fail(err, CS_ERR_IO, "HDF5 output '%s': cannot %s%s%s", path, what,
                 detail[0] ? ": " : "", detail);
}

static void close_id(hid_t id, herr_t (*close)(hid_t))
{
  if (id >= 0)
    close(id);
}

/* ---------------------------------------------------------------- attributes, text ------- */

static hid_t string_type(void)
{
  hid_t t = H5Tcopy(H5T_C_S1);
  if (t < 0)
    return t;
  if (H5Tset_size(t, H5T_VARIABLE) < 0 || H5Tset_cset(t, H5T_CSET_UTF8) < 0) {
    H5Tclose(t);
    return H5I_INVALID_HID;
  }
  return t;
}

/* Create or overwrite the scalar attribute `name` of `obj`. */
static herr_t put_attr(hid_t obj, const char *name, hid_t file_type, hid_t mem_type,
                       const void *value)
{
  hid_t space = H5I_INVALID_HID, attr = H5I_INVALID_HID;
  herr_t rc = -1;
  htri_t exists = H5Aexists(obj, name);
  if (exists < 0)
    return -1;
  if (exists)
    attr = H5Aopen(obj, name, H5P_DEFAULT);
  else if ((space = H5Screate(H5S_SCALAR)) >= 0)
    attr = H5Acreate2(obj, name, file_type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attr >= 0)
    rc = H5Awrite(attr, mem_type, value);
  close_id(attr, H5Aclose);
  close_id(space, H5Sclose);
  return rc;
}

static herr_t put_text_attr(hid_t obj, const char *name, const char *value)
{
  hid_t t = string_type();
  herr_t rc = t < 0 ? -1 : put_attr(obj, name, t, t, &value);
  close_id(t, H5Tclose);
  return rc;
}

static herr_t put_double_attr(hid_t obj, const char *name, double value)
{
  return put_attr(obj, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

static herr_t put_long_attr(hid_t obj, const char *name, long value)
{
  return put_attr(obj, name, H5T_STD_I64LE, H5T_NATIVE_LONG, &value);
}

/* A text dataset: `n` strings, or one scalar string when n < 0. */
static herr_t put_text(hid_t loc, const char *name, int n, const char *const *text)
{
  hsize_t dims[1] = {(hsize_t)(n < 0 ? 0 : n)};
  hid_t t = string_type(), space = H5I_INVALID_HID, dset = H5I_INVALID_HID;
  herr_t rc = -1;
  if (t >= 0)
    space = n < 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, NULL);
  if (space >= 0)
    dset = H5Dcreate2(loc, name, t, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (dset >= 0 && (n == 0 || H5Dwrite(dset, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, text) >= 0))
    rc = put_text_attr(dset, "units", "");
  close_id(dset, H5Dclose);
  close_id(space, H5Sclose);
  close_id(t, H5Tclose);
  return rc;
}

/* ---------------------------------------------------------------- the file --------------- */

/* Create the file with what the model alone tells: root attributes and /model. */
static cs_status create_file(const char *path, const cs_model *model, const char *status,
                             const char *message, hid_t *file, cs_error *err)
{
  const char *json = cs_model_json(model);
  *file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (*file < 0)
    return h5_fail(err, path, "create the file");
  if (put_text_attr(*file, "clearsim_version", cs_version()) < 0 ||
      put_text_attr(*file, "model_name", cs_model_name(model)) < 0 ||
      put_text_attr(*file, "status", status) < 0 ||
      put_text_attr(*file, "message", message) < 0 || put_text(*file, "model", -1, &json) < 0)
    return h5_fail(err, path, "write the root attributes and /model");
  return CS_OK;
}

static int is_driver(const cs_model *model, int joint)
{
  const char *kind = cs_model_joint_kind(model, joint);
  return strcmp(kind, "angle driver") == 0 || strcmp(kind, "translation driver") == 0;
}

static const char *driver_units(const cs_model *model, int joint)
{
  return strcmp(cs_model_joint_kind(model, joint), "angle driver") == 0 ? "N*m" : "N";
}

/* The series of an open file: the fixed ones and one per driver. */
static cs_status alloc_series(cs_h5 *h, const cs_model *model, cs_error *err)
{
  int njoint = cs_model_joint_count(model), ndriver = 0;
  for (int j = 0; j < njoint; j++)
    ndriver += is_driver(model, j);
  h->nseries = S_FIXED + ndriver;
  h->s = calloc((size_t)h->nseries, sizeof *h->s);
  h->driver = calloc((size_t)ndriver + 1, sizeof *h->driver);
  if (!h->s || !h->driver)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", h->path);
  for (int j = 0, k = 0; j < njoint; j++)
    if (is_driver(model, j))
      h->driver[k++] = j;
  for (int i = 0; i < h->nseries; i++)
    h->s[i].dset = H5I_INVALID_HID;
  for (int i = 0; i < h->nseries; i++) {
    series *s = &h->s[i];
    row_shape shape = i < S_FIXED ? fixed_series[i].shape : PER_INSTANT;
    s->rank = shape == PER_INSTANT ? 1 : shape == PER_ROW ? 2 : 3;
    s->shape[0] = (hsize_t)(shape == PER_BODY ? h->nbody : h->nrow);
    s->shape[1] = 3;
    s->width = shape == PER_INSTANT ? 1 : shape == PER_ROW ? (size_t)h->nrow : 3 * (size_t)h->nbody;
    s->buf = malloc(BLOCK_ROWS * (s->width ? s->width : 1) * sizeof *s->buf);
    if (!s->buf)
      return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", h->path);
  }
  return CS_OK;
}

/* An empty, extendible, chunked dataset for series s. */
static herr_t create_series(hid_t file, series *s, const char *name, const char *units)
{
  hsize_t dims[3] = {0}, maxdims[3] = {H5S_UNLIMITED}, chunk[3] = {BLOCK_ROWS};
  for (int d = 1; d < s->rank; d++) {
    dims[d] = s->shape[d - 1];
    maxdims[d] = chunk[d] = dims[d] > 0 ? dims[d] : 1;
  }
  hid_t space = H5Screate_simple(s->rank, dims, maxdims);
  hid_t plist = H5Pcreate(H5P_DATASET_CREATE);
  herr_t rc = -1;
  if (space >= 0 && plist >= 0 && H5Pset_chunk(plist, s->rank, chunk) >= 0)
    s->dset = H5Dcreate2(file, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, plist, H5P_DEFAULT);
  if (s->dset >= 0 && put_text_attr(s->dset, "units", units) >= 0)
    rc = s->rank == 3 ? put_text_attr(s->dset, "components", "x, y, theta") : 0;
  close_id(plist, H5Pclose);
  close_id(space, H5Sclose);
  return rc;
}

/* A joint's name becomes an HDF5 link name: no '/', not "." (the loader need not forbid them,
 * so the sink says what it cannot write). */
static cs_status driver_path(const cs_h5 *h, const char *joint, const char *leaf, char *path,
                             size_t size, cs_error *err)
{
  int n = snprintf(path, size, "drivers/%s%s%s", joint, leaf[0] ? "/" : "", leaf);
  if (!joint[0] || strchr(joint, '/') || strcmp(joint, ".") == 0 || n < 0 || (size_t)n >= size)
    return cs_fail(err, CS_ERR_INPUT,
                   "HDF5 output '%s': the driver name \"%.64s\" cannot name an HDF5 group "
                   "(expected a name that is not empty, not \".\", without '/', and shorter "
                   "than %zu bytes)",
                   h->path, joint, size - sizeof "drivers//reaction");
  return CS_OK;
}

static cs_status create_drivers(cs_h5 *h, const cs_model *model, cs_error *err)
{
  char path[512];
  for (int i = S_FIXED; i < h->nseries; i++) {
    int j = h->driver[i - S_FIXED];
    const char *name = cs_model_joint_name(model, j);
    cs_status st = driver_path(h, name, "", path, sizeof path, err);
    if (st != CS_OK)
      return st;
    hid_t g = H5Gcreate2(h->file, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = g < 0 ? -1 : put_text_attr(g, "joint_kind", cs_model_joint_kind(model, j));
    close_id(g, H5Gclose);
    if (rc < 0)
      return h5_fail(err, h->path, "create a driver group");
    driver_path(h, name, "reaction", path, sizeof path, err);
    if (create_series(h->file, &h->s[i], path, driver_units(model, j)) < 0)
      return h5_fail(err, h->path, "create a driver's reaction dataset");
  }
  return CS_OK;
}

/* /bodies/points: the points a drawing of each body passes through (cs_model_body_points), one
 * (body index, x, y) row each, so tools can draw the mechanism without parsing /model. */
static herr_t put_points(hid_t file, const cs_model *model)
{
  int nbody = cs_model_body_count(model), total = 0;
  for (int b = 0; b < nbody; b++)
    total += cs_model_body_points(model, b, NULL, 0);
  double (*xy)[2] = malloc(((size_t)total + 1) * sizeof *xy);
  double *rows = malloc(3 * ((size_t)total + 1) * sizeof *rows);
  hsize_t dims[2] = {(hsize_t)total, 3};
  hid_t space = H5I_INVALID_HID, dset = H5I_INVALID_HID;
  herr_t rc = -1;
  if (xy && rows) {
    for (int b = 0, r = 0; b < nbody; b++) {
      int n = cs_model_body_points(model, b, xy, total - r);
      for (int i = 0; i < n; i++, r++)
        rows[3 * r] = b, rows[3 * r + 1] = xy[i][0], rows[3 * r + 2] = xy[i][1];
    }
    space = H5Screate_simple(2, dims, NULL);
  }
  if (space >= 0)
    dset = H5Dcreate2(file, "bodies/points", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT,
                      H5P_DEFAULT);
  if (dset >= 0 && H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0 &&
      put_text_attr(dset, "units", "1, m, m") >= 0)
    rc = put_text_attr(dset, "components", "body, x, y");
  close_id(dset, H5Dclose);
  close_id(space, H5Sclose);
  free(rows);
  free(xy);
  return rc;
}

static cs_status create_layout(cs_h5 *h, const cs_sim *sim, cs_error *err)
{
  const cs_model *model = cs_sim_model(sim);
  const char *formulation = cs_sim_formulation(sim) == CS_GGL ? "ggl" : "index3";
  if (put_text_attr(h->file, "formulation", formulation) < 0 ||
      put_double_attr(h->file, "t_final", cs_sim_time(sim)) < 0)
    return h5_fail(err, h->path, "write the root attributes");
  for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
    hid_t g = H5Gcreate2(h->file, groups[i], H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0)
      return h5_fail(err, h->path, "create a group");
    H5Gclose(g);
  }
  cs_status st = alloc_series(h, model, err);
  if (st != CS_OK)
    return st;
  const char **names = malloc(((size_t)(h->nbody > h->nrow ? h->nbody : h->nrow) + 1) * sizeof *names);
  if (!names)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", h->path);
  for (int i = 0; i < h->nbody; i++)
    names[i] = cs_model_body_name(model, i);
  herr_t rc = put_text(h->file, "bodies/names", h->nbody, names);
  for (int i = 0; i < h->nrow; i++)
    names[i] = cs_sim_constraint_name(sim, i);
  if (rc >= 0)
    rc = put_text(h->file, "constraints/names", h->nrow, names);
  free(names);
  if (rc < 0)
    return h5_fail(err, h->path, "write the names of bodies and constraints");
  if (put_points(h->file, model) < 0)
    return h5_fail(err, h->path, "write the bodies' drawing points");
  for (int i = 0; i < S_FIXED; i++)
    if (create_series(h->file, &h->s[i], fixed_series[i].path, fixed_series[i].units) < 0)
      return h5_fail(err, h->path, "create the datasets");
  return create_drivers(h, model, err);
}

/* ---------------------------------------------------------------- rows ------------------- */

static void fill_row(cs_h5 *h, const cs_sim *sim, int r)
{
  double *row[S_FIXED];
  for (int i = 0; i < S_FIXED; i++)
    row[i] = h->s[i].buf + (size_t)r * h->s[i].width;
  row[S_TIME][0] = cs_sim_time(sim);
  for (int b = 0; b < h->nbody; b++) {
    cs_sim_body_position(sim, b, row[S_POSITION] + 3 * b);
    cs_sim_body_velocity(sim, b, row[S_VELOCITY] + 3 * b);
    cs_sim_body_acceleration(sim, b, row[S_ACCELERATION] + 3 * b);
  }
  for (int k = 0; k < h->nrow; k++)
    row[S_LAMBDA][k] = cs_sim_lambda(sim, k);
  row[S_POSITION_DRIFT][0] = cs_sim_position_drift(sim);
  row[S_VELOCITY_DRIFT][0] = cs_sim_velocity_drift(sim);
  cs_energy e;
  cs_sim_energy(sim, &e);
  row[S_KINETIC][0] = e.kinetic;
  row[S_POTENTIAL][0] = e.potential;
  row[S_STRAIN][0] = e.strain;
  row[S_DISSIPATED][0] = e.dissipated;
  row[S_DRIVER_WORK][0] = e.driver_work;
  row[S_APPLIED_WORK][0] = e.applied_work;
  row[S_BALANCE_ERROR][0] = e.balance_error;
  for (int i = S_FIXED; i < h->nseries; i++)
    h->s[i].buf[r] = cs_sim_driver_reaction(sim, h->driver[i - S_FIXED]);
}

/* Extend series s to first + count rows and write its buffered rows there. */
static herr_t write_rows(series *s, hsize_t first, hsize_t count)
{
  hsize_t dims[3] = {first + count, s->shape[0], s->shape[1]};
  hsize_t start[3] = {first, 0, 0};
  if (H5Dset_extent(s->dset, dims) < 0)
    return -1;
  if (s->width == 0)
    return 0; /* nothing to write in a [N, 0] dataset */
  dims[0] = count;
  hid_t file_space = H5Dget_space(s->dset);
  hid_t mem_space = H5Screate_simple(s->rank, dims, NULL);
  herr_t rc = -1;
  if (file_space >= 0 && mem_space >= 0 &&
      H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, NULL, dims, NULL) >= 0)
    rc = H5Dwrite(s->dset, H5T_NATIVE_DOUBLE, mem_space, file_space, H5P_DEFAULT, s->buf);
  close_id(mem_space, H5Sclose);
  close_id(file_space, H5Sclose);
  return rc;
}

/* Write the buffered rows to every dataset, then flush: the file on disk is whole again. */
static cs_status write_block(cs_h5 *h, cs_error *err)
{
  h->last_write = time(NULL);
  if (h->buffered == 0)
    return CS_OK;
  for (int i = 0; i < h->nseries; i++)
    if (write_rows(&h->s[i], h->written, (hsize_t)h->buffered) < 0)
      return h5_fail(err, h->path, "append rows");
  h->written += (hsize_t)h->buffered;
  h->buffered = 0;
  if (put_double_attr(h->file, "t_final", h->last_t) < 0 || H5Fflush(h->file, H5F_SCOPE_LOCAL) < 0)
    return h5_fail(err, h->path, "flush");
  return CS_OK;
}

/* ---------------------------------------------------------------- entry points ----------- */

static void release(cs_h5 *h)
{
  for (int i = 0; h->s && i < h->nseries; i++) {
    close_id(h->s[i].dset, H5Dclose);
    free(h->s[i].buf);
  }
  close_id(h->file, H5Fclose);
  free(h->s);
  free(h->driver);
  free(h->path);
  free(h);
}

static cs_status open_quietly(const char *path, const cs_sim *sim, cs_h5 **out, cs_error *err)
{
  const cs_model *model = cs_sim_model(sim);
  cs_h5 *h = calloc(1, sizeof *h);
  if (!h || !(h->path = malloc(strlen(path) + 1))) {
    free(h);
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", path);
  }
  strcpy(h->path, path);
  h->nbody = cs_model_body_count(model);
  h->nrow = cs_model_constraint_count(model);
  h->last_write = time(NULL);
  cs_status st = create_file(path, model, "running", "", &h->file, err);
  if (st == CS_OK)
    st = create_layout(h, sim, err);
  if (st == CS_OK && H5Fflush(h->file, H5F_SCOPE_LOCAL) < 0)
    st = h5_fail(err, path, "flush");
  if (st != CS_OK) {
    /* Best effort: a half-made file should say why it is half made. */
    if (h->file >= 0 && put_text_attr(h->file, "status", "failed") >= 0)
      put_text_attr(h->file, "message", err ? err->message : "cannot create the layout");
    release(h);
    return st;
  }
  *out = h;
  return CS_OK;
}

cs_status cs_h5_open(const char *path, const cs_sim *sim, cs_h5 **h5, cs_error *err)
{
  *h5 = NULL;
  if (!path || !path[0] || !sim)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_h5_open: needs a file name and a simulation");
  quiet q = quiet_begin();
  cs_status st = open_quietly(path, sim, h5, err);
  quiet_end(&q);
  return st;
}

static cs_status flush_quietly(cs_h5 *h, cs_error *err)
{
  quiet q = quiet_begin();
  cs_status st = write_block(h, err);
  quiet_end(&q);
  return st;
}

cs_status cs_h5_append(cs_h5 *h5, const cs_sim *sim, cs_error *err)
{
  /* Full buffers mean the last write failed: retry it (it rewrites the same rows, so a partly
   * done block comes out whole) before taking another row. */
  if (h5->buffered == BLOCK_ROWS && flush_quietly(h5, err) != CS_OK)
    return CS_ERR_IO;
  fill_row(h5, sim, h5->buffered++);
  h5->last_t = cs_sim_time(sim);
  if (h5->buffered < BLOCK_ROWS && difftime(time(NULL), h5->last_write) < FLUSH_SECONDS)
    return CS_OK;
  return flush_quietly(h5, err);
}

static cs_status write_solver(cs_h5 *h, const cs_sim *sim, cs_error *err)
{
  cs_stats s;
  cs_sim_stats(sim, &s);
  const struct {
    const char *name;
    long value;
  } counts[] = {
    {"steps", s.steps},
    {"residual_evals", s.residual_evals},
    {"jacobian_evals", s.jacobian_evals},
    {"error_test_failures", s.error_test_failures},
    {"convergence_failures", s.convergence_failures},
    {"root_events", s.root_events},
    {"outputs", s.outputs},
  };
  hid_t g = H5Gopen2(h->file, "solver", H5P_DEFAULT);
  herr_t rc = g < 0 ? -1 : 0;
  for (size_t i = 0; rc >= 0 && i < sizeof counts / sizeof *counts; i++)
    rc = put_long_attr(g, counts[i].name, counts[i].value);
  if (rc >= 0)
    rc = put_double_attr(g, "last_step", s.last_step);
  if (rc >= 0)
    rc = put_double_attr(g, "wall_time", s.wall_time);
  close_id(g, H5Gclose);
  return rc < 0 ? h5_fail(err, h->path, "write the solver statistics") : CS_OK;
}

static cs_status close_quietly(cs_h5 *h, const cs_sim *sim, const char *status,
                               const char *message, cs_error *err)
{
  cs_status st = write_block(h, err);
  if (st == CS_OK && sim)
    st = write_solver(h, sim, err);
  /* Rows that did not land make the run failed, whatever the caller says. */
  if (st != CS_OK)
    status = "failed", message = err ? err->message : "cannot write the last rows";
  /* The status goes last: "complete" promises that everything before it landed. */
  if ((put_text_attr(h->file, "message", message ? message : "") < 0 ||
       put_text_attr(h->file, "status", status ? status : "failed") < 0 ||
       H5Fflush(h->file, H5F_SCOPE_LOCAL) < 0) &&
      st == CS_OK)
    st = h5_fail(err, h->path, "write the final status");
  for (int i = 0; i < h->nseries; i++) {
    if (H5Dclose(h->s[i].dset) < 0 && st == CS_OK)
      st = h5_fail(err, h->path, "close a dataset");
    h->s[i].dset = H5I_INVALID_HID;
  }
  if (H5Fclose(h->file) < 0 && st == CS_OK)
    st = h5_fail(err, h->path, "close the file");
  h->file = H5I_INVALID_HID;
  release(h);
  return st;
}

cs_status cs_h5_close(cs_h5 *h5, const cs_sim *sim, const char *status, const char *message,
                      cs_error *err)
{
  if (!h5)
    return CS_OK;
  quiet q = quiet_begin();
  cs_status st = close_quietly(h5, sim, status, message, err);
  quiet_end(&q);
  return st;
}

cs_status cs_h5_write_failure(const char *path, const cs_model *model, const char *message,
                              cs_error *err)
{
  if (!path || !path[0] || !model)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_h5_write_failure: needs a file name and a model");
  quiet q = quiet_begin();
  hid_t file;
  cs_status st = create_file(path, model, "failed", message ? message : "", &file, err);
  if (file >= 0 && H5Fclose(file) < 0 && st == CS_OK)
    st = h5_fail(err, path, "close the file");
  quiet_end(&q);
  return st;
}
