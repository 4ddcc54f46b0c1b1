/* clearance_spline.c — a cubic spline as a profile wall (cs_profile.h): the curve through
 * given points, closed and periodic (a whole wall) or open (one step of a path, from its
 * start point through its points), the foot of a point's normal on it, its signed distance and
 * curvature there (joints/README.md "Profiles").
 *
 * The curve c(u) is parametrized by chord length: span i runs from P_i to P_{i+1} (closed:
 * P_n = P_0) over u ∈ [U_i, U_i + h_i], h_i = |P_{i+1} − P_i|; on it c is the cubic whose
 * second derivatives at the ends are M_i and M_{i+1}, and C² continuity asks at each inner
 * point (closed: every point, indices mod n)
 *   h_{i−1} M_{i−1} + 2 (h_{i−1} + h_i) M_i + h_i M_{i+1}
 *     = 6 ((P_{i+1} − P_i)/h_i − (P_i − P_{i−1})/h_{i−1}).
 * An open curve's end is clamped to a given unit tangent t (c' = t there, the neighbouring
 * piece's: the path stays tangent-continuous), 2 h_0 M_0 + h_0 M_1 = 6 ((P_1 − P_0)/h_0 − t_0)
 * at the start and h M_{n−2} + 2 h M_{n−1} = 6 (t_1 − (P_{n−1} − P_{n−2})/h) at the end, or
 * natural (M = 0) without one. Every row is strictly dominated by its diagonal (2 (a + c)
 * against a + c), so Gauss–Seidel solves the system to round-off, the error halving each
 * sweep at least. */
#include "cs_profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 8 /* per span: the start of the foot's search, and the curvature's survey */

struct cs_spline {
  int n, m, open;        /* points, spans (closed: n, open: n − 1) */
  double *P, *M, *h, *U; /* points and second derivatives (2n), spans' lengths and starts (m) */
  double T;              /* the period, or an open curve's parameter length (the polygon's) */
  double side;           /* the free side's normal is side × the left one */
  int ns;
  double *S;             /* samples (2 (ns + 1)), at u = U_i + h_i k / SAMPLES, and at T */
  double *C;             /* each span's circle round its samples and end (3m: x, y, r) */
};

void cs_spline_free(cs_spline *s)
{
  if (!s)
    return;
  free(s->P), free(s->M), free(s->h), free(s->U), free(s->S), free(s->C);
  free(s);
}

/* u on the curve: taken mod the period, or held to an open curve's [0, T]. */
static double wrap(const cs_spline *s, double u)
{
  if (s->open)
    return fmin(s->T, fmax(0.0, u));
  u = fmod(u, s->T);
  return u < 0 ? u + s->T : u;
}

/* c, c', c'' at u (any real: wrap). */
static void eval(const cs_spline *s, double u, double c[2], double d1[2], double d2[2])
{
  u = wrap(s, u);
  int i = cs_spline_span(s, u), j = (i + 1) % s->n;
  double h = s->h[i], t = u - s->U[i], r = h - t;
  for (int k = 0; k < 2; k++) {
    double Mi = s->M[2 * i + k], Mj = s->M[2 * j + k], A = s->P[2 * i + k] / h - Mi * h / 6,
           B = s->P[2 * j + k] / h - Mj * h / 6;
    c[k] = Mi * r * r * r / (6 * h) + Mj * t * t * t / (6 * h) + A * r + B * t;
    d1[k] = -Mi * r * r / (2 * h) + Mj * t * t / (2 * h) - A + B;
    d2[k] = Mi * r / h + Mj * t / h;
  }
}

/* The free side's unit normal n and the curvature κ (t' = κ n along the arc length) at u,
 * with the unit tangent t. */
static void frame(const cs_spline *s, double u, double c[2], double t[2], double n[2],
                  double *kappa)
{
  double d1[2], d2[2];
  eval(s, u, c, d1, d2);
  double v = hypot(d1[0], d1[1]);
  t[0] = d1[0] / v, t[1] = d1[1] / v;
  n[0] = -s->side * t[1], n[1] = s->side * t[0];
  *kappa = (d2[0] * n[0] + d2[1] * n[1]) / (v * v);
}

/* Row i of the conditions on M (coordinate k): lo M_{i−1} + di M_i + up M_{i+1} = r
 * (t_end[e] NULL: that open end is natural). */
