/*
 * cs_json.c — the helpers every loader file shares (cs_json.h): messages that name the origin,
 * the JSON pointer and what was expected; typed getters; strict key checks; parsing.
 */
#define _POSIX_C_SOURCE 200809L /* open's O_CLOEXEC, fstat */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs_json.h"

#define CS_JSON_STR_(x) #x
#define CS_JSON_STR(x) CS_JSON_STR_(x)

/* ---------------------------------------------------------------- messages and paths ----- */

cs_status cs_json_fail(const cs_json *js, const char *path, const char *fmt, ...)
{
  char what[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  /* the JSON pointer of the root is "", which reads badly in a message */
  return cs_fail(js->err, CS_ERR_INPUT, "%s: %s: %s", js->origin, path[0] ? path : "/", what);
}

cs_status cs_json_out_of_memory(const cs_json *js)
{
  return cs_fail(js->err, CS_ERR_MEMORY, "%s: out of memory while loading", js->origin);
}

const char *cs_json_describe(const cJSON *v, char *buf, size_t size)
{
  if (cJSON_IsNumber(v)) {
    if (isfinite(v->valuedouble))
      snprintf(buf, size, "%.10g", v->valuedouble);
    else
      snprintf(buf, size, "a number beyond the range of a double");
  } else if (cJSON_IsString(v)) {
    snprintf(buf, size, "\"%.40s%s\"", v->valuestring, strlen(v->valuestring) > 40 ? "..." : "");
  } else if (cJSON_IsArray(v)) {
    snprintf(buf, size, "an array");
  } else if (cJSON_IsObject(v)) {
    snprintf(buf, size, "an object");
  } else if (cJSON_IsBool(v)) {
    snprintf(buf, size, cJSON_IsTrue(v) ? "true" : "false");
  } else {
    snprintf(buf, size, "null");
  }
  return buf;
}

void cs_json_join(const char *const *items, int n, char *buf, size_t size)
{
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n; i++) {
    int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", items[i]);
    if (w < 0 || (size_t)w >= size - used) {
      strcpy(buf + size - 4, "...");
      return;
    }
    used += (size_t)w;
  }
}

static int count(const char *const *list)
{
  int n = 0;
  while (list[n])
    n++;
  return n;
}

/* Paths deeper than CS_JSON_PATH are cut: the message stays readable and names the start. */
void cs_json_child(char *out, const char *path, const char *key)
{
  if (snprintf(out, CS_JSON_PATH, "%s/%s", path, key) >= CS_JSON_PATH)
    out[CS_JSON_PATH - 1] = '\0';
}

void cs_json_element(char *out, const char *path, int index)
{
  if (snprintf(out, CS_JSON_PATH, "%s/%d", path, index) >= CS_JSON_PATH)
    out[CS_JSON_PATH - 1] = '\0';
}

char *cs_json_strdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

cs_status cs_json_registry(cs_json *js, const cs_registry **out)
{
  if (!js->registry && !js->own_registry) {
    js->own_registry = cs_registry_new();
    if (!js->own_registry)
      return cs_json_out_of_memory(js);
  }
  *out = js->registry ? js->registry : js->own_registry;
  return CS_OK;
}

void cs_json_release(cs_json *js)
{
  cs_registry_free(js->own_registry);
  js->own_registry = NULL;
}

/* ---------------------------------------------------------------- typed getters ---------- */

const cJSON *cs_json_member(const cJSON *obj, const char *key)
{
  return cJSON_GetObjectItemCaseSensitive(obj, key);
}

cs_status cs_json_object(const cs_json *js, const cJSON *v, const char *path)
{
  char got[96];
  if (!cJSON_IsObject(v))
    return cs_json_fail(js, path, "expected an object, got %s", cs_json_describe(v, got, sizeof got));
  return CS_OK;
}

/* c's key also names an earlier member (cJSON keeps both; a lookup finds only the first) */
static int repeated(const cJSON *obj, const cJSON *c)
{
  for (const cJSON *p = obj->child; p != c; p = p->next)
    if (strcmp(p->string, c->string) == 0)
      return 1;
  return 0;
}

