#define _POSIX_C_SOURCE 200809L /* clock_gettime */
/*
 * cs_sim.c — the simulation: the DAE handed to IDAS, its analytic Jacobian, output instants,
 * energy books.
 *
 * y = (q, v, λ) for index 3, y = (q, v, λ, μ) for GGL:
 *   index3:  q' − v = 0,            M v' + Φqᵀλ − Q = 0,  Φ = 0
 *   ggl:     q' − v + Φqᵀμ = 0,     M v' + Φqᵀλ − Q = 0,  Φ = 0,  Φq v + Φt = 0
 * Variables without a derivative in the error test: λ and μ always; v too for index 3, where
 * IDA stalls otherwise (its error estimate of index-3 velocities does not shrink with h).
 * The quadratures (IDAS) integrate the dissipated power, the drivers' power and the applied
 * loads' power for the energy balance.
 *
 * IDAS runs one step at a time: after each step the clearance joints commit their contact
 * histories, outputs due within the step are interpolated, and located roots switch contacts
 * on or off, after which IDAS restarts from a consistent state (the contact force changes
 * its law there). Accessors report the `view` state: the last output instant, or where the
 * last advance ended.
 */
#include "cs_clock.h"
#include "cs_assembly.h"
#include "cs_clearances.h"
#include "cs_consistent.h"
#include "cs_diagnose.h"
#include "cs_status.h"
#include "cs_ida_pattern.h"
#include "cs_linsol.h"
#include "cs_project.h"
#include "cs_regime.h"
#include "cs_rk.h"
#include "cs_schur.h"
#include "cs_scales.h"
#include "cs_sim_linear.h"
#include "cs_evidence.h"

#include <idas/idas.h>
#include <idas/idas_ls.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>
#include <time.h>

enum { QUAD_DISSIPATED, QUAD_DRIVER, QUAD_APPLIED, NQUAD };

/* Round-off floor of an absolute tolerance, in ulps of its unknown's scale: IDA's Newton
 * corrections cannot shrink below a few ulps of the largest terms of the residual, and a
 * weight finer than that makes the convergence test unpassable (measured: the clearance
 * slider-crank at atol 1e-15 died with h = 1e-25). */
static const double ROUNDOFF_ULPS = 100.0;

/* The largest error a position may carry, as a share of the smallest clearance (m; divided
 * by the mechanism's length for angles). At 1e-3 it kept runs alive (the 0.1 mm clearance
 * slider-crank at rtol 1e-3, rtol·|q| = 0.2 mm, failed at 0.65 s with its energy at 5e10 J)
 * but not right: at its file's tolerance (1e-6) the 0.5 mm clearance slider-crank at
 * 5000 r/min found 52 contacts (GGL) or 22 (projected) where an rtol 1e-11 run finds 26, the
 * sequence parting from the 15th. Measured against that reference: 1e-5 gets GGL right (26,
 * onsets within 1.2e-6 s) but not the projected formulation (28); 3e-6 gets both right at the
 * file's tolerance (26 of 26, onsets within 1e-6 s and 2.2e-6 s), and the projected one at any
 * rtol up to 1e-3 (1,890 steps), for 15 % more GGL steps (6,179 → 7,093). */
static const double CLEARANCE_SHARE = CS_CLEARANCE_SHARE;

/* A restart projects the state only when its drift exceeds this share of atol (atol·Ω for
 * velocities): below, the drift is harmless and the projection's own round-off is not. */
static const double PROJECT_BELOW = 1e-3;

/* An algebraic unknown's weight relative to its scale where its Newton corrections stall at
 * round-off amplified by 1/h or 1/h², which outgrows any fixed scale as steps shrink: none to
 * speak of. Index-3 v and λ (measured: weights on the scales V and F stalled the clearance
 * slider-crank at t = 2e-11 s at every rtol ≤ 1e-7), and GGL's μ, whose correction is Φ's
 * round-off over h (weighted on V, Andrews' squeezer failed at t = 0 at every rtol ≤ 1e-8:
 * each failed step's smaller h raised the floor). μ is 0 on the solution and acts only through
 * q', which the test weighs. */
static const double INDEX3_FREE = 1e12;

/* Under "auto": the steps since cs_rk's restart before a contact may be handed to IDAS. On
 * trial, IDAS must then cover the span cs_rk's last steps would have covered in TRIAL_SPAN
 * steps in at most TRIAL_SPAN / HANDOVER_GAIN of its own, its start from order 1 included, or
 * the contact goes back to cs_rk, which then waits four times longer before the next trial: a
 * lost trial costs at most TRIAL_SPAN / HANDOVER_GAIN IDAS steps, a bounded share of the
 * contact, and a contact that turns stiff later is still handed over. An IDAS step costs
 * about 1.3 explicit ones (11.4 against 8.8 µs on the clearance slider-crank); the lasting
 * contacts of liu2022 and flores2010, held by stability at rtol 1e-3, took IDAS more and
 * shorter steps than cs_rk (twice the time without the trial); the resting sphere takes it
 * a tenth of cs_rk's steps. */
enum { HANDOVER_AFTER = 64, TRIAL_SPAN = 256 };
static const double HANDOVER_GAIN = 2.0;

/* Samples of each step's interpolant searched for a contact's peak force (sample_peaks). */
enum { CS_PEAK_SAMPLES = 4, PEAK_REFINE = 3 };
/* Samples of each explicit step's interpolant searched for a pin out of contact inside its
 * wall (grazed_pin). */
enum { GRAZE_SAMPLES = 8 };

struct cs_sim {
  const cs_model *model;
  cs_formulation form; /* what IDAS integrates (index3, ggl; ggl under auto), or projected */
  int n, m, N; /* coordinates, constraint rows, unknowns */
  int nz;       /* internal states of the force elements, the last nz unknowns (Z_OF) */

  SUNContext ctx;
  void *ida;            /* index3 and ggl: IDAS on the DAE */
  cs_rk *rk;            /* projected: explicit Runge-Kutta on the index-1 ODE */
  cs_regime *regime;    /* its step in each contact regime, for restarts (cs_regime.h) */
  int hybrid;           /* "auto": cs_rk and IDAS (ggl) both set up, one of them running */
  int explicit_on;      /* cs_rk is the one running (projected; auto between handovers) */
  int ida_live;         /* IDAS has counted steps since its last (re)start, not yet banked */
  long handovers;       /* auto: stiff contacts handed to IDAS */
  long stiff_mark;      /* cs_rk's stiff steps counted so far */
  uint64_t stiff_recent; /* which of cs_rk's last 64 steps since its restart were stiff */
  long steps_recent;     /* cs_rk's steps since its restart */
  double t_recent[64];   /* where they ended, the last 64 (by steps_recent mod 64) */
  int trial;             /* auto: a handover on trial: is IDAS faster on this contact? */
  long patience;         /* auto: cs_rk's steps before a handover (HANDOVER_AFTER, times 4
                          * after each trial IDAS lost in this regime) */
  double h_explicit, t_handover; /* cs_rk's mean step before it, and when it was */
  long ida_steps;        /* IDAS' steps since */
  cs_schur *schur;      /* its accelerations (cs_schur.h) */
  double *Minv, *gamma, *sample;
  int *root_start, *root_idx; /* what each root reads (root_support) */
  int *peak_pin;        /* pins in contact, and their forces at the samples (sample_peaks) */
  double *peak_force;
  N_Vector y, yp, yq;  /* IDAS' state at t_ida and its quadratures */
  N_Vector view, viewq; /* the state and quadratures reported, at t */
  cs_clearances *clear;
  cs_projector *proj;   /* restarts start on the constraint manifold */
  cs_consistent *cons;  /* consistent starts and the reported a, λ */
  cs_jac jac;           /* Φq by rows, at the last evaluation */
  int *roots_found;
  long base[6];         /* IDAS counters before its last restart (restarts zero them) */
  SUNMatrix J;
  SUNLinearSolver LS;
  int sparse;             /* J is CSC over `pattern`, LS is KLU (setup_ida) */
  cs_ida_pattern pattern;

