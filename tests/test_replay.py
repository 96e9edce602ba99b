"""`gatekeeper replay` on Claude Code transcripts (examples/transcript.jsonl and made-up ones)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gatekeeper import cli
from gatekeeper.commands import replay

if TYPE_CHECKING:
    import pytest

    from gatekeeper.testing import GkEnv

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "transcript.jsonl"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    capsys.readouterr()
    assert cli.main(["replay", *argv, "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def assistant(cwd: str, *uses: tuple[str, dict[str, Any]], mode: str = "") -> str:
    entry: dict[str, Any] = {
        "type": "assistant",
        "cwd": cwd,
        "sessionId": "s-made-up",
        "message": {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": tool_input}
                for i, (name, tool_input) in enumerate(uses)
            ],
        },
    }
    if mode:
        entry["permissionMode"] = mode
    return json.dumps(entry)


def test_example_transcript(gk_env: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, str(EXAMPLE))
    totals = report["totals"]
    assert totals["calls"] == 14
    assert totals["malformed_lines"] == totals["malformed_calls"] == 0
    by_subject = {c["subject"]: c for c in report["calls"]}
    assert by_subject["git status"]["decision"] == "allow"
    assert by_subject["/home/dev/src/myapp/tests/test_verbose.py"]["decision"] == "allow"
    assert by_subject["git push origin main"]["decision"] == "ask"
    assert by_subject["git push origin main"]["rule"] == "GK-GIT-002"
    assert by_subject["/home/dev/src/myapp/.env"]["rule"] == "GK-PROT-002"
    assert by_subject["make lint"]["decision"] == "ask"  # needs review; the reviewer is off
    assert totals["decisions"]["ask"] == sum(c["decision"] == "ask" for c in report["calls"])
    # Claude Code alone would have asked about the Edit, the Write, pytest, ruff, make, the
    # WebFetch and both git writes; gatekeeper decided five of those itself.
    assert totals["prompts_without_gatekeeper_estimate"] == 8
    assert totals["prompts_saved_estimate"] == 5
    assert totals["extra_prompts_estimate"] == 1  # the .env read


def test_text_report(gk_env: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "ask   tier1        Bash       git push origin main [GK-GIT-002]" in out
    assert "14 tool calls: allow 10, deny 0, ask 4, no decision 0" in out
    assert "saved about 5" in out
    assert cli.main(["replay", "-q", str(EXAMPLE)]) == 0
    assert "git push" not in capsys.readouterr().out


def test_malformed_lines_are_counted_and_skipped(
    gk_env: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    path = gk_env.home / "broken.jsonl"
    cwd = str(gk_env.project)
    lines = [
        "{not json",
        "[1, 2, 3]",
        json.dumps({"type": "assistant", "message": {"content": [{"type": "tool_use"}]}}),
        json.dumps({"type": "assistant", "message": "text"}),
        assistant(cwd, ("Bash", {"command": "ls"})),
        "",
    ]
    path.write_text("\n".join(lines))
    totals = run_json(capsys, str(path))["totals"]
    assert totals["malformed_lines"] == 2
    assert totals["malformed_calls"] == 1
    assert totals["calls"] == 1
    assert totals["decisions"]["allow"] == 1


def test_mode_from_the_transcript_and_from_the_option(
    gk_env: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    path = gk_env.home / "bypass.jsonl"
    cwd = str(gk_env.project)
    path.write_text(
        assistant(cwd, ("Bash", {"command": "git push origin main"}), mode="bypassPermissions")
    )
    [call] = run_json(capsys, str(path))["calls"]
    assert call["decision"] == "none"
    [call] = run_json(capsys, str(path), "--mode", "default")["calls"]
    assert call["decision"] == "ask"


def test_reviewer_only_with_the_option(
    gk_env: GkEnv, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plugin_dir = gk_env.home / "plugins"
    plugin_dir.mkdir()
    (plugin_dir / "replay_test_reviewer.py").write_text(
        "from gatekeeper import hookimpl\n"
        "from gatekeeper.model import Review, ReviewDecision\n\n\n"
        "@hookimpl\n"
        "def gatekeeper_review(call, findings, ctx):\n"
        "    return Review(ReviewDecision.APPROVE, 'fine by the test reviewer')\n"
    )
    monkeypatch.syspath_prepend(str(plugin_dir))
    gk_env.write_config('[plugins]\nenabled = ["replay_test_reviewer"]\n')
    path = gk_env.home / "unknown.jsonl"
    path.write_text(assistant(str(gk_env.project), ("Bash", {"command": "frobnicate -x"})))
    [call] = run_json(capsys, str(path))["calls"]
    assert (call["decision"], call["tier"]) == ("ask", "tier1")
    [call] = run_json(capsys, str(path), "--reviewer")["calls"]
    assert (call["decision"], call["tier"]) == ("allow", "tier2")
    sys.modules.pop("replay_test_reviewer", None)


def test_unreadable_transcript(gk_env: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(gk_env.home / "missing.jsonl")]) == 1
    assert "could not read" in capsys.readouterr().out


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_for_long_inputs(
    gk_env: GkEnv, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = gk_env.home / "long.jsonl"
    cwd = str(gk_env.project)
    uses = [("Bash", {"command": f"ls dir{i}"}) for i in range(replay.PROGRESS_MIN_CALLS)]
    path.write_text("\n".join(assistant(cwd, use) for use in uses))
    fake = _Tty()
    monkeypatch.setattr(sys, "stderr", fake)
    assert cli.main(["replay", "-q", str(path)]) == 0
    assert f"] {replay.PROGRESS_MIN_CALLS}/{replay.PROGRESS_MIN_CALLS}" in fake.getvalue()
    short = gk_env.home / "short.jsonl"
    short.write_text(assistant(cwd, uses[0]))
    fake.seek(0)
    fake.truncate()
    assert cli.main(["replay", "-q", str(short)]) == 0
    assert fake.getvalue() == ""
    plain = io.StringIO()  # not a terminal
    monkeypatch.setattr(sys, "stderr", plain)
    assert cli.main(["replay", "-q", str(path)]) == 0
    assert plain.getvalue() == ""
