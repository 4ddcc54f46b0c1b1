"""Periodic or chaotic: what a response is, from the samples the engine writes.

    clearsim.chaos.classify(samples)        period-n, quasi-periodic or chaotic, and why
    clearsim.chaos.zero_one_test(x)         Gottwald & Melbourne's 0-1 test for chaos: K ≈ 0 or 1
    clearsim.chaos.spectrum(t, y, period)   amplitudes at the driver's orders, whole periods only

Pure numpy: the Poincaré samples of a sweep summary (/cases/poincare/<joint>, one eccentricity
per driver period) or any series of a run (Result, clearsim.open) go in as arrays.
"""
from __future__ import annotations

import numpy as np

# the 0-1 test's verdicts (Gottwald & Melbourne 2009: K → 1 chaotic, K → 0 regular)
K_CHAOTIC, K_REGULAR = 0.8, 0.2
MIN_ZERO_ONE = 100  # samples below which the 0-1 test says nothing


def _as_points(samples) -> np.ndarray:
    x = np.asarray(samples, dtype=float)
    x = x.reshape(len(x), -1)
    return x[np.all(np.isfinite(x), axis=1)]


def period_of(samples, rtol: float = 1e-3, max_period: int = 32) -> int:
    """The smallest n ≤ max_period with every sample within rtol·(the samples' size) of the
    one n before it (0: none): a period-n response repeats after n driver periods."""
    x = _as_points(samples)
    scale = float(np.max(np.abs(x))) if x.size else 0.0
    tol = rtol * scale if scale > 0 else rtol
    for n in range(1, min(max_period, len(x) // 2) + 1):
        if np.all(np.linalg.norm(x[n:] - x[:-n], axis=1) <= tol):
            return n
    return 0


def zero_one_test(x, ncut: int | None = None, nc: int = 100, seed: int = 0) -> float:
    """K of the 0-1 test for chaos (correlation method, Gottwald & Melbourne, SIAM J. Appl. Dyn.
    Syst. 8 (2009) 129-145) of a scalar series x (e.g. one Poincaré coordinate): the median over
    nc random frequencies c in (π/5, 4π/5) of the correlation of the translation variables'
    mean square displacement with time. Near 1 for chaos, near 0 for periodic or
    quasi-periodic motion. NaN for fewer than MIN_ZERO_ONE samples."""
    phi = np.asarray(x, dtype=float)
    phi = phi[np.isfinite(phi)]
    N = len(phi)
    if N < MIN_ZERO_ONE:
        return float("nan")
    phi = phi - phi.mean()
    ncut = ncut or N // 10
    n = np.arange(1, ncut + 1)
    j = np.arange(1, N + 1)
    rng = np.random.default_rng(seed)
    ks = []
    for c in rng.uniform(np.pi / 5, 4 * np.pi / 5, nc):
        p, q = np.cumsum(phi * np.cos(j * c)), np.cumsum(phi * np.sin(j * c))
        M = np.array([np.mean((p[k:] - p[:-k]) ** 2 + (q[k:] - q[:-k]) ** 2) for k in n])
        # the oscillating term of a regular motion, removed (the "modified" mean square
        # displacement; phi has zero mean, so its mean's term is 0)
        D = M - (np.mean(phi) ** 2) * (1 - np.cos(n * c)) / (1 - np.cos(c))
        if np.std(D) == 0:
            ks.append(0.0)
        else:
            ks.append(float(np.corrcoef(n, D)[0, 1]))
    return float(np.median(ks))


def classify(samples, rtol: float = 1e-3, max_period: int = 32) -> dict:
    """The steady response from its Poincaré samples (after the transient: drop it first):

    {"regime": "period-n" | "quasi-periodic" | "chaotic" | "undecided", "period": n (0 when not
    periodic), "K": the 0-1 test's K of the first coordinate (NaN below 100 samples),
    "criterion": the rule that decided}. Periodic when the samples repeat after n ≤ max_period
    driver periods to rtol of their size; otherwise the 0-1 test decides: K ≥ 0.8 chaotic,
    K ≤ 0.2 quasi-periodic, else (or too few samples) undecided."""
    x = _as_points(samples)
    n = period_of(x, rtol, max_period)
    K = zero_one_test(x[:, 0]) if len(x) else float("nan")
    if n:
        return {"regime": f"period-{n}", "period": n, "K": K,
                "criterion": f"samples repeat after {n} periods to {rtol:g} of their size"}
    if np.isnan(K):
        return {"regime": "undecided", "period": 0, "K": K,
                "criterion": f"not periodic up to {max_period}, and fewer than "
                             f"{MIN_ZERO_ONE} samples for the 0-1 test"}
    regime = ("chaotic" if K >= K_CHAOTIC else "quasi-periodic" if K <= K_REGULAR
              else "undecided")
    return {"regime": regime, "period": 0, "K": K,
            "criterion": f"not periodic up to {max_period}; 0-1 test K = {K:.2f} "
                         f"(chaotic ≥ {K_CHAOTIC}, regular ≤ {K_REGULAR})"}


def spectrum(t, y, period: float, t_start: float = 0.0):
    """(orders, amplitudes) of y's amplitude spectrum over the whole driver periods after
    t_start: order k is k times the driver's frequency 1/period; amplitude of a term
    A cos(2π k t / period + φ) is A. Rows at a fixed output interval are used as they are;
    others are resampled uniformly."""
    t, y = np.asarray(t, dtype=float), np.asarray(y, dtype=float)
    keep = t >= t_start
    t, y = t[keep], y[keep]
    turns = int(np.floor((t[-1] - t[0]) / period + 1e-9))
    if turns < 1:
        raise ValueError(f"spectrum: the series spans less than one period ({period:g} s) "
                         f"after t = {t_start:g} s")
    span = turns * period
    dt = np.diff(t)
    per = span / dt[0] if len(dt) and dt[0] > 0 else 0.0
    if len(dt) and np.allclose(dt, dt[0], rtol=1e-9) and abs(per - round(per)) < 1e-6:
        n = int(round(per))  # output rows at a fixed interval: the rows themselves
        s = y[:n]
    else:  # rows of uneven spacing: resampled (linear)
        n = max(64, 2 * len(t))
        s = np.interp(t[0] + np.arange(n) * (span / n), t, y)
    amp = np.abs(np.fft.rfft(s)) / n
    amp[1:] *= 2.0
    if n % 2 == 0:
        amp[-1] /= 2.0  # the Nyquist term is its own mirror
    orders = np.arange(len(amp)) / turns
    return orders, amp
