/* Profile contact (clearance joint "profile", joints/clearance/clearance_profile.c):
 *  - a closed slot built from a profile (two segments, two concave arcs) has the slot joint's
 *    gap, normal, curvature, regions and blends at every point, and its run the slot's
 *    trajectory;
 *  - an undamped pin sliding across every kind of junction (tangent segment–arc, convex and
 *    concave corners, a convex arc between corners, an open end) keeps its energy balance to
 *    the integrator's tolerance, tightening with it;
 *  - the Jacobians of the forces against differences at a corner and in a blend. */
#include "cs_clearance.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>

#define LN_UNDAMPED                                                                            \
  "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "              \
  "\"kelvin_voigt\", \"c\": 0}}"

#define PIN_BODIES                                                                             \
  "\"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": \"pin\", \"mass\": 0.1, "      \
  "\"inertia\": 1e-6, \"position\": [%g, %g, 0], \"velocity\": [%g, %g, 0]}]"

/* the slot of test_region_junctions.c: track 20 mm, 50 µm clearance */
#define SLOT_JOINT                                                                             \
  "{\"name\": \"slot\", \"type\": \"slot\", \"body1\": \"g\", \"body2\": \"pin\", \"axis\": "  \
  "[1, 0], \"half_length\": 0.01, \"half_width\": 0.00505, \"pin_radius\": 0.005, "            \
  "\"length\": 0.01, \"materials\": [" STEEL ", " STEEL "], \"contact\": " LN_UNDAMPED "}"
#define SLOT_PROFILE                                                                           \
  "{\"path\": [[-0.01, -0.00505], [0.01, -0.00505], {\"arc_to\": [0.01, 0.00505], "            \
  "\"centre\": [0.01, 0], \"turn\": \"ccw\"}, [-0.01, 0.00505], {\"arc_to\": [-0.01, "         \
  "-0.00505], \"centre\": [-0.01, 0], \"turn\": \"ccw\"}], \"closed\": true, \"solid\": "      \
  "\"right\"}"
#define PROFILE_JOINT(profile, radius)                                                        \
  "{\"name\": \"slot\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"pin\", "         \
  "\"pin_radius\": " radius ", \"length\": 0.01, \"materials\": [" STEEL ", " STEEL "], "      \
  "\"contact\": " LN_UNDAMPED ", \"profile\": " profile "}"

/* A floor (solid below) with every kind of junction, left to right: an open end, flat, a
 * tangent concave arc (R 40 mm, 10°) up to a convex corner, flat, a tangent convex arc (R 30 mm,
 * 10°) into a tangent 10° slope down, a concave corner onto flat, an open end. */
#define FLOOR                                                                                  \
  "{\"path\": [[-0.06, 0], [-0.02, 0], {\"arc_to\": [-0.013054072893322787, "                  \
  "0.0006076898795116803], \"centre\": [-0.02, 0.04], \"turn\": \"ccw\"}, "                    \
  "[-0.003054072893322787, 0.0006076898795116803], {\"arc_to\": [0.002155372436685123, "       \
  "0.00015192246987792007], \"centre\": [-0.003054072893322787, -0.02939231012048832], "       \
  "\"turn\": \"cw\"}, [0.005852608487904045, -0.0005], [0.04, -0.0005]], \"solid\": \"right\"}"

static cs_model *model(const char *joint, double x, double y, double vx, double vy,
                       const char *gravity, double t_end, double rtol, const char *form)
{
  char json[8192];
  snprintf(json, sizeof json,
           "{\"name\": \"profile\", \"gravity\": %s, " PIN_BODIES ", \"clearance_joints\": [%s], "
           "\"solver\": {\"formulation\": \"%s\", \"t_end\": %g, \"rtol\": %g, \"atol\": 1e-14}, "
           "\"output\": {\"interval\": 2e-5}}",
           gravity, x, y, vx, vy, joint, form, t_end, rtol);
  return load_model_string(json, "<profile test>");
}

/* The weight a blend gives region `r`, and its gradient: a junction may list its two regions
 * either way round (region[0] weighs 1 − w). */
static double weight_of(const cs_blend *b, int r, double grad[2])
{
  double s = b->n < 2 ? 0.0 : b->region[1] == r ? 1.0 : b->region[0] == r ? -1.0 : 0.0;
  grad[0] = s * b->grad[0], grad[1] = s * b->grad[1];
  if (b->n < 2)
    return b->region[0] == r ? 1.0 : 0.0;
  return b->region[1] == r ? b->w : b->region[0] == r ? 1.0 - b->w : 0.0;
}

