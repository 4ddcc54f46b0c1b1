/*
 * cs_fmi_vars.h — an FMU's variables, from the model and the pointers the exporter named
 * (engine/fmi/README.md). `clearsim fmu` writes modelDescription.xml from this table and the
 * FMU's library builds the same table at instantiation: one source, so value references agree.
 */
#ifndef CS_FMI_VARS_H
#define CS_FMI_VARS_H

#include "clearsim.h"

typedef enum cs_fmi_causality {
  CS_FMI_TIME, CS_FMI_PARAMETER, CS_FMI_INPUT, CS_FMI_OUTPUT
} cs_fmi_causality;

/* What an input drives, and what an output reads. */
typedef enum cs_fmi_kind {
  CS_FMI_OVERRIDE,      /* a parameter: any number in the model, by JSON pointer */
  CS_FMI_DRIVER_SPEED,  /* input: /drivers/N/motion/velocity (index: the driver's joint) */
  CS_FMI_TORQUE,        /* input: /forces/N/torque of a "torque" force (index: the force) */
  CS_FMI_FORCE,         /* input: /forces/N/force/C of a "force" force (index: the force,
                         * component: C, 0 fx or 1 fy) */
  CS_FMI_BODY,          /* output: body index, component x y θ vx vy ω */
  CS_FMI_REACTION,      /* output: a driver's reaction (index: its joint) */
  CS_FMI_CLEARANCE,     /* output: joint k, component ex ey δ F_n */
  CS_FMI_BALANCE,       /* output: the energy balance error */
  CS_FMI_NONE
} cs_fmi_kind;

typedef struct cs_fmi_var {
  char name[160];
  char description[200];
  const char *unit;        /* a name of cs_fmi_units, "" for none */
  cs_fmi_causality causality;
  cs_fmi_kind kind;
  int index, component;
  char pointer[256];       /* parameters and inputs: the JSON pointer */
  double start;            /* parameters and inputs: the model's value */
} cs_fmi_var;

/* Units the variables use, with SI base-unit exponents (kg, m, s) for UnitDefinitions. */
typedef struct cs_fmi_unit {
  const char *name;
  int kg, m, s;
} cs_fmi_unit;
extern const cs_fmi_unit cs_fmi_units[];
extern const int cs_fmi_unit_count;

/* The table: time (value reference 0), the parameters, the inputs, then the outputs (every
 * moving body's pose and velocity, each driver's reaction, each clearance joint's
 * eccentricity, penetration and normal force, the energy balance error); a variable's value
 * reference is its index. `json` is the model's text (for the pointers' values). *vars is
 * malloc'd. CS_ERR_INPUT naming the pointer when one names no number, or an input names
 * nothing the engine can change while running. */
cs_status cs_fmi_vars_build(const cs_model *model, const char *json,
                            const char *const *parameters, int nparameters,
                            const char *const *inputs, int ninputs, cs_fmi_var **vars, int *n,
                            cs_error *err);

#endif
