/*
 * sweep_cli.c — `clearsim sweep SWEEP.json [-o OUT.h5] [--jobs N] [--threads] [--resume]`:
 * read and validate the plan, open (or resume) the summary, run the missing cases on this
 * machine's cores or on MPI ranks, and say what happened. Exit codes as `clearsim run`'s:
 * 0 done (failed cases are recorded in the summary, not an error of the sweep), 1 usage,
 * 2 bad sweep file or case, 5 interrupted, 6 output file error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cs_status.h"
#include "sweep.h"

enum { EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_INTERRUPTED = 5, EXIT_OUTPUT = 6 };

static const char *const usage =
  "usage: clearsim sweep SWEEP.json [-o OUT.h5] [--jobs N] [--threads] [--resume] [--quiet]\n"
  "\n"
  "Runs a parameter study: the sweep file names a base model, the parameters to vary by JSON\n"
  "pointer and how to combine them (grid, zip or random; tools/README.md \"Parameter\n"
  "studies\"). Every case is validated before any runs. The summary HDF5 gets one row per case\n"
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

/* ---------------------------------------------------------------- stopping --------------- */

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
  (void)sig;
  stop_requested = 1;
}

int sweep_interrupted(void) { return stop_requested; }

int sweep_poll_interrupt(void *user)
{
  (void)user;
  return stop_requested;
}

static void catch_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal; /* no SA_RESTART: poll and sleeps return to look at the flag */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* ---------------------------------------------------------------- results, progress ------ */

double sweep_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void sweep_sink_record(sweep_sink *s, const sweep_result *r)
{
  if (s->io == CS_OK && sweep_out_write(s->out, r, &s->io_err) != CS_OK)
    s->io = CS_ERR_IO;
  if (r->output_failed && !s->output_failed++)
    snprintf(s->output_err, sizeof s->output_err, "%s", r->message);
  s->done++;
  s->failed += r->status == SWEEP_FAILED;
  s->suspect += r->status == SWEEP_SUSPECT;
  sweep_sink_draw(s, 0);
}

static void clock_text(double seconds, char *out, size_t size)
{
  long s = (long)(seconds + 0.5);
  if (s >= 3600)
    snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

void sweep_sink_draw(sweep_sink *s, int final)
{
  double now = sweep_clock();
  if (!s->bar || (!final && now - s->drawn < 0.2))
    return;
  s->drawn = now;
  double frac = s->total > 0 ? (double)s->done / (double)s->total : 1.0;
  int width = 30, filled = (int)(frac * width);
  char elapsed[32], eta[32] = "?";
  clock_text(now - s->started, elapsed, sizeof elapsed);
  if (s->done > 0)
    clock_text((now - s->started) / (double)s->done * (double)(s->total - s->done), eta,
               sizeof eta);
  fprintf(stderr, "\r[%.*s%*s] %ld/%ld cases, %ld failed, %ld suspect  %s  ETA %s ", filled,
          "==============================", width - filled, "", s->done, s->total, s->failed,
          s->suspect, elapsed, eta);
  if (final)
    fputc('\n', stderr);
}

/* ---------------------------------------------------------------- the command ------------ */

typedef struct options {
  const char *sweep, *out;
  int jobs, threads, resume, quiet, check;
} options;

static int parse(int argc, char **argv, options *o)
{
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      printf("\nThis build %s MPI.\n", sweep_mpi_built() ? "runs over" : "was made without");
      return -1;
    } else if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && i + 1 < argc) {
      o->out = argv[++i];
    } else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && i + 1 < argc) {
      char *end;
      long n = strtol(argv[++i], &end, 10);
      if (*end || n < 1 || n > 4096) {
        fprintf(stderr, "clearsim sweep: --jobs expects a number of workers from 1 to 4096, "
                        "got \"%s\"\n", argv[i]);
        return EXIT_USAGE;
      }
      o->jobs = (int)n;
    } else if (!strcmp(a, "--threads")) {
      o->threads = 1;
    } else if (!strcmp(a, "--resume")) {
      o->resume = 1;
    } else if (!strcmp(a, "--check")) {
      o->check = 1;
    } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
      o->quiet = 1;
    } else if (a[0] == '-' || o->sweep) {
      fprintf(stderr, "clearsim sweep: unexpected argument \"%s\"\n%s", a, usage);
      return EXIT_USAGE;
    } else {
      o->sweep = a;
    }
  }
  if (!o->sweep) {
    fputs(usage, stderr);
    return EXIT_USAGE;
  }
  return 0;
}

static int same_file(const char *a, const char *b)
{
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
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
  if (same_file(out, o->sweep) || same_file(out, plan->model_path)) {
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
  int mpi = sweep_mpi_launched() && sweep_mpi_init(&argc, &argv, &rank, &size);
  catch_signals();
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
