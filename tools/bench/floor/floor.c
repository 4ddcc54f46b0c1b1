/* clearsim-floor: the clearance slider-crank of models/slider_crank_clearance.json written by hand
 * in minimal coordinates, the floor a general engine's cost is measured against (issue 26).
 *
 *   clearsim-floor [--rpm R] [--t-end T] [--rtol r] [--atol a]      (defaults 5000, 0.024, 1e-8)
 *
 * The crank turns at the constant rate w from theta = 0. With the crank prescribed, the rod angle
 * phi and the slider position s are the only freedoms the clearance joint leaves: y = (phi, s,
 * phi', s'). A = L1 (cos wt, sin wt) is the crank pin; the journal J = A + L2 (cos phi, sin phi) is
 * the rod's far end; the bearing centre is the slider's point S = (s, 0). With e = J - S,
 * delta = |e| - c, n = e/|e| and delta' = n . (J' - S'), the Lankarani-Nikravesh force
 * F = K delta^1.5 (1 + 3 (1 - cr^2)/4 delta'/delta'(-)), clipped at 0, pushes the journal by -F n
 * and the slider by +F n, delta'(-) held from the onset. Moments about A eliminate the crank pin:
 *   J_A phi'' = m2 a L1 w^2 sin(wt - phi) - m2 g a cos phi + L2 (cos phi F_Jy - sin phi F_Jx)
 *   m3 s''    = -F_Jx,        J_A = J2 + m2 a^2,  a = L2/2.
 * The crank's own mass and inertia never enter: the driver supplies whatever torque it takes.
 *
 * DOP853 (engine/solver/cs_dop853.h) with SciPy's step control (safety 0.9, factors in [0.2, 10], error
 * exponent -1/8; atol defaults to rtol/1000 as bench-peer's ladder). Contact onsets (delta rising
 * through 0 in free flight) and separations (delta falling through -1 pm in contact, the
 * hysteresis of the SciPy peer) are located on the step's dense output; an exact step to the
 * event gives its state, and the integration restarts there in the new phase. The peak force of
 * a contact is found in the step where dF/dt changes sign, maximized on that step's dense output.
 * It prints evaluations, steps, the wall time of the integration and, per contact, what
 * tools/bench/bench-peer's equal-accuracy criterion compares (onset, delta'(-), peak). */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cs_dop853.h"

#define L1 0.05
#define L2 0.12
#define M2 0.21
#define J2 2.5e-4
#define M3 0.14
#define GRAV 9.81
#define R_HOLE 0.0100
#define R_PIN 0.0095
#define CLEAR (R_HOLE - R_PIN)
#define E_MOD 2.07e11
#define NU 0.3
#define CR 0.9
#define ETA_SEP 1e-12
#define MAX_CONTACTS 4096
#define PI 3.14159265358979323846

typedef struct {
  double w, k, cd; /* crank rate, Hertz stiffness, damping factor 3(1-cr^2)/4/delta'(-) */
  int contact;     /* the contact phase: the force acts wherever delta > 0 */
  long evals;
} mech;

typedef struct {
  double t_on, v_minus, t_off, f_max, t_fmax;
} contact_row;

/* The eccentricity e = J - S and its rate at (t, y). */
static void eccentricity(const mech *m, double t, const double *y, double *e, double *de,
                         double *sc)
{
  double s1 = sin(m->w * t), c1 = cos(m->w * t), s2 = sin(y[0]), c2 = cos(y[0]);
  e[0] = L1 * c1 + L2 * c2 - y[1];
  e[1] = L1 * s1 + L2 * s2;
  de[0] = -L1 * m->w * s1 - L2 * y[2] * s2 - y[3];
  de[1] = L1 * m->w * c1 + L2 * y[2] * c2;
  sc[0] = s1, sc[1] = c1, sc[2] = s2, sc[3] = c2;
}

/* The normal force magnitude for penetration d > 0 and its rate dd. */
static double normal_force(const mech *m, double d, double dd)
{
  double f = m->k * d * sqrt(d) * (1.0 + m->cd * dd);
  return f > 0.0 ? f : 0.0;
}

