# Everyday commands that must run without any review (issue 3 item 8, peers.md §4 "allow").
# `# ok: R` means the next line must be allowed and must not produce rule R.
# This file is read by tests/test_corpora.py and NEVER executed. One command per line.

# ok: GK-UNKNOWN
ls 2>&1 | tail -20
# ok: GK-UNKNOWN
ls &>/dev/null
# ok: GK-BASH-002
cd src && ls
# ok: GK-UNKNOWN
grep -rn "git push" .
# ok: GK-UNKNOWN
grep -rn "git stash" .
# ok: GK-UNKNOWN
gh issue view 1
# ok: GK-UNKNOWN
find . -name '*.py' | head
# ok: GK-WRITE-001
cat > notes.txt <<< 'anything'
# ok: GK-UNKNOWN
git log --oneline | head
# ok: GK-UNKNOWN
git diff --stat
# ok: GK-UNKNOWN
wc -l $(git ls-files '*.py')
# ok: GK-BASH-004
rm -rf /tmp/build-x
# ok: GK-UNKNOWN
cd src && git grep -n foo 2>/dev/null | head
# ok: GK-BASH-005
find . -executable -name '*.sh'
# ok: GK-DEV-002
python3 -c 'import sys; print(sys.version)'
# ok: GK-UNKNOWN
pytest -x tests/
# ok: GK-UNKNOWN
uv run pytest -q
# ok: GK-UNKNOWN
ruff check src && mypy src
# ok: GK-UNKNOWN
python scripts/build.py
# ok: GK-UNKNOWN
pip install -e '.[test]'
# ok: GK-ENV-001
CI=1 NO_COLOR=1 pytest
# ok: GK-ENV-001
LANG=C TZ=UTC sort data.txt
# ok: GK-UNKNOWN
git status && git diff
# ok: GK-UNKNOWN
timeout 60 pytest tests/test_x.py
# ok: GK-UNKNOWN
bash -c 'git status'
# ok: GK-UNKNOWN
mkdir -p build/out && touch build/out/.keep
# ok: GK-UNKNOWN
echo done
# ok: GK-UNKNOWN
jq '.name' package.json
# ok: GK-UNKNOWN
head -n 20 README.md; tail -5 src/app.py
# ok: GK-UNKNOWN
git -C src log -3
# ok: GK-UNKNOWN
command -v python3
# (`env | sort` is SAFE only while the environment holds no secret: tests/test_secretenv.py
# judges it both ways, GK-ENV-002)
# ok: GK-UNKNOWN
awk '{print $1}' data.txt | sort | uniq -c
# ok: GK-UNKNOWN
sed -n '1,20p' src/app.py
# ok: GK-UNKNOWN
git branch -a
# ok: GK-UNKNOWN
git stash list
