#!/usr/bin/env bash
# tools/viz/plot, tools/viz/animate, tools/viz/export on a short slider-crank run: the files they write are
# valid PNG/GIF (magic bytes, and PIL opens them), the CSV's numbers are the HDF5 file's
# numbers exactly, /bodies/points holds the points the model JSON gives, and a file with
# clearance joints (/joints, /events; made here from the run by adding synthetic contact data)
# gives the per-joint figures. Checked with Debian's Python and h5py, read independently of
# the package's reader, tools/python/clearsim/runfile.py.
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
py=/usr/bin/python3
. "$(dirname "$0")/../support/cs_test.sh"
check() { # name, check.py arguments… (exit 0 = the check holds; it prints why not)
  local name=$1; shift
  if "$py" "$tmp/check.py" "$@" >"$tmp/chk" 2>&1; then ok; else bad "$name"; cat "$tmp/chk"; fi
}

needs_python h5py numpy matplotlib PIL

cat >"$tmp/check.py" <<'PY'
import csv, json, sys
import h5py, numpy as np
from PIL import Image

def fail(msg):
    print(msg); sys.exit(1)

MAGIC = {"PNG": b"\x89PNG\r\n\x1a\n", "GIF": b"GIF89a"}

def image(path, fmt, frames=None):
    magic = MAGIC[fmt]
    with open(path, "rb") as f:
        head = f.read(len(magic))
    if head != magic:
        fail("%s: starts %r, not %r" % (path, head, magic))
    im = Image.open(path)
    im.load()
    if im.format != fmt or im.size[0] < 100 or im.size[1] < 100:
        fail("%s: PIL reads %s %s" % (path, im.format, im.size))
    n = getattr(im, "n_frames", 1)
    if frames is not None and n != int(frames):
        fail("%s: %d frames, want %d" % (path, n, frames))

def pngs(folder, *names):
    for name in names:
        image("%s/%s.png" % (folder, name), "PNG")

def points(h5):
    # /bodies/points against the model JSON: the centre, then each ideal joint's point on the
    # body (drivers excluded), then spring and point-force attachments, in file order
    with h5py.File(h5, "r") as f:
        got = f["bodies/points"][()]
        model = json.loads(f["model"].asstr()[()])
        names = [n.decode() for n in f["bodies/names"][()]]
    want = []
    for b, name in enumerate(names):
        want.append((b, 0.0, 0.0))
        for j in model.get("joints", []):
            for s in (1, 2):
                if j["body%d" % s] == name:
                    want.append((b,) + tuple(j.get("point%d" % s, [0, 0])))
        for fo in model.get("forces", []):
            for key, pkey in (("body1", "point1"), ("body2", "point2"), ("body", "point")):
                if fo.get(key) == name and fo.get("type") in ("spring", "point"):
                    want.append((b,) + tuple(fo.get(pkey, [0, 0])))
        for j in model.get("clearance_joints", []):
            for s in (1, 2):
                if j["body%d" % s] == name:
                    want.append((b,) + tuple(j.get("point%d" % s, [0, 0])))
    if got.shape != (len(want), 3) or not np.array_equal(got, np.array(want, float)):
        fail("/bodies/points\n%s\nwant\n%s" % (got, np.array(want)))

def column(f, label):
    """The HDF5 values a CSV column label names (bodies/position/crank/x, …)."""
    parts = label.split("/")
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut])
        if path in f and isinstance(f[path], h5py.Dataset):
            break
    else:
        fail("column %s names no dataset" % label)
    d, rest = f[path][()], parts[cut:]
    for axis, key in enumerate(rest, start=1):
        if path.startswith("bodies/") and axis == 1:
            i = [n.decode() for n in f["bodies/names"][()]].index(key)
        elif path == "constraints/lambda":
            i = [n.decode() for n in f["constraints/names"][()]].index(key)
        else:
            i = {"x": 0, "y": 1, "theta": 2}[key]
        d = d.take(i, axis=1 if d.ndim > 1 else 0)
    return np.asarray(d, float)

def bare(label):
    """A header's dataset name: export heads each column "name [unit]"."""
    return label.rsplit(" [", 1)[0] if label.endswith("]") else label

