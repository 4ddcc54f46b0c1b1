/*
 * cs_fmi_impl.h — an FMU instance's private state (struct cs_fmi), shared by cs_fmi.c (its life
 * and its steps) and cs_fmi_state.c (its saved states).
 */
#ifndef CS_FMI_IMPL_H
#define CS_FMI_IMPL_H

#include "cs_fmi.h"

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
};

#endif
