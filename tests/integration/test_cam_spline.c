/* A smooth cam curve: a profile wall that is a closed periodic cubic spline
 * (joints/clearance/clearance_spline.c, joints/README.md "Profiles").
 *  - Through N = 64 points of a circle of radius R = 30 mm (about (e, 0), e = 10 mm) the spline
 *    is the circle to within the clamped-spline bound (5/384) h⁴ max|c⁗| = (5/384)(2π/N)⁴ R
 *    = 3.6e-8 m (h = 2πR/N the spans, |c⁗| = 1/R³ along the arc length): the gap, its normal
 *    and its curvature are the circle's (δ to 3.6e-8 m, the normal to 1e-5, κ R to 1e-3).
 *  - Cam jump: the cam of models/cam_flat_follower.json (0.5 kg follower, 2000 N/m) written as
 *    the spline, with a roller follower (r = 10 mm on the follower's axis): a profile is
 *    body1's and the follower a circle, so the flat face of models/cam_flat_follower.json
 *    (the profile there, the cam its circle) becomes a roller. Its centre rides at
 *    y(θ) = e sin θ + √((R + r)² − e² cos² θ); the contact force F0 + k (y − y_min) + m ω² y''
 *    turns negative first where ω² = (F0 + k (y − y_min))/(−m y''), least over θ (a scan):
 *    at the top, y'' = −(e + e²/(R + r)), so ω_j = √((F0 + 2ke)/(m (e + e²/(R + r)))); with
 *    the preload F0 = 35 N (20 N for the flat face) that is 109.5445 rad/s, the flat
 *    follower's ω_j. The cam's speed ramps from 108 rad/s at 5 rad/s² (0.287 rad/s a turn,
 *    and the follower can leave once a turn, at the top): the spline cam and the exact circle
 *    (one arc) both leave within the turn after ω_j (as test_cam_jump.c), so within one
 *    turn's ramp of each other (the spline's curvature, 8e-4 off the circle's, moves the
 *    threshold by about as much: which turn it falls in may differ by one).
 *  - An undamped pin sliding round the inside of a spline through 48 points of an ellipse
 *    (30 × 20 mm, no gravity) keeps its energy to the integrator's tolerance: the balance
 *    error below 1e-8 of the kinetic energy at rtol 1e-10 and shrinking from rtol 1e-8; so
 *    too with the curve cut into 3 bands whose laws (two radii) are blended where they meet.
 *  - The forces' Jacobians against differences on a 3-band spline cam, in a band and either
 *    side of a junction (jacobians()). */
#include "cs_clearance.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

static const double R = 0.03, e = 0.01, rr = 0.01, F0 = 35.0, k = 2000.0, m = 0.5, w0 = 108.0;

/* "[[x, y], …]": n points of the circle (R about (e, 0)), or of the ellipse a × b, from the
 * angle t0 on. */
static int points_from(char *out, size_t size, int n, double cx, double a, double b, double t0)
{
  int len = snprintf(out, size, "[");
  for (int i = 0; i < n; i++) {
    double t = t0 + 2 * M_PI * i / n;
    len += snprintf(out + len, size - len, "%s[%.17g, %.17g]", i ? ", " : "", cx + a * cos(t),
                    b * sin(t));
  }
  return len + snprintf(out + len, size - len, "]");
}

static int points(char *out, size_t size, int n, double cx, double a, double b)
{
  return points_from(out, size, n, cx, a, b, 0.0);
}

