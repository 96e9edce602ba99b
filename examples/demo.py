"""`make demo`: replay a recorded Claude Code session through the real `gatekeeper hook`.

Every tool call of ``examples/session.jsonl`` (PreToolUse hook inputs, with ``{project}`` and
``{home}`` placeholders) is sent, one process per call, to the ``gatekeeper`` executable
installed next to this Python, exactly as Claude Code would run the hook. The decision comes
from the hook's stdout; the deciding plugin and rule from the audit record it appends.

Everything happens in a throwaway directory: a fake HOME (with a fake ``~/.ssh/id_rsa``) that
holds the project, gatekeeper's config (a copy of ``examples/config.toml``) and its state.
The real HOME and ``~/.claude`` are never read or written.

The demo doubles as a smoke test: it exits 1 if the hook exits non-zero, prints something
that is not a valid hook answer, reports a config problem or an internal error, or does not
write exactly one matching audit record per call.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
SESSION = EXAMPLES / "session.jsonl"
CONFIG = EXAMPLES / "config.toml"
HOOK_TIMEOUT = 60.0  # seconds; Claude Code's own default hook timeout is 60 s
DECISIONS = ("allow", "deny", "ask")
BROKEN_RULES = {"GK-INPUT-001", "GK-ERROR-001", "GK-PLUGIN-003"}

# The files of the demo project: a tiny Python CLI with tests, and a secret or two.
PROJECT_FILES = {
    "pyproject.toml": (
        '[project]\nname = "myapp"\nversion = "0.3.0"\nrequires-python = ">=3.11"\n\n'
        '[project.optional-dependencies]\ndev = ["pytest", "ruff", "mypy"]\n'
    ),
    "README.md": "# myapp\n\nGreets people from the command line: `myapp world`.\n",
    "Makefile": "test:\n\tpytest -q\n",
    "src/app.py": (
        '"""myapp: greet someone."""\n\nimport argparse\n\nfrom config import load_config\n\n\n'
        "def greet(name: str) -> str:\n"
        '    return f"{load_config().greeting}, {name}!"\n\n\n'
        "def main(argv: list[str] | None = None) -> str:\n"
        "    parser = argparse.ArgumentParser()\n"
        '    parser.add_argument("name")\n'
        "    args = parser.parse_args(argv)\n"
        "    return greet(args.name)\n"
    ),
    "src/config.py": (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Config:\n"
        '    greeting: str = "Hello"\n\n\n'
        "def load_config() -> Config:  # TODO: read ~/.myapp.toml\n    return Config()\n"
    ),
    "tests/test_app.py": (
        'from app import greet\n\n\ndef test_greet() -> None:\n    assert greet("world") == '
        '"Hello, world!"\n'
    ),
    "scripts/gen_docs.py": 'print("usage: myapp [-h] [-v] name")\n',
    ".env": "DATABASE_URL=postgres://app:fake-demo-password@localhost/app\nAPI_KEY=demo-not-a-key\n",
    ".git/HEAD": "ref: refs/heads/feature/verbose\n",
    ".git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
    ".git/hooks/.keep": "",
}
FAKE_KEY = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "ZmFrZSBrZXkgZm9yIHRoZSBnYXRla2VlcGVyIGRlbW8sIG5vdCBhIHJlYWwga2V5\n"
    "-----END OPENSSH PRIVATE KEY-----\n"
)


class DemoError(Exception):
    """The demo cannot start (a missing file or executable)."""


@dataclass(frozen=True, slots=True)
class Sandbox:
    """The throwaway world one demo run lives in."""

    home: Path
    project: Path
    config: Path
    state: Path

    @property
    def audit(self) -> Path:
        """Where the hook appends its audit records."""
        return self.state / "audit.jsonl"


@dataclass(slots=True)
class Result:
    """What happened to one tool call."""

    number: int
    tool: str
    summary: str
    command: str = ""  # the Bash command line, if any
    decision: str = "?"
    plugin: str = ""
    rule: str = ""
    reason: str = ""
    wall_ms: float = 0.0
    hook_ms: float | None = None
    problems: list[str] = field(default_factory=list)


# -- the sandbox ----------------------------------------------------------------------------


def make_sandbox(root: Path) -> Sandbox:
    """Create the fake HOME, its SSH key, gatekeeper's config and the project inside it."""
    home = root / "home"
    project = home / "work" / "myapp"
    for rel, text in PROJECT_FILES.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    ssh = home / ".ssh"
    ssh.mkdir(mode=0o700)
    (ssh / "id_rsa").write_text(FAKE_KEY, encoding="utf-8")
    (ssh / "id_rsa").chmod(0o600)
    config = home / ".config" / "gatekeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    shutil.copyfile(CONFIG, config)
    state = home / ".local" / "state" / "gatekeeper"
    return Sandbox(home=home, project=project, config=config, state=state)


