/* cs_joints.c — the table of ideal joint kinds (name, rows, labels, ops) and the drivers'
 * motion law. */
#include "cs_joints.h"

#include <math.h>

extern const cs_constraint_ops cs_revolute_ops, cs_prismatic_ops, cs_fixed_ops,
    cs_driver_angle_ops, cs_driver_translation_ops;

/* One line per kind: adding a kind adds a line here, its ops file and the loader's keys. */
static const struct {
  const char *name;
  int rows;
  int driver;                /* a function of time: its reaction is the driving effort */
  const char *labels[3];     /* the rows' labels, after the joint's name in /constraints/names */
  const cs_constraint_ops *ops;
} joint_kinds[CS_JOINT_KIND_COUNT] = {
  [CS_JOINT_REVOLUTE] = {"revolute", 2, 0, {"x", "y"}, &cs_revolute_ops},
  [CS_JOINT_PRISMATIC] = {"prismatic", 2, 0, {"angle", "normal"}, &cs_prismatic_ops},
  [CS_JOINT_FIXED] = {"fixed", 3, 0, {"x", "y", "angle"}, &cs_fixed_ops},
  [CS_DRIVER_ANGLE] = {"angle driver", 1, 1, {"angle"}, &cs_driver_angle_ops},
  [CS_DRIVER_TRANSLATION] = {"translation driver", 1, 1, {"distance"},
                             &cs_driver_translation_ops},
};

int cs_joint_rows(cs_joint_kind kind) { return joint_kinds[kind].rows; }
const char *cs_joint_kind_name(cs_joint_kind kind) { return joint_kinds[kind].name; }
int cs_joint_is_driver(const cs_joint *joint) { return joint_kinds[joint->kind].driver; }
const char *cs_joint_row_label(cs_joint_kind kind, int row)
{
  return joint_kinds[kind].labels[row];
}
const cs_constraint_ops *cs_constraint_ops_of(cs_joint_kind kind) { return joint_kinds[kind].ops; }

void cs_motion_eval(const cs_motion *m, double t, double f[3])
{
  f[0] = m->initial + m->velocity * t + 0.5 * m->acceleration * t * t;
  f[1] = m->velocity + m->acceleration * t;
  f[2] = m->acceleration;
  if (m->amplitude == 0.0)
    return; /* most drivers: no sincos at every evaluation */
  double ph = m->frequency * t + m->phase, w = m->frequency, sn = sin(ph), cs = cos(ph);
  f[0] += m->amplitude * sn;
  f[1] += m->amplitude * w * cs;
  f[2] -= m->amplitude * w * w * sn;
}
