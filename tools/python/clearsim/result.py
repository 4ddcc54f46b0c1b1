"""A run's rows: clearsim.Result."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from .runfile import Run, Store, text

if TYPE_CHECKING:  # annotations only: matplotlib is imported when a figure is drawn
    import matplotlib.axes
    import matplotlib.figure

JOINT_SERIES = ("eccentricity", "penetration", "penetration_rate", "normal_force",
                "tangential_force", "rolling_torque", "contact_point", "in_contact",
                "impact_velocity", "region", "film_force", "eccentricity_ratio",
                "min_film_thickness", "film_regime", "wear_volume")
ENERGY = ("kinetic", "potential", "strain", "dissipated", "driver_work", "applied_work",
          "balance_error")
FORMULATIONS = ("index3", "ggl", "projected", "auto")  # cs_formulation's order
EVENT_FIELDS = ("t_on", "t_off", "impact_velocity", "max_penetration", "max_force")
# A joint's series of each of its contact points (/joints/<name>/corners), [N, K]
CORNER_SERIES = ("penetration", "penetration_rate", "normal_force", "tangential_force",
                 "contact_point", "in_contact", "impact_velocity", "region")


def _event_dtype(joints, regions=(), corners=()):
    """The events' dtype, its text columns as wide as the longest of their names."""
    def width(names):
        return max([len(n) for n in names] + [1])
    return np.dtype([("joint", f"U{width(joints)}"), ("region", f"U{width(regions)}"),
                     ("corner", f"U{width(corners)}")] + [(f, float) for f in EVENT_FIELDS])


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
    the end) or a driver's {"reaction"}; corner(joint, corner) the series of one of a
    joint's contact points (a translational joint's corners, a profile's walls or pairs; the
    joint's own series are its leading one's), corners[joint] all of them ({penetration
    (N, K), …, contact_point (N, K, 2)}, joints of K > 1 only; their names:
    corner_names(joint)); events: one
    row per contact (joint, region, corner, t_on, t_off, impact_velocity, max_penetration,
    max_force); status ("complete",
    "interrupted", "failed"), message, warnings, stats (solver counters), t_final;
    verify, the verdict of Model.run(verify=True) (None without); path, the run file of
    clearsim.open (None for a run kept in memory).

    Figures: plot(kind, ...) draws any figure of tools/viz/plot with the same code
    (clearsim.figures); plot_force_cycles, plot_torque_cycles, plot_energy and plot_orbit are
    the usual ones. They return a matplotlib Figure (matplotlib is imported then)."""

    verify = None
    path = None
    corners: dict = {}
    _groups: dict = {}  # attributes of the file's groups: joints/<name>, drivers/<name>

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

    def corner_names(self, joint: str) -> list[str]:
        """A clearance joint's contact points by name: a translational joint's "front_top",
        "rear_top", "rear_bottom", "front_bottom"; a profile's "wall 0", …; a follower
        outline's pairs ("follower corner (0.02, 0) on wall 1"); else ["pin"]."""
        if joint not in self.joints:
            self.joint(joint)  # the KeyError naming what there is
            raise KeyError(f"{joint!r} is a driver, which has no contact points")
        return text(self._groups.get("joints/" + joint, {}).get("corners", "pin")).split("; ")

    def corner(self, joint: str, corner: str | int = 0) -> dict[str, np.ndarray]:
        """One contact point's series of a clearance joint, by name (corner_names) or index:
        penetration, penetration_rate, normal_force, tangential_force, contact_point (N, 2),
        in_contact, impact_velocity, region. A joint of one contact point has only corner
        0, whose series are the joint's own."""
        names = self.corner_names(joint)
        if isinstance(corner, str):
            if corner not in names:
                raise KeyError(f"joint {joint!r} has no contact point {corner!r} (it has: "
                               f"{'; '.join(names)})")
            corner = names.index(corner)
        if not 0 <= corner < len(names):
            raise IndexError(f"joint {joint!r} has {len(names)} contact point(s), not a "
                             f"corner {corner}")
        block = self.corners.get(joint)
        if block is None:
            return {k: self.joints[joint][k] for k in CORNER_SERIES}
        return {k: block[k][:, corner] for k in CORNER_SERIES}

    def reaction(self, driver: str) -> np.ndarray:
        """(N,): a driver's reaction, N*m for an angle driver, N for a translation driver."""
        return self.joint(driver)["reaction"]

    def units(self) -> dict:
        """The unit of every column of to_dataframe(), by column name ("rod.x": "m")."""
        return {name: unit for name, unit, _ in _columns(self)}

    def to_dataframe(self) -> "pandas.DataFrame":
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

    def plot(self, kind: str, joint: str | None = None, *, t_start: float | None = None,
             ideal: Result | str | os.PathLike | None = None,
             ax: matplotlib.axes.Axes | None = None) -> matplotlib.figure.Figure:
        """One figure of tools/viz/plot, drawn by the same code (clearsim.figures). kind: for
        the run "coordinates", "lambda", "drivers", "energy", "drift", "events",
        "torque_cycles"; per clearance joint (joint: its name, the only one by default)
        "orbit", "tilt", "contact", "contact_angle", "corners", "force_cycles", "hysteresis",
        "film", "film_orbit", "wear", "wear_profile" (clearsim.figures.FIGURES says what each shows;
        film and film_orbit need the run's file, clearsim.open, which holds the boundary
        film). t_start (s) drops the rows and contacts before it (the transient); ideal, a
        Result or run file of the same mechanism with ideal joints, is drawn under
        force_cycles and torque_cycles (its last whole turn); ax, a matplotlib Axes to draw
        into, for the one-panel kinds (orbit, force_cycles, torque_cycles, hysteresis,
        film_orbit). Returns the Figure. ValueError for an unknown kind or joint, or a
        figure this run cannot give (force_cycles without an angle driver)."""
        from . import figures
        if kind in ("film", "film_orbit") and self.path is None:
            raise ValueError(f"{kind} needs the run's file, which holds the boundary film h_b: "
                             "Model.run(output=...) then clearsim.open(path).plot(...)")
        run = self._run(t_start)
        if isinstance(ideal, Result):
            run.ideal = ideal._run(t_start)
        elif ideal is not None:
            run.ideal = Run(os.fspath(ideal), t_start)
        return figures.draw(run, kind, joint, ax)

    def plot_force_cycles(self, joint: str | None = None, *, t_start: float | None = None,
                          ideal: Result | str | os.PathLike | None = None,
                          ax: matplotlib.axes.Axes | None = None
                          ) -> matplotlib.figure.Figure:
        """A clearance joint's normal contact force against the crank angle within its turn
        (0-360 deg), one line per turn coloured by turn, over the ideal joint's |reaction|
        (ideal), the peak of the rows and the event table's labelled: plot("force_cycles")."""
        return self.plot("force_cycles", joint, t_start=t_start, ideal=ideal, ax=ax)

    def plot_torque_cycles(self, *, t_start: float | None = None,
                           ideal: Result | str | os.PathLike | None = None,
                           ax: matplotlib.axes.Axes | None = None
                           ) -> matplotlib.figure.Figure:
        """The angle driver's torque against the crank angle within its turn, one line per
        turn, over the ideal mechanism's (ideal): plot("torque_cycles")."""
        return self.plot("torque_cycles", t_start=t_start, ideal=ideal, ax=ax)

    def plot_energy(self, *, t_start: float | None = None
                    ) -> matplotlib.figure.Figure:
        """The energy books against time, and their balance error below: plot("energy")."""
        return self.plot("energy", t_start=t_start)

    def plot_orbit(self, joint: str | None = None, *, t_start: float | None = None,
                   ax: matplotlib.axes.Axes | None = None
                   ) -> matplotlib.figure.Figure:
        """A clearance joint's pin-centre orbit in its clearance circle (or slot, the gap
        magnified by the factor the title states), contacts marked: plot("orbit")."""
        return self.plot("orbit", joint, t_start=t_start, ax=ax)

    def _run(self, t_start=None):
        """This result as clearsim.runfile.Run reads its file (a Store of its arrays)."""
        return Run(self.path or self.model_name, t_start, store=self._store())

    def _store(self):
        st = Store({"model_name": self.model_name, "status": self.status,
                    "message": self.message, "warnings": self.warnings})
        st.add("time", self.time, {"units": "s"}, series=True)
        for kind, block in (("position", self.positions), ("velocity", self.velocities),
                            ("acceleration", self.accelerations)):
            st.add("bodies/" + kind, block, {"components": "x, y, theta",
                                             "units": ", ".join(BODY_UNITS[kind])}, True)
        st.add("bodies/names", np.array(self.bodies, dtype=str))
        st.add("constraints/lambda", self.lambdas, series=True)
        st.add("constraints/names", np.array(self.constraint_names, dtype=str))
        for k, v in self.drift.items():
            st.add(f"constraints/{k}_drift", v, series=True)
        for k, v in self.energy.items():
            st.add("energy/" + k, v, {"units": "J"}, True)
        for d, series in self.drivers.items():
            attrs = self._groups.get("drivers/" + d, {})
            st.add("drivers/" + d, None, attrs)
            unit = "N*m" if attrs.get("joint_kind") == "angle driver" else "N"
            st.add(f"drivers/{d}/reaction", series["reaction"], {"units": unit}, True)
        for j, series in self.joints.items():
            st.add("joints/" + j, None, self._groups.get("joints/" + j, {}))
            for k, v in series.items():
                st.add(f"joints/{j}/{k}", v, {"units": JOINT_UNITS.get(k, "")},
                       k in JOINT_SERIES)
        for j, block in self.corners.items():
            for k in CORNER_SERIES:
                st.add(f"joints/{j}/corners/{k}", block[k], {"units": JOINT_UNITS[k]}, True)
        for k in self.events.dtype.names:
            st.add("events/" + k, self.events[k])
        st.add("model", np.array(self.model_json))
        return st

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
            yield from _split(f"{j}.{k}", JOINT_UNITS[k], series[k])
    for j, block in r.corners.items():
        for c, name in enumerate(r.corner_names(j)):
            for k in CORNER_SERIES:
                yield from _split(f"{j}.{name}.{k}", JOINT_UNITS[k], block[k][:, c])


def _split(name, unit, v):
    """A series as columns: a vector's x and y apart."""
    if v.ndim == 2:
        yield f"{name}.x", unit, v[:, 0]
        yield f"{name}.y", unit, v[:, 1]
    else:
        yield name, unit, v
