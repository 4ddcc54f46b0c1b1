"""tools/reproduction/paper004.py — Autiero et al. 2022 (004): the cylinder laws' fits (Tables
2-9, 11) and the scotch yoke."""
import json
import math
import os

import numpy as np

from .core import (Case, CaseError, ROOT, events, figure, fmt, joint, monotone, pct, printed, save)


NAMES = {"radzimovsky": "Radzimovsky", "johnson": "Johnson", "goldsmith": "Goldsmith",
         "esdu78035": "ESDU-78035", "lankarani_nikravesh": "Lankarani–Nikravesh"}


def fits_case(env, key, title, source, rows, p):
    case = Case(key, title, source)
    case.models.append((env.paper_file(4), "the printed rows, the reading (L = 1 mm, F ≤ 1 kN, "
                        "hole 100 mm) and the findings"))
    case.models.append(("data/004_fits.csv", "tools/reproduce_data: least-squares fit of each law "
                        "over 0 < F ≤ 1 kN (tools/reproduction/cs_papers.h, as tests/unit/contact/test_contact_fits.c)"))
    findings = p["findings"]
    used = []
    case.table += ["| Table | law | material / region | ΔR (mm) | K printed | K ours | dev. | "
                   "tol. | n printed | n ours | max err. % printed / ours | result | finding |",
                   "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        f = r["finding"] if isinstance(r["finding"], str) else ""
        quirk = f in ("goldsmith_c", "esdu_minus")
        explicit = r["law"] == "lankarani_nikravesh"
        K = r["K_004"] if quirk else r["K_ours"]
        n = r["n_004"] if quirk else r["n_ours"]
        err = r["err_004"] if quirk else r["err_ours"]
        dK = K / r["K_target"] - 1
        what = "T%d %s %s ΔR %g" % (r["table"], NAMES[r["law"]], r["region"] or r["material"],
                                    r["dR_printed_mm"])
        oks = []
        if explicit:
            ratio = r["K_ours"] / r["K_printed"]
            lo, hi = p["ln_factor_band"]
            ok = lo < ratio < hi
            case.check(what + ": K ours / printed", "1", "%.3f" % ratio, "", "documented: "
                       "%g–%g" % (lo, hi), ok, "finding", listed=False)
            oks.append(ok)
            # as 004 computed it (finding ln_factor): π × ours × 0.1, within the printed
            # digits; the inner track (ln_inner) stays off by more
            d004 = r["K_004"] / r["K_printed"] - 1
            ok = abs(d004) <= r["K_tol"] if f == "ln_factor" else abs(d004) > 2 * r["K_tol"]
            case.check(what + ": K as 004 computed it (π × ours × 0.1)", fmt(r["K_printed"]),
                       fmt(r["K_004"], 5), pct(d004), ("± %.2f %%" if f == "ln_factor" else
                                                      "documented: off by > %.2f %%") %
                       (100 * r["K_tol"] * (1 if f == "ln_factor" else 2)), ok, "finding",
                       listed=False)
            oks.append(ok)
        else:
            kindK = "finding" if f in ("K_times_10", "goldsmith_c", "esdu_minus") else "agree"
            ok = abs(dK) <= r["K_tol"]
            case.check(what + ": K", fmt(r["K_target"]), fmt(K, 5), pct(dK),
                       "± %.2f %%" % (100 * r["K_tol"]), ok, kindK, listed=False)
            oks.append(ok)
            dn = n - r["n_printed"]
            if f in ("n_misprint", "n_copied"):
                ok = abs(dn) > r["n_tol"]
                case.check(what + ": n", fmt(r["n_printed"]), "%.4f" % n, "%+.4f" % dn,
                           "documented: off by > %.4f" % r["n_tol"], ok, "finding", listed=False)
            else:
                ok = abs(dn) <= r["n_tol"]
                case.check(what + ": n", fmt(r["n_printed"]), "%.4f" % n, "%+.4f" % dn,
                           "± %.4f" % r["n_tol"], ok, "finding" if quirk else "agree",
                           listed=False)
            oks.append(ok)
            if not math.isnan(r["err_printed"]):
                ok = abs(err - r["err_printed"]) <= 0.3
                case.check(what + ": max error %", fmt(r["err_printed"]), "%.2f" % err,
                           "%+.2f" % (err - r["err_printed"]), "± 0.3", ok,
                           "finding" if quirk else "agree", listed=False)
                oks.append(ok)
        if f and f not in used:
            used.append(f)
        kd, nd = int(r["K_digits"]), int(r["n_decimals"])
        shown_K = (("%s (×10: %s)" % (printed(r["K_printed"], kd), printed(r["K_target"], kd)))
                   if f == "K_times_10" else printed(r["K_printed"], kd))
        ours_K = fmt(r["K_ours"], 5) + ("" if r["valid_ours"] else " [1 kN past its load limit]")
        if quirk or explicit:
            ours_K = "%s (004's: %s)" % (ours_K, fmt(r["K_004"] if explicit else K, 5))
        case.table.append("| %d | %s | %s | %g | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["table"], NAMES[r["law"]], r["region"] or r["material"], r["dR_printed_mm"],
            shown_K, ours_K, pct(dK) if not explicit else "×%.3f" % (K / r["K_printed"]),
            "± %.2f %%" % (100 * r["K_tol"]) if not explicit else "—",
            "%.*f" % (nd, r["n_printed"]), "%.4f" % n, ("%.1f / %.2f" % (r["err_printed"], err))
            if not math.isnan(r["err_printed"]) else "— / %.2f" % err,
            "✓" if all(oks) else "✗", f or ""))
    for f in used:
        case.notes.append("**%s**: %s" % (f, findings[f]))
    return case


