/*
 * cs_jac.h — the constraint Jacobian Φq by rows (internal).
 *
 * Every constraint row belongs to one joint and so touches at most two bodies: six
 * coordinates. Φq is kept as those six values per row beside their global columns, so every
 * product with it costs O(m) whatever the mechanism's size (a dense m × n Φq is 4.8 GB for a
 * 10,000-body chain). Dense consumers (IDAS's Jacobian, the SVD diagnostics) scatter it.
 */
#ifndef CS_JAC_H
#define CS_JAC_H

#include "cs_acc.h"
#include "cs_model.h"

enum { CS_JAC_WIDTH = 6 };

typedef struct cs_jac {
  int m, n;    /* rows, coordinates */
  int *col;    /* m × 6: the global column of each entry, −1 for a ground body's */
  double *val; /* m × 6: ∂Φ_r/∂(q_body1, q_body2) */
} cs_jac;

/* The model's pattern, values zero. Returns 0, or −1 when out of memory (J left empty). */
int cs_jac_init(cs_jac *J, const cs_model *m);
void cs_jac_free(cs_jac *J);

/* y = Φq x (m). */
void cs_jac_mul(const cs_jac *J, const double *x, double *y);
/* out += s Φqᵀ w (n). */
void cs_jac_tmul_add(const cs_jac *J, const double *w, double s, double *out);
/* A(i, j) += Φq(i, j) (m × n) when A is not NULL, and At(j, i) += Φq(i, j) when At is not
 * NULL: both blocks of an augmented or IDAS matrix in one pass. Slot 6 r + c: row r's entry c
 * (col[6 r + c]). */
void cs_jac_scatter(const cs_jac *J, const cs_acc *A, const cs_acc *At);

#endif
