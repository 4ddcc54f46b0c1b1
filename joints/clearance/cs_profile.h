/*
 * cs_profile.h — a body's planar profile, built from segments, arcs and splines along a path
 * (or one closed spline), as the wall of a `profile` clearance joint (internal;
 * joints/README.md "Profiles").
 *
 * The path walks from a start point through steps (a segment to a point, an arc to a point
 * about a centre, either way round, or an open spline through points); the body's solid lies
 * on one side of it. Its features are
 * the pieces and the corners where the solid pokes into the free side (a vertex is a circle of
 * radius 0) and the open ends. A point's signed distance to the profile is that of the nearest
 * feature whose normal reaches it; each feature's bounding circle skips the far ones.
 */
#ifndef CS_PROFILE_H
#define CS_PROFILE_H

#include <stddef.h>

struct cs_gap;

/* |sin| of a turn below which two pieces are tangent (no corner) */
#define CS_PROFILE_TURN_TOL 1e-9

typedef enum cs_feature_kind {
  CS_FEATURE_SEGMENT = 0,
  CS_FEATURE_ARC,
  CS_FEATURE_CORNER, /* a convex vertex, or an open end */
  CS_FEATURE_SPLINE  /* a cubic spline (clearance_spline.c): a whole closed wall, or a
                      * path's spline step, open; or a band of either */
} cs_feature_kind;

typedef struct cs_spline cs_spline;

typedef struct cs_feature {
  cs_feature_kind kind;
  int region;       /* 0: flat (segments, corners, ends); k ≥ 1: the k-th distinct arc */
  double a[2];      /* segment: start; corner: the vertex */
  double t[2], n[2], L; /* segment: unit tangent, the free side's normal, length */
  double c[2], R, u0[2], span; /* arc: centre, radius, unit start direction, sweep (ccw > 0) */
  int free_inside;  /* arc: the free side is inside the circle (a concave wall) */
  double t_in[2], t_out[2]; /* corner: reached where t_in·(p − a) ≥ 0 ≥ t_out·(p − a) */
  double t0[2], t1[2]; /* unit tangents at the start and end, walking the path */
  double bc[2], br; /* bounding circle */
  double extent;    /* how far the follower's centre moves along it, m (junction blends) */
  const cs_spline *spline; /* spline: the curve (owned by the profile) and the part of it,
                            * u ∈ [ua, ub), this feature is (a band) */
  double ua, ub;
  int step;         /* the path's step it comes from (the segment closing it: the step count);
                     * −1 for corners, ends and a spline wall's bands */
  int cut;          /* an end where the path was cut at a sharp concave corner
                     * (cs_profile_cut_ends): the solid runs on past it, so behind its piece's
                     * tangent line there and within br of the vertex d is the signed distance
                     * to that line, n·(x − a), n the free side's normal; elsewhere the
                     * vertex's distance, as any end's */
} cs_feature;

/* Where consecutive features of different regions meet: their laws are mixed over ±l of the
 * follower centre's coordinate ξ = t·(p − point) along the path (clearance_blend.c). */
typedef struct cs_junction {
  double point[2], t[2], l; /* l = 0: same region, no blend */
  int region[2];            /* before, after */
} cs_junction;

typedef struct cs_profile {
  int n;              /* features */
  cs_feature *f;
  cs_junction *j;     /* j[i] between f[i] and f[i + 1] (closed: f[n − 1] and f[0]) */
  int closed;
  int nregion;        /* 1 + distinct arcs */
  double R[8];        /* region k's radius (0: flat) */
  int internal[8];    /* region k: the follower inside the arc (concave wall) */
  double size;        /* the scale on which contact is told from gap, m (clearance size) */
  int size_rule;      /* where size comes from (cs_profile_size_rule) */
  double bc[2], br;   /* the whole profile's bounding circle (node 0's) */
  struct cs_profile_node *node; /* bounding circles of runs of features, a binary tree */
  struct cs_profile *next; /* the joint's next wall, its own contact point (pin), or NULL */
  struct cs_profile **wall; /* an indexed head (cs_profile_index): its nwall walls, wall[0]
                             * itself; NULL otherwise */
  int nwall;
  struct cs_profile_node *wall_node; /* and their bounding circles' tree */
  double reach_size;       /* and the largest of their sizes */
  int continued;           /* an end runs on into another wall (cs_profile_continue): a point
                            * none of its features reaches is that wall's */
  const struct cs_profile *join_wall; /* that wall */
  double join[2], join_t[2]; /* and where the two meet, the next wall's tangent there */
  int join_side;           /* the side of the join's normal line that is the other wall's:
                            * t·(p − join) > 0 (+1, the wall before it) or ≤ 0 (−1) */
  double cut_depth;        /* a wall cut from a path (cs_profile_split): a feature reaching a
                            * point deeper inside the solid than this, the path's own size, is
                            * another wall's (a U's outer face behind its inner bottom); 0: a
                            * whole path, its nearest feature decides */
  cs_spline *spline;       /* a spline wall's curve (its one feature's), or NULL */
  cs_spline **steps;       /* the curves of a path's spline steps (owned), nsteps of them */
  int nsteps;
} cs_profile;

