/* cs_law_util.c — geometry checks, the strain energy by quadrature, power laws, the power-law
 * fit, the safeguarded Newton of the implicit laws and the log-law family (see cs_law_util.h). */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- geometry checks -------- */

double cs_geometry_clearance(const cs_contact_geometry *g)
{
  return g->internal ? g->R2 - g->R1 : g->R1 + g->R2;
}

static cs_status check_material(const char *law, int body, const cs_material *m, cs_error *err)
{
  if (!(m->E > 0.0 && isfinite(m->E)))
    return cs_fail(err, CS_ERR_INPUT, "%s: material of body %d: E = %g Pa, expected > 0", law,
                   body, m->E);
  if (!(m->nu > -1.0 && m->nu <= 0.5))
    return cs_fail(err, CS_ERR_INPUT, "%s: material of body %d: nu = %g, expected in (-1, 0.5]",
                   law, body, m->nu);
  return CS_OK;
}

cs_status cs_check_materials(const char *law, const cs_contact_geometry *g, cs_error *err)
{
  cs_status st = check_material(law, 1, &g->m1, err);
  return st != CS_OK ? st : check_material(law, 2, &g->m2, err);
}

cs_status cs_check_radii(const char *law, const cs_contact_geometry *g, int flat_ok,
                         cs_error *err)
{
  if (!(g->R1 > 0.0 && isfinite(g->R1)))
    return cs_fail(err, CS_ERR_INPUT, "%s: needs the radius R1 of body 1 > 0, got %g m", law,
                   g->R1);
  if (g->internal && !(g->R2 > g->R1 && isfinite(g->R2)))
    return cs_fail(err, CS_ERR_INPUT,
                   "%s: internal contact needs the hole radius R2 > R1 = %g m, got R2 = %g m",
                   law, g->R1, g->R2);
  if (!g->internal && !((g->R2 > 0.0 || (flat_ok && g->R2 == 0.0)) && isfinite(g->R2)))
    return cs_fail(err, CS_ERR_INPUT, "%s: external contact needs the radius R2 of body 2 > 0%s, "
                   "got %g m", law, flat_ok ? " (or 0 for a flat)" : " (a flat is not allowed)",
                   g->R2);
  return CS_OK;
}

cs_status cs_check_line(const char *law, const cs_contact_geometry *g, int flat_ok,
                        cs_error *err)
{
  if (g->shape != CS_CONTACT_LINE)
    return cs_fail(err, CS_ERR_INPUT, "%s: a law of cylinders in line contact, but the contact "
                   "is a point contact", law);
  if (!(g->length > 0.0 && isfinite(g->length)))
    return cs_fail(err, CS_ERR_INPUT, "%s: needs the axial length of the line contact > 0, got "
                   "%g m", law, g->length);
  cs_status st = cs_check_radii(law, g, flat_ok, err);
  return st != CS_OK ? st : cs_check_materials(law, g, err);
}

/* ---------------------------------------------------------------- strain energy --------- */

/* 8-point Gauss–Legendre on [a, b] in t, of g(t) = 2 δ t F_e(δ t²). */
static double energy_gl8(cs_force_fn *force, void *content, double delta, double a, double b)
{
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                              0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                              0.1012285362903763};
  double c = 0.5 * (a + b), h = 0.5 * (b - a), sum = 0.0;
  for (int i = 0; i < 4; i++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      double t = c + sgn * h * x[i];
      sum += w[i] * 2.0 * delta * t * force(content, delta * t * t, NULL);
    }
  return h * sum;
}

static double energy_adapt(cs_force_fn *force, void *content, double delta, double a, double b,
                           double whole, double tol, int depth)
{
  double m = 0.5 * (a + b);
  double left = energy_gl8(force, content, delta, a, m);
  double right = energy_gl8(force, content, delta, m, b);
  if (depth <= 0 || fabs(left + right - whole) <= tol)
    return left + right;
  return energy_adapt(force, content, delta, a, m, left, 0.5 * tol, depth - 1) +
         energy_adapt(force, content, delta, m, b, right, 0.5 * tol, depth - 1);
}

double cs_energy_quad_kinks(cs_force_fn *force, void *content, double delta,
                            const double *kinks, int nkinks)
{
  if (!(delta > 0.0))
    return 0.0;
  double whole = energy_gl8(force, content, delta, 0.0, 1.0);
  double tol = 1e-12 * fabs(whole);
  if (!(tol > 0.0)) /* F_e ≡ 0 at the nodes (a law whose force starts late): absolute scale */
    tol = 1e-300;
  double sum = 0.0, a = 0.0;
  for (int i = 0; i <= nkinks; i++) {
    double b = i < nkinks ? sqrt(kinks[i] / delta) : 1.0; /* s = δ t² */
    if (!(b > a) || b > 1.0)
      continue;
    double piece = energy_gl8(force, content, delta, a, b);
    sum += energy_adapt(force, content, delta, a, b, piece, tol * (b - a), 30);
    a = b;
  }
  return sum;
}