def fits_figure(env, case, rows, name, title):
    """K and n of each row against the printed ones (the judged value: as 004 computed it
    where its finding says so), with the row's tolerance; Lankarani–Nikravesh (explicit, not
    reproduced) in a panel of its own."""
    explicit = [r for r in rows if r["law"] == "lankarani_nikravesh"]
    fitted = [r for r in rows if r["law"] != "lankarani_nikravesh"]
    groups = sorted({(r["table"], r["law"]) for r in fitted},
                    key=lambda k: (k[0], list(NAMES).index(k[1])))
    fig, axes = figure(3 if explicit else 2, 1, width=10, height=2.8)
    x, labels, ticks = 0, [], []
    for g in groups:
        sel = [r for r in fitted if (r["table"], r["law"]) == g]
        for xi, r in zip(range(x, x + len(sel)), sel):
            f = r["finding"] if isinstance(r["finding"], str) else ""
            quirk = f in ("goldsmith_c", "esdu_minus")
            K = r["K_004"] if quirk else r["K_ours"]
            n = r["n_004"] if quirk else r["n_ours"]
            mk, col = ("o", "C0") if not f else (("s", "C1") if quirk else ("D", "C2"))
            axes[0].errorbar(xi, 100 * (K / r["K_target"] - 1), yerr=100 * r["K_tol"], fmt=mk,
                             color=col, ms=4, capsize=2)
            axes[1].errorbar(xi, n - r["n_printed"], yerr=r["n_tol"], fmt=mk, color=col, ms=4,
                             capsize=2)
        ticks.append(x + (len(sel) - 1) / 2)
        labels.append("T%d" % g[0] if len({t for t, _ in groups}) > 1 else NAMES[g[1]])
        x += len(sel) + 1
    for ax in axes[:2]:
        ax.axhline(0, color="k", lw=0.6)
        ax.set_xticks(ticks, labels)
    axes[0].set_ylabel("K ours / printed − 1 (%)")
    axes[1].set_ylabel("n ours − printed (-)")
    axes[1].set_xlabel("004 %s (rows in the table's order); bars: the stated tolerance" %
                       ("table" if len({t for t, _ in groups}) > 1 else "Table 11 law, "
                        "regions R_i/R_p, R_o/R_p, R_c/R_p"))
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], marker="o", ls="", color="C0", label="as printed")]
    if any(r["finding"] in ("goldsmith_c", "esdu_minus") for r in fitted):
        handles.append(Line2D([], [], marker="s", ls="", color="C1", label="as 004 computed it "
                              "(Goldsmith C = 0.1 m; ESDU's internal ΔR)"))
    if any(r["finding"] in ("n_misprint", "K_times_10", "n_copied") for r in fitted):
        handles.append(Line2D([], [], marker="D", ls="", color="C2", label="documented misprint "
                              "(T5 n, T8 K×10, T9 n)"))
    lo, hi = axes[0].get_ylim()
    axes[0].set_ylim(lo, hi + 0.45 * (hi - lo))  # room for the legend above the bars
    axes[0].legend(handles=handles, fontsize="small", loc="upper center", ncols=len(handles))
    if explicit:
        ratio = [r["K_ours"] / r["K_printed"] for r in explicit]
        axes[2].bar(range(len(ratio)), ratio, color="C3", width=0.5,
                    label="Lankarani–Nikravesh (4/3) E* √R*: ours / printed K")
        axes[2].axhline(1, color="k", lw=0.8, ls="--", label="reproduced")
        axes[2].set_xticks(range(len(ratio)), [r["region"] for r in explicit])
        axes[2].set_ylabel("K ours / printed (-)")
        axes[2].set_xlabel("slot region (Table 11, Lankarani–Nikravesh column)")
        axes[2].set_ylim(0, 1.35 * max(ratio))
        axes[2].legend(fontsize="small", loc="upper center", ncols=2)
    save(env, case, fig, name, "Deviation of our fit from each printed row (K and n), with the "
         "row's tolerance%s." % ("; the explicit Lankarani–Nikravesh stiffness against its "
                                 "printed K" if explicit else ""), title)


