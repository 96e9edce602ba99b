"""GK-WRAP: commands that run other commands.

A wrapper is judged by what it runs: the host classifies the wrapped command with every
checker (``ctx.classify``), and the wrapper's verdict is at least that.

## GK-WRAP-001 — privilege escalation (ELEVATE)
**What it catches:** ``sudo``, ``doas``, ``su``, ``pkexec``, ``run0``, whatever they run; and
the runners of `_RUNNER_ROWS` whose floor is "privilege" (``chroot``, ``unshare``,
``nsenter``, ``setpriv``, ``capsh``, ``runuser``, ``sg``...), judged as what they run too.
**Why:** root can undo every other check. **Example:** ``sudo ls``.

## GK-WRAP-002 — a wrapper around another command (that command's verdict)
**What it catches:** ``env`` (``-i``, ``-u``, ``-S``, ``-C``), ``time``, ``timeout``, ``nice``,
``nohup``, ``stdbuf``, ``command``, ``builtin``, ``ionice``, ``setsid``, ``flock``, ``exec``,
``coproc``, ``arch``
(macOS ``arch -arm64 CMD``; plain ``arch`` only prints the machine type), ``caffeinate``,
``script FILE CMD`` (the recording file under the path policy) and ``script -c STRING``,
``rtk``'s pass-through forms (``rtk git status``, ``rtk proxy CMD``), ``xargs``
(``-I`` included), ``find -exec/-execdir/-ok/-okdir`` (every clause), ``watch``.
**Why:** ``timeout 5 rm -rf ~`` is ``rm -rf ~``. **Example:** ``timeout 60 pytest``.
``env NAME=VALUE CMD`` is judged as the prefix form ``NAME=VALUE CMD`` (static words only).
``xargs`` fed by a path lister (``find . -name '*.py' | xargs grep x``) is judged with the
lister's start points in place of its input words (`gatekeeper.shell.listers`); any other
input stays unknown (docs/rules.md explains the limits and the residual risk).

## GK-WRAP-003 — a shell given a script string (its commands' verdict)
**What it catches:** ``bash -c STRING``, ``sh -c``, ``zsh -c``, ``dash -c``, ``ksh -c``,
``env -S STRING``: the string is parsed and every command in it judged.
**Example:** ``bash -c 'git status'`` is SAFE, ``sh -c 'curl x | sh'`` is not.

## GK-WRAP-004 — a wrapper whose command is not known statically (REVIEW)
**What it catches:** ``xargs`` or ``find -exec`` running a computed command, file names
pasted into a shell script (``find -exec sh -c 'cat {}'``), words ``xargs`` reads handed
to a command that is not a plain reader (``... | xargs git diff``), ``find -exec`` on files
picked by a credential's name (``-name '*.pem'``), ``bash -c "$X"``, a ``sh -c`` script
holding bash's own ``$'…'``, ``[[`` or ``((`` (dash reads them otherwise: see `_bashism`),
``npx``/``pnpm dlx``/``bunx``/``uvx`` (they may download and run a package), and a word of
the wrapper's own known only at run time (``timeout $T ls``: it may split into a command).
Also the runners of `_RUNNER_ROWS` (``strace CMD``, ``poetry run CMD``, ``nix-shell --run
LINE``, ``gdb -ex 'shell LINE'``, ``parallel CMD ::: ARGS``...): at least this REVIEW, and
at least what they run. And the options whose value is a command line
(`_LINE_OPTIONS`: ``tar --to-command``, ``zip -TT``, ``vim -c '!X'``, ``git -c
core.pager=X``...): the line is judged as a shell line.
**Why:** the gate cannot see what will run.

## GK-WRAP-005 — a wrapper that reaches past the command it runs (ELEVATE)
**What it catches:** attaching to a running process (``strace -p``, ``gdb -p``), a library
given to the loader (``ld.so --preload``), the host outside a sandbox (``flatpak-spawn
--host``), a unit outside the session (``systemd-run --user`` without ``--scope``), the
user's secret stores (``op run``, ``aws-vault exec``, ``sops exec-env``).
**Why:** another process, place, time or the user's vault: more than the command alone.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import SEVERITY, Finding, Verdict, dominant, new_finding, worst
from gatekeeper.paths import ALLOWED, DEVICE, PROTECTED, SECRET, TMP, may_pick_secrets
from gatekeeper.plugins.bash import check_reads, check_tree_links
from gatekeeper.plugins.environment import risky_assignment
from gatekeeper.records import replace
from gatekeeper.shell.effects import long_options
from gatekeeper.shell.envvars import VALUE_KINDS, env_risk, git_line_key, harmless_setting
from gatekeeper.shell.listers import listed_roots
from gatekeeper.shell.parse import TEXT_CLIP, parse
from gatekeeper.shell.pipes import feeders

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall, Word

_ESCALATORS = {"sudo", "doas", "su", "pkexec", "run0", "sudoedit", "calife", "ksu"}
_SHELLS = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "rbash", "yash", "posh"}
# wrapper -> options that take a separate value
_SIMPLE: dict[str, set[str]] = {
    "time": {"-f", "--format", "-o", "--output"},
    "nice": {"-n", "--adjustment"},
    "nohup": set(),
    "stdbuf": {"-i", "-o", "-e"},
    "command": set(),
    "builtin": set(),
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "setsid": set(),
    "chronic": set(),
    "unbuffer": set(),
    "noglob": set(),
    "caffeinate": {"-t", "-w"},
    "taskset": set(),
    "chrt": set(),
    # `exec CMD` replaces the shell with CMD (bash.py keeps it at REVIEW): CMD is judged too
    "exec": {"-a"},
    "coproc": set(),
}
_DOWNLOAD_RUNNERS = {"npx", "bunx", "uvx", "pipx"}
# package managers whose verb is a download runner: `pnpm dlx`, `npm exec`/`npm x`, `bun x`
_DOWNLOAD_VERBS = {
    "pnpm": (("dlx",),),
    "yarn": (("dlx",),),
    "npm": (("exec",), ("x",)),
    "bun": (("x",),),
}

# Programs that run the command their own arguments name (redteam22). Each is judged as at
# least the command it runs, and at least its floor: "review" (it may change what runs:
# a project's environment or scripts, a recording file, a library it preloads), "privilege"
# (another user, group, root directory, namespace or capability set: GK-WRAP-001),
# "power" (another process's memory, the host outside a sandbox, a unit outside the
# session: GK-WRAP-005) or "secrets" (the user's vault handed to the command: GK-WRAP-005).
# A table row: (options taking one value, options taking two, words before the command
# (positionals), an optional word before it (a version: `nvm exec 18 CMD`), where the
# command stands ("argv": after the options; "dashdash": only after `--`; "script": the
# words joined are a shell line), options whose value is a shell line, floor, options that
# raise the floor to "privilege" or "power"). An option not in the table may take a value
# or not: the command is judged from every word it may start at, the worst reading stands.
_RUNNER_ROWS: dict[str, tuple[str, str, int, int, str, str, str, str]] = {
    # tracers, profilers and debugging shims run CMD (and write what they record); -p
    # attaches to a running process instead and reads its memory (its secrets)
    "strace": ("-a -b -e -E -I -o -O -p -P -s -S -u -U -X --output --trace --signal "
               "--status --trace-path --string-limit --user --env --columns --attach "
               "--summary-sort-by", "", 0, 0, "argv", "", "review",
               "-p --attach -u --user"),
    "ltrace": ("-a -A -D -e -F -l -n -o -p -s -u -w -x --output --library --indent "
               "--align", "", 0, 0, "argv", "", "review", "-p -u"),
    "valgrind": ("", "", 0, 0, "argv", "", "review", ""),
    "perf stat": ("-e --event -o --output -p --pid -t --tid -C --cpu -G --cgroup -r --repeat "
                  "-x --field-separator -I --interval-print -D --delay -M --metrics -u --uid "
                  "--pre --post --log-fd --for-each-cgroup", "", 0, 0, "argv",
                  "--pre --post", "review", "-p --pid -t --tid -a --all-cpus -u --uid"),
    "perf record": ("-e --event -o --output -p --pid -t --tid -C --cpu -G --cgroup -F --freq "
                    "-c --count -m --mmap-pages --call-graph -D --delay -u --uid --filter "
                    "--duration --switch-output", "", 0, 0, "argv", "", "review",
                    "-p --pid -t --tid -a --all-cpus -u --uid"),
    "perf trace": ("-e --event --expr -o --output -p --pid -t --tid -C --cpu -G --cgroup "
                   "-u --uid --duration --filter-pids --max-events -m --mmap-pages "
                   "--call-graph", "", 0, 0, "argv", "", "review",
                   "-p --pid -t --tid -a --all-cpus -u --uid"),
    "heaptrack": ("-o --output -p --pid", "", 0, 0, "argv", "", "review", "-p --pid"),
    "memusage": ("-n --progname -p --png -d --data -x --x-size -y --y-size -b --buffer", "",
                 0, 0, "argv", "", "review", ""),
    "catchsegv": ("", "", 0, 0, "argv", "", "review", ""),
    "rr record": ("-o --output-trace-dir -b -c -e -h -i -n -s -t -u -v -w", "", 0, 0, "argv",
                  "", "review", ""),
    # the dynamic loader runs the program it is given, with the libraries it preloads
    "ld.so": ("--library-path --inhibit-rpath --audit --preload --argv0", "", 0, 0, "argv", "",
              "review", "--audit --preload"),
    "ld-linux-x86-64.so.2": ("--library-path --inhibit-rpath --audit --preload --argv0", "",
                             0, 0, "argv", "", "review", "--audit --preload"),
    "ld-linux-aarch64.so.1": ("--library-path --inhibit-rpath --audit --preload --argv0", "",
                              0, 0, "argv", "", "review", "--audit --preload"),
    # a project's or a tool manager's environment: the command runs with the PATH, the
    # variables or the named scripts a project file sets (`pdm run test` is a script)
    "poetry run": ("-C --directory -P --project", "", 0, 0, "argv", "", "review", ""),
    "pipenv run": ("", "", 0, 0, "argv", "", "review", ""),
    "hatch run": ("", "", 0, 0, "argv", "", "review", ""),
    "pdm run": ("-p --project --venv", "", 0, 0, "argv", "", "review", ""),
    "rye run": ("--pyproject", "", 0, 0, "argv", "", "review", ""),
    "conda run": ("-n --name -p --prefix --cwd", "", 0, 0, "argv", "", "review", ""),
    "mamba run": ("-n --name -p --prefix --cwd", "", 0, 0, "argv", "", "review", ""),
    "micromamba run": ("-n --name -p --prefix --cwd -a --attach", "", 0, 0, "argv", "",
                       "review", ""),
    "pixi run": ("--manifest-path -e --environment", "", 0, 0, "argv", "", "review", ""),
    "pixi exec": ("-s --spec -c --channel --platform", "", 0, 0, "argv", "", "review", ""),
    "devbox run": ("-c --config -e --env --env-file", "", 0, 0, "argv", "", "review", ""),
    "bundle exec": ("--gemfile", "", 0, 0, "argv", "", "review", ""),
    "yarn exec": ("", "", 0, 0, "argv", "", "review", ""),
    "mise exec": ("-C --cd -j --jobs -c --command", "", 0, 0, "dashdash", "-c --command",
                  "review", ""),
    "mise x": ("-C --cd -j --jobs -c --command", "", 0, 0, "dashdash", "-c --command",
               "review", ""),
    "rtx exec": ("-C --cd -j --jobs -c --command", "", 0, 0, "dashdash", "-c --command",
                 "review", ""),
    "rtx x": ("-C --cd -j --jobs -c --command", "", 0, 0, "dashdash", "-c --command",
              "review", ""),
    "asdf exec": ("", "", 0, 0, "argv", "", "review", ""),
    "nvm exec": ("", "", 0, 1, "argv", "", "review", ""),
    "pyenv exec": ("", "", 0, 0, "argv", "", "review", ""),
    "rbenv exec": ("", "", 0, 0, "argv", "", "review", ""),
    "nodenv exec": ("", "", 0, 0, "argv", "", "review", ""),
    "goenv exec": ("", "", 0, 0, "argv", "", "review", ""),
    "jenv exec": ("", "", 0, 0, "argv", "", "review", ""),
    "direnv exec": ("", "", 1, 0, "argv", "", "review", ""),  # loads DIR's .envrc: code
    "dotenv": ("-e -v -c", "", 0, 0, "argv", "", "review", ""),
    "dotenvx run": ("-f --env-file -e --env --convention", "", 0, 0, "argv", "", "review", ""),
    "nix develop": ("--profile --override-input --arg --argstr", "", 0, 0, "after",
                    "-c --command", "review", ""),
    "nix shell": ("--profile --override-input --arg --argstr", "", 0, 0, "after",
                  "-c --command", "review", ""),
    # nix-shell's shell.nix may run anything (its shellHook is bash); --run is a shell line
    "nix-shell": ("-p --packages -I -A --attr --arg --argstr -i --option -j --cores", "", 0, 0,
                  "none", "--run --command", "review", ""),
    "pnpm exec": ("-C --dir --filter -F", "", 0, 0, "argv", "", "review", ""),
    "entr": ("", "", 0, 0, "argv", "", "review", ""),  # `entr -s LINE`: see `_runner`
    # init shims, resource and scheduling wrappers, emulation layers
    "with-contenv": ("", "", 0, 0, "argv", "", "review", ""),
    "tini": ("-p -e", "", 0, 0, "argv", "", "review", ""),
    "dumb-init": ("-r --rewrite", "", 0, 0, "argv", "", "review", ""),
    "prlimit": ("-p --pid -o --output", "", 0, 0, "argv", "", "review", ""),
    "numactl": ("-i --interleave -N --cpunodebind -m --membind -C --physcpubind -p "
                "--preferred --preferred-many -w --weighted-interleave", "", 0, 0, "argv",
                "", "review", ""),
    "cgexec": ("-g", "", 0, 0, "argv", "", "review", ""),
    "setarch": ("", "", 1, 0, "argv", "", "review", ""),
    "linux32": ("", "", 0, 0, "argv", "", "review", ""),
    "linux64": ("", "", 0, 0, "argv", "", "review", ""),
    "faketime": ("-p --date-prog", "", 1, 0, "argv", "", "review", ""),
    "fakeroot": ("-l --lib --faked -s -i -b", "", 0, 0, "argv", "", "review", ""),
    "proot": ("-r --rootfs -b --bind -m --mount -w --pwd --cwd -q --qemu -k "
              "--kernel-release", "", 0, 0, "argv", "", "review", ""),
    "eatmydata": ("", "", 0, 0, "argv", "", "review", ""),
    "nocache": ("-n", "", 0, 0, "argv", "", "review", ""),
    "ifne": ("", "", 0, 0, "argv", "", "review", ""),
    "run-one": ("", "", 0, 0, "argv", "", "review", ""),
    "run-this-one": ("", "", 0, 0, "argv", "", "review", ""),
    "keep-one-running": ("", "", 0, 0, "argv", "", "review", ""),
    "run-one-constantly": ("", "", 0, 0, "argv", "", "review", ""),
    "run-one-until-success": ("", "", 0, 0, "argv", "", "review", ""),
    "run-one-until-failure": ("", "", 0, 0, "argv", "", "review", ""),
    "cpulimit": ("-l --limit -p --pid -e --exe -c --cpu", "", 0, 0, "argv", "", "review", ""),
    "trickle": ("-d -u -w -t -l -n", "", 0, 0, "argv", "", "review", ""),
    "softlimit": ("-m -d -s -l -a -o -p -f -c -r -t", "", 0, 0, "argv", "", "review", ""),
    "envdir": ("", "", 1, 0, "argv", "", "review", ""),  # DIR's files may set LD_PRELOAD
    "xvfb-run": ("-e --error-file -f --auth-file -n --server-num -p --xauth-protocol -s "
                 "--server-args -w --wait", "", 0, 0, "argv", "", "review", ""),
    "rlwrap": ("-b -C -D -e -f -F -g -H -l -M -O -P -q -s -S -t -w -z", "", 0, 0, "argv", "",
               "review", ""),
    "ssh-agent": ("-a -E -t -P -O", "", 0, 0, "argv", "", "review", ""),
    "dbus-launch": ("", "", 0, 0, "argv", "", "review", ""),
    "dbus-run-session": ("--config-file --dbus-daemon", "", 0, 0, "argv", "", "review", ""),
    "torsocks": ("-u -p -a -P", "", 0, 0, "argv", "", "review", ""),
    "proxychains": ("-f", "", 0, 0, "argv", "", "review", ""),
    "proxychains4": ("-f", "", 0, 0, "argv", "", "review", ""),
    "sshpass": ("-p -f -d -P", "", 0, 0, "argv", "", "review", ""),
    "ccache": ("", "", 0, 0, "argv", "", "review", ""),
    "distcc": ("", "", 0, 0, "argv", "", "review", ""),
    "sccache": ("", "", 0, 0, "argv", "", "review", ""),
    "bear": ("--output --config", "", 0, 0, "argv", "", "review", ""),
    "intercept-build": ("--cdb", "", 0, 0, "argv", "", "review", ""),
    "scan-build": ("-o --use-cc --use-c++ --use-analyzer -enable-checker -disable-checker "
                   "-load-plugin --html-title -maxloop -analyzer-config --exclude", "", 0, 0,
                   "argv", "", "review", ""),
    "xcrun": ("--sdk --toolchain", "", 0, 0, "argv", "", "review", ""),
    "sandbox-exec": ("-f -n -p -D", "", 0, 0, "argv", "", "review", ""),
    "firejail": ("", "", 0, 0, "argv", "", "review", ""),
    "bwrap": ("--args --argv0 --uid --gid --hostname --chdir --unsetenv --lock-file "
              "--sync-fd --info-fd --json-status-fd --userns --userns2 --pidns --remount-ro "
              "--exec-label --file-label --proc --dev --tmpfs --mqueue --dir --seccomp "
              "--add-seccomp-fd --block-fd --userns-block-fd --cap-add --cap-drop --perms "
              "--size --tmp-overlay --ro-overlay --overlay-src",
              "--setenv --bind --bind-try --dev-bind --dev-bind-try --ro-bind --ro-bind-try "
              "--bind-fd --ro-bind-fd --file --bind-data --ro-bind-data --symlink --chmod",
              0, 0, "argv", "", "review", "--cap-add"),
    "distrobox-enter": ("-n --name -a --additional-flags", "", 0, 0, "dashdash", "", "review",
                        ""),
    "distrobox enter": ("-n --name -a --additional-flags", "", 0, 0, "dashdash", "", "review",
                        ""),
    "toolbox run": ("-c --container -d --distro -r --release", "", 0, 0, "argv", "", "review",
                    ""),
    "start-stop-daemon": ("", "", 0, 0, "argv", "", "review", ""),  # see `_start_stop`
    "systemd-run": ("-u --unit -p --property --description --slice -E --setenv --uid --gid "
                    "--nice -H --host -M --machine --on-active --on-boot --on-startup "
                    "--on-unit-active --on-unit-inactive --on-calendar --timer-property "
                    "--path-property --socket-property --working-directory --service-type",
                    "", 0, 0, "argv", "", "review", ""),  # floor: `_systemd_run_floor`
    "daemonize": ("-c -e -o -p -l -u -E", "", 0, 0, "argv", "", "review", "-u"),
    "watchexec": ("-e --exts -f --filter -i --ignore -w --watch -W --watch-non-recursive -s "
                  "--signal --stop-signal --stop-timeout -d --debounce --delay-run --shell "
                  "--on-busy-update --emit-events-to -E --env --workdir --project-origin "
                  "--filter-file --ignore-file --color --wrap-process", "", 0, 0, "script",
                  "", "review", ""),
    "hyperfine": ("-w --warmup -m --min-runs -M --max-runs -r --runs -s --setup -p --prepare "
                  "-c --cleanup --conclude --reference -D --parameter-step-size -S --shell "
                  "--style --sort -u --time-unit -n --command-name --export-asciidoc "
                  "--export-csv --export-json --export-markdown --export-orgmode --output "
                  "--input", "-L --parameter-list", 0, 0, "scripts",
                  "-s --setup -p --prepare -c --cleanup --conclude --reference", "review", ""),
    # another user, group, root, namespace or capability set (they need or give root)
    "chroot": ("--userspec --groups", "", 1, 0, "argv", "", "privilege", ""),
    "unshare": ("--map-user --map-group --map-users --map-groups -S --setuid -G --setgid -R "
                "--root -w --wd --propagation --monotonic --boottime", "", 0, 0, "argv", "",
                "privilege", ""),
    "nsenter": ("-t --target -S --setuid -G --setgid", "", 0, 0, "argv", "", "privilege", ""),
    "setpriv": ("--reuid --regid --groups --inh-caps --ambient-caps --bounding-set "
                "--securebits --pdeathsig --selinux-label --apparmor-profile "
                "--landlock-access --landlock-rule --seccomp-filter", "", 0, 0, "argv", "",
                "privilege", ""),
    "runuser": ("-u --user -g --group -G --supp-group -s --shell -w --whitelist-environment",
                "", 0, 0, "argv", "-c --command --session-command", "privilege", ""),
    "setuidgid": ("", "", 1, 0, "argv", "", "privilege", ""),
    "s6-setuidgid": ("", "", 1, 0, "argv", "", "privilege", ""),
    "envuidgid": ("", "", 1, 0, "argv", "", "privilege", ""),
    "chpst": ("-u -U -e -/ -n -l -L -m -d -o -p -f -c", "", 0, 0, "argv", "", "review",
              "-u -U -/"),
    "schroot": ("-c --chroot -u --user -d --directory", "", 0, 0, "argv", "", "privilege",
                ""),
    "systemd-nspawn": ("-D --directory -i --image -M --machine -u --user --bind --bind-ro "
                       "-E --setenv --chdir", "", 0, 0, "argv", "", "privilege", ""),
    "machinectl shell": ("--uid -E --setenv", "", 1, 0, "argv", "", "privilege", ""),
    "newgrp": ("", "", 1, 0, "argv", "", "privilege", ""),
    "sg": ("", "", 1, 0, "script", "-c", "privilege", ""),  # `sg GROUP [-c] LINE`
    "capsh": ("", "", 0, 0, "bash", "", "privilege", ""),  # `capsh ... -- ARGS`: bash ARGS
    "flatpak-spawn": ("", "", 0, 0, "argv", "", "review", "--host"),
    # the user's secret store handed to the command
    "op run": ("--env-file --account --config --session", "", 0, 0, "argv", "", "secrets",
               ""),
    "aws-vault exec": ("-d --duration -t --mfa-token --region --prompt "
                       "--duration-seconds", "", 1, 0, "argv", "", "secrets", ""),
    "doppler run": ("-p --project -c --config -t --token --mount --fallback", "", 0, 0, "argv",
                    "--command", "secrets", ""),
    "infisical run": ("--env --path --projectId --token --domain", "", 0, 0, "argv",
                      "--command", "secrets", ""),
    "chamber exec": ("", "", 0, 0, "dashdash", "", "secrets", ""),
    "sops exec-env": ("--user", "", 1, 0, "script", "", "secrets", ""),
    "sops exec-file": ("--user --filename --output-type --input-type", "", 1, 0, "script", "",
                       "secrets", ""),
    # shells whose syntax is not bash's: their line is judged as bash would read it, and
    # never allowed (fish's `(cmd)` and csh's `!` read otherwise)
    "fish": ("-C --init-command", "", 0, 0, "none", "-c --command", "review", ""),
    "csh": ("", "", 0, 0, "none", "-c", "review", ""),
    "tcsh": ("", "", 0, 0, "none", "-c", "review", ""),
    "pwsh": ("", "", 0, 0, "none", "-c -Command -command", "review", ""),
    "nu": ("", "", 0, 0, "none", "-c --commands", "review", ""),
    "elvish": ("", "", 0, 0, "none", "-c", "review", ""),
    "xonsh": ("", "", 0, 0, "none", "-c", "review", ""),
    # more that run their command: as another user or SELinux context, logged, inhibiting
    "gosu": ("", "", 1, 0, "argv", "", "privilege", ""),
    "su-exec": ("", "", 1, 0, "argv", "", "privilege", ""),
    "runcon": ("-t --type -u --user -r --role -l --range", "", 0, 1, "argv", "", "privilege",
               ""),
    "systemd-cat": ("-t --identifier -p --priority --stderr-priority", "", 0, 0, "argv", "",
                    "review", ""),
    "systemd-inhibit": ("--what --who --why --mode", "", 0, 0, "argv", "", "review", ""),
    "lckdo": ("", "", 1, 0, "argv", "", "review", ""),
    "pee": ("", "", 0, 0, "scripts", "", "review", ""),  # each word is a shell line
    "sandbox": ("-t -l -d -i -I -H -T -W -w", "", 0, 0, "argv", "", "review", ""),
    # terminal sessions and emulators: the command runs in a detached session or a window
    "screen": ("-S -c -e -h -p -s -t -T -Logfile", "", 0, 0, "argv", "", "review", ""),
    "dtach": ("-a -A -c -n -N -e -r", "", 0, 0, "argv", "", "review", ""),
    "abduco": ("-a -A -c -n -e", "", 0, 0, "argv", "", "review", ""),
    "xterm": ("", "", 0, 0, "after", "-e", "review", ""),
    "uxterm": ("", "", 0, 0, "after", "-e", "review", ""),
    "urxvt": ("", "", 0, 0, "after", "-e", "review", ""),
    "st": ("", "", 0, 0, "after", "-e", "review", ""),
    "konsole": ("", "", 0, 0, "after", "-e", "review", ""),
    "alacritty": ("", "", 0, 0, "after", "-e --command", "review", ""),
    "terminator": ("", "", 0, 0, "after", "-x --execute", "review", ""),
    "xfce4-terminal": ("", "", 0, 0, "after", "-x --execute", "review", ""),
    "gnome-terminal": ("", "", 0, 0, "dashdash", "", "review", ""),
    "wezterm start": ("--cwd --class --workspace --position --domain", "", 0, 0, "argv", "",
                      "review", ""),
    "kitty": ("-c --config -o --override --class --name -T --title -d --directory "
              "--session --watcher --listen-on --start-as --instance-group", "", 0, 0, "argv",
              "", "review", ""),
    "foot": ("-c --config -T --title -a --app-id -w --window-size-pixels -D "
             "--working-directory -o --override -s --server", "", 0, 0, "argv", "", "review",
             ""),
}  # fmt: skip
# The runners' options that name a file they write (a trace, a log, a report): judged by the
# path policy like a redirect (`strace -o ~/.bashrc ls` writes the trace over it).
_RUNNER_WRITES = {
    "strace": "-o --output",
    "ltrace": "-o --output",
    "perf stat": "-o --output",
    "perf record": "-o --output",
    "perf trace": "-o --output",
    "heaptrack": "-o --output",
    "memusage": "-p --png -d --data",
    "rr record": "-o --output-trace-dir",
    "valgrind": "--log-file --xml-file",
    "hyperfine": "--export-asciidoc --export-csv --export-json --export-markdown "
    "--export-orgmode --output",
    "xvfb-run": "-e --error-file -f --auth-file",
    "daemonize": "-e -o -p -l",
    "rlwrap": "-l",
    "bear": "--output",
    "intercept-build": "--cdb",
    "scan-build": "-o",
    "ssh-agent": "-a",
}
# The runners judged by their own function, not by a table row (their command stands in a
# debugger's or a scripting language's text, or in a composed line).
_RUNNER_SPECIAL = {"gdb", "parallel", "sem", "expect", "osascript", "tmux", "sqlite3", "psql"}
_RUNNER_SPECIAL |= {"ssh", "scp", "sftp", "rsync", "at", "batch", "emacs"}
_RUNNER_NAMES = frozenset({k.split(" ", 1)[0] for k in _RUNNER_ROWS} | _RUNNER_SPECIAL)
# Every name this plugin judges by the command it runs (the outer command's redirects and
# here-strings are not handed down to that command's classification).
RUNS_ANOTHER = frozenset(
    {*_ESCALATORS, *_SHELLS, *_SIMPLE, *_DOWNLOAD_RUNNERS, "timeout", "watch", "flock"}
    | {"env", "script", "rtk", "arch", "xargs", "find", "fd", "pnpm", "yarn", "uv", "toybox"}
    | {k for k in _RUNNER_ROWS if " " not in k}
    | _RUNNER_SPECIAL
)
# floor name -> (verdict, rule, what it adds)
_FLOORS = {
    "review": (
        Verdict.REVIEW,
        "GK-WRAP-004",
        "may change what runs (a project's environment or scripts, a preloaded library, a "
        "recording file): at least a review",
    ),
    "privilege": (
        Verdict.ELEVATE,
        "GK-WRAP-001",
        "runs it as another user, group, root directory, namespace or capability set",
    ),
    "power": (
        Verdict.ELEVATE,
        "GK-WRAP-005",
        "reaches past the command: another process's memory, the host outside a sandbox, or "
        "a unit outside the session",
    ),
    "secrets": (Verdict.ELEVATE, "GK-WRAP-005", "hands it the user's secrets"),
}
# A row, parsed once on first use: (valued options, two-valued options, positionals, an
# optional positional, form, shell-line options, floor, floor-raising options)
_RunnerSpec = tuple[frozenset[str], frozenset[str], int, int, str, frozenset[str], str, frozenset[str]]
_PARSED: dict[str, _RunnerSpec] = {}
# The most readings of a runner's unknown options judged (each a start of its command).
_MAX_READINGS = 4


def _runner_spec(key: str) -> _RunnerSpec:
    spec = _PARSED.get(key)
    if spec is None:
        values, twos, before, maybe, form, lines, floor, power = _RUNNER_ROWS[key]
        spec = (
            frozenset(values.split()) | frozenset(lines.split()),
            frozenset(twos.split()),
            before,
            maybe,
            form,
            frozenset(lines.split()),
            floor,
            frozenset(power.split()),
        )
        _PARSED[key] = spec
    return spec


def _runner(command: Command, ctx: Context) -> Finding | None:
    """A program of `_RUNNER_ROWS` (or `_RUNNER_SPECIAL`) that runs a command: at least that
    command's verdict and at least its floor. None for a form that runs nothing it names
    (`npm test`, `perf report`, `ssh-agent -s`) under a floor that is only a review."""
    argv = command.argv
    name = command.name
    if name in _RUNNER_SPECIAL:
        return _special_runner(name, list(argv[1:]), ctx)
    key = f"{name} {argv[1]}" if len(argv) > 1 else name
    if key not in _RUNNER_ROWS:
        if name not in _RUNNER_ROWS:
            return None
        key = name
    args = list(argv[len(key.split(" ")) :])
    values, twos, before, maybe, form, line_opts, floor, power = _runner_spec(key)
    if key == "start-stop-daemon":
        return _start_stop(args, ctx)
    lines: list[str] = []
    writes = _RUNNER_WRITES.get(key, "").split()
    written: list[str] = []
    unsure = maybe
    after_dashdash = False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            after_dashdash = True
            i += 1
            break
        if a.startswith("-") and len(a) > 1:
            opt, eq, value = a.partition("=")
            if opt in power or (
                not opt.startswith("--") and any(f"-{c}" in power for c in opt[1:])
            ):
                floor = "privilege" if key in ("chpst", "daemonize") else "power"
            if opt in line_opts and form == "after":
                args = args[i + 1 :]  # `nix develop -c CMD ARGS`: the rest is the command
                i = 0
                after_dashdash = True
                break
            if opt in line_opts and (eq or i + 1 < len(args)):
                lines.append(value if eq else args[i + 1])
            if writes and (eq or i + 1 < len(args)):
                if opt in writes or long_options(opt, writes):
                    written.append(value if eq else args[i + 1])
                elif opt[:2] in writes and not opt.startswith("--") and len(opt) > 2:
                    written.append(opt[2:])  # `-oFILE`
            if eq:
                i += 1
            elif opt in twos:
                i += 3
            elif _takes_next_word(opt, set(values)):
                i += 2
            else:
                unsure += 1  # a flag, or an option of a value the table does not know
                i += 1
            continue
        if before:
            before -= 1
            i += 1
            continue
        if form in ("dashdash", "bash", "after", "none", "scripts"):
            i += 1  # a package, a container's name, a file: not the command
            continue
        break
    rest = args[i:] if (after_dashdash or form not in ("dashdash", "bash", "after")) else []
    # A word known only at run time where the command starts may be empty or an option of
    # the runner's (`strace $X rm -rf ~`): the command may start after it too.
    at = len(argv) - len(rest)
    unsure += next((n for n, w in enumerate(command.words[at:]) if not w.dynamic), 0)
    if form == "none":
        rest = []
    if key == "systemd-run":
        floor = _systemd_run_floor(args)
    elif key == "entr" and any("s" in a[1:] for a in args[:i] if a.startswith("-")):
        lines.append(rest[0] if rest else "")  # `entr -s LINE`: a shell line
        rest = []
    how = key
    found: list[Finding] = [_script(ctx, line, how) for line in lines]
    if form == "scripts":  # every word may be a command line (`hyperfine 'a' 'b'`)
        found += [_script(ctx, a, how) for a in args if not a.startswith("-")]
    elif rest:
        prefix = ["bash"] if form == "bash" else []
        for k in range(min(unsure, _MAX_READINGS - 1) + 1 if not after_dashdash else 1):
            if k < len(rest) and (k == 0 or not rest[k].startswith("-")):
                if form == "script":
                    found.append(_script(ctx, " ".join(rest[k:]), how))
                else:
                    found.append(_wrapped(ctx, [*prefix, *rest[k:]], how))
    found += [f for path in written if (f := _written_file(ctx, path, how)) is not None]
    verdict, rule, adds = _FLOORS[floor]
    if not found and verdict != Verdict.ELEVATE:
        return None  # it runs nothing the gate can see: judged as before (unknown)
    shown = " ".join(rest or lines or args)[:120]
    found.append(Finding(verdict, rule, f"`{how}` runs `{shown}` and {adds}"))
    return dominant(found)


def _start_stop(args: Sequence[str], ctx: Context) -> Finding | None:
    """`start-stop-daemon --start --exec PATH [--startas PATH] [-- ARGS]` runs PATH (or the
    --startas program) with ARGS; --chuid and --chroot run it as another user or root."""
    if not any(a in ("-S", "--start") for a in args):
        return None
    program = ""
    floor = "review"
    i = 0
    while i < len(args) and args[i] != "--":
        opt, eq, value = args[i].partition("=")
        if not eq and i + 1 < len(args):
            value = args[i + 1]
        if opt in ("-c", "--chuid", "-r", "--chroot", "-g", "--group"):
            floor = "privilege"
        if opt in ("-a", "--startas") or (opt in ("-x", "--exec") and not program):
            program = value
        i += 1
    if not program:
        return None
    found = [_wrapped(ctx, [program, *args[i + 1 :]], "start-stop-daemon")]
    verdict, rule, adds = _FLOORS[floor]
    found.append(Finding(verdict, rule, f"`start-stop-daemon` runs `{program}` and {adds}"))
    return dominant(found)


def _special_runner(name: str, args: list[str], ctx: Context) -> Finding | None:
    """gdb, GNU parallel and sem, expect, osascript, tmux, the sqlite3 and psql shells, ssh's
    local commands, rsync's remote shell, at and batch: the commands their text runs."""
    lines: list[str] = []
    argvs: list[list[str]] = []
    floor = "review"
    if name == "gdb":
        floor = _gdb(args, lines, argvs)
    elif name in ("parallel", "sem"):
        _parallel(args, lines, semaphore=name == "sem" or "--semaphore" in args)
    elif name == "expect":
        for i, a in enumerate(args):
            if a == "-c" and i + 1 < len(args):
                lines += _tcl_commands(args[i + 1])
    elif name == "osascript":
        for i, a in enumerate(args):
            if a == "-e" and i + 1 < len(args):
                lines += _shell_scripts_of_applescript(args[i + 1])
    elif name == "tmux":
        lines += _tmux(args)
    elif name in ("sqlite3", "psql"):
        lines += _client_shell_escapes(name, args)
    elif name in ("ssh", "scp", "sftp", "rsync"):
        lines += _local_commands(name, args)
    elif name == "emacs":
        for i, a in enumerate(args):
            if a in ("--eval", "-eval") and i + 1 < len(args):
                lines += _quoted_after(args[i + 1], _ELISP_SHELL)
            elif a.startswith("--eval="):
                lines += _quoted_after(a[len("--eval=") :], _ELISP_SHELL)
    elif not any(a in ("-l", "-c", "-r", "-d", "-V", "--help") for a in args):
        # `at TIME`, `batch`: a job the at daemon runs later, outside the session and any gate
        floor = "power"
    found = [_script(ctx, line, name) for line in lines]
    found += [_wrapped(ctx, argv, name) for argv in argvs]
    verdict, rule, adds = _FLOORS[floor]
    if not found and verdict != Verdict.ELEVATE:
        return None
    found.append(Finding(verdict, rule, f"`{name}` runs `{' '.join(args)[:120]}` and {adds}"))
    return dominant(found)


