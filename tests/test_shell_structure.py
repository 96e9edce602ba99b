"""Where the parser attaches redirects, and when a leading `cd` certainly moves the rest."""

from __future__ import annotations

from gatekeeper.pipeline import cwd_plan
from gatekeeper.shell.parse import parse


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
