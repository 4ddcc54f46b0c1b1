/* cs_test_onedof.h — a mechanism of one degree of freedom, J φ'' = −C cos φ (a parallelogram
 * or N-four-bar on its parallelogram branch, its couplers translating), integrated by a
 * classical RK4 of its own: the independent reference of test_singular and test_benchmarks. */
#ifndef CS_TEST_ONEDOF_H
#define CS_TEST_ONEDOF_H

#include <math.h>

typedef struct reference {
  double J, C;
} reference;

static inline void rhs(const reference *ref, const double y[2], double f[2])
{
  f[0] = y[1];
  f[1] = -ref->C * cos(y[0]) / ref->J;
}

/* y = (φ, φ') advanced from t to t_end by RK4 steps of at most 1e-5 s. */
static inline void rk4(const reference *ref, double y[2], double t, double t_end)
{
  int steps = (int)ceil((t_end - t) / 1e-5);
  double h = (t_end - t) / steps;
  for (int k = 0; k < steps; k++) {
    double k1[2], k2[2], k3[2], k4[2], tmp[2];
    rhs(ref, y, k1);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + 0.5 * h * k1[i];
    rhs(ref, tmp, k2);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + 0.5 * h * k2[i];
    rhs(ref, tmp, k3);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + h * k3[i];
    rhs(ref, tmp, k4);
    for (int i = 0; i < 2; i++)
      y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
}

#endif
