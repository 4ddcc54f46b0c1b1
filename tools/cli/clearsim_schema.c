/*
 * clearsim_schema.c — `clearsim schema model|impact`: the JSON Schemas (draft 2020-12) of model
 * files and impact files, for editors (validation, completion) and for validators.
 *
 * Where each part comes from:
 *   - the contact laws (names, summaries, sources, parameters with units, defaults and ranges)
 *     are read from the registry the loader resolves them in, so a law added to
 *     contact/cs_registry.c is in the schema at the next build;
 *   - the keys of every object are the tables below, one per object of models/README.md.
 *     tests/python/test_schema.py holds them to the loader: for each object it asks the loader, by
 *     an unknown key, for the keys it accepts (its message lists them) and for the choices of
 *     every "type", and compares them with the schema key by key. The checked-in copies
 *     (models/schema/) must equal what this prints, so none of the three can drift.
 */
#include "clearsim_schema.h"
#include "cli_common.h"

#include "clearsim.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- key tables ------------- */

/* One key of an object. `spec` says its type, "!" in front when the key is required:
 *   name           a non-empty string without '/'
 *   string, bool, true, false
 *   number, number>0, number>=0, count (a whole number >= 1)
 *   vec2, vec3     arrays of exactly 2 or 3 numbers
 *   enum:a|b|c     one of the words
 *   const:w        exactly the word w (the "type" of a variant)
 *   ref:D          the definition D;  array:D  an array of D */
typedef struct key_doc {
  const char *key, *spec, *doc;
} key_doc;

typedef struct object_doc {
  const char *def, *title, *doc;
  const key_doc *keys;
} object_doc;

#define END {NULL, NULL, NULL}
#define NAME(what) {"name", "!name", what}
#define BODY_PAIR                                                                             \
  {"body1", "!name", "body1's name"}, {"body2", "!name", "body2's name (different from body1)"}
#define POINTS(p1, p2)                                                                        \
  {"point1", "vec2", p1 " in body1's frame, m (default [0, 0])"},                             \
      {"point2", "vec2", p2 " in body2's frame, m (default [0, 0])"}

static const key_doc model_keys[] = {
  {"$schema", "string", "the schema this file follows (for editors; the loader ignores it)"},
  NAME("the model's name"),
  {"description", "string", "free text: the source, what was converted or assumed"},
  {"gravity", "vec2", "gravitational acceleration [gx, gy], m/s^2 (default [0, 0])"},
  {"bodies", "!array:body", "the bodies: at least one ground body and one moving body"},
  {"joints", "array:joint", "ideal joints"},
  {"drivers", "array:driver", "prescribed motions"},
  {"forces", "array:force", "springs, dampers, actuators, applied loads"},
  {"clearance_joints", "array:clearance_joint", "joints with clearance: contact force elements"},
  {"clearance_start", "ref:start",
   "how the clearance joints start unless they say (default \"ideal\"; slots start \"given\")"},
  {"solver", "ref:solver", "integrator settings"},
  {"output", "ref:output", "output file and interval"},
  END};

static const key_doc ground_body_keys[] = {
  NAME("the body's name, unique among bodies"),
  {"ground", "!true", "marks the body fixed"},
  {"position", "vec3", "its fixed pose [x, y, theta]: m, m, rad (default [0, 0, 0])"},
  END};

static const key_doc moving_body_keys[] = {
  NAME("the body's name, unique among bodies"),
  {"ground", "false", "false: a moving body (the default)"},
  {"mass", "!number>0", "mass, kg"},
  {"inertia", "number>=0", "moment of inertia about the centre of mass, kg*m^2 (default 0)"},
  {"position", "vec3", "initial pose [x, y, theta] of the centre of mass: m, m, rad"},
  {"velocity", "vec3", "initial velocity [vx, vy, omega]: m/s, m/s, rad/s"},
  {"lock", "ref:lock", "coordinates the initial assembly must keep"},
  END};

static const key_doc revolute_keys[] = {
  NAME("the joint's name (joints and drivers share one namespace)"),
  {"type", "!const:revolute", "revolute joint: P1 = P2"},
  BODY_PAIR, POINTS("joint point", "joint point"), END};

static const key_doc prismatic_keys[] = {
  NAME("the joint's name (joints and drivers share one namespace)"),
  {"type", "!const:prismatic", "prismatic joint: body2 slides along axis, no relative turn"},
  BODY_PAIR, POINTS("joint point", "joint point"),
  {"axis", "!vec2", "sliding direction in body1's frame, non-zero (normalised on load)"},
  {"angle", "number", "relative angle theta2 - theta1 held, rad (default: the initial poses')"},
  END};

static const key_doc fixed_keys[] = {
  NAME("the joint's name (joints and drivers share one namespace)"),
  {"type", "!const:fixed", "fixed joint: P1 = P2 and a held relative angle"},
  BODY_PAIR, POINTS("joint point", "joint point"),
  {"angle", "number", "relative angle theta2 - theta1 held, rad (default: the initial poses')"},
  END};

static const key_doc angle_driver_keys[] = {
  NAME("the driver's name (joints and drivers share one namespace)"),
  {"type", "!const:angle", "prescribes an angle"},
  {"body", "name", "drive this moving body's angle relative to the first ground body"},
  {"joint", "name", "drive this revolute joint's relative angle"},
  {"motion", "!ref:angle_motion", "the motion law f(t), rad"},
  END};

static const key_doc translation_driver_keys[] = {
  NAME("the driver's name (joints and drivers share one namespace)"),
  {"type", "!const:translation", "prescribes a distance along an axis"},
  {"body", "name", "drive this moving body's point along axis (from the first ground's origin)"},
  {"joint", "name", "drive this prismatic joint's slide"},
  {"motion", "!ref:motion", "the motion law f(t), m"},
  {"axis", "vec2", "with body: direction in the first ground body's frame, non-zero"},
  {"point", "vec2", "with body: the driven point in the body's frame, m (default [0, 0])"},
  END};

