/* cs_ida_pattern.c — the IDAS iteration matrix's sparsity pattern and the writers' positions
 * in it (cs_ida_pattern.h).
 *
 * Every entry any writer may touch is listed with the table slot that will hold its position;
 * the list is sorted by column, then row, duplicates merged (a body pair shared by a joint, a
 * force element and a pin is one block), and each slot receives its entry's index. */
#include "cs_ida_pattern.h"
#include "cs_assembly.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
  long long key; /* column · N + row */
  int *where;    /* the slot that takes the entry's position */
} entry;

typedef struct builder {
  entry *e;
  size_t count, cap;
  long long N;
} builder;

static void add(builder *b, int row, int col, int *where)
{
  b->e[b->count].key = (long long)col * b->N + row;
  b->e[b->count].where = where;
  b->count++;
}

static int by_key(const void *x, const void *y)
{
  long long a = ((const entry *)x)->key, c = ((const entry *)y)->key;
  return (a > c) - (a < c);
}

/* Global coordinate of local coordinate a (0…5) over bodies body[0], body[1]; −1 for ground. */
static int coordinate(const cs_model *m, const int *body, int nbody, int a)
{
  if (a / 3 >= nbody)
    return -1;
  const cs_body *b = &m->bodies[body[a / 3]];
  return b->ground ? -1 : b->coord + a % 3;
}

/* The 6 × 6 block of an element over its bodies, rows offset by r0 and columns by c0. */
static void block(builder *b, const cs_model *m, const int *body, int nbody, int r0, int c0,
                  int *slots)
{
  for (int a = 0; a < 6; a++) {
    int ga = coordinate(m, body, nbody, a);
    for (int c = 0; c < 6 && ga >= 0; c++) {
      int gc = coordinate(m, body, nbody, c);
      if (gc >= 0)
        add(b, r0 + ga, c0 + gc, &slots[6 * a + c]);
    }
  }
}

/* Integer tables, all −1, carved from one allocation in order. */
static int *carve(int **next, size_t count)
{
  int *t = *next;
  *next += count;
  return t;
}

static size_t list(builder *b, cs_ida_pattern *p, const cs_model *m, const cs_clearances *c,
                   int ggl)
{
  const int n = m->ncoord, nr = m->nrow, npin = c ? cs_clearances_count(c) : 0;
  const int nz = c ? cs_clearances_state_count(c) : 0, z0 = p->N - nz;
  const int l0 = 2 * n, mu0 = 2 * n + nr;
  for (int i = 0; i < n; i++) {
    add(b, i, i, &p->qq_diag[i]);
    add(b, i, n + i, &p->qv_diag[i]);
    add(b, n + i, n + i, &p->vv_diag[i]);
  }
  for (int i = 0; i < nz; i++)
    add(b, z0 + i, z0 + i, &p->zz_diag[i]);
  for (int k = 0; k < m->nforce; k++) {
    const cs_force *f = &m->forces[k];
    block(b, m, f->body, cs_force_bodies(f), n, 0, p->force_vq + 36 * k);
    block(b, m, f->body, cs_force_bodies(f), n, n, p->force_vv + 36 * k);
  }
  for (int k = 0; k < npin; k++) {
    const int *body = cs_clearances_bodies(c, k), zi = cs_clearances_pin_state(c, k);
    block(b, m, body, 2, n, 0, p->pin_vq + 36 * k);
    block(b, m, body, 2, n, n, p->pin_vv + 36 * k);
    if (zi < 0)
      continue;
    add(b, z0 + zi, z0 + zi, &p->z_z[k]);
    for (int a = 0; a < 6; a++) {
      int g = coordinate(m, body, 2, a);
      if (g < 0)
        continue;
      add(b, z0 + zi, g, &p->z_q[6 * k + a]);
      add(b, z0 + zi, n + g, &p->z_v[6 * k + a]);
      add(b, n + g, z0 + zi, &p->v_z[6 * k + a]);
    }
  }
  for (int k = 0; k < m->njoint; k++) {
    const cs_joint *j = &m->joints[k];
    block(b, m, j->body, 2, n, 0, p->hess_vq + 36 * k);
    if (ggl)
      block(b, m, j->body, 2, 0, 0, p->hess_qq + 36 * k);
    for (int r = j->row0; r < j->row0 + j->nrows; r++)
      for (int a = 0; a < 6; a++) {
        int g = coordinate(m, j->body, 2, a), s = 6 * r + a;
        if (g < 0)
          continue;
        add(b, l0 + r, g, &p->phi_lq[s]);
        add(b, n + g, l0 + r, &p->phi_vl[s]);
        if (!ggl)
          continue;
        add(b, mu0 + r, n + g, &p->phi_mv[s]);
        add(b, g, mu0 + r, &p->phi_qm[s]);
        add(b, mu0 + r, g, &p->rate_mq[s]);
      }
  }
  return b->count;
}

