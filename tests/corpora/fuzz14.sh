# Session 14, fuzz14 (issue 3, point 11): holes found by the metamorphic test at depth
# (tests/test_metamorphic.py under `make fuzz`, several seeds of 20,000 examples each). Each is
# a variant bash runs as the original command that the gate judged more permissive. Read by
# tests/test_corpora.py, NEVER executed.

# The variants tests/test_metamorphic.py gained here, each the same command to bash (in a dir
# d with a real subdir src): `echo hi` then `> T`, `1> T`, `>| T`, `>> T`, `&> T`, `| tee
# T`, `| tee -a T`, `| dd of=T status=none` each wrote T; `> ./p1`, `> src/../p2`, `>
# "$PWD"/p3`, `> ${PWD}/p4` wrote d/p1..p4, `> "$HOME"/p5` wrote $HOME/p5; `git -C . config
# --file F a.b c` and `git --no-pager config --file F a.b c` wrote F; `bash -c 'cd . && exec
# touch M'` made M; `command -p`, `env --` (`env -- A=1 sh -c 'echo $A'` printed 1), `nice
# -n 5`, `ionice -c 3`, `chrt -o 0`, `taskset -c 0`, `stdbuf -oL` before `touch M` made M.
# Not variants: `tee`/`dd` to `/dev/tcp/...` (bash's own path: they open no socket), `exec !`
# and `echo x | xargs !` (a program named `!`).

# -- what feeds an `xargs`, read in the script it stands in (model.Command.source) ------------
# `echo WORDS | xargs CMD` is `CMD WORDS` (fuzz13), and `find . | xargs cat` reads what find
# lists: both readings looked the pipeline up in the call's own text, so inside a `bash -c`
# string, `eval`'s words, a here-document or here-string fed to a shell, an `xargs sh -c`
# script or a backtick substitution bash unescapes, the `xargs` was fed by unknown words and
# judged REVIEW (GK-BASH-002, GK-BASH-004, GK-BASH-006, GK-UNKNOWN) where the bare pipeline
# is ELEVATE. Each command now carries the text it was found in.
# bash: `bash -c 'echo M1 | xargs touch'`, `bash <<'EOF'` with that line, `bash <<< '…'`,
# `eval '…'`, `echo x | xargs sh -c '…'`, `sh -c '…'` made the markers M1 to M6.
# ruleid: GK-PROT-001
bash -c 'echo .git/config | xargs cp evil.txt'
# ruleid: GK-PROT-001
bash -c '"echo" .git/config | xargs cp evil.txt'
# ruleid: GK-BASH-008
sh -c 'echo ~ | xargs rm -rf'
# ruleid: GK-PROT-001
eval 'echo .git/config | xargs cp evil.txt'
# ruleid: GK-BASH-008
bash <<'EOF'
echo ~ | xargs rm -rf
EOF
# ruleid: GK-PROT-001
bash <<< 'echo .git/config | xargs cp evil.txt'
# ruleid: GK-PROT-002
echo x | xargs sh -c 'echo token | xargs gh auth'
# ruleid: GK-PROT-002
sh -c '/bin/echo token | xargs gh auth'
# bash: `bash -c 'ls $(echo M7 | xargs touch)'`, `bash -c 'f() { echo M8 | xargs touch; }; f'`,
# `` echo `echo \`echo M9 | xargs touch\`` ``, `bash -c 'bash -c "echo M10 | xargs touch"'`
# and `timeout 5 bash -c 'echo M11 | xargs touch'` made M7 to M11.
# ruleid: GK-BASH-008
bash -c 'ls $(echo ~ | xargs rm -rf)'
# ruleid: GK-BASH-008
bash -c 'f() { echo ~ | xargs rm -rf; }; f'
# ruleid: GK-BASH-008
echo `echo \`echo ~ | xargs rm -rf\``
# ruleid: GK-BASH-008
bash -c 'bash -c "echo ~ | xargs rm -rf"'
# ruleid: GK-BASH-008
timeout 5 bash -c 'echo ~ | xargs rm -rf'
# The listed paths are read there too: what is SAFE bare is SAFE in a shell's `-c` script.
# ok: GK-PROT-001
bash -c 'echo README.md | xargs wc -l'
# ok: GK-BASH-002
bash -c 'find . -name "*.py" | xargs cat'
# ok: GK-BASH-002
sh -c 'git ls-files | xargs wc -l'