  double t0, t, t_ida;
  long next_output; /* index k of the next output instant t0 + k·interval */
  double *M, *Q, *phi, *work;
  double *a, *lambda; /* consistent with (q, v) at t */
  double *qa, *qlambda; /* the same, for the quadrature's current (q, v) */
  double energy0, potential0;
  int rank0;           /* rank of Φq at the start: a later loss is a singular position */
  double *q_start;     /* the assembled start's q, against which such a loss is judged */
  cs_scales scales;    /* the mechanism's own (cs_scales.h), from the assembled start */
  double *atol, *cap;  /* each unknown's absolute tolerance, and the most its error may be */
  double *tested;      /* 1 for the unknowns in IDAS' error test, else 0 */
  double energy_scale, worst_balance; /* the run's own evidence (cs_sim_warnings) */
  cs_evidence evidence;                /* and the rest of it (cs_evidence.h) */
  char warnings[1024];
  char **row_names;

  cs_output_fn output;
  void *output_user;
  cs_interrupt_fn interrupt;
  void *interrupt_user;
  int started;  /* the output at t0 has been emitted */
  long steps_since_output;
  int has_drivers;
  int *driver_rows, ndriver_rows; /* the drivers' constraint rows, for their power */
  double wall;  /* seconds spent integrating in cs_sim_advance (the output callback's excluded) */
  double output_wall; /* seconds spent in the output callback */
  double t_near_root; /* where IDAS last refused a root 'at and very near t' */
  char ida_message[512]; /* IDAS' last error, kept for our cs_error */
};

#define Q_OF(sim, y) N_VGetArrayPointer(y)
#define V_OF(sim, y) (N_VGetArrayPointer(y) + (sim)->n)
#define L_OF(sim, y) (N_VGetArrayPointer(y) + 2 * (sim)->n)
#define MU_OF(sim, y) (N_VGetArrayPointer(y) + 2 * (sim)->n + (sim)->m)
#define Z_OF(sim, y) (N_VGetArrayPointer(y) + (sim)->N - (sim)->nz)

/* ---------------------------------------------------------------- internal states -------- */

/* Force elements with an internal state z (a clearance joint's LuGre bristles), z' = f(q, v,
 * z), are the last nz unknowns of y: differential, with residual z' − f. The forces read z
 * through the clearance joints' binding (cs_clearances_bind_state), set from the y at hand. */
static void bind_states(const cs_sim *s, N_Vector y)
{
  cs_clearances_bind_state(s->clear, s->nz ? Z_OF(s, y) : NULL);
}

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

/* yp's z part at the consistent (re)start: z' = f. */
static void state_rates(cs_sim *s)
{
  if (s->nz)
    cs_clearances_state_rate(s->clear, Q_OF(s, s->y), V_OF(s, s->y), Z_OF(s, s->yp), NULL,
                             NULL, NULL, NULL, 0);
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

/* Q of everything: gravity, force elements, clearance joints. */
static void total_forces(cs_sim *s, const double *q, const double *v, double t, double *Q)
{
  cs_forces(s->model, q, v, t, Q, NULL, NULL, 0.0);
  cs_clearances_forces(s->clear, q, v, Q, NULL, NULL, 0.0);
}

static int roots(realtype t, N_Vector yy, N_Vector yyp, realtype *g, void *user)
{
  (void)t, (void)yyp;
  cs_sim *s = user;
  cs_clearances_roots(s->clear, Q_OF(s, yy), V_OF(s, yy), g);
  return 0;
}

/* Power of the drivers on the mechanism: −Σ λ_r (Φq v)_r over driver rows, Φq in J. */
static double driver_power(const cs_sim *s, const cs_jac *J, const double *v, const double *lam)
{
  double P = 0.0;
  for (int i = 0; i < s->ndriver_rows; i++) {
    int r = s->driver_rows[i];
    double pv = 0.0;
    for (int e = CS_JAC_WIDTH * r; e < CS_JAC_WIDTH * (r + 1); e++)
      if (J->col[e] >= 0)
        pv += J->val[e] * v[J->col[e]];
    P -= lam[r] * pv;
  }
  return P;
}

/* The drivers' power takes λ from the augmented system at (q, v), not from y: the λ of y is
 * left out of the Newton convergence test (see setup_ida), and measured on the slider-crank
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
  out[QUAD_DISSIPATED] += cs_clearances_forces_power(s->clear, q, v, s->Q);
  out[QUAD_DRIVER] = 0.0;
  if (!s->has_drivers)
    return 0;
  if (cs_solve_accelerations(s->cons, q, v, t, s->Q, s->qa, s->qlambda, NULL))
    return 1; /* singular here: recoverable, IDAS retries with a smaller step */
  out[QUAD_DRIVER] = driver_power(s, cs_consistent_jacobian(s->cons), v, s->qlambda);
  return 0;
}

/* ---------------------------------------------------------------- the projected ODE ------ */

/* y = (q, v): q' = v, v' = a from the augmented system at (q, v, t); the quadratures'
 * integrands alongside, with the drivers' power from the same λ. */
static int ode_rhs(double t, const double *y, double *ydot, double *yqdot, void *user)
{
  cs_sim *s = user;
  const double *q = y, *v = y + s->n;
  cs_forces(s->model, q, v, t, s->Q, NULL, NULL, 0.0);
  double contact_loss = cs_clearances_forces_power(s->clear, q, v, s->Q);
  cs_constraints_and_gamma(s->model, q, v, t, &s->jac, s->gamma);
  cs_schur_accelerations(s->schur, &s->jac, s->Minv, s->Q, s->gamma, 1, ydot + s->n, s->qlambda);
  memcpy(ydot, v, (size_t)s->n * sizeof *v);
  cs_force_power(s->model, q, v, t, &yqdot[QUAD_DISSIPATED], &yqdot[QUAD_APPLIED]);
  yqdot[QUAD_DISSIPATED] += contact_loss;
  yqdot[QUAD_DRIVER] = s->has_drivers ? driver_power(s, &s->jac, v, s->qlambda) : 0.0;
  for (int i = 0; i < 2 * s->n; i++)
    if (!isfinite(ydot[i]))
      return 1;
  return 0;
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

static void ida_error(int code, const char *module, const char *function, char *msg, void *user)
{
  (void)code, (void)module;
  cs_sim *s = user;
  snprintf(s->ida_message, sizeof s->ida_message, "%s: %s", function, msg);
}

/* ---------------------------------------------------------------- set-up ----------------- */

static cs_status fail_setup(cs_sim *s, cs_error *err, const char *what)
{
  return cs_fail(err, CS_ERR_SOLVER, "%s: setting up the integrator failed (%s)%s%s",
                 s->model->origin ? s->model->origin : "model", what,
                 s->ida_message[0] ? ": " : "", s->ida_message);
}

static cs_status name_rows(cs_sim *s, cs_error *err)
{
  s->row_names = calloc((size_t)s->m + 1, sizeof *s->row_names);
  if (!s->row_names)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  for (int k = 0; k < s->model->njoint; k++) {
    const cs_joint *j = &s->model->joints[k];
    for (int r = 0; r < j->nrows; r++) {
      size_t len = strlen(j->name) + 16;
      char *name = malloc(len);
      if (!name)
        return cs_fail(err, CS_ERR_MEMORY, "out of memory");
      snprintf(name, len, "%s.%s", j->name, cs_joint_row_label(j->kind, r));
      s->row_names[j->row0 + r] = name;
    }
  }
  return CS_OK;
}

static cs_status allocate(cs_sim *s, cs_error *err)
{
  int n = s->n, m = s->m;
  s->M = calloc((size_t)n, sizeof *s->M);
  s->Q = calloc((size_t)n, sizeof *s->Q);
  s->phi = calloc((size_t)m + 1, sizeof *s->phi);
  s->work = calloc((size_t)(m > n ? m : n) + 1, sizeof *s->work);
  s->a = calloc((size_t)n, sizeof *s->a);
  s->lambda = calloc((size_t)m + 1, sizeof *s->lambda);
  s->qa = calloc((size_t)n, sizeof *s->qa);
  s->qlambda = calloc((size_t)m + 1, sizeof *s->qlambda);
  s->q_start = calloc((size_t)n + 1, sizeof *s->q_start);
  if (!s->M || !s->Q || !s->phi || !s->work || !s->a || !s->lambda || !s->qa ||
      !s->qlambda || !s->q_start || cs_jac_init(&s->jac, s->model) ||
      !(s->cons = cs_consistent_create(s->model)))
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  return name_rows(s, err);
}

/* y's multipliers and yp from the augmented system at y's (q, v) and the current contact
 * states: a consistent start or restart. */
static cs_status make_consistent(cs_sim *s, double t, cs_error *err)
{
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  bind_states(s, s->y);
  total_forces(s, q, v, t, s->Q);
  cs_status st = cs_solve_accelerations(s->cons, q, v, t, s->Q, s->a, s->lambda, err);
  if (st)
    return st;
  memcpy(L_OF(s, s->y), s->lambda, (size_t)s->m * sizeof *s->lambda);
  if (s->form == CS_GGL)
    memset(MU_OF(s, s->y), 0, (size_t)s->m * sizeof(double));
  N_VConst(0.0, s->yp);
  memcpy(Q_OF(s, s->yp), v, (size_t)s->n * sizeof *v);
  memcpy(V_OF(s, s->yp), s->a, (size_t)s->n * sizeof *s->a);
  state_rates(s);
  return CS_OK;
}

/* Initial state: assembled positions and velocities, contacts already closed at t0, then a
 * and λ. */
static cs_status initial_state(cs_sim *s, cs_error *err)
{
  const cs_model *m = s->model;
  double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  N_VConst(0.0, s->y);
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (!body->ground) {
      memcpy(q + body->coord, body->q0, 3 * sizeof *q);
      memcpy(v + body->coord, body->v0, 3 * sizeof *v);
    }
  }
  cs_status st = cs_assemble_start(s->cons, s->t0, q, v, err);
  if (st)
    return st;
  /* Assembly stops at a residual of 1e-12 of the coordinates; IDAS at atol 1e-15 must start
   * on the constraints to round-off (the four-bar failed at t0 otherwise). */
  if (cs_project(s->proj, s->t0, q, v, 1, 0.0, 0.0))
    return cs_fail(err, CS_ERR_ASSEMBLY, "%s: the assembled state cannot be brought onto the "
                   "constraints to round-off", m->origin ? m->origin : "model");
  for (int k = 0; k < cs_clearances_count(s->clear); k++)
    if (cs_clearances_gap(s->clear, k, q) > 0.0)
      cs_clearances_open(s->clear, k, s->t0, q, v);
  cs_clearances_settle(s->clear, s->t0, q, v); /* and those touching, δ = 0, not moving out */
  for (int k = 0; k < cs_clearances_count(s->clear); k++) /* on their wall, δ's sign round-off */
    if (cs_clearances_starts_resting(s->clear, k) && !cs_clearances_in_contact(s->clear, k))
      cs_clearances_open(s->clear, k, s->t0, q, v);
  return make_consistent(s, s->t0, err);
}