def case_004_fits(env):
    p = env.paper(4)
    rows = [r for r in env.csv("004_fits.csv") if r["table"] != 11]
    case = fits_case(env, "004-fits", "004 Tables 2–9 — power-law fits of the cylinder laws",
                     "Autiero et al. 2022 (004) §2, Tables 2–9", rows, p)
    fits_figure(env, case, rows, "004_tables2_9.png",
                "004 Tables 2–9 (Autiero et al. 2022): fits K δ^n, ours vs printed")
    case.differs = ("every K and n is reproduced within its printed digits, except the "
                    "documented misprints (Table 5 ΔR 80 mm n, Table 8 K printed 10× too small, "
                    "Table 9 n copied from Table 8) and 004's Goldsmith, whose tables need a "
                    "constant 0.1 m in the logarithm instead of its printed L^m")
    return case


def case_004_fig10(env):
    case = Case("004-fig10", "004 Fig. 10 — one stiffness for both tracks: the error against "
                "the clearance", "Autiero et al. 2022 (004) §4, Fig. 10 (a: steel, b: aluminium)")
    p = env.paper(4)
    f10 = p["figure10"]
    case.models.append((env.paper_file(4), "Table 10's slot, the statement and its reading"))
    case.models.append(("data/004_fig10.csv", "tools/reproduce_data: the laws' penetration at "
                        "%g N/mm on the outer track (internal) and the inner track (external), "
                        "L = 1 mm" % f10["load_N_per_mm"]))
    rows = env.csv("004_fig10.csv")
    groups = {}
    for r in rows:
        groups.setdefault((r["law"], r["material"]), []).append(r)
    fig, axes = figure(1, 2, width=10, height=3.8, sharey=True)
    for ax, mat in zip(axes, ("steel", "aluminum")):
        for (law, m), r in groups.items():
            if m == mat:
                ax.plot([x["clearance_mm"] for x in r],
                        [100 * abs(x["delta_int_m"] / x["delta_ext_m"] - 1) for x in r],
                        "o-", ms=3, label=NAMES[law])
        ax.set_title(mat, fontsize="medium")
        ax.set_xlabel("clearance (mm)")
        ax.set_ylabel("penetration error, one K for both tracks (%)")
    save(env, case, fig, "004_fig10.png", "The relative difference of the penetration on the "
         "two tracks at %g N/mm, against the clearance." % f10["load_N_per_mm"],
         "004 Fig. 10 (Autiero et al. 2022): effect of clearance on the error")
    for (law, mat), r in groups.items():
        err = [abs(x["delta_int_m"] / x["delta_ext_m"] - 1) for x in r]
        c = [x["clearance_mm"] for x in r]
        slope = [e / x for e, x in zip(err, c)]
        case.check("%s, %s: error ≤ %g %% up to %g mm" % (NAMES[law], mat, f10["error_bound_pct"],
                                                        c[-1]), "≤ %g %%" % f10["error_bound_pct"],
                   "%.3f %% at %g mm" % (100 * max(err), c[-1]), "", "≤ %g %%" %
                   f10["error_bound_pct"], max(err) <= f10["error_bound_pct"] / 100)
        prop = max(slope) / min(slope) - 1
        case.check("%s, %s: error proportional to the clearance" % (NAMES[law], mat),
                   "proportional", "error/clearance varies by %s" % pct(prop), "", "≤ 5 %",
                   prop <= 0.05)
    case.setup = ("004 prints no clearance range and no curve values: we take %g–%g mm (up to "
                  "10 times Table 10's 0.1 mm) on Table 10's slot; the checks show the error "
                  "stays below 004's bound and linear in the clearance there, not 004's "
                  "curves" % tuple(f10["clearance_mm_reading"]))
    return case


