/* cs_registry.c — the catalogue of contact laws, by family and name. No global mutable state:
 * the built-in descriptors are constants; a registry is an object the caller owns. */
#include "cs_contact.h"
#include "cs_status.h"

#include <stdlib.h>
#include <string.h>

/* Each law file defines `const cs_law cs_law_<name>;` and adds one line to the .def list of
 * its family. */
#define CS_LAW(id) extern const cs_law cs_law_##id;
#include "laws_elastic.def"
#include "laws_damping.def"
#include "laws_restitution.def"
#include "laws_friction.def"
#undef CS_LAW

static const cs_law *const builtin[] = {
#define CS_LAW(id) &cs_law_##id,
#include "laws_elastic.def"
#include "laws_damping.def"
#include "laws_restitution.def"
#include "laws_friction.def"
#undef CS_LAW
  NULL};

struct cs_registry {
  const cs_law **laws;
  int n, cap;
};

static const char *const family_names[CS_FAMILY_COUNT] = {"elastic", "damping", "restitution",
                                                          "friction"};

const char *cs_family_name(cs_family family)
{
  return (unsigned)family < CS_FAMILY_COUNT ? family_names[family] : "?";
}

static int slot(const cs_registry *r, cs_family family, const char *name)
{
  for (int i = 0; i < r->n; i++)
    if (r->laws[i]->family == family && strcmp(r->laws[i]->name, name) == 0)
      return i;
  return -1;
}

cs_status cs_registry_add(cs_registry *r, const cs_law *law, cs_error *err)
{
  if (!r || !law || !law->name || (unsigned)law->family >= CS_FAMILY_COUNT || !law->create)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_registry_add: incomplete law descriptor");
  int at = slot(r, law->family, law->name);
  if (at >= 0) {
    r->laws[at] = law;
    return CS_OK;
  }
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 64;
    const cs_law **laws = realloc(r->laws, (size_t)cap * sizeof *laws);
    if (!laws)
      return cs_fail(err, CS_ERR_MEMORY, "cs_registry_add: out of memory");
    r->laws = laws;
    r->cap = cap;
  }
  r->laws[r->n++] = law;
  return CS_OK;
}

cs_registry *cs_registry_new(void)
{
  cs_registry *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  for (int i = 0; builtin[i]; i++)
    if (cs_registry_add(r, builtin[i], NULL) != CS_OK) {
      cs_registry_free(r);
      return NULL;
    }
  return r;
}

void cs_registry_free(cs_registry *r)
{
  if (r) {
    free(r->laws);
    free(r);
  }
}

const cs_law *cs_registry_find(const cs_registry *r, cs_family family, const char *name)
{
  int at = slot(r, family, name);
  return at < 0 ? NULL : r->laws[at];
}

int cs_registry_count(const cs_registry *r, cs_family family)
{
  int n = 0;
  for (int i = 0; i < r->n; i++)
    n += r->laws[i]->family == family;
  return n;
}

const cs_law *cs_registry_get(const cs_registry *r, cs_family family, int index)
{
  for (int i = 0; i < r->n; i++)
    if (r->laws[i]->family == family && index-- == 0)
      return r->laws[i];
  return NULL;
}
