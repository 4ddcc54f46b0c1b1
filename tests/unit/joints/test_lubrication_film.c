/* The oil film's force (joints/tribology/cs_film.h) against independent evaluations: the classical
 * steady-load formulas of both bearings, the short bearing's π film integrated by brute
 * force from its pressure (any mix of wedge, whirl and squeeze), Sommerfeld's full-film
 * pressure integrated numerically, the squeeze film's closed form, and the derivatives
 * against centred differences, in the full film and past the boundary film. */
#include "cs_film.h"
#include "cs_test.h"

#include <string.h>

static const double mu = 0.05, R = 0.01, L = 0.02, c = 50e-6;

static cs_lubrication lub(cs_film_model model)
{
  return (cs_lubrication){model, mu, 0.5e-6};
}

/* The short bearing's force by brute force: F = R ∫∫ −p (cos φ, sin φ) dz dφ over the
 * positive pressure, p from the short-bearing solution, midpoint rule over the whole turn, in
 * the (n, t) frame. */
static void short_brute(double eps, double A, double B, double F[2])
{
  enum { N = 400000 };
  double K = mu * R * L * L * L / (2 * c * c), h = 2 * M_PI / N;
  F[0] = F[1] = 0.0;
  for (int i = 0; i < N; i++) {
    double phi = (i + 0.5) * h, D = 1 - eps * cos(phi);
    double g = fmin(0.0, A * sin(phi) - B * cos(phi)) / (D * D * D);
    F[0] += K * g * cos(phi) * h;
    F[1] += K * g * sin(phi) * h;
  }
}

/* Sommerfeld's long bearing by quadrature: h³ p' = R² [6 μ Ω h − 12 μ c ε' sin φ + C], C
 * from p's periodicity, F_n = R L ∫ p' sin φ, F_t = −R L ∫ p' cos φ. */
static void long_brute(double eps, double Omega, double epsdot, double F[2])
{
  enum { N = 200000 };
  double s2 = 0, s3 = 0, dphi = 2 * M_PI / N;
  for (int i = 0; i < N; i++) {
    double hh = c * (1 - eps * cos((i + 0.5) * dphi));
    s2 += dphi / (hh * hh);
    s3 += dphi / (hh * hh * hh);
  }
  double C = -6 * mu * Omega * s2 / s3;
  F[0] = F[1] = 0.0;
  for (int i = 0; i < N; i++) {
    double phi = (i + 0.5) * dphi, hh = c * (1 - eps * cos(phi));
    double dp = R * R * (6 * mu * Omega * hh - 12 * mu * c * epsdot * sin(phi) + C) /
                (hh * hh * hh);
    F[0] += R * L * dp * sin(phi) * dphi;
    F[1] += -R * L * dp * cos(phi) * dphi;
  }
}

/* the film at e = c ε (cos g, sin g), e' = (ε' c) n + (c ε γ') t, journal turning at ω */
static void film_at(cs_film_model model, double eps, double g, double epsdot, double gdot,
                    double omega, cs_film *f, double n[2], double t[2])
{
  cs_lubrication l = lub(model);
  n[0] = cos(g), n[1] = sin(g), t[0] = -n[1], t[1] = n[0];
  double e[2] = {c * eps * n[0], c * eps * n[1]};
  double r[2] = {c * epsdot * n[0] + c * eps * gdot * t[0],
                 c * epsdot * n[1] + c * eps * gdot * t[1]};
  cs_film_eval(&l, R, L, c, e, r, omega, f);
}

