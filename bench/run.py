"""`make bench`: how fast is gatekeeper, measured against the interpreter's own floor.

Everything is measured in one run, on this machine, in a throwaway HOME under
``.cache/bench-home`` (never the real HOME, never ``~/.claude``), with the reviewer disabled so
no model is ever called. It prints a table and writes ``bench-results.json`` (git-ignored):

1. end-to-end latency, process start to exit, over ``bench/corpus.jsonl`` (realistic tool
   calls that Tier 1 decides): p50/p95/p99 and peak RSS of the child (``os.wait4``), for
   - the floor, ``<python> -I -S -c pass``, and ``<python> -c pass``;
   - ``gatekeeper hook`` (the console script: always the cold, in-process path);
   - the fast hook command (``gatekeeper.client``) with no server (cold: the client's
     in-process fallback) and with a warm decision server;
   the variants run round-robin, call by call, so background load hits them alike;
2. in-process throughput of the whole pipeline (stage 0 to the rendered answer, one core)
   over the peer corpora (``../shared/peer-data`` beside the repository, or
   ``--peer-data``/``$GATEKEEPER_PEER_DATA``) and the public corpora in ``tests/``;
3. growth: decision time for commands of 10 characters to 1 MB and nesting depth 1 to 10,000.

The commands are only classified, never run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import resource
    from collections.abc import Callable, Iterator, Sequence

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "bench" / "corpus.jsonl"
PUBLIC_CORPORA = sorted((REPO / "tests" / "corpora").glob("*.sh"))
SESSION = REPO / "examples" / "session.jsonl"
CONFIG = "[reviewer]\nenabled = false\n"
PYTHON = sys.executable
GATEKEEPER = str(Path(PYTHON).with_name("gatekeeper"))


# -- statistics -----------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty sample."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary(times_ms: Sequence[float], rss_kb: Sequence[int] = ()) -> dict[str, float]:
    """p50/p95/p99/mean (ms) and peak RSS (MB) of one sample."""
    out = {
        "n": float(len(times_ms)),
        "p50": percentile(times_ms, 50),
        "p95": percentile(times_ms, 95),
        "p99": percentile(times_ms, 99),
        "mean": statistics.fmean(times_ms),
        "max": max(times_ms),
    }
    if rss_kb:
        out["peak_rss_mb"] = max(rss_kb) / 1024
    return out


# -- the throwaway environment --------------------------------------------------------------


def make_env(root: Path) -> tuple[dict[str, str], Path, Path]:
    """A fresh HOME with a project, a config (reviewer off) and a state dir."""
    if root.exists():
        shutil.rmtree(root)
    home = root / "h"
    project = home / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()
    (project / "tests").mkdir()
    for name in ("README.md", "pyproject.toml", "src/app.py", "src/config.py"):
        (project / name).write_text("x\n")
    config = home / ".config" / "gatekeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(CONFIG)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GATEKEEPER_", "CLAUDE"))}
    env.update(
        {
            "HOME": str(home),
            "GATEKEEPER_CONFIG": str(config),
            "GATEKEEPER_STATE_DIR": str(home / ".local" / "state" / "gatekeeper"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "CLAUDE_PROJECT_DIR": str(project),
        }
    )
    return env, home, project


def bash_payload(command: str, project: Path) -> bytes:
    """The hook input of one Bash call in the project (PreToolUse): the in-process rows'."""
    return json.dumps(
        {
            "tool_name": "Bash",
            "tool_input": {"command": command},
            "cwd": str(project),
            "session_id": "bench",
            "hook_event_name": "PreToolUse",
        }
    ).encode()


def load_corpus(path: Path, home: Path, project: Path) -> list[bytes]:
    """The corpus' tool calls as hook inputs (PreToolUse, in the project)."""
    payloads: list[bytes] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        text = line.replace("{project}", str(project)).replace("{home}", str(home))
        call = json.loads(text)
        call.update(
            {
                "session_id": "bench",
                "transcript_path": "",
                "cwd": str(project),
                "permission_mode": "default",
                "hook_event_name": "PreToolUse",
                "tool_use_id": f"toolu_bench_{len(payloads)}",
            }
        )
        payloads.append(json.dumps(call).encode())
    return payloads


# -- end to end -----------------------------------------------------------------------------


def compile_sources() -> None:
    """Write the bytecode of gatekeeper's sources, as an installed package has it.

    An editable install leaves `src/` uncompiled, and with ``PYTHONDONTWRITEBYTECODE`` set
    (CI images often set it) every hook process would compile each changed module from
    source again: milliseconds per module that no installed gatekeeper pays.
    """
    import compileall

    for tree in (REPO / "src", *sorted((REPO / "plugins").glob("*/src"))):
        compileall.compile_dir(str(tree), quiet=1)


