/* clearance_film.c — the oil film's force on a journal and its exact derivatives (cs_film.h).
 *
 * Every quantity is a value with its derivatives along the five inputs (e_x, e_y, e'_x, e'_y,
 * ω): forward differentiation of the very expressions that give the force, so the Jacobian
 * blocks are those of the computed force, whatever the branch (π film's position, saturation). */
#include "cs_film.h"

#include <math.h>

const char *const cs_film_model_names[] = {"short_bearing", "long_bearing", NULL};

enum { ND = 5 };

typedef struct dn {
  double v, d[ND];
} dn;

static dn cst(double v) { return (dn){v, {0}}; }

static dn var(double v, int i)
{
  dn x = cst(v);
  x.d[i] = 1.0;
  return x;
}

static dn add(dn a, dn b)
{
  for (int i = 0; i < ND; i++)
    a.d[i] += b.d[i];
  a.v += b.v;
  return a;
}

static dn sub(dn a, dn b)
{
  for (int i = 0; i < ND; i++)
    a.d[i] -= b.d[i];
  a.v -= b.v;
  return a;
}

static dn scale(dn a, double s)
{
  for (int i = 0; i < ND; i++)
    a.d[i] *= s;
  a.v *= s;
  return a;
}

static dn mul(dn a, dn b)
{
  dn r = cst(a.v * b.v);
  for (int i = 0; i < ND; i++)
    r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  return r;
}

/* f(a) with f'(a) = df */
static dn chain(dn a, double f, double df)
{
  dn r = cst(f);
  for (int i = 0; i < ND; i++)
    r.d[i] = df * a.d[i];
  return r;
}

static dn dsqrt(dn a)
{
  double s = sqrt(a.v);
  return chain(a, s, 0.5 / s);
}

static dn dsin(dn a) { return chain(a, sin(a.v), cos(a.v)); }
static dn dcos(dn a) { return chain(a, cos(a.v), -sin(a.v)); }
static dn dinv(dn a) { return chain(a, 1.0 / a.v, -1.0 / (a.v * a.v)); }
static dn dpow(dn a, double p) { return chain(a, pow(a.v, p), p * pow(a.v, p - 1.0)); }

static dn datan2(dn y, dn x)
{
  double r2 = x.v * x.v + y.v * y.v;
  dn r = cst(atan2(y.v, x.v));
  if (r2 > 0.0)
    for (int i = 0; i < ND; i++)
      r.d[i] = (x.v * y.d[i] - y.v * x.d[i]) / r2;
  return r;
}

/* Sommerfeld's variable of φ, tan(ψ/2) = k tan(φ/2), continued continuously over every φ
 * (ψ(φ + 2π) = ψ(φ) + 2π): ψ = φ + 2 atan((k − 1) s c / (c² + k s²)), s, c = sin, cos φ/2. */
static dn sommerfeld(dn phi, dn k)
{
  dn s = dsin(scale(phi, 0.5)), c = dcos(scale(phi, 0.5));
  dn num = mul(sub(k, cst(1.0)), mul(s, c)), den = add(mul(c, c), mul(k, mul(s, s)));
  return add(phi, scale(datan2(num, den), 2.0));
}

/* The π film of the short bearing: f = K [(A a1 − B a2) n + (A a3 − B a1) t], with
 * a1 = ∫ sin φ cos φ / D³, a2 = ∫ cos² φ / D³, a3 = ∫ sin² φ / D³ over φ ∈ (α − π, α),
 * D = 1 − ε cos φ. In ψ: dφ/D³ = (1 + ε cos ψ)² dψ / (1 − ε²)^{5/2}, and
 *   a1 = [sin²ψ/2 − ε cos ψ] / (1 − ε²)²,
 *   a2 = [(½ + ε²) ψ + sin 2ψ / 4 + 2 ε sin ψ] / (1 − ε²)^{5/2},
 *   a3 = [ψ/2 − sin 2ψ / 4] / (1 − ε²)^{3/2}. */
