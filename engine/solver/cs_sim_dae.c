/*
 * cs_sim_dae.c — index3 and ggl: the DAE handed to IDAS, its analytic Jacobian, the iteration
 * matrix's linear solver, roots, quadratures, error weights, IDAS' set-up and its step.
 *
 * y = (q, v, λ) for index 3, y = (q, v, λ, μ) for GGL:
 *   index3:  q' − v = 0,            M v' + Φqᵀλ − Q = 0,  Φ = 0
 *   ggl:     q' − v + Φqᵀμ = 0,     M v' + Φqᵀλ − Q = 0,  Φ = 0,  Φq v + Φt = 0
 * Variables without a derivative in the error test: λ and μ always; v too for index 3, where
 * IDA stalls otherwise (its error estimate of index-3 velocities does not shrink with h).
 * The quadratures (IDAS) integrate the dissipated power, the drivers' power and the applied
 * loads' power for the energy balance.
 */
#include "cs_sim_impl.h"
#include "cs_ida.h"
#include "cs_linsol.h"
#include "cs_sim_linear.h"

#include <idas/idas.h>
#include <idas/idas_ls.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

static void state_residual(cs_sim *s, N_Vector yy, N_Vector yyp, N_Vector rr)
{
  if (!s->nz)
    return;
  double *rz = Z_OF(s, rr);
  const double *zp = Z_OF(s, yyp);
  cs_clearances_state_rate(s->clear, Q_OF(s, yy), V_OF(s, yy), rz, NULL, NULL, NULL, NULL, 0);
  for (int i = 0; i < s->nz; i++)
    rz[i] = zp[i] - rz[i];
}

/* Where the Jacobian's writers put their entries (cs_acc.h): blocks of the dense J, or the
 * sparse J's values at the pattern's positions. One per block and writer, since the sparse
 * positions are per writer (forces and pins share the dense ∂Q blocks). */
typedef struct jac_sinks {
  cs_acc qq, qv, vv, zz;                /* the diagonals (slot: the coordinate or state) */
  cs_acc force_vq, force_vv, pin_vq, pin_vv;
  cs_acc hess_vq, hess_qq, phi_lq, phi_vl, phi_mv, phi_qm, rate_mq;
  cs_acc z_q, z_v, z_z, v_z;
} jac_sinks;

static void dense_sinks(const cs_sim *s, double *J, jac_sinks *k)
{
  const int n = s->n, N = s->N, z0 = N - s->nz, mu0 = 2 * n + s->m;
#define BLOCK(i, j) ((cs_acc){.dense = J + (i) + (size_t)(j) * N, .ld = N})
  k->qq = k->qv = k->vv = k->zz = BLOCK(0, 0);
  k->force_vq = k->pin_vq = k->hess_vq = BLOCK(n, 0);
  k->force_vv = k->pin_vv = BLOCK(n, n);
  k->hess_qq = BLOCK(0, 0);
  k->phi_lq = BLOCK(2 * n, 0);
  k->phi_vl = BLOCK(n, 2 * n);
  k->phi_mv = BLOCK(mu0, n);
  k->phi_qm = BLOCK(0, mu0);
  k->rate_mq = BLOCK(mu0, 0);
  k->z_q = BLOCK(z0, 0);
  k->z_v = BLOCK(z0, n);
  k->z_z = BLOCK(z0, z0);
  k->v_z = BLOCK(n, z0);
#undef BLOCK
}

static void sparse_sinks(const cs_sim *s, double *val, jac_sinks *k)
{
  const cs_ida_pattern *p = &s->pattern;
#define AT(table) ((cs_acc){.val = val, .pos = p->table})
  k->qq = AT(qq_diag), k->qv = AT(qv_diag), k->vv = AT(vv_diag), k->zz = AT(zz_diag);
  k->force_vq = AT(force_vq), k->force_vv = AT(force_vv);
  k->pin_vq = AT(pin_vq), k->pin_vv = AT(pin_vv);
  k->hess_vq = AT(hess_vq), k->hess_qq = AT(hess_qq);
  k->phi_lq = AT(phi_lq), k->phi_vl = AT(phi_vl);
  k->phi_mv = AT(phi_mv), k->phi_qm = AT(phi_qm), k->rate_mq = AT(rate_mq);
  k->z_q = AT(z_q), k->z_v = AT(z_v), k->z_z = AT(z_z), k->v_z = AT(v_z);
#undef AT
}

