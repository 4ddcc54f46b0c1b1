/* The energy books converge with the tolerance on every conservative shipped model: the
 * pendulum, double pendulum and free four-bar (gravity only), the ideal slider-crank (driven;
 * the driver's work is on the books and nothing dissipates) and the undamped Hertz ball in its
 * socket (models/ball_socket_hertz.json: Kelvin-Voigt with c = 0). Every other shipped model
 * dissipates through a damping law, friction or rolling resistance, where the books also carry
 * an integrated dissipation; test_robustness covers those.
 *
 * Over each model's t_end, under ggl (the default) at rtol = 1e-6, 1e-8, 1e-10 with
 * atol = rtol/100 (the files' own ratio), the worst balance error over the output instants
 * must shrink by at least 10 at each rung, or already sit at round-off. The ball in its socket
 * starts its ladder at 1e-8: above that its clearance joint's error cap, not rtol, sets the
 * positions' tolerance (engine/solver/cs_sim.c CLEARANCE_SHARE: 3e-6 of the clearance), and the
 * books are the same at 1e-6 and 1e-8 (8.3e-9 and 7.5e-9 J). Index 3 is left out:
 * its velocities are outside the error test (engine/solver/README.md "Error weights") and its books converge
 * like rtol^(2/3) (test_robustness), so a 100x tighter rtol is not a stated factor for it. */
#include "cs_test.h"
#include "cs_test_books.h"
#include "cs_test_models.h"

#include <float.h>
#include <math.h>

static const struct {
  const char *path;
  double rtol0; /* the ladder's first rung; each next 100 times tighter */
} models[] = {{"models/pendulum.json", 1e-6},  {"models/double_pendulum.json", 1e-6},
              {"models/four_bar.json", 1e-6},  {"models/slider_crank.json", 1e-6},
              {"models/ball_socket_hertz.json", 1e-8}};
enum { NRUNG = 3 };

/* A BDF method holding the local error to the tolerance has a global error, and energy books,
 * roughly proportional to it: 100x tighter should give ~100x smaller (measured 16-220x per
 * rung over these models). 10 leaves room for the order and step-size changes that make that
 * proportionality rough. */
static const double min_factor = 10.0;

/* Round-off level of the books: each step adds a rounding of ~DBL_EPSILON of the energies to
 * the sums, which grows like a random walk over the steps; 64 times that is still far below
 * any tolerance on the ladder. */
static double roundoff(const books_run *r)
{
  return 64.0 * DBL_EPSILON * r->books.scale * sqrt((double)r->stats.steps + 1.0);
}

static void converge(const char *path, double rtol0)
{
  books_run r[NRUNG];
  double rtols[NRUNG];
  for (int k = 0; k < NRUNG; k++)
    rtols[k] = rtol0 * pow(1e-2, k);
  for (int k = 0; k < NRUNG; k++) {
    cs_model *m = load_model(path);
    cs_error err;
    cs_model_set_formulation(m, CS_GGL);
    cs_model_set_tolerances(m, rtols[k], rtols[k] / 100.0, &err);
    r[k] = books_advance(m, cs_model_t_end(m));
    printf("%-32s rtol %.0e: %-8s %7ld steps, balance error %.3e J of %.3g J\n", path, rtols[k],
           r[k].status ? "FAILED" : "complete", r[k].stats.steps, r[k].books.worst,
           r[k].books.scale);
    CHECK(r[k].status == CS_OK, "%s rtol %.0e runs to %g s: %s", path, rtols[k],
          cs_model_t_end(m), r[k].status ? r[k].err.message : "");
    cs_model_free(m);
    if (k == 0)
      continue;
    double prev = r[k - 1].books.worst, now = r[k].books.worst, floor = roundoff(&r[k]);
    CHECK(now * min_factor <= prev || now <= floor,
          "%s: rtol %.0e -> %.0e: balance error %.3g -> %.3g J, shrinks %.3g x (want >= %g, or "
          "<= round-off %.3g J)",
          path, rtols[k - 1], rtols[k], prev, now, now > 0 ? prev / now : INFINITY, min_factor,
          floor);
  }
}

int main(void)
{
  for (size_t i = 0; i < sizeof models / sizeof *models; i++)
    converge(models[i].path, models[i].rtol0);
  return cs_test_finish();
}
