/*
 * cs_rows.c — the in-memory output sink: every series the HDF5 writer records (engine/output/cs_h5.c,
 * engine/output/README.md "A run"), one row per output instant, from the same accessors, kept in one
 * growing row-major table. For hosts that want a run's arrays without a file and without
 * running their own code at every output instant (the Python package: its runs then never
 * take the interpreter's lock, and two threads integrate in parallel).
 */
#include "cs_rows.h"
#include "cs_model.h"

#include <stdlib.h>
#include <string.h>

struct cs_rows {
  const cs_model *model;
  int nbody, nrow, ndriver, nclear, width;
  int *driver; /* joint index of each driver */
  double *data;
  long count, capacity;
  cs_output_fn next;
  void *next_user;
};

int cs_rows_corners(const cs_model *model, int k)
{
  int n = cs_model_clearance_corner_count(model, k);
  return n > 1 ? n : 0;
}

cs_rows *cs_rows_new(const cs_model *model)
{
  if (!model)
    return NULL;
  cs_rows *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->model = model;
  r->nbody = cs_model_body_count(model);
  r->nrow = cs_model_constraint_count(model);
  r->nclear = cs_model_clearance_count(model);
  int njoint = cs_model_joint_count(model);
  r->driver = malloc(((size_t)njoint + 1) * sizeof *r->driver);
  if (!r->driver) {
    free(r);
    return NULL;
  }
  for (int j = 0; j < njoint; j++)
    if (cs_joint_is_driver(&model->joints[j]))
      r->driver[r->ndriver++] = j;
  r->width = 1 + 9 * r->nbody + r->nrow + 2 + CS_ROWS_ENERGY + r->ndriver +
             CS_ROWS_CLEARANCE * r->nclear;
  for (int k = 0; k < r->nclear; k++)
    r->width += CS_ROWS_CORNER * cs_rows_corners(model, k);
  return r;
}

void cs_rows_free(cs_rows *rows)
{
  if (!rows)
    return;
  free(rows->driver);
  free(rows->data);
  free(rows);
}

void cs_rows_set_next(cs_rows *rows, cs_output_fn fn, void *user)
{
  rows->next = fn;
  rows->next_user = user;
}

static int grow(cs_rows *r)
{
  if (r->count < r->capacity)
    return 0;
  long cap = r->capacity ? 2 * r->capacity : 256;
  double *d = realloc(r->data, (size_t)cap * (size_t)r->width * sizeof *d);
  if (!d)
    return 1;
  r->data = d;
  r->capacity = cap;
  return 0;
}

/* Joint k's n corners, series by series (each [n], the contact point [n][2]). */
static double *fill_corners(const cs_sim *sim, int k, int n, double *p)
{
  double *pen = p, *rate = p + n, *fn = p + 2 * n, *ft = p + 3 * n, *point = p + 4 * n,
         *in = p + 6 * n, *impact = p + 7 * n, *region = p + 8 * n;
  for (int i = 0; i < n; i++) {
    cs_clearance_state c;
    cs_sim_clearance_corner(sim, k, i, &c);
    pen[i] = c.penetration, rate[i] = c.rate, fn[i] = c.normal_force;
    ft[i] = c.tangential_force, point[2 * i] = c.contact_point[0];
    point[2 * i + 1] = c.contact_point[1], in[i] = c.in_contact;
    impact[i] = c.impact_velocity, region[i] = c.region;
  }
  return p + CS_ROWS_CORNER * n;
}

void cs_rows_fill(const cs_rows *r, const cs_sim *sim, double *p)
{
  *p++ = cs_sim_time(sim);
  for (int b = 0; b < r->nbody; b++, p += 3)
    cs_sim_body_position(sim, b, p);
  for (int b = 0; b < r->nbody; b++, p += 3)
    cs_sim_body_velocity(sim, b, p);
  for (int b = 0; b < r->nbody; b++, p += 3)
    cs_sim_body_acceleration(sim, b, p);
  for (int k = 0; k < r->nrow; k++)
    *p++ = cs_sim_lambda(sim, k);
  *p++ = cs_sim_position_drift(sim);
  *p++ = cs_sim_velocity_drift(sim);
  cs_energy e;
  cs_sim_energy(sim, &e);
  const double energy[CS_ROWS_ENERGY] = {e.kinetic,     e.potential,    e.strain,
                                         e.dissipated,  e.driver_work,  e.applied_work,
                                         e.balance_error};
  memcpy(p, energy, sizeof energy);
  p += CS_ROWS_ENERGY;
  for (int i = 0; i < r->ndriver; i++)
    *p++ = cs_sim_driver_reaction(sim, r->driver[i]);
  for (int k = 0; k < r->nclear; k++) {
    cs_clearance_state c;
    cs_sim_clearance(sim, k, &c);
    const double s[CS_ROWS_CLEARANCE] = {
      c.eccentricity[0], c.eccentricity[1], c.penetration,      c.rate,
      c.normal_force,    c.tangential_force, c.rolling_torque, c.contact_point[0],
      c.contact_point[1], c.in_contact,      c.impact_velocity, c.region,
      c.film_force[0],   c.film_force[1],    c.eccentricity_ratio, c.film_thickness,
      c.film_regime,     c.wear_volume};
    memcpy(p, s, sizeof s);
    p += CS_ROWS_CLEARANCE;
  }
  for (int k = 0; k < r->nclear; k++)
    p = fill_corners(sim, k, cs_rows_corners(r->model, k), p);
}

int cs_rows_output(const cs_sim *sim, void *user)
{
  cs_rows *r = user;
  double t = cs_sim_time(sim);
  /* one row per distinct instant, as the HDF5 file has (t0 and t_end may be reported twice) */
  if (r->count > 0 && t <= r->data[(size_t)(r->count - 1) * (size_t)r->width])
    return 0;
  if (grow(r))
    return 1;
  cs_rows_fill(r, sim, r->data + (size_t)r->count * (size_t)r->width);
  r->count++;
  return r->next ? r->next(sim, r->next_user) : 0;
}

long cs_rows_count(const cs_rows *rows) { return rows->count; }
int cs_rows_width(const cs_rows *rows) { return rows->width; }
const double *cs_rows_data(const cs_rows *rows) { return rows->data; }
int cs_rows_driver_count(const cs_rows *rows) { return rows->ndriver; }
int cs_rows_driver(const cs_rows *rows, int i) { return rows->driver[i]; }
