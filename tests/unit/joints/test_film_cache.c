/* The summary of the worn profile the gap sees (joints/tribology/cs_wear.h: applied_worn, kink_ahead),
 * kept where the profile changes for the film of a worn bearing (clearance_film.c), against a
 * scan of the profile written here:
 * - unworn: nothing worn, no kinks;
 * - as the wear grows and the gap takes it (cs_wear_step), and from an initial profile (a
 *   groove, whose weights decay geometrically all round): every node's next kink the scan's
 *   from anywhere over three turns, and the film finite at journal positions around the bore.
 * (Against the film before the summary, which scanned the profile at every call: every dataset
 * of journal_wear.json, slot_wear.json and ten lubricated worn bearings bit for bit.) */
#include "cs_film.h"
#include "cs_test.h"
#include "cs_test_models.h"

#include <math.h>
#include <string.h>

static const double R = 0.01, L = 0.02;

/* The first node k in [from, end) (node k mod bins) where the weights' fourth difference
 * (c_{i-2} - 4c_{i-1} + 6c_i - 4c_{i+1} + c_{i+2}) exceeds 1e-9 of the deepest weight. */
static long scan_next_kink(const cs_wear *w, long from, long end)
{
  const int n = w->bins;
  double deepest = 0.0;
  for (int i = 0; i < n; i++)
    deepest = fmax(deepest, fabs(w->applied[i]));
  for (long k = from; k < end; k++) {
    int i = (int)(((k % n) + n) % n);
    double c[5];
    for (int j = 0; j < 5; j++)
      c[j] = w->applied[(i + j - 2 + 2 * n) % n];
    if (fabs(c[0] - 4 * c[1] + 6 * c[2] - 4 * c[3] + c[4]) > 1e-9 * deepest)
      return k;
  }
  return end;
}

static int scan_worn(const cs_wear *w)
{
  for (int i = 0; i < w->bins; i++)
    if (w->applied[i] != 0.0)
      return 1;
  return 0;
}

/* The kept summary against the scan: the next kink from every node over three turns, up to
 * ends near and far; the film at journal positions around the bore, both bearings. */
static void compare(const cs_wear *w, double c, const char *label)
{
  int n = w->bins, kinks = 0, differ = 0;
  for (long from = -n; from < 2L * n; from++) {
    static const long spans[] = {0, 1, 3, 15, 400, 1000};
    for (size_t j = 0; j < sizeof spans / sizeof *spans; j++)
      differ += cs_wear_next_kink(w, from, from + spans[j]) !=
                scan_next_kink(w, from, from + spans[j]);
    kinks += from >= 0 && from < n && scan_next_kink(w, from, from + 1) == from;
  }
  CHECK(differ == 0, "%s: the next kink as the scan finds it (%d differ)", label, differ);
  CHECK(cs_wear_applied_worn(w) == scan_worn(w), "%s: worn as the scan says", label);
  const double e[][2] = {{15e-6, 5e-6}, {2e-6, -0.95 * c}, {-20e-6, 30e-6}, {1e-6, -1.3 * c}};
  const double rate[2] = {1e-5, -2e-5};
  int films = 0, finite = 0;
  for (int model = 0; model < 2; model++) {
    cs_lubrication lub = {model ? CS_FILM_LONG_BEARING : CS_FILM_SHORT_BEARING, 0.05, 0.5e-6};
    for (size_t i = 0; i < sizeof e / sizeof *e; i++, films++) {
      cs_film f;
      cs_film_eval_worn(&lub, R, L, c, w, e[i], rate, 200.0, &f);
      finite += isfinite(f.force[0]) && isfinite(f.force[1]);
    }
  }
  printf("%s: worn %d, %d kinks of %d nodes; film finite in %d of %d\n", label,
         cs_wear_applied_worn(w), kinks, n, finite, films);
  CHECK(finite == films, "%s: the film is finite", label);
}

int main(void)
{
  cs_model *m = load_model("models/journal_wear.json");
  double c = cs_model_clearance_size(m, 0);
  cs_wear w;
  if (cs_wear_init(&w, &m->clearances[0], c)) {
    printf("FATAL: out of memory\n");
    return 2;
  }
  CHECK(w.kink_ahead && !w.applied_worn, "unworn: summed up, nothing worn");
  CHECK(cs_wear_next_kink(&w, 0, 10 * w.bins) == 10 * w.bins, "unworn: no kinks");
  compare(&w, c, "unworn");
  /* the contact pressed at the bottom, creeping round: the gap takes the profile now and then */
  double Rb = m->clearances[0].hole_radius;
  int taken = 0;
  for (int k = 1; k <= 4000 && taken < 3; k++) {
    double s = Rb * (1.5 * M_PI + 0.02 * taken) + 1e-5 * (k % 7);
    if (cs_wear_step(&w, 0.05 * k, s, 0, 100.0, 0.1)) {
      char label[64];
      snprintf(label, sizeof label, "taken %d at t %.2f s", ++taken, 0.05 * k);
      compare(&w, c, label);
    }
  }
  CHECK(taken == 3, "the gap took the growing profile three times (%d)", taken);
  cs_wear_free(&w);
  CHECK(!w.kink_ahead && !w.depth, "freed");
  /* a groove read as an initial profile: weights solved for, decaying all round */
  cs_wear_spec *spec = &m->clearances[0].wear;
  spec->initial = calloc((size_t)spec->bins, sizeof *spec->initial);
  for (int i = 0; spec->initial && i < spec->bins; i++) {
    double th = remainder(2 * M_PI * i / spec->bins + M_PI / 2, 2 * M_PI);
    spec->initial[i] = 3e-6 * exp(-th * th / (2 * 0.1 * 0.1));
  }
  if (!spec->initial || cs_wear_init(&w, &m->clearances[0], c)) {
    printf("FATAL: out of memory\n");
    return 2;
  }
  compare(&w, c, "initial groove");
  cs_wear_free(&w);
  cs_model_free(m); /* frees spec->initial */
  return cs_test_finish();
}
