/*
 * cs_clearance.h — geometry of clearance joints (internal).
 *
 * Every kind is a gap function δ = g(p) of one vector: p, the pin centre expressed in the
 * frame of the body carrying the hole (body[0]). The kinematics of p(q) over the two bodies'
 * coordinates q = (x0 y0 θ0 x1 y1 θ1) is shared; each kind only says, for a given p, which
 * region is active and g, ∂g/∂p, ∂²g/∂p² there. Each region's g is a signed distance
 * (|∂g/∂p| = 1), so the contact normal is ∂g/∂p and the contact point on the pin is
 * p + R_pin ∂g/∂p. Regions meet continuously: δ is continuous in p.
 */
#ifndef CS_CLEARANCE_H
#define CS_CLEARANCE_H

#include "cs_clearance_spec.h"
#include "cs_joints.h"
#include "cs_profile.h"

typedef struct cs_gap {
  int region;
  double delta;      /* penetration (> 0 in contact), m */
  double grad[2];    /* ∂δ/∂p: unit normal, body[0] frame, pointing from the pin into the wall */
  double hess[4];    /* ∂²δ/∂p², row-major */
  /* a gap that depends on the bodies' relative angle φ = θ1 − θ0 too (a follower's face on a
   * spline wall, clearance_face.c; 0 for every other): ∂δ/∂φ, ∂²δ/∂p∂φ, ∂²δ/∂φ² */
  double dphi, hpphi[2], hphi;
  int at_given;      /* the contact point at (body[0] frame) is given, with ∂at/∂p (row-major)
                      * and ∂at/∂φ; else p + R ∇δ */
  double at[2], dat[4], datphi[2];
  int beyond;        /* past its wall's join (cs_profile_continue): the gap is the next wall's,
                      * whose pin takes the contact on at the next restart (cs_clearances_settle);
                      * a pin out of contact does not touch there */
} cs_gap;

/* The region names of a kind ("bearing"; "track", "cap"; "inner", "outer", "cap";
 * "<corner>:<wall>" for the translational joint's corners against its walls). */
const char *cs_clearance_region_name(cs_clearance_kind kind, int region);
int cs_clearance_region_count(cs_clearance_kind kind);
/* The regions of this joint: its kind's, or its profile's. */
int cs_clearance_regions(const cs_clearance *c);
const char *cs_clearance_kind_name(cs_clearance_kind kind);
/* A region's group, which a "regions" block may name to set all its members ("upper" and
 * "lower": a translational joint's walls), or NULL. */
const char *cs_clearance_region_group(cs_clearance_kind kind, int region);

/* Pins: the contact points, each with its own contact state. One for every kind but the
 * translational joint, whose four rounded corners each are one (pin 0..3: front_top, rear_top,
 * rear_bottom, front_bottom), and a profile joint of several walls: pin i is the follower
 * against wall i (the same circle). A pin's regions are its own: pin i of a translational
 * joint touches in regions 2i (upper wall) and 2i + 1 (lower wall); a profile's walls share
 * theirs. */
int cs_clearance_pin_count(const cs_clearance *c);
/* Pin `pin`'s name, snprintf's way: a translational joint's corner (front_top, …), a
 * follower outline's pair (cs_follower_pair_name), a profile's "wall <i>", else "pin". */
int cs_clearance_pin_name(const cs_clearance *c, int pin, char *buf, size_t size);
/* Whether `region` belongs to pin `pin`. */
int cs_clearance_pin_region(cs_clearance_kind kind, int pin, int region);
/* Whether pin `pin` meets `region` but another pin carries that contact, so that its law
 * there acts with no force: a follower outline's corner on a wall's convex arc, which the
 * arc's own pair against the outline carries (clearance_follower.c). */
int cs_clearance_pin_silent(const cs_clearance *c, int pin, int region);
/* How deep inside its wall pin `pin` is still seen (a wall cut from a path: its size; past
 * that a point is another wall's, cs_profile.h), or INFINITY. */
double cs_clearance_pin_band(const cs_clearance *c, int pin);
/* How far pin `pin` centred at p (body[0] frame) at least is from its wall: from its surface to
 * the wall's bounding circle, 0 within it; with `run`, from all the walls of a profile joint
 * whose pins (one per wall) stand on one point, the nearest's (cs_profile_clear). */
double cs_clearance_pin_clear(const cs_clearance *c, int pin, const double p[2], int run);
/* Pin i's centre in body[1]'s frame. */
void cs_clearance_pin_point(const cs_clearance *c, int pin, double s1[2]);

