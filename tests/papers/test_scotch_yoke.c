/* The scotch yoke with a curved pin-in-slot clearance joint of Autiero et al. 2022 (004) §4,
 * Tables 10–11: models/scotch_yoke_<law>.json, one per elastic law of Table 11 (their
 * descriptions derive the geometry Table 10 leaves out: crank r = 50 mm, the slot's arc centre
 * on the sliding line, the crank starting 31° before the direction of the arc centre).
 *
 * Each model runs its two crank turns at its own tolerances; the second turn is measured, as
 * 004 does, in relative crank angle ρ = φ − φ(0) (ω t). What 004 states and we check:
 *  - a contact-free region around 100° (the pin crossing the clearance where the slider's
 *    acceleration changes sign; closed form below puts that at 94.6°);
 *  - the higher a fit's stiffness, the higher its contact force amplitudes, for the four fits
 *    with n ≈ 1.04–1.10 (004 excludes Lankarani–Nikravesh, n = 1.5, from that statement);
 *  - Goldsmith detaches between 120° and 300°. 004 says it is the only one; here all five do
 *    (our figures below, pinned as regression values, not tuned towards the paper);
 *  - the slider's position is only slightly affected by the clearance: here it stays within the
 *    geometric bound that the clearance plus the deepest penetration allow around the closed
 *    form x_C = r cos φ + √(R_m² − r² sin² φ) of the ideal mechanism.
 * 004 prints no force or penetration numbers; the peaks below are our results (rtol 1e-8, atol
 * 1e-10 as in the files; tolerances 1e-6…1e-9 move them by < 0.4 %), checked for convergence
 * against the Lankarani–Nikravesh model at rtol 1e-10, atol 1e-12. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <string.h>

enum { MAXWIN = 64 };

typedef struct law_case {
  const char *file, *label;
  double F_peak;     /* N, largest normal force of the contacts opened in turn 2 (ours) */
  double delta_peak; /* m, their deepest penetration (ours) */
  int impacts;       /* contacts opened in turn 2 (ours) */
  int detach;        /* contact-free windows meeting 120° < ρ < 300° (ours; 004: Goldsmith only) */
} law_case;

static const law_case cases[] = {
  {"models/scotch_yoke_lankarani_nikravesh.json", "Lankarani-Nikravesh", 5204, 121.77e-6, 18, 9},
  {"models/scotch_yoke_radzimovsky.json", "Radzimovsky", 4208, 117.64e-6, 17, 9},
  {"models/scotch_yoke_johnson.json", "Johnson", 4407, 111.29e-6, 19, 10},
  {"models/scotch_yoke_goldsmith.json", "Goldsmith", 3384, 208.67e-6, 10, 6},
  {"models/scotch_yoke_esdu78035.json", "ESDU-78035", 3011, 260.09e-6, 8, 5},
};
enum { NCASE = sizeof cases / sizeof cases[0] };

/* The mechanism as the model file builds it. */
typedef struct geom {
  double r, Rm, c, phi0, omega, T; /* crank, mean radius, clearance, φ(0), ω, one turn */
  int slider, pin;
} geom;

typedef struct result {
  geom g;
  double dx_max, dv_max, dv_sq, psi_max; /* turn 2, sampled at the outputs */
  long nsample;
  double win[MAXWIN][2]; /* contact-free windows of turn 2, ρ in degrees */
  int nwin, impacts, cap_events, short_contacts, receding_onsets;
  double F_peak, delta_peak, delta_run; /* delta_run: deepest of the whole run */
  cs_energy energy;
  cs_status status;
} result;

static const cs_joint *joint_named(const cs_model *m, const char *name)
{
  for (int i = 0; i < m->njoint; i++)
    if (!strcmp(m->joints[i].name, name))
      return &m->joints[i];
  printf("FATAL: %s has no joint \"%s\"\n", m->name, name);
  exit(2);
}

static geom geometry(const cs_model *m)
{
  const cs_joint *O = joint_named(m, "O"), *P = joint_named(m, "P"), *motor = joint_named(m, "motor");
  const cs_clearance *slot = &m->clearances[0];
  geom g;
  g.r = hypot(P->point[0][0] - O->point[1][0], P->point[0][1] - O->point[1][1]);
  g.Rm = slot->mean_radius;
  g.c = slot->half_width - slot->pin_radius;
  g.phi0 = motor->motion.initial;
  g.omega = motor->motion.velocity;
  g.T = 2 * M_PI / g.omega;
  g.slider = cs_model_body_index(m, "slider");
  g.pin = cs_model_body_index(m, "pin");
  return g;
}

