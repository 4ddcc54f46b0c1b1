/* clearance_profile_cross.c — where a profile's walls meet lines (cs_profile.h): whether a
 * wall crosses itself, and how far a follower can move from its wall to the one opposite
 * (its play). Whether a wall crosses itself: its
 * pieces as elements (segments, arcs, and a spline's chords between samples, 8 a span), the
 * pairs whose bounding circles meet found by sweeping them along x or y (the wall's longer
 * extent), then the exact crossing of
 * each such pair. Consecutive elements meet at their shared end; only a meeting elsewhere (or,
 * within CLOSE of that end, not at all: tangent pieces' round-off) is a crossing. */
#include "cs_profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHORDS 8      /* per spline span */
#define CLOSE 1e-7    /* of the profile's bounding radius: meeting at the shared end */
#define ANGLE_TOL 1e-12

typedef struct elem {
  int arc;           /* 0: a segment a → b; 1: an arc about c of radius R, u0 its start */
  double a[2], b[2]; /* ends, walking the path */
  double c[2], R, u0[2], span;
  double bc[2], br;  /* bounding circle */
  int seq, feature;  /* order along the wall; the feature it is (part of) */
  double lo, hi;     /* the circle's extent along the sweep's axis */
  double u;          /* a spline chord: the curve's parameter at a */
} elem;

static double dot(const double a[2], const double b[2]) { return a[0] * b[0] + a[1] * b[1]; }
static double cross(const double a[2], const double b[2]) { return a[0] * b[1] - a[1] * b[0]; }

/* Whether x on the circle of arc e lies within its sweep. */
static int on_arc(const elem *e, const double x[2])
{
  double v[2] = {x[0] - e->c[0], x[1] - e->c[1]};
  if (fabs(e->span) >= 2.0 * M_PI)
    return 1;
  double a = atan2(cross(e->u0, v), dot(e->u0, v));
  if (e->span > 0.0)
    return (a >= -ANGLE_TOL ? fmax(a, 0.0) : a + 2.0 * M_PI) <= e->span + ANGLE_TOL;
  return (a <= ANGLE_TOL ? fmin(a, 0.0) : a - 2.0 * M_PI) >= e->span - ANGLE_TOL;
}

/* Segments p → p + r and q → q + s: their common points into x (≤ 2), how many. */
static int seg_seg(const elem *e, const elem *f, double x[2][2])
{
  double r[2] = {e->b[0] - e->a[0], e->b[1] - e->a[1]}, s[2] = {f->b[0] - f->a[0],
                                                                f->b[1] - f->a[1]};
  double w[2] = {f->a[0] - e->a[0], f->a[1] - e->a[1]}, den = cross(r, s), rr = dot(r, r);
  if (fabs(den) > 1e-12 * sqrt(rr * dot(s, s))) {
    double t = cross(w, s) / den, v = cross(w, r) / den;
    if (t < 0.0 || t > 1.0 || v < 0.0 || v > 1.0)
      return 0;
    x[0][0] = e->a[0] + t * r[0], x[0][1] = e->a[1] + t * r[1];
    return 1;
  }
  if (fabs(cross(w, r)) > 1e-12 * rr) /* parallel, apart */
    return 0;
  double t0 = dot(w, r) / rr, t1 = (dot(w, r) + dot(s, r)) / rr; /* collinear: the overlap */
  double lo = fmax(0.0, fmin(t0, t1)), hi = fmin(1.0, fmax(t0, t1));
  if (lo > hi)
    return 0;
  x[0][0] = e->a[0] + lo * r[0], x[0][1] = e->a[1] + lo * r[1];
  x[1][0] = e->a[0] + hi * r[0], x[1][1] = e->a[1] + hi * r[1];
  return 2;
}

