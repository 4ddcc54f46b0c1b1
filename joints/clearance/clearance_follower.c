/* clearance_follower.c — a `profile` joint whose follower is a profile too (joints/README.md
 * "Profiles"): body[1]'s outline against body[0]'s walls, reduced to pairs. Every convex
 * circle-like feature of one side (a convex arc of radius R, a convex corner: R = 0) is a pin
 * against the other side's profile: (a) the follower's arcs and corners against each wall of
 * body[0], the circle-against-profile gap of cs_profile_gap_on; (b) each path wall's arcs and
 * corners against the follower's outline, the roles reversed: the pin is body[0]'s and the
 * hole body body[1] (cs_clearance_pin_bodies), so the engine's forces on the two bodies stay
 * equal and opposite and act at the pair's own contact point, against the outline with its
 * own convex arcs cut to their end points (c->follower_cut: an arc on an arc is (a)'s alone);
 * (c) each straight piece (a
 * face) of the follower against each spline wall, whose gap turns with the bodies' relative
 * angle (clearance_face.c). Each pair is its own pin: its
 * contact state, events, histories and books, as a profile's walls are. A pair whose
 * profile's bounding circle is farther than its size from the pin costs one distance
 * (cs_profile_far). Open ends of a path are not pins (a face ends there; a closed outline has
 * its corners). */
#include "cs_clearance.h"
#include "cs_follower.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether feature f is a convex circle-like feature: an arc whose solid is inside its
 * circle, or a corner between two pieces (not an open end). */
static int convex(const cs_feature *f)
{
  if (f->kind == CS_FEATURE_ARC)
    return !f->free_inside;
  if (f->kind != CS_FEATURE_CORNER)
    return 0;
  return (f->t_in[0] != 0.0 || f->t_in[1] != 0.0) && (f->t_out[0] != 0.0 || f->t_out[1] != 0.0);
}

static void centre(const cs_feature *f, double s[2], double *R)
{
  const int arc = f->kind == CS_FEATURE_ARC;
  s[0] = arc ? f->c[0] : f->a[0];
  s[1] = arc ? f->c[1] : f->a[1];
  *R = arc ? f->R : 0.0;
}

double cs_profile_convex_radius(const cs_profile *p)
{
  double R = 0.0;
  for (; p; p = p->next)
    for (int i = 0; i < p->n; i++)
      if (convex(&p->f[i]))
        R = fmax(R, p->f[i].kind == CS_FEATURE_ARC ? p->f[i].R : 0.0);
  return R;
}

/* The pairs of profile pr's convex features (side `swapped`, wall index `wall`, the
 * follower's piece `piece`) into out (NULL: count them); returns the count. */
static int pairs_of(const cs_profile *pr, int swapped, int wall, int piece,
                    cs_follower_pair *out)
{
  int n = 0;
  for (int i = 0; i < pr->n; i++) {
    if (!convex(&pr->f[i]))
      continue;
    if (out) {
      cs_follower_pair *q = &out[n];
      q->swapped = swapped, q->wall = wall, q->feature = i, q->piece = piece, q->face = 0;
      centre(&pr->f[i], q->s, &q->R);
    }
    n++;
  }
  return n;
}

/* The faces (segments) of the follower's piece fo (index pc) against spline wall `wall` into
 * out (NULL: count). */
static int faces_of(const cs_profile *fo, int pc, const cs_profile *wall, int w,
                    cs_follower_pair *out)
{
  int n = 0;
  if (!wall->spline)
    return 0;
  for (int i = 0; i < fo->n; i++) {
    if (fo->f[i].kind != CS_FEATURE_SEGMENT)
      continue;
    if (out)
      out[n] = (cs_follower_pair){.wall = w, .feature = i, .piece = pc, .face = 1,
                                  .s = {fo->f[i].a[0], fo->f[i].a[1]}, .R = wall->f[0].R};
    n++;
  }
  return n;
}

/* All pairs in order: the follower's features (piece by piece) against wall 0, wall 1, …;
 * then wall 0's features against each piece of the follower, wall 1's, …; then the
 * follower's faces against the spline walls. */
static int all_pairs(const cs_clearance *c, cs_follower_pair *out)
{
  int n = 0, walls = cs_profile_walls(c->profile), pieces = cs_profile_walls(c->follower);
  for (int w = 0; w < walls; w++)
    for (int pc = 0; pc < pieces; pc++)
      n += pairs_of(cs_profile_wall(c->follower, pc), 0, w, pc, out ? out + n : NULL);
  for (int w = 0; w < walls; w++)
    for (int pc = 0; pc < pieces; pc++)
      n += pairs_of(cs_profile_wall(c->profile, w), 1, w, pc, out ? out + n : NULL);
  for (int w = 0; w < walls; w++)
    for (int pc = 0; pc < pieces; pc++)
      n += faces_of(cs_profile_wall(c->follower, pc), pc, cs_profile_wall(c->profile, w), w,
                    out ? out + n : NULL);
  return n;
}

