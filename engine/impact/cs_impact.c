#define _POSIX_C_SOURCE 200809L /* clock_gettime */
/*
 * cs_impact.c — a single normal impact, integrated by the engine's integrator (SUNDIALS IDAS
 * with the LAPACK linear solver of cs_linsol.h), and its HDF5 file.
 *
 * State y = (δ, u, D), residual
 *   F0 = δ' − u = 0
 *   F1 = m* u' + F_n(δ, u) = 0
 *   F2 = D' − (F_n − F_e) u = 0        D: the energy dissipated so far
 * with F_n from cs_contact_eval (clipped at zero; 0 for δ ≤ 0) and the analytic derivatives
 * of all three in the Jacobian. The contact starts at onset: δ = 0, u = v0 > 0, c_r from the
 * restitution law (cs_contact_onset). IDAS runs one step at a time; after each accepted step
 * the contact commits its history (δ_max). Root finding locates, all in the falling direction:
 *   g0 = δ              the separation, where the run stops;
 *   g1 = u              the deepest point (δ_max committed there, as on a step);
 *   g2 = dF_n/dt = ∂F_n/∂δ u − ∂F_n/∂δ' F_n/m*   a peak of the force (F_max); −1 where
 *        F_n = 0 (no force, so none rising).
 * The energy books: kinetic ½ m* u² + strain U(δ) + dissipated D = ½ m* v0², whose error is
 * reported.
 *
 * D is a state, not an IDAS quadrature: IDAS chooses the order of its formula from the state
 * alone, and once the force is clipped (free flight before separation) δ is linear and u
 * constant, so it drops to order 1–2 while the quadrature's error test, which it then has to
 * satisfy, holds the steps at ~1e-9 s. Measured on a Kelvin–Voigt impact (000 Table 1,
 * c = 5000 N s/m, rtol 1e-10): quadrature in the error test, 18 400 steps and the books closed
 * to 1e-6 of ½ m* v0²; quadrature out of it, 272 steps and 6e-3; D a state, 513 steps and
 * 6e-9.
 *
 * Tolerances: δ is micrometres and lives near 0 at both ends of the contact, so a relative
 * tolerance alone does not bound its error; the absolute tolerance is scaled to δ_U, the
 * penetration where U(δ_U) = ½ m* v0² (the undamped peak), unless the user gives one.
 *
 * HDF5 layout: engine/output/README.md "An impact" (the one copy; cs_h5_util.h does the writing).
 */
#include "cs_clock.h"
#include "cs_impact.h"

#include "cs_status.h"
#include "cs_evidence.h"
#include "cs_h5_util.h"
#include "cs_ida.h"
#include "cs_linsol.h"

#include <idas/idas.h>
#include <idas/idas_ls.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <time.h>

enum { DELTA, RATE, DISSIPATED, NSTATE };
enum { ROOT_SEPARATION, ROOT_DEEPEST, ROOT_FORCE_PEAK, NROOT };

static const double DEFAULT_RTOL = 1e-8;
static const long MAX_STEPS = 1000000;
static const double MAX_DURATION = 1e4; /* × δ_U/v0: no separation by then is a failure */
static const long MAX_ROWS = 1000000;   /* output rows, as many as steps (MAX_STEPS) */
static const double UNDAMPED_SPAN = 2.943275; /* the undamped Hertz contact's duration, δ_U/v0 */

/* ---------------------------------------------------------------- the run ---------------- */

enum { S_TIME, S_DELTA, S_RATE, S_FN, S_FE, S_KINETIC, S_STRAIN, S_DISSIPATED, S_BALANCE, NSERIES };

static const struct {
  const char *path, *units;
} series_names[NSERIES] = {
  [S_TIME] = {"time", "s"},
  [S_DELTA] = {"impact/penetration", "m"},
  [S_RATE] = {"impact/penetration_rate", "m/s"},
  [S_FN] = {"impact/normal_force", "N"},
  [S_FE] = {"impact/elastic_force", "N"},
  [S_KINETIC] = {"energy/kinetic", "J"},
  [S_STRAIN] = {"energy/strain", "J"},
  [S_DISSIPATED] = {"energy/dissipated", "J"},
  [S_BALANCE] = {"energy/balance_error", "J"},
};

