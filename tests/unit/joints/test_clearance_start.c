/*
 * test_clearance_start.c — a clearance joint starts as the ideal mechanism does (models/README.md
 * "Clearance joints": `start`), and a start that does not is never silent.
 *
 * 1. A four-bar (ground 0.4 m, crank 0.1 m, coupler and rocker 0.3 m; the crank driven at
 *    600 r/min) with a 0.2 mm revolute clearance joint between coupler and rocker, neither of
 *    them given a velocity. By default the start is the ideal four-bar's: the coupler's and
 *    rocker's angular velocities are the closed form of the velocity loop, the pin has no
 *    velocity relative to the rocker's point under it (the ideal revolute's velocity rows, to
 *    round-off), the first impact is of the order of the steady ones and no warning is given.
 *    With "given", the rocker stays at rest, the first impact is the start's (the coupler drags
 *    the pin into the resting rocker) and the run says so, in its warnings and in the file.
 *    With "position": "centred", the pin starts at the hole's centre.
 * 2. The slider-crank with its guide a translational clearance joint and no velocities given:
 *    by default it runs as models/slider_crank_translational.json, which gives the ideal
 *    mechanism's velocities by hand; "given" sends the block into the wall, warned.
 * 3. A ball thrown in a fixed socket: "given" keeps its velocity; the default ideal start holds
 *    it still and says that it replaced the velocity the model gives.
 * 4. The loader's words: a string sets the velocities, an object either part, the model's
 *    clearance_start the default of its joints, a slot always "given".
 * 5. "position": "resting": the pin on its wall (δ = 0) opposite the reaction the hole exerts
 *    on it in the ideal mechanism at t0. A journal (and a ball) hanging in a fixed bearing
 *    turned by 0.7 rad, given off-centre: it starts straight below the centre at δ = 0, its
 *    contact open from t0, and stays there at the static K δ^n = m g. The clearance
 *    slider-crank rests along the reaction of models/slider_crank.json's joint C at t0, whose
 *    sign Newton's law on the slider fixes (the guide carries no force along x). Without load
 *    (no gravity, at rest) there is no direction to rest in: refused, saying so.
 */
#include "cs_test.h"
#include "cs_test_h5.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const double CRANK_RATE = 62.83185307179586; /* 600 r/min */

/* The four-bar of models/four_bar.json at its assembled pose for a crank at 90°, the crank
 * driven, joint B a clearance joint (bearing in the rocker, journal on the coupler). */
static cs_model *four_bar(const char *start, double t_end)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"four_bar_clearance\", \"gravity\": [0, -9.81], \"bodies\": ["
           "{\"name\": \"ground\", \"ground\": true},"
           "{\"name\": \"crank\", \"mass\": 0.3333333333, \"inertia\": 0.000277777778,"
           " \"position\": [0.0, 0.05, 1.5707963267948966]},"
           "{\"name\": \"coupler\", \"mass\": 1.0, \"inertia\": 0.0075,"
           " \"position\": [0.12642971, 0.18071883, 0.56821159]},"
           "{\"name\": \"rocker\", \"mass\": 1.0, \"inertia\": 0.0075,"
           " \"position\": [0.32642971, 0.13071883, -1.05816891]}],"
           "\"joints\": ["
           "{\"name\": \"O\", \"type\": \"revolute\", \"body1\": \"ground\", \"body2\": \"crank\","
           " \"point1\": [0, 0], \"point2\": [-0.05, 0]},"
           "{\"name\": \"A\", \"type\": \"revolute\", \"body1\": \"crank\", \"body2\": \"coupler\","
           " \"point1\": [0.05, 0], \"point2\": [-0.15, 0]},"
           "{\"name\": \"D\", \"type\": \"revolute\", \"body1\": \"ground\", \"body2\": \"rocker\","
           " \"point1\": [0.4, 0], \"point2\": [0.15, 0]}],"
           "\"drivers\": [{\"name\": \"motor\", \"type\": \"angle\", \"body\": \"crank\","
           " \"motion\": {\"initial\": 1.5707963267948966, \"velocity\": %.17g}}],"
           "\"clearance_joints\": [{\"name\": \"B\", \"type\": \"revolute\", \"body1\": \"rocker\","
           " \"body2\": \"coupler\", \"point1\": [-0.15, 0], \"point2\": [0.15, 0],"
           " \"pin_radius\": 0.0098, \"hole_radius\": 0.0100, \"length\": 0.020, %s%s"
           " \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, \"nu\": 0.3}],"
           " \"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"},"
           " \"damping\": {\"model\": \"lankarani_nikravesh\"},"
           " \"restitution\": {\"model\": \"constant\", \"cr\": 0.9}}}],"
           "\"solver\": {\"formulation\": \"ggl\", \"t_end\": %g, \"rtol\": 1e-6, \"atol\": 1e-9},"
           "\"output\": {\"interval\": 0.0001}}",
           CRANK_RATE, start ? "\"start\": " : "", start ? start : "", t_end);
  return load_model_string(json, "<four-bar>");
}

