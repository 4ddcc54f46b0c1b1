/* A centrifugal pendulum vibration absorber (models/pendulum_absorber.json): a rotor driven at
 * constant speed Ω about a ground revolute carries a roller (a disc, mass m, radius r) in a
 * circular track cut in it, the annulus between two concentric arcs (two profile walls) whose
 * centre P is at distance c from the rotor's axis. The centrifugal force holds the roller on
 * the outer arc (radius R), so its centre moves on the circle of radius ℓ = R − r about P
 * (plus the contact's penetration, 2.4e-5 to 1.9e-4 of ℓ here).
 *
 * The closed form. In the rotor's frame the roller's centre is at (c + ℓ cos φ, ℓ sin φ), φ its
 * angle about P from the line through the axis and P. Its absolute velocity is v_rel + Ω ẑ × x:
 *   T = ½ m ℓ² φ'² + m Ω ℓ (ℓ + c cos φ) φ' + ½ m Ω² (c² + ℓ² + 2 c ℓ cos φ)
 * (+ ½ J ω² for the spin, which no force touches without friction: the sliding roller is the
 * point mass at its centre). The middle term is the time derivative of a function of φ alone
 * and drops out of Lagrange's equation, which is
 *   m ℓ² φ'' + m Ω² c ℓ sin φ = 0,  i.e.  φ'' + (c/ℓ) Ω² sin φ = 0:
 * a simple pendulum of frequency ñ Ω, the tuning order ñ = √(c/ℓ), independent of Ω and m
 * (the classical tuning of the centrifugal pendulum absorber, as in Den Hartog's Mechanical
 * Vibrations; derived here). Released at rest from φ0 its period is that of the pendulum,
 * T = (2π/(ñΩ)) · 2K(sin(φ0/2))/π, the amplitude correction 1 + φ0²/16 + … = 1.7e-4 at 3°:
 * the measured order is ñ/(2K/π), and ñ itself to 3e-4 without it.
 *
 * Rolling (friction, the roller rolling on the outer arc without slip): the contact point's
 * velocity relative to the rotor is zero, ℓ φ' + r ω_rel = 0, so the roller turns at
 * Ω − (ℓ/r) φ' and its spin adds ½ J (Ω − (ℓ/r) φ')² to T, whose term linear in φ' is again a
 * total derivative: (m + J/r²) ℓ² φ'' + m Ω² c ℓ sin φ = 0, the order
 * ñ = √((c/ℓ)/(1 + J/(m r²))), √(2c/(3ℓ)) for a uniform disc (J = ½ m r²): 1.63299 and 2.44949
 * for c/ℓ = 4 and 9. Regularized Coulomb friction (μ 0.3, v_tol 1e-4 m/s) holds it: the
 * tangential force the rolling needs is j/(1 + j) of the centrifugal force's component along
 * the track, j = J/(m r²), under 1 % of μ N at 3°, so the roller creeps at under 1e-6 m/s.
 *
 * The contact's compliance. The roller's centre sits δ (the static penetration) beyond ℓ, and
 * the contact is a radial spring k = dN/dδ = 1.5 N/δ (L-N: N = K δ^1.5). Linearized about
 * φ = 0, ρ = ℓ + δ in the rotor's frame, with u the radial motion, the Coriolis terms couple
 * the two:  ρ² φ'' + 2 Ω ρ u' + Ω² c ρ φ = 0,  u'' + (k/m − Ω²) u − 2 Ω ρ φ' = 0, so
 *   ω² (1 + j + 4 Ω²/(κ − ω²)) = Ω² c/(ℓ + δ),  κ = k/m − Ω²  (j = 0 sliding):
 * sliding, the order drops by about ½ δ/ℓ + (4/3) δ/(c + ℓ), 1.8e-5 to 1.2e-4 here
 * (δ ∝ Ω^(4/3)); rolling, 1.6e-5 to 1.1e-4. An independent integration of the sliding point
 * mass on that Hertz spring (scipy's DOP853 at rtol 1e-11) gives the same shifts to 3 digits.
 *
 * The run: φ0 = 3°, the roller at rest on the rotor and pressed into the outer arc by its
 * static penetration (m Ω² (c cos φ0 + ℓ) = K δ^1.5, the L-N law's K = (4/3) E* √R*), undamped
 * contact (Kelvin-Voigt with c = 0), no friction, no gravity; 4.2 periods. The period from φ's
 * zero crossings (linearly interpolated between output rows 1/400 of a period apart: φ'' = 0 at
 * a crossing, so the interpolation's error is third order). For c/ℓ = 4 and 9 at Ω = 100 and
 * 300 rad/s, sliding and rolling, asserted: ñ within 1e-3 of the amplitude-corrected closed
 * form and within 2e-6 of it with the compliance's shift as well (measured: 2e-7); the two
 * speeds' orders within 2e-4 of each other; one contact, on the outer arc, the whole run (none
 * on the inner) and its force never below half the static one; sliding, the roller's spin
 * untouched (1e-9 rad), rolling, its slip under 1e-3 of its travel ℓ φ0 (measured 1e-4, the
 * compliance's); the energy balance (driver work in) within 1e-9 of the roller's kinetic
 * energy sliding (undamped: measured ~1e-12), 2e-5 rolling (the friction's: ~1e-6).
 *
 * Written open, a whole circle (a path back to its start) was two open ends under the roller,
 * whose flat law was blended with the arc's there: its contact's K = N/δ^1.5 varied by 8 % over
 * ±3° and the order came out 2e-5 low at 100 rad/s; cut across from the roller, the ends'
 * blend reached it 176° round the arc (1.7e-5 low). Both are checked last. */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>

