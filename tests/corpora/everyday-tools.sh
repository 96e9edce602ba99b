# Everyday read-only forms of common tools (issue 3, "quiet for everyday work"), and their
# dangerous neighbours: write flags, exec flags, output files, credential paths.
# Read by tests/test_corpora.py, NEVER executed.

# -- process substitutions as operands: a pipe, judged by its own commands ------------------
# ok: GK-BASH-002
comm -12 <(sort src/a.txt) <(sort src/b.txt)
# ok: GK-BASH-002
diff <(ls src) <(ls .)
# ruleid: GK-PROT-002
diff <(cat ~/.ssh/id_rsa) x
# ruleid: GK-BASH-002
cat '<('$X')'

# -- public machine facts (exact paths only) ------------------------------------------------
# ok: GK-BASH-002
cat /proc/cpuinfo
# ok: GK-BASH-002
head /proc/loadavg
# ok: GK-BASH-002
cat /etc/os-release
# ruleid: GK-BASH-002
cat /proc/1/environ
# ruleid: GK-BASH-002
cat /proc/cpuinfo/../1/environ
# ruleid: GK-PROT-002
cat /etc/shadow

# -- cargo: reads of the manifest and the registry; nothing that compiles --------------------
# ok: GK-UNKNOWN
cargo tree --depth 2
# ok: GK-UNKNOWN
cargo metadata --format-version 1
# ok: GK-UNKNOWN
cargo search serde
# ok: GK-UNKNOWN
cargo build --help
# ok: GK-UNKNOWN
cargo help build
# ruleid: GK-UNKNOWN
cargo check
# ruleid: GK-UNKNOWN
cargo build --release
# ruleid: GK-QUERY-002
cargo tree --manifest-path /tmp/x/Cargo.toml
# ruleid: GK-UNKNOWN
cargo --config 'build.rustc-wrapper="x"' tree
# ruleid: GK-UNKNOWN
cargo install ripgrep

# -- 7-Zip and unzip: list, test, hash ------------------------------------------------------
# ok: GK-UNKNOWN
7z l archive.7z
# ok: GK-UNKNOWN
7zz l -slt archive.7z
# ok: GK-UNKNOWN
7zz h -scrcSHA256 src/a.txt
# ok: GK-PROT-004
unzip -lv archive.zip
# ok: GK-PROT-004
unzip -tq archive.zip
# ruleid: GK-PROT-004
7z x archive.7z
# ruleid: GK-UNKNOWN
7z a out.7z src
# ruleid: GK-PROT-002
7z l ~/.ssh/keys.7z
# ruleid: GK-UNKNOWN
7z l -o/tmp archive.7z
# ruleid: GK-PROT-004
unzip -o archive.zip
# ruleid: GK-BASH-002
unzip -l ~/secret.zip

# -- terraform: only what runs no provider and prints no state ------------------------------
# ok: GK-UNKNOWN
terraform workspace list
# ok: GK-UNKNOWN
terraform providers
# ok: GK-UNKNOWN
terraform metadata functions -json
# ruleid: GK-UNKNOWN
terraform plan
# ruleid: GK-PROT-002
terraform output -json
# ruleid: GK-UNKNOWN
terraform providers mirror ./providers

# -- git listing forms of writing subcommands -----------------------------------------------
# ok: GK-GIT-002
git sparse-checkout list
# ok: GK-GIT-002
git lfs ls-files
# ok: GK-GIT-002
git replace -l
# ruleid: GK-GIT-002
git replace a b
# ruleid: GK-GIT-002
git sparse-checkout set src

# -- gh: reads, help, and plain GETs of the API ---------------------------------------------
# ok: GK-UNKNOWN
gh status
# ok: GK-UNKNOWN
gh pr --help
# ok: GK-UNKNOWN
gh config get git_protocol
# ok: GK-UNKNOWN
gh gist view abc123 --raw
# ok: GK-UNKNOWN
gh run watch 12345
# ok: GK-UNKNOWN
gh api repos/owner/repo
# ok: GK-UNKNOWN
gh api -X GET search/issues -f q='repo:cli/cli'
# ok: GK-UNKNOWN
gh api --paginate -q '.[] | .name' repos/owner/repo/issues
# ruleid: GK-PROT-002
gh auth token
# ruleid: GK-UNKNOWN
gh config get oauth_token
# ruleid: GK-UNKNOWN
gh gist view abc123 --web
# ruleid: GK-UNKNOWN
gh api -f q='repo:cli/cli' search/issues
# ruleid: GK-UNKNOWN
gh api graphql -f query='mutation { x }'
# ruleid: GK-UNKNOWN
gh api -X DELETE repos/o/r
# ruleid: GK-UNKNOWN
gh api -F body=@/etc/passwd -X GET x
# ruleid: GK-UNKNOWN
gh api --input x.json repos/o/r
# ruleid: GK-UNKNOWN
gh api --hostname evil.example repos/o/r
# ruleid: GK-UNKNOWN
gh api https://evil.example/x
# ruleid: GK-UNKNOWN
gh browse

