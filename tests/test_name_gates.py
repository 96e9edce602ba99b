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

from gatekeeper.plugins import devtools, wrappers
from gatekeeper.testing import check, corpus_cases

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine

# (module, the function with the chain, the gate's own test of `name` besides `_ACTS_ON`)
_GATED = [(wrappers, wrappers._check, ""), (devtools, devtools.gatekeeper_check_command, "py")]


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


def _bound(test: ast.expr, prefix: str) -> bool:
    """Whether `test` can be true only for a name some comparison with `name` selects."""
    if isinstance(test, ast.BoolOp):
        parts = [_bound(value, prefix) for value in test.values]
        return any(parts) if isinstance(test.op, ast.And) else all(parts)
    if isinstance(test, ast.NamedExpr):
        return _bound(test.value, prefix)
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
    """Every name the function compares `name` with (`==`, `in` a literal or a constant)."""
    names: set[str] = set()
    for node in ast.walk(ast.Module(body=_body(function), type_ignores=[])):
        if not (isinstance(node, ast.Compare) and _is_name(node.left)):
            continue
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.NotIn) and isinstance(right, ast.Name):
                assert right.id == "_ACTS_ON", ast.dump(node)  # the gate itself
                continue
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


@pytest.mark.parametrize(("module", "function", "prefix"), _GATED, ids=lambda x: "")
def test_every_branch_tests_the_name_and_the_gate_holds_each(
    module: ModuleType, function: Callable[..., object], prefix: str
) -> None:
    gate_seen = False
    for statement in _body(function):
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # the docstring
        if isinstance(statement, ast.Assign):
            continue  # `name = command.name`, `args = list(...)`: no answer
        if isinstance(statement, ast.Return):
            assert isinstance(statement.value, ast.Constant), ast.dump(statement)
            assert statement.value.value is None  # the chain's own end
            continue
        assert isinstance(statement, ast.If), ast.dump(statement)
        returns_none = (
            len(statement.body) == 1
            and isinstance(statement.body[0], ast.Return)
            and isinstance(statement.body[0].value, ast.Constant)
            and statement.body[0].value.value is None
            and not statement.orelse
        )
        if returns_none and "_ACTS_ON" in ast.dump(statement.test):
            gate_seen = True
            continue
        if returns_none:
            continue  # `if not words or words[0].dynamic: return None`: the gate's answer too
        assert gate_seen, "the gate must come before the first branch that answers"
        assert not statement.orelse, ast.dump(statement)
        assert _bound(statement.test, prefix), ast.unparse(statement.test)
    assert gate_seen
    missing = _compared_names(function, module) - set(module._ACTS_ON)
    if prefix:
        missing = {n for n in missing if not n.startswith(prefix)}
    assert not missing


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
    assert "sudo" not in devtools._ACTS_ON  # a name a branch would add, caught as missing


def _decide_all(engine: Engine, texts: list[str], cwd: str) -> list[Decision]:
    return [check(engine, text, cwd=cwd) for text in texts]


_WORDS = st.sampled_from(
    [
        *("sudo", "env", "xargs", "find", "pnpm", "yarn", "dlx", "npx", "bash", "-c", "timeout"),
        *("python3", "pytest", "ruff", "pip", "uv", "node", "--version", "-V", "ls", "cat"),
        *("git", "status", "pyenv", "py.test", "pylint", "-n", "5", "x.py", "/tmp/x", "~/.ssh"),
        *("rm", "-rf", "build", "mypy", "src", "nice", "exec", "toybox", "busybox", "echo"),
    ]
)
_TEXTS = st.lists(_WORDS, min_size=1, max_size=6).map(" ".join)


# The engine is only read: one per test serves every generated input.
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_TEXTS, min_size=1, max_size=4))
def test_the_gates_answer_as_the_chains_over_generated_commands(
    quiet_engine: Engine, texts: list[str]
) -> None:
    engine = quiet_engine
    cwd = engine.config.project_root or "/"
    gated = _decide_all(engine, texts, cwd)
    with pytest.MonkeyPatch.context() as patch:
        for module, _, _ in _GATED:
            patch.setattr(module, "_ACTS_ON", _Everything())
        whole = _decide_all(engine, texts, cwd)
    assert gated == whole


def test_the_gates_answer_as_the_chains_over_the_corpora(quiet_engine: Engine) -> None:
    from tests.peer_corpora import all_cases, peer_data_dir

    corpora = sorted((Path(__file__).resolve().parent / "corpora").glob("*.sh"))
    texts = [case.command for case in corpus_cases(corpora)]
    data = peer_data_dir()
    if data is not None:
        texts += [case.command for case in all_cases(data)]
    engine = quiet_engine
    cwd = engine.config.project_root or "/"
    gated = _decide_all(engine, texts, cwd)
    with pytest.MonkeyPatch.context() as patch:
        for module, _, _ in _GATED:
            patch.setattr(module, "_ACTS_ON", _Everything())
        whole = _decide_all(engine, texts, cwd)
    differ = [t for t, a, b in zip(texts, gated, whole, strict=True) if a != b]
    assert not differ, differ[:5]
