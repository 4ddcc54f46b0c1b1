/* Archard wear of a revolute clearance joint (issue 15's verification):
 * - a journal pressed by a constant load against its dry bearing, spinning at ω with
 *   friction: worn volume = k/H · mean(F_n) · R ω · T, the depth profile where the contact sat
 *   and nowhere else, and its integral the worn volume;
 * - with feedback (the gap less the depth profile), the journal sinks by the depth under it;
 *   a second run started from the profile the first wrote (HDF5) sits in the same groove;
 * - the worn gap's contact-force Jacobian against differences. */
#include "cs_test_clearance.h"

#include <unistd.h>

static const double Rj = 0.01, c = 50e-6, Lj = 0.02, omega = 10.0, load = 100.0, T = 1.0,
                    hardness = 2e9;

/* A journal pressed down by `load`, spinning at ω in a fixed, dry bearing with friction. Two
 * stiff dampers hold its centre as a housing would (2e4 N·s/m along x and y, no force at
 * rest): without them the journal swings along the wall undamped (the saturated friction is
 * a constant force) and rings after every update of the worn gap (measured: 240,000 steps,
 * 12,800 with them). */
static cs_model *pressed(double k, int feedback, const char *extra)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"pressed\", \"bodies\": [{\"name\": \"bearing\", \"ground\": true},"
           "{\"name\": \"journal\", \"mass\": 1, \"inertia\": 5e-5, \"position\": [0, %.17g, 0],"
           " \"velocity\": [0, 0, %.17g]}],"
           "\"drivers\": [{\"name\": \"spin\", \"type\": \"angle\", \"body\": \"journal\", "
           "\"motion\": {\"velocity\": %.17g}}],"
           "\"forces\": [{\"name\": \"press\", \"type\": \"force\", \"body\": \"journal\", "
           "\"force\": [0, %.17g]},"
           "{\"name\": \"damp_x\", \"type\": \"spring\", \"body1\": \"bearing\", \"body2\": "
           "\"journal\", \"point1\": [1, 0], \"free_length\": 1, \"damping\": 2e4},"
           "{\"name\": \"damp_y\", \"type\": \"spring\", \"body1\": \"bearing\", \"body2\": "
           "\"journal\", \"point1\": [0, 1], \"free_length\": 1, \"damping\": 2e4}],"
           "\"clearance_joints\": [{\"name\": \"J\", \"type\": \"revolute\", \"body1\": "
           "\"bearing\", \"body2\": \"journal\", \"pin_radius\": %.17g, \"hole_radius\": %.17g,"
           " \"length\": %.17g, \"materials\": [" STEEL ", " STEEL "], \"contact\": "
           "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.3},"
           " \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 1e-3}},"
           "\"wear\": {\"model\": \"archard\", \"k\": %.17g, \"hardness\": %.17g, "
           "\"feedback\": %s%s}}],"
           "\"solver\": {\"t_end\": %.17g, \"rtol\": 1e-8, \"atol\": 1e-12},"
           "\"output\": {\"interval\": 1e-3}}",
           -0.9 * c, omega, omega, -load, Rj, Rj + c, Lj, k, hardness, feedback ? "true" : "false",
           extra, T);
  cs_model *m = load_model_string(json, "<pressed>");
  return m;
}

typedef struct run {
  double volume, mean_Fn, ecc, angle, depth_under, deepest, profile_volume, share_near;
  double balance, dissipated;
  int bins;
  double depth[4096];
} run;

/* The profile at θ as the gap reads it (joints/tribology/cs_wear.h): the periodic cubic B-spline whose
 * values at the nodes 2π i / bins are the written depths (its weights solved for here by
 * Jacobi sweeps, independently of the library's Gauss-Seidel). */
