#!/usr/bin/python3
r"""slider_crank_peer — an independent SciPy implementation of models/slider_crank_clearance.json,
to measure clearsim against (tools/bench/bench-peer) and to check it by (tests/integration/test_peer.sh).

It shares no code with clearsim: two unknowns instead of clearsim's nine body coordinates and
their multipliers, an explicit ODE instead of a DAE, SciPy's integrators instead of IDAS.

The mechanism (numbers from the model file's description)
--------------------------------------------------------
crank   length L1 = 0.05 m, turning about the ground pivot O at the constant rate ω from θ = 0:
        θ(t) = ω t. Its mass and inertia never enter: the driver supplies whatever torque the
        prescribed motion needs.
rod     length L2 = 0.12 m, m2 = 0.21 kg, J2 = 2.5e-4 kg m² about its centre G at mid-length
        (a = L2/2 from either end); ideal pin to the crank at A, its far end is the journal J.
slider  m3 = 0.14 kg on a frictionless horizontal guide through O (y = 0, no rotation); it
        carries the bearing, centred at its reference point S = (s, 0).
journal in bearing: R_J = 9.5 mm in R_B = 10 mm, radial clearance c = R_B − R_J = 0.5 mm.
gravity g = 9.81 m/s² along −y.

Coordinates. With θ prescribed, the ideal mechanism has no freedom left; the clearance joint
removes the two rows of the rod–slider pin and so gives two: the rod angle φ (from the x axis)
and the slider position s. State y = (φ, s, φ', s').

Kinematics, u = (cos φ, sin φ), u⊥ = (−sin φ, cos φ), w = (cos θ, sin θ):
    A  = L1 w,          A' = L1 ω w⊥,          A'' = −L1 ω² w            (ω' = 0)
    G  = A + a u,       G' = A' + a φ' u⊥
    J  = A + L2 u,      J' = A' + L2 φ' u⊥
    S  = (s, 0),        S' = (s', 0)
    e  = J − S (eccentricity),  ε = |e|,  n = e/ε
    δ  = ε − c (penetration, contact when δ > 0),   δ' = n · (J' − S')

Contact (Lankarani–Nikravesh, frictionless). Two steel cylinders in internal contact,
E = 207 GPa, ν = 0.3:  E* = E / (2(1 − ν²)),  R* = R_B R_J / (R_B − R_J),
    K = (4/3) E* √R*  (= 6.6102e10 N/m^1.5),
    F_n = K δ^1.5 (1 + 3(1 − c_r²)/4 · δ'/δ'(−)),   c_r = 0.9,
δ'(−) being δ' at the onset of the current contact, held until separation; F_n is clipped at
0 (late in a contact the damping term can pull). The force on the journal is −F_n n, on the
bearing +F_n n. Both act along the line of centres, so about each body's own circle centre
they have no moment: −F_n n acts at J on the rod and +F_n n at S on the slider.

Equations of motion (Lagrange). Kinetic energy of what moves with the unknowns:
    T = ½ m2 |G'|² + ½ J2 φ'² + ½ m3 s'²
      = ½ m2 |A'|² + m2 a φ' (u⊥·A') + ½ (m2 a² + J2) φ'² + ½ m3 s'².
Potential m2 g G_y; generalized forces of the contact force by virtual work,
δW = (−F_n n)·δJ + (F_n n)·δS with δJ = L2 u⊥ δφ and δS = (δs, 0):
    Q_φ = −F_n L2 (n·u⊥),   Q_s = F_n n_x.
For φ: ∂T/∂φ' = m2 a (u⊥·A') + J_A φ' with J_A = J2 + m2 a²; its time derivative is
m2 a (−φ' u·A' + u⊥·A'') + J_A φ''; ∂T/∂φ = m2 a φ' (−u·A') (since ∂u⊥/∂φ = −u). The two
φ'(u·A') terms cancel, u⊥·A'' = −L1 ω² sin(θ − φ), ∂(m2 g G_y)/∂φ = m2 g a cos φ:
    J_A φ'' = m2 a L1 ω² sin(θ − φ) − m2 g a cos φ − F_n L2 (n·u⊥)
    m3 s''  = F_n n_x
(the rod is a pendulum on the moving pivot A, the slider a free mass on its guide; they talk
only through the contact force).

Initial state: θ = 0 with the ideal mechanism's velocities, the journal centred: φ = 0,
s = L1 + L2, φ' = −L1 ω / L2 (so J' = A' + L2 φ' u⊥ = 0), s' = 0. This is the model file's
start (rod ω = −218.166 rad/s at 5000 r/min).

Integration: scipy.integrate.solve_ivp, one call per phase (free flight, contact), each ended
by a terminal event and the next started from the event's state:
  free flight  event δ = 0 rising (written as ε² − c², smooth everywhere): onset; δ'(−) = δ'
               there.
  contact      event δ = −η falling, η = 1e-12 m: separation. The hysteresis keeps the onset
               event of the next flight phase armed: its root is found only to round-off, and a
               restart at δ = +1e-18 would never see δ rise through 0 again. The force is 0 for
               δ ≤ 0, so η changes no force, only when the phase label flips (picoseconds).
Peak force of each contact: the largest F_n at the accepted steps, refined by a bounded scalar
maximisation on a dense interpolant over the two steps around it (see _peak).

Usage:  slider_crank_peer.py RPM T_END METHOD RTOL ATOL      (prints one row per contact)
Library: simulate(rpm, t_end, method, rtol, atol) -> Result (contacts, counters, seconds).
"""
import math
import sys
import time

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar

