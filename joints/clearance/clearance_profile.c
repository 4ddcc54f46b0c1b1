/* clearance_profile.c — a profile built from a path of segments and arcs (cs_profile.h): its
 * features, regions and junctions, the nearest feature to a point, and the `profile` clearance
 * joint's gap and blend on it. */
#include "cs_clearance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static double dot(const double a[2], const double b[2]) { return a[0] * b[0] + a[1] * b[1]; }
static double cross(const double a[2], const double b[2]) { return a[0] * b[1] - a[1] * b[0]; }

double cs_arc_span(const double u[2], const double v[2], int ccw)
{
  double a = atan2(cross(u, v), dot(u, v)); /* (−π, π] */
  if (ccw)
    return a > 0.0 ? a : a + 2.0 * M_PI;
  return a < 0.0 ? a : a - 2.0 * M_PI;
}

/* The unit tangent of an arc about centre c at the point x, walking ccw or cw. */
static void arc_tangent(const double c[2], const double x[2], double span, double t[2])
{
  double r = hypot(x[0] - c[0], x[1] - c[1]), s = span > 0 ? 1.0 : -1.0;
  t[0] = -s * (x[1] - c[1]) / r;
  t[1] = s * (x[0] - c[0]) / r;
}

/* Where a feature starts, walking the path. */
static void start_point(const cs_feature *f, double at[2])
{
  if (f->kind == CS_FEATURE_ARC)
    at[0] = f->c[0] + f->R * f->u0[0], at[1] = f->c[1] + f->R * f->u0[1];
  else
    at[0] = f->a[0], at[1] = f->a[1];
}

static int fail(char *why, size_t len, int *bad, int step, const char *msg)
{
  snprintf(why, len, "%s", msg);
  *bad = step;
  return -1;
}

/* Step k from `from` as a piece; its region is set later. */
static int piece(const double from[2], const cs_path_step *st, int solid_left, double rp,
                 cs_feature *f, char *why, size_t len, int *bad, int k)
{
  memset(f, 0, sizeof *f);
  double d[2] = {st->to[0] - from[0], st->to[1] - from[1]};
  if (!st->arc) {
    f->kind = CS_FEATURE_SEGMENT;
    f->L = hypot(d[0], d[1]);
    if (!(f->L > 0.0))
      return fail(why, len, bad, k, "a segment of zero length (the point repeats the last)");
    memcpy(f->a, from, sizeof f->a);
    f->t[0] = d[0] / f->L, f->t[1] = d[1] / f->L;
    double side = solid_left ? -1.0 : 1.0; /* the free side's normal: the left one, or not */
    f->n[0] = -side * f->t[1], f->n[1] = side * f->t[0];
    memcpy(f->t0, f->t, sizeof f->t0);
    memcpy(f->t1, f->t, sizeof f->t1);
    f->extent = f->L;
    f->bc[0] = from[0] + 0.5 * d[0], f->bc[1] = from[1] + 0.5 * d[1], f->br = 0.5 * f->L;
    return 0;
  }
  f->kind = CS_FEATURE_ARC;
  memcpy(f->c, st->centre, sizeof f->c);
  double u[2] = {from[0] - f->c[0], from[1] - f->c[1]}, v[2] = {st->to[0] - f->c[0],
                                                                st->to[1] - f->c[1]};
  f->R = hypot(u[0], u[1]);
  double R1 = hypot(v[0], v[1]);
  if (!(f->R > 0.0) || fabs(R1 - f->R) > 1e-9 * f->R)
    return fail(why, len, bad, k, "an arc whose end is not as far from its centre as its start");
  f->u0[0] = u[0] / f->R, f->u0[1] = u[1] / f->R;
  f->span = cs_arc_span(u, v, st->ccw);
  /* walking ccw the inside is on the left: the free side is inside when the solid is not */
  f->free_inside = st->ccw ? !solid_left : solid_left;
  arc_tangent(f->c, from, f->span, f->t0);
  arc_tangent(f->c, st->to, f->span, f->t1);
  double Reff = f->free_inside ? f->R - rp : f->R + rp;
  if (!(Reff > 0.0))
    return fail(why, len, bad, k, "a concave arc narrower than the follower (radius ≤ its radius)");
  f->extent = Reff * sin(fmin(fabs(f->span), 0.5 * M_PI));
  if (fabs(f->span) <= M_PI) { /* within the circle on its chord (Thales) */
    f->bc[0] = 0.5 * (from[0] + st->to[0]), f->bc[1] = 0.5 * (from[1] + st->to[1]);
    f->br = 0.5 * hypot(d[0], d[1]);
  } else {
    memcpy(f->bc, f->c, sizeof f->bc);
    f->br = f->R;
  }
  return 0;
}

/* A corner at v reached between the tangents t_in and t_out (a zero tangent: an open end). */
static cs_feature corner(const double v[2], const double t_in[2], const double t_out[2],
                         double rp)
{
  cs_feature f;
  memset(&f, 0, sizeof f);
  f.kind = CS_FEATURE_CORNER;
  f.step = -1;
  memcpy(f.a, v, sizeof f.a);
  memcpy(f.bc, v, sizeof f.bc);
  memcpy(f.t_in, t_in, sizeof f.t_in);
  memcpy(f.t_out, t_out, sizeof f.t_out);
  memcpy(f.t0, dot(t_in, t_in) > 0 ? t_in : t_out, sizeof f.t0);
  memcpy(f.t1, dot(t_out, t_out) > 0 ? t_out : t_in, sizeof f.t1);
  double c = dot(t_in, t_out); /* the wedge's angle: that of the turn (an end: a quarter) */
  double wedge = dot(t_in, t_in) > 0 && dot(t_out, t_out) > 0 ? acos(fmax(-1.0, fmin(1.0, c)))
                                                               : 0.5 * M_PI;
  f.extent = rp * sin(fmin(wedge, 0.5 * M_PI));
  return f;
}

