/* The analytic derivatives handed to IDA against centred differences: Φq, Φt, the constraint
 * second derivatives ((Φqᵀw)_q, (Φq v)_q, γ) and ∂Q/∂q, ∂Q/∂v of every force element, for a
 * model holding every joint, driver and force kind, at an arbitrary (unassembled) state. */
#include "cs_assembly.h"
#include "cs_test.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *json =
  "{\"name\":\"everything\",\"gravity\":[0.3,-9.81],\"bodies\":["
  "{\"name\":\"g\",\"ground\":true,\"position\":[0.1,-0.2,0.3]},"
  "{\"name\":\"a\",\"mass\":1.5,\"inertia\":0.02},"
  "{\"name\":\"b\",\"mass\":0.7,\"inertia\":0.01},"
  "{\"name\":\"c\",\"mass\":2.0,\"inertia\":0.05}],"
  "\"joints\":["
  "{\"name\":\"R\",\"type\":\"revolute\",\"body1\":\"g\",\"body2\":\"a\",\"point1\":[0.1,0.2],"
  "\"point2\":[-0.3,0.05]},"
  "{\"name\":\"P\",\"type\":\"prismatic\",\"body1\":\"a\",\"body2\":\"b\",\"point1\":[0.2,-0.1],"
  "\"point2\":[0.05,0.07],\"axis\":[0.6,0.8],\"angle\":0.2},"
  "{\"name\":\"F\",\"type\":\"fixed\",\"body1\":\"b\",\"body2\":\"c\",\"point1\":[0.1,0.1],"
  "\"point2\":[-0.2,0.3],\"angle\":-0.4}],"
  "\"drivers\":["
  "{\"name\":\"DA\",\"type\":\"angle\",\"joint\":\"R\",\"motion\":{\"initial\":0.1,"
  "\"velocity\":2,\"acceleration\":0.5,\"amplitude\":0.3,\"frequency\":4,\"phase\":0.2}},"
  "{\"name\":\"DT\",\"type\":\"translation\",\"joint\":\"P\",\"motion\":{\"velocity\":0.3,"
  "\"amplitude\":0.1,\"frequency\":3}},"
  "{\"name\":\"DB\",\"type\":\"translation\",\"body\":\"c\",\"axis\":[1,1],\"point\":[0.1,-0.2],"
  "\"motion\":{\"initial\":0.5}}],"
  "\"forces\":["
  "{\"name\":\"S\",\"type\":\"spring\",\"body1\":\"g\",\"body2\":\"b\",\"point1\":[0.3,0.1],"
  "\"point2\":[0.1,-0.2],\"stiffness\":120,\"damping\":3,\"free_length\":0.2,\"force\":5},"
  "{\"name\":\"S2\",\"type\":\"spring\",\"body1\":\"a\",\"body2\":\"c\",\"point1\":[0.1,0.1],"
  "\"point2\":[-0.1,0.2],\"stiffness\":80,\"damping\":1.5,\"free_length\":0.4},"
  "{\"name\":\"T\",\"type\":\"torsion_spring\",\"body1\":\"a\",\"body2\":\"c\","
  "\"stiffness\":7,\"damping\":0.4,\"free_angle\":0.3,\"torque\":0.2},"
  "{\"name\":\"FW\",\"type\":\"force\",\"body\":\"b\",\"point\":[0.2,-0.3],\"force\":[3,-2],"
  "\"frame\":\"world\"},"
  "{\"name\":\"FB\",\"type\":\"force\",\"body\":\"c\",\"point\":[-0.1,0.25],\"force\":[-1,4],"
  "\"frame\":\"body\"},"
  "{\"name\":\"TQ\",\"type\":\"torque\",\"body\":\"a\",\"torque\":1.5}]}";

enum { MAXN = 9, MAXM = 12 };
static const double h = 1e-6, t0 = 0.37;

/* max |analytic − centred difference| relative to the largest entry, for the n × cols matrix
 * d(f)/d(x) where f maps x (length cols) to rows values. */
typedef void (*fn)(const cs_model *m, const double *x, double *out, void *ctx);

