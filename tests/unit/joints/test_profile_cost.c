/* What a profile pair costs (joints/clearance/clearance_profile.c): a follower far from a
 * profile costs one distance to the profile's bounding circle, whatever its pieces; near it,
 * the features whose bounding circles are nearer than the best so far. The far gap stays
 * below −size and above the true one (only its sign reaches the roots). A pendulum with a
 * profile pair it never touches runs as without it. */
#include "cs_clearance.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <float.h>
#include <math.h>
#include <time.h>

/* A saw-tooth floor of n segments between x = 0 and 2 m (teeth 5 mm high), solid below. */
static cs_profile *saw(int n)
{
  cs_path_step *st = calloc((size_t)n, sizeof *st);
  double start[2] = {0.0, 0.0};
  for (int i = 0; i < n; i++)
    st[i].to[0] = 2.0 * (i + 1) / n, st[i].to[1] = i % 2 ? 0.0 : 0.005;
  char why[256];
  int bad;
  cs_profile *p = cs_profile_build(start, st, n, 0, 0, 0.01, why, sizeof why, &bad);
  CHECK(p != NULL, "saw of %d: builds (%s)", n, p ? "" : why);
  free(st);
  return p;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Seconds per gap at x, the best of 5 rounds of `reps`. */
static double per_gap(const cs_clearance *c, const double x[2], int reps, double *delta)
{
  double best = INFINITY, sum = 0.0;
  for (int round = 0; round < 5; round++) {
    double t0 = now();
    for (int i = 0; i < reps; i++) {
      cs_gap g;
      double y[2] = {x[0] + 1e-9 * (i & 7), x[1]}; /* not hoisted out of the loop */
      cs_clearance_gap(c, y, &g);
      sum += g.delta;
    }
    best = fmin(best, (now() - t0) / reps);
  }
  cs_gap g;
  cs_clearance_gap(c, x, &g);
  *delta = g.delta + 0.0 * sum;
  return best;
}

static void gap_cost(void)
{
  const int sizes[2] = {4, 400};
  double far[2], near[2];
  for (int k = 0; k < 2; k++) {
    cs_clearance c = {.kind = CS_CLEARANCE_PROFILE, .pin_radius = 0.01, .profile = saw(sizes[k])};
    if (!c.profile)
      return;
    const double x_far[2] = {1.0, 3.0}, x_near[2] = {1.0, 0.0151};
    double d_far, d_near;
    far[k] = per_gap(&c, x_far, 200000, &d_far);
    near[k] = per_gap(&c, x_near, 20000, &d_near);
    cs_profile_hit hit;
    cs_profile_nearest(c.profile, x_far, &hit);
    double exact = c.pin_radius - hit.d;
    printf("saw of %3d pieces (%3d features): far %.1f ns per gap (δ %.4f m, exact %.4f m), "
           "near %.1f ns\n", sizes[k], c.profile->n, 1e9 * far[k], d_far, exact, 1e9 * near[k]);
    CHECK(d_far < -c.profile->size && d_far >= exact,
          "saw of %d: the far gap %.4g below −size %.3g and above the exact %.4g", sizes[k],
          d_far, -c.profile->size, exact);
    CHECK(fabs(d_near - (0.01 - (0.0151 - 0.0025))) < 1e-12 || d_near < 0.0,
          "saw of %d: near gap %.6g", sizes[k], d_near);
    /* one distance whatever the pieces: the far gap is the bounding circle's (the times are
     * printed, not asserted: a test does not time) */
    const cs_profile *p = c.profile;
    double circle = c.pin_radius - (hypot(x_far[0] - p->bc[0], x_far[1] - p->bc[1]) - p->br);
    CHECK(fabs(d_far - circle) < 1e-15, "saw of %d: the far gap is the bounding circle's "
          "(%.17g, %.17g)", sizes[k], d_far, circle);
    cs_profile_free(c.profile);
  }
  printf("far gaps: %.1f ns with 400 pieces, %.1f ns with 4\n", 1e9 * far[1], 1e9 * far[0]);
}

/* The walls' far test (cs_profile_reach) over a 200-piece saw cut into 100 walls: where it
 * says far, every wall's true gap is below −size and below the reported one (a bound, as a
 * wall's own far gap is); where it does not, some wall's bounding circle is within reach. */
static void walls_reach(void)
{
  enum { N = 200 };
  cs_path_step st[N] = {{0}};
  double start[2] = {0.0, 0.0};
  for (int i = 0; i < N; i++)
    st[i].to[0] = 2.0 * (i + 1) / N, st[i].to[1] = i % 2 ? 0.0 : 0.005;
  char why[256];
  int bad;
  const double rp = 0.01;
  cs_profile *p = cs_profile_build(start, st, N, 0, 0, rp, why, sizeof why, &bad);
  p = p ? cs_profile_split(p, start, st, N, 0, rp, why, sizeof why, &bad) : NULL;
  CHECK(p && cs_profile_index(p) == 0, "saw walls: built and indexed (%s)", p ? "" : why);
  if (!p)
    return;
  cs_clearance c = {.kind = CS_CLEARANCE_PROFILE, .pin_radius = rp, .profile = p};
  double size = 0.0;
  for (int k = 0; k < p->nwall; k++)
    size = fmax(size, p->wall[k]->size);
  int far = 0, near = 0, wrong = 0;
  for (int a = 0; a <= 120; a++)
    for (int b = 0; b <= 60; b++) {
      double x[2] = {-0.5 + 3.0 * a / 120, -0.3 + 0.6 * b / 60}, best = INFINITY;
      cs_gap g, w;
      if (cs_profile_reach(p, x, rp, &g)) {
        far++;
        cs_clearance_pin_gap(&c, 37, x, &w); /* a wall's gap is the reach's */
        wrong += !(g.delta < -size) || w.delta != g.delta;
        for (int k = 0; k < p->nwall; k++) {
          cs_profile_gap_on(p->wall[k], rp, x, &w);
          /* (to round-off on the points' scale: a node's circle round one wall is that
           * wall's, recomputed) */
          wrong += !(w.delta <= g.delta + 64 * DBL_EPSILON * (fabs(x[0]) + fabs(x[1]) + p->br));
        }
      } else {
        near++;
        for (int k = 0; k < p->nwall; k++)
          best = fmin(best, hypot(x[0] - p->wall[k]->bc[0], x[1] - p->wall[k]->bc[1]) -
                                p->wall[k]->br);
        wrong += !(best - rp <= size * (1.0 + 1e-12));
      }
    }
  printf("saw of %d pieces in %d walls: %d points far from every wall, %d near one\n", N,
         p->nwall, far, near);
  CHECK(p->nwall == N / 2, "the saw is %d walls (%d)", N / 2, p->nwall);
  CHECK(far > 1000 && near > 200, "both sides sampled (%d far, %d near)", far, near);
  CHECK(wrong == 0, "the walls' far test agrees with every wall's gap (%d wrong)", wrong);
  cs_profile_free(p);
}

#define PENDULUM                                                                               \
  "{\"name\": \"pendulum\", \"gravity\": [0, -9.81], \"bodies\": [{\"name\": \"ground\", "     \
  "\"ground\": true}, {\"name\": \"bob\", \"mass\": 1.0, \"inertia\": %g, \"position\": "      \
  "[1.0, 0.0, 0.0]}], \"joints\": [{\"name\": \"pivot\", \"type\": \"revolute\", \"body1\": "  \
  "\"ground\", \"body2\": \"bob\", \"point1\": [0, 0], \"point2\": [-1.0, 0]}], "               \
  "\"solver\": {\"formulation\": \"%s\", \"t_end\": 10.0, \"rtol\": 1e-8, \"atol\": 1e-10}%s}"
/* a saw of 200 teeth 3 m below the pivot: the bob swings 1 m above it */
#define FAR_PAIR                                                                               \
  ", \"clearance_joints\": [{\"name\": \"floor\", \"type\": \"profile\", \"body1\": "          \
  "\"ground\", \"body2\": \"bob\", \"pin_radius\": 0.01, \"length\": 0.01, \"materials\": "     \
  "[{\"E\": 2e11, \"nu\": 0.3}, {\"E\": 2e11, \"nu\": 0.3}], \"contact\": {\"elastic\": "       \
  "{\"model\": \"lankarani_nikravesh\"}, \"damping\": {\"model\": \"kelvin_voigt\", \"c\": 0}}, "             \
  "\"profile\": {\"path\": [%s], \"solid\": \"right\"}}]"

static void pendulum_run(const char *formulation, double inertia, const char *extra,
                         cs_stats *st, double q[3])
{
  char json[32768];
  snprintf(json, sizeof json, PENDULUM, inertia, formulation, extra);
  cs_model *m = load_model_string(json, "<pendulum>");
  cs_sim *s = start(m);
  cs_error err;
  CHECK(cs_sim_advance(s, 10.0, &err) == CS_OK, "pendulum runs");
  cs_sim_stats(s, st);
  cs_sim_body_position(s, 1, q);
  cs_sim_free(s);
  cs_model_free(m);
}

/* The pendulum alone and with the saw floor, under `formulation` (a point bob, inertia 0:
 * IDAS; else the projected path too). */
static void pendulum(const char *formulation, double inertia)
{
  char path[16384], pair[20000];
  int len = snprintf(path, sizeof path, "[-2, -3]");
  for (int i = 1; i <= 200; i++)
    len += snprintf(path + len, sizeof path - len, ", [%g, %g]", -2.0 + 0.02 * i,
                    i % 2 ? -2.995 : -3.0);
  snprintf(pair, sizeof pair, FAR_PAIR, path);
  cs_stats a, b;
  double qa[3], qb[3];
  pendulum_run(formulation, inertia, "", &a, qa);
  pendulum_run(formulation, inertia, pair, &b, qb);
  double apart = hypot(qa[0] - qb[0], qa[1] - qb[1]);
  printf("pendulum 10 s, %s: %ld steps, %ld residuals, %.2f ms alone; %ld steps, %ld residuals, "
         "%.2f ms with a 200-segment profile it never touches; ends %.2e m apart, %ld events\n",
         formulation, a.steps, a.residual_evals, 1e3 * a.wall_time, b.steps, b.residual_evals,
         1e3 * b.wall_time, apart, b.root_events);
  CHECK(b.root_events == 0, "never touching: no events (%ld)", b.root_events);
  CHECK(b.steps <= a.steps + a.steps / 10, "never touching: the steps as alone (%ld, %ld)",
        b.steps, a.steps);
  CHECK(apart < 1e-5, "never touching: the same motion (%.3g m)", apart);
}

int main(void)
{
  gap_cost();
  walls_reach();
  pendulum("auto", 0.0);
  pendulum("projected", 1e-3);
  return cs_test_finish();
}
