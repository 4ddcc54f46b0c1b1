/*
 * cli_common.h — what the commands of clearsim share: option parsing, the default output
 * name, the same-file check and stopping on a signal (tools/cli/cli_common.c).
 */
#ifndef CLI_COMMON_H
#define CLI_COMMON_H

#include <getopt.h>

/* The exit codes of every command (tools/cli/README.md "Exit codes"). */
enum {
  EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_ASSEMBLY = 3, EXIT_SOLVER = 4, EXIT_INTERRUPTED = 5,
  EXIT_OUTPUT = 6, EXIT_MEMORY = 7, EXIT_UNVERIFIED = 8
};

/* The output file a command writes when -o names none: the input's base name, .json → .h5,
 * in the current directory (malloc'd). */
char *cli_default_output(const char *input);
/* Both paths name one existing file (an output that would overwrite an input). */
int cli_same_file(const char *a, const char *b);

/* Options by getopt_long over a command's arguments, argv[0] its name: --opt VALUE and
 * --opt=VALUE, short options grouped; the arguments that are not options end up from optind
 * on. Returns the option's val, -1 at the end, or '?' once it has said on stderr what was wrong
 * (unknown option, missing value, a value for an option that takes none) and where the options
 * are. Long-only options have vals from 256. */
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);
/* The same kind of message for an argument the command has no place for. */
void cli_unexpected(char **argv, const char *arg);
/* After cli_getopt: the arguments that are not options into arg[0 … n), NULL where fewer;
 * 0, or 1 once it has said that one more is unexpected. */
int cli_arguments(int argc, char **argv, int n, const char **arg);
/* -h or --help among the arguments: help wins over any other argument. */
int cli_wants_help(int argc, char **argv);

/* SIGINT, SIGTERM and SIGHUP set a flag that runs, cases and coordinators poll. */
void cli_catch_stop_signals(void);
int cli_interrupted(void);
int cli_poll_interrupt(void *user); /* a cs_interrupt_fn */

#endif
