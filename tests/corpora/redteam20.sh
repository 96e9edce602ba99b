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
