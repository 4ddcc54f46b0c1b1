/* Contact between body profiles: a profile joint's "follower" outline (body2) against its
 * walls (body1), as pairs of pins (joints/README.md "Profiles", "Follower outlines").
 *  - Duality: models/cam_flat_follower.json (the cam a pin circle on the follower's flat wall)
 *    written the other two ways — the cam's circle as the cam's wall and the flat face as the
 *    follower outline (roles swapped), and the cam's circle as a follower outline on the flat
 *    wall — runs the same trajectory: at rtol 1e-10 the same rows bit for bit through the jump
 *    (1.932 s); at rtol 1e-8 the same until round-off flips an error test (0.04 s), then within
 *    a quarter of the contact's 2 um penetration (1.1e-7 m measured), the jump at the same
 *    time to 1e-5 s (1.3e-6 s measured).
 *  - A block with rounded corners (a closed outline of four segments and four arcs) resting on
 *    a flat wall under gravity, its centre of mass x0 off its middle: each bottom corner
 *    carries the static balance's share, N± = m g (l ∓ x0)/(2 l) at the settled tilt's lever
 *    arms, to 1e-6 (N/K deep).
 *  - A roof outline whose faces meet in a sharp concave notch (cut there into two pieces)
 *    resting on a ridge's rounded apex: the apex arc against each piece carries
 *    m g/(2 cos 30°) at N/K.
 *  - A wedge's sharp corner in a sharp V notch (cut there into two walls): behind the
 *    vertex each cut end measures it on its face's line, and each face carries m g/(2 cos 30°);
 *    dropped into it undamped, or thrown spinning into it off its bisector, its books close
 *    to the tolerance.
 *  - A disc outline resting on a convex arc wall: one contact (the disc arc's pair) carries
 *    m g at m g/K; the wall arc's pair, against the outline cut to its arcs' end points, none.
 *    A wedge standing on its sharp corner on the same arc, exactly touching at the start: the
 *    wall arc's pair carries m g at m g/K, the corner's pair none.
 *  - The same block, undamped, sliding and bouncing across a wall with a convex corner, sharp
 *    or rounded (the wall's corner or arc against the block's bottom face: a swapped pair;
 *    the block's rounded corners on the wall's arc), a slope and a concave corner; and a
 *    sharp-cornered block over the rounded edge (its corners' law fading out onto the arc):
 *    the energy books close to the integrator's tolerance, tightening with it.
 *  - The forces' Jacobians (friction included) against differences, for a follower arc on a
 *    wall's flat, a wall's arc on the follower's face (the swapped pair), the same two with
 *    the contact past the arc's end (a lens's arc, a D wall's: the corner's), and a face on a
 *    spline cam (in its middle and past its end; moving out and in; friction's own part).
 *  - A flat face on the 64-point spline of the eccentric cam (models/cam_spline_flat.json):
 *    it jumps as on the exact circle, near the closed-form speed; its lift in contact is the
 *    circle's within the spline's h^4 bound; undamped, its books close to the tolerance.
 *  - A disc outline of two half circles on a flat: one pair for the one circle, m g at m g/K.
 *  - Arcs whose circles stand out past their ends, each the pin over its own directions only
 *    (joints/README.md "Windows"): a D resting on its arc (m g at m g/K on the arc's pair)
 *    and on its chord (m g/2 at m g/(2K) on each corner; its circle 20 mm below the floor);
 *    a lens rocking undamped from corner to corner turns back at its start angle within the
 *    contact's compliance, the contact passing between arc and corner where the arc ends,
 *    its books to the tolerance; models/cam_circular_arc.json: a flat face on a circular-arc
 *    cam follows the cam's support function (its nose's e + r_n, not the flank circle's
 *    3.9 mm more) and jumps at the nose's tip near the closed-form speed.
 *  - Bad input: pin_radius with a follower, an empty follower path, a spline follower, an
 *    outline pair no law can take (a sharp corner under a law that needs radii), arcs standing
 *    out whose end meets no corner or arc (a straight piece joined tangentially, an open
 *    end) or that meet a concave side (a D in a bore). */
#include "cs_test_clearance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- duality ---------------- */

static const char *const cam_head =
  "{\"name\": \"cam\", \"gravity\": [0, 0], \"bodies\": [{\"name\": \"ground\", \"ground\": "
  "true}, {\"name\": \"cam\", \"mass\": 0.1, \"inertia\": 1e-4, \"position\": [0, 0, 0]}, "
  "{\"name\": \"follower\", \"mass\": 0.5, \"inertia\": 1e-3, \"position\": [0, 0.03, 0], "
  "\"velocity\": [0, %g, 0]}], \"joints\": [{\"name\": \"cam_pivot\", \"type\": \"revolute\", "
  "\"body1\": \"ground\", \"body2\": \"cam\"}, {\"name\": \"guide\", \"type\": \"prismatic\", "
  "\"body1\": \"ground\", \"body2\": \"follower\", \"axis\": [0, 1]}], \"drivers\": [{\"name\": "
  "\"motor\", \"type\": \"angle\", \"body\": \"cam\", \"motion\": {\"velocity\": %g, "
  "\"acceleration\": 5}}], \"forces\": [{\"name\": \"spring\", \"type\": \"spring\", \"body1\": "
  "\"ground\", \"body2\": \"follower\", \"point1\": [0, -0.1], \"stiffness\": 2000, "
  "\"free_length\": 0.11}], \"solver\": {\"t_end\": 2.2, \"rtol\": %g, \"atol\": %g}, "
  "\"output\": {\"interval\": 1e-4}, \"clearance_joints\": [{\"name\": \"face\", \"type\": "
  "\"profile\", \"length\": 0.01, \"materials\": [{\"E\": 2.07e11, \"nu\": 0.3}, {\"E\": "
  "2.07e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, "
  "\"damping\": {\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
  "\"constant\", \"cr\": 0.8}}, ";
#define FACE "{\"path\": [[-0.04, 0], [0.04, 0]], \"solid\": \"left\"}"
#define CIRCLE "{\"path\": [[0.04, 0], {\"arc_to\": [0.04, 0], \"centre\": [0.01, 0], " \
               "\"turn\": \"ccw\"}], \"solid\": \"left\"}"
static const char *const cam_joint[3] = {
  /* the shipped model: the face the follower's wall, the cam a pin circle */
  "\"body1\": \"follower\", \"body2\": \"cam\", \"point2\": [0.01, 0], \"pin_radius\": 0.03, "
  "\"profile\": " FACE "}]}",
  /* swapped: the circle the cam's wall, the face the follower's outline */
  "\"body1\": \"cam\", \"body2\": \"follower\", \"profile\": " CIRCLE ", \"follower\": " FACE
  "}]}",
  /* the circle a follower outline of the cam on the face wall */
  "\"body1\": \"follower\", \"body2\": \"cam\", \"profile\": " FACE ", \"follower\": " CIRCLE
  "}]}"};

enum { ROWS = 22001 };
typedef struct track {
  int n;
  double *y;
  int lone; /* the follower is body 1, alone with the ground (else body 2) */
} track;

/* The follower's height at every output row. */
static int record(const cs_sim *s, void *user)
{
  track *t = user;
  double q[3];
  cs_sim_body_position(s, t->lone ? 1 : 2, q);
  if (t->n < ROWS)
    t->y[t->n++] = q[1];
  return 0;
}

/* Model mod run to t_end, its rows to fn (NULL: none), or a failed check named by label; the
 * energy books at the end into en. The caller frees the simulation. */
static cs_sim *run_books(const cs_model *mod, double t_end, cs_output_fn fn, void *user,
                         const char *label, cs_energy *en)
{
  cs_sim *s = start(mod);
  if (fn)
    cs_sim_set_output(s, fn, user);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "%s: runs (%s)", label, st ? err.message : "");
  cs_sim_energy(s, en);
  return s;
}

/* Way k to t_end at rtol (atol 1e-4 of it): the follower's lift at every output row and the
 * first separation. */
static double cam_run(int k, double t_end, double rtol, track *tr)
{
  char json[4096], head[2048];
  snprintf(head, sizeof head, cam_head, 1.0, 100.0, rtol, 1e-4 * rtol);
  snprintf(json, sizeof json, "%s%s", head, cam_joint[k]);
  cs_model *mod = load_model_string(json, "<cam duality>");
  cs_sim *s = start(mod);
  cs_sim_set_output(s, record, tr);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "cam way %d: runs (%s)", k, st ? err.message : "");
  double t_sep = first_separation(s);
  cs_sim_free(s);
  cs_model_free(mod);
  return t_sep;
}

/* max |y − z| over the first n rows */
static double apart(const double *y, const double *z, int n)
{
  double worst = 0.0;
  for (int i = 0; i < n; i++)
    worst = fmax(worst, fabs(y[i] - z[i]));
  return worst;
}

/* The rows of ways 1 and 2 against the shipped way 0, all at rtol. */
static void duality_at(double rtol)
{
  static double y[3][ROWS];
  track tr[3];
  double t_sep[3];
  for (int k = 0; k < 3; k++) {
    tr[k] = (track){0, y[k], 0};
    t_sep[k] = cam_run(k, 2.1, rtol, &tr[k]);
  }
  const int before = (int)(t_sep[0] / 1e-4); /* rows before the jump */
  for (int k = 1; k < 3; k++) {
    int same = 0;
    while (same < tr[0].n && same < tr[k].n && y[k][same] == y[0][same])
      same++;
    double worst = apart(y[0], y[k], before < tr[k].n ? before : tr[k].n);
    printf("cam duality at rtol %g, way %d: rows identical to %.4f s; lift off by at most %.3g m "
           "to the jump; the jump at %.7f s (the shipped way %.7f s, %+.2e s)\n", rtol, k,
           same * 1e-4, worst, t_sep[k], t_sep[0], t_sep[k] - t_sep[0]);
    CHECK(tr[k].n == tr[0].n, "way %d: as many rows (%d, %d)", k, tr[k].n, tr[0].n);
    CHECK(fabs(t_sep[k] - t_sep[0]) < 1e-5, "way %d: the same jump time (%.7f, %.7f)", k,
          t_sep[k], t_sep[0]);
    if (rtol < 1e-9) /* no error test decided otherwise: the same arithmetic, row for row */
      CHECK(same > before, "way %d at rtol %g: identical rows through the jump (to %.4f s)",
            k, rtol, same * 1e-4);
    else /* round-off flips an error test now and then; it stays within the contact's scale */
      CHECK(worst < 5e-7, "way %d at rtol %g: the lift within a quarter of the 2 um "
            "penetration (%.3g m)", k, rtol, worst);
  }
}

static void duality(void)
{
  duality_at(1e-10);
  duality_at(1e-8);
}

/* ---------------------------------------------------------------- a face on a spline ---- */

/* The spline of the eccentric circle through `points` of it, `digits` significant (64 and 17:
 * models/cam_spline_roller.json's) as a wall. */
static void cam_spline(char *out, size_t len, int points, int digits)
{
  int k = snprintf(out, len, "{\"spline\": [");
  for (int i = 0; i < points; i++) {
    double t = 2 * M_PI * i / points;
    k += snprintf(out + k, len - (size_t)k, "%s[%.*g, %.*g]", i ? ", " : "", digits,
                  0.01 + 0.03 * cos(t), digits, 0.03 * sin(t));
  }
  snprintf(out + k, len - (size_t)k, "], \"solid\": \"left\"}");
}