def child_env(box: Sandbox) -> dict[str, str]:
    """The hook's environment: this one, with every gatekeeper, Claude and XDG path in the box."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GATEKEEPER_", "CLAUDE_", "XDG_"))
    }
    env.update(
        HOME=str(box.home),
        PWD=str(box.project),
        XDG_CONFIG_HOME=str(box.home / ".config"),
        XDG_STATE_HOME=str(box.home / ".local" / "state"),
        XDG_CACHE_HOME=str(box.home / ".cache"),
        GATEKEEPER_CONFIG=str(box.config),
        GATEKEEPER_STATE_DIR=str(box.state),
        CLAUDE_PROJECT_DIR=str(box.project),
    )
    return env


# -- the session ----------------------------------------------------------------------------


def fill(value: object, project: str, home: str) -> object:
    """`value` with the `{project}` and `{home}` placeholders of every string filled in."""
    if isinstance(value, str):
        return value.replace("{project}", project).replace("{home}", home)
    if isinstance(value, list):
        return [fill(v, project, home) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, project, home) for k, v in value.items()}
    return value


def load_session(path: Path, box: Sandbox) -> list[dict[str, object]]:
    """The hook inputs of a session file, one JSON object a line, placeholders filled in."""
    calls: list[dict[str, object]] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DemoError(f"{path}: cannot be read ({exc})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise DemoError(f"{path}:{number}: not JSON ({exc})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("tool_input"), dict):
            raise DemoError(f"{path}:{number}: not a PreToolUse hook input")
        filled = fill(obj, str(box.project), str(box.home))
        assert isinstance(filled, dict)  # noqa: S101 - fill keeps a dict a dict
        calls.append(filled)
    return calls


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def summarize(call: dict[str, object], box: Sandbox) -> str:
    """A one-line view of what a call does, with the sandbox paths written short."""
    tool = str(call.get("tool_name", ""))
    raw = call.get("tool_input")
    inp: dict[str, object] = raw if isinstance(raw, dict) else {}

    def path(value: object) -> str:
        text = str(value)
        if text == str(box.project) or text.startswith(str(box.project) + "/"):
            return text[len(str(box.project)) + 1 :] or "."
        if text.startswith(str(box.home) + "/"):
            return "~" + text[len(str(box.home)) :]
        return text

    if tool == "Bash":
        text = str(inp.get("command", ""))
    elif tool in ("Read", "Write", "Edit", "MultiEdit", "NotebookEdit"):
        text = path(inp.get("file_path", inp.get("notebook_path", "")))
        edits = inp.get("edits")
        if isinstance(edits, list):
            text += f" ({len(edits)} edits)"
    elif tool in ("Glob", "Grep"):
        text = str(inp.get("pattern", ""))
        if "path" in inp:
            text += f" in {path(inp['path'])}"
    elif tool == "WebFetch":
        text = str(inp.get("url", ""))
    elif tool == "WebSearch":
        text = str(inp.get("query", ""))
    elif tool in ("Task", "Agent"):
        text = f"{inp.get('subagent_type', 'general')}: {inp.get('description', '')}"
    elif tool == "TodoWrite":
        todos = inp.get("todos")
        count = len(todos) if isinstance(todos, list) else 0
        text = f"{count} todos"
    elif tool == "AskUserQuestion":
        questions = inp.get("questions")
        first = questions[0] if isinstance(questions, list) and questions else {}
        text = str(first.get("question", "")) if isinstance(first, dict) else ""
    else:
        text = json.dumps(inp, ensure_ascii=False, separators=(",", ":"))
    if call.get("agent_id"):
        text = f"[subagent] {text}"
    return text


# -- one call through the hook --------------------------------------------------------------


def hook_executable() -> Path:
    """The `gatekeeper` console script installed beside this Python."""
    exe = Path(sys.executable).parent / ("gatekeeper.exe" if os.name == "nt" else "gatekeeper")
    if not exe.exists():
        raise DemoError(
            f"{exe} not found: install gatekeeper in this environment first "
            "(`make demo` does, or `pip install -e .`)"
        )
    return exe


def new_records(audit: Path, offset: int) -> tuple[list[str], int]:
    """The audit lines appended since `offset`, and the new offset."""
    try:
        with audit.open("rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except FileNotFoundError:
        return [], offset
    return data.decode("utf-8", "replace").splitlines(), offset + len(data)


def check_stdout(out: bytes, result: Result) -> str:
    """The decision a hook's stdout carries ("none" for no output); problems go to result."""
    if not out.strip():
        return "none"
    try:
        answer = json.loads(out)
    except ValueError:
        result.problems.append(f"stdout is not JSON: {out[:200]!r}")
        return "?"
    if not isinstance(answer, dict):
        result.problems.append(f"stdout is not a JSON object: {out[:200]!r}")
        return "?"
    if "systemMessage" in answer:
        result.problems.append(f"the hook reports a problem: {answer['systemMessage']}")
    specific = answer.get("hookSpecificOutput")
    if specific is None:
        return "none"
    if not isinstance(specific, dict) or specific.get("hookEventName") != "PreToolUse":
        result.problems.append(f"bad hookSpecificOutput: {specific!r}")
        return "?"
    decision = specific.get("permissionDecision")
    if decision not in DECISIONS:
        result.problems.append(f"bad permissionDecision: {decision!r}")
        return "?"
    if not isinstance(specific.get("permissionDecisionReason"), str):
        result.problems.append("permissionDecisionReason is missing")
    return str(decision)