#define MOTION_KEYS                                                                          \
  {"initial", "number", "f(0): rad or m (default 0)"},                                       \
    {"velocity", "number", "constant rate: rad/s or m/s (default 0)"},                       \
    {"acceleration", "number", "constant acceleration: rad/s^2 or m/s^2 (default 0)"},       \
    {"amplitude", "number", "amplitude of the sine term: rad or m (default 0)"},             \
    {"frequency", "number", "angular frequency of the sine term, rad/s (default 0)"},        \
    {"phase", "number", "phase of the sine term, rad (default 0)"}

static const key_doc motion_keys[] = {MOTION_KEYS, END};
static const key_doc angle_motion_keys[] = {
  MOTION_KEYS,
  {"rpm", "number", "constant rate in revolutions per minute, instead of velocity"},
  END};

static const key_doc spring_keys[] = {
  NAME("the element's name, unique among forces"),
  {"type", "!const:spring", "translational spring-damper-actuator between two points"},
  BODY_PAIR, POINTS("attachment point", "attachment point"),
  {"stiffness", "number>=0", "N/m (default 0)"},
  {"damping", "number>=0", "N*s/m (default 0)"},
  {"free_length", "number>=0", "m (default 0: a zero-length spring)"},
  {"force", "number", "constant actuator force, N, tension > 0 (default 0)"},
  END};

static const key_doc torsion_keys[] = {
  NAME("the element's name, unique among forces"),
  {"type", "!const:torsion_spring", "rotational spring-damper-actuator"},
  BODY_PAIR,
  {"stiffness", "number>=0", "N*m/rad (default 0)"},
  {"damping", "number>=0", "N*m*s/rad (default 0)"},
  {"free_angle", "number", "free relative angle theta2 - theta1, rad (default 0)"},
  {"torque", "number", "constant actuator torque, N*m (default 0)"},
  END};

static const key_doc point_force_keys[] = {
  NAME("the element's name, unique among forces"),
  {"type", "!const:force", "a constant force on one moving body"},
  {"body", "!name", "the loaded moving body"},
  {"point", "vec2", "point of application in the body's frame, m (default [0, 0])"},
  {"force", "!vec2", "[fx, fy], N"},
  {"frame", "enum:world|body", "body: a follower load turning with the body (default world)"},
  END};

static const key_doc torque_keys[] = {
  NAME("the element's name, unique among forces"),
  {"type", "!const:torque", "a constant torque on one moving body"},
  {"body", "!name", "the loaded moving body"},
  {"torque", "!number", "N*m, counter-clockwise positive"},
  END};

#define CLEARANCE_HEAD(kind, what)                                                            \
  NAME("unique among clearance joints; /joints/<name> in the output"),                        \
      {"type", "!const:" kind, what}, {"body1", "!name", "the hole's body"},                  \
      {"body2", "!name", "the pin's body (different from body1)"},                            \
      {"point1", "vec2", "hole, slot or arc centre in body1's frame, m (default [0, 0])"},     \
      {"point2", "vec2", "the pin's centre in body2's frame, m (default [0, 0])"}
#define CLEARANCE_TAIL(kind)                                                                  \
  {"materials", "!ref:materials", "[hole body's material, pin body's material]"},             \
      {"contact", "ref:contact", "the contact-force model of every region"},                  \
      {"regions", "ref:regions_" kind, "contact blocks for the regions named, replacing contact"},\
      {"min_impact_velocity", "number>=0",                                                   \
       "floor of the impact velocity the contact laws see, m/s (default 1e-4)"}
#define CLEARANCE_COMMON(kind, what)                                                          \
  CLEARANCE_HEAD(kind, what), {"pin_radius", "!number>0", "journal, ball or pin radius, m"},  \
      CLEARANCE_TAIL(kind)

static const key_doc revolute_clearance_keys[] = {
  CLEARANCE_COMMON("revolute", "journal in bearing, line contact (region bearing)"),
  {"hole_radius", "number>0", "bearing radius, m (> pin_radius); or clearance"},
  {"clearance", "number>0", "radial clearance, m: hole_radius = pin_radius + clearance"},
  {"length", "!number>0", "axial length of the line contact, m"},
  {"lubrication", "ref:lubrication", "an oil film in the joint (models/README.md Lubrication)"},
  {"start", "ref:start",
   "velocities (and positions) at the start: the ideal joint's, or as given (default: the "
   "model's clearance_start)"},
  {"wear", "ref:wear", "Archard wear of the bearing (models/README.md Wear)"},
  END};

static const key_doc lubrication_keys[] = {
  {"model", "!enum:short_bearing|long_bearing",
   "short_bearing: Ocvirk's pi film (L/D <~ 1); long_bearing: Sommerfeld's full film (L/D >~ 2)"},
  {"viscosity", "!number>0", "dynamic viscosity, Pa*s"},
  {"boundary_film", "number>0",
   "the thinnest film the film force follows, m, < the radial clearance (default: the "
   "materials' combined roughness, else 1 % of the clearance)"},
  END};

static const key_doc wear_keys[] = {
  {"model", "!enum:archard", "worn volume rate k/H F_n |v_slip| at the dry contact"},
  {"k", "!number>0", "Archard's dimensionless wear coefficient"},
  {"hardness", "number>0", "H of the worn surface, Pa (default: the softer material's)"},
  {"bins", "count",
   "nodes of the depth profile along the wall (around the bearing; along a slot's tracks "
   "and caps), 3 to 100000 (default 360)"},
  {"feedback", "bool", "the worn profile widens the gap (default true)"},
  {"initial_depth", "ref:depths", "depth at the nodes to start from, m"},
  {"initial_profile", "string",
   "HDF5 file of an earlier run whose /joints/<name>/wear_depth to start from"},
  END};

static const key_doc spherical_clearance_keys[] = {
  CLEARANCE_COMMON("spherical", "ball in socket moving in the plane, point contact (socket)"),
  {"hole_radius", "number>0", "socket radius, m (> pin_radius); or clearance"},
  {"clearance", "number>0", "radial clearance, m: hole_radius = pin_radius + clearance"},
  {"start", "ref:start",
   "velocities (and positions) at the start: the ideal joint's, or as given (default: the "
   "model's clearance_start)"},
  END};

