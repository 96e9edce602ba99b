"""The hook command of the warm path: `client.py`, run from its cached bytecode.

``gatekeeper install`` writes ``<venv python> -I -S <...>/gatekeeper/fasthook.py`` (see
`gatekeeper.client.hook_command`). Python compiles the file it runs as a script on every
start and never caches it: for the 400 lines of `client.py` that is ~5 ms of every hook call
on a slow interpreter, a fifth of a warm call. This script is a few lines, and runs
`client.py` as ``__main__`` from the code object the import system keeps in
``__pycache__`` (written on the first run if the directory is writable, checked against the
source's size and mtime like any import). An older installed command that names
`client.py` itself still works: the same code, compiled each time.

Built-ins only, as in the client. If the client cannot be loaded, the answer is "ask", never
a traceback and an exit status of 1.
"""

import sys


def _run() -> None:
    path = __file__.rpartition("/")[0] + "/client.py"
    try:
        try:
            from _frozen_importlib_external import SourceFileLoader  # loaded at every start

            code = SourceFileLoader("__main__", path).get_code("__main__")
            if code is None:
                raise ImportError(f"no code in {path}")
        except ImportError:  # another interpreter: compile it, as a script would be
            with open(path, "rb") as source:
                code = compile(source.read(), path, "exec")
    except BaseException as exc:  # noqa: BLE001 - the hook must never exit 1
        sys.stderr.write(f"gatekeeper: cannot load the hook client: {type(exc).__name__}: {exc}\n")
        sys.stdout.write(
            '{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
            '"permissionDecision": "ask", "permissionDecisionReason": '
            '"gatekeeper: the hook client could not be loaded; asking to be safe"}}\n'
        )
        sys.exit(0)
    exec(code, {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__})  # noqa: S102 - gatekeeper's own client


if __name__ == "__main__":
    _run()
