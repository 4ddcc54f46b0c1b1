/* Several contact points in one profile joint: a "profile" of several walls gives the follower
 * one contact per wall (joints/README.md "Profiles"). A disc (mass m, radius r) under gravity
 * pressed into a V of two walls of one joint, the right one rising at α1 = 30°, the left at
 * α2 = 50°, frictionless, settles where both walls carry it; the static balance of the two
 * normal forces (each along its wall's normal, (−sin α1, cos α1) and (sin α2, cos α2)) against
 * mg gives
 *   N1 sin α1 = N2 sin α2,  N1 cos α1 + N2 cos α2 = mg
 *   ⇒ N1 = mg sin α2 / sin(α1 + α2),  N2 = mg sin α1 / sin(α1 + α2),
 * and with a linear law F = K δ each penetration is N/K. Undamped (L-N, steel) and dropped
 * from 1 mm it bounces off both walls with its energy books closed to the integrator's
 * tolerance (below 1e-7 of m g h at rtol 1e-10, tightening from 1e-8). The same V written as one
 * path through the apex is cut at its concave corner into the same two walls
 * (cs_profile_split): two contact points, and the same forces to 1e-9; and so does the V closed
 * below into a chevron (its one concave corner cut, and the path cut again and joined where two
 * segments meet), round whose join a disc slides undamped with its books closed, and across
 * which a disc struck mid-impact (a pin, or a follower outline's circle) is one contact with
 * the one-wall corner's dissipation; and so does
 * the V closed by an arc, joined in the arc's middle, for discs seated past the sides' middle
 * or resting on their tips too, a disc struck across that join dissipating what the arc as one
 * wall does. A disc resting in a U-shaped solid (cut at its two inner corners) is carried by
 * the inner bottom alone: the other wall's outer face behind it is not a contact (cut_depth). */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

static const double m = 1.0, g = 9.81, r = 0.01, K = 1e7, a1 = 30.0 * M_PI / 180.0,
                    a2 = 50.0 * M_PI / 180.0, L = 0.05;

/* The model: the disc on the V's bisector touching both walls, at rest; walls as two blocks
 * (two = 1), one path (0), a closed chevron, the V closed below it (2), or closed by an arc
 * (3). */
/* The V closed 50 mm below its apex: a chevron, its apex the one concave corner. */
#define CHEVRON                                                                                \
  "{\"path\": [[%.17g, %.17g], [0, 0], [%.17g, %.17g], [%.17g, -0.05], [%.17g, -0.05]], "     \
  "\"closed\": true, \"solid\": \"right\"}"

/* The V closed below by an arc instead: its two sides the only segments. */
#define ARC_CHEVRON                                                                            \
  "{\"path\": [[%.17g, %.17g], [0, 0], [%.17g, %.17g], {\"arc_to\": [%.17g, %.17g], "        \
  "\"centre\": [%.17g, %.17g], \"turn\": \"cw\"}], \"closed\": true, \"solid\": \"right\"}"

static cs_model *vee_law(int two, double rd, double lift, const char *law, double rtol);
/* The disc of radius rd seated in the V written as `two`, on a stiff damped spring law. */
static cs_model *vee(int two, double rd)
{
  return vee_law(two, rd, 0.0,
                 "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, \"n\": 1}, \"damping\": "
                 "{\"model\": \"kelvin_voigt\", \"c\": 2000}}", 1e-9);
}

/* Where a disc of radius rd touches both sides of the V: on its bisector, or, where that seat
 * lies past the sides (rd / tan(α/2) > L), on the sides' two tips. */
static void touching(double rd, double c[2])
{
  const double u1[2] = {cos(a1), sin(a1)}, u2[2] = {-cos(a2), sin(a2)};
  const double half = 0.5 * (M_PI - a1 - a2);
  if (rd / tan(half) <= L) {
    double b[2] = {u1[0] + u2[0], u1[1] + u2[1]}, nb = hypot(b[0], b[1]), d = rd / sin(half);
    c[0] = d * b[0] / nb, c[1] = d * b[1] / nb;
    return;
  }
  /* the tips' chord, from the right tip to the left, and above its middle by h */
  const double e[2] = {L * (u2[0] - u1[0]), L * (u2[1] - u1[1])}, ne = hypot(e[0], e[1]);
  const double h = sqrt(rd * rd - 0.25 * ne * ne);
  c[0] = 0.5 * L * (u1[0] + u2[0]) + h * e[1] / ne;
  c[1] = 0.5 * L * (u1[1] + u2[1]) - h * e[0] / ne;
}