# ---------------------------------------------------------------- the model's numbers
L1, L2 = 0.05, 0.12
M2, J2, M3 = 0.21, 2.5e-4, 0.14
G = 9.81
R_BEARING, R_JOURNAL = 0.0100, 0.0095
E_MOD, NU = 2.07e11, 0.3
CR = 0.9

A_ROD = 0.5 * L2
J_A = J2 + M2 * A_ROD ** 2
CLEARANCE = R_BEARING - R_JOURNAL
E_STAR = E_MOD / (2.0 * (1.0 - NU * NU))
R_STAR = R_BEARING * R_JOURNAL / (R_BEARING - R_JOURNAL)
K_LN = 4.0 / 3.0 * E_STAR * math.sqrt(R_STAR)
CHI = 0.75 * (1.0 - CR * CR)
ETA = 1e-12  # separation hysteresis, m (see the module docstring)


def omega_of(rpm):
    return rpm * math.pi / 30.0


def start(omega):
    """(φ, s, φ', s') at t = 0: the ideal mechanism at θ = 0, journal centred."""
    return np.array([0.0, L1 + L2, -L1 * omega / L2, 0.0])


def kinematics(omega, t, y):
    """(δ, δ', n_x, n_y, ε) of the journal in the bearing."""
    phi, s, dphi, ds = y[0], y[1], y[2], y[3]
    th = omega * t
    cth, sth = math.cos(th), math.sin(th)
    cph, sph = math.cos(phi), math.sin(phi)
    ex = L1 * cth + L2 * cph - s
    ey = L1 * sth + L2 * sph
    eps = math.sqrt(ex * ex + ey * ey)
    nx, ny = (ex / eps, ey / eps) if eps > 0.0 else (1.0, 0.0)
    vx = -L1 * omega * sth - L2 * dphi * sph - ds
    vy = L1 * omega * cth + L2 * dphi * cph
    return eps - CLEARANCE, nx * vx + ny * vy, nx, ny, eps


def normal_force(omega, t, y, vminus):
    """F_n (clipped at 0) with δ'(−) = vminus."""
    d, dd, _, _, _ = kinematics(omega, t, y)
    if d <= 0.0:
        return 0.0
    return max(0.0, K_LN * d * math.sqrt(d) * (1.0 + CHI * dd / vminus))


