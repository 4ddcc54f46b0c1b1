/*
 * cs_sim_projected.c — the projected formulation: the index-1 ODE on (q, v) for cs_rk, its
 * roots and projection onto the constraints, its set-up and step, the contact peaks sampled
 * inside a step, and the pins that grazed their wall within one.
 */
#include "cs_sim_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parabolas refining a contact's peak force (cs_sim_projected_sample_peaks), and the share
 * of the step by which its rate is differenced. */
enum { PEAK_REFINE = 3 };
static const double FD_SHARE = 1e-4;
/* Samples of each explicit step's interpolant searched for a pin out of contact inside its
 * wall (cs_sim_projected_grazed_pin). */
enum { GRAZE_SAMPLES = 8 };

/* A pin's force F, its rate Ḟ and δ' at the end of the step that sampled it last, with the
 * state's entries it read and the pin's revision: the next step starts there unless a restart,
 * a contact opened or closed or a worn profile came between, and its start values are those
 * (the same state, the same law: the same values). */
typedef struct cs_end_force {
  double t, F, dF, delta, rate;
  long revision; /* cs_clearances_revision's */
  double y[12];
} cs_end_force;

/* ---------------------------------------------------------------- the projected ODE ------ */

/* y = (q, v): q' = v, v' = a from the augmented system at (q, v, t); the quadratures'
 * integrands alongside, with the drivers' power from the same λ. */
static int ode_rhs(double t, const double *y, double *ydot, double *yqdot, void *user)
{
  cs_sim *s = user;
  const double *q = y, *v = y + s->n;
  cs_forces(s->model, q, v, t, s->Q, NULL, NULL, 0.0);
  cs_frames(s->model, q, s->frame);
  double contact_loss = cs_clearances_forces_power(s->clear, s->frame, v, s->Q);
  cs_constraints_and_gamma(s->model, s->frame, v, t, &s->jac, s->gamma);
  cs_schur_accelerations(s->schur, &s->jac, s->Minv, s->Q, s->gamma, 1, ydot + s->n, s->qlambda);
  memcpy(ydot, v, (size_t)s->n * sizeof *v);
  cs_force_power(s->model, q, v, t, &yqdot[QUAD_DISSIPATED], &yqdot[QUAD_APPLIED]);
  yqdot[QUAD_DISSIPATED] += contact_loss;
  yqdot[QUAD_DRIVER] = s->has_drivers ? driver_power(s, &s->jac, v, s->qlambda) : 0.0;
  /* q̇ = v is the state itself; a non-finite acceleration shows in one sum (x·0 is NaN for
   * ±∞ and NaN), with no branch per entry */
  double probe = 0.0;
  for (int i = s->n; i < 2 * s->n; i++)
    probe += ydot[i] * 0.0;
  return probe == 0.0 ? 0 : 1;
}

static void ode_roots(double t, const double *y, int which, double *g, void *user)
{
  (void)t;
  cs_sim *s = user;
  if (which < 0)
    cs_clearances_roots(s->clear, y, y + s->n, g);
  else
    g[which] = cs_clearances_root(s->clear, which, y, y + s->n);
}

/* The entries of y = (q, v) pin k reads: its two bodies' positions and velocities (≤ 12). */
static int pin_support(const cs_sim *s, int k, int *idx)
{
  int count = 0;
  const int *body = cs_clearances_bodies(s->clear, k);
  for (int b = 0; b < 2; b++) {
    const cs_body *bd = &s->model->bodies[body[b]];
    for (int e = 0; !bd->ground && e < 3; e++)
      idx[count++] = bd->coord + e, idx[count++] = s->n + bd->coord + e;
  }
  return count;
}

/* What each root reads: its pin's (CSR, two roots per pin). */
static int root_support(cs_sim *s)
{
  int nroot = cs_clearances_root_count(s->clear);
  s->root_start = malloc(((size_t)nroot + 1) * sizeof *s->root_start);
  s->root_idx = malloc((12 * (size_t)nroot + 1) * sizeof *s->root_idx);
  if (!s->root_start || !s->root_idx)
    return -1;
  int count = 0;
  for (int r = 0; r < nroot; r++) {
    s->root_start[r] = count;
    count += pin_support(s, r / 2, s->root_idx + count);
  }
  s->root_start[nroot] = count;
  return 0;
}

/* Every step ends on the constraint manifold: an explicit method keeps Φ = 0 only to its
 * local error, and the drift would grow with the run. Drift below PROJECT_BELOW of the
 * tolerance is left alone (its projection would only add round-off). */
