/*
 * cs_schur.c — Φq W Φqᵀ in its envelope, ordered by reverse Cuthill–McKee, and its LDLᵀ
 * factorization (cs_schur.h).
 */
#include "cs_schur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What is left of a row's pivot after the rows before it, as a share of its own diagonal, is
 * the squared sine of its angle to their span. With damping, a pivot that share of DAMP or
 * smaller is damped, d → d + ε²/(d + ε) with ε = DAMP·diagonal: a Tikhonov regularisation of
 * that direction alone, smooth in d, second order (ε²/d) for the pivots of a well-posed
 * mechanism. Without it the multiplier of a row that a singular position makes dependent
 * grows like 1/σ², and the state's own error ε/σ² with it: the parallelograms stopped at their
 * first passage. A hard cut instead (λ = 0 below a share) passed them, but the kink in a(t)
 * cost energy: 1e-7 to 1e-4 J over 16 passages depending on the share. Damped at 1e-6, with
 * the projections after each step solved by this same factorization, the three models of
 * models/parallelogram*.json keep their energy within 1e-7 J over 16 passages
 * (tests/integration/test_singular.c). DAMP 1e-5 puts a floor of 3e-9 of the energy under the clearance
 * slider-crank's books (its dead centres make rows nearly dependent); at 1e-6 it is 3e-11.
 * A pivot of DEPENDENT or below is a row that is dependent to round-off: it is dropped. */
static const double DAMP = 1e-6, DEPENDENT = 1e-14;

/* One body's share of an entry of S: Σ_k Φq(r, c0+k) W(c0+k) Φq(s, c0+k), k < 3. */
typedef struct {
  int at;     /* the entry's place in the envelope */
  int r, s;   /* offsets of the two rows' three values in J->val */
  int c0;     /* the body's first coordinate */
} share;

/* A body its own rows fix: three rows touching it alone (ground joints, drivers). Its
 * accelerations come from those rows, J_KK a_b = γ_K, and the rest of S sees it immovable, as
 * if its mass were infinite; its rows' λ follow from its own equations of motion. Exact, and S
 * loses the rows with its share in them (the clearance slider-crank's crank: 7 rows → 4). */
typedef struct pinned {
  int c0;              /* the body's first coordinate */
  int row[3], slot[3]; /* its three rows and its slot (0, 1) in each */
  double adj[9], det;  /* J_KK's adjugate and determinant at the last factorization */
} pinned;

struct cs_schur {
  int m;              /* rows in S: J's, less the pinned bodies' own */
  int *perm, *inv;    /* new index → row, row → new index */
  int *first, *off;   /* the envelope: row i holds columns first[i] … i, column j at L[off[i] + j] */
  double *L, *x, *z; /* x: the solves' work; z: the corrections' */
  double *u, *w;      /* n + 1 each: the accelerations' work */
  int *slot;          /* with pinned bodies: per row of S, in S's order, the first column of
                       * its two bodies' three (−1 for a ground body: nothing to add) */
  double *recip;      /* 1 / D_i, and 0 for a dropped row: its λ comes out 0 by itself */
  share *shares;
  int nshare;
  double min_ratio;
  int npin;
  pinned *pin;
  char *pinned_col;   /* n: the coordinate is a pinned body's */
  cs_schur *full;     /* with pinned bodies: the whole S, for a position that makes one's rows
                       * singular */
};

/* Rows by body: body b's rows are rows[at[b] … at[b+1]), each with its slot (0, 1) in the row;
 * a pinned body has none, and a pinned body's own rows are in no body's list (skip). */
typedef struct {
  int nbody, *at, *rows, *slot;
  const char *pinned_col, *skip;
} body_rows;

static int body_of(const cs_jac *J, const body_rows *br, int r, int slot)
{
  int c = J->col[CS_JAC_WIDTH * r + 3 * slot];
  return c < 0 || (br->pinned_col && br->pinned_col[c]) ? -1 : c / 3;
}

