/* clearance_face.c — a follower outline's straight piece (a face) against a spline wall
 * (joints/README.md "Profiles"): the one pair whose gap depends on the bodies' relative angle
 * φ = θ1 − θ0 as well as on the point p (the face's start, in body[0]'s frame).
 *
 * The face runs from p along t = R(φ) t0 for L, n = R(φ) n0 its free side's normal (towards
 * the wall). The wall's deepest point across it is the spline's support point x* = c(u*),
 * the least n·c(u) (Newton on n·c'(u) = 0, cs_spline_support), and
 *   δ = n·(p − x*),  ∂δ/∂p = n,  ∂δ/∂φ = n⊥·(p − x*)  (x* stationary: n·c' = 0),
 *   ∂²δ/∂p² = 0,  ∂²δ/∂p∂φ = n⊥,  ∂²δ/∂φ² = −δ + (n⊥·c')²/(n·c'') = ρ − δ, ρ the radius of
 *   curvature at x* (the support point runs along the curve as n turns: u* changes at the
 *   rate −(n⊥·c')/(n·c'') per radian),
 * n⊥ = R90 n = ∂n/∂φ. While x* lies beyond the face's ends (its foot s = t·(x* − p) outside
 * [0, L]), the end V = p + ℓ t (ℓ = 0 or L) is the pin: δ = −d(V), the spline's signed
 * distance there, which equals the face's δ where s reaches the end (V then lies on x*'s
 * normal), so δ is continuous: ∇_V δ = −n_s, ∇²_V δ = κ/(1 − κd) t_s t_sᵀ =: H, and through
 * V(p, φ) (∂V/∂φ = ℓ t⊥, ∂²V/∂φ² = −ℓ t): ∂²δ/∂p² = H, ∂²δ/∂p∂φ = H ℓ t⊥,
 * ∂²δ/∂φ² = ℓ² t⊥ᵀ H t⊥ + ℓ n_s·t. The contact point is x* (the end: V), with its
 * derivatives for the slip map: x* moves only as φ does, c' times u*'s rate; V as above.
 * Where the end is a convex feature with its own pair against the wall (a corner, an arc
 * joined tangentially), that pair is the pin past it: the face's gap there is the end
 * point's, flagged beyond, and the contact passes between the two where both touch it
 * (clearance_window.c), never counted twice. */
#include "cs_clearance.h"
#include "cs_follower.h"

#include <math.h>
#include <string.h>

static void turn(const double v[2], double c, double s, double out[2])
{
  out[0] = c * v[0] - s * v[1];
  out[1] = s * v[0] + c * v[1];
}

/* The end V = p + l t of the face as the pin: the spline's distance there. */
static void end_gap(const cs_feature *w, const double p[2], const double t[2], double l,
                    cs_gap *g)
{
  const double tp[2] = {-t[1], t[0]}, V[2] = {p[0] + l * t[0], p[1] + l * t[1]};
  double u, ns[2], ts[2], k;
  double d = cs_spline_distance(w->spline, V, &u, ns, ts, &k), q = k / (1.0 - k * d);
  double H[4] = {q * ts[0] * ts[0], q * ts[0] * ts[1], q * ts[0] * ts[1], q * ts[1] * ts[1]};
  g->delta = -d;
  g->grad[0] = -ns[0], g->grad[1] = -ns[1];
  memcpy(g->hess, H, sizeof H);
  g->dphi = -l * (ns[0] * tp[0] + ns[1] * tp[1]);
  g->hpphi[0] = l * (H[0] * tp[0] + H[1] * tp[1]);
  g->hpphi[1] = l * (H[2] * tp[0] + H[3] * tp[1]);
  g->hphi = l * (tp[0] * g->hpphi[0] + tp[1] * g->hpphi[1]) + l * (ns[0] * t[0] + ns[1] * t[1]);
  g->at_given = 1;
  g->at[0] = V[0], g->at[1] = V[1];
  g->dat[0] = g->dat[3] = 1.0;
  g->datphi[0] = l * tp[0], g->datphi[1] = l * tp[1];
}

void cs_follower_face_gap(const cs_clearance *c, int pin, const double p[2], double phi,
                          cs_gap *g)
{
  const cs_follower_pair *q = &c->pairs[pin];
  const cs_profile *wall = cs_profile_wall(c->profile, q->wall);
  const cs_feature *face = &cs_profile_wall(c->follower, q->piece)->f[q->feature];
  const cs_feature *w = &wall->f[0];
  const double cs = cos(phi), sn = sin(phi), L = face->L;
  double t[2], n[2], mid[2];
  turn(face->t, cs, sn, t);
  turn(face->n, cs, sn, n);
  memset(g, 0, sizeof *g);
  g->region = w->region;
  mid[0] = p[0] + 0.5 * L * t[0], mid[1] = p[1] + 0.5 * L * t[1];
  if (cs_profile_far(wall, mid, 0.5 * L)) { /* the face's circle far off the wall's */
    cs_gap_circle(mid, wall->bc, wall->br, 0.5 * L, -1, w->region, g);
    return;
  }
  double x[2], d1[2], d2[2];
  cs_spline_support(w->spline, n, x, d1, d2);
  const double np[2] = {-n[1], n[0]}, r[2] = {p[0] - x[0], p[1] - x[1]};
  const double s = -(t[0] * r[0] + t[1] * r[1]);
  if (s < 0.0 || s > L) {
    end_gap(w, p, t, s < 0.0 ? 0.0 : L, g);
    g->region = w->region;
    g->beyond = q->end_pair[s > L] >= 0; /* the end's own pair takes the contact on */
    return;
  }
  const double tc = np[0] * d1[0] + np[1] * d1[1], nc = n[0] * d2[0] + n[1] * d2[1];
  g->delta = n[0] * r[0] + n[1] * r[1];
  g->grad[0] = n[0], g->grad[1] = n[1];
  g->dphi = np[0] * r[0] + np[1] * r[1];
  g->hpphi[0] = np[0], g->hpphi[1] = np[1];
  g->hphi = -g->delta + (nc > 0.0 ? tc * tc / nc : 0.0); /* nc = 0: a straight stretch */
  g->at_given = 1; /* x* runs along the curve as n turns: c' times u*'s rate */
  g->at[0] = x[0], g->at[1] = x[1];
  const double du = nc > 0.0 ? -tc / nc : 0.0;
  g->datphi[0] = du * d1[0], g->datphi[1] = du * d1[1];
}
