/* A spline as one step of a profile's path (joints/clearance/clearance_profile_spline.c,
 * joints/README.md "Profiles"): an open cubic spline from the current point through the step's
 * points, its ends clamped to the neighbouring pieces' tangents.
 *
 * The wall is a bowl (solid below) of radius R = 40 mm about (0, R): a tangent segment down
 * to the circle at −120°, then a spline step through N + 1 points of the circle from −120° to
 * −80° (its start the segment's end), a tangent arc on to −60° and a tangent segment up.
 *  - Geometry: along the spline the gap is the circle's to the clamped cubic spline's bound
 *    (5/384) h⁴ max|c⁗| = (5/384)(40°/N)⁴ R (h the spans, |c⁗| = 1/R³ along the arc length),
 *    the normal the circle's; its derivatives against differences; continuous across the
 *    segment–spline and spline–arc junctions (the two sides' δ within 1e-12 m); the contact
 *    forces' Jacobians (with friction) against differences inside the spline and either side
 *    of both junctions, in their blends.
 *  - The same spline written as two spline steps in a row: they share the tangent where they
 *    meet, so the wall is one, with no corner there, and its gap the circle's to the bound.
 *  - A cam (closed, solid inside) of a base circle (20 mm), a nose circle (8 mm, 20 mm above)
 *    and two spline flanks between them, each through three points bulged 0.3 mm off the
 *    circles' common tangent: tangent at its four junctions (no corner: four features), the
 *    seam's spline clamped round it, δ continuous across each junction, crossing nowhere.
 *  - A pin resting at the bowl's bottom (on the spline, at −90°) under gravity settles on the
 *    static load: N = m g to 1e-6, its centre within the spline's bound of the circle's lowest
 *    point.
 *  - An undamped pin let go on the left segment slides down across the segment–spline,
 *    spline–arc and arc–segment junctions, up the far side and back, its energy balance within
 *    the integrator's tolerance and tightening with it (auto and ggl, rtol 1e-8 and 1e-10);
 *    so too with the spline step in three bands (their bends three regions, their laws
 *    blended between; two bands would share one: both bend tightest where they meet). */
#include "cs_clearance.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

static const double R = 0.04, r = 0.005, m = 0.1;
#define N 8
#define DEG (M_PI / 180.0)

static void on_circle(double a, double p[2]) { p[0] = R * cos(a), p[1] = R + R * sin(a); }
static void tangent(double a, double t[2]) { t[0] = -sin(a), t[1] = cos(a); } /* ccw */

/* The bowl's path as JSON, its spline step cut into `bands`, or (steps 2) written as two spline
 * steps in a row, −120° to −100° and on to −80°. */
static void bowl(char *out, size_t size, int bands, int steps)
{
  double a0 = -120 * DEG, a1 = -80 * DEG, a2 = -60 * DEG, L = 0.02, p0[2], p1[2], p2[2], t0[2],
         t2[2];
  on_circle(a0, p0), on_circle(a1, p1), on_circle(a2, p2), tangent(a0, t0), tangent(a2, t2);
  int len = snprintf(out, size, "{\"path\": [[%.17g, %.17g], [%.17g, %.17g], {\"spline\": [",
                     p0[0] - L * t0[0], p0[1] - L * t0[1], p0[0], p0[1]);
  for (int i = 1; i <= N; i++) {
    double q[2];
    on_circle(a0 + (a1 - a0) * i / N, q);
    if (steps == 2 && i == N / 2 + 1) /* the first step ends at −100°, the second goes on */
      len += snprintf(out + len, size - len, "], \"bands\": %d}, {\"spline\": [", bands);
    else if (i > 1)
      len += snprintf(out + len, size - len, ", ");
    len += snprintf(out + len, size - len, "[%.17g, %.17g]", q[0], q[1]);
  }
  snprintf(out + len, size - len, "], \"bands\": %d}, {\"arc_to\": [%.17g, %.17g], \"centre\": "
           "[0, %.17g], \"turn\": \"ccw\"}, [%.17g, %.17g]], \"solid\": \"right\"}", bands, p2[0],
           p2[1], R, p2[0] + L * t2[0], p2[1] + L * t2[1]);
}

