# Red-team round 16 (issue 3): bash builtins and expansions that reach code, secrets or other
# directories. Each hole with the neighbour that stays allowed. Read by tests/test_corpora.py,
# NEVER executed. The cases that need files on disk are in tests/test_redteam16.py.

# -- `shopt -s cdable_vars`: `cd NAME`, when no directory NAME exists, goes to the directory
# the variable NAME holds. bash, with HOME a scratch dir: `shopt -s cdable_vars; d=~/.ssh;
# cd d; cat *` printed the fake key, and `d=~/.local/bin; cd d && printf … > ls` wrote a
# program into PATH. The gate judged `cd d` as a move into ./d, and allowed both ----------
# ruleid: GK-BASH-002
shopt -s cdable_vars; d=~/.ssh; cd d; cat *
# ruleid: GK-BASH-002
shopt -qs cdable_vars; cd HOME && cat .ssh/config
# ruleid: GK-BASH-002
shopt -s cdable_vars; d=~/.local/bin; cd d && printf '#!/bin/sh\n' > ls && chmod +x ls
# ruleid: GK-BASH-002
shopt -s "$opt"; cd d && ls
# ok: GK-BASH-002
shopt -u cdable_vars; cd src && ls
# ok: GK-BASH-002
shopt -s nullglob; cat src/*.py

# -- A glob as `cd`'s directory: with nullglob on, one that matches nothing leaves a bare
# `cd`, which goes home (bash: `shopt -s nullglob; cd zz*; cat .ssh/config` printed the
# scratch home's file). The gate judged `cd zz*` as a move into ./zz*, and allowed it ------
# ruleid: GK-BASH-002
shopt -s nullglob; cd zz*; cat .ssh/config
# ruleid: GK-BASH-002
shopt -s nullglob; pushd zz* && ls -la .ssh
# ok: GK-BASH-002
cd src && ls