/* δ and its p-derivatives for the pin centre p (body[0] frame): pin 0, or pin `pin`. */
void cs_clearance_gap(const cs_clearance *c, const double p[2], cs_gap *gap);
void cs_clearance_pin_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *gap);
/* The same with the bodies' relative angle φ = θ1 − θ0 (the pin body's less the hole
 * body's), which a face pair's gap depends on; the φ terms zero for every other pin. */
void cs_clearance_pin_gap_turned(const cs_clearance *c, int pin, const double p[2], double phi,
                                 cs_gap *gap);
/* The same as a function chosen once per pin (a journal's or a ball's circle, else the one
 * above): the engine evaluates a gap many times per step, its kind never changes. */
typedef void (*cs_pin_gap_fn)(const cs_clearance *c, int pin, const double p[2], double phi,
                              cs_gap *gap);
cs_pin_gap_fn cs_clearance_pin_gap_fn(const cs_clearance *c, int pin);

/* Whether the pin centred at p (body[0] frame) is far from every wall of the joint, a profile
 * joint's walls (cs_profile_reach), with the gap every pin has there; 0 for the other kinds:
 * a run over the pins may then skip them all. */
int cs_clearance_far(const cs_clearance *c, const double p[2], cs_gap *g);

/* Where two regions' walls meet (a slot's track and cap), δ is continuous but the laws are
 * not: each region's law has its own geometry (R*), so U(δ) would jump there. Near such a
 * junction the laws are mixed, U = (1 − w) U_region[0](δ) + w U_region[1](δ), with w(p) a
 * smooth step over the pin centre's distance ξ past the junction, from 0 at ξ = −ℓ to 1 at
 * ξ = ℓ, ℓ half the clearance (clearance_blend.c): the potential is continuous everywhere
 * and the force, its gradient, conservative. Elsewhere n = 1, region[0] the gap's, w = 0. */
typedef struct cs_blend {
  int n;             /* regions mixed: 1 or 2 */
  int region[2];     /* region[0] weighs 1 − w, region[1] weighs w */
  double w;
  double grad[2];    /* ∂w/∂p */
  double hess[4];    /* ∂²w/∂p², row-major */
} cs_blend;

/* The blend at the pin centre p whose gap lies in `region` (cs_gap.region). */
void cs_clearance_blend(const cs_clearance *c, int pin, const double p[2], int region,
                        cs_blend *b);
/* Whether the joint's kind has junctions to blend at (slots, profiles); without, every blend is
 * its gap's region alone. */
int cs_clearance_blends(const cs_clearance *c);
/* The blend of a place away from every junction: `region`'s law alone. */
cs_blend cs_blend_single(int region);
/* b's weight w = S((ξ + ℓ)/2ℓ) over ξ ∈ (−ℓ, ℓ), ∇ξ = g, ∇²ξ = H (NULL: 0); sets n = 2. */
void cs_blend_step(double xi, double l, const double g[2], const double *H, cs_blend *b);

/* The gap of a pin of radius rp inside (sign +1) or outside (−1) the circle (c, R), region r. */
void cs_gap_circle(const double p[2], const double c[2], double R, double rp, int sign,
                   int region, cs_gap *g);
/* A profile joint's gap and blend (clearance_profile.c). */
void cs_profile_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g);
void cs_profile_blend(const cs_clearance *c, int pin, const double p[2], cs_blend *b);
/* The same for a circle of radius rp centred at p against the profile pr alone. */
void cs_profile_gap_on(const cs_profile *pr, double rp, const double p[2], cs_gap *g);
void cs_profile_blend_on(const cs_profile *pr, double rp, const double p[2], cs_blend *b);
/* A profile joint with a follower outline (clearance_follower.c): pin `pin` is one pair, a
 * convex feature (a circle of radius R, a corner R = 0) of one body against the other's
 * profile; its gap and blend, its radius, its bodies (hole body first: swapped for a wall's
 * feature against the follower) and the contact geometry its region r's law sees. */
void cs_follower_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g);
void cs_follower_blend(const cs_clearance *c, int pin, const double p[2], cs_blend *b);
/* A face pair's gap at the face's start p (body[0] frame) and relative angle φ. */
void cs_follower_face_gap(const cs_clearance *c, int pin, const double p[2], double phi,
                          cs_gap *g);
/* A windowed pair's gap (an arc whose circle stands out past its ends, the pairs beside it):
 * its own, or, where the direction of its contact lies in one of its zones, the partner's
 * there (beyond: the partner takes the contact on). */
void cs_follower_window_gap(const cs_clearance *c, int pin, const double p[2], double phi,
                            cs_gap *g);
/* Whether pins a and b of c pass a contact between them at a window's edge, and whether pin
 * a has any such partner. */
