/*
 * sweep_cli.c — `clearsim sweep SWEEP.json [-o OUT.h5] [--jobs N] [--threads] [--resume]`:
 * read and validate the plan, open (or resume) the summary, run the missing cases on this
 * machine's cores or on MPI ranks, and say what happened. Exit codes as `clearsim run`'s:
 * 0 done (failed cases are recorded in the summary, not an error of the sweep), 1 usage,
 * 2 bad sweep file or case, 5 interrupted, 6 output file error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs_status.h"
#include "sweep.h"


static const char *const usage =
  "usage: clearsim sweep SWEEP.json [-o OUT.h5] [--jobs N] [--threads] [--resume] [--quiet]\n"
  "\n"
  "Runs a parameter study: the sweep file names a base model, the parameters to vary by JSON\n"
  "pointer and how to combine them (grid, zip or random; tools/cli/sweep/README.md).\n"
  "Every case is validated before any runs. The summary HDF5 gets one row per case\n"
  "(parameters, status, peak joint forces, driver reactions, energy balance error, ...),\n"
  "written as each case finishes. Under mpirun (or srun) the cases are spread over the ranks.\n"
  "\n"
  "  -o, --output OUT.h5   summary file (default: SWEEP.h5 in the current directory)\n"
  "  -j, --jobs N          worker processes (default: every core); ignored under MPI\n"
  "  --threads             workers are threads of one process (no trajectories)\n"
  "  --resume              run only the cases OUT.h5 does not hold yet\n"
  "  --check               validate every case, print the count, run nothing\n"
  "  -q, --quiet           no progress bar and no closing line\n"
  "  -h, --help            this text\n";

/* ---------------------------------------------------------------- the command ------------ */

typedef struct options {
  const char *sweep, *out;
  int jobs, threads, resume, quiet, check;
} options;

static int help(void)
{
  fputs(usage, stdout);
  printf("\nThis build %s MPI.\n", sweep_mpi_built() ? "runs over" : "was made without");
  return -1;
}

