/* Clearance joints: geometry at hand-computed configurations (region boundaries included),
 * contact forces and their Jacobian against differences, event location against the Hertz
 * closed form, a contact a long step would jump, and energy conservation through many
 * impacts. */
#include "cs_clearances.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"
#include "cs_clearance.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- geometry --------------- */

static void gap_at(const cs_clearance *c, double x, double y, cs_gap *g)
{
  double p[2] = {x, y};
  cs_clearance_gap(c, p, g);
}

static void geometry(void)
{
  cs_gap g;
  /* revolute: bearing R = 10 mm at (1, 2) mm, journal 9.5 mm */
  cs_clearance rev = {.kind = CS_CLEARANCE_REVOLUTE, .point = {{0.001, 0.002}},
                      .pin_radius = 0.0095, .hole_radius = 0.010};
  gap_at(&rev, 0.001 + 0.0003, 0.002 - 0.0004, &g); /* |e| = 0.5 mm: touching */
  CHECK_NEAR(g.delta, 0.0, 1e-15, "revolute: |e| = c touches");
  CHECK_NEAR(g.grad[0], 0.6, 1e-12, "revolute: normal along e (x)");
  CHECK_NEAR(g.grad[1], -0.8, 1e-12, "revolute: normal along e (y)");
  gap_at(&rev, 0.001 + 0.0006, 0.002, &g);
  CHECK_NEAR(g.delta, 0.0001, 1e-15, "revolute: δ = |e| − c");

  /* straight slot: centre (0, 0), axis x, end-cap centres at ±50 mm, half-width 10 mm, pin
   * 8 mm: δ = |y| + 8 − 10 mm on the tracks, |p − cap| + 8 − 10 mm past the ends */
  cs_clearance slot = {.kind = CS_CLEARANCE_SLOT, .axis = {1, 0}, .half_length = 0.05,
                       .half_width = 0.01, .pin_radius = 0.008};
  gap_at(&slot, 0.02, 0.003, &g);
  CHECK(g.region == 0, "slot: track region");
  CHECK_NEAR(g.delta, 0.001, 1e-15, "slot: upper track δ");
  CHECK_NEAR(g.grad[1], 1.0, 0, "slot: upper track normal +y");
  gap_at(&slot, 0.02, -0.0025, &g);
  CHECK_NEAR(g.delta, 0.0005, 1e-15, "slot: lower track δ");
  CHECK_NEAR(g.grad[1], -1.0, 0, "slot: lower track normal −y");
  gap_at(&slot, 0.055, 0.0, &g);
  CHECK(g.region == 1, "slot: cap region past the end");
  CHECK_NEAR(g.delta, 0.003, 1e-15, "slot: cap δ = 5 + 8 − 10 mm");
  double inside, outside;
  gap_at(&slot, 0.05 - 1e-12, 0.0025, &g);
  inside = g.delta;
  gap_at(&slot, 0.05 + 1e-12, 0.0025, &g);
  outside = g.delta;
  CHECK_NEAR(inside, outside, 1e-12, "slot: δ continuous where track meets cap");

  /* curved slot: arc centre (0, 0), mean radius 100 mm, half-width 10 mm, ±0.5 rad about x,
   * pin 8 mm: outer track δ = r + 8 − 110 mm, inner track δ = 90 + 8 − r mm, caps centred
   * on the arc at ±0.5 rad */
  cs_clearance arc = {.kind = CS_CLEARANCE_CURVED_SLOT, .axis = {1, 0}, .mean_radius = 0.1,
                      .half_width = 0.01, .half_angle = 0.5, .pin_radius = 0.008};
  gap_at(&arc, 0.103 * cos(0.2), 0.103 * sin(0.2), &g);
  CHECK(g.region == 1, "curved: outer track");
  CHECK_NEAR(g.delta, 0.001, 1e-15, "curved: outer δ = 103 + 8 − 110 mm");
  CHECK_NEAR(g.grad[0], cos(0.2), 1e-12, "curved: outer normal radial outwards");
  gap_at(&arc, 0.097 * cos(-0.3), 0.097 * sin(-0.3), &g);
  CHECK(g.region == 0, "curved: inner track");
  CHECK_NEAR(g.delta, 0.001, 1e-15, "curved: inner δ = 90 + 8 − 97 mm");
  CHECK_NEAR(g.grad[0], -cos(-0.3), 1e-12, "curved: inner normal towards the centre");
  gap_at(&arc, 0.1 * cos(0.6), 0.1 * sin(0.6), &g);
  CHECK(g.region == 2, "curved: cap past the end");
  CHECK_NEAR(g.delta, 2 * 0.1 * sin(0.05) + 0.008 - 0.01, 1e-15,
             "curved: cap δ = chord to the cap centre + 8 − 10 mm");
  for (int side = -1; side <= 1; side += 2) {
    double r = side > 0 ? 0.103 : 0.097;
    gap_at(&arc, r * cos(0.5 - 1e-12), r * sin(0.5 - 1e-12), &g);
    inside = g.delta;
    gap_at(&arc, r * cos(0.5 + 1e-12), r * sin(0.5 + 1e-12), &g);
    outside = g.delta;
    CHECK_NEAR(inside, outside, 1e-12, "curved: δ continuous where a track meets a cap");
  }
}

