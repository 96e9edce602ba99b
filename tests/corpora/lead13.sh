# Session 13, lead (issue 3). Read by tests/test_corpora.py, NEVER executed.

# -- mise's project config runs at the user's next prompt (GK-PROT-001) ------------------------
# With `mise activate` in the user's shell, mise reads the config files of the directory the
# shell is in at every prompt; their `{{exec(command=...)}}` templates, `[env] _.source`
# scripts and `[hooks]` run then. Outside mise's paranoid mode a file is trusted by its path,
# not its content (`mise trust --help`), so an edit of a trusted file runs unasked, as an
# edit of direnv's `.envrc` would (docs only: mise is not installed here).
# ruleid: GK-PROT-001
echo '[env]' >> mise.toml
# ruleid: GK-PROT-001
cp template.toml .mise.toml
# ruleid: GK-PROT-001
printf '%s\n' '[hooks]' > sub/mise.local.toml
# ruleid: GK-PROT-001
tee .rtx.toml < settings.txt
# ok: GK-PROT-001
cat mise.toml
# ok: GK-PROT-001
grep -n tools .mise.toml
# ok: GK-PROT-001
echo '[env]' > mise-notes.txt

# -- `!` before a compound command (found by fuzz13's `make fuzz`) -----------------------------
# tree-sitter-bash reads a reserved word after `!` as a command name: `! { rm -rf ~; }` was a
# command `{` (GK-UNKNOWN, the reviewer's) and no `rm`. bash runs the compound and negates
# only its status: `! { touch m1; }`, `! if touch m2; then :; fi`, `! case x in x) touch m3;;
# esac`, `! while touch m4; do break; done`, `! ! touch m5`, `true && ! { touch m6; }` and
# `! function f { touch m7; }; f` each made its marker. The text is now also judged with
# that `!` blanked, and both readings count.
# ruleid: GK-BASH-008
! { rm -rf ~; }
# ruleid: GK-BASH-008
! if rm -rf ~; then :; fi
# ruleid: GK-BASH-008
! if true; then rm -rf ~; fi
# ruleid: GK-BASH-008
! case x in x) rm -rf ~;; esac
# ruleid: GK-BASH-008
! while rm -rf ~; do break; done
# ruleid: GK-BASH-008
! until rm -rf ~; do :; done
# ruleid: GK-BASH-008
! ! rm -rf ~
# ruleid: GK-BASH-008
!	{ rm -rf ~; }
# ruleid: GK-BASH-008
! function f { rm -rf ~; }; f
# ruleid: GK-GIT-002
true && ! { git push --force; }
# ruleid: GK-PROT-002
! { cat ~/.ssh/id_rsa; }
# ok: GK-BASH-008
! ls
# ok: GK-BASH-008
! grep -q TODO notes.txt

# -- kubectl's raw config with an option between its words (redteam20's gap) ------------------
# `kubectl config view --raw` prints the client keys and tokens in full (GK-PROT-002). The
# value of `--kubeconfig k` between `config` and `view`, or `--raw=true`, hid it (docs only:
# kubectl is not installed here).
# ruleid: GK-PROT-002
kubectl config --kubeconfig k view --raw
# ruleid: GK-PROT-002
kubectl config view --raw=true
# ruleid: GK-PROT-002
kubectl --context c config --kubeconfig k view --raw
# ok: GK-PROT-002
kubectl get pods
