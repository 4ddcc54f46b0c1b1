/* clearance_film.c — the oil film's force on a journal and its exact derivatives (cs_film.h).
 *
 * Every quantity is a value with its derivatives along the five inputs (e_x, e_y, e'_x, e'_y,
 * ω): forward differentiation of the very expressions that give the force, so the Jacobian
 * blocks are those of the computed force, whatever the branch (π film's position, saturation). */
#include "cs_film.h"

#include <math.h>
#include <stddef.h>

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

/* The film force (fx, fy) and its derivatives (carried in the dual numbers) into *out. */
static void put_force(dn fx, dn fy, cs_film *out)
{
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
  put_force(fx, fy, out);
}

/* ---------------------------------------------------------------- a worn bearing -------- */

/* The worn bearing's depth d(θ) and its θ-derivatives (the profile the gap sees; s = R_b θ). */
typedef struct worn {
  const cs_wear *w;
  double Rb;
} worn;

static double worn_depth(const worn *b, double theta, double *d1, double *d2)
{
  if (!b->w) {
    *d1 = *d2 = 0.0;
    return 0.0;
  }
  double s1, s2, d = cs_wear_applied(b->w, b->Rb * theta, &s1, &s2);
  *d1 = b->Rb * s1;
  *d2 = b->Rb * b->Rb * s2;
  return d;
}

/* d(θ) with θ carrying derivatives */
static dn worn_depth_dn(const worn *b, dn theta)
{
  double d1, d2, d = worn_depth(b, theta.v, &d1, &d2);
  return chain(theta, d, d1);
}

/* d(θ) into *depth and d'(θ) returned, θ carrying derivatives: one read of the profile */
static dn worn_slope_dn(const worn *b, dn theta, dn *depth)
{
  double d1, d2, d = worn_depth(b, theta.v, &d1, &d2);
  if (depth)
    *depth = chain(theta, d, d1);
  return chain(theta, d1, d2);
}

/* The film's state at the quadrature: journal centre e, its rate r, the turn ω (with their
 * derivatives), h(θ) = c − e·(cos θ, sin θ) + d(θ) and Reynolds' short-bearing source
 * G(θ) = ω (e_x sin θ − e_y cos θ + d'(θ)) − 2 (r_x cos θ + r_y sin θ): the pressure, integrated
 * over the length, is −μ L³ G / (2 h³) where G < 0 (Gümbel). */
typedef struct source {
  dn ex, ey, rx, ry, w;
  double c, hb;
  const worn *b;
} source;

/* G with θ carrying derivatives (ct, st its cosine and sine, slope d'(θ)) */
static dn G_dn(const source *S, dn ct, dn st, dn slope)
{
  return sub(mul(S->w, add(sub(mul(S->ex, st), mul(S->ey, ct)), slope)),
             scale(add(mul(S->rx, ct), mul(S->ry, st)), 2.0));
}

/* G(θ) and, when dG is non-NULL, ∂G/∂θ */
static double G_of(const source *S, double th, double *dG)
{
  double c = cos(th), s = sin(th), d1, d2;
  worn_depth(S->b, th, &d1, &d2);
  if (dG)
    *dG = S->w.v * (S->ex.v * c + S->ey.v * s + d2) - 2.0 * (-S->rx.v * s + S->ry.v * c);
  return S->w.v * (S->ex.v * s - S->ey.v * c + d1) - 2.0 * (S->rx.v * c + S->ry.v * s);
}

/* G at the n points θ_k = 2π k/n in turn (n a multiple of the profile's bins when worn), for
 * locating the arcs of positive pressure: cos and sin by rotation (re-anchored every 64
 * points), d' from the spline's weights at the point's fraction of its node spacing; the
 * cost of the search is then a few operations a point (interpolate() a point was 34 % of a
 * worn journal's run). */
typedef struct walker {
  const source *S;
  int n, q;         /* points, and points per node spacing (0 unworn) */
  long k;           /* the next point */
  int i, m;         /* its node spacing and place in it (i −1: to be found) */
  double cs, sn, cr, sr;
} walker;

static void walk_from(walker *W, const source *S, int n, long k0)
{
  W->S = S;
  W->n = n;
  W->q = S->b->w ? n / S->b->w->bins : 0;
  W->k = k0;
  W->i = -1;
  W->m = 0;
  W->cr = cos(2.0 * M_PI / n);
  W->sr = sin(2.0 * M_PI / n);
  W->cs = W->sn = 0.0;
}

