/* The translational clearance joint (joints/clearance/clearance_translational.c): corner geometry at
 * hand-computed poses, its forces' Jacobian against differences with two corners in contact
 * on opposite walls (with and without friction), convergence of the slider-crank to its ideal
 * prismatic guide as the clearance shrinks to 5 µm, and energy conservation through many
 * elastic corner impacts, its error shrinking with the tolerance. */
#include "cs_clearances.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"
#include "cs_clearance.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- geometry --------------- */

/* Block 40 × 20 mm, corners r = 1 mm, in a channel along (0.6, 0.8) through (1, 2) mm with
 * walls at ± 10.5 mm. Corner i's centre in the channel frame (s along the axis, h across) is
 * the block centre plus R(φ)(±19, ±9) mm; δ = |h| + r − W. */
static void geometry(void)
{
  cs_clearance c = {.kind = CS_CLEARANCE_TRANSLATIONAL, .point = {{0.001, 0.002}, {0, 0}},
                    .axis = {0.6, 0.8}, .half_length = 0.02, .half_width = 0.01,
                    .pin_radius = 0.001, .guide_half_width = 0.0105};
  const double u[2] = {0.6, 0.8}, n[2] = {-0.8, 0.6};
  CHECK(cs_clearance_pin_count(&c) == 4, "four corners");
  CHECK(cs_clearance_region_count(c.kind) == 8, "eight corner-wall regions");
  CHECK(strcmp(cs_clearance_region_name(c.kind, 5), "rear_bottom:lower") == 0,
        "region 5 is the rear bottom corner on the lower wall");
  CHECK(strcmp(cs_clearance_region_group(c.kind, 6), "upper") == 0, "region 6's wall");
  const double phi = 0.01, s0 = 0.003, h0 = 0.0002; /* block pose in the channel frame */
  for (int i = 0; i < 4; i++) {
    double s1[2];
    cs_clearance_pin_point(&c, i, s1);
    /* corner centre in the channel frame, then in body1's */
    double cs = s0 + cos(phi) * s1[0] - sin(phi) * s1[1];
    double ch = h0 + sin(phi) * s1[0] + cos(phi) * s1[1];
    double p[2] = {0.001 + cs * u[0] + ch * n[0], 0.002 + cs * u[1] + ch * n[1]};
    cs_gap g;
    cs_clearance_pin_gap(&c, i, p, &g);
    int upper = ch >= 0;
    double want = fabs(ch) + 0.001 - 0.0105;
    CHECK(g.region == 2 * i + !upper, "corner %d: region %s", i,
          cs_clearance_region_name(c.kind, g.region));
    CHECK_NEAR(g.delta, want, 1e-16, "corner δ = |h| + r − W");
    CHECK_NEAR(g.grad[0], upper ? n[0] : -n[0], 1e-15, "normal into the wall (x)");
    CHECK_NEAR(g.grad[1], upper ? n[1] : -n[1], 1e-15, "normal into the wall (y)");
  }
  /* tilted by φ = 0.01, lifted 0.4 mm: the front top corner's centre is at
   * h = 0.4 + 19 sin φ + 9 cos φ = 9.58955 mm, its circle 0.08955 mm into the upper wall */
  double s1[2], p[2];
  cs_gap g;
  cs_clearance_pin_point(&c, 0, s1);
  CHECK_NEAR(s1[0], 0.019, 1e-17, "front top corner centre x");
  CHECK_NEAR(s1[1], 0.009, 1e-17, "front top corner centre y");
  double h = 0.0004 + 0.019 * sin(phi) + 0.009 * cos(phi);
  p[0] = 0.001 + h * n[0];
  p[1] = 0.002 + h * n[1];
  cs_clearance_pin_gap(&c, 0, p, &g);
  CHECK_NEAR(g.delta, h + 0.001 - 0.0105, 1e-16, "front top corner penetration");
  CHECK(g.delta > 8.95e-5 && g.delta < 8.96e-5, "… 0.08955 mm (%.6g)", g.delta);
  CHECK(cs_clearance_pin_region(c.kind, 2, 4) && cs_clearance_pin_region(c.kind, 2, 5) &&
        !cs_clearance_pin_region(c.kind, 2, 3), "corner 2 owns regions 4 and 5 only");
}