cs_status cs_json_keys(const cs_json *js, const cJSON *obj, const char *path,
                       const char *const *allowed, const char *what)
{
  for (const cJSON *c = obj->child; c; c = c->next) {
    int known = 0;
    for (int i = 0; allowed[i] && !known; i++)
      known = strcmp(c->string, allowed[i]) == 0;
    if (!known) {
      char list[512];
      cs_json_join(allowed, count(allowed), list, sizeof list);
      return cs_json_fail(js, path, "unknown key \"%.64s\"%s (expected one of: %s)", c->string,
                          what, list);
    }
    if (repeated(obj, c))
      return cs_json_fail(js, path, "duplicate key \"%s\"", c->string);
  }
  return CS_OK;
}

cs_status cs_json_unique(const cs_json *js, const cJSON *obj, const char *path)
{
  for (const cJSON *c = obj->child; c; c = c->next)
    if (repeated(obj, c))
      return cs_json_fail(js, path, "duplicate key \"%s\"", c->string);
  return CS_OK;
}

static const char *const range_text[] = {"a number", "a number > 0", "a number >= 0"};

cs_status cs_json_number_value(const cs_json *js, const cJSON *v, const char *path,
                               cs_json_range r, double *out)
{
  char got[96];
  int ok = cJSON_IsNumber(v) && isfinite(v->valuedouble);
  if (ok && r == CS_JSON_POSITIVE)
    ok = v->valuedouble > 0;
  if (ok && r == CS_JSON_NONNEG)
    ok = v->valuedouble >= 0;
  if (!ok)
    return cs_json_fail(js, path, "expected %s, got %s", range_text[r],
                        cs_json_describe(v, got, sizeof got));
  double x = v->valuedouble;
  if (fabs(x) > CS_JSON_MAX_MAGNITUDE || (r == CS_JSON_POSITIVE && x < CS_JSON_MIN_POSITIVE))
    return cs_json_fail(js, path, "expected %s of magnitude %s %g (beyond, the engine's "
                        "arithmetic %s), got %.10g", range_text[r],
                        fabs(x) > CS_JSON_MAX_MAGNITUDE ? "at most" : "at least",
                        fabs(x) > CS_JSON_MAX_MAGNITUDE ? CS_JSON_MAX_MAGNITUDE
                                                        : CS_JSON_MIN_POSITIVE,
                        fabs(x) > CS_JSON_MAX_MAGNITUDE ? "overflows" : "underflows", x);
  *out = x;
  return CS_OK;
}

cs_status cs_json_number(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         cs_json_range r, double def, double *out)
{
  char kp[CS_JSON_PATH];
  const cJSON *v = cs_json_member(obj, key);
  cs_json_child(kp, path, key);
  if (!v) {
    if (isnan(def))
      return cs_json_fail(js, kp, "missing, expected %s", range_text[r]);
    *out = def;
    return CS_OK;
  }
  return cs_json_number_value(js, v, kp, r, out);
}

cs_status cs_json_vector(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         int n, const char *form, const double *def, double *out)
{
  char kp[CS_JSON_PATH], ep[CS_JSON_PATH], got[96];
  const cJSON *v = cs_json_member(obj, key);
  cs_json_child(kp, path, key);
  if (!v) {
    if (!def)
      return cs_json_fail(js, kp, "missing, expected an array of %d numbers %s", n, form);
    memcpy(out, def, (size_t)n * sizeof *out);
    return CS_OK;
  }
  if (!cJSON_IsArray(v))
    return cs_json_fail(js, kp, "expected an array of %d numbers %s, got %s", n, form,
                        cs_json_describe(v, got, sizeof got));
  int size = cJSON_GetArraySize(v);
  if (size != n)
    return cs_json_fail(js, kp, "expected an array of %d numbers %s, got %d element%s", n, form,
                        size, size == 1 ? "" : "s");
  int i = 0;
  for (const cJSON *e = v->child; e; e = e->next, i++) {
    cs_json_element(ep, kp, i);
    CS_TRY(cs_json_number_value(js, e, ep, CS_JSON_ANY, &out[i]));
  }
  return CS_OK;
}