def case_004_table11(env):
    p = env.paper(4)
    rows = [r for r in env.csv("004_fits.csv") if r["table"] == 11]
    case = fits_case(env, "004-table11", "004 Table 11 — fits for the scotch yoke's slot "
                     "regions", "Autiero et al. 2022 (004) §4, Tables 10–11", rows, p)
    fits_figure(env, case, rows, "004_table11.png",
                "004 Table 11 (Autiero et al. 2022): fits per slot region, ours vs printed")
    ln = [r for r in rows if r["law"] == "lankarani_nikravesh"]
    ratio = [r["K_ours"] / r["K_printed"] for r in ln]
    pi_only = [abs(r["K_ours"] / math.pi / r["K_printed"] - 1) for r in ln]
    as004 = {r["region"]: r["K_004"] / r["K_printed"] - 1 for r in ln}
    case.differs = ("Radzimovsky, Johnson and ESDU (outer track, cap) reproduced; ESDU on the "
                    "inner track is 004's internal formula; Goldsmith needs 004's C = 0.1 m; "
                    "the Lankarani–Nikravesh column is ours divided by %.2f–%.2f: not a "
                    "(1 − ν²)/(πE) convention alone (ours/π misses it by %.1f–%.1f %%), but "
                    "π × ours × 0.1 (E* = 1/(h_i + h_j) with Goldsmith's h = (1 − ν²)/(πE), "
                    "times a factor 0.1 004 does not print) gives the outer track and the cap "
                    "(%s, %s) within their printed digits, and the inner track %s off" % (
                        min(ratio), max(ratio), 100 * min(pi_only), 100 * max(pi_only),
                        pct(as004["R_o/R_p"]), pct(as004["R_c/R_p"]), pct(as004["R_i/R_p"])))
    return case


REGIONS_004 = {"inner": "R_i/R_p", "outer": "R_o/R_p", "cap": "R_c/R_p"}


