/* restitution_constant.c — restitution laws that ignore the impact: a user-given constant c_r,
 * and Hertz's purely elastic contact, c_r = 1 (Liu, Chen & Shi 2022 (001) eq. 4). */
#include "cs_law_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct constant_content {
  double cr;
} constant_content;

static const cs_param_spec constant_params[] = {
  {"cr", "-", 0.0, 0.0, 1.0, CS_PARAM_REQUIRED | CS_PARAM_LO_OPEN,
   "coefficient of restitution, the same for every impact"},
};

static cs_status constant_create(const double *params, const cs_contact_geometry *geometry,
                                 void **content, cs_error *err)
{
  (void)geometry;
  /* The loader checks the table's range; an embedding program calling create directly gets
   * the same message. */
  if (!(params[0] > 0.0 && params[0] <= 1.0))
    return cs_fail(err, CS_ERR_INPUT, "restitution \"constant\": cr = %g, expected 0 < cr <= 1",
                   params[0]);
  constant_content *c = malloc(sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "restitution \"constant\": out of memory");
  c->cr = params[0];
  *content = c;
  return CS_OK;
}

static double constant_cr(void *content, const cs_impact_in *in)
{
  (void)in;
  return ((const constant_content *)content)->cr;
}

const cs_law cs_law_restitution_constant = {
  .name = "constant",
  .family = CS_RESTITUTION,
  .summary = "constant coefficient of restitution",
  .source = "Newton's restitution; used as c_r = 0.9 by Liu, Chen & Shi 2022 (001) §4.4",
  .params = constant_params,
  .nparams = CS_NPARAMS(constant_params),
  .create = constant_create,
  .destroy = free,
  .restitution = constant_cr,
};

static cs_status hertz_create(const double *params, const cs_contact_geometry *geometry,
                              void **content, cs_error *err)
{
  (void)params;
  (void)geometry;
  (void)err;
  *content = NULL;
  return CS_OK;
}

static double hertz_cr(void *content, const cs_impact_in *in)
{
  (void)content;
  (void)in;
  return 1.0;
}

const cs_law cs_law_restitution_hertz = {
  .name = "hertz",
  .family = CS_RESTITUTION,
  .summary = "purely elastic impact: no energy lost, c_r = 1",
  .source = "Liu, Chen & Shi 2022 (001) eq. 4",
  .params = NULL,
  .nparams = 0,
  .create = hertz_create,
  .destroy = free,
  .restitution = hertz_cr,
};
