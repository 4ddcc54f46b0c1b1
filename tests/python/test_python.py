"""The Python package (tools/python/clearsim) against the library and the CLI.

- Every array a run returns in memory equals, bit for bit, the dataset the CLI's HDF5 file
  holds for the same model (and m.run(output=...) writes that file too).
- Errors raise clearsim.Error subclasses with the library's message and JSON path.
- Ctrl-C interrupts a run: KeyboardInterrupt (clearsim.Interrupted) keeping the rows so far;
  a progress callback sees every row and can stop the run.
- Runs release the GIL: two runs in two threads overlap and use more than one core's time.

Run by ctest with Debian's python3 (numpy, h5py, pytest) and PYTHONPATH=BUILD/python.
"""
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import h5py
import numpy as np
import pytest

import clearsim
from clearsim.impact import RESULT

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
CLEARANCE = "models/slider_crank_clearance.json"


def cli_run(model, out, *args):
    subprocess.run([CLI, "run", model, "-o", str(out), "--quiet", *args], check=True)
    return h5py.File(out, "r")


def same(a, b, what):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape, f"{what}: shape {a.shape} != {b.shape}"
    # bit for bit: the same doubles (NaN where the file has NaN)
    assert a.dtype == b.dtype == np.float64, what
    assert np.array_equal(a.view(np.uint64), b.view(np.uint64)), \
        f"{what}: differs at {np.flatnonzero(a.view(np.uint64) != b.view(np.uint64))[:5]}"


def compare_with_file(r, f):
    """Every dataset of the run's file against the in-memory result."""
    checked = set()

    def visit(name, obj):
        if not isinstance(obj, h5py.Dataset) or name in ("model", "bodies/points"):
            return
        parts = name.split("/")
        data = obj[()]
        if parts[-1] == "names" or parts[0] == "events" and parts[1] in ("joint", "region",
                                                                          "corner"):
            got = {"bodies/names": r.bodies, "constraints/names": r.constraint_names}.get(
                name, r.events[parts[-1]] if parts[0] == "events" else None)
            assert [x.decode() for x in data] == list(got), name
        elif name == "time":
            same(r.time, data, name)
        elif name == "rows":  # the commit point: every series' length once closed
            assert int(data) == len(r.time), name
        elif parts[0] == "bodies":
            same({"position": r.positions, "velocity": r.velocities,
                  "acceleration": r.accelerations}[parts[1]], data, name)
        elif name == "constraints/lambda":
            same(r.lambdas, data, name)
        elif parts[0] == "constraints":
            same(r.drift[parts[1].split("_")[0]], data, name)
        elif parts[0] == "energy":
            same(r.energy[parts[1]], data, name)
        elif parts[0] == "joints" and parts[2] == "corners":
            same(r.corners[parts[1]][parts[3]], data, name)
        elif parts[0] in ("joints", "drivers"):
            same(r.joint(parts[1])[parts[2]], data, name)
        elif parts[0] == "events":
            same(r.events[parts[1]], data, name)
        else:
            raise AssertionError(f"dataset {name} not compared")
        checked.add(name)

    f.visititems(visit)
    for j in r.joints:
        assert f["joints"][j].attrs["corners"].split("; ") == r.corner_names(j), j
        assert ("corners" in f["joints"][j]) == (j in r.corners), j
    assert f.attrs["status"] == r.status
    assert f.attrs["warnings"] == r.warnings
    assert f["events"].attrs["clipped_steps"] == r.clipped_steps
    for k, v in f["solver"].attrs.items():
        # wall_time differs run to run; the linear solver is the file's record, not in cs_stats
        if k not in ("wall_time", "linear_solver", "linear_fallbacks"):
            assert r.stats[k] == v, k
    return checked


@pytest.mark.parametrize("model", [CLEARANCE, "models/ball_socket_hertz.json",
                                   "models/scotch_yoke_goldsmith.json",
                                   "models/four_bar.json", "models/journal_wear.json",
                                   "models/slot_wear.json",
                                   "models/slider_crank_translational.json",
                                   "models/cam_circular_arc.json"])
def test_arrays_equal_the_cli_file_bit_for_bit(model, tmp_path):
    r = clearsim.Model.from_file(model).run()
    assert r.status == "complete"
    with cli_run(model, tmp_path / "cli.h5") as f:
        checked = compare_with_file(r, f)
    assert "time" in checked and "bodies/position" in checked and "energy/balance_error" in checked
    m = clearsim.Model.from_file(model)
    if m.clearance_joints:
        assert any(c.startswith("joints/") for c in checked)
        assert len(r.events) > 0 and "events/t_on" in checked


