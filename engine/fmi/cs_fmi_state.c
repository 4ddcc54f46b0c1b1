/*
 * cs_fmi_state.c — an FMU instance's saved states (cs_fmi.h): its history since initialization
 * ended, recorded as it goes, and replayed to restore a state.
 *
 * Why a replay and not a copy of the simulation: the simulation's state is more than its
 * unknowns (each contact's law and history, wear profiles, the integrator's step in each
 * contact regime, the evidence of the run, contact laws a host registered), and a restart from
 * copied unknowns would not continue as the saved instance does. The engine is deterministic,
 * so the same calls from the same start give the same bits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_fmi_impl.h"

struct cs_fmi_state {
  int tag, nvar;
  double t_start;
  double *values;          /* the values as set when saved */
  cs_fmi_history *history; /* NULL: saved before initialization ended */
  size_t at;               /* its records up to the save */
};

static void history_unref(cs_fmi_history *h)
{
  if (!h || --h->refs > 0)
    return;
  free(h->start);
  free(h->r);
  free(h);
}

static cs_fmi_history *history_new(int nvar, double t_start, const double *start, size_t cap)
{
  cs_fmi_history *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  h->refs = 1, h->nvar = nvar, h->t_start = t_start, h->cap = cap;
  h->start = malloc((size_t)nvar * sizeof *h->start);
  h->r = cap ? malloc(cap * sizeof *h->r) : NULL;
  if (!h->start || (cap && !h->r))
    return history_unref(h), NULL;
  memcpy(h->start, start, (size_t)nvar * sizeof *h->start);
  return h;
}

int cs_fmi_history_start(cs_fmi *fmi)
{
  if (fmi->replaying)
    return 0; /* cs_fmi_state_set puts the state's history in place */
  cs_fmi_history_drop(fmi);
  fmi->history = history_new(fmi->nvar, fmi->t_start, fmi->values, 64);
  fmi->unrecorded = !fmi->history; /* the instance runs on; its states cannot be saved */
  return 0;
}

void cs_fmi_history_drop(cs_fmi *fmi)
{
  history_unref(fmi->history);
  fmi->history = NULL;
  fmi->at = 0, fmi->unrecorded = 0;
}

/* The history the instance may append to: its own, cut where the instance stands (states
 * saved beyond that point keep the records they hold). */
static cs_fmi_history *own_history(cs_fmi *fmi)
{
  cs_fmi_history *h = fmi->history;
  if (fmi->at == h->n)
    return h;
  if (h->refs == 1) {
    h->n = fmi->at;
    return h;
  }
  cs_fmi_history *copy = history_new(h->nvar, h->t_start, h->start, 2 * fmi->at + 64);
  if (!copy)
    return NULL;
  memcpy(copy->r, h->r, fmi->at * sizeof *h->r);
  copy->n = fmi->at;
  history_unref(h);
  return fmi->history = copy;
}

void cs_fmi_record_call(cs_fmi *fmi, int vr, double a, double b)
{
  if (fmi->replaying) {
    fmi->at++;
    return;
  }
  if (fmi->unrecorded || !fmi->history)
    return;
  cs_fmi_history *h = own_history(fmi);
  if (h && h->n == h->cap) {
    cs_fmi_record *r = realloc(h->r, 2 * h->cap * sizeof *r);
    if (r)
      h->r = r, h->cap *= 2;
    else
      h = NULL;
  }
  if (!h) {
    fmi->unrecorded = 1;
    return;
  }
  h->r[h->n++] = (cs_fmi_record){vr, a, b};
  fmi->at = h->n;
}

