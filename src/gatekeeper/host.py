"""The plugin manager: registration, blocking, and failure-isolating hook calls.

There is no module-level plugin manager: `make_plugin_manager` builds a fresh one, and
tests inject stubs through its ``extra`` argument. Built-in plugins are registered by module
name through the same call as third-party ones; third-party modules come from config
(``[plugins] enabled``), never from an entry-point scan on the hot path.

`load_plugins` is what an `Engine` uses: when no third-party plugin is enabled, the modules
are registered in `gatekeeper.registry`, which reproduces pluggy's order, argument names and
validation without importing pluggy (the cold hook's largest import), and defers to pluggy
for anything it does not reproduce exactly.
"""

from __future__ import annotations

import sys

try:
    from _operator import itemgetter  # what `operator` re-exports, without its import
except ImportError:  # another interpreter
    from operator import itemgetter

from gatekeeper import hookspecs
from gatekeeper.model import Finding, Review, ReviewDecision, Verdict, new_finding
from gatekeeper.registry import Caller

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see gatekeeper.markers)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from types import ModuleType

    import pluggy

    from gatekeeper.registry import Hooks, Impl

BUILTIN_PLUGINS = (
    "gatekeeper.plugins.protected",
    "gatekeeper.plugins.files",
    "gatekeeper.plugins.tools",
    "gatekeeper.plugins.bash",
    "gatekeeper.plugins.writes",
    "gatekeeper.plugins.environment",
    "gatekeeper.plugins.wrappers",
    "gatekeeper.plugins.git",
    "gatekeeper.plugins.devtools",
    "gatekeeper.plugins.cloud",
    "gatekeeper.plugins.queries",
    "gatekeeper.plugins.network",
    "gatekeeper.plugins.reviewer",
)
# The plugin that protects gatekeeper itself (its config, state, Claude Code's settings and
# hooks, credentials) cannot be blocked: mirror of pytest's essential plugins.
ESSENTIAL = "gatekeeper.plugins.protected"


class PluginLoadError(Exception):
    """An enabled plugin could not be imported or registered."""


def _load_failure(modname: str, exc: Exception) -> Finding:
    """The REVIEW finding for an enabled plugin that could not be imported or registered."""
    return Finding(
        Verdict.REVIEW,
        "GK-PLUGIN-003",
        f"plugin `{modname}` failed to load ({type(exc).__name__}: {exc})",
        plugin=modname,
    )


def plugin_name(name: str) -> str:
    """Accept short built-in names in config (`git` → `gatekeeper.plugins.git`)."""
    if "." not in name and f"gatekeeper.plugins.{name}" in BUILTIN_PLUGINS:
        return f"gatekeeper.plugins.{name}"
    return name


def make_plugin_manager(
    *,
    plugins: Iterable[str] = BUILTIN_PLUGINS,
    enabled: Iterable[str] = (),
    extra: Iterable[object] = (),
    blocked: Iterable[str] = (),
) -> tuple[pluggy.PluginManager, tuple[Finding, ...]]:
    """Build a fresh plugin manager.

    `plugins` are module names (the built-ins by default), `enabled` the third-party modules
    from config, `extra` plugin objects (stubs in tests), `blocked` names never to register
    (the essential plugin cannot be blocked). Returns the manager and one REVIEW finding per
    enabled plugin that failed to load: a broken plugin is a finding, not a crash.
    """
    import importlib

    import pluggy  # not on the hot path: `load_plugins` uses the small registry when it can

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name in blocked:
        full = plugin_name(name)
        if full != ESSENTIAL:
            pm.set_blocked(full)
    failures: list[Finding] = []
    for modname in (*plugins, *enabled):
        if pm.is_blocked(modname) or pm.has_plugin(modname):
            continue
        try:
            module = importlib.import_module(modname)
            pm.register(module, name=modname)
        except Exception as exc:  # noqa: BLE001 - a plugin that fails to load means REVIEW
            failures.append(_load_failure(modname, exc))
    for plugin in extra:
        registered = pm.register(plugin)
        if registered is None:
            failures.append(
                Finding(Verdict.REVIEW, "GK-PLUGIN-003", f"plugin {plugin!r} is blocked")
            )
    try:
        pm.check_pending()  # a misspelt hook name in a plugin fails here, not silently
    except pluggy.PluginValidationError as exc:
        failures.append(
            Finding(Verdict.REVIEW, "GK-PLUGIN-003", f"plugin validation failed: {exc}")
        )
    return pm, tuple(failures)


