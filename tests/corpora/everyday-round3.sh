# Everyday read-only forms, round 3 (issue 3): database clients' help, packer, macOS file
# inspectors, tar listings, git exports, cloud help; and their dangerous neighbours.
# Read by tests/test_corpora.py, NEVER executed.

# -- tar --list: long options; a `host:file` archive is reached through rsh/ssh ---------------
# ok: GK-BASH-005
tar -t --file=archive.tar
# ok: GK-BASH-005
tar -tf archive.tar --wildcards '*.txt'
# ok: GK-BASH-005
tar --list --verbose --gzip --file archive.tar.gz
# ok: GK-BASH-005
tar -tf ./odd:name.tar
# ok: GK-BASH-005
tar -tf odd:name.tar --force-local
# ruleid: GK-BASH-005
tar -tf backup.example.com:archive.tar
# ruleid: GK-BASH-005
tar -tvf user@host:/srv/archive.tar
# ruleid: GK-BASH-005
tar -t --file=host:archive.tar
# ruleid: GK-BASH-005
tar -t --to-command=sh -f archive.tar
# ruleid: GK-UNKNOWN
tar -t --file=archive.tar --index-file=listing.txt
# ruleid: GK-BASH-002
tar -t --file=/etc/archive.tar

# -- database clients: help and version only (SQL is code) ----------------------------------
# ok: GK-QUERY-002
sqlite3 --version
# ok: GK-QUERY-002
sqlite3 -help
# ok: GK-QUERY-002
duckdb -version
# ok: GK-QUERY-002
mysql --help
# ok: GK-QUERY-002
mysql -V
# ok: GK-QUERY-002
psql --version
# ok: GK-QUERY-002
psql -l
# ok: GK-QUERY-002
sqlcmd query --help
# ruleid: GK-UNKNOWN
sqlite3 app.db "SELECT writefile('x.sh', 'id')"
# ruleid: GK-UNKNOWN
sqlite3 -safe app.db 'SELECT 1'
# ruleid: GK-WRAP-004
sqlite3 -readonly app.db '.shell id'
# ruleid: GK-UNKNOWN
duckdb -c "COPY (SELECT 1) TO 'out.csv'"
# ruleid: GK-UNKNOWN
mysql -e 'SELECT 1 INTO OUTFILE "/tmp/x"'
# ruleid: GK-UNKNOWN
psql -c "COPY t TO PROGRAM 'id'"
# ruleid: GK-UNKNOWN
psql -l -h db.example.com
# ruleid: GK-UNKNOWN
sqlcmd config view
# ruleid: GK-UNKNOWN
textutil -convert txt -stdout report.docx
# ruleid: GK-UNKNOWN
mysql -?

# -- packer: help, version, fmt, plugins required; validate/inspect/console start plugins ---
# ok: GK-QUERY-002
packer --version
# ok: GK-QUERY-002
packer version
# ok: GK-QUERY-002
packer validate -help
# ok: GK-QUERY-002
packer fmt -check template.pkr.hcl
# ok: GK-QUERY-002
packer fmt -check -diff -recursive .
# ok: GK-QUERY-002
packer fmt -write=false template.pkr.hcl
# ok: GK-QUERY-002
packer fmt src
# ok: GK-QUERY-002
packer plugins required template.json
# ruleid: GK-UNKNOWN
packer validate template.json
# ruleid: GK-UNKNOWN
packer inspect template.json
# ruleid: GK-UNKNOWN
packer console
# ruleid: GK-UNKNOWN
packer build template.json
# ruleid: GK-UNKNOWN
packer plugins installed
# ruleid: GK-BASH-002
packer fmt /etc/templates
# ruleid: GK-PROT-002
packer plugins required ~/.ssh/id_rsa

# -- prometheus: help and version only ------------------------------------------------------
# ok: GK-QUERY-002
prometheus --version
# ok: GK-QUERY-002
prometheus --help-long
# ruleid: GK-UNKNOWN
prometheus --config.file=prometheus.yml

