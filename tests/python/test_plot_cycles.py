"""tools/viz/plot's figures of the field: the contact force and the driving torque against the
crank angle, one line per turn, over the ideal mechanism (--ideal), with the transient dropped
(--t-start) and the peaks labelled by what they are. Each figure is checked to draw the files'
own numbers: the turns' lines are the rows folded by the crank angle, the dashed curve is the
ideal joint's |reaction|, the two peaks are the rows' maximum and the event table's."""
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
T_END, T_START = "0.06", 0.024  # five turns at 5000 r/min; the first two dropped


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("cycles")
    out = {}
    for key, model in (("clearance", "models/slider_crank_clearance.json"),
                       ("ideal", "models/slider_crank.json")):
        out[key] = str(d / (key + ".h5"))
        subprocess.run([CLI, "run", model, "-o", out[key], "--t-end", T_END, "--quiet"],
                       check=True)
    return out


@pytest.fixture(scope="module")
def plot():
    return load_plot().figures  # the figure code tools/viz/plot calls


def drawn(plot, run, y):
    """y's rows that a turn's line holds (a turn of a single row draws no line)."""
    _, turns, _ = plot._fold(run)
    counts = dict(zip(*np.unique(turns, return_counts=True)))
    return np.sort(y[[counts[t] > 1 for t in turns]])


def run_of(plot, files, t_start=T_START):
    run = plot.rf.Run(files["clearance"], t_start)
    run.ideal = plot.rf.Run(files["ideal"], t_start)
    return run


def test_t_start_drops_the_transient(plot, files):
    full, cut = plot.rf.Run(files["clearance"]), plot.rf.Run(files["clearance"], T_START)
    assert cut.time[0] >= T_START and cut.time[0] - T_START < 1.5e-5
    k = full.n - len(cut.time)
    assert np.array_equal(cut.series("joints/C/normal_force"),
                          full.series("joints/C/normal_force")[k:])
    ev_full, ev_cut = full.events(), cut.events()
    assert 0 < len(ev_cut["t_on"]) < len(ev_full["t_on"])
    assert np.array_equal(ev_cut["t_on"], ev_full["t_on"][ev_full["t_on"] >= cut.time[0]])
    with pytest.raises(ValueError, match="after the last row"):
        plot.rf.Run(files["clearance"], 1.0)


def test_force_per_turn_over_the_ideal_joint(plot, files):
    run = run_of(plot, files)
    (j,) = run.joints()
    fig = plot.force_cycles(run, j)
    ax = fig.axes[0]
    # the turns: every row of the window, folded by the crank angle
    segs = ax.collections[0].get_segments()
    ang = np.concatenate([s[:, 0] for s in segs])
    force = np.concatenate([s[:, 1] for s in segs])
    theta = run.positions()[:, run.body_index("crank"), 2]
    assert np.array_equal(np.sort(force), drawn(plot, run, j["normal_force"]))
    assert len(force) >= run.n - run.first - 1
    assert ang.min() >= 0.0 and ang.max() < 360.0
    assert len(segs) >= len(np.unique(np.floor(theta / (2 * np.pi) + 1e-9))) - 1 >= 3
    # the ideal joint's |reaction| over one whole turn, at its own crank angles
    ideal = run.ideal
    lam = ideal.series("constraints/lambda")
    rows = [ideal.constraint_names.index(n) for n in ("C.x", "C.y")]
    ref = np.hypot(lam[:, rows[0]], lam[:, rows[1]])
    (dashed,) = [ln for ln in ax.get_lines() if ln.get_linestyle() == "--"]
    x, y = np.asarray(dashed.get_xdata()), np.asarray(dashed.get_ydata())
    assert np.ptp(x) > 350.0 and np.all(np.diff(x) >= 0)
    assert all(np.any(np.isclose(v, ref, rtol=0, atol=1e-9 * ref.max())) for v in y)
    # peaks, each said to be what it is
    labels = ax.get_legend_handles_labels()[1]
    rows_peak = [s for s in labels if "peak of the rows" in s]
    event_peak = [s for s in labels if "event table" in s]
    assert rows_peak and ("%.4g N" % j["normal_force"].max()) in rows_peak[0]
    ev = run.events()
    assert event_peak and ("%.4g N" % ev["max_force"].max()) in event_peak[0]
    assert ev["max_force"].max() >= j["normal_force"].max()
    assert "over the ideal mechanism" in fig._suptitle.get_text()


def test_torque_per_turn_over_the_ideal_mechanism(plot, files):
    run = run_of(plot, files)
    fig = plot.torque_cycles(run)
    ax = fig.axes[0]
    torque = np.concatenate([s[:, 1] for s in ax.collections[0].get_segments()])
    assert np.array_equal(np.sort(torque), drawn(plot, run, run.series("drivers/motor/reaction")))
    (dashed,) = [ln for ln in ax.get_lines() if ln.get_linestyle() == "--"]
    ideal = run.ideal.series("drivers/motor/reaction")
    y = np.asarray(dashed.get_ydata())
    assert all(np.any(np.isclose(v, ideal, rtol=0, atol=1e-9 * abs(ideal).max())) for v in y)


def test_the_command_line_writes_them(files, tmp_path):
    out = tmp_path / "figs"
    p = subprocess.run(["/usr/bin/python3", "tools/viz/plot", files["clearance"], "--ideal",
                        files["ideal"], "--t-start", str(T_START), "--only", "force_cycles",
                        "torque_cycles", "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    for name in ("force_cycles-C.png", "torque_cycles.png"):
        with open(out / name, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    p = subprocess.run(["/usr/bin/python3", "tools/viz/plot", files["clearance"], "--t-start",
                        "5"], capture_output=True, text=True)
    assert p.returncode == 1 and "after the last row" in p.stderr
    with h5py.File(files["clearance"], "r") as f:
        assert f.attrs["status"] == "complete"
