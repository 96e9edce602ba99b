"""A path too long to resolve in time goes to the human (`paths.MAX_PATH_CHARS`).

`os.path.realpath` copies the rest of the path at every component: `a/..` 100,000 times took
5 s and a 4 MB `file_path` minutes. Claude Code lets a call through when the hook times out,
so such a path was a way past the gate; it is now asked of the human at once. Nothing here
is executed: the commands are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.paths import MAX_PATH_CHARS, PROTECTED, SECRET
from gatekeeper.testing import check
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

# `a/..` repeated past the limit, then the file: the kernel (and Node's `path.resolve`)
# make it `<cwd>/.ssh/id_rsa` or `<cwd>/../.bashrc`.
CLIMB = "a/../" * (MAX_PATH_CHARS // 5 + 1)


@pytest.mark.parametrize(
    "command",
    [f"cat {CLIMB}../.ssh/id_rsa", f"echo k >> {CLIMB}../.bashrc", f"rm -rf {CLIMB}.."],
)
def test_a_bash_word_too_long_to_resolve_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    assert_goes_to_the_human(quiet_engine, command, str(gk_env.project))


@pytest.mark.parametrize("tool", ["Read", "Write", "Edit"])
def test_a_file_tool_path_too_long_to_resolve_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, tool: str
) -> None:
    from gatekeeper.model import Verdict, dominant

    tool_input = {"file_path": f"{gk_env.project}/{CLIMB}../.ssh/id_rsa"}
    if tool != "Read":
        tool_input |= {"content": "x", "old_string": "x", "new_string": "y"}
    decision = check(quiet_engine, tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert worst.verdict is Verdict.ELEVATE, decision.reason
    assert decision.outcome is Outcome.ASK


def test_the_policy_classes_a_long_path_as_the_worst_for_its_use(quiet_engine: Engine) -> None:
    from gatekeeper.paths import PathPolicy

    paths = PathPolicy.from_config(quiet_engine.config, "/")
    assert paths.classify(CLIMB + "x", write=False)[0] == SECRET
    assert paths.classify(CLIMB + "x", write=True)[0] == PROTECTED


def test_a_long_path_within_the_limit_is_still_resolved(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "README.md").write_text("x\n")
    (gk_env.project / "a").mkdir()
    climb = "a/../" * ((MAX_PATH_CHARS - 20) // 5)
    decision = check(quiet_engine, f"cat {climb}README.md", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_long_path_is_never_handed_to_realpath(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # realpath's time is quadratic in the components: the limit is what keeps it bounded.
    import os.path

    given: list[int] = []
    real = os.path.realpath

    def recording(path: str, *, strict: bool = False) -> str:
        given.append(len(path))
        return real(path, strict=strict)

    monkeypatch.setattr(os.path, "realpath", recording)
    cwd = str(gk_env.project)
    check(quiet_engine, f"cat {CLIMB}../.ssh/id_rsa", cwd=cwd)
    check(quiet_engine, tool="Read", tool_input={"file_path": f"{cwd}/{CLIMB}x"}, cwd=cwd)
    assert all(n <= MAX_PATH_CHARS + len(cwd) + 1 for n in given), given


@pytest.mark.parametrize("mode", ["default", "bypassPermissions"])
@pytest.mark.parametrize(
    "command", [f"cd {CLIMB}.. && rm -rf .ssh", f"cd src; cd {CLIMB}..; rm -rf .ssh"]
)
def test_a_cd_target_too_long_to_resolve_is_asked_in_every_mode(
    quiet_engine: Engine, gk_env: GkEnv, command: str, mode: str
) -> None:
    # Where the commands after the `cd` run is not known: no command of the call is judged
    # against a guessed cwd, and the answer is GK-SHELL-008's ask (the cd's own path was an
    # exception out of `Engine.decide`, which the hook only turned into an ask by its guard).
    decision = check(quiet_engine, command, cwd=str(gk_env.project), mode=mode)
    assert decision.outcome is Outcome.ASK, decision.reason
    assert decision.rule == "GK-SHELL-008"
    assert "too long to resolve" in decision.reason
