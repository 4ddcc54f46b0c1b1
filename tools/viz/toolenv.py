"""toolenv — what the Python tools (tools/viz/plot, animate, view, export, tools/reproduction)
share that is not the package: a Python that has h5py, numpy and matplotlib (re-running the
tool under Debian's when the python3 first on PATH lacks them), the package `clearsim` found
from the source tree (tools/python) or beside an installation (libexec/clearsim/../../lib/
python3/dist-packages), and the conventions of a command: exit codes, usage errors, one-line
failures, where outputs go. Reading run files and drawing figures is the package's
(clearsim.runfile, clearsim.figures).
"""
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"
DEBIAN_PACKAGES = "python3-h5py python3-numpy python3-matplotlib python3-pil"
# Set when we re-executed under Debian's Python, so a second failure is reported, not looped.
REEXEC_FLAG = "CLEARSIM_TOOLS_REEXEC"

# Exit codes, as clearsim's: usage, bad input (the HDF5 file, a missing module), output error.
EXIT_USAGE, EXIT_INPUT, EXIT_OUTPUT = 1, 2, 6


def _bootstrap():
    """Import the scientific modules, or re-run the script under Debian's Python, which has
    them when the python3 first on PATH (a separate build) does not."""
    try:
        import h5py, numpy, matplotlib  # noqa: F401
        return
    except ImportError as e:
        missing = e.name or str(e)
    if (os.environ.get(REEXEC_FLAG) != "1" and os.access(DEBIAN_PYTHON, os.X_OK)
            and os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON)):
        os.environ[REEXEC_FLAG] = "1"
        argv0 = os.path.abspath(sys.argv[0])
        try:
            os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, argv0] + sys.argv[1:])
        except OSError:
            pass
    sys.stderr.write(
        "%s: this tool needs the Python modules h5py, numpy and matplotlib (%s is missing "
        "from %s).\nOn Debian install them with:  apt-get install %s\n"
        % (os.path.basename(sys.argv[0]), missing, sys.executable, DEBIAN_PACKAGES))
    sys.exit(EXIT_INPUT)


def _find_package():
    """Put the directory holding the package `clearsim` first on sys.path: the source tree's
    (tools/viz/../python) or an installation's (libexec/clearsim/../../lib/python3/
    dist-packages), so the tools read files with the package of their own tree."""
    here = os.path.dirname(os.path.realpath(__file__))
    for p in (os.path.join(here, "..", "python"),
              os.path.join(here, "..", "..", "lib", "python3", "dist-packages")):
        if os.path.isfile(os.path.join(p, "clearsim", "__init__.py")):
            sys.path.insert(0, os.path.normpath(p))
            return


sys.dont_write_bytecode = True  # keep tools/ free of __pycache__
# A run still writing its file holds HDF5's lock on it; reading a file being written is
# wanted (look at a long run while it goes), and the sink flushes whole blocks. Set before
# h5py is first imported, which _bootstrap does.
os.environ.setdefault("HDF5_USE_FILE_LOCKING", "FALSE")
_bootstrap()
_find_package()

import argparse  # noqa: E402
import matplotlib  # noqa: E402

matplotlib.use("Agg")

from clearsim.errors import ArgumentError, Error as PackageError  # noqa: E402
from clearsim.runfile import text as _text  # noqa: E402,F401  (plot_sweep reads summaries)


class ToolError(Exception):
    """A failure to report in one line and exit with `code`."""

    def __init__(self, message, code=EXIT_INPUT):
        super().__init__(message)
        self.code = code


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but usage errors exit 1 as clearsim's do (argparse's own is 2 = bad input)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, "%s: %s\n" % (self.prog, message))


def main(fn):
    """Run fn() and turn ToolError, and the package's errors reading a file (a usage error for
    an argument out of range, bad input otherwise), into a one-line message and its exit
    code."""
    try:
        sys.exit(fn())
    except (ToolError, PackageError) as e:
        code = getattr(e, "code", EXIT_USAGE if isinstance(e, ArgumentError) else EXIT_INPUT)
        sys.stderr.write("%s: %s\n" % (os.path.basename(sys.argv[0]), e))
        sys.exit(code)
    except BrokenPipeError:
        # the reader (e.g. head) left: not an error; keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


def save_figure(fig, path):
    import matplotlib.pyplot as plt
    try:
        fig.savefig(path, dpi=110)
    except OSError as e:
        raise ToolError("cannot write %s: %s" % (path, e), EXIT_OUTPUT)
    finally:
        plt.close(fig)


def default_output(run_path, suffix):
    """RUN.h5 → RUN<suffix> in the current directory (clearsim writes MODEL.h5 there too)."""
    return os.path.splitext(os.path.basename(run_path))[0] + suffix
