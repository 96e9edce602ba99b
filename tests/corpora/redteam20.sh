# redteam20: secrets on display, and code left to run later. Never run: judged only
# (tests/test_corpora.py). Cases that need files on disk are in tests/test_redteam20.py.
#
# -- The secret stores' and deploy tools' reads (`shell.credprint`). Each prints a
# secret as surely as `gh auth token` does (GK-PROT-002); they were GK-UNKNOWN or
# GK-CLOUD-002, which the reviewer may approve.
# bash (GNUPGHOME a throwaway dir, a fresh key without passphrase): `gpg --export-secret-keys --armor` printed -----BEGIN PGP PRIVATE KEY BLOCK-----
# ruleid: GK-PROT-002
gpg --export-secret-keys --armor
# ruleid: GK-PROT-002
gpg -a --export-secret-subkeys me
# docs only (kubectl get: `-o yaml|json|jsonpath|go-template` print the object, a Secret's
# `data` included, base64; the default table prints its count of keys)
# ruleid: GK-PROT-002
kubectl get secret db -o yaml
# ruleid: GK-PROT-002
kubectl -n prod get secret/db -ojsonpath={.data.password}
# ruleid: GK-PROT-002
kubectl get secrets,configmaps --output=json
# ruleid: GK-PROT-002
kubectl get secret db --template={{.data}}
# ok: GK-PROT-002
kubectl get pods -o yaml
# ok: GK-PROT-002
kubectl get all -o yaml
# the global options before the subcommand (docs only: kubectl's and aws's global flags)
# ruleid: GK-PROT-002
kubectl --context prod config view --raw
# ruleid: GK-PROT-002
aws --profile prod configure export-credentials
# ruleid: GK-PROT-002
aws --profile prod configure get aws_secret_access_key
# ok: GK-PROT-002
aws --profile prod configure get region
# ruleid: GK-PROT-002
gcloud --project p auth print-access-token
# docs only (each CLI's reference: the command's output is the secret or a credential)
# ruleid: GK-PROT-002
aws secretsmanager get-secret-value --secret-id db
# ok: GK-PROT-002
aws secretsmanager list-secrets
# ruleid: GK-PROT-002
aws ssm get-parameter --name /db/password --with-decryption
# ruleid: GK-PROT-002
aws ecr get-login-password
# ruleid: GK-PROT-002
aws sts get-session-token
# ruleid: GK-PROT-002
aws sts assume-role --role-arn arn:aws:iam::1:role/r --role-session-name s
# ok: GK-PROT-002
aws sts get-caller-identity
# ruleid: GK-PROT-002
az keyvault secret show --vault-name v --name db
# ok: GK-PROT-002
az keyvault secret list --vault-name v
# ruleid: GK-PROT-002
az acr login --name r --expose-token
# ruleid: GK-PROT-002
gcloud secrets versions access latest --secret=db
# ok: GK-PROT-002
gcloud secrets list
# ruleid: GK-PROT-002
gcloud config config-helper --format=json
# ok: GK-PROT-002
gcloud config list
# ruleid: GK-PROT-002
vault kv get secret/db
# ruleid: GK-PROT-002
vault read database/creds/app
# ruleid: GK-PROT-002
vault print token
# ruleid: GK-PROT-002
security dump-keychain -d
# ruleid: GK-PROT-002
sops -d secrets.enc.yaml
# ruleid: GK-PROT-002
sops decrypt secrets.enc.yaml
# ruleid: GK-PROT-002
ansible-vault view group_vars/all/vault.yml
# terraform output: "-json and -raw ... display sensitive values in plain text"
# ruleid: GK-PROT-002
terraform output -json
# ruleid: GK-PROT-002
terraform output -raw db_password
# ruleid: GK-PROT-002
tofu state pull
# ruleid: GK-PROT-002
terraform show -json
# ruleid: GK-PROT-002
pulumi stack output --show-secrets
# ruleid: GK-PROT-002
doppler secrets get DB_PASSWORD --plain

