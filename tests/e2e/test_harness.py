"""Self-test of the e2e harness with the real binary and a tiny hook, independent of gatekeeper.

The hook below (written into each test's e2e root) decides on a tool call's JSON input by substring:
``ask-me`` → ask, ``review-me`` → ask a reviewer (``claude -p --json-schema``, answered by the
stand-in's reviewer queue), ``silent`` → no decision, ``echo`` or a Write/Read/Agent tool →
allow, anything else → deny with a reason. What each test proves is in its docstring.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from .claude_bin import CLAUDE_CODE_VERSION, reports_version
from .fake_api import REVIEWER_TOOL, Scenario, ToolUse, turn
from .harness import ClaudeE2E, bash

TEST_HOOK = r"""
import json
import subprocess
import sys

call = json.load(sys.stdin)
text = json.dumps(call.get("tool_input"))
message = None
if "silent" in text:
    sys.exit(0)  # no decision: Claude Code's own permission flow decides
if "ask-me" in text:
    decision, reason = "ask", "the test hook asks the human"
elif "review-me" in text:
    schema = {
        "type": "object",
        "properties": {
            "decision": {"type": "string", "enum": ["APPROVE", "PUSH_BACK", "ELEVATE"]},
            "reason": {"type": "string"},
        },
        "required": ["decision", "reason"],
    }
    # The reviewer is the same pinned claude (first on PATH), talking to the same stand-in.
    # disableAllHooks keeps this hook from firing for the reviewer's own StructuredOutput call.
    review = subprocess.run(
        ["claude", "-p", "Review: " + text, "--model", "haiku", "--output-format", "json",
         "--json-schema", json.dumps(schema), "--tools", "", "--no-session-persistence",
         "--max-turns", "3", "--settings", json.dumps({"disableAllHooks": True})],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
    )
    verdict = json.loads(review.stdout)["structured_output"]
    decision = {"APPROVE": "allow", "PUSH_BACK": "deny"}.get(verdict["decision"], "ask")
    reason = "reviewer: " + verdict["reason"]
elif "echo" in text or call.get("tool_name") in ("Write", "Read", "Agent"):
    decision, reason = "allow", "the test hook allows"
    message = "test hook allowed " + str(call.get("tool_name"))
else:
    decision, reason = "deny", "test hook denies " + text
output = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": decision,
                                 "permissionDecisionReason": reason}}
if message:
    output["systemMessage"] = message
