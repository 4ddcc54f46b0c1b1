/* damping_hysteresis.c — the hysteresis-damping family F_n = F_e (1 + χ(c_r) δ'/δ'(−)).
 *
 * Hunt and Crossley's idea (004 §3.2): the damping coefficient is proportional to the elastic
 * force, D = χ F_e/δ'(−), so the force is continuous at onset and separation. The laws of the
 * family differ only in the hysteresis factor χ(c_r), each from its own energy argument; they
 * are one table here. Autiero et al. 2022 (004) write them for F_e = K δ^n; the factor
 * multiplies whatever elastic law the contact uses.
 *
 * For every law of this form the effective restitution of a free two-body impact depends on χ
 * only, not on the elastic law, the mass or the speed: it is the root e of Gonthier's eq. 113,
 * χ − ln(1+χ) + e χ + ln(1 − e χ) = 0 (004 §3.10 with α δ'(−) = χ). The tests use that.
 *
 * The `alpha` law is 004 eq. 154 (scotch yoke, §4): F_n = F_e (1 + (3/2) α δ') with α in s/m
 * given, not derived from c_r (Hunt and Crossley's α, 0.08–0.32 s/m for steel, bronze, ivory).
 * The `volumetric` law is the same form as Gonthier et al.'s (002) eq. 3, F_n = F_e (1 + a δ'),
 * the hysteresis a of their pressure k_v h (1 + a v_n) (eq. 1) given.
 *
 * Every law here is F_e (1 + a δ') with a constant through a contact, and says so through the
 * `hysteresis` op: with a Winkler elastic law (volumetric) the contact then has 002's rolling
 * resistance, which is that same pressure's moment (cs_contact_rolling).
 */
#include "cs_law_util.h"

#include <math.h>
#include <stdlib.h>

typedef double chi_fn(double cr);

typedef struct hysteresis {
  chi_fn *chi;          /* NULL for `alpha` and `volumetric` */
  double rate;          /* s/m: a of F_e (1 + a δ') when given (alpha: 1.5 α; volumetric) */
  double cr_memo, chi_memo; /* the last c_r asked for: Gonthier's χ takes a Newton solve */
} hysteresis;

/* ---------------------------------------------------------------- χ(c_r), one per law ---- */

/* Hunt & Crossley 1975, 004 eq. 23 (α = (1−e)/δ'(−), λ = 3αK/2). */
static double chi_hunt_crossley(double e) { return 1.5 * (1.0 - e); }

/* Herbert & McWhannell 1977, 004 eqs. 24–25. */
static double chi_herbert_mcwhannell(double e)
{
  return 6.0 * (1.0 - e) / ((2.0 * e - 1.0) * (2.0 * e - 1.0) + 3.0);
}

/* Lee & Wang 1983, first damping function: 004 eq. 39, α1 = (1−e)/δ'(−) from e ≈ 1 − α1 δ'(−)
 * (eq. 29 with α0 = 1). */
static double chi_lee_wang(double e) { return 0.75 * (1.0 - e); }

/* Lankarani & Nikravesh 1990, 004 eq. 88 (003 eqs. 15–16, 000 eq. 30). Khulief & Shabana's
 * μ (004 eq. 71, with β̄ δ̂ = δ̄' from eq. 69) is the same factor for their linear spring. */
static double chi_lankarani_nikravesh(double e) { return 0.75 * (1.0 - e * e); }

/* Marhefka & Orin 1999, 004 eqs. 105 and 107 with α = (1−e)/δ'(−): Λ δ'(−)/K̃ =
 * 3α δ'(−)(2 − α δ'(−)) / (2 (2 − 3α δ'(−) + 3α² δ'(−)² − α³ δ'(−)³)) = 3(1−e²)/(2(1+e³)).
 * (This equals Herbert–McWhannell's factor identically; eq. 108, its truncation, has a pole
 * at e = 1/3 and is not used.) */
static double chi_marhefka_orin(double e) { return 1.5 * (1.0 - e * e) / (1.0 + e * e * e); }

/* Flores et al. 2011, 004 eq. 127 (001 eq. 2, 000 eq. 31). */
static double chi_flores(double e) { return 1.6 * (1.0 - e) / e; }