static const key_doc slot_keys[] = {
  CLEARANCE_COMMON("slot", "straight slot: flat tracks and round end caps (track, cap)"),
  {"length", "!number>0", "axial length of the line contact, m"},
  {"axis", "!vec2", "the slot's axis in body1's frame, non-zero"},
  {"half_length", "!number>=0", "from the slot's centre to each end-cap centre, m"},
  {"half_width", "!number>0", "half the slot's width = the end caps' radius, m (> pin_radius)"},
  {"wear", "ref:wear", "Archard wear of the tracks and end caps (models/README.md Wear)"},
  {"start", "ref:start_given", "a slot has no ideal joint to start as: \"given\" (the default)"},
  END};

static const key_doc curved_slot_keys[] = {
  CLEARANCE_COMMON("curved_slot", "circular-arc slot (inner, outer, cap)"),
  {"length", "!number>0", "axial length of the line contact, m"},
  {"axis", "!vec2", "from the arc centre to the middle of the arc, body1's frame, non-zero"},
  {"mean_radius", "!number>0", "the arc's mean radius, m (> half_width)"},
  {"half_angle", "!number>0", "half the arc's angular extent, rad (< pi)"},
  {"half_width", "!number>0", "half the slot's width = the end caps' radius, m (> pin_radius)"},
  {"wear", "ref:wear", "Archard wear of the tracks and end caps (models/README.md Wear)"},
  {"start", "ref:start_given", "a slot has no ideal joint to start as: \"given\" (the default)"},
  END};

static const key_doc translational_keys[] = {
  CLEARANCE_HEAD("translational", "block with rounded corners in a guide channel: each corner "
                 "against each wall (<corner>:upper, <corner>:lower)"),
  CLEARANCE_TAIL("translational"),
  {"length", "!number>0", "axial depth of the corners' line contacts, m"},
  {"axis", "!vec2", "the channel's centre line through point1, body1's frame, non-zero"},
  {"half_length", "!number>0", "the block's half length along body2's x, m (> corner_radius)"},
  {"half_width", "!number>0", "the block's half width along body2's y, m (> corner_radius)"},
  {"corner_radius", "!number>0", "radius of the block's rounded corners, m"},
  {"guide_half_width", "!number>0",
   "the channel's walls at this distance either side of its centre line, m (> half_width)"},
  {"start", "ref:start_guide",
   "velocities (and positions) at the start: the ideal joint's, or as given (default: the "
   "model's clearance_start)"},
  END};

static const key_doc profile_clearance_keys[] = {
  NAME("unique among clearance joints; /joints/<name> in the output"),
  {"type", "!const:profile",
   "a follower circle against body1's profile (regions flat, arc1 … arc7)"},
  {"body1", "!name", "the body carrying the profile"},
  {"body2", "!name", "the follower's body (different from body1)"},
  {"point2", "vec2", "the follower's centre in body2's frame, m (default [0, 0]; not with "
   "follower)"},
  {"pin_radius", "number>0", "the follower's radius, m (a point: a small one); required "
   "unless follower gives body2's outline, refused with it"},
  CLEARANCE_TAIL("profile"),
  {"length", "!number>0", "axial length of the line contact, m"},
  {"profile", "!ref:profile_walls",
   "body1's wall: a path of segments and arcs in body1's frame; or an array of walls, each its "
   "own contact point"},
  {"follower", "ref:profile",
   "body2's outline in place of a follower circle: a path of segments and arcs in body2's "
   "frame, the solid (body2's) on one side; each convex arc or corner of it against each "
   "wall, and each convex arc or corner of a path wall against it, is a contact point"},
  {"start", "ref:start_given", "a profile has no ideal joint to start as: \"given\" (the default)"},
  {"clearance", "number>0", "the scale on which contact is told from gap, m (the tolerances' "
   "cap, the depth warnings): by default the narrowest concave bend's R - r, else half the "
   "follower's play at the start between its wall and the one opposite, else 1 % of the wall's "
   "bounding radius"},
  END};

static const key_doc gear_clearance_keys[] = {
  NAME("unique among clearance joints; /joints/<name> in the output"),
  {"type", "!const:gear", "a gear mesh with backlash between the two bodies' angles "
   "(regions forward, reverse)"},
  {"body1", "!name", "one gear"},
  {"body2", "!name", "the other gear (different from body1)"},
  {"base_radii", "!vec2", "[body1's, body2's] base radius, m (> 0)"},
  {"mesh", "enum:external|internal", "external: the gears turn opposite ways; internal: a ring "
   "gear, or a coupling of equal radii (default external)"},
  {"backlash", "!number>0", "body2's free play with body1 held, rad"},
  {"pressure_angle", "number>0", "rad, < pi/2 (default 20 deg): the involutes' curvature radii "
   "rb tan of it at the pitch point are the laws' radii"},
  {"length", "!number>0", "face width: the teeth's line contact, m"},
  CLEARANCE_TAIL("gear"),
  {"start", "ref:start_given", "a gear mesh has no ideal joint to start as: \"given\" (the "
   "default); it starts centred in its play"},
  END};

static const key_doc profile_keys[] = {
  {"path", "!ref:path", "a start point [x, y], then points (a segment to each), arc steps and "
   "spline steps"},
  {"closed", "bool", "a segment from the last point back to the start, if it is elsewhere "
   "(default false)"},
  {"solid", "!enum:left|right", "the side of the path, walking along it, where body1's solid is"},
  END};

static const key_doc spline_wall_keys[] = {
  {"spline", "!ref:spline_points", "the points the closed curve passes through, in order (not "
   "repeating the first), m"},
  {"solid", "!enum:left|right", "the side of the curve, walking through the points, where "
   "body1's solid is"},
  {"bands", "count", "parts of equal parameter length the curve is cut into from its first "
   "point, each in the region of its own tightest bend, their laws blended where they meet "
   "(default 1, at most 7)"},
  END};

static const key_doc spline_step_keys[] = {
  {"spline", "!ref:step_points", "the points an open cubic spline passes through from the "
   "path's last point, in order, m; its ends tangent to the segments and arcs either side, "
   "or next to another spline step to the chord through the points either side of where they "
   "meet (natural, c'' = 0, at an open path's end)"},
  {"bands", "count", "parts of equal parameter length the step is cut into, each in the region "
   "of its own tightest bend, their laws blended where they meet (default 1, at most 7)"},
  END};

static const key_doc arc_step_keys[] = {
  {"arc_to", "!vec2", "the arc's end, m"},
  {"centre", "!vec2", "the arc's centre (as far from the end as from the start), m"},
  {"turn", "!enum:ccw|cw", "the way round the centre"},
  END};