cs_status cs_json_axis(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       double axis[2])
{
  char kp[CS_JSON_PATH];
  CS_TRY(cs_json_vector(js, obj, path, key, 2, "[ax, ay]", NULL, axis));
  double norm = hypot(axis[0], axis[1]);
  if (!(norm > 0) || !isfinite(norm)) {
    cs_json_child(kp, path, key);
    return cs_json_fail(js, kp, "expected a non-zero axis [ax, ay], got [%g, %g]", axis[0],
                        axis[1]);
  }
  axis[0] /= norm;
  axis[1] /= norm;
  return CS_OK;
}

/* obj's member `key` if it passes `is` (cJSON_IsString, cJSON_IsArray); *out NULL when absent
 * and not required. */
static cs_status typed_member(const cs_json *js, const cJSON *obj, const char *path,
                              const char *key, const char *expect, int required,
                              cJSON_bool (*is)(const cJSON *), const cJSON **out)
{
  char kp[CS_JSON_PATH], got[96];
  const cJSON *v = cs_json_member(obj, key);
  cs_json_child(kp, path, key);
  *out = NULL;
  if (!v) {
    if (required)
      return cs_json_fail(js, kp, "missing, expected %s", expect);
    return CS_OK;
  }
  if (!is(v))
    return cs_json_fail(js, kp, "expected %s, got %s", expect, cs_json_describe(v, got, sizeof got));
  *out = v;
  return CS_OK;
}

cs_status cs_json_text(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       const char *expect, int required, const char **out)
{
  const cJSON *v;
  *out = NULL;
  CS_TRY(typed_member(js, obj, path, key, expect, required, cJSON_IsString, &v));
  if (v)
    *out = v->valuestring;
  return CS_OK;
}

cs_status cs_json_output_file(const cs_json *js, const cJSON *obj, const char *path,
                              char **out)
{
  const char *file;
  *out = NULL;
  CS_TRY(cs_json_text(js, obj, path, "file", "a file name (a string)", 0, &file));
  file = file ? file : "";
  int up = 0; /* a ".." component */
  for (const char *c = file; c; c = strchr(c, '/') ? strchr(c, '/') + 1 : NULL)
    up |= c[0] == '.' && c[1] == '.' && (c[2] == '/' || !c[2]);
  if (file[0] == '/' || up) {
    char kp[CS_JSON_PATH];
    cs_json_child(kp, path, "file");
    return cs_json_fail(js, kp, "expected a path relative to the working directory, without "
                        "'..' (a file names its output only below the directory it is run in; "
                        "-o names any), got \"%.200s\"", file);
  }
  *out = cs_json_strdup(file);
  return *out ? CS_OK : cs_json_out_of_memory(js);
}

/* The length of the longest valid UTF-8 prefix of s[0 … n) (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF); n when s is valid. */
static size_t utf8_valid(const unsigned char *s, size_t n)
{
  size_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                              : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > n)
      return i;
    unsigned cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80)
        return i;
      cp = cp << 6 | (s[i + k] & 0x3F);
    }
    static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return n;
}

cs_status cs_json_name(const cs_json *js, const cJSON *obj, const char *path, char **out)
{
  static const char expect[] = "a name: 1 to 64 bytes of UTF-8, not \".\", without '/'";
  char kp[CS_JSON_PATH];
  const char *s;
  CS_TRY(cs_json_text(js, obj, path, "name", expect, 1, &s));
  size_t n = strlen(s);
  cs_json_child(kp, path, "name");
  if (utf8_valid((const unsigned char *)s, n) < n) /* only via cs_json_load_string's callers */
    return cs_json_fail(js, kp, "expected %s, got bytes that are not UTF-8", expect);
  if (n == 0 || n > CS_JSON_MAX_NAME || strchr(s, '/') || strcmp(s, ".") == 0)
    return cs_json_fail(js, kp, "expected %s, got \"%.64s%s\"%s", expect, s,
                        n > CS_JSON_MAX_NAME ? "..." : "",
                        n > CS_JSON_MAX_NAME ? " (too long)" : "");
  *out = cs_json_strdup(s);
  return *out ? CS_OK : cs_json_out_of_memory(js);
}