static void row(const cs_spline *s, const double (*pts)[2], const double *const t_end[2], int i,
                int k, double *lo, double *di, double *up, double *r)
{
  int n = s->n, im = (i + n - 1) % n, ip = (i + 1) % n;
  if (s->open && (i == 0 || i == n - 1)) {
    const double *t = t_end[i == 0 ? 0 : 1];
    double h = s->h[i == 0 ? 0 : n - 2];
    *lo = *up = 0.0, *di = 1.0, *r = 0.0;
    if (!t)
      return;
    double chord = i == 0 ? (pts[1][k] - pts[0][k]) / h : (pts[n - 1][k] - pts[n - 2][k]) / h;
    *di = 2 * h;
    if (i == 0)
      *up = h, *r = 6 * (chord - t[k]);
    else
      *lo = h, *r = 6 * (t[k] - chord);
    return;
  }
  double a = s->h[im], c = s->h[i];
  *lo = a, *up = c, *di = 2 * (a + c);
  *r = 6 * ((pts[ip][k] - pts[i][k]) / c - (pts[i][k] - pts[im][k]) / a);
}

/* The second derivatives M by Gauss–Seidel. */
static void solve(cs_spline *s, const double (*pts)[2], const double *const t_end[2])
{
  int n = s->n;
  for (int sweep = 0; sweep < 400; sweep++) {
    double change = 0.0;
    for (int i = 0; i < n; i++) {
      int im = (i + n - 1) % n, ip = (i + 1) % n;
      for (int k = 0; k < 2; k++) {
        double lo, di, up, r;
        row(s, pts, t_end, i, k, &lo, &di, &up, &r);
        double m = (r - lo * s->M[2 * im + k] - up * s->M[2 * ip + k]) / di;
        change = fmax(change, fabs(m - s->M[2 * i + k]));
        s->M[2 * i + k] = m;
      }
    }
    double big = 0.0;
    for (int i = 0; i < 2 * n; i++)
      big = fmax(big, fabs(s->M[i]));
    if (change <= 1e-15 * big)
      break;
  }
}

/* The samples and each span's circle round its samples and end. */
static void sample(cs_spline *s)
{
  s->ns = s->m * SAMPLES;
  for (int i = 0; i <= s->ns; i++) {
    double d1[2], d2[2];
    int span = i < s->ns ? i / SAMPLES : s->m - 1;
    double u = i < s->ns ? s->U[span] + s->h[span] * (i % SAMPLES) / SAMPLES : s->T;
    eval(s, u, &s->S[2 * i], d1, d2);
  }
  for (int i = 0; i < s->m; i++) {
    double *c = &s->C[3 * i], r = 0.0;
    const double *a = &s->S[2 * SAMPLES * i], *b = &s->S[2 * SAMPLES * (i + 1)];
    c[0] = 0.5 * (a[0] + b[0]), c[1] = 0.5 * (a[1] + b[1]);
    for (int k = 0; k <= SAMPLES; k++)
      r = fmax(r, hypot(a[2 * k] - c[0], a[2 * k + 1] - c[1]));
    c[2] = r;
  }
}

static cs_spline *build(const double (*pts)[2], int n, int open, const double *const t_end[2],
                        int solid_left, char *why, size_t len, int *bad)
{
  *bad = -1;
  cs_spline *s = calloc(1, sizeof *s);
  int m = open ? n - 1 : n;
  if (s) {
    s->P = malloc(2 * (size_t)n * sizeof *s->P);
    s->M = calloc(2 * (size_t)n, sizeof *s->M);
    s->h = malloc((size_t)m * sizeof *s->h);
    s->U = malloc((size_t)m * sizeof *s->U);
    s->S = malloc(2 * ((size_t)m * SAMPLES + 1) * sizeof *s->S);
    s->C = malloc(3 * (size_t)m * sizeof *s->C);
  }
  if (!s || !s->P || !s->M || !s->h || !s->U || !s->S || !s->C) {
    cs_spline_free(s);
    snprintf(why, len, "out of memory");
    *bad = -2;
    return NULL;
  }
  s->n = n, s->m = m, s->open = open;
  s->side = solid_left ? -1.0 : 1.0;
  memcpy(s->P, pts, 2 * (size_t)n * sizeof *s->P);
  for (int i = 0; i < m; i++) {
    const double *a = pts[i], *b = pts[(i + 1) % n];
    s->h[i] = hypot(b[0] - a[0], b[1] - a[1]);
    if (!(s->h[i] > 0.0)) {
      snprintf(why, len, open ? "a point repeats the one before it" : "a point repeats the "
               "one before it (the curve closes by itself: do not repeat the first point at "
               "the end)");
      *bad = (i + 1) % n;
      cs_spline_free(s);
      return NULL;
    }
    s->U[i] = s->T;
    s->T += s->h[i];
  }
  solve(s, pts, t_end);
  sample(s);
  return s;
}

