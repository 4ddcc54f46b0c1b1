/*
 * sweep_progress.c — a sweep's results as they come in: recorded in the summary, counted, and
 * drawn as a progress bar.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <time.h>

#include "sweep.h"

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
