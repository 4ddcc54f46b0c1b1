/*
 * cs_run.c — a whole run: create the simulation, integrate to t_end, write the HDF5 file as
 * the run goes (engine/output/README.md "A run"), and mark the file complete, failed or interrupted.
 */
#include "clearsim.h"

#include <math.h>

#include "cs_status.h"
#include "cs_h5.h"
#include "cs_json.h"
#include "cs_model.h"
#include "cs_verify.h"

typedef struct run {
  const cs_run_options *opt;
  cs_h5 *h5;    /* NULL when the run writes no file */
  long rows;
  double last_t;
  int interrupted; /* the interrupt callback said stop at an output row */
  cs_status io; /* the file could not be written: the run stops */
  cs_error io_err;
} run;

/* The output callback: one row per distinct output instant, then the caller's progress. The
 * sim may report an instant twice (t0 at its first advance, t_end at the end), and each must
 * be one row so /time stays strictly increasing. */
static int on_output(const cs_sim *sim, void *user)
{
  run *r = user;
  double t = cs_sim_time(sim);
  if (r->rows > 0 && t <= r->last_t)
    return 0;
  /* The sim polls between steps; one step may hold many rows (a fine output interval). */
  if (r->opt->interrupt && r->opt->interrupt(r->opt->interrupt_user))
    return r->interrupted = 1;
  if (r->h5 && (r->io = cs_h5_append(r->h5, sim, &r->io_err)) != CS_OK)
    return 1; /* (CS_ERR_IO, or CS_ERR_MEMORY: the disk may be fine) */
  r->rows++;
  r->last_t = t;
  return r->opt->progress ? r->opt->progress(sim, r->opt->progress_user) : 0;
}

static const char *file_status(cs_status st)
{
  return st == CS_OK ? "complete" : st == CS_ERR_INTERRUPTED ? "interrupted" : "failed";
}

/* The completed run against a tighter one; the verdict goes to the file and the caller. */
static cs_status verify(const cs_sim *sim, const cs_run_options *opt, cs_verify_result *v,
                        cs_h5 *h5, cs_error *err)
{
  cs_status st = cs_verify_run(sim, opt->interrupt, opt->interrupt_user, v, err);
  if (st == CS_ERR_INTERRUPTED)
    cs_fail(err, st, "interrupted while verifying (the run itself completed)");
  return st == CS_OK ? cs_h5_put_verify(h5, v, err) : st;
}

/* Integrate with output to t_end; the file (if any) is closed on return. err is not NULL. */
static cs_status run_with_output(cs_sim *sim, const cs_run_options *opt, const char *path,
                                 double t_end, cs_verify_result *v, cs_error *err)
{
  run r = {.opt = opt};
  cs_status st = CS_OK;
  if (path[0] && (st = cs_h5_open(path, sim, &r.h5, err)) != CS_OK)
    return st;
  cs_sim_set_output(sim, on_output, &r);
  if (opt->interrupt)
    cs_sim_set_interrupt(sim, opt->interrupt, opt->interrupt_user);
  /* The row at t0 does not depend on the sim reporting it. */
  if (on_output(sim, &r))
    st = cs_fail(err, CS_ERR_INTERRUPTED, "interrupted at t = %.9g s by the progress callback",
                 cs_sim_time(sim));
  if (st == CS_OK)
    st = cs_sim_advance(sim, t_end, err);
  /* Nor does the row at t_end; the run is over, so a progress callback that asks to stop here
   * changes nothing. */
  if (st == CS_OK)
    on_output(sim, &r);
  if (r.io != CS_OK) {
    st = r.io;
    *err = r.io_err;
  } else if (r.interrupted) {
    st = cs_fail(err, CS_ERR_INTERRUPTED, "interrupted at t = %.6g s", cs_sim_time(sim));
  } else if (st != CS_OK && !err->message[0]) {
    cs_fail(err, st, "run stopped at t = %.9g s", cs_sim_time(sim));
  }
  cs_status ran = st; /* the file's status: a verification that fails leaves the run whole */
  if (st == CS_OK && v)
    st = verify(sim, opt, v, r.h5, err);
  /* The callbacks point into this frame; the caller may keep using the sim. */
  cs_sim_set_output(sim, NULL, NULL);
  cs_sim_set_interrupt(sim, NULL, NULL);
  cs_error close_err;
  cs_status closed = cs_h5_close(r.h5, sim, file_status(ran), ran == CS_OK ? "" : err->message,
                                 &close_err);
  if (closed != CS_OK && st == CS_OK) {
    st = closed;
    *err = close_err;
  }
  return st;
}

/* The caller's t_end (0: the model's), held to the loader's bounds on solver.t_end. */
static cs_status end_time(const cs_model *model, double asked, double *t_end, cs_error *err)
{
  double interval = cs_model_output_interval(model);
  *t_end = asked == 0 ? cs_model_t_end(model) : asked;
  if (asked == 0 || (asked >= CS_JSON_MIN_POSITIVE && asked <= CS_JSON_MAX_MAGNITUDE &&
                     asked <= interval * CS_MAX_OUTPUT_INTERVALS))
    return CS_OK;
  return cs_fail(err, CS_ERR_ARGUMENT, "%s: t_end %g s: expected 0 (the model's) or a time in "
                 "[%g, %g] s, at most %g output intervals of %g s", cs_model_name(model), asked,
                 CS_JSON_MIN_POSITIVE, fmin(CS_JSON_MAX_MAGNITUDE,
                                            interval * CS_MAX_OUTPUT_INTERVALS),
                 CS_MAX_OUTPUT_INTERVALS, interval);
}

cs_status cs_run(const cs_model *model, const cs_run_options *options, cs_sim **out,
                 cs_error *err)
{
  return cs_run_verify(model, options, NULL, out, err);
}

/* v NULL: cs_run, no verification. */
cs_status cs_run_verify(const cs_model *model, const cs_run_options *options,
                        cs_verify_result *v, cs_sim **out, cs_error *err)
{
  static const cs_run_options defaults = {0};
  const cs_run_options *opt = options ? options : &defaults;
  cs_error local;
  if (!err)
    err = &local; /* the file's message needs the text even when the caller does not */
  cs_error_clear(err);
  if (out)
    *out = NULL;
  if (!model)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_run: the model is NULL");
  const char *path = opt->output_path ? opt->output_path : cs_model_output_path(model);
  double t_end;
  cs_status st = end_time(model, opt->t_end, &t_end, err);
  if (st != CS_OK)
    return st;
  cs_sim *sim = NULL;
  st = cs_sim_create(model, &sim, err);
  if (st != CS_OK) {
    /* A file that says why there is no trajectory; the creation error stays the one reported. */
    if (path[0])
      cs_h5_write_failure(path, model, err->message, NULL);
    return st;
  }
  st = run_with_output(sim, opt, path, t_end, v, err);
  if (out)
    *out = sim;
  else
    cs_sim_free(sim);
  return st;
}
