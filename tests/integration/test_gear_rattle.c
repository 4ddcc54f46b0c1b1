/* Gear rattle (models/gear_rattle.json; clearance kind "gear", joints/clearance/clearance_gear.c):
 * the free gear, held back by a drag torque T_d, follows the driving flank until the driving
 * gear's fluctuation asks it to decelerate faster than the drag can: the rattle threshold
 * A* = T_d rb2 / (J2 rb1 ω²). Below it (0.9 A*) the mesh settles on its flank and stays there;
 * above (1.1 A*) it separates and strikes the flanks every cycle. The threshold located by
 * bisection on A lies within 2 % of A*. An undamped mesh keeps its energy balance. */
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>

static const double T_d = 0.05, rb1 = 0.05, rb2 = 0.04, J2 = 1e-3, w = 125.66370614359172;
#define CYCLE (2.0 * M_PI / 125.66370614359172)

static char *model_text(void)
{
  FILE *f = fopen("models/gear_rattle.json", "rb");
  if (!f) {
    printf("FATAL: models/gear_rattle.json: cannot open\n");
    exit(2);
  }
  static char text[16384];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  return text;
}

/* The model with amplitude A (and an undamped law when `elastic`), its text edited. */
static cs_model *with(double A, int elastic)
{
  char json[16384], *src = model_text();
  const char *key = "\"amplitude\": 3e-3", *law = "\"damping\": {\"model\": \"lankarani_nikravesh\"}";
  char *at = strstr(src, key), *lat = strstr(src, law);
  if (!at || !lat) {
    printf("FATAL: models/gear_rattle.json: amplitude or damping law not found\n");
    exit(2);
  }
  int n = snprintf(json, sizeof json, "%.*s\"amplitude\": %.17g%.*s%s%s", (int)(at - src), src, A,
                   (int)(lat - at - strlen(key)), at + strlen(key),
                   elastic ? "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}" : law,
                   lat + strlen(law));
  if (n >= (int)sizeof json) {
    printf("FATAL: model too long\n");
    exit(2);
  }
  return load_model_string(json, "<gear rattle>");
}

/* Contact onsets after t_from over a run to t_end, and the worst balance / energy scale. */
static int onsets(double A, int elastic, double t_end, double t_from, double *balance)
{
  cs_model *m = with(A, elastic);
  cs_sim *s = start(m);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "A %.4g: runs (%s)", A, st ? err.message : "");
  int n = 0;
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    n += e.t_on >= t_from;
  }
  cs_energy e;
  cs_sim_energy(s, &e);
  *balance = fabs(e.balance_error) / fmax(e.kinetic, fabs(e.driver_work));
  cs_sim_free(s);
  cs_model_free(m);
  return n;
}

/* The mesh's forces' Jacobians against differences, 2 µm into each flank. */
static void jacobians(void)
{
  const char *gear = "\"type\": \"gear\", \"base_radii\": [0.05, 0.04], \"backlash\": 0.01, "
                     "\"length\": 0.01";
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}}";
  cs_model *m = two_bodies(gear, ln);
  for (int side = -1; side <= 1; side += 2) {
    double q[6] = {0.01, -0.02, 0.3, 0.03, 0.04, -0.2}, v[6] = {0.3, -0.2, 1.5, -0.4, 0.7, -2.0};
    q[5] += side * (0.5 * 0.04 * 0.01 + 2e-6) / 0.04; /* s = ±(b/2 + 2 µm) */
    cs_clearances *c = clearances_of(m);
    cs_clearances_open(c, 0, 0.0, q, v);
    double Q[6] = {0}, Qq[36] = {0}, Qv[36] = {0};
    cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                         &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
    probe p = {c, q, v};
    double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv);
    printf("gear mesh %s flank: torques %.4g, %.4g N m; ∂Q/∂q off %.2e, ∂Q/∂v off %.2e\n",
           side > 0 ? "forward" : "reverse", Q[2], Q[5], eq, ev);
    CHECK(Q[2] * side < 0 && Q[5] * side < 0 && fabs(Q[2] / Q[5] - 0.05 / 0.04) < 1e-12,
          "gear %d: torques oppose the closing, in the ratio of the base radii", side);
    CHECK(eq < 1e-6 && ev < 1e-6, "gear %d: Jacobians (%.3g, %.3g)", side, eq, ev);
    cs_clearances_free(c);
  }
  cs_model_free(m);
}

int main(void)
{
  (void)jacobian_case; /* cs_test_clearance.h's placing of a pin: a mesh has none */
  jacobians();
  const double A_star = T_d * rb2 / (J2 * rb1 * w * w), t_end = 40 * CYCLE, t_from = 20 * CYCLE;
  double bal;
  int below = onsets(0.9 * A_star, 0, t_end, t_from, &bal);
  int above = onsets(1.1 * A_star, 0, t_end, t_from, &bal);
  printf("A* = %.5g rad: over cycles 20-40, %d onsets at 0.9 A*, %d at 1.1 A*\n", A_star, below,
         above);
  CHECK(below == 0, "below the threshold the mesh stays on its flank (%d onsets)", below);
  CHECK(above >= 20, "above it, at least one impact per cycle (%d in 20)", above);
  double lo = 0.9 * A_star, hi = 1.1 * A_star;
  for (int i = 0; i < 4; i++) {
    double mid = 0.5 * (lo + hi);
    if (onsets(mid, 0, t_end, t_from, &bal) > 0)
      hi = mid;
    else
      lo = mid;
  }
  printf("rattle threshold by bisection: %.5g … %.5g rad (A* %.5g: %+.2f %%)\n", lo, hi, A_star,
         100.0 * (0.5 * (lo + hi) / A_star - 1.0));
  CHECK(fabs(0.5 * (lo + hi) / A_star - 1.0) < 0.02, "the threshold within 2 %% of A* (%.4g, %.4g)",
        0.5 * (lo + hi), A_star);
  int n = onsets(1.2 * A_star, 1, 10 * CYCLE, 0.0, &bal);
  printf("undamped mesh at 1.2 A*: %d onsets in 10 cycles, balance %.2e of the energy\n", n, bal);
  CHECK(n >= 10 && bal < 1e-5, "undamped: rattles (%d) and keeps its books (%.3g)", n, bal);
  return cs_test_finish();
}
