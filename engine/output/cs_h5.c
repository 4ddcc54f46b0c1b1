/*
 * cs_h5.c — the HDF5 output sink of a mechanism's run. The file's layout (groups, datasets,
 * attributes, units) is written down once, in engine/output/README.md "A run"; keep the two in
 * step. Every dataset is created, whatever the model (a model without constraints has names [0]
 * and lambda [N, 0]), so readers need no special cases. The machinery (quiet errors, the common
 * root, buffered and flushed time series) is shared with the other sinks: cs_h5_util.h.
 */
#include "cs_h5.h"
#include "cs_sim_linear.h"

#include "cs_status.h"
#include "cs_h5_util.h"
#include "cs_model.h"
#include "cs_clearance.h"
#include "cs_rows.h"
#include "cs_wear_h5.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The series every file has, in the order fill_row fills them; drivers follow. */
enum {
  S_TIME, S_POSITION, S_VELOCITY, S_ACCELERATION, S_LAMBDA, S_POSITION_DRIFT, S_VELOCITY_DRIFT,
  S_KINETIC, S_POTENTIAL, S_STRAIN, S_DISSIPATED, S_DRIVER_WORK, S_APPLIED_WORK,
  S_BALANCE_ERROR, S_FIXED
};

typedef enum row_shape { PER_INSTANT, PER_BODY, PER_ROW } row_shape;

static const struct {
  const char *path, *units;
  row_shape shape;
} fixed_series[S_FIXED] = {
  [S_TIME] = {"time", "s", PER_INSTANT},
  [S_POSITION] = {"bodies/position", "m, m, rad", PER_BODY},
  [S_VELOCITY] = {"bodies/velocity", "m/s, m/s, rad/s", PER_BODY},
  [S_ACCELERATION] = {"bodies/acceleration", "m/s^2, m/s^2, rad/s^2", PER_BODY},
  /* A row's multiplier is a force (N) when its constraint is a distance, a moment (N*m) when
   * it is an angle; /constraints/names tells which joint each row belongs to. */
  [S_LAMBDA] = {"constraints/lambda", "N (distance rows), N*m (angle rows)", PER_ROW},
  [S_POSITION_DRIFT] = {"constraints/position_drift", "m or rad", PER_INSTANT},
  [S_VELOCITY_DRIFT] = {"constraints/velocity_drift", "m/s or rad/s", PER_INSTANT},
  [S_KINETIC] = {"energy/kinetic", "J", PER_INSTANT},
  [S_POTENTIAL] = {"energy/potential", "J", PER_INSTANT},
  [S_STRAIN] = {"energy/strain", "J", PER_INSTANT},
  [S_DISSIPATED] = {"energy/dissipated", "J", PER_INSTANT},
  [S_DRIVER_WORK] = {"energy/driver_work", "J", PER_INSTANT},
  [S_APPLIED_WORK] = {"energy/applied_work", "J", PER_INSTANT},
  [S_BALANCE_ERROR] = {"energy/balance_error", "J", PER_INSTANT},
};

static const char *const groups[] = {"bodies", "constraints", "drivers", "energy", "solver",
                                     "joints", "events"};

/* The series of each clearance joint, in the order fill_joint fills them. */
enum { J_ECCENTRICITY, J_PENETRATION, J_RATE, J_NORMAL, J_TANGENTIAL, J_ROLLING, J_POINT,
       J_IN_CONTACT, J_IMPACT, J_REGION, J_FILM, J_ECC_RATIO, J_FILM_MIN, J_FILM_REGIME,
       J_WEAR, J_SERIES };