typedef struct run {
  const cs_impact *imp;
  cs_contact *contact;
  double m, v0, K0;      /* m*, approach speed, ½ m* v0² */
  double delta_U;        /* U(δ_U) = K0 */

  SUNContext ctx;
  void *ida;
  N_Vector y, yp, view, atol;
  SUNMatrix J;
  SUNLinearSolver LS;
  int roots[NROOT];
  char ida_message[512];

  const char *path;      /* HDF5 file, or NULL */
  hid_t file;
  cs_h5_table tab;
  long next_output;      /* interval mode: index of the next output instant */
  long rows, root_events;
  double start;
  cs_impact_result *res;
} run;

/* ---------------------------------------------------------------- the DAE ---------------- */

static int residual(realtype t, N_Vector yy, N_Vector yyp, N_Vector rr, void *user)
{
  (void)t;
  run *r = user;
  const double *y = N_VGetArrayPointer(yy), *yp = N_VGetArrayPointer(yyp);
  double *res = N_VGetArrayPointer(rr);
  cs_contact_out o;
  cs_contact_eval(r->contact, y[DELTA], y[RATE], 0.0, 0, &o);
  res[DELTA] = yp[DELTA] - y[RATE];
  res[RATE] = r->m * yp[RATE] + o.Fn;
  res[DISSIPATED] = yp[DISSIPATED] - o.dissipation_power;
  return isfinite(res[RATE]) && isfinite(res[DISSIPATED]) ? 0 : 1; /* recoverable */
}

/* J = ∂F/∂y + cj ∂F/∂y' (column-major, 3 × 3). The dissipated power P = (F_n − F_e) u has
 * ∂P/∂δ = (∂F_n/∂δ − dF_e/dδ) u and ∂P/∂u = F_n − F_e + ∂F_n/∂δ' u. */
static int jacobian(realtype t, realtype cj, N_Vector yy, N_Vector yyp, N_Vector rr,
                    SUNMatrix Jm, void *user, N_Vector t1, N_Vector t2, N_Vector t3)
{
  (void)t, (void)yyp, (void)rr, (void)t1, (void)t2, (void)t3;
  run *r = user;
  const double *y = N_VGetArrayPointer(yy);
  double *J = SM_DATA_D(Jm);
  cs_contact_out o;
  cs_contact_eval(r->contact, y[DELTA], y[RATE], 0.0, 0, &o);
  double u = y[RATE];
#define AT(i, j) J[(i) + NSTATE * (j)]
  AT(DELTA, DELTA) = cj;
  AT(RATE, DELTA) = o.dFn_ddelta;
  AT(DISSIPATED, DELTA) = -(o.dFn_ddelta - o.dFe) * u;
  AT(DELTA, RATE) = -1.0;
  AT(RATE, RATE) = cj * r->m + o.dFn_drate;
  AT(DISSIPATED, RATE) = -(o.Fn - o.Fe + o.dFn_drate * u);
  AT(DELTA, DISSIPATED) = AT(RATE, DISSIPATED) = 0.0;
  AT(DISSIPATED, DISSIPATED) = cj;
#undef AT
  return 0;
}

static int root_fns(realtype t, N_Vector yy, N_Vector yyp, realtype *g, void *user)
{
  (void)t, (void)yyp;
  run *r = user;
  const double *y = N_VGetArrayPointer(yy);
  cs_contact_out o;
  cs_contact_eval(r->contact, y[DELTA], y[RATE], 0.0, 0, &o);
  g[ROOT_SEPARATION] = y[DELTA];
  g[ROOT_DEEPEST] = y[RATE];
  /* Where no force acts (before onset, clipped, below a permanent indentation) F_n is flat
   * zero and so would be dF_n/dt: IDAS takes a root function that stays at zero for an
   * ill-posed root. There F_n is not rising, so any negative value says it right. */
  g[ROOT_FORCE_PEAK] = o.Fn > 0.0 ? o.dFn_ddelta * y[RATE] - o.dFn_drate * o.Fn / r->m : -1.0;
  return 0;
}

static void ida_error(int code, const char *module, const char *function, char *msg, void *user)
{
  (void)code, (void)module;
  run *r = user;
  snprintf(r->ida_message, sizeof r->ida_message, "%s: %s", function, msg);
}

/* ---------------------------------------------------------------- set-up ----------------- */

/* δ_U with U(δ_U) = ½ m* v0²: the strain energy grows with δ, so bracket by doubling from a
 * nanometre and bisect in ln δ. */