/* The V with the disc of radius rd `lift` above its touching place, under `law`. */
static cs_model *vee_law(int two, double rd, double lift, const char *law, double rtol)
{
  double u1[2] = {cos(a1), sin(a1)}, u2[2] = {-cos(a2), sin(a2)}, c[2];
  touching(rd, c);
  double x = c[0], y = c[1] + lift;
  char walls[1024], json[4096];
  if (two == 1) /* up the right wall and down the left one, the solid below: on the right */
    snprintf(walls, sizeof walls,
             "[{\"path\": [[0, 0], [%.17g, %.17g]], \"solid\": \"right\"}, {\"path\": "
             "[[%.17g, %.17g], [0, 0]], \"solid\": \"right\"}]",
             L * u1[0], L * u1[1], L * u2[0], L * u2[1]);
  else if (two == 0)
    snprintf(walls, sizeof walls,
             "{\"path\": [[%.17g, %.17g], [0, 0], [%.17g, %.17g]], \"solid\": \"right\"}",
             L * u2[0], L * u2[1], L * u1[0], L * u1[1]);
  else if (two == 2)
    snprintf(walls, sizeof walls, CHEVRON, L * u2[0], L * u2[1], L * u1[0], L * u1[1],
             L * u1[0], L * u2[0]);
  else /* round the bottom from the right side's top to the left's, about their chord's middle */
    snprintf(walls, sizeof walls, ARC_CHEVRON, L * u2[0], L * u2[1], L * u1[0], L * u1[1],
             L * u2[0], L * u2[1], 0.5 * L * (u1[0] + u2[0]), 0.5 * L * (u1[1] + u2[1]));
  snprintf(json, sizeof json,
           "{\"name\": \"vee\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"g\", \"ground\": "
           "true}, {\"name\": \"disc\", \"mass\": %g, \"inertia\": 1e-4, \"position\": [%.17g, "
           "%.17g, 0]}], \"clearance_joints\": [{\"name\": \"vee\", \"type\": \"profile\", "
           "\"body1\": \"g\", \"body2\": \"disc\", \"pin_radius\": %g, \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": %s, \"profile\": %s}], "
           "\"solver\": {\"t_end\": 0.05, \"rtol\": %g, \"atol\": 1e-14}}",
           -g, m, x, y, rd, law, walls, rtol);
  return load_model_string(json, two == 1   ? "<vee, two walls>"
                                 : two == 2 ? "<chevron>"
                                 : two == 3 ? "<arc-bottomed chevron>"
                                            : "<vee, one wall>");
}

/* The disc of radius rd in the V written as `two` (vee_law) after 0.05 s: its walls' states in
 * the two-wall model's order (one path lists its walls the other way round). */
static void seated(int two, double rd, const char *what, cs_clearance_state v[2])
{
  cs_model *mod = vee(two, rd);
  CHECK(cs_model_clearance_corner_count(mod, 0) == 2, "%s: two walls (%d)", what,
        cs_model_clearance_corner_count(mod, 0));
  char name[16];
  int len = cs_model_clearance_corner_name(mod, 0, 1, name, (int)sizeof name);
  CHECK(len == 6 && strcmp(name, "wall 1") == 0, "%s: the second wall's name is \"wall 1\" "
        "(\"%s\")", what, name);
  cs_sim *sim = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(sim, 0.05, &err);
  CHECK(st == CS_OK, "%s: runs (%s)", what, st ? err.message : "");
  const int first = two == 0; /* the wall that is the two-wall model's first */
  for (int i = 0; i < 2; i++)
    cs_sim_clearance_corner(sim, 0, i, &v[i == 0 ? first : !first]);
  cs_sim_free(sim);
  cs_model_free(mod);
}

/* The same holds the disc with the forces w to 1e-9 of m g. */
static void same_forces(int two, double rd, const char *what, const cs_clearance_state w[2])
{
  cs_clearance_state v[2];
  seated(two, rd, what, v);
  printf("vee, %s: N1 = %.9g N, N2 = %.9g N\n", what, v[0].normal_force, v[1].normal_force);
  CHECK(fabs(v[0].normal_force - w[0].normal_force) < 1e-9 * m * g &&
            fabs(v[1].normal_force - w[1].normal_force) < 1e-9 * m * g,
        "%s: the two walls' forces to 1e-9 (%.12g, %.12g against %.12g, %.12g)", what,
        v[0].normal_force, v[1].normal_force, w[0].normal_force, w[1].normal_force);
}