/* The profile's gap and blend against the slot's at points over and around the slot. */
static void same_geometry(void)
{
  cs_model *a = model(SLOT_JOINT, 0, 0, 0, 0, "[0, 0]", 0.1, 1e-8, "auto");
  cs_model *b = model(PROFILE_JOINT(SLOT_PROFILE, "0.005"), 0, 0, 0, 0, "[0, 0]", 0.1, 1e-8,
                      "auto");
  const cs_clearance *sa = &a->clearances[0], *sb = &b->clearances[0];
  CHECK(sb->nregion == 2, "slot profile: two regions (flat, arc1), got %d", sb->nregion);
  CHECK(fabs(cs_model_clearance_size(b, 0) - cs_model_clearance_size(a, 0)) < 1e-18,
        "slot profile: the slot's clearance size (%g, %g)", cs_model_clearance_size(b, 0),
        cs_model_clearance_size(a, 0));
  double worst = 0.0, wblend = 0.0;
  int regions = 0, blends = 0, n = 0;
  for (int i = 0; i <= 400; i++)
    for (int k = 0; k <= 40; k++, n++) {
      double p[2] = {-0.0106 + 0.0212 * i / 400.0, -0.0001 + 0.0002 * (k + 0.37) / 40.0};
      p[1] += (k % 2 ? 1 : -1) * (i % 3) * 1.5e-5; /* near both tracks too */
      cs_gap ga, gb;
      cs_blend ba, bb;
      cs_clearance_gap(sa, p, &ga);
      cs_clearance_gap(sb, p, &gb);
      cs_clearance_blend(sa, 0, p, ga.region, &ba);
      cs_clearance_blend(sb, 0, p, gb.region, &bb);
      double e = fabs(ga.delta - gb.delta);
      for (int c = 0; c < 4; c++)
        e = fmax(e, fabs(ga.hess[c] - gb.hess[c]) * 1e-5); /* 1/m: on a 10 µm scale */
      e = fmax(e, 1e-5 * (fabs(ga.grad[0] - gb.grad[0]) + fabs(ga.grad[1] - gb.grad[1])));
      worst = fmax(worst, e);
      regions += ga.region != gb.region;
      blends += ba.n != bb.n;
      double da[2], db[2], wa = weight_of(&ba, 1, da), wb = weight_of(&bb, 1, db);
      wblend = fmax(wblend, fabs(wa - wb) + 1e-5 * (fabs(da[0] - db[0]) + fabs(da[1] - db[1])));
    }
  printf("slot profile vs slot at %d points: worst gap difference %.2e m, region "
         "mismatches %d, blend mismatches %d, weight %.2e\n", n, worst, regions, blends, wblend);
  CHECK(worst < 1e-15 && regions == 0 && blends == 0 && wblend < 1e-12,
        "slot profile: the slot's gap, regions and blends (%.3g, %d, %d, %.3g)", worst, regions,
        blends, wblend);
  cs_model_free(a);
  cs_model_free(b);
}

typedef struct track {
  double q[4096][3];
  int n, regions; /* rows kept; bit r: region r touched */
  double worst, E0;
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
  if (t->n < 4096)
    cs_sim_body_position(s, 1, t->q[t->n++]);
  return 0;
}

static void run(cs_model *m, track *t, const char *label)
{
  cs_sim *s = start(m);
  cs_energy e;
  cs_sim_energy(s, &e);
  t->n = 0, t->regions = 0, t->worst = 0, t->E0 = e.kinetic + e.potential;
  cs_sim_set_output(s, keep, t);
  cs_error err;
  cs_status st = cs_sim_advance(s, m->solver.t_end, &err);
  CHECK(st == CS_OK, "%s: runs (%s)", label, st ? err.message : "");
  CHECK(!strstr(cs_sim_warnings(s), "energy balance"), "%s: no balance warning (%s)", label,
        cs_sim_warnings(s));
  cs_sim_free(s);
}

/* The pin sliding along the slot's lower track, across its caps, to and fro: both joints'
 * trajectories. */
static void same_trajectory(void)
{
  static track a, b;
  cs_model *ma = model(SLOT_JOINT, 0, -4.99e-5, 0.5, 0, "[0, -9.81]", 0.08, 1e-10, "auto");
  cs_model *mb = model(PROFILE_JOINT(SLOT_PROFILE, "0.005"), 0, -4.99e-5, 0.5, 0,
                       "[0, -9.81]", 0.08, 1e-10, "auto");
  run(ma, &a, "slot");
  run(mb, &b, "slot profile");
  double worst = 0.0, span = 0.0;
  for (int i = 0; i < a.n && i < b.n; i++)
    for (int k = 0; k < 2; k++) {
      worst = fmax(worst, fabs(a.q[i][k] - b.q[i][k]));
      span = fmax(span, fabs(a.q[i][k]));
    }
  printf("slot profile vs slot, 0.08 s, %d rows: worst position difference %.2e m (of %.3g m); "
         "end x %.9f, %.9f\n", a.n, worst, span, a.q[a.n - 1][0], b.q[b.n - 1][0]);
  CHECK(a.n == b.n && a.n > 100, "slot profile: as many rows (%d, %d)", a.n, b.n);
  /* δ's arithmetic differs in order (the slot's |h| + r − w, the profile's r − n·(p − a)):
   * round-off the bounces amplify, within 1e-8 m, 0.02 % of the clearance */
  CHECK(worst < 1e-8, "slot profile: the slot's trajectory (worst %.3g m)", worst);
  cs_model_free(ma);
  cs_model_free(mb);
}