# -- a wrapper with options in front of the `echo` (plugins.wrappers `_run_as_is`) ------------
# `command echo`, `env echo`, `nice echo` were looked through, but not `nice -n 5 echo`,
# `timeout 5 echo`, `command -p echo`, `env -- X=1 echo`, `chrt -o 0 echo`, `taskset -c 0
# echo`, `stdbuf -oL echo` or `ionice -c 3 echo`: the xargs got unknown words (REVIEW) where
# the bare pipeline is ELEVATE. Each wrapper runs echo with its words, into the same pipe.
# bash: `nice -n 5 echo M | xargs touch` and the seven others each made their marker.
# ruleid: GK-BASH-008
nice -n 5 echo ~ | xargs rm -rf
# ruleid: GK-PROT-001
timeout 5 "echo" .git/config | xargs cp evil.txt
# ruleid: GK-PROT-002
env -- CI=1 echo token | xargs gh auth
# ruleid: GK-PROT-001
command -p echo ~/.bashrc | xargs chmod -x
# ruleid: GK-BASH-008
chrt -o 0 echo ~ | xargs rm -rf
# ruleid: GK-BASH-008
taskset -c 0 echo ~ | xargs rm -rf
# ruleid: GK-BASH-008
stdbuf -oL echo ~ | xargs rm -rf
# ruleid: GK-BASH-008
ionice -c 3 echo ~ | xargs rm -rf
# ok: GK-BASH-008
echo README.md | xargs wc -l

# -- a shell fed its script through any runner the wrappers know (shell.parse `_RUNNERS`) -----
# A here-string or here-document fed to `bash` behind `timeout`, `nice`, `env`... is parsed
# as the script it is; behind `chrt -o 0`, `strace -o F` or `fakeroot` it was only "a shell
# reading stdin" (GK-BASH-006, REVIEW) where the bare one is ELEVATE.
# bash: `chrt -o 0 bash <<< 'touch M1'`, `chrt -o 0 sh <<'EOF'` (touch M2), `strace -f -o
# /dev/null bash <<< 'touch M3'`, `fakeroot bash <<< 'touch M4'` made M1 to M4.
# ruleid: GK-BASH-008
chrt -o 0 bash <<< 'rm -rf ~'
# ruleid: GK-BASH-008
strace -o /dev/null bash <<< 'rm -rf ~'
# ruleid: GK-BASH-008
chrt -o 0 sh <<'EOF'
rm -rf ~
EOF
# ruleid: GK-PROT-002
fakeroot bash <<< 'cat ~/.ssh/id_rsa'
# ok: GK-BASH-008
chrt -o 0 ls

# -- git's own options before a credential helper (shell.credprint) ---------------------------
# `git credential-store get` prints the stored password (GK-PROT-002); with `-C .`, `-c k=v`
# or `--no-pager` before it the subcommand was not found (GK-GIT-004, REVIEW).
# bash: `printf 'protocol=https\nhost=example.invalid\n\n' | git -C . credential-store --file
# F get` printed the username and password stored in F.
# ruleid: GK-PROT-002
printf 'protocol=https\nhost=github.com\n\n' | git -C . credential-store get
# ruleid: GK-PROT-002
git --no-pager credential-store get
# ruleid: GK-PROT-002
git -c a.b=c credential-cache get
# ok: GK-PROT-002
git -C . status

# -- `"$PWD"/x` is `./x` (plugins.protected `_from_pwd`) --------------------------------------
# A write target spelled through `$PWD` was only "known at run time" (GK-WRITE-003, REVIEW,
# which the reviewer may approve); bash's PWD is the directory the command runs in, after a
# `cd` too. The target stays dynamic (REVIEW); its `./x` reading adds the protected path.
# bash: in a dir d, `echo {} > "$PWD"/.claude/m1`, and after `cd .claude`, `echo {} >
# "$PWD"/m2` and `echo {} > ${PWD}/m3`, wrote d/.claude/m1, m2 and m3.
# ruleid: GK-PROT-001
echo {} > "$PWD"/.claude/settings.json
# ruleid: GK-PROT-001
cd .claude && echo {} > "$PWD"/settings.json
# ruleid: GK-PROT-001
cp x "${PWD}/.git/config"
# ruleid: GK-PROT-001
rm -rf "$PWD"/.git
# ruleid: GK-PROT-001
tar -xf a.tar -C "$PWD"/.git
# ruleid: GK-PROT-001
sed -i s/a/b/ "$PWD"/.git/config
# ok: GK-PROT-001
echo x > ./out.txt

