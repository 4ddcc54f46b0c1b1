"""libclearsim through ctypes: where it is, its structs and its functions' prototypes.

The library is found, in this order, at
  - $CLEARSIM_LIBRARY (a path to libclearsim.so.N), if set;
  - the path _location.py gives: written by CMake into the build tree's copy of this package
    (BUILD/python/clearsim, absolute) and into the installed one (relative to it:
    <prefix>/lib/python3/dist-packages/clearsim → <prefix>/<libdir>).
ctypes releases the GIL for the duration of every foreign call: runs in several threads
proceed in parallel.
"""
import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_int, c_long,
                    c_void_p)

# ---------------------------------------------------------------- structs (clearsim.h) -------


class cs_override(Structure):
    _fields_ = [("pointer", c_char_p), ("json", c_char_p)]


class cs_error(Structure):
    _fields_ = [("code", c_int), ("message", c_char * 1024)]


class cs_energy(Structure):
    _fields_ = [(n, c_double) for n in ("kinetic", "potential", "strain", "dissipated",
                                        "driver_work", "applied_work", "balance_error")]


class cs_stats(Structure):
    _fields_ = [(n, c_long) for n in ("steps", "residual_evals", "jacobian_evals",
                                      "error_test_failures", "convergence_failures",
                                      "root_events", "outputs", "handovers",
                                      "implicit_steps")] + \
               [("last_step", c_double), ("wall_time", c_double)]


class cs_clearance_state(Structure):
    _fields_ = [("eccentricity", c_double * 2), ("penetration", c_double), ("rate", c_double),
                ("normal_force", c_double), ("tangential_force", c_double),
                ("rolling_torque", c_double), ("contact_point", c_double * 2),
                ("impact_velocity", c_double), ("strain_energy", c_double),
                ("in_contact", c_int), ("region", c_int),
                ("outside_domain", c_long), ("outside_depth", c_double),
                ("domain_limit", c_double),
                ("film_force", c_double * 2), ("eccentricity_ratio", c_double),
                ("film_thickness", c_double), ("film_regime", c_int),
                ("wear_volume", c_double), ("wear_depth_max", c_double)]


class cs_contact_event(Structure):
    _fields_ = [("joint", c_int), ("region", c_int), ("t_on", c_double), ("t_off", c_double),
                ("impact_velocity", c_double), ("max_penetration", c_double),
                ("max_force", c_double), ("corner", c_int)]


output_fn = CFUNCTYPE(c_int, c_void_p, c_void_p)   # int (*)(const cs_sim *, void *)
interrupt_fn = CFUNCTYPE(c_int, c_void_p)          # int (*)(void *)


class cs_run_options(Structure):
    _fields_ = [("output_path", c_char_p), ("t_end", c_double), ("progress", output_fn),
                ("progress_user", c_void_p), ("interrupt", c_void_p),
                ("interrupt_user", c_void_p)]


class cs_verify_result(Structure):
    _fields_ = [("rtol", c_double), ("atol", c_double), ("converged", c_int),
                ("contacts", c_int), ("contacts_tight", c_int), ("matched", c_int)] + \
               [(n, c_double) for n in ("parting_on", "parting_on_tight", "onset_shift",
                                        "onset_share", "peak_force_diff", "state_diff",
                                        "eccentricity_diff", "energy_scale", "energy_diff",
                                        "balance_share", "balance_share_tight")] + \
               [("energy_tight", cs_energy), ("stats_tight", cs_stats),
                ("verdict", c_char * 512)]


class cs_impact_result(Structure):
    _fields_ = [(n, c_double) for n in ("delta_max", "F_max", "t_contact", "v_impact",
                                        "v_separation", "e_eff", "cr", "m_star", "kinetic0",
                                        "kinetic", "strain", "dissipated", "balance_error")] + \
               [("clips", c_long), ("stats", cs_stats), ("warnings", c_char * 512)]


class cs_param_spec(Structure):
    _fields_ = [("name", c_char_p), ("units", c_char_p), ("default", c_double),
                ("lo", c_double), ("hi", c_double), ("flags", c_int), ("doc", c_char_p)]


class cs_material(Structure):
    _fields_ = [(n, c_double) for n in ("E", "nu", "yield_strength", "hardness", "density",
                                        "roughness")]


class cs_contact_geometry(Structure):
    _fields_ = [("shape", c_int), ("internal", c_int), ("R1", c_double), ("R2", c_double),
                ("length", c_double), ("m1", cs_material), ("m2", cs_material),
                ("mass1", c_double), ("mass2", c_double)]


# the law's ops (cs_contact.h), for laws written in Python
create_fn = CFUNCTYPE(c_int, POINTER(c_double), POINTER(cs_contact_geometry), POINTER(c_void_p),
                      POINTER(cs_error))
