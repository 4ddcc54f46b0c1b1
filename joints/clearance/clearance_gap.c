/* clearance_gap.c — the gap function of each clearance-joint kind, as signed distances of
 * the pin surface into the walls, region by region. */
#include "cs_clearance.h"
#include "cs_follower.h"

#include <math.h>
#include <string.h>

static const char *const region_names[CS_CLEARANCE_KIND_COUNT][CS_MAX_REGIONS] = {
  [CS_CLEARANCE_REVOLUTE] = {"bearing"},
  [CS_CLEARANCE_SPHERICAL] = {"socket"},
  [CS_CLEARANCE_SLOT] = {"track", "cap"},
  [CS_CLEARANCE_CURVED_SLOT] = {"inner", "outer", "cap"},
  [CS_CLEARANCE_TRANSLATIONAL] = {"front_top:upper", "front_top:lower", "rear_top:upper",
                                  "rear_top:lower", "rear_bottom:upper", "rear_bottom:lower",
                                  "front_bottom:upper", "front_bottom:lower"},
  [CS_CLEARANCE_PROFILE] = {"flat", "arc1", "arc2", "arc3", "arc4", "arc5", "arc6", "arc7"},
  [CS_CLEARANCE_GEAR] = {"forward", "reverse"},
};

static const char *const kind_names[CS_CLEARANCE_KIND_COUNT] = {
  [CS_CLEARANCE_REVOLUTE] = "revolute clearance",
  [CS_CLEARANCE_SPHERICAL] = "spherical clearance",
  [CS_CLEARANCE_SLOT] = "pin in slot",
  [CS_CLEARANCE_CURVED_SLOT] = "pin in curved slot",
  [CS_CLEARANCE_TRANSLATIONAL] = "translational clearance",
  [CS_CLEARANCE_PROFILE] = "profile contact",
  [CS_CLEARANCE_GEAR] = "gear mesh",
};

const char *cs_clearance_region_name(cs_clearance_kind kind, int region)
{
  return region_names[kind][region];
}

int cs_clearance_region_count(cs_clearance_kind kind)
{
  int n = 0;
  while (n < CS_MAX_REGIONS && region_names[kind][n])
    n++;
  return n;
}

int cs_clearance_regions(const cs_clearance *c)
{
  return c->kind == CS_CLEARANCE_PROFILE ? c->profile->nregion
                                         : cs_clearance_region_count(c->kind);
}

const char *cs_clearance_kind_name(cs_clearance_kind kind) { return kind_names[kind]; }

/* Straight slot: centre c, unit axis u, end-cap centres c ± a u, half-width w. Along the
 * straight part the pin meets a flat track (δ = |nᵀ(p − c)| + rp − w); past an end, the
 * cap (a circle of radius w). Both give the same δ where they meet. */
static void slot(const cs_clearance *k, const double p[2], cs_gap *g)
{
  const double *c = k->point[0], *u = k->axis;
  double d[2] = {p[0] - c[0], p[1] - c[1]}, n[2] = {-u[1], u[0]};
  double s = u[0] * d[0] + u[1] * d[1], h = n[0] * d[0] + n[1] * d[1];
  double a = k->half_length, w = k->half_width, rp = k->pin_radius;
  if (fabs(s) > a) {
    double cap[2] = {c[0] + copysign(a, s) * u[0], c[1] + copysign(a, s) * u[1]};
    cs_gap_circle(p, cap, w, rp, +1, 1, g);
    return;
  }
  double side = h >= 0 ? 1.0 : -1.0;
  g->region = 0;
  g->delta = side * h + rp - w;
  g->grad[0] = side * n[0];
  g->grad[1] = side * n[1];
  g->hess[0] = g->hess[1] = g->hess[2] = g->hess[3] = 0.0;
}

/* Curved slot: arc centre O, mean radius Rm, half-width w, extent ±β about the axis u. Within
 * the extent the pin meets the outer track (inside a circle of radius Rm + w) or the inner
 * track (outside a circle of radius Rm − w), whichever it is nearer; beyond it, an end cap
 * (a circle of radius w centred on the arc at ±β). */
static void curved_slot(const cs_clearance *k, const double p[2], cs_gap *g)
{
  const double *O = k->point[0], *u = k->axis;
  double d[2] = {p[0] - O[0], p[1] - O[1]};
  double phi = atan2(u[0] * d[1] - u[1] * d[0], u[0] * d[0] + u[1] * d[1]); /* from the axis */
  double Rm = k->mean_radius, w = k->half_width, rp = k->pin_radius, beta = k->half_angle;
  if (fabs(phi) > beta) {
    double end = copysign(beta, phi), ce = cos(end), se = sin(end);
    double dir[2] = {ce * u[0] - se * u[1], se * u[0] + ce * u[1]};
    double cap[2] = {O[0] + Rm * dir[0], O[1] + Rm * dir[1]};
    cs_gap_circle(p, cap, w, rp, +1, 2, g);
    return;
  }
  if (hypot(d[0], d[1]) >= Rm)
    cs_gap_circle(p, O, Rm + w, rp, +1, 1, g);
  else
    cs_gap_circle(p, O, Rm - w, rp, -1, 0, g);
}

