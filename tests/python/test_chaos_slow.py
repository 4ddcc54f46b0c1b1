"""clearsim.chaos.lyapunov against a published exponent, and the slider-crank's regimes found
by a sweep, each confirmed by the exponent's sign (ctest label slow: a few minutes).

The benchmark: the driven damped pendulum x'' + 0.05 x' + sin x = 0.6 sin(0.7 t), whose
largest Lyapunov exponent J. C. Sprott tabulates as 0.1400 (Chaos and Time-Series Analysis,
Oxford University Press 2003, Appendix A, "Driven pendulum": exponents 0.1400, 0, -0.1900;
their sum is -b = -0.05, as it must be), built in models/studies/models/driven_pendulum.json from a
point mass, a torsional damper and a driven body. An independent check, not in this test:
scipy's DOP853 on the variational equations (rtol 1e-10) gave 0.1433-0.1495 over 2000 to
20000 time units, 0.1445 at 20000."""
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from clearsim import chaos

SPROTT = 0.1400  # Sprott 2003, Appendix A, driven pendulum (b = 0.05, A = 0.6, Ω = 0.7)


def test_driven_pendulum_exponent_agrees_with_the_published_value():
    """Two perturbation sizes × two renormalization intervals (one and two time units, about
    a ninth and a quarter of the drive's period) over 1900 time units after a transient of
    100: the four estimates within 10 % of their mean, the mean within 10 % of Sprott's
    0.1400, and each estimate's ± 2 standard errors containing it."""
    runs = [(d0, tau) for d0 in (1e-4, 1e-5) for tau in (1.0, 2.0)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        est = list(pool.map(lambda a: chaos.lyapunov(
            "models/studies/models/driven_pendulum.json", 2000.0, a[1], d0=a[0], t_transient=100.0),
            runs))
    lam = np.array([r["exponent"] for r in est])
    mean = float(lam.mean())
    notes = [r["confidence"] for r in est]
    assert np.all(np.abs(lam - mean) < 0.1 * mean), notes
    assert abs(mean - SPROTT) < 0.1 * SPROTT, notes
    for r in est:
        assert abs(r["exponent"] - SPROTT) < 2 * r["stderr"], r["confidence"]


def test_driven_pendulum_zero_one():
    """The 0-1 test on the same chaotic pendulum: its angular velocity once per drive period
    (output rows at a hundredth of the period, so the samples are rows, not interpolations),
    400 periods after a transient of 50, with the noise floor of the model's rtol: K > 0.9."""
    import clearsim
    T = 2 * np.pi / 0.7
    with clearsim.Model.from_file("models/studies/models/driven_pendulum.json") as m:
        with m.with_values({"/output/interval": T / 100}) as m2:
            r = m2.run(t_end=450 * T)
            rtol = m2.tolerances[0]
    rows = np.arange(5000, len(r.time), 100)
    assert np.allclose(r.time[rows] / T, np.round(r.time[rows] / T), atol=1e-9)
    z = chaos.zero_one(r.velocity("bob")[rows, 2], tolerance=rtol)
    assert len(rows) == 401 and z["verdict"] == "chaotic" and z["K"] > 0.9, z


def test_slider_crank_periodic_period_doubled_and_chaotic(tmp_path):
    """Three speeds of models/studies/regimes_speed.json's sweep, run by `clearsim sweep` with
    its Poincaré sections (2.4 s: 120 to 200 crank turns) and classified from the second
    half of each case's samples; the largest Lyapunov exponent's sign confirms each: negative
    for period-2 (3000 r/min) and period-1 (4600 r/min), positive beyond two standard errors
    for the chaotic response (5000 r/min). So does the 0-1 test with the model's noise floor
    on the samples after the first 20 turns (100, 164 and 180 of them: the second halves are
    too short at the two lower speeds): K < 0.1 for period-2, constant within noise (K = 0;
    without the floor their noise reads K ≈ 1) for period-1, K > 0.9 for chaos."""
    import json
    import os
    import subprocess
    import h5py
    build = os.environ.get("CS_BUILD_DIR", "build")
    study = json.load(open("models/studies/regimes_speed.json"))
    study["model"] = os.path.abspath("models/studies/" + study["model"])
    study["parameters"][0] = {"path": "/drivers/0/motion/velocity",
                              "values": [314.1592653589793, 481.71087355043496,
                                         523.5987755982989]}
    (tmp_path / "s.json").write_text(json.dumps(study))
    subprocess.run([os.path.join(build, "tools", "clearsim"), "sweep", str(tmp_path / "s.json"),
                    "-o", str(tmp_path / "s.h5"), "--quiet"], check=True)
    regimes = chaos.classify_summary(tmp_path / "s.h5", exponents=True, jobs=2)["C"]
    with h5py.File(tmp_path / "s.h5", "r") as f:
        lam = f["cases/lyapunov/exponent"][:]
        se = f["cases/lyapunov/stderr"][:]
        K = f["cases/regime/C/K"][:]
        e = f["cases/poincare/C"][:]
    assert regimes == ["period-2", "period-1", "chaotic"], (regimes, lam)
    assert lam[0] < 0 and lam[1] < 0, lam
    assert lam[2] - 2 * se[2] > 0 and K[2] > 0.8, (lam, se, K)
    z = []
    for i in range(3):
        n = int(np.sum(np.isfinite(e[i, :, 0])))
        x = e[i, 20:n]
        z.append(chaos.zero_one(x[:, np.argmax(np.std(x, axis=0))], tolerance=1e-8,  # rtol
                                scale=float(np.max(np.abs(x)))))
    assert [r["verdict"] for r in z] == ["regular", "constant within noise", "chaotic"], z
    assert z[0]["K"] < 0.1 and z[1]["K"] == 0.0 and z[2]["K"] > 0.9, z
    n = int(np.sum(np.isfinite(e[1, :, 0])))
    assert chaos.zero_one_test(e[1, 20:n, 1]) > 0.9  # the period-1 samples' noise, unfloored
