/* cs_consistent.h — consistent states (internal): positions on Φ = 0, velocities on
 * Φq v = −Φt, and accelerations with multipliers from the augmented system
 *   [M  Φqᵀ] [a]   [Q]
 *   [Φq  0 ] [λ] = [γ].
 * Used to assemble initial conditions and to report a and λ at output instants. */
#ifndef CS_CONSISTENT_H
#define CS_CONSISTENT_H

#include "cs_jac.h"
#include "cs_model.h"

/* Work space for a model's consistent states: its constraint Jacobian by rows and the sparse
 * Schur complement (cs_schur.h), which answers whenever it is full rank; the dense SVD answers
 * the rank-deficient cases (redundant rows, singular positions) with minimum-norm solutions.
 * NULL when out of memory. */
typedef struct cs_consistent cs_consistent;
cs_consistent *cs_consistent_create(const cs_model *m);
void cs_consistent_free(cs_consistent *c);

/* Newton on Φ(q, t) = 0 with minimum-norm corrections of the coordinates not locked (a
 * coordinate a driver row depends on is never locked: the driver wins). Redundant rows are
 * fine if they agree. Fails with CS_ERR_ASSEMBLY naming the joint whose rows stay open. */
cs_status cs_assemble_positions(cs_consistent *c, double t, double *q, cs_error *err);
/* Minimum-norm correction of the unlocked velocities onto Φq v = −Φt; fails with
 * CS_ERR_ASSEMBLY naming the joint or driver whose row it cannot satisfy. */
cs_status cs_assemble_velocities(cs_consistent *c, const double *q, double t, double *v,
                                 cs_error *err);
/* The initial state: positions, then velocities, each assembled as above on the model's rows
 * and on the rows of the ideal joints its clearance joints stand for where their start asks
 * (cs_clearance_start: centred positions, ideal velocities), which hold at t0 only. */
cs_status cs_assemble_start(cs_consistent *c, double t, double *q, double *v, cs_error *err);
/* a (n) and λ (m) from the augmented system, for the generalized forces Q (n) at (q, v, t).
 * With redundant rows or at a singular position, a is still the unique solution and λ the
 * minimum-norm multipliers; fails only when a is not unique (a zero-inertia body). */
cs_status cs_solve_accelerations(cs_consistent *c, const double *q, const double *v, double t,
                                 const double *Q, double *a, double *lambda, cs_error *err);
/* Φq at the q of the last cs_solve_accelerations (whichever way it solved). */
const cs_jac *cs_consistent_jacobian(const cs_consistent *c);
/* The rank of Φq at (q, t): every row when the Schur complement says so, else the SVD's
 * (cs_constraint_rank), so a large mechanism never pays for a dense SVD when it is regular. */
int cs_consistent_rank(cs_consistent *c, const double *q, double t);

#endif
