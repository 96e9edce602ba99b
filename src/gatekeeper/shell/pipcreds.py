"""pip's config files that keep a password (redteam11).

`pip config list|get|debug` prints pip's configuration as it is: an `index-url` of
`https://user:TOKEN@host/simple` comes out whole. It is the same read as `cat
~/.config/pip/pip.conf`, which the gate judges; `pip config list` was GK-DEV-001 SAFE.
"""

from __future__ import annotations

import os

from gatekeeper.shell.gitcreds import secret_config


def _pip_config_files(home: str) -> list[str]:
    env = os.environ
    xdg = env.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    files = [
        env.get("PIP_CONFIG_FILE", ""),
        os.path.join(xdg, "pip", "pip.conf"),
        os.path.join(home, ".config", "pip", "pip.conf"),
        os.path.join(home, ".pip", "pip.conf"),
        "/etc/pip.conf",
        "/etc/xdg/pip/pip.conf",
    ]
    files += [os.path.join(d, "pip", "pip.conf") for d in env.get("XDG_CONFIG_DIRS", "").split(":") if d]
    if env.get("VIRTUAL_ENV"):
        files.append(os.path.join(env["VIRTUAL_ENV"], "pip.conf"))
    return [f for f in files if f and f != os.devnull]


def secret_pip_config(home: str) -> str:
    """The first pip config file holding a URL with a password (or an extra header), or ""."""
    return next((f for f in _pip_config_files(home) if secret_config(f)), "")