/* The z rows (cj I − ∂f/∂z, −∂f/∂q, −∂f/∂v) and the z columns of the force rows (−∂Q/∂z) of
 * J; `scratch` takes f (N doubles). */
static void state_jacobian(cs_sim *s, double cj, N_Vector yy, const jac_sinks *k,
                           N_Vector scratch)
{
  if (!s->nz)
    return;
  const int z0 = s->N - s->nz;
  for (int i = 0; i < s->nz; i++)
    cs_acc_add(&k->zz, z0 + i, z0 + i, i, cj);
  cs_clearances_state_rate(s->clear, Q_OF(s, yy), V_OF(s, yy), N_VGetArrayPointer(scratch),
                           &k->z_q, &k->z_v, &k->z_z, &k->v_z, -1.0);
}

/* ---------------------------------------------------------------- the DAE ---------------- */

static int residual(realtype t, N_Vector yy, N_Vector yyp, N_Vector rr, void *user)
{
  cs_sim *s = user;
  const cs_model *m = s->model;
  const double *q = Q_OF(s, yy), *v = V_OF(s, yy), *lam = L_OF(s, yy);
  const double *qp = Q_OF(s, yyp), *vp = V_OF(s, yyp);
  double *rq = N_VGetArrayPointer(rr), *rv = rq + s->n, *rl = rv + s->n;
  double *phit = s->work;

  cs_constraints(m, q, t, rl, &s->jac, phit, NULL);
  bind_states(s, yy);
  cs_forces(m, q, v, t, s->Q, NULL, NULL, 0.0);
  cs_clearances_forces(s->clear, q, v, s->Q, NULL, NULL, 0.0);
  state_residual(s, yy, yyp, rr);
  /* Φqᵀλ (and Φqᵀμ) summed first, then added: the zero-inertia pendulum's GGL run moves
   * by 7× its error at rtol 1e-10 when these sums round otherwise (IDAS's step sequence
   * follows round-off there). */
  memset(rq, 0, 2 * (size_t)s->n * sizeof *rq);
  cs_jac_tmul_add(&s->jac, lam, 1.0, rv);
  if (s->form == CS_GGL)
    cs_jac_tmul_add(&s->jac, MU_OF(s, yy), 1.0, rq);
  for (int i = 0; i < s->n; i++) {
    rq[i] = (qp[i] - v[i]) + rq[i];
    rv[i] = (s->M[i] * vp[i] - s->Q[i]) + rv[i];
  }
  if (s->form == CS_GGL) {
    double *rmu = rl + s->m;
    cs_jac_mul(&s->jac, v, rmu);
    for (int r = 0; r < s->m; r++)
      rmu[r] += phit[r];
  }
  for (int i = 0; i < s->N; i++)
    if (!isfinite(rq[i]))
      return 1; /* recoverable: IDAS retries with a smaller step */
  return 0;
}

/* J = ∂F/∂y + cj ∂F/∂y': dense (column-major, leading dimension N), or CSC over s->pattern,
 * through the same writers. The sparse pattern is copied in at every call: IDAS zeroes J first,
 * and SUNMatZero of a sparse matrix clears its indices with its values. */
