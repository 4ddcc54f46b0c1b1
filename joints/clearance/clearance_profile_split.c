/*
 * clearance_profile_split.c — a path cut at its sharp concave corners into walls of their own
 * (cs_profile.h, cs_profile_split).
 *
 * A follower in a sharp concave corner (a V, a pocket's square corner) presses on both sides at
 * once; one wall gives it the nearer side only (the nearest feature), so that it chattered
 * from side to side across the bisector instead of settling. Each run of the path between two
 * such corners becomes its own wall, its own contact point, as a "profile" array of walls is.
 */
#include "cs_profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether pieces a then b meet at a sharp turn towards the free side. */
static int concave_turn(const cs_feature *a, const cs_feature *b, int solid_left)
{
  double s = a->t1[0] * b->t0[1] - a->t1[1] * b->t0[0];
  return fabs(s) >= CS_PROFILE_TURN_TOL && (solid_left ? s < 0.0 : s > 0.0);
}

static int is_piece(const cs_feature *f) { return f->kind != CS_FEATURE_CORNER && f->step >= 0; }

/* The steps that begin after a sharp turn of p towards its free side into cut (NULL: count
 * them), ascending (a closed path's seam included); how many. p has a corner feature only
 * where it turns the other way: two pieces of different steps next to each other in p->f met
 * at no corner. */
static int concave_cuts(const cs_profile *p, int solid_left, int *cut)
{
  int n = 0;
  for (int i = 0; i < p->n; i++) {
    const cs_feature *a = &p->f[i > 0 ? i - 1 : p->n - 1], *b = &p->f[i];
    if ((i > 0 || p->closed) && is_piece(a) && is_piece(b) && a->step != b->step &&
        concave_turn(a, b, solid_left)) {
      if (cut)
        cut[n] = b->step;
      n++;
    }
  }
  if (!cut)
    return n;
  for (int i = 1; i < n; i++) /* the seam's, step 0, may come last */
    for (int j = i; j > 0 && cut[j] < cut[j - 1]; j--) {
      int t = cut[j];
      cut[j] = cut[j - 1], cut[j - 1] = t;
    }
  return n;
}

/* Step i of a path's ns: one of its nstep, or past them the segment back to the start. */
static cs_path_step step_of(const double start[2], const cs_path_step *steps, int nstep, int i)
{
  const cs_path_step back = {0, 0, {start[0], start[1]}, {0, 0}, NULL, 0, 0};
  return i < nstep ? steps[i] : back;
}

/* The wall of steps lo … hi − 1 of the ns (the one past nstep the segment back to start), taken
 * round the seam when hi > ns, as an open path. */
static cs_profile *part(const double start[2], const cs_path_step *steps, int nstep, int ns,
                        int lo, int hi, int solid_left, double rp, char *why, size_t len,
                        int *bad)
{
  cs_path_step *sub = calloc((size_t)(hi - lo) + 1, sizeof *sub);
  if (!sub) {
    *bad = -2;
    return NULL;
  }
  for (int i = lo; i < hi; i++)
    sub[i - lo] = step_of(start, steps, nstep, i % ns);
  int first = lo % ns;
  const double *from = first == 0 ? start : steps[first - 1].to;
  cs_profile *w = cs_profile_build(from, sub, hi - lo, 0, solid_left, rp, why, len, bad);
  if (!w && *bad >= 0)
    *bad = (*bad + lo) % ns; /* the step in the whole path */
  free(sub);
  return w;
}

/* Whether step i of the ns (the one past nstep the segment back to the start) is a segment. */
static int segment_step(const cs_path_step *steps, int nstep, int i)
{
  return i >= nstep || (!steps[i].arc && steps[i].npts == 0);
}

/* Whether the path may be cut and joined where steps a then b meet: two segments (in line or
 * at a corner, which the join keeps), or two arcs of one circle turning the same way (a
 * smooth meeting, as split_far_step makes). */
