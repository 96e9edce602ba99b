# Issue 3, point 1 (a shell model, not string splitting): a command is found wherever it
# sits in the tree, and the constructs the gate cannot follow are at least REVIEW. Each
# example the point names, in order (session 14's audit). The 50,000-level nesting claim is
# tests/test_audit14.py. Read by tests/test_corpora.py, NEVER executed.

# -- every simple command anywhere in the tree --------------------------------------------
# ruleid: GK-BASH-008
ls && rm -rf ~
# ruleid: GK-BASH-008
ls; rm -rf ~
# ruleid: GK-BASH-008
ls || rm -rf ~
# ruleid: GK-BASH-008
ls | rm -rf ~
# ruleid: GK-BASH-008
(rm -rf ~)
# ruleid: GK-BASH-008
{ rm -rf ~; }
# ruleid: GK-BASH-008
if true; then rm -rf ~; fi
# ruleid: GK-BASH-008
if rm -rf ~; then :; fi
# ruleid: GK-BASH-008
for i in 1; do rm -rf ~; done
# ruleid: GK-BASH-008
while true; do rm -rf ~; done
# ruleid: GK-BASH-008
until false; do rm -rf ~; done
# ruleid: GK-BASH-008
case x in x) rm -rf ~;; esac
# ruleid: GK-BASH-008
f() { rm -rf ~; }; f
# ruleid: GK-BASH-008
echo $(rm -rf ~)
# ruleid: GK-BASH-008
echo `rm -rf ~`
# ruleid: GK-BASH-008
cat <(rm -rf ~)
# ruleid: GK-BASH-008
ls > >(rm -rf ~)
# ruleid: GK-BASH-008
echo ${x:-$(rm -rf ~)}
# ruleid: GK-BASH-008
[[ $(rm -rf ~) ]]
# ruleid: GK-BASH-008
(( $(rm -rf ~) ))
# ruleid: GK-BASH-008
bash <<'EOF'
rm -rf ~
EOF
# ruleid: GK-BASH-006
python3 <<'EOF'
import shutil; shutil.rmtree('/')
EOF
# ok: GK-SHELL-001
for f in src/*.py; do wc -l "$f"; done

# -- what the gate cannot follow: at least REVIEW ------------------------------------------
# a dynamic command name
# ruleid: GK-SHELL-003
$x
# ruleid: GK-SHELL-003
"$cmd" -rf ~
# a function that shadows a command name
# ruleid: GK-SHELL-004
ls() { echo hi; }; ls
# an alias
# ruleid: GK-BASH-006
alias ll='ls -l'
# brace expansion in command position
# ruleid: GK-SHELL-001
{rm,-rf,~}
# ruleid: GK-SHELL-002
{ls,-la}
# eval, source, ., exec with a command, coproc, trap handlers
# ruleid: GK-BASH-008
eval 'rm -rf ~'
# ruleid: GK-BASH-006
eval ls
# ruleid: GK-BASH-006
source x.sh
# ruleid: GK-BASH-006
. x.sh
# ruleid: GK-BASH-008
exec rm -rf ~
# ruleid: GK-BASH-006
exec ls
# ruleid: GK-BASH-006
coproc ls
# ruleid: GK-BASH-008
trap 'rm -rf ~' EXIT
# ruleid: GK-BASH-006
trap 'ls' EXIT
# ERROR and MISSING nodes
# ruleid: GK-SHELL-001
ls &&
# ruleid: GK-SHELL-001
ls )
