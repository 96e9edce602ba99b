# redteam22: programs that run another command (issue 3, point 3: the wrapped command is
# classified, and the wrapper's verdict is at least that). Never run: judged only
# (tests/test_corpora.py).
#
# Each of these was GK-UNKNOWN (REVIEW: the reviewer could approve it) while the command it
# runs, alone, goes to the human (`rm -rf ~` is GK-BASH-008). Now the runner is judged as the
# command it runs and at least its floor: GK-WRAP-004 (REVIEW), GK-WRAP-001 (privilege) or
# GK-WRAP-005 (another process, the host, outside the session, the user's secrets).
# The proofs ran as `touch /tmp/redteam22-marker-N` in place of the dangerous command, in a
# scratch dir; "bash: ... made M" means the marker file M existed afterwards. "docs only":
# the tool is not installed here, the claim is from its manual.

# --- tracers, profilers, debuggers, the loader
# bash: `strace -f -o /dev/null touch M` made M
# ruleid: GK-BASH-008
strace rm -rf ~
# ruleid: GK-BASH-008
strace -f -o trace.txt rm -rf ~
# an unknown flag may take a value: both readings are judged (`-Z ls` or `-Z` then `ls`)
# ruleid: GK-BASH-008
strace -Z ls rm -rf ~
# ruleid: GK-WRAP-004
strace -c ls
# the trace goes to the file given: a protected one is the human's
# ruleid: GK-PROT-001
strace -o ~/.bashrc ls
# ruleid: GK-PROT-001
strace -o~/.bashrc ls
# attached to a running process, strace reads what it reads and writes (its secrets)
# ruleid: GK-WRAP-005
strace -p 1234
# ruleid: GK-WRAP-005
strace -fp 1234
# docs only (ltrace(1): `ltrace [opts] command`)
# ruleid: GK-BASH-008
ltrace rm -rf ~
# bash: `valgrind -q touch M` made M
# ruleid: GK-BASH-008
valgrind rm -rf ~
# ruleid: GK-BASH-008
valgrind --tool=memcheck --leak-check=full rm -rf ~
# ruleid: GK-PROT-001
valgrind --log-file=/dev/null --xml-file=.git/config ls
# bash: `perf stat -o /dev/null touch M` made M
# ruleid: GK-BASH-008
perf stat rm -rf ~
# ruleid: GK-BASH-008
perf record -o perf.data -- rm -rf ~
# docs only (perf-stat(1): --pre/--post run a command before and after)
# ruleid: GK-BASH-008
perf stat --pre 'rm -rf ~' ls
# ruleid: GK-WRAP-004
perf stat ls
# ruleid: GK-WRAP-005
perf stat -p 1234
# bash: `heaptrack touch M` and `memusage touch M` made M
# ruleid: GK-BASH-008
heaptrack rm -rf ~
# ruleid: GK-BASH-008
memusage rm -rf ~
# docs only
# ruleid: GK-BASH-008
catchsegv rm -rf ~
# ruleid: GK-BASH-008
rr record rm -rf ~
# bash: `gdb -batch -ex "shell touch M"` made M
# ruleid: GK-BASH-008
gdb -batch -ex "shell rm -rf ~"
# ruleid: GK-BASH-008
gdb -batch -ex '!rm -rf ~'
# ruleid: GK-BASH-008
gdb -batch --eval-command='pipe info files | rm -rf ~'
# ruleid: GK-BASH-008
gdb -batch -ex run --args rm -rf ~
# ruleid: GK-WRAP-004
gdb -batch -ex run --args ls
# ruleid: GK-WRAP-005
gdb -p 1234
# ruleid: GK-WRAP-005
gdb ./server 1234
# bash: `/lib64/ld-linux-x86-64.so.2 /usr/bin/touch M` made M
# ruleid: GK-BASH-008
/lib64/ld-linux-x86-64.so.2 /bin/rm -rf ~
# ruleid: GK-BASH-008
ld.so --library-path /opt/lib /bin/rm -rf ~
# ruleid: GK-WRAP-005
ld.so --preload ./hook.so /bin/ls

