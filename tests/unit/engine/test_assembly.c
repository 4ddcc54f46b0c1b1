/* Initial-condition assembly: positions onto Φ = 0 from a deliberately inconsistent guess,
 * keeping locked coordinates; velocities onto Φq v = −Φt; a mechanism that cannot close fails
 * naming the joint; redundant constraints are accepted; a driver wins over a lock. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

/* The four-bar of models/four_bar.json with the crank locked at 90°: the closed-form
 * assembly. With O = (0,0), A = (0, 0.1) (crank tip), D = (0.4, 0), |AB| = |BD| = 0.3: B is
 * the intersection of two circles (the branch nearer the guess, above the ground). */
static void four_bar(void)
{
  cs_model *m = load_model("models/four_bar.json");
  cs_sim *s = start(m);
  double crank[3], coupler[3], rocker[3], v[3];
  cs_sim_body_position(s, 1, crank);
  cs_sim_body_position(s, 2, coupler);
  cs_sim_body_position(s, 3, rocker);
  CHECK_NEAR(crank[2], M_PI / 2, 1e-15, "locked crank angle kept");
  CHECK_NEAR(crank[0], 0.0, 1e-12, "crank centre x");
  CHECK_NEAR(crank[1], 0.05, 1e-12, "crank centre y");
  /* B: |B − A| = |B − D| = 0.3 → B on the bisector of A and D */
  double A[2] = {0, 0.1}, D[2] = {0.4, 0}, M[2] = {0.2, 0.05};
  double d = hypot(D[0] - A[0], D[1] - A[1]), h = sqrt(0.09 - d * d / 4);
  double n[2] = {(A[1] - D[1]) / d, (D[0] - A[0]) / d}; /* unit normal to AD, pointing up */
  double B[2] = {M[0] + h * n[0], M[1] + h * n[1]};
  CHECK_NEAR(coupler[0], 0.5 * (A[0] + B[0]), 1e-10, "coupler centre x (closed form)");
  CHECK_NEAR(coupler[1], 0.5 * (A[1] + B[1]), 1e-10, "coupler centre y (closed form)");
  CHECK_NEAR(rocker[0], 0.5 * (B[0] + D[0]), 1e-10, "rocker centre x (closed form)");
  CHECK_NEAR(rocker[1], 0.5 * (B[1] + D[1]), 1e-10, "rocker centre y (closed form)");
  CHECK(cs_sim_position_drift(s) < 1e-12, "Φ = 0 after assembly (%.3g)",
        cs_sim_position_drift(s));
  CHECK(cs_sim_velocity_drift(s) < 1e-12, "Φq v = 0 after assembly (%.3g)",
        cs_sim_velocity_drift(s));
  cs_sim_body_velocity(s, 1, v);
  CHECK_NEAR(v[2], 10.0, 1e-12, "crank angular velocity kept (locked)");
  cs_sim_free(s);
  cs_model_free(m);
}

/* The slider-crank's crank locked (as one writes a crank) and driven at 5000 rpm from rest in
 * the file: the driver wins, so the run matches the unlocked model's (same equations, same
 * assembled start). */
static void locked_and_driven(void)
{
  cs_model *free_m = load_model("models/slider_crank.json"),
           *locked = load_model("models/slider_crank.json");
  locked->bodies[1].lock[2] = 1;
  cs_error err;
  cs_sim *a = start(free_m), *b = start(locked);
  CHECK(cs_sim_velocity_drift(b) < 1e-10, "locked and driven: Φq v + Φt = 0 after assembly (%.3g)",
        cs_sim_velocity_drift(b));
  double va[3], vb[3];
  cs_sim_body_velocity(b, 1, vb);
  CHECK_NEAR(vb[2], 523.5987755982989, 1e-9, "the driver's rate wins over the lock");
  CHECK(!cs_sim_advance(a, 0.006, &err) && !cs_sim_advance(b, 0.006, &err),
        "both run to 0.006 s (half a turn)");
  for (int body = 1; body <= 3; body++) {
    double qa[3], qb[3];
    cs_sim_body_position(a, body, qa);
    cs_sim_body_position(b, body, qb);
    cs_sim_body_velocity(a, body, va);
    cs_sim_body_velocity(b, body, vb);
    for (int c = 0; c < 3; c++) {
      CHECK_NEAR(qb[c], qa[c], 1e-12, "locked-and-driven position = the unlocked model's");
      CHECK_NEAR(vb[c], va[c], 1e-9, "locked-and-driven velocity = the unlocked model's");
    }
  }
  cs_sim_free(a);
  cs_sim_free(b);
  cs_model_free(free_m);
  cs_model_free(locked);
}

static cs_status create_from(const char *json, cs_error *err)
{
  cs_model *m = NULL;
  cs_sim *s = NULL;
  cs_status st = cs_model_load_string(json, "<test>", NULL, &m, err);
  if (!st)
    st = cs_sim_create(m, &s, err);
  cs_sim_free(s);
  cs_model_free(m);
  return st;
}