_GDB_VALUED = {"-ex", "-eval-command", "-iex", "-init-eval-command", "-x", "-command", "-ix"}
_GDB_VALUED |= {"-init-command", "-p", "-pid", "-cd", "-d", "-directory", "-s", "-symbols"}
_GDB_VALUED |= {"-e", "-exec", "-se", "-c", "-core", "-b", "-D", "-data-directory", "-tty"}
_GDB_VALUED |= {"-i", "-interpreter"}


def _gdb(args: Sequence[str], lines: list[str], argvs: list[list[str]]) -> str:
    """Fill `lines` with the shell lines of gdb's commands (`shell X`, `!X`, `pipe C | X`)
    and `argvs` with the program it may run (`--args PROG ARGS`, the first positional);
    "power" when it attaches to a process (`-p PID`, `gdb PROG PID`)."""
    floor = "review"
    positionals: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        opt, eq, value = ("-" + a.lstrip("-")).partition("=")
        if a in ("-args", "--args"):
            argvs.append(list(args[i + 1 :]))
            break
        if a.startswith("-") and opt in _GDB_VALUED:
            if not eq:
                value = args[i + 1] if i + 1 < len(args) else ""
                i += 1
            if opt in ("-p", "-pid"):
                floor = "power"
            if opt in ("-ex", "-eval-command", "-iex", "-init-eval-command"):
                lines += _gdb_shell(value)
        elif not a.startswith("-"):
            positionals.append(a)
        i += 1
    if positionals:
        argvs.append(positionals[:1])
    if len(positionals) > 1 and positionals[1].isdigit():
        floor = "power"  # `gdb PROG PID` attaches to PID
    return floor


