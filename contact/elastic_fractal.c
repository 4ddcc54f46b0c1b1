/* elastic_fractal.c — Li, Han, Wang, Sun & Li 2018 (003): normal stiffness of a rough journal
 * in its bearing from fractal (W-M) asperities, used as the stiffness of an L-N-type force
 *
 *   F_e(δ) = K_n(δ) δ^n                                          (003 eqs. 15–16, n = 3/2)
 *
 * K_n (eq. 8) sums the asperity stiffnesses k(a') over the contact-spot size distribution
 * n(a') of eq. 1, for the spots that deform elastically (a' > a_c), in the first
 * (a_c/6^{1/(D−2)} < a' < a_c) and second (a_c/110^{1/(D−2)} < a' < a_c/6^{1/(D−2)})
 * elastic-plastic stage (eqs. 4–5, Kogut–Etsion fits); fully plastic spots add no stiffness.
 * The largest spot a_l follows from the real contact area A_r = λ A (eq. 1), A the nominal
 * area of a journal pressed δ into a bearing (eqs. 9–11):
 *
 *   A = 2 R2 b √(δ/(2 (ΔR + δ))),   a_l = (3−D)/(D−1) ψ^{−(3−D)/2} λ A
 *
 * with ψ the domain-extension factor (eq. 1's transcendental equation), D and G from Ra by
 * eqs. 13–14.
 *
 * What is reconstructed, and why. The conversion of 003 garbled eqs. 2, 7, 8 and 12; the law
 * is derived here from the asperity geometry that eqs. 2 and 7 imply, and
 * tests/unit/contact/test_contact_fractal.c checks it against eq. 7 and eq. 8 as printed (typos fixed):
 *  - a spot of truncated area a' sits on an asperity of height and tip radius
 *      δ(a') = 2^{4−D} π^{(D−3)/2} G^{D−2} (ln γ)^{1/2} a'^{(3−D)/2},
 *      R(a') = 2^{D−5} π^{(1−D)/2} G^{2−D} (ln γ)^{−1/2} a'^{(D−1)/2}
 *    (so that π R δ = a'/2, which eq. 7's k_ne = (4−D)/(3−D) 2^{1.5} E* a'^{1/2}/(3√π)
 *    requires, and δ_c = (πKH/(2E*))² R gives eq. 2's δ_c; eq. 2 prints G^{2−D} in the
 *    denominator, but eq. 7's exponents G^{0.3−0.15D}, G^{0.948−0.474D} need it upstairs);
 *  - each asperity's stiffness is k = dP/dδ along the family, k = (dP/da')/(dδ/da'), which
 *    reproduces eq. 7's three k's, coefficients and exponents;
 *  - a_c solves δ(a_c) = δ_c(a_c): a_c = [2^{11−2D} π^{D−4} G^{2D−4} ln γ (E* / (K H))²]^{1/(D−2)},
 *    eq. 2's a_c with its 9 written as K² (eq. 2 is this with K = 3);
 *  - eq. 8's integrals are taken with their limits clipped at a_l, so K_n stays right while
 *    a_l < a_c (small δ, or rough surfaces where every spot is beyond elastic);
 *  - G: eq. 14 gives G = 10^{−5.26/Ra^0.045} for Ra in µm; it is read in mm (G = 1.4e-8 m for
 *    Ra = 6.3 µm), the only reading that makes the W-M surface's heights micrometres over
 *    a millimetre (in m every spot of a real contact is fully plastic, K_n = 0; in µm the
 *    surface is ten times smoother than its Ra).
 * F_e = K_n δ^n is 003's own relation (eq. 16: "replacing the stiffness coefficient K [of
 * L-N] with K_n"), not the integral of K_n: 003's theoretical forces (Tables 3–4) follow it
 * (they scale with δ^{3/2} s^{(D−1)/2}, s = √(δ/(2(ΔR+δ)))). It is not dimensionally
 * homogeneous for n ≠ 1: it is evaluated in SI (K_n in N/m, δ in m). dF_e/dδ and the strain
 * energy are those of this F_e (energy by quadrature).
 *
 * Geometry: line contact, internal; journal R1 in bearing R2, ΔR = R2 − R1, axial length b.
 */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { ELASTIC, EP1, EP2, NREGIME };

