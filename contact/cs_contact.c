/* cs_contact.c — what cs_contact.h declares beyond the registry: the derived geometry (E*, R*,
 * m*), the check of a law's parameters against its table, and the composite contact model that
 * chains an elastic, a damping, a restitution and (optionally) a friction law. */
#include "cs_contact.h"
#include "cs_status.h"
#include "cs_rolling.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- geometry --------------- */

double cs_geometry_E_star(const cs_contact_geometry *g)
{
  return 1.0 / ((1.0 - g->m1.nu * g->m1.nu) / g->m1.E + (1.0 - g->m2.nu * g->m2.nu) / g->m2.E);
}

double cs_geometry_R_star(const cs_contact_geometry *g)
{
  if (g->internal)
    return g->R1 * g->R2 / (g->R2 - g->R1);
  return g->R2 == 0.0 ? g->R1 : g->R1 * g->R2 / (g->R1 + g->R2);
}

double cs_geometry_m_star(const cs_contact_geometry *g)
{
  if (g->mass1 <= 0.0 || g->mass2 <= 0.0) /* one body fixed: the moving one's mass */
    return g->mass1 > 0.0 ? g->mass1 : g->mass2;
  return g->mass1 * g->mass2 / (g->mass1 + g->mass2);
}

/* ---------------------------------------------------------------- parameters ------------- */

/* "a number > 0", "a number in [0, 1)", … for messages */
static void range_text(const cs_param_spec *p, char *buf, size_t size)
{
  int lo = isfinite(p->lo), hi = isfinite(p->hi);
  const char *lo_op = p->flags & CS_PARAM_LO_OPEN ? ">" : ">=";
  const char *hi_op = p->flags & CS_PARAM_HI_OPEN ? "<" : "<=";
  if (lo && hi)
    snprintf(buf, size, "a number in %c%g, %g%c", p->flags & CS_PARAM_LO_OPEN ? '(' : '[', p->lo,
             p->hi, p->flags & CS_PARAM_HI_OPEN ? ')' : ']');
  else if (lo)
    snprintf(buf, size, "a number %s %g", lo_op, p->lo);
  else if (hi)
    snprintf(buf, size, "a number %s %g", hi_op, p->hi);
  else
    snprintf(buf, size, "a finite number");
}

static int in_range(const cs_param_spec *p, double v)
{
  int lo_ok = p->flags & CS_PARAM_LO_OPEN ? v > p->lo : v >= p->lo;
  int hi_ok = p->flags & CS_PARAM_HI_OPEN ? v < p->hi : v <= p->hi;
  return lo_ok && hi_ok;
}

static int find_param(const cs_law *law, const char *key)
{
  for (int i = 0; i < law->nparams; i++)
    if (strcmp(law->params[i].name, key) == 0)
      return i;
  return -1;
}

static cs_status unknown_key(const cs_law *law, const char *key, const char *path, cs_error *err)
{
  char list[512] = "";
  size_t used = 0;
  for (int i = 0; i < law->nparams && used < sizeof list; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                             law->params[i].name);
  if (law->nparams == 0)
    return cs_fail(err, CS_ERR_INPUT, "%s: unknown key \"%.64s\": %s law \"%s\" takes no parameters",
                   path, key, cs_family_name(law->family), law->name);
  return cs_fail(err, CS_ERR_INPUT, "%s: unknown key \"%.64s\" for %s law \"%s\" (expected one of: %s)",
                 path, key, cs_family_name(law->family), law->name, list);
}

cs_status cs_law_params(const cs_law *law, int n, const char *const *keys, const double *values,
                        const char *path, double *out, cs_error *err)
{
  if (!law || n < 0 || (n > 0 && (!keys || !values)) || (law->nparams > 0 && !out))
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_law_params: arguments out of contract");
  if (!path)
    path = "";
  char given[64] = {0}; /* which table entries the input set */
  if (law->nparams > (int)sizeof given)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_law_params: law \"%s\" has too many parameters",
                   law->name);
  for (int k = 0; k < n; k++) {
    int i = keys[k] ? find_param(law, keys[k]) : -1;
    if (i < 0)
      return unknown_key(law, keys[k] ? keys[k] : "(null)", path, err);
    if (given[i])
      return cs_fail(err, CS_ERR_INPUT, "%s: duplicate key \"%s\"", path, keys[k]);
    const cs_param_spec *p = &law->params[i];
    char expect[96];
    range_text(p, expect, sizeof expect);
    if (!isfinite(values[k]))
      return cs_fail(err, CS_ERR_INPUT, "%s/%s: expected a finite number, got %g", path, p->name,
                     values[k]);
    if (!in_range(p, values[k]))
      return cs_fail(err, CS_ERR_INPUT, "%s/%s: expected %s, got %g", path, p->name, expect,
                     values[k]);
    given[i] = 1;
    out[i] = values[k];
  }
  for (int i = 0; i < law->nparams; i++) {
    const cs_param_spec *p = &law->params[i];
    if (given[i])
      continue;
    if (p->flags & CS_PARAM_REQUIRED) {
      char expect[96];
      range_text(p, expect, sizeof expect);
      return cs_fail(err, CS_ERR_INPUT, "%s/%s: missing, expected %s (%s, %s)", path, p->name,
                     expect, p->units, p->doc);
    }
    out[i] = p->def;
  }
  return CS_OK;
}

