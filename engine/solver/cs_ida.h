/*
 * cs_ida.h — IDAS created and set up on a DAE, the part the simulation (cs_sim_dae.c) and the
 * impact tool (cs_impact.c) share: the residual, its analytic Jacobian and the linear solver,
 * step bounds, root functions, and where IDAS' error messages go. Each caller sets its own
 * tolerances (and quadratures) on the IDAS it gets back.
 */
#ifndef CS_IDA_H
#define CS_IDA_H

#include <idas/idas.h>
#include <idas/idas_ls.h>

typedef struct cs_ida_problem {
  IDAResFn residual;
  IDALsJacFn jacobian;
  void *user;                    /* the callbacks' user data */
  double t0;
  N_Vector y, yp;                /* a consistent start */
  SUNMatrix J;                   /* the iteration matrix, and the solver that factors it */
  SUNLinearSolver LS;
  double max_step, initial_step; /* ≤ 0: IDAS' own */
  int nroot;                     /* root functions, 0 for none */
  IDARootFn roots;
  const int *directions;         /* the crossings each root reports (IDASetRootDirection); NULL:
                                  * both */
  IDAErrHandlerFn on_error;      /* IDAS' error messages, with error_user */
  void *error_user;
} cs_ida_problem;

/* IDAS set up for p in ctx, or NULL when a call failed (nothing left to free), *stage then
 * naming which: "IDACreate", "IDAInit", "linear solver", "step settings" or "root finding"
 * (on_error has IDAS' message). */
void *cs_ida_create(SUNContext ctx, const cs_ida_problem *p, const char **stage);

#endif
