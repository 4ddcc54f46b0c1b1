/*
 * fmi2.c — the FMI 2.0 co-simulation interface over cs_fmi (engine/fmi/README.md).
 *
 * The declarations are written here from the FMI 2.0 standard (fmi-standard.org, chapter 2
 * "Common Concepts" and 4 "FMI for Co-Simulation"). A co-simulation FMU exports the common
 * functions and the co-simulation ones; what this one does not offer (derivatives,
 * asynchronous steps, types other than Real) logs and returns fmi2Error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_fmi.h"

typedef void *fmi2Component;
typedef void *fmi2ComponentEnvironment;
typedef void *fmi2FMUstate;
typedef unsigned int fmi2ValueReference;
typedef double fmi2Real;
typedef int fmi2Integer;
typedef int fmi2Boolean;
typedef char fmi2Char;
typedef const fmi2Char *fmi2String;
typedef char fmi2Byte;
typedef enum { fmi2OK, fmi2Warning, fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending } fmi2Status;
typedef enum { fmi2ModelExchange, fmi2CoSimulation } fmi2Type;
typedef enum {
  fmi2DoStepStatus, fmi2PendingStatus, fmi2LastSuccessfulTime, fmi2Terminated
} fmi2StatusKind;
typedef void (*fmi2CallbackLogger)(fmi2ComponentEnvironment env, fmi2String instanceName,
                                   fmi2Status status, fmi2String category, fmi2String message,
                                   ...);
typedef struct {
  fmi2CallbackLogger logger;
  void *(*allocateMemory)(size_t nobj, size_t size);
  void (*freeMemory)(void *obj);
  void (*stepFinished)(fmi2ComponentEnvironment env, fmi2Status status);
  fmi2ComponentEnvironment componentEnvironment;
} fmi2CallbackFunctions;

#define EXPORT __attribute__((visibility("default")))

typedef enum { INSTANTIATED, INITIALIZATION, STEP, TERMINATED, FAILED } phase;

typedef struct component {
  cs_fmi *fmi;
  phase phase;
  char *name;
  fmi2CallbackLogger log;
  fmi2ComponentEnvironment env;
  int failed_step; /* the last doStep failed (fmi2GetBooleanStatus, fmi2Terminated) */
} component;

/* The message goes as an argument of "%s": the logger takes a printf format. */
static void relay(void *env, int status, const char *category, const char *message)
{
  const component *c = env;
  if (c->log)
    c->log(c->env, c->name ? c->name : "", (fmi2Status)status, category, "%s", message);
}

static fmi2Status refuse(fmi2Component comp, const char *what)
{
  component *c = comp;
  if (c)
    cs_fmi_log(c->fmi, 3, "%s is not supported by this FMU (see its modelDescription.xml)",
               what);
  return fmi2Error;
}

/* The resource location, a file URI (file:///dir or file:/dir, %XX escapes), as a path. */
static char *uri_path(const char *uri)
{
  if (!uri)
    return NULL;
  if (!strncmp(uri, "file://", 7))
    uri += 7;
  else if (!strncmp(uri, "file:", 5))
    uri += 5;
  char *path = malloc(strlen(uri) + 1), *out = path;
  for (const char *s = uri; path && *s; s++) {
    unsigned hex;
    if (*s == '%' && sscanf(s + 1, "%2x", &hex) == 1)
      *out++ = (char)hex, s += 2;
    else
      *out++ = *s;
  }
  if (path)
    *out = 0;
  return path;
}

EXPORT const char *fmi2GetTypesPlatform(void) { return "default"; }
EXPORT const char *fmi2GetVersion(void) { return "2.0"; }

EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component comp, fmi2Boolean loggingOn,
                                      size_t nCategories, const fmi2String categories[])
{
  (void)comp, (void)loggingOn, (void)nCategories, (void)categories;
  return fmi2OK; /* the instance logs errors only, always */
}

EXPORT fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType,
                                     fmi2String fmuGUID, fmi2String fmuResourceLocation,
                                     const fmi2CallbackFunctions *functions,
                                     fmi2Boolean visible, fmi2Boolean loggingOn)
{
  (void)visible, (void)loggingOn;
  fmi2CallbackLogger log = functions ? functions->logger : NULL;
  void *env = functions ? functions->componentEnvironment : NULL;
  const char *name = instanceName ? instanceName : "";
  if (fmuType != fmi2CoSimulation) {
    if (log)
      log(env, name, fmi2Error, "logStatusError", "%s", "this FMU is for co-simulation only");
    return NULL;
  }
  component *c = calloc(1, sizeof *c);
  char *resources = uri_path(fmuResourceLocation);
  if (c)
    c->name = malloc(strlen(name) + 1);
  if (!c || !c->name || (fmuResourceLocation && !resources)) {
    if (log)
      log(env, name, fmi2Error, "logStatusError", "%s", "out of memory");
    if (c)
      free(c->name);
    free(c), free(resources);
    return NULL;
  }
  strcpy(c->name, name);
  c->log = log, c->env = env;
  c->fmi = cs_fmi_new(name, fmuGUID, resources, relay, c);
  free(resources);
  if (!c->fmi) {
    free(c->name), free(c);
    return NULL;
  }
  return c;
}

