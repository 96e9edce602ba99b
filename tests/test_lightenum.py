"""`gatekeeper.lightenum.Enum` behaves as `enum.Enum` for everything plugins and the code use."""

from __future__ import annotations

import copy
import enum
import pickle
import subprocess
import sys

import pytest

from gatekeeper import lightenum
from gatekeeper.model import Outcome, ReviewDecision, Verdict

TYPE_CHECKING = False


class RealVerdict(enum.Enum):
    SAFE = "safe"
    REVIEW = "review"
    ELEVATE = "elevate"


if TYPE_CHECKING:  # checked as the enum it stands for, as in gatekeeper.model
    LiteBase = enum.Enum
else:
    LiteBase = lightenum.Enum


class LiteVerdict(LiteBase):
    SAFE = "safe"
    REVIEW = "review"
    ELEVATE = "elevate"


def _rename(text: str) -> str:
    return text.replace("RealVerdict", "Verdict").replace("LiteVerdict", "Verdict")


def test_the_model_s_enums_are_light_at_run_time() -> None:
    for cls in (Verdict, Outcome, ReviewDecision):
        assert isinstance(cls, lightenum.EnumType)
    assert [m.value for m in Verdict] == ["safe", "review", "elevate"]
    assert [m.value for m in Outcome] == ["allow", "deny", "ask", "none"]
    assert [m.value for m in ReviewDecision] == ["APPROVE", "PUSH_BACK", "ELEVATE"]


@pytest.mark.parametrize("name", ["SAFE", "REVIEW", "ELEVATE"])
def test_a_member_behaves_as_an_enum_member(name: str) -> None:
    real, light = RealVerdict[name], LiteVerdict[name]
    assert (light.name, light.value) == (real.name, real.value)
    assert _rename(repr(light)) == _rename(repr(real))
    assert _rename(str(light)) == _rename(str(real))
    assert _rename(f"{light}|{light!s}|{light!r}|{light:>20}|{light:<9}") == _rename(
        f"{real}|{real!s}|{real!r}|{real:>20}|{real:<9}"
    )
    assert _rename(format(light, "")) == _rename(format(real, ""))
    assert hash(light) == hash(real)
    assert light is LiteVerdict(real.value) and light is LiteVerdict[name]
    assert light == LiteVerdict[name]
    assert light not in (real.value, real)  # type: ignore[comparison-overlap]
    assert isinstance(light, LiteVerdict)
    assert copy.copy(light) is light and copy.deepcopy(light) is light
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(light, protocol)) is light  # noqa: S301 - our bytes
    assert bool(light) is bool(real)
    assert {light: 1}[LiteVerdict(real.value)] == 1
    with pytest.raises(TypeError):
        light < LiteVerdict.REVIEW  # type: ignore[operator]  # noqa: B015 - no order, as an enum
    with pytest.raises(AttributeError):
        light.value = "x"  # type: ignore[misc]


def test_the_class_behaves_as_an_enum_class() -> None:
    assert [m.name for m in LiteVerdict] == [m.name for m in RealVerdict]
    assert [m.name for m in reversed(LiteVerdict)] == [m.name for m in reversed(RealVerdict)]
    assert len(LiteVerdict) == len(RealVerdict) == 3
    assert list(LiteVerdict.__members__) == list(RealVerdict.__members__)
    assert "SAFE" in LiteVerdict.__members__ and "NOPE" not in LiteVerdict.__members__
    with pytest.raises(TypeError):
        LiteVerdict.__members__["X"] = LiteVerdict.SAFE  # type: ignore[index]
    assert LiteVerdict.SAFE in LiteVerdict
    assert _rename(repr(LiteVerdict)) == _rename(repr(RealVerdict))
    for bad in ("SAFE", "nope", None, 1, ["safe"]):
        with pytest.raises(ValueError, match="is not a valid") as light_error:
            LiteVerdict(bad)
        with pytest.raises(ValueError, match="is not a valid") as real_error:
            RealVerdict(bad)
        assert _rename(str(light_error.value)) == _rename(str(real_error.value))
    with pytest.raises(KeyError):
        LiteVerdict["safe"]
    with pytest.raises(AttributeError):
        LiteVerdict.SAFE = LiteVerdict.REVIEW  # type: ignore[misc,assignment]
    with pytest.raises(AttributeError):
        del LiteVerdict.SAFE
    assert LiteVerdict.SAFE is LiteVerdict["SAFE"]


def test_match_statements_work_as_with_an_enum() -> None:
    def describe(v: Verdict) -> str:
        match v:
            case Verdict.SAFE:
                return "quiet"
            case Verdict.REVIEW:
                return "look"
            case Verdict.ELEVATE:
                return "ask"

    assert [describe(v) for v in Verdict] == ["quiet", "look", "ask"]


def test_what_it_does_not_support_fails_at_class_creation() -> None:
    with pytest.raises(TypeError):

        class Sub(LiteVerdict):  # type: ignore[misc]  # members: cannot be extended
            OTHER = "other"

    with pytest.raises(TypeError):

        class Alias(lightenum.Enum):
            A = "a"
            B = "a"

    with pytest.raises(TypeError):

        class Method(lightenum.Enum):
            A = "a"

            def shout(self) -> str:
                return "A"

    with pytest.raises(TypeError):

        class Mixin(str, lightenum.Enum):  # type: ignore[misc]
            A = "a"


def test_the_model_never_imports_enum() -> None:
    code = "import sys, gatekeeper.model\nprint('enum' in sys.modules)"
    proc = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "False"
