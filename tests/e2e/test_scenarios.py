"""gatekeeper as the PreToolUse hook of the real Claude Code, end to end and offline.

Each test scripts the model's tool calls through the stand-in API, lets Claude Code 2.1.328 run
``<venv>/bin/gatekeeper hook`` on them, and checks what really happened: did the tool run, what
did the model get back, what did gatekeeper answer. The reviewer, when gatekeeper calls it, is
the same pinned ``claude`` (first on PATH) answering from the stand-in's reviewer queue; with
the queue empty it answers ELEVATE, so an unplanned review fails closed.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import TYPE_CHECKING

import pytest

from .fake_api import Scenario, ToolUse, turn
from .harness import bash, read_file, write_file

if TYPE_CHECKING:
    from pathlib import Path

    from .harness import ClaudeE2E

# In `-p` an ask cannot reach a human: Claude Code turns it into a rejection.
NOT_RUN = ("ask", "deny")


def test_read_only_command_runs(gatekeeper_e2e: ClaudeE2E) -> None:
    (gatekeeper_e2e.project / "README.md").write_text("hello\n")
    call = bash("cat README.md && ls -la")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "allow", result.describe()
    assert result.outcome(call).status == "ran"
    assert "hello" in result.outcome(call).text


def test_write_inside_the_project_runs(gatekeeper_e2e: ClaudeE2E) -> None:
    target = gatekeeper_e2e.project / "src" / "notes.txt"
    target.parent.mkdir()
    call = write_file(target, "written by the agent\n")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "allow", result.describe()
    assert result.outcome(call).status == "ran"
    assert target.read_text() == "written by the agent\n"


def _repo_with_remote(project: Path, remote: Path, home: Path) -> dict[str, str]:
    """A commit in the project and an empty bare remote: a push that ran would leave a ref."""
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(home),
        "GIT_AUTHOR_NAME": "e2e",
        "GIT_AUTHOR_EMAIL": "e2e@example.invalid",
        "GIT_COMMITTER_NAME": "e2e",
        "GIT_COMMITTER_EMAIL": "e2e@example.invalid",
    }
    (project / "file.txt").write_text("content\n")
    for argv in (
        ["git", "init", "-q", "--bare", str(remote)],
        ["git", "-C", str(project), "checkout", "-q", "-b", "main"],
        ["git", "-C", str(project), "add", "file.txt"],
        ["git", "-C", str(project), "commit", "-q", "-m", "first"],
        ["git", "-C", str(project), "remote", "add", "origin", str(remote)],
    ):
        subprocess.run(argv, env=env, check=True, capture_output=True, timeout=30)
    return env


def test_git_push_is_not_run(gatekeeper_e2e: ClaudeE2E) -> None:
    remote = gatekeeper_e2e.root / "remote.git"
    env = _repo_with_remote(gatekeeper_e2e.project, remote, gatekeeper_e2e.home)
    call = bash("git push origin main")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "ask", result.describe()
    assert result.outcome(call).status == "blocked"
    refs = subprocess.run(
        ["git", "-C", str(remote), "for-each-ref"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert refs.stdout == "", "the push reached the remote"


def test_write_hidden_in_command_substitution_is_not_run(gatekeeper_e2e: ClaudeE2E) -> None:
    # Outside the project (and, by the fixture's placement, outside every tmp dir).
    marker = gatekeeper_e2e.home / "e2e-marker"
    call = bash(f"echo $(touch {marker})")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision in NOT_RUN, result.describe()
    assert result.outcome(call).status == "blocked"
    assert not marker.exists()


def test_reading_an_ssh_key_is_not_run(gatekeeper_e2e: ClaudeE2E) -> None:
    key = gatekeeper_e2e.home / ".ssh" / "id_rsa"
    key.parent.mkdir(mode=0o700)
    key.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\ne2e-secret-material\n")
    call = read_file(key)
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision in NOT_RUN, result.describe()
    assert result.outcome(call).status == "blocked"
    assert "e2e-secret-material" not in result.outcome(call).text


def test_broken_config_still_decides_and_warns(gatekeeper_e2e: ClaudeE2E) -> None:
    gatekeeper_e2e.config_path.write_text("[permissions\nallow = [unterminated\n")
    call = bash("ls")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(call),)))

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision is not None, result.describe()
    assert hook_call.returncode == 0
    assert "systemMessage" in (hook_call.output or {})
    # Claude Code shows a hook's systemMessage as "PreToolUse:Bash says: <message>".
    warnings = [m for m in result.system_messages if m.startswith("PreToolUse:Bash says:")]
    assert any("config" in m for m in warnings), result.system_messages


def test_ask_user_question_gets_no_decision(gatekeeper_e2e: ClaudeE2E) -> None:
    # Plain `-p` disables AskUserQuestion before hooks run; an SDK-style prompt channel
    # (stdin closed, so the question itself then fails) makes Claude Code offer it and call
    # the hook, as in an interactive session.
    question = ToolUse(
        "AskUserQuestion",
        {
            "questions": [
                {
                    "question": "Which database should I use?",
                    "header": "Database",
                    "options": [
                        {"label": "SQLite", "description": "embedded"},
                        {"label": "Postgres", "description": "server"},
                    ],
                    "multiSelect": False,
                }
            ]
        },
    )
    result = gatekeeper_e2e.run(
        Scenario(turns=(turn(question),)), extra_args=["--permission-prompt-tool", "stdio"]
    )

    [hook_call] = result.hook_calls_for(question)
    assert hook_call.returncode == 0, result.describe()
    assert hook_call.stdout.strip() == "", "gatekeeper must stay silent for AskUserQuestion"


def test_two_calls_in_one_turn_are_both_decided(gatekeeper_e2e: ClaudeE2E) -> None:
    listing, push = bash("ls"), bash("git push origin main")
    result = gatekeeper_e2e.run(Scenario(turns=(turn(listing, push),)))

    decisions = {call.tool_use_id: call.decision for call in result.hook_calls}
    assert decisions == {listing.id: "allow", push.id: "ask"}, result.describe()
    assert result.outcome(listing).status == "ran"
    assert result.outcome(push).status == "blocked"


def test_tool_calls_inside_a_subagent_are_gated(gatekeeper_e2e: ClaudeE2E) -> None:
    inner_read, inner_push = bash("ls"), bash("git push origin main")
    agent = ToolUse(
        "Agent",
        {
            "description": "look around",
            "prompt": "E2E-SUBAGENT: list the files, then push",
            "subagent_type": "general-purpose",
            # Foreground, so the main turn waits for it; background agents are gated the same.
            "run_in_background": False,
        },
    )
    scenario = Scenario(
        turns=(turn(agent),), subagents={"E2E-SUBAGENT": (turn(inner_read), turn(inner_push))}
    )
    result = gatekeeper_e2e.run(scenario)

    assert result.outcome(agent).status == "ran", result.describe()
    inner_calls = result.hook_calls_for(inner_read) + result.hook_calls_for(inner_push)
    if not inner_calls:
        pytest.xfail(
            f"this Claude Code version fires no PreToolUse hook in subagents\n{result.describe()}"
        )
    assert all(call.input.get("agent_id") for call in inner_calls)
    assert [call.decision for call in inner_calls] == ["allow", "ask"], result.describe()
    assert result.outcome(inner_read).status == "ran"
    assert result.outcome(inner_push).status == "blocked"


def test_reviewer_push_back_reaches_the_model(gatekeeper_e2e: ClaudeE2E) -> None:
    """An unknown command goes to the reviewer; its PUSH_BACK reason is what the model reads."""
    call = bash("frobnicate --all-the-things")
    result = gatekeeper_e2e.run(
        Scenario(turns=(turn(call),)),
        reviewer_decisions=[{"decision": "PUSH_BACK", "reason": "use the make target instead"}],
    )

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "deny", result.describe()
    assert result.outcome(call).status == "blocked"
    assert "use the make target instead" in result.outcome(call).text
    [review] = result.requests_of("reviewer")
    assert "frobnicate" in str(review.messages)
    # The reviewer's own StructuredOutput call must not come back through the hook.
    assert [call.tool_name for call in result.hook_calls] == ["Bash"]


def test_reviewer_approval_lets_an_unknown_command_run(gatekeeper_e2e: ClaudeE2E) -> None:
    call = bash("frobnicate --dry-run || true")
    result = gatekeeper_e2e.run(
        Scenario(turns=(turn(call),)),
        reviewer_decisions=[{"decision": "APPROVE", "reason": "a dry run changes nothing"}],
    )

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "allow", result.describe()
    assert result.outcome(call).status == "ran"
    assert len(result.requests_of("reviewer")) == 1


def test_reviewer_runs_in_the_warm_server(gatekeeper_e2e: ClaudeE2E) -> None:
    """With the decision server up, the review happens there, in a child: same answer."""
    import sys
    import time

    run_dir = gatekeeper_e2e.state_dir / "run"
    server = subprocess.Popen(
        [sys.executable, "-I", "-m", "gatekeeper.server", str(run_dir)],
        env=gatekeeper_e2e.environment("http://127.0.0.1:9"),  # it takes on each client's
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not (run_dir / "server.sock").exists():
            assert server.poll() is None and time.monotonic() < deadline, "no server"
            time.sleep(0.05)
        call = bash("frobnicate --dry-run || true")
        result = gatekeeper_e2e.run(
            Scenario(turns=(turn(call),)),
            reviewer_decisions=[{"decision": "APPROVE", "reason": "a dry run changes nothing"}],
        )
    finally:
        server.terminate()
        server.wait(timeout=30)

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "allow", result.describe()
    assert result.outcome(call).status == "ran"
    assert len(result.requests_of("reviewer")) == 1
    [record] = gatekeeper_e2e.audit_records()
    assert record["served_by"] == "server"
    assert record["tier"] == "tier2"
    assert record["review"]["decision"] == "APPROVE"
    print(f"\nreview in the warm server, real claude binary: {record['review']['latency_ms']:.0f} ms")


def test_reviewer_elevation_blocks_in_print_mode(gatekeeper_e2e: ClaudeE2E) -> None:
    """ELEVATE means ask; in `-p` nobody can answer, so the tool does not run."""
    call = bash("frobnicate --everything")
    result = gatekeeper_e2e.run(
        Scenario(turns=(turn(call),)),
        reviewer_decisions=[{"decision": "ELEVATE", "reason": "touches the user's data"}],
    )

    [hook_call] = result.hook_calls_for(call)
    assert hook_call.decision == "ask", result.describe()
    assert result.outcome(call).status == "blocked"
    assert len(result.requests_of("reviewer")) == 1
    [record] = [
        json.loads(line)
        for line in (gatekeeper_e2e.state_dir / "audit.jsonl").read_text().splitlines()
    ]
    review = record["review"]
    assert review["decision"] == "ELEVATE"
    assert review["failure"] == ""
    # The whole review with the real binary and the stand-in API, for the closing note.
    print(f"\nreview with the real claude binary: {review['latency_ms']:.0f} ms")