static double depth_at(const run *r, double theta)
{
  int n = r->bins;
  static double c[4096], next[4096];
  for (int i = 0; i < n; i++)
    c[i] = r->depth[i];
  for (int sweep = 0; sweep < 400; sweep++) {
    for (int i = 0; i < n; i++)
      next[i] = (6 * r->depth[i] - c[(i + n - 1) % n] - c[(i + 1) % n]) / 4;
    memcpy(c, next, (size_t)n * sizeof *c);
  }
  double x = remainder(theta, 2 * M_PI);
  x = (x < 0 ? x + 2 * M_PI : x) * n / (2 * M_PI);
  int i = (int)x % n;
  double s = x - i, u = 1 - s;
  return (u * u * u * c[(i + n - 1) % n] + (3 * s * s * s - 6 * s * s + 4) * c[i] +
          (-3 * s * s * s + 3 * s * s + 3 * s + 1) * c[(i + 1) % n] +
          s * s * s * c[(i + 2) % n]) / 6;
}

/* Run to T, writing `h5` (NULL: no file); the time-mean of F_n by the trapezoid rule over
 * the output rows. */
static void go(cs_model *m, const char *h5, run *r)
{
  cs_sim *s = run_mean_force(m, h5, &r->mean_Fn);
  cs_clearance_state st;
  cs_sim_clearance(s, 0, &st);
  cs_energy e;
  cs_sim_energy(s, &e);
  r->balance = e.balance_error;
  r->dissipated = e.dissipated;
  r->volume = st.wear_volume;
  r->ecc = hypot(st.eccentricity[0], st.eccentricity[1]);
  r->angle = atan2(st.eccentricity[1], st.eccentricity[0]);
  r->bins = cs_sim_clearance_wear(s, 0, r->depth, 4096);
  const cs_clearance *def = &m->clearances[0];
  double h = 2 * M_PI / r->bins, strip = def->hole_radius * def->length * h, near = 0;
  r->profile_volume = 0;
  for (int b = 0; b < r->bins; b++) {
    r->profile_volume += r->depth[b] * strip;
    double off = remainder(b * h - r->angle, 2 * M_PI);
    if (fabs(off) < 0.1) /* within ±0.1 rad (±1 mm of the bore) of where the contact sat */
      near += r->depth[b] * strip;
  }
  r->share_near = near / fmax(r->profile_volume, 1e-300);
  r->depth_under = depth_at(r, r->angle);
  r->deepest = 0;
  for (int b = 0; b < r->bins; b++)
    r->deepest = fmax(r->deepest, r->depth[b]);
  cs_sim_free(s);
}

static void volume(void)
{
  const double k = 1e-4;
  cs_model *m = pressed(k, 0, "");
  run r;
  go(m, NULL, &r);
  double want = k / hardness * r.mean_Fn * Rj * omega * T;
  printf("volume %.6g m^3, k/H mean(Fn) R w T %.6g (mean Fn %.5g N); profile holds %.6g; "
         "%.4f of it within 0.1 rad of the contact (angle %.4f rad)\n",
         r.volume, want, r.mean_Fn, r.profile_volume, r.share_near, r.angle);
  CHECK_REL(r.volume, want, 0.01, "worn volume = k/H mean(F_n) R omega T");
  CHECK_REL(r.profile_volume, r.volume, 1e-9, "the depth profile holds the worn volume");
  CHECK(r.share_near > 0.999, "the profile sits where the contact sat (%.6f)", r.share_near);
  /* friction turns the journal up the wall against its spin: the contact sits below, on the
   * side the wall's friction pushes it to (tan of the tilt = mu) */
  CHECK_NEAR(r.angle, -M_PI / 2 - atan(0.1), 0.01, "contact angle: tilted by atan(mu)");
  cs_model_free(m);
}

/* With feedback, the journal sinks by the depth under it; a run started from that profile
 * sits in the groove at once, and wears it deeper. The gap takes the profile whenever it has
 * grown by 1e-3 c (cs_wear.h), so the sink may lag the depth by that much. */
