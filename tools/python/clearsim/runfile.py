"""clearsim.runfile — the reader of a run file (engine/output/README.md "A run"), lazily, a
series at a time: clearsim.open builds its Result from it, and the tools (tools/viz/plot,
animate, view, export, tools/reproduction) and the package's figures (clearsim.figures) read
through it. It reads an h5py File, or a Result's arrays arranged under the same paths
(Result.plot...: a run kept in memory draws as its file would).

A file may come from a run still going (status "running"), killed, or one that failed: /rows
says how many rows every time series holds as of the file's last commit (a series may be
longer, by rows of a commit not finished), so every series is cut to /rows rows (to the
rows they all have in files older than /rows). Clearance joints (/joints/<name>) and contact events (/events) are optional.
"""
import json
import math
import os

import numpy as np

from .errors import ArgumentError, FileError

def text(value):
    """An HDF5 string (bytes or str) as str."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _texts(dset):
    return [text(v) for v in dset[()]]


GROUP_ORDER = ("bodies", "constraints", "drivers", "energy", "joints")
LEAF_ORDER = ("position", "velocity", "acceleration", "lambda", "position_drift",
              "velocity_drift", "reaction", "kinetic", "potential", "strain", "dissipated",
              "driver_work", "applied_work", "balance_error", "eccentricity", "penetration",
              "penetration_rate", "normal_force", "tangential_force", "rolling_torque", "contact_point",
              "in_contact", "impact_velocity", "region", "film_force", "eccentricity_ratio",
              "min_film_thickness", "film_regime", "wear_volume")

EVENT_ORDER = ("joint", "region", "corner", "t_on", "t_off", "impact_velocity",
               "max_penetration", "max_force")


def _series_rank(path):
    parts = path.split("/")
    group, leaf, middle = parts[0], parts[-1], "/".join(parts[1:-1])

    def rank(order, name):
        return order.index(name) if name in order else len(order)
    return (rank(GROUP_ORDER, group), group, middle, rank(LEAF_ORDER, leaf), leaf)


def _open(path):
    """An h5py File of path, read-only, or clearsim.FileError saying why not."""
    try:
        import h5py
    except ImportError:
        raise ImportError("reading a run file needs h5py (Debian: apt-get install "
                          "python3-h5py)") from None
    if not os.path.exists(path):
        raise FileError("%s: no such file" % path)
    try:
        return h5py.File(path, "r")
    except OSError as e:
        raise FileError("%s: not a readable HDF5 file (%s)" % (path, e)) from None


class Array:
    """A Store's dataset: an array with its attributes; a time series (one row per output
    instant) has an extendible first axis, as the file's."""

    def __init__(self, value, attrs=None, series=False):
        self.value = np.asarray(value)
        self.attrs = dict(attrs or {})
        self.shape, self.dtype, self.ndim = self.value.shape, self.value.dtype, self.value.ndim
        self.maxshape = (None,) + self.shape[1:] if series else self.shape

    def __getitem__(self, key):
        return self.value[key]


class Store:
    """Arrays under the paths of a run file (engine/output/README.md "A run"), read by Run
    as an h5py File is: how a Result kept in memory is drawn by the figures of its file."""

    def __init__(self, attrs=None):
        self.attrs = dict(attrs or {})
        self.children = {}

    def add(self, path, value, attrs=None, series=False):
        """Put an Array (or a group, value None) at path, its groups made on the way."""
        head, _, rest = path.partition("/")
        if rest:
            self.children.setdefault(head, Store()).add(rest, value, attrs, series)
        elif value is None:
            self.children.setdefault(head, Store()).attrs.update(attrs or {})
        else:
            self.children[head] = Array(value, attrs, series)

    def __getitem__(self, path):
        node = self
        for part in path.split("/"):
            node = node.children[part]
        return node

    def __contains__(self, path):
        try:
            self[path]
            return True
        except (KeyError, AttributeError):
            return False

    def items(self):
        return self.children.items()

    def visititems(self, fn, prefix=""):
        for name, node in self.children.items():
            fn(prefix + name, node)
            if isinstance(node, Store):
                node.visititems(fn, prefix + name + "/")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _is_dataset(obj):
    """An HDF5 dataset (or a store's array), not a group."""
    return hasattr(obj, "shape")