void cs_clearance_gap(const cs_clearance *c, const double p[2], cs_gap *g)
{
  cs_clearance_pin_gap(c, 0, p, g);
}

/* A journal in its bearing, a ball in its socket: one circle, nothing turning with φ. */
static void circle_gap(const cs_clearance *c, int pin, const double p[2], double phi, cs_gap *g)
{
  (void)pin, (void)phi;
  *g = (cs_gap){0};
  cs_gap_circle(p, c->point[0], c->hole_radius, c->pin_radius, +1, 0, g);
}

void cs_clearance_pin_gap(const cs_clearance *c, int pin, const double p[2], cs_gap *g)
{
  switch (c->kind) {
  case CS_CLEARANCE_TRANSLATIONAL:
    cs_translational_gap(c, pin, p, g);
    break;
  case CS_CLEARANCE_SLOT:
    slot(c, p, g);
    break;
  case CS_CLEARANCE_CURVED_SLOT:
    curved_slot(c, p, g);
    break;
  case CS_CLEARANCE_PROFILE: /* a follower circle, or a follower outline's pair */
    if (c->follower)
      cs_follower_gap(c, pin, p, g);
    else
      cs_profile_gap(c, pin, p, g);
    break;
  case CS_CLEARANCE_GEAR:
    cs_gear_gap(c, p, g);
    break;
  default: /* revolute and spherical: the journal or ball in its bearing or socket */
    circle_gap(c, pin, p, 0.0, g);
    break;
  }
}

int cs_clearance_far(const cs_clearance *c, const double p[2], cs_gap *g)
{
  if (c->kind != CS_CLEARANCE_PROFILE || c->follower)
    return 0;
  memset(g, 0, sizeof *g);
  return cs_profile_reach(c->profile, p, c->pin_radius, g);
}

void cs_clearance_pin_gap_turned(const cs_clearance *c, int pin, const double p[2], double phi,
                                 cs_gap *g)
{
  memset(g, 0, sizeof *g);
  if (c->follower && c->pairs[pin].face)
    cs_follower_face_gap(c, pin, p, phi, g);
  else if (c->follower && c->pairs[pin].nzone)
    cs_follower_window_gap(c, pin, p, phi, g);
  else
    cs_clearance_pin_gap(c, pin, p, g);
}

cs_pin_gap_fn cs_clearance_pin_gap_fn(const cs_clearance *c, int pin)
{
  (void)pin;
  return c->kind == CS_CLEARANCE_REVOLUTE || c->kind == CS_CLEARANCE_SPHERICAL
             ? circle_gap
             : cs_clearance_pin_gap_turned;
}

void cs_clearance_prepare(cs_clearance *c, double mass0, double mass1)
{
  c->nregion = cs_clearance_regions(c);
  for (int r = 0; r < c->nregion; r++) {
    cs_contact_geometry *g = &c->geometry[r];
    g->shape = c->kind == CS_CLEARANCE_SPHERICAL ? CS_CONTACT_POINT : CS_CONTACT_LINE;
    g->R1 = c->pin_radius;
    g->length = c->length;
    g->m1 = c->material[1]; /* the laws' body 1 is the convex one: the pin */
    g->m2 = c->material[0];
    g->mass1 = mass1;
    g->mass2 = mass0;
    g->internal = 1;
    switch (c->kind) {
    case CS_CLEARANCE_SLOT:
      g->R2 = r == 0 ? 0.0 : c->half_width; /* flat track: external on a plane; cap: internal */
      g->internal = r != 0;
      break;
    case CS_CLEARANCE_TRANSLATIONAL: /* a rounded corner on a flat wall: external */
      g->R2 = 0.0;
      g->internal = 0;
      break;
    case CS_CLEARANCE_CURVED_SLOT:
      g->R2 = r == 0 ? c->mean_radius - c->half_width
            : r == 1 ? c->mean_radius + c->half_width : c->half_width;
      g->internal = r != 0; /* the inner track is convex: external contact */
      break;
    case CS_CLEARANCE_GEAR: /* the two involutes at the pitch point */
      g->R2 = c->base_radius[0] * tan(c->pressure_angle);
      g->internal = c->mesh_internal;
      break;
    case CS_CLEARANCE_PROFILE: /* flat pieces and corners: a plane; arcs: their own */
      g->R2 = c->profile->R[r];
      g->internal = c->profile->internal[r];
      break;
    default:
      g->R2 = c->hole_radius;
      break;
    }
  }
}