/* The ideal mechanism: the arc centre (the slider's x) at r cos φ + √(R_m² − r² sin² φ), a
 * slider-crank whose rod is the slot's mean radius; derivatives in φ. */
static void ideal(const geom *g, double phi, double x[3])
{
  double s = sin(phi), c = cos(phi), S = sqrt(g->Rm * g->Rm - g->r * g->r * s * s);
  double r2 = g->r * g->r;
  x[0] = g->r * c + S;
  x[1] = -g->r * s - r2 * s * c / S;
  x[2] = -g->r * c - r2 * cos(2 * phi) / S - r2 * r2 * s * s * c * c / (S * S * S);
}

/* Relative crank angle (degrees) where the ideal slider's acceleration changes sign in
 * [lo, hi] (degrees of ρ), by bisection. */
static double crossing(const geom *g, double lo, double hi)
{
  double x[3];
  ideal(g, g->phi0 + lo * M_PI / 180, x);
  double sign_lo = x[2];
  for (int i = 0; i < 100; i++) {
    double mid = 0.5 * (lo + hi);
    ideal(g, g->phi0 + mid * M_PI / 180, x);
    if ((x[2] > 0) == (sign_lo > 0))
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

static int record(const cs_sim *s, void *user)
{
  result *r = user;
  const geom *g = &r->g;
  double t = cs_sim_time(s);
  if (t < g->T - 1e-12 || t > 2 * g->T + 1e-12)
    return 0;
  double q[3], v[3], x[3], phi = g->phi0 + g->omega * t;
  cs_clearance_state st;
  cs_sim_body_position(s, g->slider, q);
  cs_sim_body_velocity(s, g->slider, v);
  cs_sim_clearance(s, 0, &st);
  ideal(g, phi, x);
  double dv = v[0] - x[1] * g->omega;
  r->dx_max = fmax(r->dx_max, fabs(q[0] - x[0]));
  r->dv_max = fmax(r->dv_max, fabs(dv));
  r->dv_sq += dv * dv;
  r->nsample++;
  /* the pin's angle on the arc, from the slot's axis (−x in the slider's frame) */
  r->psi_max = fmax(r->psi_max, fabs(atan2(st.eccentricity[1], -st.eccentricity[0])));
  return 0;
}

/* Contact-free windows of turn 2 and the contacts opened in it, from the event table. */
static void tally(const cs_sim *s, result *r)
{
  const geom *g = &r->g;
  double T0 = g->T, T1 = 2 * g->T, covered = T0;
  int n = cs_sim_event_count(s);
  for (int i = 0; i < n; i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    double off = isnan(e.t_off) ? cs_sim_time(s) : e.t_off;
    r->delta_run = fmax(r->delta_run, e.max_penetration);
    r->cap_events += e.region == 2;
    r->short_contacts += off - e.t_on < 1e-9;
    r->receding_onsets += e.impact_velocity < 0.0;
    if (e.t_on >= T0 && e.t_on < T1) {
      r->impacts++;
      r->F_peak = fmax(r->F_peak, e.max_force);
      r->delta_peak = fmax(r->delta_peak, e.max_penetration);
    }
    if (off <= covered || e.t_on >= T1)
      continue;
    if (e.t_on > covered && r->nwin < MAXWIN) {
      r->win[r->nwin][0] = (covered - T0) * g->omega * 180 / M_PI;
      r->win[r->nwin][1] = (e.t_on - T0) * g->omega * 180 / M_PI;
      r->nwin++;
    }
    covered = off;
  }
  if (covered < T1 && r->nwin < MAXWIN) {
    r->win[r->nwin][0] = (covered - T0) * g->omega * 180 / M_PI;
    r->win[r->nwin][1] = 360.0;
    r->nwin++;
  }
}

static void run(cs_model *m, result *r)
{
  cs_error err;
  memset(r, 0, sizeof *r);
  r->g = geometry(m);
  m->output.interval = 2e-5; /* 0.086° of crank: samples for the slider's kinematics */
  cs_sim *s = start(m);
  cs_sim_set_output(s, record, r);
  r->status = cs_sim_advance(s, cs_model_t_end(m), &err);
  CHECK(r->status == CS_OK, "%s runs: %s", m->name, err.message);
  tally(s, r);
  cs_sim_energy(s, &r->energy);
  cs_sim_free(s);
}

/* The window that holds ρ (degrees), or −1. */
static int window_at(const result *r, double rho)
{
  for (int i = 0; i < r->nwin; i++)
    if (r->win[i][0] <= rho && rho <= r->win[i][1])
      return i;
  return -1;
}

static int detachments(const result *r, double from, double to)
{
  int n = 0;
  for (int i = 0; i < r->nwin; i++)
    n += r->win[i][1] > from && r->win[i][0] < to;
  return n;
}

static void print_row(const law_case *c, const result *r)
{
  printf("%-20s %8.0f %8.2f %7d %7d   ", c->label, r->F_peak, 1e6 * r->delta_peak, r->impacts,
         detachments(r, 120.0, 300.0));
  for (int i = 0; i < r->nwin; i++)
    printf("%s%.1f-%.1f", i ? " " : "", r->win[i][0], r->win[i][1]);
  printf("\n");
}

/* The checks every model must pass. */
static void check_model(const law_case *c, const result *r, double rho1)
{
  const geom *g = &r->g;
  const char *L = c->label;
  /* the engine's energy books: kinetic + dissipated − driver work stays constant */
  double scale = r->energy.kinetic + r->energy.dissipated + fabs(r->energy.driver_work);
  CHECK(fabs(r->energy.balance_error) < 1e-5 * scale, "%s: energy balance error %.3g J of %.3g J",
        L, r->energy.balance_error, scale);
  /* onsets approach, separations recede: no contact closed within a nanosecond of opening, no
   * onset at δ' < 0 (both happened before cs_clearances_events checked δ' at a root of δ) */
  CHECK(r->short_contacts == 0, "%s: %d contacts shorter than 1 ns", L, r->short_contacts);
  CHECK(r->receding_onsets == 0, "%s: %d onsets with δ' < 0", L, r->receding_onsets);
  /* r = 50 mm keeps the pin within asin(r / (R_m ∓ d)) of the axis, d = c + deepest δ: short
   * of the 60° where the end caps begin */
  double d = g->c + r->delta_run;
  CHECK(r->cap_events == 0, "%s: the pin never reaches an end cap (%d cap contacts)", L,
        r->cap_events);
  CHECK(r->psi_max <= asin(g->r / (g->Rm - d)) && r->psi_max >= asin(g->r / (g->Rm + d)) - 1e-4,
        "%s: largest pin angle %.4f deg, closed form %.4f-%.4f deg", L, r->psi_max * 180 / M_PI,
        asin(g->r / (g->Rm + d)) * 180 / M_PI, asin(g->r / (g->Rm - d)) * 180 / M_PI);
  /* slider position: the pin's distance to the arc centre is R_m ± d at most, so x departs from
   * the closed form by at most √(R_m² − r²) − √((R_m − d)² − r²) (at φ = ±90°); + 0.2 µm
   * for outputs interpolated between the accepted steps that measured d (the default
   * formulation's explicit steps are longer: measured 92 nm past d's bound on Johnson, where
   * GGL stayed within 10 nm) */
  double bound = sqrt(g->Rm * g->Rm - g->r * g->r) -
                 sqrt((g->Rm - d) * (g->Rm - d) - g->r * g->r) + 2e-7;
  CHECK(r->dx_max <= bound, "%s: slider within %.4g mm of the closed form, got %.4g mm", L,
        1e3 * bound, 1e3 * r->dx_max);
  /* 004 §4: "a region with a null contact force is visible around 100 degrees"; it opens where
   * the ideal acceleration changes sign (closed form, rho1) */
  int w = window_at(r, 100.0);
  CHECK(w >= 0, "%s: contact-free at rho = 100 deg (004 §4)", L);
  if (w >= 0)
    CHECK(fabs(r->win[w][0] - rho1) < 3.0, "%s: the window opens at %.2f deg, within 3 deg of "
          "the ideal acceleration's sign change at %.2f deg", L, r->win[w][0], rho1);
  /* our figures, pinned */
  CHECK_REL(r->F_peak, c->F_peak, 0.01, "peak contact force, turn 2 (ours)");
  CHECK_REL(r->delta_peak, c->delta_peak, 0.01, "peak penetration, turn 2 (ours)");
  CHECK(abs(r->impacts - c->impacts) <= 1, "%s: %d impacts in turn 2, ours %d +- 1", L,
        r->impacts, c->impacts);
  int k = detachments(r, 120.0, 300.0);
  CHECK(abs(k - c->detach) <= 1, "%s: %d detachments in 120-300 deg, ours %d +- 1", L, k,
        c->detach);
}

/* Track stiffness of a model's inner-track fit at δ = 0.1 mm (Table 11 via the file). */
static double stiffness(const char *file)
{
  cs_model *m = load_model(file);
  const double *p = m->clearances[0].contact[0].params[CS_ELASTIC];
  double F = p[0] * pow(1e-4, p[1]);
  cs_model_free(m);
  return F;
}

int main(void)
{
  static result res[NCASE], fine;
  double rho1 = 0, rho2 = 0;
  printf("Scotch yoke, 004 §4: turn 2 in relative crank angle (deg)\n");
  printf("%-20s %8s %8s %7s %7s   %s\n", "law", "F_pk N", "d_pk um", "impacts", "120-300",
         "contact-free windows");
  for (int i = 0; i < NCASE; i++) {
    cs_model *m = load_model(cases[i].file);
    run(m, &res[i]);
    cs_model_free(m);
    if (i == 0) {
      rho1 = crossing(&res[0].g, 45, 180);
      rho2 = crossing(&res[0].g, 180, 360);
    }
    print_row(&cases[i], &res[i]);
  }
  printf("ideal slider acceleration changes sign at rho = %.2f and %.2f deg\n", rho1, rho2);
  printf("slider vs closed form, turn 2: max |dx| (mm), max |dv| and RMS dv (m/s)\n");
  for (int i = 0; i < NCASE; i++)
    printf("  %-20s %.3f  %.3f  %.3f\n", cases[i].label, 1e3 * res[i].dx_max, res[i].dv_max,
           sqrt(res[i].dv_sq / (double)(res[i].nsample ? res[i].nsample : 1)));

  /* the geometry of the files: crossings at 94.6° and 327.4° (their descriptions) */
  CHECK_NEAR(rho1, 94.6, 0.05, "first sign change of the ideal acceleration, deg");
  CHECK_NEAR(rho2, 327.4, 0.05, "second sign change of the ideal acceleration, deg");
  for (int i = 0; i < NCASE; i++)
    if (res[i].status == CS_OK)
      check_model(&cases[i], &res[i], rho1);

  /* 004 §4: Goldsmith detaches between 120° and 300° (004: the only one; ours: all do) */
  CHECK(detachments(&res[3], 120.0, 300.0) > 0, "Goldsmith detaches in 120-300 deg (004 §4)");
  /* 004 §4: for the fits with n close to 1.1, the higher K the higher the contact forces.
   * Stiffness at 0.1 mm orders them Johnson > Radzimovsky > Goldsmith > ESDU; so must the
   * peaks. */
  int order[4] = {2, 1, 3, 4};
  for (int i = 0; i < 3; i++) {
    double k0 = stiffness(cases[order[i]].file), k1 = stiffness(cases[order[i + 1]].file);
    CHECK(k0 > k1, "Table 11: %s stiffer than %s at 0.1 mm", cases[order[i]].label,
          cases[order[i + 1]].label);
    CHECK(res[order[i]].F_peak > res[order[i + 1]].F_peak, "peak force %s %.0f N > %s %.0f N",
          cases[order[i]].label, res[order[i]].F_peak, cases[order[i + 1]].label,
          res[order[i + 1]].F_peak);
  }

  /* convergence: Lankarani–Nikravesh at 100x tighter tolerances */
  cs_model *m = load_model(cases[0].file);
  m->solver.rtol = 1e-10;
  m->solver.atol = 1e-12;
  run(m, &fine);
  cs_model_free(m);
  printf("L-N at rtol 1e-10, atol 1e-12:\n");
  print_row(&cases[0], &fine);
  CHECK_REL(res[0].F_peak, fine.F_peak, 2e-3, "L-N peak force: file tolerances vs 100x tighter");
  CHECK_REL(res[0].delta_peak, fine.delta_peak, 2e-3, "L-N peak penetration vs 100x tighter");
  CHECK(res[0].impacts == fine.impacts && res[0].nwin == fine.nwin,
        "L-N: the same %d impacts and %d windows at 100x tighter tolerances (%d, %d)",
        res[0].impacts, res[0].nwin, fine.impacts, fine.nwin);
  for (int i = 0; i < res[0].nwin && i < fine.nwin; i++) {
    CHECK_NEAR(res[0].win[i][0], fine.win[i][0], 0.2, "L-N window start vs 100x tighter, deg");
    CHECK_NEAR(res[0].win[i][1], fine.win[i][1], 0.2, "L-N window end vs 100x tighter, deg");
  }
  return cs_test_finish();
}
