/*
 * sweep_local.c — a sweep on this machine's cores (sweep.h "running them"): a pool of workers,
 * forked processes by default or threads, each fed one case at a time over a pipe and
 * answering with the case's row, so a worker that finishes early takes the next case (cases
 * differ in cost by orders of magnitude) and the coordinator alone writes the summary.
 *
 * Processes are the default: a case that crashes takes only its worker down (the case is
 * recorded as failed and a new worker takes its place), and per-case trajectory files need
 * them (Debian's serial HDF5 is not thread-safe). Threads share one address space and the
 * library is thread-safe; tools/bench/bench-sweep measures the difference (tools/README.md).
 *
 * Stopping: SIGINT from the terminal reaches every worker; SIGTERM or SIGHUP to the coordinator
 * is passed on to its worker processes (threads share the flag). Each worker's running case is
 * interrupted between two steps and reported as such; the coordinator records only finished
 * cases, so --resume reruns the interrupted ones.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include "sweep.h"

struct sweep_worker {
  const sweep_plan *plan;
  const char *summary;
  int task_r, task_w, result_r, result_w; /* pipes: coordinator → worker, worker → coordinator */
  pid_t pid;          /* process workers */
  pthread_t thread;   /* thread workers */
  int alive;
  long busy;          /* the case it runs, −1 when idle */
  sweep_result *buf;
};
typedef sweep_worker worker;

static int read_full(int fd, void *buf, size_t n)
{
  char *p = buf;
  while (n > 0) {
    ssize_t got = read(fd, p, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return 0;
    p += got;
    n -= (size_t)got;
  }
  return 1;
}

static int write_full(int fd, const void *buf, size_t n)
{
  const char *p = buf;
  while (n > 0) {
    ssize_t put = write(fd, p, n);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return 0;
    p += put;
    n -= (size_t)put;
  }
  return 1;
}

/* ---------------------------------------------------------------- the worker's side ------ */

static void work(const worker *w)
{
  const sweep_plan *p = w->plan;
  sweep_result *r = malloc(sweep_result_size(p));
  int64_t i;
  char traj[4096];
  while (r && read_full(w->task_r, &i, sizeof i) && i >= 0) {
    if (p->trajectories)
      sweep_trajectory_path(w->summary, (long)i, traj, sizeof traj);
    sweep_run_case(p, (long)i, p->trajectories ? traj : NULL, cli_poll_interrupt, r);
    if (!write_full(w->result_w, r, sweep_result_size(p)))
      break;
  }
  free(r);
}

static void *thread_main(void *arg)
{
  work(arg);
  return NULL;
}

/* ---------------------------------------------------------------- the coordinator -------- */

static int start(worker *w, int threads)
{
  int t[2], r[2];
  if (pipe(t) || pipe(r))
    return -1;
  w->task_r = t[0], w->task_w = t[1], w->result_r = r[0], w->result_w = r[1];
  w->busy = -1;
  if (threads) {
    w->alive = pthread_create(&w->thread, NULL, thread_main, w) == 0;
    return w->alive ? 0 : -1;
  }
  fflush(NULL);
  w->pid = fork();
  if (w->pid < 0)
    return -1;
  if (w->pid == 0) {
    /* Keep only this worker's two pipe ends: the siblings' ends (or they would never see end
     * of input), and the summary file's descriptor, whose lock a worker would otherwise hold
     * after a killed coordinator, so that --resume could not open it. */
    long max = sysconf(_SC_OPEN_MAX);
    for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
      if (fd != w->task_r && fd != w->result_w)
        close(fd);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM); /* a killed coordinator stops its workers' cases */
    if (getppid() == 1)
      _exit(0);
#endif
    work(w);
    _exit(0); /* no atexit handlers: HDF5's would touch the coordinator's summary file */
  }
  close(w->task_r);
  close(w->result_w);
  w->alive = 1;
  return 0;
}

/* Close the coordinator's ends and reap; *signal the signal that ended a process, or 0. */
static void stop(worker *w, int threads, int *signal_number)
{
  *signal_number = 0;
  if (!w->alive)
    return;
  close(w->task_w); /* end of input: the worker leaves its loop */
  if (threads) {
    pthread_join(w->thread, NULL);
    close(w->task_r);
    close(w->result_w);
  } else {
    int status;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
      ;
    if (WIFSIGNALED(status))
      *signal_number = WTERMSIG(status);
  }
  close(w->result_r);
  w->alive = 0;
}

static int hand_out(worker *w, long i)
{
  int64_t k = i;
  w->busy = i;
  return write_full(w->task_w, &k, sizeof k);
}

