/* test_contact_volumetric.c — the volumetric contact of Gonthier, McPhee, Lange & Piedbœuf
 * (002) in the plane: a pin of radius R1 in a hole, on a convex wall and on a flat.
 *
 * Independent references:
 *  - the depth profile H(t) of the interference along the normal, at distance t from the line
 *    of centres, from the circles' equations written without cancellation,
 *        H(t) = δ − t²/(R1 + √(R1² − t²)) ∓ t²/(R2 + √(R2² − t²))
 *    (− outside a convex wall, + inside a hole, no second term on a flat), integrated by
 *    Simpson's rule over t = b sin θ between the tips ±b (found by bisection): A = ∫H,
 *    J = L ∫t²H (002 eq. 4's moment in the plane), U = k_v L ∫H²/2 (the wall advances rigidly
 *    along the normal, so ∫0^δ A = ∫∫ (depth of each point) dA = ∫ H²/2 dt);
 *  - the textbook lens and segment areas (acos forms) where the interference is deep, past a
 *    half disc, and the whole disc π R1² (second moment π R1⁴/4) once the pin is swallowed;
 *  - the shallow limits A → (4/3) b δ, c → 2b, J → (4/15) L δ b³ (cs_rolling_moment, another
 *    file), b = √(2 R* δ);
 *  - the effective restitution of F_e (1 + a δ') from Gonthier's relation (004 eq. 113,
 *    tests/support/cs_eq113.h), whatever F_e, by the tests' own RK45;
 *  - 002 eq. 1's pressure k_v H (1 + a v_n) integrated over the contact, with v_n from the two
 *    bodies' rigid velocity fields, for eq. 3's force and eq. 4's torque;
 *  - the compression rate of the pin's material passing a contact it rolls through without
 *    slip, for the relative angular velocity the rolling torque takes.
 */
#include "cs_contact.h"
#include "cs_eq113.h"
#include "cs_rk45.h"
#include "cs_rolling.h"
#include "cs_test.h"
#include "cs_test_laws.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

static cs_registry *reg;

/* ---------------------------------------------------------------- shapes & references ---- */

typedef struct shape {
  const char *name;
  int wall;      /* −1 hole (internal), +1 convex wall (external), 0 flat */
  double R1, R2; /* m */
} shape;

static const shape shapes[3] = {
  {"hole", -1, 0.0095, 0.010}, {"convex wall", 1, 0.0095, 0.03}, {"flat", 0, 0.0095, 0.0}};

static cs_contact_geometry geometry_of(const shape *s, double L)
{
  cs_material steel = {2.07e11, 0.3, 0, 0, 0, 0};
  return (cs_contact_geometry){CS_CONTACT_LINE, s->wall < 0, s->R1, s->R2, L, steel, steel,
                              1.0, 0.0};
}

static double R_star(const shape *s, double L)
{
  cs_contact_geometry g = geometry_of(s, L);
  return cs_geometry_R_star(&g);
}

/* Depth of the interference at t (m), valid while the chord lies beyond the pin's centre. */
static double depth(const shape *s, double delta, double t)
{
  if (fabs(t) >= s->R1 || (s->wall && fabs(t) >= s->R2))
    return 0.0;
  double h = delta - t * t / (s->R1 + sqrt(s->R1 * s->R1 - t * t));
  if (s->wall)
    h -= s->wall * t * t / (s->R2 + sqrt(s->R2 * s->R2 - t * t));
  return h > 0.0 ? h : 0.0;
}

