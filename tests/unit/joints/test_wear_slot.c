/* Archard wear along a slot's wall (issue 15; joints/tribology/cs_wear.h, clearance_contour.c):
 * - the wall's arc length s(p) of a straight and a curved slot, continuous from region to
 *   region, with ∂s/∂p and ∂²s/∂p² against differences;
 * - the worn gap's contact-force Jacobians on a track and on a cap;
 * - a pin pressed by a constant load against the lower track, sliding along it at v with
 *   friction: worn volume = k/H · mean(F_n) · v · T, all of it on the travelled stretch of the
 *   lower track, its depth there k F_n / (H L) (each point of the track passes under the whole
 *   contact patch once);
 * - a pin pressed into an end cap and spun at ω: volume = k/H · mean(F_n) · R_pin ω · T,
 *   at the cap's middle;
 * - with feedback, a second run started from the first's file (HDF5) finds the pin sunk into
 *   the groove by its depth. */
#include "cs_test_clearance.h"
#include "cs_wear.h"

#include <unistd.h>

static const double a = 0.03, w = 0.005, c = 50e-6, Lz = 0.01, load = 100.0, hardness = 2e9;

/* ---------------------------------------------------------------- the contour ------------ */

static void contour_derivatives(const cs_clearance *k, const double p[2], int region,
                                const char *label)
{
  cs_contour ct, cp, cm;
  cs_contour_at(k, p, region, &ct);
  const double h = 1e-9;
  double worst_g = 0, worst_h = 0, scale = fmax(1.0, hypot(ct.grad[0], ct.grad[1]));
  for (int j = 0; j < 2; j++) {
    double x[2] = {p[0], p[1]};
    x[j] += h;
    cs_contour_at(k, x, region, &cp);
    x[j] -= 2 * h;
    cs_contour_at(k, x, region, &cm);
    worst_g = fmax(worst_g, fabs((cp.s - cm.s) / (2 * h) - ct.grad[j]) / scale);
    for (int i = 0; i < 2; i++)
      worst_h = fmax(worst_h, fabs((cp.grad[i] - cm.grad[i]) / (2 * h) - ct.hess[2 * i + j]) /
                                fmax(1.0, fabs(ct.hess[2 * i + j])));
  }
  printf("%-26s s %.6f m, |grad| %.6f; grad off %.2e, hess off %.2e\n", label, ct.s,
         hypot(ct.grad[0], ct.grad[1]), worst_g, worst_h);
  CHECK(worst_g < 1e-6, "%s: ds/dp against differences (%.3g)", label, worst_g);
  CHECK(worst_h < 1e-5, "%s: d2s/dp2 against differences (%.3g)", label, worst_h);
}

/* s of the pin centre p in the region the gap function gives */
static double s_of(const cs_clearance *k, double x, double y)
{
  double p[2] = {x, y};
  cs_gap g;
  cs_contour ct;
  cs_clearance_gap(k, p, &g);
  cs_contour_at(k, p, g.region, &ct);
  return ct.s;
}

/* Walk the pin along the wall (touching it) and check that s goes once round, continuously,
 * from 0 to the contour's length, growing as the walk goes counter-clockwise. */
static void contour_walk(const cs_clearance *k, const char *label, void (*at)(const cs_clearance *,
                                                                               double, double[2]))
{
  double P = cs_contour_length(k), last = -1, jump = 0, first = 0;
  int n = 20000, backwards = 0;
  for (int i = 0; i <= n; i++) {
    double p[2];
    at(k, (double)i / n, p);
    double s = s_of(k, p[0], p[1]);
    if (i == 0)
      first = s;
    else {
      double ds = s - last;
      ds -= P * round(ds / P);
      jump = fmax(jump, fabs(ds));
      backwards += ds < 0;
    }
    last = s;
  }
  printf("%-26s P %.6f m: start s %.3g, largest step %.3g m (walk step %.3g), %d backwards\n",
         label, P, first, jump, P / n, backwards);
  CHECK(fabs(first) < 1e-9 || fabs(first - P) < 1e-9, "%s: the contour starts at s = 0", label);
  CHECK(jump < 3.0 * P / n, "%s: s continuous round the wall (largest step %.3g)", label, jump);
  CHECK(backwards == 0, "%s: s grows counter-clockwise (%d steps back)", label, backwards);
}

