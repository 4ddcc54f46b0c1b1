"""Models and runs: clearsim.Model, clearsim.Result."""
from __future__ import annotations

import contextlib
import ctypes
import json
import math
import os
import threading
from ctypes import byref, c_double, c_int, c_void_p

import numpy as np

from . import _lib
from ._owned import Owned
from typing import TYPE_CHECKING, Callable
from ._lib import lib, text
from .errors import Interrupted, error

if TYPE_CHECKING:
    from .registry import Registry

from .result import (CORNER_SERIES, ENERGY, EVENT_FIELDS, FORMULATIONS, JOINT_SERIES, Result,
                     _event_dtype)


class Model(Owned):
    """A loaded, validated mechanism (cs_model). Build it with from_file, from_dict or
    from_json; a bad input raises clearsim.InputError naming the file and the JSON path."""

    def __init__(self, handle, origin, registry=None):
        """(A model is made by from_file, from_json or from_dict: registry is attached.)"""
        self._h = c_void_p(handle)
        self.origin = origin
        self.registry = registry  # its laws must outlive the model (attached by _load)
        self._users = {}          # thread → calls into the library it has under way
        self._owned()

    @classmethod
    def _load(cls, origin, registry, load):
        """load(registry handle, out, err) → status; the registry is attached first, so that
        closing it meanwhile (another thread) cannot free it under the loader."""
        if registry is not None:
            registry._attach()
        h, err = c_void_p(), _lib.cs_error()
        try:
            st = load(registry._h if registry is not None else None, byref(h), byref(err))
        except BaseException:
            if registry is not None:
                registry._detach()
            raise
        if st:
            if registry is not None:
                registry._detach()
            raise error(st, text(err.message), origin)
        return cls(h.value, origin, registry)

    @classmethod
    def from_file(cls, path: str | os.PathLike, registry: Registry | None = None) -> Model:
        """The model of a JSON file. registry: a clearsim.Registry with laws of your own
        (default: the catalogue). Bad input raises clearsim.InputError naming the file and
        the JSON path."""
        path = os.fspath(path)
        c_path = _lib.cstr(path, "path")
        return cls._load(path, registry, lambda reg, h, err:
                         lib.cs_model_load_file(c_path, reg, h, err))

    @classmethod
    def from_json(cls, s: str, origin: str = "<string>",
                  registry: Registry | None = None) -> Model:
        """The model of a JSON text; origin names it in error messages."""
        text_, c_origin = _lib.cstr(s, "the JSON text"), _lib.cstr(origin, "origin")
        return cls._load(origin, registry, lambda reg, h, err:
                         lib.cs_model_load_string(text_, c_origin, reg, h, err))

    @classmethod
    def from_dict(cls, d: dict, origin: str = "<dict>", registry: Registry | None = None) -> Model:
        """The model of a dict shaped as a model file (json.dumps of it is loaded)."""
        return cls.from_json(json.dumps(d), origin, registry)

    def with_values(self, values: dict[str, object]) -> Model:
        """A new Model: this one's document with values set by JSON pointer, e.g.
        {"/clearance_joints/0/hole_radius": 0.0102, "/solver/t_end": 0.5}; each value is
        anything json.dumps writes (a number, a string, a dict). The edits go through the
        loader's checks as a file's would: a pointer that names no place, or a value refused,
        raises clearsim.InputError naming this model's origin and the JSON path. The same
        registry of laws is used; this model is left as it is."""
        items = list(values.items())
        edits = (_lib.cs_override * max(len(items), 1))()
        keep = []  # the C strings live until the load returns
        for k, (ptr, value) in enumerate(items):
            if not isinstance(ptr, str) or not ptr.startswith("/"):
                raise ValueError(f"with_values: {ptr!r} is not a JSON pointer (\"/a/0/b\")")
            keep += [_lib.cstr(ptr, "pointer"), _lib.cstr(json.dumps(value), "value")]
            edits[k].pointer, edits[k].json = keep[-2], keep[-1]
        doc, c_origin = _lib.cstr(self.json, "the model"), _lib.cstr(self.origin, "origin")
        return Model._load(self.origin, self.registry, lambda reg, h, err:
                           lib.cs_model_load_string_overrides(doc, c_origin, edits, len(items),
                                                              reg, h, err))

    # ---------------------------------------------------------------- lifetime ------------
    def _in_use(self):
        return bool(self._users)

    def _free(self):
        if self._h is not None and self._h.value and lib is not None:
            lib.cs_model_free(self._h)
            if self.registry is not None:
                self.registry._detach()
        self._h = None

    def _handle(self):
        """The library's model, or ValueError once closed (a NULL would crash the library)."""
        if self._closed and threading.get_ident() not in self._users:
            raise ValueError(f"clearsim.Model {self.origin!r}: used after close()")
        return self._h

    @contextlib.contextmanager
    def _using(self):
        """The handle, kept alive for the duration: close() meanwhile defers the free to the
        end of the last use (a thread already using it may go on reading it)."""
        me = threading.get_ident()
        with self._lock:
            h = self._handle()
            self._users[me] = self._users.get(me, 0) + 1
        try:
            yield h
        finally:
            with self._lock:
                self._users[me] -= 1
                if not self._users[me]:
                    del self._users[me]
                if self._closed and not self._users:
                    self._free()

    def __repr__(self):
        if self._closed:
            return f"<clearsim.Model from {self.origin} (closed)>"
        clear = ", ".join(f"{n} ({c['kind']}, c = {c['clearance']:.4g} m)"
                          for n, c in self.clearance_joints.items())
        return (f"<clearsim.Model {self.name!r} from {self.origin}: {len(self.bodies)} bodies, "
                f"{len(self.joints)} joints and drivers, clearance joints: {clear or 'none'}; "
                f"t_end {self.t_end:g} s>")

    # ---------------------------------------------------------------- what it holds -------
    @property
    def name(self) -> str:
        """The model's name (its file's "name")."""
        with self._using() as h:
            return text(lib.cs_model_name(h))

    @property
    def json(self) -> str:
        """The input JSON, verbatim."""
        with self._using() as h:
            return text(lib.cs_model_json(h))

    @property
    def plausibility(self) -> list[str]:
        """What in this valid model suggests a unit typed wrongly (a clearance beyond 5 % of
        the mechanism, a pin larger than it, a Young's modulus outside any solid's, a crank
        beyond 10^4 rad/s, ...), one sentence each; [] for a plausible model. Never an error:
        `clearsim check` and `clearsim run` print the same as warnings."""
        buf = ctypes.create_string_buffer(4096)
        with self._using() as h:
            n = lib.cs_model_plausibility(h, buf, len(buf))
        return text(buf.value).split("; ") if n else []

    @property
    def bodies(self) -> list[str]:
        """Body names in the model's order (the ground first), as Result.bodies."""
        with self._using() as h:
            return [text(lib.cs_model_body_name(h, b))
                    for b in range(lib.cs_model_body_count(h))]

    @property
    def joints(self) -> dict[str, str]:
        """Ideal joints and drivers: {name: kind}."""
        with self._using() as h:
            return {text(lib.cs_model_joint_name(h, j)): text(lib.cs_model_joint_kind(h, j))
                    for j in range(lib.cs_model_joint_count(h))}

    @property
    def clearance_joints(self) -> dict[str, dict]:
        """{name: {"kind", "clearance" (m), "clearance_rule" (where it comes from),
        "regions", "corners" (its contact points' names: a translational joint's four
        corners, a profile's walls or pairs, else ["pin"])}}."""
        out = {}
        with self._using() as h:
            for k in range(lib.cs_model_clearance_count(h)):
                out[text(lib.cs_model_clearance_name(h, k))] = {
                    "kind": text(lib.cs_model_clearance_kind(h, k)),
                    "clearance": lib.cs_model_clearance_size(h, k),
                    "clearance_rule": text(lib.cs_model_clearance_size_rule(h, k)),
                    "regions": [text(lib.cs_model_clearance_region(h, k, r))
                                for r in range(lib.cs_model_clearance_region_count(h, k))],
                    "corners": [_corner_name(h, k, i)
                                for i in range(lib.cs_model_clearance_corner_count(h, k))]}
        return out

    @property
    def t_end(self) -> float:
        """The end time the model file asks for, s."""
        with self._using() as h:
            return lib.cs_model_t_end(h)

    @property
    def output_interval(self) -> float:
        """The time between output rows, s."""
        with self._using() as h:
            return lib.cs_model_output_interval(h)

    @property
    def tolerances(self) -> tuple[float, float]:
        """(rtol, atol) the runs will use."""
        rtol, atol = c_double(), c_double()
        with self._using() as h:
            lib.cs_model_tolerances(h, byref(rtol), byref(atol))
        return rtol.value, atol.value

    def set_tolerances(self, rtol: float, atol: float) -> Model:
        """Override the model file's solver rtol and atol (m, rad) for the runs to come."""
        err = _lib.cs_error()
        with self._using() as h:
            st = lib.cs_model_set_tolerances(h, rtol, atol, byref(err))
        if st:
            raise error(st, text(err.message), self.origin)
        return self

    def set_formulation(self, formulation: str) -> Model:
        """"index3", "ggl", "projected" or "auto", overriding the model file's."""
        if formulation not in FORMULATIONS:
            raise ValueError(f"formulation {formulation!r}: expected one of "
                             + ", ".join(repr(f) for f in FORMULATIONS))
        with self._using() as h:
            lib.cs_model_set_formulation(h, FORMULATIONS.index(formulation))
        return self

    # ---------------------------------------------------------------- running -------------
    def run(self, t_end: float | None = None, output: str | os.PathLike | None = None,
            progress: Callable[[float, float], bool] | None = None,
            verify: bool = False) -> Result:
        """Integrate to t_end (default: the model's; else finite and > 0, the start being
        t = 0) and return a Result with every output row in memory. output="x.h5" also writes
        the HDF5 file `clearsim run` writes.

        progress(t, t_end) is called at every output row (in the thread that runs the model);
        returning True stops the run (Result.status "interrupted"). Ctrl-C raises
        clearsim.Interrupted (a KeyboardInterrupt) whose .result keeps the rows so far. A solver
        failure raises clearsim.SolverError with the partial .result. The GIL is released while
        the library integrates: runs in several threads proceed in parallel, and close()
        meanwhile leaves the model to the runs under way (freed when the last one returns).

        verify=True: a run that completes is repeated at tolerances 100 times tighter and
        compared (`clearsim run --verify`, engine/run/README.md "Verifying a run"): Result.verify is then a
        dict with the verdict ("converged" or "not converged: ..."), converged (bool) and the
        figures weighed (contacts, contacts_tight, matched, onset_shift, peak_force_diff,
        state_diff, energy_diff, ..., steps_tight, wall_time_tight); None otherwise. The file,
        if any, gets the same in its group /verify."""
        if t_end is not None:
            t_end = float(t_end)
            if not (math.isfinite(t_end) and t_end > 0):
                raise ValueError(f"run(t_end={t_end!r}): expected a finite end time after the "
                                 "start (t = 0), in seconds")
        path = _lib.cstr(os.fspath(output), "output") if output is not None else b""
        with self._using():
            return self._run(t_end, path, progress, verify)

    def _run(self, t_end, path, progress, verify):
        rec = _Recorder(self, progress, t_end if t_end else self.t_end)
        opt = _lib.cs_run_options(
            output_path=path, t_end=t_end if t_end else 0.0, progress=rec.callback,
            progress_user=rec.rows, interrupt=_lib.INTERRUPT_FLAG,
            interrupt_user=ctypes.addressof(rec.flag))
        sim, err, check = c_void_p(), _lib.cs_error(), _lib.cs_verify_result()

        def call():  # (the caller's use of the model lasts until this returns)
            return lib.cs_run_verify(self._h, byref(opt), byref(check) if verify else None,
                                     byref(sim), byref(err))

        st, ctrl_c = _call_interruptibly(call, rec.flag)
        try:
            result = rec.result(sim, st, text(err.message))
            result.verify = _verdict(check) if verify and st == 0 else None
        finally:
            lib.cs_sim_free(sim)
        if rec.exception is not None:  # raised by the progress callback: the caller's own
            raise rec.exception
        if self.registry is not None and self.registry.exception is not None:
            e, self.registry.exception = self.registry.exception, None
            raise e  # raised by a contact law written in Python
        if ctrl_c:
            raise Interrupted(f"{result.model_name}: interrupted at t = {result.t_final:.9g} s",
                              result)
        if st not in (0, 5):
            raise error(st, text(err.message), self.origin, result)
        return result


