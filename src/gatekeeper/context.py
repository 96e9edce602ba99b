"""`Context`: what the host hands every hook besides the call itself."""

from __future__ import annotations

from gatekeeper.records import dataclass, twin_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from gatekeeper.config import Config
    from gatekeeper.model import Finding
    from gatekeeper.paths import PathPolicy


@dataclass(frozen=True, slots=True)
class Context:
    """Configuration, path policy and the host's classifier, for one call.

    `classify(argv, where)` judges a command that a wrapper runs (``sudo X``, ``xargs X``,
    ``find -exec X``) with every checker, exactly as if it stood on its own, and returns the
    dominant finding. `classify_script(text, where)` parses a shell string (``bash -c '...'``,
    a heredoc fed to ``sh``) and judges every command in it. Both are depth-limited: past
    the limit they answer REVIEW.
    """

    config: Config
    paths: PathPolicy
    classify: Callable[[Sequence[str], str], Finding]
    classify_script: Callable[[str, str], Finding]
    depth: int = 0
    retry: bool = False  # for reviewers: this request was pushed back before


_TWIN: Any = twin_of(Context)  # see `records.twin_of`


def new_context(
    config: Config,
    paths: PathPolicy,
    classify: Callable[[Sequence[str], str], Finding],
    classify_script: Callable[[str, str], Finding],
    depth: int,
) -> Context:
    """`Context(config, paths, classify, classify_script, depth)` (hot: every decision).

    Made as its twin, then made the record (a third of the constructor's instructions;
    tests/test_records.py compares the two).
    """
    if _TWIN is None:
        return Context(config, paths, classify, classify_script, depth)
    context = _TWIN()
    context.config = config
    context.paths = paths
    context.classify = classify
    context.classify_script = classify_script
    context.depth = depth
    context.retry = False
    context.__class__ = Context
    return context  # type: ignore[no-any-return]