/* The region of a bend of radius R (the free side inside it: `inside`) in the table R_of,
 * internal of *n regions (0 flat), added when new; −1 when the table's REGIONS are taken. */
enum { REGIONS = 8 };
_Static_assert(sizeof ((cs_profile *)0)->R == REGIONS * sizeof(double), "cs_profile's table");
static int region_of(double *R_of, int *internal, int *n, double R, int inside)
{
  int k = 1;
  while (k < *n && !(fabs(R_of[k] - R) <= 1e-12 * R_of[k] && internal[k] == inside))
    k++;
  if (k < *n)
    return k;
  if (k == REGIONS)
    return -1;
  R_of[k] = R, internal[k] = inside, (*n)++;
  return k;
}

/* Regions: 0 for flat features, one per distinct arc (radius and side). */
static int regions(cs_profile *p, const cs_feature *pieces, int npiece, int *region, char *why,
                   size_t len, int *bad)
{
  p->nregion = 1;
  for (int i = 0; i < npiece; i++) {
    region[i] = 0;
    if (pieces[i].kind != CS_FEATURE_ARC && !(pieces[i].kind == CS_FEATURE_SPLINE &&
                                              pieces[i].R > 0.0))
      continue; /* (a straight spline step is flat) */
    int k = region_of(p->R, p->internal, &p->nregion, pieces[i].R, pieces[i].free_inside);
    if (k < 0)
      return fail(why, len, bad, i, "more than 7 distinct arcs (radius and side): each is a "
                  "region with its own contact geometry");
    region[i] = k;
  }
  return 0;
}

/* The features between piece a and piece b meeting at v: a corner where the solid pokes into
 * the free side, none where they are tangent or the corner is concave (same region only). */
static int junction(const cs_feature *a, const cs_feature *b, const double v[2], int solid_left,
                    double rp, cs_feature *out, int *nout, char *why, size_t len, int *bad, int k)
{
  double s = cross(a->t1, b->t0), c = dot(a->t1, b->t0);
  if (fabs(s) < CS_PROFILE_TURN_TOL && c > 0.0)
    return 0;
  if (fabs(s) < CS_PROFILE_TURN_TOL)
    return fail(why, len, bad, k, "the path turns back on itself");
  if (solid_left ? s > 0.0 : s < 0.0) {
    out[(*nout)++] = corner(v, a->t1, b->t0, rp);
    return 0;
  }
  if (a->region != b->region)
    return fail(why, len, bad, k, "a sharp concave corner where an arc meets another piece: "
                "round it with an arc tangent to both");
  return 0;
}

static void junctions(cs_profile *p)
{
  for (int i = 0; i < p->n; i++) {
    cs_junction *J = &p->j[i];
    const cs_feature *a = &p->f[i], *b = &p->f[(i + 1) % p->n];
    memset(J, 0, sizeof *J);
    J->region[0] = a->region, J->region[1] = b->region;
    if ((!p->closed && i == p->n - 1) || a->region == b->region)
      continue;
    start_point(b, J->point);
    memcpy(J->t, b->kind == CS_FEATURE_CORNER ? a->t1 : b->t0, sizeof J->t);
    J->l = 0.5 * fmin(a->extent, b->extent);
  }
}

/* Member i's bounding circle of a set of them: a profile's features, or a joint's walls. */
typedef const double *(*circle_of)(const void *set, int i, double *r);

static const double *feature_circle(const void *set, int i, double *r)
{
  const cs_feature *f = (const cs_feature *)set + i;
  *r = f->br;
  return f->bc;
}

static const double *wall_circle(const void *set, int i, double *r)
{
  const cs_profile *w = ((cs_profile *const *)set)[i];
  *r = w->br;
  return w->bc;
}

/* Node k of `node` over members [lo, hi) of `set` and its subtree from *next on; returns k. */
static int tree(cs_profile_node *node, const void *set, circle_of circle, int lo, int hi,
                int *next)
{
  int k = (*next)++;
  cs_profile_node *nd = &node[k];
  double box[2][2] = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}}, r;
  for (int i = lo; i < hi; i++) {
    const double *c = circle(set, i, &r);
    for (int a = 0; a < 2; a++) {
      box[0][a] = fmin(box[0][a], c[a] - r);
      box[1][a] = fmax(box[1][a], c[a] + r);
    }
  }
  nd->bc[0] = 0.5 * (box[0][0] + box[1][0]), nd->bc[1] = 0.5 * (box[0][1] + box[1][1]);
  nd->br = 0.0;
  for (int i = lo; i < hi; i++) {
    const double *c = circle(set, i, &r);
    nd->br = fmax(nd->br, hypot(c[0] - nd->bc[0], c[1] - nd->bc[1]) + r);
  }
  nd->lo = lo, nd->hi = hi, nd->child[0] = nd->child[1] = -1;
  if (hi - lo <= 4)
    return k;
  int mid = lo + (hi - lo) / 2;
  int c0 = tree(node, set, circle, lo, mid, next), c1 = tree(node, set, circle, mid, hi, next);
  node[k].child[0] = c0, node[k].child[1] = c1;
  return k;
}

static void bound(cs_profile *p)
{
  int next = 0;
  tree(p->node, p->f, feature_circle, 0, p->n, &next);
  p->bc[0] = p->node[0].bc[0], p->bc[1] = p->node[0].bc[1], p->br = p->node[0].br;
}