/* The flat face on the cam (the spline, or the exact circle) from 108 rad/s under `law`
 * (NULL: the shipped L-N), to t_end at rtol: the cam's speed at the first separation; the
 * lift at every row into tr, the balance error over the largest energy term. */
static double face_run(int circle, const char *law, double rtol, double t_end, track *tr,
                       double *balance)
{
  static char wall[8192], json[16384];
  char head[3072];
  if (circle)
    snprintf(wall, sizeof wall, "%s", CIRCLE);
  else
    cam_spline(wall, sizeof wall, 64, 17);
  snprintf(head, sizeof head, cam_head, 1.08, 108.0, rtol, 1e-4 * rtol);
  char *contact = strstr(head, "\"contact\": {"); /* the law replaced, if given */
  int cut = law ? (int)(contact - head) : (int)strlen(head);
  snprintf(json, sizeof json, "%.*s%s%s%s\"body1\": \"cam\", \"body2\": \"follower\", "
           "\"profile\": %s, \"follower\": " FACE "}]}", cut, head, law ? "\"contact\": " : "",
           law ? law : "", law ? ", " : "", wall);
  cs_model *mod = load_model_string(json, "<face on cam>");
  cs_sim *s = start(mod);
  if (tr)
    cs_sim_set_output(s, record, tr);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "face on cam: runs (%s)", st ? err.message : "");
  double t_sep = first_separation(s);
  if (balance) {
    cs_energy en;
    cs_sim_energy(s, &en);
    double big = fmax(fmax(fabs(en.kinetic), fabs(en.potential)), fabs(en.driver_work));
    *balance = fabs(en.balance_error) / big;
  }
  cs_sim_free(s);
  cs_model_free(mod);
  return 108.0 + 5.0 * t_sep;
}

/* The shipped model's first separation, as the cam's speed. */
static double shipped_face(void)
{
  cs_model *mod = load_model("models/cam_spline_flat.json");
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.5, &err);
  CHECK(st == CS_OK, "cam_spline_flat.json: runs (%s)", st ? err.message : "");
  double t_sep = first_separation(s);
  cs_sim_free(s);
  cs_model_free(mod);
  return 108.0 + 5.0 * t_sep;
}

static void face_on_spline(void)
{
  const double F0 = 20.0, k = 2000.0, e = 0.01, mf = 0.5, wj = sqrt((F0 + 2 * k * e) / (mf * e));
  const double turn_j = 2 * M_PI / wj; /* the ramp's speed gain over a turn: 5 turn_j */
  static double y[2][ROWS];
  track tr[2] = {{0, y[0], 0}, {0, y[1], 0}};
  double ws = face_run(0, NULL, 1e-8, 0.5, NULL, NULL), wc = face_run(1, NULL, 1e-8, 0.5,
                                                                      NULL, NULL);
  double wf = shipped_face();
  /* the lifts at rtol 1e-10: the spline's error, not the integrator's */
  face_run(0, NULL, 1e-10, 0.3, &tr[0], NULL);
  face_run(1, NULL, 1e-10, 0.3, &tr[1], NULL);
  int before = (int)(0.3 / 1e-4); /* in contact to 0.3 s (the jump at 0.30 s) */
  double lift = apart(y[0], y[1], before < tr[1].n ? before : tr[1].n);
  printf("face on a cam: w_j = %.4f rad/s closed form; leaves at %.5f rad/s on the 64-point "
         "spline (the shipped model %.5f), %.5f on the exact circle (%+.2e); the lift in "
         "contact to 0.3 s within %.3g m of the circle's at rtol 1e-10 (the spline's h^4 "
         "bound 3.6e-8 m)\n", wj, ws,
         wf, wc, ws / wc - 1, lift);
  CHECK(fabs(wf - ws) < 1e-9, "the shipped model is this one (%.9f, %.9f)", wf, ws);
  CHECK(ws >= wj * (1 - 1e-3) && ws <= wj + 5.0 * turn_j * 1.1,
        "the face leaves the spline cam within the turn after w_j (%.5f, %.5f)", ws, wj);
  CHECK(fabs(ws - wc) <= 1.1 * 5.0 * turn_j, "as it leaves the circle (%.5f, %.5f)", ws, wc);
  CHECK(lift < 3.6e-8 + 1e-8, "the lift the circle's within the spline's h^4 bound (%.3g m)",
        lift);
  /* undamped: the books close to the integrator's tolerance through the jump and the bounces */
  const char *elastic = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                        "{\"model\": \"kelvin_voigt\", \"c\": 0}}";
  double b8, b10;
  face_run(0, elastic, 1e-8, 0.4, NULL, &b8);
  face_run(0, elastic, 1e-10, 0.4, NULL, &b10);
  printf("face on a spline cam, undamped, through the jump: balance error %.3g (rtol 1e-8), "
         "%.3g (rtol 1e-10) of the largest energy term\n", b8, b10);
  CHECK(b10 < 1e-8 && b10 < b8, "the books close to the tolerance (%.3g, %.3g)", b10, b8);
}

/* A square block (half size 10 mm, sharp corners) on a hump: the closed spline through 64
 * points of the circle of radius 0.1 m about (0, −0.1), its top at the origin. `guide` the
 * block's prismatic axis through point1 (x, 0); the law power_law K 1e6 N/m, n 1, damped c. */
#define SQUARE "{\"path\": [[-0.01, -0.01], [0.01, -0.01], [0.01, 0.01], [-0.01, 0.01]], " \
               "\"closed\": true, \"solid\": \"left\"}"
/* SQUARE with its corners rounded to 2 mm: arcs joined tangentially to the faces */
#define ROUNDED "{\"path\": [[-0.008, -0.01], [0.008, -0.01], {\"arc_to\": [0.01, -0.008], " \
  "\"centre\": [0.008, -0.008], \"turn\": \"ccw\"}, [0.01, 0.008], {\"arc_to\": [0.008, 0.01], " \
  "\"centre\": [0.008, 0.008], \"turn\": \"ccw\"}, [-0.008, 0.01], {\"arc_to\": [-0.01, 0.008], " \
  "\"centre\": [-0.008, 0.008], \"turn\": \"ccw\"}, [-0.01, -0.008], {\"arc_to\": [-0.008, " \
  "-0.01], \"centre\": [-0.008, -0.008], \"turn\": \"ccw\"}], \"closed\": true, \"solid\": " \
  "\"left\"}"

static cs_model *block_on_hump(const char *axis, double x, double y, double vx, double c,
                               double gravity, double t_end, double rtol, const char *outline)
{
  static char wall[8192], json[16384];
  int k = snprintf(wall, sizeof wall, "{\"spline\": [");
  for (int i = 0; i < 64; i++) {
    double t = 2 * M_PI * i / 64;
    k += snprintf(wall + k, sizeof wall - (size_t)k, "%s[%.17g, %.17g]", i ? ", " : "",
                  0.1 * cos(t), -0.1 + 0.1 * sin(t));
  }
  snprintf(wall + k, sizeof wall - (size_t)k, "], \"solid\": \"left\"}");
  snprintf(json, sizeof json,
           "{\"name\": \"hump\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"block\", \"mass\": 1, \"inertia\": 1e-4, "
           "\"position\": [%.17g, %.17g, 0], \"velocity\": [%g, 0, 0]}], \"joints\": [{\"name\": "
           "\"guide\", \"type\": \"prismatic\", \"body1\": \"g\", \"body2\": \"block\", \"axis\": "
           "%s, \"point1\": [%.17g, %.17g]}], \"clearance_joints\": [{\"name\": \"seat\", "
           "\"type\": \"profile\", \"body1\": \"g\", \"body2\": \"block\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e6, \"n\": 1}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": %g}}, \"profile\": %s, "
           "\"follower\": %s}], \"solver\": {\"t_end\": %g, \"rtol\": %g, \"atol\": %g}}",
           gravity, x, y, vx, axis, x, y, c, wall, outline, t_end, rtol, 1e-4 * rtol);
  return load_model_string(json, "<block on hump>");
}

typedef struct pair_watch {
  int rows, most; /* rows, and the most pairs carrying a force at once */
  double v_min;   /* the block's least speed */
} pair_watch;

static int watch_pairs(const cs_sim *s, void *user)
{
  pair_watch *w = user;
  const int n = cs_model_clearance_corner_count(cs_sim_model(s), 0);
  int carrying = 0;
  for (int i = 0; i < n; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    carrying += c.normal_force != 0.0;
  }
  double v[3];
  cs_sim_body_velocity(s, 1, v);
  w->most = carrying > w->most ? carrying : w->most;
  w->v_min = w->rows++ ? fmin(w->v_min, v[0]) : v[0];
  return 0;
}

/* Guided along x 0.2 mm deep across the hump's top at 1 m/s, undamped, no gravity: the
 * speed at the top is the closed form's, v² = v0² − K h0²/m. */
static void sliding_over_hump(const char *outline, const char *what)
{
  const double h0 = 2e-4, v_top = sqrt(1.0 - 1e6 * h0 * h0);
  double balance[2];
  pair_watch w[2] = {{0}, {0}};
  cs_error err;
  for (int k = 0; k < 2; k++) {
    cs_model *mod = block_on_hump("[1, 0]", -0.05, 0.01 - h0, 1.0, 0.0, 0.0, 0.1,
                                  k ? 1e-10 : 1e-8, outline);
    cs_sim *s = start(mod);
    cs_sim_set_output(s, watch_pairs, &w[k]);
    cs_status st = cs_sim_advance(s, 0.1, &err);
    CHECK(st == CS_OK, "%s block sliding over the hump: runs (%s)", what, st ? err.message : "");
    cs_energy en;
    cs_sim_energy(s, &en);
    balance[k] = fabs(en.balance_error) / 0.5;
    CHECK(cs_sim_event_count(s) == 1, "%s: one contact, handed from corner to face to "
          "corner (%d)", what, cs_sim_event_count(s));
    cs_sim_free(s);
    cs_model_free(mod);
  }
  printf("%s block sliding undamped over a hump: at most %d pair carrying at once; least speed "
         "%.9f m/s (closed form at the top %.9f); balance error %.3g (rtol 1e-8), %.3g (rtol "
         "1e-10) of the kinetic energy\n", what, w[1].most, w[1].v_min, v_top, balance[0],
         balance[1]);
  CHECK(w[0].most == 1 && w[1].most == 1, "%s: never two pairs at once (%d, %d)", what,
        w[0].most, w[1].most);
  CHECK(fabs(w[1].v_min - v_top) < 1e-6, "%s: the speed at the top is the closed form's "
        "(%.9f, %.9f)", what, w[1].v_min, v_top);
  CHECK(balance[1] < 1e-8 && balance[1] <= balance[0], "%s: the books close to the "
        "tolerance (%.3g, %.3g)", what, balance[1], balance[0]);
}

/* A face's end on a spline wall is its corner's contact: past the end the corner's own pair
 * carries it, alone (the face's end point once counted again, from each face beside it: three
 * times the force), and a contact sliding across the face hands over corner → face → corner
 * as one contact. */