/* a pin touching the straight slot's wall at the fraction f of the way round, from the lower
 * track's rear end: the wall point less the pin radius along the normal */
static void slot_walk(const cs_clearance *k, double f, double p[2])
{
  double P = cs_contour_length(k), s = f * P, rp = k->pin_radius, r = w - rp;
  double x, y;
  if (s < 2 * a)
    x = s - a, y = -r;
  else if (s < 2 * a + M_PI * w) {
    double phi = -M_PI / 2 + (s - 2 * a) / w;
    x = a + r * cos(phi), y = r * sin(phi);
  } else if (s < 4 * a + M_PI * w)
    x = a - (s - 2 * a - M_PI * w), y = r;
  else {
    double phi = M_PI / 2 + (s - 4 * a - M_PI * w) / w;
    x = -a + r * cos(phi), y = r * sin(phi);
  }
  p[0] = k->point[0][0] + x * k->axis[0] - y * k->axis[1];
  p[1] = k->point[0][1] + x * k->axis[1] + y * k->axis[0];
}

/* the same for the curved slot (mean radius Rm, half angle β) */
static void curved_walk(const cs_clearance *k, double f, double p[2])
{
  double Rm = k->mean_radius, hw = k->half_width, beta = k->half_angle, rp = k->pin_radius;
  double Ro = Rm + hw, Ri = Rm - hw, r = hw - rp, s = f * cs_contour_length(k), x, y;
  if (s < 2 * beta * Ro) {
    double phi = -beta + s / Ro;
    x = (Rm + r) * cos(phi), y = (Rm + r) * sin(phi);
  } else if (s < 2 * beta * Ro + M_PI * hw) {
    double psi = beta + (s - 2 * beta * Ro) / hw;
    x = Rm * cos(beta) + r * cos(psi), y = Rm * sin(beta) + r * sin(psi);
  } else if (s < 2 * beta * (Ro + Ri) + M_PI * hw) {
    double phi = beta - (s - 2 * beta * Ro - M_PI * hw) / Ri;
    x = (Rm - r) * cos(phi), y = (Rm - r) * sin(phi);
  } else {
    double psi = M_PI - beta + (s - 2 * beta * (Ro + Ri) - M_PI * hw) / hw;
    x = Rm * cos(beta) + r * cos(psi), y = -Rm * sin(beta) + r * sin(psi);
  }
  p[0] = k->point[0][0] + x * k->axis[0] - y * k->axis[1];
  p[1] = k->point[0][1] + x * k->axis[1] + y * k->axis[0];
}

static const char *const contact_block =
  "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
  "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.9}, "
  "\"friction\": {\"model\": \"coulomb\", \"mu\": 0.1}}";

static const char *const straight =
  "\"type\": \"slot\", \"pin_radius\": 0.00495, \"half_width\": 0.005, \"half_length\": 0.03, "
  "\"length\": 0.01, \"axis\": [0.6, 0.8], \"point1\": [0.02, -0.01], \"point2\": [-0.03, 0.015]";
static const char *const curved =
  "\"type\": \"curved_slot\", \"pin_radius\": 0.00495, \"half_width\": 0.005, "
  "\"mean_radius\": 0.06, \"half_angle\": 0.8, \"length\": 0.01, \"axis\": [0.6, 0.8], "
  "\"point1\": [0.02, -0.01], \"point2\": [-0.03, 0.015]";

static void contour(void)
{
  cs_model *ms = two_bodies(straight, contact_block), *mc = two_bodies(curved, contact_block);
  const cs_clearance *ks = &ms->clearances[0], *kc = &mc->clearances[0];
  contour_walk(ks, "slot", slot_walk);
  contour_walk(kc, "curved slot", curved_walk);
  static const double f[] = {0.1, 0.35, 0.6, 0.9};
  static const char *const where[] = {"lower track", "front cap", "upper track", "rear cap"};
  static const char *const cwhere[] = {"outer track", "+beta cap", "inner track", "-beta cap"};
  char label[64];
  for (int i = 0; i < 4; i++) {
    double p[2];
    cs_gap g;
    slot_walk(ks, f[i], p);
    cs_clearance_gap(ks, p, &g);
    snprintf(label, sizeof label, "slot, %s", where[i]);
    contour_derivatives(ks, p, g.region, label);
    curved_walk(kc, f[i] == 0.35 ? 0.52 : f[i] == 0.9 ? 0.98 : f[i], p);
    cs_clearance_gap(kc, p, &g);
    snprintf(label, sizeof label, "curved slot, %s", cwhere[i]);
    contour_derivatives(kc, p, g.region, label);
  }
  cs_model_free(ms);
  cs_model_free(mc);
}