#define REGION(r) {r, "ref:contact", "the contact block of region " r}
static const key_doc revolute_regions[] = {REGION("bearing"), END};
static const key_doc spherical_regions[] = {REGION("socket"), END};
static const key_doc slot_regions[] = {REGION("track"), REGION("cap"), END};
static const key_doc gear_regions[] = {REGION("forward"), REGION("reverse"), END};
static const key_doc profile_regions[] = {
  {"flat", "ref:contact", "the contact block of the segments and corners"},
  REGION("arc1"), REGION("arc2"), REGION("arc3"), REGION("arc4"), REGION("arc5"),
  REGION("arc6"), REGION("arc7"), END};
static const key_doc curved_slot_regions[] = {REGION("inner"), REGION("outer"), REGION("cap"),
                                              END};
#define WALL(w) {w, "ref:contact", "the contact block of every corner against the " w " wall"}
static const key_doc translational_regions[] = {
  WALL("upper"), WALL("lower"),
  REGION("front_top:upper"), REGION("front_top:lower"), REGION("rear_top:upper"),
  REGION("rear_top:lower"), REGION("rear_bottom:upper"), REGION("rear_bottom:lower"),
  REGION("front_bottom:upper"), REGION("front_bottom:lower"), END};

static const key_doc material_keys[] = {
  {"E", "!number>0", "Young's modulus, Pa"},
  {"nu", "!number", "Poisson's ratio, in (-1, 0.5]"},
  {"yield_strength", "number>=0", "Pa (0: not given)"},
  {"hardness", "number>=0", "Pa (0: not given)"},
  {"density", "number>=0", "kg/m^3 (0: not given)"},
  {"roughness", "number>=0", "Ra, m (0: not given)"},
  END};

static const key_doc contact_keys[] = {
  {"elastic", "!ref:elastic_law", "the elastic law F_e(delta)"},
  {"damping", "!ref:damping_law", "the normal force with its dissipative part"},
  {"restitution", "ref:restitution_law",
   "c_r at contact onset; required unless the damping law ignores c_r"},
  {"friction", "ref:friction_law", "tangential force (none: frictionless)"},
  END};

static const key_doc solver_keys[] = {
  {"formulation", "enum:index3|ggl|projected|auto", "index-3 DAE, stabilized index 2 (default ggl), the index-1 ODE with projection integrated by explicit Runge-Kutta (projected), or projected handing lasting stiff contacts to ggl (auto)"},
  {"t_end", "number>0", "end time, s (default 1)"},
  {"rtol", "number>0", "relative tolerance (default 1e-6)"},
  {"atol", "number>0", "absolute tolerance of positions, m and rad (default 1e-8)"},
  {"max_step", "number>=0", "largest step, s (default 0: unlimited)"},
  {"initial_step", "number>=0", "first step, s (default 0: the integrator's choice)"},
  {"max_steps", "count", "internal steps allowed between two outputs (default 500000)"},
  {"linear_solver", "enum:auto|dense|sparse", "IDAS' iteration matrix (ggl, index3): dense LAPACK LU, sparse over the model's graph with KLU, or auto (default: dense below 50 unknowns, sparse from there)"},
  END};

static const key_doc output_keys[] = {
  {"file", "string", "HDF5 file, relative to the working directory and without \"..\" (default \"\": MODEL.h5 in the working directory)"},
  {"interval", "number>0", "time between output rows, s, at least 1e-9 t_end (default 0.01)"},
  END};

static const key_doc impact_keys[] = {
  {"$schema", "string", "the schema this file follows (for editors; the loader ignores it)"},
  NAME("the impact's name"),
  {"description", "string", "what it is, and what was converted to SI"},
  {"geometry", "!ref:geometry", "the two surfaces"},
  {"materials", "!ref:materials", "[body 1's material, body 2's material]"},
  {"masses", "!ref:masses", "[m1, m2], kg, each >= 0, 0 for a fixed body"},
  {"velocity", "!number>0", "approach speed at onset, m/s"},
  {"contact", "!ref:contact", "the contact-force model"},
  {"solver", "ref:impact_solver", "integrator settings"},
  {"output", "ref:impact_output", "output file and interval"},
  END};

static const key_doc geometry_keys[] = {
  {"shape", "!enum:point|line", "spheres in point contact, or cylinders in line contact"},
  {"internal", "bool", "body 1 inside body 2 (ball in socket, journal in bearing; default false)"},
  {"R1", "!number>0", "body 1's radius (the convex one), m"},
  {"R2", "number>=0", "body 2's radius, m: the hole's (> R1) when internal, 0 for a flat"},
  {"length", "number>0", "axial length of a line contact, m (line only)"},
  END};

static const key_doc impact_solver_keys[] = {
  {"rtol", "number>0", "relative tolerance, < 1 (default 1e-8)"},
  {"atol", "number>0", "absolute tolerance of delta, m (default rtol x the undamped peak)"},
  {"max_step", "number>0", "largest step, s (default unlimited)"},
  END};

static const key_doc impact_output_keys[] = {
  {"file", "string", "HDF5 file, relative to the working directory and without \"..\" (default \"\": IMPACT.h5 in the working directory)"},
  {"interval", "number>0", "s between rows (default: a row at every integrator step)"},
  END};

