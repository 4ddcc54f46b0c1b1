/* fixed.c — ideal fixed (welded) joint: a revolute pair plus the relative angle held. */
#include "constraint_rows.h"

#include <string.h>

static void eval(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, const double v1[3],
                 const double v2[3], double t, double *phi, double *jac, double *phit,
                 double *phitt, double *curv)
{
  (void)t;
  cs_rows_coincident(j->point[0], j->point[1], f1, f2, v1, v2, phi, jac, curv);
  cs_row_angle(j->angle, f1, f2, phi ? &phi[2] : NULL, jac ? jac + 12 : NULL,
               curv ? &curv[2] : NULL);
  cs_rows_scleronomic(phit, phitt, 3);
}

static void hessian(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, int row,
                    double H[36])
{
  if (row < 2)
    cs_rows_coincident_hessian(j->point[0], j->point[1], f1, f2, row, H);
  else
    memset(H, 0, 36 * sizeof *H);
}

CS_CONSTRAINT_OPS(cs_fixed_ops, eval, hessian, 3);