/* Gharib & Hurmuzlu 2012, first formula, 004 eqs. 133–134: λ = K/(e δ'(−)). Not zero at
 * e = 1: the model is meant for low restitution. */
static double chi_gharib_hurmuzlu(double e) { return 1.0 / e; }

/* Hu & Guo 2015, 004 eqs. 152–153. */
static double chi_hu_guo(double e) { return 1.5 * (1.0 - e) / e; }

/* Gonthier et al. 2004, 004 eqs. 113–116: χ = α δ'(−) = d/e, d the root in (0, 1) of eq. 115
 * (1 + d/e)/(1 − d) = exp(d (1 + 1/e)). d = 0 is always a (trivial) root, so Newton works on
 * q(d) = g(d)/d² with g = ln(1 + d/e) − ln(1 − d) − d(1 + 1/e): q(0+) < 0, q → +∞ as d → 1,
 * one sign change. Near d = 0 g is a difference of nearly equal terms, so there q and q' come
 * from g's series Σ_{k≥2} c_k d^k, c_k = (1 + (−1)^{k+1} e^{−k})/k. */
static void gonthier_q(double e, double d, double *q, double *dq)
{
  if (d < 0.1 * e) {
    /* p = d^(k−2), pm = d^(k−3), iek = e^−k */
    double s = 0.0, ds = 0.0, p = 1.0, pm = 0.0, ie = 1.0 / e, iek = ie;
    for (int k = 2; k < 40; k++) {
      iek *= ie;
      double ck = (1.0 + ((k & 1) ? iek : -iek)) / k;
      s += ck * p;
      ds += (k - 2) * ck * pm;
      pm = p;
      p *= d;
    }
    *q = s;
    *dq = ds;
    return;
  }
  double g = log1p(d / e) - log1p(-d) - d * (1.0 + 1.0 / e);
  double dg = 1.0 / (e + d) + 1.0 / (1.0 - d) - (1.0 + 1.0 / e);
  *q = g / (d * d);
  *dq = (dg * d - 2.0 * g) / (d * d * d);
}

static double gonthier_d(double e)
{
  /* 004 suggests d = 1 − e² to start; near e = 1 the series root (3/2) e(1−e²)/(1+e³) is
   * closer. The bracket [lo, hi] makes Newton safe (bisection when it would leave it). */
  double d = e < 0.8 ? 1.0 - e * e : 1.5 * e * (1.0 - e * e) / (1.0 + e * e * e);
  double lo = 0.0, hi = 1.0;
  for (int it = 0; it < 200; it++) {
    double q, dq;
    gonthier_q(e, d, &q, &dq);
    if (q < 0.0)
      lo = d;
    else
      hi = d;
    double next = dq > 0.0 ? d - q / dq : 0.5 * (lo + hi);
    if (!(next > lo && next < hi))
      next = 0.5 * (lo + hi);
    if (fabs(next - d) <= 4e-16 * (1.0 + d))
      return next;
    d = next;
  }
  return d;
}

/* Below e ≈ 0.03 the root is within an ulp of 1 (1 − d ≈ (1 + 1/e) e^−(1+1/e)); d stays
 * under 1 so that the force factor 1 − d at δ' = −e δ'(−) is not zero. */
static double chi_gonthier(double e)
{
  return e >= 1.0 ? 0.0 : fmin(gonthier_d(e), nextafter(1.0, 0.0)) / e;
}

/* Gonthier et al. 2004's approximate factor χ = (1 − e²)/e (their series solution of eq. 115
 * to first order in 1 − e, d ≈ 1 − e², χ = d/e; 004 eq. 116's starting value): the form most
 * published tables and peer engines use under Gonthier's name. Exact to first order in 1 − e,
 * it misses below: a free impact's effective restitution (eq. 113's root) is 0.6696 at
 * e = 0.7, 0.8764 at 0.9, 0.3042 at 0.3. */
static double chi_gonthier_approx(double e) { return (1.0 - e * e) / e; }

/* ---------------------------------------------------------------- the shared law ------- */

