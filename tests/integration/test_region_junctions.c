/* Energy across the junctions of a multi-region joint (joints/clearance/clearance_blend.c): an undamped
 * pin (0.1 kg, 0.5 m/s, 50 µm clearance, elastic L-N, Kelvin–Voigt c = 0) slides to and fro
 * along a straight and a curved slot for many passes, in contact across the track/cap
 * junctions, where L-N's stiffness (∝ √R*) differs ×10. The contact potential is continuous
 * there, so the energy balance closes to the integrator's tolerance under every formulation
 * and tightens with it; a jump of the potential at the junctions (the laws switched where δ
 * is continuous) made 0.0125 J of energy into up to 0.057 J, or 1e8 J under ggl at rtol 1e-11.
 * A translational block whose two walls have laws ×10 apart rattles between them: its walls
 * meet only on the guide's centre line, a clearance from both, so its energy stays too. The
 * forces' Jacobian inside the blends is checked against differences. */
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>

#define LN_UNDAMPED                                                                            \
  "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "              \
  "\"kelvin_voigt\", \"c\": 0}}"

/* The pin in a ground slot: a straight one (track 20 mm, pressed onto its lower track by
 * gravity) or a curved one (R_m 50 mm over ±0.3 rad, pressed onto its outer track by the
 * pin's own centripetal force). */
static const char *straight_slot =
  "\"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": "
  "\"pin\", \"mass\": 0.1, \"inertia\": 1e-6, \"position\": [0, -4.99e-5, 0], \"velocity\": "
  "[0.5, 0, 0]}], \"clearance_joints\": [{\"name\": \"slot\", \"type\": \"slot\", \"body1\": "
  "\"g\", \"body2\": \"pin\", \"axis\": [1, 0], \"half_length\": 0.01, \"half_width\": "
  "0.00505, \"pin_radius\": 0.005, \"length\": 0.01, \"materials\": [" STEEL ", " STEEL "], "
  "\"contact\": " LN_UNDAMPED "}]";
static const char *curved_slot =
  "\"gravity\": [0, 0], \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": \"pin\", "
  "\"mass\": 0.1, \"inertia\": 1e-6, \"position\": [0.0500499, 0, 0], \"velocity\": [0, 0.5, "
  "0]}], \"clearance_joints\": [{\"name\": \"slot\", \"type\": \"curved_slot\", \"body1\": "
  "\"g\", \"body2\": \"pin\", \"axis\": [1, 0], \"mean_radius\": 0.05, \"half_angle\": 0.3, "
  "\"half_width\": 0.00505, \"pin_radius\": 0.005, \"length\": 0.01, \"materials\": [" STEEL
  ", " STEEL "], \"contact\": " LN_UNDAMPED "}]";
/* power laws for the two walls, K ×10 apart (the ratio of L-N's track and cap stiffness) */
static const char *block =
  "\"gravity\": [0, 0], \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": "
  "\"block\", \"mass\": 0.1, \"inertia\": 1.5e-5, \"position\": [0, 0.0001, 0], \"velocity\": "
  "[0.5, 0.08, 0.9]}], \"clearance_joints\": [{\"name\": \"guide\", \"type\": "
  "\"translational\", \"body1\": \"g\", \"body2\": \"block\", \"start\": \"given\", \"axis\": [1, 0], "
  "\"half_length\": 0.02, \"half_width\": 0.01, \"corner_radius\": 0.001, "
  "\"guide_half_width\": 0.0105, \"length\": 0.02, \"materials\": [" STEEL ", " STEEL "], "
  "\"contact\": " LN_UNDAMPED ", \"regions\": {\"upper\": {\"elastic\": {\"model\": "
  "\"power_law\", \"K\": 1e10, \"n\": 1.5}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": "
  "0}}, \"lower\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e11, \"n\": 1.5}, "
  "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}}}]";

/* ξ, the pin centre's distance past the nearest junction (clearance_blend.c), from its
 * eccentricity: the straight slot's caps at ±10 mm, the curved slot's at ±0.3 rad of R_m. */
typedef double (*xi_fn)(const double e[2]);
static double xi_straight(const double e[2]) { return fabs(e[0]) - 0.01; }
static double xi_curved(const double e[2]) { return 0.05 * (fabs(atan2(e[1], e[0])) - 0.3); }
static const double blend = 25e-6; /* half the 50 µm clearance */

typedef struct books {
  double E0, worst;    /* the initial energy and the worst |balance error| */
  int pins;            /* the joint's pins (a block's corners: 4) */
  int regions_seen;    /* bit r: region r touched */
  xi_fn xi;            /* NULL: no junction met in contact (the block) */
  double last_xi;      /* ξ at the last row, NAN out of contact */
  int inside[2];       /* rows in contact within the blend before and past a junction */
  int crossings;       /* sign changes of ξ between rows both in contact */
} books;