double cs_energy_quad(cs_force_fn *force, void *content, double delta)
{
  return cs_energy_quad_kinks(force, content, delta, NULL, 0);
}

/* ---------------------------------------------------------------- power laws ------------- */

double cs_power_force(const cs_power *p, double delta, double *dF)
{
  if (!(delta > 0.0)) {
    if (dF)
      *dF = 0.0;
    return 0.0;
  }
  /* Hertz's 3/2 by a square root: pow was 5 % of a clearance mechanism's right-hand side */
  double F = p->K * (p->n == 1.5 ? delta * sqrt(delta) : pow(delta, p->n));
  if (dF)
    *dF = p->n * F / delta;
  return F;
}

double cs_power_energy(const cs_power *p, double delta)
{
  return delta > 0.0 ? p->K * pow(delta, p->n + 1.0) / (p->n + 1.0) : 0.0;
}

double cs_hertz_stiffness(const cs_contact_geometry *g)
{
  return 4.0 / 3.0 * cs_geometry_E_star(g) * sqrt(cs_geometry_R_star(g));
}

typedef struct power_content {
  const char *name;
  cs_power p;
} power_content;

cs_status cs_power_new(const char *name, double K, double n, void **content, cs_error *err)
{
  if (!(K > 0.0 && isfinite(K) && n > 0.0 && isfinite(n)))
    return cs_fail(err, CS_ERR_INPUT, "%s: stiffness K = %g and exponent n = %g, expected both "
                   "> 0", name, K, n);
  power_content *c = malloc(sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", name);
  c->name = name;
  c->p.K = K;
  c->p.n = n;
  *content = c;
  return CS_OK;
}

double cs_power_elastic_op(void *content, double delta, double *dFe)
{
  return cs_power_force(&((power_content *)content)->p, delta, dFe);
}

double cs_power_energy_op(void *content, double delta)
{
  return cs_power_energy(&((power_content *)content)->p, delta);
}

void cs_power_report_op(void *content, char *buf, int size)
{
  const power_content *c = content;
  snprintf(buf, (size_t)size, "%s: F = K delta^n, K = %.6g N/m^%.4g, n = %.5g", c->name, c->p.K,
           c->p.n, c->p.n);
}

/* ---------------------------------------------------------------- the power-law fit ------ */

/* Sum of squared residuals of K δ^n against F, with K = e^lnK. */
static double fit_residual(const double *x, const double *F, int m, double lnK, double n)
{
  double S = 0.0;
  for (int i = 0; i < m; i++) {
    double r = exp(lnK + n * x[i]) - F[i];
    S += r * r;
  }
  return S;
}

cs_status cs_power_fit(const double *delta, const double *F, int m, cs_power *fit,
                       double *max_rel_err, cs_error *err)
{
  if (m < 2)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_power_fit: needs at least two samples");
  double *x = malloc((size_t)m * sizeof *x);
  if (!x)
    return cs_fail(err, CS_ERR_MEMORY, "cs_power_fit: out of memory");
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int i = 0; i < m; i++) {
    if (!(delta[i] > 0.0 && F[i] > 0.0)) {
      free(x);
      return cs_fail(err, CS_ERR_ARGUMENT, "cs_power_fit: sample %d is not positive", i);
    }
    x[i] = log(delta[i]);
    double y = log(F[i]);
    sx += x[i], sy += y, sxx += x[i] * x[i], sxy += x[i] * y;
  }
  /* start: the log-log least squares line */
  double n = (m * sxy - sx * sy) / (m * sxx - sx * sx);
  double lnK = (sy - n * sx) / m;
  double S = fit_residual(x, F, m, lnK, n), lambda = 1e-3;
  for (int it = 0; it < 200 && lambda < 1e16; it++) {
    double a11 = 0, a12 = 0, a22 = 0, g1 = 0, g2 = 0;
    for (int i = 0; i < m; i++) {
      double f = exp(lnK + n * x[i]), r = f - F[i];
      a11 += f * f, a12 += f * f * x[i], a22 += f * f * x[i] * x[i];
      g1 += f * r, g2 += f * x[i] * r;
    }
    double b11 = a11 * (1 + lambda), b22 = a22 * (1 + lambda), det = b11 * b22 - a12 * a12;
    double d1 = (-g1 * b22 + g2 * a12) / det, d2 = (-g2 * b11 + g1 * a12) / det;
    double St = fit_residual(x, F, m, lnK + d1, n + d2);
    if (!(St < S)) {
      lambda *= 10.0; /* Levenberg: lean towards gradient descent until the step helps */
      continue;
    }
    lnK += d1, n += d2, S = St;
    lambda = fmax(lambda / 10.0, 1e-12);
    if (fabs(d1) < 1e-13 && fabs(d2) < 1e-13 * fabs(n))
      break;
  }
  double emax = 0.0;
  for (int i = 0; i < m; i++)
    emax = fmax(emax, fabs(exp(lnK + n * x[i]) - F[i]) / F[i]);
  free(x);
  fit->K = exp(lnK);
  fit->n = n;
  if (max_rel_err)
    *max_rel_err = emax;
  return CS_OK;
}

