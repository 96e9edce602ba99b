"""The cold hook alone: p50/p95/p99 of `gatekeeper hook` over the bench corpus, and its imports.

    .venv/bin/python bench/cold.py [--rounds N] [--limit N] [--other DIR/src]

Wall time and CPU time (user + system of the child, which hardly depends on other load) are
both reported. Everything runs in the same throwaway HOME as `bench/run.py` (`make_env`: reviewer disabled,
a user config present, never the real HOME), call by call and round-robin over the variants so
background load hits them alike:

- the floor, ``<python> -I -S -c pass``;
- ``gatekeeper hook`` (the console script: the cold, in-process path);
- with ``--other DIR/src``, the same console script with ``PYTHONPATH=DIR/src`` in front: another
  source tree (``git archive <commit> src | tar -x -C DIR``), for a before/after under the same
  load; both trees must give the same answer to every call (checked, printed);
- "imports only": a process that imports what the hook imports for a Bash call (the CLI, the
  hook, the pipeline, every built-in plugin, tree-sitter's binding, the audit module) and
  decides nothing.

It also lists which of the costly standard modules (``typing``, ``inspect``, ``dataclasses``,
``pluggy``, ``tomllib``...) one cold Bash call imports. The commands are only classified,
never run. Writes ``bench-results-cold.json`` (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import (
    CORPUS,
    GATEKEEPER,
    PYTHON,
    REPO,
    compile_sources,
    load_corpus,
    make_env,
    spawn,
    summary,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

WATCHED = (
    "typing",
    "inspect",
    "dataclasses",
    "pluggy",
    "tomllib",
    "ast",
    "dis",
    "tokenize",
    "importlib.metadata",
    "pathlib",
    "json",
    "re",
    "enum",
    "functools",
    "collections",
    "contextlib",
    "fnmatch",
    "types",
)
IMPORTS_ONLY = (
    "from gatekeeper import procexit\n"
    "procexit.tune_gc()\n"  # as the hook process does (run U)
    "import gatekeeper.cli, gatekeeper.hook, gatekeeper.pipeline, gatekeeper.audit\n"
    "from gatekeeper.host import BUILTIN_PLUGINS\n"
    "from gatekeeper.shell import parse\n"
    "for name in BUILTIN_PLUGINS:\n"
    "    __import__(name)\n"  # as the host does (no `importlib` package)
    "parse.parse('for f in a; do true; done', '/')\n"  # tree-sitter loaded, one tree parse
    "procexit.finish(0)\n"
)
PROBE = (
    "import sys\n"
    "from gatekeeper.cli import main\n"
    "main(['hook'])\n"
    "print('\\nMODULES=' + ','.join(sorted(sys.modules)), file=sys.stderr)\n"
)


def timed(argv: Sequence[str], data: bytes, env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall ms, CPU ms (user + system, from `os.wait4`) and stdout of one child process.

    The CPU time hardly depends on what else runs on the machine; the wall time does.
    """
    wall, usage, out = spawn(argv, data, env)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, out


def modules_of_one_call(env: dict[str, str], payload: bytes) -> list[str]:
    """The modules one cold hook call has imported when it is done."""
    proc = subprocess.run(
        [PYTHON, "-c", PROBE], input=payload, capture_output=True, env=env, check=True
    )
    return proc.stderr.decode().rsplit("MODULES=", 1)[1].strip().split(",")


