"""clearsim.figures — the figures of a run, drawn with matplotlib: tools/viz/plot saves them as
PNGs, and Result.plot draws them in a notebook (one implementation). Each function takes a
clearsim.runfile.Run (and a clearance joint of it) and returns a matplotlib Figure, or None
when the run has nothing to draw for it."""
import math

import numpy as np
import matplotlib.pyplot as plt

from . import runfile as rf

def _figure(nrows, ncols=1, width=9.0, height=2.6, sharex=True):
    fig, axes = plt.subplots(nrows, ncols, sharex=sharex, squeeze=False, layout="constrained",
                             figsize=(width, 1.2 + height * nrows))
    return fig, axes.ravel()


def _panel(ax, figsize):
    """(figure, axes) of a one-panel figure: a new figure, or the axes given to draw into
    (a panel of the caller's figure) and its figure."""
    if ax is not None:
        return ax.figure, ax
    return plt.subplots(figsize=figsize, layout="constrained")


def _title(fig, ax, own, text):
    """The title naming model and quantity: the figure's, or the axes' when they were given
    (the caller's figure keeps its own)."""
    if own:
        fig.suptitle(text)
    else:
        ax.set_title(text, fontsize="small")


def _finish(fig, axes, run, quantity, xlabel, own=True):
    """Grid, a legend where an axis has more than one labelled curve, the x label under the
    bottom axis, and the title naming model and quantity (own: the figure is ours)."""
    for ax in axes:
        ax.grid(True, alpha=0.3)
        if len(ax.get_legend_handles_labels()[1]) > 1:
            # outside, at the right: inside it would hide some curve
            ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if xlabel:
        axes[-1].set_xlabel(xlabel)
    _title(fig, axes[0], own, run.title(quantity))
    return fig


# ---------------------------------------------------------------- whole-run figures

def coordinates(run):
    q = run.positions()
    moving = [b for b, g in enumerate(run.ground()) if not g]
    if not moving:
        return None
    fig, axes = _figure(3)
    for ax, c, label in zip(axes, range(3), ("x (m)", "y (m)", "θ (rad)")):
        for b in moving:
            ax.plot(run.time, q[:, b, c], label=run.body_names[b])
        ax.set_ylabel(label)
    return _finish(fig, axes, run, "body coordinates (centre of mass) vs time", "time (s)")


def _joint_rows(run):
    """{(joint, unit): [row indices]} of the ideal joints' rows, drivers left to `drivers`.
    A row's multiplier is a moment when it holds an angle (row name "<joint>.angle")."""
    drivers = {name for name, _, _ in run.drivers()}
    groups = {}
    for r, name in enumerate(run.constraint_names):
        joint, _, row = name.rpartition(".")
        if joint in drivers:
            continue
        groups.setdefault((joint, "N·m" if row == "angle" else "N"), []).append(r)
    return groups


