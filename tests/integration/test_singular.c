/* Parallelograms: redundant constraints and singular positions, against an independent
 * one-degree-of-freedom reference.
 *
 * On the parallelogram branch the coupler translates without turning, so each mechanism of
 * models/parallelogram*.json has one coordinate, the crank angle φ. With bars of length r
 * pivoted on the ground (uniform, I_O = m r²/3) and couplers of mass m_c moving with the bar
 * tips (speed r φ'):
 *   T = ½ J φ'²,  J = Σ_bars m r²/3 + Σ_couplers m_c r²,
 *   V = C sin φ,  C = g (Σ_bars m r/2 + Σ_couplers m_c r)   (+ constant),
 *   J φ'' = −C cos φ,
 * integrated here by a classical RK4 at 1e-5 s (its own code, nothing shared with IDAS).
 *
 * Checked: the crank angle, the coupler's pose and the energy balance along the runs up to
 * just before the first singular position; the redundant mechanism (two identical cranks)
 * moves as the single crank of twice the mass and its two cranks carry equal, minimum-norm
 * reactions whose sum is the single crank's; and the accelerations solved exactly at the
 * singular (collinear) position, where Φq loses rank.
 *
 * Passing the singular positions: at rtol 1e-10 the GGL integration stops at the first one
 * (its failure message is checked); the projected formulation passes them (through_passages;
 * engine/solver/README.md, "Redundant constraints and singular positions"). */
#include "cs_test.h"
#include "cs_test_models.h"
#include "cs_test_onedof.h"
#include "cs_diagnose.h"
#include "cs_scales.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double G = 9.81, R = 0.2, L = 0.4;

/* bars: total mass of the ground-pivoted bars (kg); couplers: total coupler mass (kg) */
static reference make_reference(double bars, double couplers)
{
  reference ref = {bars * R * R / 3 + couplers * R * R, G * (bars * R / 2 + couplers * R)};
  return ref;
}

/* Up to t_end (before the first collinear position at t ≈ 0.083 s), every 5 ms: crank angle
 * and rate against the reference, the coupler (body `coupler`) translating with the crank
 * tip, and the engine's energy balance; the kinetic energy against ½ J φ'². */
static int against_reference(const char *path, reference ref, int coupler, double t_end,
                             cs_formulation form, double tol_angle, double tol_energy)
{
  cs_model *m = load_model(path);
  cs_error err;
  cs_model_set_formulation(m, form);
  cs_model_set_tolerances(m, 1e-10, 1e-12, &err);
  cs_sim *s = start(m);
  double y[2] = {-M_PI / 2, 20.0}, t = 0.0, worst_angle = 0.0, worst_pose = 0.0,
         worst_energy = 0.0, worst_kinetic = 0.0;
  int passages = 0;
  while (t < t_end - 1e-12) {
    double next = fmin(t + 0.005, t_end), before = sin(y[0]);
    rk4(&ref, y, t, next);
    t = next;
    passages += (before < 0.0) != (sin(y[0]) < 0.0); /* through φ = 0 or π: all collinear */
    if (cs_sim_advance(s, t, &err)) {
      CHECK(0, "%s: run to %g s: %s", path, t, err.message);
      break;
    }
    double crank[3], w[3], cp[3];
    cs_sim_body_position(s, 1, crank);
    cs_sim_body_velocity(s, 1, w);
    cs_sim_body_position(s, coupler, cp);
    worst_angle = fmax(worst_angle, fmax(fabs(crank[2] - y[0]), 1e-3 * fabs(w[2] - y[1])));
    /* the first coupler's centre: crank tip + (L/2, 0); it does not turn */
    worst_pose = fmax(worst_pose, fabs(cp[0] - (R * cos(y[0]) + L / 2)));
    worst_pose = fmax(worst_pose, fabs(cp[1] - R * sin(y[0])));
    worst_pose = fmax(worst_pose, fabs(cp[2]));
    cs_energy e;
    cs_sim_energy(s, &e);
    worst_energy = fmax(worst_energy, fabs(e.balance_error));
    worst_kinetic = fmax(worst_kinetic, fabs(e.kinetic - 0.5 * ref.J * y[1] * y[1]));
  }
  printf("%s (%s) to %g s, %d singular passages: angle %.2g rad, coupler pose %.2g, balance "
         "%.2g J, kinetic vs ½Jφ'² %.2g J\n", path, cs_formulation_name(form), t_end, passages,
         worst_angle, worst_pose, worst_energy, worst_kinetic);
  CHECK(worst_angle < tol_angle, "%s: crank angle (and 1e-3 × rate) vs the 1-DOF reference: %.3g",
        path, worst_angle);
  CHECK(worst_pose < tol_angle, "%s: coupler translates with the crank tip: %.3g", path,
        worst_pose);
  CHECK(worst_energy <= tol_energy, "%s: energy balance error %.3g J", path, worst_energy);
  CHECK(worst_kinetic < tol_energy, "%s: kinetic energy vs ½ J φ'²: %.3g J", path,
        worst_kinetic);
  cs_sim_free(s);
  cs_model_free(m);
  return passages;
}

