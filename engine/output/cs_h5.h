/*
 * cs_h5.h — the HDF5 output sink (internal). It reads the simulation only through the public
 * accessors of clearsim.h, so it is one consumer of the output callback among others.
 *
 * The file is written as the run goes: chunked, extendible datasets, a row per output instant,
 * flushed regularly; the root attribute `status` is "running" while the run is under way, so a
 * killed process leaves a readable file that says it did not finish; cs_h5_close() writes the
 * final status ("complete", "failed", "interrupted") and message.
 */
#ifndef CS_H5_H
#define CS_H5_H

#include "clearsim.h"

typedef struct cs_h5 cs_h5;

/* Create (truncate) the file and write everything known before the first row: root attributes,
 * /model (input JSON verbatim), names of bodies, constraints and drivers, empty datasets. */
cs_status cs_h5_open(const char *path, const cs_sim *sim, cs_h5 **h5, cs_error *err);
/* Append one row: the simulation's current time and state. */
cs_status cs_h5_append(cs_h5 *h5, const cs_sim *sim, cs_error *err);
/* The group /verify: a verification's verdict and figures (cs_verify), before closing. */
cs_status cs_h5_put_verify(cs_h5 *h5, const cs_verify_result *v, cs_error *err);
/* Write solver statistics and the final status and message, and close. Always closes, even on
 * error. `status` is "complete", "failed" or "interrupted". */
cs_status cs_h5_close(cs_h5 *h5, const cs_sim *sim, const char *status, const char *message,
                      cs_error *err);

/* A run that could not start (its simulation could not be created): a file with the root
 * attributes and /model only, status "failed" and the message, so the user finds why. */
cs_status cs_h5_write_failure(const char *path, const cs_model *model, const char *message,
                              cs_error *err);

#endif
