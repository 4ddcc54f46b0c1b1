/* elastic_wang_gao.c — Wang & Gao 2023 (000): Steuermann's stiffness with the contact
 * semi-angle of the deformed ball in its socket,
 *
 *   cos θ = ((ΔR + δ)² + R_s² − R_b²) / (2 (ΔR + δ) R_s)                    (000 eq. 8)
 *   a = R_s sin θ,  F_e = 4 n E* R_s sin θ δ/(2n + 1)                      (000 eqs. 9–11)
 *
 * (R_s socket, R_b ball; see cs_steuermann.h for the naming). The strain energy is the exact
 * ∫0^δ F_e: eq. 18's U = H δ^{5/2} is its small-δ limit (sin θ ≈ √(2 R_b δ/(ΔR R_s)), the
 * expansion of eq. 17), good only for δ ≪ ΔR; an energy balance needs the exact integral.
 *
 * This file also holds what Liu's law (elastic_liu.c) shares: the force, its derivative, the
 * energy and the report of F_e = K0 sin θ(δ) δ.
 */
#include "cs_law_util.h"
#include "cs_steuermann.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- shared with Liu ------- */

const cs_param_spec cs_steuermann_params[CS_STEUERMANN_NPARAMS] = {
  {"n", "-", 2.0, 1.0, INFINITY, CS_PARAM_HI_OPEN,
   "index of Steuermann's polynomial profile (000 §2.2: 1…8 studied; n = 2 matches FEM, "
   "000 Fig. 3, as in Liu et al.)"},
};
cs_status cs_steuermann_create(const cs_semi_angle *angle, const double *params,
                               const cs_contact_geometry *g, void **content, cs_error *err)
{
  double n = params[0];
  if (!(n >= 1.0 && isfinite(n)))
    return cs_fail(err, CS_ERR_INPUT, "elastic \"%s\": n = %g, expected a finite n >= 1",
                   angle->law, n);
  if (!g || g->shape != CS_CONTACT_POINT || !g->internal || !(g->R1 > 0.0) ||
      !(g->R2 >= g->R1) || !isfinite(g->R2))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"%s\": needs a ball in a socket (point contact, internal, "
                   "0 < R1 ball <= R2 socket), got shape %d internal %d R1 = %g m R2 = %g m",
                   angle->law, g ? (int)g->shape : -1, g ? g->internal : -1, g ? g->R1 : 0.0,
                   g ? g->R2 : 0.0);
  double Es = cs_geometry_E_star(g);
  if (!(Es > 0.0 && isfinite(Es)))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"%s\": effective modulus E* = %g Pa, expected > 0 (check the "
                   "materials' E and nu)",
                   angle->law, Es);
  cs_steuermann *s = malloc(sizeof *s);
  if (!s)
    return cs_fail(err, CS_ERR_MEMORY, "elastic \"%s\": out of memory", angle->law);
  s->angle = angle;
  s->n = n;
  s->K0 = 4.0 * n * Es * g->R2 / (2.0 * n + 1.0);
  s->R_ball = g->R1;
  s->R_socket = g->R2;
  s->dR = g->R2 - g->R1;
  *content = s;
  return CS_OK;
}

double cs_steuermann_force(void *content, double delta, double *dFe)
{
  const cs_steuermann *s = content;
  double d = fmax(delta, 0.0), dsin = 0.0;
  double sn = s->angle->sin_theta(s, d, &dsin);
  if (dFe) /* at δ = 0, δ · dsin θ/dδ → 0 (dsin θ/dδ ~ δ^{-1/2}) */
    *dFe = s->K0 * (sn + (d > 0.0 ? d * dsin : 0.0));
  return s->K0 * sn * d;
}

double cs_steuermann_energy(void *content, double delta)
{
  return cs_energy_quad(cs_steuermann_force, content, delta);
}

void cs_steuermann_report(void *content, char *buf, int size)
{
  const cs_steuermann *s = content;
  if (s->dR > 0.0)
    snprintf(buf, (size_t)size,
             "n = %g, K0 = 4nE*R/(2n+1) = %.6g N/m, dR = %.6g m; small-delta limit "
             "F = %.6g d^1.5 N, U = %.6g d^2.5 J (000 eq. 18's H)",
             s->n, s->K0, s->dR, s->K0 * s->angle->sin_coeff(s),
             0.4 * s->K0 * s->angle->sin_coeff(s));
  else
    snprintf(buf, (size_t)size, "n = %g, K0 = 4nE*R/(2n+1) = %.6g N/m, zero clearance", s->n,
             s->K0);
}

/* ---------------------------------------------------------------- Wang–Gao's angle ------- */

/* 1 − cos θ from eq. 8 without cancellation: with d = ΔR + δ and R_s − R_b = ΔR,
 * 2 d R_s − d² − (R_s² − R_b²) = δ (2 R_b − δ), so 1 − cos θ = δ (2 R_b − δ)/(2 d R_s).
 * At zero clearance d = δ cancels: 1 − cos θ = (2 R_b − δ)/(2 R_s). */
static double wang_gao_sin(const cs_steuermann *s, double delta, double *dsin)
{
  double Rb = s->R_ball, Rs = s->R_socket, d = s->dR + delta;
  double u, du;
  if (s->dR > 0.0) {
    u = delta * (2.0 * Rb - delta) / (2.0 * d * Rs);
    du = ((2.0 * Rb - 2.0 * delta) * d - delta * (2.0 * Rb - delta)) / (2.0 * Rs * d * d);
  } else {
    u = (2.0 * Rb - delta) / (2.0 * Rs);
    du = -1.0 / (2.0 * Rs);
  }
  u = fmin(fmax(u, 0.0), 1.0); /* θ ≤ 90°: δ stays far below R_b in any contact */
  double sn = sqrt(u * (2.0 - u));
  *dsin = sn > 0.0 && u < 1.0 ? (1.0 - u) * du / sn : 0.0;
  return sn;
}

/* sin θ ≈ √(2u), u ≈ δ R_b/(ΔR R_s) */
static double wang_gao_coeff(const cs_steuermann *s)
{
  return sqrt(2.0 * s->R_ball / (s->dR * s->R_socket));
}

static const cs_semi_angle wang_gao_angle = {"wang_gao", wang_gao_sin, wang_gao_coeff};

CS_STEUERMANN_LAW(wang_gao, wang_gao_angle,
                  "ball in socket: Steuermann stiffness 4nE*R sin(theta)/(2n+1) with the contact "
                  "semi-angle of the deformed surfaces",
                  "Wang & Gao 2023 (000) eqs. 8-11; energy: exact integral (eq. 18 its small-delta "
                  "limit)");
