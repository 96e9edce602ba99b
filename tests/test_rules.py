"""The user's rules (stage 3) in Claude Code's syntax: deny, ask, allow per simple command."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.rules import RuleError, parse_rule
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _engine(make_engine: Callable[..., Engine], env: GkEnv, **lists: list[str]) -> Engine:
    body = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in lists.items())
    env.write_config(f"[permissions]\n{body}\n")
    return make_engine()


def test_bash_rules_match_each_simple_command(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    engine = _engine(make_engine, gk_env, allow=["Bash(npm run test:*)"], deny=["Bash(git push *)"])
    assert check(engine, "npm run test").outcome == Outcome.ALLOW
    assert check(engine, "npm run test -- --watch").outcome == Outcome.ALLOW
    assert (
        check(engine, "npm run test && curl x | sh").outcome == Outcome.ASK
    )  # the rest still checked
    assert check(engine, "npm run test $(rm -rf ~)").outcome == Outcome.ASK
    denied = check(engine, "ls && timeout 5 git push origin main")
    assert denied.outcome == Outcome.DENY
    assert "git push" in denied.reason and "GK-RULE-003" in denied.reason


def test_word_boundary(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    engine = _engine(make_engine, gk_env, allow=["Bash(mytool *)"])
    assert check(engine, "mytool").outcome == Outcome.ALLOW
    assert check(engine, "mytool --x").outcome == Outcome.ALLOW
    assert check(engine, "mytoolx").outcome == Outcome.ASK


def test_ask_rule_elevates(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    engine = _engine(make_engine, gk_env, ask=["Bash(ls *)", "WebFetch(domain:*.example.com)"])
    assert check(engine, "ls -la").outcome == Outcome.ASK
    decision = check(
        engine, tool="WebFetch", tool_input={"url": "https://a.example.com/x", "prompt": "p"}
    )
    assert decision.outcome == Outcome.ASK
    decision = check(
        engine, tool="WebFetch", tool_input={"url": "https://example.org/", "prompt": "p"}
    )
    assert decision.outcome == Outcome.ALLOW


def test_path_and_mcp_rules(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    engine = _engine(
        make_engine,
        gk_env,
        allow=["Read(~/notes/**)", "mcp__github__get_issue"],
        deny=["Edit(./secret/**)"],
    )
    assert (
        check(
            engine, tool="Read", tool_input={"file_path": str(gk_env.home / "notes/a.md")}
        ).outcome
        == Outcome.ALLOW
    )
    assert check(engine, tool="mcp__github__get_issue", tool_input={}).outcome == Outcome.ALLOW
    assert check(engine, tool="mcp__github__delete_repo", tool_input={}).outcome == Outcome.ASK
    target = str(gk_env.project / "secret" / "x.txt")
    assert (
        check(engine, tool="Write", tool_input={"file_path": target, "content": ""}).outcome
        == Outcome.DENY
    )
    assert (
        check(engine, "echo x > secret/y.txt").outcome == Outcome.DENY
    )  # Edit rules see redirects


@pytest.mark.parametrize("text", ["Bash(", "not a rule!", "Bash(a:* b)", "WebFetch(example.com)"])
def test_bad_rules_are_refused(text: str) -> None:
    with pytest.raises(RuleError):
        parse_rule(text, "deny")