class Plugins:
    """One engine's plugins: the hook relay the pipeline calls, and pluggy's manager.

    The relay is pluggy's (``pm.hook``) or, for the plain built-in module plugins, the small
    registry's (`gatekeeper.registry`), which pluggy would order and validate identically. The
    manager is then built on first use of `pm` (for `doctor`, a test, or the decision server
    registering a plugin), and from then on the relay is pluggy's, so a plugin registered
    through `pm` is called.
    """

    __slots__ = ("_blocked", "_plugins", "_pm", "hook")

    def __init__(
        self,
        pm: pluggy.PluginManager | None = None,
        hook: Hooks | None = None,
        plugins: Sequence[str] = (),
        blocked: Sequence[str] = (),
    ) -> None:
        self._pm = pm
        self._plugins = tuple(plugins)
        self._blocked = tuple(blocked)
        # The hook relay: one caller per hook, ``get_hookimpls()`` in pluggy's order; pluggy's
        # from the moment its manager exists. An attribute, not a property: read for every
        # command (a property's call costs ~300 instructions).
        self.hook: pluggy.HookRelay | Hooks
        if pm is not None:
            self.hook = pm.hook
        else:
            assert hook is not None  # noqa: S101 - one of the two is always given
            self.hook = hook

    @property
    def small(self) -> bool:
        """Whether the hooks are the small registry's (pluggy's manager not built)."""
        return self._pm is None

    @property
    def pm(self) -> pluggy.PluginManager:
        """pluggy's manager for these plugins (registered anew on first use, same order)."""
        if self._pm is None:
            self._pm, _ = make_plugin_manager(plugins=self._plugins, blocked=self._blocked)
            self.hook = self._pm.hook
        return self._pm


def load_plugins(
    *,
    plugins: Sequence[str] = BUILTIN_PLUGINS,
    enabled: Sequence[str] = (),
    blocked: Sequence[str] = (),
) -> tuple[Plugins, tuple[Finding, ...]]:
    """`make_plugin_manager`'s plugins and failures, without pluggy when nothing needs it.

    With no enabled (third-party) plugin, the modules are imported and registered in the
    small registry; anything it does not reproduce exactly (`registry.Unsupported`) goes to
    pluggy, as does every set with an enabled plugin.
    """
    if not enabled:
        from gatekeeper import registry

        blocked_names = {plugin_name(name) for name in blocked} - {ESSENTIAL}
        loaded: list[tuple[str, ModuleType]] = []
        failures: list[Finding] = []
        for modname in plugins:
            if modname in blocked_names or any(modname == name for name, _ in loaded):
                continue
            try:
                __import__(modname)  # importlib.import_module without importing importlib
                loaded.append((modname, sys.modules[modname]))
            except Exception as exc:  # noqa: BLE001 - a plugin that fails to load means REVIEW
                failures.append(_load_failure(modname, exc))
        try:
            hooks = registry.build(hookspecs, hookspecs.PROJECT, loaded)
        except registry.Unsupported:
            pass  # pluggy decides, and reports any validation error in its own words
        else:
            return Plugins(hook=hooks, plugins=plugins, blocked=blocked), tuple(failures)
    pm, failures_ = make_plugin_manager(plugins=plugins, enabled=enabled, blocked=blocked)
    return Plugins(pm), failures_


