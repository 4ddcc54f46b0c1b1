/*
 * A run checked against itself at tolerances 100 times tighter (cs_verify, cs_run_verify) and
 * the run's own flag on a contact sequence its tolerances do not hold (cs_sim_warnings):
 *
 *   - the clearance slider-crank at GGL rtol 1e-3, atol 1e-6 finds 43 contacts where its
 *     tighter run (and an rtol 1e-11 one) finds 26: flagged, and not converged;
 *   - at index 3, rtol 1e-4, atol 1e-9, 43: flagged, and not converged;
 *   - as shipped (rtol 1e-8, atol 1e-11, the default formulation auto): 26 against 26,
 *     onsets within 0.1 of a contact: converged, nothing flagged;
 *   - a smooth run (the pendulum, no contacts) agrees with its tighter one to 1e-5 of its
 *     scales.
 */
#include "clearsim.h"
#include "cs_test.h"
#include "cs_test_h5.h"

#include <math.h>
#include <string.h>

static const char *const model_path = "models/slider_crank_clearance.json";

static cs_model *load(const char *path, int form, double rtol, double atol)
{
  cs_model *m = NULL;
  cs_error err;
  if (cs_model_load_file(path, NULL, &m, &err)) {
    printf("FATAL: %s\n", err.message);
    return NULL;
  }
  if (form >= 0)
    cs_model_set_formulation(m, (cs_formulation)form);
  if (rtol > 0)
    cs_model_set_tolerances(m, rtol, atol, &err);
  return m;
}

/* cs_run_verify without a file; *sim kept for the caller's checks. */
static cs_verify_result verified(cs_model *m, cs_sim **sim)
{
  cs_verify_result v;
  memset(&v, 0, sizeof v);
  cs_run_options opt = {.output_path = ""};
  cs_error err;
  cs_status st = cs_run_verify(m, &opt, &v, sim, &err);
  CHECK(st == CS_OK, "%s: runs and verifies: %s", cs_model_name(m), err.message);
  printf("%s (%s): %d contacts, tighter %d (rtol %g, %ld steps, %.2f s): %s\n",
         cs_model_name(m), cs_formulation_name(cs_sim_formulation(*sim)), v.contacts,
         v.contacts_tight, v.rtol, v.stats_tight.steps, v.stats_tight.wall_time, v.verdict);
  return v;
}

static void loose(int form, double rtol, double atol, int contacts, const char *flag)
{
  cs_model *m = load(model_path, form, rtol, atol);
  cs_sim *s = NULL;
  cs_verify_result v = verified(m, &s);
  CHECK(!v.converged && !strncmp(v.verdict, "not converged: ", 15),
        "rtol %g: not converged: %s", rtol, v.verdict);
  CHECK(v.contacts == contacts, "rtol %g: %d contacts, want %d", rtol, v.contacts, contacts);
  CHECK(v.contacts_tight >= 26 && v.contacts_tight <= 27 && v.contacts_tight < v.contacts,
        "rtol %g: the tighter run finds 26-27 contacts, got %d", rtol, v.contacts_tight);
  CHECK(v.rtol == rtol / 100 && v.atol == atol / 100, "tighter tolerances %g, %g", v.rtol,
        v.atol);
  CHECK(strstr(v.verdict, "contacts against") != NULL, "the verdict names the contacts: %s",
        v.verdict);
  CHECK(strstr(cs_sim_warnings(s), flag) != NULL, "rtol %g: the run's own warnings say "
        "\"%s\": %s", rtol, flag, cs_sim_warnings(s));
  cs_sim_free(s);
  cs_model_free(m);
}

