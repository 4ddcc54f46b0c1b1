/* test_bench_ball_socket.c — benchmark: the ball–socket impact of Wang & Gao 2023 (000 §4.2)
 * through the full spherical clearance joint (models/ball_socket_*.json).
 *
 * A free 1 kg ball starts at the centre of a fixed socket (0.5 mm radial clearance) at
 * 0.3 m/s, hits the wall once and flies back. Judged against:
 *  - Hertz without damping: the closed form of an elastic Hertz impact (δ_max, F_max,
 *    contact time, rebound speed) — also the engine's event location against an independent
 *    closed form;
 *  - every damped law: the same impact integrated by the tests' RK45 (cs_rk45.h) on the
 *    joint's own contact model, which shares nothing with IDAS, the root finding or the joint
 *    kinematics; the effective restitution against the nominal c_r = 0.9 and what the papers
 *    report (000 eq. 32: Wang–Gao within 2.5 % for c_r ≥ 0.9, n = 1 … 8); the hysteresis loop's
 *    area against the dissipated energy the run books.
 * The Wang–Gao polynomial index n = 1 … 8 is swept here by editing the loaded model of
 * models/ball_socket_wang_gao.json (n = 2 in the file, 000's choice). */
#include "cs_bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double V0 = 0.3, MASS = 1.0, CLEARANCE = 0.5e-3, CR = 0.9;

typedef struct result {
  char label[48];
  int events;
  cs_contact_event ev;
  double e;            /* |v(+)|/v(−) from the ball's velocity after the impact */
  cs_energy energy;
  double loop;         /* ∮ F dδ of the output rows, J */
  cs_rk45_out ref;     /* the independent impact */
  double ref_F;
  long steps;
} result;

static result run(cs_model *m, const char *label, const char *csv)
{
  result r;
  memset(&r, 0, sizeof r);
  snprintf(r.label, sizeof r.label, "%s", label);
  cs_sim *s = start(m);
  bench_rec rec = {.joint = 0, .accel_body = -1, .angle_body = -1};
  cs_sim_set_output(s, bench_record, &rec);
  bench_advance(s, cs_model_t_end(m), label);
  r.events = cs_sim_event_count(s);
  if (r.events > 0)
    cs_sim_event(s, 0, &r.ev);
  double v[3];
  cs_sim_body_velocity(s, cs_model_body_index(m, "ball"), v);
  r.e = hypot(v[0], v[1]) / V0;
  cs_sim_energy(s, &r.energy);
  cs_stats st;
  cs_sim_stats(s, &st);
  r.steps = st.steps;
  r.loop = bench_loop_area(&rec);
  r.ref = bench_reference(&m->clearances[0], MASS, V0, &r.ref_F);
  bench_csv(&rec, csv);
  free(rec.row);
  cs_sim_free(s);
  printf("%-22s e %.6f (ref %.6f)  dmax %.5g um (ref %.5g)  Fmax %.6g N (ref %.6g)  "
         "tc %.5g us (ref %.5g)  %ld steps\n",
         r.label, r.e, r.ref.e, 1e6 * r.ev.max_penetration, 1e6 * r.ref.delta_max,
         r.ev.max_force, r.ref_F, 1e6 * (r.ev.t_off - r.ev.t_on), 1e6 * r.ref.t_contact,
         r.steps);
  return r;
}

/* What every run must show: one contact, opened at the wall at the approach speed, and
 * closed; the engine's figures against the independent impact; energy books that balance. */