@pytest.mark.parametrize("model,joint,names", [
    ("models/slider_crank_translational.json", "guide",
     ["front_top", "rear_top", "rear_bottom", "front_bottom"]),
    ("models/cam_circular_arc.json", "face",
     ["wall 0 arc about (0.015, 0) on the follower",
      "wall 0 arc about (-0.0241333, -0.0178208) on the follower",
      "wall 0 arc about (0, 0) on the follower",
      "wall 0 arc about (-0.0241333, 0.0178208) on the follower"])])
def test_every_contact_point_has_its_series(model, joint, names):
    """A joint of several contact points: each one's series, the joint's own the leading
    one's (the largest normal force in contact), each contact event its corner's."""
    r = clearsim.Model.from_file(model).run()
    assert r.corner_names(joint) == names
    c, j = r.corners[joint], r.joint(joint)
    K, n = len(names), len(r.time)
    assert c["contact_point"].shape == (n, K, 2) and c["normal_force"].shape == (n, K)
    on = (j["in_contact"] > 0) & (j["normal_force"] > 0)  # a tie at zero force: the deepest
    assert on.sum() > 10
    lead = np.argmax(c["normal_force"], axis=1)
    rows = np.flatnonzero(on)
    for k in ("penetration", "normal_force", "tangential_force", "region"):
        np.testing.assert_array_equal(c[k][rows, lead[rows]], j[k][rows], err_msg=k)
    np.testing.assert_array_equal(c["contact_point"][rows, lead[rows]], j["contact_point"][rows])
    # a corner in contact has its own force, out of contact none
    assert (c["normal_force"][c["in_contact"] == 0] == 0).all()
    assert (c["normal_force"][c["in_contact"] > 0] >= 0).all()
    touched = {names[i] for i in range(K) if (c["in_contact"][:, i] > 0).any()}
    # an event is named by where its contact began: one passed on at a window's edge (the
    # cam's flank to its nose) goes on as the same event
    assert set(r.events["corner"]) <= touched and len(set(r.events["corner"])) > 1
    for i, name in enumerate(names):
        one = r.corner(joint, name)
        assert (one["normal_force"] == c["normal_force"][:, i]).all()
        assert (r.corner(joint, i)["penetration"] == c["penetration"][:, i]).all()
    with pytest.raises(KeyError, match="has no contact point 'nowhere'"):
        r.corner(joint, "nowhere")
    with pytest.raises(IndexError):
        r.corner(joint, K)
    df = r.to_dataframe()
    assert (df[f"{joint}.{names[1]}.normal_force"].to_numpy() == c["normal_force"][:, 1]).all()


def test_run_writes_the_same_file(tmp_path):
    r = clearsim.Model.from_file(CLEARANCE).run(output=tmp_path / "py.h5")
    with h5py.File(tmp_path / "py.h5", "r") as f:
        compare_with_file(r, f)
        assert f.attrs["model_name"] == "slider_crank_clearance"


def test_api_of_the_issue():
    m = clearsim.Model.from_file(CLEARANCE)
    r = m.run()
    n = len(r.time)
    assert n == round(m.t_end / m.output_interval) + 1
    for get in (r.position, r.velocity, r.acceleration):
        assert get("rod").shape == (n, 3)
    # the rod's x velocity is the time derivative of its x position (central differences)
    x, vx = r.position("rod")[:, 0], r.velocity("rod")[:, 0]
    dt = np.diff(r.time)
    assert np.max(np.abs((x[2:] - x[:-2]) / (dt[1:] + dt[:-1]) - vx[1:-1])) < 2e-2 * np.max(np.abs(vx))
    fn = r.joint("C")["normal_force"]
    assert fn.shape == (n,) and fn.max() > 0 and fn.min() >= 0
    assert set(r.events.dtype.names) == {"joint", "region", "corner", "t_on", "t_off",
                                         "impact_velocity", "max_penetration", "max_force"}
    assert (r.events["corner"] == "pin").all() and r.corner_names("C") == ["pin"]
    ev = r.events
    closed = ~np.isnan(ev["t_off"])  # NaN: a contact still open at the end
    assert (ev["joint"] == "C").all() and (ev["t_on"][closed] < ev["t_off"][closed]).all()
    assert closed[:-1].all() and (np.diff(ev["t_on"]) > 0).all()
    assert abs(r.energy["balance_error"][-1]) < 1e-3 * r.energy["kinetic"].max()
    assert r.status == "complete" and r.stats["steps"] > 0
    assert r.reaction("motor").shape == (n,)
    with pytest.raises(KeyError, match="no body named 'rd'"):
        r.position("rd")


