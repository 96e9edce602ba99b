"""fuzz14: what the deep metamorphic runs found, beyond the annotated corpus (fuzz14.sh)."""

from __future__ import annotations

from gatekeeper.plugins import wrappers
from gatekeeper.shell import parse


def test_every_runner_the_wrappers_know_feeds_a_shell_its_here_document() -> None:
    # `chrt -o 0 bash <<< 'rm -rf ~'` runs rm as surely as `timeout 5 bash <<< …`: the
    # parser reads the here-string as a script behind every command that runs its argv.
    known = {*wrappers._SIMPLE, *wrappers._ESCALATORS, "timeout"}
    known |= {row.split()[0] for row in wrappers._RUNNER_ROWS}
    assert known <= parse._RUNNERS, sorted(known - parse._RUNNERS)


def test_a_command_knows_the_text_it_was_found_in() -> None:
    outer = "bash -c 'echo x | xargs ls' && cat <<'EOF' | bash\necho y | xargs ls\nEOF"
    script = parse.parse(outer, "/home/u")
    assert {c.source for c in script.commands} == {outer}
    inner = parse.parse("echo x | xargs ls", "/home/u", where="bash -c")
    assert [c.source for c in inner.commands] == ["echo x | xargs ls"] * 2
    assert [c.where for c in inner.commands] == ["bash -c"] * 2
    # a here-document fed to a shell is its own text
    fed = parse.parse("bash <<'EOF'\necho y | xargs ls\nEOF", "/home/u")
    assert [c.source for c in fed.commands if c.where == "heredoc"] == ["echo y | xargs ls\n"] * 2
