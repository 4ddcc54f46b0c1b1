/* cs_wear_h5.c — worn depth profiles to and from HDF5 files (cs_wear_h5.h). */
#include "cs_wear_h5.h"
#include "cs_h5_util.h"
#include "cs_json.h"
#include "cs_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

herr_t cs_wear_h5_write(hid_t file, const cs_sim *sim)
{
  const cs_model *model = cs_sim_model(sim);
  herr_t rc = 0;
  for (int k = 0; k < cs_model_clearance_count(model) && rc >= 0; k++) {
    int bins = cs_sim_clearance_wear(sim, k, NULL, 0);
    if (bins <= 0)
      continue;
    double *depth = malloc(2 * (size_t)bins * sizeof *depth), *angle = depth + bins;
    char path[512];
    if (!depth)
      return -1;
    cs_sim_clearance_wear(sim, k, depth, bins);
    /* a bearing's nodes by their angle, a slot's by their arc length along its wall */
    int bearing = model->clearances[k].kind == CS_CLEARANCE_REVOLUTE;
    double P = cs_model_clearance_wall_length(model, k);
    for (int i = 0; i < bins; i++)
      angle[i] = bearing ? 2.0 * M_PI * i / bins : P * i / bins;
    /* the group exists (the series are in it); its name is checked when it was made */
    snprintf(path, sizeof path, "joints/%s/wear_depth", cs_model_clearance_name(model, k));
    rc = cs_h5_array(file, path, (hsize_t)bins, 0, depth, "m", NULL);
    snprintf(path, sizeof path, "joints/%s/%s", cs_model_clearance_name(model, k),
             bearing ? "wear_angle" : "wear_position");
    if (rc >= 0)
      rc = cs_h5_array(file, path, (hsize_t)bins, 0, angle,
                       bearing ? "rad (hole body's frame)"
                               : "m along the wall from the lower track's rear end", NULL);
    free(depth);
  }
  return rc;
}

int cs_wear_read_profile(const char *path, const char *joint, double **depth, int *n,
                         char *why, size_t size)
{
  char name[512];
  hid_t f = H5I_INVALID_HID, d = H5I_INVALID_HID, s = H5I_INVALID_HID;
  int rc = 1;
  cs_h5_quiet q = cs_h5_quiet_begin();
  *depth = NULL;
  *n = 0;
  snprintf(name, sizeof name, "joints/%s/wear_depth", joint);
  int fd = cs_input_open(path, why, size); /* (HDF5 would wait on a FIFO) */
  if (fd < 0) {
    rc = 1;
  } else if (close(fd), (f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT)) < 0) {
    snprintf(why, size, "not an HDF5 file that can be opened");
  } else if (H5Lexists(f, "joints", H5P_DEFAULT) <= 0 || H5Lexists(f, name, H5P_DEFAULT) <= 0 ||
             (d = H5Dopen2(f, name, H5P_DEFAULT)) < 0) {
    snprintf(why, size, "no /%s (written at the end of a run of a joint with wear)", name);
  } else {
    s = H5Dget_space(d);
    hsize_t dims[2] = {0, 0};
    int rank = s < 0 ? -1 : H5Sget_simple_extent_ndims(s);
    if (rank != 1 || H5Sget_simple_extent_dims(s, dims, NULL) < 0 || dims[0] > 100000) {
      snprintf(why, size, "/%s is not a vector of at most 100000 depths", name);
    } else if (!(*depth = malloc(((size_t)dims[0] + 1) * sizeof **depth))) {
      snprintf(why, size, "out of memory");
    } else if (H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, *depth) < 0) {
      snprintf(why, size, "/%s cannot be read as numbers", name);
    } else {
      *n = (int)dims[0];
      rc = 0;
    }
  }
  if (rc) {
    free(*depth);
    *depth = NULL;
  }
  cs_h5_close_id(s, H5Sclose);
  cs_h5_close_id(d, H5Dclose);
  cs_h5_close_id(f, H5Fclose);
  cs_h5_quiet_end(&q);
  return rc;
}