/* A disc of radius rd in the chevron and the arc-bottomed one, against the V's two walls:
 * seated past the split side's middle (where the arc-bottomed chevron is joined), or too
 * large for the sides and resting on their two tips (both of them the one wall's, round from
 * the join to the apex), each contact is its own wall's. On the V the forces are the statics'
 * along the normals from the contacts to the centre, N1 n1 + N2 n2 = m g, to 1e-6 (on the
 * tips 1e-4); the chevrons' are the V's to 1e-9. */
static void large_disc(double rd, const char *what)
{
  const double u1[2] = {cos(a1), sin(a1)}, u2[2] = {-cos(a2), sin(a2)};
  const double seat = rd / tan(0.5 * (M_PI - a1 - a2));
  double c[2], n1[2] = {-sin(a1), cos(a1)}, n2[2] = {sin(a2), cos(a2)};
  touching(rd, c);
  if (seat > L)
    for (int k = 0; k < 2; k++)
      n1[k] = (c[k] - L * u1[k]) / rd, n2[k] = (c[k] - L * u2[k]) / rd;
  const double det = n1[0] * n2[1] - n1[1] * n2[0]; /* N1 n1 + N2 n2 = (0, m g) */
  const double N1 = -m * g * n2[0] / det, N2 = m * g * n1[0] / det;
  cs_clearance_state w[2];
  char name[160];
  seated(1, rd, what, w);
  printf("vee, two walls, %s: N1 = %.9g N (statics %.9g), N2 = %.9g N (%.9g)\n", what,
         w[0].normal_force, N1, w[1].normal_force, N2);
  /* on the tips the penetrations, 1e-5 of the radius, turn the normals by as much */
  const double tol = seat > L ? 1e-4 : 1e-6;
  CHECK(fabs(w[0].normal_force / N1 - 1) < tol && fabs(w[1].normal_force / N2 - 1) < tol,
        "%s: the statics' forces to %g", what, tol);
  snprintf(name, sizeof name, "an arc-bottomed chevron, %s", what);
  same_forces(3, rd, name, w);
  snprintf(name, sizeof name, "a chevron, %s", what);
  same_forces(2, rd, name, w);
}

/* A disc pressed up (gravity +y) against the chevron's flat bottom, sliding along it, undamped,
 * slower than √(g r), past the corner where its two walls are joined and round it: each wall
 * carries it in turn, and the books close to the integrator's tolerance. */
static void joined_slide(void)
{
  const double xr = L * cos(a1), xl = -L * cos(a2);
  char wall[512], json[4096];
  snprintf(wall, sizeof wall, CHEVRON, xl, L * sin(a2), xr, L * sin(a1), xr, xl);
  snprintf(json, sizeof json,
           "{\"name\": \"slide\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"disc\", \"mass\": %g, \"inertia\": 1e-4, "
           "\"position\": [%.17g, %.17g, 0], \"velocity\": [0.2, 0, 0]}], "
           "\"clearance_joints\": [{\"name\": \"c\", \"type\": \"profile\", \"body1\": "
           "\"g\", \"body2\": \"disc\", \"pin_radius\": %g, \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e9, \"n\": "
           "1.5}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, \"profile\": %s}], "
           "\"solver\": {\"t_end\": 0.1, \"rtol\": 1e-10, \"atol\": 1e-14}}",
           g, m, xr - 0.01, -0.05 - r, r, wall);
  cs_model *mod = load_model_string(json, "<slide across the join>");
  cs_sim *s = start(mod);
  cs_error err;
  double most[2] = {0, 0};
  cs_status st = CS_OK;
  for (int k = 1; st == CS_OK && k <= 100; k++) {
    st = cs_sim_advance(s, 0.001 * k, &err);
    for (int i = 0; i < 2; i++) {
      cs_clearance_state c;
      cs_sim_clearance_corner(s, 0, i, &c);
      most[i] = fmax(most[i], c.normal_force);
    }
  }
  CHECK(st == CS_OK, "slide across the join: runs (%s)", st ? err.message : "");
  cs_energy en;
  cs_sim_energy(s, &en);
  double q[3], bal = fabs(en.balance_error) / (0.5 * m * 0.2 * 0.2);
  cs_sim_body_position(s, 1, q);
  printf("disc sliding across the chevron's join: largest forces %.4g N (the bottom's wall), "
         "%.4g N (the corner's); balance error %.3g of the kinetic energy; x = %.4g m\n",
         most[1], most[0], bal, q[0]);
  CHECK(most[0] > 0.1 * m * g && most[1] > 0.5 * m * g, "each wall carries it in turn");
  CHECK(q[0] > xr, "it went round the corner (x = %.4g m)", q[0]);
  CHECK(bal < 1e-7, "the books close to the tolerance (%.3g)", bal);
  cs_sim_free(s);
  cs_model_free(mod);
}

