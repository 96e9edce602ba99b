# Issue 3, point 4 (environment prefixes): each dangerous name the point lists is at least
# REVIEW (GK-ENV-001); the harmless ones leave the verdict unchanged. Session 14's audit.
# Read by tests/test_corpora.py, NEVER executed.

# ruleid: GK-ENV-001
LD_PRELOAD=/tmp/x.so ls
# ruleid: GK-ENV-001
LD_LIBRARY_PATH=/tmp ls
# ruleid: GK-ENV-001
LD_AUDIT=/tmp/x.so ls
# ruleid: GK-ENV-001
DYLD_INSERT_LIBRARIES=/tmp/x ls
# ruleid: GK-ENV-001
BASH_ENV=/tmp/x bash -c ls
# ruleid: GK-ENV-001
ENV=/tmp/x sh -c ls
# ruleid: GK-ENV-001
PROMPT_COMMAND='touch m' bash -i
# ruleid: GK-ENV-001
SHELLOPTS=xtrace bash -c ls
# ruleid: GK-ENV-001
BASHOPTS=extglob bash -c ls
# ruleid: GK-ENV-001
PATH=/tmp ls
# ruleid: GK-ENV-001
IFS=/ ls
# ruleid: GK-ENV-001
PAGER='sh -c x' git log
# ruleid: GK-ENV-001
GIT_PAGER='sh -c x' git log
# ruleid: GK-ENV-001
MANPAGER='sh -c x' man ls
# ruleid: GK-ENV-001
EDITOR='sh -c x' git log
# ruleid: GK-ENV-001
VISUAL='sh -c x' git log
# ruleid: GK-ENV-001
GIT_SSH_COMMAND='sh -c x' git fetch
# ruleid: GK-ENV-001
GIT_EXTERNAL_DIFF='sh -c x' git diff
# ruleid: GK-ENV-001
GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=x git log
# ruleid: GK-ENV-001
GIT_DIR=/tmp/x git log
# ruleid: GK-ENV-001
PYTHONPATH=/tmp python x.py
# ruleid: GK-ENV-001
PYTHONSTARTUP=/tmp/x python
# ruleid: GK-ENV-001
NODE_OPTIONS='--require /tmp/x.js' node x.js
# ruleid: GK-ENV-001
PERL5OPT=-Mx perl x.pl
# ruleid: GK-ENV-001
RUBYOPT=-rx ruby x.rb
# ok: GK-ENV-001
CI=1 ls
# ok: GK-ENV-001
NO_COLOR=1 ls
# ok: GK-ENV-001
LANG=C ls
# ok: GK-ENV-001
TZ=UTC ls
# ok: GK-ENV-001
PYTHONUNBUFFERED=1 ls
# ok: GK-ENV-001
CI=1 NO_COLOR=1 git log --oneline
