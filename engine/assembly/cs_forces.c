/* cs_forces.c — generalized forces Q of gravity and the force elements, their derivatives, and
 * their energy terms. Each element works on its local coordinates z = (q1, q2) and is scattered
 * into the global vectors once, by scatter(). */
#include "cs_assembly.h"
#include "cs_planar.h"

#include <math.h>
#include <string.h>

typedef struct local {
  double Q[6], Qq[36], Qv[36]; /* Qq[6 a + b] = ∂Q_a/∂z_b */
  double potential, dissipation, applied;
} local;

static void scatter(const cs_model *m, int k, const int body[2], int nb, const local *L,
                    double *Q, const cs_acc *Qq, const cs_acc *Qv, double s)
{
  int g[6];
  for (int c = 0; c < 3 * nb; c++) {
    const cs_body *b = &m->bodies[body[c / 3]];
    g[c] = b->ground ? -1 : b->coord + c % 3;
  }
  for (int a = 0; a < 3 * nb; a++) {
    if (g[a] < 0)
      continue;
    if (Q)
      Q[g[a]] += L->Q[a];
    for (int b = 0; b < 3 * nb; b++) {
      if (g[b] < 0)
        continue;
      if (Qq)
        cs_acc_add(Qq, g[a], g[b], 36 * k + 6 * a + b, s * L->Qq[6 * a + b]);
      if (Qv)
        cs_acc_add(Qv, g[a], g[b], 36 * k + 6 * a + b, s * L->Qv[6 * a + b]);
    }
  }
}

/* Spring-damper-actuator between P1 and P2: tension f = k(l − l0) + c l' + f0 pulls them
 * together. With d = P2 − P1 = D z-linearised, Q = −Dᵀ f u. */
static void spring(const cs_force *e, const double *q1, const double *q2, const double *v1,
                   const double *v2, local *L)
{
  double p1[2], p2[2], w1[2], w2[2], b1[2], b2[2], a1[2], a2[2];
  cs_point(q1, e->point[0], p1);
  cs_point(q2, e->point[1], p2);
  cs_point_velocity(q1, v1, e->point[0], w1);
  cs_point_velocity(q2, v2, e->point[1], w2);
  cs_drot(q1[2], e->point[0], b1);
  cs_drot(q2[2], e->point[1], b2);
  cs_rot(q1[2], e->point[0], a1);
  cs_rot(q2[2], e->point[1], a2);
  double d[2] = {p2[0] - p1[0], p2[1] - p1[1]}, dd[2] = {w2[0] - w1[0], w2[1] - w1[1]};
  double l = hypot(d[0], d[1]);
  L->potential = 0.5 * e->stiffness * (l - e->free_length) * (l - e->free_length);
  if (l < 1e-12) /* coincident points: no line of action */
    return;
  double u[2] = {d[0] / l, d[1] / l}, ldot = u[0] * dd[0] + u[1] * dd[1];
  double f = e->stiffness * (l - e->free_length) + e->damping * ldot + e->actuation;
  L->dissipation = e->damping * ldot * ldot;
  L->applied = -e->actuation * ldot;

  /* D: ∂d/∂z; E: ∂d'/∂z (through θ only) */
  double D[2][6] = {{-1, 0, -b1[0], 1, 0, b2[0]}, {0, -1, -b1[1], 0, 1, b2[1]}};
  double E[2][6] = {{0, 0, a1[0] * v1[2], 0, 0, -a2[0] * v2[2]},
                    {0, 0, a1[1] * v1[2], 0, 0, -a2[1] * v2[2]}};
  /* ∂F/∂d and ∂F/∂d' for F = f u */
  double P[2][2], Fd[2][2], Fdd[2][2];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      P[i][j] = ((i == j) - u[i] * u[j]) / l;
  double dl[2] = {dd[0] * P[0][0] + dd[1] * P[1][0], dd[0] * P[0][1] + dd[1] * P[1][1]};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      Fd[i][j] = u[i] * (e->stiffness * u[j] + e->damping * dl[j]) + f * P[i][j];
      Fdd[i][j] = e->damping * u[i] * u[j];
    }
  for (int a = 0; a < 6; a++) {
    L->Q[a] = -(D[0][a] * f * u[0] + D[1][a] * f * u[1]);
    for (int b = 0; b < 6; b++) {
      double sq = 0.0, sv = 0.0;
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
          sq += D[i][a] * (Fd[i][j] * D[j][b] + Fdd[i][j] * E[j][b]);
          sv += D[i][a] * Fdd[i][j] * D[j][b];
        }
      L->Qq[6 * a + b] = -sq;
      L->Qv[6 * a + b] = -sv;
    }
  }
  /* D's θ columns depend on θ: ∂(−Dᵀ)/∂θ applied to F */
  L->Qq[6 * 2 + 2] -= f * (a1[0] * u[0] + a1[1] * u[1]);
  L->Qq[6 * 5 + 5] += f * (a2[0] * u[0] + a2[1] * u[1]);
}

/* Torsion spring-damper-actuator: τ = k(θ2 − θ1 − θ0) + c(ω2 − ω1) + τ0 acts on body 2 as −τ
 * and on body 1 as +τ. */
