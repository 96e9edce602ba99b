"""The per-user decision server: the warm path of the hook (see docs/performance.md).

Started on demand by `gatekeeper.client` as ``python -I -m gatekeeper.server RUN_DIR`` (fully
detached), it keeps the interpreter, the imports and a built `Engine` per configuration warm,
and answers hook calls on a Unix socket ``RUN_DIR/server.sock``:

* ``RUN_DIR`` is ``<state dir>/run``, created 0700; the server refuses to run in a directory
  that is not a real directory of its own uid closed to everyone else, and the socket is 0600;
* a client is served only if its uid (``SO_PEERCRED``) is the server's, and only if it speaks
  the same protocol and gatekeeper version; a server whose own code changed on disk answers
  ``stale`` and exits;
* a request is exactly what a hook process would have: stdin's bytes, the environment and the
  working directory. The server takes them on for the call (so config paths, the project dir
  and ``TMPDIR`` resolve as in the client), loads the config anew (every source, every call,
  so edits apply at once) and decides with `gatekeeper.hook.run`, the cold path's own code;
* a call that goes to the Tier 2 reviewer (a model that runs for seconds) is reviewed in a
  child forked at the moment the pipeline reaches the reviewers, so the server goes on
  answering other calls. The child first tells the client ``reviewing <seconds>`` (the
  reviewer's timeout plus a margin: the longest the client waits before it asks the human),
  then answers like any other call and exits. At most `MAX_REVIEWS` run at once; beyond that
  (or if the fork fails) the answer is ``fallback`` and the client reviews in-process, as
  ``gatekeeper hook`` would;
* the answer carries the protocol bytes and the audit line; the client prints the one and
  appends the other, so each decision is audited exactly once, by whoever delivered it;
* it exits after ``$GATEKEEPER_SERVER_IDLE`` seconds without a call (default 900).

There is no request that changes config or state: the server has no command but "decide".
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import socket
import stat
import struct
import sys
import time
from typing import TYPE_CHECKING

from gatekeeper import __version__, client, hook
from gatekeeper.hookspecs import hookimpl

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.config import Config
    from gatekeeper.context import Context
    from gatekeeper.model import Finding, ToolCall
    from gatekeeper.pipeline import Engine

IDLE_ENV = "GATEKEEPER_SERVER_IDLE"
DEFAULT_IDLE = 900.0
MAX_ENV_BYTES = 4 * 1024 * 1024
MAX_CWD_BYTES = 64 * 1024
READ_TIMEOUT = 5.0  # a client that sends nothing is dropped (and falls back itself)
MAX_ENGINES = 16
FALLBACK = client.PROTOCOL + b" fallback\n"
SERVED_BY = {"served_by": "server"}  # in the audit record of every decision made here
MAX_REVIEWS = 8  # reviews running at once in forked children; beyond: the client's own path
REVIEW_MARGIN = 5.0  # seconds the review child may need beyond the reviewer's own timeout


class NeedsReview(BaseException):
    """Raised by `ReviewGuard` when the call goes to Tier 2 and no child can review it here.

    A BaseException on purpose: the host's failure isolation catches `Exception` only, so
    this one leaves the pipeline unchanged and untouched, before any reviewer runs.
    """


class Forked(BaseException):
    """Raised in the server after it forked a child that goes on with the review.

    The child owns the connection from then on: the server sends nothing on it.
    """


class ReviewGuard:
    """Stands in front of every reviewer in the server's engines: Tier 2 runs in a child."""

    def __init__(self, server: Server) -> None:
        self.server = server

    @hookimpl(tryfirst=True)  # must run before any reviewer, built-in or third-party
    def gatekeeper_review(self, call: ToolCall, findings: Sequence[Finding], ctx: Context) -> None:
        """Forks the review off (or stops the pipeline); in the child, lets the reviewers run."""
        del call, findings
        self.server.fork_review(ctx.config.reviewer.timeout_seconds)


def peer_uid(conn: socket.socket) -> int:
    """The uid of the connected peer (SO_PEERCRED), -1 if the platform cannot tell."""
    try:
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, AttributeError):
        return -1
    return int(struct.unpack("3i", creds)[1])


