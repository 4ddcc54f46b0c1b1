/* cs_test_laws.h — what the contact-law tests share: the built-in registry, 000 Table 1's ball
 * in socket, and a law made from the registry with checks that count. */
#ifndef CS_TEST_LAWS_H
#define CS_TEST_LAWS_H

#include "cs_contact.h"
#include "cs_test.h"

#include <stdlib.h>

/* The built-in registry (one check); a test that cannot have it ends with its closing line. */
static inline cs_registry *cs_test_registry(void)
{
  cs_registry *reg = cs_registry_new();
  CHECK(reg != NULL, "registry");
  if (!reg)
    exit(cs_test_finish());
  return reg;
}

/* 000 Table 1: a steel ball (R = 50 mm, E = 206.8 GPa, ν = 0.29) of mass `mass` in a fixed
 * socket of radius R_socket (50.1 … 51.0 mm; 50.5 mm in 000 §4). */
static inline cs_contact_geometry cs_test_ball_in_socket(double R_socket, double mass)
{
  cs_contact_geometry g = {0};
  g.shape = CS_CONTACT_POINT;
  g.internal = 1;
  g.R1 = 0.05;
  g.R2 = R_socket;
  g.m1 = (cs_material){.E = 2.068e11, .nu = 0.29};
  g.m2 = g.m1;
  g.mass1 = mass;
  return g;
}

typedef struct cs_test_law {
  const cs_law *law; /* NULL when not registered or its create failed */
  void *content;
} cs_test_law;

/* Law `name` of `family` made from validated params on geometry g: a check that it is
 * registered, and a failed one when create fails. */
static inline cs_test_law cs_test_law_make(const cs_registry *reg, cs_family family,
                                           const char *name, const double *params,
                                           const cs_contact_geometry *g)
{
  cs_test_law l = {cs_registry_find(reg, family, name), NULL};
  cs_error err;
  CHECK(l.law != NULL, "%s law \"%s\" is registered", cs_family_name(family), name);
  if (l.law && l.law->create(params, g, &l.content, &err) != CS_OK) {
    CHECK(0, "create %s law \"%s\": %s", cs_family_name(family), name, err.message);
    l.law = NULL;
  }
  return l;
}

static inline void cs_test_law_free(cs_test_law *l)
{
  if (l->law && l->law->destroy)
    l->law->destroy(l->content);
  l->law = NULL;
}

#endif
