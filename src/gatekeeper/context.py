"""`Context`: what the host hands every hook besides the call itself."""

from __future__ import annotations

from gatekeeper.records import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import ClassVar

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

    if TYPE_CHECKING:  # `records`: every init field, positionally; the class itself, hot
        __record_make__: ClassVar[
            Callable[
                [
                    Config,
                    PathPolicy,
                    Callable[[Sequence[str], str], Finding],
                    Callable[[str, str], Finding],
                    int,
                    bool,
                ],
                Context,
            ]
        ]
