/*
 * cli_common.h — what the commands of clearsim share: the default output name and stopping on
 * a signal (tools/cli/cli_common.c).
 */
#ifndef CLI_COMMON_H
#define CLI_COMMON_H

/* The CLI's default output name for an input file. */
char *cli_default_output(const char *input);

/* The sweep was asked to stop (SIGINT, SIGTERM, SIGHUP); polled by cases and coordinators. */
int sweep_interrupted(void);
int sweep_poll_interrupt(void *user);
void catch_signals(void);

#endif