# tmux commands whose last words are a shell command, with their options that take a value
# (`send-keys` types its words into a pane, where a shell may run them; `if-shell` tests a
# shell line)
_TMUX_RUNS: dict[str, set[str]] = {
    "new-session": {"-c", "-e", "-F", "-f", "-n", "-s", "-t", "-x", "-y"},
    "new-window": {"-c", "-e", "-F", "-n", "-t"},
    "split-window": {"-c", "-e", "-F", "-l", "-t"},
    "respawn-pane": {"-c", "-e", "-t"},
    "respawn-window": {"-c", "-e", "-t"},
    "run-shell": {"-c", "-d", "-t"},
    "display-popup": {"-b", "-c", "-d", "-e", "-h", "-s", "-S", "-t", "-T", "-w", "-x", "-y"},
    "pipe-pane": {"-t"},
    "send-keys": {"-c", "-N", "-t"},
    "if-shell": {"-t"},
}
_TMUX_ALIASES = {"new": "new-session", "neww": "new-window", "splitw": "split-window"}
_TMUX_ALIASES |= {"respawnp": "respawn-pane", "respawnw": "respawn-window", "run": "run-shell"}
_TMUX_ALIASES |= {"popup": "display-popup", "pipep": "pipe-pane", "send": "send-keys"}
_TMUX_ALIASES |= {"if": "if-shell"}