static cs_status undamped_peak(run *r, cs_error *err)
{
  double lo = 0.0, hi = 1e-9;
  int k = 0;
  while (!(cs_contact_strain_energy(r->contact, hi) >= r->K0) && k++ < 200) {
    lo = hi;
    hi *= 2.0;
  }
  if (k > 200 || !isfinite(hi))
    return cs_fail(err, CS_ERR_INPUT, "impact: the elastic law's strain energy never reaches "
                   "the kinetic energy %g J", r->K0);
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
    double mid = lo > 0.0 ? sqrt(lo * hi) : 0.5 * hi;
    if (cs_contact_strain_energy(r->contact, mid) >= r->K0)
      hi = mid;
    else
      lo = mid;
  }
  r->delta_U = hi;
  return CS_OK;
}

/* At most MAX_ROWS rows over the undamped contact: a finer output.interval would fill the
 * disk (1e-15 s wrote 1 GB a minute) before the bodies part. */
static cs_status rows_bound(const run *r, cs_error *err)
{
  double interval = r->imp->settings.interval, span = UNDAMPED_SPAN * r->delta_U / r->v0;
  if (!(interval > 0.0) || span / interval <= (double)MAX_ROWS)
    return CS_OK;
  return cs_fail(err, CS_ERR_INPUT, "impact: output.interval %g s gives %.3g rows over the "
                 "undamped contact (%.3g s), expected at most %ld: an interval of at least "
                 "%.3g s", interval, span / interval, span, MAX_ROWS, span / (double)MAX_ROWS);
}

static cs_status fail_setup(run *r, cs_error *err, const char *what)
{
  return cs_fail(err, CS_ERR_SOLVER, "impact: setting up the integrator (%s) failed%s%s", what,
                 r->ida_message[0] ? ": " : "", r->ida_message);
}

static cs_status setup_ida(run *r, cs_error *err)
{
  const cs_impact_settings *s = &r->imp->settings;
  double rtol = s->rtol > 0.0 ? s->rtol : DEFAULT_RTOL;
  double atol = s->atol > 0.0 ? s->atol : rtol * r->delta_U;
  if (SUNContext_Create(NULL, &r->ctx))
    return cs_fail(err, CS_ERR_MEMORY, "impact: SUNContext_Create failed");
  r->y = N_VNew_Serial(NSTATE, r->ctx);
  r->yp = N_VNew_Serial(NSTATE, r->ctx);
  r->view = N_VNew_Serial(NSTATE, r->ctx);
  r->atol = N_VNew_Serial(NSTATE, r->ctx);
  if (!r->y || !r->yp || !r->view || !r->atol)
    return cs_fail(err, CS_ERR_MEMORY, "impact: out of memory");
  double *y = N_VGetArrayPointer(r->y), *yp = N_VGetArrayPointer(r->yp);
  double *at = N_VGetArrayPointer(r->atol);
  y[DELTA] = 0.0, y[RATE] = r->v0, y[DISSIPATED] = 0.0; /* onset */
  yp[DELTA] = r->v0, yp[RATE] = 0.0, yp[DISSIPATED] = 0.0; /* F_n(0) = 0 */
  at[DELTA] = atol;
  at[RATE] = atol * r->v0 / r->delta_U;
  at[DISSIPATED] = atol * r->K0 / r->delta_U;

  r->J = SUNDenseMatrix(NSTATE, NSTATE, r->ctx);
  r->LS = r->J ? cs_linsol_lapack_dense(r->y, r->J, r->ctx) : NULL;
  if (!r->LS)
    return fail_setup(r, err, "linear solver");
  static const int directions[NROOT] = {-1, -1, -1};
  const cs_ida_problem p = {
      .residual = residual, .jacobian = jacobian, .user = r, .t0 = 0.0, .y = r->y,
      .yp = r->yp, .J = r->J, .LS = r->LS, .max_step = s->max_step, .nroot = NROOT,
      .roots = root_fns, .directions = directions, .on_error = ida_error, .error_user = r};
  const char *stage;
  r->ida = cs_ida_create(r->ctx, &p, &stage);
  if (!r->ida)
    return fail_setup(r, err, stage);
  if (IDASVtolerances(r->ida, rtol, r->atol))
    return fail_setup(r, err, "tolerances");
  return CS_OK;
}

static void teardown(run *r)
{
  if (r->ida)
    IDAFree(&r->ida);
  if (r->LS)
    SUNLinSolFree(r->LS);
  if (r->J)
    SUNMatDestroy(r->J);
  N_VDestroy(r->y);
  N_VDestroy(r->yp);
  N_VDestroy(r->view);
  N_VDestroy(r->atol);
  if (r->ctx)
    SUNContext_Free(&r->ctx);
  cs_contact_free(r->contact);
}