def call_checkers(
    hook: pluggy.HookCaller | Caller,
    only: str | None = None,
    about: str = "",
    **kwargs: object,
) -> list[Finding]:
    """Call every implementation of a checker hook, isolating failures.

    pluggy stops at the first exception; a gate must not let one broken plugin silence the
    others, so the implementations are walked here in pluggy's own call order (tryfirst,
    last registered first, trylast), each given only the arguments it names. `only` limits
    the call to one plugin (an allow rule still runs the essential plugin). Each finding
    names the plugin that gave it and, when it names no command itself, `about` (the text
    of the command judged): built once, with both filled in.

    A hook's implementations are called by a loop over its plan for its first uses in a
    process, then by the plan's straight-line dispatcher (see `_dispatcher`), which gives
    the same list.
    """
    entry = _entry(hook)
    if only is None:
        dispatch = entry.dispatch
        if dispatch is not None:
            found = dispatch(kwargs, about)
            if found is not None:
                return found
        else:
            entry.uses += 1
            if entry.uses == _DISPATCH_AFTER:
                entry.dispatch = _dispatcher(entry.plan)
    return _loop(entry.plan, only, about, kwargs)


def _loop(plan: _Plan, only: str | None, about: str, kwargs: dict[str, object]) -> list[Finding]:
    """`call_checkers` by walking the plan (see there)."""
    found: list[Finding] = []
    for name, function, n, a, b, c, get in plan:
        if only is not None and name != only:
            continue
        try:
            # A direct call with the named values, each looked up in `kwargs`. A missing
            # name raises the `KeyError` of the first missing name in order, as a
            # comprehension would.
            if n == 2:
                result = function(kwargs[a], kwargs[b])
            elif n == 1:
                result = function(kwargs[a])
            elif n == 3:
                result = function(kwargs[a], kwargs[b], kwargs[c])
            else:
                result = function(*get(kwargs))  # type: ignore[misc]  # set when n is 0
        except Exception as exc:  # noqa: BLE001 - a crashing checker means REVIEW, never allow
            found.append(_failed(name, exc, about))
            continue
        if result is not None:
            found.append(_taken(result, name, about))
    return found


def _failed(name: str, exc: Exception, about: str) -> Finding:
    """The REVIEW finding for a checker that raised; ELEVATE for an input too big to judge
    (`paths.PathTooLong`: the human decides) and for any failure of the essential plugin,
    whose ELEVATE no reviewer may replace and which alone acts in bypassPermissions mode: a
    path it cannot read (`~/.claude/\\ud800/../settings.json`, which Node resolves to the
    settings file) went to the reviewer, and in bypass mode to nobody (redteam17)."""
    return Finding(
        Verdict.ELEVATE
        if name == ESSENTIAL or getattr(exc, "asks_the_human", False)
        else Verdict.REVIEW,
        "GK-PLUGIN-001",
        f"plugin `{name}` failed ({type(exc).__name__}: {exc})",
        name,
        about,
    )


def _taken(result: object, name: str, about: str) -> Finding:
    """A checker's answer (not None) as the host keeps it: its plugin and command filled in."""
    if type(result) is Finding and type(result.verdict) is Verdict:
        # `_with_plugin`, inline (a finding per command that has one, hot)
        if result.plugin != name or not (result.command or not about):
            return new_finding(
                result.verdict, result.rule, result.reason, name, result.command or about
            )
        return result
    if isinstance(result, Finding) and isinstance(result.verdict, Verdict):
        return _with_plugin(result, name, about)
    return Finding(
        Verdict.REVIEW,
        "GK-PLUGIN-002",
        f"plugin `{name}` returned {type(result).__name__}, not a Finding",
        name,
        about,
    )


# One entry per hook caller's list of implementations: its plan, (plugin name, function, n,
# a, b, c, getter) for each implementation, in the order `call_checkers` calls them: with n
# of 1 to 3, the implementation takes the values named a (b, c); with n 0, those its getter
# picks. The key is the implementations themselves (identity), so a plugin registered later
# (the decision server, a test) makes a new key; the memo holds the implementations, so an
# id is never reused while it is here.
if TYPE_CHECKING:
    _Getter = Callable[[dict[str, object]], tuple[object, ...]]
    _Step = tuple[str, Callable[..., object], int, str, str, str, "_Getter | None"]
    _Plan = tuple[_Step, ...]
    _Dispatch = Callable[[dict[str, object], str], "list[Finding] | None"]


