/*
 * cs_h5_driver.c — crash-safe commits for HDF5 files (cs_h5_driver.h).
 *
 * The file: a descriptor, HDF5's EOA, the physical size, the EOA of the last commit, and the
 * pending writes (those below that EOA) in the order HDF5 made them. Reads lay the pending
 * writes over the disk's bytes, so HDF5 sees its own file whatever has been committed.
 */
#define _GNU_SOURCE
#include "cs_h5_driver.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Space kept allocated past the EOA so that a file that failed on a full disk can still take
 * its final status, message and statistics. */
static const haddr_t RESERVE = 64 * 1024;
static const haddr_t MAXADDR = ((haddr_t)1 << (8 * sizeof(off_t) - 1)) - 1;

/* What a pending write holds, which decides its phase in a commit. */
typedef enum piece_kind { RAW, SUPER, META } piece_kind;

typedef struct pending {
  haddr_t addr;
  size_t size;
  piece_kind kind; /* RAW data, the SUPERblock (covers address 0), other METAdata */
  unsigned char *data;
} pending;

typedef struct cs_file {
  H5FD_t pub; /* first: HDF5 sees an H5FD_t */
  int fd;
  dev_t dev;
  ino_t ino;
  char *name;     /* the file's name until it has it (first commit); NULL once named */
  char *tmpname;  /* without O_TMPFILE: the temporary name the file has until then */
  haddr_t eoa;
  haddr_t size;   /* bytes the file has on disk (written or reserved) */
  haddr_t reserved; /* bytes posix_fallocate has reserved */
  haddr_t committed; /* EOA of the last commit */
  pending *p;     /* in the order HDF5 wrote them: a later piece wins where they overlap */
  size_t np, cap;
  size_t *by_addr; /* p[0 … nsorted) by address, so a read finds its pieces by bisection */
  size_t nsorted, maxsize; /* p[nsorted … np) not yet in by_addr; the largest piece */
  haddr_t pend_end;  /* the end of the furthest piece */
  size_t *hits, nhit_cap; /* the pieces one read overlays (reused) */
  haddr_t reserve;  /* RESERVE for a file being written, 0 for a file reopened to amend */
  haddr_t mark, mark_size; /* the commit point: written last, alone (0 bytes: none) */
  int abandoned;
  int error;      /* errno of a failed write not reported yet */
  int log;        /* descriptor of the test log (CLEARSIM_H5_LOG), or -1 */
  hid_t driver;   /* the registered driver, held until the file is closed (see drv_close) */
} cs_file;

static const H5FD_class_t *driver_class(void);

/* Push `what` and errno's text (none when errno is 0) onto HDF5's error stack as a short
 * message (no timestamps, no newlines). */
static herr_t fail(const char *what)
{
  int e = errno;
  H5Epush2(H5E_DEFAULT, __FILE__, what, __LINE__, H5E_ERR_CLS, H5E_VFL,
           H5E_WRITEERROR, "%s%s%s", what, e ? ": " : "", e ? strerror(e) : "");
  return -1;
}

/* ---------------------------------------------------------------- test log --------------- */

/* One record per change to the file's disk image: op, two numbers, and the bytes of a write.
 * 'O' opened (size), 'W' a write to new space (addr, size, bytes), 'P' a commit's write in
 * place (same), 'C' the commit point's write (same), 'F' file extended to (size), 'T'
 * truncated to (size), 'B' barrier (fdatasync), 'N' named. */
static void log_op(const cs_file *f, char op, haddr_t a, haddr_t b, const void *data)
{
  if (f->log < 0)
    return;
  unsigned char head[17];
  uint64_t v[2] = {a, b};
  head[0] = (unsigned char)op;
  memcpy(head + 1, v, sizeof v);
  /* a test hook: a short write makes the log unusable, which the replay reports */
  if (write(f->log, head, sizeof head) == (ssize_t)sizeof head && data && b)
    if (write(f->log, data, (size_t)b) < 0)
      return;
}

/* ---------------------------------------------------------------- disk I/O ---------------- */

static int pwrite_all(const cs_file *f, const unsigned char *buf, size_t size, haddr_t addr,
                      char op)
{
  log_op(f, op, addr, size, buf);
  while (size > 0) {
    ssize_t n = pwrite(f->fd, buf, size, (off_t)addr);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return -1;
    }
    buf += n, size -= (size_t)n, addr += (haddr_t)n;
  }
  return 0;
}