def test_from_dict_and_json_give_the_same_run():
    with open(CLEARANCE) as f:
        text = f.read()
    a = clearsim.Model.from_file(CLEARANCE).run(t_end=0.004)
    b = clearsim.Model.from_dict(json.loads(text)).run(t_end=0.004)
    c = clearsim.Model.from_json(text).run(t_end=0.004)
    for r in (b, c):
        same(r.positions, a.positions, "positions")
        same(r.joint("C")["normal_force"], a.joint("C")["normal_force"], "normal_force")
    assert a.time[-1] == 0.004


def test_tolerances_and_formulation(tmp_path):
    m = clearsim.Model.from_file("models/pendulum.json")
    assert m.tolerances == (1e-8, 1e-10)  # the file's
    r = m.set_tolerances(1e-6, 1e-8).set_formulation("index3").run(t_end=1.0)
    assert m.tolerances == (1e-6, 1e-8) and r.formulation == "index3"
    d = json.loads(m.json)
    d["solver"].update(rtol=1e-6, atol=1e-8, formulation="index3")
    (tmp_path / "p.json").write_text(json.dumps(d))
    with cli_run(str(tmp_path / "p.json"), tmp_path / "p.h5", "--t-end", "1") as f:
        same(r.positions, f["bodies/position"][()], "the same settings in the file")
    with pytest.raises(clearsim.ArgumentError):
        m.set_tolerances(2.0, 1e-8)
    assert m.tolerances == (1e-6, 1e-8)
    # the pendulum's bob has no inertia: "auto" cannot run it explicitly and runs ggl
    assert m.set_formulation("auto").run(t_end=0.1).formulation == "ggl"
    with pytest.raises(ValueError, match="expected one of 'index3', 'ggl', 'projected', 'auto'"):
        m.set_formulation("index2")
    c = clearsim.Model.from_file(CLEARANCE).set_formulation("auto").run(t_end=0.004)
    assert c.formulation == "auto" and c.stats["handovers"] == 0 and c.stats["implicit_steps"] == 0


# ---------------------------------------------------------------- errors ---------------------

def cli_message(path):
    p = subprocess.run([CLI, "check", path], capture_output=True, text=True)
    return p.stderr.strip().removeprefix("clearsim: ")


def test_input_error_carries_message_and_path():
    path = "tests/bad_input/mass_negative.json"
    with pytest.raises(clearsim.InputError) as e:
        clearsim.Model.from_file(path)
    assert str(e.value) == cli_message(path)
    assert e.value.path == "/bodies/2/mass" and e.value.status == "input"
    assert isinstance(e.value, clearsim.Error)


def test_from_dict_error_names_the_dict():
    with pytest.raises(clearsim.InputError) as e:
        clearsim.Model.from_dict({"name": "x", "bodies": [{"name": "g", "ground": True},
                                                          {"name": "b", "mas": 1}]})
    assert e.value.path == "/bodies/1" and str(e.value).startswith("<dict>: /bodies/1: unknown key")


def test_missing_file_is_a_file_error():
    with pytest.raises(clearsim.FileError) as e:
        clearsim.Model.from_file("models/no_such_model.json")
    assert "no_such_model.json" in str(e.value) and isinstance(e.value, OSError)


def test_assembly_error():
    d = {"name": "cannot_close", "bodies": [
        {"name": "g", "ground": True}, {"name": "bar", "mass": 1, "position": [0.5, 0, 0]}],
        "joints": [
            {"name": "A", "type": "revolute", "body1": "g", "body2": "bar", "point2": [-0.5, 0]},
            {"name": "B", "type": "revolute", "body1": "g", "body2": "bar", "point1": [5, 0],
             "point2": [0.5, 0]}]}
    with pytest.raises(clearsim.AssemblyError) as e:
        clearsim.Model.from_dict(d).run()
    assert e.value.status == "assembly" and str(e.value)


def test_solver_error_keeps_the_rows():
    with open(CLEARANCE) as f:
        d = json.load(f)
    d["solver"]["max_steps"] = 5  # the first contact (0.23 ms) needs 9 between two rows
    with pytest.raises(clearsim.SolverError) as e:
        clearsim.Model.from_dict(d).run()
    r = e.value.result
    assert r.status == "failed" and str(e.value) == r.message
    assert 0 < len(r.time) < 1201 and r.time[-1] < 0.024
    assert r.positions.shape == (len(r.time), 4, 3)