/* Sorted entries → CSC pattern, each slot its position. */
static int compress(builder *b, cs_ida_pattern *p)
{
  qsort(b->e, b->count, sizeof *b->e, by_key);
  size_t distinct = 0;
  for (size_t k = 0; k < b->count; k++)
    distinct += k == 0 || b->e[k].key != b->e[k - 1].key;
  p->colptr = calloc((size_t)p->N + 1, sizeof *p->colptr);
  p->rowidx = malloc((distinct + 1) * sizeof *p->rowidx);
  if (!p->colptr || !p->rowidx)
    return -1;
  int pos = -1;
  for (size_t k = 0; k < b->count; k++) {
    if (k == 0 || b->e[k].key != b->e[k - 1].key) {
      pos++;
      p->rowidx[pos] = (sunindextype)(b->e[k].key % b->N);
      p->colptr[b->e[k].key / b->N + 1]++;
    }
    *b->e[k].where = pos;
  }
  for (int j = 0; j < p->N; j++)
    p->colptr[j + 1] += p->colptr[j];
  p->nnz = (int)distinct;
  return 0;
}

int cs_ida_pattern_init(cs_ida_pattern *p, const cs_model *m, const cs_clearances *c, int ggl)
{
  memset(p, 0, sizeof *p);
  const size_t n = (size_t)m->ncoord, nr = (size_t)m->nrow;
  const size_t npin = c ? (size_t)cs_clearances_count(c) : 0;
  const size_t nz = c ? (size_t)cs_clearances_state_count(c) : 0;
  p->N = (int)(2 * n + (ggl ? 2 : 1) * nr + nz);
  size_t slots = 3 * n + nz + 72 * (size_t)m->nforce + 72 * npin + 19 * npin +
                 (ggl ? 72 : 36) * (size_t)m->njoint + (ggl ? 30 : 12) * nr;
  int *t = malloc((slots + 1) * sizeof *t);
  builder b = {malloc((slots + 1) * sizeof *b.e), 0, slots, p->N};
  if (!t || !b.e) {
    free(t);
    free(b.e);
    return -1;
  }
  for (size_t k = 0; k < slots; k++)
    t[k] = -1;
  int *next = t;
  p->qq_diag = carve(&next, n);
  p->qv_diag = carve(&next, n);
  p->vv_diag = carve(&next, n);
  p->zz_diag = carve(&next, nz);
  p->force_vq = carve(&next, 36 * (size_t)m->nforce);
  p->force_vv = carve(&next, 36 * (size_t)m->nforce);
  p->pin_vq = carve(&next, 36 * npin);
  p->pin_vv = carve(&next, 36 * npin);
  p->z_q = carve(&next, 6 * npin);
  p->z_v = carve(&next, 6 * npin);
  p->v_z = carve(&next, 6 * npin);
  p->z_z = carve(&next, npin);
  p->hess_vq = carve(&next, 36 * (size_t)m->njoint);
  p->hess_qq = ggl ? carve(&next, 36 * (size_t)m->njoint) : NULL;
  p->phi_lq = carve(&next, 6 * nr);
  p->phi_vl = carve(&next, 6 * nr);
  p->phi_mv = ggl ? carve(&next, 6 * nr) : NULL;
  p->phi_qm = ggl ? carve(&next, 6 * nr) : NULL;
  p->rate_mq = ggl ? carve(&next, 6 * nr) : NULL;
  list(&b, p, m, c, ggl);
  int status = compress(&b, p);
  free(b.e);
  if (status)
    cs_ida_pattern_free(p);
  return status;
}

void cs_ida_pattern_free(cs_ida_pattern *p)
{
  free(p->qq_diag); /* the first table: the allocation of them all */
  free(p->colptr);
  free(p->rowidx);
  memset(p, 0, sizeof *p);
}