def _corner_name(h, k, corner):
    """Clearance joint k's contact point `corner` by name (cs_model_clearance_corner_name)."""
    buf = ctypes.create_string_buffer(160)
    lib.cs_model_clearance_corner_name(h, k, corner, buf, len(buf))
    return text(buf.value)


def _verdict(v):
    """A cs_verify_result as a dict."""
    d = {name: getattr(v, name) for name, _ in v._fields_
         if name not in ("energy_tight", "stats_tight", "verdict")}
    d.update(verdict=text(v.verdict), converged=bool(v.converged),
             steps_tight=v.stats_tight.steps, wall_time_tight=v.stats_tight.wall_time,
             balance_error_tight=v.energy_tight.balance_error)
    return d


def _call_interruptibly(call, flag):
    """Run call() so that Ctrl-C stops it: in the main thread the call goes to a worker and
    this thread waits, free to take KeyboardInterrupt and set the flag the run polls between
    steps. Returns (call's value, whether Ctrl-C stopped it)."""
    if threading.current_thread() is not threading.main_thread():
        return call(), False
    box, done = {}, threading.Event()

    def work():
        try:
            box["value"] = call()
        except BaseException as e:  # noqa: BLE001 (handed to the caller's thread)
            box["error"] = e
        finally:
            done.set()

    # (an Event, not Thread.join: a KeyboardInterrupt inside join() can leave the thread
    # looking finished while it still runs)
    worker = threading.Thread(target=work, name="clearsim run", daemon=True)
    worker.start()
    ctrl_c = False
    while not done.is_set():
        try:
            done.wait(0.05)
        except KeyboardInterrupt:
            flag.value = 1
            ctrl_c = True
    if "error" in box:
        raise box["error"]
    return box["value"], ctrl_c