static int joinable(const cs_path_step *steps, int nstep, int a, int b)
{
  if (segment_step(steps, nstep, a) && segment_step(steps, nstep, b))
    return 1;
  return a < nstep && b < nstep && steps[a].arc && steps[b].arc && steps[a].ccw == steps[b].ccw &&
         steps[a].centre[0] == steps[b].centre[0] && steps[a].centre[1] == steps[b].centre[1];
}

/* A closed path's one cut at step `cut` would leave it one wall, round from the cut to itself,
 * whose follower meets only the nearer side of that corner: it is cut a second time where two
 * steps may be joined (joinable), as far round from the first as there is, and the two walls
 * joined there (cs_profile_continue). The step of that second cut, or −1 where none is. */
static int second_cut(const cs_path_step *steps, int nstep, int ns, int cut)
{
  int best = -1, far = 0;
  for (int i = 0; i < ns; i++) {
    int round = (i - cut + ns) % ns, dist = round < ns - round ? round : ns - round;
    if (i != cut && joinable(steps, nstep, (i + ns - 1) % ns, i) && dist > far)
      best = i, far = dist;
  }
  return best;
}

static cs_profile *split_far_step(cs_profile *p, const double start[2],
                                  const cs_path_step *steps, int nstep, int ns, int cut,
                                  int solid_left, double rp, char *why, size_t len, int *bad);

cs_profile *cs_profile_split(cs_profile *p, const double start[2], const cs_path_step *steps,
                             int nstep, int solid_left, double rp, char *why, size_t len,
                             int *bad)
{
  int n = concave_cuts(p, solid_left, NULL), joined = -1;
  if (n == 0)
    return p;
  const int ns = p->closed && nstep > 0 &&
                         (steps[nstep - 1].to[0] != start[0] || steps[nstep - 1].to[1] != start[1])
                     ? nstep + 1
                     : nstep;
  if (p->closed && n == 1) {
    int cut;
    concave_cuts(p, solid_left, &cut);
    if ((joined = second_cut(steps, nstep, ns, cut)) < 0) /* arcs all round but the corner's */
      return split_far_step(p, start, steps, nstep, ns, cut, solid_left, rp, why, len, bad);
  }
  int *bounds = malloc(((size_t)n + 3) * sizeof *bounds), nb = 0;
  if (!bounds) {
    snprintf(why, len, "out of memory");
    *bad = -2;
    cs_profile_free(p);
    return NULL;
  }
  if (!p->closed)
    bounds[nb++] = 0;
  concave_cuts(p, solid_left, bounds + nb);
  nb += n;
  if (joined >= 0) /* [cut, joined) and [joined, cut + ns), round the path's seam */
    bounds[nb++] = joined > bounds[0] ? joined : joined + ns;
  bounds[nb++] = p->closed ? bounds[0] + ns : ns;
  cs_profile *head = NULL;
  for (int k = 0; k + 1 < nb; k++) {
    cs_profile *w = part(start, steps, nstep, ns, bounds[k], bounds[k + 1], solid_left, rp, why,
                         len, bad);
    if (!w || (head && cs_profile_join(head, w, why, len))) {
      if (w && head)
        *bad = bounds[k] % ns, cs_profile_free(w);
      cs_profile_free(head);
      head = NULL;
      break;
    }
    w->cut_depth = p->size; /* deeper, a point is another wall's (cs_profile.h) */
    /* its ends are cuts but where an open path ends */
    cs_profile_cut_ends(w, p->closed || k > 0, p->closed || k + 2 < nb, solid_left);
    head = head ? head : w;
  }
  if (head && joined >= 0)
    cs_profile_continue(head, head->next, solid_left, rp);
  if (head) /* the path's own scale, not a piece's */
    head->size = p->size, head->size_rule = p->size_rule;
  free(bounds);
  cs_profile_free(p);
  return head;
}

