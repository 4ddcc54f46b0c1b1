/*
 * cs_override.c — models loaded with edits: a list of (JSON pointer, JSON value) pairs applied
 * to the parsed document before the model is built (clearsim.h "models with overrides").
 *
 * The edit is made on the document, not on the built model, so that every value an override
 * sets goes through the loader's own validation and its messages (a negative radius is refused
 * exactly as in a file), and the model's verbatim JSON is the edited document: a trajectory
 * file of an overridden run says what was run. Pointers follow RFC 6901 (~1 is '/', ~0 is '~');
 * an object member is replaced or added, an array element replaced, "-" appends to an array.
 * Setting one of two keys the loader takes one of drops the other (`exclusive` below).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_json.h"

/* One reference token of a pointer, unescaped into tok (CS_JSON_PATH chars); *next is where
 * the following token starts ('\0' at the end). 0 on a bad escape. */
static int pointer_token(const char *at, char *tok, const char **next)
{
  size_t n = 0;
  while (*at && *at != '/') {
    char c = *at++;
    if (c == '~') {
      if (*at != '0' && *at != '1')
        return 0;
      c = *at++ == '0' ? '~' : '/';
    }
    if (n + 1 < CS_JSON_PATH)
      tok[n++] = c;
  }
  tok[n] = '\0';
  *next = at;
  return 1;
}

/* An array index token: decimal digits without a leading zero. -1 when not one. */
static long array_index(const char *tok)
{
  if (!tok[0] || (tok[0] == '0' && tok[1]) || strspn(tok, "0123456789") != strlen(tok))
    return -1;
  errno = 0;
  long i = strtol(tok, NULL, 10);
  return errno ? -1 : i;
}

/* A node's member or element named by one token, NULL when it has none. */
static cJSON *child_of(const cJSON *node, const char *tok)
{
  if (cJSON_IsObject(node))
    return cJSON_GetObjectItemCaseSensitive(node, tok);
  long i = cJSON_IsArray(node) ? array_index(tok) : -1;
  return i >= 0 && i < cJSON_GetArraySize(node) ? cJSON_GetArrayItem(node, (int)i) : NULL;
}

const cJSON *cs_json_at(const cJSON *root, const char *pointer)
{
  char tok[CS_JSON_PATH];
  const char *at = pointer;
  if (at[0] != '/')
    return NULL;
  while (root && *at == '/')
    root = pointer_token(at + 1, tok, &at) ? child_of(root, tok) : NULL;
  return root;
}

/* "<origin>: <pointer>: <what>" as the loader's messages read. */
static cs_status fail_at(cs_error *err, const char *origin, const cs_override *o, const char *what,
                         const char *detail)
{
  return cs_fail(err, CS_ERR_INPUT, "%s: %s: %s%s", origin, o->pointer, what, detail);
}

/* Walk `root` to the parent of the pointer's last token: *parent and that token. */
static cs_status find_parent(cJSON *root, const char *origin, const cs_override *o,
                             cJSON **parent, char *last, cs_error *err)
{
  const char *at = o->pointer;
  char tok[CS_JSON_PATH], walked[CS_JSON_PATH] = "", detail[CS_JSON_PATH + 128];
  if (at[0] != '/')
    return fail_at(err, origin, o, "expected a JSON pointer starting with '/' (e.g. "
                   "\"/solver/rtol\")", "");
  cJSON *node = root;
  for (;;) {
    if (!pointer_token(at + 1, tok, &at))
      return fail_at(err, origin, o, "'~' must be followed by 0 or 1 in a JSON pointer", "");
    if (!*at) {
      *parent = node;
      strcpy(last, tok);
      return CS_OK;
    }
    cJSON *child = child_of(node, tok);
    if (!child) {
      snprintf(detail, sizeof detail, " (at %s: %s)", walked[0] ? walked : "/",
               cJSON_IsObject(node) ? "no such member"
               : cJSON_IsArray(node) ? "no such element" : "not an object or array");
      return fail_at(err, origin, o, "the model has no such place", detail);
    }
    char up[CS_JSON_PATH];
    strcpy(up, walked);
    cs_json_child(walked, up, tok);
    node = child;
  }
}

