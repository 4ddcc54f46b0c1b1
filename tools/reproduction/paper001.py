"""tools/reproduction/paper001.py — Liu, Chen & Shi 2022 (001): restitution laws, the ball drop,
the clearance slider-crank."""
import math

import numpy as np

from .core import (Case, events, figure, fmt, j_max, joint, last, monotone, pct, save)


def case_001_fig2(env):
    case = Case("001-fig2", "001 Fig. 2 — coefficient-of-restitution models against velocity",
                "Liu, Chen & Shi 2022 (001) §2.3, Fig. 2 (Table 1 data); the ordering stated "
                "in §3.2 (Figs. 4–5)")
    t1 = env.paper(1)["table1"]
    case.models.append((env.paper_file(1), "Table 1 (steel ball %g kg, R = %g mm, σ_y = %g MPa "
                        "on a fixed steel plate), the statements" % (
                            t1["mass_kg"], 1e3 * t1["radius_m"], t1["yield_strength_MPa"])))
    case.models.append(("data/001_fig2.csv, data/001_yield.csv", "tools/reproduce_data: each "
                        "restitution law of the registry at 1 mm/s … 10 m/s"))
    rows = env.csv("001_fig2.csv")
    vy = {r["model"]: r["v_y_m_s"] for r in env.csv("001_yield.csv")}
    names = [k for k in rows[0] if k != "v_m_s"]
    v = np.array([r["v_m_s"] for r in rows])
    cr = {n: np.array([r[n] for r in rows]) for n in names}
    labels = {"johnson": "Johnson (eq. 6)", "thornton": "Thornton (eq. 8)",
              "jackson_green": "Jackson–Green (eqs. 9–10)", "wu": "Wu (eq. 11)",
              "ma_liu": "Ma–Liu (eq. 13)", "liu_chen_shi": "Liu–Chen–Shi (eqs. 14–15)"}
    lv = np.log(v)
    at = {n: (lambda x, n=n: float(np.interp(math.log(x), lv, cr[n]))) for n in names}

    def crossing(a, b):
        """The first velocity above 2 m/s at which law a falls below law b (log-interpolated),
        or None."""
        d = cr[a] - cr[b]
        k = np.nonzero((v[:-1] >= 2.0) & (d[:-1] > 0) & (d[1:] <= 0))[0]
        if not len(k):
            return None
        i = k[0]
        return float(np.exp(lv[i] + (lv[i + 1] - lv[i]) * d[i] / (d[i] - d[i + 1])))
    x_th, x_jo = crossing("jackson_green", "thornton"), crossing("jackson_green", "johnson")

    fig, axes = figure(1, 2, width=11, height=4.2)
    y = np.nanmin(list(vy.values()))
    for ax, logx in zip(axes, (True, False)):
        for n in names:
            (ax.semilogx if logx else ax.plot)(v, cr[n], "--" if n == "liu_chen_shi" else "-",
                                               label=labels.get(n, n))
        ax.axvline(y, color="grey", ls=":", lw=1, label="yield velocity V_y = %.4g m/s" % y)
        if x_th:
            ax.axvline(x_th, color="k", ls="-.", lw=1,
                       label="Jackson–Green falls below Thornton: %.2f m/s" % x_th)
        ax.set_xlabel("initial contact velocity V (m/s)")
        ax.set_ylabel("coefficient of restitution c_r (-)")
        ax.set_ylim(0, 1.05)
    axes[1].set_xlim(0, float(v[-1]))
    save(env, case, fig, "001_fig2.png", "The restitution laws with 001 Table 1's data over the "
         "whole range, 1 mm/s to 10 m/s, on a log and a linear velocity axis (the new model "
         "equals Jackson–Green here: equal yield strengths give K = 1).",
         "001 Fig. 2 (Liu, Chen & Shi 2022): c_r models vs initial velocity",
         legend_on=[axes[0]])
    for x in (0.2, 0.5, 1.0, 2.0):
        jg, ml, wu, jo, th = (at[n](x) for n in ("jackson_green", "ma_liu", "wu", "johnson",
                                                 "thornton"))
        case.check("V = %g m/s: Ma–Liu, Wu above Jackson–Green" % x, "above",
                   "%.3f, %.3f vs %.3f" % (ml, wu, jg), "%+.3f" % (min(ml, wu) - jg), "> 0",
                   ml > jg and wu > jg)
        case.check("V = %g m/s: Johnson, Thornton below Jackson–Green" % x, "below",
                   "%.3f, %.3f vs %.3f" % (jo, th, jg), "%+.3f" % (max(jo, th) - jg), "< 0",
                   jo < jg and th < jg)
    spread = min(max(at[n](x) for n in names) - min(at[n](x) for n in names)
                 for x in (0.2, 0.5, 1.0, 2.0))
    case.check("spread of the models over 0.2–2 m/s (least)", "'a large difference'",
               "%.3f" % spread, "", "> 0.25", spread > 0.25)
    above = v > 1.01 * y
    low = min(float(np.min(cr[n][above] - cr["jackson_green"][above])) for n in ("ma_liu", "wu"))
    case.check("Ma–Liu, Wu above Jackson–Green over the whole range (V_y … 10 m/s)", "above",
               "least margin %+.3f" % low, "", "≥ 0", low >= 0)
    hi = {n: at[n](float(v[-1])) for n in ("jackson_green", "johnson", "thornton")}
    case.check("the order reverses: Jackson–Green below Johnson and Thornton at high V",
               "below only up to 2 m/s checked", "from %s (Thornton), %s m/s (Johnson); at %g m/s "
               "%.3f against %.3f, %.3f" % (fmt(x_th, 3), fmt(x_jo, 3), v[-1], hi["jackson_green"],
                                            hi["thornton"], hi["johnson"]), "",
               "documented: reverses between 2 and 10 m/s",
               x_th is not None and x_jo is not None, "finding")
    case.differs = ("001 §3.2's order (Ma–Liu and Wu above Jackson–Green, Johnson and Thornton "
                    "below it) holds from V_y to %s m/s; above it Jackson–Green, a fit that "
                    "reaches zero at 790 V_y, falls below Thornton (from %s m/s) and Johnson "
                    "(from %s m/s): at %g m/s %.3f against %.3f and %.3f. 001 does not say over "
                    "which velocities its order holds" % (
                        fmt(min(x_th or 10, x_jo or 10), 3), fmt(x_th, 3), fmt(x_jo, 3), v[-1],
                        hi["jackson_green"], hi["thornton"], hi["johnson"]))
    return case