static void steady(void)
{
  const double omega = 200.0;
  for (double eps = 0.05; eps < 0.95; eps += 0.2) {
    cs_film f;
    double n[2], t[2];
    film_at(CS_FILM_SHORT_BEARING, eps, 0.7, 0, 0, omega, &f, n, t);
    double W = hypot(f.force[0], f.force[1]);
    double want = mu * R * omega * L * L * L / (4 * c * c) * eps / pow(1 - eps * eps, 2) *
                  sqrt(M_PI * M_PI * (1 - eps * eps) + 16 * eps * eps);
    double fn = f.force[0] * n[0] + f.force[1] * n[1], ft = f.force[0] * t[0] + f.force[1] * t[1];
    CHECK_REL(W, want, 1e-12, "short bearing: steady load W(eps)");
    CHECK_REL(ft / -fn, M_PI * sqrt(1 - eps * eps) / (4 * eps), 1e-12,
              "short bearing: tan(attitude angle)");
    film_at(CS_FILM_LONG_BEARING, eps, 0.7, 0, 0, omega, &f, n, t);
    fn = f.force[0] * n[0] + f.force[1] * n[1], ft = f.force[0] * t[0] + f.force[1] * t[1];
    want = 12 * M_PI * mu * omega * R * R * R * L * eps /
           (c * c * (2 + eps * eps) * sqrt(1 - eps * eps));
    CHECK_REL(ft, want, 1e-12, "long bearing: Sommerfeld's steady load");
    CHECK(fabs(fn) <= 1e-12 * want, "long bearing: attitude 90 degrees (radial %.3g N)", fn);
  }
}

/* Any mix of wedge, whirl and squeeze against the brute-force integrals. */
static void mixed(void)
{
  static const double cases[][4] = {/* ε, ε', γ', ω */
                                    {0.3, 0.0, 0.0, 200},   {0.6, 50, 0, 0},
                                    {0.6, -50, 0, 0},       {0.5, 30, 40, 200},
                                    {0.8, -20, 150, 120},   {0.2, 5, -300, 80},
                                    {0.9, 10, 0, -200},     {0.4, 0, 100, 200},
                                    {0.7, -80, -90, 30}};
  double worst_s = 0, worst_l = 0;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    double eps = cases[i][0], epsdot = cases[i][1], gdot = cases[i][2], omega = cases[i][3];
    cs_film f;
    double n[2], t[2], F[2];
    film_at(CS_FILM_SHORT_BEARING, eps, -1.3, epsdot, gdot, omega, &f, n, t);
    short_brute(eps, eps * (omega - 2 * gdot), 2 * epsdot, F);
    double fn = f.force[0] * n[0] + f.force[1] * n[1], ft = f.force[0] * t[0] + f.force[1] * t[1];
    double scale = fmax(hypot(F[0], F[1]), 1.0); /* N: ω = 2γ' carries no load */
    if (!(hypot(fn - F[0], ft - F[1]) <= 1e-6 * scale))
      printf("case %zu: short %.6g %.6g, quadrature %.6g %.6g\n", i, fn, ft, F[0], F[1]);
    worst_s = fmax(worst_s, hypot(fn - F[0], ft - F[1]) / scale);
    film_at(CS_FILM_LONG_BEARING, eps, 2.1, epsdot, gdot, omega, &f, n, t);
    long_brute(eps, omega - 2 * gdot, epsdot, F);
    fn = f.force[0] * n[0] + f.force[1] * n[1], ft = f.force[0] * t[0] + f.force[1] * t[1];
    scale = fmax(hypot(F[0], F[1]), 1.0);
    worst_l = fmax(worst_l, hypot(fn - F[0], ft - F[1]) / scale);
  }
  printf("closed forms against quadrature: short %.2e, long %.2e\n", worst_s, worst_l);
  CHECK(worst_s < 1e-6, "short bearing, pi film anywhere: against its pressure (%.3g)", worst_s);
  CHECK(worst_l < 1e-6, "long bearing, full film: against its pressure (%.3g)", worst_l);
}

/* Pure squeeze: the π film sits on the line of centres, F_n = −2 K ε' a2(ε) with
 * a2 = [(1 + 2ε²)(π/2 + asin ε) + 3 ε √(1 − ε²)] / (1 − ε²)^{5/2}, and no side force. */
static void squeeze(void)
{
  for (double eps = 0.0; eps < 0.96; eps += 0.15) {
    cs_film f;
    double n[2], t[2];
    film_at(CS_FILM_SHORT_BEARING, eps, 0.3, 10.0, 0, 0, &f, n, t);
    double K = mu * R * L * L * L / (2 * c * c);
    double a2 = ((1 + 2 * eps * eps) * (M_PI / 2 + asin(eps)) + 3 * eps * sqrt(1 - eps * eps)) /
                pow(1 - eps * eps, 2.5);
    double fn = f.force[0] * n[0] + f.force[1] * n[1], ft = f.force[0] * t[0] + f.force[1] * t[1];
    CHECK_REL(fn, -2 * K * 10.0 * a2, 1e-12, "short bearing: squeeze film's closed form");
    CHECK(fabs(ft) < 1e-12 * fabs(fn), "short bearing: a squeeze makes no side force (%.3g)", ft);
  }
}

