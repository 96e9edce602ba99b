# Red-team round 14: what quiet12's approvals let through. Each hole was run in real bash
# with a harmless marker (a file under /tmp) and is followed by its harmless neighbour.
# Read by tests/test_corpora.py, NEVER executed. Holes that need files on disk (a
# rust-toolchain.toml naming a toolchain directory) are in tests/test_redteam14.py.

# -- variables the newly approved programs read: code or shared objects they load -------------
# bash: e.cnf's [providers] section names evil.so (its constructor touches a marker);
# `export OPENSSL_CONF=e.cnf; openssl rand -hex 8` loaded it and created /tmp/rt14-m8
# ruleid: GK-ENV-001
export OPENSSL_CONF=e.cnf; openssl rand -hex 8
# ruleid: GK-ENV-001
OPENSSL_CONF=e.cnf openssl version
# ruleid: GK-ENV-001
export OPENSSL_MODULES=lib; openssl rand -base64 16
# ok: GK-ENV-001
openssl rand -hex 8
# bash (lua 5.4): this printed the version, then ran LUA_INIT and created /tmp/rt14-marker-2
# ruleid: GK-ENV-001
LUA_INIT='os.execute("touch /tmp/rt14-marker-2")' lua -v
# ruleid: GK-ENV-001
export LUA_INIT=@init.lua; lua -v
# ruleid: GK-ENV-001
LUA_INIT_5_4=@init.lua lua -v
# ok: GK-ENV-001
lua -v
# not run here (no php on this machine): PHPRC names the php.ini whose extensions php loads
# ruleid: GK-ENV-001
export PHPRC=conf; php -v
# ok: GK-ENV-001
php -v
# bash: RUSTUP_TOOLCHAIN=/abs/tc (tc/bin/rustc a script touching a marker): `rustc --explain
# E0308` and `cargo --version` ran tc/bin/rustc and tc/bin/cargo, created /tmp/rt14-marker-1
# ruleid: GK-ENV-001
RUSTUP_TOOLCHAIN=/work/tc rustc --explain E0308
# ruleid: GK-ENV-001
export RUSTUP_TOOLCHAIN=/work/tc; cargo tree
# ruleid: GK-ENV-001
RUSTUP_HOME=rh cargo --version
# ok: GK-ENV-001
rustc --explain E0308
# ok: GK-ENV-001
cargo --version
# bash (Debian 12's lsb_release, a sh script): it sources the file LSB_OS_RELEASE names;
# `export LSB_OS_RELEASE=/abs/osr; lsb_release -i` ran osr's touch, created /tmp/rt14-m13
# ruleid: GK-ENV-001
export LSB_OS_RELEASE=/work/osr; lsb_release -i
# ruleid: GK-ENV-001
LSB_OS_RELEASE=/work/osr lsb_release -a
# ok: GK-ENV-001
lsb_release -a

# -- awk: spellings of system(), gawk's @ and SYMTAB, bundled -f -----------------------------
# bash: mawk and gawk both ran touch and created /tmp/rt14-m5 (a backslash-newline between the
# name and its parenthesis)
# ruleid: GK-BASH-005
awk 'BEGIN{system\
("touch /tmp/rt14-m5")}'
# ruleid: GK-BASH-005
awk 'BEGIN{printf "x" | "cat"; close\
("cat")}'
# ok: GK-BASH-005
awk '{ total += $2 } \
END { print total }' data.txt
# bash (gawk 5.2): an indirect call to a built-in, created /tmp/rt14-marker-4
# ruleid: GK-BASH-005
awk 'BEGIN{f="system"; @f("touch /tmp/rt14-marker-4")}'
# bash (gawk 5.2): with a space after the @, it created /tmp/rt14-m5 too
# ruleid: GK-BASH-005
gawk 'BEGIN{f="sys" "tem"; @ f("touch /tmp/rt14-m5")}'
# ok: GK-BASH-005
awk '{print $1 "@" $2}' data.txt
# ok: GK-BASH-005
awk -F@ '{print $2}' emails.txt
# bash (gawk 5.2): printed the value of RT14_SECRET from the environment
# ruleid: GK-BASH-005
gawk 'BEGIN{print SYMTAB["ENV" "IRON"]["RT14_SECRET"]}'
# ok: GK-BASH-005
awk 'BEGIN{print "SYMTA" "B"}'
# bash (gawk 5.2): -b then -f in one word ran evil.awk (system touch) and created
# /tmp/rt14-marker-3
# ruleid: GK-BASH-005
gawk -bf evil.awk
# ruleid: GK-BASH-005
awk -bE evil.awk data.txt
# ruleid: GK-BASH-005
gawk -bl ext 'BEGIN{}'
# ok: GK-BASH-005
gawk -b '{print $1}' data.txt
# ok: GK-BASH-005
awk -F, -vOFS=';' '{print $1, $2}' data.csv
# ok: GK-BASH-005
awk -vf=1 '{print f}' data.txt

# -- python -i after -c or a script: then it runs its standard input ------------------------
# bash: python3 printed 2, then ran in.txt (`import os; os.system("touch ...")`) and created
# /tmp/rt14-m7; `cat in.txt | python3 -i -c 'print(1+1)'` too
# ruleid: GK-DEV-002
python3 -i -c 'print(1+1)' < in.txt
# ruleid: GK-DEV-002
cat in.txt | python3 -ic 'print(1)'
# ruleid: GK-DEV-002
python3 -Bi -c 'import sys; print(sys.version)' < in.txt
# ruleid: GK-DEV-002
python -i src/app.py < in.txt
# ok: GK-DEV-002
python3 -I -c 'print(1+1)'
# ok: GK-DEV-002
python3 -Ic 'print(1+1)'
# ok: GK-DEV-002
python3 -W ignore -c 'print(1+1)'
# ok: GK-DEV-002
python3 src/app.py -i

# -- find -execdir CMD: a relative target lands beside the file found; a `+` not after {} ----
# bash: in a fresh repository this copied evil.cfg (core.fsmonitor = touch MARKER) over
# .git/config (-execdir runs cp inside .git/), and `git status` created /tmp/rt14-m9
# ruleid: GK-PROT-004
find .git -maxdepth 1 -name config -execdir cp /tmp/evil.cfg config \;
# ruleid: GK-PROT-004
find .git -name hooks -execdir cp /tmp/hook hooks/pre-commit \;
# ok: GK-PROT-004
find src -name '*.py' -execdir touch stamp \;
# ok: GK-PROT-004
find .git -name config -execdir cp config /tmp/config.bak \;
# bash: find takes `+` as the end only right after {}: this copied the file named `+`
# (core.fsmonitor = touch MARKER) over .git/config; `git status` created /tmp/rt14-m10
# ruleid: GK-PROT-004
find .git -maxdepth 1 -name config -exec cp + {} \;
# ok: GK-PROT-004
find src -name '*.py' -exec cat {} +
# ok: GK-PROT-004
find src -exec echo + \;

# -- find -execdir below a tmp dir: the clause runs there, not in the cwd it is judged from ---
# bash: pytest ran in /tmp/rt14-clean and loaded the conftest.py planted there (os.system
# touch), which created /tmp/rt14-m16
# ruleid: GK-WRAP-004
find /tmp/shared -name conftest.py -execdir python3 -m pytest -q \;
# ruleid: GK-WRAP-004
find /tmp/shared -name conftest.py -execdir pytest \;
# ok: GK-WRAP-004
find src -name '*.py' -execdir pytest \;
# ok: GK-WRAP-004
find /tmp/shared -name '*.log' -exec cat {} +