class Shape:
    """Where a clearance joint's pin centre moves without contact, in the hole body's frame
    relative to the hole reference (point1, the origin of the eccentricity): a centre curve
    (a point for a bearing or socket, a segment for a slot, an arc for a curved slot, the
    guide's centre line for a translational joint's block; models/README.md "Clearance
    joints") widened by the clearance c. Drawn magnified, the gap grows across the curve and
    the curve keeps its size."""

    def __init__(self, kind, spec):
        axis = np.array(spec.get("axis", [1.0, 0.0]), dtype=float)
        self.axis = axis / (np.hypot(*axis) or 1.0)
        self.curve = ("line" if "translational" in kind else "arc" if "curved" in kind
                      else "segment" if "slot" in kind else "point")
        # a block: its half sizes (along body2's x, y) and the stretch of the line it used
        self.block = (float(spec.get("half_length", 0.0)), float(spec.get("half_width", 0.0)))
        self.travel = (-self.block[0], self.block[0])
        self.half_length = float(spec.get("half_length", 0.0)) if self.curve == "segment" else 0.0
        self.radius = float(spec.get("mean_radius", 0.0))
        self.half_angle = float(spec.get("half_angle", 0.0))
        self.phi0 = math.atan2(self.axis[1], self.axis[0])

    def nearest(self, e):
        """The centre curve's point nearest each eccentricity e [n, 2]."""
        e = np.asarray(e, dtype=float).reshape(-1, 2)
        if self.curve == "line":
            return (e @ self.axis)[:, None] * self.axis
        if self.curve == "segment":
            s = np.clip(e @ self.axis, -self.half_length, self.half_length)
            return s[:, None] * self.axis
        if self.curve == "arc":
            phi = np.angle(np.exp(1j * (np.arctan2(e[:, 1], e[:, 0]) - self.phi0)))
            phi = self.phi0 + np.clip(phi, -self.half_angle, self.half_angle)
            return self.radius * np.column_stack((np.cos(phi), np.sin(phi)))
        return np.zeros_like(e)

    def magnified(self, e, factor):
        """e with its distance from the centre curve (the gap's part) times `factor`."""
        n = self.nearest(e)
        return n + factor * (np.asarray(e, dtype=float).reshape(-1, 2) - n)

    def outline(self, width, k=64):
        """Closed outline [m, 2] of the points within `width` of the centre curve."""
        def arc(centre, r, a0, a1):
            a = np.linspace(a0, a1, k)
            return centre + r * np.column_stack((np.cos(a), np.sin(a)))
        if self.curve == "line":  # the band the block centre used, and a block length beyond
            n = np.array([-self.axis[1], self.axis[0]])
            lo, hi = self.travel[0] - self.block[0], self.travel[1] + self.block[0]
            return np.array([lo * self.axis - width * n, hi * self.axis - width * n,
                             hi * self.axis + width * n, lo * self.axis + width * n])
        if self.curve == "segment":
            end = self.half_length * self.axis
            return np.vstack((arc(end, width, self.phi0 - np.pi / 2, self.phi0 + np.pi / 2),
                              arc(-end, width, self.phi0 + np.pi / 2, self.phi0 + 1.5 * np.pi)))
        if self.curve == "arc":
            lo, hi, o = self.phi0 - self.half_angle, self.phi0 + self.half_angle, np.zeros(2)
            cap = [self.radius * np.array([math.cos(a), math.sin(a)]) for a in (hi, lo)]
            return np.vstack((arc(o, self.radius + width, lo, hi),
                              arc(cap[0], width, hi, hi + np.pi),
                              arc(o, self.radius - width, hi, lo),
                              arc(cap[1], width, lo + np.pi, lo + 2 * np.pi)))
        return arc(np.zeros(2), width, 0.0, 2 * np.pi)

    def extent(self):
        """Size of the centre curve (m): 0 for a point."""
        if self.curve == "line":
            return 0.5 * (self.travel[1] - self.travel[0]) + self.block[0]
        return max(self.half_length, self.radius * math.sin(min(self.half_angle, np.pi / 2)))