static int jacobian(realtype t, realtype cj, N_Vector yy, N_Vector yyp, N_Vector rr,
                    SUNMatrix Jm, void *user, N_Vector t1, N_Vector t2, N_Vector t3)
{
  (void)yyp, (void)rr, (void)t2, (void)t3;
  cs_sim *s = user;
  const cs_model *m = s->model;
  const int n = s->n;
  const double *q = Q_OF(s, yy), *v = V_OF(s, yy), *lam = L_OF(s, yy);
  jac_sinks k;
  if (s->sparse) {
    const cs_ida_pattern *p = &s->pattern;
    memcpy(SM_INDEXPTRS_S(Jm), p->colptr, ((size_t)p->N + 1) * sizeof *p->colptr);
    memcpy(SM_INDEXVALS_S(Jm), p->rowidx, (size_t)p->nnz * sizeof *p->rowidx);
    memset(SM_DATA_S(Jm), 0, (size_t)p->nnz * sizeof(realtype));
    sparse_sinks(s, SM_DATA_S(Jm), &k);
  } else {
    SUNMatZero(Jm);
    dense_sinks(s, SM_DATA_D(Jm), &k);
  }

  cs_constraints(m, q, t, NULL, &s->jac, NULL, NULL);
  for (int i = 0; i < n; i++) {
    cs_acc_add(&k.qq, i, i, i, cj);                /* ∂(q' − v)/∂q' */
    cs_acc_add(&k.qv, i, n + i, i, -1.0);          /* ∂(q' − v)/∂v */
    cs_acc_add(&k.vv, n + i, n + i, i, cj * s->M[i]);
  }
  /* ∂(M v' − Q)/∂(q, v) */
  bind_states(s, yy);
  cs_forces(m, q, v, t, s->Q, &k.force_vq, &k.force_vv, -1.0);
  cs_clearances_forces(s->clear, q, v, s->Q, &k.pin_vq, &k.pin_vv, -1.0);
  state_jacobian(s, cj, yy, &k, t1);
  /* ∂(Φqᵀλ)/∂q, Φqᵀ into the λ columns, Φq into the Φ rows */
  cs_constraints_add_hessian(m, q, lam, 1.0, &k.hess_vq);
  cs_jac_scatter(&s->jac, &k.phi_lq, &k.phi_vl);
  if (s->form == CS_GGL) {
    cs_constraints_add_hessian(m, q, MU_OF(s, yy), 1.0, &k.hess_qq);
    cs_constraints_add_rate_jacobian(m, q, v, 1.0, &k.rate_mq);
    cs_jac_scatter(&s->jac, &k.phi_mv, &k.phi_qm); /* ∂(Φq v)/∂v, ∂(Φqᵀμ)/∂μ */
  }
  return 0;
}

int cs_sim_iteration_matrix(cs_sim *s, double cj, int sparse, double *A)
{
  const int N = s->N;
  if (!s->ida || (sparse && !s->sparse))
    return -1;
  if (!A)
    return N;
  SUNMatrix J = sparse ? SUNSparseMatrix(N, N, s->pattern.nnz, CSC_MAT, s->ctx)
                       : SUNDenseMatrix(N, N, s->ctx);
  N_Vector scratch = N_VClone(s->y);
  if (!J || !scratch) {
    SUNMatDestroy(J);
    N_VDestroy(scratch);
    return -1;
  }
  const int was = s->sparse;
  s->sparse = sparse;
  jacobian(s->t_ida, cj, s->y, s->yp, NULL, J, s, scratch, NULL, NULL);
  s->sparse = was;
  memset(A, 0, (size_t)N * N * sizeof *A);
  for (int j = 0; j < N; j++)
    if (sparse)
      for (sunindextype e = SM_INDEXPTRS_S(J)[j]; e < SM_INDEXPTRS_S(J)[j + 1]; e++)
        A[SM_INDEXVALS_S(J)[e] + (size_t)j * N] = SM_DATA_S(J)[e];
    else
      memcpy(A + (size_t)j * N, SM_COLUMN_D(J, j), (size_t)N * sizeof *A);
  SUNMatDestroy(J);
  N_VDestroy(scratch);
  return N;
}

int cs_sim_linear_solver(const cs_sim *s, long *fallbacks)
{
  if (fallbacks)
    *fallbacks = s->LS ? cs_linsol_fallbacks(s->LS) : 0;
  return s->ida ? s->sparse : -1;
}

static int roots(realtype t, N_Vector yy, N_Vector yyp, realtype *g, void *user)
{
  (void)t, (void)yyp;
  cs_sim *s = user;
  cs_clearances_roots(s->clear, Q_OF(s, yy), V_OF(s, yy), g);
  return 0;
}

/* The drivers' power takes λ from the augmented system at (q, v), not from y: the λ of y is
 * left out of the Newton convergence test (see cs_sim_dae_setup), and measured on the slider-crank
 * its driver work was off by 0.08 J in 63 J over two turns; the consistent λ closes the
 * balance to the tolerance. One LU of size n + m per quadrature evaluation is the price. */