print(json.dumps(output))
"""


@pytest.fixture
def e2e(claude_e2e: ClaudeE2E) -> ClaudeE2E:
    hook = claude_e2e.root / "test_hook.py"
    hook.write_text(TEST_HOOK)
    claude_e2e.hook_command = [sys.executable, "-I", str(hook)]
    return claude_e2e


def test_pinned_binary_reports_its_version(claude_binary: Path) -> None:
    assert reports_version(claude_binary, CLAUDE_CODE_VERSION)


def test_allowed_bash_call_runs(e2e: ClaudeE2E) -> None:
    """An allowed command runs in the project dir, and the hook saw the real tool_use_id."""
    call = bash("echo hi > marker")
    result = e2e.run(Scenario(turns=(turn(call),)))

    assert result.outcome(call).status == "ran", result.describe()
    assert result.outcome(call).decision_source == "hook"
    assert (e2e.project / "marker").read_text() == "hi\n"
    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "allow"
    assert hook_call.input["tool_input"]["command"] == "echo hi > marker"
    assert hook_call.input["cwd"] == str(e2e.project)
    # Claude Code keeps its transcripts under the throwaway HOME, never the real one.
    assert Path(hook_call.input["transcript_path"]).is_relative_to(e2e.home)
    assert result.returncode == 0
    assert result.result is not None and result.result["result"] == "Done."


def test_denied_call_is_blocked_and_claude_gets_the_reason(e2e: ClaudeE2E) -> None:
    """A deny blocks the call; the reason is the tool_result text the model received."""
    victim = e2e.project / "keep"
    victim.mkdir()
    call = bash(f"rm -rf {victim}")
    result = e2e.run(Scenario(turns=(turn(call),)))

    outcome = result.outcome(call)
    assert outcome.status == "blocked", result.describe()
    assert outcome.is_error
    assert outcome.text.startswith("PreToolUse:Bash hook error: test hook denies")
    assert victim.is_dir()
    assert [d["tool_use_id"] for d in (result.result or {})["permission_denials"]] == [call.id]


def test_ask_blocks_in_print_mode(e2e: ClaudeE2E) -> None:
    """`-p` has no one to ask: an ask ends as a denial and the tool does not run."""
    call = bash("touch ask-me-marker")
    result = e2e.run(Scenario(turns=(turn(call),)))

    assert result.outcome(call).status == "blocked", result.describe()
    assert result.outcome(call).text == "the test hook asks the human"
    assert not (e2e.project / "ask-me-marker").exists()


def test_parallel_tool_calls_are_each_decided(e2e: ClaudeE2E) -> None:
    """Two tool_use blocks in one assistant turn: the hook runs for each, and both results go
    back to the model together in the next request."""
    allowed, denied = bash("echo one > one"), bash("touch two")
    result = e2e.run(Scenario(turns=(turn(allowed, denied),)))

    assert result.outcome(allowed).status == "ran", result.describe()
    assert result.outcome(denied).status == "blocked"
    assert {call.tool_use_id for call in result.hook_calls} == {allowed.id, denied.id}
    assert (e2e.project / "one").exists() and not (e2e.project / "two").exists()
    second = result.requests_of("main")[1]
    last_user = second.messages[-1]
    assert {b["tool_use_id"] for b in last_user["content"] if b.get("type") == "tool_result"} == {
        allowed.id,
        denied.id,
    }


def test_later_turns_follow_tool_results(e2e: ClaudeE2E) -> None:
    """A multi-turn script advances once per answered turn, whatever the earlier outcome."""
    first, second = bash("touch first"), bash("echo second > second")
    result = e2e.run(Scenario(turns=(turn(first), turn(second)), final_text="All done."))

    assert result.outcome(first).status == "blocked", result.describe()
    assert result.outcome(second).status == "ran"
    assert (e2e.project / "second").exists()
    assert len(result.requests_of("main")) == 3
    assert (result.result or {})["result"] == "All done."


def test_system_message_reaches_the_stream(e2e: ClaudeE2E) -> None:
    """A hook's systemMessage shows up as an informational system message in stream-json."""
    call = ToolUse("Write", {"file_path": str(e2e.project / "w.txt"), "content": "x"})
    result = e2e.run(Scenario(turns=(turn(call),)))

    assert result.outcome(call).status == "ran", result.describe()
    assert (e2e.project / "w.txt").read_text() == "x"
    assert "PreToolUse:Write says: test hook allowed Write" in result.system_messages


def test_silent_hook_is_recorded_as_no_decision(e2e: ClaudeE2E) -> None:
    """Exit 0 with no output leaves the call to Claude Code's own flow (which lets a plain
    read-only command run); the recorder still shows the hook ran and said nothing."""
    call = bash("ls silent-dir-that-does-not-exist || true")
    result = e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.stdout == "" and hook_call.returncode == 0 and hook_call.decision is None
    # 2.1.328's own policy lets a read-only `ls` run ("config" = not decided by a hook).
    assert result.outcome(call).status == "ran", result.describe()
    assert result.outcome(call).decision_source == "config"