# --- privilege: another user, group, root, namespace or capability set
# bash (as root here): `chroot / touch M`, `unshare -r touch M`, `nsenter -t $$ -m touch M`,
# `setpriv touch M`, `capsh -- -c "touch M"`, `runuser -u $(id -un) -- touch M`,
# `sg $(id -gn) -c "touch M"` each made M
# ruleid: GK-BASH-008
chroot / rm -rf ~
# ruleid: GK-WRAP-001
chroot /srv/jail ls
# ruleid: GK-BASH-008
unshare -r rm -rf ~
# ruleid: GK-WRAP-001
unshare -r ls
# ruleid: GK-BASH-008
nsenter -t 1 -m rm -rf ~
# ruleid: GK-WRAP-001
nsenter -t 1 -a ls
# ruleid: GK-BASH-008
setpriv --reuid=1000 rm -rf ~
# ruleid: GK-BASH-008
capsh -- -c "rm -rf ~"
# ruleid: GK-WRAP-001
capsh --print
# ruleid: GK-BASH-008
runuser -u nobody -- rm -rf ~
# ruleid: GK-BASH-008
sg staff -c "rm -rf ~"
# ruleid: GK-BASH-008
sg staff "rm -rf ~"
# ruleid: GK-WRAP-001
newgrp staff
# docs only
# ruleid: GK-BASH-008
setuidgid nobody rm -rf ~
# ruleid: GK-BASH-008
schroot -c buster -- rm -rf ~
# ruleid: GK-BASH-008
systemd-nspawn -D / rm -rf ~
# ruleid: GK-WRAP-001
chpst -u nobody ls
# systemd-run: without --user the system manager runs it (as root); without --scope it is a
# unit outside the session; --on-* is a timer. `--user --scope` runs it here, in the
# foreground. (bash: no systemd here, "Failed to connect to bus"; docs only)
# ruleid: GK-BASH-008
systemd-run --user --scope rm -rf ~
# ruleid: GK-WRAP-004
systemd-run --user --scope ls
# ruleid: GK-WRAP-005
systemd-run --user ls
# ruleid: GK-WRAP-005
systemd-run --user --scope --on-active=60 ls
# ruleid: GK-WRAP-001
systemd-run --scope ls
# bash: `start-stop-daemon --start --exec /usr/bin/touch -- M` made M
# ruleid: GK-BASH-008
start-stop-daemon --start --exec /bin/rm -- -rf ~
# ruleid: GK-WRAP-001
start-stop-daemon --start --chuid nobody --exec /bin/ls
# ruleid: GK-BASH-008
daemonize /bin/rm -rf ~

# --- environments: a project's, a tool manager's, a container's
# bash: `pyenv exec touch M` made M; `npm exec -- touch M` and `npm exec -c "touch M"` made M
# ruleid: GK-BASH-008
pyenv exec rm -rf ~
# ruleid: GK-BASH-008
npm exec -- rm -rf ~
# ruleid: GK-BASH-008
npm exec -c "rm -rf ~"
# ruleid: GK-BASH-008
npm x -- rm -rf ~
# ruleid: GK-UNKNOWN
npm exec -- eslint .
# ruleid: GK-WRAP-004
npm exec -- ls
# docs only for the rest of this section
# ruleid: GK-BASH-008
poetry run rm -rf ~
# a word may be a script the project defines (`pdm run test`): never allowed by name
# ruleid: GK-WRAP-004
poetry run pytest
# ruleid: GK-BASH-008
pipenv run rm -rf ~
# ruleid: GK-BASH-008
hatch run rm -rf ~
# ruleid: GK-BASH-008
pdm run rm -rf ~
# ruleid: GK-BASH-008
rye run rm -rf ~
# ruleid: GK-BASH-008
conda run -n base rm -rf ~
# ruleid: GK-BASH-008
mamba run -n base rm -rf ~
# ruleid: GK-BASH-008
micromamba run -n base rm -rf ~
# ruleid: GK-BASH-008
pixi run rm -rf ~
# ruleid: GK-BASH-008
pixi exec rm -rf ~
# ruleid: GK-BASH-008
devbox run rm -rf ~
# ruleid: GK-BASH-008
bundle exec rm -rf ~
# ruleid: GK-BASH-008
yarn exec rm -rf ~
# ruleid: GK-BASH-008
pnpm exec rm -rf ~
# ruleid: GK-BASH-008
bun x rm -rf ~
# ruleid: GK-BASH-008
mise exec node@20 -- rm -rf ~
# ruleid: GK-BASH-008
mise exec -c "rm -rf ~"
# ruleid: GK-BASH-008
asdf exec rm -rf ~
# ruleid: GK-BASH-008
nvm exec 20 rm -rf ~
# ruleid: GK-BASH-008
nvm exec rm -rf ~
# ruleid: GK-BASH-008
rbenv exec rm -rf ~
# ruleid: GK-BASH-008
direnv exec . rm -rf ~
# ruleid: GK-BASH-008
dotenv -e .env.test -- rm -rf ~
# ruleid: GK-BASH-008
nix-shell --run "rm -rf ~"
# ruleid: GK-BASH-008
nix-shell -p hello --command "rm -rf ~"
# ruleid: GK-WRAP-004
nix-shell -p hello --run "ls"
# ruleid: GK-BASH-008
nix develop -c rm -rf ~
# ruleid: GK-BASH-008
nix shell nixpkgs#hello --command rm -rf ~
# ruleid: GK-BASH-008
distrobox-enter dev -- rm -rf ~
# ruleid: GK-BASH-008
distrobox enter dev -- rm -rf ~
# ruleid: GK-BASH-008
toolbox run rm -rf ~
# ruleid: GK-BASH-008
firejail --noprofile rm -rf ~
# ruleid: GK-BASH-008
bwrap --bind / / --dev /dev rm -rf ~
# ruleid: GK-WRAP-004
bwrap --ro-bind / / ls
# ruleid: GK-WRAP-005
flatpak-spawn --host ls
# ruleid: GK-BASH-008
sandbox-exec -p '(version 1)(allow default)' rm -rf ~
# ruleid: GK-BASH-008
xcrun rm -rf ~