/* Segment e against arc f. */
static int seg_arc(const elem *e, const elem *f, double x[2][2])
{
  double r[2] = {e->b[0] - e->a[0], e->b[1] - e->a[1]}, g[2] = {e->a[0] - f->c[0],
                                                                e->a[1] - f->c[1]};
  double A = dot(r, r), B = 2.0 * dot(g, r), C = dot(g, g) - f->R * f->R, D = B * B - 4 * A * C;
  if (D < 0.0)
    return 0;
  int n = 0;
  for (int k = -1; k <= 1; k += 2) {
    double t = (-B + k * sqrt(D)) / (2 * A);
    double p[2] = {e->a[0] + t * r[0], e->a[1] + t * r[1]};
    if (t >= 0.0 && t <= 1.0 && on_arc(f, p))
      x[n][0] = p[0], x[n][1] = p[1], n++;
  }
  return n;
}

/* Arc e against arc f; the same circle: each one's ends on the other. */
static int arc_arc(const elem *e, const elem *f, double x[2][2])
{
  double d[2] = {f->c[0] - e->c[0], f->c[1] - e->c[1]}, l = hypot(d[0], d[1]);
  int n = 0;
  if (l <= 1e-12 * e->R && fabs(e->R - f->R) <= 1e-12 * e->R) {
    const double *ends[4] = {f->a, f->b, e->a, e->b};
    for (int k = 0; k < 4 && n < 2; k++)
      if (on_arc(k < 2 ? e : f, ends[k]) && on_arc(k < 2 ? f : e, ends[k]))
        x[n][0] = ends[k][0], x[n][1] = ends[k][1], n++;
    return n;
  }
  if (l > e->R + f->R || l < fabs(e->R - f->R) || !(l > 0.0))
    return 0;
  double a = (e->R * e->R - f->R * f->R + l * l) / (2 * l);
  double h = sqrt(fmax(0.0, e->R * e->R - a * a)), m[2] = {e->c[0] + a * d[0] / l,
                                                            e->c[1] + a * d[1] / l};
  for (int k = -1; k <= 1; k += 2) {
    double p[2] = {m[0] - k * h * d[1] / l, m[1] + k * h * d[0] / l};
    if (on_arc(e, p) && on_arc(f, p))
      x[n][0] = p[0], x[n][1] = p[1], n++;
  }
  return n;
}

static void segment(elem *e, const double a[2], const double b[2])
{
  memcpy(e->a, a, sizeof e->a);
  memcpy(e->b, b, sizeof e->b);
  e->bc[0] = 0.5 * (a[0] + b[0]), e->bc[1] = 0.5 * (a[1] + b[1]);
  e->br = 0.5 * hypot(b[0] - a[0], b[1] - a[1]);
}

/* How many elements feature f is. */
static int count(const cs_feature *f)
{
  if (f->kind == CS_FEATURE_CORNER)
    return 0;
  if (f->kind != CS_FEATURE_SPLINE)
    return 1;
  double T = cs_spline_period(f->spline);
  return (int)ceil(CHORDS * cs_spline_spans(f->spline) * (f->ub - f->ua) / T - 1e-9);
}

/* Feature k's elements from out on; how many. */
static int elements(const cs_feature *f, int k, elem *out)
{
  int n = count(f);
  for (int i = 0; i < n; i++)
    memset(&out[i], 0, sizeof out[i]), out[i].feature = k;
  if (f->kind == CS_FEATURE_SEGMENT) {
    double b[2] = {f->a[0] + f->L * f->t[0], f->a[1] + f->L * f->t[1]};
    segment(out, f->a, b);
  } else if (f->kind == CS_FEATURE_ARC) {
    double cs = cos(f->span), sn = sin(f->span);
    out->arc = 1;
    memcpy(out->c, f->c, sizeof out->c);
    memcpy(out->u0, f->u0, sizeof out->u0);
    out->R = f->R, out->span = f->span;
    out->a[0] = f->c[0] + f->R * f->u0[0], out->a[1] = f->c[1] + f->R * f->u0[1];
    out->b[0] = f->c[0] + f->R * (cs * f->u0[0] - sn * f->u0[1]);
    out->b[1] = f->c[1] + f->R * (sn * f->u0[0] + cs * f->u0[1]);
    memcpy(out->bc, f->bc, sizeof out->bc);
    out->br = f->br;
  } else if (f->kind == CS_FEATURE_SPLINE) {
    double a[2], b[2];
    cs_spline_point(f->spline, f->ua, a);
    for (int i = 0; i < n; i++) {
      double u = f->ua + (f->ub - f->ua) * i / n;
      cs_spline_point(f->spline, f->ua + (f->ub - f->ua) * (i + 1) / n, b);
      segment(&out[i], a, b);
      out[i].u = u;
      memcpy(a, b, sizeof a);
    }
  }
  return n;
}

