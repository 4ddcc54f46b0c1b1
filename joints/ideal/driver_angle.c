/* driver_angle.c — prescribed relative angle: θ2 − θ1 − f(t) = 0. */
#include "constraint_rows.h"

#include <string.h>

static void eval(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, const double v1[3],
                 const double v2[3], double t, double *phi, double *jac, double *phit,
                 double *phitt, double *curv)
{
  (void)v1, (void)v2;
  double f[3];
  cs_motion_eval(&j->motion, t, f);
  cs_row_angle(f[0], f1, f2, phi, jac, curv);
  if (phit)
    *phit = -f[1];
  if (phitt)
    *phitt = -f[2];
}

static void hessian(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, int row,
                    double H[36])
{
  (void)j, (void)f1, (void)f2, (void)row;
  memset(H, 0, 36 * sizeof *H);
}

CS_CONSTRAINT_OPS(cs_driver_angle_ops, eval, hessian, 1);