static const struct {
  const char *leaf, *units;
  int pair; /* [N, 2] rather than [N] */
} joint_series[J_SERIES] = {
  [J_ECCENTRICITY] = {"eccentricity", "m", 1},  [J_PENETRATION] = {"penetration", "m", 0},
  [J_RATE] = {"penetration_rate", "m/s", 0},    [J_NORMAL] = {"normal_force", "N", 0},
  [J_TANGENTIAL] = {"tangential_force", "N", 0}, [J_ROLLING] = {"rolling_torque", "N*m", 0},
  [J_POINT] = {"contact_point", "m", 1},
  [J_IN_CONTACT] = {"in_contact", "1", 0},      [J_IMPACT] = {"impact_velocity", "m/s", 0},
  [J_REGION] = {"region", "1 (index into the group's regions attribute)", 0},
  [J_FILM] = {"film_force", "N", 1},             [J_ECC_RATIO] = {"eccentricity_ratio", "1", 0},
  [J_FILM_MIN] = {"min_film_thickness", "m", 0},
  [J_FILM_REGIME] = {"film_regime", "1 (0 dry joint, 1 full film, 2 boundary film, 3 dry "
                     "contact beside the film)", 0},
  [J_WEAR] = {"wear_volume", "m^3", 0},
};

/* The series of a joint's corners (cs_rows.h's order), [N, K] (the contact point [N, K, 2]),
 * for joints of more than one contact point. */
enum { C_POINT = 4, C_SERIES = 8 };
static const struct {
  const char *leaf, *units;
} corner_series[C_SERIES] = {
  {"penetration", "m"}, {"penetration_rate", "m/s"}, {"normal_force", "N"},
  {"tangential_force", "N"}, {"contact_point", "m"}, {"in_contact", "1"},
  {"impact_velocity", "m/s"}, {"region", "1 (index into the joint's regions attribute)"},
};

struct cs_h5 {
  char *path;
  hid_t file;
  int nbody, nrow, ndriver, nclear;
  cs_h5_table tab; /* S_FIXED series, one per driver, then J_SERIES per clearance joint */
  cs_rows *layout; /* the row (cs_rows.h), whose values are these series in this order */
  double *row;
};

/* ---------------------------------------------------------------- the file --------------- */

static const char *driver_units(const cs_model *model, int joint)
{
  return strcmp(cs_model_joint_kind(model, joint), "angle driver") == 0 ? "N*m" : "N";
}

/* The fixed series of an open file; the drivers' follow (create_drivers). */
static cs_status create_series(cs_h5 *h, const cs_model *model, cs_error *err)
{
  h->layout = cs_rows_new(model);
  h->row = h->layout ? malloc((size_t)cs_rows_width(h->layout) * sizeof *h->row) : NULL;
  if (!h->row)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", h->path);
  int ndriver = h->ndriver = cs_rows_driver_count(h->layout);
  h->nclear = cs_model_clearance_count(model);
  int nseries = S_FIXED + ndriver + J_SERIES * h->nclear;
  for (int k = 0; k < h->nclear; k++)
    nseries += cs_rows_corners(model, k) ? C_SERIES : 0;
  cs_status st = cs_h5_table_init(&h->tab, h->path, h->file, nseries, err);
  for (int i = 0; st == CS_OK && i < S_FIXED; i++) {
    row_shape shape = fixed_series[i].shape;
    int rank = shape == PER_INSTANT ? 1 : shape == PER_ROW ? 2 : 3;
    hsize_t n0 = (hsize_t)(shape == PER_BODY ? h->nbody : h->nrow);
    st = cs_h5_table_series(&h->tab, i, rank, n0, 3, fixed_series[i].path,
                            fixed_series[i].units, rank == 3 ? "x, y, theta" : NULL, err);
  }
  return st;
}

/* A joint's name becomes an HDF5 link name: no '/', not "." (the loader need not forbid them,
 * so the sink says what it cannot write). */
static cs_status driver_path(const cs_h5 *h, const char *joint, const char *leaf, char *path,
                             size_t size, cs_error *err)
{
  int n = snprintf(path, size, "drivers/%s%s%s", joint, leaf[0] ? "/" : "", leaf);
  if (!joint[0] || strchr(joint, '/') || strcmp(joint, ".") == 0 || n < 0 || (size_t)n >= size)
    return cs_fail(err, CS_ERR_INPUT,
                   "HDF5 output '%s': the driver name \"%.64s\" cannot name an HDF5 group "
                   "(expected a name that is not empty, not \".\", without '/', and shorter "
                   "than %zu bytes)",
                   h->path, joint, size - sizeof "drivers//reaction");
  return CS_OK;
}

