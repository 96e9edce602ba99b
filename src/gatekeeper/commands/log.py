"""`gatekeeper log`: the audit log, filtered, newest last.

Reads the JSON lines `gatekeeper.audit` writes (see docs/audit-log.md). A line that is not a
JSON object is skipped and counted, never fatal: the log is appended by many processes and
may hold lines from other versions.
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator

DECISIONS = ("allow", "deny", "ask", "none")


def add_filter_options(p: argparse.ArgumentParser) -> None:
    """The filters `log` and `stats` share."""
    p.add_argument("--session", help="only this session id (a prefix is enough)")
    p.add_argument("--decision", choices=DECISIONS, help="only this decision")
    p.add_argument("--tool", help="only this tool name (Bash, Read, mcp__x__y, ...)")
    p.add_argument(
        "--since", help="only records since a time: 2026-01-31, 2026-01-31T12:00, 90m, 12h, 7d"
    )
    p.add_argument("--file", help="the audit log to read (default: the configured one)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `log` subcommand."""
    p = sub.add_parser(
        "log",
        help="show the audit log (filter by session, decision, tool, time)",
        description="Show the last audit records, oldest first; filters combine.",
    )
    p.add_argument("-n", "--lines", type=int, default=20, help="how many records (0: all)")
    add_filter_options(p)
    p.set_defaults(func=run)


@dataclass
class Filter:
    """Which records to keep."""

    session: str = ""
    decision: str = ""
    tool: str = ""
    since: str = ""  # an ISO timestamp prefix-comparable with the records' timestamps

    def keep(self, rec: dict[str, Any]) -> bool:
        """Does a record pass every filter?"""
        if self.session and not str(rec.get("session", "")).startswith(self.session):
            return False
        if self.decision and rec.get("decision") != self.decision:
            return False
        if self.tool and rec.get("tool") != self.tool:
            return False
        return not (self.since and str(rec.get("timestamp", "")) < self.since)


def parse_since(text: str, now: float | None = None) -> str:
    """`90m`, `12h`, `7d`, `2w` or an ISO date/time → an ISO UTC timestamp; ValueError if not."""
    text = text.strip()
    m = re.fullmatch(r"(\d+)\s*([smhdw])", text)
    if m:
        seconds = int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}[
            m.group(2)
        ]
        moment = (time.time() if now is None else now) - seconds
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(moment))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?", text):
        return text.replace(" ", "T")
    raise ValueError(f"--since {text!r}: use 2026-01-31, 2026-01-31T12:00, 90m, 12h or 7d")


def make_filter(ns: argparse.Namespace) -> Filter:
    """The filter from the shared options; ValueError on a bad --since."""
    return Filter(
        session=ns.session or "",
        decision=ns.decision or "",
        tool=ns.tool or "",
        since=parse_since(ns.since) if ns.since else "",
    )


@dataclass
class Records:
    """The decision records read from a log, and how many lines were skipped."""

    path: str
    records: list[dict[str, Any]] = field(default_factory=list)
    malformed: int = 0
    missing: bool = False


def read(path: str, keep: Filter | None = None) -> Records:
    """Every decision record of the log that passes `keep`."""
    out = Records(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed by the with below
    except FileNotFoundError:
        out.missing = True
        return out
    with handle:
        for rec in _lines(handle, out):
            if rec.get("event") == "decision" and (keep is None or keep.keep(rec)):
                out.records.append(rec)
    return out


def _lines(handle: Any, out: Records) -> Iterator[dict[str, Any]]:
    for raw in handle:
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            out.malformed += 1
            continue
        if not isinstance(rec, dict):
            out.malformed += 1
            continue
        yield rec


def default_path() -> str:
    """The configured audit log (`[audit] path`, else the state dir's audit.jsonl)."""
    import os

    from gatekeeper import audit
    from gatekeeper import config as config_mod

    return audit.audit_path(config_mod.load(os.getcwd()))


def subject(rec: dict[str, Any]) -> str:
    """What the call was about, in one short line."""
    tool = str(rec.get("tool", ""))
    summary = rec.get("input") if isinstance(rec.get("input"), dict) else {}
    assert isinstance(summary, dict)  # noqa: S101 - narrowed just above, for mypy
    for key in ("command", "file_path", "notebook_path", "url", "pattern", "path", "query"):
        value = summary.get(key)
        if isinstance(value, str) and value:
            return " ".join(value.split())[:120]
    return tool


def line(rec: dict[str, Any]) -> str:
    """One record as a human-readable line."""
    stamp = str(rec.get("timestamp", ""))[:19].replace("T", " ")
    decision = str(rec.get("decision", "?"))
    tier = str(rec.get("tier", ""))
    tool = str(rec.get("tool", ""))
    rule = f" [{rec['rule']}]" if rec.get("rule") else ""
    reason = str(rec.get("reason", ""))
    if len(reason) > 100:
        reason = reason[:100] + "…"
    session = str(rec.get("session", ""))[:8]
    return f"{stamp} {session:8} {decision:5} {tier:12} {tool:10} {subject(rec)}{rule}\n    {reason}"


def run(ns: argparse.Namespace) -> int:
    """`gatekeeper log`."""
    try:
        keep = make_filter(ns)
    except ValueError as exc:
        print(f"gatekeeper log: {exc}", file=sys.stderr)
        return 2
    got = read(ns.file or default_path(), keep)
    if got.missing:
        print(f"gatekeeper log: no audit log at {got.path} yet", file=sys.stderr)
        return 0
    records = got.records[-ns.lines :] if ns.lines > 0 else got.records
    if ns.json:
        for rec in records:
            print(json.dumps(rec, ensure_ascii=False))
    else:
        for rec in records:
            print(line(rec))
    if got.malformed:
        print(f"gatekeeper log: skipped {got.malformed} malformed line(s)", file=sys.stderr)
    return 0