/* A disc struck against the chevron's bottom beside the corner where its two walls are joined,
 * sliding across the join during the impact: `chevron` that path, else an open path of the
 * same corner (one wall, no join). L-N with c_r 0.9, whose damping follows the impact's δ'(−). */
static cs_sim *struck(int chevron, double before, const char *formulation, const char *friction,
                      int outline, cs_model **mod)
{
  const double xr = L * cos(a1), xl = -L * cos(a2);
  char wall[512], json[4096], disc[256];
  /* the disc as a follower outline, one whole-circle arc: its one pair per wall; the walls'
   * corners are pairs too, of radius 0, so the stiffness given (the L-N law's needs radii) */
  const char *elastic = outline ? "{\"model\": \"power_law\", \"K\": 1e10, \"n\": 1.5}"
                                : "{\"model\": \"lankarani_nikravesh\"}";
  if (outline)
    snprintf(disc, sizeof disc, "\"follower\": {\"path\": [[%.17g, 0], {\"arc_to\": [%.17g, 0], "
             "\"centre\": [0, 0], \"turn\": \"ccw\"}], \"solid\": \"left\"}", r, r);
  else
    snprintf(disc, sizeof disc, "\"pin_radius\": %.17g", r);
  if (chevron)
    snprintf(wall, sizeof wall, CHEVRON, xl, L * sin(a2), xr, L * sin(a1), xr, xl);
  else
    snprintf(wall, sizeof wall, "{\"path\": [[%.17g, %.17g], [%.17g, -0.05], [%.17g, -0.05]], "
             "\"solid\": \"right\"}", xr, L * sin(a1), xr, xl);
  snprintf(json, sizeof json,
           "{\"name\": \"struck\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"disc\", \"mass\": %g, \"inertia\": 1e-4, "
           "\"position\": [%.17g, %.17g, 0], \"velocity\": [0.2, 0.5, 0]}], "
           "\"clearance_joints\": [{\"name\": \"c\", \"type\": \"profile\", \"body1\": "
           "\"g\", \"body2\": \"disc\", %s, \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": %s, \"damping\": "
           "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", "
           "\"cr\": 0.9}%s}, \"profile\": %s}], \"solver\": {\"t_end\": 0.002, \"rtol\": 1e-10, "
           "\"atol\": 1e-14, \"formulation\": \"%s\"}}",
           g, m, xr - before, -0.05 - r - 1e-5, disc, elastic, friction, wall, formulation);
  *mod = load_model_string(json, chevron ? "<struck beside the join>" : "<struck, one wall>");
  cs_sim *s = start(*mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.002, &err);
  CHECK(st == CS_OK, "struck beside the join: runs (%s)", st ? err.message : "");
  return s;
}

/* The join hands the contact from one wall's pin to the other's as one contact: its impact,
 * hence its damping, go on, and a LuGre law's bristles, so the chevron gives the one wall's
 * run, crossing the join while the disc goes in (before = 20 µm) or comes out (50 µm). Each pin's contact opened anew at
 * the penetration it had: a second impact, and 21 % more (in) or 29 % less (out) energy
 * dissipated, the books closed under ggl all the same. */