static const double E = 2.07e11, nu = 0.3, r = 0.003, gap = 1e-4, m = 0.0022, J = 9.9e-9;
static const double phi0 = 3.0 * M_PI / 180.0;

/* K(k) by the arithmetic-geometric mean: K = π / (2 agm(1, √(1 − k²))). */
static double ellip_k(double k)
{
  double a = 1.0, b = sqrt(1.0 - k * k);
  for (int i = 0; i < 30; i++) {
    double an = 0.5 * (a + b);
    b = sqrt(a * b), a = an;
  }
  return M_PI / (2.0 * a);
}

/* The roller's static penetration into the outer arc at rest at φ0 (L-N: F = K δ^1.5). */
static double static_penetration(double c, double l, double W)
{
  double R = l + r, Es = 1.0 / (2.0 * (1.0 - nu * nu) / E), Rs = r * R / (R - r);
  double K = 4.0 / 3.0 * Es * sqrt(Rs), F = m * W * W * (c * cos(phi0) + l);
  return pow(F / K, 2.0 / 3.0);
}

/* The order with the contact's compliance (above), before the amplitude correction; j the
 * roller's J/(m r²) when it rolls, 0 when it slides. */
static double compliant_order(double c, double l, double W, double j)
{
  double R = l + r, Es = 1.0 / (2.0 * (1.0 - nu * nu) / E), Rs = r * R / (R - r);
  double K = 4.0 / 3.0 * Es * sqrt(Rs), d = 0.0, N = 0.0;
  for (int i = 0; i < 20; i++) /* the equilibrium at φ = 0: N = m Ω² (c + ℓ + δ) */
    N = m * W * W * (c + l + d), d = pow(N / K, 2.0 / 3.0);
  double kappa = 1.5 * N / d / m - W * W, w2 = W * W * c / (l + d);
  for (int i = 0; i < 20; i++)
    w2 = W * W * c / (l + d) / (1.0 + j + 4.0 * W * W / (kappa - w2));
  return sqrt(w2) / W;
}

/* The absorber at c, ℓ and Ω = W, run for 4.2 periods of the order n, rows 1/400 of a period
 * apart; friction "" (none) or a contact's "friction" entry. */
/* The absorber's model; its outer circle written "closed" when `closed`, else open: whole
 * (returning to its start) when `cut` is 0, or missing the arc of `cut` rad across the track
 * from the roller (its two open ends there). */
static cs_model *absorber(double c, double l, double W, double n, const char *friction,
                          int closed, double cut)
{
  const char *shut = closed ? ", \"closed\": true" : "";
  double interval = 2.0 * M_PI / (n * W) / 400.0;
  double R = l + r, Ri = l - r - gap, d = l + static_penetration(c, l, W);
  double x = c + d * cos(phi0), y = d * sin(phi0), t_end = 4.2 * 2.0 * M_PI / (n * W);
  double a0 = cut > 0.0 ? -(M_PI - 0.5 * cut) : 0.0; /* the outer path's start angle */
  char json[4608];
  snprintf(json, sizeof json,
           "{\"name\": \"absorber\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"ground\", "
           "\"ground\": true}, {\"name\": \"rotor\", \"mass\": 0.5, \"inertia\": 1e-4}, "
           "{\"name\": \"roller\", \"mass\": %.17g, \"inertia\": %.17g, \"position\": [%.17g, "
           "%.17g, 0], \"velocity\": [%.17g, %.17g, %.17g]}], \"joints\": [{\"name\": "
           "\"axis\", \"type\": \"revolute\", \"body1\": \"ground\", \"body2\": \"rotor\"}], "
           "\"drivers\": [{\"name\": \"motor\", \"type\": \"angle\", \"body\": \"rotor\", "
           "\"motion\": {\"velocity\": %.17g}}], \"clearance_joints\": [{\"name\": \"track\", "
           "\"type\": \"profile\", \"body1\": \"rotor\", \"body2\": \"roller\", \"pin_radius\": "
           "%.17g, \"length\": 0.01, \"profile\": [{\"path\": [[%.17g, %.17g], {\"arc_to\": "
           "[%.17g, %.17g], \"centre\": [%.17g, 0], \"turn\": \"ccw\"}]%s, \"solid\": "
           "\"right\"}, {\"path\": [[%.17g, 0], {\"arc_to\": [%.17g, 0], \"centre\": [%.17g, "
           "0], \"turn\": \"ccw\"}]%s, \"solid\": \"left\"}], \"materials\": "
           "[{\"E\": %.17g, \"nu\": %.17g}, {\"E\": %.17g, \"nu\": %.17g}], \"contact\": "
           "{\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}%s}}], "
           "\"solver\": {\"t_end\": %.17g, \"rtol\": 1e-8, \"atol\": 1e-12}, \"output\": "
           "{\"interval\": %.17g}}",
           m, J, x, y, -W * y, W * x, W, W, r, c + R * cos(a0), R * sin(a0), c + R * cos(a0),
           -R * sin(a0), c, shut, c + Ri, c + Ri, c, shut, E, nu, E, nu,
           friction, t_end, interval);
  return load_model_string(json, "<absorber>");
}

