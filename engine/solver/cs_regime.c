/*
 * cs_regime.c — the step size each contact regime last ran at (cs_regime.h).
 */
#include "cs_regime.h"

#include <math.h>
#include <stdlib.h>

struct cs_regime {
  int npin;
  cs_regime_open_fn is_open;
  const void *user;
  char *open;    /* which pins were open at the last switch */
  double *h_pin; /* the step as pin i's last contact ended (0: never open) */
  double h_free; /* the largest step of the last free flight (0: none yet) */
};

cs_regime *cs_regime_create(int npin, cs_regime_open_fn open, const void *user)
{
  cs_regime *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->npin = npin, r->is_open = open, r->user = user;
  r->open = calloc((size_t)r->npin + 1, sizeof *r->open);
  r->h_pin = calloc((size_t)r->npin + 1, sizeof *r->h_pin);
  if (!r->open || !r->h_pin) {
    cs_regime_free(r);
    return NULL;
  }
  for (int i = 0; i < r->npin; i++)
    r->open[i] = (char)(open(user, i) != 0);
  return r;
}

void cs_regime_free(cs_regime *r)
{
  if (!r)
    return;
  free(r->open);
  free(r->h_pin);
  free(r);
}

double cs_regime_switch(cs_regime *r, double h, double h_largest)
{
  int any = 0, known = 1;
  for (int i = 0; i < r->npin; i++)
    if (r->open[i])
      r->h_pin[i] = h, any = 1;
  if (!any)
    r->h_free = h_largest;
  double next = INFINITY;
  any = 0;
  for (int i = 0; i < r->npin; i++) {
    r->open[i] = (char)(r->is_open(r->user, i) != 0);
    if (r->open[i]) {
      any = 1;
      known = known && r->h_pin[i] > 0.0;
      next = fmin(next, r->h_pin[i]);
    }
  }
  if (!any)
    next = r->h_free;
  return known && next > 0.0 && isfinite(next) ? next : 0.0;
}