static cs_model *model_bands(double x, double y, const char *law, double rtol, const char *form,
                             double t_end, int bands, int steps)
{
  char path[4096], json[8192];
  bowl(path, sizeof path, bands, steps);
  snprintf(json, sizeof json,
           "{\"name\": \"bowl\", \"gravity\": [0, -100], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"pin\", \"mass\": %g, \"inertia\": 1e-6, "
           "\"position\": [%.17g, %.17g, 0]}], \"clearance_joints\": [{\"name\": \"bowl\", "
           "\"type\": \"profile\", \"body1\": \"g\", \"body2\": \"pin\", \"pin_radius\": %g, "
           "\"length\": 0.01, \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, "
           "\"nu\": 0.3}], \"contact\": %s, \"profile\": %s}], \"solver\": {\"formulation\": "
           "\"%s\", \"t_end\": %g, \"rtol\": %g, \"atol\": 1e-14}, \"output\": {\"interval\": "
           "1e-4}}",
           m, x, y, r, law, path, form, t_end, rtol);
  return load_model_string(json, "<spline step bowl>");
}

static cs_model *model(double x, double y, const char *law, double rtol, const char *form,
                       double t_end)
{
  return model_bands(x, y, law, rtol, form, t_end, 1, 1);
}

static void gap_at(const cs_clearance *c, double a, double rho, cs_gap *g)
{
  double x[2] = {(R - rho) * cos(a), R + (R - rho) * sin(a)};
  memset(g, 0, sizeof *g);
  cs_profile_gap(c, 0, x, g);
}

static void geometry(void)
{
  cs_model *mod = model(0, r, "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
                        "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}", 1e-8,
                        "auto", 0.1);
  const cs_clearance *c = &mod->clearances[0];
  CHECK(c->profile->nsteps == 1 && c->nregion == 3, "one spline curve; regions flat, the "
        "spline's bend, the arc's (%d, %d)", c->profile->nsteps, c->nregion);
  double bound = 5.0 / 384.0 * pow(40 * DEG / N, 4) * R, worst = 0, worst_n = 0;
  for (int i = 0; i <= 400; i++) { /* follower centres 0.1 mm into the wall to 0.1 mm off it */
    double a = (-119.9 + 39.8 * i / 400) * DEG, rho = r + 1e-4 * ((i % 5) / 2.0 - 1.0);
    cs_gap g;
    gap_at(c, a, rho, &g);
    worst = fmax(worst, fabs(g.delta - (r - rho)));
    worst_n = fmax(worst_n, hypot(g.grad[0] - cos(a), g.grad[1] - sin(a)));
  }
  double worst_g = 0, worst_h = 0;
  for (int i = 0; i < 30; i++) {
    double a = (-118 + 36.0 * i / 29) * DEG, hstep = 1e-7, x[2];
    x[0] = (R - r + 2e-6) * cos(a), x[1] = R + (R - r + 2e-6) * sin(a);
    cs_gap g0;
    cs_profile_gap(c, 0, x, &g0);
    for (int d = 0; d < 2; d++) {
      double xp[2] = {x[0], x[1]}, xm[2] = {x[0], x[1]};
      xp[d] += hstep, xm[d] -= hstep;
      cs_gap gp, gm;
      cs_profile_gap(c, 0, xp, &gp);
      cs_profile_gap(c, 0, xm, &gm);
      worst_g = fmax(worst_g, fabs((gp.delta - gm.delta) / (2 * hstep) - g0.grad[d]));
      for (int l = 0; l < 2; l++)
        worst_h = fmax(worst_h, fabs((gp.grad[l] - gm.grad[l]) / (2 * hstep) -
                                     g0.hess[2 * d + l]) * R);
    }
  }
  /* δ either side of the two junctions, 1e-9 rad apart */
  double jump = 0;
  for (int k = 0; k < 2; k++) {
    double aj = (k ? -80 : -120) * DEG;
    cs_gap g1, g2;
    gap_at(c, aj - 1e-9, r - 1e-6, &g1);
    gap_at(c, aj + 1e-9, r - 1e-6, &g2);
    jump = fmax(jump, fabs(g1.delta - g2.delta));
  }
  printf("spline step, %d spans of the circle: |delta - circle's| <= %.3g m (bound %.3g), "
         "normal %.3g; derivatives against differences %.3g, %.3g; junctions' jump %.3g m; "
         "region radius %.9g m\n", N, worst, bound, worst_n, worst_g, worst_h, jump,
         c->profile->R[1]);
  CHECK(worst <= bound, "the gap is the circle's to the spline's bound (%.3g, %.3g)", worst,
        bound);
  CHECK(worst_n < 1e-4, "the normal is the circle's (%.3g)", worst_n);
  CHECK(worst_g < 1e-8 && worst_h < 1e-6, "the gap's derivatives are its differences' (%.3g, "
        "%.3g)", worst_g, worst_h);
  CHECK(jump < 1e-12, "delta continuous across the junctions (%.3g m)", jump);
  CHECK(fabs(c->profile->R[1] / R - 1) < 1e-2 && c->profile->internal[1],
        "the spline's region: a concave bend of about R (%.9g)", c->profile->R[1]);
  cs_model_free(mod);
}