static void geometry(void)
{
  enum { N = 64 };
  double P[N][2];
  for (int i = 0; i < N; i++)
    P[i][0] = e + R * cos(2 * M_PI * i / N), P[i][1] = R * sin(2 * M_PI * i / N);
  char why[256];
  int bad;
  cs_profile *pr = cs_profile_build_spline((const double(*)[2])P, N, 1, rr, 1, why, sizeof why,
                                           &bad);
  CHECK(pr != NULL, "the spline builds (%s)", pr ? "" : why);
  if (!pr)
    return;
  double bound = 5.0 / 384.0 * pow(2 * M_PI / N, 4) * R, worst = 0, worst_n = 0, worst_k = 0;
  cs_clearance c;
  memset(&c, 0, sizeof c);
  c.kind = CS_CLEARANCE_PROFILE;
  c.pin_radius = rr;
  c.profile = pr;
  /* follower centres around the cam from 0.2 mm into it to 0.25 mm off it (within the
   * profile's size, 1 % of its radius: farther off the gap is its bounding circle's) */
  for (int i = 0; i < 997; i++) {
    double a = 2 * M_PI * i / 997.0 + 0.1, r = R + rr + 0.00045 * (i % 7) / 6.0 - 0.0002;
    double x[2] = {e + r * cos(a), r * sin(a)}, u, n[2], t[2], kap;
    cs_gap g;
    cs_profile_gap(&c, 0, x, &g);
    worst = fmax(worst, fabs(g.delta - (rr - (r - R))));
    worst_n = fmax(worst_n, hypot(g.grad[0] + cos(a), g.grad[1] + sin(a)));
    cs_spline_distance(pr->spline, x, &u, n, t, &kap);
    worst_k = fmax(worst_k, fabs(-kap * R - 1));
  }
  /* ∇δ and ∇²δ against central differences of δ and ∇δ (step 1e-7 m: errors O(h²) ≈ 1e-11
   * relative, round-off ≈ 1e-16/1e-7) */
  double worst_g = 0, worst_h = 0;
  for (int i = 0; i < 40; i++) {
    double a = 2 * M_PI * i / 40.0 + 0.05, r = R + rr + 0.0001 * (i % 3) - 0.0001, hstep = 1e-7;
    double x[2] = {e + r * cos(a), r * sin(a)};
    cs_gap g0;
    cs_profile_gap(&c, 0, x, &g0);
    for (int d = 0; d < 2; d++) {
      double xp[2] = {x[0], x[1]}, xm[2] = {x[0], x[1]};
      xp[d] += hstep, xm[d] -= hstep;
      cs_gap gp, gm;
      cs_profile_gap(&c, 0, xp, &gp);
      cs_profile_gap(&c, 0, xm, &gm);
      worst_g = fmax(worst_g, fabs((gp.delta - gm.delta) / (2 * hstep) - g0.grad[d]));
      for (int l = 0; l < 2; l++) /* hess row-major: ∂(∂δ/∂x_l)/∂x_d */
        worst_h = fmax(worst_h, fabs((gp.grad[l] - gm.grad[l]) / (2 * hstep) -
                                     g0.hess[2 * d + l]) * r);
    }
  }
  printf("cam spline: gradient against differences %.3g, Hessian %.3g (times r)\n", worst_g,
         worst_h);
  CHECK(worst_g < 1e-8 && worst_h < 1e-7, "the gap's derivatives are its differences' (%.3g, "
        "%.3g)", worst_g, worst_h);
  printf("cam spline, 64 points of the circle: |delta - circle's| <= %.3g m (bound %.3g), "
         "normal %.3g, |kappa R - 1| %.3g; the region's radius %.9g m\n", worst, bound,
         worst_n, worst_k, pr->R[1]);
  CHECK(worst <= bound, "the gap is the circle's to the spline's bound (%.3g, %.3g)", worst,
        bound);
  CHECK(worst_n < 1e-5 && worst_k < 1e-3, "its normal and curvature are the circle's (%.3g, %.3g)",
        worst_n, worst_k);
  CHECK(fabs(pr->R[1] / R - 1) < 1e-3 && !pr->internal[1], "the region: a convex arc of R (%.9g)",
        pr->R[1]);
  cs_profile_free(pr);
}

