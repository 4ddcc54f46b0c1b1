/* A four-slot Geneva drive as a profile pair (models/geneva_4slot.json): the crank's pin in
 * the open slots of the wheel's outline (walls, concave bottoms, convex rim arcs and corners).
 * While the pin is engaged (crank angle |φ| < 45°) the wheel follows the ideal Geneva law
 * β = atan2(a sin φ, a cos φ − C) − π, within an error that shrinks with the clearance: 50 µm,
 * 5 µm, 0.5 µm. The pin enters at rest relative to the slot's axis: the first impact is small. */
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
} books;

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
  return 0;
}

/* The worst |β − β_ideal| while engaged, and the first impact's speed. */
static double run(double c, double *first_impact, int *contacts)
{
  cs_model *m = geneva(c);
  cs_sim *s = start(m);
  books b = {0};
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
  return cs_test_finish();
}
