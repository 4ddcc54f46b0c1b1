/* restitution_impact.c — restitution laws that depend on the impact velocity: the
 * elastic–plastic models reviewed by Liu, Chen & Shi 2022 (001 §2.2), their yield-strength
 * model (001 eqs. 14–15), and Herbert & McWhannell's empirical e(v) (004 §3.3).
 *
 * The elastic–plastic models share one picture. Below the velocity V_y at which a Hertz impact
 * first yields, the impact is elastic and c_r = 1; above it each model gives its own c_r(V).
 * V_y comes from the Hertz energy balance ½ m* V_y² = (8/15) E* R*^½ δ_y^(5/2) with
 * δ_y = R* (π p_y / (2E*))², p_y = C(ν) σ_y the peak Hertz pressure at first yield, with 001
 * eq. 9's critical yield coefficient C(ν) = 1.295 exp(0.736 ν) (Jackson & Green 2005's fit; 1.615
 * at ν = 0.3, 1.663 at aluminium's 0.34) and ν the Poisson ratio of the body that yields:
 *     V_y = sqrt(16/15 (π/2)^5) · (p_y^5 R*³ / (E*^4 m*))^½,
 * the "3.194" printed under 001 eq. 8 (Thornton 1997's V_y written with m* instead of ρ).
 * σ_y is the lower of the two bodies' yield strengths: 001 §2.3 — only the weaker body yields.
 *
 * The formulas are fits or fully-plastic asymptotes; past their range some fall below zero
 * (001 eqs. 10/15 at V ≈ 790 V_y, Herbert–McWhannell at 57 m/s) or rise above one (Johnson,
 * Wu and Ma–Liu near V_y). The result is kept in [CR_FLOOR, 1].
 *
 * Line contacts (journal in bearing) use the same point-contact formulas with R* from the two
 * radii, as 001 §4.4 does for its revolute joint.
 *
 * C identifiers carry the family (cs_law_restitution_johnson) because names repeat across
 * families: "johnson" is also an elastic law, "herbert_mcwhannell" a damping law. */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Smallest c_r handed to the damping laws, whose dissipation grows like (1 − c_r)/c_r. */
#define CR_FLOOR 0.01

/* Hertz peak pressure at first yield over σ_y, 001 eq. 9 (Jackson & Green 2005): every law
 * here that has a yield velocity takes it from this p_y. The 1.61 that 001 prints under eq. 8
 * and in eq. 15 is C(0.3) rounded; no law here keeps it. */
static double yield_coefficient(double nu) { return 1.295 * exp(0.736 * nu); }

typedef struct impact_content impact_content;
typedef double (*cr_model)(const impact_content *c, double v);

struct impact_content {
  const char *name; /* law name, for the report */
  cr_model model;   /* c_r(V) above V_y, before clamping */
  double E, R, m;   /* E*, R*, m* */
  double sy;        /* yield strength of the weaker body, Pa */
  double C;         /* critical yield coefficient C(ν) of that body, 001 eq. 9 */
  double K;         /* yield-strength-ratio factor, 001 eq. 14 (1 except liu_chen_shi) */
  double vy;        /* yield velocity, m/s (0 for herbert_mcwhannell: no elastic range) */
  double p;         /* the law's one parameter, if any (Johnson p_d/σ_y, Ma–Liu ψ, H–M a) */
};

/* ----------------------------------------------------------------- the models ---------- */

/* 001 eq. 6, Johnson 1985 ch. 11: fully plastic loading at flow pressure p_d, Hertz unloading
 * (its energy balance gives the constant 1.7176, printed 1.72).
 * Eq. 6's density ρ is the ball's: a ball of mass m* and radius R* has ρ = 3 m* / (4π R*³), which
 * lets the law run on Table 1's data (mass, no density) and on non-spherical pairs. */
static double johnson(const impact_content *c, double v)
{
  double rho = 3.0 * c->m / (4.0 * CS_PI * c->R * c->R * c->R);
  double pd = c->p * c->sy;
  return 1.72 * pow(pow(pd, 5) / (pow(c->E, 4) * rho), 0.125) * pow(v, -0.25);
}