static int ode_project(double t, double *y, void *user)
{
  cs_sim *s = user;
  const double atol = s->model->solver.atol;
  return cs_project(s->proj, t, y, y + s->n, 0, PROJECT_BELOW * atol,
                    PROJECT_BELOW * atol * s->scales.frequency) ? -1 : 0;
}

/* The projected formulation's integrator: q and v in the error test with the weights of
 * absolute_tolerances (their first 2n entries), the energy quadratures alongside. */
static int pin_open(const void *clear, int i) { return cs_clearances_in_contact(clear, i); }

/* Why the projected formulation cannot take this model (NULL: it can). */
const char *cs_sim_projected_refusal(const cs_sim *s)
{
  if (s->nz)
    return "integrates no internal state, and a friction law with one (\"lugre\") has some";
  for (int i = 0; i < s->n; i++)
    if (!(s->M[i] > 0.0))
      return "needs every moving body to have a positive mass and inertia (the accelerations "
             "come from M⁻¹)";
  return NULL;
}

cs_status cs_sim_projected_setup(cs_sim *s, cs_error *err)
{
  const cs_solver_settings *set = &s->model->solver;
  const char *why = cs_sim_projected_refusal(s);
  if (why)
    return cs_fail(err, CS_ERR_INPUT, "%s: /solver/formulation: \"projected\" %s; use \"ggl\" "
                   "or \"auto\"", s->model->origin ? s->model->origin : "model", why);
  s->schur = cs_schur_create(&s->jac, 1);
  s->Minv = calloc(3 * (size_t)s->n + (size_t)s->m + 1, sizeof *s->Minv); /* + γ, sample */
  if (!s->schur || !s->Minv)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  s->gamma = s->Minv + s->n;
  s->sample = s->gamma + s->m;
  for (int i = 0; i < s->n; i++)
    s->Minv[i] = 1.0 / s->M[i];
  s->rk = cs_rk_create(2 * s->n, NQUAD, 1, cs_clearances_root_count(s->clear), ode_rhs,
                       ode_roots, ode_project, s);
  if (!s->roots_found)
    s->roots_found = calloc((size_t)cs_clearances_root_count(s->clear) + 1,
                            sizeof *s->roots_found);
  int npin = cs_clearances_count(s->clear);
  s->pin_samples = calloc(((size_t)npin + 1) * (GRAZE_SAMPLES + 1), sizeof *s->pin_samples);
  if (!s->end_force)
    s->end_force = calloc((size_t)npin + 1, sizeof *s->end_force);
  for (int k = 0; s->end_force && k < npin; k++)
    s->end_force[k].t = NAN; /* none yet */
  s->regime = cs_regime_create(npin, pin_open, s->clear);
  if (!s->rk || !s->roots_found || !s->pin_samples || !s->end_force ||
      !s->regime || root_support(s))
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  cs_rk_set_tolerances(s->rk, set->rtol, s->atol, s->cap);
  cs_rk_set_root_support(s->rk, s->root_start, s->root_idx);
  cs_rk_set_max_step(s->rk, set->max_step);
  cs_rk_set_initial_step(s->rk, set->initial_step);
  if (cs_rk_init(s->rk, s->t0, N_VGetArrayPointer(s->y), N_VGetArrayPointer(s->yq)))
    return cs_fail(err, CS_ERR_ASSEMBLY, "%s: the accelerations cannot be solved for at t = "
                   "%g s", s->model->origin ? s->model->origin : "model", s->t0);
  s->explicit_on = 1;
  return CS_OK;
}

/* One explicit Runge-Kutta step; *root says whether it ended at a root. */
cs_status cs_sim_projected_step(cs_sim *s, double t_target, int *root, cs_error *err)
{
  /* An explicit step in free flight is exact on straight motion and grows without bound; the
   * roots are looked at its ends only, where a grazed wall may not be the nearest one. No pin
   * may cross its clearance within a step (IDAS's steps grow at most twofold: it sees them),
   * nor the band a cut wall sees it in (IDAS's steps too: cs_sim_dae_step), nor a profile's
   * pin reach its wall from beyond the joint's size (a tumbling outline's corner). */
  double max_step = s->model->solver.max_step > 0 ? s->model->solver.max_step : INFINITY;
  cs_rk_set_max_step(s->rk, fmin(max_step, cs_clearances_crossing_time(s->clear, Q_OF(s, s->y),
                                                                       V_OF(s, s->y), 0)));
  int flag = cs_rk_step(s->rk, t_target);
  s->t_ida = cs_rk_time(s->rk);
  memcpy(Q_OF(s, s->y), cs_rk_y(s->rk), 2 * (size_t)s->n * sizeof(double));
  memcpy(N_VGetArrayPointer(s->yq), cs_rk_yq(s->rk), NQUAD * sizeof(double));
  if (flag < 0) {
    char why[768];
    cs_sim_explain_failure(s, 1, why, sizeof why);
    return cs_fail(err, CS_ERR_SOLVER, "%s: the integrator failed at t = %.9g s: %s (%s)",
                   s->model->origin ? s->model->origin : "model", s->t_ida, why,
                   cs_rk_failure(s->rk));
  }
  *root = flag == CS_RK_ROOT;
  if (*root)
    memcpy(s->roots_found, cs_rk_root_info(s->rk),
           (size_t)cs_clearances_root_count(s->clear) * sizeof *s->roots_found);
  return CS_OK;
}

