"""plot_sweep — tools/viz/plot's figures of a sweep summary (`clearsim sweep`,
tools/cli/sweep/README.md): every figure of the study (peak joint forces and penetrations, contact counts,
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

import sys

import toolenv as ch

import h5py
import numpy as np
import matplotlib.pyplot as plt


def package(module="chaos"):
    """A module of the clearsim package (chaos: the classifier of responses; chaos_plots: its
    figures), from the source tree or beside an installation; None when the package is
    nowhere to be found."""
    here = os.path.dirname(os.path.realpath(__file__))
    for p in (os.path.join(here, "..", "python"),
              os.path.join(here, "..", "..", "lib", "python3", "dist-packages")):
        if os.path.isdir(os.path.join(p, "clearsim")) and p not in sys.path:
            sys.path.append(p)
    try:
        import importlib
        return importlib.import_module("clearsim." + module)
    except ImportError:
        return None


def _chaos():
    return package("chaos")


REGIME_COLOURS = {"period-1": "C0", "quasi-periodic": "C4", "chaotic": "C3",
                  "undecided": "0.6"}


def regime_colour(regime):
    if regime in REGIME_COLOURS:
        return REGIME_COLOURS[regime]
    return {2: "C2", 3: "C8", 4: "C1"}.get(int(regime.split("-")[1]), "C5")


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
    return path.endswith(("/motion/velocity", "/motion/frequency", "/motion/rpm"))


# units of the model keys a study varies most (models/README.md), by the pointer's last key
KEY_UNITS = {"hole_radius": "m", "pin_radius": "m", "clearance": "m", "length": "m",
             "half_width": "m", "half_length": "m", "guide_half_width": "m", "mean_radius": "m",
             "half_angle": "rad", "mass": "kg", "inertia": "kg·m²", "E": "Pa", "nu": "1",
             "stiffness": "N/m", "damping": "N·s/m", "viscosity": "Pa·s", "rpm": "r/min",
             "frequency": "rad/s", "cr": "1", "mu": "1", "rtol": "1", "atol": "m"}


class Axis:
    """How a swept pointer is shown: a label in words with its unit, and the values to draw
    (a round joint's radius as its radial clearance in mm, an angle driver's speed in r/min)."""

    def __init__(self, path, model):
        parts = [p for p in path.split("/") if p]
        self.key = _name(path)
        self.scale, self.offset, self.note = 1.0, 0.0, ""
        owner = _element(model, parts)
        who = (" of %s" % owner["name"]) if owner and "name" in owner else ""
        unit = KEY_UNITS.get(self.key, "")
        self.label = "%s%s" % (self.key.replace("_", " "), who)
        if self.key in ("hole_radius", "pin_radius") and owner and parts[0] == "clearance_joints":
            other = owner.get("pin_radius" if self.key == "hole_radius" else "hole_radius")
            if isinstance(other, (int, float)):  # the radius as the clearance it makes
                sign = 1.0 if self.key == "hole_radius" else -1.0
                self.scale, self.offset = sign * 1e3, -sign * 1e3 * other
                self.label, unit = "radial clearance%s" % who, "mm"
                self.note = " (by its %s)" % self.key.replace("_", " ")
        elif self.key == "clearance":
            self.scale, unit, self.label = 1e3, "mm", "radial clearance%s" % who
        elif self.key == "velocity" and parts[0] == "drivers" and owner:
            if owner.get("type") == "angle":
                self.scale, unit, self.label = 30.0 / np.pi, "r/min", "speed%s" % who
            else:
                unit, self.label = "m/s", "speed%s" % who
        self.unit = unit

    def values(self, x):
        return self.scale * np.asarray(x, dtype=float) + self.offset

    def text(self):
        return ("%s (%s)" % (self.label, self.unit) if self.unit else self.label) + self.note

    def value_text(self, x):
        return "%s = %.4g%s" % (self.label, self.values([x])[0],
                                " " + self.unit if self.unit else "")


def _element(model, parts):
    """The model's object a pointer lies in (a joint, a driver, a body), or None."""
    obj = model
    found = None
    for p in parts[:-1]:
        if isinstance(obj, list) and p.isdigit() and int(p) < len(obj):
            obj = obj[int(p)]
        elif isinstance(obj, dict) and p in obj:
            obj = obj[p]
        else:
            break
        if isinstance(obj, dict) and "name" in obj and found is None:
            found = obj
    return found


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
        try:
            import json
            model = json.loads(ch._text(f["model"][()]))
        except (KeyError, ValueError):
            model = {}
        self.axes = [Axis(p, model) for p in self.paths]

    def figures(self, group="mechanism"):
        """[(label, units, values [ncase])] of the summary's figures of a group: "mechanism"
        (joints' peaks and contacts, drivers' reactions), "accelerations" (bodies' peaks) or
        "solver" (energy balance error, steps, wall time)."""
        c = self.file["cases"]
        out = []

        def add(label, ds, column=None):
            v = ds[:] if column is None else ds[:, column]
            if np.all(np.nan_to_num(v[self.ok]) == 0):
                return  # a ground body's accelerations, a driver that never pulls
            out.append((label, ch._text(ds.attrs.get("units", "")), v))
        if group == "solver":
            add("|energy balance error| (worst)", c["energy_balance_error"])
            add("integrator steps", c["steps"])
            add("wall time", c["wall_time"])
            return out
        for joint in c.get("joints", {}) if group == "mechanism" else ():
            g = c["joints"][joint]
            add("peak contact force, joint %s" % joint, g["max_force"])
            add("peak penetration, joint %s" % joint, g["max_penetration"])
            add("contacts, joint %s" % joint, g["contacts"])
        for driver in c.get("drivers", {}) if group == "mechanism" else ():
            g = c["drivers"][driver]
            add("peak |reaction|, driver %s" % driver, g["max_abs_reaction"])
            add("RMS reaction, driver %s" % driver, g["rms_reaction"])
        bodies = c.get("bodies", {}) if group == "accelerations" else {}
        # the largest peak of each component over every body: a component far below it
        # (the angular acceleration of a crank driven at constant speed) is round-off
        top = [max([np.nanmax(np.abs(bodies[b]["max_abs_acceleration"][:, k][self.ok]),
                              initial=0.0) for b in bodies], default=0.0) for k in range(3)]
        for body in bodies:
            ds = bodies[body]["max_abs_acceleration"]
            for k, comp in enumerate(("x", "y", "θ")):
                units = ch._text(ds.attrs.get("units", "")).split(", ")
                label = "peak |%s''|, body %s" % (comp, body)
                v = ds[:, k]
                if np.nanmax(np.abs(v[self.ok]), initial=0.0) > 1e-6 * top[k]:
                    out.append((label, units[k] if k < len(units) else "", v))
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
        label = lambda key: ", ".join(self.axes[k].value_text(v) for k, v in zip(others, key))
        return [(label(key), np.array(idx)) for key, idx in sorted(keys.items())]


