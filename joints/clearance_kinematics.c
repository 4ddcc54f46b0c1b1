/* clearance_kinematics.c — the pin centre in the hole body's frame, and its derivatives. */
#include "cs_clearance.h"
#include "cs_planar.h"

#include <string.h>

/* Aᵀ(θ) w and its θ-derivative (dAᵀ/dθ) w. */
static void rotT(double th, const double w[2], double out[2])
{
  double c = cos(th), s = sin(th);
  out[0] = c * w[0] + s * w[1];
  out[1] = -s * w[0] + c * w[1];
}

static void drotT(double th, const double w[2], double out[2])
{
  double c = cos(th), s = sin(th);
  out[0] = -s * w[0] + c * w[1];
  out[1] = -c * w[0] - s * w[1];
}

void cs_clearance_pin(const cs_clearance *c, const double q0[3], const double q1[3], double p[2],
                      double Jp[12], double H[2][36])
{
  cs_clearance_point(c, c->point[1], q0, q1, p, Jp, H);
}

void cs_clearance_point(const cs_clearance *c, const double s1[2], const double q0[3],
                        const double q1[3], double p[2], double Jp[12], double H[2][36])
{
  (void)c;
  double w[2], b1[2], a1[2];
  cs_point(q1, s1, w); /* r1 + A1 s1 */
  w[0] -= q0[0];
  w[1] -= q0[1];
  rotT(q0[2], w, p);
  if (!Jp)
    return;
  double ex[2] = {1, 0}, ey[2] = {0, 1}, cx[2], cy[2], dw[2], db[2];
  rotT(q0[2], ex, cx); /* columns of A0ᵀ */
  rotT(q0[2], ey, cy);
  drotT(q0[2], w, dw);
  cs_drot(q1[2], s1, b1); /* B1 s1 */
  rotT(q0[2], b1, db);
  for (int k = 0; k < 2; k++) {
    double *row = Jp + 6 * k;
    row[0] = -cx[k];
    row[1] = -cy[k];
    row[2] = dw[k];
    row[3] = cx[k];
    row[4] = cy[k];
    row[5] = db[k];
  }
  if (!H)
    return;
  /* second derivatives: θ0 with everything, θ1 with itself */
  double dcx[2], dcy[2], ddb[2];
  drotT(q0[2], ex, dcx);
  drotT(q0[2], ey, dcy);
  drotT(q0[2], b1, ddb);
  cs_rot(q1[2], s1, a1);
  double aa[2];
  rotT(q0[2], a1, aa);
  for (int k = 0; k < 2; k++) {
    double *h = H[k];
    memset(h, 0, 36 * sizeof *h);
    h[6 * 2 + 2] = -p[k];                 /* (Aᵀ)'' w = −Aᵀ w */
    h[6 * 2 + 0] = h[6 * 0 + 2] = -dcx[k];
    h[6 * 2 + 1] = h[6 * 1 + 2] = -dcy[k];
    h[6 * 2 + 3] = h[6 * 3 + 2] = dcx[k];
    h[6 * 2 + 4] = h[6 * 4 + 2] = dcy[k];
    h[6 * 2 + 5] = h[6 * 5 + 2] = ddb[k];
    h[6 * 5 + 5] = -aa[k];                /* A0ᵀ (B1 s1)' = −A0ᵀ A1 s1 */
  }
}