# -- macOS file inspectors: files are reads under the path policy ---------------------------
# ok: GK-QUERY-002
binhex probe file.hqx
# ok: GK-QUERY-002
binhex decode -c file.hqx
# ok: GK-QUERY-002
applesingle decode --pipe file.as
# ok: GK-QUERY-002
macbinary decode --to-stdout file.bin
# ruleid: GK-UNKNOWN
binhex decode file.hqx
# ruleid: GK-PROT-002
binhex encode -c ~/.ssh/id_rsa
# ok: GK-QUERY-002
lipo -info binary
# ok: GK-QUERY-002
lipo binary -verify_arch x86_64 arm64
# ruleid: GK-UNKNOWN
lipo -create a.o b.o -output fat.o
# ruleid: GK-UNKNOWN
lipo binary -thin arm64 -output thin
# ruleid: GK-BASH-002
lipo -info /etc/binary
# ok: GK-QUERY-002
mdimport -L
# ok: GK-QUERY-002
mdimport -t -d2 file.txt
# ruleid: GK-UNKNOWN
mdimport file.txt
# ruleid: GK-UNKNOWN
mdimport -g ./evil.mdimporter -t file.txt
# ok: GK-QUERY-002
compression_tool -encode -i input.dat
# ok: GK-QUERY-002
compression_tool -decode -a zlib -i input.z
# ruleid: GK-UNKNOWN
compression_tool -decode -i input.z -o output.dat
# ok: GK-QUERY-002
sips -g pixelWidth image.png
# ok: GK-QUERY-002
sips --getProperty pixelHeight image.png
# ruleid: GK-UNKNOWN
sips -s format jpeg image.png --out image.jpg
# ruleid: GK-UNKNOWN
sips -j script.js image.png
# ok: GK-QUERY-002
plutil -p file.plist
# ok: GK-QUERY-002
plutil -lint file.plist
# ok: GK-QUERY-002
plutil -extract key json -o - file.plist
# ruleid: GK-UNKNOWN
plutil -extract key json file.plist
# ruleid: GK-UNKNOWN
plutil -convert xml1 file.plist
# ruleid: GK-UNKNOWN
plutil -replace key -string value file.plist
# ruleid: GK-BASH-002
plutil -p ~/Library/Preferences/com.example.plist
# ok: GK-QUERY-002
dscl . -read /Users/alice
# ok: GK-QUERY-002
dscl -plist . -list /Users
# ok: GK-QUERY-002
dscl . search /Users name alice
# ruleid: GK-UNKNOWN
dscl . -create /Users/mallory
# ruleid: GK-UNKNOWN
dscl . -passwd /Users/alice newpassword
# ruleid: GK-UNKNOWN
dscl directory.example.com -read /Users/alice
# ok: GK-QUERY-002
textutil -info foo.rtf
# ok: GK-QUERY-002
textutil -convert txt -stdout foo.rtf
# ok: GK-QUERY-002
textutil -convert txt -stdout -noload page.html
# ruleid: GK-UNKNOWN
textutil -convert txt -stdout page.html
# ruleid: GK-UNKNOWN
textutil -convert txt foo.rtf
# ruleid: GK-UNKNOWN
textutil -convert html -output ../out.html foo.rtf
# ok: GK-QUERY-002
symbols -help
# ok: GK-QUERY-002
symbols -uuid ./a.out
# ok: GK-QUERY-002
symbols -lookup main 1234
# ruleid: GK-UNKNOWN
symbols -saveSignature sig.out ./a.out
# ruleid: GK-BASH-002
symbols /usr/bin/ls
# ok: GK-QUERY-002
say hello
# ok: GK-QUERY-002
say -v Alex --rate=200 'build finished'
# ok: GK-QUERY-002
say -f notes.txt
# ruleid: GK-UNKNOWN
say -o speech.aiff hello
# ruleid: GK-UNKNOWN
say -n speaker.example.com:9000 hello
# ruleid: GK-PROT-002
say -f ~/.ssh/id_rsa

# -- caffeinate: -t/-w take a value; a utility is judged as the wrapped command -------------
# ok: GK-WRAP-004
caffeinate -t 3600
# ok: GK-WRAP-004
caffeinate -u -t 3600
# ok: GK-WRAP-004
caffeinate -w 1234
# ruleid: GK-BASH-004
caffeinate -t 60 rm -rf build
# ruleid: GK-UNKNOWN
caffeinate -i make release