LABELS = {"johnson": "Johnson (eq. 6)", "thornton": "Thornton (eq. 8)",
          "jackson_green": "Jackson–Green (eqs. 9–10)", "wu": "Wu (eq. 11)",
          "ma_liu": "Ma–Liu (eq. 13)", "liu_chen_shi": "Liu–Chen–Shi (eqs. 14–15)"}


def case_001_materials(env):
    case = Case("001-fig4-5", "001 Figs. 4–5 — restitution laws for Table 2's balls on a rigid "
                "plate", "Liu, Chen & Shi 2022 (001) §3.2, Figs. 4 (steel ball, σ_y 400, 600, "
                "800 MPa) and 5 (Table 2: steel, aluminium, copper)")
    f45 = env.paper(1)["figures4_5"]
    case.models.append((env.paper_file(1), "Table 2 (R = 6.75 mm; E, ν, σ_y, density), the "
                        "statements and their reading"))
    case.models.append(("data/001_materials.csv", "tools/reproduce_data: each law at 1 cm/s … "
                        "10 m/s, the ball's mass from its density, E* = E/(1 − ν²) against a "
                        "rigid plate, p_y = C(ν) σ_y (001 eq. 9)"))
    rows = env.csv("001_materials.csv")
    names = f45["models"]
    by = {}
    for r in rows:
        by.setdefault(r["case"], []).append(r)
    fig, axes = figure(2, 3, width=13, height=3.6, sharey=True)
    labels = list(by)
    for ax, lab in zip(axes, labels):
        v = np.array([r["v_m_s"] for r in by[lab]])
        for n in names:
            ax.semilogx(v, [r[n] for r in by[lab]], label=LABELS[n])
        ax.set_title(lab, fontsize="medium")
        ax.set_xlabel("V (m/s)")
        ax.set_ylabel("c_r (-)")
        ax.set_ylim(0, 1.05)
    save(env, case, fig, "001_fig4_5.png", "The restitution laws for the steel ball at three "
         "yield strengths (Fig. 4, top) and Table 2's three balls (Fig. 5, bottom), each on a "
         "rigid plate.", "001 Figs. 4–5 (Liu, Chen & Shi 2022): c_r against velocity, Table 2's "
         "balls", legend_on=[axes[0]])
    cross = {}
    for lab in labels:
        v = np.array([r["v_m_s"] for r in by[lab]])
        c = {n: np.array([r[n] for r in by[lab]]) for n in names}
        above = v >= 0.1
        up = min(float(np.min(c[n][above] - c["jackson_green"][above])) for n in ("ma_liu", "wu"))
        case.check("%s: Ma–Liu, Wu above Jackson–Green (0.1–10 m/s)" % lab, "higher",
                   "least margin %+.3f" % up, "", "≥ 0 (Wu may be clamped at 1)", up >= 0)
        lv = np.log(v)
        at = {n: float(np.interp(math.log(0.2), lv, c[n])) for n in names}
        down = min(at["jackson_green"] - at[n] for n in ("johnson", "thornton"))
        case.check("%s: Johnson, Thornton below Jackson–Green at 0.2 m/s" % lab, "lower",
                   "margin %+.3f" % down, "", "> 0", down > 0)
        k = np.nonzero((v > 0.2) & ((c["jackson_green"] < c["thornton"]) |
                                    (c["jackson_green"] < c["johnson"])))[0]
        cross[lab] = float(v[k[0]]) if len(k) else None
    case.check("Johnson, Thornton below Jackson–Green at every velocity", "lower",
               "Jackson–Green falls below them from " + ", ".join(
                   "%s m/s (%s)" % (fmt(cross[lab], 2), lab) for lab in labels), "",
               "documented: a reversal below 10 m/s for every ball",
               all(cross[lab] is not None for lab in labels), "finding")
    j1 = {lab: float(np.interp(0.0, np.log([r["v_m_s"] for r in by[lab]]),
                               [r["jackson_green"] for r in by[lab]])) for lab in labels}
    steel = [lab for lab in labels if lab.startswith("steel ")]
    case.check("Fig. 4: c_r at 1 m/s rises with the yield strength (Jackson–Green)", "—",
               ", ".join("%s %.3f" % (lab.split()[1], j1[lab]) for lab in steel), "",
               "increasing", monotone([j1[lab] for lab in steel]))
    case.differs = ("the order 001 states (Ma–Liu and Wu above Jackson–Green, Johnson and "
                    "Thornton below) holds for every ball of Table 2 at low velocity, but "
                    "Jackson–Green, a fit that reaches zero at 790 V_y, falls below Johnson and "
                    "Thornton from %s m/s: on a rigid plate E* doubles and V_y falls fourfold "
                    "against Fig. 2's steel-on-steel. 001 prints neither its simulated values "
                    "nor the velocities of Figs. 4–5, so the order is checked against "
                    "Jackson–Green, which 001 finds close to its simulation (%s)" % (
                        "–".join(fmt(x, 2) for x in (min(cross.values()),
                                                     max(cross.values()))),
                        f45["reading"].split(":")[0]))
    return case


