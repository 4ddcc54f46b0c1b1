/*
 * sweep.h — `clearsim sweep`: parameter studies over a model (tools/cli/sweep/README.md).
 *
 * A sweep file names a base model and overrides by JSON pointer; the plan expands them into
 * cases (grid, zip or random) and validates every case before any runs. Each case is loaded
 * through the library's override loader (clearsim.h "models with overrides") and run in
 * memory; its figures (peak joint forces, driver reactions, energy books, Poincaré samples …)
 * come from the output callback and the event accessors, one flat row of doubles per case, so
 * that a row travels the same way over a pipe, between threads or in an MPI message, and the
 * summary file is the same whoever ran the case.
 *
 * This is the command-line program's code, not the library's: it forks, handles signals, talks
 * MPI and draws a progress bar, none of which a library may do. What an embedding program needs
 * to run a study its own way (a model with overrides) is in the library.
 */
#ifndef CS_SWEEP_H
#define CS_SWEEP_H

#include <stdint.h>

#include "clearsim.h"

#include "../cli_common.h"

/* ---------------------------------------------------------------- the plan --------------- */

typedef enum sweep_mode { SWEEP_GRID, SWEEP_ZIP, SWEEP_RANDOM } sweep_mode;
typedef enum sweep_dist { SWEEP_VALUES, SWEEP_UNIFORM, SWEEP_NORMAL } sweep_dist;

typedef struct sweep_param {
  char *path;      /* JSON pointer into the model */
  sweep_dist dist;
  int n;           /* SWEEP_VALUES: the values */
  double *values;
  double a, b;     /* uniform [a, b] or normal [mean, sd] */
  double lo, hi;   /* a normal's truncation, ±inf when none */
  int nalso;       /* "also": more places that get scale × the value (a speed and the
                      initial velocities it implies) */
  char **also;
  double *also_scale;
} sweep_param;

typedef struct sweep_plan {
  char *file;        /* the sweep file, as named on the command line */
  char *text;        /* its text, verbatim */
  char *name;
  char *model_label; /* the model as the sweep file names it (for messages) */
  char *model_path;  /* … resolved against the sweep file's directory */
  char *model_text;  /* the base model, verbatim */
  sweep_mode mode;
  long samples;
  uint64_t seed;
  double t_end;      /* 0: each case's model's own */
  int trajectories, poincare;
  int nparam;
  sweep_param *params;
  int noverride;     /* overrides per case: the parameters and their "also" places */
  long ncase;
  double *values;    /* [ncase][nparam] */
  /* From validation: each case's end time and driver period (0: no periodic driver). */
  double *case_t_end, *case_period;
  /* The summary's columns, the same for every case (validation checks it). */
  int njoint, ndriver, nbody;
  char **joints, **drivers, **bodies;
  int *driver_joint; /* the driver's joint index in the model */
  int *driver_angle; /* 1: an angle driver (reaction in N·m), 0: a translation (N) */
  char *model_name;  /* case 0's model's name */
  int npoincare;     /* Poincaré samples per joint and case (most of any case); 0 if none */
  int nfig;          /* doubles per case row */
} sweep_plan;

/* Read the sweep file and expand its cases (exit-code-worthy status, message in err). */
cs_status sweep_plan_load(const char *file, sweep_plan *plan, cs_error *err);
/* Load every case's model with its overrides; on the first failure err names the sweep file,
 * the case and the JSON path, and says how many more cases fail. Fills the per-case arrays
 * and the columns. */
cs_status sweep_plan_validate(sweep_plan *plan, cs_error *err);
void sweep_plan_free(sweep_plan *plan);
/* Case i's overrides (noverride of them): pointers into the plan, values printed into `text`
 * (noverride × 32 chars). */
void sweep_case_overrides(const sweep_plan *plan, long i, cs_override *ov, char *text);
/* "SWEEP: case I: MODEL", the origin of case i's messages. */
void sweep_case_origin(const sweep_plan *plan, long i, char *out, size_t size);