/* What is sought at its peak within a step: pin k's value at t, on the interpolant of its
 * bodies only. */
typedef double (*pin_value)(cs_sim *s, int k, const int *idx, int nidx, double t);

static double pin_force_at(cs_sim *s, int k, const int *idx, int nidx, double t)
{
  if (cs_rk_dense_some(s->rk, t, idx, nidx, s->sample))
    return NAN;
  return cs_clearances_sample(s->clear, k, s->sample, s->sample + s->n, NULL, NULL);
}

static double pin_gap_at(cs_sim *s, int k, const int *idx, int nidx, double t)
{
  cs_rk_interpolate_some(s->rk, t, idx, nidx, s->sample);
  return cs_clearances_gap(s->clear, k, s->sample);
}

/* The vertex of the parabola through (x[e], F[e]), or NAN when it opens upwards. */
static double vertex(const double x[3], const double F[3])
{
  double d01 = (F[1] - F[0]) / (x[1] - x[0]), d12 = (F[2] - F[1]) / (x[2] - x[1]);
  double curv = (d12 - d01) / (x[2] - x[0]);
  return curv < 0.0 ? 0.5 * (x[0] + x[1]) - 0.5 * d01 / curv : NAN;
}

/* Successive parabolic interpolation for the largest F within the bracket x[0] < x[1] < x[2],
 * F[1] the largest: each vertex replaces the end beyond it, or becomes the middle. */
static double refine_peak(cs_sim *s, int k, const int *idx, int nidx, double x[3], double F[3],
                          pin_value at)
{
  for (int it = 0; it < PEAK_REFINE; it++) {
    double xv = vertex(x, F);
    if (!(xv > x[0] && xv < x[2]) || xv == x[1])
      break; /* flat to round-off: x[1] is as good as any */
    double fv = at(s, k, idx, nidx, xv);
    int side = xv < x[1] ? 0 : 2;
    if (fv > F[1]) { /* the vertex is the new middle, the old middle an end */
      x[2 - side] = x[1], F[2 - side] = F[1];
      x[1] = xv, F[1] = fv;
    } else {
      x[side] = xv, F[side] = fv;
    }
  }
  return x[1];
}

/* Pin k's force F at the state y of a step's end, with δ and δ' there and Ḟ: F a time eps back
 * along the state's own derivative ydot (forward for eps < 0), a difference of order eps (the
 * state there is off the trajectory by eps², so its δ is not the contact's). Only the pin's
 * entries idx are read. */
static void force_and_rates(cs_sim *s, int k, const double *y, const double *ydot,
                            const int *idx, int nidx, double eps, cs_end_force *e)
{
  double *x = s->sample;
  e->F = cs_clearances_sample(s->clear, k, y, y + s->n, &e->delta, &e->rate);
  for (int i = 0; i < nidx; i++)
    x[idx[i]] = y[idx[i]] - eps * ydot[idx[i]];
  e->dF = (e->F - cs_clearances_force(s->clear, k, x, x + s->n)) / eps;
}

/* The same at the step's start t0: the last step's end where that is where the pin stood
 * (the same time, state and revision), else evaluated. */
static cs_end_force start_values(cs_sim *s, int k, double t0, const int *idx, int nidx,
                                 double eps)
{
  const double *y0 = cs_rk_y_start(s->rk);
  cs_end_force e = s->end_force[k];
  int same = e.t == t0 && e.revision == cs_clearances_revision(s->clear, k);
  for (int i = 0; same && i < nidx; i++)
    same = e.y[i] == y0[idx[i]];
  if (!same)
    force_and_rates(s, k, y0, cs_rk_f_start(s->rk), idx, nidx, -eps, &e);
  return e;
}

