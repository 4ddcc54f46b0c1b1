/* cs_clearances.c — clearance joints at run time: contact forces, their Jacobian, events. */
#include "cs_clearances.h"
#include "cs_assembly.h"
#include "cs_status.h"
#include "cs_film_forces.h"
#include "cs_clearance.h"
#include "cs_planar.h"
#include "cs_wear.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One pin of a clearance joint: the joint's pin, or one of a translational joint's corners.
 * Each pin has its own contact state, event and contact histories (cs_contact), and its own
 * pair of root functions. */
typedef struct joint {
  const cs_clearance *def;
  int index, pin;    /* the model's clearance joint and its pin (cs_clearance_pin_count) */
  double s1[2];      /* the pin's centre in its body's frame (body[1]) */
  int col0[2];       /* each body's first coordinate, −1 for a ground body */
  int body[2];       /* the hole body and the pin body: the joint's, or (a wall's feature
                      * against a follower outline) the other way round */
  double radius;     /* the pin's radius (cs_clearance_pin_radius) */
  double reach;      /* the lever its gap turns with about its centre (cs_clearance_pin_reach) */
  cs_pin_gap_fn gap; /* its gap (cs_clearance_pin_gap_fn) */
  int blends;        /* its kind has junctions to blend at (cs_clearance_blends) */
  double band;       /* how deep its wall sees it (cs_clearance_pin_band; INFINITY: always) */
  int zi;            /* its friction's internal state in z, or −1 (cs_clearances_state_count) */
  int z_from;        /* the pin whose contact, and z, it took over at the last settle, or −1 */
  cs_contact *contact[CS_MAX_REGIONS]; /* the pin's own regions; NULL for the others, and
                                        * for those whose contact another pin carries
                                        * (cs_clearance_pin_silent): no force there */
  int walls;         /* how many of them (cs_clearances_crossing_time) */
  int same;          /* on the point of the pin before (a profile's walls: same_point) */
  int windowed;      /* a follower pair silent in zones of its directions, where a partner
                      * carries the contact (cs_clearance_pin_windowed) */
  int run;           /* the pins from this one on that stand on its point (1 for most) */
  double clearance;  /* c: the guard's blend (cs_clearances_roots) is on its scale */
  int in_contact, region;
  double v_impact;
  int event; /* row of the open contact in the event table, −1 out of contact */
  long clips; /* accepted states whose damping force was clipped (once where two laws mix) */
  long revision; /* counts what may change the pin's force at a given state: a contact opened
                  * or closed, its worn profile (cs_clearances_revision) */
  cs_wear wear; /* the bearing's worn profile (no bins: no wear) */
} joint;

struct cs_clearances {
  const cs_model *model;
  int n;          /* pins over all joints */
  int *first;     /* the first pin of each model joint, and n at the end */
  int nz;         /* internal states: one per pin whose friction law has one */
  const double *z; /* the states the evaluations use (cs_clearances_bind_state); NULL: all 0 */
  double release; /* δ below 0 at which an open contact closes (cs_clearances_set_length) */
  joint *joints;
  int *busy, nbusy; /* the pins in contact or lubricated, ascending: those with forces */
  cs_contact_event *events;
  int nevent, capevent;
  cs_handover_steps steps; /* hand-overs between unequal laws (cs_clearances_handover_steps) */
  int bounded;    /* some pin bounds the steps (cs_clearances_crossing_time): walls, a band */
};

/* Everything a joint's force needs at one state. */
typedef struct kin {
  cs_gap gap;
  double p[2], Jp[12], Hp[2][36];
  double u[6];          /* local velocities (v0, v1) */
  double grad[6];       /* ∇δ over the local coordinates */
  double rate;          /* δ' */
  double G[6];          /* ∂v_t/∂v: the tangential slip velocity's map */
  double vt;
  double point[2];      /* contact point, world */
  cs_blend blend;       /* the regions whose laws act, and their weights (cs_clearance.h) */
  double wgrad[6];      /* ∇w over the local coordinates (0 for blend.n = 1) */
  double wH[36];        /* ∇²w (blend.n = 2 and the Hessian asked for) */
} kin;

/* Whether pins j and k stand on one point of one joint's bodies (a profile's walls). */
static int same_point(const joint *j, const joint *k)
{
  return j->def == k->def && j->body[0] == k->body[0] && j->body[1] == k->body[1] &&
         j->s1[0] == k->s1[0] && j->s1[1] == k->s1[1];
}

cs_status cs_clearances_create(const cs_model *m, cs_clearances **out, cs_error *err)
{
  cs_clearances *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  c->model = m;
  c->steps.joint = -1;
  for (int i = 0; i < m->nclearance; i++)
    c->n += cs_clearance_pin_count(&m->clearances[i]);
  c->joints = calloc((size_t)c->n + 1, sizeof *c->joints);
  c->first = calloc((size_t)m->nclearance + 1, sizeof *c->first);
  c->busy = calloc((size_t)c->n + 1, sizeof *c->busy);
  if (!c->joints || !c->first || !c->busy) {
    cs_clearances_free(c);
    return cs_fail(err, CS_ERR_MEMORY, "out of memory");
  }
  for (int i = 0, k = 0; i < m->nclearance; i++) {
    c->first[i] = k;
    for (int pin = 0; pin < cs_clearance_pin_count(&m->clearances[i]); pin++, k++) {
      joint *j = &c->joints[k];
      j->def = &m->clearances[i];
      j->index = i;
      j->pin = pin;
      cs_clearance_pin_point(j->def, pin, j->s1);
      cs_clearance_pin_bodies(j->def, pin, j->body);
      for (int b = 0; b < 2; b++)
        j->col0[b] = m->bodies[j->body[b]].ground ? -1 : m->bodies[j->body[b]].coord;
      j->radius = cs_clearance_pin_radius(j->def, pin);
      j->reach = cs_clearance_pin_reach(j->def, pin);
      j->gap = cs_clearance_pin_gap_fn(j->def, pin);
      j->blends = cs_clearance_blends(j->def);
      j->band = cs_clearance_pin_band(j->def, pin);
      j->clearance = cs_model_clearance_size(m, i);
      j->event = -1;
      j->same = k > 0 && same_point(j, j - 1);
      j->windowed = cs_clearance_pin_windowed(j->def, pin);
    }
  }
  c->first[m->nclearance] = c->n;
  for (int k = c->n - 1; k >= 0; k--)
    c->joints[k].run = k + 1 < c->n && c->joints[k + 1].same ? c->joints[k + 1].run + 1 : 1;
  for (int k = 0; k < c->n; k++)
    if (c->joints[k].def->lubrication.model) /* the film acts in and out of contact */
      c->busy[c->nbusy++] = k;
  for (int k = 0; k < c->n; k++) {
    joint *j = &c->joints[k];
    j->zi = -1, j->z_from = -1;
    if (cs_wear_init(&j->wear, j->def, j->clearance)) {
      cs_clearances_free(c);
      return cs_fail(err, CS_ERR_MEMORY, "out of memory");
    }
    for (int r = 0; r < j->def->nregion; r++) {
      if (!cs_clearance_pin_region(j->def->kind, j->pin, r))
        continue;
      if (cs_clearance_pin_silent(j->def, j->pin, r)) {
        j->walls++;
        continue;
      }
      cs_contact_spec spec = cs_contact_model_spec(&j->def->contact[r]);
      cs_contact_geometry geom;
      cs_clearance_pin_geometry(j->def, j->pin, r, &geom);
      cs_status st = cs_contact_create(&spec, &geom, &j->contact[r], err);
      if (st) {
        cs_error inner = *err;
        cs_fail(err, st, "%s: clearance joint \"%s\", region %s: %s", m->origin, j->def->name,
                cs_clearance_region_name(j->def->kind, r), inner.message);
        cs_clearances_free(c);
        return st;
      }
      if (j->zi < 0 && cs_contact_state_count(j->contact[r]))
        j->zi = c->nz++;
      j->walls++;
    }
  }
  for (int k = 0; k < c->n; k++)
    c->bounded |= c->joints[k].walls >= 2 || isfinite(c->joints[k].band) ||
                  c->joints[k].def->kind == CS_CLEARANCE_PROFILE;
  *out = c;
  return CS_OK;
}