def lambdas(run):
    groups = _joint_rows(run)
    if not groups:
        return None
    lam = run.series("constraints/lambda")
    ncols = 2 if len(groups) > 3 else 1
    nrows = -(-len(groups) // ncols)
    fig, axes = _figure(nrows, ncols, width=6.0 * ncols, height=2.2)
    for ax, ((joint, unit), rows) in zip(axes, sorted(groups.items())):
        for r in rows:
            ax.plot(run.time, lam[:, r], label="λ " + run.constraint_names[r])
        ax.set_ylabel("λ (%s)" % unit)
        ax.set_title("joint %s%s" % (joint, ", angle row" if unit == "N·m" else ""),
                     fontsize="medium")
    for ax in axes[len(groups):]:
        ax.set_visible(False)
    for ax in axes[max(0, len(groups) - ncols):len(groups)]:
        ax.set_xlabel("time (s)")
    return _finish(fig, axes[:len(groups)], run,
                   "constraint multipliers λ (joint reactions) vs time", None)


def drivers(run):
    found = run.drivers()
    if not found:
        return None
    fig, axes = _figure(len(found))
    for ax, (name, kind, path) in zip(axes, found):
        what = "torque" if kind == "angle driver" else "force"
        ax.plot(run.time, run.series(path), label=name)
        ax.set_ylabel("%s %s (%s)" % (name, what, run.units(path).replace("*", "·") or "?"))
    return _finish(fig, axes, run, "driver reactions vs time", "time (s)")


ENERGY_BOOKS = ("kinetic", "potential", "strain", "dissipated", "driver_work", "applied_work")


def energy(run):
    books = [k for k in ENERGY_BOOKS if "energy/" + k in run.series_paths]
    if not books:
        return None
    fig, axes = _figure(2)
    zero = []
    for k in books:
        y = run.series("energy/" + k)
        if np.any(y != 0):
            axes[0].plot(run.time, y, label=k.replace("_", " "))
        else:
            zero.append(k.replace("_", " "))
    axes[0].set_ylabel("energy (J)")
    if zero:
        axes[0].set_title("zero throughout: " + ", ".join(zero), fontsize="small")
    if "energy/balance_error" in run.series_paths:
        axes[1].plot(run.time, run.series("energy/balance_error"), color="C3",
                     label="balance error")
    axes[1].set_ylabel("balance error (J)")
    axes[1].set_title("kinetic + potential + strain + dissipated − driver work − applied work"
                      " − its value at t0", fontsize="small")
    return _finish(fig, axes, run, "energy books and balance error vs time", "time (s)")


def drift(run):
    paths = [(p, lbl) for p, lbl in (("constraints/position_drift", "max |Φ| (m or rad)"),
                                     ("constraints/velocity_drift",
                                      "max |Φq v + Φt| (m/s or rad/s)"))
             if p in run.series_paths]
    if not paths or not run.constraint_names:
        return None
    fig, axes = _figure(len(paths))
    for ax, (p, lbl) in zip(axes, paths):
        y = run.series(p)
        ax.plot(run.time, np.where(y > 0, y, np.nan))
        ax.set_yscale("log")
        ax.set_ylabel(lbl)
    return _finish(fig, axes, run, "constraint drift vs time", "time (s)")


def events(run):
    ev = run.events()
    if not ev or "t_on" not in ev or len(ev["t_on"]) == 0:
        return None
    panels = [k for k in ("impact_velocity", "max_penetration", "max_force") if k in ev]
    if not panels:
        return None
    scale, unit = rf.length_scale(np.nanmax(np.abs(ev.get("max_penetration", [0.0]))))
    labels = {"impact_velocity": ("impact velocity (m/s)", 1.0),
              "max_penetration": ("max penetration (%s)" % unit, scale),
              "max_force": ("max normal force (N)", 1.0)}
    joints = ev.get("joint", np.zeros(len(ev["t_on"]), dtype=object))
    fig, axes = _figure(len(panels))
    for ax, k in zip(axes, panels):
        for j in sorted(set(joints.tolist()), key=str):
            sel = joints == j
            ax.plot(np.asarray(ev["t_on"], float)[sel], np.asarray(ev[k], float)[sel] *
                    labels[k][1], "o", ms=4, label="joint %s" % j)
        ax.set_ylabel(labels[k][0])
    if len(set(joints.tolist())) == 1:
        axes[0].set_title("joint %s" % joints[0], fontsize="medium")
    return _finish(fig, axes, run, "contact events (one point per impact)", "contact onset (s)")


# ---------------------------------------------------------------- clearance-joint figures

def orbit(run, j, ax=None):
    if not j.has("eccentricity"):
        return None
    e, c, shape = j["eccentricity"], j.clearance or 0.0, j.shape
    # a slot is long and its gap thin: magnify the gap (across the track) to see the path in it
    # (a block's guide: its band drawn a quarter as wide as it is long)
    share = 0.25 if shape.curve == "line" else 0.05
    factor = rf.nice_factor(share * shape.extent() / c) if c > 0 and shape.extent() > 0 else 1.0
    path = shape.magnified(e, factor)
    edge = shape.outline(factor * c) if c > 0 else np.zeros((0, 2))
    scale, unit = rf.length_scale(np.nanmax(np.abs(np.vstack((path, edge)))))
    own = ax is None
    fig, ax = _panel(ax, (7, 7))
    if c > 0:
        ax.plot(edge[:, 0] * scale, edge[:, 1] * scale, "k--", lw=1,
                label="clearance boundary (c = %.4g %s)" % (c * scale, unit))
    ax.plot(path[:, 0] * scale, path[:, 1] * scale, lw=0.8,
            label="block centre" if shape.curve == "line" else "journal (pin) centre")
    if j.has("in_contact"):
        hit = j["in_contact"] > 0.5
        ax.plot(path[hit, 0] * scale, path[hit, 1] * scale, ".", color="C3", ms=3,
                label="in contact")
    ax.plot(path[0, 0] * scale, path[0, 1] * scale, "o", color="C2", label="start")
    ax.set_aspect("equal", adjustable="datalim")
    frame = ("%s's frame" % run.body_names[j.hole_body] if j.hole_body is not None
             else "the hole body's frame")
    ax.set_xlabel("eccentricity x, %s (%s)" % (frame, unit))
    ax.set_ylabel("eccentricity y (%s)" % unit)
    what = "joint %s pin-centre orbit" % j.name
    if factor > 1:
        what += ", gap magnified ×%g" % factor
    return _finish(fig, [ax], run, what, None, own)


def tilt(run, j):
    """A translational joint's block: its angle to the guide, within the geometric bound of
    two diagonal corners on opposite walls, c/(a − r) to first order (c the clearance, a the
    block's half length, r its corner radius)."""
    th = j.tilt()
    if th is None:
        return None
    spec = run.model_entry(j.name) or {}
    a, r = float(spec.get("half_length", 0.0)), float(spec.get("corner_radius", 0.0))
    fig, axes = _figure(1)
    axes[0].plot(run.time, th * 1e3, label="block angle to the guide")
    if j.clearance and a > r:
        bound = j.clearance / (a - r) * 1e3
        for sgn in (1, -1):
            axes[0].axhline(sgn * bound, color="k", ls="--", lw=1,
                            label="±c/(a − r)" if sgn > 0 else None)
    axes[0].set_ylabel("tilt (mrad)")
    return _finish(fig, axes, run, "joint %s block tilt" % j.name, "time (s)")


def _contact(run, j, x, xlabel, against):
    keys = [k for k in ("penetration", "normal_force", "tangential_force") if j.has(k)]
    if not keys:
        return None
    panels = []
    if j.has("eccentricity"):
        panels.append("eccentricity")
    if j.has("penetration"):
        panels.append("penetration")
    if j.has("normal_force") or j.has("tangential_force"):
        panels.append("force")
    c = j.clearance or 0.0
    # how far the pin centre is from where it sits centred: |e| in a bearing, the distance
    # from the centre line (arc) in a slot; contact where it passes c
    if j.has("eccentricity"):
        ecc = j["eccentricity"]
        e = np.hypot(*(ecc - j.shape.nearest(ecc)).T)
    off_label = ("eccentricity |e|" if j.shape.curve == "point"
                 else "block centre's distance from the guide's centre line"
                 if j.shape.curve == "line" else "distance from the slot's centre line")
    pen = j["penetration"] if j.has("penetration") else None
    fig, axes = _figure(len(panels))
    for ax, p in zip(axes, panels):
        if p == "eccentricity":
            scale, unit = rf.length_scale(max(c, np.nanmax(e)))
            ax.plot(x, e * scale, label=off_label)
            if c > 0:
                ax.axhline(c * scale, color="k", ls="--", lw=1, label="clearance")
            ax.set_ylabel("%s (%s)" % ("|e|" if j.shape.curve == "point" else "offset", unit))
        elif p == "penetration":
            # negative penetration is the free gap, which the eccentricity panel shows
            inside = np.where(pen > 0, pen, 0.0)
            scale, unit = rf.length_scale(np.nanmax(inside))
            ax.plot(x, inside * scale, color="C3", label="penetration")
            ax.set_ylabel("penetration (%s)" % unit)
        else:
            for k, label in (("normal_force", "normal"), ("tangential_force", "tangential")):
                if j.has(k):
                    ax.plot(x, j[k], label=label)
            ax.set_ylabel("contact force (N)")
    return _finish(fig, axes, run, "joint %s contact vs %s" % (j.name, against), xlabel)


def contact(run, j):
    return _contact(run, j, run.time, "time (s)", "time")


def corners(run, j):
    """The normal force of each of a joint's contact points that ever carries one (a
    translational joint's corners, a profile's walls or pairs), against time."""
    if not j.has("corners"):
        return None
    names = rf.text(j.group.attrs.get("corners", "")).split("; ")
    force = j["corners/normal_force"]
    fig, axes = _figure(1)
    for i, name in enumerate(names):
        if np.any(force[:, i] > 0):
            axes[0].plot(run.time, force[:, i], label=name)
    if not axes[0].lines:
        axes[0].text(0.5, 0.5, "none of its %d contact points touched in these rows" % len(names),
                     ha="center", va="center", transform=axes[0].transAxes)
    axes[0].set_ylabel("normal force (N)")
    return _finish(fig, axes, run, "joint %s contact points' normal forces" % j.name, "time (s)")


def contact_angle(run, j):
    da = run.driver_angle()
    if da is None:
        return None
    theta, label = da
    return _contact(run, j, np.degrees(theta), "%s (deg)" % label, label)


# ---------------------------------------------------------------- per crank turn

def _fold(run):
    """(angle in deg within its turn [n], turn index [n], driver label) of the first angle
    driver, turns counted from its zero angle; None for a model without one."""
    da = run.driver_angle()
    if da is None:
        return None
    theta, label = da
    turns = np.floor(theta / (2.0 * np.pi) + 1e-9)
    ang = np.clip(np.degrees(theta - 2.0 * np.pi * turns), 0.0, np.nextafter(360.0, 0.0))
    return ang, turns.astype(int), label


def _per_turn(ax, fold, y):
    """One line per turn of y against the angle within it, coloured by turn."""
    from matplotlib.collections import LineCollection
    ang, turns, _ = fold
    segs, which = [], []
    for k in np.unique(turns):
        m = turns == k
        if m.sum() > 1:
            segs.append(np.column_stack((ang[m], y[m])))
            which.append(k)
    from matplotlib.colors import BoundaryNorm
    first = which[0] + 1 if which else 1
    bounds = np.arange(first - 0.5, first + len(which))  # one colour per turn, numbered from 1
    lines = LineCollection(segs, array=np.array(which, dtype=float) + 1, lw=1,
                           cmap=plt.get_cmap("viridis", max(len(which), 1)),
                           norm=BoundaryNorm(bounds, max(len(which), 1)))
    ax.add_collection(lines)
    ax.autoscale()
    ax.set_xlim(0.0, 360.0)
    ax.set_xticks(np.arange(0, 361, 60))
    return lines, len(segs)


def _turn_bar(fig, ax, lines):
    turns = lines.get_array()
    step = max(1, int(np.ceil(len(turns) / 12)))
    fig.colorbar(lines, ax=ax, label="turn", ticks=turns[::step])


def _ideal_curve(ax, ideal, y_of, label):
    """The ideal mechanism's y_of(ideal) over its last whole turn, dashed, if it has one."""
    fold = _fold(ideal) if ideal is not None else None
    y = y_of(ideal) if fold is not None else None
    if y is None:
        return False
    ang, turns, _ = fold
    whole = [k for k in np.unique(turns)
             if np.ptp(ang[turns == k]) > 350.0]  # a turn the rows cover from end to end
    last = turns == whole[-1] if whole else np.ones_like(turns, dtype=bool)
    order = np.argsort(ang[last])
    ax.plot(ang[last][order], y[last][order], "k--", lw=1.2, label=label)
    return True


def _ideal_reaction(name):
    """|λ| of the ideal joint `name`'s two force rows, for an ideal run, or None."""
    def of(ideal):
        rows = [ideal.constraint_names.index(name + c) for c in (".x", ".y")
                if name + c in ideal.constraint_names]
        if len(rows) != 2:
            return None
        lam = ideal.series("constraints/lambda")
        return np.hypot(lam[:, rows[0]], lam[:, rows[1]])
    return of


def force_cycles(run, j, ax=None):
    fold = _fold(run)
    if fold is None or not j.has("normal_force"):
        return None
    f = j["normal_force"]
    own = ax is None
    fig, ax = _panel(ax, (9, 5))
    lines, n = _per_turn(ax, fold, f)
    _turn_bar(fig, ax, lines)
    ideal = _ideal_curve(ax, run.ideal, _ideal_reaction(j.name),
                         "ideal joint %s: |reaction|" % j.name)
    k = int(np.nanargmax(f))
    ax.plot(fold[0][k], f[k], "v", color="C3",
            label="peak of the rows: %.4g N (sampled at output instants)" % f[k])
    ev = run.events()
    if ev is not None and len(ev.get("max_force", [])):
        mine = ev["joint"] == j.name if "joint" in ev else slice(None)
        if np.any(mine):
            ax.plot([], [], " ", label="largest contact peak: %.4g N (event table, tracked "
                    "every step)" % np.nanmax(ev["max_force"][mine]))
    ax.set_xlabel("%s within its turn (deg)" % fold[2])
    ax.set_ylabel("contact normal force (N)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small", loc="upper right")
    what = "joint %s contact force per turn (%d turns overlaid%s)" % (
        j.name, n, ", over the ideal mechanism" if ideal else "")
    _title(fig, ax, own, run.title(what))
    return fig


def torque_cycles(run, ax=None):
    fold = _fold(run)
    found = [d for d in run.drivers() if d[1] == "angle driver"]
    if fold is None or not found:
        return None
    name, _, path = found[0]
    own = ax is None
    fig, ax = _panel(ax, (9, 5))
    lines, n = _per_turn(ax, fold, run.series(path))
    _turn_bar(fig, ax, lines)
    ideal = _ideal_curve(ax, run.ideal, lambda r: next(
        (r.series(p) for nm, kind, p in r.drivers() if nm == name), None),
        "ideal mechanism")
    ax.set_xlabel("%s within its turn (deg)" % fold[2])
    ax.set_ylabel("%s driving torque (N·m)" % name)
    ax.grid(True, alpha=0.3)
    if ideal:
        ax.legend(fontsize="small", loc="upper right")
    _title(fig, ax, own, run.title("driving torque per turn (%d turns overlaid%s)" % (
        n, ", over the ideal mechanism" if ideal else "")))
    return fig


def _runs(mask):
    """[(start, stop)] of the runs of True in mask."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask.astype(np.int8), [0]))))
    return list(zip(edges[0::2], edges[1::2]))


def hysteresis(run, j, ax=None):
    if not (j.has("penetration") and j.has("normal_force")):
        return None
    pen, f = j["penetration"], j["normal_force"]
    contacts = [(a, b) for a, b in _runs(pen > 0) if b - a > 1]
    if not contacts:
        return None
    from matplotlib.collections import LineCollection
    scale, unit = rf.length_scale(np.nanmax(pen))
    # one line per contact, coloured by when it began: loops of later impacts stay apart
    lines = LineCollection([np.column_stack((pen[a:b] * scale, f[a:b])) for a, b in contacts],
                           array=run.time[[a for a, _ in contacts]], cmap="viridis", lw=1)
    own = ax is None
    fig, ax = _panel(ax, (8, 6))
    ax.add_collection(lines)
    ax.autoscale()
    fig.colorbar(lines, ax=ax, label="contact onset (s)")
    ax.set_xlabel("penetration (%s)" % unit)
    ax.set_ylabel("normal contact force (N)")
    return _finish(fig, [ax], run, "joint %s force–penetration hysteresis (%d contacts)"
                   % (j.name, len(contacts)), None, own)


# ---------------------------------------------------------------- film and wear figures

FILM_REGIMES = {1: "full film", 2: "boundary film (h_min ≤ h_b)", 3: "dry contact beside the film"}


def _lubrication(run, j):
    """The joint's lubrication block and its boundary film h_b (m, as the run resolved it), or
    None for a dry joint (or a file from before clearsim recorded h_b)."""
    lub = (run.model_entry(j.name) or {}).get("lubrication")
    if (not isinstance(lub, dict) or j.boundary_film is None or not j.has("eccentricity_ratio")
            or not j.clearance):
        return None
    return lub, j.boundary_film


def film(run, j):
    """A lubricated joint's film over time: ε with the boundary ε_b = 1 − h_b/c, h_min with
    h_b, the film force, and the regime (models/README.md "Lubrication")."""
    found = _lubrication(run, j)
    if found is None:
        return None
    lub, hb = found
    c, t = j.clearance, run.time
    fig, axes = _figure(4, height=2.2)
    axes[0].plot(t, j["eccentricity_ratio"], label="ε = |e|/c")
    axes[0].axhline(1.0 - hb / c, color="k", ls="--", lw=1, label="ε_b = 1 − h_b/c")
    axes[0].set_ylabel("eccentricity ratio ε")
    h = j["min_film_thickness"]
    scale, unit = rf.length_scale(max(c, np.nanmax(np.abs(h))))
    axes[1].plot(t, h * scale, label="h_min = c − |e|")
    axes[1].axhline(hb * scale, color="k", ls="--", lw=1, label="h_b = %.3g %s" % (hb * scale, unit))
    axes[1].set_ylabel("h_min (%s)" % unit)
    f = j["film_force"]
    axes[2].plot(t, np.hypot(f[:, 0], f[:, 1]), label="|F|")
    axes[2].plot(t, f[:, 0], lw=0.8, label="F_x")
    axes[2].plot(t, f[:, 1], lw=0.8, label="F_y")
    axes[2].set_ylabel("film force (N)")
    axes[3].step(t, j["film_regime"], where="post", color="C3")
    axes[3].set_yticks(list(FILM_REGIMES), [FILM_REGIMES[k] for k in FILM_REGIMES])
    axes[3].set_ylim(0.5, 3.5)
    axes[3].set_ylabel("regime")
    return _finish(fig, axes, run, "joint %s oil film (%s, μ %.3g Pa·s)" % (
        j.name, lub.get("model", "?"), float(lub.get("viscosity", float("nan")))), "time (s)")


def film_orbit(run, j, ax=None):
    """The journal centre's orbit in the clearance circle, coloured by the film's regime,
    with the circle ε = 1 (the wall) and ε_b (where the film hands over)."""
    found = _lubrication(run, j)
    if found is None or not j.has("eccentricity") or not j.has("film_regime"):
        return None
    _, hb = found
    c, e, regime = j.clearance, j["eccentricity"], j["film_regime"]
    scale, unit = rf.length_scale(max(c, np.nanmax(np.abs(e))))
    own = ax is None
    fig, ax = _panel(ax, (7, 7))
    phi = np.linspace(0.0, 2.0 * np.pi, 361)
    for r, style, label in ((c, "k-", "the wall, ε = 1 (c = %.4g %s)" % (c * scale, unit)),
                            (c - hb, "k--", "ε_b: the boundary film h_b")):
        ax.plot(r * np.cos(phi) * scale, r * np.sin(phi) * scale, style, lw=1, label=label)
    ax.plot(e[:, 0] * scale, e[:, 1] * scale, color="0.6", lw=0.6)
    for k, name in FILM_REGIMES.items():
        sel = regime == k
        if np.any(sel):
            ax.plot(e[sel, 0] * scale, e[sel, 1] * scale, ".", ms=3, label=name)
    ax.plot(e[0, 0] * scale, e[0, 1] * scale, "o", color="C2", label="start")
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("eccentricity x, the bearing's frame (%s)" % unit)
    ax.set_ylabel("eccentricity y (%s)" % unit)
    return _finish(fig, [ax], run, "joint %s journal orbit and film regime" % j.name, None, own)


def _worn(j):
    return j.has("wear_volume") and j.has("wear_depth")


def wear(run, j):
    """The worn volume over time, and how fast it grows."""
    if not _worn(j):
        return None
    t, v = run.time, j["wear_volume"]
    fig, axes = _figure(2)
    axes[0].plot(t, v * 1e9, label="worn volume")
    axes[0].set_ylabel("worn volume (mm³)")
    rate = np.gradient(v, t) if len(t) > 1 else np.zeros_like(v)
    axes[1].plot(t, rate * 1e9, color="C1", label="wear rate")
    axes[1].set_ylabel("wear rate (mm³/s)")
    depth = np.asarray(j.group["wear_depth"][()], dtype=float)
    axes[0].set_title("at the end: %.4g mm³, deepest %.4g µm" % (v[-1] * 1e9, depth.max() * 1e6),
                      fontsize="small")
    return _finish(fig, axes, run, "joint %s Archard wear vs time" % j.name, "time (s)")


def _wall_regions(run, j):
    """[(s, label)] where a slot's wall changes region along the contour of its wear profile
    (models/README.md "Wear"), starting at 0."""
    spec = run.model_entry(j.name) or {}
    w = float(spec.get("half_width", 0.0))
    if j.kind == "pin in slot":
        a = float(spec.get("half_length", 0.0))
        ends = (2 * a, 2 * a + math.pi * w, 4 * a + math.pi * w)
        names = ("lower track", "front cap", "upper track", "rear cap")
    elif j.kind == "pin in curved slot":
        rm, beta = float(spec.get("mean_radius", 0.0)), float(spec.get("half_angle", 0.0))
        ends = (2 * beta * (rm + w), 2 * beta * (rm + w) + math.pi * w,
                4 * beta * rm + math.pi * w)
        names = ("outer track", "+β cap", "inner track", "−β cap")
    else:
        return []
    return list(zip((0.0,) + ends, names))


def wear_profile(run, j):
    """The depth profile at the end: polar around a bearing (the depth as the radius, at its
    angle), along the wall for a slot (its tracks and caps marked)."""
    if not _worn(j):
        return None
    depth = np.asarray(j.group["wear_depth"][()], dtype=float)
    scale, unit = rf.length_scale(max(np.nanmax(depth), 1e-300))
    if j.has("wear_angle"):
        ang = np.asarray(j.group["wear_angle"][()], dtype=float)
        fig = plt.figure(figsize=(7, 7), layout="constrained")
        ax = fig.add_subplot(projection="polar")
        ax.plot(np.append(ang, ang[:1]), np.append(depth, depth[:1]) * scale, color="C3",
                label="worn depth")
        i = int(np.argmax(depth))
        ax.plot([ang[i]], [depth[i] * scale], "o", color="k",
                label="deepest %.4g %s at %.1f°" % (depth[i] * scale, unit, math.degrees(ang[i])))
        ax.set_title("depth (%s) around the bearing, angle from the bearing body's x axis" % unit,
                     fontsize="small")
        return _finish(fig, [ax], run, "joint %s worn depth profile" % j.name, None)
    if not j.has("wear_position"):
        return None
    s = np.asarray(j.group["wear_position"][()], dtype=float)
    sscale, sunit = rf.length_scale(np.nanmax(s))
    fig, axes = _figure(1, sharex=False)
    axes[0].plot(s * sscale, depth * scale, color="C3", label="worn depth")
    for s0, name in _wall_regions(run, j):
        axes[0].axvline(s0 * sscale, color="k", lw=0.8, ls=":")
        axes[0].annotate(name, (s0 * sscale, 1.0), xycoords=("data", "axes fraction"),
                         xytext=(3, -12), textcoords="offset points", fontsize="small")
    axes[0].set_ylabel("worn depth (%s)" % unit)
    return _finish(fig, axes, run, "joint %s worn depth along the slot's wall" % j.name,
                   "arc length along the wall (%s), from the lower track's rear end" % sunit)


# ---------------------------------------------------------------- periodic or chaotic

def phase(run, j):
    """Phase portraits of a joint: e_y against e_x, penetration against its rate."""
    from . import chaos_plots as cp
    if not (j.has("eccentricity") and j.has("penetration")):
        return None
    rate = j["penetration_rate"] if j.has("penetration_rate") else None
    contact = j["in_contact"] if j.has("in_contact") else None
    return cp.phase_portrait(run.time, j["eccentricity"], j["penetration"], rate, contact,
                             j.clearance, run.title("joint %s phase portraits" % j.name),
                             cp.driver_period(run.model))


def poincare(run, j):
    """The joint's eccentricity once per driver period, titled by its regime."""
    from . import chaos_plots as cp
    period = cp.driver_period(run.model)
    if period is None or not j.has("eccentricity"):
        return None
    return cp.poincare_map(run.time, j["eccentricity"], period, j.clearance,
                           run.title("joint %s Poincaré map (once per driver period)" % j.name))


def lyapunov(run):
    """The largest Lyapunov exponent's running estimate, from the file's /lyapunov group."""
    from . import chaos_plots as cp
    if "lyapunov" not in run.file:
        return None
    return cp.lyapunov_history(cp.chaos.read_lyapunov(run.path),
                               run.title("largest Lyapunov exponent's convergence"))


# ---------------------------------------------------------------- the catalogue

# kind: (what it shows, scope, function). Per-joint figures are named <kind>-<joint>.
FIGURES = {
    "coordinates": ("x, y and θ of every moving body vs time", "run", coordinates),
    "lambda": ("constraint multipliers λ of every ideal joint vs time", "run", lambdas),
    "drivers": ("reaction torque or force of every driver vs time", "run", drivers),
    "energy": ("energy books and their balance error vs time", "run", energy),
    "drift": ("constraint position and velocity drift vs time", "run", drift),
    "events": ("impact velocity, max penetration and max force of every contact event "
               "(/events)", "run", events),
    "orbit": ("journal-centre orbit (eccentricity) inside the clearance circle (slot)", "joint",
              orbit),
    "tilt": ("a translational joint's block angle to its guide, with the geometric bound",
             "joint", tilt),
    "contact": ("eccentricity, penetration and contact forces vs time", "joint", contact),
    "contact_angle": ("the same vs the driver's angle (angle-driven models)", "joint",
                      contact_angle),
    "corners": ("each contact point's normal force vs time (a joint of several: a "
                "translational joint's corners, a profile's walls or pairs)", "joint", corners),
    "force_cycles": ("contact force vs crank angle, one line per turn, over the ideal joint's "
                     "reaction with --ideal", "joint", force_cycles),
    "torque_cycles": ("driving torque vs crank angle, one line per turn, over the ideal "
                      "mechanism's with --ideal", "run", torque_cycles),
    "hysteresis": ("normal force vs penetration during contact", "joint", hysteresis),
    "film": ("a lubricated joint's ε, h_min, film force and regime vs time", "joint", film),
    "film_orbit": ("a lubricated joint's journal orbit in the clearance circle, by film regime",
                   "joint", film_orbit),
    "wear": ("a worn joint's volume and wear rate vs time", "joint", wear),
    "wear_profile": ("a worn joint's depth profile at the end (polar; along a slot's wall)",
                     "joint", wear_profile),
    "phase": ("phase portraits: eccentricity e_y vs e_x, penetration vs its rate", "joint",
              phase),
    "poincare": ("Poincaré map: the eccentricity once per driver period, with its regime",
                 "joint", poincare),
    "lyapunov": ("the largest Lyapunov exponent's convergence (a /lyapunov group: python3 -m "
                 "clearsim.chaos_cli lyapunov)", "run", lyapunov),
}


def catalogue_text():
    lines = ["figures (--only takes a kind, or a per-joint name such as orbit-B):"]
    for kind, (what, scope, _) in FIGURES.items():
        lines.append("  %-14s %s%s" % (kind, what, "  [per clearance joint]"
                                       if scope == "joint" else ""))
    return "\n".join(lines)


def plan(run):
    """[(figure name, function, args)] the file can give, in catalogue order."""
    out = []
    joints = run.joints()
    for kind, (_, scope, fn) in FIGURES.items():
        if scope == "run":
            out.append((kind, kind, fn, (run,)))
        else:
            out.extend(("%s-%s" % (kind, j.name), kind, fn, (run, j)) for j in joints)
    return out


ONE_PANEL = ("orbit", "force_cycles", "torque_cycles", "hysteresis", "film_orbit")


def draw(run, kind, joint=None, ax=None):
    """The figure `kind` (a key of FIGURES) of run, for a clearance joint by name (the run's
    only one by default) when the kind is per joint, drawn into ax when given (the one-panel
    kinds, ONE_PANEL). ValueError when the kind, the joint or the figure is not there."""
    if kind not in FIGURES:
        raise ValueError("no figure kind %r (kinds: %s)" % (kind, ", ".join(FIGURES)))
    if ax is not None and kind not in ONE_PANEL:
        raise ValueError("%s draws several panels: it makes its own figure (ax= is for %s)"
                         % (kind, ", ".join(ONE_PANEL)))
    _, scope, fn = FIGURES[kind]
    args = (run,)
    if scope == "joint":
        joints = {j.name: j for j in run.joints()}
        if joint is None and len(joints) == 1:
            joint = next(iter(joints))
        if joint not in joints:
            raise ValueError("%s is per clearance joint: name one of %s" % (
                kind, ", ".join(joints) or "none (this run has no clearance joint)"))
        args += (joints[joint],)
    elif joint is not None:
        raise ValueError("%s is a figure of the whole run: it takes no joint" % kind)
    fig = fn(*args, ax=ax) if kind in ONE_PANEL else fn(*args)
    if fig is None:
        raise ValueError("%s: nothing to draw as %s (%s)" % (run.model_name, kind,
                                                             FIGURES[kind][0]))
    return fig
