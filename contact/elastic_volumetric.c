/* elastic_volumetric.c — volumetric contact of Gonthier, McPhee, Lange & Piedbœuf (002): a
 * Winkler foundation whose pressure k_v h is proportional to the local interference depth h
 * (eq. 1 without its damping), so that the normal force is k_v times the interference volume
 * (eqs. 2–3). In the plane, for cylinders of axial length L in line contact,
 *
 *     F_e = k_v L A(δ),   dF_e/dδ = k_v L c(δ),   U(δ) = k_v L ∫0^δ A,
 *
 * A the area common to the pin's disc (R1) and the wall — the hole's material outside a
 * circle of radius R2 (internal), a disc of radius R2 (external: a lens), a half-plane (a flat
 * track, R2 = 0: a circular segment) — with the centres at R2 − R1 + δ, R1 + R2 − δ, or the
 * pin's centre at R1 − δ from the flat. Each shape is a sum of circular caps cut by the
 * common chord, whose half-length is b: the pin's cap plus (external) or minus (internal)
 * the wall circle's cap. A cap of half-angle φ (sin φ = b/R) has area R²(2φ − sin 2φ)/2 and
 * second moment about its axis of symmetry R⁴(12φ − 8 sin 2φ + sin 4φ)/48 (sector less the
 * triangle over the chord). Because the wall moves rigidly along the normal as δ grows, the
 * area gains exactly the chord, dA/dδ = c = 2b, and the moment ∫ t² dt over it, dJ/dδ =
 * (2/3) L b³. (U has no elementary closed form for two circles — it is ∫ h² dt/2 over the
 * chord, an elliptic integral — and comes from the quadrature of cs_law_util.h.)
 *
 * k_v = k_f/h_f (002 eq. 1): the foundation's modulus over the depth of its "mattress" — for a
 * thin compliant layer of thickness h_f on a rigid body, its confined modulus (1−ν)E/((1+ν)
 * (1−2ν)) over h_f (Johnson, Contact Mechanics §4.3). It is a property of the coating, not of
 * the bulk E, ν: the law takes k_v itself and requires it.
 *
 * The shapes are symmetric about the line of centres, so the interference's centroid — 002's
 * point of action — lies on it, and the normal force's line of action is the normal through
 * the pin's centre that the clearance joints already use; the rolling moment J is taken about
 * that line.
 */
#include "cs_law_util.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct volumetric {
  double k_v, L, R1, R2;
  int wall; /* +1 external (convex wall), −1 internal (hole), 0 flat */
} volumetric;

static const cs_param_spec params[] = {
  {"k_v", "N/m^3", 0.0, 0.0, INFINITY, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN,
   "volumetric stiffness k_f/h_f: the foundation's modulus over its depth (002 eq. 1)"},
};

/* ---------------------------------------------------------------- caps ------------------- */

/* sin x less its Taylor terms of degree < 2 k0 + 1: Σ_{k ≥ k0} (−1)^k x^(2k+1)/(2k+1)!.
 * For |x| ≤ 2 by its series (the difference would cancel all the digits of a small cap),
 * summed until a term no longer counts (≤ 14 terms); beyond, directly. */
static double sin_tail(double x, int k0)
{
  double x2 = x * x;
  if (fabs(x) > 2.0) {
    double s = sin(x), term = x;
    for (int k = 0; k < k0; k++) {
      s -= term;
      term *= -x2 / ((2 * k + 2) * (2 * k + 3));
    }
    return s;
  }
  double term = x;
  for (int k = 0; k < k0; k++)
    term *= -x2 / ((2 * k + 2) * (2 * k + 3));
  double sum = 0.0;
  for (int k = k0; k < k0 + 30; k++) {
    double next = sum + term;
    if (next == sum)
      break;
    sum = next;
    term *= -x2 / ((2 * k + 2) * (2 * k + 3));
  }
  return sum;
}

/* A cap of a circle of radius R with half-angle φ ∈ [0, π]: its area R²(2φ − sin 2φ)/2 and
 * its second moment about the axis, R⁴(12φ − 8 sin 2φ + sin 4φ)/48, the latter written with
 * the degree-5 tails so that its cancelling φ³ terms never appear. */
static double cap_area(double R, double phi) { return -0.5 * R * R * sin_tail(2.0 * phi, 1); }

static double cap_moment(double R, double phi)
{
  return R * R * R * R * (sin_tail(4.0 * phi, 2) - 8.0 * sin_tail(2.0 * phi, 2)) / 48.0;
}

/* The chord's half-length b and the caps' half-angles φ1 (pin) and φ2 (wall circle) at δ.
 * Written so that nothing cancels for small δ: b from Heron's formula of the triangle of the
 * two centres and a chord end (its factors carry δ itself), the centres' distances to the
 * chord (u1, u2) expanded in δ. */