/* The coefficient a (s/m) of F_n = F_e (1 + a δ'); the `hysteresis` op. */
static double rate_coefficient(void *content, double v_impact, double cr)
{
  hysteresis *h = content;
  if (!h->chi)
    return h->rate;
  /* δ'(−) > 0 by contract; without it the factor is undefined and the law stays elastic. */
  if (!(v_impact > 0.0))
    return 0.0;
  if (cr != h->cr_memo) {
    h->chi_memo = h->chi(cr);
    h->cr_memo = cr;
  }
  return h->chi_memo / v_impact;
}

static double hysteresis_normal(void *content, const cs_normal_in *in, double *dFn_ddelta,
                                double *dFn_drate)
{
  double k = rate_coefficient(content, in->v_impact, in->cr);
  double factor = 1.0 + k * in->rate;
  if (dFn_ddelta)
    *dFn_ddelta = in->dFe * factor;
  if (dFn_drate)
    *dFn_drate = in->Fe * k;
  return in->Fe * factor;
}

static cs_status hysteresis_new(chi_fn *chi, double rate, const char *name, void **content,
                                cs_error *err)
{
  hysteresis *h = malloc(sizeof *h);
  if (!h)
    return cs_fail(err, CS_ERR_MEMORY, "damping \"%s\": out of memory", name);
  h->chi = chi;
  h->rate = rate;
  h->cr_memo = NAN; /* never equal: the first call computes χ */
  h->chi_memo = 0.0;
  *content = h;
  return CS_OK;
}