static const object_doc model_objects[] = {
  {"ground_body", "ground body", "a body fixed at its position", ground_body_keys},
  {"moving_body", "moving body", "a rigid body; its frame is at its centre of mass",
   moving_body_keys},
  {"revolute_joint", "revolute joint", "rows x, y: P1 - P2 = 0", revolute_keys},
  {"prismatic_joint", "prismatic joint", "rows angle, normal", prismatic_keys},
  {"fixed_joint", "fixed joint", "rows x, y, angle", fixed_keys},
  {"angle_driver", "angle driver", "names either body or joint", angle_driver_keys},
  {"translation_driver", "translation driver", "names either body (with axis) or joint",
   translation_driver_keys},
  {"motion", "motion law",
   "f(t) = initial + velocity t + acceleration t^2/2 + amplitude sin(frequency t + phase)",
   motion_keys},
  {"angle_motion", "angle driver's motion law",
   "as motion; the rate may be given in r/min (rpm) instead of rad/s (velocity)",
   angle_motion_keys},
  {"spring", "spring", "tension = stiffness (l - free_length) + damping l' + force", spring_keys},
  {"torsion_spring", "torsion spring",
   "tau = stiffness (phi - free_angle) + damping phi' + torque, phi = theta2 - theta1",
   torsion_keys},
  {"point_force", "force", "a constant force at a point", point_force_keys},
  {"torque", "torque", "a constant torque", torque_keys},
  {"revolute_clearance", "revolute clearance joint", "journal in bearing",
   revolute_clearance_keys},
  {"lubrication", "lubrication", "an oil film in a revolute clearance joint", lubrication_keys},
  {"wear", "wear", "Archard wear of a revolute clearance joint's bearing or a slot's wall",
   wear_keys},
  {"spherical_clearance", "spherical clearance joint", "ball in socket",
   spherical_clearance_keys},
  {"slot_clearance", "slot clearance joint", "pin in a straight slot", slot_keys},
  {"curved_slot_clearance", "curved slot clearance joint", "pin in a circular-arc slot",
   curved_slot_keys},
  {"translational_clearance", "translational clearance joint",
   "a block with rounded corners in a guide channel", translational_keys},
  {"profile_clearance", "profile contact", "a follower circle against a body's profile",
   profile_clearance_keys},
  {"profile", "profile", "a path of segments and arcs with the solid on one side", profile_keys},
  {"spline_wall", "spline wall",
   "a closed periodic cubic spline through points (chord-length parameter), the solid on one "
   "side", spline_wall_keys},
  {"gear_clearance", "gear mesh", "a gear pair with backlash", gear_clearance_keys},
  {"regions_gear", "regions", "contact blocks by flank", gear_regions},
  {"arc_step", "arc step", "an arc from the path's last point", arc_step_keys},
  {"spline_step", "spline step", "an open cubic spline from the path's last point through "
   "points (chord-length parameter)", spline_step_keys},
  {"regions_profile", "regions",
   "contact blocks by region: flat, then arc<k> for the k-th distinct arc (radius and side)",
   profile_regions},
  {"regions_revolute", "regions", "contact blocks by region", revolute_regions},
  {"regions_spherical", "regions", "contact blocks by region", spherical_regions},
  {"regions_slot", "regions", "contact blocks by region", slot_regions},
  {"regions_curved_slot", "regions", "contact blocks by region", curved_slot_regions},
  {"regions_translational", "regions", "contact blocks by region or by wall",
   translational_regions},
  {"material", "material", "a body's material", material_keys},
  {"contact", "contact block", "one law per family: {\"model\": <name>, <parameter>: <value>}",
   contact_keys},
  {"solver", "solver", "integrator settings", solver_keys},
  {"output", "output", "output file and interval", output_keys},
  {NULL, NULL, NULL, NULL}};

static const object_doc impact_objects[] = {
  {"geometry", "geometry", "body 1 is the convex one (ball, journal, pin)", geometry_keys},
  {"material", "material", "a body's material", material_keys},
  {"contact", "contact block", "one law per family: {\"model\": <name>, <parameter>: <value>}",
   contact_keys},
  {"impact_solver", "solver", "integrator settings", impact_solver_keys},
  {"impact_output", "output", "output file and interval", impact_output_keys},
  {NULL, NULL, NULL, NULL}};

/* Variants told apart by their "type" (or "ground"): def, its variants, what they are. */
typedef struct union_doc {
  const char *def, *title, *doc;
  const char *variants[8]; /* NULL-terminated */
} union_doc;

static const union_doc model_unions[] = {
  {"body", "body", "a ground body (\"ground\": true) or a moving body (with a mass)",
   {"ground_body", "moving_body"}},
  {"joint", "joint", "an ideal joint", {"revolute_joint", "prismatic_joint", "fixed_joint"}},
  {"driver", "driver", "a prescribed motion", {"angle_driver", "translation_driver"}},
  {"force", "force element", "springs, dampers, actuators, applied loads",
   {"spring", "torsion_spring", "point_force", "torque"}},
  {"clearance_joint", "clearance joint", "a contact force element in place of an ideal joint",
   {"revolute_clearance", "spherical_clearance", "slot_clearance", "curved_slot_clearance",
    "translational_clearance", "profile_clearance", "gear_clearance"}},
  {NULL, NULL, NULL, {NULL}}};

/* ---------------------------------------------------------------- building --------------- */

static cJSON *ref(const char *def)
{
  char buf[320];
  snprintf(buf, sizeof buf, "#/$defs/%s", def);
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "$ref", buf);
  return r;
}

static cJSON *words(const char *list) /* "a|b|c" → ["a", "b", "c"] */
{
  cJSON *a = cJSON_CreateArray();
  char buf[256];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *w = strtok(buf, "|"); w; w = strtok(NULL, "|"))
    cJSON_AddItemToArray(a, cJSON_CreateString(w));
  return a;
}

static cJSON *vector(int n)
{
  cJSON *s = cJSON_CreateObject();
  cJSON_AddStringToObject(s, "type", "array");
  cJSON *items = cJSON_AddObjectToObject(s, "items");
  cJSON_AddStringToObject(items, "type", "number");
  cJSON_AddNumberToObject(s, "minItems", n);
  cJSON_AddNumberToObject(s, "maxItems", n);
  return s;
}

