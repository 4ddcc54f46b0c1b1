/* The short-bearing film of a worn bearing (joints/tribology/cs_film.h cs_film_eval_worn): h(θ) =
 * c − e·(cos θ, sin θ) + d(θ), its pressure integrated numerically over θ.
 * - unworn (d = 0): the numerical integral against the closed form (cs_film_eval), in the full
 *   film and past the boundary film, with wedge, whirl and squeeze mixed;
 * - a uniform depth d0: the closed form of a bearing of clearance c + d0;
 * - a groove: the derivatives against centred differences, in the full film and saturated;
 * - the hand-over to dry contact at the worn gap: the film follows the journal into the groove
 *   past c − h_b and saturates at c + d(γ) − h_b, continuously;
 * - in simulation, the steady journal of test_lubrication.c (2 kg, 200 rad/s) in a bore worn
 *   uniformly by d0 settles at the short bearing's equilibrium for the clearance c + d0. */
#include "cs_film.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <string.h>

static const double mu = 0.05, R = 0.01, L = 0.02, c = 50e-6, hb = 0.5e-6;
enum { BINS = 360 };

/* the bearing model under test (both are checked) */
static cs_film_model model = CS_FILM_SHORT_BEARING;
static const char *name(void) { return model == CS_FILM_LONG_BEARING ? "long" : "short"; }

static cs_lubrication lub(void) { return (cs_lubrication){model, mu, hb}; }

/* a bearing profile whose node weights are `weights` (the B-spline the gap sees), summed up
 * in `kinks` (BINS entries) */
static cs_wear profile(double *weights, int *kinks)
{
  cs_wear w;
  memset(&w, 0, sizeof w);
  w.bins = BINS;
  w.feedback = 1;
  w.length = 2 * M_PI * (R + c);
  w.spacing = w.length / BINS;
  w.depth = w.applied = weights;
  w.kink_ahead = kinks;
  cs_wear_summarize(&w);
  return w;
}

static double off(const cs_film *a, const cs_film *b)
{
  return hypot(a->force[0] - b->force[0], a->force[1] - b->force[1]) /
         hypot(b->force[0], b->force[1]);
}

typedef struct state {
  double e[2], rate[2], omega;
} state;

static const state states[] = {
  {{15e-6, 5e-6}, {0, 0}, 200},              /* steady wedge, ε 0.32 */
  {{-20e-6, 30e-6}, {1e-4, -3e-5}, 150},     /* wedge, whirl and squeeze, ε 0.72 */
  {{3e-6, -47e-6}, {-2e-5, 4e-5}, -300},     /* ε 0.94, turning the other way */
  {{10e-6, 0}, {0, -2e-3}, 0},               /* pure squeeze */
  {{34.6e-6, -35.5e-6}, {1e-5, 2e-5}, 250},  /* ε 0.991: past the boundary film */
};

static void unworn(void)
{
  cs_lubrication l = lub();
  double worst = 0;
  for (size_t i = 0; i < sizeof states / sizeof *states; i++) {
    const state *s = &states[i];
    cs_film a, b;
    cs_film_eval_numeric(&l, R, L, c, NULL, s->e, s->rate, s->omega, &a);
    cs_film_eval(&l, R, L, c, s->e, s->rate, s->omega, &b);
    printf("%s, d = 0, state %zu: ε %.4f%s, |F| %.6g N, numerical off the closed form %.2e\n",
           name(), i, b.epsilon, b.saturated ? " (saturated)" : "", hypot(b.force[0], b.force[1]),
           off(&a, &b));
    CHECK(a.saturated == b.saturated, "d = 0, state %zu: the same regime", i);
    worst = fmax(worst, off(&a, &b));
  }
  CHECK(worst < 1e-11, "d = 0: the numerical film is the closed form (%.3g)", worst);
}

static void uniform(void)
{
  cs_lubrication l = lub();
  const double d0 = 12e-6;
  double weights[BINS], worst = 0;
  for (int i = 0; i < BINS; i++)
    weights[i] = d0;
  int kinks[BINS];
  cs_wear w = profile(weights, kinks);
  for (size_t i = 0; i < sizeof states / sizeof *states; i++) {
    const state *s = &states[i];
    cs_film a, b;
    cs_film_eval_worn(&l, R, L, c, &w, s->e, s->rate, s->omega, &a);
    cs_film_eval(&l, R, L, c + d0, s->e, s->rate, s->omega, &b);
    printf("%s, d = %.3g uniform, state %zu: ε %.4f (closed form at c + d0 %.4f), off %.2e\n",
           name(), d0, i, a.epsilon, b.epsilon, off(&a, &b));
    CHECK_REL(a.epsilon, b.epsilon, 1e-12, "uniform depth: ε against c + d0");
    CHECK_REL(a.h_min, b.h_min, 1e-12, "uniform depth: h_min against c + d0");
    worst = fmax(worst, off(&a, &b));
  }
  CHECK(worst < 1e-10, "uniform depth d0: the closed form with c + d0 (%.3g)", worst);
}

