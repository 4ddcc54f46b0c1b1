/*
 * cs_json.h — reading validated input from cJSON (internal; loader files only).
 *
 * engine/README.md "Architecture and data flow": the loader is the only code that reads cJSON. It is several files (the
 * model loader, the contact-block loader, the impact loader …); these are the helpers they
 * share, so that every one of them reports a failure the same way:
 *
 *   <origin>: <JSON pointer>: <what was expected>[, got <what the input holds>]
 *
 * Validation is strict: unknown keys are errors (a misspelt optional key would otherwise be
 * silently replaced by its default), and so are duplicate keys (cJSON keeps both; only one
 * would be read). Paths are JSON pointers ("" is the root, written "/" in messages).
 */
#ifndef CS_JSON_H
#define CS_JSON_H

#include <math.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "cs_status.h"
#include "cs_model.h"

enum { CS_JSON_PATH = 256 }; /* longest path kept; deeper ones are cut */

/* Limits of an input document (models/README.md "Limits"). */
enum {
  CS_JSON_MAX_BYTES = 16 << 20, /* a file or string: 16 MiB */
  CS_JSON_MAX_NAME = 64         /* a name, bytes of UTF-8 */
};
/* Every number's magnitude is at most CS_JSON_MAX_MAGNITUDE, and a number that must be > 0 is
 * at least CS_JSON_MIN_POSITIVE: beyond, the products and squares the engine forms (m v², E
 * times an area, error weights 1/tol²) overflow or underflow a double. */
#define CS_JSON_MAX_MAGNITUDE 1e20
#define CS_JSON_MIN_POSITIVE 1e-20

/* What every getter needs: where the input came from, where failures go, and the registry
 * that resolves contact laws (see cs_json_registry). */
typedef struct cs_json {
  const char *origin;           /* file name or "<string>" */
  cs_error *err;
  const cs_registry *registry;  /* the caller's, or NULL for the built-in catalogue */
  cs_registry *own_registry;    /* the built-in one, made on first use */
} cs_json;

#define CS_TRY(call)                                                                          \
  do {                                                                                        \
    cs_status s_ = (call);                                                                    \
    if (s_ != CS_OK)                                                                          \
      return s_;                                                                              \
  } while (0)

/* ---------------------------------------------------------------- messages and paths ----- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
cs_status cs_json_fail(const cs_json *js, const char *path, const char *fmt, ...);
cs_status cs_json_out_of_memory(const cs_json *js);
/* A short rendering of what the input holds, for "…, got <it>". */
const char *cs_json_describe(const cJSON *v, char *buf, size_t size);
/* "a, b, c" into buf, truncated with "..." if it does not fit. */
void cs_json_join(const char *const *items, int n, char *buf, size_t size);
/* out (CS_JSON_PATH chars) = path/key, path/index */
void cs_json_child(char *out, const char *path, const char *key);
void cs_json_element(char *out, const char *path, int index);
char *cs_json_strdup(const char *s); /* malloc'd copy, NULL when out of memory */

/* The built-in or the caller's registry; the built-in one is made once, on first use (ideal
 * models never pay for it). cs_json_release frees it. */
cs_status cs_json_registry(cs_json *js, const cs_registry **out);
void cs_json_release(cs_json *js);

/* ---------------------------------------------------------------- typed getters ---------- */

const cJSON *cs_json_member(const cJSON *obj, const char *key);
/* The value at an RFC 6901 pointer ("/clearance_joints/0/hole_radius"; ~1 is '/', ~0 is '~'),
 * NULL when it names nothing (cs_override.c, which edits at such pointers). */
const cJSON *cs_json_at(const cJSON *root, const char *pointer);
cs_status cs_json_object(const cs_json *js, const cJSON *v, const char *path);
/* Every key of obj must be in `allowed` (NULL-terminated) and appear once. `what` says whose
 * keys these are (" for a fixed joint"), or is "". */