def csv_equal(h5, path, ncol):
    with open(path, newline="") as fh:
        rows = list(csv.reader(fh))
    head, body = rows[0], rows[1:]
    if head[0] != "time [s]" or len(head) != int(ncol):
        fail("header %s" % head[:5])
    with h5py.File(h5, "r") as f:  # every column's unit is its dataset's
        for label in head[1:]:
            name, unit = bare(label), label[len(bare(label)) + 2:-1]
            ds = name
            while not isinstance(f.get(ds), h5py.Dataset):  # the dataset a column comes from
                ds = ds.rsplit("/", 1)[0]
            ds = f[ds]
            if label == name or unit.split(" ")[0] not in ds.attrs.get("units", "").replace(
                    "N (distance rows), N*m (angle rows)", "N, N*m"):
                fail("%s: no unit, or not its dataset's (%s)" % (label, ds.attrs.get("units")))
    head = [bare(h) for h in head]
    with h5py.File(h5, "r") as f:
        for k, label in enumerate(head):
            want = column(f, label)
            got = np.array([float(r[k]) for r in body])
            if got.shape != want.shape or not np.array_equal(got, want, equal_nan=True):
                bad = np.flatnonzero(got != want)[:3] if got.shape == want.shape else "shape"
                fail("%s: CSV differs from HDF5 at rows %s" % (label, bad))
    print(len(head), "columns,", len(body), "rows equal")

def csv_header(path, *want):
    with open(path, newline="") as fh:
        head = [bare(h) for h in next(csv.reader(fh))]
    if list(want) != head:
        fail("header %s, want %s" % (head, list(want)))

def events_equal(h5, path):
    # /events is a compound table (the synthetic file) or a group of columns (the engine's)
    with open(path, newline="") as fh:
        rows = [{bare(k): v for k, v in r.items()} for r in csv.DictReader(fh)]
    with h5py.File(h5, "r") as f:
        ev = f["events"]
        cols = ({k: ev[k][()] for k in ev} if isinstance(ev, h5py.Group) else
                {k: ev[()][k] for k in ev.dtype.names})
    n = len(cols["t_on"])
    if len(rows) != n or n == 0 or set(rows[0]) != set(cols):
        fail("%d CSV rows of %s, %d events of %s" % (len(rows), rows[:1], n, list(cols)))
    for i, r in enumerate(rows):
        for k, col in cols.items():
            v = col[i].decode() if isinstance(col[i], bytes) else col[i]
            if (str(v) != r[k]) if isinstance(v, str) else (float(r[k]) != v):
                fail("event %d field %s: CSV %s, HDF5 %r" % (i, k, r[k], v))
    print(n, "events equal")

def fake_joints(src, dst):
    # a clearance joint at B with made-up but consistent contact data: the journal centre
    # circles near the clearance circle, penetration = |e| − c where positive, a Hertz-like
    # force with hysteresis; /events as a compound table of the contacts
    import shutil
    shutil.copy(src, dst)
    with h5py.File(dst, "r+") as f:
        t = f["time"][()]
        c, w = 0.5e-3, 523.6
        r = c * (1.0 + 0.05 * np.sin(7 * w * t))
        e = np.stack([r * np.cos(w * t), r * np.sin(w * t)], axis=1)
        pen = np.maximum(np.hypot(e[:, 0], e[:, 1]) - c, 0.0)
        rate = np.gradient(pen, t)
        fn = 1e9 * pen ** 1.5 * (1 + 0.8 * np.tanh(rate / 0.1))
        g = f.create_group("joints/B")
        g.attrs["clearance"] = c
        for name, data, units in (("eccentricity", e, "m"), ("penetration", pen, "m"),
                                  ("penetration_rate", rate, "m/s"), ("normal_force", fn, "N"),
                                  ("tangential_force", 0.1 * fn, "N"), ("contact_point", e, "m"),
                                  ("in_contact", (pen > 0).astype(float), "1"),
                                  ("impact_velocity", np.zeros(len(t)), "m/s"),
                                  ("region", np.zeros(len(t)), "1")):
            d = g.create_dataset(name, data=data, maxshape=(None,) + data.shape[1:], chunks=True)
            d.attrs["units"] = units
        inside = np.concatenate(([0], (pen > 0).astype(int), [0]))
        edges = np.flatnonzero(np.diff(inside))
        on, off = edges[0::2], np.minimum(edges[1::2], len(t) - 1)
        dt = np.dtype([("joint", h5py.string_dtype()), ("region", "i4"), ("t_on", "f8"),
                       ("t_off", "f8"), ("impact_velocity", "f8"), ("max_penetration", "f8"),
                       ("max_force", "f8")])
        ev = np.array([("B", 0, t[a], t[b], rate[a], pen[a:b + 1].max(), fn[a:b + 1].max())
                       for a, b in zip(on, off)], dtype=dt)
        if len(ev) < 2:
            fail("the synthetic joint should make several contacts, made %d" % len(ev))
        if "events" in f:
            del f["events"]  # the engine's empty group of columns
        f.create_dataset("events", data=ev, maxshape=(None,), chunks=True)

