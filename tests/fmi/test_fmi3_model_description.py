"""modelDescription.xml of the FMUs `clearsim fmu` writes (issue 28): well-formed XML, FMI 3.0's
structure (elements in the schema's order, a co-simulation interface, the independent time),
every value reference unique, causality and variability among the standard's and allowed
together, start values where the standard asks for them, every unit defined, every output in
ModelStructure, and the zip's parts at the standard's places. Valid against the standard's XML
schemas (fmi3ModelDescription.xsd, fmi2ModelDescription.xsd; modelica/fmi-standard's schema/
folders, not part of this repository) when $CS_FMI_SCHEMAS names a folder holding them and
python3-lxml is installed; skipped otherwise."""
import os
import subprocess
import zipfile
import xml.etree.ElementTree as ET

import pytest

BUILD = os.environ.get("CS_BUILD_DIR", "build")
CLI = os.path.join(BUILD, "tools", "clearsim")

CAUSALITY = {"parameter", "calculatedParameter", "input", "output", "local", "independent",
             "structuralParameter"}
VARIABILITY = {"constant", "fixed", "tunable", "discrete", "continuous"}
ORDER = ["ModelExchange", "CoSimulation", "ScheduledExecution", "UnitDefinitions",
         "TypeDefinitions", "LogCategories", "DefaultExperiment", "VendorAnnotations",
         "ModelVariables", "ModelStructure", "Annotations"]


SCHEMAS = os.environ.get("CS_FMI_SCHEMAS", "")


def validate(text, version):
    """modelDescription.xml against the standard's schema of its version (or skip)."""
    xsd = os.path.join(SCHEMAS, f"fmi{version}ModelDescription.xsd")
    if not SCHEMAS or not os.path.exists(xsd):
        pytest.skip(f"no fmi{version}ModelDescription.xsd in $CS_FMI_SCHEMAS")
    etree = pytest.importorskip("lxml.etree")
    schema = etree.XMLSchema(etree.parse(xsd))
    document = etree.fromstring(text)
    assert schema.validate(document), str(schema.error_log)


def export(tmp_path, model, *args):
    fmu = tmp_path / "model.fmu"
    subprocess.run([CLI, "fmu", model, "-o", str(fmu), *args], check=True,
                   stdout=subprocess.DEVNULL)
    return zipfile.ZipFile(fmu)


CASES = [("models/slider_crank_clearance.json",
          ["--parameter", "/clearance_joints/0/hole_radius",
           "--parameter", "/clearance_joints/0/materials/0/E",
           "--input", "/drivers/0/motion/velocity"]),
         ("models/andrews.json", ["--input", "/forces/1/torque"]),
         ("models/journal_wear.json", ["--input", "/forces/0/force/0",
                                       "--input", "/forces/0/force/1"]),
         ("models/slider_crank_translational.json", [])]


