"""What gatekeeper itself costs around a Tier 2 review, with the `claude` child taken out.

Runs the real ``gatekeeper hook`` process on a command that Tier 1 sends to review, three
ways, each ``--runs`` times in a throwaway HOME:

- ``tier1``: the reviewer disabled (the hook decides "ask" after Tier 1);
- ``review``: the reviewer enabled, its command a tiny ``/bin/sh`` script that prints a
  fixed APPROVE result at once;
- ``child``: that script alone, fed the same kind of prompt.

``review - child`` is everything gatekeeper does besides the child (start-up, Tier 1, the
prompt, the transcript tail, the session state, the audit record); ``review - child -
tier1`` is what the review stage adds on top of a Tier 1 decision.

    .venv/bin/python bench/review_overhead.py [--runs 30]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ANSWER = {
    "type": "result",
    "subtype": "success",
    "is_error": False,
    "structured_output": {"decision": "APPROVE", "reason": "benchmark"},
    "total_cost_usd": 0.0,
}


def _timed(argv: list[str], data: bytes, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, input=data, env=env, capture_output=True, check=True)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    gatekeeper = shutil.which("gatekeeper", path=os.path.dirname(sys.executable))
    if gatekeeper is None:
        print("no gatekeeper executable beside this interpreter; run `make test` first")
        return 2
    with tempfile.TemporaryDirectory(prefix="gk-review-bench-") as tmp:
        root = Path(tmp)
        fake = root / "fake-claude"
        fake.write_text(f"#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{json.dumps(ANSWER)}'\n")
        fake.chmod(0o755)
        project = root / "home" / "project"
        project.mkdir(parents=True)
        config = root / "config.toml"
        env = {
            "PATH": os.environ.get("PATH", os.defpath),
            "HOME": str(root / "home"),
            "GATEKEEPER_CONFIG": str(config),
            "GATEKEEPER_STATE_DIR": str(root / "state"),
            "CLAUDE_PROJECT_DIR": str(project),
        }
        results: dict[str, list[float]] = {"tier1": [], "review": [], "child": []}
        for run in range(args.runs):
            payload = {
                "tool_name": "Bash",
                "tool_input": {"command": f"frobnicate --run {run}"},
                "cwd": str(project),
                "session_id": f"bench-{run}",
                "hook_event_name": "PreToolUse",
                "permission_mode": "default",
            }
            data = json.dumps(payload).encode()
            config.write_text("[reviewer]\nenabled = false\n")
            results["tier1"].append(_timed([gatekeeper, "hook"], data, env))
            config.write_text(f'[reviewer]\ncommand = "{fake}"\n')
            results["review"].append(_timed([gatekeeper, "hook"], data, env))
            results["child"].append(_timed([str(fake)], b"x" * 4000, env))
    med = {name: statistics.median(values) for name, values in results.items()}
    print(f"runs: {args.runs}   (medians, ms)")
    for name in ("tier1", "review", "child"):
        print(f"  {name:8} {med[name]:8.1f}")
    print(
        f"  gatekeeper around the review (review - child):          {med['review'] - med['child']:6.1f}"
    )
    print(
        "  added by the review stage (review - child - tier1):     "
        f"{med['review'] - med['child'] - med['tier1']:6.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
