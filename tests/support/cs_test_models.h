/* cs_test_models.h — loading the models of models/ in tests, with settings overridden where a
 * test needs them (internal struct: tests may look inside). */
#ifndef CS_TEST_MODELS_H
#define CS_TEST_MODELS_H

#include "clearsim.h"
#include "cs_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static inline cs_model *load_model(const char *path)
{
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_file(path, NULL, &m, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return m;
}

/* A model from JSON text (origin names it in messages), or die with the message. */
static inline cs_model *load_model_string(const char *json, const char *origin)
{
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_string(json, origin, NULL, &m, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return m;
}

/* Create a simulation or die with the message: tests of physics need one. */
static inline cs_sim *start(const cs_model *m)
{
  cs_sim *s = NULL;
  cs_error err;
  if (cs_sim_create(m, &s, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return s;
}

/* Run m to its end through cs_run, recording every output row in *rows (the caller frees it and
 * the simulation) and writing `h5` (NULL: no file), or die with the message. */
static inline cs_sim *run_recorded(cs_model *m, const char *h5, cs_rows **rows)
{
  *rows = cs_rows_new(m);
  cs_run_options o = {h5 ? h5 : "", 0, cs_rows_output, *rows, NULL, NULL};
  cs_sim *s = NULL;
  cs_error err;
  if (cs_run(m, &o, &s, &err)) {
    printf("FATAL: %s\n", err.message);
    exit(2);
  }
  return s;
}

/* When the run's first contact that has ended ended (its t_off), NAN if none has. */
static inline double first_separation(const cs_sim *s)
{
  for (int i = 0; i < cs_sim_event_count(s); i++) {
    cs_contact_event ev;
    cs_sim_event(s, i, &ev);
    if (!isnan(ev.t_off))
      return ev.t_off;
  }
  return NAN;
}

/* An output callback (cs_sim_set_output): the worst |energy balance error| over the rows so
 * far into *(double *)user. */
static inline int worst_balance(const cs_sim *s, void *user)
{
  cs_energy e;
  cs_sim_energy(s, &e);
  double *worst = user;
  if (fabs(e.balance_error) > *worst)
    *worst = fabs(e.balance_error);
  return 0;
}

#endif
