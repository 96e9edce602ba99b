"""gatekeeper-docker through gatekeeper's own test helpers (`gatekeeper.testing`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import gatekeeper_docker
import pytest

from gatekeeper import ReviewDecision
from gatekeeper.testing import (
    CorpusCase,
    StubReviewer,
    assert_decision,
    check,
    corpus_cases,
    run_corpus_case,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

CASES = list(corpus_cases(sorted((Path(__file__).parent / "corpus").glob("*.sh"))))


def test_the_corpus_covers_every_rule() -> None:
    rules = {c.rule for c in CASES}
    # GK-DOCKER-006 only ever approves (an exec whose command is SAFE); a `ruleid` case means
    # "not waved through", so it is covered by the `docker exec web git status` test below.
    assert {f"GK-DOCKER-00{n}" for n in (2, 3, 4, 5, 7, 8)} <= rules
    assert len(CASES) > 50


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_corpus(case: CorpusCase, make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    run_corpus_case(make_engine(gatekeeper_docker), case, cwd=str(gk_env.project))


ELEVATE_RULES = ("GK-DOCKER-002", "GK-DOCKER-003", "GK-DOCKER-004", "GK-DOCKER-008")
ELEVATED = [c for c in CASES if c.kind == "ruleid" and c.rule in ELEVATE_RULES]


@pytest.mark.parametrize("case", ELEVATED, ids=[c.id for c in ELEVATED])
def test_elevated_cases_reach_the_user_even_with_an_approving_reviewer(
    case: CorpusCase, make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    stub = StubReviewer(ReviewDecision.APPROVE)
    decision = check(make_engine(gatekeeper_docker, stub), case.command, cwd=str(gk_env.project))
    assert decision.outcome.value == "ask", f"{case.id}: {decision.reason}"
    assert stub.asked == []


def test_without_the_plugin_docker_is_unknown(make_engine: Callable[..., Engine]) -> None:
    assert_decision(make_engine(), "docker ps", expected="ask", rule="GK-UNKNOWN")


def test_read_only_is_safe(make_engine: Callable[..., Engine]) -> None:
    decision = assert_decision(
        make_engine(gatekeeper_docker), "docker ps -a", expected="allow", rule="GK-DOCKER-001"
    )
    assert decision.plugin == "gatekeeper_docker"


def test_enabled_from_config(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> None:
    gk_env.write_config('[plugins]\nenabled = ["gatekeeper_docker"]\n')
    assert_decision(make_engine(), "docker compose ps", expected="allow", rule="GK-DOCKER-001")


def test_a_mount_inside_the_project_is_not_elevated(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    (gk_env.project / "data").mkdir()
    decision = check(
        make_engine(gatekeeper_docker), f"docker run -v {gk_env.project}/data:/d alpine"
    )
    assert decision.rule == "GK-DOCKER-005"


def test_a_symlink_out_of_the_project_is_a_host_mount(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    (gk_env.project / "etc-link").symlink_to("/etc")
    assert_decision(
        make_engine(gatekeeper_docker),
        "docker run -v ./etc-link:/x alpine",
        expected="ask",
        rule="GK-DOCKER-003",
    )


def test_other_writes_go_to_the_reviewer(make_engine: Callable[..., Engine]) -> None:
    stub = StubReviewer(ReviewDecision.PUSH_BACK, "use the compose file's own service")
    engine = make_engine(gatekeeper_docker, stub)
    decision = assert_decision(engine, "docker run --rm alpine echo hi", expected="deny")
    assert decision.reason == "use the compose file's own service"
    assert [f.rule for f in stub.asked[0][1]] == ["GK-DOCKER-005"]


def test_elevated_commands_never_reach_the_reviewer(make_engine: Callable[..., Engine]) -> None:
    stub = StubReviewer(ReviewDecision.APPROVE)
    engine = make_engine(gatekeeper_docker, stub)
    assert_decision(engine, "docker run --privileged alpine", expected="ask")
    assert_decision(engine, "docker volume rm data", expected="ask")
    assert stub.asked == []


def test_exec_is_at_least_as_strict_as_its_command(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(gatekeeper_docker)
    assert_decision(engine, "docker exec web git status", expected="allow", rule="GK-DOCKER-006")
    assert_decision(engine, "docker exec web git push", expected="ask", rule="GK-GIT-002")
    assert_decision(engine, "timeout 5 docker exec web sh -c 'git push'", expected="ask")


def test_the_plugin_cannot_loosen_a_builtin(make_engine: Callable[..., Engine]) -> None:
    # `docker ps > ~/.bashrc` is SAFE for docker, but the redirect is a protected write.
    engine = make_engine(gatekeeper_docker)
    assert_decision(engine, "docker ps > ~/.bashrc", expected="ask", rule="GK-PROT-001")


def test_registration_order_never_changes_a_result(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    from gatekeeper.host import BUILTIN_PLUGINS

    forward = make_engine(gatekeeper_docker)
    backward = make_engine(plugins=(), enabled=(*reversed(BUILTIN_PLUGINS), "gatekeeper_docker"))
    assert [i.plugin_name for i in forward.pm.hook.gatekeeper_check_command.get_hookimpls()] != [
        i.plugin_name for i in backward.pm.hook.gatekeeper_check_command.get_hookimpls()
    ]
    for case in CASES:
        a = check(forward, case.command, cwd=str(gk_env.project))
        b = check(backward, case.command, cwd=str(gk_env.project))
        assert (a.outcome, {f.rule for f in a.findings}) == (
            b.outcome,
            {f.rule for f in b.findings},
        ), case.id