static void face_ends(void)
{
  /* statics: guided vertically at x = 20 mm, the hump's top beyond the bottom face's left end,
   * the block settles on its corner (−10, −10) mm: N n_y = m g, δ = N / K */
  cs_model *mod = block_on_hump("[0, 1]", 0.02, 0.0094, 0.0, 1000.0, -9.81, 0.05, 1e-9, SQUARE);
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.05, &err);
  CHECK(st == CS_OK, "block on its corner: runs (%s)", st ? err.message : "");
  const int n = cs_model_clearance_corner_count(mod, 0);
  cs_clearance_state corner = {0};
  double others = 0.0;
  char name[96];
  for (int i = 0; i < n; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    cs_model_clearance_corner_name(mod, 0, i, name, (int)sizeof name);
    if (strcmp(name, "follower corner (-0.01, -0.01) on wall 0") == 0)
      corner = c;
    else
      others += fabs(c.normal_force);
  }
  const double nx = corner.contact_point[0], ny = corner.contact_point[1] + 0.1;
  const double n_y = ny / hypot(nx, ny), N = 9.81 / n_y;
  printf("block on a hump, on its corner: the corner carries %.9g N (m g / n_y %.9g), δ K = "
         "%.9g N, the other %d pairs %.3g N\n", corner.normal_force, N,
         corner.penetration * 1e6, n - 1, others);
  CHECK(fabs(corner.normal_force / N - 1) < 1e-6 && others == 0.0,
        "the corner alone carries m g / n_y to 1e-6 (%.9g, %.9g; the others %.3g N)",
        corner.normal_force, N, others);
  CHECK(fabs(corner.penetration * 1e6 / corner.normal_force - 1) < 1e-6,
        "at its own δ = N / K (%.6g m)", corner.penetration);
  cs_sim_free(s);
  cs_model_free(mod);
  sliding_over_hump(SQUARE, "sharp");
  sliding_over_hump(ROUNDED, "rounded");
}


/* A square (10 mm half size, 0.1 kg) dropped from `height` at a 0.3 rad tilt, turning at
 * `spin`, onto a floor, undamped under `form`. From 30 mm, not turning: after its first
 * corner's bounce it spins at 84 rad/s, and its next corner sweeps into the floor. In free flight an explicit step is exact and grows to the end
 * of the run: that corner once went in and out within one step whose ends both lay clear of
 * the floor, unseen (its balance 13 % of the energy moved, the run's warnings saying so). */
static cs_sim *tumbling_square(const char *form, double height, double spin, cs_model **mod)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"tumble\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"b\", \"mass\": 0.1, \"inertia\": 5e-6, \"position\": "
           "[0, %g, 0.3], \"velocity\": [0.05, 0, %g]}], \"clearance_joints\": [{\"name\": "
           "\"c\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"b\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e5, \"n\": 1}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, \"profile\": %s, \"follower\": "
           SQUARE "}], \"solver\": {\"t_end\": 0.3, \"rtol\": 1e-9, \"atol\": 1e-12, "
           "\"formulation\": \"%s\"}}", height, spin,
           "{\"path\": [[-0.2, 0], [0.2, 0]], \"solid\": \"right\"}", form);
  *mod = load_model_string(json, "<tumbling square>");
  cs_sim *s = start(*mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.3, &err);
  CHECK(st == CS_OK, "tumbling square (%s): runs (%s)", form, st ? err.message : "");
  return s;
}

static void tumbling_from(double height, double spin, int contacts)
{
  cs_model *mod[2];
  cs_sim *s[2] = {tumbling_square("projected", height, spin, &mod[0]),
                  tumbling_square("ggl", height, spin, &mod[1])};
  const int n = cs_sim_event_count(s[0]);
  double worst = 0.0, balance[2];
  CHECK(n == cs_sim_event_count(s[1]) && n >= contacts, "tumbling square: the explicit run's "
        "contacts are the implicit one's (%d, %d)", n, cs_sim_event_count(s[1]));
  for (int i = 0; n == cs_sim_event_count(s[1]) && i < n; i++) {
    cs_contact_event a, b;
    cs_sim_event(s[0], i, &a);
    cs_sim_event(s[1], i, &b);
    worst = fmax(worst, fabs(a.t_on - b.t_on));
    CHECK(a.corner == b.corner, "contact %d at the same corner (%d, %d)", i, a.corner, b.corner);
  }
  for (int k = 0; k < 2; k++) {
    cs_energy e;
    cs_sim_energy(s[k], &e);
    balance[k] = fabs(e.balance_error) / (0.1 * 9.81 * height);
  }
  printf("square tumbling from %g m at %g rad/s onto a floor: %d contacts, onsets within %.2g "
         "s of ggl's; balance %.3g (projected), %.3g (ggl) of m g h\n", height, spin, n, worst,
         balance[0], balance[1]);
  CHECK(worst < 1e-6, "onsets within 1e-6 s (%.3g)", worst);
  CHECK(balance[0] < 1e-8 && balance[1] < 1e-6, "the books close (%.3g, %.3g)", balance[0],
        balance[1]);
  for (int k = 0; k < 2; k++) {
    cs_sim_free(s[k]);
    cs_model_free(mod[k]);
  }
}

/* and from 0.2 m spinning at 200 rad/s: IDAS's steps, twofold each in free flight, let it
 * through the floor (no contact at all) */
static void tumbling(void)
{
  tumbling_from(0.03, 0.0, 4);
  tumbling_from(0.2, 200.0, 1);
}

/* ---------------------------------------------------------------- a block on a wall ------ */

static const double m = 1.0, g = 9.81, a = 0.02, b = 0.01, r = 0.002, x0 = 0.005, K = 1e7;

/* The block's outline (half sizes a × b, corners rounded to r; sharp: r = 0) centred at (x0, 0)
 * of its body's frame, walking ccw from its bottom face, the solid on its left. */
static void block_outline(char *out, size_t len, int sharp)
{
  if (sharp) {
    snprintf(out, len, "{\"path\": [[%.17g, %.17g], [%.17g, %.17g], [%.17g, %.17g], "
             "[%.17g, %.17g]], \"closed\": true, \"solid\": \"left\"}", x0 - a, -b, x0 + a,
             -b, x0 + a, b, x0 - a, b);
    return;
  }
  double xl = x0 - a + r, xr = x0 + a - r, yb = -b + r, yt = b - r;
  snprintf(out, len,
           "{\"path\": [[%.17g, %.17g], [%.17g, %.17g], "
           "{\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], \"turn\": \"ccw\"}, "
           "[%.17g, %.17g], "
           "{\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], \"turn\": \"ccw\"}, "
           "[%.17g, %.17g], "
           "{\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], \"turn\": \"ccw\"}, "
           "[%.17g, %.17g], "
           "{\"arc_to\": [%.17g, %.17g], \"centre\": [%.17g, %.17g], \"turn\": \"ccw\"}], "
           "\"solid\": \"left\"}",
           xl, -b, xr, -b, x0 + a, yb, xr, yb, x0 + a, yt, xr, b, xr, yt, xl, b, x0 - a, yt,
           xl, yt, x0 - a, yb, xl, -b, xl, yb);
}

static cs_model *block_model(const char *wall, const char *law, double y, double vx,
                             double tilt, double rtol, double t_end, int sharp)
{
  char outline[2048], json[8192];
  block_outline(outline, sizeof outline, sharp);
  snprintf(json, sizeof json,
           "{\"name\": \"block\", \"gravity\": [0, %g], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"block\", \"mass\": %g, \"inertia\": 1.6667e-4, "
           "\"position\": [0, %.17g, %.17g], \"velocity\": [%g, 0, 0]}], \"clearance_joints\": "
           "[{\"name\": \"seat\", \"type\": \"profile\", \"body1\": \"g\", \"body2\": \"block\", "
           "\"length\": 0.01, \"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": "
           "0.3}], \"contact\": %s, \"profile\": %s, \"follower\": %s}], \"solver\": "
           "{\"t_end\": %g, \"rtol\": %g, \"atol\": 1e-14}}",
           -g, m, y, tilt, vx, law, wall, outline, t_end, rtol);
  return load_model_string(json, "<block>");
}

#define FLAT "{\"path\": [[-0.1, 0], [0.1, 0]], \"solid\": \"right\"}"
/* A lens: arcs of R 50 mm about (0, ∓40 mm) meeting at sharp corners (±30 mm, 0). */
#define LENS "{\"path\": [[0.03, 0], {\"arc_to\": [-0.03, 0], \"centre\": [0, -0.04], " \
             "\"turn\": \"ccw\"}, {\"arc_to\": [0.03, 0], \"centre\": [0, 0.04], \"turn\": " \
             "\"ccw\"}], \"closed\": true, \"solid\": \"left\"}"

static void resting(void)
{
  const double l = a - r;
  double Np, Nm;
  cs_model *mod = block_model(FLAT, "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, "
                              "\"n\": 1}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": "
                              "3000}}", b, 0.0, 0.0, 1e-9, 0.1, 0);
  CHECK(cs_model_clearance_corner_count(mod, 0) == 4, "four corner arcs on one wall, four "
        "pairs (%d)", cs_model_clearance_corner_count(mod, 0));
  char name[96], want[96]; /* a pair is named by its feature, where it lies, and its wall */
  cs_model_clearance_corner_name(mod, 0, 0, name, (int)sizeof name);
  snprintf(want, sizeof want, "follower arc about (%.6g, %.6g) on wall 0", x0 + a - r, -b + r);
  CHECK(strcmp(name, want) == 0, "the bottom-right arc's pair is \"%s\" (\"%s\")", want, name);
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.1, &err);
  CHECK(st == CS_OK, "resting block: runs (%s)", st ? err.message : "");
  cs_clearance_state c[4];
  for (int i = 0; i < 4; i++)
    cs_sim_clearance_corner(s, 0, i, &c[i]);
  /* the statics of the settled pose: the corners' contact points below their arcs' centres,
   * x± = (x0 ± l) cos θ − (r − b) sin θ from the centre of mass (θ ≈ 7e-6: the left corner
   * sinks deeper); N+ x+ + N− x− = 0, N+ + N− = m g */
  double q[3];
  cs_sim_body_position(s, 1, q);
  const double xp = (x0 + l) * cos(q[2]) - (r - b) * sin(q[2]);
  const double xm = (x0 - l) * cos(q[2]) - (r - b) * sin(q[2]);
  Np = m * g * -xm / (xp - xm), Nm = m * g * xp / (xp - xm);
  /* pairs in path order: the bottom-right corner's arc first, the bottom-left's last */
  printf("resting block: corners' forces %.9g N (right; closed form %.9g), %.9g N (left; "
         "%.9g); top corners in contact %d %d\n", c[0].normal_force, Np, c[3].normal_force, Nm,
         c[1].in_contact, c[2].in_contact);
  CHECK(c[0].in_contact && c[3].in_contact && !c[1].in_contact && !c[2].in_contact,
        "the two bottom corners touch, the top ones do not");
  CHECK(fabs(c[0].normal_force / Np - 1) < 1e-6 && fabs(c[3].normal_force / Nm - 1) < 1e-6,
        "each corner carries the static balance's share to 1e-6 (%.9g, %.9g)",
        c[0].normal_force, c[3].normal_force);
  CHECK(fabs(c[0].penetration * K / Np - 1) < 1e-6, "the right corner's penetration is N/K");
  cs_sim_free(s);
  cs_model_free(mod);
}

