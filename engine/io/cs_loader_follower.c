/*
 * cs_loader_follower.c — a `profile` joint whose follower is an outline of body2
 * (models/README.md "Profiles", "Follower outlines"; keep the two in step):
 *
 *   "follower": {"path": [[x, y], …], "closed": true, "solid": "left" | "right"}
 *
 * the path format of a wall, in body2's frame, in place of "pin_radius" (and "point2"). Its
 * convex arcs and corners meet the walls, and the walls' convex arcs and corners meet it,
 * each pair a contact point (joints/clearance/clearance_follower.c).
 */
#include <math.h>

#include "cs_json.h"
#include "cs_clearance.h"

/* The outline at pp for pins of radius rp: a path only. */
static cs_status outline(const cs_json *js, const cJSON *obj, const char *pp, double rp,
                         cs_profile **out)
{
  *out = NULL;
  CS_TRY(cs_json_object(js, obj, pp));
  if (cs_json_member(obj, "spline")) {
    char kp[CS_JSON_PATH];
    cs_json_child(kp, pp, "spline");
    return cs_json_fail(js, kp, "expected a follower outline as a path of segments and arcs "
                        "{\"path\": …, \"closed\": …, \"solid\": …}: a spline follower has no "
                        "circle-like features to pair");
  }
  return cs_json_profile_wall(js, obj, pp, rp, out);
}

/* The walls for pins of radius rw and the outline for pins of radius rf into c. */
static cs_status both(const cs_json *js, const cJSON *joint, const char *path, double rw,
                      double rf, cs_clearance *c)
{
  char fp[CS_JSON_PATH];
  cs_json_child(fp, path, "follower");
  cs_profile_free(c->profile), c->profile = NULL;
  cs_profile_free(c->follower), c->follower = NULL;
  cs_profile_free(c->follower_cut), c->follower_cut = NULL;
  c->pin_radius = rw;
  CS_TRY(cs_json_profile(js, joint, path, c));
  return outline(js, cs_json_member(joint, "follower"), fp, rf, &c->follower);
}

/* A key a follower outline replaces, refused. */
static cs_status replaced(const cs_json *js, const cJSON *joint, const char *path,
                          const char *key, const char *what)
{
  char kp[CS_JSON_PATH];
  if (!cs_json_member(joint, key))
    return CS_OK;
  cs_json_child(kp, path, key);
  return cs_json_fail(js, kp, "expected no \"%s\" with a \"follower\" outline (%s)", key, what);
}

cs_status cs_json_follower(const cs_json *js, const cJSON *joint, const char *path,
                           cs_clearance *c)
{
  char fp[CS_JSON_PATH], why[512];
  CS_TRY(replaced(js, joint, path, "pin_radius", "the outline's arcs and corners are the "
                  "follower's pins, each with its own radius"));
  CS_TRY(replaced(js, joint, path, "point2", "the outline is given in body2's frame"));
  /* each side is built for the largest pin the other side puts against it (a concave arc
   * narrower than that is refused; the junctions' blends are on its scale): a first pass
   * finds the pins */
  CS_TRY(both(js, joint, path, 0.0, 0.0, c));
  double rw = cs_profile_convex_radius(c->follower), rf = cs_profile_convex_radius(c->profile);
  CS_TRY(both(js, joint, path, rw, rf, c));
  cs_json_child(fp, path, "follower");
  /* cut at its sharp concave corners into pieces, as a wall is: each meets the walls' features */
  for (cs_profile *piece = c->follower; piece; piece = piece->next)
    if (cs_profile_adopt(c->profile, piece, why, sizeof why))
      return cs_json_fail(js, fp, "%s", why);
  c->follower_cut = cs_profile_cut_convex(c->follower, rf);
  if (!c->follower_cut)
    return cs_json_out_of_memory(js);
  int st = cs_follower_pairs(c, why, sizeof why);
  if (st == 0)
    st = cs_follower_windows(c, why, sizeof why);
  if (st == -2)
    return cs_json_out_of_memory(js);
  if (st == -3) { /* the walls' */
    char pp[CS_JSON_PATH];
    cs_json_child(pp, path, "profile");
    return cs_json_fail(js, pp, "%s", why);
  }
  return st ? cs_json_fail(js, fp, "%s", why) : CS_OK;
}