/* The rows in contact in a blend on either side of its junction, and the crossings. */
static void junctions(books *b, const cs_clearance_state *st)
{
  double xi = st->in_contact ? b->xi(st->eccentricity) : NAN;
  if (fabs(xi) < blend)
    b->inside[xi > 0]++;
  b->crossings += (xi > 0) != (b->last_xi > 0) && !isnan(xi) && !isnan(b->last_xi);
  b->last_xi = xi;
}

static int keep(const cs_sim *s, void *user)
{
  books *b = user;
  cs_energy e;
  cs_sim_energy(s, &e);
  b->worst = fmax(b->worst, fabs(e.balance_error));
  for (int i = 0; i < b->pins; i++) {
    cs_clearance_state st;
    cs_sim_clearance_corner(s, 0, i, &st);
    if (st.in_contact)
      b->regions_seen |= 1 << st.region;
    if (b->xi)
      junctions(b, &st);
  }
  return 0;
}

/* The worst |balance error| over the run as a fraction of the initial energy. */
static double run(const char *label, const char *body, xi_fn xi, const char *form,
                  double rtol, double t_end, books *b)
{
  char json[8192];
  snprintf(json, sizeof json,
           "{\"name\": \"junctions\", %s, \"solver\": {\"formulation\": \"%s\", \"t_end\": %g, "
           "\"rtol\": %g, \"atol\": 1e-14}, \"output\": {\"interval\": 2e-5}}",
           body, form, t_end, rtol);
  cs_model *m = load_model_string(json, label);
  cs_sim *s = start(m);
  cs_energy e;
  cs_sim_energy(s, &e);
  *b = (books){.E0 = e.kinetic + e.potential, .pins = xi ? 1 : 4, .xi = xi, .last_xi = NAN};
  cs_sim_set_output(s, keep, b);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "%s, %s, rtol %g: runs (%s)", label, form, rtol, st ? err.message : "");
  const char *warn = cs_sim_warnings(s);
  CHECK(!strstr(warn, "energy balance"), "%s, %s: no balance warning (%s)", label, form, warn);
  printf("%-14s %-9s rtol %.0e: worst balance %.3e J of %.4g J (%.2e); rows in contact in "
         "a blend %d + %d, %d crossings\n", label, form, rtol, b->worst, b->E0,
         b->worst / b->E0, b->inside[0], b->inside[1], b->crossings);
  cs_sim_free(s);
  cs_model_free(m);
  return b->worst / b->E0;
}

/* Each formulation at rtol 1e-8 and 1e-10: the balance within `bound8` and `bound10` of the
 * energy, tightening with the tolerance, a region of each mask touched and (xi non-NULL) the
 * junctions met in contact: rows inside the blends on both sides, and crossings. */
static void conserves(const char *label, const char *body, xi_fn xi, double t_end,
                      double bound8, double bound10, const int regions[3])
{
  static const char *forms[] = {"auto", "ggl", "projected"};
  for (int f = 0; f < 3; f++) {
    books b8, b10;
    double e8 = run(label, body, xi, forms[f], 1e-8, t_end, &b8);
    double e10 = run(label, body, xi, forms[f], 1e-10, t_end, &b10);
    CHECK(e8 < bound8, "%s, %s, rtol 1e-8: balance %.3g of the energy < %.0e", label, forms[f],
          e8, bound8);
    CHECK(e10 < bound10, "%s, %s, rtol 1e-10: balance %.3g of the energy < %.0e", label,
          forms[f], e10, bound10);
    CHECK(e10 < e8, "%s, %s: the balance tightens with the tolerance (%.3g, %.3g)", label,
          forms[f], e8, e10);
    CHECK(!xi || (b10.inside[0] >= 5 && b10.inside[1] >= 5 && b10.crossings >= 1),
          "%s, %s: the junctions met in contact (%d + %d rows, %d crossings)", label, forms[f],
          b10.inside[0], b10.inside[1], b10.crossings);
    for (int k = 0; k < 3 && regions[k]; k++)
      CHECK(b10.regions_seen & regions[k], "%s, %s: regions touched %#x, one of %#x", label,
            forms[f], b10.regions_seen, regions[k]);
  }
}

/* Pin state (LuGre bristles, different on track and cap: the state's rate changes with the
 * weight too) at pin_local: ∂Q/∂z, ∂z'/∂q, ∂z'/∂v, ∂z'/∂z against centred differences, and
 * ∂Q/∂q, ∂Q/∂v at the bound z. */