/* A face on a spline wall of bands: its law would switch where the support point crosses
 * into another band, U jumping (no blend follows the support point). */
static int banded_faces(const cs_clearance *c)
{
  for (const cs_profile *w = c->profile; w; w = w->next)
    for (const cs_profile *fo = c->follower; fo; fo = fo->next)
      if (w->spline && w->n > 1 && faces_of(fo, 0, w, 0, NULL) > 0)
        return 1;
  return 0;
}

/* A follower's straight piece and a wall's spline step (an open spline in a path): a face
 * meets a closed spline wall only (faces_of), so nothing would carry a face on the step's
 * curve. */
static int faces_on_steps(const cs_clearance *c)
{
  int faces = 0, steps = 0;
  for (const cs_profile *fo = c->follower; fo; fo = fo->next)
    for (int i = 0; i < fo->n; i++)
      faces += fo->f[i].kind == CS_FEATURE_SEGMENT;
  for (const cs_profile *w = c->profile; w; w = w->next)
    for (int i = 0; !w->spline && i < w->n; i++)
      steps += w->f[i].kind == CS_FEATURE_SPLINE;
  return faces && steps;
}

/* A feature of piece pr nearer arc f's centre than its radius (within 1e-6 of the radius it
 * counts as touching, not crossing: an outline typed to six digits), or NULL: f's circle
 * then lies within its solid. */
static const cs_feature *crossing(const cs_profile *pr, const cs_feature *f)
{
  for (int j = 0; j < pr->n; j++)
    if (&pr->f[j] != f && cs_feature_distance(&pr->f[j], f->c) < f->R * (1.0 - 1e-6))
      return &pr->f[j];
  return NULL;
}

/* Whether pairs a and b are one circle against one profile: arcs of one circle, given as
 * several steps (a circle outline of two halves), would press twice at one point. Within
 * 1e-6 of the radius, as crossing's touching (an outline typed to six digits). */
static int same_circle(const cs_follower_pair *a, const cs_follower_pair *b)
{
  const int against_a = a->swapped ? a->piece : a->wall, against_b = b->swapped ? b->piece : b->wall;
  const double tol = 1e-6 * a->R;
  return !a->face && !b->face && a->swapped == b->swapped && against_a == against_b &&
         a->R > 0.0 && fabs(a->R - b->R) <= tol && fabs(a->s[0] - b->s[0]) <= tol &&
         fabs(a->s[1] - b->s[1]) <= tol;
}

/* Keeps the first of each circle's pairs (same_circle); the new count. */
static int one_per_circle(cs_follower_pair *q, int n)
{
  int kept = 0;
  for (int k = 0; k < n; k++) {
    int seen = 0;
    for (int j = 0; j < kept && !seen; j++)
      seen = same_circle(&q[j], &q[k]);
    if (!seen)
      q[kept++] = q[k];
  }
  return kept;
}

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
  const double tol = 1e-6 * f->R;
  return h->kind == CS_FEATURE_ARC && !h->free_inside && fabs(f->R - h->R) <= tol &&
         fabs(f->c[0] - h->c[0]) <= tol && fabs(f->c[1] - h->c[1]) <= tol;
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

/* The profile pair q's feature is on. */
static const cs_profile *own(const cs_clearance *c, const cs_follower_pair *q)
{
  return q->swapped ? cs_profile_wall(c->profile, q->wall) : cs_profile_wall(c->follower, q->piece);
}

/* The profile pair k's pin meets: a wall, or the follower's outline with its convex arcs cut
 * to their end points (an arc on an arc is the follower arc's pair's alone: seen from both
 * sides it was counted twice). */