/* The length of step st from `from` (a spline step's: the polygon through its points) and
 * whether it has a middle to be split at, a segment's or an arc's (1, in mid), or not (0). */
static int step_middle(const double from[2], const cs_path_step *st, double *length,
                       double mid[2])
{
  if (st->npts > 0) {
    const double *a = from;
    *length = 0.0;
    for (int k = 0; k <= st->npts; k++) {
      const double *b = k < st->npts ? st->pts[k] : st->to;
      *length += hypot(b[0] - a[0], b[1] - a[1]);
      a = b;
    }
    return 0;
  }
  if (!st->arc) {
    *length = hypot(st->to[0] - from[0], st->to[1] - from[1]);
    mid[0] = 0.5 * (from[0] + st->to[0]), mid[1] = 0.5 * (from[1] + st->to[1]);
    return 1;
  }
  const double u[2] = {from[0] - st->centre[0], from[1] - st->centre[1]};
  const double v[2] = {st->to[0] - st->centre[0], st->to[1] - st->centre[1]};
  const double span = cs_arc_span(u, v, st->ccw);
  const double R = hypot(u[0], u[1]), half = atan2(u[1], u[0]) + 0.5 * span;
  *length = R * fabs(span);
  mid[0] = st->centre[0] + R * cos(half), mid[1] = st->centre[1] + R * sin(half);
  return 1;
}

/* A closed path whose one sharp concave corner (before step `cut`) is the only place two
 * segments meet, arcs all round: the segment or arc whose middle is nearest halfway round the
 * path from the corner is split there, a smooth meeting where the path is cut again and
 * joined: so a follower's contacts either side of the corner (its seat, or a valley's two
 * rims however wide) are the two walls'. The path's steps with the one past nstep (the
 * segment back to the start) written out. */
static cs_profile *split_far_step(cs_profile *p, const double start[2],
                                  const cs_path_step *steps, int nstep, int ns, int cut,
                                  int solid_left, double rp, char *why, size_t len, int *bad)
{
  cs_path_step *two = malloc(((size_t)ns + 1) * sizeof *two);
  double *at_len = malloc((size_t)ns * 3 * sizeof *at_len), total = 0.0;
  cs_profile_free(p);
  if (!two || !at_len) {
    free(two), free(at_len);
    snprintf(why, len, "out of memory");
    *bad = -2;
    return NULL;
  }
  /* at_len[3i]: how far round from the corner step i's middle is, −1 for a spline step; then
   * that middle */
  for (int k = 0; k < ns; k++) {
    const int i = (cut + k) % ns;
    const cs_path_step st = step_of(start, steps, nstep, i);
    double length, *mid = at_len + 3 * i + 1;
    int split = step_middle(i > 0 ? steps[i - 1].to : start, &st, &length, mid);
    at_len[3 * i] = split ? total + 0.5 * length : -1.0;
    total += length;
  }
  int at = cut;
  for (int i = 0; i < ns; i++)
    if (at_len[3 * i] >= 0.0 &&
        fabs(at_len[3 * i] - 0.5 * total) < fabs(at_len[3 * at] - 0.5 * total))
      at = i;
  for (int i = 0, o = 0; i < ns; i++) {
    const cs_path_step st = step_of(start, steps, nstep, i);
    if (i == at) { /* up to its middle, then the step itself from there */
      two[o] = st;
      two[o].to[0] = at_len[3 * i + 1], two[o].to[1] = at_len[3 * i + 2];
      o++;
    }
    two[o++] = st;
  }
  free(at_len);
  cs_profile *q = cs_profile_build(start, two, ns + 1, 1, solid_left, rp, why, len, bad);
  if (q)
    q = cs_profile_split(q, start, two, ns + 1, solid_left, rp, why, len, bad);
  if (!q && *bad > at) /* the caller's steps */
    (*bad)--;
  free(two);
  return q;
}