static int pread_all(int fd, unsigned char *buf, size_t size, haddr_t addr)
{
  while (size > 0) {
    ssize_t n = pread(fd, buf, size, (off_t)addr);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -1;
    if (n == 0) { /* past the end of the file: zeros, as sec2 reads them */
      memset(buf, 0, size);
      return 0;
    }
    buf += n, size -= (size_t)n, addr += (haddr_t)n;
  }
  return 0;
}

/* Everything written so far reaches the disk before anything written later. */
static int barrier(const cs_file *f)
{
  log_op(f, 'B', 0, 0, NULL);
  return fdatasync(f->fd);
}

/* ---------------------------------------------------------------- pending writes --------- */

/* Pieces not yet in by_addr at most: a read scans them; past this they are sorted in. With
 * every read scanning every piece, a 1,000-joint chain's file read 341 million pieces to
 * open and write its first row (20,115 pending, 47,249 reads: 27 % of a 3,000-joint run). */
enum { TAIL = 64 };

static int by_address_of(const cs_file *f, size_t i, size_t j)
{
  return f->p[i].addr < f->p[j].addr || (f->p[i].addr == f->p[j].addr && i < j);
}

/* Sort p[nsorted … np) into by_addr: insertion-sort the tail, then merge from the back. */
static void sort_in(cs_file *f)
{
  size_t *a = f->by_addr, n = f->nsorted, m = f->np - f->nsorted;
  size_t *tail = a + n; /* by_addr has room for every piece */
  for (size_t k = 0; k < m; k++) {
    size_t v = n + k, j = k;
    for (; j > 0 && by_address_of(f, v, tail[j - 1]); j--)
      tail[j] = tail[j - 1];
    tail[j] = v;
  }
  size_t tmp[TAIL + 1];
  memcpy(tmp, tail, m * sizeof *tmp);
  for (size_t i = n, j = m, k = n + m; j > 0;)
    a[--k] = (i > 0 && by_address_of(f, tmp[j - 1], a[i - 1])) ? a[--i] : tmp[--j];
  f->nsorted = f->np;
}

static int keep(cs_file *f, haddr_t addr, size_t size, piece_kind kind, const void *buf)
{
  if (f->np == f->cap) {
    size_t cap = f->cap ? 2 * f->cap : 64;
    pending *p = realloc(f->p, cap * sizeof *p);
    if (p)
      f->p = p;
    size_t *b = realloc(f->by_addr, cap * sizeof *b);
    if (b)
      f->by_addr = b;
    if (!p || !b)
      return -1;
    f->cap = cap;
  }
  unsigned char *data = malloc(size ? size : 1);
  if (!data)
    return -1;
  memcpy(data, buf, size);
  f->p[f->np++] = (pending){addr, size, kind, data};
  f->maxsize = size > f->maxsize ? size : f->maxsize;
  f->pend_end = addr + size > f->pend_end ? addr + size : f->pend_end;
  if (f->np - f->nsorted > TAIL)
    sort_in(f);
  return 0;
}

static void drop_pending(cs_file *f)
{
  for (size_t i = 0; i < f->np; i++)
    free(f->p[i].data);
  f->np = f->nsorted = f->maxsize = 0;
  f->pend_end = 0;
}

static int overlaps(const pending *w, haddr_t addr, size_t size)
{
  return w->addr < addr + size && addr < w->addr + w->size;
}

static int ascending(const void *a, const void *b)
{
  size_t i = *(const size_t *)a, j = *(const size_t *)b;
  return i < j ? -1 : i > j;
}

static void lay(const pending *w, haddr_t addr, size_t size, unsigned char *buf)
{
  haddr_t lo = w->addr > addr ? w->addr : addr;
  haddr_t hi = w->addr + w->size < addr + size ? w->addr + w->size : addr + size;
  if (lo < hi)
    memcpy(buf + (lo - addr), w->data + (lo - w->addr), (size_t)(hi - lo));
}

/* Lay the pending writes that overlap [addr, addr + size) over buf, oldest first; only those
 * of the kinds up to `upto` (a commit's phases so far: RAW, SUPER, META). The sorted pieces
 * that can overlap start within maxsize before addr: found by bisection. */
