/*
 * cli_common.c — what the commands of clearsim share (tools/cli/cli_common.h).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_common.h"

/* ---------------------------------------------------------------- options ---------------- */

int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
  char opts[64]; /* ':' first: a missing value is told from an unknown option */
  snprintf(opts, sizeof opts, ":%s", shortopts);
  opterr = 0;
  int c = getopt_long(argc, argv, opts, longopts, NULL);
  if (c != '?' && c != ':')
    return c;
  /* glibc: optopt 0 for an unknown long option, a short one's letter, a long one's val */
  int unknown_short = c == '?' && optopt > 0 && optopt < 256 &&
                      (optopt == ':' || !strchr(shortopts, optopt));
  const char *arg = argv[optind - 1]; /* the long option, or the last short one's group */
  char name[128];
  if (!unknown_short && !strncmp(arg, "--", 2))
    snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
  else
    snprintf(name, sizeof name, "-%c", optopt);
  if (c == ':')
    fprintf(stderr, "clearsim %s: %s needs a value", argv[0], name);
  else if (c == '?' && (optopt == 0 || unknown_short))
    fprintf(stderr, "clearsim %s: unknown option \"%s\"", argv[0], name);
  else
    fprintf(stderr, "clearsim %s: %s takes no value", argv[0], name);
  fprintf(stderr, " (`clearsim %s --help` lists the options)\n", argv[0]);
  return '?';
}

void cli_unexpected(char **argv, const char *arg)
{
  fprintf(stderr, "clearsim %s: unexpected argument \"%s\" (`clearsim %s --help` says what it "
                  "takes)\n", argv[0], arg, argv[0]);
}

int cli_arguments(int argc, char **argv, int n, const char **arg)
{
  for (int i = 0; i < n; i++)
    arg[i] = optind + i < argc ? argv[optind + i] : NULL;
  if (optind + n < argc) {
    cli_unexpected(argv, argv[optind + n]);
    return 1;
  }
  return 0;
}

int cli_wants_help(int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
      return 1;
  return 0;
}

/* ---------------------------------------------------------------- files ------------------ */

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

int cli_same_file(const char *a, const char *b)
{
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}
