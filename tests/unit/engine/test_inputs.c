/*
 * test_inputs.c — a model's inputs changed while its simulation runs (engine/run/cs_inputs.c):
 * a crank's speed and a torque, between two cs_sim_advance calls, and the refusals.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clearsim.h"
#include "cs_test.h"

static const char *const PENDULUM =
  "{\"name\": \"p\", \"gravity\": [0, 0],"
  " \"bodies\": [{\"name\": \"ground\", \"ground\": true},"
  "  {\"name\": \"bob\", \"mass\": 1.0, \"inertia\": 0.0, \"position\": [1.0, 0.0, 0.0]}],"
  " \"joints\": [{\"name\": \"pivot\", \"type\": \"revolute\", \"body1\": \"ground\","
  "  \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1.0, 0]}],"
  " \"forces\": [{\"name\": \"drive\", \"type\": \"torque\", \"body\": \"bob\", \"torque\": 0}],"
  " \"solver\": {\"t_end\": 1, \"rtol\": 1e-10, \"atol\": 1e-12}}";

/* No gravity, I = 1 about the pivot: a torque τ from t1 gives ω = τ (t − t1). */
static void torque(void)
{
  cs_model *m;
  cs_sim *s;
  cs_error err;
  if (cs_model_load_string(PENDULUM, "<pendulum>", NULL, &m, &err) ||
      cs_sim_create(m, &s, &err)) {
    CHECK(0, "pendulum: %s", err.message);
    return;
  }
  CHECK(!cs_sim_advance(s, 0.1, &err), "advance: %s", err.message);
  CHECK(!cs_model_set_applied_torque(m, 0, 2.0, &err), "set the torque: %s", err.message);
  CHECK(!cs_sim_advance(s, 0.3, &err), "advance: %s", err.message);
  double v[3];
  cs_sim_body_velocity(s, 1, v);
  CHECK_NEAR(v[2], 2.0 * 0.2, 1e-8, "ω = τ Δt after the torque is set");
  CHECK(cs_model_set_applied_torque(m, 1, 1.0, &err) == CS_ERR_ARGUMENT, "no force 1");
  CHECK(cs_model_set_applied_torque(m, 0, NAN, &err) == CS_ERR_ARGUMENT, "a NaN torque");
  CHECK(cs_model_set_driver_speed(m, 0, 0.3, 1.0, &err) == CS_ERR_ARGUMENT &&
        strstr(err.message, "pivot is not a driver"), "a revolute is no driver: %s",
        err.message);
  cs_sim_free(s);
  cs_model_free(m);
}

/* The slider-crank's crank from 523.6 rad/s to 300 rad/s at t = 5 ms. */
static void speed(void)
{
  cs_model *m;
  cs_sim *s;
  cs_error err;
  if (cs_model_load_file("models/slider_crank.json", NULL, &m, &err) ||
      cs_sim_create(m, &s, &err)) {
    CHECK(0, "slider-crank: %s", err.message);
    return;
  }
  int motor = cs_model_joint_count(m) - 1;
  int crank = cs_model_body_index(m, "crank");
  CHECK(!cs_sim_advance(s, 0.005, &err), "advance: %s", err.message);
  double q0[3], q[3], v[3];
  cs_sim_body_position(s, crank, q0);
  CHECK(!cs_model_set_driver_speed(m, motor, cs_sim_time(s), 300.0, &err), "set: %s",
        err.message);
  cs_energy e0, e1, e2;
  cs_sim_energy(s, &e0);
  CHECK(!cs_sim_inputs_changed(s, &err), "the simulation told: %s", err.message);
  cs_sim_body_velocity(s, crank, v);
  CHECK_REL(v[2], 300.0, 1e-12, "at once, the crank turns at the new speed");
  cs_sim_energy(s, &e1);
  /* the jump's kinetic energy, given by the driver (negative: it brakes) */
  CHECK(e1.kinetic < e0.kinetic, "braking takes kinetic energy (%g → %g J)", e0.kinetic,
        e1.kinetic);
  CHECK_NEAR(e1.driver_work - e0.driver_work, e1.kinetic - e0.kinetic, 1e-10 * e0.kinetic,
             "…booked as the driver's work");
  CHECK_NEAR(e1.balance_error, e0.balance_error, 1e-10 * e0.kinetic,
             "…so the balance stays as it was");
  CHECK(!cs_sim_advance(s, 0.006, &err), "advance after the change: %s", err.message);
  cs_sim_energy(s, &e2);
  CHECK(fabs(e2.balance_error) < 1e-6 * e0.kinetic, "and after a step: balance %.3g J of %.3g J",
        e2.balance_error, e0.kinetic);
  cs_sim_body_position(s, crank, q);
  cs_sim_body_velocity(s, crank, v);
  CHECK_REL(v[2], 300.0, 1e-7, "the crank turns at the new speed");
  CHECK_NEAR(q[2] - q0[2], 300.0 * 1e-3, 1e-8, "from the angle it had");
  CHECK(cs_model_set_driver_speed(m, motor, 0.006, INFINITY, &err) == CS_ERR_ARGUMENT,
        "an infinite speed is refused");
  cs_sim_free(s);
  cs_model_free(m);
}