class Server:
    """Decides calls for clients of one uid: Tier 1 one call at a time (~1 ms each), each
    review in a child of its own."""

    def __init__(self, uid: int | None = None) -> None:
        self.uid = os.getuid() if uid is None else uid
        self.engines: dict[Config, Engine] = {}
        self.code: dict[str, tuple[int, int]] = {}
        self.code_changed()
        self.stop = False
        self.conn: socket.socket | None = None  # the connection being answered
        self.reviews: set[int] = set()  # pids of the review children still running
        self.inherited: tuple[int, ...] = ()  # fds a review child must not keep (socket, lock)
        self.child = False  # True in a review child

    # -- one connection ---------------------------------------------------------------------

    def handle(self, conn: socket.socket) -> None:
        """Serve one connection; any failure just drops it (the client falls back)."""
        conn.settimeout(READ_TIMEOUT)
        if peer_uid(conn) != self.uid:
            return  # another user: not a word
        self.conn = conn
        try:
            reply = self.answer(_Reader(conn))
            if reply:
                conn.sendall(reply)
        finally:
            self.conn = None
            if self.child:
                os._exit(0)  # a review child never returns to the server's loop

    # -- reviews in children ----------------------------------------------------------------

    def fork_review(self, timeout: float) -> None:
        """Go on with the review in a child; the server raises `Forked` and moves on.

        In the child this returns (the pipeline goes on to the reviewers) after telling the
        client how long to wait. Raises `NeedsReview` when no child can take it.
        """
        if self.child:
            return
        self.reap()
        if self.conn is None or len(self.reviews) >= MAX_REVIEWS:
            raise NeedsReview
        try:
            pid = os.fork()
        except OSError:
            raise NeedsReview from None
        if pid:
            self.reviews.add(pid)
            raise Forked
        self.child = True
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the reviewer waits for its own child
        for fd in self.inherited:
            with contextlib.suppress(OSError):
                os.close(fd)
        wait = math.ceil(timeout + REVIEW_MARGIN)
        self.conn.sendall(b"%s reviewing %d\n" % (client.PROTOCOL, wait))

    def reap(self) -> None:
        """Collect the review children that finished (only ours: never another's child)."""
        for pid in list(self.reviews):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                self.reviews.discard(pid)

    def answer(self, reader: _Reader) -> bytes:
        """The reply to one request read from `reader` (b"": drop the connection)."""
        header = reader.line(256)
        parts = header.split(b" ")
        if len(parts) != 5 or parts[0] != client.PROTOCOL:
            return client.PROTOCOL + b" error\n"
        if parts[1] != __version__.encode():
            return client.PROTOCOL + b" version\n"
        if self.code_changed():
            self.stop = True  # our code changed on disk: let a fresh server take over
            return client.PROTOCOL + b" stale\n"
        try:
            env_len, cwd_len, data_len = (int(p) for p in parts[2:])
        except ValueError:
            return client.PROTOCOL + b" error\n"
        if not (
            0 <= env_len <= MAX_ENV_BYTES
            and 0 < cwd_len <= MAX_CWD_BYTES
            and 0 <= data_len <= client.MAX_INPUT_BYTES + 1
        ):
            return FALLBACK
        env = reader.exactly(env_len)
        cwd = reader.exactly(cwd_len)
        data = reader.exactly(data_len)
        return self.decide(env, cwd, data)

    # -- one decision -----------------------------------------------------------------------

    def decide(self, env: bytes, cwd: bytes, data: bytes) -> bytes:
        """Decide as the hook would in that environment and directory, or say `fallback`."""
        started = time.perf_counter()
        environ = dict(item.split(b"=", 1) for item in env.split(b"\0") if b"=" in item)
        if environ.get(client.REVIEWER_CHILD_ENV):
            return FALLBACK
        _take_environment(environ)
        try:
            os.chdir(cwd)
        except OSError:
            return FALLBACK
        try:
            out, decision, call, config = hook.run(data, engine_for=self.engine_for)
            entry = hook.audit_entry(decision, call, config, started, SERVED_BY)
            if entry is not None:
                os.makedirs(os.path.dirname(entry[0]), mode=0o700, exist_ok=True)
        except NeedsReview:
            return FALLBACK
        except Forked:
            return b""  # the review child answers on this connection
        except Exception:  # noqa: BLE001 - whatever failed here, the cold path reproduces it
            return FALLBACK
        if any(engine.interrupted for engine in self.engines.values()):
            # Tier 1 was stopped at an arbitrary point (`pipeline._watched`): what a check
            # keeps between calls may be half updated. This answer stands; a fresh server
            # takes the next call.
            self.stop = True
        path, line = b"", b""
        if entry is not None:
            path, line = entry[0].encode("utf-8", "surrogateescape"), entry[1]
        head = b"%s ok %s %d %d %d\n" % (
            client.PROTOCOL,
            __version__.encode(),
            len(out),
            len(path),
            len(line),
        )
        return head + out + path + line

    def engine_for(self, config: Config) -> Engine:
        """The engine for a config, built once (the config itself is loaded every call)."""
        engine = self.engines.get(config)
        if engine is None:
            from gatekeeper.pipeline import Engine

            engine = Engine(config)
            engine.pm.register(ReviewGuard(self), name="gatekeeper.server.review-guard")
            if len(self.engines) >= MAX_ENGINES:
                self.engines.clear()
            self.engines[config] = engine
        return engine

    def code_changed(self) -> bool:
        """Whether a gatekeeper module loaded here changed on disk since it was loaded."""
        for name, module in list(sys.modules.items()):
            if not name.startswith("gatekeeper"):
                continue
            path = getattr(module, "__file__", None)
            if not path:
                continue
            try:
                st = os.stat(path)
                now = (st.st_mtime_ns, st.st_size)
            except OSError:
                now = (-1, -1)
            seen = self.code.setdefault(path, now)
            if seen != now:
                return True
        return False


