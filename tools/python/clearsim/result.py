"""A run's rows: clearsim.Result."""
import numpy as np

JOINT_SERIES = ("eccentricity", "penetration", "penetration_rate", "normal_force",
                "tangential_force", "rolling_torque", "contact_point", "in_contact",
                "impact_velocity", "region", "film_force", "eccentricity_ratio",
                "min_film_thickness", "film_regime", "wear_volume")
ENERGY = ("kinetic", "potential", "strain", "dissipated", "driver_work", "applied_work",
          "balance_error")
FORMULATIONS = ("index3", "ggl", "projected", "auto")  # cs_formulation's order
EVENT_FIELDS = ("t_on", "t_off", "impact_velocity", "max_penetration", "max_force")


def _event_dtype(names):
    width = max([len(n) for n in names] + [1])
    return np.dtype([("joint", f"U{width}"), ("region", "U16")]
                    + [(f, float) for f in EVENT_FIELDS])


class Result:
    """A run's rows, as numpy arrays (the HDF5 file's series, same names and units):

    time (N,); position/velocity/acceleration(body) (N, 3): x, y, theta and their rates;
    positions/velocities/accelerations (N, bodies, 3); lambdas (N, rows) with
    constraint_names; drift["position"|"velocity"]; energy[kinetic|potential|strain|
    dissipated|driver_work|applied_work|balance_error]; joint(name) a clearance joint's
    series (eccentricity (N, 2), penetration, penetration_rate, normal_force,
    tangential_force, rolling_torque, contact_point (N, 2), in_contact, impact_velocity,
    region, film_force (N, 2), eccentricity_ratio, min_film_thickness, film_regime,
    wear_volume; a worn joint's wear_depth and wear_angle, or a slot's wear_position, (bins,) at
    the end) or a driver's {"reaction"}; events: one row per contact (joint, region, t_on,
    t_off, impact_velocity, max_penetration, max_force); status ("complete",
    "interrupted", "failed"), message, warnings, stats (solver counters), t_final;
    verify, the verdict of Model.run(verify=True) (None without)."""

    verify = None

    def _body(self, body):
        if isinstance(body, str):
            try:
                return self.bodies.index(body)
            except ValueError:
                raise KeyError(f"no body named {body!r} (bodies: {', '.join(self.bodies)})") \
                    from None
        return body

    def position(self, body):
        return self.positions[:, self._body(body), :]

    def velocity(self, body):
        return self.velocities[:, self._body(body), :]

    def acceleration(self, body):
        return self.accelerations[:, self._body(body), :]

    def joint(self, name):
        if name in self.joints:
            return self.joints[name]
        if name in self.drivers:
            return self.drivers[name]
        raise KeyError(f"no clearance joint or driver named {name!r} (clearance joints: "
                       f"{', '.join(self.joints) or 'none'}; drivers: "
                       f"{', '.join(self.drivers) or 'none'})")

    def reaction(self, driver):
        return self.joint(driver)["reaction"]

    def __repr__(self):
        return (f"<clearsim.Result {self.model_name}: {self.status}, {len(self.time)} rows to "
                f"t = {self.t_final:.6g} s, {len(self.events)} contacts>")
