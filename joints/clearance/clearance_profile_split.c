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

/* A closed path's one cut at step `cut` would leave it one wall, round from the cut to itself,
 * whose follower meets only the nearer side of that corner: it is cut a second time where two
 * segments meet, as far round from the first as there is, and the two walls joined there
 * (cs_profile_continue). The step of that second cut, or −1 where no two segments meet. */
static int second_cut(const cs_path_step *steps, int nstep, int ns, int cut)
{
  int best = -1, far = 0;
  for (int i = 0; i < ns; i++) {
    int round = (i - cut + ns) % ns, dist = round < ns - round ? round : ns - round;
    if (i != cut && segment_step(steps, nstep, (i + ns - 1) % ns) &&
        segment_step(steps, nstep, i) && dist > far)
      best = i, far = dist;
  }
  return best;
}

static cs_profile *split_corner_segment(cs_profile *p, const double start[2],
                                        const cs_path_step *steps, int nstep, int ns, int cut,
                                        int solid_left, double rp, char *why, size_t len,
                                        int *bad);

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
      return split_corner_segment(p, start, steps, nstep, ns, cut, solid_left, rp, why, len,
                                  bad);
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

/* A closed path whose one sharp concave corner (before step `cut`) is the only place two
 * segments meet, arcs all round: the longer of the corner's two segments is split at its
 * middle, a straight meeting of two segments where the path is cut again and joined. The
 * path's steps with the one past nstep (the segment back to the start) written out. */
static cs_profile *split_corner_segment(cs_profile *p, const double start[2],
                                        const cs_path_step *steps, int nstep, int ns, int cut,
                                        int solid_left, double rp, char *why, size_t len,
                                        int *bad)
{
  cs_path_step *two = malloc(((size_t)ns + 1) * sizeof *two);
  cs_profile_free(p);
  if (!two) {
    snprintf(why, len, "out of memory");
    *bad = -2;
    return NULL;
  }
  const int before = (cut + ns - 1) % ns; /* the corner's segments: `before` ends at it */
  double from[2][2], length[2];
  for (int k = 0; k < 2; k++) {
    int i = k ? cut : before;
    const double *a = i > 0 ? steps[i - 1].to : start, *b = i < nstep ? steps[i].to : start;
    from[k][0] = a[0], from[k][1] = a[1];
    length[k] = hypot(b[0] - a[0], b[1] - a[1]);
  }
  const int k = length[1] >= length[0], at = k ? cut : before;
  for (int i = 0, o = 0; i < ns; i++) {
    const cs_path_step st = step_of(start, steps, nstep, i);
    if (i == at) { /* its first half, then the step itself from the middle */
      two[o] = st;
      two[o].to[0] = 0.5 * (from[k][0] + st.to[0]), two[o].to[1] = 0.5 * (from[k][1] + st.to[1]);
      o++;
    }
    two[o++] = st;
  }
  cs_profile *q = cs_profile_build(start, two, ns + 1, 1, solid_left, rp, why, len, bad);
  if (q)
    q = cs_profile_split(q, start, two, ns + 1, solid_left, rp, why, len, bad);
  if (!q && *bad > at) /* the caller's steps */
    (*bad)--;
  free(two);
  return q;
}
