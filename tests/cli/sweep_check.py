"""sweep_check.py — what tests/cli/test_sweep.sh asks of sweep summaries (Debian's python3-h5py).

  same A.h5 B.h5 …          every dataset and attribute of B … equals A's bit for bit
                            (floats compared as bytes), except /cases/wall_time
  direct SUMMARY CASE RUN   case CASE's row equals what `clearsim run` wrote to RUN.h5,
                            computed here from the run's own time series and events
  model MODEL SUMMARY CASE OUT   write MODEL with case CASE's overrides applied (JSON pointers,
                            and each parameter's "also" places)
  random SUMMARY            the parameters obey the sweep file's distributions and bounds
  poincare SUMMARY          periods 2π/ω, floor(t_end/period) samples per case, NaN after
  killed LOG SUMMARY        every image a kill of the sweep could leave (its CLEARSIM_H5_LOG):
                            a row that says it is finished has its figures
Prints what differs and exits 1 on any failure.
"""
import json
import math
import sys

import h5py
import numpy as np


def _items(path):
    out = {}
    with h5py.File(path, "r") as f:
        out["/attrs"] = {k: v for k, v in f.attrs.items()}

        def visit(name, obj):
            if name == "cases/wall_time":
                return
            attrs = {k: np.asarray(v).tolist() for k, v in obj.attrs.items()}
            out[name + "/attrs"] = attrs
            if isinstance(obj, h5py.Dataset):
                out[name] = obj[()]
        f.visititems(visit)
    return out


def _equal(x, y):
    if isinstance(x, np.ndarray) and x.dtype.kind == "f":
        return isinstance(y, np.ndarray) and x.shape == y.shape and x.tobytes() == y.tobytes()
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(_equal(x[k], y[k]) for k in x)
    return np.array_equal(np.asarray(x, dtype=object), np.asarray(y, dtype=object))


def same(first, *others):
    a = _items(first)
    bad = 0
    for other in others:
        b = _items(other)
        if a.keys() != b.keys():
            print("%s and %s hold different datasets: %s" % (first, other, sorted(a.keys() ^ b.keys())))
            bad += 1
            continue
        for k in sorted(a):
            if not _equal(a[k], b[k]):
                print("%s differs between %s and %s" % (k, first, other))
                bad += 1
    return bad


def _pointer_set(doc, pointer, value):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    for p in parts[:-1]:
        doc = doc[int(p)] if isinstance(doc, list) else doc[p]
    last = parts[-1]
    if isinstance(doc, list):
        doc[int(last)] = value
    else:
        doc[last] = value


def model(model_path, summary, case, out):
    with h5py.File(summary, "r") as f:
        paths = [p.decode() if isinstance(p, bytes) else p for p in f["cases/parameters"].attrs["paths"]]
        values = f["cases/parameters"][int(case)]
        sweep = json.loads(f["sweep"][()])
    doc = json.load(open(model_path))
    for p, v, spec in zip(paths, values, sweep["parameters"]):
        _pointer_set(doc, p, float(v))  # repr round-trips: the same double the sweep used
        for also in spec.get("also", []):  # scale × value, as the sweep computes it
            _pointer_set(doc, also["path"], also.get("scale", 1.0) * float(v))
    json.dump(doc, open(out, "w"), indent=1)
    return 0


def direct(summary, case, run):
    i = int(case)
    bad = 0
    with h5py.File(summary, "r") as s, h5py.File(run, "r") as r:
        def check(name, got, want):
            nonlocal bad
            if not (got == want or (math.isnan(got) and math.isnan(want))):
                print("case %d %s: summary %.17g, direct run %.17g" % (i, name, got, want))
                bad += 1
        c = s["cases"]
        check("status", 0.0 if c["status"][i] in (b"complete", "complete") else 1.0, 0.0)
        check("steps", c["steps"][i], float(r["solver"].attrs["steps"]))
        check("t_final", c["t_final"][i], r["time"][-1])
        check("energy_balance_error", c["energy_balance_error"][i],
              float(np.max(np.abs(r["energy/balance_error"][:]))))
        ev = r["events"]
        for j, name in enumerate(c["joints"]):
            joints = [x.decode() if isinstance(x, bytes) else x for x in ev["joint"][:]]
            mine = np.array([x == name for x in joints], dtype=bool)
            check(name + " contacts", c["joints"][name]["contacts"][i], float(np.sum(mine)))
            check(name + " max_force", c["joints"][name]["max_force"][i],
                  float(np.max(ev["max_force"][:][mine], initial=0.0)))
            check(name + " max_penetration", c["joints"][name]["max_penetration"][i],
                  float(np.max(ev["max_penetration"][:][mine], initial=0.0)))
        t = r["time"][:]
        for name in c["drivers"]:
            x = r["drivers"][name]["reaction"][:]
            check(name + " max_abs_reaction", c["drivers"][name]["max_abs_reaction"][i],
                  float(np.max(np.abs(x))))
            integral = 0.0  # the same trapezoids in the same order
            for k in range(1, len(t)):
                integral += 0.5 * (x[k - 1] * x[k - 1] + x[k] * x[k]) * (t[k] - t[k - 1])
            check(name + " rms_reaction", c["drivers"][name]["rms_reaction"][i],
                  math.sqrt(integral / t[-1]))
        names = [n.decode() if isinstance(n, bytes) else n for n in r["bodies/names"][:]]
        acc = r["bodies/acceleration"][:]
        for b, name in enumerate(names):
            got = c["bodies"][name]["max_abs_acceleration"][i]
            want = np.max(np.abs(acc[:, b, :]), axis=0)
            for k in range(3):
                check("%s max |a|[%d]" % (name, k), got[k], want[k])
    return bad


