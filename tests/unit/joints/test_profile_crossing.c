/* Whether a profile's wall crosses itself (joints/clearance/clearance_profile_cross.c), against
 * crossings placed by hand: each pair of kinds (segment–segment, segment–arc, arc–arc, a
 * spline's chords) crossing where the closed form says, consecutive pieces meeting only at
 * their junction (tangent or at a corner, a closed path's seam, two half circles meeting at
 * both ends) not crossing, a segment that cuts back through the arc before it crossing, and a
 * long saw's check costing about as much as building it (its elements swept along x, not
 * paired all with all). */
#include "cs_clearance.h"
#include "cs_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cs_path_step pt(double x, double y)
{
  cs_path_step s;
  memset(&s, 0, sizeof s);
  s.to[0] = x, s.to[1] = y;
  return s;
}

static cs_path_step arc(double x, double y, double cx, double cy, int ccw)
{
  cs_path_step s = pt(x, y);
  s.arc = 1, s.ccw = ccw, s.centre[0] = cx, s.centre[1] = cy;
  return s;
}

/* The crossing of the path (start, steps), built open or closed with the solid on the left,
 * or if that is refused (a sharp concave corner at an arc) on the right (a crossing does not
 * depend on the side): 1 with *x, 0 if none; −2 if it does not build. */
static int crossing(const double start[2], const cs_path_step *st, int n, int closed,
                    cs_profile_cross *x, int *steps)
{
  char why[256];
  int bad;
  cs_profile *p = cs_profile_build(start, st, n, closed, 1, 1e-4, why, sizeof why, &bad);
  if (!p)
    p = cs_profile_build(start, st, n, closed, 0, 1e-4, why, sizeof why, &bad);
  if (!p) {
    printf("  does not build: %s\n", why);
    return -2;
  }
  int r = cs_profile_crossing(p, x);
  if (r > 0)
    steps[0] = p->f[x->feature[0]].step, steps[1] = p->f[x->feature[1]].step;
  cs_profile_free(p);
  return r;
}

static void expect_none(const char *label, const double start[2], const cs_path_step *st, int n,
                        int closed)
{
  cs_profile_cross x;
  int s[2], r = crossing(start, st, n, closed, &x, s);
  CHECK(r == 0, "%s: no crossing (%d%s)", label, r, r > 0 ? ", found one" : "");
  if (r > 0)
    printf("  steps %d, %d at (%.9g, %.9g)\n", s[0], s[1], x.at[0], x.at[1]);
}

