"""The benchmarks run: `bench/cold.py` compares two trees' answers and lists the cold path's
imports; `bench/run.py --best-of N` keeps each command's fastest of N decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.conftest import REPO, run_bench

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv


def test_cold_bench_smoke(gk_env: GkEnv, tmp_path: Path) -> None:
    results, _ = run_bench(
        gk_env,
        tmp_path,
        "cold.py",
        "--limit",
        "2",
        "--other",
        str(REPO / "src"),  # the same tree: every answer must agree
    )
    assert results["answers_that_differ"] == 0
    assert set(results["cold_ms"]) == set(results["cold_cpu_ms"]) >= {
        "floor: python -I -S -c pass",
        "gatekeeper hook (cold)",
        "imports only",
    }
    assert results["modules_loaded"] > 50
    assert "pluggy" not in results["watched_modules_loaded"]


def test_best_of_is_reported_and_gives_every_public_row(gk_env: GkEnv, tmp_path: Path) -> None:
    results, stdout = run_bench(
        gk_env,
        tmp_path,
        "run.py",
        "--in-process-only",
        "--cpu-clock",
        "--best-of",
        "2",
        "--peer-data",
        str(tmp_path / "absent"),
    )
    assert results["in_process_best_of"] == 2
    assert results["in_process_clock"] == "cpu"
    rows = results["in_process_us"]
    assert {"tests/corpora", "examples/session", "all"} <= set(rows)
    assert rows["all"]["p50"] <= rows["all"]["p99"]
    assert "the fastest of 2 per command" in stdout
    assert results["in_process_warm_up"] == 1  # the default: one untimed pass first
    assert "after 1 warm-up pass" in stdout
    per = results["per_command_us"]  # the default: each command's fastest of 3, CPU time
    assert results["per_command_best_of"] == 3
    assert {"tests/corpora", "examples/session", "all"} <= set(per)
    assert per["all"]["p50"] <= per["all"]["p99"] <= per["all"]["max"]
    assert "one command's analysis (µs, CPU time, the fastest of 3 per command)" in stdout


def test_peer_row_counts_only_the_peers_and_each_pass(gk_env: GkEnv, tmp_path: Path) -> None:
    """Issue 7's throughput target is over the peer corpora: their own row, every pass timed."""
    import json

    peer = tmp_path / "peer-data" / "aegish-SecBASH"
    peer.mkdir(parents=True)
    harmless = {"commands": [{"command": c} for c in ("ls", "git status", "wc -l README.md")]}
    (peer / "harmless_commands.json").write_text(json.dumps(harmless), encoding="utf-8")
    results, stdout = run_bench(
        gk_env,
        tmp_path,
        "run.py",
        "--in-process-only",
        "--passes",
        "2",
        "--per-command-best-of",
        "1",
        "--peer-data",
        str(tmp_path / "peer-data"),
    )
    rows = results["in_process_us"]
    assert results["in_process_passes"] == 2
    assert rows["peer corpora"]["n"] == rows["aegish/harmless"]["n"] == 3
    public = rows["tests/corpora"]["n"] + rows["examples/session"]["n"]
    assert rows["all"]["n"] == 3 + public
    peers = rows["peer corpora"]
    assert peers["pass_calls_per_s_min"] <= peers["calls_per_s"] <= peers["pass_calls_per_s_max"]
    assert "2 timed passes" in stdout