static void rhs(mech *m, double t, const double *y, double *f)
{
  double e[2], de[2], sc[4], fx = 0.0, fy = 0.0; /* force on the journal */
  m->evals++;
  eccentricity(m, t, y, e, de, sc);
  if (m->contact) {
    double r = sqrt(e[0] * e[0] + e[1] * e[1]), d = r - CLEAR;
    if (d > 0.0) {
      double nx = e[0] / r, ny = e[1] / r;
      double fn = normal_force(m, d, nx * de[0] + ny * de[1]);
      fx = -fn * nx, fy = -fn * ny;
    }
  }
  const double a = 0.5 * L2, ja = J2 + M2 * a * a;
  double tau = M2 * a * L1 * m->w * m->w * (sc[0] * sc[3] - sc[1] * sc[2]) - M2 * GRAV * a * sc[3] +
               L2 * (sc[3] * fy - sc[2] * fx);
  f[0] = y[2];
  f[1] = y[3];
  f[2] = tau / ja;
  f[3] = -fx / M3;
}

/* delta and delta' at (t, y). */
static void gap(const mech *m, double t, const double *y, double *d, double *dd)
{
  double e[2], de[2], sc[4];
  eccentricity(m, t, y, e, de, sc);
  double r = sqrt(e[0] * e[0] + e[1] * e[1]);
  *d = r - CLEAR;
  *dd = r > 0.0 ? (e[0] * de[0] + e[1] * de[1]) / r : 0.0;
}

/* delta, delta' and delta'' at (t, y) with y' = f; sc returns the sines and cosines. */
static void gap_accel(const mech *m, double t, const double *y, const double *f, double g[3],
                      double *sc)
{
  double e[2], de[2];
  eccentricity(m, t, y, e, de, sc);
  double r = sqrt(e[0] * e[0] + e[1] * e[1]), nx = e[0] / r, ny = e[1] / r;
  /* e'' = J'' - S'': the crank pin's centripetal term, the rod's rotation, the slider */
  double w2 = m->w * m->w, p2 = y[2] * y[2];
  double ddex = -L1 * w2 * sc[1] - L2 * (f[2] * sc[2] + p2 * sc[3]) - f[3];
  double ddey = -L1 * w2 * sc[0] + L2 * (f[2] * sc[3] - p2 * sc[2]);
  g[0] = r - CLEAR;
  g[1] = nx * de[0] + ny * de[1];
  g[2] = nx * ddex + ny * ddey + (de[0] * de[0] + de[1] * de[1] - g[1] * g[1]) / r;
}

/* dF/dt at (t, y) with y' = f: the sign tells on which side of the force's peak a state is. */
static double force_rate(const mech *m, double t, const double *y, const double *f)
{
  double g[3], sc[4];
  gap_accel(m, t, y, f, g, sc);
  if (g[0] <= 0.0 || normal_force(m, g[0], g[1]) <= 0.0)
    return 0.0;
  double sd = sqrt(g[0]);
  return m->k * (1.5 * sd * g[1] * (1.0 + m->cd * g[1]) + g[0] * sd * m->cd * g[2]);
}

/* ---------------------------------------------------------------- DOP853 */
typedef struct {
  double t, h, y0[4], q[7][4]; /* the dense output of the last step */
} dense;

typedef struct {
  double k[16][4]; /* the stages; k[12] is f(t + h, y_new) */
  double t, h, y[4], ynew[4];
  double rtol, atol;
  long steps, rejected;
} dop;

static double err_norm(const dop *s, double h)
{
  double e5 = 0.0, e3 = 0.0;
  for (int i = 0; i < 4; i++) {
    double sc = s->atol + s->rtol * fmax(fabs(s->y[i]), fabs(s->ynew[i]));
    double a = 0.0, b = 0.0;
    for (int j = 0; j < 13; j++)
      a += DOP_E5[j] * s->k[j][i], b += DOP_E3[j] * s->k[j][i];
    a /= sc, b /= sc;
    e5 += a * a, e3 += b * b;
  }
  if (e5 == 0.0 && e3 == 0.0)
    return 0.0;
  return fabs(h) * e5 / sqrt((e5 + 0.01 * e3) * 4.0);
}

