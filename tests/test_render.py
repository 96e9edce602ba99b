"""`hook.render` writes the bytes `json.dumps` gives for the protocol's object, for every case.

`render` writes its JSON directly (see its docstring); the oracle here builds the object the
protocol wants, as `render` did before, and encodes it with the json package.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import jsonc
from gatekeeper.hook import MAX_MESSAGE, render
from gatekeeper.model import Decision, Outcome

EVENTS = ("PreToolUse", "PermissionRequest")


def _expected(decision: Decision, event: str, warnings: tuple[str, ...]) -> bytes:
    out: dict[str, object] = {}
    reason = "gatekeeper: " + decision.reason
    if len(reason) > MAX_MESSAGE:
        reason = reason[:MAX_MESSAGE] + "…"
    if event == "PermissionRequest":
        if decision.outcome == Outcome.ALLOW:
            out["hookSpecificOutput"] = {"hookEventName": event, "decision": {"behavior": "allow"}}
        elif decision.outcome == Outcome.DENY:
            out["hookSpecificOutput"] = {
                "hookEventName": event,
                "decision": {"behavior": "deny", "message": reason},
            }
    elif decision.outcome != Outcome.NONE:
        out["hookSpecificOutput"] = {
            "hookEventName": "PreToolUse",
            "permissionDecision": decision.outcome.value,
            "permissionDecisionReason": reason,
        }
    if warnings:
        text = "gatekeeper config problem: " + "; ".join(warnings)
        out["systemMessage"] = text[:MAX_MESSAGE]
    if not out:
        return b""
    return json.dumps(out, ensure_ascii=False).encode("utf-8") + b"\n"


# Any text, control characters, quotes, backslashes and text beyond the BMP included.
TEXT = st.text(st.characters(codec="utf-8"), max_size=60)


@settings(max_examples=400, deadline=None)
@given(
    outcome=st.sampled_from(list(Outcome)),
    event=st.sampled_from(EVENTS),
    reason=TEXT,
    warnings=st.lists(TEXT, max_size=3).map(tuple),
)
def test_render_writes_what_json_writes(
    outcome: Outcome, event: str, reason: str, warnings: tuple[str, ...]
) -> None:
    decision = Decision(outcome, reason, "tier1")
    assert render(decision, event, warnings) == _expected(decision, event, warnings)


@pytest.mark.parametrize("outcome", list(Outcome))
@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize("size", [0, MAX_MESSAGE - 12, MAX_MESSAGE - 11, MAX_MESSAGE + 5])
def test_long_reasons_and_warnings_are_cut_as_before(
    outcome: Outcome, event: str, size: int
) -> None:
    decision = Decision(outcome, 'é"\\\n' * (size // 4) + "x" * (size % 4), "tier1")
    warnings = ("w" * size, "ü")
    for warned in ((), warnings):
        got = render(decision, event, warned)
        assert got == _expected(decision, event, warned)
        if got:
            json.loads(got)  # and it is JSON


def test_a_lone_surrogate_fails_as_before() -> None:
    decision = Decision(Outcome.ASK, "bad \udc80 text", "tier1")
    with pytest.raises(UnicodeEncodeError):
        _expected(decision, "PreToolUse", ())
    with pytest.raises(UnicodeEncodeError):
        render(decision, "PreToolUse")


@given(TEXT)
def test_string_quotes_as_json_does(text: str) -> None:
    assert jsonc.string(text) == json.dumps(text, ensure_ascii=False)