void cs_clearances_free(cs_clearances *c)
{
  if (!c)
    return;
  for (int k = 0; c->joints && k < c->n; k++) {
    for (int r = 0; r < CS_MAX_REGIONS; r++)
      cs_contact_free(c->joints[k].contact[r]);
    cs_wear_free(&c->joints[k].wear);
  }
  free(c->joints);
  free(c->first);
  free(c->busy);
  free(c->events);
  free(c);
}

/* The gap of joint j at its pin centre p and its bodies' relative angle phi, widened by the
 * worn profile when it feeds back. */
static void joint_gap(const joint *j, const double p[2], double phi, cs_gap *g)
{
  j->gap(j->def, j->pin, p, phi, g);
  if (j->wear.feedback)
    cs_wear_gap(&j->wear, p, g);
}

/* ∂φ/∂q over the local coordinates: φ = θ1 − θ0 (∇²φ = 0). */
static const double Jphi[6] = {0, 0, -1, 0, 0, 1};

/* ∇²f over the local coordinates of a function f(p) with p-gradient g and p-Hessian h:
 * Jpᵀ h Jp + Σ_k g_k ∇²p_k. */
static void chain_hessian(const kin *k, const double g[2], const double h[4], double H[36])
{
  for (int a = 0; a < 6; a++)
    for (int b = 0; b < 6; b++) {
      double x = 0.0;
      for (int i = 0; i < 2; i++)
        for (int l = 0; l < 2; l++)
          x += k->Jp[6 * i + a] * h[2 * i + l] * k->Jp[6 * l + b];
      H[6 * a + b] = x + g[0] * k->Hp[0][6 * a + b] + g[1] * k->Hp[1][6 * a + b];
    }
}

/* The blend of the laws at k's pin centre, with w's derivatives over the local coordinates. */
static void blend_of(const joint *j, int hessian, kin *k)
{
  if (j->blends)
    cs_clearance_blend(j->def, j->pin, k->p, k->gap.region, &k->blend);
  else
    k->blend = cs_blend_single(k->gap.region);
  if (k->blend.n < 2) /* a single region: w ≡ 1 */
    memset(k->wgrad, 0, sizeof k->wgrad);
  else
    for (int a = 0; a < 6; a++)
      k->wgrad[a] = k->Jp[a] * k->blend.grad[0] + k->Jp[6 + a] * k->blend.grad[1];
  if (hessian && k->blend.n == 2)
    chain_hessian(k, k->blend.grad, k->blend.hess, k->wH);
}

/* The weight of the blend's i-th region, and the sign of its gradient (±∇w). */
static double weight(const cs_blend *b, int i, double *sign)
{
  *sign = i ? 1.0 : -1.0;
  return b->n < 2 ? 1.0 : i ? b->w : 1.0 - b->w;
}

/* The frames of joint j's two bodies at q. */
static void pin_frames(const cs_clearances *c, const joint *j, const double *q, cs_frame f[2])
{
  f[0] = cs_frame_of(cs_body_pose(c->model, q, j->body[0]));
  f[1] = cs_frame_of(cs_body_pose(c->model, q, j->body[1]));
}

/* The frames a pass over the pins made last: the pins of one joint follow each other and
 * share its bodies (a follower outline's pair may have them the other way round), so a joint
 * of many walls or pairs makes its frames once. */
typedef struct frame_cache {
  int b0, b1;
  cs_frame f[2];
} frame_cache;

static void cached_frames(const cs_clearances *c, const joint *j, const double *q,
                          frame_cache *fc, cs_frame f[2])
{
  if (j->body[0] != fc->b0 || j->body[1] != fc->b1) {
    if (j->body[0] == fc->b1 && j->body[1] == fc->b0) {
      f[0] = fc->f[1], f[1] = fc->f[0];
      return;
    }
    pin_frames(c, j, q, fc->f);
    fc->b0 = j->body[0], fc->b1 = j->body[1];
  }
  f[0] = fc->f[0], f[1] = fc->f[1];
}

/* Whether the point that pin j, the first of a run (j->run), shares with the rest (a profile's
 * walls) is far from every wall of its joint at q (cs_clearance_far), with the δ every pin of
 * the run has there: a pass over the pins asks it once per run and skips the run. 0 for a pin
 * alone on its point: its own gap is as cheap. */
static int run_far(const cs_clearances *c, const joint *j, const double *q, frame_cache *fc,
                   double *delta)
{
  if (j->run == 1 || j->wear.feedback)
    return 0;
  double p[2];
  cs_gap g;
  cs_frame f[2];
  cached_frames(c, j, q, fc, f);
  cs_clearance_point(j->def, j->s1, &f[0], &f[1], p, NULL, NULL);
  int far = cs_clearance_far(j->def, p, &g);
  *delta = g.delta;
  return far;
}

/* The same from every body's frames (cs_frames). */
static void pin_frames_of(const joint *j, const cs_frame *frame, cs_frame f[2])
{
  f[0] = frame[j->body[0]];
  f[1] = frame[j->body[1]];
}

/* The kinematics of joint j at its bodies' frames f and rates v; second derivatives of p only
 * when `hessian`. */
static void kinematics(const cs_clearances *c, const joint *j, const cs_frame f[2],
                       const double *v, int hessian, kin *k)
{
  const cs_model *m = c->model;
  const cs_clearance *d = j->def;
  const double *q0 = f[0].q, *q1 = f[1].q;
  memcpy(k->u, cs_body_rate(m, v, j->body[0]), 3 * sizeof *k->u);
  memcpy(k->u + 3, cs_body_rate(m, v, j->body[1]), 3 * sizeof *k->u);
  cs_clearance_point(d, j->s1, &f[0], &f[1], k->p, k->Jp, hessian ? k->Hp : NULL);
  joint_gap(j, k->p, q1[2] - q0[2], &k->gap);
  blend_of(j, hessian, k);
  k->rate = 0.0;
  for (int a = 0; a < 6; a++) {
    k->grad[a] = k->Jp[a] * k->gap.grad[0] + k->Jp[6 + a] * k->gap.grad[1] +
                 Jphi[a] * k->gap.dphi;
    k->rate += k->grad[a] * k->u[a];
  }
  /* contact point on the pin surface (or where the gap puts it), and the slip velocity of the
   * pin over the wall there */
  double local[2] = {k->p[0] + j->radius * k->gap.grad[0],
                     k->p[1] + j->radius * k->gap.grad[1]};
  if (k->gap.at_given)
    local[0] = k->gap.at[0], local[1] = k->gap.at[1];
  const double c0 = f[0].c, s0 = f[0].s;
  double n[2] = {c0 * k->gap.grad[0] - s0 * k->gap.grad[1], s0 * k->gap.grad[0] + c0 * k->gap.grad[1]};
  k->point[0] = q0[0] + c0 * local[0] - s0 * local[1];
  k->point[1] = q0[1] + s0 * local[0] + c0 * local[1];
  double t[2] = {-n[1], n[0]};
  double a0[2] = {k->point[0] - q0[0], k->point[1] - q0[1]};
  double a1[2] = {k->point[0] - q1[0], k->point[1] - q1[1]};
  double G[6] = {-t[0], -t[1], -(t[0] * -a0[1] + t[1] * a0[0]),
                 t[0],  t[1],  t[0] * -a1[1] + t[1] * a1[0]};
  memcpy(k->G, G, sizeof G);
  k->vt = 0.0;
  for (int a = 0; a < 6; a++)
    k->vt += G[a] * k->u[a];
}

/* The same at (q, v). */
static void kinematics_at(const cs_clearances *c, const joint *j, const double *q,
                          const double *v, int hessian, kin *k)
{
  cs_frame f[2];
  pin_frames(c, j, q, f);
  kinematics(c, j, f, v, hessian, k);
}

/* The pin's friction state (0 without one, or when none is bound). */
static double state_of(const cs_clearances *c, const joint *j)
{
  return j->zi >= 0 && c->z ? c->z[j->zi] : 0.0;
}