def test_impact_matches_the_cli(tmp_path):
    path = "models/impact_ball_socket.json"
    res = clearsim.impact(path)
    subprocess.run([CLI, "impact", path, "-o", str(tmp_path / "i.h5"), "--quiet"], check=True)
    with h5py.File(tmp_path / "i.h5", "r") as f:
        for k in RESULT:
            assert res[k] == f["result"][k][()], k
    assert res.e_eff == pytest.approx(0.91318, abs=1e-5)  # models/README.md
    with open(path) as f:
        d = json.load(f)
    del d["output"]
    assert clearsim.impact(d)["F_max"] == res.F_max
    keys = {k: v for k, v in d.items() if k != "name"}
    assert clearsim.impact(**keys).delta_max == res.delta_max
    d["velocity"] = -1
    with pytest.raises(clearsim.InputError) as e:
        clearsim.impact(d)
    assert e.value.path == "/velocity"


def test_impact_past_the_domain_warns_as_the_cli(tmp_path):
    # Goldsmith on a 1 mm journal at 1 m/s (tests/cli/test_cli_impact.sh): the delta^3 stand-in
    # answers past delta_c = 4.79 um; the result's warnings are the CLI's WARNING line
    d = {"name": "goldsmith_journal",
         "geometry": {"shape": "line", "internal": True, "R1": 0.0095, "R2": 0.01,
                      "length": 0.001},
         "materials": [{"E": 2.07e11, "nu": 0.3}, {"E": 2.07e11, "nu": 0.3}],
         "masses": [1, 0], "velocity": 1.0,
         "contact": {"elastic": {"model": "goldsmith"},
                     "damping": {"model": "lankarani_nikravesh"},
                     "restitution": {"model": "constant", "cr": 0.9}}}
    res = clearsim.impact(d)
    assert res.F_max == pytest.approx(89.7e3, rel=1e-3)
    assert res.warnings.startswith('impact "goldsmith_journal": elastic law "goldsmith" used '
                                   "past its domain at ")
    path = tmp_path / "g.json"
    path.write_text(json.dumps(d))
    out = subprocess.run([CLI, "impact", str(path), "-o", str(tmp_path / "g.h5")],
                         capture_output=True, text=True, check=True).stdout
    assert "WARNING        " + res.warnings + "\n" in out
    d["contact"]["elastic"]["fit_range"] = 4e-6
    fitted = clearsim.impact(d)
    assert fitted.F_max == pytest.approx(31.4e3, rel=1e-3) and fitted.warnings == ""
    assert clearsim.impact("models/impact_ball_socket.json").warnings == ""


def test_laws_are_the_registrys():
    out = subprocess.run([CLI, "laws"], capture_output=True, text=True, check=True).stdout
    laws = clearsim.laws()
    for law in laws:
        assert f"  {law.name} " in out
    hertz = next(x for x in clearsim.laws("elastic") if x.name == "hertz")
    assert "Hertz" in hertz.summary and hertz.source
    cr = next(x for x in clearsim.laws("restitution") if x.name == "constant").param("cr")
    assert (cr.lo, cr.hi, cr.lo_open, cr.hi_open) == (0, 1, True, False)
    assert any(x.ignores_cr for x in clearsim.laws("damping"))
    assert {x.family for x in laws} == {"elastic", "damping", "restitution", "friction"}


# ---------------------------------------------------------------- progress and interruption --

def test_progress_sees_every_row_and_can_stop():
    seen = []
    r = clearsim.Model.from_file(CLEARANCE).run(progress=lambda t, t_end: seen.append(t))
    assert seen == list(r.time) and len(seen) == 1201
    r = clearsim.Model.from_file(CLEARANCE).run(progress=lambda t, t_end: t >= 0.01)
    assert r.status == "interrupted" and r.time[-1] == pytest.approx(0.01, abs=2.1e-5)
    assert len(r.time) == np.count_nonzero(r.time < 0.01) + 1


def test_progress_exception_propagates():
    def boom(t, t_end):
        if t > 0.001:
            raise ValueError("stop here")
    with pytest.raises(ValueError, match="stop here"):
        clearsim.Model.from_file(CLEARANCE).run(progress=boom)


