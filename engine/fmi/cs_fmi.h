/*
 * cs_fmi.h — one FMU instance, whatever the FMI version (engine/fmi/README.md): the model from
 * the FMU's resources, its variables (cs_fmi_vars.h), a simulation stepped from communication
 * point to communication point. fmi3.c and fmi2.c put the standard's functions over it.
 * An instance never prints and never exits: every failure goes to the logger it was given.
 */
#ifndef CS_FMI_H
#define CS_FMI_H

#include "cs_fmi_vars.h"

/* The name of the model's file and of the variable configuration under resources/. */
#define CS_FMI_MODEL_FILE "model.json"
#define CS_FMI_CONFIG_FILE "clearsim_fmu.json"

/* status: 0 ok, 1 warning, 3 error (FMI's numbering, the same in 2.0 and 3.0). */
typedef void (*cs_fmi_log_fn)(void *env, int status, const char *category, const char *message);

typedef struct cs_fmi cs_fmi;

/* resources: the folder holding model.json and clearsim_fmu.json (with or without a trailing
 * '/'); token: the importer's instantiation token (FMI 2.0: guid), checked against the one the
 * FMU was written with unless NULL or "". NULL, after logging why, when they cannot be read,
 * the token differs or the model does not load. */
cs_fmi *cs_fmi_new(const char *instance, const char *token, const char *resources,
                   cs_fmi_log_fn log, void *env);
void cs_fmi_free(cs_fmi *fmi);
/* Before initialization: the time the simulation starts at (s). */
void cs_fmi_set_start(cs_fmi *fmi, double t_start);
/* Leave initialization: load the model with the parameters and inputs as set, assemble. */
int cs_fmi_start(cs_fmi *fmi);
/* Integrate from t to t + h (t: the instance's time). 0 or non-zero after logging. */
int cs_fmi_step(cs_fmi *fmi, double t, double h);
/* Drop the simulation and the values set: back to just after cs_fmi_new. */
void cs_fmi_reset(cs_fmi *fmi);
double cs_fmi_time(const cs_fmi *fmi);
int cs_fmi_var_count(const cs_fmi *fmi);
const cs_fmi_var *cs_fmi_var_at(const cs_fmi *fmi, int vr);
/* Read or write a variable by value reference; non-zero after logging when it cannot be. */
int cs_fmi_get(cs_fmi *fmi, unsigned vr, double *value);
int cs_fmi_set(cs_fmi *fmi, unsigned vr, double value);
/* Log through the instance's logger (status as above). */
void cs_fmi_log(const cs_fmi *fmi, int status, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

/* ---- saved states (FMI's FMU state): where the instance stands, restored exactly ----
 * A state is the instance's history since initialization ended (the values set and the
 * doSteps, in order) up to where it was saved, with the values set before. Restoring replays
 * that history on a new simulation (only its part past the current point when the state lies
 * ahead of it on the same history): the continuation is the one the saved instance would give,
 * bit for bit, at the cost of re-running the simulation to the saved time. `tag` is the
 * caller's own (its FMI phase), kept with the state. NULL or non-zero after logging. */
typedef struct cs_fmi_state cs_fmi_state;
cs_fmi_state *cs_fmi_state_get(cs_fmi *fmi, int tag);
int cs_fmi_state_set(cs_fmi *fmi, const cs_fmi_state *state);
int cs_fmi_state_tag(const cs_fmi_state *state);
void cs_fmi_state_free(cs_fmi_state *state);
/* As bytes (this platform's byte order, with the FMU's instantiation token): the size, the
 * bytes (size of them), and a state from them for an instance of the same FMU. */
size_t cs_fmi_state_size(const cs_fmi *fmi, const cs_fmi_state *state);
void cs_fmi_state_write(const cs_fmi *fmi, const cs_fmi_state *state, unsigned char *bytes);
cs_fmi_state *cs_fmi_state_read(cs_fmi *fmi, const unsigned char *bytes, size_t size);

/* The configuration file's text for the exporter: the parameters' and inputs' pointers and the
 * instantiation token as {"parameters": [...], "inputs": [...], "token": "..."} (malloc'd,
 * NULL when out of memory; token NULL: none). */
char *cs_fmi_config_json(const char *const *parameters, int nparameters,
                         const char *const *inputs, int ninputs, const char *token);

#endif