/* 001 eq. 8, Thornton 1997: Hertz loading to V_y, then a constant contact pressure p_y. */
static double thornton(const impact_content *c, double v)
{
  double y = c->vy / v;
  double y2 = y * y;
  return sqrt(6.0 * sqrt(3.0) / 5.0) * sqrt(1.0 - y2 / 6.0) *
         pow(y / (y + 2.0 * sqrt(6.0 / 5.0 - y2 / 5.0)), 0.25);
}

/* 001 eq. 10, Jackson, Green & Marghitu 2010 (fit to finite elements); with V_y from K σ_y it is
 * also 001 eq. 15. The constant 59 is 001's (eqs. 10 and 15 agree). */
static double jackson_green(const impact_content *c, double v)
{
  double x = v / c->vy;
  return 1.0 - 0.1 * log(x) * pow((x - 1.0) / 59.0, 0.156);
}

/* 001 eq. 11, Wu, Li & Thornton 2005, as printed (σ_y/E*, not p_y/E*). It is a fit for plastic
 * impacts: it exceeds 1 below V = 0.384 (E* / σ_y) V_y, about 110 V_y for steel.
 * σ_y or p_y (issue 13): 001 prints σ_y and no stored source reaches Wu et al.'s paper; with
 * p_y = C σ_y c_r would be 1/√C = 0.79 times this. We keep the formula 001 compares, with
 * its σ_y, and record the open point in models/papers/README.md. */
static double wu(const impact_content *c, double v)
{
  return 0.62 / sqrt(v / c->vy * c->sy / c->E);
}

/* 001 eq. 13, Ma & Liu 2015: fully plastic loading F = k1 δ, k1 = 2πR*ψσ_y, then Hertz unloading
 * over the residual radius R*_res = 4E* a_max³ / (3F_max). 001 leaves R*_res to the reader
 * (its formula under eq. 7 lost an exponent); a_max² = 2R*δ_max is the truncated-sphere contact
 * radius that gives k1 its form (F = πa²·ψσ_y), and ½m*V² = ½k1 δ_max² fixes δ_max.
 * 0.81 is sqrt(4/5 · (3/4)^(2/3)) = 0.8127 of that energy balance, rounded by 001. */
static double ma_liu(const impact_content *c, double v)
{
  double k1 = 2.0 * CS_PI * c->R * c->p * c->sy;
  double dmax = v * sqrt(c->m / k1);
  double amax = sqrt(2.0 * c->R * dmax);
  double Rres = 4.0 * c->E * amax * amax * amax / (3.0 * k1 * dmax);
  return 0.81 * pow(c->E, -1.0 / 3.0) * pow(Rres, -1.0 / 6.0) * pow(k1, 5.0 / 12.0) *
         pow(c->m, -1.0 / 12.0) * pow(v, -1.0 / 6.0);
}

/* 004 §3.3: Herbert & McWhannell's empirical e = 1 − a v^(1/3), v in mm/s. */
static double herbert_mcwhannell(const impact_content *c, double v)
{
  return 1.0 - c->p * cbrt(1000.0 * v);
}

/* 001 eq. 14: how much a ball stronger than the plate raises the effective yield strength;
 * k = σ_ball/σ_plate (body 1 is the ball). Continuous at k = 1 and (to 1e-4) at k = 3. */
static double yield_ratio_factor(double k)
{
  if (k <= 1.0)
    return 1.0;
  if (k < 3.0)
    return (k - 1.0) / (2.0 + pow(k, 1.65)) + 1.0;
  return 1.246;
}

/* ----------------------------------------------------------------- shared plumbing ----- */

static double impact_cr(void *content, const cs_impact_in *in)
{
  const impact_content *c = content;
  double v = in->v_impact;
  if (!(v > c->vy))
    return 1.0;
  return fmax(CR_FLOOR, fmin(1.0, c->model(c, v)));
}

