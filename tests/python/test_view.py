"""tools/viz/view's page, loaded in headless Chromium: the page writes its state on <body>
(frame, output row, time, every moving body's points and every clearance joint's pin centre in
the world, their screen positions, any error), and each is checked against the run file read
here with h5py: the frame a #t=… opens is the nearest drawn row, the drawn points are the
bodies' poses applied to /bodies/points, the pin is the hole body's pose applied to the hole
reference plus the eccentricity magnified by the stated factor. Chromium is Debian's package
`chromium` (tools/setup installs it); screenshots are left in the test's temporary folder."""
import concurrent.futures
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys

import h5py
import numpy as np
import pytest

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
VIEW = "tools/viz/view"
MODELS = {"clearance": "models/slider_crank_clearance.json",   # a clearance joint, a driver
          "ideal": "models/slider_crank.json",                 # ideal joints, a driver
          "pendulum": "models/pendulum.json",                  # no driver, no clearance joint
          "translational": "models/slider_crank_translational.json"}  # a block in its guide
PLOTS = {"clearance": 4, "ideal": 3, "pendulum": 2, "translational": 4}
DECIMATED = 300  # --max-frames of the decimated page


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("chromium not found: this test loads the page in Debian's chromium, "
                    "which tools/setup installs (apt-get install chromium)", pytrace=False)
    return path


class BodyTag(html.parser.HTMLParser):
    """The attributes of the first <body> tag."""

    def __init__(self):
        super().__init__()
        self.attrs = None

    def handle_starttag(self, tag, attrs):
        if tag == "body" and self.attrs is None:
            self.attrs = dict(attrs)


def load(page, fragment, tmp, shot=None, width=1200):
    """The page's <body> attributes (and its DOM) once loaded at #fragment in headless
    Chromium, a screenshot saved when asked."""
    profile = tmp / ("profile-%s-%s" % (os.path.basename(page), re.sub(r"\W", "_", fragment)))
    cmd = [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--user-data-dir=%s" % profile, "--window-size=%d,900" % width,
           "--virtual-time-budget=3000", "--dump-dom"]
    if shot:
        cmd.append("--screenshot=%s" % shot)
    cmd.append("file://%s#%s" % (os.path.abspath(page), fragment))
    # not the sanitizers' runtimes an ASan build preloads for Python: Chromium hangs under them
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS")}
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    tag = BodyTag()
    tag.feed(out.stdout)
    assert tag.attrs is not None, "no <body> in the page's DOM:\n" + out.stdout[:2000]
    return tag.attrs, out.stdout


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every model run, and its page (the clearance run's also decimated)."""
    chromium()
    d = tmp_path_factory.mktemp("view")
    out = {key: (str(d / (key + ".h5")), str(d / (key + ".html"))) for key in MODELS}
    out["decimated"] = (out["clearance"][0], str(d / "decimated.html"))

    def make(key):
        h5, page = out[key]
        if key in MODELS:
            subprocess.run([CLI, "run", MODELS[key], "-o", h5, "--quiet"], check=True)
        subprocess.run([sys.executable, VIEW, h5, "-o", page] +
                       (["--max-frames", str(DECIMATED)] if key == "decimated" else []),
                       check=True, stdout=subprocess.DEVNULL)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(make, MODELS))
        make("decimated")
    return d, out


SHOTS = (("clearance", 0.004), ("clearance", 0.017), ("translational", 0.011),
         ("pendulum", 0.8))


@pytest.fixture(scope="module")
def loaded(pages):
    """Each page at a time about half-way through its run, and the screenshots' pages (all
    loaded at once): {key: (t, <body> attributes, DOM)}, the screenshots' keys (name, t)."""
    d, out = pages
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for key, (h5, page) in out.items():
            with h5py.File(h5, "r") as f:
                t = 0.4567 * float(f["time"][-1])
            jobs[key] = (t, pool.submit(load, page, "t=%.9g" % t, d))
        for key, t in SHOTS:
            png = str(d / ("%s_t%g.png" % (key, t)))
            jobs[(key, t)] = (png, pool.submit(load, out[key][1], "t=%g" % t, d, png))
        return {k: (t,) + job.result() for k, (t, job) in jobs.items()}


def points_of(f, body):
    """A body's distinct points in its frame, as /bodies/points lists them."""
    rows = f["bodies/points"][()]
    out = []
    for x, y in rows[rows[:, 0] == body, 1:]:
        if not any(abs(x - u) < 1e-12 and abs(y - v) < 1e-12 for u, v in out):
            out.append((x, y))
    return np.array(out)


def world(pose, local):
    c, s = np.cos(pose[2]), np.sin(pose[2])
    return np.column_stack((pose[0] + c * local[:, 0] - s * local[:, 1],
                            pose[1] + s * local[:, 0] + c * local[:, 1]))