/* The bowl's spline written as two spline steps in a row: they share the tangent where they
 * meet (the chord through the points either side, on an even circle the circle's), so the path
 * turns no corner there and the gap is the circle's to the one step's bound; with natural ends
 * (c'' = 0) the two met at a kink. */
static void two_steps(void)
{
  cs_model *one = model(0, r, "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
                        "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}", 1e-8,
                        "auto", 0.1);
  cs_model *two = model_bands(0, r, "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
                              "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}", 1e-8,
                              "auto", 0.1, 1, 2);
  const cs_clearance *c = &two->clearances[0];
  int corners[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    const cs_profile *p = (k ? two : one)->clearances[0].profile;
    for (int i = 0; i < p->n; i++)
      corners[k] += p->f[i].kind == CS_FEATURE_CORNER;
  }
  double bound = 5.0 / 384.0 * pow(40 * DEG / N, 4) * R, worst = 0, jump; /* 5° spans */
  for (int i = 0; i <= 400; i++) {
    double a = (-119.9 + 39.8 * i / 400) * DEG, rho = r + 1e-4 * ((i % 5) / 2.0 - 1.0);
    cs_gap g;
    gap_at(c, a, rho, &g);
    worst = fmax(worst, fabs(g.delta - (r - rho)));
  }
  cs_gap g1, g2;
  gap_at(c, -100 * DEG - 1e-9, r - 1e-6, &g1);
  gap_at(c, -100 * DEG + 1e-9, r - 1e-6, &g2);
  jump = fabs(g1.delta - g2.delta);
  printf("two spline steps in a row: %d spline curves, %d corner features (one step: %d); "
         "|delta - circle's| <= %.3g m (bound %.3g); jump where they meet %.3g m\n",
         c->profile->nsteps, corners[1], corners[0], worst, bound, jump);
  CHECK(cs_model_clearance_corner_count(two, 0) == 1 && c->profile->nsteps == 2,
        "one wall of two spline curves (%d walls)", cs_model_clearance_corner_count(two, 0));
  CHECK(corners[1] == corners[0], "no corner where the two steps meet (%d, %d)", corners[1],
        corners[0]);
  CHECK(worst <= bound, "the gap is the circle's to the spline's bound (%.3g, %.3g)", worst,
        bound);
  CHECK(jump < 1e-12, "delta continuous where they meet (%.3g m)", jump);
  cs_model_free(one);
  cs_model_free(two);
}

/* The flank from the tangent point a to b (on the circles' common tangent, normal n) through
 * three points bulged `bulge` off it along n. */
static void flank(const double a[2], const double b[2], const double n[2], double bulge,
                  double pts[4][2])
{
  for (int i = 1; i <= 3; i++) {
    double t = i / 4.0, h = bulge * sin(M_PI * t);
    pts[i - 1][0] = a[0] + t * (b[0] - a[0]) + h * n[0];
    pts[i - 1][1] = a[1] + t * (b[1] - a[1]) + h * n[1];
  }
  pts[3][0] = b[0], pts[3][1] = b[1];
}

