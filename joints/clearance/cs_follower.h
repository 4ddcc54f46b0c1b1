/*
 * cs_follower.h — the contact pairs of a profile joint whose follower is a profile
 * (clearance_follower.c; joints/README.md "Profiles").
 */
#ifndef CS_FOLLOWER_H
#define CS_FOLLOWER_H

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
} cs_follower_pair;

#endif