static int by_lo(const void *pa, const void *pb)
{
  const elem *a = pa, *b = pb;
  return a->lo < b->lo ? -1 : a->lo > b->lo ? 1 : a->seq - b->seq;
}

/* Each element's extent along the axis (x or y) over which the elements spread the longer. */
static void axis(elem *e, int n)
{
  double box[2][2] = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 2; k++)
      box[0][k] = fmin(box[0][k], e[i].bc[k] - e[i].br),
      box[1][k] = fmax(box[1][k], e[i].bc[k] + e[i].br);
  int k = box[1][1] - box[0][1] > box[1][0] - box[0][0];
  for (int i = 0; i < n; i++)
    e[i].lo = e[i].bc[k] - e[i].br, e[i].hi = e[i].bc[k] + e[i].br;
}

/* Whether e and f cross: meet anywhere but at their shared end (consecutive ones). */
static int crosses(const elem *e, const elem *f, int last, int closed, double close,
                   double at[2])
{
  double x[2][2];
  int n = !e->arc && !f->arc ? seg_seg(e, f, x)
        : !e->arc ? seg_arc(e, f, x)
        : !f->arc ? seg_arc(f, e, x)
        : arc_arc(e, f, x);
  const elem *lo = e->seq < f->seq ? e : f, *hi = e->seq < f->seq ? f : e;
  const double *shared[2] = {hi->seq == lo->seq + 1 ? lo->b : NULL,
                             closed && lo->seq == 0 && hi->seq == last ? lo->a : NULL};
  for (int k = 0; k < n; k++) {
    int at_end = 0;
    for (int s = 0; s < 2; s++)
      at_end |= shared[s] && hypot(x[k][0] - shared[s][0], x[k][1] - shared[s][1]) <= close;
    if (!at_end) {
      memcpy(at, x[k], sizeof x[k]);
      return 1;
    }
  }
  return 0;
}

/* The first crossing of the sorted elements e[0 … n): a pair whose circles meet, swept along
 * the axis (each against those starting before it ends). */
static int sweep(const elem *e, int n, int closed, double close, cs_profile_cross *out)
{
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n && e[j].lo <= e[i].hi + close; j++) {
      double d = hypot(e[i].bc[0] - e[j].bc[0], e[i].bc[1] - e[j].bc[1]);
      if (d > (e[i].br + e[j].br) * (1 + 1e-12) + close ||
          !crosses(&e[i], &e[j], n - 1, closed, close, out->at))
        continue;
      const elem *a = e[i].seq < e[j].seq ? &e[i] : &e[j], *b = a == &e[i] ? &e[j] : &e[i];
      out->feature[0] = a->feature, out->feature[1] = b->feature;
      out->u[0] = a->u, out->u[1] = b->u;
      return 1;
    }
  }
  return 0;
}

int cs_profile_crossing(const cs_profile *p, cs_profile_cross *out)
{
  int n = 0;
  for (int i = 0; i < p->n; i++)
    n += count(&p->f[i]);
  elem *e = calloc((size_t)n + 1, sizeof *e);
  if (!e)
    return -1;
  int k = 0;
  for (int i = 0; i < p->n; i++)
    k += elements(&p->f[i], i, &e[k]);
  for (int i = 0; i < n; i++)
    e[i].seq = i;
  axis(e, n);
  qsort(e, (size_t)n, sizeof *e, by_lo);
  int found = sweep(e, n, p->closed, CLOSE * p->br, out);
  free(e);
  return found;
}

