/* clearance_window.c — windows for a follower outline's pairs (joints/README.md "Profiles",
 * "Windows"): an arc whose circle stands out of its solid past its ends (a lens's, a D's, a
 * circular-arc cam's flank) is the pin only over its own directions. Past each end, for half
 * the way round, the contact is the pair's beside it there, which is silent over the arc's
 * directions in turn; inside such a zone a pair's gap is its partner's, carried through the
 * bodies' relative angle and flagged beyond, so the engine's join hand-over passes the
 * contact at the end point where both touch. */
#include "cs_clearance.h"
#include "cs_follower.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The feature before (dir −1) or after (+1) feature i of piece pr, round a closed one; −1
 * past an open end. */
static int beside(const cs_profile *pr, int i, int dir)
{
  const int k = i + dir;
  if (k >= 0 && k < pr->n)
    return k;
  return pr->closed ? (k + pr->n) % pr->n : -1;
}

/* Whether feature h is a convex arc of arc f's circle (within 1e-6 of the radius, as
 * same_circle). */
static int one_circle(const cs_feature *f, const cs_feature *h)
{
  return h->kind == CS_FEATURE_ARC && !h->free_inside &&
         cs_follower_one_circle(f->c, f->R, h->c, h->R);
}

static void rotate(const double u[2], double a, double out[2])
{
  const double c = cos(a), s = sin(a);
  out[0] = c * u[0] - s * u[1];
  out[1] = s * u[0] + c * u[1];
}

/* The directions of arc i's circle that are its material (its run of consecutive arcs of
 * that circle on pr), ccw from a over S, and the features beside the run at a and at a + S. */
typedef struct window {
  double a[2], S;
  int at_start, at_end;
} window;

static void arc_window(const cs_profile *pr, int i, window *w)
{
  int lo = i, hi = i, k;
  while ((k = beside(pr, lo, -1)) >= 0 && k != i && one_circle(&pr->f[i], &pr->f[k]))
    lo = k;
  while ((k = beside(pr, hi, +1)) >= 0 && k != lo && one_circle(&pr->f[i], &pr->f[k]))
    hi = k;
  double total = 0.0;
  for (k = lo;; k = beside(pr, k, +1)) {
    total += pr->f[k].span;
    if (k == hi)
      break;
  }
  if (total > 0.0) {
    memcpy(w->a, pr->f[lo].u0, sizeof w->a);
    w->S = total, w->at_start = beside(pr, lo, -1), w->at_end = beside(pr, hi, +1);
  } else { /* walked cw: the run's end is its ccw start */
    rotate(pr->f[hi].u0, pr->f[hi].span, w->a);
    w->S = -total, w->at_start = beside(pr, hi, +1), w->at_end = beside(pr, lo, -1);
  }
}

/* A feature of pr that curves round a follower (a concave arc, a spline band bending towards
 * the free side), or NULL. */
static const cs_feature *concave(const cs_profile *pr)
{
  for (int i = 0; i < pr->n; i++)
    if ((pr->f[i].kind == CS_FEATURE_ARC || pr->f[i].kind == CS_FEATURE_SPLINE) &&
        pr->f[i].free_inside)
      return &pr->f[i];
  return NULL;
}

/* The pair of feature i of q's own profile against what q meets (an arc's: its circle's kept
 * pair, one_per_circle), or −1. */
static int pair_of(const cs_clearance *c, const cs_follower_pair *q, int i)
{
  const cs_feature *f = &cs_follower_own(c, q)->f[i];
  for (int k = 0; k < c->npair; k++) {
    const cs_follower_pair *o = &c->pairs[k];
    if (o->face || o->swapped != q->swapped || o->wall != q->wall || o->piece != q->piece)
      continue;
    const cs_feature *h = &cs_follower_own(c, q)->f[o->feature];
    if (o->feature == i || (f->kind == CS_FEATURE_ARC && one_circle(f, h)))
      return k;
  }
  return -1;
}

