# Everyday forms, round 6 (issue 3): more read-only tools and version queries approved; and
# their dangerous neighbours. Read by tests/test_corpora.py, NEVER executed.

# -- `TOOL version`: a subcommand for a few tools only; elsewhere an operand that runs code ---
# ok: GK-UNKNOWN
go version
# ok: GK-UNKNOWN
npm version
# ok: GK-UNKNOWN
cargo version
# ok: GK-UNKNOWN
make --version
# ok: GK-UNKNOWN
node -v
# ok: GK-UNKNOWN
perl -v
# bash: a Makefile whose `version` target touches a marker; `make version` created it
# ruleid: GK-UNKNOWN
make version
# bash: ./version.js writes a marker; `node version` ran it and created it
# ruleid: GK-UNKNOWN
node version
# bash: ./version (perl code) writes a marker; `perl version` ran it and created it
# ruleid: GK-UNKNOWN
perl version
# ruleid: GK-UNKNOWN
ruby version
# ruleid: GK-UNKNOWN
java version
# ruleid: GK-UNKNOWN
yarn version
# ruleid: GK-UNKNOWN
claude version
# ruleid: GK-UNKNOWN
swift -v

# -- an interpreter's own version flag: it prints and exits, reading no program -------------
# bash: `echo 'open(F,">/tmp/quiet12-marker-4")' | perl -v` printed the version, no marker
# ok: GK-BASH-006
perl -v
# ok: GK-BASH-006
perl -V
# ok: GK-BASH-006
ruby -v
# ok: GK-BASH-006
php -v
# ok: GK-BASH-006
lua -v
# ruleid: GK-BASH-006
echo 'print 1' | perl -v
# ruleid: GK-BASH-006
ruby -w
# ruleid: GK-BASH-006
php -a

# -- awk: a `>` inside parentheses is a comparison, /dev/null is no file; strings hide nothing --
# ok: GK-BASH-005
awk '{print ($1 > 0 ? "positive" : "non-positive")}' file.txt
# ok: GK-BASH-005
awk '{print > "/dev/null"}' file.txt
# ok: GK-BASH-005
awk '{print $1 > "/dev/stderr"}' file.txt
# ok: GK-BASH-005
awk '{print $1, ($2 > $3)}' file.txt
# ok: GK-BASH-005
awk '/error|warn/ {print $2}' file.txt
# ok: GK-BASH-005
awk '{print $1; if ($2 > 3) n++} END {print n}' file.txt
# bash (mawk): wrote /tmp/quiet12-marker-6 (the `}` in the string ended the old scan)
# ruleid: GK-BASH-005
awk '{print "}" > "/tmp/quiet12-marker-6"}' file.txt
# bash (mawk): wrote /tmp/quiet12-marker-7
# ruleid: GK-BASH-005
awk 'BEGIN{print ";" > "/tmp/quiet12-marker-7"}'
# bash (mawk): ran touch, which created /tmp/quiet12-marker-8
# ruleid: GK-BASH-005
awk 'BEGIN{printf "x;" | "touch /tmp/quiet12-marker-8"}'
# bash (mawk): ran touch across the line continuation, which created /tmp/quiet12-marker-10
# ruleid: GK-BASH-005
awk 'BEGIN{ "touch /tmp/quiet12-marker-10" |\
getline x }'
# ruleid: GK-BASH-005
awk '{print > "/dev/null" "x"}' file.txt
# ruleid: GK-BASH-005
awk '{print (a) > "out.txt"}' file.txt
# ruleid: GK-BASH-005
awk '{print /[(]/ > "out.txt"}' file.txt
# ruleid: GK-BASH-005
awk $'BEGIN { # (\nprint "a" > "out.txt" }'
# ruleid: GK-BASH-005
awk '{x = /"/; print "a" > "out.txt"}' file.txt
# ruleid: GK-BASH-005
awk 'BEGIN{getline x ";" < "/etc/passwd"}'

