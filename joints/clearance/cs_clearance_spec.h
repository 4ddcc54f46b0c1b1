/*
 * cs_clearance_spec.h — a clearance joint as the loader fills it (internal): kind, geometry,
 * contact laws per region, lubrication, wear, start. The model (cs_model.h) holds an array of
 * them; joints/ reads them without seeing the model.
 */
#ifndef CS_CLEARANCE_SPEC_H
#define CS_CLEARANCE_SPEC_H

#include "cs_contact.h"

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
  CS_CLEARANCE_PROFILE,      /* a follower circle against a body's profile (cs_profile.h):
                                flat pieces and each distinct arc a region */
  CS_CLEARANCE_GEAR,         /* a gear mesh with backlash between two bodies' angles
                                (clearance_gear.c): forward and reverse flanks */
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

struct cs_profile;
struct cs_follower_pair;

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
  struct cs_profile *profile; /* profile: body[0]'s wall (owned), pin_radius the follower's */
  /* profile with a follower outline: body[1]'s profile (owned, pin_radius 0) and the contact
   * pairs its convex features and the walls' make, each a pin (clearance_follower.c) */
  struct cs_profile *follower, *follower_cut; /* the outline; the walls' features see it with
                                                * its convex arcs cut to their end points */
  struct cs_follower_pair *pairs;
  int npair;
  /* gear: base radii, the bodies' angles at the start (s = 0 there), an internal mesh (a ring
   * gear or a coupling); the flanks at ± half_width along the line of action; pin_radius and
   * R2 the involutes' curvature radii rb tan(pressure angle) at the pitch point */
  double base_radius[2], angle0[2], pressure_angle;
  int mesh_internal;
} cs_clearance;

#endif
