"""gatekeeper: a permission gate for coding agents.

What plugin authors may import is listed in `__all__`; everything else is internal.
"""

from gatekeeper.context import Context
from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Command, Finding, Review, ReviewDecision, ToolCall, Verdict, Word

__version__ = "0.1.0"

__all__ = [
    "Command",
    "Context",
    "Finding",
    "Review",
    "ReviewDecision",
    "ToolCall",
    "Verdict",
    "Word",
    "__version__",
    "hookimpl",
]