/* ---------------------------------------------------------------- output ----------------- */

static cs_status open_file(run *r, cs_error *err)
{
  const cs_impact *imp = r->imp;
  cs_status st = cs_h5_create_file(r->path, imp->name, imp->json, "running", "", &r->file, err);
  if (st != CS_OK)
    return st;
  if (cs_h5_attr_text(r->file, "kind", "impact") < 0 ||
      cs_h5_attr_double(r->file, "t_final", 0.0) < 0 || cs_h5_group(r->file, "impact") < 0 ||
      cs_h5_group(r->file, "energy") < 0)
    return cs_h5_fail(err, r->path, "write the layout");
  st = cs_h5_table_init(&r->tab, r->path, r->file, NSERIES, err);
  for (int i = 0; st == CS_OK && i < NSERIES; i++)
    st = cs_h5_table_series(&r->tab, i, 1, 0, 0, series_names[i].path, series_names[i].units,
                            NULL, err);
  if (st == CS_OK && H5Fflush(r->file, H5F_SCOPE_LOCAL) < 0)
    st = cs_h5_fail(err, r->path, "flush");
  return st;
}

static cs_status poll_interrupt(const run *r, double t, cs_error *err)
{
  if (r->imp->interrupt && r->imp->interrupt(r->imp->interrupt_user))
    return cs_fail(err, CS_ERR_INTERRUPTED, "impact: interrupted at t = %.9g s", t);
  return CS_OK;
}

/* One output row at time t from the state y. */
static cs_status output_row(run *r, double t, const double *y, cs_error *err)
{
  cs_status st = poll_interrupt(r, t, err);
  if (st != CS_OK)
    return st;
  r->rows++;
  if (!r->path)
    return CS_OK;
  int row;
  st = cs_h5_table_begin_row(&r->tab, &row, err);
  if (st != CS_OK)
    return st;
  cs_contact_out o;
  cs_contact_eval(r->contact, y[DELTA], y[RATE], 0.0, 0, &o);
  double K = 0.5 * r->m * y[RATE] * y[RATE], U = cs_contact_strain_energy(r->contact, y[DELTA]);
  double D = y[DISSIPATED];
  const double v[NSERIES] = {t, y[DELTA], y[RATE], o.Fn, o.Fe, K, U, D, K + U + D - r->K0};
  for (int i = 0; i < NSERIES; i++)
    r->tab.s[i].buf[row] = v[i];
  return cs_h5_table_end_row(&r->tab, t, err);
}

/* The rows due up to t: every step's end, or the output instants k·interval ≤ t (from IDAS'
 * interpolant), and t itself when it ends the contact. */
static cs_status outputs_until(run *r, double t, int last, cs_error *err)
{
  double interval = r->imp->settings.interval;
  cs_status st = CS_OK;
  if (interval > 0.0) {
    for (double tk; st == CS_OK && (tk = (double)r->next_output * interval) <= t;
         r->next_output++) {
      if (r->rows >= MAX_ROWS) /* a contact far longer than the undamped one (rows_bound) */
        return cs_fail(err, CS_ERR_INPUT, "impact: more than %ld output rows by t = %.6g s: "
                       "output.interval %g s is too fine for this contact", MAX_ROWS, tk,
                       interval);
      if (IDAGetDky(r->ida, tk, 0, r->view))
        return cs_fail(err, CS_ERR_SOLVER, "impact: interpolating the output at t = %.9g s "
                       "failed: %s", tk, r->ida_message);
      st = output_row(r, tk, N_VGetArrayPointer(r->view), err);
    }
    if (st != CS_OK || !last || (double)(r->next_output - 1) * interval == t)
      return st;
  }
  return output_row(r, t, N_VGetArrayPointer(r->y), err);
}

static void fill_stats(run *r, cs_stats *s)
{
  realtype h = 0.0;
  memset(s, 0, sizeof *s);
  if (r->ida) {
    IDAGetNumSteps(r->ida, &s->steps);
    IDAGetNumResEvals(r->ida, &s->residual_evals);
    IDAGetNumJacEvals(r->ida, &s->jacobian_evals);
    IDAGetNumErrTestFails(r->ida, &s->error_test_failures);
    IDAGetNumNonlinSolvConvFails(r->ida, &s->convergence_failures);
    IDAGetLastStep(r->ida, &h);
  }
  s->root_events = r->root_events;
  s->outputs = r->rows;
  s->last_step = h;
  s->wall_time = cs_wall_clock() - r->start;
}

