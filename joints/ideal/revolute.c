/* revolute.c — ideal revolute joint: point1 on body 1 coincides with point2 on body 2. */
#include "constraint_rows.h"

static void eval(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, const double v1[3],
                 const double v2[3], double t, double *phi, double *jac, double *phit,
                 double *phitt, double *curv)
{
  (void)t;
  cs_rows_coincident(j->point[0], j->point[1], f1, f2, v1, v2, phi, jac, curv);
  cs_rows_scleronomic(phit, phitt, 2);
}

static void hessian(const cs_joint *j, const cs_frame *f1, const cs_frame *f2, int row,
                    double H[36])
{
  cs_rows_coincident_hessian(j->point[0], j->point[1], f1, f2, row, H);
}

CS_CONSTRAINT_OPS(cs_revolute_ops, eval, hessian, 2);