/* Stages first..last-1 of a step of size h from (t, y), k[0] already f(t, y). */
static void stages(mech *m, dop *s, double h, int first, int last)
{
  for (int st = first; st < last; st++) {
    double acc[4] = {0.0, 0.0, 0.0, 0.0}, ys[4];
    for (int j = 0; j < st; j++) /* the tableau is half zeros */
      if (DOP_A[st][j] != 0.0)
        for (int i = 0; i < 4; i++)
          acc[i] += DOP_A[st][j] * s->k[j][i];
    for (int i = 0; i < 4; i++)
      ys[i] = s->y[i] + h * acc[i];
    rhs(m, s->t + DOP_C[st] * h, ys, s->k[st]);
  }
}

/* y = the 8th-order solution from the stages of a step of size h. */
static void combine(const dop *s, double h, double *y)
{
  double acc[4] = {0.0, 0.0, 0.0, 0.0};
  for (int j = 0; j < 12; j++)
    if (DOP_B[j] != 0.0)
      for (int i = 0; i < 4; i++)
        acc[i] += DOP_B[j] * s->k[j][i];
  for (int i = 0; i < 4; i++)
    y[i] = s->y[i] + h * acc[i];
}

/* One accepted step from s->t, rejections retried inside; returns its size. s->ynew and
 * s->k[12] hold its end. */
static double step(mech *m, dop *s, double t_end)
{
  int rejected = 0;
  for (;;) {
    double h = fmin(s->h, t_end - s->t);
    stages(m, s, h, 1, 12);
    combine(s, h, s->ynew);
    rhs(m, s->t + h, s->ynew, s->k[12]);
    double err = err_norm(s, h);
    double fac = err == 0.0 ? 10.0 : fmin(10.0, 0.9 * pow(err, -1.0 / 8.0));
    if (err < 1.0) {
      s->h = h * (rejected ? fmin(1.0, fac) : fac);
      s->steps++;
      return h;
    }
    s->rejected++, rejected = 1;
    s->h = h * (err == err ? fmax(0.2, fac) : 0.2); /* NaN: a step far too long for a contact */
  }
}

/* y = the solution a step of size h from s->t reaches (no error estimate): an event's state
 * to the method's 8th order where the dense output has the 7th. */
static void exact_step(mech *m, dop *s, double h, double *y)
{
  stages(m, s, h, 1, 12);
  combine(s, h, y);
}

/* The dense output of the step of size h just taken: three more stages. */
static void dense_build(mech *m, dop *s, double h, dense *o)
{
  stages(m, s, h, 13, 16);
  o->t = s->t, o->h = h;
  for (int i = 0; i < 4; i++) {
    double dy = s->ynew[i] - s->y[i];
    o->y0[i] = s->y[i];
    o->q[0][i] = dy;
    o->q[1][i] = h * s->k[0][i] - dy;
    o->q[2][i] = 2.0 * dy - h * (s->k[12][i] + s->k[0][i]);
    for (int r = 0; r < 4; r++) {
      double acc = 0.0;
      for (int j = 0; j < 16; j++)
        acc += DOP_D[r][j] * s->k[j][i];
      o->q[3 + r][i] = h * acc;
    }
  }
}

static void dense_eval(const dense *o, double t, double *y)
{
  double x = (t - o->t) / o->h;
  for (int i = 0; i < 4; i++) {
    double v = 0.0;
    for (int r = 6; r >= 0; r--) {
      v += o->q[r][i];
      v *= ((6 - r) % 2 == 0) ? x : 1.0 - x;
    }
    y[i] = v + o->y0[i];
  }
}

/* Hairer's starting step (order 8): from the scales of y, f and f's change over a trial step. */
static double initial_step(mech *m, dop *s, double t_end)
{
  double d0 = 0.0, d1 = 0.0, d2 = 0.0, y1[4], f1[4];
  for (int i = 0; i < 4; i++) {
    double sc = s->atol + s->rtol * fabs(s->y[i]);
    d0 += pow(s->y[i] / sc, 2.0), d1 += pow(s->k[0][i] / sc, 2.0);
  }
  d0 = sqrt(d0 / 4.0), d1 = sqrt(d1 / 4.0);
  double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
  h0 = fmin(h0, t_end - s->t);
  for (int i = 0; i < 4; i++)
    y1[i] = s->y[i] + h0 * s->k[0][i];
  rhs(m, s->t + h0, y1, f1);
  for (int i = 0; i < 4; i++) {
    double sc = s->atol + s->rtol * fabs(s->y[i]);
    d2 += pow((f1[i] - s->k[0][i]) / sc, 2.0);
  }
  d2 = sqrt(d2 / 4.0) / h0;
  double h1 = (d1 <= 1e-15 && d2 <= 1e-15) ? fmax(1e-6, h0 * 1e-3)
                                           : pow(0.01 / fmax(d1, d2), 1.0 / 8.0);
  return fmin(100.0 * h0, h1);
}

