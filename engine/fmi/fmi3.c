/*
 * fmi3.c — the FMI 3.0 co-simulation interface over cs_fmi (engine/fmi/README.md).
 *
 * The declarations are written here from the FMI 3.0 standard (fmi-standard.org, chapter 2
 * "Common Concepts" and 4 "Co-Simulation"): the platform types, then every function an FMU's
 * library exports. Model exchange, scheduled execution, clocks and derivatives are not offered
 * (modelDescription.xml says so): those functions log and return fmi3Error.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_fmi.h"

typedef void *fmi3Instance;
typedef void *fmi3InstanceEnvironment;
typedef void *fmi3FMUState;
typedef uint32_t fmi3ValueReference;
typedef float fmi3Float32;
typedef double fmi3Float64;
typedef int8_t fmi3Int8;
typedef uint8_t fmi3UInt8;
typedef int16_t fmi3Int16;
typedef uint16_t fmi3UInt16;
typedef int32_t fmi3Int32;
typedef uint32_t fmi3UInt32;
typedef int64_t fmi3Int64;
typedef uint64_t fmi3UInt64;
typedef bool fmi3Boolean;
typedef char fmi3Char;
typedef const fmi3Char *fmi3String;
typedef uint8_t fmi3Byte;
typedef const fmi3Byte *fmi3Binary;
typedef bool fmi3Clock;
typedef enum { fmi3OK, fmi3Warning, fmi3Discard, fmi3Error, fmi3Fatal } fmi3Status;
typedef enum {
  fmi3Independent, fmi3Constant, fmi3Fixed, fmi3Tunable, fmi3Discrete, fmi3Dependent
} fmi3DependencyKind;
typedef enum {
  fmi3IntervalNotYetKnown, fmi3IntervalUnchanged, fmi3IntervalChanged
} fmi3IntervalQualifier;
typedef void (*fmi3LogMessageCallback)(fmi3InstanceEnvironment env, fmi3Status status,
                                       fmi3String category, fmi3String message);
typedef void (*fmi3IntermediateUpdateCallback)(fmi3InstanceEnvironment env, fmi3Float64 time,
                                               fmi3Boolean setRequested, fmi3Boolean getAllowed,
                                               fmi3Boolean stepFinished,
                                               fmi3Boolean canReturnEarly,
                                               fmi3Boolean *earlyReturnRequested,
                                               fmi3Float64 *earlyReturnTime);
typedef void (*fmi3ClockUpdateCallback)(fmi3InstanceEnvironment env);
typedef void (*fmi3LockPreemptionCallback)(void);
typedef void (*fmi3UnlockPreemptionCallback)(void);

#define EXPORT __attribute__((visibility("default")))

/* The FMI 3.0 states this interface tracks (the standard's state machine, co-simulation). */
typedef enum { INSTANTIATED, INITIALIZATION, STEP, TERMINATED, FAILED } phase;

typedef struct instance {
  cs_fmi *fmi;
  phase phase;
  fmi3LogMessageCallback log;
  fmi3InstanceEnvironment env;
} instance;

static void relay(void *env, int status, const char *category, const char *message)
{
  const instance *in = env;
  if (in->log)
    in->log(in->env, (fmi3Status)status, category, message);
}

static fmi3Status refuse(fmi3Instance inst, const char *what)
{
  instance *in = inst;
  if (in)
    cs_fmi_log(in->fmi, 3, "%s is not supported by this FMU (see its modelDescription.xml)",
               what);
  return fmi3Error;
}

/* An error leaves the instance unusable but for reset, terminate and free. */
static fmi3Status failed(instance *in)
{
  in->phase = FAILED;
  return fmi3Error;
}

EXPORT const char *fmi3GetVersion(void) { return "3.0"; }

EXPORT fmi3Status fmi3SetDebugLogging(fmi3Instance inst, fmi3Boolean loggingOn,
                                      size_t nCategories, const fmi3String categories[])
{
  (void)inst, (void)loggingOn, (void)nCategories, (void)categories;
  return fmi3OK; /* the instance logs errors only, always */
}