# -- git archive / format-patch: exports written inside the allowed dirs ---------------------
# ok: GK-GIT-004
git archive HEAD
# ok: GK-GIT-004
git archive --format=zip -o release.zip HEAD
# ok: GK-GIT-004
git archive --prefix=project/ HEAD:src
# ok: GK-GIT-004
git format-patch HEAD~3
# ok: GK-GIT-004
git format-patch -o patches/ main..feature
# ok: GK-GIT-004
git format-patch --stdout -1
# ok: GK-GIT-004
git format-patch -v 2 --cover-letter --subject-prefix='PATCH v2' HEAD~2
# ruleid: GK-GIT-004
git archive --remote=origin HEAD
# ruleid: GK-GIT-003
git archive --remote=origin --exec=/bin/sh HEAD
# ruleid: GK-PROT-001
git archive -o ~/.bashrc HEAD
# ruleid: GK-PROT-001
git archive -o .git/hooks/pre-commit HEAD
# ruleid: GK-GIT-003
git format-patch -o /var/spool/patches HEAD~1
# ruleid: GK-PROT-002
git archive --add-file=~/.ssh/id_rsa HEAD
# ruleid: GK-PROT-002
git format-patch --signature-file=~/.ssh/id_rsa HEAD~1
# ruleid: GK-GIT-003
git format-patch --ext-diff HEAD~1
# ruleid: GK-GIT-005
git -C /etc archive HEAD

# -- cloud: `aws SERVICE OP --help`, az pipelines builds, helm verify -----------------------
# ok: GK-CLOUD-003
aws s3 rm --help
# ruleid: GK-UNKNOWN
aws s3 rm s3://bucket/key --help
# ok: GK-CLOUD-003
az pipelines build list --project myproject
# ok: GK-CLOUD-003
az pipelines build show --id 100 --project myproject
# ruleid: GK-UNKNOWN
az pipelines build queue --definition-id 1
# ruleid: GK-UNKNOWN
az acr build list --registry r --image i
# ok: GK-CLOUD-003
helm verify ./mychart-1.0.0.tgz
# ok: GK-CLOUD-003
helm plugin verify ./myplugin
# ruleid: GK-CLOUD-003
helm verify /srv/charts/mychart-1.0.0.tgz

# -- fd -x/-X with a plain reader; anything else runs code on every match --------------------
# ok: GK-QUERY-002
fd -x echo
# ok: GK-QUERY-002
fd pattern --exec cat
# ok: GK-QUERY-002
fd --type f --exec head -5 {}
# ok: GK-QUERY-002
fd -e py -X wc -l
# ruleid: GK-QUERY-002
fd -x rm {}
# ruleid: GK-QUERY-002
fd -x sh -c 'cat {}'
# ruleid: GK-QUERY-002
fd -x grep needle
# ruleid: GK-QUERY-002
fd -x cat \; -x rm
# ruleid: GK-PROT-002
fd -x cat ~/.ssh/id_rsa
# ruleid: GK-BASH-002
fd pattern /etc -x cat

# -- small shell and coreutils corners -----------------------------------------------------
# ok: GK-BASH-006
alias
# ok: GK-BASH-006
alias -p
# ruleid: GK-BASH-006
alias ls='rm -rf'
# ruleid: GK-BASH-006
alias -p ll='ls -la'
# ok: GK-BASH-002
basename /home/user/Documents/report.pdf
# ok: GK-BASH-002
dirname /srv/data/file.txt
# ruleid: GK-BASH-002
basename "$(cat /etc/passwd)"

# -- script: records a command it runs (the command decides); -p plays a recording ----------
# ok: GK-UNKNOWN
script -q /dev/null git status
# ok: GK-UNKNOWN
script /tmp/session.log ls -la
# ok: GK-UNKNOWN
script -aq /dev/null ls
# ok: GK-UNKNOWN
script -p typescript
# ok: GK-UNKNOWN
script -c 'git log --oneline -5' /dev/null
# ruleid: GK-BASH-004
script -q /dev/null rm -rf build
# ruleid: GK-BASH-008
script -c 'rm -rf ~' /dev/null
# ruleid: GK-PROT-001
script -q ~/.bashrc ls
# ruleid: GK-PROT-001
script -q .git/hooks/pre-commit ls
# ruleid: GK-UNKNOWN
script session.log
# ruleid: GK-BASH-006
script -q /dev/null bash
# ruleid: GK-UNKNOWN
script -F pipe ls
# ruleid: GK-PROT-002
script -p ~/.ssh/id_rsa

