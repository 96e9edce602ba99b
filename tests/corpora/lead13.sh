# Session 13, lead (issue 3). Read by tests/test_corpora.py, NEVER executed.

# -- mise's project config runs at the user's next prompt (GK-PROT-001) ------------------------
# With `mise activate` in the user's shell, mise reads the config files of the directory the
# shell is in at every prompt; their `{{exec(command=...)}}` templates, `[env] _.source`
# scripts and `[hooks]` run then. Outside mise's paranoid mode a file is trusted by its path,
# not its content (`mise trust --help`), so an edit of a trusted file runs unasked, as an
# edit of direnv's `.envrc` would (docs only: mise is not installed here).
# ruleid: GK-PROT-001
echo '[env]' >> mise.toml
# ruleid: GK-PROT-001
cp template.toml .mise.toml
# ruleid: GK-PROT-001
printf '%s\n' '[hooks]' > sub/mise.local.toml
# ruleid: GK-PROT-001
tee .rtx.toml < settings.txt
# ok: GK-PROT-001
cat mise.toml
# ok: GK-PROT-001
grep -n tools .mise.toml
# ok: GK-PROT-001
echo '[env]' > mise-notes.txt