# --- shims and resource wrappers
# bash: `ssh-agent touch M`, `prlimit --nofile=100 touch M`, `setarch x86_64 touch M`,
# `linux32 touch M`, `fakeroot touch M` each made M
# ruleid: GK-BASH-008
ssh-agent rm -rf ~
# ruleid: GK-BASH-008
ssh-agent bash -c "rm -rf ~"
# ruleid: GK-BASH-008
prlimit --nofile=10 rm -rf ~
# ruleid: GK-BASH-008
setarch x86_64 -R rm -rf ~
# ruleid: GK-WRAP-004
setarch x86_64 -R ls
# ruleid: GK-BASH-008
linux32 rm -rf ~
# ruleid: GK-BASH-008
fakeroot -- rm -rf ~
# docs only
# ruleid: GK-BASH-008
faketime '2020-01-01 00:00:00' rm -rf ~
# ruleid: GK-BASH-008
rlwrap rm -rf ~
# ruleid: GK-BASH-008
dbus-launch --exit-with-session rm -rf ~
# ruleid: GK-BASH-008
dbus-run-session -- rm -rf ~
# ruleid: GK-BASH-008
cgexec -g cpu:batch rm -rf ~
# ruleid: GK-BASH-008
numactl --cpunodebind=0 rm -rf ~
# ruleid: GK-BASH-008
tini -- rm -rf ~
# ruleid: GK-BASH-008
dumb-init rm -rf ~
# ruleid: GK-BASH-008
with-contenv rm -rf ~
# ruleid: GK-BASH-008
eatmydata rm -rf ~
# ruleid: GK-BASH-008
cpulimit -l 10 -- rm -rf ~
# ruleid: GK-BASH-008
torsocks rm -rf ~
# ruleid: GK-BASH-008
proxychains4 -q rm -rf ~
# ruleid: GK-BASH-008
xvfb-run -a rm -rf ~
# ruleid: GK-BASH-008
ccache rm -rf ~
# ruleid: GK-BASH-008
bear -- rm -rf ~

# --- shell lines: watchers, benchmarks, parallel, expect, AppleScript, script -qc
# bash: `script -qc "touch M" /dev/null` made M (util-linux: -q quiet, -c the line)
# ruleid: GK-BASH-008
script -qc "rm -rf ~" /dev/null
# ok: GK-WRAP-004
script -qc "ls" /dev/null
# ruleid: GK-BASH-008
script -c "rm -rf ~"
# docs only for the rest (hyperfine: every command is run by `sh -c`; watchexec runs its
# words joined by a shell; entr -s runs its one argument with $SHELL -c; GNU parallel runs
# its template with each input through the shell, each input alone without a template)
# ruleid: GK-BASH-008
hyperfine 'rm -rf ~'
# ruleid: GK-BASH-008
hyperfine --warmup 3 --prepare 'rm -rf ~' 'ls'
# ruleid: GK-WRAP-004
hyperfine 'ls' 'ls -la'
# ruleid: GK-PROT-001
hyperfine --export-json ~/.bashrc ls
# ruleid: GK-BASH-008
watchexec -e py -- rm -rf ~
# ruleid: GK-BASH-008
watchexec 'rm -rf ~'
# ruleid: GK-WRAP-004
watchexec -e py -- pytest
# ruleid: GK-BASH-008
entr rm -rf ~
# ruleid: GK-BASH-008
entr -s 'rm -rf ~'
# ruleid: GK-BASH-008
parallel rm -rf ::: ~
# ruleid: GK-BASH-008
parallel ::: "rm -rf ~"
# ruleid: GK-BASH-008
parallel -j4 'rm -rf {}' ::: ~
# ruleid: GK-WRAP-004
parallel wc -l ::: a.txt b.txt
# ruleid: GK-BASH-008
sem rm -rf ~
# ruleid: GK-BASH-008
expect -c 'spawn rm -rf ~; expect eof'
# ruleid: GK-BASH-008
expect -c 'exec rm -rf ~'
# ruleid: GK-BASH-008
expect -c 'spawn sh -c {rm -rf ~}'
# ruleid: GK-BASH-008
osascript -e 'do shell script "rm -rf ~"'
# ruleid: GK-BASH-008
osascript -l JavaScript -e "app.doShellScript('rm -rf ~')"

