/*
 * sweep_mpi_ranks.c — a sweep over MPI ranks (sweep.h "running them"): the module
 * clearsim_sweep_mpi.so, which the CLI loads only when mpirun or srun launched it
 * (sweep_mpi.c), so that no other run pays libmpi's relocations (3M instructions a process).
 *
 * Rank 0 coordinates: it writes the summary, runs cases on a thread of its own, and hands out
 * one case at a time to whichever rank asks (dynamic load balancing: cases differ in cost by
 * orders of magnitude, and a static split would leave ranks idle behind the slowest); every
 * other rank runs the cases it is given and sends back each case's row, the same bytes a local
 * worker writes to its pipe. Rank 0 polls (MPI_Iprobe and a 2 ms sleep) rather than blocking,
 * so that it sees SIGINT/SIGTERM, keeps the progress bar moving, and leaves the cores to the
 * workers on an oversubscribed node. The CLI's functions it calls are exported to it
 * (tools/CMakeLists.txt, sweep_mpi.list).
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sweep.h"

enum { TAG_READY = 1, TAG_RESULT = 2, TAG_TASK = 3 };

static int init(int *argc, char ***argv, int *rank, int *size)
{
  int provided; /* rank 0 runs cases on a second thread that never calls MPI */
  if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    return 0;
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
  return 1;
}

static void finalize(void) { MPI_Finalize(); }
static void abort_all(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

static int all_agree(int code)
{
  int worst = code;
  MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return worst;
}

static void nap(void)
{
  struct timespec ts = {0, 2000000};
  nanosleep(&ts, NULL);
}

/* Rank 0's own worker thread, so that its core runs cases too; not with trajectories (the
 * summary and a trajectory would be written by two threads, and HDF5 is not thread-safe), nor
 * when MPI cannot have a second thread beside the one that calls it. */
static sweep_worker *own_worker(const sweep_plan *p, const char *summary)
{
  int level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&level);
  return p->trajectories || level < MPI_THREAD_FUNNELED ? NULL : sweep_worker_thread(p, summary);
}

/* A case for rank 0's thread, or its finished row taken: whether anything happened. */
static int tend_own(sweep_worker *own, const long *todo, long ntodo, long *next,
                    sweep_sink *sink)
{
  if (!own)
    return 0;
  if (sweep_worker_idle(own) && *next < ntodo)
    return sweep_worker_give(own, todo[(*next)++]), 1;
  struct pollfd pfd = {sweep_worker_fd(own), POLLIN, 0};
  if (sweep_worker_idle(own) || poll(&pfd, 1, 0) <= 0)
    return 0;
  const sweep_result *mine = sweep_worker_take(own);
  if (mine && mine->status != SWEEP_INTERRUPTED)
    sweep_sink_record(sink, mine);
  return 1;
}

static cs_status coordinate(const sweep_plan *p, const char *summary, const long *todo,
                            long ntodo, int size, sweep_sink *sink)
{
  size_t bytes = sweep_result_size(p);
  sweep_result *r = malloc(bytes);
  sweep_worker *own = own_worker(p, summary);
  long next = 0;
  int active = size - 1, stopping = 0;
  sink->workers = size - 1 + (own != NULL);
  while (r && (active > 0 || (own && !sweep_worker_idle(own)))) {
    if (cli_interrupted() || sink->io != CS_OK) {
      stopping = 1;
      break; /* the summary holds every finished case; the caller aborts the other ranks */
    }
    int ready = 0, worked = tend_own(own, todo, ntodo, &next, sink);
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &ready, &st);
    if (ready) {
      MPI_Recv(r, (int)bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (st.MPI_TAG == TAG_RESULT)
        sweep_sink_record(sink, r);
      int64_t task = next < ntodo ? todo[next++] : -1;
      MPI_Send(&task, 1, MPI_INT64_T, st.MPI_SOURCE, TAG_TASK, MPI_COMM_WORLD);
      active -= task < 0;
    } else if (!worked) {
      sweep_sink_draw(sink, 0);
      nap();
    }
  }
  sweep_worker_free(own); /* an interrupted thread's case stops at its next step */
  free(r);
  if (!r)
    return CS_ERR_MEMORY;
  if (sink->io != CS_OK)
    return sink->io;
  return stopping ? CS_ERR_INTERRUPTED : CS_OK;
}

static void work(const sweep_plan *p, const char *summary)
{
  size_t bytes = sweep_result_size(p);
  sweep_result *r = malloc(bytes);
  char traj[4096];
  int64_t task;
  if (!r)
    MPI_Abort(MPI_COMM_WORLD, 4);
  MPI_Send(r, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
  for (;;) {
    MPI_Recv(&task, 1, MPI_INT64_T, 0, TAG_TASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (task < 0)
      break;
    if (p->trajectories)
      sweep_trajectory_path(summary, (long)task, traj, sizeof traj);
    sweep_run_case(p, (long)task, p->trajectories ? traj : NULL, cli_poll_interrupt, r);
    MPI_Send(r, (int)bytes, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
  }
  free(r);
}

static cs_status run(const sweep_plan *p, const char *summary, const long *todo, long ntodo,
                        int rank, int size, sweep_sink *sink)
{
  if (rank == 0)
    return coordinate(p, summary, todo, ntodo, size, sink);
  work(p, summary);
  return CS_OK;
}

const sweep_mpi_ops *clearsim_sweep_mpi_ops(void)
{
  static const sweep_mpi_ops ops = {init, finalize, abort_all, all_agree, run};
  return &ops;
}