@pytest.mark.parametrize("model,args", CASES)
def test_model_description(tmp_path, model, args):
    z = export(tmp_path, model, *args)
    assert z.testzip() is None
    names = z.namelist()
    root = ET.fromstring(z.read("modelDescription.xml"))
    assert root.tag == "fmiModelDescription" and root.get("fmiVersion") == "3.0"
    assert root.get("modelName") and root.get("instantiationToken")
    children = [c.tag for c in root]
    assert children == sorted(children, key=ORDER.index), children
    cs = root.find("CoSimulation")
    ident = cs.get("modelIdentifier")
    assert f"binaries/x86_64-linux/{ident}.so" in names
    assert "resources/model.json" in names
    # offered (test_fmi3_importer saves, restores and serializes states); early return is not
    assert cs.get("canGetAndSetFMUState") == "true" and cs.get("canSerializeFMUState") == "true"
    assert cs.get("providesIntermediateUpdate") == "false"
    assert cs.get("canReturnEarlyAfterIntermediateUpdate") == "false"
    units = {u.get("name") for u in root.find("UnitDefinitions")}
    variables = list(root.find("ModelVariables"))
    refs = [int(v.get("valueReference")) for v in variables]
    assert len(refs) == len(set(refs)), "value references are unique"
    assert len({v.get("name") for v in variables}) == len(variables), "names are unique"
    outputs = set()
    for v in variables:
        assert v.tag == "Float64"
        c, var = v.get("causality"), v.get("variability")
        assert c in CAUSALITY and var in VARIABILITY, (c, var)
        assert v.get("description")
        if v.get("unit"):
            assert v.get("unit") in units
        if c in ("parameter", "input"):
            assert v.get("start") is not None and var in ("fixed", "tunable", "continuous")
            float(v.get("start"))
        if c == "parameter":
            assert var in ("fixed", "tunable")
        if c == "independent":
            assert var == "continuous" and v.get("start") is None
        if c == "output":
            assert v.get("start") is None
            outputs.add(int(v.get("valueReference")))
    assert [v.get("causality") for v in variables].count("independent") == 1
    structure = root.find("ModelStructure")
    listed = {int(o.get("valueReference")) for o in structure.findall("Output")}
    assert listed == outputs
    assert {int(o.get("valueReference")) for o in structure.findall("InitialUnknown")} == outputs
    n_in = sum(v.get("causality") == "input" for v in variables)
    n_par = sum(v.get("causality") == "parameter" for v in variables)
    assert (n_in, n_par) == (args.count("--input"), args.count("--parameter"))


def test_refused_input(tmp_path):
    """An input the engine cannot change while running is refused at export, naming it."""
    r = subprocess.run([CLI, "fmu", "models/slider_crank_clearance.json", "-o",
                        str(tmp_path / "x.fmu"), "--input", "/bodies/1/mass"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "/bodies/1/mass" in r.stderr and "input" in r.stderr
    assert not (tmp_path / "x.fmu").exists()


@pytest.mark.parametrize("model,args", CASES)
def test_model_description_fmi2(tmp_path, model, args):
    """The FMI 2.0 FMU: ScalarVariables with a Real each, unique value references, the
    standard's causality and variability, ModelStructure's 1-based indices naming outputs."""
    z = export(tmp_path, model, "--fmi", "2", *args)
    root = ET.fromstring(z.read("modelDescription.xml"))
    assert root.get("fmiVersion") == "2.0" and root.get("guid")
    ident = root.find("CoSimulation").get("modelIdentifier")
    assert f"binaries/linux64/{ident}.so" in z.namelist()
    cs = root.find("CoSimulation")  # states: test_fmi2_importer
    assert cs.get("canGetAndSetFMUstate") == "true" and cs.get("canSerializeFMUstate") == "true"
    units = {u.get("name") for u in root.find("UnitDefinitions")}
    variables = root.find("ModelVariables").findall("ScalarVariable")
    refs = [int(v.get("valueReference")) for v in variables]
    assert len(refs) == len(set(refs))
    outputs = set()
    for i, v in enumerate(variables, 1):
        c, var = v.get("causality"), v.get("variability")
        assert c in {"parameter", "calculatedParameter", "input", "output", "local",
                     "independent"} and var in VARIABILITY
        real = v.find("Real")
        assert real is not None
        if real.get("unit"):
            assert real.get("unit") in units
        assert (real.get("start") is not None) == (c in ("parameter", "input"))
        if c == "output":
            outputs.add(i)
    s = root.find("ModelStructure")
    assert {int(u.get("index")) for u in s.find("Outputs")} == outputs
    assert {int(u.get("index")) for u in s.find("InitialUnknowns")} == outputs


@pytest.mark.parametrize("model,args", CASES)
@pytest.mark.parametrize("version", ["3", "2"])
def test_schema(tmp_path, model, args, version):
    """Valid against the standard's own XML schema."""
    z = export(tmp_path, model, "--fmi", version, *args)
    validate(z.read("modelDescription.xml"), version)
