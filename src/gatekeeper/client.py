"""The fast hook client: forwards one hook call to the decision server, or decides in-process.

Claude Code starts the hook as a new process for every tool call, so the hook's cost is the
interpreter's start plus its imports. This module is the hook command for the warm path::

    <venv python> -I -S <path to gatekeeper>/fasthook.py

(`hook_command()` returns that argv; ``gatekeeper install`` writes it; `fasthook.py` runs
this file from its cached bytecode, and running this file itself works the same). Run that
way it imports nothing beyond the interpreter's built-in modules and ``_socket``: it reads
stdin, sends the bytes, the environment and the working directory to the per-user decision
server (`gatekeeper.server`) over a Unix socket, prints the answer and appends the audit line
the server encoded. Any problem — no server, a stale socket, a timeout, another version, a
directory that is not private, a peer of another uid, a server too busy to review — ends in
the in-process fallback: the same `gatekeeper.hook.respond` that ``gatekeeper hook`` runs, so
the answer is the cold path's, byte for byte. When no server answers, one is started
(detached, not holding the hook's pipes) for the next call.

A call for the Tier 2 reviewer is reviewed by the server too (in a child of its own), which
first answers ``reviewing <seconds>``. From then on the client never starts a second review
of its own: if no answer comes in those seconds, or a broken one, the fallback runs with the
reviewer ruled out and asks the human, saying why. So a hung server costs at most the
reviewer's timeout plus a few seconds, always below the hook timeout `gatekeeper install`
writes (a hook that times out lets the call through).

Standard library built-ins only at module level, and no `typing`: every import costs the
hook milliseconds. The helpers at the end (`hook_command`, `server_running`, `stop_server`)
are for the installer, the benchmark and the tests, and import what they need inside.
"""

import posix
import sys
import time

VERSION = "0.1.0"  # must equal gatekeeper.__version__ (a test pins it); the server checks it
PROTOCOL = b"GK1"
MAX_INPUT_BYTES = 10 * 1024 * 1024  # gatekeeper.pipeline.MAX_INPUT_BYTES (a test pins it)
MAX_ANSWER = 16 * 1024 * 1024
REVIEWER_CHILD_ENV = b"GATEKEEPER_REVIEWER_CHILD"  # gatekeeper.hook.REVIEWER_CHILD_ENV
TIMEOUT_ENV = b"GATEKEEPER_CLIENT_TIMEOUT"
SOCKET_NAME = b"server.sock"
LOCK_NAME = b"server.lock"
MAX_SOCKET_PATH = 107  # sun_path holds 108 bytes with the terminating NUL
BASE_TIMEOUT = 1.0  # seconds for a normal call; a hung server costs this plus the cold path
TIMEOUT_PER_MB = 30.0  # a 1 MB input may take seconds in the pipeline (docs/performance.md)
# The longest wait for a Tier 1 answer, whatever the input's size: Tier 1 gives up on a Bash
# call after 15 s (GK-SHELL-008, `pipeline.TIER1_BUDGET`), and this wait, the cold path
# after it and a review must all fit in the hook's timeout (`gatekeeper install`).
MAX_TIMEOUT = 20.0
REVIEWING = PROTOCOL + b" reviewing "
MAX_REVIEW_WAIT = 3600.0  # a server's "reviewing <seconds>" is believed up to this
REVIEW_LOST = "the decision server's review gave no answer in time"
GC_THRESHOLD = 20_000  # gatekeeper.procexit.GC_THRESHOLD (a test pins it)


# -- where the server lives -----------------------------------------------------------------


def _expand(path: bytes, environ: dict[bytes, bytes], cwd: bytes) -> bytes | None:
    """`os.path.abspath(os.path.expanduser(path))` for the cases that matter, without `os`."""
    if path == b"~" or path.startswith(b"~/"):
        home = environ.get(b"HOME")
        if not home:
            return None
        path = home + path[1:]
    elif path.startswith(b"~"):
        return None  # ~user: not worth a pwd lookup on the hot path; no warm path then
    if not path.startswith(b"/"):
        if not cwd:
            return None
        path = cwd + b"/" + path
    return path


