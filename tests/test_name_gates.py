"""A checker that answers None at once for a command name none of its branches tests.

`wrappers._check` and `devtools`' command hook are chains of branches, each testing the
command's name; each now returns None first when the name is outside its `_ACTS_ON`. That
is the chain's own answer only if every branch tests `name` (so none can be true for
another name) and every name a branch compares with is in `_ACTS_ON`. Both are read here
from the functions' source (`ast`), so a branch added without its name fails this test;
then the gate is switched off (`_ACTS_ON` made to hold every name) and the answers are
compared with it on, over generated commands and over every corpus (public and peer).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper.model import static_command
from gatekeeper.plugins import bash, devtools, protected, wrappers
from gatekeeper.shell import inlinecode
from gatekeeper.shell.inlinecode import interpreter
from gatekeeper.testing import check, corpus_cases

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine

# (module, the function with the gate and the chain, the gate's own test of `name` besides
# `_ACTS_ON` (a prefix it lets through), the helpers whose answers the chain returns, the
# calls of `name` that the gate's other test covers)
_GATED = [
    (wrappers, wrappers._check, "", (), ()),
    (devtools, devtools.gatekeeper_check_command, "py", (), ()),
    (bash, bash._classify, "", (bash._runs_unseen_code,), ("is_shell_or_interpreter",)),
]


# Each gate, by its module and name: switched off (made to hold every name) to compare.
_GATES = [(wrappers, "_ACTS_ON"), (devtools, "_ACTS_ON"), (bash, "_ACTS_ON"), (protected, "_NAMED")]


class _Everything:
    """An `_ACTS_ON` that holds every name: the gate never answers, the chain always runs."""

    def __contains__(self, name: object) -> bool:
        return True


def _body(function: Callable[..., object]) -> list[ast.stmt]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    return node.body


def _is_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "name"


def _bound(test: ast.expr, prefix: str, calls: tuple[str, ...] = ()) -> bool:
    """Whether `test` can be true only for a name some comparison with `name` selects."""
    if isinstance(test, ast.BoolOp):
        parts = [_bound(value, prefix, calls) for value in test.values]
        return any(parts) if isinstance(test.op, ast.And) else all(parts)
    if isinstance(test, ast.NamedExpr):
        return _bound(test.value, prefix, calls)
    if isinstance(test, ast.Call):  # `is_shell_or_interpreter(name)`: see its own test
        return (
            isinstance(test.func, ast.Name)
            and test.func.id in calls
            and len(test.args) == 1
            and _is_name(test.args[0])
        )
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    op, right = test.ops[0], test.comparators[0]
    if _is_name(test.left):
        return isinstance(op, (ast.Eq, ast.In))
    # `name[:2] == "py"`: the prefix the gate lets through as well
    left = test.left
    return (
        bool(prefix)
        and isinstance(left, ast.Subscript)
        and _is_name(left.value)
        and isinstance(op, ast.Eq)
        and isinstance(right, ast.Constant)
        and right.value == prefix
    )


def _compared_names(function: Callable[..., object], module: ModuleType) -> set[str]:
    """Every name the function's branches compare `name` with (`==`, `in` a literal or a
    constant) to select the branch (a test inside a branch comes after its selection)."""
    names: set[str] = set()
    tests = [s.test for s in _body(function) if isinstance(s, ast.If)]
    for node in ast.walk(ast.Module(body=[ast.Expr(t) for t in tests], type_ignores=[])):
        if not (isinstance(node, ast.Compare) and _is_name(node.left)):
            continue
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.NotIn):
                continue  # selects no name (`name not in ("awk",)`, the gate itself)
            assert isinstance(op, (ast.Eq, ast.In)), ast.dump(node)
            if isinstance(right, ast.Constant):
                names.add(str(right.value))
            elif isinstance(right, (ast.Tuple, ast.Set, ast.List)):
                assert all(isinstance(e, ast.Constant) for e in right.elts), ast.dump(node)
                names |= {str(e.value) for e in right.elts if isinstance(e, ast.Constant)}
            else:
                assert isinstance(right, ast.Name), ast.dump(node)
                names |= set(getattr(module, right.id))
    return names


def _returns_none(statement: ast.If) -> bool:
    return (
        len(statement.body) == 1
        and isinstance(statement.body[0], ast.Return)
        and isinstance(statement.body[0].value, ast.Constant)
        and statement.body[0].value.value is None
        and not statement.orelse
    )


def _check_chain(
    function: Callable[..., object],
    prefix: str,
    helpers: tuple[Callable[..., object], ...],
    calls: tuple[str, ...],
    *,
    gated: bool,
) -> None:
    """Every statement after the gate (all of a helper's) answers only for a bound name."""
    helper_names = {h.__name__ for h in helpers}
    from_helper: set[str] = set()  # variables holding a helper's answer
    gate_seen = not gated
    for statement in _body(function):
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # the docstring
        if isinstance(statement, ast.Assign):
            value = statement.value
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in helper_names
            ):
                from_helper |= {t.id for t in statement.targets if isinstance(t, ast.Name)}
            continue  # `name = command.name`, `args = list(...)`: no answer
        if isinstance(statement, ast.Return):
            assert isinstance(statement.value, ast.Constant), ast.dump(statement)
            assert statement.value.value is None  # the chain's own end
            continue
        assert isinstance(statement, ast.If), ast.dump(statement)
        if _returns_none(statement):
            gate_seen = gate_seen or "_ACTS_ON" in ast.dump(statement.test)
            continue  # `if not words or words[0].dynamic: return None`: the gate's answer too
        if not gate_seen:
            continue  # before the gate: it runs for every name, as before
        assert not statement.orelse, ast.dump(statement)
        test = statement.test
        if (  # `if unseen is not None: return unseen`, a helper's answer
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id in from_helper
            and isinstance(test.ops[0], ast.IsNot)
        ):
            continue
        assert _bound(test, prefix, calls), ast.unparse(test)
    assert gate_seen


