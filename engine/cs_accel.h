/*
 * cs_accel.h — accelerations of the index-1 system by its Schur complement (internal):
 *
 *   M a + Φqᵀλ = Q,  Φq a = γ   ⇒   (Φq M⁻¹ Φqᵀ) λ = Φq M⁻¹ Q − γ,  a = M⁻¹ (Q − Φqᵀλ)
 *
 * with M diagonal and positive. The m × m complement is factored by Cholesky with diagonal
 * pivoting; pivots a singular position or a redundant row make small are damped (cs_accel.c),
 * so λ stays bounded there (a regularised, not minimum-norm, solution: cs_solve_accelerations
 * reports the minimum-norm λ at output instants).
 *
 * Why not cs_solve_accelerations: it factors the (n + m)² augmented matrix with a rank check
 * and allocates per call, fine at output instants but 4 µs of every right-hand side of the
 * projected formulation; this is a factor of m³/3 with no allocation.
 */
#ifndef CS_ACCEL_H
#define CS_ACCEL_H

typedef struct cs_accel cs_accel;

/* Work space for n coordinates and m rows; NULL when out of memory. */
cs_accel *cs_accel_create(int n, int m);
void cs_accel_free(cs_accel *acc);
/* a (n) and λ (m) for Φq (m × n, column-major, leading dimension m), the diagonal M⁻¹ (n),
 * Q (n) and γ (m). Returns the rank found (m when no row is dependent). */
int cs_accel_solve(cs_accel *acc, const double *Phiq, const double *Minv, const double *Q,
                   const double *gamma, double *a, double *lambda);

#endif
