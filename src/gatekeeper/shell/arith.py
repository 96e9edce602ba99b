"""Text known only at run time that bash evaluates as arithmetic or as a variable's name.

Bash evaluates an arithmetic operand that is a variable's value as an expression of its own,
and an array subscript in it is expanded then, ``$( )`` included: with ``notes.txt`` holding
``a[$(rm -rf ~)]``, ``x=$(cat notes.txt); [[ $x -eq 0 ]]`` runs rm, and so do ``echo $(( x
+ 1 ))``, ``(( x > 1 ))``, ``let y=x``, ``${a[x]}``, ``${s:x}``, ``for ((i=0; i<x; i++))``,
``[[ -v $x ]]``, ``test -v "$x"``, ``${!x}`` and ``declare -i y; y=$x``. The walker sees
``cat notes.txt`` and a comparison; the code is in a file the agent may have written in an
earlier call. `shell.subscripts` finds such text when the call itself holds it; this module
finds the run-time routes, a value the call does not hold:

- a ``$( )`` or a backtick substitution in an arithmetic context, or a variable whose value
  comes from one (``x=$(…)``, ``declare x=$(…)``, ``for x in $(…)``), from ``read``,
  ``mapfile``/``readarray``, ``printf -v``, ``set -- $(…)`` (the positional parameters),
  or from a ``for`` loop over a glob (a file name is text the agent chooses: ``touch
  'a[$(cmd)]'``), or a copy of such a variable (``z=$x``, ``z=("$x")``, ``for z in
  "$x"``); `positional_arithmetic` judges a ``bash -c`` script's positional parameters
  as such (its arguments are known only at run time);
- used where bash evaluates it: ``$(( ))`` (and ``$((`` in an expansion's default, which
  the parser reads as a ``$( )``), ``$[ ]``, ``(( ))``, a C-style ``for`` header,
  ``let``, the operands of ``[[ … -eq|-ne|-lt|-le|-gt|-ge … ]]``, ``-v NAME`` in ``[[ ]]``/
  ``[``/``test``, a subscript or a ``:offset`` of ``${ }``, ``${!x}``, the subscript of an
  indexed array's assignment (``a[x]=1``, ``a=([x]=1)``; not of an array declared ``-A``),
  a name given to ``read``/``printf -v``/``mapfile``/``getopts``/``wait``/``unset`` or
  ``declare "$x=1"``, the value of ``declare -n``/``-i``, and anything once a
  ``declare``/``typeset``/``local`` gives a variable the integer attribute (``-i``).

A substitution whose output is a count (``$(wc -l < f)``, ``$(git ls-files | wc -l)``,
``$(nproc)``, ``$(git rev-list --count HEAD)``, ``$(date +%s)``, ``$(id -u)``) holds
digits only and does not count. The finding is GK-BASH-006 (REVIEW): the reviewer sees the
file, the gate does not.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from tree_sitter import Node

_IDENTIFIER = LazyRegex(r"[A-Za-z_][A-Za-z0-9_]*")
# The last stage of a substitution whose output is digits: `wc` with no file operand.
_VAR = r'"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"'  # one quoted variable: one word, whatever it holds
_ARG = rf"(?:[A-Za-z0-9_./~+][A-Za-z0-9_./~+-]*|{_VAR})"  # no option
_COUNT_STAGE = LazyRegex(rf"wc(?:\s+-[lcmwL]+)+(?:\s*<\s*{_ARG})?")
_COUNT_COMMAND = LazyRegex(
    r"nproc|id\s+-[ug]|date\s+\+%s|tput\s+(?:cols|lines)|getconf\s+\w+"
    rf"|seq(?:\s+-w)?(?:\s+(?:-?[0-9]+|{_VAR})){{1,3}}"
    rf"|grep\s+-c\s+(?:[A-Za-z0-9_.][A-Za-z0-9_.-]*|'[^'-][^']*')(?:\s+{_ARG})?"
    rf"|git\s+rev-list\s+--count(?:\s+(?:[^\s<>|;&`$()\"']+|{_VAR}))*"
    rf"|stat\s+-c\s*'?%[sYXZ]'?\s+{_ARG}"
)
_LENGTH = LazyRegex(r"\$\{#[A-Za-z_][A-Za-z0-9_]*(?:\[[@*]\])?\}")
# Text (quotes and backslashes taken out: `"declare"`, `de''clare`) without one of these
# evaluates nothing as arithmetic or as a name: `((`, `$[`, an arithmetic test, `-v`,
# `let`, `${!`, a subscript or an offset in `${ }`, `a[X]=`, a declaration with `-i`/`-n`
# or a `$`, a builtin given a name with a `$` in it.
_SINK_TEXT = LazyRegex(
    r"\(\(|\$\[|\s-(?:eq|ne|lt|le|gt|ge|v)\b|\blet\s|\$\{!|\$\{#?(?:\w+|[@*])(?:\[|:[^-=?+])|\]\+?="
    r"|\b(?:declare|typeset|local|export|readonly)[^;|&\n]*(?:\s[-+]\w*[inA]|\$)"
    r"|\b(?:read|mapfile|readarray|getopts|wait|unset|printf)\s[^;|&\n]*\$"
)
_SOURCE_WORDS = LazyRegex(
    r"\b(?:read|mapfile|readarray|set)\b|\bprintf\s[^;|&\n]*-v|\bfor\s+\w+\s+in\s[^;\n]*[*?[]"
)
_POSITIONAL = LazyRegex(r"\$\{?[0-9@*]")
_DOLLAR_REF = LazyRegex(r"\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9@*])")
# A parameter `${ }` names: a variable, a positional parameter, `@` or `*`.
_PARAMETER = LazyRegex(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*]")
_ARITH_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
_READERS = frozenset({"read", "mapfile", "readarray"})
_DECLARERS = frozenset({"declare", "typeset", "local", "export", "readonly"})
# Builtins that take a word as a variable's name (a subscript in it is evaluated).
_NAMERS = frozenset({"read", "mapfile", "readarray", "printf", "getopts", "wait", "unset"})
_GLOB = frozenset("*?[")


def runtime_arithmetic(
    root: Node, src: bytes, seeded: frozenset[str] = frozenset()
) -> list[tuple[str, Node]]:
    """(what, the node) for each place where bash evaluates text known only at run time
    as an arithmetic expression or a variable's name. `seeded` names variables known
    only at run time before the text starts (``"1"``: the positional parameters)."""
    original = plain = src.decode("latin-1")
    if "'" in plain or '"' in plain or "\\" in plain:
        plain = plain.replace("'", "").replace('"', "").replace("\\", "")
    if _SINK_TEXT.search(plain) is None or (
        # `r''ead x`, `\read x`: the builtin read as surely
        not seeded and not _has_source(original) and (plain is original or not _has_source(plain))
    ):
        return []
    names: set[str] = set(seeded)
    # (name, value text) of each assignment whose value expands a variable: a copy of a
    # run-time value is one too (`z=$x; (( z ))`)
    copied: list[tuple[str, str]] = []
    sinks: list[tuple[Node, str]] = []  # the node, and the text of it that bash evaluates
    integers = False
    # (array name, subscript node, its text) of `a[X]=…` and `a=([X]=…)`
    subscripts: list[tuple[str, Node, str]] = []
    assoc: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "variable_assignment":
            value = node.child_by_field_name("value")
            name = node.child_by_field_name("name")
            if value is not None and name is not None and _runtime(value, src):
                names.add(_text(name, src).partition("[")[0])
            elif value is not None and name is not None and b"$" in _bytes(value, src):
                copied.append((_text(name, src).partition("[")[0], _text(value, src)))
            subscripts.extend(_assigned_subscripts(name, value, src))
        elif kind == "for_statement":
            var = node.child_by_field_name("variable")
            values = node.children_by_field_name("value")
            if var is not None and any(_runtime(v, src) or _globbed(v, src) for v in values):
                names.add(_text(var, src))
            elif var is not None:
                copied.extend((_text(var, src), _text(v, src)) for v in values)
        elif kind == "command":
            words = [c for c in node.children if c.type != "variable_assignment"]
            head = _text(words[0], src) if words else ""
            if head[:1] in ("'", '"', "\\", "$") or "\\" in head or '"' in head or "'" in head:
                head = head.lstrip("$").replace("\\", "").replace('"', "").replace("'", "")
            head = head.rpartition("/")[2]  # `/bin/printf -v x`: judged as `printf -v x`
            while head in ("builtin", "command") and len(words) > 1:
                # `builtin printf -v x …`, `command -p read x`: the builtin itself runs
                words = words[1:]
                while len(words) > 1 and _text(words[0], src) in ("-p", "--"):
                    words = words[1:]
                head = _text(words[0], src).rpartition("/")[2]
            args = [_text(w, src) for w in words[1:]]
            if head in _READERS:
                names.update(a for a in args if _IDENTIFIER.fullmatch(a))
            elif head == "set" and any(_runtime(w, src) for w in words[1:]):
                names.add("1")  # `set -- $(cat f)`: the positional parameters
            elif head == "printf" and "-v" in args[:-1] and _runtime(node, src):
                names.add(args[args.index("-v") + 1])  # `printf -v x %s "$(cat f)"`
            if head in _NAMERS:  # `read "$x"`, `printf -v "$x"`: the word is a name
                sinks.extend(
                    (w, _text(w, src)) for w, a in zip(words[1:], args, strict=True) if "$" in a
                )
            elif head == "let":
                sinks.extend((w, _text(w, src)) for w in words[1:])
            elif head in ("test", "["):
                sinks.extend(
                    (w, _text(w, src)) for w, a in zip(words[2:], args, strict=False) if a == "-v"
                )
            elif head in _DECLARERS:  # `"declare" -i x`: a command to the parser
                flags = "".join(a for a in args if a[:1] in "-+")
                integers = integers or "i" in flags
                sinks.extend((w, a) for w, a in zip(words[1:], args, strict=True) if "$" in a)
        elif kind == "declaration_command":
            parts = node.named_children
            flags = "".join(
                _text(p, src) for p in parts if p.type == "word" and _text(p, src)[:1] in "-+"
            )
            for part in parts:
                text = _text(part, src)
                if part.type != "variable_assignment":
                    if "$" in text:  # `declare "$x=1"`: the text names the variable
                        sinks.append((part, text))
                elif "i" in flags or "n" in flags:  # `declare -n r="$x"`, `-i n=$x`
                    value = part.child_by_field_name("value")
                    if value is not None:
                        sinks.append((value, _text(value, src)))
            integers = integers or "i" in flags
            if "A" in flags:  # an associative array's subscripts are strings, not numbers
                assoc.update(_text(p, src).partition("=")[0] for p in parts if p.type != "word")
        elif kind == "arithmetic_expansion" or (
            kind == "compound_statement" and src[node.start_byte : node.start_byte + 2] == b"(("
        ):
            sinks.append((node, _text(node, src)))
        elif kind == "command_substitution" and src[node.start_byte : node.start_byte + 3] == (
            b"$(("
        ):
            # `${u:-$(( ls -x ))}`: the parser reads a `$( )` of a subshell in the default of
            # an expansion; bash evaluates `ls - x` as arithmetic (its `$( )`s still count)
            sinks.extend((child, _text(node, src)) for child in node.named_children)
        elif kind == "c_style_for_statement":
            body = node.child_by_field_name("body")
            end = body.start_byte if body is not None else node.end_byte
            sinks.append((node, src[node.start_byte : end].decode("utf-8", "surrogateescape")))
        elif kind == "test_command":
            double = src[node.start_byte : node.start_byte + 2] == b"[["
            sinks.extend((n, _text(n, src)) for n in _test_operands(node, src, double))
        elif kind == "expansion":
            sinks.extend(_expansion_operands(node, src))
        stack.extend(node.named_children)
    _follow_copies(names, copied)
    found: list[tuple[str, Node]] = []
    if integers and names:
        found.append(("a value read at run time, with the integer attribute given", root))
    sinks += [(node, text) for array, node, text in subscripts if array not in assoc]
    for sink, text in sinks:
        what = _runtime_in(sink, text, src, names)
        if what:
            found.append((what, sink))
    return found


def assigning_value(values: list[str], text: str) -> str:
    """The first value (a variable's text) that assigns a variable able to run code when
    bash evaluates it as arithmetic (`x='PATH=1'; (( x ))` sets PATH: bash then runs ./1/ls
    for `ls`), when the call's text evaluates something as arithmetic; "" otherwise."""
    from gatekeeper.shell.envvars import arith_names, env_risk

    for value in values:
        if "=" in value and any(env_risk(n) == "exec" for n in arith_names(value)):
            plain = text.replace("'", "").replace('"', "").replace("\\", "")
            return value if _SINK_TEXT.search(plain) is not None else ""
    return ""


def positional_arithmetic(script: str) -> str:
    """What in a `bash -c` script evaluates a positional parameter (`$1`, `$@`...) as
    arithmetic or as a name, or "": given arguments known only at run time (``bash -c '((
    $1 ))' _ "$(cat f)"``), that runs the `$( )` in a subscript they hold."""
    from gatekeeper.shell.parse import tree_of

    src = script.encode("utf-8", "surrogateescape")
    found = runtime_arithmetic(tree_of(src).root_node, src, frozenset({"1"}))
    return found[0][0] if found else ""


def _follow_copies(names: set[str], copied: list[tuple[str, str]]) -> None:
    """Add to `names` each variable assigned a value that expands one of them."""
    changed = bool(copied and names)
    while changed:
        changed = False
        for name, text in copied:
            if name in names:
                continue
            for m in _DOLLAR_REF.finditer(text):
                ref = m.group(1)
                if ref in names or (ref in "0123456789@*" and "1" in names):
                    names.add(name)
                    changed = True
                    break


def _bytes(node: Node, src: bytes) -> bytes:
    return src[node.start_byte : node.end_byte]


def _has_source(text: str) -> bool:
    """Whether the text may hold run-time text: a backtick, a `$( )` that is no count (or
    that holds parentheses: the tree decides then), `read`/`mapfile`/`readarray`, `printf
    -v`, `set`, or a `for` loop over a glob."""
    if "`" in text or _SOURCE_WORDS.search(text) is not None:
        return True
    at = text.find("$(")
    while at >= 0:
        if text[at + 2 : at + 3] != "(":  # `$((`: arithmetic, no command
            end = text.find(")", at)
            if end < 0 or "(" in text[at + 2 : end] or not _count_text(text[at + 2 : end]):
                return True
        at = text.find("$(", at + 2)
    return False


def _text(node: Node, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")


def _substitutions(node: Node) -> list[Node]:
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "command_substitution":
            out.append(n)
        else:
            stack.extend(n.named_children)
    return out


def _counts(substitution: Node, src: bytes) -> bool:
    """Whether a `$( )` prints digits only (a count)."""
    text = _text(substitution, src)
    if not (text.startswith("$(") and text.endswith(")")):
        return False
    return _count_text(text[2:-1])


def _count_text(inner: str) -> bool:
    inner = inner.strip()
    if any(c in inner for c in ";&\n`()") or "||" in inner:
        return False  # (a `$` only in a quoted variable the patterns allow)
    last = inner.rpartition("|")[2].strip()
    return bool(
        _COUNT_STAGE.fullmatch(last) or ("|" not in inner and _COUNT_COMMAND.fullmatch(inner))
    )


def _runtime(value: Node, src: bytes) -> bool:
    """Whether a value holds a substitution whose output is not a count."""
    return any(not _counts(s, src) for s in _substitutions(value))


def _globbed(value: Node, src: bytes) -> bool:
    return value.type in ("word", "concatenation") and any(c in _GLOB for c in _text(value, src))


def _assigned_subscripts(
    name: Node | None, value: Node | None, src: bytes
) -> list[tuple[str, Node, str]]:
    """The subscripts of an indexed array's assignment, which bash evaluates as arithmetic:
    `a[X]=1`, `a=([X]=1 …)`, `a+=([X]=1)`."""
    out: list[tuple[str, Node, str]] = []
    if name is not None and name.type == "subscript":
        array = name.child_by_field_name("name")
        index = name.child_by_field_name("index")
        if array is not None and index is not None:
            out.append((_text(array, src), index, _text(index, src)))
    if name is not None and value is not None and value.type == "array":
        array_name = _text(name, src)
        for element in value.named_children:
            text = _text(element, src)
            if text[:1] == "[" and "]=" in text:
                out.append((array_name, element, text[: text.index("]=") + 1]))
    return out


def _test_operands(node: Node, src: bytes, double: bool) -> list[Node]:
    """The operands bash evaluates in `[[ ]]` (arithmetic comparisons, `-v`) or `[ ]`
    (`-v` only: `[ "$x" -eq 1 ]` wants digits and evaluates nothing)."""
    out: list[Node] = []
    stack = list(node.named_children)
    while stack:
        n = stack.pop()
        if n.type in ("binary_expression", "unary_expression"):
            operators = [c for c in n.children if c.type == "test_operator"]
            op = _text(operators[0], src) if operators else ""
            if op == "-v" or (double and op in _ARITH_TESTS):
                out.extend(c for c in n.named_children if c.type != "test_operator")
            else:
                stack.extend(n.named_children)
        elif n.type == "parenthesized_expression":
            stack.extend(n.named_children)
    return out


def _expansion_operands(node: Node, src: bytes) -> list[tuple[Node, str]]:
    """The part of `${ }` bash evaluates: a subscript, a `:offset`, or `${!x}`'s x."""
    body = _text(node, src)[2:].lstrip("#")
    if body.startswith("!"):
        return [(node, body[1:])]
    name = _PARAMETER.match(body)  # `${@:x}` and `${1:x}` take an offset too
    rest = body[name.end() :] if name else ""
    if rest.startswith("[") or (rest.startswith(":") and rest[1:2] not in ("-", "=", "?", "+")):
        return [(node, rest)]
    return []


def _runtime_in(sink: Node, text: str, src: bytes, names: set[str]) -> str:
    """What makes `text`, of `sink`, run-time text, or ""."""
    for substitution in _substitutions(sink):
        inner = _text(substitution, src)
        if inner not in text:
            continue
        if not _counts(substitution, src):
            return f"`{inner[:60]}` is evaluated as arithmetic"
        text = text.replace(inner, "0")  # `$(wc -l < "$f")`: a count, whatever f holds
    if names:
        if "${#" in text:  # `${#f}`: a length, a number
            text = _LENGTH.sub("", text)
        for m in _IDENTIFIER.finditer(text):
            if m.group() in names:
                return f"`{m.group()}`, read at run time, is evaluated as arithmetic or a name"
        if "1" in names and _POSITIONAL.search(text):
            return "a positional parameter set at run time is evaluated as arithmetic"
    return ""
