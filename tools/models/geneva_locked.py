#!/usr/bin/python3
"""Writes models/geneva_4slot_locked.json: models/geneva_4slot.json with the locking arcs.

The crank carries a locking disc of radius RL_DISC about its pivot, cut out over +-45 deg
about the pin (a 90 deg sector removed: an arc of 270 deg and two radii to the centre). Each
of the wheel's four concave locking arcs (radius RL_DISC + C_LOCK about the crank's pivot as
it stands during the dwell) ends in two tips rounded to R_TIP, tangent to the rim and to the
locking arc. The wheel turns about a fixed pivot, so a locking arc touches the disc at its
ends only (tests/integration/test_geneva.c derives it): the lock is eight `profile` joints,
each tip's rounding a follower circle on the wheel against the crank's disc profile.

Run: /usr/bin/python3 tools/models/geneva_locked.py > models/geneva_4slot_locked.json
"""
import json
import math

A = 0.05               # crank radius to the pin's centre, m
CD = A * math.sqrt(2)  # centre distance (four slots)
RP = 0.005             # pin radius
W = RP + 50e-6         # slot half-width: 50 um of clearance
RW = 0.05              # wheel's rim radius
RB = 0.015             # slot bottoms' centres
RL_DISC = 0.032        # locking disc radius
C_LOCK = 50e-6         # radial clearance between disc and locking arc
R_TIP = 0.001          # the locking arcs' tips' rounding
CUT = math.pi / 4      # the disc's cut-out: +-45 deg about the pin


def tips():
    """The tip centres' distance x along the locking arc's axis and h off it (wheel frame)."""
    d1, d2 = RL_DISC + C_LOCK + R_TIP, RW - R_TIP
    x = (CD * CD + d2 * d2 - d1 * d1) / (2 * CD)
    return x, math.sqrt(d2 * d2 - x * x)


def pt(r, ang):
    return [r * math.cos(ang), r * math.sin(ang)]


def arc(to, centre, turn):
    return {"arc_to": to, "centre": centre, "turn": turn}


def outline():
    """The wheel's outline, ccw, solid inside: per slot its walls and bottom, then the rim to
    the next locking arc's first tip, the tip, the locking arc, the second tip, the rim."""
    s = math.sqrt(RW * RW - W * W)
    x, h = tips()
    RL = RL_DISC + C_LOCK
    path = []
    for k in range(4):
        th = k * math.pi / 2
        u, n = (math.cos(th), math.sin(th)), (-math.sin(th), math.cos(th))
        at = lambda a, b: [a * u[0] + b * n[0], a * u[1] + b * n[1]]
        if k == 0:
            path.append(at(s, -W))
        path += [at(RB, -W), arc(at(RB, W), at(RB, 0), "cw"), at(s, W)]
        ph = th + math.pi / 4
        P = pt(CD, ph)
        v, m = (math.cos(ph), math.sin(ph)), (-math.sin(ph), math.cos(ph))
        T = [[x * v[0] + sg * h * m[0], x * v[1] + sg * h * m[1]] for sg in (-1, 1)]
        Tr = [math.hypot(*t) for t in T]
        A_ = [[RW * t[0] / r, RW * t[1] / r] for t, r in zip(T, Tr)]  # on the rim
        B = []
        for t in T:  # on the locking arc
            dx, dy = t[0] - P[0], t[1] - P[1]
            q = math.hypot(dx, dy)
            B.append([P[0] + RL * dx / q, P[1] + RL * dy / q])
        path += [arc(A_[0], [0, 0], "ccw"), arc(B[0], T[0], "ccw"), arc(B[1], P, "cw"),
                 arc(A_[1], T[1], "ccw")]
        nxt = (k + 1) * math.pi / 2
        un, nn = (math.cos(nxt), math.sin(nxt)), (-math.sin(nxt), math.cos(nxt))
        path.append(arc([s * un[0] - W * nn[0], s * un[1] - W * nn[1]], [0, 0], "ccw"))
    return path


