# Operations tools (issue 3, round 2): ansible's read-only corners, macOS networksetup
# queries, auth0 help; and their dangerous neighbours. Read by tests/test_corpora.py,
# NEVER executed.

# -- ansible: help, version, plugin docs, the settings' definitions, installed roles --------
# ok: GK-UNKNOWN
ansible --version
# ok: GK-UNKNOWN
ansible-playbook --help
# ok: GK-UNKNOWN
ansible-vault -h
# ok: GK-UNKNOWN
ansible-galaxy collection --help
# ok: GK-UNKNOWN
ansible-doc -l
# ok: GK-UNKNOWN
ansible-doc -t callback -l
# ok: GK-UNKNOWN
ansible-doc --type=lookup file
# ok: GK-UNKNOWN
ansible-doc -s community.general.ufw
# ok: GK-UNKNOWN
ansible-doc -j ping
# ok: GK-UNKNOWN
ansible-config list
# ok: GK-UNKNOWN
ansible-galaxy role list
# ok: GK-UNKNOWN
ansible-galaxy collection list
# ok: GK-UNKNOWN
ansible-galaxy role search nginx -v
# ruleid: GK-QUERY-002
ansible-doc -M /opt/other/modules ping
# ruleid: GK-QUERY-002
ansible-doc --playbook-dir=/srv/elsewhere -l
# ruleid: GK-UNKNOWN
ansible-doc -t callback '$(id)'
# ruleid: GK-QUERY-002
ansible-galaxy role search nginx --server https://galaxy.example
# ruleid: GK-UNKNOWN
ansible-galaxy role install geerlingguy.nginx
# ruleid: GK-UNKNOWN
ansible-galaxy collection verify community.general
# ruleid: GK-UNKNOWN
ansible-config dump
# ruleid: GK-UNKNOWN
ansible-config view
# ruleid: GK-UNKNOWN
ansible-inventory --list
# ruleid: GK-UNKNOWN
ansible-inventory --host webserver1
# ruleid: GK-UNKNOWN
ansible all --list-hosts
# ruleid: GK-UNKNOWN
ansible-playbook playbook.yml --syntax-check
# ruleid: GK-UNKNOWN
ansible-playbook playbook.yml --check
# ruleid: GK-UNKNOWN
ansible all -C -m command -a 'uptime'
# ruleid: GK-PROT-002
ansible-vault view secrets.yml
# ruleid: GK-UNKNOWN
ansible-pull -U https://example.com/repo --check
# ruleid: GK-UNKNOWN
ansible-test env
# ruleid: GK-UNKNOWN
ansible-lint playbook.yml
# ruleid: GK-QUERY-002
ANSIBLE_CONFIG=/srv/other/ansible.cfg ansible-doc -l
# ruleid: GK-UNKNOWN
cd /srv/elsewhere && ansible-doc -l

# -- networksetup (macOS): -list*, -get*, -show* are queries; -set*, -create* write -------
# ok: GK-UNKNOWN
networksetup -listallnetworkservices
# ok: GK-UNKNOWN
networksetup -getdnsservers Wi-Fi
# ok: GK-UNKNOWN
networksetup -getinfo 'USB 10/100/1000 LAN'
# ok: GK-UNKNOWN
networksetup -showBondStatus bond0
# ok: GK-UNKNOWN
networksetup -printcommands
# ruleid: GK-QUERY-002
networksetup -setdnsservers Wi-Fi 203.0.113.9
# ruleid: GK-QUERY-002
networksetup -setwebproxy Wi-Fi proxy.example 8080
# ruleid: GK-QUERY-002
networksetup -createnetworkservice x en0
# ruleid: GK-QUERY-002
networksetup -removepreferredwirelessnetwork en0 Home
# ruleid: GK-QUERY-002
networksetup -switchtolocation Work
# ruleid: GK-UNKNOWN
networksetup -getinfo Wi-Fi -setdnsservers Wi-Fi 1.1.1.1
# ruleid: GK-UNKNOWN
networksetup

# -- auth0: help and version only; lists of users and apps are personal data and secrets ---
# ok: GK-UNKNOWN
auth0 --version
# ok: GK-UNKNOWN
auth0 apps --help
# ok: GK-UNKNOWN
auth0 help users
# ruleid: GK-UNKNOWN
auth0 apps list
# ruleid: GK-UNKNOWN
auth0 apps show app123 --reveal-secrets
# ruleid: GK-UNKNOWN
auth0 users search
# ruleid: GK-UNKNOWN
auth0 api get clients
# ruleid: GK-UNKNOWN
auth0 login