static double fd_error(const cs_model *m, fn f, void *ctx, const double *x0, int rows, int cols,
                       const double *J, int ld)
{
  double x[MAXN + 1], fp[MAXM + MAXN], fm[MAXM + MAXN], worst = 0.0, scale = 1e-300;
  for (int c = 0; c < cols; c++) {
    memcpy(x, x0, (size_t)cols * sizeof *x);
    x[c] = x0[c] + h;
    f(m, x, fp, ctx);
    x[c] = x0[c] - h;
    f(m, x, fm, ctx);
    for (int r = 0; r < rows; r++) {
      double fd = (fp[r] - fm[r]) / (2 * h);
      worst = fmax(worst, fabs(J[r + (size_t)c * ld] - fd));
      scale = fmax(scale, fabs(fd));
    }
  }
  return worst / scale;
}

typedef struct ctx {
  const double *q, *v, *w;
} ctx;

static void phi_of_q(const cs_model *m, const double *q, double *out, void *c)
{
  (void)c;
  cs_constraints(m, q, t0, out, NULL, NULL, NULL);
}

/* Φq (rows × n, column-major) from the engine's rows (cs_jac.h) */
static void dense_phiq(const cs_model *m, const double *q, double *Phiq)
{
  cs_jac J;
  if (cs_jac_init(&J, m))
    abort();
  cs_constraints(m, q, t0, NULL, &J, NULL, NULL);
  memset(Phiq, 0, (size_t)m->nrow * m->ncoord * sizeof *Phiq);
  cs_jac_scatter(&J, &(cs_acc){.dense = Phiq, .ld = m->nrow}, NULL);
  cs_jac_free(&J);
}

static void phiqT_w(const cs_model *m, const double *q, double *out, void *c)
{
  const ctx *k = c;
  double Phiq[MAXM * MAXN];
  dense_phiq(m, q, Phiq);
  for (int j = 0; j < m->ncoord; j++) {
    out[j] = 0;
    for (int r = 0; r < m->nrow; r++)
      out[j] += Phiq[r + j * m->nrow] * k->w[r];
  }
}

static void phiq_v(const cs_model *m, const double *q, double *out, void *c)
{
  const ctx *k = c;
  double Phiq[MAXM * MAXN];
  dense_phiq(m, q, Phiq);
  for (int r = 0; r < m->nrow; r++) {
    out[r] = 0;
    for (int j = 0; j < m->ncoord; j++)
      out[r] += Phiq[r + j * m->nrow] * k->v[j];
  }
}

static void Q_of_q(const cs_model *m, const double *q, double *out, void *c)
{
  cs_forces(m, q, ((const ctx *)c)->v, t0, out, NULL, NULL, 0);
}

static void Q_of_v(const cs_model *m, const double *v, double *out, void *c)
{
  cs_forces(m, ((const ctx *)c)->q, v, t0, out, NULL, NULL, 0);
}