def test_ask_user_question_reaches_the_hook_only_with_a_prompt_channel(e2e: ClaudeE2E) -> None:
    """Plain `-p` disables AskUserQuestion before any hook runs; with `--permission-prompt-tool
    stdio` (an SDK host) it is offered and the hook fires for it. stdin is closed, so the
    prompt itself then fails closed."""
    question = {
        "questions": [
            {
                "question": "Which one?",
                "header": "Pick",
                "options": [{"label": "A", "description": "a"}, {"label": "B", "description": "b"}],
                "multiSelect": False,
            }
        ]
    }
    plain = ToolUse("AskUserQuestion", question)
    result = e2e.run(Scenario(turns=(turn(plain),)))
    assert result.hook_calls == [], result.describe()
    assert "AskUserQuestion is disabled" in result.outcome(plain).text

    hosted = ToolUse("AskUserQuestion", question)
    result = e2e.run(
        Scenario(turns=(turn(hosted),)), extra_args=["--permission-prompt-tool", "stdio"]
    )
    assert [call.tool_name for call in result.hook_calls] == ["AskUserQuestion"], result.describe()
    assert result.outcome(hosted).status == "blocked"


def test_subagent_tool_calls_are_gated(e2e: ClaudeE2E) -> None:
    """A foreground Agent call starts a subagent conversation, which the stand-in plays from
    its own script; the hook fires for the subagent's calls with agent_id/agent_type."""
    inner_ok, inner_denied = bash("echo sub > sub-marker"), bash("touch sub-denied")
    agent = ToolUse(
        "Agent",
        {
            "description": "e2e subagent",
            "prompt": "SUBAGENT-ONE: run the two commands",
            "subagent_type": "general-purpose",
            "run_in_background": False,
        },
    )
    scenario = Scenario(
        turns=(turn(agent),), subagents={"SUBAGENT-ONE": (turn(inner_ok, inner_denied),)}
    )
    result = e2e.run(scenario)

    assert result.outcome(agent).status == "ran", result.describe()
    assert result.outcome(inner_ok).status == "ran"
    assert result.outcome(inner_denied).status == "blocked"
    assert (e2e.project / "sub-marker").exists() and not (e2e.project / "sub-denied").exists()
    inner_calls = result.hook_calls_for(inner_ok) + result.hook_calls_for(inner_denied)
    assert len(inner_calls) == 2
    assert all(
        call.input.get("agent_id") and call.input.get("agent_type") == "general-purpose"
        for call in inner_calls
    )
    assert "agent_id" not in result.hook_calls_for(agent)[0].input
    assert len(result.requests_of("subagent")) == 2


def test_reviewer_request_is_answered_from_the_queue(e2e: ClaudeE2E) -> None:
    """A hook that runs `claude -p --json-schema` as a reviewer gets the scripted decision."""
    approved, pushed_back = bash("touch review-me-1"), bash("touch review-me-2")
    result = e2e.run(
        Scenario(turns=(turn(approved), turn(pushed_back))),
        reviewer_decisions=[
            {"decision": "APPROVE", "reason": "harmless"},
            {"decision": "PUSH_BACK", "reason": "use a temp dir"},
        ],
    )

    assert result.outcome(approved).status == "ran", result.describe()
    assert result.outcome(pushed_back).status == "blocked"
    assert result.outcome(pushed_back).text.endswith("reviewer: use a temp dir")
    reviews = result.requests_of("reviewer")
    assert len(reviews) == 2
    assert REVIEWER_TOOL in reviews[0].tool_names
    assert "review-me-1" in json.dumps(reviews[0].messages)
    assert (e2e.project / "review-me-1").exists() and not (e2e.project / "review-me-2").exists()


def test_a_deep_root_gets_a_state_dir_whose_socket_path_fits(tmp_path: Path) -> None:
    """A CI clone deep in the file system: the warm server's socket must still bind."""
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    e2e = ClaudeE2E(Path(sys.executable), deep, init_git=False)
    try:
        socket_path = e2e.state_dir / "run" / "server.sock"
        assert len(str(deep / "state" / "run" / "server.sock")) > 107
        assert len(str(socket_path).encode()) <= 107
        assert e2e.environment("http://127.0.0.1:9")["GATEKEEPER_STATE_DIR"] == str(e2e.state_dir)
    finally:
        e2e.close()
    assert not e2e.state_dir.exists()
    shallow = ClaudeE2E(Path(sys.executable), tmp_path / "s", init_git=False)
    assert shallow.state_dir == tmp_path / "s" / "state"
