/*
 * test_resting_contact.c — a contact that starts exactly touching (δ = 0) takes load.
 *
 * A 1 kg pin body starts at rest exactly on the bottom wall of its clearance joint (δ = 0),
 * gravity pressing it in, under every clearance kind (revolute bearing, spherical socket,
 * straight slot's track, curved slot's outer track, translational guide's lower wall with two
 * corners) and every formulation (auto, projected, ggl, index3). The walls' law is a power
 * law F = K δ^n with Lankarani–Nikravesh damping (which divides by δ'(−)), so the static
 * penetration is closed form: K δ^n = m g / (corners on the wall). After 0.2 s the pin must
 * rest there (not fall through), carrying the weight, with one contact per touching pin
 * opened at t = 0 and never closed. Further starts at δ = 0: moving in (the event records
 * that δ'(−)); at rest pulled out (no force, then the far wall struck as the fall says);
 * moving out, slowly (back in contact at t = 2 v/g, δ'(−) = v) and at round-off speed
 * (1e-17 m/s, which the root finding cannot see: it rests); at rest with the floor of δ'(−)
 * set to 0; and 1 nm inside at rest or moving out at 1e-17 m/s (one damped contact from
 * t = 0, not an elastic rebound).
 */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>

static const double M = 1.0, G = 9.81, K = 1e10, N = 1.5, T_END = 0.2;
static const char *const FORMS[] = {"auto", "projected", "ggl", "index3"};

/* A clearance kind, its joint keys, and where its pin body rests at δ = 0. */
typedef struct kind {
  const char *name, *keys;
  double y0;  /* the pin body's centre at δ = 0 (hole body: ground, at the origin) */
  int pins;   /* pins on the bottom wall, sharing the weight */
} kind;

/* c = 1e-4 m for every kind; the curved slot's arc middle is below its centre (axis −y). */
static const kind KINDS[] = {
  {"revolute", "\"type\": \"revolute\", \"pin_radius\": 0.0099, \"hole_radius\": 0.01, "
   "\"length\": 0.04", -1e-4, 1},
  {"spherical", "\"type\": \"spherical\", \"pin_radius\": 0.0099, \"hole_radius\": 0.01",
   -1e-4, 1},
  {"slot", "\"type\": \"slot\", \"axis\": [1, 0], \"half_length\": 0.02, \"half_width\": 0.01, "
   "\"pin_radius\": 0.0099, \"length\": 0.04", -1e-4, 1},
  {"curved_slot", "\"type\": \"curved_slot\", \"axis\": [0, -1], \"mean_radius\": 0.06, "
   "\"half_angle\": 0.5, \"half_width\": 0.01, \"pin_radius\": 0.0099, \"length\": 0.04",
   -(0.06 + 0.01 - 0.0099), 1},
  {"translational", "\"type\": \"translational\", \"axis\": [1, 0], \"half_length\": 0.02, "
   "\"half_width\": 0.01, \"corner_radius\": 0.001, \"guide_half_width\": 0.0101, "
   "\"length\": 0.04", -1e-4, 2},
};

/* The pin body at (0, y0) with velocity (0, vy) over a fixed hole body, gravity g_y; the start
 * is the given one (a pin moving towards or away from its wall is the case). */
static cs_model *resting(const kind *k, const char *form, double y0, double vy, double gy,
                         const char *extra)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"rest\", \"gravity\": [0, %.17g], \"bodies\": [{\"name\": \"hole\", "
           "\"ground\": true}, {\"name\": \"pin\", \"mass\": %g, \"inertia\": 1e-4, "
           "\"position\": [0, %.17g, 0], \"velocity\": [0, %.17g, 0]}],"
           "\"clearance_joints\": [{\"name\": \"J\", \"body1\": \"hole\", \"body2\": \"pin\", "
           "\"start\": \"given\", "
           "%s, %s\"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, \"nu\": 0.3}],"
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": %g, \"n\": %g}, "
           "\"damping\": {\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
           "\"constant\", \"cr\": 0.9}}}],"
           "\"solver\": {\"formulation\": \"%s\", \"t_end\": %g, \"rtol\": 1e-6, "
           "\"atol\": 1e-9}, \"output\": {\"interval\": 0.01}}",
           gy, M, y0, vy, k->keys, extra, K, N, form, T_END);
  return load_model_string(json, "<rest>");
}

