"""The public API plugin authors rely on, and the plugin distributions against the contract."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import TYPE_CHECKING

import pluggy
import pytest

import gatekeeper
from gatekeeper import hookimpl, hookspecs
from gatekeeper.discovery import discover

if TYPE_CHECKING:
    from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTIONS = {
    "gatekeeper-docker": "gatekeeper_docker",
    "gatekeeper-stub-reviewer": "gatekeeper_stub_reviewer",
}
# Modules besides `gatekeeper` itself that plugins may import from (docs/plugins/hooks.md).
PUBLIC_MODULES = {"gatekeeper", "gatekeeper.model", "gatekeeper.paths", "gatekeeper.context"}


def test_all_is_exactly_the_documented_api() -> None:
    assert sorted(gatekeeper.__all__) == sorted(
        [
            "Command",
            "Context",
            "Finding",
            "Review",
            "ReviewDecision",
            "ToolCall",
            "Verdict",
            "Word",
            "__version__",
            "hookimpl",
        ]
    )
    for name in gatekeeper.__all__:
        assert getattr(gatekeeper, name) is not None


def validate(module: ModuleType) -> list[str]:
    """Register a plugin against the current hookspecs as the host does; return its hooks."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(module, name=module.__name__)  # raises on an argument the spec lacks
    pm.check_pending()  # raises on a hook name the contract lacks
    hooks = []
    for caller in pm.get_hookcallers(module) or []:
        spec = caller.spec
        assert spec is not None
        for impl in caller.get_hookimpls():
            assert set(impl.argnames) <= set(spec.argnames), (caller.name, impl.argnames)
        hooks.append(caller.name)
    return sorted(hooks)


def test_both_distributions_are_installed_with_entry_points() -> None:
    found = {p.distribution: p for p in discover()}
    for dist, module in DISTRIBUTIONS.items():
        assert dist in found, f"{dist} is not installed (make test installs it)"
        assert found[dist].module == module
        assert found[dist].problem == ""


@pytest.mark.parametrize("module", sorted(DISTRIBUTIONS.values()))
def test_each_distribution_matches_the_current_hookspecs(module: str) -> None:
    hooks = validate(importlib.import_module(module))
    assert hooks, f"{module} implements no hook"


@pytest.mark.parametrize("dist", sorted(DISTRIBUTIONS))
def test_distributions_import_only_the_public_api(dist: str) -> None:
    for path in (ROOT / "plugins" / dist / "src").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gatekeeper"):
                assert node.module in PUBLIC_MODULES, f"{path.name} imports {node.module}"
                if node.module == "gatekeeper":
                    names = {a.name for a in node.names}
                    assert names <= set(gatekeeper.__all__), f"{path.name}: {names}"


class RenamedArgument:
    @hookimpl
    def gatekeeper_check_command(self, cmd: object) -> None:
        del cmd


class MisspeltHook:
    @hookimpl
    def gatekeeper_check_comand(self, command: object) -> None:
        del command


@pytest.mark.parametrize("plugin", [RenamedArgument(), MisspeltHook()], ids=type)
def test_a_signature_mismatch_fails_validation(plugin: object) -> None:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    with pytest.raises(pluggy.PluginValidationError):
        pm.register(plugin)
        pm.check_pending()


def test_hookspec_parameters_are_what_the_docs_promise() -> None:
    # Adding a parameter is allowed; removing or renaming one is a new hook (hooks.md).
    promised = {
        "gatekeeper_check_tool": ["call", "ctx"],
        "gatekeeper_check_command": ["command", "call", "ctx"],
        "gatekeeper_review": ["call", "findings", "ctx"],
    }
    for name, params in promised.items():
        actual = list(inspect.signature(getattr(hookspecs, name)).parameters)
        assert set(params) <= set(actual), name
