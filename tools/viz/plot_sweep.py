"""plot_sweep — tools/viz/plot's figures of a sweep summary (`clearsim sweep`, tools/README.md "Parameter
studies"): every figure of the study (peak joint forces and penetrations, contact counts,
driver reaction peaks and RMS, peak body accelerations, energy balance error, steps, wall time)
against every swept parameter, one PNG per parameter with a panel per figure; and, when the
summary holds Poincaré sections and a speed was swept (a driver's motion velocity or
frequency), a bifurcation diagram per clearance joint: the eccentricity sampled once per
driver period against the speed, from the second half of each case's samples (the first half
is the start-up transient).

In a grid, a panel draws one line per combination of the other parameters' values; random and
zip sweeps are drawn as points. Failed and pending cases are left out (the title counts them);
suspect cases (the run's own evidence against it) are drawn hollow.
"""
import os

import clearsim_h5 as ch

import h5py
import numpy as np
import matplotlib.pyplot as plt


def is_summary(path):
    try:
        with h5py.File(path, "r") as f:
            return "sweep" in f and "cases" in f
    except OSError:
        return False


def _name(path):
    """A parameter's short name: its pointer's last member that is not an index."""
    parts = [p for p in path.split("/") if p and not p.isdigit()]
    return parts[-1] if parts else path


def is_speed(path):
    return path.endswith("/motion/velocity") or path.endswith("/motion/frequency")


class Summary:
    def __init__(self, path):
        self.path = path
        try:
            self.file = h5py.File(path, "r")
        except OSError as e:
            raise ch.ToolError("%s: not a readable HDF5 file (%s)" % (path, e))
        f = self.file
        self.name = ch._text(f.attrs.get("sweep_name", "")) or os.path.basename(path)
        self.mode = ch._text(f.attrs.get("mode", "grid"))
        self.params = f["cases/parameters"][:]
        self.paths = [ch._text(p) for p in f["cases/parameters"].attrs["paths"]]
        self.status = np.array([ch._text(s) for s in f["cases/status"][:]])
        self.ok = np.isin(self.status, ["complete", "suspect"])
        self.suspect = self.status == "suspect"

    def figures(self):
        """[(label, units, values [ncase])] of every figure the summary holds."""
        c = self.file["cases"]
        out = []

        def add(label, ds, column=None):
            v = ds[:] if column is None else ds[:, column]
            if np.all(np.nan_to_num(v[self.ok]) == 0):
                return  # a ground body's accelerations, a driver that never pulls
            out.append((label, ch._text(ds.attrs.get("units", "")), v))
        for joint in c.get("joints", {}):
            g = c["joints"][joint]
            add("peak contact force, joint %s" % joint, g["max_force"])
            add("peak penetration, joint %s" % joint, g["max_penetration"])
            add("contacts, joint %s" % joint, g["contacts"])
        for driver in c.get("drivers", {}):
            g = c["drivers"][driver]
            add("peak |reaction|, driver %s" % driver, g["max_abs_reaction"])
            add("RMS reaction, driver %s" % driver, g["rms_reaction"])
        for body in c.get("bodies", {}):
            ds = c["bodies"][body]["max_abs_acceleration"]
            for k, comp in enumerate(("x", "y", "θ")):
                units = ch._text(ds.attrs.get("units", "")).split(", ")
                label = "peak |%s''|, body %s" % (comp, body)
                v = ds[:, k]
                if not np.all(np.nan_to_num(v[self.ok]) == 0):
                    out.append((label, units[k] if k < len(units) else "", v))
        add("|energy balance error| (worst)", c["energy_balance_error"])
        add("integrator steps", c["steps"])
        add("wall time", c["wall_time"])
        return out

    def title(self, what):
        bad = int(np.sum(~self.ok))
        note = "" if not bad else " (%d of %d cases failed or pending, left out)" % (bad, len(self.ok))
        return "sweep %s: %s%s" % (self.name, what, note)

    def groups(self, j):
        """Cases split by the other parameters' values (grid), or one group of all."""
        others = [k for k in range(self.params.shape[1]) if k != j]
        if self.mode != "grid" or not others:
            return [("", np.arange(len(self.params)))]
        keys = {}
        for i, row in enumerate(self.params):
            keys.setdefault(tuple(row[others]), []).append(i)
        label = lambda key: ", ".join("%s = %.4g" % (_name(self.paths[k]), v)
                                      for k, v in zip(others, key))
        return [(label(key), np.array(idx)) for key, idx in sorted(keys.items())]


