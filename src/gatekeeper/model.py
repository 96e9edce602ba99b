"""The values that cross the plugin boundary: all frozen, all slotted.

A plugin receives a `ToolCall` (and, for Bash, one `Command` at a time) and answers with a
`Finding`; a reviewer answers with a `Review`. Nothing here can be mutated by one plugin to
change what the next one sees: mappings are read-only proxies over deep-frozen values and
sequences are tuples.
"""

from __future__ import annotations

from gatekeeper.records import dataclass, field, twin_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from enum import Enum  # the type checker checks the enums below as real enums
    from types import MappingProxyType
    from typing import Any
else:
    from gatekeeper.lightenum import Enum  # run time: the same behaviour, without `enum`

    MappingProxyType = type(type.__dict__)  # types.MappingProxyType, without `types`


class Verdict(Enum):
    """What a checker thinks of a tool call or of one command in it."""

    SAFE = "safe"  # run it silently
    REVIEW = "review"  # not vouched for: the reviewer (or the human) decides
    ELEVATE = "elevate"  # the human decides


# Dominance order, kept out of the enum so nobody writes `Verdict.SAFE < x` by accident.
SEVERITY: Mapping[Verdict, int] = MappingProxyType(
    {Verdict.SAFE: 0, Verdict.REVIEW: 1, Verdict.ELEVATE: 2}
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One checker's opinion of a tool call, or of one command of a Bash call.

    `rule` is a stable id (`GK-GIT-003`) that config, docs and the audit log refer to;
    `reason` is one sentence a human and the agent can act on. `plugin` is filled in by
    the host: a plugin cannot claim to be another.
    """

    verdict: Verdict
    rule: str
    reason: str
    plugin: str = ""
    command: str = ""  # source text of the command it is about, set by the host for Bash


def dominant(findings: Iterable[Finding]) -> Finding | None:
    """The most severe finding (ties keep the first); None when there is no opinion.

    `max(findings, key=lambda f: SEVERITY[f.verdict], default=None)`, with the three
    verdicts told apart by identity: a `SEVERITY` lookup hashes the member through its
    Python-level `__hash__` (~0.4 µs), and this runs for every command of every call.
    """
    top = None
    best = -1
    for finding in findings:
        verdict = finding.verdict
        if verdict is _ELEVATE:
            rank = 2
        elif verdict is _REVIEW:
            rank = 1
        elif verdict is _SAFE:
            rank = 0
        else:
            rank = SEVERITY[verdict]  # anything else raises here, as the lookup did
        if rank > best:
            top, best = finding, rank
    return top


_SAFE, _REVIEW, _ELEVATE = Verdict.SAFE, Verdict.REVIEW, Verdict.ELEVATE


def worst(a: Verdict, b: Verdict) -> Verdict:
    """The more severe of two verdicts."""
    return a if SEVERITY[a] >= SEVERITY[b] else b


class ReviewDecision(Enum):
    """A reviewer's answer, the three outcomes of Tier 2."""

    APPROVE = "APPROVE"  # run it
    PUSH_BACK = "PUSH_BACK"  # send it back to the agent with a reason
    ELEVATE = "ELEVATE"  # ask the human


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewer's decision on a call the checkers sent to review."""

    decision: ReviewDecision
    reason: str
    reviewer: str = ""  # set by the host
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    failure: str = ""  # why the reviewer could not decide; non-empty means "ask"


def freeze(value: object) -> object:
    """Deep-freeze JSON data: dicts become read-only mappings, lists become tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: object) -> object:
    """The inverse of `freeze`, for serialising (audit, reviewer prompt)."""
    if isinstance(value, MappingProxyType | dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call as the agent asked for it (stage 0 of the pipeline)."""

    tool_name: str
    tool_input: Mapping[str, object]
    cwd: str
    session_id: str = ""
    permission_mode: str = "default"
    transcript_path: str = ""
    tool_use_id: str = ""
    hook_event_name: str = "PreToolUse"
    agent_id: str = ""

    def text(self, key: str) -> str:
        """A string field of the tool input, or "" when absent or not a string."""
        value = self.tool_input.get(key)
        return value if isinstance(value, str) else ""


@dataclass(frozen=True, slots=True)
class Word:
    """One shell word: its text after quote removal, and whether it is known statically.

    A dynamic word holds an expansion the gate cannot evaluate (`$X`, `$(...)`, a glob);
    its `text` is then the best static rendering (known variables such as `$HOME` are
    expanded, the rest kept as written) so path checks can still look at it.
    """

    text: str
    dynamic: bool = False
    glob: bool = False  # unquoted *, ? or [ that the shell would expand


@dataclass(frozen=True, slots=True)
class Redirect:
    """One redirection of a command: operator (`>`, `>>`, `<`, `&>`, `>&`, ...) and target."""

    op: str
    target: Word
    fd: str = ""  # the explicit descriptor (`2` in `2>`), "" when implied


@dataclass(frozen=True, slots=True)
class Command:
    """One simple command found anywhere in a Bash call's syntax tree.

    `words` is argv (command name first); `assignments` the leading `NAME=value` words;
    `redirects` every redirection attached to it or to the compound statement around it;
    `where` says how it was reached (`top`, `pipeline`, `substitution`, `heredoc`,
    `bash -c`, ...), so a reason can say "inside `$( )`". `source` is the shell text the
    parser found it in, which `text` is a piece of: the call's own command, or a script
    inside it (a `bash -c` string, `eval`'s words, a here-document fed to a shell); ""
    for a command a wrapper runs, made from its words. What feeds a pipeline's stage is
    read there (`echo ~ | xargs rm -rf` inside `bash -c '...'` too).
    """

    words: tuple[Word, ...]
    assignments: tuple[tuple[str, Word], ...] = ()
    redirects: tuple[Redirect, ...] = ()
    where: str = "top"
    text: str = ""
    stdin_piped: bool = False  # fed by a pipe or a here-document / here-string
    source: str = field(default="", repr=False, compare=False)
    # Derived from `words` once, when the command is made (every checker reads them, ~20
    # times a decision: plain slots, not properties). `argv` is the words' texts; `name` the
    # command name without its directory (`/bin/rm` → `rm`), "" if none.
    argv: tuple[str, ...] = field(init=False, repr=False, compare=False)
    name: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        argv = tuple([w.text for w in self.words])
        _set_argv(self, argv)
        name = argv[0] if argv else ""
        _set_name(self, name.rsplit("/", 1)[-1] if "/" in name else name)


# A frozen record's own fields, set once in __post_init__ through their slots' descriptors
# (what `object.__setattr__` would look up and call).
_set_argv = Command.__dict__["argv"].__set__
_set_name = Command.__dict__["name"].__set__


class Outcome(Enum):
    """What the host tells the agent: the hook protocol's four answers."""

    ALLOW = "allow"
    DENY = "deny"
    ASK = "ask"
    NONE = "none"  # no decision: the agent's own permission flow runs


@dataclass(frozen=True, slots=True)
class Decision:
    """The pipeline's final answer and everything the audit record needs about it."""

    outcome: Outcome
    reason: str
    tier: str  # "input", "pass-through", "mode", "rules", "tier1", "tier2", "error"
    findings: tuple[Finding, ...] = ()
    review: Review | None = None
    rule: str = ""
    plugin: str = ""
    commands: tuple[str, ...] = field(default=())


# The twins of the records the host makes for every decision (`records.twin_of`): every
# field of one is assigned plainly, then it becomes the record (a third of the
# instructions of the constructor). tests/test_records.py compares each constructor
# below with the record's own.
_WORD_TWIN: Any = twin_of(Word)
_COMMAND_TWIN: Any = twin_of(Command)
_FINDING_TWIN: Any = twin_of(Finding)
_DECISION_TWIN: Any = twin_of(Decision)
_TOOL_CALL_TWIN: Any = twin_of(ToolCall)


def new_finding(verdict: Verdict, rule: str, reason: str, plugin: str, command: str) -> Finding:
    """`Finding(verdict, rule, reason, plugin, command)` (hot: the host's copy of each
    plugin's finding, with its plugin and command filled in)."""
    if _FINDING_TWIN is None:
        return Finding(verdict, rule, reason, plugin, command)
    finding = _FINDING_TWIN()
    finding.verdict = verdict
    finding.rule = rule
    finding.reason = reason
    finding.plugin = plugin
    finding.command = command
    finding.__class__ = Finding
    return finding  # type: ignore[no-any-return]


def new_decision(  # noqa: PLR0917 - the record's fields, in order, as its constructor
    outcome: Outcome,
    reason: str,
    tier: str,
    findings: tuple[Finding, ...],
    review: Review | None,
    rule: str,
    plugin: str,
    commands: tuple[str, ...],
) -> Decision:
    """`Decision(outcome, reason, tier, findings, review, rule, plugin, commands)` (hot:
    every decision of the checkers)."""
    if _DECISION_TWIN is None:
        return Decision(outcome, reason, tier, findings, review, rule, plugin, commands)
    decision = _DECISION_TWIN()
    decision.outcome = outcome
    decision.reason = reason
    decision.tier = tier
    decision.findings = findings
    decision.review = review
    decision.rule = rule
    decision.plugin = plugin
    decision.commands = commands
    decision.__class__ = Decision
    return decision  # type: ignore[no-any-return]


def new_tool_call(  # noqa: PLR0917 - the record's fields, in order, as its constructor
    tool_name: str,
    tool_input: Mapping[str, object],
    cwd: str,
    session_id: str,
    permission_mode: str,
    transcript_path: str,
    tool_use_id: str,
    hook_event_name: str,
    agent_id: str,
) -> ToolCall:
    """`ToolCall(...)` with every field, positionally (hot: every hook input)."""
    if _TOOL_CALL_TWIN is None:
        return ToolCall(
            tool_name,
            tool_input,
            cwd,
            session_id,
            permission_mode,
            transcript_path,
            tool_use_id,
            hook_event_name,
            agent_id,
        )
    call = _TOOL_CALL_TWIN()
    call.tool_name = tool_name
    call.tool_input = tool_input
    call.cwd = cwd
    call.session_id = session_id
    call.permission_mode = permission_mode
    call.transcript_path = transcript_path
    call.tool_use_id = tool_use_id
    call.hook_event_name = hook_event_name
    call.agent_id = agent_id
    call.__class__ = ToolCall
    return call  # type: ignore[no-any-return]


def new_word(text: str, dynamic: bool, glob: bool) -> Word:
    """`Word(text, dynamic, glob)` (hot: each word of a command a wrapper runs)."""
    if _WORD_TWIN is None:
        return Word(text, dynamic, glob)
    word = _WORD_TWIN()
    word.text = text
    word.dynamic = dynamic
    word.glob = glob
    word.__class__ = Word
    return word  # type: ignore[no-any-return]


def new_command(words: tuple[Word, ...], where: str, text: str) -> Command:
    """`Command(words, (), (), where, text)`, `argv` and `name` set as `__post_init__` sets
    them (hot: every command a wrapper runs)."""
    if _COMMAND_TWIN is None:
        return Command(words, (), (), where, text)
    command = _COMMAND_TWIN()
    command.words = words
    command.assignments = ()
    command.redirects = ()
    command.where = where
    command.text = text
    command.stdin_piped = False
    command.source = ""
    argv = command.argv = tuple([w.text for w in words])
    name = argv[0] if argv else ""
    command.name = name.rsplit("/", 1)[-1] if "/" in name else name
    command.__class__ = Command
    return command  # type: ignore[no-any-return]


def static_command(
    texts: Sequence[str], where: str, text: str, stdin_piped: bool, source: str = ""
) -> Command:
    """`Command(tuple(map(Word, texts)), (), (), where, text, stdin_piped, source)`: a
    command of words known statically, each its own text (hot: the shell parser's plain
    commands).

    `argv` and `name` are set as `Command.__post_init__` sets them.
    """
    if _WORD_TWIN is None or _COMMAND_TWIN is None:
        return Command(tuple(map(Word, texts)), (), (), where, text, stdin_piped, source)
    words = []
    for each in texts:
        word = _WORD_TWIN()
        word.text = each
        word.dynamic = False
        word.glob = False
        word.__class__ = Word
        words.append(word)
    command = _COMMAND_TWIN()
    command.words = tuple(words)
    command.assignments = ()
    command.redirects = ()
    command.where = where
    command.text = text
    command.stdin_piped = stdin_piped
    command.source = source
    argv = command.argv = tuple(texts)
    name = argv[0] if argv else ""
    command.name = name.rsplit("/", 1)[-1] if "/" in name else name
    command.__class__ = Command
    return command  # type: ignore[no-any-return]