EXPORT void fmi2FreeInstance(fmi2Component comp)
{
  component *c = comp;
  if (!c)
    return;
  cs_fmi_free(c->fmi);
  free(c->name);
  free(c);
}

EXPORT fmi2Status fmi2SetupExperiment(fmi2Component comp, fmi2Boolean toleranceDefined,
                                      fmi2Real tolerance, fmi2Real startTime,
                                      fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
  (void)toleranceDefined, (void)tolerance, (void)stopTimeDefined, (void)stopTime;
  component *c = comp;
  if (!c || c->phase != INSTANTIATED)
    return refuse(comp, "fmi2SetupExperiment outside the instantiated state");
  cs_fmi_set_start(c->fmi, startTime);
  return fmi2OK;
}

EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component comp)
{
  component *c = comp;
  if (!c || c->phase != INSTANTIATED)
    return refuse(comp, "fmi2EnterInitializationMode outside the instantiated state");
  c->phase = INITIALIZATION;
  return fmi2OK;
}

EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component comp)
{
  component *c = comp;
  if (!c || c->phase != INITIALIZATION)
    return refuse(comp, "fmi2ExitInitializationMode outside initialization mode");
  if (cs_fmi_start(c->fmi)) {
    c->phase = FAILED;
    return fmi2Error;
  }
  c->phase = STEP;
  return fmi2OK;
}

EXPORT fmi2Status fmi2Terminate(fmi2Component comp)
{
  component *c = comp;
  if (!c)
    return fmi2Error;
  c->phase = TERMINATED;
  return fmi2OK;
}

EXPORT fmi2Status fmi2Reset(fmi2Component comp)
{
  component *c = comp;
  if (!c)
    return fmi2Error;
  cs_fmi_reset(c->fmi);
  c->phase = INSTANTIATED, c->failed_step = 0;
  return fmi2OK;
}

EXPORT fmi2Status fmi2GetReal(fmi2Component comp, const fmi2ValueReference vr[], size_t nvr,
                              fmi2Real value[])
{
  component *c = comp;
  if (!c)
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    if (cs_fmi_get(c->fmi, vr[i], &value[i]))
      return fmi2Error;
  return fmi2OK;
}

EXPORT fmi2Status fmi2SetReal(fmi2Component comp, const fmi2ValueReference vr[], size_t nvr,
                              const fmi2Real value[])
{
  component *c = comp;
  if (!c)
    return fmi2Error;
  if (c->phase == FAILED || c->phase == TERMINATED)
    return refuse(comp, "fmi2SetReal after an error or termination");
  for (size_t i = 0; i < nvr; i++)
    if (cs_fmi_set(c->fmi, vr[i], value[i]))
      return fmi2Error;
  return fmi2OK;
}

EXPORT fmi2Status fmi2DoStep(fmi2Component comp, fmi2Real currentCommunicationPoint,
                             fmi2Real communicationStepSize,
                             fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
  (void)noSetFMUStatePriorToCurrentPoint;
  component *c = comp;
  if (!c || c->phase != STEP)
    return refuse(comp, "fmi2DoStep outside step mode");
  if (cs_fmi_step(c->fmi, currentCommunicationPoint, communicationStepSize)) {
    c->phase = FAILED, c->failed_step = 1;
    return fmi2Error;
  }
  return fmi2OK;
}

EXPORT fmi2Status fmi2CancelStep(fmi2Component comp)
{
  return refuse(comp, "fmi2CancelStep (doStep never returns fmi2Pending)");
}

EXPORT fmi2Status fmi2GetRealStatus(fmi2Component comp, const fmi2StatusKind s,
                                    fmi2Real *value)
{
  component *c = comp;
  if (!c || s != fmi2LastSuccessfulTime)
    return refuse(comp, "this status");
  *value = cs_fmi_time(c->fmi);
  return fmi2OK;
}

EXPORT fmi2Status fmi2GetBooleanStatus(fmi2Component comp, const fmi2StatusKind s,
                                       fmi2Boolean *value)
{
  component *c = comp;
  if (!c || s != fmi2Terminated)
    return refuse(comp, "this status");
  *value = 0; /* the FMU never asks the master to stop */
  return fmi2OK;
}

EXPORT fmi2Status fmi2GetStatus(fmi2Component comp, const fmi2StatusKind s, fmi2Status *value)
{
  (void)s, (void)value;
  return refuse(comp, "fmi2GetStatus (doStep never returns fmi2Pending)");
}
EXPORT fmi2Status fmi2GetIntegerStatus(fmi2Component comp, const fmi2StatusKind s,
                                       fmi2Integer *value)
{
  (void)s, (void)value;
  return refuse(comp, "fmi2GetIntegerStatus");
}
EXPORT fmi2Status fmi2GetStringStatus(fmi2Component comp, const fmi2StatusKind s,
                                      fmi2String *value)
{
  (void)s, (void)value;
  return refuse(comp, "fmi2GetStringStatus (doStep never returns fmi2Pending)");
}