int main(void)
{
  four_bar();
  locked_and_driven();

  /* A four-bar whose links are too short to reach: |OA| + |AB| + |BD| = 0.3 < |OD| = 1. */
  const char *open_chain =
    "{\"name\":\"short\",\"bodies\":[{\"name\":\"g\",\"ground\":true},"
    "{\"name\":\"a\",\"mass\":1,\"inertia\":0.01,\"position\":[0.05,0,0]},"
    "{\"name\":\"b\",\"mass\":1,\"inertia\":0.01,\"position\":[0.15,0,0]},"
    "{\"name\":\"c\",\"mass\":1,\"inertia\":0.01,\"position\":[0.25,0,0]}],"
    "\"joints\":[{\"name\":\"O\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point2\":[-0.05,0]},"
    "{\"name\":\"A\",\"type\":\"revolute\",\"body1\":\"a\",\"body2\":\"b\",\"point1\":[0.05,0],"
    "\"point2\":[-0.05,0]},"
    "{\"name\":\"B\",\"type\":\"revolute\",\"body1\":\"b\",\"body2\":\"c\",\"point1\":[0.05,0],"
    "\"point2\":[-0.05,0]},"
    "{\"name\":\"D\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"c\",\"point1\":[1,0],"
    "\"point2\":[0.05,0]}]}";
  cs_error err;
  cs_status st = create_from(open_chain, &err);
  printf("cannot close: %s\n", err.message);
  CHECK(st == CS_ERR_ASSEMBLY, "a chain too short to close is an assembly error");
  CHECK(strstr(err.message, "cannot close") && strstr(err.message, "joint \""),
        "the message names the joint that cannot close");

  /* Two revolutes between the same pair at the same points: rows repeated, but consistent.
   * A pendulum of length 0.5 m from rest at θ = 0 (horizontal): a and λ have closed forms. */
  const char *redundant =
    "{\"name\":\"twice\",\"gravity\":[0,-9.81],\"bodies\":[{\"name\":\"g\",\"ground\":true},"
    "{\"name\":\"a\",\"mass\":1,\"inertia\":0.01,\"position\":[0.5,0,0]}],"
    "\"joints\":[{\"name\":\"P\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point2\":[-0.5,0]},"
    "{\"name\":\"P2\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point2\":[-0.5,0]}]}";
  cs_model *rm = NULL;
  cs_sim *rs = NULL;
  st = cs_model_load_string(redundant, "<test>", NULL, &rm, &err);
  if (!st)
    st = cs_sim_create(rm, &rs, &err);
  CHECK(st == CS_OK, "repeated (redundant) joint rows assemble: %s", st ? err.message : "");
  if (!st) {
    /* at rest, horizontal: θ'' = −m g l/(I + m l²), the centre falls at l θ'' */
    double acc[3], I0 = 0.01 + 0.25, th2 = -9.81 * 0.5 / I0;
    cs_sim_body_acceleration(rs, 1, acc);
    CHECK_NEAR(acc[2], th2, 1e-12, "angular acceleration (closed form −m g l/I_O)");
    CHECK_NEAR(acc[1], 0.5 * th2, 1e-12, "centre's vertical acceleration (closed form l θ'')");
    /* the joint force on the body, vertical: m (ÿ + g), split equally (minimum norm) */
    double fy = 1.0 * (0.5 * th2 + 9.81);
    CHECK_NEAR(cs_sim_lambda(rs, 1), fy / 2, 1e-12, "P.y carries half (minimum-norm λ)");
    CHECK_NEAR(cs_sim_lambda(rs, 3), fy / 2, 1e-12, "P2.y carries the other half");
    CHECK_NEAR(cs_sim_lambda(rs, 0), 0.0, 1e-12, "P.x: no horizontal force at rest");
  }
  cs_sim_free(rs);
  cs_model_free(rm);

  /* Redundant and inconsistent: the second pin 0.1 m off the first cannot close. */
  const char *clash =
    "{\"name\":\"clash\",\"bodies\":[{\"name\":\"g\",\"ground\":true},"
    "{\"name\":\"a\",\"mass\":1,\"inertia\":0.01,\"position\":[0.5,0,0]}],"
    "\"joints\":[{\"name\":\"P\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point2\":[-0.5,0]},"
    "{\"name\":\"far\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point1\":[0.1,0],\"point2\":[-0.5,0]}]}";
  st = create_from(clash, &err);
  printf("clash: %s\n", err.message);
  CHECK(st == CS_ERR_ASSEMBLY && strstr(err.message, "cannot close"),
        "two pins at different points of the same body pair cannot close");

  /* Two drivers on one crank, the same angle at t = 0 but different rates: positions close,
   * velocities cannot, and the message names the driver. */
  const char *two_rates =
    "{\"name\":\"rates\",\"bodies\":[{\"name\":\"g\",\"ground\":true},"
    "{\"name\":\"a\",\"mass\":1,\"inertia\":0.01,\"position\":[0.5,0,0]}],"
    "\"joints\":[{\"name\":\"P\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\","
    "\"point2\":[-0.5,0]}],"
    "\"drivers\":[{\"name\":\"slow\",\"type\":\"angle\",\"body\":\"a\",\"motion\":{\"velocity\":1}},"
    "{\"name\":\"fast\",\"type\":\"angle\",\"body\":\"a\",\"motion\":{\"velocity\":2}}]}";
  st = create_from(two_rates, &err);
  printf("two rates: %s\n", err.message);
  CHECK(st == CS_ERR_ASSEMBLY && strstr(err.message, "driver \"") &&
          strstr(err.message, "velocities cannot satisfy"),
        "drivers whose rates disagree fail at the velocity assembly, naming a driver");

  /* A free body with zero inertia: the augmented matrix is singular. */
  const char *spinning = "{\"name\":\"dot\",\"bodies\":[{\"name\":\"g\",\"ground\":true},"
                         "{\"name\":\"a\",\"mass\":1,\"inertia\":0}]}";
  st = create_from(spinning, &err);
  printf("singular: %s\n", err.message);
  CHECK(st == CS_ERR_ASSEMBLY && strstr(err.message, "zero inertia"),
        "a free body with zero inertia is reported");
  return cs_test_finish();
}