def _tmux(args: Sequence[str]) -> list[str]:
    """The shell lines of a tmux call: `tmux -c LINE`, and each command's (`new -d LINE`,
    `run-shell LINE`, `split-window LINE`, `send-keys KEYS`...), commands split at `;`. Every
    word after a command's options is read as part of its line (over-reading only makes the
    verdict stricter)."""
    lines: list[str] = []
    rest = list(args)
    while rest and rest[0].startswith("-"):  # tmux's own options: -L, -S, -f take a value
        opt = rest.pop(0)
        if opt == "-c" and rest:
            lines.append(rest.pop(0))
        elif opt in ("-L", "-S", "-f", "-T") and rest:
            rest.pop(0)
    command: list[str] = []
    for word in [*rest, ";"]:
        if word not in (";", "\\;"):
            command.append(word)
            continue
        verb = _TMUX_ALIASES.get(command[0], command[0]) if command else ""
        if verb in _TMUX_RUNS:
            words = _skip_options(command[1:], _TMUX_RUNS[verb])
            if verb == "if-shell":
                words = words[:1]
            # an option read wrong would hide the line's first words: each start is judged
            lines += [" ".join(words[k:]) for k in range(min(len(words), 3))]
        command = []
    return lines


def _client_shell_escapes(name: str, args: Sequence[str]) -> list[str]:
    """What sqlite3's `.shell X`/`.system X`/`.once |X`/`.output |X` and psql's `\\! X`,
    `\\o |X`, `\\g |X` run, in any argument (SQL given on the command line, `-cmd`, `-c`)."""
    found: list[str] = []
    escapes = (".shell ", ".system ") if name == "sqlite3" else ("\\! ", "\\!")
    pipes = (".once", ".output", ".import") if name == "sqlite3" else ("\\o", "\\g", "\\w")
    for arg in args:
        for part in arg.replace(";", "\n").splitlines():
            text = part.strip()
            lead = next((e for e in escapes if text.startswith(e)), None)
            if lead is not None:
                found.append(text[len(lead) :])
            elif text.startswith(pipes) and "|" in text:
                found.append(text.split("|", 1)[1])
    return found


# ssh options (`-o NAME=VALUE`, `-oNAME VALUE`) whose value is a line ssh runs on this
# machine with the user's shell (LocalCommand only with PermitLocalCommand, judged anyway)
_SSH_LOCAL = ("proxycommand", "localcommand", "knownhostscommand")


def _local_commands(name: str, args: Sequence[str]) -> list[str]:
    """The lines ssh, scp and sftp run here (ProxyCommand...), and rsync's remote shell
    (`-e CMD`, `--rsh=CMD`): rsync runs CMD here with the host and its own server command
    after it."""
    found: list[str] = []
    for i, arg in enumerate(args):
        value = args[i + 1] if i + 1 < len(args) else ""
        if name == "rsync":
            if arg in ("-e", "--rsh"):
                found.append(value)
            elif arg.startswith("--rsh="):
                found.append(arg[len("--rsh=") :])
            elif arg.startswith("-e") and not arg.startswith("--"):
                found.append(arg[2:])
            continue
        option = arg[2:] if arg.startswith("-o") and len(arg) > 2 else value if arg == "-o" else ""
        key, _, line = option.replace("=", " ", 1).partition(" ")
        if key.lower() in _SSH_LOCAL:
            found.append(line.strip())
    if name == "ssh":
        rest = _skip_options(args, _SSH_VALUED)
        if rest and rest[0].rpartition("@")[2] in _LOOPBACK and rest[1:]:
            found.append(" ".join(rest[1:]))  # `ssh localhost CMD`: CMD runs here, as the user
    return found


_SSH_VALUED = {"-B", "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m"}
_SSH_VALUED |= {"-O", "-o", "-p", "-Q", "-R", "-S", "-W", "-w"}
# the names of this machine ssh may be given (0.0.0.0 reaches it too: a host, not a bind)
_LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]", "127.1", "localhost.localdomain"}
_LOOPBACK.add("0.0.0.0")  # noqa: S104 - a host ssh connects to, not an address bound


def _gdb_shell(command: str) -> list[str]:
    text = command.strip()
    for lead in ("shell ", "!"):
        if text.startswith(lead):
            return [text[len(lead) :]]
    if text.startswith(("pipe ", "|")) and "|" in text[1:]:
        return [text[1:].split("|", 1)[1]]
    return []


_PARALLEL_SEPARATORS = {":::", "::::", ":::+", "::::+"}


def _parallel(args: Sequence[str], lines: list[str], *, semaphore: bool) -> None:
    """GNU parallel runs its command template through the shell once for each input, the
    input appended (or put in place of `{}`); without a template each input is a command
    line. Every start of the template after an option is judged (the options are many)."""
    cut = next((i for i, a in enumerate(args) if a in _PARALLEL_SEPARATORS), len(args))
    head = list(args[:cut])
    inputs = [a for a in args[cut:] if a not in _PARALLEL_SEPARATORS]
    if any(a.startswith("::::") for a in args[cut:]):
        inputs.append("$PARALLEL_INPUT")  # words read from a file
    if cut == len(args) and not semaphore:
        inputs = ["$PARALLEL_INPUT"]  # from stdin
    starts = [i for i, a in enumerate(head) if not a.startswith("-")][:_MAX_READINGS]
    templates = [" ".join(head[i:]) for i in starts]
    if not templates:
        lines += inputs if cut < len(args) else []
        return
    for template in templates:
        if semaphore:
            lines.append(template)
            continue
        for value in inputs or [""]:
            lines.append(f"{template} {value}")
            if "{" in template:
                lines.append(template.replace("{}", value))


def _tcl_commands(script: str) -> list[str]:
    """The lines Tcl's `spawn`, `exec` and `system` run in an expect script: each up to the
    end of its command (`;`, a newline, `]`), braces read as quotes. Over-reading is safe
    here: what is found can only make the verdict stricter."""
    found: list[str] = []
    for word in ("spawn", "exec", "system"):
        at = script.find(word)
        while at >= 0:
            end = len(script)
            for stop in (";", "\n", "]"):
                cut = script.find(stop, at)
                if cut >= 0:
                    end = min(end, cut)
            text = script[at + len(word) : end].replace("{", "'").replace("}", "'")
            found.append(text.lstrip("-").strip() if word == "spawn" else text.strip())
            at = script.find(word, at + len(word))
    return found


def _shell_scripts_of_applescript(statement: str) -> list[str]:
    """The strings of `do shell script "…"` (AppleScript) and `doShellScript('…')` (JXA)."""
    return _quoted_after(statement, ("do shell script", "doShellScript("))


# Emacs Lisp functions whose first argument is a shell line
_ELISP_SHELL = (
    "(shell-command",
    "(shell-command-to-string",
    "(call-process-shell-command",
    "(async-shell-command",
)


def _quoted_after(statement: str, leads: Sequence[str]) -> list[str]:
    """The quoted string after each of `leads` in `statement` (backslash escapes read); a
    lead followed by anything else (a variable) stands for a line known only at run time."""
    found: list[str] = []
    for lead in leads:
        at = statement.find(lead)
        while at >= 0:
            text = statement[at + len(lead) :].lstrip()
            if text[:1] in ("'", '"'):
                quote = text[0]
                out = []
                j = 1
                while j < len(text) and text[j] != quote:
                    if text[j] == "\\" and j + 1 < len(text):
                        j += 1
                    out.append(text[j])
                    j += 1
                found.append("".join(out))
            else:
                found.append("$RUNTIME_VALUE")  # a variable: known only at run time
            at = statement.find(lead, at + len(lead))
    return found


def _written_file(ctx: Context, path: str, how: str) -> Finding | None:
    """GK-PROT-001 when a runner's own output file is protected or a secret."""
    kind, where = ctx.paths.classify(path, write=True)
    if kind in (PROTECTED, SECRET):
        return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`{how}` writes its output to {where}")
    return None


def _systemd_run_floor(args: Sequence[str]) -> str:
    """`systemd-run --user --scope CMD` runs CMD in the caller's session, in the foreground;
    without --scope CMD runs as a unit of the service manager, outside the session (with
    --on-* later: a timer), and without --user the system manager runs it as root."""
    opts = {a.partition("=")[0] for a in args if a.startswith("-")}
    if "--user" not in opts or opts & {"--uid", "--gid", "-H", "--host", "-M", "--machine"}:
        return "privilege"
    if "--scope" not in opts or any(o.startswith("--on-") for o in opts):
        return "power"
    return "review"


def _wrapped(ctx: Context, argv: Sequence[str], how: str, floor: Verdict = Verdict.SAFE) -> Finding:
    if not argv:
        return Finding(Verdict.SAFE, "GK-WRAP-002", f"`{how}` runs nothing")
    inner = ctx.classify(argv, how)
    verdict = worst(inner.verdict, floor)
    # Report the wrapped command's own rule: `timeout 5 rm -rf ~` is GK-BASH-008.
    if inner.verdict == Verdict.SAFE:
        rule = "GK-WRAP-002" if verdict == Verdict.SAFE else "GK-WRAP-004"
    else:
        rule = inner.rule if inner.verdict == verdict else "GK-WRAP-004"
    reason = f"`{how}` runs `{' '.join(argv)[:120]}`: {inner.reason}"
    return new_finding(verdict, rule, reason, "", "")  # (hot: every wrapped command)


def _runtime_prefix(command: Command, rest: Sequence[str], how: str) -> Finding | None:
    """REVIEW when a word of the wrapper's own (before `rest`, what it runs) is known only at
    run time: unquoted, it splits into words, and `timeout $T ls` with `T='1 rm -rf ~'` runs
    `rm -rf ~`; `env LANG=$X ls`, `nice -n $N ls` and `stdbuf -o$X ls` alike."""
    own = command.words[1 : len(command.words) - len(rest)]
    runtime = next((w.text for w in own if w.dynamic), "")
    if not runtime:
        return None
    return Finding(
        Verdict.REVIEW,
        "GK-WRAP-004",
        f"`{how} {runtime[:60]}` is known only at run time: split into words, it may be the "
        f"command `{how}` runs",
    )


def _globbed(command: Command, rest: Sequence[str], how: str) -> Finding | None:
    """REVIEW when a word of the script `how` runs (`rest`, the end of the command) is a
    glob: bash puts each file name it matches in its place, and a name may hold `;`,
    quotes or `$( )` (`watch "ls "*` with a file `ls x;rm -rf ~;` runs rm)."""
    words = command.words[len(command.words) - len(rest) :] if rest else ()
    glob = next((w.text for w in words if w.glob), None)
    if glob is None:
        return None
    return Finding(
        Verdict.REVIEW,
        "GK-WRAP-004",
        f"`{how}` runs a script holding the glob `{glob[:60]}`: the file names it matches "
        "are read as code",
    )


def _skip_options(args: Sequence[str], with_value: set[str]) -> list[str]:
    rest = list(args)
    while rest and rest[0].startswith("-") and rest[0] != "-":
        opt = rest.pop(0)
        if opt == "--":
            break
        if rest and _takes_next_word(opt, with_value):
            rest.pop(0)
    return rest


def _takes_next_word(opt: str, with_value: set[str]) -> bool:
    """Whether getopt_long gives `opt` the next word as its value: `-o`, an abbreviated
    ``--outp`` of ``--output``, or a cluster ``-ao`` whose first valued letter is its last
    (``time -ao echo rm -rf ~`` logs into `echo` and runs ``rm``)."""
    if opt in with_value:
        return True
    if opt.startswith("--"):
        return "=" not in opt and bool(long_options(opt, with_value))
    for i, letter in enumerate(opt[1:], 1):
        if f"-{letter}" in with_value:
            return i == len(opt) - 1  # before the end, the rest of the word is the value
    return False


def _runner_call(own: Sequence[str], rest: Sequence[str]) -> str | None:
    """The shell line of `npx -c LINE` / `npm exec --call=LINE` / `pnpm dlx -c LINE`
    (`--shell-mode`): npm runs it with `sh -c`, whatever package options come with it."""
    for i, opt in enumerate(own):
        for flag in ("--call", "--shell-mode", "-c"):
            if opt.startswith(flag + "="):
                return opt[len(flag) + 1 :]
            if opt == flag:
                following = [*own[i + 1 :], *rest]
                return following[0] if following else ""
    return None


def _review_runner_call(how: str, line: str) -> Finding:
    return Finding(
        Verdict.REVIEW, "GK-WRAP-004", f"`{how} --call` runs the shell line `{line[:120]}`"
    )


