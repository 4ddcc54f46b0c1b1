/*
 * cs_h5_util.c — the HDF5 machinery output files share (cs_h5_util.h).
 *
 * Time series: HDF5 wants chunk dimensions > 0 and ≤ the maximum dimensions, so a zero-width
 * dimension gets maximum 1 and chunk 1 (it stays 0 wide). A block of rows is written with one
 * extend-and-write per dataset; the file is committed (H5Fflush, which cs_h5_driver turns
 * into a commit with barriers) when a block was written and CS_H5_COMMIT_SECONDS have passed
 * since the last commit, or when CS_H5_COMMIT_MAX_SECONDS have (a slow run), so that the
 * barriers' cost does not grow with the rows (engine/output/README.md "Crash safety"). Files use
 * HDF5's earliest formats but the superblock, version 2 for the file space strategy NONE
 * (cs_h5_create_file); no version up to 2 records an "open for writing" flag, so the file of a
 * killed run opens without h5clear. They are written through cs_h5_driver, whose commits keep
 * every committed state readable after a kill, a power loss or a full disk.
 * The Debian serial library is not thread-safe: two runs may write files in one process, but
 * not from two threads.
 */
#include "cs_clock.h"
#include "cs_h5_util.h"

#include "cs_status.h"
#include "cs_h5_driver.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------- errors ----------------- */

cs_h5_quiet cs_h5_quiet_begin(void)
{
  cs_h5_quiet q = {NULL, NULL};
  if (H5Eget_auto2(H5E_DEFAULT, &q.fn, &q.data) < 0)
    q.fn = NULL, q.data = NULL;
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  return q;
}

void cs_h5_quiet_end(const cs_h5_quiet *q) { H5Eset_auto2(H5E_DEFAULT, q->fn, q->data); }

typedef struct h5_reason {
  char detail[256];
  int memory; /* the innermost failure is an allocation's, not the file's */
} h5_reason;

/* The innermost reason on HDF5's stack, its first line only, and without the sec2 driver's
 * ", time = …" details: a message is one line. */
static herr_t innermost(unsigned n, const H5E_error2_t *e, void *user)
{
  h5_reason *r = user;
  if (n == 0 && e->desc) {
    char *d = r->detail;
    snprintf(d, sizeof r->detail, "%s", e->desc);
    d[strcspn(d, "\n")] = '\0';
    char *time = strstr(d, ": time = ");
    if (time)
      *time = '\0';
    r->memory = (e->maj_num == H5E_RESOURCE &&
                 (e->min_num == H5E_NOSPACE || e->min_num == H5E_CANTALLOC)) ||
                strstr(d, strerror(ENOMEM)) != NULL;
  }
  return 0;
}

cs_status cs_h5_fail(cs_error *err, const char *path, const char *what)
{
  h5_reason r = {"", 0};
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, &r);
  if (r.memory) /* (exit 7, not an output error: the disk may be fine) */
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory, cannot %s: %s", path,
                   what, r.detail);
  return cs_fail(err, CS_ERR_IO, "HDF5 output '%s': cannot %s%s%s", path, what,
                 r.detail[0] ? ": " : "", r.detail);
}

void cs_h5_close_id(hid_t id, herr_t (*close)(hid_t))
{
  cs_h5_release_keeping_errors(id, close); /* the failure a caller is about to report stays */
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
  cs_h5_close_id(attr, H5Aclose);
  cs_h5_close_id(space, H5Sclose);
  return rc;
}

herr_t cs_h5_attr_text(hid_t obj, const char *name, const char *value)
{
  hid_t t = string_type();
  herr_t rc = t < 0 ? -1 : put_attr(obj, name, t, t, &value);
  cs_h5_close_id(t, H5Tclose);
  return rc;
}

