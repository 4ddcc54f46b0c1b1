/*
 * cs_loader_profile.c — a `profile` clearance joint's wall: the "profile" block
 * (models/README.md "Profiles"; keep the two in step).
 *
 *   "profile": {"path": [[x, y], [x, y], {"arc_to": [x, y], "centre": [x, y],
 *               "turn": "ccw" | "cw"}, …], "closed": false, "solid": "left" | "right"}
 *
 * A circle is one arc from a point back to itself: [[R, 0], {"arc_to": [R, 0], "centre": [0, 0],
 * "turn": "ccw"}] ("solid": "left", its inside; "right", a hole). A wall may instead be a
 * closed periodic cubic spline, {"spline": [[x, y], …], "solid": "left" | "right"}; a path's
 * step may be an open spline from the current point through points, {"spline": [[x, y], …],
 * "bands": B}. "profile" may be an array of such blocks: walls, each its own contact point of
 * the one follower.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"
#include "cs_clearance.h"

static const char *const path_keys[] = {"path", "closed", "solid", NULL};
static const char *const spline_keys[] = {"spline", "solid", "bands", NULL};
static const char *const path_sides[] = {"left", "right", NULL};
static const char *const arc_keys[] = {"arc_to", "centre", "turn", NULL};
static const char *const spline_step_keys[] = {"spline", "bands", NULL};
static const char *const turns[] = {"ccw", "cw", NULL};

/* The points [[x, y], …] of list at lp into *out (n of them; freed by the caller). */
static cs_status points(const cs_json *js, const cJSON *list, const char *lp, double (**out)[2],
                        int *n)
{
  char ep[CS_JSON_PATH], got[96];
  int i = 0;
  *n = cJSON_GetArraySize(list);
  *out = calloc((size_t)*n + 1, sizeof **out);
  if (!*out)
    return cs_json_out_of_memory(js);
  for (const cJSON *e = list->child; e; e = e->next, i++) {
    cs_json_element(ep, lp, i);
    for (int k = 0; k < 2; k++) {
      const cJSON *x = cJSON_GetArrayItem(e, k);
      if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2 || !cJSON_IsNumber(x))
        return cs_json_fail(js, ep, "expected a point [x, y], got %s",
                            cs_json_describe(e, got, sizeof got));
      CS_TRY(cs_json_number_value(js, x, ep, CS_JSON_ANY, &(*out)[i][k]));
    }
  }
  return CS_OK;
}

/* A spline's "bands" at path (default 1, at most 7: each may be a region). */
static cs_status spline_bands(const cs_json *js, const cJSON *obj, const char *path, long *bands)
{
  char ep[CS_JSON_PATH];
  *bands = 1;
  CS_TRY(cs_json_count(js, obj, path, "bands", bands));
  if (*bands <= 7)
    return CS_OK;
  cs_json_child(ep, path, "bands");
  return cs_json_fail(js, ep, "expected at most 7 bands (each may be a region), got %ld", *bands);
}

/* A spline step {"spline": [[x, y], …], "bands": B} at path: an open spline from the current
 * point through the points (st->pts, freed by the caller), ending at the last. */
static cs_status spline_step(const cs_json *js, const cJSON *v, const char *path,
                             cs_path_step *st)
{
  char lp[CS_JSON_PATH];
  const cJSON *list;
  long bands;
  double(*pts)[2] = NULL;
  CS_TRY(cs_json_keys(js, v, path, spline_step_keys, " for a spline step"));
  CS_TRY(cs_json_array(js, v, path, "spline", "an array of points [x, y] the curve passes "
                       "through from the current point, in order", 1, &list));
  CS_TRY(spline_bands(js, v, path, &bands));
  cs_json_child(lp, path, "spline");
  if (cJSON_GetArraySize(list) < 1)
    return cs_json_fail(js, lp, "expected at least one point [x, y], got an empty array");
  cs_status status = points(js, list, lp, &pts, &st->npts);
  st->pts = (const double(*)[2])pts; /* (the caller's to free, whatever the status) */
  if (status != CS_OK)
    return status;
  st->to[0] = pts[st->npts - 1][0], st->to[1] = pts[st->npts - 1][1];
  st->bands = (int)bands;
  return CS_OK;
}

/* Path element i (after the start): a point [x, y] (a segment to it), an arc step or a spline
 * step. */
