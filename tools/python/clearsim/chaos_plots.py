"""Figures of what a response is (tools/viz/plot draws them for a run: `phase`, `poincare`,
`lyapunov`): arrays in, a matplotlib figure out, so a run file, a Result or a test's own
series all go through the same code.

    driver_period(model)                       T of the first periodic driver (as the sweep's)
    poincare_samples(t, y, period, t_start)    y at t = k·T, interpolated between rows
    phase_portrait(t, e, pen, rate, ...)       eccentricity e_y against e_x; penetration
                                               against its rate (during contact)
    poincare_map(t, e, period, ...)            e at every driver period, coloured by k, with
                                               the regime clearsim.chaos.classify finds
    lyapunov_history(result, title)            the running estimate and the local rates
"""
from __future__ import annotations

import math

import numpy as np

from . import chaos


def driver_period(model: dict) -> float | None:
    """T = 2π/ω of the first driver whose motion is periodic, as `clearsim sweep`'s Poincaré
    sections take it (tools/cli/sweep/README.md): a steady rotation (velocity or rpm ≠ 0, no
    acceleration or oscillation) or a pure oscillation (frequency ≠ 0, amplitude ≠ 0, no
    velocity or acceleration); None when no driver is."""
    for d in model.get("drivers", []):
        m = d.get("motion", {})
        vel = m.get("velocity", m.get("rpm", 0.0) * math.pi / 30.0)
        acc, amp, freq = m.get("acceleration", 0.0), m.get("amplitude", 0.0), m.get("frequency", 0.0)
        if vel != 0 and acc == 0 and amp == 0:
            return 2 * math.pi / abs(vel)
        if vel == 0 and acc == 0 and amp != 0 and freq != 0:
            return 2 * math.pi / abs(freq)
    return None


def poincare_samples(t, y, period: float, t_start: float = 0.0) -> np.ndarray:
    """y (rows [n] or [n, k]) at t = k·T for every whole k with t_start ≤ k·T within the
    rows, linearly interpolated between the two rows around it."""
    t, y = np.asarray(t, dtype=float), np.asarray(y, dtype=float)
    k0 = max(1, math.ceil(max(t_start, t[0]) / period - 1e-9))
    k1 = math.floor(t[-1] / period + 1e-9)
    at = np.arange(k0, k1 + 1) * period
    if y.ndim == 1:
        return np.interp(at, t, y)
    return np.column_stack([np.interp(at, t, y[:, c]) for c in range(y.shape[1])])


def _length(x):
    """(scale, unit) for lengths of size x: mm or µm."""
    return (1e3, "mm") if x >= 1e-4 else (1e6, "µm")


def phase_portrait(t, e, pen, rate=None, contact=None, clearance: float | None = None,
                   title: str = "", period: float | None = None):
    """Two panels: the eccentricity's components e_y against e_x (the clearance circle dashed;
    with period, the Poincaré samples on it), and the penetration against its rate over the
    rows in contact (penetration > 0), coloured by time."""
    import matplotlib.pyplot as plt
    t, e, pen = np.asarray(t, float), np.asarray(e, float), np.asarray(pen, float)
    fig, axes = plt.subplots(1, 2, figsize=(13.0, 6.0), layout="constrained")
    s, unit = _length(float(np.nanmax(np.abs(e))) if len(e) else 1.0)
    ax = axes[0]
    if clearance:
        a = np.linspace(0, 2 * np.pi, 361)
        ax.plot(clearance * s * np.cos(a), clearance * s * np.sin(a), "k--", lw=1,
                label="clearance c = %.4g %s" % (clearance * s, unit))
    ax.plot(e[:, 0] * s, e[:, 1] * s, lw=0.5, color="C0", label="journal centre")
    if period:
        p = poincare_samples(t, e, period)
        ax.plot(p[:, 0] * s, p[:, 1] * s, "o", ms=3, color="C3",
                label="at t = k·T (%d)" % len(p))
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("e_x (%s)" % unit)
    ax.set_ylabel("e_y (%s)" % unit)
    ax.set_title("eccentricity e_y against e_x", fontsize="medium")
    ax.legend(fontsize="small", loc="upper right")
    ax = axes[1]
    hit = pen > 0 if contact is None else (np.asarray(contact) > 0.5) & (pen > 0)
    if rate is not None and hit.any():
        rate = np.asarray(rate, float)
        ps, punit = 1e6, "µm"  # penetrations are microns
        sc = ax.scatter(rate[hit], pen[hit] * ps, c=t[hit], s=2, cmap="viridis")
        fig.colorbar(sc, ax=ax, label="time (s)")
        ax.set_xlabel("penetration rate δ' (m/s)")
        ax.set_ylabel("penetration δ (%s)" % punit)
        ax.set_title("penetration against its rate, %d rows in contact" % int(hit.sum()),
                     fontsize="medium")
    else:
        ax.text(0.5, 0.5, "no row in contact" if rate is not None else "no penetration rate "
                "in the file", ha="center", va="center", transform=ax.transAxes)
    for ax in axes:
        ax.grid(True, alpha=0.3)
    fig.suptitle(title)
    return fig


