# Read-only queries (GK-QUERY): package managers, system information, logs, fzf and fd run;
# their writing, executing and browser-opening neighbours do not.
# Read by tests/test_corpora.py, NEVER executed.

# -- brew -----------------------------------------------------------------------------------
# ok: GK-UNKNOWN
brew info python@3.11
# ok: GK-UNKNOWN
brew list --versions
# ok: GK-UNKNOWN
brew search /python/
# ok: GK-UNKNOWN
brew deps --tree python
# ok: GK-UNKNOWN
brew deps --graph --dot python
# ok: GK-UNKNOWN
brew outdated --json=v2
# ok: GK-UNKNOWN
brew --prefix python
# ok: GK-UNKNOWN
brew install --help
# ruleid: GK-QUERY-002
brew info ./Formula/evil.rb
# ruleid: GK-QUERY-002
brew info evil.rb
# ruleid: GK-QUERY-002
brew info --github python
# ruleid: GK-QUERY-002
brew deps --graph python
# ruleid: GK-QUERY-002
HOMEBREW_BROWSER=./x brew info python
# ruleid: GK-UNKNOWN
brew install python
# ruleid: GK-UNKNOWN
brew bundle check
# ruleid: GK-UNKNOWN
brew home python
# ruleid: GK-UNKNOWN
brew evil-external --help

# -- npm ------------------------------------------------------------------------------------
# ok: GK-UNKNOWN
npm ls --depth=0
# ok: GK-UNKNOWN
npm list -g --depth 0
# ok: GK-UNKNOWN
npm view express versions
# ok: GK-UNKNOWN
npm audit --omit=dev
# ok: GK-UNKNOWN
npm config get registry
# ok: GK-UNKNOWN
npm pkg get name version
# ok: GK-UNKNOWN
npm run
# ruleid: GK-PROT-002
npm config get //registry.example.org/:_authToken
# ruleid: GK-UNKNOWN
npm audit fix
# ruleid: GK-UNKNOWN
npm run build
# ruleid: GK-UNKNOWN
npm help install
# ruleid: GK-UNKNOWN
npm fund lodash
# ruleid: GK-UNKNOWN
npm pack --dry-run
# ruleid: GK-UNKNOWN
npm view lodash --registry https://registry.example.invalid
# ruleid: GK-UNKNOWN
npm ls --prefix /
# ruleid: GK-ENV-001
npm_config_script_shell=./x npm ls

# -- terraform ------------------------------------------------------------------------------
# ok: GK-UNKNOWN
terraform version -json
# ok: GK-UNKNOWN
terraform fmt -check -recursive
# ok: GK-UNKNOWN
terraform fmt src
# ok: GK-UNKNOWN
terraform plan --help
# ruleid: GK-QUERY-002
terraform fmt /etc
# ruleid: GK-QUERY-002
terraform -chdir=/ fmt
# ruleid: GK-UNKNOWN
terraform plan
# ruleid: GK-UNKNOWN
terraform validate
# ruleid: GK-UNKNOWN
terraform console
# ruleid: GK-UNKNOWN
terraform apply -auto-approve

# -- fzf ------------------------------------------------------------------------------------
# ok: GK-UNKNOWN
fzf --height=50% --layout=reverse --border
# ok: GK-UNKNOWN
fzf -e -i --multi --cycle +s
# ok: GK-UNKNOWN
fzf --filter=pattern
# ok: GK-UNKNOWN
fzf --bind 'ctrl-a:select-all,ctrl-d:deselect-all,tab:toggle+down'
# ok: GK-UNKNOWN
fzf --bind='ctrl-p:put(text)'
# ok: GK-UNKNOWN
git ls-files | fzf --query=foo --select-1 --exit-0
# ruleid: GK-QUERY-002
fzf --preview='cat {}'
# ruleid: GK-QUERY-002
fzf --bind 'enter:execute(/bin/sh)'
# ruleid: GK-QUERY-002
fzf --bind 'start:become(sh x)'
# ruleid: GK-QUERY-002
fzf --bind 'ctrl-a:select-all,ctrl-x:execute-silent:rm -rf ~'
# ruleid: GK-QUERY-002
fzf --bind 'ctrl-r:reload(find /)'
# ruleid: GK-QUERY-002
fzf --bind 'focus:transform-header:sh x'
# ruleid: GK-QUERY-002
fzf --bind 'ctrl-p:put(a+b)+execute(sh)'
# ruleid: GK-QUERY-002
fzf --border --listen
# ruleid: GK-QUERY-002
fzf --listen=4444
# ruleid: GK-QUERY-002
fzf --history=/tmp/fzf_history
# ruleid: GK-QUERY-002
FZF_DEFAULT_OPTS='--bind start:execute(sh)' fzf
# ruleid: GK-BASH-002
fzf --walker-root=/home

# -- fd -------------------------------------------------------------------------------------
# ok: GK-UNKNOWN
fd -e py
# ok: GK-UNKNOWN
fd --type file test src
# ok: GK-UNKNOWN
fd -H -E node_modules pattern
# ruleid: GK-QUERY-002
fd -x rm
# ruleid: GK-QUERY-002
fd pattern --exec-batch vim
# ruleid: GK-BASH-002
fd id_rsa ~/.ssh
# ruleid: GK-BASH-002
fd pattern /etc
# ruleid: GK-BASH-002
fd --search-path /etc pattern

