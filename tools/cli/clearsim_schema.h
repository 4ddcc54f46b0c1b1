/*
 * clearsim_schema.h — `clearsim schema`: the JSON Schemas of model and impact files
 * (tools/cli/clearsim_schema.c).
 */
#ifndef CLEARSIM_SCHEMA_H
#define CLEARSIM_SCHEMA_H

/* The schema of "model" or "impact" files as JSON text (malloc'd; NULL when out of memory or
 * for another kind). */
char *cs_schema_text(const char *kind);
/* The subcommand: argv[0] is "schema"; returns the exit code. */
int cs_cli_schema(int argc, char **argv);

#endif