/* a groove 20 µm deep (Gaussian, 0.8 rad wide) at θ = −π/2: wide enough that the bore stays
 * flatter than the journal (d'' + |e| > 0), so the film is thinnest on the line of centres */
static void groove(double *weights)
{
  for (int i = 0; i < BINS; i++) {
    double th = remainder(2 * M_PI * i / BINS + M_PI / 2, 2 * M_PI);
    weights[i] = 20e-6 * exp(-th * th / (2 * 0.8 * 0.8));
  }
}

static void derivatives(void)
{
  cs_lubrication l = lub();
  double weights[BINS];
  groove(weights);
  int kinks[BINS];
  cs_wear w = profile(weights, kinks);
  const state cases[] = {
    {{5e-6, -40e-6}, {1e-4, -3e-5}, 150},  /* over the groove, inside the unworn clearance */
    {{2e-6, -58e-6}, {-2e-5, 4e-5}, 220},  /* in the groove, past the unworn clearance */
    {{1e-6, -69.9e-6}, {1e-5, 2e-5}, 250}, /* past the worn boundary film: saturated */
    {{-30e-6, 20e-6}, {0, -1e-3}, 80},     /* away from the groove */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    double x[5] = {cases[i].e[0], cases[i].e[1], cases[i].rate[0], cases[i].rate[1],
                   cases[i].omega};
    cs_film f;
    cs_film_eval_worn(&l, R, L, c, &w, x, x + 2, x[4], &f);
    double worst = 0;
    for (int j = 0; j < 5; j++) {
      /* a tenth of these steps: round-off's 1e-4 */
      double y[5], hstep = j < 2 ? 1e-10 : j < 4 ? 1e-8 : 1e-3;
      cs_film fp, fm;
      memcpy(y, x, sizeof y);
      y[j] += hstep;
      cs_film_eval_worn(&l, R, L, c, &w, y, y + 2, y[4], &fp);
      y[j] -= 2 * hstep;
      cs_film_eval_worn(&l, R, L, c, &w, y, y + 2, y[4], &fm);
      for (int k = 0; k < 2; k++) {
        double fd = (fp.force[k] - fm.force[k]) / (2 * hstep);
        double an = j < 2 ? f.d_e[2 * k + j] : j < 4 ? f.d_rate[2 * k + j - 2] : f.d_omega[k];
        /* each column against its own scale: the rates' columns are far smaller */
        double colscale = 0;
        for (int kk = 0; kk < 2; kk++)
          colscale = fmax(colscale, fabs(j < 2 ? f.d_e[2 * kk + j]
                                         : j < 4 ? f.d_rate[2 * kk + j - 2] : f.d_omega[kk]));
        worst = fmax(worst, fabs(an - fd) / fmax(colscale, 1e-300));
      }
    }
    printf("%s, groove, case %zu: |e| %.4g m, ε %.4f%s, h_min %.4g m, |F| %.5g N: derivatives "
           "off %.2e\n", name(), i, hypot(x[0], x[1]), f.epsilon, f.saturated ? " (saturated)" : "",
           f.h_min, hypot(f.force[0], f.force[1]), worst);
    CHECK(worst < 1e-5, "groove, case %zu: derivatives against differences (%.3g)", i, worst);
  }
}

/* The film follows the journal into the groove: at |e| = c (the unworn wall) it is a full
 * film; it saturates at c + d(γ) − h_b, with no jump. */
static void handover(void)
{
  cs_lubrication l = lub();
  double weights[BINS];
  groove(weights);
  int kinks[BINS];
  cs_wear w = profile(weights, kinks);
  double d1, d2, d = cs_wear_applied(&w, (R + c) * 1.5 * M_PI, &d1, &d2);
  double rate[2] = {0, 0}, edge = c + d - hb;
  cs_film at_c, below, above;
  double e_c[2] = {0, -c}, e_lo[2] = {0, -(edge - 1e-12)}, e_hi[2] = {0, -(edge + 1e-12)};
  cs_film_eval_worn(&l, R, L, c, &w, e_c, rate, 200, &at_c);
  cs_film_eval_worn(&l, R, L, c, &w, e_lo, rate, 200, &below);
  cs_film_eval_worn(&l, R, L, c, &w, e_hi, rate, 200, &above);
  printf("%s hand-over: depth under the journal %.5g m; at |e| = c: h_min %.4g m, ε %.4f, "
         "%s; boundary at |e| = %.6g m: |F| %.6g N below, %.6g N above (off %.2e)\n", name(), d,
         at_c.h_min, at_c.epsilon, at_c.saturated ? "saturated" : "full film", edge,
         hypot(below.force[0], below.force[1]), hypot(above.force[0], above.force[1]),
         off(&above, &below));
  CHECK(!at_c.saturated, "the film follows the journal into the groove past c");
  CHECK_REL(at_c.h_min, d, 1e-9, "h_min at |e| = c is the depth there");
  CHECK(!below.saturated && above.saturated, "saturation at c + d(gamma) - h_b");
  /* across the 2e-12 m the film itself changes by about as much (|F| ~ h^-2.5): below the
   * boundary, the same step changes it by `slope` */
  cs_film deeper;
  double e_dd[2] = {0, -(edge - 3e-12)};
  cs_film_eval_worn(&l, R, L, c, &w, e_dd, rate, 200, &deeper);
  double slope = off(&deeper, &below);
  printf("hand-over: the full film's own change over 2e-12 m: %.2e\n", slope);
  CHECK(off(&above, &below) < 1.5 * slope, "no jump at the hand-over (%.3g against %.3g)",
        off(&above, &below), slope);
}