EXPORT fmi3Instance fmi3InstantiateCoSimulation(
  fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
  fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed,
  fmi3Boolean earlyReturnAllowed, const fmi3ValueReference requiredIntermediateVariables[],
  size_t nRequiredIntermediateVariables, fmi3InstanceEnvironment instanceEnvironment,
  fmi3LogMessageCallback logMessage, fmi3IntermediateUpdateCallback intermediateUpdate)
{
  (void)visible, (void)loggingOn, (void)earlyReturnAllowed;
  (void)requiredIntermediateVariables, (void)intermediateUpdate;
  instance *in = calloc(1, sizeof *in);
  if (!in) {
    if (logMessage)
      logMessage(instanceEnvironment, fmi3Error, "logStatusError", "out of memory");
    return NULL;
  }
  in->log = logMessage, in->env = instanceEnvironment;
  if (eventModeUsed || nRequiredIntermediateVariables) {
    if (logMessage)
      logMessage(instanceEnvironment, fmi3Error, "logStatusError",
                 "event mode and intermediate variables are not supported by this FMU");
    free(in);
    return NULL;
  }
  in->fmi = cs_fmi_new(instanceName, instantiationToken, resourcePath, relay, in);
  if (!in->fmi) {
    free(in);
    return NULL;
  }
  in->phase = INSTANTIATED;
  return in;
}

EXPORT fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName,
                                                 fmi3String instantiationToken,
                                                 fmi3String resourcePath, fmi3Boolean visible,
                                                 fmi3Boolean loggingOn,
                                                 fmi3InstanceEnvironment instanceEnvironment,
                                                 fmi3LogMessageCallback logMessage)
{
  (void)instanceName, (void)instantiationToken, (void)resourcePath, (void)visible;
  (void)loggingOn;
  if (logMessage)
    logMessage(instanceEnvironment, fmi3Error, "logStatusError",
               "this FMU is for co-simulation only");
  return NULL;
}

EXPORT fmi3Instance fmi3InstantiateScheduledExecution(
  fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
  fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
  fmi3LogMessageCallback logMessage, fmi3ClockUpdateCallback clockUpdate,
  fmi3LockPreemptionCallback lockPreemption, fmi3UnlockPreemptionCallback unlockPreemption)
{
  (void)clockUpdate, (void)lockPreemption, (void)unlockPreemption;
  return fmi3InstantiateModelExchange(instanceName, instantiationToken, resourcePath, visible,
                                      loggingOn, instanceEnvironment, logMessage);
}

EXPORT void fmi3FreeInstance(fmi3Instance inst)
{
  instance *in = inst;
  if (!in)
    return;
  cs_fmi_free(in->fmi);
  free(in);
}

EXPORT fmi3Status fmi3EnterInitializationMode(fmi3Instance inst, fmi3Boolean toleranceDefined,
                                              fmi3Float64 tolerance, fmi3Float64 startTime,
                                              fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
  (void)toleranceDefined, (void)tolerance, (void)stopTimeDefined, (void)stopTime;
  instance *in = inst;
  if (!in || in->phase != INSTANTIATED)
    return refuse(inst, "fmi3EnterInitializationMode outside the instantiated state");
  cs_fmi_set_start(in->fmi, startTime);
  in->phase = INITIALIZATION;
  return fmi3OK;
}

EXPORT fmi3Status fmi3ExitInitializationMode(fmi3Instance inst)
{
  instance *in = inst;
  if (!in || in->phase != INITIALIZATION)
    return refuse(inst, "fmi3ExitInitializationMode outside initialization mode");
  if (cs_fmi_start(in->fmi))
    return failed(in);
  in->phase = STEP;
  return fmi3OK;
}

EXPORT fmi3Status fmi3EnterEventMode(fmi3Instance inst)
{
  return refuse(inst, "event mode");
}

EXPORT fmi3Status fmi3Terminate(fmi3Instance inst)
{
  instance *in = inst;
  if (!in)
    return fmi3Error;
  in->phase = TERMINATED;
  return fmi3OK;
}

EXPORT fmi3Status fmi3Reset(fmi3Instance inst)
{
  instance *in = inst;
  if (!in)
    return fmi3Error;
  cs_fmi_reset(in->fmi);
  in->phase = INSTANTIATED;
  return fmi3OK;
}

EXPORT fmi3Status fmi3GetFloat64(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                                 fmi3Float64 values[], size_t nValues)
{
  instance *in = inst;
  if (!in || nValues < nvr)
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    if (cs_fmi_get(in->fmi, vr[i], &values[i]))
      return fmi3Error;
  return fmi3OK;
}

EXPORT fmi3Status fmi3SetFloat64(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                                 const fmi3Float64 values[], size_t nValues)
{
  instance *in = inst;
  if (!in || nValues < nvr)
    return fmi3Error;
  if (in->phase == FAILED || in->phase == TERMINATED)
    return refuse(inst, "fmi3SetFloat64 after an error or termination");
  for (size_t i = 0; i < nvr; i++)
    if (cs_fmi_set(in->fmi, vr[i], values[i]))
      return fmi3Error;
  return fmi3OK;
}