typedef struct fractal {
  double D, G, psi;    /* -, m, - */
  double ac, a1, a2;   /* m²: regime limits on the spot area */
  double Ck[NREGIME];  /* k(a') = Ck a'^pk, N/m with a' in m² */
  double pk[NREGIME];
  double lo[NREGIME], hi[NREGIME]; /* each regime's spots: lo < a' < hi */
  double pre;          /* K_n = pre a_l^{(D−1)/2} Σ ∫ k(a') a'^{−(D+1)/2} da' */
  double al_scale;     /* a_l = al_scale √(δ/(2(ΔR+δ))), m² */
  double dR, n;
  double kinks[NREGIME]; /* δ where a_l crosses a2, a1, a_c: K_n's slope jumps there */
  int nkinks;
} fractal;

enum { P_RA, P_D, P_G, P_H, P_K, P_GAMMA, P_LAMBDA, P_EXPONENT, NPARAM };

static const cs_param_spec fractal_params[NPARAM] = {
  {"Ra", "m", 0.0, 0.0, 1e-3, 0,
   "surface roughness for D and G (003 eqs. 13-14; Table 1: 6.3e-6); 0: the rougher "
   "material's roughness"},
  {"D", "-", 0.0, 0.0, 3.0, CS_PARAM_HI_OPEN,
   "fractal dimension, 2 < D < 3; 0: from Ra by 003 eq. 13"},
  {"G", "m", 0.0, 0.0, INFINITY, 0,
   "fractal roughness (characteristic length); 0: from Ra by 003 eq. 14, read in mm"},
  {"H", "Pa", 0.0, 0.0, INFINITY, 0,
   "strength in the critical interference delta_c = (pi K H/(2E*))^2 R (003 eq. 2); with "
   "K = 2.8 it is the yield strength (003 §3.1: 335e6); 0: the weaker material's "
   "yield_strength"},
  {"K", "-", 2.8, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "003's 'correlation coefficient' (Tabor's hardness/yield ratio), usually 2.8"},
  {"gamma", "-", 1.5, 1.0, INFINITY, CS_PARAM_LO_OPEN,
   "W-M frequency density, usually 1.5 (003 eq. 2)"},
  {"lambda", "-", 0.05, 0.0, 1.0, CS_PARAM_LO_OPEN,
   "real over nominal contact area A_r/A (003 Table 1: 0.05)"},
  {"exponent", "-", 1.5, 0.0, 3.0, CS_PARAM_LO_OPEN,
   "n of F_e = K_n delta^n (003 eqs. 15-16, the L-N exponent 3/2)"},
};

/* ψ of eq. 1: ψ^{(3−D)/2} − (1 + ψ^{−(D−1)/2})^{−(3−D)/(D−1)} = (3−D)/(D−1), ψ > 1 (Wang &
 * Komvopoulos's domain extension factor for a surface). The left side rises from below the
 * right at ψ = 1 to +∞: bisection on ln ψ. */
static double domain_extension(double D)
{
  double a = (3.0 - D) / 2.0, b = (D - 1.0) / 2.0, rhs = (3.0 - D) / (D - 1.0);
  double lo = 0.0, hi = 60.0; /* ln ψ */
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    double mid = 0.5 * (lo + hi), psi = exp(mid);
    double f = pow(psi, a) - pow(1.0 + pow(psi, -b), -a / b) - rhs;
    if (f > 0.0)
      hi = mid;
    else
      lo = mid;
  }
  return exp(0.5 * (lo + hi));
}

/* The asperity regimes as P = c R^α δ^β (eqs. 4–5; δ_c = κ R, κ = (πKH/(2E*))²):
 * elastic (Hertz): c = 4 E* / 3; elastic-plastic: (2/3) K H π · f δ^β/δ_c^{β−1} with Kogut and
 * Etsion's f, β = 1.03, 1.425 and 1.40, 1.263, so c = (2/3) K H π f κ^{1−β}, α = 2 − β. */
