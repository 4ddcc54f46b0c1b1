"""Parameter studies from Python: clearsim.sweep(model, {pointer: values}) → a table, one row
per case, with the figures `clearsim sweep` writes to its summary (tools/cli/sweep/README.md),
computed from the same quantities."""
from __future__ import annotations

import itertools
import math
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence

import numpy as np

from .errors import Error
from .model import Model

MODES = ("grid", "zip")


def _cases(values: dict[str, Sequence], mode: str) -> list[dict]:
    if mode not in MODES:
        raise ValueError(f"sweep: mode {mode!r}: expected one of {', '.join(MODES)}")
    if not values:
        raise ValueError("sweep: no parameter to vary (values maps JSON pointers to lists)")
    ptrs = list(values)
    lists = []
    for p in ptrs:
        v = values[p]
        if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or len(v) == 0:
            raise ValueError(f"sweep: values[{p!r}] must be a non-empty list of values")
        lists.append(list(v))
    if mode == "zip":
        n = {len(v) for v in lists}
        if len(n) != 1:
            raise ValueError("sweep: mode 'zip' needs lists of one length, got "
                             + ", ".join(f"{p}: {len(v)}" for p, v in zip(ptrs, lists)))
        combos = zip(*lists)
    else:
        combos = itertools.product(*lists)
    return [dict(zip(ptrs, c)) for c in combos]


def _figures(r) -> dict:
    """The summary's figures of one run (tools/cli/sweep/sweep_case.c computes the same)."""
    row = {"t_final": r.t_final, "steps": r.stats.get("steps", 0),
           "wall_time": r.stats.get("wall_time", math.nan),
           "energy_balance_error": float(np.max(np.abs(r.energy["balance_error"])))
           if len(r.time) else math.nan}
    for j in r.joints:
        mine = r.events[r.events["joint"] == j]
        row[f"{j}.max_force"] = float(mine["max_force"].max()) if len(mine) else 0.0
        row[f"{j}.max_penetration"] = float(mine["max_penetration"].max()) if len(mine) else 0.0
        row[f"{j}.contacts"] = len(mine)
    for d, s in r.drivers.items():
        y, t = s["reaction"], r.time
        row[f"{d}.max_abs_reaction"] = float(np.max(np.abs(y))) if len(y) else math.nan
        span = t[-1] - t[0] if len(t) > 1 else 0.0
        row[f"{d}.rms_reaction"] = (math.sqrt(np.trapz(y * y, t) / span) if span > 0
                                    else (abs(y[0]) if len(y) else math.nan))
    return row


def sweep(model: Model | str | os.PathLike, values: dict[str, Sequence], *, mode: str = "grid",
          jobs: int | None = None, t_end: float | None = None,
          progress: Callable[[int, int], None] | None = None) -> "pandas.DataFrame | list[dict]":  # noqa: F821
    """Run the model once per combination of values and return a table, one row per case.

    model: a clearsim.Model or a model file's path. values: {JSON pointer: [values]}, e.g.
    {"/clearance_joints/0/hole_radius": [0.0101, 0.0102], "/drivers/0/motion/velocity":
    [104.7, 523.6]}; mode "grid" (every combination, the last pointer fastest) or "zip" (the
    lists side by side). jobs: threads running cases at once (default: the cores; runs release
    the GIL). t_end overrides the model's end time. progress(done, total) is called as cases
    finish.

    Columns: one per pointer (its value), then status ("complete", "failed", "suspect" when
    the run's own evidence warns, as `clearsim sweep` says), message, t_final, steps,
    wall_time, energy_balance_error (max |balance error|, J), per clearance joint
    "<joint>.max_force" (N), ".max_penetration" (m), ".contacts", per driver
    "<driver>.max_abs_reaction" and ".rms_reaction" (N·m or N) — the figures `clearsim sweep`
    writes. A pandas DataFrame (units in df.attrs["units"]) when pandas is installed, else a
    list of dicts. A case that fails is a row with its message, never an exception; a bad
    pointer or value raises clearsim.InputError before any case runs."""
    base = model if isinstance(model, Model) else Model.from_file(model)
    cases = _cases(values, mode)
    models = [base.with_values(c) for c in cases]  # every edit checked before any run
    done = [0]

    def one(k):
        m = models[k]
        row = dict(cases[k])
        try:
            r = m.run(t_end=t_end)
            row["status"] = "suspect" if r.warnings else "complete"
            row["message"] = r.warnings
        except Error as e:
            r = e.result
            row["status"], row["message"] = "failed", str(e)
        finally:
            m.close()
        if r is not None:
            row.update(_figures(r))
        done[0] += 1
        if progress is not None:
            progress(done[0], len(cases))
        return row

    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        rows = list(pool.map(one, range(len(cases))))
    if base is not model:
        base.close()
    return _table(rows, list(values))


def _unit(col: str) -> str:
    leaf = col.rpartition(".")[2]
    return {"t_final": "s", "wall_time": "s", "steps": "1", "energy_balance_error": "J",
            "max_force": "N", "max_penetration": "m", "contacts": "1",
            "max_abs_reaction": "N*m or N", "rms_reaction": "N*m or N"}.get(leaf, "")


def _table(rows: list[dict], params: list[str]):
    cols = params + ["status", "message"]
    for r in rows:
        cols += [k for k in r if k not in cols]
    try:
        import pandas as pd
    except ImportError:
        return rows
    df = pd.DataFrame([{c: r.get(c, math.nan) for c in cols} for r in rows], columns=cols)
    df.attrs["units"] = {c: _unit(c) for c in cols if _unit(c)}
    return df
