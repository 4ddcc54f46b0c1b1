/*
 * cs_model.h — the validated mechanism (internal). The loader builds it from JSON; nothing
 * after the loader sees JSON. SI units, world frame, every body frame at its centre of mass.
 */
#ifndef CS_MODEL_H
#define CS_MODEL_H

#include "clearsim.h"
#include "cs_clearance_spec.h"
#include "cs_joints.h"

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

/* IDAS' iteration matrix and its factorization (GGL, index 3): */
typedef enum cs_linear_solver {
  CS_LINSOL_AUTO,   /* dense below cs_sim_dae.c's SPARSE_FROM unknowns, sparse from there */
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
/* The smallest clearance of the model's clearance joints, m (INFINITY: none). */
double cs_model_smallest_clearance(const cs_model *model);

/* A run's end time is at most this many output intervals (a billion rows); further, the
 * output instants t0 + k·interval stop advancing in floating point. */
#define CS_MAX_OUTPUT_INTERVALS 1e9

/* Default solver and output settings: formulation auto, rtol 1e-6, atol 1e-8, t_end 1,
 * output interval 1e-2. */
void cs_model_default_settings(cs_model *model);

#endif
