"""The records' ``__init__``s, compiled ahead of time. Generated: do not edit.

Written by ``python -m gatekeeper.recordgen`` (see there and `gatekeeper.records`): each
function is stored under its exact source; `gatekeeper.records` gives it its globals (the
slots' setters, the defaults) and its default arguments when it makes a record's class.
"""

# ruff: noqa
# mypy: ignore-errors

INITS = {}


def __init__(self, allow, ask, deny, problems):
    __set_allow(self, allow)
    __set_ask(self, ask)
    __set_deny(self, deny)
    __set_problems(self, problems)


INITS['def __init__(self, allow, ask, deny, problems):\n    __set_allow(self, allow)\n    __set_ask(self, ask)\n    __set_deny(self, deny)\n    __set_problems(self, problems)\n'] = __init__


def __init__(self, allowed_paths, protected_paths, allow, ask, deny, safe_tools, reviewer, plugins_enabled, plugins_disabled, trusted_projects, audit_path, audit_enabled, warnings, sources, digest, user_config_path, project_root):
    __set_allowed_paths(self, allowed_paths)
    __set_protected_paths(self, protected_paths)
    __set_allow(self, allow)
    __set_ask(self, ask)
    __set_deny(self, deny)
    __set_safe_tools(self, safe_tools)
    __set_reviewer(self, __fact_reviewer() if reviewer is __dflt_reviewer else reviewer)
    __set_plugins_enabled(self, plugins_enabled)
    __set_plugins_disabled(self, plugins_disabled)
    __set_trusted_projects(self, trusted_projects)
    __set_audit_path(self, audit_path)
    __set_audit_enabled(self, audit_enabled)
    __set_warnings(self, warnings)
    __set_sources(self, sources)
    __set_digest(self, digest)
    __set_user_config_path(self, user_config_path)
    __set_project_root(self, project_root)


INITS['def __init__(self, allowed_paths, protected_paths, allow, ask, deny, safe_tools, reviewer, plugins_enabled, plugins_disabled, trusted_projects, audit_path, audit_enabled, warnings, sources, digest, user_config_path, project_root):\n    __set_allowed_paths(self, allowed_paths)\n    __set_protected_paths(self, protected_paths)\n    __set_allow(self, allow)\n    __set_ask(self, ask)\n    __set_deny(self, deny)\n    __set_safe_tools(self, safe_tools)\n    __set_reviewer(self, __fact_reviewer() if reviewer is __dflt_reviewer else reviewer)\n    __set_plugins_enabled(self, plugins_enabled)\n    __set_plugins_disabled(self, plugins_disabled)\n    __set_trusted_projects(self, trusted_projects)\n    __set_audit_path(self, audit_path)\n    __set_audit_enabled(self, audit_enabled)\n    __set_warnings(self, warnings)\n    __set_sources(self, sources)\n    __set_digest(self, digest)\n    __set_user_config_path(self, user_config_path)\n    __set_project_root(self, project_root)\n'] = __init__


def __init__(self, commands, problems, and_chain, assigned):
    __set_commands(self, commands)
    __set_problems(self, problems)
    __set_and_chain(self, and_chain)
    __set_assigned(self, assigned)


INITS['def __init__(self, commands, problems, and_chain, assigned):\n    __set_commands(self, commands)\n    __set_problems(self, problems)\n    __set_and_chain(self, and_chain)\n    __set_assigned(self, assigned)\n'] = __init__


def __init__(self, config, paths, classify, classify_script, depth, retry):
    __set_config(self, config)
    __set_paths(self, paths)
    __set_classify(self, classify)
    __set_classify_script(self, classify_script)
    __set_depth(self, depth)
    __set_retry(self, retry)


INITS['def __init__(self, config, paths, classify, classify_script, depth, retry):\n    __set_config(self, config)\n    __set_paths(self, paths)\n    __set_classify(self, classify)\n    __set_classify_script(self, classify_script)\n    __set_depth(self, depth)\n    __set_retry(self, retry)\n'] = __init__


def __init__(self, cwd, home_source, project_root, allowed_sources, tmp_sources, protected_sources, other_cwds, _resolved, _linked, _home, _roots, _known, _classes, _tests, _listed):
    __set_cwd(self, cwd)
    __set_home_source(self, home_source)
    __set_project_root(self, project_root)
    __set_allowed_sources(self, allowed_sources)
    __set_tmp_sources(self, tmp_sources)
    __set_protected_sources(self, protected_sources)
    __set_other_cwds(self, other_cwds)
    __set__resolved(self, [] if _resolved is __dflt__resolved else _resolved)
    __set__linked(self, [] if _linked is __dflt__linked else _linked)
    __set__home(self, [] if _home is __dflt__home else _home)
    __set__roots(self, {} if _roots is __dflt__roots else _roots)
    __set__known(self, {} if _known is __dflt__known else _known)
    __set__classes(self, {} if _classes is __dflt__classes else _classes)
    __set__tests(self, {} if _tests is __dflt__tests else _tests)
    __set__listed(self, {} if _listed is __dflt__listed else _listed)