@pytest.mark.parametrize(("module", "function", "prefix", "helpers", "calls"), _GATED)
def test_every_branch_tests_the_name_and_the_gate_holds_each(
    module: ModuleType,
    function: Callable[..., object],
    prefix: str,
    helpers: tuple[Callable[..., object], ...],
    calls: tuple[str, ...],
) -> None:
    _check_chain(function, prefix, helpers, calls, gated=True)
    compared = _compared_names(function, module)
    for helper in helpers:
        _check_chain(helper, prefix, (), calls, gated=False)
        compared |= _compared_names(helper, module)
    missing = compared - set(module._ACTS_ON)
    if prefix:
        missing = {n for n in missing if not n.startswith(prefix)}
    assert not missing


@settings(max_examples=2000)
@given(
    st.one_of(
        st.text(max_size=12),
        st.sampled_from(sorted(bash._SHELLS | bash._INTERPRETERS)).flatmap(
            lambda n: st.sampled_from([n, f"{n}3", f"{n}3.12", f"{n}.", f"{n}\n", f"x{n}"])
        ),
    )
)
def test_the_bash_gate_covers_every_shell_and_interpreter(name: str) -> None:
    """The gate's other test: a name it answers for is no shell or interpreter."""
    if name not in bash._ACTS_ON and name[-1:] not in bash._VERSION_ENDS:
        assert not bash.is_shell_or_interpreter(name)


def test_the_protected_gate_holds_every_name_its_helpers_test() -> None:
    """`protected`'s gate skips `_landing`, `_tree_targets` and `interpreter`: every name
    their branches select by is in `_NAMED` (`_extraction_dirs`' and `_tree_targets`' own
    sets are checked against their source in `tests/test_write_channels.py`)."""
    compared = _compared_names(protected._landing, protected)
    compared |= _compared_names(protected._tree_targets, protected)
    assert compared
    assert compared <= protected._NAMED
    assert protected._ARCHIVERS <= protected._NAMED
    assert protected._TREE_NAMES <= protected._NAMED


_NAME_TEXT = st.text(alphabet="abcdeimnoprtuvxyz-.3", min_size=1, max_size=8)
_ARGS = st.lists(
    st.sampled_from(["-m", "venv", "-x", "-xf", "a.tar", "-C", "d", "-r", "-rf", "x", "~/.ssh"])
    | st.sampled_from(["-c", "-e", "'open(\"/etc/shadow\")'", "-O", "http://h/x", "--clear"]),
    max_size=5,
)


# The names the helpers' branches select by, read from their source (not from `_NAMED`).
_HELPER_NAMES = sorted(
    _compared_names(protected._landing, protected)
    | _compared_names(protected._tree_targets, protected)
    | _compared_names(protected._extraction_dirs, protected)
    | set(inlinecode._INTERPRETERS)
    | {"python3.12", "pypy3.10", "gatekeeper", "socat"}
)