def model_of(f):
    return json.loads(f["model"][()])


@pytest.mark.parametrize("key", list(MODELS) + ["decimated"])
def test_page_opens_at_the_asked_time_without_error(loaded, pages, key):
    t, body, dom = loaded[key]
    assert body.get("data-ready") == "1", body
    with h5py.File(pages[1][key][0], "r") as f:
        model = f.attrs["model_name"]
    meta = re.search(r'<div id="meta">([^<]*)</div>', dom).group(1)
    assert "model %s" % model in meta and "status complete" in meta, meta
    assert re.search(r'<h1 id="title">%s: mechanism' % model, dom)
    assert not body.get("data-error"), "the page reported an error: %s" % body["data-error"]
    with h5py.File(pages[1][key][0], "r") as f:
        time = f["time"][:int(f["rows"][()])]
    frames = int(body["data-frames"])
    every = 1 if key != "decimated" else int(np.ceil((len(time) - 1) / (DECIMATED - 1)))
    rows = list(range(0, len(time), every))
    assert frames == len(rows) + (rows[-1] != len(time) - 1)
    assert frames <= (DECIMATED if key == "decimated" else 4000)
    row = int(body["data-row"])
    assert float(body["data-time"]) == pytest.approx(time[row], rel=1e-8, abs=1e-12)
    # the frame is the drawn row nearest t: within half a decimated step
    step = every * (time[1] - time[0])
    assert abs(time[row] - t) <= 0.5 * step * (1 + 1e-9), (t, time[row], step)
    assert int(body["data-plots"]) == PLOTS.get(key, PLOTS["clearance"])


@pytest.mark.parametrize("key", list(MODELS) + ["decimated"])
def test_drawn_bodies_are_the_files_poses(loaded, pages, key):
    """Every moving body's drawn points: its pose at the row shown applied to its points;
    and on the screen, one scale for x and y (y up)."""
    _, body, _ = loaded[key]
    row = int(body["data-row"])
    drawn = json.loads(body["data-world"])
    screen = json.loads(body["data-screen"])
    with h5py.File(pages[1][key][0], "r") as f:
        names = [n.decode() for n in f["bodies/names"][()]]
        ground = {b["name"] for b in model_of(f)["bodies"] if b.get("ground")}
        moving = [n for n in names if n not in ground]
        assert sorted(drawn) == sorted(moving)
        assert int(body["data-bodies"]) == len(moving)
        q = f["bodies/position"][row]
        for name in moving:
            b = names.index(name)
            want = world(q[b], points_of(f, b))
            np.testing.assert_allclose(np.array(drawn[name]), want, rtol=0, atol=1e-8,
                                       err_msg="body %s at row %d" % (name, row))
    w = np.concatenate([np.array(drawn[n]) for n in moving])
    s = np.concatenate([np.array(screen[n]) for n in moving])
    # x_screen = a + k x, y_screen = b - k y: one k fitted to both
    A = np.zeros((2 * len(w), 3))
    A[0::2, 0], A[0::2, 2] = 1, w[:, 0]
    A[1::2, 1], A[1::2, 2] = 1, -w[:, 1]
    fit, *_ = np.linalg.lstsq(A, s.ravel(), rcond=None)
    assert fit[2] > 0
    assert np.abs(A @ fit - s.ravel()).max() < 0.02  # px (the page rounds to 0.01)
    assert (s[:, 0] > 0).all() and (s[:, 0] < 1200).all() and (s[:, 1] > 0).all()


def test_pin_is_drawn_at_the_magnified_eccentricity(loaded, pages):
    """The pin centre: hole reference + F × eccentricity, in the hole body's frame at the
    row shown (a bearing's centre curve is a point)."""
    _, body, _ = loaded["clearance"]
    row, F = int(body["data-row"]), float(body["data-magnify"])
    assert F >= 1 and int(body["data-gaps"]) == 1
    pin = np.array(json.loads(body["data-pins"])["C"])
    with h5py.File(pages[1]["clearance"][0], "r") as f:
        spec = next(j for j in model_of(f)["clearance_joints"] if j["name"] == "C")
        names = [n.decode() for n in f["bodies/names"][()]]
        q = f["bodies/position"][row, names.index(spec["body1"])]
        e = f["joints/C/eccentricity"][row]
        assert f["joints/C"].attrs["clearance"] * F > 1e-3  # visibly magnified
    want = world(q, (np.array(spec.get("point1", [0, 0])) + F * e)[None])[0]
    np.testing.assert_allclose(pin, want, rtol=0, atol=1e-8)
    assert int(loaded["ideal"][1]["data-gaps"]) == 0
    assert int(loaded["pendulum"][1]["data-gaps"]) == 0


