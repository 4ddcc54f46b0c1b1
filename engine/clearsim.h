/*
 * clearsim.h — the public API of libclearsim.
 *
 * A planar multibody engine for mechanisms with clearance joints. A mechanism is a JSON file;
 * the engine assembles it into a DAE, integrates it with SUNDIALS IDA and reports the motion
 * through an output callback and, optionally, an HDF5 file.
 *
 *   cs_model *model; cs_sim *sim; cs_error err;
 *   if (cs_model_load_file("models/pendulum.json", NULL, &model, &err)) { puts(err.message); }
 *   if (cs_sim_create(model, &sim, &err)) { ... }
 *   cs_sim_advance(sim, 1.0, &err);
 *   cs_sim_free(sim); cs_model_free(model);
 *
 * Nothing here exposes cJSON, HDF5 or SUNDIALS types. The library keeps no global mutable
 * state, never prints and never exits: every function that can fail returns a cs_status and
 * fills the cs_error it is given (which may be NULL).
 */
#ifndef CLEARSIM_H
#define CLEARSIM_H

#include <stddef.h>

#include "cs_contact.h" /* contact-law descriptors, cs_error, cs_status, cs_registry */

#ifdef __cplusplus
extern "C" {
#endif

const char *cs_version(void);

/* ---------------------------------------------------------------- model ------------------ */

typedef struct cs_model cs_model;

typedef enum cs_formulation {
  CS_INDEX3 = 0, /* q' = v, M v' + Φqᵀλ = Q, Φ = 0 */
  CS_GGL = 1     /* stabilized index 2: adds Φq v + Φt = 0 and q' = v − Φqᵀμ */
} cs_formulation;

/* Load and validate a model. `registry` names the contact laws the model may use; NULL means
 * the built-in catalogue. Errors name the file, the JSON path and what was expected. */
cs_status cs_model_load_file(const char *path, const cs_registry *registry, cs_model **model,
                             cs_error *err);
/* `origin` is the name used in error messages (a file name, or "<string>"). */
cs_status cs_model_load_string(const char *json, const char *origin, const cs_registry *registry,
                               cs_model **model, cs_error *err);
void cs_model_free(cs_model *model);

const char *cs_model_name(const cs_model *model);
int cs_model_body_count(const cs_model *model);        /* including ground bodies */
const char *cs_model_body_name(const cs_model *model, int body);
int cs_model_body_index(const cs_model *model, const char *name); /* -1 if absent */
int cs_model_joint_count(const cs_model *model);       /* ideal joints and drivers */
const char *cs_model_joint_name(const cs_model *model, int joint);
const char *cs_model_joint_kind(const cs_model *model, int joint);
int cs_model_constraint_count(const cs_model *model);  /* constraint rows */
int cs_model_coordinate_count(const cs_model *model);  /* 3 × moving bodies */
double cs_model_t_end(const cs_model *model);
double cs_model_output_interval(const cs_model *model);
const char *cs_model_output_path(const cs_model *model); /* "" when the model names none */
/* Override the model's formulation (for comparisons; the model file's choice otherwise). */
void cs_model_set_formulation(cs_model *model, cs_formulation formulation);
const char *cs_model_json(const cs_model *model);        /* the input JSON, verbatim */
/* The points a drawing of `body` passes through, in its frame (m): its centre of mass (0, 0),
 * then the points of the ideal joints and forces attached to it, in file order (repeats kept).
 * Writes at most `max` of them to xy and returns how many there are (call with max 0 to count). */
int cs_model_body_points(const cs_model *model, int body, double (*xy)[2], int max);

/* ---------------------------------------------------------------- simulation ------------- */

typedef struct cs_sim cs_sim;

/* Energy books of a run (J). balance_error = kinetic + potential + dissipated − driver_work −
 * applied_work − (its value at t0): zero for an exact solution. */
typedef struct cs_energy {
  double kinetic, potential, strain, dissipated, driver_work, applied_work, balance_error;
} cs_energy;

typedef struct cs_stats {
  long steps, residual_evals, jacobian_evals, error_test_failures, convergence_failures,
      root_events, outputs;
  double last_step, wall_time;
} cs_stats;

/* Assemble consistent initial conditions and set up the integrator. Fails with
 * CS_ERR_ASSEMBLY, naming the joint, when the mechanism cannot close. */
cs_status cs_sim_create(const cs_model *model, cs_sim **sim, cs_error *err);
void cs_sim_free(cs_sim *sim);

/* Integrate to time t (≥ current time). Output callbacks fire at every output instant on the
 * way. Returns CS_ERR_SOLVER if the integrator fails, CS_ERR_INTERRUPTED if the interrupt
 * callback asked to stop; the state is then the last one reached. */
cs_status cs_sim_advance(cs_sim *sim, double t, cs_error *err);

/* Called at t0 and at every output instant (every output interval, and the final time).
 * Return non-zero to stop the run (reported as CS_ERR_INTERRUPTED). */
typedef int (*cs_output_fn)(const cs_sim *sim, void *user);
void cs_sim_set_output(cs_sim *sim, cs_output_fn fn, void *user);
/* Polled between steps; return non-zero to interrupt (e.g. from a SIGINT flag). */
typedef int (*cs_interrupt_fn)(void *user);
void cs_sim_set_interrupt(cs_sim *sim, cs_interrupt_fn fn, void *user);

const cs_model *cs_sim_model(const cs_sim *sim);
cs_formulation cs_sim_formulation(const cs_sim *sim);
double cs_sim_time(const cs_sim *sim);
/* Body state, world frame, of the body's centre of mass: (x, y, θ) and derivatives. Ground
 * bodies report their fixed pose and zero rates. Accelerations and multipliers are
 * consistent with the current (q, v): solved from the augmented system M a + Φqᵀλ = Q,
 * Φq a = γ. */
void cs_sim_body_position(const cs_sim *sim, int body, double q[3]);
void cs_sim_body_velocity(const cs_sim *sim, int body, double v[3]);
void cs_sim_body_acceleration(const cs_sim *sim, int body, double a[3]);
/* Multipliers of constraint row `row` (0 … cs_model_constraint_count − 1). */
double cs_sim_lambda(const cs_sim *sim, int row);
const char *cs_sim_constraint_name(const cs_sim *sim, int row); /* "joint.row" */
/* Reaction a driver supplies: torque (N·m) for angle drivers, force (N) for translations. */
double cs_sim_driver_reaction(const cs_sim *sim, int joint);
/* Largest |Φ| and |Φq v + Φt| now: constraint drift. */
double cs_sim_position_drift(const cs_sim *sim);
double cs_sim_velocity_drift(const cs_sim *sim);
void cs_sim_energy(const cs_sim *sim, cs_energy *energy);
void cs_sim_stats(const cs_sim *sim, cs_stats *stats);

/* ---------------------------------------------------------------- runs with output ------- */

typedef struct cs_run_options {
  const char *output_path; /* HDF5 file; NULL: the model's, "" for none */
  double t_end;            /* ≤ 0: the model's */
  cs_output_fn progress;   /* optional, called at every output instant */
  void *progress_user;
  cs_interrupt_fn interrupt;
  void *interrupt_user;
} cs_run_options;

/* Create, integrate to t_end, and write the HDF5 file as the run goes. A failed or interrupted
 * run keeps every row written and marks the file's `status` attribute. On return *sim (if
 * non-NULL) holds the simulation for inspection; the caller frees it. */
cs_status cs_run(const cs_model *model, const cs_run_options *options, cs_sim **sim,
                 cs_error *err);

#ifdef __cplusplus
}
#endif
#endif