static void pose(const cs_sim *s, const char *body, double q[3], double v[3])
{
  int b = cs_model_body_index(cs_sim_model(s), body);
  cs_sim_body_position(s, b, q);
  cs_sim_body_velocity(s, b, v);
}

/* World position and velocity of the point s (body frame) of a body at q, v. */
static void point_of(const double q[3], const double v[3], const double s[2], double P[2],
                     double V[2])
{
  double c = cos(q[2]), n = sin(q[2]), a[2] = {c * s[0] - n * s[1], n * s[0] + c * s[1]};
  P[0] = q[0] + a[0], P[1] = q[1] + a[1];
  V[0] = v[0] - v[2] * a[1], V[1] = v[1] + v[2] * a[0];
}

/* The velocity of body 2's point s2 relative to body 1's material point at the same place
 * (world, m/s): what an ideal revolute there holds at zero. *where: that place. */
static void relative_velocity(const double q1[3], const double v1[3], const double q2[3],
                              const double v2[3], const double s2[2], double rel[2],
                              double where[2])
{
  double V2[2];
  point_of(q2, v2, s2, where, V2);
  double d[2] = {where[0] - q1[0], where[1] - q1[1]};
  rel[0] = V2[0] - (v1[0] - v1[2] * d[1]);
  rel[1] = V2[1] - (v1[1] + v1[2] * d[0]);
}

typedef struct impacts {
  int n;
  double first_v, first_F, steady_v, steady_F, dissipated;
} impacts;

/* The first impact, and the largest after t_steady. */
static impacts impacts_of(const cs_sim *s, double t_steady)
{
  impacts r = {cs_sim_event_count(s), 0, 0, 0, 0, 0};
  for (int i = 0; i < r.n; i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    if (i == 0)
      r.first_v = e.impact_velocity, r.first_F = e.max_force;
    if (e.t_on > t_steady)
      r.steady_v = fmax(r.steady_v, e.impact_velocity), r.steady_F = fmax(r.steady_F, e.max_force);
  }
  cs_energy en;
  cs_sim_energy(s, &en);
  r.dissipated = en.dissipated;
  return r;
}

static const char GUESS[] = "clearance joint \"B\" starts with its pin moving towards the wall";