/* One descriptor per law: no parameters, χ from c_r. */
#define CHI_LAW(id, summary_, source_)                                                        \
  CS_LAW_MEMBER(damping, id, CS_DAMPING, NULL, 0,                                             \
                hysteresis_new(chi_##id, 0.0, #id, content, err), summary_, source_,          \
                .normal = hysteresis_normal, .hysteresis = rate_coefficient);

CHI_LAW(hunt_crossley, "F_e (1 + 3(1-e)/2 d'/d'(-)): Hunt & Crossley hysteresis damping",
        "Hunt & Crossley 1975; Autiero et al. 2022 (004) eq. 23")
CHI_LAW(herbert_mcwhannell,
        "F_e (1 + 6(1-e)/((2e-1)^2+3) d'/d'(-)): Herbert & McWhannell hysteresis damping",
        "Herbert & McWhannell 1977; Autiero et al. 2022 (004) eqs. 24-25")
CHI_LAW(lee_wang, "F_e (1 + 3(1-e)/4 d'/d'(-)): Lee & Wang's first damping function",
        "Lee & Wang 1983; Autiero et al. 2022 (004) eqs. 27-39")
CHI_LAW(lankarani_nikravesh, "F_e (1 + 3(1-e^2)/4 d'/d'(-)): Lankarani & Nikravesh 1990",
        "Lankarani & Nikravesh 1990; Autiero et al. 2022 (004) eq. 88; Wang & Gao 2023 (000) "
        "eq. 30; Li et al. 2018 (003) eqs. 15-16")
CHI_LAW(marhefka_orin, "F_e (1 + 3(1-e^2)/(2(1+e^3)) d'/d'(-)): Marhefka & Orin",
        "Marhefka & Orin 1999; Autiero et al. 2022 (004) eqs. 105, 107 with alpha = (1-e)/d'(-)")
CHI_LAW(gonthier, "F_e (1 + (d/e) d'/d'(-)), d from (1+d/e)/(1-d) = exp(d(1+1/e)): Gonthier, "
        "exact (returns c_r); gonthier_approx is the (1-e^2)/e form",
        "Gonthier et al. 2004; Autiero et al. 2022 (004) eqs. 113-116")
CHI_LAW(gonthier_approx, "F_e (1 + (1-e^2)/e d'/d'(-)): Gonthier's approximate factor, as in most "
        "tables and peer engines (e_eff 0.6696 at e = 0.7; gonthier is the exact one)",
        "Gonthier et al. 2004 (d = 1 - e^2); Autiero et al. 2022 (004) eq. 116's first guess")
CHI_LAW(flores, "F_e (1 + 8(1-e)/(5e) d'/d'(-)): Flores et al.",
        "Flores et al. 2011; Autiero et al. 2022 (004) eq. 127; Wang & Gao 2023 (000) eq. 31; "
        "Liu, Chen & Shi 2022 (001) eq. 2")
CHI_LAW(gharib_hurmuzlu, "F_e (1 + d'/(e d'(-))): Gharib & Hurmuzlu, first formula",
        "Gharib & Hurmuzlu 2012; Autiero et al. 2022 (004) eqs. 128-134")
CHI_LAW(hu_guo, "F_e (1 + 3(1-e)/(2e) d'/d'(-)): Hu & Guo",
        "Hu & Guo 2015; Autiero et al. 2022 (004) eqs. 146-153")

/* Khulief & Shabana 1985 (004 §3.5): F = K δ + μ δ δ' with μ = 3 K̄ (1 − e²)/(4 δ̄'), eq. 71
 * after eq. 69 (β̄ δ̂ = δ̄'), for a linear spring K̄. With K̄ the secant F_e/δ of whatever
 * elastic law is used, μ δ δ' = F_e · 3(1−e²)/4 · δ'/δ'(−): the L-N factor. It has its own
 * name because the model files and the papers name it. */
static double chi_khulief_shabana(double e) { return chi_lankarani_nikravesh(e); }
CHI_LAW(khulief_shabana, "K d + mu d d', mu = 3K(1-e^2)/(4 d'(-)): Khulief & Shabana",
        "Khulief & Shabana 1987; Autiero et al. 2022 (004) eqs. 46, 69-72")

/* ---------------------------------------------------------------- alpha (004 eq. 154) -- */

static const cs_param_spec alpha_params[] = {
  {"alpha", "s/m", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "Hunt-Crossley alpha: F_n = F_e (1 + 1.5 alpha d'); 0.08-0.32 s/m for steel (004 uses 0.32)"},
};

/* A law whose a is a parameter `key` times `scale`. */
static cs_status given_rate(const char *name, const char *key, double value, double scale,
                            void **content, cs_error *err)
{
  if (!(value >= 0.0 && isfinite(value)))
    return cs_fail(err, CS_ERR_INPUT, "damping \"%s\": %s = %g s/m, expected >= 0", name, key,
                   value);
  return hysteresis_new(NULL, scale * value, name, content, err);
}

static cs_status alpha_create(const double *params, const cs_contact_geometry *geometry,
                              void **content, cs_error *err)
{
  (void)geometry;
  return given_rate("alpha", "alpha", params[0], 1.5, content, err);
}

const cs_law cs_law_damping_alpha = {
  .name = "alpha",
  .family = CS_DAMPING,
  .summary = "F_e (1 + 1.5 alpha d'), alpha given in s/m (Hunt-Crossley form, no c_r)",
  .source = "Autiero et al. 2022 (004) eq. 154 (scotch yoke, alpha = 0.32 s/m, m = 1); "
            "Hunt & Crossley 1975 (004 eq. 22)",
  .params = alpha_params,
  .nparams = CS_NPARAMS(alpha_params),
  .create = alpha_create,
  .destroy = free,
  .normal = hysteresis_normal,
  .ignores_cr = 1,
  .hysteresis = rate_coefficient,
};

/* ---------------------------------------------------------------- volumetric (002) ----- */

static const cs_param_spec volumetric_params[] = {
  {"a", "s/m", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED,
   "hysteresis of the pressure k_v h (1 + a v_n): F_n = F_e (1 + a d') (002 eqs. 1, 3)"},
};

static cs_status volumetric_create(const double *params, const cs_contact_geometry *geometry,
                                   void **content, cs_error *err)
{
  (void)geometry;
  return given_rate("volumetric", "a", params[0], 1.0, content, err);
}

const cs_law cs_law_damping_volumetric = {
  .name = "volumetric",
  .family = CS_DAMPING,
  .summary = "F_e (1 + a d'), a given in s/m: volumetric hysteresis, with rolling resistance",
  .source = "Gonthier, McPhee, Lange & Piedboeuf (002) eqs. 1, 3 (rolling: eq. 4)",
  .params = volumetric_params,
  .nparams = CS_NPARAMS(volumetric_params),
  .create = volumetric_create,
  .destroy = free,
  .normal = hysteresis_normal,
  .ignores_cr = 1,
  .hysteresis = rate_coefficient,
};