class _Entry:
    """A plan, how many calls used it, and its dispatcher once made."""

    __slots__ = ("dispatch", "plan", "uses")

    def __init__(self, plan: _Plan) -> None:
        self.plan = plan
        self.uses = 0
        self.dispatch: _Dispatch | None = None


_PLANS: dict[tuple[object, ...], _Entry] = {}
# A plan's dispatcher is compiled at its use number `_DISPATCH_AFTER` in a process: a
# compile costs more than the loop saves in a one-call process (the cold hook), and pays
# for itself in a long one (the decision server, a benchmark) within a few hundred calls.
_DISPATCH_AFTER = 32


def _plan(hook: pluggy.HookCaller | Caller) -> _Plan:
    """The hook's implementations in call order, with how to pass their arguments."""
    return _entry(hook).plan


# The small registry's callers seen, each with its implementations when its entry was
# made (a list, compared with the caller's own) and the entry.
_SEEN: dict[Caller, tuple[list[Impl], _Entry]] = {}


def _entry(hook: pluggy.HookCaller | Caller) -> _Entry:
    """The hook's plan entry (hot).

    Per command this saves, for each of ~10 implementations, the attribute reads and the
    `_arguments` lookup (which hashes the argument names afresh). For the small registry's
    caller, its own list of implementations is compared with the list the entry was made
    from (item by item, identical items at once): ~1,300 instructions less than the copy,
    the key and its hash of `_PLANS`' look-up, and the same answer for the same list.
    """
    if type(hook) is Caller:
        seen = _SEEN.get(hook)
        if seen is not None and seen[0] == hook._impls:
            return seen[1]
        impls = hook.get_hookimpls()
        entry = _entry_of(impls)
        if len(_SEEN) >= 64:
            _SEEN.clear()
        _SEEN[hook] = (impls, entry)
        return entry
    return _entry_of(hook.get_hookimpls())


def _entry_of(impls: Sequence[Impl | pluggy.HookImpl]) -> _Entry:
    """The plan entry of these implementations (a copy of the hook's list, in its order)."""
    key = tuple(impls)
    try:
        return _PLANS[key]
    except KeyError:
        pass
    except TypeError:  # an implementation that cannot be a key: no memo
        key = ()
    steps = [_step(i.plugin_name, i.function, tuple(i.argnames)) for i in reversed(impls)]
    entry = _Entry(tuple(steps))  # pluggy calls from the end
    if key:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        _PLANS[key] = entry
    return entry


def _dispatcher(plan: _Plan) -> _Dispatch | None:
    """`_loop(plan, None, about, kwargs)` as one straight-line function, or None.

    The loop spends ~30 bytecodes an implementation on its own bookkeeping (the step's
    seven fields, the argument count, a dictionary look-up per argument): ~9% of a
    decision's bytecodes with a dozen checkers. The dispatcher reads each named value once,
    then calls each implementation in the plan's order with its values, under its own
    ``try``, and keeps what `_taken` and `_failed` make of the answer, as the loop does.
    When a value is missing it returns None before any call, and the caller walks the loop
    (which then fails each implementation that names it). None for a plan with an
    implementation of another argument count (the loop passes those through a getter).
    """
    names: dict[str, str] = {}
    body: list[str] = []
    scope: dict[str, object] = {"_failed": _failed, "_taken": _taken}
    for i, (name, function, n, a, b, c, _) in enumerate(plan):
        if n == 0:
            return None
        values = [names.setdefault(arg, f"v{len(names)}") for arg in (a, b, c)[:n]]
        scope[f"f{i}"] = function
        scope[f"n{i}"] = name
        body += [
            "    try:",
            f"        r = f{i}({', '.join(values)})",
            "    except Exception as exc:",
            f"        found.append(_failed(n{i}, exc, about))",
            "    else:",
            "        if r is not None:",
            f"            found.append(_taken(r, n{i}, about))",
        ]
    head = [f"        {value} = kwargs[{arg!r}]" for arg, value in names.items()]
    source = "\n".join(
        [
            "def dispatch(kwargs, about):",
            "    try:",
            *(head or ["        pass"]),
            "    except KeyError:",
            "        return None",
            "    found = []",
            *body,
            "    return found",
            "",
        ]
    )
    try:
        exec(compile(source, "<gatekeeper.host dispatch>", "exec"), scope)  # noqa: S102 - our own generated source
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None  # the loop, then
    return scope["dispatch"]  # type: ignore[return-value]