/* The projected formulation passes the singular positions (damped pivots, engine/cs_accel.c,
 * and the projections by the same Cholesky): each parallelogram through 16 of them in 3 s at
 * rtol 1e-10, on the parallelogram branch of the reference, energy kept to the 1e-6 J.
 * Measured over 3 s: angle ≤ 4.8e-8 rad, balance ≤ 2.7e-8 J, kinetic energy against the
 * reference's ≤ 1.3e-7 J (over 10 s and 52 passages, `clearsim run`: balance ≤ 1.7e-7 J). */
static void through_passages(const char *path, reference ref, int coupler)
{
  int n = against_reference(path, ref, coupler, 3.0, CS_PROJECTED, 1e-6, 1e-6);
  CHECK(n >= 10, "%s: at least ten singular passages in 3 s (%d)", path, n);
}

/* The redundant parallelogram against its single-crank twin along the same run: same crank
 * angle; the two cranks' pivot reactions equal (minimum norm, identical cranks) and summing
 * to the twin's. Rows: twin O 0-1, A 2-3; redundant O 0-1, A 2-3, O2 4-5, A2 6-7. */
static void redundant_shares(void)
{
  cs_model *mt = load_model("models/parallelogram.json"),
           *mr = load_model("models/parallelogram_redundant.json");
  cs_sim *twin = start(mt), *red = start(mr);
  cs_error err;
  double worst_split = 0.0, worst_sum = 0.0, worst_angle = 0.0, scale = 0.0;
  for (double t = 0.0; t <= 0.075 + 1e-12; t += 0.005) {
    if (cs_sim_advance(twin, t, &err) || cs_sim_advance(red, t, &err)) {
      CHECK(0, "redundant pair: run to %g s: %s", t, err.message);
      break;
    }
    double a[3], b[3];
    cs_sim_body_position(twin, 1, a);
    cs_sim_body_position(red, 1, b);
    worst_angle = fmax(worst_angle, fabs(a[2] - b[2]));
    for (int r = 0; r < 4; r++) {
      double one = cs_sim_lambda(red, r), two = cs_sim_lambda(red, r + 4);
      scale = fmax(scale, fabs(cs_sim_lambda(twin, r)));
      worst_split = fmax(worst_split, fabs(one - two));
      worst_sum = fmax(worst_sum, fabs(one + two - cs_sim_lambda(twin, r)));
    }
  }
  printf("redundant pair: angle %.2g rad, |λ1 − λ2| %.2g N, |λ1 + λ2 − λ_twin| %.2g N (of "
         "%.3g N)\n", worst_angle, worst_split, worst_sum, scale);
  CHECK(worst_angle < 1e-7, "redundant and single-crank parallelograms move alike: %.3g",
        worst_angle);
  CHECK(worst_split < 1e-7 * scale, "identical cranks share the load equally: %.3g N",
        worst_split);
  CHECK(worst_sum < 1e-6 * scale, "the two cranks' reactions sum to the twin's: %.3g N",
        worst_sum);
  cs_sim_free(twin);
  cs_sim_free(red);
  cs_model_free(mt);
  cs_model_free(mr);
}

