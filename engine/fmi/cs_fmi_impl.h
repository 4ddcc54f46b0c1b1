/*
 * cs_fmi_impl.h — an FMU instance's private state (struct cs_fmi), shared by cs_fmi.c (its life
 * and its steps) and cs_fmi_state.c (its saved states).
 */
#ifndef CS_FMI_IMPL_H
#define CS_FMI_IMPL_H

#include "cs_fmi.h"

#include <stddef.h>

/* What the instance was told since initialization ended, in order: a value set (vr ≥ 0) or a
 * doStep (vr −1: from a over b). Replayed from the start, it gives the same bits (the engine
 * keeps no global state and reads no clock): a saved state is a position in it. Shared,
 * reference-counted, append-only while states hold it. */
typedef struct cs_fmi_record {
  int vr;
  double a, b;
} cs_fmi_record;

typedef struct cs_fmi_history {
  int refs, nvar;
  double t_start;
  double *start; /* the values at initialization's end */
  cs_fmi_record *r;
  size_t n, cap;
} cs_fmi_history;

struct cs_fmi {
  char *instance, *origin, *json, *token;
  char **pointers; /* the configuration's parameters then inputs */
  int nparameters, ninputs;
  cs_fmi_var *vars;
  int nvar;
  double *values;  /* parameters and inputs as set (outputs unused) */
  cs_model *model;
  cs_sim *sim;
  int inputs_changed; /* an input was set since the last doStep */
  double t_start;
  cs_fmi_log_fn log;
  void *env;
  cs_fmi_history *history; /* from initialization's end on; NULL before */
  size_t at;               /* the simulation is the replay of history's first `at` records */
  int replaying;           /* cs_fmi_state_set is replaying: record nothing */
  int unrecorded;          /* a failed step or a record lost: no replay gives this state */
};

/* cs_fmi_state.c: record a set (vr ≥ 0) or a doStep (vr −1) once done; the history at
 * initialization's end; drop it. */
void cs_fmi_record_call(cs_fmi *fmi, int vr, double a, double b);
int cs_fmi_history_start(cs_fmi *fmi);
void cs_fmi_history_drop(cs_fmi *fmi);

#endif
