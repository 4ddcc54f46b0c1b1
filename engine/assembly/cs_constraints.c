/* cs_constraints.c — Φ and its derivatives, assembled from the joints' rows. */
#include "cs_assembly.h"
#include "cs_joints.h"

#include <string.h>

/* Global coordinate index of a joint's local column c (0…5), −1 for a ground body. */
static int column(const cs_model *m, const cs_joint *j, int c)
{
  const cs_body *b = &m->bodies[j->body[c / 3]];
  return b->ground ? -1 : b->coord + c % 3;
}

void cs_frames(const cs_model *m, const double *q, cs_frame *f)
{
  for (int b = 0; b < m->nbody; b++)
    f[b] = cs_frame_of(cs_body_pose(m, q, b));
}

/* Joint j's bodies' frames at q, for the passes that are not given them. */
static void joint_frames(const cs_model *m, const double *q, const cs_joint *j, cs_frame f[2])
{
  f[0] = cs_frame_of(cs_body_pose(m, q, j->body[0]));
  f[1] = cs_frame_of(cs_body_pose(m, q, j->body[1]));
}

int cs_row_joint(const cs_model *m, int r)
{
  for (int k = 0; k < m->njoint; k++)
    if (r < m->joints[k].row0 + m->joints[k].nrows)
      return k;
  return -1;
}

void cs_constraints(const cs_model *m, const double *q, double t, double *phi, cs_jac *J,
                    double *phit, double *phitt)
{
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    cs_frame f[2];
    joint_frames(m, q, j, f);
    cs_constraint_ops_of(j->kind)->eval(
        j, &f[0], &f[1], NULL, NULL, t,
        phi ? phi + j->row0 : NULL, J ? J->val + CS_JAC_WIDTH * j->row0 : NULL,
        phit ? phit + j->row0 : NULL, phitt ? phitt + j->row0 : NULL, NULL);
  }
}

/* ∂²Φ_r/∂q² of joint j's row r, over its local coordinates (q1, q2), at its frames f. */
static void row_hessian(const cs_joint *j, const cs_frame f[2], int r, double H[36])
{
  cs_constraint_ops_of(j->kind)->hessian(j, &f[0], &f[1], r, H);
}

/* The joint's local velocity vector (v1, v2). */
static void local_rates(const cs_model *m, const cs_joint *j, const double *v, double u[6])
{
  memcpy(u, cs_body_rate(m, v, j->body[0]), 3 * sizeof *u);
  memcpy(u + 3, cs_body_rate(m, v, j->body[1]), 3 * sizeof *u);
}

void cs_constraints_add_hessian(const cs_model *m, const double *q, const double *w, double s,
                                const cs_acc *A)
{
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    cs_frame f[2];
    joint_frames(m, q, j, f);
    for (int r = 0; r < j->nrows; r++) {
      double H[36], wr = s * w[j->row0 + r];
      if (wr == 0.0)
        continue;
      row_hessian(j, f, r, H);
      for (int a = 0; a < 6; a++) {
        int ga = column(m, j, a);
        if (ga < 0)
          continue;
        for (int b = 0; b < 6; b++) {
          int gb = column(m, j, b);
          if (gb >= 0)
            cs_acc_add(A, ga, gb, 36 * k + 6 * a + b, wr * H[6 * a + b]);
        }
      }
    }
  }
}

void cs_constraints_add_rate_jacobian(const cs_model *m, const double *q, const double *v,
                                      double s, const cs_acc *A)
{
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    double u[6];
    cs_frame f[2];
    local_rates(m, j, v, u);
    joint_frames(m, q, j, f);
    for (int r = 0; r < j->nrows; r++) {
      double H[36];
      row_hessian(j, f, r, H);
      for (int b = 0; b < 6; b++) {
        int gb = column(m, j, b);
        if (gb < 0)
          continue;
        double hv = 0.0;
        for (int a = 0; a < 6; a++)
          hv += H[6 * b + a] * u[a];
        cs_acc_add(A, j->row0 + r, gb, 6 * (j->row0 + r) + b, s * hv);
      }
    }
  }
}

void cs_constraints_and_gamma(const cs_model *m, const cs_frame *frame, const double *v,
                              double t, cs_jac *J, double *gamma)
{
  /* γ = −uᵀ(∂²Φ/∂q²)u − Φtt */
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    cs_constraint_ops_of(j->kind)->jac_gamma(
        j, &frame[j->body[0]], &frame[j->body[1]], cs_body_rate(m, v, j->body[0]),
        cs_body_rate(m, v, j->body[1]), t, J ? J->val + CS_JAC_WIDTH * j->row0 : NULL,
        gamma + j->row0);
  }
}
