/*
 * fuzz_model.c — libFuzzer target: the model loader and a short simulation.
 *
 * The input is a model file. Whatever it holds, loading must end in a model or an error that
 * names the origin; a model must simulate a few dozen steps without crashing, leaking or
 * tripping ASan/UBSan. Out of memory cannot happen here, so CS_ERR_MEMORY from the loader
 * means it took a syntax error for a failed allocation (cs_json.c's allocation-free syntax
 * check disagreeing with cJSON): that aborts. tests/README.md "Fuzzing" says how to run it.
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
  cs_model *model = NULL;
  cs_error err;
  cs_status st = cs_model_load_string(json, "fuzz.json", NULL, &model, &err);
  free(json);
  if (st == CS_ERR_MEMORY)
    abort(); /* a syntax error reported as out of memory */
  if (st != CS_OK) {
    if (model || strncmp(err.message, "fuzz.json: ", 11) != 0)
      abort(); /* a failure hands back no model and names the origin */
    return 0;
  }
  cs_sim *sim = NULL;
  if (cs_sim_create(model, &sim, &err) == CS_OK) {
    cs_fuzz_budget budget = {CS_FUZZ_POLLS};
    cs_sim_set_interrupt(sim, cs_fuzz_poll, &budget);
    cs_sim_advance(sim, cs_model_t_end(model), &err);
    cs_sim_free(sim);
  }
  cs_model_free(model);
  return 0;
}