destroy_fn = CFUNCTYPE(None, c_void_p)
elastic_fn = CFUNCTYPE(c_double, c_void_p, c_double, POINTER(c_double))
energy_fn = CFUNCTYPE(c_double, c_void_p, c_double)


class cs_law(Structure):
    _fields_ = [("name", c_char_p), ("family", c_int), ("summary", c_char_p),
                ("source", c_char_p), ("params", POINTER(cs_param_spec)), ("nparams", c_int),
                ("create", c_void_p), ("destroy", c_void_p), ("elastic", c_void_p),
                ("energy", c_void_p), ("normal", c_void_p), ("restitution", c_void_p),
                ("friction", c_void_p), ("report", c_void_p), ("ignores_cr", c_int),
                ("rolling_moment", c_void_p), ("hysteresis", c_void_p),
                ("bristle", c_void_p)]


# ---------------------------------------------------------------- the library ----------------

def _path():
    env = os.environ.get("CLEARSIM_LIBRARY")
    if env:
        return env
    try:
        from . import _location
    except ImportError as e:
        raise ImportError("clearsim: cannot find libclearsim: set CLEARSIM_LIBRARY to its path "
                          "(e.g. build/libclearsim.so.0), or use the package from a build tree "
                          "(PYTHONPATH=build/python) or an installation") from e
    if _location.RELATIVE:
        return os.path.normpath(os.path.join(os.path.dirname(__file__), _location.LIBRARY))
    return _location.LIBRARY


class _Library:
    """libclearsim, loaded at its first use: `import clearsim` needs no library, so the parts
    that need none (clearsim.open, clearsim.chaos but lyapunov) work without a build, and a
    missing library is said where it is first needed."""

    def __init__(self):
        self._dll = None

    def _load(self):
        if self._dll is None:
            path = _path()
            try:
                dll = ctypes.CDLL(path)
            except OSError as e:
                raise OSError(f"clearsim: cannot load libclearsim from {path} ({e}); set "
                              "CLEARSIM_LIBRARY to the library's path") from None
            for name, (res, args) in _prototypes.items():
                f = getattr(dll, name)
                f.restype, f.argtypes = res, args
            self._dll = dll
        return self._dll

    def __getattr__(self, name):
        return getattr(self._load(), name)


lib = _Library()