static int build_body_rows(const cs_jac *J, body_rows *br)
{
  br->nbody = J->n / 3;
  br->at = calloc((size_t)br->nbody + 2, sizeof *br->at);
  br->rows = malloc((2 * (size_t)J->m + 1) * sizeof *br->rows);
  br->slot = malloc((2 * (size_t)J->m + 1) * sizeof *br->slot);
  if (!br->at || !br->rows || !br->slot)
    return -1;
  for (int r = 0; r < J->m; r++)
    for (int k = 0; k < 2; k++)
      if (!br->skip[r] && body_of(J, br, r, k) >= 0)
        br->at[body_of(J, br, r, k) + 2]++;
  for (int b = 0; b < br->nbody; b++)
    br->at[b + 2] += br->at[b + 1];
  for (int r = 0; r < J->m; r++)
    for (int k = 0; k < 2; k++) {
      int b = br->skip[r] ? -1 : body_of(J, br, r, k);
      if (b >= 0) {
        int at = br->at[b + 1]++;
        br->rows[at] = r, br->slot[at] = k;
      }
    }
  return 0;
}

static void free_body_rows(body_rows *br)
{
  free(br->at);
  free(br->rows);
  free(br->slot);
}

/* The rows sharing a body with r, r itself among them, with repeats; `out` holds the two
 * bodies' row counts. Returns how many. */
static int neighbours(const cs_jac *J, const body_rows *br, int r, int *out)
{
  int count = 0;
  for (int k = 0; k < 2; k++) {
    int b = body_of(J, br, r, k);
    for (int i = b < 0 ? 0 : br->at[b]; b >= 0 && i < br->at[b + 1]; i++)
      out[count++] = br->rows[i];
  }
  return count;
}

static int degree(const cs_jac *J, const body_rows *br, int r)
{
  int d = 0;
  for (int k = 0; k < 2; k++) {
    int b = body_of(J, br, r, k);
    if (b >= 0)
      d += br->at[b + 1] - br->at[b];
  }
  return d;
}

/* Reverse Cuthill–McKee: breadth first from a row of least degree in each component,
 * neighbours by increasing degree, then reversed. Keeps the envelope narrow: a chain's rows
 * come out banded whatever order the file lists its joints in. */
static void order_rows(cs_schur *S, const cs_jac *J, const body_rows *br, int *near)
{
  const int m = S->m;
  int *seen = S->inv, head = 0, tail = 0;
  for (int r = 0; r < J->m; r++)
    seen[r] = br->skip[r];
  while (tail < m) {
    int root = -1;
    for (int r = 0; r < J->m; r++)
      if (!seen[r] && (root < 0 || degree(J, br, r) < degree(J, br, root)))
        root = r;
    seen[root] = 1, S->perm[tail++] = root;
    while (head < tail) {
      int r = S->perm[head++], from = tail, count = neighbours(J, br, r, near);
      for (int k = 0; k < count; k++)
        if (!seen[near[k]])
          seen[near[k]] = 1, S->perm[tail++] = near[k];
      for (int i = from + 1; i < tail; i++) /* insertion sort by degree: short lists */
        for (int j = i; j > from && degree(J, br, S->perm[j]) < degree(J, br, S->perm[j - 1]); j--) {
          int t = S->perm[j];
          S->perm[j] = S->perm[j - 1], S->perm[j - 1] = t;
        }
    }
  }
  for (int i = 0; i < m / 2; i++) {
    int t = S->perm[i];
    S->perm[i] = S->perm[m - 1 - i], S->perm[m - 1 - i] = t;
  }
  for (int r = 0; r < J->m; r++)
    S->inv[r] = -1;
  for (int i = 0; i < m; i++)
    S->inv[S->perm[i]] = i;
}

static int envelope_index(const cs_schur *S, int r, int s)
{
  int i = S->inv[r], j = S->inv[s];
  if (i < j) {
    int t = i;
    i = j, j = t;
  }
  return S->off[i] + j;
}