/* The same at the step's end t1, kept for the next step's start. */
static cs_end_force end_values(cs_sim *s, int k, double t1, const int *idx, int nidx,
                               double eps)
{
  const double *y1 = cs_rk_y(s->rk);
  cs_end_force *e = &s->end_force[k];
  force_and_rates(s, k, y1, cs_rk_f(s->rk), idx, nidx, eps, e);
  e->t = t1, e->revision = cs_clearances_revision(s->clear, k);
  for (int i = 0; i < nidx; i++)
    e->y[i] = y1[idx[i]];
  return *e;
}

/* Where inside [0, 1] the cubic through the values v0, v1 and the derivatives d0, d1 (per
 * unit of the step) at its ends has a maximum, or NAN where it has none: a root of its
 * derivative p'(θ) = d0 + B θ + A θ² at which p'' = B + 2 A θ < 0. With d0 > 0 > d1 there is
 * one; with both of one sign there may be a maximum and a minimum inside. */
static double hermite_peak(double v0, double d0, double v1, double d1)
{
  const double dv = v1 - v0, A = 3.0 * (d0 + d1 - 2.0 * dv), B = 2.0 * (3.0 * dv - 2.0 * d0 - d1);
  double r[2] = {NAN, NAN};
  if (fabs(A) <= 1e-12 * (fabs(B) + fabs(d0))) { /* a parabola to round-off */
    r[0] = B != 0.0 ? -d0 / B : NAN;
  } else {
    const double disc = B * B - 4.0 * A * d0;
    if (disc < 0.0)
      return NAN;
    /* the roots in the form that keeps their digits */
    const double q = -0.5 * (B + copysign(sqrt(disc), B));
    r[0] = q / A, r[1] = q != 0.0 ? d0 / q : NAN;
  }
  for (int i = 0; i < 2; i++)
    if (r[i] > 0.0 && r[i] < 1.0 && B + 2.0 * A * r[i] < 0.0)
      return r[i];
  return d0 > 0.0 && d1 < 0.0 ? d0 / (d0 - d1) : NAN; /* a root at round-off from an end */
}

/* Contact peaks inside an explicit step. Its steps span a tenth of a contact, and the largest
 * force at step ends missed the peak by up to 5e-3 (clearance slider-crank, rtol 1e-9). Each
 * pin's F, Ḟ and δ' are known at the step's ends (the last step's end is this one's start); a
 * step where the cubic through the ends' F and Ḟ has a maximum holds a peak (Ḟ falls through
 * 0 inside), refined by parabolas on the pin's dense output from there, then committed like a
 * step end; where the cubic through the ends' δ and δ' has one, the deepest δ is sampled on
 * the interpolant there.
 * So a contact's peak costs a few evaluations once, and every other step two per pin. */
void cs_sim_projected_sample_peaks(cs_sim *s)
{
  const double t1 = s->t_ida, t0 = cs_sim_last_step_start(s), h = t1 - t0;
  /* Ḟ's difference: a share of the step, or of a thousandth of the mechanism's time scale
   * where the step is shorter (a step of a few ulps after a restart leaves only round-off) */
  const double eps = FD_SHARE * fmax(h, 1e-3 / s->scales.frequency);
  const int trusted = cs_rk_dense_trusted(s->rk);
  for (int k = 0; k < cs_clearances_count(s->clear); k++) {
    if (!cs_clearances_in_contact(s->clear, k)) /* the same throughout the step */
      continue;
    int idx[12], nidx = pin_support(s, k, idx);
    const cs_end_force e0 = start_values(s, k, t0, idx, nidx, eps);
    const cs_end_force e1 = end_values(s, k, t1, idx, nidx, eps);
    const double th_delta = hermite_peak(e0.delta, h * e0.rate, e1.delta, h * e1.rate);
    if (!isnan(th_delta)) { /* the deepest δ, sampled where its cubic peaks */
      cs_rk_interpolate_some(s->rk, t0 + h * th_delta, idx, nidx, s->sample);
      cs_clearances_sample(s->clear, k, s->sample, s->sample + s->n, NULL, NULL);
    }
    const double th = hermite_peak(e0.F, h * e0.dF, e1.F, h * e1.dF);
    if (isnan(th))
      continue; /* no force peak inside: the step's end is committed as such */
    double x[3] = {t0, t0 + h * th, t1};
    double F[3] = {e0.F, pin_force_at(s, k, idx, nidx, x[1]), e1.F};
    if (!(F[1] > F[0] && F[1] > F[2]))
      continue; /* at an end to the cubic's accuracy */
    double t_peak = refine_peak(s, k, idx, nidx, x, F, pin_force_at), yq[NQUAD];
    /* where the interpolants are not to be trusted the peak they found is only a place: its
     * state comes from an exact step there, not invented */
    if (trusted ? !cs_rk_dense_some(s->rk, t_peak, idx, nidx, s->sample)
                : !cs_rk_state_at(s->rk, t_peak, s->sample, yq))
      cs_clearances_commit_one(s->clear, k, s->sample, s->sample + s->n);
  }
}