/* Adds a zone to q; −1 if it has its two already (a feature beside more than two arcs that
 * stand out: a circle's kept pair for arcs apart on the outline). */
static int add_zone(cs_follower_pair *q, const double a0[2], double sweep, int partner)
{
  for (int z = 0; z < q->nzone; z++)
    if (q->zone[z].partner == partner)
      return 0; /* both ends of one run at one feature: one zone */
  if (q->nzone == 2)
    return -1;
  q->zone[q->nzone++] = (cs_follower_zone){{a0[0], a0[1]}, sweep, partner};
  return 0;
}

/* What feature i of pr is, as the end of an arc that needs a pin beside it. */
static const char *end_kind(const cs_profile *pr, int i)
{
  if (i < 0 || pr->f[i].kind == CS_FEATURE_CORNER)
    return "an open end";
  const char *what[] = {"a straight piece", "a concave arc", "", "a spline"};
  return what[pr->f[i].kind];
}

/* Pair k's arc, whose circle stands out of its solid (crossing: a lens's, a D's, a
 * circular-arc cam's flank): the circle is the pin only over the arc's own directions. Past
 * each end, for half the way round, the contact is the pair beside it there (a corner, or an
 * arc joined tangentially), which is silent over the arc's directions in turn: at the edge
 * both touch at the one end point, so the contact passes between them (cs_clearances_settle).
 * 0, or −1 with `why` where an end meets no such pair. */
static int window_arc(cs_clearance *c, int k, char *why, size_t len)
{
  cs_follower_pair *q = &c->pairs[k];
  const cs_profile *pr = cs_follower_own(c, q);
  const cs_feature *f = &pr->f[q->feature];
  window w;
  arc_window(pr, q->feature, &w);
  int partner[2], end[2] = {w.at_start, w.at_end};
  for (int e = 0; e < 2; e++)
    partner[e] = end[e] >= 0 && cs_follower_convex(&pr->f[end[e]]) ? pair_of(c, q, end[e]) : -1;
  double swept = 0.0; /* all the arcs of its circle on the piece: the run's alone */
  for (int i = 0; i < pr->n; i++)
    swept += one_circle(f, &pr->f[i]) ? fabs(pr->f[i].span) : 0.0;
  const char *whose = q->swapped ? "a wall's" : "the follower's";
  const char *frame = q->swapped ? "body1's" : "body2's";
  if (swept > w.S + 1e-9) {
    snprintf(why, len, "%s convex arcs about (%.6g, %.6g) m, radius %.6g m (%s frame): arcs of "
             "one circle apart on one outline, whose circle crosses it; give them as arcs of "
             "circles of their own", whose, f->c[0], f->c[1], f->R, frame);
    return -1;
  }
  for (int e = 0; e < 2; e++) {
    if (partner[e] >= 0)
      continue;
    double u[2];
    rotate(w.a, e ? w.S : 0.0, u);
    snprintf(why, len, "%s convex arc about (%.6g, %.6g) m, radius %.6g m (%s frame): its "
             "circle crosses its own %s, so it is the pin only over the arc's own directions "
             "and hands the contact on at its ends to a corner or an arc beside it; its end at "
             "(%.6g, %.6g) m meets %s: give that end a sharp corner or round it with an arc",
             whose, f->c[0], f->c[1], f->R, frame, q->swapped ? "wall" : "outline",
             f->c[0] + f->R * u[0], f->c[1] + f->R * u[1],
             end_kind(pr, end[e]));
    return -1;
  }
  const cs_feature *bend = concave(cs_follower_other(c, q));
  if (bend) {
    snprintf(why, len, "%s convex arc about (%.6g, %.6g) m, radius %.6g m (%s frame): its "
             "circle crosses its own %s, so it is the pin only over the arc's own directions, "
             "which tells one contact from another only against a side that does not curve "
             "round it; %s has a concave %s of radius %.6g m, where several points of the %s "
             "may touch at once (a D in a bore): %s", whose, f->c[0], f->c[1], f->R, frame,
             q->swapped ? "wall" : "outline", q->swapped ? "the follower's outline" : "the wall "
             "it meets", bend->kind == CS_FEATURE_ARC ? "arc" : "spline bend", bend->R,
             q->swapped ? "wall" : "outline", q->swapped ? "give that wall as a closed "
             "\"spline\"" : "round the outline with arcs whose circles lie within it");
    return -1;
  }
  const double half = M_PI - 0.5 * w.S;
  double past_end[2], past_half[2];
  rotate(w.a, w.S, past_end);
  rotate(w.a, w.S + half, past_half);
  int full = add_zone(q, past_end, half, partner[1]) || add_zone(q, past_half, half, partner[0]);
  q->own_check = 1;
  for (int e = 0; e < 2; e++) {
    cs_follower_pair *o = &c->pairs[partner[e]];
    const cs_feature *h = &pr->f[o->feature];
    if (h->kind == CS_FEATURE_ARC && cs_follower_crossing(pr, h))
      continue; /* standing out too: silent outside its own span already */
    full = full || add_zone(o, w.a, w.S, k);
    o->own_check = o->R > 0.0;
  }
  if (full)
    snprintf(why, len, "%s convex arc about (%.6g, %.6g) m, radius %.6g m (%s frame): its "
             "circle crosses its own %s, and a feature beside it is beside more than two such "
             "arcs; give them as arcs of circles of their own", whose, f->c[0], f->c[1], f->R,
             frame, q->swapped ? "wall" : "outline");
  return full ? -1 : 0;
}