static int build_envelope(cs_schur *S, const cs_jac *J, const body_rows *br, int *near)
{
  const int m = S->m;
  long size = 0;
  for (int i = 0; i < m; i++) {
    int f = i, count = neighbours(J, br, S->perm[i], near);
    for (int k = 0; k < count; k++)
      if (S->inv[near[k]] < f)
        f = S->inv[near[k]];
    S->first[i] = f;
    S->off[i] = (int)size - f;
    size += i - f + 1;
  }
  S->L = calloc((size_t)size + 1, sizeof *S->L);
  int count = 0;
  for (int b = 0; b < br->nbody; b++) {
    int len = br->at[b + 1] - br->at[b];
    count += len * (len + 1) / 2;
  }
  S->shares = malloc(((size_t)count + 1) * sizeof *S->shares);
  if (!S->L || !S->shares)
    return -1;
  for (int b = 0; b < br->nbody; b++)
    for (int i = br->at[b]; i < br->at[b + 1]; i++)
      for (int j = i; j < br->at[b + 1]; j++) {
        share *sh = &S->shares[S->nshare++];
        int r = br->rows[i], s = br->rows[j];
        sh->at = envelope_index(S, r, s);
        sh->r = CS_JAC_WIDTH * r + 3 * br->slot[i];
        sh->s = CS_JAC_WIDTH * s + 3 * br->slot[j];
        sh->c0 = 3 * b;
      }
  return 0;
}

/* The body a row touches in `slot`, pinned or not, or −1 (ground). */
static int row_body(const cs_jac *J, int r, int slot)
{
  int c = J->col[CS_JAC_WIDTH * r + 3 * slot];
  return c < 0 ? -1 : c / 3;
}

/* The bodies three rows of their own fix (pinned), with skip[r] set for those rows. Returns 0,
 * or −1 out of memory. */
static int find_pinned(cs_schur *S, const cs_jac *J, char *skip)
{
  const int nbody = J->n / 3;
  int *own = calloc(2 * (size_t)nbody + 1, sizeof *own), *index = own + nbody;
  S->pinned_col = calloc((size_t)J->n + 1, 1);
  if (!own || !S->pinned_col) {
    free(own);
    return -1;
  }
  for (int r = 0; r < J->m; r++) {
    int b0 = row_body(J, r, 0), b1 = row_body(J, r, 1);
    if (b0 < 0 || b1 < 0 || b0 == b1)
      own[b0 >= 0 ? b0 : b1]++;
  }
  for (int b = 0; b < nbody; b++)
    index[b] = own[b] == 3 ? S->npin++ : -1;
  S->pin = calloc((size_t)S->npin + 1, sizeof *S->pin);
  if (!S->pin) {
    free(own);
    return -1;
  }
  for (int b = 0; b < nbody; b++)
    own[b] = 0; /* now: the pinned body's rows met so far */
  for (int r = 0; r < J->m; r++) {
    int b0 = row_body(J, r, 0), b1 = row_body(J, r, 1), b = b0 >= 0 ? b0 : b1;
    if ((b0 >= 0 && b1 >= 0 && b0 != b1) || index[b] < 0)
      continue;
    pinned *p = &S->pin[index[b]];
    int k = own[b]++;
    p->c0 = 3 * b, p->row[k] = r, p->slot[k] = b0 == b ? 0 : 1;
    skip[r] = 1;
    S->pinned_col[3 * b] = S->pinned_col[3 * b + 1] = S->pinned_col[3 * b + 2] = 1;
  }
  free(own);
  return 0;
}

/* S->slot, S->w (pinned bodies only). */
static int body_slots(cs_schur *S, const cs_jac *J)
{
  S->slot = malloc((2 * (size_t)S->m + 1) * sizeof *S->slot);
  if (!S->slot)
    return -1;
  S->w = S->u + J->n + 1;
  for (int i = 0; i < S->m; i++)
    for (int k = 0; k < 2; k++)
      S->slot[2 * i + k] = J->col[CS_JAC_WIDTH * S->perm[i] + 3 * k];
  return 0;
}