static void at_file_tolerance(void)
{
  cs_model *m = load(model_path, -1, 0, 0);
  cs_sim *s = NULL;
  cs_verify_result v = verified(m, &s);
  CHECK(v.converged && !strcmp(v.verdict, "converged"), "file's tolerance: %s", v.verdict);
  CHECK(v.contacts == 26 && v.contacts_tight == 26 && v.matched == 26,
        "26 contacts both, all matched: %d, %d, %d", v.contacts, v.contacts_tight, v.matched);
  CHECK(v.onset_share < 0.1 && v.onset_shift < 2e-5, "onsets within 0.1 of a contact and an "
        "output interval: %.3g s, %.3g", v.onset_shift, v.onset_share);
  CHECK(v.peak_force_diff < 0.05 && v.state_diff < 0.05 && v.energy_diff < 0.05,
        "peaks %.3g, state %.3g, books %.3g within 5 %%", v.peak_force_diff, v.state_diff,
        v.energy_diff);
  CHECK(!cs_sim_warnings(s)[0], "nothing flagged: %s", cs_sim_warnings(s));
  /* cs_verify on the run at hand gives the same verdict as cs_run_verify */
  cs_verify_result again;
  cs_error err;
  CHECK(cs_verify(s, &again, &err) == CS_OK && again.converged &&
            again.contacts_tight == v.contacts_tight && again.stats_tight.steps ==
            v.stats_tight.steps, "cs_verify agrees: %s", again.verdict);
  CHECK(cs_verify(NULL, &again, &err) == CS_ERR_ARGUMENT, "a NULL sim is refused");
  cs_sim_free(s);
  cs_model_free(m);
}

static void smooth(void)
{
  cs_model *m = load("models/pendulum.json", -1, 0, 0);
  cs_sim *s = NULL;
  cs_verify_result v = verified(m, &s);
  CHECK(v.converged && v.contacts == 0 && v.contacts_tight == 0, "pendulum: %s", v.verdict);
  CHECK(v.state_diff < 1e-5 && v.energy_diff < 1e-5, "pendulum: state %.3g and books %.3g "
        "apart, within 1e-5", v.state_diff, v.energy_diff);
  cs_sim_free(s);
  cs_model_free(m);
}

/* The main run's end seen by its progress callback; the tighter run's steps poll the interrupt
 * thousands of times after it, the main run's last step a few: stop at the 100th. */
typedef struct stopper {
  double t_end;
  int ended, polls;
} stopper;
static int note_end(const cs_sim *sim, void *user)
{
  stopper *k = user;
  k->ended |= cs_sim_time(sim) >= k->t_end;
  return 0;
}
static int stop_after_end(void *user)
{
  stopper *k = user;
  return k->ended && ++k->polls > 100;
}

/* Interrupted while verifying: the call says so, and the file still says the run completed
 * (it was marked "interrupted" though every row of the run was there). */
static void interrupted_verification(void)
{
  cs_model *m = load("models/pendulum.json", -1, 0, 0);
  stopper k = {cs_model_t_end(m), 0, 0};
  cs_run_options opt = {.output_path = "test_verify_interrupted.h5", .progress = note_end,
                        .progress_user = &k, .interrupt = stop_after_end, .interrupt_user = &k};
  cs_verify_result v;
  cs_sim *s = NULL;
  cs_error err;
  cs_status st = cs_run_verify(m, &opt, &v, &s, &err);
  CHECK(st == CS_ERR_INTERRUPTED && strstr(err.message, "while verifying"),
        "interrupted while verifying: %d %s", st, err.message);
  hid_t f = open_file(opt.output_path);
  CHECK(f >= 0 && text_attr_is(f, ".", "status", "complete"),
        "the file of a run whose verification was interrupted says complete");
  if (f >= 0)
    H5Fclose(f);
  remove(opt.output_path);
  cs_sim_free(s);
  cs_model_free(m);
}

int main(void)
{
  loose(CS_GGL, 1e-3, 1e-6, 43, "GGL's contact sequence is likely wrong");
  loose(CS_INDEX3, 1e-4, 1e-9, 43, "index3 leaves the velocities out of the error test");
  at_file_tolerance();
  smooth();
  interrupted_verification();
  return cs_test_finish();
}
