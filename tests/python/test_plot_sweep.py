"""tools/viz/plot on a sweep summary, as a designer reads it: axes in words and units (a
hole radius swept is shown as the radial clearance in mm, an angle driver's speed in r/min),
no panel of round-off (a crank driven at constant speed has no angular acceleration), the
figures split by what they are about, and the peak contact force mapped over two parameters,
each cell the summary's own figure."""
import json
import os
import subprocess

import h5py
import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from plot_loader import load_plot  # noqa: E402

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
RADII = [0.0096, 0.0098]
SPEEDS = [104.71975511965977, 314.1592653589793]  # 1000, 3000 r/min


@pytest.fixture(scope="module")
def summary(tmp_path_factory):
    d = tmp_path_factory.mktemp("sweep")
    study = {"name": "s", "model": os.path.abspath("models/slider_crank_clearance.json"),
             "t_end": 0.012, "parameters": [
                 {"path": "/clearance_joints/0/hole_radius", "values": RADII},
                 {"path": "/drivers/0/motion/velocity", "values": SPEEDS}]}
    (d / "s.json").write_text(json.dumps(study))
    subprocess.run([CLI, "sweep", str(d / "s.json"), "-o", str(d / "s.h5"), "--quiet"],
                   check=True)
    return str(d / "s.h5")


@pytest.fixture(scope="module")
def ps():
    return load_plot().plot_sweep


def test_axes_in_words_and_units(ps, summary):
    s = ps.Summary(summary)
    clearance, speed = s.axes
    assert clearance.text() == "radial clearance of C (mm) (by its hole radius)"
    assert np.allclose(clearance.values(RADII), [0.1, 0.3])
    assert speed.text() == "speed of motor (r/min)"
    assert np.allclose(speed.values(SPEEDS), [1000.0, 3000.0])
    fig = ps.against(s, 1)
    assert fig.axes[0].get_xlabel() == "speed of motor (r/min)"
    legend = fig.axes[0].get_legend_handles_labels()[1]
    assert legend == ["radial clearance of C = 0.1 mm", "radial clearance of C = 0.3 mm"]


def test_no_round_off_panel_and_figures_by_subject(ps, summary):
    s = ps.Summary(summary)
    acc = [label for label, _, _ in s.figures("accelerations")]
    assert "peak |θ''|, body crank" not in acc  # driven at constant speed: round-off
    assert "peak |θ''|, body rod" in acc
    with h5py.File(summary, "r") as f:
        crank = f["cases/bodies/crank/max_abs_acceleration"][:, 2]
        rod = f["cases/bodies/rod/max_abs_acceleration"][:, 2]
    assert 0 < crank.max() < 1e-6 * rod.max()  # what the rule drops is round-off indeed
    mech = [label for label, _, _ in s.figures("mechanism")]
    assert mech[:3] == ["peak contact force, joint C", "peak penetration, joint C",
                        "contacts, joint C"]
    assert [label for label, _, _ in s.figures("solver")] == [
        "|energy balance error| (worst)", "integrator steps", "wall time"]
    assert not set(mech) & set(acc)


def test_peak_force_map_holds_the_summarys_figures(ps, summary):
    s = ps.Summary(summary)
    fig = ps.force_map(s, 0, 1, "C")
    mesh = fig.axes[0].collections[0]
    grid = np.asarray(mesh.get_array()).reshape(2, 2)  # rows: speeds, columns: clearances
    with h5py.File(summary, "r") as f:
        p, force = f["cases/parameters"][:], f["cases/joints/C/max_force"][:]
    for i in range(len(p)):
        r, c = SPEEDS.index(p[i, 1]), RADII.index(p[i, 0])
        assert grid[r, c] == pytest.approx(force[i] / 1e3, rel=1e-12)
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert {"%.3g" % (v / 1e3) for v in force} == texts


def test_the_command_writes_every_figure(summary, tmp_path):
    p = subprocess.run(["/usr/bin/python3", "tools/viz/plot", summary, "-o", str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    names = sorted(os.listdir(tmp_path))
    assert names == sorted(["vs-hole_radius.png", "accelerations-vs-hole_radius.png",
                            "solver-vs-hole_radius.png", "vs-velocity.png",
                            "accelerations-vs-velocity.png", "solver-vs-velocity.png",
                            "map-C.png"])


def test_export_writes_the_summary_one_row_per_case(summary, tmp_path):
    import csv
    out = tmp_path / "s.csv"
    p = subprocess.run(["/usr/bin/python3", "tools/viz/export", summary, "-o", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    assert head[:4] == ["/clearance_joints/0/hole_radius [m]",
                        "/drivers/0/motion/velocity [rad/s]", "status", "message"]
    assert "joints/C/max_force [N]" in head and "drivers/motor/rms_reaction [N·m]" in head
    with h5py.File(summary, "r") as f:
        c = f["cases"]
        assert len(body) == len(c["status"]) == 4
        k = head.index("joints/C/max_force [N]")
        assert [float(r[k]) for r in body] == list(c["joints/C/max_force"][:])
        assert [[float(r[0]), float(r[1])] for r in body] == c["parameters"][:].tolist()
    p = subprocess.run(["/usr/bin/python3", "tools/viz/export", summary, "joints", "-o",
                        str(tmp_path / "x.csv")], capture_output=True, text=True)
    assert p.returncode == 1 and "exported whole" in p.stderr


def test_bifurcation_coloured_by_regime(ps, tmp_path):
    """Each case's Poincaré samples classified (clearsim.chaos): a case made period-2 and one
    made period-1 are drawn in their regimes' colours and named in the legend."""
    study = {"name": "b", "model": os.path.abspath("models/slider_crank_clearance.json"),
             "t_end": 0.3, "poincare": True,
             "parameters": [{"path": "/drivers/0/motion/velocity", "values": SPEEDS}]}
    (tmp_path / "b.json").write_text(json.dumps(study))
    subprocess.run([CLI, "sweep", str(tmp_path / "b.json"), "-o", str(tmp_path / "b.h5"),
                    "--quiet"], check=True)
    with h5py.File(tmp_path / "b.h5", "r+") as f:
        e = f["cases/poincare/C"]
        k = e.shape[1]
        e[0] = np.tile([[1e-4, 2e-4]], (k, 1))                                   # period 1
        e[1] = np.array([[1e-4, 2e-4], [3e-4, -1e-4]] * k)[:k]                   # period 2
    s = ps.Summary(str(tmp_path / "b.h5"))
    assert ps.regimes(s, "C") == ["period-1", "period-2"]
    fig = ps.bifurcation(s, 0, "C")
    labels = fig.axes[0].get_legend_handles_labels()[1]
    assert labels == ["period-1", "period-2"]
    colours = {ln.get_label(): ln.get_color() for ln in fig.axes[0].get_lines()}
    assert colours["period-1"] == "C0" and colours["period-2"] == "C2"
    assert "by regime" in fig._suptitle.get_text()
