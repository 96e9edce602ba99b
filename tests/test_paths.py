"""The one path policy: resolution, symlinks, component-wise comparison, classes."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper import config as config_mod
from gatekeeper.model import Outcome
from gatekeeper.paths import ALLOWED, NETWORK, OUTSIDE, PROTECTED, SECRET, TMP, PathPolicy
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _policy(env: GkEnv) -> PathPolicy:
    return PathPolicy.from_config(config_mod.load(str(env.project)), str(env.project))


def test_sibling_with_common_prefix_is_outside(gk_env: GkEnv) -> None:
    evil = gk_env.home / (gk_env.project.name + "evil")
    evil.mkdir()
    assert _policy(gk_env).classify(str(evil / "x"), write=True)[0] == OUTSIDE


def test_relative_paths_resolve_against_cwd(gk_env: GkEnv) -> None:
    policy = _policy(gk_env)
    assert policy.classify("src/a.py", write=True)[0] == ALLOWED
    assert policy.classify("../../etc/hosts", write=False)[0] == OUTSIDE


def test_symlink_out_of_the_project_is_outside(gk_env: GkEnv, tmp_path: object) -> None:
    outside = gk_env.home / "elsewhere"
    outside.mkdir()
    os.symlink(outside, gk_env.project / "link")
    policy = _policy(gk_env)
    assert policy.classify("link/new-file.txt", write=True)[0] == OUTSIDE


def test_classes(gk_env: GkEnv) -> None:
    policy = _policy(gk_env)
    assert policy.classify("/tmp/x", write=True)[0] == TMP
    assert policy.classify("/dev/tcp/1.2.3.4/80", write=True)[0] == NETWORK
    assert policy.classify(".git/hooks/pre-commit", write=True)[0] == PROTECTED
    assert policy.classify(".claude/settings.json", write=True)[0] == PROTECTED
    assert policy.classify("~/.bashrc", write=True)[0] == PROTECTED
    assert policy.classify(str(gk_env.config_path), write=True)[0] == PROTECTED
    assert policy.classify(".env", write=False)[0] == SECRET
    assert policy.classify(".env.example", write=False)[0] == ALLOWED
    assert policy.classify("~/.ssh/id_ed25519", write=False)[0] == SECRET


def test_file_tools_follow_the_policy(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    engine = make_engine()
    p = gk_env.project
    cases = [
        ("Read", {"file_path": str(p / "src/a.py")}, Outcome.ALLOW),
        ("Write", {"file_path": str(p / "new.txt"), "content": "x"}, Outcome.ALLOW),
        ("Edit", {"file_path": "/etc/hosts", "old_string": "a", "new_string": "b"}, Outcome.ASK),
        ("Read", {"file_path": str(gk_env.home / "other.txt")}, Outcome.ASK),
        ("Glob", {"pattern": "**/*.py"}, Outcome.ALLOW),
        ("Glob", {"pattern": "../../**/*.pem"}, Outcome.ASK),
        ("Grep", {"pattern": "x", "path": "/etc"}, Outcome.ASK),
        ("Write", {"file_path": str(p / ".git/config"), "content": "x"}, Outcome.ASK),
        ("NotebookEdit", {"notebook_path": str(p / "n.ipynb"), "new_source": "x"}, Outcome.ALLOW),
        ("Write", {"file_path": "/tmp/scratch.txt", "content": "x"}, Outcome.ALLOW),
        ("Read", {}, Outcome.ASK),
    ]
    for tool, tool_input, expected in cases:
        decision = check(engine, tool=tool, tool_input=tool_input)
        assert decision.outcome == expected, (tool, tool_input, decision.reason)


def test_protected_writes_are_elevated_even_over_an_allow_rule(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    gk_env.write_config('[permissions]\nallow = ["Edit", "Bash(echo *)"]\n')
    engine = make_engine()
    decision = check(
        engine,
        tool="Write",
        tool_input={"file_path": str(gk_env.project / ".claude/settings.json"), "content": "{}"},
    )
    assert decision.outcome == Outcome.ASK and decision.rule == "GK-PROT-001"
    decision = check(engine, "echo x >> ~/.bashrc")
    assert decision.outcome == Outcome.ASK and decision.rule == "GK-PROT-001"
