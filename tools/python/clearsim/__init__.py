"""clearsim — planar multibody dynamics with clearance joints, from Python.

    import clearsim
    m = clearsim.Model.from_file("models/slider_crank_clearance.json")
    r = m.run()                        # in memory; m.run(output="x.h5") writes HDF5 too
    r.time, r.position("rod"), r.joint("C")["normal_force"], r.events, r.energy, r.status
    r.to_dataframe()                   # pandas, units in df.attrs["units"]
    m.with_values({"/clearance_joints/0/hole_radius": 0.0102}).run()
    clearsim.open("x.h5")              # a run file as the same Result
    clearsim.sweep(m, {"/clearance_joints/0/hole_radius": [0.0101, 0.0102]})  # a table
    clearsim.impact("models/impact_ball_socket.json")
    clearsim.laws()

A binding of libclearsim (the shared library) through ctypes: numpy arrays out, exceptions
(clearsim.Error and one subclass per status) carrying the library's message and JSON path.
From a build tree: PYTHONPATH=build/python; installed: cmake --install puts it under
<prefix>/lib/python3/dist-packages. CLEARSIM_LIBRARY overrides where the library is.
"""
from . import _lib
from .errors import (ArgumentError, AssemblyError, Error, FileError, InputError, Interrupted,
                     OutOfMemory, SolverError)
from .h5 import open
from .impact import ImpactResult, impact
from .laws import Law, Param, laws
from .model import Model
from .result import Result
from .registry import Registry
from .study import sweep
from . import chaos


def version() -> str:
    """The library's version (cs_version)."""
    return _lib.lib.cs_version().decode()


def __getattr__(name):
    """library_path and __version__, found when first asked for: importing the package loads
    no library."""
    if name == "library_path":
        return _lib.PATH
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'clearsim' has no attribute {name!r}")

__all__ = ["Model", "Result", "open", "sweep", "impact", "ImpactResult", "laws", "Law", "Param", "version",
           "Error", "InputError", "AssemblyError", "SolverError", "FileError", "OutOfMemory",
           "ArgumentError", "Interrupted", "Registry", "library_path", "chaos"]