double cs_profile_outside(const cs_profile *p, const double x[2])
{
  return hypot(x[0] - p->bc[0], x[1] - p->bc[1]) - p->br;
}

int cs_profile_far(const cs_profile *p, const double x[2], double rp)
{
  return cs_profile_outside(p, x) - rp > p->size;
}

/* The scale on which contact is told from gap (the tolerances' cap, the depth warnings): the
 * narrowest pocket's play, a concave bend's R − r (a slot's clearance c: the follower centre's
 * extent in it is at most that), but no more than 1 % of the profile's bounding radius, the
 * largest play real mechanisms have (a concave fillet on a cam bounds no pocket); the loader
 * lowers it to the follower's play at the start between walls (cs_profile_play) or sets it as
 * given. */
static double profile_size(const cs_profile *p, double rp, int *rule)
{
  double s = INFINITY;
  for (int i = 0; i < p->n; i++) /* (a spline step: its tightest bend, if concave) */
    if ((p->f[i].kind == CS_FEATURE_ARC || p->f[i].kind == CS_FEATURE_SPLINE) &&
        p->f[i].free_inside)
      s = fmin(s, p->f[i].R - rp);
  *rule = s < 0.01 * p->br ? CS_PROFILE_SIZE_POCKET : CS_PROFILE_SIZE_SPAN;
  return fmin(s, 0.01 * p->br);
}

const char *cs_profile_size_rule_name(int rule)
{
  static const char *const names[] = {"the narrowest concave bend's R - r",
                                      "half the follower's play at the start", "given",
                                      "1 % of the wall's bounding radius"};
  return rule >= 0 && rule <= CS_PROFILE_SIZE_SPAN ? names[rule] : "?";
}

/* The pieces of the path with their corners and ends, in order, into p->f. */
static int features(cs_profile *p, const cs_feature *pc, int np, const double start[2],
                    int solid_left, double rp, char *why, size_t len, int *bad)
{
  static const double none[2] = {0.0, 0.0};
  double end[2];
  for (int i = 0; i < np; i++) {
    double at[2];
    start_point(&pc[i], at);
    if (i == 0 && !p->closed)
      p->f[p->n++] = corner(start, none, pc[0].t0, rp);
    else if (i > 0 && junction(&pc[i - 1], &pc[i], at, solid_left, rp, p->f, &p->n, why, len,
                               bad, i))
      return -1;
    p->f[p->n++] = pc[i];
  }
  end[0] = start[0], end[1] = start[1];
  if (p->closed)
    return junction(&pc[np - 1], &pc[0], end, solid_left, rp, p->f, &p->n, why, len, bad, 0);
  const cs_feature *last = &pc[np - 1];
  if (last->kind == CS_FEATURE_SEGMENT)
    end[0] = last->a[0] + last->L * last->t[0], end[1] = last->a[1] + last->L * last->t[1];
  else if (last->kind == CS_FEATURE_SPLINE)
    cs_spline_point(last->spline, last->ub, end);
  else {
    double cs = cos(last->span), sn = sin(last->span);
    end[0] = last->c[0] + last->R * (cs * last->u0[0] - sn * last->u0[1]);
    end[1] = last->c[1] + last->R * (sn * last->u0[0] + cs * last->u0[1]);
  }
  p->f[p->n++] = corner(end, last->t1, none, rp);
  return 0;
}

void cs_profile_cut_ends(cs_profile *w, int at_start, int at_end, int solid_left)
{
  const double side = solid_left ? -1.0 : 1.0; /* as a piece's free normal (piece) */
  for (int e = 0; e < 2 && !w->closed && w->n > 0; e++) {
    cs_feature *f = &w->f[e == 0 ? 0 : w->n - 1];
    if (!(e == 0 ? at_start : at_end) || f->kind != CS_FEATURE_CORNER)
      continue;
    const double *t = e == 0 ? f->t_out : f->t_in; /* its piece's tangent there */
    f->cut = 1;
    f->n[0] = -side * t[1], f->n[1] = side * t[0];
    f->br = w->cut_depth; /* a bound of |d| within it, as bounding circles are (search) */
  }
  bound(w);
}

void cs_profile_continue(cs_profile *w1, cs_profile *w2, int solid_left, double rp)
{
  char why[128]; /* (never filled: the turn there is never concave) */
  int bad;
  double at[2];
  start_point(&w2->f[1], at);
  w1->n--; /* its end, replaced by the path's own corner there, if any */
  junction(&w1->f[w1->n - 1], &w2->f[1], at, solid_left, rp, w1->f, &w1->n, why, sizeof why,
           &bad, 0);
  memmove(w2->f, w2->f + 1, (size_t)(w2->n - 1) * sizeof *w2->f);
  w2->n--;
  w1->continued = w2->continued = 1;
  for (int i = 0; i < 2; i++)
    w1->join[i] = w2->join[i] = at[i], w1->join_t[i] = w2->join_t[i] = w2->f[0].t0[i];
  w1->join_side = 1, w2->join_side = -1;
  w1->join_wall = w2, w2->join_wall = w1;
  junctions(w1), junctions(w2);
  bound(w1), bound(w2);
}

/* How many pieces a step is: a spline step its bands, else one. */
static int pieces_of(const cs_path_step *st)
{
  return st->npts > 0 && st->bands > 1 ? st->bands : 1;
}

/* The tangent two spline steps in a row share where they meet (a, from `from`, then b): along
 * the chord from a's point before the junction to b's first point, as a Catmull–Rom spline
 * takes it (on a circle sampled evenly, the circle's own). 0 if those points coincide. */