def page_data(page):
    text = open(page, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    return text, json.loads(m.group(1))


def test_page_is_self_contained_and_small(pages):
    _, out = pages
    for key, (h5, page) in out.items():
        text, data = page_data(page)
        assert not re.search(r"""(src|href|action)\s*=\s*["']?\s*(https?:)?//""", text, re.I), key
        assert not re.search(r"https?://|<link\b|@import|fetch\(|XMLHttpRequest|<iframe",
                             text, re.I), key
        assert len(text) < 2_000_000, (key, len(text))
        with h5py.File(h5, "r") as f:
            assert data["model"] == f.attrs["model_name"]
            assert data["status"] == "complete"


def test_force_arrow_from_the_wall_inwards_while_in_contact(pages):
    """The pin's arrow, in the hole body's frame: shown exactly while the normal force is
    positive, from the magnified wall (F c from the hole reference) towards the centre, as
    long as the force times the page's scale (the 90th percentile of the contact rows' force
    a quarter of the view), at most 0.4 of the view (forces above 1.6 times that reference)."""
    _, out = pages
    _, data = page_data(out["clearance"][1])
    gap, F = data["gaps"][0], data["magnify"]
    arrows = np.array([np.nan if v is None else v for v in gap["arrow"]]).reshape(-1, 2, 2)
    with h5py.File(out["clearance"][0], "r") as f:
        fn = f["joints/C/normal_force"][()]
        c = f["joints/C"].attrs["clearance"]
        hole = np.array(next(j for j in model_of(f)["clearance_joints"]
                             if j["name"] == "C").get("point1", [0, 0]))
    shown = np.isfinite(arrows[:, 0, 0])
    np.testing.assert_array_equal(shown, fn > 0)
    tail, head = arrows[shown, 0] - hole, arrows[shown, 1] - hole
    np.testing.assert_allclose(np.hypot(*tail.T), F * c, rtol=1e-7)
    length = np.hypot(*(tail - head).T)
    ref = np.percentile(fn[fn > 0], 90)
    scale = 0.25 * data["span"] / ref  # m per N
    assert data["force"]["scale"] == pytest.approx(scale, rel=1e-12)
    assert data["force"]["cap"] == pytest.approx(1.6 * ref, rel=1e-12)
    assert data["force"]["cap"] < fn.max()  # the start-up impact: cut
    np.testing.assert_allclose(length, scale * np.minimum(fn[shown], 1.6 * ref), rtol=1e-6,
                               atol=1e-9)
    inward = np.sum((tail - head) * tail, axis=1) / (length * np.hypot(*tail.T))
    np.testing.assert_allclose(inward[length > 1e-6], 1.0, atol=1e-6)  # along the radius, in


def test_the_page_states_the_force_scale(loaded, pages):
    """The arrows' scale on the page: the legend and the key drawn on the canvas say N per
    pixel, the pixels' k (px per m, fitted to the drawn bodies) times the m per N of the
    arrows; the key is a round force; the forces beyond the longest arrow are said."""
    _, body, dom = loaded["clearance"]
    _, data = page_data(pages[1]["clearance"][1])
    legend = re.search(r'<div id="legend">(.*?)</div></div>', dom, re.S).group(1)
    m = re.search(r"red arrow: the normal contact force while in contact, to the scale of "
                  r"the red key \(2 kN\): ([0-9.]+) N per pixel at this size", legend)
    assert m, legend
    per_px = float(body["data-force-per-pixel"])
    assert float(m.group(1)) == pytest.approx(per_px, rel=1e-3)
    drawn, screen = json.loads(body["data-world"]), json.loads(body["data-screen"])
    w, s = np.array(drawn["crank"]), np.array(screen["crank"])
    k = np.hypot(*(s[1] - s[0])) / np.hypot(*(w[1] - w[0]))  # px per m
    assert per_px == pytest.approx(1 / (data["force"]["scale"] * k), rel=1e-3)
    assert data["force"]["bar"] == 2000.0  # a round force near half the reference
    assert "drawn that long, dashed" in legend and "(up to 3" in legend
    assert "N per" in re.search(r'<h1 id="title">([^<]*)', dom).group(1)
    _, pend, _ = loaded["pendulum"]
    assert pend.get("data-force-per-pixel") == ""  # no contact, no scale


def test_decimated_page_keeps_the_peaks_and_says_so(pages, loaded):
    """Decimated, the plots keep each stretch's least and greatest value: the force's peak
    is the file's; the page says which rows it draws."""
    _, out = pages
    _, data = page_data(out["decimated"][1])
    assert data["every"] > 1 and len(data["frameRows"]) <= DECIMATED
    force = data["plots"][0]
    assert force["label"] == "C: normal force"
    with h5py.File(out["clearance"][0], "r") as f:
        fn = f["joints/C/normal_force"][()]
    assert max(v for v in force["hi"] if v is not None) == pytest.approx(fn.max(), rel=1e-8)
    assert max(v for v in force["value"] if v is not None) < fn.max()  # rows alone miss it
    dom = loaded["decimated"][2]
    assert re.search(r"one row in %d drawn \(%d frames\)" % (data["every"],
                                                             len(data["frameRows"])), dom)


def test_clicking_a_plot_moves_the_slider_and_play_pause(pages):
    """A click three quarters along a plot's time axis shows the frame nearest that time;
    then play moves the frames on and pause stops them (the clicks dispatched by a script
    added to a copy of the page, which notes the frames on <body>)."""
    d, out = pages
    text = open(out["clearance"][1], encoding="utf-8").read()
    script = """<script>
      const c = document.querySelectorAll("#plots canvas")[1], r = c.getBoundingClientRect();
      c.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerId: 7,
        clientX: r.left + 58 + 0.75 * (r.width - 66), clientY: r.top + 40}));
      B.dataset.clicked = B.dataset.time;
      const play = document.getElementById("play");
      play.click();
      setTimeout(() => {
        play.click();
        B.dataset.played = B.dataset.frame;
        setTimeout(() => { B.dataset.paused = B.dataset.frame; }, 500);
      }, 1000);
    </script></body>"""
    copy = d / "clicked.html"
    copy.write_text(text.replace("</body>", script), encoding="utf-8")
    body, _ = load(str(copy), "t=0", d)
    assert not body.get("data-error"), body["data-error"]
    with h5py.File(out["clearance"][0], "r") as f:
        time = f["time"][()]
    want = time[0] + 0.75 * (time[-1] - time[0])
    clicked = float(body["data-clicked"])
    assert abs(clicked - want) <= 0.5 * (time[1] - time[0]) + 1e-12, (clicked, want)
    clicked_frame = int(np.argmin(np.abs(time - clicked)))
    # played on from the clicked time at speed ×1, the whole run in 10 s: a tenth in 1 s
    played = int(body["data-played"]) - clicked_frame
    assert 0.5 * 0.1 * len(time) < played <= 1.05 * 0.1 * len(time) + 1, played
    assert body["data-paused"] == body["data-played"] == body["data-frame"]
    assert body["data-playing"] == "0"


def red_columns(png, left):
    """The x of the plot cursors' red pixels, right of `left` (the plots' column)."""
    from PIL import Image
    a = np.asarray(Image.open(png).convert("RGB"), dtype=int)[:, left:]
    red = (a[..., 0] > 170) & (a[..., 1] < 110) & (a[..., 2] < 110)
    cols = np.nonzero(red.sum(axis=0) > 60)[0]  # a cursor runs down the plot
    return cols + left


def test_screenshots_show_the_mechanism_moving(loaded):
    """Screenshots (left in the test's temporary folder): the clearance run's at two times
    differ in the mechanism, and the plots' cursor moved right."""
    from PIL import Image
    for key in SHOTS:
        assert not loaded[key][1].get("data-error"), (key, loaded[key][1]["data-error"])
    shots = [loaded[key][0] for key in SHOTS[:2]]
    a, b = (np.asarray(Image.open(p).convert("L"), dtype=int) for p in shots)
    assert a.shape == (900, 1200)
    mech = (slice(60, 600), slice(0, 690))
    assert (a[mech] < 200).sum() > 2000  # something drawn
    assert (np.abs(a[mech] - b[mech]) > 40).sum() > 200  # and it moved
    ca, cb = red_columns(shots[0], 700), red_columns(shots[1], 700)
    assert len(ca) and len(cb) and cb.min() > ca.max(), (ca, cb)
    print("screenshots in", os.path.dirname(shots[0]))


def test_not_a_run_file_is_a_clear_error(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not HDF5\n")
    other = tmp_path / "summary.h5"
    with h5py.File(other, "w") as f:
        f.attrs["status"] = "complete"
        f["cases/t_final"] = np.zeros(3)
    for path, message in ((text, "not a readable HDF5 file"), (other, "no simulation rows"),
                          (tmp_path / "missing.h5", "no such file")):
        r = subprocess.run([sys.executable, VIEW, str(path), "-o", str(tmp_path / "x.html")],
                           capture_output=True, text=True)
        assert r.returncode == 2, (path, r.stderr)
        assert r.stderr.startswith("view: ") and message in r.stderr, r.stderr
        assert "Traceback" not in r.stderr
        assert not (tmp_path / "x.html").exists()
    r = subprocess.run([sys.executable, VIEW], capture_output=True, text=True)
    assert r.returncode == 1 and "usage" in r.stderr
