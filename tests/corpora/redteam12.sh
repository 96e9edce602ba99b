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
