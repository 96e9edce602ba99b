# Red-team round 18: approved commands that a file beside them turns into a program runner.
# Each hole was run in real bash with a harmless marker (a file under /tmp) and is followed by
# its harmless neighbour. Read by tests/test_corpora.py, NEVER executed. Holes that need files
# on disk (.cargo/config.toml, .npmrc) are in tests/test_redteam18.py.

# -- flake8 in a tmp dir: its config's local plugins are anyone's code ---------------------------
# bash (flake8 7.5): /tmp/redteam18-shared/setup.cfg with `[flake8:local-plugins]` naming
# rt18plugin:Plugin and `paths = ./`; `flake8 a.py` there imported rt18plugin.py, which created
# /tmp/redteam18-marker-7
# ruleid: GK-DEV-002
cd /tmp/redteam18-shared && flake8 a.py
# ruleid: GK-DEV-002
cd /tmp/x && flake8
# pointed at a tmp dir: judged as mypy and pylint are (flake8 reads the config of its cwd, so
# this one is the rule's reach, not a proven hole)
# ruleid: GK-DEV-002
flake8 /tmp/x
# ok: GK-DEV-002
flake8 src
# ok: GK-DEV-002
flake8

# -- npm diff packs a directory, and packing runs its package.json's prepare script -----------
# bash (npm 11): package.json with "prepare": "touch /tmp/redteam18-marker-9-prepare";
# `npm diff` (the project against the registry) and `npm diff --diff=./a --diff=./b` created
# the marker; two registry versions (`--diff=lodash@4.17.20 --diff=lodash@4.17.21`) did not
# ruleid: GK-UNKNOWN
npm diff
# ruleid: GK-UNKNOWN
npm diff --diff=./a --diff=./b
# ruleid: GK-UNKNOWN
npm diff --diff=. --diff=lodash@4.17.21
# a bare name is the copy installed in node_modules: packed too
# ruleid: GK-UNKNOWN
npm diff --diff=lodash --diff=lodash@4.17.21
# ruleid: GK-UNKNOWN
npm diff --diff=lodash@github:lodash/lodash --diff=lodash@4.17.21
# ruleid: GK-UNKNOWN
npm diff --diff=lodash@4.17.20 --diff=lodash@4.17.21 --workspaces
# ok: GK-UNKNOWN
npm diff --diff=lodash@4.17.20 --diff=lodash@4.17.21
# ok: GK-UNKNOWN
npm diff --diff @types/node@20.1.0 --diff @types/node@20.2.0 index.d.ts

# -- ack: the names of the files to search, from a file or stdin the gate never reads --------
# bash (ack 3.6): list.txt naming a key file (a fake one); `ack -h . --files-from=list.txt` and
# `cat list.txt | ack -x -h .` printed the key's lines
# ruleid: GK-BASH-005
ack -h . --files-from=list.txt
# ruleid: GK-BASH-005
ack -h . --files-from list.txt
# ruleid: GK-BASH-005
ack --files-f=list.txt .
# ruleid: GK-BASH-005
cat list.txt | ack -x -h .
# ruleid: GK-BASH-005
cat list.txt | ack -hx .
# ok: GK-BASH-005
ack -h -C3 TODO src
# ok: GK-BASH-005
ack -i -w TODO
# bash: ACKRC=myrc (myrc holding `--files-from=list.txt`) made `ack -h FAKE` print the key
# ruleid: GK-ENV-001
ACKRC=myrc ack -h FAKE
# ok: GK-ENV-001
ack -h FAKE

# -- python -m / -c in a tmp dir: the directory it runs in comes first on the module path -------
# bash: /tmp/redteam18-x/json/__init__.py touching /tmp/redteam18-marker-12; `python3 -m json.tool
# d.json` there created the marker; a platform.py there ran for `python3 -c 'import platform;
# print(platform.system())'` (/tmp/redteam18-marker-13); with -I or -P it did not
# ruleid: GK-DEV-002
cd /tmp/redteam18-x && python3 -m json.tool d.json
# ruleid: GK-DEV-002
cd /tmp/x && python3 -m pip list
# ruleid: GK-DEV-002
cd /tmp/x && python3 -m unittest discover
# ruleid: GK-DEV-002
cd /tmp/x && python3 -c 'import platform; print(platform.system())'
# ok: GK-DEV-002
cd /tmp/x && python3 -P -m json.tool d.json
# ok: GK-DEV-002
cd /tmp/x && python3 -Im pip list
# ok: GK-DEV-002
cd /tmp/x && python3 -I -c 'import platform; print(platform.system())'
# ok: GK-DEV-002
cd /tmp/x && python3 -c 'import sys; print(sys.version)'
# ok: GK-DEV-002
python3 -m json.tool src/d.json
# ok: GK-DEV-002
python3 -c 'import platform; print(platform.system())'

# -- pip and uv building or reading a project in a tmp dir: anyone's setup.py --------------------
# bash: /tmp/redteam18-p/setup.py touching /tmp/redteam18-marker-15; `cd /tmp/redteam18-p &&
# pip install -e .` (pip of a scratch venv) created the marker. uv (not on this machine) reads
# pyproject.toml, uv.toml and .venv from the directory it runs in and its parents (its docs)
# ruleid: GK-DEV-002
cd /tmp/redteam18-p && pip install -e .
# ruleid: GK-DEV-002
cd /tmp/x && pip install .
# ruleid: GK-DEV-002
cd /tmp/x && pip install -r requirements.txt
# ruleid: GK-DEV-002
pip install -e /tmp/x
# ruleid: GK-DEV-002
pip install --editable=/tmp/x
# ruleid: GK-DEV-002
pip install -r/tmp/x/requirements.txt
# ruleid: GK-DEV-002
pip wheel -w dist /tmp/x
# ruleid: GK-DEV-002
cd /tmp/x && uv sync
# ruleid: GK-DEV-002
cd /tmp/x && uv python find
# ruleid: GK-DEV-002
cd /tmp/x && uv pip list
# ruleid: GK-DEV-002
cd /tmp/x && uv pip install -e .
# ok: GK-DEV-002
cd /tmp/x && pip install requests
# ok: GK-DEV-002
cd /tmp/x && pip list
# ok: GK-DEV-002
pip install -e .
# ok: GK-DEV-002
pip install -r requirements.txt
# ok: GK-DEV-002
pip install --cache-dir /tmp/pip-cache -r requirements.txt
# ok: GK-DEV-002
cd /tmp/x && uv --version
# ok: GK-DEV-002
cd /tmp/x && uv cache dir
# ok: GK-DEV-002
uv sync
# ok: GK-DEV-002
uv pip install -e .