static void joined_impact(void)
{
  const char *form[4] = {"projected", "ggl", "ggl", "projected"}, *lugre =
    ", \"friction\": {\"model\": \"lugre\", \"mu_s\": 0.15, \"mu_k\": 0.1, \"v_s\": 0.7, "
    "\"sigma0\": 1e5, \"sigma1\": 300, \"sigma2\": 0.3}";
  const double before[2] = {2e-5, 5e-5};
  /* the last: the disc as a follower outline, whose pairs against the two walls hand over */
  for (int f = 0; f < 4; f++) /* the third with LuGre friction (ggl: its state is integrated) */
    for (int b = 0; b < (f < 2 ? 2 : 1); b++) {
      cs_model *mj, *mo;
      const char *fr = f == 2 ? lugre : "";
      const int outline = f == 3;
      cs_sim *sj = struck(1, before[b], form[f], fr, outline, &mj),
             *so = struck(0, before[b], form[f], fr, outline, &mo);
      cs_energy ej, eo;
      cs_sim_energy(sj, &ej);
      cs_sim_energy(so, &eo);
      cs_contact_event vj, vo;
      const int nj = cs_sim_event_count(sj), no = cs_sim_event_count(so);
      cs_sim_event(sj, 0, &vj);
      cs_sim_event(so, 0, &vo);
      double qj[3], qo[3];
      cs_sim_body_velocity(sj, 1, qj);
      cs_sim_body_velocity(so, 1, qo);
      const double scale = 0.5 * m * (0.2 * 0.2 + 0.5 * 0.5),
                   dv = hypot(qj[0] - qo[0], qj[1] - qo[1]);
      printf("struck across the join (%s%s, %.0f um before it): %d contact(s), dissipated %.9g J "
             "(one wall %.9g J), largest force %.7g N (%.7g N), velocity off by %.3g m/s, balance "
             "%.3g of the energy\n", form[f], f == 2 ? ", lugre" : outline ? ", outline" : "",
             before[b] * 1e6, nj, ej.dissipated, eo.dissipated,
             vj.max_force, vo.max_force, dv, fabs(ej.balance_error) / scale);
      CHECK(nj == 1 && no == 1, "%s: one contact (%d, one wall %d)", form[f], nj, no);
      CHECK(fabs(ej.dissipated / eo.dissipated - 1) < 1e-6, "%s: the one wall's dissipation "
            "to 1e-6 (%.9g J, %.9g J)", form[f], ej.dissipated, eo.dissipated);
      CHECK(fabs(vj.max_force / vo.max_force - 1) < 1e-4 &&
                fabs(vj.impact_velocity / vo.impact_velocity - 1) < 1e-9,
            "%s: its impact and largest force", form[f]);
      CHECK(dv < 1e-7, "%s: the one wall's rebound to 1e-7 m/s (%.3g)", form[f], dv);
      CHECK(fabs(ej.balance_error) < 1e-8 * scale, "%s: the books close (%.3g J)", form[f],
            ej.balance_error);
      int struck = 0; /* the disc's pins (or its circle's pairs) against the two walls */
      for (int w = 0; w < 2; w++) {
        cs_clearance_state cw;
        cs_sim_clearance_corner(sj, 0, w, &cw);
        struck += cw.impact_velocity > 0.0;
      }
      CHECK(struck == 2, "%s: the contact crossed the join, both walls carried it (%d)",
            form[f], struck);
      cs_sim_free(sj), cs_sim_free(so);
      cs_model_free(mj), cs_model_free(mo);
    }
}

/* The arc-bottomed chevron's arc alone, closed by its chord: convex, one wall. */
#define ARC_CHORD                                                                              \
  "{\"path\": [[%.17g, %.17g], {\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], "        \
  "\"turn\": \"cw\"}], \"closed\": true, \"solid\": \"right\"}"

/* A disc struck against the arc-bottomed chevron's arc 20 µm before its middle, where the path
 * is split, cut and joined (halfway round from the apex), sliding across it mid-impact, no
 * gravity: one contact and the dissipation of the same arc as one wall (closed by its chord,
 * joined = 0), to 1e-6. */
