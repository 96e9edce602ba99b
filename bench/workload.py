"""A fixed in-process workload to count instructions with callgrind (the same on a busy host).

Every STRIDE-th command of the peer and public corpora (the order of `bench/run.py`), either
parsed (`parse`: `shell.parse.parse` alone) or decided (`decide`: parse_input → decide →
render, one engine, reviewer off, in a throwaway HOME), PASSES times over. Start-up costs
cancel out of the difference of two runs::

    valgrind --tool=callgrind --callgrind-out-file=cg.1 .venv/bin/python bench/workload.py parse --passes 1
    valgrind --tool=callgrind --callgrind-out-file=cg.3 .venv/bin/python bench/workload.py parse --passes 3

(the instructions of `cg.3` less those of `cg.1`) / 2 / the count the script prints = the
instructions per command. `PYTHONPATH=<dir>/src` in front measures another source tree.
Nothing is run: the commands are only parsed and classified.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # bench/ is not a package: its own directory is on the path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("what", choices=("parse", "decide"))
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--stride", type=int, default=12)
    parser.add_argument("--peer-data", default=os.environ.get("GATEKEEPER_PEER_DATA", ""))
    args = parser.parse_args()
    peer = Path(args.peer_data) if args.peer_data else bench.REPO.parent / "shared" / "peer-data"
    commands = [c for _, c in bench.peer_commands(peer)] + [c for _, c in bench.public_commands()]
    commands = commands[:: args.stride]
    print(f"{len(commands)} commands", file=sys.stderr)
    if args.what == "parse":
        from gatekeeper.shell.parse import parse

        for _ in range(args.passes):
            for command in commands:
                parse(command, "/home/u")
        return
    from gatekeeper import config as config_mod
    from gatekeeper.hook import render
    from gatekeeper.pipeline import Engine, parse_input

    with tempfile.TemporaryDirectory() as tmp:
        env, _, project = bench.make_env(Path(tmp) / "b")
        os.environ.update(env)
        engine = Engine(config_mod.load(str(project)))
        payloads = [bench.bash_payload(command, project) for command in commands]
        for _ in range(args.passes):
            for data in payloads:
                call = parse_input(data)
                render(engine.decide(call), call.hook_event_name)


if __name__ == "__main__":
    main()
