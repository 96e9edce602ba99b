"""The plugin manager: registration, blocking, and failure-isolating hook calls.

There is no module-level plugin manager: `make_plugin_manager` builds a fresh one, and
tests inject stubs through its ``extra`` argument. Built-in plugins are registered by module
name through the same call as third-party ones; third-party modules come from config
(``[plugins] enabled``), never from an entry-point scan on the hot path.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import TYPE_CHECKING

import pluggy

from gatekeeper import hookspecs
from gatekeeper.model import Finding, Review, ReviewDecision, Verdict

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

BUILTIN_PLUGINS = (
    "gatekeeper.plugins.protected",
    "gatekeeper.plugins.files",
    "gatekeeper.plugins.tools",
    "gatekeeper.plugins.bash",
    "gatekeeper.plugins.writes",
    "gatekeeper.plugins.environment",
    "gatekeeper.plugins.wrappers",
    "gatekeeper.plugins.git",
    "gatekeeper.plugins.devtools",
    "gatekeeper.plugins.cloud",
    "gatekeeper.plugins.queries",
    "gatekeeper.plugins.reviewer",
)
# The plugin that protects gatekeeper itself (its config, state, Claude Code's settings and
# hooks, credentials) cannot be blocked: mirror of pytest's essential plugins.
ESSENTIAL = "gatekeeper.plugins.protected"


class PluginLoadError(Exception):
    """An enabled plugin could not be imported or registered."""


def plugin_name(name: str) -> str:
    """Accept short built-in names in config (`git` → `gatekeeper.plugins.git`)."""
    if "." not in name and f"gatekeeper.plugins.{name}" in BUILTIN_PLUGINS:
        return f"gatekeeper.plugins.{name}"
    return name


def make_plugin_manager(
    *,
    plugins: Iterable[str] = BUILTIN_PLUGINS,
    enabled: Iterable[str] = (),
    extra: Iterable[object] = (),
    blocked: Iterable[str] = (),
) -> tuple[pluggy.PluginManager, tuple[Finding, ...]]:
    """Build a fresh plugin manager.

    `plugins` are module names (the built-ins by default), `enabled` the third-party modules
    from config, `extra` plugin objects (stubs in tests), `blocked` names never to register
    (the essential plugin cannot be blocked). Returns the manager and one REVIEW finding per
    enabled plugin that failed to load: a broken plugin is a finding, not a crash.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name in blocked:
        full = plugin_name(name)
        if full != ESSENTIAL:
            pm.set_blocked(full)
    failures: list[Finding] = []
    for modname in (*plugins, *enabled):
        if pm.is_blocked(modname) or pm.has_plugin(modname):
            continue
        try:
            module = importlib.import_module(modname)
            pm.register(module, name=modname)
        except Exception as exc:  # noqa: BLE001 - a plugin that fails to load means REVIEW
            failures.append(
                Finding(
                    Verdict.REVIEW,
                    "GK-PLUGIN-003",
                    f"plugin `{modname}` failed to load ({type(exc).__name__}: {exc})",
                    plugin=modname,
                )
            )
    for plugin in extra:
        registered = pm.register(plugin)
        if registered is None:
            failures.append(
                Finding(Verdict.REVIEW, "GK-PLUGIN-003", f"plugin {plugin!r} is blocked")
            )
    try:
        pm.check_pending()  # a misspelt hook name in a plugin fails here, not silently
    except pluggy.PluginValidationError as exc:
        failures.append(
            Finding(Verdict.REVIEW, "GK-PLUGIN-003", f"plugin validation failed: {exc}")
        )
    return pm, tuple(failures)


def call_checkers(
    hook: pluggy.HookCaller, only: str | None = None, **kwargs: object
) -> Iterator[Finding]:
    """Call every implementation of a checker hook, isolating failures.

    pluggy stops at the first exception; a gate must not let one broken plugin silence the
    others, so the implementations are walked here in pluggy's own call order (tryfirst,
    last registered first, trylast), each given only the arguments it names. `only` limits
    the call to one plugin (an allow rule still runs the essential plugin).
    """
    for impl in reversed(hook.get_hookimpls()):
        if only is not None and impl.plugin_name != only:
            continue
        try:
            result = impl.function(*[kwargs[arg] for arg in impl.argnames])
        except Exception as exc:  # noqa: BLE001 - a crashing checker means REVIEW, never allow
            yield Finding(
                Verdict.REVIEW,
                "GK-PLUGIN-001",
                f"plugin `{impl.plugin_name}` failed ({type(exc).__name__}: {exc})",
                plugin=impl.plugin_name,
            )
            continue
        if result is None:
            continue
        if not isinstance(result, Finding) or not isinstance(result.verdict, Verdict):
            yield Finding(
                Verdict.REVIEW,
                "GK-PLUGIN-002",
                f"plugin `{impl.plugin_name}` returned {type(result).__name__}, not a Finding",
                plugin=impl.plugin_name,
            )
            continue
        yield _with_plugin(result, impl.plugin_name)


def _with_plugin(found: Finding, plugin: str) -> Finding:
    """`dataclasses.replace(found, plugin=plugin)`, without its generic machinery (hot)."""
    if type(found) is not Finding:
        return dataclasses.replace(found, plugin=plugin)
    if found.plugin == plugin:
        return found  # frozen: an equal copy would be indistinguishable
    return Finding(found.verdict, found.rule, found.reason, plugin, found.command)


def call_reviewers(hook: pluggy.HookCaller, **kwargs: object) -> Review | None:
    """First non-None `Review`, in pluggy's order; a reviewer that fails is a failed review."""
    for impl in reversed(hook.get_hookimpls()):
        try:
            result = impl.function(*(kwargs[arg] for arg in impl.argnames))
        except Exception as exc:  # noqa: BLE001 - a crashing reviewer means "ask the human"
            return Review(
                decision=ReviewDecision.ELEVATE,
                reason=f"reviewer `{impl.plugin_name}` failed ({type(exc).__name__}: {exc})",
                reviewer=impl.plugin_name,
                failure="reviewer crashed",
            )
        if result is None:
            continue
        if not isinstance(result, Review):
            return Review(
                decision=ReviewDecision.ELEVATE,
                reason=f"reviewer `{impl.plugin_name}` returned {type(result).__name__}",
                reviewer=impl.plugin_name,
                failure="reviewer returned garbage",
            )
        return dataclasses.replace(result, reviewer=impl.plugin_name)
    return None