static void asperity_laws(fractal *f, double Es, double KH, double cR, double cd)
{
  double D = f->D, kappa = pow(CS_PI * KH / (2.0 * Es), 2.0);
  const double fit[NREGIME] = {0.0, 1.03, 1.40}, beta[NREGIME] = {1.5, 1.425, 1.263};
  double e_d = (3.0 - D) / 2.0; /* δ ∝ a'^{e_d} */
  for (int i = 0; i < NREGIME; i++) {
    double al = i == ELASTIC ? 0.5 : 2.0 - beta[i];
    double c = i == ELASTIC ? 4.0 * Es / 3.0
                            : 2.0 / 3.0 * KH * CS_PI * fit[i] * pow(kappa, 1.0 - beta[i]);
    double e_P = (al * (D - 1.0) + beta[i] * (3.0 - D)) / 2.0; /* P ∝ a'^{e_P} */
    /* k = (dP/da')/(dδ/da') = (e_P/e_d) P/δ */
    f->Ck[i] = e_P / e_d * c * pow(cR, al) * pow(cd, beta[i] - 1.0);
    f->pk[i] = e_P - e_d;
  }
  f->ac = pow(cd / (kappa * cR), 1.0 / (D - 2.0));
  f->a1 = pow(6.0, -1.0 / (D - 2.0)) * f->ac;
  f->a2 = pow(110.0, -1.0 / (D - 2.0)) * f->ac;
  f->lo[ELASTIC] = f->ac, f->hi[ELASTIC] = INFINITY;
  f->lo[EP1] = f->a1, f->hi[EP1] = f->ac;
  f->lo[EP2] = f->a2, f->hi[EP2] = f->a1;
}

static double larger(double a, double b) { return a > b ? a : b; }
static double smaller_given(double a, double b) /* the smaller of the nonzero ones */
{
  return a > 0.0 && b > 0.0 ? fmin(a, b) : larger(a, b);
}