/* ---------------------------------------------------------------- Jacobian --------------- */

static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}}";
  const char *lnf = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                    "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                    "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 0.01}}";
  const char *rev = "\"type\": \"revolute\", \"point1\": [0.002, 0.001], \"point2\": [0.01, -0.005], "
                    "\"pin_radius\": 0.0095, \"hole_radius\": 0.01, \"length\": 0.02";
  const char *slot = SLOT_KEYS, *arc = ARC_KEYS;
  /* pin centres (hole body frame) penetrating 20 µm */
  double in_bearing[2] = {0.002 + 0.00052 * 0.6, 0.001 + 0.00052 * 0.8};
  double on_track[2] = {0.002 + 0.02 * 0.6 - 0.00202 * 0.8, 0.001 + 0.02 * 0.8 + 0.00202 * 0.6};
  double in_cap[2] = {0.002 + 0.05202 * 0.6, 0.001 + 0.05202 * 0.8};
  double outer[2] = {0.002 + 0.10202 * cos(0.2), 0.001 + 0.10202 * sin(0.2)};
  double inner[2] = {0.002 + 0.09798 * cos(-0.1), 0.001 + 0.09798 * sin(-0.1)};
  double arc_cap[2] = {0.002 + 0.1 * cos(0.5) + 0.00202 * cos(0.5 + M_PI / 2 + 0.3),
                       0.001 + 0.1 * sin(0.5) + 0.00202 * sin(0.5 + M_PI / 2 + 0.3)};
  jacobian_case("revolute", rev, ln, in_bearing);
  jacobian_case("revolute, friction", rev, lnf, in_bearing);
  jacobian_case("slot track", slot, ln, on_track);
  jacobian_case("slot cap", slot, ln, in_cap);
  jacobian_case("curved slot outer", arc, ln, outer);
  jacobian_case("curved slot inner", arc, ln, inner);
  jacobian_case("curved slot cap", arc, ln, arc_cap);
  jacobian_case("curved slot outer, friction", arc, lnf, outer);
  /* slip within the tanh regularization (v_tol 10 m/s): ∂F_t/∂v_t matters too */
  const char *soft = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                     "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                     "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  jacobian_case("slot cap, smooth friction", slot, soft, in_cap);
  jacobian_case("curved slot inner, smooth friction", arc, soft, inner);
}

/* ---------------------------------------------------------------- events ----------------- */

/* A ball (point contact, Hertz, no damping) leaves the centre of a fixed socket radially at v:
 * it touches at t_on = c/v (where δ = 0), and the Hertz impact
 * lasts t_c = 2.943275 δ_max/v with δ_max = (5 m v²/(4K))^(2/5) and gives the speed back
 * (2.943275: the closed-form contact-time factor of a Hertz impact, 2∫0^1 dx/√(1−x^(5/2)),
 * Goldsmith 1960; the same factor as tests/unit/engine/test_impact.c). */