static void overlay_upto(cs_file *f, haddr_t addr, size_t size, unsigned char *buf,
                         piece_kind upto)
{
  haddr_t from = addr > f->maxsize ? addr - f->maxsize : 0;
  size_t lo = 0, hi = f->nsorted;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->p[f->by_addr[mid]].addr < from)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t n = 0;
  for (int pass = 0; pass < 2; pass++) { /* count, then gather */
    n = 0;
    for (size_t k = lo; k < f->nsorted && f->p[f->by_addr[k]].addr < addr + size; k++) {
      const pending *w = &f->p[f->by_addr[k]];
      if (w->kind <= upto && overlaps(w, addr, size) && (pass == 0 || (f->hits[n] = f->by_addr[k], 1)))
        n++;
    }
    for (size_t i = f->nsorted; i < f->np; i++)
      if (f->p[i].kind <= upto && overlaps(&f->p[i], addr, size) &&
          (pass == 0 || (f->hits[n] = i, 1)))
        n++;
    if (pass == 0 && n > f->nhit_cap) {
      size_t *h = realloc(f->hits, n * sizeof *h);
      if (!h) { /* no room to order them: every piece, in order */
        for (size_t i = 0; i < f->np; i++)
          if (f->p[i].kind <= upto)
            lay(&f->p[i], addr, size, buf);
        return;
      }
      f->hits = h, f->nhit_cap = n;
    }
    if (n == 0)
      return;
  }
  qsort(f->hits, n, sizeof *f->hits, ascending);
  for (size_t i = 0; i < n; i++)
    lay(&f->p[f->hits[i]], addr, size, buf);
}

static void overlay(cs_file *f, haddr_t addr, size_t size, unsigned char *buf)
{
  overlay_upto(f, addr, size, buf, META);
}

/* ---------------------------------------------------------------- commit ----------------- */

/* The file's space up to `end` allocated on disk (a full disk fails here). */
static int reserve_to(cs_file *f, haddr_t end)
{
  if (end <= f->reserved)
    return 0;
  log_op(f, 'F', 0, end, NULL);
  int rc = posix_fallocate(f->fd, (off_t)f->reserved, (off_t)(end - f->reserved));
  if (rc == EOPNOTSUPP || rc == EINVAL) { /* no fallocate here: extend, unreserved */
    struct stat st;
    if (fstat(f->fd, &st) == 0 && (haddr_t)st.st_size < end && ftruncate(f->fd, (off_t)end) < 0)
      return -1;
    rc = 0;
  }
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  f->reserved = end;
  if (end > f->size)
    f->size = end;
  return 0;
}

/* A temporary name beside `name` ("<name>.<pid>.partial"), malloc'ed. */
static char *partial_name(const char *name)
{
  size_t n = strlen(name) + 32;
  char *tmp = malloc(n);
  if (tmp)
    snprintf(tmp, n, "%s.%ld.partial", name, (long)getpid());
  return tmp;
}

/* Give the file its name. An unnamed (O_TMPFILE) file is linked under a temporary name beside
 * the target, then renamed over it (linkat cannot replace a file); a file created under a
 * temporary name (no O_TMPFILE) is renamed. */
static int link_name(cs_file *f)
{
  char proc[64], *tmp = f->tmpname;
  if (!tmp) {
    if (!(tmp = partial_name(f->name)))
      return -1;
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", f->fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) < 0) {
      free(tmp);
      return -1;
    }
  }
  if (rename(tmp, f->name) < 0) {
    /* the file keeps the temporary name it was created under (it goes at close), or loses
     * the link just made: either way no file is left beside the target */
    if (!f->tmpname) {
      unlink(tmp);
      free(tmp);
    }
    return -1;
  }
  free(tmp);
  f->tmpname = NULL;
  log_op(f, 'N', 0, 0, NULL);
  free(f->name);
  f->name = NULL;
  return 0;
}

/* Write [lo, hi) of the file as HDF5 last left it (the disk's bytes under the pending writes
 * of the phases up to `upto`: a later phase's bytes in a gap stay as they are) in one pwrite,
 * leaving out the commit point unless `point` (then [lo, hi) is the point). */
