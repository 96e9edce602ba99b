"""What gatekeeper itself costs around a Tier 2 review, with the `claude` child taken out.

Runs a command that Tier 1 sends to review through the real hook processes, each way
``--runs`` times in a throwaway HOME:

- ``tier1``: ``gatekeeper hook`` (cold) with the reviewer disabled (it asks after Tier 1);
- ``review``: ``gatekeeper hook`` with the reviewer enabled, its command a tiny ``/bin/sh``
  script that prints a fixed APPROVE result at once;
- ``warm-tier1`` and ``warm-review``: the same through the fast client (the command
  ``gatekeeper install`` writes) with a warm decision server, which reviews in a child;
- ``child``: that script alone, fed the same kind of prompt.

``review - child`` is everything gatekeeper does besides the child (start-up, Tier 1, the
prompt, the transcript tail, the session state, the audit record); ``review - child -
tier1`` is what the review stage adds on top of a Tier 1 decision; the ``warm-`` lines are
the same on the warm path.

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

from run import compile_sources

from gatekeeper import client

ANSWER = {
    "type": "result",
    "subtype": "success",
    "is_error": False,
    "structured_output": {"decision": "APPROVE", "reason": "benchmark"},
    "total_cost_usd": 0.0,
}


def _timed(argv: list[str], data: bytes, env: dict[str, str], cwd: Path | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(argv, input=data, env=env, cwd=cwd, capture_output=True, check=True)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    compile_sources()
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
        results: dict[str, list[float]] = {
            name: [] for name in ("tier1", "review", "warm-tier1", "warm-review", "child")
        }
        server = _start_server(root / "state" / "run", env)
        fast = client.hook_command()
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
            results["warm-tier1"].append(_timed(fast, data, env, project))
            config.write_text(f'[reviewer]\ncommand = "{fake}"\n')
            results["review"].append(_timed([gatekeeper, "hook"], data, env))
            warm = data.replace(b'"bench-', b'"warm-bench-')  # a fresh session: no loop guard
            results["warm-review"].append(_timed(fast, warm, env, project))
            results["child"].append(_timed([str(fake)], b"x" * 4000, env))
        server.terminate()
        server.wait(timeout=30)
    med = {name: statistics.median(values) for name, values in results.items()}
    print(f"runs: {args.runs}   (medians, ms)")
    for name in results:
        print(f"  {name:12} {med[name]:8.1f}")
    for prefix, label in (("", "cold"), ("warm-", "warm")):
        review, tier1 = med[f"{prefix}review"], med[f"{prefix}tier1"]
        print(
            f"  {label}: gatekeeper around the review (review - child):       "
            f"{review - med['child']:6.1f}"
        )
        print(
            f"  {label}: added by the review stage (review - child - tier1):  "
            f"{review - med['child'] - tier1:6.1f}"
        )
    return 0


def _start_server(directory: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A warm decision server for the benchmark's state dir, as the fast client starts one."""
    proc = subprocess.Popen(
        [sys.executable, "-I", "-m", "gatekeeper.server", str(directory)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not (directory / "server.sock").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the decision server did not start")
        time.sleep(0.02)
    return proc


if __name__ == "__main__":
    sys.exit(main())
