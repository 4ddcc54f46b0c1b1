/*
 * cs_follower.h — the contact pairs of a profile joint whose follower is a profile
 * (clearance_follower.c; joints/README.md "Profiles").
 */
#ifndef CS_FOLLOWER_H
#define CS_FOLLOWER_H

#include <stddef.h>

#include "cs_profile.h"

/* One pair, one pin: a convex feature (centre s, radius R; a corner R = 0) of one side
 * against the other side's profile. swapped 0: feature `feature` of the follower's piece
 * `piece` (s in body[1]'s frame) against wall `wall` of body[0]; 1: feature `feature` of wall
 * `wall` (s in body[0]'s frame) against the follower's piece `piece`; face 1: below. An
 * outline is one piece, or several where the loader cut it at its sharp concave corners. */
/* Directions (unit, the pin body's frame) at angles [0, sweep) ccw from a0, where the contact
 * is pair `partner`'s: a window's silent side (cs_follower_window_gap). */
typedef struct cs_follower_zone {
  double a0[2], sweep;
  int partner;
} cs_follower_zone;

typedef struct cs_follower_pair {
  int swapped, wall, feature, piece;
  int face; /* 1: the piece's segment `feature` (s its start) against spline wall `wall`,
             * R the wall's region radius (clearance_face.c) */
  double s[2], R;
  /* where the pin is silent, by the direction of its contact: an arc whose circle stands out
   * past its ends outside its span, the corners and arcs beside it within that span */
  int nzone;
  cs_follower_zone zone[2];
  int own_check;   /* an arc in a window's zones (a standing-out arc, or an arc beside one):
                    * out of them, its gap counts only where it is a contact of its own */
  int end_pair[2]; /* a face: the pair of the convex feature at its start and end, which takes
                    * the contact past that end; −1: the face's end point is the pin there
                    * (an open or concave end) */
} cs_follower_pair;

struct cs_clearance;

/* Shared by the pairs (clearance_follower.c) and their windows (clearance_window.c): whether
 * f is a convex arc or a corner between two pieces (not an open end); a feature of pr nearer
 * arc f's centre than its radius (f's circle crosses its solid), or NULL; whether two circles
 * are one (centres and radii within 1e-6 of the radius: an outline typed to six digits); the
 * profile pair q's feature is on, and the one it meets (a wall, or the follower's outline
 * with its convex arcs cut to their end points). */
int cs_follower_convex(const cs_feature *f);
const cs_feature *cs_follower_crossing(const cs_profile *pr, const cs_feature *f);
int cs_follower_one_circle(const double c1[2], double R1, const double c2[2], double R2);
const cs_profile *cs_follower_own(const struct cs_clearance *c, const cs_follower_pair *q);
const cs_profile *cs_follower_other(const struct cs_clearance *c, const cs_follower_pair *q);



#endif
