# Red-team round 21: code the gate reads (python's options, pydoc, unittest, sed scripts) and
# called harmless. Each hole was run in real bash with a harmless marker (a file under /tmp)
# and is followed by its harmless neighbour. Read by tests/test_corpora.py, NEVER executed.
# Holes that need files on disk or a secret in the environment are in tests/test_redteam21.py.
#
# The antigravity proofs: BROWSER named a script that creates /tmp/redteam21-marker-N (what
# python's webbrowser starts is the user's browser, or xdg-open, or BROWSER).

# -- a warning filter's category `MODULE.Class`: python imports MODULE to find it -----------
# bash: `python3 -W ignore::antigravity.X -c 'print(1)'` printed 1 and started the browser
# (created /tmp/redteam21-marker-4)
# ruleid: GK-DEV-002
python3 -W ignore::antigravity.X -c 'print(1)'
# ruleid: GK-DEV-002
python3 -Wignore::antigravity.X -m pytest -q
# ruleid: GK-DEV-002
python3 -bW ignore::antigravity.X script.py
# ruleid: GK-DEV-002
python3 -W error::json.decoder.JSONDecodeError x.py
# ok: GK-DEV-002
python3 -W error::DeprecationWarning -c 'print(1)'
# ok: GK-DEV-002
python3 -W ignore -c 'print(1+1)'
# ok: GK-DEV-002
python -W error::DeprecationWarning -Xdev -m pytest -q
# bash: `PYTHONWARNINGS=ignore::antigravity.X python3 -c 'print(1)'` created
# /tmp/redteam21-marker-15: the variable is the same filter, so no longer a harmless name
# ruleid: GK-ENV-001
PYTHONWARNINGS=ignore::antigravity.X python3 -c 'print(1)'
# ruleid: GK-ENV-001
export PYTHONWARNINGS=ignore::antigravity.X; python3 -c 'print(1)'
# ok: GK-ENV-001
PYTHONUNBUFFERED=1 python3 -c 'print(1)'
# pytest's `-W` and `filterwarnings` resolve a category the same way: `pytest -q -W
# ignore::antigravity.X` created /tmp/redteam21-marker-9, `-o filterwarnings=...` marker-10
# ruleid: GK-DEV-002
pytest -q -W ignore::antigravity.X
# ruleid: GK-DEV-002
pytest -qWignore::antigravity.X
# ruleid: GK-DEV-002
pytest --pythonwarnings=ignore::antigravity.X
# ruleid: GK-DEV-002
pytest -q -o filterwarnings=ignore::antigravity.X
# ruleid: GK-DEV-002
python3 -m pytest -W ignore::antigravity.X
# ok: GK-DEV-002
pytest -q -W error::DeprecationWarning
# ok: GK-DEV-002
pytest -o filterwarnings=error
# ok: GK-DEV-002
pytest -k W

# -- a -W value's letters were read as flags: `P` of PendingDeprecationWarning as `-P` --------
# bash: in /tmp/redteam21-g holding json/__init__.py, `python3 -Wignore::ImportWarning -m
# json.tool d.json` ran it (created /tmp/redteam21-marker-14): the value's `I` was taken for
# `-I` (isolated), so the tmp dir's modules were not looked for
# ruleid: GK-DEV-002
cd /tmp/x && python3 -Wignore::ImportWarning -m json.tool d.json
# ruleid: GK-DEV-002
cd /tmp/x && python3 -Wignore::PendingDeprecationWarning -c 'import platform; print(platform.system())'
# ok: GK-DEV-002
cd /tmp/x && python3 -P -m json.tool d.json

# -- -X pycache_prefix=DIR: python loads the compiled modules from DIR ----------------------
# bash: a keyword.cpython-311.pyc planted under /tmp/redteam21-pc (the mirror of the stdlib's
# path, stamped with the real keyword.py's time and size) ran for `python3 -X
# pycache_prefix=/tmp/redteam21-pc -c 'print(1)'`: it printed 1 and created
# /tmp/redteam21-marker-8; without the bytecode there, python writes a .pyc tree there
# ruleid: GK-DEV-002
python3 -X pycache_prefix=/tmp/redteam21-pc -c 'print(1)'
# ruleid: GK-DEV-002
python3 -Xpycache_prefix=/tmp/pc script.py
# ruleid: GK-DEV-002
python3 -X pycache_prefix=/srv/cache -m pytest
# ok: GK-DEV-002
python3 -X pycache_prefix=.pycache -c 'print(1)'
# ok: GK-DEV-002
python3 -X importtime -c 'print(1)'

# -- pydoc and unittest import the modules they are given -----------------------------------
# bash: `python3 -m pydoc antigravity` (marker-1) and `python3 -m unittest antigravity`
# (marker-2) started the browser
# ruleid: GK-DEV-002
python3 -m pydoc antigravity
# ruleid: GK-DEV-002
python3 -m pydoc -w antigravity
# ruleid: GK-DEV-002
python3 -m unittest antigravity
# ruleid: GK-DEV-002
python -m unittest -v antigravity
# bash: `pytest --pyargs antigravity` collected the stdlib's antigravity.py (a file named on
# the command line is collected whatever its name): the import started the browser (marker-18)
# ruleid: GK-DEV-002
pytest --pyargs antigravity
# ruleid: GK-DEV-002
python3 -m pytest -q --pyargs json --doctest-modules
# ok: GK-DEV-002
pytest -q src

