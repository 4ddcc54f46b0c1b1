/* A four-slot Geneva drive as a profile pair (models/geneva_4slot.json): the crank's pin in
 * the open slots of the wheel's outline (walls, concave bottoms, convex rim arcs and corners).
 * While the pin is engaged (crank angle |φ| < 45°) the wheel follows the ideal Geneva law
 * β = atan2(a sin φ, a cos φ − C) − π, within an error that shrinks with the clearance: 50 µm,
 * 5 µm, 0.5 µm. The pin enters at rest relative to the slot's axis: the first impact is small.
 *
 * The lock (models/geneva_4slot_locked.json, tools/models/geneva_locked.py): the crank's disc
 * of radius Rl about its pivot O (cut out over ±45° about the pin) sits during the dwell in the
 * wheel's concave locking arc of radius RL = Rl + c about O, whose ends are tips rounded to r_t
 * (centres T at |T − O| = RL + r_t, |T − W| = Rw − r_t). Turning the wheel by Δ about its
 * pivot W moves T by Δ ẑ × (T − W), whose part along the disc's normal (T − O)/|T − O| is
 *   Δ (ẑ × (T − W))·(T − O)/|T − O| = Δ C h/(RL + r_t),
 * C = |W − O| and h the distance of T from the line W–O (twice the triangle O W T's area is
 * C h). A point X of the arc between its tips moves out by Δ C h_X/RL, h_X < h: the arc
 * touches the disc at its tips only, and tip T touches once it has come in by the clearance c:
 * |Δ| ≤ c (RL + r_t)/(C h), the lever arm C h/(RL + r_t) (the tip on one side stops one way,
 * the other the other way; the second-order term is 1e-3 of the first here). The contacts'
 * compliance adds their deepest penetration over the same arm. So while both tips are over
 * the disc the wheel stays within that of its dwell angle, and the unlocked wheel does not. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>

static const double a = 0.05, rp = 0.005, Rw = 0.05, rb = 0.015;

/* The wheel's outline for slot half-width w (as models/geneva_4slot.json's, for 50 µm). */
static int outline(double w, char *out, size_t size)
{
  double s = sqrt(Rw * Rw - w * w), P[4][5][2];
  for (int k = 0; k < 4; k++) {
    double u[2] = {cos(k * M_PI / 2), sin(k * M_PI / 2)}, n[2] = {-u[1], u[0]};
    double r[5][2] = {{s, -w}, {rb, -w}, {rb, w}, {s, w}, {rb, 0}}; /* along u, along n */
    for (int i = 0; i < 5; i++)
      for (int c = 0; c < 2; c++)
        P[k][i][c] = r[i][0] * u[c] + r[i][1] * n[c];
  }
  int len = snprintf(out, size, "[[%.17g, %.17g]", P[0][0][0], P[0][0][1]);
  for (int k = 0; k < 4; k++) {
    const double(*p)[2] = P[k], *next = P[(k + 1) % 4][0];
    len += snprintf(out + len, size - len,
                    ", [%.17g, %.17g], {\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], "
                    "\"turn\": \"cw\"}, [%.17g, %.17g], {\"arc_to\": [%.17g, %.17g], \"centre\": "
                    "[0, 0], \"turn\": \"ccw\"}",
                    p[1][0], p[1][1], p[2][0], p[2][1], p[4][0], p[4][1], p[3][0], p[3][1],
                    next[0], next[1]);
  }
  return len + snprintf(out + len, size - len, "]");
}

