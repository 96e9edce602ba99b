# Issue 3, point 5 (git, by what it really does): read-only subcommands with read-only flags
# run; each option the point names is at least REVIEW; each write is ELEVATE (GK-GIT-002),
# `-C` included. Session 14's audit (a planted repository, which needs files on disk, is
# tests/test_redteam11.py and tests/test_audit14.py). Read by tests/test_corpora.py, NEVER
# executed.

# ok: GK-GIT-003
git status
# ok: GK-GIT-003
git log --oneline
# ok: GK-GIT-003
git diff --stat
# ruleid: GK-GIT-003
git -c core.pager=x log
# ruleid: GK-GIT-003
git --config-env=core.pager=X log
# ruleid: GK-GIT-003
git --exec-path=/tmp log
# ruleid: GK-GIT-005
git --git-dir=/tmp/x log
# ruleid: GK-GIT-005
git --work-tree=/tmp status
# ruleid: GK-WRITE-001
git log --output=/opt/out.txt
# ruleid: GK-GIT-003
git diff --ext-diff
# ruleid: GK-GIT-003
git log --textconv
# ruleid: GK-GIT-003
git fetch --upload-pack=x origin
# ruleid: GK-GIT-002
git push --receive-pack=x origin
# ruleid: GK-GIT-003
git grep -O foo
# ruleid: GK-GIT-003
git grep --open-files-in-pager=x foo
# ruleid: GK-GIT-003
git difftool -x x
# ruleid: GK-GIT-003
git difftool --extcmd=x
# ruleid: GK-GIT-003
git submodule foreach ls
# ruleid: GK-GIT-003
git bisect run ls
# ruleid: GK-GIT-002
git rebase --exec ls main
# ruleid: GK-GIT-002
git rebase -x ls main
# ruleid: GK-GIT-002
git filter-branch --tree-filter ls
# ruleid: GK-WRITE-001
git archive -o /opt/out.tar HEAD
# ruleid: GK-WRITE-001
git format-patch -o /opt HEAD~1
# ok: GK-WRITE-001
git format-patch -o src HEAD~1
# an alias is a command the gate has not read
# ruleid: GK-GIT-004
git st

# -- writes: ELEVATE -----------------------------------------------------------------------
# ruleid: GK-GIT-002
git commit -m x
# ruleid: GK-GIT-002
git push
# ruleid: GK-GIT-002
git add .
# ruleid: GK-GIT-002
git rm x
# ruleid: GK-GIT-002
git mv a b
# ruleid: GK-GIT-002
git rebase main
# ruleid: GK-GIT-002
git reset --hard
# ruleid: GK-GIT-002
git checkout -- x
# ruleid: GK-GIT-002
git checkout main
# ruleid: GK-GIT-002
git switch main
# ruleid: GK-GIT-002
git restore x
# ruleid: GK-GIT-002
git merge main
# ruleid: GK-GIT-002
git cherry-pick abc
# ruleid: GK-GIT-002
git revert abc
# ruleid: GK-GIT-002
git stash push
# ruleid: GK-GIT-002
git stash pop
# ruleid: GK-GIT-002
git stash drop
# ruleid: GK-GIT-002
git stash clear
# ruleid: GK-GIT-002
git tag v1
# ruleid: GK-GIT-002
git branch new
# ruleid: GK-GIT-002
git remote add o u
# ruleid: GK-GIT-002
git config user.name x
# ruleid: GK-GIT-002
git worktree add ../x
# ruleid: GK-GIT-002
git notes add -m x
# ruleid: GK-GIT-002
git clean -fd
# ruleid: GK-GIT-002
git update-ref refs/heads/x HEAD
# ruleid: GK-GIT-002
git reflog expire --expire=now --all
# ruleid: GK-GIT-002
git gc --prune=now
# ruleid: GK-GIT-002
git pull
# ruleid: GK-GIT-002
git am x.patch
# ruleid: GK-GIT-002
git apply x.patch
# ruleid: GK-GIT-002
git -C src commit -m x
# ok: GK-GIT-002
git stash list
# ok: GK-GIT-002
git branch -a
# ruleid: GK-GIT-005
cd /etc && git status