/* inline: left to itself, GCC (12, -O2) may call it from the search's loops, which cost a
 * worn journal's run 8 % more instructions (callgrind) */
static inline double walk_G(walker *W)
{
  const source *S = W->S;
  if ((W->k & 63) == 0 || (W->cs == 0.0 && W->sn == 0.0)) {
    W->cs = cos(2.0 * M_PI * W->k / W->n);
    W->sn = sin(2.0 * M_PI * W->k / W->n);
  }
  double c = W->cs, s = W->sn, d1 = 0.0;
  if (W->q) { /* d'(θ) of the uniform cubic B-spline, per radian (cf. interpolate()) */
    const cs_wear *w = S->b->w;
    int n = w->bins;
    if (W->m == W->q || W->i < 0) { /* the next node spacing */
      long kk = ((W->k % W->n) + W->n) % W->n;
      W->i = (int)(kk / W->q);
      W->m = (int)(kk % W->q);
    }
    int i = W->i;
    double f = (double)W->m++ / W->q, u = 1.0 - f;
    if (W->m == W->q)
      W->i = -1;
    const double *cw = w->applied;
    double a = cw[(i + n - 1) % n], b = cw[i], e = cw[(i + 1) % n], g = cw[(i + 2) % n];
    d1 = (-3 * u * u * a + (9 * f * f - 12 * f) * b + (-9 * f * f + 6 * f + 3) * e +
          3 * f * f * g) / (6.0 * 2.0 * M_PI / n);
  }
  double G = S->w.v * (S->ex.v * s - S->ey.v * c + d1) - 2.0 * (S->rx.v * c + S->ry.v * s);
  W->cs = c * W->cr - s * W->sr;
  W->sn = s * W->cr + c * W->sr;
  W->k++;
  return G;
}

/* A root of G between a and b (G(a) G(b) < 0) by bisection, carried as a function of the
 * inputs: ∂θ/∂x = −(∂G/∂x)/(∂G/∂θ) */
static dn root_of(const source *S, double a, double b)
{
  double ga = G_of(S, a, NULL);
  for (int i = 0; i < 60 && b - a > 1e-15; i++) {
    double m = 0.5 * (a + b), gm = G_of(S, m, NULL);
    if ((gm < 0) == (ga < 0))
      a = m, ga = gm;
    else
      b = m;
  }
  double th = 0.5 * (a + b), dG;
  G_of(S, th, &dG);
  dn t = cst(th);
  dn G = G_dn(S, dcos(t), dsin(t), worn_slope_dn(S->b, t, NULL));
  dn r = cst(th);
  if (dG != 0.0)
    for (int i = 0; i < ND; i++)
      r.d[i] = -G.d[i] / dG;
  return r;
}

/* Eight-point Gauss-Legendre on [a, b]: the nodes t[k] and weights w[k] (with their
 * derivatives, the ends moving with the state) */
static void gauss(dn a, dn b, dn t[8], dn w[8])
{
  static const double xi[8] = {-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
                               -0.1834346424956498, 0.1834346424956498, 0.5255324099163290,
                               0.7966664774136267, 0.9602898564975363};
  static const double wt[8] = {0.1012285362903763, 0.2223810344533745, 0.3137066458778873,
                               0.3626837833783620, 0.3626837833783620, 0.3137066458778873,
                               0.2223810344533745, 0.1012285362903763};
  dn half = scale(sub(b, a), 0.5), mid = scale(add(a, b), 0.5);
  for (int k = 0; k < 8; k++) {
    t[k] = add(mid, scale(half, xi[k]));
    w[k] = scale(half, wt[k]);
  }
}

/* h(θ), held at h_b where it is thinner: off the line of centres, a profile that bends faster
 * than the journal lets it touch there first, and the film there is the boundary film's (the
 * dry gap, too, is measured along the line of centres: cs_wear.h) */
static dn film_at(const source *S, dn ct, dn st, dn depth)
{
  dn h = add(sub(sub(cst(S->c), mul(S->ex, ct)), mul(S->ey, st)), depth);
  return h.v < S->hb ? cst(S->hb) : h;
}

