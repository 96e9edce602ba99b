# Session 14, lead (issue 3). Read by tests/test_corpora.py, NEVER executed.

# -- a loop's variable, exported, before a version query (GK-DEV-002, GK-BASH-006) -----------
# `FOO=1 perl -v` and `export FOO=1; perl -v` were review (a tool reads variables of its own,
# more than any list names), but `export FOO; for FOO in 1; do perl -v; done` was allowed:
# `for` sets FOO, and an exported FOO reaches perl's environment (bash: a script printing
# $FOO, run in that loop, printed 1; and, with `set -a`, also without the export). A loop's
# variable that is not exported stays in the shell: `for f in a b; do perl -v; done` is
# still allowed.
# ruleid: GK-DEV-002
export FOO; for FOO in 1; do perl -v; done
# ruleid: GK-BASH-006
declare -x FOO; for FOO in 1 2; do python3 --version; done
# ruleid: GK-DEV-002
set -a; for FOO in 1; do perl -v; done
# ruleid: GK-DEV-002
set -o allexport; select FOO in 1; do perl -v; done
# ruleid: GK-DEV-002
for FOO in 1; do perl -v; done; export FOO
# ok: GK-DEV-002
for f in a b; do perl -v; done
# ok: GK-DEV-002
set -ex; for FOO in 1; do perl -v; done
# ok: GK-DEV-002
export LANG; for f in 1; do perl -v; done