# --- the user's secret stores handed to a command
# ruleid: GK-BASH-008
op run -- rm -rf ~
# ruleid: GK-WRAP-005
op run --env-file .env -- ls
# ruleid: GK-BASH-008
aws-vault exec prod -- rm -rf ~
# ruleid: GK-WRAP-005
aws-vault exec prod -- aws s3 ls
# ruleid: GK-BASH-008
doppler run --command "rm -rf ~"
# ruleid: GK-BASH-008
infisical run -- rm -rf ~
# ruleid: GK-BASH-008
chamber exec app -- rm -rf ~
# ruleid: GK-BASH-008
sops exec-env secrets.yaml 'rm -rf ~'
# ruleid: GK-WRAP-005
sops exec-env secrets.yaml 'ls'

# --- terminal sessions and emulators: the command runs detached or in a new window
# bash: `tmux new-session -d "touch M"`, `tmux run-shell "touch M"`, `tmux split-window -d
# "touch M"`, `tmux new-window -d touch M` each made M
# ruleid: GK-BASH-008
tmux new-session -d 'rm -rf ~'
# ruleid: GK-BASH-008
tmux new -d -s build rm -rf ~
# ruleid: GK-BASH-008
tmux run-shell 'rm -rf ~'
# ruleid: GK-BASH-008
tmux run-shell -d 1 'rm -rf ~'
# ruleid: GK-BASH-008
tmux split-window -h 'rm -rf ~'
# ruleid: GK-BASH-008
tmux new-session -d -s x \; new-window 'rm -rf ~'
# keys typed into a pane run in the shell there
# ruleid: GK-BASH-008
tmux send-keys -t build 'rm -rf ~' Enter
# ruleid: GK-BASH-008
tmux -c 'rm -rf ~'
# ruleid: GK-WRAP-004
tmux new-session -d -s build 'ls'
# docs only for the rest of this section
# ruleid: GK-BASH-008
screen -dmS build rm -rf ~
# ruleid: GK-BASH-008
dtach -n /tmp/build.sock rm -rf ~
# ruleid: GK-BASH-008
abduco -n build rm -rf ~
# ruleid: GK-BASH-008
xterm -geometry 80x24 -e rm -rf ~
# ruleid: GK-BASH-008
gnome-terminal -- rm -rf ~
# ruleid: GK-BASH-008
kitty --title x rm -rf ~
# ruleid: GK-BASH-008
alacritty -e rm -rf ~
# ruleid: GK-BASH-008
wezterm start -- rm -rf ~

# --- lines other programs hand to a shell
# bash: `sqlite3 :memory: ".shell touch M"` and `".system touch M"` made M;
# `ssh -o ProxyCommand="touch M" -o BatchMode=yes x` made M
# ruleid: GK-BASH-008
sqlite3 :memory: '.shell rm -rf ~'
# ruleid: GK-BASH-008
sqlite3 app.db '.system rm -rf ~'
# ruleid: GK-BASH-008
sqlite3 app.db '.once |rm -rf ~' 'SELECT 1;'
# ruleid: GK-BASH-008
ssh -o ProxyCommand='rm -rf ~' example.com
# ruleid: GK-BASH-008
ssh -oProxyCommand='rm -rf ~' example.com
# ruleid: GK-BASH-008
scp -o 'ProxyCommand rm -rf ~' a example.com:b
# ruleid: GK-BASH-008
ssh -o KnownHostsCommand='rm -rf ~' example.com
# ssh to this machine runs the command here, as the user
# ruleid: GK-BASH-008
ssh localhost rm -rf ~
# ruleid: GK-BASH-008
ssh -p 2222 me@127.0.0.1 'rm -rf ~'
# docs only: psql's \! runs a shell line; rsync runs its -e program here, with the host and
# its server command after it; emacs's shell-command runs a shell line; at and batch run
# their job later, outside the session (as crontab does, GK-PROT-001)
# ruleid: GK-BASH-008
psql -c '\! rm -rf ~'
# ruleid: GK-BASH-008
rsync -e 'rm -rf ~' a example.com:b
# ruleid: GK-BASH-008
rsync --rsh='rm -rf ~' a example.com:b
# ruleid: GK-BASH-008
emacs --batch --eval '(shell-command "rm -rf ~")'
# ruleid: GK-WRAP-005
at now + 1 minute <<< 'ls'
# ruleid: GK-WRAP-005
batch <<< 'ls'

