# Everyday forms, round 5 (issue 3): jq/yq, awk globs, lsof; and their dangerous neighbours.
# Read by tests/test_corpora.py, NEVER executed.

# -- jq --rawfile/--slurpfile: FILE is read like any operand, inside the project is SAFE ------
# ok: GK-BASH-005
jq --rawfile tpl template.txt -n '$tpl'
# ok: GK-BASH-005
jq --slurpfile cfg config.json '.a' data.json
# ok: GK-BASH-005
jq --arg name x --rawfile body notes.md -n '{name: $name, body: $body}'
# ruleid: GK-BASH-002
jq --rawfile k /etc/hosts -n '$k'
# ruleid: GK-BASH-002
jq --slurpfile k ~/.docker/config.json -n '$k'
# ruleid: GK-BASH-002
jq --arg a b --rawfile k /etc/hosts '.' data.json
# ruleid: GK-BASH-002
jq . /etc/passwd

# -- jq: a filter from a file, modules and library paths read what the gate never sees -------
# ruleid: GK-BASH-005
jq -f /etc/passwd data.json
# ruleid: GK-BASH-005
jq -nf prog.jq
# ruleid: GK-BASH-005
jq --from-file prog.jq data.json
# ruleid: GK-BASH-005
jq -L /etc -n 'import "passwd" as $p; $p'
# ruleid: GK-BASH-005
jq -n 'import "creds" as $c; $c'
# ruleid: GK-BASH-005
jq -n 'include "lib"; 1'
# ruleid: GK-BASH-005
jq -n '"lib" | modulemeta'
# ok: GK-BASH-005
jq '.[] | .include' data.json
# ok: GK-BASH-005
jq -r '.dependencies | keys[]' package.json

# -- yq: the expression is not a file; load() and split files are not reads -----------------
# ok: GK-BASH-005
yq '.foo' config.yaml
# ok: GK-BASH-005
yq eval '.spec.containers[0].image' deploy.yaml
# ok: GK-BASH-005
yq eval-all '. as $item ireduce ({}; . * $item)' a.yaml b.yaml
# ok: GK-BASH-005
yq -o json '.a' config.yaml
# ok: GK-BASH-005
yq -ojson '.a' config.yaml
# ok: GK-BASH-005
yq -f extract '.title' page.md
# ok: GK-BASH-005
yq -C '.metadata.name' deploy.yaml
# ruleid: GK-BASH-005
yq '.a | load("/etc/passwd")' config.yaml
# ruleid: GK-BASH-005
yq -n 'load_str("/etc/hosts")'
# ruleid: GK-BASH-005
yq -n 'LOAD_XML ("/etc/hosts")'
# ruleid: GK-BASH-005
yq --split-exp '.name' config.yaml
# ruleid: GK-BASH-005
yq -s '".github/workflows/x"' config.yaml
# ruleid: GK-BASH-005
yq -Ps '.a' config.yaml
# ruleid: GK-BASH-005
yq --from-file query.yq config.yaml
# ruleid: GK-BASH-005
yq -f query.jq config.yaml
# ruleid: GK-BASH-005
yq -i '.a = 1' config.yaml
# ruleid: GK-BASH-002
yq /etc/passwd
# ruleid: GK-BASH-002
yq e /etc/hosts
# ruleid: GK-BASH-002
yq '.a' config.yaml /etc/hosts

# -- grep/rg -f FILE: the pattern file is a read --------------------------------------------
# ok: GK-BASH-002
grep -f patterns.txt data.txt
# ok: GK-BASH-002
rg --file=patterns.txt src
# ruleid: GK-BASH-002
grep -f /etc/passwd data.txt
# ruleid: GK-BASH-002
grep -vf/etc/passwd data.txt
# ruleid: GK-BASH-002
rg --file=/etc/passwd src
# ruleid: GK-BASH-002
rg -f ~/.bash_history src