static cs_status step(const cs_json *js, const cJSON *v, const char *path, cs_path_step *st)
{
  char got[96];
  memset(st, 0, sizeof *st);
  if (cJSON_IsObject(v) && cs_json_member(v, "spline"))
    return spline_step(js, v, path, st);
  if (cJSON_IsArray(v)) {
    for (int k = 0; k < 2; k++) {
      const cJSON *x = cJSON_GetArrayItem(v, k);
      if (cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(x))
        return cs_json_fail(js, path, "expected a point [x, y] or {\"arc_to\": [x, y], "
                            "\"centre\": [x, y], \"turn\": \"ccw\" | \"cw\"}, got %s",
                            cs_json_describe(v, got, sizeof got));
      CS_TRY(cs_json_number_value(js, x, path, CS_JSON_ANY, &st->to[k]));
    }
    return CS_OK;
  }
  if (!cJSON_IsObject(v))
    return cs_json_fail(js, path, "expected a point [x, y], {\"arc_to\": [x, y], \"centre\": "
                        "[x, y], \"turn\": \"ccw\" | \"cw\"} or {\"spline\": [[x, y], …]}, got %s",
                        cs_json_describe(v, got, sizeof got));
  int turn;
  CS_TRY(cs_json_keys(js, v, path, arc_keys, " for an arc step"));
  CS_TRY(cs_json_vector(js, v, path, "arc_to", 2, "[x, y]", NULL, st->to));
  CS_TRY(cs_json_vector(js, v, path, "centre", 2, "[x, y]", NULL, st->centre));
  CS_TRY(cs_json_choice(js, v, path, "turn", turns, -1, &turn));
  st->arc = 1;
  st->ccw = turn == 0;
  return CS_OK;
}

/* The path's steps: its first element is the start point. */
static cs_status path_steps(const cs_json *js, const cJSON *list, const char *lp, double start[2],
                            cs_path_step **steps, int *n)
{
  char ep[CS_JSON_PATH];
  int count = cJSON_GetArraySize(list);
  if (count < 2)
    return cs_json_fail(js, lp, "expected a start point and at least one step, got %d "
                        "element%s", count, count == 1 ? "" : "s");
  *steps = calloc((size_t)count, sizeof **steps);
  if (!*steps)
    return cs_json_out_of_memory(js);
  cs_path_step first;
  cs_json_element(ep, lp, 0);
  cs_status st = step(js, list->child, ep, &first);
  if (st == CS_OK && (first.arc || first.npts))
    st = cs_json_fail(js, ep, "expected the start point [x, y], got %s step",
                      first.arc ? "an arc" : "a spline");
  free((void *)first.pts);
  if (st != CS_OK)
    return st;
  start[0] = first.to[0], start[1] = first.to[1];
  int i = 0;
  for (const cJSON *e = list->child->next; e; e = e->next, i++) {
    cs_json_element(ep, lp, i + 1);
    *n = i + 1; /* (the steps so far: the caller frees their points) */
    CS_TRY(step(js, e, ep, &(*steps)[i]));
  }
  *n = i;
  return CS_OK;
}

/* The pointer of the part of a wall at crossing end k: a path's step (the segment closing it:
 * the path), a spline wall's span (its first point). */
static void crossing_part(const cs_profile *p, const cs_profile_cross *x, int k, const char *lp,
                          int nstep, char *ep)
{
  const cs_feature *f = &p->f[x->feature[k]];
  if (f->step < 0)
    cs_json_element(ep, lp, cs_spline_span(f->spline, x->u[k]));
  else if (f->step < nstep)
    cs_json_element(ep, lp, f->step + 1);
  else
    strcpy(ep, lp);
}

/* A wall whose pieces cross each other (a figure-eight, a spline that loops) is refused (and
 * freed), naming the later part by its pointer and the earlier in the message. */
static cs_status uncrossed(const cs_json *js, const char *lp, int nstep, cs_profile **out)
{
  cs_profile_cross x;
  int r = cs_profile_crossing(*out, &x), spline = 0, closing = 0;
  char a[CS_JSON_PATH], b[CS_JSON_PATH];
  if (r > 0) {
    crossing_part(*out, &x, 0, lp, nstep, a);
    crossing_part(*out, &x, 1, lp, nstep, b);
    spline = (*out)->f[x.feature[1]].step < 0, closing = !strcmp(b, lp);
  }
  if (r != 0)
    cs_profile_free(*out), *out = NULL;
  if (r < 0)
    return cs_json_out_of_memory(js);
  if (r == 0)
    return CS_OK;
  const char *what = spline ? "the curve's span from this point" : closing ? "the segment "
                     "closing the path" : "this step";
  for (int k = 0; k < 2; k++) /* (a round-off's 1e-19 m is 0) */
    x.at[k] = fabs(x.at[k]) < 1e-12 ? 0.0 : x.at[k];
  if (!strcmp(a, b))
    return cs_json_fail(js, b, "expected a wall that does not cross itself, but %s crosses "
                        "itself at (%.6g, %.6g) m", what, x.at[0], x.at[1]);
  return cs_json_fail(js, b, "expected a wall that does not cross itself, but %s crosses %s at "
                      "(%.6g, %.6g) m", what, a, x.at[0], x.at[1]);
}

