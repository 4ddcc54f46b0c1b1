/*
 * cs_acc.h — where a Jacobian writer adds its entries (internal): a dense column-major block,
 * or the values of a sparse (CSC) matrix at positions precomputed from the model's graph.
 *
 * Every writer (force elements, clearance pins, the constraints' second derivatives, Φq)
 * works element by element on local indices, so each entry it can touch has a fixed number,
 * its slot: 36 k + 6 a + b for element k's local (a, b), 6 r + c for constraint row r's entry
 * c, and so on (each writer's header says which). A writer names an entry twice, by its global
 * (i, j) for the dense block and by its slot for the sparse one; the sparse pattern
 * (cs_ida_pattern.h) maps every slot to its place in the values once, at setup, so writing
 * a value is one indexed add in either case, without search.
 */
#ifndef CS_ACC_H
#define CS_ACC_H

#include <stddef.h>

/* Dense: (cs_acc){.dense = A, .ld = ld}; sparse: (cs_acc){.val = values, .pos = positions}. */
typedef struct cs_acc {
  double *dense; /* dense: entry (i, j) at dense[i + j·ld]; NULL for sparse */
  int ld;
  double *val;    /* sparse: the matrix's values, */
  const int *pos; /* and the writer's slot → index into val (−1: an entry never written) */
} cs_acc;

/* A(i, j) += x, that entry being the writer's slot `slot`. */
static inline void cs_acc_add(const cs_acc *A, int i, int j, int slot, double x)
{
  if (A->dense)
    A->dense[(size_t)i + (size_t)j * (size_t)A->ld] += x;
  else
    A->val[A->pos[slot]] += x;
}

#endif
