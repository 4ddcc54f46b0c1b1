/* cs_test_books.h — what the robustness, long-run and energy-convergence tests share: a run
 * that keeps the worst energy balance error and the energy scale over its output instants,
 * and the clearance slider-crank's variants (another crank speed, an exactly centred start),
 * built on the loaded model (internal struct: tests may look inside). */
#ifndef CS_TEST_BOOKS_H
#define CS_TEST_BOOKS_H

#include "clearsim.h"
#include "cs_model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Sanitized builds (tools/test's second pass) run 5-10x slower: long tests thin their
 * ladders there. */
#if defined(__SANITIZE_ADDRESS__)
#define CS_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CS_TEST_SANITIZED 1
#endif
#endif
#ifndef CS_TEST_SANITIZED
#define CS_TEST_SANITIZED 0
#endif

/* The energy books of a run: worst |balance error| over the output instants (and the end),
 * and the energy scale it is judged against, the largest |kinetic| + |potential| + strain. */
typedef struct books {
  double worst, scale;
} books;

static inline int books_keep(const cs_sim *sim, void *user)
{
  books *b = user;
  cs_energy e;
  cs_sim_energy(sim, &e);
  b->worst = fmax(b->worst, fabs(e.balance_error));
  b->scale = fmax(b->scale, fabs(e.kinetic) + fabs(e.potential) + fabs(e.strain));
  return 0;
}

/* A run's outcome: status, where it stopped, its books and counters, the engine's message. */
typedef struct books_run {
  cs_status status;
  double t;
  books books;
  cs_stats stats;
  cs_error err;
  char warnings[512]; /* cs_sim_warnings at the end */
} books_run;

/* Run `m` from its start to t, keeping the books. A model that cannot even start is reported
 * like a failed run (status and message), at t = NaN. */
static inline books_run books_advance(const cs_model *m, double t)
{
  books_run r;
  memset(&r, 0, sizeof r);
  r.t = NAN;
  cs_sim *s = NULL;
  r.status = cs_sim_create(m, &s, &r.err);
  if (r.status)
    return r;
  cs_sim_set_output(s, books_keep, &r.books);
  r.status = cs_sim_advance(s, t, &r.err);
  books_keep(s, &r.books);
  r.t = cs_sim_time(s);
  cs_sim_stats(s, &r.stats);
  snprintf(r.warnings, sizeof r.warnings, "%s", cs_sim_warnings(s));
  cs_sim_free(s);
  return r;
}

static inline double books_ratio(const books_run *r)
{
  return r->books.scale > 0.0 ? r->books.worst / r->books.scale : INFINITY;
}

/* ---------------------------------------------------------------- slider-crank variants -- */

/* Drive the first angle driver at omega (rad/s). Initial velocities are scaled with it: the
 * engine corrects them onto the constraints by the smallest change, and a clearance joint is
 * no constraint, so the driver's speed alone would leave the rod spinning near its old rate and
 * the journal sliding through its bearing. At the files' dead-centre start every velocity is
 * proportional to the crank's, so the scaled ones are the ideal mechanism's at the new speed.
 * Returns the ratio new/old speed (0 if the model has no angle driver). */
static inline double books_set_crank_speed(cs_model *m, double omega)
{
  for (int k = 0; k < m->njoint; k++) {
    cs_motion *mo = &m->joints[k].motion;
    if (m->joints[k].kind != CS_DRIVER_ANGLE || mo->velocity == 0.0)
      continue;
    double ratio = omega / mo->velocity;
    mo->velocity = omega;
    for (int b = 0; b < m->nbody; b++)
      for (int c = 0; c < 3; c++)
        m->bodies[b].v0[c] *= ratio;
    return ratio;
  }
  return 0.0;
}

/* The clearance slider-crank's journal exactly centred: the rod's pin lands at crank 0.05 m +
 * rod 0.12 m = 0.16999999999999998 in floating point, where the file's slider sits at 0.17
 * (eccentricity 2.8e-17 m). */
static inline int books_centre_slider(cs_model *m)
{
  int b = cs_model_body_index(m, "slider");
  if (b < 0)
    return -1;
  m->bodies[b].q0[0] = 0.05 + 0.12;
  return 0;
}

/* Velocity of the journal's centre relative to the bearing's at the sim's current state (m/s):
 * zero when the clearance joint starts as the ideal joint would. */
static inline double books_journal_slip(const cs_sim *s, const cs_model *m, int k)
{
  const cs_clearance *c = &m->clearances[k];
  double w[2][2];
  for (int side = 0; side < 2; side++) {
    double q[3], v[3];
    cs_sim_body_position(s, c->body[side], q);
    cs_sim_body_velocity(s, c->body[side], v);
    const double *p = c->point[side];
    double rx = cos(q[2]) * p[0] - sin(q[2]) * p[1], ry = sin(q[2]) * p[0] + cos(q[2]) * p[1];
    w[side][0] = v[0] - v[2] * ry;
    w[side][1] = v[1] + v[2] * rx;
  }
  return hypot(w[1][0] - w[0][0], w[1][1] - w[0][1]);
}

#endif
