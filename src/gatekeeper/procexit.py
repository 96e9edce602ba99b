"""The end of a hook process: exit at once when nothing is left for the interpreter to do.

A cold ``gatekeeper hook`` is a new process that decides one call and exits. After the
answer is written and the audit line appended, the interpreter's own teardown (collecting
the garbage of every module, clearing and freeing ~100 modules one by one) costs about as
much as the decision itself: ~15 million instructions of a ~124 million one, where the
answer and the audit line are already on their way. `finish` flushes the standard streams
and leaves with ``os._exit`` when that teardown would do nothing anyone can see:

- no ``atexit`` callback is registered (``weakref.finalize``, logging, coverage... register
  one);
- no thread but the main one runs (the teardown would wait for it);
- no profiler or tracer is installed (it writes its results at exit);
- every module loaded is the standard library's, gatekeeper's, tree-sitter's or setuptools'
  ``_distutils_hack`` (a third-party plugin or a ``sitecustomize`` may rely on finalizers).

Otherwise it exits the ordinary way. gatekeeper's own files are written with ``os.write`` or
closed by ``with`` blocks, and the kernel releases ``flock``s and descriptors at exit, so
nothing of the hook's output depends on the teardown. `tune_gc` raises the collector's
first threshold for the life of such a process: with the default (700 allocations) a cold
call collects ~19 times while it imports its ~90 modules, and finds almost nothing to free
(~100 objects); at 20,000 an ordinary call never collects, and a huge input still does.

Built-ins only (``gc``, ``atexit``, ``posix``, ``sys``): it runs at the very end of a process
and must not import anything worth a teardown itself.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import NoReturn

GC_THRESHOLD = 20_000  # allocations between two young collections (the default: 700)
# Top-level packages besides the standard library whose modules need no teardown.
KNOWN = frozenset({"gatekeeper", "tree_sitter", "tree_sitter_bash", "_distutils_hack"})


def tune_gc() -> None:
    """Collect the young generation every `GC_THRESHOLD` allocations (this process only)."""
    import gc

    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, middle, old)


def teardown_needed() -> bool:
    """Whether the interpreter's teardown could still do something: see the module doc."""
    atexit = sys.modules.get("atexit")  # not imported: nobody registered a callback
    if atexit is not None and getattr(atexit, "_ncallbacks", lambda: 1)():
        return True
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return True
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return True
    stdlib = getattr(sys, "stdlib_module_names", None)
    if stdlib is None:
        return True
    for name in list(sys.modules):
        top = name.partition(".")[0]
        if top not in stdlib and top not in KNOWN and name != "__main__":
            return True
    return False


def finish(code: int) -> NoReturn:
    """Flush stdout and stderr, then exit with `code`: at once unless `teardown_needed`."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing left to tell
            pass
    if teardown_needed():
        sys.exit(code)
    import posix

    posix._exit(code)