def run_dir(environ: dict[bytes, bytes], cwd: bytes) -> bytes | None:
    """The server's private directory: ``<state dir>/run`` (None: no warm path possible).

    The state dir is found as `gatekeeper.config.state_dir` finds it.
    """
    explicit = environ.get(b"GATEKEEPER_STATE_DIR")
    if explicit:
        state = _expand(explicit, environ, cwd)
    else:
        base = environ.get(b"XDG_STATE_HOME")
        if not base:
            home = environ.get(b"HOME")
            if not home:
                return None
            base = home + b"/.local/state"
        state = _expand(base, environ, cwd)
        state = state + b"/gatekeeper" if state is not None else None
    if state is None:
        return None
    return state.rstrip(b"/") + b"/run"


def _private_dir(path: bytes) -> bool | None:
    """True: a real directory of ours that nobody else can enter; None: it does not exist."""
    try:
        st = posix.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return False
    is_dir = (st.st_mode & 0o170000) == 0o040000  # S_ISDIR, and not a symlink (lstat)
    return is_dir and st.st_uid == posix.getuid() and (st.st_mode & 0o077) == 0


# -- the protocol ---------------------------------------------------------------------------


def request(data: bytes, environ: dict[bytes, bytes], cwd: bytes, version: str = VERSION) -> bytes:
    """One request: a header line, then the environment, the cwd and stdin's bytes."""
    env = b"\0".join(k + b"=" + v for k, v in environ.items())
    header = b"%s %s %d %d %d\n" % (PROTOCOL, version.encode(), len(env), len(cwd), len(data))
    return header + env + cwd + data


def parse_answer(raw: bytes) -> tuple[bytes, bytes, bytes] | None:
    """(stdout bytes, audit path, audit line) from an ``ok`` answer; None for anything else."""
    end = raw.find(b"\n", 0, 256)
    if end < 0:
        return None
    parts = raw[:end].split(b" ")
    if len(parts) != 6 or parts[0] != PROTOCOL or parts[1] != b"ok":
        return None
    if parts[2] != VERSION.encode():
        return None  # a server of another version: its decisions are not this version's
    try:
        sizes = [int(p) for p in parts[3:]]
    except ValueError:
        return None
    if any(n < 0 for n in sizes) or end + 1 + sum(sizes) != len(raw):
        return None
    body = raw[end + 1 :]
    out = body[: sizes[0]]
    path = body[sizes[0] : sizes[0] + sizes[1]]
    line = body[sizes[0] + sizes[1] :]
    if (path == b"") != (line == b""):
        return None
    return out, path, line


def ask(
    data: bytes, environ: dict[bytes, bytes], cwd: bytes, *, start: bool = True
) -> tuple[bytes, bytes, bytes] | str | None:
    """The server's answer to one call; None: decide in-process; a str: the review failed.

    `start`: when no server listens, start one for the next call. The str (a reason) comes
    only after the server said it was reviewing: the caller must not review again.
    """
    import _socket

    directory = run_dir(environ, cwd)
    if directory is None or not cwd:
        return None
    path = directory + b"/" + SOCKET_NAME
    if len(path) > MAX_SOCKET_PATH:
        return None
    private = _private_dir(directory)
    if private is None:
        if start:
            spawn(directory)
        return None
    if not private:
        return None  # someone else could have put a socket there: never trust it
    timeout = answer_timeout(len(data))
    override = environ.get(TIMEOUT_ENV)
    if override:
        try:  # noqa: SIM105 - contextlib would cost the hook an import
            timeout = float(override)
        except ValueError:
            pass
    deadline = time.monotonic() + timeout
    reviewing = False
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        try:
            sock.connect(path)
        except (FileNotFoundError, ConnectionRefusedError):
            if start:
                spawn(directory)  # a stale socket or none: the new server replaces it
            return None
        if _peer_uid(sock) != posix.getuid():
            return None
        sock.sendall(request(data, environ, cwd))
        raw = b""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return REVIEW_LOST if reviewing else None
            sock.settimeout(left)
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            raw += chunk
            if len(raw) > MAX_ANSWER:
                return REVIEW_LOST if reviewing else None
            if not reviewing and raw.startswith(REVIEWING) and b"\n" in raw:
                line, _, raw = raw.partition(b"\n")
                try:
                    wait = min(float(line[len(REVIEWING) :]), MAX_REVIEW_WAIT)
                except ValueError:
                    return None  # nothing was reviewed yet: the cold path may review
                deadline = time.monotonic() + wait
                reviewing = True
    except OSError:  # timeouts, resets, refused: all mean "decide in-process"
        return REVIEW_LOST if reviewing else None
    finally:
        sock.close()
    answer = parse_answer(raw)
    if answer is None and reviewing:
        return "the decision server's review ended without a valid answer"
    return answer


