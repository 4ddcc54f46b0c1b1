"""Result.plot: the figures of tools/viz/plot drawn from a notebook, by the same code
(clearsim.figures). Each figure is checked to hold the run's own numbers: the per-turn lines are
the rows folded by the crank angle (0-360 deg, one line per turn of the window), the dashed
curve the ideal joint's |reaction|, the peaks the rows' and the event table's; a run kept in
memory draws what its file draws through the CLI's reader; matplotlib is imported only when a
figure is asked for."""
import os
import subprocess
import sys

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import clearsim  # noqa: E402
from clearsim import figures, runfile  # noqa: E402

T_END, T_START = 0.06, 0.024  # five turns at 5000 r/min; the first two dropped


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("result_plot")
    out = {}
    for key, model in (("clearance", "models/slider_crank_clearance.json"),
                       ("ideal", "models/slider_crank.json")):
        with clearsim.Model.from_file(model) as m:
            out[key] = m.run(t_end=T_END, output=str(d / (key + ".h5")))
        out[key + "_file"] = str(d / (key + ".h5"))
    return out


def window(r):
    return r.time >= T_START - 1e-12


def turns_of(r):
    """The turn of each row of the window, from the crank's angle."""
    theta = r.position("crank")[window(r), 2]
    return np.floor(theta / (2 * np.pi) + 1e-9).astype(int)


def test_force_cycles_are_the_rows_folded_per_turn_over_the_ideal_joint(runs):
    r, ri = runs["clearance"], runs["ideal"]
    fig = r.plot_force_cycles("C", t_start=T_START, ideal=ri)
    assert isinstance(fig, matplotlib.figure.Figure)
    ax = fig.axes[0]
    segs = ax.collections[0].get_segments()
    ang = np.concatenate([s[:, 0] for s in segs])
    force = np.concatenate([s[:, 1] for s in segs])
    # one line per turn of the window that holds more than one row: here 3 (turns 3, 4, 5)
    turns, counts = np.unique(turns_of(r), return_counts=True)
    assert len(segs) == (counts > 1).sum() == 3
    assert ang.min() >= 0.0 and ang.min() < 1.0 and 359.0 < ang.max() < 360.0
    f = r.joint("C")["normal_force"][window(r)]
    assert np.array_equal(np.sort(force), np.sort(f[np.isin(turns_of(r), turns[counts > 1])]))
    # the ideal joint's |reaction|, dashed, over a whole turn
    (ideal,) = [line for line in ax.lines if line.get_linestyle() == "--"]
    x, y = ideal.get_xdata(), ideal.get_ydata()
    assert np.ptp(x) > 350.0
    rows = [ri.constraint_names.index("C." + c) for c in "xy"]
    lam = np.hypot(ri.lambdas[:, rows[0]], ri.lambdas[:, rows[1]])
    assert np.isin(y, lam).all()
    # the two peaks, each labelled by what it is
    labels = [line.get_label() for line in ax.lines]
    assert "peak of the rows: %.4g N (sampled at output instants)" % f.max() in labels
    mine = (r.events["joint"] == "C") & (r.events["t_on"] >= r.time[window(r)][0])
    assert ("largest contact peak: %.4g N (event table, tracked every step)"
            % r.events["max_force"][mine].max()) in labels
    assert "3 turns overlaid, over the ideal mechanism" in fig._suptitle.get_text()
    plt.close(fig)


def test_a_run_in_memory_draws_what_its_file_draws_through_the_cli_reader(runs):
    """Result.plot and tools/viz/plot (clearsim.figures on clearsim.runfile.Run of the file):
    the same segments, the same ideal curve, the same title."""
    r = runs["clearance"]
    run = runfile.Run(runs["clearance_file"], T_START)
    run.ideal = runfile.Run(runs["ideal_file"], T_START)
    for kind, a, b in (
            ("force_cycles", r.plot("force_cycles", "C", t_start=T_START, ideal=runs["ideal"]),
             figures.force_cycles(run, run.joints()[0])),
            ("torque_cycles", clearsim.open(runs["clearance_file"]).plot_torque_cycles(
                t_start=T_START, ideal=runs["ideal_file"]), figures.torque_cycles(run))):
        sa, sb = (f.axes[0].collections[0].get_segments() for f in (a, b))
        assert len(sa) == len(sb) > 0, kind
        assert all(np.array_equal(p, q) for p, q in zip(sa, sb)), kind
        la, lb = ([(tuple(line.get_xdata()), tuple(line.get_ydata())) for line in f.axes[0].lines]
                  for f in (a, b))
        assert la == lb, kind
        assert a._suptitle.get_text() == b._suptitle.get_text(), kind
        plt.close(a)
        plt.close(b)


def test_torque_cycles_are_the_drivers_reaction_folded(runs):
    r = runs["clearance"]
    fig = r.plot_torque_cycles(t_start=T_START)
    segs = fig.axes[0].collections[0].get_segments()
    torque = np.concatenate([s[:, 1] for s in segs])
    ang = np.concatenate([s[:, 0] for s in segs])
    assert len(segs) == 3 and ang.min() >= 0.0 and ang.max() < 360.0
    assert np.isin(torque, r.reaction("motor")[window(r)]).all()
    assert len(torque) >= window(r).sum() - 1
    plt.close(fig)


