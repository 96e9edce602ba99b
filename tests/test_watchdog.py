"""A check that blocks in a system call still gets an answer: ask the human (GK-SHELL-008).

Tier 1 checks its own deadline while it analyses, but a blocking system call checks
nothing: a FIFO in the place of `.git/config`, `.mcp.json` or a virtualenv's `pip.conf` held
the hook in `open()` (`git remote -v`, `cat .mcp.json`, `pip config list`) until Claude
Code's own hook timeout, which lets the call through. The readers now open without waiting
(`shell.projectfiles.read_head`), and the hook, the decision server and `gatekeeper check`
interrupt Tier 1 with a signal after `pipeline.WATCHDOG` seconds, whatever blocks it: a
third party's checker too.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import TYPE_CHECKING

import pytest

from gatekeeper import Finding, Verdict, client, hookimpl
from gatekeeper.model import Outcome
from gatekeeper.pipeline import WATCHDOG
from gatekeeper.testing import tool_call
from tests.conftest import check_cli
from tests.test_broken_plugins import decide, install
from tests.test_fastpath import payload, run_dir

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.model import Command
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.mark.parametrize("command", ["git remote -v", "git config -l", "cat .git/config"])
def test_a_fifo_in_place_of_the_repository_config_is_answered(gk_env: GkEnv, command: str) -> None:
    config = gk_env.project / ".git" / "config"
    config.parent.mkdir(exist_ok=True)
    config.unlink(missing_ok=True)
    os.mkfifo(config)
    decision, rules = check_cli(gk_env, command, gk_env.project)
    assert decision == "ask", rules
    assert "GK-PROT-002" in rules  # nothing to vouch for: it may hold a token


def test_a_fifo_in_place_of_a_linked_work_trees_commondir_is_answered(gk_env: GkEnv) -> None:
    common = gk_env.project / "main.git"
    (common / "worktrees" / "w").mkdir(parents=True)
    os.mkfifo(common / "worktrees" / "w" / "commondir")
    tree = gk_env.project / "w"
    tree.mkdir()
    (tree / ".git").write_text(f"gitdir: {common / 'worktrees' / 'w'}\n")
    decision, rules = check_cli(gk_env, "git remote -v", tree)
    assert decision in ("allow", "ask"), rules  # answered; no config holds a token here


def test_a_fifo_in_place_of_the_mcp_config_is_answered(gk_env: GkEnv) -> None:
    os.mkfifo(gk_env.project / ".mcp.json")
    decision, rules = check_cli(gk_env, "cat .mcp.json", gk_env.project)
    assert decision == "ask", rules
    assert "GK-PROT-002" in rules


def test_a_fifo_in_place_of_the_virtualenvs_pip_config_is_answered(gk_env: GkEnv) -> None:
    venv = gk_env.project / ".venv"
    venv.mkdir()
    os.mkfifo(venv / "pip.conf")
    decision, rules = check_cli(gk_env, "pip config list", gk_env.project, VIRTUAL_ENV=str(venv))
    assert decision == "ask", rules


def _blocking_source(fifo: Path) -> str:
    """A third party's checker module that blocks in `open()` on `fifo` for `blocky`."""
    return (
        "from gatekeeper import Finding, Verdict, hookimpl\n\n"
        "@hookimpl\ndef gatekeeper_check_command(command):\n"
        "    if command.name == 'blocky':\n"
        f"        open({str(fifo)!r}, 'rb').read()\n"
        "        return Finding(Verdict.SAFE, 'TEST-001', 'read it')\n"
    )


class _Blocking:
    """A checker that blocks in `open()` on a FIFO no one writes to."""

    def __init__(self, fifo: Path) -> None:
        self.fifo = fifo

    @hookimpl
    def gatekeeper_check_command(self, command: Command) -> Finding | None:
        if command.name == "blocky":
            with open(self.fifo, "rb") as f:  # never returns without the watchdog
                f.read()
            return Finding(Verdict.SAFE, "TEST-001", "read it")
        return None


def test_a_blocking_checker_is_interrupted_and_the_human_asked(
    gk_env: GkEnv, make_engine: Callable[..., Engine], tmp_path: Path
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    engine = make_engine(_Blocking(fifo))
    engine.watchdog = 0.3
    before = signal.getsignal(signal.SIGALRM)
    decision = engine.decide(tool_call("Bash", {"command": "blocky --now"}, cwd=str(gk_env.project)))
    assert decision.outcome is Outcome.ASK
    assert decision.rule == "GK-SHELL-008"
    assert "did not finish" in decision.reason
    # put back as it was: no stray alarm, the same handler
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) == before
    # and the next call is decided as usual
    assert engine.decide(tool_call("Bash", {"command": "ls"}, cwd=str(gk_env.project))).outcome is Outcome.ALLOW


def test_a_blocking_third_party_checker_does_not_keep_the_real_hook_from_answering(
    gk_env: GkEnv, tmp_path: Path
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    extra = install(gk_env, {"blocking_checker": _blocking_source(fifo)})
    out, record = decide(gk_env, extra, "Bash", {"command": "blocky --now"})
    assert out["permissionDecision"] == "ask"
    assert "GK-SHELL-008" in out["permissionDecisionReason"]
    assert record["rule"] == "GK-SHELL-008"
    assert WATCHDOG < 30  # inside the hook timeout `gatekeeper install` writes (review + 30 s)



def test_the_decision_server_answers_a_blocked_call_and_then_stops(
    gk_env: GkEnv, tmp_path: Path
) -> None:
    """The server's Tier 1 is interrupted as the hook's is; since what a check keeps between
    calls may be half updated, the server answers and stops (the next call starts a fresh
    one)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    extra = install(gk_env, {"blocking_checker": _blocking_source(fifo)})
    environ = {**gk_env.environ(), **extra, "GATEKEEPER_SERVER_IDLE": "300"}
    directory = run_dir(gk_env)
    # not `-I` as the client starts it: the plugin module is found through PYTHONPATH
    proc = subprocess.Popen(
        [sys.executable, "-m", "gatekeeper.server", str(directory)],
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while not (directory / "server.sock").exists():
            assert proc.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        env_bytes = {k.encode(): v.encode() for k, v in environ.items()}
        env_bytes[client.TIMEOUT_ENV] = b"60"  # wait for the server's own answer
        data = payload(gk_env, "blocky --now")
        answer = client.ask(data, env_bytes, str(gk_env.project).encode(), start=False)
        assert isinstance(answer, tuple), answer  # the server's, not the fallback
        out = json.loads(answer[0])["hookSpecificOutput"]
        assert out["permissionDecision"] == "ask"
        assert "GK-SHELL-008" in out["permissionDecisionReason"]
        assert proc.wait(timeout=10) == 0  # and it stopped, long before its idle time
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