CHILD = textwrap.dedent("""
    import sys, time, clearsim
    m = clearsim.Model.from_file(sys.argv[1])
    started = []
    def progress(t, t_end):
        if not started:
            started.append(time.time())
            print("started", flush=True)
    try:
        m.run(t_end=float(sys.argv[2]), progress=progress)
        print("finished")
    except KeyboardInterrupt as e:
        r = e.result
        print("interrupted", type(e).__name__, len(r.time), r.time[-1], r.status,
              r.positions.shape[0], time.time(), flush=True)
""")


def test_ctrl_c_interrupts_with_partial_results(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    # 1 s of the clearance slider-crank: about 10 s of work, stopped after ~0.5 s
    p = subprocess.Popen([sys.executable, str(script), CLEARANCE, "1.0"],
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "started"
    time.sleep(0.5)
    sent = time.time()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=60)
    words = out.split()
    assert words[:2] == ["interrupted", "Interrupted"], out
    rows, t_last, status, rows2, at = int(words[2]), float(words[3]), words[4], int(words[5]), \
        float(words[6])
    assert 1 < rows == rows2 and 0 < t_last < 1.0 and status == "interrupted"
    assert at - sent < 2.0, f"took {at - sent:.2f} s to stop"


# ---------------------------------------------------------------- threads ------------------

def test_runs_release_the_gil():
    """While a run integrates in another thread, this thread keeps running Python: the largest
    pause between its loop turns is a small part of the run (with the GIL held through the
    foreign call, one pause would last the whole run)."""
    m = clearsim.Model.from_file(CLEARANCE)
    done, span = threading.Event(), []

    def work():
        t0 = time.perf_counter()
        m.run(t_end=0.08)
        span.append(time.perf_counter() - t0)
        done.set()

    worker = threading.Thread(target=work)
    turns, last, gap = 0, time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        gap, last, turns = max(gap, now - last), now, turns + 1
    worker.join()
    print(f"run {span[0]:.3f} s; this thread: {turns} turns, largest pause {gap * 1e3:.1f} ms")
    assert turns > 1000 and gap < 0.3 * span[0]


def test_threads_overlap():
    """Two runs of one model in two threads: their spans overlap and they compute the same
    numbers (the model is read-only to its runs)."""
    m = clearsim.Model.from_file(CLEARANCE)
    spans, results = {}, {}

    def work(k):
        t0 = time.perf_counter()
        results[k] = m.run(t_end=0.05)
        spans[k] = (t0, time.perf_counter())

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = spans[0], spans[1]
    assert a0 < b1 and b0 < a1, "the two runs did not overlap"
    same(results[0].positions, results[1].positions, "two threads, one model")


def idle_cores(span=0.3):
    """Cores idle over the last `span` seconds, from /proc/stat (the load average lags by a
    minute: under a parallel ctest it let this test run beside another and fail); the
    machine's core count when /proc/stat cannot be read."""
    def sample():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return v[3] + (v[4] if len(v) > 4 else 0), sum(v)
    try:
        i0, t0 = sample()
        time.sleep(span)
        i1, t1 = sample()
    except (OSError, ValueError, IndexError):
        return float(os.cpu_count() or 1)
    return (os.cpu_count() or 1) * (i1 - i0) / max(t1 - t0, 1)


def test_threads_use_more_than_one_core():
    """Together two runs use more CPU time than the wall time they took: they integrate at
    the same time. It needs a core to spare; on a machine busy with other work it is skipped,
    and says so (test_runs_release_the_gil proves the GIL free whatever the load)."""
    cores, idle = os.cpu_count() or 1, idle_cores()
    if cores < 2 or idle < 1.6:
        pytest.skip(f"no free core ({idle:.2f} of {cores} cores idle)")
    m = clearsim.Model.from_file(CLEARANCE)
    cpu = {}

    def work(k):
        c0 = time.thread_time()
        m.run(t_end=0.05)
        cpu[k] = time.thread_time() - c0

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    w0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - w0
    print(f"two threads: wall {wall:.3f} s, CPU {cpu[0]:.3f} + {cpu[1]:.3f} s")
    assert (cpu[0] + cpu[1]) / wall > 1.25


# ---------------------------------------------------------------- a law written in Python ----

BALL = {"name": "custom", "bodies": [
    {"name": "g", "ground": True},
    {"name": "ball", "mass": 2, "inertia": 1e-4, "velocity": [0.5, 0, 0]}],
    "clearance_joints": [{
        "name": "S", "type": "spherical", "start": "given", "body1": "g", "body2": "ball",
        "pin_radius": 0.01, "hole_radius": 0.011, "materials": [{"E": 2e11, "nu": 0.3}, {"E": 2e11, "nu": 0.3}],
        "contact": {"elastic": {"model": "my_linear", "k": 1e6},
                    "damping": {"model": "kelvin_voigt", "c": 0}}}],
    "solver": {"t_end": 0.008, "rtol": 1e-10, "atol": 1e-13}, "output": {"interval": 1e-5}}


def linear_registry(force=None):
    return clearsim.Registry().add_elastic(
        "my_linear", params={"k": ("N/m", "stiffness")},
        force=force or (lambda d, p: (p["k"] * d, p["k"])),
        energy=lambda d, p: 0.5 * p["k"] * d * d, summary="F = k delta")


def test_a_contact_law_written_in_python():
    """tests/unit/contact/test_custom_law.c's linear spring, in Python: the contact lasts half a period of
    sqrt(k/m) and the ball leaves at the speed it came; the same run with the built-in
    power_law (K = k, n = 1) agrees to round-off."""
    r = clearsim.Model.from_dict(BALL, registry=linear_registry()).run()
    (ev,) = r.events
    assert ev["t_off"] - ev["t_on"] == pytest.approx(np.pi * np.sqrt(2 / 1e6), rel=1e-9)
    assert ev["impact_velocity"] == pytest.approx(0.5, rel=1e-9)
    assert r.velocity("ball")[-1, 0] == pytest.approx(-0.5, rel=1e-8)
    assert abs(r.energy["balance_error"]).max() < 1e-8 * 0.25  # of the 0.25 J the ball carries
    d = json.loads(json.dumps(BALL))
    d["clearance_joints"][0]["contact"]["elastic"] = {"model": "power_law", "K": 1e6, "n": 1}
    c = clearsim.Model.from_dict(d).run()
    assert np.abs(r.positions - c.positions).max() < 1e-12
    # the catalogue without it does not know the name
    with pytest.raises(clearsim.InputError, match="unknown elastic model \"my_linear\""):
        clearsim.Model.from_dict(BALL)


def test_a_python_law_that_raises():
    def bad(d, p):
        raise ZeroDivisionError("my law broke")
    with pytest.raises(ZeroDivisionError, match="my law broke"):
        clearsim.Model.from_dict(BALL, registry=linear_registry(bad)).run()
    with pytest.raises(clearsim.InputError) as e:
        clearsim.Model.from_dict({**BALL, "clearance_joints": [{
            **BALL["clearance_joints"][0], "contact": {
                "elastic": {"model": "my_linear", "k": -1},
                "damping": {"model": "kelvin_voigt", "c": 0}}}]}, registry=linear_registry())
    assert e.value.path == "/clearance_joints/0/contact/elastic/k"


def test_run_verify(tmp_path):
    """Model.run(verify=True), as `clearsim run --verify`: the clearance slider-crank at GGL
    rtol 1e-3, atol 1e-6 finds 43 contacts where its tighter run finds 26, flagged by its own
    warnings and not converged; as shipped (its file's tolerance, the default formulation)
    26 against 26, converged; the file's /verify holds the same figures."""
    m = clearsim.Model.from_file(CLEARANCE).set_formulation("ggl").set_tolerances(1e-3, 1e-6)
    r = m.run(output=tmp_path / "loose.h5", verify=True)
    v = r.verify
    assert r.status == "complete"
    assert not v["converged"] and v["verdict"].startswith("not converged: 43 contacts against 26")
    assert (v["contacts"], v["contacts_tight"]) == (43, 26) == (len(r.events), 26)
    assert (v["rtol"], v["atol"]) == (1e-5, 1e-8) and v["steps_tight"] > 0
    assert "GGL's contact sequence is likely wrong" in r.warnings
    with h5py.File(tmp_path / "loose.h5", "r") as f:
        assert f["verify"].attrs["verdict"] == v["verdict"]
        assert f["verify"].attrs["contacts_tight"] == 26 and f["verify"].attrs["converged"] == 0
    r = clearsim.Model.from_file(CLEARANCE).run(verify=True)
    assert r.verify["converged"] and r.verify["verdict"] == "converged"
    assert r.verify["contacts"] == r.verify["contacts_tight"] == r.verify["matched"] == 26
    assert r.warnings == ""
    assert clearsim.Model.from_file(CLEARANCE).run(t_end=0.001).verify is None