# -- plain readers and machine counters: their file operands go through the path policy -----
# ok: GK-UNKNOWN
pr -2 -h Notes notes.txt
# ok: GK-UNKNOWN
basenc --base64 data.bin
# ok: GK-UNKNOWN
basenc --base32 -d encoded.txt
# ok: GK-UNKNOWN
namei -l src/pkg/mod.py
# ok: GK-UNKNOWN
lsmod
# ok: GK-UNKNOWN
vmstat 1 5
# ok: GK-UNKNOWN
pathchk -p some/new/name.txt
# ruleid: GK-BASH-002
pr /etc/shadow
# ruleid: GK-BASH-002
basenc --base64 ~/.aws/credentials
# ruleid: GK-BASH-002
namei -l ~/.ssh/id_rsa
# ruleid: GK-BASH-002
pr notes.txt < ~/.netrc
# ruleid: GK-WRITE-001
pr notes.txt > ~/notes.txt

# -- compilers' and build tools' version queries; ninja -v builds -------------------------
# ok: GK-UNKNOWN
clang --version
# ok: GK-UNKNOWN
clang++ -v
# ok: GK-UNKNOWN
cmake --version
# ok: GK-UNKNOWN
ninja --version
# ok: GK-UNKNOWN
meson --version
# ruleid: GK-UNKNOWN
ninja -v
# ruleid: GK-UNKNOWN
cmake version
# ruleid: GK-UNKNOWN
cmake -v
# ruleid: GK-UNKNOWN
meson version

# -- systemd's hostnamectl, localectl, loginctl: showing is SAFE, setting and killing are not -
# ok: GK-QUERY-002
hostnamectl
# ok: GK-QUERY-002
hostnamectl status --json=short
# ok: GK-QUERY-002
localectl list-locales
# ok: GK-QUERY-002
loginctl
# ok: GK-QUERY-002
loginctl session-status
# ok: GK-QUERY-002
loginctl show-user --no-pager
# ruleid: GK-QUERY-002
hostnamectl -H build-host status
# ruleid: GK-QUERY-002
loginctl --machine=box list-sessions
# ruleid: GK-UNKNOWN
hostnamectl hostname new-name
# ruleid: GK-UNKNOWN
hostnamectl set-hostname new-name
# ruleid: GK-UNKNOWN
localectl set-locale LANG=C
# ruleid: GK-UNKNOWN
loginctl terminate-user someone
# ruleid: GK-UNKNOWN
loginctl enable-linger

# -- binutils' inspectors: printing flags only; response files, plugins and sources are not --
# ok: GK-UNKNOWN
readelf -hSW build/app
# ok: GK-UNKNOWN
readelf -x .rodata build/app
# ok: GK-UNKNOWN
readelf --string-dump=.comment build/app
# ok: GK-UNKNOWN
nm -C --defined-only build/app.o
# ok: GK-UNKNOWN
nm -f posix -t x build/libx.a
# ok: GK-UNKNOWN
objdump -d -M intel --no-show-raw-insn build/app
# ok: GK-UNKNOWN
objdump -j .text -d build/app
# ok: GK-UNKNOWN
size --format=sysv build/app
# ok: GK-UNKNOWN
addr2line -f -e build/app 0x4011d6
# ok: GK-UNKNOWN
c++filt _ZN3foo3barEv
# ruleid: GK-UNKNOWN
readelf @opts.txt
# ruleid: GK-UNKNOWN
readelf -wK build/app
# ruleid: GK-UNKNOWN
readelf --debug-dump=follow-links build/app
# ruleid: GK-UNKNOWN
readelf -P build/app
# ruleid: GK-UNKNOWN
nm --plugin ./liblto.so build/app.o
# ruleid: GK-UNKNOWN
objdump -S build/app
# ruleid: GK-UNKNOWN
objdump -dS build/app
# ruleid: GK-UNKNOWN
objdump --source build/app
# ruleid: GK-UNKNOWN
objdump -W build/app
# ruleid: GK-UNKNOWN
c++filt @symbols.txt
# ruleid: GK-BASH-002
readelf -h /usr/bin/ls
# ruleid: GK-BASH-002
addr2line -e ~/bin/tool 0x10
# ruleid: GK-BASH-002
objdump -d ../other/app