INITS['def __init__(self, cwd, home_source, project_root, allowed_sources, tmp_sources, protected_sources, other_cwds, _resolved, _linked, _home, _roots, _known, _classes, _tests, _listed):\n    __set_cwd(self, cwd)\n    __set_home_source(self, home_source)\n    __set_project_root(self, project_root)\n    __set_allowed_sources(self, allowed_sources)\n    __set_tmp_sources(self, tmp_sources)\n    __set_protected_sources(self, protected_sources)\n    __set_other_cwds(self, other_cwds)\n    __set__resolved(self, [] if _resolved is __dflt__resolved else _resolved)\n    __set__linked(self, [] if _linked is __dflt__linked else _linked)\n    __set__home(self, [] if _home is __dflt__home else _home)\n    __set__roots(self, {} if _roots is __dflt__roots else _roots)\n    __set__known(self, {} if _known is __dflt__known else _known)\n    __set__classes(self, {} if _classes is __dflt__classes else _classes)\n    __set__tests(self, {} if _tests is __dflt__tests else _tests)\n    __set__listed(self, {} if _listed is __dflt__listed else _listed)\n'] = __init__


def __init__(self, decision, reason, reviewer, cost_usd, latency_ms, failure):
    __set_decision(self, decision)
    __set_reason(self, reason)
    __set_reviewer(self, reviewer)
    __set_cost_usd(self, cost_usd)
    __set_latency_ms(self, latency_ms)
    __set_failure(self, failure)


INITS['def __init__(self, decision, reason, reviewer, cost_usd, latency_ms, failure):\n    __set_decision(self, decision)\n    __set_reason(self, reason)\n    __set_reviewer(self, reviewer)\n    __set_cost_usd(self, cost_usd)\n    __set_latency_ms(self, latency_ms)\n    __set_failure(self, failure)\n'] = __init__


def __init__(self, enabled, command, model, timeout_seconds, max_budget_usd, max_consecutive_pushbacks, max_session_cost_usd, prompt_file):
    __set_enabled(self, enabled)
    __set_command(self, command)
    __set_model(self, model)
    __set_timeout_seconds(self, timeout_seconds)
    __set_max_budget_usd(self, max_budget_usd)
    __set_max_consecutive_pushbacks(self, max_consecutive_pushbacks)
    __set_max_session_cost_usd(self, max_session_cost_usd)
    __set_prompt_file(self, prompt_file)


INITS['def __init__(self, enabled, command, model, timeout_seconds, max_budget_usd, max_consecutive_pushbacks, max_session_cost_usd, prompt_file):\n    __set_enabled(self, enabled)\n    __set_command(self, command)\n    __set_model(self, model)\n    __set_timeout_seconds(self, timeout_seconds)\n    __set_max_budget_usd(self, max_budget_usd)\n    __set_max_consecutive_pushbacks(self, max_consecutive_pushbacks)\n    __set_max_session_cost_usd(self, max_session_cost_usd)\n    __set_prompt_file(self, prompt_file)\n'] = __init__


def __init__(self, node, where, redirects, piped, heredoc_of, extra, fd_word):
    self.node = node
    self.where = where
    self.redirects = redirects
    self.piped = piped
    self.heredoc_of = heredoc_of
    self.extra = extra
    self.fd_word = fd_word


INITS['def __init__(self, node, where, redirects, piped, heredoc_of, extra, fd_word):\n    self.node = node\n    self.where = where\n    self.redirects = redirects\n    self.piped = piped\n    self.heredoc_of = heredoc_of\n    self.extra = extra\n    self.fd_word = fd_word\n'] = __init__


def __init__(self, op, target, fd):
    __set_op(self, op)
    __set_target(self, target)
    __set_fd(self, fd)


INITS['def __init__(self, op, target, fd):\n    __set_op(self, op)\n    __set_target(self, target)\n    __set_fd(self, fd)\n'] = __init__


def __init__(self, outcome, reason, tier, findings, review, rule, plugin, commands):
    __set_outcome(self, outcome)
    __set_reason(self, reason)
    __set_tier(self, tier)
    __set_findings(self, findings)
    __set_review(self, review)
    __set_rule(self, rule)
    __set_plugin(self, plugin)
    __set_commands(self, commands)


INITS['def __init__(self, outcome, reason, tier, findings, review, rule, plugin, commands):\n    __set_outcome(self, outcome)\n    __set_reason(self, reason)\n    __set_tier(self, tier)\n    __set_findings(self, findings)\n    __set_review(self, review)\n    __set_rule(self, rule)\n    __set_plugin(self, plugin)\n    __set_commands(self, commands)\n'] = __init__


