/*
 * cs_impact.h — the single-impact problem (internal): the object of cs_impact_problem.c, which
 * the impact loader and cs_impact_create (cs_loader_impact.c) fill and cs_impact.c integrates.
 */
#ifndef CS_IMPACT_H
#define CS_IMPACT_H

#include "clearsim.h"
#include "cs_clearance_spec.h" /* cs_contact_model */

struct cs_impact {
  char *name;
  char *description;
  char *json;        /* the input verbatim, or the JSON equivalent of a coded impact */
  char *output_file; /* "" for none */
  cs_contact_geometry geometry; /* materials and masses included */
  cs_contact_model contact;
  double velocity;   /* v0 > 0, m/s */
  cs_impact_settings settings;
  cs_interrupt_fn interrupt; /* cs_impact_set_interrupt; NULL: never */
  void *interrupt_user;
};

cs_impact *cs_impact_alloc(void);

/* Check what a loader or cs_impact_create filled that the JSON checks do not reach: the laws
 * can be made for this geometry (their own checks), m* > 0. Messages start with `where`. */
cs_status cs_impact_check(const cs_impact *impact, const char *where, cs_error *err);

#endif