def _step(name: str, function: Callable[..., object], names: tuple[str, ...]) -> _Step:
    """One implementation's entry of a plan (see `_PLANS`)."""
    if 1 <= len(names) <= 3 and all(type(n) is str for n in names):
        a, b, c = (*names, "", "")[:3]
        return (name, function, len(names), a, b, c, None)
    return (name, function, 0, "", "", "", _arguments(names))


_ARGUMENTS: dict[object, Callable[[dict[str, object]], tuple[object, ...]]] = {}


def _arguments(names: Sequence[str]) -> Callable[[dict[str, object]], tuple[object, ...]]:
    """`lambda kwargs: tuple(kwargs[n] for n in names)`, one per argument list (hot).

    Each checker is called for every command; an `itemgetter` picks its arguments in C,
    ~0.5 µs less than a list comprehension per call. A missing name raises `KeyError` for
    the first missing name in order, as the comprehension did.
    """
    try:
        return _ARGUMENTS[names]
    except (KeyError, TypeError):  # first use, or an unhashable list: built here
        pass
    names = tuple(names)
    if len(names) >= 2:
        get: Callable[[dict[str, object]], tuple[object, ...]] = itemgetter(*names)
    else:

        def get(kwargs: dict[str, object]) -> tuple[object, ...]:
            return tuple([kwargs[n] for n in names])

    if len(_ARGUMENTS) < 256:
        _ARGUMENTS[names] = get
    return get


def _with_plugin(found: Finding, plugin: str, about: str = "") -> Finding:
    """`replace(found, plugin=plugin)`, and `command=about` if it names no command."""
    if type(found) is not Finding:
        from gatekeeper.records import replace  # a plugin's own Finding subclass: rare

        if about and not found.command:
            return replace(found, plugin=plugin, command=about)
        return replace(found, plugin=plugin)
    if found.plugin == plugin and (found.command or not about):
        return found  # frozen: an equal copy would be indistinguishable
    return Finding(found.verdict, found.rule, found.reason, plugin, found.command or about)


def call_reviewers(hook: pluggy.HookCaller | Caller, **kwargs: object) -> Review | None:
    """First non-None `Review`, in pluggy's order; a reviewer that fails is a failed review."""
    for impl in hook.get_hookimpls()[::-1]:  # pluggy calls from the end
        try:
            result = impl.function(*(kwargs[arg] for arg in impl.argnames))
        except Exception as exc:  # noqa: BLE001 - a crashing reviewer means "ask the human"
            return Review(
                decision=ReviewDecision.ELEVATE,
                reason=f"reviewer `{impl.plugin_name}` failed ({type(exc).__name__}: {exc})",
                reviewer=impl.plugin_name,
                failure="reviewer crashed",
            )
        if result is None:
            continue
        if not isinstance(result, Review):
            return Review(
                decision=ReviewDecision.ELEVATE,
                reason=f"reviewer `{impl.plugin_name}` returned {type(result).__name__}",
                reviewer=impl.plugin_name,
                failure="reviewer returned garbage",
            )
        from gatekeeper.records import replace

        return replace(result, reviewer=impl.plugin_name)
    return None
