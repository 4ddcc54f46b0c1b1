#!/usr/bin/python3
"""Writes models/geneva_4slot_locked.json: models/geneva_4slot.json with the locking arcs.

The crank carries a locking disc of radius RL_DISC about its pivot O. Each of the wheel's four
concave locking arcs (radius RL_DISC + C_LOCK about O as it stands during the dwell) ends in two
tips rounded to R_TIP, tangent to the rim and to the locking arc, their centres T on the rays
at +-tau from the line of centres, sin tau = h/(RL + r_t) (tau = 37.84 deg). The wheel turns
about a fixed pivot W, so a locking arc touches the disc at its ends only
(tests/integration/test_geneva.c): eight `profile` joints, each tip's rounding a follower on
the wheel against the crank's disc profile.

The relief (issue 29). Both tips stay over the disc for the whole dwell (crank angle 45 to 315
deg) only if the relief's mouth at the rim is within +-(45 deg - tau) = +-7.16 deg of the pin.
It cannot be: while engaged the wheel's outline sweeps through the disc's radius at up to
37.6 deg either side of the pin (outline_sweep() below, over the ideal law), and the
arriving tip's path enters the disc's circle at -36.2 deg and ends on the rim at -7.16 deg, so
any rim between would be an island cut off from the hub by the tip's own path. No single
plate does it, for any disc radius down to the wheel's closest approach (22 mm: the arriving
tip still enters at -31 deg, beyond 45 - tau = 29 deg). So the relief is the narrowest that
clears the sweep, a sector of +-CUT = 38.2 deg (0.58 deg of margin), its two corners rounded
to R_EDGE; and what holds the wheel ccw (after the pin leaves) or cw (before it enters) while
the tip is over the relief is the relief's trailing (leading) corner, which is then over the
newly facing locking arc: two more `profile` joints, edge_lead and edge_trail, each corner's
rounding a follower on the crank against the wheel's outline. A stop at the ray at angle theta
from the line of centres has the lever C sin(theta) (a turn by D moves the arc's point there in
by D C sin theta), so the wheel is held within c / (C sin min(tau, theta_e)) of its dwell angle
at every crank angle of the dwell, theta_e = |phi| - CUT - delta the corner's ray (delta =
asin(R_EDGE/(RL_DISC - R_EDGE))): 6.89 mrad at 45 deg, the tips' 1.153 mrad from phi = tau +
CUT + delta = 76.95 deg (was 83 deg with the 45 deg cut-out, one tip alone over 45 to 83).

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
CUT = math.radians(38.2)  # the relief: +-38.2 deg about the pin (the sweep needs 37.62)
R_EDGE = 0.0005        # the relief's corners' rounding


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


TAU = math.asin(tips()[1] / (RL_DISC + C_LOCK + R_TIP))  # the tips' rays from the line of centres
DELTA = math.asin(R_EDGE / (RL_DISC - R_EDGE))  # a fillet's centre beyond its edge, seen from O


def disc_path():
    """The locking disc, ccw, solid inside: from the +CUT edge's fillet round the rim to the
    -CUT edge's fillet, in to the centre and back out along the +CUT edge."""
    delta, rc = math.asin(R_EDGE / (RL_DISC - R_EDGE)), RL_DISC - R_EDGE
    foot = rc * math.cos(delta)  # where a fillet meets its edge
    return [pt(foot, CUT), arc(pt(RL_DISC, CUT + delta), pt(rc, CUT + delta), "ccw"),
            arc(pt(RL_DISC, -CUT - delta), [0, 0], "ccw"),
            arc(pt(foot, -CUT), pt(rc, -CUT - delta), "ccw"), [0, 0]]


def edge_points():
    """The fillets' centres (crank frame): leading edge (+CUT side) and trailing edge."""
    delta, rc = math.asin(R_EDGE / (RL_DISC - R_EDGE)), RL_DISC - R_EDGE
    return [("edge_lead", pt(rc, CUT + delta)), ("edge_trail", pt(rc, -CUT - delta))]


def ideal(phi):
    """The wheel's angle engaged (the ideal Geneva law), as the model's initial pose counts it."""
    return math.atan2(A * math.sin(phi), A * math.cos(phi) - CD) - math.pi