/* "regions": {"upper": …} sets the four corners' upper-wall regions; a corner-wall key wins
 * over its wall's. */
static void wall_laws(void)
{
  const char *joint = "\"type\": \"translational\", \"axis\": [1, 0], \"half_length\": 0.02, "
                      "\"half_width\": 0.01, \"corner_radius\": 0.001, \"guide_half_width\": "
                      "0.0105, \"length\": 0.02, \"regions\": {\"upper\": {\"elastic\": "
                      "{\"model\": \"power_law\", \"K\": 1e10, \"n\": 1.5}, \"damping\": {\"model\": \"hunt_crossley\"}, "
                      "\"restitution\": {\"model\": \"constant\", \"cr\": 0.5}}, "
                      "\"rear_top:upper\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e10, \"n\": 1.5}, \"damping\": "
                      "{\"model\": \"hunt_crossley\"}, \"restitution\": {\"model\": "
                      "\"constant\", \"cr\": 0.6}}}";
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}}";
  cs_model *m = two_bodies(joint, ln);
  const cs_clearance *c = &m->clearances[0];
  for (int r = 0; r < 8; r++) {
    const char *want = r % 2 ? "lankarani_nikravesh" : "power_law";
    double cr = r == 2 ? 0.6 : r % 2 ? 0.8 : 0.5;
    CHECK(strcmp(c->contact[r].law[CS_ELASTIC]->name, want) == 0, "region %s: %s",
          cs_clearance_region_name(c->kind, r), want);
    CHECK(c->contact[r].params[CS_RESTITUTION][0] == cr, "region %s: c_r %g",
          cs_clearance_region_name(c->kind, r), cr);
    CHECK(c->geometry[r].R1 == 0.001 && c->geometry[r].R2 == 0.0 && !c->geometry[r].internal,
          "region %s: a 1 mm corner on a flat wall", cs_clearance_region_name(c->kind, r));
  }
  cs_model_free(m);
}

/* ---------------------------------------------------------------- Jacobian --------------- */

/* The pair of two_bodies with the block tilted 0.5 rad in a channel along (0.6, 0.8): the
 * channel is made 20 µm narrower than the tilted block's extent across it, so the two
 * corners of one diagonal both press, on opposite walls. */
static cs_clearances *tilted_pair(const char *contact, cs_model **model, double q[6],
                                  double v[6], int *touching);

static void jacobian_translational(const char *label, const char *contact)
{
  cs_model *m;
  double q[6], v[6];
  int touching;
  cs_clearances *c = tilted_pair(contact, &m, q, v, &touching);
  CHECK(touching == 2, "%s: two corners touch (%d)", label, touching);
  for (int pin = 0; pin < 4; pin++) {
    cs_clearance_state st;
    cs_clearances_pin_output(c, 0, pin, q, v, &st);
    if (st.penetration > 0) {
      CHECK(st.normal_force > 0, "%s: corner %d (%s) pushes", label, pin,
            cs_clearance_region_name(CS_CLEARANCE_TRANSLATIONAL, st.region));
      CHECK((st.tangential_force != 0) == (strstr(contact, "friction") != NULL),
            "%s: corner %d: friction %.3g N", label, pin, st.tangential_force);
    }
  }
  double Q[6] = {0}, Qq[36] = {0}, Qv[36] = {0};
  cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  probe p = {c, q, v};
  double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv);
  printf("%-34s ∂Q/∂q off %.2e, ∂Q/∂v off %.2e\n", label, eq, ev);
  CHECK(ev < 1e-6, "%s: ∂Q/∂v against differences (%.3g)", label, ev);
  CHECK(eq < 1e-6, "%s: ∂Q/∂q against differences (%.3g)", label, eq);
  cs_clearances_free(c);
  cs_model_free(m);
}