static void short_bearing(dn eps, dn A, dn B, dn *fn, dn *ft)
{
  dn alpha = datan2(B, A);
  dn one_m = sub(cst(1.0), mul(eps, eps));
  dn k = dsqrt(mul(add(cst(1.0), eps), dinv(sub(cst(1.0), eps))));
  dn hi = sommerfeld(alpha, k), lo = sommerfeld(sub(alpha, cst(M_PI)), k);
  dn shi = dsin(hi), slo = dsin(lo), chi = dcos(hi), clo = dcos(lo);
  dn s2hi = dsin(scale(hi, 2.0)), s2lo = dsin(scale(lo, 2.0)), dpsi = sub(hi, lo);
  dn G1 = sub(scale(sub(mul(shi, shi), mul(slo, slo)), 0.5), mul(eps, sub(chi, clo)));
  dn G2 = add(add(mul(dpsi, add(cst(0.5), mul(eps, eps))), scale(sub(s2hi, s2lo), 0.25)),
              scale(mul(eps, sub(shi, slo)), 2.0));
  dn G3 = sub(scale(dpsi, 0.5), scale(sub(s2hi, s2lo), 0.25));
  dn a1 = mul(G1, dpow(one_m, -2.0)), a2 = mul(G2, dpow(one_m, -2.5)),
     a3 = mul(G3, dpow(one_m, -1.5));
  *fn = sub(mul(A, a1), mul(B, a2));
  *ft = sub(mul(A, a3), mul(B, a1));
}

/* Sommerfeld's full film: f = [−(B/2) / (1 − ε²)^{3/2}] n + [A / ((2 + ε²) √(1 − ε²))] t,
 * per 12 π μ R³ L / c². */
static void long_bearing(dn eps, dn A, dn B, dn *fn, dn *ft)
{
  dn e2 = mul(eps, eps), one_m = sub(cst(1.0), e2);
  *fn = mul(scale(B, -0.5), dpow(one_m, -1.5));
  *ft = mul(A, dinv(mul(add(cst(2.0), e2), dsqrt(one_m))));
}

void cs_film_eval(const cs_lubrication *lub, double R, double L, double c, const double e[2],
                  const double rate[2], double omega, cs_film *out)
{
  dn ex = var(e[0], 0), ey = var(e[1], 1), rx = var(rate[0], 2), ry = var(rate[1], 3);
  dn w = var(omega, 4);
  double r = hypot(e[0], e[1]);
  double eps_b = fmax(0.0, 1.0 - lub->boundary_film / c);
  dn nx, ny, eps;
  if (r > 1e-9 * c) {
    dn inv = dinv(dsqrt(add(mul(ex, ex), mul(ey, ey))));
    nx = mul(ex, inv);
    ny = mul(ey, inv);
    eps = scale(dinv(inv), 1.0 / c);
  } else { /* centred: any direction; ε along it (the film is then a pure squeeze damper) */
    nx = cst(1.0);
    ny = cst(0.0);
    eps = scale(ex, 1.0 / c);
  }
  out->epsilon = r / c;
  out->h_min = c - r;
  out->saturated = eps.v > eps_b;
  /* A = ε (ω − 2γ') with ε γ' = t·e'/c; saturated, ε = ε_b while γ' keeps the real |e| */
  dn tdot = add(mul(scale(ny, -1.0), rx), mul(nx, ry)), ndot = add(mul(nx, rx), mul(ny, ry));
  dn A, B = scale(ndot, 2.0 / c);
  if (out->saturated) {
    dn ratio = mul(cst(eps_b), dinv(eps)); /* ε_b / ε */
    eps = cst(eps_b);
    A = sub(scale(w, eps_b), scale(mul(ratio, tdot), 2.0 / c));
  } else {
    A = sub(mul(eps, w), scale(tdot, 2.0 / c));
  }
  dn fn, ft;
  double K;
  if (lub->model == CS_FILM_LONG_BEARING) {
    long_bearing(eps, A, B, &fn, &ft);
    K = 12.0 * M_PI * lub->viscosity * R * R * R * L / (c * c);
  } else {
    short_bearing(eps, A, B, &fn, &ft);
    K = lub->viscosity * R * L * L * L / (2.0 * c * c);
  }
  /* f = K (fn n + ft t), t = (−n_y, n_x) */
  dn fx = scale(sub(mul(fn, nx), mul(ft, ny)), K), fy = scale(add(mul(fn, ny), mul(ft, nx)), K);
  out->force[0] = fx.v;
  out->force[1] = fy.v;
  for (int j = 0; j < 2; j++) {
    out->d_e[j] = fx.d[j];
    out->d_e[2 + j] = fy.d[j];
    out->d_rate[j] = fx.d[2 + j];
    out->d_rate[2 + j] = fy.d[2 + j];
  }
  out->d_omega[0] = fx.d[4];
  out->d_omega[1] = fy.d[4];
}
