"""Contact laws written in Python: clearsim.Registry.

    reg = clearsim.Registry()                    # the built-in catalogue, and:
    reg.add_elastic("my_linear", params={"k": ("N/m", "stiffness")},
                    force=lambda delta, p: (p["k"] * delta, p["k"]),       # F, dF/ddelta
                    energy=lambda delta, p: 0.5 * p["k"] * delta ** 2)     # strain energy
    m = clearsim.Model.from_file("my_model.json", registry=reg)   # "model": "my_linear"

The law is an ordinary entry of a registry of the model's own (cs_registry_add): models
loaded without it, and every built-in law, are untouched and run at full speed. Its ops are
Python functions that the library calls at every residual evaluation in contact, taking the
GIL each time (a few microseconds against a tenth for a law in C): a model that uses it runs
slower, and its runs do not proceed in parallel with other Python threads. Elastic laws only
(F(δ), dF/dδ, U(δ)); a damping, restitution or friction law would follow the same pattern.
"""
import ctypes
import math
from ctypes import POINTER, byref, c_double, c_void_p

from . import _lib
from ._owned import Owned
from ._lib import lib, text
from .errors import error


class Registry(Owned):
    """A registry of contact laws: the built-in catalogue plus the laws added to it."""

    def __init__(self):
        self._h = c_void_p(lib.cs_registry_new())
        if not self._h:
            raise MemoryError("clearsim: cannot make a registry")
        self._keep = []          # descriptors and callbacks must outlive the registry
        self._contents = {}      # content handle → the law's parameters
        self._next = 1
        self.exception = None    # raised in a law op during a run; re-raised by Model.run
        self._models = 0         # models loaded with it and not yet freed: they use its laws
        self._owned()

    # ---------------------------------------------------------------- lifetime ------------
    def _in_use(self):
        return self._models > 0

    def _free(self):
        if self._h is not None and self._h.value and lib is not None:
            lib.cs_registry_free(self._h)
        self._h = None

    def _handle(self):
        """The library's registry, or ValueError once closed (a NULL would crash the library)."""
        if self._closed:
            raise ValueError("clearsim.Registry: used after close()")
        return self._h

    def _attach(self):
        """A model loaded with this registry: the laws it uses stay until _detach."""
        with self._lock:
            self._handle()
            self._models += 1

    def _detach(self):
        with self._lock:
            self._models -= 1
            if self._closed and not self._models:
                self._free()

    def add_elastic(self, name: str, force, energy, params=None, summary: str = "",
                    source: str = "Python") -> None:
        """An elastic law F(δ) named `name`. force(delta, p) returns (F, dF/dδ) and
        energy(delta, p) the strain energy ∫0^δ F, for δ ≥ 0; p maps the parameters, which
        `params` declares as {name: (units, doc)} (required, > 0) or {name: (units, doc,
        default, lo, hi)} (optional, lo ≤ value ≤ hi), plus "geometry": the contact's
        R1, R2, length, internal, point (bool), m_star."""
        params = params or {}
        specs = (_lib.cs_param_spec * max(len(params), 1))()
        for i, (pname, spec) in enumerate(params.items()):
            units, doc = spec[0], spec[1]
            required = len(spec) < 3
            default, lo, hi = (math.nan, 0.0, math.inf) if required else spec[2:5]
            specs[i] = _lib.cs_param_spec(_lib.cstr(pname, "parameter"), _lib.cstr(units, "units"),
                                          default, lo, hi, 1 | 2 if required else 0,
                                          _lib.cstr(doc, "doc"))
        names = list(params)

        def create(values, geometry, content, err):
            try:
                g = geometry.contents
                m1, m2 = g.mass1, g.mass2
                p = {k: values[i] for i, k in enumerate(names)}
                p["geometry"] = {"R1": g.R1, "R2": g.R2, "length": g.length,
                                 "internal": bool(g.internal), "point": g.shape == 0,
                                 "m_star": m1 * m2 / (m1 + m2) if m1 and m2 else m1 or m2}
                key = self._next
                self._next += 1
                self._contents[key] = p
                content[0] = key
                return 0
            except BaseException as e:  # noqa: BLE001
                self.exception = e
                return 1

        def destroy(content):
            self._contents.pop(content, None)

        def elastic(content, delta, dFe):
            try:
                F, dF = force(delta, self._contents[content])
                if dFe:
                    dFe[0] = dF
                return F
            except BaseException as e:  # noqa: BLE001 (a NaN force fails the run)
                self.exception = e
                return math.nan

        def strain(content, delta):
            try:
                return energy(delta, self._contents[content])
            except BaseException as e:  # noqa: BLE001
                self.exception = e
                return math.nan

        ops = (_lib.create_fn(create), _lib.destroy_fn(destroy), _lib.elastic_fn(elastic),
               _lib.energy_fn(strain))
        law = _lib.cs_law(name=_lib.cstr(name, "name"), family=0,
                          summary=_lib.cstr(summary, "summary"),
                          source=_lib.cstr(source, "source"), params=specs, nparams=len(params))
        law.create, law.destroy, law.elastic, law.energy = (
            ctypes.cast(f, c_void_p) for f in ops)
        err = _lib.cs_error()
        st = lib.cs_registry_add(self._handle(), byref(law), byref(err))
        if st:
            raise error(st, text(err.message))
        self._keep.append((law, specs, ops))
        return self
