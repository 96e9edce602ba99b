"""`gatekeeper stats`: what the gate did for you, from the audit log.

Counts by decision and by tier; the reviewer's cost and latency percentiles; the hook's own
latency; how many prompts you saw; and the calls that most often reached you or the
reviewer, each with a suggested `gatekeeper allow` line where adding one looks safe.

A suggestion is made only for a call that was sent to review (never one Tier 1 sent to you
on purpose: no ELEVATE finding, no protected path, no deny, no reviewer push-back), that
`gatekeeper allow` would accept as it stands, and that Tier 1 still does not send to you
today. File tools get no suggestion: a directory is a bigger grant than one call.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gatekeeper.commands import log as log_cmd

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

_FILE_TOOLS = {"Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Glob", "Grep", "LS"}


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `stats` subcommand."""
    p = sub.add_parser(
        "stats",
        help="counts, reviewer cost and latency, prompts, suggested allow rules",
        description=(__doc__ or "").split("\n\n", 1)[0],
    )
    p.add_argument("--top", type=int, default=10, help="how many frequent calls to list")
    log_cmd.add_filter_options(p)
    p.set_defaults(func=run)


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50/p90/p99 and max by nearest rank ({} for no values)."""
    if not values:
        return {}
    ordered = sorted(values)

    def rank(p: float) -> float:
        index = max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))
        return round(ordered[int(index)], 2)

    return {"p50": rank(50), "p90": rank(90), "p99": rank(99), "max": round(ordered[-1], 2)}


@dataclass
class Frequent:
    """A call that kept reaching the human or the reviewer."""

    tool: str
    subject: str
    count: int = 0
    asked: int = 0
    reviewed: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    unsafe: bool = False  # ELEVATE, protected, denied or pushed back at least once
    suggestion: str = ""


def _reached(rec: dict[str, Any]) -> tuple[bool, bool]:
    """(the human saw it, the reviewer saw it)."""
    return rec.get("decision") == "ask", isinstance(rec.get("review"), dict)


def _unsafe(rec: dict[str, Any]) -> bool:
    if rec.get("decision") == "deny":
        return True
    review = rec.get("review")
    if isinstance(review, dict) and review.get("decision") in ("PUSH_BACK", "ELEVATE"):
        return True
    for f in rec.get("findings") or []:
        if isinstance(f, dict) and (
            f.get("verdict") == "elevate" or str(f.get("rule", "")).startswith("GK-PROT")
        ):
            return True
    return False


def frequent(records: Sequence[dict[str, Any]], top: int) -> list[Frequent]:
    """The calls that most often reached the human or the reviewer."""
    groups: dict[tuple[str, str], Frequent] = {}
    for rec in records:
        asked, reviewed = _reached(rec)
        if not (asked or reviewed) or rec.get("tier") in ("input", "error", "pass-through"):
            continue
        tool = str(rec.get("tool", ""))
        about = log_cmd.subject(rec) if tool == "Bash" or tool in _FILE_TOOLS else tool
        key = (tool, about)
        item = groups.setdefault(key, Frequent(tool, key[1]))
        item.count += 1
        item.asked += asked
        item.reviewed += reviewed
        if rec.get("rule"):
            item.rules[str(rec["rule"])] += 1
        item.unsafe = item.unsafe or _unsafe(rec)
    ranked = sorted(groups.values(), key=lambda f: (-f.count, f.tool, f.subject))[:top]
    for item in ranked:
        item.suggestion = suggest(item)
    return ranked


def suggest(item: Frequent) -> str:
    """A `gatekeeper allow` line for a frequent call, or "" where adding one looks unsafe."""
    if item.unsafe or item.tool in _FILE_TOOLS or not item.tool:
        return ""
    from gatekeeper.commands import allow

    if item.tool == "Bash":
        try:
            rule = allow.command_rule(item.subject)
            allow.rule_entry(rule, "allow", force=False)
        except allow.Refused:
            return ""
        quoted = item.subject.replace("'", "'\\''")
        return f"gatekeeper allow command '{quoted}'"
    try:
        allow.rule_entry(item.tool, "allow", force=False)
    except allow.Refused:
        return ""
    return f"gatekeeper allow rule '{item.tool}'"


def summarize(records: Sequence[dict[str, Any]], top: int) -> dict[str, Any]:
    """Everything `stats` reports, as a JSON-able dict."""
    decisions = Counter(str(r.get("decision", "?")) for r in records)
    tiers = Counter(str(r.get("tier", "?")) for r in records)
    reviews = [r["review"] for r in records if isinstance(r.get("review"), dict)]
    review_latency = [
        float(v["latency_ms"]) for v in reviews if isinstance(v.get("latency_ms"), int | float)
    ]
    costs = [float(v["cost_usd"]) for v in reviews if isinstance(v.get("cost_usd"), int | float)]
    hook_latency = [
        float(r["latency_ms"]) for r in records if isinstance(r.get("latency_ms"), int | float)
    ]
    sessions = {str(r.get("session", "")) for r in records}
    return {
        "records": len(records),
        "sessions": len(sessions),
        "decisions": dict(decisions.most_common()),
        "tiers": dict(tiers.most_common()),
        "prompts_to_human": decisions.get("ask", 0),
        "decided_without_human": decisions.get("allow", 0) + decisions.get("deny", 0),
        "reviewer": {
            "reviews": len(reviews),
            "decisions": dict(Counter(str(v.get("decision", "?")) for v in reviews)),
            "failures": sum(1 for v in reviews if v.get("failure")),
            "cost_usd": round(sum(costs), 4),
            "latency_ms": percentiles(review_latency),
        },
        "hook_latency_ms": percentiles(hook_latency),
        "frequent": [
            {
                "tool": f.tool,
                "subject": f.subject,
                "count": f.count,
                "asked": f.asked,
                "reviewed": f.reviewed,
                "rules": dict(f.rules),
                "suggestion": f.suggestion,
            }
            for f in frequent(records, top)
        ],
    }


def render(summary: dict[str, Any]) -> str:
    """The human-readable report."""
    out = [f"{summary['records']} decisions in {summary['sessions']} session(s)"]
    out.append(
        "decisions: " + ", ".join(f"{k} {v}" for k, v in summary["decisions"].items())
    )
    out.append("tiers:     " + ", ".join(f"{k} {v}" for k, v in summary["tiers"].items()))
    out.append(
        f"prompts you saw: {summary['prompts_to_human']}; decided without you: "
        f"{summary['decided_without_human']}"
    )
    rev = summary["reviewer"]
    if rev["reviews"]:
        lat = rev["latency_ms"]
        out.append(
            f"reviewer: {rev['reviews']} reviews ("
            + ", ".join(f"{k} {v}" for k, v in rev["decisions"].items())
            + f"), {rev['failures']} failed, ${rev['cost_usd']:.4f}; latency ms p50 "
            f"{lat.get('p50')} p90 {lat.get('p90')} p99 {lat.get('p99')} max {lat.get('max')}"
        )
    else:
        out.append("reviewer: no reviews")
    hook = summary["hook_latency_ms"]
    if hook:
        out.append(
            f"hook latency ms: p50 {hook['p50']} p90 {hook['p90']} p99 {hook['p99']} "
            f"max {hook['max']}"
        )
    if summary["frequent"]:
        out.append("most often reached you or the reviewer:")
        for f in summary["frequent"]:
            who = f"asked {f['asked']}, reviewed {f['reviewed']}"
            out.append(f"  {f['count']:4}x  {f['tool']:8} {f['subject'][:70]}  ({who})")
            if f["suggestion"]:
                out.append(f"         suggestion: {f['suggestion']}")
    return "\n".join(out)


def run(ns: argparse.Namespace) -> int:
    """`gatekeeper stats`."""
    try:
        keep = log_cmd.make_filter(ns)
    except ValueError as exc:
        print(f"gatekeeper stats: {exc}", file=sys.stderr)
        return 2
    got = log_cmd.read(ns.file or log_cmd.default_path(), keep)
    if got.missing:
        print(f"gatekeeper stats: no audit log at {got.path} yet", file=sys.stderr)
        return 0
    summary = summarize(got.records, ns.top)
    summary["malformed_lines"] = got.malformed
    summary["log"] = os.path.abspath(got.path)
    if ns.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print(render(summary))
        if got.malformed:
            print(f"skipped {got.malformed} malformed line(s)")
    return 0