/* a flat, a convex corner at (0.05, 0), a slope down 0.1, a concave corner at (0.25, −0.02),
 * a flat again; the solid below */
#define STEP "{\"path\": [[-0.2, 0], [0.05, 0], [0.25, -0.02], [0.45, -0.02]], \"solid\": " \
             "\"right\"}"

/* STEP with its convex corner rounded to radius 0.05 (an arc tangent to the flat and the
 * slope): the block's flat sliding over the wall's convex arc, and its rounded corners on it
 * (an arc on an arc: the block arc's pair alone) */
static void rounded_step(char *out, size_t len)
{
  const double Rr = 0.05, al = atan2(-0.02, 0.2), T = Rr * tan(0.5 * fabs(al));
  snprintf(out, len, "{\"path\": [[-0.2, 0], [%.17g, 0], {\"arc_to\": [%.17g, %.17g], "
           "\"centre\": [%.17g, %.17g], \"turn\": \"cw\"}, [0.25, -0.02], [0.45, -0.02]], "
           "\"solid\": \"right\"}", 0.05 - T, 0.05 + T * cos(al), T * sin(al), 0.05 - T, -Rr);
}

static double slide(const char *wall, double rtol, int sharp, int *events)
{
  cs_model *mod = block_model(wall, "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e9, "
                              "\"n\": 1.5}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": "
                              "0}}", b + 0.001, 0.8, 0.05, rtol, 0.35, sharp);
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.35, &err);
  CHECK(st == CS_OK, "sliding block rtol %g: runs (%s)", rtol, st ? err.message : "");
  cs_energy en;
  cs_sim_energy(s, &en);
  *events = cs_sim_event_count(s);
  int pairs = cs_model_clearance_corner_count(mod, 0), struck = 0;
  for (int i = 0; i < pairs; i++) {
    cs_clearance_state cst;
    cs_sim_clearance_corner(s, 0, i, &cst);
    struck |= (cst.impact_velocity > 0) << i;
  }
  /* the block's four corners (arcs, or sharp) against each of the two walls the path is cut
   * into at its sharp concave corner, then the wall's convex corner (or arc) against the
   * block's outline */
  CHECK(pairs == 9 && (struck & 256), "the wall's convex corner or arc struck the block's face "
        "(%d pairs, struck %#x)", pairs, struck);
  double q[3];
  cs_sim_body_position(s, 1, q);
  CHECK(q[0] > 0.25, "the block slid past the slope (x = %.4g m)", q[0]);
  cs_sim_free(s);
  cs_model_free(mod);
  return fabs(en.balance_error) / (0.5 * m * 0.8 * 0.8);
}

/* The rounded block, and a sharp one, whose corners meet the rounded edge's convex arc through
 * the arc's pair alone: the corner's law fades out over the junction blend onto the arc. */
static void sliding(void)
{
  char rounded[512];
  rounded_step(rounded, sizeof rounded);
  const char *wall[3] = {STEP, rounded, rounded};
  const char *what[3] = {"a sharp convex corner", "a rounded one",
                         "a rounded one, the block's corners sharp"};
  for (int w = 0; w < 3; w++) {
    int n8, n10;
    double e8 = slide(wall[w], 1e-8, w == 2, &n8), e10 = slide(wall[w], 1e-10, w == 2, &n10);
    printf("sliding block, undamped, over %s: %d, %d contacts; balance error %.3g (rtol 1e-8), "
           "%.3g (rtol 1e-10) of the kinetic energy\n", what[w], n8, n10, e8, e10);
    CHECK(n10 >= 4, "it strikes the wall several times (%d)", n10);
    CHECK(e10 < 1e-7 && e10 < e8, "the books close to the tolerance (%.3g, %.3g)", e10, e8);
  }
}

/* A disc outline (radius 10 mm) resting on top of a convex arc wall (a disc of 50 mm): the one
 * contact is the follower arc's pair's; the wall arc's pair meets the outline cut to its end
 * points and stays off (both had carried m g/2 at half the depth) */
static void arc_on_arc(void)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"aa\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"d\", \"mass\": 1, \"inertia\": 1e-4, "
           "\"position\": [0, 0.06, 0]}], \"clearance_joints\": [{\"name\": \"J\", \"type\": "
           "\"profile\", \"body1\": \"g\", \"body2\": \"d\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, \"n\": 1}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 3000}}, \"profile\": {\"path\": "
           "[[0.05, 0], {\"arc_to\": [0.05, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], "
           "\"solid\": \"left\"}, \"follower\": {\"path\": [[0.01, 0], {\"arc_to\": [0.01, 0], "
           "\"centre\": [0, 0], \"turn\": \"ccw\"}], \"solid\": \"left\"}}], \"solver\": "
           "{\"t_end\": 0.1, \"rtol\": 1e-9, \"atol\": 1e-14}}");
  cs_model *mod = load_model_string(json, "<arc on arc>");
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.1, &err);
  CHECK(st == CS_OK, "arc on arc: runs (%s)", st ? err.message : "");
  cs_clearance_state c[2];
  for (int i = 0; i < 2; i++)
    cs_sim_clearance_corner(s, 0, i, &c[i]);
  printf("disc outline on a convex arc: the disc's pair %.9g N at %.6g m (m g %.9g N at m g/K "
         "%.6g m); the wall arc's pair in contact %d\n", c[0].normal_force, c[0].penetration,
         m * g, m * g / K, c[1].in_contact);
  CHECK(cs_model_clearance_corner_count(mod, 0) == 2 && !c[1].in_contact,
        "two pairs, the wall arc's off");
  CHECK(fabs(c[0].normal_force / (m * g) - 1) < 1e-6 && fabs(c[0].penetration * K / (m * g) - 1)
        < 1e-6, "one contact carries m g at m g/K (%.9g N)", c[0].normal_force);
  cs_sim_free(s);
  cs_model_free(mod);
}

/* A follower outline on body "b" (`body`: its mass, pose and rates; `joints`: the ideal joints
 * holding it) on the wall `profile` under gravity for t_end (power law K, damping c), run. */
static cs_sim *follower_run(const char *label, const char *body, const char *joints,
                            const char *profile, const char *follower, double c, double t_end,
                            double rtol, cs_model **mod)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"follower\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": "
           "\"g\", \"ground\": true}, {\"name\": \"b\", %s}], \"joints\": %s, "
           "\"clearance_joints\": [{\"name\": \"J\", \"type\": \"profile\", \"body1\": "
           "\"g\", \"body2\": \"b\", \"length\": 0.01, \"materials\": [{\"E\": 2e11, "
           "\"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": "
           "{\"model\": \"power_law\", \"K\": 1e7, \"n\": 1}, \"damping\": {\"model\": "
           "\"kelvin_voigt\", \"c\": %.17g}}, \"profile\": %s, \"follower\": %s}], "
           "\"solver\": {\"t_end\": %.17g, \"rtol\": %.17g, \"atol\": 1e-14}}",
           body, joints, c, profile, follower, t_end, rtol);
  *mod = load_model_string(json, label);
  cs_sim *s = start(*mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, t_end, &err);
  CHECK(st == CS_OK, "%s: runs (%s)", label, st ? err.message : "");
  return s;
}

/* The same held upright on a vertical guide through its origin at height y. */
static cs_sim *guided_run(const char *label, double y, const char *profile,
                          const char *follower, double c, double t_end, double rtol,
                          cs_model **mod)
{
  char body[256], guide[512];
  snprintf(body, sizeof body, "\"mass\": 1, \"inertia\": 1e-4, \"position\": [0, %.17g, 0]",
           y);
  snprintf(guide, sizeof guide, "[{\"name\": \"guide\", \"type\": \"prismatic\", "
           "\"body1\": \"g\", \"body2\": \"b\", \"point1\": [0, %.17g], \"point2\": [0, 0], "
           "\"axis\": [0, 1]}]", y);
  return follower_run(label, body, guide, profile, follower, c, t_end, rtol, mod);
}

/* The same resting for 0.1 s, damped (c = 3000 N s/m). */
static cs_sim *guided_rest(const char *label, double y, const char *profile,
                           const char *follower, cs_model **mod)
{
  return guided_run(label, y, profile, follower, 3000.0, 0.1, 1e-9, mod);
}

#define DISC_WALL                                                                              \
  "{\"path\": [[0.05, 0], {\"arc_to\": [0.05, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], "   \
  "\"solid\": \"left\"}"

/* A wedge outline (a sharp corner down, its sides at ±14°) standing on top of a convex arc wall
 * (a disc of 50 mm), touching it exactly at the start: the corner's pair meets the arc, and
 * the arc's pair meets the corner on the outline. One contact: the arc's pair carries m g at
 * m g/K and the corner's none (both had carried m g/2 at half the depth). */
/* A disc outline written as two half circles (two arcs of one circle; the second's centre
 * `off` above the first's, within the 1e-6 of the radius that counts as one) resting on a
 * flat: one pair for the circle, which carries m g at m g/K; each half's pair had pressed at
 * the same point, the disc sinking half as deep (m g/(2K)). */
static void circle_in_halves(double off)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"halves\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"d\", \"mass\": 1, \"inertia\": 1e-4, "
           "\"position\": [0, 0.01, 0]}], \"clearance_joints\": [{\"name\": \"J\", \"type\": "
           "\"profile\", \"body1\": \"g\", \"body2\": \"d\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e7, \"n\": 1}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 3000}}, \"profile\": " FLAT ", "
           "\"follower\": {\"path\": [[0.01, 0], {\"arc_to\": [-0.01, 0], \"centre\": [0, 0], "
           "\"turn\": \"ccw\"}, {\"arc_to\": [0.01, 0], \"centre\": [0, %.17g], \"turn\": "
           "\"ccw\"}], \"closed\": true, \"solid\": \"left\"}}], \"solver\": {\"t_end\": 0.1, "
           "\"rtol\": 1e-9, \"atol\": 1e-14}}", off);
  cs_model *mod = load_model_string(json, "<disc in two halves>");
  const int pairs = cs_model_clearance_corner_count(mod, 0);
  cs_sim *s = start(mod);
  cs_error err;
  cs_status st = cs_sim_advance(s, 0.1, &err);
  CHECK(st == CS_OK, "disc in two halves: runs (%s)", st ? err.message : "");
  cs_clearance_state c;
  cs_sim_clearance_corner(s, 0, 0, &c);
  printf("disc outline of two half circles on a flat (centres %.3g m apart): %d pair(s), %.9g N "
         "at %.6g m (m g %.9g N at m g/K %.6g m)\n", off, pairs, c.normal_force, c.penetration,
         m * g, m * g / K);
  /* off the one circle the halves meet at two corners (a 1e-7 rad turn): pairs of their own,
   * up at the disc's sides */
  CHECK(pairs == (off == 0.0 ? 1 : 3), "one pair for the one circle (%d)", pairs);
  CHECK(fabs(c.normal_force / (m * g) - 1) < 1e-6 && fabs(c.penetration * K / (m * g) - 1) < 1e-6,
        "it carries m g at m g/K (%.9g N at %.6g m)", c.normal_force, c.penetration);
  cs_sim_free(s);
  cs_model_free(mod);
}

