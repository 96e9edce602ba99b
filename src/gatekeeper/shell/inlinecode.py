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
_PATH = LazyRegex(r"(?<![\w.~/-])(?:~/|/)[^\s\"'`<>|;&(){}$,]+")
_MAX_CANDIDATES = 64  # a program full of paths: the first ones say enough


def interpreter(name: str) -> bool:
    """True for a command name that runs code it is given inline (`python3.12` too)."""
    if name in _INTERPRETERS:
        return True
    # `name.startswith(("python", "pypy"))` as slices (hot: every command; a `startswith`
    # call costs ~650 instructions in CPython 3.11, a slice and a compare a third of that)
    return (name[:6] == "python" or name[:4] == "pypy") and name.rstrip(
        "0123456789."
    ) in _INTERPRETERS


def code_paths(texts: list[str]) -> list[str]:
    """The path-like string literals in `texts` (the words and here-documents that may be
    a program), each as written: an absolute or `~/` path, a relative path with a `/`, or
    a dot-name (`.env`), which counts only if such a file exists (the caller checks)."""
    out: dict[str, None] = {}  # in order, once each
    for text in texts:
        if '"' not in text and "'" not in text and "`" not in text and "\n" not in text:
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
        if len(out) >= _MAX_CANDIDATES:
            break
    return list(out)[:_MAX_CANDIDATES]