def sample(path, step=2e-4):
    """Points along a path of points and arcs."""
    out, cur = [], path[0]
    for it in path[1:] + [path[0]]:
        if isinstance(it, dict):
            c, to = it["centre"], it["arc_to"]
            r = math.hypot(cur[0] - c[0], cur[1] - c[1])
            a0 = math.atan2(cur[1] - c[1], cur[0] - c[0])
            a1 = math.atan2(to[1] - c[1], to[0] - c[0])
            span = (a1 - a0) % (2 * math.pi)
            if it["turn"] == "cw":
                span -= 2 * math.pi
            n = int(abs(span) * r / step) + 2
            out += [[c[0] + r * math.cos(a0 + span * i / n), c[1] + r * math.sin(a0 + span * i / n)]
                    for i in range(n)]
        else:
            n = int(math.hypot(it[0] - cur[0], it[1] - cur[1]) / step) + 2
            out += [[cur[0] + (it[0] - cur[0]) * i / n, cur[1] + (it[1] - cur[1]) * i / n]
                    for i in range(n)]
        cur = it if not isinstance(it, dict) else it["arc_to"]
    return out


def outline_sweep():
    """The widest angle from the pin (crank frame) at which the wheel's outline comes within
    the disc's radius while engaged (|phi| < 45 deg, the wheel on the ideal law), degrees."""
    pts, worst = sample(outline()), 0.0
    for i in range(-450, 451):
        phi = math.radians(i / 10)
        b = ideal(phi)
        for px, py in pts:
            wx = CD + math.cos(b) * px - math.sin(b) * py
            wy = math.sin(b) * px + math.cos(b) * py
            if math.hypot(wx, wy) < RL_DISC + 1e-5:
                off = math.degrees(math.atan2(wy, wx) - phi + math.pi) % 360 - 180
                worst = max(worst, abs(off))
    return worst


def main():
    steel = [{"E": 2.07e11, "nu": 0.3}, {"E": 2.07e11, "nu": 0.3}]
    law = {"elastic": {"model": "lankarani_nikravesh"},
           "damping": {"model": "lankarani_nikravesh"},
           "restitution": {"model": "constant", "cr": 0.9}}
    sweep = outline_sweep()
    assert sweep < math.degrees(CUT) - 0.5, "the relief does not clear the wheel (%g deg)" % sweep
    disc = disc_path()
    x, h = tips()
    arm = CD * h / (RL_DISC + C_LOCK + R_TIP)
    model = {
        "name": "geneva_4slot_locked",
        "description": (
            "models/geneva_4slot.json with its locking arcs, over one turn of the crank (from "
            "-60 deg to 300 deg): the crank carries a locking disc (radius 32 mm about its pivot, "
            "its relief a sector of +-38.2 deg about the pin, the narrowest that clears the "
            "wheel's sweep, its corners rounded to 0.5 mm); the wheel's four concave locking arcs "
            "(radius 32.05 mm: 50 um of radial clearance) end in tips rounded to 1 mm. The wheel "
            "turns about a fixed pivot, so a locking arc touches the disc at its two tips only: "
            "eight profile joints lock<k><a|b>, each tip's rounding a follower circle on the "
            "wheel against the crank's disc profile. While a tip is over the relief (crank angle "
            "45 to %.4g deg and %.4g to 315 deg) the relief's corner over the facing locking arc "
            "holds the wheel that way: two profile joints edge_lead, edge_trail, the corners' "
            "roundings as followers on the crank against the wheel's outline. A stop on the ray "
            "at theta from the line of centres holds the wheel within c/(C sin theta) of its "
            "dwell angle: c (RL + r_tip)/(C h) = %.4g rad for the tips (h = %.5g m their "
            "distance from the line of centres), %.4g rad for the corner at 45 deg "
            "(tests/integration/test_geneva.c, tools/models/geneva_locked.py); engaged it "
            "follows the ideal Geneva law as models/geneva_4slot.json does. Written by "
            "tools/models/geneva_locked.py." % (
                math.degrees(TAU + CUT + DELTA), 360 - math.degrees(TAU + CUT + DELTA),
                C_LOCK / arm, h, C_LOCK / (CD * math.sin(math.pi / 4 - CUT - DELTA)))),
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
             "materials": steel, "contact": law} for name, p in tip_points()] + [
            {"name": name, "type": "profile", "body1": "wheel", "body2": "crank",
             "point2": p, "pin_radius": R_EDGE, "length": 0.01,
             "profile": {"path": outline(), "closed": True, "solid": "left"},
             "materials": steel, "contact": law} for name, p in edge_points()],
        "solver": {"t_end": 1.0, "rtol": 1e-8, "atol": 1e-12},
        "output": {"interval": 1e-3}}
    print(json.dumps(model, indent=1))


if __name__ == "__main__":
    main()