/* Region r's contact law's output for the kinematics k, with the pin's friction state. */
static void contact_law(cs_clearances *c, joint *j, const kin *k, int r, int commit,
                        cs_contact_out *o, cs_bristle *b)
{
  cs_contact_eval_state(j->contact[r], k->gap.delta, k->rate, k->vt, state_of(c, j), commit,
                        o, b);
}

/* The joint's kinematics and its laws' output at (q, v), blended: the values F_n, F_e, F_t
 * and the dissipation (derivatives: joint_forces); `commit` for accepted states (δ_max, clip
 * counts) of every region that acts. */
static void evaluate(cs_clearances *c, joint *j, const double *q, const double *v, int commit,
                     kin *k, cs_contact_out *o)
{
  kinematics_at(c, j, q, v, 0, k);
  memset(o, 0, sizeof *o);
  for (int i = 0; i < k->blend.n; i++) {
    cs_contact_out oi;
    cs_bristle b;
    double sign, w = weight(&k->blend, i, &sign);
    if (!j->contact[k->blend.region[i]]) /* another pin carries it */
      continue;
    contact_law(c, j, k, k->blend.region[i], commit, &oi, &b);
    o->Fn += w * oi.Fn;
    o->Fe += w * oi.Fe;
    o->Ft += w * oi.Ft;
    o->dissipation_power += w * oi.dissipation_power;
    o->clipped |= oi.clipped;
  }
}

/* The blended strain energy Σ w_i U_i(δ) at the blend b (cs_clearance.h). */
static double strain_of(const joint *j, const cs_blend *b, double delta)
{
  double U = 0.0, sign;
  for (int i = 0; i < b->n; i++)
    if (j->contact[b->region[i]]) /* (else another pin carries it) */
      U += weight(b, i, &sign) * cs_contact_strain_energy(j->contact[b->region[i]], delta);
  return U;
}

/* ∂G/∂q (dG[6 a + b] = ∂G_a/∂q_b): the slip map's change with the positions, through the
 * tangent t = R90 A0 ∇g(p) and the lever arms a_i = C − r_i of the contact point
 * C = r0 + A0 (p + R ∇g(p)) (or the gap's own point and its derivatives, a face's). With
 * f(t, a) = tᵀ R90 a, G = (−t, −f(t, a0), t, f(t, a1)); ∇g turns with φ too (∂²δ/∂p∂φ). */
static void slip_map_derivative(const joint *j, const cs_frame f[2], const kin *k,
                                double dG[36])
{
  const double *q0 = f[0].q, *q1 = f[1].q;
  const cs_gap *gp = &k->gap;
  const double R = j->radius, *g = gp->grad, *Hg = gp->hess;
  double local[2] = {k->p[0] + R * g[0], k->p[1] + R * g[1]}, n[2], Bg[2], Bl[2];
  if (gp->at_given)
    local[0] = gp->at[0], local[1] = gp->at[1];
  cs_frame_rot(&f[0], g, n);
  cs_frame_drot(&f[0], g, Bg);
  cs_frame_drot(&f[0], local, Bl);
  double t[2] = {-n[1], n[0]};
  double a0[2] = {k->point[0] - q0[0], k->point[1] - q0[1]};
  double a1[2] = {k->point[0] - q1[0], k->point[1] - q1[1]};
  double Jt[2][6], Ja0[2][6], Ja1[2][6];
  for (int b = 0; b < 6; b++) {
    /* ∂∇g/∂q_b and ∂(p + R∇g)/∂q_b, body 0's frame */
    double dg[2] = {Hg[0] * k->Jp[b] + Hg[1] * k->Jp[6 + b] + gp->hpphi[0] * Jphi[b],
                    Hg[2] * k->Jp[b] + Hg[3] * k->Jp[6 + b] + gp->hpphi[1] * Jphi[b]};
    double dl[2] = {k->Jp[b] + R * dg[0], k->Jp[6 + b] + R * dg[1]};
    if (gp->at_given) {
      dl[0] = gp->dat[0] * k->Jp[b] + gp->dat[1] * k->Jp[6 + b] + gp->datphi[0] * Jphi[b];
      dl[1] = gp->dat[2] * k->Jp[b] + gp->dat[3] * k->Jp[6 + b] + gp->datphi[1] * Jphi[b];
    }
    double wn[2], wl[2];
    cs_frame_rot(&f[0], dg, wn);
    cs_frame_rot(&f[0], dl, wl);
    if (b == 2) { /* A0 turns with θ0 */
      wn[0] += Bg[0], wn[1] += Bg[1];
      wl[0] += Bl[0], wl[1] += Bl[1];
    }
    Jt[0][b] = -wn[1];
    Jt[1][b] = wn[0];
    /* a0 = A0 local; a1 = r0 + A0 local − r1 */
    Ja0[0][b] = wl[0];
    Ja0[1][b] = wl[1];
    Ja1[0][b] = wl[0] + (b == 0) - (b == 3);
    Ja1[1][b] = wl[1] + (b == 1) - (b == 4);
  }
  for (int b = 0; b < 6; b++) {
    /* ∂f(t, a) = (R90 a)ᵀ ∂t + tᵀ R90 ∂a, with R90 a = (−a_y, a_x) and tᵀR90 = (t_y, −t_x) */
    double f0 = -a0[1] * Jt[0][b] + a0[0] * Jt[1][b] + t[1] * Ja0[0][b] - t[0] * Ja0[1][b];
    double f1 = -a1[1] * Jt[0][b] + a1[0] * Jt[1][b] + t[1] * Ja1[0][b] - t[0] * Ja1[1][b];
    dG[6 * 0 + b] = -Jt[0][b];
    dG[6 * 1 + b] = -Jt[1][b];
    dG[6 * 2 + b] = -f0;
    dG[6 * 3 + b] = Jt[0][b];
    dG[6 * 4 + b] = Jt[1][b];
    dG[6 * 5 + b] = f1;
  }
}

/* ∇²δ: through p, and through φ for a gap that turns with it (Jpᵀ h_pφ Jφᵀ, its transpose,
 * h_φφ Jφ Jφᵀ). */
static void gap_hessian(const kin *k, double H[36])
{
  chain_hessian(k, k->gap.grad, k->gap.hess, H);
  const cs_gap *g = &k->gap;
  if (g->dphi == 0.0 && g->hphi == 0.0 && g->hpphi[0] == 0.0 && g->hpphi[1] == 0.0)
    return;
  double m[6]; /* Jpᵀ h_pφ */
  for (int a = 0; a < 6; a++)
    m[a] = k->Jp[a] * g->hpphi[0] + k->Jp[6 + a] * g->hpphi[1];
  for (int a = 0; a < 6; a++)
    for (int b = 0; b < 6; b++)
      H[6 * a + b] += m[a] * Jphi[b] + Jphi[a] * m[b] + g->hphi * Jphi[a] * Jphi[b];
}

static int local_column(const joint *j, int a)
{
  const int c0 = j->col0[a / 3];
  return c0 < 0 ? -1 : c0 + a % 3;
}

/* Rolling resistance (002 eq. 4, cs_contact_rolling) of the blend's i-th region, weighed
 * as its law: T on the pin body's θ and −T on the hole body's, for the bodies' relative
 * angular velocity ω = θ1' − θ0' (cs_contact.h derives why not the pin's rotation relative
 * to the line of centres), with its Jacobian when Qq or Qv is given (∂T/∂v exact, ∂T/∂q
 * through δ and the weight). Adds nothing when Q is NULL. Returns the power it dissipates,
 * −T ω ≥ 0. */
