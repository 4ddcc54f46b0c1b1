/* cs_impact_problem.c — the single-impact problem object: allocation, accessors and the check
 * every way of filling it ends with (the loader's, cs_impact_create's). */
#include "cs_impact.h"
#include "cs_status.h"

#include <math.h>
#include <stdlib.h>

cs_impact *cs_impact_alloc(void)
{
  cs_impact *imp = calloc(1, sizeof *imp);
  return imp;
}

void cs_impact_free(cs_impact *imp)
{
  if (!imp)
    return;
  free(imp->name);
  free(imp->description);
  free(imp->json);
  free(imp->output_file);
  free(imp);
}

const char *cs_impact_name(const cs_impact *imp) { return imp->name; }
const char *cs_impact_json(const cs_impact *imp) { return imp->json; }
const char *cs_impact_output_path(const cs_impact *imp) { return imp->output_file; }

cs_status cs_impact_check(const cs_impact *imp, const char *where, cs_error *err)
{
  cs_contact_spec spec = cs_contact_model_spec(&imp->contact);
  cs_contact *c = NULL;
  if (!(cs_geometry_m_star(&imp->geometry) > 0.0) || !isfinite(imp->geometry.mass1) ||
      !isfinite(imp->geometry.mass2))
    return cs_fail(err, CS_ERR_INPUT, "%s: masses %g kg and %g kg, expected at least one > 0 "
                   "(0: a fixed body)", where, imp->geometry.mass1, imp->geometry.mass2);
  cs_error law_err;
  if (cs_contact_create(&spec, &imp->geometry, &c, &law_err) != CS_OK)
    return cs_fail(err, law_err.code, "%s: %s", where, law_err.message);
  cs_contact_free(c);
  return CS_OK;
}

void cs_impact_set_interrupt(cs_impact *impact, cs_interrupt_fn fn, void *user)
{
  if (impact)
    impact->interrupt = fn, impact->interrupt_user = user;
}