/* The worn gap's derivatives through the contact forces at four places round the slot `shape`
 * (walked by `walk`), 3 µm into the unworn wall (into the worn one, too); `label` formats the
 * place's fraction. */
static void worn_jacobians(const char *shape, void (*walk)(const cs_clearance *, double, double *),
                           const double f[4], const char *label, const char *depths)
{
  char joint[16384];
  snprintf(joint, sizeof joint, "%s, \"wear\": {\"model\": \"archard\", \"k\": 1e-4, "
           "\"hardness\": 2e9, \"initial_depth\": [%s]}", shape, depths);
  cs_model *m = two_bodies(joint, contact_block);
  for (int i = 0; i < 4; i++) {
    double p[2];
    cs_gap g;
    walk(&m->clearances[0], f[i], p);
    cs_clearance_gap(&m->clearances[0], p, &g);
    p[0] += 3e-6 * g.grad[0];
    p[1] += 3e-6 * g.grad[1];
    char name[64];
    snprintf(name, sizeof name, label, f[i]);
    jacobian_case(name, joint, contact_block, p);
  }
  cs_model_free(m);
}

/* The worn gap's derivatives through the contact forces, a smooth profile given inline. */
static void jacobians(void)
{
  char list[12000] = "";
  int n = 90;
  for (int i = 0; i < n; i++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%.17g", i ? ", " : "",
             4e-7 * (1 + sin(5.0 * i * 2 * M_PI / n)) + 1e-7 * (1 + cos(i * 2 * M_PI / n)));
  worn_jacobians(straight, slot_walk, (const double[]){0.13, 0.33, 0.62, 0.88},
                 "worn slot, %.2f round", list);
  worn_jacobians(curved, curved_walk, (const double[]){0.2, 0.52, 0.7, 0.98},
                 "worn curved slot, %.2f", list);
}

/* ---------------------------------------------------------------- runs ------------------ */

/* A pin (1 kg) in a fixed slot along x (half length 30 mm, width 10 mm, clearance 50 µm,
 * L 10 mm), pressed by `press` [N], its x driven from x0 at v (or free when v is NAN), its
 * angle driven at ω; stiff dampers (2e4 N·s/m, no force at rest) hold it as a guide would.
 * The dampers hang from 1 km away so that sliding along x hardly turns them (their pull on a
 * pin 20 mm aside is 2e-5 of their force). */
static cs_model *slot_model(double k, int feedback, const double press[2], double x0, double y0,
                            double v, double omega, int bins, double T, const char *extra)
{
  char json[8192], slide[512] = "";
  if (!isnan(v))
    snprintf(slide, sizeof slide,
             "{\"name\": \"slide\", \"type\": \"translation\", \"body\": \"pin\", \"axis\": [1, 0],"
             " \"motion\": {\"initial\": %.17g, \"velocity\": %.17g}}, ", x0, v);
  snprintf(json, sizeof json,
           "{\"name\": \"slotwear\", \"bodies\": [{\"name\": \"frame\", \"ground\": true},"
           "{\"name\": \"pin\", \"mass\": 1, \"inertia\": 5e-5, \"position\": [%.17g, %.17g, 0],"
           " \"velocity\": [%.17g, 0, %.17g]}],"
           "\"drivers\": [%s{\"name\": \"spin\", \"type\": \"angle\", \"body\": \"pin\", "
           "\"motion\": {\"velocity\": %.17g}}],"
           "\"forces\": [{\"name\": \"press\", \"type\": \"force\", \"body\": \"pin\", "
           "\"force\": [%.17g, %.17g]},"
           "{\"name\": \"damp_y\", \"type\": \"spring\", \"body1\": \"frame\", \"body2\": "
           "\"pin\", \"point1\": [0, 1000], \"free_length\": 1000, \"damping\": 2e4}%s],"
           "\"clearance_joints\": [{\"name\": \"S\", \"type\": \"slot\", \"body1\": \"frame\", "
           "\"body2\": \"pin\", \"axis\": [1, 0], \"half_length\": %.17g, \"half_width\": %.17g,"
           " \"pin_radius\": %.17g, \"length\": %.17g, \"materials\": [" STEEL ", " STEEL "], "
           "\"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
           "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", "
           "\"cr\": 0.3}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 1e-3}},"
           "\"wear\": {\"model\": \"archard\", \"k\": %.17g, \"hardness\": %.17g, \"bins\": %d, "
           "\"feedback\": %s%s}}],"
           "\"solver\": {\"t_end\": %.17g, \"rtol\": 1e-8, \"atol\": 1e-12},"
           "\"output\": {\"interval\": 1e-3}}",
           x0, y0, isnan(v) ? 0.0 : v, omega, slide, omega, press[0], press[1],
           isnan(v) ? ", {\"name\": \"damp_x\", \"type\": \"spring\", \"body1\": \"frame\", "
                      "\"body2\": \"pin\", \"point1\": [1000, 0], \"free_length\": 1000, "
                      "\"damping\": 2e4}" : "",
           a, w, w - c, Lz, k, hardness, bins, feedback ? "true" : "false", extra, T);
  return load_model_string(json, "<slot wear>");
}