static void corner_on_arc(void)
{
  cs_model *mod;
  cs_sim *s = guided_rest("<corner on arc>", 0.05, DISC_WALL,
                          "{\"path\": [[0, 0], [0.005, 0.02], [-0.005, 0.02]], \"closed\": "
                          "true, \"solid\": \"left\"}", &mod);
  const int n = cs_model_clearance_corner_count(mod, 0);
  double sum = 0.0, corners = 0.0, arc = 0.0, depth = 0.0;
  for (int i = 0; i < n && i < 8; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    sum += c.normal_force;
    if (i < n - 1)
      corners = fmax(corners, fabs(c.normal_force));
    else
      arc = c.normal_force, depth = c.penetration;
  }
  printf("wedge corner on a convex arc: the arc's pair %.9g N at %.6g m (m g %.9g N at m g/K "
         "%.6g m), the corners' pairs at most %.3g N\n", arc, depth, m * g, m * g / K, corners);
  CHECK(n == 4, "three corner pairs and the arc's (%d)", n);
  CHECK(fabs(sum / (m * g) - 1) < 1e-6, "the pairs carry m g (%.9g N)", sum);
  CHECK(fabs(arc / (m * g) - 1) < 1e-6 && fabs(depth * K / (m * g) - 1) < 1e-6 && corners == 0.0,
        "one contact: the arc's pair carries m g at m g/K (%.9g N at %.6g m)", arc, depth);
  cs_sim_free(s);
  cs_model_free(mod);
}

/* A roof-shaped follower (an open outline, its faces at ±30° meeting in a sharp concave notch)
 * on the guide, resting on a ridge wall (faces at ±45°) whose apex is rounded to R = 5 mm,
 * exactly touching at the start: the loader cuts the outline at its notch into two pieces,
 * and the apex arc's pair meets each, N = m g/(2 cos 30°) on both at N/K. (An outline with
 * such a corner was refused.) */
static void notch_on_apex(void)
{
  char wall[512], roof[512];
  const double c30 = cos(M_PI / 6), s30 = sin(M_PI / 6), R = 0.005, h = R / sqrt(2.0);
  const double y0 = R * (1.0 / c30 - sqrt(2.0)); /* the notch where the arc touches both */
  snprintf(wall, sizeof wall, "{\"path\": [[-0.1, -0.1], [%.17g, %.17g], {\"arc_to\": [%.17g, "
           "%.17g], \"centre\": [0, %.17g], \"turn\": \"cw\"}, [0.1, -0.1]], \"solid\": "
           "\"right\"}", -h, -h, h, -h, -R * sqrt(2.0));
  snprintf(roof, sizeof roof, "{\"path\": [[%.17g, %.17g], [0, 0], [%.17g, %.17g]], \"solid\": "
           "\"left\"}", -0.05 * c30, -0.05 * s30, 0.05 * c30, -0.05 * s30);
  cs_model *mod;
  cs_sim *s = guided_rest("<notch on apex>", y0, wall, roof, &mod);
  const int n = cs_model_clearance_corner_count(mod, 0);
  cs_clearance_state c[2];
  for (int i = 0; i < 2 && i < n; i++)
    cs_sim_clearance_corner(s, 0, i, &c[i]);
  const double N = m * g / (2 * c30);
  printf("roof notch on a ridge's rounded apex: %d pairs, %.9g N and %.9g N at %.6g m and "
         "%.6g m (m g/(2 cos 30°) %.9g N at %.6g m)\n", n, c[0].normal_force, c[1].normal_force,
         c[0].penetration, c[1].penetration, N, N / K);
  CHECK(n == 2, "the apex arc against each of the outline's two pieces (%d pairs)", n);
  for (int i = 0; i < 2 && n == 2; i++)
    CHECK(fabs(c[i].normal_force / N - 1) < 1e-6 && fabs(c[i].penetration * K / N - 1) < 1e-6,
          "piece %d carries m g/(2 cos 30°) at N/K (%.9g N at %.6g m)", i, c[i].normal_force,
          c[i].penetration);
  cs_sim_free(s);
  cs_model_free(mod);
}

/* A wedge outline (its sharp corner down, sides at ±14°) pressed by gravity into a V notch
 * of two faces at ±30°, its corner exactly at the notch's vertex at the start: the loader
 * cuts the V there into two walls, and the corner goes in behind the vertex, where neither
 * face's strip reaches, so each wall's cut end measures it on its face's line. Each face
 * carries N = m g/(2 cos 30°) at N/K deep (before, the corner passed behind the vertex
 * untouched and the wedge fell until its top corners met the faces). Then dropped from
 * 0.1 mm, undamped: it bounces in the notch, its books closing to the tolerance. */
#define V_NOTCH                                                                                \
  "{\"path\": [[-0.1, 0.057735026918962584], [0, 0], [0.1, 0.057735026918962584]], "             \
  "\"solid\": \"right\"}"
#define WEDGE "{\"path\": [[0, 0], [0.005, 0.02], [-0.005, 0.02]], \"closed\": true, " \
              "\"solid\": \"left\"}"

static void corner_in_notch(void)
{
  const double c30 = cos(M_PI / 6), N = m * g / (2 * c30);
  cs_model *mod;
  cs_sim *s = guided_rest("<corner in notch>", 0.0, V_NOTCH, WEDGE, &mod);
  const int n = cs_model_clearance_corner_count(mod, 0);
  double tip[2] = {0, 0}, depth[2] = {0, 0}, others = 0.0, q[3];
  for (int i = 0, k = 0; i < n; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    if (c.contact_point[1] > -1e-3 && c.contact_point[1] < 1e-3 && k < 2)
      tip[k] = c.normal_force, depth[k++] = c.penetration; /* the tip's two pairs */
    else
      others += fabs(c.normal_force);
  }
  cs_sim_body_position(s, 1, q);
  printf("sharp corner in a sharp notch: %d pairs, the tip's %.9g N and %.9g N at %.6g m and "
         "%.6g m, the others' %.3g N, the wedge at y = %.6g m (m g/(2 cos 30°) %.9g N at "
         "%.6g m)\n", n, tip[0], tip[1], depth[0], depth[1], others, q[1], N, N / K);
  for (int i = 0; i < 2; i++)
    CHECK(fabs(tip[i] / N - 1) < 1e-6 && fabs(depth[i] * K / N - 1) < 1e-6,
          "face %d carries m g/(2 cos 30°) at N/K (%.9g N at %.6g m)", i, tip[i], depth[i]);
  CHECK(others == 0.0 && fabs(q[1] + N / K / c30) < 1e-9,
        "nothing else touches; the tip rests N/(K cos 30°) below the vertex (%.3g N, %.6g m)",
        others, q[1]);
  cs_sim_free(s);
  cs_model_free(mod);

  const double h = 1e-4, E = m * g * h;
  double err[2];
  int events = 0;
  for (int r = 0; r < 2; r++) {
    s = guided_run("<corner dropped in notch>", h, V_NOTCH, WEDGE, 0.0, 0.05,
                   r ? 1e-10 : 1e-8, &mod);
    cs_energy en;
    cs_sim_energy(s, &en);
    cs_sim_body_position(s, 1, q);
    err[r] = fabs(en.balance_error) / E;
    events = cs_sim_event_count(s);
    CHECK(q[1] > -1e-4, "the wedge stays in the notch (y = %.3g m)", q[1]);
    cs_sim_free(s);
    cs_model_free(mod);
  }
  printf("sharp corner dropped 0.1 mm into the notch, undamped: %d contacts; balance error "
         "%.3g (rtol 1e-8), %.3g (rtol 1e-10) of m g h\n", events, err[0], err[1]);
  CHECK(events >= 4 && err[1] < 1e-6 && err[1] < err[0],
        "it bounces in the notch, the books closing with the tolerance (%d, %.3g, %.3g)",
        events, err[0], err[1]);
}

/* The same wedge free in the plane, thrown spinning into the notch off its bisector from the
 * right: its tip bounces across the region behind the vertex to the left face, in and out of
 * both sides' half planes there; undamped, the books close with the tolerance. */
static void corner_tumbling_in_notch(void)
{
  double err[2];
  int events = 0;
  for (int r = 0; r < 2; r++) {
    cs_model *mod;
    cs_sim *s = follower_run("<thrown in notch>", "\"mass\": 1, \"inertia\": 1e-4, "
                             "\"position\": [0.0015, 0.0015, 0.1], \"velocity\": [-0.05, "
                             "-0.05, 2]", "[]", V_NOTCH, WEDGE, 0.0, 0.05, r ? 1e-10 : 1e-8,
                             &mod);
    cs_energy en;
    cs_sim_energy(s, &en);
    double q[3];
    cs_sim_body_position(s, 1, q);
    /* over the kinetic energy it is thrown with: m v²/2 + I ω²/2, I = 1e-4, ω = 2 */
    err[r] = fabs(en.balance_error) / (0.5 * m * (0.05 * 0.05 + 0.05 * 0.05) + 0.5e-4 * 4);
    events = cs_sim_event_count(s);
    CHECK(q[1] > -2e-3, "the tumbling wedge stays in the notch (y = %.3g m)", q[1]);
    CHECK(q[0] < 0.0, "…crossing the notch's bisector from its right (x = %.3g m)", q[0]);
    cs_sim_free(s);
    cs_model_free(mod);
  }
  printf("sharp wedge thrown into the notch, undamped: %d contacts; balance error %.3g "
         "(rtol 1e-8), %.3g (rtol 1e-10) of its kinetic energy\n", events, err[0], err[1]);
  CHECK(events >= 2 && err[1] < 1e-6 && err[1] < err[0],
        "it strikes both faces, the books closing with the tolerance (%d, %.3g, %.3g)", events,
        err[0], err[1]);
}

/* ---------------------------------------------------------------- Jacobians -------------- */

/* jacobian_case with the rates turned round (the face moving in: the damping acts, so ∂Q/∂v
 * and δ' through q are checked too). */
static void approaching_case(const char *label, const char *joint, const char *contact,
                             const double pin_local[2])
{
  cs_model *mod = two_bodies(joint, contact);
  double q[6], v[6];
  cs_clearances *c = pair_in_contact(mod, pin_local, q, v);
  for (int i = 0; i < 6; i++)
    v[i] = -v[i];
  cs_clearances_open(c, 0, 0.0, q, v);
  double Q[6] = {0}, Qq[36] = {0}, Qv[36] = {0};
  cs_clearances_forces(c, q, v, Q, &(cs_acc){.dense = Qq, .ld = 6},
                       &(cs_acc){.dense = Qv, .ld = 6}, 1.0);
  probe p = {c, q, v};
  double eq = jacobian_error(&p, 6, 0, Qq), ev = jacobian_error(&p, 6, 1, Qv), qv = 0.0;
  for (int i = 0; i < 36; i++)
    qv = fmax(qv, fabs(Qv[i]));
  printf("%-28s ∂Q/∂q off %.2e, ∂Q/∂v off %.2e (moving in: |∂Q/∂v| %.3g)\n", label, eq, ev,
         qv);
  CHECK(fabs(Q[0]) + fabs(Q[1]) > 0 && qv > 0, "%s: a force, damped", label);
  CHECK(ev < 1e-6 && eq < 1e-6, "%s: Jacobians against differences (%.3g, %.3g)", label, eq,
        ev);
  cs_clearances_free(c);
  cs_model_free(mod);
}