/* The value at the vertex of the parabola through (x[e], F[e]) (its largest, when it opens
 * downwards). */
static double vertex_value(const double x[3], const double F[3])
{
  double d01 = (F[1] - F[0]) / (x[1] - x[0]), d12 = (F[2] - F[1]) / (x[2] - x[1]);
  double curv = (d12 - d01) / (x[2] - x[0]), xv = vertex(x, F);
  return isnan(xv) ? F[1] : F[0] + (xv - x[0]) * (d01 + curv * (xv - x[1]));
}

/* Where pin k's δ, sampled (F, SAMPLES + 1 at the step's t0 + (t1 − t0) i / SAMPLES) on its
 * interpolant, is above 0 inside the step: its first positive interior sample, or an interior
 * local maximum refined by parabolas when the parabola through its neighbours could reach 0
 * (one sample interval's change of δ within it). NAN when nowhere. */
static double inside_wall(cs_sim *s, int k, const int *idx, int nidx, const double *F,
                          int samples, double t0, double t1)
{
  for (int i = 1; i < samples; i++)
    if (F[i] > 0.0)
      return t0 + (t1 - t0) * i / samples;
  for (int i = 1; i < samples; i++) {
    if (F[i] < F[i - 1] || F[i] < F[i + 1])
      continue;
    double x[3], Fx[3] = {F[i - 1], F[i], F[i + 1]};
    for (int e = 0; e < 3; e++)
      x[e] = t0 + (t1 - t0) * (i - 1 + e) / samples;
    if (vertex_value(x, Fx) <= -(F[i] - fmin(Fx[0], Fx[2])))
      continue; /* far from the wall: no need to look closer */
    double t_peak = refine_peak(s, k, idx, nidx, x, Fx, pin_gap_at);
    if (Fx[1] > 0.0)
      return t_peak;
  }
  return NAN;
}

/* A pin out of contact whose δ rose above 0 and fell back within the last explicit step: its
 * roots, looked at the step's ends only, see neither when δ' changed sign twice in the step (a
 * pin receding from its wall that turns back and grazes it; a free-flight step is exact on
 * such motion and grows long). δ is sampled on each such pin's interpolant (O(1) per pin); an
 * excursion confirmed on the exact state returns the pin and *t_in, a time inside its wall,
 * the earliest of all pins'; −1 when none. The pins on one point (a profile's walls) share
 * their samples' states (cs_clearances_gaps). */
int cs_sim_projected_grazed_pin(cs_sim *s, double *t_in)
{
  enum { SAMPLES = GRAZE_SAMPLES };
  const double t1 = s->t_ida, t0 = cs_sim_last_step_start(s);
  double *F = s->pin_samples, yq[NQUAD];
  int found = -1;
  *t_in = INFINITY;
  for (int k = 0, run; k < cs_clearances_count(s->clear); k += run) {
    int out = 0;
    run = cs_clearances_point_run(s->clear, k);
    for (int m = 0; m < run; m++)
      out += !cs_clearances_in_contact(s->clear, k + m);
    if (!out)
      continue;
    int idx[12], nidx = pin_support(s, k, idx);
    for (int i = 0; i <= SAMPLES; i++) {
      cs_rk_interpolate_some(s->rk, t0 + (t1 - t0) * i / SAMPLES, idx, nidx, s->sample);
      cs_clearances_gaps(s->clear, k, s->sample, F + i, SAMPLES + 1);
    }
    const double *clear = NULL; /* the samples of a pin that showed no excursion */
    for (int m = 0; m < run; m++) {
      const double *Fm = F + (SAMPLES + 1) * m;
      if (cs_clearances_in_contact(s->clear, k + m))
        continue;
      double t = NAN; /* the same samples as `clear` (both far from every wall): the same */
      if (!clear || memcmp(Fm, clear, (SAMPLES + 1) * sizeof *F))
        t = inside_wall(s, k + m, idx, nidx, Fm, SAMPLES, t0, t1);
      clear = isnan(t) ? Fm : NULL;
      /* the interpolant is of lower order than the step: the exact state decides */
      if (t < *t_in && !cs_rk_state_at(s->rk, t, s->sample, yq) &&
          cs_clearances_gap(s->clear, k + m, s->sample) > 0.0)
        found = k + m, *t_in = t;
    }
  }
  return found;
}
