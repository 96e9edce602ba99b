# `for` loops over static words (issue 3, "quiet for everyday work"): the body is judged once
# per word the loop gives its variable, when nothing else in the text can set the variable
# (`gatekeeper.shell.loopvars`). A glob stands for the files it matches, as in `wc -l *.py`.
# Read by tests/test_corpora.py, NEVER executed.

# -- everyday loops: SAFE ----------------------------------------------------------------------
# ok: GK-BASH-002
for f in *.py; do wc -l "$f"; done
# ok: GK-BASH-002
for f in src/*.py tests/*.py; do head -3 "$f"; done
# ok: GK-BASH-002
for f in *.py; do [ -f "$f" ] && wc -l "$f"; done
# ok: GK-BASH-002
for d in */; do echo "$d: $(ls -1 "$d" | wc -l)"; done
# ok: GK-BASH-002
for i in 1 2 3; do cat file$i.txt; done
# ok: GK-BASH-002
for f in README.md pyproject.toml; do echo "== $f"; head -5 "${f}"; done
# ok: GK-BASH-002
for f in {app,config}.py; do grep -n import "src/$f"; done
# ok: GK-BASH-002
for f in *.py; do echo "$f"; grep -c def "$f"; done
# ok: GK-BASH-002
for opt in -l -a; do ls $opt src; done
# ok: GK-BASH-002
for f in $(git ls-files '*.py'); do wc -l "$f"; done
# ok: GK-BASH-002
for f in $(find . -name '*.py'); do grep -c def $f; done
# ok: GK-BASH-002
for f in a.txt b.txt; do for g in c.txt d.txt; do diff "$f" "$g"; done; done
# ok: GK-BASH-002
for f in a.py b.py; do cp "$f" "$f.bak"; done

# -- the loop's words are judged as if written in place ------------------------------------
# ruleid: GK-PROT-002
for f in README.md /etc/shadow; do cat "$f"; done
# ruleid: GK-PROT-002
for f in ~/.ssh/*; do cat "$f"; done
# ruleid: GK-BASH-002
for d in /etc ~; do ls "$d"; done
# ruleid: GK-PROT-001
for f in a.txt ~/.bashrc; do cp x.txt "$f"; done
# ruleid: GK-BASH-002
for f in {README.md,/etc/hosts}; do head "$f"; done

# -- anything else that can set the variable: it stays a value known only at run time ----------
# ruleid: GK-BASH-002
for f in *.py; do f=/etc/shadow; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do read -r f; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do printf -vf /etc/shadow; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do printf -v "$name" /etc/shadow; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do declare "$name=/etc/shadow"; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do command printf -v "$n" %s /etc/shadow; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do cat "${f:=/etc/shadow}"; done
# ruleid: GK-BASH-002
for f in *.py; do cat "$f"; done; cat "$f"
# ruleid: GK-BASH-002
cat "$f"; for f in *.py; do wc -l "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do :; done; for f in /etc/shadow; do :; done; cat "$f"
# ruleid: GK-BASH-002
for f in a.py; do for f in b.py; do :; done; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do IFS=/; cat $f; done
# ruleid: GK-BASH-002
for f in $(cat list.txt); do cat "$f"; done
# ruleid: GK-BASH-002
for f in $(find / -name '*.conf'); do cat "$f"; done
# ruleid: GK-BASH-002
for f in $(git ls-files); do cat "../$f"; done
# ruleid: GK-WRAP-004
for f in $(git ls-files); do bash -c "cat $f"; done
# ruleid: GK-BASH-002
for f in "$@"; do cat "$f"; done
# ruleid: GK-BASH-002
for f; do cat "$f"; done
# ruleid: GK-BASH-002
for F in *.py; do cat "$F"; done
# ruleid: GK-BASH-002
for f in *.py; do mapfile -t f < list.txt; cat "$f"; done
# ruleid: GK-BASH-002
for f in *.py; do eval "$code"; cat "$f"; done

# -- unquoted, a glob's file names are split and globbed again: not followed ---------------
# ruleid: GK-BASH-002
for f in *.py; do head -3 $f; done
# ruleid: GK-BASH-002
for f in "a b.txt"; do cat $f; done

# -- a loop word in command position is judged as the command -------------------------------
# ruleid: GK-SHELL-003
for c in ls "rm -rf ~"; do $c; done
# ruleid: GK-BASH-008
for c in ls rm; do $c -rf ~; done

# -- a variable assigned once at the top, alone: later uses are its value -------------------------
# ok: GK-BASH-002
d=src; ls $d
# ok: GK-BASH-002
f=README.md && head -5 "$f" && wc -l "$f"
# ok: GK-BASH-002
p=*.py; wc -l $p
# ok: GK-BASH-002
d=src; (cd "$d" && ls)
# ruleid: GK-PROT-002
f=~/.ssh/id_rsa; cat "$f"
# ruleid: GK-BASH-002
d=/etc; ls $d
# ruleid: GK-BASH-002
false && d=src; ls $d
# ruleid: GK-BASH-002
ls $d; d=src
# ruleid: GK-BASH-002
d=src; d=/etc; ls $d
# ruleid: GK-BASH-002
d=src & ls $d
# ruleid: GK-BASH-002
d=src | cat; ls $d
# ruleid: GK-BASH-002
(d=src); ls "$d"
# ruleid: GK-BASH-002
d=src; read -r d; ls "$d"
# ruleid: GK-BASH-002
d=src; printf -v "$n" /etc; ls "$d"
# ruleid: GK-BASH-002
d="a b"; ls $d
# ruleid: GK-BASH-002
D=src; ls $D

# -- several assignments in one statement: each is assigned in turn, all of them certainly ----
# ruleid: GK-PROT-002
CI=1 f=~/.ssh/id_rsa; cat "$f"
# ok: GK-BASH-002
f=README.md CI=1; cat "$f"
# ruleid: GK-BASH-002
f=README.md f=/etc/hosts; cat "$f"

# -- a glob's file name inside other text is not the glob: `bash -c "cat $f"` runs the name ----
# ruleid: GK-WRAP-004
for f in *.py; do bash -c "cat $f"; done
# ruleid: GK-BASH-002
for f in *.py; do cat "src/$f"; done
# ok: GK-WRAP-004
for f in a.py b.py; do bash -c "wc -l $f"; done