/* The pair with the block tilted in its channel, two diagonal corners 20 µm deep (opened). */
static cs_clearances *tilted_pair(const char *contact, cs_model **model, double q[6],
                                  double v[6], int *touching)
{
  const double q0[6] = {0.01, -0.02, 0.3, 0, 0, -0.2}, v0[6] = {0.3, -0.2, 1.5, -0.4, 0.7, -2.0};
  const double a = 0.02, b = 0.006, r = 0.001, tilt = -0.5, u[2] = {0.6, 0.8};
  /* extent of the tilted block's corner circles across the channel */
  double reach = fabs(sin(tilt)) * (a - r) + cos(tilt) * (b - r) + r;
  char joint[1024];
  snprintf(joint, sizeof joint,
           "\"type\": \"translational\", \"point1\": [0.002, 0.001], \"point2\": [0.004, -0.003],"
           " \"axis\": [0.6, 0.8], \"half_length\": %.17g, \"half_width\": %.17g, "
           "\"corner_radius\": %.17g, \"guide_half_width\": %.17g, \"length\": 0.02",
           a, b, r, reach - 2e-5);
  cs_model *m = two_bodies(joint, contact);
  cs_clearances *c = clearances_of(m);
  memcpy(q, q0, sizeof q0);
  memcpy(v, v0, sizeof v0);
  /* body 2 turned so that the block is tilted by `tilt` from the axis; its centre 1 mm along
   * the channel from point1 */
  double axis_angle = atan2(u[1], u[0]);
  q[5] = q[2] + axis_angle + tilt;
  double local[2] = {0.002 + 0.001 * u[0], 0.001 + 0.001 * u[1]}, P[2];
  P[0] = q[0] + cos(q[2]) * local[0] - sin(q[2]) * local[1];
  P[1] = q[1] + sin(q[2]) * local[0] + cos(q[2]) * local[1];
  q[3] = P[0] - (cos(q[5]) * 0.004 - sin(q[5]) * -0.003);
  q[4] = P[1] - (sin(q[5]) * 0.004 + cos(q[5]) * -0.003);
  *touching = 0;
  for (int k = 0; k < cs_clearances_count(c); k++)
    if (cs_clearances_gap(c, k, q) > 0) {
      cs_clearances_open(c, k, 0.0, q, v);
      (*touching)++;
      CHECK(fabs(cs_clearances_gap(c, k, q) - 2e-5) < 1e-12, "corner %d 20 µm deep", k);
    }
  *model = m;
  return c;
}

/* A friction law with a state (LuGre's bristles): one state per touching corner, bound; the
 * blocks ∂Q/∂z, ∂z'/∂q, ∂z'/∂v, ∂z'/∂z against centred differences, and ∂Q/∂q, ∂Q/∂v at the
 * bound z. */