/* The friction force's own Jacobian (the joint under `with` less under `without`, the same
 * normal law): its ∂/∂q against differences of the same difference, so that the slip map's
 * change is not lost beside the contact's stiffness. */
static void friction_case(const char *label, const char *joint, const char *with,
                          const char *without, const double pin_local[2])
{
  cs_model *m2[2] = {two_bodies(joint, with), two_bodies(joint, without)};
  cs_clearances *c2[2];
  double q[6], v[6], Qq[2][36] = {{0}}, Q[2][6] = {{0}}, worst = 0.0, scale = 1e-300;
  for (int i = 0; i < 2; i++) {
    c2[i] = pair_in_contact(m2[i], pin_local, q, v);
    cs_clearances_forces(c2[i], q, v, Q[i], &(cs_acc){.dense = Qq[i], .ld = 6}, NULL, 1.0);
  }
  const double h = 1e-9;
  for (int b = 0; b < 6; b++) {
    double x[6], Qp[2][6], Qm[2][6];
    memcpy(x, q, sizeof x);
    x[b] += h;
    for (int i = 0; i < 2; i++)
      forces(&(probe){c2[i], x, v}, x, v, Qp[i], 6);
    x[b] -= 2 * h;
    for (int i = 0; i < 2; i++)
      forces(&(probe){c2[i], x, v}, x, v, Qm[i], 6);
    for (int a = 0; a < 6; a++) {
      double fd = ((Qp[0][a] - Qp[1][a]) - (Qm[0][a] - Qm[1][a])) / (2 * h);
      worst = fmax(worst, fabs(Qq[0][a + 6 * b] - Qq[1][a + 6 * b] - fd));
      scale = fmax(scale, fabs(fd));
    }
  }
  double ft = 0.0;
  for (int a = 0; a < 6; a++)
    ft = fmax(ft, fabs(Q[0][a] - Q[1][a]));
  printf("%-28s friction %.3g N, its ∂/∂q off %.2e of its largest entry %.3g\n", label, ft,
         worst / scale, scale);
  /* 1e-7: the slip map's change is ~1e-4 of these entries (most is μ ∂Fn/∂q); dropping the
   * end's ∂V/∂φ from it shows as 4e-7 */
  CHECK(ft > 0 && worst < 1e-7 * scale, "%s: friction's ∂Q/∂q against differences (%.3g)",
        label, worst / scale);
  for (int i = 0; i < 2; i++)
    cs_clearances_free(c2[i]), cs_model_free(m2[i]);
}

static void jacobians(void)
{
  const char *ln = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": "
                   "\"lankarani_nikravesh\"}, \"restitution\": {\"model\": \"constant\", \"cr\": "
                   "0.8}, \"friction\": {\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}";
  char outline[2048], joint[4096];
  const double phi = -0.5, c = cos(phi), s = sin(phi), d = 2e-6;
  /* pair 0, the block's bottom-right arc (centre (x0 + a − r, −b + r)) 2 µm into the flat */
  block_outline(outline, sizeof outline, 0);
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           "{\"path\": [[-0.1, 0], [0.1, 0]], \"solid\": \"right\"}, \"follower\": %s", outline);
  double k0[2] = {x0 + a - r, -b + r};
  double at[2] = {0.001 - (c * k0[0] - s * k0[1]), r - d - (s * k0[0] + c * k0[1])};
  jacobian_case("follower arc on a flat", joint, ln, at);
  /* pair 0, the wall's circle (R 30 mm about (0.01, 0)) 2 µm into the follower's face */
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           CIRCLE ", \"follower\": " FACE);
  double w[2] = {0.005, -(0.03 - d)}; /* the circle's centre in the face's frame */
  double at2[2] = {0.01 - (c * w[0] - s * w[1]), -(s * w[0] + c * w[1])};
  jacobian_case("wall arc on a follower face", joint, ln, at2);
  /* pair 0, a lens's upper arc (joints/README.md "Windows") whose contact lies past its end:
   * its gap is the right corner's beside it, 2 µm into the flat (the corner's point on the
   * pin's centre through the relative angle: ∂δ/∂φ and the contact point's map) */
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           "{\"path\": [[-0.1, 0], [0.1, 0]], \"solid\": \"right\"}, \"follower\": " LENS);
  double at3[2] = {0.001 - 0.03 * c, -d - 0.03 * s};
  const char *pk = "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e10, \"n\": 1.5}, "
                   "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 10}, \"friction\": "
                   "{\"model\": \"coulomb\", \"mu\": 0.1, \"v_tol\": 10}}"; /* corners: no R */
  jacobian_case("arc past its end (a corner)", joint, pk, at3);
  /* pair 0, a D-shaped wall's arc whose contact lies past its end: the left corner's, 2 µm
   * into a slab's face (the swapped pair: the wall's body the pin's) */
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           "{\"path\": [[0.02, 0], {\"arc_to\": [-0.02, 0], \"centre\": [0, 0], \"turn\": "
           "\"ccw\"}], \"closed\": true, \"solid\": \"left\"}, \"follower\": {\"path\": "
           "[[-0.04, 0], [0.04, 0]], \"solid\": \"right\"}");
  const double ns[2] = {s, -c}; /* the slab's solid side, in the wall's frame */
  double at4[2] = {-0.02 - d * ns[0], -d * ns[1]};
  jacobian_case("wall arc past its end", joint, pk, at4);
  /* pair 0, a face on the spline cam: its support point 5 mm in from the face's middle, and
   * 0.5 mm past its end (32 points of the circle) (the end's distance to the spline; 6 um across the face's line, the
   * circle's sagitta 4.2 um there); with friction: the slip map of a contact point that runs
   * along the spline as the face turns */
  const char *lnd = "{\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
                    "{\"model\": \"lankarani_nikravesh\"}, \"restitution\": {\"model\": "
                    "\"constant\", \"cr\": 0.8}}";
  char wall[1536];
  cam_spline(wall, sizeof wall, 32, 10);
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           "%s, \"follower\": " FACE, wall);
  const double n[2] = {s, -c}, t[2] = {c, s}; /* the face's free normal R(phi)(0, -1), tangent */
  const double xs[2] = {0.01 - 0.03 * n[0], -0.03 * n[1]}; /* the circle's support point */
  const double off[2][2] = {{d, -0.005}, {6e-6, -0.0405}}; /* across, along from the origin */
  const char *what[2] = {"face on a spline cam", "face's end on a spline cam"};
  for (int i = 0; i < 2; i++) {
    double o[2] = {xs[0] + off[i][0] * n[0] + off[i][1] * t[0],
                   xs[1] + off[i][0] * n[1] + off[i][1] * t[1]};
    jacobian_case(what[i], joint, ln, o);
    approaching_case(what[i], joint, ln, o);
    friction_case(what[i], joint, ln, lnd, o);
  }
  /* pair 0, a square's corner (0.01, −0.01) with the spline's support point 3 mm in from it on
   * the bottom face, 2 µm deep: within the face's zone the corner's gap is the face's, which
   * turns with φ as the corner's offset to it does */
  snprintf(joint, sizeof joint, "\"type\": \"profile\", \"length\": 0.01, \"profile\": "
           "%s, \"follower\": " SQUARE, wall);
  const char *pkn = "{\"elastic\": {\"model\": \"power_law\", \"K\": 1e10, \"n\": 1.5}, "
                    "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 10}}";
  const double on_face[2] = {0.007, -0.01}; /* the face's point over the support point */
  double o[2] = {xs[0] + d * n[0] - (c * on_face[0] - s * on_face[1]),
                 xs[1] + d * n[1] - (s * on_face[0] + c * on_face[1])};
  jacobian_case("corner in its face's zone", joint, pk, o);
  approaching_case("corner in its face's zone", joint, pk, o);
  friction_case("corner in its face's zone", joint, pk, pkn, o);
}

/* ---------------------------------------------------------------- windowed arcs ---------- */

/* A D (a semicircle of 20 mm about its body's origin and its chord; `up`: the arc above the
 * chord, else below), whose circle stands out past the arc's ends: the circle is the pin over
 * the arc's own directions only, the chord's corners past them. */
static void d_outline(char *out, size_t len, int up)
{
  snprintf(out, len, "{\"path\": [[0.02, 0], {\"arc_to\": [-0.02, 0], \"centre\": [0, 0], "
           "\"turn\": \"%s\"}], \"closed\": true, \"solid\": \"%s\"}", up ? "ccw" : "cw",
           up ? "left" : "right");
}

/* Pairs' normal forces and depths at the end of a guided rest: the arc's pair (the first,
 * the only arc) and the corners'. */
static void pair_loads(cs_sim *s, int n, double *arc, double *arc_depth, double *corner,
                       double *corner_depth)
{
  *arc = *arc_depth = *corner = 0.0;
  *corner_depth = -INFINITY;
  for (int i = 0; i < n; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    if (i == 0)
      *arc = c.normal_force, *arc_depth = c.penetration;
    else
      *corner = fmax(*corner, c.normal_force), *corner_depth = fmax(*corner_depth, c.penetration);
  }
}

/* The D resting on a flat, on its arc (touching at the start) and on its chord (the corners
 * touching; its circle's bottom 20 mm below the floor): the arc's pair carries m g at m g/K
 * and the corners none; on the chord each corner m g/2 at m g/(2K) and the arc's pair none.
 * Without windows a D was refused; the circle as its pin would have pressed 20 mm deep. */
static void d_resting(void)
{
  char d[512];
  for (int up = 0; up < 2; up++) {
    cs_model *mod;
    d_outline(d, sizeof d, up);
    cs_sim *s = guided_rest(up ? "<D on its chord>" : "<D on its arc>", up ? 0.0 : 0.02, FLAT, d,
                            &mod);
    const int n = cs_model_clearance_corner_count(mod, 0);
    double arc, arc_depth, corner, corner_depth;
    pair_loads(s, n, &arc, &arc_depth, &corner, &corner_depth);
    printf("D on its %s: the arc's pair %.9g N at %.6g m, the corners' at most %.9g N at %.6g m "
           "(m g %.9g N at m g/K %.6g m)\n", up ? "chord" : "arc", arc, arc_depth, corner,
           corner_depth, m * g, m * g / K);
    CHECK(n == 3, "the arc's pair and two corners' (%d)", n);
    if (up)
      CHECK(arc == 0.0 && fabs(corner / (0.5 * m * g) - 1) < 1e-6 &&
            fabs(corner_depth * K / (0.5 * m * g) - 1) < 1e-6,
            "on the chord each corner carries m g/2 at m g/(2K), the arc none (%.9g, %.9g N)",
            corner, arc);
    else
      CHECK(corner == 0.0 && fabs(arc / (m * g) - 1) < 1e-6 &&
            fabs(arc_depth * K / (m * g) - 1) < 1e-6,
            "on the arc its pair carries m g at m g/K, the corners none (%.9g, %.9g N)", arc,
            corner);
    /* a pair past its window touches nothing, and says so: not its partner's depth */
    const double idle = up ? arc_depth : corner_depth;
    CHECK(idle < 0.0, "on its %s %s no depth, not the carrying pair's (%.3g m)",
          up ? "chord" : "arc", up ? "the arc's pair reports" : "the corners' pairs report", idle);
    cs_sim_free(s);
    cs_model_free(mod);
  }
}

