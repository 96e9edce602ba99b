# Red-team round 17: the file tools, the other tools and the rules (tests/test_redteam17.py).
# The shell cases of its one protected-path addition, each after a line with the bash proof.
# Read by tests/test_corpora.py, NEVER executed.

# -- Mercurial's repository config runs hooks ------------------------------------------------
# bash (hg 6.3): `printf '[hooks]\npre-status = touch /tmp/redteam17-marker-4\n' > .hg/hgrc`
# in a repository made by `hg init`, then `hg status`, created the marker
# ruleid: GK-PROT-001
printf '[hooks]\npre-status = touch /tmp/m\n' >> .hg/hgrc
# ruleid: GK-PROT-001
cp hgrc sub/.hg/hgrc
# ok: GK-PROT-001
cat .hg/hgrc
# ok: GK-PROT-001
printf 'notes\n' > docs/hg.md
