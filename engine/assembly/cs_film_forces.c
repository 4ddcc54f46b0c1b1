/* cs_film_forces.c — an oil film's force on the two bodies of its joint, with its Jacobian
 * blocks. The film's force f (journal, hole body's frame) depends on the journal centre
 * e = p − p_b, its rate e' = Jp u and the relative turn ω = θ1' − θ0', so with Q = Jpᵀ f:
 *   ∂Q/∂q = Σ_k f_k ∇²p_k + Jpᵀ (∂f/∂e Jp + ∂f/∂e' ∂(Jp u)/∂q),  ∂(Jp u)_k/∂q = ∇²p_k u,
 *   ∂Q/∂v = Jpᵀ (∂f/∂e' Jp + ∂f/∂ω ∂ω/∂v). */
#include "cs_film_forces.h"
#include "cs_assembly.h"
#include "cs_clearance.h"

#include <string.h>

static int column(const cs_model *m, const cs_clearance *d, int a)
{
  const cs_body *b = &m->bodies[d->body[a / 3]];
  return b->ground ? -1 : b->coord + a % 3;
}

double cs_film_forces(const cs_model *m, const cs_clearance *d, const cs_wear *wear,
                      const cs_frame fr[2], const double *v, double *Q, const cs_acc *Qq,
                      const cs_acc *Qv, double s, int slot0, cs_film *film)
{
  double u[6], p[2], Jp[12], Hp[2][36], e[2], rate[2] = {0, 0};
  int want_jac = Q && (Qq || Qv);
  memcpy(u, cs_body_rate(m, v, d->body[0]), 3 * sizeof *u);
  memcpy(u + 3, cs_body_rate(m, v, d->body[1]), 3 * sizeof *u);
  cs_clearance_pin(d, &fr[0], &fr[1], p, Jp, want_jac ? Hp : NULL);
  e[0] = p[0] - d->point[0][0];
  e[1] = p[1] - d->point[0][1];
  for (int a = 0; a < 6; a++) {
    rate[0] += Jp[a] * u[a];
    rate[1] += Jp[6 + a] * u[a];
  }
  cs_film f;
  cs_film_eval_worn(&d->lubrication, d->pin_radius, d->length, d->hole_radius - d->pin_radius,
                    wear, e, rate, u[5] - u[2], &f);
  if (film)
    *film = f;
  double power = -(f.force[0] * rate[0] + f.force[1] * rate[1]);
  if (!Q)
    return power;
  int g[6];
  for (int a = 0; a < 6; a++) {
    g[a] = column(m, d, a);
    if (g[a] >= 0)
      Q[g[a]] += Jp[a] * f.force[0] + Jp[6 + a] * f.force[1];
  }
  if (!want_jac)
    return power;
  static const double domega[6] = {0, 0, -1, 0, 0, 1};
  double Hu[2][6] = {{0}}; /* ∂e'_k/∂q_b */
  for (int k = 0; k < 2; k++)
    for (int b = 0; b < 6; b++)
      for (int c = 0; c < 6; c++)
        Hu[k][b] += Hp[k][6 * c + b] * u[c];
  for (int b = 0; b < 6; b++) {
    if (g[b] < 0)
      continue;
    double dfq[2], dfv[2];
    for (int i = 0; i < 2; i++) {
      dfq[i] = dfv[i] = 0.0;
      for (int j = 0; j < 2; j++) {
        dfq[i] += f.d_e[2 * i + j] * Jp[6 * j + b] + f.d_rate[2 * i + j] * Hu[j][b];
        dfv[i] += f.d_rate[2 * i + j] * Jp[6 * j + b];
      }
      dfv[i] += f.d_omega[i] * domega[b];
    }
    for (int a = 0; a < 6; a++) {
      if (g[a] < 0)
        continue;
      double dq = Hp[0][6 * a + b] * f.force[0] + Hp[1][6 * a + b] * f.force[1] +
                  Jp[a] * dfq[0] + Jp[6 + a] * dfq[1];
      double dv = Jp[a] * dfv[0] + Jp[6 + a] * dfv[1];
      if (Qq)
        cs_acc_add(Qq, g[a], g[b], slot0 + 6 * a + b, s * dq);
      if (Qv)
        cs_acc_add(Qv, g[a], g[b], slot0 + 6 * a + b, s * dv);
    }
  }
  return power;
}
