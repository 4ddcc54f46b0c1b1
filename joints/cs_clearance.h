/*
 * cs_clearance.h — geometry of clearance joints (internal).
 *
 * Every kind is a gap function δ = g(p) of one vector: p, the pin centre expressed in the
 * frame of the body carrying the hole (body[0]). The kinematics of p(q) over the two bodies'
 * coordinates q = (x0 y0 θ0 x1 y1 θ1) is shared; each kind only says, for a given p, which
 * region is active and g, ∂g/∂p, ∂²g/∂p² there. Each region's g is a signed distance
 * (|∂g/∂p| = 1), so the contact normal is ∂g/∂p and the contact point on the pin is
 * p + R_pin ∂g/∂p. Regions meet continuously: δ is continuous in p.
 */
#ifndef CS_CLEARANCE_H
#define CS_CLEARANCE_H

#include "cs_model.h"

typedef struct cs_gap {
  int region;
  double delta;      /* penetration (> 0 in contact), m */
  double grad[2];    /* ∂δ/∂p: unit normal, body[0] frame, pointing from the pin into the wall */
  double hess[4];    /* ∂²δ/∂p², row-major */
} cs_gap;

/* The region names of a kind ("bearing"; "track", "cap"; "inner", "outer", "cap"). */
const char *cs_clearance_region_name(cs_clearance_kind kind, int region);
int cs_clearance_region_count(cs_clearance_kind kind);
const char *cs_clearance_kind_name(cs_clearance_kind kind);

/* δ and its p-derivatives for the pin centre p (body[0] frame). */
void cs_clearance_gap(const cs_clearance *c, const double p[2], cs_gap *gap);

/* p(q) = A0ᵀ(r1 + A1 s1 − r0) with its Jacobian Jp (2 × 6, row-major) and, when H is non-NULL,
 * its second derivatives H[k] (6 × 6 row-major) for k = 0, 1. */
void cs_clearance_pin(const cs_clearance *c, const double q0[3], const double q1[3], double p[2],
                      double Jp[12], double H[2][36]);

/* The contact geometry a law sees in each region (radii, internal or external, materials,
 * masses): filled once from the joint's dimensions. */
void cs_clearance_prepare(cs_clearance *c, double mass0, double mass1);

#endif