/* The directions (ccw from a0 over sweep) on face's side of the convex feature i of pr that
 * ends it (at its start, e 0, or its end, e 1): from the face's normal away from the
 * feature's own directions, half the way round the rest (as an arc's window). A corner's own
 * directions run from one piece's normal to the other's; an arc's over its run. */
static void face_side(const cs_profile *pr, int i, int face_i, int e, double a0[2],
                      double *sweep)
{
  const cs_feature *f = &pr->f[i], *face = &pr->f[face_i];
  double other[2];
  if (f->kind == CS_FEATURE_ARC) {
    window w;
    arc_window(pr, i, &w);
    const int ccw_end = w.at_end == face_i; /* the face past the run's ccw end */
    rotate(w.a, ccw_end ? 0.0 : w.S, other);
    rotate(w.a, ccw_end ? w.S : 0.0, a0);
  } else { /* a corner: the other piece's normal there, turned from its tangent as face's */
    const double side = face->t[0] * face->n[1] - face->t[1] * face->n[0];
    const double *t = e ? f->t_out : f->t_in;
    other[0] = -side * t[1], other[1] = side * t[0];
    memcpy(a0, face->n, 2 * sizeof *a0);
  }
  const double turn = atan2(a0[0] * other[1] - a0[1] * other[0],
                            a0[0] * other[0] + a0[1] * other[1]);
  *sweep = M_PI - 0.5 * fabs(turn);
  if (turn > 0.0) { /* its own directions ccw of the face's normal: the face's side is cw */
    const double edge[2] = {a0[0], a0[1]};
    rotate(edge, -*sweep, a0);
  }
}

/* Face pair k against its spline wall: past an end, the face's deepest point is its end
 * point, which is the convex feature's there when that has its own pair against the wall (a
 * corner, an arc joined tangentially): that pair is the pin past the end (end_pair), and is
 * silent over the face's directions, so the two hand the contact over where both touch the
 * end point and never count it twice (the face's end gap and the corner's are one). 0, or −1
 * with `why` where a feature would need a third zone. */