def table11_in_models(env, case):
    """The model files carry Table 11's fits in SI (K N/mm^n · 1000^n): checked against the
    data file, so that the two copies cannot drift apart."""
    rows = env.paper(4)["table11"]["rows"]
    worst, where = 0.0, ""
    for law in YOKE_LAWS:
        with open(os.path.join(ROOT, "models", "scotch_yoke_%s.json" % law)) as f:
            regions = json.load(f)["clearance_joints"][0]["regions"]
        for name, region in REGIONS_004.items():
            el = regions[name]["elastic"]
            r = next(x for x in rows if x["law"] == law and x["region"] == region)
            dev = max(abs(el["K"] / (r["K"] * 1000.0 ** r["n"]) - 1), abs(el["n"] - r["n"]))
            if dev >= worst:
                worst, where = dev, "%s %s" % (NAMES[law], name)
    case.check("models/scotch_yoke_*.json: K, n of every region = Table 11's (K · 1000^n)",
               "Table 11", "largest deviation %.1e (%s)" % (worst, where), "", "≤ 1e-5",
               worst <= 1e-5)


YOKE_LAWS = ("lankarani_nikravesh", "radzimovsky", "johnson", "goldsmith", "esdu78035")


def windows(ev, nev, t0, t1, omega):
    """Contact-free windows within [t0, t1] as relative crank angles (deg from t0)."""
    out, covered = [], t0
    order = np.argsort(ev["t_on"]) if nev else []
    for i in order:
        on, off = ev["t_on"][i], ev["t_off"][i]
        off = off if np.isfinite(off) else t1
        if off <= covered or on >= t1:
            continue
        if on > covered:
            out.append(((covered - t0) * omega, (on - t0) * omega))
        covered = off
    if covered < t1:
        out.append(((covered - t0) * omega, (t1 - t0) * omega))
    return [(math.degrees(a), math.degrees(b)) for a, b in out]