static int shared_tangent(const double from[2], const cs_path_step *a, const cs_path_step *b,
                          double t[2])
{
  const double *before = a->npts > 1 ? a->pts[a->npts - 2] : from, *after = b->pts[0];
  double d[2] = {after[0] - before[0], after[1] - before[1]}, l = hypot(d[0], d[1]);
  if (!(l > 0.0))
    return 0;
  t[0] = d[0] / l, t[1] = d[1] / l;
  return 1;
}

/* The pieces of the ns steps (the last, past nstep, the segment back to the start) into pc from
 * first[i] on: the segments and arcs, then the spline steps, each clamped to the tangents of
 * the pieces either side of it (closed: round the seam), or where another spline step is
 * there, to the tangent the two share. */
static int build_pieces(cs_profile *p, const double start[2], const cs_path_step *steps,
                        int nstep, int ns, const int *first, int solid_left, double rp,
                        cs_feature *pc, char *why, size_t len, int *bad)
{
  const cs_path_step back = {0, 0, {start[0], start[1]}, {0, 0}, NULL, 0, 0};
#define STEP(i) ((i) < nstep ? &steps[i] : &back)
#define FROM(i) ((i) > 0 ? STEP((i) - 1)->to : start)
  for (int i = 0; i < ns; i++)
    if (STEP(i)->npts == 0 && piece(FROM(i), STEP(i), solid_left, rp, &pc[first[i]], why, len,
                                    bad, i))
      return -1;
  for (int i = 0; i < ns; i++) {
    if (STEP(i)->npts == 0)
      continue;
    int prev = i > 0 ? i - 1 : p->closed ? ns - 1 : -1, next = i + 1 < ns ? i + 1 : p->closed ? 0
                                                                                       : -1;
    const double *t_in = prev >= 0 && STEP(prev)->npts == 0 ? pc[first[prev]].t1 : NULL;
    const double *t_out = next >= 0 && STEP(next)->npts == 0 ? pc[first[next]].t0 : NULL;
    double t_prev[2], t_next[2];
    if (prev >= 0 && STEP(prev)->npts > 0 && shared_tangent(FROM(prev), STEP(prev), STEP(i),
                                                            t_prev))
      t_in = t_prev;
    if (next >= 0 && STEP(next)->npts > 0 && shared_tangent(FROM(i), STEP(i), STEP(next),
                                                            t_next))
      t_out = t_next;
    cs_spline **own = &p->steps[p->nsteps];
    int k = cs_profile_spline_step(FROM(i), STEP(i), t_in, t_out, solid_left, rp, &pc[first[i]],
                                   own, why, len, bad);
    if (*own)
      p->nsteps++;
    if (k < 0) {
      *bad = *bad == -2 ? -2 : i;
      return -1;
    }
  }
#undef STEP
#undef FROM
  return 0;
}

/* A profile with room for np pieces (and their corners) and ns spline curves. */
static cs_profile *alloc_profile(int np, int ns)
{
  cs_profile *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->f = calloc(2 * (size_t)np + 2, sizeof *p->f);
  p->j = calloc(2 * (size_t)np + 2, sizeof *p->j);
  p->node = calloc(4 * (size_t)np + 4, sizeof *p->node); /* ≤ 2 per feature */
  p->steps = calloc((size_t)ns + 1, sizeof *p->steps);
  if (!p->f || !p->j || !p->node || !p->steps) {
    cs_profile_free(p);
    return NULL;
  }
  return p;
}

cs_profile *cs_profile_build(const double start[2], const cs_path_step *steps, int nstep,
                             int closed, int solid_left, double pin_radius, char *why,
                             size_t len, int *bad)
{
  int ns = nstep; /* closed and ending elsewhere: a segment back to the start */
  const double *last = nstep > 0 ? steps[nstep - 1].to : start;
  if (nstep > 0 && last[0] == start[0] && last[1] == start[1])
    closed = 1; /* open, its two ends would be one point: a seam with a flat law on each side */
  if (closed && (last[0] != start[0] || last[1] != start[1]))
    ns++;
  if (ns < 1) {
    fail(why, len, bad, -1, "a path of no pieces");
    return NULL;
  }
  int np = 0, nspline = 0, *first = calloc((size_t)ns + 1, sizeof *first);
  for (int i = 0; i < nstep; i++)
    np += pieces_of(&steps[i]), nspline += steps[i].npts > 0;
  np += ns - nstep;
  cs_profile *p = first ? alloc_profile(np, nspline) : NULL;
  cs_feature *pc = calloc((size_t)np, sizeof *pc);
  int *region = calloc((size_t)np, sizeof *region), *owner = calloc((size_t)np, sizeof *owner);
  if (!p || !pc || !region || !owner) {
    free(first), free(pc), free(region), free(owner), cs_profile_free(p);
    fail(why, len, bad, -2, "out of memory");
    return NULL;
  }
  for (int i = 0, k = 0; i < ns; i++) { /* the steps' first pieces; each piece's step */
    first[i] = k;
    for (int b = 0; b < (i < nstep ? pieces_of(&steps[i]) : 1); b++)
      owner[k++] = i;
  }
  p->closed = closed;
  int err = build_pieces(p, start, steps, nstep, ns, first, solid_left, pin_radius, pc, why, len,
                         bad);
  if (!err) { /* (their errors name a piece: its step's) */
    err = regions(p, pc, np, region, why, len, bad);
    for (int i = 0; i < np && !err; i++)
      pc[i].region = region[i], pc[i].step = owner[i];
    if (!err)
      err = features(p, pc, np, start, solid_left, pin_radius, why, len, bad);
    if (err && *bad >= 0 && *bad < np)
      *bad = owner[*bad];
  }
  free(first), free(pc), free(region), free(owner);
  if (err) {
    cs_profile_free(p);
    return NULL;
  }
  junctions(p);
  bound(p);
  p->size = profile_size(p, pin_radius, &p->size_rule);
  return p;
}

