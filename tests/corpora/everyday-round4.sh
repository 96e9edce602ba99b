# Everyday forms, round 4 (issue 3): aegish's harmless set; and their dangerous neighbours.
# Read by tests/test_corpora.py, NEVER executed.

# -- mktemp: no template creates one fresh, empty entry in the temp dir ----------------------
# ok: GK-UNKNOWN
mktemp
# ok: GK-UNKNOWN
mktemp -d
# ok: GK-UNKNOWN
mktemp -q --directory
# ok: GK-UNKNOWN
dir=$(mktemp -d)
# ruleid: GK-QUERY-002
TMPDIR=/etc mktemp
# ruleid: GK-UNKNOWN
mktemp /etc/cron.d/jobXXXXXX
# ruleid: GK-UNKNOWN
mktemp -p /etc
# ruleid: GK-UNKNOWN
mktemp --tmpdir=/etc -d
# ruleid: GK-UNKNOWN
mktemp -d "$DIR"
# ruleid: GK-UNKNOWN
mktemp -t -d

# -- lsof: every option only selects or formats, but `-D` writes the device cache ------------
# ok: GK-UNKNOWN
lsof -i :8080
# ok: GK-UNKNOWN
lsof -nP -iTCP -sTCP:LISTEN
# ok: GK-UNKNOWN
lsof +D src
# ruleid: GK-UNKNOWN
lsof -Db/tmp/cache
# ruleid: GK-UNKNOWN
lsof -D b
# ruleid: GK-UNKNOWN
lsof -nPDu
# ruleid: GK-UNKNOWN
lsof -u $(id -un) -D b

# -- file: reading names from a list hides the paths it opens; -C writes a compiled magic ----
# ok: GK-BASH-005
file src/main.py
# ok: GK-BASH-005
file -b --mime-type src/main.py
# ok: GK-BASH-005
file -- -f
# ruleid: GK-BASH-005
file -f names.txt
# ruleid: GK-BASH-005
file -bf names.txt
# ruleid: GK-BASH-005
file -m magic.txt --files-from=names.txt
# ruleid: GK-BASH-005
file --files names.txt
# ruleid: GK-BASH-005
file -C -m magic.txt
# ruleid: GK-BASH-005
file --comp -m magic.txt
# ruleid: GK-BASH-005
file *.txt