static int parse(int argc, char **argv, options *o)
{
  enum { OPT_THREADS = 256, OPT_RESUME, OPT_CHECK };
  static const struct option opts[] = {
    {"output", required_argument, NULL, 'o'}, {"jobs", required_argument, NULL, 'j'},
    {"threads", no_argument, NULL, OPT_THREADS}, {"resume", no_argument, NULL, OPT_RESUME},
    {"check", no_argument, NULL, OPT_CHECK}, {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  int c;
  if (cli_wants_help(argc, argv))
    return help();
  while ((c = cli_getopt(argc, argv, "o:j:qh", opts)) != -1) {
    if (c == 'o') {
      o->out = optarg;
    } else if (c == 'j') {
      char *end;
      long n = strtol(optarg, &end, 10);
      if (*end || n < 1 || n > 4096) {
        fprintf(stderr, "clearsim sweep: --jobs expects a number of workers from 1 to 4096, "
                        "got \"%s\"\n", optarg);
        return EXIT_USAGE;
      }
      o->jobs = (int)n;
    } else if (c == OPT_THREADS) {
      o->threads = 1;
    } else if (c == OPT_RESUME) {
      o->resume = 1;
    } else if (c == OPT_CHECK) {
      o->check = 1;
    } else if (c == 'q') {
      o->quiet = 1;
    } else {
      return c == 'h' ? help() : EXIT_USAGE;
    }
  }
  if (cli_arguments(argc, argv, 1, &o->sweep))
    return EXIT_USAGE;
  if (!o->sweep) {
    fputs(usage, stderr);
    return EXIT_USAGE;
  }
  return 0;
}

static int exit_code(cs_status st)
{
  return st == CS_OK ? 0 : st == CS_ERR_INPUT ? EXIT_INPUT : st == CS_ERR_INTERRUPTED
         ? EXIT_INTERRUPTED : st == CS_ERR_IO ? EXIT_OUTPUT : EXIT_INPUT;
}

/* The plan, read and validated; 0 or an exit code (the message printed by rank 0 only). */
static int prepare(const options *o, sweep_plan *plan, int rank)
{
  cs_error err;
  cs_status st = sweep_plan_load(o->sweep, plan, &err);
  if (st == CS_OK)
    st = sweep_plan_validate(plan, &err);
  if (st != CS_OK && rank == 0)
    fprintf(stderr, "clearsim sweep: %s\n", err.message);
  if (st == CS_OK && plan->trajectories && o->threads) {
    if (rank == 0)
      fprintf(stderr, "clearsim sweep: --threads cannot write trajectories (Debian's HDF5 is "
                      "not thread-safe): drop --threads or \"trajectories\"\n");
    return EXIT_USAGE;
  }
  return st == CS_OK ? 0 : exit_code(st == CS_ERR_IO ? CS_ERR_INPUT : st);
}

/* Rank 0: the summary opened or resumed and the list of cases to run. */
static int open_summary(const options *o, const sweep_plan *plan, const char *out,
                        sweep_out **summary, long **todo, long *ntodo)
{
  cs_error err;
  if (cli_same_file(out, o->sweep) || cli_same_file(out, plan->model_path)) {
    fprintf(stderr, "clearsim sweep: the output file %s is the sweep or model file: choose "
                    "another with -o\n", out);
    return EXIT_USAGE;
  }
  if (o->resume && access(out, F_OK) != 0) {
    fprintf(stderr, "clearsim sweep: --resume: %s does not exist\n", out);
    return EXIT_USAGE;
  }
  long finished;
  if (!o->resume && access(out, F_OK) == 0 && sweep_out_unfinished(plan, out, &finished)) {
    fprintf(stderr, "clearsim sweep: %s holds %ld finished cases of this unfinished sweep: "
                    "--resume runs the others; remove the file to start over\n", out, finished);
    return EXIT_USAGE;
  }
  if (plan->trajectories) {
    char dir[4096];
    sweep_trajectory_path(out, 0, dir, sizeof dir);
    *strrchr(dir, '/') = '\0';
    if (mkdir(dir, 0777) && errno != EEXIST) {
      fprintf(stderr, "clearsim sweep: cannot make %s for the trajectories: %s\n", dir,
              strerror(errno));
      return EXIT_OUTPUT;
    }
  }
  unsigned char *done = malloc((size_t)plan->ncase);
  *todo = malloc((size_t)plan->ncase * sizeof **todo);
  cs_status st = done && *todo ? sweep_out_open(plan, out, o->resume, summary, done, &err)
                               : cs_fail(&err, CS_ERR_MEMORY, "out of memory");
  *ntodo = 0;
  for (long i = 0; st == CS_OK && i < plan->ncase; i++)
    if (!done[i])
      (*todo)[(*ntodo)++] = i;
  free(done);
  if (st != CS_OK)
    fprintf(stderr, "clearsim sweep: %s\n", err.message);
  return st == CS_OK ? 0 : exit_code(st);
}

static int default_jobs(void)
{
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

static void closing_line(const sweep_plan *p, const sweep_sink *s, const char *out, long ran,
                         double seconds, const char *workers)
{
  printf("sweep %s: %ld cases, %ld recorded (%ld failed, %ld suspect); ran %ld in %.3f s on "
         "%s: %.3f cases/s -> %s\n", p->name, p->ncase, p->ncase - (s->total - s->done),
         s->failed, s->suspect, ran, seconds, workers, seconds > 0 ? (double)ran / seconds : 0.0,
         out);
}

int sweep_main(int argc, char **argv)
{
  options o = {0};
  int code = parse(argc, argv, &o), rank = 0, size = 1;
  if (code)
    return code < 0 ? 0 : code;
  int mpi = sweep_mpi_launched() ? sweep_mpi_init(&argc, &argv, &rank, &size) : 0;
  if (mpi < 0)
    return EXIT_USAGE;
  cli_catch_stop_signals();
  sweep_plan plan;
  char *fallback = o.out ? NULL : cli_default_output(o.sweep);
  const char *out = o.out ? o.out : fallback;
  sweep_out *summary = NULL;
  long *todo = NULL, ntodo = 0;
  code = prepare(&o, &plan, rank);
  if (!code && o.check) {
    if (rank == 0)
      printf("sweep %s: %ld cases of %s, every one valid (%d parameters, %d overrides each)\n",
             plan.name, plan.ncase, plan.model_path, plan.nparam, plan.noverride);
    if (mpi)
      sweep_mpi_finalize();
    free(fallback);
    sweep_plan_free(&plan);
    return 0;
  }
  if (!code && rank == 0)
    code = open_summary(&o, &plan, out, &summary, &todo, &ntodo);
  if (mpi)
    code = sweep_mpi_all_agree(code);
  if (!code) {
    sweep_sink sink = {.plan = &plan, .out = summary, .total = ntodo, .started = sweep_clock(),
                       .bar = rank == 0 && !o.quiet && isatty(STDERR_FILENO), .io = CS_OK};
    int jobs = o.jobs ? o.jobs : default_jobs();
    char workers[64];
    cs_status st;
    if (mpi && size > 1) {
      st = sweep_run_mpi(&plan, out, todo, ntodo, rank, size, &sink);
      snprintf(workers, sizeof workers, "%d MPI ranks (%d running cases)", size, sink.workers);
    } else {
      st = sweep_run_local(&plan, out, todo, ntodo, jobs, o.threads, &sink);
      snprintf(workers, sizeof workers, "%d %s", jobs < ntodo ? jobs : (int)ntodo,
               o.threads ? "threads" : "processes");
    }
    if (rank == 0) {
      sweep_sink_draw(&sink, 1);
      cs_error err;
      int finished = sink.done == sink.total;
      if (st == CS_ERR_IO)
        fprintf(stderr, "clearsim sweep: %s\n", sink.io_err.message);
      else if (st == CS_ERR_MEMORY)
        fprintf(stderr, "clearsim sweep: could not start the workers\n");
      else if (!finished)
        fprintf(stderr, "clearsim sweep: interrupted: %s keeps the %ld finished cases; "
                "--resume runs the %ld others\n", out, plan.ncase - (sink.total - sink.done),
                sink.total - sink.done);
      if (sweep_out_close(summary, finished ? "complete" : "interrupted", &err) != CS_OK) {
        fprintf(stderr, "clearsim sweep: %s\n", err.message);
        st = CS_ERR_IO;
      }
      summary = NULL;
      if (!o.quiet)
        closing_line(&plan, &sink, out, sink.done, sweep_clock() - sink.started, workers);
      code = st == CS_ERR_IO ? EXIT_OUTPUT : finished ? 0 : EXIT_INTERRUPTED;
      if (sink.output_failed) { /* recorded failed, but the output is what failed */
        fprintf(stderr, "clearsim sweep: %ld cases could not write their trajectory files: "
                "%s\n", sink.output_failed, sink.output_err);
        code = code ? code : EXIT_OUTPUT;
      }
      if (mpi && size > 1 && st != CS_OK) {
        fflush(NULL); /* the other ranks may be mid-case or waiting for one: end them */
        sweep_mpi_abort(code);
      }
    }
  }
  if (summary) {
    cs_error ignore;
    sweep_out_close(summary, "interrupted", &ignore);
  }
  if (mpi)
    sweep_mpi_finalize();
  free(todo);
  free(fallback);
  sweep_plan_free(&plan);
  return code;
}
