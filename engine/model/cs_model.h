/*
 * cs_model.h — the validated mechanism (internal). The loader builds it from JSON; nothing
 * after the loader sees JSON. SI units, world frame, every body frame at its centre of mass.
 */
#ifndef CS_MODEL_H
#define CS_MODEL_H

#include "clearsim.h"

typedef struct cs_body {
  char *name;
  int ground;      /* fixed in space at q0 */
  double mass;     /* kg, > 0 unless ground */
  double inertia;  /* kg·m² about the centre of mass, ≥ 0 */
  double q0[3];    /* initial guess (x, y, θ): m, m, rad */
  double v0[3];    /* initial velocity guess */
  int v0_written;  /* the model file gave v0 (cs_evidence: a start the user meant) */
  int lock[3];     /* coordinates initial-condition assembly must keep (x, y, θ) */
  int coord;       /* index of x in the state's q; −1 for ground */
} cs_body;

/* f(t) = initial + velocity t + ½ acceleration t² + amplitude sin(frequency t + phase) */
typedef struct cs_motion {
  double initial, velocity, acceleration, amplitude, frequency, phase;
} cs_motion;

typedef enum cs_joint_kind {
  CS_JOINT_REVOLUTE = 0,    /* point1 on body1 = point2 on body2: 2 rows */
  CS_JOINT_PRISMATIC,       /* relative angle fixed, point2 on body1's axis line: 2 rows */
  CS_JOINT_FIXED,           /* revolute + relative angle fixed: 3 rows */
  CS_DRIVER_ANGLE,          /* θ2 − θ1 = f(t): 1 row */
  CS_DRIVER_TRANSLATION,    /* axis1ᵀ (P2 − P1) = f(t): 1 row */
  CS_JOINT_KIND_COUNT
} cs_joint_kind;

/* An ideal joint or a driver: constraint rows between body[0] and body[1] (either may be a
 * ground body). */
typedef struct cs_joint {
  char *name;
  cs_joint_kind kind;
  int body[2];
  double point[2][2]; /* joint point in each body's frame, m */
  double axis[2];     /* unit axis in body[0]'s frame (prismatic, translation driver) */
  double angle;       /* θ2 − θ1 held by prismatic and fixed joints, rad */
  cs_motion motion;   /* drivers */
  int row0, nrows;    /* this joint's rows in Φ */
} cs_joint;

typedef enum cs_force_kind {
  CS_FORCE_SPRING = 0,  /* translational spring-damper-actuator between two points */
  CS_FORCE_TORSION,     /* rotational spring-damper-actuator between two bodies */
  CS_FORCE_POINT,       /* constant force at a point, world or body frame */
  CS_FORCE_TORQUE,      /* constant torque on a body */
  CS_FORCE_KIND_COUNT
} cs_force_kind;

typedef struct cs_force {
  char *name;
  cs_force_kind kind;
  int body[2];        /* POINT and TORQUE use body[0] only */
  double point[2][2]; /* m, body frames */
  double stiffness;   /* N/m or N·m/rad */
  double damping;     /* N·s/m or N·m·s/rad */
  double free_length; /* m (spring) or rad (torsion: free relative angle θ2 − θ1) */
  double actuation;   /* constant actuator force N (spring, tension > 0) or torque N·m */
  double force[2];    /* POINT: N */
  int body_frame;     /* POINT: force given in the body's frame (follower load) */
  double torque;      /* TORQUE: N·m */
} cs_force;

/* A contact block as loaded: one law per family (friction may be NULL) and its validated
 * parameters in table order. cs_contact_spec views it (see cs_contact_model_spec). */
enum { CS_MAX_LAW_PARAMS = 24 };
typedef struct cs_contact_model {
  const cs_law *law[CS_FAMILY_COUNT];
  double params[CS_FAMILY_COUNT][CS_MAX_LAW_PARAMS];
} cs_contact_model;

static inline cs_contact_spec cs_contact_model_spec(const cs_contact_model *c)
{
  cs_contact_spec spec;
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    spec.law[f] = c->law[f];
    spec.params[f] = c->params[f];
  }
  return spec;
}

