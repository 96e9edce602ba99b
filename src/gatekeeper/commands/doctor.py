"""`gatekeeper doctor`: is the gate really in place, and does it work?

Checks, each ``ok``, ``info`` or ``problem`` (any problem → exit 1):

* **hook**: gatekeeper's handlers in the user and project settings files (event, command,
  timeout); the executable exists; the timeout is above the reviewer's (a hook timeout
  fails open); ``disableAllHooks`` is not set;
* **self-test**: each installed hook command is run as Claude Code runs it (``sh -c``)
  with a harmless call (``ls``, must be allowed) and a gated one (``git push``, must not be);
* **config**: every warning of the user, allowed.toml and project files, with file:line;
* **state**: the state dir is writable and private (0700), the audit log appendable;
* **claude**: the reviewer's CLI is found, and its version;
* **plugins**: the built-in and enabled plugins that load, the hooks each implements, and
  those that fail to load.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from gatekeeper import config as config_mod
from gatekeeper.commands import install

if TYPE_CHECKING:
    import argparse

OK, INFO, PROBLEM = "ok", "info", "problem"
SELF_TEST_SESSION = "gatekeeper-doctor"
SELF_TEST_TIMEOUT = 60


@dataclass
class Check:
    """One line of the report."""

    check: str
    status: str
    detail: str
    data: dict[str, Any] = field(default_factory=dict)


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `doctor` subcommand."""
    p = sub.add_parser(
        "doctor",
        help="check the installation: hook, config, state dir, claude CLI, plugins",
        description=(__doc__ or "").split("\n\n", 1)[0],
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--no-self-test", action="store_true", help="do not run the hook command")
    p.set_defaults(func=run)


# -- the checks -----------------------------------------------------------------------------


def settings_files(cwd: str) -> list[str]:
    """The settings files Claude Code reads for a session started in `cwd` (not managed)."""
    files = [install.settings_path(None)]
    root = config_mod.project_root(cwd)
    if root:
        files += [
            os.path.join(root, ".claude", "settings.json"),
            os.path.join(root, ".claude", "settings.local.json"),
        ]
    return files


def hook_checks(cwd: str, reviewer_timeout: float) -> tuple[list[Check], list[tuple[str, str]]]:
    """Where the hook is registered; returns the checks and the (event, command) pairs."""
    from gatekeeper.fileutil import read_bytes

    checks: list[Check] = []
    found: list[tuple[str, str]] = []
    for path in settings_files(cwd):
        raw = read_bytes(path)
        if raw is None:
            continue
        try:
            settings = install.parse_settings(raw, path)
        except install.SettingsError as exc:
            checks.append(Check("hook", PROBLEM, f"{exc}: Claude Code ignores it too"))
            continue
        if settings.get("disableAllHooks") is True:
            checks.append(Check("hook", PROBLEM, f"{path}: disableAllHooks is true"))
        for event, command, timeout in install.registered(settings):
            found.append((event, command))
            data = {"file": path, "event": event, "command": command, "timeout": timeout}
            missing = _missing_launcher(command)
            if missing:
                checks.append(Check("hook", PROBLEM, f"{path}: {missing}", data))
                continue
            if isinstance(timeout, int | float) and timeout <= reviewer_timeout:
                checks.append(
                    Check(
                        "hook",
                        PROBLEM,
                        f"{path}: timeout {timeout}s is not above the reviewer's "
                        f"{reviewer_timeout}s (a timed-out hook lets the call through); "
                        "re-run gatekeeper install",
                        data,
                    )
                )
                continue
            shown = f"{timeout}s" if timeout is not None else "default 600s"
            checks.append(Check("hook", OK, f"{path}: {event} → {command} ({shown})", data))
    if not found:
        checks.append(
            Check(
                "hook",
                PROBLEM,
                "no gatekeeper hook in " + ", ".join(settings_files(cwd))
                + ": run `gatekeeper install`",
            )
        )
    events = {event for event, _ in found}
    if len(events) > 1:
        checks.append(
            Check(
                "hook",
                INFO,
                "registered for both PreToolUse and PermissionRequest; one is enough",
            )
        )
    return checks, found


def _missing_launcher(command: str) -> str:
    """Why the hook command cannot start ("" when it can): its executable, its client script."""
    import shlex

    try:
        argv = shlex.split(command)
    except ValueError:
        argv = [command]
    executable = argv[0] if argv else command
    if not (os.path.isfile(executable) and os.access(executable, os.X_OK)):
        return f"{executable} is not an executable"
    if install.is_fast_client(argv) and not os.path.isfile(argv[3]):
        return f"{argv[3]} does not exist (re-run gatekeeper install)"
    return ""


def self_test(event: str, command: str, cwd: str) -> Check:
    """Run an installed hook command on a harmless call and a gated one."""
    results: dict[str, str] = {}
    for text, want_allow in (("ls", True), ("git push origin main", False)):
        payload = {
            "session_id": SELF_TEST_SESSION,
            "cwd": cwd,
            "permission_mode": "default",
            "hook_event_name": event,
            "tool_name": "Bash",
            "tool_input": {"command": text, "description": "gatekeeper doctor self-test"},
        }
        try:
            proc = subprocess.run(
                ["sh", "-c", command],
                input=json.dumps(payload).encode(),
                capture_output=True,
                timeout=SELF_TEST_TIMEOUT,
                check=False,
                cwd=cwd,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return Check("self-test", PROBLEM, f"{command}: {exc}")
        answer = _answer(event, proc.stdout)
        results[text] = answer
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip()[:200]
            return Check("self-test", PROBLEM, f"{command}: exit {proc.returncode}: {err}")
        if want_allow and answer != "allow":
            return Check("self-test", PROBLEM, f"`{text}` was not allowed (answer: {answer})")
        if not want_allow and answer == "allow":
            return Check("self-test", PROBLEM, f"`{text}` was allowed: the gate is not working")
    return Check(
        "self-test",
        OK,
        f"{event} hook answers: `ls` → {results['ls']}, `git push` → "
        f"{results['git push origin main'] or 'no decision'}",
        {"event": event, "command": command, "answers": results},
    )


def _answer(event: str, stdout: bytes) -> str:
    """allow / deny / ask / none from a hook's stdout."""
    text = stdout.decode("utf-8", "replace").strip()
    if not text:
        return "none"
    try:
        out = json.loads(text)
    except ValueError:
        return f"not JSON: {text[:80]}"
    specific = out.get("hookSpecificOutput", {}) if isinstance(out, dict) else {}
    if event == "PermissionRequest":
        return str((specific.get("decision") or {}).get("behavior", "none"))
    return str(specific.get("permissionDecision", "none"))


def config_checks(config: config_mod.Config) -> list[Check]:
    """Config warnings (file:line) and rules that do not parse."""
    from gatekeeper.pipeline import Rules

    problems = [*config.warnings, *Rules.from_config(config).problems]
    checks = [Check("config", PROBLEM, p) for p in problems]
    if not problems:
        read = ", ".join(config.sources) or "no files (built-in defaults)"
        checks.append(Check("config", OK, f"valid; read {read}"))
    return checks


def state_checks(config: config_mod.Config) -> list[Check]:
    """The state dir exists (or can be made), is writable and private; the audit log too."""
    from gatekeeper import audit

    directory = config_mod.state_dir()
    checks: list[Check] = []
    if not os.path.isdir(directory):
        parent = next(p for p in _parents(directory) if os.path.exists(p))
        if os.access(parent, os.W_OK):
            checks.append(Check("state", OK, f"{directory} will be created on the first call"))
        else:
            checks.append(Check("state", PROBLEM, f"{directory} cannot be created"))
        return checks
    mode = stat.S_IMODE(os.stat(directory).st_mode)
    if not os.access(directory, os.W_OK | os.X_OK):
        checks.append(Check("state", PROBLEM, f"{directory} is not writable"))
    elif mode & 0o077:
        checks.append(
            Check("state", PROBLEM, f"{directory} is mode {mode:o}, not private: chmod 700 it")
        )
    else:
        checks.append(Check("state", OK, f"{directory} is writable and private ({mode:o})"))
    log = audit.audit_path(config)
    if not config.audit_enabled:
        checks.append(Check("audit", INFO, "the audit log is disabled ([audit] enabled)"))
    elif os.path.exists(log) and not os.access(log, os.W_OK):
        checks.append(Check("audit", PROBLEM, f"{log} is not writable"))
    else:
        checks.append(Check("audit", OK, f"audit log: {log}"))
    return checks


def _parents(path: str) -> list[str]:
    out = [path]
    while os.path.dirname(out[-1]) != out[-1]:
        out.append(os.path.dirname(out[-1]))
    return out


def claude_check(config: config_mod.Config) -> Check:
    """The reviewer's CLI: found on PATH, and its version."""
    command = config.reviewer.command
    found = shutil.which(command)
    status_missing = PROBLEM if config.reviewer.enabled else INFO
    if not found:
        return Check("claude", status_missing, f"`{command}` not found on PATH (the reviewer)")
    try:
        proc = subprocess.run(
            [found, "--version"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        version = proc.stdout.strip().splitlines()[0] if proc.stdout.strip() else "?"
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check("claude", status_missing, f"{found} --version failed: {exc}")
    enabled = "" if config.reviewer.enabled else " (the reviewer is disabled)"
    return Check("claude", OK, f"{found}: {version}{enabled}", {"path": found, "version": version})


def plugin_checks(config: config_mod.Config) -> list[Check]:
    """Built-in and config-enabled plugins: loaded (with their hooks) or failed."""
    from gatekeeper.host import make_plugin_manager

    pm, failures = make_plugin_manager(
        enabled=config.plugins_enabled, blocked=config.plugins_disabled
    )
    checks: list[Check] = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or [])
        kind = "enabled" if name in config.plugins_enabled else "built-in"
        version = plugin_version(name)
        checks.append(
            Check(
                "plugins",
                OK,
                f"{name} {version} ({kind}): {', '.join(hooks)}",
                {"name": name, "kind": kind, "version": version, "hooks": hooks},
            )
        )
    for name in config.plugins_disabled:
        checks.append(Check("plugins", INFO, f"{name}: disabled by config"))
    checks.extend(Check("plugins", PROBLEM, f.reason) for f in failures)
    from gatekeeper import discovery

    loaded = {name for name, _ in pm.list_name_plugin()}
    for info in discovery.discover():
        if info.module in loaded:
            continue
        where = f"{info.distribution} {info.version}".strip()
        checks.append(
            Check(
                "plugins",
                PROBLEM if info.problem else INFO,
                info.problem
                or f"{info.module} ({where}): installed, not enabled "
                f"(gatekeeper plugins enable {info.short})",
                {"name": info.module, "kind": "available", "distribution": info.distribution},
            )
        )
    return checks


def plugin_version(module: str) -> str:
    """The version of the distribution that provides a plugin module ("?" if unknown)."""
    from importlib import metadata  # CLI path only: an entry-point/metadata scan is slow

    top = module.split(".", 1)[0]
    try:
        dists = metadata.packages_distributions().get(top) or []
        return metadata.version(dists[0]) if dists else "?"
    except Exception:  # noqa: BLE001 - broken metadata must not break the report
        return "?"


def diagnose(cwd: str, self_tests: bool = True) -> list[Check]:
    """Every check, in report order."""
    config = config_mod.load(cwd)
    hooks, found = hook_checks(cwd, config.reviewer.timeout_seconds)
    checks = list(hooks)
    if self_tests:
        for event, command in dict.fromkeys(found):
            checks.append(self_test(event, command, cwd))
    checks += config_checks(config)
    checks += state_checks(config)
    checks.append(claude_check(config))
    checks += plugin_checks(config)
    return checks


def run(ns: argparse.Namespace) -> int:
    """`gatekeeper doctor`."""
    checks = diagnose(os.getcwd(), not ns.no_self_test)
    problems = [c for c in checks if c.status == PROBLEM]
    if ns.json:
        print(
            json.dumps(
                {"ok": not problems, "checks": [asdict(c) for c in checks]},
                indent=2,
            )
        )
    else:
        for c in checks:
            print(f"{c.status:8} {c.check:10} {c.detail}")
        print(f"{len(problems)} problem(s)" if problems else "all good")
    sys.stdout.flush()
    return 1 if problems else 0