int cs_clearance_pin_partner(const cs_clearance *c, int a, int b);
int cs_clearance_pin_windowed(const cs_clearance *c, int pin);
double cs_clearance_pin_radius(const cs_clearance *c, int pin);
/* How far pin `pin`'s gap moves with the bodies' relative turning about its centre, the lever
 * of that turning: a face's length (its centre its start), a windowed arc's radius (its
 * nearest point runs along it); 0 for a whole circle or a corner, whose gap is its centre's. */
double cs_clearance_pin_reach(const cs_clearance *c, int pin);
void cs_clearance_pin_bodies(const cs_clearance *c, int pin, int body[2]);
void cs_clearance_pin_geometry(const cs_clearance *c, int pin, int r, cs_contact_geometry *g);
/* The pairs of c's follower outline and walls (c->pairs, c->npair; c->pin_radius their
 * largest radius), one per circle; −1 with `why` when they make none or the follower's
 * outline cannot be paired, −3 when a wall cannot be, −2 when memory fails. */
int cs_follower_pairs(cs_clearance *c, char *why, size_t len);
/* The windows of the pairs whose arcs' circles stand out of their solid (clearance_window.c),
 * once the pairs are made: the zones of each and of its neighbours. 0, or −1 (the follower's)
 * or −3 (a wall's) with `why` where one cannot be windowed (an end meeting no corner or arc, a
 * side curving round it, arcs of its circle apart on the outline). */
int cs_follower_windows(cs_clearance *c, char *why, size_t len);
/* Pair `pin`'s name, snprintf's way: its feature, where it is in its body's frame, and what
 * it meets ("follower corner (0.02, 0) on wall 1", "wall 0 arc about (0, 0.1) on the
 * follower", "follower face from (-0.04, 0) on wall 0"). */
int cs_follower_pair_name(const cs_clearance *c, int pin, char *buf, size_t size);
/* The largest radius of the convex features (arcs, corners) of a profile's walls (pins). */
double cs_profile_convex_radius(const cs_profile *p);
/* A gear mesh's coordinate p = (s, 0) over the two bodies' angles, and its gap
 * (clearance_gear.c). */
void cs_gear_point(const cs_clearance *c, const cs_frame *f0, const cs_frame *f1, double p[2],
                   double Jp[12], double H[2][36]);
void cs_gear_gap(const cs_clearance *c, const double p[2], cs_gap *g);

/* p(q) = A0ᵀ(r1 + A1 s1 − r0) with its Jacobian Jp (2 × 6, row-major) and, when H is non-NULL,
 * its second derivatives H[k] (6 × 6 row-major) for k = 0, 1; f0, f1 the bodies' frames at q. */
void cs_clearance_pin(const cs_clearance *c, const cs_frame *f0, const cs_frame *f1, double p[2],
                      double Jp[12], double H[2][36]);
/* The same for the point s1 of body[1] (a translational joint's corner centre). */
void cs_clearance_point(const cs_clearance *c, const double s1[2], const cs_frame *f0,
                        const cs_frame *f1, double p[2], double Jp[12], double H[2][36]);

/* The translational joint's pin gap (clearance_translational.c). */
void cs_translational_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *gap);

/* The ideal joint a clearance joint stands for at the start (cs_clearance_start): a revolute
 * joining the pin centre to the hole centre (revolute, spherical) or a prismatic along the
 * guide (translational), holding the pin centred, or where it is at the poses q0, q1 when not
 * `centred`. j's name is the clearance joint's (not a copy); its rows are for the caller to
 * index. Returns 0, or −1 for the kinds that have none (slots: cs_clearance_has_ideal). */
int cs_clearance_has_ideal(cs_clearance_kind kind);
/* The start's position names, by cs_start_position, NULL-terminated. */
extern const char *const cs_start_positions[];
int cs_clearance_ideal(const cs_clearance *c, const double q0[3], const double q1[3], int centred,
                       cs_joint *j);
/* How fast the pin moves towards the walls at poses q0, q1 and rates v0, v1 (m/s): its speed
 * relative to the hole body for a round hole (every direction leads to the wall), else the
 * largest normal speed of its pins (a slot's pin, a block's corners, turning included); a
 * profile's pins only within the joint's size of their walls (a cam's nose half a turn from
 * its face moves at the cam's speed, towards nothing yet). */
double cs_clearance_approach_speed(const cs_clearance *c, const double q0[3], const double q1[3],
                                   const double v0[3], const double v1[3]);

/* The contact geometry a law sees in each region (radii, internal or external, materials,
 * masses): filled once from the joint's dimensions. */
void cs_clearance_prepare(cs_clearance *c, double mass0, double mass1);

#endif