static void jacobian_states(void)
{
  const char *lugre = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                      "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
                      "\"constant\", \"cr\": 0.8}, \"friction\": {\"model\": \"lugre\", "
                      "\"mu_s\": 0.15, \"mu_k\": 0.1, \"v_s\": 0.7, \"sigma0\": 10, "
                      "\"sigma1\": 2, \"sigma2\": 0.3}}";
  cs_model *m;
  double q[6], v[6];
  int touching;
  cs_clearances *c = tilted_pair(lugre, &m, q, v, &touching);
  int nz = cs_clearances_state_count(c);
  CHECK(nz == 4, "one bristle state per corner (%d)", nz);
  double z[4] = {0.004, -0.007, 0.011, 0.002}; /* corners out of contact: no effect */
  cs_clearances_bind_state(c, z);
  double Q[6] = {0}, Qq[36] = {0}, Qv[36] = {0}, Qz[24] = {0};
  double f[4], Fq[24] = {0}, Fv[24] = {0}, Fz[16] = {0}, fp[4], fm[4], Qp[6], Qm[6];
  cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  /* blocks with leading dimension 6 (Qz: 6 × 4) and 4 (Fq, Fv: 4 × 6; Fz: 4 × 4) */
  cs_clearances_state_rate(c, q, v, f, NULL, NULL, NULL, &(cs_acc){.dense = Qz, .ld = 6}, 1.0);
  cs_clearances_state_rate(c, q, v, f, &(cs_acc){.dense = Fq, .ld = 4},
                           &(cs_acc){.dense = Fv, .ld = 4}, &(cs_acc){.dense = Fz, .ld = 4}, NULL,
                           1.0);
  int moving = 0;
  for (int i = 0; i < nz; i++)
    moving += f[i] != 0.0;
  CHECK(moving == 2, "the touching corners' bristles move (%d)", moving);
  probe p = {c, q, v};
  double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv);
  double wz = 0, sz = 1e-300, wq = 0, sq = 1e-300, wv = 0, sv = 1e-300, wzz = 0, szz = 1e-300;
  for (int col = 0; col < nz; col++) { /* in z */
    const double h = 1e-8, z0 = z[col];
    z[col] = z0 + h;
    forces(&p, q, v, Qp, 6);
    cs_clearances_state_rate(c, q, v, fp, NULL, NULL, NULL, NULL, 0);
    z[col] = z0 - h;
    forces(&p, q, v, Qm, 6);
    cs_clearances_state_rate(c, q, v, fm, NULL, NULL, NULL, NULL, 0);
    z[col] = z0;
    for (int r = 0; r < 6; r++) {
      double fd = (Qp[r] - Qm[r]) / (2 * h);
      wz = fmax(wz, fabs(Qz[r + 6 * col] - fd));
      sz = fmax(sz, fabs(fd));
    }
    for (int r = 0; r < nz; r++) {
      double fd = (fp[r] - fm[r]) / (2 * h);
      wzz = fmax(wzz, fabs(Fz[r + 4 * col] - fd));
      szz = fmax(szz, fabs(fd));
    }
  }
  for (int col = 0; col < 6; col++) { /* in q and in v */
    for (int which = 0; which < 2; which++) {
      double x[6], h = which == 0 ? 1e-9 : 1e-7;
      memcpy(x, which == 0 ? q : v, sizeof x);
      x[col] += h;
      cs_clearances_state_rate(c, which == 0 ? x : q, which == 0 ? v : x, fp, NULL, NULL, NULL,
                               NULL, 0);
      x[col] -= 2 * h;
      cs_clearances_state_rate(c, which == 0 ? x : q, which == 0 ? v : x, fm, NULL, NULL, NULL,
                               NULL, 0);
      for (int r = 0; r < nz; r++) {
        double fd = (fp[r] - fm[r]) / (2 * h), an = (which == 0 ? Fq : Fv)[r + 4 * col];
        if (which == 0)
          wq = fmax(wq, fabs(an - fd)), sq = fmax(sq, fabs(fd));
        else
          wv = fmax(wv, fabs(an - fd)), sv = fmax(sv, fabs(fd));
      }
    }
  }
  printf("translational, lugre bristles      ∂Q/∂q off %.2e, ∂Q/∂v %.2e, ∂Q/∂z %.2e, ∂z'/∂q "
         "%.2e, ∂z'/∂v %.2e, ∂z'/∂z %.2e\n", eq, ev, wz / sz, wq / sq, wv / sv, wzz / szz);
  CHECK(eq < 1e-6 && ev < 1e-6, "lugre: ∂Q/∂q, ∂Q/∂v at the bound z (%.3g, %.3g)", eq, ev);
  CHECK(wz / sz < 1e-6, "lugre: ∂Q/∂z against differences (%.3g)", wz / sz);
  CHECK(wq / sq < 1e-6, "lugre: ∂z'/∂q against differences (%.3g)", wq / sq);
  CHECK(wv / sv < 1e-6, "lugre: ∂z'/∂v against differences (%.3g)", wv / sv);
  CHECK(wzz / szz < 1e-6, "lugre: ∂z'/∂z against differences (%.3g)", wzz / szz);
  cs_clearances_free(c);
  cs_model_free(m);
}

static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}}";
  const char *lnf = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                    "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                    "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  jacobian_translational("translational, two corners", ln);
  jacobian_translational("translational, two corners, friction", lnf);
  /* the sticking law (contact/friction_stribeck.c), its creep and Stribeck ranges widened so
   * that the slip speeds here (~1 m/s) cross them */
  const char *lns = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                    "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                    "0.8}, \"friction\": {\"model\": \"stribeck\", \"mu_s\": 0.15, \"mu_k\": 0.1, "
                    "\"v_s\": 2, \"v_creep\": 0.5, \"c\": 3}}";
  jacobian_translational("translational, two corners, stribeck", lns);
  jacobian_states();
}