/* Σ of (G/h³)(cos θ, sin θ) over the Gauss-Legendre nodes on [a, b] */
static void piece(const source *S, dn a, dn b, dn *fx, dn *fy)
{
  dn t[8], w[8];
  gauss(a, b, t, w);
  for (int k = 0; k < 8; k++) {
    dn ct = dcos(t[k]), st = dsin(t[k]), depth;
    dn G = G_dn(S, ct, st, worn_slope_dn(S->b, t[k], &depth)), h = film_at(S, ct, st, depth);
    dn q = mul(w[k], mul(G, dpow(h, -3.0)));
    *fx = add(*fx, mul(q, ct));
    *fy = add(*fy, mul(q, st));
  }
}

/* Where the piece from a towards end stops: at most wmax on, and at the first node of the
 * profile where d'' has a kink (cs_wear_next_kink, looked for up to a node past the stop). */
static double next_cut(const source *S, double a, double end, double wmax)
{
  double stop = fmin(a + wmax, end);
  const cs_wear *w = S->b->w;
  if (!w)
    return stop;
  double knot = 2.0 * M_PI / w->bins;
  long k = cs_wear_next_kink(w, (long)floor(a / knot + 1e-12) + 1, (long)ceil(stop / knot) + 1);
  return k * knot < stop ? k * knot : stop;
}

/* ∫ over the positive pressure of (G/h³)(cos θ, sin θ): the arcs where G < 0, found on a grid
 * that resolves the profile (four points per node spacing) and the film's peak, cut at the
 * profile's nodes (where d'' has its kinks) and into pieces no wider than the peak of 1/h³,
 * ≈ √(h_min/c): eight-point Gauss-Legendre on each. The Gümbel ends move with the state, but
 * G = 0 there, so only the integrand's derivatives count. */
static void integrate(const source *S, int bins, double hmin, dn *fx, dn *fy)
{
  double wmax = fmin(0.25, 0.5 * sqrt(fmax(hmin, 1e-6 * S->c) / S->c));
  int n = (int)fmax(64.0, ceil(2.0 * M_PI / wmax));
  if (S->b->w) /* four points a node at least, a whole number of them */
    n = bins * (int)fmax(4.0, ceil((double)n / bins));
  double step = 2.0 * M_PI / n;
  /* start where G is largest, so that every arc of G < 0 lies whole in one turn (a start
   * on a root would split one) */
  int i0 = 0;
  double top = -INFINITY;
  walker W;
  walk_from(&W, S, n, 0);
  for (int i = 0; i < n; i++) {
    double g = walk_G(&W);
    if (g > top)
      top = g, i0 = i;
  }
  *fx = *fy = cst(0.0);
  if (top < 0.0) { /* G < 0 all round: the whole film pushes */
    for (double a = 0.0; a < 2.0 * M_PI - 1e-15;) {
      double b = next_cut(S, a, 2.0 * M_PI, wmax);
      piece(S, cst(a), cst(b), fx, fy);
      a = b;
    }
    return;
  }
  walk_from(&W, S, n, i0);
  double prev = walk_G(&W);
  dn start = cst(0.0);
  for (int i = i0 + 1; i <= i0 + n; i++) {
    double g = walk_G(&W);
    if (prev >= 0.0 && g < 0.0) {
      start = root_of(S, (i - 1) * step, i * step);
    } else if (prev < 0.0 && g >= 0.0) {
      dn end = root_of(S, (i - 1) * step, i * step);
      dn a = start; /* cut at the nodes and into pieces of at most wmax */
      while (end.v - a.v > 1e-15) {
        double next = next_cut(S, a.v, end.v, wmax);
        dn b = next >= end.v ? end : cst(next);
        piece(S, a, b, fx, fy);
        a = b;
      }
    }
    prev = g;
  }
}

/* Sommerfeld's full film for any h(θ): the circumferential Reynolds equation
 * (h³ p')' = 6 μ R² (ω h' + 2 ∂h/∂t) integrates once to p' = 6 μ R² (q + C/h³) with
 * q = (ω h + 2 H)/h³, H = ∫ ∂h/∂t dθ = −(e'_x sin θ − e'_y cos θ), and C = −∫q / ∫h⁻³ from
 * the pressure's periodicity. By parts, F = R L ∫ p' (sin θ, −cos θ) dθ. Over the whole turn,
 * in the short bearing's pieces (eight-point Gauss-Legendre, cut at the profile's kinks and
 * no wider than the film's peak). */