def case_001_ratio(env):
    case = Case("001-fig6", "001 Fig. 6 — c_r against the yield-strength ratio at 5 m/s",
                "Liu, Chen & Shi 2022 (001) §3.3, Fig. 6 and eq. 14")
    f6 = env.paper(1)["figure6"]
    case.models.append((env.paper_file(1), "the statement; Table 2's steel ball on a steel "
                        "plate"))
    case.models.append(("data/001_ratio.csv", "tools/reproduce_data: the new model and "
                        "Jackson–Green at %g m/s, one yield strength held at %g MPa" % (
                            f6["velocity_m_s"], f6["held_MPa"])))
    rows = env.csv("001_ratio.csv")
    plate = [r for r in rows if r["varied"] == "plate"]
    ball = [r for r in rows if r["varied"] == "ball"]
    fig, (ax,) = figure(width=7.5, height=4)
    ax.plot([r["plate_MPa"] / r["ball_MPa"] for r in plate], [r["cr_liu_chen_shi"] for r in plate],
            "o-", ms=3, label="plate stronger (ball %g MPa)" % f6["held_MPa"])
    ax.plot([r["k"] for r in ball], [r["cr_liu_chen_shi"] for r in ball], "s-", ms=3,
            label="ball stronger (plate %g MPa)" % f6["held_MPa"])
    ax.plot([r["k"] for r in ball], [r["cr_jackson_green"] for r in ball], ":", color="grey",
            label="Jackson–Green (no ratio)")
    ax.axvline(3, color="k", ls="-.", lw=1, label="σ_ball = 3 σ_plate")
    ax.set_xlabel("stronger over weaker yield strength (-)")
    ax.set_ylabel("c_r at %g m/s (-)" % f6["velocity_m_s"])
    save(env, case, fig, "001_fig6.png", "The new model's c_r at %g m/s as either body's yield "
         "strength rises from %g MPa (eq. 14's K)." % (f6["velocity_m_s"], f6["held_MPa"]),
         "001 Fig. 6 (Liu, Chen & Shi 2022): the yield-strength ratio")
    cp = [r["cr_liu_chen_shi"] for r in plate]
    case.check("a stronger plate: no effect on c_r", "almost no effect",
               "%.4f–%.4f" % (min(cp), max(cp)), pct(max(cp) / min(cp) - 1), "≤ 0.1 %",
               max(cp) <= 1.001 * min(cp))
    rising = [r["cr_liu_chen_shi"] for r in ball if r["k"] <= 3.0]
    flat = [r["cr_liu_chen_shi"] for r in ball if r["k"] >= 3.0]
    case.check("a stronger ball: c_r rises up to k = 3", "rises",
               "%.4f → %.4f" % (rising[0], rising[-1]), pct(rising[-1] / rising[0] - 1),
               "increasing", monotone(rising))
    case.check("a stronger ball: no further change past k = 3", "no longer affected",
               "%.4f–%.4f" % (min(flat), max(flat)), pct(max(flat) / min(flat) - 1), "≤ 0.1 %",
               max(flat) <= 1.001 * min(flat))
    return case