static const cs_profile *other(const cs_clearance *c, const cs_follower_pair *q)
{
  return q->swapped ? cs_profile_wall(c->follower_cut, q->piece)
                    : cs_profile_wall(c->profile, q->wall);
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
  const cs_feature *f = &own(c, q)->f[i];
  for (int k = 0; k < c->npair; k++) {
    const cs_follower_pair *o = &c->pairs[k];
    if (o->face || o->swapped != q->swapped || o->wall != q->wall || o->piece != q->piece)
      continue;
    const cs_feature *h = &own(c, q)->f[o->feature];
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
  const cs_profile *pr = own(c, q);
  const cs_feature *f = &pr->f[q->feature];
  window w;
  arc_window(pr, q->feature, &w);
  int partner[2], end[2] = {w.at_start, w.at_end};
  for (int e = 0; e < 2; e++)
    partner[e] = end[e] >= 0 && convex(&pr->f[end[e]]) ? pair_of(c, q, end[e]) : -1;
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
  const cs_feature *bend = concave(other(c, q));
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
  for (int e = 0; e < 2; e++) {
    cs_follower_pair *o = &c->pairs[partner[e]];
    const cs_feature *h = &pr->f[o->feature];
    if (h->kind == CS_FEATURE_ARC && crossing(pr, h))
      continue; /* standing out too: silent outside its own span already */
    full = full || add_zone(o, w.a, w.S, k);
  }
  if (full)
    snprintf(why, len, "%s convex arc about (%.6g, %.6g) m, radius %.6g m (%s frame): its "
             "circle crosses its own %s, and a feature beside it is beside more than two such "
             "arcs; give them as arcs of circles of their own", whose, f->c[0], f->c[1], f->R,
             frame, q->swapped ? "wall" : "outline");
  return full ? -1 : 0;
}

int cs_follower_pairs(cs_clearance *c, char *why, size_t len)
{
  if (faces_on_steps(c)) {
    snprintf(why, len, "a follower with straight pieces and a wall with a spline step: a "
             "straight piece meets a closed spline wall (\"spline\") only, and would pass "
             "through the step's curve unseen; give that wall as a closed spline, or the "
             "follower arcs where it meets the step");
    return -1;
  }
  if (banded_faces(c)) {
    snprintf(why, len, "a follower's straight piece against a spline wall of several bands: "
             "expected \"bands\": 1 (the face's law follows no band junction)");
    return -1;
  }
  int n = all_pairs(c, NULL);
  if (n < 1) {
    snprintf(why, len, "neither the follower nor the walls have a convex arc or corner: no "
             "pair of them can touch (a closed outline has its corners)");
    return -1;
  }
  c->pairs = calloc((size_t)n, sizeof *c->pairs);
  if (!c->pairs)
    return -2;
  c->npair = one_per_circle(c->pairs, all_pairs(c, c->pairs));
  for (int k = 0; k < c->npair; k++) {
    const cs_follower_pair *q = &c->pairs[k];
    const cs_feature *f = q->face ? NULL : &own(c, q)->f[q->feature];
    if (f && f->kind == CS_FEATURE_ARC && crossing(own(c, q), f) && window_arc(c, k, why, len))
      return q->swapped ? -3 : -1;
  }
  c->pin_radius = 0.0;
  for (int k = 0; k < c->npair; k++)
    c->pin_radius = fmax(c->pin_radius, c->pairs[k].R);
  if (!(c->pin_radius > 0.0)) /* sharp corners only: the follower's size stands for it */
    for (const cs_profile *fo = c->follower; fo; fo = fo->next)
      c->pin_radius = fmax(c->pin_radius, fo->br);
  return 0;
}

/* A follower corner's pair (a) meets a wall's convex arc whose own pair (b) meets the corner
 * on the outline: one contact seen from both sides. It is (b)'s, which is continuous over the
 * outline's pieces and corners; (a) keeps its law on the wall's other regions, and the
 * junction blends fade it out onto the arc. Only a region all of whose wall features are
 * convex arcs (a spline band of the same bend has no pair of its own). */
int cs_clearance_pin_silent(const cs_clearance *c, int pin, int region)
{
  if (!c->follower)
    return 0;
  const cs_follower_pair *q = &c->pairs[pin];
  if (q->swapped || q->face || q->R > 0.0)
    return 0;
  int arcs = 0;
  for (const cs_profile *w = c->profile; w; w = w->next)
    for (int i = 0; i < w->n; i++) {
      const cs_feature *f = &w->f[i];
      if (f->region != region)
        continue;
      if (f->kind != CS_FEATURE_ARC || f->free_inside)
        return 0;
      arcs++;
    }
  return arcs > 0;
}

void cs_follower_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g)
{
  const cs_follower_pair *q = &c->pairs[pin];
  if (q->face) /* at φ = 0: cs_clearance_pin_gap_turned gives the angle */
    cs_follower_face_gap(c, pin, p, 0.0, g);
  else
    cs_profile_gap_on(other(c, q), q->R, p, g);
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
 * the pin body) as the pin's own at p and φ: δ(p, φ) = h(p + r(φ)), r' = r⊥, r'' = −r, so
 * ∂δ/∂φ = ∇h·r⊥, ∂²δ/∂p∂φ = H r⊥, ∂²δ/∂φ² = r⊥ᵀ H r⊥ − ∇h·r; the contact point o's. */
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
  g->dphi = h->grad[0] * rp[0] + h->grad[1] * rp[1];
  g->hpphi[0] = Hr[0], g->hpphi[1] = Hr[1];
  g->hphi = rp[0] * Hr[0] + rp[1] * Hr[1] - (h->grad[0] * r[0] + h->grad[1] * r[1]);
  g->at_given = 1;
  if (h->at_given) {
    memcpy(g->at, h->at, sizeof g->at);
    memcpy(g->dat, h->dat, sizeof g->dat);
  } else {
    g->at[0] = x[0] + R * h->grad[0], g->at[1] = x[1] + R * h->grad[1];
    for (int i = 0; i < 4; i++)
      g->dat[i] = R * h->hess[i] + (i == 0 || i == 3);
  }
  g->datphi[0] = g->dat[0] * rp[0] + g->dat[1] * rp[1];
  g->datphi[1] = g->dat[2] * rp[0] + g->dat[3] * rp[1];
}