static double rolling(const joint *j, const kin *k, int i, double *Q, const cs_acc *Qq,
                      const cs_acc *Qv, double s, int slot0)
{
  static const double dw[6] = {0, 0, -1, 0, 0, 1}; /* ∂ω/∂v, and where T acts */
  double omega = k->u[5] - k->u[2], T, dT_ddelta, dT_domega, sign;
  double w = weight(&k->blend, i, &sign);
  cs_contact_rolling(j->contact[k->blend.region[i]], k->gap.delta, omega, &T, &dT_ddelta,
                     &dT_domega); /* (region_forces calls it for a region with a law) */
  if (!Q || (T == 0.0 && dT_ddelta == 0.0 && dT_domega == 0.0))
    return -w * T * omega;
  for (int a = 2; a < 6; a += 3) {
    int ga = local_column(j, a);
    if (ga < 0)
      continue;
    Q[ga] += w * dw[a] * T;
    for (int b = 0; b < 6; b++) {
      int gb = local_column(j, b);
      double dq = w * dT_ddelta * k->grad[b] + sign * T * k->wgrad[b];
      if (gb >= 0 && Qq)
        cs_acc_add(Qq, ga, gb, slot0 + 6 * a + b, s * dw[a] * dq);
      if (gb >= 0 && Qv)
        cs_acc_add(Qv, ga, gb, slot0 + 6 * a + b, s * w * dw[a] * dT_domega * dw[b]);
    }
  }
  return -w * T * omega;
}

/* The blend's i-th region's normal force −F_n ∇δ and friction F_t G on the two bodies,
 * weighed w_i, with the conservative force −U_i ∇w_i of the weight's change (the potential
 * Σ w_i U_i(δ): Σ ∇w_i = 0, so nothing is added outside a blend), and their derivatives;
 * returns the power the region's law dissipates, weighed. Inlined into its one caller, once
 * per evaluation in contact: GCC stopped doing so as this file grew (0.8 % of a run). */
static inline __attribute__((always_inline)) double
region_forces(cs_clearances *c, joint *j, const cs_frame fr[2], const kin *k, int i, double *Q,
              const cs_acc *Qq, const cs_acc *Qv, double s, int slot0)
{
  cs_contact_out o;
  cs_bristle bristle;
  double sign, w = weight(&k->blend, i, &sign);
  const cs_contact *law = j->contact[k->blend.region[i]];
  contact_law(c, j, k, k->blend.region[i], 0, &o, &bristle);
  double power = w * o.dissipation_power;
  if (cs_contact_rolls(law)) /* (else T ≡ 0) */
    power += rolling(j, k, i, Q, Qq, Qv, s, slot0);
  double U = k->blend.n < 2 ? 0.0 : cs_contact_strain_energy(law, k->gap.delta);
  if (o.Fn == 0.0 && o.Ft == 0.0 && o.dFn_ddelta == 0.0 && o.dFn_drate == 0.0 && U == 0.0)
    return power;
  int g[6];
  double f[6], wg[6];
  for (int a = 0; a < 6; a++) {
    g[a] = local_column(j, a);
    f[a] = -o.Fn * k->grad[a] + o.Ft * k->G[a];
    wg[a] = sign * k->wgrad[a];
  }
  for (int a = 0; a < 6; a++)
    if (g[a] >= 0)
      Q[g[a]] += w * f[a] - U * wg[a];
  if (!Qq && !Qv)
    return power;
  double H[36], Hu[6], dFq[6], dFv[6], dG[36] = {0}, dvt[6] = {0};
  gap_hessian(k, H);
  if (o.Ft != 0.0 || o.dFt_dvt != 0.0)
    slip_map_derivative(j, fr, k, dG);
  for (int a = 0; a < 6; a++) {
    Hu[a] = 0.0;
    for (int b = 0; b < 6; b++) {
      Hu[a] += H[6 * a + b] * k->u[b]; /* ∂δ'/∂q */
      dvt[a] += dG[6 * b + a] * k->u[b]; /* ∂v_t/∂q */
    }
    dFq[a] = o.dFn_ddelta * k->grad[a] + o.dFn_drate * Hu[a];
    dFv[a] = o.dFn_drate * k->grad[a];
  }
  /* Q = w (−F_n ∇δ + F_t G) − U ∇w, F_t = F_t(v_t, F_n), v_t = G u, ∇U = F_e ∇δ */
  for (int a = 0; a < 6; a++) {
    if (g[a] < 0)
      continue;
    for (int b = 0; b < 6; b++) {
      if (g[b] < 0)
        continue;
      double dq = -k->grad[a] * dFq[b] - o.Fn * H[6 * a + b] + o.Ft * dG[6 * a + b] +
                  k->G[a] * (o.dFt_dvt * dvt[b] + o.dFt_dFn * dFq[b]);
      double dv = -k->grad[a] * dFv[b] + k->G[a] * (o.dFt_dvt * k->G[b] + o.dFt_dFn * dFv[b]);
      if (k->blend.n == 2)
        dq = w * dq + f[a] * wg[b] - wg[a] * o.Fe * k->grad[b] - U * sign * k->wH[6 * a + b];
      if (Qq)
        cs_acc_add(Qq, g[a], g[b], slot0 + 6 * a + b, s * dq);
      if (Qv)
        cs_acc_add(Qv, g[a], g[b], slot0 + 6 * a + b, s * w * dv);
    }
  }
  return power;
}

/* The contact's forces: every region whose law acts at the pin's place (one, or two near a
 * junction), with their derivatives; returns the power the contact dissipates. */
static double joint_forces(cs_clearances *c, joint *j, const cs_frame f[2], const double *v,
                           double *Q, const cs_acc *Qq, const cs_acc *Qv, double s, int slot0)
{
  kin k;
  kinematics(c, j, f, v, Qq || Qv, &k);
  double power = 0.0;
  for (int i = 0; i < k.blend.n; i++)
    if (j->contact[k.blend.region[i]]) /* (else another pin carries it: no force, no energy) */
      power += region_forces(c, j, f, &k, i, Q, Qq, Qv, s, slot0);
  return power;
}

/* A pin's forces (film and contact, with their derivatives when asked); returns the power
 * they take out of the mechanism. The film acts in and out of contact. */
static double pin_forces(cs_clearances *c, joint *j, const cs_frame f[2], const double *v,
                         double *Q, const cs_acc *Qq, const cs_acc *Qv, double s, int slot0)
{
  double P = 0.0;
  if (j->def->lubrication.model)
    P += cs_film_forces(c->model, j->def, &j->wear, f, v, Q, Qq, Qv, s, slot0, NULL);
  if (j->in_contact)
    P += joint_forces(c, j, f, v, Q, Qq, Qv, s, slot0);
  return P;
}

void cs_clearances_forces(cs_clearances *c, const double *q, const double *v, double *Q,
                          const cs_acc *Qq, const cs_acc *Qv, double s)
{
  frame_cache fc = {.b0 = -1, .b1 = -1};
  for (int b = 0; b < c->nbusy; b++) { /* (the others have no force) */
    const int k = c->busy[b];
    cs_frame f[2];
    cached_frames(c, &c->joints[k], q, &fc, f);
    pin_forces(c, &c->joints[k], f, v, Q, Qq, Qv, s, 36 * k);
  }
}

double cs_clearances_forces_power(cs_clearances *c, const cs_frame *frame, const double *v,
                                  double *Q)
{
  double P = 0.0;
  for (int b = 0; b < c->nbusy; b++) { /* (the others have no force) */
    const int k = c->busy[b];
    cs_frame f[2];
    pin_frames_of(&c->joints[k], frame, f);
    P += pin_forces(c, &c->joints[k], f, v, Q, NULL, NULL, 0.0, 36 * k);
  }
  return P;
}

/* Pin j's gap in full at the frames f, and its point p. */
static void gap_full(const joint *j, const cs_frame f[2], double p[2], cs_gap *g)
{
  cs_clearance_point(j->def, j->s1, &f[0], &f[1], p, NULL, NULL);
  joint_gap(j, p, f[1].q[2] - f[0].q[2], g);
}

/* Whether a window partner of pin j (cs_clearance_pin_partner) holds the contact at the
 * frames f: in contact and, by its own gap, not past its window. Each pin decides its window
 * by its own numbers, so at an edge both may claim it to round-off; the one in contact keeps
 * it until its own gap says it is past (then the other takes it on, cs_clearances_settle). */
static int held_by_partner(const cs_clearances *c, const joint *j, const cs_frame f[2])
{
  if (!j->windowed)
    return 0;
  for (int k = c->first[j->index]; k < c->first[j->index + 1]; k++) {
    const joint *o = &c->joints[k];
    if (o == j || !o->in_contact || !cs_clearance_pin_partner(j->def, j->pin, o->pin))
      continue;
    double p[2];
    cs_gap g;
    gap_full(o, f, p, &g);
    if (!g.beyond)
      return 1;
  }
  return 0;
}

