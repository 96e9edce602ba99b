# Everyday read-only forms, round 2 (issue 3): az/aws/gh/git remainders, Linux system and
# desktop queries; and their dangerous neighbours. Read by tests/test_corpora.py,
# NEVER executed.

# -- az: more read-only groups and actions; secrets still ask --------------------------------
# ok: GK-CLOUD-002
az version
# ok: GK-CLOUD-002
az vm --help
# ok: GK-CLOUD-002
az vm get-instance-view --name myvm -g mygroup
# ok: GK-CLOUD-002
az vm image list-offers --publisher Canonical --location eastus
# ok: GK-CLOUD-002
az storage blob list --container-name c --account-name a
# ok: GK-CLOUD-002
az webapp config show --name myapp -g mygroup
# ok: GK-CLOUD-002
az sql server firewall-rule list --server s -g g
# ok: GK-CLOUD-002
az monitor log-analytics query --workspace ws --analytics-query 'AzureActivity | take 10'
# ok: GK-CLOUD-002
az pipelines variable-group list --project p
# ruleid: GK-UNKNOWN
az acr build list --registry r --image i
# ok: GK-CLOUD-002
az devops configure --list
# ok: GK-CLOUD-002
az storage table list --account-name a
# ok: GK-CLOUD-002
az containerapp logs show --name app -g rg
# ok: GK-CLOUD-002
az sshkey show -g g -n k
# ruleid: GK-CLOUD-002
az appconfig credential list -n cfg
# ruleid: GK-CLOUD-002
az webapp config appsettings list --name myapp -g mygroup
# ruleid: GK-CLOUD-002
az storage account keys list --account-name a
# ruleid: GK-CLOUD-002
az keyvault secret show --name s --vault-name v
# ruleid: GK-UNKNOWN
az storage blob download --name b --container-name c --account-name a --file out
# ruleid: GK-UNKNOWN
az devops configure --defaults project=p
# ruleid: GK-UNKNOWN
az webapp log tail --name myapp -g mygroup
# ruleid: GK-CLOUD-003
az --debug vm list

# -- aws: validations, simulations and log portions are reads ------------------------------
# ok: GK-CLOUD-002
aws cloudformation validate-template --template-body file://src/t.yaml
# ok: GK-CLOUD-002
aws iam simulate-principal-policy --policy-source-arn arn --action-names s3:GetObject
# ok: GK-CLOUD-002
aws rds download-db-log-file-portion --db-instance-identifier db --log-file-name error.log
# ok: GK-CLOUD-002
aws dynamodb transact-get-items --transact-items file://items.json
# ruleid: GK-CLOUD-003
aws cloudformation validate-template --template-body file:///home/someone/.aws/credentials
# ruleid: GK-UNKNOWN
aws sqs receive-message --queue-url https://sqs.example/q
# ruleid: GK-UNKNOWN
aws athena start-query-execution --query-string 'SELECT 1'
# ruleid: GK-CLOUD-002
aws ecr get-login-password

# -- gh ----------------------------------------------------------------------------------
# ok: GK-UNKNOWN
gh browse -n
# ok: GK-UNKNOWN
gh browse src/main.go --no-browser
# ok: GK-UNKNOWN
gh release verify v1.0.0
# ok: GK-UNKNOWN
gh attestation trusted-root
# ok: GK-UNKNOWN
gh codespace ports -c mycs
# ok: GK-UNKNOWN
gh codespace logs -c mycs
# ruleid: GK-UNKNOWN
gh browse
# ruleid: GK-UNKNOWN
gh codespace ports forward 8080:8080
# ruleid: GK-UNKNOWN
gh codespace ports visibility 80:public -c mycs
# ruleid: GK-UNKNOWN
gh release download v1.0.0
# ruleid: GK-PROT-002
gh auth token

# -- git: printing forms of apply, hash-object, bundle, rerere ------------------------------
# ok: GK-GIT-002
git apply --check src/fix.patch
# ok: GK-GIT-002
git apply --stat -p1 src/fix.patch
# ok: GK-GIT-002
git hash-object src/a.txt
# ok: GK-GIT-002
git hash-object --stdin
# ok: GK-GIT-004
git bundle verify src/repo.bundle
# ok: GK-GIT-004
git bundle list-heads src/repo.bundle main
# ok: GK-GIT-002
git rerere diff
# ruleid: GK-GIT-002
git apply src/fix.patch
# ruleid: GK-GIT-002
git apply --check --apply src/fix.patch
# ruleid: GK-GIT-002
git apply --stat --build-fake-ancestor=out src/fix.patch
# ruleid: GK-GIT-005
git apply --check /srv/elsewhere/x.patch
# ruleid: GK-GIT-002
git hash-object -w src/a.txt
# ruleid: GK-GIT-002
git hash-object --stdin-paths
# ruleid: GK-GIT-005
git hash-object ~/.ssh/id_rsa
# ruleid: GK-GIT-004
git bundle create x.bundle main
# ruleid: GK-GIT-005
git bundle verify /srv/elsewhere/repo.bundle
# ruleid: GK-GIT-002
git rerere
# ruleid: GK-GIT-002
git rerere forget src/a.txt

# -- Linux system and desktop queries ------------------------------------------------------
# ok: GK-QUERY-002
nmcli device status
# ok: GK-QUERY-002
nmcli dev wifi list
# ok: GK-QUERY-002
nmcli -t -f NAME,TYPE connection show
# ok: GK-QUERY-002
nmcli general
# ruleid: GK-QUERY-002
nmcli -s connection show MyWifi
# ruleid: GK-QUERY-002
nmcli connection show MyWifi --show-secrets
# ruleid: GK-QUERY-002
nmcli connection show --show MyWifi
# ruleid: GK-QUERY-002
nmcli -show-sec connection show MyWifi
# ruleid: GK-UNKNOWN
nmcli connection show --wait 5 MyWifi
# ok: GK-QUERY-002
nmcli connection show --active
# ruleid: GK-QUERY-002
nmcli device wifi show-password
# ruleid: GK-QUERY-002
nmcli dev wifi connect HomeWiFi password hunter2
# ruleid: GK-QUERY-002
nmcli radio wifi off
# ruleid: GK-QUERY-002
nmcli connection delete MyWifi
# ruleid: GK-QUERY-002
nmcli general hostname newname
# ok: GK-UNKNOWN
bluetoothctl devices
# ok: GK-UNKNOWN
bluetoothctl info 00:11:22:33:44:55
# ruleid: GK-UNKNOWN
bluetoothctl connect 00:11:22:33:44:55
# ruleid: GK-UNKNOWN
bluetoothctl
# ok: GK-QUERY-002
sysctl -a
# ok: GK-QUERY-002
sysctl -n kernel.hostname vm.swappiness
# ruleid: GK-QUERY-002
sysctl -w vm.swappiness=10
# ruleid: GK-QUERY-002
sysctl vm.swappiness=10
# ruleid: GK-QUERY-002
sysctl -p /srv/other.conf
# ok: GK-UNKNOWN
top -b -n 1
# ok: GK-UNKNOWN
top -bn1 -o %MEM
# ok: GK-UNKNOWN
htop -u someone --tree
# ruleid: GK-UNKNOWN
top -b -n 1 -k 1
# ok: GK-UNKNOWN
pactl list short sinks
# ok: GK-UNKNOWN
pactl info
# ruleid: GK-UNKNOWN
pactl set-sink-volume @DEFAULT_SINK@ +5%
# ruleid: GK-UNKNOWN
pactl load-module module-null-sink