static int write_final(cs_file *f, haddr_t lo, haddr_t hi, piece_kind upto, int point)
{
  if (!point && f->mark_size && lo < f->mark + f->mark_size && f->mark < hi) {
    if (lo < f->mark && write_final(f, lo, f->mark, upto, 0) < 0)
      return -1;
    return hi > f->mark + f->mark_size ? write_final(f, f->mark + f->mark_size, hi, upto, 0)
                                       : 0;
  }
  size_t n = (size_t)(hi - lo);
  unsigned char *buf = malloc(n ? n : 1);
  if (!buf)
    return -1;
  int rc = pread_all(f->fd, buf, n, lo);
  if (rc == 0) {
    overlay_upto(f, lo, n, buf, upto);
    rc = pwrite_all(f, buf, n, lo, point ? 'C' : 'P');
  }
  free(buf);
  return rc;
}

/* The first entry of by_addr from k on whose piece is of `kind` (np: none). */
static size_t next_of_kind(const cs_file *f, size_t k, piece_kind kind)
{
  while (k < f->np && f->p[f->by_addr[k]].kind != kind)
    k++;
  return k;
}

/* The pending writes of one kind, as few pwrites as possible: in address order (by_addr, the
 * tail sorted in first), with overlapping and nearby pieces merged (gaps up to GAP bytes are
 * rewritten with the bytes they hold). */
enum { GAP = 4096 };
static int write_kind(cs_file *f, piece_kind kind)
{
  if (f->nsorted < f->np)
    sort_in(f);
  int rc = 0;
  for (size_t k = next_of_kind(f, 0, kind); rc == 0 && k < f->np;) {
    const pending *w = &f->p[f->by_addr[k]];
    haddr_t lo = w->addr, hi = w->addr + w->size;
    for (k = next_of_kind(f, k + 1, kind); k < f->np && f->p[f->by_addr[k]].addr <= hi + GAP;
         k = next_of_kind(f, k + 1, kind)) {
      w = &f->p[f->by_addr[k]];
      if (w->addr + w->size > hi)
        hi = w->addr + w->size;
    }
    rc = write_final(f, lo, hi, kind, 0);
  }
  return rc;
}

/* The commit point's bytes, if a pending write changed them: one small pwrite. */
static int write_point(cs_file *f)
{
  for (size_t i = 0; f->mark_size && i < f->np; i++)
    if (f->p[i].addr < f->mark + f->mark_size && f->mark < f->p[i].addr + f->p[i].size)
      return write_final(f, f->mark, f->mark + f->mark_size, META, 1);
  return 0;
}

/* A commit, in phases separated by barriers, so that whatever subset of a phase's writes
 * reaches the disk (a kill: a prefix; a power loss: any subset) every piece on disk points
 * only at space that is on disk and inside the superblock's EOA:
 *   1. the new space reserved (a full disk fails here, before anything in place changed);
 *      raw data in the committed space (rewritten chunks keep their old rows' bytes);
 *   2. the superblock, whose EOA now covers the new space;
 *   3. the other in-place metadata (object headers, B-tree nodes, heaps), coalesced;
 *   4. the commit point (the table's committed row count): the one write that says the
 *      commit happened; readers read that many rows of every series.
 * The barrier after 4 makes the commit durable when it returns. */
static herr_t commit(cs_file *f, int closing)
{
  if (f->error) { /* a write failed since the last commit: report it, once */
    errno = f->error;
    f->error = 0;
    return fail("write failed");
  }
  if (f->abandoned)
    return 0;
  if (reserve_to(f, f->eoa + (closing ? 0 : f->reserve)) < 0) {
    f->abandoned = 1;
    return fail("cannot reserve file space");
  }
  if (write_kind(f, RAW) < 0 || barrier(f) < 0 || write_kind(f, SUPER) < 0 || barrier(f) < 0 ||
      write_kind(f, META) < 0 || barrier(f) < 0 || write_point(f) < 0 || barrier(f) < 0) {
    f->abandoned = 1; /* in place, on reserved space: an I/O error */
    return fail("write failed");
  }
  drop_pending(f);
  f->committed = f->eoa;
  /* The file ends at its EOA once closed; while open, at the EOA plus the reserve (HDF5 gives
   * back free space at the end of the file, so the EOA may have shrunk). Nothing committed
   * lies beyond the EOA, and the superblock saying so is on disk. */
  haddr_t end = f->eoa + (closing ? 0 : f->reserve);
  if (end < f->size) {
    log_op(f, 'T', 0, end, NULL);
    if (ftruncate(f->fd, (off_t)end) < 0)
      return fail("cannot truncate the file");
    f->size = f->reserved = end;
  }
  if (f->name && link_name(f) < 0)
    return fail("cannot name the file");
  return 0;
}

