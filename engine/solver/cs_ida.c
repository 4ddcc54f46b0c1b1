/*
 * cs_ida.c — IDAS set up on a DAE (cs_ida.h).
 */
#include "cs_ida.h"

#include <stddef.h>

/* The calls in IDAS' order; the first that fails names the stage. */
static const char *set_up(void *ida, const cs_ida_problem *p)
{
  IDASetErrHandlerFn(ida, p->on_error, p->error_user);
  if (IDAInit(ida, p->residual, p->t0, p->y, p->yp) || IDASetUserData(ida, p->user))
    return "IDAInit";
  if (IDASetLinearSolver(ida, p->LS, p->J) || IDASetJacFn(ida, p->jacobian))
    return "linear solver";
  if ((p->max_step > 0 && IDASetMaxStep(ida, p->max_step)) ||
      (p->initial_step > 0 && IDASetInitStep(ida, p->initial_step)))
    return "step settings";
  if (p->nroot > 0) {
    if (IDARootInit(ida, p->nroot, p->roots) ||
        (p->directions && IDASetRootDirection(ida, (int *)p->directions)))
      return "root finding";
    IDASetNoInactiveRootWarn(ida);
  }
  return NULL;
}

void *cs_ida_create(SUNContext ctx, const cs_ida_problem *p, const char **stage)
{
  void *ida = IDACreate(ctx);
  *stage = ida ? set_up(ida, p) : "IDACreate";
  if (ida && *stage)
    IDAFree(&ida);
  return ida;
}