/* Where a profile joint's size comes from (models/README.md "Profiles"): the narrowest concave
 * bend's R − r; half the follower's play at the start (cs_profile_play); the model's
 * "clearance"; or, none of these, 1 % of the wall's bounding radius. */
typedef enum cs_profile_size_rule {
  CS_PROFILE_SIZE_POCKET = 0,
  CS_PROFILE_SIZE_PLAY,
  CS_PROFILE_SIZE_GIVEN,
  CS_PROFILE_SIZE_SPAN
} cs_profile_size_rule;
const char *cs_profile_size_rule_name(int rule);

/* A run of consecutive features [lo, hi) and the circle round their bounding circles; its
 * children split it in two (leaf: child[0] < 0). */
typedef struct cs_profile_node {
  double bc[2], br;
  int lo, hi, child[2];
} cs_profile_node;

/* One step of a path: a segment to `to`, or (arc) an arc to `to` about `centre`, or (npts > 0)
 * an open cubic spline from the current point through pts[0 … npts − 1] (`to` the last), cut
 * into `bands` parts (0: one), its ends tangent to the neighbouring pieces (natural, c'' = 0,
 * at an open path's end or where it meets another spline step). */
typedef struct cs_path_step {
  int arc, ccw;
  double to[2], centre[2];
  const double (*pts)[2];
  int npts, bands;
} cs_path_step;

/* The profile of the path from `start` through `steps`, the solid on its left (solid_left) or
 * right, for a follower of radius `pin_radius`. Returns NULL with `why` filled (and *bad the
 * offending step, or −1 for the whole path; *bad = −2 out of memory). */
cs_profile *cs_profile_build(const double start[2], const cs_path_step *steps, int nstep,
                             int closed, int solid_left, double pin_radius, char *why,
                             size_t len, int *bad);
void cs_profile_free(cs_profile *p); /* and the walls after it */

/* A wall that is one closed periodic cubic spline through `points` (chord-length parameter,
 * C², the solid on its left or right walking through the points in order), for a follower of
 * radius `pin_radius`, cut into `bands` features of equal parameter length (from the first
 * point on), each in the region of its own tightest bend (radius 1/max|κ| over it, internal
 * if it bends towards the free side; bands of equal bends share one), their laws blended at
 * the junctions. Refused (NULL, `why`, *bad the point or −1) with fewer than 4 points, a
 * repeated point, a bend towards the free side tighter than the follower, bands < 1, or more
 * than 7 distinct bends. */
cs_profile *cs_profile_build_spline(const double (*points)[2], int n, int solid_left,
                                    double pin_radius, int bands, char *why, size_t len,
                                    int *bad);

/* The spline itself (clearance_spline.c): closed and periodic through n ≥ 4 points, or open
 * from pts[0] to pts[n − 1] (n ≥ 2), each end clamped to a unit tangent (c' = t there) or,
 * NULL, natural (c'' = 0). */
cs_spline *cs_spline_build(const double (*pts)[2], int n, int solid_left, char *why, size_t len,
                           int *bad);
cs_spline *cs_spline_build_open(const double (*pts)[2], int n, const double *t_start,
                                const double *t_end, int solid_left, char *why, size_t len,
                                int *bad);
void cs_spline_free(cs_spline *s);
double cs_spline_period(const cs_spline *s); /* an open curve's: its parameter length */
int cs_spline_open(const cs_spline *s);
int cs_spline_spans(const cs_spline *s);
int cs_spline_span(const cs_spline *s, double u); /* the span holding u: its first point */
void cs_spline_point(const cs_spline *s, double u, double c[2]);
/* The part u ∈ [ua, ub] of the curve, from 65 samples: a circle holding it, the curvature of
 * largest size (signed: > 0 bending towards the free side) and the largest towards the free
 * side (0 if none), its start point and end tangents, its length, and its extent for the
 * junction blends: how far a follower of radius rp moves along either end's tangent before
 * that coordinate would turn back (≤ 0: the part turns half round). */
