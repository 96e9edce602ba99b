"""Claude Code's hook entry: stdin JSON → exactly one JSON decision (or nothing) on stdout.

This is the hot path: a new process per tool call. It imports only what Tier 1 needs, and
it never fails open by accident: malformed input and internal errors answer ``ask`` with a
reason, nothing but the decision reaches stdout (a plugin's stray ``print`` goes to stderr),
and the exit code is always 0 (Claude Code treats exit 1 as "no decision" and runs the
tool).
"""

from __future__ import annotations

import os
import sys
import time

from gatekeeper import jsonc
from gatekeeper.jsonc import quote, string
from gatekeeper.model import Decision, Outcome

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from gatekeeper.config import Config
    from gatekeeper.model import ToolCall
    from gatekeeper.pipeline import Engine

# Set in the environment of gatekeeper's own reviewer child: a hook started inside it
# answers "no decision" at once, so a reviewer can never start a reviewer.
REVIEWER_CHILD_ENV = "GATEKEEPER_REVIEWER_CHILD"
MAX_MESSAGE = 9000  # Claude Code caps hook output strings at 10,000 characters


def render(decision: Decision, event: str, warnings: tuple[str, ...] = ()) -> bytes:
    """The hook protocol's JSON for a decision (b"" for no decision and no warning).

    The bytes `json.dumps(out, ensure_ascii=False)` gives for the object the protocol
    wants, written out directly: only strings vary, each quoted as json quotes a string
    (`jsonc.string`), and the keys are fixed. Building the dict and walking it with json's
    encoder cost ~3x as much, on every call (`tests/test_render.py` compares the two).
    """
    outcome = decision.outcome
    if event == "PreToolUse" and not warnings:  # the common answer, in one piece (hot)
        head = _PRE_TOOL_USE.get(outcome._value_)  # the slot: `.value` is a property
        if head is None:
            return b""  # NONE: no decision
        reason = "gatekeeper: " + decision.reason
        if len(reason) > MAX_MESSAGE:
            reason = reason[:MAX_MESSAGE] + "…"
        return f"{head}{quote(reason)}}}}}\n".encode()
    hook = ""  # the hookSpecificOutput object, as JSON; "" for none
    if event == "PermissionRequest":
        if outcome == Outcome.ALLOW:
            hook = '{"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}'
        elif outcome == Outcome.DENY:
            hook = (
                '{"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", '
                f'"message": {string(_reason(decision))}}}}}'
            )
        # ASK and NONE: no decision, so Claude Code's own dialog shows.
    elif outcome != Outcome.NONE:
        hook = (
            f'{{"hookEventName": "PreToolUse", "permissionDecision": {string(outcome.value)}, '
            f'"permissionDecisionReason": {string(_reason(decision))}}}'
        )
    if warnings:
        text = "gatekeeper config problem: " + "; ".join(warnings)
        message = f'"systemMessage": {string(text[:MAX_MESSAGE])}'
        out = f'{{"hookSpecificOutput": {hook}, {message}}}' if hook else f"{{{message}}}"
    elif hook:
        out = f'{{"hookSpecificOutput": {hook}}}'
    else:
        return b""
    return (out + "\n").encode("utf-8")


# The PreToolUse answer up to its reason, for each outcome but NONE (keyed by value).
_PRE_TOOL_USE = {
    outcome.value: '{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
    f'"permissionDecision": {string(str(outcome.value))}, "permissionDecisionReason": '
    for outcome in (Outcome.ALLOW, Outcome.DENY, Outcome.ASK)
}


def _reason(decision: Decision) -> str:
    reason = "gatekeeper: " + decision.reason
    if len(reason) > MAX_MESSAGE:
        reason = reason[:MAX_MESSAGE] + "…"
    return reason