/* ---- what this FMU does not offer: the standard's signatures, refusing ---- */

#define REFUSE_TYPE(T, C)                                                                     \
  EXPORT fmi2Status fmi2Get##T(fmi2Component comp, const fmi2ValueReference vr[], size_t nvr, \
                               C value[])                                                     \
  {                                                                                           \
    (void)vr, (void)nvr, (void)value;                                                         \
    return refuse(comp, "fmi2Get" #T " (every variable is a Real)");                          \
  }                                                                                           \
  EXPORT fmi2Status fmi2Set##T(fmi2Component comp, const fmi2ValueReference vr[], size_t nvr, \
                               const C value[])                                               \
  {                                                                                           \
    (void)vr, (void)nvr, (void)value;                                                         \
    return refuse(comp, "fmi2Set" #T " (every variable is a Real)");                          \
  }
REFUSE_TYPE(Integer, fmi2Integer)
REFUSE_TYPE(Boolean, fmi2Boolean)
REFUSE_TYPE(String, fmi2String)

/* ---- FMU state (cs_fmi.h: a state is the history replayed; the phase goes with it) ---- */

EXPORT fmi2Status fmi2GetFMUstate(fmi2Component comp, fmi2FMUstate *state)
{
  component *c = comp;
  if (!c || !state)
    return fmi2Error;
  if (c->phase == FAILED)
    return refuse(comp, "fmi2GetFMUstate after an error");
  cs_fmi_state *s = cs_fmi_state_get(c->fmi, c->phase);
  if (!s)
    return fmi2Error;
  cs_fmi_state_free(*state); /* a state given back is overwritten */
  *state = s;
  return fmi2OK;
}

EXPORT fmi2Status fmi2SetFMUstate(fmi2Component comp, fmi2FMUstate state)
{
  component *c = comp;
  if (!c || !state)
    return fmi2Error;
  int tag = cs_fmi_state_tag(state);
  if (tag < INSTANTIATED || tag > TERMINATED) /* read from bytes: a phase of ours or nothing */
    return refuse(comp, "an FMU state whose phase is none of this FMU's");
  if (cs_fmi_state_set(c->fmi, state)) {
    c->phase = FAILED;
    return fmi2Error;
  }
  c->phase = (phase)tag, c->failed_step = 0;
  return fmi2OK;
}

EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component comp, fmi2FMUstate *state)
{
  if (!comp)
    return fmi2Error;
  if (state) {
    cs_fmi_state_free(*state);
    *state = NULL;
  }
  return fmi2OK;
}

EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component comp, fmi2FMUstate state,
                                             size_t *size)
{
  component *c = comp;
  if (!c || !state || !size)
    return fmi2Error;
  *size = cs_fmi_state_size(c->fmi, state);
  return fmi2OK;
}

EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component comp, fmi2FMUstate state,
                                        fmi2Byte serializedState[], size_t size)
{
  component *c = comp;
  if (!c || !state || !serializedState)
    return fmi2Error;
  if (size < cs_fmi_state_size(c->fmi, state)) {
    cs_fmi_log(c->fmi, 3, "fmi2SerializeFMUstate: %zu bytes given, the state takes %zu", size,
               cs_fmi_state_size(c->fmi, state));
    return fmi2Error;
  }
  cs_fmi_state_write(c->fmi, state, (unsigned char *)serializedState);
  return fmi2OK;
}

EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component comp, const fmi2Byte serializedState[],
                                          size_t size, fmi2FMUstate *state)
{
  component *c = comp;
  if (!c || !state)
    return fmi2Error;
  cs_fmi_state *s = cs_fmi_state_read(c->fmi, (const unsigned char *)serializedState, size);
  if (!s)
    return fmi2Error;
  *state = s;
  return fmi2OK;
}

EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component comp,
                                               const fmi2ValueReference vUnknown_ref[],
                                               size_t nUnknown,
                                               const fmi2ValueReference vKnown_ref[],
                                               size_t nKnown, const fmi2Real dvKnown[],
                                               fmi2Real dvUnknown[])
{
  (void)vUnknown_ref, (void)nUnknown, (void)vKnown_ref, (void)nKnown, (void)dvKnown;
  (void)dvUnknown;
  return refuse(comp, "directional derivatives");
}
EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component comp, const fmi2ValueReference vr[],
                                              size_t nvr, const fmi2Integer order[],
                                              const fmi2Real value[])
{
  (void)vr, (void)nvr, (void)order, (void)value;
  return refuse(comp, "input derivatives (canInterpolateInputs is false)");
}
EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component comp,
                                               const fmi2ValueReference vr[], size_t nvr,
                                               const fmi2Integer order[], fmi2Real value[])
{
  (void)vr, (void)nvr, (void)order, (void)value;
  return refuse(comp, "output derivatives (maxOutputDerivativeOrder is 0)");
}