cs_status cs_json_bool(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                       int def, int *out)
{
  char kp[CS_JSON_PATH], got[96];
  const cJSON *v = cs_json_member(obj, key);
  cs_json_child(kp, path, key);
  *out = def;
  if (!v)
    return CS_OK;
  if (!cJSON_IsBool(v))
    return cs_json_fail(js, kp, "expected true or false, got %s",
                        cs_json_describe(v, got, sizeof got));
  *out = cJSON_IsTrue(v);
  return CS_OK;
}

/* "\"a\", \"b\"" for a NULL-terminated list of words. */
static void quote_list(const char *const *words, char *buf, size_t size)
{
  char quoted[16][24];
  const char *items[16];
  int n = 0;
  for (; words[n] && n < 16; n++) {
    snprintf(quoted[n], sizeof quoted[n], "\"%s\"", words[n]);
    items[n] = quoted[n];
  }
  cs_json_join(items, n, buf, size);
}

cs_status cs_json_choice_value(const cs_json *js, const cJSON *v, const char *path,
                               const char *const *choices, int *out)
{
  char list[256], got[96];
  if (cJSON_IsString(v))
    for (int i = 0; choices[i]; i++)
      if (strcmp(v->valuestring, choices[i]) == 0) {
        *out = i;
        return CS_OK;
      }
  quote_list(choices, list, sizeof list);
  return cs_json_fail(js, path, "expected one of %s, got %s", list,
                      cs_json_describe(v, got, sizeof got));
}

cs_status cs_json_choice(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                         const char *const *choices, int def, int *out)
{
  char kp[CS_JSON_PATH], list[256];
  const cJSON *v = cs_json_member(obj, key);
  cs_json_child(kp, path, key);
  if (v)
    return cs_json_choice_value(js, v, kp, choices, out);
  if (def < 0) {
    quote_list(choices, list, sizeof list);
    return cs_json_fail(js, kp, "missing, expected one of %s", list);
  }
  *out = def;
  return CS_OK;
}

cs_status cs_json_array(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                        const char *expect, int required, const cJSON **out)
{
  return typed_member(js, obj, path, key, expect, required, cJSON_IsArray, out);
}

cs_status cs_json_count(const cs_json *js, const cJSON *obj, const char *path, const char *key,
                        long *out)
{
  char kp[CS_JSON_PATH], got[96];
  const cJSON *v = cs_json_member(obj, key);
  if (!v)
    return CS_OK;
  cs_json_child(kp, path, key);
  double x = cJSON_IsNumber(v) ? v->valuedouble : 0;
  if (!(x >= 1 && x <= 1e15 && x == floor(x)))
    return cs_json_fail(js, kp, "expected a whole number >= 1, got %s",
                        cs_json_describe(v, got, sizeof got));
  *out = (long)x;
  return CS_OK;
}

/* ---------------------------------------------------------------- documents -------------- */

/* A syntax error is reported by line and column (1-based, columns in bytes) of the position
 * cJSON stopped at. The position comes from cJSON's return_parse_end rather than
 * cJSON_GetErrorPtr, which is global state. */
/* The deepest nesting of arrays and objects in text[0 … at), strings skipped. */
static int depth_before(const char *text, size_t at)
{
  int depth = 0, deepest = 0, in_string = 0;
  for (size_t i = 0; i < at; i++) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        i++;
      else if (c == '"')
        in_string = 0;
    } else if (c == '"') {
      in_string = 1;
    } else if (c == '[' || c == '{') {
      deepest = ++depth > deepest ? depth : deepest;
    } else if (c == ']' || c == '}') {
      depth--;
    }
  }
  return deepest;
}

/* ---- a syntax check that allocates nothing: when cJSON fails on text that passes it, cJSON
 * ran out of memory (it cannot say so itself) ---- */

