"""The JSON Schemas of model and impact files (models/schema/, `clearsim schema`).

- The checked-in schemas are what `clearsim schema` prints, and valid draft 2020-12 schemas
  whose every $ref resolves.
- They agree with the loader key by key: for every object of the schema, the loader is asked
  (an unknown key in a valid file) which keys it accepts, and for every "type" which choices;
  every object of the schema is asked.
- Their laws are the registry's (`clearsim laws`): names, parameters, units.
- Every model file of models/ validates (impact files against the impact schema); every file
  of tests/bad_input/ is rejected, but for the faults a schema cannot see (listed, each with
  why), which must then validate.
- The loader accepts a "$schema" key (a string) and nothing else of that name.

Run by ctest with Debian's python3 (python3-jsonschema, python3-pytest), from the source tree.
"""
import copy
import glob
import json
import os
import re
import subprocess

import jsonschema
import pytest

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")
KINDS = ("model", "impact")


def schema_file(kind):
    return os.path.join("models", "schema", f"{kind}.schema.json")


def load_schema(kind):
    with open(schema_file(kind)) as f:
        return json.load(f)


def validator(kind):
    return jsonschema.Draft202012Validator(load_schema(kind))


def check(doc, tmp_path, name="probe.json"):
    """Load doc with `clearsim check`: (exit code, stderr)."""
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    p = subprocess.run([CLI, "check", str(path)], capture_output=True, text=True)
    return p.returncode, p.stderr


def impact_check(doc, tmp_path):
    path = tmp_path / "probe_impact.json"
    path.write_text(json.dumps(doc))
    p = subprocess.run([CLI, "impact", str(path), "-o", str(tmp_path / "probe_impact.h5"),
                        "--quiet"], capture_output=True, text=True)
    return p.returncode, p.stderr


def read(path):
    with open(path) as f:
        return json.load(f)


# ---------------------------------------------------------------- the files ------------------

@pytest.mark.parametrize("kind", KINDS)
def test_checked_in_schema_is_the_generated_one(kind):
    p = subprocess.run([CLI, "schema", kind], capture_output=True, text=True, check=True)
    with open(schema_file(kind)) as f:
        assert f.read() == p.stdout, (
            f"{schema_file(kind)} differs from `clearsim schema {kind}`: regenerate it with "
            f"{CLI} schema {kind} -o {schema_file(kind)}")


def refs(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref":
                yield v
            else:
                yield from refs(v)
    elif isinstance(node, list):
        for v in node:
            yield from refs(v)


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_2020_12(kind):
    s = load_schema(kind)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)
    found = list(refs(s))
    assert found
    for r in found:
        assert r.startswith("#/$defs/") and r[len("#/$defs/"):] in s["$defs"], r


# ---------------------------------------------------------------- keys against the loader ----

def allowed_keys(stderr):
    m = re.search(r'unknown key "zz_probe".*\(expected one of: ([^)]*)\)', stderr)
    assert m, stderr
    return set(m.group(1).split(", "))


def choices(stderr):
    m = re.search(r"expected one of (\"[^,]*\"(?:, \"[^,]*\")*)", stderr)
    assert m, stderr
    return set(re.findall(r'"([^"]*)"', m.group(1)))


def at(doc, pointer):
    for part in pointer.strip("/").split("/"):
        if part:
            doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def slot_from_curved(j):
    """The scotch yoke's curved slot made straight (for the loader's keys of a slot)."""
    j = copy.deepcopy(j)
    j["type"] = "slot"
    del j["mean_radius"], j["half_angle"]
    j["half_length"] = 0.01
    return j