def random_(summary):
    bad = 0
    with h5py.File(summary, "r") as f:
        sweep = json.loads(f["sweep"][()])
        values = f["cases/parameters"][:]
    if values.shape != (sweep["samples"], len(sweep["parameters"])):
        print("parameters shape %s, want (%d, %d)" % (values.shape, sweep["samples"], len(sweep["parameters"])))
        return 1
    for j, p in enumerate(sweep["parameters"]):
        lo, hi = (p["uniform"] if "uniform" in p else (p.get("min", -np.inf), p.get("max", np.inf)))
        col = values[:, j]
        if not np.all((col >= lo) & (col <= hi)):
            print("parameter %d outside [%g, %g]: %s" % (j, lo, hi, col))
            bad += 1
        if len(set(col)) != len(col):
            print("parameter %d repeats values: %s" % (j, col))
            bad += 1
    return bad


def poincare(summary):
    bad = 0
    with h5py.File(summary, "r") as f:
        sweep = json.loads(f["sweep"][()])
        speeds = f["cases/parameters"][:, 0]
        period = f["cases/poincare/period"][:]
        t_end = sweep["t_end"]
        for name, ds in f["cases/poincare"].items():
            if name == "period":
                continue
            e = ds[:]
            for i, w in enumerate(speeds):
                n = int(t_end / (2 * math.pi / w) * (1 + 1e-12))
                if not math.isclose(period[i], 2 * math.pi / w, rel_tol=1e-15):
                    print("case %d period %.17g, want 2π/ω = %.17g" % (i, period[i], 2 * math.pi / w))
                    bad += 1
                if not (np.all(np.isfinite(e[i, :n])) and np.all(np.isnan(e[i, n:]))):
                    print("case %d: want %d finite samples then NaN, got %s" % (i, n, e[i]))
                    bad += 1
                if n and not np.all(np.hypot(e[i, :n, 0], e[i, :n, 1]) < 0.01):
                    print("case %d: eccentricities beyond 1 cm: %s" % (i, e[i, :n]))
                    bad += 1
    return bad


def _row(f, i):
    """Case i's figures (every float column but wall_time), as bytes."""
    out = {}

    def visit(name, obj):
        if (isinstance(obj, h5py.Dataset) and name.startswith("cases/") and
                obj.dtype.kind == "f" and name != "cases/wall_time"):
            out[name] = obj[i].tobytes()
    f.visititems(visit)
    return out


def killed(log, summary):
    """Every file a kill of the sweep that wrote SUMMARY (its cs_h5_driver log, LOG) could
    leave (tests/cli/h5_replay.py): each row that says it is finished holds that case's figures
    and status, bit for bit — what --resume keeps."""
    import os
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
    from h5_replay import Image, read_log
    ops = read_log(log)
    path = os.path.join(tempfile.mkdtemp(prefix="sweep-killed."), "image.h5")
    img, bad, seen = Image(), 0, 0
    with h5py.File(summary, "r") as full:
        status = list(full["cases/status"][:])
        rows = [_row(full, i) for i in range(len(status))]
        for k, op in enumerate(ops):
            img.apply(op)
            if not img.named or op[0] in "WB":  # new space or a barrier: no new image
                continue
            with open(path, "wb") as f:
                f.write(img.data)
            seen += 1
            try:
                with h5py.File(path, "r") as f:
                    for i, s in enumerate(f["cases/status"][:]):
                        if s in (b"pending", "pending"):
                            continue
                        if s != status[i] or _row(f, i) != rows[i]:
                            print("kill after op %d (%s): case %d says %s without its figures"
                                  % (k, op[0], i, s.decode()))
                            bad += 1
            except (OSError, KeyError) as e:
                print("kill after op %d (%s): unreadable: %s" % (k, op[0], e))
                bad += 1
    print("%d images a kill leaves, %d with a finished row that lacks its figures" % (seen, bad))
    return bad or not seen


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    fn = {"same": same, "direct": direct, "model": model, "random": random_,
          "poincare": poincare, "killed": killed}[cmd]
    sys.exit(1 if fn(*args) else 0)