static herr_t write_result(hid_t file, const cs_impact_result *res)
{
  const struct {
    const char *name, *units;
    double value;
  } rows[] = {
    {"result/delta_max", "m", res->delta_max},
    {"result/F_max", "N", res->F_max},
    {"result/t_contact", "s", res->t_contact},
    {"result/v_impact", "m/s", res->v_impact},
    {"result/v_separation", "m/s", res->v_separation},
    {"result/e_eff", "1", res->e_eff},
    {"result/cr", "1", res->cr},
    {"result/m_star", "kg", res->m_star},
    {"result/kinetic0", "J", res->kinetic0},
    {"result/kinetic", "J", res->kinetic},
    {"result/strain", "J", res->strain},
    {"result/dissipated", "J", res->dissipated},
    {"result/balance_error", "J", res->balance_error},
    {"result/clips", "1", (double)res->clips},
  };
  if (cs_h5_group(file, "result") < 0)
    return -1;
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
    if (cs_h5_scalar(file, rows[i].name, rows[i].value, rows[i].units) < 0)
      return -1;
  return 0;
}

/* The elastic law past its domain at accepted states (cs_contact_outside): said in the words
 * a run uses, so that an impact is no quieter than a run about a stand-in's force. */
static void find_warnings(run *r)
{
  double deepest, limit;
  long n = r->contact ? cs_contact_outside(r->contact, &deepest, &limit) : 0;
  if (n > 0) {
    char who[256];
    snprintf(who, sizeof who, "impact \"%s\"", r->imp->name);
    cs_evidence_append_domain(r->res->warnings, sizeof r->res->warnings, who,
                              r->imp->contact.law[CS_ELASTIC]->name, n, deepest, limit);
  }
}

/* A penetration beyond a quarter of the smaller convex radius, as a run judges its clearance
 * joints' (cs_evidence.h: Hertz's contact half-width is then half the radius): no small, local
 * deformation, whatever the law says (1e20 m/s went 2.6e11 m deep, "complete"). */
static void depth_warning(const run *r)
{
  const cs_contact_geometry *g = &r->imp->geometry;
  double R = !g->internal && g->R2 > 0.0 ? fmin(g->R1, g->R2) : g->R1;
  double depth = r->res->delta_max, share = depth / R;
  size_t n = strlen(r->res->warnings), size = sizeof r->res->warnings;
  if (share > 0.25 && n + 1 < size)
    snprintf(r->res->warnings + n, size - n, "%simpact \"%s\": penetration %.3g m, %.3g of "
             "the radius %.3g m: deeper than the contact laws' small deformations",
             n ? "; " : "", r->imp->name, depth, share, R);
}

/* Close the file: last rows, result (complete runs), warnings, statistics, status last. */
static cs_status close_file(run *r, cs_status st, const cs_error *run_err, cs_error *err)
{
  if (!r->path || r->file < 0)
    return CS_OK;
  cs_status io = cs_h5_table_flush(&r->tab, err);
  if (io == CS_OK && st == CS_OK && write_result(r->file, r->res) < 0)
    io = cs_h5_fail(err, r->path, "write /result");
  if (io == CS_OK && cs_h5_attr_text(r->file, "warnings", r->res->warnings) < 0)
    io = cs_h5_fail(err, r->path, "write the warnings");
  const char *status = st == CS_OK ? "complete" : st == CS_ERR_INTERRUPTED ? "interrupted"
                                                                          : "failed";
  return cs_h5_end_file(&r->file, &r->tab, r->path, io, status,
                        st == CS_OK ? "" : run_err->message, &r->res->stats, err);
}

/* ---------------------------------------------------------------- integration ------------ */

/* Book-keeping of an accepted state (a step's end or a root): the contact's history, the
 * extremes. */
static void accept(run *r)
{
  const double *y = N_VGetArrayPointer(r->y);
  cs_contact_out o;
  cs_contact_eval(r->contact, y[DELTA], y[RATE], 0.0, 1, &o);
  r->res->delta_max = fmax(r->res->delta_max, y[DELTA]);
  r->res->F_max = fmax(r->res->F_max, o.Fn);
}