/* The default start is the ideal four-bar's: the velocity loop's closed form. */
static void four_bar_ideal_velocities(void)
{
  cs_model *m = four_bar(NULL, 0.3);
  cs_sim *s = start(m);
  double qc[3], vc[3], qk[3], vk[3], qr[3], vr[3], A[2], VA[2], B[2], rel[2];
  pose(s, "crank", qk, vk);
  pose(s, "coupler", qc, vc);
  pose(s, "rocker", qr, vr);
  point_of(qk, vk, (double[]){0.05, 0}, A, VA);
  relative_velocity(qr, vr, qc, vc, (double[]){0.15, 0}, rel, B);
  /* ω3 ⊥(B − A) − ω4 ⊥(B − D) = −v_A, ⊥(x, y) = (−y, x): Cramer's rule */
  double a = -(B[1] - A[1]), b = B[1] - 0.0, c = B[0] - A[0], d = -(B[0] - 0.4),
         det = a * d - b * c;
  double w3 = (-VA[0] * d + VA[1] * b) / det, w4 = (-VA[1] * a + VA[0] * c) / det;
  printf("four-bar start: crank %.6g rad/s, coupler %.9g rad/s (closed form %.9g), rocker "
         "%.9g (%.9g), pin slip %.3g m/s\n", vk[2], vc[2], w3, vr[2], w4, hypot(rel[0], rel[1]));
  CHECK_NEAR(vk[2], CRANK_RATE, 1e-12 * CRANK_RATE, "the crank at its driver's rate");
  CHECK_REL(vc[2], w3, 1e-10, "the coupler's angular velocity is the ideal four-bar's");
  CHECK_REL(vr[2], w4, 1e-10, "the rocker's angular velocity is the ideal four-bar's");
  CHECK(hypot(rel[0], rel[1]) < 1e-13 * CRANK_RATE * 0.4,
        "the ideal revolute's velocity rows hold at the start: slip %.3g m/s",
        hypot(rel[0], rel[1]));

  double t = 0.3;
  cs_error err;
  CHECK(cs_sim_advance(s, t, &err) == CS_OK, "four-bar runs: %s", err.message);
  impacts r = impacts_of(s, 0.1);
  printf("  ideal start: %d impacts, first %.3g m/s %.3g N, steady (t > 0.1 s) at most %.3g "
         "m/s %.3g N, dissipated %.3g J; warnings \"%s\"\n", r.n, r.first_v, r.first_F,
         r.steady_v, r.steady_F, r.dissipated, cs_sim_warnings(s));
  CHECK(r.n > 10 && r.steady_v > 0, "the pin rattles (%d impacts)", r.n);
  CHECK(r.first_v < 2 * r.steady_v && r.first_F < 2 * r.steady_F,
        "the first impact (%.3g m/s, %.3g N) is of the order of the steady ones (%.3g m/s, "
        "%.3g N)", r.first_v, r.first_F, r.steady_v, r.steady_F);
  CHECK(r.dissipated < 0.2, "dissipated %.3g J (a given start: 6.1 J)", r.dissipated);
  CHECK(!strstr(cs_sim_warnings(s), "starts"), "no start warning: %s", cs_sim_warnings(s));
  cs_sim_free(s);
  cs_model_free(m);
}

/* "given" keeps the rocker at rest: the first impacts are the start's, and the run says so. */
static void four_bar_given_warns(void)
{
  char dir[] = "/tmp/cs_start_XXXXXX", h5[64];
  CHECK(mkdtemp(dir) != NULL, "a temporary directory");
  snprintf(h5, sizeof h5, "%s/given.h5", dir);
  cs_model *m = four_bar("\"given\",", 0.3);
  cs_rows *rows;
  cs_sim *s = run_recorded(m, h5, &rows);
  impacts r = impacts_of(s, 0.1);
  printf("  given start: %d impacts, first %.3g m/s %.3g N, steady at most %.3g m/s %.3g N, "
         "dissipated %.3g J\n  warnings \"%s\"\n", r.n, r.first_v, r.first_F, r.steady_v,
         r.steady_F, r.dissipated, cs_sim_warnings(s));
  CHECK(r.first_v > 10 * r.steady_v, "the first impact %.3g m/s is the start's (steady %.3g)",
        r.first_v, r.steady_v);
  CHECK(strstr(cs_sim_warnings(s), GUESS) && strstr(cs_sim_warnings(s), "\"start\": \"ideal\""),
        "the run names the joint and the way out: %s", cs_sim_warnings(s));
  hid_t f = open_file(h5);
  char *attr = text_attr(f, "/", "warnings");
  CHECK(strstr(attr, GUESS) != NULL, "the file's warnings say the same: %s", attr);
  CHECK(text_attr_is(f, "/joints/B", "start_velocity", "given") &&
            text_attr_is(f, "/joints/B", "start_position", "given"),
        "the file records the joint's start");
  free(attr);
  H5Fclose(f);
  remove(h5);
  rmdir(dir);
  cs_rows_free(rows);
  cs_sim_free(s);
  cs_model_free(m);
}