static cs_status fractal_create(const double *p, const cs_contact_geometry *g, void **content,
                                cs_error *err)
{
  if (!g || g->shape != CS_CONTACT_LINE || !g->internal || !(g->R1 > 0.0) ||
      !(g->R2 >= g->R1) || !isfinite(g->R2) || !(g->length > 0.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"fractal\": needs a journal in a bearing (line contact, internal, "
                   "0 < R1 <= R2, length > 0), got shape %d internal %d R1 = %g m R2 = %g m "
                   "length = %g m",
                   g ? (int)g->shape : -1, g ? g->internal : -1, g ? g->R1 : 0.0,
                   g ? g->R2 : 0.0, g ? g->length : 0.0);
  double Es = cs_geometry_E_star(g);
  if (!(Es > 0.0 && isfinite(Es)))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"fractal\": effective modulus E* = %g Pa, expected > 0 (check the "
                   "materials' E and nu)",
                   Es);
  double Ra = p[P_RA] > 0.0 ? p[P_RA] : larger(g->m1.roughness, g->m2.roughness);
  double H = p[P_H] > 0.0 ? p[P_H] : smaller_given(g->m1.yield_strength, g->m2.yield_strength);
  if ((p[P_D] == 0.0 || p[P_G] == 0.0) && !(Ra > 0.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"fractal\": Ra: not given and neither material has a roughness; "
                   "expected Ra > 0 (m), or both D and G");
  if (!(H > 0.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"fractal\": H: not given and neither material has a "
                   "yield_strength; expected H > 0 (Pa)");
  double Ra_um = Ra * 1e6, s = pow(Ra_um, 0.045);
  double D = p[P_D] > 0.0 ? p[P_D] : 1.54 / s + 1.0;  /* eq. 13 */
  double G = p[P_G] > 0.0 ? p[P_G] : 1e-3 * pow(10.0, -5.26 / s); /* eq. 14, mm → m */
  if (!(D > 2.0 && D < 3.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "elastic \"fractal\": D = %g (Ra = %g m), expected 2 < D < 3", D, Ra);
  fractal *f = malloc(sizeof *f);
  if (!f)
    return cs_fail(err, CS_ERR_MEMORY, "elastic \"fractal\": out of memory");
  double lng = log(p[P_GAMMA]);
  f->D = D;
  f->G = G;
  f->psi = domain_extension(D);
  double cR = pow(2.0, D - 5.0) * pow(CS_PI, (1.0 - D) / 2.0) * pow(G, 2.0 - D) / sqrt(lng);
  double cd = pow(2.0, 4.0 - D) * pow(CS_PI, (D - 3.0) / 2.0) * pow(G, D - 2.0) * sqrt(lng);
  asperity_laws(f, Es, p[P_K] * H, cR, cd);
  f->pre = (D - 1.0) / 2.0 * pow(f->psi, (3.0 - D) / 2.0);
  f->al_scale = (3.0 - D) / (D - 1.0) * pow(f->psi, -(3.0 - D) / 2.0) * p[P_LAMBDA] * 2.0 *
                g->R2 * g->length;
  f->dR = g->R2 - g->R1;
  f->n = p[P_EXPONENT];
  /* a_l = al_scale s, s² = δ/(2(ΔR + δ)) < 1/2: δ = 2 s² ΔR/(1 − 2 s²) */
  const double edges[NREGIME] = {f->a2, f->a1, f->ac};
  f->nkinks = 0;
  for (int i = 0; i < NREGIME; i++) {
    double s2 = pow(edges[i] / f->al_scale, 2.0);
    if (f->dR > 0.0 && 2.0 * s2 < 1.0)
      f->kinks[f->nkinks++] = 2.0 * s2 * f->dR / (1.0 - 2.0 * s2);
  }
  *content = f;
  return CS_OK;
}

/* K_n(a_l) and dK_n/da_l (eq. 8 with the limits clipped at a_l). */
static double stiffness(const fractal *f, double al, double *dK)
{
  double D = f->D, sum = 0.0, edge = 0.0;
  for (int i = 0; i < NREGIME; i++) {
    double top = fmin(f->hi[i], al);
    if (!(top > f->lo[i]))
      continue;
    double q = f->pk[i] + (1.0 - D) / 2.0; /* ∫ a'^{pk − (D+1)/2} da' = a'^q/q */
    sum += f->Ck[i] * (pow(top, q) - pow(f->lo[i], q)) / q;
    if (al < f->hi[i])
      edge = f->Ck[i] * pow(al, q - 1.0);
  }
  double w = f->pre * pow(al, (D - 1.0) / 2.0);
  *dK = al > 0.0 ? (D - 1.0) / (2.0 * al) * w * sum + w * edge : 0.0;
  return w * sum;
}

static double fractal_force(void *content, double delta, double *dFe)
{
  const fractal *f = content;
  if (!(delta > 0.0)) {
    if (dFe)
      *dFe = 0.0;
    return 0.0;
  }
  double d = f->dR + delta, sq = sqrt(delta / (2.0 * d));
  double al = f->al_scale * sq, dK_dal;
  double K = stiffness(f, al, &dK_dal);
  double dn = pow(delta, f->n);
  if (dFe) /* da_l/dδ = a_l ΔR/(2 δ (ΔR + δ)) */
    *dFe = dK_dal * al * f->dR / (2.0 * delta * d) * dn + f->n * K * dn / delta;
  return K * dn;
}

static double fractal_energy(void *content, double delta)
{
  const fractal *f = content;
  return cs_energy_quad_kinks(fractal_force, content, delta, f->kinks, f->nkinks);
}

static void fractal_report(void *content, char *buf, int size)
{
  const fractal *f = content;
  snprintf(buf, (size_t)size,
           "D = %.6g, G = %.6g m, psi = %.6g, a_c = %.6g m^2, a_l = %.6g sqrt(d/(2(dR+d))) "
           "m^2, F = K_n d^%g",
           f->D, f->G, f->psi, f->ac, f->al_scale, f->n);
}

const cs_law cs_law_elastic_fractal = {
  .name = "fractal",
  .family = CS_ELASTIC,
  .summary = "journal in bearing: fractal rough-surface stiffness K_n (elastic and "
             "elastic-plastic asperities) in F = K_n delta^n",
  .source = "Li, Han, Wang, Sun & Li 2018 (003) eqs. 1-14, 16",
  .params = fractal_params,
  .nparams = NPARAM,
  .create = fractal_create,
  .destroy = free,
  .elastic = fractal_force,
  .energy = fractal_energy,
  .report = fractal_report,
};
