# Red-team round 11 (issue 3). Each hole with the neighbour that stays allowed. Read by
# tests/test_corpora.py, NEVER executed. The cases that need files on disk (a planted bare
# repository) are in tests/test_redteam11.py.

# -- `--git-dir=DIR` outside every `.git` directory: DIR/config is an ordinary project file
# the Write tool may write, and it can set core.fsmonitor / core.pager. The gate allowed it --
# ruleid: GK-GIT-005
git --git-dir=sub log
# ruleid: GK-GIT-005
git --git-dir sub status
# ruleid: GK-GIT-005
git --git-dir=./vendor/x.git log
# ok: GK-GIT-005
git --git-dir=.git log
# ok: GK-GIT-005
git --git-dir=.git/modules/x log

# -- `npx --call=LINE` / `-c=LINE` runs LINE with `sh -c` (bash: `npx --call='printf M'`
# printed M). With no package word left, the gate said "`npx` runs nothing" and allowed it --
# ruleid: GK-BASH-008
npx --call='rm -rf ~'
# ruleid: GK-BASH-008
npx --yes --call='rm -rf ~'
# ruleid: GK-BASH-008
npx --package=x --call='rm -rf ~'
# ruleid: GK-WRAP-004
npx --call=ls
# ruleid: GK-WRAP-004
npx -c=ls
# ruleid: GK-WRAP-004
pnpm dlx --shell-mode='echo hi'
# ok: GK-WRAP-004
npx --version

# -- sed's `e` and `w` after any address form, and a script given in a short-option cluster
# or an abbreviated `--expression` (bash: `sed '1!e printf M' f`, `sed -e1e\ printf\ M f`
# printed M; `sed -n -e 'w/abs/out' f` wrote out). The gate allowed each -------------------
# ruleid: GK-BASH-005
sed '1!e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed '$!e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed '/x/,/y/!e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed '1,3e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed '\%x%e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed -e1e\ rm\ -rf\ ~ notes.txt
# ruleid: GK-BASH-005
sed -n -e p -ne 'e rm -rf ~' notes.txt
# ruleid: GK-BASH-005
sed --expr='e rm -rf ~' notes.txt
# ruleid: GK-PROT-001
sed -n -e 'w/root/.bashrc' notes.txt
# ruleid: GK-PROT-001
sed -n '1!w ~/.bashrc' notes.txt
# ruleid: GK-BASH-005
sed -n '1!w out.txt' notes.txt
# ok: GK-BASH-005
sed -ne 's/e/f/p' notes.txt
# ok: GK-BASH-005
sed '/^e/d' notes.txt
# ok: GK-BASH-005
sed -e 's/a/b/' -e '/c/d' notes.txt
# ok: GK-BASH-005
sed -E 's/(e)/\1/' notes.txt

# -- `man -C FILE`: man-db runs the programs FILE's `DEFINE nroff|pager|col …` lines name
# (bash: a config with `DEFINE nroff printf M` printed M); a project file the Write tool may
# write. The gate allowed it, and `-P`/`-H` inside a cluster (`-aPcat`) ---------------------
# ruleid: GK-BASH-005
man -C ./man.cfg ls
# ruleid: GK-BASH-005
man -C./man.cfg ls
# ruleid: GK-BASH-005
man --config-file=./man.cfg ls
# ruleid: GK-BASH-005
man --config=./man.cfg ls
# ruleid: GK-BASH-005
man -aC ./man.cfg ls
# ruleid: GK-BASH-005
man -aPcat ls
# ok: GK-BASH-005
man -a ls
# ok: GK-BASH-005
man -s 1 ls
# ok: GK-BASH-005
man 5 crontab

# -- less 643+ reads a lesskey source from LESSKEY_CONTENT (the variable form of
# `--lesskey-content`, already GK-BASH-005); its `#env` section sets LESSOPEN, a program
# `less FILE` runs. (This machine's less 590 predates the variable: not run in bash.) ------
# ruleid: GK-ENV-001
LESSKEY_CONTENT='#env' less notes.txt
# ruleid: GK-ENV-001
LESSKEY_SYSTEM=./k less notes.txt
# ok: GK-ENV-001
LC_ALL=C less notes.txt

# -- A name reference exported: `export r=x` sets and exports the variable r names (bash:
# `declare -n r=V; export r=M; sh -c 'echo $V'` printed M). The gate judged the name `r` ----
# ruleid: GK-ENV-001
declare -n r=LD_PRELOAD; export r=./x.so; ls
# ruleid: GK-ENV-001
typeset -n r=LD_PRELOAD; r=./x.so; ls
# ruleid: GK-ENV-001
f() { local -n r=PATH; r=./bin; ls; }; f
# ruleid: GK-ENV-001
declare -n r; r=LD_PRELOAD; export r=./x.so; ls
# ruleid: GK-ENV-001
declare -n r; for r in LD_PRELOAD; do export r=./x.so; done; ls
# ruleid: GK-ENV-001
x=LD_PRELOAD; declare -n r=$x; export r=./x.so; ls
# ok: GK-ENV-001
declare -n r=RESULT_DIR; r=out; ls

# -- Keyword mode: after `set -k` (`-o keyword`, `bash -k`) every NAME=value word of a
# command goes into its environment, wherever it stands (bash: `set -k; sh -c 'echo $V'
# V=M` printed M). The gate read `LD_PRELOAD=x` as an argument of ls and allowed it ---------
# ruleid: GK-ENV-001
set -k; ls LD_PRELOAD=./x.so
# ruleid: GK-ENV-001
set -ek; ls LD_PRELOAD=./x.so
# ruleid: GK-ENV-001
set -o keyword; ls LD_PRELOAD=./x.so
# ruleid: GK-WRAP-004
bash -k -c 'ls LD_PRELOAD=./x.so'
# ok: GK-ENV-001
set -euo pipefail; ls
# ok: GK-WRAP-004
bash -ec 'ls -k'
