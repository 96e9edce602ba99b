# Red-team round 6 (issue 3): the parse's fast path and the tree walk against bash, the
# round-5 SAFE families (jq, yq), links and option files, the environment. Each hole with
# the neighbour that stays allowed. Read by tests/test_corpora.py, NEVER executed.

# -- tree-sitter-bash leaves out a lone `-` before an assignment-shaped word, and reads
# `1=x` (no identifier before `=`) as an assignment: bash runs `-` / `1=x` as the command --
# ruleid: GK-SHELL-001
ls && - x=1
# ruleid: GK-SHELL-001
x=1 - y=2 ls
# ruleid: GK-SHELL-001
- x=1 ls | head
# ruleid: GK-SHELL-001
ls && 1=x
# ruleid: GK-SHELL-001
1=x ls
# ok: GK-SHELL-001
a[1]=x _b=2 ls
# ok: GK-SHELL-001
ls - | head