static void torsion(const cs_force *e, const double *q1, const double *q2, const double *v1,
                    const double *v2, local *L)
{
  double x = q2[2] - q1[2] - e->free_length, xd = v2[2] - v1[2];
  double tau = e->stiffness * x + e->damping * xd + e->actuation;
  L->Q[2] = tau;
  L->Q[5] = -tau;
  L->Qq[6 * 2 + 2] = L->Qq[6 * 5 + 5] = -e->stiffness;
  L->Qq[6 * 2 + 5] = L->Qq[6 * 5 + 2] = e->stiffness;
  L->Qv[6 * 2 + 2] = L->Qv[6 * 5 + 5] = -e->damping;
  L->Qv[6 * 2 + 5] = L->Qv[6 * 5 + 2] = e->damping;
  L->potential = 0.5 * e->stiffness * x * x;
  L->dissipation = e->damping * xd * xd;
  L->applied = -e->actuation * xd;
}

/* Constant force at a body point, in the world frame or following the body. */
static void point_force(const cs_force *e, const double *q, const double *v, local *L)
{
  double F[2], bs[2], as[2], vp[2];
  if (e->body_frame)
    cs_rot(q[2], e->force, F);
  else
    F[0] = e->force[0], F[1] = e->force[1];
  cs_drot(q[2], e->point[0], bs);
  cs_rot(q[2], e->point[0], as);
  cs_point_velocity(q, v, e->point[0], vp);
  L->Q[0] = F[0];
  L->Q[1] = F[1];
  L->Q[2] = bs[0] * F[0] + bs[1] * F[1];
  if (e->body_frame) { /* F = A F_b: ∂F/∂θ = B F_b, and (B s)ᵀ A F_b does not depend on θ */
    double bf[2];
    cs_drot(q[2], e->force, bf);
    L->Qq[6 * 0 + 2] = bf[0];
    L->Qq[6 * 1 + 2] = bf[1];
  } else {
    L->Qq[6 * 2 + 2] = -(as[0] * F[0] + as[1] * F[1]);
  }
  L->applied = F[0] * vp[0] + F[1] * vp[1];
}

static void element(const cs_model *m, const cs_force *e, const double *q, const double *v,
                    local *L)
{
  memset(L, 0, sizeof *L);
  const double *q1 = cs_body_pose(m, q, e->body[0]), *v1 = cs_body_rate(m, v, e->body[0]);
  switch (e->kind) {
  case CS_FORCE_SPRING:
    spring(e, q1, cs_body_pose(m, q, e->body[1]), v1, cs_body_rate(m, v, e->body[1]), L);
    break;
  case CS_FORCE_TORSION:
    torsion(e, q1, cs_body_pose(m, q, e->body[1]), v1, cs_body_rate(m, v, e->body[1]), L);
    break;
  case CS_FORCE_POINT:
    point_force(e, q1, v1, L);
    break;
  case CS_FORCE_TORQUE:
    L->Q[2] = e->torque;
    L->applied = e->torque * v1[2];
    break;
  default:
    break;
  }
}

int cs_force_bodies(const cs_force *e)
{
  return e->kind == CS_FORCE_SPRING || e->kind == CS_FORCE_TORSION ? 2 : 1;
}

void cs_mass_diagonal(const cs_model *m, double *M)
{
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (body->ground)
      continue;
    M[body->coord] = M[body->coord + 1] = body->mass;
    M[body->coord + 2] = body->inertia;
  }
}

void cs_forces(const cs_model *m, const double *q, const double *v, double t, double *Q,
               const cs_acc *Qq, const cs_acc *Qv, double s)
{
  (void)t; /* no element depends on time explicitly yet */
  memset(Q, 0, (size_t)m->ncoord * sizeof *Q);
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (!body->ground) {
      Q[body->coord] = body->mass * m->gravity[0];
      Q[body->coord + 1] = body->mass * m->gravity[1];
    }
  }
  for (int k = 0; k < m->nforce; k++) {
    local L;
    element(m, &m->forces[k], q, v, &L);
    scatter(m, k, m->forces[k].body, cs_force_bodies(&m->forces[k]), &L, Q, Qq, Qv, s);
  }
}

double cs_kinetic_energy(const cs_model *m, const double *v)
{
  double T = 0.0;
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (body->ground)
      continue;
    const double *w = v + body->coord;
    T += 0.5 * (body->mass * (w[0] * w[0] + w[1] * w[1]) + body->inertia * w[2] * w[2]);
  }
  return T;
}

double cs_potential_energy(const cs_model *m, const double *q)
{
  double V = 0.0;
  for (int b = 0; b < m->nbody; b++) {
    const cs_body *body = &m->bodies[b];
    if (!body->ground)
      V -= body->mass * (m->gravity[0] * q[body->coord] + m->gravity[1] * q[body->coord + 1]);
  }
  for (int k = 0; k < m->nforce; k++) {
    local L;
    element(m, &m->forces[k], q, q /* rates unused for energy */, &L);
    V += L.potential;
  }
  return V;
}

void cs_force_power(const cs_model *m, const double *q, const double *v, double t,
                    double *dissipation, double *applied)
{
  (void)t;
  *dissipation = *applied = 0.0;
  for (int k = 0; k < m->nforce; k++) {
    local L;
    element(m, &m->forces[k], q, v, &L);
    *dissipation += L.dissipation;
    *applied += L.applied;
  }
}