cs_profile *cs_profile_build_spline(const double (*points)[2], int n, int solid_left,
                                    double pin_radius, int bands, char *why, size_t len,
                                    int *bad)
{
  if (bands < 1) {
    snprintf(why, len, "expected bands >= 1, got %d", bands);
    *bad = -1;
    return NULL;
  }
  cs_spline *sp = cs_spline_build(points, n, solid_left, why, len, bad);
  if (!sp)
    return NULL;
  cs_profile *p = calloc(1, sizeof *p);
  if (p) {
    p->f = calloc((size_t)bands, sizeof *p->f);
    p->j = calloc((size_t)bands, sizeof *p->j);
    p->node = calloc(2 * (size_t)bands + 2, sizeof *p->node);
  }
  if (!p || !p->f || !p->j || !p->node) {
    cs_spline_free(sp);
    cs_profile_free(p);
    snprintf(why, len, "out of memory");
    *bad = -2;
    return NULL;
  }
  p->spline = sp;
  p->n = bands;
  p->closed = 1;
  p->nregion = 1;
  double T = cs_spline_period(sp), kconcave = 0.0;
  for (int b = 0; b < bands; b++) {
    cs_feature *f = &p->f[b];
    cs_spline_band(sp, T * b / bands, b + 1 == bands ? T : T * (b + 1) / bands, pin_radius,
                   bands > 1, f, &kconcave);
    f->step = -1;
    if (bands > 1 && !(f->extent > 0.0)) {
      snprintf(why, len, "band %d of %d turns half round (its junctions' blends would not be "
               "monotonic along it): cut the curve into more bands", b + 1, bands);
      *bad = -1;
      cs_profile_free(p);
      return NULL;
    }
    int k = region_of(p->R, p->internal, &p->nregion, f->R, f->free_inside);
    if (k < 0) {
      snprintf(why, len, "more than 7 distinct bends over the bands: each is a region with its "
               "own contact geometry");
      *bad = -1;
      cs_profile_free(p);
      return NULL;
    }
    f->region = k;
  }
  if (!(kconcave * pin_radius < 1.0)) {
    snprintf(why, len, "the spline bends towards the free side tighter than the follower "
             "(radius of curvature %.6g m, follower %.6g m)", 1.0 / kconcave, pin_radius);
    *bad = -1;
    cs_profile_free(p);
    return NULL;
  }
  junctions(p);
  bound(p);
  double pocket = kconcave > 0.0 ? 1.0 / kconcave - pin_radius : INFINITY;
  p->size = fmin(pocket, 0.01 * p->br);
  p->size_rule = pocket < 0.01 * p->br ? CS_PROFILE_SIZE_POCKET : CS_PROFILE_SIZE_SPAN;
  return p;
}

void cs_profile_free(cs_profile *p)
{
  while (p) {
    cs_profile *next = p->next;
    free(p->f);
    free(p->j);
    free(p->node);
    free(p->wall);
    free(p->wall_node);
    cs_spline_free(p->spline);
    for (int i = 0; i < p->nsteps; i++)
      cs_spline_free(p->steps[i]);
    free(p->steps);
    free(p);
    p = next;
  }
}

int cs_profile_walls(const cs_profile *p)
{
  if (p && p->wall)
    return p->nwall;
  int n = 0;
  for (; p; p = p->next)
    n++;
  return n;
}

const cs_profile *cs_profile_wall(const cs_profile *p, int k)
{
  if (p && p->wall)
    return k < p->nwall ? p->wall[k] : NULL;
  while (p && k-- > 0)
    p = p->next;
  return p;
}

int cs_profile_join(cs_profile *head, cs_profile *wall, char *why, size_t len)
{
  if (cs_profile_adopt(head, wall, why, len))
    return -1;
  free(head->wall), free(head->wall_node); /* the index no longer holds */
  head->wall = NULL, head->wall_node = NULL, head->nwall = 0;
  cs_profile *p = head;
  for (; p->next; p = p->next)
    ;
  p->next = wall;
  if (wall->size < head->size)
    head->size = wall->size, head->size_rule = wall->size_rule;
  return 0;
}

int cs_profile_index(cs_profile *head)
{
  int n = cs_profile_walls(head), next = 0;
  cs_profile **w = malloc((size_t)n * sizeof *w);
  cs_profile_node *node = calloc(2 * (size_t)n + 1, sizeof *node); /* ≤ 2 per wall */
  if (!w || !node) {
    free(w), free(node);
    return -1;
  }
  free(head->wall), free(head->wall_node);
  head->reach_size = 0.0;
  int k = 0;
  for (cs_profile *p = head; p; p = p->next) {
    w[k++] = p;
    head->reach_size = fmax(head->reach_size, p->size);
  }
  tree(node, w, wall_circle, 0, n, &next);
  head->wall = w, head->wall_node = node, head->nwall = n;
  return 0;
}

