/* Long runs at the files' own tolerances: the clearance slider-crank
 * (models/slider_crank_clearance.json) to 1 s, 83 crank turns at 5000 r/min, and the 300 r/min
 * clearance slider-cranks of 001 (models/liu2022_constant_cr.json,
 * models/liu2022_yield_strength.json) to 4 s, 20 turns. Each must complete and keep its energy
 * books: the worst balance error over the output instants, relative to the energy scale (the
 * largest |kinetic| + |potential| + strain seen), below a bound scaled from its two-turn run. */
#include "cs_test.h"
#include "cs_test_books.h"
#include "cs_test_models.h"

#include <math.h>

/* Sanitized builds run 5-10x slower and look for memory errors, not drift: a quarter of each
 * span there (still 20 and 5 turns, through many contacts). */
static double span(double t) { return CS_TEST_SANITIZED ? 0.25 * t : t; }

static void long_run(const char *path, double t, double bound)
{
  cs_model *m = load_model(path);
  books_run r = books_advance(m, t);
  double ratio = books_ratio(&r);
  printf("%-36s to %g s: %s at t = %.6g s, %ld steps, %.1f s wall; balance error %.3e J of "
         "%.3g J = %.2e (bound %.0e)\n",
         path, t, r.status ? "FAILED" : "complete", r.t, r.stats.steps, r.stats.wall_time,
         r.books.worst, r.books.scale, ratio, bound);
  CHECK(r.status == CS_OK, "%s runs to %g s: %s", path, t, r.status ? r.err.message : "");
  CHECK(ratio <= bound, "%s: balance error %.3g of the energy scale <= %.3g", path, ratio,
        bound);
  cs_model_free(m);
}

int main(void)
{
  /* Two turns at the file's rtol 1e-8, atol 1e-11 balance to 3.6e-7 of the energy scale
   * (176 J). Local errors that add up linearly over 83 turns give 42 times that, 1.5e-5:
   * bound 2e-4, ten times more, so only a drift that grows faster than the run (or a blow-up)
   * fails. */
  long_run("models/slider_crank_clearance.json", span(1.0), 2e-4);
  /* Two turns (0.4 s) balance to 2.3e-10 (constant c_r, the file's rtol 1e-11, atol 1e-14) and
   * 6.8e-8 (yield strength, rtol 1e-9, atol 1e-12) of 0.76 J; ten times the span, linear
   * growth: 2.3e-9 and 6.8e-7; bounds ten times more. */
  long_run("models/liu2022_constant_cr.json", span(4.0), 3e-8);
  long_run("models/liu2022_yield_strength.json", span(4.0), 1e-5);
  return cs_test_finish();
}