static void cam(void)
{
  const double Rb = 0.02, Rn = 0.008, d = 0.02, sa = (Rb - Rn) / d, ca = sqrt(1 - sa * sa);
  const double nr[2] = {ca, sa}, nl[2] = {-ca, sa}; /* the tangents' normals, right and left */
  double pb[2] = {Rb * ca, Rb * sa}, pn[2] = {Rn * ca, d + Rn * sa};
  double qb[2] = {-Rb * ca, Rb * sa}, qn[2] = {-Rn * ca, d + Rn * sa};
  double up[4][2], down[4][2];
  flank(pb, pn, nr, 3e-4, up);
  flank(qn, qb, nl, 3e-4, down);
  cs_path_step st[4];
  memset(st, 0, sizeof st);
  st[0].pts = (const double(*)[2])up, st[0].npts = 4, memcpy(st[0].to, pn, sizeof pn);
  st[1].arc = 1, st[1].ccw = 1, st[1].centre[1] = d, memcpy(st[1].to, qn, sizeof qn);
  st[2].pts = (const double(*)[2])down, st[2].npts = 4, memcpy(st[2].to, qb, sizeof qb);
  st[3].arc = 1, st[3].ccw = 1, memcpy(st[3].to, pb, sizeof pb);
  char why[256];
  int bad;
  cs_profile *p = cs_profile_build(pb, st, 4, 0, 1, 0.005, why, sizeof why, &bad);
  CHECK(p != NULL, "the cam builds (%s)", p ? "" : why);
  if (!p)
    return;
  cs_profile_cross x;
  cs_clearance c;
  memset(&c, 0, sizeof c);
  c.kind = CS_CLEARANCE_PROFILE, c.pin_radius = 0.005, c.profile = p;
  double jump = 0.0;
  const double *J[4] = {pb, pn, qn, qb}; /* the junctions, and the normals there */
  const double *nj[4] = {nr, nr, nl, nl};
  for (int k = 0; k < 4; k++) {
    double t[2] = {-nj[k][1], nj[k][0]}, g[2];
    for (int side = 0; side < 2; side++) { /* 1e-9 m either side, 1 µm off the wall */
      double e = side ? 1e-9 : -1e-9, y[2] = {J[k][0] + e * t[0] + (0.005 - 1e-6) * nj[k][0],
                                             J[k][1] + e * t[1] + (0.005 - 1e-6) * nj[k][1]};
      cs_gap gap;
      memset(&gap, 0, sizeof gap);
      cs_profile_gap(&c, 0, y, &gap);
      g[side] = gap.delta;
    }
    jump = fmax(jump, fabs(g[1] - g[0]));
  }
  printf("spline-flank cam: %d features (4 pieces), %d regions, delta's jump at the junctions "
         "%.3g m, size %.3g m (%s)\n", p->n, p->nregion, jump, p->size,
         cs_profile_size_rule_name(p->size_rule));
  CHECK(p->n == 4 && p->closed, "tangent all round: four features, no corner (%d)", p->n);
  CHECK(jump < 1e-12, "delta continuous across the four junctions (%.3g m)", jump);
  CHECK(cs_profile_crossing(p, &x) == 0, "the cam crosses itself nowhere");
  cs_profile_free(p);
}

/* The forces' Jacobians 2 µm deep: inside the spline, and either side of its two junctions. */
static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  char path[2048], joint[3072];
  bowl(path, sizeof path, 1, 1);
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"point2\": [0.01, -0.005], "
           "\"pin_radius\": %g, \"length\": 0.01, \"profile\": %s", r, path);
  const char *label[5] = {"spline step, inside", "segment by the spline", "spline by the "
                          "segment", "spline by the arc", "arc by the spline"};
  const double at[5] = {-100, -120.5, -119.5, -80.5, -79.5}; /* deg round the bowl */
  for (int i = 0; i < 5; i++) {
    double a = at[i] * DEG, rho = R - r + 2e-6, pin[2];
    if (i == 1) { /* on the segment, 0.5° of arc's length before its end */
      double p0[2], t0[2], back = R * 0.5 * DEG;
      on_circle(-120 * DEG, p0), tangent(-120 * DEG, t0);
      pin[0] = p0[0] - back * t0[0] - (r - 2e-6) * t0[1];
      pin[1] = p0[1] - back * t0[1] + (r - 2e-6) * t0[0];
    } else
      pin[0] = rho * cos(a), pin[1] = R + rho * sin(a);
    jacobian_case(label[i], joint, ln, pin);
  }
}