/* World acceleration of point p (body frame) of body b, and the point's world offset. */
static void point_acceleration(const cs_sim *s, int b, const double p[2], double acc[2],
                               double arm[2])
{
  double q[3], v[3], a[3];
  cs_sim_body_position(s, b, q);
  cs_sim_body_velocity(s, b, v);
  cs_sim_body_acceleration(s, b, a);
  arm[0] = cos(q[2]) * p[0] - sin(q[2]) * p[1];
  arm[1] = sin(q[2]) * p[0] + cos(q[2]) * p[1];
  acc[0] = a[0] - a[2] * arm[1] - v[2] * v[2] * arm[0];
  acc[1] = a[1] + a[2] * arm[0] - v[2] * v[2] * arm[1];
}

/* The redundant parallelogram started exactly at the collinear position (φ = 0, all links
 * on the ground line, φ' = 17 rad/s): Φq has rank 10 of 12 there. The engine's a and λ must
 * still satisfy, checked by rigid-body kinematics and Newton–Euler written out here: both
 * bodies of each revolute joint give its point the same acceleration (Φq a = γ); each body's
 * m a = Σ forces + m g and I θ'' = Σ moments with λ the joint force on body2 (M a + Φqᵀλ = Q);
 * and the two identical cranks carry equal reactions (minimum norm). Not checked: that a is
 * the parallelogram branch's. It is not: the collinear position is a bifurcation, and the
 * linearised constraints let the coupler start turning (measured θ''_coupler = 3.3 rad/s²,
 * φ'' = −60.2 rad/s² against the branch's −57.2). */
static void at_the_singular_position(void)
{
  cs_model *m = load_model("models/parallelogram_redundant.json");
  const double w = 17.0;
  /* bodies: 1 crank, 2 crank2, 3 coupler, 4 rocker */
  double poses[5][3] = {{0}, {R / 2, 0, 0}, {R / 2, 0, 0}, {R + L / 2, 0, 0}, {L + R / 2, 0, 0}};
  double rates[5][3] = {{0}, {0, R / 2 * w, w}, {0, R / 2 * w, w}, {0, R * w, 0},
                        {0, R / 2 * w, w}};
  for (int b = 1; b <= 4; b++)
    for (int c = 0; c < 3; c++) {
      m->bodies[b].q0[c] = poses[b][c];
      m->bodies[b].v0[c] = rates[b][c];
    }
  cs_sim *s = start(m);
  double worst_kin = 0.0, worst_dyn = 0.0, force[5][3] = {{0}};
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    double a1[2], a2[2], arm1[2], arm2[2], f[2] = {cs_sim_lambda(s, j->row0),
                                                   cs_sim_lambda(s, j->row0 + 1)};
    point_acceleration(s, j->body[0], j->point[0], a1, arm1);
    point_acceleration(s, j->body[1], j->point[1], a2, arm2);
    worst_kin = fmax(worst_kin, fmax(fabs(a1[0] - a2[0]), fabs(a1[1] - a2[1])));
    for (int side = 0; side < 2; side++) { /* +λ on body2, −λ on body1 */
      double sign = side ? 1.0 : -1.0, *arm = side ? arm2 : arm1;
      double *F = force[j->body[side]];
      F[0] += sign * f[0];
      F[1] += sign * f[1];
      F[2] += sign * (arm[0] * f[1] - arm[1] * f[0]);
    }
  }
  for (int b = 1; b <= 4; b++) {
    double a[3];
    cs_sim_body_acceleration(s, b, a);
    const cs_body *body = &m->bodies[b];
    worst_dyn = fmax(worst_dyn, fabs(body->mass * a[0] - force[b][0]));
    worst_dyn = fmax(worst_dyn, fabs(body->mass * a[1] - (force[b][1] - body->mass * G)));
    worst_dyn = fmax(worst_dyn, fabs(body->inertia * a[2] - force[b][2]));
  }
  double split = 0.0;
  for (int r = 0; r < 4; r++)
    split = fmax(split, fabs(cs_sim_lambda(s, r) - cs_sim_lambda(s, r + 4)));
  printf("singular position: joint points' accelerations agree to %.2g m/s², Newton-Euler "
         "to %.2g N, cranks' reactions to %.2g N\n", worst_kin, worst_dyn, split);
  CHECK(worst_kin < 1e-9, "Φq a = γ at the singular position: %.3g m/s²", worst_kin);
  CHECK(worst_dyn < 1e-9, "M a + Φqᵀλ = Q at the singular position: %.3g N", worst_dyn);
  CHECK(split < 1e-9, "identical cranks share equally at the singular position: %.3g N", split);
  cs_sim_free(s);
  cs_model_free(m);
}

