"""The paths named inside code that a command hands to an interpreter inline.

``python -c 'print(open("/etc/shadow").read())'`` has one argument, the program; no word of
it is a path, so the path checks see nothing, and the interpreter's verdict (REVIEW: code
the gate cannot see) leaves the credential read to the reviewer. The string literals of
the program are what it will open: `code_paths` gives the ones that look like paths, for the
protected-path plugin to judge as it judges an argument (GK-PROT-001, GK-PROT-002).

It is a lower bound, not an analysis: a path built at run time (``"/etc/" + "shadow"``) is
not found, and the command stays what the other checkers say (REVIEW for unseen code).
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Collection

    from gatekeeper.model import Command

# The interpreters whose arguments may be a program given inline (`-c`, `-e`, `-r`, `eval`,
# awk's first operand) or whose here-document is one.
_INTERPRETERS = frozenset(
    {
        "python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "bun", "deno",
        "ruby", "perl", "php", "lua", "luajit", "julia", "Rscript", "jrunscript", "jjs",
        "osascript", "pwsh", "powershell", "groovy", "tclsh", "wish", "expect", "elvish",
        "awk", "gawk", "mawk", "nawk", "octave", "octave-cli", "sqlite3", "dotnet", "jshell",
    }
)  # fmt: skip
# A string literal of the code: double- or single-quoted, or between backticks (JS).
_LITERAL = LazyRegex(r"\"([^\"\n]{1,4096})\"|'([^'\n]{1,4096})'|`([^`\n]{1,4096})`")
# A path inside a literal: `/etc/shadow` in `</etc/shadow` (perl's open mode) or in
# `cat /etc/shadow` (a command string), `~/.ssh/id_rsa`.
_PATH = LazyRegex(r"(?<![\w.~/-])(?:~/|/)[^\s\"'`<>|;&(){}$,\[\]]+")
_MAX_CANDIDATES = 64  # a program full of paths: the first ones say enough
# sqlite3's dot-commands that read or write the file they name (relative names too).
_SQLITE_FILE = LazyRegex(
    r"(?:^|[;\n])\s*\.(?:output|once|backup|save|open|import|read|restore|log)\s+"
    r"(?:-\S+\s+)*[\"']?([^\s\"';]+)(?:[\"']?[ \t]+[\"']?([^\s\"';]+))?"
)


def interpreter(name: str) -> bool:
    """True for a command name that runs code it is given inline (`python3.12` too)."""
    if name in _INTERPRETERS:
        return True
    # `name.startswith(("python", "pypy"))` as slices (hot: every command; a `startswith`
    # call costs ~650 instructions in CPython 3.11, a slice and a compare a third of that)
    return (name[:6] == "python" or name[:4] == "pypy") and name.rstrip(
        "0123456789."
    ) in _INTERPRETERS


def inline_programs(command: Command) -> frozenset[str]:
    """The texts of `command` that are surely programs, quoted strings in them or not: its
    here-documents and here-strings, and a word with a blank that is an option's value
    (``-e 'open F, q{/etc/shadow}'``, ``--eval=…``) or, for sqlite3, an operand (its SQL
    and dot-commands: ``.import /etc/shadow t``). Other words with no quote in them are
    file operands or a script's arguments (``python3 x.py 'built in /usr/local'``)."""
    out = {r.target.text for r in command.redirects if r.op in ("<<", "<<<")}
    sql = command.name == "sqlite3"
    previous = ""
    for word in command.words[1:]:
        text = word.text
        valued = previous.startswith("-") or previous == "eval"  # `deno eval CODE`
        if " " in text and (valued or text.startswith("-") or sql):
            out.add(text)
        elif not (sql or valued or text.startswith("-") or text == "eval"):
            break  # the script: what follows are its own arguments
        previous = text
    return frozenset(out)


def code_paths(texts: list[str], programs: Collection[str] = ()) -> list[str]:
    """The path-like string literals in `texts` (the words and here-documents that may be
    a program), each as written: an absolute or `~/` path, a relative path with a `/`, or
    a dot-name (`.env`), which counts only if such a file exists (the caller checks). A
    text in `programs` is a program even with no quotes in it: its paths count too."""
    out: dict[str, None] = {}  # in order, once each
    for text in texts:
        if (
            '"' not in text
            and "'" not in text
            and "`" not in text
            and "\n" not in text
            and text not in programs
        ):
            continue  # no literal and not a script: a file operand, judged as a word already
        for match in _LITERAL.finditer(text):
            literal = match.group(1) or match.group(2) or match.group(3) or ""
            if (
                literal.strip()
                and " " not in literal
                and ("/" in literal or literal.startswith((".", "~")))
            ):
                out[literal] = None
        # Paths anywhere in the program, quoted or not (`/open /etc/shadow` in jshell, a
        # shell command in a literal, perl's `"</etc/shadow"`).
        for path in _PATH.finditer(text):
            out[path.group()] = None
        if "." in text and text in programs:  # sqlite3's `.output FILE`, `.backup FILE`...
            for dot in _SQLITE_FILE.finditer(text):
                out.update(dict.fromkeys(g for g in dot.groups() if g))  # `.backup DB FILE`
        if len(out) >= _MAX_CANDIDATES:
            break
    return list(out)[:_MAX_CANDIDATES]
