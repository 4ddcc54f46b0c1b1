"""tools/reproduction/core.py — what every paper's cases share: the run environment (clearsim
runs, model variants, the papers' data files, tools/reproduce_data's CSVs), a case and its
checks and verdict, figures, and the report. The cases themselves are one module per paper
(paper000.py … paper004.py); tools/reproduction/reproduce lists them and calls main().
"""
import csv
import glob
import json
import math
import os
import subprocess
import sys
import time
import traceback

import toolenv as ch
from clearsim import runfile as rf
import numpy as np
import matplotlib.pyplot as plt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
EXIT_MISSING, EXIT_FAILED = 2, 3


# ================================================================ infrastructure

class CaseError(Exception):
    """A case that cannot be computed (a run failed): reported, and the case fails."""


class Check:
    """One comparison. kind: "agree" (the paper's number or statement, within tol),
    "finding" (a documented difference, which ours must show as documented) or "setup" (it
    must hold, but it follows from a setup the paper leaves out and we assumed: Case.setup says
    what); "info" rows are printed for context and not judged."""

    def __init__(self, what, paper, ours, dev, tol, ok, kind="agree", listed=True):
        self.what, self.paper, self.ours, self.dev, self.tol = what, paper, ours, dev, tol
        self.ok, self.kind, self.listed = bool(ok), kind, listed


class Case:
    def __init__(self, key, title, source):
        self.key, self.title, self.source = key, title, source
        self.models = []        # (path relative to the output or repository, what it is)
        self.figures = []       # (file name, caption)
        self.checks = []
        self.table = []         # extra markdown lines (a per-row table)
        self.notes = []         # paragraphs after the table
        self.differs = ""       # why, when a finding is among the checks
        self.setup = ""         # the setup is ours, not the paper's: what was assumed, and
        #                         what the comparison can and cannot show
        self.error = None
        self.skipped = None     # "not available" reason
        self.seconds = 0.0

    def check(self, what, paper, ours, dev, tol, ok, kind="agree", listed=True):
        """listed=False: the case's own table (Case.table) shows it."""
        self.checks.append(Check(what, paper, ours, dev, tol, ok, kind, listed))

    def info(self, what, paper, ours, dev=""):
        self.checks.append(Check(what, paper, ours, dev, "", True, "info"))

    def judged(self):
        return [c for c in self.checks if c.kind != "info"]

    def passed(self):
        return self.skipped is None and self.error is None and all(c.ok for c in self.judged())

    def verdict(self):
        if self.skipped:
            return "not available — " + self.skipped
        if self.error:
            return "FAILED — " + self.error
        bad = [c for c in self.judged() if not c.ok]
        if bad:
            return "FAILED — outside the stated tolerance: " + "; ".join(c.what for c in bad[:4])
        if any(c.kind == "finding" for c in self.judged()):
            return "differs, as documented — " + self.differs + (
                "; setup differs: " + self.setup if self.setup else "")
        if self.setup or any(c.kind == "setup" for c in self.judged()):
            return "setup differs — " + self.setup
        return "matches — " + self.differs if self.differs else "matches"

    def outcome(self):
        """The verdict's kind, for the report's counts: matches, setup differs, differs (as
        documented), failed or not available."""
        return self.verdict().split(" — ")[0].replace(", as documented", "")