static void state_case(const char *label, const char *joint, const char *contact,
                       const double pin_local[2])
{
  cs_model *m = two_bodies(joint, contact);
  double q[6], v[6], z[1] = {0.004}, f[1], fp[1], fm[1], Q[6] = {0}, Qp[6], Qm[6];
  double Qq[36] = {0}, Qv[36] = {0}, Qz[6] = {0}, Fq[6] = {0}, Fv[6] = {0}, Fz[1] = {0};
  cs_clearances *c = pair_in_contact(m, pin_local, q, v);
  CHECK(cs_clearances_state_count(c) == 1, "%s: one bristle state", label);
  cs_clearances_bind_state(c, z);
  cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  cs_clearances_state_rate(c, q, v, f, &(cs_acc){.dense = Fq, .ld = 1},
                           &(cs_acc){.dense = Fv, .ld = 1}, &(cs_acc){.dense = Fz, .ld = 1},
                           &(cs_acc){.dense = Qz, .ld = 6}, 1.0);
  probe p = {c, q, v};
  double worst[4] = {0}, scale[4] = {1e-300, 1e-300, 1e-300, 1e-300}; /* Qz, Fq, Fv, Fz */
  const double hz = 1e-8;
  z[0] += hz;
  forces(&p, q, v, Qp, 6);
  cs_clearances_state_rate(c, q, v, fp, NULL, NULL, NULL, NULL, 0);
  z[0] -= 2 * hz;
  forces(&p, q, v, Qm, 6);
  cs_clearances_state_rate(c, q, v, fm, NULL, NULL, NULL, NULL, 0);
  z[0] += hz;
  for (int r = 0; r < 6; r++) {
    double fd = (Qp[r] - Qm[r]) / (2 * hz);
    worst[0] = fmax(worst[0], fabs(Qz[r] - fd)), scale[0] = fmax(scale[0], fabs(fd));
  }
  double fdz = (fp[0] - fm[0]) / (2 * hz);
  worst[3] = fabs(Fz[0] - fdz), scale[3] = fmax(scale[3], fabs(fdz));
  for (int col = 0; col < 6; col++)
    for (int which = 0; which < 2; which++) {
      double x[6], h = which == 0 ? 1e-9 : 1e-7;
      memcpy(x, which == 0 ? q : v, sizeof x);
      x[col] += h;
      cs_clearances_state_rate(c, which ? q : x, which ? x : v, fp, NULL, NULL, NULL, NULL, 0);
      x[col] -= 2 * h;
      cs_clearances_state_rate(c, which ? q : x, which ? x : v, fm, NULL, NULL, NULL, NULL, 0);
      double fd = (fp[0] - fm[0]) / (2 * h), an = (which ? Fv : Fq)[col];
      worst[1 + which] = fmax(worst[1 + which], fabs(an - fd));
      scale[1 + which] = fmax(scale[1 + which], fabs(fd));
    }
  double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv);
  printf("%-28s ∂Q/∂q off %.2e, ∂Q/∂v %.2e, ∂Q/∂z %.2e, ∂z'/∂q %.2e, ∂z'/∂v %.2e, ∂z'/∂z "
         "%.2e\n", label, eq, ev, worst[0] / scale[0], worst[1] / scale[1], worst[2] / scale[2],
         worst[3] / scale[3]);
  CHECK(eq < 1e-6 && ev < 1e-6, "%s: ∂Q/∂q, ∂Q/∂v at the bound z (%.3g, %.3g)", label, eq, ev);
  for (int k = 0; k < 4; k++)
    CHECK(worst[k] < 1e-6 * scale[k], "%s: state block %d against differences (%.3g)", label,
          k, worst[k] / scale[k]);
  cs_clearances_free(c);
  cs_model_free(m);
}

/* The forces' Jacobian where two regions' laws are mixed (c = 2 mm: blends ±1 mm about each
 * junction), 20 µm deep, on either side of a junction. */