/* Through the first passage (t ≈ 0.083 s): today the rigid GGL run cannot pass it (engine/solver/README.md,
 * "Redundant constraints and singular positions"). It must then say so in the mechanism's
 * terms: a singular position, and the joints whose constraints lose their direction. */
static void through_the_passage(const char *path)
{
  cs_model *m = load_model(path);
  cs_model_set_formulation(m, CS_GGL); /* the files run the default, which passes */
  cs_sim *s = start(m);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.2, &err);
  printf("%s (ggl) to 0.2 s: %s\n", path, st ? err.message : "complete");
  if (st)
    CHECK(strstr(err.message, "singular position") && strstr(err.message, "joints \"") &&
              strstr(err.message, "at the start)") && cs_sim_time(s) > 0.08,
          "%s: a failure at the passage is named a singular position, with its joints and "
          "what was measured", path);
  else {
    cs_energy e;
    cs_sim_energy(s, &e);
    CHECK(fabs(e.balance_error) < 1e-6, "%s: through the passage, energy kept (%.3g J)", path,
          e.balance_error);
  }
  cs_sim_free(s);
  cs_model_free(m);
}

/* Andrews' squeezer, at its start and after 0.03 s (its crank turned 2.5 times): short links
 * (a 7 mm crank) make its Φq's spread small, 0.0028 unscaled, and nothing is lost on the way:
 * a failure there is not a singular position. */
static void short_links_not_singular(void)
{
  cs_model *m = load_model("models/andrews.json");
  cs_sim *s = start(m);
  cs_error err;
  double *q0 = calloc(2 * (size_t)m->ncoord + 1, sizeof *q0), *q = q0 + m->ncoord;
  for (int b = 0; b < m->nbody; b++)
    if (!m->bodies[b].ground)
      cs_sim_body_position(s, b, q0 + m->bodies[b].coord);
  cs_scales sc;
  cs_scales_of(m, q0, q, &sc); /* q is still 0: at rest */
  cs_diagnose_start at = {cs_constraint_rank(m, q0, 0.0), q0, 0.0, sc.length};
  for (int k = 0; k <= 3; k++) {
    if (k && cs_sim_advance(s, 0.01 * k, &err))
      CHECK(0, "Andrews to %g s: %s", 0.01 * k, err.message);
    for (int b = 0; b < m->nbody; b++)
      if (!m->bodies[b].ground)
        cs_sim_body_position(s, b, q + m->bodies[b].coord);
    char why[512] = "";
    cs_diagnose(m, q, cs_sim_time(s), &at, NULL, 0, NULL, why, sizeof why);
    CHECK(!strstr(why, "at a singular position"),
          "Andrews at %g s is not a singular position: '%s'", cs_sim_time(s), why);
  }
  free(q0);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  short_links_not_singular();
  /* crank 2 kg, rocker 1 kg, coupler 2 kg; the redundant one splits the crank in two */
  reference one = make_reference(3.0, 2.0), chain = make_reference(3.0, 4.0);
  against_reference("models/parallelogram.json", one, 2, 0.075, CS_GGL, 1e-7, 1e-6);
  against_reference("models/parallelogram_redundant.json", one, 3, 0.075, CS_GGL, 1e-7, 1e-6);
  /* index 3 is the less accurate formulation (engine/README.md); redundant rows work there too */
  against_reference("models/parallelogram_redundant.json", one, 3, 0.075, CS_INDEX3, 1e-5,
                    1e-4);
  /* three 1 kg bars, two 2 kg couplers */
  against_reference("models/parallelogram_chain.json", chain, 2, 0.075, CS_GGL, 1e-7, 1e-6);
  redundant_shares();
  at_the_singular_position();
  through_the_passage("models/parallelogram.json");
  through_the_passage("models/parallelogram_chain.json");
  through_passages("models/parallelogram.json", one, 2);
  through_passages("models/parallelogram_redundant.json", one, 3);
  through_passages("models/parallelogram_chain.json", chain, 2);
  return cs_test_finish();
}
