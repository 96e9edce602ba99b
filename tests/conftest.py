"""Local fixtures for gatekeeper's own tests (the shared ones come from gatekeeper.testing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

GATEKEEPER = str(Path(sys.executable).with_name("gatekeeper"))


def run_hook(
    env: GkEnv, payload: object | bytes, **extra_env: str
) -> subprocess.CompletedProcess[bytes]:
    """Run the real `gatekeeper hook` process on one input."""
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    environ = env.environ()
    environ.update(extra_env)
    return subprocess.run(
        [GATEKEEPER, "hook"],
        input=data,
        capture_output=True,
        env=environ,
        timeout=60,
        check=False,
    )


def run_cli(env: GkEnv, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real `gatekeeper` command in the test's environment, from the project dir."""
    return subprocess.run(
        [GATEKEEPER, *args],
        capture_output=True,
        text=True,
        env=env.environ(),
        cwd=env.project,
        timeout=60,
        check=False,
    )


def check_cli(env: GkEnv, command: str, cwd: Path, **extra_env: str) -> tuple[str, set[str]]:
    """The decision and the rules found by the real `gatekeeper check --json` on one Bash
    command run in `cwd`, in a process with a time limit: for checks that could block."""
    done = subprocess.run(
        [GATEKEEPER, "check", "--json", "--cwd", str(cwd), command],
        capture_output=True,
        text=True,
        env={**env.environ(), **extra_env},
        timeout=60,
        check=False,
    )
    answer = json.loads(done.stdout)
    return answer["decision"], {f["rule"] for f in answer["findings"]}


REPO = Path(__file__).resolve().parent.parent


def run_bench(env: GkEnv, tmp_path: Path, script: str, *args: str) -> tuple[dict[str, Any], str]:
    """Run `bench/<script>` with `args` in the test's environment: its results file and stdout.

    The results go to a file under `tmp_path`, the bench's own HOME under the test's HOME.
    """
    out = tmp_path / f"{script}.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(REPO / "bench" / script),
            *args,
            "--out",
            str(out),
            "--work",
            str(env.home / f"bench-{script}"),
        ],
        capture_output=True,
        text=True,
        env=env.environ(),
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    results: dict[str, Any] = json.loads(out.read_text())
    return results, proc.stdout


def hook_payload(
    env: GkEnv, tool: str, tool_input: dict[str, object], **fields: str
) -> dict[str, object]:
    """A PreToolUse input as Claude Code sends it, in the test's project."""
    payload: dict[str, object] = {
        "session_id": "s1",
        "transcript_path": "",
        "cwd": str(env.project),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "toolu_1",
    }
    payload.update(fields)
    return payload


@pytest.fixture
def hook(gk_env: GkEnv) -> object:
    """Call the real hook process: hook(tool, input, **fields) -> (decision, reason, stdout)."""

    def call(tool: str, tool_input: dict[str, object], **fields: str) -> tuple[str, str, bytes]:
        proc = run_hook(gk_env, hook_payload(gk_env, tool, tool_input, **fields))
        assert proc.returncode == 0, proc.stderr
        if not proc.stdout.strip():
            return "none", "", proc.stdout
        out = json.loads(proc.stdout)
        spec = out.get("hookSpecificOutput", {})
        return (
            spec.get("permissionDecision", "none"),
            spec.get("permissionDecisionReason", ""),
            proc.stdout,
        )

    return call


@dataclass
class FakeClaude:
    """The fake `claude` of tests/fake_claude.py, first on PATH; `mode` picks its answer."""

    log: Path
    monkeypatch: pytest.MonkeyPatch

    def mode(self, mode: str, **env: str) -> None:
        self.monkeypatch.setenv("FAKE_CLAUDE_MODE", mode)
        for name, value in env.items():
            self.monkeypatch.setenv(name, value)

    def calls(self) -> list[dict[str, object]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines()]


@pytest.fixture
def fake_claude(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch) -> FakeClaude:
    bin_dir = gk_env.home / "bin"
    bin_dir.mkdir()
    target = bin_dir / "claude"
    source = Path(__file__).with_name("fake_claude.py").read_text()
    # `-IS`: isolated and without site, as the fast hook runs (a review starts one per call,
    # and the suite reviews hundreds of calls).
    target.write_text(f"#!{sys.executable} -IS\n{source}")
    target.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    log = gk_env.home / "fake-claude.jsonl"
    monkeypatch.setenv("FAKE_CLAUDE_LOG", str(log))
    monkeypatch.setenv("CLAUDECODE", "1")  # as inside Claude Code: must not reach the child
    return FakeClaude(log, monkeypatch)


@pytest.fixture
def quiet_engine(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    """An engine with the reviewer off: REVIEW and ELEVATE both come back as `ask`."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


def assert_goes_to_the_human(engine: Engine, command: str, cwd: str) -> None:
    """`command` is asked of the human whatever the reviewer says: its worst finding is
    ELEVATE (a REVIEW would let a reviewer approve it)."""
    from gatekeeper.model import Outcome, Verdict, dominant
    from gatekeeper.testing import check

    decision = check(engine, command, cwd=cwd)
    worst = dominant(decision.findings)
    assert worst is not None
    assert worst.verdict is Verdict.ELEVATE, decision.reason
    assert decision.outcome is Outcome.ASK


def make_link_tree(root: Path) -> str:
    """Directories, files and every kind of symlink the path tests resolve, under `root`:
    absolute links to a directory and a file, a relative link, a link upwards, a loop, a
    dangling link and a link to a link."""
    (root / "d" / "e").mkdir(parents=True)
    (root / "d" / "f").write_text("x")
    (root / "f").write_text("x")
    (root / "ld").symlink_to(root / "d")  # absolute link to a directory
    (root / "lf").symlink_to(root / "f")  # absolute link to a file
    (root / "d" / "rel").symlink_to("e")  # relative link
    (root / "d" / "up").symlink_to("..")  # a link upwards
    (root / "loop").symlink_to("loop")  # a loop
    (root / "dangling").symlink_to(root / "nope" / "x")
    (root / "chain").symlink_to("ld")  # a link to a link
    return str(root)


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The path policy's listings kept at once (no two-second wait), none from an earlier
    test: for the tests of what is kept between calls (test_perf12, test_perf13)."""
    from gatekeeper import paths

    monkeypatch.setattr(paths, "_RACY_NS", -(10**18))
    monkeypatch.setattr(paths, "_DIR_LINKS", {})
    monkeypatch.setattr(paths, "_MASKS", {})
    monkeypatch.setattr(paths, "_PLANS", {})
