/* clearance_wear.c — the worn depth profile along a hole's wall and the gap it widens
 * (cs_wear.h). */
#include "cs_wear.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int scan_worn(const cs_wear *w)
{
  for (int i = 0; i < w->bins; i++)
    if (w->applied[i] != 0.0)
      return 1;
  return 0;
}

/* the least jump of the weights' fourth difference that counts as a kink (cs_wear.h) */
static double kink_least(const cs_wear *w)
{
  double deepest = 0.0;
  for (int i = 0; i < w->bins; i++)
    deepest = fmax(deepest, fabs(w->applied[i]));
  return 1e-9 * deepest;
}

/* the weights' fourth difference at node i: the jump of d''' there, times h³ */
static double kink_jump(const cs_wear *w, int i)
{
  static const double stencil[5] = {1, -4, 6, -4, 1};
  int n = w->bins;
  double jump = 0.0;
  for (int j = -2; j <= 2; j++)
    jump += stencil[j + 2] * w->applied[((i + j) % n + n) % n];
  return jump;
}

/* Backwards twice round, so that each node of the first turn has a kink of the second ahead
 * of it when there is any. */
void cs_wear_summarize(cs_wear *w)
{
  int n = w->bins, ahead = n;
  double least = kink_least(w);
  w->applied_worn = scan_worn(w);
  for (int k = 2 * n - 1; k >= 0; k--) {
    ahead = fabs(kink_jump(w, k % n)) > least ? 0 : ahead < n ? ahead + 1 : n;
    if (k < n)
      w->kink_ahead[k] = ahead;
  }
}

int cs_wear_init(cs_wear *w, const cs_clearance *c, double clearance)
{
  memset(w, 0, sizeof *w);
  const cs_wear_spec *s = &c->wear;
  if (s->bins <= 0)
    return 0;
  w->depth = calloc(2 * (size_t)s->bins, sizeof *w->depth);
  w->kink_ahead = calloc((size_t)s->bins, sizeof *w->kink_ahead);
  if (!w->depth || !w->kink_ahead) {
    cs_wear_free(w);
    return 1;
  }
  w->applied = w->depth + s->bins;
  if (s->initial) { /* weights whose B-spline has the given depth at the nodes: the cyclic
                      * system (c_{i−1} + 4 c_i + c_{i+1}) / 6 = d_i, by Gauss-Seidel (each
                      * sweep shrinks the error by at least half) */
    int n = s->bins;
    for (int sweep = 0; sweep < 200; sweep++)
      for (int i = 0; i < n; i++)
        w->depth[i] =
          (6.0 * s->initial[i] - w->depth[(i + n - 1) % n] - w->depth[(i + 1) % n]) / 4.0;
    memcpy(w->applied, w->depth, (size_t)n * sizeof *w->depth);
  }
  w->def = c;
  w->apply_tol = 1e-3 * clearance;
  w->bins = s->bins;
  w->feedback = s->feedback;
  w->k_over_H = s->k / s->hardness;
  w->length = cs_contour_length(c);
  w->spacing = w->length / s->bins;
  w->strip = c->length * w->spacing;
  for (int r = 0; r < c->nregion; r++) /* b = √(4 F R* / (π L E*)) */
    w->patch[r] = sqrt(4.0 * cs_geometry_R_star(&c->geometry[r]) /
                       (M_PI * c->length * cs_geometry_E_star(&c->geometry[r])));
  cs_wear_summarize(w);
  return 0;
}

void cs_wear_free(cs_wear *w)
{
  free(w->depth);
  free(w->kink_ahead);
  w->depth = w->applied = NULL;
  w->kink_ahead = NULL;
  w->bins = 0;
}

/* the place `at` (m along the contour) as node i and the fraction s ∈ [0, 1) of the spacing
 * beyond it */
static int node_of(const cs_wear *w, double at, double *s)
{
  double x = at / w->spacing;
  x -= w->bins * floor(x / w->bins);
  int i = (int)x;
  if (i >= w->bins) /* x rounded up to bins */
    i = 0, x = 0.0;
  *s = x - i;
  return i;
}

/* the periodic uniform cubic B-spline of the weights c[0 … n) at `at`, with its derivatives */
static double interpolate(const cs_wear *w, const double *c, double at, double *d1,
                          double *d2)
{
  double s;
  int n = w->bins, i = node_of(w, at, &s);
  double h = w->spacing, u = 1.0 - s;
  double a = c[(i + n - 1) % n], b = c[i], e = c[(i + 1) % n], f = c[(i + 2) % n];
  if (d1)
    *d1 = (-3 * u * u * a + (9 * s * s - 12 * s) * b + (-9 * s * s + 6 * s + 3) * e +
           3 * s * s * f) / (6.0 * h);
  if (d2)
    *d2 = (6 * u * a + (18 * s - 12) * b + (-18 * s + 6) * e + 6 * s * f) / (6.0 * h * h);
  return (u * u * u * a + (3 * s * s * s - 6 * s * s + 4) * b +
          (-3 * s * s * s + 3 * s * s + 3 * s + 1) * e + s * s * s * f) / 6.0;
}

static double node(const cs_wear *w, int i)
{
  int n = w->bins;
  return (w->depth[(i + n - 1) % n] + 4.0 * w->depth[i] + w->depth[(i + 1) % n]) / 6.0;
}

