"""Do two source trees of gatekeeper decide every corpus command alike? (a speed-up must not
change a decision).

    git archive <commit> src | tar -x -C <dir>
    .venv/bin/python bench/compare_trees.py <dir>/src src

Each tree decides, in its own process, every command of the peer corpora and of the public
corpora (reviewer disabled, in a throwaway HOME under ``.cache``, with a credential file and a
symlink to it inside the project). The decisions (outcome, rule, reason, findings) must be
identical; the differences are printed and the exit status is 1 if there are any. Nothing is
ever run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXTRA = [
    "cat credentials",
    "grep x credentials",
    "cat notthere",
    "cd src && cat credentials",
    "cat cred\u00e9",
    "cat a\x00b",
]


def decide_all(src: str, peer_data: str, out: str) -> None:
    """In a child process: decide every command with the tree at `src`, one JSON line each."""
    sys.path.insert(0, src)
    sys.path.insert(1, str(REPO / "bench"))
    import run as bench

    env, home, project = bench.make_env(REPO / ".cache" / "compare-home")
    os.environ.clear()
    os.environ.update(env)
    (home / ".aws").mkdir()
    (home / ".aws" / "credentials").write_text("x")
    (project / "credentials").symlink_to(home / ".aws" / "credentials")
    import gatekeeper
    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import Engine, parse_input

    if not (gatekeeper.__file__ or "").startswith(os.path.abspath(src)):
        raise SystemExit(f"imported {gatekeeper.__file__}, not the tree at {src}")
    engine = Engine(config_mod.load(str(project)))
    commands = [c for _, c in bench.peer_commands(Path(peer_data))]
    commands += [c for _, c in bench.public_commands()] + EXTRA
    with open(out, "w", encoding="utf-8") as fh:
        for command in commands:
            data = json.dumps(
                {
                    "tool_name": "Bash",
                    "tool_input": {"command": command},
                    "cwd": str(project),
                    "hook_event_name": "PreToolUse",
                }
            ).encode()
            d = engine.decide(parse_input(data))
            findings = sorted((f.rule, f.verdict.value) for f in d.findings)
            row = [command, d.outcome.value, d.rule, d.reason, findings]
            fh.write(json.dumps(row) + "\n")


def main() -> int:
    """Compare the two trees; 1 if any decision differs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument(
        "--peer-data",
        default=os.environ.get("GATEKEEPER_PEER_DATA") or str(REPO.parent / "shared" / "peer-data"),
    )
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.child:
        decide_all(ns.child[0], ns.peer_data, ns.child[1])
        return 0
    rows = []
    for name, src in (("before", ns.before), ("after", ns.after)):
        out = REPO / ".cache" / f"compare-{name}.jsonl"
        subprocess.run(
            [
                *(sys.executable, __file__, ns.before, ns.after, "--peer-data", ns.peer_data),
                *("--child", os.path.abspath(src), str(out)),
            ],
            check=True,
        )
        rows.append(out.read_text(encoding="utf-8").splitlines())
    differ = [(a, b) for a, b in zip(*rows, strict=True) if a != b]
    for a, b in differ:
        print(f"- {a}\n+ {b}")
    print(f"{len(rows[0])} decisions, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