def case_001_fig7(env):
    case = Case("001-fig7", "001 Fig. 7 — the new model against E, density and velocity",
                "Liu, Chen & Shi 2022 (001) §3.3, Fig. 7 (a) elastic modulus, (b) density, "
                "(c) velocity; eqs. 14–15")
    f7 = env.paper(1)["figure7"]
    case.models.append((env.paper_file(1), "the statement and its reading; Table 2's steel "
                        "ball on a steel plate of %g MPa" % f7["plate_MPa"]))
    case.models.append(("data/001_fig7.csv", "tools/reproduce_data: the Liu–Chen–Shi law, one "
                        "quantity varied, the others at Table 2's steel and %g m/s" %
                        f7["velocity_m_s"]))
    rows = env.csv("001_fig7.csv")
    units = {"E_GPa": "E (GPa), both bodies", "density": "ball density (kg/m³)",
             "velocity": "initial velocity V (m/s)"}
    fig, axes = figure(1, 3, width=13, height=3.8, sharey=True)
    series = {}
    for r in rows:
        series.setdefault((r["varied"], r["ball_MPa"]), []).append(r)
    for ax, what in zip(axes, units):
        for b in f7["ball_MPa"]:
            r = series[(what, float(b))]
            ax.plot([x["value"] for x in r], [x["cr"] for x in r], "o-", ms=3,
                    label="ball %g MPa (k = %g)" % (b, b / f7["plate_MPa"]))
        ax.set_xlabel(units[what])
        ax.set_ylabel("c_r (-)")
    save(env, case, fig, "001_fig7.png", "The new model's c_r for Table 2's steel ball on a "
         "%g MPa steel plate: E, density and velocity varied one at a time (the others at "
         "Table 2's steel, %g m/s)." % (f7["plate_MPa"], f7["velocity_m_s"]),
         "001 Fig. 7 (Liu, Chen & Shi 2022): influence of E, density, velocity",
         legend_on=[axes[0]])
    lo, hi = (float(b) for b in f7["ball_MPa"][:2])
    for what in units:
        a, b = series[(what, lo)], series[(what, hi)]
        falls = monotone([x["cr"] for x in a], False) and monotone([x["cr"] for x in b], False)
        case.check("c_r falls as %s rises (both balls)" % units[what].split(" (")[0], "—",
                   "%.3f → %.3f (k = 1)" % (a[0]["cr"], a[-1]["cr"]), "", "decreasing", falls)
        gap = min(y["cr"] - x["cr"] for x, y in zip(a, b))
        case.check("%s: the stronger ball's c_r above the k = 1 ball's" % units[what].split(
            " (")[0], "—", "least gap %+.3f" % gap, "", "> 0", gap > 0)
    case.setup = ("001 prints neither its simulated c_r nor the ranges of Fig. 7: ours (%s) "
                  "show the model's trends, which follow from eq. 15's V/V_y, and the yield-"
                  "strength ratio's lift; they cannot test 001's claim that the model predicts "
                  "the simulation well" % f7["reading"].split("ours are ")[-1].split(" around")[0])
    return case