static void feedback(void)
{
  const double k = 3e-3, lag = 1e-3 * c; /* accelerated wear: a groove of c/10 in 1 s */
  char h5[] = "/tmp/cs_test_wear_XXXXXX";
  int fd = mkstemp(h5);
  if (fd >= 0)
    close(fd);
  cs_model *ma = pressed(k, 0, ""), *mb = pressed(k, 1, "");
  run a, b, c2;
  go(ma, NULL, &a);
  go(mb, h5, &b);
  printf("feedback: without, |e| %.6g m; with, %.6g m: sank %.5g m, the depth under it "
         "%.5g m (deepest %.5g m)\n", a.ecc, b.ecc, b.ecc - a.ecc, b.depth_under, b.deepest);
  CHECK(b.depth_under > 0.05 * c, "a groove of a tenth of the clearance (%.3g m)",
        b.depth_under);
  CHECK_NEAR(b.ecc - a.ecc, b.depth_under, 0.01 * b.depth_under + lag,
             "feedback: the clearance grows by the depth under the journal");
  CHECK_REL(b.volume, k / hardness * b.mean_Fn * Rj * omega * T, 0.01,
            "feedback: worn volume = k/H mean(F_n) R omega T");
  /* the strain energy a deeper gap lets go is the wear's: booked as dissipated */
  CHECK(fabs(b.balance) < 1e-6 * b.dissipated, "feedback: energy books balance (%.3g of %.3g J)",
        b.balance, b.dissipated);
  /* the next run from the profile the first wrote */
  char extra[600];
  snprintf(extra, sizeof extra, ", \"initial_profile\": \"%s\"", h5);
  cs_model *mc = pressed(k, 1, extra);
  go(mc, NULL, &c2);
  double in_groove = depth_at(&b, c2.angle) / b.deepest;
  printf("from the file: |e| %.6g m at angle %.5f (first run %.5f), where the first run's "
         "groove is %.3f of its deepest; depth under it now %.5g m, volume %.4g (+%.4g this "
         "run)\n", c2.ecc, c2.angle, b.angle, in_groove, c2.depth_under, c2.profile_volume,
         c2.volume);
  CHECK(in_groove > 0.5, "the next run's contact sits in the groove (%.3f)", in_groove);
  CHECK_NEAR(c2.ecc - a.ecc, c2.depth_under, 0.01 * c2.depth_under + lag,
             "the next run: clearance grown by the depth under the journal");
  CHECK_REL(c2.profile_volume, b.volume + c2.volume, 1e-9,
            "the next run's profile: the first run's wear and its own");
  remove(h5);
  cs_model_free(ma);
  cs_model_free(mb);
  cs_model_free(mc);
}

/* The worn gap's derivatives through the contact forces: a smooth worn profile given inline. */
static void jacobians(void)
{
  char joint[8192], list[6000] = "";
  for (int i = 0; i < 36; i++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%.17g", i ? ", " : "",
             4e-7 * (1 + sin(3.0 * i * 2 * M_PI / 36)) + 1e-7 * (1 + cos(i * 2 * M_PI / 36)));
  snprintf(joint, sizeof joint,
           "\"type\": \"revolute\", \"pin_radius\": 0.01, \"hole_radius\": 0.01005, "
           "\"length\": 0.02, \"point1\": [0.02, -0.01], \"point2\": [-0.03, 0.015], "
           "\"wear\": {\"model\": \"archard\", \"k\": 1e-4, \"hardness\": 2e9, "
           "\"initial_depth\": [%s]}", list);
  static const char *const contact =
    "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
    "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.9}, "
    "\"friction\": {\"model\": \"coulomb\", \"mu\": 0.1}}";
  const double where[][2] = {{0.02 + 36.5e-6, -0.01 - 38e-6}, {0.02 - 55e-6, -0.01 + 3e-6}};
  jacobian_case("worn gap, 1", joint, contact, where[0]);
  jacobian_case("worn gap, 2", joint, contact, where[1]);
}

int main(void)
{
  jacobians();
  volume();
  feedback();
  return cs_test_finish();
}
