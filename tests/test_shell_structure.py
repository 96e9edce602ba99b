"""Where the parser attaches redirects, and when a leading `cd` certainly moves the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gatekeeper.pipeline import cwd_plan
from gatekeeper.shell import parse as shell_parse
from gatekeeper.shell.parse import parse

if TYPE_CHECKING:
    import pytest


def _redirects(text: str) -> list[tuple[str, list[str]]]:
    return [(c.text, [r.target.text for r in c.redirects]) for c in parse(text, "/h").commands]


def test_a_redirect_after_a_list_belongs_to_its_last_command() -> None:
    assert _redirects("a && b > f") == [("a", []), ("b", ["f"])]
    assert _redirects("a | b > f") == [("a", []), ("b", ["f"])]
    assert _redirects("a && b | c 2> e") == [("a", []), ("b", []), ("c", ["e"])]


def test_a_redirect_of_a_group_belongs_to_every_command_in_it() -> None:
    assert _redirects("{ a; b; } > f") == [("a", ["f"]), ("b", ["f"])]


def test_only_the_piped_stage_reads_a_pipe_or_a_heredoc() -> None:
    script = parse("a && b < in", "/h")
    assert [c.stdin_piped for c in script.commands] == [False, True]


def test_and_chain_only_for_a_pure_and_list_starting_with_a_command() -> None:
    assert parse("cd src && ls && cat x", "/h").and_chain
    assert not parse("cd src; cat x", "/h").and_chain
    assert not parse("cd src || cat x", "/h").and_chain
    assert not parse("cd src && a || b", "/h").and_chain
    assert not parse("cd src && a\nb", "/h").and_chain
    assert not parse("(cd src) && a", "/h").and_chain


def test_cwd_plan_drops_the_old_cwd_only_after_a_leading_cd_chain() -> None:
    chain = cwd_plan(parse("cd sub && cat x", "/h"), "/p")
    assert chain == [("/p", ()), ("/p/sub", ())]
    loose = cwd_plan(parse("cd sub; cat x", "/h"), "/p")
    assert loose == [("/p", ("/p/sub",)), ("/p", ("/p/sub",))]
    dynamic = cwd_plan(parse('cd "$D" && cat x', "/h"), "/p")
    assert all(cwd == "/p" for cwd, _ in dynamic)


def test_an_incomplete_list_is_a_parse_problem() -> None:
    assert "GK-SHELL-001" in {p.rule for p in parse("ls &&", "/h").problems}


def test_a_herestring_after_an_output_redirect_is_not_a_parse_problem() -> None:
    script = parse("cat > notes.txt <<< 'x'", "/h")
    assert script.problems == ()
    assert [r.op for r in script.commands[0].redirects] == [">", "<<<"]


def test_braces_nested_in_substitutions_are_expanded_once_not_per_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each `$( )` level's word holds the text of every level inside it. The brace expansion
    # of a word looked at that whole text, per character, at every level: deep nesting cost
    # O(depth²) in Python (depth 10,000: 10 s instead of 0.8 s). Only the command that has
    # the braces in its own word expands them.
    calls: list[str] = []
    real = shell_parse._brace_expand

    def counting(text: str, flags: list[bool]) -> object:
        calls.append(text)
        return real(text, flags)

    monkeypatch.setattr(shell_parse, "_brace_expand", counting)
    depth = 50
    script = parse("echo $(" * depth + "cat {a,b}" + ")" * depth, "/home/u")
    assert calls == ["{a,b}"]
    inner = [c for c in script.commands if c.name == "cat"]
    assert [w.text for w in inner[0].words[1:]] == ["a", "b"]