cs_fmi_state *cs_fmi_state_get(cs_fmi *fmi, int tag)
{
  if (fmi->unrecorded) {
    cs_fmi_log(fmi, 3, "the FMU state cannot be saved here: a doStep failed, or recording "
               "ran out of memory, since initialization");
    return NULL;
  }
  cs_fmi_state *s = calloc(1, sizeof *s);
  if (s)
    s->values = malloc((size_t)fmi->nvar * sizeof *s->values);
  if (!s || !s->values) {
    if (s)
      free(s);
    cs_fmi_log(fmi, 3, "out of memory");
    return NULL;
  }
  s->tag = tag, s->nvar = fmi->nvar, s->t_start = fmi->t_start;
  memcpy(s->values, fmi->values, (size_t)fmi->nvar * sizeof *s->values);
  s->history = fmi->history, s->at = fmi->at;
  if (s->history)
    s->history->refs++;
  return s;
}

int cs_fmi_state_tag(const cs_fmi_state *s) { return s->tag; }

void cs_fmi_state_free(cs_fmi_state *s)
{
  if (!s)
    return;
  history_unref(s->history);
  free(s->values);
  free(s);
}

/* Replay the state's records from where the instance stands on its history. */
static int replay(cs_fmi *fmi, const cs_fmi_state *s)
{
  int fail = 0;
  fmi->replaying = 1;
  for (size_t i = fmi->at; !fail && i < s->at; i++) {
    const cs_fmi_record *r = &s->history->r[i];
    fail = r->vr >= 0 ? cs_fmi_set(fmi, (unsigned)r->vr, r->a) : cs_fmi_step(fmi, r->a, r->b);
  }
  fmi->replaying = 0;
  return fail;
}

int cs_fmi_state_set(cs_fmi *fmi, const cs_fmi_state *s)
{
  if (!s || s->nvar != fmi->nvar)
    return cs_fmi_log(fmi, 3, "an FMU state of another FMU"), 1;
  int ahead = s->history && fmi->history == s->history && !fmi->unrecorded && fmi->at <= s->at;
  if (!ahead) { /* from the start */
    cs_fmi_reset(fmi);
    fmi->t_start = s->t_start;
    if (s->history) {
      memcpy(fmi->values, s->history->start, (size_t)fmi->nvar * sizeof *fmi->values);
      fmi->t_start = s->history->t_start;
      fmi->replaying = 1;
      int fail = cs_fmi_start(fmi);
      fmi->replaying = 0;
      if (fail)
        return cs_fmi_reset(fmi), 1;
      fmi->history = s->history, fmi->history->refs++, fmi->at = 0;
    }
  }
  if (s->history && replay(fmi, s))
    return cs_fmi_log(fmi, 3, "restoring the FMU state: its replay failed"), cs_fmi_reset(fmi), 1;
  memcpy(fmi->values, s->values, (size_t)fmi->nvar * sizeof *fmi->values);
  return 0;
}

/* ---- as bytes: a header, the values, the history's start and records, the token ---- */

static const char MAGIC[8] = "csfmust1";

typedef struct cursor {
  unsigned char *w;       /* writing, or NULL: counting */
  const unsigned char *r; /* reading */
  size_t at, size;
  int short_read;
} cursor;

static void put(cursor *c, const void *p, size_t n)
{
  if (c->w)
    memcpy(c->w + c->at, p, n);
  c->at += n;
}

static void take(cursor *c, void *p, size_t n)
{
  if (c->short_read || n > c->size - c->at) {
    c->short_read = 1;
    memset(p, 0, n);
    return;
  }
  memcpy(p, c->r + c->at, n);
  c->at += n;
}

static void put_state(cursor *c, const cs_fmi *fmi, const cs_fmi_state *s)
{
  const char *token = fmi->token ? fmi->token : "";
  uint64_t ntoken = strlen(token), at = s->at;
  int32_t head[3] = {s->tag, s->nvar, s->history != NULL};
  put(c, MAGIC, sizeof MAGIC);
  put(c, &ntoken, sizeof ntoken);
  put(c, token, ntoken);
  put(c, head, sizeof head);
  put(c, &s->t_start, sizeof s->t_start);
  put(c, s->values, (size_t)s->nvar * sizeof *s->values);
  if (!s->history)
    return;
  put(c, &s->history->t_start, sizeof s->history->t_start);
  put(c, s->history->start, (size_t)s->nvar * sizeof *s->values);
  put(c, &at, sizeof at);
  for (size_t i = 0; i < s->at; i++) {
    int32_t vr = s->history->r[i].vr;
    put(c, &vr, sizeof vr);
    put(c, &s->history->r[i].a, sizeof(double));
    put(c, &s->history->r[i].b, sizeof(double));
  }
}