cs_schur *cs_schur_create(const cs_jac *J, int pin)
{
  cs_schur *S = calloc(1, sizeof *S);
  body_rows br = {0};
  if (!S)
    return NULL;
  const size_t m = (size_t)J->m + 1;
  char *skip = calloc(m, 1);
  S->off = malloc(m * sizeof *S->off);
  S->perm = malloc(m * sizeof *S->perm);
  S->inv = malloc(m * sizeof *S->inv);
  S->first = malloc(m * sizeof *S->first);
  S->x = malloc(3 * m * sizeof *S->x);
  S->u = calloc(2 * ((size_t)J->n + 1), sizeof *S->u);
  int fail = !skip || !S->u || !S->off || !S->perm || !S->inv || !S->first || !S->x ||
             (pin && find_pinned(S, J, skip)) ||
             (S->npin && !(S->full = cs_schur_create(J, 0)));
  br.pinned_col = S->npin ? S->pinned_col : NULL;
  br.skip = skip;
  if (fail || build_body_rows(J, &br)) {
    free(skip);
    free_body_rows(&br);
    cs_schur_free(S);
    return NULL;
  }
  S->m = J->m - 3 * S->npin;
  S->z = S->x + m;
  S->recip = S->z + m;
  int widest = 0;
  for (int b = 0; b < br.nbody; b++)
    if (br.at[b + 1] - br.at[b] > widest)
      widest = br.at[b + 1] - br.at[b];
  int *near = malloc((2 * (size_t)widest + 1) * sizeof *near);
  int st = -1;
  if (near) {
    order_rows(S, J, &br, near);
    st = build_envelope(S, J, &br, near);
  }
  free(near);
  free(skip);
  free_body_rows(&br);
  if (!st && S->npin)
    st = body_slots(S, J);
  if (st) {
    cs_schur_free(S);
    return NULL;
  }
  return S;
}

void cs_schur_free(cs_schur *S)
{
  if (!S)
    return;
  free(S->off);
  free(S->perm);
  free(S->inv);
  free(S->first);
  free(S->x);
  free(S->L);
  free(S->shares);
  free(S->pin);
  free(S->u);
  free(S->slot);
  free(S->pinned_col);
  cs_schur_free(S->full);
  free(S);
}

/* L ← the lower envelope of Φq W Φqᵀ. */
static void complement(cs_schur *S, const cs_jac *J, const double *W)
{
  const int m = S->m;
  memset(S->L, 0, (size_t)(S->off[m - 1] + m) * sizeof *S->L);
  for (int k = 0; k < S->nshare; k++) {
    const share *sh = &S->shares[k];
    const double *a = J->val + sh->r, *b = J->val + sh->s, *w = W + sh->c0;
    S->L[sh->at] += a[0] * w[0] * b[0] + a[1] * w[1] * b[1] + a[2] * w[2] * b[2];
  }
}

int cs_schur_factor(cs_schur *S, const cs_jac *J, const double *W, int damp)
{
  const int m = S->m;
  S->min_ratio = 1.0;
  if (m == 0)
    return 0;
  complement(S, J, W);
  /* locals, so that the stores into L need not reload S's members */
  double *restrict L = S->L, *restrict recip = S->recip;
  double *restrict t = S->z; /* t[k] = L_ik D_k for the row being factored */
  const int *first = S->first, *off = S->off;
  double min_ratio = 1.0;
  int rank = 0;
  for (int i = 0; i < m; i++) {
    double *Li = L + off[i]; /* Li[j]: column j of row i */
    const int fi = first[i];
    double d = Li[i];
    const double ref = d;
    for (int j = fi; j < i; j++) { /* a dropped row j has 1/D 0: L_ij = 0 */
      const double *Lj = L + off[j];
      double sum = Li[j];
      for (int k = fi > first[j] ? fi : first[j]; k < j; k++)
        sum -= t[k] * Lj[k];
      t[j] = sum;
      const double lij = sum * recip[j];
      Li[j] = lij;
      d -= sum * lij;
    }
    if (!(d > DEPENDENT * ref)) { /* dropped */
      for (int k = fi; k < i; k++)
        Li[k] = 0.0;
      Li[i] = 1.0, recip[i] = 0.0;
      min_ratio = 0.0;
      continue;
    }
    if (d < min_ratio * ref)
      min_ratio = d / ref;
    /* 1/D with D = d + ε²/(d + ε): one division, the pivot's only one */
    double eps = DAMP * ref;
    recip[i] = damp ? (d + eps) / (d * (d + eps) + eps * eps) : 1.0 / d;
    Li[i] = 1.0;
    rank++;
  }
  S->min_ratio = min_ratio;
  return rank;
}

