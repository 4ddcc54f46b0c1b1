/*
 * cs_sim_impl.h — the simulation's private state (struct cs_sim), shared by the files that
 * integrate it: cs_sim.c (life cycle, set-up, output instants, energy books, the step loop),
 * cs_sim_state.c (what every formulation shares: consistent states, restarts, failures),
 * cs_sim_dae.c (index3 and ggl on IDAS), cs_sim_projected.c (the explicit projected ODE on
 * cs_rk), cs_sim_auto.c (the handover between them), cs_sim_access.c (the accessors).
 */
#ifndef CS_SIM_IMPL_H
#define CS_SIM_IMPL_H

#include "clearsim.h"
#include "cs_assembly.h"
#include "cs_clearances.h"
#include "cs_consistent.h"
#include "cs_status.h"
#include "cs_evidence.h"
#include "cs_ida_pattern.h"
#include "cs_project.h"
#include "cs_regime.h"
#include "cs_rk.h"
#include "cs_scales.h"
#include "cs_schur.h"

#include <nvector/nvector_serial.h>
#include <stddef.h>
#include <stdint.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

enum { QUAD_DISSIPATED, QUAD_DRIVER, QUAD_APPLIED, NQUAD };

/* A restart projects the state only when its drift exceeds this share of atol (atol·Ω for
 * velocities): below, the drift is harmless and the projection's own round-off is not. */
static const double PROJECT_BELOW = 1e-3;

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
  double *pin_samples;  /* per pin, its δ at a step's samples (grazes) */
  struct cs_end_force *end_force; /* per pin, its force and rates at the last step's end */
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
  int sparse;             /* J is CSC over `pattern`, LS is KLU (cs_sim_dae_setup) */
  cs_ida_pattern pattern;

  double t0, t, t_ida;
  long next_output; /* index k of the next output instant t0 + k·interval */
  double *M, *Q, *phi, *work;
  cs_frame *frame; /* the bodies' frames at the state evaluated (cs_frames) */
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
  double ida_hmax;    /* the step bound IDAS has (0: none; cs_sim_dae_step) */
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
static inline void bind_states(const cs_sim *s, N_Vector y)
{
  cs_clearances_bind_state(s->clear, s->nz ? Z_OF(s, y) : NULL);
}

/* Q of everything: gravity, force elements, clearance joints. */
static inline void total_forces(cs_sim *s, const double *q, const double *v, double t, double *Q)
{
  cs_forces(s->model, q, v, t, Q, NULL, NULL, 0.0);
  cs_clearances_forces(s->clear, q, v, Q, NULL, NULL, 0.0);
}

/* Power of the drivers on the mechanism: −Σ λ_r (Φq v)_r over driver rows, Φq in J. */
static inline double driver_power(const cs_sim *s, const cs_jac *J, const double *v,
                                   const double *lam)
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

/* ---------------------------------------------------------------- shared between the files -- */

/* cs_sim_state.c: what every formulation shares */
cs_status cs_sim_make_consistent(cs_sim *s, double t, cs_error *err);
int cs_sim_state_at(cs_sim *s, double t, N_Vector y, N_Vector yq);
double cs_sim_last_step_start(const cs_sim *s);
void cs_sim_add_ida_counters(const cs_sim *s, long c[5]);
void cs_sim_run_explicit(cs_sim *s, int explicit_on);
cs_status cs_sim_restart(cs_sim *s, double t_target, int event, cs_error *err);
void cs_sim_explain_failure(cs_sim *s, int errors, char *why, size_t size);

/* cs_sim_dae.c: index3 and ggl on IDAS */
cs_status cs_sim_dae_setup(cs_sim *s, N_Vector id, cs_error *err);
cs_status cs_sim_dae_step(cs_sim *s, double t_target, int *root, cs_error *err);

/* cs_sim_projected.c: the explicit projected formulation on cs_rk */
const char *cs_sim_projected_refusal(const cs_sim *s);
cs_status cs_sim_projected_setup(cs_sim *s, cs_error *err);
cs_status cs_sim_projected_step(cs_sim *s, double t_target, int *root, cs_error *err);
void cs_sim_projected_sample_peaks(cs_sim *s);
int cs_sim_projected_grazed_pin(cs_sim *s, double *t_in);

/* cs_sim_auto.c: "auto", cs_rk handing stiff contacts to IDAS */
int cs_sim_auto_held_by_stability(cs_sim *s);
cs_status cs_sim_auto_hand_over(cs_sim *s, double t_target, cs_error *err);
cs_status cs_sim_auto_judge_trial(cs_sim *s, double t_target, cs_error *err);

#endif