static cs_status integrate(run *r, cs_error *err)
{
  cs_impact_result *res = r->res;
  double t_scale = r->delta_U / r->v0, t = 0.0;
  long steps = 0;
  /* the onset row from the initial state itself (IDAS has no interpolant before a step) */
  cs_status st = output_row(r, 0.0, N_VGetArrayPointer(r->y), err);
  r->next_output = 1;
  while (st == CS_OK) {
    r->ida_message[0] = '\0';
    int flag = IDASolve(r->ida, 10.0 * t_scale, &t, r->y, r->yp, IDA_ONE_STEP);
    if (flag < 0) {
      char *name = IDAGetReturnFlagName(flag);
      st = cs_fail(err, CS_ERR_SOLVER, "impact: the integrator failed at t = %.9g s (%s)%s%s",
                   t, name ? name : "?", r->ida_message[0] ? ": " : "", r->ida_message);
      free(name);
      break;
    }
    accept(r);
    if ((st = poll_interrupt(r, t, err)) != CS_OK)
      break;
    int separated = 0;
    if (flag == IDA_ROOT_RETURN) {
      r->root_events++;
      IDAGetRootInfo(r->ida, r->roots);
      separated = r->roots[ROOT_SEPARATION] != 0;
    }
    st = outputs_until(r, t, separated, err);
    if (st != CS_OK || separated)
      break;
    if (++steps > MAX_STEPS)
      st = cs_fail(err, CS_ERR_SOLVER, "impact: no separation after %ld steps, at t = %.6g s "
                   "(the undamped contact lasts about %.3g s; is solver.max_step too small?)",
                   MAX_STEPS, t, UNDAMPED_SPAN * t_scale);
    else if (t > MAX_DURATION * t_scale)
      st = cs_fail(err, CS_ERR_SOLVER, "impact: no separation after %.6g s, %.0f times as long "
                   "as the undamped contact: the bodies stick", t, MAX_DURATION / UNDAMPED_SPAN);
  }
  const double *y = N_VGetArrayPointer(r->y);
  res->t_contact = t;
  res->v_separation = y[RATE];
  res->e_eff = fabs(y[RATE]) / r->v0;
  res->kinetic = 0.5 * r->m * y[RATE] * y[RATE];
  res->strain = cs_contact_strain_energy(r->contact, y[DELTA]);
  res->dissipated = y[DISSIPATED];
  res->balance_error = res->kinetic + res->strain + res->dissipated - r->K0;
  res->clips = cs_contact_clip_count(r->contact);
  return st;
}

static cs_status run_impact(run *r, cs_error *err)
{
  const cs_impact *imp = r->imp;
  cs_contact_spec spec = cs_contact_model_spec(&imp->contact);
  cs_status st = cs_contact_create(&spec, &imp->geometry, &r->contact, err);
  if (st != CS_OK)
    return st;
  r->m = cs_geometry_m_star(&imp->geometry);
  r->v0 = imp->velocity;
  r->K0 = 0.5 * r->m * r->v0 * r->v0;
  cs_contact_onset(r->contact, r->v0);
  r->res->m_star = r->m;
  r->res->v_impact = r->v0;
  r->res->kinetic0 = r->K0;
  r->res->cr = cs_contact_cr(r->contact);
  st = undamped_peak(r, err);
  if (st == CS_OK)
    st = rows_bound(r, err);
  if (st == CS_OK)
    st = setup_ida(r, err);
  if (st == CS_OK && r->path)
    st = open_file(r, err);
  if (st == CS_OK)
    st = integrate(r, err);
  return st;
}

cs_status cs_impact_run(const cs_impact *imp, const char *h5_path, cs_impact_result *result,
                        cs_error *err)
{
  cs_error local;
  cs_impact_result scratch;
  if (!err)
    err = &local; /* the file's message needs the text even when the caller does not */
  cs_error_clear(err);
  if (!imp)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_impact_run: the impact is NULL");
  if (!result)
    result = &scratch;
  memset(result, 0, sizeof *result);
  if (!h5_path)
    h5_path = imp->output_file;
  run r = {.imp = imp, .file = H5I_INVALID_HID, .path = h5_path[0] ? h5_path : NULL,
           .res = result, .start = cs_wall_clock()};
  cs_h5_quiet q = cs_h5_quiet_begin();
  cs_status st = run_impact(&r, err);
  fill_stats(&r, &result->stats);
  find_warnings(&r);
  depth_warning(&r);
  cs_error close_err;
  cs_status closed = close_file(&r, st, err, &close_err);
  cs_h5_quiet_end(&q);
  if (closed != CS_OK && st == CS_OK) {
    st = closed;
    *err = close_err;
  }
  teardown(&r);
  return st;
}
