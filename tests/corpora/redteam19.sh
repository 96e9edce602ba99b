# redteam19: commands whose purpose is to print a credential of the user, and code
# scheduled to run later. Never run: judged only (tests/test_corpora.py).
#
# Each printer prints what a credential file holds, which GK-PROT-002 sends to the human
# (`cat ~/.config/gh/hosts.yml`); they were GK-UNKNOWN or GK-CLOUD-002 (the reviewer's).
# bash (throwaway HOME, fake token in ~/.git-credentials): `printf 'protocol=https\nhost=github.com\n\n' | git credential-store get` printed password=ghp_FAKE...

# ruleid: GK-PROT-002
gh auth token
# ruleid: GK-PROT-002
gh auth status --show-token
# ok: GK-PROT-002
gh auth status
# ruleid: GK-PROT-002
glab auth status -t
# ruleid: GK-PROT-002
gcloud auth print-access-token
# ruleid: GK-PROT-002
gcloud auth application-default print-access-token
# ok: GK-PROT-002
gcloud auth list
# ruleid: GK-PROT-002
az account get-access-token
# ok: GK-PROT-002
az account show
# ruleid: GK-PROT-002
aws configure export-credentials --format env
# ruleid: GK-PROT-002
aws configure get aws_secret_access_key
# ok: GK-PROT-002
aws configure get region
# ruleid: GK-PROT-002
kubectl config view --raw
# ruleid: GK-PROT-002
npm config get //registry.npmjs.org/:_authToken
# ok: GK-PROT-002
npm config get registry
# ruleid: GK-PROT-002
printf 'protocol=https\nhost=github.com\n\n' | git credential-store get
# ruleid: GK-PROT-002
echo host=github.com | git-credential-libsecret get
# ruleid: GK-PROT-002
echo https://index.docker.io/v1/ | docker-credential-desktop get
# ok: GK-PROT-002
git status
# ruleid: GK-PROT-002
pass show email/work
# ruleid: GK-PROT-002
pass email/work
# ruleid: GK-PROT-002
secret-tool lookup service github
# ruleid: GK-PROT-002
security find-generic-password -w -s github
# ruleid: GK-PROT-002
op read op://vault/item/password
# ruleid: GK-PROT-002
bw get password github
# ruleid: GK-PROT-002
keyring get github user
# ruleid: GK-PROT-002
heroku auth:token
