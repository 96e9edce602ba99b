# Everyday read-only forms of common tools (issue 3, "quiet for everyday work"), and their
# dangerous neighbours: write flags, exec flags, output files, credential paths.
# Read by tests/test_corpora.py, NEVER executed.

# -- process substitutions as operands: a pipe, judged by its own commands ------------------
# ok: GK-BASH-002
comm -12 <(sort src/a.txt) <(sort src/b.txt)
# ok: GK-BASH-002
diff <(ls src) <(ls .)
# ruleid: GK-PROT-002
diff <(cat ~/.ssh/id_rsa) x
# ruleid: GK-BASH-002
cat '<('$X')'

# -- public machine facts (exact paths only) ------------------------------------------------
# ok: GK-BASH-002
cat /proc/cpuinfo
# ok: GK-BASH-002
head /proc/loadavg
# ok: GK-BASH-002
cat /etc/os-release
# ruleid: GK-BASH-002
cat /proc/self/environ
# ruleid: GK-BASH-002
cat /proc/cpuinfo/../self/environ
# ruleid: GK-PROT-002
cat /etc/shadow
