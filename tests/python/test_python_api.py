"""The Python package as a numpy/pandas user meets it (tools/python/clearsim):

- help() is the manual: every public name, method and property has a docstring, and every public
  function and method says its types (annotations; the package ships py.typed);
- clearsim.open(path) gives the Result a run gives (the same arrays, events, counters);
- Result.to_dataframe() holds every series with its unit, and the units are the HDF5 file's;
- Model.with_values edits a model by JSON pointer through the loader's checks.

Run by ctest with Debian's python3 (numpy, h5py, pandas, pytest) and PYTHONPATH=BUILD/python.
"""
import inspect
import json
import os

import h5py
import numpy as np
import pytest

import clearsim
from clearsim.result import BODY_UNITS, JOINT_UNITS

CLEARANCE = "models/slider_crank_clearance.json"
WEAR = "models/journal_wear.json"


def public_members(cls):
    for name, v in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(v, property):
            yield name, v.fget, False
        elif isinstance(v, (classmethod, staticmethod)):
            yield name, v.__func__, True
        elif inspect.isfunction(v):
            yield name, v, True


def test_every_public_name_is_documented_and_typed():
    undocumented, untyped = [], []
    for name in clearsim.__all__:
        obj = getattr(clearsim, name)
        if not (inspect.getdoc(obj) or "").strip():
            undocumented.append(name)
        if inspect.isclass(obj):
            for m, f, is_call in public_members(obj):
                if not (f.__doc__ or "").strip():
                    undocumented.append(f"{name}.{m}")
                if inspect.signature(f).return_annotation is inspect.Signature.empty:
                    untyped.append(f"{name}.{m}")
        elif inspect.isfunction(obj):
            if inspect.signature(obj).return_annotation is inspect.Signature.empty:
                untyped.append(name)
    assert not undocumented, f"public names without a docstring: {undocumented}"
    assert not untyped, f"public functions without a return annotation: {untyped}"
    assert os.path.exists(os.path.join(os.path.dirname(clearsim.__file__), "py.typed"))


@pytest.fixture(scope="module")
def clearance_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("api") / "run.h5"
    with clearsim.Model.from_file(CLEARANCE) as m:
        return m.run(output=str(out)), out


def test_open_gives_the_result_the_run_gave(clearance_run):
    r, path = clearance_run
    o = clearsim.open(path)
    assert (o.model_name, o.status, o.formulation, o.bodies, o.constraint_names) == \
        (r.model_name, r.status, r.formulation, r.bodies, r.constraint_names)
    for k in ("time", "positions", "velocities", "accelerations", "lambdas"):
        assert np.array_equal(getattr(o, k), getattr(r, k)), k
    for k in r.energy:
        assert np.array_equal(o.energy[k], r.energy[k]), k
    for j in r.joints:
        for k in r.joints[j]:
            assert np.array_equal(o.joint(j)[k], r.joint(j)[k]), (j, k)
    for d in r.drivers:
        assert np.array_equal(o.reaction(d), r.reaction(d))
    assert len(o.events) == len(r.events) > 0
    assert o.events.dtype.names == r.events.dtype.names
    for f in o.events.dtype.names:
        a, b = o.events[f], r.events[f]
        assert (np.array_equal(a, b, equal_nan=True) if a.dtype.kind == "f"
                else list(a) == list(b)), f
    for k in ("steps", "residual_evals", "root_events", "outputs"):
        assert o.stats[k] == r.stats[k], k
    assert o.t_final == r.t_final and o.warnings == r.warnings
    assert json.loads(o.model_json) == json.loads(r.model_json)


def test_open_reads_a_worn_joints_profile(tmp_path):
    out = tmp_path / "wear.h5"
    with clearsim.Model.from_file(WEAR) as m:
        r = m.run(output=str(out), t_end=0.05)
    o = clearsim.open(out)
    (j,) = r.joints
    assert "wear_depth" in r.joint(j)
    assert np.array_equal(o.joint(j)["wear_depth"], r.joint(j)["wear_depth"])


def test_open_refuses_what_is_not_a_run_file(tmp_path):
    with pytest.raises(clearsim.FileError, match="README.md: not a readable HDF5 file"):
        clearsim.open("README.md")
    other = tmp_path / "other.h5"
    with h5py.File(other, "w") as f:
        f["x"] = 1.0
    with pytest.raises(clearsim.FileError, match="not a clearsim run file"):
        clearsim.open(other)


def test_units_are_the_files(clearance_run):
    r, path = clearance_run
    with h5py.File(path, "r") as f:
        for kind, units in BODY_UNITS.items():
            assert f["bodies/" + kind].attrs["units"] == ", ".join(units), kind
        for k, unit in JOINT_UNITS.items():
            assert f["joints/C/" + k].attrs["units"].split(" ")[0] == unit, k
        for k in r.energy:
            assert f["energy/" + k].attrs["units"] == "J"