typedef struct books {
  double c, l;              /* the track centre's distance from the axis; the pendulum's length */
  double t_prev, phi_prev;  /* the last row */
  double first, last;       /* the first and last zero crossing of φ */
  int crossings, rows;
  double n_min;             /* the least normal force on the outer arc */
  double spin, slip;        /* the largest |θ_roller − θ_rotor|; the largest slip, m */
} books;

static int keep(const cs_sim *s, void *user)
{
  books *b = user;
  double qr[3], qp[3];
  cs_sim_body_position(s, 1, qr);
  cs_sim_body_position(s, 2, qp);
  double cr = cos(qr[2]), sr = sin(qr[2]);
  double px = qr[0] + cr * b->c, py = qr[1] + sr * b->c; /* the track's centre */
  double dx = qp[0] - px, dy = qp[1] - py;
  double phi = atan2(-sr * dx + cr * dy, cr * dx + sr * dy), t = cs_sim_time(s);
  if (b->rows && (phi > 0) != (b->phi_prev > 0)) {
    double tc = b->t_prev + (t - b->t_prev) * b->phi_prev / (b->phi_prev - phi);
    if (!b->crossings)
      b->first = tc;
    b->last = tc;
    b->crossings++;
  }
  cs_clearance_state w;
  cs_sim_clearance_corner(s, 0, 0, &w);
  b->n_min = fmin(b->n_min, w.normal_force);
  /* rolling without slip turns the roller by −(ℓ/r)(φ − φ0) relative to the rotor */
  double rel = qp[2] - qr[2];
  b->spin = fmax(b->spin, fabs(rel));
  b->slip = fmax(b->slip, fabs(r * rel + b->l * (phi - phi0)));
  b->t_prev = t, b->phi_prev = phi;
  b->rows++;
  return 0;
}

/* The measured order ñ (from the period of φ) of a run at Ω = W; its contacts and balance. */
static double run(cs_model *mod, double c, double l, double W, int *outer, int *inner,
                  double *bal, double *n_min, double *spin, double *slip)
{
  cs_sim *s = start(mod);
  books b = {c, l, 0, 0, 0, 0, 0, 0, INFINITY, 0, 0};
  cs_sim_set_output(s, keep, &b);
  cs_error err;
  cs_status st = cs_sim_advance(s, cs_model_t_end(mod), &err);
  CHECK(st == CS_OK, "absorber c %g, W %g: runs (%s)", c, W, st ? err.message : "");
  *outer = *inner = 0;
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    if (e.region == cs_model_clearance_region_count(mod, 0) - 1)
      (*inner)++;
    else
      (*outer)++;
  }
  cs_energy en;
  cs_sim_energy(s, &en);
  double ke = 0.5 * m * W * W * c * c; /* the roller's, near enough */
  *bal = fabs(en.balance_error) / ke;
  *n_min = b.n_min, *spin = b.spin, *slip = b.slip;
  cs_sim_free(s);
  CHECK(b.crossings >= 8, "absorber c %g, W %g: four oscillations (%d crossings)", c, W,
        b.crossings);
  double period = 2.0 * (b.last - b.first) / (b.crossings - 1);
  return 2.0 * M_PI / (period * W);
}