/* CHECK_REL with the case's label before what it compares. */
static void check_rel(const char *label, const char *what, double got, double want, double rel)
{
  char text[160];
  snprintf(text, sizeof text, "%s: %s", label, what);
  CHECK_REL(got, want, rel, text);
}

/* Run to T_END, or fail the case; the caller frees the simulation. */
static cs_sim *run(const cs_model *m, const char *label)
{
  cs_sim *s = start(m);
  cs_error err;
  cs_status st = cs_sim_advance(s, T_END, &err);
  CHECK(st == CS_OK, "%s: runs (%s)", label, st ? err.message : "");
  return s;
}

/* The pin rests at K δ^n = m g / pins, carrying the weight, with `events` contacts, each
 * opened at t_on and never closed. */
static void check_rest(cs_sim *s, const kind *k, const char *label, int events, double t_on)
{
  double d_static = pow(M * G / (k->pins * K), 1.0 / N);
  cs_clearance_state st;
  cs_sim_clearance(s, 0, &st);
  int n = cs_sim_event_count(s);
  printf("%-36s δ %.9g m (static %.9g), F %.6g N, %d contact(s)\n", label, st.penetration,
         d_static, st.normal_force, n);
  check_rel(label, "rests at K δ^n = m g / pins", st.penetration, d_static, 1e-5);
  check_rel(label, "the wall carries the weight", st.normal_force * k->pins, M * G, 1e-5);
  CHECK(n == events, "%s: %d contact(s) (got %d)", label, events, n);
  for (int i = 0; i < n; i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    CHECK(fabs(e.t_on - t_on) <= 1e-9 && isnan(e.t_off), "%s: contact %d from t = %g s, "
          "staying (t_on %g, t_off %g)", label, i, t_on, e.t_on, e.t_off);
  }
}

/* Every kind under every formulation, started at rest exactly touching. */
static void every_kind_and_formulation(void)
{
  for (size_t i = 0; i < sizeof KINDS / sizeof *KINDS; i++)
    for (size_t f = 0; f < sizeof FORMS / sizeof *FORMS; f++) {
      char label[64];
      snprintf(label, sizeof label, "%s, %s", KINDS[i].name, FORMS[f]);
      cs_model *m = resting(&KINDS[i], FORMS[f], KINDS[i].y0, 0.0, -G, "");
      cs_sim *s = run(m, label);
      check_rest(s, &KINDS[i], label, KINDS[i].pins, 0.0);
      cs_sim_free(s);
      cs_model_free(m);
    }
}

/* δ = 0 moving in at 0.01 m/s, no gravity: the contact opens at t = 0 with δ'(−) = 0.01. */
static void moving_in(void)
{
  cs_model *m = resting(&KINDS[0], "auto", KINDS[0].y0, -0.01, 0.0, "");
  cs_sim *s = run(m, "moving in");
  cs_contact_event e = {0};
  CHECK(cs_sim_event_count(s) >= 1, "moving in: a contact (got %d)", cs_sim_event_count(s));
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &e);
  printf("moving in: onset %g s, δ'(−) %.15g m/s\n", e.t_on, e.impact_velocity);
  CHECK(e.t_on == 0.0, "moving in: the contact opens at t = 0 (t_on %g)", e.t_on);
  CHECK_REL(e.impact_velocity, 0.01, 1e-12, "moving in: δ'(−) is the start's δ'");
  cs_sim_free(s);
  cs_model_free(m);
}

/* δ = 0 at rest, gravity pulling out: no force on the bottom wall (a touch that ends at once),
 * then the top wall struck after falling 2c, at t = √(4c/g) with δ'(−) = √(4gc). */