int main(void)
{
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_string(json, "<test>", NULL, &m, &err)) {
    printf("FATAL: %s\n", err.message);
    return 2;
  }
  int n = m->ncoord, rows = m->nrow;
  CHECK(n == 9 && rows == 10, "9 coordinates, 2+2+3+1+1+1 rows (got %d, %d)", n, rows);
  double q[MAXN], v[MAXN], a[MAXN], w[MAXM];
  srand(7);
  for (int i = 0; i < n; i++) {
    q[i] = 0.8 * rand() / RAND_MAX - 0.4;
    v[i] = 2.0 * rand() / RAND_MAX - 1.0;
    a[i] = 4.0 * rand() / RAND_MAX - 2.0;
  }
  for (int r = 0; r < rows; r++)
    w[r] = 2.0 * rand() / RAND_MAX - 1.0;
  ctx k = {q, v, w};

  double Phiq[MAXM * MAXN], A[MAXN * MAXN], B[MAXM * MAXN];
  dense_phiq(m, q, Phiq);
  CHECK(fd_error(m, phi_of_q, &k, q, rows, n, Phiq, rows) < 1e-8, "Φq against differences");

  memset(A, 0, sizeof A);
  cs_constraints_add_hessian(m, q, w, 1.0, &(cs_acc){.dense = A, .ld = n});
  CHECK(fd_error(m, phiqT_w, &k, q, n, n, A, n) < 1e-8, "(Φqᵀw)_q against differences");

  memset(B, 0, sizeof B);
  cs_constraints_add_rate_jacobian(m, q, v, 1.0, &(cs_acc){.dense = B, .ld = rows});
  CHECK(fd_error(m, phiq_v, &k, q, rows, n, B, rows) < 1e-8, "(Φq v)_q against differences");

  /* Φt and γ along the path q(τ) = q + v τ + a τ²/2 at time t0 + τ:
   * dΦ/dτ = Φq v + Φt, d²Φ/dτ² = Φq a − γ. */
  double phit[MAXM], gamma[MAXM], pp[MAXM], p0[MAXM], pm[MAXM], qq[MAXN];
  const double s = 1e-4;
  cs_constraints(m, q, t0, p0, NULL, phit, NULL);
  cs_frame frame[4]; /* g, a, b, c */
  cs_frames(m, q, frame);
  cs_constraints_and_gamma(m, frame, v, t0, NULL, gamma);
  for (int i = 0; i < n; i++)
    qq[i] = q[i] + v[i] * s + 0.5 * a[i] * s * s;
  cs_constraints(m, qq, t0 + s, pp, NULL, NULL, NULL);
  for (int i = 0; i < n; i++)
    qq[i] = q[i] - v[i] * s + 0.5 * a[i] * s * s;
  cs_constraints(m, qq, t0 - s, pm, NULL, NULL, NULL);
  double e1 = 0, e2 = 0;
  for (int r = 0; r < rows; r++) {
    double pv = 0, pa = 0;
    for (int j = 0; j < n; j++) {
      pv += Phiq[r + j * rows] * v[j];
      pa += Phiq[r + j * rows] * a[j];
    }
    e1 = fmax(e1, fabs((pp[r] - pm[r]) / (2 * s) - (pv + phit[r])));
    e2 = fmax(e2, fabs((pp[r] - 2 * p0[r] + pm[r]) / (s * s) - (pa - gamma[r])));
  }
  CHECK(e1 < 1e-6, "Φq v + Φt is dΦ/dt along a path (off %.3g)", e1);
  CHECK(e2 < 1e-5, "Φq a − γ is d²Φ/dt² along a path (off %.3g)", e2);

  /* A frame skips libm below 2^-27 rad: its cos and sin are libm's to the bit there, and
   * just above, where libm takes over. */
  int frame_off = 0;
  for (int e = -40; e <= 40; e++) {
    double th = ldexp(1.0, -27) * (1.0 + e * DBL_EPSILON) * (e % 2 ? -1.0 : 1.0);
    double th2 = ldexp(1.0, -27 - (e < 0 ? -e : e) % 30) * (e % 3 ? 1.0 : -1.0);
    double pose[3] = {0.1, 0.2, th}, pose2[3] = {0.1, 0.2, th2};
    cs_frame f = cs_frame_of(pose), f2 = cs_frame_of(pose2);
    frame_off += f.c != cos(th) || f.s != sin(th) || f2.c != cos(th2) || f2.s != sin(th2);
  }
  CHECK(frame_off == 0, "frames of angles near 2^-27 rad carry libm's cos and sin (%d off)",
        frame_off);

  double Q[MAXN];
  memset(A, 0, sizeof A);
  memset(B, 0, sizeof B);
  cs_forces(m, q, v, t0, Q, &(cs_acc){.dense = A, .ld = n}, &(cs_acc){.dense = B, .ld = n},
            1.0);
  CHECK(fd_error(m, Q_of_q, &k, q, n, n, A, n) < 1e-8, "∂Q/∂q against differences");
  CHECK(fd_error(m, Q_of_v, &k, v, n, n, B, n) < 1e-8, "∂Q/∂v against differences");

  /* The energy terms agree with Q: d(potential)/dq = −Q of the conservative part. With
   * v = 0 the dampers are silent; the actuators and applied loads are not potentials, so
   * they are switched off here. */
  for (int e = 0; e < m->nforce; e++) {
    m->forces[e].actuation = 0;
    m->forces[e].force[0] = m->forces[e].force[1] = m->forces[e].torque = 0;
  }
  double zero[MAXN] = {0}, worst = 0;
  cs_forces(m, q, zero, t0, Q, NULL, NULL, 0);
  for (int i = 0; i < n; i++) {
    double qp[MAXN], qm[MAXN];
    memcpy(qp, q, sizeof qp);
    memcpy(qm, q, sizeof qm);
    qp[i] += h;
    qm[i] -= h;
    double dV = (cs_potential_energy(m, qp) - cs_potential_energy(m, qm)) / (2 * h);
    worst = fmax(worst, fabs(dV + Q[i]));
  }
  CHECK(worst < 1e-6, "∂V/∂q = −Q for gravity and springs (off %.3g)", worst);
  cs_model_free(m);
  return cs_test_finish();
}