static double tip(const shape *s, double delta)
{
  double lo = 0.0, hi = s->wall ? fmin(s->R1, s->R2) : s->R1;
  for (int i = 0; i < 200; i++) {
    double mid = 0.5 * (lo + hi);
    if (depth(s, delta, mid) > 0.0)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/* ∫ w(t) dt over the interference by Simpson's rule in θ, t = b sin θ (the integrand
 * H(b sin θ) b cos θ ~ cos³θ is smooth at the tips). */
typedef double weight_fn(const void *user, const shape *s, double delta, double t);

static double integrate(weight_fn *w, const void *user, const shape *s, double delta)
{
  const int n = 8000;
  double b = tip(s, delta), h = PI / n, sum = 0.0;
  for (int i = 0; i <= n; i++) {
    double th = -0.5 * PI + i * h, c = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    sum += c * w(user, s, delta, b * sin(th)) * b * cos(th);
  }
  return sum * h / 3.0;
}

static double w_area(const void *u, const shape *s, double d, double t)
{
  (void)u;
  return depth(s, d, t);
}

static double w_moment(const void *u, const shape *s, double d, double t)
{
  (void)u;
  return t * t * depth(s, d, t);
}

static double w_energy(const void *u, const shape *s, double d, double t)
{
  (void)u;
  double h = depth(s, d, t);
  return 0.5 * h * h;
}

/* Textbook area of the lens of circles r, R at distance d (|R − r| < d < R + r). */
static double lens(double r, double R, double d)
{
  return r * r * acos((d * d + r * r - R * R) / (2 * d * r)) +
         R * R * acos((d * d + R * R - r * r) / (2 * d * R)) -
         0.5 * sqrt((-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R));
}

/* The textbook interference area at δ (the whole pin once it is swallowed). */
static double textbook_area(const shape *s, double delta)
{
  double R1 = s->R1, R2 = s->R2;
  if (s->wall < 0)
    return R2 - R1 + delta >= R1 + R2 ? PI * R1 * R1 : PI * R1 * R1 - lens(R1, R2, R2 - R1 + delta);
  if (s->wall > 0)
    return R1 + R2 - delta <= fabs(R2 - R1) ? PI * fmin(R1, R2) * fmin(R1, R2)
                                             : lens(R1, R2, R1 + R2 - delta);
  if (delta >= 2 * R1)
    return PI * R1 * R1;
  return R1 * R1 * acos((R1 - delta) / R1) - (R1 - delta) * sqrt(2 * R1 * delta - delta * delta);
}

/* ---------------------------------------------------------------- laws ------------------- */

typedef cs_test_law made;

static made make(cs_family f, const char *name, const double *params,
                 const cs_contact_geometry *g)
{
  return cs_test_law_make(reg, f, name, params, g);
}

static void unmake(made *m) { cs_test_law_free(m); }

/* A composite contact of the laws named, with a constant c_r. */
static cs_contact *contact_of(const shape *s, double L, const char *elastic,
                              const double *eparams, const char *damping,
                              const double *dparams, double cr)
{
  cs_contact_geometry g = geometry_of(s, L);
  cs_contact_spec spec = {{cs_registry_find(reg, CS_ELASTIC, elastic),
                           cs_registry_find(reg, CS_DAMPING, damping),
                           cs_registry_find(reg, CS_RESTITUTION, "constant"), NULL},
                          {eparams, dparams, &cr, NULL}};
  cs_contact *c = NULL;
  cs_error err;
  if (cs_contact_create(&spec, &g, &c, &err) != CS_OK) {
    printf("FATAL: %s\n", err.message);
    return NULL;
  }
  return c;
}

/* ---------------------------------------------------------------- 1. registry ------------ */

static void test_registry(void)
{
  const cs_law *e = cs_registry_find(reg, CS_ELASTIC, "volumetric");
  const cs_law *d = cs_registry_find(reg, CS_DAMPING, "volumetric");
  CHECK(e && e->elastic && e->energy && e->rolling_moment, "elastic volumetric with its J op");
  CHECK(d && d->normal && d->hysteresis && d->ignores_cr,
        "damping volumetric: hysteresis op, needs no restitution");
  if (!e || !d)
    return;
  double out[1];
  cs_error err;
  CHECK(cs_law_params(e, 0, NULL, NULL, "/c/elastic", out, &err) == CS_ERR_INPUT &&
            strstr(err.message, "k_v"), "k_v is required (%s)", err.message);
  CHECK(cs_law_params(d, 0, NULL, NULL, "/c/damping", out, &err) == CS_ERR_INPUT &&
            strstr(err.message, "/c/damping/a"), "a is required (%s)", err.message);
  cs_contact_geometry g = geometry_of(&shapes[0], 0.02);
  g.shape = CS_CONTACT_POINT;
  void *content = NULL;
  double kv = 1e12;
  CHECK(e->create(&kv, &g, &content, &err) == CS_ERR_INPUT && strstr(err.message, "line"),
        "a point contact is refused (%s)", err.message);
}

/* ---------------------------------------------------------------- 2. geometry ------------ */

/* With k_v = 1 and L = 1 the law's force is the area, its derivative the chord, its rolling
 * moment ∫t²H and its energy ∫A. */
static void test_area(void)
{
  const double one = 1.0;
  for (int k = 0; k < 3; k++) {
    const shape *s = &shapes[k];
    cs_contact_geometry g = geometry_of(s, 1.0);
    made m = make(CS_ELASTIC, "volumetric", &one, &g);
    if (!m.law)
      continue;
    double Rs = R_star(s, 1.0);
    char what[160];
    /* against the profile quadrature, from 1e-12 m (1e-10 of R1: onset) to 1 mm */
    for (double delta = 1e-12; delta <= 1.1e-3; delta *= 10) {
      double dA, dJ, kv, A = m.law->elastic(m.content, delta, &dA);
      double J = m.law->rolling_moment(m.content, delta, &dJ, &kv);
      double U = m.law->energy(m.content, delta);
      /* Simpson's error is ~1e-14; the closed forms' cancellation (the two caps of a hole,
       * R2/(R2 − R1) = 20) costs ~1e-14 */
      snprintf(what, sizeof what, "%s, delta %g: A = int H", s->name, delta);
      CHECK_REL(A, integrate(w_area, NULL, s, delta), 1e-11, what);
      snprintf(what, sizeof what, "%s, delta %g: J = int t^2 H", s->name, delta);
      CHECK_REL(J, integrate(w_moment, NULL, s, delta), 1e-11, what);
      snprintf(what, sizeof what, "%s, delta %g: U = int H^2/2", s->name, delta);
      CHECK_REL(U, integrate(w_energy, NULL, s, delta), 1e-11, what);
      snprintf(what, sizeof what, "%s, delta %g: dA/ddelta = chord 2b", s->name, delta);
      CHECK_REL(dA, 2.0 * tip(s, delta), 1e-11, what);
      snprintf(what, sizeof what, "%s, delta %g: dJ/ddelta = 2b^3/3", s->name, delta);
      CHECK_REL(dJ, 2.0 / 3.0 * pow(tip(s, delta), 3), 1e-10, what);
      CHECK(kv == 1.0, "the law hands over its k_v");
      if (delta < 2e-12) { /* shallow: the parabolic profile's closed forms */
        double b = sqrt(2 * Rs * delta);
        snprintf(what, sizeof what, "%s, onset: A -> (4/3) b delta", s->name);
        CHECK_REL(A, 4.0 / 3.0 * b * delta, 1e-8, what);
        snprintf(what, sizeof what, "%s, onset: J -> cs_rolling_moment", s->name);
        CHECK_REL(J, cs_rolling_moment(delta, Rs, 1.0), 1e-8, what);
      }
    }
    /* derivatives against centred differences, at a fraction of the clearance */
    for (double delta = 1e-6; delta <= 1.1e-4; delta *= 10) {
      double h = 1e-4 * delta, dA, dJ, kv, dum;
      m.law->elastic(m.content, delta, &dA);
      m.law->rolling_moment(m.content, delta, &dJ, &kv);
      double fdA = (m.law->elastic(m.content, delta + h, &dum) -
                    m.law->elastic(m.content, delta - h, &dum)) / (2 * h);
      double fdJ = (m.law->rolling_moment(m.content, delta + h, &dum, &kv) -
                    m.law->rolling_moment(m.content, delta - h, &dum, &kv)) / (2 * h);
      double fdU = (m.law->energy(m.content, delta + h) - m.law->energy(m.content, delta - h)) /
                   (2 * h);
      snprintf(what, sizeof what, "%s, delta %g: dA/ddelta vs differences", s->name, delta);
      CHECK_REL(dA, fdA, 1e-7, what);
      snprintf(what, sizeof what, "%s, delta %g: dJ/ddelta vs differences", s->name, delta);
      CHECK_REL(dJ, fdJ, 1e-7, what);
      snprintf(what, sizeof what, "%s, delta %g: dU/ddelta = F", s->name, delta);
      CHECK_REL(fdU, m.law->elastic(m.content, delta, &dum), 1e-7, what);
    }
    /* deep: the chord passes the pin's centre (in the hole past 2.62 mm, on the wall past
     * 11.0 mm, on the flat past R1 = 9.5 mm), then the pin is swallowed whole (2 R1 = 19 mm) */
    const double deep[] = {1e-3, 5e-3, 0.012, 0.018, 0.025};
    for (int i = 0; i < 5; i++) {
      double dA, dJ, kv, A = m.law->elastic(m.content, deep[i], &dA);
      double J = m.law->rolling_moment(m.content, deep[i], &dJ, &kv);
      snprintf(what, sizeof what, "%s, delta %g: A against the textbook lens/segment", s->name,
               deep[i]);
      CHECK_REL(A, textbook_area(s, deep[i]), 1e-12, what);
      if (deep[i] > 2 * s->R1) {
        CHECK_REL(J, PI * pow(s->R1, 4) / 4, 1e-12, "swallowed: J of the whole disc");
        CHECK_NEAR(dA, 0.0, 0.0, "swallowed: no chord");
      }
    }
    CHECK(m.law->elastic(m.content, 0.0, NULL) == 0.0 && m.law->energy(m.content, 0.0) == 0.0,
          "nothing at delta = 0");
    char line[200];
    m.law->report(m.content, line, sizeof line);
    CHECK(strstr(line, "k_v = 1 N/m^3") != NULL, "report: %s", line);
    unmake(&m);
  }
}

/* ---------------------------------------------------------------- 3. damping ------------- */

typedef struct impact {
  made el, dm;
} impact;

static double impact_force(void *user, double delta, double rate, double delta_max)
{
  const impact *im = user;
  double dFe, Fe = im->el.law->elastic(im->el.content, delta, &dFe);
  cs_normal_in in = {delta, rate, 1.0, 1.0, delta_max, Fe, dFe, 1.0};
  return im->dm.law->normal(im->dm.content, &in, NULL, NULL);
}

static void test_damping(void)
{
  const double a = 0.4, kv = 1e12, alpha = 0.32, e = 0.8;
  cs_contact_geometry g = geometry_of(&shapes[2], 0.02);
  made el = make(CS_ELASTIC, "volumetric", &kv, &g), dm = make(CS_DAMPING, "volumetric", &a, &g);
  made al = make(CS_DAMPING, "alpha", &alpha, &g), hc = make(CS_DAMPING, "hunt_crossley", NULL, &g);
  if (!el.law || !dm.law || !al.law || !hc.law)
    return;
  /* 002 eq. 3 at a hand-picked state (δ' = −0.3 m/s, separating) */
  double dFe, Fe = el.law->elastic(el.content, 2e-6, &dFe), dd, dr;
  cs_normal_in in = {2e-6, -0.3, 0.7, 0.5, 3e-6, Fe, dFe, 1.0};
  double Fn = dm.law->normal(dm.content, &in, &dd, &dr);
  CHECK_REL(Fn, Fe * (1.0 - 0.4 * 0.3), 1e-15, "F_n = F_e (1 + a delta')");
  CHECK_REL(dd, dFe * (1.0 - 0.4 * 0.3), 1e-15, "dF_n/ddelta = dF_e/ddelta (1 + a delta')");
  CHECK_REL(dr, Fe * 0.4, 1e-15, "dF_n/ddelta' = a F_e");
  /* the hysteresis op: a itself, whatever the impact; alpha's 1.5 alpha (004 eq. 154); a chi
   * law's chi(c_r)/delta'(-), Hunt-Crossley chi = 1.5 (1 - e) (004 eq. 23) */
  CHECK(dm.law->hysteresis(dm.content, 0.7, 0.5) == a, "volumetric: a");
  CHECK_REL(al.law->hysteresis(al.content, 0.7, 0.5), 1.5 * alpha, 1e-15, "alpha: 1.5 alpha");
  CHECK_REL(hc.law->hysteresis(hc.content, 0.7, e), 1.5 * (1 - e) / 0.7, 1e-15,
            "hunt_crossley: chi/delta'(-)");
  /* restitution of a 1 kg pin dropped on the flat: 004 eq. 113 with chi = a v, though F_e is
   * no power law (delta_max 0.06-0.3 mm of R1 = 9.5 mm); 1 + a delta' > 0 throughout, so
   * nothing is clipped */
  impact im = {el, dm};
  for (double v = 0.5; v <= 2.0; v *= 4) {
    cs_rk45_out o = cs_rk45_impact(impact_force, &im, 1.0, v);
    char what[96];
    snprintf(what, sizeof what, "restitution at %g m/s: root of 004 eq. 113, chi = a v", v);
    CHECK_NEAR(o.e, e_of_chi(a * v), 1e-8, what);
    printf("volumetric damping a = %g s/m at %g m/s: e = %.6f (eq. 113: %.6f), delta_max %.3g m\n",
           a, v, o.e, e_of_chi(a * v), o.delta_max);
  }
  unmake(&el);
  unmake(&dm);
  unmake(&al);
  unmake(&hc);
}

/* ---------------------------------------------------------------- 4. rolling torque ------ */

static void test_rolling(void)
{
  const double L = 0.02, kv = 1e13, a = 0.3, n15 = 1.5, cvisc = 100.0, delta = 2e-6, w = -7.0;
  const shape *s = &shapes[0];
  cs_contact *c = contact_of(s, L, "volumetric", &kv, "volumetric", &a, 1.0);
  if (!c)
    return;
  cs_contact_onset(c, 0.2);
  double T, dTd, dTw, Tp, Tm, x, y;
  cs_contact_rolling(c, delta, w, &T, &dTd, &dTw);
  double J = L * integrate(w_moment, NULL, s, delta);
  CHECK_REL(T, -kv * a * J * w, 1e-10, "002 eq. 4: T = -k_v a J omega");
  CHECK(T * w < 0.0, "the torque resists the relative rotation");
  CHECK_REL(dTw, -kv * a * J, 1e-10, "dT/domega = -k_v a J");
  cs_contact_rolling(c, delta * (1 + 1e-5), w, &Tp, &x, &y);
  cs_contact_rolling(c, delta * (1 - 1e-5), w, &Tm, &x, &y);
  CHECK_REL(dTd, (Tp - Tm) / (2e-5 * delta), 1e-8, "dT/ddelta against differences");
  cs_contact_rolling(c, 0.0, w, &T, &dTd, &dTw);
  CHECK(T == 0.0 && dTd == 0.0 && dTw == 0.0, "no contact, no torque");
  cs_contact_free(c);

  /* rolling resistance needs a Winkler elastic law and a hysteresis damping law */
  c = contact_of(s, L, "volumetric", &kv, "kelvin_voigt", &cvisc, 1.0);
  if (c) {
    cs_contact_rolling(c, delta, w, &T, &dTd, &dTw);
    CHECK(T == 0.0 && dTw == 0.0, "viscous damping: no rolling resistance");
    cs_contact_free(c);
  }
  c = contact_of(s, L, "lankarani_nikravesh", &n15, "volumetric", &a, 1.0);
  if (c) {
    cs_contact_rolling(c, delta, w, &T, &dTd, &dTw);
    CHECK(T == 0.0 && dTw == 0.0, "Hertz-type elastic law: no rolling resistance");
    cs_contact_free(c);
  }
  /* a chi law's a = chi(c_r)/delta'(-) of the contact: Hunt-Crossley, c_r 0.8, onset 0.25 m/s */
  c = contact_of(s, L, "volumetric", &kv, "hunt_crossley", NULL, 0.8);
  if (c) {
    cs_contact_onset(c, 0.25);
    cs_contact_rolling(c, delta, w, &T, &dTd, &dTw);
    CHECK_REL(T, -kv * (1.5 * 0.2 / 0.25) * J * w, 1e-10, "Hunt-Crossley: a = 1.5 (1-e)/v");
    cs_contact_free(c);
  }
}

/* ---------------------------------------------------------------- 5. eq. 1 integrated ---- */

/* Two rigid bodies: pin (centre O1, velocity v1, ω1) and wall body (reference O2, v2, ω2);
 * the contact strip through C along the tangent τ, normal n from the pin into the wall. */
typedef struct field {
  double O1[2], O2[2], v1[2], v2[2], w1, w2;
  double n[2], tau[2], C[2];
  double kv, a;
} field;

/* (v_pin − v_wall)·n of the material points at C + t τ (> 0: compressing) */
static double normal_rate(const field *f, double t)
{
  double P[2] = {f->C[0] + t * f->tau[0], f->C[1] + t * f->tau[1]};
  double u1[2] = {f->v1[0] - f->w1 * (P[1] - f->O1[1]), f->v1[1] + f->w1 * (P[0] - f->O1[0])};
  double u2[2] = {f->v2[0] - f->w2 * (P[1] - f->O2[1]), f->v2[1] + f->w2 * (P[0] - f->O2[0])};
  return (u1[0] - u2[0]) * f->n[0] + (u1[1] - u2[1]) * f->n[1];
}

static double w_pressure(const void *u, const shape *s, double d, double t)
{
  const field *f = u;
  return f->kv * depth(s, d, t) * (1.0 + f->a * normal_rate(f, t));
}

/* moment of the pressure on the pin about the centroid (on the line of centres, t = 0): the
 * force −p n at t τ turns it by t p (τ × n = −1) */
static double w_torque(const void *u, const shape *s, double d, double t)
{
  return t * w_pressure(u, s, d, t);
}

static void test_pressure(void)
{
  const double L = 0.02, delta = 5e-6, psi = 0.7;
  for (int k = 0; k < 3; k++) {
    const shape *s = &shapes[k];
    field f = {{0.02, 0.01}, {0, 0}, {-0.2, 0.5}, {0.3, -0.1}, -5.0, 2.0,
               {cos(psi), sin(psi)}, {-sin(psi), cos(psi)}, {0, 0}, 1e13, 0.3};
    /* the wall body's reference: the hole's or the convex wall's centre, any point of a flat */
    double off = s->wall < 0 ? -(s->R2 - s->R1 + delta)
               : s->wall > 0 ? s->R1 + s->R2 - delta : s->R1 - delta + 0.01;
    for (int i = 0; i < 2; i++) {
      f.O2[i] = f.O1[i] + off * f.n[i] + (s->wall ? 0.0 : 0.003 * f.tau[i]);
      f.C[i] = f.O1[i] + (s->R1 - 0.5 * delta) * f.n[i];
    }
    cs_contact *c = contact_of(s, L, "volumetric", &f.kv, "volumetric", &f.a, 1.0);
    if (!c)
      continue;
    double vcn = normal_rate(&f, 0.0), T, dTd, dTw;
    cs_contact_out o;
    cs_contact_eval(c, delta, vcn, 0.0, 0, &o);
    cs_contact_rolling(c, delta, f.w1 - f.w2, &T, &dTd, &dTw);
    double F = L * integrate(w_pressure, &f, s, delta), Tp = L * integrate(w_torque, &f, s, delta);
    char what[120];
    snprintf(what, sizeof what, "%s: eq. 3, the force is F_e (1 + a v_cn), v_cn at the centroid",
             s->name);
    CHECK_REL(o.Fn, F, 1e-10, what);
    snprintf(what, sizeof what, "%s: eq. 4, the moment is -k_v a J (omega1 - omega2)", s->name);
    CHECK_REL(T, Tp, 1e-9, what);
    printf("%-12s eq. 1 integrated: F %.10g N (law %.10g), T %.6e N m (eq. 4 %.6e)\n", s->name,
           F, o.Fn, Tp, T);
    cs_contact_free(c);
  }
}

/* ---------------------------------------------------------------- 6. rolling kinematics -- */

/* A pin rolls without slip inside a bearing that turns at ω2, its centre carried round at ψ'
 * (δ' = 0). The rate at which the pin's material is pressed into the wall, following that
 * material through the contact, falls across it with slope −(ω1 − ω2) — the v_n of 002 eq. 1
 * the torque is built on — and ω1 − ω2 = V/R*, V the rolling speed, while the pin's rotation
 * relative to the line of centres, ω1 − ψ' = V/R1, is R2/(R2 − R1) = 20 times that. */
static void test_kinematics(void)
{
  const shape *s = &shapes[0];
  const double R1 = s->R1, R2 = s->R2, delta = 1e-7, psi_dot = 3.0, w2 = 4.0;
  double d = R2 - R1 + delta; /* O2 = 0, line of centres along x, τ = y */
  double w1 = (w2 * (d + R1) - d * psi_dot) / R1; /* v1 = v2 at the pin's point on the line */
  double rate[2], t = 1e-6;
  for (int i = 0; i < 2; i++) {
    double ti = i ? t : -t;
    double P[2] = {d + sqrt(R1 * R1 - ti * ti), ti}; /* the pin's surface, offset ti */
    double v1[2] = {-w1 * P[1], d * psi_dot + w1 * (P[0] - d)};
    double r = hypot(P[0], P[1]); /* the wall is the circle r = R2: its turning moves nothing */
    rate[i] = (P[0] * v1[0] + P[1] * v1[1]) / r;
  }
  double slope = (rate[1] - rate[0]) / (2 * t), V = (w1 - psi_dot) * R1;
  double Rs = R_star(s, 1.0);
  printf("rolling in a bearing: slope %.9g 1/s, -(w1 - w2) %.9g, -(w1 - psi') %.9g; V/R* %.9g\n",
         slope, -(w1 - w2), -(w1 - psi_dot), V / Rs);
  CHECK_REL(slope, -(w1 - w2), 1e-8, "compression-rate slope = -(omega1 - omega2)");
  CHECK_REL(w1 - w2, V / Rs, 2 * delta / (R2 - R1), "omega1 - omega2 = V/R* (to O(delta/c))");
  CHECK_REL(w1 - psi_dot, (w1 - w2) * R2 / (R2 - R1), 2 * delta / (R2 - R1),
            "the rotation relative to the line of centres is R2/c times larger");
}

int main(void)
{
  reg = cs_test_registry();
  test_registry();
  test_area();
  test_damping();
  test_rolling();
  test_pressure();
  test_kinematics();
  cs_registry_free(reg);
  return cs_test_finish();
}