def spawn(
    argv: Sequence[str], data: bytes, env: dict[str, str]
) -> tuple[float, resource.struct_rusage, bytes]:
    """Wall ms, the child's rusage (from `os.wait4`) and stdout of one child process.

    Reaps its own child with wait4, to read the child's own peak RSS and CPU time.
    """
    started = time.perf_counter()
    r_in, w_in = os.pipe()
    r_out, w_out = os.pipe()
    devnull = os.open(os.devnull, os.O_WRONLY)
    pid = os.fork()
    if pid == 0:  # the child: wire stdin/stdout and exec
        try:
            os.dup2(r_in, 0)
            os.dup2(w_out, 1)
            os.dup2(devnull, 2)
            os.closerange(3, 1024)
            os.execve(argv[0], list(argv), env)  # noqa: S606 - our own argv
        finally:
            os._exit(127)
    os.close(r_in)
    os.close(w_out)
    os.close(devnull)
    with os.fdopen(w_in, "wb") as fh, contextlib.suppress(BrokenPipeError):
        fh.write(data)
    with os.fdopen(r_out, "rb") as fh:
        out = fh.read()
    _, _, usage = os.wait4(pid, 0)
    return (time.perf_counter() - started) * 1000, usage, out


class Timed:
    """A child process timed end to end, with its peak RSS."""

    @staticmethod
    def run(argv: Sequence[str], data: bytes, env: dict[str, str]) -> tuple[float, int, bytes]:
        elapsed, usage, out = spawn(argv, data, env)
        return elapsed, usage.ru_maxrss, out


def end_to_end(
    variants: dict[str, Sequence[str]],
    payloads: Sequence[bytes],
    env: dict[str, str],
    rounds: int,
    before_round: Callable[[str], None],
) -> dict[str, dict[str, float]]:
    """Round-robin over variants, call by call; statistics per variant."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    rss: dict[str, list[int]] = {name: [] for name in variants}
    for _ in range(rounds):
        for data in payloads:
            for name, argv in variants.items():
                before_round(name)
                ms, kb, _ = Timed.run(argv, data, env)
                times[name].append(ms)
                rss[name].append(kb)
    return {name: summary(times[name], rss[name]) for name in variants}


# -- in process -----------------------------------------------------------------------------


def peer_commands(peer_dir: Path) -> Iterator[tuple[str, str]]:
    """(corpus name, command) for every command of the peer data that is present."""
    import tomllib

    dippy = peer_dir / "Dippy" / "dippy_default_config_cases.jsonl"
    if dippy.exists():
        for line in dippy.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield "Dippy", json.loads(line)["command"]
    for name in ("gtfobins_commands.json", "harmless_commands.json"):
        path = peer_dir / "aegish-SecBASH" / name
        if path.exists():
            for item in json.loads(path.read_text(encoding="utf-8"))["commands"]:
                yield f"aegish/{name.split('_')[0]}", item["command"]
    allow_dir = peer_dir / "cc-allow"
    for path in sorted(allow_dir.glob("*.toml")) + sorted(allow_dir.glob("rulesets/*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for entry in data.get("command", []) if isinstance(data.get("command"), list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("bash"), str):
                yield "cc-allow", entry["bash"]


def public_commands() -> Iterator[tuple[str, str]]:
    """Commands of the public corpora in tests/ and the Bash calls of examples/session.jsonl."""
    for path in PUBLIC_CORPORA:  # each `# ruleid:`/`# ok:` line annotates the next command
        annotated = False
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.strip()
            if text.startswith(("# ruleid:", "# ok:")):
                annotated = True
            elif annotated and text and not text.startswith("#"):
                yield "tests/corpora", line
                annotated = False
    if SESSION.exists():
        for line in SESSION.read_text(encoding="utf-8").splitlines():
            call = json.loads(line) if line.strip() else {}
            if call.get("tool_name") == "Bash":
                yield "examples/session", call["tool_input"]["command"]


def in_process(
    commands: Sequence[tuple[str, str]],
    project: Path,
    repeat: int = 1,
    *,
    cpu: bool = False,
    best_of: int = 1,
    warm_up: int = 0,
) -> dict[str, dict[str, float]]:
    """Per-call latency (µs) and calls/s of parse_input → decide → render, one engine.

    `warm_up` passes over all the commands run first, untimed: the first pass fills what a
    warm process has (lazily compiled regexes, the config-keyed memos) and costs ~1.5x the
    steady state. The cold cost is what the end-to-end rows measure.

    `cpu` times each call with the process' CPU clock instead of the wall clock: on a
    shared machine, time spent preempted by other processes then does not count.
    `best_of` decides each command that many times in a row and keeps the fastest: what
    a command costs, without the other sessions' bursts (which single runs' p99s mostly
    measure on a loaded machine). Each decision is a full one, from a fresh policy.
    """
    from gatekeeper import config as config_mod
    from gatekeeper.hook import render
    from gatekeeper.pipeline import Engine, parse_input

    engine = Engine(config_mod.load(str(project)))
    payloads = [(corpus, bash_payload(cmd, project)) for corpus, cmd in commands]
    for _ in range(warm_up):
        for _, data in payloads:
            call = parse_input(data)
            render(engine.decide(call), call.hook_event_name)
    per: dict[str, list[float]] = {}
    passes: dict[str, list[float]] = {}  # each pass' calls/s, per row
    clock = time.process_time if cpu else time.perf_counter
    for _ in range(repeat):
        pass_times: dict[str, list[float]] = {}
        for corpus, data in payloads:
            best = float("inf")
            for _ in range(best_of):
                t0 = clock()
                call = parse_input(data)
                render(engine.decide(call), call.hook_event_name)
                best = min(best, clock() - t0)
            pass_times.setdefault(corpus, []).append(best * 1e6)
        _aggregate_rows(pass_times)
        for corpus, ts in pass_times.items():
            per.setdefault(corpus, []).extend(ts)
            passes.setdefault(corpus, []).append(len(ts) / (sum(ts) / 1e6))
    out = {}
    for corpus, ts in per.items():
        stats = summary(ts)  # the percentiles pool every pass' calls
        stats["n"] = len(ts) // repeat  # calls per pass
        stats["calls_per_s"] = len(ts) / (sum(ts) / 1e6)
        if repeat > 1:  # the spread of the host's speed between passes, a few seconds apart
            stats["pass_calls_per_s_min"] = min(passes[corpus])
            stats["pass_calls_per_s_max"] = max(passes[corpus])
        out[corpus] = stats
    return out


PUBLIC_ROWS = ("tests/corpora", "examples/session")
PEERS_ROW = "peer corpora"  # issue 7's throughput target: the peers' commands together


def _aggregate_rows(rows: dict[str, list[float]]) -> None:
    """Add the peers' row (every peer corpus, when any is present) and the `all` row."""
    peers = [t for name, ts in rows.items() if name not in PUBLIC_ROWS for t in ts]
    everything = [t for ts in rows.values() for t in ts]
    if peers:
        rows[PEERS_ROW] = peers
    rows["all"] = everything