/* ---------------------------------------------------------------- implicit laws ---------- */

double cs_implicit_force(cs_delta_of_force delta_of, const void *ctx, double delta,
                         double F_hi)
{
  if (!(delta > 0.0))
    return 0.0;
  double dd, d_hi = delta_of(ctx, F_hi, &dd);
  if (delta >= d_hi)
    return F_hi;
  double target = log(delta), hi = log(F_hi), lo = -INFINITY;
  /* start on the secant through the origin; Newton's first step brackets from below */
  double u = fmin(hi, hi + log(delta / d_hi));
  for (int it = 0; it < 200; it++) {
    double F = exp(u), d = delta_of(ctx, F, &dd);
    double phi = d > 0.0 ? log(d) - target : -INFINITY;
    if (fabs(phi) <= 1e-14)
      return F;
    if (phi > 0.0)
      hi = u;
    else
      lo = u;
    double slope = F * dd / d, next = u - phi / slope;
    if (!(slope > 0.0 && next > lo && next < hi)) /* Newton left the bracket: bisect */
      next = isfinite(lo) ? 0.5 * (lo + hi) : hi - 2.0 * (hi - u) - 1.0;
    if (fabs(next - u) <= 1e-15 * fmax(1.0, fabs(u)))
      return exp(next);
    u = next;
  }
  return exp(u);
}

/* ---------------------------------------------------------------- log laws --------------- */

const cs_param_spec cs_loglaw_params[1] = {
  {"fit_range", "m", 0.0, 0.0, INFINITY, 0,
   "0: solve the implicit law at every call; > 0: fit F = K delta^n over 0 < delta <= "
   "fit_range at load time (004 sec. 2) and evaluate the fit; fit_range <= delta_c (the "
   "formula's domain, in the law's report) lifts the run's past-the-domain warning"},
};

double cs_loglaw_delta(const cs_loglaw *law, double F, double *ddelta_dF)
{
  if (F > law->F_c) { /* the continuation F = F_c (δ/δ_c)^N, inverted */
    double d = law->delta_c * pow(F / law->F_c, 1.0 / CS_LOGLAW_N_CAP);
    *ddelta_dF = d / (CS_LOGLAW_N_CAP * F);
    return d;
  }
  double L = log(law->b / F) + law->c;
  *ddelta_dF = law->a * (L - 1.0);
  return law->a * F * L;
}

static double exact_delta(const void *ctx, double F, double *dd)
{
  return cs_loglaw_delta(ctx, F, dd);
}

double cs_loglaw_force(const cs_loglaw *law, double delta, double *dF)
{
  double F = 0.0, slope = 0.0;
  if (delta >= law->delta_c) {
    F = law->F_c * pow(delta / law->delta_c, CS_LOGLAW_N_CAP);
    slope = CS_LOGLAW_N_CAP * F / delta;
  } else if (delta > 0.0) {
    double dd;
    F = cs_implicit_force(exact_delta, law, delta, law->F_c);
    cs_loglaw_delta(law, F, &dd);
    slope = 1.0 / dd; /* implicit function theorem */
  }
  if (dF)
    *dF = slope;
  return F;
}

/* U = F δ − ∫0^F δ(f) df, and ∫0^F a f (ln(b/f) + c) df = a F²/2 (ln(b/F) + c + 1/2), so on the
 * exact branch U = F δ/2 − a F²/4. */
double cs_loglaw_energy(const cs_loglaw *law, double delta)
{
  if (!(delta > 0.0))
    return 0.0;
  if (delta >= law->delta_c)
    return law->U_c + law->F_c * law->delta_c / (CS_LOGLAW_N_CAP + 1.0) *
                          (pow(delta / law->delta_c, CS_LOGLAW_N_CAP + 1.0) - 1.0);
  double F = cs_loglaw_force(law, delta, NULL);
  return 0.5 * F * delta - 0.25 * law->a * F * F;
}

