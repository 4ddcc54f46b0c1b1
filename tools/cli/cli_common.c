/*
 * cli_common.c — what the commands of clearsim share (tools/cli/cli_common.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_common.h"

/* The output file a command writes when -o names none: the input's base name, .json → .h5,
 * in the current directory (malloc'd). */
char *cli_default_output(const char *model_path)
{
  const char *base = strrchr(model_path, '/');
  base = base ? base + 1 : model_path;
  size_t n = strlen(base);
  if (n > 5 && !strcmp(base + n - 5, ".json"))
    n -= 5;
  char *out = malloc(n + 4);
  if (out)
    snprintf(out, n + 4, "%.*s.h5", (int)n, base);
  return out;
}

/* ---------------------------------------------------------------- stopping --------------- */

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
  (void)sig;
  stop_requested = 1;
}

int cli_interrupted(void) { return stop_requested; }

int cli_poll_interrupt(void *user)
{
  (void)user;
  return stop_requested;
}

/* Long commands stop cleanly on Ctrl-C, SIGTERM and a closed terminal (SIGHUP), however many
 * arrive: sigaction keeps the handler (POSIX signal() may reset it after the first, and a
 * second SIGTERM, as `timeout` sends, then killed the run with its file unfinished). */
void cli_catch_stop_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal; /* no SA_RESTART: poll and sleeps return to look at the flag */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* ---------------------------------------------------------------- files ------------------ */

int cli_same_file(const char *a, const char *b)
{
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}