/* "position": "centred": the journal at the bearing's centre, with the ideal velocities. */
static void four_bar_centred(void)
{
  cs_model *m = four_bar("{\"velocity\": \"ideal\", \"position\": \"centred\"},", 0.3);
  cs_sim *s = start(m);
  cs_clearance_state c;
  cs_sim_clearance(s, 0, &c);
  double qc[3], vc[3], qr[3], vr[3], rel[2], B[2];
  pose(s, "coupler", qc, vc);
  pose(s, "rocker", qr, vr);
  relative_velocity(qr, vr, qc, vc, (double[]){0.15, 0}, rel, B);
  double e = hypot(c.eccentricity[0], c.eccentricity[1]);
  printf("  centred start: eccentricity %.3g m, slip %.3g m/s\n", e, hypot(rel[0], rel[1]));
  CHECK(e < 1e-14, "the journal starts at the bearing's centre (%.3g m off)", e);
  CHECK(hypot(rel[0], rel[1]) < 1e-13 * CRANK_RATE * 0.4, "no slip at the start (%.3g m/s)",
        hypot(rel[0], rel[1]));
  cs_sim_free(s);
  cs_model_free(m);
}

/* models/slider_crank_translational.json, with its velocities or without (as if the file gave
 * none), the clearance joint's velocities ideal or given, to 12 ms. */
static cs_model *translational(int velocities, int ideal)
{
  cs_model *m = load_model("models/slider_crank_translational.json");
  for (int b = 0; b < m->nbody && !velocities; b++) {
    memset(m->bodies[b].v0, 0, sizeof m->bodies[b].v0);
    m->bodies[b].v0_written = 0;
  }
  m->clearances[0].start.ideal_velocity = ideal;
  m->solver.t_end = 0.012;
  return m;
}

static cs_sim *run_to_end(cs_model *m)
{
  cs_sim *s = start(m);
  cs_error err;
  CHECK(cs_sim_advance(s, cs_model_t_end(m), &err) == CS_OK, "runs: %s", err.message);
  return s;
}

