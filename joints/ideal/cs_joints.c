/* cs_joints.c — the table of ideal joint kinds and the drivers' motion law. */
#include "cs_joints.h"

#include <math.h>

static const struct {
  const char *name;
  int rows;
} joint_kinds[CS_JOINT_KIND_COUNT] = {
  [CS_JOINT_REVOLUTE] = {"revolute", 2},
  [CS_JOINT_PRISMATIC] = {"prismatic", 2},
  [CS_JOINT_FIXED] = {"fixed", 3},
  [CS_DRIVER_ANGLE] = {"angle driver", 1},
  [CS_DRIVER_TRANSLATION] = {"translation driver", 1},
};

int cs_joint_rows(cs_joint_kind kind) { return joint_kinds[kind].rows; }
const char *cs_joint_kind_name(cs_joint_kind kind) { return joint_kinds[kind].name; }
int cs_joint_is_driver(const cs_joint *joint)
{
  return joint->kind == CS_DRIVER_ANGLE || joint->kind == CS_DRIVER_TRANSLATION;
}

static const char *const row_labels[CS_JOINT_KIND_COUNT][3] = {
  [CS_JOINT_REVOLUTE] = {"x", "y"},
  [CS_JOINT_PRISMATIC] = {"angle", "normal"},
  [CS_JOINT_FIXED] = {"x", "y", "angle"},
  [CS_DRIVER_ANGLE] = {"angle"},
  [CS_DRIVER_TRANSLATION] = {"distance"},
};

const char *cs_joint_row_label(cs_joint_kind kind, int row) { return row_labels[kind][row]; }

extern const cs_constraint_ops cs_revolute_ops, cs_prismatic_ops, cs_fixed_ops,
    cs_driver_angle_ops, cs_driver_translation_ops;

const cs_constraint_ops *cs_constraint_ops_of(cs_joint_kind kind)
{
  static const cs_constraint_ops *const table[CS_JOINT_KIND_COUNT] = {
    [CS_JOINT_REVOLUTE] = &cs_revolute_ops,
    [CS_JOINT_PRISMATIC] = &cs_prismatic_ops,
    [CS_JOINT_FIXED] = &cs_fixed_ops,
    [CS_DRIVER_ANGLE] = &cs_driver_angle_ops,
    [CS_DRIVER_TRANSLATION] = &cs_driver_translation_ops,
  };
  return table[kind];
}

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