# -- pytest's debugger runs the python statements of its standard input --------------------
# bash: `printf 'open("/tmp/redteam21-marker-19","w").close()\nc\n' | pytest --trace` created
# the marker (marker-21 for `--pdb` at a failing test); `pytest --pdbcls=antigravity:X
# --trace` imported antigravity (marker-20)
# ruleid: GK-DEV-002
pytest --trace
# ruleid: GK-DEV-002
pytest -x --pdb
# ruleid: GK-DEV-002
python3 -m pytest --pdbcls=antigravity:X --trace
# ok: GK-DEV-002
pytest -x -q
# ok: GK-DEV-002
python3 -m unittest
# ok: GK-DEV-002
python3 -m unittest -v
# ok: GK-DEV-002
python3 -m unittest discover -s src

# -- sed: a delimiter that does not end the regex ------------------------------------------
# bash (GNU sed 4.9): `echo 'a/b' | sed 's/a\/b/touch \/tmp\/redteam21-marker-11/e'` and
# `echo / | sed 's/[/]/touch \/tmp\/redteam21-marker-12/e'` created their markers: an escaped
# delimiter and a delimiter in a bracket expression belong to the regex
# ruleid: GK-BASH-005
sed 's/a\/b/touch \/tmp\/redteam21-marker-11/e' f
# ruleid: GK-BASH-005
sed 's/[/]/touch \/tmp\/redteam21-marker-12/e' f
# ruleid: GK-BASH-005
sed 's/[^]/]/id/e' f
# ok: GK-BASH-005
sed 's/a\/b/c/g' f
# ok: GK-BASH-005
sed 's/[/]/x/g' f
# ok: GK-BASH-005
sed -e 's/\/usr\/local/\/opt/g' f
# bash: `echo / | sed '/[/]/e touch /tmp/redteam21-marker-13'` created it, and `sed -n
# '/[/]/w /tmp/redteam21-marker-16'` wrote it: the address regex is `[/]`
# ruleid: GK-BASH-005
sed '/[/]/e touch /tmp/redteam21-marker-13' f
# ruleid: GK-BASH-005
sed -n '/[/]/w out' f
# ok: GK-BASH-005
sed -n '/[/]/p' f
# bash: `echo x | sed 's/x/touch \/tmp\/redteam21-marker-17/ g e'`: flags may be spaced out
# ruleid: GK-BASH-005
sed 's/x/touch \/tmp\/redteam21-marker-17/ g e' f
# ok: GK-BASH-005
sed 's/x/y/ g' f
# a replacement runs over an escaped newline (bash: `echo a | sed` with `s/a/echo x\`,
# newline, `y/e` ran `echo x` and then `y`)
# ruleid: GK-BASH-005
sed 's/a/echo x\
y/e' f
# bash: `sed -l 5 '1e touch /tmp/redteam21-marker-22' f` created it: `-l` takes the next word
# (a line length), so the script is the word after it, not `5`
# ruleid: GK-BASH-005
sed -l 5 '1e id' f
# ruleid: GK-BASH-005
sed -nl 5 's/x/id/e' f
# ruleid: GK-BASH-005
sed --line-length 5 '1e id' f
# ok: GK-BASH-005
sed -l 5 -n 1,3p f
# bash: `echo x | sed '\%x%r .env'` printed the .env file into the output: `r FILE` after an
# address of another delimiter, a step (`1~2`) or an offset range (`1,+2`) was not read
# ruleid: GK-BASH-002
sed '\%x%r .env' f
# ruleid: GK-BASH-002
sed '1~2r .env' f
# ruleid: GK-BASH-002
sed '1,+2R .env' f
# ok: GK-BASH-002
sed '1~2r notes.txt' f
# the file of an `s` command's `w` flag after an escaped delimiter is judged as a path
# ruleid: GK-PROT-001
sed 's/a\/b/x/w ~/.bashrc' f
# ok: GK-PROT-001
sed 's/a\/b/x/' f

# -- compileall and py_compile: where they compile ------------------------------------------
# bash: `python3 -m compileall -q` with /tmp/redteam21-cp on PYTHONPATH wrote
# /tmp/redteam21-cp/__pycache__/rt21mod.cpython-311.pyc (no directory: every one of sys.path);
# `echo /tmp/redteam21-pc2/m.py | python3 -m py_compile -` wrote /tmp/redteam21-pc2/__pycache__
# ruleid: GK-DEV-002
python3 -m compileall -q
# ruleid: GK-DEV-002
python3 -m compileall -j 0
# ruleid: GK-DEV-002
python3 -m py_compile -
# ok: GK-DEV-002
python3 -m compileall -q src
# ok: GK-DEV-002
python3 -m compileall -j0 .
