/* A four-slot Geneva drive as a profile pair (models/geneva_4slot.json): the crank's pin in
 * the open slots of the wheel's outline (walls, concave bottoms, convex rim arcs and corners).
 * While the pin is engaged (crank angle |φ| < 45°) the wheel follows the ideal Geneva law
 * β = atan2(a sin φ, a cos φ − C) − π, within an error that shrinks with the clearance: 50 µm,
 * 5 µm, 0.5 µm. The pin enters at rest relative to the slot's axis: the first impact is small.
 *
 * The lock (models/geneva_4slot_locked.json, tools/models/geneva_locked.py): the crank's disc
 * of radius Rl about its pivot O sits during the dwell in the wheel's concave locking arc of
 * radius RL = Rl + c about O, whose ends are tips rounded to r_t (centres T at
 * |T − O| = RL + r_t, |T − W| = Rw − r_t). Turning the wheel by Δ about its pivot W moves a
 * point X by Δ ẑ × (X − W), whose part along the disc's normal (X − O)/|X − O| is
 *   Δ (ẑ × (X − W))·(X − O)/|X − O| = −Δ C sin θ_X,
 * C = |W − O| and θ_X the angle of the ray O→X from the line of centres (ẑ × (X − O) is
 * tangential). So a stop on the ray at θ has the lever C sin θ: the wheel can turn at most
 * c/(C sin θ) before it closes (the second-order term −(Δ²/2)(X − W)·(X − O)/|X − O| moves X
 * out, adding Δ (C cos θ − RL)/(2 C sin θ) of it: 3e-4 at the tips, 1.8 % at θ = 5.9°), and the
 * arc touches the disc at its tips only, whose rays are the farthest out, at ±τ with
 * sin τ = h/(RL + r_t) (h the tips' distance from the line of centres; τ = 37.84°): a tip's
 * bound is c (RL + r_t)/(C h). A stop at +θ holds the wheel turning ccw, one at −θ cw.
 *
 * Over the whole dwell (crank angle 45° … 315°) both tips would be over the disc only if the
 * relief's mouth at the rim were within ±(45° − τ) = ±7.16°; the wheel's outline sweeps the
 * disc's radius to 37.6° either side of the pin while engaged (and the arriving tip's path
 * would cut any rim between off the hub), so no relief does it. The relief is the narrowest
 * that clears the sweep, ±38.2° (its corners rounded to 0.5 mm, the rounding's centre δ
 * beyond the edge), and while a tip is over it (crank 45° … τ + 38.2° + δ = 76.95° and
 * 283.05° … 315°) the relief's corner is over the facing locking arc, on the ray
 * θ = |φ| − 38.2° − δ (φ taken in ±180°): that corner (joints edge_trail, edge_lead) holds the
 * wheel that way. So at every crank angle of the dwell the wheel is within
 *   c/(C sin min(τ, |φ| − 38.2° − δ))
 * of its dwell angle the way the corner holds it (6.89e-3 rad at 45°, 7.02e-3 to second order;
 * 1.153e-3 rad, the tips', from 76.95°), and within the tips' c/(C sin τ) the other way; the
 * contacts' compliance adds their deepest penetration over the same lever. Measured: at most
 * 1.013 of that bound (1.0244 allowed), −1.168e-3 … +2.095e-3 rad over the whole dwell (the
 * 45° cut-out let it reach 8.5e-3). While engaged the relief clears the tips and the corners
 * clear the wheel: no lock contact at all (the hardest is 0.0071 m/s, in the dwell; the 45°
 * cut-out's edge met the free tip at 0.37 m/s); the unlocked wheel drifts. */
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
  double dwell[2]; /* the least and largest wheel angle from its dwell angle, crank 90 … 270° */
  double whole[2]; /* the same over the whole dwell, |φ| > 45° */
  double ratio;    /* the largest excursion over the dwell as a fraction of its bound there */
} books;

/* The lock's geometry, as tools/models/geneva_locked.py. */
static const double Rl = 0.032, c_lock = 50e-6, r_tip = 0.001, r_edge = 0.0005;
static double tau, cut, delta;

/* The lock's bound at crank angle phi of the dwell, the way the ccw (sign +1) or cw stop holds:
 * c/(C sin θ), θ the stop's ray: the tip's τ, or the relief's corner's |φ| − cut − δ while the
 * tip is over the relief. */
static double lock_bound(double phi, int sign)
{
  double p = remainder(phi, 2.0 * M_PI), th = sign * p - cut - delta;
  if (sign * p < 0) /* the stop that way is the far tip, over the disc */
    th = tau;
  th = fmin(tau, th);
  double C = a * sqrt(2.0), b1 = c_lock / (C * sin(th));
  return b1 * (1 + b1 * (C * cos(th) - Rl - c_lock) / (2 * C * sin(th))); /* second order */
}

/* Well inside the dwell, both tips of the facing locking arc over the disc: crank angle
 * 90° … 270° (from 76.95°, 283.05°). */
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
  if (fabs(remainder(phi, 2.0 * M_PI)) > M_PI / 4) {
    double d = remainder(qw[2] + M_PI / 4, M_PI / 2);
    b->whole[0] = fmin(b->whole[0], d), b->whole[1] = fmax(b->whole[1], d);
    b->ratio = fmax(b->ratio, fmax(d / lock_bound(phi, 1), -d / lock_bound(phi, -1)));
  }
  return 0;
}

