"""The Python package's object lifecycle and argument checks: nothing a caller does may crash
the interpreter.

- close(), the context manager and __del__ free the library's model; any use after that raises
  ValueError (it used to hand NULL to the library: a segfault).
- A model closed while another thread runs it stays alive until the run returns (it used to be
  freed under the run: a heap-use-after-free ASan reports).
- run(t_end=...) refuses NaN, ±inf, 0 and negative times, and times beyond a billion output
  intervals (t_end=inf used to run forever, NaN and -1 to use the file's silently); the
  library refuses them too (cs_run: CS_ERR_ARGUMENT).
- Strings with a NUL character raise ValueError instead of being cut short at it.

Run by ctest with Debian's python3 and PYTHONPATH=BUILD/python; under the sanitizer build with
libasan preloaded (tests/CMakeLists.txt).
"""
import math
import threading
from ctypes import byref, c_void_p

import pytest

import clearsim
from clearsim import _lib

MODEL = "models/pendulum.json"
IMPACT = "models/impact_ball_socket.json"

USES = {
    "name": lambda m: m.name,
    "json": lambda m: m.json,
    "bodies": lambda m: m.bodies,
    "joints": lambda m: m.joints,
    "clearance_joints": lambda m: m.clearance_joints,
    "t_end": lambda m: m.t_end,
    "output_interval": lambda m: m.output_interval,
    "tolerances": lambda m: m.tolerances,
    "set_tolerances": lambda m: m.set_tolerances(1e-6, 1e-8),
    "set_formulation": lambda m: m.set_formulation("ggl"),
    "run": lambda m: m.run(t_end=0.01),
    "with": lambda m: m.__enter__(),
}


@pytest.mark.parametrize("use", sorted(USES))
@pytest.mark.parametrize("ending", ["close", "__del__", "with"])
def test_use_after_close_raises(use, ending):
    m = clearsim.Model.from_file(MODEL)
    if ending == "with":
        with m as entered:
            assert entered is m and entered.name == "pendulum"
    else:
        getattr(m, ending)()
    with pytest.raises(ValueError, match="used after close"):
        USES[use](m)
    m.close()  # twice is harmless
    del m      # and so is the collector's __del__ after close()


def test_with_block_runs_and_frees():
    with clearsim.Model.from_file(MODEL) as m:
        r = m.run(t_end=0.05)
    assert r.status == "complete" and math.isclose(r.t_final, 0.05)
    with pytest.raises(ValueError):
        m.run(t_end=0.05)


def test_close_while_another_thread_runs():
    """close() from this thread in the middle of a run in another: the run ends normally with
    every row, and only then is the model freed."""
    m = clearsim.Model.from_file(MODEL)
    started, closed, box = threading.Event(), threading.Event(), {}

    def progress(t, t_end):
        if not started.is_set():
            started.set()
            assert closed.wait(30)
        return False

    def work():
        try:
            box["result"] = m.run(t_end=0.5, progress=progress)
        except BaseException as e:  # noqa: BLE001
            box["error"] = e

    worker = threading.Thread(target=work)
    worker.start()
    assert started.wait(30)
    m.close()
    with pytest.raises(ValueError, match="used after close"):
        m.name  # noqa: B018 (closed for this thread at once)
    closed.set()
    worker.join(60)
    assert not worker.is_alive()
    assert "error" not in box, box.get("error")
    r = box["result"]
    assert r.status == "complete" and math.isclose(r.t_final, 0.5)
    assert len(r.time) == 51  # every 0.01 s row, 0 … 0.5
    assert m._h is None        # freed once the run returned


@pytest.mark.parametrize("t_end", [math.nan, math.inf, -math.inf, -1.0, 0.0, "nan"])
def test_run_refuses_bad_t_end(t_end):
    with clearsim.Model.from_file(MODEL) as m:
        with pytest.raises(ValueError, match=r"t_end"):
            m.run(t_end=t_end)


def test_run_refuses_t_end_beyond_a_billion_rows():
    with clearsim.Model.from_file(MODEL) as m:
        with pytest.raises(clearsim.ArgumentError, match=r"t_end 1e\+300 s"):
            m.run(t_end=1e300)  # finite, but rows without end