# (schema definition, base file, pointer to an instance, edit of the instance before the
# probe key is added). "" is the document's root.
CLEARANCE = "models/slider_crank_clearance.json"
YOKE = "models/scotch_yoke_goldsmith.json"
BALL = "models/ball_socket_hertz.json"
TRANS = "models/slider_crank_translational.json"
COMPLETE = "tests/bad_input/ok_complete.json"
PROFILE = "models/profile_slot.json"
GEAR = "models/gear_rattle.json"
SPLINE = "models/cam_spline_roller.json"
MODEL_PROBES = [
    ("", COMPLETE, "", None),
    ("ground_body", COMPLETE, "/bodies/0", None),
    ("moving_body", COMPLETE, "/bodies/1", None),
    ("revolute_joint", COMPLETE, "/joints/0", None),
    ("prismatic_joint", COMPLETE, "/joints/3", None),
    ("fixed_joint", COMPLETE, "/joints/4", None),
    ("angle_driver", COMPLETE, "/drivers/0", None),
    ("translation_driver", COMPLETE, "/drivers/3", None),
    ("motion", COMPLETE, "/drivers/3/motion", None),
    ("angle_motion", COMPLETE, "/drivers/0/motion", None),
    ("spring", COMPLETE, "/forces/0", None),
    ("torsion_spring", COMPLETE, "/forces/1", None),
    ("point_force", COMPLETE, "/forces/2", None),
    ("torque", COMPLETE, "/forces/4", None),
    ("solver", COMPLETE, "/solver", None),
    ("output", COMPLETE, "/output", None),
    ("revolute_clearance", CLEARANCE, "/clearance_joints/0", None),
    ("spherical_clearance", BALL, "/clearance_joints/0", None),
    ("curved_slot_clearance", YOKE, "/clearance_joints/0", None),
    ("slot_clearance", YOKE, "/clearance_joints/0", slot_from_curved),
    ("translational_clearance", TRANS, "/clearance_joints/0", None),
    ("profile_clearance", PROFILE, "/clearance_joints/0", None),
    ("profile", PROFILE, "/clearance_joints/0/profile", None),
    ("spline_wall", SPLINE, "/clearance_joints/0/profile", None),
    ("arc_step", PROFILE, "/clearance_joints/0/profile/path/2", None),
    ("spline_step", PROFILE, "/clearance_joints/0/profile/path/2",
     lambda arc: {"spline": [arc["arc_to"]]}),
    ("regions_profile", PROFILE, "/clearance_joints/0/regions", None),
    ("gear_clearance", GEAR, "/clearance_joints/0", None),
    ("regions_gear", GEAR, "/clearance_joints/0/regions", None),
    ("material", CLEARANCE, "/clearance_joints/0/materials/0", None),
    ("contact", CLEARANCE, "/clearance_joints/0/contact", None),
    ("regions_revolute", CLEARANCE, "/clearance_joints/0/regions", None),
    ("regions_spherical", BALL, "/clearance_joints/0/regions", None),
    ("regions_curved_slot", YOKE, "/clearance_joints/0/regions", None),
    ("regions_slot", YOKE, "/clearance_joints/0/regions", "slot"),
    ("regions_translational", TRANS, "/clearance_joints/0/regions", None),
    ("lubrication", "models/slider_crank_lubricated.json", "/clearance_joints/0/lubrication",
     None),
    ("wear", "models/journal_wear.json", "/clearance_joints/0/wear", None),
]
IMPACT = "models/impact_ball_socket.json"
IMPACT_PROBES = [
    ("", IMPACT, "", None),
    ("geometry", IMPACT, "/geometry", None),
    ("material", IMPACT, "/materials/1", None),
    ("contact", IMPACT, "/contact", None),
    ("impact_solver", IMPACT, "/solver", None),
    ("impact_output", IMPACT, "/output", None),
]


def probe_doc(base, pointer, edit):
    doc = read(base)
    if edit == "slot":  # regions of a straight slot: the slot first, then its regions
        joint = slot_from_curved(at(doc, "/clearance_joints/0"))
        doc["clearance_joints"][0] = joint
        joint["regions"] = {}
        return doc, joint["regions"]
    if pointer.endswith("/regions"):
        parent = at(doc, pointer.rsplit("/", 1)[0])
        parent.setdefault("regions", {})
    target = at(doc, pointer)
    if edit:
        parent_ptr, last = pointer.rsplit("/", 1)
        at(doc, parent_ptr)[int(last)] = target = edit(target)
    return doc, target


def schema_keys(schema, name):
    obj = schema if name == "" else schema["$defs"][name]
    return set(obj["properties"])