static void slider_crank_translational(void)
{
  cs_model *shipped = translational(1, 1), *bare = translational(0, 1),
           *given = translational(0, 0);
  cs_sim *s0 = start(shipped), *s1 = start(bare);
  double q[3], v[3], qs[3], vs[3], rel[2], P[2];
  pose(s1, "rod", qs, vs);
  pose(s0, "rod", q, v);
  for (int i = 0; i < 3; i++)
    CHECK_NEAR(vs[i], v[i], 1e-12 * 523.6, "the rod's velocity is the one the file gives");
  pose(s1, "slider", qs, vs);
  pose(s0, "slider", q, v);
  /* the ideal prismatic's rows: no turn, no velocity across the guide (ground, axis x) */
  relative_velocity((double[]){0, 0, 0}, (double[]){0, 0, 0}, qs, vs, (double[]){0, 0}, rel, P);
  printf("translational start: slider (%.6g, %.3g, %.3g), the file's (%.6g, %.3g, %.3g)\n",
         vs[0], vs[1], vs[2], v[0], v[1], v[2]);
  CHECK(fabs(rel[1]) < 1e-13 && fabs(vs[2]) < 1e-12,
        "the block starts along the guide, not across it: v_y %.3g m/s, omega %.3g rad/s",
        rel[1], vs[2]);
  CHECK_NEAR(vs[0], v[0], 1e-12 * fabs(v[0]) + 1e-14, "the slider's velocity is the file's");
  cs_sim_free(s0);
  cs_sim_free(s1);
  /* centred: a block given 0.3 mm off the centre line and turned by 0.01 rad lines up */
  cs_model *off = translational(1, 1);
  int slider = cs_model_body_index(off, "slider");
  off->bodies[slider].q0[1] = 3e-4, off->bodies[slider].q0[2] = 0.01;
  off->clearances[0].start.position = CS_START_CENTRED;
  cs_sim *s3 = start(off);
  pose(s3, "slider", qs, vs);
  printf("  centred block: y %.3g m, theta %.3g rad\n", qs[1], qs[2]);
  CHECK(fabs(qs[1]) < 1e-15 && fabs(qs[2]) < 1e-14, "centred: the block on the centre line, "
        "square to it (y %.3g m, theta %.3g rad)", qs[1], qs[2]);
  cs_sim_free(s3);
  cs_model_free(off);
  s0 = run_to_end(shipped), s1 = run_to_end(bare);
  cs_sim *s2 = run_to_end(given);
  impacts a = impacts_of(s0, 0.006), b = impacts_of(s1, 0.006), c = impacts_of(s2, 0.006);
  cs_clearance_state st;
  cs_contact_event first;
  cs_sim_event(s2, 0, &first);
  cs_sim_clearance(s2, 0, &st);
  printf("  no velocities given: %d impacts, first %.6g m/s (the file's: %d, %.6g m/s), "
         "dissipated %.4g J (%.4g J)\n  given: %d impacts, first %.3g m/s %.3g m deep, "
         "dissipated %.3g J\n  warnings \"%s\"\n", b.n, b.first_v, a.n, a.first_v,
         b.dissipated, a.dissipated, c.n, c.first_v, first.max_penetration, c.dissipated,
         cs_sim_warnings(s2));
  CHECK(a.n == b.n, "as many impacts as the file's run (%d, %d)", b.n, a.n);
  CHECK_REL(b.first_v, a.first_v, 1e-6, "the first impact is the file's run's");
  CHECK_REL(b.dissipated, a.dissipated, 1e-3, "the dissipated energy is the file's run's");
  CHECK(!strstr(cs_sim_warnings(s1), "starts"), "no start warning: %s", cs_sim_warnings(s1));
  CHECK(c.first_v > 5 * a.first_v && first.max_penetration > 5e-4,
        "given: the block hits the wall at %.3g m/s, %.3g m deep", c.first_v,
        first.max_penetration);
  CHECK(strstr(cs_sim_warnings(s2), "clearance joint \"guide\" starts with its pin moving"),
        "given: warned: %s", cs_sim_warnings(s2));
  cs_sim_free(s0);
  cs_sim_free(s1);
  cs_sim_free(s2);
  cs_model_free(shipped);
  cs_model_free(bare);
  cs_model_free(given);
}

/* A ball thrown at 0.3 m/s in a fixed socket (models/ball_socket_hertz.json's). */
static cs_model *thrown_ball(const char *start)
{
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"thrown\", \"bodies\": [{\"name\": \"socket\", \"ground\": true},"
           "{\"name\": \"ball\", \"mass\": 1, \"inertia\": 0.001, \"velocity\": [0.3, 0, 0]}],"
           "\"clearance_joints\": [{\"name\": \"S\", \"type\": \"spherical\", \"body1\": "
           "\"socket\", \"body2\": \"ball\", \"pin_radius\": 0.05, \"hole_radius\": 0.0505, %s%s"
           "\"materials\": [{\"E\": 2.068e11, \"nu\": 0.29}, {\"E\": 2.068e11, \"nu\": 0.29}],"
           "\"contact\": {\"elastic\": {\"model\": \"hertz\"}, \"damping\": {\"model\": "
           "\"kelvin_voigt\", \"c\": 0}}}], \"solver\": {\"t_end\": 0.004}}",
           start ? "\"start\": " : "", start ? start : "");
  return load_model_string(json, "<ball>");
}