static void hertz_events(double max_step)
{
  const double R1 = 0.01, R2 = 0.0105, c = R2 - R1, v = 0.3, m = 1.0;
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"ball\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"ball\", \"mass\": %g, \"inertia\": 4e-5, \"velocity\": [%g, 0, 0]}],"
           "\"clearance_joints\": [{\"name\": \"S\", \"type\": \"spherical\", \"start\": \"given\", \"body1\": \"g\", "
           "\"body2\": \"ball\", \"pin_radius\": %g, \"hole_radius\": %g, \"materials\": [" STEEL
           ", " STEEL "], \"contact\": {\"elastic\": {\"model\": \"hertz\"}, \"damping\": "
           "{\"model\": \"kelvin_voigt\", \"c\": 0}}}],"
           "\"solver\": {\"t_end\": 0.0025, \"rtol\": 1e-10, \"atol\": 1e-13, \"max_step\": %g},"
           "\"output\": {\"interval\": 0.0025}}",
           m, v, R1, R2, max_step);
  cs_model *model = load_model_string(json, "<ball>");
  cs_error err;
  cs_sim *s = start(model);
  CHECK(cs_sim_advance(s, 0.0025, &err) == CS_OK, "ball runs: %s", err.message);
  double Es = 207e9 / (2 * (1 - 0.09)), Rs = R1 * R2 / (R2 - R1), K = 4.0 / 3 * Es * sqrt(Rs);
  double dmax = pow(5 * m * v * v / (4 * K), 0.4), tc = 2.943275 * dmax / v;
  CHECK(cs_sim_event_count(s) == 1, "one impact (got %d)", cs_sim_event_count(s));
  cs_contact_event e;
  cs_sim_event(s, 0, &e);
  double vb[3];
  cs_sim_body_velocity(s, 1, vb);
  printf("max_step %g: t_on %.9g (c/v %.9g), t_c %.6e (closed form %.6e), δmax %.6e (%.6e), "
         "F_max %.6g (%.6g), rebound %.9f\n", max_step, e.t_on, c / v, e.t_off - e.t_on, tc,
         e.max_penetration, dmax, e.max_force, K * pow(dmax, 1.5), vb[0]);
  CHECK_REL(e.t_on, c / v, 1e-9, "onset at c/v, where δ = 0");
  CHECK_REL(e.t_off - e.t_on, tc, 1e-5, "Hertz contact duration");
  CHECK_REL(e.impact_velocity, v, 1e-8, "impact velocity");
  /* δ_max and F_max are sampled at accepted steps: within the step's resolution */
  CHECK_REL(e.max_penetration, dmax, 2e-3, "Hertz maximum penetration");
  CHECK_REL(e.max_force, K * pow(dmax, 1.5), 3e-3, "Hertz maximum force");
  CHECK_NEAR(vb[0], -v, 1e-6 * v, "rebound speed = impact speed (elastic)");
  cs_energy en;
  cs_sim_energy(s, &en);
  printf("  energy balance %.3e J of %.3e J\n", en.balance_error, 0.5 * m * v * v);
  /* rtol 1e-10: measured 1.2e-8 of the kinetic energy */
  CHECK(fabs(en.balance_error) < 1e-7 * 0.5 * m * v * v, "energy kept through the impact");
  cs_sim_free(s);
  cs_model_free(model);
}

/* A pin flies straight past the convex inner track of a curved slot, overlapping it by h at
 * closest approach: a grazing contact. With nothing else acting, IDAS's steps grow without
 * bound in free flight and one step spans the whole contact; the root on δ' must catch it.
 * The explicit steps are exact on straight motion and would span the whole pass, where the
 * nearest wall at both ends is the outer track (no root changes sign): the pins' crossing
 * time bounds them. Against the same run with short steps: the same onset, the same
 * deflection. */