int main(void)
{
  const double geo[2][2] = {{0.04, 0.01}, {0.045, 0.005}}, speeds[2] = {100.0, 300.0};
  const double corr = 2.0 * ellip_k(sin(0.5 * phi0)) / M_PI; /* T / T0 at φ0 */
  const char *coulomb = ", \"friction\": {\"model\": \"coulomb\", \"mu\": 0.3, \"v_tol\": 1e-4}";
  for (int roll = 0; roll < 2; roll++) /* sliding (no friction), then rolling */
    for (int g = 0; g < 2; g++) {
      double order[2], j = roll ? J / (m * r * r) : 0.0;
      for (int k = 0; k < 2; k++) {
        double c = geo[g][0], l = geo[g][1], W = speeds[k], n0 = sqrt(c / l / (1.0 + j));
        cs_model *mod = !roll && g == 0 && k == 0 ? load_model("models/pendulum_absorber.json")
                                                  : absorber(c, l, W, n0, roll ? coulomb : "", 1, 0.0);
        int outer, inner;
        double bal, nmin, spin, slip;
        double n = run(mod, c, l, W, &outer, &inner, &bal, &nmin, &spin, &slip);
        double want = n0 / corr, soft = compliant_order(c, l, W, j) / corr;
        double n_static = m * W * W * (c + l); /* the roller's centrifugal force, near enough */
        const char *how = roll ? "rolling" : "sliding";
        order[k] = n;
        printf("absorber, %s, c/l = %g, W = %g rad/s: order %.7f; closed form %.6f, with the 3 "
               "deg amplitude correction %.7f (%+.3e), and the compliance %.7f (%+.2e); %d "
               "contacts outer, %d inner; least normal force %.4g N (static %.4g); balance "
               "error %.2e of the kinetic energy; spin relative to the rotor %.3g rad, slip "
               "%.3g m\n",
               how, c / l, W, n, n0, want, n / want - 1.0, soft, n / soft - 1.0, outer, inner,
               nmin, n_static, bal, spin, slip);
        CHECK(fabs(n / want - 1.0) < 1e-3, "%s, c/l %g, W %g: order %.6f within 1e-3 of %.6f",
              how, c / l, W, n, want);
        CHECK(fabs(n / soft - 1.0) < 2e-6, "%s, c/l %g, W %g: order %.7f within 2e-6 of the "
              "compliant %.7f", how, c / l, W, n, soft);
        if (roll)
          CHECK(slip < 1e-3 * l * phi0, "rolling, c/l %g, W %g: the roller rolls (slips %.3g m "
                "of the %.3g m it travels)", c / l, W, slip, l * phi0);
        else
          CHECK(spin < 1e-9, "sliding, c/l %g, W %g: the roller's spin untouched (%.3g rad)",
                c / l, W, spin);
        CHECK(outer == 1 && inner == 0, "%s, c/l %g, W %g: one contact, on the outer arc (%d, "
              "%d)", how, c / l, W, outer, inner);
        CHECK(nmin > 0.5 * n_static, "%s, c/l %g, W %g: the roller stays pressed (%.4g N of "
              "%.4g)", how, c / l, W, nmin, n_static);
        CHECK(bal < (roll ? 2e-5 : 1e-9), "%s, c/l %g, W %g: energy balance %.3g of the kinetic "
              "energy", how, c / l, W, bal);
        cs_model_free(mod);
      }
      CHECK(fabs(order[1] / order[0] - 1.0) < 2e-4, "%s, c/l %g: the order does not depend on "
            "the speed (%.7f, %.7f)", roll ? "rolling" : "sliding", geo[g][0] / geo[g][1],
            order[0], order[1]);
    }
  /* the same track with its circles written open: whole (a path back to its start is closed:
   * two open ends at one point would be a seam with a flat law on either side, under the
   * roller), and cut 4° across the track (the ends' flat law is blended in next to them, not
   * where the roller swings, 176° round the arc, where the projection on their tangent comes
   * back under the blend's half-width: 0.35 mm of 1.5) */
  for (int open = 0; open < 2; open++) {
    const double c = geo[0][0], l = geo[0][1], W = speeds[0], n0 = sqrt(c / l);
    cs_model *mod = absorber(c, l, W, n0, "", 0, open ? 4.0 * M_PI / 180.0 : 0.0);
    int outer, inner;
    double bal, nmin, spin, slip;
    double n = run(mod, c, l, W, &outer, &inner, &bal, &nmin, &spin, &slip);
    double soft = compliant_order(c, l, W, 0.0) / corr;
    const char *how = open ? "outer circle cut 4 deg" : "circles left open";
    printf("absorber, sliding, %s: order %.7f, the compliant closed form %.7f (%+.2e)\n", how,
           n, soft, n / soft - 1.0);
    CHECK(fabs(n / soft - 1.0) < 2e-6, "%s: order %.7f within 2e-6 of the compliant %.7f, as "
          "closed", how, n, soft);
    CHECK(outer == 1 && inner == 0 && bal < 1e-9, "%s: one contact (%d, %d), balance %.3g",
          how, outer, inner, bal);
    cs_model_free(mod);
  }
  return cs_test_finish();
}