static cs_status build(const cs_json *js, const char *path, const double start[2],
                       const cs_path_step *steps, int n, int closed, int solid_left, double rp,
                       cs_profile **out)
{
  char why[256], ep[CS_JSON_PATH];
  int bad;
  *out = cs_profile_build(start, steps, n, closed, solid_left, rp, why, sizeof why, &bad);
  if (*out) {
    CS_TRY(uncrossed(js, path, n, out));
    *out = cs_profile_split(*out, start, steps, n, solid_left, rp, why, sizeof why, &bad);
    if (*out)
      return CS_OK;
  }
  if (bad == -2)
    return cs_json_out_of_memory(js);
  if (bad >= 0 && bad < n) /* the path's element: step k is element k + 1 */
    cs_json_element(ep, path, bad + 1);
  else
    strcpy(ep, path);
  return cs_json_fail(js, ep, "%s", why);
}

/* A spline wall: {"spline": [[x, y], …], "solid": …} at pp. */
static cs_status spline_wall(const cs_json *js, const cJSON *obj, const char *pp, double rp,
                             cs_profile **out)
{
  char lp[CS_JSON_PATH], ep[CS_JSON_PATH], why[256];
  const cJSON *list;
  int side;
  CS_TRY(cs_json_keys(js, obj, pp, spline_keys, " for a spline wall"));
  CS_TRY(cs_json_array(js, obj, pp, "spline", "an array of points [x, y] the closed curve "
                       "passes through, in order", 1, &list));
  CS_TRY(cs_json_choice(js, obj, pp, "solid", path_sides, -1, &side));
  long bands;
  CS_TRY(spline_bands(js, obj, pp, &bands));
  cs_json_child(lp, pp, "spline");
  int n, bad;
  double(*pts)[2] = NULL;
  cs_status st = points(js, list, lp, &pts, &n);
  if (st != CS_OK) {
    free(pts);
    return st;
  }
  *out = cs_profile_build_spline((const double(*)[2])pts, n, side == 0, rp, (int)bands, why,
                                 sizeof why, &bad);
  free(pts);
  if (*out)
    return uncrossed(js, lp, 0, out);
  if (bad == -2)
    return cs_json_out_of_memory(js);
  if (bad >= 0)
    cs_json_element(ep, lp, bad);
  else
    strcpy(ep, lp);
  return cs_json_fail(js, ep, "%s", why);
}

/* One wall: {"path": …, "closed": …, "solid": …} or a spline wall at pp. */
static cs_status wall(const cs_json *js, const cJSON *obj, const char *pp, double rp,
                      cs_profile **out)
{
  char lp[CS_JSON_PATH];
  const cJSON *list;
  *out = NULL;
  CS_TRY(cs_json_object(js, obj, pp));
  if (cs_json_member(obj, "spline"))
    return spline_wall(js, obj, pp, rp, out);
  int side, closed;
  CS_TRY(cs_json_keys(js, obj, pp, path_keys, " for a path profile"));
  CS_TRY(cs_json_array(js, obj, pp, "path", "an array: a start point [x, y], then points and "
                       "arc steps", 1, &list));
  CS_TRY(cs_json_bool(js, obj, pp, "closed", 0, &closed));
  CS_TRY(cs_json_choice(js, obj, pp, "solid", path_sides, -1, &side));
  cs_json_child(lp, pp, "path");
  cs_path_step *steps = NULL;
  double start[2];
  int n = 0;
  cs_status st = path_steps(js, list, lp, start, &steps, &n);
  if (st == CS_OK)
    st = build(js, lp, start, steps, n, closed, side == 0, rp, out);
  for (int i = 0; steps && i < n; i++)
    free((void *)steps[i].pts);
  free(steps);
  return st;
}

cs_status cs_json_profile_wall(const cs_json *js, const cJSON *obj, const char *pp, double rp,
                               cs_profile **out)
{
  return wall(js, obj, pp, rp, out);
}