/* The schema of one key from its spec (key_doc). */
static cJSON *key_schema(const char *spec, const char *doc)
{
  cJSON *s;
  if (!strncmp(spec, "ref:", 4)) {
    s = ref(spec + 4);
  } else if (!strncmp(spec, "array:", 6)) {
    s = cJSON_CreateObject();
    cJSON_AddStringToObject(s, "type", "array");
    cJSON_AddItemToObject(s, "items", ref(spec + 6));
  } else if (!strcmp(spec, "vec2") || !strcmp(spec, "vec3")) {
    s = vector(spec[3] - '0');
  } else {
    s = cJSON_CreateObject();
    if (!strncmp(spec, "enum:", 5)) {
      cJSON_AddItemToObject(s, "enum", words(spec + 5));
    } else if (!strncmp(spec, "const:", 6)) {
      cJSON_AddStringToObject(s, "const", spec + 6);
    } else if (!strcmp(spec, "name")) {
      cJSON_AddStringToObject(s, "type", "string");
      cJSON_AddStringToObject(s, "pattern", "^[^/\\u0000]+$"); /* no NUL: C strings end there */
    } else if (!strcmp(spec, "true") || !strcmp(spec, "false")) {
      cJSON_AddItemToObject(s, "const", cJSON_CreateBool(spec[0] == 't'));
    } else if (!strcmp(spec, "bool")) {
      cJSON_AddStringToObject(s, "type", "boolean");
    } else if (!strcmp(spec, "count")) {
      cJSON_AddStringToObject(s, "type", "integer");
      cJSON_AddNumberToObject(s, "minimum", 1);
    } else if (!strncmp(spec, "number", 6)) {
      cJSON_AddStringToObject(s, "type", "number");
      if (!strcmp(spec + 6, ">0"))
        cJSON_AddNumberToObject(s, "exclusiveMinimum", 0);
      else if (!strcmp(spec + 6, ">=0"))
        cJSON_AddNumberToObject(s, "minimum", 0);
    } else {
      cJSON_AddStringToObject(s, "type", "string");
    }
  }
  cJSON_AddStringToObject(s, "description", doc);
  return s;
}

static cJSON *object_schema(const object_doc *o)
{
  cJSON *s = cJSON_CreateObject();
  cJSON_AddStringToObject(s, "title", o->title);
  cJSON_AddStringToObject(s, "description", o->doc);
  cJSON_AddStringToObject(s, "type", "object");
  cJSON *props = cJSON_AddObjectToObject(s, "properties");
  cJSON *req = cJSON_CreateArray();
  for (const key_doc *k = o->keys; k->key; k++) {
    int required = k->spec[0] == '!';
    cJSON_AddItemToObject(props, k->key, key_schema(k->spec + required, k->doc));
    if (required)
      cJSON_AddItemToArray(req, cJSON_CreateString(k->key));
  }
  if (cJSON_GetArraySize(req) > 0)
    cJSON_AddItemToObject(s, "required", req);
  else
    cJSON_Delete(req);
  cJSON_AddFalseToObject(s, "additionalProperties");
  return s;
}

static cJSON *one_of(const char *const *defs)
{
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; defs[i]; i++)
    cJSON_AddItemToArray(a, ref(defs[i]));
  return a;
}

/* Conditions the key tables cannot say (the loader checks them too, with its own messages). */
static cJSON *parse(const char *json)
{
  return cJSON_Parse(json);
}

static void add_model_constraints(cJSON *defs)
{
  cJSON_AddItemToObject(defs, "lock",
                        parse("{\"description\": \"coordinates the initial assembly keeps, each "
                              "once\", \"type\": \"array\", \"items\": {\"enum\": [\"x\", "
                              "\"y\", \"theta\"]}, \"uniqueItems\": true}"));
  /* A driver names either a body or a joint; a translation driver on a body needs an axis,
   * and on a joint takes the joint's axis and points. */
  cJSON_AddItemToObject(cJSON_GetObjectItem(defs, "angle_driver"), "oneOf",
                        parse("[{\"required\": [\"body\"]}, {\"required\": [\"joint\"]}]"));
  cJSON_AddItemToObject(
    cJSON_GetObjectItem(defs, "translation_driver"), "oneOf",
    parse("[{\"required\": [\"body\", \"axis\"]}, {\"required\": [\"joint\"], \"not\": "
          "{\"anyOf\": [{\"required\": [\"axis\"]}, {\"required\": [\"point\"]}]}}]"));
  const char *const kinds[] = {"revolute_clearance", "spherical_clearance", "slot_clearance",
                               "curved_slot_clearance", "translational_clearance",
                               "profile_clearance", "gear_clearance", NULL};
  for (int i = 0; kinds[i]; i++)
    cJSON_AddItemToObject(cJSON_GetObjectItem(defs, kinds[i]), "anyOf",
                          parse("[{\"required\": [\"contact\"]}, {\"required\": [\"regions\"]}]"));
  /* a round hole: its radius or the clearance, one of the two; velocity or rpm, not both */
  for (int i = 0; i < 2; i++)
    cJSON_AddItemToObject(cJSON_GetObjectItem(defs, kinds[i]), "oneOf",
                          parse("[{\"required\": [\"hole_radius\"]}, "
                                "{\"required\": [\"clearance\"]}]"));
  cJSON_AddItemToObject(cJSON_GetObjectItem(defs, "angle_motion"), "not",
                        parse("{\"required\": [\"velocity\", \"rpm\"]}"));
  cJSON_AddItemToObject(defs, "depths",
                        parse("{\"description\": \"depths at the nodes P i / n along the "
                              "wall of length P (a bearing: the angles 2 pi i / n), m\", "
                              "\"type\": \"array\", \"items\": {\"type\": \"number\", "
                              "\"minimum\": 0}, \"minItems\": 3}"));
  /* a clearance joint's start: a word for the velocities, or both parts by name */
  cJSON_AddItemToObject(
    defs, "start",
    parse("{\"description\": \"ideal: the velocities of the ideal joint (revolute, spherical: a "
          "revolute; translational: a prismatic), given: the bodies' own; or both parts, the "
          "position centred (on the hole's centre, the guide's centre line), resting (a round "
          "hole's pin on its wall, opposite the ideal joint's reaction on it at t0) or "
          "given\", "
          "\"oneOf\": [{\"enum\": [\"ideal\", \"given\"]}, {\"type\": \"object\", "
          "\"properties\": {\"velocity\": {\"enum\": [\"ideal\", \"given\"]}, "
          "\"position\": {\"enum\": [\"given\", \"centred\", \"resting\"]}}, "
          "\"additionalProperties\": false}]}"));
  cJSON_AddItemToObject(
    defs, "start_guide",
    parse("{\"description\": \"a translational joint's start: as start, but never resting "
          "(which corners carry the load is not defined)\", "
          "\"oneOf\": [{\"enum\": [\"ideal\", \"given\"]}, {\"type\": \"object\", "
          "\"properties\": {\"velocity\": {\"enum\": [\"ideal\", \"given\"]}, "
          "\"position\": {\"enum\": [\"given\", \"centred\"]}}, "
          "\"additionalProperties\": false}]}"));
  cJSON_AddItemToObject(
    defs, "start_given",
    parse("{\"description\": \"a slot starts with the given velocities and positions\", "
          "\"oneOf\": [{\"const\": \"given\"}, {\"type\": \"object\", \"properties\": "
          "{\"velocity\": {\"const\": \"given\"}, \"position\": {\"const\": "
          "\"given\"}}, \"additionalProperties\": false}]}"));
  cJSON_AddItemToObject(
    defs, "path",
    parse("{\"description\": \"a start point [x, y], then points [x, y] (a segment to each), "
          "arc steps and spline steps\", \"type\": \"array\", \"minItems\": 2, \"items\": "
          "{\"oneOf\": [{\"type\": \"array\", \"items\": {\"type\": \"number\"}, "
          "\"minItems\": 2, \"maxItems\": 2}, {\"$ref\": \"#/$defs/arc_step\"}, {\"$ref\": "
          "\"#/$defs/spline_step\"}]}}"));
  cJSON_AddItemToObject(
    defs, "profile_walls",
    parse("{\"description\": \"one wall (a path, or a spline), or an array of walls: the "
          "follower touches each on its own (a contact point per wall; their arcs share the "
          "regions)\", \"oneOf\": [{\"$ref\": \"#/$defs/profile\"}, {\"$ref\": "
          "\"#/$defs/spline_wall\"}, {\"type\": \"array\", \"minItems\": 1, \"items\": "
          "{\"oneOf\": [{\"$ref\": \"#/$defs/profile\"}, {\"$ref\": \"#/$defs/spline_wall\"}]}}]}"));
  cJSON_AddItemToObject(
    defs, "spline_points",
    parse("{\"description\": \"points [x, y] the closed spline passes through, at least 4\", "
          "\"type\": \"array\", \"minItems\": 4, \"items\": {\"type\": \"array\", \"items\": "
          "{\"type\": \"number\"}, \"minItems\": 2, \"maxItems\": 2}}"));
  cJSON_AddItemToObject(
    defs, "step_points",
    parse("{\"description\": \"points [x, y] a spline step passes through, at least 1\", "
          "\"type\": \"array\", \"minItems\": 1, \"items\": {\"type\": \"array\", "
          "\"items\": {\"type\": \"number\"}, \"minItems\": 2, \"maxItems\": 2}}"));
  cJSON_AddItemToObject(cJSON_GetObjectItem(defs, "wear"), "not",
                        parse("{\"required\": [\"initial_depth\", \"initial_profile\"]}"));
}