int cs_profile_adopt(cs_profile *head, cs_profile *wall, char *why, size_t len)
{
  int map[REGIONS] = {0}, n = head->nregion;
  double R[REGIONS];
  int internal[REGIONS];
  memcpy(R, head->R, sizeof R);
  memcpy(internal, head->internal, sizeof internal);
  for (int k = 1; k < wall->nregion; k++) {
    map[k] = region_of(R, internal, &n, wall->R[k], wall->internal[k]);
    if (map[k] < 0) {
      snprintf(why, len, "more than 7 distinct arcs (radius and side) over the walls: each is "
               "a region with its own contact geometry");
      return -1;
    }
  }
  for (int i = 0; i < wall->n; i++) {
    wall->f[i].region = map[wall->f[i].region];
    wall->j[i].region[0] = map[wall->j[i].region[0]];
    wall->j[i].region[1] = map[wall->j[i].region[1]];
  }
  memcpy(wall->R, R, sizeof R);
  memcpy(wall->internal, internal, sizeof internal);
  wall->nregion = n;
  for (cs_profile *p = head; p; p = p->next) { /* every wall holds the joint's table */
    memcpy(p->R, R, sizeof R);
    memcpy(p->internal, internal, sizeof internal);
    p->nregion = n;
  }
  return 0;
}

/* Whether a cut end measures x (w = x − a from its vertex) on its tangent line: behind that
 * line (the solid's side: the free side never reaches past the vertex of a concave corner)
 * and within br of the vertex. Elsewhere, as any end, by the vertex's distance. */
static int on_cut_line(const cs_feature *f, const double w[2])
{
  return f->cut && dot(f->n, w) < 0.0 && hypot(w[0], w[1]) <= f->br;
}

/* Whether the direction v from arc f's centre lies within its sweep. */
static int in_span(const cs_feature *f, const double v[2])
{
  if (fabs(f->span) >= 2.0 * M_PI)
    return 1;
  double a = atan2(cross(f->u0, v), dot(f->u0, v)); /* from the start, (−π, π] */
  if (f->span > 0.0)
    return (a >= 0.0 ? a : a + 2.0 * M_PI) <= f->span;
  return (a <= 0.0 ? a : a - 2.0 * M_PI) >= f->span;
}

/* Feature f's signed distance to x when its normal reaches x (returns 0 when it does not). */
static int reach(const cs_feature *f, const double x[2], double *d)
{
  double w[2] = {x[0] - f->a[0], x[1] - f->a[1]};
  switch (f->kind) {
  case CS_FEATURE_SEGMENT: {
    double s = dot(f->t, w);
    *d = dot(f->n, w);
    return s >= 0.0 && s <= f->L;
  }
  case CS_FEATURE_CORNER:
    *d = on_cut_line(f, w) ? dot(f->n, w) : hypot(w[0], w[1]);
    return dot(f->t_in, w) >= 0.0 && dot(f->t_out, w) <= 0.0;
  case CS_FEATURE_SPLINE: { /* a closed smooth curve: its normal reaches every point, and
                             * the band holding the foot is the feature; an open one's (a
                             * path's step) where the foot is not held at an end */
    double u, n[2], t[2], k;
    *d = cs_spline_distance(f->spline, x, &u, n, t, &k);
    if (cs_spline_open(f->spline) && !(u > 0.0 && u < cs_spline_period(f->spline)))
      return 0;
    return u >= f->ua && u < f->ub;
  }
  default: {
    double v[2] = {x[0] - f->c[0], x[1] - f->c[1]}, r = hypot(v[0], v[1]);
    *d = f->free_inside ? f->R - r : r - f->R;
    return r < 1e-300 || in_span(f, v);
  }
  }
}

double cs_feature_distance(const cs_feature *f, const double x[2])
{
  const double w[2] = {x[0] - f->a[0], x[1] - f->a[1]};
  switch (f->kind) {
  case CS_FEATURE_SEGMENT: {
    const double u = fmax(0.0, fmin(f->L, dot(f->t, w)));
    return hypot(w[0] - u * f->t[0], w[1] - u * f->t[1]);
  }
  case CS_FEATURE_CORNER:
    return hypot(w[0], w[1]);
  case CS_FEATURE_SPLINE: {
    double u, n[2], t[2], k;
    return fabs(cs_spline_distance(f->spline, x, &u, n, t, &k));
  }
  default: {
    const double v[2] = {x[0] - f->c[0], x[1] - f->c[1]};
    if (in_span(f, v))
      return fabs(hypot(v[0], v[1]) - f->R);
    const double th = atan2(f->u0[1], f->u0[0]) + f->span; /* its end's direction */
    const double e[2] = {f->c[0] + f->R * cos(th), f->c[1] + f->R * sin(th)};
    double s[2];
    start_point(f, s);
    return fmin(hypot(x[0] - s[0], x[1] - s[1]), hypot(x[0] - e[0], x[1] - e[1]));
  }
  }
}

/* The distance from x to circle (c, r) where it lies outside, else 0: a lower bound of the
 * distance to anything inside. */
static double outside(const double x[2], const double c[2], double r)
{
  double dx = x[0] - c[0], dy = x[1] - c[1];
  return sqrt(dx * dx + dy * dy) - r;
}

/* Whether every wall in node k's run of the indexed head h lies farther than T from x; then
 * *d is the least distance, and *c, *r the circle, of those that show it. */
static int walls_far(const cs_profile *h, int k, const double x[2], double T, double *d,
                     const double **c, double *r)
{
  const cs_profile_node *nd = &h->wall_node[k];
  double dn = outside(x, nd->bc, nd->br);
  if (dn > T) {
    if (dn < *d)
      *d = dn, *c = nd->bc, *r = nd->br;
    return 1;
  }
  if (nd->child[0] >= 0)
    return walls_far(h, nd->child[0], x, T, d, c, r) &&
           walls_far(h, nd->child[1], x, T, d, c, r);
  for (int i = nd->lo; i < nd->hi; i++) {
    const cs_profile *w = h->wall[i];
    double dw = outside(x, w->bc, w->br);
    if (!(dw > T))
      return 0;
    if (dw < *d)
      *d = dw, *c = w->bc, *r = w->br;
  }
  return 1;
}

