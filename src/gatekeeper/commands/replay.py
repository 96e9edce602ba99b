"""`gatekeeper replay`: what gatekeeper would have done in past Claude Code sessions.

Claude Code keeps each session as JSON lines under ``~/.claude/projects/<project>/``. Every
``assistant`` line carries ``message.content`` blocks; each ``tool_use`` block (``name``,
``input``, ``id``) is one tool call, made in the line's ``cwd``. replay sends each call
through the same pipeline as the hook (stages 0-6) and reports the decision per call and the
totals. Nothing is run, and the reviewer is off unless ``--reviewer`` is given (then a call
that needs review costs a real review).

"Prompts saved" is an estimate: it counts the calls that Claude Code's ``default`` mode
would have asked you about (every Bash command outside its built-in read-only set, every
file write, reads outside the working directory, web and MCP tools) and that gatekeeper
decided on its own (allow or deny). "Extra prompts" counts the calls Claude Code would have
let through and gatekeeper would have asked about.

A line that is not JSON, or a ``tool_use`` block without a name or input, is skipped and
counted. On a terminal, a progress bar on stderr shows how far a long replay has got.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine

PROGRESS_MIN_CALLS = 50
# Claude Code's built-in read-only commands, which run without a prompt in every mode.
_NATIVE_READ_ONLY = {
    "ls", "cat", "echo", "pwd", "head", "tail", "grep", "find", "wc", "which", "diff",
    "stat", "du", "cd",
}  # fmt: skip
_NATIVE_READ_ONLY_GIT = {"status", "log", "diff", "show", "branch", "rev-parse", "blame"}
_NATIVE_SILENT_TOOLS = {
    "Read", "Glob", "Grep", "LS", "NotebookRead", "TodoWrite", "TodoRead", "Task", "Agent",
    "TaskCreate", "TaskUpdate", "TaskGet", "TaskList", "TaskOutput", "TaskStop",
    "BashOutput", "KillBash", "KillShell", "ToolSearch", "AskUserQuestion", "ExitPlanMode",
    "EnterPlanMode", "WebSearch", "Skill", "SlashCommand", "ListAgents",
}  # fmt: skip


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `replay` subcommand."""
    p = sub.add_parser(
        "replay",
        help="run the tool calls of Claude Code transcripts through the pipeline",
        description=(__doc__ or "").split("\n\n", 1)[0],
    )
    p.add_argument("transcripts", nargs="+", metavar="TRANSCRIPT.jsonl")
    p.add_argument("--reviewer", action="store_true", help="also call the reviewer (costs)")
    p.add_argument("--cwd", help="judge every call as made here (default: each line's cwd)")
    p.add_argument("--mode", help="judge every call in this permission mode")
    p.add_argument("-q", "--quiet", action="store_true", help="totals only")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class ToolUse:
    """One tool call found in a transcript."""

    source: str
    line: int
    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str
    cwd: str
    session_id: str
    permission_mode: str


@dataclass
class Scan:
    """The tool calls of some transcripts, and what could not be read."""

    calls: list[ToolUse] = field(default_factory=list)
    lines: int = 0
    malformed_lines: int = 0
    malformed_calls: int = 0
    unreadable: list[str] = field(default_factory=list)