static void add_common_defs(cJSON *defs)
{
  cJSON *m = cJSON_AddObjectToObject(defs, "materials");
  cJSON_AddStringToObject(m, "description", "[body 1's material, body 2's material]");
  cJSON_AddStringToObject(m, "type", "array");
  cJSON_AddItemToObject(m, "items", ref("material"));
  cJSON_AddNumberToObject(m, "minItems", 2);
  cJSON_AddNumberToObject(m, "maxItems", 2);
}

/* ---------------------------------------------------------------- contact laws ----------- */

static cJSON *param_schema(const cs_param_spec *p)
{
  char doc[512];
  cJSON *s = cJSON_CreateObject();
  snprintf(doc, sizeof doc, "%s [%s]", p->doc ? p->doc : p->name, p->units ? p->units : "-");
  cJSON_AddStringToObject(s, "description", doc);
  cJSON_AddStringToObject(s, "type", "number");
  if (isfinite(p->lo))
    cJSON_AddNumberToObject(s, p->flags & CS_PARAM_LO_OPEN ? "exclusiveMinimum" : "minimum",
                            p->lo);
  if (isfinite(p->hi))
    cJSON_AddNumberToObject(s, p->flags & CS_PARAM_HI_OPEN ? "exclusiveMaximum" : "maximum",
                            p->hi);
  if (!(p->flags & CS_PARAM_REQUIRED) && isfinite(p->def))
    cJSON_AddNumberToObject(s, "default", p->def);
  /* the units on their own too, for tools that show them apart (an annotation keyword) */
  cJSON_AddStringToObject(s, "units", p->units ? p->units : "-");
  return s;
}

static cJSON *law_schema(const cs_law *law)
{
  char doc[1024];
  cJSON *s = cJSON_CreateObject();
  cJSON_AddStringToObject(s, "title", law->name);
  snprintf(doc, sizeof doc, "%s%s%s", law->summary ? law->summary : "",
           law->source ? ". Source: " : "", law->source ? law->source : "");
  cJSON_AddStringToObject(s, "description", doc);
  cJSON_AddStringToObject(s, "type", "object");
  cJSON *props = cJSON_AddObjectToObject(s, "properties");
  cJSON *model = cJSON_AddObjectToObject(props, "model");
  cJSON_AddStringToObject(model, "const", law->name);
  cJSON_AddStringToObject(model, "description", doc);
  cJSON *req = cJSON_AddArrayToObject(s, "required");
  cJSON_AddItemToArray(req, cJSON_CreateString("model"));
  for (int i = 0; i < law->nparams; i++) {
    cJSON_AddItemToObject(props, law->params[i].name, param_schema(&law->params[i]));
    if (law->params[i].flags & CS_PARAM_REQUIRED)
      cJSON_AddItemToArray(req, cJSON_CreateString(law->params[i].name));
  }
  cJSON_AddFalseToObject(s, "additionalProperties");
  return s;
}

/* <family>_law: {"model": one of the family's names, …} as one of the laws' own schemas; and
 * each law as <family>.<name>. */
