"""Whether npm would read a `.npmrc`, in the directory it runs in or a parent, that sends an
approved query somewhere else or makes it write outside the project (redteam18).

npm (and pnpm) read the project's `.npmrc` on every command, and expand `${VAR}` in it from
the environment. bash: with `registry=http://127.0.0.1:PORT/${SECRET}/` in the project's
`.npmrc`, `npm view lodash`, `npm search lodash` and `npm ping` asked that server for
`/<the secret's value>/lodash`: the agent's own file picks the host and what the request
carries. With `logs-dir=DIR`, `npm ls 'a;CMD'` wrote its debug log, whose `verbose title` line
is `npm ls a;CMD`, into DIR (a directory a shell sources: sourcing it ran CMD).

A setting is let through when it is known to do neither: `_HARMLESS` for every command, and
`_REGISTRY` (a registry, its credentials, a proxy, TLS settings) for the commands that talk to
no registry (`npm ls`, `npm run`). A section, a line npm would read as another setting, or a
`${VAR}` outside a registry setting counts. The home's `~/.npmrc` is the user's own (and a
protected path).
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head, upwards

_MAX_BYTES = 65536
# What a project's `.npmrc` commonly sets for installs and version bumps: none of it names a
# file, a program or a host.
_HARMLESS = frozenset({
    "save", "save-exact", "save-prefix", "save-dev", "save-optional", "save-peer", "save-prod",
    "engine-strict", "legacy-peer-deps", "strict-peer-deps", "auto-install-peers",
    "package-lock", "package-lock-only", "lockfile-version", "fund", "audit", "audit-level",
    "loglevel", "progress", "color", "unicode", "update-notifier", "ignore-scripts", "omit",
    "include", "install-strategy", "install-links", "git-tag-version", "sign-git-tag",
    "tag-version-prefix", "message", "workspaces-update", "shamefully-hoist", "hoist",
    "node-linker", "prefer-workspace-packages", "link-workspace-packages",
    "init-author-name", "init-author-email", "init-author-url", "init-license",
    "init-version", "access", "provenance", "prefer-offline", "prefer-online", "offline",
    "fetch-retries", "fetch-retry-factor", "fetch-retry-mintimeout", "fetch-retry-maxtimeout",
    "fetch-timeout", "maxsockets",
})  # fmt: skip
_REGISTRY = frozenset({
    "registry", "always-auth", "_auth", "_authtoken", "email", "username", "_password",
    "proxy", "https-proxy", "http-proxy", "noproxy", "no-proxy", "strict-ssl", "ca", "cafile",
    "cert", "key", "certfile", "keyfile",
})  # fmt: skip


def _registry_key(key: str) -> bool:
    """A registry setting: `registry`, `@scope:registry`, `//host/:_authToken`..."""
    return key.lower() in _REGISTRY or key.endswith(":registry") or key.startswith("//")


def _risky_text(text: str, network: bool) -> bool:
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line[0] == "[":
            return True  # a section: keys npm reads under another name
        key, _, value = line.partition("=")
        key = key.strip().strip("\"'")
        key = key.removesuffix("[]")
        if _registry_key(key):
            if network:
                return True
            continue
        if "${" in key or "${" in value or key not in _HARMLESS:
            return True
    return False


def _risky_file(path: str, network: bool) -> bool:
    raw = read_head(path, _MAX_BYTES)
    if raw is None:
        return False  # no such file (or a directory): nothing npm reads
    if len(raw) > _MAX_BYTES:
        return True
    try:
        return _risky_text(raw.decode(), network)
    except UnicodeDecodeError:
        return True


def risky_npmrc(start: str, home: str, network: bool) -> str | None:
    """The first `.npmrc` from `start` (absolute) upwards that sets something not let
    through for a command that talks to a registry (`network`) or not, else None. `home`'s
    own is skipped."""
    for path in upwards(start):
        if path != home:
            candidate = os.path.join(path, ".npmrc")
            if _risky_file(candidate, network):
                return candidate
    return None
