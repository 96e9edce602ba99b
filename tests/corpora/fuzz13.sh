# Session 13, fuzz13 (issue 3, point 11): holes found by the metamorphic test at scale
# (tests/test_metamorphic.py under `make fuzz`, and a sweep of every corpus command through
# every disguise). Each is a disguise bash runs as the original command that the gate judged
# more permissive. Read by tests/test_corpora.py, NEVER executed.

# -- the reserved word `time` (shell.timeword) ------------------------------------------------
# Bash reads an unquoted `time` first in a pipeline as a reserved word: it times the pipeline
# and runs it in this shell. The gate read `time` as a program running an external `cd`, so
# the command after it was judged in the old directory (ALLOW, GK-WRAP-002).
# bash: `time -p cd .claude && echo "{}" > settings.json` wrote .claude/settings.json.
# ruleid: GK-PROT-001
time -p cd .claude && echo {} > settings.json
# ruleid: GK-PROT-001
time cd .claude && echo {} > settings.json
# bash: `time -p -- cd d && pwd` printed d; `time { cd d; } && pwd` printed d.
# ruleid: GK-PROT-001
time -p -- cd .git && echo x > hooks/pre-commit
# ruleid: GK-PROT-001
time { cd .claude; } && echo {} > settings.json
# ruleid: GK-BASH-008
time (rm -rf ~)
# bash: `time -p export FZ=1; sh -c 'echo $FZ'` printed 1.
# ruleid: GK-DEV-002
time -p export FOO=1; perl -v
# ok: GK-PROT-001
time -p cd src && echo {} > settings.json
# ok: GK-DEV-002
time -p perl -v