double cs_wear_applied(const cs_wear *w, double s, double *d1, double *d2)
{
  return interpolate(w, w->applied, s, d1, d2);
}

int cs_wear_applied_worn(const cs_wear *w) { return w->applied_worn; }

long cs_wear_next_kink(const cs_wear *w, long from, long end)
{
  int n = w->bins, ahead = w->kink_ahead[((from % n) + n) % n];
  return ahead < n && from + ahead < end ? from + ahead : end;
}

void cs_wear_nodes(const cs_wear *w, double *out, int max)
{
  for (int i = 0; i < w->bins && i < max; i++)
    out[i] = node(w, i);
}

double cs_wear_deepest(const cs_wear *w)
{
  double d = 0.0;
  for (int i = 0; i < w->bins; i++)
    d = fmax(d, node(w, i));
  return d;
}

double cs_wear_depth(const cs_wear *w, double s, double *d1, double *d2)
{
  return interpolate(w, w->depth, s, d1, d2);
}

/* δ − d(s(p)): ∇ = ∇δ − d' ∇s, ∇² = ∇²δ − d'' ∇s ∇sᵀ − d' ∇²s */
void cs_wear_gap(const cs_wear *w, const double p[2], cs_gap *gap)
{
  if (!w->feedback || w->bins <= 0)
    return;
  cs_contour ct;
  double d1, d2;
  cs_contour_at(w->def, p, gap->region, &ct);
  double d = interpolate(w, w->applied, ct.s, &d1, &d2);
  gap->delta -= d;
  for (int a = 0; a < 2; a++) {
    gap->grad[a] -= d1 * ct.grad[a];
    for (int b = 0; b < 2; b++)
      gap->hess[2 * a + b] -= d2 * ct.grad[a] * ct.grad[b] + d1 * ct.hess[2 * a + b];
  }
}

/* ΔV at `at` in `region` under F_n: over the Hertz patch, or onto the two nodes around it if
 * it is narrower than their spacing */
static void deposit(cs_wear *w, double at, int region, double Fn, double dV)
{
  double s, h = w->spacing, beta = w->patch[region] * sqrt(Fn);
  int n = w->bins, i = node_of(w, at, &s);
  w->volume += dV;
  if (beta > 2.0 * h) { /* at least 3 nodes inside: elliptical weights */
    int reach = (int)ceil(beta / h) + 1;
    double sum = 0.0;
    for (int pass = 0; pass < 2; pass++)
      for (int j = -reach; j <= reach + 1; j++) {
        double x = (j - s) * h / beta, wgt = fabs(x) < 1.0 ? sqrt(1.0 - x * x) : 0.0;
        if (pass == 0)
          sum += wgt;
        else
          w->depth[((i + j) % n + n) % n] += wgt / sum * dV / w->strip;
      }
    return;
  }
  w->depth[i] += (1.0 - s) * dV / w->strip;
  w->depth[(i + 1) % n] += s * dV / w->strip;
}

/* A step's wear, k/H ∫ F_n |v_slip| dt with F_n |v_slip| linear in time (the trapezoid), laid
 * along the stretch of wall the contact went over: a pin sliding along a track covers many
 * nodes in one long step, and half the wear at each end would leave a row of pits. */
static void lay(cs_wear *w, double dt, double at, int region, double Fn, double rate)
{
  double r0 = w->rate_last, F0 = w->force_last, s0 = w->s_last;
  double ds = at - s0;
  ds -= w->length * round(ds / w->length); /* the short way round the closed wall */
  int m = (int)fmin(ceil(2.0 * fabs(ds) / w->spacing), 1e5);
  if (r0 <= 0.0 || rate <= 0.0 || m <= 1) { /* at rest, or a contact opening or closing */
    if (r0 > 0.0)
      deposit(w, s0, w->region_last, F0, 0.5 * dt * r0);
    if (rate > 0.0)
      deposit(w, at, region, Fn, 0.5 * dt * rate);
    return;
  }
  for (int j = 0; j < m; j++) { /* m pieces of at most half a node's spacing each */
    double tm = (j + 0.5) / m;
    deposit(w, s0 + ds * tm, tm < 0.5 ? w->region_last : region, F0 + (Fn - F0) * tm,
            dt / m * (r0 + (rate - r0) * tm));
  }
}

int cs_wear_step(cs_wear *w, double t, double at, int region, double Fn, double slip)
{
  if (w->bins <= 0)
    return 0;
  double rate = w->k_over_H * Fn * slip;
  if (!w->started) { /* the first step: its end's rate throughout (the run starts at t = 0) */
    w->started = 1;
    w->t_last = 0.0;
    w->rate_last = rate;
    w->s_last = at;
    w->region_last = region;
    w->force_last = Fn;
  }
  double dt = t - w->t_last;
  if (dt > 0.0)
    lay(w, dt, at, region, Fn, rate);
  w->t_last = t;
  w->rate_last = rate;
  w->s_last = at;
  w->region_last = region;
  w->force_last = Fn;
  if (!w->feedback)
    return 0;
  double grown = 0.0;
  for (int i = 0; i < w->bins; i++)
    grown = fmax(grown, w->depth[i] - w->applied[i]);
  if (grown <= w->apply_tol)
    return 0;
  memcpy(w->applied, w->depth, (size_t)w->bins * sizeof *w->depth);
  cs_wear_summarize(w);
  return 1;
}
