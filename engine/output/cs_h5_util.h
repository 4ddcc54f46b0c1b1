/*
 * cs_h5_util.h — the HDF5 machinery every output file of clearsim shares (internal): quiet
 * error handling, attributes and text with units, the common root (clearsim_version,
 * model_name, status, message, /model verbatim), /solver statistics, and tables of time
 * series written as the run goes (chunked, extendible, written CS_H5_BLOCK_ROWS rows at a
 * time, committed every CS_H5_COMMIT_SECONDS, at least every CS_H5_COMMIT_MAX_SECONDS). cs_h5.c (a mechanism's run) and cs_impact.c (a single
 * impact) lay out their files with it.
 *
 * Files are written through cs_h5_driver (crash-safe commits; a file abandoned after a failed
 * write stays at its last commit).
 *
 * Errors: HDF5's automatic error printing is process-global state. Entry points of the sinks
 * bracket their HDF5 calls with cs_h5_quiet_begin/end, which save the caller's handler, turn
 * printing off and restore it, so the library never prints and an embedding program keeps its
 * own setting. cs_h5_fail reads the innermost message of HDF5's error stack into a cs_error.
 */
#ifndef CS_H5_UTIL_H
#define CS_H5_UTIL_H

#include <hdf5.h>
#include <time.h>

#include "clearsim.h"

enum { CS_H5_BLOCK_ROWS = 64 }; /* rows buffered between writes; also the chunk length */
/* A table commits (H5Fflush: cs_h5_driver's barriers, /rows) at the first row at which a block
 * was written since its last commit and CS_H5_COMMIT_SECONDS have passed, or at which
 * CS_H5_COMMIT_MAX_SECONDS have passed (a slow run). CLEARSIM_H5_COMMIT_SECONDS overrides the
 * first (tests and benchmarks: 0 commits every block). */
#define CS_H5_COMMIT_SECONDS 0.1
#define CS_H5_COMMIT_MAX_SECONDS 1.0

typedef struct cs_h5_quiet {
  H5E_auto2_t fn;
  void *data;
} cs_h5_quiet;

cs_h5_quiet cs_h5_quiet_begin(void);
void cs_h5_quiet_end(const cs_h5_quiet *q);
/* An HDF5 call failed while doing `what` to file `path`: CS_ERR_IO with HDF5's own reason. */
cs_status cs_h5_fail(cs_error *err, const char *path, const char *what);
void cs_h5_close_id(hid_t id, herr_t (*close)(hid_t)); /* closes only valid ids */

/* Create or overwrite a scalar attribute of obj. */
herr_t cs_h5_attr_text(hid_t obj, const char *name, const char *value);
herr_t cs_h5_attr_double(hid_t obj, const char *name, double value);
herr_t cs_h5_attr_long(hid_t obj, const char *name, long value);
/* A text dataset with units "": n strings, or one scalar string when n < 0. */
herr_t cs_h5_text(hid_t loc, const char *name, int n, const char *const *text);
/* A fixed dataset [n0] (n1 == 0) or [n0, n1] of doubles with its units and, if not NULL, its
 * components ("x, y, theta"). */
herr_t cs_h5_array(hid_t loc, const char *name, hsize_t n0, hsize_t n1, const double *data,
                   const char *units, const char *components);
/* A scalar double dataset with its units. */
herr_t cs_h5_scalar(hid_t loc, const char *name, double value, const char *units);
herr_t cs_h5_group(hid_t loc, const char *name); /* create an (empty) group */

/* Create (truncate) the file with the root every clearsim file has: attributes
 * clearsim_version, model_name, status, message, and /model (the input JSON verbatim). */
cs_status cs_h5_create_file(const char *path, const char *name, const char *json,
                            const char *status, const char *message, hid_t *file,
                            cs_error *err);
/* /solver's attributes from the run's statistics (the group is created if missing). */
herr_t cs_h5_write_stats(hid_t file, const cs_stats *stats);
/* Message, then status (last: "complete" promises that everything before it landed), then a
 * flush. */
herr_t cs_h5_write_status(hid_t file, const char *status, const char *message);

/* ---------------------------------------------------------------- time series ------------ */

/* One dataset, one row per output instant, rows of shape [] (rank 1), [n0] (rank 2) or
 * [n0, n1] (rank 3). */
typedef struct cs_h5_series {
  hid_t dset;
  int rank;
  hsize_t shape[2]; /* the row's dimensions (rank − 1 of them) */
  size_t width;     /* values per row */
  double *buf;      /* CS_H5_BLOCK_ROWS × width buffered rows */
} cs_h5_series;

/* Series written together, a row at a time: the rows of series i sit at
 * s[i].buf + r·s[i].width for r < buffered. The file's scalar dataset /rows is the commit
 * point (cs_h5_driver_commit_point): the number of rows every series holds as of the last
 * commit; a killed run's file may have series longer than that by the rows of an unfinished
 * commit, so readers read /rows rows. The root attribute t_final follows the last row
 * committed. */
typedef struct cs_h5_table {
  const char *path; /* for messages */
  hid_t file;
  hid_t rows;       /* /rows */
  hid_t create, access; /* the series' dataset creation and access property lists */
  int n;
  cs_h5_series *s;
  hsize_t written;  /* rows in the file */
  hsize_t committed; /* rows in the file's last commit */
  int buffered;     /* rows waiting in the buffers */
  double last_t;    /* time of the last row */
  double last_commit; /* monotonic clock, s */
  double commit_seconds;
} cs_h5_table;

/* n series, each with an invalid dataset id and no buffer yet, and /rows (0). */
cs_status cs_h5_table_init(cs_h5_table *t, const char *path, hid_t file, int n, cs_error *err);
/* Shape series i (rank 1: a scalar per row; rank 2: [n0]; rank 3: [n0, n1]), allocate its
 * buffer and create its empty, extendible, chunked dataset. */
cs_status cs_h5_table_series(cs_h5_table *t, int i, int rank, hsize_t n0, hsize_t n1,
                             const char *name, const char *units, const char *components,
                             cs_error *err);
/* The buffer row to fill next (retrying a failed write first when the buffers are full);
 * then cs_h5_table_end_row with the row's time. */
cs_status cs_h5_table_begin_row(cs_h5_table *t, int *row, cs_error *err);
cs_status cs_h5_table_end_row(cs_h5_table *t, double time, cs_error *err);
/* Write the buffered rows to every dataset and commit the file. */
cs_status cs_h5_table_flush(cs_h5_table *t, cs_error *err);
/* Close the datasets; 0 when all closed cleanly. Buffers are freed too. */
herr_t cs_h5_table_close(cs_h5_table *t);

/* The end of a file: message, then status, then the table's datasets (t may be NULL) and the
 * file closed; *file is invalid on return. io != CS_OK says that an earlier write failed (err
 * holds why). When a write failed, before or here, the file is abandoned at its last commit
 * (cs_h5_driver.h: the rows flushed before the failure), closed, and reopened to record
 * status "failed", the message and, if given, the statistics; the file's reserve makes room
 * for them on a full disk. Returns the first I/O error, or CS_OK. */
cs_status cs_h5_end_file(hid_t *file, cs_h5_table *t, const char *path, cs_status io,
                         const char *status, const char *message, const cs_stats *stats,
                         cs_error *err);

#endif
