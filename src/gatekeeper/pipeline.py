"""The decision pipeline, stages 0-6 of ARCHITECTURE.md (stage 7, the audit, is `audit.py`).

0 parse + validate → 1 pass-through tools → 2 permission mode → 3 the user's rules →
4 Tier 1 checkers (dominance) → 5 Tier 2 reviewer (first answer) → 6 the decision.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gatekeeper import rules as rules_mod
from gatekeeper.context import Context
from gatekeeper.host import ESSENTIAL, call_checkers, call_reviewers, make_plugin_manager
from gatekeeper.model import (
    Command,
    Decision,
    Finding,
    Outcome,
    ReviewDecision,
    ToolCall,
    Verdict,
    Word,
    dominant,
    freeze,
)
from gatekeeper.paths import PathPolicy
from gatekeeper.shell.parse import MAX_DEPTH, parse

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    import pluggy

    from gatekeeper.config import Config

MAX_INPUT_BYTES = 10 * 1024 * 1024
MAX_NESTING = 64
PASS_THROUGH = frozenset({"AskUserQuestion", "ExitPlanMode", "EnterPlanMode"})
MODES = frozenset({"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"})
EVENTS = frozenset({"PreToolUse", "PermissionRequest"})
SHELL_PLUGIN = "gatekeeper.shell"
HOST = "gatekeeper"
_OPTIONAL_STRINGS = (
    "cwd",
    "session_id",
    "permission_mode",
    "transcript_path",
    "tool_use_id",
    "hook_event_name",
    "agent_id",
)


class InputError(ValueError):
    """The hook input is not a valid tool call; the message says what is wrong."""


# -- stage 0 --------------------------------------------------------------------------------


def _depth(value: object) -> int:
    deepest = 0
    todo: list[tuple[object, int]] = [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > MAX_NESTING:
                return level
            children = item.values() if isinstance(item, dict) else item
            todo.extend((child, level + 1) for child in children)
    return deepest


def parse_input(data: bytes) -> ToolCall:
    """Stage 0: stdin bytes → a frozen `ToolCall`, or `InputError` saying what is wrong."""
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"the hook input is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"the hook input is not valid UTF-8 (byte {exc.start})") from None
    if not text.strip():
        raise InputError("the hook input is empty")
    try:
        obj = json.loads(text)
    except RecursionError:
        raise InputError("the hook input nests too deeply") from None
    except ValueError as exc:
        raise InputError(f"the hook input is not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise InputError(f"the hook input is a JSON {type(obj).__name__}, not an object")
    tool_name = obj.get("tool_name")
    if not isinstance(tool_name, str) or not tool_name.strip():
        raise InputError("the hook input has no `tool_name` string")
    tool_input = obj.get("tool_input")
    if not isinstance(tool_input, dict):
        raise InputError("the hook input has no `tool_input` object")
    if _depth(tool_input) > MAX_NESTING:
        raise InputError(f"`tool_input` nests deeper than {MAX_NESTING} levels")
    fields: dict[str, str] = {}
    for key in _OPTIONAL_STRINGS:
        value = obj.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise InputError(f"`{key}` must be a string, got {type(value).__name__}")
        fields[key] = value
    cwd = fields.get("cwd") or os.getcwd()
    if not os.path.isabs(cwd):
        raise InputError(f"`cwd` must be an absolute path, got {cwd!r}")
    event = fields.get("hook_event_name", "PreToolUse")
    if event not in EVENTS:
        raise InputError(f"gatekeeper does not answer the `{event}` hook event")
    mode = fields.get("permission_mode", "default")
    return ToolCall(
        tool_name=tool_name,
        tool_input=freeze(tool_input),  # type: ignore[arg-type]  # freeze keeps a Mapping a Mapping
        cwd=cwd,
        session_id=fields.get("session_id", ""),
        permission_mode=mode if mode in MODES else "default",
        transcript_path=fields.get("transcript_path", ""),
        tool_use_id=fields.get("tool_use_id", ""),
        hook_event_name=event,
        agent_id=fields.get("agent_id", ""),
    )


# -- the engine -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """The user's rules, parsed once per call."""

    allow: tuple[rules_mod.Rule, ...]
    ask: tuple[rules_mod.Rule, ...]
    deny: tuple[rules_mod.Rule, ...]
    problems: tuple[str, ...]

    @classmethod
    def from_config(cls, config: Config) -> Rules:
        """Parse the three lists; a rule that does not parse becomes a warning."""
        allow, p1 = rules_mod.parse_rules(config.allow, rules_mod.ALLOW)
        ask, p2 = rules_mod.parse_rules(config.ask, rules_mod.ASK)
        deny, p3 = rules_mod.parse_rules(config.deny, rules_mod.DENY)
        return cls(allow, ask, deny, (*p1, *p2, *p3))