def object_defs(schema):
    """The schema's definitions of objects with keys, laws aside (they are the registry's)."""
    return {n for n, d in schema["$defs"].items() if "properties" in d and "." not in n
            and not n.endswith("_law")}


@pytest.mark.parametrize("name,base,pointer,edit", MODEL_PROBES,
                         ids=[p[0] or "root" for p in MODEL_PROBES])
def test_model_keys_are_the_loaders(name, base, pointer, edit, tmp_path):
    doc, target = probe_doc(base, pointer, edit)
    target["zz_probe"] = 0
    code, err = check(doc, tmp_path)
    assert code == 2, err
    assert allowed_keys(err) == schema_keys(load_schema("model"), name)


@pytest.mark.parametrize("name,base,pointer,edit", IMPACT_PROBES,
                         ids=[p[0] or "root" for p in IMPACT_PROBES])
def test_impact_keys_are_the_loaders(name, base, pointer, edit, tmp_path):
    doc, target = probe_doc(base, pointer, edit)
    target["zz_probe"] = 0
    code, err = impact_check(doc, tmp_path)
    assert code == 2, err
    assert allowed_keys(err) == schema_keys(load_schema("impact"), name)


@pytest.mark.parametrize("kind,probes", [("model", MODEL_PROBES), ("impact", IMPACT_PROBES)])
def test_every_object_is_probed(kind, probes):
    assert object_defs(load_schema(kind)) == {p[0] for p in probes if p[0]}


def union_types(schema, union):
    return {schema["$defs"][r["$ref"].split("/")[-1]]["properties"]["type"]["const"]
            for r in schema["$defs"][union]["oneOf"]}


@pytest.mark.parametrize("union,pointer", [("joint", "/joints/0"), ("driver", "/drivers/0"),
                                           ("force", "/forces/0")])
def test_type_choices_are_the_loaders(union, pointer, tmp_path):
    doc = read(COMPLETE)
    at(doc, pointer)["type"] = "zz"
    code, err = check(doc, tmp_path)
    assert code == 2, err
    assert choices(err) == union_types(load_schema("model"), union)


def test_clearance_types_are_the_loaders(tmp_path):
    doc = read(CLEARANCE)
    doc["clearance_joints"][0]["type"] = "zz"
    code, err = check(doc, tmp_path)
    assert choices(err) == union_types(load_schema("model"), "clearance_joint")


@pytest.mark.parametrize("defn,key,pointer", [("solver", "formulation", "/solver"),
                                              ("point_force", "frame", "/forces/2")])
def test_word_choices_are_the_loaders(defn, key, pointer, tmp_path):
    doc = read(COMPLETE)
    at(doc, pointer)[key] = "zz"
    code, err = check(doc, tmp_path)
    assert choices(err) == set(load_schema("model")["$defs"][defn]["properties"][key]["enum"])


def test_lock_and_shape_choices_are_the_loaders(tmp_path):
    doc = read(COMPLETE)
    doc["bodies"][1]["lock"] = ["zz"]
    _, err = check(doc, tmp_path)
    assert choices(err) == set(load_schema("model")["$defs"]["lock"]["items"]["enum"])
    doc = read(IMPACT)
    doc["geometry"]["shape"] = "zz"
    _, err = impact_check(doc, tmp_path)
    shape = load_schema("impact")["$defs"]["geometry"]["properties"]["shape"]["enum"]
    assert choices(err) == set(shape)


@pytest.mark.parametrize("part", ["velocity", "position"])
def test_start_choices_are_the_loaders(part, tmp_path):
    """A clearance joint's start (a word, or an object of two words): the loader's words."""
    doc = read(CLEARANCE)
    doc["clearance_joints"][0]["start"] = {part: "zz"}
    _, err = check(doc, tmp_path)
    start = load_schema("model")["$defs"]["start"]["oneOf"]
    assert choices(err) == set(start[1]["properties"][part]["enum"])
    if part == "velocity":
        assert set(start[0]["enum"]) == choices(err)


# ---------------------------------------------------------------- laws against the registry --