double cs_schur_min_ratio(const cs_schur *S) { return S->min_ratio; }

/* y ← S⁻¹ y, y in S's row order. */
static void solve_in_order(const cs_schur *S, double *restrict y)
{
  const int m = S->m;
  const double *restrict L = S->L, *restrict recip = S->recip;
  const int *first = S->first, *off = S->off;
  for (int i = 0; i < m; i++) { /* L y = b */
    const double *Li = L + off[i];
    double v = y[i];
    for (int j = first[i]; j < i; j++)
      v -= Li[j] * y[j];
    y[i] = v;
  }
  for (int i = 0; i < m; i++)
    y[i] *= recip[i];
  for (int i = m - 1; i >= 0; i--) { /* Lᵀ z = D⁻¹ y, by columns of Lᵀ (rows of L) */
    const double *Li = L + off[i];
    const double z = y[i];
    for (int j = first[i]; j < i; j++)
      y[j] -= Li[j] * z;
  }
}

void cs_schur_solve(cs_schur *S, const double *b, double *x)
{
  double *y = S->x;
  for (int i = 0; i < S->m; i++)
    y[i] = b[S->perm[i]];
  solve_in_order(S, y);
  for (int i = 0; i < S->m; i++)
    x[S->perm[i]] = y[i];
}

void cs_schur_correct(cs_schur *S, const cs_jac *J, const double *W, const double *b, double *x)
{
  cs_schur_solve(S, b, S->z);
  for (int r = 0; r < J->m; r++) {
    const int *col = J->col + CS_JAC_WIDTH * r;
    const double *val = J->val + CS_JAC_WIDTH * r;
    for (int c = 0; c < CS_JAC_WIDTH; c++)
      if (col[c] >= 0)
        x[col[c]] += W[col[c]] * val[c] * S->z[r];
  }
}

/* J_KK's adjugate and determinant; 0, or −1 when its rows are dependent (|det| at most 1e-10
 * of the product of their lengths, Hadamard's bound). */
static int pinned_factor(pinned *p, const cs_jac *J)
{
  const double *a = J->val + CS_JAC_WIDTH * p->row[0] + 3 * p->slot[0];
  const double *b = J->val + CS_JAC_WIDTH * p->row[1] + 3 * p->slot[1];
  const double *c = J->val + CS_JAC_WIDTH * p->row[2] + 3 * p->slot[2];
  double *adj = p->adj; /* adj[3 j + i]: the cofactor of row i, column j */
  adj[0] = b[1] * c[2] - b[2] * c[1], adj[3] = b[2] * c[0] - b[0] * c[2];
  adj[6] = b[0] * c[1] - b[1] * c[0];
  adj[1] = c[1] * a[2] - c[2] * a[1], adj[4] = c[2] * a[0] - c[0] * a[2];
  adj[7] = c[0] * a[1] - c[1] * a[0];
  adj[2] = a[1] * b[2] - a[2] * b[1], adj[5] = a[2] * b[0] - a[0] * b[2];
  adj[8] = a[0] * b[1] - a[1] * b[0];
  p->det = a[0] * adj[0] + a[1] * adj[3] + a[2] * adj[6];
  double bound = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]) *
                 (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
  return p->det * p->det > 1e-20 * bound ? 0 : -1;
}

/* The same, pinned bodies apart: a_b = J_KK⁻¹ γ_K moves to the right of the other rows
 * (γ_R − Φq_Rb a_b), and λ_K = J_KK⁻ᵀ (Q_b − Φq_Rbᵀ λ_R − M_b a_b). */