/* ---------------------------------------------------------------- the ideal guide -------- */

enum { MAXROWS = 2500 };

typedef struct trace {
  double x[MAXROWS], y[MAXROWS], th[MAXROWS];
  double depth; /* the deepest corner penetration seen */
  int n;
} trace;

static int record(const cs_sim *s, void *user)
{
  trace *r = user;
  double q[3];
  if (r->n < MAXROWS) {
    cs_sim_body_position(s, 3, q); /* the slider */
    r->x[r->n] = q[0];
    r->y[r->n] = q[1];
    r->th[r->n] = q[2];
    r->n++;
  }
  for (int k = 0; k < cs_model_clearance_count(cs_sim_model(s)); k++) {
    cs_clearance_state c;
    cs_sim_clearance(s, k, &c);
    r->depth = fmax(r->depth, c.penetration);
  }
  return 0;
}

static void run(cs_model *m, trace *r)
{
  cs_error err;
  m->output.interval = 1e-5;
  cs_sim *s = start(m);
  cs_sim_set_output(s, record, r);
  CHECK(cs_sim_advance(s, 0.024, &err) == CS_OK, "%s runs: %s", m->name, err.message);
  printf("%s: %d contacts\n", m->name, cs_sim_event_count(s));
  cs_sim_free(s);
}

/* models/slider_crank_translational.json with its clearance set to c and Coulomb friction
 * μ = 0.1 at the corners (friction at the walls, half a block width from its centre, is what
 * tilts the block: without it the loads pass through the block's centre and it never turns),
 * against the ideal slider-crank of models/slider_crank.json (the same mechanism with a
 * prismatic guide). The block can leave the centre line by c plus the corners' elastic
 * compression δ_max (~20 µm at 500 N on a 1 mm corner radius, far more than 5 µm), and turn
 * by as much as its diagonal corners allow: (c + δ_max)/(a − r). */
static void converges(void)
{
  static trace ideal, clear;
  cs_model *m = load_model("models/slider_crank.json");
  m->solver.rtol = 1e-9;
  m->solver.atol = 1e-12;
  run(m, &ideal);
  cs_model_free(m);
  const double cs[] = {5e-4, 5e-6};
  double last = INFINITY;
  for (int k = 0; k < 2; k++) {
    m = load_model("models/slider_crank_translational.json");
    cs_clearance *j = &m->clearances[0];
    j->guide_half_width = j->half_width + cs[k];
    m->solver.rtol = 1e-9;
    m->solver.atol = 1e-12;
    cs_registry *reg = cs_registry_new();
    for (int r = 0; r < j->nregion; r++) {
      j->contact[r].law[CS_FRICTION] = cs_registry_find(reg, CS_FRICTION, "coulomb");
      j->contact[r].params[CS_FRICTION][0] = 0.1;
      j->contact[r].params[CS_FRICTION][1] = 1e-3;
    }
    cs_registry_free(reg); /* the laws are static descriptors */
    memset(&clear, 0, sizeof clear);
    run(m, &clear);
    int n = clear.n < ideal.n ? clear.n : ideal.n;
    double d2 = 0, ymax = 0, thmax = 0;
    for (int i = 0; i < n; i++) {
      d2 += (clear.x[i] - ideal.x[i]) * (clear.x[i] - ideal.x[i]);
      ymax = fmax(ymax, fabs(clear.y[i]));
      thmax = fmax(thmax, fabs(clear.th[i]));
    }
    double rms = sqrt(d2 / n), stroke = 0.1; /* twice the crank */
    double reach = cs[k] + clear.depth, tilt_bound = reach / (j->half_length - j->pin_radius);
    printf("clearance %.0e m: RMS x difference %.3e m (%.2e of the stroke), |y| ≤ %.3e m "
           "(c + δ_max = %.3e m), |θ| ≤ %.3e rad (bound (c + δ_max)/(a − r) %.3e)\n", cs[k], rms,
           rms / stroke, ymax, reach, thmax, tilt_bound);
    CHECK(n == 2401, "rows compared (%d)", n);
    CHECK(rms < last, "the x difference shrinks with the clearance");
    CHECK(ymax <= reach * (1 + 1e-6), "c = %.0e: |y| within c + δ_max (%.3g m)", cs[k], ymax);
    if (k == 0) /* at 5 µm the block lies pressed flat on one wall, its corners holding it */
      CHECK(thmax > 0.5 * tilt_bound, "c = %.0e: friction tilts the block (%.3g rad)", cs[k],
            thmax);
    CHECK(thmax <= tilt_bound * (1 + 1e-6), "c = %.0e: tilt within (c + δ_max)/(a − r) (%.3g "
          "rad)", cs[k], thmax);
    if (k == 1)
      CHECK(rms < 0.01 * stroke, "c = 5 µm: RMS x difference < 1 %% of the stroke (%.3g)",
            rms / stroke);
    last = rms;
    cs_model_free(m);
  }
}

