/* clearance_kinematics.c — the pin centre in the hole body's frame, and its derivatives. */
#include "cs_clearance.h"
#include "cs_planar.h"

#include <string.h>

/* Aᵀ w and its θ-derivative (dAᵀ/dθ) w. */
static void rotT(const cs_frame *R, const double w[2], double out[2])
{
  out[0] = R->c * w[0] + R->s * w[1];
  out[1] = -R->s * w[0] + R->c * w[1];
}

static void drotT(const cs_frame *R, const double w[2], double out[2])
{
  out[0] = -R->s * w[0] + R->c * w[1];
  out[1] = -R->c * w[0] - R->s * w[1];
}

void cs_clearance_pin(const cs_clearance *c, const cs_frame *f0, const cs_frame *f1, double p[2],
                      double Jp[12], double H[2][36])
{
  cs_clearance_point(c, c->point[1], f0, f1, p, Jp, H);
}

void cs_clearance_point(const cs_clearance *c, const double s1[2], const cs_frame *R0,
                        const cs_frame *R1, double p[2], double Jp[12], double H[2][36])
{
  if (c->kind == CS_CLEARANCE_GEAR) { /* its coordinate is of the angles, not of a point */
    cs_gear_point(c, R0, R1, p, Jp, H);
    return;
  }
  const double *q0 = R0->q, *q1 = R1->q;
  double a1[2]; /* A1 s1 */
  cs_frame_rot(R1, s1, a1);
  const double b1[2] = {-a1[1], a1[0]};                                          /* B1 s1 */
  double w[2] = {q1[0] + a1[0] - q0[0], q1[1] + a1[1] - q0[1]};                  /* r1 + A1 s1 − r0 */
  rotT(R0, w, p);
  if (!Jp)
    return;
  const double cx[2] = {R0->c, -R0->s}, cy[2] = {R0->s, R0->c}; /* columns of A0ᵀ */
  double dw[2], db[2];
  drotT(R0, w, dw);
  rotT(R0, b1, db);
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
  const double dcx[2] = {-R0->s, -R0->c}, dcy[2] = {R0->c, -R0->s}; /* (dA0ᵀ/dθ) ex, ey */
  double ddb[2], aa[2];
  drotT(R0, b1, ddb);
  rotT(R0, a1, aa);
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
