/* cs_model.c — the model object: allocation, indexing, read-only accessors. */
#include "cs_model.h"
#include "cs_clearance.h"
#include "cs_wear.h"
#include "cs_status.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cs_model_default_settings(cs_model *model)
{
  model->solver.formulation = CS_AUTO;
  model->solver.linear_solver = CS_LINSOL_AUTO;
  model->solver.rtol = 1e-6;
  model->solver.atol = 1e-8;
  model->solver.t_end = 1.0;
  model->solver.max_step = 0.0;
  model->solver.initial_step = 0.0;
  model->solver.max_steps = 500000;
  model->output.interval = 1e-2;
}

cs_model *cs_model_alloc(void)
{
  cs_model *model = calloc(1, sizeof *model);
  if (model)
    cs_model_default_settings(model);
  return model;
}

void cs_model_index(cs_model *model)
{
  model->ncoord = 0;
  for (int i = 0; i < model->nbody; i++) {
    cs_body *b = &model->bodies[i];
    b->coord = b->ground ? -1 : model->ncoord;
    if (!b->ground)
      model->ncoord += 3;
  }
  model->nrow = 0;
  for (int k = 0; k < model->njoint; k++) {
    cs_joint *j = &model->joints[k];
    j->row0 = model->nrow;
    j->nrows = cs_joint_rows(j->kind);
    model->nrow += j->nrows;
  }
}

void cs_model_free(cs_model *model)
{
  if (!model)
    return;
  for (int i = 0; i < model->nbody; i++)
    free(model->bodies[i].name);
  for (int i = 0; i < model->njoint; i++)
    free(model->joints[i].name);
  for (int i = 0; i < model->nforce; i++)
    free(model->forces[i].name);
  for (int i = 0; i < model->nclearance; i++) {
    free(model->clearances[i].name);
    free(model->clearances[i].wear.initial);
    cs_profile_free(model->clearances[i].profile);
    cs_profile_free(model->clearances[i].follower);
    cs_profile_free(model->clearances[i].follower_cut);
    free(model->clearances[i].pairs);
  }
  free(model->clearances);
  free(model->bodies);
  free(model->joints);
  free(model->forces);
  free(model->name);
  free(model->description);
  free(model->origin);
  free(model->json);
  free(model->output.file);
  free(model);
}

const char *cs_model_name(const cs_model *m) { return m->name ? m->name : ""; }
int cs_model_body_count(const cs_model *m) { return m->nbody; }
const char *cs_model_body_name(const cs_model *m, int i) { return m->bodies[i].name; }
int cs_model_joint_count(const cs_model *m) { return m->njoint; }
const char *cs_model_joint_name(const cs_model *m, int i) { return m->joints[i].name; }
const char *cs_model_joint_kind(const cs_model *m, int i)
{
  return cs_joint_kind_name(m->joints[i].kind);
}
int cs_model_constraint_count(const cs_model *m) { return m->nrow; }
int cs_model_coordinate_count(const cs_model *m) { return m->ncoord; }
double cs_model_t_end(const cs_model *m) { return m->solver.t_end; }
double cs_model_output_interval(const cs_model *m) { return m->output.interval; }
const char *cs_model_output_path(const cs_model *m) { return m->output.file ? m->output.file : ""; }
const char *cs_model_json(const cs_model *m) { return m->json ? m->json : ""; }

int cs_model_body_index(const cs_model *m, const char *name)
{
  for (int i = 0; i < m->nbody; i++)
    if (strcmp(m->bodies[i].name, name) == 0)
      return i;
  return -1;
}

const char *const cs_formulation_names[] = {"index3", "ggl", "projected", "auto", NULL};
const char *const cs_linear_solver_names[] = {"auto", "dense", "sparse", NULL};

const char *cs_formulation_name(cs_formulation f)
{
  return f >= CS_INDEX3 && f <= CS_AUTO ? cs_formulation_names[f] : "?";
}

void cs_model_set_formulation(cs_model *m, cs_formulation f) { m->solver.formulation = f; }

cs_status cs_model_set_tolerances(cs_model *m, double rtol, double atol, cs_error *err)
{
  /* !(x > 0) also rejects NaN; rtol ≥ 1 would accept any answer as converged. */
  if (!m)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_set_tolerances: no model");
  if (!(rtol > 0.0) || !(rtol < 1.0))
    return cs_fail(err, CS_ERR_ARGUMENT,
                   "cs_model_set_tolerances: rtol must be finite, > 0 and < 1, got %g", rtol);
  if (!(atol > 0.0) || !isfinite(atol))
    return cs_fail(err, CS_ERR_ARGUMENT,
                   "cs_model_set_tolerances: atol must be finite and > 0, got %g", atol);
  m->solver.rtol = rtol;
  m->solver.atol = atol;
  cs_error_clear(err);
  return CS_OK;
}