/* ---------------------------------------------------------------- the contact model ------ */

struct cs_contact {
  const cs_law *law[CS_FAMILY_COUNT];
  void *content[CS_FAMILY_COUNT];
  cs_contact_geometry geometry;
  double m_star;
  double cr, v_impact, delta_max; /* history of the current (or last) contact */
  long clips;
  double domain;                  /* the elastic law's domain: δ ≤ domain (INFINITY: all) */
  long outside;                   /* accepted states past it, and the deepest of them */
  double outside_depth;
};

/* The op a family needs, so that a descriptor missing it is refused at create, not at eval. */
static int has_op(const cs_law *law, cs_family f)
{
  switch (f) {
  case CS_ELASTIC: return law->elastic && law->energy;
  case CS_DAMPING: return law->normal != NULL;
  case CS_RESTITUTION: return law->restitution != NULL;
  case CS_FRICTION: return law->friction != NULL;
  default: return 0;
  }
}

cs_status cs_contact_create(const cs_contact_spec *spec, const cs_contact_geometry *geometry,
                            cs_contact **contact, cs_error *err)
{
  if (!spec || !geometry || !contact)
    return cs_fail(err, CS_ERR_ARGUMENT, "cs_contact_create: NULL argument");
  *contact = NULL;
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    const cs_law *law = spec->law[f];
    if (!law && f == CS_FRICTION)
      continue;
    if (!law || law->family != (cs_family)f || !law->create || !has_op(law, (cs_family)f))
      return cs_fail(err, CS_ERR_ARGUMENT, "cs_contact_create: no usable %s law%s%s%s",
                     cs_family_name((cs_family)f), law ? " (\"" : "", law ? law->name : "",
                     law ? "\" lacks an op or is of another family)" : "");
    if (law->nparams > 0 && !spec->params[f])
      return cs_fail(err, CS_ERR_ARGUMENT, "cs_contact_create: %s law \"%s\" given no parameters",
                     cs_family_name((cs_family)f), law->name);
  }
  cs_contact *c = calloc(1, sizeof *c);
  if (!c)
    return cs_fail(err, CS_ERR_MEMORY, "cs_contact_create: out of memory");
  c->geometry = *geometry;
  c->m_star = cs_geometry_m_star(geometry);
  c->cr = 1.0;
  for (int f = 0; f < CS_FAMILY_COUNT; f++) {
    c->law[f] = spec->law[f];
    if (!c->law[f])
      continue;
    cs_status st = c->law[f]->create(spec->params[f], geometry, &c->content[f], err);
    if (st != CS_OK) {
      c->law[f] = NULL; /* nothing to destroy */
      cs_contact_free(c);
      return st;
    }
  }
  const cs_law *el = c->law[CS_ELASTIC];
  c->domain = el->domain ? el->domain(c->content[CS_ELASTIC]) : INFINITY;
  *contact = c;
  return CS_OK;
}

void cs_contact_free(cs_contact *c)
{
  if (!c)
    return;
  for (int f = 0; f < CS_FAMILY_COUNT; f++)
    if (c->law[f] && c->law[f]->destroy)
      c->law[f]->destroy(c->content[f]);
  free(c);
}

void cs_contact_onset(cs_contact *c, double v_impact)
{
  cs_impact_in in = {v_impact, &c->geometry};
  c->v_impact = v_impact;
  c->delta_max = 0.0;
  c->cr = c->law[CS_RESTITUTION]->restitution(c->content[CS_RESTITUTION], &in);
}

void cs_contact_resume(cs_contact *c, const cs_contact *from)
{
  c->v_impact = from->v_impact;
  c->delta_max = from->delta_max;
  c->cr = from->cr;
}