def registry_laws():
    """{family: {law: {param: units}}} from `clearsim laws`."""
    out = subprocess.run([CLI, "laws"], capture_output=True, text=True, check=True).stdout
    laws, family, law = {}, None, None
    for line in out.splitlines():
        if m := re.match(r"^(\w+) \(\d+\)$", line):
            family = laws.setdefault(m.group(1), {})
        elif m := re.match(r"^  (\w+) ", line):
            law = family.setdefault(m.group(1), {})
        elif m := re.match(r"^ {29,}(\w+) \[([^\]]*)\]", line):
            law[m.group(1)] = m.group(2)
    return laws


@pytest.mark.parametrize("kind", KINDS)
def test_laws_are_the_registrys(kind):
    s = load_schema(kind)
    laws = registry_laws()
    assert set(laws) == {"elastic", "damping", "restitution", "friction"}
    for family, members in laws.items():
        d = s["$defs"][f"{family}_law"]
        assert set(d["properties"]["model"]["enum"]) == set(members)
        assert len(d["oneOf"]) == len(members)
        for name, params in members.items():
            law = s["$defs"][f"{family}.{name}"]
            assert law["properties"]["model"]["const"] == name
            assert law["description"]  # summary and source, for the editor
            got = {k: v["units"] for k, v in law["properties"].items() if k != "model"}
            assert got == params, f"{family}.{name}"
            for k, v in law["properties"].items():
                if k != "model":
                    assert f"[{v['units']}]" in v["description"]


def test_a_law_is_checked_with_its_parameters():
    v = validator("model")
    doc = read(CLEARANCE)
    doc["clearance_joints"][0]["contact"]["restitution"] = {"model": "constant", "cr": 1.5}
    assert not v.is_valid(doc)  # cr in (0, 1]
    doc["clearance_joints"][0]["contact"]["restitution"] = {"model": "constant", "c_r": 0.9}
    assert not v.is_valid(doc)  # not its parameter
    doc["clearance_joints"][0]["contact"]["restitution"] = {"model": "konstant", "cr": 0.9}
    assert not v.is_valid(doc)
    del doc["clearance_joints"][0]["contact"]["restitution"]
    assert not v.is_valid(doc)  # lankarani_nikravesh reads c_r
    doc["clearance_joints"][0]["contact"]["damping"] = {"model": "kelvin_voigt", "c": 100}
    assert v.is_valid(doc), [e.message for e in v.iter_errors(doc)]


# ---------------------------------------------------------------- files ----------------------

def is_impact(doc):
    return isinstance(doc, dict) and "geometry" in doc


def model_files():
    return sorted(glob.glob("models/*.json"))


@pytest.mark.parametrize("path", model_files())
def test_every_model_validates(path):
    doc = read(path)
    errors = list(validator("impact" if is_impact(doc) else "model").iter_errors(doc))
    assert not errors, [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]


def test_papers_files_are_data_not_models():
    for path in glob.glob("models/papers/*.json"):
        doc = read(path)
        assert "bodies" not in doc and "geometry" not in doc, path