# -- an assignment in a pipeline's stage (shell.parse `Walker.assigned`) ----------------------
# `{ f=X; cat "$f"; } > out` reads X (GK-PROT-002 for a key); as a pipeline's stage the group
# is a subshell of its own, where the assignment was not followed: `cat "$f"` was unknown
# (GK-BASH-002, REVIEW). The value now holds to the end of its stage.
# bash: `{ f=M1; touch "$f"; } | cat` and `if true; then f=M2; touch "$f"; fi | cat` made M1, M2.
# ruleid: GK-PROT-002
{ f=~/.ssh/id_rsa; cat "$f"; } | tee out.txt
# ruleid: GK-PROT-002
if true; then f=~/.ssh/id_rsa; cat "$f"; fi | head
# ok: GK-PROT-002
{ f=README.md; cat "$f"; } | head

# -- a `-` inside a word is no option (shell.loopvars `loop_variable`) ------------------------
# The loop's variable is followed only if nothing else in the text can set it; an identifier
# ending with the name after a `-` (`printf -vc x`) can. A plain word with a `-` inside
# (`/tmp/gk-metamorphic.log`, `a-f.log`, a comment's `x-c`) made `$c` unknown: the dynamic
# command name was REVIEW (GK-SHELL-003) where `for c in ls rm; do $c -rf ~; done` is ELEVATE.
# A quote or an expansion before the `-` may still leave it first (`printf ""-vc x`).
# bash: `for c in echo touch; do $c M; done >> /tmp/a-b.log` made M.
# ruleid: GK-BASH-008
for c in ls rm; do $c -rf ~; done >> /tmp/gk-metamorphic.log
# ruleid: GK-BASH-008
for c in ls rm; do $c -rf ~; done # x-c
# bash: `for c in echo touch; do $c M; done | dd of=/tmp/x-y.log status=none` made M.
# ruleid: GK-BASH-008
for c in ls rm; do $c -rf ~; done | dd of=/tmp/gk-metamorphic.log status=none
# ruleid: GK-BASH-002
for f in README.md; do printf ""-vf x; cat "$f"; done
# ok: GK-BASH-002
for f in README.md; do cat "$f"; done > a-f.log

# -- tar's shell lines as getopt_long reads them (plugins.wrappers `_option_lines`) ------------
# `--checkpoint-action=exec='rm -rf ~'` was judged as the line it runs (GK-BASH-008); its
# value as the next word (`--checkpoint-action exec=…`, found by the `--opt=value` variant)
# or an abbreviated name (`--checkpoint-ac=`, `--to-com=`, `--use-compress=`) was only
# GK-BASH-005 / GK-UNKNOWN / GK-PROT-004 (REVIEW). getopt_long takes both.
# bash: `--checkpoint-action exec='touch M1'`, `--checkpoint-ac=exec='touch M2'`, `tar -xf
# t.tar --to-com='touch M3'` and `--use-compress='sh -c "…; touch M4"'` made M1 to M4.
# ruleid: GK-BASH-008
tar -cf /dev/null --checkpoint=1 --checkpoint-action exec='rm -rf ~' src
# ruleid: GK-BASH-008
tar -cf /dev/null --checkpoint=1 --checkpoint-ac=exec='rm -rf ~' src
# ruleid: GK-BASH-008
tar -xf a.tar --to-com='rm -rf ~'
# ruleid: GK-BASH-008
tar -cf a.tar --use-compress='rm -rf ~' src
# ok: GK-BASH-008
tar -czf a.tgz src

# -- `env --` ends env's options, not its assignments (plugins.wrappers `_env`) ---------------
# make fuzz, seed 45: `env -- CI=1 az account get-access-token` was GK-UNKNOWN (REVIEW: `CI=1`
# taken for the command) where the bare command is GK-PROT-002.
# bash: `env -- A=1 sh -c 'echo A=$A'` printed A=1.
# ruleid: GK-PROT-002
env -- CI=1 az account get-access-token
# ok: GK-PROT-002
env -- CI=1 ls
