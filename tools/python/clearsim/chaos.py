"""Periodic or chaotic: what a response is, from the samples the engine writes.

    clearsim.chaos.classify(samples)        period-n, quasi-periodic or chaotic, and why
    clearsim.chaos.zero_one_test(x)         Gottwald & Melbourne's 0-1 test for chaos: K ≈ 0 or 1
    clearsim.chaos.zero_one(x, tolerance)   the same with its verdict and a noise floor
    clearsim.chaos.spectrum(t, y, period)   amplitudes at the driver's orders, whole periods only
    clearsim.chaos.lyapunov(model, t_end, tau, output=None)   the largest Lyapunov exponent, its
                                            convergence history and confidence (write_lyapunov,
                                            read_lyapunov: the HDF5 group /lyapunov)
    clearsim.chaos.classify_summary(summary, exponents=False)  each sweep case's regime (and
                                            exponent) written into the summary

Pure numpy: the Poincaré samples of a sweep summary (/cases/poincare/<joint>, one eccentricity
per driver period) or any series of a run (Result, clearsim.open) go in as arrays.
"""
from __future__ import annotations

import numpy as np

# the 0-1 test's verdicts (Gottwald & Melbourne 2009: K → 1 chaotic, K → 0 regular)
K_CHAOTIC, K_REGULAR = 0.8, 0.2
MIN_ZERO_ONE = 100  # samples below which the 0-1 test says nothing
# the noise floor: a series whose standard deviation is at most NOISE_FACTOR × (the run's rtol ×
# the signal's scale) is constant to within the integration's noise (a run's global error is a
# few times its tolerance: 2 to 7 × in the slider-crank's period-1 samples at rtol 1e-8)
NOISE_FACTOR = 100.0


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


def zero_one(x, tolerance: float | None = None, scale: float | None = None,
             ncut: int | None = None, nc: int = 100, seed: int = 0) -> dict:
    """Gottwald & Melbourne's 0-1 test for chaos (correlation method: SIAM J. Appl. Dyn. Syst.
    8 (2009) 129-145) of a scalar series x (e.g. one Poincaré coordinate), with a noise floor.

    For each of nc random frequencies c in (π/5, 4π/5) the translation variables
    p(n) = Σ φ_j cos(jc), q(n) = Σ φ_j sin(jc) of φ = x − mean(x) are formed, their mean
    square displacement M(n) for n = 1 … ncut (default N/10), and K_c the correlation of M(n)
    with n;
    K is the median of the K_c (the median discards the few c resonant with the motion). The
    modified displacement D = M − (Eφ)² (1 − cos nc)/(1 − cos c) removes the bounded
    oscillation that x's mean adds; φ has zero mean, so that term is zero here by construction.
    K → 1 for chaos (p, q diffuse), K → 0 for periodic or quasi-periodic motion (p, q bounded).

    The noise floor: a periodic response's samples differ only by the integration's error, and
    a constant signal plus noise is a random walk in (p, q), K ≈ 1 (the noise's chaos, not the
    motion's). With tolerance (the run's rtol), the run's noise level is tolerance × scale
    (default scale: the largest |x|), and when the series' spread (its standard deviation) is
    at most NOISE_FACTOR times that, the series is constant to within noise: K is that of a
    constant, 0, and the verdict says so. Without tolerance there is no floor.

    Returns {"K", "verdict": "chaotic" (K ≥ K_CHAOTIC) | "regular" (K ≤ K_REGULAR) |
    "undecided" | "constant within noise" | "too short" (fewer than MIN_ZERO_ONE samples,
    K NaN), "spread", "noise" (tolerance × scale, NaN without tolerance)}."""
    phi = np.asarray(x, dtype=float)
    phi = phi[np.isfinite(phi)]
    N = len(phi)
    spread = float(np.std(phi)) if N else float("nan")
    if scale is None:
        scale = float(np.max(np.abs(phi))) if N else 0.0
    noise = tolerance * scale if tolerance is not None else float("nan")
    out = {"spread": spread, "noise": noise}
    if N < MIN_ZERO_ONE:
        return {"K": float("nan"), "verdict": "too short", **out}
    if tolerance is not None and spread <= NOISE_FACTOR * noise:
        return {"K": 0.0, "verdict": "constant within noise", **out}
    phi = phi - phi.mean()
    ncut = ncut or N // 10
    n = np.arange(1, ncut + 1)
    j = np.arange(1, N + 1)
    rng = np.random.default_rng(seed)
    ks = []
    for c in rng.uniform(np.pi / 5, 4 * np.pi / 5, nc):
        p, q = np.cumsum(phi * np.cos(j * c)), np.cumsum(phi * np.sin(j * c))
        D = np.array([np.mean((p[k:] - p[:-k]) ** 2 + (q[k:] - q[:-k]) ** 2) for k in n])
        ks.append(0.0 if np.std(D) == 0 else float(np.corrcoef(n, D)[0, 1]))
    K = float(np.median(ks))
    verdict = "chaotic" if K >= K_CHAOTIC else "regular" if K <= K_REGULAR else "undecided"
    return {"K": K, "verdict": verdict, **out}