static int window_face(cs_clearance *c, int k, char *why, size_t len)
{
  cs_follower_pair *q = &c->pairs[k];
  const cs_profile *pr = cs_follower_own(c, q);
  const cs_feature *face = &pr->f[q->feature];
  for (int e = 0; e < 2; e++) {
    const int i = beside(pr, q->feature, e ? +1 : -1);
    const cs_follower_pair like = {.wall = q->wall, .piece = q->piece};
    const int o = i >= 0 && cs_follower_convex(&pr->f[i]) ? pair_of(c, &like, i) : -1;
    if (o < 0)
      continue; /* an open or concave end: the face's end point is the pin */
    double a0[2], sweep;
    face_side(pr, i, q->feature, e, a0, &sweep);
    if (add_zone(&c->pairs[o], a0, sweep, k)) {
      snprintf(why, len, "the follower's %s at (%.6g, %.6g) m (body2's frame) ends a straight "
               "piece on a spline wall and meets more than two pieces that hand it contact; "
               "round it with an arc", pr->f[i].kind == CS_FEATURE_ARC ? "arc" : "corner",
               face->a[0] + e * face->L * face->t[0], face->a[1] + e * face->L * face->t[1]);
      return -1;
    }
    q->end_pair[e] = o;
  }
  return 0;
}

int cs_follower_windows(cs_clearance *c, char *why, size_t len)
{
  for (int k = 0; k < c->npair; k++) {
    const cs_follower_pair *q = &c->pairs[k];
    const cs_feature *f = q->face ? NULL : &cs_follower_own(c, q)->f[q->feature];
    if (f && f->kind == CS_FEATURE_ARC && cs_follower_crossing(cs_follower_own(c, q), f) &&
        window_arc(c, k, why, len))
      return q->swapped ? -3 : -1;
  }
  for (int k = 0; k < c->npair; k++)
    if (c->pairs[k].face && window_face(c, k, why, len))
      return -1;
  return 0;
}

/* The zone of q holding direction d (the pin body's frame), or −1. */
static int zone_of(const cs_follower_pair *q, const double d[2])
{
  for (int z = 0; z < q->nzone; z++) {
    const double *u = q->zone[z].a0;
    double a = atan2(u[0] * d[1] - u[1] * d[0], u[0] * d[0] + u[1] * d[1]);
    if ((a < 0.0 ? a + 2.0 * M_PI : a) < q->zone[z].sweep)
      return z;
  }
  return -1;
}

/* Pair o's gap h at its centre x = p + r (r = R(φ) times o's centre less the pin's, both in
 * the pin body) as the pin's own at p and φ: δ(p, φ) = h(p + r(φ), φ), r' = r⊥, r'' = −r,
 * so ∂δ/∂φ = ∇h·r⊥ + h_φ, ∂²δ/∂p∂φ = H r⊥ + h_pφ, ∂²δ/∂φ² = r⊥ᵀ H r⊥ + 2 h_pφ·r⊥ − ∇h·r +
 * h_φφ (h's φ terms: a face's; 0 for a circle's); the contact point o's. */
static void offset_gap(const cs_gap *h, const double x[2], double R, const double r[2],
                       cs_gap *g)
{
  const double rp[2] = {-r[1], r[0]};
  const double Hr[2] = {h->hess[0] * rp[0] + h->hess[1] * rp[1],
                        h->hess[2] * rp[0] + h->hess[3] * rp[1]};
  memset(g, 0, sizeof *g);
  g->region = h->region;
  g->delta = h->delta;
  memcpy(g->grad, h->grad, sizeof g->grad);
  memcpy(g->hess, h->hess, sizeof g->hess);
  g->dphi = h->grad[0] * rp[0] + h->grad[1] * rp[1] + h->dphi;
  g->hpphi[0] = Hr[0] + h->hpphi[0], g->hpphi[1] = Hr[1] + h->hpphi[1];
  g->hphi = rp[0] * Hr[0] + rp[1] * Hr[1] - (h->grad[0] * r[0] + h->grad[1] * r[1]) +
            2.0 * (h->hpphi[0] * rp[0] + h->hpphi[1] * rp[1]) + h->hphi;
  g->at_given = 1;
  if (h->at_given) {
    memcpy(g->at, h->at, sizeof g->at);
    memcpy(g->dat, h->dat, sizeof g->dat);
  } else {
    g->at[0] = x[0] + R * h->grad[0], g->at[1] = x[1] + R * h->grad[1];
    for (int i = 0; i < 4; i++)
      g->dat[i] = R * h->hess[i] + (i == 0 || i == 3);
  }
  g->datphi[0] = g->dat[0] * rp[0] + g->dat[1] * rp[1] + h->datphi[0];
  g->datphi[1] = g->dat[2] * rp[0] + g->dat[3] * rp[1] + h->datphi[1];
}

