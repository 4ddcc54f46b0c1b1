/* cs_clock.h — the engine's one clock (internal): monotonic seconds, for the runs' wall_time
 * and the output's time-bounded commits. */
#ifndef CS_CLOCK_H
#define CS_CLOCK_H

#include <time.h>

static inline double cs_wall_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
