# Session 10, found by the lead (issue 3). Each hole with the neighbour that stays allowed.
# Read by tests/test_corpora.py, NEVER executed.

# -- A variable set by a builtin reached through `builtin`, `command` or a path, then
# evaluated as arithmetic (GK-BASH-006, `shell.arith`). With notes.txt holding
# `a[$(rm -rf ~)]`, bash runs rm at `(( x ))`: checked in bash with an `echo` marker for
# `builtin printf -v` and `command printf -v`. The metamorphic test found the `/bin/printf`
# spelling (the external printf has no `-v`, but a spelling must not be judged more
# permissively than the plain name); the gate had allowed all of these --------------------
# ruleid: GK-BASH-006
builtin printf -v x %s "$(cat notes.txt)"; (( x ))
# ruleid: GK-BASH-006
command printf -v x %s "$(cat notes.txt)"; (( x ))
# ruleid: GK-BASH-006
/bin/printf -v x %s "$(cat notes.txt)"; (( x ))
# ruleid: GK-BASH-006
builtin read x < notes.txt; (( x ))
# ruleid: GK-BASH-006
command -p read x < notes.txt; (( x ))
# ok: GK-BASH-006
command -v printf; (( 1 ))
# ok: GK-BASH-006
x=$(wc -l < notes.txt); (( x ))