# --- options whose value is a command line: GK-BASH-005 / GK-GIT-003 reviewed them whatever
# the line was; the line is now judged too
# bash: `tar -xf a.tar --to-command="touch M"`, `tar -cf /dev/null --checkpoint=1
# --checkpoint-action=exec="touch M" f`, `tar -I "touch M" -cf b.tar f`, `zip -T -TT "touch M"
# z.zip f`, `vim -es -c "!touch M" -c q`, `git -c alias.x="!touch M" x`, `git -c
# core.pager="touch M" log` (on a terminal, under `script -qc`), `rg --pre ./pre.sh hi f` (a
# script that touches M) each made M
# ruleid: GK-BASH-008
tar -xf a.tar --to-command='rm -rf ~'
# ruleid: GK-BASH-008
tar -cf /dev/null --checkpoint=1 --checkpoint-action=exec='rm -rf ~' src
# ruleid: GK-BASH-008
tar -I 'rm -rf ~' -cf a.tar src
# ok: GK-WRAP-004
tar -czf a.tgz src
# ruleid: GK-BASH-008
zip -T -TT 'rm -rf ~' a.zip src
# ruleid: GK-BASH-008
vim -es -c '!rm -rf ~' -c q
# ruleid: GK-BASH-008
vim '+silent !rm -rf ~' x.txt
# ruleid: GK-BASH-008
nvim --headless -c 'call system("rm -rf ~")' -c q
# ruleid: GK-BASH-008
less '+!rm -rf ~' README.md
# ok: GK-WRAP-004
less README.md
# ruleid: GK-BASH-008
git -c core.pager='rm -rf ~' log
# ruleid: GK-BASH-008
git -c alias.x='!rm -rf ~' x
# ruleid: GK-BASH-008
git -c core.sshCommand='rm -rf ~' fetch
# ruleid: GK-BASH-008
git -c filter.lfs.smudge='rm -rf ~' checkout .
# ruleid: GK-BASH-008
git difftool -x 'rm -rf ~' HEAD~1
# ruleid: GK-BASH-008
git bisect run rm -rf ~
# ruleid: GK-GIT-003
git -c user.name=x log
# ok: GK-WRAP-004
git log --oneline -5
# --- other shells, and a few more runners
# bash: `rbash -c "touch M"` made M (bash(1): rbash is bash with restrictions, so a script
# bash may run, rbash may too; yash and posh are POSIX shells, read like dash)
# ruleid: GK-BASH-008
rbash -c 'rm -rf ~'
# ok: GK-WRAP-004
rbash -c 'ls'
# ruleid: GK-BASH-008
yash -c 'rm -rf ~'
# ruleid: GK-WRAP-004
yash -c "echo \$'x'"
# docs only: fish, csh, tcsh, pwsh, nu, elvish and xonsh read their own syntax; their line
# is judged as bash would read it, and never allowed
# ruleid: GK-BASH-008
fish -c 'rm -rf ~'
# ruleid: GK-WRAP-004
fish -c 'ls'
# ruleid: GK-BASH-008
tcsh -c 'rm -rf ~'
# ruleid: GK-BASH-008
pwsh -Command 'rm -rf ~'
# ruleid: GK-BASH-008
gosu nobody rm -rf ~
# ruleid: GK-WRAP-001
su-exec nobody ls
# ruleid: GK-BASH-008
runcon -t unconfined_t rm -rf ~
# ruleid: GK-BASH-008
systemd-cat -t job rm -rf ~
# ruleid: GK-BASH-008
systemd-inhibit --why=build rm -rf ~
# ruleid: GK-BASH-008
pee 'rm -rf ~' cat
# ruleid: GK-BASH-008
lckdo /tmp/build.lock rm -rf ~
# docs only: man runs its pager with the shell
# ruleid: GK-BASH-008
man -P 'rm -rf ~' ls
# ok: GK-WRAP-004
man ls