# -- ip -------------------------------------------------------------------------------------
# ok: GK-UNKNOWN
ip -br addr
# ok: GK-UNKNOWN
ip a
# ok: GK-UNKNOWN
ip -s -s link show dev eth0
# ok: GK-UNKNOWN
ip route get 8.8.8.8
# ok: GK-UNKNOWN
ip -n testns addr
# ok: GK-UNKNOWN
ip netns list
# ruleid: GK-QUERY-002
ip addr add 192.168.1.100/24 dev eth0
# ruleid: GK-QUERY-002
ip link set eth0 down
# ruleid: GK-QUERY-002
ip route flush table main
# ruleid: GK-QUERY-002
ip netns exec testns sh
# ruleid: GK-QUERY-002
ip -all netns exec ip addr
# ruleid: GK-QUERY-002
ip -force -batch /etc/shadow
# ruleid: GK-UNKNOWN
ip monitor file /srv/dump

# -- logs and services ----------------------------------------------------------------------
# ok: GK-UNKNOWN
journalctl -u nginx -f -n 50
# ok: GK-UNKNOWN
journalctl -b -1 --no-pager
# ok: GK-UNKNOWN
journalctl _SYSTEMD_UNIT=sshd.service --since today
# ok: GK-UNKNOWN
dmesg -TH
# ok: GK-UNKNOWN
dmesg --level=warn,err
# ok: GK-UNKNOWN
systemctl status nginx --no-pager
# ok: GK-UNKNOWN
systemctl list-units --type=service
# ok: GK-UNKNOWN
timedatectl status
# ruleid: GK-QUERY-002
journalctl --vacuum-time=1d
# ruleid: GK-QUERY-002
journalctl --file=/var/log/journal/x.journal
# ruleid: GK-QUERY-002
journalctl -D /tmp/j
# ruleid: GK-QUERY-002
dmesg -c
# ruleid: GK-QUERY-002
dmesg -TcH
# ruleid: GK-QUERY-002
dmesg -n 1
# ruleid: GK-UNKNOWN
dmesg -rF /srv/dump
# ruleid: GK-QUERY-002
systemctl -H prod status nginx
# ruleid: GK-UNKNOWN
systemctl restart nginx
# ruleid: GK-UNKNOWN
systemctl edit basic.target
# ruleid: GK-ENV-001
SYSTEMD_PAGER='sh -c x' systemctl status
# ruleid: GK-UNKNOWN
timedatectl set-timezone UTC

# -- small system tools ---------------------------------------------------------------------
# ok: GK-UNKNOWN
ss -tulnp
# ok: GK-UNKNOWN
netstat -tuln
# ok: GK-UNKNOWN
ifconfig eth0
# ok: GK-UNKNOWN
lspci -nn
# ok: GK-UNKNOWN
who -b
# ok: GK-UNKNOWN
cal 2026
# ok: GK-UNKNOWN
tput cols
# ok: GK-UNKNOWN
crontab -l
# ok: GK-UNKNOWN
history | tail -20
# ok: GK-UNKNOWN
apt list --installed
# ok: GK-UNKNOWN
apt-cache policy curl
# ok: GK-UNKNOWN
dpkg -l | grep python
# ok: GK-UNKNOWN
snap list --all
# ok: GK-UNKNOWN
mount | column -t
# ok: GK-UNKNOWN
swapon --show
# ok: GK-UNKNOWN
java -version
# ruleid: GK-QUERY-002
ss -K dst 10.0.0.1
# ruleid: GK-QUERY-002
ss -a -F /etc/shadow
# (session 12: a schedule cron runs later, unasked, goes to the human as a start-up file does)
# ruleid: GK-PROT-001
crontab -r
# ruleid: GK-PROT-001
crontab ./jobs.txt
# ruleid: GK-UNKNOWN
ifconfig eth0 down
# ruleid: GK-UNKNOWN
tput init
# ruleid: GK-UNKNOWN
history -r /srv/dump
# ruleid: GK-PROT-001
history -w /etc/cron.d/update
# ruleid: GK-UNKNOWN
apt-cache -o Dir::Cache=/x search vim
# ruleid: GK-UNKNOWN
apt install vim
# ruleid: GK-UNKNOWN
dpkg -i x_1.0_all.deb
# ruleid: GK-UNKNOWN
mount /dev/sda1 /mnt
# ruleid: GK-UNKNOWN
swapon /swapfile
# ruleid: GK-UNKNOWN
lspci -F /srv/dump
# ruleid: GK-UNKNOWN
rfkill block bluetooth
# ruleid: GK-UNKNOWN
java Shell

# Found by the metamorphic test: behind `env`, the inner command was judged without the
# variables env sets, so the fzf option variable above no longer counted.
# ruleid: GK-WRAP-002
env FZF_DEFAULT_OPTS='--bind start:execute(sh)' fzf
# ok: GK-ENV-001
env CI=1 ls
