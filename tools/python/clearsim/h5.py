"""Run files: clearsim.open(path) reads what `clearsim run` (or Model.run(output=...)) wrote
into the same Result a run returns. The layout is engine/output/README.md's; h5py reads it."""
import json
import math
import os

import numpy as np

from .errors import FileError
from .result import ENERGY, EVENT_FIELDS, JOINT_SERIES, Result, _event_dtype


def _text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def open(path) -> Result:  # noqa: A001 (clearsim.open, as numpy's and h5py's)
    """The Result of a run file written by `clearsim run` or Model.run(output=...): the same
    arrays, names and units as the run gave (rows, events, energy books, joints, drivers,
    solver counters, status, warnings; verify when the run was verified). Raises
    clearsim.FileError naming the file when it is not a clearsim run file. Needs h5py."""
    try:
        import h5py
    except ImportError:
        raise ImportError("clearsim.open needs h5py (Debian: apt-get install python3-h5py)") \
            from None
    path = os.fspath(path)
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise FileError(f"{path}: cannot open as HDF5: {e}") from None
    with f:
        if "time" not in f or "bodies" not in f or "status" not in f.attrs:
            raise FileError(f"{path}: not a clearsim run file (no /time, /bodies or status "
                            "attribute; an impact file or a sweep summary has its own reader)")
        return _read(f)


def _read(f):
    r = Result()
    a = f.attrs
    r.model_name, r.status = _text(a["model_name"]), _text(a["status"])
    r.message, r.warnings = _text(a.get("message", "")), _text(a.get("warnings", ""))
    r.formulation = _text(a["formulation"]) if "formulation" in a else None
    r.bodies = [_text(b) for b in f["bodies/names"][()]]
    r.time = f["time"][()]
    r.positions, r.velocities, r.accelerations = (f["bodies/" + k][()] for k in
                                                  ("position", "velocity", "acceleration"))
    r.lambdas = f["constraints/lambda"][()]
    r.constraint_names = [_text(n) for n in f["constraints/names"][()]]
    r.drift = {k: f[f"constraints/{k}_drift"][()] for k in ("position", "velocity")}
    r.energy = {k: f["energy/" + k][()] for k in ENERGY}
    r.drivers = {d: {"reaction": g["reaction"][()]} for d, g in f.get("drivers", {}).items()}
    r.joints = {}
    for j, g in f.get("joints", {}).items():
        r.joints[j] = {k: g[k][()] for k in JOINT_SERIES}
        for k in ("wear_depth", "wear_angle", "wear_position"):
            if k in g:
                r.joints[j][k] = g[k][()]
    ev = f["events"]
    r.clipped_steps = int(ev.attrs.get("clipped_steps", 0))
    n = len(ev["t_on"]) if "t_on" in ev else 0
    r.events = np.zeros(n, dtype=_event_dtype(list(r.joints)))
    if n:
        r.events["joint"] = [_text(v) for v in ev["joint"][()]]
        r.events["region"] = [_text(v) for v in ev["region"][()]]
        for k in EVENT_FIELDS:
            r.events[k] = ev[k][()]
    r.stats = {k: v.item() if hasattr(v, "item") else v
               for k, v in f["solver"].attrs.items() if k != "linear_solver"} \
        if "solver" in f else {}
    r.t_final = float(a["t_final"]) if "t_final" in a else (r.time[-1] if len(r.time)
                                                            else math.nan)
    r.verify = ({k: (_text(v) if isinstance(v, (bytes, str)) else v.item())
                 for k, v in f["verify"].attrs.items()} if "verify" in f else None)
    r.model_json = _text(f["model"][()])
    return r


def model_of(path) -> dict:
    """The model a run file was run from (its /model, the edited document), as a dict."""
    import h5py
    with h5py.File(os.fspath(path), "r") as f:
        return json.loads(_text(f["model"][()]))