typedef struct run {
  double volume, mean_Fn, x, y, P, balance, dissipated;
  int bins;
  double depth[4096];
} run;

static void go(cs_model *m, const char *h5, run *r)
{
  cs_sim *s = run_mean_force(m, h5, &r->mean_Fn);
  cs_clearance_state st;
  cs_sim_clearance(s, 0, &st);
  r->volume = st.wear_volume;
  cs_energy e;
  cs_sim_energy(s, &e);
  r->balance = e.balance_error;
  r->dissipated = e.dissipated;
  r->x = st.eccentricity[0];
  r->y = st.eccentricity[1];
  r->bins = cs_sim_clearance_wear(s, 0, r->depth, 4096);
  r->P = cs_model_clearance_wall_length(m, 0);
  cs_sim_free(s);
}

/* the profile's volume over the nodes with s in [lo, hi], and in all */
static double volume_in(const run *r, double lo, double hi, double *all)
{
  double h = r->P / r->bins, in = 0;
  *all = 0;
  for (int i = 0; i < r->bins; i++) {
    double v = r->depth[i] * h * Lz;
    *all += v;
    if (i * h >= lo && i * h <= hi)
      in += v;
  }
  return in;
}

static void sliding(void)
{
  const double k = 1e-4, v = 0.04, T = 1.0, x0 = -0.02, press[2] = {0, -load};
  cs_model *m = slot_model(k, 0, press, x0, -0.9 * c, v, 0.0, 1200, T, "");
  run r;
  go(m, NULL, &r);
  double want = k / hardness * r.mean_Fn * v * T, all;
  /* the lower track's stretch the contact went over: s = a + x, x from x0 to x0 + v T, and
   * a node spacing either side */
  double h = r.P / r.bins, in = volume_in(&r, a + x0 - h, a + x0 + v * T + h, &all);
  printf("sliding: volume %.6g m^3, k/H mean(Fn) v T %.6g (mean Fn %.5g N); profile %.6g, "
         "%.6f of it on the travelled stretch\n", r.volume, want, r.mean_Fn, all, in / all);
  CHECK_REL(r.volume, want, 0.01, "sliding: worn volume = k/H mean(F_n) v T");
  /* bookkeeping: every deposit adds to the volume and to the profile alike; this holds the
   * file's profile, integrated here, to the file's volume */
  CHECK_REL(all, r.volume, 1e-9, "sliding: the profile holds the worn volume");
  CHECK(in / all > 0.9999, "sliding: the wear lies on the travelled stretch (%.6f)", in / all);
  /* every node well inside the stretch passed under the whole patch: k F / (H L) */
  double lo = 1e300, hi = 0, depth = k * r.mean_Fn / (hardness * Lz);
  for (int i = 0; i < r.bins; i++)
    if (i * h > a + x0 + 0.005 && i * h < a + x0 + v * T - 0.005)
      lo = fmin(lo, r.depth[i]), hi = fmax(hi, r.depth[i]);
  printf("sliding: depth along the stretch %.5g … %.5g m, k F/(H L) %.5g m\n", lo, hi, depth);
  CHECK_REL(lo, depth, 0.01, "sliding: the groove's depth k F_n / (H L), shallowest");
  CHECK_REL(hi, depth, 0.01, "sliding: the groove's depth k F_n / (H L), deepest");
  cs_model_free(m);
}