static int pinned_accelerations(cs_schur *S, const cs_jac *J, const double *Minv,
                                const double *Q, const double *gamma, int damp, double *a,
                                double *lambda)
{
  const int n = J->n;
  double *u = S->u, *y = S->x;
  for (int c = 0; c < n; c++)
    u[c] = Minv[c] * Q[c];
  for (int k = 0; k < S->npin; k++) {
    pinned *p = &S->pin[k];
    if (pinned_factor(p, J))
      return cs_schur_accelerations(S->full, J, Minv, Q, gamma, damp, a, lambda);
    const double *adj = p->adj, g[3] = {gamma[p->row[0]], gamma[p->row[1]], gamma[p->row[2]]};
    for (int i = 0; i < 3; i++)
      u[p->c0 + i] = (adj[3 * i] * g[0] + adj[3 * i + 1] * g[1] + adj[3 * i + 2] * g[2]) / p->det;
  }
  int rank = cs_schur_factor(S, J, Minv, damp) + 3 * S->npin;
  for (int i = 0; i < S->m; i++) { /* y ← Φq u − γ in S's order, u = M⁻¹ Q or a_b */
    const double *val = J->val + CS_JAC_WIDTH * S->perm[i];
    double sum = -gamma[S->perm[i]];
    for (int k = 0; k < 2; k++) {
      const int c0 = S->slot[2 * i + k];
      for (int e = 0; c0 >= 0 && e < 3; e++)
        sum += val[3 * k + e] * u[c0 + e];
    }
    y[i] = sum;
  }
  solve_in_order(S, y);
  double *restrict w = S->w;
  memcpy(w, Q, (size_t)n * sizeof *w);
  for (int i = 0; i < S->m; i++) { /* w ← Q − Φq_Rᵀ λ_R */
    const double *restrict val = J->val + CS_JAC_WIDTH * S->perm[i];
    const double yi = y[i];
    lambda[S->perm[i]] = yi;
    for (int k = 0; k < 2; k++) {
      const int c0 = S->slot[2 * i + k];
      for (int e = 0; c0 >= 0 && e < 3; e++)
        w[c0 + e] -= val[3 * k + e] * yi;
    }
  }
  for (int c = 0; c < n; c++)
    a[c] = w[c] * Minv[c];
  for (int k = 0; k < S->npin; k++) { /* M_b (M_b⁻¹ (Q_b − Φq_Rbᵀ λ_R) − a_b) = J_KKᵀ λ_K */
    const pinned *p = &S->pin[k];
    double res[3];
    for (int i = 0; i < 3; i++) {
      res[i] = (a[p->c0 + i] - u[p->c0 + i]) / Minv[p->c0 + i];
      a[p->c0 + i] = u[p->c0 + i];
    }
    for (int i = 0; i < 3; i++)
      lambda[p->row[i]] =
          (p->adj[i] * res[0] + p->adj[3 + i] * res[1] + p->adj[6 + i] * res[2]) / p->det;
  }
  return rank;
}

int cs_schur_accelerations(cs_schur *S, const cs_jac *J, const double *Minv, const double *Q,
                           const double *gamma, int damp, double *a, double *lambda)
{
  if (S->npin)
    return pinned_accelerations(S, J, Minv, Q, gamma, damp, a, lambda);
  const int n = J->n, m = J->m;
  int rank = cs_schur_factor(S, J, Minv, damp);
  for (int r = 0; r < m; r++) { /* λ ← Φq M⁻¹ Q − γ, then solved in place */
    const int *col = J->col + CS_JAC_WIDTH * r;
    const double *val = J->val + CS_JAC_WIDTH * r;
    double sum = -gamma[r];
    for (int c = 0; c < CS_JAC_WIDTH; c++)
      if (col[c] >= 0)
        sum += val[c] * Minv[col[c]] * Q[col[c]];
    lambda[r] = sum;
  }
  cs_schur_solve(S, lambda, lambda);
  memcpy(a, Q, (size_t)n * sizeof *a);
  cs_jac_tmul_add(J, lambda, -1.0, a);
  for (int c = 0; c < n; c++)
    a[c] *= Minv[c];
  return rank;
}
