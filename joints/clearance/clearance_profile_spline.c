/* clearance_profile_spline.c — spline parts of a profile (cs_profile.h): a band of a spline as
 * a feature, and a path's spline step (an open spline from the current point through the
 * step's points, tangent to its neighbours) as its bands (joints/README.md "Profiles"). */
#include "cs_profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cs_spline_band(const cs_spline *s, double ua, double ub, double rp, int blended,
                    cs_feature *f, double *kconcave)
{
  cs_spline_range r;
  memset(f, 0, sizeof *f);
  f->kind = CS_FEATURE_SPLINE;
  f->spline = s;
  f->ua = ua, f->ub = ub;
  cs_spline_survey(s, ua, ub, rp, &r);
  *kconcave = fmax(*kconcave, r.kconcave);
  memcpy(f->a, r.c0, sizeof f->a); /* where it starts (start_point: a junction's point) */
  memcpy(f->t0, r.t0, sizeof f->t0);
  memcpy(f->t1, r.t1, sizeof f->t1);
  memcpy(f->bc, r.bc, sizeof f->bc);
  f->br = r.br;
  f->extent = blended ? r.extent : r.length;
  f->R = r.kmax != 0.0 ? 1.0 / fabs(r.kmax) : 0.0;
  f->free_inside = r.kmax > 0.0;
}

int cs_profile_spline_step(const double from[2], const cs_path_step *st, const double *t_in,
                           const double *t_out, int solid_left, double rp, cs_feature *out,
                           cs_spline **own, char *why, size_t len, int *bad)
{
  int n = st->npts + 1, bands = st->bands > 0 ? st->bands : 1;
  double(*pts)[2] = malloc((size_t)n * sizeof *pts);
  if (!pts) {
    snprintf(why, len, "out of memory");
    *bad = -2;
    return -1;
  }
  memcpy(pts[0], from, sizeof pts[0]);
  memcpy(pts[1], st->pts, (size_t)st->npts * sizeof pts[0]);
  *own = cs_spline_build_open((const double(*)[2])pts, n, t_in, t_out, solid_left, why, len,
                              bad);
  free(pts);
  if (!*own) {
    if (*bad >= 0) { /* the point, as the step's */
      char point[200];
      snprintf(point, sizeof point, "%s", why);
      snprintf(why, len, "%s (point %d of the spline step)", point, *bad - 1);
      *bad = -1;
    }
    return -1;
  }
  double T = cs_spline_period(*own), kconcave = 0.0;
  for (int b = 0; b < bands; b++) {
    cs_spline_band(*own, T * b / bands, b + 1 == bands ? T : T * (b + 1) / bands, rp, 1,
                   &out[b], &kconcave);
    if (!(kconcave * rp < 1.0)) {
      snprintf(why, len, "the spline step bends towards the free side tighter than the "
               "follower (radius of curvature %.6g m, follower %.6g m)", 1.0 / kconcave, rp);
      *bad = -1;
      return -1;
    }
    if (!(out[b].extent > 0.0)) {
      snprintf(why, len, "%s turns half round (its junctions' blends would not be monotonic "
               "along it): give the step more \"bands\"", bands > 1 ? "a band of the spline "
               "step" : "the spline step");
      *bad = -1;
      return -1;
    }
  }
  return bands;
}