def _script(ctx: Context, text: str, how: str) -> Finding:
    inner = ctx.classify_script(text, how)
    rule = "GK-WRAP-003" if inner.verdict == Verdict.SAFE else inner.rule
    return Finding(inner.verdict, rule, f"`{how}` runs `{text[:120]}`: {inner.reason}")


@hookimpl
def gatekeeper_check_command(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """Classify what a wrapper runs; escalators are at least ELEVATE.

    The hook implementation takes the whole call: ``find . | xargs grep x`` needs to know
    what feeds ``xargs``, which the `Command` alone does not say.
    """
    return _check(command, ctx, call)


def check_without_call(command: Command, ctx: Context) -> Finding | None:
    """The same judgement without the call (the host's protected-paths guard calls this).

    Without the call, what feeds an ``xargs`` is unknown, so its appended words stay
    unknown: never more permissive than `gatekeeper_check_command`.
    """
    return _check(command, ctx, None)


def _check(command: Command, ctx: Context, call: ToolCall | None) -> Finding | None:
    name = command.name
    if name not in _ACTS_ON:
        return None  # no branch below tests true (hot: most commands; see `_ACTS_ON`)
    words = command.words
    argv = command.argv
    if not words or words[0].dynamic:
        return None
    if name in _ESCALATORS:
        return Finding(
            Verdict.ELEVATE, "GK-WRAP-001", f"`{name}` runs a command with other privileges"
        )
    if name in _SIMPLE:
        if name == "command" and len(argv) > 1 and argv[1] in ("-v", "-V"):
            return Finding(Verdict.SAFE, "GK-WRAP-002", "`command -v` only looks a name up")
        rest = _skip_options(argv[1:], _SIMPLE[name])
        if name == "nice" and rest and rest[0].lstrip("-+").isdigit() and argv[1].startswith("-"):
            rest = rest[1:]
        if name in ("taskset", "chrt") and rest:
            rest = rest[1:]
        if name in ("exec", "coproc") and not rest:
            return None  # `exec 3<>f`, `exec > log`: only redirects, judged as before
        return _runtime_prefix(command, rest, name) or _wrapped(ctx, rest, name)
    if name == "timeout":
        rest = _skip_options(argv[1:], {"-s", "--signal", "-k", "--kill-after"})
        return _runtime_prefix(command, rest[1:], name) or _wrapped(ctx, rest[1:], "timeout")
    if name == "watch":
        rest = _skip_options(argv[1:], {"-n", "--interval", "-d"})
        if not rest:
            return None
        return (
            _runtime_prefix(command, rest, name)
            or _globbed(command, rest, name)
            or _script(ctx, " ".join(rest), "watch")
        )
    if name == "flock":
        rest = _skip_options(argv[1:], {"-w", "--timeout", "-E", "--conflict-exit-code"})
        if len(rest) >= 3 and rest[1] in ("-c", "--command"):
            return (
                _runtime_prefix(command, rest[2:], name)
                or _globbed(command, rest[2:], "flock -c")
                or _script(ctx, rest[2], "flock -c")
            )
        return _runtime_prefix(command, rest[1:], name) or _wrapped(ctx, rest[1:], "flock")
    if name == "env":
        return _env(command, ctx)
    if name == "script":
        return _typescript(command, ctx)
    if name == "rtk":
        return _rtk(argv[1:], ctx)
    if name == "arch":
        return _arch(command, ctx)
    if name == "xargs":
        return _xargs(command, ctx, call)
    if name == "find":
        return _find_exec(command, ctx)
    if name in _SHELLS:
        return _busybox(command, ctx) if name == "busybox" else _shell(command, ctx)
    if name == "toybox":  # another multi-call binary: `toybox rm -rf ~` is `rm -rf ~`
        return _busybox(command, ctx)
    if name in _DOWNLOAD_RUNNERS or (
        name in _DOWNLOAD_VERBS and argv[1:2] in _DOWNLOAD_VERBS[name]
    ):  # `npm exec -- CMD` and `bun x CMD` are `npx CMD` and `bunx CMD`
        skip = 2 if name in _DOWNLOAD_VERBS else 1
        rest = _skip_options(argv[skip:], {"-p", "--package", "--from", "--with", "--python"})
        called = _runner_call(argv[skip : len(argv) - len(rest)], rest)
        if called is not None:  # `npx --call='rm -rf ~'`: a shell line, not a package
            found = _script(ctx, called, name)
            return found if found.verdict != Verdict.SAFE else _review_runner_call(name, called)
        return _runtime_prefix(command, rest, name) or _wrapped(
            ctx, rest, name, floor=Verdict.REVIEW
        )
    if name in _RUNNER_NAMES:
        return _runner(command, ctx)
    if name in _LINE_HOSTS:
        return _option_lines(command, ctx)
    return None


# Programs with an option whose value is a command line they run (GK-BASH-005 and GK-GIT-003
# review them; the line itself is judged here, so `tar --to-command='rm -rf ~'` is what
# `rm -rf ~` is): name -> those options (a separate word or `=VALUE`).
_TAR_LINES: tuple[str, ...] = ("--to-command", "--use-compress-program", "-I", "-F")
_TAR_LINES += ("--rsh-command", "--info-script", "--new-volume-script")
_VIM_LINES = ("-c", "--cmd")
_LINE_OPTIONS: dict[str, tuple[str, ...]] = {
    "tar": _TAR_LINES,
    "gtar": _TAR_LINES,
    "bsdtar": _TAR_LINES,
    "zip": ("-TT", "--unzip-command"),
    "man": ("-P", "--pager"),
    "sort": ("--compress-program",),
    "rg": ("--pre",),
    "vim": _VIM_LINES,
    "vi": _VIM_LINES,
    "nvim": _VIM_LINES,
    "view": _VIM_LINES,
    "vimdiff": _VIM_LINES,
    "gvim": _VIM_LINES,
    "ex": _VIM_LINES,
    "less": (),
    "git": (),
}
_LINE_HOSTS = frozenset(_LINE_OPTIONS)


# Every name a branch of `_check` tests `name` with: for any other name each branch's test
# is false and `_check` answers None, so it answers at once (~70 bytecodes less a command).
# `tests/test_name_gates.py` reads every test of `_check` from its source (`ast`): each
# branch must test `name` and every name it compares with must be here.
_ACTS_ON = frozenset(
    {*_ESCALATORS, *_SIMPLE, "timeout", "watch", "flock", "env", "script", "rtk", "arch"}
    | {"xargs", "find", *_SHELLS, "toybox", *_DOWNLOAD_RUNNERS, *_DOWNLOAD_VERBS}
    | _RUNNER_NAMES
    | _LINE_HOSTS
)

# git subcommands' options whose value is a shell line
_GIT_SUB_LINES: dict[str, tuple[str, ...]] = {
    "difftool": ("-x", "--extcmd"),
    "rebase": ("-x", "--exec"),
    "filter-branch": (
        *("--env-filter", "--tree-filter", "--index-filter", "--msg-filter"),
        *("--commit-filter", "--parent-filter", "--tag-name-filter"),
    ),
}


_CHECKPOINT_ACTION = "--checkpoint-action"


def _option_lines(command: Command, ctx: Context) -> Finding | None:
    """The lines a program's own options hand to a shell (`_LINE_OPTIONS`, git's `-c` keys,
    vim's `+CMD`): each judged as a shell line, and the call at least REVIEW when there is
    one. None when there is none: the program is judged by its other checkers alone."""
    name = command.name
    args = list(command.argv[1:])
    options = _LINE_OPTIONS[name]
    tar = name in ("tar", "gtar", "bsdtar")
    lines: list[str] = []
    for i, arg in enumerate(args):
        value = args[i + 1] if i + 1 < len(args) else ""
        opt, eq, attached = arg.partition("=")
        # getopt_long takes a long option's unambiguous prefix (`--to-com=CMD`), and its
        # value attached or as the next word (`--checkpoint-action exec=CMD`)
        if (opt in options or long_options(opt, options)) and (eq or value):
            lines.append(attached if eq else value)
        elif tar and _CHECKPOINT_ACTION.startswith(opt) and len(opt) > len("--checkpoint"):
            action = attached if eq else value
            if action.startswith("exec="):
                lines.append(action[len("exec=") :])
        elif name == "git" and arg == "-c" and "=" in value:
            key, _, setting = value.partition("=")
            if git_line_key(key):
                lines.append(setting.removeprefix("!"))
    if name in _VIM_NAMES:  # `-c CMD` and `+CMD` are editor commands
        lines = [line for cmd in lines for line in _editor_shell(cmd)]
    if name in _VIM_NAMES or name == "less":
        lines += [x for a in args if a.startswith("+") for x in _editor_shell(a[1:])]
    if name == "git":
        lines += _git_sub_lines(args)
    lines = [line for line in lines if line.strip()]
    if not lines:
        return None
    found = [_script(ctx, line, name) for line in lines]
    found.append(
        Finding(
            Verdict.REVIEW, "GK-WRAP-004", f"`{name}` hands `{lines[0][:80]}` to a shell"
        )
    )
    return dominant(found)


_VIM_NAMES = {"vim", "vi", "nvim", "view", "vimdiff", "gvim", "ex"}


def _editor_shell(command: str) -> list[str]:
    """What an editor command runs in a shell: after `!` (`:!X`, `silent !X`, `r !X`, `%!X`),
    and in `system('X')`. Over-reading (a `!` of `w!`) only makes the verdict stricter."""
    found = _quoted_after(command, ("system(", "systemlist("))
    if "!" in command:
        found.append(command.split("!", 1)[1])
    return found


def _git_sub_lines(args: Sequence[str]) -> list[str]:
    """`git difftool -x X`, `git rebase --exec X`, `git filter-branch --tree-filter X`,
    `git submodule foreach X`, `git bisect run X...`: the lines git hands to a shell."""
    i = 0
    while i < len(args) and args[i].startswith("-"):  # git's own options: -c, -C take a value
        i += 2 if args[i] in ("-c", "-C", "--git-dir", "--work-tree", "--namespace") else 1
    sub, rest = (args[i], list(args[i + 1 :])) if i < len(args) else ("", [])
    if sub == "submodule" and "foreach" in rest:
        words = [w for w in rest[rest.index("foreach") + 1 :] if w not in ("--recursive", "-q")]
        return [" ".join(words)]
    if sub == "bisect" and rest[:1] == ["run"]:
        return [" ".join(rest[1:])]
    lines: list[str] = []
    options = _GIT_SUB_LINES.get(sub, ())
    for j, arg in enumerate(rest):
        opt, eq, attached = arg.partition("=")
        if opt in options:
            lines.append(attached if eq else rest[j + 1] if j + 1 < len(rest) else "")
    return lines


# GNU env's long options (getopt takes any unique prefix) as their short twins; "" for the
# signal options, whose value is optional and only ever glued (`--block-signal=INT`).
_ENV_LONG = {
    "--ignore-environment": "-i", "--null": "-0", "--unset": "-u", "--chdir": "-C",
    "--split-string": "-S", "--debug": "-v", "--default-signal": "", "--ignore-signal": "",
    "--block-signal": "", "--list-signal-handling": "",
}  # fmt: skip


def _env_options(args: list[str]) -> list[str]:
    """env's options spelled the one way `_env` reads: `--split-string=X`, `--spl X` and
    `-iSX` as `-S X`, `--unset=N` and `-uN` as `-u N`, `-C/` as `-C /`, bundled flags
    (`-iv`) one by one, the signal options dropped; stops at the first operand or `--`.
    bash: `env --split-string='touch m'`, `env -iS 'touch m'` and `env -C/ touch m` each
    ran touch (they were an unknown option, REVIEW, whatever the command)."""
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--" or not a.startswith("-") or a == "-":
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            full = [n for n in _ENV_LONG if n.startswith(name)]
            if len(full) != 1:
                break  # unknown or ambiguous: `_env` asks
            short = _ENV_LONG[full[0]]
            if short in ("-u", "-C", "-S"):
                if eq:
                    out += [short, value]
                elif i + 1 < len(args):
                    out += [short, args[i + 1]]
                    i += 1
                else:
                    break
            elif short:
                out.append(short)
            i += 1
            continue
        for j, ch in enumerate(a[1:], 1):
            if ch in "uCS":
                rest = a[j + 1 :]
                if rest:
                    out += [f"-{ch}", rest]
                elif i + 1 < len(args):
                    out += [f"-{ch}", args[i + 1]]
                    i += 1
                else:
                    out.append(f"-{ch}")
                break
            out.append(f"-{ch}")
        i += 1
    return out + args[i:]


def _env(command: Command, ctx: Context) -> Finding | None:
    args = _env_options(list(command.argv[1:]))
    names: list[str] = []
    assigns: list[str] = []
    chdir = ""
    outside: Finding | None = None
    while args:
        a = args[0]
        if a in ("-i", "-", "--ignore-environment", "-0", "--null", "-v", "--debug"):
            args.pop(0)

        elif a in ("-u", "--unset", "-C", "--chdir") and len(args) > 1:
            if a in ("-C", "--chdir"):
                if not ctx.paths.is_allowed(args[1]):
                    # still judge the command: `env -C / rm -rf ~` is at least rm's ELEVATE
                    outside = Finding(
                        Verdict.REVIEW,
                        "GK-WRAP-002",
                        f"`env -C {args[1]}` runs outside the allowed dirs",
                    )
                chdir = args[1]
            del args[:2]
        elif a in ("-S", "--split-string") and len(args) > 1:
            found = risky_assignment(names)
            inner = _globbed(command, args[1:], "env -S") or _script(
                ctx, " ".join(args[1:]), "env -S"
            )
            if found is not None:
                found = Finding(worst(found.verdict, inner.verdict), found.rule, found.reason)
            # (ties keep the first: a value's command stands only when it is more severe)
            return dominant([found or inner, *_env_values(assigns, ctx)]) or inner
        elif a.startswith("-S") and len(a) > 2:
            return _globbed(command, args, "env -S") or _script(
                ctx, " ".join([a[2:], *args[1:]]), "env -S"
            )
        elif a == "--":
            args.pop(0)
            while args and "=" in args[0]:  # `env -- A=1 CMD`: the end of the options only
                names.append(args[0].split("=", 1)[0])
                assigns.append(args.pop(0))
            break
        elif "=" in a and not a.startswith("-"):
            names.append(a.split("=", 1)[0])
            assigns.append(args.pop(0))
        elif a.startswith("-"):
            return Finding(
                Verdict.REVIEW, "GK-WRAP-004", f"`env {a}` is an option the gate does not know"
            )
        else:
            break
    if not any(w.dynamic for w in command.words):  # `env PAGER=cat git log`: as the prefix
        names = [name for name in names if name not in assigns_harmless(assigns)]
    risky = risky_assignment(names)
    if not args:
        return risky or Finding(Verdict.SAFE, "GK-WRAP-002", "`env` only prints the environment")
    runtime = _runtime_prefix(command, args, "env")
    if runtime is not None:
        return runtime
    inner = _wrapped(ctx, args, "env")
    values = _env_values(assigns, ctx)
    if outside is not None:
        # the command, the directory and what the variables run: the most severe counts
        return dominant([inner, outside, *([risky] if risky else []), *values]) or outside
    if risky is not None:
        found = Finding(worst(risky.verdict, inner.verdict), risky.rule, risky.reason)
        return dominant([found, *values]) or found
    if values:
        inner = dominant([inner, *values]) or inner
    if chdir not in ("", ".", "./") and inner.verdict == Verdict.SAFE:
        # The inner command is judged from the call's cwd, but runs in `chdir`: from a
        # subdirectory, `env -C .. cat ../x` reads a file above the project.
        return Finding(
            Verdict.REVIEW,
            "GK-WRAP-002",
            f"`env -C {chdir}` runs `{args[0]}` in another directory than the one it is judged in",
        )
    unknown = [n for n in names if env_risk(n) != "harmless"]
    if unknown and inner.verdict == Verdict.SAFE and _safe_as_prefixes(command, assigns, args, ctx):
        return inner
    if unknown and inner.verdict == Verdict.SAFE:
        # The inner command is judged without the variables `env` sets, and a tool may read
        # its options from one (`env FZF_DEFAULT_OPTS='--bind ...:execute(sh)' fzf`).
        return Finding(
            Verdict.REVIEW,
            "GK-WRAP-002",
            f"`env` sets {unknown[0]} for `{args[0]}`, which may change what it does",
        )
    return inner


def assigns_harmless(assigns: Sequence[str]) -> set[str]:
    """The names of `NAME=VALUE` words whose every value changes nothing
    (`envvars.harmless_setting`): `env PAGER=cat PAGER=./x` sets ./x."""
    settings = [a.partition("=") for a in assigns]
    unsafe = {name for name, _, value in settings if not harmless_setting(name, value)}
    return {name for name, _, _ in settings} - unsafe


def _env_values(assigns: Sequence[str], ctx: Context) -> list[Finding]:
    """What the program runs from the values `env` sets: `env PAGER='rm -rf ~' git log`
    runs `rm -rf ~`, `env GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=LINE git
    status` runs LINE. Judged as their prefix form before `true`, whose walk judges each
    value as what it runs (`shell.parse`'s `value_commands`)."""
    kept = []
    for assign in assigns:
        name, _, value = assign.partition("=")
        if (name in VALUE_KINDS or name.startswith("GIT_CONFIG_")) and name.replace(
            "_", "a"
        ).isalnum():
            kept.append(f"{name}={_quoted(value)}")
    if not kept:
        return []
    return [_script(ctx, " ".join([*kept, "true"]), "env")]


def _safe_as_prefixes(
    command: Command, assigns: Sequence[str], argv: Sequence[str], ctx: Context
) -> bool:
    """`env A=1 B=2 CMD ARGS` sets exactly what `A=1 B=2 CMD ARGS` sets: judged that way,
    every checker sees the variables (a query tool asks for a name it does not know, as
    `FZF_DEFAULT_OPTS=... fzf` does), and a plain reader stays SAFE as with a prefix.

    Only for static words (a `$X` or a glob quoted into the script would turn literal) and
    names the shell would take as an assignment (`env 'A-B=1' ls` has no prefix form).
    """
    if any(w.dynamic or w.glob for w in command.words):
        return False
    parts = []
    for a in assigns:
        name, value = a.split("=", 1)
        if not name or not (name[0].isalpha() or name[0] == "_") or not name.isascii():
            return False
        if not name.replace("_", "a").isalnum():
            return False
        parts.append(f"{name}={_quoted(value)}")
    script = " ".join([*parts, *(_quoted(a) for a in argv)])
    return ctx.classify_script(script, "env").verdict == Verdict.SAFE


def _quoted(text: str) -> str:
    """One shell word that stands for `text` exactly (single quotes)."""
    return "'" + text.replace("'", "'\\''") + "'"


# rtk (a token-saving proxy for agents) runs `rtk CMD ARGS` as CMD with its output filtered.
# Only commands whose rtk form is that pass-through are judged as CMD: rtk's own verbs differ
# (`rtk read FILE` prints any file, `rtk init` installs hooks, `rtk discover` reads every
# Claude Code transcript).
_RTK_PASSTHROUGH = {"git", "ls", "cat", "head", "tail", "grep", "rg", "find", "tree", "wc", "diff"}


def _rtk(argv: Sequence[str], ctx: Context) -> Finding | None:
    args = list(argv)
    if args in (["--version"], ["-V"], ["--help"], ["-h"], ["help"], ["version"]):
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`rtk` only prints its version or help")
    if args in (["gain"], ["gain", "--history"]):
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`rtk gain` prints its own savings records")
    if args[:1] == ["proxy"]:
        return _wrapped(ctx, args[1:], "rtk proxy") if args[1:] else None
    if args[:1] == ["grep"]:
        # `rtk grep` hands its flags to ripgrep (grep only when rg is missing): `rtk grep
        # --pre=./x.sh y` runs x.sh. Judged as both; rtk drops grep's -r/-R/--recursive.
        as_rg = ["rg", *(_without_recursion(a) for a in args[1:] if a != "--recursive")]
        found = [_wrapped(ctx, args, "rtk"), _wrapped(ctx, [a for a in as_rg if a], "rtk grep")]
        return dominant(found)
    if args[:1] and args[0] in _RTK_PASSTHROUGH:
        return _wrapped(ctx, args, "rtk")
    return None


def _without_recursion(arg: str) -> str:
    """A short-option cluster without the `r`/`R` letters before its first valued letter."""
    if not arg.startswith("-") or arg.startswith("--"):
        return arg
    letters = arg[1:]
    cut = next((i for i, c in enumerate(letters) if c in "ABCMTdfgjmte"), len(letters))
    kept = letters[:cut].replace("r", "").replace("R", "") + letters[cut:]
    return f"-{kept}" if kept else ""


# util-linux `script`'s option letters (and `-` for long options).
_UTIL_LINUX_SCRIPT = set("acEefFhIOBTtmqV-")


def _typescript(command: Command, ctx: Context) -> Finding | None:
    """`script [-aqdek] FILE CMD...` (BSD) runs CMD and records it in FILE; `-p` plays FILE.

    util-linux takes `-c CMD` instead (a shell string) and rejects the BSD form; both are
    judged. Without a command the user's shell would read its commands from stdin: unknown.
    """
    args = list(command.argv[1:])
    letters = ""
    while args and args[0].startswith("-") and args[0] != "-":
        opt = args.pop(0)
        if opt == "--":
            break
        if opt.startswith("--command=") or (
            (opt == "--command" or _ends_in_c(opt)) and args
        ):  # `-c LINE`, and a cluster ending in it: `script -qc LINE /dev/null`
            shell = opt.partition("=")[2] if "=" in opt else args.pop(0)
            ran = _globbed(command, [shell, *args], "script -c") or _script(
                ctx, shell, "script -c"
            )
            if len(args) != 1:
                # more options (util-linux permutes them) or no file (`./typescript`): the
                # line still runs, whatever else `script` does
                odd = Finding(
                    Verdict.REVIEW, "GK-WRAP-004", f"`script -c` with `{' '.join(args)[:60]}`"
                )
                return dominant([ran, odd])
            written = _typescript_file(ctx, args[0], "")
            return dominant([ran, written]) if written is not None else ran
        if opt.startswith("--") or not set(opt[1:]) <= set("aqdekp"):
            return None  # -t/-T/-I/-O/-B log elsewhere, -F a FIFO, -r/-m/-E...
        letters += opt[1:]
    if not args:
        return None
    if "p" in letters:
        if len(args) != 1:
            return None
        return _typescript_file(ctx, args[0], "p") or Finding(
            Verdict.SAFE, "GK-WRAP-002", "`script -p` only plays a recording back"
        )
    if len(args) < 2:
        return None  # an interactive shell fed by stdin
    if any(a.startswith("-") and (a[1:2] in _UTIL_LINUX_SCRIPT or a == "-") for a in args[1:]):
        # util-linux permutes: in `script f cat -c 'rm -rf ~'` its own `-c` runs the string,
        # `-O FILE` logs into FILE. A word whose first letter it rejects makes it exit.
        return None
    written = _typescript_file(ctx, args[0], letters)
    ran = _wrapped(ctx, args[1:], "script")
    return dominant([ran, written]) if written is not None else ran


def _ends_in_c(opt: str) -> bool:
    """`-c`, or a cluster of util-linux `script`'s flags ending in it (`-qc`, `-aqc`)."""
    return opt[:1] == "-" and opt[1:2] != "-" and opt.endswith("c") and set(opt[1:-1]) <= set("aefq")


def _typescript_file(ctx: Context, path: str, letters: str) -> Finding | None:
    """None when `script` may write (or, with -p, read) `path`; else why not."""
    kind, where = ctx.paths.classify(path, write="p" not in letters)
    if kind in (ALLOWED, TMP, DEVICE):
        return None
    if kind in (PROTECTED, SECRET):
        return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`script` writes or reads {where}")
    return Finding(
        Verdict.REVIEW, "GK-WRAP-004", f"`script` uses {where}, outside the allowed dirs"
    )


def _arch(command: Command, ctx: Context) -> Finding:
    """`arch` alone prints the machine; macOS `arch -arm64 CMD` runs CMD (`-e` sets variables)."""
    rest = list(command.argv[1:])
    if not rest:
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`arch` only prints the machine type")
    names: list[str] = []
    assigns: list[str] = []
    while rest and rest[0].startswith("-"):
        opt = rest.pop(0)
        if opt in ("-arch", "--arch", "-e", "-d") and rest:
            value = rest.pop(0)
            names.append(value.split("=", 1)[0] if opt == "-e" else "")
            if opt == "-e":
                assigns.append(value)
    inner = _wrapped(ctx, rest, "arch")
    values = _env_values(assigns, ctx)  # `-e PAGER=LINE`: LINE judged
    if not any(w.dynamic for w in command.words):  # `-e PAGER=cat`: as the prefix
        names = [n for n in names if n not in assigns_harmless(assigns)]
    risky = risky_assignment([n for n in names if n])
    if risky is not None:
        found = Finding(worst(risky.verdict, inner.verdict), risky.rule, risky.reason)
        return dominant([found, *values]) or found
    if values:
        inner = dominant([inner, *values]) or inner
    unknown = [n for n in names if n and env_risk(n) != "harmless"]
    if unknown and inner.verdict == Verdict.SAFE:
        # as for `env`: the inner command is judged without the variable, and a tool may
        # read its options from one (`arch -e FZF_DEFAULT_OPTS=--preview=sh -arm64 fzf`)
        return Finding(
            Verdict.REVIEW,
            "GK-WRAP-002",
            f"`arch -e` sets {unknown[0]} for `{rest[0]}`, which may change what it does",
        )
    return inner


_XARGS_VALUE = {
    "-I",
    "-n",
    "-P",
    "-d",
    "-L",
    "-s",
    "-a",
    "-E",
    "-J",
    "-R",
    "-S",
    "--max-args",
    "--max-procs",
    "--delimiter",
    "--arg-file",
    "--max-chars",
    "--process-slot-var",
}
# GNU's `-e[EOF]`, `-l[N]`: the value only when attached; BSD reads `-e`/`-l` differently.
# Both readings are judged and the worse one stands.
_XARGS_OPTIONAL = {"-e", "-l"}
_XARGS_LONG_OPTIONAL = {"--eof", "--max-lines", "--replace"}  # GNU: `--eof[=X]`
_XARGS_BARE = {"-0", "--null", "-r", "--no-run-if-empty", "-t", "--verbose", "-x", "--exit"}
_XARGS_BARE |= {"-p", "--interactive", "-o", "--open-tty"}


# Commands that may take listed names as words: none has an option that writes or runs a
# program, so a name that looks like an option (`--pre=x.sh` for rg, `--output=F` for git,
# `x; rm -rf ~` inside `sh -c '{}'`) cannot turn a listing into code. rg, sort, sed, git,
# find, file, jq and every shell are not here.
_XARGS_READERS = {
    "cat", "head", "tail", "wc", "stat", "ls", "du", "grep", "egrep", "fgrep", "diff", "cmp",
    "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum",
    "basename", "dirname", "realpath", "readlink", "nl", "echo",
}  # fmt: skip


def _xargs(command: Command, ctx: Context, call: ToolCall | None) -> Finding:
    read = check_reads(command, ctx, _xargs_arg_files(command))
    if read is not None:
        return read  # `xargs -a/srv/notes echo` prints that file
    readings = _xargs_readings(list(command.argv[1:]))
    for reading in readings:  # `xargs -n $N wc`: N='1 rm -rf ~' makes rm the command
        runtime = _runtime_prefix(command, reading[0], "xargs")
        if runtime is not None:
            return runtime
    findings = [_xargs_reading(command, ctx, call, r) for r in readings]
    found = dominant(findings)
    assert found is not None  # noqa: S101 - at least one reading
    return found


def _xargs_arg_files(command: Command) -> list[Word]:
    """The files `xargs -a FILE` reads its words from: `-a F`, `-aF`, the `a` of a cluster
    (``-0a F``, ``-ra/srv/x``), ``--arg-file[=]F`` and its prefixes (``--arg=F``)."""
    words = command.words
    out: list[Word] = []
    i = 1
    while i < len(words):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        i += 1
        if text == "--" or not text.startswith("-") or text == "-":
            break  # the command xargs runs starts here
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            if long_options(name, ("--arg-file",)):
                out += [replace(words[i - 1], text=value)] if eq else [after] if after else []
                i += 0 if eq else 1
            elif not eq and name in _XARGS_VALUE:
                i += 1
            continue
        for j, letter in enumerate(text[1:], 2):
            if letter in "eil":
                break  # GNU's optional values: only in the same word
            if letter in "adEILnPsJRS":  # the value: the rest of the word, or the next one
                rest = text[j:]
                if letter == "a":
                    out += [replace(words[i - 1], text=rest)] if rest else [after] if after else []
                i += 0 if rest else 1
                break
    return out


def _xargs_readings(
    args: list[str], opts: tuple[str, ...] = ()
) -> list[tuple[list[str], str, str, bool]]:
    """(command, placeholder, split, known options) for each way to read xargs' options."""
    done = list(opts)
    while args and args[0].startswith("-") and args[0] != "-":
        opt = args.pop(0)
        if opt == "--":
            break
        if opt in _XARGS_OPTIONAL and args:
            # GNU: a bare `-e` takes no value and the next word is the command; BSD `-L`-like
            # readings take it as the value. Judge both.
            bare = _xargs_readings(list(args), (*done, opt))
            valued = _xargs_readings(args[1:], (*done, opt + args[0]))
            return bare + valued
        done.append(opt)
        if opt in _XARGS_VALUE and args:
            done.append(args.pop(0))
    return [_xargs_options(done, args)]


def _xargs_options(opts: list[str], args: list[str]) -> tuple[list[str], str, str, bool]:
    placeholder = ""
    split = "blank"
    known = True
    i = 0
    while i < len(opts):
        opt = opts[i]
        value = opts[i + 1] if opt in _XARGS_VALUE and i + 1 < len(opts) else None
        i += 2 if value is not None else 1
        name, _, attached = opt.partition("=") if opt.startswith("--") else (opt, "", "")
        if opt in ("-I", "-J") or name == "--replace":
            placeholder = value if value is not None else attached or "{}"
        elif opt == "-i" or (opt.startswith("-i") and len(opt) > 2):
            placeholder = opt[2:] or "{}"
        elif opt.startswith("-I") and len(opt) > 2:
            placeholder = opt[2:]
        elif opt in ("-0", "--null"):
            split = "nul"
        elif opt in ("-d", "--delimiter") or name == "--delimiter" or opt.startswith("-d"):
            delimiter = value if value is not None else attached or opt[2:]
            if split != "nul":
                split = "line" if delimiter in ("\\n", "\n") else "other"
        elif opt in ("-a", "--arg-file") or name == "--arg-file" or opt.startswith("-a"):
            known = False  # the words come from a file, not from the pipe
        elif not (
            opt in _XARGS_VALUE
            or name in _XARGS_VALUE
            or opt in _XARGS_BARE
            or opt in _XARGS_OPTIONAL
            or name in _XARGS_LONG_OPTIONAL
            or opt.startswith(("-e", "-l", "-E", "-n", "-P", "-L", "-s"))
            or (len(opt) > 2 and not opt.startswith("--") and set(opt[1:]) <= set("0rtxp"))
        ):
            known = False
    return args, placeholder, split, known


def _xargs_reading(
    command: Command,
    ctx: Context,
    call: ToolCall | None,
    reading: tuple[list[str], str, str, bool],
) -> Finding:
    args, placeholder, split, known = reading
    if not args:
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`xargs` runs `echo`")
    found = _xargs_judged(command, ctx, call, reading)
    if found.verdict is not Verdict.ELEVATE and known and call is not None:
        # `echo ~ | xargs rm -rf` is `rm -rf ~`: the words of a literal `echo` are known, and
        # the command with them in place is judged too (the more severe verdict stands)
        words = _echoed_words(command, ctx, split, placeholder)
        if words is not None:
            exact = (
                [a.replace(placeholder, words[0]) for a in args]
                if placeholder
                else [*args, *words]
            )
            echoed = _wrapped(ctx, exact, "xargs")
            if SEVERITY[echoed.verdict] > SEVERITY[found.verdict]:
                return echoed
    return found


def _echoed_words(
    command: Command, ctx: Context, split: str, placeholder: str
) -> list[str] | None:
    """The words a literal `echo` (`/bin/echo`, `"echo"`), the only stage before this
    `xargs`, pipes into it, as xargs reads them: split at blanks (by default, into the
    command's words) or one line (`-I {}`, `-d '\\n'`: one word only then); None for
    anything else. The pipeline is looked up in the text the `xargs` was found in (the
    call's, or a `bash -c` script's, a here-document's...): these words only add a reading."""
    if split not in ("blank", "line") or not command.stdin_piped:
        return None  # `-0`: the word would end with echo's newline
    if not command.source or any(r.op.startswith("<") for r in command.redirects):
        return None
    text = command.source
    occurrences = feeders(text).get(command.text, ())
    if len(occurrences) != 1 or text.count(command.text) != 1:
        return None
    stages = occurrences[0]
    if not stages or len(stages) != 1:
        return None
    script = parse(stages[0], ctx.paths.home)
    if script.problems or len(script.commands) != 1:
        return None
    echo = script.commands[0]
    argv = _run_as_is(list(echo.argv))
    words = argv[1:]
    if argv[0].rsplit("/", 1)[-1] != "echo" or echo.redirects or not words:
        return None
    if any(w.dynamic or w.glob for w in echo.words) or not all(
        _ECHOED.match(w) and not w.startswith("-") for w in words
    ):
        return None
    if len(words) != 1 and (placeholder or split != "blank"):
        return None
    return words


def _run_as_is(argv: list[str]) -> list[str]:
    """The command that wrappers in front of it run with its words and its output as they
    are: `command -p echo x`, `nice -n 5 echo x`, `timeout 5 echo x`, `env -- X=1 echo x`
    are `echo x` (a prefix assignment changes nothing either). A wrapper that describes the
    command instead (`command -v`), hides its output (`chronic`) or sends it elsewhere
    (`coproc`) is where it stops: the whole argv is then no `echo`."""
    while len(argv) > 1:
        name = argv[0].rsplit("/", 1)[-1]
        if name in _SIMPLE and name not in _NOT_AS_IS:
            if name == "command" and any(a in ("-v", "-V") for a in argv[1:2]):
                break
            rest = _skip_options(argv[1:], _SIMPLE[name])
            if name == "nice" and rest and rest[0].lstrip("-+").isdigit() and argv[1][:1] == "-":
                rest = rest[1:]
            if name in ("taskset", "chrt"):
                rest = rest[1:]
        elif name == "timeout":
            rest = _skip_options(argv[1:], {"-s", "--signal", "-k", "--kill-after"})[1:]
        elif name == "env":
            rest = argv[1:]
            while rest and (rest[0] in ("-i", "-", "--", "--ignore-environment") or "=" in rest[0]):
                rest = rest[1:]
        else:
            break
        if not rest:
            break
        argv = rest
    return argv


# `_SIMPLE` wrappers that do not pass their command's output on as it is.
_NOT_AS_IS = {"chronic", "coproc"}
# A word xargs reads back as it was echoed: no blank, quote or backslash to split or strip.
_ECHOED = LazyRegex(r"^[\w./@%+=:,~-]+$")


def _xargs_judged(
    command: Command,
    ctx: Context,
    call: ToolCall | None,
    reading: tuple[list[str], str, str, bool],
) -> Finding:
    """`_xargs_reading` for the input words xargs reads at run time (or a lister's paths)."""
    args, placeholder, split, known = reading
    plain = _wrapped(ctx, args, "xargs")
    reader = args[0].rsplit("/", 1)[-1] in _XARGS_READERS
    if plain.verdict == Verdict.SAFE and reader and known and call is not None:
        listed = _listed_input(command, ctx, split)
        if listed is not None:
            producer, roots = listed
            # The words are paths under `roots`: judge the command with them in their place.
            variants = (
                [[a.replace(placeholder, root) for a in args] for root in roots]
                if placeholder
                else [[*args, *roots]]
            )
            judged = dominant([_wrapped(ctx, v, "xargs") for v in variants])
            if judged is not None and judged.verdict == Verdict.SAFE:
                # `git ls-files | xargs cat` also prints what a listed symlink points to
                linked = check_tree_links(ctx, f"`{producer[:40]} | xargs {args[0]}`", roots)
                if linked is not None:
                    return linked
                return Finding(
                    Verdict.SAFE,
                    "GK-WRAP-002",
                    f"`xargs` runs `{' '.join(args)[:80]}` on the paths `{producer[:80]}` "
                    f"lists under {', '.join(roots)[:80]}",
                )
    # The arguments xargs adds come from its input: words known only at run time.
    data = "$XARGS_INPUT"
    appended = [*args, data] if not placeholder else [a.replace(placeholder, data) for a in args]
    found = dominant([plain, _wrapped(ctx, appended, "xargs")])
    assert found is not None  # noqa: S101 - two findings in, one out
    # `xargs sh -c 'SCRIPT'`: the words come after the script, as $0, $1...: never code.
    positional = args[0] in _SHELLS and "-c" in args[1:] and not placeholder
    if found.verdict == Verdict.SAFE and not reader and not positional:
        # `printf -- --ext-diff | xargs git diff`: a word read at run time can be an option
        # that runs a program or writes a file, and a checker that ignores operands would
        # not see it.
        return Finding(
            Verdict.REVIEW,
            "GK-WRAP-004",
            f"`xargs` hands the words it reads to `{args[0]}`, where a word can be an option "
            "that writes or runs a program",
        )
    return found


# The most places one `xargs` text may stand in a call and still have its producers looked
# up: each place's producer is judged for each `xargs` of that text, so `find . | xargs ls; `
# 5,000 times made 25 million looks (minutes of Tier 1, past the hook's timeout).
_MAX_OCCURRENCES = 16
# Where a command stands in the text it was found in (`Command.where`, each part): not
# in a function's body, which runs wherever it is called.
_IN_PLACE = {"top", "substitution", "process substitution"}
# The scripts in a call that this shell runs here, in the directory their commands are
# judged in (parts of `Command.where`): a shell's `-c` string, `eval`'s words, and a
# here-document or here-string fed to a shell. (A line another program hands to a shell,
# `watch`'s, a git alias's or a tmux window's, may run elsewhere.)
_RUN_HERE = {"heredoc", "here-string", "eval", *(f"{s} -c" for s in _SHELLS)}


def _listed_input(command: Command, ctx: Context, split: str) -> tuple[str, list[str]] | None:
    """The producer and the roots of the paths piped into this `xargs`, or None if unknown.

    The pipeline is looked up in the text the `xargs` was found in (`Command.source`):
    the call's, or a script in it that this shell runs here (`_RUN_HERE`)."""
    if not command.stdin_piped or not command.source:
        return None
    if any(part not in _IN_PLACE and part not in _RUN_HERE for part in command.where.split(", ")):
        return None
    if any(r.op.startswith("<") or r.op in ("<<<",) for r in command.redirects):
        return None  # `xargs cat < list` reads a file, whatever is piped
    if len(command.text) > TEXT_CLIP:
        return None  # a cut text (`shell.parse.TEXT_CLIP`): its producer cannot be looked up
    text = command.source
    occurrences = feeders(text).get(command.text, ())
    if not occurrences or len(occurrences) > _MAX_OCCURRENCES:
        return None  # the text repeats this `xargs` too often to follow each producer
    if text.count(command.text) != len(occurrences):
        return None  # the same words also stand where this walk cannot see
    first: tuple[str, list[str]] | None = None
    for stages in occurrences:
        roots = listed_roots(stages, ctx.paths.home, split=split) if stages else None
        if roots is None or stages is None:
            return None
        if first is None:
            first = (stages[0], roots)
        elif first[1] != roots:
            return None  # the same text fed by two different listers: judge neither
    return first


def _script_of(argv: list[str]) -> str:
    """The words up to and including a shell's `-c` script (options and the script)."""
    for i, a in enumerate(argv[1:], 1):
        if a == "-c" or (a.startswith("-") and not a.startswith("--") and "c" in a[1:]):
            return " ".join(argv[1 : i + 2])
        if not a.startswith(("-", "+")):
            break
    return " ".join(argv[1:2])


def _find_exec(command: Command, ctx: Context) -> Finding | None:
    argv = command.argv
    findings: list[Finding] = []
    i = 0
    while i < len(argv):
        if argv[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            action = argv[i]
            if not findings and any(may_pick_secrets(a) for a in argv[1:i]):
                # `find . -name '*.pem' -exec cat {} +` prints the keys it picked by name,
                # as `find . -name '*.pem' | xargs cat` would (shell.listers refuses that too)
                findings.append(
                    Finding(
                        Verdict.REVIEW,
                        "GK-WRAP-004",
                        f"`find {action}` runs on files picked by a credential's name",
                    )
                )
            j = _clause_end(argv, i + 1)
            clause = list(argv[i + 1 : j])
            if action in ("-execdir", "-okdir") and clause and _below_tmp(argv, ctx):
                # the clause runs in each found file's directory, not in the cwd it is judged
                # from: bash, `find /tmp/x -name conftest.py -execdir python -m pytest \;` ran
                # a conftest.py planted in /tmp (redteam14), which `pytest` run there is
                # refused for (GK-DEV-002)
                findings.append(
                    Finding(
                        Verdict.REVIEW,
                        "GK-WRAP-004",
                        f"`find {action} {clause[0]}` runs in directories below a tmp dir, "
                        "where anyone on the machine may have planted files",
                    )
                )
            if clause and clause[0].rsplit("/", 1)[-1] in _SHELLS and "{}" in _script_of(clause):
                # `-exec sh -c 'cat {}' \;`: find pastes each file name into the script, so
                # a name like `$(rm -rf ~)` is code. (`sh -c '...' _ {}` passes it as $1.)
                findings.append(
                    Finding(
                        Verdict.REVIEW,
                        "GK-WRAP-004",
                        f"`find {action}` pastes file names into a `{clause[0]}` script",
                    )
                )
            findings.append(_wrapped(ctx, clause, f"find {action}"))
            i = j + 1
            continue
        i += 1
    if not findings:
        return None
    found = dominant(findings)
    if found is not None and found.verdict == Verdict.SAFE:
        # `find . -exec cat {} +` reads what a symlink under `.` points to
        return (
            check_tree_links(ctx, "`find -exec`", _find_roots(argv))
            or _find_writes_protected(argv, ctx)
            or found
        )
    return found


def _below_tmp(argv: Sequence[str], ctx: Context) -> bool:
    """Whether a start path of `find` lies in a tmp dir."""
    return any(
        ctx.paths.classify(path, write=False)[0] == TMP
        for root in _find_roots(argv) or ["."]
        for path in ctx.paths.resolve_all(root)
    )


def _clause_end(argv: Sequence[str], start: int) -> int:
    """Where the `-exec` clause starting at `start` ends: at `;`, or at a `+` right after
    `{}`; find passes any other `+` to the command (bash: `find .git -name config -exec cp +
    {} \\;` copied the file named `+` over .git/config, redteam14)."""
    j = start
    while j < len(argv) and not (argv[j] == ";" or (argv[j] == "+" and argv[j - 1] == "{}")):
        j += 1
    return j


def _find_writes_protected(argv: Sequence[str], ctx: Context) -> Finding | None:
    """GK-PROT-004 (REVIEW, as for a filtered `find -delete`) when an `-exec` clause writes
    the files find hands it (`{}` among its write targets, or for `-execdir` any relative
    target: it lands in the found file's directory) below a start path that holds
    protected paths: `find .git -name config -exec cp evil.cfg {} \\;` overwrote the
    repository's config (bash: its core.fsmonitor then ran on `git status`), and every
    target the clause shows is the literal `{}`, a name inside the project."""
    from gatekeeper.model import static_command  # only for a find with a writing -exec
    from gatekeeper.shell.effects import write_targets

    roots = _find_roots(argv) or ["."]
    i = 0
    while i < len(argv):
        if argv[i] not in ("-exec", "-execdir", "-ok", "-okdir"):
            i += 1
            continue
        j = _clause_end(argv, i + 1)
        # -execdir runs CMD in the directory of each file found: there a relative target
        # is below the start path (bash: `find .git -name config -execdir cp /abs/evil.cfg
        # config \;` overwrote .git/config, redteam14), wherever the gate resolves it from
        in_dir = argv[i] in ("-execdir", "-okdir")
        clause = list(argv[i + 1 : j])
        i = j + 1
        if not clause or not (in_dir or any("{}" in a for a in clause)):
            continue
        inner = static_command(clause, "top", " ".join(clause), False)
        if not any(
            "{}" in w.text or (in_dir and not w.text.startswith(("/", "~")))
            for w, _ in write_targets(inner)
        ):
            continue
        for root in roots:
            for path in ctx.paths.resolve_all(root):
                kind = ctx.paths.classify(path, write=True)[0]
                if kind in (PROTECTED, SECRET) or ctx.paths.holds_protected(path):
                    return Finding(
                        Verdict.REVIEW,
                        "GK-PROT-004",
                        f"`find -exec {clause[0]}` writes the files it finds below {path}, "
                        "which holds protected paths",
                    )
    return None


def _find_roots(argv: Sequence[str]) -> list[str]:
    """find's starting points: the words before its expression (after -H/-L/-P/-D/-O)."""
    roots: list[str] = []
    rest = list(argv[1:])
    while rest and (rest[0] in ("-H", "-L", "-P", "-D") or rest[0].startswith("-O")):
        del rest[: 2 if rest[0] == "-D" else 1]
    for a in rest:
        if a.startswith(("-", "(", "!")):
            break
        roots.append(a)
    return roots


# `set -o` options that only make the shell stricter or noisier; none reads a file or runs
# a command (`-o` with anything else, `-O`, `--rcfile` still go to review).
_HARMLESS_SET_O = {"pipefail", "errexit", "nounset", "xtrace", "noclobber", "noglob", "verbose"}


def _busybox(command: Command, ctx: Context) -> Finding | None:
    """`busybox APPLET ARGS` (and `toybox APPLET ARGS`) runs the applet: judged as
    `APPLET ARGS` (`busybox sh -c X` as `sh -c X`, `busybox nc -e sh h p` as netcat), and
    at least REVIEW, since an applet's options are busybox's own, not always those of the
    tool the gate knows by that name. An option first (`busybox --list`) is judged as
    before: busybox as a shell, toybox not at all (unknown: REVIEW)."""
    argv = command.argv
    if len(argv) < 2 or argv[1].startswith("-"):
        return _shell(command, ctx) if command.name == "busybox" else None
    return _wrapped(ctx, argv[1:], command.name, Verdict.REVIEW)


def _shell(command: Command, ctx: Context) -> Finding | None:
    argv = command.argv
    words = command.words
    skip = False
    for i, a in enumerate(argv[1:], 1):
        if skip:
            skip = False
            continue
        if a in ("-o", "+o") and i + 1 < len(argv) and argv[i + 1] in _HARMLESS_SET_O:
            skip = True  # `bash -o pipefail -c '...'`: strictness, not a start-up file
            continue
        if a.startswith("-") and not a.startswith("--") and "k" in a[1:]:
            # keyword mode: `bash -k -c 'ls LD_PRELOAD=x'` puts LD_PRELOAD in ls's environment
            return Finding(
                Verdict.REVIEW, "GK-WRAP-004", f"`{command.name} {a}` changes how the shell starts"
            )
        if a == "-c" or (a.startswith("-") and not a.startswith("--") and "c" in a[1:]):
            at, starts = _script_index(argv, i + 1)
            if at >= len(argv):
                return Finding(Verdict.REVIEW, "GK-WRAP-004", f"`{argv[0]} -c` without a script")
            inner = _script(ctx, argv[at], f"{command.name} -c")
            if starts:
                # `bash -c -O extglob 'rm -rf ~'`: the script still counts
                changed = Finding(
                    Verdict.REVIEW,
                    "GK-WRAP-004",
                    f"`{command.name} {starts}` changes how the shell starts",
                )
                inner = inner if SEVERITY[inner.verdict] > SEVERITY[Verdict.REVIEW] else changed
            if command.name in _POSIX_SHELLS and (mark := _bashism(argv[at])):
                read = Finding(
                    Verdict.REVIEW,
                    "GK-WRAP-004",
                    f"`{command.name}` reads `{mark}` otherwise than bash, as which the gate "
                    "judged the script",
                )
                inner = inner if SEVERITY[inner.verdict] > SEVERITY[Verdict.REVIEW] else read
            if any(w.dynamic or w.glob or w.text == "{}" for w in words[at + 1 :]):
                inner = _positional_arithmetic(argv[at], inner)
            if words[at].dynamic or words[at].glob:
                # Still judge the text as written: `bash -c "$(</etc/shadow)"` must not hide
                # behind "unknown" when what is known is already worse. A glob's file name
                # is code too (`bash -c "cat "*.py` with a file `cat x;rm -rf ~;.py`).
                unknown = Finding(
                    Verdict.REVIEW,
                    "GK-WRAP-004",
                    f"`{command.name} -c` runs a script known only at run time",
                )
                return inner if SEVERITY[inner.verdict] > SEVERITY[Verdict.REVIEW] else unknown
            return inner
        if a in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            return Finding(
                Verdict.REVIEW, "GK-WRAP-004", f"`{command.name} {a}` changes how the shell starts"
            )
        if not a.startswith(("-", "+")):
            return Finding(
                Verdict.REVIEW,
                "GK-WRAP-004",
                f"`{command.name} {a}` runs a script file the gate has not read",
            )
    return None  # a bare shell reading stdin is GK-BASH-006


def _script_index(argv: tuple[str, ...], i: int) -> tuple[int, str]:
    """Where the script of `sh -c` is: the first operand after the options, which may follow
    `-c` (bash: `bash -c -e 'touch m'`, `bash -c -- 'touch m'` and `bash -c -o pipefail
    'touch m'` each ran touch; the gate had judged a script `-e`). Also the first option
    that changes how the shell starts (as the loop of `_shell` reads them), or ""."""
    starts = ""
    while i < len(argv) and argv[i][:1] in ("-", "+"):
        a = argv[i]
        if a in ("--", "-"):
            return i + 1, starts
        if a in ("-o", "+o", "-O", "+O"):
            if not (a in ("-o", "+o") and i + 1 < len(argv) and argv[i + 1] in _HARMLESS_SET_O):
                starts = starts or a
            i += 2
            continue
        if a.startswith("--") or "k" in a[1:]:
            starts = starts or a
        i += 1
    return i, starts


# Shells that are no bash (`sh` is dash on Debian and Ubuntu), and bash's syntax they read
# otherwise: `$'…'` is `$` and a plain quote to dash (`$'\' ; rm -rf ~ ; echo '` is one
# string to bash, and runs rm in dash); `[[` is a command, so `[[ a > ~/.bashrc ]]`
# truncates the file; `((cmd))` is two subshells that run cmd.
_POSIX_SHELLS = {"sh", "dash", "ash", "busybox", "yash", "posh"}


def _bashism(script: str) -> str:
    """The first mark of bash's own syntax in a script a POSIX shell runs, or ""."""
    for mark in ("$'", "[[", "(("):
        at = script.find(mark)
        while at >= 0:
            if not (mark == "((" and script[at - 1 : at] == "$"):  # `$((`: the same
                return mark
            at = script.find(mark, at + 2)
    return ""


def _positional_arithmetic(script: str, inner: Finding) -> Finding:
    """`bash -c '(( $1 ))' _ "$(cat f)"`: arguments known only at run time (a `$( )`, a
    variable, a glob's file names, `xargs`' input, `find`'s `{}`), evaluated by the script
    as arithmetic or as a name, run the `$( )` of a subscript they hold (`shell.arith`)."""
    from gatekeeper.shell.arith import positional_arithmetic

    what = positional_arithmetic(script)
    if not what:
        return inner
    found = Finding(
        Verdict.REVIEW,
        "GK-BASH-006",
        f"the script evaluates its arguments, known only at run time, as arithmetic: {what}",
    )
    return inner if SEVERITY[inner.verdict] > SEVERITY[Verdict.REVIEW] else found
