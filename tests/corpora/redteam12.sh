# Red-team round 12 (issue 3): the shell language itself. Each hole with the neighbour that
# stays allowed. Read by tests/test_corpora.py, NEVER executed. The here-document cases (the
# corpus reader takes a plain delimiter only) are in tests/test_redteam12.py.

# -- A backtick substitution inside backticks: bash first removes the backslash before
# `` ` ``, `$` and `\` (and `"` inside double quotes), then parses, so `\`cmd\`` is a nested
# substitution that runs cmd. The parser read `\`cmd\`` as two words of echo, and the gate
# allowed it (bash: echo `echo \`touch /tmp/m\`` created the marker, quoted or not) ---------
# ruleid: GK-BASH-008
echo `echo \`rm -rf ~\``
# ruleid: GK-BASH-008
echo "`echo \`rm -rf ~\``"
# ruleid: GK-BASH-008
x=`echo \`rm -rf ~\``
# ruleid: GK-BASH-008
echo "`echo x\`rm -rf ~\``"
# ruleid: GK-BASH-008
echo "`echo \"\`rm -rf ~\`\"`"
# ok: GK-BASH-008
echo `echo \`date\``
# ok: GK-BASH-008
echo "`echo \"a b\"`"
# ok: GK-BASH-008
echo `echo '\`rm -rf ~\`'`

# -- A variable set by a name known only at run time: `declare $x=V`, `export "$x=V"`,
# `read $x`, `printf -v $x`, `unset $x`, `let "$x=1"`, `${!x:=V}` set (or unset) whatever x
# holds, PATH too, which stays exported (bash: with ./bin/ls a marker script, `x=PATH;
# declare $x=./bin; ls` ran it; so did each form below, the `${!x:=…}` ones with an rc.sh
# that touched a marker). The gate judged the name `$x` --------------------------------------
# ruleid: GK-ENV-001
x=PATH; declare $x=./bin; ls
# ruleid: GK-ENV-001
x=PATH; export $x=./bin; ls
# ruleid: GK-ENV-001
x=LD_PRELOAD; export "$x=./x.so"; ls
# ruleid: GK-ENV-001
x=PATH; typeset $x=./bin; ls
# ruleid: GK-ENV-001
x=PATH; readonly $x=./bin; ls
# ruleid: GK-ENV-001
x=PATH; printf -v $x %s ./bin; ls
# ruleid: GK-ENV-001
x=PATH; read $x <<< ./bin; ls
# ruleid: GK-ENV-001
x=PATH; read -ra "$x" <<< ./bin; ls
# ruleid: GK-ENV-001
x=PATH; unset $x; ls
# ruleid: GK-ENV-001
x=PATH; let "$x=1"; ls
# ruleid: GK-ENV-001
set -a; x=BASH_ENV; : ${!x:=rc.sh}; bash -c :
# ruleid: GK-ENV-001
set -a; set -- BASH_ENV; : ${!1=rc.sh}; bash -c :
# ok: GK-ENV-001
read -t "$T" -r line < notes.txt; echo "$line"
# ok: GK-ENV-001
printf -v out %s "$HOME"; echo "$out"
# ok: GK-ENV-001
let "i=$i+1"; declare "a[$i]=1"; export FOO="$BAR"
# ok: GK-ENV-001
: ${x:=default}; echo "$x"

# -- An arithmetic assignment sets the variable as `NAME=value` does: `(( PATH = 1 ))` then
# `ls` runs ./1/ls (bash: it ran a marker script there), and `(( $x = 1 ))` sets whatever x
# names. The gate saw only `$(( PATH = 1 ))`, not the `(( ))` command nor a `$x` target ----
# ruleid: GK-ENV-001
(( PATH = 1 )); ls
# ruleid: GK-ENV-001
(( i = 0, PATH = 1 )); ls
# ruleid: GK-ENV-001
x=PATH; (( $x = 1 )); ls
# ruleid: GK-ENV-001
x=PATH; echo $(( $x = 1 )); ls
# ok: GK-ENV-001
(( i = 0 )); (( i += 1 )); echo $i
# ok: GK-ENV-001
for ((i=0; i<3; i++)); do echo $i; done
# ok: GK-ENV-001
[[ $x = foo ]] && echo y
