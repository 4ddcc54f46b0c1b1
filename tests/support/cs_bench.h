/* cs_bench.h — what the benchmark tests (tests/test_bench_*.c) share: a recorder of one
 * clearance joint's output rows, a run to a time that dies with the engine's message, the
 * independent reference for one impact (cs_rk45.h driving the joint's own contact model), and
 * a CSV of the recorded rows for plotting (written only when ctest gives CS_BUILD_DIR). */
#ifndef CS_BENCH_H
#define CS_BENCH_H

#include "clearsim.h"
#include "cs_model.h"
#include "cs_rk45.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- recorded rows ---------- */

enum { BENCH_T, BENCH_X, BENCH_Y, BENCH_DELTA, BENCH_RATE, BENCH_FN, BENCH_AX, BENCH_ANGLE,
       BENCH_COLS };
static const char *const bench_cols[BENCH_COLS] = {
  "t_s", "ecc_x_m", "ecc_y_m", "penetration_m", "rate_m_s", "normal_force_N",
  "accel_x_m_s2", "angle_rad"};

/* Rows of clearance joint `joint` at every output instant: time, eccentricity, δ, δ', F_n,
 * and the x acceleration and angle of two bodies the test names (−1: none). */
typedef struct bench_rec {
  int joint, accel_body, angle_body;
  int n, cap;
  double (*row)[BENCH_COLS];
} bench_rec;

static inline int bench_record(const cs_sim *sim, void *user)
{
  bench_rec *r = user;
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 1024;
    double(*row)[BENCH_COLS] = realloc(r->row, (size_t)cap * sizeof *row);
    if (!row)
      return 1;
    r->row = row;
    r->cap = cap;
  }
  cs_clearance_state c;
  cs_sim_clearance(sim, r->joint, &c);
  double a[3] = {0, 0, 0}, q[3] = {0, 0, 0};
  if (r->accel_body >= 0)
    cs_sim_body_acceleration(sim, r->accel_body, a);
  if (r->angle_body >= 0)
    cs_sim_body_position(sim, r->angle_body, q);
  double *w = r->row[r->n++];
  w[BENCH_T] = cs_sim_time(sim);
  w[BENCH_X] = c.eccentricity[0];
  w[BENCH_Y] = c.eccentricity[1];
  w[BENCH_DELTA] = c.penetration;
  w[BENCH_RATE] = c.rate;
  w[BENCH_FN] = c.normal_force;
  w[BENCH_AX] = a[0];
  w[BENCH_ANGLE] = q[2];
  return 0;
}

/* Advance to t or die: every benchmark must run to completion with its file's settings. */
static inline void bench_advance(cs_sim *sim, double t, const char *what)
{
  cs_error err;
  cs_status st = cs_sim_advance(sim, t, &err);
  CHECK(st == CS_OK, "%s runs to t = %g s: %s", what, t, st ? err.message : "ok");
  if (st) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
}

/* $CS_BUILD_DIR/bench_<name>.csv: the recorded rows, for plots; skipped outside ctest. */
static inline void bench_csv(const bench_rec *r, const char *name)
{
  const char *dir = getenv("CS_BUILD_DIR");
  char path[1024];
  if (!dir)
    return;
  snprintf(path, sizeof path, "%s/bench_%s.csv", dir, name);
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  for (int c = 0; c < BENCH_COLS; c++)
    fprintf(f, "%s%s", bench_cols[c], c + 1 < BENCH_COLS ? "," : "\n");
  for (int i = 0; i < r->n; i++)
    for (int c = 0; c < BENCH_COLS; c++)
      fprintf(f, "%.10g%s", r->row[i][c], c + 1 < BENCH_COLS ? "," : "\n");
  fclose(f);
}

/* ∮ F_n dδ over the rows in contact (trapezoid): the hysteresis loop's area, J. */
static inline double bench_loop_area(const bench_rec *r)
{
  double area = 0.0;
  for (int i = 1; i < r->n; i++) {
    const double *a = r->row[i - 1], *b = r->row[i];
    area += 0.5 * (a[BENCH_FN] + b[BENCH_FN]) * (b[BENCH_DELTA] - a[BENCH_DELTA]);
  }
  return area;
}

/* ---------------------------------------------------------------- the reference impact --- */

/* One impact of the joint's own contact model (laws, parameters, geometry of region 0) at
 * approach speed v, by the tests' RK45 (cs_rk45.h): nothing of the engine's integrator, event
 * location or joint kinematics. F_max is the largest force evaluated on the way (stages of
 * accepted and rejected steps lie on the solution to the integrator's 1e-11). */
typedef struct bench_ref {
  cs_contact *contact;
  double F_max;
} bench_ref;

static inline double bench_ref_force(void *user, double delta, double rate, double delta_max)
{
  bench_ref *b = user;
  cs_contact_out o;
  (void)delta_max; /* the contact model keeps its own */
  cs_contact_eval(b->contact, delta, rate, 0.0, 0, &o);
  if (o.Fn > b->F_max)
    b->F_max = o.Fn;
  return o.Fn;
}

static inline cs_rk45_out bench_reference(const cs_clearance *c, double m_star, double v,
                                   double *F_max)
{
  bench_ref b = {NULL, 0.0};
  cs_contact_spec spec = cs_contact_model_spec(&c->contact[0]);
  cs_error err;
  cs_rk45_out o = {NAN, NAN, NAN, NAN, 0};
  if (cs_contact_create(&spec, &c->geometry[0], &b.contact, &err)) {
    CHECK(0, "reference contact: %s", err.message);
    return o;
  }
  cs_contact_onset(b.contact, v);
  o = cs_rk45_impact(bench_ref_force, &b, m_star, v);
  *F_max = b.F_max;
  cs_contact_free(b.contact);
  return o;
}

#endif
