"""clearsim's exceptions: one per status of the library (cs_status), all clearsim.Error.

Each carries the library's message (str(e)), its status name (e.status), the JSON pointer it
names when the fault is in an input file (e.path, e.g. "/bodies/1/mass", else None), the
origin (file name or "<dict>") and, for a run that failed on the way, the partial result
(e.result: every row up to the failure).
"""


class Error(Exception):
    """A failure reported by libclearsim."""
    status = "error"

    def __init__(self, message, origin=None, result=None):
        super().__init__(message)
        self.message = message
        self.origin = origin
        self.result = result
        self.path = json_path(message, origin)


class InputError(Error):
    """Bad model, impact or parameter input (CS_ERR_INPUT)."""
    status = "input"


class AssemblyError(Error):
    """The mechanism cannot be assembled: a joint cannot close (CS_ERR_ASSEMBLY)."""
    status = "assembly"


class SolverError(Error):
    """The integrator failed (CS_ERR_SOLVER); e.result holds the rows reached."""
    status = "solver"


class FileError(Error, OSError):
    """A file could not be read or written (CS_ERR_IO)."""
    status = "io"


class OutOfMemory(Error, MemoryError):
    """CS_ERR_MEMORY."""
    status = "memory"


class ArgumentError(Error, ValueError):
    """An API call with arguments out of contract (CS_ERR_ARGUMENT)."""
    status = "argument"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) during a run: a KeyboardInterrupt that keeps the partial result
    (e.result: every row up to the interruption, status "interrupted")."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.message = message
        self.result = result


BY_CODE = {1: InputError, 2: AssemblyError, 3: SolverError, 4: FileError, 6: OutOfMemory,
           7: ArgumentError}


def json_path(message, origin):
    """The JSON pointer of "<origin>: <pointer>: <what>" messages, else None."""
    rest = message
    if origin and message.startswith(origin + ": "):
        rest = message[len(origin) + 2:]
    elif ": /" in message:
        rest = message[message.index(": /") + 2:]
    if rest.startswith("/"):
        return rest.split(": ", 1)[0]
    return None


def error(code, message, origin=None, result=None):
    return BY_CODE.get(code, Error)(message, origin, result)