class Env:
    def __init__(self, args):
        self.quick = args.quick
        self.out = os.path.abspath(args.out)
        self.data = os.path.join(self.out, "data")
        self.variants = os.path.join(self.out, "variants")
        build = args.build or os.environ.get("CS_BUILD_DIR") or os.path.join(ROOT, "build")
        self.build = os.path.abspath(build)
        self.clearsim = os.path.join(self.build, "tools", "clearsim")
        self.reproduce_data = os.path.join(self.build, "tools", "reproduce_data")
        self.papers = {}

    def paper(self, number):
        """The data file of paper `number` (models/papers/NNN_*.json), parsed."""
        if number not in self.papers:
            pattern = os.path.join(ROOT, "models", "papers", "%03d_*.json" % number)
            found = sorted(glob.glob(pattern))
            if not found:
                raise CaseError("no data file models/papers/%03d_*.json" % number)
            with open(found[0]) as f:
                self.papers[number] = (json.load(f), os.path.relpath(found[0], ROOT))
        return self.papers[number][0]

    def paper_file(self, number):
        self.paper(number)
        return self.papers[number][1]

    def rel(self, path):
        """A path as the report names it: relative to the output directory if inside it, else
        to the repository."""
        path = os.path.abspath(path)
        if path.startswith(self.out + os.sep):
            return os.path.relpath(path, self.out)
        return os.path.relpath(path, ROOT)

    def run(self, model, name=None, t_end=None):
        """`clearsim run` of a model file (relative to the repository or absolute) into
        DATA/<name>.h5; the run's file, read."""
        name = name or os.path.splitext(os.path.basename(model))[0]
        h5 = os.path.join(self.data, name + ".h5")
        cmd = [self.clearsim, "run", model, "-o", h5, "--quiet"]
        if t_end:
            cmd += ["--t-end", repr(float(t_end))]
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if p.returncode != 0:
            msg = p.stderr.strip().splitlines()
            raise CaseError("clearsim run %s exited %d: %s" % (
                self.rel(model), p.returncode, msg[-1] if msg else "no message"))
        return rf.Run(h5)

    def variant(self, base, name, change, edit):
        """A model file derived from models/<base>: `edit(model dict)` applied, written to
        VARIANTS/<name>.json with its description saying so."""
        with open(os.path.join(ROOT, base)) as f:
            m = json.load(f)
        edit(m)
        m["name"] = name
        m["description"] = "Derived by tools/reproduction/reproduce from %s: %s. The original: %s" % (
            base, change, m.get("description", ""))
        m.get("output", {}).pop("file", None)
        path = os.path.join(self.variants, name + ".json")
        with open(path, "w") as f:
            json.dump(m, f, indent=1)
        return path

    def csv(self, name):
        """A CSV of tools/reproduce_data as a list of dicts (numbers as floats)."""
        path = os.path.join(self.data, name)
        if not os.path.exists(path):
            raise CaseError("tools/reproduce_data wrote no %s" % name)
        rows = []
        with open(path) as f:
            for r in csv.DictReader(f):
                rows.append({k: _number(v) for k, v in r.items()})
        return rows


def _number(text):
    try:
        return float(text)
    except ValueError:
        return text


def pct(x):
    return "%+.2f %%" % (100.0 * x)


def fmt(x, digits=4):
    if isinstance(x, str):
        return x
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return "%.*g" % (digits, x)


def printed(x, digits):
    """x with `digits` significant digits, trailing zeros kept (as a table prints them)."""
    return ("%#.*g" % (digits, x)).rstrip(".")


def figure(nrows=1, ncols=1, width=8.0, height=3.2, **kw):
    fig, axes = plt.subplots(nrows, ncols, squeeze=False, layout="constrained",
                             figsize=(width, 0.8 + height * nrows), **kw)
    return fig, axes.ravel()


def save(env, case, fig, name, caption, title, legend_on=None):
    """Title, grid and legends (on every axis with several curves, or only on `legend_on`),
    then the PNG in the output directory, listed as the case's figure."""
    fig.suptitle(title)
    for ax in fig.axes:
        ax.grid(True, alpha=0.3)
        handles, labels = ax.get_legend_handles_labels()
        if (len(labels) > 1 and ax.get_legend() is None and
                (legend_on is None or ax in legend_on)):
            ax.legend(fontsize="small")
    ch.save_figure(fig, os.path.join(env.out, name))
    case.figures.append((name, caption))


# ---------------------------------------------------------------- run-file helpers

def joint(run):
    joints = run.joints()
    if not joints:
        raise CaseError("%s: no clearance joint in the run file" % run.path)
    return joints[0]


