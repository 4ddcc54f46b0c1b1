/* Ideal slider-crank (models/slider_crank.json) against closed-form kinematics and an
 * independent inverse dynamics.
 *
 * Crank r = 0.05 m at φ = ωt, rod l = 0.12 m at angle β with sin β = −(r/l) sin φ, slider at
 * x = r cos φ + l cos β. Differentiating l sin β = −r sin φ twice (φ'' = 0):
 *   β' = −r cos φ ω / (l cos β),  β'' = (r sin φ ω² + l sin β β'²) / (l cos β),
 *   x' = −r sin φ ω − l sin β β',  x'' = −r cos φ ω² − l cos β β'² − l sin β β''.
 * The crank torque follows from the power balance τ ω = Σ (m aᵢ·vᵢ + J αᵢ ωᵢ − m g·vᵢ), with
 * every velocity and acceleration from the same closed forms: no multiplier enters it. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>

enum { CRANK = 1, ROD = 2, SLIDER = 3 };
static const double r = 0.05, l = 0.12, w = 523.5987755982989, g = 9.81;
static const double mass[4] = {0, 0.30, 0.21, 0.14}, inertia[4] = {0, 1e-4, 2.5e-4, 1e-4};

typedef struct kin {
  double x, xd, xdd;            /* slider */
  double beta, bd, bdd;         /* rod angle */
  double v[4][3], a[4][3];      /* centre-of-mass velocity and acceleration of each body */
} kin;

static void closed_form(double t, kin *k)
{
  double phi = w * t, s = sin(phi), c = cos(phi);
  k->beta = asin(-r / l * s);
  double cb = cos(k->beta), sb = sin(k->beta);
  k->bd = -r * c * w / (l * cb);
  k->bdd = (r * s * w * w + l * sb * k->bd * k->bd) / (l * cb);
  k->x = r * c + l * cb;
  k->xd = -r * s * w - l * sb * k->bd;
  k->xdd = -r * c * w * w - l * cb * k->bd * k->bd - l * sb * k->bdd;
  /* crank centre at r/2 */
  double vc[3] = {-0.5 * r * s * w, 0.5 * r * c * w, w}, ac[3] = {-0.5 * r * c * w * w,
                                                                 -0.5 * r * s * w * w, 0};
  /* rod centre: B + (l/2)(cos β, sin β) */
  double vB[2] = {-r * s * w, r * c * w}, aB[2] = {-r * c * w * w, -r * s * w * w};
  double vr[3] = {vB[0] - 0.5 * l * sb * k->bd, vB[1] + 0.5 * l * cb * k->bd, k->bd};
  double ar[3] = {aB[0] - 0.5 * l * (sb * k->bdd + cb * k->bd * k->bd),
                  aB[1] + 0.5 * l * (cb * k->bdd - sb * k->bd * k->bd), k->bdd};
  double vs[3] = {k->xd, 0, 0}, as[3] = {k->xdd, 0, 0};
  for (int i = 0; i < 3; i++) {
    k->v[CRANK][i] = vc[i], k->a[CRANK][i] = ac[i];
    k->v[ROD][i] = vr[i], k->a[ROD][i] = ar[i];
    k->v[SLIDER][i] = vs[i], k->a[SLIDER][i] = as[i];
  }
}

static double torque(const kin *k)
{
  double P = 0.0;
  for (int b = CRANK; b <= SLIDER; b++)
    P += mass[b] * (k->a[b][0] * k->v[b][0] + k->a[b][1] * k->v[b][1] + g * k->v[b][1]) +
         inertia[b] * k->a[b][2] * k->v[b][2];
  return P / w;
}

typedef struct worst {
  double x, xd, xdd, tau, tau_scale, xdd_scale;
  long rows;
} worst;

static int compare(const cs_sim *s, void *user)
{
  worst *e = user;
  kin k;
  double q[3], v[3], a[3];
  closed_form(cs_sim_time(s), &k);
  cs_sim_body_position(s, SLIDER, q);
  cs_sim_body_velocity(s, SLIDER, v);
  cs_sim_body_acceleration(s, SLIDER, a);
  e->x = fmax(e->x, fabs(q[0] - k.x));
  e->xd = fmax(e->xd, fabs(v[0] - k.xd));
  e->xdd = fmax(e->xdd, fabs(a[0] - k.xdd));
  e->xdd_scale = fmax(e->xdd_scale, fabs(k.xdd));
  double tau = torque(&k);
  e->tau = fmax(e->tau, fabs(cs_sim_driver_reaction(s, 4) - tau)); /* joints: A B C guide motor */
  e->tau_scale = fmax(e->tau_scale, fabs(tau));
  e->rows++;
  return 0;
}

/* Bounds as fractions of the peaks: velocity, acceleration, torque. */
static void run(cs_formulation form, double vel, double acc, double tau)
{
  cs_model *m = load_model("models/slider_crank.json");
  m->solver.formulation = form;
  CHECK(m->njoint == 5 && cs_joint_is_driver(&m->joints[4]), "the driver is joint 4");
  cs_sim *s = start(m);
  worst e = {0};
  cs_error err;
  cs_sim_set_output(s, compare, &e);
  CHECK(cs_sim_advance(s, m->solver.t_end, &err) == CS_OK, "runs two crank turns: %s",
        err.message);
  printf("%-6s %ld rows: |x| %.2e m, |x'| %.2e m/s, |x''| %.2e m/s^2 (peak %.4g), |tau| %.2e "
         "N m (peak %.4g)\n", cs_formulation_name(form), e.rows, e.x, e.xd, e.xdd,
         e.xdd_scale, e.tau, e.tau_scale);
  CHECK(e.rows == 241, "an output row every 1e-4 s over 0.024 s, and t0");
  CHECK(e.x < 1e-8, "slider position within 1e-8 m (got %.3g)", e.x);
  CHECK(e.xd < vel * 2.8, "slider velocity within %.0e of its peak ~2.8 m/s (got %.3g)", vel,
        e.xd);
  CHECK(e.xdd < acc * e.xdd_scale, "slider acceleration within %.0e of peak (got %.3g)", acc,
        e.xdd);
  CHECK(e.tau < tau * e.tau_scale, "crank torque within %.0e of peak (got %.3g)", tau, e.tau);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  /* rtol 1e-8, atol 1e-10 (the model's). Measured: GGL 1e-9 m, 6e-7 m/s, 8e-5 m/s² of
   * 1.9e4, 7e-7 N m of 139; index 3 2e-9 m, 5e-3 … 1.6e-2 m/s, 0.3 … 2.9 m/s², 2e-3 … 5e-3 N m
   * (its velocities are outside the error test, and the reported accelerations follow from
   * them: ∂a/∂v ~ 2Ω ~ 1000/s; which of these a run lands on moves with the round-off of its
   * assembled start). Bounds: a factor 2–10 above. */
  run(CS_GGL, 1e-6, 1e-7, 1e-7);
  run(CS_INDEX3, 1e-2, 5e-4, 1e-4);
  return cs_test_finish();
}
