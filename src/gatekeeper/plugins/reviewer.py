"""The built-in Tier 2 reviewer: a `claude -p` call with a JSON schema.

It answers last (``trylast``), so a stub or a company reviewer answers first. The call::

    claude -p --model <model> --output-format json --json-schema <schema> --tools ""
           --no-session-persistence --max-turns 3 --max-budget-usd <cap>
           --settings '{"disableAllHooks":true,"verbose":false}'

gets the prompt on stdin (then stdin is closed), runs in gatekeeper's private state
directory rather than the project (so no project ``CLAUDE.md`` or settings reach it), and
carries ``GATEKEEPER_REVIEWER_CHILD=1`` in its environment: a ``gatekeeper hook`` started
anywhere below it answers "no decision" at once, so no configuration can make a reviewer
start a reviewer. A timeout kills the child's whole process group.

The answer is ``structured_output`` of the CLI's result object (the last ``"type":
"result"`` entry when the CLI prints an array). A non-zero exit, ``is_error``, a subtype
other than ``success``, a missing or invalid ``structured_output``, a decision outside the
schema or an empty reason is a failure: the `Review` says which, and the human is asked.

The prompt template (``data/review-prompt.md``, or ``[reviewer] prompt_file``) receives
``$tool_name``, ``$tool_input``, ``$description``, ``$cwd``, ``$permission_mode``,
``$findings``, ``$conversation`` (the last user and assistant text messages of the
transcript) and ``$retry_note``. On a retry of a request it pushed back before, the schema
offers only APPROVE and ELEVATE and the prompt says so.
"""

from __future__ import annotations

import os
import time

from gatekeeper import hookimpl
from gatekeeper.fileutil import package_data
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Review, ReviewDecision, thaw

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.config import ReviewerConfig
    from gatekeeper.context import Context
    from gatekeeper.model import Finding, ToolCall

MAX_INPUT_CHARS = 20_000
MAX_OUTPUT_BYTES = 4 * 1024 * 1024
RETRY_NOTE = (
    "\nThis exact request was sent back to the agent before and the agent is asking again. "
    "PUSH_BACK is not an option now: APPROVE it or ELEVATE it to the user.\n"
)
_MARKERS = LazyRegex(r"(?i)<(/?)(tool_call|static_findings|recent_conversation)>")
_DROPPED_ENV = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SSE_PORT")


class ReviewFailure(Exception):
    """The reviewer could not decide; the message says why (it becomes `Review.failure`)."""

    def __init__(self, message: str, cost_usd: float = 0.0) -> None:
        super().__init__(message)
        self.cost_usd = cost_usd


@hookimpl(trylast=True)
def gatekeeper_review(call: ToolCall, findings: Sequence[Finding], ctx: Context) -> Review:
    """Ask the `claude` CLI; any failure is an ELEVATE review that says what failed."""
    settings = ctx.config.reviewer
    started = time.perf_counter()
    cost = 0.0
    try:
        prompt = build_prompt(call, findings, ctx.retry, load_template(settings.prompt_file))
        decisions = allowed_decisions(ctx.retry)
        argv = command_line(settings, schema(decisions))
        stdout = run(argv, prompt, settings.timeout_seconds)
        decision, reason, cost = parse_result(stdout, decisions)
    except ReviewFailure as exc:
        return Review(
            ReviewDecision.ELEVATE,
            str(exc),
            cost_usd=exc.cost_usd,
            latency_ms=(time.perf_counter() - started) * 1000,
            failure=str(exc),
        )
    return Review(
        decision, reason, cost_usd=cost, latency_ms=(time.perf_counter() - started) * 1000
    )


# -- the prompt ------------------------------------------------------------------------------


def load_template(prompt_file: str) -> str:
    """The user's prompt file if configured, else the bundled one."""
    if prompt_file:
        path = os.path.expanduser(prompt_file)
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise ReviewFailure(f"the prompt_file {path} cannot be read ({exc})") from exc
    return package_data("review-prompt.md")


