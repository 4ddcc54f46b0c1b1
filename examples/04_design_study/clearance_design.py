#!/usr/bin/env python3
"""examples/04_design_study/clearance_design.py — choose the clearance and restitution of a bearing so that its
peak contact force stays under a limit.

The design question: the slider-crank of models/slider_crank_clearance.json (5000 rpm) has a
clearance revolute joint C between rod and slider. A larger clearance is cheaper to make and
tolerates more thermal growth; a smaller one, or a more dissipative contact (lower
coefficient of restitution c_r: a polymer liner, a lubricant film), keeps the impacts soft.
Which (clearance, c_r) keep the peak bearing force under a limit — by default 6 times the
peak force the ideal joint carries (models/slider_crank.json) — and what is the largest
admissible clearance for each c_r?

    PYTHONPATH=build/python /usr/bin/python3 examples/04_design_study/clearance_design.py [--limit N]
        [--out clearance_design.png] [--quick]

It runs the grid of designs in parallel threads (the library releases the GIL), refines the
largest admissible clearance of each c_r with SciPy's brentq between the grid's last
admissible and first inadmissible clearance, prints the table and writes a PNG (matplotlib,
Agg): the peak force over the grid with the limit's contour, and the bearing force against
crank angle for the recommended design and the widest clearance.
"""
import argparse
import concurrent.futures
import copy
import json
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from scipy.optimize import brentq  # noqa: E402

import clearsim  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, "..", "..", "models")


def ideal_peak():
    """The largest force the ideal joint C carries over the same two crank turns, N."""
    r = clearsim.Model.from_file(os.path.join(MODELS, "slider_crank.json")).run()
    rows = [r.constraint_names.index("C.x"), r.constraint_names.index("C.y")]
    return float(np.hypot(*r.lambdas[:, rows].T).max())


class Design:
    """The clearance model with its bearing's clearance (m) and c_r changed."""

    def __init__(self):
        with open(os.path.join(MODELS, "slider_crank_clearance.json")) as f:
            self.base = json.load(f)

    def model(self, clearance, cr):
        d = copy.deepcopy(self.base)
        joint = next(j for j in d["clearance_joints"] if j["name"] == "C")
        joint["hole_radius"] = joint["pin_radius"] + clearance
        joint["contact"]["restitution"] = {"model": "constant", "cr": cr}
        d["output"] = {"interval": 2e-5}
        return clearsim.Model.from_dict(d, origin=f"<C: {clearance * 1e3:.4g} mm, c_r {cr}>")

    def run(self, clearance, cr):
        return self.model(clearance, cr).run()

    def peak(self, clearance, cr):
        """The largest contact force of the run, N: each contact's located peak (the events),
        not only the sampled rows."""
        r = self.run(clearance, cr)
        return float(max(r.events["max_force"].max(initial=0.0),
                         r.joint("C")["normal_force"].max()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--limit", type=float, help="peak bearing force allowed, N "
                    "(default: 6 x the ideal joint's peak)")
    ap.add_argument("--out", default="clearance_design.png", help="PNG to write")
    ap.add_argument("--quick", action="store_true", help="a coarse grid (for the tests)")
    args = ap.parse_args()

    ideal = ideal_peak()
    limit = args.limit or 6 * ideal
    clearances = np.geomspace(0.01e-3, 0.5e-3, 4 if args.quick else 9)
    crs = [0.5, 0.9] if args.quick else [0.3, 0.5, 0.7, 0.9]
    design = Design()
    print(f"ideal joint C: peak force {ideal:.0f} N; limit {limit:.0f} N")

    # the grid, in parallel threads: each run releases the GIL while it integrates
    grid = [(c, cr) for cr in crs for c in clearances]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        peaks = np.array(list(pool.map(lambda p: design.peak(*p), grid)))
    peaks = peaks.reshape(len(crs), len(clearances))

    print(f"{'c_r':>5} " + " ".join(f"{c * 1e3:8.3f}" for c in clearances) + "  clearance, mm")
    best = {}
    for i, cr in enumerate(crs):
        ok = peaks[i] <= limit
        print(f"{cr:5.2f} " + " ".join(f"{p / 1e3:7.1f}{'*' if o else ' '}"
                                      for p, o in zip(peaks[i], ok)) + "  peak, kN (* <= limit)")
        if not ok[0]:
            continue
        k = int(np.argmin(ok)) if not ok.all() else len(ok) - 1
        if ok.all():
            best[cr] = clearances[-1]
            continue
        # refine between the last admissible and the first inadmissible grid clearance: the
        # clearance at which the peak reaches the limit (SciPy's brentq)
        lo, hi = clearances[k - 1], clearances[k]
        c = brentq(lambda c: design.peak(c, cr) - limit, lo, hi, xtol=1e-8, rtol=1e-4)
        while design.peak(c, cr) > limit:  # the root's admissible side
            c -= 1e-8
        best[cr] = c
    if not best:
        print("no design of the grid keeps the peak under the limit")
        return 1
    cr_best = max(best, key=lambda cr: (best[cr], cr))
    for cr, c in best.items():
        print(f"c_r {cr:.2f}: largest admissible clearance {c * 1e3:.4f} mm")
    c_best = best[cr_best]
    check = design.peak(c_best, cr_best)
    print(f"recommended: clearance {c_best * 1e3:.4f} mm with c_r {cr_best:.2f} "
          f"(peak {check:.0f} N, {check / limit:.3f} of the limit)")
    plot(args.out, design, clearances, crs, peaks, limit, best, (c_best, cr_best))
    print(f"wrote {args.out}")
    return 0


def plot(path, design, clearances, crs, peaks, limit, best, choice):
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 4.8), layout="constrained")
    mesh = ax.pcolormesh(clearances * 1e3, crs, peaks / 1e3, shading="nearest", cmap="viridis")
    fig.colorbar(mesh, ax=ax, label="peak bearing force, kN")
    if peaks.min() < limit < peaks.max() and len(crs) > 1:
        ax.contour(clearances * 1e3, crs, peaks, levels=[limit], colors="w", linewidths=2)
    ax.plot([c * 1e3 for c in best.values()], list(best), "wo", mec="k",
            label="largest admissible clearance")
    ax.plot(choice[0] * 1e3, choice[1], "r*", ms=16, mec="k", label="recommended")
    ax.set_xscale("log")
    ax.set_xlabel("radial clearance, mm")
    ax.set_ylabel("coefficient of restitution c_r")
    ax.set_title(f"peak force of joint C (limit {limit / 1e3:.1f} kN: white line)")
    ax.legend(loc="lower right", fontsize=8)

    for (c, cr), style in ((choice, "C3"), ((clearances[-1], choice[1]), "C0")):
        r = design.run(c, cr)
        crank = np.degrees(r.position("crank")[:, 2])
        bx.plot(crank, r.joint("C")["normal_force"] / 1e3, style,
                label=f"{c * 1e3:.3f} mm, c_r {cr:.2f}", lw=0.8)
    bx.axhline(limit / 1e3, color="k", ls="--", lw=1, label="limit")
    bx.set_xlabel("crank angle, degrees")
    bx.set_ylabel("bearing contact force, kN")
    bx.set_title("joint C over two crank turns")
    bx.legend(fontsize=8)
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