static void cap(void)
{
  const double k = 1e-4, omega = 10.0, T = 0.5, press[2] = {load, 0};
  cs_model *m = slot_model(k, 0, press, a + 0.9 * c, 0.0, NAN, omega, 1200, T, "");
  run r;
  go(m, NULL, &r);
  double want = k / hardness * r.mean_Fn * (w - c) * omega * T, all;
  /* friction turns the contact against the spin by atan(mu) from the cap's middle (as in a
   * bearing, test_wear.c) */
  double at = 2 * a + (M_PI / 2 - atan(0.1)) * w;
  double in = volume_in(&r, at - 0.1 * w, at + 0.1 * w, &all);
  printf("cap: volume %.6g m^3, k/H mean(Fn) R w T %.6g (mean Fn %.5g N); %.6f of it within "
         "0.1 rad (the Hertz patch: 0.047) of the cap's middle less atan(mu)\n", r.volume,
         want, r.mean_Fn, in / all);
  CHECK_REL(r.volume, want, 0.01, "cap: worn volume = k/H mean(F_n) R_pin omega T");
  /* measured 0.9976: the rest is worn while the pin, pressed in at the middle, slides to its
   * tilted seat */
  CHECK(in / all > 0.99, "cap: the wear lies where the pin pressed (%.6f)", in / all);
  cs_model_free(m);
}

/* With feedback: a groove a hundredth of the clearance deep, and a pin started in it from
 * the file finds it sunk by its depth (within the 1e-3 c at which the gap takes the profile). */
static void feedback(void)
{
  const double v = 0.04, T = 1.0, x0 = -0.02, press[2] = {0, -load};
  const double k = 0.01 * c * hardness * Lz / load; /* k F/(H L) = c/100 */
  char h5[] = "/tmp/cs_test_wear_slot_XXXXXX";
  int fd = mkstemp(h5);
  if (fd >= 0)
    close(fd);
  cs_model *m1 = slot_model(k, 1, press, x0, -0.9 * c, v, 0.0, 300, T, "");
  run r1, r0, r2;
  go(m1, h5, &r1);
  double depth = k * r1.mean_Fn / (hardness * Lz);
  CHECK_REL(r1.volume, k / hardness * r1.mean_Fn * v * T, 0.01,
            "feedback: worn volume = k/H mean(F_n) v T");
  /* the strain energy a deeper gap lets go is the wear's: booked as dissipated */
  printf("feedback: energy books off %.3g J of %.4g J dissipated\n", r1.balance,
         r1.dissipated);
  CHECK(fabs(r1.balance) < 1e-6 * r1.dissipated,
        "feedback: energy books balance (%.3g of %.3g J)", r1.balance, r1.dissipated);
  /* the pin held at x = 0 for a while: unworn, and started from the worn profile */
  char extra[600];
  snprintf(extra, sizeof extra, ", \"initial_profile\": \"%s\"", h5);
  cs_model *m0 = slot_model(1e-20, 1, press, 0.0, -0.9 * c, 0.0, 0.0, 300, 0.05, "");
  cs_model *m2 = slot_model(1e-20, 1, press, 0.0, -0.9 * c, 0.0, 0.0, 300, 0.05, extra);
  go(m0, NULL, &r0);
  go(m2, NULL, &r2);
  printf("feedback: groove %.5g m (k F/(H L) %.5g m); the pin at x = 0: y %.8g m unworn, "
         "%.8g m in the groove: sank %.5g m\n", r2.depth[(int)round(a / (r2.P / r2.bins))],
         depth, r0.y, r2.y, r0.y - r2.y);
  CHECK_NEAR(r0.y - r2.y, depth, 0.01 * depth + 1e-3 * c,
             "feedback: the next run's pin sinks by the groove's depth");
  remove(h5);
  cs_model_free(m0);
  cs_model_free(m1);
  cs_model_free(m2);
}

int main(void)
{
  contour();
  jacobians();
  sliding();
  cap();
  feedback();
  return cs_test_finish();
}