static cs_model *geneva(double c)
{
  char path[4096], json[8192];
  const double C = a * sqrt(2.0);
  outline(rp + c, path, sizeof path);
  snprintf(json, sizeof json,
           "{\"name\": \"geneva\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"ground\", "
           "\"ground\": true}, {\"name\": \"crank\", \"mass\": 0.5, \"inertia\": 5e-4, "
           "\"position\": [0, 0, %.17g], \"velocity\": [0, 0, %.17g]}, {\"name\": \"wheel\", "
           "\"mass\": 0.2, \"inertia\": 5e-5, \"position\": [%.17g, 0, %.17g], \"velocity\": "
           "[0, 0, 0]}], \"joints\": [{\"name\": \"crank_pivot\", \"type\": \"revolute\", "
           "\"body1\": \"ground\", \"body2\": \"crank\"}, {\"name\": \"wheel_pivot\", \"type\": "
           "\"revolute\", \"body1\": \"ground\", \"body2\": \"wheel\", \"point1\": [%.17g, 0]}], "
           "\"drivers\": [{\"name\": \"motor\", \"type\": \"angle\", \"body\": \"crank\", "
           "\"motion\": {\"initial\": %.17g, \"velocity\": %.17g}}], \"clearance_joints\": "
           "[{\"name\": \"pin\", \"type\": \"profile\", \"body1\": \"wheel\", \"body2\": "
           "\"crank\", \"point2\": [%g, 0], \"pin_radius\": %g, \"length\": 0.01, \"profile\": "
           "{\"path\": %s, \"closed\": true, \"solid\": \"left\"}, \"materials\": [{\"E\": "
           "2.07e11, \"nu\": 0.3}, {\"E\": 2.07e11, \"nu\": 0.3}], \"contact\": {\"elastic\": "
           "{\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": 0.9}}}], "
           "\"solver\": {\"t_end\": 0.3333, \"rtol\": 1e-8, \"atol\": 1e-12}}",
           -M_PI / 3, 2 * M_PI, C, M_PI / 4, C, -M_PI / 3, 2 * M_PI, a, rp, path);
  return load_model_string(json, "<geneva>");
}

typedef struct books {
  double worst;
  double dwell[2]; /* the least and largest wheel angle from its dwell angle, both tips locked */
} books;

/* Both tips of the facing locking arc over the disc: crank angle 90° … 270° (from 83°, 277°:
 * the tips sit 37.8° either side of the line of centres, the cut-out is ±45° about the pin). */
static int locked_window(double phi)
{
  double deg = phi * 180.0 / M_PI;
  return deg > 90.0 && deg < 270.0;
}

static int keep(const cs_sim *s, void *user)
{
  books *b = user;
  double qc[3], qw[3];
  cs_sim_body_position(s, 1, qc);
  cs_sim_body_position(s, 2, qw);
  double phi = qc[2], C = a * sqrt(2.0);
  if (fabs(phi) < M_PI / 4) {
    double ideal = atan2(a * sin(phi), a * cos(phi) - C);
    ideal = remainder(ideal - M_PI, 2.0 * M_PI);
    b->worst = fmax(b->worst, fabs(remainder(qw[2] - ideal, 2.0 * M_PI)));
  }
  if (locked_window(phi)) { /* the dwell angle: a locking arc's axis on the line of centres */
    double d = remainder(qw[2] + M_PI / 4, M_PI / 2);
    b->dwell[0] = fmin(b->dwell[0], d), b->dwell[1] = fmax(b->dwell[1], d);
  }
  return 0;
}

/* The worst |β − β_ideal| while engaged, and the first impact's speed. */
static double run(double c, double *first_impact, int *contacts)
{
  cs_model *m = geneva(c);
  cs_sim *s = start(m);
  books b = {0, {INFINITY, -INFINITY}};
  cs_sim_set_output(s, keep, &b);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.3333, &err);
  CHECK(st == CS_OK, "geneva c %g: runs (%s)", c, st ? err.message : "");
  *contacts = cs_sim_event_count(s);
  cs_contact_event e = {0};
  if (*contacts)
    cs_sim_event(s, 0, &e);
  *first_impact = e.impact_velocity;
  cs_sim_free(s);
  cs_model_free(m);
  return b.worst;
}

/* The locked model over its turn: the engaged error, the dwell's excursion, the lock joints'
 * contacts and their deepest penetration. */
