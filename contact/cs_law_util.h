/*
 * cs_law_util.h — machinery the laws share (internal to contact/ and its tests).
 *
 * For every family, the size of a parameter table. For the elastic laws: power laws F = K δ^n
 * (Hertz, L-N, Pereira, user K and n, and the fits of the implicit laws); the implicit "log
 * laws" of cylinders, whose indentation is given by the force as
 *
 *     δ(F) = a F (ln(b/F) + c)                                        (Autiero et al. 2022,
 *                                                                      004 Table 1)
 *
 * (Johnson, Radzimovsky, Goldsmith, Dubowsky–Freudenstein, ESDU-78035 differ only in a, b, c),
 * solved per call for F by a safeguarded Newton, with dF/dδ = 1/δ'(F) and the strain energy in
 * closed form; the least-squares power-law fit of 004 §2 that may replace them; and the
 * quadrature of the strain energy of the laws that have no closed form for it.
 */
#ifndef CS_LAW_UTIL_H
#define CS_LAW_UTIL_H

#include "cs_contact.h"
#include "cs_status.h"

#include <stdlib.h>

/* ---------------------------------------------------------------- descriptors ------------ */

/* The number of rows of a parameter table, for cs_law.nparams. */
#define CS_NPARAMS(table) ((int)(sizeof(table) / sizeof((table)[0])))

#define CS_PI 3.14159265358979323846

/* A law of a family whose members differ only in what their create op hands the family's
 * constructor: defines the create op create_<id>, which returns `make` — an expression of the
 * op's arguments p (parameters), g (geometry), content and err — and the descriptor
 * `const cs_law cs_law_<prefix>_<id>` of parameter table `table` (n rows), with the family's
 * own ops as designated initializers in the trailing arguments. */
#define CS_LAW_MEMBER(prefix, id, family_, table, n, make, summary_, source_, ...)            \
  static cs_status create_##id(const double *p, const cs_contact_geometry *g, void **content, \
                               cs_error *err)                                                \
  {                                                                                           \
    (void)p;                                                                                  \
    (void)g;                                                                                  \
    return make;                                                                              \
  }                                                                                           \
  const cs_law cs_law_##prefix##_##id = {                                                     \
    .name = #id,                                                                              \
    .family = family_,                                                                        \
    .summary = summary_,                                                                      \
    .source = source_,                                                                        \
    .params = table,                                                                          \
    .nparams = n,                                                                             \
    .create = create_##id,                                                                    \
    .destroy = free,                                                                          \
    __VA_ARGS__}

/* ---------------------------------------------------------------- geometry checks -------- */

/* ΔR of the cylinder laws (004 Nomenclature): R2 − R1 internal, R1 + R2 external. */
double cs_geometry_clearance(const cs_contact_geometry *g);

/* E, ν of both bodies usable (E > 0, −1 < ν < 0.5). `law` names the law in the message. */
cs_status cs_check_materials(const char *law, const cs_contact_geometry *g, cs_error *err);
/* R1 > 0; internal: R2 > R1; external: R2 > 0, or R2 = 0 (a flat) when flat_ok. */
cs_status cs_check_radii(const char *law, const cs_contact_geometry *g, int flat_ok,
                         cs_error *err);
/* Shape CS_CONTACT_LINE with length > 0, then radii and materials as above. */
cs_status cs_check_line(const char *law, const cs_contact_geometry *g, int flat_ok,
                        cs_error *err);

/* ---------------------------------------------------------------- strain energy --------- */

/* U(δ) = ∫0^δ F_e(s) ds of an elastic law that has no closed form for it.
 *
 * Contact forces start like s^p with p ≥ 1 (Hertz-like laws: p = 3/2), whose derivatives are
 * singular at s = 0. With s = δ t² the integrand 2 δ t F_e(δ t²) ~ t^(2p+1) is smooth at t = 0,
 * so 8-point Gauss–Legendre converges fast; laws with kinks (a regime change inside [0, δ]) are
 * handled by bisecting until two levels agree. */

/* An elastic force F_e(content, s), as the law's `elastic` op (the derivative is not needed). */
typedef double cs_force_fn(void *content, double s, double *dFe);

/* U(δ) to a relative accuracy of about 1e-12 (0 for δ ≤ 0). */
double cs_energy_quad(cs_force_fn *force, void *content, double delta);
/* The same for a law whose force has kinks at known penetrations (a regime change), passed
 * ascending in `kinks` (any outside (0, δ) are skipped): the rule then meets only smooth pieces
 * and stays cheap. */
double cs_energy_quad_kinks(cs_force_fn *force, void *content, double delta,
                            const double *kinks, int nkinks);

/* ---------------------------------------------------------------- power laws ------------- */

typedef struct cs_power {
  double K; /* N/m^n */
  double n;
} cs_power;

double cs_power_force(const cs_power *p, double delta, double *dF);
double cs_power_energy(const cs_power *p, double delta); /* K δ^(n+1) / (n+1) */

/* Least squares F ≈ K δ^n over m samples (δ_i > 0, F_i > 0), minimising Σ (K δ_i^n − F_i)²
 * — the force itself, as 004 §2 fits (a fit of ln F weighs the small forces far more and
 * does not reproduce 004's tables). Started from the log-log fit, refined by Levenberg–
 * Marquardt. *max_rel_err = max |K δ_i^n − F_i| / F_i. */
cs_status cs_power_fit(const double *delta, const double *F, int m, cs_power *fit,
                       double *max_rel_err, cs_error *err);

/* Hertz's stiffness of a point contact, K = (4/3) E* √R* (Wang & Gao 2023, 000 eq. 13), also
 * the stiffness of the Lankarani–Nikravesh cylinder form (004 Table 1). */
double cs_hertz_stiffness(const cs_contact_geometry *g);

