"""`bench/cold.py` runs, compares two trees' answers, and lists the cold path's imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

REPO = Path(__file__).resolve().parent.parent


def test_cold_bench_smoke(gk_env: GkEnv, tmp_path: Path) -> None:
    out = tmp_path / "cold.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(REPO / "bench" / "cold.py"),
            "--limit",
            "2",
            "--other",
            str(REPO / "src"),  # the same tree: every answer must agree
            "--out",
            str(out),
            "--work",
            str(gk_env.home / "bench-cold"),
        ],
        capture_output=True,
        text=True,
        env=gk_env.environ(),
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out.read_text())
    assert results["answers_that_differ"] == 0
    assert set(results["cold_ms"]) == set(results["cold_cpu_ms"]) >= {
        "floor: python -I -S -c pass",
        "gatekeeper hook (cold)",
        "imports only",
    }
    assert results["modules_loaded"] > 50
    assert "pluggy" not in results["watched_modules_loaded"]