def _untrusted(text: str, limit: int = MAX_INPUT_CHARS) -> str:
    """Data from the agent or the transcript: capped, and unable to close our markers."""
    if len(text) > limit:
        text = (
            text[: limit // 2]
            + f"\n[... {len(text) - limit} characters cut ...]\n"
            + text[-limit // 2 :]
        )
    return _MARKERS.sub(r"<\1_\2>", text)


def _findings_text(findings: Sequence[Finding]) -> str:
    lines = []
    for f in findings:
        about = f" in `{f.command[:200]}`" if f.command else ""
        lines.append(f"- {f.verdict.value} {f.rule} ({f.plugin}){about}: {f.reason}")
    return "\n".join(lines) or "- (none)"


def _conversation(call: ToolCall) -> str:
    from gatekeeper.transcript import recent_messages

    messages = recent_messages(call.transcript_path)
    if not messages:
        return "(no transcript available)"
    return "\n\n".join(f"[{m.role}]\n{m.text}" for m in messages)


def build_prompt(call: ToolCall, findings: Sequence[Finding], retry: bool, template: str) -> str:
    """The review prompt for one call."""
    import json  # review time only: a cold Tier 1 call never gets here
    import string

    tool_input = json.dumps(thaw(call.tool_input), indent=2, ensure_ascii=False, default=str)
    description = call.tool_input.get("description")
    values = {
        "tool_name": _untrusted(call.tool_name, 200),
        "tool_input": _untrusted(tool_input),
        "description": _untrusted(description, 2000) if isinstance(description, str) else "(none)",
        "cwd": _untrusted(call.cwd, 1000),
        "permission_mode": _untrusted(call.permission_mode or "default", 100),
        "findings": _untrusted(_findings_text(findings)),
        "conversation": _untrusted(_conversation(call)),
        "retry_note": RETRY_NOTE if retry else "",
    }
    # One pass: `$` inside the values is never expanded again.
    return string.Template(template).safe_substitute(values)


# -- the schema and the command line ---------------------------------------------------------


def allowed_decisions(retry: bool) -> tuple[ReviewDecision, ...]:
    """What the reviewer may answer: no PUSH_BACK on a retry."""
    if retry:
        return (ReviewDecision.APPROVE, ReviewDecision.ELEVATE)
    return tuple(ReviewDecision)


def schema(decisions: Sequence[ReviewDecision]) -> str:
    """The bundled JSON schema, its decision enum narrowed to `decisions`."""
    import json  # review time only

    data = json.loads(package_data("review-schema.json"))
    data["properties"]["decision"]["enum"] = [d.value for d in decisions]
    return json.dumps(data, separators=(",", ":"))


def command_line(settings: ReviewerConfig, schema_text: str) -> list[str]:
    """argv of the reviewer child; `ReviewFailure` if the command is not found."""
    import shlex
    import shutil

    try:
        words = shlex.split(settings.command)
    except ValueError as exc:
        raise ReviewFailure(f"[reviewer] command cannot be parsed ({exc})") from exc
    if not words:
        raise ReviewFailure("[reviewer] command is empty")
    found = shutil.which(os.path.expanduser(words[0]))
    if found is None:
        raise ReviewFailure(f"`{words[0]}` was not found (is Claude Code installed and on PATH?)")
    return [
        found,
        *words[1:],
        "-p",
        "--model",
        settings.model,
        "--output-format",
        "json",
        "--json-schema",
        schema_text,
        "--tools",
        "",
        "--no-session-persistence",
        "--max-turns",
        "3",
        "--max-budget-usd",
        f"{settings.max_budget_usd:g}",
        "--settings",
        '{"disableAllHooks":true,"verbose":false}',
    ]


# -- the child -------------------------------------------------------------------------------


def child_environment() -> dict[str, str]:
    """The child's environment: ours, marked as gatekeeper's reviewer, minus nesting guards."""
    from gatekeeper.hook import REVIEWER_CHILD_ENV

    env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    env[REVIEWER_CHILD_ENV] = "1"
    return env


def _workdir() -> str:
    from gatekeeper.config import state_dir
    from gatekeeper.fileutil import private_dir

    try:
        return private_dir(os.path.join(state_dir(), "reviewer"))
    except OSError:
        return "/"


def run(argv: Sequence[str], prompt: str, timeout: float) -> bytes:
    """Run the child with the prompt on stdin; its stdout, or `ReviewFailure`."""
    import contextlib
    import signal
    import subprocess

    try:
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_environment(),
            cwd=_workdir(),
            start_new_session=True,  # its own process group, killed whole on timeout
        )
    except OSError as exc:
        raise ReviewFailure(f"the reviewer could not be started ({exc})") from exc
    try:
        stdout, stderr = proc.communicate(prompt.encode("utf-8", "replace"), timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=5)
        raise ReviewFailure(f"the reviewer timed out after {timeout:g} s") from None
    if proc.returncode != 0:
        cost = _cost_of(stdout)
        detail = (stderr or stdout).decode("utf-8", "replace").strip().splitlines()
        tail = f": {detail[-1][:200]}" if detail else ""
        raise ReviewFailure(f"the reviewer exited with status {proc.returncode}{tail}", cost)
    if len(stdout) > MAX_OUTPUT_BYTES:
        raise ReviewFailure("the reviewer's output is too large to be an answer")
    return stdout


# -- the answer ------------------------------------------------------------------------------


def _result_object(stdout: bytes) -> dict[str, object]:
    try:
        import json  # review time only

        data = json.loads(stdout)
    except ValueError:
        raise ReviewFailure("the reviewer's output is not JSON") from None
    if isinstance(data, list):
        results = [d for d in data if isinstance(d, dict) and d.get("type") == "result"]
        if not results:
            raise ReviewFailure("the reviewer's output has no result object")
        data = results[-1]
    if not isinstance(data, dict):
        raise ReviewFailure("the reviewer's output is not a result object")
    return data


def _cost_of(stdout: bytes) -> float:
    try:
        cost = _result_object(stdout).get("total_cost_usd")
    except ReviewFailure:
        return 0.0
    return float(cost) if isinstance(cost, int | float) and cost >= 0 else 0.0


def parse_result(
    stdout: bytes, decisions: Sequence[ReviewDecision]
) -> tuple[ReviewDecision, str, float]:
    """(decision, reason, cost) from the CLI's JSON, or `ReviewFailure` saying what is wrong."""
    result = _result_object(stdout)
    raw_cost = result.get("total_cost_usd")
    cost = float(raw_cost) if isinstance(raw_cost, int | float) and raw_cost >= 0 else 0.0
    subtype = result.get("subtype", "success")
    if result.get("is_error") is True or subtype != "success":
        raise ReviewFailure(f"the reviewer reported an error ({subtype})", cost)
    answer = result.get("structured_output")
    if not isinstance(answer, dict):
        raise ReviewFailure("the reviewer gave no structured_output", cost)
    names = {d.value: d for d in decisions}
    decision = answer.get("decision")
    if not isinstance(decision, str) or decision not in names:
        allowed = "/".join(names)
        raise ReviewFailure(f"the reviewer's decision {decision!r} is not one of {allowed}", cost)
    reason = answer.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ReviewFailure("the reviewer gave no reason", cost)
    return names[decision], reason.strip()[:1000], cost
