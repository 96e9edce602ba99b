"""The words around redirects, as bash gives them to the command (red-team round 8).

tree-sitter-bash hangs every word after a redirect's target on the redirect (`> f a b`), a
word after a here-document's delimiter on the here-document, and reads the descriptor glued
to a redirect (`0<f`, `{fd}>f`) as a word of the command. bash gives the first two to the
command and the third to the redirect: `rm 2>/dev/null -rf ~` runs `rm -rf ~`, and
`0</dev/null rm -rf ~` too. The expected argv below is what bash gives (checked by hand
with `printf '<%s>'` in place of the command); nothing here is executed.
"""

from __future__ import annotations

import pytest

from gatekeeper.shell.parse import parse


@pytest.mark.parametrize(
    ("text", "argv", "targets"),
    [
        ("rm 2>/dev/null -rf x", ["rm", "-rf", "x"], ["/dev/null"]),
        ("cat a 2>x b 3>y c", ["cat", "a", "b", "c"], ["x", "y"]),
        ("cat 2>&1 b", ["cat", "b"], ["1"]),
        ("ls && cat >/dev/null b", ["cat", "b"], ["/dev/null"]),
        ("cat > f <<< hi b", ["cat", "b"], ["f", "hi"]),
        ("cat <<EOF b\nx\nEOF", ["cat", "b"], ["x\n"]),
        ("cat <<EOF > f\nx\nEOF", ["cat"], ["x\n", "f"]),
        ("cat >a {b,c}", ["cat", "b", "c"], ["a"]),
        ("0<in.txt rm -rf x", ["rm", "-rf", "x"], ["in.txt"]),
        ("rm 0<x -rf y", ["rm", "-rf", "y"], ["x"]),
        ("cat {fd}>x 0<y z", ["cat", "z"], ["x", "y"]),
        ("true && cat a 0<f", ["cat", "a"], ["f"]),
        ("exec 3<>x", ["exec"], ["x"]),
        ("cat 0 <x y", ["cat", "0", "y"], ["x"]),
        ("echo 10 >x", ["echo", "10"], ["x"]),
    ],
)
def test_the_words_of_a_command_with_redirects(
    text: str, argv: list[str], targets: list[str]
) -> None:
    commands = [c for c in parse(text, "/home/u").commands if c.words]
    last = commands[-1]
    assert list(last.argv) == argv
    assert [r.target.text for r in last.redirects] == targets


def test_three_less_greater_is_one_read_write_redirect() -> None:
    (command,) = parse("exec 3<>/dev/tcp/10.0.0.1/4444", "/home/u").commands
    assert [(r.op, r.target.text) for r in command.redirects] == [
        ("<>", "/dev/tcp/10.0.0.1/4444")
    ]
