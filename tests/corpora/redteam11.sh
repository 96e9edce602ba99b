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
