/*
 * cs_joints.h — ideal joints and drivers as constraint rows (internal).
 *
 * Each kind fills, for its rows and the frames f1, f2 of its two bodies (pose and rotation,
 * cs_planar.h; a ground body's pose is its fixed one), Φ, the 6 Jacobian columns
 * (x1 y1 θ1 x2 y2 θ2), Φt, Φtt and the curvature uᵀ(∂²Φ/∂q²)u along the bodies' velocities
 * u = (v1, v2), from which the engine derives γ; and
 * for one row the 6×6 Hessian ∂²Φ/∂q², for (Φqᵀλ)_q and (Φq v)_q in IDAS's Jacobian. The
 * curvature comes with the rows, not from the Hessian, because the index-1 right-hand side needs
 * γ at every evaluation: from the Hessians it cost each body's rotation four times over and a
 * 6×6 quadratic form per row (callgrind: 60 % of the projected formulation's right-hand side on
 * a 100-bar chain). Time enters the
 * rows only additively (drivers −f(t)), so Φqt = 0 for every kind: the engine relies on that.
 */
#ifndef CS_JOINTS_H
#define CS_JOINTS_H

#include "cs_planar.h"

#include <string.h>

/* f(t) = initial + velocity t + ½ acceleration t² + amplitude sin(frequency t + phase) */
typedef struct cs_motion {
  double initial, velocity, acceleration, amplitude, frequency, phase;
} cs_motion;

typedef enum cs_joint_kind {
  CS_JOINT_REVOLUTE = 0,    /* point1 on body1 = point2 on body2: 2 rows */
  CS_JOINT_PRISMATIC,       /* relative angle fixed, point2 on body1's axis line: 2 rows */
  CS_JOINT_FIXED,           /* revolute + relative angle fixed: 3 rows */
  CS_DRIVER_ANGLE,          /* θ2 − θ1 = f(t): 1 row */
  CS_DRIVER_TRANSLATION,    /* axis1ᵀ (P2 − P1) = f(t): 1 row */
  CS_JOINT_KIND_COUNT
} cs_joint_kind;

/* An ideal joint or a driver: constraint rows between body[0] and body[1] (either may be a
 * ground body). */
typedef struct cs_joint {
  char *name;
  cs_joint_kind kind;
  int body[2];
  double point[2][2]; /* joint point in each body's frame, m */
  double axis[2];     /* unit axis in body[0]'s frame (prismatic, translation driver) */
  double angle;       /* θ2 − θ1 held by prismatic and fixed joints, rad */
  cs_motion motion;   /* drivers */
  int row0, nrows;    /* this joint's rows in Φ */
} cs_joint;

typedef struct cs_constraint_ops {
  /* phi[r], jac[6 r + c], phit[r], phitt[r], curv[r] for r < rows; any output may be NULL
   * (v1 and v2 only read for curv). */
  void (*eval)(const cs_joint *joint, const cs_frame *f1, const cs_frame *f2, const double v1[3],
               const double v2[3], double t, double *phi, double *jac, double *phit,
               double *phitt, double *curv);
  /* H[6 a + b] = ∂²Φ_row/∂q_a∂q_b (symmetric). */
  void (*hessian)(const cs_joint *joint, const cs_frame *f1, const cs_frame *f2, int row,
                  double H[36]);
  /* jac (may be NULL) and gamma[r] = −curv[r] − phitt[r]: eval's outputs at every evaluation of
   * the projected formulation, made from eval by CS_CONSTRAINT_OPS (constraint_rows.h). */
  void (*jac_gamma)(const cs_joint *joint, const cs_frame *f1, const cs_frame *f2,
                    const double v1[3], const double v2[3], double t, double *jac,
                    double *gamma);
} cs_constraint_ops;

/* The kinds' table (cs_joints.c): name, row count, driver or not, each row's label (names
 * /constraints/names after the joint's name), ops. */
int cs_joint_rows(cs_joint_kind kind);
const char *cs_joint_kind_name(cs_joint_kind kind);
int cs_joint_is_driver(const cs_joint *joint);
const char *cs_joint_row_label(cs_joint_kind kind, int row);
const cs_constraint_ops *cs_constraint_ops_of(cs_joint_kind kind);

/* f(t), f'(t), f''(t) of a driver's motion law. */
void cs_motion_eval(const cs_motion *m, double t, double f[3]);

/* Φt = Φtt = 0 for the n rows of a joint that does not depend on time (either may be NULL). */
static inline void cs_rows_scleronomic(double *phit, double *phitt, int n)
{
  /* inline: each kind's n is a constant, so no call to memset at every evaluation */
  if (phit)
    memset(phit, 0, (size_t)n * sizeof *phit);
  if (phitt)
    memset(phitt, 0, (size_t)n * sizeof *phitt);
}

#endif