static void expect_at(const char *label, const double start[2], const cs_path_step *st, int n,
                      int closed, int s0, int s1, double ax, double ay)
{
  cs_profile_cross x;
  int s[2] = {-9, -9}, r = crossing(start, st, n, closed, &x, s);
  printf("%-34s crossing %d: steps %d and %d at (%.12g, %.12g)\n", label, r, s[0], s[1],
         x.at[0], x.at[1]);
  CHECK(r == 1 && s[0] == s0 && s[1] == s1, "%s: steps %d and %d cross (%d: %d, %d)", label, s0,
        s1, r, s[0], s[1]);
  CHECK(r == 1 && hypot(x.at[0] - ax, x.at[1] - ay) < 1e-12, "%s: at (%g, %g)", label, ax, ay);
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void)
{
  const double o[2] = {0, 0}, r1[2] = {1, 0};
  /* a bow tie: (0,0) → (2,2) → (2,0) → (0,2), closed: the third side crosses the first at (1,1) */
  cs_path_step bow[] = {pt(2, 2), pt(2, 0), pt(0, 2)};
  expect_at("segment-segment (bow tie)", o, bow, 3, 1, 0, 2, 1, 1);
  /* the same square walked round: none (corners at every vertex) */
  cs_path_step sq[] = {pt(2, 0), pt(2, 2), pt(0, 2)};
  expect_none("square", o, sq, 3, 1);
  /* a floor, a wall up, a half circle (centre (2, 0.5), R 1) back down through the floor:
   * it crosses the floor at (2 − √0.75, 0) */
  cs_path_step dip[] = {pt(4, 0), pt(4, 0.5), pt(3, 0.5), arc(1, 0.5, 2, 0.5, 0)};
  expect_at("segment-arc", o, dip, 4, 0, 0, 3, 2 - sqrt(0.75), 0);
  /* two arcs R 1 about (0, 0) and (1, 0): a quarter from (1, 0) up to (0, 1), a segment over to
   * (0.5, 2), and an arc about (1, 0)... the circles meet at (0.5, ±√0.75) */
  cs_path_step two[] = {arc(0, 1, 0, 0, 1), pt(-1, 2), pt(0.5, 2), pt(1, 1),
                        arc(0, 0, 1, 0, 1)};
  expect_at("arc-arc", r1, two, 5, 0, 0, 4, 0.5, sqrt(0.75));
  /* a quarter circle ccw from (1, 0) to (0, 1), then a segment to (1, 0.2): it cuts back
   * through the arc it follows, at t = 1.6/1.64 along it */
  cs_path_step back[] = {arc(0, 1, 0, 0, 1), pt(1, 0.2)};
  double t = 1.6 / 1.64;
  expect_at("segment back through its arc", r1, back, 2, 0, 0, 1, t, 1 - 0.8 * t);
  /* consecutive pieces that only meet: a slot (tangent segments and half circles), two half
   * circles (closed, meeting at both ends), a whole circle, a V (a concave corner) */
  cs_path_step slot[] = {pt(1, -0.5), arc(1, 0.5, 1, 0, 1), pt(-1, 0.5), arc(-1, -0.5, -1, 0, 1)};
  const double s0[2] = {-1, -0.5};
  expect_none("slot (tangent arcs)", s0, slot, 4, 1);
  cs_path_step halves[] = {arc(-1, 0, 0, 0, 1), arc(1, 0, 0, 0, 1)};
  expect_none("two half circles", r1, halves, 2, 0);
  cs_path_step circle[] = {arc(1, 0, 0, 0, 1)};
  expect_none("a whole circle", r1, circle, 1, 0);
  /* a flat meeting a tangent arc of radius 1000 (a nearly flat bend, 1 mrad): the line's two
   * roots on the circle round off apart by √ε R ≈ 1.5e-5 either side of the junction */
  const double f0[2] = {-1, 0};
  double big = 1000.0, tip = -0.5 * M_PI + 1e-3;
  cs_path_step flat[] = {pt(0, 0), arc(big * cos(tip), big + big * sin(tip), 0, big, 1)};
  expect_none("a flat into an arc of R 1000", f0, flat, 2, 0);
  int false_hits = 0;
  for (int i = 0; i < 200; i++) { /* the same at other radii, sweeps and slopes */
    double R = pow(10.0, 1 + 4.0 * i / 200), a = -0.5 * M_PI + 1e-4 * (1 + i % 7), th = 0.1 * i;
    double cx = -R * sin(th), cy = R * cos(th), p0[2] = {-cos(th), -sin(th)};
    cs_path_step st[] = {pt(0, 0), arc(cx + R * cos(a + th), cy + R * sin(a + th), cx, cy, 1)};
    cs_profile_cross xx;
    int ss[2];
    false_hits += crossing(p0, st, 2, 0, &xx, ss) != 0;
  }
  CHECK(false_hits == 0, "flats into tangent arcs of R 10 … 1e5: no crossing (%d of 200)",
        false_hits);
  const double v0[2] = {-1, 1};
  cs_path_step vee[] = {pt(0, 0), pt(1, 1)};
  expect_none("a V", v0, vee, 2, 0);
  /* a spline step from (0, 0) over (1, 1) to (0, 2) then down through (−1, −1) and on: it
   * crosses the segment before it (from (−2, 0)) — and the same curve through (1, 1), (0, 2),
   * (−1, 1) back to the segment's line only meets it at its end */
  const double sp0[2] = {-2, 0};
  double loop_pts[][2] = {{1, 1}, {0, 2}, {-1, -1}, {-1.5, -2}};
  cs_path_step loop[2] = {pt(0, 0)};
  loop[1] = pt(-1.5, -2), loop[1].pts = (const double(*)[2])loop_pts, loop[1].npts = 4,
  loop[1].bands = 4;
  cs_profile_cross x;
  int s[2] = {-9, -9}, r = crossing(sp0, loop, 2, 0, &x, s);
  printf("%-34s crossing %d: steps %d and %d at (%.9g, %.9g)\n", "spline step through a segment",
         r, s[0], s[1], x.at[0], x.at[1]);
  CHECK(r == 1 && s[0] == 0 && s[1] == 1 && fabs(x.at[1]) < 1e-15 && x.at[0] < 0 &&
        x.at[0] > -2, "the spline step crosses the segment before it, on it");
  /* a closed spline through 16 points of a lemniscate crosses itself near the origin; through
   * 16 of a circle it does not */
  double lem[16][2], ring[16][2];
  for (int i = 0; i < 16; i++) {
    double a = 2 * M_PI * (i + 0.5) / 16;
    lem[i][0] = cos(a), lem[i][1] = sin(a) * cos(a);
    ring[i][0] = cos(a), ring[i][1] = sin(a);
  }
  char why[256];
  int bad;
  cs_profile *pl = cs_profile_build_spline((const double(*)[2])lem, 16, 1, 1e-3, 1, why,
                                           sizeof why, &bad);
  cs_profile *pr = cs_profile_build_spline((const double(*)[2])ring, 16, 1, 1e-3, 1, why,
                                           sizeof why, &bad);
  CHECK(pl && pr, "the two splines build");
  if (pl && pr) {
    int rl = cs_profile_crossing(pl, &x);
    printf("%-34s crossing %d at (%.3g, %.3g), spans %d and %d\n", "lemniscate spline", rl,
           x.at[0], x.at[1], cs_spline_span(pl->spline, x.u[0]),
           cs_spline_span(pl->spline, x.u[1]));
    CHECK(rl == 1 && hypot(x.at[0], x.at[1]) < 1e-2, "the lemniscate crosses itself at its "
          "node (%.3g, %.3g)", x.at[0], x.at[1]);
    CHECK(cs_profile_crossing(pr, &x) == 0, "the circle does not");
  }
  cs_profile_free(pl);
  cs_profile_free(pr);
  /* a saw floor of 200000 teeth (solid below): built, then checked; the check's share */
  enum { TEETH = 200000 };
  cs_path_step *saw = calloc(TEETH, sizeof *saw);
  for (int i = 0; i < TEETH; i++)
    saw[i].to[0] = 2.0 * (i + 1) / TEETH, saw[i].to[1] = i % 2 ? 0.0 : 1e-5;
  double t0 = now();
  cs_profile *ps = cs_profile_build(o, saw, TEETH, 0, 0, 1e-6, why, sizeof why, &bad);
  double t1 = now();
  int rs = ps ? cs_profile_crossing(ps, &x) : -2;
  double t2 = now();
  printf("saw of %d teeth: built in %.3f s, checked in %.3f s (crossing %d)\n", TEETH, t1 - t0,
         t2 - t1, rs);
  CHECK(rs == 0, "the saw does not cross itself (%d)", rs);
  cs_profile_free(ps);
  free(saw);
  return cs_test_finish();
}