def case_001_fig10(env):
    case = Case("001-fig10", "001 Fig. 10 — repeated drops on the same spot",
                "Liu, Chen & Shi 2022 (001) §4.2, Fig. 10")
    case.skipped = ("an experiment on residual stress (a second drop on the same spot bounces "
                    "higher) that no model here describes, and 001 prints none of its heights; "
                    "001 itself leaves those data out of its comparison")
    return case


def case_001_drop(env):
    case = Case("001-drop", "001 ball drop — bounce of a steel ball dropped from 0.5 m",
                "Liu, Chen & Shi 2022 (001) §4.1–4.3, Table 3, Figs. 9 and 11")
    p = env.paper(1)["ball_drop"]
    case.models.append((env.paper_file(1), "Table 3 and the measured bounce"))
    case.models.append(("data/001_ball_drop.csv, data/001_drop_sweep.csv", "tools/reproduce_data: "
                        "c_r of the Liu–Chen–Shi law (eqs. 14–15) at the "
                        "impact speed √(2 g h), bounce c_r² h"))
    rows = {(r["case"], r["model"]): r for r in env.csv("001_ball_drop.csv")}
    sweep = env.csv("001_drop_sweep.csv")
    lo, hi = p["bounce_measured_m"]
    h0, tol = p["drop_height_m"], p["model_error_pct"] / 100
    pr = rows[("as printed", "liu_chen_shi")]
    ex = rows[("yield strengths exchanged", "liu_chen_shi")]
    fig, axes = figure(1, 2, width=10, height=3.8)
    h = np.array([r["drop_m"] for r in sweep])
    strengths = "ball %g, plate %g MPa"
    for key, label, st in (("cr_printed", "Table 3 as printed (%s)" % (strengths % (
                               pr["ball_yield_MPa"], pr["plate_yield_MPa"])), "-"),
                           ("cr_exchanged", "yield strengths exchanged (%s)" % (strengths % (
                               ex["ball_yield_MPa"], ex["plate_yield_MPa"])), "--")):
        c = np.array([r[key] for r in sweep])
        axes[0].plot(h, c, st, label=label)
        axes[1].plot(h, c * c * h, st, label=label)
    cm = (math.sqrt(lo / h0), math.sqrt(hi / h0))
    axes[0].errorbar([h0], [np.mean(cm)], yerr=[[np.mean(cm) - cm[0]], [cm[1] - np.mean(cm)]],
                     fmt="ks", capsize=4, label="measured (Fig. 9: %g–%g m bounce)" % (lo, hi))
    axes[1].errorbar([h0], [(lo + hi) / 2], yerr=(hi - lo) / 2, fmt="ks", capsize=4,
                     label="measured, %g m drop" % h0)
    axes[0].set_xlabel("drop height (m)")
    axes[0].set_ylabel("coefficient of restitution c_r (-)")
    axes[1].set_xlabel("drop height (m)")
    axes[1].set_ylabel("bounce height c_r² h (m)")
    save(env, case, fig, "001_ball_drop.png", "The new model's c_r and bounce against the drop "
         "height, with the measured bounce of Fig. 9.",
         "001 Figs. 9, 11 (Liu, Chen & Shi 2022): ball drop on a steel plate")
    mid = (lo + hi) / 2
    case.check("bounce, Table 3 exchanged", "%g–%g m" % (lo, hi), "%.4f m (c_r %.4f)" %
               (ex["bounce_m"], ex["cr"]), pct(ex["bounce_m"] / mid - 1),
               "inside the band to its printed digits (± 0.005 m)",
               lo - 0.005 <= ex["bounce_m"] <= hi + 0.005)
    case.check("bounce, Table 3 as printed", "%g–%g m" % (lo, hi), "%.4f m (c_r %.4f)" %
               (pr["bounce_m"], pr["cr"]), pct(pr["bounce_m"] / lo - 1),
               "documented: > %g %% below the band" % (100 * tol),
               pr["bounce_m"] < lo * (1 - tol), "finding")
    # Fig. 11 over all drop heights: 001 prints the measurement at 0.5 m only (Fig. 9's band);
    # the other heights are judged by the trend it states, and the 5 % by the point it prints
    for key, label in (("cr_exchanged", "exchanged"), ("cr_printed", "as printed")):
        c = np.array([r[key] for r in sweep])
        case.check("Fig. 11: c_r decreases with the drop height (%s), %g–%g m" % (
            label, h[0], h[-1]), "decreases", "%.4f → %.4f" % (c[0], c[-1]), "",
            "strictly decreasing", monotone(c, False))
    cr_mid = float(np.mean(cm))
    case.check("Fig. 11: c_r error at %g m, Table 3 exchanged" % h0, "≤ %g %% (max error)" % (
        100 * tol), "%.4f against %.4f–%.4f measured" % (ex["cr"], cm[0], cm[1]),
        pct(ex["cr"] / cr_mid - 1), "≤ %g %% of the band's middle" % (100 * tol),
        abs(ex["cr"] / cr_mid - 1) <= tol)
    case.check("Fig. 11: c_r error at %g m, Table 3 as printed" % h0, "≤ %g %% (max error)" % (
        100 * tol), "%.4f against %.4f–%.4f measured" % (pr["cr"], cm[0], cm[1]),
        pct(pr["cr"] / cr_mid - 1), "documented: > %g %%" % (100 * tol),
        abs(pr["cr"] / cr_mid - 1) > tol, "finding")
    jg = rows[("as printed", "jackson_green")]
    case.info("Jackson–Green (no yield-strength ratio)", "—", "%.4f m" % jg["bounce_m"])
    case.differs = ("with Table 3 as printed the ball (540 MPa) is the weaker body, eq. 14 gives "
                    "K = 1 and the bounce falls %s short of the measured band; with the two "
                    "yield strengths exchanged (a hardened ball) it lands inside it. Table 3's "
                    "yield strengths are most likely swapped (tests/unit/contact/test_contact_restitution.c). "
                    "Over all drop heights (Fig. 11) c_r falls with the height as 001 says; 001 "
                    "prints the measurement at %g m only, where the exchanged reading is %s off "
                    "the measured c_r (001: max error 5 %%)"
                    % (pct(pr["bounce_m"] / lo - 1).lstrip("-+"), h0,
                       pct(ex["cr"] / cr_mid - 1)))
    return case