def tip_points():
    x, h = tips()
    out = []
    for k in range(4):
        ph = k * math.pi / 2 + math.pi / 4
        v, m = (math.cos(ph), math.sin(ph)), (-math.sin(ph), math.cos(ph))
        for sg, name in ((-1, "a"), (1, "b")):
            out.append(("lock%d%s" % (k, name), [x * v[0] + sg * h * m[0], x * v[1] + sg * h * m[1]]))
    return out


def main():
    steel = [{"E": 2.07e11, "nu": 0.3}, {"E": 2.07e11, "nu": 0.3}]
    law = {"elastic": {"model": "lankarani_nikravesh"},
           "damping": {"model": "lankarani_nikravesh"},
           "restitution": {"model": "constant", "cr": 0.9}}
    disc = [pt(RL_DISC, CUT), arc(pt(RL_DISC, -CUT), [0, 0], "ccw"), [0, 0]]
    x, h = tips()
    arm = CD * h / (RL_DISC + C_LOCK + R_TIP)
    model = {
        "name": "geneva_4slot_locked",
        "description": (
            "models/geneva_4slot.json with its locking arcs, over one turn of the crank (from "
            "-60 deg to 300 deg): the crank carries a locking disc (radius 32 mm about its pivot, "
            "cut out over +-45 deg about the pin); the wheel's four concave locking arcs (radius "
            "32.05 mm: 50 um of radial clearance) end in tips rounded to 1 mm. The wheel turns "
            "about a fixed pivot, so a locking arc touches the disc at its two tips only: the "
            "lock is eight profile joints lock<k><a|b>, each tip's rounding a follower circle on "
            "the wheel against the crank's disc profile (two contact points per locking arc). "
            "While both tips of the facing arc are over the disc (crank angle 83 to 277 deg) "
            "the wheel can turn at most c (RL + r_tip)/(C h) = %.4g rad from its dwell angle, "
            "h = %.5g m the tips' distance from the line of centres "
            "(tests/integration/test_geneva.c); engaged it follows the ideal Geneva law as "
            "models/geneva_4slot.json does. Written by tools/models/geneva_locked.py." % (
                C_LOCK / arm, h)),
        "gravity": [0, 0],
        "bodies": [
            {"name": "ground", "ground": True},
            {"name": "crank", "mass": 0.5, "inertia": 5e-4, "position": [0, 0, -math.pi / 3],
             "velocity": [0, 0, 2 * math.pi]},
            {"name": "wheel", "mass": 0.2, "inertia": 5e-5, "position": [CD, 0, math.pi / 4],
             "velocity": [0, 0, 0]}],
        "joints": [
            {"name": "crank_pivot", "type": "revolute", "body1": "ground", "body2": "crank"},
            {"name": "wheel_pivot", "type": "revolute", "body1": "ground", "body2": "wheel",
             "point1": [CD, 0]}],
        "drivers": [{"name": "motor", "type": "angle", "body": "crank",
                     "motion": {"initial": -math.pi / 3, "velocity": 2 * math.pi}}],
        "clearance_joints": [
            {"name": "pin", "type": "profile", "body1": "wheel", "body2": "crank",
             "point2": [A, 0], "pin_radius": RP, "length": 0.01,
             "profile": {"path": outline(), "closed": True, "solid": "left"},
             "materials": steel, "contact": law}] + [
            {"name": name, "type": "profile", "body1": "crank", "body2": "wheel",
             "point2": p, "pin_radius": R_TIP, "length": 0.01,
             "profile": {"path": disc, "closed": True, "solid": "left"},
             "materials": steel, "contact": law} for name, p in tip_points()],
        "solver": {"t_end": 1.0, "rtol": 1e-8, "atol": 1e-12},
        "output": {"interval": 1e-3}}
    print(json.dumps(model, indent=1))


if __name__ == "__main__":
    main()