static void integrate_long(const source *S, double hmin, dn *fx, dn *fy)
{
  double wmax = fmin(0.25, 0.5 * sqrt(fmax(hmin, 1e-6 * S->c) / S->c));
  dn Ih = cst(0.0), Iq = cst(0.0), Xq = cst(0.0), Yq = cst(0.0), Xh = cst(0.0), Yh = cst(0.0);
  for (double a = 0.0; a < 2.0 * M_PI - 1e-15;) {
    double b = next_cut(S, a, 2.0 * M_PI, wmax);
    dn t[8], w[8];
    gauss(cst(a), cst(b), t, w);
    for (int k = 0; k < 8; k++) {
      double ct = cos(t[k].v), st = sin(t[k].v);
      dn h = film_at(S, cst(ct), cst(st), worn_depth_dn(S->b, t[k]));
      dn H = sub(scale(S->ry, ct), scale(S->rx, st));
      dn ih = mul(w[k], dpow(h, -3.0)), q = mul(add(mul(S->w, h), scale(H, 2.0)), ih);
      Ih = add(Ih, ih);
      Iq = add(Iq, q);
      Xq = add(Xq, scale(q, st));
      Yq = add(Yq, scale(q, -ct));
      Xh = add(Xh, scale(ih, st));
      Yh = add(Yh, scale(ih, -ct));
    }
    a = b;
  }
  dn C = scale(mul(Iq, dinv(Ih)), -1.0);
  *fx = add(Xq, mul(C, Xh));
  *fy = add(Yq, mul(C, Yh));
}

void cs_film_eval_worn(const cs_lubrication *lub, double R, double L, double c,
                       const cs_wear *wear, const double e[2], const double rate[2],
                       double omega, cs_film *out)
{
  if (wear && wear->bins > 0 && wear->feedback && cs_wear_applied_worn(wear))
    cs_film_eval_numeric(lub, R, L, c, wear, e, rate, omega, out);
  else
    cs_film_eval(lub, R, L, c, e, rate, omega, out);
}

void cs_film_eval_numeric(const cs_lubrication *lub, double R, double L, double c,
                          const cs_wear *wear, const double e[2], const double rate[2],
                          double omega, cs_film *out)
{
  worn b = {wear && wear->bins > 0 ? wear : NULL, R + c};
  dn ex = var(e[0], 0), ey = var(e[1], 1), rx = var(rate[0], 2), ry = var(rate[1], 3);
  dn w = var(omega, 4);
  double r = hypot(e[0], e[1]);
  /* the worn clearance along the line of centres, c + d(γ), and the film there */
  double gamma = r > 0.0 ? atan2(e[1], e[0]) : 0.0, d1, d2;
  double cw = c + worn_depth(&b, gamma, &d1, &d2);
  out->epsilon = r / cw;
  out->h_min = cw - r;
  out->saturated = out->h_min < lub->boundary_film && r > 0.0;
  source S = {ex, ey, rx, ry, w, c, lub->boundary_film, &b};
  if (out->saturated) { /* the film of the journal at |e| = c + d(γ) − h_b on its line of
                           centres, with its real squeeze ε' and whirl γ' */
    dn rr = dsqrt(add(mul(ex, ex), mul(ey, ey))), g = datan2(ey, ex);
    dn nx = mul(ex, dinv(rr)), ny = mul(ey, dinv(rr));
    dn rho = mul(sub(add(cst(c), worn_depth_dn(&b, g)), cst(lub->boundary_film)),
                 dinv(rr));
    dn nd = add(mul(nx, rx), mul(ny, ry)), td = add(mul(scale(ny, -1.0), rx), mul(nx, ry));
    S.ex = mul(rho, ex);
    S.ey = mul(rho, ey);
    S.rx = sub(mul(nd, nx), mul(mul(rho, td), ny));
    S.ry = add(mul(nd, ny), mul(mul(rho, td), nx));
  }
  dn fx, fy;
  double K, hmin = fmax(out->h_min, lub->boundary_film);
  if (lub->model == CS_FILM_LONG_BEARING) {
    integrate_long(&S, hmin, &fx, &fy);
    K = 6.0 * lub->viscosity * R * R * R * L;
  } else {
    integrate(&S, b.w ? wear->bins : 1, hmin, &fx, &fy);
    K = lub->viscosity * R * L * L * L / 2.0;
  }
  fx = scale(fx, K);
  fy = scale(fy, K);
  put_force(fx, fy, out);
}
