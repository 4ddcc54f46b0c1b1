"""tools/reproduction/paper002.py — Gonthier et al. (002): volumetric contact, the sphere in a
cylinder."""
from clearsim import runfile as rf
import os

import numpy as np

from .core import (Case, CaseError, ROOT, events, figure, joint, last, pct, save)


def case_002(env):
    case = Case("002-fig2", "002 Figs. 2–3 — sphere bouncing inside a cylinder (planar)",
                "Gonthier, McPhee, Lange & Piedbœuf (002) §4, Figs. 2–3")
    model = "models/sphere_in_cylinder.json"
    if not os.path.exists(os.path.join(ROOT, model)):
        case.skipped = "%s does not exist yet (volumetric contact is being added)" % model
        return case
    case.models.append((model, "the ball in the cylinder, volumetric contact with rolling "
                        "resistance and friction (its description: 002 prints no data)"))
    run = env.run(model)
    moving = [b for b, g in enumerate(run.ground()) if not g]
    if not moving:
        raise CaseError("%s: no moving body" % model)
    b = moving[0]
    cj = run.model_list("clearance_joints")[0]
    R1 = cj["pin_radius"]
    j = joint(run)
    q, v = run.positions()[:, b, :], run.series("bodies/velocity")[:, b, :]
    t = run.time
    speed, roll = np.hypot(v[:, 0], v[:, 1]), R1 * np.abs(v[:, 2])
    fig, axes = figure(2, 2, width=11, height=3.6)
    scale, unit = rf.length_scale(max(np.nanmax(np.abs(q[:, :2])), j.clearance or 0))
    if j.clearance:
        th = np.linspace(0, 2 * np.pi, 361)
        axes[0].plot(scale * j.clearance * np.cos(th), scale * j.clearance * np.sin(th), "k--",
                     lw=1, label="centre touching the wall (clearance %.3g %s)" % (
                         scale * j.clearance, unit))
    axes[0].plot(scale * q[:, 0], scale * q[:, 1], lw=0.7, label="sphere centre")
    axes[0].set_aspect("equal", adjustable="datalim")
    axes[0].legend(fontsize="small", loc="upper left")
    axes[0].set_xlabel("x (%s)" % unit)
    axes[0].set_ylabel("y (%s)" % unit)
    axes[0].set_title("(Fig. 2) trajectory of the sphere centre", fontsize="medium")
    axes[1].plot(t, scale * q[:, 0], label="x")
    axes[1].plot(t, scale * q[:, 1], label="y")
    axes[1].set_xlabel("time (s)")
    axes[1].set_ylabel("position (%s)" % unit)
    axes[1].set_title("(Fig. 3) position components", fontsize="medium")
    axes[2].plot(t, v[:, 0], label="v_x")
    axes[2].plot(t, v[:, 1], label="v_y")
    axes[2].set_xlabel("time (s)")
    axes[2].set_ylabel("velocity (m/s)")
    axes[2].set_title("(Fig. 3) velocity components", fontsize="medium")
    axes[3].semilogy(t, np.maximum(speed, 1e-12), label="|v| (centre speed)")
    axes[3].semilogy(t, np.maximum(roll, 1e-12), "--", label="R |ω| (R = %g mm)" % (1e3 * R1))
    axes[3].set_xlabel("time (s)")
    axes[3].set_ylabel("speed (m/s)")
    axes[3].set_title("rolling: |v| = R |ω|", fontsize="medium")
    save(env, case, fig, "002_fig2_3.png", "The ball's centre path, position and velocity "
         "components, and its speed against R|ω| (rolling without slip).",
         "002 Figs. 2–3 (Gonthier et al.): sphere inside a cylinder, in the plane")
    ev, nev = events(run)
    # the ball rocks about the bottom, so |v| and R|ω| vanish together at each turn: the slip
    # is measured against the largest speed of the span
    late = t >= t[0] + (t[-1] - t[0]) / 4
    slip, top = np.abs(speed - roll)[late].max(), speed[late].max()
    case.check("rolling over the last three quarters of the run (t ≥ %.3g s): max ||v| − R|ω||"
               % t[late][0], "|v| = R|ω|", "%.3g m/s of a largest speed %.3g m/s" % (slip, top),
               pct(slip / top), "≤ 1 % of the largest speed", slip <= 0.01 * top)
    K = run.series("energy/kinetic")
    case.check("the motion is eventually stopped: kinetic energy at the end", "stops",
               "%.3g J of %.3g J" % (K[-1], K[0]), "%.1e of it" % (K[-1] / K[0]),
               "≤ 1 % of the initial", K[-1] <= 0.01 * K[0])
    scale_E = np.abs(K).max() + np.abs(run.series("energy/potential")).max()
    bal = abs(last(run, "energy/balance_error"))
    case.check("energy books balance (the run's own proof)", "—", "%.3g J of %.3g J" % (
        bal, scale_E), "", "≤ 1e-4 of the energy", bal <= 1e-4 * scale_E)
    case.info("contacts opened", "—", "%d, the last at %.3g s" % (nev, ev["t_on"][-1] if nev
                                                                   else float("nan")))
    case.setup = ("a planar analogue of 002's sphere in a cylinder with every parameter "
                  "assumed (models/sphere_in_cylinder.json; 002 prints no numbers, its "
                  "example's parameters are in a reference not at hand). The comparison shows "
                  "that its observations — rolling without slip, the motion eventually stopped "
                  "by the rolling resistance — hold for these parameters; it cannot test 002's "
                  "magnitudes or time scales")
    return case


# ================================================================ 003 Li et al. 2018
