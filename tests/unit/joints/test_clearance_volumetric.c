/* Clearance joints with volumetric contact (002): the forces' Jacobian with the rolling-resistance
 * torque in all three geometries (pin in a hole, on a convex wall, on a flat) against
 * differences; the torque the joint applies and the power it books, against the law's own
 * k_v a J(δ) ω² with ω the two bodies' relative angular velocity. */
#include "cs_assembly.h"
#include "cs_clearances.h"
#include "cs_test.h"
#include "cs_test_clearance.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double KV = 1e13, A = 0.3, L = 0.02;

#define VOLUMETRIC                                                                            \
  "{\"elastic\": {\"model\": \"volumetric\", \"k_v\": 1e13}, \"damping\": {\"model\": "          \
  "\"volumetric\", \"a\": 0.3}"

static const char *const volumetric = VOLUMETRIC "}";
static const char *const with_friction =
  VOLUMETRIC ", \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 0.01}}";

/* The joints of test_clearance's Jacobian cases (L = 20 mm) and pin centres 20 µm deep. */
static const char *const rev = "\"type\": \"revolute\", \"point1\": [0.002, 0.001], "
                               "\"point2\": [0.01, -0.005], \"pin_radius\": 0.0095, "
                               "\"hole_radius\": 0.01, \"length\": 0.02";
static const char *const slot = "\"type\": \"slot\", \"point1\": [0.002, 0.001], \"point2\": "
                                "[0.01, -0.005], \"pin_radius\": 0.008, \"length\": 0.02, "
                                "\"axis\": [0.6, 0.8], \"half_length\": 0.05, \"half_width\": 0.01";
static const char *const arc = "\"type\": \"curved_slot\", \"point1\": [0.002, 0.001], "
                               "\"point2\": [0.01, -0.005], \"pin_radius\": 0.008, \"length\": "
                               "0.02, \"axis\": [1, 0], \"mean_radius\": 0.1, \"half_angle\": "
                               "0.5, \"half_width\": 0.01";

static void jacobians(void)
{
  double in_bearing[2] = {0.002 + 0.00052 * 0.6, 0.001 + 0.00052 * 0.8};
  double on_track[2] = {0.002 + 0.02 * 0.6 - 0.00202 * 0.8, 0.001 + 0.02 * 0.8 + 0.00202 * 0.6};
  double inner[2] = {0.002 + 0.09798 * cos(-0.1), 0.001 + 0.09798 * sin(-0.1)};
  double outer[2] = {0.002 + 0.10202 * cos(0.2), 0.001 + 0.10202 * sin(0.2)};
  jacobian_case("volumetric revolute", rev, volumetric, in_bearing);
  jacobian_case("volumetric slot track (flat)", slot, volumetric, on_track);
  jacobian_case("volumetric curved inner (convex)", arc, volumetric, inner);
  jacobian_case("volumetric curved outer", arc, volumetric, outer);
  jacobian_case("volumetric revolute, friction", rev, with_friction, in_bearing);
}

/* Bearing and journal centres at their bodies' centres: the normal force then turns neither
 * body, and the θ entries of Q are the rolling torque alone, T on the pin and −T on the hole,
 * T = −k_v a J(δ) (θ1' − θ0') (002 eq. 4). The power booked is the damping's (F_n − F_e) δ'
 * plus −T ω = k_v a J ω². */
