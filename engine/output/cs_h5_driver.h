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
 * accumulator), in four phases separated by barriers (fdatasync):
 *   1. the file's space reserved up to the new EOA plus a reserve (posix_fallocate: a full
 *      disk fails here, before anything in place changed), and raw data in the old space;
 *   2. the superblock, whose EOA now covers the new space, whose contents are on disk;
 *   3. the other in-place metadata, sorted and coalesced into few writes;
 *   4. the commit point, if the caller named one (cs_h5_driver_commit_point): a few bytes
 *      written alone, last (clearsim's files: /rows, the count of rows every series holds).
 * Every piece written in a phase points only at space made durable by an earlier barrier, so
 * any subset of a phase's writes on disk (a kill leaves a prefix, a power loss any subset) is a
 * readable file: the last commit with some in-place pieces of the next one. Every series is at
 * least as long as the commit point says, and holds that many rows of the run. A commit is
 * durable when the flush returns (a last barrier). A new file is created unnamed (O_TMPFILE)
 * and linked to its name at its first commit, so a run killed while laying out the file leaves
 * no file rather than a broken one (and an older file of that name goes at the start); where
 * the file system has no O_TMPFILE (NFS), it is created as "<name>.<pid>.partial" and renamed
 * at its first commit (removed if it never gets there; a kill before leaves that file).
 *
 * An output name that is a symbolic link is refused, never written through (O_NOFOLLOW as well):
 * a model file must not choose a file elsewhere by way of a link (engine/README.md "Security").
 *
 * Test hooks (environment, read when a file is opened): CLEARSIM_H5_LOG=<path> appends a record
 * of every change to the file's disk image (writes, extensions, truncations, barriers, the
 * naming) to <path>, which tests/cli/h5_replay.py replays as a kill or a power loss would leave
 * it; CLEARSIM_H5_NO_TMPFILE=1 takes the path without O_TMPFILE.
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
/* Name [addr, addr + size) of the file the commit point (phase 4 above): the bytes written
 * last, alone, in every commit. 0, or -1 when the file is not this driver's. */
int cs_h5_driver_commit_point(hid_t file, haddr_t addr, size_t size);
/* 1 when the file was abandoned (by cs_h5_driver_abandon or a failed write), else 0. */
int cs_h5_driver_failed(hid_t file);

/* release(id) (a close or a reference drop) that keeps HDF5's error stack as it was: an API
 * call clears the stack, which may hold why a caller is about to fail (id < 0: nothing). */
void cs_h5_release_keeping_errors(hid_t id, herr_t (*release)(hid_t));

#endif
