/*
 * cs_ida_pattern.h — the sparsity pattern of the IDAS iteration matrix (GGL and index 3) and
 * where each Jacobian writer's entries sit in it (internal).
 *
 * y = (q, v, λ[, μ], z): n coordinates, n velocities, m multipliers (and m more for GGL), nz
 * internal states. The pattern is built once from the model's graph: the identity and mass
 * diagonals, each force element's, clearance pin's and joint's body pair (6 × 6 blocks, ground
 * columns left out), Φq's rows (cs_jac) and their transposes, and the pins' states. Every
 * entry a writer may touch (cs_acc.h) gets its position in the CSC values here, so a Jacobian
 * evaluation writes each value with one indexed add. The tables below are indexed by the
 * writers' slots; unused slots (a ground body's) hold −1.
 */
#ifndef CS_IDA_PATTERN_H
#define CS_IDA_PATTERN_H

#include "cs_clearances.h"
#include "cs_model.h"

#include <sundials/sundials_types.h>

typedef struct cs_ida_pattern {
  int N, nnz;            /* order and entries of the CSC matrix */
  sunindextype *colptr, *rowidx; /* N + 1 and nnz, rows sorted within each column */
  int *qq_diag;          /* n: (q_i, q_i), for cj (∂(q' − v)/∂q') */
  int *qv_diag;          /* n: (q_i, v_i), for −1 */
  int *vv_diag;          /* n: (v_i, v_i), for cj M_i */
  int *zz_diag;          /* nz: (z_i, z_i), for cj */
  int *force_vq, *force_vv; /* 36 per force element: ∂Q/∂q, ∂Q/∂v (cs_forces) */
  int *pin_vq, *pin_vv;     /* 36 per clearance pin (cs_clearances_forces) */
  int *hess_vq, *hess_qq;   /* 36 per joint: ∂(Φqᵀλ)/∂q in the v rows, ∂(Φqᵀμ)/∂q in the q
                               rows (GGL; NULL for index 3) */
  int *phi_lq, *phi_vl;     /* 6 per row: Φq in the λ rows, Φqᵀ in the λ columns */
  int *phi_mv, *phi_qm, *rate_mq; /* GGL, 6 per row: Φq in the μ rows (v columns), Φqᵀ in
                                     the μ columns, ∂(Φq v)/∂q in the μ rows */
  int *z_q, *z_v, *v_z;     /* 6 per pin: ∂f/∂q, ∂f/∂v (its z row), ∂Q/∂z (its z column) */
  int *z_z;                 /* 1 per pin: ∂f/∂z */
} cs_ida_pattern;

/* The pattern of model m with its clearance pins c (may be NULL), for GGL (ggl != 0: y also
 * holds μ) or index 3. Returns 0, or −1 when out of memory (p left empty). */
int cs_ida_pattern_init(cs_ida_pattern *p, const cs_model *m, const cs_clearances *c, int ggl);
void cs_ida_pattern_free(cs_ida_pattern *p);

#endif
