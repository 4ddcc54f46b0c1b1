/*
 * cs_wear_h5.h — worn depth profiles in HDF5 files (internal): written at the end of a run as
 * /joints/<name>/wear_depth [bins] (m) with, for a bearing, wear_angle [bins] (rad, the hole
 * body's frame) or, for a slot, wear_position [bins] (m along its wall), and read back by a
 * later run's "initial_profile" (models/README.md "Wear").
 */
#ifndef CS_WEAR_H5_H
#define CS_WEAR_H5_H

#include "clearsim.h"

#include <hdf5.h>

/* The worn joints' profiles of a run into its open file; < 0 on an HDF5 error. */
herr_t cs_wear_h5_write(hid_t file, const cs_sim *sim);

/* /joints/<joint>/wear_depth of the file at path: *depth malloc'd (*n values). Non-zero on
 * failure, with why (a sentence) in why[size]. */
int cs_wear_read_profile(const char *path, const char *joint, double **depth, int *n,
                         char *why, size_t size);

#endif