def zero_one_test(x, ncut: int | None = None, nc: int = 100, seed: int = 0,
                  tolerance: float | None = None, scale: float | None = None) -> float:
    """K of the 0-1 test for chaos (zero_one: near 1 for chaos, near 0 for periodic or
    quasi-periodic motion; 0 when, with tolerance, x is constant to within the run's noise;
    NaN for fewer than MIN_ZERO_ONE samples)."""
    return zero_one(x, tolerance, scale, ncut, nc, seed)["K"]


def classify(samples, rtol: float = 1e-3, max_period: int = 32,
             tolerance: float | None = None) -> dict:
    """The steady response from its Poincaré samples (after the transient: drop it first):

    {"regime": "period-n" | "quasi-periodic" | "chaotic" | "undecided", "period": n (0 when not
    periodic), "K": the 0-1 test's K of the coordinate that varies most (a sample set's
    other coordinates may stand still: a slider's e_x in its guide; NaN below 100 samples),
    "zero_one": its verdict (zero_one), "criterion": the rule that decided}. Periodic when the
    samples repeat after n ≤ max_period driver periods to rtol of their size; otherwise the 0-1
    test decides: K ≥ 0.8 chaotic, K ≤ 0.2 quasi-periodic, else (or too few samples)
    undecided. tolerance, the run's integration rtol, sets the 0-1 test's noise floor
    (tolerance × the samples' size, every coordinate): samples constant to within it are
    period-1 with K = 0, not the K ≈ 1 of the integration's noise."""
    x = _as_points(samples)
    n = period_of(x, rtol, max_period)
    scale = float(np.max(np.abs(x))) if x.size else 0.0
    col = int(np.argmax(np.std(x, axis=0))) if len(x) else 0  # the coordinate that moves most
    z = (zero_one(x[:, col], tolerance, scale) if len(x) else
         {"K": float("nan"), "verdict": "too short"})
    K, verdict = z["K"], z["verdict"]
    if n:
        return {"regime": f"period-{n}", "period": n, "K": K, "zero_one": verdict,
                "criterion": f"samples repeat after {n} periods to {rtol:g} of their size"}
    if verdict == "constant within noise":
        return {"regime": "period-1", "period": 1, "K": K, "zero_one": verdict,
                "criterion": f"samples constant to within {NOISE_FACTOR:g} × the run's noise "
                             f"(rtol {tolerance:g} × their size)"}
    if np.isnan(K):
        return {"regime": "undecided", "period": 0, "K": K, "zero_one": verdict,
                "criterion": f"not periodic up to {max_period}, and fewer than "
                             f"{MIN_ZERO_ONE} samples for the 0-1 test"}
    regime = ("chaotic" if K >= K_CHAOTIC else "quasi-periodic" if K <= K_REGULAR
              else "undecided")
    return {"regime": regime, "period": 0, "K": K, "zero_one": verdict,
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


def _states(sim, nbody):
    from ctypes import c_double
    from ._lib import lib
    q, v, buf = np.zeros((nbody, 3)), np.zeros((nbody, 3)), (c_double * 3)()
    for b in range(nbody):
        lib.cs_sim_body_position(sim, b, buf)
        q[b] = buf[:]
        lib.cs_sim_body_velocity(sim, b, buf)
        v[b] = buf[:]
    return q, v


def lyapunov(model, t_end: float, tau: float, d0: float | None = None, t_transient: float = 0.0,
             seed: int = 0, output=None) -> dict:
    """The largest Lyapunov exponent (1/s) of a model's run by two trajectories: a copy started
    d0 away (in a fixed norm: positions over the mechanism's size, angles in rad, velocities
    over its speed scale) is integrated alongside the run, both locating their own contact
    events; every tau seconds the distance d is measured, log(d / d_start) summed, and the copy
    brought back to d0 along the same direction (onto the constraints: cs_sim_set_body_states).
    From t_transient (the reference alone before) to t_end. d0 must stand well above the
    integration's own error, which restarts the copy at every renormalization (else that
    error's growth is measured): by default 1000 × the model's rtol, within [1e-7, 1e-4].

    Returns {"exponent", "stderr" (its standard error by batch means: batch_error), "spread"
    (the running estimate's range over the last half, a measure of its convergence),
    "confidence" (a sentence: λ ± 2 standard errors, the spread, the settings), "t",
    "running" (the estimate after each renormalization), "local" (each interval's growth
    rate), "d0", "tau", "t_transient", "renormalizations"}; with output (an HDF5 file, e.g.
    the run's), also written there as the group /lyapunov (write_lyapunov). A smooth
    integrable motion gives about 0 (decaying as log(t)/t), a chaotic one a positive value
    that two d0 and two tau should reproduce."""
    from ctypes import byref, c_double, c_void_p
    from ._lib import cs_error, lib, text
    from .errors import error
    from .model import Model
    own = not isinstance(model, Model)
    m = Model.from_file(model) if own else model
    rtol = m.tolerances[0]
    if d0 is None:
        d0 = min(max(1e3 * rtol, 1e-7), 1e-4)
    if not (tau > 0 and t_end > t_transient + tau and d0 > 0):
        raise ValueError("lyapunov: needs tau > 0, d0 > 0 and t_end > t_transient + tau")
    sims = [c_void_p(), c_void_p()]
    err = cs_error()

    def check(st):
        if st:
            raise error(st, text(err.message), m.origin)
    try:
        with m._using() as h:
            nb = lib.cs_model_body_count(h)
            for s in sims:
                check(lib.cs_sim_create(h, byref(s), byref(err)))
            ref, per = sims
            if t_transient > 0:
                for s in sims:
                    check(lib.cs_sim_advance(s, c_double(t_transient), byref(err)))
            q, v = _states(ref, nb)
            L = max(float(np.max(np.abs(q[:, :2]))), 1e-9)
            omega = max(float(np.max(np.abs(v[:, 2]))), float(np.max(np.abs(v[:, :2]))) / L, 1.0)
            w = np.tile([1.0 / L, 1.0 / L, 1.0], (nb, 1))
            wv = w / omega

            def dist(a, b):
                return float(np.sqrt(np.sum(((a[0] - b[0]) * w) ** 2 + ((a[1] - b[1]) * wv) ** 2)))

            rng = np.random.default_rng(seed)
            dq, dv = rng.standard_normal((nb, 3)) / w, rng.standard_normal((nb, 3)) / wv
            scale = d0 / dist((dq, dv), (0 * dq, 0 * dv))

            def place(qr, vr, dq, dv):
                qp, vp = (qr + dq).astype(np.float64), (vr + dv).astype(np.float64)
                check(lib.cs_sim_set_body_states(per, qp.ctypes.data_as(c_void_p),
                                                 vp.ctypes.data_as(c_void_p), byref(err)))
                return dist(_states(per, nb), (qr, vr))

            d_start = place(q, v, dq * scale, dv * scale)
            t0, t, total, times, running = lib.cs_sim_time(ref), lib.cs_sim_time(ref), 0.0, [], []
            local = []
            while t + 0.5 * tau < t_end:
                t = min(t + tau, t_end)
                for s in sims:
                    check(lib.cs_sim_advance(s, c_double(t), byref(err)))
                (qr, vr), (qp, vp) = _states(ref, nb), _states(per, nb)
                d = dist((qp, vp), (qr, vr))
                if not (d > 0 and np.isfinite(d)):
                    raise ArithmeticError(f"lyapunov: the copy's distance is {d} at t = {t} s")
                total += np.log(d / d_start)
                local.append(np.log(d / d_start) / (t - times[-1] if times else t - t0))
                times.append(t)
                running.append(total / (t - t0))
                k = d0 / d
                d_start = place(qr, vr, (qp - qr) * k, (vp - vr) * k)
    finally:
        for s in sims:
            lib.cs_sim_free(s)
        if own:
            m.close()
    half = np.array(running[len(running) // 2:])
    lam, spread = running[-1], float(half.max() - half.min()) if len(half) else float("nan")
    se = batch_error(local)
    out = {"exponent": lam, "spread": spread, "stderr": se,
            "confidence": (f"λ = {lam:.4g} ± {2 * se:.2g} 1/s (two standard errors of "
                           f"{BATCHES} batch means of the local rates)" if np.isfinite(se) else
                           f"λ = {lam:.4g} 1/s (too few renormalizations, fewer than "
                           f"{2 * BATCHES}, for a standard error)")
                          + f"; over the last half of "
                          f"the run its running estimate stayed within {spread:.2g} 1/s "
                          f"({len(running)} renormalizations every {tau:g} s, d0 = {d0:g})"
                          + (f"; d0 is within 100 × rtol ({rtol:g}): the estimate may measure "
                             f"the integration's error" if d0 < 100 * rtol else ""),
            "t": np.array(times), "running": np.array(running), "local": np.array(local),
            "d0": d0, "tau": tau, "t_transient": t_transient,
            "renormalizations": len(running)}
    if output is not None:
        write_lyapunov(out, output, origin=m.origin)
    return out


BATCHES = 20  # batch means of the local rates: the standard error of a correlated series


def batch_error(local) -> float:
    """The standard error of the mean of a series of local growth rates, by the means of
    BATCHES consecutive batches (neighbouring rates are correlated, batches far less): NaN
    below 2 renormalizations per batch."""
    x = np.asarray(local, dtype=float)
    size = len(x) // BATCHES
    if size < 2:
        return float("nan")
    means = x[:size * BATCHES].reshape(BATCHES, size).mean(axis=1)
    return float(np.std(means, ddof=1) / np.sqrt(BATCHES))


def write_lyapunov(result: dict, path, group: str = "lyapunov", origin: str = "") -> None:
    """An estimate of lyapunov() into an HDF5 file (created, or added to: a run file of the
    same model keeps its datasets) as a group: datasets time (s), running and local (1/s),
    the convergence history; attributes exponent, stderr, spread (1/s), d0, tau,
    t_transient (s), renormalizations, confidence (the sentence), method and model. An
    existing group of that name is replaced."""
    import h5py
    with h5py.File(path, "a") as f:
        if group in f:
            del f[group]
        g = f.create_group(group)
        for name, key, unit in (("time", "t", "s"), ("running", "running", "1/s"),
                                ("local", "local", "1/s")):
            g.create_dataset(name, data=np.asarray(result[key], dtype=float))
            g[name].attrs["units"] = unit
        for key in ("exponent", "stderr", "spread", "d0", "tau", "t_transient"):
            g.attrs[key] = float(result[key])
        g.attrs["renormalizations"] = int(result["renormalizations"])
        g.attrs["confidence"] = result["confidence"]
        g.attrs["method"] = ("two trajectories (clearsim.chaos.lyapunov): the copy renormalized "
                             "to d0 every tau seconds, the logarithms of the growth averaged")
        g.attrs["model"] = origin


def read_lyapunov(path, group: str = "lyapunov") -> dict:
    """What write_lyapunov wrote, as lyapunov() returns it (t, running, local as arrays)."""
    import h5py
    with h5py.File(path, "r") as f:
        g = f[group]
        out = {k: (v.decode() if isinstance(v, bytes) else v) for k, v in g.attrs.items()}
        out.update(t=g["time"][:], running=g["running"][:], local=g["local"][:])
    return out


# ------------------------------------------------------------------ a sweep's summary -----

def _summary_model(f, i: int):
    """The Model of a summary's case i: the base model (/model) with the case's parameters and
    their "also" places (/sweep) set as `clearsim sweep` set them."""
    import json
    from .model import Model
    text_ = f["model"][()]
    text_ = text_.decode() if isinstance(text_, bytes) else str(text_)
    sweep = json.loads(f["sweep"][()]) if "sweep" in f else {}
    paths = [p.decode() if isinstance(p, bytes) else str(p)
             for p in f["cases/parameters"].attrs["paths"]]
    also = {p["path"]: p.get("also", []) for p in sweep.get("parameters", [])}
    values = {}
    for p, v in zip(paths, f["cases/parameters"][i]):
        values[p] = float(v)
        for a in also.get(p, []):
            values[a["path"]] = float(a.get("scale", 1.0)) * float(v)
    with Model.from_json(text_, origin=f"case {i}") as base:
        return base.with_values(values)


def _summary_rtol(f) -> float | None:
    """The integration rtol of a summary's base model (/model's solver; the engine's default
    1e-6 when the file sets none): the 0-1 test's noise floor. None (no floor) without
    /model."""
    import json
    if "model" not in f:
        return None
    text_ = f["model"][()]
    doc = json.loads(text_.decode() if isinstance(text_, bytes) else str(text_))
    return float(doc.get("solver", {}).get("rtol", 1e-6))


def classify_summary(path, exponents: bool = False, tau: float | None = None,
                     t_transient: float | None = None, jobs: int | None = None) -> dict:
    """Each case's regime into a sweep summary (`clearsim sweep` with "poincare"), from the
    second half of its Poincaré samples (the first is the transient), as classify says:
    /cases/regime/<joint>/regime [ncase] ("period-n", "quasi-periodic", "chaotic",
    "undecided"; "" for a case that did not complete), period [ncase] (n, 0 when not periodic),
    K [ncase] (the 0-1 test, its noise floor from the model's rtol) and zero_one [ncase] (its
    verdict: "chaotic", "regular", "undecided", "constant within noise", "too short"). With
    exponents, also each completed case's largest Lyapunov exponent, rerun from the summary's
    model and parameters: /cases/lyapunov/exponent, stderr, spread [ncase] (1/s; NaN where not
    computed), renormalized every tau (default: one driver period, /cases/poincare/period)
    from t_transient (default half the sweep's t_end) to its t_end. Returns {joint: [regime
    per case]}."""
    import h5py
    with h5py.File(path, "a") as f:
        status = [s.decode() if isinstance(s, bytes) else str(s) for s in f["cases/status"][:]]
        ok = [s in ("complete", "suspect") for s in status]
        if "cases/poincare" not in f:
            raise ValueError(f"{path}: no Poincaré samples (a sweep with \"poincare\": true)")
        tolerance = _summary_rtol(f)
        paths = [p.decode() if isinstance(p, bytes) else str(p)
                 for p in f["cases/parameters"].attrs["paths"]]
        tols = (f["cases/parameters"][:, paths.index("/solver/rtol")] if "/solver/rtol" in paths
                else [tolerance] * len(status))  # a swept rtol: each case's own
        out = {}
        for joint in f["cases/poincare"]:
            if joint == "period":
                continue
            e = f["cases/poincare"][joint][:]
            rows = []
            for i in range(len(e)):
                n = int(np.sum(np.isfinite(e[i, :, 0])))
                tol = None if tols[i] is None else float(tols[i])
                rows.append(classify(e[i, n // 2:n], tolerance=tol) if ok[i] and n >= 4
                            else {"regime": "", "period": 0, "K": float("nan"),
                                  "zero_one": ""})
            g = f.require_group(f"cases/regime/{joint}")
            for name in list(g):
                del g[name]
            g.create_dataset("regime", data=[r["regime"] for r in rows],
                             dtype=h5py.string_dtype())
            g.create_dataset("period", data=np.array([r["period"] for r in rows], dtype=np.int32))
            g.create_dataset("K", data=np.array([r["K"] for r in rows], dtype=float))
            g.create_dataset("zero_one", data=[r["zero_one"] for r in rows],
                             dtype=h5py.string_dtype())
            g.attrs["criterion"] = ("the second half of each case's Poincaré samples: period-n "
                                    "when they repeat after n <= 32 driver periods to 1e-3 of "
                                    f"their size, else the 0-1 test K >= {K_CHAOTIC} chaotic, "
                                    f"<= {K_REGULAR} quasi-periodic; K = 0 for samples constant "
                                    f"to within {NOISE_FACTOR:g} x rtol ({tolerance}, the "
                                    f"model's, or the case's when swept) x their size "
                                    f"(clearsim.chaos.classify)")
            out[joint] = [r["regime"] for r in rows]
        if exponents:
            _summary_exponents(f, ok, tau, t_transient, jobs)
    return out


def _summary_exponents(f, ok, tau, t_transient, jobs):
    from concurrent.futures import ThreadPoolExecutor
    import os
    from .errors import Error
    swept_end = float(f.attrs.get("t_end", 0.0))
    periods = f["cases/poincare/period"][:]
    models = [_summary_model(f, i) if ok[i] else None for i in range(len(ok))]

    def one(i):
        m = models[i]
        if m is None:
            return None
        t_end = swept_end if swept_end > 0 else m.t_end  # 0: each model's own end
        try:
            return lyapunov(m, t_end, tau or float(periods[i]),
                            t_transient=0.5 * t_end if t_transient is None else t_transient)
        except (Error, ArithmeticError, ValueError):
            return None  # the case's exponent stays NaN
        finally:
            m.close()
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        res = list(pool.map(one, range(len(ok))))
    g = f.require_group("cases/lyapunov")
    for key in ("exponent", "stderr", "spread"):
        if key in g:
            del g[key]
        g.create_dataset(key, data=np.array([r[key] if r else np.nan for r in res]))
        g[key].attrs["units"] = "1/s"
    g.attrs["t_transient"] = ("half of t_end" if t_transient is None else t_transient)
    g.attrs["tau"] = tau if tau else "one driver period"


def read_summary_exponents(path):
    """A summary's /cases/lyapunov/exponent [ncase] (1/s), or None when not computed."""
    import h5py
    with h5py.File(path, "r") as f:
        return f["cases/lyapunov/exponent"][:] if "cases/lyapunov/exponent" in f else None
