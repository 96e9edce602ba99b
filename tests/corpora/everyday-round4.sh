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

# -- plain readers' long options: getopt_long takes any unambiguous prefix -------------------
# ok: GK-BASH-005
sort -u --reverse data.txt
# ok: GK-BASH-005
sed --quiet -n 1p data.txt
# ok: GK-BASH-005
awk -F: '{print $1}' data.txt
# ok: GK-BASH-005
wc --lines data.txt
# ok: GK-BASH-005
mawk -W version
# ruleid: GK-BASH-005
sort --compress=sh -S1 data.txt
# ruleid: GK-BASH-005
sort --out=.git/hooks/pre-commit data.txt
# ruleid: GK-BASH-005
sort --files0-from=names.txt
# ruleid: GK-BASH-005
wc --files0-from=names.txt
# ruleid: GK-BASH-005
du --files0=names.txt
# ruleid: GK-BASH-005
sed --in-pl '1i x' .claude/settings.json
# ruleid: GK-BASH-005
sed --fi=script.sed data.txt
# ruleid: GK-BASH-005
sed --expr=1e data.txt
# ruleid: GK-BASH-005
awk --exe=prog.awk data.txt
# ruleid: GK-BASH-005
awk --source='BEGIN{system("id")}' data.txt
# ruleid: GK-BASH-005
awk -e 'BEGIN{}' -e 'BEGIN{system("id")}'
# ruleid: GK-BASH-005
awk -i lib.awk 1 data.txt
# ruleid: GK-BASH-005
gawk -o.git/hooks/pre-commit 1 data.txt
# ruleid: GK-BASH-005
gawk --dump-variables=.git/hooks/pre-commit 1 data.txt
# ruleid: GK-BASH-005
mawk -W exec prog.awk
# ruleid: GK-BASH-005
yq --in-p '.a = 1' config.yaml
# ruleid: GK-BASH-005
base64 --out=x data.txt
# ok: GK-BASH-005
less -N data.txt
# ok: GK-BASH-005
tree -a -L 2 src
# ok: GK-BASH-005
diff -u data.txt src/data.txt
# ok: GK-BASH-005
man -k printf
# ruleid: GK-BASH-005
cat data.txt | less -o .git/hooks/pre-commit
# ruleid: GK-BASH-005
cat data.txt | less -NO.git/hooks/pre-commit
# ruleid: GK-BASH-005
less --lessk=keys data.txt
# ruleid: GK-BASH-005
tree -o .git/hooks/pre-commit
# ruleid: GK-BASH-005
tree -ao .git/hooks/pre-commit
# ruleid: GK-BASH-005
tree --fromfile names.txt
# ruleid: GK-BASH-005
diff --from-file=/etc/hosts data.txt
# ruleid: GK-BASH-005
diff --to=/etc/hosts data.txt
# ruleid: GK-BASH-005
man --pag=sh ls
# ruleid: GK-BASH-005
man --htm=sh ls
# ok: GK-BASH-005
jq -r '.name' package.json
# ok: GK-BASH-005
ack --nopager TODO src
# ok: GK-BASH-005
ag TODO src
# ruleid: GK-BASH-002
jq --rawfile x /etc/hosts -n '$x'
# ruleid: GK-BASH-002
jq --slurpfile x /etc/hosts -n '$x'
# ruleid: GK-BASH-005
ack --pag=sh TODO
# ruleid: GK-BASH-005
ack --ackrc=opts.txt TODO
# ruleid: GK-BASH-005
ag --pager sh TODO

# -- ss and lastlog: the same prefixes ------------------------------------------------------
# ok: GK-QUERY-002
ss -tlnp
# ok: GK-QUERY-002
ss --family=inet --listening
# ok: GK-QUERY-002
lastlog --user root
# ruleid: GK-QUERY-002
ss --dia=data.bin
# ruleid: GK-QUERY-002
ss --ki dst 10.0.0.1
# ruleid: GK-UNKNOWN
lastlog --cle --user root
# ruleid: GK-UNKNOWN
lastlog --se --user root

# ok: GK-UNKNOWN
findmnt --real
# ok: GK-UNKNOWN
sensors -f
# ruleid: GK-UNKNOWN
findmnt --tab=fstab.txt
# ruleid: GK-UNKNOWN
findmnt --po
# ruleid: GK-UNKNOWN
sensors --se
# ruleid: GK-UNKNOWN
sensors --conf=sensors.conf

# -- git: parse-options takes prefixes too; blame --contents prints the file it names -------
# ok: GK-GIT-003
git diff --text
# ok: GK-GIT-003
git log --oneline --stat
# ok: GK-GIT-005
git blame --contents src/main.py src/main.py
# ruleid: GK-GIT-003
git diff --outp=.git/hooks/pre-commit
# ruleid: GK-GIT-003
git log -p --out=.git/hooks/pre-commit
# ruleid: GK-GIT-003
git diff --ext
# ruleid: GK-GIT-003
git log --textc
# ruleid: GK-GIT-003
git grep --open=sh x
# ruleid: GK-GIT-005
git blame --contents /etc/hosts src/main.py
# ruleid: GK-GIT-005
git blame --conte=/etc/hosts src/main.py
# ruleid: GK-GIT-005
git blame --contents "$CREDS" src/main.py
# ok: GK-GIT-005
git diff HEAD~1 -- src/main.py
# ok: GK-GIT-005
git diff origin/main..HEAD --stat
# ok: GK-GIT-005
git diff --no-index src/a.txt src/b.txt
# ruleid: GK-GIT-005
git diff --no-index /etc/hosts data.txt
# ruleid: GK-GIT-005
git diff /etc/hosts data.txt
# ruleid: GK-GIT-005
git diff --no-index -- ~/.bashrc /dev/null
