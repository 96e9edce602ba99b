"""`gatekeeper plugins [list | enable NAME | disable NAME]`.

``list`` shows the built-in plugins and every installed plugin (entry-point group
``gatekeeper``), whether each is active, its version and the hooks it implements.
``enable`` and ``disable`` record the choice in ``allowed.toml`` beside the user config
(never in the hand-written ``config.toml``), and say when ``config.toml`` overrides it: a
plugin listed in any ``[plugins] disabled`` is off, whatever ``enabled`` says.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from gatekeeper.config import Config
    from gatekeeper.discovery import PluginInfo

USAGE_ERROR = 2
NOT_IN_EFFECT = 1


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `plugins` subcommand and its three actions."""
    parser = sub.add_parser(
        "plugins",
        help="list, enable or disable plugins",
        description="List the built-in and installed plugins, or enable / disable one. "
        "Choices are written to allowed.toml beside your config.toml.",
    )
    parser.set_defaults(func=run_list, json=False)
    actions = parser.add_subparsers(metavar="ACTION")
    lister = actions.add_parser("list", help="built-in and installed plugins, and their state")
    lister.add_argument("--json", action="store_true", help="machine-readable output")
    lister.set_defaults(func=run_list)
    for action, func, what in (
        ("enable", run_enable, "turn an installed plugin on"),
        ("disable", run_disable, "turn a plugin off (built-ins too, except `protected`)"),
    ):
        p = actions.add_parser(action, help=what)
        p.add_argument(
            "name", help="entry-point name, distribution (gatekeeper-docker) or module path"
        )
        p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
        p.set_defaults(func=func)


def _full(name: str) -> str:
    from gatekeeper.host import plugin_name

    return plugin_name(name)


def is_active(info: PluginInfo, config: Config) -> bool:
    """Whether the host registers this plugin under `config` (disabled always wins)."""
    from gatekeeper.host import ESSENTIAL

    if info.module == ESSENTIAL:
        return True
    disabled = {_full(n) for n in config.plugins_disabled}
    if info.module in disabled:
        return False
    return info.builtin or info.module in config.plugins_enabled


def _state(info: PluginInfo, config: Config) -> str:
    if info.essential:
        return "essential"
    if is_active(info, config):
        return "enabled"
    if info.module in {_full(n) for n in config.plugins_disabled}:
        return "disabled"
    return "available"


def run_list(ns: argparse.Namespace) -> int:
    """Print every plugin: state, distribution and version, hooks."""
    import json

    from gatekeeper import config as config_mod
    from gatekeeper import discovery

    config = config_mod.load(os.getcwd())
    plugins = discovery.all_plugins()
    known = {p.module for p in plugins}
    # Modules enabled in config without an entry point (a local module) are shown too.
    for module in config.plugins_enabled:
        if module not in known:
            plugins.append(discovery.PluginInfo(module, "", "", "", builtin=False))
            known.add(module)
    rows = []
    for info in plugins:
        hooks, problem = discovery.hooks_of(info.module)
        rows.append(
            {
                "name": info.short,
                "module": info.module,
                "distribution": info.distribution,
                "version": info.version,
                "builtin": info.builtin,
                "state": _state(info, config),
                "hooks": list(hooks),
                "problem": info.problem or problem,
            }
        )
    if ns.json:
        print(json.dumps({"plugins": rows, "warnings": list(config.warnings)}, indent=2))
        return 0
    for warning in config.warnings:
        print(f"warning: {warning}")
    width = max(len(str(r["name"])) for r in rows)
    for row in rows:
        dist = f"{row['distribution']} {row['version']}".strip() or "(no distribution)"
        names = ", ".join(row["hooks"]) or "no hooks"  # type: ignore[arg-type]
        print(f"{row['name']!s:{width}}  {row['state']!s:9}  {row['module']}  [{dist}]")
        print(f"{'':{width}}  {'':9}  hooks: {names}")
        if row["problem"]:
            print(f"{'':{width}}  {'':9}  problem: {row['problem']}")
    print(
        "\nenable an installed plugin: gatekeeper plugins enable NAME"
        " (it is then loaded on every call)"
    )
    return 0


def _resolve(name: str) -> PluginInfo | None:
    """The one plugin `name` means, or None after printing why (unknown or ambiguous)."""
    from gatekeeper import discovery

    matches = discovery.find(name)
    if not matches:
        print(
            f"gatekeeper plugins: no plugin named `{name}` is installed. "
            "`gatekeeper plugins list` shows the built-ins and the installed plugins; "
            "a module without an entry point goes into [plugins] enabled of config.toml.",
            file=sys.stderr,
        )
        return None
    if len({m.module for m in matches}) > 1:
        choices = ", ".join(f"`{m.name}` ({m.module})" for m in matches)
        print(
            f"gatekeeper plugins: `{name}` has several plugins: {choices}; name one of them",
            file=sys.stderr,
        )
        return None
    info = matches[0]
    if info.problem:
        print(f"gatekeeper plugins: cannot enable `{name}`: {info.problem}", file=sys.stderr)
        return None
    return info


