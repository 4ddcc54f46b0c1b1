/* constraint_rows.h — the three row shapes every ideal joint and driver is made
 * of (one way to do each). The rows are inline: each kind's eval is a few of
 * them, and a call per row cost more than the row at every evaluation; their
 * Hessians, read only by the DAE formulations' Newton matrices, are in
 * constraint_rows.c. */
#ifndef CS_CONSTRAINT_ROWS_H
#define CS_CONSTRAINT_ROWS_H

#include "cs_joints.h"
#include "cs_planar.h"

#include <string.h>

/* the point-coincidence pair r1 + A1 s1 − r2 − A2 s2 (revolute, fixed) */
static inline void cs_rows_coincident(const double s1[2], const double s2[2], const cs_frame *f1,
                                      const cs_frame *f2, const double v1[3], const double v2[3],
                                      double phi[2], double jac[12], double curv[2])
{
  double a1[2], a2[2]; /* A s; B s = (−(A s)_y, (A s)_x): one rotation per body */
  cs_frame_rot(f1, s1, a1);
  cs_frame_rot(f2, s2, a2);
  const double b1[2] = {-a1[1], a1[0]}, b2[2] = {-a2[1], a2[0]};
  for (int r = 0; r < 2; r++) {
    if (phi)
      phi[r] = f1->q[r] + a1[r] - f2->q[r] - a2[r];
    if (jac) {
      double *row = jac + 6 * r;
      memset(row, 0, 6 * sizeof *row);
      row[r] = 1.0;
      row[2] = b1[r];
      row[3 + r] = -1.0;
      row[5] = -b2[r];
    }
    if (curv) /* ∂²(A s)/∂θ² = −A s */
      curv[r] = -a1[r] * v1[2] * v1[2] + a2[r] * v2[2] * v2[2];
  }
}

void cs_rows_coincident_hessian(const double s1[2], const double s2[2], const cs_frame *f1,
                                const cs_frame *f2, int row, double H[36]);

/* the relative angle θ2 − θ1 − c (prismatic, fixed, angle driver) */
static inline void cs_row_angle(double c, const cs_frame *f1, const cs_frame *f2, double *phi,
                                double jac[6], double *curv)
{
  if (curv)
    *curv = 0.0; /* linear in q */
  if (phi)
    *phi = f2->q[2] - f1->q[2] - c;
  if (jac) {
    memset(jac, 0, 6 * sizeof *jac);
    jac[2] = -1.0;
    jac[5] = 1.0;
  }
}

/* w = r2 + A2 s2 − r1, so that (A1 u)ᵀ(P2 − P1) = (A1 u)ᵀ w − uᵀ s1; a = A1 u,
 * b = B1 u, a2 = A2 s2: one rotation per body. */
static inline void cs_row_along_parts(const double u[2], const double s2[2], const cs_frame *f1,
                                      const cs_frame *f2, double a[2], double b[2], double w[2],
                                      double a2[2])
{
  cs_frame_rot(f1, u, a);
  b[0] = -a[1], b[1] = a[0];
  cs_frame_rot(f2, s2, a2);
  w[0] = f2->q[0] + a2[0] - f1->q[0];
  w[1] = f2->q[1] + a2[1] - f1->q[1];
}

/* the distance along body 1's unit axis u (body frame): (A1 u)ᵀ(P2 − P1)
 * (prismatic with the axis' normal, translation driver with the axis itself) */
static inline void cs_row_along(const double u[2], const double s1[2], const double s2[2],
                                const cs_frame *f1, const cs_frame *f2, const double v1[3],
                                const double v2[3], double *phi, double jac[6], double *curv)
{
  double a[2], b[2], w[2], a2[2], b2[2];
  cs_row_along_parts(u, s2, f1, f2, a, b, w, a2);
  b2[0] = -a2[1], b2[1] = a2[0];
  if (phi)
    *phi = a[0] * w[0] + a[1] * w[1] - (u[0] * s1[0] + u[1] * s1[1]);
  if (jac) {
    jac[0] = -a[0];
    jac[1] = -a[1];
    jac[2] = b[0] * w[0] + b[1] * w[1];
    jac[3] = a[0];
    jac[4] = a[1];
    jac[5] = a[0] * b2[0] + a[1] * b2[1];
  }
  if (curv) { /* uᵀHu with the entries of cs_row_along_hessian */
    double w1 = v1[2], w2 = v2[2];
    double mixed = -b[0] * v1[0] - b[1] * v1[1] + b[0] * v2[0] + b[1] * v2[1] +
                   (b[0] * b2[0] + b[1] * b2[1]) * w2;
    *curv = -(a[0] * w[0] + a[1] * w[1]) * w1 * w1 + 2.0 * w1 * mixed -
            (a[0] * a2[0] + a[1] * a2[1]) * w2 * w2;
  }
}

void cs_row_along_hessian(const double u[2], const double s1[2], const double s2[2],
                          const cs_frame *f1, const cs_frame *f2, double H[36]);

/* A kind's ops table from its eval and hessian, with jac_gamma made from eval: eval inlined
 * with Φ and Φt absent, so its branches for them fold away (a call through the table with
 * every output and a branch per output cost more than the rows at every evaluation). */
#define CS_CONSTRAINT_OPS(ops, eval, hessian, rows)                                             \
  static void jac_gamma(const cs_joint *j, const cs_frame *f1, const cs_frame *f2,           \
                        const double v1[3], const double v2[3], double t, double *jac,       \
                        double *gamma)                                                       \
  {                                                                                          \
    double phitt[rows], curv[rows];                                                          \
    eval(j, f1, f2, v1, v2, t, NULL, jac, NULL, phitt, curv);                                \
    for (int r = 0; r < (rows); r++)                                                         \
      gamma[r] = -curv[r] - phitt[r];                                                        \
  }                                                                                          \
  const cs_constraint_ops ops = {eval, hessian, jac_gamma}

#endif