/* ---------------------------------------------------------------- callbacks -------------- */


/* A new file that gets `name` at its first commit: unnamed (O_TMPFILE) in the name's
 * directory, or, where the file system has no O_TMPFILE (NFS, some others) or
 * CLEARSIM_H5_NO_TMPFILE is set (tests), under a temporary name there. -1 on failure. */
static int create_unnamed(cs_file *f, const char *name)
{
  char *dir = strdup(name), *slash = dir ? strrchr(dir, '/') : NULL;
  if (!dir || !(f->name = strdup(name))) {
    free(dir);
    return -1;
  }
  if (slash)
    slash[slash == dir] = '\0';
  const char *off = getenv("CLEARSIM_H5_NO_TMPFILE");
  int fd = off && *off ? -1 : open(slash ? dir : ".", O_TMPFILE | O_RDWR, 0666);
  free(dir);
  if (fd < 0 && (f->tmpname = partial_name(name)))
    fd = open(f->tmpname, O_RDWR | O_CREAT | O_EXCL, 0666);
  /* An older file of that name goes now, as with O_TRUNC: a run that fails before its first
   * commit must not leave an earlier run's file looking like its result. */
  if (fd >= 0 && unlink(name) < 0 && errno != ENOENT) {
    close(fd);
    if (f->tmpname)
      unlink(f->tmpname);
    fd = -1;
  }
  if (fd < 0) {
    free(f->name);
    free(f->tmpname);
    f->name = f->tmpname = NULL;
  }
  return fd;
}

void cs_h5_release_keeping_errors(hid_t id, herr_t (*release)(hid_t))
{
  if (id < 0)
    return;
  if (H5Eget_num(H5E_DEFAULT) == 0) { /* nothing to keep: no copy of the stack to make */
    if (release(id) < 0)
      H5Eclear2(H5E_DEFAULT);
    return;
  }
  hid_t errors = H5Eget_current_stack();
  release(id);
  if (errors >= 0)
    H5Eset_current_stack(errors);
}

/* HDF5 1.10's H5FD_close drops the file's reference to the registered driver before it calls
 * the driver's close through that registration's copy of the class (freed by then if it was
 * the last reference): each file holds one more reference, dropped here, last, keeping the
 * error stack that may hold why the file is being closed. */
static void release_driver(hid_t driver) { cs_h5_release_keeping_errors(driver, H5Idec_ref); }

static H5FD_t *drv_open(const char *name, unsigned flags, hid_t fapl, haddr_t maxaddr)
{
  if (!name || !*name || maxaddr == 0 || maxaddr > MAXADDR)
    return NULL;
  cs_file *f = calloc(1, sizeof *f);
  if (!f)
    return NULL;
  f->fd = f->log = -1;
  f->driver = H5Pget_driver(fapl);
  if (f->driver < 0 || H5Iinc_ref(f->driver) < 0) {
    free(f);
    return NULL;
  }
  int rw = flags & H5F_ACC_RDWR;
  struct stat st;
  int found = lstat(name, &st) == 0, plain = found ? S_ISREG(st.st_mode) : errno == ENOENT;
  /* Output is never written through a symbolic link (to a file a model or a planted link
   * chose): refused, and O_NOFOLLOW keeps a link made after this check from being followed. */
  int link = found && S_ISLNK(st.st_mode);
  /* A new file, or one replacing a regular file (not a device such as /dev/full). */
  if (!link && plain && rw && (flags & H5F_ACC_CREAT) && (flags & H5F_ACC_TRUNC) &&
      !(flags & H5F_ACC_EXCL))
    f->fd = create_unnamed(f, name);
  if (!link && f->fd < 0) {
    int o = (rw ? O_RDWR : O_RDONLY) | O_NOFOLLOW;
    if (flags & H5F_ACC_TRUNC)
      o |= O_TRUNC;
    if (flags & H5F_ACC_CREAT)
      o |= O_CREAT;
    if (flags & H5F_ACC_EXCL)
      o |= O_EXCL;
    f->fd = open(name, o, 0666);
  }
  if (f->fd < 0 || fstat(f->fd, &st) < 0) {
    if (link || errno == ELOOP)
      errno = 0, fail("it is a symbolic link, which output is never written through (name the "
                      "file it points to instead)");
    else
      fail("cannot open the file");
    if (f->fd >= 0)
      close(f->fd);
    free(f->name);
    free(f->tmpname);
    release_driver(f->driver);
    free(f);
    return NULL;
  }
  f->dev = st.st_dev, f->ino = st.st_ino;
  f->reserve = flags & H5F_ACC_TRUNC ? RESERVE : 0; /* a reopened file lives on its reserve */
  f->size = f->reserved = f->committed = (haddr_t)st.st_size;
  /* Test hook: every change to the disk image logged, for tests/cli/h5_replay.py. */
  const char *log = rw ? getenv("CLEARSIM_H5_LOG") : NULL;
  if (log && *log)
    f->log = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  log_op(f, 'O', 0, f->size, NULL);
  return &f->pub;
}