static void impact_report(void *content, char *buf, int size)
{
  const impact_content *c = content;
  if (c->vy > 0.0)
    snprintf(buf, (size_t)size,
             "%s: E*=%.6g Pa R*=%.6g m m*=%.6g kg sigma_y=%.6g Pa C=%.6g K=%.6g v_y=%.6g m/s",
             c->name, c->E, c->R, c->m, c->sy, c->C, c->K, c->vy);
  else
    snprintf(buf, (size_t)size, "%s: a=%.5g (mm/s)^-1/3, c_r=0 at %.5g m/s", c->name, c->p,
             1.0 / (1000.0 * c->p * c->p * c->p));
}

static cs_status new_content(const char *name, cr_model model, double p, impact_content **out,
                             cs_error *err)
{
  impact_content *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "restitution \"%s\": out of memory", name);
  c->name = name;
  c->model = model;
  c->p = p;
  c->K = 1.0;
  *out = c;
  return CS_OK;
}

/* The yield strength that enters V_y: the weaker body's (a strength of 0 means "not given"),
 * and that body's Poisson ratio, for C(ν). With `ratio` set (Liu–Chen–Shi), both are required
 * and 001 eq. 14's K multiplies it. */
static cs_status yield_strength(const char *name, const cs_contact_geometry *g, int ratio,
                                double *sy, double *nu, double *K, cs_error *err)
{
  double s1 = g->m1.yield_strength, s2 = g->m2.yield_strength;
  if (ratio && !(s1 > 0.0 && s2 > 0.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "restitution \"%s\": needs the yield strength of both materials (got %g and "
                   "%g Pa)",
                   name, s1, s2);
  if (!(s1 > 0.0) && !(s2 > 0.0))
    return cs_fail(err, CS_ERR_INPUT,
                   "restitution \"%s\": needs the yield strength of at least one material",
                   name);
  int first = !(s2 > 0.0) || (s1 > 0.0 && s1 <= s2);
  *sy = first ? s1 : s2;
  *nu = first ? g->m1.nu : g->m2.nu;
  *K = ratio ? yield_ratio_factor(s1 / s2) : 1.0;
  return CS_OK;
}

/* Build an elastic–plastic law's content: E*, R*, m*, σ_y, K and V_y from the geometry. */
static cs_status plastic_create(const char *name, cr_model model, int ratio, double p,
                                const cs_contact_geometry *g, void **content, cs_error *err)
{
  if (!g)
    return cs_fail(err, CS_ERR_ARGUMENT, "restitution \"%s\": no contact geometry", name);
  double E = cs_geometry_E_star(g), R = cs_geometry_R_star(g), m = cs_geometry_m_star(g);
  if (!(E > 0.0 && isfinite(E)) || !(R > 0.0 && isfinite(R)) || !(m > 0.0 && isfinite(m)))
    return cs_fail(err, CS_ERR_INPUT,
                   "restitution \"%s\": needs E* > 0, R* > 0 and m* > 0 (got E*=%g Pa, R*=%g m, "
                   "m*=%g kg): check the materials' E and nu, the radii and the masses",
                   name, E, R, m);
  double sy = 0.0, nu = 0.0, K = 1.0; /* set by yield_strength; initialised for gcc -O2 */
  cs_status st = yield_strength(name, g, ratio, &sy, &nu, &K, err);
  if (st != CS_OK)
    return st;
  impact_content *c = NULL;
  if ((st = new_content(name, model, p, &c, err)) != CS_OK)
    return st;
  c->E = E;
  c->R = R;
  c->m = m;
  c->sy = sy;
  c->K = K;
  c->C = yield_coefficient(nu);
  double py = c->C * K * sy;
  c->vy = sqrt(16.0 / 15.0 * pow(CS_PI / 2.0, 5) * pow(py, 5) * R * R * R / (pow(E, 4) * m));
  *content = c;
  return CS_OK;
}

/* Herbert–McWhannell's e(v) has no elastic range and reads nothing of the geometry. */
static cs_status empirical_create(const char *name, cr_model model, int ratio, double p,
                                  const cs_contact_geometry *g, void **content, cs_error *err)
{
  (void)ratio;
  (void)g;
  impact_content *c = NULL;
  cs_status st = new_content(name, model, p, &c, err);
  if (st == CS_OK)
    *content = c;
  return st;
}

/* ----------------------------------------------------------------- the descriptors ----- */

static const cs_param_spec johnson_params[] = {
  {"pd_ratio", "-", 1.0, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "fully plastic flow pressure over sigma_y: 1 in 001 eq. 6 (Johnson's p_d is about 3 sigma_y)"},
};

static const cs_param_spec ma_liu_params[] = {
  {"psi", "-", 2.8, 1.0, INFINITY, CS_PARAM_LO_OPEN,
   "hardness over yield strength of the fully plastic stage, k1 = 2 pi R* psi sigma_y"},
};

static const cs_param_spec herbert_mcwhannell_params[] = {
  {"a", "(mm/s)^-1/3", 0.026, 0.0, INFINITY, CS_PARAM_LO_OPEN,
   "coefficient of e = 1 - a v^(1/3), v in mm/s"},
};

/* One descriptor per law: `build` (plastic_create or empirical_create) makes the content of
 * c_r model `model` from the law's one parameter, when its table (`table`, `n` rows) has one;
 * `ratio` raises V_y by 001 eq. 14's K. */
#define IMPACT_LAW(id, build, model, ratio, table, n, summary_, source_)                       \
  CS_LAW_MEMBER(restitution, id, CS_RESTITUTION, table, n,                                     \
                build(#id, model, ratio, (n) > 0 ? p[0] : 0.0, g, content, err), summary_,     \
                source_, .restitution = impact_cr, .report = impact_report);

IMPACT_LAW(johnson, plastic_create, johnson, 0, johnson_params, CS_NPARAMS(johnson_params),
           "fully plastic impact, c_r ~ V^-1/4 (Johnson)",
           "Liu, Chen & Shi 2022 (001) eq. 6, V_y with p_y = C(nu) sigma_y of eq. 9; Johnson 1985 "
           "ch. 11")
IMPACT_LAW(thornton, plastic_create, thornton, 0, NULL, 0,
           "elastic-perfectly plastic spheres, Hertz then constant pressure (Thornton)",
           "Liu, Chen & Shi 2022 (001) eq. 8 with p_y = C(nu) sigma_y of eq. 9; Thornton 1997 "
           "(p_y given; 1.61 sigma_y is C(0.3))")
IMPACT_LAW(jackson_green, plastic_create, jackson_green, 0, NULL, 0,
           "finite-element fit for an elastic-plastic sphere on a flat (Jackson-Green)",
           "Liu, Chen & Shi 2022 (001) eqs. 9-10, p_y = C(nu) sigma_y; Jackson, Green & Marghitu "
           "2010")
IMPACT_LAW(wu, plastic_create, wu, 0, NULL, 0,
           "finite-element fit for plastic impacts, c_r ~ V^-1/2 (Wu, Li & Thornton)",
           "Liu, Chen & Shi 2022 (001) eq. 11 as printed (sigma_y/E*, V_y with C(nu) of eq. 9); "
           "Wu, Li & Thornton 2005")
IMPACT_LAW(ma_liu, plastic_create, ma_liu, 0, ma_liu_params, CS_NPARAMS(ma_liu_params),
           "fully plastic loading, Hertz unloading over the residual radius (Ma-Liu)",
           "Liu, Chen & Shi 2022 (001) eqs. 12-13, V_y with p_y = C(nu) sigma_y of eq. 9; Ma & Liu "
           "2015")
/* 001 eq. 15 is eq. 10 with V_y raised by eq. 14's K: the same model, a different V_y. */
IMPACT_LAW(liu_chen_shi, plastic_create, jackson_green, 1, NULL, 0,
           "Jackson-Green with the yield velocity raised by the yield-strength ratio",
           "Liu, Chen & Shi 2022 (001) eqs. 14-15 with eq. 9's C(nu) for the 1.61 of eq. 15")
IMPACT_LAW(herbert_mcwhannell, empirical_create, herbert_mcwhannell, 0,
           herbert_mcwhannell_params, CS_NPARAMS(herbert_mcwhannell_params),
           "empirical e = 1 - 0.026 v^(1/3), v in mm/s (Herbert-McWhannell)",
           "Autiero et al. 2022 (004) §3.3; Herbert & McWhannell 1977")
