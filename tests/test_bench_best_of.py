"""`bench/run.py --best-of N`: the in-process rows keep each command's fastest of N decisions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

REPO = Path(__file__).resolve().parent.parent


def test_best_of_is_reported_and_gives_every_public_row(gk_env: GkEnv, tmp_path: Path) -> None:
    out = tmp_path / "bench-results.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(REPO / "bench" / "run.py"),
            "--in-process-only",
            "--cpu-clock",
            "--best-of",
            "2",
            "--peer-data",
            str(tmp_path / "absent"),
            "--out",
            str(out),
            "--work",
            str(gk_env.home / "bench"),
        ],
        capture_output=True,
        text=True,
        env=gk_env.environ(),
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out.read_text())
    assert results["in_process_best_of"] == 2
    assert results["in_process_clock"] == "cpu"
    rows = results["in_process_us"]
    assert {"tests/corpora", "examples/session", "all"} <= set(rows)
    assert rows["all"]["p50"] <= rows["all"]["p99"]
    assert "the fastest of 2 per command" in proc.stdout
