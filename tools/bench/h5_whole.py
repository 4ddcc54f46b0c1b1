"""h5_whole — whether a clearsim HDF5 file reads back whole against a complete run of the same
model: every attribute and dataset reads, the status is "running" or "complete", and every time
series holds at least /rows rows (the commit point, engine/output/README.md "Crash safety"), those rows the
complete run's, bit for bit. What tools/bench/crash-bench (files of killed runs) and
tests/cli/h5_replay.py (images of kills and power losses replayed from the write log) check.
"""
import h5py
import numpy as np


def series_of(f):
    """The time series: extendible datasets but the contact events (rows of another kind)."""
    found = []

    def visit(name, obj):
        if (isinstance(obj, h5py.Dataset) and obj.maxshape and obj.maxshape[0] is None
                and not name.startswith("events")):
            found.append(name)
    f.visititems(visit)
    return found


def read_whole(path, full):
    """(None, rows, longer) when the file at `path` reads whole against `full` (an open h5py
    file of the complete run): rows is /rows, longer whether a series holds more (a commit cut
    short after some of its in-place pieces, which readers skip). Else (the reason, None,
    False)."""
    try:
        with h5py.File(path, "r") as f:
            for _, value in f.attrs.items():
                pass

            def visit(name, obj):
                for _, value in obj.attrs.items():
                    pass
                if isinstance(obj, h5py.Dataset):
                    obj[()]
            f.visititems(visit)
            status = f.attrs["status"]
            if status not in ("running", "complete"):
                return "status %r" % status, None, False
            n = int(f["rows"][()])
            longer = False
            for name in series_of(f):
                m = f[name].shape[0]
                if m < n:
                    return "torn: %s has %d rows, /rows %d" % (name, m, n), None, False
                longer |= m > n
                if not np.array_equal(f[name][:n], full[name][:n]):
                    return ("%s: the %d rows differ from the complete run's" % (name, n),
                            None, False)
            return None, n, longer
    except Exception as e:  # any failure to read is what this counts
        return "%s: %s" % (type(e).__name__, e), None, False