def turn_stats(ev, nev, turn, t_end):
    """Contacts opened and time in contact in each crank turn from an event table."""
    nturn = int(round(t_end / turn))
    opened, inside = [0] * nturn, [0.0] * nturn
    for i in range(nev):
        on = ev["t_on"][i]
        off = ev["t_off"][i] if np.isfinite(ev["t_off"][i]) else t_end
        k = min(int(on / turn), nturn - 1)
        opened[k] += 1
        for q in range(nturn):
            inside[q] += max(0.0, min(off, (q + 1) * turn) - max(on, q * turn))
    return opened, [x / turn for x in inside]


def case_001_mechanism(env):
    case = Case("001-fig12", "001 Figs. 12–13 — revolute clearance joint: constant c_r against "
                "the yield-strength model",
                "Liu, Chen & Shi 2022 (001) §4.4, Fig. 12 (shaft-centre orbit), Fig. 13 "
                "(contact force)")
    s = env.paper(1)["section_4_4"]
    turn = 60.0 / s["speed_rpm"]
    nturn = 1 if env.quick else s["turns"]
    res = {}
    for key, label in (("constant_cr", "(a) constant c_r = %g" % s["constant_restitution"]),
                       ("yield_strength", "(b) new model (yield strength)")):
        model = "models/liu2022_%s.json" % key
        case.models.append((model, label[4:]))
        run = env.run(model, t_end=nturn * turn if env.quick else None)
        ev, nev = events(run)
        opened, inside = turn_stats(ev, nev, turn, run.time[-1])
        res[key] = dict(run=run, label=label, opened=opened, inside=inside,
                        W=last(run, "energy/dissipated"), F=j_max(run))
    fig, axes = figure(1, 2, width=10, height=4.6)
    for ax, r in zip(axes, res.values()):
        j = joint(r["run"])
        e, c = j["eccentricity"], j.clearance
        th = np.linspace(0, 2 * np.pi, 361)
        ax.plot(1e3 * c * np.cos(th), 1e3 * c * np.sin(th), "k--", lw=1, label="clearance circle")
        ax.plot(1e3 * e[:, 0], 1e3 * e[:, 1], lw=0.7, label="shaft centre")
        ax.set_aspect("equal", adjustable="datalim")
        ax.set_xlabel("eccentricity x (mm)")
        ax.set_ylabel("eccentricity y (mm)")
        ax.set_title(r["label"], fontsize="medium")
    save(env, case, fig, "001_fig12.png", "Shaft (journal) centre orbit in the bearing over %d "
         "crank turn%s." % (nturn, "s" if nturn > 1 else ""),
         "001 Fig. 12 (Liu, Chen & Shi 2022): shaft-centre orbit, 300 r/min, c = %g mm" %
         s["clearance_mm"])
    fig, axes = figure(2, 1, width=9, height=2.8, sharex=True)
    for ax, r in zip(axes, res.values()):
        j = joint(r["run"])
        ax.plot(r["run"].time, j["normal_force"], lw=0.7)
        ax.set_ylabel("contact force (N)")
        ax.set_title(r["label"], fontsize="medium")
    axes[-1].set_xlabel("time (s)")
    save(env, case, fig, "001_fig13.png", "Contact force of the clearance joint against time.",
         "001 Fig. 13 (Liu, Chen & Shi 2022): contact force vs time")
    c, y = res["constant_cr"], res["yield_strength"]
    k = nturn - 1  # the last turn computed: the second (first in --quick)
    case.check("constant c_r: time in contact, turn %d" % (k + 1), "stable state",
               "%.1f %%" % (100 * c["inside"][k]), "", "≥ 75 %", c["inside"][k] >= 0.75)
    if nturn > 1:
        case.check("constant c_r: contacts opened, turn 2 vs turn 1", "settles",
                   "%d vs %d" % (c["opened"][1], c["opened"][0]), "", "< half",
                   c["opened"][1] < c["opened"][0] / 2)
        case.check("yield strength: contacts opened, turn 2 vs turn 1", "no stable state",
                   "%d vs %d" % (y["opened"][1], y["opened"][0]), "", "≥ 0.7 ×",
                   y["opened"][1] >= 0.7 * y["opened"][0])
    case.check("yield strength: time in contact, turn %d" % (k + 1), "no stable state",
               "%.2f %% (%d impacts)" % (100 * y["inside"][k], y["opened"][k]), "", "< 5 %",
               y["inside"][k] < 0.05)
    case.check("yield strength: energy dissipated", "none (c_r → 1)", "%.3g J" % y["W"], "",
               "= 0", y["W"] == 0.0)
    case.info("largest contact force", "—", "%.4g N (c_r 0.9), %.4g N (yield)" % (c["F"], y["F"]))
    case.setup = ("001 names no mechanism for its §4.4 joint (300 r/min, 0.1 mm clearance): "
                  "ours is the Flores–Ambrósio slider-crank (models/liu2022_*.json). The "
                  "comparison shows that 001's statements hold there (c_r = 0.9 settles into "
                  "stable contact; the new model keeps impacting with c_r = 1, its impacts far "
                  "below its yield velocity); it cannot show 001's orbits and forces, which 001 "
                  "prints no numbers of and which depend on the mechanism")
    return case
