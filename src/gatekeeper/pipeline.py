"""The decision pipeline, stages 0-6 of ARCHITECTURE.md (stage 7, the audit, is `audit.py`).

0 parse + validate → 1 pass-through tools → 2 permission mode → 3 the user's rules →
4 Tier 1 checkers (dominance) → 5 Tier 2 reviewer (first answer) → 6 the decision.
"""

from __future__ import annotations

import os
from time import monotonic

try:
    from _operator import itemgetter  # what `operator` re-exports, without its import
except ImportError:  # another interpreter
    from operator import itemgetter

from gatekeeper import jsonc
from gatekeeper import rules as rules_mod
from gatekeeper.context import Context, new_context
from gatekeeper.host import ESSENTIAL, Plugins, call_checkers, call_reviewers, load_plugins
from gatekeeper.model import (
    SEVERITY,
    Command,
    Decision,
    Finding,
    Outcome,
    Review,
    ReviewDecision,
    ToolCall,
    Verdict,
    Word,
    dominant,
    freeze,
    new_command,
    new_decision,
    new_finding,
    new_tool_call,
    new_word,
)
from gatekeeper.paths import PathPolicy, PathTooLong, environment_key, resolve
from gatekeeper.records import dataclass, replace
from gatekeeper.shell.parse import (
    MAX_DEPTH,
    Script,
    TooSlow,
    check_deadline,
    parse,
    set_deadline,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    import pluggy

    from gatekeeper.config import Config

MAX_INPUT_BYTES = 10 * 1024 * 1024
MAX_NESTING = 64
# Seconds Tier 1 may spend on one Bash call. Claude Code lets a call through when its hook
# times out (the reviewer's timeout plus 30 s, `gatekeeper install`), so a text that keeps
# the analysis busy past this is asked of the human at once (GK-SHELL-008), never reviewed.
TIER1_BUDGET = 15.0
# Seconds after which the hook, the decision server and `gatekeeper check` interrupt Tier 1
# whatever it is doing (`_watched`): a blocking system call never checks the budget above.
WATCHDOG = TIER1_BUDGET + 2.0
# tree-sitter holds the interpreter while it parses and its deadline check is not reached
# on every text, so texts it is known to take too long on are not given to it: longer than
# 1 MiB (~2 s of parse and ~7 s of Tier 1 per MiB of everyday commands), or with more than
# 2,048 `|` (a long pipeline: ~60 µs a stage, and past a syntax error super-linear: 3,000
# stages 2 s, 6,000 stages minutes and gigabytes). Both are asked of the human (GK-SHELL-008).
MAX_BASH_CHARS = 1024 * 1024
MAX_PIPES = 2048
PASS_THROUGH = frozenset({"AskUserQuestion", "ExitPlanMode", "EnterPlanMode"})
# Tools besides Bash that run their `command` in bash, judged as a Bash call: Monitor runs
# it in the background and streams its output to the agent (Claude Code applies the Bash
# rules to it). As an unknown tool it went to the reviewer, who could approve
# `cat ~/.ssh/id_rsa` or `echo … >> ~/.bashrc` (redteam17). Its other form, a WebSocket
# (`ws`), stays an unknown tool's.
SHELL_TOOLS = frozenset({"Monitor"})
# Tools that only read: gatekeeper's allow stands for them in plan mode.
PLAN_MODE_READS = frozenset({"Read", "Grep", "Glob", "LS", "NotebookRead"})
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


_OPTIONAL_ABSENT: dict[str, object] = dict.fromkeys(_OPTIONAL_STRINGS)  # each None
_OPTIONAL_VALUES = itemgetter(*_OPTIONAL_STRINGS)
_read_only = type(type.__dict__)  # types.MappingProxyType, without importing `types`
_STR_OR_NONE = frozenset({str, type(None)})
_scan = jsonc.scan


class InputError(ValueError):
    """The hook input is not a valid tool call; the message says what is wrong."""


# -- stage 0 --------------------------------------------------------------------------------


def _depth(value: object) -> int:
    if isinstance(value, dict):
        for v in value.values():
            if isinstance(v, (dict, list)):  # a tuple: `dict | list` is built at every call
                break
        else:
            return 1  # the common tool input, `{"command": "..."}`: no walk needed
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
    if not text or text.isspace():  # `not text.strip()`, without a copy of the text (hot)
        raise InputError("the hook input is empty")
    try:
        if _scan is not None and text[0] == "{":
            # `jsonc.loads(text)` for the hook's input, an object with nothing around it:
            # the C scanner called here, without the function's tests for other inputs.
            try:
                obj, end = _scan(text, 0)
            except Exception:  # noqa: BLE001 - json repeats the work and raises its own error
                end = -1
            if end != len(text) and end != len(text.rstrip(jsonc.WHITESPACE)):
                obj = jsonc.loads(text)  # json's own answer, or its own error
        else:
            obj = jsonc.loads(text)
    except RecursionError:
        raise InputError("the hook input nests too deeply") from None
    except ValueError as exc:
        raise InputError(f"the hook input is not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise InputError(f"the hook input is a JSON {type(obj).__name__}, not an object")
    tool_name = obj.get("tool_name")
    if not isinstance(tool_name, str) or not tool_name or tool_name.isspace():  # no strip copy
        raise InputError("the hook input has no `tool_name` string")
    tool_input = obj.get("tool_input")
    if not isinstance(tool_input, dict):
        raise InputError("the hook input has no `tool_input` object")
    for value in tool_input.values():
        if isinstance(value, (dict, list)):  # nested: the general walk, and a deep freeze
            if _depth(tool_input) > MAX_NESTING:
                raise InputError(f"`tool_input` nests deeper than {MAX_NESTING} levels")
            frozen = freeze(tool_input)
            break
    else:
        # The common input, scalars only (`{"command": ..., "description": ..., "timeout":
        # ...}`): nothing to walk, and nothing else holds this dict (just parsed), so a
        # read-only view of it is what `freeze` would build from a copy.
        frozen = _read_only(tool_input)
    # `tuple(map(obj.get, _OPTIONAL_STRINGS))`, in C: a copy of the absent-field defaults
    # updated with the input, and one getter for the seven (hot).
    values = _OPTIONAL_VALUES(_OPTIONAL_ABSENT | obj)
    if not _STR_OR_NONE.issuperset(map(type, values)):  # one C pass for the common case
        for key, value in zip(_OPTIONAL_STRINGS, values, strict=True):
            if value is not None and not isinstance(value, str):
                raise InputError(f"`{key}` must be a string, got {type(value).__name__}")
    cwd, session_id, mode, transcript_path, tool_use_id, event, agent_id = values
    cwd = cwd or os.getcwd()
    if cwd[0] != "/" and not os.path.isabs(cwd):  # (not empty here; `startswith` parses a tuple)
        raise InputError(f"`cwd` must be an absolute path, got {cwd!r}")
    if event is None:
        event = "PreToolUse"
    elif event not in EVENTS:
        raise InputError(f"gatekeeper does not answer the `{event}` hook event")
    return new_tool_call(  # every field, positionally (hot)
        tool_name,
        frozen,  # type: ignore[arg-type]  # a read-only Mapping
        cwd,
        session_id or "",
        mode if mode in MODES else "default",
        transcript_path or "",
        tool_use_id or "",
        event,
        agent_id or "",
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
            plugins, failures = load_plugins(
                enabled=config.plugins_enabled, blocked=config.plugins_disabled
            )
            load_failures = (*load_failures, *failures)
        else:
            plugins = Plugins(pm)
        self.plugins = plugins
        self.load_failures = tuple(load_failures)
        self.rules = Rules.from_config(config)
        # Set by the fast client when the decision server's review failed: no second review.
        self.review_failure: str | None = None
        # Seconds after which Tier 1 is interrupted by a signal (0: never); see `_watched`.
        self.watchdog = 0.0
        # Set when the watchdog interrupted Tier 1: a cache may be half updated (the server
        # stops after answering, so the next call starts afresh).
        self.interrupted = False

    @property
    def pm(self) -> pluggy.PluginManager:
        """pluggy's manager of this engine's plugins (built on first use; see `host.Plugins`)."""
        return self.plugins.pm

    @property
    def warnings(self) -> tuple[str, ...]:
        """Config and rule problems the user must see on every call until fixed."""
        return (*self.config.warnings, *self.rules.problems)

    # -- stages 1 to 6 ----------------------------------------------------------------------

    def decide(self, call: ToolCall) -> Decision:
        """Stages 1-6 for one validated call."""
        decision = self._decide(call)
        if (
            call.permission_mode == "plan"
            and decision.outcome == Outcome.ALLOW
            and call.tool_name not in PLAN_MODE_READS
            and call.tool_name not in self.config.safe_tools
        ):
            # Plan mode means "no changes yet": gatekeeper's allow would skip the prompt
            # Claude Code shows there, so it leaves the call to Claude Code instead.
            return replace(
                decision,
                outcome=Outcome.NONE,
                tier="mode",
                reason=f"plan mode: Claude Code decides what may run ({decision.reason})",
            )
        return decision

    def _decide(self, call: ToolCall) -> Decision:
        if call.tool_name in PASS_THROUGH:
            return Decision(
                Outcome.NONE, f"{call.tool_name} needs the user's own dialog", "pass-through"
            )
        first = self._tier1(call) if not self.watchdog else _watched(self, call)
        if type(first) is tuple:
            return self._review(*first)
        return first  # type: ignore[return-value]

    def _tier1(
        self, call: ToolCall
    ) -> Decision | tuple[ToolCall, Context, Finding, tuple[Finding, ...], tuple[str, ...]]:
        """Stages 2-4 and 6 for what needs no review: the decision, or what `_review` takes."""
        # The environment the policy and the session file depend on, read once per call.
        env = environment_key()
        ctx = self.context(call, 0, PathPolicy.from_config(self.config, call.cwd, env))
        bypass = call.permission_mode == "bypassPermissions"
        named: rules_mod.Rule | None = None  # a rule naming a shell tool itself (`Monitor`)
        if call.tool_name in SHELL_TOOLS:
            named = self._named_rule(call, ctx, bypass)
        if call.tool_name == "Bash" or (
            call.tool_name in SHELL_TOOLS
            and "ws" not in call.tool_input
            and (named is None or named.kind == rules_mod.ALLOW)
        ):
            set_deadline(monotonic() + TIER1_BUDGET)
            try:
                findings, commands, denied = self._bash(call, ctx, bypass, named)
            except TooSlow as exc:  # the analysis's own deadline, or the watchdog's
                return _too_slow(str(exc))
            except PathTooLong as exc:  # a `cd` target (`cwd_plan`): the checkers' are findings
                return _too_slow(f"{exc}: where the commands after it run is not resolved")
            finally:
                set_deadline(float("inf"))
        else:
            findings, denied = self._tool(call, ctx, bypass)
            commands = ()
        if denied is not None:
            return replace(denied, findings=tuple(findings), commands=commands)
        if self.load_failures and not bypass:
            findings = [*self.load_failures, *findings]
        if len(findings) == 1 and type(findings[0].verdict) is Verdict:
            top: Finding | None = findings[0]  # what `dominant` gives, without its call (hot)
        else:
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
        # Most calls have one finding: nothing to sort (a key call per finding otherwise).
        ordered = tuple(sorted(findings, key=_minus_severity) if len(findings) > 1 else findings)
        if top.verdict == Verdict.SAFE:
            _approved(call.session_id, env)
            return self._decision(Outcome.ALLOW, top, "tier1", ordered, commands)
        if top.verdict == Verdict.ELEVATE:
            return self._decision(Outcome.ASK, top, "tier1", ordered, commands)
        return call, ctx, top, ordered, commands

    def _decision(
        self,
        outcome: Outcome,
        top: Finding,
        tier: str,
        findings: Sequence[Finding],
        commands: tuple[str, ...],
        *,
        lead: str = "",
    ) -> Decision:
        command = top.command
        reason = (
            f"{lead}{top.reason} (in `{command[:80]}`) [{top.rule}]"
            if command
            else f"{lead}{top.reason} [{top.rule}]"
        )
        return new_decision(  # every field, positionally (hot)
            outcome,
            reason,
            tier,
            tuple(findings),
            None,  # review
            top.rule,
            top.plugin,
            commands,
        )

    def _review(
        self,
        call: ToolCall,
        ctx: Context,
        top: Finding,
        findings: tuple[Finding, ...],
        commands: tuple[str, ...],
    ) -> Decision:
        settings = self.config.reviewer
        if not settings.enabled:  # built at once: `replace` costs as much as the rest (hot)
            lead = "needs review, and the reviewer is disabled: "
            return self._decision(Outcome.ASK, top, "tier1", findings, commands, lead=lead)
        base = self._decision(Outcome.ASK, top, "tier1", findings, commands)
        if self.review_failure is not None:
            return replace(base, reason=f"needs review, and {self.review_failure}: {base.reason}")
        from gatekeeper import state

        key = state.request_hash(call)
        session = state.load(call.session_id)
        if session.consecutive_pushbacks >= settings.max_consecutive_pushbacks:
            return replace(
                base,
                reason=f"the reviewer pushed back {session.consecutive_pushbacks} times in a "
                "row in this session, so you decide until something is approved: "
                f"{base.reason}",
            )
        if session.cost_usd >= settings.max_session_cost_usd:
            return replace(
                base,
                reason=f"the reviewer has cost ${session.cost_usd:.4f} in this session, at or "
                f"over max_session_cost_usd ${settings.max_session_cost_usd:g}: {base.reason}",
            )
        retry = key in session.pushed_back
        review = call_reviewers(
            self.plugins.hook.gatekeeper_review,
            call=call,
            findings=findings,
            ctx=replace(ctx, retry=retry),
        )
        if review is None:
            return replace(base, reason=f"needs review, and no reviewer answered: {base.reason}")
        recorded = _remember(call.session_id, key, review)
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
            if retry:
                return replace(
                    tier2,
                    outcome=Outcome.ASK,
                    reason="the reviewer pushed back again on a request the agent retried: "
                    f"{review.reason}",
                )
            if not recorded:
                return replace(
                    tier2,
                    outcome=Outcome.ASK,
                    reason="the reviewer pushed back, but the push-back could not be recorded "
                    f"(state dir not writable), so you decide: {review.reason}",
                )
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

    def _named_rule(self, call: ToolCall, ctx: Context, bypass: bool) -> rules_mod.Rule | None:
        """The first deny, then ask, then allow rule that names the call's tool itself."""
        kinds = (self.rules.deny,) if bypass else (self.rules.deny, self.rules.ask, self.rules.allow)
        for rules in kinds:
            for rule in rules:
                if rule.tool == call.tool_name and rules_mod.match_tool(rule, call, ctx.paths):
                    return rule
        return None

    def _check_tool(self, call: ToolCall, ctx: Context, only: str | None) -> Iterable[Finding]:
        return call_checkers(self.plugins.hook.gatekeeper_check_tool, only=only, call=call, ctx=ctx)

    def _bash(
        self,
        call: ToolCall,
        ctx: Context,
        bypass: bool,
        allowed_by: rules_mod.Rule | None = None,
    ) -> tuple[list[Finding], tuple[str, ...], Decision | None]:
        """Stages 3 and 4 for a call whose `command` is a bash script.

        `allowed_by`: an allow rule naming the tool itself (`Monitor`), which vouches for
        every command as `Bash` would: each one still meets the protected-paths check.
        """
        text = call.tool_input.get("command")
        if not isinstance(text, str) or not text or text.isspace():  # nothing but blanks
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
        if len(text) > MAX_BASH_CHARS or text.count("|") > MAX_PIPES:
            raise TooSlow
        script = parse(text, ctx.paths.home_resolver)
        parsed = script.commands
        # Most calls are one command: no comprehension (a frame of its own) for it, and
        # the context `_contexts` gives one command that cannot be a `cd` (hot).
        if len(parsed) == 1:
            commands: tuple[str, ...] = (parsed[0].text[:200],)
            argv = parsed[0].argv
            if not argv or argv[0] not in _CD_LEADS:
                contexts = [ctx]
            else:
                contexts = self._contexts(script, call, ctx)
        else:
            commands = tuple([c.text[:200] for c in parsed])
            contexts = self._contexts(script, call, ctx)
        deny = self.rules.deny
        for command, cctx in zip(script.commands, contexts, strict=True) if deny else ():
            for rule in deny:
                if rules_mod.match_command(rule, command, cctx.paths):
                    return [], commands, _deny(rule, command.text)
        findings = (
            [
                Finding(Verdict.REVIEW, p.rule, p.reason, plugin=SHELL_PLUGIN, command=p.text)
                for p in script.problems
            ]
            if script.problems and not bypass
            else []
        )
        watched = len(parsed) > 1
        for command, cctx in zip(script.commands, contexts, strict=True):
            if watched:
                check_deadline()
            found = self.judge(command, call, cctx, essential_only=bypass, allowed_by=allowed_by)
            if findings:
                findings += found
            else:
                findings = found  # a new list: judge keeps no reference to it
        return findings, commands, None

    def _contexts(
        self, script: Script, call: ToolCall, ctx: Context, *, guard: bool = False
    ) -> list[Context]:
        """The context of each command: where it may run after the script's `cd`s."""
        commands = script.commands
        if len(commands) == 1:
            argv = commands[0].argv
            if not argv or argv[0] not in _CD_LEADS:
                return [ctx]  # what `cwd_plan` gives one command that cannot be a `cd` (hot)
        plan = cwd_plan(script, ctx.paths.cwd)
        out: list[Context] = []
        for cwd, others in plan:
            if cwd == ctx.paths.cwd and not others:
                out.append(ctx)
            else:
                paths = replace(ctx.paths, cwd=cwd).with_cwds(others)
                out.append(self.context(call, ctx.depth, paths, guard=guard))
        return out

    def judge(
        self,
        command: Command,
        call: ToolCall,
        ctx: Context,
        *,
        essential_only: bool = False,
        guard: bool = False,
        allowed_by: rules_mod.Rule | None = None,
    ) -> list[Finding]:
        """Stage 3 and 4 for one simple command: rules first, then every checker.

        `guard` judges a command that a rule-approved (or bypass-mode) wrapper runs: only the
        protected-paths check, and nothing found there is SAFE. `allowed_by`: an allow rule
        that names the call's tool (`Monitor`), for a command no rule of its own matches.
        """
        only = ESSENTIAL if essential_only or guard else None
        text = command.text[:200]  # what each finding is about
        rules = self.rules
        ruled: Finding | None = None
        if not essential_only and not guard and (rules.deny or rules.ask or rules.allow):
            for rule in (*rules.deny, *rules.ask):
                if rules_mod.match_command(rule, command, ctx.paths):
                    ruled = _rule_finding(rule, text)
                    only = ESSENTIAL
                    break
            else:
                for rule in rules.allow:
                    if rules_mod.match_command(rule, command, ctx.paths):
                        ruled = _rule_finding(rule, text)
                        only = ESSENTIAL
                        break
        if allowed_by is not None and ruled is None and not essential_only and not guard:
            ruled = _rule_finding(allowed_by, text)
            only = ESSENTIAL
        found = call_checkers(
            self.plugins.hook.gatekeeper_check_command,
            only,
            text,
            command=command,
            call=call,
            ctx=ctx,
        )
        if ruled is not None:
            found.insert(0, ruled)
        if only is not None:  # ESSENTIAL, the only other value
            found += [
                f if f.command else _with_command(f, text)
                for f in self._guard_wrapped(command, call, ctx)
            ]
        if found:
            return found
        if guard:
            return [Finding(Verdict.SAFE, "GK-WRAP-002", "no protected path", ESSENTIAL, text)]
        return [  # (hot: every command no checker knows)
            new_finding(
                Verdict.REVIEW,
                "GK-UNKNOWN",
                f"no checker knows `{command.name or command.text[:40]}`",
                HOST,
                text,
            )
        ]

    def _guard_wrapped(self, command: Command, call: ToolCall, ctx: Context) -> list[Finding]:
        """The protected-paths check of what a wrapper runs, when only that check runs.

        An allow rule (`Bash(find:*)`) or bypass mode skips the wrappers plugin, so without
        this `find . -exec sed -i ... ~/.bashrc \\;` would reach the protected-paths check
        only as `find`. The wrappers plugin is called directly (a user cannot disable this),
        with a context whose classifier runs the guard only; of its answer only what comes
        from the protected-paths check or from the shell parser (what could not be read)
        is kept.
        """
        from gatekeeper.plugins import wrappers

        gctx = self.context(call, ctx.depth, ctx.paths, guard=True)
        try:
            found = wrappers.check_without_call(command, gctx)
        except Exception as exc:  # noqa: BLE001 - a crash means REVIEW, never allow
            return [
                Finding(
                    Verdict.REVIEW,
                    "GK-PROT-005",
                    f"what `{command.name}` runs could not be read ({type(exc).__name__})",
                    plugin=ESSENTIAL,
                )
            ]
        if found is None or found.verdict == Verdict.SAFE:
            return []
        if not found.rule.startswith(("GK-PROT", "GK-SHELL")):
            return []
        return [replace(found, plugin=ESSENTIAL)]

    # -- the context and the host's classifier for wrappers ---------------------------------

    def context(
        self, call: ToolCall, depth: int, paths: PathPolicy | None = None, *, guard: bool = False
    ) -> Context:
        """The `Context` for a call at a nesting depth (wrappers add one level).

        A wrapped command runs where its wrapper runs: `paths` (with the cwds of earlier
        `cd`s) is handed down to every nested classification; it is built once per call
        (building it resolves a dozen paths through the filesystem).
        """
        if paths is None:
            paths = PathPolicy.from_config(self.config, call.cwd)
        # The classifiers are the bound methods of one small object (made with its five
        # fields assigned plainly): ~1,600 instructions less a context than two closures
        # over five cells.
        nested = _Nested()
        nested.engine = self
        nested.call = call
        nested.depth = depth
        nested.policy = paths
        nested.guard = guard
        return new_context(self.config, paths, nested.classify, nested.classify_script, depth)


class _Nested:
    """The host's classifiers of one `Context`: what a wrapper runs, judged one level down."""

    __slots__ = ("call", "depth", "engine", "guard", "policy")

    engine: Engine
    call: ToolCall
    depth: int
    policy: PathPolicy
    guard: bool

    def classify(self, argv: Sequence[str], where: str) -> Finding:
        """`Context.classify`: the command `argv`, judged by every checker."""
        depth = self.depth
        if depth + 1 > MAX_DEPTH:
            return _too_deep()
        engine, call, guard = self.engine, self.call, self.guard
        words = tuple([_word(a) for a in argv])
        command = new_command(words, where, " ".join(argv))  # (hot)
        inner = engine.context(call, depth + 1, self.policy, guard=guard)
        return _top(engine.judge(command, call, inner, guard=guard), command.text)

    def classify_script(self, text: str, where: str) -> Finding:
        """`Context.classify_script`: every command of a shell text, judged."""
        depth = self.depth
        if depth + 1 > MAX_DEPTH:
            return _too_deep()
        engine, call, guard, policy = self.engine, self.call, self.guard, self.policy
        script = parse(text, policy.home_resolver, where=where, depth=depth + 1)
        inner = engine.context(call, depth + 1, policy, guard=guard)
        found = [
            Finding(Verdict.REVIEW, p.rule, p.reason, plugin=SHELL_PLUGIN, command=p.text)
            for p in script.problems
        ]
        for command, cctx in zip(
            script.commands, engine._contexts(script, call, inner, guard=guard), strict=True
        ):
            found.extend(engine.judge(command, call, cctx, guard=guard))
        if not script.commands and not found:
            return Finding(Verdict.SAFE, "GK-WRAP-003", "an empty script", plugin=HOST)
        return _top(found, text)


def _approved(session_id: str, env: tuple[object, ...] | None) -> None:
    """Something was approved: close the session's push-back circuit breaker, if it was open.

    `env` is `environment_key()` as read for this call. Whether the session's file exists is
    asked with `access`, not `stat`: the same answer for the same path (both follow links),
    without the exception `os.path.exists` builds and catches when there is none (~1 µs,
    on every allow). `access` checks the directories with the real user id; with a
    different effective one it can only say "missing" where `stat` would not, which leaves
    the breaker open: more asking, never less.
    """
    if not os.access(_session_file(session_id, env), os.F_OK):
        return  # no review in this session yet: nothing to reset (the common case)
    from gatekeeper import state

    if state.load(session_id).consecutive_pushbacks == 0:
        return

    def reset(session: state.SessionState) -> None:
        session.consecutive_pushbacks = 0

    try:
        state.update(session_id, reset)
    except OSError:
        return


_SESSION_FILES: dict[tuple[object, ...], str] = {}
# `_SESSION_FILES`' entry of the last call: (session id, environment key, path), replaced
# whole (another thread reads it in one piece).
_LAST_SESSION_FILE: list[tuple[str, object, str]] = [("", None, "")]


def _session_file(session_id: str, env: tuple[object, ...] | None) -> str:
    """`state.session_file(session_id)`, memoized on the id and the environment it reads.

    A path computed from strings only (the state dir from the environment, `env` as
    `environment_key()` read it for this call, and the id): the file's existence is asked
    afresh for every decision.
    """
    last_id, last_env, last_path = _LAST_SESSION_FILE[0]  # one read: see its comment
    if last_id == session_id and last_env == env and env is not None:
        return last_path  # the last call's session, in the same environment (no key to hash)
    key = (session_id, *env) if env is not None else None
    path = _SESSION_FILES.get(key) if key is not None else None
    if path is None:
        from gatekeeper import state

        path = state.session_file(session_id)
        if key is not None:
            if len(_SESSION_FILES) >= 256:
                _SESSION_FILES.clear()
            _SESSION_FILES[key] = path
    if env is not None:
        _LAST_SESSION_FILE[0] = (session_id, env, path)
    return path


def _remember(session_id: str, key: str, review: Review) -> bool:
    """Record the review in the session's state; False if the state could not be written."""
    from gatekeeper import state

    pushed_back = review.decision == ReviewDecision.PUSH_BACK and not review.failure
    approved = review.decision == ReviewDecision.APPROVE and not review.failure

    def change(session: state.SessionState) -> None:
        session.cost_usd += max(review.cost_usd, 0.0)
        session.reviews += 1
        if pushed_back:
            session.consecutive_pushbacks += 1
            if key not in session.pushed_back:
                session.pushed_back.append(key)
        elif approved:
            session.consecutive_pushbacks = 0
            if key in session.pushed_back:
                session.pushed_back.remove(key)

    try:
        state.update(session_id, change)
    except OSError:
        return False
    return True


def cwd_plan(script: Script, cwd: str) -> list[tuple[str, tuple[str, ...]]]:
    """For each command of a script: its cwd, and the other dirs it may run in.

    Every literal `cd`/`pushd` target of the script is a place any later command may run
    (judged against all of them, most severe wins: `cd /x; cat y`). A script that is one
    ``cd DIR && ...`` chain certainly runs the rest in DIR, so the original cwd is dropped
    for them (`cd src && cat ../README.md` reads inside the project).
    """
    commands = script.commands
    lead = commands[0] if commands else None
    if (
        script.and_chain
        and lead is not None
        and lead.where == "top"
        and lead.name in ("cd", "pushd")
        and not lead.assignments
        and len(lead.words) == 2
        and not lead.words[1].dynamic
        and not lead.words[1].glob
        and lead.words[1].text not in ("-", "")
        and not lead.words[1].text.startswith("-")
    ):
        target = resolve(lead.words[1].text, cwd)
        rest = _cd_targets(commands[1:], target)
        return [(cwd, ()), *[(target, rest)] * (len(commands) - 1)]
    others = _cd_targets(commands, cwd)
    return [(cwd, others)] * len(commands)


def _cd_targets(commands: Sequence[Command], cwd: str) -> tuple[str, ...]:
    """Every directory a `cd`/`pushd` of the call may move to (literal targets, in order)."""
    seen = [cwd]
    for command in commands:
        argv = command.argv
        if not argv or argv[0] not in _CD_LEADS:
            continue  # most commands: neither a cd nor `command`/`builtin` in front of one
        words = command.words
        while words and words[0].text in ("command", "builtin") and len(words) > 1:
            words = words[1:]  # `builtin cd DIR` is the shell's own cd
        if words and words[0].text in ("cd", "pushd") and len(words) > 1:
            target = words[-1]
            if not target.dynamic and not target.text.startswith("-"):
                seen += [resolve(target.text, base) for base in list(seen)]
    return tuple(dict.fromkeys(seen[1:])) if len(seen) > 1 else ()


# The first words that may start a `cd` (see `_cd_targets`).
_CD_LEADS = frozenset({"cd", "pushd", "command", "builtin"})


def _minus_severity(finding: Finding) -> int:
    verdict = finding.verdict  # by identity first: a SEVERITY lookup hashes in Python (hot)
    if verdict is Verdict.ELEVATE:
        return -2
    if verdict is Verdict.SAFE:
        return 0
    return -SEVERITY[verdict]


def _with_command(found: Finding, text: str) -> Finding:
    """`replace(found, command=text)`, without its generic machinery (hot)."""
    if type(found) is not Finding:
        return replace(found, command=text)
    return Finding(found.verdict, found.rule, found.reason, found.plugin, text)


def _word(text: str) -> Word:
    return new_word(text, "$" in text or "`" in text, "*" in text or "?" in text or "[" in text)


def _top(found: Sequence[Finding], text: str) -> Finding:
    # Ties are broken by rule id, not by plugin order: a wrapper's verdict and the rule it
    # names must not depend on the order plugins were registered in.
    top = found[0] if len(found) == 1 else dominant(sorted(found, key=lambda f: (f.rule, f.plugin)))
    if top is None:
        return Finding(Verdict.REVIEW, "GK-UNKNOWN", f"no checker knows `{text[:40]}`", plugin=HOST)
    return top


# The engine whose Tier 1 the watchdog guards now (None: a SIGALRM is not ours to act on).
_WATCHED: list[Engine | None] = [None]


def _watched(
    engine: Engine, call: ToolCall
) -> Decision | tuple[ToolCall, Context, Finding, tuple[Finding, ...], tuple[str, ...]]:
    """`engine._tier1(call)`, interrupted after `engine.watchdog` seconds (GK-SHELL-008).

    The analysis checks its own deadline (`TIER1_BUDGET`), but a system call that blocks is
    not analysis: a FIFO in the place of a config file a checker reads held the hook in
    `open()` until Claude Code's own timeout let the call through. SIGALRM interrupts the
    system call, and its handler raises `TooSlow`. Only where a process may take the
    signal for itself (the hook, the decision server, `gatekeeper check`: their main
    thread, where nothing else uses SIGALRM); the handler is put back after, the timer
    stopped. ~3 µs a call: four system calls.
    """
    if TYPE_CHECKING:
        import signal as _signal
    else:
        import _signal  # `signal` without its enum import (the cold hook imports no enum)

    try:
        previous = _signal.signal(_signal.SIGALRM, _fire)
    except ValueError:  # not the main thread: the process cannot be signalled for it
        return engine._tier1(call)
    _WATCHED[0] = engine
    _signal.setitimer(_signal.ITIMER_REAL, engine.watchdog)
    try:
        return engine._tier1(call)
    except TooSlow as exc:  # fired outside the Bash analysis (whose own handler answers)
        return _too_slow(str(exc))
    finally:
        _WATCHED[0] = None
        _signal.setitimer(_signal.ITIMER_REAL, 0.0)
        _signal.signal(_signal.SIGALRM, previous)


def _fire(signum: int, frame: object) -> None:
    """The watchdog's SIGALRM handler: stop the guarded Tier 1 where it is."""
    del signum, frame
    engine = _WATCHED[0]
    if engine is not None:
        engine.interrupted = True
        raise TooSlow(
            f"a check did not finish within {engine.watchdog:g} s (a file that blocks when"
            " read, such as a FIFO in the place of a config file?)"
        )


def _too_slow(why: str = "") -> Decision:
    return Decision(
        Outcome.ASK,
        f"{why or f'the command is too long or too tangled to analyse within {TIER1_BUDGET:g} s'}"
        " [GK-SHELL-008]",
        "tier1",
        rule="GK-SHELL-008",
        plugin=SHELL_PLUGIN,
    )


def _too_deep() -> Finding:
    return Finding(
        Verdict.REVIEW, "GK-SHELL-006", "commands nested too deep to follow", plugin=SHELL_PLUGIN
    )


def _rule_finding(rule: rules_mod.Rule, text: str = "") -> Finding:
    if rule.kind == rules_mod.ALLOW:
        return Finding(
            Verdict.SAFE,
            "GK-RULE-001",
            f"allowed by your rule `{rule.text}`",
            plugin="gatekeeper.rules",
            command=text,
        )
    if rule.kind == rules_mod.ASK:
        return Finding(
            Verdict.ELEVATE,
            "GK-RULE-002",
            f"your rule `{rule.text}` asks first",
            plugin="gatekeeper.rules",
            command=text,
        )
    return Finding(
        Verdict.ELEVATE,
        "GK-RULE-003",
        f"denied by your rule `{rule.text}`",
        plugin="gatekeeper.rules",
        command=text,
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