def against(summary, j):
    figs = summary.figures()
    if not figs:
        return None
    ncols = 2 if len(figs) > 2 else 1
    nrows = -(-len(figs) // ncols)
    fig, axes = plt.subplots(nrows, ncols, squeeze=False, layout="constrained",
                             figsize=(6.0 * ncols + 2.0, 1.0 + 2.4 * nrows))
    axes = axes.ravel()
    x = summary.params[:, j]
    groups = summary.groups(j)
    for ax, (label, units, v) in zip(axes, figs):
        for glabel, idx in groups:
            idx = idx[summary.ok[idx]]
            idx = idx[np.argsort(x[idx], kind="stable")]
            style = "o-" if summary.mode == "grid" else "o"
            line, = ax.plot(x[idx], v[idx], style, ms=4, label=glabel or None)
            sus = idx[summary.suspect[idx]]
            if len(sus):  # hollow: the run's own evidence is against these
                ax.plot(x[sus], v[sus], "o", ms=8, mfc="none", color=line.get_color())
        ax.set_ylabel("%s (%s)" % (label, units) if units else label, fontsize="small")
        ax.grid(True, alpha=0.3)
    for ax in axes[len(figs):]:
        ax.set_visible(False)
    for ax in axes[:len(figs)]:
        ax.set_xlabel("%s (%s)" % (_name(summary.paths[j]), summary.paths[j]), fontsize="small")
    if len(groups) > 1:
        axes[0].legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle(summary.title("figures vs %s" % _name(summary.paths[j])))
    return fig


def bifurcation(summary, j, joint):
    ds = summary.file["cases/poincare"][joint]
    e = ds[:]  # [ncase, K, 2]
    fig, axes = plt.subplots(2, 1, sharex=True, layout="constrained", figsize=(9.0, 7.0))
    x = summary.params[:, j]
    for g, (glabel, idx) in enumerate(summary.groups(j)):
        first = True
        for i in idx[summary.ok[idx]]:
            n = int(np.sum(np.isfinite(e[i, :, 0])))
            keep = e[i, n // 2:n]
            for c, ax in enumerate(axes):
                ax.plot(np.full(len(keep), x[i]), keep[:, c] * 1e3, ".", ms=3, color="C%d" % g,
                        label=(glabel or None) if first and c == 0 else None)
            first = False
    if len(summary.groups(j)) > 1:
        axes[0].legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    for c, ax in enumerate(axes):
        ax.set_ylabel("e_%s at t = k·T (mm)" % "xy"[c])
        ax.grid(True, alpha=0.3)
    axes[-1].set_xlabel("%s (%s)" % (_name(summary.paths[j]), summary.paths[j]))
    fig.suptitle(summary.title("bifurcation diagram, joint %s (Poincaré section once per driver "
                               "period, second half of each case)" % joint))
    return fig


def plan(summary):
    out = []
    for j, path in enumerate(summary.paths):
        out.append(("vs-%s" % _name(path), against, (summary, j)))
    if "cases/poincare" in summary.file:
        for j, path in enumerate(summary.paths):
            if is_speed(path):
                for joint in summary.file["cases/poincare"]:
                    if joint != "period":
                        out.append(("bifurcation-%s-%s" % (joint, _name(path)), bifurcation,
                                    (summary, j, joint)))
    return out


def main(args, safe):
    """tools/viz/plot on a summary: the same options as on a run."""
    summary = Summary(args.run)
    figures = plan(summary)
    if args.only:
        unknown = [n for n in args.only if n not in {f[0] for f in figures}]
        if unknown:
            raise ch.ToolError("no figure named %s (this summary has %s)" % (
                ", ".join(unknown), ", ".join(f[0] for f in figures)), ch.EXIT_USAGE)
        figures = [f for f in figures if f[0] in args.only]
    if args.list:
        for name, fn, _ in figures:
            what = "bifurcation diagram" if fn is bifurcation else "every figure against the parameter"
            print("%-24s %s" % (name, what))
        return 0
    out = args.out or ch.default_output(args.run, "_plots")
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise ch.ToolError("cannot create %s: %s" % (out, e), ch.EXIT_OUTPUT)
    for name, fn, fargs in figures:
        fig = fn(*fargs)
        if fig is None:
            print("%-24s (nothing to plot in this summary)" % name)
            continue
        path = os.path.join(out, safe(name) + ".png")
        ch.save_figure(fig, path)
        print("%-24s %s" % (name, path))
    return 0