typedef struct cs_spline_range {
  double bc[2], br, kmax, kconcave, c0[2], t0[2], t1[2], length, extent;
} cs_spline_range;
void cs_spline_survey(const cs_spline *s, double ua, double ub, double rp, cs_spline_range *r);
/* The signed distance of x (> 0 on the free side) to the curve along the normal through the
 * nearest foot u; the free side's unit normal n, the unit tangent t and the curvature κ there
 * (t' = κ n along the arc length): ∇d = n, ∇²d = −κ/(1 − κ d) t tᵀ. On an open curve the
 * foot stops at an end (u = 0 or the length): x is then beyond the curve's normals. */
double cs_spline_distance(const cs_spline *s, const double x[2], double *u, double n[2],
                          double t[2], double *kappa);

/* The support point of the curve along d (the least d·c(u)): its parameter u, returned, with
 * c(u), c'(u), c''(u) (chord-length parameter, not unit speed). */
double cs_spline_support(const cs_spline *s, const double d[2], double c[2], double d1[2],
                         double d2[2]);

/* A spline band's feature: the part u ∈ [ua, ub] of s, in no region yet (R its tightest
 * bend's radius, 0 if straight; free_inside if that bend is towards the free side); its
 * tightest bend towards the free side into *kconcave (the largest of it and the band's).
 * `blended`: its ends may be junctions, so its extent is how far the follower moves along an
 * end's tangent (≤ 0: the band turns half round), else its length. */
void cs_spline_band(const cs_spline *s, double ua, double ub, double rp, int blended,
                    cs_feature *f, double *kconcave);
/* A spline step's bands as features (clearance_profile_spline.c): from `from` through st's
 * points, clamped to the tangents t_in, t_out (NULL: natural), its curve into *own. Returns
 * the number of features (st->bands or 1), or −1 with `why` filled (*bad −1 the step, −2 out
 * of memory). */
int cs_profile_spline_step(const double from[2], const cs_path_step *st, const double *t_in,
                           const double *t_out, int solid_left, double rp, cs_feature *out,
                           cs_spline **own, char *why, size_t len, int *bad);

/* Where a wall crosses itself (clearance_profile_cross.c): its two features (in path order),
 * the spline parameter there (spline features), the point. */
typedef struct cs_profile_cross {
  int feature[2];
  double u[2], at[2];
} cs_profile_cross;
/* Whether wall p's pieces cross each other, or a spline its own samples' chords (8 a span):
 * 1 with *out filled, 0 if not, −1 out of memory. Consecutive pieces meet at their junction,
 * which is no crossing. */
int cs_profile_crossing(const cs_profile *p, cs_profile_cross *out);

/* Half the play of a follower of radius rp centred at x among the walls from `walls` on: from
 * the nearest wall (distance d along its normal n at x) out along n to the first wall piece
 * it meets (at s), (d + s − 2 rp)/2, the radial clearance of a follower centred between the
 * two (a slot's half-width minus its pin). Returns 1 with *half > 0, 0 if the ray meets no
 * wall (an open cam), x is in the solid or on a corner, −1 out of memory. */
int cs_profile_play(const cs_profile *walls, const double x[2], double rp, double *half);

/* p, built from the path (start, steps, nstep: cs_profile_build), cut at every sharp turn
 * towards its free side into walls of their own joined to the first (cs_profile_join): a
 * follower in the corner presses on both sides (clearance_profile_split.c); a closed path with
 * one such turn is cut again where two segments meet (or, arcs all round, in the middle of the
 * segment or arc halfway round from the corner) and its two walls joined there
 * (cs_profile_continue). p itself
 * when it has none; freed otherwise, and on failure: NULL with `why` (*bad the step, −2 out of
 * memory). */
cs_profile *cs_profile_split(cs_profile *p, const double start[2], const cs_path_step *steps,
                             int nstep, int solid_left, double rp, char *why, size_t len,
                             int *bad);