static void check_common(const result *r, double e_tol)
{
  char what[128];
  CHECK(r->events == 1, "%s: one contact in the run (got %d)", r->label, r->events);
  /* free flight over the clearance: the wall is reached at c/v, where δ = 0 */
  snprintf(what, sizeof what, "%s: onset at c/v", r->label);
  CHECK_REL(r->ev.t_on, CLEARANCE / V0, 1e-6, what);
  snprintf(what, sizeof what, "%s: impact velocity 0.3 m/s", r->label);
  CHECK_REL(r->ev.impact_velocity, V0, 1e-8, what);
  /* the independent RK45 impact (cs_rk45.h, rtol 1e-11) */
  snprintf(what, sizeof what, "%s: restitution vs RK45", r->label);
  CHECK_REL(r->e, r->ref.e, e_tol, what);
  snprintf(what, sizeof what, "%s: contact time vs RK45", r->label);
  CHECK_REL(r->ev.t_off - r->ev.t_on, r->ref.t_contact, 1e-5, what);
  /* δ_max and F_max of the events are located where δ' and Ḟ fall through 0 within a step:
   * at most a little below the reference's located peaks */
  snprintf(what, sizeof what, "%s: max penetration vs RK45", r->label);
  CHECK_REL(r->ev.max_penetration, r->ref.delta_max, 1e-8, what);
  CHECK(r->ev.max_penetration <= r->ref.delta_max * (1 + 1e-8),
        "%s: the event's max penetration is not above the true one", r->label);
  snprintf(what, sizeof what, "%s: max force vs RK45", r->label);
  CHECK_REL(r->ev.max_force, r->ref_F, 2e-4, what);
  /* energy: what the ball lost is what the books call dissipated, and the loop's area */
  double lost = 0.5 * MASS * V0 * V0 * (1 - r->e * r->e);
  snprintf(what, sizeof what, "%s: dissipated = kinetic energy lost", r->label);
  CHECK_NEAR(r->energy.dissipated, lost, 1e-8, what);
  snprintf(what, sizeof what, "%s: balance error", r->label);
  CHECK_NEAR(r->energy.balance_error, 0.0, 1e-8, what);
  snprintf(what, sizeof what, "%s: hysteresis loop area = dissipated", r->label);
  CHECK_NEAR(r->loop, r->energy.dissipated, 2e-3 * 0.5 * MASS * V0 * V0, what);
}

/* Hertz, elastic: K = 4/3 E* √R, R = R1 R2/(R1 − R2) (000 eqs. 2–3, 13), and the closed form of
 * an elastic impact F = K δ^{3/2}: δ_max = (5 m v²/(4K))^{2/5}, F_max = K δ_max^{3/2},
 * t_c = 2.943275 δ_max/v (Goldsmith 1960; ∫0^1 dx/√(1 − x^{5/2}) = 1.471637…), e = 1. */
static result test_hertz(void)
{
  cs_model *m = load_model("models/ball_socket_hertz.json");
  result r = run(m, "hertz (elastic)", "ball_socket_hertz");
  double Es = 2.068e11 / (2 * (1 - 0.29 * 0.29)), R = 0.0505 * 0.05 / 0.0005;
  double K = 4.0 / 3.0 * Es * sqrt(R);
  double dmax = pow(5 * MASS * V0 * V0 / (4 * K), 0.4), Fmax = K * pow(dmax, 1.5);
  double tc = 2.943275 * dmax / V0;
  printf("  closed form: dmax %.6g um, Fmax %.6g N, tc %.6g us\n", 1e6 * dmax, Fmax, 1e6 * tc);
  check_common(&r, 1e-7);
  CHECK_REL(r.e, 1.0, 1e-7, "Hertz: rebound at 0.3 m/s (closed form)");
  CHECK_REL(r.ev.max_penetration, dmax, 1e-8, "Hertz: delta_max (closed form)");
  CHECK_REL(r.ev.max_force, Fmax, 1e-8, "Hertz: F_max (closed form)");
  CHECK_REL(r.ev.t_off - r.ev.t_on, tc, 1e-5, "Hertz: contact time (closed form)");
  CHECK_NEAR(r.energy.dissipated, 0.0, 1e-12, "Hertz: nothing dissipated");
  /* the closed form is also the reference's check */
  CHECK_REL(r.ref.delta_max, dmax, 1e-9, "RK45 reference: Hertz delta_max");
  CHECK_REL(r.ref_F, Fmax, 1e-8, "RK45 reference: Hertz F_max");
  CHECK_REL(r.ref.t_contact, tc, 1e-6, "RK45 reference: Hertz contact time");
  cs_model_free(m);
  return r;
}

/* The damped laws, c_r = 0.9 (000 §4.1). Nominal c_r against the effective one: L-N and Flores
 * as test_contact_damping found them on a single impact (L-N 0.9132, within 1.5 %; Flores within
 * 1 %), Wang–Gao within 2.5 % for n = 1 … 8 (000 eq. 32 and Fig. 7). */
