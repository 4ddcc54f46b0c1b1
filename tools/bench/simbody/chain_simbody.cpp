/* chain_simbody — tools/bench/chain's N-link pendulum chain in Simbody, for tools/bench-simbody.
 *
 *   chain_simbody N [--integrator rkm|rkf|rk3|rk2|cpodes|verlet] [--accuracy A] [--t-end T]
 *
 * The chain is tools/bench/chain's ideal chain: N uniform bars (0.1 m, 0.1 kg, inertia m l^2/12 about
 * the centre), the first pinned to the ground at the origin, each next one pinned to the end of
 * the one before (MobilizedBody::Pin: Simbody's joint coordinates are the relative angles), gravity
 * 9.81 m/s^2 in -y; it starts horizontal along +x, turning rigidly at -2 rad/s about the ground
 * pin (u = -2 on the first pin, 0 on the others). Simbody is a recursive O(N) engine on a tree:
 * no constraint rows, so no projection.
 *
 * It integrates to T (default 0.02 s) with the chosen integrator (default Runge-Kutta-Merson,
 * Simbody's default) at accuracy A (Integrator::setAccuracy, default 1e-6) and prints one JSON
 * object on stdout: steps taken and attempted, realizations, the integration time (a steady clock
 * around the stepping loop only: building the system and initializing the integrator are not
 * timed, as clearsim's /solver wall_time leaves out loading and assembly), time per step, and the
 * end state as every bar's absolute angle (sum of the pin angles up to it, rad) and rate (rad/s),
 * bar 0 first — the same quantities as clearsim's /bodies/position[..., 2] and velocity[..., 2].
 *
 * Simbody is a benchmark dependency only: tools/CMakeLists.txt builds this program when
 * find_package(Simbody) succeeds (Debian: apt-get install libsimbody-dev).
 */
#include <Simbody.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace SimTK;

namespace {

const Real LINK = 0.1, MASS = 0.1, OMEGA0 = -2.0, GRAVITY = 9.81;

struct Options {
  int n = 0;
  std::string integrator = "rkm";
  Real accuracy = 1e-6;
  Real t_end = 0.02;
};

void usage(FILE *to) {
  std::fprintf(to,
               "usage: chain_simbody N [--integrator rkm|rkf|rk3|rk2|cpodes|verlet]"
               " [--accuracy A] [--t-end T]\n"
               "  tools/bench/chain's N-link ideal pendulum chain in Simbody; prints one JSON object\n"
               "  (steps, integration time, end angles and rates). Default: rkm, 1e-6, 0.02 s.\n");
}

/* A positive number from argv, or an error naming the option. */
bool positive(const char *opt, const char *text, Real *out) {
  char *end = nullptr;
  double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(v > 0.0)) {
    std::fprintf(stderr, "chain_simbody: %s: expected a number > 0, got '%s'\n", opt, text);
    return false;
  }
  *out = v;
  return true;
}

bool parse(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(a, "-h") || !std::strcmp(a, "--help")) {
      usage(stdout);
      std::exit(0);
    } else if (!std::strcmp(a, "--integrator") && has_value) {
      o->integrator = argv[++i];
    } else if (!std::strcmp(a, "--accuracy") && has_value) {
      if (!positive(a, argv[++i], &o->accuracy)) return false;
    } else if (!std::strcmp(a, "--t-end") && has_value) {
      if (!positive(a, argv[++i], &o->t_end)) return false;
    } else if (a[0] != '-' && o->n == 0) {
      char *end = nullptr;
      long n = std::strtol(a, &end, 10);
      if (end == a || *end != '\0' || n < 1 || n > 1000000) {
        std::fprintf(stderr, "chain_simbody: N: expected a whole number >= 1, got '%s'\n", a);
        return false;
      }
      o->n = (int)n;
    } else {
      std::fprintf(stderr, "chain_simbody: unexpected argument '%s'\n", a);
      return false;
    }
  }
  if (o->n == 0) {
    std::fprintf(stderr, "chain_simbody: give N, the number of links\n");
    return false;
  }
  return true;
}