/* Put `value` at the pointer; on success the document owns it. */
static cs_status place(cJSON *root, const char *origin, const cs_override *o, cJSON *value,
                       cs_error *err)
{
  cJSON *parent = NULL;
  char last[CS_JSON_PATH], detail[64];
  CS_TRY(find_parent(root, origin, o, &parent, last, err));
  if (cJSON_IsObject(parent)) {
    if (cJSON_GetObjectItemCaseSensitive(parent, last))
      return cJSON_ReplaceItemInObjectCaseSensitive(parent, last, value)
                 ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", origin);
    return cJSON_AddItemToObject(parent, last, value)
               ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", origin);
  }
  if (cJSON_IsArray(parent)) {
    int size = cJSON_GetArraySize(parent);
    if (!strcmp(last, "-"))
      return cJSON_AddItemToArray(parent, value)
                 ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", origin);
    long i = array_index(last);
    if (i < 0 || i >= size) {
      snprintf(detail, sizeof detail, " (the array has %d; \"-\" appends)", size);
      return fail_at(err, origin, o, "expected an index of an existing element", detail);
    }
    return cJSON_ReplaceItemInArray(parent, (int)i, value)
               ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", origin);
  }
  char at[CS_JSON_PATH + 64];
  int up = (int)(strrchr(o->pointer, '/') - o->pointer);
  snprintf(at, sizeof at, " (at %.*s: not an object or array)", up, o->pointer);
  return fail_at(err, origin, o, "the model has no such place", at);
}

/* Keys the loader takes one of, never both ("give hole_radius or clearance, not both"), in
 * the object at `object` (pointer tokens, "*" an array element). An override setting one
 * removes the other, so the override wins over the file: a model giving hole_radius sweeps its
 * clearance unedited. */
static const struct {
  const char *object, *key[2];
} exclusive[] = {
  {"/clearance_joints/*", {"hole_radius", "clearance"}},
  {"/drivers/*/motion", {"velocity", "rpm"}},
  {"/drivers/*", {"body", "joint"}},
  {"/clearance_joints/*/wear", {"initial_depth", "initial_profile"}},
};

/* Does the pointer name a member of an object at `object`? Its last token in *last. */
static int member_of(const char *pointer, const char *object, char *last)
{
  char tok[CS_JSON_PATH], want[CS_JSON_PATH];
  const char *at = pointer, *pat = object;
  while (*pat == '/') {
    if (*at != '/' || !pointer_token(at + 1, tok, &at) || !pointer_token(pat + 1, want, &pat))
      return 0;
    if (strcmp(want, "*") ? strcmp(tok, want) != 0 : array_index(tok) < 0)
      return 0;
  }
  return *at == '/' && pointer_token(at + 1, last, &at) && !*at;
}

/* The other key of an exclusive pair that the override sets one of, else NULL. */
static const char *partner_of(const char *pointer)
{
  char last[CS_JSON_PATH];
  for (size_t i = 0; i < sizeof exclusive / sizeof *exclusive; i++)
    for (int k = 0; k < 2; k++)
      if (member_of(pointer, exclusive[i].object, last) && !strcmp(last, exclusive[i].key[k]))
        return exclusive[i].key[1 - k];
  return NULL;
}

/* Override o set one key of a pair: drop the other from its object, unless these overrides set
 * it too (both then reach the loader, which refuses them with its own message). */
static void drop_partner(cJSON *root, const cs_override *o, const cs_override *all, int n)
{
  const char *partner = partner_of(o->pointer);
  if (!partner)
    return;
  size_t up = (size_t)(strrchr(o->pointer, '/') - o->pointer);
  for (int j = 0; j < n; j++)
    if (all[j].pointer && !strncmp(all[j].pointer, o->pointer, up) && all[j].pointer[up] == '/' &&
        !strcmp(all[j].pointer + up + 1, partner))
      return;
  char object[CS_JSON_PATH];
  snprintf(object, sizeof object, "%.*s", (int)up, o->pointer);
  cJSON *parent = (cJSON *)cs_json_at(root, object);
  if (cJSON_IsObject(parent))
    cJSON_DeleteItemFromObjectCaseSensitive(parent, partner);
}