def scan(paths: list[str], cwd: str | None = None, mode: str | None = None) -> Scan:
    """Every tool_use block of the transcripts, in order."""
    out = Scan()
    for path in paths:
        try:
            with open(path, "rb") as fh:
                raw_lines = fh.read().splitlines()
        except OSError as exc:
            out.unreadable.append(f"{path}: {exc.strerror or exc}")
            continue
        current_mode = "default"
        for number, raw in enumerate(raw_lines, 1):
            if not raw.strip():
                continue
            out.lines += 1
            try:
                entry = json.loads(raw)
            except ValueError:
                out.malformed_lines += 1
                continue
            if not isinstance(entry, dict):
                out.malformed_lines += 1
                continue
            if isinstance(entry.get("permissionMode"), str):
                current_mode = entry["permissionMode"]
            for block in _tool_uses(entry, out):
                out.calls.append(
                    ToolUse(
                        source=path,
                        line=number,
                        tool_name=block["name"],
                        tool_input=block["input"],
                        tool_use_id=str(block.get("id", "")),
                        cwd=cwd or _str(entry.get("cwd")) or os.getcwd(),
                        session_id=_str(entry.get("sessionId")) or os.path.basename(path),
                        permission_mode=mode or current_mode,
                    )
                )
    return out


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _tool_uses(entry: dict[str, Any], out: Scan) -> Iterator[dict[str, Any]]:
    message = entry.get("message")
    if entry.get("type") != "assistant" or not isinstance(message, dict):
        return
    content = message.get("content")
    if not isinstance(content, list):
        return
    for block in content:
        if not isinstance(block, dict) or block.get("type") != "tool_use":
            continue
        if not isinstance(block.get("name"), str) or not isinstance(block.get("input"), dict):
            out.malformed_calls += 1
            continue
        yield block


def native_prompt(use: ToolUse) -> bool:
    """Would Claude Code's default mode have asked about this call? (An estimate.)"""
    if use.tool_name in _NATIVE_SILENT_TOOLS:
        if use.tool_name in ("Read", "Glob", "Grep", "LS", "NotebookRead"):
            path = use.tool_input.get("file_path") or use.tool_input.get("path") or use.cwd
            absolute = os.path.normpath(os.path.join(use.cwd, str(path)))
            return not (absolute + "/").startswith(use.cwd.rstrip("/") + "/")
        return False
    if use.tool_name == "Bash":
        return not _native_read_only(str(use.tool_input.get("command", "")))
    return True


def _native_read_only(text: str) -> bool:
    import shlex

    if any(op in text for op in (">", "$(", "`", ";", "&", "|", "\n")):
        return False
    try:
        argv = shlex.split(text)
    except ValueError:
        return False
    if not argv:
        return False
    if argv[0] == "git":
        return len(argv) > 1 and argv[1] in _NATIVE_READ_ONLY_GIT
    return argv[0] in _NATIVE_READ_ONLY


@dataclass
class Replayer:
    """Engines per working directory (config depends on it), reviewer off unless asked."""

    reviewer: bool
    engines: dict[str, Engine] = field(default_factory=dict)

    def decide(self, use: ToolUse) -> Decision:
        from gatekeeper import config as config_mod
        from gatekeeper.pipeline import Engine, InputError, parse_input

        payload = {
            "tool_name": use.tool_name,
            "tool_input": use.tool_input,
            "cwd": use.cwd,
            "session_id": f"replay-{use.session_id}",
            "permission_mode": use.permission_mode,
            "hook_event_name": "PreToolUse",
            "tool_use_id": use.tool_use_id,
        }
        from gatekeeper.model import Decision, Outcome

        try:
            call = parse_input(json.dumps(payload).encode())
        except InputError as exc:
            return Decision(Outcome.ASK, f"malformed call: {exc}", "input", rule="GK-INPUT-001")
        engine = self.engines.get(call.cwd)
        if engine is None:
            config = config_mod.load(call.cwd)
            if not self.reviewer:
                config = replace(config, reviewer=replace(config.reviewer, enabled=False))
            engine = self.engines[call.cwd] = Engine(config)
        return engine.decide(call)