static cs_status loglaw_fit(cs_loglaw *law, cs_error *err)
{
  enum { N = CS_LOGLAW_FIT_SAMPLES };
  double *d = malloc(2 * N * sizeof *d), *F = d + N, dd;
  if (!d)
    return cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", law->name);
  double F_max = cs_loglaw_force(law, law->fit_range, NULL);
  for (int k = 0; k < N; k++) {
    F[k] = F_max * (k + 1) / N;
    d[k] = cs_loglaw_delta(law, F[k], &dd);
  }
  cs_status st = cs_power_fit(d, F, N, &law->fit, &law->fit_error, err);
  free(d);
  law->fitted = st == CS_OK;
  return st;
}

cs_status cs_loglaw_new(const char *name, double a, double b, double c, double fit_range,
                        void **content, cs_error *err)
{
  if (!(a > 0.0 && isfinite(a) && b > 0.0 && isfinite(b) && isfinite(c)))
    return cs_fail(err, CS_ERR_INPUT, "%s: the geometry gives no usable law (a = %g m/N, "
                   "b = %g N, c = %g)", name, a, b, c);
  cs_loglaw *law = calloc(1, sizeof *law);
  if (!law)
    return cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", name);
  law->name = name;
  law->a = a, law->b = b, law->c = c;
  /* local exponent d ln F / d ln δ = 1 + 1/(ln(b/F) + c − 1) reaches N_CAP where
   * ln(b/F) + c = L_c */
  double L_c = 1.0 + 1.0 / (CS_LOGLAW_N_CAP - 1.0);
  law->F_c = b * exp(c - L_c);
  law->delta_c = a * law->F_c * L_c;
  law->U_c = 0.5 * law->F_c * law->delta_c - 0.25 * a * law->F_c * law->F_c;
  law->fit_range = fit_range;
  if (fit_range > 0.0) {
    cs_status st = loglaw_fit(law, err);
    if (st != CS_OK) {
      free(law);
      return st;
    }
  }
  *content = law;
  return CS_OK;
}

double cs_loglaw_elastic_op(void *content, double delta, double *dFe)
{
  const cs_loglaw *law = content;
  return law->fitted ? cs_power_force(&law->fit, delta, dFe) : cs_loglaw_force(law, delta, dFe);
}

double cs_loglaw_energy_op(void *content, double delta)
{
  const cs_loglaw *law = content;
  return law->fitted ? cs_power_energy(&law->fit, delta) : cs_loglaw_energy(law, delta);
}

cs_status cs_loglaw_create(const char *name, int flat_ok, cs_loglaw_coefficients *abc,
                           const double *params, const cs_contact_geometry *g, void **content,
                           cs_error *err)
{
  cs_status st = cs_check_line(name, g, flat_ok, err);
  if (st != CS_OK)
    return st;
  cs_loglaw_abc k = abc(g);
  return cs_loglaw_new(name, k.a, k.b, k.c, params[0], content, err);
}

/* The exact law ends at δ_c (past it the continuation F ∝ δ³ stands in). A fit taken within
 * it (fit_range ≤ δ_c) is 004 §2's power law over the formula's valid range and holds beyond
 * by construction; a fit reaching past δ_c was fitted to the stand-in, so δ_c stays its
 * limit. */
double cs_loglaw_domain_op(void *content)
{
  const cs_loglaw *l = content;
  return l->fitted && l->fit_range <= l->delta_c ? INFINITY : l->delta_c;
}

void cs_loglaw_report_op(void *content, char *buf, int size)
{
  const cs_loglaw *l = content;
  int used = snprintf(buf, (size_t)size,
                      "%s: delta = a F (ln(b/F) + c), a = %.6g m/N, b = %.6g N, c = %.4g; exact "
                      "up to F_c = %.5g N (delta_c = %.4g m), beyond F = F_c (delta/delta_c)^%g",
                      l->name, l->a, l->b, l->c, l->F_c, l->delta_c, CS_LOGLAW_N_CAP);
  if (l->fitted && used >= 0 && used < size)
    snprintf(buf + used, (size_t)(size - used),
             "; evaluates the fit F = K delta^n over delta <= %.4g m%s: K = %.6g N/m^n, n = %.5g, "
             "max rel. error %.3g %% over its %d samples F_k = k F_max/%d", l->fit_range,
             l->fit_range > l->delta_c ? " (past delta_c)" : "", l->fit.K, l->fit.n,
             100.0 * l->fit_error, CS_LOGLAW_FIT_SAMPLES, CS_LOGLAW_FIT_SAMPLES);
}
