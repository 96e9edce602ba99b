"""Find installed plugins: the built-ins and the entry points of group ``gatekeeper``.

For the command line only (``gatekeeper plugins``, ``gatekeeper doctor``): an entry-point
scan costs tens of milliseconds, so the hook never calls this module. An installed plugin
is found here, but it runs only once its module is in ``[plugins] enabled``.

A third-party distribution declares its plugin module in its ``pyproject.toml``::

    [project.entry-points.gatekeeper]
    docker = "gatekeeper_docker"

The entry point must name a module (no ``:attribute``): gatekeeper registers plugins by
module path, and that path is the plugin's name in every finding and audit record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gatekeeper.hookspecs import PROJECT
from gatekeeper.host import BUILTIN_PLUGINS, ESSENTIAL

GROUP = PROJECT  # the entry-point group


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """One plugin as `gatekeeper plugins list` shows it."""

    module: str  # the import path: the plugin's name in config, findings and audit records
    name: str  # the entry-point name ("" for a built-in's short name, see `short`)
    distribution: str
    version: str
    builtin: bool
    problem: str = ""  # why it cannot be enabled as declared ("" when fine)

    @property
    def short(self) -> str:
        """The name to show: a built-in's short name, else the entry-point name."""
        if self.builtin:
            return self.module.rsplit(".", 1)[-1]
        return self.name or self.module

    @property
    def essential(self) -> bool:
        """The plugin that protects gatekeeper itself: it cannot be disabled."""
        return self.module == ESSENTIAL


def builtins() -> list[PluginInfo]:
    """The built-in plugins, in registration order."""
    from gatekeeper import __version__

    return [
        PluginInfo(module, module.rsplit(".", 1)[-1], "gatekeeper", __version__, builtin=True)
        for module in BUILTIN_PLUGINS
    ]


def discover() -> list[PluginInfo]:
    """Every entry point of group ``gatekeeper`` in the running environment (not loaded)."""
    # Imported here: importlib.metadata costs ~45 ms and must stay off the hook's hot path.
    from importlib.metadata import entry_points

    found: list[PluginInfo] = []
    for ep in entry_points(group=GROUP):
        dist = ep.dist
        problem = ""
        if ep.attr:
            problem = (
                f"entry point `{ep.name} = {ep.value}` names an attribute; gatekeeper "
                "registers plugins by module, so it must name a module"
            )
        found.append(
            PluginInfo(
                module=ep.module,
                name=ep.name,
                distribution=dist.name if dist is not None else "",
                version=dist.version if dist is not None else "",
                builtin=False,
                problem=problem,
            )
        )
    # One environment may see a distribution twice (an editable install and a copy).
    unique = {(p.module, p.name): p for p in found}
    return sorted(unique.values(), key=lambda p: (p.distribution.lower(), p.name))


def all_plugins() -> list[PluginInfo]:
    """Built-ins first, then the discovered ones."""
    return [*builtins(), *discover()]


def normalize(name: str) -> str:
    """Compare distribution names the way packaging does (PEP 503): `Gatekeeper_Docker` ~ `gatekeeper-docker`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def find(name: str, plugins: list[PluginInfo] | None = None) -> list[PluginInfo]:
    """The plugins `name` may mean: module path, entry-point name, distribution, short name.

    A distribution with several entry points gives several matches.
    """
    candidates = all_plugins() if plugins is None else plugins
    by_module = [p for p in candidates if p.module == name]
    if by_module:
        return by_module[:1]
    by_name = [p for p in candidates if not p.builtin and p.name == name]
    if by_name:
        return by_name
    wanted = normalize(name)
    by_dist = [p for p in candidates if not p.builtin and normalize(p.distribution) == wanted]
    if by_dist:
        return by_dist
    return [p for p in candidates if p.builtin and p.short == name]


def hooks_of(module: str) -> tuple[tuple[str, ...], str]:
    """Import a plugin module and list the hooks it implements, validated against the specs.

    Returns (hook names, problem); the problem is "" when the module imports and every
    implementation matches its spec.
    """
    import importlib

    import pluggy

    from gatekeeper import hookspecs

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    try:
        plugin = importlib.import_module(module)
        pm.register(plugin, name=module)
        pm.check_pending()
    except Exception as exc:  # noqa: BLE001 - a broken plugin is reported, not raised
        return (), f"{type(exc).__name__}: {exc}"
    callers = pm.get_hookcallers(plugin) or []
    return tuple(sorted(c.name for c in callers)), ""
