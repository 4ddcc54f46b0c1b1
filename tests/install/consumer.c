/*
 * consumer.c — a program built outside the tree against an installed libclearsim
 * (tests/install/test_install.sh builds it through pkg-config and through find_package).
 *
 *   consumer MODEL.json T_END     prints "version V", "rows N", "t T", "x X", "balance B"
 */
#include <clearsim.h>

#include <stdio.h>
#include <stdlib.h>

static int count_row(const cs_sim *sim, void *user)
{
  (void)sim;
  ++*(long *)user;
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: consumer MODEL.json T_END\n");
    return 1;
  }
  cs_model *model;
  cs_sim *sim;
  cs_error err;
  long rows = 0;
  if (cs_model_load_file(argv[1], NULL, &model, &err) != CS_OK) {
    fprintf(stderr, "%s\n", err.message);
    return 2;
  }
  cs_run_options opt = {"", atof(argv[2]), count_row, &rows, NULL, NULL};
  cs_status st = cs_run(model, &opt, &sim, &err);
  if (st != CS_OK) {
    fprintf(stderr, "%s\n", err.message);
    return 3;
  }
  double q[3];
  cs_energy e;
  cs_sim_body_position(sim, 1, q); /* the first moving body of the test model */
  cs_sim_energy(sim, &e);
  printf("version %s\nrows %ld\nt %.17g\nx %.17g\nbalance %.17g\n", cs_version(), rows,
         cs_sim_time(sim), q[0], e.balance_error);
  cs_sim_free(sim);
  cs_model_free(model);
  return 0;
}
