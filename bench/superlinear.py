"""Look for Bash inputs whose decision time grows faster than their size.

Claude Code lets a call through when the hook times out, so an input that keeps Tier 1
busy for minutes is a way around the gate (docs/performance.md, "Bounded time and
memory"). This script decides each shape at two sizes, four times apart, in process (reviewer off,
a throwaway home and project, nothing executed), and reports every shape whose larger size
took more than `--ratio` times as long as the smaller one (linear growth is about 4).

    .venv/bin/python bench/superlinear.py [--small 2000] [--ratio 6] [--floor 0.2] [--head H]

Shapes: each command head followed by one character repeated (bare, in single quotes, in
double quotes), and each head followed by a repeated unit (an option, an assignment, a
redirect, a substitution, a glob...). It prints the suspects and their timings, and exits 1
if there is any.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run as bench  # bench/run.py, beside this script

HEADS = (
    "", "sed -e", "sed -i", "sed -n", "awk", "gawk", "grep -E", "rg", "find . -name",
    "find . -exec grep x {} +", "git", "git log --format=", "git -c", "python3 -c", "perl -e",
    "node -e", "ruby -e", "curl", "wget", "aws s3 ls", "az", "kubectl get", "gcloud", "jq",
    "yq", "echo", "export", "env", "printf", "xargs", "bash -c", "sh -c", "sqlite3 x.db",
    "tar -cf x.tar", "rsync", "socat", "nc", "openssl", "gpg", "pip install", "npm", "make",
    "docker", "ssh", "cd", "ls", "cat", "tee", "cp", "mv", "ln -s", "rm", "chmod", "wc -l",
    "head", "diff", "sort -o x", "git commit -m", "git push", "gh api", "terraform", "helm",
    "eval", "source", "exec", "trap", "alias", "declare", "read", "test", "[", "timeout 5",
    "nice", "sudo", "uv run", "npx", "cargo", "go", "pytest", "ruff", "mypy",
)  # fmt: skip
CHARACTERS = (
    " ", "a", "a ", "-", "/", "$", "=", ".", "w ", "x=", "s/", "\t", "\\n", ";", "{", '\\"',
    "' '", "*", "?", "\\\\", "../", "@", ":", "%", ",", "`",
)  # fmt: skip
UNITS = (
    "-e x ", "-o -name x ", "A=1 ", "-c a=b ", "--x=y ", "> f ", "$(ls) ", "`ls` ", "<(ls) ",
    "${a} ", "src/*.py ", "{a,b} ", "~/x ", "../x ", "a=b ", "-- ", "-rf ", "src ", "'a b' ",
    '"$x" ', "2>&1 ", "| ", "&& ", "; ", "x\\ y ",
)  # fmt: skip
QUOTINGS = ("{}", "'{}'", '"{}"')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=2000, help="characters of the small size")
    parser.add_argument("--ratio", type=float, default=6.0, help="flag above this time ratio")
    parser.add_argument("--floor", type=float, default=0.2, help="ignore big sizes faster (s)")
    parser.add_argument("--head", action="append", help="only these command heads")
    args = parser.parse_args()

    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import Engine, parse_input

    env, _home, project = bench.make_env(Path(tempfile.mkdtemp()) / "superlinear")
    os.environ.update(env)
    (project / "src").mkdir(exist_ok=True)
    for i in range(50):
        (project / "src" / f"f{i}.py").write_text("x\n")
    engine = Engine(config_mod.load(str(project)))

    def seconds(command: str) -> float:
        data = json.dumps(
            {"tool_name": "Bash", "tool_input": {"command": command}, "cwd": str(project)}
        ).encode()
        start = time.process_time()
        engine.decide(parse_input(data))
        return time.process_time() - start

    heads = args.head or HEADS
    shapes: list[tuple[str, str, str]] = []  # (head, filler, quoting)
    shapes += [(h, c, q) for h in heads for c in CHARACTERS for q in QUOTINGS]
    shapes += [(h, u, "{}") for h in heads for u in UNITS]
    suspects = 0
    for head, filler, quoting in shapes:
        times = []
        for size in (args.small, 4 * args.small):
            body = quoting.replace("{}", filler * (size // len(filler)))
            times.append(seconds(f"{head} {body}".strip()))
        small, big = times
        if big > args.floor and big / max(small, 1e-4) > args.ratio:
            suspects += 1
            print(
                f"SUSPECT head={head!r} filler={filler!r} quoting={quoting!r}: "
                f"{small:.3f} s -> {big:.3f} s (x{big / max(small, 1e-4):.1f})",
                flush=True,
            )
    print(f"{len(shapes)} shapes, {suspects} suspects")
    return 1 if suspects else 0


if __name__ == "__main__":
    sys.exit(main())
