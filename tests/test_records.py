"""`gatekeeper.records` builds the classes `dataclasses` would, for the options it supports."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gatekeeper import context as context_mod
from gatekeeper import model, paths, recordgen, recordinits, records
from gatekeeper.config import Config, ReviewerConfig
from gatekeeper.context import Context, new_context
from gatekeeper.model import (
    Command,
    Decision,
    Finding,
    Outcome,
    Review,
    ReviewDecision,
    ToolCall,
    Verdict,
    Word,
)
from gatekeeper.paths import PathPolicy
from gatekeeper.shell import parse as parse_mod
from gatekeeper.shell.parse import Script

SHAPE = '''
class Thing:
    """A record with every kind of field."""

    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    extra: tuple[str, ...] = field(default_factory=tuple)
    hidden: str = field(default="h", repr=False, compare=False)
    derived: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "derived", self.name.upper())
'''


def build(decorator: Any, field: Any, **options: bool) -> Any:
    namespace: dict[str, Any] = {"field": field}
    exec("from __future__ import annotations\n" + SHAPE, namespace)  # noqa: S102 - test data
    return decorator(**options)(namespace["Thing"])


@pytest.mark.parametrize("options", [{"frozen": True, "slots": True}, {"slots": True}, {}])
def test_a_record_behaves_as_the_dataclass(options: dict[str, bool]) -> None:
    ours = build(records.dataclass, records.field, **options)
    theirs = build(dataclasses.dataclass, dataclasses.field, **options)
    for args, kwargs in (
        (("a",), {}),
        (("a", 2), {"tags": ("x",)}),
        ((), {"name": "b", "extra": ("e",), "hidden": "z"}),
    ):
        a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(a).replace("<locals>.", "") == repr(b).replace("<locals>.", "")
        assert a.derived == b.derived
        assert a == ours(*args, **kwargs)
        assert a != ours("other")
        assert (a == b) is False  # another class: never equal, as dataclasses
        assert ours.__match_args__ == theirs.__match_args__
        assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
        assert repr(dataclasses.replace(a, count=7)) == repr(records.replace(a, count=7))
        assert records.replace(a, count=7) == dataclasses.replace(a, count=7)
        with pytest.raises(ValueError, match="init=False"):
            records.replace(a, derived="x")
        if options.get("frozen"):
            assert hash(a) == hash(ours(*args, **kwargs)) == hash(b)
            with pytest.raises(AttributeError):
                a.name = "c"
            with pytest.raises(records.FrozenInstanceError):
                del a.count
            assert copy.copy(a) == a and copy.deepcopy(a) == a
        else:
            with pytest.raises(TypeError):
                hash(a)
            a.count = 5
            assert a.count == 5
        if options.get("slots"):
            assert not hasattr(a, "__dict__")
            with pytest.raises((AttributeError, TypeError)):
                a.other = 1

    def params(cls: Any) -> list[tuple[str, Any, Any]]:
        factory = {"<factory>", repr(records._MISSING)}  # each one's default_factory sentinel
        return [
            (p.name, p.kind, "factory" if repr(p.default) in factory else p.default)
            for p in inspect.signature(cls.__init__).parameters.values()
        ]

    assert params(ours) == params(theirs)
    with pytest.raises(TypeError):
        ours()  # `name` has no default
    with pytest.raises(TypeError):
        ours("a", nope=1)


def test_what_records_do_not_support_fails_at_import() -> None:
    with pytest.raises(TypeError):
        records.dataclass(order=True)
    with pytest.raises(TypeError):
        records.field(metadata={})
    with pytest.raises(ValueError, match="mutable default"):
        build(records.dataclass, lambda **kw: [], frozen=True)

    class OwnRepr:
        x: int = 0

        def __repr__(self) -> str:
            return "mine"

    class OwnSlots:
        __slots__ = ("x",)
        x: int

    for cls in (OwnRepr, OwnSlots):
        with pytest.raises(TypeError):
            records.dataclass(frozen=True, slots=True)(cls)

    class Base: ...

    class Child(Base):
        x: int = 0

    with pytest.raises(TypeError):
        records.dataclass(Child)


def test_the_models_are_records_and_keep_their_dataclass_behaviour() -> None:
    finding = Finding(Verdict.SAFE, "GK-X", "reason")
    assert finding == Finding(Verdict.SAFE, "GK-X", "reason", "", "")
    assert hash(finding) == hash(Finding(Verdict.SAFE, "GK-X", "reason"))
    assert repr(finding) == (
        "Finding(verdict=<Verdict.SAFE: 'safe'>, rule='GK-X', reason='reason', plugin='', command='')"
    )
    assert dataclasses.is_dataclass(finding)
    assert pickle.loads(pickle.dumps(finding)) == finding  # noqa: S301 - our own bytes
    assert dataclasses.replace(finding, plugin="p") == Finding(Verdict.SAFE, "GK-X", "reason", "p")
    with pytest.raises(AttributeError):
        finding.rule = "GK-Y"  # type: ignore[misc]
    command = Command((Word("/bin/rm"), Word("-rf")), where="pipeline")
    assert (command.argv, command.name) == (("/bin/rm", "-rf"), "rm")
    assert "argv" not in repr(command) and "_argv" not in repr(command)
    assert dataclasses.replace(command, words=(Word("ls"),)).name == "ls"
    review = Review(ReviewDecision.APPROVE, "ok")
    assert dataclasses.replace(review, reviewer="r").reviewer == "r"
    decision = Decision(Outcome.ALLOW, "r", "tier1", (finding,))
    assert decision.commands == ()
    assert Config().reviewer == ReviewerConfig()
    assert Config() == Config() and hash(Config()) == hash(Config())
    assert [f.name for f in dataclasses.fields(Config)][:2] == ["allowed_paths", "protected_paths"]


def test_a_frozen_slotted_record_sets_its_fields_through_its_slots() -> None:
    # The generated __init__ calls each slot's descriptor directly: a plugin's subclass
    # (with its own slot) still gets every field, and nothing can be assigned afterwards.
    class Mine(Finding):
        __slots__ = ("extra",)

    mine = Mine(Verdict.REVIEW, "GK-X", "why", plugin="p", command="c")
    assert (mine.verdict, mine.rule, mine.reason, mine.plugin, mine.command) == (
        Verdict.REVIEW,
        "GK-X",
        "why",
        "p",
        "c",
    )
    for record, name in ((mine, "rule"), (Finding(Verdict.SAFE, "GK-X", "r"), "plugin")):
        with pytest.raises(records.FrozenInstanceError):
            setattr(record, name, "other")
    command = Command((Word("a"),))
    with pytest.raises(records.FrozenInstanceError):
        command.argv = ("b",)  # type: ignore[misc]
    assert command.argv == ("a",)


def _made_as_twins() -> list[tuple[Any, Any, tuple[object, ...]]]:
    """Each constructor made through a twin, its record class, and its arguments."""
    config = Config(project_root="/p", protected_paths=("vault",))

    def policy(*args: object) -> PathPolicy:
        return PathPolicy.from_config(config, "/cwd", paths.environment_key())

    def script(*args: object) -> Script:
        return parse_mod._script(args[0])  # type: ignore[arg-type]

    command = Command((Word("/bin/ls"), Word("-l")))

    def classify(argv: object, where: object) -> Finding:
        return Finding(Verdict.SAFE, "GK-X", "r")

    return [
        (model.new_finding, Finding, (Verdict.REVIEW, "GK-X", "why", "p", "c")),
        (
            model.new_decision,
            Decision,
            (
                Outcome.ASK,
                "r",
                "tier1",
                (Finding(Verdict.SAFE, "A", "r"),),
                None,
                "A",
                "p",
                ("ls",),
            ),
        ),
        (
            model.new_tool_call,
            ToolCall,
            ("Bash", {"command": "ls"}, "/cwd", "s", "plan", "t", "u", "PreToolUse", "a"),
        ),
        (
            new_context,
            Context,
            (config, PathPolicy("/c", "/h", "", (), (), ()), classify, classify, 2),
        ),
        (policy, PathPolicy, ()),
        (script, Script, ((command,),)),
    ]


@pytest.mark.parametrize("index", range(6))
def test_a_record_made_as_its_twin_is_the_record_its_constructor_makes(index: int) -> None:
    # The hot constructors (model.new_finding, ...) make a twin of the record, assign its
    # fields and make it the record: the same fields as the record's own constructor, an
    # instance of the class itself, frozen; and, without a twin, the constructor itself.
    make, cls, args = _made_as_twins()[index]
    built: object
    if cls is PathPolicy:
        env = paths.environment_key()
        home, allowed, tmp, protected, _ = paths._sources(
            Config(project_root="/p", protected_paths=("vault",)), "/cwd"
        )
        built = PathPolicy("/cwd", home, "/p", allowed, tmp, protected)
        assert env is not None
    elif cls is Script:
        built = Script(args[0], ())  # type: ignore[arg-type]  # a tuple of commands
    else:
        built = cls(*args)
    for twins in (True, False):
        module = {PathPolicy: paths, Script: parse_mod, Context: context_mod}.get(cls, model)
        twin_name = {
            Finding: "_FINDING_TWIN",
            Decision: "_DECISION_TWIN",
            ToolCall: "_TOOL_CALL_TWIN",
            Context: "_TWIN",
            PathPolicy: "_POLICY_TWIN",
            Script: "_SCRIPT_TWIN",
        }[cls]
        saved = getattr(module, twin_name)
        assert saved is not None and saved is records.twin_of(cls)
        if not twins:
            setattr(module, twin_name, None)
        try:
            made = make(*args)
        finally:
            setattr(module, twin_name, saved)
        assert type(made) is cls
        for name in cls.__slots__:
            assert getattr(made, name) == getattr(built, name), name
        assert made == built
        with pytest.raises(records.FrozenInstanceError):
            setattr(made, cls.__record_init__[0], "other")
        if cls is not Context:  # (its classifiers are local functions)
            assert pickle.loads(pickle.dumps(made)) == made  # noqa: S301 - our own bytes


def test_only_a_slotted_record_has_a_twin() -> None:
    assert records.twin_of(Config) is not None
    assert records.twin_of(type("Plain", (), {})) is None
    ours = build(records.dataclass, records.field, frozen=True)
    assert records.twin_of(ours) is None  # no slots


@given(
    st.lists(st.text(max_size=6), max_size=4),
    st.sampled_from(["top", "pipeline"]),
    st.booleans(),
    st.booleans(),
)
def test_a_static_command_is_the_command_its_constructor_makes(
    texts: list[str], where: str, piped: bool, twins: bool
) -> None:
    # `model.static_command` assigns a twin's fields (argv and name too, as __post_init__
    # would) and makes it a `Command`; without twins it calls the constructor.
    expected = Command(tuple(map(Word, texts)), (), (), where, " ".join(texts), piped)
    saved = (model._WORD_TWIN, model._COMMAND_TWIN)
    if not twins:
        model._WORD_TWIN = model._COMMAND_TWIN = None
    try:
        got = model.static_command(texts, where, " ".join(texts), piped)
    finally:
        model._WORD_TWIN, model._COMMAND_TWIN = saved
    assert type(got) is Command and [type(w) for w in got.words] == [Word] * len(texts)
    assert got == expected and hash(got) == hash(expected)
    for name in Command.__slots__:
        assert getattr(got, name) == getattr(expected, name), name
    for word, other in zip(got.words, expected.words, strict=True):
        assert (word.text, word.dynamic, word.glob) == (other.text, other.dynamic, other.glob)
    with pytest.raises(records.FrozenInstanceError):
        got.name = "x"  # type: ignore[misc]


# -- the __init__s compiled ahead of time (gatekeeper.recordinits) ----------------------------


def test_the_ahead_of_time_inits_are_up_to_date() -> None:
    # In a fresh interpreter: this one holds the records the tests defined too.
    proc = subprocess.run(
        [sys.executable, "-m", "gatekeeper.recordgen", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_generator_covers_every_module_that_makes_records() -> None:
    package = Path(records.__file__).parent
    users = {
        "gatekeeper." + ".".join(path.relative_to(package).with_suffix("").parts)
        for path in package.rglob("*.py")
        if "records import dataclass" in path.read_text(encoding="utf-8")
    }
    assert users == set(recordgen.MODULES)


@pytest.mark.parametrize("text", sorted(recordinits.INITS))
def test_each_ahead_of_time_init_is_the_compiled_source_it_is_stored_under(text: str) -> None:
    scope: dict[str, Any] = {}
    exec(compile(text, "<test>", "exec", dont_inherit=True), scope)  # noqa: S102 - the generated source
    compiled = scope["__init__"].__code__
    ahead = recordinits.INITS[text].__code__
    for attribute in (
        "co_code",
        "co_consts",
        "co_names",
        "co_varnames",
        "co_freevars",
        "co_cellvars",
        "co_argcount",
        "co_kwonlyargcount",
        "co_flags",
    ):
        assert getattr(ahead, attribute) == getattr(compiled, attribute), attribute


def test_the_models_run_the_ahead_of_time_inits() -> None:
    for cls in (Finding, Decision, ToolCall, Word, Command, Review, Context, Config, Script):
        assert cls.__init__.__code__.co_filename == recordinits.__file__, cls
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"


def test_a_record_of_an_ahead_of_time_source_gets_its_own_code_and_defaults() -> None:
    # The same fields as `Review` (so the same source), other defaults: its own globals,
    # defaults and code object (each keeps its own inline caches).
    @records.dataclass(frozen=True, slots=True)
    class Like:
        decision: str
        reason: str
        reviewer: str = "someone"
        cost_usd: float = 1.5
        latency_ms: float = 2.5
        failure: str = "none"

    assert records.SOURCES[-1] in recordinits.INITS
    like = Like("approve", "fine")
    assert (like.decision, like.reason, like.reviewer, like.cost_usd, like.failure) == (
        "approve",
        "fine",
        "someone",
        1.5,
        "none",
    )
    assert Review(ReviewDecision.APPROVE, "ok").reviewer == ""
    assert Like.__init__.__code__ is not Review.__init__.__code__
    assert Like.__init__.__code__.co_code == Review.__init__.__code__.co_code
    with pytest.raises(TypeError):
        Like("approve")  # type: ignore[call-arg]

@given(
    st.lists(st.tuples(st.text(max_size=6), st.booleans(), st.booleans()), max_size=4),
    st.sampled_from(["timeout", "xargs"]),
    st.booleans(),
)
def test_a_wrapped_command_is_the_command_its_constructor_makes(
    words: list[tuple[str, bool, bool]], where: str, twins: bool
) -> None:
    # `model.new_word` and `model.new_command` (what a wrapper runs, made by the host's
    # classifier) assign a twin's fields, `argv` and `name` as __post_init__ would.
    text = " ".join(w[0] for w in words)
    expected = Command(tuple(Word(*w) for w in words), (), (), where, text)
    saved = (model._WORD_TWIN, model._COMMAND_TWIN)
    if not twins:
        model._WORD_TWIN = model._COMMAND_TWIN = None
    try:
        got = model.new_command(tuple(model.new_word(*w) for w in words), where, text)
    finally:
        model._WORD_TWIN, model._COMMAND_TWIN = saved
    assert type(got) is Command and [type(w) for w in got.words] == [Word] * len(words)
    assert got == expected and hash(got) == hash(expected)
    for name in Command.__slots__:
        assert getattr(got, name) == getattr(expected, name), name
    for word, other in zip(got.words, expected.words, strict=True):
        assert (word.text, word.dynamic, word.glob) == (other.text, other.dynamic, other.glob)
    for word in got.words:
        with pytest.raises(records.FrozenInstanceError):
            word.text = "x"  # type: ignore[misc]
    with pytest.raises(records.FrozenInstanceError):
        got.name = "x"  # type: ignore[misc]