/* A state set from outside: the slider-crank given its own state again runs on as it would
 * have (to the tolerance), a state off the constraints is brought onto them, NaN is refused. */
static void set_states(void)
{
  cs_model *m;
  cs_sim *a, *b;
  cs_error err;
  if (cs_model_load_file("models/slider_crank.json", NULL, &m, &err) ||
      cs_sim_create(m, &a, &err) || cs_sim_create(m, &b, &err)) {
    CHECK(0, "slider-crank: %s", err.message);
    return;
  }
  double q[4][3], v[4][3], qa[3], qb[3];
  CHECK(!cs_sim_advance(a, 0.005, &err) && !cs_sim_advance(b, 0.005, &err), "advance");
  for (int k = 0; k < 4; k++) {
    cs_sim_body_position(b, k, q[k]);
    cs_sim_body_velocity(b, k, v[k]);
  }
  q[2][1] += 1e-3; /* the rod lifted off its joints: the projection puts it back */
  CHECK(!cs_sim_set_body_states(b, (const double (*)[3])q, (const double (*)[3])v, &err),
        "set: %s", err.message);
  CHECK(cs_sim_position_drift(b) < 1e-12, "back on the constraints (%.3g)",
        cs_sim_position_drift(b));
  CHECK(!cs_sim_advance(a, 0.02, &err) && !cs_sim_advance(b, 0.02, &err), "advance");
  cs_sim_body_position(a, 3, qa);
  cs_sim_body_position(b, 3, qb);
  CHECK_NEAR(qb[0], qa[0], 1e-8, "the slider where the untouched run has it");
  q[1][0] = NAN;
  CHECK(cs_sim_set_body_states(b, (const double (*)[3])q, (const double (*)[3])v, &err) ==
            CS_ERR_ARGUMENT && strstr(err.message, "body crank"), "NaN refused: %s", err.message);
  cs_sim_free(a);
  cs_sim_free(b);
  cs_model_free(m);
}

/* A torque finite itself but too large for its body (1e308 N·m on 1e-6 kg·m²) gives an
 * acceleration no double holds: every formulation stops where it was set, its state
 * untouched, and says which body and why, not that the step "could not be made accurate". */
static void torque_too_large(void)
{
  static const char *const forms[] = {"projected", "auto", "ggl"};
  for (int f = 0; f < 3; f++) {
    char text[1024]; /* the pendulum, its bob light and with an inertia of its own (every
                      * formulation takes it) */
    snprintf(text, sizeof text,
             "{\"name\": \"p\", \"gravity\": [0, 0],"
             " \"bodies\": [{\"name\": \"ground\", \"ground\": true},"
             "  {\"name\": \"bob\", \"mass\": 1e-6, \"inertia\": 1e-6, \"position\": [1, 0, 0]}],"
             " \"joints\": [{\"name\": \"pivot\", \"type\": \"revolute\", \"body1\": \"ground\","
             "  \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1, 0]}],"
             " \"forces\": [{\"name\": \"drive\", \"type\": \"torque\", \"body\": \"bob\","
             "  \"torque\": 0}],"
             " \"solver\": {\"t_end\": 1, \"rtol\": 1e-8, \"atol\": 1e-10,"
             "  \"formulation\": \"%s\"}}",
             forms[f]);
    cs_model *m;
    cs_sim *s;
    cs_error err;
    if (cs_model_load_string(text, "<pendulum>", NULL, &m, &err) ||
        cs_sim_create(m, &s, &err)) {
      CHECK(0, "%s: %s", forms[f], err.message);
      continue;
    }
    CHECK(!cs_sim_advance(s, 0.1, &err), "%s: advance: %s", forms[f], err.message);
    CHECK(!cs_model_set_applied_torque(m, 0, 1e308, &err), "a finite torque: %s", err.message);
    cs_status st = cs_sim_advance(s, 0.3, &err);
    CHECK(st == CS_ERR_SOLVER && strstr(err.message, "the forces on the angle of body \"bob\" "
                                                     "give it no finite acceleration"),
          "%s: a torque too large for the body, said so: %s", forms[f], err.message);
    double v[3];
    cs_sim_body_velocity(s, 1, v);
    CHECK(cs_sim_time(s) == 0.1 && isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]),
          "%s: the state where the torque was set, finite (t = %g, ω = %g)", forms[f],
          cs_sim_time(s), v[2]);
    cs_sim_free(s);
    cs_model_free(m);
  }
}

int main(void)
{
  set_states();
  torque();
  torque_too_large();
  speed();
  return cs_test_finish();
}