void cs_model_tolerances(const cs_model *m, double *rtol, double *atol)
{
  if (rtol)
    *rtol = m->solver.rtol;
  if (atol)
    *atol = m->solver.atol;
}

static int put_point(double (*xy)[2], int n, int max, const double p[2])
{
  if (n < max)
    xy[n][0] = p[0], xy[n][1] = p[1];
  return n + 1;
}

/* Drivers add no points: one on a joint acts at that joint's points, one on a body at its
 * frame or a reference point of the ground, which tells nothing about the body's shape. */
int cs_model_body_points(const cs_model *m, int body, double (*xy)[2], int max)
{
  static const double centre[2] = {0.0, 0.0};
  int n = put_point(xy, 0, max, centre);
  for (int k = 0; k < m->njoint; k++)
    for (int s = 0; s < 2 && !cs_joint_is_driver(&m->joints[k]); s++)
      if (m->joints[k].body[s] == body)
        n = put_point(xy, n, max, m->joints[k].point[s]);
  for (int k = 0; k < m->nforce; k++) {
    const cs_force *f = &m->forces[k];
    int sides = f->kind == CS_FORCE_SPRING ? 2 : f->kind == CS_FORCE_POINT ? 1 : 0;
    for (int s = 0; s < sides; s++)
      if (f->body[s] == body)
        n = put_point(xy, n, max, f->point[s]);
  }
  for (int k = 0; k < m->nclearance; k++) {
    const cs_profile *pr = m->clearances[k].profile; /* its wall spans body1 */
    for (int s = 0; s < 2; s++)
      if (m->clearances[k].body[s] == body && !(pr && s == 0))
        n = put_point(xy, n, max, m->clearances[k].point[s]);
    for (const cs_profile *w = pr; w && m->clearances[k].body[0] == body; w = w->next)
      for (int i = 0; i < w->n; i++) /* every wall's features */
        n = put_point(xy, n, max, w->f[i].bc);
    const cs_profile *fo = m->clearances[k].follower; /* a follower outline spans body2 */
    for (; fo && m->clearances[k].body[1] == body; fo = fo->next)
      for (int i = 0; i < fo->n; i++)
        n = put_point(xy, n, max, fo->f[i].bc);
  }
  return n;
}

int cs_model_clearance_count(const cs_model *m) { return m->nclearance; }
const char *cs_model_clearance_name(const cs_model *m, int k) { return m->clearances[k].name; }
const char *cs_model_clearance_kind(const cs_model *m, int k)
{
  return cs_clearance_kind_name(m->clearances[k].kind);
}
int cs_model_clearance_region_count(const cs_model *m, int k) { return m->clearances[k].nregion; }
int cs_model_clearance_corner_count(const cs_model *m, int k)
{
  return cs_clearance_pin_count(&m->clearances[k]);
}
int cs_model_clearance_corner_name(const cs_model *m, int k, int corner, char *buf, int size)
{
  return cs_clearance_pin_name(&m->clearances[k], corner, buf, size > 0 ? (size_t)size : 0);
}
const char *cs_model_clearance_region(const cs_model *m, int k, int region)
{
  return cs_clearance_region_name(m->clearances[k].kind, region);
}

double cs_model_clearance_wall_length(const cs_model *m, int k)
{
  const cs_clearance *c = &m->clearances[k];
  return cs_contour_supported(c->kind) ? cs_contour_length(c) : 0.0;
}

double cs_model_clearance_size(const cs_model *m, int k)
{
  const cs_clearance *c = &m->clearances[k];
  if (c->kind == CS_CLEARANCE_SLOT || c->kind == CS_CLEARANCE_CURVED_SLOT)
    return c->half_width - c->pin_radius;
  if (c->kind == CS_CLEARANCE_TRANSLATIONAL)
    return c->guide_half_width - c->half_width;
  if (c->kind == CS_CLEARANCE_PROFILE)
    return c->profile->size;
  if (c->kind == CS_CLEARANCE_GEAR) /* the play on either side when centred */
    return c->half_width;
  return c->hole_radius - c->pin_radius;
}

const char *cs_model_clearance_size_rule(const cs_model *m, int k)
{
  const cs_clearance *c = &m->clearances[k];
  switch (c->kind) {
  case CS_CLEARANCE_SLOT:
  case CS_CLEARANCE_CURVED_SLOT:
    return "half_width - pin_radius";
  case CS_CLEARANCE_TRANSLATIONAL:
    return "guide_half_width - half_width";
  case CS_CLEARANCE_PROFILE:
    return cs_profile_size_rule_name(c->profile->size_rule);
  case CS_CLEARANCE_GEAR:
    return "half the backlash along the line of action";
  default:
    return "hole_radius - pin_radius";
  }
}

double cs_model_smallest_clearance(const cs_model *m)
{
  double c = INFINITY;
  for (int k = 0; k < m->nclearance; k++)
    c = fmin(c, cs_model_clearance_size(m, k));
  return c;
}
