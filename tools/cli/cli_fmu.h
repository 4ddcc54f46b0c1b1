/*
 * cli_fmu.h — `clearsim fmu`: a model as an FMI co-simulation FMU (tools/cli/cli_fmu.c,
 * engine/fmi/README.md).
 */
#ifndef CLI_FMU_H
#define CLI_FMU_H

int cli_fmu(int argc, char **argv);

#endif
