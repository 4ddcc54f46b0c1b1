/*
 * sweep_random.c — the random sweeps' draws (sweep.h "random draws"): the same numbers from the
 * same seed on every machine. xoshiro256** (Blackman and Vigna) over integers is exact
 * everywhere; the conversions to doubles use only IEEE-754 basic operations, sqrt and frexp,
 * which are correctly rounded by the standard, and the logarithm is our own for that reason
 * (libm's log is not required to round the same way everywhere). The sweep files are compiled
 * with -ffp-contract=off so no compiler fuses a multiply and an add differently.
 */
#include <math.h>

#include "sweep.h"

static uint64_t splitmix64(uint64_t *x)
{
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void sweep_rng_seed(sweep_rng *r, uint64_t seed)
{
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sweep_rng_next(sweep_rng *r)
{
  uint64_t *s = r->s;
  uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

double sweep_rng_uniform(sweep_rng *r)
{
  /* the top 53 bits, centred in their interval: never 0, never 1 */
  return ((double)(sweep_rng_next(r) >> 11) + 0.5) * 0x1p-53;
}

/* ln x = e ln 2 + 2 atanh(t), t = (m − 1)/(m + 1), x = m 2^e with m in [√½, √2): |t| < 0.172,
 * and the series to t^27 is below 1e-20 of the sum. */
double sweep_log(double x)
{
  int e;
  double m = frexp(x, &e);
  if (m < 0.70710678118654752) {
    m *= 2.0;
    e -= 1;
  }
  double t = (m - 1.0) / (m + 1.0), t2 = t * t, poly = 0.0;
  for (int k = 13; k >= 0; k--)
    poly = poly * t2 + 1.0 / (2 * k + 1);
  return e * 0.69314718055994531 + 2.0 * t * poly;
}

double sweep_rng_normal(sweep_rng *r)
{
  for (;;) { /* Marsaglia's polar method; the second variate is not kept */
    double u = 2.0 * sweep_rng_uniform(r) - 1.0, v = 2.0 * sweep_rng_uniform(r) - 1.0;
    double s = u * u + v * v;
    if (s < 1.0 && s > 0.0)
      return u * sqrt(-2.0 * sweep_log(s) / s);
  }
}