def __init__(self, pushed_back, consecutive_pushbacks, cost_usd, reviews):
    self.pushed_back = [] if pushed_back is __dflt_pushed_back else pushed_back
    self.consecutive_pushbacks = consecutive_pushbacks
    self.cost_usd = cost_usd
    self.reviews = reviews


INITS['def __init__(self, pushed_back, consecutive_pushbacks, cost_usd, reviews):\n    self.pushed_back = [] if pushed_back is __dflt_pushed_back else pushed_back\n    self.consecutive_pushbacks = consecutive_pushbacks\n    self.cost_usd = cost_usd\n    self.reviews = reviews\n'] = __init__


def __init__(self, rule, reason, text):
    __set_rule(self, rule)
    __set_reason(self, reason)
    __set_text(self, text)


INITS['def __init__(self, rule, reason, text):\n    __set_rule(self, rule)\n    __set_reason(self, reason)\n    __set_text(self, text)\n'] = __init__


def __init__(self, text, dynamic, glob):
    __set_text(self, text)
    __set_dynamic(self, dynamic)
    __set_glob(self, glob)


INITS['def __init__(self, text, dynamic, glob):\n    __set_text(self, text)\n    __set_dynamic(self, dynamic)\n    __set_glob(self, glob)\n'] = __init__


def __init__(self, text, kind, tool, spec):
    __set_text(self, text)
    __set_kind(self, kind)
    __set_tool(self, tool)
    __set_spec(self, spec)


INITS['def __init__(self, text, kind, tool, spec):\n    __set_text(self, text)\n    __set_kind(self, kind)\n    __set_tool(self, tool)\n    __set_spec(self, spec)\n'] = __init__


def __init__(self, tool_name, tool_input, cwd, session_id, permission_mode, transcript_path, tool_use_id, hook_event_name, agent_id):
    __set_tool_name(self, tool_name)
    __set_tool_input(self, tool_input)
    __set_cwd(self, cwd)
    __set_session_id(self, session_id)
    __set_permission_mode(self, permission_mode)
    __set_transcript_path(self, transcript_path)
    __set_tool_use_id(self, tool_use_id)
    __set_hook_event_name(self, hook_event_name)
    __set_agent_id(self, agent_id)


INITS['def __init__(self, tool_name, tool_input, cwd, session_id, permission_mode, transcript_path, tool_use_id, hook_event_name, agent_id):\n    __set_tool_name(self, tool_name)\n    __set_tool_input(self, tool_input)\n    __set_cwd(self, cwd)\n    __set_session_id(self, session_id)\n    __set_permission_mode(self, permission_mode)\n    __set_transcript_path(self, transcript_path)\n    __set_tool_use_id(self, tool_use_id)\n    __set_hook_event_name(self, hook_event_name)\n    __set_agent_id(self, agent_id)\n'] = __init__


def __init__(self, values, lists, warnings, sources, raw):
    self.values = {} if values is __dflt_values else values
    self.lists = {} if lists is __dflt_lists else lists
    self.warnings = [] if warnings is __dflt_warnings else warnings
    self.sources = [] if sources is __dflt_sources else sources
    self.raw = [] if raw is __dflt_raw else raw


INITS['def __init__(self, values, lists, warnings, sources, raw):\n    self.values = {} if values is __dflt_values else values\n    self.lists = {} if lists is __dflt_lists else lists\n    self.warnings = [] if warnings is __dflt_warnings else warnings\n    self.sources = [] if sources is __dflt_sources else sources\n    self.raw = [] if raw is __dflt_raw else raw\n'] = __init__


def __init__(self, verdict, rule, reason, plugin, command):
    __set_verdict(self, verdict)
    __set_rule(self, rule)
    __set_reason(self, reason)
    __set_plugin(self, plugin)
    __set_command(self, command)


INITS['def __init__(self, verdict, rule, reason, plugin, command):\n    __set_verdict(self, verdict)\n    __set_rule(self, rule)\n    __set_reason(self, reason)\n    __set_plugin(self, plugin)\n    __set_command(self, command)\n'] = __init__


def __init__(self, words, assignments, redirects, where, text, stdin_piped, source):
    __set_words(self, words)
    __set_assignments(self, assignments)
    __set_redirects(self, redirects)
    __set_where(self, where)
    __set_text(self, text)
    __set_stdin_piped(self, stdin_piped)
    __set_source(self, source)
    self.__post_init__()


INITS['def __init__(self, words, assignments, redirects, where, text, stdin_piped, source):\n    __set_words(self, words)\n    __set_assignments(self, assignments)\n    __set_redirects(self, redirects)\n    __set_where(self, where)\n    __set_text(self, text)\n    __set_stdin_piped(self, stdin_piped)\n    __set_source(self, source)\n    self.__post_init__()\n'] = __init__
