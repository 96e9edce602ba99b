"""Top-level pytest configuration: gatekeeper's tests use what plugin authors get."""

pytest_plugins = ["gatekeeper.testing"]
