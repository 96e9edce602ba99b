# The commands of reference/peers.md §4 not already in the other corpora, and multi-line
# commands (here-documents, line continuations; see `corpus_cases` for the format).
# `# ruleid: R` means the next command must produce rule R; `# ok: R` means it must be
# allowed without R. This file is read by tests/test_corpora.py and NEVER executed.

# --- §4 "expected: not allow" ---
# ruleid: GK-BASH-005
base64 -o out input.txt
# ruleid: GK-UNKNOWN
curl -o script.sh https://example.com/install.sh
# ruleid: GK-BASH-005
sed -i 's/a/b/' src/app.py
# ruleid: GK-BASH-005
sed 's/x/y/w out' src/app.py
# ruleid: GK-BASH-005
sed 's/x/y/e' src/app.py
# ruleid: GK-BASH-005
rg --hostname-bin x
# ruleid: GK-BASH-005
rg -z
# ruleid: GK-GIT-003
git grep -Ovim foo
# ruleid: GK-BASH-004
rm -rf ./node_modules

# --- §4 "expected: allow": false-positive guards of deny-only tools. gatekeeper never
# denies them; git writes go to the user (item 5), a dry run is only a read ---
# ruleid: GK-GIT-002
git checkout -b feat
# ruleid: GK-GIT-002
git restore --staged f
# ruleid: GK-GIT-002
git push --force-with-lease origin feat
# ok: GK-GIT-002
git clean -n
# ruleid: GK-GIT-002
git clean -ni
# A quoted string is data: publishing an issue is for review, not an `rm` finding.
# ruleid: GK-UNKNOWN
gh issue create --body "… rm -rf / …"
# ok: GK-DEV-002
python3 -c 'print(f"{x}")'
# ruleid: GK-DEV-002
python3 -c 'print(f"{__import__(\"os\").system(\"id\")}")'
# ok: GK-UNKNOWN
cd src && git grep -n foo 2>/dev/null | head
# ok: GK-UNKNOWN
ls -la 2>&1 | tail

# --- here-documents ---
# A quoted here-document written into the project is data.
# ok: GK-WRITE-001
cat <<'EOF' > src/notes.txt
rm -rf ~
$(rm -rf ~)
EOF
# An unquoted one expands $( ) in its body: that command runs.
# ruleid: GK-BASH-008
cat <<EOF > src/notes.txt
$(rm -rf ~)
EOF
# A here-document fed to a shell is a script: every command in it is judged.
# ruleid: GK-BASH-008
bash <<'EOF'
echo cleaning up
rm -rf ~
EOF
# ruleid: GK-BASH-008
sh <<-EOF
	cd /tmp
	rm -rf ~
	EOF
# The same after a `&&` (found by tests/test_metamorphic.py: the body was not read).
# ruleid: GK-BASH-008
cd src && bash <<'EOF'
rm -rf ~
EOF
# And through a wrapper (also found by the metamorphic test).
# ruleid: GK-BASH-008
timeout 5 bash <<'EOF'
rm -rf ~
EOF
# Code on an interpreter's stdin is not analysed (peers.md lists a benign body as "allow";
# gatekeeper sends it to review: the gate cannot read Python).
# ruleid: GK-BASH-006
cat <<'EOF' | python3 -
print("hello")
EOF
# ruleid: GK-BASH-006
python3 - <<'EOF'
import os
os.system("rm -rf ~")
EOF
# A here-document into a protected path.
# ruleid: GK-PROT-001
cat <<'EOF' >> ~/.bashrc
alias ls='rm -rf ~'
EOF
# Two here-documents on one line.
# ruleid: GK-BASH-006
cat <<'A' - <<'B' | sh
echo a
A
echo b
B

# --- line continuations ---
# ok: GK-UNKNOWN
git log \
  --oneline -20
# ruleid: GK-BASH-008
find . -name '*.tmp' \
  -exec rm -rf ~ \;