class _Phase:
    """The right-hand side of one phase; counts its calls. vminus None: free flight."""

    def __init__(self, omega, vminus):
        self.omega, self.calls, self.clips = omega, 0, 0
        self.damp = CHI / vminus if vminus is not None else None
        self.pend = M2 * A_ROD * L1 * omega * omega / J_A
        self.grav = M2 * G * A_ROD / J_A

    def __call__(self, t, y):
        self.calls += 1
        w = self.omega
        phi, s, dphi, ds = y[0], y[1], y[2], y[3]
        th = w * t
        cth, sth = math.cos(th), math.sin(th)
        cph, sph = math.cos(phi), math.sin(phi)
        ddphi = self.pend * (sth * cph - cth * sph) - self.grav * cph
        dds = 0.0
        if self.damp is not None:
            ex = L1 * cth + L2 * cph - s
            ey = L1 * sth + L2 * sph
            eps = math.sqrt(ex * ex + ey * ey)
            d = eps - CLEARANCE
            if d > 0.0:
                nx, ny = ex / eps, ey / eps
                rate = (nx * (-L1 * w * sth - L2 * dphi * sph - ds)
                        + ny * (L1 * w * cth + L2 * dphi * cph))
                fn = K_LN * d * math.sqrt(d) * (1.0 + self.damp * rate)
                if fn < 0.0:
                    fn = 0.0
                    self.clips += 1
                # Q_φ = −F_n L2 (n·u⊥), Q_s = F_n n_x
                ddphi -= fn * L2 * (cph * ny - sph * nx) / J_A
                dds = fn * nx / M3
        return [dphi, ds, ddphi, dds]


def _onset_event(omega):
    def onset(t, y):  # ε² − c²: zero exactly where δ = 0, smooth through e = 0
        th = omega * t
        ex = L1 * math.cos(th) + L2 * math.cos(y[0]) - y[1]
        ey = L1 * math.sin(th) + L2 * math.sin(y[0])
        return ex * ex + ey * ey - CLEARANCE * CLEARANCE
    onset.terminal, onset.direction = True, 1.0
    return onset


def _separation_event(omega):
    r = CLEARANCE - ETA

    def separation(t, y):
        th = omega * t
        ex = L1 * math.cos(th) + L2 * math.cos(y[0]) - y[1]
        ey = L1 * math.sin(th) + L2 * math.sin(y[0])
        return ex * ex + ey * ey - r * r
    separation.terminal, separation.direction = True, -1.0
    return separation


class Contact:
    __slots__ = ("t_on", "v_minus", "t_off", "v_plus", "f_max", "t_f_max", "delta_max")

    def __init__(self, t_on, v_minus):
        self.t_on, self.v_minus = t_on, v_minus
        self.t_off = self.v_plus = math.nan
        self.f_max = self.t_f_max = self.delta_max = math.nan

    def row(self):
        return (self.t_on, self.v_minus, self.t_off, self.v_plus, self.f_max, self.t_f_max,
                self.delta_max)


class Result:
    """contacts: [Contact]; steps (accepted); rhs: right-hand side calls, all of them (stages,
    finite-difference Jacobian columns); rhs_refine: those of the peak refinement; jac, lu
    (LSODA, BDF, Radau); clips: calls where F_n was clipped at 0; seconds: the wall time of
    simulate() (perf_counter), peak refinement included."""


def _forces(omega, ts, ys, vminus):
    """F_n at the accepted steps (numpy over the phase's steps)."""
    th = omega * ts
    ex = L1 * np.cos(th) + L2 * np.cos(ys[0]) - ys[1]
    ey = L1 * np.sin(th) + L2 * np.sin(ys[0])
    eps = np.hypot(ex, ey)
    d = np.maximum(eps - CLEARANCE, 0.0)
    rate = (ex * (-L1 * omega * np.sin(th) - L2 * ys[2] * np.sin(ys[0]) - ys[3])
            + ey * (L1 * omega * np.cos(th) + L2 * ys[2] * np.cos(ys[0]))) / eps
    return np.maximum(K_LN * d * np.sqrt(d) * (1.0 + CHI * rate / vminus), 0.0), d