static int quadrature(realtype t, N_Vector yy, N_Vector yyp, N_Vector rq, void *user)
{
  (void)yyp;
  cs_sim *s = user;
  const double *q = Q_OF(s, yy), *v = V_OF(s, yy);
  double *out = N_VGetArrayPointer(rq);
  bind_states(s, yy);
  cs_force_power(s->model, q, v, t, &out[QUAD_DISSIPATED], &out[QUAD_APPLIED]);
  /* Q and the contacts' power from one evaluation of each contact, as the projected
   * right-hand side does (it was evaluated twice here: power, then Q for the drivers) */
  cs_forces(s->model, q, v, t, s->Q, NULL, NULL, 0.0);
  cs_frames(s->model, q, s->frame);
  out[QUAD_DISSIPATED] += cs_clearances_forces_power(s->clear, s->frame, v, s->Q);
  out[QUAD_DRIVER] = 0.0;
  if (!s->has_drivers)
    return 0;
  if (cs_solve_accelerations(s->cons, q, v, t, s->Q, s->qa, s->qlambda, NULL))
    return 1; /* singular here: recoverable, IDAS retries with a smaller step */
  out[QUAD_DRIVER] = driver_power(s, cs_consistent_jacobian(s->cons), v, s->qlambda);
  return 0;
}

static void ida_error(int code, const char *module, const char *function, char *msg, void *user)
{
  (void)code, (void)module;
  cs_sim *s = user;
  snprintf(s->ida_message, sizeof s->ida_message, "%s: %s", function, msg);
}

static cs_status fail_setup(cs_sim *s, cs_error *err, const char *what)
{
  return cs_fail(err, CS_ERR_SOLVER, "%s: setting up the integrator failed (%s)%s%s",
                 s->model->origin ? s->model->origin : "model", what,
                 s->ida_message[0] ? ": " : "", s->ida_message);
}

/* IDA's error weights: 1 / min(rtol |y| + atol, cap), each unknown's tolerance with its cap. */
static int error_weights(N_Vector y, N_Vector ewt, void *user)
{
  const cs_sim *s = user;
  const double *yd = N_VGetArrayPointer(y), rtol = s->model->solver.rtol;
  double *w = N_VGetArrayPointer(ewt);
  for (int i = 0; i < s->N; i++)
    w[i] = 1.0 / fmin(rtol * fabs(yd[i]) + s->atol[i], s->cap[i]);
  return 0;
}

/* Under "auto", the sparse iteration matrix and KLU from this many unknowns on, the dense LU
 * below. Measured (callgrind, GGL, whole runs less ~45M of start-up): KLU is never slower
 * from 10 unknowns up, but gains little below 50 (pendulum 10: −5 %; chain of 3, 30: −13 %;
 * clearance slider-crank, 32: −13 %; chain of 5, 50: −29 %) and 3.6× at 100 (chain of 10),
 * while a different solver moves a small model's round-off-driven step sequence (the GGL
 * pendulum at rtol 1e-10: 1.2e-8 m dense, 7e-9 … 1.9e-7 m with KLU's orderings). Small models
 * keep the dense LU's results (engine/solver/README.md "IDAS"). */
enum { SPARSE_FROM = 50 };

/* The iteration matrix and its solver: dense LAPACK LU, or CSC over the model's pattern with
 * KLU (solver.linear_solver). */
static cs_status setup_linear_solver(cs_sim *s, cs_error *err)
{
  cs_linear_solver choice = s->model->solver.linear_solver;
  s->sparse = choice == CS_LINSOL_SPARSE || (choice == CS_LINSOL_AUTO && s->N >= SPARSE_FROM);
  if (!s->sparse) {
    s->J = SUNDenseMatrix(s->N, s->N, s->ctx);
    s->LS = s->J ? cs_linsol_lapack_dense(s->y, s->J, s->ctx) : NULL;
    return s->LS ? CS_OK : fail_setup(s, err, "linear solver");
  }
  if (cs_ida_pattern_init(&s->pattern, s->model, s->clear, s->form == CS_GGL))
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (s->pattern.N != s->N)
    return fail_setup(s, err, "sparse pattern of the wrong order");
  s->J = SUNSparseMatrix(s->N, s->N, s->pattern.nnz, CSC_MAT, s->ctx);
  s->LS = s->J ? cs_linsol_klu(s->y, s->J, s->ctx) : NULL;
  return s->LS ? CS_OK : fail_setup(s, err, "sparse linear solver");
}

