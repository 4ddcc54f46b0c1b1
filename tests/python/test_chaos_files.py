"""clearsim.chaos's answers written to files and drawn: the exponent's convergence history in
an HDF5 group read back as computed, its batch-means standard error on a series whose error
is known; a sweep summary's regimes (and exponents) written per case and drawn as a regime map,
an exponent map and a bifurcation diagram; a run's phase portraits, Poincaré map and exponent
history through tools/viz/plot; the command line's files and exit codes."""
import json
import math
import os
import subprocess
import sys

import h5py
import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from clearsim import chaos, chaos_plots  # noqa: E402
from plot_loader import load_plot  # noqa: E402

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
SPEEDS = [314.1592653589793, 523.5987755982989]  # 3000, 5000 r/min
RADII = [0.0098, 0.0100]
PY = [sys.executable, "-m", "clearsim.chaos_cli"]


def test_history_written_to_the_file_and_read_back(tmp_path):
    out = tmp_path / "p.h5"
    r = chaos.lyapunov("models/pendulum.json", 20.0, 0.5, output=out)
    back = chaos.read_lyapunov(out)
    for k in ("t", "running", "local"):
        assert np.array_equal(back[k], r[k]) and len(r[k]) == 40
    for k in ("exponent", "stderr", "spread", "d0", "tau"):
        assert back[k] == r[k]
    assert back["renormalizations"] == 40 and back["confidence"] == r["confidence"]
    assert back["model"].endswith("pendulum.json")
    # the running estimate is the mean of the local rates so far; its last, the exponent
    assert np.allclose(r["running"], np.cumsum(r["local"]) / np.arange(1, 41), rtol=1e-12)
    assert "± %.2g 1/s" % (2 * r["stderr"]) in r["confidence"]
    # a run file of the same model keeps its datasets and gains the group
    run = tmp_path / "run.h5"
    subprocess.run([CLI, "run", "models/pendulum.json", "--t-end", "1", "-o", str(run)],
                   check=True, capture_output=True)
    chaos.write_lyapunov(r, run)
    with h5py.File(run, "r") as f:
        assert "time" in f and "bodies" in f and f["lyapunov/running"].shape == (40,)


def test_batch_error_of_independent_rates():
    """Independent rates of unit variance: the standard error of their mean is 1/sqrt(n)."""
    rng = np.random.default_rng(1)
    errs = [chaos.batch_error(rng.standard_normal(2000)) for _ in range(200)]
    assert np.median(errs) == pytest.approx(1 / math.sqrt(2000), rel=0.1)
    assert math.isnan(chaos.batch_error(np.ones(30)))


def test_driver_period_and_samples():
    assert chaos_plots.driver_period({"drivers": [{"motion": {"rpm": 5000}}]}) == \
        pytest.approx(0.012)
    assert chaos_plots.driver_period({"drivers": [{"motion": {"amplitude": 2.0,
                                                             "frequency": 0.7}}]}) == \
        pytest.approx(2 * math.pi / 0.7)
    assert chaos_plots.driver_period({"drivers": [{"motion": {"velocity": 1.0,
                                                             "acceleration": 2.0}}]}) is None
    t = np.linspace(0.0, 1.0, 1001)
    y = np.column_stack((t, np.sin(2 * np.pi * t / 0.1)))
    p = chaos_plots.poincare_samples(t, y, 0.1, t_start=0.25)
    assert np.allclose(p[:, 0], np.arange(3, 11) * 0.1) and np.allclose(p[:, 1], 0, atol=1e-12)


@pytest.fixture(scope="module")
def summary(tmp_path_factory):
    """A 2 × 2 grid of the clearance slider-crank with Poincaré sections, its first case's
    samples made period-1 and its second's period-2, regimes and exponents written."""
    d = tmp_path_factory.mktemp("sweep")
    study = {"name": "g", "model": os.path.abspath("models/slider_crank_clearance.json"),
             "t_end": 0.144, "poincare": True, "parameters": [
                 {"path": "/clearance_joints/0/hole_radius", "values": RADII},
                 {"path": "/drivers/0/motion/velocity", "values": SPEEDS}]}
    (d / "g.json").write_text(json.dumps(study))
    subprocess.run([CLI, "sweep", str(d / "g.json"), "-o", str(d / "g.h5"), "--quiet"],
                   check=True)
    with h5py.File(d / "g.h5", "r+") as f:
        e = f["cases/poincare/C"]
        k = e.shape[1]
        e[0] = np.tile([[1e-4, 2e-4]], (k, 1))
        e[1] = np.array([[1e-4, 2e-4], [3e-4, -1e-4]] * k)[:k]
    return str(d / "g.h5")