def events(run):
    ev = run.events() or {}
    n = len(ev.get("t_on", []))
    # the figures' columns: the names (joint, region, corner) are text
    return {k: np.asarray(v, float) for k, v in ev.items() if np.asarray(v).dtype.kind in "fiu"}, n


def body_velocity(run, name):
    b = run.body_index(name)
    return run.series("bodies/velocity")[:, b, :]


def last(run, path):
    return float(run.series(path)[-1])


def j_max(run):
    return float(np.max(joint(run)["normal_force"]))


def monotone(values, increasing=True):
    d = np.diff(values)
    return bool(np.all(d > 0) if increasing else np.all(d < 0))


# ================================================================ the report

def md_cell(x):
    return str(x).replace("|", "\\|")


def tally(cases):
    """The summary that leads the report and the closing line: how many cases match their
    paper, use a setup we assumed, differ as documented — a case within its stated tolerance
    is one of these three, and "passed" alone would read better than the truth — then the
    failed and the not available ones."""
    count = {k: sum(1 for c in cases if c.passed() and c.outcome() == k)
             for k in ("matches", "setup differs", "differs")}
    failed = sum(not c.passed() for c in cases if not c.skipped)
    skipped = sum(1 for c in cases if c.skipped)
    line = ("%d match their paper, %d use an assumed setup, %d differ (documented); %d failed"
            % (count["matches"], count["setup differs"], count["differs"], failed))
    return line + (", %d not available" % skipped if skipped else ""), failed


def write_report(env, cases, seconds, path):
    summary, n_fail = tally(cases)
    L = ["# Reproduction of the source papers", "",
         "**%s.**" % summary, "",
         "A case that *matches* meets the paper's numbers or statements within the stated "
         "tolerance; *assumed setup*: the paper leaves the setup out, so it is ours (the "
         "comparison shows that its statements hold for our assumptions, not that our numbers "
         "are its numbers); *differs (documented)*: ours differs from the paper as its "
         "evidence documents (a misprint, a parameter the paper leaves out).", "",
         "Written by `tools/reproduction/reproduce%s` in %.0f s (%s mode) with the programs of `%s`. "
         "Each case names its source, the model files and data it ran, its figures, the "
         "paper's numbers against ours and a verdict. A check marked *finding* is a "
         "documented difference that ours must show as documented; *agree* must meet the "
         "paper within the stated tolerance; *info* is context, not judged." % (
             " --quick" if env.quick else "", seconds, "quick" if env.quick else "full",
             os.path.relpath(env.build, ROOT)), "",
         "| case | verdict | checks | time |", "|---|---|---|---|"]
    for c in cases:
        j = c.judged()
        L.append("| [%s](#%s) | %s | %s | %.1f s |" % (
            c.key, c.key, md_cell(("✓ " if c.passed() else ("– " if c.skipped else "✗ ")) +
                                  c.verdict().split(" — ")[0]),
            "%d/%d" % (sum(x.ok for x in j), len(j)) if j else "—", c.seconds))
    for c in cases:
        L += ["", '<a id="%s"></a>' % c.key, "## %s: %s" % (c.key, c.title), "",
              "**Source:** %s." % c.source, ""]
        if c.models:
            L.append("**Models and data:**")
            L += ["- `%s` — %s" % (m, what) for m, what in c.models]
            L.append("")
        for name, caption in c.figures:
            L += ["![%s](%s)" % (name, name), "", "*%s*" % caption, ""]
        if c.table:
            L += c.table + [""]
        shown = [x for x in c.checks if x.listed]
        if shown:
            L += ["| check | paper | ours | deviation | tolerance | kind | |",
                  "|---|---|---|---|---|---|---|"]
            for x in shown:
                L.append("| %s | %s | %s | %s | %s | %s | %s |" % tuple(md_cell(v) for v in (
                    x.what, x.paper, x.ours, x.dev, x.tol, x.kind,
                    "" if x.kind == "info" else ("✓" if x.ok else "✗"))))
            L.append("")
        for n in c.notes:
            L += [n, ""]
        L += ["**Verdict:** %s" % c.verdict(), ""]
    with open(path, "w") as f:
        f.write("\n".join(L))
    return summary, n_fail


