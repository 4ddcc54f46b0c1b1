/*
 * crank_torque — embedding libclearsim in a design tool: size a motor for a mechanism.
 *
 *   crank_torque MODEL.json DRIVER [T_END]
 *
 * Loads a model, follows it through an output callback, and reports what a motor on the
 * named driver must deliver: peak and RMS torque (or force), its work, and the travel of
 * every body. Uses nothing but the public header.
 */
#include "clearsim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BODIES 64

typedef struct duty {
  int driver;                    /* joint index of the driver */
  double peak, sum_sq;
  long samples;
  double lo[MAX_BODIES][2], hi[MAX_BODIES][2]; /* travel box of each body's centre */
} duty;

static int observe(const cs_sim *sim, void *user)
{
  duty *d = user;
  double reaction = cs_sim_driver_reaction(sim, d->driver);
  d->peak = fmax(d->peak, fabs(reaction));
  d->sum_sq += reaction * reaction;
  d->samples++;
  const cs_model *model = cs_sim_model(sim);
  for (int b = 0; b < cs_model_body_count(model) && b < MAX_BODIES; b++) {
    double q[3];
    cs_sim_body_position(sim, b, q);
    for (int k = 0; k < 2; k++) {
      d->lo[b][k] = d->samples == 1 ? q[k] : fmin(d->lo[b][k], q[k]);
      d->hi[b][k] = d->samples == 1 ? q[k] : fmax(d->hi[b][k], q[k]);
    }
  }
  return 0;
}

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: %s MODEL.json DRIVER [T_END]\n", argv[0]);
    return 1;
  }
  cs_error err;
  cs_model *model = NULL;
  cs_sim *sim = NULL;
  if (cs_model_load_file(argv[1], NULL, &model, &err)) {
    fprintf(stderr, "%s\n", err.message);
    return 2;
  }
  duty d;
  memset(&d, 0, sizeof d);
  d.driver = -1;
  for (int j = 0; j < cs_model_joint_count(model); j++)
    if (!strcmp(cs_model_joint_name(model, j), argv[2]))
      d.driver = j;
  if (d.driver < 0 || !strstr(cs_model_joint_kind(model, d.driver), "driver")) {
    fprintf(stderr, "%s: no driver named \"%s\"\n", argv[1], argv[2]);
    cs_model_free(model);
    return 2;
  }
  double t_end = argc > 3 ? atof(argv[3]) : cs_model_t_end(model);
  int status = 0;
  if (cs_sim_create(model, &sim, &err) || (cs_sim_set_output(sim, observe, &d), 0) ||
      cs_sim_advance(sim, t_end, &err)) {
    fprintf(stderr, "%s\n", err.message);
    status = 3;
  } else {
    cs_energy e;
    cs_sim_energy(sim, &e);
    printf("driver %s over %.6g s (%ld samples)\n", argv[2], cs_sim_time(sim), d.samples);
    printf("peak reaction  %.6g\n", d.peak);
    printf("rms reaction   %.6g\n", sqrt(d.sum_sq / (double)d.samples));
    printf("driver work    %.6g J\n", e.driver_work);
    for (int b = 0; b < cs_model_body_count(model) && b < MAX_BODIES; b++)
      printf("travel %-10s x %.6g m, y %.6g m\n", cs_model_body_name(model, b),
             d.hi[b][0] - d.lo[b][0], d.hi[b][1] - d.lo[b][1]);
  }
  cs_sim_free(sim);
  cs_model_free(model);
  return status;
}
