"""Single normal impacts (cs_impact): clearsim.impact."""
import json
import os
from ctypes import byref, c_void_p

from . import _lib
from ._lib import lib, text
from .errors import error

RESULT = ("delta_max", "F_max", "t_contact", "v_impact", "v_separation", "e_eff", "cr",
          "m_star", "kinetic0", "kinetic", "strain", "dissipated", "balance_error")


class ImpactResult(dict):
    """The impact's figures (models/README.md "Impact files"), by key and as attributes:
    delta_max (m), F_max (N), t_contact (s), v_impact, v_separation (m/s), e_eff, cr, m_star
    (kg), kinetic0, kinetic, strain, dissipated, balance_error (J), clips, stats, name,
    warnings (what the run's own states say against it, as a run's: "" when nothing)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def impact(source: str | dict | None = None, output: str | None = None,
           **keys) -> ImpactResult:
    """Integrate one normal impact from contact onset to separation.

    source: an impact file's path, its JSON text, or a dict; or give the file's keys as
    keyword arguments (geometry=…, materials=…, masses=…, velocity=…, contact=…, name=…).
    output="x.h5" writes the time histories (δ, δ', F, energies) as `clearsim impact` does.
    Raises clearsim.InputError (message and JSON path) for bad input, SolverError when the
    bodies do not separate."""
    if source is None:
        source = dict(keys)
        source.setdefault("name", "impact")
    elif keys:
        raise TypeError("impact(): give a source or keys, not both")
    h, err = c_void_p(), _lib.cs_error()
    if isinstance(source, dict):
        origin, doc = "<dict>", json.dumps(source)
    elif isinstance(source, str) and source.lstrip().startswith("{"):
        origin, doc = "<string>", source
    else:
        origin, doc = os.fspath(source), None
    if doc is not None:
        st = lib.cs_impact_load_string(_lib.cstr(doc, "impact"), origin.encode(), None,
                                       byref(h), byref(err))
    else:
        st = lib.cs_impact_load_file(_lib.cstr(origin, "source"), None, byref(h), byref(err))
    if st:
        raise error(st, text(err.message), origin)
    try:
        res = _lib.cs_impact_result()
        path = _lib.cstr(os.fspath(output), "output") if output is not None else b""
        st = lib.cs_impact_run(h, path, byref(res), byref(err))
        out = ImpactResult({k: getattr(res, k) for k in RESULT})
        out["clips"] = res.clips
        out["warnings"] = text(res.warnings)
        out["stats"] = {k: getattr(res.stats, k) for k, _ in _lib.cs_stats._fields_}
        out["name"] = text(lib.cs_impact_name(h))
    finally:
        lib.cs_impact_free(h)
    if st:
        raise error(st, text(err.message), origin, out)
    return out