/* Whether a window partner of pin j is in contact: the contact j would take on is that one's. */
static int partner_holds(const cs_clearances *c, const joint *j)
{
  for (int k = c->first[j->index]; j->windowed && k < c->first[j->index + 1]; k++)
    if (c->joints[k].in_contact && cs_clearance_pin_partner(j->def, j->pin, c->joints[k].pin))
      return 1;
  return 0;
}

/* Whether pin j, with its gap g at the frames f, touches nothing: past its wall's join (or
 * window) a pin out of contact does not, the next wall's pin does, as does the partner that
 * holds it. Its δ is then apart_gap's, its partner's δ turned away. */
static int apart(const cs_clearances *c, const joint *j, const cs_frame f[2], const cs_gap *g)
{
  return !j->in_contact && (g->beyond || (j->windowed && held_by_partner(c, j, f)));
}

static double apart_gap(const joint *j, double delta) { return -(j->clearance + fabs(delta)); }

/* δ of pin j at the frames f, and (when `blend` is non-NULL) the blend of its laws there. */
static double gap_in(const cs_clearances *c, const joint *j, const cs_frame f[2],
                     cs_blend *blend)
{
  double p[2];
  cs_gap g;
  gap_full(j, f, p, &g);
  if (blend)
    cs_clearance_blend(j->def, j->pin, p, g.region, blend);
  return apart(c, j, f, &g) ? apart_gap(j, g.delta) : g.delta;
}

/* The same at q. */
static double gap_of(const cs_clearances *c, const joint *j, const double *q, cs_blend *blend)
{
  cs_frame f[2];
  pin_frames(c, j, q, f);
  return gap_in(c, j, f, blend);
}

double cs_clearances_strain(cs_clearances *c, const double *q)
{
  double U = 0.0;
  for (int k = 0; k < c->nbusy; k++) {
    joint *j = &c->joints[c->busy[k]];
    cs_blend b;
    if (j->in_contact) {
      double delta = gap_of(c, j, q, &b);
      U += strain_of(j, &b, delta);
    }
  }
  return U;
}

/* ---------------------------------------------------------------- internal states -------- */

/* One region's part of pin j's state Jacobian blocks (pin_state): its bristle law b, weighed
 * w, whose weight's gradient is sign · ∇w. */
static void state_jacobian(const joint *j, const cs_frame f[2], const kin *k,
                           const cs_bristle *b, double w, double sign, const cs_acc *Fq,
                           const cs_acc *Fv, const cs_acc *Fz, const cs_acc *Qz, double s,
                           int pin)
{
  if (b->drate_dvt == 0.0 && b->drate_dz == 0.0 && b->dFt_dz == 0.0 &&
      (b->rate == 0.0 || w == 1.0))
    return;
  double dG[36], dvt[6] = {0};
  slip_map_derivative(j, f, k, dG);
  for (int a = 0; a < 6; a++)
    for (int i = 0; i < 6; i++)
      dvt[a] += dG[6 * i + a] * k->u[i];
  const int zi = j->zi;
  if (Fz)
    cs_acc_add(Fz, zi, zi, pin, s * w * b->drate_dz);
  for (int a = 0; a < 6; a++) {
    int g = local_column(j, a);
    if (g < 0)
      continue;
    if (Fq)
      cs_acc_add(Fq, zi, g, 6 * pin + a,
                 s * (w * b->drate_dvt * dvt[a] + sign * b->rate * k->wgrad[a]));
    if (Fv)
      cs_acc_add(Fv, zi, g, 6 * pin + a, s * w * b->drate_dvt * k->G[a]);
    if (Qz)
      cs_acc_add(Qz, g, zi, 6 * pin + a, s * w * k->G[a] * b->dFt_dz);
  }
}

int cs_clearances_state_count(const cs_clearances *c) { return c->nz; }

int cs_clearances_pin_state(const cs_clearances *c, int k) { return c->joints[k].zi; }

void cs_clearances_bind_state(cs_clearances *c, const double *z) { c->z = z; }

void cs_clearances_reset_states(cs_clearances *c, double *z)
{
  for (int i = 0; i < c->n; i++) { /* a contact handed over takes its bristles with it */
    joint *j = &c->joints[i];
    if (j->z_from >= 0 && j->zi >= 0 && c->joints[j->z_from].zi >= 0)
      z[j->zi] = z[c->joints[j->z_from].zi];
    j->z_from = -1;
  }
  for (int i = 0; i < c->n; i++)
    if (c->joints[i].zi >= 0 && !c->joints[i].in_contact)
      z[c->joints[i].zi] = 0.0;
}

/* Pin j's z' = Σ w_i b_i.rate(vt, z) over the blend's regions and its Jacobian blocks:
 * through vt = G u (∂vt/∂q from the slip map's change, ∂vt/∂v = G), the weights and z itself;
 * and ∂Q/∂z = Σ w_i G ∂Ft_i/∂z, Q's friction being Σ w_i Ft_i G. */
static void pin_state(cs_clearances *c, joint *j, const double *q, const double *v,
                      double *zdot, const cs_acc *Fq, const cs_acc *Fv, const cs_acc *Fz,
                      const cs_acc *Qz, double s, int pin)
{
  kin k;
  int want_jac = Fq || Fv || Fz || Qz;
  cs_frame f[2];
  pin_frames(c, j, q, f);
  kinematics(c, j, f, v, 0, &k);
  zdot[j->zi] = 0.0;
  for (int i = 0; i < k.blend.n; i++) {
    cs_contact_out o;
    cs_bristle b;
    double sign, w = weight(&k.blend, i, &sign);
    if (!j->contact[k.blend.region[i]]) /* another pin carries it */
      continue;
    contact_law(c, j, &k, k.blend.region[i], 0, &o, &b);
    zdot[j->zi] += w * b.rate;
    if (want_jac)
      state_jacobian(j, f, &k, &b, w, sign, Fq, Fv, Fz, Qz, s, pin);
  }
}

void cs_clearances_state_rate(cs_clearances *c, const double *q, const double *v, double *zdot,
                              const cs_acc *Fq, const cs_acc *Fv, const cs_acc *Fz,
                              const cs_acc *Qz, double s)
{
  for (int i = 0; i < c->n; i++) {
    joint *j = &c->joints[i];
    if (j->zi < 0)
      continue;
    zdot[j->zi] = 0.0; /* out of contact the bristles rest (and restarts zero them) */
    if (j->in_contact)
      pin_state(c, j, q, v, zdot, Fq, Fv, Fz, Qz, s, i);
  }
}

int cs_clearances_root_count(const cs_clearances *c) { return 2 * c->n; }

/* Weight of δ' in the missed-contact guard: 1 except within 1e-6 c of the joint's centre
 * (δ = −c), where it falls linearly to 0. There δ' is undefined (the normal of a revolute
 * joint's exactly centred pin) and evaluates to round-off of either sign, which IDAS took for
 * roots it then found "at and very near t" (every exactly centred start failed at t ≈ 1e-17 s). */
static double guard_weight(const joint *j, double delta)
{
  double c = j->clearance;
  return fmin(1.0, fmax(0.0, (delta + c) / (1e-6 * c)));
}

/* Joint i's two roots into g[0], g[1], its bodies' frames f. */
static void joint_roots(cs_clearances *c, int i, const cs_frame f[2], const double *v,
                        double g[2])
{
  joint *j = &c->joints[i];
  double delta = gap_in(c, j, f, NULL), w = j->in_contact ? 0.0 : guard_weight(j, delta);
  g[0] = j->in_contact ? delta + c->release : delta;
  g[1] = 1.0 - w; /* only the sign counts: 1 m/s stands for "moving away" */
  if (w > 0.0) {
    kin k;
    kinematics(c, j, f, v, 0, &k);
    g[1] += w * k.rate;
  }
}