static void pulled_out(void)
{
  const double c = 1e-4;
  cs_model *m = resting(&KINDS[0], "auto", KINDS[0].y0, 0.0, G, "");
  cs_sim *s = run(m, "pulled out");
  int n = cs_sim_event_count(s), first = -1;
  for (int i = 0; i < n; i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    if (first < 0 && e.max_force > 0.0)
      first = i;
    CHECK(first >= 0 || e.t_off - e.t_on < 1e-6, "pulled out: the touch at the start ends at "
          "once, with no force (t_on %g, t_off %g)", e.t_on, e.t_off);
  }
  cs_contact_event e = {0};
  if (first >= 0)
    cs_sim_event(s, first, &e);
  printf("pulled out: %d contact(s), top struck at %.12g s (√(4c/g) %.12g), δ'(−) %.12g m/s\n",
         n, e.t_on, sqrt(4 * c / G), e.impact_velocity);
  check_rel("pulled out", "the top wall struck after falling 2c", e.t_on, sqrt(4 * c / G), 1e-6);
  check_rel("pulled out", "at δ'(−) = √(4gc)", e.impact_velocity, sqrt(4 * G * c), 1e-6);
  cs_sim_free(s);
  cs_model_free(m);
}

/* δ = 0 moving out at v under gravity: out of contact until t = 2 v / g, back at δ'(−) = v;
 * at v = 1e-17 m/s (round-off) the dip is 5e-36 m: it rests as if started at rest. */
static void moving_out(void)
{
  const double v = 0.01;
  cs_model *m = resting(&KINDS[0], "auto", KINDS[0].y0, v, -G, "");
  cs_sim *s = run(m, "moving out");
  cs_contact_event e = {0};
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &e);
  printf("moving out at %g m/s: onset %.12g s (2v/g %.12g), δ'(−) %.12g m/s\n", v, e.t_on,
         2 * v / G, e.impact_velocity);
  CHECK_REL(e.t_on, 2 * v / G, 1e-6, "moving out: no contact until the pin comes back");
  CHECK_REL(e.impact_velocity, v, 1e-6, "moving out: back at δ'(−) = v");
  cs_sim_free(s);
  cs_model_free(m);
  pulled_out();
  for (size_t f = 0; f < sizeof FORMS / sizeof *FORMS; f++) {
    char label[64];
    snprintf(label, sizeof label, "moving out at 1e-17 m/s, %s", FORMS[f]);
    m = resting(&KINDS[0], FORMS[f], KINDS[0].y0, 1e-17, -G, "");
    s = run(m, label);
    cs_clearance_state st;
    cs_sim_clearance(s, 0, &st);
    double d_static = pow(M * G / K, 1.0 / N);
    printf("%-36s δ %.9g m (static %.9g), %d contact(s)\n", label, st.penetration, d_static,
           cs_sim_event_count(s));
    check_rel(label, "rests at K δ^n = m g", st.penetration, d_static, 1e-5);
    CHECK(cs_sim_event_count(s) == 1, "%s: one contact (got %d)", label, cs_sim_event_count(s));
    cs_sim_free(s);
    cs_model_free(m);
  }
}

/* At rest at δ = 0 with no floor on δ'(−), and at rest 1 nm inside the wall. */
static void other_rests(void)
{
  cs_model *m = resting(&KINDS[0], "auto", KINDS[0].y0, 0.0, -G, "\"min_impact_velocity\": 0, ");
  cs_sim *s = run(m, "no floor");
  check_rest(s, &KINDS[0], "at rest, floor 0", 1, 0.0);
  cs_sim_free(s);
  cs_model_free(m);
  for (size_t i = 0; i < sizeof KINDS / sizeof *KINDS; i++) {
    char label[64];
    snprintf(label, sizeof label, "1 nm inside, %s", KINDS[i].name);
    m = resting(&KINDS[i], "auto", KINDS[i].y0 - 1e-9, 0.0, -G, "");
    s = run(m, label);
    check_rest(s, &KINDS[i], label, KINDS[i].pins, 0.0);
    cs_sim_free(s);
    cs_model_free(m);
  }
  /* moving out slower than the floor: at rest on its scale, not an undamped rebound */
  m = resting(&KINDS[0], "auto", KINDS[0].y0 - 1e-9, 1e-17, -G, "");
  s = run(m, "1 nm inside, out at 1e-17 m/s");
  check_rest(s, &KINDS[0], "1 nm inside, out at 1e-17 m/s", 1, 0.0);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  every_kind_and_formulation();
  moving_in();
  moving_out();
  other_rests();
  return cs_test_finish();
}