/* Whether arc pair q's circle gap g at its centre p is a contact of the arc's own: its centre
 * more than R/2 off the wall on the free side, and the wall's depth at the arc's point
 * p + R ∇δ the same δ. A wall's gap is made for centres near its free side; a standing-out
 * arc's centre can lie deep in the wall (a lens's upper arc's, below it in a V), where the
 * gap measures a cut end's vertex as if from outside, its sign and normal no contact's. */
static int own_contact(const cs_clearance *c, const cs_follower_pair *q, const double p[2],
                       const cs_gap *g)
{
  if (g->delta > 0.5 * q->R)
    return 0;
  const double x[2] = {p[0] + q->R * g->grad[0], p[1] + q->R * g->grad[1]};
  cs_gap h;
  memset(&h, 0, sizeof h);
  cs_profile_gap_on(cs_follower_other(c, q), 0.0, x, &h);
  return fabs(h.delta - g->delta) <= 0.1 * q->R;
}

void cs_follower_window_gap(const cs_clearance *c, int pin, const double p[2], double phi,
                            cs_gap *g)
{
  const cs_follower_pair *q = &c->pairs[pin];
  cs_follower_gap(c, pin, p, g);
  const double cs = cos(phi), sn = sin(phi);
  const double d[2] = {cs * g->grad[0] + sn * g->grad[1], cs * g->grad[1] - sn * g->grad[0]};
  int z = zone_of(q, d);
  if (z < 0 && q->own_check && !own_contact(c, q, p, g))
    z = 0; /* no contact of the arc's: the other side's partner's, or none */
  if (z < 0)
    return;
  const int k = q->zone[z].partner;
  const cs_follower_pair *o = &c->pairs[k];
  const double w[2] = {o->s[0] - q->s[0], o->s[1] - q->s[1]};
  const double r[2] = {cs * w[0] - sn * w[1], sn * w[0] + cs * w[1]};
  const double x[2] = {p[0] + r[0], p[1] + r[1]};
  cs_gap h;
  memset(&h, 0, sizeof h);
  if (o->face) /* a face's gap turns with φ */
    cs_follower_face_gap(c, k, x, phi, &h);
  else
    cs_follower_gap(c, k, x, &h);
  offset_gap(&h, x, o->R, r, g);
  g->beyond = 1; /* the partner's contact: it takes it on at the next restart */
}

int cs_clearance_pin_windowed(const cs_clearance *c, int pin)
{
  if (!c->follower)
    return 0;
  const cs_follower_pair *q = &c->pairs[pin];
  return q->nzone > 0 || (q->face && (q->end_pair[0] >= 0 || q->end_pair[1] >= 0));
}

int cs_clearance_pin_partner(const cs_clearance *c, int a, int b)
{
  if (!c->follower)
    return 0;
  for (int z = 0; z < c->pairs[a].nzone; z++)
    if (c->pairs[a].zone[z].partner == b)
      return 1;
  for (int z = 0; z < c->pairs[b].nzone; z++)
    if (c->pairs[b].zone[z].partner == a)
      return 1;
  return 0;
}
