"""Hot-path trims answer as what they replace: checker arguments, the dominant finding."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gatekeeper import host
from gatekeeper.model import SEVERITY, Finding, Verdict, dominant

KWARGS: dict[str, object] = {"command": "c", "call": "k", "ctx": "x"}


@pytest.mark.parametrize(
    "names",
    [(), ("ctx",), ("command", "ctx"), ("ctx", "command"), ("call", "command", "ctx"), ["ctx"]],
)
def test_the_arguments_are_the_named_values_in_order(names: tuple[str, ...]) -> None:
    for _ in range(2):  # the second from the memo
        assert host._arguments(names)(KWARGS) == tuple([KWARGS[n] for n in names])


@pytest.mark.parametrize("names", [("nope",), ("command", "nope", "other"), ("nope", "ctx")])
def test_a_missing_name_raises_the_comprehensions_key_error(names: tuple[str, ...]) -> None:
    with pytest.raises(KeyError) as expected:
        [KWARGS[n] for n in names]  # the reference behaviour
    with pytest.raises(KeyError) as got:
        host._arguments(names)(KWARGS)
    assert str(got.value) == str(expected.value)


class _Impl:
    def __init__(self, name: str, function: object, argnames: tuple[str, ...]) -> None:
        self.plugin_name = name
        self.function = function
        self.argnames = argnames


class _Hook:
    def __init__(self, impls: list[_Impl]) -> None:
        self.impls = impls

    def get_hookimpls(self) -> list[_Impl]:
        return self.impls.copy()


def test_a_checker_naming_an_unknown_argument_fails_alone() -> None:
    def ok(command: str, ctx: str) -> Finding:
        return Finding(Verdict.ELEVATE, "GK-X-001", f"{command}{ctx}")

    def bad(nope: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-002", nope)

    hook = _Hook([_Impl("ok", ok, ("command", "ctx")), _Impl("bad", bad, ("nope",))])
    found = list(host.call_checkers(hook, **KWARGS))  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in found] == [("GK-PLUGIN-001", "bad"), ("GK-X-001", "ok")]
    assert "KeyError: 'nope'" in found[0].reason
    assert found[1].reason == "cx"
    assert [i.plugin_name for i in hook.impls] == ["ok", "bad"]  # the hook's own list is kept


_FINDINGS = st.lists(
    st.builds(
        Finding, st.sampled_from(list(Verdict)), st.sampled_from(["A", "B", "C"]), st.just("r")
    ),
    max_size=6,
)


@given(_FINDINGS)
def test_dominant_is_the_first_most_severe(findings: list[Finding]) -> None:
    expected = max(findings, key=lambda f: SEVERITY[f.verdict], default=None)
    assert dominant(findings) is expected
    assert dominant(iter(findings)) is expected


def test_dominant_of_a_finding_without_a_verdict_raises_as_before() -> None:
    class Odd:
        verdict = "safe"

    with pytest.raises(KeyError):
        max([Odd()], key=lambda f: SEVERITY[f.verdict])  # type: ignore[index]
    with pytest.raises(KeyError):
        dominant([Odd()])  # type: ignore[list-item]


def test_an_implementation_added_later_is_called_at_the_next_call() -> None:
    # `call_checkers` keeps each hook's plan keyed by its implementations: a plugin
    # registered between two decisions (the decision server, a test) is called in the next.
    def first(command: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-001", command)

    def later(ctx: str) -> Finding:
        return Finding(Verdict.ELEVATE, "GK-X-002", ctx)

    hook = _Hook([_Impl("first", first, ("command",))])
    for _ in range(2):
        found = host.call_checkers(hook, **KWARGS)  # type: ignore[arg-type]
        assert [(f.rule, f.plugin) for f in found] == [("GK-X-001", "first")]
    hook.impls.append(_Impl("later", later, ("ctx",)))
    found = host.call_checkers(hook, **KWARGS)  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in found] == [("GK-X-002", "later"), ("GK-X-001", "first")]
    hook.impls.pop(0)
    found = host.call_checkers(hook, **KWARGS)  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in found] == [("GK-X-002", "later")]


class _OwnFinding(Finding):
    __slots__ = ()


def _old_call_checkers(hook: _Hook, about: str) -> list[Finding]:
    """The host before findings were built once: plugin filled in, then the command."""
    out: list[Finding] = []
    for impl in hook.get_hookimpls()[::-1]:
        try:
            result = impl.function(*(KWARGS[n] for n in impl.argnames))  # type: ignore[operator]
        except Exception as exc:  # noqa: BLE001 - the reference behaviour
            result = Finding(
                Verdict.REVIEW,
                "GK-PLUGIN-001",
                f"plugin `{impl.plugin_name}` failed ({type(exc).__name__}: {exc})",
                plugin=impl.plugin_name,
            )
        else:
            if result is None:
                continue
            if not isinstance(result, Finding) or not isinstance(result.verdict, Verdict):
                result = Finding(
                    Verdict.REVIEW,
                    "GK-PLUGIN-002",
                    f"plugin `{impl.plugin_name}` returned {type(result).__name__}, not a Finding",
                    plugin=impl.plugin_name,
                )
            else:
                result = dataclasses.replace(result, plugin=impl.plugin_name)
        if about and not result.command:
            result = dataclasses.replace(result, command=about)
        out.append(result)
    return out


_ANSWERS: list[object] = [
    None,
    Finding(Verdict.SAFE, "GK-A", "r"),
    Finding(Verdict.REVIEW, "GK-B", "r", plugin="liar", command="own text"),
    Finding(Verdict.ELEVATE, "GK-C", "r", plugin="p1"),
    Finding("safe", "GK-D", "r"),  # type: ignore[arg-type]  # no Verdict: garbage
    _OwnFinding(Verdict.REVIEW, "GK-E", "r"),
    _OwnFinding(Verdict.REVIEW, "GK-F", "r", command="own"),
    "not a finding",
    ZeroDivisionError("boom"),
]


@given(st.lists(st.sampled_from(range(len(_ANSWERS))), max_size=5), st.sampled_from(["", "cmd"]))
def test_each_finding_is_what_the_plugin_and_command_fill_ins_gave(
    answers: list[int], about: str
) -> None:
    def answer(i: int) -> object:
        def function(command: str) -> object:
            value = _ANSWERS[i]
            if isinstance(value, Exception):
                raise value
            return value

        return function

    hook = _Hook([_Impl(f"p{n}", answer(i), ("command",)) for n, i in enumerate(answers)])
    got = host.call_checkers(hook, None, about, **KWARGS)  # type: ignore[arg-type]
    expected = _old_call_checkers(hook, about)
    assert got == expected
    assert [type(f) for f in got] == [type(f) for f in expected]


_SIGNATURES: list[tuple[str, ...]] = [
    ("command",),
    ("command", "ctx"),
    ("ctx", "command"),
    ("command", "call", "ctx"),
    ("call",),
]


def _checker(i: int, names: tuple[str, ...]) -> object:
    """A checker taking `names` that answers `_ANSWERS[i]` (raising it if an exception)."""

    def function(*values: object) -> object:
        assert values == tuple(KWARGS[n] for n in names)  # each gets its own values, in order
        value = _ANSWERS[i]
        if isinstance(value, Exception):
            raise value
        return value

    return function


@given(
    st.lists(
        st.tuples(st.sampled_from(range(len(_ANSWERS))), st.sampled_from(_SIGNATURES)),
        max_size=8,
    ),
    st.sampled_from(["", "cmd"]),
)
def test_the_dispatcher_gives_what_the_loop_gives(
    answers: list[tuple[int, tuple[str, ...]]], about: str
) -> None:
    hook = _Hook(
        [_Impl(f"p{n}", _checker(i, names), names) for n, (i, names) in enumerate(answers)]
    )
    plan = host._plan(hook)  # type: ignore[arg-type]
    dispatch = host._dispatcher(plan)
    assert dispatch is not None
    expected = host._loop(plan, None, about, KWARGS)
    got = dispatch(KWARGS, about)
    assert got == expected
    assert [type(f) for f in got or ()] == [type(f) for f in expected]
    assert got == _old_call_checkers(hook, about)


def test_the_dispatcher_leaves_a_missing_value_and_other_counts_to_the_loop() -> None:
    def bad(nope: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-002", nope)

    def four(a: str, b: str, c: str, d: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-003", a)

    missing = host._plan(_Hook([_Impl("bad", bad, ("nope",))]))  # type: ignore[arg-type]
    dispatch = host._dispatcher(missing)
    assert dispatch is not None
    assert dispatch(KWARGS, "") is None  # nothing called: the loop fails `bad` alone
    wide = _Impl("four", four, ("command", "call", "ctx", "command"))
    assert host._dispatcher(host._plan(_Hook([wide]))) is None  # type: ignore[arg-type]


def test_call_checkers_answers_alike_before_and_after_its_dispatcher() -> None:
    def ok(command: str, ctx: str) -> Finding:
        return Finding(Verdict.ELEVATE, "GK-X-001", f"{command}{ctx}")

    def bad(nope: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-002", nope)

    def boom(call: str) -> Finding:
        raise ZeroDivisionError(call)

    hook = _Hook([_Impl("ok", ok, ("command", "ctx")), _Impl("boom", boom, ("call",))])
    answers = {str(host.call_checkers(hook, None, "t", **KWARGS)) for _ in range(100)}  # type: ignore[arg-type]
    assert host._entry(hook).dispatch is not None  # type: ignore[arg-type]  # made on the way
    assert len(answers) == 1
    only = host.call_checkers(hook, "ok", "t", **KWARGS)  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in only] == [("GK-X-001", "ok")]
    # a value missing after the dispatcher exists: the loop fails the checkers that name it
    partial = host.call_checkers(hook, None, "t", command="c", ctx="x")  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in partial] == [("GK-PLUGIN-001", "boom"), ("GK-X-001", "ok")]
    # a plugin registered later is called at the next call (a new plan, a new dispatcher)
    hook.impls.append(_Impl("bad", bad, ("nope",)))
    found = host.call_checkers(hook, None, "t", **KWARGS)  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in found] == [
        ("GK-PLUGIN-001", "bad"),
        ("GK-PLUGIN-001", "boom"),
        ("GK-X-001", "ok"),
    ]


def test_the_small_registrys_caller_is_seen_anew_after_an_add() -> None:
    # `_entry` compares the caller's own list with the one its entry was made from: an
    # implementation added between two decisions is called in the next.
    from gatekeeper.registry import Caller, Impl

    def first(command: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-001", command)

    def later(ctx: str) -> Finding:
        return Finding(Verdict.ELEVATE, "GK-X-002", ctx)

    def impl(name: str, function: object, argnames: tuple[str, ...]) -> Impl:
        opts: dict[str, object] = {"tryfirst": False, "trylast": False}
        return Impl(None, name, function, argnames=argnames, kwargnames=(), opts=opts)  # type: ignore[arg-type]

    caller = Caller("gatekeeper_check_command")
    caller.add(impl("first", first, ("command",)))
    for _ in range(40):  # past the dispatcher's making
        found = host.call_checkers(caller, None, "", **KWARGS)
        assert [(f.rule, f.plugin) for f in found] == [("GK-X-001", "first")]
    caller.add(impl("later", later, ("ctx",)))
    found = host.call_checkers(caller, None, "", **KWARGS)
    assert [(f.rule, f.plugin) for f in found] == [("GK-X-002", "later"), ("GK-X-001", "first")]
    caller._impls[0] = impl("first", later, ("ctx",))  # replaced in place: same length
    found = host.call_checkers(caller, None, "", **KWARGS)
    assert [(f.rule, f.plugin) for f in found] == [("GK-X-002", "later"), ("GK-X-002", "first")]
