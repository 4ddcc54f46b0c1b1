/*
 * cs_joints.h — ideal joints and drivers as constraint rows (internal).
 *
 * Each kind fills, for its rows and the poses q1, q2 of its two bodies (a ground body's pose is
 * its fixed one), Φ, the 6 Jacobian columns (x1 y1 θ1 x2 y2 θ2), Φt, Φtt and the curvature
 * uᵀ(∂²Φ/∂q²)u along the bodies' velocities u = (v1, v2), from which the engine derives γ; and
 * for one row the 6×6 Hessian ∂²Φ/∂q², for (Φqᵀλ)_q and (Φq v)_q in IDAS's Jacobian. The
 * curvature comes with the rows, not from the Hessian, because the index-1 right-hand side needs
 * γ at every evaluation: from the Hessians it cost each body's rotation four times over and a
 * 6×6 quadratic form per row (callgrind: 60 % of the projected formulation's right-hand side on
 * a 100-bar chain). Time enters the
 * rows only additively (drivers −f(t)), so Φqt = 0 for every kind: the engine relies on that.
 */
#ifndef CS_JOINTS_H
#define CS_JOINTS_H

#include "cs_model.h"

typedef struct cs_constraint_ops {
  /* phi[r], jac[6 r + c], phit[r], phitt[r], curv[r] for r < rows; any output may be NULL
   * (v1 and v2 only read for curv). */
  void (*eval)(const cs_joint *joint, const double q1[3], const double q2[3], const double v1[3],
               const double v2[3], double t, double *phi, double *jac, double *phit,
               double *phitt, double *curv);
  /* H[6 a + b] = ∂²Φ_row/∂q_a∂q_b (symmetric). */
  void (*hessian)(const cs_joint *joint, const double q1[3], const double q2[3], int row,
                  double H[36]);
} cs_constraint_ops;

const cs_constraint_ops *cs_constraint_ops_of(cs_joint_kind kind);

/* f(t), f'(t), f''(t) of a driver's motion law. */
void cs_motion_eval(const cs_motion *m, double t, double f[3]);

/* Φt = Φtt = 0 for the n rows of a joint that does not depend on time (either may be NULL). */
void cs_rows_scleronomic(double *phit, double *phitt, int n);

/* Rows shared by several kinds (one way to do each): */
/* the point-coincidence pair r1 + A1 s1 − r2 − A2 s2 (revolute, fixed) */
void cs_rows_coincident(const double s1[2], const double s2[2], const double q1[3],
                        const double q2[3], const double v1[3], const double v2[3],
                        double phi[2], double jac[12], double curv[2]);
void cs_rows_coincident_hessian(const double s1[2], const double s2[2], const double q1[3],
                                const double q2[3], int row, double H[36]);
/* the relative angle θ2 − θ1 − c (prismatic, fixed, angle driver) */
void cs_row_angle(double c, const double q1[3], const double q2[3], double *phi, double jac[6],
                  double *curv);
/* the distance along body 1's unit axis u (body frame): (A1 u)ᵀ(P2 − P1) (prismatic with the
 * axis' normal, translation driver with the axis itself) */
void cs_row_along(const double u[2], const double s1[2], const double s2[2], const double q1[3],
                  const double q2[3], const double v1[3], const double v2[3], double *phi,
                  double jac[6], double *curv);
void cs_row_along_hessian(const double u[2], const double s1[2], const double s2[2],
                          const double q1[3], const double q2[3], double H[36]);

#endif
