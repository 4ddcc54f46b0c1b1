/*
 * sweep_mpi.c — whether mpirun or srun launched this sweep, and the MPI module that runs it
 * over the ranks (mpi/sweep_mpi_ranks.c), loaded then and only then: every other process would
 * pay libmpi's relocations before main.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep.h"

int sweep_mpi_launched(void)
{
  /* OpenMPI's mpirun, MPICH/Hydra and Slurm's srun (PMI or PMIx) */
  static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK",
                                     "PMI_RANK", NULL};
  for (int i = 0; vars[i]; i++)
    if (getenv(vars[i]))
      return 1;
  return 0;
}

#ifdef CS_MPI_MODULE
int sweep_mpi_built(void) { return 1; }

static const sweep_mpi_ops *loaded; /* the module's, once loaded (one per process) */

/* The module beside the running program (the build tree), else where the installed program
 * finds it (CS_MPI_MODULE_FROM_BIN: the library folder, relative to the program's). */
static void *open_module(char *why, size_t size)
{
  char exe[PATH_MAX], path[PATH_MAX + 256];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0) {
    snprintf(why, size, "cannot find the running program (/proc/self/exe)");
    return NULL;
  }
  exe[len] = '\0';
  char *slash = strrchr(exe, '/');
  *slash = '\0';
  const char *tries[] = {"", CS_MPI_MODULE_FROM_BIN "/"};
  why[0] = '\0';
  for (int i = 0; i < 2; i++) {
    snprintf(path, sizeof path, "%s/%s%s", exe, tries[i], CS_MPI_MODULE);
    if (access(path, R_OK))
      continue;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h)
      return h;
    snprintf(why, size, "%s", dlerror());
    return NULL;
  }
  snprintf(why, size, "no %s beside %s or in %s/%s", CS_MPI_MODULE, exe, exe,
           CS_MPI_MODULE_FROM_BIN);
  return NULL;
}

int sweep_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
  char why[3 * PATH_MAX];
  void *h = open_module(why, sizeof why);
  const sweep_mpi_ops *(*ops)(void) = NULL;
  if (h)
    *(void **)&ops = dlsym(h, "clearsim_sweep_mpi_ops");
  if (!ops) {
    fprintf(stderr, "clearsim sweep: launched by mpirun or srun, but the MPI module cannot be "
            "loaded: %s\n", h ? dlerror() : why);
    return -1;
  }
  loaded = ops();
  return loaded->init(argc, argv, rank, size) ? 1 : -1;
}

void sweep_mpi_finalize(void) { loaded->finalize(); }
void sweep_mpi_abort(int code) { loaded->abort(code); }
int sweep_mpi_all_agree(int code) { return loaded->all_agree(code); }

cs_status sweep_run_mpi(const sweep_plan *p, const char *summary, const long *todo, long ntodo,
                        int rank, int size, sweep_sink *sink)
{
  return loaded->run(p, summary, todo, ntodo, rank, size, sink);
}

#else /* no MPI in this build */

int sweep_mpi_built(void) { return 0; }

int sweep_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
  (void)argc, (void)argv;
  *rank = 0;
  *size = 1;
  return 0;
}

void sweep_mpi_finalize(void) {}
void sweep_mpi_abort(int code) { exit(code); }
int sweep_mpi_all_agree(int code) { return code; }

cs_status sweep_run_mpi(const sweep_plan *p, const char *summary, const long *todo, long ntodo,
                        int rank, int size, sweep_sink *sink)
{
  (void)p, (void)summary, (void)todo, (void)ntodo, (void)rank, (void)size, (void)sink;
  return CS_ERR_ARGUMENT;
}
#endif