herr_t cs_h5_attr_double(hid_t obj, const char *name, double value)
{
  return put_attr(obj, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

herr_t cs_h5_attr_long(hid_t obj, const char *name, long value)
{
  return put_attr(obj, name, H5T_STD_I64LE, H5T_NATIVE_LONG, &value);
}

/* A transfer list whose type-conversion buffer holds `n` strings: the default 1 MiB buffer,
 * zeroed for every variable-length write, cost more than the run's set-up otherwise does. */
static hid_t text_transfer(int n)
{
  hid_t x = H5Pcreate(H5P_DATASET_XFER);
  size_t size = (size_t)(n < 1 ? 1 : n) * 2 * sizeof(char *);
  if (x >= 0 && H5Pset_buffer(x, size < 1024 ? 1024 : size, NULL, NULL) < 0)
    cs_h5_close_id(x, H5Pclose), x = H5I_INVALID_HID;
  return x;
}

herr_t cs_h5_text(hid_t loc, const char *name, int n, const char *const *text)
{
  hsize_t dims[1] = {(hsize_t)(n < 0 ? 0 : n)};
  hid_t t = string_type(), space = H5I_INVALID_HID, dset = H5I_INVALID_HID;
  hid_t xfer = text_transfer(n);
  herr_t rc = -1;
  if (t >= 0 && xfer >= 0)
    space = n < 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, NULL);
  if (space >= 0)
    dset = H5Dcreate2(loc, name, t, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (dset >= 0 && (n == 0 || H5Dwrite(dset, t, H5S_ALL, H5S_ALL, xfer, text) >= 0))
    rc = cs_h5_attr_text(dset, "units", "");
  cs_h5_close_id(dset, H5Dclose);
  cs_h5_close_id(space, H5Sclose);
  cs_h5_close_id(t, H5Tclose);
  cs_h5_close_id(xfer, H5Pclose);
  return rc;
}

herr_t cs_h5_array(hid_t loc, const char *name, hsize_t n0, hsize_t n1, const double *data,
                   const char *units, const char *components)
{
  hsize_t dims[2] = {n0, n1};
  hid_t space = H5Screate_simple(n1 ? 2 : 1, dims, NULL), dset = H5I_INVALID_HID;
  herr_t rc = -1;
  if (space >= 0)
    dset = H5Dcreate2(loc, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (dset >= 0 && (n0 == 0 || H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                                        data) >= 0))
    rc = cs_h5_attr_text(dset, "units", units);
  if (rc >= 0 && components)
    rc = cs_h5_attr_text(dset, "components", components);
  cs_h5_close_id(dset, H5Dclose);
  cs_h5_close_id(space, H5Sclose);
  return rc;
}

herr_t cs_h5_scalar(hid_t loc, const char *name, double value, const char *units)
{
  hid_t space = H5Screate(H5S_SCALAR), dset = H5I_INVALID_HID;
  herr_t rc = -1;
  if (space >= 0)
    dset = H5Dcreate2(loc, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (dset >= 0 && H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, &value) >= 0)
    rc = cs_h5_attr_text(dset, "units", units);
  cs_h5_close_id(dset, H5Dclose);
  cs_h5_close_id(space, H5Sclose);
  return rc;
}

herr_t cs_h5_group(hid_t loc, const char *name)
{
  hid_t g = H5Gcreate2(loc, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (g < 0)
    return -1;
  return H5Gclose(g);
}

/* ---------------------------------------------------------------- the file --------------- */

cs_status cs_h5_create_file(const char *path, const char *name, const char *json,
                            const char *status, const char *message, hid_t *file,
                            cs_error *err)
{
  hid_t fapl = cs_h5_driver_fapl(), fcpl = H5Pcreate(H5P_FILE_CREATE);
  /* Space HDF5 frees is never reused (it stays in the file, unused): a new object in reused
   * space would be in-place metadata that other in-place pieces of the same commit point to,
   * and a kill between the two would leave a link to nothing. */
  if (fcpl >= 0 && H5Pset_file_space_strategy(fcpl, H5F_FSPACE_STRATEGY_NONE, 0, 1) < 0) {
    H5Pclose(fcpl);
    fcpl = H5I_INVALID_HID;
  }
  /* The 1.10 format throughout, which the file space strategy above needs already (its
   * superblock): a series' chunks are then indexed by an extensible array, not a version 1
   * B-tree with its 2 KB node, and object headers are version 2. A 3,000-joint clearance
   * chain's file (60,000 series) came out at 81 MB instead of 165 MB, its layout in 9.0 s
   * instead of 10.4 s and 1.02 GB instead of 1.15 GB. */
  if (fapl >= 0 && H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110) < 0) {
    H5Pclose(fapl);
    fapl = H5I_INVALID_HID;
  }
  *file = fapl < 0 || fcpl < 0 ? H5I_INVALID_HID : H5Fcreate(path, H5F_ACC_TRUNC, fcpl, fapl);
  /* the reason first: every HDF5 call (H5Pclose too) clears the error stack */
  cs_status st = *file < 0 ? cs_h5_fail(err, path, "create the file") : CS_OK;
  cs_h5_close_id(fapl, H5Pclose);
  cs_h5_close_id(fcpl, H5Pclose);
  if (st != CS_OK)
    return st;
  if (cs_h5_attr_text(*file, "clearsim_version", cs_version()) < 0 ||
      cs_h5_attr_text(*file, "model_name", name) < 0 ||
      cs_h5_attr_text(*file, "status", status) < 0 ||
      cs_h5_attr_text(*file, "message", message) < 0 || cs_h5_text(*file, "model", -1, &json) < 0)
    return cs_h5_fail(err, path, "write the root attributes and /model");
  return CS_OK;
}

/* The file after a failed write: abandoned at its last commit, then reopened to say so. */
static cs_status salvage(hid_t *file, cs_h5_table *t, const char *path, const char *message,
                         const cs_stats *stats, cs_error *err)
{
  int on_disk = cs_h5_driver_abandon(*file);
  if (t)
    cs_h5_table_close(t);
  H5Fclose(*file); /* cannot fail at the disk any more; objects left open close with it */
  *file = H5I_INVALID_HID;
  if (!on_disk)
    return CS_ERR_IO; /* failed before its first commit: no file */
  hid_t fapl = cs_h5_driver_fapl();
  hid_t f = fapl < 0 ? H5I_INVALID_HID : H5Fopen(path, H5F_ACC_RDWR, fapl);
  cs_h5_close_id(fapl, H5Pclose);
  if (f < 0)
    return CS_ERR_IO;
  if ((stats && cs_h5_write_stats(f, stats) < 0) || cs_h5_write_status(f, "failed", message) < 0)
    cs_h5_driver_abandon(f); /* the file keeps status "running" */
  H5Fclose(f);
  (void)err;
  return CS_ERR_IO;
}

cs_status cs_h5_end_file(hid_t *file, cs_h5_table *t, const char *path, cs_status io,
                         const char *status, const char *message, const cs_stats *stats,
                         cs_error *err)
{
  if (*file < 0)
    return io;
  if (io == CS_OK && stats && cs_h5_write_stats(*file, stats) < 0)
    io = cs_h5_fail(err, path, "write the solver statistics");
  if (io == CS_OK && cs_h5_write_status(*file, status, message) < 0)
    io = cs_h5_fail(err, path, "write the final status");
  /* A failure already reported (to the append that met it) leaves the file abandoned. */
  if (io == CS_OK && cs_h5_driver_failed(*file))
    io = cs_fail(err, CS_ERR_IO, "HDF5 output '%s': an earlier write failed", path);
  /* The file's message is the first error: the caller's when it failed first. */
  if (io != CS_OK)
    return salvage(file, t, path, strcmp(status, "failed") == 0 && message && message[0] ? message
                                  : err ? err->message : "cannot write the file", stats, err);
  herr_t rc = t ? cs_h5_table_close(t) : 0;
  if (rc < 0 || H5Fclose(*file) < 0) {
    io = cs_h5_fail(err, path, rc < 0 ? "close a dataset" : "close the file");
    return salvage(file, NULL, path, err ? err->message : "cannot close the file", stats, err);
  }
  *file = H5I_INVALID_HID;
  return CS_OK;
}

herr_t cs_h5_write_stats(hid_t file, const cs_stats *s)
{
  const struct {
    const char *name;
    long value;
  } counts[] = {
    {"steps", s->steps},
    {"residual_evals", s->residual_evals},
    {"jacobian_evals", s->jacobian_evals},
    {"error_test_failures", s->error_test_failures},
    {"convergence_failures", s->convergence_failures},
    {"root_events", s->root_events},
    {"outputs", s->outputs},
    {"handovers", s->handovers},
    {"implicit_steps", s->implicit_steps},
  };
  htri_t exists = H5Lexists(file, "solver", H5P_DEFAULT);
  if (exists < 0 || (!exists && cs_h5_group(file, "solver") < 0))
    return -1;
  hid_t g = H5Gopen2(file, "solver", H5P_DEFAULT);
  herr_t rc = g < 0 ? -1 : 0;
  for (size_t i = 0; rc >= 0 && i < sizeof counts / sizeof *counts; i++)
    rc = cs_h5_attr_long(g, counts[i].name, counts[i].value);
  if (rc >= 0)
    rc = cs_h5_attr_double(g, "last_step", s->last_step);
  if (rc >= 0)
    rc = cs_h5_attr_double(g, "wall_time", s->wall_time);
  cs_h5_close_id(g, H5Gclose);
  return rc;
}

herr_t cs_h5_write_status(hid_t file, const char *status, const char *message)
{
  if (cs_h5_attr_text(file, "message", message ? message : "") < 0 ||
      cs_h5_attr_text(file, "status", status ? status : "failed") < 0)
    return -1;
  return H5Fflush(file, H5F_SCOPE_LOCAL);
}

/* ---------------------------------------------------------------- time series ------------ */

/* /rows, the table's commit point: a contiguous int64 allocated now, so that its 8 bytes have
 * an address to give the driver. */
static herr_t create_rows(cs_h5_table *t)
{
  hid_t space = H5Screate(H5S_SCALAR), plist = H5Pcreate(H5P_DATASET_CREATE);
  long long zero = 0;
  herr_t rc = -1;
  if (space >= 0 && plist >= 0 && H5Pset_layout(plist, H5D_CONTIGUOUS) >= 0 &&
      H5Pset_alloc_time(plist, H5D_ALLOC_TIME_EARLY) >= 0)
    t->rows = H5Dcreate2(t->file, "rows", H5T_STD_I64LE, space, H5P_DEFAULT, plist, H5P_DEFAULT);
  if (t->rows >= 0 && H5Dwrite(t->rows, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, &zero) >= 0 &&
      cs_h5_attr_text(t->rows, "units", "") >= 0) {
    haddr_t at = H5Dget_offset(t->rows);
    rc = at == HADDR_UNDEF ? -1 : 0;
    if (rc == 0) /* fails only for a file that is not cs_h5_driver's: nothing to order then */
      cs_h5_driver_commit_point(t->file, at, 8);
  }
  cs_h5_close_id(plist, H5Pclose);
  cs_h5_close_id(space, H5Sclose);
  return rc;
}

cs_status cs_h5_table_init(cs_h5_table *t, const char *path, hid_t file, int n, cs_error *err)
{
  memset(t, 0, sizeof *t);
  t->path = path;
  t->file = file;
  t->rows = H5I_INVALID_HID;
  t->last_commit = cs_wall_clock();
  const char *env = getenv("CLEARSIM_H5_COMMIT_SECONDS");
  t->commit_seconds = env && *env ? atof(env) : CS_H5_COMMIT_SECONDS;
  t->s = calloc((size_t)n + 1, sizeof *t->s);
  if (!t->s)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", path);
  t->n = n;
  for (int i = 0; i < n; i++)
    t->s[i].dset = H5I_INVALID_HID;
  /* One pair of property lists for every series: a list costs more to make than to use. No
   * chunk cache: a block of rows is one whole chunk, written once, and a cache per open series
   * would be a fifth of what the series holds. */
  t->create = H5Pcreate(H5P_DATASET_CREATE);
  t->access = H5Pcreate(H5P_DATASET_ACCESS);
  if (t->create < 0 || t->access < 0 || H5Pset_chunk_cache(t->access, 1, 0, 1.0) < 0)
    return cs_h5_fail(err, path, "make the datasets' property lists");
  if (create_rows(t) < 0)
    return cs_h5_fail(err, path, "create /rows");
  return CS_OK;
}

cs_status cs_h5_table_series(cs_h5_table *t, int i, int rank, hsize_t n0, hsize_t n1,
                             const char *name, const char *units, const char *components,
                             cs_error *err)
{
  cs_h5_series *s = &t->s[i];
  s->rank = rank;
  s->shape[0] = n0;
  s->shape[1] = n1;
  s->width = rank == 1 ? 1 : rank == 2 ? (size_t)n0 : (size_t)(n0 * n1);
  s->buf = malloc(CS_H5_BLOCK_ROWS * (s->width ? s->width : 1) * sizeof *s->buf);
  if (!s->buf)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", t->path);
  hsize_t dims[3] = {0}, maxdims[3] = {H5S_UNLIMITED}, chunk[3] = {CS_H5_BLOCK_ROWS};
  for (int d = 1; d < rank; d++) {
    dims[d] = s->shape[d - 1];
    maxdims[d] = chunk[d] = dims[d] > 0 ? dims[d] : 1;
  }
  hid_t space = H5Screate_simple(rank, dims, maxdims);
  herr_t rc = -1;
  if (space >= 0 && H5Pset_chunk(t->create, rank, chunk) >= 0)
    s->dset = H5Dcreate2(t->file, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, t->create, t->access);
  if (s->dset >= 0 && cs_h5_attr_text(s->dset, "units", units) >= 0)
    rc = components ? cs_h5_attr_text(s->dset, "components", components) : 0;
  cs_h5_close_id(space, H5Sclose);
  return rc < 0 ? cs_h5_fail(err, t->path, "create the datasets") : CS_OK;
}

/* Extend series s to first + count rows and write its buffered rows there. */
static herr_t write_rows(cs_h5_series *s, hsize_t first, hsize_t count)
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
  cs_h5_close_id(mem_space, H5Sclose);
  cs_h5_close_id(file_space, H5Sclose);
  return rc;
}

/* The buffered rows appended to every series (not committed yet). */
static cs_status write_block(cs_h5_table *t, cs_error *err)
{
  for (int i = 0; i < t->n; i++)
    if (write_rows(&t->s[i], t->written, (hsize_t)t->buffered) < 0)
      return cs_h5_fail(err, t->path, "append rows");
  t->written += (hsize_t)t->buffered;
  t->buffered = 0;
  return CS_OK;
}

cs_status cs_h5_table_flush(cs_h5_table *t, cs_error *err)
{
  t->last_commit = cs_wall_clock();
  cs_status st = t->buffered > 0 ? write_block(t, err) : CS_OK;
  if (st != CS_OK)
    return st;
  if (t->written == t->committed)
    return CS_OK;
  long long rows = (long long)t->written;
  if (H5Dwrite(t->rows, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, &rows) < 0 ||
      cs_h5_attr_double(t->file, "t_final", t->last_t) < 0 ||
      H5Fflush(t->file, H5F_SCOPE_LOCAL) < 0)
    return cs_h5_fail(err, t->path, "flush");
  t->committed = t->written;
  return CS_OK;
}

cs_status cs_h5_table_begin_row(cs_h5_table *t, int *row, cs_error *err)
{
  /* Full buffers mean the last write failed: retry it (it rewrites the same rows, so a partly
   * done block comes out whole) before taking another row. */
  cs_status st = t->buffered == CS_H5_BLOCK_ROWS ? cs_h5_table_flush(t, err) : CS_OK;
  if (st != CS_OK)
    return st;
  *row = t->buffered;
  return CS_OK;
}

cs_status cs_h5_table_end_row(cs_h5_table *t, double time_s, cs_error *err)
{
  t->buffered++;
  t->last_t = time_s;
  cs_status st = t->buffered == CS_H5_BLOCK_ROWS ? write_block(t, err) : CS_OK;
  if (st != CS_OK)
    return st; /* the full buffers are retried by the next begin_row */
  double since = cs_wall_clock() - t->last_commit;
  if ((t->written > t->committed && since >= t->commit_seconds) ||
      since >= CS_H5_COMMIT_MAX_SECONDS)
    return cs_h5_table_flush(t, err);
  return CS_OK;
}

herr_t cs_h5_table_close(cs_h5_table *t)
{
  herr_t rc = 0;
  if (t->s && t->rows >= 0 && H5Dclose(t->rows) < 0)
    rc = -1;
  t->rows = H5I_INVALID_HID;
  for (int i = 0; t->s && i < t->n; i++) {
    if (t->s[i].dset >= 0 && H5Dclose(t->s[i].dset) < 0)
      rc = -1;
    t->s[i].dset = H5I_INVALID_HID;
    free(t->s[i].buf);
  }
  if (t->s) { /* (else the table was never made) */
    cs_h5_close_id(t->create, H5Pclose);
    cs_h5_close_id(t->access, H5Pclose);
  }
  free(t->s);
  t->s = NULL;
  t->n = 0;
  return rc;
}
