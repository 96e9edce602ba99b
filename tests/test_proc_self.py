"""`/proc/self/cwd/…` is the call's directory, not the gate's own (paths._absolute).

The kernel resolves `/proc/self/cwd` in the process that opens it: for the agent's shell that
is the call's `cwd`, for the gate the directory it happens to run in (the warm server's is
wherever it started). Resolved in the gate's process, `echo k >> /proc/self/cwd/../.ssh/
authorized_keys` from a project in the home directory was a write somewhere outside
(REVIEW), not the protected file it is. Nothing here is executed: the commands are only
judged.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.paths import _absolute
from gatekeeper.testing import check
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("/proc/self/cwd", "/p/q"),
        ("/proc/self/cwd/", "/p/q/"),
        ("/proc/self/cwd/../x", "/p/q/../x"),
        ("/proc/thread-self/cwd/a", "/p/q/a"),
        ("/proc/self/root/etc/shadow", "/etc/shadow"),
        ("/proc/self/root", "/"),
        ("//proc/./self//cwd/a", "/p/q/a"),
        ("/./proc/self/cwd", "/p/q"),
        ("/proc/self/cwdx", "/proc/self/cwdx"),
        ("//etc/x", "//etc/x"),
        ("/proc/self/status", "/proc/self/status"),
        # `..` right below /proc's entry of a process is /proc (redteam9)
        ("/proc/self/../self/cwd/a", "/p/q/a"),
        ("/proc/12/../self/cwd/a", "/p/q/a"),
        ("/proc/self/../../etc/shadow", "/etc/shadow"),
        # thread-self is /proc/PID/task/TID: its `..` is not /proc
        ("/proc/thread-self/../self/cwd", "/proc/thread-self/../self/cwd"),
        # another process' root is `/` as far as the gate knows
        ("/proc/1/root/etc/shadow", "/etc/shadow"),
    ],
)
def test_the_calls_own_directory_stands_for_proc_self_cwd(raw: str, want: str) -> None:
    assert _absolute(raw, "/p/q") == want


@pytest.mark.parametrize(
    "command",
    [
        "echo k >> /proc/self/cwd/../.ssh/authorized_keys",
        "cat /proc/self/cwd/../.ssh/id_rsa",
        "cp x.txt /proc/thread-self/cwd/../.bashrc",
        "echo k >> /proc/self/../self/cwd/../.ssh/authorized_keys",
        "cat /proc/1/root/etc/shadow",
    ],
)
def test_a_protected_path_through_proc_self_cwd_goes_to_the_human(
    command: str, quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    (gk_env.home / ".ssh").mkdir(exist_ok=True)
    (gk_env.home / ".ssh" / "id_rsa").write_text("k\n")
    monkeypatch.chdir("/")  # the gate runs elsewhere than the call
    assert_goes_to_the_human(quiet_engine, command, str(gk_env.project))


def test_a_read_tool_through_proc_self_cwd_is_the_calls_directory(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    (gk_env.home / ".ssh").mkdir(exist_ok=True)
    (gk_env.home / ".ssh" / "id_rsa").write_text("k\n")
    monkeypatch.chdir("/")
    path = "/proc/self/cwd/../.ssh/id_rsa"
    decision = check(
        quiet_engine, tool="Read", tool_input={"file_path": path}, cwd=str(gk_env.project)
    )
    assert decision.outcome is Outcome.ASK, decision.reason
    assert decision.rule == "GK-PROT-002", decision.reason


def test_a_file_of_the_project_through_proc_self_cwd_is_allowed(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    (gk_env.project / "README.md").write_text("x\n")
    monkeypatch.chdir("/")
    decision = check(quiet_engine, "cat /proc/self/cwd/README.md", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    "raw", ["/dev/fd/3", "/dev/fd/3/sub/x", "/proc/self/fd/3", "/proc/1/cwd/x", "/proc/7/fd/1"]
)
def test_the_agents_descriptors_and_other_processes_dirs_are_not_resolved_here(
    raw: str, quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # The gate's own descriptor 3 (or process 1's cwd) is not the agent shell's: resolved in
    # the gate's process, `/dev/fd/3` was whatever the gate had open (`/dev/null` here).
    from gatekeeper.paths import PathPolicy

    with open(os.devnull) as held:  # a descriptor of the gate's own, 3 or above
        assert held.fileno() >= 3
        policy = PathPolicy.from_config(quiet_engine.config, str(gk_env.project))
        assert policy.resolve(raw) == raw
        assert policy.classify(raw, write=True)[0] == "outside"