def _event_of(data: bytes) -> str:
    """Best effort: the event name of an input that failed validation."""
    try:
        obj = jsonc.loads(data.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return "PreToolUse"
    event = obj.get("hook_event_name") if isinstance(obj, dict) else None
    return event if event == "PermissionRequest" else "PreToolUse"


def run(
    data: bytes,
    engine_for: Callable[[Config], Engine] | None = None,
    review_failure: str | None = None,
) -> tuple[bytes, Decision, ToolCall | None, Config | None]:
    """Decide one hook input; never raises. Returns the stdout bytes and what to audit.

    `engine_for` lets the decision server reuse an `Engine` built for the same config; the
    hook builds a fresh one. Either way the config is loaded anew for every call.
    `review_failure` (the fast client, after the server's review failed): no reviewer is
    called; a call that needs review asks the human with this reason.
    """
    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import WATCHDOG, Engine, InputError, parse_input

    call: ToolCall | None = None
    config: Config | None = None
    warnings: tuple[str, ...] = ()
    try:
        call = parse_input(data)
        config = config_mod.load(call.cwd)
        if engine_for is not None:
            engine = engine_for(config)
        else:
            engine = Engine(config)
            engine.review_failure = review_failure
        engine.watchdog = WATCHDOG  # a blocking read must not outlast Claude Code's timeout
        warnings = engine.warnings
        decision = engine.decide(call)
    except InputError as exc:
        decision = Decision(
            Outcome.ASK,
            f"malformed hook input: {exc}",
            "input",
            rule="GK-INPUT-001",
            plugin="gatekeeper",
        )
    except Exception as exc:  # noqa: BLE001 - any internal error means "ask the human"
        decision = Decision(
            Outcome.ASK,
            f"internal error ({type(exc).__name__}: {exc}); asking to be safe",
            "error",
            rule="GK-ERROR-001",
            plugin="gatekeeper",
        )
    event = call.hook_event_name if call is not None else _event_of(data)
    return render(decision, event, warnings), decision, call, config


def main(*, guard: bool = False) -> int:
    """Entry point of `gatekeeper hook`. Always exits 0. `guard`: answer in a child process
    (`respond_guarded`), as the console script's own process does."""
    if os.environ.get(REVIEWER_CHILD_ENV):
        return 0  # inside gatekeeper's own reviewer: no decision, at once
    started = time.perf_counter()
    data: bytes | None
    try:
        from gatekeeper.pipeline import MAX_INPUT_BYTES

        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    except BaseException:  # noqa: BLE001 - an unreadable stdin still gets an answer
        data = None
    return respond_guarded(data, started) if guard else respond(data, started)


def respond_guarded(data: bytes | None, started: float, review_failure: str | None = None) -> int:
    """`respond` in a forked child, so that a native crash still gets an answer. Always 0.

    A segfault in a C extension (tree-sitter, a third-party checker's library) ends the
    process with no output, which Claude Code takes as a non-blocking error: the call runs,
    in bypassPermissions without asking. Here the child answers into a pipe; when it dies by
    a signal or exits otherwise than 0, its output (perhaps a partial one) is dropped and
    the answer is `ask` (GK-ERROR-001), with an audit record. The cost is one fork before the
    analysis is imported (fork, exit and wait of such a process: ~4 ms in the slow sandbox
    the benchmark runs in, well under 1 ms on a usual Linux host), on the cold path only:
    a call the decision server answers forks nothing.
    """
    fork = getattr(os, "fork", None)
    if fork is None:  # pragma: no cover - no fork (Windows): unguarded
        return respond(data, started, review_failure)
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    try:
        pid = fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return respond(data, started, review_failure)
    if pid == 0:  # the child: answer into the pipe, then leave at once
        code = 1
        try:
            os.close(read_end)
            sys.stdout = open(write_end, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            code = respond(data, started, review_failure)
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    with open(read_end, "rb") as pipe:
        while chunk := pipe.read(1 << 16):
            chunks.append(chunk)
    status = _wait(pid)
    if status == 0:
        out = b"".join(chunks)
        reason = ""
    else:
        signal_number = -status if status < 0 else 0
        reason = (
            f"the analysis died by signal {signal_number}"
            if signal_number
            else f"the analysis exited with status {status}"
        )
        decision = Decision(
            Outcome.ASK,
            f"internal error ({reason}); asking to be safe [GK-ERROR-001]",
            "error",
            rule="GK-ERROR-001",
            plugin="gatekeeper",
        )
        out = render(decision, _event_of(data) if data else "PreToolUse")
    try:
        if out:
            sys.stdout.buffer.write(out)
            sys.stdout.buffer.flush()
    except OSError:
        pass  # Claude Code went away; nothing left to tell it
    if reason:
        print(f"gatekeeper: {reason}; answered ask", file=sys.stderr)
        _audit(decision, None, None, started)
    return 0


def _wait(pid: int) -> int:
    """The child's exit status: its code, or minus the signal that ended it."""
    while True:
        try:
            _, status = os.waitpid(pid, 0)
        except InterruptedError:  # pragma: no cover - retried by Python since 3.5
            continue
        except ChildProcessError:  # pragma: no cover - reaped elsewhere: unknown, so ask
            return 1
        return os.waitstatus_to_exitcode(status)


def respond(data: bytes | None, started: float, review_failure: str | None = None) -> int:
    """Answer one hook input already read (None: stdin could not be read). Always 0.

    Shared by `main` and the fast client's in-process fallback (`gatekeeper.client`), so
    both paths write the same bytes and the same audit record (`review_failure`: see `run`).
    """
    real_stdout = sys.stdout
    decision: Decision | None
    call: ToolCall | None
    config: Config | None
    try:
        if data is None:
            raise OSError("stdin could not be read")
        sys.stdout = sys.stderr  # a plugin's print() must not corrupt the decision
        out, decision, call, config = run(data, review_failure=review_failure)
    except BaseException as exc:  # noqa: BLE001 - even KeyboardInterrupt must not leave exit 1
        decision = Decision(
            Outcome.ASK,
            f"internal error ({type(exc).__name__}) [GK-ERROR-001]",
            "error",
            rule="GK-ERROR-001",
        )
        out = render(decision, "PreToolUse")
        call, config = None, None  # still audited below: an interrupted call leaves a record
    finally:
        sys.stdout = real_stdout
    try:
        if out:
            real_stdout.buffer.write(out)
            real_stdout.buffer.flush()
    except OSError:
        pass  # Claude Code went away; nothing left to tell it
    if decision is not None:
        _audit(decision, call, config, started)
    return 0


def audit_entry(
    decision: Decision,
    call: ToolCall | None,
    config: Config | None,
    started: float,
    extra: Mapping[str, object] | None = None,
) -> tuple[str, bytes] | None:
    """Where the decision's audit record goes and its line (None: audit disabled)."""
    from gatekeeper import audit

    enabled = config.audit_enabled if config is not None else True
    if not enabled:
        return None
    rec = audit.record(decision, call, config, started, extra)
    return audit.audit_path(config), audit.encode(rec)


def _audit(
    decision: Decision, call: ToolCall | None, config: Config | None, started: float
) -> None:
    from gatekeeper import audit

    try:
        entry = audit_entry(decision, call, config, started)
        if entry is not None:
            audit.append_line(*entry)
    except Exception as exc:  # noqa: BLE001 - a failing audit never changes the decision
        print(f"gatekeeper: audit failed: {exc}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
