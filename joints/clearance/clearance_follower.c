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
 * angle (clearance_face.c). An arc whose circle stands out of its solid is the pin only over
 * its own directions (clearance_window.c). Each pair is its own pin: its
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
int cs_follower_convex(const cs_feature *f)
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
      if (cs_follower_convex(&p->f[i]))
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
    if (!cs_follower_convex(&pr->f[i]))
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
                                  .s = {fo->f[i].a[0], fo->f[i].a[1]}, .R = wall->f[0].R,
                                  .end_pair = {-1, -1}};
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
const cs_feature *cs_follower_crossing(const cs_profile *pr, const cs_feature *f)
{
  for (int j = 0; j < pr->n; j++)
    if (&pr->f[j] != f && cs_feature_distance(&pr->f[j], f->c) < f->R * (1.0 - 1e-6))
      return &pr->f[j];
  return NULL;
}

/* Whether pairs a and b are one circle against one profile: arcs of one circle, given as
 * several steps (a circle outline of two halves), would press twice at one point. Within
 * 1e-6 of the radius, as crossing's touching (an outline typed to six digits). */
int cs_follower_one_circle(const double c1[2], double R1, const double c2[2], double R2)
{
  const double tol = 1e-6 * R1;
  return R1 > 0.0 && fabs(R1 - R2) <= tol && fabs(c1[0] - c2[0]) <= tol &&
         fabs(c1[1] - c2[1]) <= tol;
}

static int same_circle(const cs_follower_pair *a, const cs_follower_pair *b)
{
  const int against_a = a->swapped ? a->piece : a->wall, against_b = b->swapped ? b->piece : b->wall;
  return !a->face && !b->face && a->swapped == b->swapped && against_a == against_b &&
         cs_follower_one_circle(a->s, a->R, b->s, b->R);
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

/* The profile pair q's feature is on. */
const cs_profile *cs_follower_own(const cs_clearance *c, const cs_follower_pair *q)
{
  return q->swapped ? cs_profile_wall(c->profile, q->wall) : cs_profile_wall(c->follower, q->piece);
}

/* The profile pair k's pin meets: a wall, or the follower's outline with its convex arcs cut
 * to their end points (an arc on an arc is the follower arc's pair's alone: seen from both
 * sides it was counted twice). */
const cs_profile *cs_follower_other(const cs_clearance *c, const cs_follower_pair *q)
{
  return q->swapped ? cs_profile_wall(c->follower_cut, q->piece)
                    : cs_profile_wall(c->profile, q->wall);
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
    cs_profile_gap_on(cs_follower_other(c, q), q->R, p, g);
}

void cs_follower_blend(const cs_clearance *c, int pin, const double p[2], cs_blend *b)
{
  const cs_follower_pair *q = &c->pairs[pin];
  if (!q->face) /* a face's one region: its spline's */
    cs_profile_blend_on(cs_follower_other(c, q), q->R, p, b);
}

/* The wall a profile pin meets: its wall, or its pair's other side (NULL: a face's spline). */
static const cs_profile *pin_wall(const cs_clearance *c, int pin)
{
  if (c->kind != CS_CLEARANCE_PROFILE)
    return NULL;
  if (!c->follower)
    return cs_profile_wall(c->profile, pin);
  return c->pairs[pin].face ? NULL : cs_follower_other(c, &c->pairs[pin]);
}

double cs_clearance_pin_band(const cs_clearance *c, int pin)
{
  const cs_profile *w = pin_wall(c, pin);
  return w && w->cut_depth > 0.0 ? w->cut_depth : INFINITY;
}

double cs_clearance_pin_clear(const cs_clearance *c, int pin, const double p[2], int run)
{
  const cs_profile *w = pin_wall(c, pin);
  if (!w)
    return 0.0;
  const double d = run && !c->follower ? cs_profile_clear(c->profile, p) : cs_profile_outside(w, p);
  return fmax(d - cs_clearance_pin_radius(c, pin), 0.0);
}

double cs_clearance_pin_radius(const cs_clearance *c, int pin)
{
  return c->follower ? c->pairs[pin].R : c->pin_radius;
}

double cs_clearance_pin_reach(const cs_clearance *c, int pin)
{
  if (!c->follower)
    return 0.0;
  const cs_follower_pair *q = &c->pairs[pin];
  if (!q->face) /* a windowed arc is part of its circle: its nearest point runs along it */
    return q->nzone > 0 ? q->R : 0.0;
  return cs_profile_wall(c->follower, q->piece)->f[q->feature].L;
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

/* A feature by where it is in its body's frame: a corner at its point, an arc about its
 * centre, a face from its start (a path's steps are not its walls: it may be cut at corners). */
static int feature_name(const cs_feature *f, char *buf, size_t size)
{
  const int arc = f->kind == CS_FEATURE_ARC, corner = f->kind == CS_FEATURE_CORNER;
  const double *x = arc ? f->c : f->a;
  return snprintf(buf, size, "%s (%.6g, %.6g)", arc ? "arc about" : corner ? "corner" :
                  "face from", x[0], x[1]);
}

int cs_follower_pair_name(const cs_clearance *c, int pin, char *buf, size_t size)
{
  const cs_follower_pair *q = &c->pairs[pin];
  const cs_feature *f = &cs_follower_own(c, q)->f[q->feature];
  char what[96];
  feature_name(f, what, sizeof what);
  if (q->swapped)
    return snprintf(buf, size, "wall %d %s on the follower", q->wall, what);
  return snprintf(buf, size, "follower %s on wall %d", what, q->wall);
}
