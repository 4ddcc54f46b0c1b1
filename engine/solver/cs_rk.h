/*
 * cs_rk.h — an explicit embedded Runge-Kutta integrator for y' = f(t, y) with quadratures,
 * root finding and a projection after each step (internal).
 *
 * Why our own driver rather than SUNDIALS' ARKODE: the mechanism's ODE lives on
 * the constraint manifold, so every accepted step is projected back onto it, and a located
 * root or an output instant is reached by an exact step from the step's start rather than by
 * interpolation (the restart state after a contact event carries the method's full order).
 * ARKODE's ERKStep offers neither. The method is DOP853 (cs_dop853.h): 8th order, 12 stages,
 * its error estimate combined from the 5th- and 3rd-order ones as Hairer's code does.
 *
 * Roots are located on a Hermite interpolant of the step (quintic in the first half of y,
 * the positions, whose second derivative is the derivative of the second half; cubic in the
 * rest), then the state at the root is computed by an exact step to it.
 */
#ifndef CS_RK_H
#define CS_RK_H

typedef struct cs_rk cs_rk;

/* f: ydot (n) and the quadratures' integrands yqdot (nq) at (t, y). Returns 0, > 0 when the
 * state is not admissible (the step is retried smaller), < 0 to fail. */
typedef int (*cs_rk_rhs)(double t, const double *y, double *ydot, double *yqdot, void *user);
/* g (nroot) at (t, y) when which < 0; else g[which] alone, reading only the components of y
 * that root's support names (cs_rk_set_root_support). */
typedef void (*cs_rk_roots)(double t, const double *y, int which, double *g, void *user);
/* Bring y back onto its manifold after a step; returns 0, or < 0 when it cannot. */
typedef int (*cs_rk_project)(double t, double *y, void *user);

enum { CS_RK_STEP = 0, CS_RK_ROOT = 1 };

/* n must be even when the first half of y is the second half's integral (positions and
 * velocities); `second_order` says so and selects the quintic interpolant. NULL when out of
 * memory. */
cs_rk *cs_rk_create(int n, int nq, int second_order, int nroot, cs_rk_rhs rhs,
                    cs_rk_roots roots, cs_rk_project project, void *user);
void cs_rk_free(cs_rk *rk);
/* Error weights 1 / min(rtol |y_i| + atol_i, cap_i) (arrays of n, kept by pointer). */
void cs_rk_set_tolerances(cs_rk *rk, double rtol, const double *atol, const double *cap);
void cs_rk_set_max_step(cs_rk *rk, double hmax);
/* The first step after the next cs_rk_init, as given (0: estimated there from the state's
 * derivatives, at most the step before a restart). */
void cs_rk_set_initial_step(cs_rk *rk, double h0);
/* The step the controller proposes next, and the largest it proposed since the last init. */
double cs_rk_next_step(const cs_rk *rk);
double cs_rk_largest_step(const cs_rk *rk);
/* Root i reads only y[idx[start[i]] … idx[start[i+1] − 1]] (CSR, kept by pointer): locating it
 * interpolates and evaluates that much, O(1) instead of O(n) per iteration. Unset: all of y. */
void cs_rk_set_root_support(cs_rk *rk, const int *start, const int *idx);
/* Start (or restart) at (t, y, yq): f and g are evaluated there. Returns the rhs' status. */
int cs_rk_init(cs_rk *rk, double t, const double *y, const double *yq);
/* One accepted step towards t_stop, never beyond it; stops at the first root within it.
 * Returns CS_RK_STEP or CS_RK_ROOT, or < 0 (see cs_rk_failure). */
int cs_rk_step(cs_rk *rk, double t_stop);
/* y at t within the last step on its Hermite interpolant (cheap, of lower order than the
 * method: for locating and sampling, not for continuing from). */
void cs_rk_interpolate(const cs_rk *rk, double t, double *y);
/* Only y[idx[i]], i < count: the few components one joint needs, in O(count). */
void cs_rk_interpolate_some(const cs_rk *rk, double t, const int *idx, int count, double *y);
/* The same on DOP853's 7th-order dense output (three more evaluations, once per step):
 * where a value is reported, not only searched for. Returns the rhs' status. */
int cs_rk_dense_some(cs_rk *rk, double t, const int *idx, int count, double *y);
/* The state (y, yq) at t within the last step [t_prev, t], by an exact step from t_prev. */
int cs_rk_state_at(cs_rk *rk, double t, double *y, double *yq);
/* Whether the last step's interpolants hold to its tolerance: not on a step that stability
 * held far enough (its h ρ(J) past half the stability boundary: cs_rk.c). */
int cs_rk_dense_trusted(const cs_rk *rk);
/* The same for reporting, without an exact step where the interpolant is trusted: on it
 * (cs_rk.c), projected. */
int cs_rk_dense_at(cs_rk *rk, double t, double *y, double *yq);
double cs_rk_time(const cs_rk *rk);
/* Where the last step began (cs_rk_time after a restart, until the next step). */
double cs_rk_step_start(const cs_rk *rk);
const double *cs_rk_y(const cs_rk *rk);
const double *cs_rk_y_start(const cs_rk *rk); /* y at cs_rk_step_start */
const double *cs_rk_f(const cs_rk *rk);       /* y' at cs_rk_time */
const double *cs_rk_f_start(const cs_rk *rk); /* y' at cs_rk_step_start */
const double *cs_rk_yq(const cs_rk *rk);
/* Direction of each root at the last CS_RK_ROOT: +1 rising, −1 falling, 0 not a root. */
const int *cs_rk_root_info(const cs_rk *rk);
/* Why the last step failed, in words (the step size and the cause). */
const char *cs_rk_failure(const cs_rk *rk);
/* The step's weighted local error estimate per unknown, at the last attempt (n). */
const double *cs_rk_weighted_error(const cs_rk *rk);

/* stiff_steps: accepted steps whose size stability held (h ρ(J) at 0.75 of the method's
 * stability boundary, from its stage at c = 1 and f at the step's end). */
typedef struct cs_rk_counters {
  long steps, rhs_evals, error_test_failures, rejected_states, stiff_steps;
  double last_step;
} cs_rk_counters;
void cs_rk_counters_get(const cs_rk *rk, cs_rk_counters *c);

#endif
