# Issue 3, point 3 (wrappers with floors): privilege wrappers are ELEVATE; every other
# wrapper the point names is judged by the command it runs (`rm -rf ~` is ELEVATE, GK-BASH-008)
# and a safe one stays allowed; a pipe into a shell or an interpreter is REVIEW. Session 14's
# audit (the other spellings are in audit14.sh). Read by tests/test_corpora.py, NEVER executed.

# ruleid: GK-WRAP-001
sudo ls
# ruleid: GK-WRAP-001
doas ls
# ruleid: GK-WRAP-001
su -c ls
# ruleid: GK-WRAP-001
pkexec ls
# ruleid: GK-BASH-008
env rm -rf ~
# ruleid: GK-BASH-008
env -S 'rm -rf ~'
# ruleid: GK-BASH-008
env -i rm -rf ~
# ok: GK-WRAP-004
env ls
# ok: GK-WRAP-004
env -i ls
# ruleid: GK-BASH-008
time rm -rf ~
# ruleid: GK-BASH-008
timeout 5 rm -rf ~
# ok: GK-WRAP-004
timeout 5 ls
# ruleid: GK-BASH-008
nice rm -rf ~
# ruleid: GK-BASH-008
nohup rm -rf ~
# ruleid: GK-BASH-008
stdbuf -o0 rm -rf ~
# ruleid: GK-BASH-008
command rm -rf ~
# ruleid: GK-BASH-008
builtin eval 'rm -rf ~'
# ruleid: GK-BASH-008
echo ~ | xargs rm -rf
# ruleid: GK-BASH-008
echo ~ | xargs -I{} rm -rf {}
# ok: GK-WRAP-004
echo src | xargs ls
# ruleid: GK-BASH-008
find . -exec rm -rf ~ \;
# ruleid: GK-BASH-008
find . -execdir rm -rf ~ \;
# ruleid: GK-BASH-008
find . -ok rm -rf ~ \;
# ruleid: GK-BASH-008
find . -okdir rm -rf ~ \;
# every action clause, not just the first
# ruleid: GK-BASH-008
find . -exec ls {} \; -exec rm -rf ~ \;
# ok: GK-WRAP-004
find . -exec ls {} \;
# ruleid: GK-BASH-008
bash -c 'rm -rf ~'
# ruleid: GK-BASH-008
sh -c 'rm -rf ~'
# ruleid: GK-BASH-008
zsh -c 'rm -rf ~'
# ruleid: GK-BASH-008
dash -c 'rm -rf ~'
# ruleid: GK-BASH-008
ksh -c 'rm -rf ~'
# ok: GK-WRAP-004
bash -c 'ls'
# ruleid: GK-BASH-008
uv run rm -rf ~
# ok: GK-WRAP-004
uv run pytest
# a package runner runs a package the gate has not read
# ruleid: GK-UNKNOWN
npx rimraf ~
# ruleid: GK-UNKNOWN
pnpm dlx rimraf ~
# `find -delete` is at least REVIEW (here the tree holds .git: ELEVATE)
# ruleid: GK-PROT-004
find . -delete
# ruleid: GK-BASH-006
cat x | sh
# ruleid: GK-BASH-006
cat x | bash
# ruleid: GK-BASH-006
cat x | python
# ruleid: GK-BASH-006
cat x | node
# ruleid: GK-BASH-006
echo ls | sh