std::unique_ptr<Integrator> make_integrator(const std::string &name, const MultibodySystem &sys) {
  if (name == "rkm") return std::unique_ptr<Integrator>(new RungeKuttaMersonIntegrator(sys));
  if (name == "rkf") return std::unique_ptr<Integrator>(new RungeKuttaFeldbergIntegrator(sys));
  if (name == "rk3") return std::unique_ptr<Integrator>(new RungeKutta3Integrator(sys));
  if (name == "rk2") return std::unique_ptr<Integrator>(new RungeKutta2Integrator(sys));
  if (name == "cpodes") return std::unique_ptr<Integrator>(new CPodesIntegrator(sys));
  if (name == "verlet") return std::unique_ptr<Integrator>(new VerletIntegrator(sys));
  return nullptr;
}

int run(const Options &o) {
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, -GRAVITY, 0));

  /* A bar along its body x axis, origin at its centre; only Izz acts in the plane, the
   * others just make a valid (triangle-inequality) inertia. */
  const Real izz = MASS * LINK * LINK / 12.0;
  Body::Rigid bar(MassProperties(MASS, Vec3(0), Inertia(izz * 1e-3, izz, izz)));
  std::vector<MobilizedBody::Pin> pins;
  pins.reserve(o.n);
  const Transform tip(Vec3(0.5 * LINK, 0, 0)), tail(Vec3(-0.5 * LINK, 0, 0));
  for (int i = 0; i < o.n; ++i) {
    if (i == 0)
      pins.emplace_back(matter.Ground(), Transform(), bar, tail);
    else
      pins.emplace_back(pins.back(), tip, bar, tail);
  }

  State state = system.realizeTopology();
  pins[0].setOneU(state, 0, OMEGA0);  /* q = 0: horizontal; the others turn with it */

  std::unique_ptr<Integrator> integ = make_integrator(o.integrator, system);
  if (!integ) {
    std::fprintf(stderr, "chain_simbody: --integrator: expected rkm, rkf, rk3, rk2, cpodes or"
                         " verlet, got '%s'\n", o.integrator.c_str());
    return 2;
  }
  integ->setAccuracy(o.accuracy);
  integ->setFinalTime(o.t_end);
  integ->initialize(state);

  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    Integrator::SuccessfulStepStatus s = integ->stepTo(o.t_end);
    if (s == Integrator::EndOfSimulation || integ->getTime() >= o.t_end) break;
    if (s == Integrator::StartOfContinuousInterval || s == Integrator::ReachedReportTime ||
        s == Integrator::ReachedScheduledEvent || s == Integrator::TimeHasAdvanced ||
        s == Integrator::ReachedStepLimit)
      continue;
    break;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const State &end = integ->getState();
  if (integ->getTime() < o.t_end * (1 - 1e-12)) {
    std::fprintf(stderr, "chain_simbody: integration stopped at t = %.17g of %.17g (%s)\n",
                 integ->getTime(), o.t_end,
                 Integrator::getTerminationReasonString(integ->getTerminationReason()).c_str());
    return 1;
  }
  const long steps = (long)integ->getNumStepsTaken();
  int major = 0, minor = 0, build = 0;
  SimTK_version_simbody(&major, &minor, &build);
  std::printf("{\"engine\": \"simbody\", \"version\": \"%d.%d.%d\", \"n\": %d, \"integrator\": \"%s\","
              " \"method\": \"%s\", \"accuracy\": %.6g, \"t_end\": %.17g, \"t\": %.17g,"
              " \"steps\": %ld, \"attempts\": %ld, \"realizations\": %ld, \"wall_time\": %.9g,"
              " \"time_per_step\": %.9g,\n \"angle\": [",
              major, minor, build, o.n,
              o.integrator.c_str(), integ->getMethodName(), o.accuracy, o.t_end, integ->getTime(),
              steps, (long)integ->getNumStepsAttempted(), (long)integ->getNumRealizations(), wall,
              wall / (steps > 0 ? steps : 1));
  Real angle = 0;
  for (int i = 0; i < o.n; ++i) {
    angle += pins[i].getOneQ(end, 0);
    std::printf("%s%.17g", i ? ", " : "", angle);
  }
  std::printf("],\n \"rate\": [");
  Real rate = 0;
  for (int i = 0; i < o.n; ++i) {
    rate += pins[i].getOneU(end, 0);
    std::printf("%s%.17g", i ? ", " : "", rate);
  }
  std::printf("]}\n");
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  Options o;
  if (!parse(argc, argv, &o)) {
    usage(stderr);
    return 2;
  }
  try {
    return run(o);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "chain_simbody: Simbody: %s\n", e.what());
    return 1;
  }
}