typedef struct scan {
  const char *p, *end;
  int depth;
  const char *nul; /* the first "\u0000": valid JSON, but C strings end there */
} scan;

static void scan_space(scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    s->p++;
}

/* Four hex digits after "\\u": their value, or −1. */
static long scan_hex4(scan *s)
{
  long u = 0;
  for (int k = 0; k < 4; k++, s->p++) {
    if (s->p >= s->end)
      return -1;
    char c = *s->p;
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0)
      return -1;
    u = 16 * u + d;
  }
  return u;
}

static int scan_string(scan *s)
{
  if (s->p >= s->end || *s->p++ != '"')
    return 0;
  while (s->p < s->end && *s->p != '"') {
    if ((unsigned char)*s->p < 0x20)
      return 0;
    if (*s->p++ == '\\') {
      if (s->p >= s->end)
        return 0;
      char e = *s->p++;
      if (e == 'u') {
        const char *at = s->p - 2;
        long u = scan_hex4(s);
        if (u == 0 && !s->nul)
          s->nul = at;
        if (u >= 0xDC00 && u <= 0xDFFF) /* a low surrogate alone */
          return 0;
        if (u >= 0xD800 && u <= 0xDBFF) { /* a high one wants its low one */
          if (s->end - s->p < 2 || s->p[0] != '\\' || s->p[1] != 'u')
            return 0;
          s->p += 2;
          long low = scan_hex4(s);
          if (low < 0xDC00 || low > 0xDFFF)
            return 0;
        }
        if (u < 0)
          return 0;
      } else if (!e || !strchr("\"\\/bfnrt", e)) {
        return 0;
      }
    }
  }
  return s->p < s->end && *s->p++ == '"';
}

static int scan_digits(scan *s)
{
  const char *start = s->p;
  while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
    s->p++;
  return s->p > start;
}

/* RFC 8259's number, which strtod (cJSON's reader) takes whole */
static int scan_number(scan *s)
{
  if (s->p < s->end && *s->p == '-')
    s->p++;
  if (s->p < s->end && *s->p == '0')
    s->p++;
  else if (!scan_digits(s))
    return 0;
  if (s->p < s->end && *s->p == '.' && (s->p++, !scan_digits(s)))
    return 0;
  if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
    s->p++;
    if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
      s->p++;
    return scan_digits(s);
  }
  return 1;
}

static int scan_value(scan *s);

static int scan_container(scan *s, char close)
{
  if (++s->depth > CJSON_NESTING_LIMIT)
    return 0;
  s->p++;
  scan_space(s);
  if (s->p < s->end && *s->p == close) {
    s->p++;
    s->depth--;
    return 1;
  }
  for (;;) {
    if (close == '}') {
      if (!scan_string(s))
        return 0;
      scan_space(s);
      if (s->p >= s->end || *s->p++ != ':')
        return 0;
    }
    if (!scan_value(s))
      return 0;
    scan_space(s);
    if (s->p < s->end && *s->p == ',') {
      s->p++;
      scan_space(s);
      continue;
    }
    if (s->p < s->end && *s->p == close) {
      s->p++;
      s->depth--;
      return 1;
    }
    return 0; /* (s->p at the offending byte) */
  }
}

static int scan_value(scan *s)
{
  scan_space(s);
  if (s->p >= s->end)
    return 0;
  char c = *s->p;
  if (c == '{' || c == '[')
    return scan_container(s, c == '{' ? '}' : ']');
  if (c == '"')
    return scan_string(s);
  static const char *const words[] = {"true", "false", "null"};
  for (int w = 0; w < 3; w++) {
    size_t n = strlen(words[w]);
    if ((size_t)(s->end - s->p) >= n && memcmp(s->p, words[w], n) == 0) {
      s->p += n;
      return 1;
    }
  }
  return scan_number(s);
}

/* len when text[0 … len) is one JSON value surrounded by white space only, else about where
 * it stops being one; *nul the offset of its first "\u0000" (len when none). */