EXPORT fmi3Status fmi3EnterStepMode(fmi3Instance inst)
{
  instance *in = inst;
  return in && in->phase == STEP ? fmi3OK : refuse(inst, "fmi3EnterStepMode here");
}

EXPORT fmi3Status fmi3DoStep(fmi3Instance inst, fmi3Float64 currentCommunicationPoint,
                             fmi3Float64 communicationStepSize,
                             fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                             fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation,
                             fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime)
{
  (void)noSetFMUStatePriorToCurrentPoint;
  instance *in = inst;
  if (!in || in->phase != STEP)
    return refuse(inst, "fmi3DoStep outside step mode");
  fmi3Status st = cs_fmi_step(in->fmi, currentCommunicationPoint, communicationStepSize)
                  ? failed(in) : fmi3OK;
  if (eventHandlingNeeded)
    *eventHandlingNeeded = false;
  if (terminateSimulation)
    *terminateSimulation = false;
  if (earlyReturn)
    *earlyReturn = false;
  if (lastSuccessfulTime)
    *lastSuccessfulTime = cs_fmi_time(in->fmi);
  return st;
}

/* ---- what this FMU does not offer: the standard's signatures, refusing ---- */

#define REFUSE_GET(T)                                                                        \
  EXPORT fmi3Status fmi3Get##T(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr, \
                               fmi3##T values[], size_t nValues)                             \
  {                                                                                          \
    (void)vr, (void)nvr, (void)values, (void)nValues;                                        \
    return refuse(inst, "fmi3Get" #T " (every variable is a Float64)");                      \
  }
#define REFUSE_SET(T)                                                                        \
  EXPORT fmi3Status fmi3Set##T(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr, \
                               const fmi3##T values[], size_t nValues)                       \
  {                                                                                          \
    (void)vr, (void)nvr, (void)values, (void)nValues;                                        \
    return refuse(inst, "fmi3Set" #T " (every variable is a Float64)");                      \
  }
#define REFUSE_TYPE(T) REFUSE_GET(T) REFUSE_SET(T)
REFUSE_TYPE(Float32)
REFUSE_TYPE(Int8)
REFUSE_TYPE(UInt8)
REFUSE_TYPE(Int16)
REFUSE_TYPE(UInt16)
REFUSE_TYPE(Int32)
REFUSE_TYPE(UInt32)
REFUSE_TYPE(Int64)
REFUSE_TYPE(UInt64)
REFUSE_TYPE(Boolean)
REFUSE_TYPE(String)

EXPORT fmi3Status fmi3GetBinary(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                                size_t valueSizes[], fmi3Binary values[], size_t nValues)
{
  (void)vr, (void)nvr, (void)valueSizes, (void)values, (void)nValues;
  return refuse(inst, "fmi3GetBinary");
}
EXPORT fmi3Status fmi3SetBinary(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                                const size_t valueSizes[], const fmi3Binary values[],
                                size_t nValues)
{
  (void)vr, (void)nvr, (void)valueSizes, (void)values, (void)nValues;
  return refuse(inst, "fmi3SetBinary");
}
EXPORT fmi3Status fmi3GetClock(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                               fmi3Clock values[])
{
  (void)vr, (void)nvr, (void)values;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3SetClock(fmi3Instance inst, const fmi3ValueReference vr[], size_t nvr,
                               const fmi3Clock values[])
{
  (void)vr, (void)nvr, (void)values;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance inst, fmi3ValueReference vr,
                                                      size_t *nDependencies)
{
  (void)vr, (void)nDependencies;
  return refuse(inst, "variable dependencies");
}
EXPORT fmi3Status fmi3GetVariableDependencies(fmi3Instance inst, fmi3ValueReference dependent,
                                              size_t elementIndicesOfDependent[],
                                              fmi3ValueReference independents[],
                                              size_t elementIndicesOfIndependents[],
                                              fmi3DependencyKind dependencyKinds[],
                                              size_t nDependencies)
{
  (void)dependent, (void)elementIndicesOfDependent, (void)independents;
  (void)elementIndicesOfIndependents, (void)dependencyKinds, (void)nDependencies;
  return refuse(inst, "variable dependencies");
}
/* ---- FMU state (cs_fmi.h: a state is the history replayed; the phase goes with it) ---- */

EXPORT fmi3Status fmi3GetFMUState(fmi3Instance inst, fmi3FMUState *state)
{
  instance *in = inst;
  if (!in || !state)
    return fmi3Error;
  if (in->phase == FAILED)
    return refuse(inst, "fmi3GetFMUState after an error");
  cs_fmi_state *s = cs_fmi_state_get(in->fmi, in->phase);
  if (!s)
    return fmi3Error;
  cs_fmi_state_free(*state); /* a state given back is overwritten */
  *state = s;
  return fmi3OK;
}

EXPORT fmi3Status fmi3SetFMUState(fmi3Instance inst, fmi3FMUState state)
{
  instance *in = inst;
  if (!in || !state)
    return fmi3Error;
  int tag = cs_fmi_state_tag(state);
  if (tag < INSTANTIATED || tag > TERMINATED) /* read from bytes: a phase of ours or nothing */
    return refuse(inst, "an FMU state whose phase is none of this FMU's");
  if (cs_fmi_state_set(in->fmi, state))
    return failed(in);
  in->phase = (phase)tag;
  return fmi3OK;
}

EXPORT fmi3Status fmi3FreeFMUState(fmi3Instance inst, fmi3FMUState *state)
{
  if (!inst)
    return fmi3Error;
  if (state) {
    cs_fmi_state_free(*state);
    *state = NULL;
  }
  return fmi3OK;
}

EXPORT fmi3Status fmi3SerializedFMUStateSize(fmi3Instance inst, fmi3FMUState state,
                                             size_t *size)
{
  instance *in = inst;
  if (!in || !state || !size)
    return fmi3Error;
  *size = cs_fmi_state_size(in->fmi, state);
  return fmi3OK;
}

EXPORT fmi3Status fmi3SerializeFMUState(fmi3Instance inst, fmi3FMUState state,
                                        fmi3Byte serializedState[], size_t size)
{
  instance *in = inst;
  if (!in || !state || !serializedState)
    return fmi3Error;
  if (size < cs_fmi_state_size(in->fmi, state)) {
    cs_fmi_log(in->fmi, 3, "fmi3SerializeFMUState: %zu bytes given, the state takes %zu", size,
               cs_fmi_state_size(in->fmi, state));
    return fmi3Error;
  }
  cs_fmi_state_write(in->fmi, state, serializedState);
  return fmi3OK;
}

EXPORT fmi3Status fmi3DeserializeFMUState(fmi3Instance inst, const fmi3Byte serializedState[],
                                          size_t size, fmi3FMUState *state)
{
  instance *in = inst;
  if (!in || !state)
    return fmi3Error;
  cs_fmi_state *s = cs_fmi_state_read(in->fmi, serializedState, size);
  if (!s)
    return fmi3Error;
  *state = s;
  return fmi3OK;
}

#define REFUSE_DERIVATIVE(name)                                                               \
  EXPORT fmi3Status name(fmi3Instance inst, const fmi3ValueReference unknowns[],              \
                         size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns, \
                         const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],   \
                         size_t nSensitivity)                                                 \
  {                                                                                           \
    (void)unknowns, (void)nUnknowns, (void)knowns, (void)nKnowns, (void)seed, (void)nSeed;    \
    (void)sensitivity, (void)nSensitivity;                                                    \
    return refuse(inst, #name);                                                               \
  }
REFUSE_DERIVATIVE(fmi3GetDirectionalDerivative)
REFUSE_DERIVATIVE(fmi3GetAdjointDerivative)

#define REFUSE_PLAIN(name, what) \
  EXPORT fmi3Status name(fmi3Instance inst) { return refuse(inst, what); }
REFUSE_PLAIN(fmi3EnterConfigurationMode, "configuration mode")
REFUSE_PLAIN(fmi3ExitConfigurationMode, "configuration mode")
REFUSE_PLAIN(fmi3EvaluateDiscreteStates, "discrete states")
REFUSE_PLAIN(fmi3EnterContinuousTimeMode, "model exchange")

EXPORT fmi3Status fmi3GetIntervalDecimal(fmi3Instance inst, const fmi3ValueReference vr[],
                                         size_t nvr, fmi3Float64 intervals[],
                                         fmi3IntervalQualifier qualifiers[])
{
  (void)vr, (void)nvr, (void)intervals, (void)qualifiers;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3GetIntervalFraction(fmi3Instance inst, const fmi3ValueReference vr[],
                                          size_t nvr, fmi3UInt64 counters[],
                                          fmi3UInt64 resolutions[],
                                          fmi3IntervalQualifier qualifiers[])
{
  (void)vr, (void)nvr, (void)counters, (void)resolutions, (void)qualifiers;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3GetShiftDecimal(fmi3Instance inst, const fmi3ValueReference vr[],
                                      size_t nvr, fmi3Float64 shifts[])
{
  (void)vr, (void)nvr, (void)shifts;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3GetShiftFraction(fmi3Instance inst, const fmi3ValueReference vr[],
                                       size_t nvr, fmi3UInt64 counters[],
                                       fmi3UInt64 resolutions[])
{
  (void)vr, (void)nvr, (void)counters, (void)resolutions;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3SetIntervalDecimal(fmi3Instance inst, const fmi3ValueReference vr[],
                                         size_t nvr, const fmi3Float64 intervals[])
{
  (void)vr, (void)nvr, (void)intervals;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3SetIntervalFraction(fmi3Instance inst, const fmi3ValueReference vr[],
                                          size_t nvr, const fmi3UInt64 counters[],
                                          const fmi3UInt64 resolutions[])
{
  (void)vr, (void)nvr, (void)counters, (void)resolutions;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3SetShiftDecimal(fmi3Instance inst, const fmi3ValueReference vr[],
                                      size_t nvr, const fmi3Float64 shifts[])
{
  (void)vr, (void)nvr, (void)shifts;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3SetShiftFraction(fmi3Instance inst, const fmi3ValueReference vr[],
                                       size_t nvr, const fmi3UInt64 counters[],
                                       const fmi3UInt64 resolutions[])
{
  (void)vr, (void)nvr, (void)counters, (void)resolutions;
  return refuse(inst, "clocks");
}
EXPORT fmi3Status fmi3UpdateDiscreteStates(fmi3Instance inst,
                                           fmi3Boolean *discreteStatesNeedUpdate,
                                           fmi3Boolean *terminateSimulation,
                                           fmi3Boolean *nominalsOfContinuousStatesChanged,
                                           fmi3Boolean *valuesOfContinuousStatesChanged,
                                           fmi3Boolean *nextEventTimeDefined,
                                           fmi3Float64 *nextEventTime)
{
  (void)discreteStatesNeedUpdate, (void)terminateSimulation;
  (void)nominalsOfContinuousStatesChanged, (void)valuesOfContinuousStatesChanged;
  (void)nextEventTimeDefined, (void)nextEventTime;
  return refuse(inst, "discrete states");
}
EXPORT fmi3Status fmi3CompletedIntegratorStep(fmi3Instance inst,
                                              fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                              fmi3Boolean *enterEventMode,
                                              fmi3Boolean *terminateSimulation)
{
  (void)noSetFMUStatePriorToCurrentPoint, (void)enterEventMode, (void)terminateSimulation;
  return refuse(inst, "model exchange");
}
EXPORT fmi3Status fmi3SetTime(fmi3Instance inst, fmi3Float64 time)
{
  (void)time;
  return refuse(inst, "model exchange");
}

#define REFUSE_STATES(name)                                                       \
  EXPORT fmi3Status name(fmi3Instance inst, fmi3Float64 values[], size_t n)       \
  {                                                                               \
    (void)values, (void)n;                                                        \
    return refuse(inst, "model exchange");                                        \
  }
REFUSE_STATES(fmi3GetContinuousStateDerivatives)
REFUSE_STATES(fmi3GetEventIndicators)
REFUSE_STATES(fmi3GetContinuousStates)
REFUSE_STATES(fmi3GetNominalsOfContinuousStates)

EXPORT fmi3Status fmi3SetContinuousStates(fmi3Instance inst, const fmi3Float64 states[],
                                          size_t n)
{
  (void)states, (void)n;
  return refuse(inst, "model exchange");
}
EXPORT fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance inst, size_t *n)
{
  (void)n;
  return refuse(inst, "model exchange");
}
EXPORT fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance inst, size_t *n)
{
  (void)n;
  return refuse(inst, "model exchange");
}
EXPORT fmi3Status fmi3GetOutputDerivatives(fmi3Instance inst, const fmi3ValueReference vr[],
                                           size_t nvr, const fmi3Int32 orders[],
                                           fmi3Float64 values[], size_t nValues)
{
  (void)vr, (void)nvr, (void)orders, (void)values, (void)nValues;
  return refuse(inst, "output derivatives");
}
EXPORT fmi3Status fmi3ActivateModelPartition(fmi3Instance inst, fmi3ValueReference clock,
                                             fmi3Float64 activationTime)
{
  (void)clock, (void)activationTime;
  return refuse(inst, "scheduled execution");
}
