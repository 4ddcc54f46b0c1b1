/* cs_diagnose.c — an integration failure explained by the mechanism's own terms. */
#include "cs_diagnose.h"
#include "cs_assembly.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Below this ratio to the largest singular value, a direction the constraints had at the start
 * is lost: the mechanism is at a singular position (measured: the parallelogram four-bar's
 * failures come at 1e-3 … 1e-5, healthy configurations stay above 0.05). */
static const double SINGULAR = 1e-2;

/* Singular values of Φq (descending) into sv, and the left singular vectors into U (m × m);
 * returns the count, or −1. */
static int singular_values(const cs_model *m, const double *q, double t, double *sv, double *U)
{
  int rows = m->nrow, n = m->ncoord, k = rows < n ? rows : n;
  double *A = calloc((size_t)rows * n + 1, sizeof *A), *super = malloc((size_t)(k + 1) * sizeof *super);
  cs_jac J = {0};
  int ok = A && super && !cs_jac_init(&J, m);
  if (ok) {
    cs_constraints(m, q, t, NULL, &J, NULL, NULL);
    cs_jac_scatter(&J, &(cs_acc){.dense = A, .ld = rows}, NULL);
    ok = LAPACKE_dgesvd(LAPACK_COL_MAJOR, U ? 'A' : 'N', 'N', rows, n, A, rows, sv, U, rows,
                        NULL, 1, super) == 0;
  }
  cs_jac_free(&J);
  free(A);
  free(super);
  return ok ? k : -1;
}

int cs_constraint_rank(const cs_model *m, const double *q, double t)
{
  int k = m->nrow < m->ncoord ? m->nrow : m->ncoord, rank = 0;
  double *sv = malloc((size_t)(k + 1) * sizeof *sv);
  if (sv && k > 0 && singular_values(m, q, t, sv, NULL) == k)
    for (int i = 0; i < k; i++)
      rank += sv[i] > 1e-9 * sv[0];
  free(sv);
  return rank;
}

/* "joint "A", joint "B"": the joints carrying most of the left singular vector u (m). */
static size_t name_rows(const cs_model *m, const double *u, char *out, size_t size)
{
  size_t len = 0;
  double big = 0.0;
  for (int r = 0; r < m->nrow; r++)
    big = fmax(big, fabs(u[r]));
  int last = -1;
  for (int r = 0; r < m->nrow && len + 1 < size; r++) {
    int j = cs_row_joint(m, r);
    if (fabs(u[r]) < 0.1 * big || j == last)
      continue;
    len += (size_t)snprintf(out + len, size - len, "%s\"%s\"", last >= 0 ? ", " : "",
                            m->joints[j].name);
    last = j;
  }
  return len;
}

/* At a singular position: a sentence, or 0 if not singular. */
static size_t singular_position(const cs_model *m, const double *q, double t, int rank0,
                                char *out, size_t size)
{
  int k = m->nrow < m->ncoord ? m->nrow : m->ncoord;
  if (rank0 <= 0 || rank0 > k)
    return 0;
  double *sv = malloc((size_t)k * sizeof *sv), *U = malloc((size_t)m->nrow * m->nrow * sizeof *U);
  size_t len = 0;
  if (sv && U && singular_values(m, q, t, sv, U) == k && sv[rank0 - 1] < SINGULAR * sv[0]) {
    len = (size_t)snprintf(out, size, "the mechanism is at a singular position: the "
                           "constraints of joints ");
    len += name_rows(m, U + (size_t)(rank0 - 1) * m->nrow, out + len, size - len);
    len += (size_t)snprintf(out + len, size - len,
                            " lose a direction they had at the start (singular value %.2g of "
                            "the largest); there the rigid joints' reactions grow without bound",
                            sv[rank0 - 1] / sv[0]);
  }
  free(sv);
  free(U);
  return len < size ? len : size - 1;
}

/* The unknown i of y = (q, v, λ, μ) in words. */
static void unknown_name(const cs_model *m, int i, char *out, size_t size)
{
  static const char *const coordinate[3] = {"x", "y", "angle"};
  int n = m->ncoord;
  if (i < 2 * n) {
    int c = i % n;
    for (int b = 0; b < m->nbody; b++)
      if (!m->bodies[b].ground && c >= m->bodies[b].coord && c < m->bodies[b].coord + 3) {
        snprintf(out, size, "the %s%s of body \"%s\"", i < n ? "" : "rate of the ",
                 coordinate[c - m->bodies[b].coord], m->bodies[b].name);
        return;
      }
  }
  int r = (i - 2 * n) % (m->nrow > 0 ? m->nrow : 1);
  snprintf(out, size, "the reaction of joint \"%s\"", m->joints[cs_row_joint(m, r)].name);
}

void cs_diagnose(const cs_model *m, const double *q, double t, int rank0, const double *weighted,
                 int N, const int *contact, char *out, size_t size)
{
  size_t len = singular_position(m, q, t, rank0, out, size);
  if (len == 0 && weighted) {
    int worst = 0;
    for (int i = 1; i < N; i++)
      if (fabs(weighted[i]) > fabs(weighted[worst]))
        worst = i;
    char what[160];
    unknown_name(m, worst, what, sizeof what);
    len = (size_t)snprintf(out, size, "the step could not be made accurate: %s changes faster "
                           "than the tolerances allow", what);
  }
  if (len == 0) /* (the integrator refused its input: out must still be a sentence) */
    len = (size_t)snprintf(out, size, "no cause in the mechanism's state (not a singular "
                           "position)");
  len = len < size ? len : size - 1;
  for (int k = 0; contact && k < m->nclearance && len + 1 < size; k++)
    if (contact[k])
      len += (size_t)snprintf(out + len, size - len, "; clearance joint \"%s\" in contact",
                              m->clearances[k].name);
}