static void ball_thrown(void)
{
  cs_model *held = thrown_ball(NULL), *thrown = thrown_ball("\"given\",");
  cs_sim *s = start(held), *t = start(thrown);
  double q[3], v[3], qt[3], vt[3];
  pose(s, "ball", q, v);
  pose(t, "ball", qt, vt);
  printf("thrown ball: default start v = (%.3g, %.3g), given (%.3g, %.3g)\n  warnings \"%s\" | "
         "\"%s\"\n", v[0], v[1], vt[0], vt[1], cs_sim_warnings(s), cs_sim_warnings(t));
  CHECK(hypot(v[0], v[1]) < 1e-15, "the ideal start holds the ball (%.3g m/s)", v[0]);
  CHECK(strstr(cs_sim_warnings(s), "clearance joint \"S\" starts as its ideal joint") &&
            strstr(cs_sim_warnings(s), "\"start\": \"given\" keeps them"),
        "and says it replaced the given velocity: %s", cs_sim_warnings(s));
  CHECK_NEAR(vt[0], 0.3, 0, "\"given\" keeps the throw");
  CHECK(cs_sim_warnings(t)[0] == '\0', "a throw the model gives is taken at its word: %s",
        cs_sim_warnings(t));
  cs_sim_free(s);
  cs_sim_free(t);
  cs_model_free(held);
  cs_model_free(thrown);
}

static void loader_words(void)
{
#define PIN(name, kind, keys, start)                                                          \
  "{\"name\": \"" name "\", \"type\": \"" kind "\", \"body1\": \"g\", \"body2\": \"" name     \
  "\", \"pin_radius\": 0.01, " keys start "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, "      \
  "{\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "                      \
  "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}}"
#define ROUND "\"hole_radius\": 0.011, \"length\": 0.01, "
#define BALL(name) "{\"name\": \"" name "\", \"mass\": 1, \"inertia\": 1e-4}"
  static const char json[] =
    "{\"name\": \"words\", \"clearance_start\": {\"velocity\": \"given\", \"position\": "
    "\"centred\"}, \"bodies\": [{\"name\": \"g\", \"ground\": true}, " BALL("a") ", " BALL("b")
    ", " BALL("c") ", " BALL("d") "], \"clearance_joints\": ["
    PIN("a", "revolute", ROUND, "") ", "
    PIN("b", "revolute", ROUND, "\"start\": \"ideal\", ") ", "
    PIN("c", "revolute", ROUND, "\"start\": {\"position\": \"given\"}, ") ", "
    PIN("d", "slot", "\"length\": 0.01, \"axis\": [1, 0], \"half_length\": 0.02, "
        "\"half_width\": 0.011, ", "") "]}";
  cs_model *m = load_model_string(json, "<words>");
  static const int want[4][2] = {{0, 1}, {1, 1}, {0, 0}, {0, 0}};
  for (int k = 0; k < 4; k++)
    CHECK(m->clearances[k].start.ideal_velocity == want[k][0] &&
              m->clearances[k].start.position == want[k][1],
          "joint %s: velocity %s, position %s", m->clearances[k].name,
          m->clearances[k].start.ideal_velocity ? "ideal" : "given",
          m->clearances[k].start.position ? "centred" : "given");
  cs_model_free(m);
  /* without clearance_start: ideal velocities, positions as given */
  cs_model *d = four_bar(NULL, 0.3);
  CHECK(d->clearances[0].start.ideal_velocity && !d->clearances[0].start.position,
        "the default start: ideal velocities, given positions");
  cs_model_free(d);
}

static const double HANG_K = 1e10, HANG_N = 1.5, HANG_C = 1e-4;

/* A 1 kg pin body given at (3e-5, 2e-5) in a bearing fixed to the ground turned by 0.7 rad,
 * gravity g_y, starting resting: a revolute or a spherical clearance joint of c = 0.1 mm. */