static double run_locked(cs_model *m, books *b, int *lock_contacts, double *pen)
{
  cs_sim *s = start(m);
  cs_sim_set_output(s, keep, b);
  cs_error err;
  cs_status st = cs_sim_advance(s, 1.0, &err);
  CHECK(st == CS_OK, "geneva locked: runs (%s)", st ? err.message : "");
  *lock_contacts = 0;
  *pen = 0.0;
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    if (e.joint == 0) /* the pin; 1 … 8 the tips */
      continue;
    (*lock_contacts)++;
    double t90 = (M_PI / 2 + M_PI / 3) / (2 * M_PI); /* crank at 90° */
    if (isnan(e.t_off) || e.t_off > t90)
      *pen = fmax(*pen, e.max_penetration);
  }
  cs_sim_free(s);
  return b->worst;
}

/* The unlocked wheel's excursion over the same window (models/geneva_4slot.json's geometry). */
static void run_unlocked(books *b)
{
  cs_model *m = geneva(50e-6);
  cs_sim *s = start(m);
  cs_sim_set_output(s, keep, b);
  cs_error err;
  cs_status st = cs_sim_advance(s, 1.0, &err);
  CHECK(st == CS_OK, "geneva unlocked over a turn: runs (%s)", st ? err.message : "");
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  const double cs[3] = {50e-6, 5e-6, 0.5e-6};
  double err[3];
  for (int i = 0; i < 3; i++) {
    double v;
    int n;
    err[i] = run(cs[i], &v, &n);
    printf("geneva, clearance %4.1f um: wheel within %.3e rad of the ideal law while engaged; "
           "%d contacts, the first at %.3g m/s\n", 1e6 * cs[i], err[i], n, v);
    CHECK(n >= 1 && v < 0.05, "c %g: the pin enters gently (%.3g m/s)", cs[i], v);
  }
  CHECK(err[0] < 3e-3, "50 um: within 3e-3 rad (%.3g)", err[0]);
  CHECK(err[1] < err[0] / 5 && err[2] < err[1] / 5, "the error shrinks with the clearance "
        "(%.3g, %.3g, %.3g)", err[0], err[1], err[2]);

  /* the lock: as tools/models/geneva_locked.py */
  const double C = a * sqrt(2.0), Rl = 0.032, c = 50e-6, rt = 0.001, RL = Rl + c;
  const double d1 = RL + rt, d2 = Rw - rt, x = (C * C + d2 * d2 - d1 * d1) / (2 * C);
  const double h = sqrt(d2 * d2 - x * x), arm = C * h / (RL + rt), play = c / arm;
  cs_model *m = load_model("models/geneva_4slot_locked.json");
  books lk = {0, {INFINITY, -INFINITY}}, un = {0, {INFINITY, -INFINITY}};
  int nlock;
  double pen;
  double engaged = run_locked(m, &lk, &nlock, &pen);
  cs_model_free(m);
  run_unlocked(&un);
  double bound = 1.01 * play + pen / arm;
  printf("geneva locked: engaged within %.3e rad of the ideal law; dwell (crank 90-270 deg) "
         "%+.4e … %+.4e rad, bound c/arm = %.4e (arm %.5f m) + deepest penetration %.3g m / "
         "arm = %.4e; %d lock contacts; unlocked %+.4e … %+.4e rad\n", engaged, lk.dwell[0],
         lk.dwell[1], play, arm, pen, bound, nlock, un.dwell[0], un.dwell[1]);
  CHECK(engaged < 3e-3, "locked, engaged: within 3e-3 rad of the ideal law (%.3g)", engaged);
  CHECK(fabs(lk.dwell[0]) <= bound && fabs(lk.dwell[1]) <= bound,
        "locked: the wheel within %.4g rad of its dwell angle (%.4g, %.4g)", bound, lk.dwell[0],
        lk.dwell[1]);
  CHECK(lk.dwell[0] < -0.9 * play && lk.dwell[1] > 0.9 * play,
        "locked: the wheel rattles between its two tips, reaching both stops (%.4g, %.4g of "
        "%.4g)", lk.dwell[0], lk.dwell[1], play);
  CHECK(nlock >= 10, "locked: the tips carry the lock (%d contacts)", nlock);
  CHECK(fmax(fabs(un.dwell[0]), fabs(un.dwell[1])) > 10 * bound,
        "unlocked: the wheel drifts beyond the lock's bound (%.4g, %.4g)", un.dwell[0],
        un.dwell[1]);
  return cs_test_finish();
}