cs_status cs_json_keys(const cs_json *js, const cJSON *obj, const char *path,
                       const char *const *allowed, const char *what);
/* No key of obj appears twice (for objects whose keys are checked elsewhere). */
cs_status cs_json_unique(const cs_json *js, const cJSON *obj, const char *path);

typedef enum cs_json_range { CS_JSON_ANY, CS_JSON_POSITIVE, CS_JSON_NONNEG } cs_json_range;
/* As a default: the key must be present. */
#define CS_JSON_REQUIRED NAN

cs_status cs_json_number_value(const cs_json *js, const cJSON *v, const char *path,
                               cs_json_range r, double *out);
cs_status cs_json_number(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         cs_json_range r, double def, double *out);
/* An array of n numbers, e.g. form "[x, y]"; def NULL: required. */
cs_status cs_json_vector(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         int n, const char *form, const double *def, double *out);
/* A direction: non-zero, returned normalised. */
cs_status cs_json_axis(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       double axis[2]);
/* A string; `expect` names it for messages ("a body name"). *out NULL when absent and not
 * required. The pointer is into the JSON tree. */
cs_status cs_json_text(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       const char *expect, int required, const char **out);
/* obj's optional "file", the output file a model or impact file names for itself (a copy,
 * "" when absent): a relative path without a ".." component, so that it lies below the
 * directory the program runs in (a file that is read, such as a downloaded model, must not
 * choose what is written elsewhere; a program's caller names any path explicitly). */
cs_status cs_json_output_file(const cs_json *js, const cJSON *obj, const char *path,
                              char **out);
/* obj's "name": 1 to CS_JSON_MAX_NAME bytes of valid UTF-8, not ".", without '/' (names
 * become HDF5 group names and UTF-8 strings). An allocated copy. */
cs_status cs_json_name(const cs_json *js, const cJSON *obj, const char *path, char **out);
cs_status cs_json_bool(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       int def, int *out);
/* One of a NULL-terminated list of words; *out is its index. def < 0: required. */
cs_status cs_json_choice_value(const cs_json *js, const cJSON *v, const char *path,
                               const char *const *choices, int *out);
cs_status cs_json_choice(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         const char *const *choices, int def, int *out);
/* An array (possibly empty) under `key`; *out NULL when absent and not required. */
cs_status cs_json_array(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                        const char *expect, int required, const cJSON **out);
/* A count ≥ 1 (a whole number); *out untouched when absent. */
cs_status cs_json_count(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                        long *out);

/* ---------------------------------------------------------------- documents -------------- */

/* Parse text[0 … len) (NUL-terminated at len); a syntax error is reported by line and column.
 * The text is at most CS_JSON_MAX_BYTES of valid UTF-8, with at most one byte-order mark. */
cs_status cs_json_parse(const cs_json *js, const char *text, size_t len, cJSON **root);
/* A file descriptor open for reading path, or −1 with why (errno's words, or "a FIFO, not a
 * regular file"): only regular files are input, a FIFO or a device would block or never end. */
int cs_input_open(const char *path, char *why, size_t size);
/* The whole file, NUL-terminated; *len excludes the terminator. A file larger than
 * CS_JSON_MAX_BYTES is CS_ERR_INPUT (read no further: /dev/zero ends at once). */
cs_status cs_json_read_file(const char *path, char **text, size_t *len, cs_error *err);

/* A document's root: an object of the keys `allowed`, its "name" (cs_json_name) and optional
 * "description" (an allocated copy, "" when absent). */
cs_status cs_json_root(const cs_json *js, const cJSON *root, const char *const *allowed,
                       char **name, char **description);