/* The undamped pin across the junctions at rtol 1e-8 and 1e-10: the worst balance as a share
 * of the energy, within bound8 and bound10, tightening. */
static void conserves(const char *label, const char *joint, double x, double y, double vx,
                      double vy, const char *gravity, double t_end, double bound8,
                      double bound10, int regions)
{
  static const char *forms[] = {"auto", "ggl"};
  static track t8, t10;
  for (int f = 0; f < 2; f++) {
    cs_model *m8 = model(joint, x, y, vx, vy, gravity, t_end, 1e-8, forms[f]);
    cs_model *m10 = model(joint, x, y, vx, vy, gravity, t_end, 1e-10, forms[f]);
    run(m8, &t8, label);
    run(m10, &t10, label);
    double e8 = t8.worst / t8.E0, e10 = t10.worst / t10.E0;
    printf("%-22s %-5s balance %.2e of %.3g J at rtol 1e-8, %.2e at 1e-10; regions touched "
           "%#x\n", label, forms[f], e8, t8.E0, e10, t10.regions);
    CHECK((t10.regions & regions) == regions, "%s, %s: regions %#x touched in contact (%#x)",
          label, forms[f], regions, t10.regions);
    CHECK(e8 < bound8 && e10 < bound10 && e10 < e8,
          "%s, %s: balance %.3g (< %.0e), %.3g (< %.0e), tightening", label, forms[f], e8,
          bound8, e10, bound10);
    cs_model_free(m8);
    cs_model_free(m10);
  }
}

/* The forces' Jacobians (with friction) in the slot profile's blends and at the floor's convex
 * corner, 2 µm deep. */
static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  const char *slot = "\"type\": \"profile\", \"point2\": [0.01, -0.005], \"pin_radius\": 0.005, "
                     "\"length\": 0.01, \"profile\": " SLOT_PROFILE;
  const char *floor = "\"type\": \"profile\", \"point2\": [0.01, -0.005], \"pin_radius\": 0.005, "
                      "\"length\": 0.01, \"profile\": " FLOOR;
  double rc = 5.2e-5, x = 1e-5;
  double track[2] = {0.01 - x, -rc}, cap[2] = {0.01 + x, -sqrt(rc * rc - x * x)};
  double a = 95.0 * M_PI / 180.0, d = 0.005 - 2e-6; /* between the normals at 90° and 100° */
  double corner[2] = {-0.013054072893322787 + d * cos(a), 0.0006076898795116803 + d * sin(a)};
  jacobian_case("profile track by its arc", slot, ln, track);
  jacobian_case("profile arc by its track", slot, ln, cap);
  jacobian_case("profile convex corner", floor, ln, corner);
  /* the fillet arc's end and the corner after it, either side of their junction's blend
   * (ξ = ±0.3 mm of ℓ = 0.43 mm: the corner's extent r sin 10° halved) */
  double b = 97.0 * M_PI / 180.0, e = -80.5 * M_PI / 180.0, r = 0.035 + 2e-6;
  double by_arc[2] = {-0.013054072893322787 + d * cos(b), 0.0006076898795116803 + d * sin(b)};
  double arc_end[2] = {-0.02 + r * cos(e), 0.04 + r * sin(e)};
  jacobian_case("profile corner by its arc", floor, ln, by_arc);
  jacobian_case("profile arc by its corner", floor, ln, arc_end);
}

int main(void)
{
  jacobians();
  same_geometry();
  same_trajectory();
  conserves("slot profile", PROFILE_JOINT(SLOT_PROFILE, "0.005"), 0, -4.99e-5, 0.5, 0,
            "[0, -9.81]", 0.3, 3e-4, 1e-5, 0x3);
  /* the pin rests on the floor at its left end and slides right under gravity, off the end */
  conserves("floor", PROFILE_JOINT(FLOOR, "0.005"), -0.05, 0.0050001, 0.5, 0, "[0, -100]",
            0.2, 3e-4, 1e-5, 0x7);
  return cs_test_finish();
}
