# Red-team round 7 (issue 3): substitutions the parser reads as text, text bash evaluates a
# second time, secrets printed from stores and from the environment. Each hole with the
# neighbour that stays allowed. Read by tests/test_corpora.py, NEVER executed.

# -- a backtick in a here-document whose delimiter is unquoted runs a command, as `$( )`
# does; tree-sitter-bash reads only `$( )` in the body, so `cat` alone was judged --------
# ruleid: GK-SHELL-001
cat <<EOF
`rm -rf ~/project-x`
EOF
# ruleid: GK-SHELL-001
cat <<EOF > src/notes.txt
text `rm -rf ~/project-x` text
EOF
# ruleid: GK-SHELL-001
cat <<EOF | head
${X:-`rm -rf ~/project-x`}
EOF
# ok: GK-SHELL-001
cat <<'EOF' > src/notes.txt
a `quoted` delimiter: nothing in the body runs
EOF
# ok: GK-SHELL-001
cat <<EOF > src/notes.txt
an escaped \`backtick\` is a character
EOF
# tree-sitter-bash misses a substitution right after a tab at the start of a body line
# (in `<<-` and `<<` alike); bash runs it
# ruleid: GK-SHELL-001
cat <<-EOF
	$(rm -rf ~/project-x)
	EOF
# ruleid: GK-SHELL-001
cat <<EOF > src/notes.txt
text
	${X:-$(rm -rf ~/project-x)}
EOF
# ok: GK-SHELL-001
cat <<-EOF > src/notes.txt
	built on $(date +%F) for $USER
	EOF

# -- the pattern of ${X#…} ${X%…} ${X^…} ${X,…} is a `regex` leaf to the parser; bash
# expands it, command substitutions included ------------------------------------------
# ruleid: GK-SHELL-001
echo ${X#$(rm -rf ~/project-x)}
# ruleid: GK-SHELL-001
echo "${X%%`rm -rf ~/project-x`}"
# ruleid: GK-SHELL-001
echo ${X^$(rm -rf ~/project-x)}
# ruleid: GK-SHELL-001
echo ${X:-`rm -rf ~/project-x`}
# ruleid: GK-SHELL-001
ls ${X:=a`rm -rf ~/project-x`}
# ruleid: GK-SHELL-001
cat <<EOF
${X,,$(rm -rf ~/project-x)}
EOF
# ok: GK-SHELL-001
echo "${f%.py}" "${f##*/}"

# -- inside $(( )), $[ ] and a double-quoted ${…}, single quotes are characters: the
# `$( )` between them runs; the parser read a quoted string ------------------------------
# ruleid: GK-SHELL-001
echo $(( '$(rm -rf ~/project-x)' ))
# ruleid: GK-SHELL-001
echo "$((1 + '`rm -rf ~/project-x`'))"
# ruleid: GK-SHELL-001
echo $[ '$(rm -rf ~/project-x)' ]
# ruleid: GK-SHELL-001
echo "${X:-'$(rm -rf ~/project-x)'}"
# ruleid: GK-SHELL-001
echo ${a['$(rm -rf ~/project-x)']}
# ok: GK-SHELL-001
echo $(( 6 * 7 )) "${X:-'default'}"

# -- ${X@P} expands X's value as a prompt: its $( ) run ----------------------------------
# ruleid: GK-BASH-006
X='$(rm -rf ~/project-x)'; echo ${X@P}
# ruleid: GK-BASH-006
echo "${PS1@P}"
# ok: GK-BASH-006
echo "${X@Q}"

# -- a quoted `a[$( )]` is text until bash evaluates it as a variable name or an arithmetic
# operand (let, declare, printf -v, read, test -v, $((X)), ${!X}): then the subscript's
# substitution runs -----------------------------------------------------------------------
# ruleid: GK-BASH-006
let 'a[$(rm -rf ~/project-x)]'
# ruleid: GK-BASH-006
X='a[$(rm -rf ~/project-x)]'; echo $((X))
# ruleid: GK-BASH-006
X='a[`rm -rf ~/project-x`]'; echo ${!X}
# ruleid: GK-BASH-006
declare -i 'n=a[$(rm -rf ~/project-x)]'
# ruleid: GK-BASH-006
printf -v 'a[$(rm -rf ~/project-x)]' %s x
# ruleid: GK-BASH-006
test -v 'a[$(rm -rf ~/project-x)]'
# ruleid: GK-BASH-006
read 'a[$(rm -rf ~/project-x)]' < src/x
# ok: GK-BASH-006
echo '$(not run)' 'a[1]' "${a[1]}"
# ok: GK-BASH-006
let 'n = n + 1'

# -- gh prints the token with -t however it is spelt: `--show-token=true`, `-t=1`, bundled
# with another letter (pflag splits `-at` into -a -t) --------------------------------------
# ruleid: GK-UNKNOWN
gh auth status --show-token=true
# ruleid: GK-UNKNOWN
gh auth status -t=true
# ruleid: GK-UNKNOWN
gh auth status -at
# ruleid: GK-UNKNOWN
gh -R o/r auth status -th github.com
# ok: GK-UNKNOWN
gh auth status -a
# ok: GK-UNKNOWN
gh auth status --hostname github.com

# -- a variable of the environment stays exported: set on its own, in a loop, by read or
# printf -v, its new value is what every later command gets --------------------------------
# ruleid: GK-ENV-001
PATH=/tmp/x:$PATH; ls
# ruleid: GK-ENV-001
HOME=/tmp/x; git status
# ruleid: GK-ENV-001
cd src && GIT_DIR=/tmp/x ; git log
# ruleid: GK-ENV-001
for PATH in /tmp/x; do ls; done
# ruleid: GK-ENV-001
read -r PATH < src/x; ls
# ruleid: GK-ENV-001
printf -v PATH %s /tmp/x; ls
# ruleid: GK-ENV-001
unset PATH; ls
# ruleid: GK-ENV-001
: ${PATH:=/tmp/x}; ls
# ok: GK-ENV-001
n=3; for f in a b; do echo "$f"; done; printf -v msg %s done; echo "$msg $n"
# ok: GK-ENV-001
unset n_files; echo "${n_files:=0}"
# bash's command hash table and alias table are variables too; CDPATH moves a `cd`
# ruleid: GK-ENV-001
BASH_CMDS[ls]=/tmp/x/evil; ls
# ruleid: GK-ENV-001
read 'BASH_CMDS[git]' <<< /tmp/x/evil; git status
# ruleid: GK-ENV-001
CDPATH=..; cd other && cat notes.txt
# ok: GK-ENV-001
cd src && cat x.py
# arithmetic assigns too: `let PATH=1` makes bash look commands up in ./1
# ruleid: GK-ENV-001
let PATH=1; ls
# ruleid: GK-ENV-001
echo "${a[HOME=0]}"; git status
# ruleid: GK-ENV-001
a[PATH=1]=x; ls
# ok: GK-ENV-001
let 'n = 1 + 2'; echo $((n == 3)) "${a[n=1]}"
# glibc loads iconv's converters (shared objects) from GCONV_PATH; a lesskey source
# (LESSKEYIN) can set LESSOPEN in its #env section
# ruleid: GK-ENV-001
GCONV_PATH=src iconv -f X -t UTF-8 src/x
# ruleid: GK-ENV-001
LESSKEYIN=src/keys less src/x
# ok: GK-ENV-001
LANG=C iconv -f latin1 -t utf-8 src/x
# ruleid: GK-BASH-006
a['$(rm -rf ~/project-x)']=1
# ok: GK-BASH-006
a[1]=x; echo "${a[1]}"

# -- the environment printed another way: yq's envsubst replaces each ${NAME} of a string
# with the variable (the fixture's environment holds ANTHROPIC_API_KEY), and systemd's
# manager environment -------------------------------------------------------------------
# ruleid: GK-ENV-002
yq '.a | envsubst' src/x.yaml
# ruleid: GK-ENV-002
yq -n '"${ANTHROPIC_API_KEY}" | envsubst'
# ruleid: GK-ENV-002
systemctl --user show-environment
# `--` ends the options: `declare -p --` and `export --` list every variable
# ruleid: GK-ENV-002
declare -p --
# ruleid: GK-ENV-002
export --
# ok: GK-ENV-002
declare -F
# ok: GK-ENV-002
yq '.a' src/x.yaml
# a copy of a secret hides its name: on its own, in a loop, a declaration, an array, a prefix
# ruleid: GK-ENV-002
t=$GITHUB_TOKEN; echo "$t"
# ruleid: GK-ENV-002
for t in "$GITHUB_TOKEN"; do echo "$t"; done
# ruleid: GK-ENV-002
declare t=$GITHUB_TOKEN; u=$t; echo ${u:0:40}
# ruleid: GK-ENV-002
a=($NPM_TOKEN); echo "${a[0]}"
# ruleid: GK-ENV-002
T=$GITHUB_TOKEN printenv T
# ok: GK-ENV-002
export GH_TOKEN=$GITHUB_TOKEN; gh pr list
# ok: GK-ENV-002
x=$(date +%s); echo "$x ${#GITHUB_TOKEN}"

# -- sed's script file attached to -f (`-fFILE`, `-nfFILE`): a script the gate has not read
# (its `e` command runs a shell) ---------------------------------------------------------
# ruleid: GK-BASH-005
sed -fsrc/prog.sed src/x
# ruleid: GK-BASH-005
sed -nfsrc/prog.sed src/x
# ok: GK-BASH-005
sed -n -e '1p' -es/f/g/ src/x

# -- a file read through an option's value attached to a cluster of letters ---------------
# ruleid: GK-GIT-005
git ls-files -ioX/etc/shadow
# ruleid: GK-GIT-005
git ls-files -o --exclude-fr=/srv/app/.ignore
# ok: GK-GIT-005
git ls-files -io --exclude-standard
# ruleid: GK-BASH-002
pgrep -lF/etc/shadow
# ruleid: GK-BASH-002
pgrep --pidf=/srv/app/pid
# ok: GK-BASH-002
pgrep -lf python

# -- compgen runs the command of -C and the function of -F, and expands each word of -W
# (its $( ) and backticks run): it printed completions while SAFE --------------------------
# ruleid: GK-BASH-006
compgen -C 'rm -rf ~/project-x' x
# ruleid: GK-BASH-006
compgen -W '$(rm -rf ~/project-x)' x
# ruleid: GK-BASH-006
compgen -aW '`rm -rf ~/project-x`' x
# ok: GK-BASH-006
compgen -W 'start stop status' st
# ok: GK-BASH-006
compgen -c gi
