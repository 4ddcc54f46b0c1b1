/* clearance_translational.c — a block in a guide channel: the block (on body[1], centre
 * point[1], sides along body[1]'s axes, half_length × half_width) has rounded corners of
 * radius pin_radius; the channel (on body[0]) has its centre line through point[0] along
 * `axis` and walls at ± guide_half_width. Each corner circle is a pin against a flat wall, the
 * straight slot's track without its caps; the block's flat sides lie between two corners and
 * the distance of a side's points to a wall is linear along it, so no side point goes deeper
 * than its corners: the four corners are the block's whole contact (Flores et al. 2006). */
#include "cs_clearance.h"
#include "cs_follower.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

/* Corners in pin order: the signs of their centres along body[1]'s x and y. */
static const double corner_sign[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
static const char *const corner_names[4] = {"front_top", "rear_top", "rear_bottom",
                                            "front_bottom"};
static const char *const wall_names[2] = {"upper", "lower"};

int cs_clearance_pin_count(const cs_clearance *c)
{
  if (c->kind == CS_CLEARANCE_PROFILE && c->follower)
    return c->npair; /* a follower outline: its pairs (clearance_follower.c) */
  if (c->kind == CS_CLEARANCE_PROFILE && c->profile)
    return cs_profile_walls(c->profile);
  return c->kind == CS_CLEARANCE_TRANSLATIONAL ? 4 : 1;
}

int cs_clearance_pin_name(const cs_clearance *c, int pin, char *buf, size_t size)
{
  if (c->kind == CS_CLEARANCE_PROFILE && c->follower)
    return cs_follower_pair_name(c, pin, buf, size);
  if (c->kind == CS_CLEARANCE_PROFILE)
    return snprintf(buf, size, "wall %d", pin);
  return snprintf(buf, size, "%s", c->kind == CS_CLEARANCE_TRANSLATIONAL ? corner_names[pin]
                                                                           : "pin");
}

int cs_clearance_pin_region(cs_clearance_kind kind, int pin, int region)
{
  return kind == CS_CLEARANCE_TRANSLATIONAL ? region / 2 == pin : 1;
}

const char *cs_clearance_region_group(cs_clearance_kind kind, int region)
{
  return kind == CS_CLEARANCE_TRANSLATIONAL ? wall_names[region % 2] : NULL;
}

void cs_clearance_pin_point(const cs_clearance *c, int pin, double s1[2])
{
  if (c->follower) { /* the pair's feature, in its own body's frame */
    s1[0] = c->pairs[pin].s[0], s1[1] = c->pairs[pin].s[1];
    return;
  }
  s1[0] = c->point[1][0];
  s1[1] = c->point[1][1];
  if (c->kind != CS_CLEARANCE_TRANSLATIONAL)
    return;
  s1[0] += corner_sign[pin][0] * (c->half_length - c->pin_radius);
  s1[1] += corner_sign[pin][1] * (c->half_width - c->pin_radius);
}

/* Corner centre p (body[0] frame) at height h = nᵀ(p − point[0]) above the centre line, n the
 * axis turned by +90°: on the upper wall's side (h ≥ 0) δ = h + r − W, normal +n; below,
 * δ = −h + r − W, normal −n. Flat walls: ∂²δ/∂p² = 0. */
void cs_translational_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g)
{
  const double *o = c->point[0], *u = c->axis;
  double n[2] = {-u[1], u[0]};
  double h = n[0] * (p[0] - o[0]) + n[1] * (p[1] - o[1]);
  double side = h >= 0 ? 1.0 : -1.0;
  g->region = 2 * pin + (h >= 0 ? 0 : 1);
  g->delta = side * h + c->pin_radius - c->guide_half_width;
  g->grad[0] = side * n[0];
  g->grad[1] = side * n[1];
  g->hess[0] = g->hess[1] = g->hess[2] = g->hess[3] = 0.0;
}
