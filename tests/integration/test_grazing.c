/*
 * test_grazing.c — a contact that lasts a small part of one integrator step is found.
 *
 * 1. A journal in free flight under gravity inside a fixed bearing (clearance c = 1 mm) follows
 *    the parabola r(t) = r0 + v0 t + ½ g t², whose apex (0, c + ε) at t = T is ε = 2 µm inside
 *    the wall: the journal first recedes from the wall (δ' < 0 at t = 0), passes its closest
 *    approach to the centre, and rises to graze the top of the bearing for about 0.7 ms. The
 *    onset is the first root of |r(t)| = c, solved here by bisection (independent of any
 *    integrator). Under auto, projected and ggl the contact must open there (rtol 1e-9; to
 *    1e-7 relative: IDAS is 2e-8 off), with a force, and no output row may show the journal
 *    inside the wall out of contact. Two ways to run it: the integrator's own first step, and
 *    a first step (solver.initial_step) that spans the whole flight, so that δ' is < 0 at
 *    both its ends and the excursion lies wholly inside it.
 * 2. liu2022_yield_strength under auto and projected to 0.11 s, where one free-flight step of
 *    3.5 ms held a 1.8 ms excursion 5.8 µm into the bearing: no output row inside the wall
 *    out of contact, and a contact within that excursion.
 */
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <stdio.h>

static const double G = 9.81, C = 1e-3, EPS = 2e-6, VX = 0.05, T = 0.016;

typedef struct {
  double worst;   /* the largest δ of a row out of contact (m; −inf: none) */
  int rows;
} watch;

/* Every output row: δ > 0 only with the contact open. */
static int row(const cs_sim *s, void *user)
{
  watch *w = user;
  for (int k = 0; k < cs_sim_model(s)->nclearance; k++) {
    cs_clearance_state st;
    cs_sim_clearance(s, k, &st);
    if (!st.in_contact)
      w->worst = fmax(w->worst, st.penetration);
  }
  w->rows++;
  return 0;
}

static cs_model *journal(const char *formulation, double initial_step)
{
  const double x0 = -VX * T, y0 = C + EPS - 0.5 * G * T * T, vy0 = G * T;
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"grazing\", \"gravity\": [0, %.17g], \"bodies\": [{\"name\": "
           "\"bearing\", \"ground\": true}, {\"name\": \"journal\", \"mass\": 0.1, \"inertia\": "
           "1e-5, \"position\": [%.17g, %.17g, 0], \"velocity\": [%.17g, %.17g, 0]}],"
           "\"clearance_joints\": [{\"name\": \"C\", \"type\": \"revolute\", \"start\": "
           "\"given\", \"body1\": \"bearing\", \"body2\": \"journal\", \"pin_radius\": 0.009, "
           "\"hole_radius\": %.17g, \"length\": 0.01, \"materials\": [{\"E\": 2.07e11, \"nu\": "
           "0.3}, {\"E\": 2.07e11, \"nu\": 0.3}], \"contact\": {\"elastic\": {\"model\": "
           "\"lankarani_nikravesh\"}, \"damping\": {\"model\": \"flores\"}, \"restitution\": "
           "{\"model\": \"constant\", \"cr\": 0.9}}}],"
           "\"solver\": {\"formulation\": \"%s\", \"t_end\": %.17g, \"initial_step\": %.17g, "
           "\"rtol\": 1e-9, \"atol\": 1e-12}, \"output\": {\"interval\": %.17g}}",
           -G, x0, y0, VX, vy0, 0.009 + C, formulation, 1.3 * T, initial_step, T / 400);
  return load_model_string(json, "<grazing journal>");
}

/* |r(t)| − c on the free-flight parabola */
static double gap(double t)
{
  double s = t - T;
  return hypot(VX * s, C + EPS - 0.5 * G * s * s) - C;
}

/* The first onset: δ(0) < 0, and δ(T) = ε > 0 with δ rising through 0 once before T. */
static double onset(void)
{
  double lo = 0.9 * T, hi = T; /* δ(0.9 T) < 0: the graze lasts ±0.35 ms about T */
  for (int i = 0; i < 200; i++) {
    double mid = 0.5 * (lo + hi);
    *(gap(mid) < 0.0 ? &lo : &hi) = mid;
  }
  return 0.5 * (lo + hi);
}

static void grazed(const char *formulation, double initial_step)
{
  const char *how = initial_step > 0 ? "one first step over the flight" : "own steps";
  cs_model *m = journal(formulation, initial_step);
  cs_sim *s = start(m);
  watch w = {-INFINITY, 0};
  cs_sim_set_output(s, row, &w);
  cs_error err;
  CHECK(cs_sim_advance(s, 1.3 * T, &err) == CS_OK, "%s, %s: runs: %s", formulation, how,
        err.message);
  cs_contact_event e = {0, 0, NAN, NAN, 0, 0, 0, 0};
  if (cs_sim_event_count(s) >= 1)
    cs_sim_event(s, 0, &e);
  double t_on = onset();
  printf("%s, %s: %d contact(s), onset %.15g s (parabola %.15g, rel %.1e), force %.4g N, "
         "deepest row out of contact %.3g m\n", formulation, how, cs_sim_event_count(s),
         e.t_on, t_on, fabs(e.t_on / t_on - 1), e.max_force, w.worst);
  CHECK(cs_sim_event_count(s) == 1, "%s, %s: one contact (got %d)", formulation, how,
        cs_sim_event_count(s));
  CHECK_REL(e.t_on, t_on, 1e-7, "onset where the parabola meets δ = 0");
  CHECK(e.max_force > 1.0, "%s, %s: the contact pushes (%g N)", formulation, how, e.max_force);
  CHECK(w.worst <= 0.0, "%s, %s: no row inside the wall out of contact (δ %g m)", formulation,
        how, w.worst);
  cs_sim_free(s);
  cs_model_free(m);
}

static void liu2022(cs_formulation form)
{
  const char *name = cs_formulation_names[form];
  cs_model *m = load_model("models/liu2022_yield_strength.json");
  m->solver.formulation = form;
  cs_sim *s = start(m);
  watch w = {-INFINITY, 0};
  cs_sim_set_output(s, row, &w);
  cs_error err;
  CHECK(cs_sim_advance(s, 0.11, &err) == CS_OK, "liu2022 %s runs: %s", name, err.message);
  int grazes = 0;
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event e;
    cs_sim_event(s, i, &e);
    grazes += e.t_on > 0.0993 && e.t_on < 0.1028 && e.max_force > 0.0;
  }
  printf("liu2022 %s: %d rows, deepest out of contact %.3g m, %d contact(s) in 0.0993-0.1028 s\n",
         name, w.rows, w.worst, grazes);
  CHECK(w.worst <= 0.0, "liu2022 %s: no row inside the wall out of contact (δ %g m)", name,
        w.worst);
  CHECK(grazes >= 1, "liu2022 %s: the graze near 0.1005 s is a contact", name);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  const char *forms[] = {"auto", "projected", "ggl"};
  for (int f = 0; f < 3; f++) {
    grazed(forms[f], 0.0);
    grazed(forms[f], 1.3 * T);
  }
  liu2022(CS_AUTO);
  liu2022(CS_PROJECTED);
  return cs_test_finish();
}