/* ---------------------------------------------------------------- events on the dense output */
static double gap_at(const mech *m, const dense *o, double t, double off)
{
  double y[4], d, dd;
  dense_eval(o, t, y);
  gap(m, t, y, &d, &dd);
  return d - off;
}

/* The root of delta - off in [a, b] (opposite signs at the ends): Illinois regula falsi. */
static double root(const mech *m, const dense *o, double a, double b, double off)
{
  double fa = gap_at(m, o, a, off), fb = gap_at(m, o, b, off);
  int side = 0;
  for (int it = 0; it < 200 && b - a > 4e-16 * fabs(b); it++) {
    double c = (a * fb - b * fa) / (fb - fa), fc = gap_at(m, o, c, off);
    if (fc == 0.0)
      return c;
    if ((fc > 0.0) == (fb > 0.0)) {
      b = c, fb = fc;
      if (side == -1)
        fa *= 0.5;
      side = -1;
    } else {
      a = c, fa = fc;
      if (side == 1)
        fb *= 0.5;
      side = 1;
    }
  }
  return fb > 0.0 ? a : b; /* the end with delta - off on the free side */
}

static double force_at(const mech *m, const dense *o, double t)
{
  double y[4], d, dd;
  dense_eval(o, t, y);
  gap(m, t, y, &d, &dd);
  return d > 0.0 ? normal_force(m, d, dd) : 0.0;
}

/* The largest force on [a, b]: golden-section search on the dense output, to 1e-6 of the step
 * (the force is flat at its peak: its error is of the order of the square, 1e-12). */
static double peak(const mech *m, const dense *o, double a, double b, double *tpk)
{
  const double g = 0.5 * (sqrt(5.0) - 1.0);
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = force_at(m, o, c), fd = force_at(m, o, d);
  const double tol = 1e-6 * (b - a);
  while (b - a > tol) {
    if (fc > fd)
      b = d, d = c, fd = fc, c = b - g * (b - a), fc = force_at(m, o, c);
    else
      a = c, c = d, fc = fd, d = a + g * (b - a), fd = force_at(m, o, d);
  }
  *tpk = 0.5 * (a + b);
  return force_at(m, o, *tpk);
}

/* ---------------------------------------------------------------- the run */
typedef struct {
  contact_row rows[MAX_CONTACTS];
  int n;
  long steps, rejected, evals, dense_builds;
  double h_contact; /* the first step of the last contact */
  int first_step;   /* the next accepted step is a contact's first */
} result;

static void start(mech *m, dop *s, double t_end)
{
  rhs(m, s->t, s->y, s->k[0]);
  s->h = initial_step(m, s, t_end);
}

/* Restarts after an event. A contact starts no longer than the last contact's first step (the
 * starting step knows nothing of the stiffness ahead: it is 0 at the onset); free flight starts
 * with the step the contact's last steps proposed. */
static void restart(mech *m, dop *s, double t_end, result *r)
{
  if (m->contact) {
    start(m, s, t_end);
    if (r->h_contact > 0.0)
      s->h = fmin(s->h, r->h_contact);
    r->first_step = 1;
  } else {
    rhs(m, s->t, s->y, s->k[0]);
  }
}