static double struck_arc(int joined, int *contacts)
{
  const double u1[2] = {cos(a1), sin(a1)}, u2[2] = {-cos(a2), sin(a2)};
  const double c[2] = {0.5 * L * (u1[0] + u2[0]), 0.5 * L * (u1[1] + u2[1])};
  const double R = hypot(L * u1[0] - c[0], L * u1[1] - c[1]);
  /* the semicircle walked cw from the right tip: its middle a quarter turn on */
  const double th = atan2(L * u1[1] - c[1], L * u1[0] - c[0]) - 0.5 * M_PI - 2e-5 / R;
  const double n[2] = {cos(th), sin(th)}, t[2] = {-sin(th), cos(th)}, d = R + r + 1e-5;
  char w[1024], json[6144];
  if (joined)
    snprintf(w, sizeof w, ARC_CHEVRON, L * u2[0], L * u2[1], L * u1[0], L * u1[1], L * u2[0],
             L * u2[1], c[0], c[1]);
  else
    snprintf(w, sizeof w, ARC_CHORD, L * u1[0], L * u1[1], L * u2[0], L * u2[1], c[0], c[1]);
  snprintf(json, sizeof json,
           "{\"name\": \"arc\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"g\", \"ground\": "
           "true}, {\"name\": \"disc\", \"mass\": %g, \"inertia\": 1e-4, \"position\": [%.17g, "
           "%.17g, 0], \"velocity\": [%.17g, %.17g, 0]}], \"clearance_joints\": [{\"name\": "
           "\"c\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"disc\", "
           "\"pin_radius\": %g, \"length\": 0.01, \"materials\": [{\"E\": 2e11, \"nu\": 0.3}, "
           "{\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"lankarani_nikravesh\"}, "
           "\"restitution\": {\"model\": \"constant\", \"cr\": 0.9}}, \"profile\": %s}], "
           "\"solver\": {\"t_end\": 0.002, \"rtol\": 1e-10, \"atol\": 1e-14}}",
           m, c[0] + d * n[0], c[1] + d * n[1], 0.2 * t[0] - 0.5 * n[0], 0.2 * t[1] - 0.5 * n[1],
           r, w);
  cs_model *mod = load_model_string(json, joined ? "<arc-bottomed chevron struck on its arc>"
                                                 : "<arc and chord struck on the arc>");
  const int walls = cs_model_clearance_corner_count(mod, 0);
  CHECK(walls == (joined ? 2 : 1), "%s: %d wall(s)",
        joined ? "the arc-bottomed chevron" : "the arc and chord", walls);
  cs_sim *sim = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(sim, 0.002, &err);
  CHECK(st == CS_OK, "struck on the arc: runs (%s)", st ? err.message : "");
  cs_energy en;
  cs_sim_energy(sim, &en);
  *contacts = cs_sim_event_count(sim);
  int struck = 0; /* walls that carried the impact: both, where it crossed the join */
  for (int i = 0; i < walls; i++) {
    cs_clearance_state w;
    cs_sim_clearance_corner(sim, 0, i, &w);
    struck += w.impact_velocity > 0.0;
  }
  CHECK(struck == walls, "struck on the arc: every wall carried the contact (%d of %d)", struck,
        walls);
  cs_sim_free(sim);
  cs_model_free(mod);
  return en.dissipated;
}