static herr_t drv_close(H5FD_t *file)
{
  cs_file *f = (cs_file *)file;
  herr_t rc = f->abandoned ? 0 : commit(f, 1);
  if (close(f->fd) < 0 && rc == 0)
    rc = fail("cannot close the file");
  if (f->tmpname) /* never committed: its temporary name goes with it */
    unlink(f->tmpname);
  if (f->log >= 0)
    close(f->log);
  drop_pending(f);
  free(f->p);
  free(f->by_addr);
  free(f->hits);
  free(f->name);
  free(f->tmpname);
  hid_t driver = f->driver;
  free(f);
  release_driver(driver);
  return rc;
}

static int drv_cmp(const H5FD_t *a, const H5FD_t *b)
{
  const cs_file *f = (const cs_file *)a, *g = (const cs_file *)b;
  if (f->dev != g->dev)
    return f->dev < g->dev ? -1 : 1;
  if (f->ino != g->ino)
    return f->ino < g->ino ? -1 : 1;
  return 0;
}

static herr_t drv_query(const H5FD_t *file, unsigned long *flags)
{
  (void)file;
  /* As sec2. With the metadata accumulator the superblock may arrive merged with the
   * metadata after it: whatever covers address 0 is committed first. */
  *flags = H5FD_FEAT_AGGREGATE_METADATA | H5FD_FEAT_ACCUMULATE_METADATA | H5FD_FEAT_DATA_SIEVE |
           H5FD_FEAT_AGGREGATE_SMALLDATA;
  return 0;
}

static haddr_t drv_get_eoa(const H5FD_t *file, H5FD_mem_t type)
{
  (void)type;
  return ((const cs_file *)file)->eoa;
}

static herr_t drv_set_eoa(H5FD_t *file, H5FD_mem_t type, haddr_t addr)
{
  (void)type;
  ((cs_file *)file)->eoa = addr;
  return 0;
}

static haddr_t drv_get_eof(const H5FD_t *file, H5FD_mem_t type)
{
  (void)type;
  const cs_file *f = (const cs_file *)file;
  return f->pend_end > f->size ? f->pend_end : f->size;
}

static herr_t drv_get_handle(H5FD_t *file, hid_t fapl, void **handle)
{
  (void)fapl;
  *handle = file;
  return 0;
}

static herr_t drv_read(H5FD_t *file, H5FD_mem_t type, hid_t dxpl, haddr_t addr, size_t size,
                       void *buf)
{
  (void)type, (void)dxpl;
  cs_file *f = (cs_file *)file;
  if (addr + size > f->eoa)
    return fail("read past the end of the allocated space");
  if (pread_all(f->fd, buf, size, addr) < 0)
    return fail("read failed");
  overlay(f, addr, size, buf);
  return 0;
}