/* A clearance joint: the ideal joint replaced by a contact force element (joints/README.md
 * "Clearance joints"). body[0] carries the hole (bearing, socket, slot), body[1] the pin
 * (journal, ball, pin). */
typedef enum cs_clearance_kind {
  CS_CLEARANCE_REVOLUTE = 0, /* journal in bearing, line contact: one region */
  CS_CLEARANCE_SPHERICAL,    /* ball in socket moving in the plane, point contact: one region */
  CS_CLEARANCE_SLOT,         /* pin in a straight slot: tracks (flat) and end caps */
  CS_CLEARANCE_CURVED_SLOT,  /* pin in a circular-arc slot: inner, outer track and end caps */
  CS_CLEARANCE_TRANSLATIONAL, /* block with rounded corners in a guide channel: each corner
                                 against each wall */
  CS_CLEARANCE_KIND_COUNT
} cs_clearance_kind;

enum { CS_MAX_REGIONS = 8 }; /* the translational joint's 4 corners × 2 walls */

/* Default floor of the impact velocity handed to the contact laws (m/s): the damping laws
 * that divide by δ'(−) grow without bound as a contact grazes (δ'(−) → 0). Below it an
 * impact carries at most ½ m* v² ≈ 5e-9 J per kg, and the laws see this speed instead. */
#define CS_MIN_IMPACT_VELOCITY 1e-4

/* Lubrication of a revolute clearance joint (joints/tribology/cs_film.h). */
typedef enum cs_film_model {
  CS_FILM_NONE = 0,
  CS_FILM_SHORT_BEARING, /* Ocvirk's short bearing, π film (Gümbel) */
  CS_FILM_LONG_BEARING   /* Sommerfeld's long bearing, full film */
} cs_film_model;

typedef struct cs_lubrication {
  cs_film_model model;
  double viscosity;     /* μ, Pa·s */
  double boundary_film; /* h_b, m: the thinnest film; beyond, the film force stays at h_b's */
} cs_lubrication;

/* Archard wear of a revolute clearance joint's bearing (joints/tribology/cs_wear.h). */
typedef struct cs_wear_spec {
  int bins;             /* depth profile's bins around the bearing; 0: no wear */
  double k;             /* Archard's dimensionless wear coefficient */
  double hardness;      /* H, Pa */
  int feedback;         /* the depth profile widens the gap as it grows */
  double *initial;      /* [bins] depth at the start (a profile an earlier run wrote), m, or
                           NULL */
} cs_wear_spec;

/* A clearance joint's start (models/README.md "The start"): the initial assembly adds its
 * ideal counterpart's rows (cs_clearance_ideal) to the velocity rows (ideal_velocity) and to
 * the position rows (position not given), so that the pin starts with no velocity relative to
 * the hole and at the hole's centre (centred) or on its wall where the ideal joint's reaction
 * at t0 presses it (resting). */
typedef enum cs_start_position {
  CS_START_GIVEN = 0, /* the loader's names in this order */
  CS_START_CENTRED,
  CS_START_RESTING
} cs_start_position;

typedef struct cs_clearance_start {
  int ideal_velocity, position; /* position: a cs_start_position */
} cs_clearance_start;