cs_status cs_sim_dae_setup(cs_sim *s, N_Vector id, cs_error *err)
{
  const cs_solver_settings *set = &s->model->solver;
  int nroot = cs_clearances_root_count(s->clear);
  cs_status st = setup_linear_solver(s, err);
  if (st != CS_OK)
    return st;
  s->roots_found = calloc((size_t)nroot + 1, sizeof *s->roots_found);
  if (!s->roots_found)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  const cs_ida_problem p = {
      .residual = residual, .jacobian = jacobian, .user = s, .t0 = s->t0, .y = s->y,
      .yp = s->yp, .J = s->J, .LS = s->LS, .max_step = set->max_step,
      .initial_step = set->initial_step, .nroot = nroot, .roots = roots,
      .on_error = ida_error, .error_user = s};
  const char *stage;
  s->ida = cs_ida_create(s->ctx, &p, &stage);
  if (!s->ida)
    return fail_setup(s, err, stage);
  s->ida_hmax = set->max_step > 0 ? set->max_step : 0.0;
  if (IDAWFtolerances(s->ida, error_weights) || IDASetId(s->ida, id) ||
      IDASetSuppressAlg(s->ida, SUNTRUE))
    return fail_setup(s, err, "tolerances");
  if (IDASetMaxNumSteps(s->ida, set->max_steps + 1)) /* enforced per output in advance */
    return fail_setup(s, err, "step settings");
  if (IDAQuadInit(s->ida, quadrature, s->yq) || IDASetQuadErrCon(s->ida, SUNFALSE))
    return fail_setup(s, err, "quadratures");
  s->ida_live = 1;
  return CS_OK;
}

static const char *flag_text(int flag, char *buf, size_t size)
{
  char *name = IDAGetReturnFlagName(flag); /* malloc'd by SUNDIALS */
  snprintf(buf, size, "%s", name ? name : "?");
  free(name);
  return buf;
}

/* One IDAS step; *root says whether it ended at a root. */
cs_status cs_sim_dae_step(cs_sim *s, double t_target, int *root, cs_error *err)
{
  realtype t_reached = s->t_ida;
  s->ida_message[0] = '\0';
  /* a pin crossing a cut wall's band within a step is outside it at both ends, and a
   * tumbling outline's corner may sweep through its wall and out: IDAS's steps in free flight
   * outgrow both (cs_clearances_crossing_time); 0 lets them grow */
  double given = s->model->solver.max_step > 0 ? s->model->solver.max_step : INFINITY;
  double hmax = fmin(given, cs_clearances_crossing_time(s->clear, Q_OF(s, s->y),
                                                        V_OF(s, s->y), 1));
  if (!isfinite(hmax))
    hmax = 0.0;
  if (hmax != s->ida_hmax && IDASetMaxStep(s->ida, hmax) == IDA_SUCCESS)
    s->ida_hmax = hmax;
  int flag = IDASolve(s->ida, t_target, &t_reached, s->y, s->yp, IDA_ONE_STEP);
  /* IDAS refuses to go on from a root it returned when a root function is exactly 0 there and
   * again a round-off later ("root found at and very near t": the state did not change over
   * its probe; the lubricated slider-crank under index 3 at rtol 1e-9, its guard root δ' = 0 at
   * t = 5.6e-3 s). It has not moved: a restart there sets such a root aside until it moves. */
  if (flag == IDA_ILL_INPUT && strstr(s->ida_message, "very near") &&
      s->t_near_root != s->t_ida) {
    s->t_near_root = s->t_ida;
    *root = 0;
    return cs_sim_restart(s, t_target, 0, err);
  }
  if (flag < 0) /* an input error leaves t_reached and y unset: where IDAS stands */
    IDAGetCurrentTime(s->ida, &t_reached);
  s->t_ida = t_reached;
  if (flag < 0) {
    char name[64], why[768];
    /* the local errors describe a failed step; after refused input they are stale */
    cs_sim_explain_failure(s, flag == IDA_ERR_FAIL || flag == IDA_CONV_FAIL ||
                           flag == IDA_TOO_MUCH_ACC, why, sizeof why);
    /* IDAS carries λ through a singular position, where it has a pole; the projected
     * formulation does not (engine/solver/README.md, "Redundant constraints and singular positions") */
    int singular = strstr(why, "singular position") != NULL;
    return cs_fail(err, CS_ERR_SOLVER, "%s: the integrator failed at t = %.9g s: %s%s (%s%s%s)",
                   s->model->origin ? s->model->origin : "model", t_reached, why,
                   singular ? "; the projected formulation passes singular positions "
                              "(/solver/formulation \"projected\")" : "",
                   flag_text(flag, name, sizeof name), s->ida_message[0] ? ": " : "",
                   s->ida_message);
  }
  IDAGetQuad(s->ida, &t_reached, s->yq);
  *root = flag == IDA_ROOT_RETURN;
  if (*root)
    IDAGetRootInfo(s->ida, s->roots_found);
  return CS_OK;
}