void cs_clearances_roots(cs_clearances *c, const double *q, const double *v, double *g)
{
  frame_cache fc = {.b0 = -1, .b1 = -1};
  int far_until = 0; /* the pins before it share a point far from their walls */
  double far_delta = 0.0;
  for (int i = 0; i < c->n; i++) {
    const joint *j = &c->joints[i];
    if (!j->same)
      far_until = run_far(c, j, q, &fc, &far_delta) && guard_weight(j, far_delta) == 0.0
                      ? i + j->run
                      : 0;
    if (i < far_until && !j->in_contact) {
      g[2 * i] = far_delta, g[2 * i + 1] = 1.0; /* joint_roots' values there */
      continue;
    }
    cs_frame f[2];
    cached_frames(c, j, q, &fc, f);
    joint_roots(c, i, f, v, g + 2 * i);
  }
}

double cs_clearances_root(cs_clearances *c, int r, const double *q, const double *v)
{
  double g[2];
  cs_frame f[2];
  pin_frames(c, &c->joints[r / 2], q, f);
  joint_roots(c, r / 2, f, v, g);
  return g[r % 2];
}

int cs_clearances_starts_resting(const cs_clearances *c, int k)
{
  return c->joints[k].def->start.position == CS_START_RESTING;
}

double cs_clearances_gap(cs_clearances *c, int i, const double *q)
{
  return gap_of(c, &c->joints[i], q, NULL);
}

int cs_clearances_point_run(const cs_clearances *c, int k) { return c->joints[k].run; }

int cs_clearances_gaps(cs_clearances *c, int k, const double *q, double *delta, int stride)
{
  frame_cache fc = {.b0 = -1, .b1 = -1};
  const int n = c->joints[k].run;
  if (run_far(c, &c->joints[k], q, &fc, &delta[0])) { /* every one's gap is that one */
    for (int m = 1; m < n; m++)
      delta[m * stride] = delta[0];
    return n;
  }
  for (int m = 0; m < n; m++) {
    cs_frame f[2];
    cached_frames(c, &c->joints[k + m], q, &fc, f);
    delta[m * stride] = gap_in(c, &c->joints[k + m], f, NULL);
  }
  return n;
}

double cs_clearances_crossing_time(cs_clearances *c, const double *q, const double *v,
                                   int thin_only)
{
  double shortest = INFINITY, p[2] = {0.0, 0.0}, centre_speed = 0.0, turning = 0.0;
  frame_cache fc = {.b0 = -1, .b1 = -1};
  int point = -2; /* the pin whose point p is */
  for (int i = 0; c->bounded && i < c->n; i++) {
    const joint *j = &c->joints[i];
    const int thin = isfinite(j->band);
    /* (a run's pins share a point: the same speed over the same clearance) */
    const int many = j->walls >= 2 && !thin_only && !(j->same && !c->joints[i - 1].in_contact);
    /* one wall: δ and its guard see every approach, but a profile's, which a turning outline's
     * corner can sweep through and leave within a step whose ends both lie clear of it */
    const int reach = !many && !thin && j->def->kind == CS_CLEARANCE_PROFILE;
    if (j->in_contact || !(many || thin || reach))
      continue;
    cs_frame f[2];
    cached_frames(c, j, q, &fc, f);
    if (!j->same || point != i - 1) { /* a run's pins share the point and its speeds */
      double Jp[12], u[6], dp[2] = {0.0, 0.0}; /* the pin centre's velocity in its hole body's
                                                 * frame */
      cs_clearance_point(j->def, j->s1, &f[0], &f[1], p, Jp, NULL);
      memcpy(u, cs_body_rate(c->model, v, j->body[0]), 3 * sizeof *u);
      memcpy(u + 3, cs_body_rate(c->model, v, j->body[1]), 3 * sizeof *u);
      for (int a = 0; a < 6; a++)
        dp[0] += Jp[a] * u[a], dp[1] += Jp[6 + a] * u[a];
      centre_speed = hypot(dp[0], dp[1]);
      turning = fabs(u[5] - u[2]);
    }
    point = i;
    if (many && centre_speed > 0.0)
      shortest = fmin(shortest, j->clearance / centre_speed);
    const double speed = centre_speed + turning * j->radius; /* its surface's, turning */
    const double sweep = centre_speed + turning * j->reach;  /* its farthest point's */
    if (reach && sweep > 0.0 && !partner_holds(c, j)) {
      /* no farther than its wall, less its clearance, or that; past its window, its partner's
       * (a partner in contact carries it: steps bounded by that contact) */
      const double clear = -gap_in(c, j, f, NULL);
      if (!thin_only) /* an explicit step may jump any way: within the clearance too */
        shortest = fmin(shortest, (fmax(clear - j->clearance, 0.0) + j->clearance) / sweep);
      else if (clear > j->clearance) /* IDAS's grow twofold: within it the guard sees them */
        shortest = fmin(shortest, fmax(clear - j->clearance, j->clearance) / sweep);
    }
    if (!thin)
      continue;
    /* a follower circle's run over a profile's walls: the nearest wall's distance for all */
    const int run = !j->same && j->run > 1 && !j->def->follower;
    const double clear = cs_clearance_pin_clear(j->def, j->pin, p, run);
    /* within ten bands of its wall, across the band; farther, to within them */
    const double off = fmax(clear - 10.0 * j->band, 0.0);
    if (speed > 0.0)
      shortest = fmin(shortest, (off + j->band) / speed);
    if (run && !many) /* (a run of many walls has its clearance's bound already) */
      i += j->run - 1, point = i;
  }
  return shortest;
}

static cs_contact_event *new_event(cs_clearances *c)
{
  if (c->nevent == c->capevent) {
    int cap = c->capevent ? 2 * c->capevent : 64;
    cs_contact_event *e = realloc(c->events, (size_t)cap * sizeof *e);
    if (!e)
      return NULL;
    c->events = e;
    c->capevent = cap;
  }
  return &c->events[c->nevent++];
}

/* The δ'(−) ≥ 0 of an onset as the laws see it: at least the joint's floor. A contact that opens
 * at rest (a start touching its wall, pressed in by a force: δ' = 0) is the limit of a grazing
 * one, where δ'(−) → 0 and the hysteresis laws' damping F_e χ δ'/δ'(−) has no bound; with the
 * floor 0 (the laws' own δ'(−)) it takes the default floor, not an elastic law that never rests. */
static double impact_floor(const joint *j, double rate)
{
  double floor = j->def->min_impact_velocity;
  return rate > 0.0 || floor > 0.0 ? fmax(rate, floor) : CS_MIN_IMPACT_VELOCITY;
}

/* Pin k joins the busy pins (on) or leaves them, in order; a lubricated one stays. */
static void set_busy(cs_clearances *c, int k, int on)
{
  int at = 0;
  while (at < c->nbusy && c->busy[at] < k)
    at++;
  const int there = at < c->nbusy && c->busy[at] == k;
  if (on && !there) {
    memmove(c->busy + at + 1, c->busy + at, (size_t)(c->nbusy - at) * sizeof *c->busy);
    c->busy[at] = k, c->nbusy++;
  } else if (!on && there && !c->joints[k].def->lubrication.model) {
    memmove(c->busy + at, c->busy + at + 1, (size_t)(c->nbusy - at - 1) * sizeof *c->busy);
    c->nbusy--;
  }
}

/* Pin j's contact state, with the busy pins. */
static void set_contact(cs_clearances *c, joint *j, int on)
{
  if (j->in_contact == on)
    return;
  j->in_contact = on;
  set_busy(c, (int)(j - c->joints), on);
}

/* Pin j's gap at q, in full. */
static void gap_at(const cs_clearances *c, const joint *j, const double *q, cs_gap *g)
{
  cs_frame f[2];
  double p[2];
  pin_frames(c, j, q, f);
  gap_full(j, f, p, g);
}

/* Whether pin k stands on pin i's point, as a wall's pin beside another wall's does (pins of
 * one joint, not only those of a run: a follower outline's pairs against each wall), or meets
 * it at a window's edge (cs_clearance_pin_partner). */
static int on_point(const cs_clearances *c, int i, int k)
{
  const joint *a = &c->joints[i], *b = &c->joints[k];
  return k != i && (same_point(a, b) || cs_clearance_pin_partner(a->def, a->pin, b->pin));
}