/* ---------------------------------------------------------------- random draws ----------- */

/* xoshiro256** seeded through splitmix64; draws in (0, 1) and normal variates by Marsaglia's
 * polar method with our own logarithm, all of it IEEE-754 basic operations and sqrt: the same
 * bits on every machine and compiler (built with -ffp-contract=off). */
typedef struct sweep_rng {
  uint64_t s[4];
} sweep_rng;

void sweep_rng_seed(sweep_rng *r, uint64_t seed);
uint64_t sweep_rng_next(sweep_rng *r);
double sweep_rng_uniform(sweep_rng *r); /* in (0, 1) */
double sweep_rng_normal(sweep_rng *r);  /* mean 0, sd 1 */
double sweep_log(double x);             /* x > 0, finite */

/* ---------------------------------------------------------------- one case --------------- */

enum { SWEEP_PENDING = -1, SWEEP_COMPLETE = 0, SWEEP_FAILED = 1, SWEEP_SUSPECT = 2,
       SWEEP_INTERRUPTED = 3 };
extern const char *const sweep_status_names[]; /* by status: "complete", "failed", "suspect" */

/* Where the figures sit in a case row. */
enum { FIG_T_FINAL, FIG_STEPS, FIG_WALL_TIME, FIG_ENERGY, FIG_FIRST_JOINT };
enum { FIG_JOINT_MAX_FORCE, FIG_JOINT_MAX_PENETRATION, FIG_JOINT_CONTACTS, FIG_PER_JOINT };
enum { FIG_DRIVER_MAX_ABS, FIG_DRIVER_RMS, FIG_PER_DRIVER };
static inline int fig_joint(const sweep_plan *p, int k) { (void)p; return FIG_FIRST_JOINT + FIG_PER_JOINT * k; }
static inline int fig_driver(const sweep_plan *p, int d) { return fig_joint(p, p->njoint) + FIG_PER_DRIVER * d; }
static inline int fig_body(const sweep_plan *p, int b) { return fig_driver(p, p->ndriver) + 3 * b; }
/* The period, then per joint npoincare × (ex, ey). */
static inline int fig_poincare(const sweep_plan *p) { return fig_body(p, p->nbody); }
static inline int fig_poincare_joint(const sweep_plan *p, int k)
{
  return fig_poincare(p) + 1 + 2 * p->npoincare * k;
}

/* Whole driver periods in a case (its Poincaré samples, at t = k·period, k = 1 … count). */
static inline int sweep_period_count(double t_end, double period)
{
  if (!(period > 0))
    return 0;
  double k = t_end / period * (1 + 1e-12); /* t_end a whole number of periods counts it */
  return k >= 1e6 ? 1000000 : (int)k;
}

typedef struct sweep_result {
  int64_t index;
  int32_t status;
  int32_t output_failed; /* its trajectory file could not be written (CS_ERR_IO) */
  char message[1024];
  double fig[]; /* nfig */
} sweep_result;

static inline size_t sweep_result_size(const sweep_plan *p)
{
  return sizeof(sweep_result) + (size_t)p->nfig * sizeof(double);
}

/* Run case i; `interrupt` is polled between steps; traj_path NULL or the trajectory file. */
void sweep_run_case(const sweep_plan *plan, long i, const char *traj_path,
                    cs_interrupt_fn interrupt, sweep_result *r);
/* The trajectory file of case i next to the summary: "<OUT without .h5>_cases/case_<i>.h5". */
void sweep_trajectory_path(const char *summary, long i, char *out, size_t size);

/* ---------------------------------------------------------------- the summary file ------- */

typedef struct sweep_out sweep_out;

/* Create the summary (every case pending), or with `resume` reopen one written by the same
 * sweep file and model and mark in done[i] the cases it holds. */
cs_status sweep_out_open(const sweep_plan *plan, const char *path, int resume, sweep_out **out,
                         unsigned char *done, cs_error *err);
