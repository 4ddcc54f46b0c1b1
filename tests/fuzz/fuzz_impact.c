/*
 * fuzz_impact.c — libFuzzer target: the impact loader and a short impact run (no file). As
 * fuzz_model.c: an error names the origin and hands back nothing, CS_ERR_MEMORY aborts, and a
 * loaded impact integrates a few dozen steps.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clearsim.h"
#include "cs_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *json = cs_fuzz_text(data, size);
  if (!json)
    return 0;
  cs_impact *imp = NULL;
  cs_error err;
  cs_status st = cs_impact_load_string(json, "fuzz.json", NULL, &imp, &err);
  free(json);
  if (st == CS_ERR_MEMORY)
    abort();
  if (st != CS_OK) {
    if (imp || strncmp(err.message, "fuzz.json: ", 11) != 0)
      abort();
    return 0;
  }
  cs_fuzz_budget budget = {CS_FUZZ_POLLS};
  cs_impact_set_interrupt(imp, cs_fuzz_poll, &budget);
  cs_impact_result r;
  cs_impact_run(imp, "", &r, &err);
  cs_impact_free(imp);
  return 0;
}