# Faults a JSON Schema cannot see: references between objects, uniqueness of names, values
# that depend on others, and what JSON parsers disagree on. The loader reports each.
SEMANTIC = {
    "body_duplicate.json": "two bodies of one name",
    "clearance_hole_small.json": "hole_radius must exceed pin_radius",
    "translational_guide_narrow.json": "guide_half_width must exceed half_width",
    "profile_arc_crossing.json": "a wall's pieces cross each other",
    "profile_closing_crossing.json": "a wall's pieces cross each other",
    "profile_figure_eight.json": "a wall's pieces cross each other",
    "profile_spline_loop.json": "a spline wall crosses itself",
    "profile_spline_step_crossing.json": "a wall's pieces cross each other",
    "driver_angle_prismatic.json": "the named joint's kind",
    "driver_ground_body.json": "the named body is a ground body",
    "driver_name_taken.json": "a name taken by a joint",
    "driver_translation_revolute.json": "the named joint's kind",
    "driver_unknown_joint.json": "no joint of that name",
    "duplicate_key.json": "a key twice (JSON parsers keep one)",
    "force_name_twice.json": "two forces of one name",
    "force_on_ground.json": "the named body is a ground body",
    "joint_axis_zero.json": "a zero axis",
    "joint_both_ground.json": "both named bodies are ground bodies",
    "joint_same_body.json": "body2 names body1",
    "joint_unknown_body.json": "no body of that name",
    "mass_not_finite.json": "1e999: Python reads infinity, a number",
    "no_ground.json": "no body is ground",
    "no_moving.json": "no body moves",
    # the loader's limits (models/README.md "Limits"), not in the schema yet
    "clearance_name_twice.json": "two clearance joints of one name",
    "contact_law_materials.json": "the law's material parameters, checked when it is built",
    "gravity_huge.json": "beyond the loader's 1e20 magnitude limit",
    "mass_huge.json": "beyond the loader's 1e20 magnitude limit",
    "material_E_huge.json": "beyond the loader's 1e20 magnitude limit",
    "velocity_huge.json": "beyond the loader's 1e20 magnitude limit",
    "solver_rtol_tiny.json": "below the loader's 1e-20 limit for positive values",
    "solver_t_end_tiny.json": "below the loader's 1e-20 limit for positive values",
    "name_dot.json": "a name the HDF5 file cannot hold",
    "name_too_long.json": "a name over 64 bytes",
    "lubrication_film_thick.json": "boundary_film must be below the clearance hole - pin",
    "wear_no_hardness.json": "hardness is required only when the materials give none",
    "wear_profile_missing.json": "the initial profile's file does not exist",
    "follower_pin_radius.json": "pin_radius refused together with a follower outline",
    "follower_face_on_spline_step.json": "a follower's face with a wall's spline step",
    "clearance_start_resting_translational.json":
        "the model's clearance_start \"resting\" refused by a translational joint it reaches",
}


def bad_files():
    return sorted(os.path.basename(p) for p in glob.glob("tests/bad_input/*.json")
                  if not p.endswith("ok_complete.json"))


@pytest.mark.parametrize("name", bad_files())
def test_bad_input_is_rejected(name, tmp_path):
    path = os.path.join("tests", "bad_input", name)
    code, _ = subprocess.run([CLI, "check", path], capture_output=True).returncode, None
    assert code == 2  # the loader rejects every one
    try:
        doc = read(path)
    except (ValueError, RecursionError):
        return  # not JSON, or nested beyond what any parser takes: no schema is asked
    valid = validator("impact" if is_impact(doc) else "model").is_valid(doc)
    if name in SEMANTIC:
        assert valid, f"{name} is now rejected by the schema: take it off SEMANTIC"
    else:
        assert not valid, f"{name} is wrong in structure but the schema accepts it"


def test_semantic_list_names_files():
    assert set(SEMANTIC) <= set(bad_files())


def test_ok_complete_validates():
    doc = read(COMPLETE)
    assert validator("model").is_valid(doc)


# ---------------------------------------------------------------- "$schema" ------------------

def test_loader_accepts_schema_key(tmp_path):
    doc = read("models/pendulum.json")
    doc = {"$schema": "schema/model.schema.json", **doc}
    code, err = check(doc, tmp_path)
    assert code == 0, err
    assert validator("model").is_valid(doc)
    doc["$schema"] = 5
    code, err = check(doc, tmp_path)
    assert code == 2 and "/$schema: expected a string" in err, err
    imp = {"$schema": "schema/impact.schema.json", **read(IMPACT)}
    code, err = impact_check(imp, tmp_path)
    assert code == 0, err


def test_every_key_is_documented_in_models_readme():
    """The model format is kept in the loader; the schema is held to it key by key (above), and
    models/README.md to the schema here: every key of every object is named there (the laws'
    parameters are the registry's, listed by `clearsim laws`; region names by their joints)."""
    with open(os.path.join("models", "README.md")) as f:
        readme = f.read()
    schema = load_schema("model")
    objects = [("", schema)] + [(n, d) for n, d in schema["$defs"].items()
                                if "." not in n and not n.startswith("regions_")]
    missing = [f"{n or 'root'}: {k}" for n, d in objects for k in d.get("properties", {})
               if f"`{k}`" not in readme]
    assert not missing, f"keys the loader takes that models/README.md never names: {missing}"