/* The steady journal in a bore worn uniformly by d0 (a wear block with feedback whose
 * initial profile is d0 everywhere; no dry contact, so it wears no further). */
static void steady_worn(void)
{
  const double d0 = 25e-6, omega = 200, mass = 2, g = 9.81, cw = c + d0;
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"journal\", \"gravity\": [0, %.17g], \"bodies\": ["
           "{\"name\": \"bearing\", \"ground\": true},"
           "{\"name\": \"journal\", \"mass\": %.17g, \"inertia\": 1e-4, \"velocity\": [0, 0, "
           "%.17g]}], \"drivers\": [{\"name\": \"spin\", \"type\": \"angle\", \"body\": "
           "\"journal\", \"motion\": {\"velocity\": %.17g}}],"
           "\"clearance_joints\": [{\"name\": \"J\", \"type\": \"revolute\", \"body1\": "
           "\"bearing\", \"body2\": \"journal\", \"pin_radius\": %.17g, \"hole_radius\": "
           "%.17g, \"length\": %.17g, \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, "
           "{\"E\": 2.07e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"restitution\": {\"model\": \"constant\", \"cr\": 0.9}},"
           "\"lubrication\": {\"model\": \"short_bearing\", \"viscosity\": %.17g, "
           "\"boundary_film\": %.17g},"
           "\"wear\": {\"model\": \"archard\", \"k\": 1e-4, \"hardness\": 2e9, "
           "\"initial_depth\": [%.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, "
           "%.17g, %.17g, %.17g]}}],"
           "\"solver\": {\"t_end\": 1, \"rtol\": 1e-9, \"atol\": 1e-12},"
           "\"output\": {\"interval\": 1e-3}}",
           -g, mass, omega, omega, R, R + c, L, mu, hb, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0,
           d0, d0);
  cs_model *m = load_model_string(json, "<worn journal>");
  cs_sim *sim = start(m);
  cs_error err;
  if (cs_sim_advance(sim, 1.0, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  cs_clearance_state st;
  cs_sim_clearance(sim, 0, &st);
  double r = hypot(st.eccentricity[0], st.eccentricity[1]), eps = r / cw;
  /* ε solving the short bearing's W(ε) = m g at the clearance c + d0 (bisection) */
  double lo = 0, hi = 0.999, K = mu * R * omega * L * L * L / (4 * cw * cw);
  for (int i = 0; i < 200; i++) {
    double e = 0.5 * (lo + hi);
    double W = K * e / pow(1 - e * e, 2) * sqrt(M_PI * M_PI * (1 - e * e) + 16 * e * e);
    *(W < mass * g ? &lo : &hi) = e;
  }
  double want = 0.5 * (lo + hi), att = atan2(st.eccentricity[0], -st.eccentricity[1]);
  double want_att = atan(M_PI * sqrt(1 - want * want) / (4 * want));
  printf("worn by %.3g m: eps %.6f against c + d0 (W(eps) = mg: %.6f), attitude %.4f rad "
         "(%.4f); output eps %.6f, h_min %.4g m; worn volume %.3g m^3\n", d0, eps, want, att,
         want_att, st.eccentricity_ratio, st.film_thickness, st.wear_volume);
  CHECK_REL(eps, want, 0.01, "worn bore: steady eccentricity ratio at the clearance c + d0");
  CHECK_REL(att, want_att, 0.01, "worn bore: steady attitude angle");
  CHECK_REL(st.eccentricity_ratio, eps, 1e-12, "worn bore: output eps = |e|/(c + d0)");
  CHECK_REL(st.film_thickness, cw - r, 1e-9, "worn bore: output h_min = c + d0 - |e|");
  CHECK(st.film_regime == 1 && !st.in_contact && st.wear_volume == 0,
        "worn bore: full film, no dry contact, no wear");
  cs_sim_free(sim);
  cs_model_free(m);
}

int main(void)
{
  steady_worn();
  for (int k = 0; k < 2; k++) {
    model = k ? CS_FILM_LONG_BEARING : CS_FILM_SHORT_BEARING;
    unworn();
    uniform();
    derivatives();
    handover();
  }
  return cs_test_finish();
}