# -- awk: names after the program are files, never options; nawk is an awk ------------------
# ok: GK-BASH-005
awk 'FNR==1 {print FILENAME}' *.txt
# ok: GK-BASH-005
awk -F: '{print $1}' src/*.csv
# ok: GK-BASH-005
gawk -v n=2 '{print $n}' *.log
# ok: GK-UNKNOWN
nawk '{print $1}' data.txt
# ruleid: GK-BASH-005
awk * '{print}'
# ruleid: GK-BASH-005
awk -F a* '{print}' data.txt
# ruleid: GK-BASH-005
awk -Fa* '{print}' data.txt
# ruleid: GK-BASH-005
nawk 'BEGIN{system("id")}'
# ruleid: GK-BASH-005
nawk -f prog.awk data.txt
# ruleid: GK-BASH-005
nawk '{print > ".git/hooks/pre-commit"}' data.txt
# ruleid: GK-BASH-002
nawk '{print}' /etc/passwd
# ruleid: GK-BASH-005
file *.txt

# -- lsof: a value glued to -c is not -D ----------------------------------------------------
# ok: GK-UNKNOWN
lsof -cDropbox
# ok: GK-UNKNOWN
lsof -cnode -a -iTCP
# ruleid: GK-UNKNOWN
lsof -cnode -D b
# ruleid: GK-UNKNOWN
lsof -nPDb/tmp/cache
# ok: GK-UNKNOWN
lsof -u $(whoami) | head -20
# ok: GK-UNKNOWN
lsof -u "$(id -un)" -iTCP
# ruleid: GK-UNKNOWN
lsof -u $USER
# ruleid: GK-UNKNOWN
lsof -u $(whoami) -D b
# ruleid: GK-UNKNOWN
lsof $(whoami)
# ruleid: GK-SHELL-004
whoami() { echo -Db/tmp/x; }; lsof -u $(whoami)

# -- Key Vault and IAM reads that print no secret despite a secret-sounding name -------------
# ok: GK-CLOUD-002
az keyvault key list --vault-name myvault
# ok: GK-CLOUD-002
az keyvault key show --name mykey --vault-name myvault
# ok: GK-CLOUD-002
az keyvault certificate show --name mycert --vault-name myvault
# ok: GK-CLOUD-002
az keyvault secret list --vault-name myvault -o table
# ok: GK-CLOUD-002
aws iam get-account-password-policy
# ok: GK-CLOUD-002
aws iam get-login-profile --user-name myuser
# ruleid: GK-CLOUD-002
az keyvault secret show --name mysecret --vault-name myvault
# ruleid: GK-CLOUD-002
az keyvault secret list-deleted --vault-name myvault
# ruleid: GK-CLOUD-002
az keyvault key download --name mykey --vault-name myvault -f key.pem
# ruleid: GK-CLOUD-002
az keyvault certificate download --name mycert --vault-name myvault -f cert.pem
# ruleid: GK-CLOUD-002
aws iam get-credential-report
# ruleid: GK-CLOUD-002
aws ecr get-login-password
# ruleid: GK-CLOUD-003
az keyvault key list --vault-name myvault --debug

# -- env NAME=VALUE CMD: judged as the prefix form NAME=VALUE CMD ---------------------------
# ok: GK-ENV-001
env FOO=bar ls
# ok: GK-ENV-001
env -i FOO=bar BAR=baz ls
# ok: GK-ENV-001
env FOO=bar -- git status
# ok: GK-ENV-001
env FOO="it's" wc -l data.txt
# ruleid: GK-ENV-001
env --ignore-environment PATH=/tmp/bin ls
# ruleid: GK-ENV-001
env LESSOPEN='|sh -c id' less data.txt
# ruleid: GK-WRAP-002
env FZF_DEFAULT_OPTS='--bind=enter:execute(sh)' fzf
# ruleid: GK-WRAP-002
env 'A-B=1' ls
# ruleid: GK-BASH-002
env FOO=bar cat "$F"
# ruleid: GK-BASH-005
env FOO=bar rg needle *
# ruleid: GK-BASH-002
env FOO=bar cat /etc/passwd

# -- a word known only at run time is not checked: it may be an option, a program or more ---
# -- names (`"$P"` and `$P` look alike to the gate, and unquoted words split) ---------------
# ruleid: GK-BASH-005
P='--pre=sh'; rg "$P" src
# ruleid: GK-BASH-005
P='BEGIN{system("id")}'; awk "$P" data.txt
# ruleid: GK-BASH-005
S='1e id'; sed -n "$S" data.txt
# ruleid: GK-BASH-005
sed "s/a/$X/" data.txt
# ruleid: GK-BASH-005
awk -v x=$X '{print x}' data.txt
# ruleid: GK-BASH-005
find . -name $N
# ruleid: GK-BASH-005
head -n $N data.txt
# ruleid: GK-BASH-005
grep $P data.txt
# ruleid: GK-BASH-005
jq "$F" data.json
# ruleid: GK-BASH-002
cat "$F"
# ok: GK-BASH-005
echo "$HOME"
# ok: GK-BASH-005
wc -l $(git ls-files '*.py')
# ok: GK-BASH-005
ls $(pwd)
# ok: GK-BASH-005
comm <(sort a.txt) <(sort b.txt)
# ruleid: GK-GIT-003
git diff $X
# ruleid: GK-GIT-003
X=--output=.git/hooks/pre-commit; git log $X
# ruleid: GK-GIT-003
git log "$RANGE"
# ruleid: GK-GIT-003
git show $(git rev-parse --output=x)
# ruleid: GK-GIT-003
XARGS_INPUT=--ext-diff; git diff $XARGS_INPUT
# ruleid: GK-GIT-005
git -C "$D" status
# ok: GK-GIT-003
git diff $(git merge-base HEAD main)
# ok: GK-GIT-003
git log --oneline $(git merge-base main HEAD)..HEAD
# ok: GK-GIT-003
git show $(git rev-parse HEAD)

# -- a wrapper's own words known only at run time may split into the command it runs -------
# ruleid: GK-WRAP-004
timeout $T ls
# ruleid: GK-WRAP-004
nice -n $N git status
# ruleid: GK-WRAP-004
stdbuf -o$X ls
# ruleid: GK-WRAP-004
env LANG=$X ls
# ruleid: GK-WRAP-004
env -u "$X" ls
# ruleid: GK-WRAP-004
find . -name '*.py' | xargs -n $N wc -l
# ruleid: GK-WRAP-004
watch -n $N git status
# ok: GK-WRAP-004
timeout 60 pytest
# ok: GK-WRAP-004
nice -n 10 git status
# ok: GK-WRAP-004
find . -name '*.py' | xargs -n 1 wc -l

# -- pip/uv, tar/unzip/man with a word known only at run time -------------------------------
# ruleid: GK-DEV-002
pip install $X
# ruleid: GK-DEV-002
pip install -r "$REQS"
# ruleid: GK-DEV-002
uv sync $X
# ruleid: GK-DEV-002
python -m pip install "$PKG"
# ok: GK-DEV-002
pip install -r requirements.txt
# ruleid: GK-BASH-005
tar -tf a.tar $X
# ruleid: GK-BASH-005
unzip -l a.zip $X
# ruleid: GK-BASH-005
man $X
# ok: GK-BASH-005
tar -tzf a.tar.gz

# -- date -f FILE prints the lines it cannot parse; -r FILE its time: both are reads --------
# ruleid: GK-BASH-002
date -f /etc/passwd
# ruleid: GK-BASH-002
date -uf ~/.netrc
# ruleid: GK-BASH-002
date --fi=/etc/hosts
# ruleid: GK-BASH-002
date -r /etc/shadow
# ruleid: GK-BASH-002
date -f "$F"
# ok: GK-BASH-002
date -f dates.txt
# ok: GK-BASH-002
date -u +%Y-%m-%dT%H:%M:%SZ
# ok: GK-BASH-002
date -d '2024-01-01' +%s

# -- readers that also set: hash -p (a name runs another program), hostname NAME, date -s ---
# ruleid: GK-BASH-006
hash -p /tmp/evil ls; ls
# ruleid: GK-BASH-005
hostname evil
# ruleid: GK-BASH-005
hostname -F /tmp/name
# ruleid: GK-BASH-005
date -s '2020-01-01 00:00'
# ruleid: GK-BASH-005
date --set=2020-01-01
# ruleid: GK-BASH-005
date 010100002020
# ok: GK-BASH-005
hash -r
# ok: GK-BASH-005
hostname -f
# ok: GK-BASH-005
date -d 'next monday' +%F
# ok: GK-BASH-005
date -j -f '%Y-%m-%d' '2024-01-01' +%s
# ok: GK-BASH-005
date --iso-8601=seconds

# -- find: options before the start points do not hide them; -files0-from reads them -------
# ruleid: GK-BASH-002
find -P /home -name '*.txt' -exec cat {} +
# ruleid: GK-BASH-002
find -L /etc -name passwd
# ruleid: GK-BASH-002
find -D tree /etc -name x
# ruleid: GK-BASH-002
find -O3 / -name x
# ruleid: GK-BASH-002
find -files0-from list.txt -exec cat {} +
# ok: GK-BASH-002
find -H src -name '*.py'

# -- unzip with no archive prints its usage; with one it extracts ----------------------------
# ok: GK-PROT-004
unzip -h
# ok: GK-PROT-004
unzip -hh
# ok: GK-PROT-004
unzip
# ruleid: GK-PROT-001
unzip -h > ~/.bashrc
# ruleid: GK-ENV-001
UNZIP=-o unzip -h