/* The free side's unit normal of feature f at x (d its signed distance there); 0 if it has
 * none (x on a corner). */
static int normal_at(const cs_feature *f, const double x[2], double n[2])
{
  double v[2], u, t[2], k;
  switch (f->kind) {
  case CS_FEATURE_SEGMENT:
    memcpy(n, f->n, sizeof f->n);
    return 1;
  case CS_FEATURE_SPLINE:
    cs_spline_distance(f->spline, x, &u, n, t, &k);
    return 1;
  case CS_FEATURE_CORNER:
    v[0] = x[0] - f->a[0], v[1] = x[1] - f->a[1];
    break;
  default:
    v[0] = (x[0] - f->c[0]) * (f->free_inside ? -1 : 1);
    v[1] = (x[1] - f->c[1]) * (f->free_inside ? -1 : 1);
  }
  double l = hypot(v[0], v[1]);
  if (!(l > 0.0))
    return 0;
  n[0] = v[0] / l, n[1] = v[1] / l;
  return 1;
}

/* Whether feature f's bounding circle misses the ray x + s n, 0 ≤ s ≤ reach. */
static int outside_circle(const double x[2], const double n[2], double reach,
                          const cs_feature *f)
{
  if (f->kind == CS_FEATURE_CORNER)
    return 1;
  double w[2] = {f->bc[0] - x[0], f->bc[1] - x[1]}, s = fmax(0.0, fmin(reach, dot(w, n)));
  return hypot(w[0] - s * n[0], w[1] - s * n[1]) > f->br * (1 + 1e-9);
}

/* The least s > s0 where x + s n meets wall p's pieces (INFINITY if none within reach). */
static double ray(const cs_profile *p, const double x[2], const double n[2], double s0,
                  double reach)
{
  elem r;
  double far[2] = {x[0] + reach * n[0], x[1] + reach * n[1]}, best = INFINITY;
  memset(&r, 0, sizeof r);
  segment(&r, x, far);
  for (int i = 0; i < p->n; i++) {
    const cs_feature *f = &p->f[i];
    if (outside_circle(x, n, reach, f))
      continue;
    elem *e = malloc((size_t)count(f) * sizeof *e);
    if (!e)
      return NAN;
    int m = elements(f, i, e);
    for (int k = 0; k < m; k++) {
      double hit[2][2];
      int h = e[k].arc ? seg_arc(&r, &e[k], hit) : seg_seg(&r, &e[k], hit);
      for (int j = 0; j < h; j++) {
        double s = (hit[j][0] - x[0]) * n[0] + (hit[j][1] - x[1]) * n[1];
        if (s > s0)
          best = fmin(best, s);
      }
    }
    free(e);
  }
  return best;
}

int cs_profile_play(const cs_profile *walls, const double x[2], double rp, double *half)
{
  const cs_profile *near = NULL;
  cs_profile_hit hit = {-1, INFINITY};
  double reach = 0.0, n[2];
  for (const cs_profile *p = walls; p; p = p->next) {
    cs_profile_hit h;
    if (cs_profile_nearest(p, x, &h) >= 0 && fabs(h.d) < fabs(hit.d))
      hit = h, near = p;
    reach = fmax(reach, hypot(x[0] - p->bc[0], x[1] - p->bc[1]) + p->br);
  }
  if (!near || !(hit.d > 0.0) || !normal_at(&near->f[hit.feature], x, n))
    return 0; /* (a centre in the solid is no start to measure from) */
  double s0 = 1e-12 * reach, s = INFINITY; /* ahead of x, by round-off's margin */
  for (const cs_profile *p = walls; p; p = p->next) {
    double sp = ray(p, x, n, s0, 2.0 * reach);
    if (isnan(sp))
      return -1;
    s = fmin(s, sp);
  }
  *half = 0.5 * (hit.d + s - 2.0 * rp);
  return isfinite(s) && *half > 0.0;
}
