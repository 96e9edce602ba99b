# `... | xargs CMD`: CMD runs on the words the pipeline prints (GK-WRAP-002). SAFE only when
# a path lister (find, fd, ls, git ls-files, git diff --name-only, rg -l, grep -l) prints
# paths under the allowed dirs, through line filters only, and CMD is read-only on them.
# Read by tests/test_corpora.py, NEVER executed.

# -- allowed: a lister of project paths feeding a reader ------------------------------------
# ok: GK-BASH-002
find . -name '*.py' | xargs grep TODO
# ok: GK-BASH-002
find src/ -name '*.py' | xargs wc -l
# ok: GK-BASH-002
find . -name '*.py' -type f | xargs wc -l | tail -1
# ok: GK-BASH-002
find . -print0 | xargs -0 grep pattern
# ok: GK-BASH-002
git ls-files | xargs wc -l
# ok: GK-BASH-002
git ls-files '*.conf' | xargs cat
# ok: GK-BASH-002
git ls-files -z | xargs -0 head -1
# ok: GK-BASH-002
fd -t f | xargs head -5
# ok: GK-BASH-002
ls | xargs -I {} stat {}
# ok: GK-BASH-002
echo 'file.txt' | xargs cat
# ok: GK-BASH-002
cd src && find . -name '*.py' 2>/dev/null | xargs grep -n foo
# ok: GK-BASH-002
git diff --name-only | xargs grep -l foo
# ok: GK-BASH-002
rg -l foo | xargs wc -l
# ok: GK-BASH-002
grep -rl foo . | xargs wc -l
# ok: GK-BASH-002
find . -name '*.py' | grep -v test | head -20 | xargs wc -l
# ok: GK-BASH-002
echo $(find . -name '*.py' | xargs wc -l)
# ok: GK-BASH-002
find . -name '*.md' | xargs -i cat {}

# -- not allowed: unknown input, paths outside, other splitting, writers --------------------
# ruleid: GK-BASH-002
xargs cat
# ruleid: GK-BASH-002
echo /etc/passwd | xargs cat
# ruleid: GK-PROT-002
echo ~/.ssh/id_rsa | xargs cat
# ruleid: GK-BASH-002
find / -name x | xargs cat
# ruleid: GK-BASH-002
find ~ -name id_rsa | xargs cat
# ruleid: GK-BASH-002
find .. -name x | xargs cat
# ruleid: GK-BASH-002
find . -printf '/etc/passwd\n' | xargs cat
# ruleid: GK-BASH-002
find . -ls | xargs cat
# ruleid: GK-BASH-002
find -L . | xargs cat
# ruleid: GK-BASH-002
ls -l | xargs cat
# ruleid: GK-BASH-002
find . | xargs -d . cat
# ruleid: GK-BASH-002
find . | xargs -I{} cat /{}
# ruleid: GK-BASH-002
find . | xargs -I{} cat ../{}
# ruleid: GK-BASH-004
find . | xargs rm
# ruleid: GK-BASH-004
git ls-files | xargs rm -rf
# ruleid: GK-BASH-005
find . | xargs sed -i s/a/b/
# ruleid: GK-BASH-002
find . | xargs -I{} cp {} ~/
# ruleid: GK-BASH-002
find . | xargs -a /etc/passwd cat
# ruleid: GK-BASH-002
find . | xargs cat < list.txt
# ruleid: GK-BASH-002
bash -c 'echo /etc/passwd | xargs cat'; find . | xargs cat
# ruleid: GK-BASH-002
find . |& xargs cat
# ruleid: GK-BASH-002
find . | sed s,^,/, | xargs cat
# ruleid: GK-BASH-002
find . | grep -o '/.*' | xargs cat
# ruleid: GK-BASH-002
find . | grep x /etc/passwd | xargs cat
# ruleid: GK-BASH-002
grep x <<< /etc/passwd | xargs cat
# ruleid: GK-WRAP-004
find . | xargs sh -c 'cat $0'
# ruleid: GK-BASH-002
git ls-files :/ | xargs cat
# ruleid: GK-BASH-002
git diff --name-only /etc/a /etc/b | xargs cat
# ruleid: GK-UNKNOWN
find . | xargs -e STOP cat
# ruleid: GK-BASH-002
find . -exec cat {} \; | xargs cat
# ruleid: GK-BASH-002
find . | timeout 5 xargs cat
# ruleid: GK-BASH-002
LS_COLORS=x ls | xargs cat
# ruleid: GK-GIT-002
find . -name x | xargs git add

# -- names are data for a reader, never options or code for anything else ------------------
# ruleid: GK-WRAP-004
find . -name x | xargs -I{} sh -c 'cat {}'
# ruleid: GK-BASH-002
ls | xargs rg foo
# ruleid: GK-WRAP-004
git ls-files | xargs git log
# ruleid: GK-WRAP-004
printf '%s' --ext-diff | xargs git diff
# ruleid: GK-WRAP-004
echo --output=/tmp/x | xargs git log
# ok: GK-WRAP-004
xargs echo
# ok: GK-WRAP-004
xargs sh -c 'echo hello'
# ruleid: GK-WRAP-004
xargs -I{} sh -c 'echo {}'
# ruleid: GK-WRAP-004
xargs sh -c 'rm $1'

# -- find -exec pastes names into a shell script: code ---------------------------------------
# ruleid: GK-WRAP-004
find . -name x -exec sh -c 'cat {}' \;
# ruleid: GK-WRAP-004
find . -exec bash -c 'echo {}' +
# ok: GK-WRAP-004
find . -name '*.py' -exec grep -n TODO {} \;

# -- a lister or filter that picks credential files by name is no plain list of paths -----
# ruleid: GK-BASH-002
find . -name '*.pem' | xargs cat
# ruleid: GK-BASH-002
find . -type f | grep -i secret | xargs cat
# ruleid: GK-BASH-002
fd -e key | xargs head
# ruleid: GK-BASH-002
ls .env* | xargs cat
# ok: GK-BASH-002
find . -name '*.py' | xargs wc -l
