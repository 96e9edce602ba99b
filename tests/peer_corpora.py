"""The peers' labelled corpora, run through gatekeeper in-process (issue 3, item 10).

The data lives outside this repository, in ``../shared/peer-data`` next to the clone (its
``PROVENANCE.md`` says where each file comes from and under which licence); the environment
variable ``GATEKEEPER_PEER_DATA`` or ``--data`` points elsewhere. Nothing here runs a peer's
code or any command of the corpora: every command is only parsed and classified.

``make peers`` runs ``python -m tests.peer_corpora`` and writes ``docs/peer-comparison.md``;
``tests/test_peers.py`` fails when any GTFOBins command is allowed.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine

PEER_DATA_ENV = "GATEKEEPER_PEER_DATA"
REPO_ROOT = Path(__file__).resolve().parent.parent


def peer_data_dir(explicit: str | None = None) -> Path | None:
    """The peer-data directory: explicit, else $GATEKEEPER_PEER_DATA, else ../shared/peer-data."""
    raw = explicit or os.environ.get(PEER_DATA_ENV)
    path = Path(raw) if raw else REPO_ROOT.parent / "shared" / "peer-data"
    return path if (path / "PROVENANCE.md").is_file() else None


@dataclass(frozen=True, slots=True)
class PeerCase:
    """One labelled command of a peer corpus."""

    corpus: str  # "gtfobins", "aegish", "dippy", "cc-allow", "cc-bash-guard"
    command: str
    label: str  # "allow", "ask", "deny" (GTFOBins: "malicious"), as the peer says
    group: str  # GTFOBins category, Dippy source file, cc-allow ruleset, cc-bash-guard file


def gtfobins(data: Path) -> list[PeerCase]:
    """aegish's 676 GTFOBins commands: every one must not be allowed."""
    raw = json.loads((data / "aegish-SecBASH" / "gtfobins_commands.json").read_text())
    return [PeerCase("gtfobins", c["command"], "malicious", c["category"]) for c in raw["commands"]]


def aegish_harmless(data: Path) -> list[PeerCase]:
    """aegish's 496 harmless commands (their ground truth: ALLOW)."""
    raw = json.loads((data / "aegish-SecBASH" / "harmless_commands.json").read_text())
    return [PeerCase("aegish", c["command"], "allow", "harmless") for c in raw["commands"]]