static size_t syntax_end(const char *text, size_t len, size_t *nul)
{
  scan s = {text, text + len, 0, NULL};
  int ok = scan_value(&s);
  *nul = s.nul ? (size_t)(s.nul - text) : len;
  if (!ok)
    return (size_t)(s.p - text) < len ? (size_t)(s.p - text) : len - 1;
  scan_space(&s);
  return (size_t)(s.p - text);
}

static cs_status parse_error(const cs_json *js, const char *text, size_t len, size_t at,
                             const char *why)
{
  size_t line = 1, start = 0;
  for (size_t i = 0; i < at && i < len; i++)
    if (text[i] == '\n') {
      line++;
      start = i + 1;
    }
  return cs_fail(js->err, CS_ERR_INPUT, "%s: line %zu column %zu: %s", js->origin, line,
                 at - start + 1, why);
}

cs_status cs_json_parse(const cs_json *js, const char *text, size_t len, cJSON **root)
{
  static const char bom[] = "\xEF\xBB\xBF";
  *root = NULL;
  if (len > CS_JSON_MAX_BYTES)
    return cs_fail(js->err, CS_ERR_INPUT, "%s: %zu bytes, expected at most %d (16 MiB, the "
                   "limit of a model or impact file)", js->origin, len, CS_JSON_MAX_BYTES);
  /* editors may start UTF-8 files with a byte-order mark; cJSON skips one, we allow no more */
  size_t skip = len >= 3 && memcmp(text, bom, 3) == 0 ? 3 : 0;
  if (skip && len >= 6 && memcmp(text + 3, bom, 3) == 0)
    return parse_error(js, text, len, 3, "a second byte-order mark (expected at most one, "
                       "at the start)");
  const char *nul = memchr(text, '\0', len);
  if (nul)
    return parse_error(js, text, len, (size_t)(nul - text), "not valid JSON (a NUL byte)");
  /* JSON text is UTF-8 (RFC 8259); names and /model are written to HDF5 as UTF-8 */
  size_t valid = utf8_valid((const unsigned char *)text, len);
  if (valid < len) {
    char why[96];
    snprintf(why, sizeof why, "not valid UTF-8 (byte 0x%02X)", (unsigned char)text[valid]);
    return parse_error(js, text, len, valid, why);
  }
  const char *end = NULL;
  *root = cJSON_ParseWithLengthOpts(text + skip, len - skip + 1, &end, 1);
  size_t nul_esc, valid_to = skip + syntax_end(text + skip, len - skip, &nul_esc);
  if (*root && valid_to == len && nul_esc == len - skip)
    return CS_OK;
  if (*root && valid_to == len) { /* a name or text would be cut there, silently */
    cJSON_Delete(*root);
    *root = NULL;
    return parse_error(js, text, len, skip + nul_esc, "a NUL character (\\u0000) in a string "
                       "(names and text end at one)");
  }
  if (*root) { /* cJSON is laxer than RFC 8259 (strtod's numbers: 01, +1, 1., .5) */
    cJSON_Delete(*root);
    *root = NULL;
    return parse_error(js, text, len, valid_to, "not valid JSON (RFC 8259)");
  }
  if (valid_to == len)
    return cs_fail(js->err, CS_ERR_MEMORY, "%s: out of memory while parsing", js->origin);
  size_t at = end ? (size_t)(end - text) : skip;
  if (depth_before(text, at < len ? at + 1 : len) > CJSON_NESTING_LIMIT)
    return parse_error(js, text, len, at, "arrays and objects nested deeper than "
                       CS_JSON_STR(CJSON_NESTING_LIMIT) " levels (the limit of the JSON reader)");
  return parse_error(js, text, len, at, at >= len ? "not valid JSON (unexpected end of input)"
                                                  : "not valid JSON");
}

static const char *file_kind(mode_t mode)
{
  return S_ISDIR(mode) ? "a directory" : S_ISFIFO(mode) ? "a FIFO" : S_ISSOCK(mode) ? "a socket"
       : S_ISCHR(mode) || S_ISBLK(mode) ? "a device" : "a special file";
}