def check_audit(lines: list[str], call: dict[str, object], result: Result) -> None:
    """Fill plugin, rule and reason in from the one audit record this call appended."""
    if len(lines) != 1:
        result.problems.append(f"expected 1 new audit record, found {len(lines)}")
        if not lines:
            return
    try:
        rec = json.loads(lines[-1])
    except ValueError:
        result.problems.append(f"the audit record is not JSON: {lines[-1][:200]!r}")
        return
    if not isinstance(rec, dict):
        result.problems.append("the audit record is not a JSON object")
        return
    result.plugin = str(rec.get("plugin") or "")
    result.rule = str(rec.get("rule") or "")
    result.reason = str(rec.get("reason") or "")
    latency = rec.get("latency_ms")
    result.hook_ms = float(latency) if isinstance(latency, int | float) else None
    if rec.get("decision") != result.decision:
        result.problems.append(
            f"stdout says {result.decision!r} but the audit record says {rec.get('decision')!r}"
        )
    if rec.get("tool_use_id", "") != (call.get("tool_use_id") or ""):
        result.problems.append("the audit record is about another tool call")
    findings = rec.get("findings")
    rules = {result.rule}
    if isinstance(findings, list):
        rules |= {str(f.get("rule")) for f in findings if isinstance(f, dict)}
    if broken := sorted(rules & BROKEN_RULES):
        result.problems.append(f"internal problem ({', '.join(broken)}): {result.reason}")
    if rec.get("config_warnings"):
        result.problems.append(f"config warnings: {rec['config_warnings']}")