size_t cs_fmi_state_size(const cs_fmi *fmi, const cs_fmi_state *s)
{
  cursor c = {0};
  put_state(&c, fmi, s);
  return c.at;
}

void cs_fmi_state_write(const cs_fmi *fmi, const cs_fmi_state *s, unsigned char *bytes)
{
  cursor c = {.w = bytes};
  put_state(&c, fmi, s);
}

/* The header: the right magic and token, this FMU's variable count. */
static int read_header(cs_fmi *fmi, cursor *c, int32_t head[3])
{
  const char *token = fmi->token ? fmi->token : "";
  char magic[sizeof MAGIC];
  uint64_t ntoken = 0;
  take(c, magic, sizeof magic);
  take(c, &ntoken, sizeof ntoken);
  int same = !c->short_read && !memcmp(magic, MAGIC, sizeof MAGIC) &&
             ntoken == strlen(token) && ntoken <= c->size - c->at &&
             !memcmp(c->r + c->at, token, ntoken);
  if (same)
    c->at += ntoken;
  take(c, head, 3 * sizeof *head);
  return same && !c->short_read && head[1] == fmi->nvar;
}

static int read_history(cursor *c, cs_fmi_state *s)
{
  double t_start = 0.0;
  uint64_t n = 0;
  double *start = calloc((size_t)s->nvar, sizeof *start);
  take(c, &t_start, sizeof t_start);
  if (start)
    take(c, start, (size_t)s->nvar * sizeof *start);
  take(c, &n, sizeof n);
  size_t record = sizeof(int32_t) + 2 * sizeof(double);
  if (!start || c->short_read || n > (c->size - c->at) / record)
    return free(start), 1;
  s->history = history_new(s->nvar, t_start, start, (size_t)n + 1);
  free(start);
  for (size_t i = 0; s->history && i < n; i++) {
    int32_t vr;
    cs_fmi_record *r = &s->history->r[i];
    take(c, &vr, sizeof vr);
    take(c, &r->a, sizeof r->a);
    take(c, &r->b, sizeof r->b);
    r->vr = vr;
  }
  if (s->history)
    s->history->n = s->at = (size_t)n;
  return !s->history;
}

cs_fmi_state *cs_fmi_state_read(cs_fmi *fmi, const unsigned char *bytes, size_t size)
{
  cursor c = {.r = bytes, .size = size};
  int32_t head[3] = {0};
  if (!bytes || !read_header(fmi, &c, head)) {
    cs_fmi_log(fmi, 3, "the serialized FMU state is not one of this FMU's");
    return NULL;
  }
  cs_fmi_state *s = calloc(1, sizeof *s);
  if (s)
    s->values = calloc((size_t)fmi->nvar, sizeof *s->values);
  int fail = !s || !s->values;
  if (!fail) {
    s->tag = head[0], s->nvar = head[1];
    take(&c, &s->t_start, sizeof s->t_start);
    take(&c, s->values, (size_t)s->nvar * sizeof *s->values);
    fail = c.short_read || (head[2] && read_history(&c, s)) || c.at != size;
  }
  for (size_t i = 0; !fail && s->history && i < s->at; i++)
    fail = s->history->r[i].vr >= fmi->nvar || s->history->r[i].vr < -1;
  if (fail) {
    cs_fmi_state_free(s);
    cs_fmi_log(fmi, 3, "the serialized FMU state does not read (%zu bytes)", size);
    return NULL;
  }
  return s;
}
