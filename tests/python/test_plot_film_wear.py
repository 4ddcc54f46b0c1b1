"""tools/viz/plot's film and wear figures (issue 15): for the lubricated slider-crank the film over
time (ε, h_min, film force, regime) and the journal orbit by regime; for the worn journal and
the worn slot the volume over time and the depth profile (polar around the bearing, along the
slot's wall). The PNGs are written, and each figure draws the file's own numbers. Skipped when
Debian's Python lacks matplotlib or h5py."""
import os
import subprocess
import sys

import pytest

h5py = pytest.importorskip("h5py")
np = pytest.importorskip("numpy")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from plot_loader import load_plot  # noqa: E402

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
PNG = b"\x89PNG\r\n\x1a\n"
RUNS = {"lub": ("models/slider_crank_lubricated.json", "0.01"),
        "journal": ("models/journal_wear.json", "0.1"),
        "slot": ("models/slot_wear.json", "0.3")}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("runs")
    out = {}
    for key, (model, t_end) in RUNS.items():
        out[key] = str(d / (key + ".h5"))
        subprocess.run([CLI, "run", model, "-o", out[key], "--t-end", t_end, "--quiet"],
                       check=True)
    return out


@pytest.fixture(scope="module")
def plot():
    return load_plot().figures  # the figure code tools/viz/plot calls


def lines(ax):
    return [(np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float))
            for line in ax.get_lines()]


@pytest.mark.parametrize("key,names", [
    ("lub", ["film-C", "film_orbit-C"]),
    ("journal", ["wear-J", "wear_profile-J"]),
    ("slot", ["wear-S", "wear_profile-S"])])
def test_plot_writes_the_figures(runs, key, names, tmp_path):
    out = tmp_path / "png"
    subprocess.run([sys.executable, "tools/viz/plot", runs[key], "-o", str(out), "--only",
                    "film", "film_orbit", "wear", "wear_profile"], check=True,
                   capture_output=True)
    assert sorted(p[:-4] for p in os.listdir(out)) == sorted(names)
    for name in names:
        with open(out / (name + ".png"), "rb") as f:
            assert f.read(8) == PNG, name


def test_film_draws_the_files_series(runs, plot):
    run = plot.rf.Run(runs["lub"])
    j, = run.joints()
    fig = plot.film(run, j)
    axes = fig.axes
    t = run.time
    x, eps = lines(axes[0])[0]
    assert np.array_equal(x, t) and np.array_equal(eps, j["eccentricity_ratio"])
    # the boundary line: 1 − h_b/c with the loader's default h_b (1 % of c: no roughness), as
    # the file records it (/joints/C attribute boundary_film)
    assert j.boundary_film == pytest.approx(0.01 * j.clearance, rel=1e-12)
    eps_b = lines(axes[0])[1][1][0]
    assert eps_b == pytest.approx(0.99, rel=1e-12)
    f = j["film_force"]
    assert np.array_equal(lines(axes[2])[0][1], np.hypot(f[:, 0], f[:, 1]))
    assert np.array_equal(lines(axes[3])[0][1], j["film_regime"])
    assert np.all(j["film_regime"] == 1)  # the slider-crank's film holds (models/README.md)
    orbit = plot.film_orbit(run, j)
    ax = orbit.axes[0]
    wall = lines(ax)[0]
    assert np.hypot(*wall) == pytest.approx(j.clearance * 1e3, rel=1e-12)  # mm
    e = j["eccentricity"]
    assert np.array_equal(lines(ax)[2][0], e[:, 0] * 1e3)  # the full film's points
    # a dry or unworn joint has none of these figures
    assert plot.wear(run, j) is None and plot.wear_profile(run, j) is None


def test_wear_draws_the_files_profile(runs, plot):
    run = plot.rf.Run(runs["journal"])
    j, = run.joints()
    assert j.boundary_film is None  # a dry joint records none
    assert plot.film(run, j) is None
    fig = plot.wear(run, j)
    assert np.array_equal(lines(fig.axes[0])[0][1], j["wear_volume"] * 1e9)
    prof = plot.wear_profile(run, j)
    theta, r = lines(prof.axes[0])[0]
    depth = j.group["wear_depth"][()]
    angle = j.group["wear_angle"][()]
    assert np.array_equal(theta[:-1], angle) and np.allclose(r[:-1], depth * 1e6, rtol=1e-14)
    # the deepest node's marker sits where the contact pressed: below, tilted by atan(mu)
    th_max = lines(prof.axes[0])[1][0][0]
    assert abs(np.angle(np.exp(1j * (th_max + np.pi / 2 + np.arctan(0.1))))) < 0.05


def test_slot_profile_along_the_wall(runs, plot):
    run = plot.rf.Run(runs["slot"])
    j, = run.joints()
    prof = plot.wear_profile(run, j)
    ax = prof.axes[0]
    s, d = lines(ax)[0]
    pos = j.group["wear_position"][()]
    assert np.allclose(s, pos * 1e3, rtol=1e-14)
    depth = j.group["wear_depth"][()]
    scale = 1e6 if depth.max() * 1e3 < 0.5 else 1e3
    assert np.allclose(d, depth * scale, rtol=1e-14)
    # the region marks: the lower track ends at 60 mm, the front cap at 60 + 5π mm
    marks = sorted(line[0][0] for line in lines(ax)[1:])
    assert marks == pytest.approx([0.0, 60.0, 60 + 5 * np.pi, 120 + 5 * np.pi], rel=1e-12)
    # in 0.3 s the pin went from x = 0 out to +20 mm and back to +11.8 mm: the wear lies on
    # the lower track's s = 30 … 50 mm (node spacing 0.126 mm)
    worn = pos[depth > 1e-3 * depth.max()]
    assert worn.min() > 0.0299 and worn.max() < 0.0503
