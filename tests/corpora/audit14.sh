# Audit of issue 3 (session 14): a wrapper's verdict is at least the wrapped command's.
# `# ruleid: R` means the next line must produce rule R and not be allowed; `# ok: R` that it
# must not produce R and must be allowed. This file is read by tests/test_corpora.py and
# NEVER executed. One command per line.

# env's long options, their abbreviations and bundled flags were "an option the gate does
# not know" (GK-WRAP-004, REVIEW) whatever the command; now the command is judged.
# bash: `env --split-string='touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
env --split-string='rm -rf ~'
# ok: GK-WRAP-004
env --split-string='ls -la'
# bash: `env -iS 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
env -iS 'rm -rf ~'
# ok: GK-WRAP-004
env -iS 'ls -la'
# bash: `env --spl 'touch /tmp/m'` (getopt takes a unique prefix) created the marker.
# ruleid: GK-BASH-008
env --spl 'rm -rf ~'
# bash: `env --unset=X touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env --unset=X rm -rf ~
# ok: GK-WRAP-004
env --unset=HOME ls
# bash: `env -uX touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env -uX rm -rf ~
# bash: `env --block-signal=INT touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env --block-signal=INT rm -rf ~
# ok: GK-WRAP-004
env --default-signal ls
# `env -C DIR` outside the allowed dirs was REVIEW before the command was looked at.
# bash: `env -C / touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env -C / rm -rf ~
# bash: `env --chdir=/ touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env --chdir=/ rm -rf ~
# bash: `env -C/ touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
env -C/ rm -rf ~
# ok: GK-WRAP-004
env -i ls

# Options after `sh -c` come before the script: the gate judged the script `-e` or `--`.
# bash: `bash -c -e 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
bash -c -e 'rm -rf ~'
# ok: GK-UNKNOWN
bash -c -e 'ls -la'
# bash: `bash -c -- 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
bash -c -- 'rm -rf ~'
# ok: GK-UNKNOWN
bash -c -- 'ls -la'
# bash: `sh -c -- 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
sh -c -- 'rm -rf ~'
# bash: `bash -c -o pipefail 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
bash -c -o pipefail 'rm -rf ~'
# ok: GK-UNKNOWN
bash -c -o pipefail 'ls -la'
# bash: `bash -c +x 'touch /tmp/m'` created the marker.
# ruleid: GK-BASH-008
bash -c +x 'rm -rf ~'
# bash: `bash -O extglob -c 'touch /tmp/m'` created the marker; the option still asks.
# ruleid: GK-BASH-008
bash -c -O extglob 'rm -rf ~'
# ruleid: GK-WRAP-004
bash -c -O extglob 'ls -la'

# A chain of `!` is read as bash runs it, in one round (it was a recursion per `!`).
# bash: `! ! ! touch /tmp/m` created the marker.
# ruleid: GK-BASH-008
! ! ! rm -rf ~