def shapes():
    # tools' clearance geometry against brute force: each outline point lies `w` from the
    # centre curve (sampled every ~2 µm), and nearest() is the closest sample of the curve
    sys.path.insert(0, "tools/python")
    from clearsim import runfile as ch
    rng = np.random.default_rng(1)
    cases = (("revolute clearance", {}, lambda t: np.zeros((1, 2))),
             ("pin in slot", {"axis": [3, 4], "half_length": 0.02},
              lambda t: np.outer(0.02 * t, [0.6, 0.8])),
             ("pin in curved slot", {"axis": [-1, 0], "mean_radius": 0.06, "half_angle": 1.0},
              lambda t: 0.06 * np.column_stack((np.cos(np.pi + t), np.sin(np.pi + t)))))
    for kind, spec, curve in cases:
        shape = ch.Shape(kind, spec)
        samples = curve(np.linspace(-1, 1, 40001))
        def dist(p):
            return np.concatenate([np.sqrt(((samples[None] - p[k:k + 64, None]) ** 2)
                                           .sum(axis=2)).min(axis=1)
                                   for k in range(0, len(p), 64)])
        w = 0.003
        d = dist(shape.outline(w, k=50))
        if np.abs(d - w).max() > 1e-8:
            fail("%s: outline %.3g m off the %g m band" % (kind, np.abs(d - w).max(), w))
        e = rng.uniform(-0.08, 0.08, (200, 2))
        e = e[np.hypot(*e.T) > 0.01]  # the arc's centre is equally near every arc point
        n = shape.nearest(e)
        # a point of the curve is within half a sample spacing (≤ 1.5 µm) of a sample
        if dist(n).max() > 2e-6 or np.abs(np.hypot(*(e - n).T) - dist(e)).max() > 1e-8:
            fail("%s: nearest() is not the curve's nearest point" % kind)
    print("outlines and nearest points agree with sampled curves")

def strip(src, dst):
    # a file as older engines wrote it: no /joints, /events or /bodies/points
    import shutil
    shutil.copy(src, dst)
    with h5py.File(dst, "r+") as f:
        for name in ("joints", "events", "bodies/points"):
            if name in f:
                del f[name]

globals()[sys.argv[1]](*sys.argv[2:])
PY

x="$tmp/x.h5"
expect "a short slider-crank run" 0 "$cli" run models/slider_crank.json -o "$x" --t-end 0.005 --quiet
check "/bodies/points: centre, joint points as in the model" points "$x"

# ---- plot
expect "plot --help" 0 tools/viz/plot --help
contains "--help lists the per-joint figures" "$tmp/out" "hysteresis"
expect "plot --list" 0 tools/viz/plot --list "$x"
contains "--list: coordinates" "$tmp/out" "coordinates"
if grep -q "orbit" "$tmp/out"; then bad "--list offers an orbit without /joints"; else ok; fi
expect "plot" 0 tools/viz/plot "$x" -o "$tmp/plots"
check "plot: coordinates, lambda, drivers, energy, drift, torque_cycles are PNGs" pngs \
  "$tmp/plots" coordinates lambda drivers energy drift torque_cycles
[ "$(ls "$tmp/plots" | wc -l)" -eq 6 ] && ok || bad "plot without /joints wrote $(ls "$tmp/plots")"
expect "plot --only energy" 0 tools/viz/plot "$x" -o "$tmp/only" --only energy
[ "$(ls "$tmp/only")" = "energy.png" ] && ok || bad "--only energy wrote $(ls "$tmp/only")"
expect "plot --only unknown is a usage error" 1 tools/viz/plot "$x" --only nonsense -o "$tmp/nonsense"
printf 'not hdf5' >"$tmp/junk.h5"
expect "plot on a file that is not HDF5 is bad input" 2 tools/viz/plot "$tmp/junk.h5" -o "$tmp/junk"
expect "plot on a missing file is bad input" 2 tools/viz/plot "$tmp/none.h5" -o "$tmp/none"