/* A law whose content is just a power law: create with cs_power_new, then use these ops. */
cs_status cs_power_new(const char *name, double K, double n, void **content, cs_error *err);
double cs_power_elastic_op(void *content, double delta, double *dFe);
double cs_power_energy_op(void *content, double delta);
void cs_power_report_op(void *content, char *buf, int size);

/* The descriptor `const cs_law cs_law_elastic_<id>` of a power law made by `create` (which ends
 * in cs_power_new) from the parameters of `table` (n rows; NULL, 0 for none). */
#define CS_POWER_LAW(id, create_, table, n, summary_, source_)                                \
  const cs_law cs_law_elastic_##id = {                                                        \
    .name = #id,                                                                              \
    .family = CS_ELASTIC,                                                                     \
    .summary = summary_,                                                                      \
    .source = source_,                                                                        \
    .params = table,                                                                          \
    .nparams = n,                                                                             \
    .create = create_,                                                                        \
    .destroy = free,                                                                          \
    .elastic = cs_power_elastic_op,                                                           \
    .energy = cs_power_energy_op,                                                             \
    .report = cs_power_report_op,                                                             \
  }

/* ---------------------------------------------------------------- implicit laws ---------- */

/* δ(F) and dδ/dF of an implicit law, increasing on (0, F_hi]. */
typedef double (*cs_delta_of_force)(const void *ctx, double F, double *ddelta_dF);

/* F with δ(F) = delta, for 0 < delta ≤ delta(F_hi): Newton on ln δ(e^u) = ln delta in
 * u = ln F, kept inside a bracket [lo, hi] that every evaluation narrows, bisecting whenever
 * a Newton step leaves it. Stops at |ln δ(F) − ln delta| ≤ 1e-14 (so F to ~3e-14 relative) or
 * after 200 iterations (a bisection from any bracket of doubles has converged by then). */
double cs_implicit_force(cs_delta_of_force delta_of, const void *ctx, double delta,
                         double F_hi);

/* The log law and what create() resolved for it. Beyond the force F_c where its local
 * exponent d ln F / d ln δ reaches CS_LOGLAW_N_CAP the formula is near its load limit (dδ/dF
 * → 0, then no solution: Pereira et al. 2011); there the law continues C¹ as
 * F = F_c (δ/δ_c)^CS_LOGLAW_N_CAP so that a simulation never meets a missing force — but not
 * silently: δ_c is the law's `domain`, and a run that goes past it says so in its warnings
 * (cs_contact_outside, engine/solver/cs_evidence.c). The way on is fit_range ≤ δ_c: 004 §2's power
 * law fitted over the formula's valid range. */
#define CS_LOGLAW_N_CAP 3.0
#define CS_LOGLAW_FIT_SAMPLES 10000

typedef struct cs_loglaw {
  const char *name;
  double a, b, c;       /* m/N, N, - */
  double F_c, delta_c;  /* end of the exact branch */
  double U_c;           /* strain energy at delta_c */
  int fitted;           /* 1: the law evaluates `fit` */
  cs_power fit;
  double fit_range;     /* m */
  double fit_error;     /* max relative error of the fit over its samples */
} cs_loglaw;

/* The parameter table every log law shares: fit_range (m, default 0 = no fit). */
extern const cs_param_spec cs_loglaw_params[1];

/* Make the content of a log law; fit_range > 0 also fits K δ^n over F uniformly sampled on
 * (0, F(fit_range)] (CS_LOGLAW_FIT_SAMPLES points F_k = k F_max / N, as 004 §2 samples its
 * force range) and makes the law evaluate the fit. */
cs_status cs_loglaw_new(const char *name, double a, double b, double c, double fit_range,
                        void **content, cs_error *err);
/* The exact law (with its continuation), whether or not a fit replaces it. */
double cs_loglaw_delta(const cs_loglaw *law, double F, double *ddelta_dF);
double cs_loglaw_force(const cs_loglaw *law, double delta, double *dF);
double cs_loglaw_energy(const cs_loglaw *law, double delta);
/* Ops of the descriptor: the fit when there is one, else the exact law. */
double cs_loglaw_elastic_op(void *content, double delta, double *dFe);
double cs_loglaw_energy_op(void *content, double delta);
void cs_loglaw_report_op(void *content, char *buf, int size);
/* The op `domain`: δ_c for the exact law or a fit that reaches past it; INFINITY for a fit of
 * the valid range (fit_range ≤ δ_c). */
double cs_loglaw_domain_op(void *content);

/* What a log law is made of: its a, b, c from a line-contact geometry (cs_check_line passed). */
typedef struct cs_loglaw_abc {
  double a, b, c;
} cs_loglaw_abc;
typedef cs_loglaw_abc cs_loglaw_coefficients(const cs_contact_geometry *g);

/* The create op of every log law: cs_check_line (a flat allowed when flat_ok), then
 * cs_loglaw_new with the law's a, b, c and fit_range = params[0]. */
cs_status cs_loglaw_create(const char *name, int flat_ok, cs_loglaw_coefficients *abc,
                           const double *params, const cs_contact_geometry *g, void **content,
                           cs_error *err);

/* The create op and descriptor `const cs_law cs_law_elastic_<id>` of a log law. */
#define CS_LOGLAW(id, flat_ok, abc, summary_, source_)                                       \
  CS_LAW_MEMBER(elastic, id, CS_ELASTIC, cs_loglaw_params, CS_NPARAMS(cs_loglaw_params),      \
                cs_loglaw_create(#id, flat_ok, abc, p, g, content, err), summary_, source_,   \
                .elastic = cs_loglaw_elastic_op, .energy = cs_loglaw_energy_op,              \
                .report = cs_loglaw_report_op, .domain = cs_loglaw_domain_op)

#endif
