/* cs_test_clearance.h — a clearance joint between two moving bodies, put into contact at a
 * chosen pin position, and its contact forces' Jacobian against centred differences (shared by
 * the clearance tests). */
#ifndef CS_TEST_CLEARANCE_H
#define CS_TEST_CLEARANCE_H

#include "cs_clearances.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <stdlib.h>
#include <string.h>

#define STEEL "{\"E\": 2.07e11, \"nu\": 0.3}"

/* A straight and a curved slot (8 mm pin, c = 2 mm) at general points of two_bodies' bodies. */
#define SLOT_KEYS \
  "\"type\": \"slot\", \"point1\": [0.002, 0.001], \"point2\": [0.01, -0.005], " \
  "\"pin_radius\": 0.008, \"length\": 0.02, \"axis\": [0.6, 0.8], \"half_length\": 0.05, " \
  "\"half_width\": 0.01"
#define ARC_KEYS \
  "\"type\": \"curved_slot\", \"point1\": [0.002, 0.001], \"point2\": [0.01, -0.005], " \
  "\"pin_radius\": 0.008, \"length\": 0.02, \"axis\": [1, 0], \"mean_radius\": 0.1, " \
  "\"half_angle\": 0.5, \"half_width\": 0.01"

/* A moving bearing/slot body and a moving pin body, no gravity, with one clearance joint of
 * the given kind and keys. */
static cs_model *two_bodies(const char *joint, const char *contact)
{
  char json[4096];
  int len = snprintf(json, sizeof json,
           "{\"name\": \"pair\", \"bodies\": [{\"name\": \"g\", \"ground\": true},"
           "{\"name\": \"hole\", \"mass\": 2, \"inertia\": 0.01, \"position\": [0.01, -0.02, 0.3]},"
           "{\"name\": \"pin\", \"mass\": 1, \"inertia\": 0.002, \"position\": [0.03, 0.04, -0.2]}],"
           "\"clearance_joints\": [{\"name\": \"J\", \"body1\": \"hole\", \"body2\": \"pin\", "
           "\"materials\": [" STEEL ", " STEEL "], %s, \"contact\": %s}]}",
           joint, contact);
  if (len < 0 || len >= (int)sizeof json) {
    printf("FATAL: two_bodies: the model's JSON does not fit in %zu bytes\n", sizeof json);
    exit(2);
  }
  cs_model *m = load_model_string(json, "<test>");
  return m;
}

/* Run m to its end with a row recorder, writing `h5` (NULL: no file), or die with the message;
 * *mean_Fn: the time-mean of joint 0's normal force by the trapezoid rule over the rows. The
 * caller frees the simulation. */
static inline cs_sim *run_mean_force(cs_model *m, const char *h5, double *mean_Fn)
{
  cs_rows *rows;
  cs_sim *s = run_recorded(m, h5, &rows);
  int w = cs_rows_width(rows), base = w - CS_ROWS_CLEARANCE;
  long n = cs_rows_count(rows);
  const double *d = cs_rows_data(rows);
  double F = 0;
  for (long i = 1; i < n; i++) /* column 4 of a joint's block: normal_force */
    F += 0.5 * (d[i * w] - d[(i - 1) * w]) * (d[i * w + base + 4] + d[(i - 1) * w + base + 4]);
  *mean_Fn = F / d[(n - 1) * w];
  cs_rows_free(rows);
  return s;
}

/* The model's clearance joints at run time, or die with the message. */
static cs_clearances *clearances_of(const cs_model *m)
{
  cs_clearances *c = NULL;
  cs_error err;
  if (cs_clearances_create(m, &c, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return c;
}

/* The state of two_bodies' pair with the pin's centre at pin_local in the hole body's frame
 * (hole body at (0.01, −0.02, 0.3), pin body at θ = −0.2), velocities v = (hole, pin), the
 * contact opened there (impact velocity from this state). */
static cs_clearances *pair_in_contact(const cs_model *m, const double pin_local[2], double q[6],
                                      double v[6])
{
  static const double q0[6] = {0.01, -0.02, 0.3, 0, 0, -0.2};
  static const double v0[6] = {0.3, -0.2, 1.5, -0.4, 0.7, -2.0};
  cs_clearances *c = clearances_of(m);
  memcpy(q, q0, sizeof q0);
  memcpy(v, v0, sizeof v0);
  const double *s1 = m->clearances[0].point[1];
  double cs0 = cos(q[2]), sn0 = sin(q[2]), cs1 = cos(q[5]), sn1 = sin(q[5]);
  double P[2] = {q[0] + cs0 * pin_local[0] - sn0 * pin_local[1],
                 q[1] + sn0 * pin_local[0] + cs0 * pin_local[1]};
  q[3] = P[0] - (cs1 * s1[0] - sn1 * s1[1]);
  q[4] = P[1] - (sn1 * s1[0] + cs1 * s1[1]);
  cs_clearances_open(c, 0, 0.0, q, v);
  return c;
}

typedef struct probe {
  cs_clearances *c;
  const double *q, *v;
} probe;

static void forces(const probe *p, const double *q, const double *v, double *Q, int n)
{
  memset(Q, 0, (size_t)n * sizeof *Q);
  cs_clearances_forces(p->c, q, v, Q, NULL, NULL, 0);
}

/* max |analytic − centred difference| / max |entry| of ∂Q/∂q (which = 0) or ∂Q/∂v */
static double jacobian_error(const probe *p, int n, int which, const double *J)
{
  double x[6], Qp[6], Qm[6], worst = 0, scale = 1e-300;
  const double h = which == 0 ? 1e-9 : 1e-7;
  for (int c = 0; c < n; c++) {
    memcpy(x, which == 0 ? p->q : p->v, (size_t)n * sizeof *x);
    x[c] += h;
    forces(p, which == 0 ? x : p->q, which == 0 ? p->v : x, Qp, n);
    x[c] -= 2 * h;
    forces(p, which == 0 ? x : p->q, which == 0 ? p->v : x, Qm, n);
    for (int r = 0; r < n; r++) {
      double fd = (Qp[r] - Qm[r]) / (2 * h);
      worst = fmax(worst, fabs(J[r + c * n] - fd));
      scale = fmax(scale, fabs(fd));
    }
  }
  return worst / scale;
}

/* Place the pin so that it penetrates at a point of the given region, with rates, and check
 * the analytic ∂Q/∂q and ∂Q/∂v against differences. */
static void jacobian_case(const char *label, const char *joint, const char *contact,
                          const double pin_local[2])
{
  cs_model *m = two_bodies(joint, contact);
  double q[6], v[6];
  cs_clearances *c = pair_in_contact(m, pin_local, q, v);
  double Q[6] = {0}, Qq[36] = {0}, Qv[36] = {0};
  cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  CHECK(fabs(Q[0]) + fabs(Q[1]) > 0, "%s: in contact, a force", label);
  probe p = {c, q, v};
  double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv);
  printf("%-28s ∂Q/∂q off %.2e, ∂Q/∂v off %.2e\n", label, eq, ev);
  CHECK(ev < 1e-6, "%s: ∂Q/∂v against differences (%.3g)", label, ev);
  CHECK(eq < 1e-6, "%s: ∂Q/∂q against differences (%.3g)", label, eq);
  cs_clearances_free(c);
  cs_model_free(m);
}

#endif