def case_004_yoke(env):
    case = Case("004-yoke", "004 Figs. 11–16 — scotch yoke with a curved-slot clearance joint",
                "Autiero et al. 2022 (004) §4, Figs. 11–16, Tables 10–11")
    st = env.paper(4)["statements"]
    laws = ("lankarani_nikravesh", "goldsmith") if env.quick else YOKE_LAWS
    res = {}
    for law in laws:
        base = "models/scotch_yoke_%s.json" % law
        if not os.path.exists(os.path.join(ROOT, base)):
            raise CaseError("%s missing" % base)

        def edit(m):
            m["output"]["interval"] = 2e-5
        model = env.variant(base, "scotch_yoke_%s_fine" % law, "output every 2e-5 s (0.086° of "
                            "crank) for the figures", edit)
        case.models.append(("%s → %s" % (base, env.rel(model)), NAMES[law]))
        with open(model) as f:
            m = json.load(f)
        omega = m["drivers"][0]["motion"]["velocity"]
        T = 2 * math.pi / omega
        turn = 0 if env.quick else 1  # the monitored turn: 004 shows the second
        run = env.run(model, t_end=T if env.quick else None)
        ev, nev = events(run)
        t0, t1 = turn * T, (turn + 1) * T
        sel = (run.time >= t0 - 1e-12) & (run.time <= t1 + 1e-12)
        j = joint(run)
        inner = m["clearance_joints"][0]["regions"]["inner"]["elastic"]
        K01 = inner["K"] * 1e-4 ** inner["n"] if "K" in inner else float("nan")
        opened = [i for i in range(nev) if t0 <= ev["t_on"][i] < t1]
        sl = run.body_index("slider")
        res[law] = dict(
            run=run, rho=np.degrees(omega * (run.time[sel] - t0)), d=j["penetration"][sel],
            F=j["normal_force"][sel], x=run.positions()[sel, sl, 0],
            v=run.series("bodies/velocity")[sel, sl, 0],
            a=run.series("bodies/acceleration")[sel, sl, 0], omega=omega, t0=t0, ev=ev,
            opened=opened, F_peak=max([ev["max_force"][i] for i in opened] or [0.0]),
            win=windows(ev, nev, t0, t1, omega), K01=K01, n=inner.get("n", 1.5),
            c=j.clearance, time=run.time[sel])
    which = "second" if not env.quick else "first"
    lab = {k: NAMES[k] for k in res}
    table11_in_models(env, case)

    def angle_axes(ax):
        ax.set_xlabel("relative crank angle (deg), %s turn" % which)
        ax.set_xlim(0, 360)

    fig, (ax,) = figure(width=10, height=4.0)
    for k, r in res.items():
        ax.plot(r["rho"], r["F"], lw=0.8, label=lab[k])
    angle_axes(ax)
    ax.set_ylabel("contact force (N)")
    save(env, case, fig, "004_fig11.png", "Contact force of the pin in the curved slot over "
         "the %s crank turn, one curve per elastic law (fits of Table 11)." % which,
         "004 Fig. 11 (Autiero et al. 2022): contact force comparison")
    fig, (ax,) = figure(width=10, height=4.0)
    for k, r in res.items():
        ax.plot(r["rho"], 1e6 * np.maximum(r["d"], 0), lw=0.8, label=lab[k])
    angle_axes(ax)
    ax.set_ylabel("penetration (µm)")
    save(env, case, fig, "004_fig12.png", "Penetration of the pin into the slot tracks.",
         "004 Fig. 12 (Autiero et al. 2022): penetration comparison")
    fig, axes = figure(1, 2, width=11, height=3.8)
    for k, r in res.items():
        z = (r["rho"] >= 100) & (r["rho"] <= 200)
        axes[0].plot(r["rho"][z], 1e6 * np.maximum(r["d"][z], 0), lw=0.8, label=lab[k])
        z = (r["rho"] >= 60) & (r["rho"] <= 160)
        axes[1].plot(r["rho"][z], r["F"][z], lw=0.8, label=lab[k])
    axes[0].set_ylabel("penetration (µm)")
    axes[0].set_title("Fig. 13: penetration, detail", fontsize="medium")
    axes[1].set_ylabel("contact force (N)")
    axes[1].set_title("Fig. 14: contact force, detail (impact after the free flight)",
                      fontsize="medium")
    for ax in axes:
        ax.set_xlabel("relative crank angle (deg), %s turn" % which)
    save(env, case, fig, "004_fig13_14.png", "Details: penetration after the crossing of the "
         "clearance, and the contact force around the contact-free region near 100°.",
         "004 Figs. 13–14 (Autiero et al. 2022): details of penetration and contact force")
    fig, (ax,) = figure(width=7.5, height=4.5)
    for k, r in res.items():
        # the contact that closes the free flight near 100°: contact and rebound
        after = [i for i in r["opened"] if math.degrees(r["omega"] * (r["ev"]["t_on"][i] - r["t0"]))
                 > 100]
        if not after:
            continue
        i = after[0]
        on, off = r["ev"]["t_on"][i], r["ev"]["t_off"][i]
        z = (r["time"] >= on) & (r["time"] <= (off if np.isfinite(off) else r["time"][-1]))
        ax.plot(1e6 * np.maximum(r["d"][z], 0), r["F"][z], lw=1, label="%s (from %.0f°)" % (
            lab[k], math.degrees(r["omega"] * (on - r["t0"]))))
    ax.set_xlabel("penetration (µm)")
    ax.set_ylabel("contact force (N)")
    save(env, case, fig, "004_fig15.png", "Force against penetration over the first contact "
         "after the contact-free region (α = 0.32 s/m damping).",
         "004 Fig. 15 (Autiero et al. 2022): hysteresis comparison")
    fig, axes = figure(3, 1, width=9, height=2.5, sharex=True)
    for k, r in res.items():
        axes[0].plot(r["rho"], 1e3 * r["x"], lw=0.8, label=lab[k])
        axes[1].plot(r["rho"], r["v"], lw=0.8, label=lab[k])
        axes[2].plot(r["rho"], r["a"], lw=0.8, label=lab[k])
    axes[0].set_ylabel("position x (mm)")
    axes[1].set_ylabel("velocity (m/s)")
    axes[2].set_ylabel("acceleration (m/s²)")
    angle_axes(axes[2])
    save(env, case, fig, "004_fig16.png", "The slotted slider's position, velocity and "
         "acceleration.", "004 Fig. 16 (Autiero et al. 2022): slotted slider kinematics",
         legend_on=[axes[0]])

    for k, r in res.items():
        w = [x for x in r["win"] if x[0] <= 100 <= x[1]]
        case.check("%s: contact-free at 100°" % lab[k], "null force around 100°",
                   "%.1f–%.1f°" % w[0] if w else "in contact", "", "a window holds 100°",
                   bool(w), "setup")
    fits = [k for k in res if k != "lankarani_nikravesh"]
    order = sorted(fits, key=lambda k: -res[k]["K01"])
    peaks = [res[k]["F_peak"] for k in order]
    if len(order) > 2:
        case.check("n ≈ 1.1 fits: the stiffer, the higher the contact force (peak, turn)",
                   "ordered by K", " > ".join("%s %.0f N" % (lab[k], res[k]["F_peak"])
                                              for k in order), "",
                   "ordered as the stiffness at 0.1 mm", monotone(peaks, False))
    det = {k: sum(1 for a, b in res[k]["win"] if b > 120 and a < 300) for k in res}
    case.check("Goldsmith detaches between 120° and 300°", "detaches",
               "%d contact-free windows" % det["goldsmith"], "", "≥ 1", det["goldsmith"] > 0)
    others = [k for k in res if k != "goldsmith"]
    case.check("the other laws stay in contact between 120° and 300°", "only Goldsmith detaches",
               ", ".join("%s %d" % (lab[k], det[k]) for k in others) + " windows", "",
               "documented: all detach", all(det[k] > 0 for k in others), "finding")
    xs = np.array([np.interp(res[order[0] if order else laws[0]]["rho"], r["rho"], r["x"])
                   for r in res.values()])
    stroke = np.ptp(xs[0])
    spread = float(np.max(np.ptp(xs, axis=0)))
    case.check("slider position: spread between the laws", "slightly influenced",
               "%.3f mm of a %.1f mm stroke" % (1e3 * spread, 1e3 * stroke),
               pct(spread / stroke), "≤ 1 % of the stroke", spread <= 0.01 * stroke)
    for k, r in res.items():
        case.info("%s: peak force, deepest penetration (turn)" % lab[k], "—",
                  "%.0f N, %.1f µm, %d contacts" % (r["F_peak"], 1e6 * max(
                      [r["ev"]["max_penetration"][i] for i in r["opened"]] or [0]),
                      len(r["opened"])))
    case.differs = ("004 prints no numbers for its Figs. 11–16; its statements hold but one: "
                    "here every law, not only Goldsmith, detaches between 120° and 300° "
                    "(tests/papers/test_scotch_yoke.c; the slot geometry 004's Table 10 leaves out is "
                    "derived in the models' descriptions)")
    case.setup = ("the contact-free window near 100° follows from the crank phase we chose "
                  "(Table 10's 31° read as −31° from the sliding direction: the pin crosses "
                  "the clearance at 94.6° and 327.4°); the other readings of Table 10 put the "
                  "crossings elsewhere (the models' descriptions), so that check shows "
                  "consistency with one reading, not a reproduction")
    case.notes += ["004: " + st[k] for k in ("null_force_deg", "stiffer_higher",
                                               "goldsmith_detaches", "position_slight")]
    return case