class Progress:
    """A one-line progress bar on stderr, only on a terminal and only for long inputs."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.on = total >= PROGRESS_MIN_CALLS and sys.stderr.isatty()
        self.shown = -1

    def step(self, done: int) -> None:
        if not self.on:
            return
        percent = done * 100 // self.total
        if percent == self.shown:
            return
        self.shown = percent
        filled = percent * 30 // 100
        bar = "#" * filled + "." * (30 - filled)
        sys.stderr.write(f"\rreplay [{bar}] {done}/{self.total}")
        sys.stderr.flush()

    def close(self) -> None:
        if self.on:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def subject(use: ToolUse) -> str:
    """The call in one short line."""
    for key in ("command", "file_path", "notebook_path", "url", "pattern", "path", "query"):
        value = use.tool_input.get(key)
        if isinstance(value, str) and value:
            return " ".join(value.split())[:100]
    return ""


def replay(found: Scan, reviewer: bool) -> dict[str, Any]:
    """Decide every call; the per-call results and the totals."""
    from gatekeeper.model import Outcome

    replayer = Replayer(reviewer)
    progress = Progress(len(found.calls))
    results: list[dict[str, Any]] = []
    decisions: Counter[str] = Counter()
    tiers: Counter[str] = Counter()
    native = saved = extra = 0
    try:
        for done, use in enumerate(found.calls, 1):
            decision = replayer.decide(use)
            prompted = native_prompt(use)
            decided_alone = decision.outcome in (Outcome.ALLOW, Outcome.DENY)
            native += prompted
            saved += prompted and decided_alone
            extra += (not prompted) and decision.outcome == Outcome.ASK
            decisions[decision.outcome.value] += 1
            tiers[decision.tier] += 1
            results.append(
                {
                    "source": use.source,
                    "line": use.line,
                    "session": use.session_id,
                    "tool": use.tool_name,
                    "subject": subject(use),
                    "decision": decision.outcome.value,
                    "tier": decision.tier,
                    "rule": decision.rule,
                    "plugin": decision.plugin,
                    "reason": decision.reason,
                    "native_prompt": prompted,
                }
            )
            progress.step(done)
    finally:
        progress.close()
    return {
        "calls": results,
        "totals": {
            "calls": len(found.calls),
            "lines": found.lines,
            "malformed_lines": found.malformed_lines,
            "malformed_calls": found.malformed_calls,
            "unreadable": found.unreadable,
            "decisions": {k: decisions.get(k, 0) for k in ("allow", "deny", "ask", "none")},
            "tiers": dict(tiers.most_common()),
            "prompts_with_gatekeeper": decisions.get("ask", 0),
            "prompts_without_gatekeeper_estimate": native,
            "prompts_saved_estimate": saved,
            "extra_prompts_estimate": extra,
            "reviewer": reviewer,
        },
    }


def render(report: dict[str, Any], quiet: bool) -> str:
    """The human-readable report."""
    out: list[str] = []
    if not quiet:
        for r in report["calls"]:
            rule = f" [{r['rule']}]" if r["rule"] else ""
            out.append(f"{r['decision']:5} {r['tier']:12} {r['tool']:10} {r['subject']}{rule}")
    t = report["totals"]
    d = t["decisions"]
    out.append(
        f"{t['calls']} tool calls: allow {d['allow']}, deny {d['deny']}, ask {d['ask']}, "
        f"no decision {d['none']}"
    )
    out.append("by tier: " + ", ".join(f"{k} {v}" for k, v in t["tiers"].items()))
    out.append(
        f"prompts: {t['prompts_with_gatekeeper']} with gatekeeper, about "
        f"{t['prompts_without_gatekeeper_estimate']} without; saved about "
        f"{t['prompts_saved_estimate']}, added about {t['extra_prompts_estimate']}"
    )
    if not t["reviewer"]:
        out.append("(reviewer off: calls that need review count as ask; --reviewer to call it)")
    if t["malformed_lines"] or t["malformed_calls"]:
        out.append(
            f"skipped {t['malformed_lines']} malformed line(s) and "
            f"{t['malformed_calls']} malformed tool call(s)"
        )
    out.extend(f"could not read {u}" for u in t["unreadable"])
    return "\n".join(out)


def run(ns: argparse.Namespace) -> int:
    """`gatekeeper replay`."""
    cwd = os.path.abspath(ns.cwd) if ns.cwd else None
    found = scan(ns.transcripts, cwd, ns.mode)
    # Judge each call against its own project, not the one this command runs in.
    saved_env = os.environ.pop("CLAUDE_PROJECT_DIR", None)
    try:
        report = replay(found, ns.reviewer)
    finally:
        if saved_env is not None:
            os.environ["CLAUDE_PROJECT_DIR"] = saved_env
    if ns.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(render(report, ns.quiet))
    if found.unreadable and not found.calls:
        return 1
    return 0