/* The cam model with the roller: the cam a spline (n points) or the exact circle (n = 0). */
static double jump_speed(int n)
{
  char wall[8192], json[12288];
  if (n) {
    char pts[8000];
    points(pts, sizeof pts, n, e, R, R);
    snprintf(wall, sizeof wall, "{\"spline\": %s, \"solid\": \"left\"}", pts);
  } else
    snprintf(wall, sizeof wall, "{\"path\": [[%.17g, 0], {\"arc_to\": [%.17g, 0], \"centre\": "
             "[%g, 0], \"turn\": \"ccw\"}], \"solid\": \"left\"}", e + R, e + R, e);
  const double ymin = R + rr - e, L0 = ymin + 0.1 - F0 / k; /* F0 at the lowest */
  snprintf(json, sizeof json,
           "{\"name\": \"cam_roller\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"ground\", "
           "\"ground\": true}, {\"name\": \"cam\", \"mass\": 0.1, \"inertia\": 1e-4}, {\"name\": "
           "\"follower\", \"mass\": %g, \"inertia\": 1e-3, \"position\": [0, %.17g, 0], "
           "\"velocity\": [0, %.17g, 0]}], \"joints\": [{\"name\": \"cam_pivot\", \"type\": "
           "\"revolute\", \"body1\": \"ground\", \"body2\": \"cam\"}, {\"name\": \"guide\", "
           "\"type\": \"prismatic\", \"body1\": \"ground\", \"body2\": \"follower\", \"axis\": "
           "[0, 1]}], \"drivers\": [{\"name\": \"motor\", \"type\": \"angle\", \"body\": \"cam\", "
           "\"motion\": {\"velocity\": %g, \"acceleration\": 5}}], \"forces\": [{\"name\": "
           "\"spring\", \"type\": \"spring\", \"body1\": \"ground\", \"body2\": \"follower\", "
           "\"point1\": [0, -0.1], \"stiffness\": %g, \"free_length\": %.17g}], "
           "\"clearance_joints\": [{\"name\": \"roller\", \"type\": \"profile\", \"body1\": "
           "\"cam\", \"body2\": \"follower\", \"pin_radius\": %g, \"length\": 0.01, "
           "\"profile\": %s, \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, "
           "\"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"damping\": {\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
           "\"constant\", \"cr\": 0.8}}}], \"solver\": {\"t_end\": 0.5, \"rtol\": 1e-8, "
           "\"atol\": 1e-12}}",
           m, sqrt((R + rr) * (R + rr) - e * e), e * w0, w0, k, L0, rr, wall);
  cs_model *mod = load_model_string(json, n ? "<cam spline>" : "<cam circle>");
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.5, &err);
  CHECK(st == CS_OK, "cam %s: runs (%s)", n ? "spline" : "circle", st ? err.message : "");
  double t_sep = first_separation(s);
  cs_sim_free(s);
  cs_model_free(mod);
  return w0 + 5.0 * t_sep;
}

/* ω_j of the roller: the least of (F0 + k (y − y_min))/(−m y'') over θ where y'' < 0. */
static double roller_jump(void)
{
  const double Rr = R + rr, ymin = Rr - e;
  double best = INFINITY;
  for (int i = 0; i < 200000; i++) {
    double th = 2 * M_PI * i / 200000, s = sin(th), c = cos(th), Q = Rr * Rr - e * e * c * c;
    double y = e * s + sqrt(Q);
    double y2 = -e * s + e * e * (c * c - s * s) / sqrt(Q) - pow(e * e * c * s, 2) / pow(Q, 1.5);
    if (y2 < 0)
      best = fmin(best, (F0 + k * (y - ymin)) / (-m * y2));
  }
  return sqrt(best);
}

/* The pin sliding round the inside of the elliptic spline: the balance error over the kinetic
 * energy, and how far round it went (rad). */
typedef struct lap {
  double last, turned;
} lap;
static int turn(const cs_sim *s, void *user)
{
  lap *l = user;
  double q[3];
  cs_sim_body_position(s, 1, q);
  double a = atan2(q[1] / 0.02, q[0] / 0.03);
  if (isfinite(l->last))
    l->turned += remainder(a - l->last, 2 * M_PI);
  l->last = a;
  return 0;
}

static double slide(double rtol, int bands, double *turned, int *regions)
{
  char pts[8000], json[12288];
  points_from(pts, sizeof pts, 48, 0.0, 0.03, 0.02, M_PI / 6);
  /* the pin touching the wall at the minor axis's end (0, 20 mm), moving along it at 1 m/s */
  snprintf(json, sizeof json,
           "{\"name\": \"slide\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"g\", \"ground\": "
           "true}, {\"name\": \"pin\", \"mass\": 0.1, \"inertia\": 1e-6, \"position\": [0, 0.015, "
           "0], \"velocity\": [-1, 0, 0]}], \"clearance_joints\": [{\"name\": \"wall\", \"type\": "
           "\"profile\", \"body1\": \"g\", \"body2\": \"pin\", \"pin_radius\": 0.005, "
           "\"length\": 0.01, \"profile\": {\"spline\": %s, \"solid\": \"right\", \"bands\": %d}, "
           "\"materials\": "
           "[{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, \"nu\": 0.3}], \"contact\": "
           "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
           "\"kelvin_voigt\", \"c\": 0}}}], \"solver\": {\"t_end\": 0.15, \"rtol\": %g, \"atol\": "
           "1e-14}, \"output\": {\"interval\": 1e-4}}",
           pts, bands, rtol);
  cs_model *mod = load_model_string(json, "<spline slide>");
  *regions = cs_model_clearance_region_count(mod, 0);
  cs_sim *s = start(mod);
  lap l = {NAN, 0.0};
  cs_sim_set_output(s, turn, &l);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.15, &err);
  CHECK(st == CS_OK, "slide rtol %g: runs (%s)", rtol, st ? err.message : "");
  cs_energy en;
  cs_sim_energy(s, &en);
  *turned = l.turned;
  cs_sim_free(s);
  cs_model_free(mod);
  return fabs(en.balance_error) / 0.05; /* ½ m v² = 0.05 J */
}