def poincare_map(t, e, period: float, clearance: float | None = None, title: str = "",
                 t_start: float = 0.0):
    """e at every driver period after t_start (the transient), coloured by k, with the
    regime clearsim.chaos.classify finds from the second half of the samples in the title.
    None when the rows span fewer than 2 periods."""
    import matplotlib.pyplot as plt
    p = poincare_samples(t, e, period, t_start)
    if len(p) < 2:
        return None
    c = chaos.classify(p[len(p) // 2:])
    s, unit = _length(float(np.nanmax(np.abs(p))))
    fig, ax = plt.subplots(figsize=(7.5, 7.0), layout="constrained")
    if clearance:
        a = np.linspace(0, 2 * np.pi, 361)
        ax.plot(clearance * s * np.cos(a), clearance * s * np.sin(a), "k--", lw=1,
                label="clearance c = %.4g %s" % (clearance * s, unit))
    k = np.arange(len(p))
    sc = ax.scatter(p[:, 0] * s, p[:, 1] * s, c=k, s=12, cmap="viridis")
    fig.colorbar(sc, ax=ax, label="period k (from t = %.4g s)" % (max(t_start, period)))
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("e_x at t = k·T (%s)" % unit)
    ax.set_ylabel("e_y at t = k·T (%s)" % unit)
    ax.grid(True, alpha=0.3)
    if clearance:
        ax.legend(fontsize="small", loc="upper right")
    K = "" if math.isnan(c["K"]) else ", 0-1 test K = %.2f" % c["K"]
    ax.set_title("T = %.4g s, %d samples; second half: %s%s" % (period, len(p), c["regime"], K),
                 fontsize="medium")
    fig.suptitle(title)
    return fig


def lyapunov_history(result: dict, title: str = ""):
    """The running estimate of the largest Lyapunov exponent against time, its final value
    ± 2 standard errors shaded, and each interval's local rate (lyapunov()'s or
    read_lyapunov()'s result)."""
    import matplotlib.pyplot as plt
    t, run, loc = (np.asarray(result[k], float) for k in ("t", "running", "local"))
    lam, se = float(result["exponent"]), float(result.get("stderr", float("nan")))
    fig, axes = plt.subplots(2, 1, sharex=True, figsize=(9.0, 6.5), layout="constrained")
    axes[0].plot(t, run, color="C0", label="running estimate")
    if np.isfinite(se):
        axes[0].axhspan(lam - 2 * se, lam + 2 * se, color="C0", alpha=0.15,
                        label="λ ± 2 standard errors")
    axes[0].axhline(0.0, color="k", lw=0.8)
    axes[0].set_ylabel("λ (1/s)")
    axes[0].legend(fontsize="small", loc="upper right")
    axes[0].set_title("λ = %.4g%s 1/s, d0 = %g, τ = %g s" % (
        lam, " ± %.2g" % (2 * se) if np.isfinite(se) else "", float(result["d0"]),
        float(result["tau"])), fontsize="medium")
    axes[1].plot(t, loc, ".", ms=5, color="C1")
    axes[1].axhline(0.0, color="k", lw=0.8)
    axes[1].set_ylabel("local rate ln(d/d0)/τ (1/s)")
    axes[1].set_xlabel("time (s)")
    for ax in axes:
        ax.grid(True, alpha=0.3)
    fig.suptitle(title)
    return fig