@pytest.mark.parametrize("t_end", [math.nan, math.inf, -1.0, 1e-300, 1e8])
def test_library_refuses_bad_t_end(t_end):
    """cs_run itself, as any embedding program calls it: CS_ERR_ARGUMENT, no run."""
    with clearsim.Model.from_file(MODEL) as m:
        opt = _lib.cs_run_options(output_path=b"", t_end=t_end)
        sim, err = c_void_p(), _lib.cs_error()
        st = _lib.lib.cs_run(m._h, byref(opt), byref(sim), byref(err))
        _lib.lib.cs_sim_free(sim)
        assert st == 7, (st, err.message)
        assert b"t_end" in err.message and sim.value is None


NUL_CALLS = {
    "from_file": lambda: clearsim.Model.from_file(MODEL + "\0.bak"),
    "from_json": lambda: clearsim.Model.from_json('{"name": "x"}\0garbage'),
    "origin": lambda: clearsim.Model.from_json("{}", origin="a\0b"),
    "run output": lambda: clearsim.Model.from_file(MODEL).run(t_end=0.01, output="x\0.h5"),
    "impact file": lambda: clearsim.impact(IMPACT + "\0.bak"),
    "impact output": lambda: clearsim.impact(IMPACT, output="y\0.h5"),
    "law name": lambda: clearsim.Registry().add_elastic(
        "lin\0ear", force=lambda d, p: (d, 1.0), energy=lambda d, p: d * d / 2),
}


@pytest.mark.parametrize("call", sorted(NUL_CALLS))
def test_nul_in_a_string_raises(call):
    with pytest.raises(ValueError, match="NUL"):
        NUL_CALLS[call]()


# ---------------------------------------------------------------- a registry's lifetime ----
BALL = {"name": "ball", "bodies": [
    {"name": "g", "ground": True},
    {"name": "ball", "mass": 2, "inertia": 1e-4, "velocity": [0.5, 0, 0]}],
    "clearance_joints": [{
        "name": "S", "type": "spherical", "start": "given", "body1": "g", "body2": "ball",
        "pin_radius": 0.01, "hole_radius": 0.011,
        "materials": [{"E": 2e11, "nu": 0.3}, {"E": 2e11, "nu": 0.3}],
        "contact": {"elastic": {"model": "my_linear", "k": 1e6},
                    "damping": {"model": "kelvin_voigt", "c": 0}}}],
    "solver": {"t_end": 0.008, "rtol": 1e-10, "atol": 1e-13}, "output": {"interval": 1e-4}}


def linear_registry():
    return clearsim.Registry().add_elastic(
        "my_linear", params={"k": ("N/m", "stiffness")},
        force=lambda d, p: (p["k"] * d, p["k"]),
        energy=lambda d, p: 0.5 * p["k"] * d * d, summary="F = k delta")


def test_registry_closed_under_a_model_stays_until_the_model_goes():
    """A registry closed (or __del__ called) while a model loaded with it lives keeps its laws:
    the model still runs its law (it used to be freed under the model); the registry itself
    refuses further use."""
    reg = linear_registry()
    m = clearsim.Model.from_dict(BALL, registry=reg)
    reg.__del__()
    (ev,) = m.run().events
    assert ev["impact_velocity"] == pytest.approx(0.5, rel=1e-9)
    with pytest.raises(ValueError, match="used after close"):
        reg.add_elastic("other", params={}, force=lambda d, p: (d, 1), energy=lambda d, p: d * d / 2)
    with pytest.raises(ValueError, match="used after close"):
        clearsim.Model.from_dict(BALL, registry=reg)
    m.close()
    assert reg._h is None  # freed with its last model


def test_registry_context_manager():
    with linear_registry() as reg:
        with clearsim.Model.from_dict(BALL, registry=reg) as m:
            assert len(m.run().events) == 1
    assert reg._h is None
    with pytest.raises(ValueError, match="used after close"):
        reg.__enter__()