static double chord(const volumetric *v, double delta, double phi[2])
{
  double R1 = v->R1, R2 = v->R2, d2, heron, u1, u2 = 0.0;
  if (v->wall == 0) {
    heron = delta * (2.0 * R1 - delta);
    phi[0] = atan2(sqrt(fmax(heron, 0.0)), R1 - delta);
    phi[1] = 0.0;
    return sqrt(fmax(heron, 0.0));
  }
  if (v->wall < 0) { /* centres at d = R2 − R1 + δ; u1 past the pin's centre, away from O2 */
    double c = R2 - R1;
    d2 = 2.0 * (c + delta);
    heron = (2.0 * R2 + delta) * (2.0 * c + delta) * delta * (2.0 * R1 - delta);
    u1 = (2.0 * c * (R1 - delta) - delta * delta) / d2;
    u2 = (2.0 * c * (R2 + delta) + delta * delta) / d2;
  } else { /* centres at d = R1 + R2 − δ, which only a δ past R1 + R2 would bring to 0 */
    double s = R1 + R2;
    d2 = fmax(2.0 * (s - delta), DBL_MIN);
    heron = (2.0 * s - delta) * (2.0 * R2 - delta) * (2.0 * R1 - delta) * delta;
    u1 = (2.0 * s * (R1 - delta) + delta * delta) / d2;
    u2 = (2.0 * s * (R2 - delta) + delta * delta) / d2;
  }
  double b = sqrt(fmax(heron, 0.0)) / d2;
  phi[0] = atan2(b, u1);
  phi[1] = atan2(b, u2);
  return b;
}

/* A(δ) and the chord length dA/dδ = 2b. */
static double area(const volumetric *v, double delta, double *dA)
{
  double phi[2], b = chord(v, delta, phi);
  if (dA)
    *dA = 2.0 * b;
  return cap_area(v->R1, phi[0]) + (v->wall ? v->wall * cap_area(v->R2, phi[1]) : 0.0);
}

/* ---------------------------------------------------------------- ops -------------------- */

static double volumetric_force(void *content, double delta, double *dFe)
{
  const volumetric *v = content;
  if (!(delta > 0.0)) {
    if (dFe)
      *dFe = 0.0;
    return 0.0;
  }
  double dA, A = area(v, delta, &dA);
  if (dFe)
    *dFe = v->k_v * v->L * dA;
  return v->k_v * v->L * A;
}

static double volumetric_energy(void *content, double delta)
{
  return cs_energy_quad(volumetric_force, content, delta);
}

static double volumetric_moment(void *content, double delta, double *dJ, double *k_v)
{
  const volumetric *v = content;
  *k_v = v->k_v;
  if (!(delta > 0.0)) {
    *dJ = 0.0;
    return 0.0;
  }
  double phi[2], b = chord(v, delta, phi);
  *dJ = v->L * 2.0 / 3.0 * b * b * b;
  return v->L * (cap_moment(v->R1, phi[0]) +
                 (v->wall ? v->wall * cap_moment(v->R2, phi[1]) : 0.0));
}

static void volumetric_report(void *content, char *buf, int size)
{
  const volumetric *v = content;
  const char *wall = v->wall < 0 ? "in a hole" : v->wall > 0 ? "on a convex wall" : "on a flat";
  snprintf(buf, (size_t)size, "k_v = %.6g N/m^3, L = %.6g m, R1 = %.6g m %s (R2 = %.6g m)",
           v->k_v, v->L, v->R1, wall, v->R2);
}

static cs_status create(const double *p, const cs_contact_geometry *g, void **content,
                        cs_error *err)
{
  cs_status st = cs_check_line("volumetric", g, 1, err);
  if (st != CS_OK)
    return st;
  volumetric *v = malloc(sizeof *v);
  if (!v)
    return cs_fail(err, CS_ERR_MEMORY, "volumetric: out of memory");
  *v = (volumetric){p[0], g->length, g->R1, g->R2, g->internal ? -1 : g->R2 > 0.0 ? 1 : 0};
  *content = v;
  return CS_OK;
}

const cs_law cs_law_elastic_volumetric = {
  .name = "volumetric",
  .family = CS_ELASTIC,
  .summary = "volumetric (Winkler foundation): F = k_v L A(delta), A the interference area",
  .source = "Gonthier, McPhee, Lange & Piedboeuf (002) eqs. 1-3; rolling moment eq. 4",
  .params = params,
  .nparams = 1,
  .create = create,
  .destroy = free,
  .elastic = volumetric_force,
  .energy = volumetric_energy,
  .report = volumetric_report,
  .rolling_moment = volumetric_moment,
};