static cs_status create_drivers(cs_h5 *h, const cs_model *model, cs_error *err)
{
  char path[512];
  for (int i = S_FIXED; i < S_FIXED + h->ndriver; i++) {
    int j = cs_rows_driver(h->layout, i - S_FIXED);
    const char *name = cs_model_joint_name(model, j);
    cs_status st = driver_path(h, name, "", path, sizeof path, err);
    if (st != CS_OK)
      return st;
    hid_t g = H5Gcreate2(h->file, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = g < 0 ? -1 : cs_h5_attr_text(g, "joint_kind", cs_model_joint_kind(model, j));
    cs_h5_close_id(g, H5Gclose);
    if (rc < 0)
      return cs_h5_fail(err, h->path, "create a driver group");
    driver_path(h, name, "reaction", path, sizeof path, err);
    st = cs_h5_table_series(&h->tab, i, 1, 0, 0, path, driver_units(model, j), NULL, err);
    if (st != CS_OK)
      return st;
  }
  return CS_OK;
}

/* A clearance joint's group name is its name: the same rules as a driver's. */
static cs_status joint_path(const cs_h5 *h, const char *joint, const char *leaf, char *path,
                            size_t size, cs_error *err)
{
  int n = snprintf(path, size, "joints/%s%s%s", joint, leaf[0] ? "/" : "", leaf);
  if (!joint[0] || strchr(joint, '/') || strcmp(joint, ".") == 0 || n < 0 || (size_t)n >= size)
    return cs_fail(err, CS_ERR_INPUT,
                   "HDF5 output '%s': the clearance joint name \"%.64s\" cannot name an HDF5 "
                   "group", h->path, joint);
  return CS_OK;
}

/* The names of joint k's contact points, "; " between them (a pair's name has commas). */
enum { CORNER_NAME = 96 };
static char *corner_list(const cs_model *model, int k)
{
  int n = cs_model_clearance_corner_count(model, k);
  char *list = malloc((size_t)n * (CORNER_NAME + 2) + 1), *at = list;
  for (int i = 0; list && i < n; i++) {
    at += snprintf(at, 3, "%s", i ? "; " : "");
    char name[CORNER_NAME];
    cs_model_clearance_corner_name(model, k, i, name, sizeof name);
    at += snprintf(at, CORNER_NAME, "%s", name);
  }
  return list;
}

static cs_status create_clearances(cs_h5 *h, const cs_model *model, cs_error *err)
{
  char path[512];
  for (int k = 0; k < h->nclear; k++) {
    const char *name = cs_model_clearance_name(model, k);
    char list[256] = "";
    cs_status st = joint_path(h, name, "", path, sizeof path, err);
    if (st != CS_OK)
      return st;
    int nregion = cs_model_clearance_region_count(model, k);
    for (int r = 0; r < nregion; r++)
      snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", r ? ", " : "",
               cs_model_clearance_region(model, k, r));
    hid_t g = H5Gcreate2(h->file, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = g < 0 ? -1 : cs_h5_attr_text(g, "kind", cs_model_clearance_kind(model, k));
    if (rc >= 0)
      rc = cs_h5_attr_double(g, "clearance", cs_model_clearance_size(model, k));
    if (rc >= 0)
      rc = cs_h5_attr_text(g, "regions", list);
    char *corners = corner_list(model, k);
    rc = rc >= 0 && corners ? cs_h5_attr_text(g, "corners", corners) : -1;
    free(corners);
    const cs_clearance_start *start = &model->clearances[k].start; /* as the loader resolved it */
    if (rc >= 0)
      rc = cs_h5_attr_text(g, "start_velocity", start->ideal_velocity ? "ideal" : "given");
    if (rc >= 0)
      rc = cs_h5_attr_text(g, "start_position", cs_start_positions[start->position]);
    const cs_lubrication *lub = &model->clearances[k].lubrication;
    if (rc >= 0 && lub->model != CS_FILM_NONE) /* as the loader resolved it (its default too) */
      rc = cs_h5_attr_double(g, "boundary_film", lub->boundary_film);
    cs_h5_close_id(g, H5Gclose);
    if (rc < 0)
      return cs_h5_fail(err, h->path, "create a clearance joint's group");
    for (int i = 0; i < J_SERIES; i++) {
      joint_path(h, name, joint_series[i].leaf, path, sizeof path, err);
      int series = S_FIXED + h->ndriver + J_SERIES * k + i, pair = joint_series[i].pair;
      st = cs_h5_table_series(&h->tab, series, pair ? 2 : 1, pair ? 2 : 0, 0, path,
                              joint_series[i].units, pair ? "x, y" : NULL, err);
      if (st != CS_OK)
        return st;
    }
  }
  return CS_OK;
}

/* /joints/<name>/corners of every joint of more than one contact point: its series, after
 * the joints' own (cs_rows.h). */
static cs_status create_corners(cs_h5 *h, const cs_model *model, cs_error *err)
{
  char path[512];
  int series = S_FIXED + h->ndriver + J_SERIES * h->nclear;
  for (int k = 0; k < h->nclear; k++) {
    const int n = cs_rows_corners(model, k);
    if (!n)
      continue;
    const char *name = cs_model_clearance_name(model, k);
    joint_path(h, name, "corners", path, sizeof path, err);
    if (cs_h5_group(h->file, path) < 0)
      return cs_h5_fail(err, h->path, "create a clearance joint's corners");
    for (int i = 0; i < C_SERIES; i++, series++) {
      char leaf[64];
      snprintf(leaf, sizeof leaf, "corners/%s", corner_series[i].leaf);
      joint_path(h, name, leaf, path, sizeof path, err);
      const int point = i == C_POINT;
      cs_status st = cs_h5_table_series(&h->tab, series, point ? 3 : 2, (hsize_t)n,
                                        point ? 2 : 0, path, corner_series[i].units,
                                        point ? "x, y" : NULL, err);
      if (st != CS_OK)
        return st;
    }
  }
  return CS_OK;
}

/* /events, at close: the contacts of the run. */
static herr_t put_events(hid_t file, const cs_sim *sim)
{
  const cs_model *model = cs_sim_model(sim);
  int n = cs_sim_event_count(sim);
  const char **joint = malloc(((size_t)n + 1) * sizeof *joint);
  const char **region = malloc(((size_t)n + 1) * sizeof *region);
  const char **corner = malloc(((size_t)n + 1) * sizeof *corner);
  char *corner_text = malloc(((size_t)n + 1) * CORNER_NAME);
  double *col = malloc(5 * ((size_t)n + 1) * sizeof *col);
  herr_t rc = -1;
  if (joint && region && corner && corner_text && col) {
    for (int i = 0; i < n; i++) {
      cs_contact_event e;
      cs_sim_event(sim, i, &e);
      joint[i] = cs_model_clearance_name(model, e.joint);
      region[i] = cs_model_clearance_region(model, e.joint, e.region);
      char *name = corner_text + (size_t)i * CORNER_NAME;
      cs_model_clearance_corner_name(model, e.joint, e.corner, name, CORNER_NAME);
      corner[i] = name;
      double row[5] = {e.t_on, e.t_off, e.impact_velocity, e.max_penetration, e.max_force};
      for (int c = 0; c < 5; c++)
        col[(size_t)c * n + i] = row[c];
    }
    static const char *const names[5] = {"t_on", "t_off", "impact_velocity", "max_penetration",
                                         "max_force"};
    static const char *const units[5] = {"s", "s (NaN: still in contact)", "m/s", "m", "N"};
    char path[64];
    rc = cs_h5_text(file, "events/joint", n, joint);
    if (rc >= 0)
      rc = cs_h5_text(file, "events/region", n, region);
    if (rc >= 0)
      rc = cs_h5_text(file, "events/corner", n, corner);
    for (int c = 0; c < 5 && rc >= 0; c++) {
      snprintf(path, sizeof path, "events/%s", names[c]);
      rc = cs_h5_array(file, path, (hsize_t)n, 0, col + (size_t)c * n, units[c], NULL);
    }
    /* how often damping would have pulled (contact/README.md: clipped at zero, and counted) */
    hid_t g = rc >= 0 ? H5Gopen2(file, "events", H5P_DEFAULT) : H5I_INVALID_HID;
    rc = g < 0 ? -1 : cs_h5_attr_long(g, "clipped_steps", cs_sim_clip_count(sim));
    cs_h5_close_id(g, H5Gclose);
  }
  free(joint);
  free(region);
  free(corner);
  free(corner_text);
  free(col);
  return rc;
}

/* /bodies/points: the points a drawing of each body passes through (cs_model_body_points), one
 * (body index, x, y) row each, so tools can draw the mechanism without parsing /model. */
static herr_t put_points(hid_t file, const cs_model *model)
{
  int nbody = cs_model_body_count(model), total = 0;
  for (int b = 0; b < nbody; b++)
    total += cs_model_body_points(model, b, NULL, 0);
  double (*xy)[2] = malloc(((size_t)total + 1) * sizeof *xy);
  double *rows = malloc(3 * ((size_t)total + 1) * sizeof *rows);
  herr_t rc = -1;
  if (xy && rows) {
    for (int b = 0, r = 0; b < nbody; b++) {
      int n = cs_model_body_points(model, b, xy, total - r);
      for (int i = 0; i < n; i++, r++)
        rows[3 * r] = b, rows[3 * r + 1] = xy[i][0], rows[3 * r + 2] = xy[i][1];
    }
    rc = cs_h5_array(file, "bodies/points", (hsize_t)total, 3, rows, "1, m, m", "body, x, y");
  }
  free(rows);
  free(xy);
  return rc;
}

static cs_status create_layout(cs_h5 *h, const cs_sim *sim, cs_error *err)
{
  const cs_model *model = cs_sim_model(sim);
  const char *formulation = cs_formulation_name(cs_sim_formulation(sim));
  if (cs_h5_attr_text(h->file, "formulation", formulation) < 0 ||
      cs_h5_attr_double(h->file, "t_final", cs_sim_time(sim)) < 0)
    return cs_h5_fail(err, h->path, "write the root attributes");
  for (size_t i = 0; i < sizeof groups / sizeof *groups; i++)
    if (cs_h5_group(h->file, groups[i]) < 0)
      return cs_h5_fail(err, h->path, "create a group");
  const char **names = malloc(((size_t)(h->nbody > h->nrow ? h->nbody : h->nrow) + 1) * sizeof *names);
  if (!names)
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", h->path);
  for (int i = 0; i < h->nbody; i++)
    names[i] = cs_model_body_name(model, i);
  herr_t rc = cs_h5_text(h->file, "bodies/names", h->nbody, names);
  for (int i = 0; i < h->nrow; i++)
    names[i] = cs_sim_constraint_name(sim, i);
  if (rc >= 0)
    rc = cs_h5_text(h->file, "constraints/names", h->nrow, names);
  free(names);
  if (rc < 0)
    return cs_h5_fail(err, h->path, "write the names of bodies and constraints");
  if (put_points(h->file, model) < 0)
    return cs_h5_fail(err, h->path, "write the bodies' drawing points");
  cs_status st = create_series(h, model, err);
  if (st == CS_OK)
    st = create_drivers(h, model, err);
  if (st == CS_OK)
    st = create_clearances(h, model, err);
  if (st == CS_OK)
    st = create_corners(h, model, err);
  size_t width = 0; /* fill_row splits the output row by the series' widths */
  for (int i = 0; st == CS_OK && i < h->tab.n; i++)
    width += h->tab.s[i].width;
  if (st == CS_OK && width != (size_t)cs_rows_width(h->layout))
    st = cs_fail(err, CS_ERR_IO, "HDF5 output '%s': %zu values per row in its series, %d in "
                 "the output row (internal error)", h->path, width, cs_rows_width(h->layout));
  return st;
}

/* ---------------------------------------------------------------- rows ------------------- */

/* Row r of every series: the output row (cs_rows_fill) split by the series' widths, which
 * follow its order. */
static void fill_row(cs_h5 *h, const cs_sim *sim, int r)
{
  cs_rows_fill(h->layout, sim, h->row);
  const double *v = h->row;
  for (int i = 0; i < h->tab.n; i++) {
    const cs_h5_series *s = &h->tab.s[i];
    memcpy(s->buf + (size_t)r * s->width, v, s->width * sizeof *v);
    v += s->width;
  }
}

/* ---------------------------------------------------------------- entry points ----------- */

static void release(cs_h5 *h)
{
  cs_h5_table_close(&h->tab);
  cs_h5_close_id(h->file, H5Fclose);
  cs_rows_free(h->layout);
  free(h->row);
  free(h->path);
  free(h);
}

static cs_status open_quietly(const char *path, const cs_sim *sim, cs_h5 **out, cs_error *err)
{
  const cs_model *model = cs_sim_model(sim);
  cs_h5 *h = calloc(1, sizeof *h);
  if (!h || !(h->path = malloc(strlen(path) + 1))) {
    free(h);
    return cs_fail(err, CS_ERR_MEMORY, "HDF5 output '%s': out of memory", path);
  }
  strcpy(h->path, path);
  h->nbody = cs_model_body_count(model);
  h->nrow = cs_model_constraint_count(model);
  cs_status st = cs_h5_create_file(path, cs_model_name(model), cs_model_json(model), "running",
                                   "", &h->file, err);
  if (st == CS_OK)
    st = create_layout(h, sim, err);
  if (st == CS_OK && H5Fflush(h->file, H5F_SCOPE_LOCAL) < 0)
    st = cs_h5_fail(err, path, "flush");
  if (st != CS_OK) {
    /* Never committed, so no file is left (cs_h5_driver.h): the error says why. */
    cs_h5_end_file(&h->file, &h->tab, path, st, "failed", "", NULL, err);
    release(h);
    return st;
  }
  *out = h;
  return CS_OK;
}

cs_status cs_h5_open(const char *path, const cs_sim *sim, cs_h5 **h5, cs_error *err)
{
  *h5 = NULL;
  if (!path || !path[0] || !sim)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_h5_open: needs a file name and a simulation");
  cs_h5_quiet q = cs_h5_quiet_begin();
  cs_status st = open_quietly(path, sim, h5, err);
  cs_h5_quiet_end(&q);
  return st;
}

static cs_status append_quietly(cs_h5 *h, const cs_sim *sim, cs_error *err)
{
  int r;
  cs_status st = cs_h5_table_begin_row(&h->tab, &r, err);
  if (st != CS_OK)
    return st;
  fill_row(h, sim, r);
  return cs_h5_table_end_row(&h->tab, cs_sim_time(sim), err);
}

cs_status cs_h5_append(cs_h5 *h5, const cs_sim *sim, cs_error *err)
{
  cs_h5_quiet q = cs_h5_quiet_begin();
  cs_status st = append_quietly(h5, sim, err);
  cs_h5_quiet_end(&q);
  return st;
}

/* Which linear solver the run's IDAS factored its iteration matrix with (engine/output/README.md "A run"):
 * "dense" (LAPACK LU), "sparse" (KLU) or "none" (the projected formulation), and how many
 * factorizations took the fallback (the rank-revealing decomposition, or dense for KLU). */
static herr_t put_linear_solver(hid_t file, const cs_sim *sim)
{
  long fallbacks = 0;
  int kind = cs_sim_linear_solver(sim, &fallbacks);
  htri_t exists = H5Lexists(file, "solver", H5P_DEFAULT);
  if (exists < 0 || (!exists && cs_h5_group(file, "solver") < 0))
    return -1;
  hid_t g = H5Gopen2(file, "solver", H5P_DEFAULT);
  if (g < 0)
    return -1;
  herr_t rc = cs_h5_attr_text(g, "linear_solver",
                              kind < 0 ? "none" : cs_linear_solver_names[CS_LINSOL_DENSE + kind]);
  if (rc >= 0)
    rc = cs_h5_attr_long(g, "linear_fallbacks", kind < 0 ? 0 : fallbacks);
  cs_h5_close_id(g, H5Gclose);
  return rc;
}

static cs_status close_quietly(cs_h5 *h, const cs_sim *sim, const char *status,
                               const char *message, cs_error *err)
{
  cs_stats stats, *have = NULL;
  if (sim)
    cs_sim_stats(sim, have = &stats);
  cs_status st = cs_h5_table_flush(&h->tab, err);
  if (st == CS_OK && sim) {
    if (put_events(h->file, sim) < 0)
      st = cs_h5_fail(err, h->path, "write the contact events");
    else if (cs_wear_h5_write(h->file, sim) < 0)
      st = cs_h5_fail(err, h->path, "write the worn profiles");
    else if (cs_h5_attr_text(h->file, "warnings", cs_sim_warnings(sim)) < 0)
      st = cs_h5_fail(err, h->path, "write the warnings");
    else if (put_linear_solver(h->file, sim) < 0)
      st = cs_h5_fail(err, h->path, "write the linear solver");
  }
  /* Rows that did not land make the run failed, whatever the caller says. */
  st = cs_h5_end_file(&h->file, &h->tab, h->path, st, status, message, have, err);
  release(h);
  return st;
}

cs_status cs_h5_close(cs_h5 *h5, const cs_sim *sim, const char *status, const char *message,
                      cs_error *err)
{
  if (!h5)
    return CS_OK;
  cs_h5_quiet q = cs_h5_quiet_begin();
  cs_status st = close_quietly(h5, sim, status, message, err);
  cs_h5_quiet_end(&q);
  return st;
}

cs_status cs_h5_write_failure(const char *path, const cs_model *model, const char *message,
                              cs_error *err)
{
  if (!path || !path[0] || !model)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_h5_write_failure: needs a file name and a model");
  cs_h5_quiet q = cs_h5_quiet_begin();
  hid_t file;
  cs_status st = cs_h5_create_file(path, cs_model_name(model), cs_model_json(model), "failed",
                                   message ? message : "", &file, err);
  if (file >= 0)
    st = cs_h5_end_file(&file, NULL, path, st, "failed", message ? message : "", NULL, err);
  cs_h5_quiet_end(&q);
  return st;
}

/* /verify: the verdict and the figures it weighed (engine/run/README.md "Verifying a run"). */
static herr_t put_verify(hid_t file, const cs_verify_result *v)
{
  const struct {
    const char *name;
    double value;
  } figures[] = {
    {"rtol", v->rtol}, {"atol", v->atol}, {"parting_on", v->parting_on},
    {"parting_on_tight", v->parting_on_tight}, {"onset_shift", v->onset_shift},
    {"onset_share", v->onset_share}, {"peak_force_diff", v->peak_force_diff},
    {"state_diff", v->state_diff}, {"eccentricity_diff", v->eccentricity_diff},
    {"energy_scale", v->energy_scale}, {"energy_diff", v->energy_diff},
    {"balance_share", v->balance_share}, {"balance_share_tight", v->balance_share_tight},
    {"kinetic_tight", v->energy_tight.kinetic}, {"potential_tight", v->energy_tight.potential},
    {"strain_tight", v->energy_tight.strain}, {"dissipated_tight", v->energy_tight.dissipated},
    {"driver_work_tight", v->energy_tight.driver_work},
    {"applied_work_tight", v->energy_tight.applied_work},
    {"balance_error_tight", v->energy_tight.balance_error},
    {"wall_time_tight", v->stats_tight.wall_time},
  };
  const struct {
    const char *name;
    long value;
  } counts[] = {
    {"converged", v->converged}, {"contacts", v->contacts},
    {"contacts_tight", v->contacts_tight}, {"matched", v->matched},
    {"steps_tight", v->stats_tight.steps},
  };
  if (cs_h5_group(file, "verify") < 0)
    return -1;
  hid_t g = H5Gopen2(file, "verify", H5P_DEFAULT);
  if (g < 0)
    return -1;
  herr_t rc = cs_h5_attr_text(g, "verdict", v->verdict);
  for (size_t i = 0; rc >= 0 && i < sizeof figures / sizeof figures[0]; i++)
    rc = cs_h5_attr_double(g, figures[i].name, figures[i].value);
  for (size_t i = 0; rc >= 0 && i < sizeof counts / sizeof counts[0]; i++)
    rc = cs_h5_attr_long(g, counts[i].name, counts[i].value);
  cs_h5_close_id(g, H5Gclose);
  return rc;
}

cs_status cs_h5_put_verify(cs_h5 *h5, const cs_verify_result *v, cs_error *err)
{
  if (!h5)
    return CS_OK;
  cs_h5_quiet q = cs_h5_quiet_begin();
  cs_status st = put_verify(h5->file, v) < 0 ? cs_h5_fail(err, h5->path, "write /verify")
                                             : CS_OK;
  cs_h5_quiet_end(&q);
  return st;
}