def test_dataframe_holds_every_series_with_its_unit(clearance_run):
    import pandas as pd
    r, _ = clearance_run
    df = r.to_dataframe()
    assert isinstance(df, pd.DataFrame) and df.index.name == "time"
    assert np.array_equal(df.index.to_numpy(), r.time)
    nb, nrow = len(r.bodies), r.lambdas.shape[1]
    want = 9 * nb + nrow + 2 + len(r.energy) + len(r.drivers) + 18 * len(r.joints)
    assert df.shape == (len(r.time), want)
    assert np.array_equal(df["rod.theta"], r.position("rod")[:, 2])
    assert np.array_equal(df["slider.vx"], r.velocity("slider")[:, 0])
    assert np.array_equal(df["C.eccentricity.y"], r.joint("C")["eccentricity"][:, 1])
    assert np.array_equal(df["lambda.A.x"], r.lambdas[:, r.constraint_names.index("A.x")])
    units = df.attrs["units"]
    assert (units["time"], units["rod.theta"], units["slider.vx"], units["C.normal_force"],
            units["energy.kinetic"]) == ("s", "rad", "m/s", "N", "J")
    assert set(units) == set(df.columns) | {"time"} and r.units()["C.penetration"] == "m"


def test_model_repr_says_what_it_is():
    m = clearsim.Model.from_file(CLEARANCE)
    text = repr(m)
    assert text.startswith("<clearsim.Model 'slider_crank_clearance' from " + CLEARANCE), text
    assert "4 bodies" in text and "C (revolute clearance, c = 0.0005 m)" in text, text
    m.close()
    assert repr(m) == f"<clearsim.Model from {CLEARANCE} (closed)>"


def test_with_values_edits_by_json_pointer():
    with clearsim.Model.from_file(CLEARANCE) as m:
        c0 = m.clearance_joints["C"]["clearance"]
        hole = json.loads(m.json)["clearance_joints"][0]["hole_radius"]
        m2 = m.with_values({"/clearance_joints/0/hole_radius": hole + 1e-4,
                            "/solver/t_end": 0.01})
        assert m2.clearance_joints["C"]["clearance"] == pytest.approx(c0 + 1e-4, rel=1e-12)
        assert m2.t_end == 0.01 and m.t_end != 0.01  # the original is untouched
        assert m2.origin == m.origin
        assert m2.run().t_final == pytest.approx(0.01)
        with pytest.raises(clearsim.InputError) as e:
            m.with_values({"/clearance_joints/0/hole_radius": "wide"})
        assert CLEARANCE in str(e.value) and "/clearance_joints/0/hole_radius" in str(e.value)
        with pytest.raises(clearsim.InputError, match="/nothing/here"):
            m.with_values({"/nothing/here": 1})
        with pytest.raises(ValueError, match="not a JSON pointer"):
            m.with_values({"clearance_joints": 1})


def test_sweep_returns_the_table_clearsim_sweep_writes(tmp_path):
    """The same study by clearsim.sweep and by `clearsim sweep`: the same cases in the same
    order, and the same figures (the same runs, so to the last bits but the wall time)."""
    import subprocess
    radii, speeds = [0.0100025, 0.010005], [104.72, 523.6]
    study = {"name": "s", "model": os.path.abspath(CLEARANCE), "mode": "grid", "t_end": 0.012,
             "parameters": [{"path": "/clearance_joints/0/hole_radius", "values": radii},
                            {"path": "/drivers/0/motion/velocity", "values": speeds}]}
    (tmp_path / "s.json").write_text(json.dumps(study))
    cli = os.path.join(os.environ.get("CS_BUILD_DIR", "build"), "tools", "clearsim")
    subprocess.run([cli, "sweep", str(tmp_path / "s.json"), "-o", str(tmp_path / "s.h5"),
                    "--quiet", "--jobs", "1"], check=True)
    df = clearsim.sweep(CLEARANCE, {"/clearance_joints/0/hole_radius": radii,
                                    "/drivers/0/motion/velocity": speeds}, t_end=0.012, jobs=2)
    with h5py.File(tmp_path / "s.h5", "r") as f:
        c = f["cases"]
        assert np.array_equal(c["parameters"][()], df.iloc[:, :2].to_numpy())
        assert [s.decode() if isinstance(s, bytes) else s for s in c["status"][()]] == \
            list(df["status"])
        for col, ds in (("t_final", "t_final"), ("steps", "steps"),
                        ("energy_balance_error", "energy_balance_error"),
                        ("C.max_force", "joints/C/max_force"),
                        ("C.max_penetration", "joints/C/max_penetration"),
                        ("C.contacts", "joints/C/contacts"),
                        ("motor.max_abs_reaction", "drivers/motor/max_abs_reaction"),
                        ("motor.rms_reaction", "drivers/motor/rms_reaction")):
            assert np.allclose(df[col].to_numpy(dtype=float), c[ds][()], rtol=1e-12, atol=0), col
    assert df.attrs["units"]["C.max_force"] == "N" and (df["C.contacts"] > 0).all()
    assert len(set(df["C.max_force"])) == 4  # four different runs


def test_sweep_checks_every_case_before_running():
    with pytest.raises(clearsim.InputError, match="hole_radius"):
        clearsim.sweep(CLEARANCE, {"/clearance_joints/0/hole_radius": [0.0101, -1.0]})
    with pytest.raises(ValueError, match="one length"):
        clearsim.sweep(CLEARANCE, {"/solver/t_end": [0.01, 0.02], "/solver/rtol": [1e-6]},
                       mode="zip")


def test_plausibility_says_what_looks_mistyped():
    with clearsim.Model.from_file(CLEARANCE) as m:
        assert m.plausibility == []
        mm = m.with_values({"/clearance_joints/0/pin_radius": 9.5,
                            "/clearance_joints/0/hole_radius": 9.7})
        found = mm.plausibility
        assert len(found) == 2 and "millimetres" in found[0] and "9.5 m" in found[1]