static void torque(void)
{
  const char *joint = "\"type\": \"revolute\", \"pin_radius\": 0.0095, \"hole_radius\": 0.01, "
                      "\"length\": 0.02";
  cs_model *m = two_bodies(joint, volumetric);
  double pin[2] = {0.00052 * 0.6, 0.00052 * 0.8}, q[6], v[6], Q[6] = {0};
  cs_clearances *c = pair_in_contact(m, pin, q, v);
  cs_clearances_forces(c, q, v, Q, NULL, NULL, 0.0);
  cs_clearance_state st;
  cs_clearances_output(c, 0, q, v, &st);

  /* the law's J and F_e at the joint's δ = 20 µm */
  const cs_contact_geometry *g = &m->clearances[0].geometry[0];
  cs_registry *reg = cs_registry_new();
  const cs_law *law = cs_registry_find(reg, CS_ELASTIC, "volumetric");
  void *content = NULL;
  cs_error err;
  double kv = KV, dJ, k_v, dFe;
  CHECK(law && law->create(&kv, g, &content, &err) == CS_OK, "the volumetric law");
  if (!content) {
    cs_registry_free(reg);
    return;
  }
  double J = law->rolling_moment(content, st.penetration, &dJ, &k_v);
  double Fe = law->elastic(content, st.penetration, &dFe);
  double omega = v[5] - v[2], T = -KV * A * J * omega;
  CHECK_NEAR(st.penetration, 20e-6, 1e-12, "the pin is 20 um deep");
  CHECK_REL(Q[5], T, 1e-12, "the pin body takes T = -k_v a J (theta1' - theta0')");
  CHECK_REL(Q[2], -T, 1e-12, "the hole body takes -T");
  CHECK(Q[5] * omega < 0.0, "the torque resists the relative rotation");
  cs_frame frame[3]; /* g, hole, pin */
  cs_frames(m, q, frame);
  double Qpower[6] = {0}, P = cs_clearances_forces_power(c, frame, v, Qpower);
  double P_expected = (st.normal_force - Fe) * st.rate + KV * A * J * omega * omega;
  CHECK_REL(P, P_expected, 1e-12, "dissipation: damping plus k_v a J omega^2");
  CHECK_REL(st.normal_force, Fe * (1 + A * st.rate), 1e-12, "F_n = F_e (1 + a delta')");
  /* the joint hands the law the bearing's geometry: F_e = k_v L (π R1² − lens(R1, R2, c + δ)),
   * the textbook lens at centre distance 0.52 mm */
  double R1 = 0.0095, R2 = 0.01, d = 0.00052;
  double lens = R1 * R1 * acos((d * d + R1 * R1 - R2 * R2) / (2 * d * R1)) +
                R2 * R2 * acos((d * d + R2 * R2 - R1 * R1) / (2 * d * R2)) -
                0.5 * sqrt((-d + R1 + R2) * (d + R1 - R2) * (d - R1 + R2) * (d + R1 + R2));
  CHECK_REL(Fe, KV * L * (M_PI * R1 * R1 - lens), 1e-8, "F_e = k_v L A of the bearing");

  /* the θ rows of the Jacobian hold the torque's derivatives alone: ∂T/∂v = −k_v a J (∓1 on
   * θ0', θ1'), ∂T/∂q = ∂T/∂δ ∇δ; against centred differences of Q[2], Q[5] */
  double Q2[6] = {0}, Qq[36] = {0}, Qv[36] = {0}, x[6], Qp[6], Qm[6];
  cs_clearances_forces(c, q, v, Q2, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  probe pr = {c, q, v};
  for (int which = 0; which < 2; which++) {
    double worst = 0.0, scale = 0.0, h = which == 0 ? 1e-10 : 1e-6;
    for (int col = 0; col < 6; col++) {
      memcpy(x, which == 0 ? q : v, sizeof x);
      x[col] += h;
      forces(&pr, which == 0 ? x : q, which == 0 ? v : x, Qp, 6);
      x[col] -= 2 * h;
      forces(&pr, which == 0 ? x : q, which == 0 ? v : x, Qm, 6);
      for (int row = 2; row < 6; row += 3) {
        double fd = (Qp[row] - Qm[row]) / (2 * h), an = (which == 0 ? Qq : Qv)[row + 6 * col];
        worst = fmax(worst, fabs(an - fd));
        scale = fmax(scale, fabs(fd));
      }
    }
    printf("torque rows: d/d%s off %.2e of %.3g\n", which == 0 ? "q" : "v", worst / scale, scale);
    CHECK(scale > 0.0 && worst < 1e-6 * scale, "torque rows of dQ/d%s against differences (%.3g)",
          which == 0 ? "q" : "v", worst / scale);
  }
  CHECK_REL(Qv[5 + 6 * 5], -KV * A * J, 1e-12, "dT/dtheta1' = -k_v a J");
  printf("revolute, 20 um: F_n %.6g N, T %.6g N m for omega %.3g rad/s, P %.6g W\n",
         st.normal_force, Q[5], omega, P);
  law->destroy(content);
  cs_registry_free(reg);
  cs_clearances_free(c);
  cs_model_free(m);
}

int main(void)
{
  jacobians();
  torque();
  return cs_test_finish();
}