cs_spline *cs_spline_build(const double (*pts)[2], int n, int solid_left, char *why, size_t len,
                           int *bad)
{
  static const double *const none[2] = {NULL, NULL};
  if (n < 4) {
    *bad = -1;
    snprintf(why, len, "a closed spline through at least 4 points, got %d", n);
    return NULL;
  }
  return build(pts, n, 0, none, solid_left, why, len, bad);
}

cs_spline *cs_spline_build_open(const double (*pts)[2], int n, const double *t_start,
                                const double *t_end, int solid_left, char *why, size_t len,
                                int *bad)
{
  const double *const ends[2] = {t_start, t_end};
  if (n < 2) {
    *bad = -1;
    snprintf(why, len, "a spline step through at least 1 point, got %d", n - 1);
    return NULL;
  }
  return build(pts, n, 1, ends, solid_left, why, len, bad);
}

int cs_spline_open(const cs_spline *s) { return s->open; }
int cs_spline_spans(const cs_spline *s) { return s->m; }

int cs_spline_span(const cs_spline *s, double u)
{
  u = wrap(s, u);
  int lo = 0, hi = s->m - 1; /* U_lo ≤ u */
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (s->U[mid] <= u)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

void cs_spline_point(const cs_spline *s, double u, double c[2])
{
  double d1[2], d2[2];
  eval(s, u, c, d1, d2);
}

double cs_spline_period(const cs_spline *s) { return s->T; }

/* How far the follower's centre Y moves along the tangent t at Y[0] before it would come back:
 * the least projection t·(Y_j − Y_0) from its first maximum on (the blend coordinate of a
 * junction at that end stays monotonic below it); ≤ 0 if the part turns half round. */
static double reach_along(const double (*Y)[2], int count, int step, const double t[2])
{
  int j = step > 0 ? 0 : count - 1, end = step > 0 ? count : -1;
  const double *o = Y[j];
  double last = -INFINITY, least = INFINITY;
  int rising = 1;
  for (; j != end; j += step) {
    double p = t[0] * (Y[j][0] - o[0]) + t[1] * (Y[j][1] - o[1]);
    if (rising && p < last)
      rising = 0, least = last;
    if (!rising)
      least = fmin(least, p);
    last = p;
  }
  return rising ? last : least;
}

void cs_spline_survey(const cs_spline *s, double ua, double ub, double rp, cs_spline_range *r)
{
  enum { K = 64 };
  double box[2][2] = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}}, X[K + 1][2], bend = 0.0;
  double Y[K + 1][2];
  r->kmax = 0.0, r->kconcave = 0.0;
  for (int i = 0; i <= K; i++) {
    double u = ua + (ub - ua) * i / K, t[2], n[2], k, d1[2], d2[2];
    frame(s, u, X[i], t, n, &k);
    Y[i][0] = X[i][0] + rp * n[0], Y[i][1] = X[i][1] + rp * n[1];
    eval(s, u, X[i], d1, d2);
    bend = fmax(bend, hypot(d2[0], d2[1]));
    if (i == 0)
      memcpy(r->c0, X[i], sizeof r->c0), memcpy(r->t0, t, sizeof r->t0);
    if (i == K)
      memcpy(r->t1, t, sizeof r->t1);
    if (fabs(k) > fabs(r->kmax))
      r->kmax = k;
    r->kconcave = fmax(r->kconcave, k); /* k > 0: bending towards the free side */
    for (int c = 0; c < 2; c++)
      box[0][c] = fmin(box[0][c], X[i][c]), box[1][c] = fmax(box[1][c], X[i][c]);
  }
  r->bc[0] = 0.5 * (box[0][0] + box[1][0]), r->bc[1] = 0.5 * (box[0][1] + box[1][1]);
  double rad = 0.0, step = (ub - ua) / K;
  for (int i = 0; i <= K; i++)
    rad = fmax(rad, hypot(X[i][0] - r->bc[0], X[i][1] - r->bc[1]));
  /* between samples the curve leaves their polygon by at most |c''| step²/8 (doubled: the
   * samples' |c''| is not the largest between them) */
  r->br = rad + 2.0 * bend * step * step / 8.0;
  r->length = 0.0;
  for (int i = 0; i < K; i++)
    r->length += hypot(X[i + 1][0] - X[i][0], X[i + 1][1] - X[i][1]);
  double back[2] = {-r->t1[0], -r->t1[1]};
  r->extent = fmin(reach_along((const double(*)[2])Y, K + 1, 1, r->t0),
                   reach_along((const double(*)[2])Y, K + 1, -1, back));
}