static void grazing(const char *formulation, double max_step, double *t_on, double *vy)
{
  const double Ri = 0.09, rp = 0.008, h = 2e-6, y0 = Ri + rp - h, v = 1.0;
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"graze\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"pin\", \"mass\": 0.1, \"inertia\": 1e-5, \"position\": [-0.02, %.17g, 0],"
           " \"velocity\": [%g, 0, 0]}],"
           "\"clearance_joints\": [{\"name\": \"arc\", \"type\": \"curved_slot\", \"body1\": \"g\", "
           "\"body2\": \"pin\", \"axis\": [0, 1], \"mean_radius\": 0.1, \"half_width\": 0.01, "
           "\"half_angle\": 0.6, \"pin_radius\": %g, \"length\": 0.01, \"materials\": [" STEEL
           ", " STEEL "], \"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}}],"
           "\"solver\": {\"t_end\": 0.04, \"rtol\": 1e-8, \"atol\": 1e-12, \"max_step\": %g,"
           " \"formulation\": \"%s\"}, \"output\": {\"interval\": 0.04}}",
           y0, v, rp, max_step, formulation);
  cs_model *model = load_model_string(json, "<graze>");
  cs_error err;
  cs_sim *s = start(model);
  CHECK(cs_sim_advance(s, 0.04, &err) == CS_OK, "grazing pin runs: %s", err.message);
  double vb[3];
  cs_sim_body_velocity(s, 1, vb);
  int n = cs_sim_event_count(s);
  CHECK(n == 1, "%s, max_step %g: the grazing contact is seen once (got %d)", formulation,
        max_step, n);
  cs_contact_event e = {0};
  if (n > 0)
    cs_sim_event(s, 0, &e);
  /* onset where the pin's distance to the arc centre falls to Ri + rp: x² + y0² = (Ri+rp)² */
  double x_on = -sqrt((Ri + rp) * (Ri + rp) - y0 * y0);
  cs_stats st;
  cs_sim_stats(s, &st);
  printf("%s, max_step %g: %d contact(s), t_on %.9f (geometry %.9f), deflected v_y %.6g m/s, "
         "%ld steps\n", formulation, max_step, n, e.t_on, (x_on + 0.02) / v, vb[1], st.steps);
  CHECK_NEAR(e.t_on, (x_on + 0.02) / v, 1e-7, "onset where the straight path meets the track");
  CHECK(vb[1] > 0, "the track pushed the pin outwards");
  *t_on = e.t_on;
  *vy = vb[1];
  cs_sim_free(s);
  cs_model_free(model);
}

/* ---------------------------------------------------------------- energy ----------------- */

/* A journal rattling in a fixed bearing (no gravity, off-centre start, oblique velocity):
 * elastic contacts keep the energy to the tolerance; with L-N damping and friction the books
 * still balance. */
/* The deepest penetration seen at the output instants: a journal that passed through its
 * bearing (an onset never seen after a restart at δ ≈ 0: joints/README.md "Contact events") would show it. */
static int deepest(const cs_sim *s, void *user)
{
  cs_clearance_state c;
  cs_sim_clearance(s, 0, &c);
  *(double *)user = fmax(*(double *)user, c.penetration);
  return 0;
}

static double rattle(const char *contact, double rtol, double bound, const char *label)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"rattle\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"j\", \"mass\": 0.5, \"inertia\": 2e-5, \"position\": [0.0001, 0.0002, 0],"
           " \"velocity\": [0.8, 0.5, 30]}],"
           "\"clearance_joints\": [{\"name\": \"R\", \"type\": \"revolute\", \"start\": \"given\", \"body1\": \"g\", "
           "\"body2\": \"j\", \"pin_radius\": 0.0095, \"hole_radius\": 0.01, \"length\": 0.02, "
           "\"materials\": [" STEEL ", " STEEL "], \"contact\": %s}],"
           "\"solver\": {\"t_end\": 0.05, \"rtol\": %g, \"atol\": %g},"
           "\"output\": {\"interval\": 0.001}}",
           contact, rtol, rtol * 1e-3);
  cs_model *model = load_model_string(json, "<rattle>");
  cs_error err;
  cs_sim *s = start(model);
  double depth = -INFINITY;
  cs_sim_set_output(s, deepest, &depth);
  CHECK(cs_sim_advance(s, 0.05, &err) == CS_OK, "%s runs: %s", label, err.message);
  CHECK(depth < 1e-4, "%s: the journal never passes through the bearing (deepest %.3g m)", label,
        depth);
  cs_energy e;
  cs_sim_energy(s, &e);
  double E0 = 0.5 * 0.5 * (0.64 + 0.25) + 0.5 * 2e-5 * 900;
  printf("%-18s rtol %.0e: %3d impacts, kinetic %.6f J of %.6f, dissipated %.6f J, balance "
         "%.3e J\n", label, rtol, cs_sim_event_count(s), e.kinetic, E0, e.dissipated,
         e.balance_error);
  CHECK(cs_sim_event_count(s) >= 10, "%s: many impacts (%d)", label, cs_sim_event_count(s));
  CHECK(fabs(e.balance_error) < bound * E0, "%s: balance %.3g J within %.0e of %.3g J", label,
        e.balance_error, bound, E0);
  cs_sim_free(s);
  cs_model_free(model);
  return fabs(e.balance_error);
}

