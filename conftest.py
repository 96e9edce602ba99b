"""Top-level pytest configuration: gatekeeper's tests use what plugin authors get."""

import os

from hypothesis import settings

pytest_plugins = ["gatekeeper.testing"]

# `make test` (and CI) run the same examples every time: a seed drawn from each test function,
# no example database. A red run is then a bug that any checkout reproduces, not a draw that
# the next run may miss; the search for new bugs is `make fuzz`'s job.
# No deadline either: on a loaded machine a first call can take longer than hypothesis's
# 200 ms (a test that sets its own deadline keeps it).
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
# `make fuzz`: fresh random seeds and many examples for the property tests that read the
# profile's count (tests/test_metamorphic.py); a failure is saved in `.hypothesis/` and
# replayed first by the next `make fuzz`. GK_FUZZ_EXAMPLES sets the count.
settings.register_profile(
    "fuzz", max_examples=int(os.environ.get("GK_FUZZ_EXAMPLES", "20000")), deadline=None
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