def test_summary_regimes_and_exponents_written(summary):
    p = subprocess.run(PY + ["summary", summary, "--exponents"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    with h5py.File(summary, "r") as f:
        g = f["cases/regime/C"]
        regimes = [r.decode() for r in g["regime"][:]]
        assert regimes[:2] == ["period-1", "period-2"] and list(g["period"][:2]) == [1, 2]
        assert "0-1 test" in g.attrs["criterion"]
        lam = f["cases/lyapunov/exponent"][:]
        assert lam.shape == (4,) and np.all(np.isfinite(lam))
        assert f["cases/lyapunov/exponent"].attrs["units"] == "1/s"
        assert f["cases/lyapunov"].attrs["tau"] == "one driver period"
    assert "case    1  joint C: period-2  λ =" in p.stdout
    # the same numbers from the library call, case 3 rerun alone
    with h5py.File(summary, "r") as f:
        m = chaos._summary_model(f, 3)
        T = float(f["cases/poincare/period"][3])
    with m:
        assert json.loads(m.json)["clearance_joints"][0]["hole_radius"] == RADII[1]
        r = chaos.lyapunov(m, 0.144, T, t_transient=0.072)
    assert r["exponent"] == lam[3]


def test_regime_and_exponent_maps(summary):
    with h5py.File(summary, "r") as f:
        missing = "cases/lyapunov" not in f  # (run alone: the CLI test wrote them before)
    chaos.classify_summary(summary, exponents=missing)  # keeps the exponents written before
    ps = load_plot().plot_sweep
    s = ps.Summary(summary)
    names = [n for n, _, _ in ps.plan(s)]
    for n in ("regime-map-C", "lyapunov-map", "lyapunov-vs-velocity", "bifurcation-C-velocity",
              "bifurcation-C-hole_radius"):
        assert n in names, names
    lam = ps.exponents(s)
    fig = ps.regime_map(s, 0, 1, "C")
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "P1\nλ %.3g" % lam[0] in texts and "P2\nλ %.3g" % lam[1] in texts, texts
    legend = fig.axes[0].get_legend().get_texts()
    assert {"period-1", "period-2"} <= {t.get_text() for t in legend}
    fig = ps.lyapunov_map(s, 0, 1)
    assert {"%.3g" % v for v in lam} == {t.get_text() for t in fig.axes[0].texts}
    mesh = fig.axes[0].collections[0]
    assert mesh.norm.vcenter == 0.0
    fig = ps.lyapunov_against(s, 1)
    assert "largest Lyapunov exponent" in fig.axes[0].get_ylabel()


def test_run_figures_through_plot(tmp_path):
    run = tmp_path / "r.h5"
    subprocess.run([CLI, "run", "models/slider_crank_clearance.json", "--t-end", "0.06", "-o",
                    str(run)], check=True, capture_output=True)
    p = subprocess.run(PY + ["lyapunov", "models/slider_crank_clearance.json", "--t-end", "0.06",
                             "--tau", "0.012", "-o", str(run)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("λ = ") and "5 renormalizations" in p.stdout
    p = subprocess.run(["/usr/bin/python3", "tools/viz/plot", str(run), "-o", str(tmp_path / "f"),
                        "--only", "phase", "poincare", "lyapunov"], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    assert sorted(os.listdir(tmp_path / "f")) == ["lyapunov.png", "phase-C.png", "poincare-C.png"]
    figures = load_plot().figures
    r = figures.rf.Run(str(run))
    j = r.joints()[0]
    fig = figures.poincare(r, j)
    pts = fig.axes[0].collections[0].get_offsets()
    want = chaos_plots.poincare_samples(r.time, j["eccentricity"], 0.012) * 1e3
    assert np.allclose(pts, want) and len(pts) == 5
    fig = figures.phase(r, j)
    assert fig.axes[0].get_xlabel() == "e_x (mm)" and "δ'" in fig.axes[1].get_xlabel()


def test_command_line_errors(tmp_path):
    p = subprocess.run(PY + ["lyapunov", "models/pendulum.json", "--t-end", "1", "--tau", "0"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "tau > 0" in p.stderr
    p = subprocess.run(PY + ["summary", str(tmp_path / "none.h5")], capture_output=True, text=True)
    assert p.returncode == 2
    p = subprocess.run(PY + ["nothing"], capture_output=True, text=True)
    assert p.returncode == 2 and "invalid choice" in p.stderr


def test_a_last_period_ending_at_t_end_by_round_off(tmp_path):
    """At 3500 r/min (the second of linspace(3000, 5000 r/min)), 1.2 s is 70 periods but for
    round-off: the sweep stopped at 70·T an ulp before t_end, and the run's last step, that
    ulp, failed the case ("the step size fell to 2.22e-16 s"). The last period now ends at
    t_end."""
    study = {"name": "r", "model": os.path.abspath("models/studies/models/slider_crank_friction.json"),
             "t_end": 1.2, "poincare": True, "parameters": [
                 {"path": "/drivers/0/motion/velocity", "values": [
                     float(np.linspace(314.1592653589793, 523.5987755982989, 5)[1])]}]}
    (tmp_path / "r.json").write_text(json.dumps(study))
    subprocess.run([CLI, "sweep", str(tmp_path / "r.json"), "-o", str(tmp_path / "r.h5"),
                    "--quiet"], check=True)
    with h5py.File(tmp_path / "r.h5", "r") as f:
        assert f["cases/status"][0] == b"complete", f["cases/message"][0]
        assert f["cases/t_final"][0] == 1.2
        assert np.all(np.isfinite(f["cases/poincare/C"][0]))


def test_export_writes_the_regimes_and_exponents(summary, tmp_path):
    import csv
    with h5py.File(summary, "r") as f:
        missing = "cases/lyapunov" not in f  # (run alone: the CLI test wrote them before)
    chaos.classify_summary(summary, exponents=missing)
    out = tmp_path / "g.csv"
    p = subprocess.run(["/usr/bin/python3", "tools/viz/export", summary, "-o", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = list(csv.reader(open(out, newline="")))
    head = rows[0]
    k, m = head.index("regime/C/regime"), head.index("lyapunov/exponent [1/s]")
    with h5py.File(summary, "r") as f:
        lam = f["cases/lyapunov/exponent"][:]
    assert [r[k] for r in rows[1:3]] == ["period-1", "period-2"]
    assert [float(r[m]) for r in rows[1:]] == list(lam)