def _user_lists() -> tuple[str, set[str], set[str]]:
    """The hand-written config.toml's own [plugins] enabled / disabled (full names)."""
    import tomllib

    from gatekeeper import config as config_mod

    path = config_mod.user_config_path()
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, ValueError):
        return path, set(), set()
    table = data.get("plugins")
    if not isinstance(table, dict):
        return path, set(), set()

    def names(key: str) -> set[str]:
        value = table.get(key)
        return {_full(v) for v in value if isinstance(v, str)} if isinstance(value, list) else set()

    return path, names("enabled"), names("disabled")


def _change(module: str, *, enable: bool, builtin: bool, dry_run: bool) -> tuple[str, str, str]:
    """Rewrite allowed.toml's [plugins] lists; returns (path, old text, new text)."""
    from gatekeeper import allowed

    def mutate(data: dict[str, object]) -> None:
        enabled = allowed.str_list(data, "plugins", "enabled")
        disabled = allowed.str_list(data, "plugins", "disabled")
        add, drop = (enabled, disabled) if enable else (disabled, enabled)
        drop[:] = [n for n in drop if _full(n) != module]
        if module not in add and not (enable and builtin):
            add.append(module)  # a built-in is on by default: enabling it only un-disables
        for key in ("enabled", "disabled"):
            table = data["plugins"]
            assert isinstance(table, dict)  # noqa: S101 - str_list just made it a table
            if not table[key]:
                del table[key]
        if not data["plugins"]:
            del data["plugins"]

    before, after = allowed.update(mutate, dry_run=dry_run)
    return allowed.path(), before, after


def _diff(path: str, before: str, after: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"{path} (before)",
        tofile=f"{path} (after)",
    )
    return "".join(lines)


def _apply(ns: argparse.Namespace, *, enable: bool) -> int:
    from gatekeeper import allowed
    from gatekeeper import config as config_mod

    info = _resolve(ns.name)
    if info is None:
        return USAGE_ERROR
    verb = "enable" if enable else "disable"
    if info.essential and not enable:
        print(
            f"gatekeeper plugins: refusing to disable `{info.module}`: it protects gatekeeper's "
            "own config, Claude Code's settings and hooks, .git internals and credentials, "
            "and it cannot be disabled",
            file=sys.stderr,
        )
        return USAGE_ERROR
    try:
        path, before, after = _change(
            info.module, enable=enable, builtin=info.builtin, dry_run=ns.dry_run
        )
    except allowed.AllowedFileError as exc:
        print(f"gatekeeper plugins: {exc}", file=sys.stderr)
        return USAGE_ERROR
    label = f"{info.short} ({info.module}"
    label += f", {info.distribution} {info.version})" if info.distribution else ")"
    if before == after:
        print(f"{label}: already {verb}d in {path}; nothing changed")
    else:
        print(_diff(path, before, after), end="")
        done = "would be" if ns.dry_run else "is now"
        print(f"{label} {done} {verb}d in {path}")
    # What the loader will really do, and who overrides the request.
    config = config_mod.load(os.getcwd())
    user_path, user_enabled, user_disabled = _user_lists()
    active = is_active(info, config)
    if ns.dry_run:
        return 0
    if enable and not active:
        if info.module in user_disabled:
            print(
                f"note: {user_path} lists `{info.module}` under [plugins] disabled, and "
                "disabled wins: it stays off until you remove it there",
                file=sys.stderr,
            )
        else:
            print(
                f"note: `{info.module}` is still off: another config file disables it "
                f"(sources: {', '.join(config.sources) or 'none'})",
                file=sys.stderr,
            )
        return NOT_IN_EFFECT
    if not enable and info.module in user_enabled:
        print(
            f"note: {user_path} also lists `{info.module}` under [plugins] enabled; "
            "disabled wins, so it is off"
        )
    if not enable and active:
        print(f"note: `{info.module}` is still on", file=sys.stderr)
        return NOT_IN_EFFECT
    if enable:
        hooks, problem = _hooks(info.module)
        if problem:
            print(
                f"warning: `{info.module}` does not load ({problem}); until that is fixed "
                "every call gets a GK-PLUGIN-003 finding and goes to review",
                file=sys.stderr,
            )
        else:
            print(f"hooks: {', '.join(hooks) or 'none'}")
    return 0


def _hooks(module: str) -> tuple[tuple[str, ...], str]:
    from gatekeeper import discovery

    return discovery.hooks_of(module)


def run_enable(ns: argparse.Namespace) -> int:
    """`gatekeeper plugins enable NAME`."""
    return _apply(ns, enable=True)


def run_disable(ns: argparse.Namespace) -> int:
    """`gatekeeper plugins disable NAME`."""
    return _apply(ns, enable=False)