static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  const char *slot = SLOT_KEYS, *arc = ARC_KEYS;
  const double u[2] = {0.6, 0.8}, n[2] = {-0.8, 0.6}, r = 0.00202, x = 0.0004;
  /* straight: on the lower track x before the front junction; in the front cap x past it */
  double track[2] = {0.002 + (0.05 - x) * u[0] - r * n[0], 0.001 + (0.05 - x) * u[1] - r * n[1]};
  double c = sqrt(r * r - x * x);
  double cap[2] = {0.002 + (0.05 + x) * u[0] - c * n[0], 0.001 + (0.05 + x) * u[1] - c * n[1]};
  jacobian_case("slot track by its cap", slot, ln, track);
  jacobian_case("slot cap by its track", slot, ln, cap);
  /* curved: the outer track before the +β junction, the inner one after the −β one, and the
   * +β cap past its junction on the outer side */
  double a = 0.5 - x / 0.1, b = -0.5 + x / 0.1;
  double outer[2] = {0.002 + 0.10202 * cos(a), 0.001 + 0.10202 * sin(a)};
  double inner[2] = {0.002 + 0.09798 * cos(b), 0.001 + 0.09798 * sin(b)};
  double e[2] = {cos(0.5), sin(0.5)}, t[2] = {-sin(0.5), cos(0.5)};
  double arc_cap[2] = {0.002 + 0.1 * e[0] + c * e[0] + x * t[0],
                       0.001 + 0.1 * e[1] + c * e[1] + x * t[1]};
  jacobian_case("curved outer by its cap", arc, ln, outer);
  jacobian_case("curved inner by its cap", arc, ln, inner);
  jacobian_case("curved cap by its outer", arc, ln, arc_cap);
  /* rolling resistance (volumetric laws, 002), weighed like the forces */
  const char *vol = "{\"elastic\": {\"model\": \"volumetric\", \"k_v\": 1e13}, \"damping\": "
                    "{\"model\": \"volumetric\", \"a\": 0.3}}";
  jacobian_case("volumetric slot track by cap", slot, vol, track);
  jacobian_case("volumetric slot cap by track", slot, vol, cap);
  /* bristles of other parameters on the cap than on the track */
  char joint[1024];
  snprintf(joint, sizeof joint, "%s, \"regions\": {\"cap\": {\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"restitution\": {\"model\": \"constant\", \"cr\": 0.8}, \"friction\": "
           "{\"model\": \"lugre\", \"mu_s\": 0.2, \"mu_k\": 0.12, \"v_s\": 0.5, "
           "\"sigma0\": 30, \"sigma1\": 3, \"sigma2\": 0.1}}}", slot);
  const char *lugre = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                      "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
                      "\"constant\", \"cr\": 0.8}, \"friction\": {\"model\": \"lugre\", "
                      "\"mu_s\": 0.15, \"mu_k\": 0.1, \"v_s\": 0.7, \"sigma0\": 10, "
                      "\"sigma1\": 2, \"sigma2\": 0.3}}";
  state_case("lugre slot track by cap", joint, lugre, track);
  state_case("lugre slot cap by track", joint, lugre, cap);
}

/* At the tolerance that did not hold the slot's books under Verner 6(5) (atol 1e-10: about 1 %
 * of the energy) DOP853 holds them to 3e-4; a balance warning, were there one, names the
 * formulation the user chose, auto, not the DAE it hands to. */
static void warning_names_auto(void)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"junctions\", %s, \"solver\": {\"t_end\": 0.5, \"rtol\": 1e-8, "
           "\"atol\": 1e-10}, \"output\": {\"interval\": 2e-5}}", straight_slot);
  cs_model *m = load_model_string(json, "auto warning");
  cs_sim *s = start(m);
  cs_error err;
  CHECK(cs_sim_advance(s, 0.5, &err) == CS_OK, "auto warning: runs");
  cs_energy e;
  cs_sim_energy(s, &e);
  CHECK(fabs(e.balance_error) < 1e-3 * 0.0125, "auto warning: the books hold to 1e-3 of the "
        "0.0125 J the run moves: %.3g J", e.balance_error);
  const char *warn = cs_sim_warnings(s);
  CHECK(!strstr(warn, "energy balance") || strstr(warn, "(auto)"),
        "auto warning: a balance warning names auto (%s)", warn);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  jacobians();
  /* Measured (auto, ggl, projected; worst over the run, of the energy): straight 1.9e-5,
   * 6.5e-5, 1.9e-5 at rtol 1e-8 and 9.9e-8, 1.5e-6, 9.9e-8 at 1e-10; curved 4.7e-6, 1.6e-5,
   * 4.7e-6 and 2.8e-8, 2.5e-6, 2.8e-8. Before the blend: 0.26 to 2.5, and 1e11 to 1e19 under
   * ggl. */
  /* regions: track 0x1, cap 0x2; inner 0x1, outer 0x2, cap 0x4; upper walls 0x55, lower 0xaa */
  conserves("straight slot", straight_slot, xi_straight, 0.5, 3e-4, 1e-5,
            (int[3]){0x1, 0x2, 0});
  conserves("curved slot", curved_slot, xi_curved, 0.5, 3e-4, 1e-5, (int[3]){0x1, 0x2, 0x4});
  conserves("translational", block, NULL, 0.1, 3e-4, 1e-5, (int[3]){0x55, 0xaa, 0});
  warning_names_auto();
  return cs_test_finish();
}