/* Apply the overrides to a parsed document. */
static cs_status apply(cJSON *root, const char *origin, const cs_override *overrides, int n,
                       cs_error *err)
{
  for (int i = 0; i < n; i++) {
    const cs_override *o = &overrides[i];
    if (!o->pointer || !o->json)
      return cs_fail(err, CS_ERR_ARGUMENT, "cs_model overrides: override %d has a NULL %s", i,
                     o->pointer ? "value" : "pointer");
    const char *end = NULL;
    cJSON *value = cJSON_ParseWithOpts(o->json, &end, 1);
    if (!value)
      return cs_fail(err, CS_ERR_INPUT, "%s: %s: the value is not valid JSON: \"%.60s\"", origin,
                     o->pointer, o->json);
    cs_status st = place(root, origin, o, value, err);
    if (st != CS_OK) {
      cJSON_Delete(value);
      return st;
    }
    drop_partner(root, o, overrides, n);
  }
  return CS_OK;
}

/* cJSON prints a number with 15 digits when that reads back within an epsilon of it, which
 * can change its last bit; the edited document must hold the very doubles of the original and
 * of the overrides. So every number is turned into raw text first: the shortest of %.15g,
 * %.16g, %.17g that strtod reads back exactly (17 digits always do). */
static int exact_numbers(cJSON *node)
{
  for (; node; node = node->next) {
    if (cJSON_IsNumber(node)) {
      char buf[40];
      for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, node->valuedouble);
        if (strtod(buf, NULL) == node->valuedouble)
          break;
      }
      if (!(node->valuestring = cs_json_strdup(buf)))
        return 0;
      node->type = cJSON_Raw;
    } else if (!exact_numbers(node->child)) {
      return 0;
    }
  }
  return 1;
}

cs_status cs_model_apply_overrides(const char *json, const char *origin,
                                   const cs_override *overrides, int n, char **edited,
                                   cs_error *err)
{
  if (!json || !edited || (n > 0 && !overrides))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_apply_overrides: %s is NULL",
                   !json ? "json" : !edited ? "edited" : "overrides");
  *edited = NULL;
  origin = origin ? origin : "<string>";
  cs_json js = {origin, err, NULL, NULL};
  cJSON *root = NULL;
  CS_TRY(cs_json_parse(&js, json, strlen(json), &root));
  cs_status st = apply(root, origin, overrides, n, err);
  if (st == CS_OK) {
    *edited = exact_numbers(root) ? cJSON_Print(root) : NULL;
    st = *edited ? CS_OK : cs_fail(err, CS_ERR_MEMORY, "%s: out of memory", origin);
  }
  cJSON_Delete(root);
  if (st == CS_OK)
    cs_error_clear(err);
  return st;
}

cs_status cs_model_load_string_overrides(const char *json, const char *origin,
                                         const cs_override *overrides, int n,
                                         const cs_registry *registry, cs_model **model,
                                         cs_error *err)
{
  char *edited = NULL;
  if (model)
    *model = NULL;
  if (!model)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_load_string_overrides: model is NULL");
  CS_TRY(cs_model_apply_overrides(json, origin, overrides, n, &edited, err));
  cs_status st = cs_model_load_string(edited, origin, registry, model, err);
  free(edited);
  return st;
}

cs_status cs_model_load_file_overrides(const char *path, const char *origin,
                                       const cs_override *overrides, int n,
                                       const cs_registry *registry, cs_model **model,
                                       cs_error *err)
{
  char *text = NULL;
  size_t len = 0;
  if (model)
    *model = NULL;
  if (!path || !model)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_model_load_file_overrides: %s is NULL",
                   path ? "model" : "path");
  CS_TRY(cs_json_read_file(path, &text, &len, err));
  cs_status st = cs_model_load_string_overrides(text, origin ? origin : path, overrides, n,
                                                registry, model, err);
  free(text);
  return st;
}
