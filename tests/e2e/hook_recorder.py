"""Run a PreToolUse hook command transparently and append what went in and out to a log.

Usage: ``python hook_recorder.py LOG_FILE -- COMMAND [ARG...]``

The e2e harness puts this in front of the hook under test so a test can see, per tool call,
the exact input Claude Code sent and the exact answer the hook gave, including "no decision"
(exit 0, empty stdout), which leaves no other trace in Claude Code's output. Stdout, stderr and
the exit code are passed through unchanged, so Claude Code sees the wrapped hook's answer.
Stdlib only: it runs under the test interpreter, outside pytest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

# Claude Code's own hook timeout is set higher than this in the harness, so a hung hook is
# recorded here (as exit 1, which Claude Code treats as "no decision") instead of being killed
# unrecorded by Claude Code.
CHILD_TIMEOUT_SECONDS = 60.0


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print("usage: hook_recorder.py LOG_FILE -- COMMAND [ARG...]", file=sys.stderr)
        return 2
    log_file, command = argv[0], argv[2:]
    data = sys.stdin.buffer.read()
    started = time.monotonic()
    stdout = stderr = b""
    returncode: int | None
    try:
        child = subprocess.run(
            command, input=data, capture_output=True, timeout=CHILD_TIMEOUT_SECONDS, check=False
        )
        returncode, stdout, stderr = child.returncode, child.stdout, child.stderr
    except subprocess.TimeoutExpired:
        returncode, stderr = None, b"hook_recorder: hook timed out"
    except OSError as error:
        # The same as a hook Claude Code cannot start: exit 127, a non-blocking error.
        returncode, stderr = 127, f"hook_recorder: cannot run hook: {error}".encode()
    record = {
        "command": command,
        "input": data.decode("utf-8", "replace"),
        "stdout": stdout.decode("utf-8", "replace"),
        "stderr": stderr.decode("utf-8", "replace"),
        "returncode": returncode,
        "seconds": round(time.monotonic() - started, 4),
    }
    # One write on an O_APPEND descriptor: parallel tool calls run their hooks concurrently.
    fd = os.open(log_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, (json.dumps(record) + "\n").encode())
    finally:
        os.close(fd)
    sys.stdout.buffer.write(stdout)
    sys.stderr.buffer.write(stderr)
    return 1 if returncode is None else returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