void cs_contact_eval(cs_contact *c, double delta, double rate, double vt, int commit,
                     cs_contact_out *out)
{
  memset(out, 0, sizeof *out);
  if (!(delta > 0.0))
    return;
  out->Fe = c->law[CS_ELASTIC]->elastic(c->content[CS_ELASTIC], delta, &out->dFe);

  /* δ_max as it would stand if this state is accepted */
  cs_normal_in in = {delta,          rate,     c->v_impact, c->cr, fmax(c->delta_max, delta),
                     out->Fe,        out->dFe, c->m_star};
  out->Fn = c->law[CS_DAMPING]->normal(c->content[CS_DAMPING], &in, &out->dFn_ddelta,
                                       &out->dFn_drate);
  if (out->Fn < 0.0) {
    /* Damping can pull when δ'(−) is small and the contact long (contact/README.md); a contact
     * cannot, so the force and its derivatives are those of F_n = 0. */
    out->Fn = out->dFn_ddelta = out->dFn_drate = 0.0;
    out->clipped = 1;
  }
  if (c->law[CS_FRICTION])
    out->Ft = c->law[CS_FRICTION]->friction(c->content[CS_FRICTION], vt, out->Fn, &out->dFt_dvt,
                                            &out->dFt_dFn);
  out->dissipation_power = (out->Fn - out->Fe) * rate - out->Ft * vt;
  if (commit) {
    c->delta_max = in.delta_max;
    c->clips += out->clipped; /* accepted states only: trial evaluations would inflate it */
    if (delta > c->domain) {
      c->outside++;
      c->outside_depth = fmax(c->outside_depth, delta);
    }
  }
}

int cs_contact_state_count(const cs_contact *c)
{
  return c->law[CS_FRICTION] && c->law[CS_FRICTION]->bristle ? 1 : 0;
}

void cs_contact_eval_state(cs_contact *c, double delta, double rate, double vt, double z,
                           int commit, cs_contact_out *out, cs_bristle *b)
{
  cs_contact_eval(c, delta, rate, vt, commit, out);
  memset(b, 0, sizeof *b);
  if (!(delta > 0.0) || !cs_contact_state_count(c)) {
    b->Ft = out->Ft;
    b->dFt_dvt = out->dFt_dvt;
    b->dFt_dFn = out->dFt_dFn;
    return;
  }
  c->law[CS_FRICTION]->bristle(c->content[CS_FRICTION], vt, out->Fn, z, b);
  out->dissipation_power += out->Ft * vt - b->Ft * vt; /* the bristles' friction instead */
  out->Ft = b->Ft;
  out->dFt_dvt = b->dFt_dvt;
  out->dFt_dFn = b->dFt_dFn;
}

double cs_contact_strain_energy(const cs_contact *c, double delta)
{
  return delta > 0.0 ? c->law[CS_ELASTIC]->energy(c->content[CS_ELASTIC], delta) : 0.0;
}

int cs_contact_rolls(const cs_contact *c)
{
  return c->law[CS_ELASTIC]->rolling_moment && c->law[CS_DAMPING]->hysteresis;
}

void cs_contact_rolling(const cs_contact *c, double delta, double omega, double *T,
                        double *dT_ddelta, double *dT_domega)
{
  const cs_law *elastic = c->law[CS_ELASTIC], *damping = c->law[CS_DAMPING];
  *T = *dT_ddelta = *dT_domega = 0.0;
  if (!(delta > 0.0) || !cs_contact_rolls(c))
    return;
  double dJ, k_v;
  double J = elastic->rolling_moment(c->content[CS_ELASTIC], delta, &dJ, &k_v);
  double a = damping->hysteresis(c->content[CS_DAMPING], c->v_impact, c->cr);
  *T = cs_rolling_resistance(k_v, a, J, omega, dT_domega);
  *dT_ddelta = cs_rolling_resistance(k_v, a, dJ, omega, NULL);
}

double cs_contact_cr(const cs_contact *c) { return c->cr; }
double cs_contact_v_impact(const cs_contact *c) { return c->v_impact; }
double cs_contact_delta_max(const cs_contact *c) { return c->delta_max; }
long cs_contact_clip_count(const cs_contact *c) { return c->clips; }

long cs_contact_outside(const cs_contact *c, double *deepest, double *limit)
{
  *deepest = c->outside_depth;
  *limit = c->domain;
  return c->outside;
}
