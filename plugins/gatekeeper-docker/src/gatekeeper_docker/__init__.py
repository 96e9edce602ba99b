"""GK-DOCKER: docker and docker compose commands.

Read-only subcommands run silently; anything that gives a container the host (privileges,
host namespaces, capabilities, devices, host mounts of sensitive or outside paths) and
anything that deletes goes to the user; other writes go to review. ``docker exec C CMD``
is judged by what ``CMD`` is, through the host's classifier.

## GK-DOCKER-001 — a read-only docker command (SAFE)
**What it catches:** ``docker ps``, ``images``, ``logs``, ``inspect``, ``version``, ``info``,
``top``, ``port``, ``history``, ``diff``, ``system df``, the ``ls``/``inspect`` of
``container``, ``image``, ``volume``, ``network`` and ``context``, and ``docker compose``
``ps``, ``config``, ``logs``, ``ls``, ``images``, ``top``, ``version``, ``port``.
**Why:** they only read the daemon's state. **Example:** ``docker compose logs web``.

## GK-DOCKER-002 — a container that gets the host's privileges (ELEVATE)
**What it catches:** ``docker run``/``create``, ``docker compose run`` and ``docker exec``
with ``--privileged``, ``--pid=host``, ``--network=host`` (``--net``), ``--ipc=host``,
``--uts=host``, ``--userns=host``, ``--cgroupns=host``, ``--cap-add``, ``--device``, or
``--security-opt`` that turns confinement off (``seccomp=unconfined``,
``apparmor=unconfined``, ``label=disable``, ``systempaths=unconfined``).
**Why:** such a container can take over the host. **Example:** ``docker run --privileged alpine``.
**Allowed alternative:** run without those options; ask the user when they are really needed.

## GK-DOCKER-003 — a host mount of a sensitive or outside path (ELEVATE)
**What it catches:** ``-v``/``--volume``/``--mount type=bind`` whose host side is ``/``, the
home directory or one of its parents, the docker socket, a protected or secret path, or any
path outside gatekeeper's allowed directories (the host's path policy decides).
**Why:** the container can read or change those files as root; the socket controls docker
itself. **Example:** ``docker run -v ~/.ssh:/keys alpine``.
**Allowed alternative:** mount a directory inside the project (``-v ./data:/data``) or a named
volume.

## GK-DOCKER-004 — removal of containers, images, volumes or networks (ELEVATE)
**What it catches:** ``docker rm``, ``rmi``, ``system prune``, ``volume rm``/``prune``,
``container rm``/``prune``, ``image rm``/``prune``, ``network rm``/``prune``,
``builder prune``, ``docker compose rm`` and ``docker compose down`` with ``-v`` or
``--rmi``.
**Why:** volumes and images may hold data that exists nowhere else.
**Example:** ``docker volume rm db-data``.

## GK-DOCKER-005 — another docker write (REVIEW)
**What it catches:** every other docker subcommand: ``run``, ``create``, ``build``,
``pull``, ``push``, ``stop``, ``start``, ``login``, ``compose up``/``down``/``build``...
**Why:** they change the daemon's state or publish something, and ``compose up`` runs what
the compose file says, which this plugin does not read. **Example:** ``docker compose up -d``.

## GK-DOCKER-006 — ``docker exec`` of a command (that command's verdict)
**What it catches:** ``docker exec [OPTIONS] CONTAINER CMD...`` and
``docker compose exec [OPTIONS] SERVICE CMD...``: ``CMD`` is judged by every checker, as
if it stood alone, and the call gets at least that verdict (an interactive shell with no
command is REVIEW). **Example:** ``docker exec web ls /app`` is SAFE,
``docker exec web rm -rf /`` is not.

## GK-DOCKER-008 — docker reads a secret or writes a protected host file (ELEVATE)
**What it catches:** ``docker cp`` from a credential file or onto a protected path (shell
start-up files, ``.git`` internals, gatekeeper's and Claude Code's config...),
``docker save``/``export -o`` onto a protected path, ``--env-file``/``--label-file`` of a
credential file. **Why:** the same protection as every other write or read route.
**Example:** ``docker cp web:/tmp/x ~/.bashrc``, ``docker run --env-file ~/.aws/credentials alpine``.

## GK-DOCKER-007 — a docker command not known statically (REVIEW)
**What it catches:** a subcommand, option, mount or exec command that is computed at run
time (``docker $CMD``, ``-v "$SRC":/x``), or an option this plugin does not know before the
image name. **Why:** the gate cannot see what will run.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper import Finding, Verdict, Word, hookimpl

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper import Command, Context

__all__ = ["gatekeeper_check_command"]

# `docker [GLOBAL OPTIONS] SUBCOMMAND`: global options that take a value.
_GLOBAL_VALUE = {"-H", "--host", "-c", "--context", "--config", "-l", "--log-level"}
_GLOBAL_VALUE |= {"--tlscacert", "--tlscert", "--tlskey"}

_READ_ONLY = {"ps", "images", "logs", "inspect", "version", "info", "top", "port", "history"}
_READ_ONLY |= {"diff", "stats", "search"}
_READ_ONLY_MANAGED = {
    "container": {"ls", "list", "ps", "inspect", "logs", "top", "port", "diff", "stats"},
    "image": {"ls", "list", "inspect", "history"},
    "volume": {"ls", "list", "inspect"},
    "network": {"ls", "list", "inspect"},
    "context": {"ls", "list", "inspect", "show"},
    "system": {"df", "info"},
    "compose": {"ps", "config", "logs", "ls", "images", "top", "version", "port"},
}
_REMOVALS = {"rm", "rmi"}
_REMOVALS_MANAGED = {
    "container": {"rm", "remove", "prune"},
    "image": {"rm", "remove", "prune"},
    "volume": {"rm", "remove", "prune"},
    "network": {"rm", "remove", "prune"},
    "system": {"prune"},
    "builder": {"prune"},
    "buildx": {"prune"},
    "compose": {"rm"},
}
# `docker compose [OPTIONS] SUB`: options that take a value.
_COMPOSE_VALUE = {"-f", "--file", "-p", "--project-name", "--project-directory", "--profile"}
_COMPOSE_VALUE |= {"--env-file", "--ansi", "--progress", "--parallel"}

# `docker run` / `create` / `compose run` options that take a value; the rest of their
# options are flags. An option in neither set makes the image position unknown.
_RUN_VALUE = {
    "-a", "--attach", "--add-host", "--annotation", "--blkio-weight", "--cgroup-parent",
    "--cgroupns", "--cidfile", "-c", "--cpu-shares", "--cpus", "--cpuset-cpus",
    "--cpuset-mems", "--cpu-period", "--cpu-quota", "--device", "--device-cgroup-rule",
    "--cap-add", "--cap-drop", "--detach-keys", "--dns", "--dns-option", "--dns-search",
    "--domainname", "-e", "--env", "--env-file", "--entrypoint", "--expose", "--gpus",
    "--group-add", "--health-cmd", "--health-interval", "--health-retries",
    "--health-start-period", "--health-timeout", "-h", "--hostname", "--ip", "--ip6",
    "--ipc", "--isolation", "-l", "--label", "--label-file", "--link", "--log-driver",
    "--log-opt", "--mac-address", "-m", "--memory", "--memory-reservation", "--memory-swap",
    "--memory-swappiness", "--mount", "--name", "--network", "--net", "--network-alias",
    "--pid", "--pids-limit", "--platform", "-p", "--publish", "--pull", "--restart",
    "--runtime", "--security-opt", "--shm-size", "--stop-signal", "--stop-timeout",
    "--storage-opt", "--sysctl", "--tmpfs", "--ulimit", "-u", "--user", "--userns", "--uts",
    "-v", "--volume", "--volume-driver", "--volumes-from", "-w", "--workdir",
    "--service",
}  # fmt: skip
_RUN_FLAGS = {
    "-d", "--detach", "-i", "--interactive", "-t", "--tty", "--rm", "--init", "-P",
    "--publish-all", "--read-only", "--privileged", "--no-healthcheck", "--oom-kill-disable",
    "-q", "--quiet", "--sig-proxy", "--disable-content-trust", "--no-deps",
    "--service-ports", "--use-aliases", "--remove-orphans", "--build",
}  # fmt: skip
_EXEC_VALUE = {"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys"}
_EXEC_VALUE |= {"--index"}
_EXEC_FLAGS = {"-d", "--detach", "-i", "--interactive", "-t", "--tty", "--privileged", "-T"}
_EXEC_FLAGS |= {"--no-TTY"}

_HOST_NAMESPACES = ("--pid", "--network", "--net", "--ipc", "--uts", "--userns", "--cgroupns")
_UNCONFINED = ("unconfined", "label=disable", "label:disable")
_SOCKETS = ("docker.sock", "podman.sock", "containerd.sock")


def _finding(verdict: Verdict, number: int, reason: str) -> Finding:
    return Finding(verdict, f"GK-DOCKER-{number:03d}", reason)


def _options(
    words: Sequence[Word], value_opts: set[str], flag_opts: set[str]
) -> tuple[list[tuple[str, Word | None]], int, bool]:
    """Split leading options from the operands: ([(option, value)], first operand, known).

    ``known`` is False when an unknown option makes the operand position a guess; the
    caller then also checks the words after it. pflag's forms are handled: ``--opt=value``,
    ``--opt value``, ``-v value``, ``-vVALUE`` and combined flags (``-itv value``).
    """
    found: list[tuple[str, Word | None]] = []
    known = True
    i = 0
    while i < len(words):
        text = words[i].text
        if text == "--":
            return found, i + 1, known
        if not text.startswith("-") or text == "-":
            return found, i, known
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            if eq:
                found.append((name, Word(value, words[i].dynamic)))
            elif name in value_opts:
                found.append((name, words[i + 1] if i + 1 < len(words) else None))
                i += 1
            else:
                found.append((name, None))
                known = known and name in flag_opts
            i += 1
            continue
        # Short options, possibly combined: the first one that takes a value ends the group.
        for j in range(1, len(text)):
            opt = f"-{text[j]}"
            if opt in value_opts:
                rest = text[j + 1 :]
                if rest:
                    found.append((opt, Word(rest.removeprefix("="), words[i].dynamic)))
                else:
                    found.append((opt, words[i + 1] if i + 1 < len(words) else None))
                    i += 1
                break
            found.append((opt, None))
            known = known and opt in flag_opts
        i += 1
    return found, len(words), known


def _where(raw: Word, resolved: str) -> str:
    return "" if raw.text == resolved else f" (= {resolved})"


def _host_file(raw: Word, ctx: Context, *, write: bool, what: str) -> Finding | None:
    """ELEVATE for a host file docker reads (a secret) or writes (a protected path)."""
    from gatekeeper.paths import NETWORK, PROTECTED, SECRET

    if raw.dynamic:
        return _finding(Verdict.REVIEW, 7, f"`{what}` uses a host path known only at run time")
    kind, resolved = ctx.paths.classify(raw.text, write=write)
    if kind in (PROTECTED, SECRET, NETWORK):
        verb = "writes" if write else "reads"
        return _finding(
            Verdict.ELEVATE,
            8,
            f"`{what}` {verb} `{raw.text}`{_where(raw, resolved)}, a {kind} path: ask the user",
        )
    return None


def _cp(words: Sequence[Word], what: str, ctx: Context) -> Finding:
    """`docker cp SRC DEST`: the side without `CONTAINER:` is a host file."""
    _, at, known = _options(words, set(), {"-a", "--archive", "-L", "--follow-link", "-q"})
    operands = list(words[at:])
    if not known or len(operands) != 2:
        return _finding(Verdict.REVIEW, 7, f"`{what}` with arguments this plugin does not know")
    for word, write in zip(operands, (False, True), strict=True):
        head, colon, _ = word.text.partition(":")
        if word.text == "-" or (colon and "/" not in head and not word.dynamic):
            continue  # stdin/stdout or a container path
        found = _host_file(word, ctx, write=write, what=what)
        if found is not None:
            return found
    return _finding(Verdict.REVIEW, 5, f"`{what}` copies files between a container and the host")


def _output(words: Sequence[Word], what: str, ctx: Context) -> Finding:
    """`docker save`/`export` `-o FILE`: a write to a host file."""
    options, _, _ = _options(words, {"-o", "--output", "--platform"}, {"-q", "--quiet"})
    for option, value in options:
        if option in ("-o", "--output") and value is not None:
            found = _host_file(value, ctx, write=True, what=what)
            if found is not None:
                return found
    return _finding(Verdict.REVIEW, 5, f"`{what}` writes an archive: review it")


def _host_path_finding(raw: Word, ctx: Context) -> Finding | None:
    """ELEVATE for a host-side mount source that is sensitive or outside the allowed dirs."""
    from gatekeeper.paths import ALLOWED, TMP

    if raw.dynamic:
        return _finding(
            Verdict.REVIEW, 7, f"the host side of a mount (`{raw.text}`) is known only at run time"
        )
    path = ctx.paths.resolve(raw.text)
    home = ctx.paths.home
    if path in ("/", home) or home.startswith(path.rstrip("/") + "/"):
        return _finding(
            Verdict.ELEVATE, 3, f"mounts `{raw.text}` (the root or home directory) into a container"
        )
    if os.path.basename(path) in _SOCKETS or raw.text.endswith(_SOCKETS):
        return _finding(
            Verdict.ELEVATE,
            3,
            f"mounts the container runtime's socket `{raw.text}`: the container controls docker",
        )
    kind, resolved = ctx.paths.classify(raw.text, write=True)
    if kind not in (ALLOWED, TMP):
        return _finding(
            Verdict.ELEVATE,
            3,
            f"mounts `{raw.text}`{_where(raw, resolved)}, a {kind} path, into a container: ask the user",
        )
    return None


def _mount_source(option: str, value: Word) -> Word | None:
    """The host side of a `-v`/`--volume`/`--mount` value, or None for a named volume."""
    if option == "--mount":
        fields = dict(part.partition("=")[::2] for part in value.text.split(","))
        if fields.get("type", "volume") != "bind":
            return None
        source = fields.get("source") or fields.get("src") or ""
        return Word(source or "/", value.dynamic)
    source, colon, _ = value.text.partition(":")
    if not colon:
        return None  # `-v /data`: an anonymous volume at a container path
    if source.startswith(("/", "~", ".", "$")) or value.dynamic:
        return Word(source, value.dynamic)
    return None  # a named volume


def _run_options(words: Sequence[Word], what: str, ctx: Context) -> Finding:
    """`docker run`/`create`/`compose run`: ELEVATE for host access, else REVIEW."""
    options, image_at, known = _options(words, _RUN_VALUE, _RUN_FLAGS)
    if not known:
        # The image position is a guess: judge every later word that looks like an option.
        extra, _, _ = _options(
            [w for w in words[image_at:] if w.text.startswith("-")], _RUN_VALUE, _RUN_FLAGS
        )
        options += extra
    found = [f for o, v in options if (f := _option_finding(o, v, what, ctx)) is not None]
    if found:
        return max(found, key=lambda f: f.verdict == Verdict.ELEVATE)
    if not known:
        return _finding(Verdict.REVIEW, 7, f"`{what}` with an option this plugin does not know")
    return _finding(Verdict.REVIEW, 5, f"`{what}` starts a container: review it")


def _option_finding(option: str, value: Word | None, what: str, ctx: Context) -> Finding | None:
    text = value.text if value is not None else ""
    if option == "--privileged" and text.lower() not in ("false", "0"):
        return _finding(Verdict.ELEVATE, 2, f"`{what} --privileged` gives the container the host")
    if option in ("--cap-add", "--device"):
        return _finding(
            Verdict.ELEVATE,
            2,
            f"`{what} {option} {text}` widens the container's access to the host",
        )
    if option in _HOST_NAMESPACES and value is not None:
        if value.dynamic:
            return _finding(Verdict.REVIEW, 7, f"`{option}` is known only at run time")
        if text == "host":
            return _finding(
                Verdict.ELEVATE, 2, f"`{what} {option}=host` shares the host's namespace"
            )
    if (
        option == "--security-opt"
        and value is not None
        and (value.dynamic or any(u in text for u in _UNCONFINED))
    ):
        return _finding(Verdict.ELEVATE, 2, f"`--security-opt {text}` turns confinement off")
    if option in ("-v", "--volume", "--mount") and value is not None:
        source = _mount_source(option, value)
        if source is not None:
            return _host_path_finding(source, ctx)
    if option in ("--env-file", "--label-file") and value is not None:
        return _host_file(value, ctx, write=False, what=f"{what} {option}")
    return None


def _exec(words: Sequence[Word], what: str, ctx: Context) -> Finding:
    """`docker exec [OPTIONS] CONTAINER CMD...`: at least the verdict of CMD."""
    options, target_at, known = _options(words, _EXEC_VALUE, _EXEC_FLAGS)
    for option, value in options:
        if option == "--privileged" and (value is None or value.text.lower() not in ("false", "0")):
            return _finding(Verdict.ELEVATE, 2, f"`{what} --privileged` gives the command the host")
    if not known:
        return _finding(Verdict.REVIEW, 7, f"`{what}` with an option this plugin does not know")
    argv = [w.text for w in words[target_at + 1 :]]
    if target_at >= len(words) or not argv:
        return _finding(Verdict.REVIEW, 6, f"`{what}` without a command to run")
    if any(w.dynamic for w in words[target_at + 1 : target_at + 2]):
        return _finding(Verdict.REVIEW, 7, f"`{what}` runs a command known only at run time")
    inner = ctx.classify(argv, what)
    rule = "GK-DOCKER-006" if inner.verdict == Verdict.SAFE else inner.rule
    return Finding(inner.verdict, rule, f"`{what}` runs `{' '.join(argv)[:120]}`: {inner.reason}")


def _compose(words: Sequence[Word], prefix: str, ctx: Context) -> Finding:
    """`docker compose [OPTIONS] SUB ...` (and `docker-compose`)."""
    options, at, known = _options(words, _COMPOSE_VALUE, {"--dry-run", "--compatibility"})
    del options
    if not known:
        return _finding(Verdict.REVIEW, 7, f"`{prefix}` with an option this plugin does not know")
    if at >= len(words):
        return _finding(Verdict.SAFE, 1, f"`{prefix}` alone prints help")
    if words[at].dynamic:
        return _finding(Verdict.REVIEW, 7, f"`{prefix}` subcommand known only at run time")
    sub, rest = words[at].text, words[at + 1 :]
    what = f"{prefix} {sub}"
    if sub in _READ_ONLY_MANAGED["compose"]:
        return _finding(Verdict.SAFE, 1, f"`{what}` only reads")
    if sub == "rm" or (
        sub == "down"
        and any(w.text in ("-v", "--volumes") or w.text.startswith("--rmi") for w in rest)
    ):
        return _finding(
            Verdict.ELEVATE, 4, f"`{what}` deletes containers, volumes or images: ask the user"
        )
    if sub == "exec":
        return _exec(rest, what, ctx)
    if sub in ("run", "create"):
        return _run_options(rest, what, ctx)
    return _finding(
        Verdict.REVIEW, 5, f"`{what}` changes containers as the compose file says: review it"
    )


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Judge `docker ...` and `docker-compose ...`; no opinion on anything else."""
    if command.name == "docker-compose":
        return _compose(command.words[1:], "docker-compose", ctx)
    if command.name != "docker":
        return None
    words = command.words[1:]
    _, at, known = _options(
        words, _GLOBAL_VALUE, {"-D", "--debug", "--tls", "--tlsverify", "-v", "--version"}
    )
    if not known:
        return _finding(
            Verdict.REVIEW, 7, "`docker` with a global option this plugin does not know"
        )
    if at >= len(words):
        return _finding(Verdict.SAFE, 1, "`docker` alone prints help")
    if words[at].dynamic:
        return _finding(Verdict.REVIEW, 7, "a `docker` subcommand known only at run time")
    sub, rest = words[at].text, words[at + 1 :]
    if sub == "compose":
        return _compose(rest, "docker compose", ctx)
    if sub in _READ_ONLY_MANAGED and sub != "compose":
        if not rest:
            return _finding(Verdict.SAFE, 1, f"`docker {sub}` alone prints help")
        action = rest[0].text
        what = f"docker {sub} {action}"
        if action in _READ_ONLY_MANAGED[sub]:
            return _finding(Verdict.SAFE, 1, f"`{what}` only reads")
        if action in _REMOVALS_MANAGED.get(sub, set()):
            return _finding(Verdict.ELEVATE, 4, f"`{what}` deletes docker objects: ask the user")
        if sub == "container" and action in ("run", "create"):
            return _run_options(rest[1:], what, ctx)
        if sub == "container" and action == "exec":
            return _exec(rest[1:], what, ctx)
        if sub == "container" and action == "cp":
            return _cp(rest[1:], what, ctx)
        if action in ("save", "export"):
            return _output(rest[1:], what, ctx)
        return _finding(Verdict.REVIEW, 5, f"`{what}` changes docker's state: review it")
    if sub in _REMOVALS_MANAGED and rest and rest[0].text in _REMOVALS_MANAGED[sub]:
        return _finding(
            Verdict.ELEVATE,
            4,
            f"`docker {sub} {rest[0].text}` deletes docker objects: ask the user",
        )
    if sub in _READ_ONLY:
        return _finding(Verdict.SAFE, 1, f"`docker {sub}` only reads")
    if sub in _REMOVALS:
        return _finding(Verdict.ELEVATE, 4, f"`docker {sub}` deletes docker objects: ask the user")
    if sub in ("run", "create"):
        return _run_options(rest, f"docker {sub}", ctx)
    if sub == "exec":
        return _exec(rest, "docker exec", ctx)
    if sub == "cp":
        return _cp(rest, "docker cp", ctx)
    if sub in ("save", "export"):
        return _output(rest, f"docker {sub}", ctx)
    return _finding(Verdict.REVIEW, 5, f"`docker {sub}` changes docker's state: review it")
