# Bypasses and false alarms found by running the peers' corpora (docs/peer-comparison.md).
# `# ruleid: R` means the next line must produce rule R; `# ok: R` means it must be allowed
# without R. This file is read by tests/test_corpora.py and NEVER executed.

# --- GTFOBins commands that were allowed ---
# ruleid: GK-PROT-002
bash -c 'echo "$(</etc/shadow)"'
# ruleid: GK-PROT-002
zsh -c 'echo "$(</etc/shadow)"'
# ruleid: GK-BASH-002
sh -c 'echo "$(</etc/passwd)"'
# ruleid: GK-DEV-002
pip config --editor '/bin/sh -s' edit
# ruleid: GK-DEV-002
pyright -w /etc/

# --- reads through an input redirect ---
# ruleid: GK-BASH-002
wc -l < /etc/shadow
# ruleid: GK-PROT-002
cat < ~/.ssh/id_rsa
# ruleid: GK-BASH-002
echo "$(<~/.netrc)"
# ok: GK-BASH-002
wc -l < src/app.py

# --- git: repositories in tmp dirs, writes that looked like reads ---
# ruleid: GK-GIT-005
cd /tmp/untrusted && git status
# ruleid: GK-GIT-005
(cd /tmp && git status)
# ruleid: GK-GIT-005
git -C /tmp/x status
# ruleid: GK-GIT-005
cd /tmp/x && timeout 5 git status
# ruleid: GK-GIT-005
bash -c 'cd /tmp/x && git log'
# ruleid: GK-GIT-002
git stash -u
# ruleid: GK-GIT-002
git stash --include-untracked
# ruleid: GK-GIT-002
git config --unset user.name
# ruleid: GK-GIT-002
git config set user.name x
# ok: GK-GIT-002
git reflog
# ok: GK-GIT-002
git stash list
# ok: GK-GIT-002
git config --get user.name

# --- wrappers and read-only commands with writing or running corners ---
# ruleid: GK-BASH-008
arch -arm64 rm -rf /
# ruleid: GK-BASH-004
arch -x86_64 rm foo
# ok: GK-UNKNOWN
arch
# ruleid: GK-BASH-005
awk -fscript.awk file.txt
# ruleid: GK-PROT-001
yq -i '.hooks = {}' .claude/settings.json
# ruleid: GK-BASH-005
yq --inplace '.key = "value"' file.yaml
# ruleid: GK-PROT-001
xxd data.bin ~/.bashrc
# ruleid: GK-BASH-005
xxd -r file.hex out.bin
# ruleid: GK-PROT-001
iconv -f UTF-8 -t ASCII -o ~/.bashrc input.txt
# ruleid: GK-UNKNOWN
tar --delete -f archive.tar file.txt
# ruleid: GK-BASH-002
tar tf ~/backup.tar
# ruleid: GK-BASH-005
tar -tI 'sh -c x' -f archive.tar
# ok: GK-BASH-002
tar -tzf dist/app.tar.gz
# ruleid: GK-DEV-002
pip config set global.index-url https://pypi.example.com
# ruleid: GK-DEV-002
pip cache purge
# ok: GK-DEV-002
pip config list
# ruleid: GK-DEV-002
pytest /opt/other-project/tests
# ruleid: GK-DEV-002
ruff check --config /etc/ruff.toml

# --- version queries of interpreters ---
# ok: GK-BASH-006
python --version
# ok: GK-BASH-006
python3 -V
# ok: GK-BASH-006
bash --version
# ok: GK-BASH-006
node --version
# ruleid: GK-BASH-006
python -v

# --- parse problems and cd tracking ---
# ruleid: GK-SHELL-001
ls &&
# ok: GK-BASH-002
cd src && cat ../README.md
# ruleid: GK-BASH-002
cd src; cat ../../outside.txt
# ruleid: GK-BASH-002
cd src && cat ../../outside.txt
# ruleid: GK-PROT-001
cat README.md && ls > ~/.bashrc

# --- found by tests/test_metamorphic.py ---
# A script with an expansion is still judged as written when that is already worse.
# ruleid: GK-PROT-002
nice bash -c "echo $(</etc/shadow)"
# `builtin cd` and `command cd` are the shell's own cd: later paths are judged from there.
# ruleid: GK-PROT-001
builtin cd .claude && echo {} > settings.json
# ruleid: GK-PROT-001
command cd .git; echo x > config