/* The contact forces' Jacobians (with friction) against differences, 2 µm deep on an elliptic
 * spline cam (30 × 20 mm, 32 points from 30°, 3 bands): inside a band, and either side of the
 * junction at the first point (the laws of the bends at 30° and at 180° blended there). */
static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  char joint[2048];
  int len = snprintf(joint, sizeof joint, "\"type\": \"profile\", \"point2\": [0.01, -0.005], "
                     "\"pin_radius\": 0.005, \"length\": 0.01, \"profile\": {\"spline\": [");
  for (int i = 0; i < 32; i++) {
    double t = M_PI / 6 + 2 * M_PI * i / 32;
    len += snprintf(joint + len, sizeof joint - len, "%s[%.12g, %.12g]", i ? ", " : "",
                    0.03 * cos(t), 0.02 * sin(t));
  }
  snprintf(joint + len, sizeof joint - len, "], \"solid\": \"left\", \"bands\": 3}");
  const char *label[3] = {"spline inside a band", "spline junction, after", "spline junction, "
                          "before"};
  const double at[3] = {100.0, 30.5, 29.5}; /* the ellipse's parameter angle, deg */
  for (int i = 0; i < 3; i++) {
    double t = at[i] * M_PI / 180.0, c[2] = {0.03 * cos(t), 0.02 * sin(t)};
    double n[2] = {cos(t) / 0.03, sin(t) / 0.02}, nn = hypot(n[0], n[1]), d = 0.005 - 2e-6;
    double pin[2] = {c[0] + d * n[0] / nn, c[1] + d * n[1] / nn};
    jacobian_case(label[i], joint, ln, pin);
  }
}

int main(void)
{
  jacobians();
  geometry();
  double wj = roller_jump(), w_circle = jump_speed(0), w_spline = jump_speed(64);
  double turn_j = 2 * M_PI / wj;
  const double top = sqrt((F0 + 2 * k * e) / (m * (e + e * e / (R + rr))));
  CHECK(fabs(wj / top - 1) < 1e-9 && fabs(top - 109.5445115) < 1e-6,
        "the least is at the top: w_j = %.7f rad/s, the flat follower's", top);
  printf("cam roller: w_j = %.4f rad/s closed form; leaves at %.4f rad/s on the circle, %.4f on "
         "the 64-point spline (%+.2e)\n", wj, w_circle, w_spline, w_spline / w_circle - 1);
  CHECK(fabs(w_spline - w_circle) <= 1.1 * 5.0 * turn_j,
        "the spline cam leaves as the circle, within the turn the ramp resolves (%.5f, %.5f)",
        w_spline, w_circle);
  for (int i = 0; i < 2; i++) {
    double w = i ? w_spline : w_circle;
    CHECK(w >= wj * (1.0 - 1e-3) && w <= wj + 5.0 * turn_j * 1.1,
          "the jump within the turn after w_j (%.4f, %.4f)", w, wj);
  }
  for (int bands = 1; bands <= 3; bands += 2) {
    double t8, t10;
    int nr;
    double e8 = slide(1e-8, bands, &t8, &nr), e10 = slide(1e-10, bands, &t10, &nr);
    printf("spline slide, %d band%s (%d regions): balance error %.3g (rtol 1e-8), %.3g (rtol "
           "1e-10) of the kinetic energy; %.2f turns round the wall\n", bands,
           bands > 1 ? "s" : "", nr, e8, e10, t10 / (2 * M_PI));
    /* 3 bands from 30°: [30°, 150°] bends tightest at 30°, the others through the major
     * axis's ends (b²/a): two distinct bends, two junctions blended */
    CHECK(nr == (bands == 1 ? 2 : 3), "%d bands: %d regions", bands, nr);
    CHECK(fabs(t10) > 2 * M_PI, "the pin goes all round the wall (%.3g rad)", t10);
    CHECK(e10 < 1e-8 && e10 < e8, "the energy kept to the tolerance (%.3g, %.3g)", e10, e8);
  }
  return cs_test_finish();
}