class Engine:
    """Everything one decision needs: config, plugin manager, rules. Built once per process."""

    def __init__(
        self,
        config: Config,
        pm: pluggy.PluginManager | None = None,
        load_failures: Sequence[Finding] = (),
    ) -> None:
        self.config = config
        if pm is None:
            pm, failures = make_plugin_manager(
                enabled=config.plugins_enabled, blocked=config.plugins_disabled
            )
            load_failures = (*load_failures, *failures)
        self.pm = pm
        self.load_failures = tuple(load_failures)
        self.rules = Rules.from_config(config)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Config and rule problems the user must see on every call until fixed."""
        return (*self.config.warnings, *self.rules.problems)

    # -- stages 1 to 6 ----------------------------------------------------------------------

    def decide(self, call: ToolCall) -> Decision:
        """Stages 1-6 for one validated call."""
        if call.tool_name in PASS_THROUGH:
            return Decision(
                Outcome.NONE, f"{call.tool_name} needs the user's own dialog", "pass-through"
            )
        ctx = self.context(call, 0)
        bypass = call.permission_mode == "bypassPermissions"
        if call.tool_name == "Bash":
            findings, commands, denied = self._bash(call, ctx, bypass)
        else:
            findings, denied = self._tool(call, ctx, bypass)
            commands = ()
        if denied is not None:
            return replace(denied, findings=tuple(findings), commands=commands)
        findings = [*self.load_failures, *findings] if not bypass else findings
        top = dominant(findings)
        if bypass:
            if top is not None and top.verdict == Verdict.ELEVATE:
                return self._decision(Outcome.ASK, top, "mode", findings, commands)
            return Decision(
                Outcome.NONE,
                "bypassPermissions: only deny rules and protected paths act",
                "mode",
                tuple(findings),
                commands=commands,
            )
        if top is None:
            top = Finding(
                Verdict.REVIEW, "GK-UNKNOWN", f"no checker knows {call.tool_name}", plugin=HOST
            )
            findings.append(top)
        ordered = tuple(sorted(findings, key=lambda f: -_severity(f)))
        if top.verdict == Verdict.SAFE:
            return self._decision(Outcome.ALLOW, top, "tier1", ordered, commands)
        if top.verdict == Verdict.ELEVATE:
            return self._decision(Outcome.ASK, top, "tier1", ordered, commands)
        return self._review(call, ctx, top, ordered, commands)

    def _decision(
        self,
        outcome: Outcome,
        top: Finding,
        tier: str,
        findings: Sequence[Finding],
        commands: tuple[str, ...],
    ) -> Decision:
        where = f" (in `{top.command[:80]}`)" if top.command else ""
        return Decision(
            outcome,
            f"{top.reason}{where} [{top.rule}]",
            tier,
            tuple(findings),
            rule=top.rule,
            plugin=top.plugin,
            commands=commands,
        )

    def _review(
        self,
        call: ToolCall,
        ctx: Context,
        top: Finding,
        findings: tuple[Finding, ...],
        commands: tuple[str, ...],
    ) -> Decision:
        base = self._decision(Outcome.ASK, top, "tier1", findings, commands)
        if not self.config.reviewer.enabled:
            return replace(
                base, reason=f"needs review, and the reviewer is disabled: {base.reason}"
            )
        review = call_reviewers(
            self.pm.hook.gatekeeper_review, call=call, findings=findings, ctx=ctx
        )
        if review is None:
            return replace(base, reason=f"needs review, and no reviewer answered: {base.reason}")
        tier2 = replace(base, tier="tier2", review=review, plugin=review.reviewer)
        if review.failure:
            return replace(
                tier2,
                outcome=Outcome.ASK,
                reason=f"the reviewer failed ({review.failure}): {base.reason}",
            )
        if review.decision == ReviewDecision.APPROVE:
            return replace(
                tier2, outcome=Outcome.ALLOW, reason=f"reviewer approved: {review.reason}"
            )
        if review.decision == ReviewDecision.PUSH_BACK:
            return replace(tier2, outcome=Outcome.DENY, reason=review.reason)
        return replace(
            tier2, outcome=Outcome.ASK, reason=f"reviewer asks the user: {review.reason}"
        )

    # -- stage 3 and 4 for one tool call ----------------------------------------------------

    def _tool(
        self, call: ToolCall, ctx: Context, bypass: bool
    ) -> tuple[list[Finding], Decision | None]:
        for rule in self.rules.deny:
            if rules_mod.match_tool(rule, call, ctx.paths):
                return [], _deny(rule)
        only = ESSENTIAL if bypass else None
        for rule in () if bypass else self.rules.ask:
            if rules_mod.match_tool(rule, call, ctx.paths):
                return [_rule_finding(rule), *self._check_tool(call, ctx, ESSENTIAL)], None
        for rule in () if bypass else self.rules.allow:
            if rules_mod.match_tool(rule, call, ctx.paths):
                return [_rule_finding(rule), *self._check_tool(call, ctx, ESSENTIAL)], None
        return list(self._check_tool(call, ctx, only)), None

    def _check_tool(self, call: ToolCall, ctx: Context, only: str | None) -> Iterable[Finding]:
        return call_checkers(self.pm.hook.gatekeeper_check_tool, only=only, call=call, ctx=ctx)

    def _bash(
        self, call: ToolCall, ctx: Context, bypass: bool
    ) -> tuple[list[Finding], tuple[str, ...], Decision | None]:
        text = call.tool_input.get("command")
        if not isinstance(text, str) or not text.strip():
            return (
                [
                    Finding(
                        Verdict.REVIEW,
                        "GK-SHELL-007",
                        "the Bash call has no command string",
                        plugin=SHELL_PLUGIN,
                    )
                ],
                (),
                None,
            )
        script = parse(text, ctx.paths.home)
        commands = tuple(c.text[:200] for c in script.commands)
        cwds = _cd_targets(script.commands, ctx.paths.cwd)
        if cwds:
            ctx = replace(ctx, paths=ctx.paths.with_cwds(cwds))
        for command in script.commands:
            for rule in self.rules.deny:
                if rules_mod.match_command(rule, command, ctx.paths):
                    return [], commands, _deny(rule, command.text)
        findings = (
            [
                Finding(Verdict.REVIEW, p.rule, p.reason, plugin=SHELL_PLUGIN, command=p.text)
                for p in script.problems
            ]
            if not bypass
            else []
        )
        for command in script.commands:
            findings.extend(self.judge(command, call, ctx, essential_only=bypass))
        return findings, commands, None

    def judge(
        self, command: Command, call: ToolCall, ctx: Context, *, essential_only: bool = False
    ) -> list[Finding]:
        """Stage 3 and 4 for one simple command: rules first, then every checker."""
        only = ESSENTIAL if essential_only else None
        found: list[Finding] = []
        if not essential_only:
            for rule in (*self.rules.deny, *self.rules.ask):
                if rules_mod.match_command(rule, command, ctx.paths):
                    found.append(_rule_finding(rule))
                    only = ESSENTIAL
                    break
            else:
                for rule in self.rules.allow:
                    if rules_mod.match_command(rule, command, ctx.paths):
                        found.append(_rule_finding(rule))
                        only = ESSENTIAL
                        break
        found.extend(
            call_checkers(
                self.pm.hook.gatekeeper_check_command,
                only=only,
                command=command,
                call=call,
                ctx=ctx,
            )
        )
        if not found:
            found.append(
                Finding(
                    Verdict.REVIEW,
                    "GK-UNKNOWN",
                    f"no checker knows `{command.name or command.text[:40]}`",
                    plugin=HOST,
                )
            )
        return [replace(f, command=f.command or command.text[:200]) for f in found]

    # -- the context and the host's classifier for wrappers ---------------------------------

    def context(self, call: ToolCall, depth: int, paths: PathPolicy | None = None) -> Context:
        """The `Context` for a call at a nesting depth (wrappers add one level).

        The path policy is built once per call and shared by the nested contexts: building
        it resolves a dozen paths through the filesystem.
        """
        if paths is None:
            paths = PathPolicy.from_config(self.config, call.cwd)

        def classify(argv: Sequence[str], where: str) -> Finding:
            if depth + 1 > MAX_DEPTH:
                return _too_deep()
            words = tuple(_word(a) for a in argv)
            command = Command(words, where=where, text=" ".join(argv))
            inner = self.context(call, depth + 1, paths)
            return _top(self.judge(command, call, inner), command.text)

        def classify_script(text: str, where: str) -> Finding:
            if depth + 1 > MAX_DEPTH:
                return _too_deep()
            script = parse(text, paths.home, where=where, depth=depth + 1)
            inner = self.context(call, depth + 1, paths)
            found = [
                Finding(Verdict.REVIEW, p.rule, p.reason, plugin=SHELL_PLUGIN, command=p.text)
                for p in script.problems
            ]
            for command in script.commands:
                found.extend(self.judge(command, call, inner))
            if not script.commands and not found:
                return Finding(Verdict.SAFE, "GK-WRAP-003", "an empty script", plugin=HOST)
            return _top(found, text)

        return Context(self.config, paths, classify, classify_script, depth)


def _cd_targets(commands: Sequence[Command], cwd: str) -> tuple[str, ...]:
    """Every directory a `cd`/`pushd` of the call may move to (literal targets, in order)."""
    from gatekeeper.paths import resolve

    seen = [cwd]
    for command in commands:
        if command.name in ("cd", "pushd") and len(command.words) > 1:
            target = command.words[-1]
            if not target.dynamic and not target.text.startswith("-"):
                seen += [resolve(target.text, base) for base in list(seen)]
    return tuple(dict.fromkeys(seen[1:]))


def _severity(finding: Finding) -> int:
    from gatekeeper.model import SEVERITY

    return SEVERITY[finding.verdict]


def _word(text: str) -> Word:
    return Word(text, dynamic="$" in text or "`" in text, glob=any(c in text for c in "*?["))


def _top(found: Sequence[Finding], text: str) -> Finding:
    top = dominant(found)
    if top is None:
        return Finding(Verdict.REVIEW, "GK-UNKNOWN", f"no checker knows `{text[:40]}`", plugin=HOST)
    return top


def _too_deep() -> Finding:
    return Finding(
        Verdict.REVIEW, "GK-SHELL-006", "commands nested too deep to follow", plugin=SHELL_PLUGIN
    )


def _rule_finding(rule: rules_mod.Rule) -> Finding:
    if rule.kind == rules_mod.ALLOW:
        return Finding(
            Verdict.SAFE,
            "GK-RULE-001",
            f"allowed by your rule `{rule.text}`",
            plugin="gatekeeper.rules",
        )
    if rule.kind == rules_mod.ASK:
        return Finding(
            Verdict.ELEVATE,
            "GK-RULE-002",
            f"your rule `{rule.text}` asks first",
            plugin="gatekeeper.rules",
        )
    return Finding(
        Verdict.ELEVATE,
        "GK-RULE-003",
        f"denied by your rule `{rule.text}`",
        plugin="gatekeeper.rules",
    )


def _deny(rule: rules_mod.Rule, text: str = "") -> Decision:
    where = f" (`{text[:80]}`)" if text else ""
    return Decision(
        Outcome.DENY,
        f"denied by the user's rule `{rule.text}`{where} [GK-RULE-003]",
        "rules",
        rule="GK-RULE-003",
        plugin="gatekeeper.rules",
    )