double cs_spline_distance(const cs_spline *s, const double x[2], double *u_foot, double n[2],
                          double t[2], double *kappa)
{
  /* the nearest sample: spans in the order of their circles' nearness, skipping those whose
   * circle lies farther than the best sample so far */
  int best = 0, first = 0;
  double bd = INFINITY, near = INFINITY;
  for (int i = 0; i < s->m; i++) {
    double l = hypot(x[0] - s->C[3 * i], x[1] - s->C[3 * i + 1]) - s->C[3 * i + 2];
    if (l < near)
      near = l, first = i;
  }
  for (int j = 0; j < s->m; j++) {
    int i = (first + j) % s->m;
    if (j > 0 && hypot(x[0] - s->C[3 * i], x[1] - s->C[3 * i + 1]) - s->C[3 * i + 2] >= bd)
      continue;
    for (int k = 0; k < SAMPLES + s->open; k++) { /* (and an open curve's end) */
      const double *q = &s->S[2 * (SAMPLES * i + k)];
      double d = hypot(x[0] - q[0], x[1] - q[1]);
      if (d < bd)
        bd = d, best = SAMPLES * i + k;
    }
  }
  int span = best < s->ns ? best / SAMPLES : s->m - 1;
  double u = best < s->ns ? s->U[span] + s->h[span] * (best % SAMPLES) / SAMPLES : s->T;
  double c[2], d1[2], d2[2];
  double cap = s->T / s->ns; /* Newton on (x − c)·c' = 0, each step at most a sample's span */
  for (int it = 0; it < 60; it++) {
    eval(s, u, c, d1, d2);
    double w[2] = {x[0] - c[0], x[1] - c[1]};
    double f = w[0] * d1[0] + w[1] * d1[1];
    double fp = -(d1[0] * d1[0] + d1[1] * d1[1]) + w[0] * d2[0] + w[1] * d2[1];
    double du = fp < 0 ? -f / fp : (f > 0 ? cap : -cap);
    du = fmax(-cap, fmin(cap, du));
    double v = s->open ? wrap(s, u + du) : u + du; /* an open curve's foot stops at its end */
    if (v == u)
      break;
    u = v;
    if (fabs(du) <= 1e-14 * s->T)
      break;
  }
  frame(s, u, c, t, n, kappa);
  *u_foot = wrap(s, u);
  return (x[0] - c[0]) * n[0] + (x[1] - c[1]) * n[1];
}

/* The support point along d: the u minimizing d·c(u), from the least sample by Newton on
 * d·c'(u) = 0 (each step at most a sample's span; a step uphill in f'' takes the cap towards
 * the descent), with c there, c', c''. */
double cs_spline_support(const cs_spline *s, const double d[2], double c[2], double d1[2],
                         double d2[2])
{
  int best = 0;
  double low = INFINITY;
  for (int i = 0; i < s->ns; i++) {
    double v = d[0] * s->S[2 * i] + d[1] * s->S[2 * i + 1];
    if (v < low)
      low = v, best = i;
  }
  int span = best / SAMPLES;
  double u = s->U[span] + s->h[span] * (best % SAMPLES) / SAMPLES, cap = s->T / s->ns;
  for (int it = 0; it < 60; it++) {
    eval(s, u, c, d1, d2);
    double f = d[0] * d1[0] + d[1] * d1[1], fp = d[0] * d2[0] + d[1] * d2[1];
    double du = fp > 0 ? -f / fp : (f > 0 ? -cap : cap);
    du = fmax(-cap, fmin(cap, du));
    u += du;
    if (fabs(du) <= 1e-14 * s->T)
      break;
  }
  eval(s, u, c, d1, d2);
  u = fmod(u, s->T);
  return u < 0 ? u + s->T : u;
}
