"""The contact-law catalogue (the registry): clearsim.laws."""
import math
from dataclasses import dataclass, field

from ._lib import FAMILIES, lib, text

REQUIRED, LO_OPEN, HI_OPEN = 1, 2, 4


@dataclass(frozen=True)
class Param:
    name: str
    units: str
    default: float   # nan when required
    lo: float        # admissible range (±inf: none)
    hi: float
    lo_open: bool    # value must be > lo (else ≥ lo)
    hi_open: bool
    required: bool
    doc: str


@dataclass(frozen=True)
class Law:
    family: str      # elastic, damping, restitution, friction
    name: str        # the key a contact block names it by
    summary: str
    source: str      # paper and equation
    ignores_cr: bool  # damping laws that never read c_r (no restitution block needed)
    params: tuple = field(default_factory=tuple)

    def param(self, name: str) -> Param:
        """The parameter of this law named name (StopIteration if it has none)."""
        return next(p for p in self.params if p.name == name)


def laws(family: str | None = None) -> list[Law]:
    """Every registered contact law (in registry order), or one family's."""
    if family is not None and family not in FAMILIES:
        raise ValueError(f"unknown family {family!r} (families: {', '.join(FAMILIES)})")
    reg = lib.cs_registry_new()
    if not reg:
        raise MemoryError("clearsim: cannot make the registry")
    try:
        out = []
        for f, fam in enumerate(FAMILIES):
            if family not in (None, fam):
                continue
            for i in range(lib.cs_registry_count(reg, f)):
                law = lib.cs_registry_get(reg, f, i).contents
                params = tuple(_param(law.params[k]) for k in range(law.nparams))
                out.append(Law(fam, text(law.name), text(law.summary), text(law.source),
                               bool(law.ignores_cr) if f == 1 else False, params))
        return out
    finally:
        lib.cs_registry_free(reg)


def _param(p):
    req = bool(p.flags & REQUIRED)
    return Param(text(p.name), text(p.units), math.nan if req else p.default, p.lo, p.hi,
                 bool(p.flags & LO_OPEN), bool(p.flags & HI_OPEN), req, text(p.doc))
