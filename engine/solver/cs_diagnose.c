/* cs_diagnose.c — an integration failure explained by the mechanism's own terms. */
#include "cs_diagnose.h"
#include "cs_assembly.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A direction the constraints had at the start is lost (a singular position) when its singular
 * value, relative to the largest, falls below this share of what it was at the start. Relative
 * to the start because short links make a healthy Φq's spread small (Andrews' squeezer starts
 * at 0.0028 unscaled, its crank 7 mm long); the parallelograms' GGL failures come at 0.00066
 * (from 0.17 at the start) and 0.0003 (from 0.068, the chain). */
static const double SINGULAR = 1e-2;

/* Singular values of Φq (descending) into sv, and the left singular vectors into U (m × m);
 * returns the count, or −1. The angle columns are divided by `length` (their entries are lever
 * arms, in metres), so that a mechanism's size does not make its spread. */
static int singular_values(const cs_model *m, const double *q, double t, double length,
                           double *sv, double *U)
{
  int rows = m->nrow, n = m->ncoord, k = rows < n ? rows : n;
  double *A = calloc((size_t)rows * n + 1, sizeof *A), *super = malloc((size_t)(k + 1) * sizeof *super);
  cs_jac J = {0};
  int ok = A && super && !cs_jac_init(&J, m);
  if (ok) {
    cs_constraints(m, q, t, NULL, &J, NULL, NULL);
    cs_jac_scatter(&J, &(cs_acc){.dense = A, .ld = rows}, NULL);
    for (int c = 2; c < n; c += 3)
      for (int r = 0; r < rows; r++)
        A[r + (size_t)c * rows] /= length;
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
  if (sv && k > 0 && singular_values(m, q, t, 1.0, sv, NULL) == k)
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

/* σ_rank / σ_1 of the scaled Φq at (q, t) into *ratio, and its left singular vectors into U
 * (or NULL); 0 on success. */
static int spread(const cs_model *m, const double *q, double t, double length, int rank,
                  double *ratio, double *U)
{
  int k = m->nrow < m->ncoord ? m->nrow : m->ncoord;
  double *sv = malloc((size_t)k * sizeof *sv);
  int ok = sv && singular_values(m, q, t, length, sv, U) == k && sv[0] > 0.0;
  if (ok)
    *ratio = sv[rank - 1] / sv[0];
  free(sv);
  return ok ? 0 : -1;
}

/* At a singular position: a sentence, or 0 if not singular. */
static size_t singular_position(const cs_model *m, const double *q, double t,
                                const cs_diagnose_start *start, char *out, size_t size)
{
  int k = m->nrow < m->ncoord ? m->nrow : m->ncoord, rank0 = start->rank;
  if (rank0 <= 0 || rank0 > k)
    return 0;
  double *U = malloc((size_t)m->nrow * m->nrow * sizeof *U), now, then;
  size_t len = 0;
  if (U && !spread(m, q, t, start->length, rank0, &now, U) &&
      !spread(m, start->q, start->t, start->length, rank0, &then, NULL) &&
      now < SINGULAR * then) {
    len = (size_t)snprintf(out, size, "the mechanism is at a singular position: the "
                           "constraints of joints ");
    len += name_rows(m, U + (size_t)(rank0 - 1) * m->nrow, out + len, size - len);
    len += (size_t)snprintf(out + len, size - len,
                            " lose a direction they had at the start (its singular value is "
                            "%.2g of the largest, %.2g at the start); there the rigid joints' "
                            "reactions grow without bound", now, then);
  }
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

size_t cs_diagnose_forces(const cs_model *m, const double *Q, const double *M, char *out,
                          size_t size)
{
  for (int b = 0; b < m->nbody; b++)
    for (int c = 0; !m->bodies[b].ground && c < 3; c++) {
      const int i = m->bodies[b].coord + c;
      if (isfinite(Q[i]) && (M[i] == 0.0 || isfinite(Q[i] / M[i])))
        continue; /* (a massless coordinate's acceleration is its constraints') */
      char what[160];
      unknown_name(m, i, what, sizeof what);
      return (size_t)snprintf(out, size, "the forces on %s give it no finite acceleration "
                              "(%.3g %s on %.3g %s): an applied force or torque too large for "
                              "the body it moves", what, Q[i], c == 2 ? "N·m" : "N", M[i],
                              c == 2 ? "kg·m²" : "kg");
    }
  return 0;
}

void cs_diagnose(const cs_model *m, const double *q, double t, const cs_diagnose_start *start,
                 const double *weighted, int N, const int *contact, char *out, size_t size)
{
  size_t len = singular_position(m, q, t, start, out, size);
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