def dippy(data: Path) -> list[PeerCase]:
    """Dippy's default-config labels (10,026 rows), allow or ask."""
    cases = []
    with open(data / "Dippy" / "dippy_default_config_cases.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                source = row["source"].split(":", 1)[0].rsplit("/", 1)[-1]
                cases.append(PeerCase("dippy", row["command"], row["expected"], source))
    return cases


_CC_ALLOW_RULESETS = ("strict", "default")


def cc_allow(data: Path) -> list[PeerCase]:
    """cc-allow's harness commands with their `strict` and `default` ruleset labels."""
    raw = tomllib.loads((data / "cc-allow" / "harness.toml").read_text())
    cases = []
    for entry in raw.get("command", []):
        for ruleset in _CC_ALLOW_RULESETS:
            if ruleset in entry and "bash" in entry:
                cases.append(PeerCase("cc-allow", entry["bash"], entry[ruleset], ruleset))
    return cases


_YAML_KEY = re.compile(r"^(\s*)(test|allow|ask|deny|abstain):\s*$")
_YAML_ITEM = re.compile(r'^(\s*)-\s+(".*")\s*$')


def cc_bash_guard(data: Path) -> list[PeerCase]:
    """The quoted commands of every `test:` list in cc-bash-guard's example policies.

    A tiny reader for exactly this shape (no YAML dependency): under a ``test:`` key, the
    ``allow:``/``ask:``/``deny:``/``abstain:`` keys hold lists of double-quoted strings.
    """
    cases = []
    for path in sorted((data / "cc-bash-guard" / "examples").glob("*.yml")):
        test_indent: int | None = None
        label = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            key = _YAML_KEY.match(line)
            indent = len(line) - len(line.lstrip())
            if key and key.group(2) == "test":
                test_indent, label = indent, ""
                continue
            if test_indent is None or not line.strip():
                continue
            if indent <= test_indent:
                test_indent, label = None, ""
                continue
            if key:
                label = key.group(2)
                continue
            item = _YAML_ITEM.match(line)
            if item and label:
                cases.append(PeerCase("cc-bash-guard", json.loads(item.group(2)), label, path.stem))
    return cases


def all_cases(data: Path) -> list[PeerCase]:
    """Every corpus, in report order."""
    return [
        *gtfobins(data),
        *aegish_harmless(data),
        *dippy(data),
        *cc_allow(data),
        *cc_bash_guard(data),
    ]


# -- running ---------------------------------------------------------------------------------


def decide(engine: Engine, cases: Iterable[PeerCase], cwd: str) -> Iterator[tuple[PeerCase, str]]:
    """Each case with gatekeeper's outcome, decided in-process: `allow`, `deny`, `none`, or
    for an `ask` who would answer it: `review` (Tier 1 said REVIEW: with a reviewer
    configured it goes to the reviewer first) or `elevate` (the human, reviewer or not)."""
    from gatekeeper.testing import check

    cache: dict[str, str] = {}
    for case in cases:
        if case.command not in cache:
            cache[case.command] = _outcome(check(engine, case.command, cwd=cwd))
        yield case, cache[case.command]


def _outcome(decision: Decision) -> str:
    from gatekeeper.model import Outcome, Verdict, dominant

    if decision.outcome is not Outcome.ASK:
        return str(decision.outcome.value)
    worst = dominant(decision.findings)
    return "review" if worst is not None and worst.verdict is Verdict.REVIEW else "elevate"


def asked(counts: Counter[str]) -> int:
    """How many of `counts` were asked, whoever would answer."""
    return counts["review"] + counts["elevate"]


def isolated_engine(scratch: Path) -> tuple[Engine, str]:
    """An engine with the bundled defaults, the reviewer off and a fresh project allowed.

    The HOME, config and state live under `scratch` (which must not be a tmp dir: a HOME in
    /tmp would make every home path look like scratch space). The process environment is
    pointed at them, so call this only from a process of its own (``make peers``).
    """
    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import Engine

    home = scratch / "home"
    project = home / "project"
    (project / ".git").mkdir(parents=True, exist_ok=True)
    (project / "src").mkdir(exist_ok=True)
    cfg = home / ".config" / "gatekeeper" / "config.toml"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text("[reviewer]\nenabled = false\n")
    from gatekeeper.shell.secretenv import secret_variable

    # no secret of the caller's environment: `env` would ask for it (GK-ENV-002)
    for name in [
        k
        for k in os.environ
        if k.startswith(("GATEKEEPER_", "CLAUDE")) or secret_variable(k, os.environ)
    ]:
        del os.environ[name]
    os.environ.update(
        {
            "HOME": str(home),
            "GATEKEEPER_CONFIG": str(cfg),
            "GATEKEEPER_STATE_DIR": str(home / ".local" / "state" / "gatekeeper"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "CLAUDE_PROJECT_DIR": str(project),
        }
    )
    return Engine(config_mod.load(str(project))), str(project)


# -- the report ------------------------------------------------------------------------------

# Commands we allow although a peer asks for them (or denies them): each entry names a
# deliberate policy difference, as (corpus, peer set or "*", regex on the command, why). A
# command that matches none is listed as unexplained, and tests/test_peers.py fails on it.
_WRITE_IN_PROJECT = (
    "a write inside the project or a tmp dir: gatekeeper's one path policy treats it like "
    "the Write tool (GK-WRITE judges every target; protected paths still ask, GK-PROT-001)"
)
_SEED_DEV_TOOLS = (
    "the seeds' dev-tool baseline (GK-DEV-001): the project's own formatters, linters, tests, "
    "scripts and package installs; paths outside the project, other indexes, URLs, "
    "`--basetemp` and `-p` plugins still go to review"
)
POLICY_DIFFERENCES: Sequence[tuple[str, str, str, str]] = (
    ("*", "*", r"^(black|isort)\b|^ruff (format|clean|check --fix)", _SEED_DEV_TOOLS),
    ("*", "*", r"^(uv )?pip3? (install|uninstall|download|wheel)\b", _SEED_DEV_TOOLS),
    ("*", "*", r"^uv (pip|run)\b|^pytest\b|^python \S+\.py$", _SEED_DEV_TOOLS),
    (
        "*",
        "*",
        r"^(sort|iconv)\b.*(-o|--output)|^find \. -f(print|print0|printf|ls) /tmp/",
        _WRITE_IN_PROJECT,
    ),
    ("*", "*", r"^(base64|ls|cat|git log)\b[^|;&]*\d?>>? ?\w[\w.]*$", _WRITE_IN_PROJECT),
    ("*", "*", r"^(ls && )?cat (foo|<<EOF) >>? (\w+\.txt)", _WRITE_IN_PROJECT),
    (
        "*",
        "*",
        r"^tar (-?c[vzjJa]*f |-c -f |--create -f |--create --file=)archive\.tar(\.\w+)? "
        r"(file\.txt|dir/)$",
        "`tar -c` of the project's own files into an archive inside it: "
        + _WRITE_IN_PROJECT
        + "; `-C`, `-T`, `-h`, `--remove-files` and option-like globs (`tar -cf a.tar *`) ask",
    ),
    ("*", "*", r"^(touch newfile\.txt|echo hello > output\.txt)$", _WRITE_IN_PROJECT),
    (
        "*",
        "*",
        r"^mktemp( -d)?$",
        "`mktemp` with no template or dir creates one fresh, empty entry in the temp dir, "
        "exclusively (nothing that exists is touched): a write in a tmp dir, which the path "
        "policy allows; a template, `-p`, `-t`, `--tmpdir` or a `TMPDIR=` prefix ask "
        "(GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^(bash -c '(rm -rf /tmp/test|mv file1 file2|cp file1 file2|touch newfile|"
        r"mkdir newdir|pip install requests|python script\.py|)'|env (mv src dst|"
        r"python script\.py))$",
        "a wrapper is judged by what it runs (GK-WRAP-002/003): the inner command is allowed "
        "on its own (a write inside the project, a tmp-dir removal, a seed dev tool)",
    ),
    (
        "*",
        "*",
        r"^sample -file (\./)?[\w.]+ \d+$",
        "`sample` only records a process's call stacks; `-file` puts its report in the "
        "project, a write inside the allowed dirs like the Write tool (GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^script /tmp/[\w.]+ python script\.py$",
        "`script FILE CMD` is judged by what it runs (GK-WRAP-002): a script inside the "
        "project is the seeds' dev-tool baseline, and the recording goes to a tmp dir",
    ),
    (
        "*",
        "*",
        r"^xargs( -0| --null| -n 1| -P 4| -I \{\}| --)*$",
        "`xargs` without a command runs `echo`, which only prints its input",
    ),
    (
        "*",
        "*",
        r"^find \. -ok(dir)? cat \{\} \\;$",
        "`-ok` runs `cat` (read-only) and asks on the terminal first: the wrapped command "
        "decides (GK-WRAP-002)",
    ),
    (
        "*",
        "*",
        r"""^awk '\{print > "/dev/std(err|out)"\}' file\.txt$""",
        "an awk `print` to `/dev/stderr` or `/dev/stdout` writes no file: the output goes to "
        "the command's own streams (GK-BASH-005 still reviews any other target, and every "
        "pipe)",
    ),
    (
        "*",
        "*",
        r"^openssl rand (-hex|-base64) \d+$",
        "`openssl rand` with `-hex`/`-base64` and a count only prints random bytes; `-out`, "
        "`-writerand`, `-rand`, `-engine` and `-provider` still ask (GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^git clean (-n|--dry-run)$",
        "`git clean -n` is a dry run that only lists what it would remove (reference/peers.md "
        "§4 lists it as a false-positive guard); `-i` and every real clean still ask",
    ),
    (
        "cc-bash-guard",
        "*",
        r"^aws (--profile \w+ )?(sts get-caller-identity|s3api list-buckets)$",
        "a read-only cloud query (GK-CLOUD-001) that reveals no secret; cc-bash-guard's "
        "example policies ask for it only to demonstrate per-profile and per-service rules",
    ),
    (
        "*",
        "*",
        r"^openssl x509( -noout)? -text$",
        "`openssl x509` with printing options only decodes a certificate from its input and "
        "prints its fields; without `-out`, `-signkey` or `-req` it writes and signs nothing "
        "(GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^uv tool (list|dir)$",
        "`uv tool list` lists the tools uv installed and `uv tool dir` prints where: neither "
        "installs nor runs anything (GK-DEV-001)",
    ),
    (
        "*",
        "*",
        r"^git apply (--stat|--numstat|--summary|--check)\b[^|;&]*$",
        "`git apply --stat|--numstat|--summary|--check` only prints what the patch would do: "
        "these options turn applying off (without `--apply`); the patch must lie inside the "
        "allowed dirs (GK-GIT-001)",
    ),
    (
        "*",
        "*",
        r"^diskutil apfs list$",
        "`diskutil apfs list` only lists the APFS containers and volumes, like `diskutil "
        "list`; the `apfs` verbs that change a disk are not approved (GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^security (list-keychains|default-keychain|login-keychain)$",
        "without `-s` (which sets it) these only print the keychain search list or the "
        "default keychain's path: no item of a keychain is read (GK-QUERY-001)",
    ),
    (
        "*",
        "*",
        r"^packer fmt( -recursive)? [\w./-]+$",
        "`packer fmt` rewrites the project's own templates in place, like `terraform fmt`: a "
        "write inside the allowed dirs is treated like the Write tool; targets outside go to "
        "review (GK-QUERY-001)",
    ),
    (
        "cc-allow",
        "default",
        r".",
        "cc-allow's `default` test ruleset has no allow rules: it asks for every command by "
        "design, including plain reads",
    ),
    (
        "cc-allow",
        "strict",
        r"^(git (status|diff HEAD~1|log --oneline -10)|sleep 10 &)$",
        "cc-allow's `strict` ruleset allows only a fixed command list; read-only git inside "
        "the project is SAFE here (GK-GIT-001) and `sleep` in the background is harmless",
    ),
    (
        "cc-allow",
        "strict",
        r"^npm list --depth=0$",
        "cc-allow's `strict` ruleset allows only a fixed command list; listing the installed "
        "packages is a read-only query (GK-QUERY-001) that runs no package script",
    ),
    (
        "cc-allow",
        "strict",
        r"^cat <<'?(EOF|SHELL)'?\n",
        "a here-document fed to `cat` is data that is printed, never run; cc-allow's strict "
        "ruleset denies every here-document by construct",
    ),
)


# Dippy files whose `allow` rows we keep asking for on purpose, with the reason (the other
# direction of a policy difference: stricter than the peer). Listed in the report with
# their counts, so a reader sees which gaps are decisions and which are still work.
DELIBERATE_ASKS: Sequence[tuple[str, str]] = (
    (
        "test_dippy.py",
        "Dippy's general suite; its asked rows are the families of the rows below: `xargs` "
        "running words from an input the gate cannot see, docker (the opt-in plugin), "
        "terraform, cdk, aws and az reads that print secrets, tokens or personal data or "
        "start work, auth0, gcloud `describe` of services' environments, git `fetch`/`-C "
        "DIR`/`-c`, kubectl secrets and config; and a few that reach the network (`ping`), run "
        "code (`uv run cdk synth`, an unknown script's `--help`: the gate cannot know the "
        "script honours it), read outside the project (`grep -r x /dir`, `ls $(echo /tmp)`), "
        "read a `.pem` (`openssl x509 -in cert.pem`) or clear `PATH` for a command (`env -i "
        "PATH=/bin ls`)",
    ),
    (
        "test_curl.py",
        "network egress: even a GET carries data out in its URL, and the gate cannot tell "
        "a harmless fetch from an upload; only `--version`/`--help` are SAFE (GK-QUERY-001)",
    ),
    ("test_wget.py", "network egress, as for curl; `--version`/`--help` are SAFE"),
    (
        "test_docker.py",
        "docker is judged by the opt-in `gatekeeper-docker` plugin, not by the core: the "
        "daemon is root-equivalent and `inspect`/`logs` print containers' environments and "
        "output, secrets included; a user who wants docker reads silent enables the plugin "
        "(one checker, one answer)",
    ),
    (
        "test_terraform.py",
        "`plan`/`validate`/`console`/`refresh` start provider programs; `show`/`output`/"
        "`state pull` print state, which holds secrets in clear; the read-only forms that "
        "run no provider are SAFE (GK-QUERY-001)",
    ),
    (
        "test_cargo.py",
        "`check`/`clippy`/`build`/`doc` compile, and compiling runs the crate's build "
        "scripts and proc macros; `fetch`/`update`/`vendor` write; reads of the manifest "
        "and the registry are SAFE (GK-QUERY-001)",
    ),
    (
        "test_xargs.py",
        "a bare `xargs CMD` reads its words from an input the gate cannot see; fed by a "
        "path lister in the same command (`find . | xargs grep x`) it is SAFE (GK-WRAP-002)",
    ),
    (
        "test_az.py",
        "the asked rows print secrets or tokens (`get-access-token`, `keys list`, "
        "`appsettings list`, `keyvault secret show`), download to a file (`storage blob "
        "download`), stream without end (`webapp log tail`), run local checks (`acr "
        "check-health`) or send text to an online service (`az find`)",
    ),
    (
        "test_aws.py",
        "the asked rows print secrets or tokens (`get-login-password`, `get-session-token`, "
        "`get-password-data`), write (`get-object` to a file), "
        "start work (`start-query`, `athena start-query-execution`, which writes results "
        "to S3, `detect-stack-drift`), consume messages (`sqs receive-message` hides them "
        "from other readers) or print a user's personal data (`cognito-idp admin-get-user`)",
    ),
    (
        "test_auth0.py",
        "an identity provider's CLI: its lists and `show`s are users (personal data), "
        "applications and their client secrets (`apps show --reveal-secrets`), logs and raw "
        "API reads; only help and version are SAFE (GK-QUERY-001)",
    ),
    (
        "test_ansible.py",
        "`--list-hosts`, `ansible-inventory` and `--syntax-check` run inventory plugins and "
        "scripts; `--check` connects to hosts; `ansible-vault view` decrypts; `ansible-lint` "
        "installs requirements; `ansible-config dump|view` print tokens; help, version, "
        "`ansible-doc`, `ansible-config list` and `ansible-galaxy ... list` are SAFE "
        "(GK-QUERY-001)",
    ),
    ("test_cdk.py", "`cdk list`/`diff`/`synth` run the app (`--app` or cdk.json): code"),
    (
        "test_gh.py",
        "`--web` and `gh browse` without `-n` open a browser on a URL the command chooses; "
        "`release download`/`run download`/`attestation download` write fetched files; "
        "`gh auth token` prints the token; `gh api graphql` may mutate; `attestation verify` "
        "of an `oci://` image uses the user's registry credentials",
    ),
    (
        "test_git.py",
        "`fetch` contacts a remote with the user's credentials and rewrites refs; `-C`/"
        "`--git-dir` outside the allowed dirs use another repository's config (hooks, "
        "`core.fsmonitor`); `-c` and `difftool` run programs; `archive`/`format-patch` write "
        "files (`archive --remote` runs a remote command); `lfs env`/`lfs fetch`, "
        "`request-pull` and bare `rerere` reach the network or write",
    ),
    (
        "test_networksetup.py",
        "every `-list*`/`-get*`/`-show*` query is SAFE (GK-QUERY-001); the `-set*`/`-create*` "
        "forms change the network configuration",
    ),
    (
        "test_security.py",
        "the keychain holds passwords and keys: `find-generic-password`, "
        "`find-internet-password`, `dump-keychain`, `find-key` and the rest ask; certificates, "
        "identities' names, trust settings and the keychain list are SAFE (GK-QUERY-001)",
    ),
    (
        "test_launchctl.py",
        "`print`, `getenv`, `procinfo` and `dumpstate` print jobs' environments (tokens set "
        "with `setenv` or in a plist); `plist`/`resolveport` are not classified; `list`, "
        "`blame`, `print-disabled`, versions and help are SAFE (GK-QUERY-001)",
    ),
    (
        "test_npm.py",
        "`help` opens the `viewer` the project's `.npmrc` may set (a browser), `docs`/`home`/"
        "`bugs`/`repo`/`fund PKG` open a browser, `pack` runs lifecycle scripts, and so does "
        "a bare `diff` (it packs the project: its `prepare` script runs), `doctor` "
        "cleans the cache, `token list` and `profile get` print tokens and personal data, "
        "`yarn version` (yarn 1) asks for a version, then bumps it, commits, tags and runs the "
        "`version` lifecycle scripts; `help-search` and the listings are SAFE (GK-QUERY-001)",
    ),
    (
        "test_azure.py",
        "as for test_az.py: tokens, keys and connection strings (`get-access-token`, "
        "`list-keys`, `show-connection-string`, `appconfig kv list`), downloads to files, an "
        "endless `log tail`, `az find` (text sent to an online service) and `config get` "
        "(the CLI's stored settings) stay at review",
    ),
    (
        "test_sqlite3.py",
        "SQL is code: a `SELECT` can call `writefile()` or `load_extension()`, a dot command "
        "runs a shell, and `-safe` let `writefile()` through before sqlite 3.40.1 "
        "(CVE-2022-46908), a version LTS systems still ship; help and version are SAFE "
        "(GK-QUERY-001)",
    ),
    (
        "test_duckdb.py",
        "SQL is code: `COPY ... TO` writes files, `INSTALL`/`LOAD` fetch and load extensions, "
        "and `read_csv('~/...')` reads any file; help and version are SAFE (GK-QUERY-001)",
    ),
    (
        "test_mysql.py",
        "the client connects with the user's stored credentials and SQL can write "
        "(`INTO OUTFILE`, any statement that is not a plain read); help and version are SAFE",
    ),
    (
        "test_psql.py",
        "the client connects with the user's stored credentials (to any `-h` host), and SQL "
        "can write or run programs (`COPY ... TO PROGRAM`); help, version and `psql -l` are "
        "SAFE",
    ),
    (
        "test_sqlcmd.py",
        "`sqlcmd query` runs SQL on a server with the user's credentials; `config view|cs` "
        "print the saved connections (outside the project); help and version are SAFE",
    ),
    (
        "test_packer.py",
        "`validate`, `inspect` and `console` start the template's plugin binaries and data "
        "sources (code); `plugins installed` may run the plugins to describe them; help, "
        "version, `fmt` and `plugins required` are SAFE (GK-QUERY-001)",
    ),
    (
        "test_brew.py",
        "`brew fetch` downloads into the Homebrew cache, `home`/`docs` open a browser, "
        "`info --github` and `deps --graph` too, `outdated --fetch-HEAD` fetches, and "
        "`bundle check|list` evaluate the Brewfile (Ruby code); the other listings are SAFE",
    ),
    (
        "test_fzf.py",
        "`--preview`, `--bind` actions and `transform-*` run shell commands on the selected "
        "line (text the gate cannot see); `--listen` opens a control port, `--history` writes "
        "a file, `--walker-root` reads outside the project",
    ),
    (
        "test_openssl.py",
        "a `.pem` file is a credential file to the path policy (a PEM may hold a private key): "
        "its reads ask, whatever the subcommand; `s_client` connects to a host the command "
        "chooses and sends its input there",
    ),
    (
        "test_kubectl.py",
        "`get|describe secret(s)` and `config view` print credentials; `exec` runs a command "
        "in a container; `cluster-info dump` copies the cluster's state and logs; `diff` and "
        "`kustomize` read manifests the cloud checker does not judge yet; a word known only "
        "at run time stays unknown",
    ),
    (
        "test_helm.py",
        "`get values|all|manifest|hooks` print the release's values and secrets; in "
        "`install|upgrade|uninstall|rollback --dry-run` one flag is all that keeps a write "
        "from happening, helm fetches the chart (a downloader plugin runs for non-HTTP "
        "repositories) and `--dry-run=server` sends it to the cluster: not classified yet; "
        "`verify` is SAFE",
    ),
    (
        "test_gcloud.py",
        "`describe` of run services, functions, app services and clusters prints their "
        "environments and endpoints' credentials; `get-credentials` writes the kubeconfig; "
        "`info --show-log` prints a log that may hold tokens; `--run-diagnostics` reaches out",
    ),
    (
        "test_defaults.py",
        "`defaults read|find` print apps' preferences, which live outside the allowed dirs "
        "and often hold tokens; `domains`, `read-type` and `help` are SAFE (GK-QUERY-001)",
    ),
)


def explain(case: PeerCase) -> str:
    """The documented policy difference that covers `case`, or ""."""
    for corpus, group, pattern, why in POLICY_DIFFERENCES:
        if corpus not in ("*", case.corpus) or group not in ("*", case.group):
            continue
        if re.search(pattern, case.command):
            return why
    return ""


@dataclass
class Results:
    """Every corpus case with our outcome."""

    rows: list[tuple[PeerCase, str]]

    def of(self, corpus: str) -> list[tuple[PeerCase, str]]:
        return [r for r in self.rows if r[0].corpus == corpus]

    def gtfobins_allowed(self) -> list[PeerCase]:
        return [c for c, o in self.of("gtfobins") if o == "allow"]

    def looser_than(self, corpus: str) -> list[tuple[PeerCase, str]]:
        """Cases the peer labels ask/deny that we allow."""
        return [(c, o) for c, o in self.of(corpus) if o == "allow" and c.label in ("ask", "deny")]

    def unexplained(self) -> list[PeerCase]:
        out: dict[str, PeerCase] = {}
        for corpus in ("dippy", "cc-allow", "cc-bash-guard"):
            for case, _ in self.looser_than(corpus):
                if not explain(case):
                    out.setdefault(case.command, case)
        return list(out.values())


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "n/a"


def _code(command: str) -> str:
    flat = command.replace("\n", "⏎").replace("|", "\\|")
    if len(flat) > 110:
        flat = flat[:107] + "..."
    fence = "``" if "`" in flat else "`"
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def summary(results: Results) -> list[str]:
    """The headline numbers, one line each (quoted by the issue's closing note)."""
    g = results.of("gtfobins")
    h = results.of("aegish")
    d = results.of("dippy")
    d_allow = [(c, o) for c, o in d if c.label == "allow"]
    d_ask = [(c, o) for c, o in d if c.label == "ask"]
    ours_allow = sum(1 for _, o in d if o == "allow")
    h_out = Counter(o for _, o in h)
    d_allow_out = Counter(o for _, o in d_allow)
    lines = [
        f"GTFOBins: {len(results.gtfobins_allowed())} of {len(g)} allowed "
        f"({Counter(o for _, o in g)['elevate']} straight to the human).",
        f"aegish harmless: {h_out['allow']} of {len(h)} allowed ({_pct(h_out['allow'], len(h))}); "
        f"of the {asked(h_out)} asked, {h_out['review']} go to the reviewer first and "
        f"{h_out['elevate']} straight to the human.",
        f"Dippy `allow` rows we also allow: {d_allow_out['allow']} of "
        f"{len(d_allow)} ({_pct(d_allow_out['allow'], len(d_allow))}); of the "
        f"{asked(d_allow_out)} asked, {d_allow_out['review']} go to the reviewer first and "
        f"{d_allow_out['elevate']} straight to the human.",
        f"Dippy `ask` rows we allow: {sum(o == 'allow' for _, o in d_ask)} of {len(d_ask)}, "
        f"{len(results.unexplained())} unexplained.",
        f"Dippy rows allowed in all: Dippy {len(d_allow)}, gatekeeper {ours_allow} of {len(d)}.",
    ]
    for corpus in ("cc-allow", "cc-bash-guard"):
        rows = results.of(corpus)
        allow = [(c, o) for c, o in rows if c.label == "allow"]
        lines.append(
            f"{corpus} `allow` rows we also allow: {sum(o == 'allow' for _, o in allow)} of "
            f"{len(allow)}; `ask`/`deny` rows we allow: {len(results.looser_than(corpus))}."
        )
    return lines


def report(results: Results) -> str:
    """docs/peer-comparison.md."""
    out: list[str] = [
        "# gatekeeper against the peers' corpora",
        "",
        "Generated by `make peers` (`tests/peer_corpora.py`); do not edit by hand. Every command",
        "of the peers' labelled corpora (`../shared/peer-data/`, see its `PROVENANCE.md`) goes",
        "through gatekeeper in-process: bundled defaults, the reviewer off, a fresh project",
        "directory allowed and used as the cwd. gatekeeper's outcome is `allow` (Tier 1 SAFE),",
        "`deny`, or `ask`, split by who would answer it: the *reviewer* (Tier 1 REVIEW: with",
        "a reviewer configured it goes there first, and reaches the human only if the reviewer",
        "elevates) or the *human* (Tier 1 ELEVATE, whatever the reviewer). No command is ever",
        "run.",
        "",
        "## Summary",
        "",
        *[f"- {line}" for line in summary(results)],
        "",
    ]
    out += _gtfobins_section(results)
    out += _agreement_section(results, "aegish", "aegish harmless commands (ground truth ALLOW)")
    out += _agreement_section(results, "dippy", "Dippy default-config labels")
    out += _agreement_section(results, "cc-allow", "cc-allow harness (`strict`, `default`)")
    out += _agreement_section(results, "cc-bash-guard", "cc-bash-guard example policy tests")
    out += _looser_section(results)
    return "\n".join(out).rstrip() + "\n"


def _gtfobins_section(results: Results) -> list[str]:
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for case, outcome in results.of("gtfobins"):
        per[case.group][outcome] += 1
    out = [
        "## GTFOBins (aegish), all malicious: allowed per category",
        "",
        "| category | commands | allowed | ask: reviewer | ask: human | deny |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for category in sorted(per):
        c = per[category]
        out.append(
            f"| {category} | {sum(c.values())} | {c['allow']} | {c['review']} | {c['elevate']} "
            f"| {c['deny']} |"
        )
    allowed = results.gtfobins_allowed()
    out += ["", f"Allowed: {len(allowed)}."]
    out += [f"- {_code(c.command)} ({c.group})" for c in allowed]
    return [*out, ""]


def _agreement_section(results: Results, corpus: str, title: str) -> list[str]:
    rows = results.of(corpus)
    table: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for case, outcome in rows:
        table[(case.group if corpus in ("cc-allow",) else "all", case.label)][outcome] += 1
    out = [
        f"## {title}",
        "",
        "| set | their label | rows | we allow | ask: reviewer | ask: human | we deny |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for (group, label), c in sorted(table.items()):
        out.append(
            f"| {group} | {label} | {sum(c.values())} | {c['allow']} | {c['review']} "
            f"| {c['elevate']} | {c['deny']} |"
        )
    if corpus == "dippy":
        per_source: dict[str, Counter[str]] = defaultdict(Counter)
        for case, outcome in rows:
            if case.label == "allow":
                per_source[case.group][outcome] += 1
        worst = sorted(per_source.items(), key=lambda kv: -asked(kv[1]))[:15]
        out += [
            "",
            "Where we ask most for rows Dippy allows (by Dippy test file; asking is the safe",
            "direction, and the reviewer takes most of these when enabled):",
            "",
            "| Dippy file | their allow | we allow | we ask |",
            "| --- | ---: | ---: | ---: |",
        ]
        out += [
            f"| {src} | {sum(c.values())} | {c['allow']} | {asked(c) + c['deny']} |"
            for src, c in worst
        ]
        out += [
            "",
            "Where that is a decision (stricter than Dippy on purpose), and why:",
            "",
            "| Dippy file | their allow | we ask | why |",
            "| --- | ---: | ---: | --- |",
        ]
        for src, why in DELIBERATE_ASKS:
            c = per_source.get(src, Counter())
            out.append(f"| {src} | {sum(c.values())} | {asked(c) + c['deny']} | {why} |")
    return [*out, ""]


def _looser_section(results: Results) -> list[str]:
    out = [
        "## Commands we allow that a peer asks for or denies",
        "",
        "Each one is either fixed (it then no longer appears here) or a deliberate policy",
        "difference, explained beside it.",
        "",
    ]
    for corpus in ("dippy", "cc-allow", "cc-bash-guard"):
        rows = list({c.command: (c, o) for c, o in results.looser_than(corpus)}.values())
        out += [f"### {corpus}: {len(rows)}", ""]
        for case, _ in rows:
            why = explain(case) or "**unexplained**"
            out.append(f"- {_code(case.command)} — their `{case.label}` ({case.group}): {why}")
        out.append("")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``make peers``: run every corpus and write docs/peer-comparison.md."""
    import argparse
    import shutil
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument(
        "--data",
        help=f"the peer-data directory (default: ${PEER_DATA_ENV} "
        "or ../shared/peer-data next to the repository)",
    )
    parser.add_argument("--out", default=str(REPO_ROOT / "docs" / "peer-comparison.md"))
    args = parser.parse_args(argv)
    data = peer_data_dir(args.data)
    if data is None:
        print("peer data not found: pass --data or set " + PEER_DATA_ENV, file=sys.stderr)
        return 2
    base = REPO_ROOT / ".cache"
    base.mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="peers-", dir=base))
    try:
        engine, project = isolated_engine(scratch)
        results = Results(list(decide(engine, all_cases(data), project)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    Path(args.out).write_text(report(results), encoding="utf-8")
    for line in summary(results):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
