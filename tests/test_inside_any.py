"""`paths.inside_any` answers as `any(inside(path, root) for root in roots)`.

The path policy tests a path against each tuple of roots (protected, allowed, tmp, the
credential dirs of the home, the system dirs) in one `startswith` over the roots' prefixes.
These tests compare it with the per-root test it replaces, and the policy's answers with
the code as it was.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper import paths
from gatekeeper.config import Config

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

COMPONENT = st.sampled_from(["a", "ab", "proj", "projevil", ".", "..", "", ".git", "etc", "é"])
PATH = st.builds(
    lambda lead, parts, tail: lead + "/".join(parts) + tail,
    st.sampled_from(["/", "//", "/", "", "./"]),
    st.lists(COMPONENT, max_size=5),
    st.sampled_from(["", "", "/", "/.", "//"]),
)
ROOTS = st.lists(st.one_of(PATH, st.sampled_from(["/", "/a", "/ab", "/proj", "/etc"])), max_size=5)


@settings(max_examples=4000)
@given(PATH, ROOTS)
def test_inside_any_is_any_inside(path: str, roots: list[str]) -> None:
    expected = any(PurePosixPath(path).is_relative_to(root) for root in roots)
    assert paths.inside_any(path, tuple(roots)) == expected
    assert paths.inside_any(path, tuple(roots)) == expected  # the memoized prefixes too


def test_the_memo_of_prefixes_stays_bounded() -> None:
    for i in range(600):
        paths.inside_any("/a/b", (f"/r{i}",))
    assert len(paths._PREFIXES) <= 256


def _is_protected_as_it_was(policy: paths.PathPolicy, path: str) -> bool:
    if any(paths.inside(path, p) for p in policy.protected):
        return True
    parts = paths._parts(path.lower())
    name = parts[-1] if parts else ""
    if name in paths._STARTUP_FILES or policy.is_secret(path):
        return True
    for i, part in enumerate(parts[:-1]):
        if part in (".git", ".husky", ".devcontainer"):
            return True
        if part == ".vscode" and parts[i + 1] in paths._VSCODE_RUNS_CODE:
            return True
        if part == ".claude":
            rest = parts[i + 1 :]
            if rest and (
                rest[0] in ("hooks", "commands", "agents", "plugins")
                or paths._SETTINGS_JSON(rest[0])
                or rest[0] == "gatekeeper.toml"
            ):
                return True
    if name in (".git", ".claude", ".husky", ".devcontainer"):
        return True
    return any(paths.inside(path, r) for r in ("/etc", "/usr", "/boot"))


_PARTS = st.sampled_from(
    ["h", ".ssh", ".config", "gh", "etc", "usr", "bootx", "proj", "x", ".claude", "hooks", "."]
)


@settings(
    max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_PARTS, max_size=5), st.sampled_from(["", "/", "//"]))
def test_the_policy_classifies_as_before(gk_env: GkEnv, parts: list[str], lead: str) -> None:
    policy = paths.PathPolicy.from_config(
        Config(project_root="/proj", protected_paths=("/proj/keep",)), "/proj"
    )
    home = str(gk_env.home)
    path = lead + "/".join(parts) if lead else home + "/" + "/".join(parts)
    assert policy.is_protected(path) == _is_protected_as_it_was(policy, path)
    inside_allowed = any(paths.inside(path, a) for a in policy.allowed)
    inside_tmp = any(paths.inside(path, t) for t in policy.tmp)
    kind = policy._classify_one(path, path, write=False)[0]
    if kind not in (paths.DEVICE, paths.NETWORK, paths.SECRET):
        assert (kind == paths.ALLOWED) == inside_allowed
        assert (kind == paths.TMP) == (inside_tmp and not inside_allowed)
