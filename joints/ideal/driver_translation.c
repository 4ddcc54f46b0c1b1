/* driver_translation.c — prescribed distance of point2 from point1 along body 1's axis:
 * (A1 u)ᵀ(P2 − P1) − f(t) = 0. */
#include "constraint_rows.h"

static void eval(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, const double v1[3],
                 const double v2[3], double t, double *phi, double *jac, double *phit,
                 double *phitt, double *curv)
{
  double f[3];
  cs_motion_eval(&j->motion, t, f);
  cs_row_along(j->axis, j->point[0], j->point[1], f1, f2, v1, v2, phi, jac, curv);
  if (phi)
    *phi -= f[0];
  if (phit)
    *phit = -f[1];
  if (phitt)
    *phitt = -f[2];
}

static void hessian(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, int row,
                    double H[36])
{
  (void)row;
  cs_row_along_hessian(j->axis, j->point[0], j->point[1], f1, f2, H);
}

CS_CONSTRAINT_OPS(cs_driver_translation_ops, eval, hessian, 1);
