/*
 * cs_assembly.h — the DAE's pieces for the whole mechanism (internal): Φ, Φq, Φt, γ, the
 * constraint second-derivative terms, the generalized forces Q with ∂Q/∂q and ∂Q/∂v, and the
 * energy terms. Matrices are written through accumulators (cs_acc.h): a block of IDA's dense
 * Jacobian, or the sparse one's values; the slots are given with each writer.
 */
#ifndef CS_ASSEMBLY_H
#define CS_ASSEMBLY_H

#include "cs_acc.h"
#include "cs_jac.h"
#include "cs_model.h"
#include "cs_planar.h"

/* Pose of body b: q + coord for a moving body, its fixed pose for a ground body (inline: every
 * joint asks twice per evaluation). */
static inline const double *cs_body_pose(const cs_model *m, const double *q, int b)
{
  const cs_body *body = &m->bodies[b];
  return body->ground ? body->q0 : q + body->coord;
}

/* Its velocity: v + coord, or zeros. */
static inline const double *cs_body_rate(const cs_model *m, const double *v, int b)
{
  static const double zero3[3] = {0, 0, 0};
  const cs_body *body = &m->bodies[b];
  return body->ground ? zero3 : v + body->coord;
}

/* Every body's frame at q (m->nbody entries; a ground body's at its fixed pose): what the
 * passes over one state share, so that each body's rotation is computed once. */
void cs_frames(const cs_model *m, const double *q, cs_frame *f);

/* Φ (m), Φq (by rows, cs_jac.h; J from cs_jac_init), Φt, Φtt (m); any output may be NULL. */
void cs_constraints(const cs_model *m, const double *q, double t, double *phi, cs_jac *J,
                    double *phit, double *phitt);
/* A += s · Σ_r w_r ∂²Φ_r/∂q²  (n × n): the q-derivative of Φqᵀ w. Slot 36 k + 6 a + b: joint
 * k's local coordinates a, b (body1's x, y, θ, then body2's). */
void cs_constraints_add_hessian(const cs_model *m, const double *q, const double *w, double s,
                                const cs_acc *A);
/* A += s · ∂(Φq v)/∂q  (m × n). Slot 6 r + b: row r, local coordinate b of its joint. */
void cs_constraints_add_rate_jacobian(const cs_model *m, const double *q, const double *v,
                                      double s, const cs_acc *A);
/* Φq (J may be NULL) and γ = −(Φq v)_q v − Φtt, the right-hand side of Φq a = γ, in one pass
 * over the joints at the bodies' frames (cs_frames): what an index-1 right-hand side needs,
 * without evaluating the constraints twice. */
void cs_constraints_and_gamma(const cs_model *m, const cs_frame *frame, const double *v,
                              double t, cs_jac *J, double *gamma);
/* The joint owning constraint row r. */
int cs_row_joint(const cs_model *m, int r);

/* How many bodies force element e acts on (1 or 2: its body[0], body[1]). */
int cs_force_bodies(const cs_force *e);
/* Diagonal of M (n). */
void cs_mass_diagonal(const cs_model *m, double *M);
/* Q (n, overwritten); Qq += s ∂Q/∂q and Qv += s ∂Q/∂v when non-NULL. Slot 36 k + 6 a + b:
 * force element k's local coordinates a, b (its first body's x, y, θ, then its second's). */
void cs_forces(const cs_model *m, const double *q, const double *v, double t, double *Q,
               const cs_acc *Qq, const cs_acc *Qv, double s);

/* Energy terms: potential of gravity and springs (J); dissipated power of dampers and
 * power of applied loads and actuators (W). */
double cs_potential_energy(const cs_model *m, const double *q);
double cs_kinetic_energy(const cs_model *m, const double *v);
void cs_force_power(const cs_model *m, const double *q, const double *v, double t,
                    double *dissipation, double *applied);

#endif