/* The pin let down at the bowl's bottom (on the spline), damped: N = m g at rest. */
static void resting(void)
{
  cs_model *mod = model(0, r + 1e-6, "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, "
                        "\"n\": 1}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 300}}",
                        1e-9, "auto", 0.3);
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.3, &err);
  CHECK(st == CS_OK, "resting: runs (%s)", st ? err.message : "");
  cs_clearance_state cst;
  cs_sim_clearance(s, 0, &cst);
  double q[3], mg = m * 100.0;
  cs_sim_body_position(s, 1, q);
  printf("spline step, resting pin: N = %.12g N (m g %.9g), penetration %.6g m (N/K %.6g), "
         "centre (%.3g, %.9g) m\n", cst.normal_force, mg, cst.penetration, mg / 1e7, q[0], q[1]);
  CHECK(cst.in_contact && fabs(cst.normal_force / mg - 1) < 1e-6,
        "the spline carries the static load (%.9g N)", cst.normal_force);
  CHECK(fabs(q[0]) < 1e-5 && fabs(q[1] - (r - mg / 1e7)) < 1e-7,
        "at the circle's lowest point, within the spline's bound (%.3g, %.3g)", q[0],
        q[1] - (r - mg / 1e7));
  cs_sim_free(s);
  cs_model_free(mod);
}

/* Each row: the worst balance so far, and the regions in contact (bit r: region r). */
typedef struct track {
  double worst;
  int regions;
} track;
static int keep(const cs_sim *s, void *user)
{
  track *t = user;
  cs_energy e;
  cs_sim_energy(s, &e);
  t->worst = fmax(t->worst, fabs(e.balance_error));
  cs_clearance_state st;
  cs_sim_clearance(s, 0, &st);
  if (st.in_contact)
    t->regions |= 1 << st.region;
  return 0;
}

/* The undamped pin from the left segment (the spline in `bands`): the worst balance over
 * m g × the drop. */
static double slide(double rtol, const char *form, int bands, int *regions)
{
  double a0 = -120 * DEG, p[2], t[2];
  on_circle(a0, p), tangent(a0, t);
  double x = p[0] - 0.015 * t[0] + r * -t[1], y = p[1] - 0.015 * t[1] + r * t[0] + 1e-7;
  cs_model *mod = model_bands(x, y, "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
                              "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}", rtol,
                              form, 0.2, bands, 1);
  cs_sim *s = start(mod);
  track tr = {0.0, 0};
  cs_sim_set_output(s, keep, &tr);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.2, &err);
  CHECK(st == CS_OK, "slide %s rtol %g: runs (%s)", form, rtol, st ? err.message : "");
  *regions = tr.regions;
  cs_sim_free(s);
  cs_model_free(mod);
  return tr.worst / (m * 100.0 * (y - r));
}

int main(void)
{
  jacobians();
  geometry();
  two_steps();
  cam();
  resting();
  static const char *forms[] = {"auto", "ggl", "auto"};
  for (int f = 0; f < 3; f++) { /* the last: the spline step in 3 bands, blended between */
    int r8, r10, bands = f == 2 ? 3 : 1, all = f == 2 ? 0xf : 0x7;
    double e8 = slide(1e-8, forms[f], bands, &r8), e10 = slide(1e-10, forms[f], bands, &r10);
    printf("spline step in %d band%s, undamped slide (%s): balance error %.3g (rtol 1e-8), %.3g "
           "(rtol 1e-10) of m g h; contact regions %#x\n", bands, bands > 1 ? "s" : "",
           forms[f], e8, e10, r10);
    CHECK(r10 == all, "%s: in contact on the segments, the spline('s bands) and the arc (%#x)",
          forms[f], r10);
    CHECK(e10 < 1e-7 && e10 < e8, "%s: the energy kept to the tolerance (%.3g, %.3g)", forms[f],
          e10, e8);
  }
  return cs_test_finish();
}
