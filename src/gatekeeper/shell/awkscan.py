"""Whether an awk program runs a command, writes a file or reads another (quiet12).

The old test was one pattern, `print[^;}]*[|>]`: it stopped at the first `;` or `}`, also
inside a string (`print "}" > "/tmp/x"` wrote /tmp/x, `printf "x;" | "sh"` ran sh), and its
`\\|\\s*getline` missed a line continuation (`"cmd" |\\<newline>getline` ran cmd). Here a
print statement is followed to the end of the program: after a `print`/`printf`, every `|`
(but `||`) is a pipe and every `>` an output redirection, unless it sends the output to
`/dev/null`, `/dev/stdout` or `/dev/stderr`, or the program has no `/` (so no regex literal:
its string literals and comments can be told and blanked) and the `>` lies inside
parentheses (`print (a > b)` is a comparison). A `|` anywhere with a `getline` is a pipe.
Over-matching is fine here (the program is reviewed); missing one runs a command.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

# Calls and names that run, load or read something whatever the statement around them.
_ALWAYS = LazyRegex(
    # (redteam14, each checked in bash) a backslash-newline may stand between a name and its
    # `(`: `system\<newline>("cmd")` ran cmd in mawk and gawk; gawk's `@` is `@load`,
    # `@include` and indirect calls, `f = "system"; @f("cmd")` (built-ins too, since gawk
    # 4.1.2), spaced out or not; gawk's SYMTAB["ENVIRON"] is ENVIRON
    r"system[\s\\]*\(|\|&|@[\s\\]*[A-Za-z_]|ENVIRON|PROCINFO|SYMTAB|close[\s\\]*\(|"
    # reads of other files: `getline x < "F"` (any `<` after a getline), `ARGV[1] = "F"`,
    # `@include "F.awk"`
    r"getline[\s\S]*<|ARGV|ARGC|@include"
)
_PIPE = LazyRegex(r"(?<!\|)\|(?!\|)")
_PRINT = LazyRegex(r"(?<![\w$])printf?(?!\w)")
_QUIET_TARGET = LazyRegex(r'>{1,2}\s*"/dev/(?:null|stdout|stderr)"\s*(?:[;}\n]|$)')


def _blank(program: str) -> str:
    """`program` with the text of its string literals and comments blanked, same length.

    Exact only for a program with no `/`: then it holds no regex literal, whose `"` or `#`
    would be taken for a string's or a comment's start."""
    out = list(program)
    i, n = 0, len(program)
    while i < n:
        c = program[i]
        if c == '"':
            i += 1
            while i < n and program[i] != '"':
                if program[i] == "\\" and i + 1 < n:
                    out[i] = " "
                    i += 1
                out[i] = " "
                i += 1
        elif c == "#":
            while i < n and program[i] != "\n":
                out[i] = " "
                i += 1
        i += 1
    return "".join(out)


def has_effects(program: str) -> bool:
    """Whether the awk `program` may run a command, write a file or read another file."""
    if _ALWAYS.search(program):
        return True
    # with a `/` the program may hold a regex literal, which no quick scan tells from a
    # division: then nothing is blanked and no `>` after a print is taken for a comparison
    comparisons = "/" not in program
    code = _blank(program) if comparisons else program
    if comparisons and _ALWAYS.search(code):
        return True  # `getline x ";" < F`: the string held a `;` that hid the `<`
    if "getline" in code and _PIPE.search(code):
        return True  # `"cmd" | getline`, also across a line continuation or a comment
    found = _PRINT.search(code)
    if found is None:
        return False
    depth = code[: found.start()].count("(") - code[: found.start()].count(")")
    i = found.end()
    while i < len(code):
        c = code[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|":
            if code[i + 1 : i + 2] != "|":
                return True
            i += 1
        elif c == ">":
            if not (comparisons and depth > 0) and not _QUIET_TARGET.match(program[i:]):
                return True
            if code[i + 1 : i + 2] == ">":
                i += 1
        i += 1
    return False
