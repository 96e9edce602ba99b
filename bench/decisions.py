"""Decide a fixed subset of the peer corpora in process, for an instruction count.

Wall and CPU time on a shared machine drift by tens of percent; an instruction count under
``valgrind --tool=callgrind`` is the same from run to run. This script decides every
``len/N``-th peer command (N of them: parse_input → decide → render, one engine, reviewer
off, in a throwaway HOME under ``.cache``, as ``bench/run.py`` sets it up) ``--passes`` times
after one warm-up pass. Two runs, with 1 and 0 measured passes, differ by exactly the cost of
N decisions:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no --callgrind-out-file=a.out \\
        .venv/bin/python bench/decisions.py --limit 1000 --passes 1
    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no --callgrind-out-file=b.out \\
        .venv/bin/python bench/decisions.py --limit 1000 --passes 0
    # instructions per decision: (summary of a.out - summary of b.out) / 1000

With ``PYTHONPATH=<dir>/src`` in front it measures another source tree. Nothing is run:
the commands are only classified.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run as bench_run  # bench/run.py, beside this file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=1000, help="decide N peer commands")
    parser.add_argument("--passes", type=int, default=1, help="measured passes after warm-up")
    parser.add_argument("--peer-data", type=Path, default=None)
    parser.add_argument("--work", type=Path, default=bench_run.REPO / ".cache" / "decisions")
    args = parser.parse_args()
    peer = args.peer_data or Path(
        os.environ.get("GATEKEEPER_PEER_DATA") or bench_run.REPO.parent / "shared" / "peer-data"
    )
    env, _home, project = bench_run.make_env(args.work)
    os.environ.update(env)
    from gatekeeper import config as config_mod
    from gatekeeper.hook import render
    from gatekeeper.pipeline import Engine, parse_input

    commands = [c for _, c in bench_run.peer_commands(peer)]
    if not commands:
        raise SystemExit(f"no peer commands under {peer}")
    step = max(1, len(commands) // args.limit)
    commands = commands[::step][: args.limit]
    engine = Engine(config_mod.load(str(project)))
    payloads = [
        json.dumps(
            {
                "tool_name": "Bash",
                "tool_input": {"command": c},
                "cwd": str(project),
                "session_id": "bench",
                "hook_event_name": "PreToolUse",
            }
        ).encode()
        for c in commands
    ]
    for _ in range(1 + args.passes):
        for data in payloads:
            call = parse_input(data)
            render(engine.decide(call), call.hook_event_name)
    print(f"{len(payloads)} commands, {args.passes} measured passes")


if __name__ == "__main__":
    main()
