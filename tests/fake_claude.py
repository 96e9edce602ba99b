"""A stand-in `claude` executable for the reviewer's failure modes (no model, no network).

The tests copy this file into a bin directory as ``claude`` and put that directory first on
PATH. What it does is chosen by ``FAKE_CLAUDE_MODE``; every run appends one JSON line to
``FAKE_CLAUDE_LOG`` (argv, the prompt it read on stdin, its cwd, the marker variables it
saw) so a test can check how gatekeeper called it.
"""

from __future__ import annotations

import json
import os
import sys
import time


def result(decision: str, reason: str, **extra: object) -> dict[str, object]:
    data: dict[str, object] = {
        "type": "result",
        "subtype": "success",
        "is_error": False,
        "result": json.dumps({"decision": decision, "reason": reason}),
        "structured_output": {"decision": decision, "reason": reason},
        "total_cost_usd": float(os.environ.get("FAKE_CLAUDE_COST", "0.002")),
        "num_turns": 2,
    }
    data.update(extra)
    return data


def main() -> int:
    prompt = sys.stdin.read()
    mode = os.environ.get("FAKE_CLAUDE_MODE", "APPROVE")
    log = os.environ.get("FAKE_CLAUDE_LOG")
    if log:
        with open(log, "a") as handle:
            entry = {
                "argv": sys.argv[1:],
                "prompt": prompt,
                "cwd": os.getcwd(),
                "child_marker": os.environ.get("GATEKEEPER_REVIEWER_CHILD"),
                "claudecode": os.environ.get("CLAUDECODE"),
                "mode": mode,
            }
            handle.write(json.dumps(entry) + "\n")
    reason = os.environ.get("FAKE_CLAUDE_REASON", f"fake reviewer says {mode}")
    if mode in ("APPROVE", "PUSH_BACK", "ELEVATE"):
        print(json.dumps(result(mode, reason)))
    elif mode == "array":
        print(json.dumps([{"type": "system"}, result("APPROVE", reason)]))
    elif mode == "exit":
        print("something went wrong", file=sys.stderr)
        return 3
    elif mode == "hang":
        # A grandchild in the same process group: the timeout must kill it too.
        import subprocess  # (here: every other mode starts faster without it)

        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        pid_file = os.environ.get("FAKE_CLAUDE_PIDS")
        if pid_file:
            with open(pid_file, "w") as handle:
                handle.write(f"{os.getpid()} {child.pid}\n")
        time.sleep(120)
    elif mode == "garbage":
        print("I think this is fine!")
    elif mode == "no_structured_output":
        data = result("APPROVE", reason)
        del data["structured_output"]
        print(json.dumps(data))
    elif mode == "is_error":
        print(json.dumps(result("APPROVE", reason, is_error=True)))
    elif mode == "max_budget":
        print(json.dumps(result("APPROVE", reason, subtype="error_max_budget_usd")))
    elif mode == "bad_decision":
        print(json.dumps(result("MAYBE", reason)))
    elif mode == "empty_reason":
        print(json.dumps(result("APPROVE", "  ")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