def _peak(omega, sol, vminus, method, rtol, atol, res):
    """Largest F_n (and δ) of a contact phase: the best accepted step k, refined on a dense
    interpolant over [t_k−1, t_k+1]. That interpolant comes from integrating those two steps
    again from the stored state at t_k−1 with the same method and tolerances (the phase itself
    runs without dense output, which would cost every step; this costs a few per contact)."""
    ts, ys = sol.t, sol.y
    fs, ds = _forces(omega, ts, ys, vminus)
    k = int(np.argmax(fs))
    f_best, t_best, d_best = float(fs[k]), float(ts[k]), float(np.max(ds))
    lo, hi = max(k - 1, 0), min(k + 1, len(ts) - 1)
    if hi > lo:
        phase = _Phase(omega, vminus)
        local = solve_ivp(phase, (ts[lo], ts[hi]), ys[:, lo], method=method, rtol=rtol,
                          atol=atol, dense_output=True)
        res.rhs_refine += phase.calls
        if local.status == 0:
            o = minimize_scalar(lambda t: -normal_force(omega, t, local.sol(t), vminus),
                                bounds=(ts[lo], ts[hi]), method="bounded",
                                options={"xatol": 1e-15 * max(1.0, ts[hi])})
            if -o.fun > f_best:
                f_best, t_best = float(-o.fun), float(o.x)
    return f_best, t_best, d_best


def _first_contact_step(vminus):
    """A first step for a contact phase: a thousandth of the time the journal takes to cover
    the undamped Hertz peak penetration (5 m v²/(4K))^(2/5) at the impact speed (m: the
    slider's mass, the smaller one). SciPy's own guess for the explicit Runge–Kutta methods
    extrapolates the free-flight acceleration it sees at δ = 0, steps metres deep into the
    bearing and overflows (DOP853 at 5000 r/min). Used for every method alike."""
    v = max(abs(vminus), 1e-6)
    return 1e-3 * (1.25 * M3 * v * v / K_LN) ** 0.4 / v


def simulate(rpm, t_end, method="LSODA", rtol=1e-10, atol=1e-13, max_contacts=None):
    """Integrate from t = 0 to t_end (or until max_contacts contacts have closed). Returns a
    Result; Result.seconds is the time spent in this function (perf_counter)."""
    t_start = time.perf_counter()
    omega = omega_of(rpm)
    onset, separation = _onset_event(omega), _separation_event(omega)
    res = Result()
    res.rpm, res.t_end, res.method, res.rtol, res.atol = rpm, t_end, method, rtol, atol
    res.contacts, res.steps, res.rhs, res.jac, res.lu, res.clips = [], 0, 0, 0, 0, 0
    res.rhs_refine = 0
    t, y, current = 0.0, start(omega), None
    while t < t_end:
        phase = _Phase(omega, current.v_minus if current else None)
        first = _first_contact_step(current.v_minus) if current else None
        sol = solve_ivp(phase, (t, t_end), y, method=method, rtol=rtol, atol=atol,
                        events=separation if current else onset, first_step=first)
        if sol.status < 0:
            raise RuntimeError("%s failed at t = %.9g: %s" % (method, t, sol.message))
        res.steps += len(sol.t) - 1
        res.rhs += phase.calls
        res.clips += phase.clips
        res.jac += sol.njev
        res.lu += sol.nlu
        if current:
            current.f_max, current.t_f_max, current.delta_max = _peak(
                omega, sol, current.v_minus, method, rtol, atol, res)
        if sol.status == 0:  # t_end reached
            t = t_end
            break
        t, y = float(sol.t_events[0][0]), np.array(sol.y_events[0][0])
        _, rate, _, _, _ = kinematics(omega, t, y)
        if current is None:
            current = Contact(t, rate)
            res.contacts.append(current)
        else:
            current.t_off, current.v_plus = t, rate
            current = None
            if max_contacts and len(res.contacts) >= max_contacts:
                break
    res.t_final = t
    res.seconds = time.perf_counter() - t_start
    return res


def main(argv):
    if len(argv) != 6:
        sys.stderr.write("usage: %s RPM T_END METHOD RTOL ATOL\n" % argv[0])
        return 1
    r = simulate(float(argv[1]), float(argv[2]), argv[3], float(argv[4]), float(argv[5]))
    print("# %s rtol %g atol %g: %d contacts, %d steps, %d rhs, %d clipped, %.4f s in simulate()"
          % (r.method, r.rtol, r.atol, len(r.contacts), r.steps, r.rhs, r.clips, r.seconds))
    print("k,t_on,v_minus,t_off,v_plus,f_max,t_f_max,delta_max")
    for k, c in enumerate(r.contacts):
        print("%d,%s" % (k, ",".join("%.16e" % v for v in c.row())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