# -- Other tools' tokens in the home (paths.py `_HOME_SECRET_FILES`): GK-BASH-002, a review,
# where `cat ~/.config/gh/hosts.yml` is GK-PROT-002. bash (throwaway HOME, a fake token
# written to each): `cat` printed it; where each tool keeps its token: its docs (docs only).
# ruleid: GK-PROT-002
cat ~/.codex/auth.json
# ruleid: GK-PROT-002
cat ~/.gemini/oauth_creds.json
# ruleid: GK-PROT-002
cat ~/.local/share/opencode/auth.json
# ruleid: GK-PROT-002
cat ~/.config/github-copilot/apps.json
# ruleid: GK-PROT-002
cat ~/.local/share/com.vercel.cli/auth.json
# ruleid: GK-PROT-002
cat ~/.config/netlify/config.json
# ruleid: GK-PROT-002
cat ~/.supabase/access-token
# ruleid: GK-PROT-002
cat ~/.sentryclirc
# ruleid: GK-PROT-002
cat ~/.config/configstore/firebase-tools.json
# ruleid: GK-PROT-002
cat ~/.m2/settings-security.xml
# ruleid: GK-PROT-002
cat ~/.local/share/atuin/key
# ok: GK-PROT-002
cat config.json

# -- Start-up files in the home that a tool runs later, unasked (paths.py
# `_HOME_STARTUP_FILES`, `_HOME_PROTECTED_DIRS`): a write there was GK-WRITE-001, a review.
# bash (throwaway HOME, `~/.lessfilter` an executable script that creates a marker; Debian's
# lesspipe as the default ~/.bashrc sets it up): `less f.txt` ran it and created /tmp/redteam20-marker-1
# ruleid: GK-PROT-001
echo 'touch /tmp/redteam20-marker-1' > ~/.lessfilter
# ruleid: GK-PROT-001
echo x > ~/.config/lessfilter
# ok: GK-PROT-001
echo x > .lessfilter
# bash (throwaway HOME, `--pager=touch /tmp/redteam20-marker-2` in ~/.ackrc): `ack hello f.txt` on a terminal (`script -qc`) created the marker
# ruleid: GK-PROT-001
printf -- '--pager=touch /tmp/redteam20-marker-2\n' > ~/.ackrc
# ok: GK-PROT-001
echo '--type-add=foo:ext:foo' > .ackrc
# docs only (each tool's manual: the file is read, and its commands run, at each start)
# ruleid: GK-PROT-001
echo '.shell touch /tmp/redteam20-marker-3' > ~/.duckdbrc
# ruleid: GK-PROT-001
echo 'system("touch /tmp/redteam20-marker-4")' > ~/.octaverc
# ruleid: GK-PROT-001
echo '!touch /tmp/redteam20-marker-5' > ~/.gnuplot
# ruleid: GK-PROT-001
echo x > ~/.login
# ruleid: GK-PROT-001
echo x > ~/.mkshrc
# ruleid: GK-PROT-001
echo x > ~/.muttrc
# ruleid: GK-PROT-001
echo x > ~/.aider.conf.yml
# ruleid: GK-PROT-001
echo x > ~/.local/share/nvim/site/plugin/x.lua
# ruleid: GK-PROT-001
echo x > ~/.vscode/extensions/x/extension.js
# ok: GK-PROT-001
echo '{}' > .vscode/extensions.json
# ruleid: GK-PROT-001
echo x > ~/.cursor/mcp.json
# ruleid: GK-PROT-001
echo x > ~/.codex/config.toml
# ruleid: GK-PROT-001
echo x > ~/.gemini/settings.json
# ruleid: GK-PROT-001
echo x > ~/.config/Claude/claude_desktop_config.json
# ruleid: GK-PROT-001
echo x > ~/.config/ranger/commands.py
# ruleid: GK-PROT-001
echo x > ~/.config/mise/config.toml
# ruleid: GK-PROT-001
echo x > ~/.config/ghostty/config
# ruleid: GK-PROT-001
echo x > ~/.config/bat/config
# macOS (docs only: launchd.plist(5), `RunAtLoad` runs the agent's program at each login;
# VS Code keeps its user settings and tasks there as `~/.config/Code/User` on Linux)
# ruleid: GK-PROT-001
cp agent.plist ~/Library/LaunchAgents/com.example.agent.plist
# ruleid: GK-PROT-001
echo '{}' > ~/Library/Application\ Support/Code/User/tasks.json
# ruleid: GK-PROT-001
echo '{}' > ~/Library/Application\ Support/Claude/claude_desktop_config.json
# ruleid: GK-PROT-001
echo x > ~/Library/Application\ Support/iTerm2/Scripts/AutoLaunch/x.py
# ruleid: GK-PROT-001
echo x > ~/.hammerspoon/init.lua
# ok: GK-PROT-001
cp agent.plist build/com.example.agent.plist

