/*
 * cs_diagnose.h — why an integration failed, in the user's terms (internal).
 *
 * IDAS says "the error test failed repeatedly" or "the corrector convergence failed"; a user
 * needs to know which part of the mechanism did it. Looked at, in order, at the state where
 * IDAS stopped:
 *   - a force the bodies cannot take: an applied force or torque (Q) that gives a coordinate
 *     a non-finite acceleration Q/M (a torque of 1e308 N·m, which the integrators only see as
 *     a right-hand side they cannot evaluate);
 *   - a singular position: the constraint Jacobian lost rank it had at the start, its smallest
 *     singular value fallen far below what it was there (the joints whose rows span the lost
 *     direction are named);
 *   - the unknown with the largest weighted local error (a body and its coordinate, or a
 *     multiplier and its joint), and the clearance joints then in contact.
 */
#ifndef CS_DIAGNOSE_H
#define CS_DIAGNOSE_H

#include "cs_model.h"

/* Numerical rank of Φq at (q, t) (singular values above 1e-9 of the largest). */
int cs_constraint_rank(const cs_model *m, const double *q, double t);

/* The start a singular position is judged against: Φq's rank there (cs_constraint_rank), the
 * state (q, t), and the mechanism's length scale, by which Φq's angle columns are divided. */
typedef struct cs_diagnose_start {
  int rank;
  const double *q;
  double t, length;
} cs_diagnose_start;

/* A sentence on the failure at (q, t). weighted: the local error of each of the N unknowns
 * y = (q, v, λ, …) times its error weight, or NULL. contact: per clearance joint, whether it is
 * in contact (or NULL). */
void cs_diagnose(const cs_model *m, const double *q, double t, const cs_diagnose_start *start,
                 const double *weighted, int N, const int *contact, char *out, size_t size);
/* The sentence on a coordinate whose generalized force Q (n entries) is not finite, or over
 * its mass M (> 0) is not, written into out; its length, or 0 when none is. */
size_t cs_diagnose_forces(const cs_model *m, const double *Q, const double *M, char *out,
                          size_t size);

#endif
