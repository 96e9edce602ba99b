"""GK-ENV: environment variables set for a command or exported for the rest of the script.

Harmless names (``CI=1``, ``NO_COLOR=1``, ``LANG=C``, ``TZ=UTC``, ``PYTHONUNBUFFERED=1``...)
and names gatekeeper does not know leave the verdict to the other checkers.

## GK-ENV-001 — a variable that can run code (REVIEW)
**What it catches:** ``LD_PRELOAD``, ``LD_*``, ``DYLD_*``, ``BASH_ENV``, ``ENV``,
``PROMPT_COMMAND``, ``SHELLOPTS``, ``PATH``, ``IFS``, ``PAGER``, ``GIT_PAGER``, ``EDITOR``,
``GIT_SSH_COMMAND``, ``GIT_EXTERNAL_DIFF``, ``GIT_CONFIG_*``, ``GIT_DIR``, ``PYTHONPATH``,
``PYTHONSTARTUP``, ``NODE_OPTIONS``, ``PERL5OPT``, ``RUBYOPT``, ``PIP_*``, ``npm_config_*``...
set before a command (``PAGER='sh -c x' git log``) or exported.
**Why:** each one makes a harmless-looking program load or run code of the caller's choosing.
**Example:** ``GIT_PAGER='rm -rf ~' git log``.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Finding, Verdict
from gatekeeper.shell.envvars import env_risk

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_DECLARATIONS = {"export", "declare", "typeset", "readonly", "local"}


def risky_assignment(names: list[str]) -> Finding | None:
    """A REVIEW finding for the first name that can run code, else None."""
    for name in names:
        if env_risk(name) == "exec":
            return Finding(
                Verdict.REVIEW,
                "GK-ENV-001",
                f"setting {name} can make the command load or run other code",
            )
    return None


@hookimpl
def gatekeeper_check_command(command: Command) -> Finding | None:
    """Prefix assignments and exports of code-running variables → REVIEW."""
    declares = command.name in _DECLARATIONS
    if not command.assignments and not declares:
        return None  # no name to judge: what risky_assignment([]) gives (hot: most commands)
    names = [name for name, _ in command.assignments]
    if declares:
        names += [w.text.split("=", 1)[0] for w in command.words[1:] if not w.text.startswith("-")]
    return risky_assignment(names)