/* The pin on pin i's point (another wall's) that a contact crossing their join at q passes
 * between: in contact (taken), one in contact past its join, whose contact i takes on; out of
 * contact (!taken), one whose wall the point now touches, which takes i's on. −1 if none. */
static int across_join(const cs_clearances *c, int i, const double *q, int taken)
{
  const int index = c->joints[i].index;
  for (int k = c->first[index]; k < c->first[index + 1]; k++) {
    cs_gap g;
    if (!on_point(c, i, k) || c->joints[k].in_contact != taken)
      continue;
    gap_at(c, &c->joints[k], q, &g);
    if (taken ? g.beyond : !g.beyond && g.delta >= 0.0)
      return k;
  }
  return -1;
}

/* A hand-over's step in the strain energy at its δ, where the two pins' laws differ (the
 * laws' history already passed on: cs_clearances_handover_steps). */
static void count_step(cs_clearances *c, const joint *a, const joint *b, const cs_gap *g)
{
  const cs_contact *la = a->contact[g->region], *lb = b->contact[g->region];
  const double dU = la && lb ? fabs(cs_contact_strain_energy(lb, g->delta) -
                                    cs_contact_strain_energy(la, g->delta))
                             : 0.0;
  if (dU == 0.0)
    return;
  c->steps.count++;
  c->steps.total += dU;
  if (dU > c->steps.worst)
    c->steps.worst = dU, c->steps.joint = a->index;
}

/* Pin i's contact goes on in pin k, the next wall's where i's ends (or its window partner's):
 * one contact, its event, its laws' history (c_r from the impact, δ_max) and its friction
 * state, not a new impact at the penetration it had (whose δ' would set the hysteresis laws'
 * damping). */
static void hand_over(cs_clearances *c, int i, int k, const double *q)
{
  joint *a = &c->joints[i], *b = &c->joints[k];
  cs_gap g;
  gap_at(c, b, q, &g);
  set_contact(c, b, 1);
  b->revision++;
  b->region = g.region;
  b->v_impact = a->v_impact;
  for (int r = 0; r < b->def->nregion; r++)
    if (b->contact[r] && a->contact[r])
      cs_contact_resume(b->contact[r], a->contact[r]);
  count_step(c, a, b, &g);
  b->event = a->event, a->event = -1;
  b->z_from = i;
  set_contact(c, a, 0);
  a->revision++;
}

void cs_clearances_open(cs_clearances *c, int i, double t, const double *q, const double *v)
{
  int from = across_join(c, i, q, 1);
  if (from >= 0) {
    hand_over(c, from, i, q);
    return;
  }
  joint *j = &c->joints[i];
  kin k;
  kinematics_at(c, j, q, v, 0, &k);
  set_contact(c, j, 1);
  j->revision++;
  j->region = k.gap.region;
  j->v_impact = k.rate;
  /* the event keeps the true δ'(−); the laws get the floor of its grazing (impact_floor), or 0
   * for a contact found open at the start while moving out faster than the floor (the laws
   * stay elastic: no impact to damp); slower, it is at rest on the floor's scale */
  double v_laws = k.rate >= -j->def->min_impact_velocity ? impact_floor(j, k.rate) : 0.0;
  for (int r = 0; r < j->def->nregion; r++)
    if (j->contact[r])
      cs_contact_onset(j->contact[r], v_laws);
  cs_contact_event *e = new_event(c);
  j->event = e ? (int)(e - c->events) : -1;
  if (e)
    *e = (cs_contact_event){j->index, j->region, t, NAN, k.rate, 0.0, 0.0, j->pin};
}

/* Closed where δ fell through −release at rate δ' < 0: the event's t_off is where it crossed 0
 * (release/|δ'| earlier, to first order). */
static void close_contact(cs_clearances *c, joint *j, double t, double rate)
{
  set_contact(c, j, 0);
  j->revision++;
  if (j->event >= 0)
    c->events[j->event].t_off = rate < 0.0 ? t - c->release / -rate : t;
  j->event = -1;
}

int cs_clearances_events(cs_clearances *c, const double *q, const int *found, int *missed)
{
  int changed = 0;
  frame_cache fc = {.b0 = -1, .b1 = -1};
  int far_until = 0; /* the pins before it share a point far from their walls */
  *missed = -1;
  for (int i = 0; i < c->n; i++) {
    joint *j = &c->joints[i];
    double delta;
    if (!j->same)
      far_until = run_far(c, j, q, &fc, &delta) ? i + j->run : 0;
    int inside = 0; /* out of contact with δ > 0 (asked only then) */
    if (!j->in_contact && *missed < 0 && i >= far_until) {
      cs_frame f[2];
      cached_frames(c, j, q, &fc, f);
      inside = gap_in(c, j, f, NULL) > 0.0;
    }
    if (inside && across_join(c, i, q, 1) >= 0) {
      changed++; /* the restart hands the contact over (cs_clearances_settle) */
    } else if (inside && found && found[2 * i + 1] != 0) {
      /* its guard stopped the step at a maximum of δ inside the wall: δ rose through 0 before
       * it, whether or not δ's own root also counts as crossed (it does where δ was < 0 at the
       * step's start), and a restart there would not open the contact (δ' = 0) */
      *missed = i;
    } else if (found && found[2 * i] != 0) {
      /* Every root of δ restarts IDAS (δ can sit exactly at zero where IDAS stopped, and IDAS
       * then fails: "root found at and very near t"); the restart settles the contact states
       * by the sign of δ' (cs_clearances_settle), so a root crossed against the motion (the
       * round-off of an earlier restart at δ = 0) changes nothing. */
      changed++;
    } else if (inside) {
      /* out of contact inside the wall: the step jumped an onset (its guard root, a maximum
       * of δ, stopped it there; or δ left 0, where its root was disarmed, after a dip outward
       * shorter than the step: a start at δ = 0 moving out at 1e-17 m/s under gravity) */
      *missed = i;
    }
  }
  return changed;
}

int cs_clearances_settle(cs_clearances *c, double t, const double *q, const double *v)
{
  int changed = 0;
  for (int i = 0; i < c->n; i++) { /* contacts that reach their wall's join first */
    joint *j = &c->joints[i];
    cs_gap g;
    if (!j->in_contact || (gap_at(c, j, q, &g), !g.beyond))
      continue;
    int to = across_join(c, i, q, 0);
    if (to >= 0)
      hand_over(c, i, to, q), changed++;
  }
  for (int i = 0; i < c->n; i++) {
    joint *j = &c->joints[i];
    kin k;
    cs_frame f[2];
    pin_frames(c, j, q, f);
    kinematics(c, j, f, v, 0, &k);
    if (!j->in_contact && !k.gap.beyond && k.gap.delta >= 0.0 && k.rate >= 0.0 &&
        !held_by_partner(c, j, f)) {
      cs_clearances_open(c, i, t, q, v);
      changed++;
    } else if (j->in_contact && k.gap.delta <= -c->release && k.rate <= 0.0) {
      close_contact(c, j, t, k.rate);
      changed++;
    }
  }
  return changed;
}

void cs_clearances_commit_one(cs_clearances *c, int i, const double *q, const double *v)
{
  joint *j = &c->joints[i];
  if (!j->in_contact)
    return;
  kin k;
  cs_contact_out o;
  evaluate(c, j, q, v, 1, &k, &o);
  j->region = k.gap.region; /* a pin sliding into another region keeps its impact */
  j->clips += o.clipped;
  if (j->event >= 0) {
    cs_contact_event *e = &c->events[j->event];
    e->max_penetration = fmax(e->max_penetration, k.gap.delta);
    e->max_force = fmax(e->max_force, o.Fn);
  }
}

void cs_clearances_commit(cs_clearances *c, const double *q, const double *v)
{
  for (int k = 0; k < c->nbusy; k++) /* (committing one out of contact does nothing) */
    cs_clearances_commit_one(c, c->busy[k], q, v);
}

int cs_clearances_in_contact(const cs_clearances *c, int i) { return c->joints[i].in_contact; }

long cs_clearances_revision(const cs_clearances *c, int i) { return c->joints[i].revision; }

const int *cs_clearances_bodies(const cs_clearances *c, int i) { return c->joints[i].body; }

