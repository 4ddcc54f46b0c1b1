"""The lifetime of a library object held by Python: Model and Registry."""
import threading


class Owned:
    """A library object that Python frees: close(), a `with` block or garbage collection.
    What still uses it (a run under way in another thread, a model loaded with a registry)
    keeps it until done; any other use after close() raises ValueError, never a NULL to the
    library. Subclasses give _in_use() and _free() and call _owned() in __init__."""

    def _owned(self):
        self._lock = threading.Lock()
        self._closed = False

    def close(self):
        """Free the library's object; any later use raises ValueError. What still uses it (a
        run under way in another thread, a model loaded with this registry) keeps it until it
        is done. Also at the end of a `with` block, and when garbage-collected."""
        with self._lock:
            self._closed = True
            if not self._in_use():
                self._free()

    def __enter__(self):
        self._handle()  # a closed object cannot be entered
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_lock", None) is not None:
            self.close()
