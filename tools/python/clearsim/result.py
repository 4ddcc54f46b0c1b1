"""A run's rows: clearsim.Result."""
from __future__ import annotations

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

    def position(self, body: str | int) -> np.ndarray:
        """(N, 3): x (m), y (m), theta (rad) of a body, by name or index."""
        return self.positions[:, self._body(body), :]

    def velocity(self, body: str | int) -> np.ndarray:
        """(N, 3): the rates of x, y (m/s) and theta (rad/s) of a body, by name or index."""
        return self.velocities[:, self._body(body), :]

    def acceleration(self, body: str | int) -> np.ndarray:
        """(N, 3): the second derivatives of x, y (m/s^2) and theta (rad/s^2) of a body."""
        return self.accelerations[:, self._body(body), :]

    def joint(self, name: str) -> dict[str, np.ndarray]:
        """A clearance joint's series by name (see the class doc), or a driver's {"reaction"}."""
        if name in self.joints:
            return self.joints[name]
        if name in self.drivers:
            return self.drivers[name]
        raise KeyError(f"no clearance joint or driver named {name!r} (clearance joints: "
                       f"{', '.join(self.joints) or 'none'}; drivers: "
                       f"{', '.join(self.drivers) or 'none'})")

    def reaction(self, driver: str) -> np.ndarray:
        """(N,): a driver's reaction, N*m for an angle driver, N for a translation driver."""
        return self.joint(driver)["reaction"]

    def units(self) -> dict:
        """The unit of every column of to_dataframe(), by column name ("rod.x": "m")."""
        return {name: unit for name, unit, _ in _columns(self)}

    def to_dataframe(self) -> "pandas.DataFrame":  # noqa: F821
        """Every series as a pandas DataFrame indexed by time (s): one column per body
        coordinate ("rod.x", "rod.vx", "rod.alpha"), constraint multiplier ("lambda.A.x"),
        energy book ("energy.kinetic"), driver reaction ("motor.reaction") and clearance-joint
        series ("C.normal_force", "C.eccentricity.x"); the units are in df.attrs["units"]
        (also Result.units()). Needs pandas (Debian: python3-pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Result.to_dataframe() needs pandas (Debian: apt-get install "
                              "python3-pandas); the arrays are on the Result itself") from None
        cols = list(_columns(self))
        df = pd.DataFrame({name: v for name, _, v in cols},
                          index=pd.Index(self.time, name="time"))
        df.attrs["units"] = {name: unit for name, unit, _ in cols}
        df.attrs["units"]["time"] = "s"
        return df

    def __repr__(self):
        return (f"<clearsim.Result {self.model_name}: {self.status}, {len(self.time)} rows to "
                f"t = {self.t_final:.6g} s, {len(self.events)} contacts>")


# The units of each series, as the HDF5 writer's "units" attributes give them
# (tests/python/test_python_api.py holds the two to each other).
BODY_UNITS = {"position": ("m", "m", "rad"), "velocity": ("m/s", "m/s", "rad/s"),
              "acceleration": ("m/s^2", "m/s^2", "rad/s^2")}
JOINT_UNITS = {"eccentricity": "m", "penetration": "m", "penetration_rate": "m/s",
               "normal_force": "N", "tangential_force": "N", "rolling_torque": "N*m",
               "contact_point": "m", "in_contact": "1", "impact_velocity": "m/s",
               "region": "1", "film_force": "N", "eccentricity_ratio": "1",
               "min_film_thickness": "m", "film_regime": "1", "wear_volume": "m^3"}
_BODY_COLUMNS = {"position": ("x", "y", "theta"), "velocity": ("vx", "vy", "omega"),
                 "acceleration": ("ax", "ay", "alpha")}


def _columns(r):
    """(name, unit, values) of every series of r, one column each (vectors split by x, y)."""
    for kind, names in _BODY_COLUMNS.items():
        block = getattr(r, {"position": "positions", "velocity": "velocities",
                            "acceleration": "accelerations"}[kind])
        for b, body in enumerate(r.bodies):
            for c, (n, u) in enumerate(zip(names, BODY_UNITS[kind])):
                yield f"{body}.{n}", u, block[:, b, c]
    for k, name in enumerate(r.constraint_names or
                             [f"row{k}" for k in range(r.lambdas.shape[1])]):
        yield f"lambda.{name}", "N or N*m", r.lambdas[:, k]
    for k in ("position", "velocity"):
        yield f"drift.{k}", "m or rad" if k == "position" else "m/s or rad/s", r.drift[k]
    for k, v in r.energy.items():
        yield f"energy.{k}", "J", v
    for d, series in r.drivers.items():
        yield f"{d}.reaction", "N or N*m", series["reaction"]
    for j, series in r.joints.items():
        for k in JOINT_SERIES:
            v = series[k]
            if v.ndim == 2:
                yield f"{j}.{k}.x", JOINT_UNITS[k], v[:, 0]
                yield f"{j}.{k}.y", JOINT_UNITS[k], v[:, 1]
            else:
                yield f"{j}.{k}", JOINT_UNITS[k], v