static cs_model *hanging(const char *type, double gy)
{
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"hanging\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"hole\", "
           "\"ground\": true, \"position\": [0, 0, 0.7]}, {\"name\": \"pin\", \"mass\": 1, "
           "\"inertia\": 1e-4, \"position\": [3e-5, 2e-5, 0]}], \"clearance_joints\": [{\"name\": "
           "\"J\", \"type\": \"%s\", \"body1\": \"hole\", \"body2\": \"pin\", \"pin_radius\": "
           "0.0099, \"hole_radius\": 0.01, %s\"start\": {\"velocity\": \"ideal\", \"position\": "
           "\"resting\"}, \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, "
           "\"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": %g, "
           "\"n\": %g}, \"damping\": {\"model\": \"lankarani_nikravesh\"}, \"restitution\": "
           "{\"model\": \"constant\", \"cr\": 0.9}}}], \"solver\": {\"t_end\": 0.2, \"rtol\": "
           "1e-6, \"atol\": 1e-9}, \"output\": {\"interval\": 0.01}}",
           gy, type, strcmp(type, "revolute") ? "" : "\"length\": 0.04, ", HANG_K, HANG_N);
  return load_model_string(json, "<hanging>");
}

static void resting_hanging(const char *type)
{
  cs_model *m = hanging(type, -9.81);
  cs_sim *s = start(m);
  double q[3], v[3];
  cs_clearance_state c;
  pose(s, "pin", q, v);
  cs_sim_clearance(s, 0, &c);
  printf("resting %s: pin at (%.3g, %.9g) m, δ %.3g m, eccentricity (%.6g, %.6g) in the "
         "bearing's frame\n", type, q[0], q[1], c.penetration, c.eccentricity[0],
         c.eccentricity[1]);
  CHECK(fabs(q[0]) < 1e-18 && fabs(q[1] + HANG_C) < 1e-12 * HANG_C,
        "%s: the pin starts straight below the centre, c down (%.3g, %.9g)", type, q[0], q[1]);
  CHECK(fabs(c.penetration) < 1e-12 * HANG_C, "%s: on the wall, δ = %.3g m", type,
        c.penetration);
  CHECK_NEAR(c.eccentricity[0], -HANG_C * sin(0.7), 1e-12 * HANG_C,
             "the eccentricity in the turned bearing's frame (x)");
  CHECK_NEAR(c.eccentricity[1], -HANG_C * cos(0.7), 1e-12 * HANG_C,
             "the eccentricity in the turned bearing's frame (y)");
  CHECK(hypot(v[0], v[1]) == 0.0, "%s: at rest", type);
  cs_error err;
  CHECK(cs_sim_advance(s, 0.2, &err) == CS_OK, "%s: runs: %s", type, err.message);
  cs_sim_clearance(s, 0, &c);
  double d_static = pow(9.81 / HANG_K, 1.0 / HANG_N);
  cs_contact_event e = {0};
  int n = cs_sim_event_count(s);
  if (n > 0)
    cs_sim_event(s, 0, &e);
  printf("  after 0.2 s: δ %.9g m (static %.9g), %d contact(s), the first from t = %g s\n",
         c.penetration, d_static, n, e.t_on);
  CHECK_REL(c.penetration, d_static, 1e-5, "rests at K δ^n = m g");
  CHECK(n == 1 && e.t_on == 0.0 && isnan(e.t_off), "%s: one contact, open from t = 0 (%d, "
        "from %g s to %g s)", type, n, e.t_on, e.t_off);
  cs_sim_free(s);
  cs_model_free(m);
}

/* The ideal slider-crank's joint C (rod, slider) at t0: the force the rod exerts on the slider,
 * the multipliers' sign fixed by the slider's x equation. */
