"""The `gatekeeper` command line.

``gatekeeper hook`` is dispatched before anything else is imported: it runs on every tool
call, and argparse alone would cost it milliseconds.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import NoReturn

    from gatekeeper.model import Decision, ToolCall


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `gatekeeper` executable."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["hook"]:
        if argv is None and getattr(sys.modules.get("__main__"), "main", None) is main:
            _hook_process()  # the console script's own process: never returns
        from gatekeeper.hook import main as hook_main

        return hook_main()
    parser = _parser()
    ns = parser.parse_args(args)
    if not getattr(ns, "func", None):
        parser.print_help()
        return 2
    try:
        result: int = ns.func(ns)
    except BrokenPipeError:
        # `gatekeeper log | head`: the reader left; say nothing more, as other tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("gatekeeper: interrupted", file=sys.stderr)
        return 130
    return result


def _hook_process() -> NoReturn:
    """`gatekeeper hook` as the whole process: fewer collections, no teardown at the end.

    Only when the console script runs it (``__main__.main`` is this `main`, argv from the
    command line), never when a test or a program calls `main` (`gatekeeper.procexit`).
    """
    from gatekeeper import procexit

    procexit.tune_gc()
    from gatekeeper.hook import main as hook_main

    procexit.finish(hook_main(guard=True))


def _parser() -> argparse.ArgumentParser:
    import argparse

    from gatekeeper import __version__

    parser = argparse.ArgumentParser(
        prog="gatekeeper",
        description="A permission gate for coding agents: every tool call runs silently, "
        "goes back to the agent with a reason, or goes to you.",
    )
    parser.add_argument("--version", action="version", version=f"gatekeeper {__version__}")
    sub = parser.add_subparsers(metavar="COMMAND")

    hook = sub.add_parser("hook", help="answer one Claude Code hook event (stdin → stdout)")
    hook.set_defaults(func=lambda ns: 0)

    check = sub.add_parser(
        "check",
        help="explain the decision for a command or a tool call",
        description="Explain what gatekeeper would decide: every command found, every "
        "finding with its plugin and rule, and the final decision. The reviewer is not "
        "called unless --reviewer is given.",
    )
    check.add_argument("command", nargs="?", help="a Bash command line, e.g. 'git push'")
    check.add_argument("--tool", help="a tool name (Read, Write, WebFetch, mcp__x__y, ...)")
    check.add_argument("--input", help="the tool input as a JSON object")
    check.add_argument("--cwd", help="the working directory of the call (default: here)")
    check.add_argument("--mode", default="default", help="the permission mode")
    check.add_argument("--reviewer", action="store_true", help="also ask the reviewer")
    check.add_argument("--json", action="store_true", help="machine-readable output")
    check.set_defaults(func=_check)

    # The other commands, each in its own module under gatekeeper.commands.
    from gatekeeper.commands import allow, doctor, install, log, replay, stats
    from gatekeeper.commands import plugins as plugins_cmd

    install.add_parsers(sub)
    allow.add_parsers(sub)
    doctor.add_parsers(sub)
    log.add_parsers(sub)
    stats.add_parsers(sub)
    replay.add_parsers(sub)
    plugins_cmd.add_parser(sub)
    return parser


def _check(ns: argparse.Namespace) -> int:
    import json
    import os

    from gatekeeper import config as config_mod
    from gatekeeper.model import Outcome
    from gatekeeper.pipeline import WATCHDOG, Engine, InputError, parse_input

    if ns.tool and ns.command:
        print("gatekeeper check: give a command or --tool, not both", file=sys.stderr)
        return 2
    if ns.tool:
        try:
            tool_input = json.loads(ns.input or "{}")
        except ValueError as exc:
            print(f"gatekeeper check: --input is not JSON: {exc}", file=sys.stderr)
            return 2
        payload: dict[str, object] = {"tool_name": ns.tool, "tool_input": tool_input}
    elif ns.command:
        payload = {"tool_name": "Bash", "tool_input": {"command": ns.command}}
    else:
        print("gatekeeper check: give a command or --tool NAME --input JSON", file=sys.stderr)
        return 2
    payload.update(
        {
            "hook_event_name": "PreToolUse",
            "cwd": os.path.abspath(ns.cwd or os.getcwd()),
            "permission_mode": ns.mode,
            "session_id": "gatekeeper-check",
        }
    )
    try:
        call = parse_input(json.dumps(payload).encode())
    except InputError as exc:
        print(f"gatekeeper check: {exc}", file=sys.stderr)
        return 2
    config = config_mod.load(call.cwd)
    if not ns.reviewer:
        config = _without_reviewer(config)
    engine = Engine(config)
    engine.watchdog = WATCHDOG
    decision = engine.decide(call)
    if ns.json:
        print(
            json.dumps(
                {
                    "tool": call.tool_name,
                    "decision": decision.outcome.value,
                    "tier": decision.tier,
                    "rule": decision.rule,
                    "plugin": decision.plugin,
                    "reason": decision.reason,
                    "commands": list(decision.commands),
                    "findings": [
                        {
                            "plugin": f.plugin,
                            "rule": f.rule,
                            "verdict": f.verdict.value,
                            "reason": f.reason,
                            "command": f.command,
                        }
                        for f in decision.findings
                    ],
                    "warnings": list(engine.warnings),
                },
                indent=2,
            )
        )
        return 0
    for warning in engine.warnings:
        print(f"warning: {warning}")
    if decision.commands:
        print("commands:")
        for text in decision.commands:
            print(f"  - {text}")
    if decision.findings:
        print("findings:")
        for f in decision.findings:
            about = f"  [{f.command[:60]}]" if f.command else ""
            print(f"  {f.verdict.value:8} {f.rule:14} {f.plugin}: {f.reason}{about}")
    word = {
        Outcome.ALLOW: "ALLOW",
        Outcome.DENY: "DENY",
        Outcome.ASK: "ASK",
        Outcome.NONE: "NO DECISION",
    }[decision.outcome]
    print(f"decision: {word} ({decision.tier}) — {decision.reason}")
    hint = _flip_hint(decision, call)
    if hint:
        print(f"  to change it: {hint}")
    return 0


def _flip_hint(decision: Decision, call: ToolCall) -> str:
    """What would change an ASK into an allow, if anything may."""
    import shlex

    from gatekeeper.model import Outcome, Verdict

    if decision.outcome != Outcome.ASK or decision.tier != "tier1" or not decision.rule:
        return ""
    if any(
        f.rule.startswith("GK-PROT") and f.verdict == Verdict.ELEVATE for f in decision.findings
    ):
        return "nothing: protected paths and gate changes always go to you"
    if call.tool_name == "Bash" and len(decision.commands) == 1:
        allow = f"gatekeeper allow command {shlex.quote(decision.commands[0])}"
    elif call.tool_name == "Bash":
        allow = "gatekeeper allow rule 'Bash(<one of the commands above>)'"
    else:
        allow = f"gatekeeper allow rule '{call.tool_name}(...)'"
    if any(f.verdict == Verdict.ELEVATE for f in decision.findings):
        return f"{decision.rule} sends this to you on purpose; `{allow} --force` overrides it"
    return f"the reviewer decides it when enabled (`--reviewer`); to allow it always: `{allow}`"


def _without_reviewer(config: config_mod.Config) -> config_mod.Config:
    from dataclasses import replace

    return replace(config, reviewer=replace(config.reviewer, enabled=False))


if TYPE_CHECKING:
    from gatekeeper import config as config_mod