# -- rtk (token-saving proxy): pass-through forms are judged as the command they run --------
# ok: GK-UNKNOWN
rtk --version
# ok: GK-UNKNOWN
rtk gain --history
# ok: GK-UNKNOWN
rtk git log --oneline -5
# ok: GK-UNKNOWN
rtk git log --oneline | rtk head -5
# ok: GK-UNKNOWN
rtk proxy git status
# ruleid: GK-GIT-002
rtk git push
# ruleid: GK-BASH-004
rtk proxy rm -rf build
# ruleid: GK-UNKNOWN
rtk read notes.txt
# ruleid: GK-UNKNOWN
rtk init --global
# ruleid: GK-UNKNOWN
rtk discover
# ruleid: GK-PROT-002
rtk cat ~/.ssh/id_rsa

# -- macOS sample, qlmanage; arch --arch; npm help-search ------------------------------------
# ok: GK-QUERY-002
sample 1234 10
# ok: GK-QUERY-002
sample -wait -mayDie Safari 10
# ok: GK-QUERY-002
sample 1234 -file /tmp/out.txt
# ruleid: GK-UNKNOWN
sample -e 1234
# ruleid: GK-PROT-001
sample 1234 -file ~/.zshrc
# ruleid: GK-QUERY-002
sample 1234 -file /var/spool/out.txt
# ok: GK-QUERY-002
qlmanage -m
# ruleid: GK-UNKNOWN
qlmanage -p file.pdf
# ok: GK-WRAP-004
arch --arch x86_64 pwd
# ruleid: GK-BASH-004
arch --arch x86_64 rm -rf build
# ok: GK-QUERY-002
npm help-search install
# ruleid: GK-UNKNOWN
npm help install
# ruleid: GK-PROT-001
git format-patch --output-directory=.git/hooks HEAD~1