int main(void)
{
  const double s = sin(a1 + a2), N1 = m * g * sin(a2) / s, N2 = m * g * sin(a1) / s;
  cs_model *mod = vee(1, r);
  CHECK(cs_model_clearance_corner_count(mod, 0) == 2, "two walls, two contact points (%d)",
        cs_model_clearance_corner_count(mod, 0));
  cs_sim *sim = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(sim, 0.05, &err);
  CHECK(st == CS_OK, "two walls: runs (%s)", st ? err.message : "");
  cs_clearance_state w[2];
  for (int i = 0; i < 2; i++)
    cs_sim_clearance_corner(sim, 0, i, &w[i]);
  printf("vee, two walls: N1 = %.9g N (closed form %.9g), N2 = %.9g N (%.9g); penetrations "
         "%.6g, %.6g m (N/K %.6g, %.6g)\n", w[0].normal_force, N1, w[1].normal_force, N2,
         w[0].penetration, w[1].penetration, N1 / K, N2 / K);
  CHECK(w[0].in_contact && w[1].in_contact, "both walls touch");
  CHECK(fabs(w[0].normal_force / N1 - 1) < 1e-6 && fabs(w[1].normal_force / N2 - 1) < 1e-6,
        "the two forces are the static balance's to 1e-6 (%.9g, %.9g)", w[0].normal_force,
        w[1].normal_force);
  CHECK(fabs(w[0].penetration * K / N1 - 1) < 1e-6 && fabs(w[1].penetration * K / N2 - 1) < 1e-6,
        "each penetration is N/K");
  cs_clearance_state lead;
  cs_sim_clearance(sim, 0, &lead);
  CHECK(fabs(lead.normal_force - N1) < 1e-6 * N1, "the joint's state is its leading wall's "
        "(the larger force, %.9g)", lead.normal_force);
  cs_sim_free(sim);
  cs_model_free(mod);

  /* undamped steel (L-N), dropped from 1 mm above: it bounces off both walls, and the books
   * close to the integrator's tolerance, tightening with it */
  double bal[2];
  int contacts = 0;
  for (int i = 0; i < 2; i++) {
    mod = vee_law(1, r, 0.001, "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                  "{\"model\": \"kelvin_voigt\", \"c\": 0}}", i ? 1e-10 : 1e-8);
    sim = start(mod);
    st = cs_sim_advance(sim, 0.05, &err);
    CHECK(st == CS_OK, "undamped bounce: runs (%s)", st ? err.message : "");
    cs_energy en;
    cs_sim_energy(sim, &en);
    bal[i] = fabs(en.balance_error) / (m * g * 0.001);
    int per[2] = {0, 0};
    contacts += cs_sim_event_count(sim);
    for (int w = 0; w < 2; w++) {
      cs_clearance_state cst;
      cs_sim_clearance_corner(sim, 0, w, &cst);
      per[w] = cst.impact_velocity > 0; /* each wall has been struck */
    }
    CHECK(per[0] && per[1], "both walls struck");
    cs_sim_free(sim);
    cs_model_free(mod);
  }
  printf("vee, undamped bounce: %d contacts; balance error %.3g (rtol 1e-8), %.3g (rtol 1e-10) of "
         "the drop's m g h\n", contacts, bal[0], bal[1]);
  CHECK(bal[1] < 1e-7 && bal[1] < bal[0], "the books close to the tolerance (%.3g, %.3g)", bal[1],
        bal[0]);

  /* one path through the apex: cut there, the same two walls (listed the other way round) */
  same_forces(0, r, "one path cut at its apex", w);
  /* the V closed below into a chevron: its one concave corner, the apex, would leave it one
   * wall round from the apex to itself, the disc pressed on the nearer face only; it is cut
   * again where two of its segments meet and the two walls joined there
   * (cs_profile_continue): the same two forces */
  same_forces(2, r, "a chevron", w);
  /* closed by an arc, no two segments meet but the corner's own: the longer of those is split
   * at its middle and the path cut and joined there (it had stayed one wall, the disc pressed
   * on the nearer face only) */
  same_forces(3, r, "an arc-bottomed chevron", w);
  /* larger discs: seated past the middle where the arc-bottomed chevron's side is split and
   * joined (its contact there is the first wall's, the join's ownership taken from the
   * follower's centre), and resting on the tips, which are both the one wall's from the join
   * round to the apex (each contact the nearest feature of its own wall) */
  large_disc(0.035, "a disc seated 29 mm up its 50 mm sides");
  large_disc(0.07, "a disc resting on the sides' tips");
  int n3, n1;
  const double d3 = struck_arc(1, &n3), d1 = struck_arc(0, &n1);
  printf("struck across the arc-bottomed chevron's join, the arc's middle: %d contact(s), "
         "dissipated %.9g J (the arc as one wall: %d, %.9g J)\n", n3, d3, n1, d1);
  CHECK(n3 == 1 && n1 == 1 && fabs(d3 / d1 - 1) < 1e-6, "across the arc's join, one contact "
        "and the one wall's dissipation to 1e-6");
  joined_slide();
  joined_impact();

  /* a U-shaped solid, cut at its two inner corners into its inner bottom and the rest: the
   * rest's outer bottom face lies behind the inner bottom within its own strip, 10 mm deep
   * in its solid, and is no contact of a disc resting in the U (cut_depth); the disc carries
   * m g on the inner bottom at m g/K, and was 0.021 m "inside the wall" */
  const char *cup =
    "{\"name\": \"cup\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
    "\"ground\": true}, {\"name\": \"disc\", \"mass\": 1, \"inertia\": 1e-5, "
    "\"position\": [0, -0.005, 0]}], \"clearance_joints\": [{\"name\": \"cup\", \"type\": "
    "\"profile\", \"body1\": \"g\", \"body2\": \"disc\", \"pin_radius\": 0.005, "
    "\"length\": 0.01, \"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": "
    "0.3}], \"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, \"n\": 1}, "
    "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 2000}}, \"profile\": {\"path\": "
    "[[-0.03, -0.02], [0.03, -0.02], [0.03, 0.03], [0.02, 0.03], [0.02, -0.01], [-0.02, -0.01], "
    "[-0.02, 0.03], [-0.03, 0.03]], \"closed\": true, \"solid\": \"left\"}}], \"solver\": "
    "{\"t_end\": 0.1, \"rtol\": 1e-9, \"atol\": 1e-14}}";
  mod = load_model_string(cup, "<cup>");
  const int nw = cs_model_clearance_corner_count(mod, 0);
  sim = start(mod);
  st = cs_sim_advance(sim, 0.1, &err);
  CHECK(st == CS_OK, "cup: runs (%s)", st ? err.message : "");
  double load = 0.0, others = 0.0, depth = 0.0;
  for (int i = 0; i < nw; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(sim, 0, i, &c);
    if (c.normal_force > load)
      others += load, load = c.normal_force, depth = c.penetration;
    else
      others += c.normal_force;
  }
  printf("disc in a U: %d walls, %.9g N at %.6g m on the inner bottom (m g %.9g N at %.6g m), "
         "%.3g N on the others\n", nw, load, depth, m * g, m * g / K, others);
  CHECK(nw == 2, "the U is two walls (%d)", nw);
  CHECK(fabs(load / (m * g) - 1) < 1e-6 && fabs(depth * K / (m * g) - 1) < 1e-6 && others == 0.0,
        "the inner bottom alone carries m g at m g/K (%.9g N, %.3g N elsewhere)", load, others);
  cs_sim_free(sim);
  cs_model_free(mod);

  /* a closed square pocket: four walls, one per side (each concave corner cuts) */
  const char *pocket =
    "{\"name\": \"pocket\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": "
    "\"p\", \"mass\": 1, \"inertia\": 1e-4, \"position\": [0, 0, 0]}], "
    "\"clearance_joints\": [{\"name\": \"w\", \"type\": \"profile\", \"body1\": \"g\", "
    "\"body2\": \"p\", \"pin_radius\": 0.001, \"length\": 0.01, \"materials\": [{\"E\": "
    "2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "
    "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, "
    "\"profile\": {\"path\": [[-0.01, -0.01], [0.01, -0.01], [0.01, 0.01], [-0.01, 0.01]], "
    "\"closed\": true, \"solid\": \"right\"}}]}";
  mod = load_model_string(pocket, "<square pocket>");
  CHECK(mod && cs_model_clearance_corner_count(mod, 0) == 4, "a square pocket: four walls (%d)",
        mod ? cs_model_clearance_corner_count(mod, 0) : -1);
  cs_model_free(mod);

  /* the walls share the regions: two equal holes (R 30 mm) and a disc (R 20 mm): flat, arc1
   * (the holes), arc2 (the disc) */
  const char *shared =
    "{\"name\": \"shared\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": "
    "\"p\", \"mass\": 1, \"inertia\": 1e-4, \"position\": [0.025, 0, 0]}], \"clearance_joints\": "
    "[{\"name\": \"w\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"p\", "
    "\"pin_radius\": 0.001, \"length\": 0.01, \"materials\": [{\"E\": 2e11, \"nu\": 0.3}, "
    "{\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, "
    "\"profile\": [{\"path\": [[0.03, 0], {\"arc_to\": [0.03, 0], \"centre\": [0, 0], "
    "\"turn\": \"ccw\"}], \"solid\": \"right\"}, {\"path\": [[0.03, 0], {\"arc_to\": [0.03, 0], "
    "\"centre\": [0, 0], \"turn\": \"cw\"}], \"solid\": \"left\"}, {\"path\": [[0.02, 0], "
    "{\"arc_to\": [0.02, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], \"solid\": \"left\"}]}]}";
  mod = load_model_string(shared, "<shared regions>");
  CHECK(cs_model_clearance_corner_count(mod, 0) == 3 && cs_model_clearance_region_count(mod, 0) == 3,
        "three walls, three regions: flat, the holes' arc1, the disc's arc2 (%d walls, %d regions)",
        cs_model_clearance_corner_count(mod, 0), cs_model_clearance_region_count(mod, 0));
  cs_model_free(mod);
  return cs_test_finish();
}