/* The worst |β − β_ideal| while engaged, and the first impact's speed. */
static double run(double c, double *first_impact, int *contacts)
{
  cs_model *m = geneva(c);
  cs_sim *s = start(m);
  books b = {0, {INFINITY, -INFINITY}, {INFINITY, -INFINITY}, 0};
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
 * contacts (the corners' among them), those overlapping the engaged phase, the hardest impact and the
 * deepest penetration. */
typedef struct lock_books {
  int contacts, edge, engaged;
  double v, pen;
} lock_books;

static double run_locked(cs_model *m, books *b, lock_books *lb)
{
  cs_sim *s = start(m);
  cs_sim_set_output(s, keep, b);
  cs_error err;
  cs_status st = cs_sim_advance(s, 1.0, &err);
  CHECK(st == CS_OK, "geneva locked: runs (%s)", st ? err.message : "");
  *lb = (lock_books){0};
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    if (e.joint == 0) /* the pin; 1 … 8 the tips, 9 and 10 the relief's corners */
      continue;
    lb->contacts++;
    lb->edge += e.joint >= 9;
    /* engaged: the crank from -45° to 45°, t = 1/24 … 7/24 s (from -60° at 2π rad/s) */
    double off = isnan(e.t_off) ? 1.0 : e.t_off;
    if (e.t_on < 7.0 / 24 && off > 1.0 / 24)
      lb->engaged++;
    lb->v = fmax(lb->v, e.impact_velocity);
    lb->pen = fmax(lb->pen, e.max_penetration);
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
  const double C = a * sqrt(2.0), RL = Rl + c_lock;
  const double d1 = RL + r_tip, d2 = Rw - r_tip, x = (C * C + d2 * d2 - d1 * d1) / (2 * C);
  const double h = sqrt(d2 * d2 - x * x), arm = C * h / (RL + r_tip), play = c_lock / arm;
  tau = asin(h / d1), cut = 38.2 * M_PI / 180, delta = asin(r_edge / (Rl - r_edge));
  cs_model *m = load_model("models/geneva_4slot_locked.json");
  books lk = {0, {INFINITY, -INFINITY}, {INFINITY, -INFINITY}, 0};
  books un = {0, {INFINITY, -INFINITY}, {INFINITY, -INFINITY}, 0};
  lock_books lb;
  double engaged = run_locked(m, &lk, &lb);
  cs_model_free(m);
  run_unlocked(&un);
  double allow = 1.01 + lb.pen / c_lock, at45 = lock_bound(M_PI / 4 + 1e-12, 1);
  double handover = (tau + cut + delta) * 180 / M_PI;
  printf("geneva locked: engaged within %.3e rad of the ideal law; tips' bound c/arm = %.4e "
         "(arm %.5f m, tau %.2f deg), the relief's corner's %.4e at 45 deg, the tips' again "
         "from %.2f deg; over the dwell %+.4e … %+.4e rad, at most %.4f of the bound there "
         "(allowed %.4f: 1.01 + deepest penetration %.3g m / c); crank 90-270 deg %+.4e … "
         "%+.4e; %d lock contacts (%d at the relief's corners, %d while engaged), the "
         "hardest at %.3g m/s; unlocked %+.4e … %+.4e rad\n", engaged, play, arm,
         tau * 180 / M_PI, at45, handover, lk.whole[0], lk.whole[1], lk.ratio, allow, lb.pen,
         lk.dwell[0], lk.dwell[1], lb.contacts, lb.edge, lb.engaged, lb.v, un.dwell[0],
         un.dwell[1]);
  CHECK(engaged < 3e-3, "locked, engaged: within 3e-3 rad of the ideal law (%.3g)", engaged);
  CHECK(lk.ratio <= allow, "locked: over the whole dwell the wheel within its bound "
        "c/(C sin theta) (%.4g of it, %.4g allowed)", lk.ratio, allow);
  CHECK(fmax(-lk.whole[0], lk.whole[1]) < at45 * allow, "locked: within %.4g rad of the dwell "
        "angle throughout (%.4g, %.4g)", at45 * allow, lk.whole[0], lk.whole[1]);
  CHECK(fabs(lk.dwell[0]) <= 1.01 * play + lb.pen / arm &&
        fabs(lk.dwell[1]) <= 1.01 * play + lb.pen / arm,
        "locked, crank 90-270 deg: within the tips' %.4g rad (%.4g, %.4g)", play, lk.dwell[0],
        lk.dwell[1]);
  CHECK(lk.dwell[0] < -0.9 * play && lk.dwell[1] > 0.9 * play,
        "locked: the wheel rattles between its two tips, reaching both stops (%.4g, %.4g of "
        "%.4g)", lk.dwell[0], lk.dwell[1], play);
  CHECK(lb.contacts >= 10, "locked: the tips carry the lock (%d contacts)", lb.contacts);
  CHECK(lb.edge >= 1, "locked: the relief's corner holds the wheel after the handover (%d)",
        lb.edge);
  CHECK(lb.engaged == 0, "locked: no lock contact while the pin drives the wheel (%d)",
        lb.engaged);
  CHECK(lb.v < 0.02, "locked: no hard lock impact (hardest %.3g m/s; the 45 deg cut-out's edge "
        "met the free tip at 0.37)", lb.v);
  CHECK(fmax(fabs(un.dwell[0]), fabs(un.dwell[1])) > 10 * play,
        "unlocked: the wheel drifts beyond the lock's bound (%.4g, %.4g)", un.dwell[0],
        un.dwell[1]);
  return cs_test_finish();
}
