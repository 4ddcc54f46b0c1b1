/*
 * cs_h5_driver.h — the HDF5 file driver of clearsim's output files (internal): crash-safe
 * commits on a POSIX file.
 *
 * HDF5 1.10 updates metadata in place (object headers, B-tree nodes) and writes the
 * superblock, which records the end of the allocated space (EOA), last. A process killed
 * inside a flush leaves nodes on disk that point past the recorded EOA: the file cannot be
 * read ("addr overflow"; 4 of 60 SIGKILLs of a dense-output run with the sec2 driver, and as
 * many with metadata-cache evictions off, so it is the flush itself). SWMR writing keeps the
 * file consistent, but its superblock says "open for writing" until closed, and plain readers
 * refuse a killed run's file without h5clear.
 *
 * This driver keeps every write that lands in the space of the last committed state (below
 * its EOA: in-place metadata, the superblock, reused space) in memory, and writes space beyond
 * it at once (nothing on disk points there yet). A flush commits (at the driver's flush
 * callback, the last step of HDF5's flush: HDF5 truncates before it empties its metadata
 * accumulator): it reserves the file's space up to the new EOA plus a reserve
 * (posix_fallocate: a full disk fails here, before anything in place changed), writes the
 * superblock (the new EOA covers the new space, whose contents are already on disk; with the
 * accumulator it may come merged with the metadata after it, in one write), then the other
 * in-place writes. Killed at any instant, the
 * file on disk is the last commit or the last commit with some in-place entries updated,
 * each of which points only at space already written. A new file is created unnamed
 * (O_TMPFILE) and linked to its name at its first commit, so a run killed while laying out
 * the file leaves no file rather than a broken one (and an older file of that name stays
 * until then).
 *
 * After a failure (disk full, I/O error) the caller abandons the file: nothing more reaches
 * the disk, HDF5 closes without errors (no retries at exit, no leaks), and the file stays at
 * its last commit; the reserve lets the caller reopen it and record why it failed.
 */
#ifndef CS_H5_DRIVER_H
#define CS_H5_DRIVER_H

#include <hdf5.h>

/* A file access property list using the driver (close it with H5Pclose), or an invalid id.
 * The driver is registered per call and unregistered when its last file closes, so the
 * library keeps no global state of its own. */
hid_t cs_h5_driver_fapl(void);

/* Stop writing to the file's disk: later writes stay in memory, flushes do nothing. 1 when
 * the file is on disk under its name (it was committed at least once), else 0. The file must
 * have been opened with cs_h5_driver_fapl. */
int cs_h5_driver_abandon(hid_t file);
/* 1 when the file was abandoned (by cs_h5_driver_abandon or a failed write), else 0. */
int cs_h5_driver_failed(hid_t file);

#endif