# -- gofmt without -w, tokei, zipinfo, eza: readers of the project --------------------------
# ok: GK-UNKNOWN
gofmt -l .
# ok: GK-UNKNOWN
gofmt -d -s src
# ok: GK-UNKNOWN
gofmt -r 'a[b:len(a)] -> a[b:]' -l src
# ok: GK-UNKNOWN
tokei
# ok: GK-UNKNOWN
tokei -o json src
# ok: GK-BASH-002
zipinfo dist/app.zip
# ok: GK-BASH-002
eza -la --git
# ok: GK-BASH-002
exa -T -L 2 src
# ruleid: GK-UNKNOWN
gofmt -w src
# ruleid: GK-UNKNOWN
gofmt -l -w=true src
# ruleid: GK-UNKNOWN
gofmt -cpuprofile prof.out src
# ruleid: GK-UNKNOWN
tokei -i previous.json
# ruleid: GK-BASH-002
gofmt -l ~/go/src
# ruleid: GK-BASH-002
tokei /etc
# ruleid: GK-BASH-002
zipinfo ~/Downloads/x.zip
# ruleid: GK-BASH-002
eza -la ~/.ssh

# -- chmod inside the allowed dirs is file management; protected targets, however spelled ----
# ok: GK-PROT-001
chmod +x scripts/build.sh
# ok: GK-PROT-001
chmod 755 scripts/build.sh
# ok: GK-PROT-001
chmod -x scripts/build.sh
# ok: GK-PROT-001
chmod u+x,go-w scripts/build.sh
# ok: GK-PROT-001
chmod -R u+w src
# ok: GK-PROT-001
chmod u+x /tmp/run.sh
# ruleid: GK-PROT-001
chmod +x .git/hooks/pre-commit
# bash (GNU chmod): `chmod -w,u+x f` made f -r-xr--r--: an option-like word is the mode
# ruleid: GK-PROT-001
chmod -w,u+x .git/hooks/pre-commit
# bash: `chmod --reference=f g` gave g f's mode: every operand is a target
# ruleid: GK-PROT-001
chmod --reference=scripts/build.sh .git/hooks/pre-push
# ruleid: GK-PROT-001
chmod --reference scripts/build.sh .git/hooks/pre-push
# ruleid: GK-PROT-001
chmod -x ~/.bashrc
# ruleid: GK-PROT-004
chmod -R 777 .
# ruleid: GK-WRITE-001
chmod 644 ~/notes.txt
# ruleid: GK-BASH-005
chmod +x *.sh

# -- small printers: python's arithmetic, openssl rand, lsb_release, rustc --explain ---------
# ok: GK-DEV-002
python -c 'print(1+1)'
# ok: GK-DEV-002
python3 -c 'print(1.5 * 3 - 2)'
# ok: GK-DEV-002
uv run python -c 'print(1)'
# ruleid: GK-DEV-002
python -c 'print(9**9**9)'
# ruleid: GK-DEV-002
python -c 'print(len(open("/etc/passwd").read()))'
# ok: GK-UNKNOWN
openssl rand -hex 16
# ok: GK-UNKNOWN
openssl rand -base64 32
# ruleid: GK-UNKNOWN
openssl rand -out key.bin 32
# ruleid: GK-UNKNOWN
openssl rand -writerand seed.bin 8
# ruleid: GK-UNKNOWN
openssl rand -engine ./libx.so 8
# ruleid: GK-UNKNOWN
openssl rand -provider-path . -provider x 8
# ok: GK-UNKNOWN
lsb_release -a
# ok: GK-UNKNOWN
rustc --explain E0308
# ruleid: GK-UNKNOWN
rustc --explain E0308 main.rs
# ruleid: GK-UNKNOWN
rustc main.rs

# -- find -exec WRITER {}: the files it finds are the targets, not the literal `{}` ----------
# bash: in a fresh repository, this copied evil.cfg (core.fsmonitor = touch MARKER) over
# .git/config, and `git status` then created /tmp/quiet12-marker-12
# ruleid: GK-PROT-004
find .git -maxdepth 1 -name config -exec cp evil.cfg {} \;
# ruleid: GK-PROT-004
find .git -exec cp /dev/null {} \;
# ruleid: GK-PROT-004
find .git/hooks -name pre-commit -exec chmod +x {} +
# ruleid: GK-PROT-004
find .claude -name settings.json -exec cp mine.json {} \;
# ok: GK-PROT-004
find src -name '*.sh' -exec chmod +x {} +
# ok: GK-PROT-004
find src -name '*.tmp' -exec touch {} +
# ok: GK-PROT-004
find . -name '*.txt' -exec wc -l {} +
# ok: GK-PROT-004
find . -type f -exec cat {} +