/* Records and enters the event that the step of size h crossed, if it did; 1 when it did. */
static int event(mech *m, dop *s, double h, double t_end, result *r)
{
  double d, dd, off = m->contact ? -ETA_SEP : 0.0;
  gap(m, s->t + h, s->ynew, &d, &dd);
  if (m->contact ? d > -ETA_SEP : d <= 0.0)
    return 0;
  dense o;
  dense_build(m, s, h, &o);
  r->dense_builds++;
  double te = root(m, &o, s->t, s->t + h, off), y[4];
  exact_step(m, s, te - s->t, y); /* the state at the event to the method's order */
  gap(m, te, y, &d, &dd);
  if (!m->contact) {
    contact_row *c = &r->rows[r->n < MAX_CONTACTS ? r->n++ : MAX_CONTACTS - 1];
    memset(c, 0, sizeof *c);
    c->t_on = te, c->v_minus = dd;
    m->cd = 0.75 * (1.0 - CR * CR) / dd;
  } else if (r->n > 0) {
    r->rows[r->n - 1].t_off = te;
  }
  m->contact = !m->contact;
  s->t = te;
  memcpy(s->y, y, sizeof y);
  restart(m, s, t_end, r);
  return 1;
}

/* The contact's peak, when this step crossed it (dF/dt from + to -). */
static void peak_check(mech *m, dop *s, double h, double rate0, double rate1, result *r)
{
  if (!(rate0 > 0.0 && rate1 <= 0.0) || r->n == 0)
    return;
  dense o;
  dense_build(m, s, h, &o);
  r->dense_builds++;
  double tp, fp = peak(m, &o, s->t, s->t + h, &tp);
  contact_row *c = &r->rows[r->n - 1];
  if (fp > c->f_max)
    c->f_max = fp, c->t_fmax = tp;
}

#if defined(__GNUC__)
__attribute__((noinline)) /* callgrind attributes the integration to it */
#endif
static void integrate(double rpm, double t_end, double rtol, double atol, result *r)
{
  const double sg = (1.0 - NU * NU) / E_MOD;
  mech m = {rpm * PI / 30.0, 4.0 / 3.0 / (2.0 * sg) * sqrt(R_HOLE * R_PIN / CLEAR), 0.0,
            0, 0};
  static dop s;
  memset(&s, 0, sizeof s);
  s.rtol = rtol, s.atol = atol;
  /* the ideal mechanism at theta = 0: journal centred, no relative velocity */
  s.y[0] = 0.0, s.y[1] = L1 + L2, s.y[2] = -L1 * m.w / L2, s.y[3] = 0.0;
  start(&m, &s, t_end);
  double rate0 = 0.0;
  while (s.t < t_end) {
    double h = step(&m, &s, t_end);
    if (event(&m, &s, h, t_end, r)) {
      rate0 = 0.0;
      continue;
    }
    if (r->first_step)
      r->h_contact = h, r->first_step = 0;
    double rate1 = m.contact ? force_rate(&m, s.t + h, s.ynew, s.k[12]) : 0.0;
    if (m.contact)
      peak_check(&m, &s, h, rate0, rate1, r);
    rate0 = rate1;
    s.t += h;
    memcpy(s.y, s.ynew, sizeof s.y);
    memcpy(s.k[0], s.k[12], sizeof s.k[0]);
  }
  r->steps = s.steps, r->rejected = s.rejected, r->evals = m.evals;
}

static double arg(int argc, char **argv, const char *name, double dflt)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return atof(argv[i + 1]);
  return dflt;
}

int main(int argc, char **argv)
{
  double rpm = arg(argc, argv, "--rpm", 5000.0), t_end = arg(argc, argv, "--t-end", 0.024);
  double rtol = arg(argc, argv, "--rtol", 1e-8), atol = arg(argc, argv, "--atol", rtol * 1e-3);
  static result r;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  integrate(rpm, t_end, rtol, atol, &r);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("rpm %g\nt_end %g\nrtol %g\natol %g\n", rpm, t_end, rtol, atol);
  printf("evaluations %ld\nsteps %ld\nrejected %ld\ndense_outputs %ld\n", r.evals, r.steps,
         r.rejected, r.dense_builds);
  printf("wall_s %.6f\ncontacts %d\n", (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), r.n);
  printf("k,t_on,v_minus,t_off,f_max,t_fmax\n");
  for (int k = 0; k < r.n; k++)
    printf("%d,%.16e,%.16e,%.16e,%.10e,%.16e\n", k, r.rows[k].t_on, r.rows[k].v_minus,
           r.rows[k].t_off, r.rows[k].f_max, r.rows[k].t_fmax);
  return 0;
}