# ---- animate: 0.005 s at 1e-4 s per row is 51 rows, all of them frames by default
expect "animate" 0 tools/viz/animate "$x" -o "$tmp/x.gif"
check "animate: a GIF of 51 frames" image "$tmp/x.gif" GIF 51
expect "animate --every 10" 0 tools/viz/animate "$x" -o "$tmp/e.gif" --every 10 --fps 5
check "animate --every 10: rows 0, 10, …, 50" image "$tmp/e.gif" GIF 6
expect "animate to an unknown format is a usage error" 1 tools/viz/animate "$x" -o "$tmp/x.avi"

# ---- export
expect "export --list" 0 tools/viz/export --list "$x"
contains "export --list: body positions" "$tmp/out" "bodies/position"
expect "export everything" 0 tools/viz/export "$x" -o "$tmp/all.csv"
# time, 3 × 4 bodies × 3 coordinates, 9 multipliers, 2 drifts, the motor, 7 energies
check "export: every CSV number is the HDF5 number" csv_equal "$x" "$tmp/all.csv" 56
expect "export a group and a dataset" 0 tools/viz/export "$x" energy drivers/motor/reaction -o "$tmp/e.csv"
check "export energy: named columns" csv_header "$tmp/e.csv" time energy/kinetic \
  energy/potential energy/strain energy/dissipated energy/driver_work energy/applied_work \
  energy/balance_error drivers/motor/reaction
expect "export bodies/position to stdout" 0 tools/viz/export "$x" bodies/position -o -
head -1 "$tmp/out" | grep -qF "time [s],bodies/position/ground/x [m],bodies/position/ground/y [m],bodies/position/ground/theta [rad],bodies/position/crank/x [m]" && ok \
  || bad "bodies/position header: $(head -1 "$tmp/out" | cut -c1-200)"
expect "export of an unknown dataset is a usage error" 1 tools/viz/export "$x" bodies/nothing -o "$tmp/nothing.csv"
expect "export the run's events: none" 0 tools/viz/export "$x" events -o "$tmp/none.csv"
[ "$(cat "$tmp/none.csv")" = "joint,region,corner,t_on [s],t_off [s],impact_velocity [m/s],max_penetration [m],max_force [N]" ] && ok \
  || bad "events of an ideal run: $(cat "$tmp/none.csv")"
tr="$tmp/translational.h5"
expect "a translational joint's run" 0 "$cli" run models/slider_crank_translational.json -o "$tr" --t-end 0.01 --quiet
expect "export a joint's corners" 0 tools/viz/export "$tr" joints/guide/corners/normal_force -o "$tmp/corners.csv"
[ "$(head -1 "$tmp/corners.csv")" = "time [s],joints/guide/corners/normal_force/front_top [N],joints/guide/corners/normal_force/rear_top [N],joints/guide/corners/normal_force/rear_bottom [N],joints/guide/corners/normal_force/front_bottom [N]" ] && ok \
  || bad "a joint's corners by name: $(head -1 "$tmp/corners.csv")"

check "clearance geometry: bearing, slot and curved slot" shapes

# ---- a file without /joints, /events and /bodies/points
s="$tmp/stripped.h5"
check "make the stripped file" strip "$x" "$s"
expect "plot without /joints and /events" 0 tools/viz/plot "$s" -o "$tmp/splots"
[ "$(ls "$tmp/splots" | wc -l)" -eq 6 ] && ok || bad "stripped plot wrote $(ls "$tmp/splots")"
expect "animate without /bodies/points" 0 tools/viz/animate "$s" -o "$tmp/s.gif" --every 10
check "animate without /bodies/points: a GIF" image "$tmp/s.gif" GIF 6
expect "export events without /events is a usage error" 1 tools/viz/export "$s" events -o "$tmp/no.csv"
[ ! -e "$tmp/no.csv" ] && ok || bad "a refused export left $tmp/no.csv"

