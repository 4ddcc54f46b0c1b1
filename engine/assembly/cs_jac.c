/* cs_jac.c — the constraint Jacobian by rows (cs_jac.h). */
#include "cs_jac.h"

#include <stdlib.h>

int cs_jac_init(cs_jac *J, const cs_model *m)
{
  J->m = m->nrow, J->n = m->ncoord;
  J->col = malloc(((size_t)J->m * CS_JAC_WIDTH + 1) * sizeof *J->col);
  J->val = calloc((size_t)J->m * CS_JAC_WIDTH + 1, sizeof *J->val);
  if (!J->col || !J->val) {
    cs_jac_free(J);
    return -1;
  }
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    for (int r = j->row0; r < j->row0 + j->nrows; r++)
      for (int c = 0; c < CS_JAC_WIDTH; c++) {
        const cs_body *b = &m->bodies[j->body[c / 3]];
        J->col[CS_JAC_WIDTH * r + c] = b->ground ? -1 : b->coord + c % 3;
      }
  }
  return 0;
}

void cs_jac_free(cs_jac *J)
{
  free(J->col);
  free(J->val);
  J->col = NULL, J->val = NULL;
}

void cs_jac_mul(const cs_jac *J, const double *x, double *y)
{
  for (int r = 0; r < J->m; r++) {
    const int *col = J->col + CS_JAC_WIDTH * r;
    const double *val = J->val + CS_JAC_WIDTH * r;
    double sum = 0.0;
    for (int c = 0; c < CS_JAC_WIDTH; c++)
      if (col[c] >= 0)
        sum += val[c] * x[col[c]];
    y[r] = sum;
  }
}

void cs_jac_tmul_add(const cs_jac *J, const double *w, double s, double *out)
{
  for (int r = 0; r < J->m; r++) {
    const int *col = J->col + CS_JAC_WIDTH * r;
    const double *val = J->val + CS_JAC_WIDTH * r;
    double wr = s * w[r];
    for (int c = 0; c < CS_JAC_WIDTH; c++)
      if (col[c] >= 0)
        out[col[c]] += val[c] * wr;
  }
}

void cs_jac_scatter(const cs_jac *J, const cs_acc *A, const cs_acc *At)
{
  for (int r = 0; r < J->m; r++)
    for (int c = 0; c < CS_JAC_WIDTH; c++) {
      int g = J->col[CS_JAC_WIDTH * r + c];
      double d = J->val[CS_JAC_WIDTH * r + c];
      if (g < 0)
        continue;
      if (A)
        cs_acc_add(A, r, g, CS_JAC_WIDTH * r + c, d);
      if (At)
        cs_acc_add(At, g, r, CS_JAC_WIDTH * r + c, d);
    }
}
