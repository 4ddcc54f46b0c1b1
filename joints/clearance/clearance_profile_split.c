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
#include <stdlib.h>
#include <string.h>

enum { MAX_CUTS = 64 };

/* Whether pieces a then b meet at a sharp turn towards the free side. */
static int concave_turn(const cs_feature *a, const cs_feature *b, int solid_left)
{
  double s = a->t1[0] * b->t0[1] - a->t1[1] * b->t0[0];
  return fabs(s) >= CS_PROFILE_TURN_TOL && (solid_left ? s < 0.0 : s > 0.0);
}

static int is_piece(const cs_feature *f) { return f->kind != CS_FEATURE_CORNER && f->step >= 0; }

/* The steps that begin after a sharp turn of p towards its free side, ascending (a closed
 * path's seam included); how many, at most max. p has a corner feature only where it turns the
 * other way: two pieces of different steps next to each other in p->f met at no corner. */
static int concave_cuts(const cs_profile *p, int solid_left, int *cut, int max)
{
  int n = 0;
  for (int i = 0; i < p->n; i++) {
    const cs_feature *a = &p->f[i > 0 ? i - 1 : p->n - 1], *b = &p->f[i];
    if ((i > 0 || p->closed) && is_piece(a) && is_piece(b) && a->step != b->step &&
        concave_turn(a, b, solid_left) && n < max)
      cut[n++] = b->step;
  }
  for (int i = 1; i < n; i++) /* the seam's, step 0, may come last */
    for (int j = i; j > 0 && cut[j] < cut[j - 1]; j--) {
      int t = cut[j];
      cut[j] = cut[j - 1], cut[j - 1] = t;
    }
  return n;
}

/* The wall of steps lo … hi − 1 of the ns (the one past nstep the segment back to start), taken
 * round the seam when hi > ns, as an open path. */
static cs_profile *part(const double start[2], const cs_path_step *steps, int nstep, int ns,
                        int lo, int hi, int solid_left, double rp, char *why, size_t len,
                        int *bad)
{
  const cs_path_step back = {0, 0, {start[0], start[1]}, {0, 0}, NULL, 0, 0};
  cs_path_step *sub = calloc((size_t)(hi - lo) + 1, sizeof *sub);
  if (!sub) {
    *bad = -2;
    return NULL;
  }
  for (int i = lo; i < hi; i++)
    sub[i - lo] = i % ns < nstep ? steps[i % ns] : back;
  int first = lo % ns;
  const double *from = first == 0 ? start : steps[first - 1].to;
  cs_profile *w = cs_profile_build(from, sub, hi - lo, 0, solid_left, rp, why, len, bad);
  if (!w && *bad >= 0)
    *bad = (*bad + lo) % ns; /* the step in the whole path */
  free(sub);
  return w;
}

cs_profile *cs_profile_split(cs_profile *p, const double start[2], const cs_path_step *steps,
                             int nstep, int solid_left, double rp, char *why, size_t len,
                             int *bad)
{
  int cut[MAX_CUTS], n = concave_cuts(p, solid_left, cut, MAX_CUTS);
  if (n == 0 || (p->closed && n == 1))
    return p; /* a closed path cut once is still one wall, round from the cut to itself */
  const int ns = p->closed && nstep > 0 &&
                         (steps[nstep - 1].to[0] != start[0] || steps[nstep - 1].to[1] != start[1])
                     ? nstep + 1
                     : nstep;
  int bounds[MAX_CUTS + 2], nb = 0;
  if (!p->closed)
    bounds[nb++] = 0;
  for (int i = 0; i < n; i++)
    bounds[nb++] = cut[i];
  bounds[nb++] = p->closed ? cut[0] + ns : ns;
  cs_profile *head = NULL;
  for (int k = 0; k + 1 < nb; k++) {
    cs_profile *w = part(start, steps, nstep, ns, bounds[k], bounds[k + 1], solid_left, rp, why,
                         len, bad);
    if (!w || (head && cs_profile_join(head, w, why, len))) {
      if (w && head)
        *bad = bounds[k] % ns, cs_profile_free(w);
      cs_profile_free(head);
      return NULL;
    }
    head = head ? head : w;
  }
  head->size = p->size, head->size_rule = p->size_rule; /* the path's own scale, not a piece's */
  cs_profile_free(p);
  return head;
}
