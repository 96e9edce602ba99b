"""Whether terraform, run in a directory, would configure a backend other than the local one
(redteam18).

`terraform workspace list` and `terraform providers` configure the backend that
`.terraform/terraform.tfstate` records (`terraform init` writes it; so can the agent: its
`hash` is not checked before the backend runs). A backend is a client of another host and
runs what its settings name: the s3 backend reads `shared_config_files`, whose
`credential_process` it runs. bash (terraform 1.11): a main.tf with an s3 backend naming
`./awsconf` (`credential_process = /abs/cred.sh`), and a hand-written
`.terraform/terraform.tfstate` recording the same backend with `"hash": 1`; `terraform
workspace list` and `terraform providers` ran cred.sh (it created a marker) and listed the
bucket at the backend's endpoint. With no state file, or one recording the local backend
while main.tf names another, terraform stopped before the backend ran.
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head

_MAX_BYTES = 1 << 20


def remote_backend(directory: str) -> str | None:
    """The state file in `directory` recording a backend other than `local` (or one that
    cannot be read as such), else None."""
    path = os.path.join(directory, ".terraform", "terraform.tfstate")
    raw = read_head(path, _MAX_BYTES)
    if raw is None:
        return None  # no state file: terraform asks for `terraform init` first
    if len(raw) > _MAX_BYTES:
        return path
    import json  # only when a state file exists

    try:
        data = json.loads(raw)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are both ValueErrors
        return path
    if not isinstance(data, dict):
        return path
    backend = data.get("backend")
    if backend is None:
        return None
    if not isinstance(backend, dict) or backend.get("type", "local") != "local":
        return path
    return None