class Joint:
    """A clearance joint's group: its datasets (cut to the run's rows), clearance (m), kind,
    boundary film h_b (m, a lubricated joint's; None for a dry one), and from the model JSON the body that carries the hole (body1) and the hole reference."""

    def __init__(self, run, name):
        self.name = name
        self.group = run.file["joints"][name]
        c = self.group.attrs.get("clearance")
        self.clearance = float(c) if c is not None else None
        hb = self.group.attrs.get("boundary_film")  # lubricated joints only
        self.boundary_film = float(hb) if hb is not None else None
        self.kind = text(self.group.attrs.get("kind", ""))
        spec = run.model_entry(name) or {}
        self.hole_body = run.body_index(spec.get("body1"))
        self.hole_point = np.array(spec.get("point1", [0.0, 0.0]), dtype=float).reshape(2)
        self.shape = Shape(self.kind, spec)
        self._run = run
        self.block_body = run.body_index(spec.get("body2"))
        if self.shape.curve == "line" and self.has("eccentricity"):
            s = self["eccentricity"] @ self.shape.axis
            if np.isfinite(s).any():
                self.shape.travel = (float(np.nanmin(s)), float(np.nanmax(s)))

    def tilt(self):
        """A translational joint's block angle to its guide's axis (rad) over the rows, or
        None for the other kinds."""
        if self.shape.curve != "line" or self.block_body is None:
            return None
        q = self._run.positions()
        th = q[:, self.block_body, 2] - math.atan2(self.shape.axis[1], self.shape.axis[0])
        if self.hole_body is not None:
            th = th - q[:, self.hole_body, 2]
        return np.angle(np.exp(1j * th))

    def has(self, key):
        return key in self.group

    def __getitem__(self, key):
        return self._run.series("joints/%s/%s" % (self.name, key))