# -- bypasses found on the way ---------------------------------------------------------------
# `uniq IN OUT` writes OUT: a protected OUT is the user's call (it was silently allowed).
# ruleid: GK-PROT-001
uniq notes.txt .claude/settings.json
# ruleid: GK-PROT-001
uniq -c notes.txt .git/hooks/pre-commit
# ruleid: GK-PROT-001
uniq notes.txt ~/.bashrc
# ok: GK-PROT-001
uniq notes.txt sorted.txt
# ok: GK-PROT-001
uniq -c notes.txt
# The attached `--output-directory=DIR` of git is a write target like `-o DIR`.
# ruleid: GK-PROT-001
git format-patch --output-directory=.claude HEAD~1
# A glob the shell may expand to a name that reads as an option (a file named `--pre=sh`
# makes `rg x *` run sh on every file): only for commands whose options are all harmless.
# ruleid: GK-BASH-005
rg needle *
# ruleid: GK-BASH-005
sed -n 1p *
# (awk stops reading options at its program: `awk 'FNR==1' *.txt` is SAFE, round 5)
# ruleid: GK-BASH-005
awk -F, * data.txt
# ruleid: GK-BASH-005
sort *
# ruleid: GK-BASH-005
cp * backup/
# ruleid: GK-BASH-005
mv ?.txt archive/
# ruleid: GK-BASH-005
tar -cvf backup.tar *
# ruleid: GK-BASH-005
tar -tf *.tar
# ruleid: GK-BASH-005
find * -name x
# ruleid: GK-BASH-005
hash *
# ok: GK-BASH-005
rg needle ./*
# ok: GK-BASH-005
rg needle -- *
# ok: GK-BASH-005
cp src/* backup/
# ok: GK-BASH-005
grep needle *
# ok: GK-BASH-005
wc -l *.py
# ok: GK-BASH-005
cat *.md
# ok: GK-BASH-005
ls *
# ruleid: GK-GIT-003
git diff *
# ruleid: GK-GIT-003
git archive HEAD *
# ok: GK-GIT-003
git diff -- *
# ok: GK-GIT-003
git log --stat src/*
# ruleid: GK-CLOUD-003
kubectl get pods *
# ruleid: GK-BASH-005
timeout 5 rg needle *
# ruleid: GK-UNKNOWN
fd needle *
# ok: GK-BASH-005
nice grep needle *

# -- tar -c: the project's own files into an archive inside the allowed dirs ---------------
# ok: GK-BASH-005
tar -czf dist.tar.gz src
# ok: GK-BASH-005
tar cjf dist.tar.bz2 src README.md
# ok: GK-BASH-005
tar --create --file=dist.tar --exclude=*.pyc src
# ok: GK-BASH-005
tar -cvf /tmp/backup.tar ./*
# ok: GK-BASH-005
tar -cf - src
# ruleid: GK-PROT-001
tar -czf ~/.bashrc src
# ruleid: GK-PROT-001
tar -czf .git/hooks/pre-commit src
# ruleid: GK-WRITE-001
tar -czf /srv/backup.tgz src
# ruleid: GK-PROT-002
tar -czf keys.tgz ~/.ssh
# ruleid: GK-BASH-002
tar -czf etc.tgz /etc/nginx
# ruleid: GK-UNKNOWN
tar -czf root.tgz -C / etc
# ruleid: GK-UNKNOWN
tar -czhf linked.tgz src
# ruleid: GK-UNKNOWN
tar -cfv dist.tar src
# ruleid: GK-UNKNOWN
tar -czf dist.tgz --remove-files src
# ruleid: GK-UNKNOWN
tar -czf dist.tgz -T names.txt
# ruleid: GK-BASH-005
tar -czf backup.example.com:dist.tgz src
# ruleid: GK-BASH-005
tar -czf dist.tgz --checkpoint-action=exec=sh src

# -- corners of this round's new forms -------------------------------------------------------
# After -verify_arch only architecture names are skipped: a path is still a read.
# ruleid: GK-BASH-002
lipo -verify_arch arm64 /etc/secret.bin
# bsdtar's `@archive` member copies another archive's entries.
# ruleid: GK-UNKNOWN
tar -cf copy.tar @/srv/private.tar
# After `find --` the first word starting with `-` is the expression (a file `-delete`).
# ruleid: GK-BASH-005
find -- * -name x
# util-linux `script` permutes: its own -c/-O inside the command would run or write.
# ruleid: GK-UNKNOWN
script -q /dev/null cat -c 'rm -rf ~'
# ruleid: GK-UNKNOWN
script -q /dev/null cat -O ~/.bashrc
# ok: GK-UNKNOWN
script /tmp/session.log ls -la

# -- option variables: a tool that reads its flags from the environment (were allowed) -------
# ruleid: GK-ENV-001
TAR_OPTIONS=--checkpoint-action=exec=sh tar -tf archive.tar
# ruleid: GK-ENV-001
export TAR_OPTIONS=--checkpoint-action=exec=sh; tar -czf dist.tgz src
# ruleid: GK-ENV-001
TAPE=backup.example.com:/dev/st0 tar -t
# ruleid: GK-ENV-001
RIPGREP_CONFIG_PATH=./flags rg needle
# ruleid: GK-ENV-001
MANOPT=-Pcat man ls
# ruleid: GK-ENV-001
LESS='+!sh' less README.md
# ok: GK-ENV-001
LANG=C tar -tf archive.tar

# -- gh: verifying a local file's attestation --------------------------------------------------
# ok: GK-BASH-002
gh attestation verify artifact.tar.gz --owner myorg
# ok: GK-BASH-002
gh at verify artifact.tar.gz
# ok: GK-BASH-002
gh release verify-asset v1.0.0 dist/app.zip
# ruleid: GK-PROT-002
gh attestation verify ~/.ssh/id_rsa --owner myorg
# ruleid: GK-BASH-002
gh attestation verify artifact.tar.gz --bundle /srv/bundle.json
# ruleid: GK-UNKNOWN
gh attestation verify oci://ghcr.io/org/image --owner org
# ruleid: GK-UNKNOWN
gh attestation verify artifact.tar.gz --hostname ghe.example.com