def test_energy_and_orbit_hold_the_runs_numbers(runs):
    r = runs["clearance"]
    fig = r.plot_energy()
    books = {line.get_label(): line.get_ydata() for line in fig.axes[0].lines}
    assert np.array_equal(books["kinetic"], r.energy["kinetic"])
    assert np.array_equal(books["driver work"], r.energy["driver_work"])
    assert np.array_equal(fig.axes[1].lines[0].get_ydata(), r.energy["balance_error"])
    plt.close(fig)
    fig = r.plot_orbit()  # the only clearance joint by default
    path = fig.axes[0].lines[1]
    e = r.joint("C")["eccentricity"]
    assert np.allclose(path.get_xdata(), e[:, 0] * 1e3, rtol=0, atol=1e-12)  # in mm
    assert "c = 0.5 mm" in fig.axes[0].lines[0].get_label()
    plt.close(fig)


def test_corners_are_each_contact_points_own_force(tmp_path):
    """A joint of several contact points: one line per point that carried a force, its own
    series, named as the file names it; in memory as from the file."""
    with clearsim.Model.from_file("models/slider_crank_translational.json") as m:
        r = m.run(t_end=0.02, output=str(tmp_path / "t.h5"))
    for run in (r, clearsim.open(tmp_path / "t.h5")):
        fig = run.plot("corners", "guide")
        lines = {line.get_label(): line.get_ydata() for line in fig.axes[0].lines}
        names = run.corner_names("guide")
        force = run.corners["guide"]["normal_force"]
        carried = [n for i, n in enumerate(names) if (force[:, i] > 0).any()]
        assert sorted(lines) == sorted(carried) and len(carried) >= 2
        for name, y in lines.items():
            assert np.array_equal(y, run.corner("guide", name)["normal_force"])
        plt.close(fig)
    with clearsim.Model.from_file("models/slider_crank_clearance.json") as m:
        with pytest.raises(ValueError, match="nothing to draw as corners"):
            m.run(t_end=0.005).plot("corners")  # one contact point: the joint's own series


def test_draws_into_the_axes_given(runs):
    r = runs["clearance"]
    fig, (a, b) = plt.subplots(1, 2)
    before = plt.get_fignums()
    assert r.plot_orbit("C", ax=a) is fig
    assert r.plot_force_cycles(t_start=T_START, ax=b) is fig
    assert plt.get_fignums() == before  # no other figure made
    assert a.get_title().endswith("joint C pin-centre orbit") and len(b.collections) == 1
    assert fig._suptitle is None  # the caller's figure keeps its title
    plt.close(fig)


def test_says_what_it_cannot_draw(runs):
    r = runs["clearance"]
    with pytest.raises(ValueError, match="no figure kind 'force'"):
        r.plot("force")
    with pytest.raises(ValueError, match="name one of C"):
        r.plot("orbit", "B")
    with pytest.raises(ValueError, match="several panels"):
        r.plot("energy", ax=plt.gca())
    with pytest.raises(ValueError, match="nothing to draw as wear"):
        r.plot("wear")
    with pytest.raises(ValueError, match="film needs the run's file"):
        r.plot("film")
    with pytest.raises(ValueError, match="after the last row"):
        r.plot_energy(t_start=1.0)
    with pytest.raises(ValueError, match="nothing to draw as torque_cycles"):
        with clearsim.Model.from_file("models/pendulum.json") as m:
            m.run(t_end=0.01).plot_torque_cycles()
    plt.close("all")


def test_a_lubricated_runs_file_draws_its_film(tmp_path):
    """The film figures from clearsim.open: ε against time with its boundary ε_b = 1 − h_b/c
    (the file's h_b), as tools/viz/plot draws them."""
    path = tmp_path / "lub.h5"
    with clearsim.Model.from_file("models/slider_crank_lubricated.json") as m:
        m.run(t_end=0.01, output=str(path))
    o = clearsim.open(path)
    (j,) = o.joints
    fig = o.plot("film")
    eps = fig.axes[0].lines[0].get_ydata()
    assert np.array_equal(eps, o.joint(j)["eccentricity_ratio"])
    hb, c = o._groups["joints/" + j]["boundary_film"], o._groups["joints/" + j]["clearance"]
    assert fig.axes[0].lines[1].get_ydata()[0] == pytest.approx(1 - hb / c, rel=1e-12)
    plt.close(fig)


def test_matplotlib_is_imported_only_for_a_figure():
    code = ("import sys, clearsim\n"
            "m = clearsim.Model.from_file('models/pendulum.json')\n"
            "r = m.run(t_end=0.01)\n"
            "print('matplotlib' in sys.modules)\n"
            "r.plot_energy()\n"
            "print('matplotlib' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, MPLBACKEND="Agg"), check=True).stdout
    assert out.split() == ["False", "True"]