def answer_timeout(size: int) -> float:
    """Seconds the client waits for the server's answer to an input of `size` bytes."""
    return min(BASE_TIMEOUT + TIMEOUT_PER_MB * size / (1024 * 1024), MAX_TIMEOUT)


def _peer_uid(sock: object) -> int:
    """The uid of the process at the other end of a connected Unix socket (-1: unknown)."""
    import _socket

    try:
        creds = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)  # type: ignore[attr-defined]
    except (OSError, AttributeError):
        return -1
    return int.from_bytes(creds[4:8], sys.byteorder)


def spawn(directory: bytes) -> None:
    """Start the decision server, fully detached: new session, stdio on /dev/null.

    Double fork: the server is not our child (we exit at once) and holds none of our pipes,
    so Claude Code, which waits for the hook's stdout and stderr to close, never waits for it.
    """
    try:
        pid = posix.fork()
    except OSError:
        return
    if pid:
        try:  # noqa: SIM105 - contextlib would cost the hook an import
            posix.waitpid(pid, 0)
        except OSError:
            pass
        return
    try:  # the first child: a new session, then the server as its orphaned grandchild
        posix.setsid()
        if posix.fork():
            posix._exit(0)
        null = posix.open(b"/dev/null", posix.O_RDWR)
        for fd in (0, 1, 2):
            posix.dup2(null, fd)
        posix.closerange(3, 65536)
        posix.chdir(b"/")
        python = sys.executable
        where = directory.decode("utf-8", "surrogateescape")
        posix.execv(python, [python, "-I", "-m", "gatekeeper.server", where])
    finally:
        posix._exit(0)


# -- the hook -------------------------------------------------------------------------------


