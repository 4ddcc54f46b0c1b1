/* cs_steuermann.h — Steuermann's stiffness for a ball in a socket (internal to contact/).
 *
 * Steuermann's axisymmetric polynomial profile A_n r^{2n} gives P = 4 n E* a δ/(2n + 1)
 * (Wang & Gao 2023 (000) eq. 7, from Johnson's Contact Mechanics). With the contact radius
 * a = R_socket sin θ(δ) the force is
 *
 *   F_e(δ) = K0 sin θ(δ) δ,   K0 = 4 n E* R_socket/(2n + 1)                (000 eqs. 10–12)
 *
 * The Liu (000 eq. 12) and Wang–Gao (000 eqs. 8–11) laws differ only in the contact semi-angle
 * θ(δ); each supplies it, the rest is shared (defined in elastic_wang_gao.c).
 *
 * Names: 000 calls the socket R1 and the ball R2; the engine's geometry has the ball (convex
 * body) as R1 and the socket as R2. Below, R_ball = geometry R1 and R_socket = geometry R2, and
 * ΔR = R_socket − R_ball ≥ 0 (zero clearance allowed).
 */
#ifndef CS_STEUERMANN_H
#define CS_STEUERMANN_H

#include "cs_law_util.h"

typedef struct cs_steuermann cs_steuermann;

typedef struct cs_semi_angle {
  const char *law; /* registry name, for messages */
  /* sin θ(δ) for δ ≥ 0 (the limit δ → 0+ at δ = 0) and d sin θ/dδ for δ > 0 */
  double (*sin_theta)(const cs_steuermann *s, double delta, double *dsin);
  /* lim sin θ/√δ as δ → 0 when ΔR > 0: F_e ≈ K0 c δ^{3/2} for δ ≪ ΔR */
  double (*sin_coeff)(const cs_steuermann *s);
} cs_semi_angle;

struct cs_steuermann {
  const cs_semi_angle *angle;
  double n;                 /* polynomial index */
  double K0;                /* 4 n E* R_socket/(2n + 1), N/m */
  double R_ball, R_socket, dR; /* m */
};

/* The parameter table both laws share: n. */
#define CS_STEUERMANN_NPARAMS 1
extern const cs_param_spec cs_steuermann_params[CS_STEUERMANN_NPARAMS];

cs_status cs_steuermann_create(const cs_semi_angle *angle, const double *params,
                               const cs_contact_geometry *geometry, void **content,
                               cs_error *err);
double cs_steuermann_force(void *content, double delta, double *dFe);
double cs_steuermann_energy(void *content, double delta);
void cs_steuermann_report(void *content, char *buf, int size);

/* The create op and descriptor `const cs_law cs_law_elastic_<id>` of the law of semi-angle
 * `angle` (a cs_semi_angle). */
#define CS_STEUERMANN_LAW(id, angle, summary_, source_)                                      \
  CS_LAW_MEMBER(elastic, id, CS_ELASTIC, cs_steuermann_params, CS_STEUERMANN_NPARAMS,         \
                cs_steuermann_create(&angle, p, g, content, err), summary_, source_,          \
                .elastic = cs_steuermann_force, .energy = cs_steuermann_energy,              \
                .report = cs_steuermann_report)

#endif