/* Pin i's normal force at (q, v) in contact, with δ and δ' there; `record`: the state is one
 * of the step's, and its δ counts towards the contact's deepest. */
static double pin_force(cs_clearances *c, int i, const double *q, const double *v, int record,
                        double *delta, double *rate)
{
  joint *j = &c->joints[i];
  if (!j->in_contact)
    return 0.0;
  kin k;
  cs_contact_out o;
  evaluate(c, j, q, v, 0, &k, &o);
  if (delta)
    *delta = k.gap.delta;
  if (rate)
    *rate = k.rate;
  if (record && j->event >= 0) /* a long step's deepest δ lies between its ends */
    c->events[j->event].max_penetration = fmax(c->events[j->event].max_penetration, k.gap.delta);
  return o.Fn;
}

double cs_clearances_sample(cs_clearances *c, int i, const double *q, const double *v,
                            double *delta, double *rate)
{
  return pin_force(c, i, q, v, 1, delta, rate);
}

double cs_clearances_force(cs_clearances *c, int i, const double *q, const double *v)
{
  return pin_force(c, i, q, v, 0, NULL, NULL);
}

int cs_clearances_count(const cs_clearances *c) { return c->n; }

/* 1000 ulps of the mechanism's size: δ, a difference of coordinates of that size, carries
 * round-off of ~1e-16 m; a contact separating at 3e-5 m/s crossed δ = 0 back and forth in that
 * noise every 1e-13 s, each crossing a root and a restart, for 500000 steps (liu2022 at rtol
 * 1e-12). Closing 1000 ulps below 0 leaves the noise behind; the force is 0 there anyway. */
void cs_clearances_set_length(cs_clearances *c, double length)
{
  c->release = 1e3 * DBL_EPSILON * length;
}

/* The state of pin j; the eccentricity is the joint's (the pin or block centre's). */
static void pin_output(cs_clearances *c, joint *j, const double *q, const double *v,
                       cs_clearance_state *out)
{
  kin k;
  cs_contact_out o;
  const cs_clearance *d = j->def;
  double centre[2];
  memset(out, 0, sizeof *out);
  cs_frame f[2];
  pin_frames(c, j, q, f);
  if (j->in_contact)
    evaluate(c, j, q, v, 0, &k, &o);
  else /* (no law acts: only the kinematics are reported) */
    kinematics(c, j, f, v, 0, &k);
  cs_clearance_pin(d, &f[0], &f[1], centre, NULL, NULL);
  out->eccentricity[0] = centre[0] - d->point[0][0];
  out->eccentricity[1] = centre[1] - d->point[0][1];
  out->penetration = k.gap.delta;
  out->rate = k.rate;
  if (apart(c, j, f, &k.gap)) { /* its gap as the contact sees it, not its partner's */
    out->penetration = apart_gap(j, k.gap.delta);
    out->rate = k.gap.delta < 0.0 ? k.rate : -k.rate;
  }
  out->contact_point[0] = k.point[0];
  out->contact_point[1] = k.point[1];
  out->impact_velocity = j->v_impact;
  out->in_contact = j->in_contact;
  out->region = k.gap.region;
  out->domain_limit = INFINITY;
  for (int r = 0; r < j->def->nregion; r++) {
    if (!j->contact[r]) /* another corner's region */
      continue;
    double deepest, limit;
    long n = cs_contact_outside(j->contact[r], &deepest, &limit);
    out->outside_domain += n;
    if (n > 0 && deepest > out->outside_depth) {
      out->outside_depth = deepest;
      out->domain_limit = limit;
    }
  }
  if (j->in_contact) {
    double omega = k.u[5] - k.u[2];
    for (int i = 0; i < k.blend.n; i++) {
      double sign, w = weight(&k.blend, i, &sign), T, dT_ddelta, dT_domega;
      if (!j->contact[k.blend.region[i]]) /* another pin carries it */
        continue;
      cs_contact_rolling(j->contact[k.blend.region[i]], k.gap.delta, omega, &T, &dT_ddelta,
                         &dT_domega);
      out->rolling_torque += w * T;
    }
    out->normal_force = o.Fn;
    out->tangential_force = o.Ft;
    out->strain_energy = strain_of(j, &k.blend, k.gap.delta);
  }
  if (j->def->lubrication.model) {
    cs_film f;
    cs_frame fr[2];
    pin_frames(c, j, q, fr);
    cs_film_forces(c->model, j->def, &j->wear, fr, v, NULL, NULL, NULL, 0.0, 0, &f);
    out->film_force[0] = f.force[0];
    out->film_force[1] = f.force[1];
    out->eccentricity_ratio = f.epsilon;
    out->film_thickness = f.h_min;
    out->film_regime = j->in_contact ? 3 : f.saturated ? 2 : 1;
  }
  if (j->wear.bins > 0) {
    out->wear_volume = j->wear.volume;
    out->wear_depth_max = cs_wear_deepest(&j->wear);
  }
}

int cs_clearances_wear(cs_clearances *c, double t, const double *q, const double *v,
                       double *released)
{
  int changed = 0;
  *released = 0.0;
  for (int i = 0; i < c->n; i++) {
    joint *j = &c->joints[i];
    if (j->wear.bins <= 0)
      continue;
    kin k;
    cs_contact_out o;
    double Fn = 0.0, slip = 0.0, U0 = 0.0;
    if (j->in_contact) {
      evaluate(c, j, q, v, 0, &k, &o);
      Fn = o.Fn, slip = fabs(k.vt);
      U0 = strain_of(j, &k.blend, k.gap.delta);
    } else {
      kinematics_at(c, j, q, v, 0, &k);
    }
    cs_contour at;
    cs_contour_at(j->def, k.p, k.gap.region, &at);
    if (!cs_wear_step(&j->wear, t, at.s, k.gap.region, Fn, slip))
      continue;
    changed++;
    j->revision++;
    if (j->in_contact) { /* the deeper gap at the same state */
      cs_blend b;
      double delta = gap_of(c, j, q, &b);
      *released += U0 - strain_of(j, &b, delta);
    }
  }
  return changed;
}

int cs_clearances_wear_profile(const cs_clearances *c, int k, double *depth, int max)
{
  const joint *j = &c->joints[c->first[k]]; /* worn kinds have one pin (cs_contour_supported) */
  cs_wear_nodes(&j->wear, depth, max);
  return j->wear.bins;
}

void cs_clearances_output(cs_clearances *c, int i, const double *q, const double *v,
                          cs_clearance_state *out)
{
  /* the leading pin: the largest force in contact, else the largest δ */
  double strain = 0.0, far_delta = 0.0;
  frame_cache fc = {.b0 = -1, .b1 = -1};
  int far_until = 0; /* the pins before it share a point far from their walls */
  for (int k = c->first[i]; k < c->first[i + 1]; k++) {
    const joint *j = &c->joints[k];
    cs_clearance_state s;
    if (!j->same)
      far_until = run_far(c, j, q, &fc, &far_delta) ? k + j->run : 0;
    if (k > c->first[i] && k < far_until && !j->in_contact && !out->in_contact &&
        out->penetration >= far_delta)
      continue; /* far and out of contact: it cannot lead, and holds no strain */
    pin_output(c, &c->joints[k], q, v, &s);
    strain += s.strain_energy;
    int better = k == c->first[i] ||
                 (s.in_contact ? !out->in_contact || s.normal_force > out->normal_force
                               : !out->in_contact && s.penetration > out->penetration);
    if (better)
      *out = s;
  }
  out->strain_energy = strain;
}

void cs_clearances_pin_output(cs_clearances *c, int i, int pin, const double *q,
                              const double *v, cs_clearance_state *out)
{
  pin_output(c, &c->joints[c->first[i] + pin], q, v, out);
}

int cs_clearances_event_count(const cs_clearances *c) { return c->nevent; }
const cs_contact_event *cs_clearances_event(const cs_clearances *c, int i) { return &c->events[i]; }

long cs_clearances_clip_count(const cs_clearances *c)
{
  long n = 0;
  for (int i = 0; i < c->n; i++)
    n += c->joints[i].clips;
  return n;
}

cs_handover_steps cs_clearances_handover_steps(const cs_clearances *c) { return c->steps; }