def _read_stdin() -> bytes | None:
    chunks = []
    size = 0
    try:
        while size <= MAX_INPUT_BYTES:
            chunk = posix.read(0, min(1 << 20, MAX_INPUT_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = posix.write(fd, view)
        view = view[written:]


def _append_audit(path: bytes, line: bytes) -> None:
    """`gatekeeper.audit.append_line` with built-ins only: one write(2), O_APPEND, flock."""
    import fcntl

    try:
        flags = posix.O_WRONLY | posix.O_APPEND | posix.O_CREAT | posix.O_CLOEXEC
        fd = posix.open(path, flags, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            written = posix.write(fd, line)
            if written != len(line):
                raise OSError(f"short write ({written} of {len(line)} bytes)")
        finally:
            posix.close(fd)
    except OSError as exc:
        sys.stderr.write(f"gatekeeper: audit failed: {exc}\n")


def _fallback(data: bytes | None, started: float, review_failure: str | None = None) -> int:
    """The cold path: exactly what `gatekeeper hook` does with these bytes.

    `review_failure`: the server's review failed, so none is tried again: a call that needs
    review asks the human, with this reason.
    """
    import gc

    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])  # as `gatekeeper hook` does
    if "site" not in sys.modules:  # run with -S: find the venv's packages now, not earlier
        import site

        site.main()
    from gatekeeper.hook import respond_guarded

    return respond_guarded(data, started, review_failure)


def main(argv: list[str]) -> int:
    """The hook: always exit 0, print only the protocol's answer."""
    started = time.perf_counter()
    environ = posix.environ
    if environ.get(REVIEWER_CHILD_ENV):
        return 0  # inside gatekeeper's own reviewer: no decision, at once (as the hook does)
    data = _read_stdin()
    if data is not None and "--no-server" not in argv:
        try:
            cwd = posix.getcwdb()
        except OSError:
            cwd = b""
        answer = ask(data, environ, cwd)
        if isinstance(answer, str):
            return _fallback(data, started, answer)
        if answer is not None:
            out, path, line = answer
            try:  # noqa: SIM105 - contextlib would cost the hook an import
                _write_all(1, out)
            except OSError:
                pass  # Claude Code went away; nothing left to tell it
            if path:
                _append_audit(path, line)
            return 0
    return _fallback(data, started)


def _guarded_main() -> int:
    try:
        return main(sys.argv[1:])
    except BaseException as exc:  # noqa: BLE001 - the hook must never exit 1 (Claude Code runs the tool)
        try:
            sys.stderr.write(f"gatekeeper: client failed: {type(exc).__name__}: {exc}\n")
            _write_all(
                1,
                b'{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
                b'"permissionDecision": "ask", "permissionDecisionReason": '
                b'"gatekeeper: internal error in the hook client; asking to be safe"}}\n',
            )
        except BaseException:  # noqa: BLE001, S110 - nothing left to report to
            pass
        return 0


# -- for the installer, the benchmark and the tests ------------------------------------------


def hook_command() -> list[str]:
    """The argv of the fast hook: this Python, isolated and without site, running this client.

    ``gatekeeper install`` writes it (shell-quoted) into Claude Code's settings instead of
    ``<path>/gatekeeper hook``; both give the same answers. The script is `fasthook.py`, which
    runs this file from its cached bytecode (a script is compiled on every start).
    """
    import os

    return [
        sys.executable,
        "-I",
        "-S",
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "fasthook.py"),
    ]


def _environ_of(env: dict[str, str] | None) -> dict[bytes, bytes]:
    import os

    source = os.environ if env is None else env
    return {k.encode(): v.encode() for k, v in source.items()}


def server_pid(env: dict[str, str] | None = None) -> int | None:
    """The pid of the running server for this environment's state dir, if one runs."""
    import fcntl
    import os

    directory = run_dir(_environ_of(env), os.getcwdb())
    if directory is None:
        return None
    try:
        fd = os.open(directory + b"/" + LOCK_NAME, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            text = os.read(fd, 64).strip()
            return int(text) if text.isdigit() else None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None  # nobody holds the lock: no server
    finally:
        os.close(fd)


def server_running(env: dict[str, str] | None = None) -> bool:
    """Whether a server answers for this environment's state dir."""
    return server_pid(env) is not None


def stop_server(env: dict[str, str] | None = None, timeout: float = 5.0) -> None:
    """Stop the server of this environment's state dir (SIGTERM), and wait for it to go."""
    import os
    import signal

    pid = server_pid(env)
    if pid is None:
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server_pid(env) is not None:
        time.sleep(0.02)


def _exit(code: int) -> None:
    """Leave without the interpreter's teardown when nothing needs it.

    After the in-process fallback, `gatekeeper.procexit.finish` decides, as for
    ``gatekeeper hook``. On the warm path only built-in modules are loaded and the answer
    went out with ``write(2)``: the teardown (~6 million instructions, a fifth of the
    interpreter's start) has nothing to do unless an ``atexit`` callback, a profiler or a
    tracer was installed.
    """
    if "gatekeeper.hook" in sys.modules:
        try:
            from gatekeeper.procexit import finish
        except ImportError:  # pragma: no cover - the fallback imported the package already
            sys.exit(code)
        finish(code)
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - contextlib would cost the hook an import
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    atexit = sys.modules.get("atexit")  # not imported: nobody registered a callback
    if atexit is not None and getattr(atexit, "_ncallbacks", lambda: 1)():
        sys.exit(code)
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)
    posix._exit(code)


if __name__ == "__main__":
    _exit(_guarded_main())