static void test_damped(const result *hertz)
{
  const char *files[2] = {"models/ball_socket_lankarani_nikravesh.json",
                          "models/ball_socket_flores.json"};
  const char *labels[2] = {"lankarani_nikravesh", "flores"};
  const double tol[2] = {0.015, 0.01};
  result r[3 + 8]; /* L-N, Flores, Wang-Gao n = 1 … 8, Hertz */
  for (int i = 0; i < 2; i++) {
    cs_model *m = load_model(files[i]);
    char csv[64];
    snprintf(csv, sizeof csv, "ball_socket_%s", labels[i]);
    r[i] = run(m, labels[i], csv);
    check_common(&r[i], 1e-7);
    char what[96];
    snprintf(what, sizeof what, "%s: restitution within %.1f %% of c_r", labels[i],
             100 * tol[i]);
    CHECK_REL(r[i].e, CR, tol[i], what);
    cs_model_free(m);
  }
  cs_model *m = load_model("models/ball_socket_wang_gao.json");
  for (int n = 1; n <= 8; n++) {
    cs_contact_model *c = &m->clearances[0].contact[0];
    c->params[CS_ELASTIC][0] = n; /* the polynomial index of both the stiffness (eq. 11) */
    c->params[CS_DAMPING][0] = n; /* and the hysteresis factor's H (eqs. 18, 28) */
    char label[32], csv[64], what[96];
    snprintf(label, sizeof label, "wang_gao n = %d", n);
    snprintf(csv, sizeof csv, "ball_socket_wang_gao_n%d", n);
    result *w = &r[1 + n];
    *w = run(m, label, csv);
    check_common(w, 1e-7);
    snprintf(what, sizeof what, "%s: restitution within 2.5 %% of c_r (000 eq. 32)", label);
    CHECK_REL(w->e, CR, 0.025, what);
  }
  cs_model_free(m);
  r[10] = *hertz;

  /* 000 §4.2, Fig. 9: the Wang–Gao force is the largest and its contact the shortest, whatever
   * n; its dissipation hardly depends on n; the response is sensitive to n from 1 to 3 and
   * hardly after that (§5). */
  for (int n = 1; n <= 8; n++) {
    const result *w = &r[1 + n];
    for (int k = 0; k < 3; k++) {
      int i = (int[]){0, 1, 10}[k]; /* L-N, Flores, Hertz */
      CHECK(w->ev.max_force > r[i].ev.max_force, "000 Fig. 9a: %s force %.6g N above %s's %.6g N",
            w->label, w->ev.max_force, r[i].label, r[i].ev.max_force);
      CHECK(w->ev.t_off - w->ev.t_on < r[i].ev.t_off - r[i].ev.t_on,
            "000 Fig. 9a: %s contact shorter than %s's", w->label, r[i].label);
    }
    CHECK_REL(w->energy.dissipated, r[3].energy.dissipated, 1e-3,
              "000 Fig. 9c: Wang-Gao dissipation independent of n (vs n = 2)");
  }
  double F1 = r[2].ev.max_force, F3 = r[4].ev.max_force, F8 = r[9].ev.max_force;
  CHECK((F8 - F3) / F3 < 0.5 * (F3 - F1) / F1,
        "000 sec. 5: F_max moves more from n = 1 to 3 (%.3g %%) than from 3 to 8 (%.3g %%)",
        100 * (F3 - F1) / F1, 100 * (F8 - F3) / F3);
  /* Regression: our run of 2026-11-22, engine commit dc74f15 (the RK45 checks above hold
   * them to 2e-4 independently; these pin the laws' values). */
  CHECK_REL(r[0].ev.max_force, 10527.3, 1e-4, "L-N F_max: our run (regression)");
  CHECK_REL(r[1].ev.max_force, 10438.0, 1e-4, "Flores F_max: our run (regression)");
  CHECK_REL(r[3].ev.max_force, 12828.5, 1e-4, "Wang-Gao n = 2 F_max: our run (regression)");
  CHECK_REL(r[0].e, 0.913177, 1e-5, "L-N e: 0.9132 as test_contact_damping finds it");
}

int main(void)
{
  result hertz = test_hertz();
  test_damped(&hertz);
  return cs_test_finish();
}