typedef struct cs_clearance {
  char *name;
  cs_clearance_kind kind;
  int body[2];
  double point[2][2];  /* hole reference in body[0]'s frame (bearing centre, slot centre, arc
                          centre); pin centre in body[1]'s frame; m */
  double pin_radius;   /* m; translational: the block's corner radius */
  double hole_radius;  /* revolute, spherical: bearing or socket radius, m */
  double axis[2];      /* slots: unit axis in body[0]'s frame (curved: towards mid-arc) */
  double half_length;  /* straight slot: centre to each end-cap centre; translational: the
                          block's half length along body[1]'s x, m */
  double half_width;   /* slots: half the slot's width = end-cap radius; translational: the
                          block's half width along body[1]'s y, m */
  double guide_half_width; /* translational: the channel's walls at ± this from its centre
                              line (through point[0] along axis), m */
  double mean_radius;  /* curved slot: R_m, m */
  double half_angle;   /* curved slot: half the arc's angular extent, rad */
  double length;       /* axial length of the line contact, m */
  double min_impact_velocity; /* δ'(−) the laws see is at least this, m/s (grazing contacts) */
  cs_material material[2]; /* body[0]'s, body[1]'s */
  int nregion;
  cs_contact_model contact[CS_MAX_REGIONS];
  cs_contact_geometry geometry[CS_MAX_REGIONS]; /* filled by cs_clearance_prepare */
  cs_lubrication lubrication; /* revolute: an oil film (model CS_FILM_NONE: dry) */
  cs_wear_spec wear;          /* revolute: Archard wear (bins 0: none) */
  cs_clearance_start start;   /* how the initial assembly treats it (zeros: as given) */
} cs_clearance;

/* IDAS' iteration matrix and its factorization (GGL, index 3): */
typedef enum cs_linear_solver {
  CS_LINSOL_AUTO,   /* dense below cs_sim.c's SPARSE_FROM unknowns, sparse from there */
  CS_LINSOL_DENSE,  /* LAPACK LU (cs_linsol.c) */
  CS_LINSOL_SPARSE  /* CSC over the model's graph, KLU (cs_linsol_klu.c) */
} cs_linear_solver;

typedef struct cs_solver_settings {
  cs_formulation formulation;
  cs_linear_solver linear_solver;
  double rtol;         /* relative tolerance */
  double atol;         /* absolute tolerance of positions (m, rad) */
  double t_end;        /* s */
  double max_step;     /* s, 0: unlimited */
  double initial_step; /* s, 0: IDA's choice */
  long max_steps;      /* internal steps between two outputs */
  double cap_scale;    /* the clearance cap of the position error (cs_sim.c) times this;
                          0 means 1 (cs_verify's tighter run: 0.01) */
} cs_solver_settings;

/* The formulations' names in model files, indexed by cs_formulation, NULL-terminated. */
extern const char *const cs_formulation_names[];
/* The linear solvers' names ("solver.linear_solver"), indexed by cs_linear_solver. */
extern const char *const cs_linear_solver_names[];

typedef struct cs_output_settings {
  char *file;          /* HDF5 path ("" for none); relative paths are relative to the cwd */
  double interval;     /* s between output rows */
} cs_output_settings;

struct cs_model {
  char *name;
  char *description;
  char *origin;       /* the file it came from, or "<string>" */
  char *json;         /* the input, verbatim */
  double gravity[2];  /* m/s² */

  int nbody, njoint, nforce, nclearance;
  cs_body *bodies;
  cs_joint *joints;   /* ideal joints first, then drivers, in file order within each */
  cs_force *forces;
  cs_clearance *clearances;

  int ncoord;         /* 3 × moving bodies */
  int nrow;           /* constraint rows */

  cs_solver_settings solver;
  cs_output_settings output;
};

/* Allocation helpers the loader and tests share. */
cs_model *cs_model_alloc(void);
/* Assign coordinate and row indices (coord, row0, nrows); call after filling the arrays. */
void cs_model_index(cs_model *model);
int cs_joint_rows(cs_joint_kind kind);
const char *cs_joint_kind_name(cs_joint_kind kind);
int cs_joint_is_driver(const cs_joint *joint);
/* The smallest clearance of the model's clearance joints, m (INFINITY: none). */
double cs_model_smallest_clearance(const cs_model *model);

/* A run's end time is at most this many output intervals (a billion rows); further, the
 * output instants t0 + k·interval stop advancing in floating point. */
#define CS_MAX_OUTPUT_INTERVALS 1e9

/* Default solver and output settings: formulation auto, rtol 1e-6, atol 1e-8, t_end 1,
 * output interval 1e-2. */
void cs_model_default_settings(cs_model *model);

#endif