/* The least distance from x to the bounding circles of node k's walls, given the best so far
 * (branch and bound: a node's circle holds its walls'). */
static double walls_clear(const cs_profile *h, int k, const double x[2], double best)
{
  const cs_profile_node *nd = &h->wall_node[k];
  if (outside(x, nd->bc, nd->br) >= best)
    return best;
  if (nd->child[0] >= 0)
    return walls_clear(h, nd->child[1], x, walls_clear(h, nd->child[0], x, best));
  for (int i = nd->lo; i < nd->hi; i++)
    best = fmin(best, outside(x, h->wall[i]->bc, h->wall[i]->br));
  return best;
}

double cs_profile_clear(const cs_profile *head, const double x[2])
{
  if (!head->wall || head->nwall < 2)
    return outside(x, head->bc, head->br);
  return walls_clear(head, 0, x, INFINITY);
}

int cs_profile_reach(const cs_profile *head, const double x[2], double rp, cs_gap *g)
{
  if (!head->wall || head->nwall < 2) /* one wall: its own bound (cs_profile_far) */
    return 0;
  double d = INFINITY, r = 0.0;
  const double *c = NULL;
  if (!walls_far(head, 0, x, rp + fmax(head->size, head->reach_size), &d, &c, &r))
    return 0;
  cs_gap_circle(x, c, r, rp, -1, 0, g);
  return 1;
}

/* The nearest reaching feature of node k's run, nearer child first, skipping runs whose
 * circle lies farther than the best so far. */
static void search(const cs_profile *p, int k, const double x[2], cs_profile_hit *hit)
{
  const cs_profile_node *nd = &p->node[k];
  if (nd->child[0] < 0) {
    for (int i = nd->lo; i < nd->hi; i++) {
      double d;
      if (outside(x, p->f[i].bc, p->f[i].br) < fabs(hit->d) && reach(&p->f[i], x, &d) &&
          fabs(d) < fabs(hit->d) && !(p->cut_depth > 0.0 && d < -p->cut_depth))
        hit->feature = i, hit->d = d;
    }
    return;
  }
  const cs_profile_node *a = &p->node[nd->child[0]], *b = &p->node[nd->child[1]];
  double da = outside(x, a->bc, a->br), db = outside(x, b->bc, b->br);
  int first = da <= db ? 0 : 1;
  for (int i = 0; i < 2; i++) {
    int c = i == 0 ? first : 1 - first;
    if ((c == 0 ? da : db) < fabs(hit->d))
      search(p, nd->child[c], x, hit);
  }
}

int cs_profile_nearest(const cs_profile *p, const double x[2], cs_profile_hit *hit)
{
  hit->feature = -1;
  hit->d = INFINITY;
  search(p, 0, x, hit);
  return hit->feature;
}

/* The gap of the follower (centre p, radius rp) against wall `pin`: rp − d of the nearest
 * feature; where no feature's normal reaches p (deep in the solid behind a concave corner),
 * the nearest piece end, as a corner. */
void cs_profile_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g)
{
  if (cs_profile_reach(c->profile, p, c->pin_radius, g))
    return;
  cs_profile_gap_on(cs_profile_wall(c->profile, pin), c->pin_radius, p, g);
}

/* Whether p, near a continued wall's join, is on the other wall's side of it: both walls
 * decide by the same number, so each point there is exactly one wall's (the normal line
 * itself the wall's before the join). */
static int past_join(const cs_profile *pr, double rp, const double p[2])
{
  const double w[2] = {p[0] - pr->join[0], p[1] - pr->join[1]}, s = dot(pr->join_t, w);
  return (pr->join_side > 0 ? s > 0.0 : s <= 0.0) && hypot(w[0], w[1]) <= rp + pr->size;
}

void cs_profile_gap_on(const cs_profile *pr, double rp, const double p[2], cs_gap *g)
{
  cs_profile_hit hit;
  if (cs_profile_far(pr, p, rp)) {
    cs_gap_circle(p, pr->bc, pr->br, rp, -1, 0, g);
    return;
  }
  if (pr->continued && past_join(pr, rp, p)) { /* the other wall's point (never past its join) */
    cs_profile_gap_on(pr->join_wall, rp, p, g);
    g->beyond = 1;
    return;
  }
  if (cs_profile_nearest(pr, p, &hit) < 0) {
    double best = INFINITY, v[2] = {0, 0};
    for (int i = 0; i < pr->n; i++) {
      const cs_feature *f = &pr->f[i];
      double e[2];
      start_point(f, e);
      double dist = hypot(p[0] - e[0], p[1] - e[1]);
      if (dist < best)
        best = dist, v[0] = e[0], v[1] = e[1];
    }
    if (pr->continued) { /* past its join: the next wall's, no contact here */
      cs_gap_circle(p, v, 0.0, 0.0, -1, 0, g);
      g->delta -= pr->size;
      return;
    }
    cs_gap_circle(p, v, 0.0, rp, -1, 0, g);
    return;
  }
  const cs_feature *f = &pr->f[hit.feature];
  const double w[2] = {p[0] - f->a[0], p[1] - f->a[1]};
  if (f->kind == CS_FEATURE_SEGMENT || (f->kind == CS_FEATURE_CORNER && on_cut_line(f, w))) {
    g->region = 0;
    g->delta = rp - hit.d;
    g->grad[0] = -f->n[0], g->grad[1] = -f->n[1];
    g->hess[0] = g->hess[1] = g->hess[2] = g->hess[3] = 0.0;
  } else if (f->kind == CS_FEATURE_CORNER) {
    cs_gap_circle(p, f->a, 0.0, rp, -1, 0, g);
  } else if (f->kind == CS_FEATURE_SPLINE) { /* δ = rp − d, ∇δ = −n, ∇²δ = κ/(1 − κd) t tᵀ */
    double u, n[2], t[2], k;
    double d = cs_spline_distance(f->spline, p, &u, n, t, &k), q = k / (1.0 - k * d);
    g->region = f->region;
    g->delta = rp - d;
    g->grad[0] = -n[0], g->grad[1] = -n[1];
    g->hess[0] = q * t[0] * t[0], g->hess[1] = g->hess[2] = q * t[0] * t[1];
    g->hess[3] = q * t[1] * t[1];
  } else {
    cs_gap_circle(p, f->c, f->R, rp, f->free_inside ? +1 : -1, f->region, g);
  }
}