def parse_args():
    ap = ch.ArgumentParser(
        prog="tools/reproduction/reproduce",
        description="Reproduce the case studies of the five source papers: figures (PNG) and "
                    "DIR/report.md with the paper's numbers against ours. Exit 0 when every case "
                    "is within its stated tolerance, 3 when one is not, 2 when the programs or "
                    "data are missing.")
    ap.add_argument("--quick", action="store_true",
                    help="reduced mode for CI: fewer sweep values, the mechanisms over one "
                         "crank turn, two of the five scotch-yoke laws")
    ap.add_argument("--out", metavar="DIR", default=os.path.join(ROOT, "build", "reproduce"),
                    help="output directory (default: build/reproduce)")
    ap.add_argument("--build", metavar="DIR", help="build directory holding tools/clearsim and "
                    "tools/reproduce_data (default: $CS_BUILD_DIR, else build)")
    ap.add_argument("--only", metavar="PAPERS", help="comma-separated papers to run, e.g. "
                    "000,004")
    return ap.parse_args()


def main(cases_by_paper):
    """Run the cases of `cases_by_paper` ((paper, (case functions …)), …): the entry point of
    tools/reproduction/reproduce."""
    args = parse_args()
    env = Env(args)
    for prog in (env.clearsim, env.reproduce_data):
        if not os.access(prog, os.X_OK):
            raise ch.ToolError("%s is missing: build first (tools/setup, or cmake --build %s)"
                               % (prog, env.build), EXIT_MISSING)
    only = set(args.only.split(",")) if args.only else None
    known = [paper for paper, _ in cases_by_paper]
    if only and not only <= set(known):
        raise ch.ToolError("--only: unknown paper %s (the papers are %s)" % (
            ", ".join(sorted(only - set(known))), ", ".join(known)), ch.EXIT_USAGE)
    for d in (env.out, env.data, env.variants):
        os.makedirs(d, exist_ok=True)
    start = time.monotonic()
    cmd = [env.reproduce_data, "--papers", os.path.join(ROOT, "models", "papers"), env.data]
    if env.quick:
        cmd.insert(1, "--quick")
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    data_error = None
    if p.returncode != 0:
        data_error = "tools/reproduce_data exited %d: %s" % (p.returncode, p.stderr.strip())
        sys.stderr.write(data_error + "\n")
    print("tools/reproduction/reproduce: tools/reproduce_data %.1f s" % (time.monotonic() - start))
    cases = []
    for paper, fns in cases_by_paper:
        if only and paper not in only:
            continue
        for fn in fns:
            t = time.monotonic()
            try:
                got = fn(env)
            except Exception as e:  # noqa: BLE001 — one case's failure must not stop the rest
                if not isinstance(e, CaseError):
                    traceback.print_exc()
                got = Case(fn.__name__.replace("case_", "").replace("_", "-"), fn.__name__,
                           "paper %s" % paper)
                got.error = "%s: %s" % (type(e).__name__, e) if not isinstance(e, CaseError) \
                    else str(e)
                if data_error:
                    got.error += " (%s)" % data_error
            for c in (got if isinstance(got, list) else [got]):
                c.seconds = (time.monotonic() - t) / (len(got) if isinstance(got, list) else 1)
                cases.append(c)
                status = "SKIP" if c.skipped else ("PASS" if c.passed() else "FAIL")
                print("%s %-12s %s" % (status, c.key, c.verdict()))
    seconds = time.monotonic() - start
    report = os.path.join(env.out, "report.md")
    summary, n_fail = write_report(env, cases, seconds, report)
    print("report: %s (%.0f s)" % (report, seconds))
    print(summary)
    return 0 if n_fail == 0 else EXIT_FAILED