/* ∂f/∂(e, e', ω) against centred differences, at states in the film and past h_b. */
static void derivatives(void)
{
  static const double states[][6] = {/* e_x, e_y (in c), e'_x, e'_y (m/s), ω */
                                     {0.3, -0.4, 1e-3, 4e-3, 200},
                                     {-0.7, 0.1, -2e-3, 1e-3, 50},
                                     {0.05, 0.02, 5e-4, -3e-4, 0},
                                     {0.6, 0.75, 1e-3, -1e-3, 150}, /* ε 0.96: past h_b */
                                     {-0.2, 0.98, 0, 2e-3, -100},   /* ε 1.0: dry overlap */
                                     {1e-3, 2e-3, 3e-3, 1e-3, 200}}; /* near the centre */
  for (int model = CS_FILM_SHORT_BEARING; model <= CS_FILM_LONG_BEARING; model++) {
    cs_lubrication l = {model, mu, 0.05 * c};
    double worst = 0;
    for (size_t s = 0; s < sizeof states / sizeof *states; s++) {
      double x[5] = {states[s][0] * c, states[s][1] * c, states[s][2], states[s][3], states[s][4]};
      cs_film f, fp, fm;
      cs_film_eval(&l, R, L, c, x, x + 2, x[4], &f);
      double scale = hypot(f.force[0], f.force[1]);
      for (int k = 0; k < 5; k++) {
        double y[5], hk = k < 2 ? 1e-6 * c : k < 4 ? 1e-6 * fmax(1e-3, fabs(x[k])) : 1e-3;
        memcpy(y, x, sizeof y);
        y[k] += hk;
        cs_film_eval(&l, R, L, c, y, y + 2, y[4], &fp);
        y[k] -= 2 * hk;
        cs_film_eval(&l, R, L, c, y, y + 2, y[4], &fm);
        for (int i = 0; i < 2; i++) {
          double an = k < 2 ? f.d_e[2 * i + k] : k < 4 ? f.d_rate[2 * i + k - 2] : f.d_omega[i];
          double fd = (fp.force[i] - fm.force[i]) / (2 * hk);
          double unit = k < 2 ? c : k < 4 ? 1e-3 : 100.0; /* per typical change of the input */
          worst = fmax(worst, fabs(an - fd) * unit / scale);
        }
      }
    }
    printf("%s: derivatives off %.2e (of the force, per typical input change)\n",
           cs_film_model_names[model - 1], worst);
    CHECK(worst < 1e-6, "%s: derivatives against differences (%.3g)",
          cs_film_model_names[model - 1], worst);
  }
}

/* Past the boundary film the force is continuous and bounded: the one at ε_b. */
static void saturation(void)
{
  cs_lubrication l = {CS_FILM_SHORT_BEARING, mu, 0.02 * c};
  double eb = 0.98, n[2] = {0.6, 0.8};
  cs_film below, above, far;
  double r[2] = {1e-3 * n[0], 1e-3 * n[1]};
  double e1[2] = {c * (eb - 1e-9) * n[0], c * (eb - 1e-9) * n[1]};
  double e2[2] = {c * (eb + 1e-9) * n[0], c * (eb + 1e-9) * n[1]};
  double e3[2] = {c * 1.001 * n[0], c * 1.001 * n[1]};
  cs_film_eval(&l, R, L, c, e1, r, 200, &below);
  cs_film_eval(&l, R, L, c, e2, r, 200, &above);
  cs_film_eval(&l, R, L, c, e3, r, 200, &far);
  CHECK(!below.saturated && above.saturated && far.saturated, "saturation flags");
  CHECK_REL(above.force[0], below.force[0], 1e-6, "film force continuous at h_b");
  CHECK_REL(far.force[1], above.force[1], 1e-3, "past h_b, the film force stays at h_b's");
  CHECK(isfinite(far.force[0]) && far.h_min < 0, "in dry overlap, the film force is finite");
}

int main(void)
{
  steady();
  mixed();
  squeeze();
  derivatives();
  saturation();
  return cs_test_finish();
}