/* The walls of "profile" given as an array (at pp), joined to c's first. */
static cs_status walls(const cs_json *js, const cJSON *obj, const char *pp, cs_clearance *c)
{
  char ep[CS_JSON_PATH], why[256];
  if (cJSON_GetArraySize(obj) < 1)
    return cs_json_fail(js, pp, "expected at least one wall {\"path\": …, \"solid\": …}, "
                        "got an empty array");
  int i = 0;
  for (const cJSON *e = obj->child; e; e = e->next, i++) {
    cs_profile *w;
    cs_json_element(ep, pp, i);
    cs_status st = wall(js, e, ep, c->pin_radius, &w);
    if (st != CS_OK)
      return st;
    while (w) { /* one at a time: a path cut at its concave corners is several walls */
      cs_profile *next = w->next;
      w->next = NULL;
      if (!c->profile)
        c->profile = w;
      else if (cs_profile_join(c->profile, w, why, sizeof why)) {
        cs_profile_free(w);
        cs_profile_free(next);
        return cs_json_fail(js, ep, "%s", why);
      }
      w = next;
    }
  }
  return CS_OK;
}

/* "profile": one wall, or an array of walls (each its own contact point, models/README.md
 * "Profiles"), indexed once all are joined. */
cs_status cs_json_profile(const cs_json *js, const cJSON *joint, const char *path,
                          cs_clearance *c)
{
  char pp[CS_JSON_PATH];
  const cJSON *obj = cs_json_member(joint, "profile");
  cs_json_child(pp, path, "profile");
  if (!obj)
    return cs_json_fail(js, path, "missing \"profile\": expected {\"path\": [[x, y], …], "
                        "\"solid\": \"left\" | \"right\"} or an array of such walls");
  cs_status st = cJSON_IsArray(obj) ? walls(js, obj, pp, c)
                                    : wall(js, obj, pp, c->pin_radius, &c->profile);
  if (st == CS_OK && cs_profile_index(c->profile))
    return cs_json_out_of_memory(js);
  return st;
}

/* ---------------------------------------------------------------- gear meshes ------------ */

static const char *const meshes[] = {"external", "internal", NULL};

cs_status cs_json_gear(const cs_json *js, const cJSON *obj, const char *path, cs_clearance *c)
{
  double play;
  int mesh;
  CS_TRY(cs_json_vector(js, obj, path, "base_radii", 2, "[rb1, rb2]", NULL, c->base_radius));
  for (int k = 0; k < 2; k++)
    if (!(c->base_radius[k] > 0.0)) {
      char kp[CS_JSON_PATH], ep[CS_JSON_PATH];
      cs_json_child(kp, path, "base_radii");
      cs_json_element(ep, kp, k);
      return cs_json_fail(js, ep, "expected a base radius > 0 m, got %.6g", c->base_radius[k]);
    }
  CS_TRY(cs_json_choice(js, obj, path, "mesh", meshes, 0, &mesh));
  c->mesh_internal = mesh == 1;
  CS_TRY(cs_json_number(js, obj, path, "backlash", CS_JSON_POSITIVE, CS_JSON_REQUIRED, &play));
  CS_TRY(cs_json_number(js, obj, path, "pressure_angle", CS_JSON_POSITIVE, 20.0 * M_PI / 180.0,
                        &c->pressure_angle));
  if (!(c->pressure_angle < 0.5 * M_PI)) {
    char kp[CS_JSON_PATH];
    cs_json_child(kp, path, "pressure_angle");
    return cs_json_fail(js, kp, "expected an angle < pi/2 rad, got %.6g", c->pressure_angle);
  }
  CS_TRY(cs_json_number(js, obj, path, "length", CS_JSON_POSITIVE, CS_JSON_REQUIRED,
                        &c->length));
  c->half_width = 0.5 * c->base_radius[1] * play; /* body2's play, along the line of action */
  c->pin_radius = c->base_radius[1] * tan(c->pressure_angle);
  return CS_OK;
}

cs_status cs_json_gear_laws(const cs_json *js, const cJSON *obj, const char *path,
                            const cs_clearance *c)
{
  char kp[CS_JSON_PATH];
  for (int r = 0; r < c->nregion; r++)
    if (c->contact[r].law[CS_FRICTION]) {
      cs_json_child(kp, path, cs_json_member(obj, "regions") ? "regions" : "contact");
      return cs_json_fail(js, kp, "a gear mesh has no sliding along its teeth: expected no "
                          "\"friction\" law (region %s)", cs_clearance_region_name(c->kind, r));
    }
  return CS_OK;
}
