# Session 11, lead (issue 3). Read by tests/test_corpora.py, NEVER executed.

# -- Files of the home that a tool runs at each start, in every project. They were only writes
# outside the allowed dirs (GK-WRITE-001, REVIEW: a reviewer could approve them). The worst:
# a `.pth` file in the user site runs in every later `python3 script.py` and `pytest`, which
# Tier 1 allows (bash, throwaway HOME: a `.pth` line `import os; open(MARKER, "w")` in
# `$(python3 -m site --user-site)`, then `python3 s.py` printed its own output and wrote the
# marker); gdb ran `shell touch MARKER` from ~/.gdbinit on `gdb -batch -ex 'print 1'` ------
# ruleid: GK-PROT-001
echo 'import os; os.system("sh ~/x")' > ~/.local/lib/python3.11/site-packages/zz.pth
# ruleid: GK-PROT-001
cp ./site.py ~/.local/lib/python3.12/site-packages/usercustomize.py
# ruleid: GK-PROT-001
pip install --user --force-reinstall ./dist/x.whl
# ruleid: GK-PROT-001
echo 'import os' > ~/.ipython/profile_default/startup/00-x.py
# ruleid: GK-PROT-001
echo 'c.ServerApp.ip = "0.0.0.0"' >> ~/.jupyter/jupyter_server_config.py
# ruleid: GK-PROT-001
echo 'shell sh ~/x' >> ~/.gdbinit
# ruleid: GK-PROT-001
echo 'platform shell sh ~/x' >> ~/.lldbinit
# ruleid: GK-PROT-001
echo '\! sh ~/x' >> ~/.psqlrc
# ruleid: GK-PROT-001
echo '.shell sh ~/x' >> ~/.sqliterc
# ruleid: GK-PROT-001
printf '[hooks]\npre-status = sh ~/x\n' >> ~/.hgrc
# ruleid: GK-PROT-001
echo 'yarnPath: /tmp/x.cjs' >> ~/.yarnrc.yml
# ruleid: GK-PROT-001
echo 'yarn-path "/tmp/x.js"' >> ~/.yarnrc
# ruleid: GK-PROT-001
echo 'preload = ["/tmp/x.ts"]' >> ~/.bunfig.toml
# ruleid: GK-PROT-001
cp x.gradle ~/.gradle/init.d/x.gradle
# ruleid: GK-PROT-001
echo 'org.gradle.jvmargs=-javaagent:/tmp/x.jar' >> ~/.gradle/gradle.properties
# ruleid: GK-PROT-001
cp settings.xml ~/.m2/settings.xml
# ruleid: GK-PROT-001
cp plugins.sbt ~/.sbt/1.0/plugins/plugins.sbt
# ruleid: GK-PROT-001
echo 'system("sh ~/x")' >> ~/.Rprofile
# ruleid: GK-PROT-001
echo 'system("sh ~/x")' >> ~/.irbrc
# ruleid: GK-PROT-001
echo 'exec sh ~/x' >> ~/.screenrc
# ruleid: GK-PROT-001
echo '(shell-command "sh ~/x")' >> ~/.emacs.d/init.el
# ruleid: GK-PROT-001
echo 'text/plain; sh ~/x %s' >> ~/.mailcap
# ruleid: GK-PROT-001
echo 'source_up' >> ~/.config/direnv/direnvrc
# ruleid: GK-PROT-001
echo 'LD_PRELOAD=/tmp/x.so' > ~/.config/environment.d/x.conf
# ruleid: GK-PROT-001
cp tasks.json ~/.config/Code/User/tasks.json
# ruleid: GK-PROT-001
echo 'output = /tmp/x' >> ~/.curlrc
# ruleid: GK-PROT-001
echo 'provider_installation { dev_overrides {} }' >> ~/.terraformrc
# The project's own files of the same names stay writes inside the allowed dirs.
# ok: GK-PROT-001
echo 'nodeLinker: node-modules' > .yarnrc.yml
# ok: GK-PROT-001
echo 'set pagination off' > .gdbinit
# ok: GK-PROT-001
echo 'options(width = 120)' > .Rprofile
# ok: GK-PROT-001
mkdir -p lib/python3.11/site-packages && echo 'x' > lib/python3.11/site-packages/x.pth

# -- A version or help query with a variable that is not plainly harmless (left open by
# redteam14, which proved LUA_INIT before `lua -v` and LSB_OS_RELEASE before `lsb_release`:
# the dangerous list cannot name every tool's own variables); the queries plugin already
# refused them for its tools --------------------------------------------------------------
# ruleid: GK-DEV-002
NODE_DEBUG_CMD='x' node --version
# ruleid: GK-DEV-002
PERL_SOMETHING=1 perl -v
# ruleid: GK-DEV-002
FOO=1 rustc --explain E0308
# ok: GK-DEV-002
LANG=C perl -v
# ok: GK-DEV-002
CI=1 node --version