def run_call(
    number: int,
    call: dict[str, object],
    *,
    exe: Path,
    box: Sandbox,
    env: dict[str, str],
    offset: int,
) -> tuple[Result, int]:
    """Send one hook input through `gatekeeper hook`; check and return what it answered."""
    result = Result(number, str(call.get("tool_name", "")), summarize(call, box))
    raw = call.get("tool_input")
    if isinstance(raw, dict) and isinstance(raw.get("command"), str):
        result.command = raw["command"]
    data = json.dumps(call, ensure_ascii=False).encode("utf-8")
    cwd = str(call.get("cwd") or "")
    if not (os.path.isabs(cwd) and os.path.isdir(cwd)):
        cwd = str(box.project)  # the hook still sees the call's own `cwd` on stdin
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            [str(exe), "hook"],
            input=data,
            capture_output=True,
            env=env,
            cwd=cwd,
            timeout=HOOK_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        result.wall_ms = HOOK_TIMEOUT * 1000
        result.problems.append(f"the hook did not answer within {HOOK_TIMEOUT:.0f} s")
        return result, offset
    result.wall_ms = (time.perf_counter() - started) * 1000
    if proc.returncode != 0:
        result.problems.append(f"the hook exited {proc.returncode}")
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    if stderr:
        result.problems.append(f"the hook wrote to stderr: {stderr[:300]}")
    result.decision = check_stdout(proc.stdout, result)
    lines, offset = new_records(box.audit, offset)
    check_audit(lines, call, result)
    return result, offset


# -- output ---------------------------------------------------------------------------------

LABELS = {"allow": "allow", "deny": "DENY", "ask": "ASK", "none": "no decision", "?": "BROKEN"}
COLOURS = {"allow": "32", "deny": "31", "ask": "33", "none": "2", "?": "1;31"}


class Printer:
    """The table: fixed columns, the reason cut to the terminal width; colour on a tty."""

    def __init__(self, colour: bool, width: int, box: Sandbox) -> None:
        self.colour = colour
        self.width = width
        self.box = box

    def tidy(self, r: Result) -> str:
        """The reason without what other columns show, with the sandbox paths written short."""
        reason = r.reason
        if r.rule and reason.endswith(f" [{r.rule}]"):
            reason = reason[: -len(r.rule) - 3]  # the rule has its own column
        for where in (f" (in `{r.command}`)", f" (`{r.command}`)"):
            if r.command and reason.endswith(where):
                reason = reason[: -len(where)]  # the input column shows the command
        reason = reason.replace("needs review, and the reviewer is disabled: ", "review: ")
        project, home = str(self.box.project), str(self.box.home)
        return reason.replace(project + "/", "").replace(project, ".").replace(home, "~")

    def paint(self, text: str, code: str) -> str:
        """`text` in an ANSI colour when printing to a terminal."""
        return f"\033[{code}m{text}\033[0m" if self.colour else text

    def header(self) -> None:
        """The column titles."""
        print(
            f"{'#':>3}  {'tool':<16}  {'input':<46}  {'decision':<11}  "
            f"{'plugin':<10}  {'rule':<13}  reason"
        )
        print("-" * min(self.width, 150))

    def row(self, r: Result) -> None:
        """One call."""
        label = LABELS.get(r.decision, r.decision)
        decision = self.paint(f"{label:<11}", COLOURS.get(r.decision, "0"))
        plugin = r.plugin.removeprefix("gatekeeper.plugins.").removeprefix("gatekeeper.") or "-"
        rule = r.rule or "-"
        reason = self.tidy(r)
        used = 3 + 2 + 16 + 2 + 46 + 2 + 11 + 2 + 10 + 2 + 13 + 2
        print(
            f"{r.number:>3}  {_short(r.tool, 16):<16}  {_short(r.summary, 46):<46}  {decision}  "
            f"{_short(plugin, 10):<10}  {rule:<13}  {_short(reason, max(30, self.width - used))}"
        )
        for problem in r.problems:
            print(self.paint(f"     !! {problem}", "1;31"))