/* Each unknown's absolute tolerance on its own physical scale (cs_scales.h), and whether it
 * is in the error test (id 1):
 *   positions       atol (m, rad), the model's;
 *   velocities      atol·Ω (m/s, rad/s): a position error atol over the mechanism's time
 *                   scale 1/Ω; in the error test for GGL only (index-3 velocities are not:
 *                   IDA's estimate of their error does not shrink with h, and it stalls);
 *   λ (GGL)         the force scale F, for the Newton test alone;
 *   μ (GGL)         INDEX3_FREE times V, for the Newton test alone;
 *   index-3 v, λ    INDEX3_FREE times V and F, for the Newton test alone;
 * each at least ROUNDOFF_ULPS ulps of its scale. The multipliers (and index-3 velocities)
 * are algebraic: they follow from q and v, their Newton corrections stall at a round-off
 * floor amplified by 1/h, and outputs report a and λ solved from the augmented system at the
 * output state, so a weight on their own scale (not the positions') is what keeps them from
 * failing IDA's convergence test at tight tolerances. */
static void absolute_tolerances(const cs_sim *s, double *at, double *cap, double *id)
{
  const cs_solver_settings *set = &s->model->solver;
  const double ulp = ROUNDOFF_ULPS * DBL_EPSILON;
  const cs_scales sc = s->scales;
  /* No position may be off by more than CLEARANCE_SHARE of the smallest clearance, whatever
   * rtol·|q| allows: a coarser error cannot tell contact from gap. */
  double c = cs_model_smallest_clearance(s->model);
  if (set->cap_scale > 0.0)
    c *= set->cap_scale;
  for (int i = 0; i < s->N; i++)
    cap[i] = INFINITY;
  for (int i = 0; i < s->n; i++) {
    int rotation = i % 3 == 2;
    double length = rotation ? 1.0 : sc.length, speed = rotation ? sc.frequency : sc.speed;
    cap[i] = fmax(CLEARANCE_SHARE * c / (rotation ? sc.length : 1.0), ulp * length);
    if (s->form != CS_INDEX3)
      cap[s->n + i] = fmax(cap[i] * sc.frequency, ulp * speed);
    at[i] = fmax(set->atol, ulp * length);
    id[i] = 1.0;
    if (s->form != CS_INDEX3) {
      at[s->n + i] = fmax(set->atol * sc.frequency, ulp * speed);
      id[s->n + i] = 1.0;
    } else {
      at[s->n + i] = INDEX3_FREE * speed;
      id[s->n + i] = 0.0;
    }
  }
  for (int i = s->N - s->nz; i < s->N; i++) { /* bristle deflections: lengths */
    at[i] = fmax(set->atol, ulp * sc.length);
    id[i] = 1.0;
  }
  for (int r = 0; r < s->m; r++) {
    at[2 * s->n + r] = s->form != CS_INDEX3 ? sc.force : INDEX3_FREE * sc.force;
    id[2 * s->n + r] = 0.0;
    if (s->form == CS_GGL) {
      at[2 * s->n + s->m + r] = INDEX3_FREE * sc.speed;
      id[2 * s->n + s->m + r] = 0.0;
    }
  }
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

/* The projected formulation's integrator: q and v in the error test with the weights of
 * absolute_tolerances (their first 2n entries), the energy quadratures alongside. */
static int pin_open(const void *clear, int i) { return cs_clearances_in_contact(clear, i); }

/* Why the projected formulation cannot take this model (NULL: it can). */
static const char *projected_refusal(const cs_sim *s)
{
  if (s->nz)
    return "integrates no internal state, and a friction law with one (\"lugre\") has some";
  for (int i = 0; i < s->n; i++)
    if (!(s->M[i] > 0.0))
      return "needs every moving body to have a positive mass and inertia (the accelerations "
             "come from M⁻¹)";
  return NULL;
}

static cs_status setup_rk(cs_sim *s, cs_error *err)
{
  const cs_solver_settings *set = &s->model->solver;
  const char *why = projected_refusal(s);
  if (why)
    return cs_fail(err, CS_ERR_INPUT, "%s: /solver/formulation: \"projected\" %s; use \"ggl\" "
                   "or \"auto\"", s->model->origin ? s->model->origin : "model", why);
  s->schur = cs_schur_create(&s->jac);
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
  s->peak_pin = calloc((size_t)npin + 1, sizeof *s->peak_pin);
  s->peak_force = calloc(((size_t)npin + 1) * (CS_PEAK_SAMPLES + 1), sizeof *s->peak_force);
  s->regime = cs_regime_create(npin, pin_open, s->clear);
  if (!s->rk || !s->roots_found || !s->peak_pin || !s->peak_force || !s->regime ||
      root_support(s))
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

/* Under "auto", the sparse iteration matrix and KLU from this many unknowns on, the dense LU
 * below. Measured (callgrind, GGL, whole runs less ~45M of start-up): KLU is never slower
 * from 10 unknowns up, but gains little below 50 (pendulum 10: −5 %; chain of 3, 30: −13 %;
 * clearance slider-crank, 32: −13 %; chain of 5, 50: −29 %) and 3.6× at 100 (chain of 10),
 * while a different solver moves a small model's round-off-driven step sequence (the GGL
 * pendulum at rtol 1e-10: 1.2e-8 m dense, 7e-9 … 1.9e-7 m with KLU's orderings). Small models
 * keep the dense LU's results (engine/README.md "IDAS"). */
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

static cs_status setup_ida(cs_sim *s, N_Vector id, cs_error *err)
{
  const cs_solver_settings *set = &s->model->solver;
  s->ida = IDACreate(s->ctx);
  if (!s->ida)
    return fail_setup(s, err, "IDACreate");
  IDASetErrHandlerFn(s->ida, ida_error, s);
  if (IDAInit(s->ida, residual, s->t0, s->y, s->yp) || IDASetUserData(s->ida, s))
    return fail_setup(s, err, "IDAInit");
  if (IDAWFtolerances(s->ida, error_weights) || IDASetId(s->ida, id) ||
      IDASetSuppressAlg(s->ida, SUNTRUE))
    return fail_setup(s, err, "tolerances");

  cs_status st = setup_linear_solver(s, err);
  if (st != CS_OK)
    return st;
  if (IDASetLinearSolver(s->ida, s->LS, s->J) || IDASetJacFn(s->ida, jacobian))
    return fail_setup(s, err, "linear solver");
  if ((set->max_step > 0 && IDASetMaxStep(s->ida, set->max_step)) ||
      (set->initial_step > 0 && IDASetInitStep(s->ida, set->initial_step)) ||
      IDASetMaxNumSteps(s->ida, set->max_steps + 1)) /* enforced per output in advance */
    return fail_setup(s, err, "step settings");

  if (IDAQuadInit(s->ida, quadrature, s->yq) || IDASetQuadErrCon(s->ida, SUNFALSE))
    return fail_setup(s, err, "quadratures");
  int nroot = cs_clearances_root_count(s->clear);
  s->ida_live = 1;
  if (nroot > 0) {
    s->roots_found = calloc((size_t)nroot + 1, sizeof *s->roots_found);
    if (!s->roots_found || IDARootInit(s->ida, nroot, roots))
      return fail_setup(s, err, "root finding");
    IDASetNoInactiveRootWarn(s->ida);
  }
  return CS_OK;
}

/* Tolerances on the unknowns' own scales, then the formulation's integrator. */
static cs_status setup_integrator(cs_sim *s, cs_error *err)
{
  N_Vector id = N_VNew_Serial(s->N, s->ctx);
  s->atol = calloc(3 * (size_t)s->N, sizeof *s->atol);
  if (!id || !s->atol) {
    N_VDestroy(id);
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  s->cap = s->atol + s->N;
  absolute_tolerances(s, s->atol, s->cap, N_VGetArrayPointer(id));
  s->tested = s->cap + s->N;
  memcpy(s->tested, N_VGetArrayPointer(id), (size_t)s->N * sizeof *s->tested);
  cs_status st;
  if (s->form == CS_PROJECTED) {
    st = setup_rk(s, err);
  } else {
    st = setup_ida(s, id, err);
    s->hybrid = s->hybrid && !projected_refusal(s); /* else ggl alone */
    if (s->hybrid && !st) { /* auto: both, the explicit one first (form stays IDAS' DAE) */
      st = setup_rk(s, err);
      s->ida_live = 0;
      s->patience = HANDOVER_AFTER;
    }
  }
  N_VDestroy(id);
  return st;
}

/* a, λ at the view state: what outputs and accessors report. */
static cs_status refresh(cs_sim *s, cs_error *err)
{
  const double *q = Q_OF(s, s->view), *v = V_OF(s, s->view);
  bind_states(s, s->view);
  total_forces(s, q, v, s->t, s->Q);
  return cs_solve_accelerations(s->cons, q, v, s->t, s->Q, s->a, s->lambda, err);
}

static void track_energy(cs_sim *s);

cs_status cs_sim_create(const cs_model *model, cs_sim **out, cs_error *err)
{
  cs_error_clear(err);
  if (!model || !out)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_create: model and sim must not be NULL");
  *out = NULL;
  cs_sim *s = calloc(1, sizeof *s);
  if (!s)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  s->model = model;
  s->form = model->solver.formulation;
  s->hybrid = s->form == CS_AUTO; /* set up as ggl, which it hands stiff contacts to */
  if (s->hybrid)
    s->form = CS_GGL;
  s->t_near_root = NAN;
  s->n = model->ncoord;
  s->m = model->nrow;
  s->N = 2 * s->n + s->m + (s->form == CS_GGL ? s->m : 0);
  s->t0 = s->t = 0.0;
  s->next_output = 1;
  s->driver_rows = malloc(((size_t)s->m + 1) * sizeof *s->driver_rows);
  for (int k = 0; s->driver_rows && k < model->njoint; k++) {
    const cs_joint *j = &model->joints[k];
    for (int r = j->row0; cs_joint_is_driver(j) && r < j->row0 + j->nrows; r++)
      s->driver_rows[s->ndriver_rows++] = r;
  }
  s->has_drivers = s->ndriver_rows > 0;

  cs_status st = s->driver_rows ? allocate(s, err) : cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (!st)
    st = cs_clearances_create(model, &s->clear, err);
  if (!st) {
    s->nz = cs_clearances_state_count(s->clear);
    s->N += s->nz;
  }
  if (!st && !(s->proj = cs_projector_create(model)))
    st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  if (!st && SUNContext_Create(NULL, &s->ctx))
    st = cs_fail(err, CS_ERR_MEMORY, "SUNContext_Create failed");
  if (!st) {
    s->y = N_VNew_Serial(s->N, s->ctx);
    /* IDAS clones its vectors from y: with fused operations its linear combinations are one
     * loop each instead of chains of N_VLinearSum (15 % of the instructions, callgrind) */
    if (s->y)
      N_VEnableFusedOps_Serial(s->y, SUNTRUE);
    s->yp = N_VNew_Serial(s->N, s->ctx);
    s->view = N_VNew_Serial(s->N, s->ctx);
    s->yq = N_VNew_Serial(NQUAD, s->ctx);
    s->viewq = N_VNew_Serial(NQUAD, s->ctx);
    if (!s->y || !s->yp || !s->view || !s->yq || !s->viewq)
      st = cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  if (!st) {
    cs_mass_diagonal(model, s->M);
    N_VConst(0.0, s->yq);
    N_VConst(0.0, s->viewq);
    st = initial_state(s, err);
  }
  if (!st) {
    cs_scales_of(model, Q_OF(s, s->y), V_OF(s, s->y), &s->scales);
    cs_clearances_set_length(s->clear, s->scales.length);
    st = setup_integrator(s, err);
  }
  if (!st) {
    N_VScale(1.0, s->y, s->view);
    s->rank0 = cs_consistent_rank(s->cons, Q_OF(s, s->y), s->t0);
    memcpy(s->q_start, Q_OF(s, s->y), (size_t)s->n * sizeof *s->q_start);
    s->potential0 = cs_potential_energy(model, Q_OF(s, s->y));
    s->energy0 = cs_kinetic_energy(model, V_OF(s, s->y)) + s->potential0 +
                 cs_clearances_strain(s->clear, Q_OF(s, s->y));
    /* the assembled start's own evidence (a pin inside its wall, multipliers beyond any load):
     * what `clearsim check` reports before anything is integrated */
    track_energy(s);
    *out = s;
    return CS_OK;
  }
  cs_sim_free(s);
  return st;
}

void cs_sim_free(cs_sim *s)
{
  if (!s)
    return;
  if (s->ida)
    IDAFree(&s->ida);
  cs_rk_free(s->rk);
  cs_regime_free(s->regime);
  cs_schur_free(s->schur);
  free(s->Minv);
  if (s->LS)
    SUNLinSolFree(s->LS);
  if (s->J)
    SUNMatDestroy(s->J);
  N_VDestroy(s->y);
  N_VDestroy(s->yp);
  N_VDestroy(s->yq);
  N_VDestroy(s->view);
  N_VDestroy(s->viewq);
  cs_clearances_free(s->clear);
  cs_projector_free(s->proj);
  free(s->roots_found);
  free(s->peak_pin);
  free(s->root_start);
  free(s->root_idx);
  free(s->peak_force);
  if (s->ctx)
    SUNContext_Free(&s->ctx);
  if (s->row_names)
    for (int r = 0; r < s->m; r++)
      free(s->row_names[r]);
  free(s->row_names);
  free(s->M);
  free(s->q_start);
  free(s->atol);
  free(s->Q);
  cs_jac_free(&s->jac);
  cs_ida_pattern_free(&s->pattern);
  free(s->driver_rows);
  cs_consistent_free(s->cons);
  free(s->phi);
  free(s->work);
  free(s->a);
  free(s->lambda);
  free(s->qa);
  free(s->qlambda);
  free(s);
}

void cs_sim_set_output(cs_sim *s, cs_output_fn fn, void *user)
{
  s->output = fn;
  s->output_user = user;
}

void cs_sim_set_interrupt(cs_sim *s, cs_interrupt_fn fn, void *user)
{
  s->interrupt = fn;
  s->interrupt_user = user;
}

/* ---------------------------------------------------------------- integration ------------ */

static double output_time(const cs_sim *s, long k)
{
  return s->t0 + (double)k * s->model->output.interval;
}

/* Above this fraction of the energy that moved, the balance error says the trajectory is not
 * a solution of the model: at 1 % it is no rounding matter (GGL keeps ≤ 1000 rtol of it;
 * measured index 3 at rtol 1e-3 on the clearance slider-crank: 400 times the energy). */
static const double SUSPECT_BALANCE = 1e-2;
/* Steps held by stability before the run says so (and at least a quarter of all). */
enum { STIFF_STEPS = 10000 };

/* Stability, not accuracy, holding the explicit integrator's steps (cs_rk_counters): a
 * lasting stiff contact, which the ggl formulation steps through at the tolerances' pace
 * (sphere_in_cylinder: 41,325 of 81,199 steps in 2 s; the slider-crank's contacts 1-3 %). */
static void note_stiffness(cs_sim *s)
{
  cs_rk_counters c;
  cs_rk_counters_get(s->rk, &c);
  if (c.stiff_steps < STIFF_STEPS || 4 * c.stiff_steps < c.steps)
    return;
  size_t len = strlen(s->warnings);
  snprintf(s->warnings + len, sizeof s->warnings - len, "%sstability, not accuracy, held %ld "
           "of the explicit integrator's %ld steps (a lasting stiff contact): the ggl "
           "formulation takes the steps the tolerances ask for (/solver/formulation)",
           len ? "; " : "", c.stiff_steps, c.steps);
}

/* The energy that moved in the run so far (kinetic, change of potential, strain, work and
 * dissipation), and the worst balance error against it: the evidence cs_sim_warnings
 * weighs. Updated at every reported state. */
static void track_energy(cs_sim *s)
{
  cs_energy e;
  cs_sim_energy(s, &e);
  double moved = fabs(e.kinetic) + fabs(e.strain) + fabs(e.dissipated) +
                 fabs(e.driver_work) + fabs(e.applied_work) +
                 fabs(e.potential - s->potential0);
  s->energy_scale = fmax(s->energy_scale, moved);
  s->worst_balance = fmax(s->worst_balance, fabs(e.balance_error));
  if (s->energy_scale > 0.0 && s->worst_balance > SUSPECT_BALANCE * s->energy_scale)
    snprintf(s->warnings, sizeof s->warnings,
             "energy balance error up to %.3g J, %.3g of the %.3g J of energy the run moved: the "
             "trajectory is not accurate at rtol %g, atol %g (%s); tighten the tolerances%s",
             s->worst_balance, s->worst_balance / s->energy_scale, s->energy_scale,
             s->model->solver.rtol, s->model->solver.atol,
             cs_formulation_name(cs_sim_formulation(s)),
             s->form == CS_INDEX3 ? " or use the ggl formulation" : "");
  else
    s->warnings[0] = '\0';
  cs_evidence_track(&s->evidence, s, &s->scales);
  cs_evidence_append(&s->evidence, s, s->warnings, sizeof s->warnings);
  if (s->rk && !s->hybrid)
    note_stiffness(s);
}

/* Call the output callback for the view state; non-zero means stop. */
static int emit(cs_sim *s)
{
  track_energy(s);
  if (!s->output)
    return 0;
  double start = cs_wall_clock();
  int stop = s->output(s, s->output_user);
  s->output_wall += cs_wall_clock() - start;
  return stop;
}

/* Make the view IDAS' own state at t_ida. */
static cs_status view_current(cs_sim *s, cs_error *err)
{
  N_VScale(1.0, s->y, s->view);
  N_VScale(1.0, s->yq, s->viewq);
  s->t = s->t_ida;
  return refresh(s, err);
}

/* ---- what the simulation asks of its integrator, IDAS or cs_rk ---- */

/* The state and quadratures at t within the integrator's last step. */
static int state_at(cs_sim *s, double t, N_Vector y, N_Vector yq)
{
  if (s->explicit_on)
    return cs_rk_state_at(s->rk, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yq));
  return IDAGetDky(s->ida, t, 0, y) || IDAGetQuadDky(s->ida, t, 0, yq);
}

/* The same for an output row: interpolated by both integrators (cs_rk_dense_at: an exact
 * step per row was 26 % of the evaluations of the clearance slider-crank's file, with a row
 * every 2.4 steps; the rows moved by 3e-9 m and 6e-7 of the velocities' scale, within rtol
 * 1e-6, and the books' balance stayed at 2.7e-4 J of 176 J). */
static int report_at(cs_sim *s, double t, N_Vector y, N_Vector yq)
{
  if (s->explicit_on)
    return cs_rk_dense_at(s->rk, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yq));
  return state_at(s, t, y, yq);
}

/* Where the integrator's last step began. */
static double last_step_start(const cs_sim *s)
{
  if (s->explicit_on)
    return cs_rk_step_start(s->rk);
  realtype tn = 0, h = 0;
  IDAGetCurrentTime(s->ida, &tn);
  IDAGetLastStep(s->ida, &h);
  return tn - h;
}

/* Under "auto", stability has held a quarter or more of cs_rk's last 64 steps: a lasting
 * stiff contact, which IDAS on ggl steps through at the tolerances' pace. (Under projected the
 * resting sphere's steps are held at nine in ten: 73,645 of 81,185 to 2 s. A contact held by
 * accuracy, the clearance slider-crank's, sits at a tenth of the boundary.) */
static int held_by_stability(cs_sim *s)
{
  cs_rk_counters c;
  cs_rk_counters_get(s->rk, &c);
  s->stiff_recent = s->stiff_recent << 1 | (uint64_t)(c.stiff_steps > s->stiff_mark);
  s->stiff_mark = c.stiff_steps;
  s->t_recent[s->steps_recent++ % 64] = s->t_ida;
  int stiff = 0;
  for (uint64_t h = s->stiff_recent; h; h &= h - 1)
    stiff++;
  return s->steps_recent >= s->patience && 4 * stiff >= 64;
}

/* Emit every output instant up to t_limit, interpolated within the integrator's last step. */
static cs_status emit_until(cs_sim *s, double t_limit, cs_error *err)
{
  for (;;) {
    double t_out = output_time(s, s->next_output);
    if (t_out > t_limit + 1e-14 * fabs(t_limit))
      return CS_OK;
    if (s->next_output > 1 && !(t_out > output_time(s, s->next_output - 1)))
      return cs_fail(err, CS_ERR_INPUT, "%s: the output interval %g s is below the resolution "
                     "of the time %g s: the output instants no longer advance",
                     s->model->origin ? s->model->origin : "model", s->model->output.interval,
                     t_out);
    if (t_out > s->t_ida)
      t_out = s->t_ida; /* within round-off of the step's end */
    if (report_at(s, t_out, s->view, s->viewq))
      return cs_fail(err, CS_ERR_SOLVER, "interpolation at t = %.9g s failed", t_out);
    s->t = t_out;
    cs_status st = refresh(s, err);
    if (st)
      return st;
    s->next_output++;
    s->steps_since_output = 0;
    if (emit(s))
      return cs_fail(err, CS_ERR_INTERRUPTED, "stopped by the output callback at t = %g", s->t);
  }
}

static const char *flag_text(int flag, char *buf, size_t size)
{
  char *name = IDAGetReturnFlagName(flag); /* malloc'd by SUNDIALS */
  snprintf(buf, size, "%s", name ? name : "?");
  free(name);
  return buf;
}

/* IDAS' counters since its last (re)start, added to c[0 … 4]: steps, residuals, Jacobians,
 * error-test and convergence failures (nothing when they are banked already or it never ran). */
static void add_ida_counters(const cs_sim *s, long c[5])
{
  long now[5] = {0};
  if (!s->ida || !s->ida_live)
    return;
  IDAGetNumSteps(s->ida, &now[0]);
  IDAGetNumResEvals(s->ida, &now[1]);
  IDAGetNumJacEvals(s->ida, &now[2]);
  IDAGetNumErrTestFails(s->ida, &now[3]);
  IDAGetNumNonlinSolvConvFails(s->ida, &now[4]);
  for (int i = 0; i < 5; i++)
    c[i] += now[i];
}

/* IDAS zeroes its counters on a restart: bank them first. */
static void bank_counters(cs_sim *s)
{
  add_ida_counters(s, s->base);
  s->ida_live = 0;
}

/* Under "auto": run cs_rk (explicit) or IDAS on ggl from the next restart on. */
static void run_explicit(cs_sim *s, int explicit_on)
{
  if (explicit_on == s->explicit_on)
    return;
  if (explicit_on)
    bank_counters(s);
  else
    s->handovers++;
  s->explicit_on = explicit_on;
}

/* Restart the integrator at t_ida from y (q, v) with the contact states as they now are. Under
 * "auto", a contact event (`event`: the contact regime changed) restarts cs_rk; any other
 * restart keeps the integrator run_explicit chose. */
static cs_status restart(cs_sim *s, double t_target, int event, cs_error *err)
{
  /* drift far below every tolerance needs no projection (cs_project.h) */
  if (cs_project(s->proj, s->t_ida, Q_OF(s, s->y), V_OF(s, s->y), 0,
                 PROJECT_BELOW * s->model->solver.atol,
                 PROJECT_BELOW * s->model->solver.atol * s->scales.frequency))
    return cs_fail(err, CS_ERR_SOLVER, "%s: at t = %.9g s the state left the constraints and "
                   "could not be brought back onto them", s->model->origin ? s->model->origin
                   : "model", s->t_ida);
  cs_clearances_settle(s->clear, s->t_ida, Q_OF(s, s->y), V_OF(s, s->y));
  if (s->nz)
    cs_clearances_reset_states(s->clear, Z_OF(s, s->y));
  s->base[5]++;
  double hint = 0.0;
  if (s->rk)
    hint = cs_regime_switch(s->regime, cs_rk_next_step(s->rk), cs_rk_largest_step(s->rk));
  if (s->hybrid && event) {
    run_explicit(s, 1);
    s->trial = 0, s->patience = HANDOVER_AFTER;
  }
  if (s->explicit_on) { /* cs_rk_init evaluates the accelerations itself */
    cs_rk_set_initial_step(s->rk, hint);
    if (cs_rk_init(s->rk, s->t_ida, N_VGetArrayPointer(s->y), N_VGetArrayPointer(s->yq)))
      return cs_fail(err, CS_ERR_SOLVER, "%s: the accelerations cannot be solved for at t = "
                     "%.9g s", s->model->origin ? s->model->origin : "model", s->t_ida);
    s->stiff_recent = 0, s->steps_recent = 0;
    return CS_OK;
  }
  cs_status st = make_consistent(s, s->t_ida, err);
  if (st)
    return st;
  bank_counters(s);
  if (IDAReInit(s->ida, s->t_ida, s->y, s->yp) || IDAQuadReInit(s->ida, s->yq) ||
      IDASetStopTime(s->ida, t_target))
    return cs_fail(err, CS_ERR_SOLVER, "restarting the integrator at t = %.9g s failed: %s",
                   s->t_ida, s->ida_message);
  s->ida_live = 1;
  return CS_OK;
}

/* A step jumped the onset of joint k: δ > 0 at t_peak, out of contact. Find where δ
 * rose through 0 on the step's interpolant (free flight until then is right), emit the
 * outputs before it, and restart there with the contact open. */
static cs_status recover_onset(cs_sim *s, int k, double t_peak, double t_target, cs_error *err)
{
  double start = last_step_start(s);
  double lo = fmax(start, s->t < t_peak ? s->t : start), hi = t_peak;
  for (int i = 0; i < 200 && hi - lo > 1e-15 * fmax(1.0, fabs(hi)); i++) {
    double mid = 0.5 * (lo + hi);
    state_at(s, mid, s->y, s->yq);
    if (cs_clearances_gap(s->clear, k, Q_OF(s, s->y)) > 0.0)
      hi = mid;
    else
      lo = mid;
  }
  cs_status st = emit_until(s, hi, err);
  if (st)
    return st;
  state_at(s, hi, s->y, s->yq);
  s->t_ida = hi;
  cs_clearances_open(s->clear, k, hi, Q_OF(s, s->y), V_OF(s, s->y));
  return restart(s, t_target, 1, err);
}

/* Why the integrator stopped, in the mechanism's terms (cs_diagnose.h), at its last state;
 * `errors`: its local error estimates say something (a failed step, not refused input). */
static void explain_failure(cs_sim *s, int errors, char *why, size_t size)
{
  N_Vector ele = N_VClone(s->y), w = N_VClone(s->y), y = N_VClone(s->y);
  int *contact = calloc((size_t)s->model->nclearance + 1, sizeof *contact);
  const double *weighted = NULL;
  realtype t = s->t_ida;
  int nweighted = s->N;
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  if (s->explicit_on) {
    weighted = cs_rk_weighted_error(s->rk);
    nweighted = 2 * s->n;
  } else {
    if (errors && ele && w && y && contact && !IDAGetEstLocalErrors(s->ida, ele) &&
        !IDAGetErrWeights(s->ida, w)) {
      N_VProd(ele, w, ele);
      double *e = N_VGetArrayPointer(ele);
      for (int i = 0; i < s->N; i++)
        e[i] *= s->tested[i]; /* what the error test did not weigh did not fail it */
      weighted = e;
    }
    if (y && !IDAGetCurrentTime(s->ida, &t) && !IDAGetDky(s->ida, t, 0, y))
      q = Q_OF(s, y), v = V_OF(s, y);
  }
  for (int k = 0; contact && k < s->model->nclearance; k++) {
    cs_clearance_state st;
    cs_clearances_output(s->clear, k, q, v, &st);
    contact[k] = st.in_contact;
  }
  cs_diagnose_start start = {s->rank0, s->q_start, s->t0, s->scales.length};
  cs_diagnose(s->model, q, t, &start, weighted, nweighted, contact, why, size);
  N_VDestroy(ele);
  N_VDestroy(w);
  N_VDestroy(y);
  free(contact);
}

/* One explicit Runge-Kutta step; *root says whether it ended at a root. */
static cs_status rk_step(cs_sim *s, double t_target, int *root, cs_error *err)
{
  /* An explicit step in free flight is exact on straight motion and grows without bound; the
   * roots are looked at its ends only, where a grazed wall may not be the nearest one. No pin
   * may cross its clearance within a step (IDAS's steps grow at most twofold: it sees them). */
  double max_step = s->model->solver.max_step > 0 ? s->model->solver.max_step : INFINITY;
  cs_rk_set_max_step(s->rk, fmin(max_step, cs_clearances_crossing_time(s->clear, Q_OF(s, s->y),
                                                                       V_OF(s, s->y))));
  int flag = cs_rk_step(s->rk, t_target);
  s->t_ida = cs_rk_time(s->rk);
  memcpy(Q_OF(s, s->y), cs_rk_y(s->rk), 2 * (size_t)s->n * sizeof(double));
  memcpy(N_VGetArrayPointer(s->yq), cs_rk_yq(s->rk), NQUAD * sizeof(double));
  if (flag < 0) {
    char why[768];
    explain_failure(s, 1, why, sizeof why);
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

/* One IDAS step; *root says whether it ended at a root. */
static cs_status ida_step(cs_sim *s, double t_target, int *root, cs_error *err)
{
  realtype t_reached = s->t_ida;
  s->ida_message[0] = '\0';
  int flag = IDASolve(s->ida, t_target, &t_reached, s->y, s->yp, IDA_ONE_STEP);
  /* IDAS refuses to go on from a root it returned when a root function is exactly 0 there and
   * again a round-off later ("root found at and very near t": the state did not change over
   * its probe; the lubricated slider-crank under index 3 at rtol 1e-9, its guard root δ' = 0 at
   * t = 5.6e-3 s). It has not moved: a restart there sets such a root aside until it moves. */
  if (flag == IDA_ILL_INPUT && strstr(s->ida_message, "very near") &&
      s->t_near_root != s->t_ida) {
    s->t_near_root = s->t_ida;
    *root = 0;
    return restart(s, t_target, 0, err);
  }
  if (flag < 0) /* an input error leaves t_reached and y unset: where IDAS stands */
    IDAGetCurrentTime(s->ida, &t_reached);
  s->t_ida = t_reached;
  if (flag < 0) {
    char name[64], why[768];
    /* the local errors describe a failed step; after refused input they are stale */
    explain_failure(s, flag == IDA_ERR_FAIL || flag == IDA_CONV_FAIL || flag == IDA_TOO_MUCH_ACC,
                    why, sizeof why);
    /* IDAS carries λ through a singular position, where it has a pole; the projected
     * formulation does not (engine/README.md, "Redundant constraints and singular positions") */
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

/* What is sought at its peak within a step: pin k's value at t, on the interpolant of its
 * bodies only. */
typedef double (*pin_value)(cs_sim *s, int k, const int *idx, int nidx, double t);

static double pin_force_at(cs_sim *s, int k, const int *idx, int nidx, double t)
{
  cs_rk_interpolate_some(s->rk, t, idx, nidx, s->sample);
  return cs_clearances_normal_force(s->clear, k, s->sample, s->sample + s->n);
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

/* The largest sample at the step's end e (0 or SAMPLES) hides a peak between it and its
 * neighbour when the parabola through the three end samples peaks there: bracket it. */
static int end_bracket(cs_sim *s, int k, const int *idx, int nidx, double x[3], double F[3],
                       int e)
{
  const int end = e == 0 ? 0 : 2, inner = 1; /* x[end] holds the largest */
  double xv = vertex(x, F), lo = fmin(x[end], x[inner]), hi = fmax(x[end], x[inner]);
  if (!(xv > lo && xv < hi))
    return 0;
  double fv = pin_force_at(s, k, idx, nidx, xv);
  if (!(fv > F[end]))
    return 0;
  x[2 - end] = x[inner], F[2 - end] = F[inner];
  x[1] = xv, F[1] = fv; /* x[end] stays: (inner, vertex, end) in order */
  return 1;
}

/* Contact peaks inside an explicit step. Its steps span a tenth of a contact, and the largest
 * force at step ends missed the peak by up to 5e-3 (clearance slider-crank, rtol 1e-9): the
 * step's interpolant is sampled, and the largest interior sample refined by successive
 * parabolas on its pin's own entries; each candidate is committed like a step end. Eight
 * samples and one parabola cost 11 % of the instructions at 300 r/min; four samples and
 * PEAK_REFINE parabolas find the same peaks (bench-peer's peak errors) for about half. */
static void sample_peaks(cs_sim *s)
{
  enum { SAMPLES = CS_PEAK_SAMPLES };
  const double t1 = s->t_ida, t0 = last_step_start(s), *y = s->sample;
  int count = 0, *pin = s->peak_pin;
  for (int k = 0; k < cs_clearances_count(s->clear); k++)
    if (cs_clearances_in_contact(s->clear, k)) /* the same throughout the step */
      pin[count++] = k;
  /* each sample interpolates the state once for every pin: O(N) per sample */
  for (int i = 0; count > 0 && i <= SAMPLES; i++) {
    cs_rk_interpolate(s->rk, t0 + (t1 - t0) * i / SAMPLES, s->sample);
    for (int c = 0; c < count; c++)
      s->peak_force[(SAMPLES + 1) * c + i] =
          cs_clearances_normal_force(s->clear, pin[c], y, y + s->n);
  }
  for (int c = 0; c < count; c++) {
    const double *F = s->peak_force + (SAMPLES + 1) * c;
    int best = 0;
    for (int i = 1; i <= SAMPLES; i++)
      best = F[i] > F[best] ? i : best;
    /* the refined candidate: only this pin's bodies' entries, O(1) per pin */
    int idx[12], nidx = pin_support(s, pin[c], idx);
    int first = best == 0 ? 0 : best == SAMPLES ? SAMPLES - 2 : best - 1;
    double x[3], Fx[3];
    for (int e = 0; e < 3; e++)
      x[e] = t0 + (t1 - t0) * (first + e) / SAMPLES, Fx[e] = F[first + e];
    if ((best == 0 || best == SAMPLES) && !end_bracket(s, pin[c], idx, nidx, x, Fx, best))
      continue; /* the step's end is the largest: committed as a step end */
    double t_peak = refine_peak(s, pin[c], idx, nidx, x, Fx, pin_force_at);
    cs_rk_interpolate_some(s->rk, t_peak, idx, nidx, s->sample);
    cs_clearances_commit_one(s->clear, pin[c], y, y + s->n);
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
 * the earliest of all pins'; −1 when none. */
static int grazed_pin(cs_sim *s, double *t_in)
{
  enum { SAMPLES = GRAZE_SAMPLES };
  const double t1 = s->t_ida, t0 = last_step_start(s);
  int found = -1;
  *t_in = INFINITY;
  for (int k = 0; k < cs_clearances_count(s->clear); k++) {
    if (cs_clearances_in_contact(s->clear, k))
      continue;
    int idx[12], nidx = pin_support(s, k, idx);
    double F[SAMPLES + 1], yq[NQUAD];
    for (int i = 0; i <= SAMPLES; i++)
      F[i] = pin_gap_at(s, k, idx, nidx, t0 + (t1 - t0) * i / SAMPLES);
    double t = inside_wall(s, k, idx, nidx, F, SAMPLES, t0, t1);
    /* the interpolant is of lower order than the step: the exact state decides */
    if (t < *t_in && !cs_rk_state_at(s->rk, t, s->sample, yq) &&
        cs_clearances_gap(s->clear, k, s->sample) > 0.0)
      found = k, *t_in = t;
  }
  return found;
}

/* Under "auto": the contact now open goes to IDAS, on trial. */
static cs_status hand_over(cs_sim *s, double t_target, cs_error *err)
{
  s->h_explicit = (s->t_ida - s->t_recent[s->steps_recent % 64]) / 64.0;
  run_explicit(s, 0);
  s->trial = 1, s->t_handover = s->t_ida, s->ida_steps = 0;
  return restart(s, t_target, 0, err);
}

/* Under "auto", after each IDAS step on trial: has it covered cs_rk's TRIAL_SPAN steps in
 * TRIAL_SPAN / HANDOVER_GAIN of its own (it stays), or not (the contact goes back to cs_rk)? */
static cs_status judge_trial(cs_sim *s, double t_target, cs_error *err)
{
  if (s->t_ida - s->t_handover >= TRIAL_SPAN * s->h_explicit) {
    s->trial = 0;
    return CS_OK;
  }
  if (++s->ida_steps < TRIAL_SPAN / HANDOVER_GAIN)
    return CS_OK;
  s->trial = 0, s->patience *= 4;
  run_explicit(s, 1);
  return restart(s, t_target, 0, err);
}

/* One integrator step (or the rest of one after a root), and what follows from it. */
static cs_status step(cs_sim *s, double t_target, cs_error *err)
{
  int root = 0;
  cs_status st = s->explicit_on ? rk_step(s, t_target, &root, err)
                                : ida_step(s, t_target, &root, err);
  if (st)
    return st;
  const double *q = Q_OF(s, s->y), *v = V_OF(s, s->y);
  if (s->explicit_on) {
    double t_in;
    int grazed = grazed_pin(s, &t_in);
    if (grazed >= 0)
      return recover_onset(s, grazed, t_in, t_target, err);
    sample_peaks(s);
  }
  cs_clearances_commit(s->clear, q, v);
  int missed = -1;
  int changed = cs_clearances_events(s->clear, q, root ? s->roots_found : NULL, &missed);
  if (missed >= 0)
    return recover_onset(s, missed, s->t_ida, t_target, err);
  double worn = 0.0; /* strain energy a deeper worn gap let go: dissipated by the wear */
  if (!root) { /* a worn gap that took its profile restarts like a contact event */
    st = emit_until(s, s->t_ida, err);
    if (!st && cs_clearances_wear(s->clear, s->t_ida, q, v, &worn)) {
      N_VGetArrayPointer(s->yq)[QUAD_DISSIPATED] += worn;
      st = restart(s, t_target, 0, err);
    } else if (!st && s->hybrid && s->explicit_on && held_by_stability(s)) {
      st = hand_over(s, t_target, err);
    } else if (!st && s->trial) {
      st = judge_trial(s, t_target, err);
    }
    return st;
  }

  st = emit_until(s, s->t_ida, err);
  if (!st && cs_clearances_wear(s->clear, s->t_ida, q, v, &worn))
    N_VGetArrayPointer(s->yq)[QUAD_DISSIPATED] += worn, changed++;
  if (!st && changed)
    st = restart(s, t_target, 1, err);
  return st;
}

cs_status cs_sim_advance(cs_sim *s, double t_target, cs_error *err)
{
  cs_error_clear(err);
  if (!s || !(t_target >= s->t_ida))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_sim_advance: target time %g is before the "
                   "current time %g", t_target, s ? s->t_ida : 0.0);
  /* the integration's own time: what the sink spends writing rows is the sink's (the first
   * row of a 1,000-joint chain's HDF5 file took 90 % of a short run) */
  double start = cs_wall_clock() - s->output_wall;
  cs_status st = CS_OK;
  if (!s->started && (s->started = 1) && emit(s))
    st = cs_fail(err, CS_ERR_INTERRUPTED, "stopped by the output callback at t = %g", s->t);
  if (!st && s->ida && t_target > s->t_ida && IDASetStopTime(s->ida, t_target))
    st = cs_fail(err, CS_ERR_SOLVER, "IDASetStopTime(%g) failed", t_target);
  while (!st && s->t_ida < t_target) {
    if (++s->steps_since_output > s->model->solver.max_steps) {
      st = cs_fail(err, CS_ERR_SOLVER, "%s: the integrator failed at t = %.9g s: more than %ld "
                   "steps since the last output (solver.max_steps)",
                   s->model->origin ? s->model->origin : "model", s->t_ida,
                   s->model->solver.max_steps);
      break;
    }
    st = step(s, t_target, err);
    if (!st && s->interrupt && s->interrupt(s->interrupt_user))
      st = cs_fail(err, CS_ERR_INTERRUPTED, "interrupted at t = %.6g s", s->t_ida);
  }
  cs_error keep;
  cs_status vs = view_current(s, &keep); /* report where integration stands */
  if (!vs)
    track_energy(s);
  if (!st && vs)
    st = vs, *err = keep;
  s->wall += cs_wall_clock() - s->output_wall - start;
  return st;
}

/* ---------------------------------------------------------------- accessors -------------- */

const cs_model *cs_sim_model(const cs_sim *s) { return s->model; }
cs_formulation cs_sim_formulation(const cs_sim *s) { return s->hybrid ? CS_AUTO : s->form; }

const cs_scales *cs_sim_scales(const cs_sim *s) { return &s->scales; }
double cs_sim_time(const cs_sim *s) { return s->t; }

static void body_vector(const cs_sim *s, int b, const double *src, const double *ground,
                        double out[3])
{
  const cs_body *body = &s->model->bodies[b];
  if (body->ground)
    memcpy(out, ground, 3 * sizeof *out);
  else
    memcpy(out, src + body->coord, 3 * sizeof *out);
}

static const double zeros[3] = {0, 0, 0};

void cs_sim_body_position(const cs_sim *s, int b, double q[3])
{
  body_vector(s, b, Q_OF(s, s->view), s->model->bodies[b].q0, q);
}

void cs_sim_body_velocity(const cs_sim *s, int b, double v[3])
{
  body_vector(s, b, V_OF(s, s->view), zeros, v);
}

void cs_sim_body_acceleration(const cs_sim *s, int b, double a[3])
{
  body_vector(s, b, s->a, zeros, a);
}

double cs_sim_lambda(const cs_sim *s, int row) { return s->lambda[row]; }
const char *cs_sim_constraint_name(const cs_sim *s, int row) { return s->row_names[row]; }

double cs_sim_driver_reaction(const cs_sim *s, int joint)
{
  const cs_joint *j = &s->model->joints[joint];
  return cs_joint_is_driver(j) ? -s->lambda[j->row0] : 0.0;
}

static double drift(const cs_sim *s, int velocity)
{
  cs_sim *w = (cs_sim *)s; /* scratch arrays only */
  const double *q = Q_OF(s, s->view), *v = V_OF(s, s->view);
  cs_constraints(s->model, q, s->t, w->phi, &w->jac, w->work, NULL);
  if (velocity) {
    cs_jac_mul(&w->jac, v, w->phi);
    for (int r = 0; r < s->m; r++)
      w->phi[r] += w->work[r];
  }
  double worst = 0.0;
  for (int r = 0; r < s->m; r++)
    worst = fmax(worst, fabs(w->phi[r]));
  return worst;
}

double cs_sim_position_drift(const cs_sim *s) { return drift(s, 0); }
double cs_sim_velocity_drift(const cs_sim *s) { return drift(s, 1); }

int cs_sim_constraint_rank(const cs_sim *s)
{
  return cs_consistent_rank(s->cons, Q_OF(s, s->view), s->t);
}

void cs_sim_energy(const cs_sim *s, cs_energy *e)
{
  const double *quad = N_VGetArrayPointer(s->viewq);
  memset(e, 0, sizeof *e);
  e->kinetic = cs_kinetic_energy(s->model, V_OF(s, s->view));
  e->potential = cs_potential_energy(s->model, Q_OF(s, s->view));
  e->strain = cs_clearances_strain(s->clear, Q_OF(s, s->view));
  e->dissipated = quad[QUAD_DISSIPATED];
  e->driver_work = quad[QUAD_DRIVER];
  e->applied_work = quad[QUAD_APPLIED];
  e->balance_error = e->kinetic + e->potential + e->strain + e->dissipated - e->driver_work -
                     e->applied_work - s->energy0;
}

void cs_sim_stats(const cs_sim *s, cs_stats *st)
{
  memset(st, 0, sizeof *st);
  long c[5] = {s->base[0], s->base[1], s->base[2], s->base[3], s->base[4]};
  realtype h = 0.0;
  add_ida_counters(s, c);
  st->steps = c[0], st->residual_evals = c[1], st->jacobian_evals = c[2];
  st->error_test_failures = c[3], st->convergence_failures = c[4];
  if (s->hybrid)
    st->implicit_steps = c[0], st->handovers = s->handovers;
  if (s->rk) {
    cs_rk_counters r;
    cs_rk_counters_get(s->rk, &r);
    st->steps += r.steps;
    st->residual_evals += r.rhs_evals;
    st->error_test_failures += r.error_test_failures;
    st->convergence_failures += r.rejected_states;
    h = r.last_step;
  }
  if (!s->explicit_on)
    IDAGetLastStep(s->ida, &h);
  st->last_step = h;
  st->root_events = s->base[5];
  st->outputs = s->next_output - 1;
  st->wall_time = s->wall;
}

void cs_sim_clearance(const cs_sim *s, int k, cs_clearance_state *state)
{
  bind_states(s, s->view);
  cs_clearances_output(s->clear, k, Q_OF(s, s->view), V_OF(s, s->view), state);
}

void cs_sim_clearance_corner(const cs_sim *s, int k, int corner, cs_clearance_state *state)
{
  bind_states(s, s->view);
  cs_clearances_pin_output(s->clear, k, corner, Q_OF(s, s->view), V_OF(s, s->view), state);
}

int cs_sim_clearance_wear(const cs_sim *s, int k, double *depth, int max)
{
  return cs_clearances_wear_profile(s->clear, k, depth, max);
}

int cs_sim_event_count(const cs_sim *s) { return cs_clearances_event_count(s->clear); }

void cs_sim_event(const cs_sim *s, int i, cs_contact_event *event)
{
  *event = *cs_clearances_event(s->clear, i);
}

long cs_sim_clip_count(const cs_sim *s) { return cs_clearances_clip_count(s->clear); }

const char *cs_sim_warnings(const cs_sim *s) { return s->warnings; }

const char *cs_version(void) { return CS_VERSION; }
