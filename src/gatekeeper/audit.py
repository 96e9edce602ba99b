"""The audit record (pipeline stage 7): one JSON line per decision, always.

The line uses structlog's key schema (``event``, ``timestamp``, ``level``) but is written
without structlog: importing it costs the hot path ~80 ms. Each record is appended with a
single ``write(2)`` on an ``O_APPEND`` descriptor under an exclusive ``flock``, so
concurrent hook processes neither lose nor tear lines. A failing write never changes the
decision: it is reported on stderr (which Claude Code keeps in its debug log) and dropped.
"""

from __future__ import annotations

import os
import sys
import time

from gatekeeper import __version__, jsonc
from gatekeeper.config import state_dir
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import thaw

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from collections.abc import Mapping

    from gatekeeper.config import Config
    from gatekeeper.model import Decision, ToolCall

MAX_FIELD = 2000
MAX_LINE = 256 * 1024
# Each pattern with the substrings of which it needs at least one to match at all: a string
# that contains none of them cannot match, so the pattern is neither compiled (LazyRegex) nor
# run. The needles are punctuation, which IGNORECASE leaves alone, or literals of patterns
# without IGNORECASE, so the test is exact (tests/test_audit.py compares it with running
# every pattern on every string).
_SECRET_PATTERNS: tuple[tuple[tuple[str, ...], LazyRegex], ...] = (
    ((":",), LazyRegex(r"(?i)(authorization:\s*(?:bearer|basic|token)\s+)\S+")),
    (
        ("=", ":"),
        LazyRegex(
            r"(?i)((?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|"
            r"auth|credential|private[_-]?key)[A-Za-z0-9_]*\s*[=:]\s*)(\"[^\"]*\"|'[^']*'|\S+)"
        ),
    ),
    (("--",), LazyRegex(r"(?i)(--(?:password|token|secret|api-key)[= ])\S+")),
    (("AKIA", "ASIA"), LazyRegex(r"()\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    (
        ("gh", "github_pat_"),
        LazyRegex(r"()\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b"),
    ),
    (("sk-",), LazyRegex(r"()\bsk-[A-Za-z0-9_-]{16,}\b")),
    (("xox",), LazyRegex(r"()\bxox[abpr]-[A-Za-z0-9-]{10,}\b")),
    (
        ("-----BEGIN ",),
        LazyRegex(
            r"()-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
        ),
    ),
    (("://",), LazyRegex(r"(://[^:/@\s]+:)[^@/\s]+(?=@)")),
)
# A second, narrower test per pattern (same order), for ASCII text only: in ASCII text
# IGNORECASE matches nothing but the two ASCII cases of a letter, so a pattern can match only
# if the lowered text holds one of these (the literal parts every match contains). Most
# ordinary strings hold a ":" or "gh" but none of these, so `re` is not even imported.
# Non-ASCII text (IGNORECASE also matches KELVIN SIGN as "k"...) uses the first test alone.
_ASCII_NEEDLES: tuple[tuple[str, ...], ...] = (
    ("authorization:",),
    ("pass", "pwd", "secret", "token", "api", "access", "auth", "credential", "private"),
    ("--password", "--token", "--secret", "--api-key"),
    ("akia", "asia"),
    ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ("sk-",),
    ("xoxa-", "xoxb-", "xoxp-", "xoxr-"),
    ("-----begin ",),
    ("@",),
)


def _masked(m: re.Match[str]) -> str:
    return m.group(1) + "[REDACTED]"


# The second pattern's words, each as it must appear in lowered ASCII text (`api[_-]?key`
# spelled out), for `_may_assign`.
_ASSIGNED_WORDS = (
    "password", "passwd", "pwd", "secret", "token", "auth", "credential",
    "apikey", "api_key", "api-key", "accesskey", "access_key", "access-key",
    "privatekey", "private_key", "private-key",
)  # fmt: skip
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _may_assign(lowered: str) -> bool:
    """Whether the second pattern (``password=...``) can match this lowered ASCII text.

    Exactly its shape, without `re`: one of its words, word characters, spaces, ``=`` or
    ``:``, spaces, then at least one character that is not a space. ``author``, ``$PWD``
    or ``src/api/`` in a command hold a word but no assignment: they neither import `re`
    (~20 million instructions of a cold call) nor run the pattern.
    """
    for word in _ASSIGNED_WORDS:
        start = lowered.find(word)
        while start >= 0:
            i = start + len(word)
            end = len(lowered)
            while i < end and lowered[i] in _WORD_CHARS:
                i += 1
            while i < end and lowered[i].isspace():
                i += 1
            if i < end and lowered[i] in "=:":
                i += 1
                while i < end and lowered[i].isspace():
                    i += 1
                if i < end:
                    return True
            start = lowered.find(word, start + 1)
    return False


def redact(text: str) -> str:
    """Mask what looks like a secret (tokens, passwords, keys, URL credentials)."""
    lowered = text.lower() if text.isascii() else None
    for index, ((needles, pattern), narrow) in enumerate(
        zip(_SECRET_PATTERNS, _ASCII_NEEDLES, strict=True)
    ):
        if not any(needle in text for needle in needles):
            continue
        if lowered is not None and not any(needle in lowered for needle in narrow):
            continue
        if index == 1 and lowered is not None and not _may_assign(lowered):
            continue
        masked = pattern.sub(_masked, text)
        if masked != text:
            text = masked
            lowered = text.lower() if text.isascii() else None
    return text


def _short(value: object) -> object:
    if isinstance(value, str):
        value = redact(value)
        if len(value) > MAX_FIELD:
            return value[:MAX_FIELD] + f"… [{len(value)} chars]"
        return value
    return value


def summarize(tool_name: str, tool_input: Mapping[str, object]) -> dict[str, object]:
    """A short, redacted view of a tool input: file bodies become their length."""
    out: dict[str, object] = {}
    for key, raw in tool_input.items():
        value = thaw(raw)
        if key in ("content", "new_string", "old_string", "new_source") and isinstance(value, str):
            out[key] = f"[{len(value)} chars]"
        elif key == "edits" and isinstance(value, list):
            out[key] = f"[{len(value)} edits]"
        elif isinstance(value, dict | list):
            out[key] = _short(jsonc.dumps(value)[:MAX_FIELD])
        else:
            out[key] = _short(value)
    del tool_name
    return out


def audit_path(config: Config | None) -> str:
    """Where records go: `[audit] path`, else `<state dir>/audit.jsonl`."""
    if config is not None and config.audit_path:
        return os.path.abspath(os.path.expanduser(config.audit_path))
    return os.path.join(state_dir(), "audit.jsonl")


def record(
    decision: Decision,
    call: ToolCall | None,
    config: Config | None,
    started: float,
    extra: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """The audit record of one decision, as a dict (see docs/audit-log.md)."""
    rec: dict[str, object] = {
        "event": "decision",
        "session": call.session_id if call else "",
        "tool": call.tool_name if call else "",
        "tool_use_id": call.tool_use_id if call else "",
        "agent_id": call.agent_id if call else "",
        "cwd": call.cwd if call else "",
        "permission_mode": call.permission_mode if call else "",
        "hook_event": call.hook_event_name if call else "",
        "input": summarize(call.tool_name, call.tool_input) if call else {},
        "commands": [redact(c) for c in decision.commands],
        "findings": [
            {
                "plugin": f.plugin,
                "rule": f.rule,
                "verdict": f.verdict.value,
                "reason": redact(f.reason),
                "command": redact(f.command[:200]),
            }
            for f in decision.findings
        ],
        "tier": decision.tier,
        "decision": decision.outcome.value,
        "rule": decision.rule,
        "plugin": decision.plugin,
        "reason": redact(decision.reason),
        "latency_ms": round((time.perf_counter() - started) * 1000, 2),
        "version": __version__,
        "config_hash": config.digest if config else "",
    }
    if decision.review is not None:
        review = decision.review
        rec["review"] = {
            "reviewer": review.reviewer,
            "decision": review.decision.value,
            "reason": redact(review.reason),
            "cost_usd": review.cost_usd,
            "latency_ms": round(review.latency_ms, 2),
            "failure": review.failure,
        }
    if config is not None and config.warnings:
        rec["config_warnings"] = list(config.warnings)
    if extra:
        rec.update(extra)
    rec["level"] = "warning" if decision.tier == "error" else "info"
    now = time.time()  # one clock read: seconds and microseconds of the same instant
    rec["timestamp"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + (
        f".{int(now * 1e6) % 1_000_000:06d}Z"
    )
    return rec


def encode(rec: Mapping[str, object]) -> bytes:
    """One record as the bytes of one line (slimmed if it would be too long)."""
    line = jsonc.dumps(rec, separators=(",", ":"), default=str, ensure_ascii=False)
    data = line.encode("utf-8", "replace")
    if len(data) > MAX_LINE:
        slim = {
            k: rec[k]
            for k in (
                "event",
                "session",
                "tool",
                "decision",
                "rule",
                "reason",
                "tier",
                "level",
                "timestamp",
            )
            if k in rec
        }
        slim["truncated"] = True
        data = jsonc.dumps(slim, separators=(",", ":"), default=str).encode("utf-8", "replace")
    return data + b"\n"


def append(path: str, rec: Mapping[str, object]) -> bool:
    """Append one record as one line; False (and a note on stderr) if it could not be written."""
    try:
        append_line(path, encode(rec))
    except Exception as exc:  # noqa: BLE001 - a failing audit write must never change the decision
        print(f"gatekeeper: audit record not written to {path}: {exc}", file=sys.stderr)
        return False
    return True


def append_line(path: str, data: bytes) -> None:
    """Append encoded bytes with one write(2) under an exclusive lock (raises OSError).

    `gatekeeper.client` does the same with the standard library only, for records the
    decision server encoded: keep the two in step.
    """
    directory = os.path.dirname(path)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        import fcntl  # a builtin module: costs nothing; the lock guards non-local filesystems

        fcntl.flock(fd, fcntl.LOCK_EX)
        written = os.write(fd, data)  # one write(2) on an O_APPEND fd: no torn lines
        if written != len(data):
            raise OSError(f"short write ({written} of {len(data)} bytes)")
    finally:
        os.close(fd)