static void add_laws(cJSON *defs, const cs_registry *reg)
{
  cJSON *ignores = cJSON_CreateArray();
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    char def[64], doc[128];
    const char *fam = cs_family_name((cs_family)f);
    snprintf(def, sizeof def, "%s_law", fam);
    snprintf(doc, sizeof doc, "a %s law: {\"model\": <name>, <parameter>: <value>, ...}", fam);
    cJSON *s = cJSON_AddObjectToObject(defs, def);
    cJSON_AddStringToObject(s, "description", doc);
    cJSON_AddStringToObject(s, "type", "object");
    cJSON_AddItemToObject(s, "required", parse("[\"model\"]"));
    cJSON *model = cJSON_AddObjectToObject(cJSON_AddObjectToObject(s, "properties"), "model");
    cJSON_AddStringToObject(model, "description", "the law's name (clearsim laws)");
    cJSON *names = cJSON_AddArrayToObject(model, "enum");
    cJSON *variants = cJSON_AddArrayToObject(s, "oneOf");
    for (int i = 0; i < cs_registry_count(reg, (cs_family)f); i++) {
      const cs_law *law = cs_registry_get(reg, (cs_family)f, i);
      char lawdef[256];
      snprintf(lawdef, sizeof lawdef, "%s.%s", fam, law->name);
      cJSON_AddItemToArray(names, cJSON_CreateString(law->name));
      cJSON_AddItemToArray(variants, ref(lawdef));
      cJSON_AddItemToObject(defs, lawdef, law_schema(law));
      if (f == CS_DAMPING && law->ignores_cr)
        cJSON_AddItemToArray(ignores, cJSON_CreateString(law->name));
    }
  }
  /* restitution is required unless the damping law never reads c_r */
  cJSON *contact = cJSON_GetObjectItem(defs, "contact");
  cJSON *cond = cJSON_AddObjectToObject(contact, "if");
  cJSON *model = cJSON_AddObjectToObject(
    cJSON_AddObjectToObject(cJSON_AddObjectToObject(
                              cJSON_AddObjectToObject(cond, "properties"), "damping"),
                            "properties"),
    "model");
  cJSON_AddItemToObject(model, "enum", ignores);
  cJSON_AddItemToObject(contact, "else", parse("{\"required\": [\"restitution\"]}"));
}

/* ---------------------------------------------------------------- documents -------------- */

static cJSON *document(const char *title, const char *doc, const object_doc *root,
                       const object_doc *objects, const union_doc *unions, int model,
                       const cs_registry *reg)
{
  cJSON *s = cJSON_CreateObject();
  cJSON_AddStringToObject(s, "$schema", "https://json-schema.org/draft/2020-12/schema");
  cJSON_AddStringToObject(s, "title", title);
  cJSON *top = object_schema(root);
  cJSON_AddStringToObject(s, "description", doc);
  cJSON_AddStringToObject(s, "type", "object");
  cJSON_AddItemToObject(s, "properties", cJSON_DetachItemFromObject(top, "properties"));
  cJSON_AddItemToObject(s, "required", cJSON_DetachItemFromObject(top, "required"));
  cJSON_AddFalseToObject(s, "additionalProperties");
  cJSON_Delete(top);
  cJSON *defs = cJSON_AddObjectToObject(s, "$defs");
  for (const object_doc *o = objects; o->def; o++)
    cJSON_AddItemToObject(defs, o->def, object_schema(o));
  for (const union_doc *u = unions; u && u->def; u++) {
    cJSON *v = cJSON_AddObjectToObject(defs, u->def);
    cJSON_AddStringToObject(v, "title", u->title);
    cJSON_AddStringToObject(v, "description", u->doc);
    cJSON_AddItemToObject(v, "oneOf", one_of(u->variants));
  }
  add_common_defs(defs);
  if (model)
    add_model_constraints(defs);
  else
    cJSON_AddItemToObject(defs, "masses",
                          parse("{\"description\": \"[m1, m2], kg, 0 for a fixed body\", "
                                "\"type\": \"array\", \"items\": {\"type\": \"number\", "
                                "\"minimum\": 0}, \"minItems\": 2, \"maxItems\": 2}"));
  add_laws(defs, reg);
  return s;
}

static const object_doc model_root = {"", "", "", model_keys};
static const object_doc impact_root = {"", "", "", impact_keys};

char *cs_schema_text(const char *kind)
{
  cs_registry *reg = cs_registry_new();
  if (!reg)
    return NULL;
  cJSON *s = NULL;
  if (!strcmp(kind, "model"))
    s = document("clearsim model file",
                 "A planar mechanism for clearsim (models/README.md). SI units, radians.",
                 &model_root, model_objects, model_unions, 1, reg);
  else if (!strcmp(kind, "impact"))
    s = document("clearsim impact file",
                 "One normal impact of two bodies for clearsim impact (models/README.md "
                 "\"Impact files\"). SI units.",
                 &impact_root, impact_objects, NULL, 0, reg);
  cs_registry_free(reg);
  char *text = s ? cJSON_Print(s) : NULL;
  cJSON_Delete(s);
  return text;
}

/* ---------------------------------------------------------------- the command ------------ */

static const char *const usage_schema =
  "usage: clearsim schema model|impact [-o FILE]\n"
  "\n"
  "Prints the JSON Schema (draft 2020-12) of model files or impact files: every key with its\n"
  "type, units and meaning, and every contact law of the registry with its parameters (units,\n"
  "defaults, ranges) and source. models/schema/ holds the same, for editors: a file that says\n"
  "\"$schema\": \"<path to models/schema/model.schema.json>\" is validated and completed.\n";

int cs_cli_schema(int argc, char **argv)
{
  const char *kind = NULL, *out = NULL;
  int c;
  static const struct option opts[] = {
    {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  if (cli_wants_help(argc, argv))
    c = 'h';
  else
    while ((c = cli_getopt(argc, argv, "o:h", opts)) == 'o')
      out = optarg;
  if (c == 'h') {
    fputs(usage_schema, stdout);
    return 0;
  }
  if (c == '?' || cli_arguments(argc, argv, 1, &kind))
    return 1;
  if (kind && strcmp(kind, "model") && strcmp(kind, "impact")) {
    cli_unexpected(argv, kind);
    return 1;
  }
  if (!kind) {
    fputs(usage_schema, stderr);
    return 1;
  }
  char *text = cs_schema_text(kind);
  if (!text) {
    fprintf(stderr, "clearsim schema: out of memory\n");
    return 4;
  }
  FILE *f = out ? fopen(out, "w") : stdout;
  int ok = f && fprintf(f, "%s\n", text) >= 0;
  if (out && f)
    ok = (fclose(f) == 0) && ok;
  free(text);
  if (!ok) {
    fprintf(stderr, "clearsim schema: cannot write %s\n", out ? out : "stdout");
    return 6;
  }
  return 0;
}
