/*
 * cli_common.h — what the commands of clearsim share: the default output name, the same-file
 * check and stopping on a signal (tools/cli/cli_common.c).
 */
#ifndef CLI_COMMON_H
#define CLI_COMMON_H

/* The output file a command writes when -o names none: the input's base name, .json → .h5,
 * in the current directory (malloc'd). */
char *cli_default_output(const char *input);
/* Both paths name one existing file (an output that would overwrite an input). */
int cli_same_file(const char *a, const char *b);

/* SIGINT, SIGTERM and SIGHUP set a flag that runs, cases and coordinators poll. */
void cli_catch_stop_signals(void);
int cli_interrupted(void);
int cli_poll_interrupt(void *user); /* a cs_interrupt_fn */

#endif