@settings(max_examples=3000)
@given(_NAME_TEXT | st.sampled_from(_HELPER_NAMES), _ARGS)
def test_outside_the_protected_gate_the_helpers_answer_nothing(name: str, args: list[str]) -> None:
    command = static_command([name, *args], "top", " ".join([name, *args]), False)
    if name in protected._NAMED or name[:2] == "py" or command.argv[1:3] == ("-m", "venv"):
        return  # inside the gate: the helpers run, as before
    # No context: a helper that would look at one for such a name fails here.
    assert protected._landing(command, None) is None  # type: ignore[arg-type]
    assert protected._tree_targets(command) == []
    assert not interpreter(command.name)


def test_the_source_check_fails_for_a_branch_the_gate_lacks() -> None:
    """The check above is not vacuous: a name outside the gate, or a branch that does not
    test the name, is found."""
    source = """
def chain(command):
    name = command.name
    if name not in _ACTS_ON:
        return None
    if name == "sudo":
        return 1
    if command.argv[1:] == ("x",):
        return 2
    return None
"""
    tree = ast.parse(source).body[0]
    assert isinstance(tree, ast.FunctionDef)
    tests = [s.test for s in tree.body if isinstance(s, ast.If)]
    assert _bound(tests[1], "")
    assert not _bound(tests[2], "")
    assert not _bound(ast.parse("name[:2] == 'py'", mode="eval").body, "")
    assert _bound(ast.parse("name[:2] == 'py' and f(name)", mode="eval").body, "py")
    assert not _bound(ast.parse("name == 'a' or x", mode="eval").body, "")
    assert not _bound(ast.parse("f(name)", mode="eval").body, "")
    assert _bound(ast.parse("f(name) and x", mode="eval").body, "", ("f",))
    assert "sudo" not in devtools._ACTS_ON  # a name a branch would add, caught as missing


def _decide_all(engine: Engine, texts: list[str], cwd: str) -> list[Decision]:
    return [check(engine, text, cwd=cwd) for text in texts]


_WORDS = st.sampled_from(
    [
        *("sudo", "env", "xargs", "find", "pnpm", "yarn", "dlx", "npx", "bash", "-c", "timeout"),
        *("python3", "pytest", "ruff", "pip", "uv", "node", "--version", "-V", "ls", "cat"),
        *("git", "status", "pyenv", "py.test", "pylint", "-n", "5", "x.py", "/tmp/x", "~/.ssh"),
        *("rm", "-rf", "build", "mypy", "src", "nice", "exec", "toybox", "busybox", "echo"),
        *("cp", "mv", "tar", "-xf", "a.tar", "unzip", "curl", "-O", "wget", "awk", "-m", "venv"),
        *("node", "-e", "x.tar", "~", "/etc/x", ".git/hooks/x", "gh", "shopt", "cd", "eval"),
    ]
)
_TEXTS = st.lists(_WORDS, min_size=1, max_size=6).map(" ".join)


def _gated_and_whole(engine: Engine, texts: list[str]) -> tuple[list[Decision], list[Decision]]:
    """The decisions of `texts` with the gates as they are, then with every gate open."""
    cwd = engine.config.project_root or "/"
    gated = _decide_all(engine, texts, cwd)
    with pytest.MonkeyPatch.context() as patch:
        for module, gate in _GATES:
            patch.setattr(module, gate, _Everything())
        whole = _decide_all(engine, texts, cwd)
    return gated, whole


# The engine is only read: one per test serves every generated input.
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_TEXTS, min_size=1, max_size=4))
def test_the_gates_answer_as_the_chains_over_generated_commands(
    quiet_engine: Engine, texts: list[str]
) -> None:
    gated, whole = _gated_and_whole(quiet_engine, texts)
    assert gated == whole


def test_the_gates_answer_as_the_chains_over_the_corpora(quiet_engine: Engine) -> None:
    from tests.peer_corpora import all_cases, peer_data_dir

    corpora = sorted((Path(__file__).resolve().parent / "corpora").glob("*.sh"))
    texts = [case.command for case in corpus_cases(corpora)]
    data = peer_data_dir()
    if data is not None:
        texts += [case.command for case in all_cases(data)]
    gated, whole = _gated_and_whole(quiet_engine, texts)
    differ = [t for t, a, b in zip(texts, gated, whole, strict=True) if a != b]
    assert not differ, differ[:5]