static void ideal_slider_force(double F[2])
{
  cs_model *m = load_model("models/slider_crank.json");
  cs_sim *s = start(m);
  int C = -1, slider = cs_model_body_index(m, "slider");
  for (int k = 0; k < m->njoint; k++)
    C = strcmp(m->joints[k].name, "C") ? C : k;
  double lx = cs_sim_lambda(s, m->joints[C].row0), ly = cs_sim_lambda(s, m->joints[C].row0 + 1),
         a[3], max = m->bodies[slider].mass;
  cs_sim_body_acceleration(s, slider, a);
  double sign = lx * max * a[0] < 0 ? -1.0 : 1.0; /* M a = Q − Φqᵀλ: the slider's x */
  F[0] = sign * lx, F[1] = sign * ly;
  printf("ideal slider-crank at t0: joint C's rod on the slider (%.9g, %.9g) N, m a_x %.9g N\n",
         F[0], F[1], max * a[0]);
  CHECK_REL(F[0], max * a[0], 1e-9, "the guide carries no x force: F_x = m a_x");
  cs_sim_free(s);
  cs_model_free(m);
}

static void resting_slider_crank(void)
{
  double F[2];
  ideal_slider_force(F);
  cs_model *m = load_model("models/slider_crank_clearance.json");
  m->clearances[0].start = (cs_clearance_start){1, CS_START_RESTING};
  m->solver.t_end = 0.001;
  cs_sim *s = start(m);
  cs_clearance_state c;
  cs_sim_clearance(s, 0, &c);
  double cl = cs_model_clearance_size(m, 0), e = hypot(c.eccentricity[0], c.eccentricity[1]),
         Fn = hypot(F[0], F[1]);
  /* the pin presses the way the rod pushes the slider: e = c F / |F| (the slider unturned) */
  double off = hypot(c.eccentricity[0] / e - F[0] / Fn, c.eccentricity[1] / e - F[1] / Fn);
  printf("  resting: eccentricity (%.9g, %.6g) m, |e|/c − 1 = %.3g, %.3g rad off the "
         "reaction's line, δ %.3g m\n", c.eccentricity[0], c.eccentricity[1], e / cl - 1, off,
         c.penetration);
  CHECK(fabs(e / cl - 1) < 1e-12, "|e| = c (%.3g relative)", e / cl - 1);
  CHECK(off < 1e-9, "e along the rod's force on the slider (%.3g rad off)", off);
  cs_error err;
  CHECK(cs_sim_advance(s, 0.001, &err) == CS_OK, "runs: %s", err.message);
  cs_contact_event first = {0};
  CHECK(cs_sim_event_count(s) >= 1, "a contact (%d)", cs_sim_event_count(s));
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &first);
  printf("  first contact from t = %g s to %g s, %.3g N\n", first.t_on, first.t_off,
         first.max_force);
  CHECK(first.t_on == 0.0 && !(first.t_off < 1e-6), "the first contact opens at t0 and "
        "carries the load (%g s to %g s)", first.t_on, first.t_off);
  cs_sim_free(s);
  cs_model_free(m);
}

/* No gravity, at rest: the ideal joint carries nothing, so there is no side to rest on. */
static void resting_without_load(void)
{
  cs_model *m = hanging("revolute", 0.0);
  cs_sim *s = NULL;
  cs_error err = {0};
  cs_status st = cs_sim_create(m, &s, &err);
  printf("resting without load: %s\n", err.message);
  CHECK(st == CS_ERR_ASSEMBLY && !s, "refused (status %d)", st);
  CHECK(strstr(err.message, "clearance joint \"J\" (/clearance_joints/0) starts resting") &&
            strstr(err.message, "no load to rest under") &&
            strstr(err.message, "\"centred\" or \"given\""),
        "says why and the way out: %s", err.message);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  four_bar_ideal_velocities();
  four_bar_given_warns();
  four_bar_centred();
  slider_crank_translational();
  ball_thrown();
  loader_words();
  resting_hanging("revolute");
  resting_hanging("spherical");
  resting_slider_crank();
  resting_without_load();
  return cs_test_finish();
}