class _Reader:
    """Buffered, bounded reads from a connection."""

    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.buf = b""

    def _fill(self) -> None:
        chunk = self.conn.recv(1 << 20)
        if not chunk:
            raise ConnectionError("the client closed the connection early")
        self.buf += chunk

    def line(self, limit: int) -> bytes:
        while b"\n" not in self.buf:
            if len(self.buf) > limit:
                raise ConnectionError("header too long")
            self._fill()
        head, _, self.buf = self.buf.partition(b"\n")
        return head

    def exactly(self, n: int) -> bytes:
        chunks = [self.buf[:n]]
        got = len(chunks[0])
        self.buf = self.buf[n:]
        while got < n:
            chunk = self.conn.recv(min(1 << 20, n - got))
            if not chunk:
                raise ConnectionError("the client closed the connection early")
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)


def _take_environment(environ: dict[bytes, bytes]) -> None:
    """Make the process environment the client's (changed keys only)."""
    current = os.environb
    for key in [k for k in current if k not in environ]:
        del current[key]
    for key, value in environ.items():
        if current.get(key) != value:
            current[key] = value


def prepare(directory: str) -> int | None:
    """Create/check the private run dir and take the server lock; the lock fd, or None."""
    import fcntl

    os.makedirs(os.path.dirname(directory), mode=0o700, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(directory, 0o700)
    st = os.lstat(directory)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        return None  # not private: a socket here could be reached or replaced by others
    lock = os.path.join(directory, "server.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    for attempt in range(5):  # `client.server_pid` probes the lock for a moment
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if attempt == 4:
                os.close(fd)
                return None  # another server runs (or is starting): it will answer
            time.sleep(0.02)
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def serve(directory: str, idle: float) -> int:
    """Listen in `directory` until idle; 0 when done (or when another server runs)."""
    lock = prepare(directory)
    if lock is None:
        return 0
    path = os.path.join(directory, "server.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    bound = None
    try:
        if os.path.lexists(path):
            os.unlink(path)  # stale: its server is dead (we hold the lock)
        old = os.umask(0o177)
        try:
            sock.bind(path)
        finally:
            os.umask(old)
        bound = os.lstat(path).st_ino
        sock.listen(64)
        sock.settimeout(idle)
        _warm_up()
        server = Server()
        server.inherited = (sock.fileno(), lock)
        signal.signal(signal.SIGCHLD, lambda signum, frame: server.reap())
        while not server.stop:
            try:
                conn, _ = sock.accept()
            except TimeoutError:
                break
            # One bad connection never stops the server; its client falls back.
            with conn, contextlib.suppress(Exception):
                server.handle(conn)
    finally:
        sock.close()
        try:
            if bound is not None and os.lstat(path).st_ino == bound:
                os.unlink(path)
        except OSError:
            pass
        os.close(lock)
    return 0


# What a review imports on first use: imported once here, so no review child pays for it.
REVIEW_MODULES = (
    "gatekeeper.state",
    "gatekeeper.transcript",
    "shlex",
    "shutil",
    "signal",
    "string",
    "subprocess",
)


def _warm_up() -> None:
    """Import what every decision and every review needs before the first client waits."""
    import importlib

    from gatekeeper import audit, config, pipeline
    from gatekeeper.host import BUILTIN_PLUGINS

    del audit, config, pipeline
    for name in (*BUILTIN_PLUGINS, *REVIEW_MODULES):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - the engine reports a broken plugin per call
            continue


def _terminate(signum: int, frame: object) -> None:
    del signum, frame
    raise SystemExit(0)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -I -m gatekeeper.server RUN_DIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -I -m gatekeeper.server RUN_DIR", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        idle = float(os.environ.get(IDLE_ENV) or DEFAULT_IDLE)
    except ValueError:
        idle = DEFAULT_IDLE
    sys.stdout = sys.stderr  # a plugin's print() has nowhere to go but /dev/null
    return serve(os.path.abspath(args[0]), idle)


if __name__ == "__main__":
    sys.exit(main())