def growth(project: Path) -> dict[str, list[dict[str, float]]]:
    """Decision time against command length and nesting depth."""
    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import Engine, parse_input

    engine = Engine(config_mod.load(str(project)))

    def timed(command: str) -> tuple[float, str]:
        data = json.dumps(
            {"tool_name": "Bash", "tool_input": {"command": command}, "cwd": str(project)}
        ).encode()
        best = float("inf")
        outcome = ""
        for _ in range(3 if len(command) < 200_000 else 1):
            t0 = time.perf_counter()
            decision = engine.decide(parse_input(data))
            best = min(best, time.perf_counter() - t0)
            outcome = decision.outcome.value
        return best * 1000, outcome

    rows: dict[str, list[dict[str, float]]] = {"length": [], "nesting": []}
    unit = "ls -la src; "  # 12 characters: one more simple command per unit
    for size in (10, 100, 1_000, 10_000, 100_000, 1_000_000):
        text = (unit * (size // len(unit) + 1))[:size].rstrip("; ") or "ls"
        ms, outcome = timed(text)
        rows["length"].append({"chars": len(text), "ms": ms, "us_per_char": ms * 1000 / len(text)})
        rows["length"][-1]["outcome"] = outcome  # type: ignore[assignment]
    # "depth" is the count of the repeated unit: levels of nesting, pipeline stages (at most
    # 2,048 `|` are analysed: GK-SHELL-008), words of one command.
    shapes: tuple[tuple[str, Callable[[int], str], tuple[int, ...]], ...] = (
        ("subshell", lambda n: "(" * n + "ls" + ")" * n, (1, 10, 100, 1_000, 10_000)),
        ("substitution", lambda n: "echo $(" * n + "ls" + ")" * n, (1, 10, 100, 1_000, 10_000)),
        ("pipeline", lambda n: "ls | " * n + "ls", (1, 10, 100, 1_000, 2_048)),
        ("words", lambda n: "grep -n x" + " src" * n, (1, 10, 100, 1_000, 10_000, 100_000)),
    )
    for shape, make, depths in shapes:
        for depth in depths:
            ms, outcome = timed(make(depth))
            rows["nesting"].append(
                {"shape": shape, "depth": depth, "ms": ms, "us_per_level": ms * 1000 / depth}  # type: ignore[dict-item]
            )
            rows["nesting"][-1]["outcome"] = outcome  # type: ignore[assignment]
    return rows


# -- the run --------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    """What the numbers were measured on."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": model or platform.processor(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "loadavg_start": os.getloadavg(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; print the table; write the results file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=1, help="passes over the corpus")
    parser.add_argument(
        "--peer-data",
        type=Path,
        default=Path(
            os.environ.get("GATEKEEPER_PEER_DATA") or REPO.parent / "shared" / "peer-data"
        ),
    )
    parser.add_argument("--out", type=Path, default=REPO / "bench-results.json")
    parser.add_argument("--limit", type=int, default=0, help="use only N corpus calls (smoke)")
    parser.add_argument("--no-growth", action="store_true", help="skip the growth rows")
    parser.add_argument(
        "--in-process-only",
        action="store_true",
        help="only the in-process rows (no processes started, no growth rows)",
    )
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time the in-process rows in CPU time, not wall time (a shared, loaded machine)",
    )
    parser.add_argument(
        "--best-of",
        type=int,
        default=1,
        help="decide each in-process command N times in a row and keep the fastest",
    )
    parser.add_argument(
        "--warm-up",
        type=int,
        default=1,
        help="untimed passes over the in-process commands before timing them (0: a cold "
        "first pass, as before this option)",
    )
    parser.add_argument(
        "--passes",
        type=int,
        default=3,
        help="timed passes over the in-process commands (calls/s: over all passes, with the "
        "slowest and the fastest pass beside it)",
    )
    parser.add_argument(
        "--per-command-best-of",
        type=int,
        default=3,
        help="also time each in-process command N times in CPU time and report the fastest "
        "(p50/p99 of a command's own cost; 1 skips these rows)",
    )
    parser.add_argument("--work", type=Path, default=REPO / ".cache" / "bench-home")
    ns = parser.parse_args(argv)

    compile_sources()
    env, home, project = make_env(ns.work)
    os.environ.clear()  # the in-process rows read config from the same throwaway HOME
    os.environ.update(env)
    payloads = load_corpus(ns.corpus, home, project)
    if ns.limit:
        payloads = payloads[: ns.limit]
    results: dict[str, object] = {"machine": machine(), "corpus_calls": len(payloads)}

    if not ns.in_process_only:
        results["end_to_end_ms"] = _end_to_end(payloads, env, ns.rounds)
    commands = list(public_commands())
    peer = list(peer_commands(ns.peer_data)) if ns.peer_data.is_dir() else []
    if not peer:
        results["peer_data"] = f"absent ({ns.peer_data}); the peer rows are skipped"
    results["in_process_us"] = in_process(
        peer + commands,
        project,
        repeat=max(1, ns.passes),
        cpu=ns.cpu_clock,
        best_of=max(1, ns.best_of),
        warm_up=max(0, ns.warm_up),
    )
    results["in_process_passes"] = max(1, ns.passes)
    results["in_process_clock"] = "cpu" if ns.cpu_clock else "wall"
    results["in_process_best_of"] = max(1, ns.best_of)
    results["in_process_warm_up"] = max(0, ns.warm_up)
    if ns.per_command_best_of > 1:
        # Issue 3's "analysis of one command": what each command costs, not what the
        # machine's other work cost it. One wall-clock pass's p99 over a small corpus is
        # its slowest command plus whatever preempted it; the fastest of N in CPU time is
        # the command's own cost. The calls/s rows above stay the timed passes'.
        results["per_command_us"] = in_process(
            peer + commands, project, cpu=True, best_of=ns.per_command_best_of
        )
        results["per_command_best_of"] = ns.per_command_best_of
    if not ns.no_growth and not ns.in_process_only:
        results["growth"] = growth(project)
    results["machine"]["loadavg_end"] = os.getloadavg()  # type: ignore[index]
    ns.out.write_text(json.dumps(results, indent=2) + "\n")
    print_table(results)
    print(f"\nresults: {ns.out}")
    return 0


def _end_to_end(
    payloads: Sequence[bytes], env: dict[str, str], rounds: int
) -> dict[str, dict[str, float]]:
    """The end-to-end rows: every variant, call by call, with the ratios to the floor."""
    from gatekeeper import client

    fast = client.hook_command()
    stop = client.stop_server
    variants: dict[str, Sequence[str]] = {
        "floor: python -I -S -c pass": [PYTHON, "-I", "-S", "-c", "pass"],
        "python -c pass": [PYTHON, "-c", "pass"],
        "gatekeeper hook (cold)": [GATEKEEPER, "hook"],
        "fast client, no server (cold)": [*fast, "--no-server"],
        "fast client, warm server": fast,
    }
    # The warm variant's first call starts the server; later calls find it warm.
    Timed.run(fast, payloads[0], env)
    deadline = time.monotonic() + 10
    while not client.server_running(env) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        e2e = end_to_end(variants, payloads, env, rounds, lambda name: None)
    finally:
        stop(env)
    floor = e2e["floor: python -I -S -c pass"]["p50"]
    site = e2e["python -c pass"]["p50"]
    for stats in e2e.values():
        stats["x_floor"] = stats["p50"] / floor
        stats["x_python_c_pass"] = stats["p50"] / site
    return e2e


def print_table(results: dict[str, object]) -> None:
    """The human-readable table."""
    m = cast("dict[str, Any]", results["machine"])
    print(
        f"machine: {m['nproc']} cores, {m['cpu']}, Python {m['python']}; "
        f"load {m['loadavg_start'][0]:.2f} → {m['loadavg_end'][0]:.2f}"
    )
    e2e = cast("dict[str, dict[str, float]]", results.get("end_to_end_ms", {}))
    if e2e:
        print(f"\nend to end, {results['corpus_calls']} calls (ms; RSS MB):")
        print(
            f"  {'variant':34} {'p50':>7} {'p95':>7} {'p99':>7} {'RSS':>6} {'x floor':>7} "
            f"{'x -c pass':>9}"
        )
    for name, s in e2e.items():
        print(
            f"  {name:34} {s['p50']:7.1f} {s['p95']:7.1f} {s['p99']:7.1f} "
            f"{s['peak_rss_mb']:6.1f} {s['x_floor']:7.2f} {s['x_python_c_pass']:9.2f}"
        )
    if "peer_data" in results:
        print(f"\npeer data: {results['peer_data']}")
    clock = "CPU time" if results.get("in_process_clock") == "cpu" else "wall time"
    best_of = results.get("in_process_best_of", 1)
    if best_of != 1:
        clock += f", the fastest of {best_of} per command"
    warm_up = results.get("in_process_warm_up", 0)
    clock += f", after {warm_up} warm-up pass{'es' if warm_up != 1 else ''}" if warm_up else ", cold"
    n_passes = results.get("in_process_passes", 1)
    clock += f", {n_passes} timed passes" if n_passes != 1 else ", 1 timed pass"
    print(f"\nin process, parse → decide → render, one core (µs per call, {clock}):")
    print(
        f"  {'corpus':22} {'calls':>6} {'p50':>7} {'p99':>8} {'calls/s':>9} "
        f"{'slowest pass':>12} {'fastest pass':>12}"
    )
    inproc = cast("dict[str, dict[str, float]]", results["in_process_us"])
    for name, s in inproc.items():
        spread = (
            f" {s['pass_calls_per_s_min']:12.0f} {s['pass_calls_per_s_max']:12.0f}"
            if "pass_calls_per_s_min" in s
            else ""
        )
        print(
            f"  {name:22} {int(s['n']):6d} {s['p50']:7.0f} {s['p99']:8.0f} "
            f"{s['calls_per_s']:9.0f}{spread}"
        )
    per = cast("dict[str, dict[str, float]] | None", results.get("per_command_us"))
    if per:
        n = results.get("per_command_best_of")
        print(f"\none command's analysis (µs, CPU time, the fastest of {n} per command):")
        print(f"  {'corpus':22} {'calls':>6} {'p50':>7} {'p99':>8} {'max':>8}")
        for name, s in per.items():
            print(f"  {name:22} {int(s['n']):6d} {s['p50']:7.0f} {s['p99']:8.0f} {s['max']:8.0f}")
    grow = results.get("growth")
    if isinstance(grow, dict):
        print("\ngrowth (in process, best of 3):")
        for row in grow["length"]:
            print(
                f"  {row['chars']:>9} chars  {row['ms']:9.2f} ms  {row['us_per_char']:7.3f} µs/char"
                f"  {row['outcome']}"
            )
        for row in grow["nesting"]:
            print(
                f"  {row['shape']:12} depth {row['depth']:>6}  {row['ms']:9.2f} ms  "
                f"{row['us_per_level']:7.2f} µs/level  {row['outcome']}"
            )


if __name__ == "__main__":
    sys.exit(main())