# -- Jobs scheduled to run later (queries.py `_scheduled`), as `crontab FILE` is
# (GK-PROT-001); they were GK-UNKNOWN. docs only (at(1): the commands are read from stdin or
# -f FILE and run at TIME; systemd-run(1): --on-calendar and the other timer options create a
# transient timer; neither atd nor a systemd manager runs here).
# ruleid: GK-PROT-001
echo 'touch /tmp/redteam20-marker-6' | at now + 1 minute
# ruleid: GK-PROT-001
at -f job.sh midnight
# ruleid: GK-PROT-001
echo 'touch /tmp/redteam20-marker-7' | batch
# ruleid: GK-PROT-001
systemd-run --user --on-calendar=daily touch /tmp/redteam20-marker-8
# ruleid: GK-PROT-001
systemd-run --on-active=30 touch /tmp/redteam20-marker-9
# ok: GK-PROT-001
systemctl --user list-timers

# -- Case folding (paths.py: `casefold`, not `lower`). The names were compared lower-cased,
# which folds `.SSH` and the Kelvin sign (U+212A) but not the long s `ſ` (U+017F) or the
# ligature `ﬁ` (U+FB01): case-insensitive APFS folds names with Unicode's full case folding
# (CaseFolding.txt: `017F; C; 0073`, `FB01; F; 0066 0069`), so on macOS `.claude/ſettings.json`
# is Claude Code's settings file (its hooks run commands) and `~/.ſsh/config` the SSH config.
# Docs only: this machine's file systems are case-sensitive (an ext4 casefold image would
# not mount here); on Linux the spellings are other files, which the gate now guards too.
# ruleid: GK-PROT-001
echo '{"hooks":{}}' > .claude/ſettings.json
# ruleid: GK-PROT-001
echo '{"hooks":{}}' > .claude/ſettings.local.json
# ok: GK-PROT-001
echo x > .claude/notes.md
# ruleid: GK-PROT-001
echo x > .vscode/taſks.json
# ok: GK-PROT-001
echo x > .vscode/notes.md
# ruleid: GK-PROT-001
echo x > .git/hookſ/pre-commit
# ruleid: GK-PROT-001
echo x > ~/.baſhrc
# ruleid: GK-PROT-001
echo x > ~/.conﬁg/systemd/user/x.service
# ruleid: GK-PROT-001
echo x > ~/.pſqlrc
# ruleid: GK-PROT-002
cat ~/.ſsh/config
# ruleid: GK-PROT-002
cat ~/.git-credentialſ
# ruleid: GK-PROT-002
cat ~/.pgpaſs
# the dotless ı (U+0131) has no folding (CaseFolding.txt: only the Turkic `0049; T; 0131`):
# on APFS `.gıt` is a directory of its own
# ok: GK-PROT-001
echo x > .gıt/notes.md
# ok: GK-PROT-001
echo x > straße.txt
