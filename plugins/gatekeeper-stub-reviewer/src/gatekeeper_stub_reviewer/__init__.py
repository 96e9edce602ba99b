"""A scripted Tier 2 reviewer: answers from rules given in a JSON script, never a model.

For black-box tests of the whole pipeline (the real ``gatekeeper hook`` process, the real
``claude`` binary) without a model. The script is a JSON list of rules, read on every
review from

* ``GATEKEEPER_STUB_REVIEWER_SCRIPT``: the path of a JSON file, or
* ``GATEKEEPER_STUB_REVIEWER``: the JSON text itself.

Each rule is ``{"match": REGEX, "decision": "APPROVE" | "PUSH_BACK" | "ELEVATE",
"reason": TEXT}``, with an optional ``"tool": REGEX`` (matched against the whole tool name).
``match`` is searched (``re.search``) in the Bash command, or for any other tool in the
canonical JSON of its input (keys sorted, no spaces: ``{"file_path":"/x"}``). The first
rule that matches answers. No script, or no rule matches → no opinion (``None``): the next
reviewer answers, or the user is asked. A script that cannot be read or parsed → ELEVATE
with ``failure`` set: a broken test setup never approves anything.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gatekeeper import Review, ReviewDecision, hookimpl

if TYPE_CHECKING:
    from gatekeeper import ToolCall

__all__ = ["SCRIPT_ENV", "SCRIPT_FILE_ENV", "ScriptError", "gatekeeper_review", "load_rules"]

SCRIPT_FILE_ENV = "GATEKEEPER_STUB_REVIEWER_SCRIPT"
SCRIPT_ENV = "GATEKEEPER_STUB_REVIEWER"
_KEYS = {"match", "decision", "reason", "tool"}


class ScriptError(ValueError):
    """The script cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One scripted answer."""

    match: re.Pattern[str]
    decision: ReviewDecision
    reason: str
    tool: re.Pattern[str] | None = None


def _text() -> tuple[str, str] | None:
    """(where, JSON text) of the script, or None when none is configured."""
    path = os.environ.get(SCRIPT_FILE_ENV, "")
    inline = os.environ.get(SCRIPT_ENV, "")
    if path and inline:
        raise ScriptError(f"both {SCRIPT_FILE_ENV} and {SCRIPT_ENV} are set; set one")
    if inline:
        return SCRIPT_ENV, inline
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            return path, fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(f"{SCRIPT_FILE_ENV}={path} cannot be read ({exc})") from exc


def _regex(value: object, where: str) -> re.Pattern[str]:
    if not isinstance(value, str):
        raise ScriptError(f"{where} must be a string (a Python regular expression)")
    try:
        return re.compile(value)
    except re.error as exc:
        raise ScriptError(f"{where} is not a valid regular expression ({exc})") from exc


def load_rules() -> tuple[Rule, ...] | None:
    """The configured script's rules; None without a script; `ScriptError` if malformed."""
    source = _text()
    if source is None:
        return None
    where, text = source
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ScriptError(f"{where} is not JSON ({exc})") from exc
    if not isinstance(data, list):
        raise ScriptError(f"{where} must be a JSON list of rules, got {type(data).__name__}")
    rules: list[Rule] = []
    for i, item in enumerate(data):
        at = f"{where}: rule {i}"
        if not isinstance(item, dict):
            raise ScriptError(f"{at} must be an object")
        unknown = set(item) - _KEYS
        if unknown:
            raise ScriptError(f"{at} has unknown keys {sorted(unknown)}")
        decision = item.get("decision")
        if not isinstance(decision, str) or decision not in ReviewDecision.__members__:
            raise ScriptError(f"{at}: decision must be APPROVE, PUSH_BACK or ELEVATE")
        reason = item.get("reason", f"stub reviewer: {decision}")
        if not isinstance(reason, str):
            raise ScriptError(f"{at}: reason must be a string")
        tool = _regex(item["tool"], f"{at}: tool") if "tool" in item else None
        rules.append(
            Rule(_regex(item.get("match"), f"{at}: match"), ReviewDecision[decision], reason, tool)
        )
    return tuple(rules)


def subject(call: ToolCall) -> str:
    """What `match` is searched in: the Bash command, else the canonical JSON of the input."""
    from gatekeeper.model import thaw

    if call.tool_name == "Bash":
        return call.text("command")
    return json.dumps(
        thaw(call.tool_input), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )


@hookimpl(tryfirst=True)  # a scripted test reviewer answers before any real one
def gatekeeper_review(call: ToolCall) -> Review | None:
    """The first matching rule's answer; None without a script or a match."""
    try:
        rules = load_rules()
    except ScriptError as exc:
        return Review(
            ReviewDecision.ELEVATE,
            f"the stub reviewer's script is malformed: {exc}",
            failure=f"malformed stub reviewer script: {exc}",
        )
    if not rules:
        return None
    text = subject(call)
    for rule in rules:
        if rule.tool is not None and not rule.tool.fullmatch(call.tool_name):
            continue
        if rule.match.search(text):
            return Review(rule.decision, rule.reason)
    return None
