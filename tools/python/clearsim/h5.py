"""Run files: clearsim.open(path) reads what `clearsim run` (or Model.run(output=...)) wrote
into the same Result a run returns, through clearsim.runfile (the one reader of the layout,
engine/output/README.md's, which the tools use too)."""
import json
import math
import os

import numpy as np

from .errors import FileError
from .result import CORNER_SERIES, ENERGY, EVENT_FIELDS, JOINT_SERIES, Result, _event_dtype
from .runfile import Run, text


def open(path) -> Result:  # noqa: A001 (clearsim.open, as numpy's and h5py's)
    """The Result of a run file written by `clearsim run` or Model.run(output=...): the same
    arrays, names and units as the run gave (rows, events, energy books, joints, drivers,
    solver counters, status, warnings; verify when the run was verified). Raises
    clearsim.FileError naming the file when it is not a clearsim run file. Needs h5py.
    The file is read by clearsim.runfile.Run, as the tools read it."""
    run = Run(os.fspath(path))
    with run.file:
        if "status" not in run.file.attrs:
            raise FileError(f"{run.path}: not a clearsim run file (no status attribute; an "
                            "impact file or a sweep summary has its own reader)")
        r = _read(run)
    r.path = run.path
    return r


def _read(run):
    f, r = run.file, Result()
    a = f.attrs
    r.model_name, r.status = text(a["model_name"]), run.status
    r.message, r.warnings = run.message, text(a.get("warnings", ""))
    r.formulation = text(a["formulation"]) if "formulation" in a else None
    r.bodies, r.constraint_names, r.time = run.body_names, run.constraint_names, run.time
    r.positions, r.velocities, r.accelerations = (run.series("bodies/" + k) for k in
                                                  ("position", "velocity", "acceleration"))
    r.lambdas = run.series("constraints/lambda")
    r.drift = {k: run.series(f"constraints/{k}_drift") for k in ("position", "velocity")}
    r.energy = {k: run.series("energy/" + k) for k in ENERGY}
    r.drivers = {d: {"reaction": run.series(p)} for d, _, p in run.drivers()}
    r.joints = {}
    r._groups = {g: dict(f[g].attrs) for g in
                 [f"drivers/{d}" for d in r.drivers] + [f"joints/{j.name}" for j in run.joints()]}
    r.corners = {}
    for j in run.joints():
        r.joints[j.name] = {k: j[k] for k in JOINT_SERIES}
        if j.has("corners"):
            r.corners[j.name] = {k: j["corners/" + k] for k in CORNER_SERIES}
        for k in ("wear_depth", "wear_angle", "wear_position"):
            if j.has(k):
                r.joints[j.name][k] = j.group[k][()]
    r.clipped_steps = int(f["events"].attrs.get("clipped_steps", 0))
    ev = run.events() or {}
    n = len(ev.get("t_on", ()))
    r.events = np.zeros(n, dtype=_event_dtype(list(r.joints), ev.get("region", ()),
                                              ev.get("corner", ())))
    for k in ("joint", "region", "corner") + EVENT_FIELDS if n else ():
        if k in ev:  # a file of an older clearsim has no corner column
            r.events[k] = ev[k]
    r.stats = {k: v.item() if hasattr(v, "item") else v
               for k, v in f["solver"].attrs.items() if k != "linear_solver"} \
        if "solver" in f else {}
    r.t_final = float(a["t_final"]) if "t_final" in a else (r.time[-1] if len(r.time)
                                                            else math.nan)
    r.verify = ({k: (text(v) if isinstance(v, (bytes, str)) else v.item())
                 for k, v in f["verify"].attrs.items()} if "verify" in f else None)
    r.model_json = text(f["model"][()])
    return r


def model_of(path) -> dict:
    """The model a run file was run from (its /model, the edited document), as a dict."""
    run = Run(os.fspath(path))
    with run.file:
        return json.loads(text(run.file["model"][()]))