_S, _M, _R, _I = c_void_p, c_void_p, c_void_p, c_void_p  # cs_sim*, cs_model*, registry, impact
_E = POINTER(cs_error)
_prototypes = {
    "cs_version": (c_char_p, []),
    "cs_model_load_file": (c_int, [c_char_p, _R, POINTER(_M), _E]),
    "cs_model_load_string": (c_int, [c_char_p, c_char_p, _R, POINTER(_M), _E]),
    "cs_model_load_string_overrides": (c_int, [c_char_p, c_char_p, POINTER(cs_override), c_int,
                                               _R, POINTER(_M), _E]),
    "cs_model_free": (None, [_M]),
    "cs_model_name": (c_char_p, [_M]),
    "cs_model_body_count": (c_int, [_M]),
    "cs_model_body_name": (c_char_p, [_M, c_int]),
    "cs_model_body_index": (c_int, [_M, c_char_p]),
    "cs_model_joint_count": (c_int, [_M]),
    "cs_model_joint_name": (c_char_p, [_M, c_int]),
    "cs_model_joint_kind": (c_char_p, [_M, c_int]),
    "cs_model_constraint_count": (c_int, [_M]),
    "cs_model_coordinate_count": (c_int, [_M]),
    "cs_model_t_end": (c_double, [_M]),
    "cs_model_output_interval": (c_double, [_M]),
    "cs_model_json": (c_char_p, [_M]),
    "cs_model_plausibility": (c_int, [_M, c_char_p, ctypes.c_size_t]),
    "cs_model_set_formulation": (None, [_M, c_int]),
    "cs_model_set_tolerances": (c_int, [_M, c_double, c_double, _E]),
    "cs_model_tolerances": (None, [_M, POINTER(c_double), POINTER(c_double)]),
    "cs_model_clearance_count": (c_int, [_M]),
    "cs_model_clearance_name": (c_char_p, [_M, c_int]),
    "cs_model_clearance_kind": (c_char_p, [_M, c_int]),
    "cs_model_clearance_region_count": (c_int, [_M, c_int]),
    "cs_model_clearance_region": (c_char_p, [_M, c_int, c_int]),
    "cs_model_clearance_corner_count": (c_int, [_M, c_int]),
    "cs_model_clearance_corner_name": (c_int, [_M, c_int, c_int, c_char_p, c_int]),
    "cs_model_clearance_size": (c_double, [_M, c_int]),
    "cs_model_clearance_size_rule": (c_char_p, [_M, c_int]),
    "cs_model_clearance_wall_length": (c_double, [_M, c_int]),
    "cs_run": (c_int, [_M, POINTER(cs_run_options), POINTER(_S), _E]),
    "cs_run_verify": (c_int, [_M, POINTER(cs_run_options), POINTER(cs_verify_result),
                              POINTER(_S), _E]),
    "cs_sim_free": (None, [_S]),
    "cs_sim_time": (c_double, [_S]),
    "cs_sim_formulation": (c_int, [_S]),
    "cs_sim_body_position": (None, [_S, c_int, POINTER(c_double)]),
    "cs_sim_body_velocity": (None, [_S, c_int, POINTER(c_double)]),
    "cs_sim_set_body_states": (c_int, [_S, c_void_p, c_void_p, _E]),
    "cs_sim_create": (c_int, [_M, POINTER(_S), _E]),
    "cs_sim_advance": (c_int, [_S, c_double, _E]),
    "cs_sim_body_acceleration": (None, [_S, c_int, POINTER(c_double)]),
    "cs_sim_lambda": (c_double, [_S, c_int]),
    "cs_sim_constraint_name": (c_char_p, [_S, c_int]),
    "cs_sim_driver_reaction": (c_double, [_S, c_int]),
    "cs_sim_position_drift": (c_double, [_S]),
    "cs_sim_velocity_drift": (c_double, [_S]),
    "cs_sim_energy": (None, [_S, POINTER(cs_energy)]),
    "cs_sim_stats": (None, [_S, POINTER(cs_stats)]),
    "cs_sim_clearance": (None, [_S, c_int, POINTER(cs_clearance_state)]),
    "cs_sim_clearance_wear": (c_int, [_S, c_int, POINTER(c_double), c_int]),
    "cs_sim_event_count": (c_int, [_S]),
    "cs_sim_event": (None, [_S, c_int, POINTER(cs_contact_event)]),
    "cs_sim_clip_count": (c_long, [_S]),
    "cs_sim_warnings": (c_char_p, [_S]),
    "cs_rows_new": (c_void_p, [_M]),
    "cs_rows_free": (None, [c_void_p]),
    "cs_rows_set_next": (None, [c_void_p, output_fn, c_void_p]),
    "cs_rows_count": (c_long, [c_void_p]),
    "cs_rows_width": (c_int, [c_void_p]),
    "cs_rows_data": (POINTER(c_double), [c_void_p]),
    "cs_rows_driver_count": (c_int, [c_void_p]),
    "cs_rows_driver": (c_int, [c_void_p, c_int]),
    "cs_impact_load_file": (c_int, [c_char_p, _R, POINTER(_I), _E]),
    "cs_impact_load_string": (c_int, [c_char_p, c_char_p, _R, POINTER(_I), _E]),
    "cs_impact_free": (None, [_I]),
    "cs_impact_name": (c_char_p, [_I]),
    "cs_impact_run": (c_int, [_I, c_char_p, POINTER(cs_impact_result), _E]),
    "cs_registry_new": (_R, []),
    "cs_registry_free": (None, [_R]),
    "cs_registry_add": (c_int, [_R, POINTER(cs_law), _E]),
    "cs_registry_count": (c_int, [_R, c_int]),
    "cs_registry_get": (POINTER(cs_law), [_R, c_int, c_int]),
    "cs_family_name": (c_char_p, [c_int]),
}

# C callbacks handed to runs as plain function pointers: no Python runs between steps or at
# output instants (unless the caller asks for a progress callback), so runs never wait for
# the GIL. cs_interrupt_flag reads an int of ours; cs_rows_output records a row in memory.
# PATH, INTERRUPT_FLAG and ROWS_OUTPUT are made at their first use (PEP 562), as the library.
_made = {}


def __getattr__(name):
    if name not in ("PATH", "INTERRUPT_FLAG", "ROWS_OUTPUT"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _made:
        _made[name] = (_path() if name == "PATH" else
                       ctypes.cast(lib.cs_interrupt_flag, c_void_p) if name == "INTERRUPT_FLAG"
                       else ctypes.cast(lib.cs_rows_output, output_fn))
    return _made[name]

# clearsim.h: CS_ROWS_ENERGY, CS_ROWS_CLEARANCE, CS_ROWS_CORNER
ROWS_ENERGY, ROWS_CLEARANCE, ROWS_CORNER = 7, 18, 9

STATUS = {0: "ok", 1: "input", 2: "assembly", 3: "solver", 4: "io", 5: "interrupted",
          6: "memory", 7: "argument"}
FAMILIES = ("elastic", "damping", "restitution", "friction")


def cstr(s, what):
    """s as a C string, or ValueError: a NUL would silently cut it short."""
    b = os.fsencode(s) if isinstance(s, (bytes, os.PathLike)) else s.encode()
    if b"\0" in b:
        raise ValueError(f"{what} {s!r}: contains a NUL character")
    return b


def text(b):
    return b.decode("utf-8", "replace") if b is not None else ""
