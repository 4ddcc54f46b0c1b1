/* constraint_rows.c — the Hessians of the three row shapes (constraint_rows.h). */
#include "constraint_rows.h"

#include <string.h>

void cs_rows_coincident_hessian(const double s1[2], const double s2[2], const cs_frame *f1,
                                const cs_frame *f2, int row, double H[36])
{
  double a1[2], a2[2];
  cs_frame_rot(f1, s1, a1);
  cs_frame_rot(f2, s2, a2);
  memset(H, 0, 36 * sizeof *H);
  H[6 * 2 + 2] = -a1[row];
  H[6 * 5 + 5] = a2[row];
}

void cs_row_along_hessian(const double u[2], const double s1[2], const double s2[2],
                          const cs_frame *f1, const cs_frame *f2, double H[36])
{
  (void)s1; /* −uᵀ s1 is constant */
  double a[2], b[2], w[2], a2[2], b2[2];
  cs_row_along_parts(u, s2, f1, f2, a, b, w, a2);
  b2[0] = -a2[1], b2[1] = a2[0];
  memset(H, 0, 36 * sizeof *H);
  H[6 * 2 + 2] = -(a[0] * w[0] + a[1] * w[1]);
  H[6 * 2 + 0] = H[6 * 0 + 2] = -b[0];
  H[6 * 2 + 1] = H[6 * 1 + 2] = -b[1];
  H[6 * 2 + 3] = H[6 * 3 + 2] = b[0];
  H[6 * 2 + 4] = H[6 * 4 + 2] = b[1];
  H[6 * 2 + 5] = H[6 * 5 + 2] = b[0] * b2[0] + b[1] * b2[1];
  H[6 * 5 + 5] = -(a[0] * a2[0] + a[1] * a2[1]);
}
