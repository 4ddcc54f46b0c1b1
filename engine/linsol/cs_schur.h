/*
 * cs_schur.h — the Schur complement S = Φq W Φqᵀ and its sparse LDLᵀ (internal).
 *
 * Every solve with the constraints goes through S, W a positive (or zero) diagonal metric:
 *   accelerations   (Φq M⁻¹ Φqᵀ) λ = Φq M⁻¹ Q − γ,   a = M⁻¹ (Q − Φqᵀ λ)
 *   projections     x += W Φqᵀ z,  (Φq W Φqᵀ) z = b   (mass-orthogonal, minimum-norm)
 *   assembly        the same with W = 1 on the coordinates it may move.
 * Two rows couple in S only when they share a body, so S has the sparsity of the joint graph.
 * Its rows are ordered by reverse Cuthill–McKee once, at creation, and S is factored in its
 * envelope (profile) as L D Lᵀ, L unit lower: Cholesky without its square roots, one division
 * a row (each row's pivot waits for the rows before it, so the divisions and square roots of
 * L Lᵀ were a serial chain: a quarter of the projected formulation's time on the clearance
 * slider-crank, measured by perf). Cost and storage O(m·b²) for the envelope's width b,
 * linear in the number of bodies for chains and trees (measured: tools/bench/chain, tools/bench/README.md).
 *
 * No pivoting, so the order is fixed. A row whose pivot (what is left of its diagonal after
 * the rows before it: the squared sine of its angle to their span, as a share of the diagonal)
 * is DEPENDENT or less is a redundant row: it is dropped (its λ is 0). With `damp`, a pivot at
 * or below DAMP is regularised (cs_schur.c): what integration needs through singular positions.
 * Exact solves call without damping and check cs_schur_min_ratio: a rank-deficient S leaves λ
 * non-unique, and the callers then ask the dense SVD for the minimum-norm one.
 */
#ifndef CS_SCHUR_H
#define CS_SCHUR_H

#include "cs_jac.h"

typedef struct cs_schur cs_schur;

/* Pattern, ordering and work space for J's rows; NULL when out of memory. With `pin`, a body
 * that three rows of its own fix (a crank on a ground revolute and an angle driver) is taken
 * out of S: cs_schur_accelerations solves its rows apart, exactly, and S holds the other rows
 * only, so factor, solve and correct then see those alone (accelerations are all such an S is
 * for). */
cs_schur *cs_schur_create(const cs_jac *J, int pin);
void cs_schur_free(cs_schur *S);

/* Factor Φq W Φqᵀ at J's values; W has n entries. Returns the rank found (rows not dropped). */
int cs_schur_factor(cs_schur *S, const cs_jac *J, const double *W, int damp);
/* The smallest pivot ratio of the last factorization (0 when a row was dropped). */
double cs_schur_min_ratio(const cs_schur *S);
/* x = S⁻¹ b (m entries; dropped rows get 0). x may be b. */
void cs_schur_solve(cs_schur *S, const double *b, double *x);
/* x += W Φqᵀ z with S z = b: the W-orthogonal correction that changes Φq x by b. */
void cs_schur_correct(cs_schur *S, const cs_jac *J, const double *W, const double *b, double *x);

/* Accelerations a (n) and multipliers λ (m) of M a + Φqᵀλ = Q, Φq a = γ, Minv = M⁻¹
 * diagonal: factors with `damp` and returns the rank found. */
int cs_schur_accelerations(cs_schur *S, const cs_jac *J, const double *Minv, const double *Q,
                           const double *gamma, int damp, double *a, double *lambda);

#endif
