# Issue 3, point 6 (read-only commands with writing or executing flags are not SAFE), each
# example the point names beside its read-only form. Session 14's audit. Read by
# tests/test_corpora.py, NEVER executed.

# ruleid: GK-BASH-005
sed -i s/a/b/ src/a.txt
# ruleid: GK-BASH-005
sed 'w out' src/a.txt
# ruleid: GK-BASH-005
sed '1e ls' src/a.txt
# ruleid: GK-BASH-005
sed 'W out' src/a.txt
# ok: GK-BASH-005
sed -n 1p src/a.txt
# ruleid: GK-BASH-005
awk 'BEGIN{system("ls")}'
# ruleid: GK-BASH-005
awk 'BEGIN{print | "sh"}'
# ruleid: GK-BASH-005
awk 'BEGIN{print > "out"}'
# ruleid: GK-BASH-005
awk 'BEGIN{"date" | getline x}'
# ok: GK-BASH-005
awk '{print $1}' src/a.txt
# ruleid: GK-BASH-005
rg --pre x foo
# ruleid: GK-BASH-005
rg --hostname-bin=x foo
# ruleid: GK-BASH-005
rg -z foo
# ok: GK-BASH-005
rg -n foo
# ruleid: GK-BASH-005
less '+!ls' src/a.txt
# ruleid: GK-BASH-005
more '+!ls' src/a.txt
# ruleid: GK-BASH-005
man -P x ls
# ruleid: GK-BASH-005
tar --to-command=x -xf a.tar
# ruleid: GK-BASH-005
tar --checkpoint-action=exec=x -cf a.tar src
# ruleid: GK-BASH-005
tar --use-compress-program=x -xf a.tar
# ok: GK-BASH-005
tar -tf a.tar
# ruleid: GK-BASH-005
vim -c '!ls' src/a.txt
# ruleid: GK-BASH-005
vi -c '!ls' src/a.txt
# ruleid: GK-BASH-005
zip -T -TT x a.zip src/a.txt
# `find -exec` is judged by what it runs (point 3)
# ruleid: GK-BASH-008
find . -exec rm -rf ~ \;