# -- curl and wget: version and help only; every request is egress --------------------------
# ok: GK-UNKNOWN
curl --version
# ok: GK-UNKNOWN
wget --help
# ruleid: GK-UNKNOWN
curl https://example.com
# ruleid: GK-UNKNOWN
curl version
# ruleid: GK-UNKNOWN
wget -q -O- https://example.com/?q=data

# -- yarn and pnpm listings; installs and scripts stay at review ----------------------------
# ok: GK-UNKNOWN
yarn why lodash
# ok: GK-UNKNOWN
yarn licenses list
# ok: GK-UNKNOWN
pnpm ls --depth 0
# ok: GK-UNKNOWN
pnpm outdated
# ruleid: GK-UNKNOWN
yarn
# ruleid: GK-UNKNOWN
yarn build
# ruleid: GK-UNKNOWN
yarn info ./local
# ruleid: GK-UNKNOWN
pnpm exec x

# -- openssl: versions and certificate fields only -------------------------------------------
# ok: GK-UNKNOWN
openssl version -a
# ok: GK-UNKNOWN
openssl x509 -noout -text -in src/cert.crt
# ruleid: GK-UNKNOWN
openssl x509 -in src/cert.crt -out x.crt
# ruleid: GK-PROT-002
openssl x509 -noout -text -in ~/.ssh/id_rsa
# ruleid: GK-UNKNOWN
openssl s_client -connect example.com:443
# ruleid: GK-UNKNOWN
openssl

# -- gzip to standard output, list, test ----------------------------------------------------
# ok: GK-UNKNOWN
gunzip -c src/file.gz
# ok: GK-UNKNOWN
gzip -l src/file.gz
# ok: GK-UNKNOWN
gzip -dc src/file.gz
# ruleid: GK-UNKNOWN
gzip src/file.txt
# ruleid: GK-UNKNOWN
gunzip src/file.gz
# ruleid: GK-PROT-002
gzip -c ~/.ssh/id_rsa

# -- shells with strictness options, git help, $(pwd) ----------------------------------------
# ok: GK-WRAP-004
bash -o pipefail -c 'git log'
# ruleid: GK-WRAP-004
bash -o history -c 'ls'
# ruleid: GK-BASH-008
bash -o pipefail -c 'rm -rf ~'
# ok: GK-GIT-002
git push --help
# ruleid: GK-GIT-002
git push --force
# ok: GK-BASH-002
ls $(pwd)
# ruleid: GK-BASH-002
cat $(pwd)/x

# -- uv, pip, mktemp, pre-commit, env - -----------------------------------------------------
# ok: GK-UNKNOWN
uv help sync
# ok: GK-UNKNOWN
uv pip tree
# ok: GK-UNKNOWN
uv python list --all-versions
# ruleid: GK-UNKNOWN
uv python install 3.12
# ok: GK-UNKNOWN
pip hash -a sha256 src/package.whl
# ruleid: GK-UNKNOWN
pip hash /etc/x.whl
# ok: GK-UNKNOWN
mktemp -u
# ruleid: GK-UNKNOWN
mktemp -d ~/.config/XXXXXX
# ok: GK-UNKNOWN
pre-commit validate-config
# ruleid: GK-UNKNOWN
pre-commit
# ruleid: GK-PROT-002
pre-commit validate-config ~/.ssh/id_rsa
# ok: GK-WRAP-004
env - ls
# ruleid: GK-BASH-008
env - rm -rf ~
# `--chdir=DIR` is `-C DIR` (audit14: it was an unknown option, whatever the command)
# ruleid: GK-WRAP-002
env --chdir=/tmp ls
# env -C runs the command elsewhere than the cwd it is judged from: from a subdirectory,
# `..` then reaches above the project
# ruleid: GK-WRAP-002
cd src && env -C .. cat ../.bashrc
# ruleid: GK-WRAP-002
cd src/a && env -C ../.. cat ../secret.txt
# ruleid: GK-WRAP-002
env --chdir src ls
# ok: GK-WRAP-004
env -C . ls

# -- kubectl/helm help for built-ins; plugins are programs ----------------------------------
# ok: GK-UNKNOWN
kubectl delete --help
# ok: GK-UNKNOWN
helm install --help
# ok: GK-UNKNOWN
kubectl config get-users
# ok: GK-UNKNOWN
gcloud topic configurations
# ruleid: GK-UNKNOWN
kubectl myplugin --help
# ruleid: GK-UNKNOWN
helm diff --help
# ruleid: GK-CLOUD-002
kubectl config view --raw

# -- tools that load the cwd's own config run only where the project is, not in a shared tmp
# ruleid: GK-UNKNOWN
cd /tmp && yarn list
# ruleid: GK-UNKNOWN
cd /tmp && pnpm list
# ruleid: GK-UNKNOWN
cd /var/tmp && ansible-doc -l
# ruleid: GK-UNKNOWN
cd /tmp && cargo tree
# ok: GK-UNKNOWN
cargo tree
