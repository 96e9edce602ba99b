"""The fixed cost of a decision: single commands, each decided over and over.

parse_input → decide → render, one engine, reviewer off, in a throwaway HOME (as
`bench/workload.py`). Without ``--passes``: the fastest of 2,000 wall-clock timings of
each command, in µs. With ``--passes N``: each command decided 200 * N times and nothing
printed, for callgrind (start-up cancels out of the difference of two runs)::

    valgrind --tool=callgrind --callgrind-out-file=cg.1 .venv/bin/python bench/fixed.py --passes 1 ls
    valgrind --tool=callgrind --callgrind-out-file=cg.3 .venv/bin/python bench/fixed.py --passes 3 ls

(the instructions of `cg.3` less those of `cg.1`) / 400 = the instructions of one `ls`
decision. `PYTHONPATH=<dir>/src` in front measures another source tree. Nothing is run:
the commands are only parsed and classified.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # bench/ is not a package: its own directory is on the path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("commands", nargs="+")
    parser.add_argument("--passes", type=int, default=0)
    args = parser.parse_args()
    from gatekeeper import config as config_mod
    from gatekeeper.hook import render
    from gatekeeper.pipeline import Engine, parse_input

    with tempfile.TemporaryDirectory() as tmp:
        env, _, project = bench.make_env(Path(tmp) / "b")
        os.environ.update(env)
        engine = Engine(config_mod.load(str(project)))
        for command in args.commands:
            data = bench.bash_payload(command, project)
            for _ in range(50):  # warm-up
                call = parse_input(data)
                out = render(engine.decide(call), call.hook_event_name)
            if args.passes:
                for _ in range(200 * args.passes):
                    call = parse_input(data)
                    render(engine.decide(call), call.hook_event_name)
                continue
            best = float("inf")
            for _ in range(2000):
                start = time.perf_counter_ns()
                call = parse_input(data)
                render(engine.decide(call), call.hook_event_name)
                best = min(best, time.perf_counter_ns() - start)
            print(f"{best / 1000:7.1f} µs  {command!r} -> {out.decode()[:70]!r}")


if __name__ == "__main__":
    main()