static herr_t drv_write(H5FD_t *file, H5FD_mem_t type, hid_t dxpl, haddr_t addr, size_t size,
                        const void *buf)
{
  (void)dxpl;
  cs_file *f = (cs_file *)file;
  if (addr + size > f->eoa) {
    errno = EINVAL;
    return fail("write past the end of the allocated space");
  }
  /* Space the last commit may point into waits for the next commit; so does everything once
   * the file is abandoned (the disk must not change any more). The superblock always waits:
   * it is what makes new space part of the file. A write that straddles the last commit's end
   * is split: its new part goes to disk now, like any new space. */
  int super = type == H5FD_MEM_SUPER || addr == 0;
  piece_kind kind = super ? SUPER : type == H5FD_MEM_DRAW ? RAW : META;
  if (!f->abandoned && !super && addr < f->committed && addr + size > f->committed) {
    size_t old = (size_t)(f->committed - addr);
    if (drv_write(file, type, dxpl, f->committed, size - old,
                  (const unsigned char *)buf + old) < 0)
      return -1;
    size = old;
  }
  if (f->abandoned || addr < f->committed || super) {
    if (keep(f, addr, size, kind, buf) < 0)
      return fail("out of memory");
    return 0;
  }
  if (pwrite_all(f, buf, size, addr, 'W') < 0) {
    /* Tell HDF5 at the next flush, not here: a write failing inside HDF5's cache flush leaves
     * a cache that cannot be closed (and HDF5 crashes retrying at exit). From now on the
     * disk keeps the last commit. */
    f->error = errno;
    f->abandoned = 1;
    if (keep(f, addr, size, kind, buf) < 0)
      return fail("out of memory");
    return 0;
  }
  if (addr + size > f->size)
    f->size = addr + size;
  return 0;
}

static herr_t drv_flush(H5FD_t *file, hid_t dxpl, hbool_t closing)
{
  (void)dxpl;
  return commit((cs_file *)file, closing);
}

/* HDF5 truncates before it flushes its metadata accumulator (H5F__flush_phase2): the state is
 * not complete yet, so the file's size is set at the commit instead. */
static herr_t drv_truncate(H5FD_t *file, hid_t dxpl, hbool_t closing)
{
  (void)file, (void)dxpl, (void)closing;
  return 0;
}

static const H5FD_class_t *driver_class(void)
{
  static const H5FD_class_t cls = {
    .name = "clearsim_commit",
    .maxaddr = ((haddr_t)1 << (8 * sizeof(off_t) - 1)) - 1,
    .fc_degree = H5F_CLOSE_WEAK,
    .open = drv_open,
    .close = drv_close,
    .cmp = drv_cmp,
    .query = drv_query,
    .get_eoa = drv_get_eoa,
    .set_eoa = drv_set_eoa,
    .get_eof = drv_get_eof,
    .get_handle = drv_get_handle,
    .read = drv_read,
    .write = drv_write,
    .flush = drv_flush,
    .truncate = drv_truncate,
    .fl_map = H5FD_FLMAP_DICHOTOMY,
  };
  return &cls;
}

/* ---------------------------------------------------------------- public ----------------- */

hid_t cs_h5_driver_fapl(void)
{
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  hid_t id = fapl < 0 ? H5I_INVALID_HID : H5FDregister(driver_class());
  if (id < 0 || H5Pset_driver(fapl, id, NULL) < 0) {
    if (fapl >= 0)
      H5Pclose(fapl);
    fapl = H5I_INVALID_HID;
  }
  /* The property list, then each file opened with it, holds its own reference to the driver. */
  if (id >= 0)
    H5FDunregister(id);
  return fapl;
}

static cs_file *file_of(hid_t file)
{
  void *handle = NULL;
  if (H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) < 0 || !handle)
    return NULL;
  cs_file *f = handle;
  return f->pub.cls && f->pub.cls->open == drv_open ? f : NULL; /* HDF5 keeps a copy of the class */
}

int cs_h5_driver_abandon(hid_t file)
{
  cs_file *f = file_of(file);
  if (!f)
    return 0;
  f->abandoned = 1;
  return f->name == NULL; /* NULL once linked (or opened) under its name */
}

int cs_h5_driver_commit_point(hid_t file, haddr_t addr, size_t size)
{
  cs_file *f = file_of(file);
  if (!f || addr == HADDR_UNDEF)
    return -1;
  f->mark = addr, f->mark_size = size;
  return 0;
}

int cs_h5_driver_failed(hid_t file)
{
  const cs_file *f = file_of(file);
  return f && f->abandoned;
}
