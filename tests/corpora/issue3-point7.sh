# Issue 3, point 7 (dev tools as the seeds allow them, but not their dangerous forms).
# Session 14's audit. Read by tests/test_corpora.py, NEVER executed.

# ok: GK-DEV-002
python script.py
# ok: GK-DEV-002
pytest
# ok: GK-DEV-002
ruff check .
# ok: GK-DEV-002
mypy src
# ok: GK-DEV-002
pip install requests
# ok: GK-DEV-002
uv run pytest
# ok: GK-DEV-002
uv sync
# ok: GK-DEV-002
uv pip install requests
# pytest deletes its --basetemp directory
# ruleid: GK-DEV-002
pytest --basetemp=/opt/x
# ok: GK-DEV-002
pytest --basetemp=/tmp/x
# `uv run` of any other command: that command's verdict
# ruleid: GK-BASH-008
uv run rm -rf ~
# code given inline: REVIEW unless plainly safe
# ruleid: GK-DEV-002
python -c 'import os; os.system("ls")'
# ok: GK-DEV-002
python -c 'print(1)'
# ruleid: GK-BASH-006
python - <<'EOF'
import os
EOF
# ruleid: GK-PROT-001
pip install --target /etc/x requests
# ruleid: GK-WRITE-001
pip install --target /opt/x requests
# ruleid: GK-WRITE-001
pip install --prefix /opt/x requests
# ruleid: GK-WRITE-001
pip install --root /opt/x requests
# ok: GK-WRITE-001
pip install --target src/vendor requests