/* A kind of document (a model, an impact) as the public loaders read it. */
typedef struct cs_json_doc {
  const char *api;  /* the loaders' name before _file/_string: "cs_model_load" */
  const char *noun; /* their output argument: "model" */
  /* Make the object and read the parsed root into it (text, for keeping it verbatim); *obj is
   * set as soon as it exists, so that a failure can release it. */
  cs_status (*load)(cs_json *js, const cJSON *root, const char *text, void **obj);
  void (*release)(void *obj);
  void (*store)(void *out, void *obj); /* *out = obj, out the caller's typed pointer */
} cs_json_doc;

/* The public loaders (cs_model_load_file, …): check the arguments, read and parse the file or
 * string (origin NULL: "<string>"), load it; *out is the object, or NULL on failure, when
 * nothing is kept. `registry` resolves the contact blocks (cs_json_registry: the built-in
 * catalogue is made only if a block asks for it, so ideal models never pay for it). */
cs_status cs_json_load_file(const cs_json_doc *doc, const char *path, const cs_registry *registry,
                            void *out, cs_error *err);
cs_status cs_json_load_string(const cs_json_doc *doc, const char *json, const char *origin,
                              const cs_registry *registry, void *out, cs_error *err);

/* ---------------------------------------------------------------- contact blocks --------- */

/* A joint's or an impact's "contact" block (models/README.md "Contact blocks"):
 *   {"elastic": {"model": "hertz", …}, "damping": {"model": "flores", …},
 *    "restitution": {"model": "constant", "cr": 0.9}, "friction": {"model": "coulomb", …}}
 * elastic and damping are required; friction is optional (none). restitution is required
 * exactly when the damping law reads c_r, i.e. unless its descriptor sets ignores_cr
 * (kelvin_voigt, alpha): a law that takes its dissipation from its own parameters then gets
 * restitution "constant", c_r = 1, which only labels the output. Laws are looked up in
 * `registry` (NULL: the built-in catalogue) by family and name; parameters are checked with
 * cs_law_params. Messages read "<origin>: <path>/…: …". */
cs_status cs_json_contact(const cJSON *block, const char *origin, const char *path,
                          const cs_registry *registry, cs_contact_model *out, cs_error *err);
/* "materials": [{"E": …, "nu": …, "yield_strength", "hardness", "density", "roughness"}, {…}]
 * body 1 then body 2; E and nu required, the rest optional (0). */
cs_status cs_json_materials(const cJSON *array, const char *origin, const char *path,
                            cs_material out[2], cs_error *err);

/* ---------------------------------------------------------------- lubrication and wear --- */

/* A revolute clearance joint's optional "lubrication" and "wear" blocks (models/README.md
 * "Lubrication", "Wear") into c, whose dimensions and materials are already read. */
cs_status cs_json_lubrication(const cs_json *js, const cJSON *joint, const char *path,
                              cs_clearance *c);
/* A profile joint's "profile" block (models/README.md "Profiles") into c->profile, for the
 * follower of radius c->pin_radius (cs_loader_profile.c). */
cs_status cs_json_profile(const cs_json *js, const cJSON *joint, const char *path,
                          cs_clearance *c);
/* A gear mesh's keys (models/README.md "Gear meshes") into c, whose angle0 holds the bodies'
 * initial angles; its laws, refused with friction (cs_loader_profile.c). */
/* One wall block at pp ({"path": …} or {"spline": …}) for a follower of radius rp. */
cs_status cs_json_profile_wall(const cs_json *js, const cJSON *obj, const char *pp, double rp,
                               struct cs_profile **out);
/* A profile joint whose follower is an outline, "follower": {"path": …, "closed": …,
 * "solid": …} in body2's frame, with its walls and contact pairs (cs_loader_follower.c). */
cs_status cs_json_follower(const cs_json *js, const cJSON *joint, const char *path,
                           cs_clearance *c);
cs_status cs_json_gear(const cs_json *js, const cJSON *obj, const char *path, cs_clearance *c);
cs_status cs_json_gear_laws(const cs_json *js, const cJSON *obj, const char *path,
                            const cs_clearance *c);

#endif