typedef struct rocking {
  double low;      /* the least θ over the output rows */
  double loads[4]; /* each pair's largest normal force over them */
  double arc_to, corner_from; /* the largest |θ| at which the lower arc carried, the least at
                               * which a corner did */
} rocking;

static int rock_row(const cs_sim *s, void *user)
{
  rocking *rk = user;
  double q[3];
  cs_sim_body_position(s, 1, q);
  rk->low = fmin(rk->low, q[2]);
  for (int i = 0; i < 4; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(s, 0, i, &c);
    rk->loads[i] = fmax(rk->loads[i], c.normal_force);
    if (c.normal_force > 0.0 && i == 2)
      rk->arc_to = fmax(rk->arc_to, fabs(q[2]));
    else if (c.normal_force > 0.0 && i % 2)
      rk->corner_from = fmin(rk->corner_from, fabs(q[2]));
  }
  return 0;
}

/* A lens (arcs of R 50 mm about (0, ∓40 mm) meeting at sharp corners (±30 mm, 0), its centre
 * of mass at the middle), free on a frictionless flat, undamped, released at rest standing
 * tilted by θ0 on its left corner, exactly touching: it rocks down onto its lower arc, rolls
 * over it onto the right corner, turns back and rocks again. Its centre of mass moves only up
 * and down, so on the far corner it turns back at −θ0 (each corner 30 mm out: m g (30 mm)
 * sin θ the same at both turns), within what the contact's compliance holds (the corner,
 * released touching, rings on the floor over about twice m g/K's depth, (m g/K)^(2/3) =
 * 4.6 um: 2 × 4.6 um over 30 mm cos θ0, 4.4e-4 rad); the contact passes between the arc
 * and a corner at |θ| = atan(30/40) = 0.6435 rad, where the arc ends. A circle pressing past
 * its arc's ends would throw it centimetres off. Returns the balance error over m g times the
 * drop. */
static double lens_rocking(const char *formulation, double rtol, rocking *rk)
{
  const double th0 = 0.8, t_end = 0.3;
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"lens\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"b\", \"mass\": 1, \"inertia\": 2.5e-4, \"position\": "
           "[0, %.17g, %.17g]}], \"clearance_joints\": [{\"name\": \"J\", \"type\": \"profile\", "
           "\"body1\": \"g\", \"body2\": \"b\", \"length\": 0.01, \"materials\": [{\"E\": 2e11, "
           "\"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "
           "\"power_law\", \"K\": 1e9, \"n\": 1.5}, \"damping\": {\"model\": \"kelvin_voigt\", "
           "\"c\": 0}}, \"profile\": " FLAT ", \"follower\": " LENS "}], \"solver\": "
           "{\"formulation\": \"%s\", \"t_end\": %g, \"rtol\": %g, \"atol\": 1e-14}, "
           "\"output\": {\"interval\": 2e-5}}",
           0.03 * sin(th0), th0, formulation, t_end, rtol);
  cs_model *mod = load_model_string(json, "<lens>");
  *rk = (rocking){.corner_from = INFINITY};
  cs_energy en;
  cs_sim_free(run_books(mod, t_end, rock_row, rk, formulation, &en));
  CHECK(cs_model_clearance_corner_count(mod, 0) == 4, "two arcs' pairs and two corners'");
  cs_model_free(mod);
  return fabs(en.balance_error) / (m * g * 0.03 * (sin(th0) - 1.0 / 3.0));
}

/* The lens at three tolerances, and under ggl. At rtol 1e-12 a restart once fell where the
 * arc and the corner each judged the direction its own to round-off: the corner opened a
 * contact of its own beside the arc's, its strain from nothing (1.1e-4 of the energy). */
static void lens(void)
{
  rocking rk[3], gg;
  const double edge = atan(0.75), rtol[3] = {1e-8, 1e-10, 1e-12};
  double b[3];
  for (int i = 0; i < 3; i++)
    b[i] = lens_rocking("auto", rtol[i], &rk[i]);
  double bg = lens_rocking("ggl", 1e-10, &gg);
  const rocking *r = &rk[1];
  printf("lens rocking undamped from corner to corner: turns back at %.7f rad (closed form "
         "-0.8, %+.2e; ggl %+.2e); the lower arc carried up to |θ| %.5f, the corners from %.5f "
         "(the arc's end %.5f); the pairs' largest forces %.4g N (upper arc), %.4g, %.4g N "
         "(corners), %.4g N (lower arc); balance error %.3g, %.3g, %.3g (rtol 1e-8, 1e-10, "
         "1e-12; ggl 1e-10 %.3g) of the energy moved\n", r->low, r->low + 0.8, gg.low + 0.8,
         r->arc_to, r->corner_from, edge, r->loads[0], r->loads[1], r->loads[3], r->loads[2],
         b[0], b[1], b[2], bg);
  for (int i = 0; i < 3; i++)
    CHECK(fabs(rk[i].low + 0.8) < 4.4e-4, "rtol %g: it turns back on the far corner at -θ0 "
          "(%.7f rad)", rtol[i], rk[i].low);
  CHECK(fabs(gg.low + 0.8) < 4.4e-4, "ggl: it turns back at -θ0 (%.7f rad)", gg.low);
  /* 1e-3 rad: the output rows, 2e-5 s apart, see θ turning at up to about 5 rad/s there */
  CHECK(fabs(r->arc_to - edge) < 1e-3 && fabs(r->corner_from - edge) < 1e-3,
        "the contact passes between arc and corner where the arc ends (%.5f, %.5f rad)",
        r->arc_to, r->corner_from);
  CHECK(r->loads[0] == 0.0 && r->loads[1] > 0.0 && r->loads[2] > 0.0 && r->loads[3] > 0.0,
        "the lower arc and both corners carried it, the upper arc never");
  /* the books at the integrator's tolerance: within a few hundred times rtol, shrinking */
  CHECK(b[2] < 1e-11 && b[1] < 1e-8 && b[2] < b[1] && b[1] < b[0] && bg < 1e-7,
        "the books close to the tolerance (%.3g, %.3g, %.3g; ggl %.3g)", b[0], b[1], b[2], bg);
}

/* models/cam_circular_arc.json: a circular-arc cam (base circle r_b 20 mm about its pivot,
 * nose r_n 7 mm about (e = 15 mm, 0), flanks of ρ 50 mm tangent to both, the cam's wall)
 * under a flat-faced follower pressed on it by a spring k y, the cam's speed ramping from
 * 70 rad/s at 5 rad/s². The flanks' circles cross the cam (their centres 30 mm behind the
 * pivot), so each flank's pair is the pin only over its own directions, the base and the nose
 * past them. Until the jump the face's lift is the cam's support function along the
 * follower's axis u = R(−θ)(0, 1): the largest c·u + R over the arcs whose directions hold u
 * (a flank's circle standing for it all round would lift the face 3.9 mm higher at the nose).
 * On the nose the contact force k (e cos ψ + r_n) − m e w² cos ψ is least at its tip once
 * m w² > k: the follower leaves there once w passes w_j = sqrt(k (e + r_n)/(m e)). */
static void arc_cam(void)
{
  const double rb = 0.02, rn = 0.007, e = 0.015, rho = 0.05, w0 = 70.0, alpha = 5.0;
  const double k = 2000.0, mf = 0.5, wj = sqrt(k * (e + rn) / (mf * e)), turn = 2 * M_PI / wj;
  const double A = rho - rb, B = rho - rn, cx = (A * A - B * B + e * e) / (2 * e);
  const double cy = sqrt(A * A - cx * cx); /* the upper flank's centre (cx, −cy) */
  const double t1[2] = {-rb / A * cx, rb / A * cy}; /* base–flank, on the line through O */
  const double t2[2] = {cx + rho / B * (e - cx), -cy + rho / B * cy}; /* flank–nose */
  cs_model *mod = load_model("models/cam_circular_arc.json");
  track tr = {0, calloc(ROWS, sizeof(double)), 0};
  cs_energy en;
  cs_sim *s = run_books(mod, 1.6, record, &tr, "circular-arc cam", &en);
  const double t_sep = first_separation(s);
  /* the support function: base, nose, the flanks (centre, radius, directions) */
  const double arc[4][3] = {{0, 0, rb}, {e, 0, rn}, {cx, -cy, rho}, {cx, cy, rho}};
  const double edge = atan2(t2[1] + cy, t2[0] - cx), end = atan2(t1[1] + cy, t1[0] - cx);
  double worst = 0.0, top = 0.0;
  for (int i = 0; i < tr.n && i * 1e-4 < t_sep; i++) {
    const double t = i * 1e-4, th = w0 * t + 0.5 * alpha * t * t, u[2] = {sin(th), cos(th)};
    const double a = atan2(u[1], u[0]);
    double h = 0.0;
    for (int c = 0; c < 4; c++) {
      const double f = c == 2 ? a : -a; /* a flank's directions: [edge, end], mirrored */
      const int in = c == 0 ? fabs(a) >= end : c == 1 ? fabs(a) <= edge : f >= edge && f <= end;
      if (in)
        h = arc[c][0] * u[0] + arc[c][1] * u[1] + arc[c][2];
    }
    worst = fmax(worst, fabs(tr.y[i] - h));
    top = fmax(top, tr.y[i]);
  }
  const double w = w0 + alpha * t_sep, th = w0 * t_sep + 0.5 * alpha * t_sep * t_sep;
  const double tip = remainder(th - 0.5 * M_PI, 2.0 * M_PI); /* from the nose's tip up */
  printf("circular-arc cam under a flat face: until the jump the lift off the cam's support "
         "function by at most %.3g m, the largest %.7f m (e + r_n %.7f m); w_j = %.4f rad/s "
         "closed form, the follower leaves at t = %.5f s, w = %.4f rad/s (%+.3f %%), %.1f deg "
         "past the nose's tip\n", worst, top, e + rn, wj, t_sep, w, 100.0 * (w / wj - 1.0),
         tip * 180.0 / M_PI);
  /* 5e-6 m: the contact's depth (F/K)^(2/3), 4.3e-6 m under the nose's m e w² + k (e + r_n)
   * = 88 N at 77 rad/s (a flank's circle all round: 3.9 mm) */
  CHECK(t_sep > 1.0 && worst < 5e-6, "the face follows the cam's support function (%.3g m)",
        worst);
  CHECK(fabs(top - (e + rn)) < 5e-6, "it lifts to e + r_n at the nose (%.7f m)", top);
  CHECK(w >= wj * (1.0 - 1e-3) && w <= wj + alpha * turn * 1.1,
        "the jump within the turn after w_j (%.4f, %.4f … %.4f)", w, wj, wj + alpha * turn);
  CHECK(fabs(tip) < 0.35, "the jump at the nose's tip (%.3g rad past it)", tip);
  free(tr.y);
  cs_sim_free(s);
  cs_model_free(mod);
}