GROUPS = {"mechanism": "joint forces, penetrations, contacts and driver reactions",
          "accelerations": "the bodies' peak accelerations",
          "solver": "energy balance error, steps and wall time"}


def against(summary, j, group="mechanism"):
    figs = summary.figures(group)
    if not figs:
        return None
    ncols = 2 if len(figs) > 2 else 1
    nrows = -(-len(figs) // ncols)
    fig, axes = plt.subplots(nrows, ncols, squeeze=False, layout="constrained",
                             figsize=(6.0 * ncols + 2.0, 1.0 + 2.4 * nrows))
    axes = axes.ravel()
    x = summary.axes[j].values(summary.params[:, j])
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
        ax.set_xlabel(summary.axes[j].text(), fontsize="small")
    if len(groups) > 1:
        axes[0].legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle(summary.title("%s vs %s" % (GROUPS[group], summary.axes[j].label)))
    return fig


def _grid(summary, j, k, v):
    """(xs, ys, grid [len(ys), len(xs)], others) of a case value v over parameters j and k of
    a grid, from the cases at the other parameters' first values; None below 2 × 2."""
    others = [m for m in range(summary.params.shape[1]) if m not in (j, k)]
    pick = summary.ok.copy()
    for m in others:
        pick &= summary.params[:, m] == summary.params[0, m]
    xs, ys = np.unique(summary.params[pick, j]), np.unique(summary.params[pick, k])
    if len(xs) < 2 or len(ys) < 2:
        return None
    grid = np.full((len(ys), len(xs)), np.nan, dtype=object if v.dtype == object else float)
    for i in np.flatnonzero(pick):
        grid[np.searchsorted(ys, summary.params[i, k]), np.searchsorted(xs, summary.params[i, j])] = v[i]
    return xs, ys, grid, others


def _map_labels(fig, ax, summary, j, k, others):
    ax.set_xlabel(summary.axes[j].text())
    ax.set_ylabel(summary.axes[k].text())
    fixed = ", ".join(summary.axes[m].value_text(summary.params[0, m]) for m in others)
    return (" (%s)" % fixed) if fixed else ""


def force_map(summary, j, k, joint):
    """A joint's peak contact force over two swept parameters (a grid): the map a designer
    reads a safe clearance and speed from; cases of the other parameters' first values."""
    c = summary.file["cases/joints"][joint]["max_force"][:]
    found = _grid(summary, j, k, c)
    if found is None:
        return None
    xs, ys, grid, others = found
    fig, ax = plt.subplots(figsize=(8.0, 6.0), layout="constrained")
    X, Y = summary.axes[j].values(xs), summary.axes[k].values(ys)
    mesh = ax.pcolormesh(X, Y, grid / 1e3, shading="nearest", cmap="viridis")
    fig.colorbar(mesh, ax=ax, label="peak contact force, joint %s (kN)" % joint)
    for (yi, xi), v in np.ndenumerate(grid):
        if np.isfinite(v):
            ax.text(X[xi], Y[yi], "%.3g" % (v / 1e3), ha="center", va="center", fontsize="x-small",
                    color="w" if v < np.nanmean(grid) else "k")
    fixed = _map_labels(fig, ax, summary, j, k, others)
    fig.suptitle(summary.title("joint %s's peak contact force%s" % (joint, fixed)))
    return fig


def exponents(summary):
    """Each case's largest Lyapunov exponent (1/s) as the summary records it
    (/cases/lyapunov/exponent, written by clearsim.chaos.classify_summary), or None."""
    g = summary.file.get("cases/lyapunov")
    return g["exponent"][:] if g is not None and "exponent" in g else None


SHORT = {"quasi-periodic": "QP", "chaotic": "C", "undecided": "?"}


def regime_map(summary, j, k, joint):
    """Each case's regime over two swept parameters (a grid), a colour per regime, each cell
    labelled (P<n>, QP, C, ?) and with its exponent when the summary has them."""
    kinds = regimes(summary, joint)
    if kinds is None:
        return None
    found = _grid(summary, j, k, np.array([r or "" for r in kinds], dtype=object))
    if found is None:
        return None
    xs, ys, grid, others = found
    lam = exponents(summary)
    lam_grid = _grid(summary, j, k, lam)[2] if lam is not None else None
    X, Y = summary.axes[j].values(xs), summary.axes[k].values(ys)
    fig, ax = plt.subplots(figsize=(8.5, 6.0), layout="constrained")
    dx = np.min(np.diff(X)) if len(X) > 1 else 1.0
    dy = np.min(np.diff(Y)) if len(Y) > 1 else 1.0
    seen = {}
    for (yi, xi), r in np.ndenumerate(grid):
        if not isinstance(r, str) or not r:
            continue
        h = ax.add_patch(plt.Rectangle((X[xi] - dx / 2, Y[yi] - dy / 2), dx, dy,
                                       color=regime_colour(r), alpha=0.85))
        seen.setdefault(r, h)
        text = SHORT.get(r, "P" + r.split("-")[-1])
        if lam_grid is not None and np.isfinite(lam_grid[yi, xi]):
            text += "\nλ %.3g" % lam_grid[yi, xi]
        ax.text(X[xi], Y[yi], text, ha="center", va="center", fontsize="x-small")
    ax.set_xlim(X[0] - dx / 2, X[-1] + dx / 2)
    ax.set_ylim(Y[0] - dy / 2, Y[-1] + dy / 2)
    ax.legend(list(seen.values()), list(seen), fontsize="small", loc="upper left",
              bbox_to_anchor=(1.01, 1.0))
    fixed = _map_labels(fig, ax, summary, j, k, others)
    fig.suptitle(summary.title("joint %s's regime%s%s" % (
        joint, " and λ (1/s)" if lam_grid is not None else "", fixed)))
    return fig


def lyapunov_map(summary, j, k):
    """The largest Lyapunov exponent over two swept parameters (a grid): diverging colours
    about 0 (red positive: chaotic), each cell labelled with its value."""
    lam = exponents(summary)
    found = _grid(summary, j, k, lam) if lam is not None else None
    if found is None:
        return None
    from matplotlib.colors import TwoSlopeNorm
    xs, ys, grid, others = found
    X, Y = summary.axes[j].values(xs), summary.axes[k].values(ys)
    top = max(float(np.nanmax(np.abs(grid))), 1e-12) if np.isfinite(grid).any() else 1.0
    fig, ax = plt.subplots(figsize=(8.0, 6.0), layout="constrained")
    mesh = ax.pcolormesh(X, Y, grid, shading="nearest", cmap="RdBu_r",
                         norm=TwoSlopeNorm(0.0, -top, top))
    fig.colorbar(mesh, ax=ax, label="largest Lyapunov exponent λ (1/s)")
    for (yi, xi), v in np.ndenumerate(grid):
        if np.isfinite(v):
            ax.text(X[xi], Y[yi], "%.3g" % v, ha="center", va="center", fontsize="x-small")
    fixed = _map_labels(fig, ax, summary, j, k, others)
    fig.suptitle(summary.title("largest Lyapunov exponent%s" % fixed))
    return fig


def lyapunov_against(summary, j):
    """The exponent ± 2 standard errors against a swept parameter, each case coloured by its
    regime (the first clearance joint's)."""
    lam = exponents(summary)
    if lam is None:
        return None
    se = summary.file["cases/lyapunov"]["stderr"][:]
    joints = [n for n in summary.file.get("cases/poincare", {}) if n != "period"]
    kinds = regimes(summary, joints[0]) if joints else None
    x = summary.axes[j].values(summary.params[:, j])
    fig, ax = plt.subplots(figsize=(9.0, 4.5), layout="constrained")
    seen = set()
    for i in np.flatnonzero(summary.ok & np.isfinite(lam)):
        kind = kinds[i] if kinds else None
        ax.errorbar(x[i], lam[i], yerr=2 * se[i] if np.isfinite(se[i]) else None, fmt="o",
                    ms=4, color=regime_colour(kind) if kind else "C0",
                    label=kind if kind and kind not in seen else None)
        seen.add(kind)
    ax.axhline(0.0, color="k", lw=0.8)
    ax.set_xlabel(summary.axes[j].text())
    ax.set_ylabel("largest Lyapunov exponent λ (1/s)")
    ax.grid(True, alpha=0.3)
    if seen - {None}:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle(summary.title("largest Lyapunov exponent (± 2 standard errors) vs %s"
                               % summary.axes[j].label))
    return fig


def regimes(summary, joint):
    """Each case's response from the second half of its Poincaré samples (clearsim.chaos:
    period-n, quasi-periodic, chaotic or undecided), or None without the package."""
    written = summary.file.get("cases/regime/%s/regime" % joint)
    if written is not None:  # clearsim.chaos.classify_summary's, "" for an unfinished case
        return [ch._text(r) or None for r in written[:]]
    chaos = _chaos()
    if chaos is None:
        return None
    e = summary.file["cases/poincare"][joint][:]
    out = []
    for i in range(len(e)):
        n = int(np.sum(np.isfinite(e[i, :, 0])))
        out.append(chaos.classify(e[i, n // 2:n])["regime"] if summary.ok[i] and n >= 4
                   else None)
    return out


def bifurcation(summary, j, joint):
    ds = summary.file["cases/poincare"][joint]
    e = ds[:]  # [ncase, K, 2]
    fig, axes = plt.subplots(2, 1, sharex=True, layout="constrained", figsize=(9.0, 7.0))
    x = summary.axes[j].values(summary.params[:, j])
    kinds = regimes(summary, joint)
    markers = "o^sDv<>"
    seen = set()
    groups = summary.groups(j)
    for g, (glabel, idx) in enumerate(groups):
        for i in idx[summary.ok[idx]]:
            n = int(np.sum(np.isfinite(e[i, :, 0])))
            keep = e[i, n // 2:n]
            kind = kinds[i] if kinds else None
            colour = regime_colour(kind) if kind else "C%d" % g
            label = (kind or "") + ((", " if kind else "") + glabel if len(groups) > 1 else "")
            for c, ax in enumerate(axes):
                ax.plot(np.full(len(keep), x[i]), keep[:, c] * 1e3, markers[g % len(markers)],
                        ms=3, color=colour,
                        label=label if c == 0 and label and label not in seen else None)
            seen.add(label)
    if seen - {""}:
        axes[0].legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    for c, ax in enumerate(axes):
        ax.set_ylabel("e_%s at t = k·T (mm)" % "xy"[c])
        ax.grid(True, alpha=0.3)
    axes[-1].set_xlabel(summary.axes[j].text())
    how = ("by regime (clearsim.chaos.classify)" if kinds else
           "regimes not classified: the clearsim package is not importable")
    fig.suptitle(summary.title("bifurcation diagram, joint %s, %s" % (joint, how)))
    axes[0].set_title("once per driver period, the second half of each case's samples",
                      fontsize="small")
    return fig


def plan(summary):
    out = []
    for j, path in enumerate(summary.paths):
        out.append(("vs-%s" % _name(path), against, (summary, j)))
        for group in ("accelerations", "solver"):
            out.append(("%s-vs-%s" % (group, _name(path)), against, (summary, j, group)))
    if summary.mode == "grid" and len(summary.paths) >= 2 and "cases/joints" in summary.file:
        for joint in summary.file["cases/joints"]:
            out.append(("map-%s" % joint, force_map, (summary, 0, 1, joint)))
    grid2 = summary.mode == "grid" and len(summary.paths) >= 2
    joints = [n for n in summary.file.get("cases/poincare", {}) if n != "period"]
    if grid2:
        out.extend(("regime-map-%s" % joint, regime_map, (summary, 0, 1, joint))
                   for joint in joints)
    if exponents(summary) is not None:
        if grid2:
            out.append(("lyapunov-map", lyapunov_map, (summary, 0, 1)))
        out.extend(("lyapunov-vs-%s" % _name(path), lyapunov_against, (summary, j))
                   for j, path in enumerate(summary.paths))
    if "cases/poincare" in summary.file:
        for j, path in enumerate(summary.paths):
            if is_speed(path) or _name(path) in ("hole_radius", "pin_radius", "clearance"):
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
            what = {bifurcation: "bifurcation diagram", force_map: "peak contact force over the "
                    "first two parameters", regime_map: "each case's regime over the first two "
                    "parameters", lyapunov_map: "the largest Lyapunov exponent over the first "
                    "two parameters", lyapunov_against: "the largest Lyapunov exponent against "
                    "the parameter"}.get(fn, None) or (
                        "the bodies' peak accelerations against the parameter"
                        if name.startswith("accelerations") else "energy error, steps, wall time "
                        "against the parameter" if name.startswith("solver") else
                        "joint forces, contacts, driver reactions against the parameter")
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