/* Marks wall w's start end (at_start) and its end (at_end) as cut from a path at a sharp
 * concave corner (cs_profile_split): past such an end lies the solid the next wall bounds, and
 * a point pushed in behind the vertex (between the two sides' normals, where neither side's
 * strip reaches) is in both sides' half planes. So within w->cut_depth of the vertex the end
 * measures d on its piece's tangent line, continuous with the piece at its normal through the
 * vertex: a sharp corner pressed into the notch meets both sides (without it, it passed behind
 * the vertex untouched). */
void cs_profile_cut_ends(cs_profile *w, int at_start, int at_end, int solid_left);

/* Joins w1's end to w2's start, where the closed path they were both cut from runs on between
 * two segments (clearance_profile_split.c): w1's open end becomes the path's corner there (none
 * where it is tangent) and w2 loses its own, so that each point near the join is one wall's,
 * as on the whole path. Either wall then gives no contact (a gap below −size) where none of its
 * features reaches. */
void cs_profile_continue(cs_profile *w1, cs_profile *w2, int solid_left, double rp);

/* Appends `wall` to the walls of `head` (the joint's first): the walls share one region table,
 * head's (a wall's arcs take the region of an equal arc of an earlier wall, or a new one);
 * head->size becomes the least of the walls'. Returns −1 (wall untouched) with `why` filled
 * when the regions would pass CS_MAX_REGIONS. */
int cs_profile_join(cs_profile *head, cs_profile *wall, char *why, size_t len);
/* The same mapping without appending: `wall` (a follower's outline) takes head's region
 * table, extended by its arcs, and every wall of head's chain the extended table. */
int cs_profile_adopt(cs_profile *head, cs_profile *wall, char *why, size_t len);
/* A copy of the path profile p (and of the pieces after it) with each convex arc (the solid
 * inside it) replaced by its two end points, corners reached from everywhere (their blends on
 * the scale of pins of radius rp): a follower outline as the walls' convex features meet it,
 * its own convex arcs being pins of their own (clearance_follower.c). NULL out of memory. */
cs_profile *cs_profile_cut_convex(const cs_profile *p, double rp);
/* The number of walls from p on, and wall k of them (in constant time from an indexed head). */
int cs_profile_walls(const cs_profile *p);
const cs_profile *cs_profile_wall(const cs_profile *p, int k);
/* Indexes the walls of the joint whose first wall is `head`, once they are all joined: wall k
 * in constant time, and the circle round them all (cs_profile_reach). A later join drops the
 * index. −1 out of memory (head unindexed, still whole). */
int cs_profile_index(cs_profile *head);
/* Whether a follower of radius rp centred at x is farther from every wall of the indexed head
 * than the largest of their sizes (their bounding circles' tree), and then (g) the gap of the
 * nearest circle that shows it: every wall's gap there (below −size, like the true ones), so
 * that a joint of many walls far from its follower costs a few distances. 0 for one wall (its
 * own bound does it) or a head not indexed. */
int cs_profile_reach(const cs_profile *head, const double x[2], double rp, struct cs_gap *g);

/* The least distance from x to the bounding circles of the walls of the indexed head (or of
 * the one wall), 0 inside one: a lower bound of how far x is from every wall. */
double cs_profile_clear(const cs_profile *head, const double x[2]);

/* The feature nearest p (the follower centre) and its signed distance d (> 0 on the free
 * side); d's gradient and Hessian are those of the gap δ = r_pin − d with their signs turned. */
typedef struct cs_profile_hit {
  int feature;
  double d;
} cs_profile_hit;
int cs_profile_nearest(const cs_profile *p, const double x[2], cs_profile_hit *hit);
/* Feature f's distance from x: to its nearest point (a spline band's: its whole curve's, a
 * lower bound). */
double cs_feature_distance(const cs_feature *f, const double x[2]);
/* The signed sweep of the arc from u to v about their centre (u, v from it), walking ccw
 * (> 0) or cw; a whole turn where they coincide. */
double cs_arc_span(const double u[2], const double v[2], int ccw);
/* Whether a follower of radius rp centred at x is farther than p->size from the profile's
 * bounding circle: there the gap is that circle's (below −size, like the true one: the roots
 * see only its sign), and the pair costs one distance whatever its pieces. */
int cs_profile_far(const cs_profile *p, const double x[2], double rp);
/* How far x lies outside the profile's bounding circle (< 0 inside it). */
double cs_profile_outside(const cs_profile *p, const double x[2]);

#endif
