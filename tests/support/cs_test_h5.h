/* cs_test_h5.h — reading the files clearsim writes, in tests, with the HDF5 C API (the include
 * path of Debian's serial HDF5, which the test targets are not given, and small readers that
 * return "" or NaN for what is absent, so that a check reports it). */
#ifndef CS_TEST_H5_H
#define CS_TEST_H5_H

#if defined(__has_include)
#if __has_include(<hdf5.h>)
#include <hdf5.h>
#else
#include <hdf5/serial/hdf5.h> /* Debian's serial HDF5; the test target sees no HDF5 include dir */
#endif
#else
#include <hdf5/serial/hdf5.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Open read-only, HDF5's own error printing off (a test reports failures itself). */
static inline hid_t open_file(const char *path)
{
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  return H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
}

/* A variable-length string attribute of object `obj` (malloc'd); "" when absent. */
static inline char *text_attr(hid_t file, const char *obj, const char *name)
{
  char *out = NULL;
  hid_t a = H5Aopen_by_name(file, obj, name, H5P_DEFAULT, H5P_DEFAULT);
  hid_t t = a >= 0 ? H5Aget_type(a) : -1;
  if (t >= 0 && H5Tis_variable_str(t) > 0) {
    char *v = NULL;
    if (H5Aread(a, t, &v) >= 0 && v) {
      out = strdup(v);
      H5free_memory(v);
    }
  }
  if (t >= 0)
    H5Tclose(t);
  if (a >= 0)
    H5Aclose(a);
  return out ? out : strdup("");
}

static inline int text_attr_is(hid_t file, const char *obj, const char *name, const char *want)
{
  char *v = text_attr(file, obj, name);
  int same = strcmp(v, want) == 0;
  if (!same)
    printf("  %s@%s = \"%s\", want \"%s\"\n", obj, name, v, want);
  free(v);
  return same;
}

static inline double double_attr(hid_t file, const char *obj, const char *name)
{
  double v = NAN;
  hid_t a = H5Aopen_by_name(file, obj, name, H5P_DEFAULT, H5P_DEFAULT);
  if (a >= 0) {
    H5Aread(a, H5T_NATIVE_DOUBLE, &v);
    H5Aclose(a);
  }
  return v;
}

static inline long long_attr(hid_t file, const char *obj, const char *name)
{
  long v = -1;
  hid_t a = H5Aopen_by_name(file, obj, name, H5P_DEFAULT, H5P_DEFAULT);
  if (a >= 0) {
    H5Aread(a, H5T_NATIVE_LONG, &v);
    H5Aclose(a);
  }
  return v;
}

/* The dataset's rank (−1 if absent) and dimensions. */
static inline int shape(hid_t file, const char *name, hsize_t dims[3])
{
  dims[0] = dims[1] = dims[2] = 0;
  hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
  if (d < 0)
    return -1;
  hid_t s = H5Dget_space(d);
  int rank = H5Sget_simple_extent_ndims(s);
  if (rank >= 0 && rank <= 3)
    H5Sget_simple_extent_dims(s, dims, NULL);
  H5Sclose(s);
  H5Dclose(d);
  return rank;
}

/* A whole numeric dataset as doubles (malloc'd), its element count in *n. */
static inline double *read_all(hid_t file, const char *name, size_t *n)
{
  hsize_t dims[3];
  int rank = shape(file, name, dims);
  *n = 0;
  if (rank < 1)
    return NULL;
  size_t count = 1;
  for (int i = 0; i < rank; i++)
    count *= dims[i];
  double *v = malloc((count ? count : 1) * sizeof *v);
  hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
  if (count && H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) < 0)
    count = 0;
  H5Dclose(d);
  *n = count;
  return v;
}

/* Element i of a 1-D variable-length string dataset (or the scalar one when i < 0). */
static inline char *text_item(hid_t file, const char *name, int i)
{
  char *out = NULL;
  hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
  if (d < 0)
    return NULL;
  hid_t t = H5Dget_type(d), s = H5Dget_space(d);
  hssize_t n = H5Sget_simple_extent_npoints(s);
  char **all = calloc((size_t)n + 1, sizeof *all);
  if (H5Tis_variable_str(t) > 0 && H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, all) >= 0) {
    int k = i < 0 ? 0 : i;
    if (k < n && all[k])
      out = strdup(all[k]);
    for (hssize_t j = 0; j < n; j++)
      H5free_memory(all[j]);
  }
  free(all);
  H5Sclose(s);
  H5Tclose(t);
  H5Dclose(d);
  return out;
}

/* The rows of a 1-D dataset: −1 if absent, 0 if not 1-D. */
static inline long rows_of(hid_t file, const char *name)
{
  hsize_t dims[3];
  int rank = shape(file, name, dims);
  return rank < 0 ? -1 : rank == 1 ? (long)dims[0] : 0;
}

/* /rows, the rows every series holds as of the file's last commit: −1 if absent. */
static inline long committed_rows(hid_t file)
{
  long long v = -1;
  hid_t d = H5Dopen2(file, "rows", H5P_DEFAULT);
  if (d >= 0 && H5Dread(d, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, &v) < 0)
    v = -1;
  if (d >= 0)
    H5Dclose(d);
  return (long)v;
}

#endif