# ---- a file with clearance joints and contact events
j="$tmp/joints.h5"
check "make the clearance-joint file" fake_joints "$x" "$j"
# the whole-run figures were made above; here the per-joint ones and the compound /events
expect "plot with /joints" 0 tools/viz/plot "$j" -o "$tmp/jplots" --only orbit contact contact_angle hysteresis events
[ "$(ls "$tmp/jplots" | wc -l)" -eq 5 ] && ok || bad "plot --only with /joints wrote $(ls "$tmp/jplots")"
check "plot /joints: the joint's figures and the events are PNGs" pngs "$tmp/jplots" \
  orbit-B contact-B contact_angle-B hysteresis-B events
expect "plot --list with /joints" 0 tools/viz/plot --list "$j"
contains "--list names the joint's orbit" "$tmp/out" "orbit-B"
expect "animate with /joints" 0 tools/viz/animate "$j" -o "$tmp/j.gif" --magnify 20 --every 5
check "animate /joints: a GIF" image "$tmp/j.gif" GIF 11
contains "the magnification is stated" "$tmp/out" "clearance gaps ×20"
expect "export a joint" 0 tools/viz/export "$j" joints/B -o "$tmp/jb.csv"
# time and the 9 datasets of joints/B, eccentricity and contact_point 2 columns each
check "export joints/B: CSV = HDF5" csv_equal "$j" "$tmp/jb.csv" 12
expect "export events" 0 tools/viz/export "$j" events -o "$tmp/ev.csv"
check "export events: CSV = /events" events_equal "$j" "$tmp/ev.csv"

# ---- the engine's own clearance joint: the slider-crank with a clearance at C, 0.005 s
c="$tmp/c.h5"
expect "a short run with a clearance joint" 0 "$cli" run models/slider_crank_clearance.json -o "$c" --t-end 0.005 --quiet
check "/bodies/points: with the clearance joint's hole and pin centres" points "$c"
expect "plot the clearance run" 0 tools/viz/plot "$c" -o "$tmp/cplots"
check "plot clearance run: the joint's figures and the events are PNGs" pngs "$tmp/cplots" \
  orbit-C contact-C contact_angle-C hysteresis-C events
expect "animate the clearance run" 0 tools/viz/animate "$c" -o "$tmp/c.gif" --every 10
contains "the clearance run's gap is magnified" "$tmp/out" "clearance gaps ×"
expect "export the clearance joint" 0 tools/viz/export "$c" joints/C -o "$tmp/cj.csv"
# (time, the 10 contact series with eccentricity and contact_point 2 columns each, and the
# film and wear series film_force (2 columns), eccentricity_ratio, min_film_thickness,
# film_regime, wear_volume)
check "export joints/C: CSV = HDF5" csv_equal "$c" "$tmp/cj.csv" 19
expect "export the engine's events" 0 tools/viz/export "$c" events -o "$tmp/cev.csv"
check "export events (a group of columns): CSV = /events" events_equal "$c" "$tmp/cev.csv"

# ---- a translational clearance joint: the block's tilt figure, and the block and its walls
t="$tmp/t.h5"
expect "a short run with a translational clearance joint" 0 "$cli" run models/slider_crank_translational.json -o "$t" --t-end 0.004 --quiet
expect "plot the translational run" 0 tools/viz/plot "$t" -o "$tmp/tplots" --only orbit tilt contact
check "plot translational run: orbit, tilt and contact PNGs" pngs "$tmp/tplots" \
  orbit-guide tilt-guide contact-guide
expect "animate the translational run" 0 tools/viz/animate "$t" -o "$tmp/t.gif" --every 20
check "animate translational run: a GIF" image "$tmp/t.gif" GIF 11

# ---- the Python first on PATH: the tools re-run themselves under Debian's when it lacks h5py
if command -v python3 >/dev/null && ! python3 -c 'import h5py, numpy, matplotlib' 2>/dev/null; then
  expect "tools under a python3 without h5py re-run under $py" 0 python3 tools/viz/export --list "$x"
  contains "…and work" "$tmp/out" "bodies/position"
  CLEARSIM_TOOLS_REEXEC=1 expect "no usable Python: exit 2" 2 python3 tools/viz/plot --list
  contains "…naming the Debian packages" "$tmp/err" "python3-h5py python3-numpy python3-matplotlib python3-pil"
else
  echo "skip: the python3 on PATH has h5py, so there is no re-execution to test"
fi

finish