/* Does `path` hold an unfinished summary of this sweep (some cases finished, some pending)?
 * Then *finished says how many: starting over would throw them away. */
int sweep_out_unfinished(const sweep_plan *plan, const char *path, long *finished);
/* Write case r->index's row and flush: a killed sweep keeps every case recorded. */
cs_status sweep_out_write(sweep_out *out, const sweep_result *r, cs_error *err);
/* Root status ("complete", "interrupted") and close. */
cs_status sweep_out_close(sweep_out *out, const char *status, cs_error *err);

/* ---------------------------------------------------------------- running them ----------- */

/* Where results go as they come in: the summary and the progress bar. */
typedef struct sweep_sink {
  const sweep_plan *plan;
  sweep_out *out;
  long total, done, failed, suspect;
  double started, drawn; /* when the sweep started, when the bar was last drawn */
  int bar;   /* draw a progress bar (stderr is a terminal) */
  int workers; /* how many ran cases (set by the runner) */
  cs_status io;
  cs_error io_err;
  long output_failed;     /* cases whose trajectory file could not be written */
  char output_err[1024];  /* the first one's message */
} sweep_sink;

void sweep_sink_record(sweep_sink *sink, const sweep_result *r);
void sweep_sink_draw(sweep_sink *sink, int final);
double sweep_clock(void);

/* Run the cases todo[0 … ntodo) on `jobs` workers, processes or threads, dynamically
 * (a worker takes the next case when it is done). CS_ERR_INTERRUPTED when stopped. */
cs_status sweep_run_local(const sweep_plan *plan, const char *summary, const long *todo,
                          long ntodo, int jobs, int threads, sweep_sink *sink);

/* One worker thread fed by hand (rank 0 of an MPI sweep runs cases too): give it a case, poll
 * its descriptor, take the row (valid until the next take). No trajectories (HDF5 is not
 * thread-safe and the coordinator writes the summary). */
typedef struct sweep_worker sweep_worker;
sweep_worker *sweep_worker_thread(const sweep_plan *plan, const char *summary);
int sweep_worker_fd(const sweep_worker *w);
int sweep_worker_idle(const sweep_worker *w);
int sweep_worker_give(sweep_worker *w, long i);
const sweep_result *sweep_worker_take(sweep_worker *w);
void sweep_worker_free(sweep_worker *w);

/* MPI (built when CMake finds it): launched by mpirun or srun? */
int sweep_mpi_launched(void);
int sweep_mpi_built(void);
/* Load the MPI module and initialise; rank and size. 1, or 0 when MPI is not built in, or −1
 * (said on stderr) when the module or MPI cannot start. */
int sweep_mpi_init(int *argc, char ***argv, int *rank, int *size);
void sweep_mpi_finalize(void);
void sweep_mpi_abort(int code);
int sweep_mpi_all_agree(int code); /* the largest code of any rank (all must call) */
/* Rank 0 hands out todo[] and records results; other ranks run cases until told to stop. */
cs_status sweep_run_mpi(const sweep_plan *plan, const char *summary, const long *todo,
                        long ntodo, int rank, int size, sweep_sink *sink);
/* What the MPI module (mpi/sweep_mpi_ranks.c) gives the CLI: the functions above. */
typedef struct sweep_mpi_ops {
  int (*init)(int *argc, char ***argv, int *rank, int *size);
  void (*finalize)(void);
  void (*abort)(int code);
  int (*all_agree)(int code);
  cs_status (*run)(const sweep_plan *plan, const char *summary, const long *todo, long ntodo,
                   int rank, int size, sweep_sink *sink);
} sweep_mpi_ops;
const sweep_mpi_ops *clearsim_sweep_mpi_ops(void);

/* The subcommand (tools/cli/clearsim.c dispatches to it); argv[0] is "sweep". */
int sweep_main(int argc, char **argv);

#endif
