"""clearsim.chaos on responses whose nature is known: the logistic map's period-4, period-8 and
chaotic regimes (r = 3.5, 3.56, 4), a rotation by the golden angle (quasi-periodic), a period-3
sequence; the 0-1 test's K near 1 for chaos and near 0 otherwise; the spectrum of a sum of
harmonics read back exactly, and of the ideal slider-crank's driving torque (a periodic
response) carried by whole orders of the crank's frequency only."""
import numpy as np
import pytest

import clearsim
from clearsim import chaos


def logistic(r, n=3000, drop=1000, x=0.3):
    out = []
    for _ in range(n):
        x = r * x * (1 - x)
        out.append(x)
    return np.array(out[drop:])


@pytest.mark.parametrize("r,regime", [(3.5, "period-4"), (3.56, "period-8"), (4.0, "chaotic")])
def test_logistic_map(r, regime):
    c = chaos.classify(logistic(r))
    assert c["regime"] == regime, c
    if regime == "chaotic":
        assert c["K"] > 0.9
    else:
        assert abs(c["K"]) < 0.2


def test_quasi_periodic_rotation():
    k = np.arange(2000)
    a = 2 * np.pi * k * (np.sqrt(5) - 1) / 2
    c = chaos.classify(np.column_stack((np.cos(a), np.sin(a))))
    assert c["regime"] == "quasi-periodic" and abs(c["K"]) < 0.1, c


def test_short_series():
    c = chaos.classify(np.array([0.1, 0.3, 0.7] * 10))
    assert c["regime"] == "period-3" and c["period"] == 3
    c = chaos.classify(logistic(4.0, n=1080))
    assert c["regime"] == "undecided" and np.isnan(c["K"]) and "fewer than 100" in c["criterion"]


RTOL = 1e-8  # an integration tolerance: the noise level of the samples below is RTOL × their size


def noisy(values, n=500, seed=1):
    """Samples repeating values (a period-len(values) response) with the integration's noise
    added: Gaussian, standard deviation RTOL × their size."""
    x = np.resize(np.asarray(values, dtype=float), n)
    return x + RTOL * np.max(np.abs(x)) * np.random.default_rng(seed).standard_normal(n)


def test_zero_one_noise_floor_on_period_1():
    """A period-1 response's samples differ by the integration's noise only: without a floor
    the 0-1 test reads that noise as chaos (K ≈ 1); with the run's tolerance their spread is
    below 100 × its noise level and the test says constant within noise, K = 0."""
    x = noisy([-1.0253e-4])  # the slider-crank's e_x at 4600 r/min, m
    assert chaos.zero_one_test(x) > 0.9  # the defect the floor removes
    z = chaos.zero_one(x, tolerance=RTOL)
    assert z["verdict"] == "constant within noise" and z["K"] == 0.0, z
    assert z["spread"] == pytest.approx(RTOL * 1.0253e-4, rel=0.2)
    c = chaos.classify(np.column_stack((x, noisy([3.1e-6], seed=2))), tolerance=RTOL)
    assert c["regime"] == "period-1" and c["K"] == 0.0 and c["zero_one"] == "constant within noise"


def test_zero_one_on_period_2_with_noise():
    """A period-2 response (the slider-crank's e_x at 3000 r/min) with noise at the tolerance
    level: its alternation bounds p and q, K < 0.1 with the floor or without it."""
    x = noisy([-1.02163e-4, -0.99622e-4])
    for tol in (None, RTOL):
        z = chaos.zero_one(x, tolerance=tol)
        assert z["K"] < 0.1 and z["verdict"] == "regular", z
    assert chaos.classify(x, tolerance=RTOL)["regime"] == "period-2"


def test_zero_one_floor_keeps_small_chaos():
    """The floor swallows noise, not motion: the logistic map at r = 4, K > 0.9 with the
    floor; shrunk to 10⁻⁴ of its size about an offset of 1 (spread 3.5e-5 of the scale, 35 ×
    the floor 100 × 1e-8) still chaotic; shrunk to 10⁻⁷ of it (within the floor), constant."""
    x = logistic(4.0)
    assert chaos.zero_one(x, tolerance=RTOL)["K"] > 0.9
    small = chaos.zero_one(1.0 + 1e-4 * x, tolerance=RTOL)
    assert small["verdict"] == "chaotic" and small["K"] > 0.9, small
    tiny = chaos.zero_one(1.0 + 1e-7 * x, tolerance=RTOL)
    assert tiny["verdict"] == "constant within noise", tiny
    assert chaos.zero_one(x[:99])["verdict"] == "too short"


def test_spectrum_of_harmonics():
    t = np.linspace(0, 1, 1001)  # ten periods of 0.1 s at a fixed interval
    y = 0.5 + 3 * np.sin(2 * np.pi * 2 * t / 0.1) + np.cos(2 * np.pi * 5 * t / 0.1 + 0.3)
    orders, amp = chaos.spectrum(t, y, 0.1)
    for k, a in ((0, 0.5), (2, 3.0), (5, 1.0)):
        assert amp[np.argmin(abs(orders - k))] == pytest.approx(a, abs=1e-9)
    others = np.ones_like(amp, dtype=bool)
    for k in (0, 2, 5):
        others &= abs(orders - k) > 1e-9
    assert amp[others].max() < 1e-9
    with pytest.raises(ValueError, match="less than one period"):
        chaos.spectrum(t, y, 2.0)


def test_spectrum_of_a_periodic_mechanism():
    with clearsim.Model.from_file("models/slider_crank.json") as m:
        r = m.run(t_end=0.048)  # four crank turns at 5000 r/min, a row every 0.1 ms
    period = 2 * np.pi / 523.5987755982989
    orders, amp = chaos.spectrum(r.time, r.reaction("motor"), period)
    whole = np.isclose(orders, np.round(orders), atol=1e-9)
    assert amp[whole].max() > 10.0  # N·m, the torque's harmonics
    assert amp[~whole].max() < 1e-3 * amp[whole].max()


def test_lyapunov_of_an_integrable_pendulum_is_about_zero():
    T = 60.0
    r = chaos.lyapunov("models/pendulum.json", T, 0.5)
    # separations of an integrable motion grow like t at most: the estimate decays as log(t)/t
    assert abs(r["exponent"]) < 2 * np.log(T) / T, r["confidence"]
    assert r["renormalizations"] == 120 and len(r["t"]) == len(r["running"]) == 120


def test_lyapunov_of_the_double_pendulum_is_positive_and_reproducible():
    """Released from horizontal, the double pendulum is chaotic: the estimate is positive, and
    two perturbation sizes and two renormalization intervals give it within 20 %."""
    est = [chaos.lyapunov("models/double_pendulum.json", 100.0, tau, d0=d0)["exponent"]
           for d0 in (1e-5, 1e-6) for tau in (0.1, 0.2)]
    mean = float(np.mean(est))
    assert mean > 0.8, est
    assert max(abs(e - mean) for e in est) < 0.2 * mean, est


def test_lyapunov_refuses_and_warns():
    with pytest.raises(ValueError, match="tau > 0"):
        chaos.lyapunov("models/pendulum.json", 1.0, 0.0)
    r = chaos.lyapunov("models/pendulum.json", 2.0, 0.5, d0=1e-9)
    assert "may measure the integration's error" in r["confidence"]
