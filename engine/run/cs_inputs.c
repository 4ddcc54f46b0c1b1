/*
 * cs_inputs.c — a model's inputs changed while a simulation of it runs: a driver's speed, an
 * applied torque or force (clearsim.h "inputs at run time"), for hosts that steer a mechanism from
 * outside, such as an FMI co-simulation master (engine/fmi/).
 *
 * A simulation keeps a pointer to its model and reads the drivers' motion laws and the forces
 * at every evaluation, so an edit between two cs_sim_advance calls takes effect from the next
 * step on; the step-size control meets the jump like any other discontinuity.
 */
#include <math.h>

#include "cs_model.h"

cs_status cs_model_set_driver_speed(cs_model *model, int joint, double t, double speed,
                                    cs_error *err)
{
  if (!model || joint < 0 || joint >= model->njoint)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_driver_speed: no joint %d", joint);
  cs_joint *j = &model->joints[joint];
  if (j->kind != CS_DRIVER_ANGLE && j->kind != CS_DRIVER_TRANSLATION)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_driver_speed: %s is not a driver",
                   j->name);
  if (!isfinite(t) || !isfinite(speed))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_driver_speed: %s: speed %g at t = %g "
                   "is not finite", j->name, speed, t);
  double f[3];
  cs_motion_eval(&j->motion, t, f);
  /* f(τ) = f(t) + speed (τ − t): the position stays continuous at t */
  j->motion = (cs_motion){.initial = f[0] - speed * t, .velocity = speed};
  return CS_OK;
}

cs_status cs_model_set_applied_torque(cs_model *model, int force, double torque, cs_error *err)
{
  if (!model || force < 0 || force >= model->nforce || model->forces[force].kind != CS_FORCE_TORQUE)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_applied_torque: force %d is not a "
                   "torque", force);
  if (!isfinite(torque))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_applied_torque: %s: torque %g is not "
                   "finite", model->forces[force].name, torque);
  model->forces[force].torque = torque;
  return CS_OK;
}

cs_status cs_model_set_applied_force(cs_model *model, int force, const double f[2],
                                     cs_error *err)
{
  if (!model || force < 0 || force >= model->nforce || model->forces[force].kind != CS_FORCE_POINT)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_applied_force: force %d is not a "
                   "\"force\"", force);
  if (!isfinite(f[0]) || !isfinite(f[1]))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_applied_force: %s: force [%g, %g] is not "
                   "finite", model->forces[force].name, f[0], f[1]);
  model->forces[force].force[0] = f[0], model->forces[force].force[1] = f[1];
  return CS_OK;
}