int cs_input_open(const char *path, char *why, size_t size)
{
  struct stat st;
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0 || fstat(fd, &st) != 0) {
    snprintf(why, size, "%s", strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {
    snprintf(why, size, "%s, not a regular file", file_kind(st.st_mode));
  } else {
    return fd;
  }
  if (fd >= 0)
    close(fd);
  return -1;
}

cs_status cs_json_read_file(const char *path, char **text, size_t *len, cs_error *err)
{
  char why[160];
  int fd = cs_input_open(path, why, sizeof why);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
  if (fd >= 0 && !f) {
    snprintf(why, sizeof why, "%s", strerror(errno));
    close(fd);
  }
  if (!f)
    return cs_fail(err, CS_ERR_IO, "%s: cannot open: %s", path, why);
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - 1 - n, f);
    if (n < cap - 1)
      break; /* end of file or an error, told apart by ferror */
    if (n > CS_JSON_MAX_BYTES) { /* a device or a pipe may never end */
      free(buf);
      fclose(f);
      return cs_fail(err, CS_ERR_INPUT, "%s: larger than %d bytes (16 MiB, the limit of a "
                     "model or impact file)", path, CS_JSON_MAX_BYTES);
    }
    char *grown = realloc(buf, 2 * cap);
    if (!grown)
      free(buf);
    buf = grown;
    cap *= 2;
  }
  int failed = ferror(f), error = errno;
  fclose(f);
  if (!buf)
    return cs_fail(err, CS_ERR_MEMORY, "%s: out of memory reading the file", path);
  if (failed) {
    free(buf);
    return cs_fail(err, CS_ERR_IO, "%s: cannot read: %s", path, strerror(error));
  }
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return CS_OK;
}

cs_status cs_json_root(const cs_json *js, const cJSON *root, const char *const *allowed,
                       char **name, char **description)
{
  const char *text;
  CS_TRY(cs_json_object(js, root, ""));
  CS_TRY(cs_json_keys(js, root, "", allowed, ""));
  CS_TRY(cs_json_text(js, root, "", "$schema", "a string (the JSON Schema's URI)", 0, &text));
  CS_TRY(cs_json_name(js, root, "", name));
  CS_TRY(cs_json_text(js, root, "", "description", "a string", 0, &text));
  *description = cs_json_strdup(text ? text : "");
  return *description ? CS_OK : cs_json_out_of_memory(js);
}

static cs_status load_text(const cs_json_doc *doc, const char *text, size_t len,
                           const char *origin, const cs_registry *registry, void *out,
                           cs_error *err)
{
  cs_json js = {origin, err, registry, NULL};
  cJSON *root = NULL;
  void *obj = NULL;
  cs_status status = cs_json_parse(&js, text, len, &root);
  if (status == CS_OK)
    status = doc->load(&js, root, text, &obj);
  cJSON_Delete(root);
  cs_json_release(&js);
  if (status != CS_OK) {
    if (obj)
      doc->release(obj);
    return status;
  }
  cs_error_clear(err);
  doc->store(out, obj);
  return CS_OK;
}

cs_status cs_json_load_file(const cs_json_doc *doc, const char *path, const cs_registry *registry,
                            void *out, cs_error *err)
{
  char *text = NULL;
  size_t len = 0;
  if (!out || !path)
    return cs_fail(err, CS_ERR_ARGUMENT, "%s_file: %s is NULL", doc->api,
                   out ? "path" : doc->noun);
  doc->store(out, NULL);
  CS_TRY(cs_json_read_file(path, &text, &len, err));
  cs_status status = load_text(doc, text, len, path, registry, out, err);
  free(text);
  return status;
}

cs_status cs_json_load_string(const cs_json_doc *doc, const char *json, const char *origin,
                              const cs_registry *registry, void *out, cs_error *err)
{
  if (!out || !json)
    return cs_fail(err, CS_ERR_ARGUMENT, "%s_string: %s is NULL", doc->api,
                   out ? "json" : doc->noun);
  doc->store(out, NULL);
  return load_text(doc, json, strlen(json), origin ? origin : "<string>", registry, out, err);
}