void cs_follower_window_gap(const cs_clearance *c, int pin, const double p[2], double phi,
                            cs_gap *g)
{
  const cs_follower_pair *q = &c->pairs[pin];
  cs_follower_gap(c, pin, p, g);
  const double cs = cos(phi), sn = sin(phi);
  const double d[2] = {cs * g->grad[0] + sn * g->grad[1], cs * g->grad[1] - sn * g->grad[0]};
  const int z = zone_of(q, d);
  if (z < 0)
    return;
  const int k = q->zone[z].partner;
  const cs_follower_pair *o = &c->pairs[k];
  const double w[2] = {o->s[0] - q->s[0], o->s[1] - q->s[1]};
  const double r[2] = {cs * w[0] - sn * w[1], sn * w[0] + cs * w[1]};
  const double x[2] = {p[0] + r[0], p[1] + r[1]};
  cs_gap h;
  memset(&h, 0, sizeof h);
  cs_follower_gap(c, k, x, &h);
  offset_gap(&h, x, o->R, r, g);
  g->beyond = 1; /* the partner's contact: it takes it on at the next restart */
}

int cs_clearance_pin_windowed(const cs_clearance *c, int pin)
{
  return c->follower && c->pairs[pin].nzone > 0;
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

void cs_follower_blend(const cs_clearance *c, int pin, const double p[2], cs_blend *b)
{
  const cs_follower_pair *q = &c->pairs[pin];
  if (!q->face) /* a face's one region: its spline's */
    cs_profile_blend_on(other(c, q), q->R, p, b);
}

double cs_clearance_pin_radius(const cs_clearance *c, int pin)
{
  return c->follower ? c->pairs[pin].R : c->pin_radius;
}

void cs_clearance_pin_bodies(const cs_clearance *c, int pin, int body[2])
{
  const int swapped = c->follower && c->pairs[pin].swapped;
  body[0] = c->body[swapped];
  body[1] = c->body[!swapped];
}

/* The laws' body 1 is the pair's pin (its radius R1), body 2 the profile it meets (region r's
 * radius R2 and side, the joint's table); materials and masses follow the roles. */
void cs_clearance_pin_geometry(const cs_clearance *c, int pin, int r, cs_contact_geometry *g)
{
  *g = c->geometry[r];
  if (!c->follower)
    return;
  const cs_follower_pair *q = &c->pairs[pin];
  g->R1 = q->R;
  if (q->face) /* the spline's bend (its region's radius) on the flat face */
    g->R2 = 0.0, g->internal = 0;
  if (!q->swapped && !q->face)
    return;
  cs_material m = g->m1;
  double mass = g->mass1;
  g->m1 = g->m2, g->m2 = m;
  g->mass1 = g->mass2, g->mass2 = mass;
}

const char *cs_follower_pair_what(const cs_clearance *c, int pin)
{
  const cs_follower_pair *q = &c->pairs[pin];
  if (q->face)
    return "the follower's straight piece against a spline wall";
  const cs_profile *pr = q->swapped ? cs_profile_wall(c->profile, q->wall)
                                    : cs_profile_wall(c->follower, q->piece);
  const int arc = pr->f[q->feature].kind == CS_FEATURE_ARC;
  if (q->swapped)
    return arc ? "a wall's convex arc against the follower" : "a wall's corner against the "
                                                              "follower";
  return arc ? "the follower's convex arc against a wall" : "the follower's corner against a "
                                                            "wall";
}