def report(results: list[Result], printer: Printer) -> None:
    """The totals: decisions, prompts the human would have seen, hook latency."""
    count = {d: sum(r.decision == d for r in results) for d in ("allow", "deny", "ask", "none")}
    prompts = count["ask"] + count["none"]
    walls = [r.wall_ms for r in results]
    inside = [r.hook_ms for r in results if r.hook_ms is not None]
    print()
    print(
        f"{len(results)} tool calls: {count['allow']} allowed silently, "
        f"{count['deny']} denied (sent back to the agent with the reason), "
        f"{count['ask']} asked, {count['none']} with no decision"
    )
    print(
        f"Prompts the human would have seen: {prompts} of {len(results)} calls "
        f"({count['ask']} asked by gatekeeper, {count['none']} left to Claude Code's own dialog)"
    )
    if walls:
        print(
            f"Hook latency per call (wall time of the whole `gatekeeper hook` process): "
            f"median {statistics.median(walls):.0f} ms, max {max(walls):.0f} ms"
        )
    if inside:
        print(
            f"Decision time inside the hook (audit latency_ms): median {statistics.median(inside):.1f} ms"
        )
    broken = [r for r in results if r.problems]
    if broken:
        print(printer.paint(f"SMOKE TEST FAILED: {len(broken)} call(s) with problems:", "1;31"))
        for r in broken:
            print(f"  #{r.number} {r.tool}: " + "; ".join(r.problems))


# -- main -----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the demo; 0 when every call got a well-formed answer and one audit record."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--session", type=Path, default=SESSION, help="a JSONL of hook inputs")
    parser.add_argument("--keep", action="store_true", help="keep the sandbox and print its path")
    args = parser.parse_args(argv)
    try:
        exe = hook_executable()
        if not CONFIG.is_file():
            raise DemoError(f"{CONFIG} not found")
        root = Path(tempfile.mkdtemp(prefix="gatekeeper-demo-")).resolve()
        try:
            box = make_sandbox(root)
            calls = load_session(args.session, box)
            results = replay(calls, exe, box)
        finally:
            if args.keep:
                print(f"\nSandbox kept in {root}; the audit log is under home/.local/state/")
            else:
                shutil.rmtree(root, ignore_errors=True)
    except DemoError as exc:
        print(f"demo: {exc}", file=sys.stderr)
        return 2
    return 1 if not results or any(r.problems for r in results) else 0


def replay(calls: list[dict[str, object]], exe: Path, box: Sandbox) -> list[Result]:
    """Send every call through the hook, printing one row each, then the totals."""
    printer = Printer(
        colour=sys.stdout.isatty() and not os.environ.get("NO_COLOR"),
        width=shutil.get_terminal_size((160, 24)).columns,
        box=box,
    )
    print(f"gatekeeper demo: {len(calls)} tool calls of a recorded Claude Code session")
    print(f"  hook:    {exe} hook   (one process per call, as Claude Code runs it)")
    print(f"  project: {box.project}   (a throwaway copy; HOME is {box.home})")
    print(f"  config:  {CONFIG.relative_to(EXAMPLES.parent)}   (the Tier 2 reviewer is off)")
    print()
    printer.header()
    env = child_env(box)
    results: list[Result] = []
    offset = 0
    for number, call in enumerate(calls, 1):
        result, offset = run_call(number, call, exe=exe, box=box, env=env, offset=offset)
        results.append(result)
        printer.row(result)
    report(results, printer)
    return results


if __name__ == "__main__":
    sys.exit(main())