/* The same cam under lankarani_nikravesh's stiffness, 4/3 E* √R: where the contact passes
 * between a flank (ρ 50 mm) and the base (20 mm) or the nose (7 mm) at the flank's window
 * edge the stiffness steps, and with it the potential. The run says so, with the steps'
 * size; under power_law's K (the shipped model) nothing steps and nothing is said. */
static void arc_cam_radius_law(void)
{
  const cs_override ln = {"/clearance_joints/0/contact/elastic",
                          "{\"model\": \"lankarani_nikravesh\"}"};
  for (int k = 0; k < 2; k++) {
    cs_model *mod;
    cs_error err;
    cs_status st = cs_model_load_file_overrides("models/cam_circular_arc.json", NULL, &ln, k,
                                                NULL, &mod, &err);
    CHECK(st == CS_OK, "circular-arc cam: loads (%s)", st ? err.message : "");
    if (st)
      return;
    cs_energy en;
    cs_sim *s = run_books(mod, 0.3, NULL, NULL, "circular-arc cam", &en);
    const char *w = cs_sim_warnings(s), *said = strstr(w, "its potential stepped there");
    printf("circular-arc cam, %s: %s\n", k ? "lankarani_nikravesh" : "power_law",
           said ? w : "no step said");
    CHECK(k ? said != NULL : said == NULL, "%s: the step %s", k ? "L-N" : "power_law",
          k ? "said" : "not said");
    cs_sim_free(s);
    cs_model_free(mod);
  }
}

/* A body dropped 7 mm into a V notch (faces at 30°, cut at the vertex into two walls, each
 * of which sees a point only 1.08 mm deep: past that it is the other wall's), undamped, under
 * both formulations: a sharp rhombus, a lens (its arcs' circles crossing it, windowed) and a
 * follower circle (each of its pins one wall's, on one point: the nearest wall bounds them).
 * Its corners reach the faces at 0.4 m/s; a step across the 1.08 mm band finds them outside
 * at both ends, and both had fallen through the V in free flight (7 explicit steps, 45 of
 * IDAS's). It lands, stays above the vertex, and keeps its books. */
static double v_drop(const char *outline, const char *formulation, int *events, double *low)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"V drop\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"g\", "
           "\"ground\": true}, {\"name\": \"b\", \"mass\": 1, \"inertia\": 2.5e-4, "
           "\"position\": [0.004, 0.03, 0.3]}], \"clearance_joints\": [{\"name\": \"J\", "
           "\"type\": \"profile\", \"body1\": \"g\", \"body2\": \"b\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"power_law\", \"K\": 1e9, \"n\": 1.5}, "
           "\"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, \"profile\": {\"path\": "
           "[[-0.1, 0.0577], [0, 0], [0.1, 0.0577]], \"solid\": \"right\"}, %s}], "
           "\"solver\": {\"formulation\": \"%s\", \"t_end\": 0.3, \"rtol\": 1e-10, \"atol\": "
           "1e-14}, \"output\": {\"interval\": 1e-4}}", outline, formulation);
  cs_model *mod = load_model_string(json, "<V drop>");
  track tr = {0, calloc(ROWS, sizeof(double)), 1};
  cs_energy en;
  cs_sim *s = run_books(mod, 0.3, record, &tr, formulation, &en);
  *events = cs_sim_event_count(s);
  *low = INFINITY;
  for (int i = 0; i < tr.n; i++)
    *low = fmin(*low, tr.y[i]);
  free(tr.y);
  cs_sim_free(s);
  cs_model_free(mod);
  return fabs(en.balance_error) / (m * g * 0.03);
}

static void dropped_into_v(void)
{
  const char *what[3] = {"rhombus", "lens", "follower circle (3 mm)"};
  const char *outline[3] = {"\"follower\": {\"path\": [[0.03, 0], [0, 0.01], [-0.03, 0], "
                            "[0, -0.01]], \"closed\": true, \"solid\": \"left\"}",
                            "\"follower\": " LENS, "\"pin_radius\": 0.003"};
  const char *form[2] = {"auto", "ggl"};
  for (int k = 0; k < 3; k++)
    for (int f = 0; f < 2; f++) {
      int events;
      double low, b = v_drop(outline[k], form[f], &events, &low);
      printf("%s dropped into a V notch (%s): %d contacts, its centre never below %.5f m, "
             "balance error %.3g of m g (30 mm)\n", what[k], form[f], events, low, b);
      /* the lowest a body resting in the V can sit: the 3 mm circle's centre 6 mm above the
       * vertex (r/sin 30°), less its depth; fallen through, it is below the vertex */
      CHECK(events > 0 && low > 0.005, "%s (%s): lands in the V, above its vertex (%d "
            "contacts, %.4g m)", what[k], form[f], events, low);
      /* rtol 1e-10: the books within 1e-6 of m g h (ggl's 1e-9 the larger) */
      CHECK(b < 1e-6, "%s (%s): the books close (%.3g)", what[k], form[f], b);
    }
}

/* ---------------------------------------------------------------- bad input -------------- */

static void refused(const char *joint_keys, const char *want)
{
  char json[4096];
  snprintf(json, sizeof json,
           "{\"name\": \"bad\", \"bodies\": [{\"name\": \"g\", \"ground\": true}, {\"name\": "
           "\"f\", \"mass\": 1, \"inertia\": 1e-4}], \"clearance_joints\": [{\"name\": \"J\", "
           "\"type\": \"profile\", \"body1\": \"g\", \"body2\": \"f\", \"length\": 0.01, "
           "\"materials\": [{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], "
           "\"contact\": {\"elastic\": {\"model\": \"lankarani_nikravesh\"}, \"damping\": "
           "{\"model\": \"kelvin_voigt\", \"c\": 0}}, %s}]}", joint_keys);
  cs_model *mod = NULL;
  cs_error err;
  cs_status st = cs_model_load_string(json, "<bad>", NULL, &mod, &err);
  CHECK(st == CS_ERR_INPUT && strstr(err.message, want), "refused: want \"%s\", got \"%s\"",
        want, st ? err.message : "(loaded)");
  cs_model_free(mod);
}

static void bad_input(void)
{
  refused("\"pin_radius\": 0.01, \"profile\": " FLAT ", \"follower\": " CIRCLE,
          "<bad>: /clearance_joints/0/pin_radius: expected no \"pin_radius\" with a "
          "\"follower\" outline");
  refused("\"point2\": [0, 0], \"profile\": " FLAT ", \"follower\": " CIRCLE,
          "<bad>: /clearance_joints/0/point2: expected no \"point2\" with a \"follower\"");
  refused("\"profile\": " FLAT ", \"follower\": {\"path\": [], \"solid\": \"left\"}",
          "<bad>: /clearance_joints/0/follower/path: expected a start point and at least one "
          "step, got 0 elements");
  refused("\"profile\": " FLAT ", \"follower\": {\"spline\": [[0, 0], [1, 0], [1, 1], [0, 1]], "
          "\"solid\": \"left\"}", "<bad>: /clearance_joints/0/follower/spline: expected a "
          "follower outline as a path of segments and arcs");
  refused("\"profile\": " FLAT ", \"follower\": {\"path\": [[-0.01, 0], [0.01, 0]], \"solid\": "
          "\"left\"}", "<bad>: /clearance_joints/0/follower: neither the follower nor the walls "
          "have a convex arc or corner");
  refused("\"profile\": " FLAT ", \"follower\": {\"path\": [[0, 0], [0.01, 0], [0, 0.01]], "
          "\"closed\": true, \"solid\": \"left\"}", "<bad>: /clearance_joints/0/contact: "
          "contact pair 0 (follower corner (0.01, 0) on wall 0, of radius 0 m, region flat): "
          "lankarani_nikravesh: needs the radius R1 of body 1 > 0");
  refused("\"profile\": " FLAT ", \"follower\": {\"path\": [[0, 0], [0.01, 0]], \"solid\": "
          "\"up\"}", "<bad>: /clearance_joints/0/follower/solid: expected one of");
  /* arcs whose circles stand out of their own outline past their ends hand their contact on
   * at their ends to a corner or an arc: a quarter circle met tangentially by straight
   * pieces (its circle crossing the bottom face), a wall's semicircle ending open */
  refused("\"profile\": " FLAT ", \"follower\": {\"path\": [[0.02, -0.01], [0.02, 0], "
          "{\"arc_to\": [0, 0.02], \"centre\": [0, 0], \"turn\": \"ccw\"}, [-0.02, 0.02], "
          "[-0.02, -0.01]], \"closed\": true, \"solid\": \"left\"}",
          "<bad>: /clearance_joints/0/follower: the follower's convex arc about (0, 0) m, radius "
          "0.02 m (body2's frame): its circle crosses its own outline, so it is the pin only "
          "over the arc's own directions and hands the contact on at its ends to a corner or an "
          "arc beside it; its end at (0.02, 0) m meets a straight piece");
  refused("\"profile\": {\"path\": [[0.02, 0], {\"arc_to\": [-0.02, 0], \"centre\": [0, 0], "
          "\"turn\": \"ccw\"}, [0, 0]], \"solid\": \"left\"}, \"follower\": " CIRCLE,
          "<bad>: /clearance_joints/0/profile: a wall's convex arc about (0, 0) m, radius 0.02 m "
          "(body1's frame): its circle crosses its own wall, so it is the pin only over the "
          "arc's own directions and hands the contact on at its ends to a corner or an arc "
          "beside it; its end at (0.02, 0) m meets an open end");
  /* a D in a bore: its arc and its corners may touch the bore at once, which its directions
   * do not tell apart (the circle's contact and a corner's, at two places) */
  refused("\"profile\": {\"path\": [[0.0205, 0], {\"arc_to\": [0.0205, 0], \"centre\": [0, 0], "
          "\"turn\": \"ccw\"}], \"solid\": \"right\"}, \"follower\": {\"path\": [[0.02, 0], "
          "{\"arc_to\": [-0.02, 0], \"centre\": [0, 0], \"turn\": \"ccw\"}], \"closed\": true, "
          "\"solid\": \"left\"}", "<bad>: /clearance_joints/0/follower: the follower's convex arc "
          "about (0, 0) m, radius 0.02 m (body2's frame): its circle crosses its own outline, so "
          "it is the pin only over the arc's own directions, which tells one contact from "
          "another only against a side that does not curve round it; the wall it meets has a "
          "concave arc of radius 0.0205 m");
}

int main(void)
{
  d_resting();
  lens();
  arc_cam();
  arc_cam_radius_law();
  dropped_into_v();
  bad_input();
  jacobians();
  resting();
  arc_on_arc();
  circle_in_halves(0.0);
  circle_in_halves(1e-9);
  corner_on_arc();
  notch_on_apex();
  corner_in_notch();
  corner_tumbling_in_notch();
  sliding();
  duality();
  face_on_spline();
  face_ends();
  tumbling();
  return cs_test_finish();
}
