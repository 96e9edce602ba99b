# Issue 3, point 2 (one path policy for every write channel): each channel the point names,
# to a path outside the allowed dirs (REVIEW, GK-WRITE-001) and to a protected path
# (ELEVATE, GK-PROT-001), beside a write inside the project that stays allowed; sockets
# (GK-WRITE-002) and reads outside (GK-BASH-002) or of credentials (GK-PROT-002). Session
# 14's audit. Read by tests/test_corpora.py, NEVER executed.

# -- outside the allowed dirs: REVIEW ------------------------------------------------------
# ruleid: GK-WRITE-001
echo x > /opt/out.txt
# ruleid: GK-WRITE-001
echo x >> /opt/out.txt
# ruleid: GK-WRITE-001
echo x &> /opt/out.txt
# ruleid: GK-WRITE-001
echo x 2> /opt/out.txt
# ruleid: GK-WRITE-001
echo x >| /opt/out.txt
# ruleid: GK-WRITE-001
exec 3> /opt/out.txt
# ruleid: GK-WRITE-001
echo x | tee /opt/out.txt
# ruleid: GK-WRITE-001
curl -o /opt/out.txt http://example.com
# ruleid: GK-WRITE-001
curl --output /opt/out.txt http://example.com
# ruleid: GK-WRITE-001
curl --output=/opt/out.txt http://example.com
# ruleid: GK-WRITE-001
sed -i s/a/b/ /opt/out.txt
# ruleid: GK-WRITE-001
sed 'w /opt/out.txt' src/a.txt
# ruleid: GK-WRITE-001
find . -fprint /opt/out.txt
# ruleid: GK-WRITE-001
sort -o /opt/out.txt src/a.txt
# ruleid: GK-WRITE-001
mv src/a.txt /opt/out.txt
# ruleid: GK-WRITE-001
install src/a.txt /opt/out.txt
# ruleid: GK-WRITE-001
ln -s src/a.txt /opt/out.txt
# ruleid: GK-WRITE-001
git diff --output=/opt/out.txt
# ruleid: GK-WRITE-001
wget -O /opt/out.txt http://example.com
# ruleid: GK-WRITE-001
cd /opt && curl -O http://example.com/x

# -- a protected path: ELEVATE -------------------------------------------------------------
# ruleid: GK-PROT-001
echo x > ~/.bashrc
# ruleid: GK-PROT-001
echo x >> /etc/x
# ruleid: GK-PROT-001
echo x &> /etc/x
# ruleid: GK-PROT-001
echo x 2> /etc/x
# ruleid: GK-PROT-001
echo x >| /etc/x
# ruleid: GK-PROT-001
exec 3> /etc/x
# ruleid: GK-PROT-001
echo x | tee ~/.bashrc
# ruleid: GK-PROT-001
curl -o /etc/x http://example.com
# ruleid: GK-PROT-001
curl --output=/etc/x http://example.com
# ruleid: GK-PROT-001
sed -i s/a/b/ ~/.bashrc
# ruleid: GK-PROT-001
sed 'w /etc/x' src/a.txt
# ruleid: GK-PROT-001
find . -fprintf /etc/x %p
# ruleid: GK-PROT-001
find . -fls /etc/x
# ruleid: GK-PROT-001
sort -o ~/.bashrc src/a.txt
# ruleid: GK-PROT-001
cp src/a.txt ~/.bashrc
# ruleid: GK-PROT-001
mv src/a.txt /etc/x
# ruleid: GK-PROT-001
install src/a.txt /etc/x
# ruleid: GK-PROT-001
ln -s src/a.txt /etc/x
# ruleid: GK-PROT-001
git diff --output=/etc/x
# ruleid: GK-PROT-001
wget -O /etc/x http://example.com

# -- fine: /dev/null, &1, &2 and the project -----------------------------------------------
# ok: GK-WRITE-001
ls > /dev/null
# ok: GK-WRITE-001
ls 2>&1
# ok: GK-WRITE-001
ls >&2
# ok: GK-WRITE-001
echo x > src/out.txt
# ok: GK-WRITE-001
sort -o src/out.txt src/a.txt

# -- /dev/tcp and /dev/udp: ELEVATE --------------------------------------------------------
# ruleid: GK-WRITE-002
echo x > /dev/tcp/1.2.3.4/80
# ruleid: GK-WRITE-002
echo x > /dev/udp/1.2.3.4/53

# -- reads outside the allowed dirs: REVIEW; credential files: ELEVATE ---------------------
# ruleid: GK-PROT-002
cat ~/.ssh/id_rsa
# ruleid: GK-PROT-002
head /etc/shadow
# ruleid: GK-BASH-002
grep -r x ~
# ruleid: GK-BASH-002
cat /opt/x
# ruleid: GK-PROT-002
cat ~/.aws/credentials
# ok: GK-BASH-002
cat src/a.txt