/* A worker process died while running case w->busy: record it failed, start a new one. */
static int replace(worker *w, sweep_sink *sink)
{
  int sig;
  long lost = w->busy;
  stop(w, 0, &sig);
  memset(w->buf, 0, sweep_result_size(w->plan));
  w->buf->index = lost;
  w->buf->status = SWEEP_FAILED;
  for (int f = 0; f < w->plan->nfig; f++)
    w->buf->fig[f] = NAN;
  snprintf(w->buf->message, sizeof w->buf->message, "the worker process running this case "
           "died (%s)", sig ? strsignal(sig) : "it exited");
  sweep_sink_record(sink, w->buf);
  return start(w, 0);
}

/* Give case i to w; a worker process that died while idle (its pipe is broken) is replaced
 * first, the case not having started. 0 when no worker could take it (it stays pending). */
static int give(worker *w, long i, int threads)
{
  if (hand_out(w, i))
    return 1;
  int sig;
  w->busy = -1;
  if (threads)
    return 0;
  stop(w, 0, &sig);
  if (start(w, 0) || !hand_out(w, i)) {
    w->busy = -1;
    return 0;
  }
  return 1;
}

static void forward_stop(worker *ws, int n, int threads)
{
  for (int k = 0; !threads && k < n; k++)
    if (ws[k].alive)
      kill(ws[k].pid, SIGTERM);
}

cs_status sweep_run_local(const sweep_plan *p, const char *summary, const long *todo,
                          long ntodo, int jobs, int threads, sweep_sink *sink)
{
  int n = (int)(jobs < ntodo ? jobs : ntodo), failed_start = 0, stopping = 0;
  if (n <= 0)
    return CS_OK;
  worker *ws = calloc((size_t)n, sizeof *ws);
  struct pollfd *fds = calloc((size_t)n, sizeof *fds);
  if (!ws || !fds) {
    free(ws), free(fds);
    return CS_ERR_MEMORY;
  }
  long next = 0;
  signal(SIGPIPE, SIG_IGN); /* a dead worker's pipe: an error to handle, not a signal */
  for (int k = 0; k < n; k++) {
    ws[k].plan = p;
    ws[k].summary = summary;
    ws[k].buf = malloc(sweep_result_size(p));
    if (!ws[k].buf || start(&ws[k], threads)) {
      failed_start = 1;
      break;
    }
    give(&ws[k], todo[next++], threads);
  }
  for (;;) {
    int busy = 0;
    for (int k = 0; k < n; k++) {
      fds[k].fd = ws[k].alive && ws[k].busy >= 0 ? ws[k].result_r : -1;
      fds[k].events = POLLIN;
      busy += fds[k].fd >= 0;
    }
    if (!busy || sink->io != CS_OK)
      break;
    int ready = poll(fds, (nfds_t)n, 200);
    if (cli_interrupted() && !stopping) {
      stopping = 1;
      forward_stop(ws, n, threads);
    }
    sweep_sink_draw(sink, 0);
    if (ready <= 0)
      continue; /* timeout or a signal */
    for (int k = 0; k < n; k++) {
      worker *w = &ws[k];
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      if (!read_full(w->result_r, w->buf, sweep_result_size(p))) {
        if (stopping || threads || replace(w, sink)) {
          int sig;
          stop(w, threads, &sig);
          continue;
        }
      } else if (w->buf->status != SWEEP_INTERRUPTED) {
        sweep_sink_record(sink, w->buf);
      }
      w->busy = -1;
      if (!stopping && next < ntodo)
        give(w, todo[next++], threads);
    }
  }
  for (int k = 0; k < n; k++) {
    int sig;
    stop(&ws[k], threads, &sig);
    free(ws[k].buf);
  }
  free(ws), free(fds);
  if (failed_start)
    return CS_ERR_MEMORY;
  if (sink->io != CS_OK)
    return sink->io;
  return stopping || next < ntodo ? CS_ERR_INTERRUPTED : CS_OK;
}

/* ---------------------------------------------------------------- one thread worker ------ */

sweep_worker *sweep_worker_thread(const sweep_plan *p, const char *summary)
{
  worker *w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->plan = p;
  w->summary = summary;
  w->buf = malloc(sweep_result_size(p));
  if (!w->buf || start(w, 1)) {
    free(w->buf);
    free(w);
    return NULL;
  }
  return w;
}

int sweep_worker_fd(const sweep_worker *w) { return w->result_r; }
int sweep_worker_idle(const sweep_worker *w) { return w->busy < 0; }
int sweep_worker_give(sweep_worker *w, long i) { return hand_out(w, i); }

const sweep_result *sweep_worker_take(sweep_worker *w)
{
  if (!read_full(w->result_r, w->buf, sweep_result_size(w->plan)))
    return NULL;
  w->busy = -1;
  return w->buf;
}

void sweep_worker_free(sweep_worker *w)
{
  int sig;
  if (!w)
    return;
  stop(w, 1, &sig);
  free(w->buf);
  free(w);
}
