/* prismatic.c — ideal prismatic (translational) joint: the relative angle is held and point2
 * stays on the line through point1 along body 1's axis (its normal component is zero). */
#include "constraint_rows.h"

#include <string.h>

static void normal_of(const cs_joint *j, double n[2])
{
  n[0] = -j->axis[1];
  n[1] = j->axis[0];
}

static void eval(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, const double v1[3],
                 const double v2[3], double t, double *phi, double *jac, double *phit,
                 double *phitt, double *curv)
{
  (void)t;
  double n[2];
  normal_of(j, n);
  cs_row_angle(j->angle, f1, f2, phi ? &phi[0] : NULL, jac, curv);
  cs_row_along(n, j->point[0], j->point[1], f1, f2, v1, v2, phi ? &phi[1] : NULL,
               jac ? jac + 6 : NULL, curv ? &curv[1] : NULL);
  cs_rows_scleronomic(phit, phitt, 2);
}

static void hessian(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, int row,
                    double H[36])
{
  double n[2];
  normal_of(j, n);
  if (row == 0)
    memset(H, 0, 36 * sizeof *H);
  else
    cs_row_along_hessian(n, j->point[0], j->point[1], f1, f2, H);
}

CS_CONSTRAINT_OPS(cs_prismatic_ops, eval, hessian, 2);