/* ---------------------------------------------------------------- energy ----------------- */

/* A free block (no gravity) in a fixed channel, thrown along it with a sideways velocity and
 * a spin: elastic corner impacts (L-N with c_r = 1 has no hysteresis; no friction) keep the
 * energy to the tolerance. */
static double rattle(double rtol, double bound)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"block_rattle\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"block\", \"mass\": 0.1, \"inertia\": 1.5e-5, \"position\": [0, 0.0001, 0],"
           " \"velocity\": [0.5, 0.08, 0.9]}],"
           "\"clearance_joints\": [{\"name\": \"G\", \"type\": \"translational\", \"start\": \"given\", \"body1\": "
           "\"g\", \"body2\": \"block\", \"axis\": [1, 0], \"half_length\": 0.02, \"half_width\":"
           " 0.01, \"corner_radius\": 0.001, \"guide_half_width\": 0.0105, \"length\": 0.02, "
           "\"materials\": [" STEEL ", " STEEL "], \"contact\": {\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"restitution\": {\"model\": \"constant\", \"cr\": 1}}}],"
           "\"solver\": {\"t_end\": 0.1, \"rtol\": %g, \"atol\": %g}}",
           rtol, rtol * 1e-3);
  cs_model *model = load_model_string(json, "<block rattle>");
  cs_error err;
  cs_sim *s = start(model);
  CHECK(cs_sim_advance(s, 0.1, &err) == CS_OK, "block rattle runs: %s", err.message);
  cs_energy e;
  cs_sim_energy(s, &e);
  double E0 = 0.5 * 0.1 * (0.25 + 0.0064) + 0.5 * 1.5e-5 * 0.81;
  int corners[4] = {0};
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event ev;
    cs_sim_event(s, i, &ev);
    corners[ev.region / 2]++;
  }
  printf("rtol %.0e: %3d corner impacts (%d, %d, %d, %d), kinetic %.8f J of %.8f, "
         "dissipated %.3e J, balance %.3e J\n", rtol, cs_sim_event_count(s), corners[0],
         corners[1], corners[2], corners[3], e.kinetic, E0, e.dissipated, e.balance_error);
  CHECK(cs_sim_event_count(s) >= 20, "many corner impacts (%d)", cs_sim_event_count(s));
  CHECK(corners[0] && corners[1] && corners[2] && corners[3], "every corner strikes");
  CHECK(fabs(e.kinetic + e.strain - E0) < bound * E0, "rtol %.0e: energy kept to %.0e (%.3g)",
        rtol, bound, fabs(e.kinetic + e.strain - E0) / E0);
  cs_sim_free(s);
  cs_model_free(model);
  return fabs(e.kinetic + e.strain - E0);
}

int main(void)
{
  (void)jacobian_case; /* the header's case places one pin; a block has four */
  geometry();
  wall_laws();
  jacobians();
  double e6 = rattle(1e-6, 1e-3), e9 = rattle(1e-9, 1e-5);
  CHECK(e9 < e6 / 10, "the energy error shrinks with the tolerance (%.3g → %.3g J)", e6, e9);
  converges();
  return cs_test_finish();
}