/* How far the follower centre p is along feature f from its start (from_end 0) or its end
 * (1): a segment's length up to p's foot, an arc's angle to p times p's radius; 0 for the
 * features without length (corners) and for spline bands (their blends bound themselves). */
static double along(const cs_feature *f, const double p[2], int from_end)
{
  if (f->kind == CS_FEATURE_SEGMENT) {
    double u = fmax(0.0, fmin(f->L, f->t[0] * (p[0] - f->a[0]) + f->t[1] * (p[1] - f->a[1])));
    return from_end ? f->L - u : u;
  }
  if (f->kind != CS_FEATURE_ARC)
    return 0.0;
  double v[2] = {p[0] - f->c[0], p[1] - f->c[1]}, span = fabs(f->span);
  double a = atan2(cross(f->u0, v), dot(f->u0, v)) * (f->span > 0.0 ? 1.0 : -1.0);
  a = fmin(a < 0.0 ? a + 2.0 * M_PI : a, span);
  return hypot(v[0], v[1]) * (from_end ? span - a : a);
}

/* A junction's blend is the stretch within BLEND_REACH·l of it along the piece the follower
 * is on: ξ, the projection on the junction's tangent, comes back under l where a piece curls
 * round (an arc past a quarter turn: a whole circle left open blended its ends' flat law
 * across the circle). At that reach |ξ| ≥ l already (l is at most half an arc's radius), so
 * the weight is the piece's own where the reach cuts it. */
static const double BLEND_REACH = 1.5;

/* Near a junction of two regions, their laws mixed along ξ = t·(p − point) (linear: ∇²ξ = 0). */
void cs_profile_blend(const cs_clearance *c, int pin, const double p[2], cs_blend *b)
{
  cs_profile_blend_on(cs_profile_wall(c->profile, pin), c->pin_radius, p, b);
}

void cs_profile_blend_on(const cs_profile *pr, double rp, const double p[2], cs_blend *b)
{
  cs_profile_hit hit;
  if (cs_profile_far(pr, p, rp) || cs_profile_nearest(pr, p, &hit) < 0)
    return;
  for (int k = 0; k < 2; k++) {
    int i = k == 0 ? hit.feature - 1 : hit.feature;
    if (i < 0)
      i = pr->closed ? pr->n - 1 : -1;
    if (i < 0 || !(pr->j[i].l > 0.0))
      continue;
    const cs_junction *J = &pr->j[i];
    double xi = J->t[0] * (p[0] - J->point[0]) + J->t[1] * (p[1] - J->point[1]);
    if (fabs(xi) >= J->l || along(&pr->f[hit.feature], p, k) > BLEND_REACH * J->l)
      continue;
    b->region[0] = J->region[0];
    b->region[1] = J->region[1];
    cs_blend_step(xi, J->l, J->t, NULL, b);
    return;
  }
}

/* The end of an arc feature, walking the path. */
static void arc_end(const cs_feature *f, double at[2])
{
  double cs = cos(f->span), sn = sin(f->span);
  at[0] = f->c[0] + f->R * (cs * f->u0[0] - sn * f->u0[1]);
  at[1] = f->c[1] + f->R * (sn * f->u0[0] + cs * f->u0[1]);
}

/* The same for one piece. */
static cs_profile *cut_piece(const cs_profile *p, double rp)
{
  static const double none[2] = {0.0, 0.0};
  cs_profile *q = calloc(1, sizeof *q);
  if (!q)
    return NULL;
  *q = *p; /* its spline features' curves stay p's */
  q->next = NULL, q->spline = NULL, q->steps = NULL, q->nsteps = 0, q->n = 0;
  q->wall = NULL, q->wall_node = NULL, q->nwall = 0;
  q->f = calloc(2 * (size_t)p->n + 1, sizeof *q->f);
  q->j = calloc(2 * (size_t)p->n + 1, sizeof *q->j);
  q->node = calloc(8 * (size_t)p->n + 4, sizeof *q->node);
  if (!q->f || !q->j || !q->node) {
    cs_profile_free(q);
    return NULL;
  }
  for (int i = 0; i < p->n; i++) {
    const cs_feature *f = &p->f[i];
    if (f->kind != CS_FEATURE_ARC || f->free_inside) {
      q->f[q->n++] = *f;
      continue;
    }
    double a[2], b[2];
    start_point(f, a);
    arc_end(f, b);
    q->f[q->n++] = corner(a, none, none, rp); /* reached from everywhere */
    q->f[q->n++] = corner(b, none, none, rp);
  }
  junctions(q);
  bound(q);
  return q;
}

cs_profile *cs_profile_cut_convex(const cs_profile *p, double rp)
{
  cs_profile *head = NULL, **tail = &head;
  for (; p; p = p->next) {
    if (!(*tail = cut_piece(p, rp))) {
      cs_profile_free(head);
      return NULL;
    }
    tail = &(*tail)->next;
  }
  return head;
}