class Run:
    """A clearsim HDF5 file, read-only."""

    def __init__(self, path, t_start=None, store=None):
        """path: the run file (raises clearsim.FileError naming it when it is not one);
        store: instead of opening path, a tree of the same paths (Result._store()), path
        then only names it. t_start (s): the rows from that time on only (a transient
        dropped), events too (clearsim.ArgumentError when it is after the last row)."""
        self.path = path
        self.file = store if store is not None else _open(path)
        self.ideal = None  # the figures' ideal mechanism (a Run), drawn under the per-turn ones
        attrs = self.file.attrs
        stem = os.path.splitext(os.path.basename(path))[0]
        self.model_name = text(attrs.get("model_name", "")) or stem
        self.status = text(attrs.get("status", "unknown"))
        self.message = text(attrs.get("message", ""))
        if "time" not in self.file or "bodies" not in self.file:
            raise FileError("%s: not a clearsim run file: no simulation rows (status %s%s)" % (
                path, self.status, ": " + self.message if self.message else ""))
        self.series_paths = self._find_series()
        lengths = [self.file[p].shape[0] for p in self.series_paths] + [self.file["time"].shape[0]]
        if "rows" in self.file:
            lengths.append(int(self.file["rows"][()]))
        self.n = min(lengths)
        if self.n == 0:
            raise FileError("%s: the file holds no rows yet (status %s)" % (path, self.status))
        time = self.file["time"][:self.n]
        self.first = 0
        if t_start is not None:
            self.first = int(np.searchsorted(time, t_start - 1e-12 * max(1.0, abs(t_start))))
            if self.first >= self.n:
                raise ArgumentError("%s: --t-start %g s is after the last row (t = %g s)"
                                    % (path, t_start, time[-1]))
        self.time = time[self.first:]
        self.body_names = _texts(self.file["bodies/names"])
        self.constraint_names = _texts(self.file["constraints/names"])
        try:
            self.model = json.loads(text(self.file["model"][()]))
        except (KeyError, ValueError):
            self.model = {}

    def _find_series(self):
        """Paths of the time series: the extendible datasets (one row per output instant),
        but /time and the contact events, which are rows of another kind; in the order of
        engine/output/README.md "A run" (HDF5 lists names alphabetically)."""
        found = []

        def visit(name, obj):
            if (_is_dataset(obj) and obj.maxshape and obj.maxshape[0] is None
                    and name != "time" and not name.startswith("events")
                    and obj.dtype.kind in "fiub"):
                found.append(name)
        self.file.visititems(visit)
        return sorted(found, key=_series_rank)

    # ------------------------------------------------------------ datasets

    def series(self, path):
        """A time series' rows, as float array [n, …]."""
        return np.asarray(self.file[path][self.first:self.n], dtype=float)

    def units(self, path):
        return text(self.file[path].attrs.get("units", ""))

    def title(self, quantity):
        """Every figure's title: the model and the quantity, and the run's status unless it
        completed (a partial run's figure must say so)."""
        note = "" if self.status == "complete" else {
            "running": " (partial: run in progress)"}.get(self.status, " (run %s)" % self.status)
        return "%s: %s%s" % (self.model_name, quantity, note)

    def column_labels(self, path):
        """Names of the columns a time series expands to, e.g. bodies/position/crank/x."""
        ds = self.file[path]
        axes = []
        for axis, size in enumerate(ds.shape[1:], start=1):
            last = axis == len(ds.shape) - 1
            comps = [c.strip() for c in text(ds.attrs.get("components", "")).split(",")]
            if last and len(comps) == size and comps[0]:
                axes.append(comps)
            elif path.startswith("bodies/") and size == len(self.body_names) and axis == 1:
                axes.append(self.body_names)
            elif path.startswith("constraints/") and size == len(self.constraint_names):
                axes.append(self.constraint_names)
            elif axis == 1 and path.split("/")[::2][:2] == ["joints", "corners"]:
                names = text(self.file[path.rsplit("/", 2)[0]].attrs.get("corners", ""))
                axes.append(names.split("; ") if len(names.split("; ")) == size else
                            [str(i) for i in range(size)])
            elif last and size == 2:
                axes.append(["x", "y"])
            else:
                axes.append([str(i) for i in range(size)])
        labels = [path]
        for names in axes:
            labels = ["%s/%s" % (p, n) for p in labels for n in names]
        return labels

    # ------------------------------------------------------------ mechanism

    def positions(self):
        """[n, nbody, 3]: x, y, θ of every body's frame."""
        return self.series("bodies/position")

    def model_list(self, key):
        items = self.model.get(key, []) if isinstance(self.model, dict) else []
        return [o for o in items if isinstance(o, dict)] if isinstance(items, list) else []

    def model_entry(self, name):
        """The JSON object named `name` in any list of the model (joints, drivers, …)."""
        if not isinstance(self.model, dict):
            return None
        for key in self.model:
            for o in self.model_list(key):
                if o.get("name") == name:
                    return o
        return None

    def ground(self):
        """Which bodies are ground (fixed), from the model JSON."""
        flags = [False] * len(self.body_names)
        for o in self.model_list("bodies"):
            if o.get("ground") is True and o.get("name") in self.body_names:
                flags[self.body_names.index(o["name"])] = True
        return flags

    def body_index(self, name):
        return self.body_names.index(name) if name in self.body_names else None

    def body_points(self):
        """Per body, its distinct drawing points in its own frame ([k, 2] arrays), from
        /bodies/points (a file without it: the moving bodies' centres). A ground body's
        centre of mass is not a feature, so it is left out unless a joint is there too."""
        ground = self.ground()
        pts = [[] if g else [(0.0, 0.0)] for g in ground]
        if "bodies/points" in self.file:
            rows = np.asarray(self.file["bodies/points"][()], dtype=float).reshape(-1, 3)
            for b in range(len(self.body_names)):
                mine = rows[rows[:, 0] == b, 1:]
                # cs_model_body_points lists the centre first, then attached points
                pts[b] = list(map(tuple, mine[1:] if ground[b] else mine))
        out = []
        for p in pts:
            uniq = []
            for q in p:
                if not any(abs(q[0] - u[0]) < 1e-12 and abs(q[1] - u[1]) < 1e-12 for u in uniq):
                    uniq.append(q)
            out.append(np.array(uniq, dtype=float).reshape(-1, 2))
        return out

    def drivers(self):
        """[(name, joint_kind, reaction path)] of every driver."""
        out = []
        if "drivers" in self.file:
            for name, g in self.file["drivers"].items():
                if "drivers/%s/reaction" % name in self.series_paths:
                    out.append((name, text(g.attrs.get("joint_kind", "")),
                                "drivers/%s/reaction" % name))
        return out

    def driver_angle(self):
        """(θ [n] in rad, label) of the first angle driver, from the driven body's position
        (a driver on a joint: θ2 − θ1 of its bodies); None when there is no angle driver."""
        q = None
        for name, kind, _ in self.drivers():
            if kind != "angle driver":
                continue
            o = self.model_entry(name) or {}
            if "joint" in o:
                o = self.model_entry(o["joint"]) or {}
                b1, b2 = self.body_index(o.get("body1")), self.body_index(o.get("body2"))
            else:
                b2 = self.body_index(o.get("body"))
                b1 = self.ground().index(True) if True in self.ground() else None
            if b2 is None:
                continue
            q = self.positions() if q is None else q
            theta = q[:, b2, 2] - (q[:, b1, 2] if b1 is not None else 0.0)
            return theta, "%s angle" % name
        return None

    def joints(self):
        """The clearance joints, [] when the file has none."""
        if "joints" not in self.file:
            return []
        return [Joint(self, name) for name, g in self.file["joints"].items()
                if not _is_dataset(g)]

    def events(self):
        """Contact events as {column: 1-D array} (strings decoded), or None. Reads a compound
        dataset /events or a group of column datasets."""
        if "events" not in self.file:
            return None
        obj = self.file["events"]
        cols = {}
        if _is_dataset(obj) and obj.dtype.names:
            data = obj[()]
            for k in obj.dtype.names:
                cols[k] = data[k]
        elif not _is_dataset(obj):
            for k, ds in obj.items():
                if _is_dataset(ds) and ds.ndim == 1:
                    cols[k] = ds[()]
        if not cols:
            return None
        for k, v in cols.items():
            if v.dtype.kind in "SOU":
                cols[k] = np.array([text(x) for x in v], dtype=object)
        n = min(len(v) for v in cols.values())
        if self.first and "t_on" in cols:  # contacts that began before the window left out
            keep = np.asarray(cols["t_on"][:n], dtype=float) >= self.time[0]
            cols = {k: v[:n][keep] for k, v in cols.items()}
            n = int(keep.sum())
        order = sorted(cols, key=lambda k: (EVENT_ORDER.index(k) if k in EVENT_ORDER
                                            else len(EVENT_ORDER), k))
        return {k: cols[k][:n] for k in order}


# ---------------------------------------------------------------- figures

def length_scale(extent):
    """(factor, unit) that shows lengths up to `extent` m in readable numbers."""
    for factor, unit in ((1.0, "m"), (1e3, "mm"), (1e6, "µm")):
        if extent * factor >= 0.5 or unit == "µm":
            return factor, unit
    return 1.0, "m"


def nice_factor(x):
    """The largest of 1, 2, 5 × 10^k not above x (at least 1): a magnification to state."""
    if x <= 1:
        return 1.0
    k = 10 ** math.floor(math.log10(x))
    return max(m * k for m in (1, 2, 5) if m * k <= x)
