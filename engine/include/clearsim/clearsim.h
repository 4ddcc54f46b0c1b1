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

#include "cs_status.h"  /* cs_status, cs_error */
#include "cs_contact.h" /* contact-law descriptors, cs_registry */

#ifdef __cplusplus
extern "C" {
#endif

const char *cs_version(void);

/* ---------------------------------------------------------------- model ------------------ */

typedef struct cs_model cs_model;

typedef enum cs_formulation {
  CS_INDEX3 = 0, /* q' = v, M v' + Φqᵀλ = Q, Φ = 0 */
  CS_GGL = 1,    /* stabilized index 2: adds Φq v + Φt = 0 and q' = v − Φqᵀμ */
  CS_PROJECTED = 2, /* index 1: q' = v, v' = a(q, v, t) from the augmented system, each step
                     * projected onto Φ = 0, Φq v + Φt = 0; explicit Runge-Kutta of order 6 */
  CS_AUTO = 3 /* projected, handing a contact that stability holds to ggl until the contact
               * regime changes; ggl where projected does not apply */
} cs_formulation;
/* "index3", "ggl", "projected", "auto": the name model files use. */
const char *cs_formulation_name(cs_formulation formulation);

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
/* Override the model's integration tolerances (the `solver` block's rtol and atol otherwise):
 * rtol relative, atol absolute for positions (m, rad; the engine scales it for the other
 * unknowns it tests). For tolerance studies such as tools/bench/robustness.c. Both must be finite
 * and positive, and rtol < 1; otherwise CS_ERR_ARGUMENT and the model is left unchanged.
 * Simulations created afterwards use them; running ones keep theirs. */
cs_status cs_model_set_tolerances(cs_model *model, double rtol, double atol, cs_error *err);
/* The tolerances simulations of the model will use (either pointer may be NULL). */
void cs_model_tolerances(const cs_model *model, double *rtol, double *atol);
const char *cs_model_json(const cs_model *model);        /* the input JSON, verbatim */
/* What in a valid model suggests a unit typed wrongly: a clearance beyond 5 % of the
 * mechanism's size, a pin larger than the mechanism or ten times its body, a Young's modulus
 * outside 1e4 … 1e13 Pa, a body denser than any material, a crank beyond 10⁴ rad/s, a
 * translation driver beyond 10³ m/s, gravity beyond 100 m/s². Never an error: the findings,
 * joined by "; ", go to buf (truncated to size; NULL: only counted); returns how many. */
int cs_model_plausibility(const cs_model *model, char *buf, size_t size);
/* The points a drawing of `body` passes through, in its frame (m): its centre of mass (0, 0),
 * then the points of the ideal joints, forces and clearance joints (hole or pin centre)
 * attached to it, in that order and file order within each (repeats kept).
 * Writes at most `max` of them to xy and returns how many there are (call with max 0 to count). */
int cs_model_body_points(const cs_model *model, int body, double (*xy)[2], int max);

/* ---------------------------------------------------------------- simulation ------------- */

typedef struct cs_sim cs_sim;

/* Energy books of a run (J). balance_error = kinetic + potential + dissipated − driver_work −
 * applied_work − (its value at t0): zero for an exact solution. */
typedef struct cs_energy {
  double kinetic, potential, strain, dissipated, driver_work, applied_work, balance_error;
} cs_energy;

/* wall_time: seconds spent integrating in cs_sim_advance; what the output callback spends
 * (writing rows) is left out. */
/* Under "auto": handovers, the contacts handed to ggl because stability held the explicit
 * steps, and implicit_steps, the steps ggl took of all (0 otherwise). */
typedef struct cs_stats {
  long steps, residual_evals, jacobian_evals, error_test_failures, convergence_failures,
      root_events, outputs, handovers, implicit_steps;
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
/* Numerical rank of the constraint Jacobian Φq now (singular values above 1e-9 of the
 * largest): the constraint count less the redundant rows. Degrees of freedom = coordinates −
 * rank. */
int cs_sim_constraint_rank(const cs_sim *sim);
/* Largest |Φ| and |Φq v + Φt| now: constraint drift. */
double cs_sim_position_drift(const cs_sim *sim);
double cs_sim_velocity_drift(const cs_sim *sim);
void cs_sim_energy(const cs_sim *sim, cs_energy *energy);
void cs_sim_stats(const cs_sim *sim, cs_stats *stats);

/* ---------------------------------------------------------------- clearance joints ------- */

int cs_model_clearance_count(const cs_model *model);
const char *cs_model_clearance_name(const cs_model *model, int k);
const char *cs_model_clearance_kind(const cs_model *model, int k);
int cs_model_clearance_region_count(const cs_model *model, int k);
const char *cs_model_clearance_region(const cs_model *model, int k, int region);
/* The joint's clearance: radial clearance (revolute, spherical), slot half-width minus pin
 * radius (slots), guide half-width minus block half-width (translational), half the play
 * along the line of action (gear), or a profile's scale of contact (below), m. */
double cs_model_clearance_size(const cs_model *model, int k);
/* Where that size comes from, in words: "hole_radius - pin_radius", …; a profile's "the
 * narrowest concave bend's R - r", "half the follower's play at the start", "given" (its
 * "clearance") or "1 % of the wall's bounding radius" (models/README.md "Profiles"). */
const char *cs_model_clearance_size_rule(const cs_model *model, int k);

/* A clearance joint's state at the simulation's current instant. A translational joint touches
 * at up to four corners at once: its state is that of its leading corner (the largest normal
 * force, or out of contact the largest δ), its eccentricity the block centre's, its strain
 * energy all corners'; cs_sim_clearance_corner gives each corner's. */
typedef struct cs_clearance_state {
  double eccentricity[2];  /* pin centre − hole reference, in the hole body's frame, m */
  double penetration;      /* δ, m (negative: the gap; a pair past its window or its wall's
                            * join, whose neighbour carries the contact: −(clearance + |δ|)) */
  double rate;             /* δ', m/s */
  double normal_force;     /* N (0 out of contact) */
  double tangential_force; /* N, friction on the pin along the tangent (−n_y, n_x) */
  double rolling_torque;   /* N·m on the pin body (002 eq. 4; 0 unless the law has one) */
  double contact_point[2]; /* world, m */
  double impact_velocity;  /* δ'(−) of the current or last contact, m/s */
  double strain_energy;    /* J */
  int in_contact, region;
  /* accepted states so far at which the elastic law went past its domain (its formula has
   * no solution there and a stand-in answered: cs_contact_outside), the deepest δ of them
   * and the domain's limit δ (m; of the region that went deepest) */
  long outside_domain;
  double outside_depth, domain_limit;
  /* lubricated joints (models/README.md "Lubrication"; zeros when dry) */
  double film_force[2];      /* film force on the pin, hole body's frame, N */
  double eccentricity_ratio; /* ε = |pin centre − hole centre| / c (on a worn bore:
                                / (c + d(γ)), the worn clearance on the line of centres) */
  double film_thickness;     /* h_min = c − |pin centre − hole centre|, m (worn: c + d(γ) − …) */
  int film_regime;           /* 0 dry joint, 1 full film, 2 boundary film (saturated at
                                h_b), 3 dry contact in parallel with the film */
  /* worn joints (models/README.md "Wear"; 0 without wear) */
  double wear_volume;        /* m³ worn off the bearing (slot) since the run began */
  double wear_depth_max;     /* deepest point of the wall's depth profile, m */
} cs_clearance_state;

void cs_sim_clearance(const cs_sim *sim, int k, cs_clearance_state *state);
/* A worn joint's depth profile now (models/README.md "Wear"): the wall's worn depth (m) at the
 * nodes i = 0 … bins − 1: a bearing's at the angles 2π i / bins from the hole body's x axis, a
 * slot's at the arc lengths P i / bins along its wall (cs_model_clearance_wall_length). Writes
 * at most max values to depth and returns bins (0: the joint has no wear; call with max 0 to
 * count). */
int cs_sim_clearance_wear(const cs_sim *sim, int k, double *depth, int max);

/* ---------------------------------------------------------------- worn walls ------------ */

/* The length P of clearance joint k's wall as the closed contour its wear profile lies on
 * (models/README.md "Wear"): 2π R_b around a bearing; a straight slot's lower track, front
 * cap, upper track and rear cap (4 half_length + 2π half_width); a curved slot's outer track,
 * cap, inner track and cap. cs_sim_clearance_wear's depth i is at the arc length P i / bins
 * from the contour's start (a bearing: the angle 2π i / bins). 0 for kinds that cannot wear. */
double cs_model_clearance_wall_length(const cs_model *model, int k);

/* ---------------------------------------------------------------- joints with corners ---- */

/* Contact points of clearance joint k: 4 corners for a translational joint (front_top,
 * rear_top, rear_bottom, front_bottom: body2's +x/−x, +y/−y), a profile joint's walls or
 * pairs (models/README.md "Profiles"), 1 for the other kinds. */
int cs_model_clearance_corner_count(const cs_model *model, int k);
/* Corner `corner`'s name, snprintf's way (at most size bytes with the NUL; returns the length
 * it needed): "front_top", …; a profile's "wall 1"; a follower outline's pair, its feature
 * in its body's frame and what it meets ("follower corner (0.02, 0) on wall 1"); else "pin". */
int cs_model_clearance_corner_name(const cs_model *model, int k, int corner, char *buf,
                                   int size);
/* The state of one corner of clearance joint k (its own δ, force, region, history). */
void cs_sim_clearance_corner(const cs_sim *sim, int k, int corner, cs_clearance_state *state);

/* One row per contact: when it opened and closed, how hard. */
typedef struct cs_contact_event {
  int joint, region;
  double t_on, t_off;      /* t_off is NaN while the contact is open */
  double impact_velocity, max_penetration, max_force;
  int corner;              /* the contact point where it began (cs_model_clearance_corner_name;
                            * a contact passed on to the next wall or past a window's edge
                            * goes on as this event) */
} cs_contact_event;

int cs_sim_event_count(const cs_sim *sim);
void cs_sim_event(const cs_sim *sim, int i, cs_contact_event *event);
/* How often a damping law's pull was clipped to a zero normal force (accepted steps). */
long cs_sim_clip_count(const cs_sim *sim);
/* What the run's own evidence says against its result, "" when nothing, checked at every
 * reported state: the energy balance error beyond 1 % of the energy the run moved (kinetic,
 * change of potential, strain, work, dissipation); a clearance joint starting with the pin
 * inside the wall; a penetration beyond the clearance or a quarter of the pin radius; an
 * elastic law evaluated past its domain (cs_clearance_state.outside_domain);
 * multipliers or driver reactions beyond 1000 times the forces the mechanism can carry
 * (engine/solver/cs_evidence.h). Findings are joined by "; ". The text is valid until the next call. */
const char *cs_sim_warnings(const cs_sim *sim);

/* ---------------------------------------------------------------- runs with output ------- */

/* ---------------------------------------------------------------- verification ---------- */

/* What a completed run shares with the same run at tolerances 100 times tighter (rtol, atol
 * and the clearance cap of the position error all / 100), engine/run/README.md "Verifying a run": */
typedef struct cs_verify_result {
  double rtol, atol;          /* the tighter run's */
  int converged;              /* 1: every figure below within its threshold */
  int contacts, contacts_tight; /* contact events of the run and of the tighter run */
  int matched;                /* leading pairs (per joint, in order) whose onsets and ends
                                 agree, within 0.1 of the tighter contact's duration */
  double parting_on, parting_on_tight; /* onsets of the first pair that does not (NaN: none) */
  double onset_shift;         /* largest shift of an onset or end of the matched pairs, s */
  double onset_share;         /* largest of them over the tighter contact's duration */
  double peak_force_diff;     /* largest |F − F'| / F' of the matched pairs' peak forces */
  double state_diff;          /* final state: largest |q − q'| over L (angles in rad),
                                 |v − v'| over V, |ω − ω'| over Ω (engine/model/cs_scales.h) */
  double eccentricity_diff;   /* final pin positions: largest |e − e'| over the clearance */
  double energy_scale;        /* the largest energy term of the tighter run, J */
  double energy_diff;         /* largest difference of a term of the books, over energy_scale */
  double balance_share, balance_share_tight; /* |balance error| over energy_scale */
  cs_energy energy_tight;     /* the tighter run's books at the end */
  cs_stats stats_tight;       /* and its cost */
  char verdict[512];          /* "converged", "not converged: " and what disagrees, or
                               * "not verified: " and why the tighter run failed */
} cs_verify_result;

/* Run sim's model again from its start to sim's current time at the tighter tolerances and
 * compare (sim: a run that completed). CS_OK whatever the verdict; the verdict says "not
 * verified: the tighter run …" when that run failed. Errors: a NULL argument, out of memory. */
cs_status cs_verify(const cs_sim *sim, cs_verify_result *result, cs_error *err);

typedef struct cs_run_options {
  const char *output_path; /* HDF5 file; NULL: the model's, "" for none */
  double t_end;            /* 0: the model's; else in [1e-20, 1e20] s and at most 1e9 output
                              intervals (as solver.t_end), or CS_ERR_ARGUMENT */
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
/* cs_run, then, when the run completed, cs_verify (`clearsim run --verify`): the verdict goes
 * to *verify and to the file's group /verify. The options' interrupt callback is polled by the
 * tighter run too (CS_ERR_INTERRUPTED: the run completed, its verification did not). */
cs_status cs_run_verify(const cs_model *model, const cs_run_options *options,
                        cs_verify_result *verify, cs_sim **sim, cs_error *err);

/* ---------------------------------------------------------------- single impact ---------- */

/* A normal impact of two bodies: effective mass m*, approach speed v0 > 0 at contact onset,
 * m* δ'' = −F_n(δ, δ') with the contact model's elastic, damping and restitution laws,
 * integrated by IDAS from δ = 0 to the separation (δ back to 0, located by root finding).
 * From a JSON file (models/README.md "Impact files") or built in code (cs_impact_create). */
typedef struct cs_impact cs_impact;

typedef struct cs_impact_settings {
  double rtol;     /* relative tolerance; ≤ 0: 1e-8 */
  double atol;     /* absolute tolerance of δ, m; ≤ 0: rtol · δ_U, where U(δ_U) = ½ m* v0²
                      (the undamped peak); δ' gets the same scaled to v0 */
  double max_step; /* s; ≤ 0: unlimited */
  double interval; /* s between output rows; ≤ 0: a row at every integrator step */
} cs_impact_settings;

typedef struct cs_impact_result {
  double delta_max;     /* largest penetration, m */
  double F_max;         /* largest normal force, N */
  double t_contact;     /* onset to separation, s */
  double v_impact;      /* δ'(−) = v0, m/s */
  double v_separation;  /* δ'(+) ≤ 0 at separation, m/s */
  double e_eff;         /* effective restitution |δ'(+)/δ'(−)| */
  double cr;            /* the c_r the restitution law gave the damping law */
  double m_star;        /* kg */
  double kinetic0;      /* ½ m* v0², J */
  double kinetic, strain, dissipated; /* at separation, J */
  double balance_error; /* kinetic + strain + dissipated − kinetic0, J */
  long clips;           /* accepted steps where damping would have made F_n < 0 */
  cs_stats stats;
  /* what the run's own states say against its result, as cs_sim_warnings says it for runs
   * (an elastic law used past its domain); "" when nothing */
  char warnings[512];
} cs_impact_result;

cs_status cs_impact_load_file(const char *path, const cs_registry *registry,
                              cs_impact **impact, cs_error *err);
cs_status cs_impact_load_string(const char *json, const char *origin,
                                const cs_registry *registry, cs_impact **impact,
                                cs_error *err);
/* An impact built in code. m* = cs_geometry_m_star(geometry) (mass1 = m*, mass2 = 0: a body
 * of mass m* on a fixed one); the laws and parameters of `spec` are copied; `settings` may be
 * NULL (defaults). Laws that cannot be made for the geometry fail here, not at run. */
cs_status cs_impact_create(const cs_contact_geometry *geometry, const cs_contact_spec *spec,
                           double velocity, const cs_impact_settings *settings,
                           cs_impact **impact, cs_error *err);
void cs_impact_free(cs_impact *impact);

const char *cs_impact_name(const cs_impact *impact);
const char *cs_impact_json(const cs_impact *impact);        /* the input (or an equivalent) */
const char *cs_impact_output_path(const cs_impact *impact); /* "" when none is named */

/* Integrate the impact. h5_path: the HDF5 file to write (NULL: the impact's output file,
 * "": none). The result is filled as far as the run got. CS_ERR_SOLVER when IDAS fails or the
 * bodies do not separate. */
cs_status cs_impact_run(const cs_impact *impact, const char *h5_path, cs_impact_result *result,
                        cs_error *err);

/* ---------------------------------------------------------------- in-memory output ------- */

/* Every series the HDF5 file records (engine/output/README.md "A run"), one row per distinct output instant,
 * kept in memory: for hosts that want a run's arrays without a file, and without running
 * their own code at every output instant. Pass cs_rows_output as an output callback
 * (cs_sim_set_output, or cs_run_options.progress) with the recorder as its user pointer. */
typedef struct cs_rows cs_rows;

enum { CS_ROWS_ENERGY = 7, CS_ROWS_CLEARANCE = 18, CS_ROWS_CORNER = 9 };

/* NULL when out of memory. The model must outlive the recorder. */
cs_rows *cs_rows_new(const cs_model *model);
void cs_rows_free(cs_rows *rows);
/* The output callback: records the row (an instant not after the last row's is skipped), then
 * calls the callback set by cs_rows_set_next, if any, and returns what it returns (non-zero
 * stops the run). Returns 1, stopping the run, when out of memory. */
int cs_rows_output(const cs_sim *sim, void *rows);
void cs_rows_set_next(cs_rows *rows, cs_output_fn fn, void *user);
long cs_rows_count(const cs_rows *rows);
/* Values per row, in this order (B bodies, R constraint rows, D drivers, C clearance joints):
 *   time; position[B][3]; velocity[B][3]; acceleration[B][3]; lambda[R]; position drift;
 *   velocity drift; energy: kinetic, potential, strain, dissipated, driver_work, applied_work,
 *   balance_error; driver reaction[D]; per clearance joint: eccentricity x, y, penetration,
 *   penetration_rate, normal_force, tangential_force, rolling_torque, contact_point x, y,
 *   in_contact, impact_velocity, region, film_force x, y, eccentricity_ratio,
 *   min_film_thickness, film_regime, wear_volume; then per clearance joint of K > 1 corners
 *   (cs_model_clearance_corner_count), each series over its corners: penetration[K],
 *   penetration_rate[K], normal_force[K], tangential_force[K], contact_point[K][2],
 *   in_contact[K], impact_velocity[K], region[K] (CS_ROWS_CORNER values per corner). */
int cs_rows_width(const cs_rows *rows);
/* count × width doubles, row-major; valid until the next row or cs_rows_free. */
const double *cs_rows_data(const cs_rows *rows);
/* The drivers, in their order in a row: joint indices (cs_model_joint_name). */
int cs_rows_driver_count(const cs_rows *rows);
int cs_rows_driver(const cs_rows *rows, int i);

/* ---------------------------------------------------------------- host bindings ---------- */

/* For programs that bind the library through a foreign-function interface (the Python package
 * tools/python/clearsim): an interrupt callback (cs_sim_set_interrupt, cs_run_options) that
 * reads an int the host owns, `user` pointing to it. The host stops a run by setting the int
 * from another thread or a signal handler, without the run calling back into the host's
 * runtime (and taking its lock) at every step. Non-zero: stop. */
int cs_interrupt_flag(void *user);

/* ---------------------------------------------------------------- models with overrides -- */

/* One edit of a model document, applied to the parsed JSON before the model is built, so the
 * value goes through the loader's validation like any in a file: `pointer` is an RFC 6901 JSON
 * pointer ("/clearance_joints/0/hole_radius"; ~1 is '/', ~0 is '~') whose parent must exist;
 * an object member there is replaced or added, an array element replaced ("-" appends).
 * `json` is the value as JSON text: "0.0099", "\"hertz\"", "{\"velocity\": 100}". Numbers
 * printed with "%.17g" read back to the same double. A key the loader takes instead of another
 * (a clearance joint's clearance or hole_radius, a motion's rpm or velocity, a driver's joint or
 * body, a wear block's initial_profile or initial_depth) removes the other from its object, so
 * the override wins over the file; overrides setting both are refused as a file giving both. */
typedef struct cs_override {
  const char *pointer;
  const char *json;
} cs_override;

/* Load a model with n overrides applied in order (a later one may edit what an earlier one
 * set). `origin` is the name in error messages (NULL: the path; for a parameter study e.g.
 * "study.json: case 7: model.json"), so a message reads "<origin>: <JSON path>: <what>", both
 * for an override that names no place in the model and for a value the loader refuses. The
 * model's cs_model_json() is the edited document. */
cs_status cs_model_load_file_overrides(const char *path, const char *origin,
                                       const cs_override *overrides, int n,
                                       const cs_registry *registry, cs_model **model,
                                       cs_error *err);
cs_status cs_model_load_string_overrides(const char *json, const char *origin,
                                         const cs_override *overrides, int n,
                                         const cs_registry *registry, cs_model **model,
                                         cs_error *err);
/* The edited document alone, as indented JSON text (*edited malloc'd; the caller frees it):
 * for writing the model a study ran, or for reading what an override set. */
cs_status cs_model_apply_overrides(const char *json, const char *origin,
                                   const cs_override *overrides, int n, char **edited,
                                   cs_error *err);

/* ---------------------------------------------------------------- inputs at run time ----- */

/* Edits of a model that a simulation of it follows once told (cs_sim_inputs_changed below;
 * engine/run/cs_inputs.c),
 * for hosts that steer a mechanism between cs_sim_advance calls (an FMI master, engine/fmi).
 * A driver (joint index) moves at `speed` (rad/s or m/s) from time t on, its position
 * continuous at t: f(τ) = f(t) + speed (τ − t). A "torque" force (index in the model's
 * "forces") applies `torque` N·m from now on. CS_ERR_ARGUMENT for a joint that is no driver, a
 * force that is no torque, or a value that is not finite; the model is then unchanged. */
cs_status cs_model_set_driver_speed(cs_model *model, int joint, double t, double speed,
                                    cs_error *err);
cs_status cs_model_set_applied_torque(cs_model *model, int force, double torque, cs_error *err);
/* A "force" force (index in the model's "forces") applies f = [fx, fy] N from now on, in the
 * frame the model gives it (world, or the body's for a follower load). CS_ERR_ARGUMENT for a
 * force of another type or a component that is not finite; the model is then unchanged. */
cs_status cs_model_set_applied_force(cs_model *model, int force, const double f[2],
                                     cs_error *err);
/* Tell a simulation of the model that its inputs changed (after the calls above, before the
 * next cs_sim_advance): it restarts at its current time from the state brought onto the new
 * constraints. A driver's speed that jumps changes the bodies' velocities as an impulse along
 * the constraints would (mass-orthogonally), and the kinetic energy of that jump is booked as
 * the drivers' work, so the energy balance stays closed; without this call the integrator would
 * go on from a state the new constraints contradict. */
cs_status cs_sim_inputs_changed(cs_sim *sim, cs_error *err);
/* Set every body's state (q[b] = x, y, θ and v[b] their rates, for each of the model's bodies
 * in its order; ground bodies' entries are ignored) where the simulation stands, brought onto
 * the constraints (mass-orthogonally) and the integration restarted there, contacts opened or
 * closed as the state has them: a perturbed copy of a run (clearsim.chaos.lyapunov), or a state
 * saved with cs_sim_body_position/velocity. The energy books go on from their values: the jump's
 * energy belongs to no book, and the balance error shows it. */
cs_status cs_sim_set_body_states(cs_sim *sim, const double (*q)[3], const double (*v)[3],
                                 cs_error *err);

/* ---------------------------------------------------------------- interrupting an impact - */

/* Polled at every step and every output row of cs_impact_run (so a stop request is met
 * promptly whatever the output interval); non-zero stops the run with CS_ERR_INTERRUPTED and
 * the file says "interrupted". fn NULL: never interrupted. */
void cs_impact_set_interrupt(cs_impact *impact, cs_interrupt_fn fn, void *user);

#ifdef __cplusplus
}
#endif
#endif