/* A Kelvin–Voigt dashpot pulls as a contact ends (F_e → 0 while c δ' < 0): the force is
 * clipped to zero on those steps and counted; an undamped contact is never clipped. */
static long clips(double c_damp)
{
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"clip\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"ball\", \"mass\": 1, \"inertia\": 4e-5, \"velocity\": [0.3, 0, 0]}],"
           "\"clearance_joints\": [{\"name\": \"S\", \"type\": \"spherical\", \"start\": \"given\", \"body1\": \"g\", "
           "\"body2\": \"ball\", \"pin_radius\": 0.01, \"hole_radius\": 0.0105, "
           "\"materials\": [" STEEL ", " STEEL "], \"contact\": {\"elastic\": {\"model\": "
           "\"hertz\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": %g}}}],"
           "\"solver\": {\"t_end\": 0.0025, \"rtol\": 1e-9, \"atol\": 1e-12}}",
           c_damp);
  cs_model *model = load_model_string(json, "<clip>");
  cs_error err;
  cs_sim *s = start(model);
  CHECK(cs_sim_advance(s, 0.0025, &err) == CS_OK, "clip run: %s", err.message);
  long n = cs_sim_clip_count(s);
  printf("kelvin_voigt c = %g N s/m: %d contact(s), clipped on %ld steps\n", c_damp,
         cs_sim_event_count(s), n);
  cs_sim_free(s);
  cs_model_free(model);
  return n;
}

int main(void)
{
  CHECK(clips(0.0) == 0, "an undamped contact is never clipped");
  CHECK(clips(2000.0) > 0, "a dashpot's pull at the end of a contact is clipped and counted");
  geometry();
  jacobians();
  hertz_events(0.0);
  hertz_events(1.0); /* a free flight of 1.7 ms and a 10 µs contact: steps may be long */
  for (int f = 0; f < 2; f++) {
    const char *form = f ? "projected" : "ggl";
    double t1, v1, t2, v2;
    grazing(form, 1e-5, &t1, &v1);
    grazing(form, 10.0, &t2, &v2);
    CHECK_NEAR(t2, t1, 1e-8, "long steps: the same onset as short steps");
    CHECK_REL(v2, v1, 1e-4, "long steps: the same deflection as short steps");
  }
  /* Elastic contacts, ~44 impacts in 50 ms: the balance error follows the tolerance down
   * (measured 1.3e-6 of the energy at rtol 1e-9); with damping and friction the dissipated
   * energy closes the books as well. */
  const char *elastic = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                        "{\"model\": \"kelvin_voigt\", \"c\": 0}}";
  double e9 = rattle(elastic, 1e-9, 1e-5, "elastic");
  double e11 = rattle(elastic, 1e-11, 1e-7, "elastic");
  CHECK(e11 < e9 / 10, "the balance error shrinks with the tolerance (%.3g → %.3g J)", e9, e11);
  rattle("{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
         "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.7}, "
         "\"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 0.001}}", 1e-9, 1e-5,
         "damped, friction");
  return cs_test_finish();
}
