/*
 * cs_rows.h — the row every output records (internal). cs_rows (clearsim.h) keeps rows in
 * memory; the HDF5 writer (cs_h5.c) fills the same row and splits it into its series, so the
 * two never disagree on what a row holds.
 */
#ifndef CS_ROWS_H
#define CS_ROWS_H
#include "clearsim.h"

/* The row at the simulation's view state, in the order cs_rows_width documents (width
 * doubles). */
void cs_rows_fill(const cs_rows *rows, const cs_sim *sim, double *row);
/* How many contact points of clearance joint k a row holds series of (K > 1), or 0: a joint
 * of one contact point has its own series only. */
int cs_rows_corners(const cs_model *model, int k);

#endif
