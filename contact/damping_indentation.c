/* damping_indentation.c — hysteresis by permanent indentation: loading on the elastic curve,
 * unloading on a steeper power curve that reaches zero force at δ_p > 0.
 *
 *   δ ≥ δ_max (loading, also the first call of a contact):  F_n = F_e(δ)
 *   δ < δ_max (unloading, or reloading along the same curve):
 *       F_n = F_m ((δ − δ_p)/(δ_m − δ_p))^n  for δ > δ_p,  0 for δ ≤ δ_p
 *   with δ_m = δ_max (in->delta_max, the largest δ of this contact so far) and
 *   F_m = F_e(δ_m) (the two branches meet there: the force is continuous).
 *
 * The branch is chosen by δ against δ_max, not by the sign of δ': a rebound that reloads
 * before separating climbs back along the unloading curve until δ_max and then continues on
 * the elastic one, and F_n is a continuous function of δ for a given δ_max. δ_max must be
 * updated by the caller (cs_contact_eval with commit); until it is, δ > δ_max reads as
 * loading. Neither branch depends on δ', so ∂F_n/∂δ' = 0.
 *
 * F_m and n come from the local power-law equivalent of the elastic law at the current δ,
 * n = δ F_e'/F_e, F_e ≈ K δ^n (so F_m = F_e (δ_m/δ)^n): exact for K δ^n laws, which are
 * what both papers assume; for other laws F_m and n are those of the equivalent at δ.
 *
 * The two laws differ only in δ_p:
 *   lankarani_nikravesh_1994: δ_p = (n + 1) m* δ'(−)² (1 − e²) / (2 F_m)   (004 eq. 97)
 *   gharib_hurmuzlu_2:        δ_p = δ_m (1 − e²)                          (004 eq. 143)
 * For a free impact on a K δ^n spring both equal δ_m (1 − e²) and both return exactly e.
 * δ_p is clamped to [0, δ_m]; at δ_p = δ_m the unloading force is zero.
 */
#include "cs_law_util.h"

#include <math.h>
#include <stdlib.h>

typedef enum indentation_kind { LN1994, GH2 } indentation_kind;

typedef struct indentation {
  indentation_kind kind;
} indentation;

/* The local power-law equivalent F_e ≈ K_eq δ^n_eq of an elastic law, from F_e and dF_e/dδ:
 * n_eq = δ F_e'/F_e. Returns 0 when F_e or F_e' vanish (no equivalent). */
static double power_law_exponent(const cs_normal_in *in)
{
  if (!(in->delta > 0.0 && in->Fe > 0.0 && in->dFe > 0.0))
    return 0.0;
  return in->delta * in->dFe / in->Fe;
}

static double permanent_indentation(indentation_kind kind, const cs_normal_in *in, double n,
                                    double Fm)
{
  double loss = 1.0 - in->cr * in->cr;
  double dp = kind == LN1994
                  ? (n + 1.0) * in->m_star * in->v_impact * in->v_impact * loss / (2.0 * Fm)
                  : in->delta_max * loss;
  return fmin(fmax(dp, 0.0), in->delta_max);
}

static double indentation_normal(void *content, const cs_normal_in *in, double *dFn_ddelta,
                                 double *dFn_drate)
{
  const indentation *c = content;
  double F = in->Fe, dF = in->dFe;
  if (in->delta < in->delta_max) {
    double n = power_law_exponent(in);
    F = dF = 0.0;
    if (n > 0.0) {
      double dm = in->delta_max, Fm = in->Fe * pow(dm / in->delta, n);
      double dp = permanent_indentation(c->kind, in, n, Fm);
      if (in->delta > dp && dm > dp) {
        F = Fm * pow((in->delta - dp) / (dm - dp), n);
        dF = n * F / (in->delta - dp);
      }
    }
  }
  if (dFn_ddelta)
    *dFn_ddelta = dF;
  if (dFn_drate)
    *dFn_drate = 0.0;
  return F;
}

static cs_status indentation_new(indentation_kind kind, const char *name, void **content,
                                 cs_error *err)
{
  indentation *c = malloc(sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "damping \"%s\": out of memory", name);
  c->kind = kind;
  *content = c;
  return CS_OK;
}

/* One descriptor per law: no parameters, the kind picks δ_p. */
#define INDENTATION_LAW(id, kind, summary_, source_)                                          \
  CS_LAW_MEMBER(damping, id, CS_DAMPING, NULL, 0, indentation_new(kind, #id, content, err),   \
                summary_, source_, .normal = indentation_normal);

INDENTATION_LAW(lankarani_nikravesh_1994, LN1994,
                "permanent indentation: F_e loading, F_m ((d-dp)/(dm-dp))^n unloading, "
                "dp = (n+1) m v^2 (1-e^2)/(2 F_m)",
                "Lankarani & Nikravesh 1994; Autiero et al. 2022 (004) eqs. 91-97")
INDENTATION_LAW(gharib_hurmuzlu_2, GH2,
                "permanent indentation: K_c d^n loading, K_r (d-dp)^n unloading, dp = dm (1-e^2)",
                "Gharib & Hurmuzlu 2012; Autiero et al. 2022 (004) eqs. 135-145")
