"""Globs that may expand to a file name the command then reads as one of its options.

``rg x *`` in a directory holding a file named ``--pre=sh`` runs ``sh`` on every file; ``cp *
dst`` with a file named ``-t..`` copies everything out of the project; ``tar -cf a.tar *``
with ``--checkpoint-action=exec=sh x`` is the classic. The shell expands ``*``, ``?`` and
``[...]`` to names that may begin with ``-``, so a checker that approves a command because its
flags are harmless must not approve one whose words the shell may still turn into flags.
A ``./*`` or ``src/*`` (a literal first character other than ``-``), any glob after ``--``,
and a glob in the value of a long option (``--pkgs=com.apple.*``) cannot become an option.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

# Commands whose every option only changes what they print (no option runs a program,
# writes a file, or reads one from another directory): a name read as an option is harmless.
HARMLESS_OPTIONS = frozenset(
    {
        "cat", "ls", "ll", "wc", "head", "tail", "grep", "egrep", "fgrep", "du", "stat",
        "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum",
        "cksum", "basename", "dirname", "realpath", "readlink", "cut", "nl", "rev", "tac",
        "fold", "paste", "column", "cmp", "comm", "diff", "od", "hexdump", "expand",
        "unexpand", "echo", "printf", "zcat", "bzcat", "xzcat", "test", "[",
    }
)  # fmt: skip


def option_glob(command: Command) -> str:
    """The first glob operand (before any `--`) that may expand to an option, or ""."""
    for word in command.words[1:]:
        if word.text == "--" and not word.glob and command.name != "find":
            return ""  # (after `find --`, the first word starting with `-` is the expression)
        if word.glob and word.text[:1] in ("*", "?", "[", "-") and not _valued(word.text):
            return word.text
    return ""


def _valued(text: str) -> bool:
    """`--pkgs=com.apple.*`: the option is fixed before the glob, only its value varies."""
    literal = text
    for meta in ("*", "?", "["):
        literal = literal.split(meta, 1)[0]
    return literal.startswith("--") and "=" in literal