class _Recorder:
    """The run's rows: the library's in-memory sink (cs_rows: every series the HDF5 writer
    records, from the same accessors) is the output callback, so no Python runs at output
    instants unless a progress callback is asked for."""

    def __init__(self, model, progress, t_end):
        self.model = model
        self.progress = progress
        self.t_end = t_end
        self.flag = c_int(0)
        self.exception = None
        self.rows = c_void_p(lib.cs_rows_new(model._h))
        if not self.rows:
            raise MemoryError("clearsim: cannot make the row recorder")
        self.callback = _lib.ROWS_OUTPUT
        self.next = None
        if progress is not None:
            self.next = _lib.output_fn(self._progress)
            lib.cs_rows_set_next(self.rows, self.next, None)

    def __del__(self):
        if getattr(self, "rows", None) and lib is not None:
            lib.cs_rows_free(self.rows)
            self.rows = None

    def _progress(self, sim, user):
        try:
            if self.progress(lib.cs_sim_time(c_void_p(sim)), self.t_end):
                return 1
        except BaseException as e:  # noqa: BLE001 (re-raised in the caller's thread)
            self.exception = e
            return 1
        return 0

    def table(self):
        n, w = lib.cs_rows_count(self.rows), lib.cs_rows_width(self.rows)
        if n == 0:
            return np.zeros((0, w))
        return np.ctypeslib.as_array(lib.cs_rows_data(self.rows), shape=(n, w)).copy()

    def result(self, sim, status, message):
        m = self.model
        h = m._h
        nbody, nrow = lib.cs_model_body_count(h), lib.cs_model_constraint_count(h)
        names = list(m.joints)
        drivers = [names[lib.cs_rows_driver(self.rows, i)]
                   for i in range(lib.cs_rows_driver_count(self.rows))]
        clearances = list(m.clearance_joints)
        table = self.table()
        n = table.shape[0]
        cols = iter(range(table.shape[1]))

        def take(width, shape=None):
            idx = [next(cols) for _ in range(width)]
            block = table[:, idx[0]:idx[-1] + 1] if width else np.zeros((n, 0))
            return np.ascontiguousarray(block.reshape((n,) + shape) if shape is not None else block)

        r = Result()
        r.model_name, r.bodies, r.model_json = m.name, m.bodies, m.json
        r.formulation = None
        r.time = take(1, ())
        r.positions = take(3 * nbody, (nbody, 3))
        r.velocities = take(3 * nbody, (nbody, 3))
        r.accelerations = take(3 * nbody, (nbody, 3))
        r.lambdas = take(nrow, (nrow,))
        r.drift = {"position": take(1, ()), "velocity": take(1, ())}
        r.energy = {k: take(1, ()) for k in ENERGY}
        r.drivers = {d: {"reaction": take(1, ())} for d in drivers}
        r.joints = {c: {k: take(2, (2,)) if k in ("eccentricity", "contact_point", "film_force")
                        else take(1, ()) for k in JOINT_SERIES} for c in clearances}
        kinds, clear = m.joints, m.clearance_joints
        r.corners = {}
        for c in clearances:  # joints of several contact points: each one's series
            K = len(clear[c]["corners"])
            if K > 1:
                r.corners[c] = {k: take(2 * K, (K, 2)) if k == "contact_point" else
                                take(K, (K,)) for k in CORNER_SERIES}
        assert next(cols, None) is None, "cs_rows' layout and clearsim.Result disagree"
        r._groups = {**{f"drivers/{d}": {"joint_kind": kinds[d]} for d in drivers},
                     **{f"joints/{c}": {"kind": clear[c]["kind"], "clearance":
                                        clear[c]["clearance"],
                                        "corners": "; ".join(clear[c]["corners"])}
                        for c in clearances}}
        r.status = {0: "complete", 5: "interrupted"}.get(status, "failed")
        r.message = message if status else ""
        r.constraint_names, r.stats, r.warnings, r.clipped_steps = [], {}, "", 0
        r.events = np.zeros(0, dtype=_event_dtype(clearances))
        r.t_final = r.time[-1] if n else math.nan
        if sim.value:
            self._from_sim(r, sim, nrow, clearances)
        return r

    def _from_sim(self, r, sim, nrow, clearances):
        r.formulation = FORMULATIONS[lib.cs_sim_formulation(sim)]
        r.constraint_names = [text(lib.cs_sim_constraint_name(sim, k)) for k in range(nrow)]
        st = _lib.cs_stats()
        lib.cs_sim_stats(sim, byref(st))
        r.stats = {k: getattr(st, k) for k, _ in _lib.cs_stats._fields_}
        r.warnings = text(lib.cs_sim_warnings(sim))
        r.clipped_steps = lib.cs_sim_clip_count(sim)
        r.t_final = lib.cs_sim_time(sim)
        ev = _lib.cs_contact_event()
        m = self.model._h
        rows = []
        for i in range(lib.cs_sim_event_count(sim)):
            lib.cs_sim_event(sim, i, byref(ev))
            rows.append((clearances[ev.joint],
                         text(lib.cs_model_clearance_region(m, ev.joint, ev.region)),
                         _corner_name(m, ev.joint, ev.corner))
                        + tuple(getattr(ev, f) for f in EVENT_FIELDS))
        r.events = np.array(rows, dtype=_event_dtype(clearances, [x[1] for x in rows],
                                                      [x[2] for x in rows]))
        for k, name in enumerate(clearances):  # worn joints: the profile at the end
            n = lib.cs_sim_clearance_wear(sim, k, None, 0)
            if n > 0:
                depth = (c_double * n)()
                lib.cs_sim_clearance_wear(sim, k, depth, n)
                r.joints[name]["wear_depth"] = np.array(depth[:], dtype=np.float64)
                if text(lib.cs_model_clearance_kind(m, k)) == "revolute clearance":
                    r.joints[name]["wear_angle"] = 2.0 * math.pi * np.arange(n) / n
                else:  # a slot's nodes by their arc length along its wall
                    P = lib.cs_model_clearance_wall_length(m, k)
                    r.joints[name]["wear_position"] = P * np.arange(n) / n
