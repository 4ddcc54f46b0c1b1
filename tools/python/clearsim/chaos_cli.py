"""python3 -m clearsim.chaos_cli: clearsim.chaos from the shell, its answers written to files.

    python3 -m clearsim.chaos_cli lyapunov MODEL.json --t-end T --tau TAU [--d0 D]
                                  [--t-transient T0] [-o FILE.h5]
        the largest Lyapunov exponent, its confidence printed, its convergence history written
        to FILE.h5's group /lyapunov (default MODEL_lyapunov.h5; a run file of the model keeps
        its datasets and gains the group)
    python3 -m clearsim.chaos_cli summary SUMMARY.h5 [--exponents] [--tau TAU]
                                  [--t-transient T0] [--jobs N]
        each case's regime (and exponent) written into a sweep summary's /cases/regime/<joint>
        (and /cases/lyapunov), one line per case printed

Exit codes: 0 done, 1 usage, 2 a model or summary that cannot be read.
"""
from __future__ import annotations

import argparse
import os
import sys

from . import chaos
from .errors import Error


def _lyapunov(a) -> int:
    out = a.output or os.path.splitext(os.path.basename(a.model))[0] + "_lyapunov.h5"
    r = chaos.lyapunov(a.model, a.t_end, a.tau, d0=a.d0, t_transient=a.t_transient, output=out)
    print(r["confidence"])
    print(f"history: {out} /lyapunov ({r['renormalizations']} renormalizations)")
    return 0


def _summary(a) -> int:
    regimes = chaos.classify_summary(a.summary, exponents=a.exponents, tau=a.tau,
                                     t_transient=a.t_transient, jobs=a.jobs)
    lam = None
    if a.exponents:
        lam = chaos.read_summary_exponents(a.summary)
    for joint, rows in regimes.items():
        for i, reg in enumerate(rows):
            extra = "" if lam is None else f"  λ = {lam[i]:.4g} 1/s"
            print(f"case {i:4d}  joint {joint}: {reg or '(not completed)'}{extra}")
    print(f"written: {a.summary} /cases/regime" + (" and /cases/lyapunov" if a.exponents else ""))
    return 0


def main(argv=None, prog: str = "python3 -m clearsim.chaos_cli") -> int:
    """The command line: `lyapunov MODEL …` or `summary SUMMARY.h5 …`; returns the exit code."""
    p = argparse.ArgumentParser(prog=prog,
                                description="Periodic or chaotic: clearsim.chaos's answers, "
                                            "written to the files.")
    sub = p.add_subparsers(dest="what", required=True)
    ly = sub.add_parser("lyapunov", help="the largest Lyapunov exponent of a model's run")
    ly.add_argument("model")
    ly.add_argument("--t-end", type=float, required=True)
    ly.add_argument("--tau", type=float, required=True, help="renormalization interval, s")
    ly.add_argument("--d0", type=float, default=None, help="perturbation size (default 1000 × rtol)")
    ly.add_argument("--t-transient", type=float, default=0.0)
    ly.add_argument("-o", "--output", default=None)
    su = sub.add_parser("summary", help="each case's regime into a sweep summary")
    su.add_argument("summary")
    su.add_argument("--exponents", action="store_true", help="also each case's exponent")
    su.add_argument("--tau", type=float, default=None, help="default: one driver period")
    su.add_argument("--t-transient", type=float, default=None, help="default: half of t_end")
    su.add_argument("--jobs", type=int, default=None)
    a = p.parse_args(argv)
    try:
        return _lyapunov(a) if a.what == "lyapunov" else _summary(a)
    except (Error, OSError, KeyError, ValueError) as e:
        print(f"clearsim.chaos_cli: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
