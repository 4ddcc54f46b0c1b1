/*
 * cs_host.c — helpers for programs that bind libclearsim through a foreign-function interface
 * (the Python package, tools/python/clearsim): what such a host cannot write in its own
 * language without paying for it at every integrator step.
 */
#include "clearsim.h"

int cs_interrupt_flag(void *user)
{
  /* An atomic load: the host sets the int from another thread (or a signal handler) while the
   * run polls it between steps. */
  return user && __atomic_load_n((const int *)user, __ATOMIC_RELAXED) != 0;
}