def count_instructions(
    variants: dict[str, tuple[list[str], dict[str, str]]], payloads: Sequence[bytes], cwd: Path
) -> int:
    """Instructions of one whole process per variant, for a Bash, a Read and an Edit call.

    Exact whatever the load (callgrind counts instructions, not time). Each call runs twice
    first, so that the state dir, the config's parse cache and the bytecode exist. The fast
    client with no server (its in-process fallback) is added; with ``--other`` only the
    console script is that tree's (the client would import this tree's package).
    """
    import re

    from gatekeeper import client

    rows = dict(variants)
    env = variants["gatekeeper hook (cold)"][1]
    rows["fast client, no server (cold)"] = ([*client.hook_command(), "--no-server"], env)
    picked: dict[str, bytes] = {}
    for tool in ("Bash", "Read", "Edit"):
        found = next((p for p in payloads if f'"tool_name": "{tool}"'.encode() in p), None)
        if found is not None:
            picked[tool] = found
    print(f"instructions of one process (callgrind), millions; cwd {cwd.name}:")
    print(f"  {'variant':34} " + " ".join(f"{tool:>8}" for tool in picked))
    for name, (cmd, environ) in rows.items():
        counts = []
        for data in picked.values():
            for _ in range(2):
                subprocess.run(cmd, input=data, env=environ, cwd=cwd, capture_output=True, check=False)
            proc = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                input=data,
                env=environ,
                cwd=cwd,
                capture_output=True,
                check=False,
            )
            total = re.search(rb"Collected : (\d+)", proc.stderr)
            counts.append(f"{int(total.group(1)) / 1e6:8.1f}" if total else f"{'?':>8}")
        print(f"  {name:34} " + " ".join(counts))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the cold rows; print them; write the results file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=1, help="passes over the corpus")
    parser.add_argument("--limit", type=int, default=0, help="use only N corpus calls")
    parser.add_argument("--other", type=Path, help="another tree's src dir to compare with")
    parser.add_argument("--out", type=Path, default=REPO / "bench-results-cold.json")
    parser.add_argument("--work", type=Path, default=REPO / ".cache" / "bench-cold-home")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="instead: count each variant's instructions (valgrind's callgrind), one call each",
    )
    ns = parser.parse_args(argv)

    compile_sources()
    if ns.other is not None:  # the same for the other tree: bytecode as an install has it
        import compileall

        compileall.compile_dir(str(ns.other), quiet=1)
    env, home, project = make_env(ns.work)
    payloads = load_corpus(ns.corpus, home, project)
    if ns.limit:
        payloads = payloads[: ns.limit]
    variants: dict[str, tuple[list[str], dict[str, str]]] = {
        "floor: python -I -S -c pass": ([PYTHON, "-I", "-S", "-c", "pass"], env),
        "gatekeeper hook (cold)": ([GATEKEEPER, "hook"], env),
        "imports only": ([PYTHON, "-c", IMPORTS_ONLY], env),
    }
    if ns.other is not None:
        other_env = {**env, "PYTHONPATH": str(ns.other.resolve())}
        variants["gatekeeper hook (cold), --other"] = ([GATEKEEPER, "hook"], other_env)
    if ns.instructions:
        return count_instructions(variants, payloads, project)
    times: dict[str, list[float]] = {name: [] for name in variants}
    cpu: dict[str, list[float]] = {name: [] for name in variants}
    differ = 0
    for _ in range(ns.rounds):
        for data in payloads:
            answers = {}
            for name, (cmd, environ) in variants.items():
                ms, cpu_ms, out = timed(cmd, data, environ)
                times[name].append(ms)
                cpu[name].append(cpu_ms)
                answers[name] = out
            if ns.other is not None:
                differ += (
                    answers["gatekeeper hook (cold)"] != answers["gatekeeper hook (cold), --other"]
                )
    stats = {name: summary(ts) for name, ts in times.items()}
    cpu_stats = {name: summary(ts) for name, ts in cpu.items()}
    bash_call = next((p for p in payloads if b'"Bash"' in p), payloads[0])
    loaded = modules_of_one_call(env, bash_call)
    results: dict[str, object] = {
        "calls": len(payloads) * ns.rounds,
        "loadavg": os.getloadavg(),
        "cold_ms": stats,
        "cold_cpu_ms": cpu_stats,
        "modules_loaded": len(loaded),
        "watched_modules_loaded": [m for m in WATCHED if m in loaded],
    }
    if ns.other is not None:
        results["answers_that_differ"] = differ
    ns.out.write_text(json.dumps(results, indent=2) + "\n")

    print(f"{results['calls']} calls, load {results['loadavg'][0]:.2f} (ms):")  # type: ignore[index]
    print(f"  {'variant':34} {'p50':>7} {'p95':>7} {'p99':>7} {'mean':>7}  CPU: p50 p99")
    for name, s in stats.items():
        c = cpu_stats[name]
        print(
            f"  {name:34} {s['p50']:7.1f} {s['p95']:7.1f} {s['p99']:7.1f} {s['mean']:7.1f}"
            f"  {c['p50']:7.1f} {c['p99']:7.1f}"
        )
    print(f"modules after one cold Bash call: {len(loaded)}")
    print(f"  of {', '.join(WATCHED)}: {', '.join(results['watched_modules_loaded']) or 'none'}")  # type: ignore[arg-type]
    if ns.other is not None:
        print(f"answers that differ between the trees: {differ}")
    print(f"results: {ns.out}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
